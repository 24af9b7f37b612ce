/* addr.c: torch.addr(input, vec1, vec2, *, beta=1, alpha=1), beta * input +
 * alpha * outer(vec1, vec2), one elementwise pass as PyTorch's, with its
 * node AddrBackward0.
 *
 * Note [addr's rounding]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13's addr kernel is one expression, beta * self + alpha * vec1
 * * vec2, compiled twice: its vector form (whole steps of two vectors of a
 * row whose operands are contiguous, one of them possibly a single value)
 * becomes fma(alpha * vec1, vec2, beta * self), its scalar form (the rest)
 * fma(beta, self, alpha * vec1 * vec2). Measured bit for bit against torch
 * 1.13 (AVX2 capability) for float and double. With beta 0, self is not
 * read (its NaNs do not propagate): alpha * vec1 * vec2. */
#include <math.h>

#include "ew.h"
#include "ops.h"

/* the vector form's share of a row: whole steps of 2 * lanes, when the
 * output and inputs are contiguous but for at most one single value */
static int64_t vector_part(const int64_t *s, int64_t n, size_t item, int64_t step) {
    if (s[0] != (int64_t)item)
        return 0;
    int scalars = 0;
    for (int k = 1; k <= 3; k++) {
        if (s[k] == 0)
            scalars++;
        else if (s[k] != (int64_t)item)
            return 0;
    }
    return scalars <= 1 ? n - n % step : 0;
}

#define ADDR_FLOAT_ROW(SUF, T, FMA, LANES)                                                           \
    static void addr_##SUF(char **p, const int64_t *s, int64_t n, const void *ctx) {                 \
        const cg_op_args *args = ctx;                                                                \
        const T beta = (T)cg_scalar_to_double(args->s[0]), alpha = (T)cg_scalar_to_double(args->s[1]); \
        int64_t v = beta == 0 ? n : vector_part(s, n, sizeof(T), 2 * LANES);                         \
        for (int64_t i = 0; i < n; i++) {                                                            \
            T self = *(const T *)(p[1] + i * s[1]), a = *(const T *)(p[2] + i * s[2]);              \
            T b = *(const T *)(p[3] + i * s[3]);                                                     \
            T r;                                                                                     \
            if (beta == 0)                                                                           \
                r = alpha * a * b;                                                                   \
            else if (i < v)                                                                          \
                r = FMA(alpha * a, b, beta * self);                                                  \
            else                                                                                     \
                r = FMA(beta, self, alpha * a * b);                                                  \
            *(T *)(p[0] + i * s[0]) = r;                                                             \
        }                                                                                            \
    }
ADDR_FLOAT_ROW(f32, float, fmaf, 8)
ADDR_FLOAT_ROW(f64, double, fma, 4)

/* integers wrap, computed unsigned */
#define ADDR_INT_ROW(SUF, T, U)                                                                      \
    static void addr_##SUF(char **p, const int64_t *s, int64_t n, const void *ctx) {                 \
        const cg_op_args *args = ctx;                                                                \
        const U beta = (U)(T)cg_scalar_to_int(args->s[0]), alpha = (U)(T)cg_scalar_to_int(args->s[1]); \
        for (int64_t i = 0; i < n; i++) {                                                            \
            U self = (U) * (const T *)(p[1] + i * s[1]), a = (U) * (const T *)(p[2] + i * s[2]);    \
            U b = (U) * (const T *)(p[3] + i * s[3]);                                                \
            *(T *)(p[0] + i * s[0]) = (T)(beta == 0 ? alpha * a * b : beta * self + alpha * a * b);  \
        }                                                                                            \
    }
ADDR_INT_ROW(i32, int32_t, uint32_t)
ADDR_INT_ROW(i64, int64_t, uint64_t)
ADDR_INT_ROW(u8, uint8_t, uint32_t)
ADDR_INT_ROW(i8, int8_t, uint32_t)
ADDR_INT_ROW(i16, int16_t, uint32_t)
ADDR_INT_ROW(u16, uint16_t, uint32_t)
ADDR_INT_ROW(u32, uint32_t, uint32_t)
ADDR_INT_ROW(u64, uint64_t, uint64_t)

static void addr_bool(char **p, const int64_t *s, int64_t n, const void *ctx) {
    const cg_op_args *args = ctx;
    const bool beta = cg_scalar_to_double(args->s[0]) != 0, alpha = cg_scalar_to_double(args->s[1]) != 0;
    for (int64_t i = 0; i < n; i++) {
        bool self = *(const bool *)(p[1] + i * s[1]), a = *(const bool *)(p[2] + i * s[2]);
        bool b = *(const bool *)(p[3] + i * s[3]);
        *(bool *)(p[0] + i * s[0]) = (beta && self) || (alpha && a && b);
    }
}

static const cg_row_fn addr_rows[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC(addr), [CG_BOOL] = addr_bool};
void cg_cpu_addr(const cg_kernel_call *c) { cg_ew_run(c, addr_rows, 0); }

static int check_vector(const char *name, const cg_tensor *v) {
    CG_CHECK_INT(v->ndim == 1, CG_RUNTIME_ERROR, "addr: Expected 1-D argument %s, but got %d-D", name, v->ndim);
    return 0;
}

