/* norm_kernel.c: when the fused normalisation kernels of norm_kernel.h
 * apply: on CPUs with AVX2 and FMA (they are built for them, as PyTorch's
 * kernels they follow), to float and double tensors on the CPU. */
#include "norm_kernel.h"
#include "vec_math.h"

static bool fits(const cg_tensor *t, cg_dtype dt, bool contiguous) {
    return !t || (t->dtype == dt && (!contiguous || cg_tensor_is_contiguous(t)) && cg_tensor_device(t).type == CG_CPU);
}

static bool suits(cg_tensor *x, cg_tensor *const *params, int nparams, bool contiguous) {
    if (!(x->dtype == CG_F32 || x->dtype == CG_F64) || !fits(x, x->dtype, contiguous) || cg_tensor_numel(x) == 0
        || !cg_vec_math_available())
        return false;
    for (int i = 0; i < nparams; i++)
        if (!fits(params[i], x->dtype, contiguous))
            return false;
    return true;
}

bool cg_norm_kernel_applies(cg_tensor *x, cg_tensor *const *params, int nparams) {
    return suits(x, params, nparams, true);
}

bool cg_norm_kernel_fits(cg_tensor *x, cg_tensor *const *params, int nparams) {
    return suits(x, params, nparams, false);
}
