/* softmax_each.h: the softmax kernels of softmax_loop.h (and, where
 * SOFTMAX_COLS is defined, softmax_cols_loop.h) once per floating type, with
 * the vector functions they call; the names' suffix is f32 or f64 followed
 * by SOFTMAX_TAIL where that is defined (f32_avx2 for a tail _avx2).
 * Included by ops_nn.c for any CPU, and by softmax_avx2.c to build the row
 * kernels for AVX2. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "softmax_rows.h"
#include "vec_math.h"

#ifdef SOFTMAX_SLEEF /* an AVX2 build calls SLEEF's vector exp itself */
#include <immintrin.h>
#include <sleef.h>
#endif
#ifndef SOFTMAX_TAIL
#define SOFTMAX_TAIL
#endif
#define SM_SFX2(a, b) a##b
#define SM_SFX(a, b) SM_SFX2(a, b)

/* log of a vector's lanes as PyTorch's Vectorized<T> computes it:
 * SLEEF's functions where it runs its AVX2 kernels, libm's per lane where it
 * runs the DEFAULT ones (vec_math.h). */
#define LANES_FN(name, T, W, VEC, LIBM)   \
    static inline void name(T *v) {       \
        if (cg_vec_math_available()) {    \
            VEC(v, v);                    \
            return;                       \
        }                                 \
        for (int l = 0; l < W; l++)       \
            v[l] = LIBM(v[l]);            \
    }
LANES_FN(lanes_log_f32, float, 8, cg_vec_log_f32, logf)
LANES_FN(lanes_log_f64, double, 4, cg_vec_log_f64, log)

/* exp or log of n contiguous elements in place, as LANES_FN's */
#define RUN_FN(name, T, MAP, F, LIBM)         \
    static inline void name(T *v, int64_t n) { \
        if (cg_vec_math_available()) {        \
            MAP(F, v, v, n);                   \
            return;                            \
        }                                      \
        for (int64_t k = 0; k < n; k++)        \
            v[k] = LIBM(v[k]);                 \
    }
RUN_FN(run_exp_f32, float, cg_vec_map_f32, CG_VEC_EXP, expf)
RUN_FN(run_log_f32, float, cg_vec_map_f32, CG_VEC_LOG, logf)
RUN_FN(run_exp_f64, double, cg_vec_map_f64, CG_VEC_EXP, exp)
RUN_FN(run_log_f64, double, cg_vec_map_f64, CG_VEC_LOG, log)

/* out = a * b + c rounded once, n elements: by vectors where the CPU has
 * FMA, else by libm's fma (the same bits, slower) */
#define FMA_RUN_FN(name, T, VEC, LIBM)                                                \
    static inline void name(T *out, const T *a, const T *b, const T *c, int64_t n) { \
        if (cg_vec_math_available()) {                                                \
            VEC(out, a, b, c, n);                                                     \
            return;                                                                   \
        }                                                                             \
        for (int64_t k = 0; k < n; k++)                                               \
            out[k] = LIBM(a[k], b[k], c[k]);                                          \
    }
FMA_RUN_FN(run_fma_f32, float, cg_vec_fma_f32, fmaf)
FMA_RUN_FN(run_fma_f64, double, cg_vec_fma_f64, fma)

#define T float
#define W 8
#define SFX SM_SFX(f32, SOFTMAX_TAIL)
#define VLOG lanes_log_f32
#define TREE 1
#define FMA fmaf
#define VEXPN run_exp_f32
#define FMAN run_fma_f32
#ifdef SOFTMAX_SLEEF
#define VEXPV Sleef_expf8_u10
#define VMAXV _mm256_max_ps
#endif
#include "softmax_loop.h"
#undef VEXPV
#undef VMAXV
#ifdef SOFTMAX_COLS
#define VLOGN run_log_f32
#define LIBM_EXP expf
#include "softmax_cols_loop.h"
#undef VLOGN
#undef LIBM_EXP
#endif
#undef VEXPN
#undef FMAN
#undef FMA
#undef T
#undef W
#undef SFX
#undef VLOG
#undef TREE
#define T double
#define W 4
#define SFX SM_SFX(f64, SOFTMAX_TAIL)
#define VLOG lanes_log_f64
#define TREE 0
#define FMA fma
#define VEXPN run_exp_f64
#define FMAN run_fma_f64
#ifdef SOFTMAX_SLEEF
#define VEXPV Sleef_expd4_u10
#define VMAXV _mm256_max_pd
#endif
#include "softmax_loop.h"
#undef VEXPV
#undef VMAXV
#ifdef SOFTMAX_COLS
#define VLOGN run_log_f64
#define LIBM_EXP exp
#include "softmax_cols_loop.h"
#undef VLOGN
#undef LIBM_EXP
#endif
#undef VEXPN
#undef FMAN
#undef FMA
#undef T
#undef W
#undef SFX
#undef VLOG
#undef TREE

#undef LANES_FN
#undef RUN_FN
#undef FMA_RUN_FN
#undef SM_SFX
#undef SM_SFX2
#undef SOFTMAX_TAIL
