/* cuda_error.cu: how a failed CUDA call becomes the engine's error, in
 * PyTorch's words ("CUDA error: <cudaGetErrorString>"), and the record of a
 * failure inside a kernel (kernels return nothing; the backend's
 * kernel_status reports the failure after the kernel, see device.h). */
#include "cuda_common.cuh"

/* Set by a kernel that failed, until kernel_status reports it. The engine
 * runs ops from one thread at a time. */
static bool kernel_failed;

/* the first failure of a kernel is the one reported */
static void record(void) { kernel_failed = true; }

int cg_cuda_check(cudaError_t err) {
    if (err == cudaSuccess)
        return 0;
    (void)cudaGetLastError(); /* clears the error unless it is sticky */
    if (!kernel_failed)
        cg_error_set(CG_RUNTIME_ERROR, "CUDA error: %s", cudaGetErrorString(err));
    record();
    return -1;
}

int cg_cuda_check_launch(void) { return cg_cuda_check(cudaGetLastError()); }

void cg_cuda_fail(const char *message) {
    if (!kernel_failed)
        cg_error_set(CG_RUNTIME_ERROR, "%s", message);
    record();
}

int cg_cuda_kernel_status(void) {
    if (!kernel_failed)
        return 0;
    kernel_failed = false;
    return -1;
}

void cg_cuda_mark_failed(void) { record(); }
