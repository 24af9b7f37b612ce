/* cuda_backend.cu: the CUDA backend the engine dispatches to (device.h):
 * the module's entry point, the devices, device memory through one caching
 * allocator per device over the real provider (cudaMalloc/cudaFree), copies
 * between host and device, the memory inspection ops, and the kernel table
 * built from ops.def's cuda column. See Note [The CUDA module] in
 * engine/device.c for how and when this is loaded. Not the kernels (the
 * other cuda_*.cu files) and not the allocator's algorithm
 * (caching_allocator.c, plain C, in the engine). */
#include <cublas_v2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cuda_common.cuh"

/* ---- errors outside kernels ------------------------------------------------------ */

/* Sets PyTorch's "CUDA error: ..." for err and returns -1 (0 for success). */
static int cuda_error(cudaError_t err) {
    if (err == cudaSuccess)
        return 0;
    (void)cudaGetLastError();
    cg_error_set(CG_RUNTIME_ERROR, "CUDA error: %s", cudaGetErrorString(err));
    return -1;
}

/* ---- devices ------------------------------------------------------------------------ */

typedef struct {
    cg_caching_allocator *alloc; /* made on first allocation */
    cublasHandle_t blas;         /* made on first product */
    int sms, threads_per_sm;     /* launch limits, read on first random op */
} device_state;

static int ndevices;
static device_state *devices;
static cg_alloc_conf alloc_conf;
static char conf_error[512]; /* PYTORCH_CUDA_ALLOC_CONF's error, raised at each allocation */

static int device_count(void) { return ndevices; }

static int device_current(void) {
    int d = 0;
    return cuda_error(cudaGetDevice(&d)) < 0 ? -1 : d;
}

static int device_set(int index) { return cuda_error(cudaSetDevice(index)); }

static int device_name(int index, char *buf, size_t n) {
    cudaDeviceProp p;
    if (cuda_error(cudaGetDeviceProperties(&p, index)) < 0)
        return -1;
    snprintf(buf, n, "%s", p.name);
    return 0;
}

/* Runs with `index` as the current device, restoring the previous one. */
struct device_guard {
    int prev = -1;
    explicit device_guard(int index) {
        int cur = 0;
        if (index >= 0 && cudaGetDevice(&cur) == cudaSuccess && cur != index && cudaSetDevice(index) == cudaSuccess)
            prev = cur;
    }
    ~device_guard() {
        if (prev >= 0)
            cudaSetDevice(prev);
    }
};

static int device_synchronize(int index) {
    device_guard g(index);
    return cuda_error(cudaDeviceSynchronize());
}

/* the grid of the random kernels is sized by these, as PyTorch's is;
 * read once per device (every random op asks) */
static int device_launch_limits(int index, int *multiprocessors, int *threads_per_multiprocessor) {
    if (index < 0 || index >= ndevices) {
        cg_error_set(CG_RUNTIME_ERROR, "CUDA error: invalid device ordinal");
        return -1;
    }
    device_state *d = &devices[index];
    if (!d->threads_per_sm) {
        int sms = 0, threads = 0;
        if (cuda_error(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, index)) < 0
            || cuda_error(cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerMultiProcessor, index)) < 0)
            return -1;
        d->sms = sms, d->threads_per_sm = threads;
    }
    *multiprocessors = d->sms, *threads_per_multiprocessor = d->threads_per_sm;
    return 0;
}

static const cg_device_ops cuda_devices = {device_count, device_current,     device_set,
                                           device_name,  device_synchronize, device_launch_limits};

/* ---- random numbers ------------------------------------------------------------------ */

extern "C" int cg_cuda_draw(void *out, cg_dtype dtype, int64_t numel, const cg_draw *d);

/* on the tensor's device, whichever is current */
static int cuda_draw(int index, void *out, cg_dtype dtype, int64_t numel, const cg_draw *d) {
    device_guard g(index);
    return cg_cuda_draw(out, dtype, numel, d);
}

/* ---- the memory provider ------------------------------------------------------------ */

/* ctx is the device index */
static int provider_malloc(void *ctx, size_t nbytes, void **ptr) {
    device_guard g((int)(intptr_t)ctx);
    cudaError_t err = cudaMalloc(ptr, nbytes);
    if (err == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError(); /* not sticky: the allocator frees its cache and retries */
        return 1;
    }
    return cuda_error(err);
}

