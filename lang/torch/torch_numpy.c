/* torch_numpy.c: torch's side of numpy interop: torch.from_numpy,
 * Tensor.numpy(), and numpy arrays as the data of torch.tensor and
 * torch.as_tensor.
 *
 * cgrad's numpy is written in the cell language (lang/prelude/numpy): an
 * ndarray keeps its engine tensor in the attribute `_t`, so an array and a
 * tensor made from it are two views of one storage, and writes through
 * either are seen by the other, as between PyTorch and numpy. numpy is
 * looked up in sys.modules: a value cannot be an ndarray before numpy was
 * imported, so nothing here imports it except Tensor.numpy(). */
#include "torch/torch_module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"
#include "runtime/module.h"
#include "runtime/exc.h"
#include <string.h>

/* Is v a numpy.ndarray? 1, 0, or -1 with an exception pending. */
static int is_ndarray(cg_value v) {
    cg_dict *modules = cg_sys_modules();
    if (!modules)
        return -1;
    cg_value np = cg_dict_get_str_borrowed(modules, cg_str_intern("numpy"));
    if (cg_is_err(np))
        return -1;
    if (np.tag == CG_V_STOP)
        return 0;
    cg_value cls = cg_getattr_opt(np, cg_str_intern("ndarray"));
    if (cg_is_err(cls))
        return -1;
    if (cls.tag == CG_V_STOP)
        return 0;
    int r = cg_isinstance_check(v, cls);
    cg_decref(cls);
    return r;
}

cg_tensor *torch_numpy_array_tensor(cg_value v, bool *is_array) {
    *is_array = false;
    int r = is_ndarray(v);
    if (r <= 0)
        return NULL;
    cg_value t = cg_getattr(v, cg_str_intern("_t"));
    if (cg_is_err(t))
        return NULL;
    if (!cg_is_tensor(t)) {
        cg_decref(t);
        cg_raise(&cg_exc_TypeError, "numpy array without a tensor");
        return NULL;
    }
    *is_array = true;
    cg_tensor *tensor = cg_tensor_retain(cg_tensor_of_borrowed(t));
    cg_decref(t);
    return tensor;
}

/* Is v a numpy scalar (an instance of numpy.generic)? Never raises. */
static bool is_numpy_scalar(cg_value v) {
    if (v.tag != CG_V_OBJ)
        return false;
    cg_dict *modules = cg_sys_modules();
    cg_value np = modules ? cg_dict_get_str_borrowed(modules, cg_str_intern("numpy")) : CG_STOP;
    if (cg_is_err(np) || np.tag == CG_V_STOP) {
        cg_exc_clear();
        return false;
    }
    cg_value generic = cg_getattr_opt(np, cg_str_intern("generic"));
    int is = cg_is_err(generic) || generic.tag == CG_V_STOP ? 0 : cg_isinstance_check(v, generic);
    if (!cg_is_err(generic) && generic.tag != CG_V_STOP)
        cg_decref(generic);
    if (is <= 0)
        cg_exc_clear();
    return is > 0;
}

int torch_numpy_scalar_dtype(cg_value v) {
    if (!is_numpy_scalar(v))
        return -1;
    cg_value d = cg_getattr(v, cg_str_intern("dtype"));
    cg_value name = cg_is_err(d) ? CG_ERR : cg_getattr(d, cg_str_intern("name"));
    if (!cg_is_err(d))
        cg_decref(d);
    if (cg_is_err(name))
        return -2;
    int found = -2;
    for (int i = 0; i < CG_DTYPE_COUNT; i++)
        if (cg_is_str(name) && strcmp(cg_str_cstr(name), cg_dtype_name((cg_dtype)i)) == 0)
            found = i;
    if (found == -2)
        cg_raise(&cg_exc_TypeError, "can't convert np.ndarray of type numpy.%s.", cg_str_cstr(name));
    cg_decref(name);
    return found;
}

