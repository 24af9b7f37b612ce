/* cg_cuda_copy.cu: the CUDA kernels of COPY (every cast and layout change on
 * the device: out[O] = (O)in[I], in broadcast to out) and FILL (out =
 * args->s[0]), the twins of engine/ops_copy.c's. Copies between devices
 * are the backend's copy (cuda_backend.cu), not a kernel. */
#include "cuda_ew.cuh"

extern "C" void cg_cuda_copy(const cg_kernel_call *c) {
    CG_DISPATCH_STORAGE(c->it->dtypes[1], {
        typedef T TI;
        CG_DISPATCH_STORAGE(c->it->dtypes[0], cg_ew_launch<1, T, TI>(c, [] __device__(TI x) -> T {
                                return cg_dev_store<T>::of(cg_dev_load(x));
                            }))
    })
}

/* the value converted on the host by the engine's rules (cg_scalar_store) */
extern "C" void cg_cuda_fill(const cg_kernel_call *c) {
    CG_DISPATCH_STORAGE(c->it->dtypes[0], {
        T v;
        cg_scalar_store(&v, c->it->dtypes[0], c->args->s[0]);
        cg_ew_launch<0, T>(c, [=] __device__() -> T { return v; });
    })
}
