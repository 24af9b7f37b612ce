/* helpers.h: what the C unit tests share: making tensors with known values
 * and layouts, reading them back, comparing, and the op-table samples.
 *
 * Random values here come from a small fixed LCG, not from the engine's
 * generator, so a test's inputs do not move when the generator changes. */
#ifndef CG_TEST_HELPERS_H
#define CG_TEST_HELPERS_H

#include <stdarg.h>
#include <stdbool.h>

#include "ops.h"

/* ---- making and reading tensors ----------------------------------------------- */

/* A contiguous tensor from row-major doubles: T(dtype, ndim, sizes, values). */
cg_tensor *t_from(cg_dtype dtype, int ndim, const int64_t *sizes, const double *values);
/* Uniform values in [lo, hi) from the test LCG seeded with seed. */
cg_tensor *t_rand(cg_dtype dtype, int ndim, const int64_t *sizes, double lo, double hi, uint64_t seed);
/* The same values laid out non-contiguously: a transposed view of a
 * contiguous tensor of the reversed shape (or a strided slice for 1-d). */
cg_tensor *t_noncontig(cg_tensor *t);
/* Element at flat row-major index i of any tensor, as double. */
double t_at(const cg_tensor *t, int64_t i);
/* Sets element i (row-major) of a CPU tensor. */
void t_set(cg_tensor *t, int64_t i, double v);
/* All elements, row-major, into a malloc'd array. */
double *t_values(const cg_tensor *t);
bool t_shape_is(const cg_tensor *t, int ndim, ...);

/* Fails the current test with the engine's error when t is NULL. */
#define T_OK(expr)                                                                                 \
    ({                                                                                             \
        __typeof__(expr) t_ok_ = (expr);                                                           \
        cr_assert(t_ok_, "%s failed: %s: %s", #expr, cg_error_kind_name(cg_error_kind_get()),      \
                  cg_error_message());                                                             \
        t_ok_;                                                                                     \
    })
#define T_RC(expr)                                                                                 \
    do {                                                                                           \
        int t_rc_ = (expr);                                                                        \
        cr_assert(t_rc_ == 0, "%s failed: %s: %s", #expr, cg_error_kind_name(cg_error_kind_get()), \
                  cg_error_message());                                                             \
    } while (0)
/* Asserts that expr failed with the given kind and exact message. */
#define T_ERR(expr, kind, msg)                                                                     \
    do {                                                                                           \
        cg_error_clear();                                                                          \
        __typeof__(expr) t_err_ = (expr);                                                          \
        cr_assert(!t_err_ || (intptr_t)t_err_ == -1, "%s should have failed", #expr);             \
        cr_assert_eq(cg_error_kind_get(), kind, "%s: kind %s, expected %s", #expr,                 \
                     cg_error_kind_name(cg_error_kind_get()), cg_error_kind_name(kind));           \
        cr_assert_str_eq(cg_error_message(), msg);                                                 \
    } while (0)

/* Asserts |a - b| <= atol + rtol * |b| elementwise, and equal shapes. */
void t_assert_close(const cg_tensor *a, const cg_tensor *b, double rtol, double atol);
void t_assert_values(const cg_tensor *t, int n, const double *expected, double tol);

/* ---- op-table samples ------------------------------------------------------------ */

/* One way of calling an op on float64 inputs. The inputs that require grad
 * are gradchecked; fn applies the op (and may use the constants). */
typedef struct cg_sample {
    const char *desc;
    int nin;
    cg_tensor *in[4];
    cg_tensor *(*fn)(cg_tensor *const *in, const struct cg_sample *s);
    int64_t i[6];
    double d[4];
    double atol, rtol, eps; /* 0: the defaults */
} cg_sample;

/* Fills s with variant number `variant` of the op's samples and returns
 * true, or returns false when there are no more variants. */
typedef bool (*cg_sample_fn)(int variant, cg_sample *s);

#define X(id, node, cpu, cuda, bw, sample) bool sample(int variant, cg_sample *s);
#include "ops.def"
#undef X

/* Inputs for samples: float64, requiring grad, values in [-2, 2) (or as
 * given), contiguous or not. S_ARG(...) builds the sizes array. */
#define S_SIZES(...) ((const int64_t[]){__VA_ARGS__}), (int)(sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))
cg_tensor *s_input(const int64_t *sizes, int ndim, uint64_t seed, bool noncontig);
cg_tensor *s_input_range(const int64_t *sizes, int ndim, uint64_t seed, bool noncontig, double lo, double hi);
/* A float64 tensor that does not require grad (targets, masks as doubles). */
cg_tensor *s_const(const int64_t *sizes, int ndim, uint64_t seed);

#endif
