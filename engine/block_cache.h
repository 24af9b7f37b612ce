/* block_cache.h: per-thread caches of freed blocks of one size, for the
 * objects every tiny op makes and frees (private to engine/). Not an
 * allocator: blocks come from malloc and go back to free.
 *
 * Note [Block caches]
 * ~~~~~~~~~~~~~~~~~~~
 * A 4x4 op with autograd makes and frees an output tensor (with its storage,
 * Note [Tensor blocks]) and an autograd node (Note [Node allocation]);
 * glibc's malloc and free of these cost more than the op's arithmetic. Each
 * kind of block has one fixed size, and the last CG_BLOCK_KEEP freed blocks
 * of each kind are kept per thread and handed out again.
 *
 * The caches stay small and leave nothing behind: a thread's cache is freed
 * when the thread exits (a pthread key destructor) and the exiting thread's
 * at process exit (atexit), so leak checkers see no block. In builds with
 * AddressSanitizer they are off: every block goes back to free, so that a
 * use after free is still caught. */
#ifndef CG_BLOCK_CACHE_H
#define CG_BLOCK_CACHE_H

#include <stdbool.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define CG_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CG_ASAN 1
#endif
#endif

#ifdef CG_ASAN
#include <sanitizer/asan_interface.h>
#define CG_BLOCK_KEEP 0
/* Marks memory that must not be touched until unpoisoned (a dead tensor
 * inside a block that still holds a live storage). */
#define CG_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define CG_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define CG_BLOCK_KEEP 16
#define CG_POISON(p, n) ((void)(p), (void)(n))
#define CG_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

typedef enum { CG_BLOCK_TENSOR, CG_BLOCK_NODE, CG_BLOCK_KINDS } cg_block_kind;

typedef struct cg_block_cache {
    int n[CG_BLOCK_KINDS];
    bool hooked; /* the thread-exit destructor knows this cache */
    void *blocks[CG_BLOCK_KINDS][CG_BLOCK_KEEP + 1];
} cg_block_cache;

extern _Thread_local cg_block_cache cg_block_cache_tls;

/* Registers the calling thread's cache for freeing at thread and process
 * exit; false when that cannot be done (the block is then freed). */
bool cg_block_cache_hook(void);

/* A block of `bytes` (the kind's fixed size) from the cache or malloc;
 * NULL when memory runs out. */
static inline void *cg_block_get(cg_block_kind kind, size_t bytes) {
    cg_block_cache *c = &cg_block_cache_tls;
    if (c->n[kind])
        return c->blocks[kind][--c->n[kind]];
    return malloc(bytes);
}

/* Gives a block of the kind's fixed size back. */
static inline void cg_block_put(cg_block_kind kind, void *p) {
    cg_block_cache *c = &cg_block_cache_tls;
    if (c->n[kind] < CG_BLOCK_KEEP && (c->hooked || cg_block_cache_hook())) {
        c->blocks[kind][c->n[kind]++] = p;
        return;
    }
    free(p);
}

#endif
