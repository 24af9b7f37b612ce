/* search_count.h: the counting and searching ops, none differentiable
 * (search_count.c): bincount, histc, histogram, searchsorted/bucketize,
 * unique, unique_consecutive. Each reads its inputs on the CPU and gives
 * its results on the input's device. */
#ifndef CG_SEARCH_COUNT_H
#define CG_SEARCH_COUNT_H

#include "tensor.h"

/* counts of each value of a 1-d non-negative integral x (weights: their
 * sums, float64 unless weights are float32), at least minlength long */
cg_tensor *cg_bincount(cg_tensor *x, cg_tensor *weights, int64_t minlength);
/* bins equal bins over [min, max] (both 0: the data's range) */
cg_tensor *cg_histc(cg_tensor *x, int64_t bins, double min, double max);
/* torch.histogram: bins given as a count (edges NULL; range optional) or
 * as edges; weight optional; density divides by total * width */
int cg_histogram(cg_tensor *x, int64_t bins, cg_tensor *edges, const double *range, cg_tensor *weight, bool density,
                 cg_tensor **hist, cg_tensor **bin_edges);
/* the insertion points of values in the last dim of sorted (or in 1-d
 * sorted for every value), sorter the order that sorts sorted (optional) */
cg_tensor *cg_searchsorted(cg_tensor *sorted, cg_tensor *values, bool right, cg_tensor *sorter, bool out_int32);
/* unique elements (dim NULL: flattened) or slices along *dim, sorted;
 * consecutive: only runs of equal neighbours are merged, unsorted.
 * inverse and counts are computed when their pointers are not NULL. */
int cg_unique(cg_tensor *x, const int64_t *dim, bool consecutive, cg_tensor **out, cg_tensor **inverse,
              cg_tensor **counts);

#endif
