/* softmax_avx2.c: the row kernels of softmax_loop.h compiled for AVX2 (the
 * Makefile gives this file -mavx2 -mfma; -std=c11 fuses no multiply and add
 * that the source does not write as one), for ops_nn.c to call where
 * cg_vec_math_available() says the CPU has them. Each lane computes as in
 * the baseline build, so the bits are the same, with twice the lanes an
 * instruction. */
#define SOFTMAX_TAIL _avx2
#define SOFTMAX_SLEEF
#include "softmax_each.h"

const cg_softmax_rows cg_softmax_rows_f32_avx2 = CG_SOFTMAX_ROWS_OF(f32_avx2);
const cg_softmax_rows cg_softmax_rows_f64_avx2 = CG_SOFTMAX_ROWS_OF(f64_avx2);
