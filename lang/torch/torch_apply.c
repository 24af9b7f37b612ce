/* torch_apply.c: Tensor.apply_(fn), map_(other, fn) and map2_(x, y, fn):
 * a Python callable run on every element (with the matching elements of
 * the others, broadcast to self), its results written back into self in
 * self's dtype. CPU tensors that do not require grad only, as PyTorch's. */
#include <string.h>

#include "ops.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

#define MAX_OPERANDS 3

static const char *legacy_type(const cg_tensor *t) { return cg_dtype_legacy_name(t->dtype); }

/* the operands of fn (self first, then the others expanded to self's
 * shape), each contiguous on the CPU; -1 with the error raised */
static int operands(const char *fn, cg_tensor *self, const cg_value *others, int nothers, cg_tensor **out) {
    for (int i = 0; i <= nothers; i++)
        out[i] = NULL;
    if (cg_tensor_device(self).type != CG_CPU)
        return cg_raise_int(&cg_exc_TypeError, "%s is only implemented on CPU tensors", fn);
    for (int i = 0; i <= nothers; i++) {
        cg_tensor *t = i ? torch_tensor_arg_borrowed(fn, i == 1 ? "other" : "y", i, others[i - 1]) : self;
        if (!t)
            return -1;
        if (cg_tensor_requires_grad(t))
            return cg_raise_int(&cg_exc_RuntimeError,
                                "Can't call %s() on Variable that requires grad. Use var.detach().%s() instead.", fn,
                                fn);
        if (i && t->dtype != self->dtype)
            return cg_raise_int(&cg_exc_TypeError, "%s: expected torch.%sTensor for '%s' (got torch.%sTensor)", fn,
                                legacy_type(self), i == 1 ? "other" : "y", legacy_type(t));
        cg_tensor *e = i ? cg_expand(t, self->ndim, self->sizes) : cg_tensor_retain(t);
        out[i] = e ? cg_contiguous(e) : NULL;
        cg_tensor_release(e);
        if (!out[i])
            return torch_raise_int();
    }
    return 0;
}

/* fn's result as a Python number for self's dtype */
static int check_result(cg_value r) {
    if (r.tag == CG_V_INT || r.tag == CG_V_FLOAT || r.tag == CG_V_BOOL || cg_is_tensor(r))
        return 0;
    return cg_raise_int(&cg_exc_TypeError, "must be real number, not %s", cg_type_name(r));
}

/* the results of fn over every element, in order, as a list */
static cg_value results(cg_value fn, cg_tensor **ops, int nops) {
    int64_t n = cg_tensor_numel(ops[0]);
    size_t item = cg_tensor_itemsize(ops[0]);
    cg_value list = cg_list_new(0);
    for (int64_t i = 0; !cg_is_err(list) && i < n; i++) {
        cg_value args[MAX_OPERANDS];
        for (int k = 0; k < nops; k++)
            args[k] = torch_element_value((const char *)cg_tensor_data(ops[k]) + (size_t)i * item, ops[k]->dtype);
        cg_args call = {args, nops, NULL, NULL, 0};
        cg_value r = cg_call(fn, &call);
        for (int k = 0; k < nops; k++)
            cg_decref(args[k]);
        if (cg_is_err(r) || check_result(r) < 0 || cg_list_append(list, r) < 0)
            cg_value_set(&list, CG_ERR);
        cg_decref(r);
    }
    return list;
}

static cg_value apply_with(const char *fn, cg_value self, const cg_value *others, int nothers, cg_value callable) {
    cg_tensor *t = cg_tensor_of_borrowed(self);
    cg_tensor *ops[MAX_OPERANDS];
    if (operands(fn, t, others, nothers, ops) < 0) {
        for (int i = 0; i <= nothers; i++)
            cg_tensor_release(ops[i]);
        return CG_ERR;
    }
    cg_value list = results(callable, ops, nothers + 1);
    for (int i = 0; i <= nothers; i++)
        cg_tensor_release(ops[i]);
    if (cg_is_err(list))
        return list;
    cg_tensor *flat = torch_tensor_from_data(fn, list, t->dtype, cg_device_cpu());
    cg_decref(list);
    cg_tensor *vals = flat ? cg_reshape(flat, t->ndim, t->sizes) : NULL;
    int rc = vals ? cg_copy_(t, vals) : -1;
    cg_tensor_release(flat);
    cg_tensor_release(vals);
    if (rc < 0)
        return flat ? torch_raise() : CG_ERR;
    return cg_incref(self);
}

static int want_args(const char *fn, const cg_args *a, int n) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", fn);
    if (a->npos != n)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes exactly %d argument%s (%d given)", fn, n, n == 1 ? "" : "s",
                            a->npos);
    return 0;
}

static cg_value m_apply_(cg_value self, const cg_args *a) {
    return want_args("apply_", a, 1) < 0 ? CG_ERR : apply_with("apply_", self, NULL, 0, a->pos[0]);
}
static cg_value m_map_(cg_value self, const cg_args *a) {
    return want_args("map_", a, 2) < 0 ? CG_ERR : apply_with("map_", self, a->pos, 1, a->pos[1]);
}
static cg_value m_map2_(cg_value self, const cg_args *a) {
    return want_args("map2_", a, 3) < 0 ? CG_ERR : apply_with("map2_", self, a->pos, 2, a->pos[2]);
}

static const cg_method_def methods[] = {
    {"apply_", m_apply_, "apply_(callable)", "Applies callable to each element of self, in place."},
    {"map_", m_map_, "map_(tensor, callable)",
     "Applies callable to each element of self and tensor (broadcast), storing the results in self."},
    {"map2_", m_map2_, "map2_(x, y, callable)",
     "Applies callable to each element of self, x and y (broadcast), storing the results in self."},
    {NULL, NULL, NULL, NULL},
};

int torch_apply_add(cg_type *tensor_type) { return cg_type_add_methods(tensor_type, methods); }
