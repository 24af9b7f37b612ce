/* block_map.h: the caching allocator's map from a live block's address to
 * the block, so that free(ptr) finds it in O(1) (PyTorch keeps the same
 * map, sharded over mutexes, in NativeCachingAllocator).
 *
 * Open addressing with linear probing and backward-shift deletion (no
 * tombstones), at most half full. Keys are nonzero addresses. */
#ifndef CG_BLOCK_MAP_H
#define CG_BLOCK_MAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uintptr_t key;
    void *value;
} cg_block_map_slot;

typedef struct {
    cg_block_map_slot *slots;
    size_t capacity; /* a power of two, or 0 before the first insert */
    size_t count;
} cg_block_map;

/* Makes room for n entries, so that the puts up to n cannot fail; 0, or
 * -1 with an out-of-memory error. */
int cg_block_map_reserve(cg_block_map *m, size_t n);
/* 0, or -1 with an out-of-memory error when the table cannot grow. */
int cg_block_map_put(cg_block_map *m, uintptr_t key, void *value);
void *cg_block_map_get(const cg_block_map *m, uintptr_t key);
/* Removes key and returns its value; NULL when it was not there. */
void *cg_block_map_take(cg_block_map *m, uintptr_t key);
void cg_block_map_free(cg_block_map *m);

#endif
