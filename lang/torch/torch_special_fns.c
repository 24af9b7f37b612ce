/* torch_special_fns.c: the bindings of the rest of torch.special's
 * functions: i0 (torch.i0, Tensor.i0, i0_), mvlgamma, nextafter, frexp
 * (torch functions and Tensor methods) and, under private names
 * (torch._special_NAME) that lang/prelude/torch/special.py calls, i0e, i1,
 * i1e, entr, ndtri, xlog1py, zeta and the Bessel/Airy and polynomial
 * families (ops_bessel.h). */
#include "ops.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

/* the Bessel-family functions of x (op->flag: the kind, ops_bessel.h's
 * order; from 8 on PyTorch names the argument x) */
static cg_value special_unary_impl(const torch_op *op, cg_value *a) {
    if (!cg_is_tensor(a[0]))
        return torch_arg_error(op->name + 1, op->flag >= 8 ? "x" : "input", 1, "Tensor", a[0]);
    return cg_tensor_steal(cg_special_unary(op->flag, cg_tensor_of_borrowed(a[0])));
}
/* torch.special's own unary functions (op->fn), named as PyTorch's errors name them */
static cg_value special_fn_impl(const torch_op *op, cg_value *a) {
    if (!cg_is_tensor(a[0]))
        return torch_arg_error(op->name + 1, "input", 1, "Tensor", a[0]);
    return cg_tensor_steal(((torch_unary_fn)op->fn)(cg_tensor_of_borrowed(a[0])));
}

/* (Tensor, Tensor), (Number, Tensor) or (Tensor, Number): the names of
 * PyTorch's two parameters in `first` and `second` */
static int two_operands(const torch_op *op, cg_value *a, const char *first, const char *second, cg_tensor **x,
                        cg_tensor **y) {
    if (!cg_is_tensor(a[0]) && !cg_is_tensor(a[1])) {
        cg_raise(&cg_exc_TypeError,
                 "%s() received an invalid combination of arguments - got (%s, %s), but expected one of:\n"
                 " * (Tensor %s, Tensor %s, *, Tensor out)\n"
                 " * (Number %s, Tensor %s, *, Tensor out)\n"
                 " * (Tensor %s, Number %s, *, Tensor out)\n",
                 op->name + 1, cg_type_name(a[0]), cg_type_name(a[1]), first, second,
                 first[0] == 'x' ? "x" : "self", second, first, second);
        return -1;
    }
    *x = cg_is_tensor(a[0]) ? cg_tensor_retain(cg_tensor_of_borrowed(a[0])) : torch_operand(a[0]);
    *y = !*x ? NULL : cg_is_tensor(a[1]) ? cg_tensor_retain(cg_tensor_of_borrowed(a[1])) : torch_operand(a[1]);
    if (!*y) {
        cg_tensor_release(*x);
        return -1;
    }
    return 0;
}

/* polynomials of (x, n) (op->flag: the kind) */
static cg_value special_poly_impl(const torch_op *op, cg_value *a) {
    cg_tensor *x, *n;
    if (two_operands(op, a, "x", "n", &x, &n) < 0)
        return CG_ERR;
    cg_tensor *r = cg_special_polynomial(op->flag, x, n);
    cg_tensor_release(x), cg_tensor_release(n);
    return cg_tensor_steal(r);
}

/* xlog1py (flag 0) and zeta (flag 1): a number first records PyTorch's
 * ...Backward1 node, a number second ...Backward2 */
static cg_value special_binary_impl(const torch_op *op, cg_value *a) {
    static const char *const NODES[2][2] = {{"SpecialXlog1PyBackward1", "SpecialXlog1PyBackward2"},
                                            {"SpecialZetaBackward1", "SpecialZetaBackward2"}};
    cg_tensor *x, *y;
    if (two_operands(op, a, "input", "other", &x, &y) < 0)
        return CG_ERR;
    cg_tensor *r = op->flag ? cg_special_zeta(x, y) : cg_special_xlog1py(x, y);
    cg_tensor_release(x), cg_tensor_release(y);
    if (r && r->grad_fn && (!cg_is_tensor(a[0]) || !cg_is_tensor(a[1])))
        r->grad_fn->name = NODES[op->flag][cg_is_tensor(a[0])];
    return cg_tensor_steal(r);
}

/* mvlgamma(input, p), input.mvlgamma(p), mvlgamma_(p) */
static cg_value mvlgamma_impl(const torch_op *op, cg_value *a) {
    int64_t p;
    if (torch_int_arg(op->name, "p", torch_pos(1), a[1], &p) < 0)
        return CG_ERR;
    cg_tensor *x = cg_tensor_of_borrowed(a[0]);
    if (torch_op_in_place(op))
        return torch_inplace_result(a[0], cg_mvlgamma_(x, p));
    return cg_tensor_steal(cg_mvlgamma(x, p));
}

