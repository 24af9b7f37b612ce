/* normal_fill.c: the vectorised normal fill of PyTorch's CPU normal_, see
 * Note [Vectorised normal] in normal_fill.h.
 *
 * The float32 block replays, lane by lane, PyTorch's normal_fill_16_AVX2
 * with avx_mathfun.h's log256_ps and sincos256_ps. Every float operation
 * here is one of those vector operations; fmaf() stands where GCC fused a
 * multiply and an add in PyTorch's build. This relies on C arithmetic not
 * being contracted behind our back: the engine is built with -std=c11,
 * which makes GCC's -ffp-contract default to off. */
#include "normal_fill.h"

#include <math.h>
#include <string.h>

#include "float_bits.h"

/* ---- avx_mathfun.h, one lane ------------------------------------------------------- */

/* The lane functions are inlined into two copies of the block (see
 * block_f32), one compiled for FMA hardware, so that fmaf() is one
 * instruction there instead of a libm call. */
#define LANE static inline __attribute__((always_inline))

/* log256_ps: Cephes logf. x > 0 here (1 - u with u in [0, 1)). */
LANE float cephes_logf(float x) {
    const float min_norm = cg_f32_from_bits(0x00800000u);
    x = x > min_norm ? x : min_norm;
    float e = (float)((int32_t)(cg_f32_bits(x) >> 23) - 0x7f) + 1.0f;
    x = cg_f32_from_bits((cg_f32_bits(x) & ~0x7f800000u) | cg_f32_bits(0.5f)); /* mantissa in [0.5, 1) */
    /* if (x < SQRTHF) { e -= 1; x = x + x - 1; } else { x = x - 1; } */
    bool small = x < 0.707106781186547524f;
    float tmp = small ? x : 0.0f;
    x = x - 1.0f;
    e = e - (small ? 1.0f : 0.0f);
    x = x + tmp;
    float z = x * x;
    float y = 7.0376836292E-2f;
    y = fmaf(y, x, -1.1514610310E-1f);
    y = fmaf(y, x, 1.1676998740E-1f);
    y = fmaf(y, x, -1.2420140846E-1f);
    y = fmaf(y, x, 1.4249322787E-1f);
    y = fmaf(y, x, -1.6668057665E-1f);
    y = fmaf(y, x, 2.0000714765E-1f);
    y = fmaf(y, x, -2.4999993993E-1f);
    y = fmaf(y, x, 3.3333331174E-1f);
    y = y * x;
    y = fmaf(y, z, e * -2.12194440e-4f); /* y*z + e*q1: GCC fused the first product */
    y = fmaf(-z, 0.5f, y);
    x = x + y;
    return fmaf(e, 0.693359375f, x);
}

/* sincos256_ps: Cephes sinf and cosf of x >= 0 (theta = 2*pi*u2). */
LANE void cephes_sincosf(float x, float *s, float *c) {
    uint32_t sign_sin = cg_f32_bits(x) & 0x80000000u;
    x = cg_f32_from_bits(cg_f32_bits(x) & 0x7fffffffu);
    int32_t j = (int32_t)(x * 1.27323954473516f); /* x * 4/pi, truncated */
    j = (j + 1) & ~1;
    float y = (float)j;
    sign_sin ^= (uint32_t)(j & 4) << 29;
    uint32_t sign_cos = (uint32_t)(~(j - 2) & 4) << 29;
    bool sin_poly = (j & 2) == 0; /* which polynomial gives the sine */
    /* extended precision modular arithmetic: x - y * pi/4 in three parts */
    x = fmaf(y, -0.78515625f, x);
    x = fmaf(y, -2.4187564849853515625e-4f, x);
    x = fmaf(y, -3.77489497744594108e-8f, x);
    float z = x * x;
    float yc = 2.443315711809948E-005f; /* cosine polynomial */
    yc = fmaf(yc, z, -1.388731625493765E-003f);
    yc = fmaf(yc, z, 4.166664568298827E-002f);
    yc = yc * z;
    yc = fmaf(yc, z, -(z * 0.5f)); /* y*z - z*0.5: GCC fused the first product */
    yc = yc + 1.0f;
    float ys = -1.9515295891E-4f; /* sine polynomial */
    ys = fmaf(ys, z, 8.3321608736E-3f);
    ys = fmaf(ys, z, -1.6666654611E-1f);
    ys = ys * z;
    ys = fmaf(ys, x, x);
    /* the vector code's masked selects, with their additions of zeros */
    float sin_s = sin_poly ? ys : 0.0f, sin_c = sin_poly ? 0.0f : yc;
    float cos_s = ys - sin_s, cos_c = yc - sin_c;
    *s = cg_f32_from_bits(cg_f32_bits(sin_c + sin_s) ^ sign_sin);
    *c = cg_f32_from_bits(cg_f32_bits(cos_c + cos_s) ^ sign_cos);
}

/* ---- blocks of 16 ------------------------------------------------------------------ */

/* d is (16,) uniforms in, normals out (normal_fill_16_AVX2) */
LANE void block_f32_body(float *d, float mean, float std) {
    const float two_pi = (float)(2.0f * M_PI);
    for (int j = 0; j < 8; j++) {
        float u1 = 1.0f - d[j], u2 = d[j + 8];
        float radius = sqrtf(-2.0f * cephes_logf(u1));
        float s, c;
        cephes_sincosf(two_pi * u2, &s, &c);
        d[j] = fmaf(radius * c, std, mean);
        d[j + 8] = fmaf(radius * s, std, mean);
    }
}

/* The same bits either way: fmaf is exact in hardware and in libm. */
__attribute__((target("fma"))) static void block_f32_fma(float *d, float mean, float std) {
    block_f32_body(d, mean, std);
}
static void block_f32_libm(float *d, float mean, float std) { block_f32_body(d, mean, std); }

static void block_f32(float *d, float mean, float std) {
    static int has_fma = -1;
    if (has_fma < 0)
        has_fma = __builtin_cpu_supports("fma") ? 1 : 0;
    (has_fma ? block_f32_fma : block_f32_libm)(d, mean, std);
}

/* d is (16,) uniforms in, normals out (normal_fill_16<double>) */
static void block_f64(double *d, double mean, double std) {
    for (int j = 0; j < 8; j++) {
        double u1 = 1 - d[j], u2 = d[j + 8];
        double radius = sqrt(-2 * log(u1));
        double theta = 2.0 * M_PI * u2;
        d[j] = fma(radius * cos(theta), std, mean); /* fused in PyTorch's build */
        d[j + 8] = fma(radius * sin(theta), std, mean);
    }
}

/* n uniforms, the blocks, and the redrawn last block when 16 does not
 * divide n. */
#define NORMAL_FILL(T, uniform, block)        \
    for (int64_t i = 0; i < n; i++)           \
        data[i] = uniform(g);                 \
    for (int64_t i = 0; i + 16 <= n; i += 16) \
        block(data + i, mean, std);           \
    if (n % 16 != 0) {                        \
        T *tail = data + n - 16;              \
        for (int i = 0; i < 16; i++)          \
            tail[i] = uniform(g);             \
        block(tail, mean, std);               \
    }

void cg_normal_fill_f32(float *data, int64_t n, float mean, float std, cg_rng *g) {
    NORMAL_FILL(float, cg_uniform_f32, block_f32)
}

void cg_normal_fill_f64(double *data, int64_t n, double mean, double std, cg_rng *g) {
    NORMAL_FILL(double, cg_uniform_f64, block_f64)
}
