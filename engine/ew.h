/* ew.h: building blocks of elementwise CPU kernels (private to engine/).
 *
 * A kernel is a row function per dtype (see iter.h) and a table of them
 * indexed by dtype. The macros below write the row functions from one C
 * expression, with a unit-stride fast path the compiler vectorises and a
 * strided path for everything else. In the expressions, `x` (unary) or `a`
 * and `b` (binary) are the input values of type T, and `args` is the op's
 * const cg_op_args *.
 *
 *   CG_UNARY_ROW(name, T, pro, expr)      out T = expr(x: T)
 *   CG_BINARY_ROW(name, T, pro, expr)     out T = expr(a: T, b: T)
 *   CG_COMPARE_ROW(name, T, pro, expr)    out bool = expr(a: T, b: T)
 *
 * `pro` is a statement run once per row before the loop, to read scalar
 * arguments into locals (e.g. `const T alpha = (T)args->f[0]`), so that the
 * loop itself stays a plain expression; CG_NOPRO when there is none.
 *
 * CG_ROWS_FLOAT(table, name) / CG_ROWS_ALL(table, name) gather the per-dtype
 * functions name##_<T> into a cg_row_fn table[CG_DTYPE_COUNT]. */
#ifndef CG_EW_H
#define CG_EW_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "iter.h"
#include "autograd.h"
#include "op.h"

/* One expression serves every integer dtype, so `x < 0` is always false for
 * uint8: true, and no bug. */
#pragma GCC diagnostic ignored "-Wtype-limits"

/* Asks for the unit-stride loops to be vectorised: at -O2 GCC's default
 * (very cheap) cost model leaves loops of unknown length scalar. */
#define CG_SIMD _Pragma("omp simd")

typedef bool cg_bool;
typedef float cg_f32;
typedef double cg_f64;
typedef int32_t cg_i32;
typedef int64_t cg_i64;
typedef uint8_t cg_u8;
typedef int8_t cg_i8;
typedef int16_t cg_i16;
typedef uint16_t cg_u16;
typedef uint32_t cg_u32;
typedef uint64_t cg_u64;

/* Note [Rows at the machine's vector width]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * cgrad is built for baseline x86-64 (SSE2: four floats a vector, and no
 * FMA instruction, so fmaf/fma are libm calls per element), while PyTorch
 * dispatches its kernels to AVX2 at run time. Every elementwise row is
 * therefore compiled twice, as itself and with a target attribute for
 * AVX2 (eight floats a vector), and runs the second where
 * cg_vec_math_available says the CPU has AVX2 and FMA. The bits are the
 * same: lanes compute exactly what the scalar code does. FMA is enabled
 * only in the rows whose expression calls fmaf/fma (CG_*_ROW_FMA: add and
 * sub with alpha, addcmul, lerp), where it makes that call one exactly
 * rounded instruction; elsewhere it stays off, because GCC's vectoriser
 * fuses some patterns into FMAs despite -std=c11's no-contraction rule
 * (complex products became fmaddsub). Before, add_(other, alpha) took 30
 * times PyTorch's time (an fmaf call per element) and division twice. */
#define CG_AVX2_TARGET __attribute__((target("avx2")))
#define CG_FMA_TARGET __attribute__((target("avx2,fma")))
bool cg_vec_math_available(void);
#define CG_AVX2_DISPATCH(name)                                                 \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        (cg_vec_math_available() ? name##_avx2 : name##_base)(p, s, n, ctx);   \
    }

