/* complex_make.c: torch.complex and torch.polar, complex tensors made of
 * two real ones, and their derivatives. Their kernels are ops_complex.c's
 * rows (keyed by the complex output). Not the views between a complex
 * tensor and its parts (view_complex.c). */
#include "ew.h"
#include "formula.h"

/* PyTorch's checks: both float32 or both float64 (float16 would make
 * complex32, which cgrad lacks). */
static int check_parts(const cg_tensor *a, const cg_tensor *b) {
    bool fa = a->dtype == CG_F16 || a->dtype == CG_F32 || a->dtype == CG_F64;
    bool fb = b->dtype == CG_F16 || b->dtype == CG_F32 || b->dtype == CG_F64;
    CG_CHECK_INT(fa && fb, CG_RUNTIME_ERROR, "Expected both inputs to be Half, Float or Double tensors but got %s and %s",
                 cg_dtype_legacy_name(a->dtype), cg_dtype_legacy_name(b->dtype));
    CG_CHECK_INT(a->dtype == b->dtype, CG_RUNTIME_ERROR,
                 "Expected object of scalar type %s but got scalar type %s for second argument",
                 cg_dtype_legacy_name(a->dtype), cg_dtype_legacy_name(b->dtype));
    CG_CHECK_INT(a->dtype != CG_F16, CG_RUNTIME_ERROR, "cgrad has no complex32 (ComplexHalf) dtype");
    return 0;
}

static cg_tensor *make(cg_op op, cg_tensor *a, cg_tensor *b) {
    if (check_parts(a, b) < 0)
        return NULL;
    cg_tensor *out = cg_ew_binary(op, a, b, a->dtype, cg_dtype_to_complex(a->dtype), NULL);
    if (!out || op == CG_OP_COMPLEX)
        return cg_ew_record(out, op, 2, (cg_tensor *[]){a, b}, 0, NULL, NULL);
    return cg_ew_record(out, op, 2, (cg_tensor *[]){a, b}, 1, &(cg_save_spec){out, "result"}, NULL);
}

cg_tensor *cg_make_complex(cg_tensor *real, cg_tensor *imag) { return make(CG_OP_COMPLEX, real, imag); }
cg_tensor *cg_polar(cg_tensor *abs, cg_tensor *angle) { return make(CG_OP_POLAR, abs, angle); }

/* ComplexBackward0: real: grad.real, imag: grad.imag */
int cg_bw_complex(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    if (n->next[0].node && !(gi[0] = cg_real(go[0])))
        return -1;
    if (n->next[1].node && !(gi[1] = cg_imag(go[0])))
        return -1;
    return 0;
}

/* PolarBackward0, as PyTorch's polar_backward: abs: (grad.conj() *
 * result.sgn()).real, angle: (grad.conj() * result * 1j).real */
int cg_bw_polar(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *r;
    if (cg_node_saved(n, 0, &r) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *gc = s_conj(&s, go[0]);
    cg_tensor *j = keep(&s, cg_scalar_tensor(cg_scalar_complex(0, 1)));
    cg_tensor *to_abs = s_mul(&s, gc, s_sgn(&s, r)), *to_angle = s_mul(&s, gc, s_mul(&s, r, j));
    int rc = 0;
    if (n->next[0].node && !(gi[0] = to_abs ? cg_real(to_abs) : NULL))
        rc = -1;
    if (rc == 0 && n->next[1].node && !(gi[1] = to_angle ? cg_real(to_angle) : NULL))
        rc = -1;
    scratch_free(&s);
    return rc;
}
