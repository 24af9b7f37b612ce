/* torch_cuda.c: the torch.cuda module: is_available(), device_count(),
 * current_device(), set_device(), get_device_name(), synchronize(), and
 * the seeds of the devices' generators (manual_seed(), manual_seed_all(),
 * seed(), seed_all(), initial_seed()), answering from the engine's
 * backend table (its device ops, which the CUDA module gives from the
 * CUDA runtime). Where there is
 * no CUDA backend, the calls that need a device raise the engine's error,
 * as PyTorch raises its own. The memory functions (memory_stats(),
 * empty_cache(), ...) are torch.cuda.memory's (torch_cuda_memory.c), held
 * here too as in PyTorch. */
#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

static bool available(void) {
    bool ok = cg_backend_get(CG_CUDA) != NULL;
    cg_error_clear();
    return ok;
}

/* The CUDA backend's devices, or NULL with the engine's error raised. */
static const cg_device_ops *devices(void) {
    const cg_backend *be = cg_backend_get(CG_CUDA);
    if (!be) {
        torch_raise_int();
        return NULL;
    }
    return be->devices;
}

/* The device index of an optional argument (None: the current device),
 * an int or a torch.device/str; -1 with the error raised. */
static int device_index(const char *fn, const cg_device_ops *d, const cg_args *args) {
    cg_value v = args->npos ? args->pos[0] : args->nkw ? args->kwv[0] : CG_NONE;
    int cur = d->current();
    if (cg_is_none(v))
        return cur < 0 ? torch_raise_int() : cur;
    cg_device dev;
    bool given;
    if (torch_device_arg(fn, "device", 1, v, &dev, &given) < 0)
        return -1;
    if (dev.index < 0)
        return cur < 0 ? torch_raise_int() : cur;
    return dev.index;
}

static cg_value fn_is_available(cg_value self, const cg_args *args) { return cg_bool(available()); }

static cg_value fn_device_count(cg_value self, const cg_args *args) {
    if (!available())
        return cg_int(0);
    return cg_int(cg_backend_get(CG_CUDA)->devices->count());
}

static cg_value fn_current_device(cg_value self, const cg_args *args) {
    const cg_device_ops *d = devices();
    if (!d)
        return CG_ERR;
    int i = d->current();
    return i < 0 ? torch_raise() : cg_int(i);
}

static cg_value fn_set_device(cg_value self, const cg_args *args) {
    const cg_device_ops *d = devices();
    int i = d ? device_index("set_device", d, args) : -1;
    if (i < 0)
        return CG_ERR;
    return d->set_current(i) < 0 ? torch_raise() : CG_NONE;
}

static cg_value fn_get_device_name(cg_value self, const cg_args *args) {
    const cg_device_ops *d = devices();
    int i = d ? device_index("get_device_name", d, args) : -1;
    char name[256];
    if (i < 0)
        return CG_ERR;
    return d->name(i, name, sizeof name) < 0 ? torch_raise() : cg_str_from_c(name);
}

static cg_value fn_synchronize(cg_value self, const cg_args *args) {
    const cg_device_ops *d = devices();
    int i = d ? device_index("synchronize", d, args) : -1;
    if (i < 0)
        return CG_ERR;
    return d->synchronize(i) < 0 ? torch_raise() : CG_NONE;
}

/* ---- seeds: the default generator of each device (engine/rng.h) ---- */

/* The current device's default generator; NULL (nothing raised) without
 * CUDA, where PyTorch queues the seeding for when CUDA starts. */
static cg_rng *current_generator(void) {
    if (!available())
        return NULL;
    int i = cg_backend_get(CG_CUDA)->devices->current();
    if (i < 0) {
        cg_error_clear();
        return NULL;
    }
    return cg_rng_default_cuda(i);
}

/* the seed of manual_seed(seed) and manual_seed_all(seed) */
static int seed_of(const char *fn, const char *signature, const cg_args *args, uint64_t *seed) {
    const cg_method_def def = {fn, NULL, signature, NULL};
    cg_value a[1];
    if (cg_args_bind(&def, args, a, 1) < 0)
        return -1;
    int rc = torch_seed_arg(fn, a[0], seed);
    cg_decref(a[0]);
    return rc;
}

static cg_value fn_manual_seed(cg_value self, const cg_args *args) {
    uint64_t s;
    if (seed_of("manual_seed", "manual_seed(seed)", args, &s) < 0)
        return CG_ERR;
    cg_rng *g = current_generator();
    if (g)
        cg_rng_manual_seed(g, s);
    return CG_NONE;
}

static cg_value fn_manual_seed_all(cg_value self, const cg_args *args) {
    uint64_t s;
    if (seed_of("manual_seed_all", "manual_seed_all(seed)", args, &s) < 0)
        return CG_ERR;
    cg_cuda_manual_seed_all(s);
    return CG_NONE;
}

static cg_value fn_seed(cg_value self, const cg_args *args) {
    cg_rng *g = current_generator();
    if (g)
        cg_rng_seed(g);
    return CG_NONE;
}

static cg_value fn_seed_all(cg_value self, const cg_args *args) {
    cg_cuda_seed_all();
    return CG_NONE;
}

/* needs a device, as PyTorch's (it starts CUDA) */
static cg_value fn_initial_seed(cg_value self, const cg_args *args) {
    const cg_device_ops *d = devices();
    int i = d ? d->current() : -1;
    if (i < 0)
        return d ? torch_raise() : CG_ERR;
    cg_rng *g = cg_rng_default_cuda(i);
    return g ? cg_int((int64_t)cg_rng_initial_seed(g)) : torch_raise();
}

static const cg_method_def cuda_functions[] = {
    {"is_available", fn_is_available, "is_available()", "Returns a bool indicating if CUDA is currently available."},
    {"device_count", fn_device_count, "device_count()", "Returns the number of GPUs available."},
    {"current_device", fn_current_device, "current_device()", NULL},
    {"get_device_name", fn_get_device_name, "get_device_name(device=None)", NULL},
    {"synchronize", fn_synchronize, "synchronize(device=None)", NULL},
    {"set_device", fn_set_device, "set_device(device)", "Sets the current device."},
    {"manual_seed", fn_manual_seed, "manual_seed(seed)",
     "Sets the seed for generating random numbers for the current GPU."},
    {"manual_seed_all", fn_manual_seed_all, "manual_seed_all(seed)",
     "Sets the seed for generating random numbers on all GPUs."},
    {"seed", fn_seed, "seed()", "Sets the seed for generating random numbers to a random number for the current GPU."},
    {"seed_all", fn_seed_all, "seed_all()",
     "Sets the seed for generating random numbers to a random number on all GPUs."},
    {"initial_seed", fn_initial_seed, "initial_seed()", "Returns the current random seed of the current GPU."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_torch_cuda_module_init(void) {
    cg_value m = cg_module_new("torch.cuda");
    if (cg_is_err(m))
        return m;
    cg_value memory = CG_ERR;
    if (cg_module_add_methods(m, cuda_functions) < 0 || cg_torch_cuda_memory_add(m) < 0 || torch_prelude_names_add(m) < 0
        || cg_is_err(memory = cg_import("torch.cuda.memory")) || cg_module_add(m, "memory", memory) < 0) {
        if (!cg_is_err(memory))
            cg_decref(memory);
        cg_decref(m);
        return CG_ERR;
    }
    cg_decref(memory);
    return m;
}
