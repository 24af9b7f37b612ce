/* parity_linalg.c: fixture adapters for the matrix products
 * (tests/fixtures/cases/linalg.py). */
#include "parity.h"

PARITY(mm) { return cg_mm(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(bmm) { return cg_bmm(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(mv) { return cg_mv(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(dot) { return cg_dot(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(outer) { return cg_outer(p_tensor(c, 0), p_tensor(c, 1)); }
PARITY(matmul) { return cg_matmul(p_tensor(c, 0), p_tensor(c, 1)); }

PARITY(addmm) {
    return cg_addmm(p_tensor(c, 0), p_tensor(c, 1), p_tensor(c, 2), p_kw_scalar(c, "beta", cg_scalar_int(1)),
                    p_kw_scalar(c, "alpha", cg_scalar_int(1)));
}

PARITY(linear) {
    cg_tensor *bias = p_nargs(c) > 2 && p_is_tensor(c, 2) ? p_tensor(c, 2) : NULL;
    return cg_linear(p_tensor(c, 0), p_tensor(c, 1), bias);
}
