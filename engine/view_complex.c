/* view_complex.c: the views between a complex tensor and its parts
 * (view_as_real, view_as_complex) and the composites made of them (real,
 * imag). A complex element is two parts, real first, so a complex tensor
 * of strides s is a tensor of its parts' dtype with strides 2s and a last
 * dim of 2, stride 1. This file is not complex arithmetic (ops_complex.c). */
#include "ops.h"

cg_tensor *cg_view_as_real(cg_tensor *t) {
    CG_CHECK(cg_dtype_is_complex(t->dtype), CG_RUNTIME_ERROR, "view_as_real is only supported for complex tensors");
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    CG_CHECK(t->ndim < CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions, got %d",
             CG_MAX_DIMS, t->ndim + 1);
    for (int d = 0; d < t->ndim; d++)
        sizes[d] = t->sizes[d], strides[d] = 2 * t->strides[d];
    sizes[t->ndim] = 2, strides[t->ndim] = 1;
    return cg_view_make(t, t->ndim + 1, sizes, strides, 2 * t->offset, cg_dtype_real_part(t->dtype),
                        CG_OP_VIEW_AS_REAL, NULL, NULL);
}

/* ViewAsRealBackward0: the gradient of the parts seen as complex again
 * (contiguous, as view_as_complex needs). */
int cg_bw_view_as_real(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    cg_tensor *c = cg_contiguous(go[0]);
    gi[0] = c ? cg_view_as_complex(c) : NULL;
    cg_tensor_release(c);
    return gi[0] ? 0 : -1;
}

cg_tensor *cg_view_as_complex(cg_tensor *t) {
    CG_CHECK(t->dtype == CG_F32 || t->dtype == CG_F64, CG_RUNTIME_ERROR,
             "view_as_complex is only supported for half, float and double tensors, but got a tensor of scalar "
             "type: %s",
             cg_dtype_legacy_name(t->dtype));
    int last = t->ndim - 1;
    CG_CHECK(last >= 0 && t->sizes[last] == 2, CG_RUNTIME_ERROR, "Tensor must have a last dimension of size 2");
    CG_CHECK(t->strides[last] == 1, CG_RUNTIME_ERROR, "Tensor must have a last dimension with stride 1");
    for (int d = 0; d < last; d++)
        CG_CHECK(t->strides[d] % 2 == 0, CG_RUNTIME_ERROR,
                 "Tensor must have a stride divisible by 2 for all but last dimension");
    CG_CHECK(t->offset % 2 == 0, CG_RUNTIME_ERROR, "Tensor must have a storage_offset divisible by 2");
    int64_t strides[CG_MAX_DIMS];
    for (int d = 0; d < last; d++)
        strides[d] = t->strides[d] / 2;
    return cg_view_make(t, last, t->sizes, strides, t->offset / 2, cg_dtype_to_complex(t->dtype),
                        CG_OP_VIEW_AS_COMPLEX, NULL, NULL);
}

/* ViewAsComplexBackward0: the gradient's parts */
int cg_bw_view_as_complex(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    gi[0] = cg_view_as_real(go[0]);
    return gi[0] ? 0 : -1;
}

static cg_tensor *part(cg_tensor *t, int64_t which) {
    cg_tensor *r = cg_view_as_real(t);
    cg_tensor *p = r ? cg_select(r, -1, which) : NULL;
    cg_tensor_release(r);
    return p;
}

cg_tensor *cg_real(cg_tensor *t) { return cg_dtype_is_complex(t->dtype) ? part(t, 0) : cg_tensor_retain(t); }

cg_tensor *cg_imag(cg_tensor *t) {
    CG_CHECK(cg_dtype_is_complex(t->dtype), CG_RUNTIME_ERROR,
             "imag is not implemented for tensors with non-complex dtypes.");
    return part(t, 1);
}
