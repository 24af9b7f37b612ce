/* alloc_block.h: the caching allocator's blocks and segments (internal to
 * cuda/caching_allocator.c and the files it is split into).
 *
 * A segment is one piece the provider handed out; it is covered, in
 * address order, by a doubly linked list of blocks (prev/next), each either
 * allocated or free. Free blocks also sit in their pool's ordered set
 * (block_pool.h), whose links live in the block itself so that moving a
 * block in and out of the set allocates nothing. Not a public header. */
#ifndef CG_ALLOC_BLOCK_H
#define CG_ALLOC_BLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cg_block_pool;
struct cg_alloc_segment;

typedef struct cg_alloc_block {
    uintptr_t ptr;         /* device address (the simulated device's are fake) */
    size_t size;           /* bytes, a multiple of 512 */
    size_t requested_size; /* what the caller asked for, while allocated */
    int64_t stream;
    bool allocated;
    struct cg_alloc_block *prev, *next; /* neighbours in the segment */
    struct cg_alloc_segment *segment;
    int64_t gc_count_base; /* the pool's get_free_blocks_call_count when cached */
    /* The pool's treap (block_pool.c): children and heap priority. */
    struct cg_alloc_block *left, *right;
    uint32_t priority;
} cg_alloc_block;

/* One provider allocation. Kept in a list so that snapshots, empty_cache
 * and delete can walk every segment without searching the pools. */
typedef struct cg_alloc_segment {
    uintptr_t ptr;
    size_t size;
    int64_t stream;
    struct cg_block_pool *pool; /* small or large: every block of it goes there */
    cg_alloc_block *head;       /* the block at ptr */
    struct cg_alloc_segment *prev_segment, *next_segment;
} cg_alloc_segment;

static inline bool cg_alloc_block_is_split(const cg_alloc_block *b) { return b->prev || b->next; }

#endif
