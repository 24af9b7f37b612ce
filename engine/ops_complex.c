/* ops_complex.c: the CPU rows of the elementwise ops on complex64 and
 * complex128 (Note [Kernels of complex types] in op.c): one C expression
 * per op and dtype, found by cg_complex_row.
 *
 * The arithmetic is PyTorch's AVX2 vector path, written out so that the
 * compiler neither fuses it (ISO C mode: no contraction) nor calls
 * libgcc's Annex G helpers: a product is (ac - bd) + (ad + bc)i and a
 * quotient ((ac + bd) + (bc - ad)i) / (c^2 + d^2), each product rounded,
 * and |z| = sqrt(re^2 + im^2) (no rescaling: it overflows past the
 * square root of the largest float, as PyTorch's does). PyTorch's scalar
 * path (the last n % 8 complex64 or n % 4 complex128 elements of a
 * contiguous run, and one-element tensors) fuses multiply-adds or uses
 * Smith's division and hypot, so there the last bit may differ; so may exp, log, sqrt, sin, cos and tanh, which are the C
 * library's (cexp, ...), where PyTorch's are SLEEF's or libstdc++'s. This
 * file is not the frontends (ops_binary.c, ops_unary.c) nor the
 * derivatives. */
#include <complex.h>

#include "ew.h"
#include "ops.h"
#include "ops_unary_impl.h"

/* glibc's <complex.h> defines CMPLXF and CMPLX for GCC only; clang (the
 * fuzz build) has the same builtin */
#ifndef CMPLXF
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#endif

/* out TO = expr(x: T): a row whose output dtype differs (abs, angle) */
#define CPX_UNARY_TO(name, T, TO, expr)                                        \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        (void)ctx;                                                             \
        for (int64_t i = 0; i < n; i++) {                                      \
            T x = *(const T *)(p[1] + i * s[1]);                               \
            *(TO *)(p[0] + i * s[0]) = (TO)(expr);                             \
        }                                                                      \
    }

/* Both dtypes from one expression: R is the parts' type, C the complex
 * one, MK(re, im) builds a C; RE, IM are <complex.h>'s of C, SQRT libm's
 * of R. */
