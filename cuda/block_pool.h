/* block_pool.h: the caching allocator's set of free blocks of one pool
 * (small or large), ordered by (stream, size, address) like PyTorch's
 * BlockPool::blocks, so that the first block at or after (stream, size) is
 * the best fit on that stream.
 *
 * A treap whose links live in the blocks (alloc_block.h): insert, remove
 * and the best-fit search are O(log n) and allocate nothing. It holds free
 * blocks only; which block is chosen, and why, is caching_allocator.c's. */
#ifndef CG_BLOCK_POOL_H
#define CG_BLOCK_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "alloc_block.h"

typedef struct cg_block_pool {
    cg_alloc_block *root;
    size_t count;
    bool is_small;
    /* Counts best-fit searches while garbage collection is on; a block's age
     * is this minus its gc_count_base (PyTorch's get_free_blocks_call_count). */
    int64_t get_free_blocks_call_count;
    uint32_t rng; /* the treap's priorities */
} cg_block_pool;

void cg_block_pool_init(cg_block_pool *p, bool is_small);
/* Adds a free block, noting the pool's call count as its age base. */
void cg_block_pool_insert(cg_block_pool *p, cg_alloc_block *b);
/* Takes out a block that is in the pool. */
void cg_block_pool_remove(cg_block_pool *p, cg_alloc_block *b);
/* The first block whose (stream, size, address) is >= (stream, size, 0),
 * whatever its stream; NULL when there is none. */
cg_alloc_block *cg_block_pool_lower_bound(const cg_block_pool *p, int64_t stream, size_t size);
/* The block just after (stream, size, ptr) in the order, or just before
 * it; the key need not be in the pool, so a walk can take out the block
 * it stands on before it moves on. NULL at either end. */
cg_alloc_block *cg_block_pool_after(const cg_block_pool *p, int64_t stream, size_t size, uintptr_t ptr);
cg_alloc_block *cg_block_pool_before(const cg_block_pool *p, int64_t stream, size_t size, uintptr_t ptr);
/* The first block in the order; NULL when the pool is empty. */
cg_alloc_block *cg_block_pool_first(const cg_block_pool *p);

#endif
