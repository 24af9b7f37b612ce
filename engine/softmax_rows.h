/* softmax_rows.h: the row kernels of softmax_loop.h (softmax, log_softmax
 * and their derivatives over a contiguous last dim) as a table, so that
 * ops_nn.c can pick the build for the CPU: the baseline one, or the same
 * source compiled for AVX2 (softmax_avx2.c). Both give the same bits. */
#ifndef CG_SOFTMAX_ROWS_H
#define CG_SOFTMAX_ROWS_H

#include <stdint.h>

/* x, y, g, out: contiguous [rows, C] of the table's dtype */
typedef struct {
    void (*softmax)(const void *x, void *y, int64_t rows, int64_t C);
    void (*log_softmax)(const void *x, void *y, int64_t rows, int64_t C);
    void (*softmax_backward)(const void *g, const void *y, void *out, int64_t rows, int64_t C);
    void (*log_softmax_backward)(const void *g, const void *y, void *out, int64_t rows, int64_t C);
} cg_softmax_rows;

/* The table of softmax_loop.h's kernels of suffix sfx (f32, f64_avx2, ...) */
#define CG_SOFTMAX_ROWS_OF(sfx) \
    {softmax_rows_##sfx, log_softmax_rows_##sfx, softmax_backward_rows_##sfx, log_softmax_backward_rows_##sfx}

/* The kernels built for AVX2; only where cg_vec_math_available(). */
extern const cg_softmax_rows cg_softmax_rows_f32_avx2, cg_softmax_rows_f64_avx2;

#endif
