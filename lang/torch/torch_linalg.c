/* torch_linalg.c: the torch.linalg module: qr and solve_triangular
 * (engine/linalg_qr.c, engine/linalg_solve_triangular.c), as PyTorch 1.13
 * binds them: linalg.qr returns torch.return_types.linalg_qr (Q, R).
 * Not here: the rest of torch.linalg, the out= arguments. */
#include <string.h>

#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* mode as cg_qr_mode, or -1 with PyTorch's error */
int torch_qr_mode(cg_value v, cg_qr_mode *mode) {
    const char *s;
    if (torch_str_arg("linalg_qr", "mode", torch_pos(1), v, false, &s) < 0)
        return -1;
    if (!strcmp(s, "reduced"))
        *mode = CG_QR_REDUCED;
    else if (!strcmp(s, "complete"))
        *mode = CG_QR_COMPLETE;
    else if (!strcmp(s, "r"))
        *mode = CG_QR_R;
    else
        return cg_raise_int(&cg_exc_RuntimeError,
                            "qr received unrecognized mode '%s' but expected one of 'reduced' (default), 'r', or "
                            "'complete'",
                            s);
    return 0;
}

cg_value torch_qr_pair(const char *type, cg_tensor *A, cg_qr_mode mode) {
    cg_tensor *q, *r;
    if (cg_linalg_qr(A, mode, &q, &r) < 0)
        return torch_raise();
    return torch_return_pair(type, cg_tensor_steal(q), cg_tensor_steal(r));
}

/* qr(A, mode='reduced') */
static cg_value fn_qr(cg_value *a) {
    cg_qr_mode mode;
    if (torch_qr_mode(a[1], &mode) < 0)
        return CG_ERR;
    return torch_qr_pair("linalg_qr", T0, mode);
}

/* solve_triangular(A, B, *, upper, left=True, unitriangular=False) */
static cg_value fn_solve_triangular(cg_value *a) {
    const char *fn = "linalg_solve_triangular";
    cg_tensor *B = torch_tensor_arg_borrowed(fn, "B", 2, a[1]);
    bool upper, left, unit;
    if (!B || torch_bool_arg(fn, "upper", 3, a[2], &upper) < 0 || torch_bool_arg(fn, "left", 4, a[3], &left) < 0
        || torch_bool_arg(fn, "unitriangular", 5, a[4], &unit) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_linalg_solve_triangular(T0, B, upper, left, unit));
}

#define F TORCH_FUNCTION
#define OPS(X)                                                                                                   \
    X(qr, "qr", "mode='reduced'", IMPL(fn_qr), F, "A")                                                           \
    X(solve_triangular, "solve_triangular", "B, *, upper, left=True, unitriangular=False", IMPL(fn_solve_triangular), \
      F, "A")

#define TORCH_TAB linalg_ops
TORCH_OP_TABLE(OPS)

cg_value cg_torch_linalg_module_init(void) {
    if (cg_tensor_type_init() < 0 || torch_ops_prepare(linalg_ops, TORCH_OP_COUNT) < 0)
        return CG_ERR;
    cg_method_def *defs = torch_ops_defs(linalg_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    if (!defs)
        return CG_ERR;
    cg_value m = cg_module_new("torch.linalg");
    if (cg_is_err(m))
        return m;
    if (cg_module_add_methods(m, defs) < 0 || torch_prelude_names_add(m) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
