/* small_ops.c: numpy._fast's binary operators on small contiguous
 * float64, float32 and int64 arrays, as plain loops; not broadcasting,
 * not other dtypes, not large arrays (those are the engine's kernels).
 *
 * Note [Small array kernels]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The engine's elementwise path (promotion, broadcasting, the strided
 * iterator, a wrapped-number tensor for a Python scalar) costs about as
 * much as everything else in `a + 1` on 3 elements. Where numpy._fast
 * has already decided that the result keeps the array's dtype, the loop
 * is written here: the same IEEE operation element by element (a Python
 * number converted to the array's type first, as numpy and the engine
 * do), and two's-complement arithmetic for int64 (numpy wraps), so the
 * bits are the engine's and numpy's. Past SMALL_MAX elements the engine's
 * vector kernels win. */
#include "numpy/small_ops.h"

#include "numpy/fastops.h"

#define SMALL_MAX 4096

#define F_ADD(a, b) ((a) + (b))
#define F_SUB(a, b) ((a) - (b))
#define F_MUL(a, b) ((a) * (b))
#define F_DIV(a, b) ((a) / (b))
#define I_ADD(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define I_SUB(a, b) ((int64_t)((uint64_t)(a) - (uint64_t)(b)))
#define I_MUL(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
#define I_DIV(a, b) (a) /* never asked: / of ints gives float64 */

/* out[i] = x[i] op (y ? y[i] : s), out of x's type or bool */
#define SMALL_KERNEL(name, T, ADD, SUB, MUL, DIV)                                           \
    static void name(int op, void *out, const T *x, const T *y, T s, int64_t n) {           \
        T *o = out;                                                                         \
        bool *c = out;                                                                      \
        for (int64_t i = 0; i < n; i++) {                                                   \
            T a = x[i], b = y ? y[i] : s;                                                   \
            switch (op) {                                                                   \
            case FOP_ADD: o[i] = ADD(a, b); break;                                          \
            case FOP_SUB: o[i] = SUB(a, b); break;                                          \
            case FOP_MUL: o[i] = MUL(a, b); break;                                          \
            case FOP_TRUEDIV: o[i] = DIV(a, b); break;                                      \
            case FOP_EQ: c[i] = a == b; break;                                              \
            case FOP_NE: c[i] = a != b; break;                                              \
            case FOP_LT: c[i] = a < b; break;                                               \
            case FOP_LE: c[i] = a <= b; break;                                              \
            case FOP_GT: c[i] = a > b; break;                                               \
            default: c[i] = a >= b; break;                                                  \
            }                                                                               \
        }                                                                                   \
    }
SMALL_KERNEL(small_f64, double, F_ADD, F_SUB, F_MUL, F_DIV)
SMALL_KERNEL(small_f32, float, F_ADD, F_SUB, F_MUL, F_DIV)
SMALL_KERNEL(small_i64, int64_t, I_ADD, I_SUB, I_MUL, I_DIV)

static bool fits(const cg_tensor *x, const cg_tensor *y) {
    if (!cg_tensor_is_contiguous(x) || cg_tensor_numel(x) > SMALL_MAX || cg_tensor_device(x).type != CG_CPU)
        return false;
    if (x->dtype != CG_F64 && x->dtype != CG_F32 && x->dtype != CG_INT64)
        return false;
    return !y || (y->dtype == x->dtype && cg_tensor_is_contiguous(y) && cg_tensor_device(y).type == CG_CPU
                  && cg_sizes_equal(x->ndim, x->sizes, y->ndim, y->sizes));
}

cg_tensor *np_small_binop(int op, const cg_tensor *x, const cg_tensor *y, cg_value v) {
    bool number = v.tag == CG_V_INT || (v.tag == CG_V_FLOAT && x->dtype != CG_INT64);
    if (!fits(x, y) || (!y && !number) || (x->dtype == CG_INT64 && op == FOP_TRUEDIV))
        return NULL;
    cg_tensor *r = cg_tensor_empty(x->ndim, x->sizes, op >= FOP_EQ ? CG_BOOL : x->dtype, cg_device_cpu());
    if (!r)
        return NULL;
    double f = v.tag == CG_V_INT ? (double)v.u.i : v.tag == CG_V_FLOAT ? v.u.f : 0.0;
    int64_t n = cg_tensor_numel(x);
    void *out = cg_tensor_data(r);
    const void *yd = y ? cg_tensor_data(y) : NULL;
    if (x->dtype == CG_F64)
        small_f64(op, out, cg_tensor_data(x), yd, f, n);
    else if (x->dtype == CG_F32)
        small_f32(op, out, cg_tensor_data(x), yd, (float)f, n);
    else
        small_i64(op, out, cg_tensor_data(x), yd, v.tag == CG_V_INT ? v.u.i : 0, n);
    return r;
}
