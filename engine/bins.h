/* bins.h: the binning ops, histc, histogram and searchsorted (bucketize
 * is its 1-d case), none differentiable (bins.c).
 * Each reads its inputs on the CPU and gives its results on the input's
 * device. */
#ifndef CG_BINS_H
#define CG_BINS_H

#include "tensor.h"

/* bins equal bins over [min, max] (both 0: the data's range) */
cg_tensor *cg_histc(cg_tensor *x, int64_t bins, double min, double max);
/* torch.histogram: bins given as a count (edges NULL; range optional) or
 * as edges; weight optional; density divides by total * width */
int cg_histogram(cg_tensor *x, int64_t bins, cg_tensor *edges, const double *range, cg_tensor *weight, bool density,
                 cg_tensor **hist, cg_tensor **bin_edges);

/* the insertion points of values in the last dim of sorted (or in 1-d
 * sorted for every value), sorter the order that sorts sorted (optional) */
cg_tensor *cg_searchsorted(cg_tensor *sorted, cg_tensor *values, bool right, cg_tensor *sorter, bool out_int32);

#endif
