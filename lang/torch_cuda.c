/* torch_cuda.c: the torch.cuda module: is_available(), device_count(),
 * current_device(), get_device_name(), synchronize(), manual_seed(),
 * answering from the engine's backend table. Where there is no CUDA
 * backend, the calls that need a device raise the engine's error, as
 * PyTorch raises its own. The memory functions (memory_stats(),
 * empty_cache(), ...) are torch.cuda.memory's (torch_cuda_memory.c), held
 * here too as in PyTorch. */
#include "module.h"
#include "torch_args.h"
#include "torch_module.h"

static bool available(void) {
    bool ok = cg_backend_get(CG_CUDA) != NULL;
    cg_error_clear();
    return ok;
}

/* The engine's error when there is no device; 0 when there is one. */
static int need_device(void) { return cg_backend_get(CG_CUDA) ? 0 : torch_raise_int(); }

static cg_value fn_is_available(cg_value self, const cg_args *args) { return cg_bool(available()); }

/* The engine registers one backend for the current device. */
static cg_value fn_device_count(cg_value self, const cg_args *args) { return cg_int(available() ? 1 : 0); }

static cg_value fn_current_device(cg_value self, const cg_args *args) {
    return need_device() < 0 ? CG_ERR : cg_int(0);
}

static cg_value fn_get_device_name(cg_value self, const cg_args *args) {
    return need_device() < 0 ? CG_ERR : cg_str_from_c("CUDA device");
}

static cg_value fn_synchronize(cg_value self, const cg_args *args) {
    return need_device() < 0 ? CG_ERR : CG_NONE;
}

/* CUDA tensors draw from the CPU generator (random.h), so seeding the
 * CUDA generators has nothing to do; PyTorch seeds them lazily too. */
static cg_value fn_manual_seed(cg_value self, const cg_args *args) { return CG_NONE; }

static const cg_method_def cuda_functions[] = {
    {"is_available", fn_is_available, "is_available()", "Returns a bool indicating if CUDA is currently available."},
    {"device_count", fn_device_count, "device_count()", "Returns the number of GPUs available."},
    {"current_device", fn_current_device, "current_device()", NULL},
    {"get_device_name", fn_get_device_name, "get_device_name(device=None)", NULL},
    {"synchronize", fn_synchronize, "synchronize(device=None)", NULL},
    {"manual_seed", fn_manual_seed, "manual_seed(seed)", NULL},
    {"manual_seed_all", fn_manual_seed, "manual_seed_all(seed)", NULL},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_torch_cuda_module_init(void) {
    cg_value m = cg_module_new("torch.cuda");
    if (cg_is_err(m))
        return m;
    cg_value memory = CG_ERR;
    if (cg_module_add_methods(m, cuda_functions) < 0 || cg_torch_cuda_memory_add(m) < 0 ||
        cg_is_err(memory = cg_import("torch.cuda.memory")) || cg_module_add(m, "memory", memory) < 0) {
        if (!cg_is_err(memory))
            cg_decref(memory);
        cg_decref(m);
        return CG_ERR;
    }
    cg_decref(memory);
    return m;
}