bool torch_numpy_scalar_of(cg_value v, cg_scalar *out) {
    if (!is_numpy_scalar(v))
        return false;
    cg_value item = cg_call_method(v, "item", 0, NULL);
    if (cg_is_err(item)) {
        cg_exc_clear();
        return false;
    }
    bool ok = item.tag != CG_V_OBJ && torch_scalar_of(item, out);
    cg_decref(item);
    return ok;
}

/* torch.from_numpy(ndarray): a tensor over the array's memory. */
static cg_value fn_from_numpy(cg_value self, const cg_args *args) {
    if (args->npos != 1 || args->nkw)
        return cg_raise(&cg_exc_TypeError, "from_numpy() takes exactly one argument (%d given)",
                        args->npos + args->nkw);
    bool is_array;
    cg_tensor *t = torch_numpy_array_tensor(args->pos[0], &is_array);
    if (!is_array)
        return t || cg_exc_pending() ? CG_ERR
                                       : cg_raise(&cg_exc_TypeError, "expected np.ndarray (got %s)",
                                                  cg_typeof(args->pos[0])->name);
    cg_tensor *alias = cg_detach(t);
    cg_tensor_release(t);
    return cg_tensor_steal(alias);
}

/* Tensor.numpy(*, force=False): an array over the tensor's memory (with
 * force, over a detached CPU copy where it needs one). */
static cg_value method_numpy(cg_value self, const cg_args *args) {
    bool force = false;
    for (int i = 0; i < args->nkw; i++) {
        if (strcmp(args->kwn[i]->s, "force") != 0)
            return cg_raise(&cg_exc_TypeError, "numpy() got an unexpected keyword argument '%s'", args->kwn[i]->s);
        int truth = cg_truth(args->kwv[i]);
        if (truth < 0)
            return CG_ERR;
        force = truth > 0;
    }
    if (args->npos > 0)
        return cg_raise(&cg_exc_TypeError, "numpy() takes 0 positional arguments but %d were given", args->npos);
    cg_tensor *t = cg_tensor_of_borrowed(self);
    cg_device dev = cg_tensor_device(t);
    if (!force && cg_tensor_requires_grad(t))
        return cg_raise(&cg_exc_RuntimeError,
                        "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
    if (!force && dev.type == CG_CUDA)
        return cg_raise(&cg_exc_TypeError,
                        "can't convert cuda:%d device type tensor to numpy. Use Tensor.cpu() to copy the tensor to "
                        "host memory first.",
                        dev.index);
    cg_tensor *alias = cg_detach(t);
    if (alias && dev.type == CG_CUDA) {
        cg_tensor *host = cg_to_device(alias, cg_device_cpu());
        cg_tensor_release(alias);
        alias = host;
    }
    if (!alias)
        return torch_raise();
    cg_value base = dev.type == CG_CUDA ? cg_tensor_value(alias) : cg_incref(self);
    cg_value pos[2] = {cg_tensor_steal(alias), base};
    if (cg_is_err(pos[0])) {
        cg_decref(base);
        return CG_ERR;
    }
    cg_args a = {.pos = pos, .npos = 2};
    cg_value r = cg_import_call("numpy", "_from_tensor", &a);
    cg_decref(pos[0]);
    cg_decref(base);
    return r;
}

static const cg_method_def module_functions[] = {
    {"from_numpy", fn_from_numpy, "from_numpy(ndarray)",
     "The tensor over a numpy array's memory: writes to either are seen by the other."},
    {NULL, NULL, NULL, NULL},
};

static const cg_method_def tensor_methods[] = {
    {"numpy", method_numpy, "numpy(*, force=False)",
     "The tensor as a numpy array sharing its memory (force: a detached CPU copy where needed)."},
    {NULL, NULL, NULL, NULL},
};

int torch_numpy_add(cg_value module) {
    if (cg_module_add_methods(module, module_functions) < 0)
        return -1;
    return cg_type_add_methods(&cg_type_tensor, tensor_methods);
}
