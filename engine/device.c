/* device.c: the backend registry, device names, and the loading of the
 * CUDA module on first use.
 *
 * Note [The CUDA module]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * The CUDA backend (the .cu files of cuda/, the CUDA runtime, cuBLAS) is in a
 * shared module, libcgcuda.so, that is loaded only when a program first
 * asks for CUDA (torch.cuda.is_available(), .cuda(), device='cuda'): most
 * machines have no GPU, and loading the runtime would cost cgrad's start-up
 * tens of milliseconds. The module is looked for beside the running
 * executable, then at $CGRAD_CUDA_MODULE, then where `make install` puts it
 * (CG_CUDA_MODULE_DIR). It calls back into the engine (errors, the caching
 * allocator), which the executables export (the Makefile's dynamic list).
 * Its init registers the backend when a device is present; otherwise, or
 * when there is no module, CUDA stays unavailable with PyTorch's error,
 * which every later call repeats without trying again. */
#include "device.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"

extern const cg_backend cg_cpu_backend;

static const cg_backend *backends[CG_DEVICE_TYPE_COUNT] = {[CG_CPU] = &cg_cpu_backend};

void cg_backend_register(cg_device_type type, const cg_backend *backend) { backends[type] = backend; }

#define CUDA_MODULE "libcgcuda.so"
#ifndef CG_CUDA_MODULE_DIR
#define CG_CUDA_MODULE_DIR "/usr/local/lib/cgrad"
#endif

static const char no_driver[] = "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU "
                                "and installed a driver from http://www.nvidia.com/Download/index.aspx";

/* Why CUDA is unavailable, once we know it is. */
static struct {
    bool tried;
    cg_error_kind kind;
    char message[512];
} cuda_load;

/* Opens path when the file exists (and sets *found). A module that exists
 * but does not load (a missing symbol, a missing libcublas) leaves CUDA
 * unavailable with PyTorch's error, as on a machine without a GPU; with
 * CGRAD_CUDA_DEBUG set, the reason goes to stderr. */
static void *open_path(const char *path, bool *found) {
    if (access(path, F_OK) != 0)
        return NULL;
    *found = true;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h && getenv("CGRAD_CUDA_DEBUG"))
        fprintf(stderr, "cgrad: CUDA module %s could not be loaded: %s\n", path, dlerror());
    return h;
}

/* The module beside the executable (build/cgrad finds build/libcgcuda.so),
 * at $CGRAD_CUDA_MODULE, or installed. */
static void *open_module(void) {
    bool found = false;
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - sizeof CUDA_MODULE - 1);
    char *slash = n > 0 ? (path[n] = '\0', strrchr(path, '/')) : NULL;
    if (slash) {
        strcpy(slash + 1, CUDA_MODULE);
        void *h = open_path(path, &found);
        if (h || found)
            return h;
    }
    const char *env = getenv("CGRAD_CUDA_MODULE");
    if (env && *env) {
        void *h = open_path(env, &found);
        if (h || found)
            return h;
    }
    return open_path(CG_CUDA_MODULE_DIR "/" CUDA_MODULE, &found);
}

/* Loads the module and runs its init once; remembers why when it fails. */
static void load_cuda(void) {
    cuda_load.tried = true;
    cuda_load.kind = CG_RUNTIME_ERROR;
    snprintf(cuda_load.message, sizeof cuda_load.message, "%s", no_driver);
    void *h = open_module();
    if (!h)
        return;
    cg_device_module_init_fn init = (cg_device_module_init_fn)dlsym(h, CG_DEVICE_MODULE_INIT);
    if (!init)
        return;
    cg_error_clear(); /* what init leaves is its reason */
    if (init(CG_BACKEND_ABI) == 0 && backends[CG_CUDA])
        return;
    if (cg_error_occurred()) {
        cuda_load.kind = cg_error_kind_get();
        snprintf(cuda_load.message, sizeof cuda_load.message, "%s", cg_error_message());
    }
    /* the module stays loaded: the CUDA runtime does not expect to be unloaded */
}

const cg_backend *cg_backend_get(cg_device_type type) {
    if (type == CG_CUDA && !backends[CG_CUDA]) {
        if (!cuda_load.tried)
            load_cuda();
        if (!backends[CG_CUDA]) {
            cg_error_set(cuda_load.kind, "%s", cuda_load.message);
            return NULL;
        }
    }
    return backends[type];
}

const char *cg_device_str(cg_device d, char *buf, size_t n) {
    if (d.type == CG_CPU)
        snprintf(buf, n, "cpu");
    else
        snprintf(buf, n, "cuda:%d", d.index < 0 ? 0 : d.index);
    return buf;
}
