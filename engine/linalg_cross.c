/* linalg_cross.c: torch.linalg.cross, the cross product of 3-vectors
 * along a dim, inputs broadcast, LinalgCrossBackward0.
 *
 * Note [Cross product's fused multiply-add]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13's CPU kernel writes each component as a1 * b2 - a2 * b1,
 * which its build contracts into fma(a1, b2, -(a2 * b1)): the second
 * product rounded, the first exact inside the fused add. We compute the
 * same expression with fma, so the bits are PyTorch's. */
#include <math.h>
#include <string.h>

#include "autograd.h"
#include "error.h"
#include "ops.h"

/* in[0], in[1], out[0]: contiguous, one shape; args->i[0]: the dim (size 3) */
#define CROSS_LOOP(T, EXPR)                                                                     \
    do {                                                                                        \
        const T *a = cg_tensor_data((cg_tensor *)c->in[0]), *b = cg_tensor_data((cg_tensor *)c->in[1]); \
        T *o = cg_tensor_data(c->out[0]);                                                       \
        for (int64_t p = 0; p < outer; p++)                                                     \
            for (int64_t q = 0; q < inner; q++) {                                               \
                int64_t base = p * 3 * inner + q;                                               \
                for (int k = 0; k < 3; k++) {                                                   \
                    int64_t j1 = base + ((k + 1) % 3) * inner, j2 = base + ((k + 2) % 3) * inner;       \
                    o[base + k * inner] = EXPR;                                                 \
                }                                                                               \
            }                                                                                   \
    } while (0)

void cg_cpu_linalg_cross(const cg_kernel_call *c) {
    const cg_tensor *x = c->out[0];
    int d = (int)c->args->i[0];
    int64_t outer = 1, inner = 1;
    for (int i = 0; i < d; i++)
        outer *= x->sizes[i];
    for (int i = d + 1; i < x->ndim; i++)
        inner *= x->sizes[i];
    switch (x->dtype) {
    case CG_F32: CROSS_LOOP(float, fmaf(a[j1], b[j2], -(a[j2] * b[j1]))); break;
    case CG_F64: CROSS_LOOP(double, fma(a[j1], b[j2], -(a[j2] * b[j1]))); break;
    case CG_INT64: CROSS_LOOP(int64_t, (int64_t)((uint64_t)a[j1] * (uint64_t)b[j2] - (uint64_t)a[j2] * (uint64_t)b[j1])); break;
    case CG_INT32: CROSS_LOOP(int32_t, (int32_t)((uint32_t)a[j1] * (uint32_t)b[j2] - (uint32_t)a[j2] * (uint32_t)b[j1])); break;
    default: break; /* refused before */
    }
}

static int check_cross(const cg_tensor *a, const cg_tensor *b, int64_t dim) {
    CG_CHECK_INT(a->ndim == b->ndim, CG_RUNTIME_ERROR, "linalg.cross: inputs must have the same number of dimensions.");
    int d = cg_wrap_dim(dim, a->ndim);
    if (d < 0)
        return -1;
    CG_CHECK_INT(a->sizes[d] == 3 && b->sizes[d] == 3, CG_RUNTIME_ERROR,
                 "linalg.cross: inputs dimension %lld must have length 3. Got %lld and %lld", (long long)dim,
                 (long long)a->sizes[d], (long long)b->sizes[d]);
    CG_CHECK_INT(a->dtype == b->dtype, CG_RUNTIME_ERROR, "expected scalar type %s but found %s",
                 cg_dtype_legacy_name(a->dtype), cg_dtype_legacy_name(b->dtype));
    CG_CHECK_INT(a->dtype == CG_F32 || a->dtype == CG_F64 || a->dtype == CG_INT64 || a->dtype == CG_INT32,
                 CG_RUNTIME_ERROR, "\"linalg_cross\" not implemented for '%s'", cg_dtype_legacy_name(a->dtype));
    return d;
}

/* t expanded to sizes, contiguous, no graph */
static cg_tensor *dense(cg_tensor *t, int ndim, const int64_t *sizes) {
    cg_tensor *e = cg_expand(t, ndim, sizes), *r = e ? cg_contiguous(e) : NULL;
    cg_tensor_release(e);
    return r;
}

cg_tensor *cg_linalg_cross(cg_tensor *a, cg_tensor *b, int64_t dim) {
    int d = check_cross(a, b, dim);
    if (d < 0)
        return NULL;
    int64_t sizes[CG_MAX_DIMS];
    for (int i = 0; i < a->ndim; i++) {
        int64_t x = a->sizes[i], y = b->sizes[i];
        CG_CHECK(x == y || x == 1 || y == 1, CG_RUNTIME_ERROR,
                 "The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %d",
                 (long long)x, (long long)y, i);
        sizes[i] = x == 1 ? y : x;
    }
    bool was = cg_grad_set_enabled(false);
    cg_tensor *x = dense(a, a->ndim, sizes), *y = x ? dense(b, b->ndim, sizes) : NULL;
    cg_tensor *out = y ? cg_tensor_empty(a->ndim, sizes, a->dtype, cg_tensor_device(a)) : NULL;
    cg_op_args args = {.i = {d}};
    cg_kernel_call call = {.op = CG_OP_LINALG_CROSS, .nout = 1, .nin = 2, .out = {out}, .in = {x, y}, .args = &args};
    int rc = out ? cg_op_run(&call) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(x), cg_tensor_release(y);
    cg_tensor *in[] = {a, b};
    if (rc == 0 && cg_autograd_needed(2, in)) {
        cg_save_spec save[] = {{a, "self"}, {b, "other"}};
        rc = cg_autograd_record(CG_OP_LINALG_CROSS, 1, &out, 2, in, 2, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* LinalgCrossBackward0: self: cross(other, g); other: cross(g, self) */
int cg_bw_linalg_cross(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *a, *b;
    if (cg_node_saved_all(n, 2, &a, &b) < 0)
        return -1;
    int64_t d = n->args.i[0];
    gi[0] = n->next[0].node ? cg_linalg_cross(b, go[0], d) : NULL;
    if (n->next[0].node && !gi[0])
        return -1;
    gi[1] = n->next[1].node ? cg_linalg_cross(go[0], a, d) : NULL;
    return n->next[1].node && !gi[1] ? -1 : 0;
}