/* frexp(input): torch.return_types.frexp(mantissa, exponent) */
static cg_value frexp_impl(const torch_op *op, cg_value *a) {
    (void)op;
    cg_tensor *m, *e;
    if (cg_frexp(cg_tensor_of_borrowed(a[0]), &m, &e) < 0)
        return torch_raise();
    return torch_return_pair("frexp", cg_tensor_steal(m), cg_tensor_steal(e));
}

#define M TORCH_METHOD
#define F TORCH_FUNCTION
#define B TORCH_BOTH
#define FA (TORCH_FUNCTION | TORCH_ANY_INPUT)
#define UNARY_FAMILY(X, name, kind) X(_special_##name, "_special_" #name, "", FAMILY(special_unary_impl, NULL, kind), FA, NULL)
#define POLY_FAMILY(X, name, kind) X(_special_##name, "_special_" #name, "n", FAMILY(special_poly_impl, NULL, kind), FA, NULL)
#define OPS(X)                                                                                  \
    X(i0, "i0", "", UNARY(cg_i0), B, NULL)                                                      \
    X(i0_, "i0_", "", UNARY_(cg_i0_), B, NULL)                                                  \
    X(mvlgamma, "mvlgamma", "p", FAMILY(mvlgamma_impl, NULL, 0), B, NULL)                       \
    X(mvlgamma_, "mvlgamma_", "p", FAMILY(mvlgamma_impl, NULL, 0), M, NULL)                     \
    X(nextafter, "nextafter", "other", TBINARY(cg_nextafter), B, NULL)                          \
    X(nextafter_, "nextafter_", "other", TBINARY_(cg_nextafter_), M, NULL)                      \
    X(frexp, "frexp", "", FAMILY(frexp_impl, NULL, 0), B, NULL)                                 \
    X(_special_i0e, "_special_i0e", "", FAMILY(special_fn_impl, cg_special_i0e, 0), FA, NULL)                         \
    X(_special_i1, "_special_i1", "", FAMILY(special_fn_impl, cg_special_i1, 0), FA, NULL)                            \
    X(_special_i1e, "_special_i1e", "", FAMILY(special_fn_impl, cg_special_i1e, 0), FA, NULL)                         \
    X(_special_entr, "_special_entr", "", FAMILY(special_fn_impl, cg_special_entr, 0), FA, NULL)                      \
    X(_special_ndtri, "_special_ndtri", "", FAMILY(special_fn_impl, cg_special_ndtri, 0), FA, NULL)                   \
    X(_special_erfcx, "_special_erfcx", "", FAMILY(special_fn_impl, cg_special_erfcx, 0), FA, NULL)                   \
    X(_special_log_ndtr, "_special_log_ndtr", "", FAMILY(special_fn_impl, cg_special_log_ndtr, 0), FA, NULL)          \
    X(_special_xlog1py, "_special_xlog1py", "other", FAMILY(special_binary_impl, NULL, 0), FA, NULL) \
    X(_special_zeta, "_special_zeta", "other", FAMILY(special_binary_impl, NULL, 1), FA, NULL)  \
    UNARY_FAMILY(X, bessel_j0, 0)                                                               \
    UNARY_FAMILY(X, bessel_j1, 1)                                                               \
    UNARY_FAMILY(X, bessel_y0, 2)                                                               \
    UNARY_FAMILY(X, bessel_y1, 3)                                                               \
    UNARY_FAMILY(X, modified_bessel_i0, 4)                                                      \
    UNARY_FAMILY(X, modified_bessel_i1, 5)                                                      \
    UNARY_FAMILY(X, modified_bessel_k0, 6)                                                      \
    UNARY_FAMILY(X, modified_bessel_k1, 7)                                                      \
    UNARY_FAMILY(X, scaled_modified_bessel_k0, 8)                                               \
    UNARY_FAMILY(X, scaled_modified_bessel_k1, 9)                                               \
    UNARY_FAMILY(X, spherical_bessel_j0, 10)                                                    \
    UNARY_FAMILY(X, airy_ai, 11)                                                                \
    POLY_FAMILY(X, chebyshev_polynomial_t, 0)                                                   \
    POLY_FAMILY(X, chebyshev_polynomial_u, 1)                                                   \
    POLY_FAMILY(X, chebyshev_polynomial_v, 2)                                                   \
    POLY_FAMILY(X, chebyshev_polynomial_w, 3)                                                   \
    POLY_FAMILY(X, shifted_chebyshev_polynomial_t, 4)                                           \
    POLY_FAMILY(X, shifted_chebyshev_polynomial_u, 5)                                           \
    POLY_FAMILY(X, shifted_chebyshev_polynomial_v, 6)                                           \
    POLY_FAMILY(X, shifted_chebyshev_polynomial_w, 7)                                           \
    POLY_FAMILY(X, hermite_polynomial_h, 8)                                                     \
    POLY_FAMILY(X, hermite_polynomial_he, 9)                                                    \
    POLY_FAMILY(X, laguerre_polynomial_l, 10)                                                   \
    POLY_FAMILY(X, legendre_polynomial_p, 11)

#define TORCH_TAB special_fns_ops
TORCH_OP_TABLE(OPS)

int torch_special_fns_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(special_fns_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(special_fns_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(special_fns_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
