/* alloc_size.c: rounding and segment sizes (alloc_size.h). */
#include "alloc_size.h"

static size_t log2_floor(size_t v) { return 63 - (size_t)__builtin_clzll((unsigned long long)v); }

/* One setting per power-of-two interval from 1 MiB (2^20) to 64 GiB. */
static size_t roundup_power2_divisions(const cg_alloc_conf *conf, size_t size) {
    size_t log = log2_floor(size);
    size_t index = log > 20 ? log - 20 : 0;
    return conf->roundup_power2_divisions[index > 15 ? 15 : index];
}

size_t cg_alloc_roundup_power2_next_division(size_t size, size_t divisions) {
    if ((size & (size - 1)) == 0)
        return size;
    size_t floor = (size_t)1 << log2_floor(size);
    size_t step = floor >> log2_floor(divisions);
    if (step == 0)
        return floor << 1;
    size_t down = size & ~(step - 1);
    return down == size ? size : down + step;
}

size_t cg_alloc_round_size(const cg_alloc_conf *conf, size_t size) {
    if (size < CG_ALLOC_MIN_BLOCK_SIZE)
        return CG_ALLOC_MIN_BLOCK_SIZE;
    size_t divisions = roundup_power2_divisions(conf, size);
    if (divisions > 1 && size > CG_ALLOC_MIN_BLOCK_SIZE * divisions)
        return cg_alloc_roundup_power2_next_division(size, divisions);
    return CG_ALLOC_MIN_BLOCK_SIZE * ((size + CG_ALLOC_MIN_BLOCK_SIZE - 1) / CG_ALLOC_MIN_BLOCK_SIZE);
}

size_t cg_alloc_segment_size(size_t size) {
    if (size <= CG_ALLOC_SMALL_SIZE)
        return CG_ALLOC_SMALL_BUFFER;
    if (size < CG_ALLOC_MIN_LARGE_ALLOC)
        return CG_ALLOC_LARGE_BUFFER;
    return CG_ALLOC_ROUND_LARGE * ((size + CG_ALLOC_ROUND_LARGE - 1) / CG_ALLOC_ROUND_LARGE);
}