#define CPX_ARITH(R, C, MK, SUF, RE, IM, SQRT)                                                             \
    static inline C cmul_##SUF(C a, C b) {                                                                     \
        R ar = RE(a), ai = IM(a), br = RE(b), bi = IM(b);                                                      \
        return MK(ar * br - ai * bi, ar * bi + ai * br);                                                       \
    }                                                                                                          \
    static inline C cdiv_##SUF(C a, C b) {                                                                     \
        R ar = RE(a), ai = IM(a), br = RE(b), bi = IM(b);                                                      \
        R den = br * br + bi * bi;                                                                             \
        return MK((ar * br + ai * bi) / den, (ai * br - ar * bi) / den);                                       \
    }                                                                                                          \
    static inline C alpha_##SUF(const cg_op_args *args) {                                                      \
        return MK((R)cg_scalar_to_double(args->s[0]), (R)cg_scalar_imag(args->s[0]));                          \
    }                                                                                                          \
    CG_BINARY_ROW(add_##SUF, C, const C alpha = alpha_##SUF(args), alpha == 1 ? a + b : a + cmul_##SUF(alpha, b)) \
    CG_BINARY_ROW(sub_##SUF, C, const C alpha = alpha_##SUF(args), alpha == 1 ? a - b : a - cmul_##SUF(alpha, b)) \
    CG_BINARY_ROW(mul_##SUF, C, CG_NOPRO, cmul_##SUF(a, b))                                                    \
    CG_BINARY_ROW(div_##SUF, C, CG_NOPRO, cdiv_##SUF(a, b))                                                    \
    CG_COMPARE_ROW(eq_##SUF, C, CG_NOPRO, a == b)                                                              \
    CG_COMPARE_ROW(ne_##SUF, C, CG_NOPRO, a != b)                                                              \
    CG_UNARY_ROW(neg_##SUF, C, CG_NOPRO, -x)                                                                   \
    CG_UNARY_ROW(conj_##SUF, C, CG_NOPRO, MK(RE(x), -IM(x)))                                                   \
    CG_UNARY_ROW(reciprocal_##SUF, C, CG_NOPRO, cdiv_##SUF(MK(1, 0), x))                                       \
    CPX_UNARY_TO(abs_##SUF, C, R, SQRT(RE(x) * RE(x) + IM(x) * IM(x)))

CPX_ARITH(float, cg_c64, CMPLXF, c64, crealf, cimagf, sqrtf)
CPX_ARITH(double, cg_c128, CMPLX, c128, creal, cimag, sqrt)

#define LIBM_ROWS(name, F32, F64)                             \
    CG_UNARY_ROW(name##_c64, cg_c64, CG_NOPRO, F32(x))        \
    CG_UNARY_ROW(name##_c128, cg_c128, CG_NOPRO, F64(x))
LIBM_ROWS(exp, cexpf, cexp)
LIBM_ROWS(log, clogf, clog)
LIBM_ROWS(sqrt, csqrtf, csqrt)
LIBM_ROWS(sin, csinf, csin)
LIBM_ROWS(cos, ccosf, ccos)
LIBM_ROWS(tanh, ctanhf, ctanh)

/* where (a bool) and masked_fill (the mask b cast to C; args->s[0] the
 * value), as ops_where.c's */
#define SELECT_ROWS(C, MK, R, SUF)                                                                        \
    CG_TERNARY_ROW(where_##SUF, C, bool, C, CG_NOPRO, a ? b : c)                                          \
    CG_BINARY_ROW(masked_fill_##SUF, C,                                                                   \
                  const C v = MK((R)cg_scalar_to_double(args->s[0]), (R)cg_scalar_imag(args->s[0])), b != 0 ? v : a)
SELECT_ROWS(cg_c64, CMPLXF, float, c64)
SELECT_ROWS(cg_c128, CMPLX, double, c128)

/* complex(a, b) and polar(a, b) of two real operands: out C */
#define MAKE_ROWS(R, C, MK, SUF, COS, SIN)                                    \
    CG_BINARY_ROW_T(complex_##SUF, R, C, CG_NOPRO, MK(a, b))                  \
    CG_BINARY_ROW_T(polar_##SUF, R, C, CG_NOPRO, MK(a * COS(b), a * SIN(b)))
MAKE_ROWS(float, cg_c64, CMPLXF, c64, cosf, sinf)
MAKE_ROWS(double, cg_c128, CMPLX, c128, cos, sin)

#define ROWS(name) {name##_c64, name##_c128}
/* rows[op][0] for complex64, [1] for complex128 */
static const cg_row_fn rows[CG_OP_COUNT][2] = {
    [CG_OP_ADD] = ROWS(add),   [CG_OP_SUB] = ROWS(sub),
    [CG_OP_MUL] = ROWS(mul),   [CG_OP_DIV] = ROWS(div),
    [CG_OP_EQ] = ROWS(eq),     [CG_OP_NE] = ROWS(ne),
    [CG_OP_NEG] = ROWS(neg),   [CG_OP_CONJ_PHYSICAL] = ROWS(conj),
    [CG_OP_RECIPROCAL] = ROWS(reciprocal),
    [CG_OP_ABS] = ROWS(abs),
    [CG_OP_EXP] = ROWS(exp),   [CG_OP_LOG] = ROWS(log),
    [CG_OP_SQRT] = ROWS(sqrt), [CG_OP_SIN] = ROWS(sin),
    [CG_OP_COS] = ROWS(cos),   [CG_OP_TANH] = ROWS(tanh),
    [CG_OP_WHERE] = ROWS(where), [CG_OP_MASKED_FILL] = ROWS(masked_fill),
    [CG_OP_COMPLEX] = ROWS(complex), [CG_OP_POLAR] = ROWS(polar),
};

cg_row_fn cg_complex_row(cg_op op, cg_dtype dt) {
    if (!cg_dtype_is_complex(dt))
        return NULL;
    return rows[op][dt == CG_C128];
}
