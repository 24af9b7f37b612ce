/* gcd_lcm.c: torch.gcd and torch.lcm of integral tensors (Note [gcd and
 * lcm of integers] in float_math.h): kernels and frontends; not
 * differentiable (integers never require grad). */
#include "ew.h"
#include "float_math.h"
#include "ops.h"

#define GCD_ROWS(SUF, T)                                      \
    CG_BINARY_ROW(gcd_##SUF, T, CG_NOPRO, cg_gcd_##SUF(a, b)) \
    CG_BINARY_ROW(lcm_##SUF, T, CG_NOPRO, cg_lcm_##SUF(a, b))
GCD_ROWS(i64, int64_t)
GCD_ROWS(i32, int32_t)
GCD_ROWS(i16, int16_t)
GCD_ROWS(i8, int8_t)
GCD_ROWS(u8, uint8_t)
#define PYTORCH_INTS(name)                                                                            \
    [CG_INT64] = name##_i64, [CG_INT32] = name##_i32, [CG_INT16] = name##_i16, [CG_INT8] = name##_i8, \
    [CG_UINT8] = name##_u8
static const cg_row_fn gcd_rows[CG_DTYPE_COUNT] = {PYTORCH_INTS(gcd)};
static const cg_row_fn lcm_rows[CG_DTYPE_COUNT] = {PYTORCH_INTS(lcm)};
void cg_cpu_gcd(const cg_kernel_call *c) { cg_ew_run(c, gcd_rows, 0); }
void cg_cpu_lcm(const cg_kernel_call *c) { cg_ew_run(c, lcm_rows, 0); }

/* the common dtype, refused unless one PyTorch's kernels take */
static bool gcd_dtype(cg_op op, cg_tensor *a, cg_tensor *b, cg_dtype *dt) {
    *dt = cg_result_type(2, (cg_tensor *[]){a, b});
    bool ok = *dt == CG_INT64 || *dt == CG_INT32 || *dt == CG_INT16 || *dt == CG_INT8 || *dt == CG_UINT8;
    if (!ok)
        cg_error_set(CG_RUNTIME_ERROR, "\"%s_cpu\" not implemented for '%s'", op == CG_OP_GCD ? "gcd" : "lcm",
                     cg_dtype_legacy_name(*dt));
    return ok;
}

static cg_tensor *gcd_lcm(cg_op op, cg_tensor *a, cg_tensor *b) {
    cg_dtype dt;
    return gcd_dtype(op, a, b, &dt) ? cg_ew_binary(op, a, b, dt, dt, NULL) : NULL;
}
static int gcd_lcm_(cg_op op, cg_tensor *self, cg_tensor *other) {
    cg_dtype dt;
    return gcd_dtype(op, self, other, &dt) ? cg_ew_binary_(op, self, other, dt, NULL) : -1;
}
cg_tensor *cg_gcd(cg_tensor *a, cg_tensor *b) { return gcd_lcm(CG_OP_GCD, a, b); }
cg_tensor *cg_lcm(cg_tensor *a, cg_tensor *b) { return gcd_lcm(CG_OP_LCM, a, b); }
int cg_gcd_(cg_tensor *self, cg_tensor *other) { return gcd_lcm_(CG_OP_GCD, self, other); }
int cg_lcm_(cg_tensor *self, cg_tensor *other) { return gcd_lcm_(CG_OP_LCM, self, other); }