static void provider_free(void *ctx, void *ptr, size_t nbytes) {
    (void)nbytes;
    device_guard g((int)(intptr_t)ctx);
    /* a failure here (a sticky error of an earlier kernel) has nowhere to
     * go: the next call that can fail reports it */
    (void)cudaFree(ptr);
}

static int provider_mem_info(void *ctx, int64_t *free_bytes, int64_t *total_bytes) {
    device_guard g((int)(intptr_t)ctx);
    size_t f = 0, t = 0;
    if (cuda_error(cudaMemGetInfo(&f, &t)) < 0)
        return -1;
    *free_bytes = (int64_t)f, *total_bytes = (int64_t)t;
    return 0;
}

static void provider_synchronize(void *ctx) {
    device_guard g((int)(intptr_t)ctx);
    (void)cudaDeviceSynchronize();
}

/* The allocator of device index (-1: the current one), made on first use;
 * NULL with the error set. */
static cg_caching_allocator *allocator_of(int index) {
    if (index < 0 && (index = device_current()) < 0)
        return NULL;
    if (index >= ndevices) {
        cg_error_set(CG_RUNTIME_ERROR, "CUDA error: invalid device ordinal");
        return NULL;
    }
    device_state *d = &devices[index];
    if (!d->alloc) {
        if (conf_error[0]) {
            cg_error_set(CG_RUNTIME_ERROR, "%s", conf_error);
            return NULL;
        }
        cg_memory_provider p = {(void *)(intptr_t)index, provider_malloc, provider_free, provider_mem_info,
                                provider_synchronize};
        d->alloc = cg_caching_allocator_new(index, &p, &alloc_conf);
    }
    return d->alloc;
}

void *cg_cuda_scratch_alloc(size_t nbytes) {
    cg_caching_allocator *a = allocator_of(-1);
    void *p = a ? cg_caching_allocator_malloc(a, nbytes, 0) : NULL;
    if (!p)
        cg_cuda_mark_failed();
    return p;
}

void cg_cuda_scratch_free(void *p) {
    cg_caching_allocator *a = allocator_of(-1);
    if (a && p)
        cg_caching_allocator_free(a, p);
}

void *cg_cuda_cublas_handle(void) {
    int index = device_current();
    if (index < 0 || index >= ndevices) {
        cg_cuda_mark_failed();
        return NULL;
    }
    device_state *d = &devices[index];
    if (!d->blas) {
        cublasHandle_t h;
        cublasStatus_t st = cublasCreate(&h);
        if (st != CUBLAS_STATUS_SUCCESS) {
            char msg[200];
            snprintf(msg, sizeof msg, "CUDA error: %s when calling `cublasCreate(handle)`", cublasGetStatusString(st));
            cg_cuda_fail(msg);
            return NULL;
        }
        /* no TF32 until asked for (cuda_linalg.cu sets the mode per product) */
        cublasSetMathMode(h, CUBLAS_DEFAULT_MATH);
        cublasSetStream(h, CG_CUDA_STREAM);
        d->blas = h;
    }
    return d->blas;
}

/* ---- the backend's memory entries ---------------------------------------------------- */

static void *cuda_alloc(int index, size_t nbytes) {
    cg_caching_allocator *a = allocator_of(index);
    return a ? cg_caching_allocator_malloc(a, nbytes, 0) : NULL;
}

static void cuda_free(int index, void *ptr, size_t nbytes) {
    (void)nbytes;
    /* a free cannot fail: its allocator exists since the block came from it */
    cg_caching_allocator *a = ptr && index >= 0 && index < ndevices ? devices[index].alloc : NULL;
    if (a)
        cg_caching_allocator_free(a, ptr);
}

/* Any direction (host or device on either side): with unified addressing
 * cudaMemcpyDefault tells them apart. Synchronous, and ordered after the
 * kernels queued before it, so a copy to the host sees their results. */
static int cg_cuda_copy(void *dst, cg_device dd, const void *src, cg_device sd, size_t nbytes) {
    (void)dd, (void)sd;
    if (nbytes == 0)
        return 0;
    return cuda_error(cudaMemcpy(dst, src, nbytes, cudaMemcpyDefault));
}

static void mem_stats(int index, cg_device_stats *out) {
    cg_caching_allocator *a = allocator_of(index);
    if (a) {
        cg_caching_allocator_stats(a, out);
        return;
    }
    *out = cg_device_stats{};
    out->max_split_size = -1;
}

static void mem_reset_peak(int index) {
    cg_caching_allocator *a = allocator_of(index);
    if (a)
        cg_caching_allocator_reset_peak(a);
}

