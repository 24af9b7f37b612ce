/* addmv.c: torch.addmv(input, mat, vec, *, beta=1, alpha=1), beta * input +
 * alpha * mat @ vec, with its node AddmvBackward0. On the CPU, floats go
 * as PyTorch's do: input copied into the result, then one gemv with alpha
 * and beta (product_paths.c), so the bits are BLAS's; other dtypes and
 * devices compute mv, then scale and add. */
#include "ops.h"
#include "product_paths.h"

static int check_addmv(const cg_tensor *self, const cg_tensor *mat, const cg_tensor *vec) {
    CG_CHECK_INT(self->ndim <= 1 && mat->ndim == 2 && vec->ndim == 1, CG_RUNTIME_ERROR,
                 "vector + matrix @ vector expected, got %d, %d, %d", self->ndim, mat->ndim, vec->ndim);
    int64_t n = self->ndim ? self->sizes[0] : 1;
    CG_CHECK_INT(mat->sizes[1] == vec->sizes[0] && (n == 1 || n == mat->sizes[0]), CG_RUNTIME_ERROR,
                 "size mismatch, got %lld, %lldx%lld,%lld", (long long)n, (long long)mat->sizes[0],
                 (long long)mat->sizes[1], (long long)vec->sizes[0]);
    CG_CHECK_INT(mat->dtype == vec->dtype, CG_RUNTIME_ERROR, "expected scalar type %s but found %s",
                 cg_dtype_legacy_name(mat->dtype), cg_dtype_legacy_name(vec->dtype));
    CG_CHECK_INT(mat->dtype != CG_BOOL, CG_RUNTIME_ERROR, "\"addmv_impl_cpu\" not implemented for 'Bool'");
    return 0;
}

/* t made gemv-ready (a contiguous copy when its layout is not), unrecorded */
static cg_tensor *ready(cg_tensor *t, bool ok) { return ok ? cg_tensor_retain(t) : cg_contiguous(t); }

/* PyTorch's CPU path: the result holds input (beta != 0), then gemv */
static cg_tensor *addmv_blas(cg_tensor *self, cg_tensor *mat, cg_tensor *vec, double beta, double alpha) {
    int64_t n = mat->sizes[0];
    cg_tensor *out = cg_tensor_empty(1, &n, mat->dtype, cg_device_cpu());
    cg_tensor *e = out && beta != 0 ? cg_expand(self, 1, &n) : NULL;
    if (!out || (beta != 0 && (!e || cg_copy_raw(out, e) < 0))) {
        cg_tensor_release(out), cg_tensor_release(e);
        return NULL;
    }
    cg_tensor_release(e);
    if (n == 0)
        return out;
    cg_tensor *m = ready(mat, cg_mv_layout_ok(mat)), *v = m ? ready(vec, vec->strides[0] != 0) : NULL;
    if (v)
        cg_addmv_blas(m, v, out, alpha, beta);
    cg_tensor_release(m), cg_tensor_release(v);
    if (!v) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* anything else: mv, times alpha, plus input times beta (beta 0: input unread) */
static cg_tensor *addmv_steps(cg_tensor *self, cg_tensor *mat, cg_tensor *vec, cg_scalar beta, cg_scalar alpha) {
    cg_tensor *p = cg_mv(mat, vec);
    cg_tensor *a = p ? cg_scalar_tensor(alpha) : NULL;
    cg_tensor *ap = a ? cg_mul(p, a) : NULL;
    cg_tensor_release(p), cg_tensor_release(a);
    if (!ap || cg_scalar_to_double(beta) == 0)
        return ap;
    cg_tensor *b = cg_scalar_tensor(beta);
    cg_tensor *bs = b ? cg_mul(self, b) : NULL;
    cg_tensor *r = bs ? cg_add(bs, ap, cg_scalar_int(1)) : NULL;
    cg_tensor_release(b), cg_tensor_release(bs), cg_tensor_release(ap);
    if (r && r->dtype != mat->dtype) {
        cg_tensor *c = cg_to_dtype(r, mat->dtype);
        cg_tensor_release(r);
        r = c;
    }
    return r;
}

cg_tensor *cg_addmv(cg_tensor *self, cg_tensor *mat, cg_tensor *vec, cg_scalar beta, cg_scalar alpha) {
    if (check_addmv(self, mat, vec) < 0)
        return NULL;
    bool blas = cg_dtype_is_float(mat->dtype) && mat->dtype != CG_F16 && mat->dtype != CG_BF16
                && cg_device_equal(cg_tensor_device(mat), cg_device_cpu()) && cg_tensor_numel(mat) > 0;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = blas ? addmv_blas(self, mat, vec, cg_scalar_to_double(beta), cg_scalar_to_double(alpha))
                          : addmv_steps(self, mat, vec, beta, alpha);
    cg_grad_set_enabled(was);
    if (!out)
        return NULL;
    cg_tensor *in[] = {self, mat, vec};
    cg_op_args args = {.s = {beta, alpha}};
    cg_save_spec save[] = {{mat, "mat"}, {vec, "vec"}};
    if (cg_autograd_needed(3, in) && cg_autograd_record(CG_OP_ADDMV, 1, &out, 3, in, 2, save, &args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* self.addmv_(mat, vec): self must be mat's rows long */
int cg_addmv_(cg_tensor *self, cg_tensor *mat, cg_tensor *vec, cg_scalar beta, cg_scalar alpha) {
    if (check_addmv(self, mat, vec) < 0)
        return -1;
    char a[CG_SIZES_STR_MAX];
    CG_CHECK_INT(self->ndim == 1 && self->sizes[0] == mat->sizes[0], CG_RUNTIME_ERROR,
                 "Bad in-place call: input tensor size %s and output tensor size [%lld] should match",
                 cg_sizes_str(self->ndim, self->sizes, a, sizeof a), (long long)mat->sizes[0]);
    cg_tensor *in[] = {self, mat, vec};
    bool record = cg_autograd_needed(3, in);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *r = cg_addmv(self, mat, vec, beta, alpha);
    int rc = r ? cg_copy_(self, r) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(r);
    if (rc < 0 || !record)
        return rc;
    cg_op_args args = {.s = {beta, alpha}};
    cg_save_spec save[] = {{mat, "mat"}, {vec, "vec"}};
    return cg_autograd_record(CG_OP_ADDMV, 1, &self, 3, in, 2, save, &args, NULL);
}

/* AddmvBackward0: self: grad * beta; mat: outer(grad, vec) * alpha; vec:
 * mat^T @ grad * alpha */
int cg_bw_addmv(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *mat, *vec;
    if (cg_node_saved(n, 0, &mat) < 0 || cg_node_saved(n, 1, &vec) < 0)
        return -1;
    double beta = cg_scalar_to_double(n->args.s[0]), alpha = cg_scalar_to_double(n->args.s[1]);
    if (n->next[0].node && !(gi[0] = beta == 1 ? cg_tensor_retain(go[0]) : cg_mul_scalar(go[0], beta)))
        return -1;
    for (int k = 1; k <= 2; k++) {
        if (!n->next[k].node)
            continue;
        cg_tensor *t = k == 2 ? cg_t(mat) : NULL;
        cg_tensor *p = k == 1 ? cg_outer(go[0], vec) : (t ? cg_mv(t, go[0]) : NULL);
        gi[k] = p && alpha != 1 ? cg_mul_scalar(p, alpha) : (p ? cg_tensor_retain(p) : NULL);
        cg_tensor_release(t), cg_tensor_release(p);
        if (!gi[k])
            return -1;
    }
    return 0;
}