/* integral tensors take integral beta and alpha, as PyTorch */
static int check_scalars(cg_dtype dt, cg_scalar beta, cg_scalar alpha) {
    if (cg_dtype_is_float(dt) || cg_dtype_is_complex(dt))
        return 0;
    CG_CHECK_INT(beta.kind != CG_SCALAR_FLOAT && beta.kind != CG_SCALAR_COMPLEX, CG_RUNTIME_ERROR,
                 "For integral input tensors, argument beta must not be a floating point number.");
    CG_CHECK_INT(alpha.kind != CG_SCALAR_FLOAT && alpha.kind != CG_SCALAR_COMPLEX, CG_RUNTIME_ERROR,
                 "For integral input tensors, argument alpha must not be a floating point number.");
    return 0;
}

cg_tensor *cg_addr(cg_tensor *self, cg_tensor *vec1, cg_tensor *vec2, cg_scalar beta, cg_scalar alpha) {
    if (check_vector("vec1", vec1) < 0 || check_vector("vec2", vec2) < 0)
        return NULL;
    int64_t sizes[] = {vec1->sizes[0], vec2->sizes[0]};
    cg_tensor *e = cg_expand(self, 2, sizes); /* PyTorch's shape error first */
    if (!e)
        return NULL;
    cg_tensor_release(e);
    cg_dtype dt = cg_result_type(3, (cg_tensor *[]){self, vec1, vec2});
    CG_CHECK(dt != CG_F16 && dt != CG_BF16 && !cg_dtype_is_complex(dt), CG_NOT_IMPLEMENTED_ERROR,
             "addr of %s tensors is not supported by cgrad yet", cg_dtype_legacy_name(dt));
    if (check_scalars(dt, beta, alpha) < 0)
        return NULL;
    cg_tensor *col = cg_view(vec1, 2, (int64_t[]){vec1->sizes[0], 1});
    if (!col)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = cg_ew_ternary(CG_OP_ADDR, self, col, vec2, (cg_dtype[]){dt, dt, dt}, dt,
                                   &(cg_op_args){.s = {beta, alpha}});
    cg_grad_set_enabled(was);
    cg_tensor_release(col);
    if (!out)
        return NULL;
    cg_op_args args = {.s = {beta, alpha}};
    cg_save_spec save[] = {{vec1, "vec1"}, {vec2, "vec2"}};
    return cg_ew_record(out, CG_OP_ADDR, 3, (cg_tensor *[]){self, vec1, vec2}, 2, save, &args);
}

/* self.addr_(vec1, vec2): self must hold the outer product's shape */
int cg_addr_(cg_tensor *self, cg_tensor *vec1, cg_tensor *vec2, cg_scalar beta, cg_scalar alpha) {
    if (check_vector("vec1", vec1) < 0 || check_vector("vec2", vec2) < 0)
        return -1;
    cg_dtype dt = self->dtype;
    CG_CHECK_INT(dt != CG_F16 && dt != CG_BF16 && !cg_dtype_is_complex(dt), CG_NOT_IMPLEMENTED_ERROR,
                 "addr of %s tensors is not supported by cgrad yet", cg_dtype_legacy_name(dt));
    if (check_scalars(dt, beta, alpha) < 0)
        return -1;
    cg_tensor *col = cg_view(vec1, 2, (int64_t[]){vec1->sizes[0], 1});
    if (!col)
        return -1;
    cg_tensor *in[] = {self, vec1, vec2};
    bool record = cg_autograd_needed(3, in);
    cg_op_args args = {.s = {beta, alpha}};
    bool was = cg_grad_set_enabled(false);
    int rc = cg_ew_ternary_(CG_OP_ADDR, self, col, vec2, dt, &args);
    cg_grad_set_enabled(was);
    cg_tensor_release(col);
    if (rc < 0 || !record)
        return rc;
    cg_save_spec save[] = {{vec1, "vec1"}, {vec2, "vec2"}};
    return cg_ew_record_(self, CG_OP_ADDR, 3, in, 2, save, &args);
}

/* AddrBackward0: self: grad * beta; vec1: grad.mv(vec2) * alpha; vec2:
 * grad.t().mv(vec1) * alpha */
int cg_bw_addr(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *vec1, *vec2;
    if (cg_node_saved(n, 0, &vec1) < 0 || cg_node_saved(n, 1, &vec2) < 0)
        return -1;
    double beta = cg_scalar_to_double(n->args.s[0]), alpha = cg_scalar_to_double(n->args.s[1]);
    if (n->next[0].node && !(gi[0] = beta == 1 ? cg_tensor_retain(go[0]) : cg_mul_scalar(go[0], beta)))
        return -1;
    for (int k = 1; k <= 2; k++) {
        if (!n->next[k].node)
            continue;
        cg_tensor *m = k == 1 ? cg_tensor_retain(go[0]) : cg_t(go[0]);
        cg_tensor *p = m ? cg_mv(m, k == 1 ? vec2 : vec1) : NULL;
        gi[k] = p && alpha != 1 ? cg_mul_scalar(p, alpha) : (p ? cg_tensor_retain(p) : NULL);
        cg_tensor_release(m), cg_tensor_release(p);
        if (!gi[k])
            return -1;
    }
    return 0;
}