static void mem_reset_accumulated(int index) {
    cg_caching_allocator *a = allocator_of(index);
    if (a)
        cg_caching_allocator_reset_accumulated(a);
}

static int mem_snapshot(int index, cg_memory_snapshot *out) {
    cg_caching_allocator *a = allocator_of(index);
    return a ? cg_caching_allocator_snapshot(a, out) : -1;
}

static void mem_empty_cache(int index) {
    cg_caching_allocator *a = allocator_of(index);
    if (a)
        cg_caching_allocator_empty_cache(a);
}

static cg_trace *mem_trace(int index) {
    cg_caching_allocator *a = allocator_of(index);
    return a ? cg_caching_allocator_trace(a) : NULL;
}

static int mem_get_info(int index, int64_t *free_bytes, int64_t *total_bytes) {
    cg_caching_allocator *a = allocator_of(index);
    return a ? cg_caching_allocator_mem_info(a, free_bytes, total_bytes) : -1;
}

static const cg_memory_ops cuda_memory = {mem_stats,       mem_reset_peak, mem_reset_accumulated, mem_snapshot,
                                          mem_empty_cache, mem_trace,      mem_get_info};

/* ---- the kernel table ----------------------------------------------------------------- */

extern "C" {
#define X(id, node, cpu, cuda, bw, sample) void cuda(const cg_kernel_call *call);
#include "ops.def"
#undef X
}

static cg_kernel_fn cuda_kernels[CG_OP_COUNT];

static void fill_kernels(void) {
#define nokernel nullptr
#define X(id, node, cpu, cuda, bw, sample) cuda_kernels[CG_OP_##id] = cuda;
#include "ops.def"
#undef X
#undef nokernel
}

static cg_backend cuda_backend;

/* ---- the module's entry --------------------------------------------------------------- */

static const char no_driver[] = "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU "
                                "and installed a driver from http://www.nvidia.com/Download/index.aspx";

/* PyTorch's errors for a machine where CUDA cannot run (c10/cuda's
 * device_count checks): no driver, a driver older than the runtime, no
 * GPU, or any other failure as "CUDA error". -1 unless devices exist. */
static int count_devices(void) {
    int n = 0;
    cudaError_t err = cudaGetDeviceCount(&n);
    (void)cudaGetLastError();
    if (err == cudaErrorInsufficientDriver) {
        int version = 0;
        if (cudaDriverGetVersion(&version) != cudaSuccess || version == 0) {
            cg_error_set(CG_RUNTIME_ERROR, "%s", no_driver);
            return -1;
        }
        cg_error_set(CG_RUNTIME_ERROR,
                     "The NVIDIA driver on your system is too old (found version %d). Please update your GPU driver "
                     "by downloading and installing a new version from the URL: "
                     "http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a "
                     "PyTorch version that has been compiled with your version of the CUDA driver.",
                     version);
        return -1;
    }
    if (err == cudaErrorNoDevice || (err == cudaSuccess && n == 0)) {
        cg_error_set(CG_RUNTIME_ERROR, "No CUDA GPUs are available");
        return -1;
    }
    if (err != cudaSuccess)
        return cuda_error(err);
    return n;
}

extern "C" __attribute__((visibility("default"))) int cg_cuda_module_init(int abi) {
    if (abi != CG_BACKEND_ABI) {
        cg_error_set(CG_RUNTIME_ERROR, "libcgcuda.so was built for another cgrad (backend ABI %d, this one has %d)",
                     CG_BACKEND_ABI, abi);
        return -1;
    }
    int n = count_devices();
    if (n < 0)
        return -1;
    devices = (device_state *)calloc((size_t)n, sizeof *devices);
    if (!devices) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory starting CUDA");
        return -1;
    }
    ndevices = n;
    if (cg_alloc_conf_parse(getenv("PYTORCH_CUDA_ALLOC_CONF"), &alloc_conf) < 0) {
        snprintf(conf_error, sizeof conf_error, "%s", cg_error_message());
        cg_error_clear();
    }
    fill_kernels();
    cuda_backend.name = "CUDA";
    cuda_backend.alloc = cuda_alloc;
    cuda_backend.free = cuda_free;
    cuda_backend.copy = cg_cuda_copy;
    cuda_backend.memory = &cuda_memory;
    cuda_backend.kernels = cuda_kernels;
    cuda_backend.kernel_status = cg_cuda_kernel_status;
    cuda_backend.devices = &cuda_devices;
    cuda_backend.draw = cuda_draw;
    cg_backend_register(CG_CUDA, &cuda_backend);
    return 0;
}
