/* reduce_iter.h: the one iterator of reductions.
 *
 * The input's dims split into kept dims (one output element per index) and
 * reduced dims (folded into that element). Each group is coalesced where the
 * input is contiguous across it, so a reduction over the last dim of a
 * contiguous tensor is, per output, one unit-stride run. The output is
 * planned with keepdim sizes; the op reshapes it when keepdim is false.
 *
 * A kernel gives a function run once per output element: it folds the
 * reduced elements starting at x (CG_REDUCE_FOR_EACH walks them) and writes
 * the result at out (and at out2, for ops with a second output such as
 * max's indices). Outputs are split across threads when there are many.
 *
 * Note [Reductions over outer dims]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * sum(dim=0) of a contiguous [N, M] matrix folds, per output, N elements M
 * apart: one cache line per element read. A kernel that also gives a block
 * function instead accumulates whole rows into a block of outputs, reading
 * memory in order (cg_reduce_run_kernel picks it when the innermost kept dim
 * is contiguous and the reduced dims lie outside it).
 *
 * Note [Splitting one large reduction]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * sum() of 16M floats has one output, so splitting outputs across threads
 * leaves it on one. A kernel that gives a combine function has each thread
 * fold a contiguous part of the reduced elements into a partial result, and
 * the partials are then merged (sums added, maxima compared with their
 * indices offset by the part's start).
 *
 * Scans (cumsum) use the same plan with one reduced dim and an output of the
 * input's full shape: the kernel steps through out along the scanned dim
 * itself (see cg_cpu_cumsum). */
#ifndef CG_REDUCE_ITER_H
#define CG_REDUCE_ITER_H

#include "tensor.h"

typedef struct cg_reduce_iter {
    int64_t nout;                    /* output elements */
    int64_t nred;                    /* reduced elements per output */
    int nkept, ndred;                /* coalesced dims in each group */
    int64_t kept_sizes[CG_MAX_DIMS]; /* innermost first */
    int64_t kept_x[CG_MAX_DIMS];     /* x's byte strides over kept dims */
    int64_t kept_out[CG_MAX_DIMS];   /* out's byte strides over kept dims */
    int64_t kept_out2[CG_MAX_DIMS];
    int64_t red_sizes[CG_MAX_DIMS]; /* innermost first */
    int64_t red_x[CG_MAX_DIMS];     /* x's byte strides over reduced dims */
    char *x, *out, *out2;
    cg_dtype xdtype, odtype;
} cg_reduce_iter;

/* reduced[d] says whether dim d of x is reduced; out (and out2, may be NULL)
 * have x's sizes with 1 on reduced dims. */
void cg_reduce_iter_init(cg_reduce_iter *it, cg_tensor *x, const bool *reduced, cg_tensor *out, cg_tensor *out2);

typedef void (*cg_reduce_fn)(const cg_reduce_iter *it, const char *x, char *out, char *out2, const void *ctx);
void cg_reduce_for_each(const cg_reduce_iter *it, cg_reduce_fn fn, const void *ctx);

/* Folds the reduced elements of n outputs at once: the outputs are
 * consecutive along the innermost kept dim, which is contiguous in x, out
 * and out2 (unit stride), so x is read row by row: out[j] = fold over k of
 * x[k-th reduced offset + j]. See Note [Reductions over outer dims]. */
typedef void (*cg_reduce_block_fn)(const cg_reduce_iter *it, const char *x, char *out, char *out2, int64_t n,
                                   const void *ctx);
/* Merges n partial results of one output into out (and out2, when the
 * plan has one): partial i was written by the kernel's fn, over the reduced
 * elements [start[i], start[i + 1]) in the reduction's flat order, at
 * part + i * CG_REDUCE_PART_BYTES, with an int64 slot at part2 + i * 8
 * given as its out2 in any case (for an index relative to start[i]).
 * See Note [Splitting one large reduction]. */
typedef void (*cg_reduce_combine_fn)(const cg_reduce_iter *it, char *out, char *out2, const char *part,
                                     const char *part2, const int64_t *start, int n, const void *ctx);
#define CG_REDUCE_PART_BYTES 16
/* A block function is given at most this many outputs. */
#define CG_REDUCE_BLOCK 512

/* A reduction kernel: fn is required; block and combine make the two
 * faster paths available (NULL: not supported by the op). */
typedef struct cg_reduce_kernel {
    cg_reduce_fn fn;
    cg_reduce_block_fn block;
    cg_reduce_combine_fn combine;
} cg_reduce_kernel;

/* Runs a kernel over every output: splits the outputs across threads, or
 * one large reduction across threads (combine), or walks outer reduced dims
 * row by row (block), whichever the plan and the kernel allow. */
void cg_reduce_run_kernel(const cg_reduce_iter *it, const cg_reduce_kernel *k, const void *ctx);

/* Walks the reduced elements of one output: `body` sees `const char *px`
 * (the element) and `int64_t k` (its flat index within the reduction, in
 * row-major order of the reduced dims). */
#define CG_REDUCE_FOR_EACH(it, x, body)                                        \
    do {                                                                       \
        if ((it)->ndred <= 1) {                                                \
            const int64_t s0_ = (it)->ndred ? (it)->red_x[0] : 0;              \
            for (int64_t k = 0; k < (it)->nred; k++) {                         \
                const char *px = (x) + k * s0_;                                \
                body;                                                          \
            }                                                                  \
            break;                                                             \
        }                                                                      \
        /* rows of the innermost reduced dim; the odometer moves once a row */ \
        const int64_t s0_ = (it)->red_x[0], n0_ = (it)->red_sizes[0];          \
        int64_t idx_[CG_MAX_DIMS] = {0};                                       \
        const char *row_ = (x);                                                \
        for (int64_t k0_ = 0; n0_ > 0 && k0_ < (it)->nred; k0_ += n0_) {       \
            for (int64_t k = k0_; k < k0_ + n0_; k++) {                        \
                const char *px = row_ + (k - k0_) * s0_;                       \
                body;                                                          \
            }                                                                  \
            for (int d_ = 1; d_ < (it)->ndred; d_++) {                         \
                row_ += (it)->red_x[d_];                                       \
                if (++idx_[d_] < (it)->red_sizes[d_])                          \
                    break;                                                     \
                row_ -= (it)->red_sizes[d_] * (it)->red_x[d_];                 \
                idx_[d_] = 0;                                                  \
            }                                                                  \
        }                                                                      \
    } while (0)

/* Reduced dims from a dim list (empty: all dims), with PyTorch's errors for
 * out-of-range and repeated dims. Returns 0 or -1. */
int cg_reduce_dims(const cg_tensor *x, int ndims, const int64_t *dims, bool *reduced);
/* x's sizes with reduced dims set to 1 (keepdim) or dropped. */
int cg_reduce_shape(const cg_tensor *x, const bool *reduced, bool keepdim, int64_t *sizes);

#endif
