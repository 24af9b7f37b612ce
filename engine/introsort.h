/* introsort.h: the unstable sort of int64 keys with their positions that
 * PyTorch's CPU sort does (std::sort from GCC's libstdc++), so that the
 * order of equal keys is the same as there (Note [Introsort] in
 * introsort.c). Not a general sort: keys compare by value only. */
#ifndef CG_INTROSORT_H
#define CG_INTROSORT_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int64_t key, pos;
} cg_keyed;

/* Sorts v[0 .. n) by key, ascending, equal keys in libstdc++'s order. */
void cg_introsort_keyed(cg_keyed *v, int64_t n);

#endif