#define CG_UNARY_ROW(name, T, pro, expr)                                       \
    CG_UNARY_ROW_A(name##_base, T, expr, , pro)                                \
    CG_UNARY_ROW_A(name##_avx2, T, expr, CG_AVX2_TARGET, pro)                  \
    CG_AVX2_DISPATCH(name)
/* pro comes last, as the variadic part: a prologue may hold commas (two
 * declarations in one) once its own macro has expanded */
#define CG_UNARY_ROW_A(name, T, expr, attr, ...)                               \
    attr static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        const cg_op_args *args = ctx;                                          \
        (void)args;                                                            \
        __VA_ARGS__;                                                                 \
        if (s[0] == sizeof(T) && s[1] == sizeof(T)) {                          \
            T *restrict o = (T *)p[0];                                         \
            const T *restrict in = (const T *)p[1];                            \
            CG_SIMD                                                            \
            for (int64_t i = 0; i < n; i++) {                                  \
                T x = in[i];                                                   \
                o[i] = (T)(expr);                                              \
            }                                                                  \
            return;                                                            \
        }                                                                      \
        for (int64_t i = 0; i < n; i++) {                                      \
            T x = *(const T *)(p[1] + i * s[1]);                               \
            *(T *)(p[0] + i * s[0]) = (T)(expr);                               \
        }                                                                      \
    }

#define CG_BINARY_ROW_T(name, T, TO, pro, expr)                                     \
    CG_BINARY_ROW_TA(name##_base, T, TO, expr, , pro)                               \
    CG_BINARY_ROW_TA(name##_avx2, T, TO, expr, CG_AVX2_TARGET, pro)                 \
    CG_AVX2_DISPATCH(name)
#define CG_BINARY_ROW_TA(name, T, TO, expr, attr, ...)                              \
    attr static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        const cg_op_args *args = ctx;                                               \
        (void)args;                                                                 \
        __VA_ARGS__;                                                                      \
        if (s[0] == sizeof(TO) && s[1] == sizeof(T) && s[2] == sizeof(T)) {         \
            TO *restrict o = (TO *)p[0];                                            \
            const T *restrict pa = (const T *)p[1], *restrict pb = (const T *)p[2]; \
            CG_SIMD                                                                 \
            for (int64_t i = 0; i < n; i++) {                                       \
                T a = pa[i], b = pb[i];                                             \
                o[i] = (TO)(expr);                                                  \
            }                                                                       \
            return;                                                                 \
        }                                                                           \
        if (s[0] == sizeof(TO) && s[1] == sizeof(T) && s[2] == 0) {                 \
            TO *restrict o = (TO *)p[0];                                            \
            const T *restrict pa = (const T *)p[1];                                 \
            const T b = *(const T *)p[2];                                           \
            CG_SIMD                                                                 \
            for (int64_t i = 0; i < n; i++) {                                       \
                T a = pa[i];                                                        \
                o[i] = (TO)(expr);                                                  \
            }                                                                       \
            return;                                                                 \
        }                                                                           \
        for (int64_t i = 0; i < n; i++) {                                           \
            T a = *(const T *)(p[1] + i * s[1]), b = *(const T *)(p[2] + i * s[2]); \
            *(TO *)(p[0] + i * s[0]) = (TO)(expr);                                  \
        }                                                                           \
    }

#define CG_BINARY_ROW(name, T, pro, expr) CG_BINARY_ROW_T(name, T, T, pro, expr)
/* a row whose expression calls fmaf/fma (Note [Rows at the machine's vector width]) */
#define CG_BINARY_ROW_FMA(name, T, pro, expr)                                       \
    CG_BINARY_ROW_TA(name##_base, T, T, expr, , pro)                                \
    CG_BINARY_ROW_TA(name##_avx2, T, T, expr, CG_FMA_TARGET, pro)                   \
    CG_AVX2_DISPATCH(name)

#define CG_COMPARE_ROW(name, T, pro, expr) CG_BINARY_ROW_T(name, T, bool, pro, expr)
#define CG_NOPRO ((void)0)

/* Per-dtype instantiation: MAKE(name##_<suffix>, <C type>) for each dtype. */
#define CG_EXPAND_FLOAT(MAKE, name) MAKE(name##_f32, float) MAKE(name##_f64, double)
#define CG_EXPAND_INT(MAKE, name) \
    MAKE(name##_i32, int32_t) MAKE(name##_i64, int64_t) CG_EXPAND_SMALL_INT(MAKE, name)
#define CG_EXPAND_SMALL_INT(MAKE, name)                                                              \
    MAKE(name##_u8, uint8_t) MAKE(name##_i8, int8_t) MAKE(name##_i16, int16_t) MAKE(name##_u16, uint16_t) \
        MAKE(name##_u32, uint32_t) MAKE(name##_u64, uint64_t)
#define CG_EXPAND_NUMERIC(MAKE, name) CG_EXPAND_FLOAT(MAKE, name) CG_EXPAND_INT(MAKE, name)
#define CG_EXPAND_ALL(MAKE, name) CG_EXPAND_NUMERIC(MAKE, name) MAKE(name##_bool, bool)

#define CG_ROWS_FLOAT(name) [CG_F32] = name##_f32, [CG_F64] = name##_f64
#define CG_ROWS_INT(name) [CG_INT32] = name##_i32, [CG_INT64] = name##_i64, CG_ROWS_SMALL_INT(name)
#define CG_ROWS_SMALL_INT(name)                                                                   \
    [CG_UINT8] = name##_u8, [CG_INT8] = name##_i8, [CG_INT16] = name##_i16, [CG_UINT16] = name##_u16, \
    [CG_UINT32] = name##_u32, [CG_UINT64] = name##_u64
#define CG_ROWS_NUMERIC(name) CG_ROWS_FLOAT(name), CG_ROWS_INT(name)
#define CG_ROWS_ALL(name) CG_ROWS_NUMERIC(name), [CG_BOOL] = name##_bool
/* float16 and bfloat16, for the kernels that take them as they are (copies,
 * fills, moves); arithmetic computes them in float32 (Note [Reduced
 * floating types] in ew.c) */
#define CG_ROWS_REDUCED(name) [CG_F16] = name##_f16, [CG_BF16] = name##_bf16
/* complex64 and complex128, for the kernels that take them (Note [Kernels
 * of complex types] in op.c) */
#define CG_EXPAND_COMPLEX(MAKE, name) MAKE(name##_c64, cg_c64) MAKE(name##_c128, cg_c128)
#define CG_ROWS_COMPLEX(name) [CG_C64] = name##_c64, [CG_C128] = name##_c128

/* Runs rows[dtype of operand `which`] over call->it; the common body of
 * elementwise kernels. */
static inline void cg_ew_run(const cg_kernel_call *c, const cg_row_fn *rows, int which) {
    cg_ew_iter_for_each(c->it, rows[c->it->dtypes[which]], c->args);
}

/* ---- frontends shared by elementwise ops (ew.c) ------------------------------ */

/* out = op(x) computed in `compute`, result of dtype `out_dtype`. */
cg_tensor *cg_ew_unary(cg_op op, cg_tensor *x, cg_dtype compute, cg_dtype out_dtype, const cg_op_args *args);
/* out = op(a, b) broadcast, inputs cast to `compute`. */
cg_tensor *cg_ew_binary(cg_op op, cg_tensor *a, cg_tensor *b, cg_dtype compute, cg_dtype out_dtype,
                        const cg_op_args *args);
/* out = op(a, b, c) broadcast (where, addcmul-like ops). */
cg_tensor *cg_ew_ternary(cg_op op, cg_tensor *a, cg_tensor *b, cg_tensor *c, const cg_dtype compute[3],
                         cg_dtype out_dtype, const cg_op_args *args);
/* self = op(self, other) in place: PyTorch's checks (cast, shape, leaf),
 * kernel, version bump. Autograd is the caller's, after. */
int cg_ew_binary_(cg_op op, cg_tensor *self, cg_tensor *other, cg_dtype compute, const cg_op_args *args);
/* self = op(self, b, c) in place (addcmul_, lerp_ with a tensor weight) */
int cg_ew_ternary_(cg_op op, cg_tensor *self, cg_tensor *b, cg_tensor *c, cg_dtype compute, const cg_op_args *args);
int cg_ew_unary_(cg_op op, cg_tensor *self, const cg_op_args *args);
/* The same computed in `compute` (float ops on an int self fail as PyTorch's
 * "result type Float can't be cast to the desired output type Long"). */
int cg_ew_unary_as_(cg_op op, cg_tensor *self, cg_dtype compute, const cg_op_args *args);
/* Records op for out when needed; on failure releases out and returns NULL.
 * Returns out. */
cg_tensor *cg_ew_record(cg_tensor *out, cg_op op, int nin, cg_tensor *const *in, int nsave, const cg_save_spec *save,
                        const cg_op_args *args);
/* The same for an in-place op on self: 0 or -1. */
int cg_ew_record_(cg_tensor *self, cg_op op, int nin, cg_tensor *const *in, int nsave, const cg_save_spec *save,
                  const cg_op_args *args);
/* "Expected all tensors to be on the same device" unless they are; 0-d CPU
 * tensors may meet any device, as in PyTorch. */
int cg_check_same_device(int n, cg_tensor *const *ts);

#endif
