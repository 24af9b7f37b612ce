/* torch_scalar_overloads.c: torch._scalar_op(t, op, number), what a C++
 * composite's `t * 0.5` is in ATen: the Scalar overload of add, sub, mul
 * or div, whose node PyTorch names AddBackward1 ... DivBackward1 (Note
 * [Scalar overloads in composites] in engine/loss_composites.c). Prelude
 * composites call it where PyTorch's C++ writes a number, so that their
 * graphs show PyTorch's nodes. */
#include <string.h>

#include "ops.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

static cg_value scalar_op_impl(cg_value *a) {
    cg_tensor *t = torch_tensor_arg_borrowed("_scalar_op", "input", 1, a[0]);
    if (!t)
        return CG_ERR;
    if (!cg_is_str(a[1]))
        return torch_arg_error("_scalar_op", "op", 2, "str", a[1]);
    cg_scalar s;
    if (!torch_scalar_of(a[2], &s))
        return torch_arg_error("_scalar_op", "other", 3, "Number", a[2]);
    const char *op = cg_str_cstr(a[1]);
    cg_tensor *n = cg_scalar_tensor(s);
    cg_tensor *r = !n                   ? NULL
                   : !strcmp(op, "add") ? cg_add(t, n, cg_scalar_int(1))
                   : !strcmp(op, "sub") ? cg_sub(t, n, cg_scalar_int(1))
                   : !strcmp(op, "mul") ? cg_mul(t, n)
                   : !strcmp(op, "div") ? cg_div(t, n)
                                        : NULL;
    cg_tensor_release(n);
    if (!r && n && strcmp(op, "add") && strcmp(op, "sub") && strcmp(op, "mul") && strcmp(op, "div"))
        return cg_raise(&cg_exc_ValueError, "_scalar_op: op must be 'add', 'sub', 'mul' or 'div', got '%s'", op);
    if (!r)
        return torch_raise();
    if (r->grad_fn)
        r->grad_fn->name = !strcmp(op, "add")   ? "AddBackward1"
                           : !strcmp(op, "sub") ? "SubBackward1"
                           : !strcmp(op, "mul") ? "MulBackward1"
                                                : "DivBackward1";
    return cg_tensor_steal(r);
}

static cg_value fn_scalar_op(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"_scalar_op", NULL, "_scalar_op(input, op, other)", NULL};
    return torch_bind_call(&def, args, 3, scalar_op_impl);
}

static const cg_method_def functions[] = {
    {"_scalar_op", fn_scalar_op, NULL, "input op other for a number other, as ATen's Scalar overloads record it."},
    {NULL, NULL, NULL, NULL},
};

int torch_scalar_overloads_add(cg_value module) { return cg_module_add_methods(module, functions); }
