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
#define T_OK(expr)                                                                                                 \
    ({                                                                                                             \
        __typeof__(expr) t_ok_ = (expr);                                                                           \
        cr_assert(t_ok_, "%s failed: %s: %s", #expr, cg_error_kind_name(cg_error_kind_get()), cg_error_message()); \
        t_ok_;                                                                                                     \
    })
#define T_RC(expr)                                                                                 \
    do {                                                                                           \
        int t_rc_ = (expr);                                                                        \
        cr_assert(t_rc_ == 0, "%s failed: %s: %s", #expr, cg_error_kind_name(cg_error_kind_get()), \
                  cg_error_message());                                                             \
    } while (0)
/* Asserts that expr failed with the given kind and exact message. */
#define T_ERR(expr, kind, msg)                                                           \
    do {                                                                                 \
        cg_error_clear();                                                                \
        __typeof__(expr) t_err_ = (expr);                                                \
        cr_assert(!t_err_ || (intptr_t)t_err_ == -1, "%s should have failed", #expr);    \
        cr_assert_eq(cg_error_kind_get(), kind, "%s: kind %s, expected %s", #expr,       \
                     cg_error_kind_name(cg_error_kind_get()), cg_error_kind_name(kind)); \
        cr_assert_str_eq(cg_error_message(), msg);                                       \
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
    int64_t i[8];
    double d[4];
    double atol, rtol, eps; /* 0: the defaults */
} cg_sample;

/* Fills s with variant number `variant` of the op's samples and returns
 * true, or returns false when there are no more variants. */
typedef bool (*cg_sample_fn)(int variant, cg_sample *s);

#define X(id, node, cpu, cuda, bw, sample) bool sample(int variant, cg_sample *s);
#include "ops.def"
#undef X

/* ---- drawn sizes ----------------------------------------------------------------- */

/* Note [Drawn shapes]
 * ~~~~~~~~~~~~~~~~~~~
 * A sample writes its shapes with size variables, S_A .. S_F, which the
 * op-table test draws (each in 1..4) before it asks for the sample, several
 * times per op: so every op is checked on shapes it was not written for.
 * The relations between shapes are the sample's to state: the same variable
 * in two shapes makes those dims agree (mm's inner dims: [S_A, S_B] @
 * [S_B, S_C]); a literal 1 against a variable broadcasts; `S_A + 2` asks for
 * at least 3, where an index or a correction needs it; a literal is a size
 * the op fixes (split_with_sizes' pieces). A draw is seeded from its op's
 * name, its number and CG_SHAPE_SEED (the environment, default 1), and a
 * failing check prints all three and the sizes, so that it can be rerun. */
#define S_NSIZES 6
#define S_A s_size(0)
#define S_B s_size(1)
#define S_C s_size(2)
#define S_D s_size(3)
#define S_E s_size(4)
#define S_F s_size(5)
/* Draws every size variable from seed (values seeded by it too). */
void s_draw(uint64_t seed);
/* Size variable k of the current draw; counts the reads (s_sizes_read). */
int64_t s_size(int k);
/* Reads of size variables since the last s_draw. */
int s_sizes_read(void);
/* "A=2 B=4 C=1 D=3 E=2 F=1": the current draw, for failure messages. */
const char *s_draw_str(void);

/* ---- sample inputs --------------------------------------------------------------------- */

/* Inputs for samples: float64, requiring grad, values in [-2, 2) (or as
 * given), contiguous or not; their values are seeded by seed and the draw.
 * A non-contiguous input of two or more elements is never contiguous (a
 * transposed view when that is not contiguous, else every other element of
 * a longer last dim). S_SIZES(...) builds the sizes array. */
#define S_SIZES(...) ((const int64_t[]){__VA_ARGS__}), (int)(sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))
cg_tensor *s_input(const int64_t *sizes, int ndim, uint64_t seed, bool noncontig);
cg_tensor *s_input_range(const int64_t *sizes, int ndim, uint64_t seed, bool noncontig, double lo, double hi);
/* A float64 tensor that does not require grad (targets, weights). */
cg_tensor *s_const(const int64_t *sizes, int ndim, uint64_t seed);
cg_tensor *s_const_range(const int64_t *sizes, int ndim, uint64_t seed, double lo, double hi);
/* t moved to like's device (the CPU when like is NULL), for tensors a sample
 * makes inside its function: the GPU tests run samples with their inputs on
 * CUDA. Takes t's reference; NULL when t is. */
cg_tensor *s_on_device_of(const cg_tensor *like, cg_tensor *t);
/* A bool tensor, true at about half of its elements. */
cg_tensor *s_mask(const int64_t *sizes, int ndim, uint64_t seed);
/* int64 class indices in [0, classes); element 0 is not `avoid` (pass -1
 * for none), so that a loss ignoring one class always counts something. */
cg_tensor *s_classes(const int64_t *sizes, int ndim, int64_t classes, int64_t avoid, uint64_t seed);

#endif
