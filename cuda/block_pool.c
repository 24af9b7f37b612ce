/* block_pool.c: the ordered set of free blocks (block_pool.h), a treap:
 * a binary search tree on (stream, size, address) that is also a heap on
 * random priorities, which keeps it balanced in expectation without the
 * bookkeeping of a red-black tree. Recursion depth is O(log n). */
#include "block_pool.h"

void cg_block_pool_init(cg_block_pool *p, bool is_small) {
    *p = (cg_block_pool){.is_small = is_small, .rng = is_small ? 0x9e3779b9u : 0x7f4a7c15u};
}

static bool key_less(int64_t stream, size_t size, uintptr_t ptr, const cg_alloc_block *b) {
    if (stream != b->stream)
        return stream < b->stream;
    if (size != b->size)
        return size < b->size;
    return ptr < b->ptr;
}

static bool block_less(const cg_alloc_block *a, const cg_alloc_block *b) {
    return key_less(a->stream, a->size, a->ptr, b);
}

static uint32_t next_priority(cg_block_pool *p) {
    /* xorshift32: any well-spread sequence will do */
    uint32_t x = p->rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return p->rng = x;
}

static cg_alloc_block *rotate_right(cg_alloc_block *t) {
    cg_alloc_block *l = t->left;
    t->left = l->right;
    l->right = t;
    return l;
}

static cg_alloc_block *rotate_left(cg_alloc_block *t) {
    cg_alloc_block *r = t->right;
    t->right = r->left;
    r->left = t;
    return r;
}

static cg_alloc_block *insert(cg_alloc_block *t, cg_alloc_block *b) {
    if (!t)
        return b;
    if (block_less(b, t)) {
        t->left = insert(t->left, b);
        if (t->left->priority > t->priority)
            t = rotate_right(t);
    } else {
        t->right = insert(t->right, b);
        if (t->right->priority > t->priority)
            t = rotate_left(t);
    }
    return t;
}

/* Joins two treaps whose keys are all ordered l < r. */
static cg_alloc_block *join(cg_alloc_block *l, cg_alloc_block *r) {
    if (!l)
        return r;
    if (!r)
        return l;
    if (l->priority > r->priority) {
        l->right = join(l->right, r);
        return l;
    }
    r->left = join(l, r->left);
    return r;
}

static cg_alloc_block *erase(cg_alloc_block *t, cg_alloc_block *b) {
    if (t == b)
        return join(t->left, t->right);
    if (block_less(b, t))
        t->left = erase(t->left, b);
    else
        t->right = erase(t->right, b);
    return t;
}

void cg_block_pool_insert(cg_block_pool *p, cg_alloc_block *b) {
    b->left = b->right = NULL;
    b->priority = next_priority(p);
    b->gc_count_base = p->get_free_blocks_call_count;
    p->root = insert(p->root, b);
    p->count++;
}

void cg_block_pool_remove(cg_block_pool *p, cg_alloc_block *b) {
    p->root = erase(p->root, b);
    b->left = b->right = NULL;
    p->count--;
}

cg_alloc_block *cg_block_pool_lower_bound(const cg_block_pool *p, int64_t stream, size_t size) {
    cg_alloc_block *best = NULL;
    for (cg_alloc_block *t = p->root; t;) {
        if (key_less(stream, size, 0, t)) {
            best = t;
            t = t->left;
        } else {
            t = t->right;
        }
    }
    return best;
}

static bool key_greater(int64_t stream, size_t size, uintptr_t ptr, const cg_alloc_block *b) {
    if (stream != b->stream)
        return stream > b->stream;
    if (size != b->size)
        return size > b->size;
    return ptr > b->ptr;
}

cg_alloc_block *cg_block_pool_after(const cg_block_pool *p, int64_t stream, size_t size, uintptr_t ptr) {
    cg_alloc_block *best = NULL;
    for (cg_alloc_block *t = p->root; t;) {
        if (key_less(stream, size, ptr, t)) {
            best = t;
            t = t->left;
        } else {
            t = t->right;
        }
    }
    return best;
}

cg_alloc_block *cg_block_pool_before(const cg_block_pool *p, int64_t stream, size_t size, uintptr_t ptr) {
    cg_alloc_block *best = NULL;
    for (cg_alloc_block *t = p->root; t;) {
        if (key_greater(stream, size, ptr, t)) {
            best = t;
            t = t->right;
        } else {
            t = t->left;
        }
    }
    return best;
}

cg_alloc_block *cg_block_pool_first(const cg_block_pool *p) {
    cg_alloc_block *t = p->root;
    while (t && t->left)
        t = t->left;
    return t;
}
