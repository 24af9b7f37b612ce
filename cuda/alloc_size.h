/* alloc_size.h: the caching allocator's sizes: how a request is rounded,
 * which pool it goes to, how big a new segment for it is (PyTorch's
 * round_size, get_pool's threshold and get_allocation_size). Pure
 * functions, used by caching_allocator.c and checked by the host tests. */
#ifndef CG_ALLOC_SIZE_H
#define CG_ALLOC_SIZE_H

#include <stddef.h>

#include "caching_allocator.h"

enum {
    CG_ALLOC_MIN_BLOCK_SIZE = 512,       /* kMinBlockSize: all sizes are rounded to at least this */
    CG_ALLOC_SMALL_SIZE = 1048576,       /* kSmallSize: the largest "small" allocation */
    CG_ALLOC_SMALL_BUFFER = 2097152,     /* kSmallBuffer: small allocations are packed in 2 MiB segments */
    CG_ALLOC_MIN_LARGE_ALLOC = 10485760, /* kMinLargeAlloc: 1-10 MiB requests may take a 20 MiB segment */
    CG_ALLOC_ROUND_LARGE = 2097152,      /* kRoundLarge: larger segments are rounded to 2 MiB */
    CG_ALLOC_LARGE_BUFFER = 20971520,    /* kLargeBuffer: the 20 MiB segment */
};

/* The next of `divisions` equal steps between two powers of two: 1200 in
 * 4 divisions of [1024, 2048) gives 1280; a power of two stays. */
size_t cg_alloc_roundup_power2_next_division(size_t size, size_t divisions);
/* A request's block size: at least 512, then a multiple of 512, or of the
 * roundup_power2_divisions step where that option covers the size. */
size_t cg_alloc_round_size(const cg_alloc_conf *conf, size_t size);
/* A new segment's size for a rounded request: 2 MiB up to 1 MiB, 20 MiB
 * below 10 MiB, else rounded up to 2 MiB. */
size_t cg_alloc_segment_size(size_t size);

#endif
