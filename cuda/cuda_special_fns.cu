/* cuda_special_fns.cu: the CUDA kernels of engine/ops_special_fns.c: entr,
 * ndtri, xlog1py and the Bessel/Airy and polynomial families, from the
 * CPU's scalar functions (engine/special_fns_scalar.h) compiled for the
 * device. */
#include <climits>
#include <cmath>
#include <cstdint>

#include "cuda_ew.cuh"
#include "special_fns_scalar.h"

SF_FNS(float, f32)
SF_FNS(double, f64)

template <typename T> struct cg_sf;
template <> struct cg_sf<float> {
    __device__ static float entr(float x) { return sf_entr_f32(x); }
    __device__ static float ndtri(float x) { return sf_ndtri_f32(x); }
    __device__ static float erfcx(float x) { return sf_erfcx_f32(x); }
    __device__ static float log_ndtr(float x) { return sf_log_ndtr_f32(x); }
    __device__ static float xlog1py(float a, float b) { return sf_xlog1py_f32(a, b); }
    __device__ static float unary(int k, float x) { return sf_unary_f32(k, x); }
    __device__ static float poly(int k, float x, float n) { return sf_poly_f32(k, x, n); }
};
template <> struct cg_sf<double> {
    __device__ static double entr(double x) { return sf_entr_f64(x); }
    __device__ static double ndtri(double x) { return sf_ndtri_f64(x); }
    __device__ static double erfcx(double x) { return sf_erfcx_f64(x); }
    __device__ static double log_ndtr(double x) { return sf_log_ndtr_f64(x); }
    __device__ static double xlog1py(double a, double b) { return sf_xlog1py_f64(a, b); }
    __device__ static double unary(int k, double x) { return sf_unary_f64(k, x); }
    __device__ static double poly(int k, double x, double n) { return sf_poly_f64(k, x, n); }
};

extern "C" void cg_cuda_entr(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return cg_sf<T>::entr(x); }))
}
extern "C" void cg_cuda_ndtri(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return cg_sf<T>::ndtri(x); }))
}
extern "C" void cg_cuda_erfcx(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return cg_sf<T>::erfcx(x); }))
}
extern "C" void cg_cuda_log_ndtr(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return cg_sf<T>::log_ndtr(x); }))
}
extern "C" void cg_cuda_xlog1py(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return cg_sf<T>::xlog1py(a, b); }))
}
extern "C" void cg_cuda_special_unary(const cg_kernel_call *c) {
    const int kind = (int)c->args->i[0];
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return cg_sf<T>::unary(kind, x); }))
}
extern "C" void cg_cuda_special_poly(const cg_kernel_call *c) {
    const int kind = (int)c->args->i[0];
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<2, T>(c, [=] __device__(T x, T n) -> T { return cg_sf<T>::poly(kind, x, n); }))
}

/* nextafter (args->i[1]: bfloat16, stepped in its 16 bits), frexp's mantissa and int32 exponent */
__device__ static float cg_dev_bf16_nextafter(float from, float to) {
    if (from != from || to != to)
        return from + to;
    unsigned short fb = (unsigned short)(__float_as_uint(from) >> 16), tb = (unsigned short)(__float_as_uint(to) >> 16);
    if (fb == tb)
        return from;
    unsigned short af = fb & 0x7fff, at = tb & 0x7fff;
    if (af == 0) {
        if (at == 0)
            return to;
        fb = (unsigned short)((tb & 0x8000) | 1);
    } else if (af > at || ((fb ^ tb) & 0x8000)) {
        fb--;
    } else {
        fb++;
    }
    return __uint_as_float((unsigned)fb << 16);
}
extern "C" void cg_cuda_nextafter(const cg_kernel_call *c) {
    const bool bf = c->args->i[1];
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T {
                          if (sizeof(T) == 4 && bf)
                              return (T)cg_dev_bf16_nextafter((float)a, (float)b);
                          return nextafter(a, b);
                      }))
}
extern "C" void cg_cuda_frexp(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T {
                          int e = 0;
                          return frexp(x, &e);
                      }))
}
extern "C" void cg_cuda_frexp_exponent(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[1], (cg_ew_launch<1, int32_t, T>(c, [] __device__(T x) -> int32_t {
                          int e = 0;
                          frexp(x, &e);
                          return e;
                      })))
}
