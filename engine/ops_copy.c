/* ops_copy.c: creation, copies between dtypes and layouts, fills.
 *
 * COPY is the one kernel that converts between dtypes: clone, contiguous,
 * to(dtype), copy_ and every cast elsewhere in the engine go through it. */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "ew.h"
#include "half_f16c.h"
#include "ops.h"

/* ---- the COPY kernel: out[O] = (O)in[I] --------------------------------------- */

/* Element conversions as PyTorch's casts: float16/bfloat16 through float
 * (double through float first, rounding twice as c10::Half(float(x))
 * does), and floats to narrow integers as x86 converts them (Note [Float
 * to integer casts] in dtype.c). */
#define LOAD_b1(x) (x) /* bool: `bool` itself is a macro */
#define LOAD_i32(x) (x)
#define LOAD_i64(x) (x)
#define LOAD_f32(x) (x)
#define LOAD_f64(x) (x)
#define LOAD_u8(x) (x)
#define LOAD_i8(x) (x)
#define LOAD_i16(x) (x)
#define LOAD_u16(x) (x)
#define LOAD_u32(x) (x)
#define LOAD_u64(x) (x)
#define LOAD_f16(x) cg_half_to_float(x)
#define LOAD_bf16(x) cg_bf16_to_float(x)
#define LOAD_c64(x) (x)
#define LOAD_c128(x) (x)

static inline int32_t f_to_i32(double v) { return cg_f64_to_i32_x86(v); }
static inline int32_t i_to_i32(int64_t v) { return (int32_t)v; }
static inline uint8_t f_to_u8(double v) { return (uint8_t)(int64_t)v; }
static inline uint8_t i_to_u8(int64_t v) { return (uint8_t)v; }
/* numpy's float to uint64: negatives wrap through int64 */
static inline uint64_t f_to_u64(double v) { return v < 0 ? (uint64_t)(int64_t)v : (uint64_t)v; }
static inline uint64_t i_to_u64(uint64_t v) { return v; }
/* pick the float or the integer form by the value's C type; a complex
 * goes as its real part, as c10's casts of complex to real */
#define BY_KIND(v, F, I) \
    _Generic((v), float: F, double: F, float _Complex: F, double _Complex: F, default: I)(v)

/* a complex to bool by its real part, as c10's cast */
#define REAL_OF(v) _Generic((v), float _Complex: crealf(v), double _Complex: creal(v), default: (v))
#define CAST_b1(v) (REAL_OF(v) != 0)
#define CAST_i32(v) BY_KIND(v, f_to_i32, i_to_i32)
#define CAST_i64(v) ((int64_t)(v))
#define CAST_f32(v) ((float)(v))
#define CAST_f64(v) ((double)(v))
#define CAST_u8(v) BY_KIND(v, f_to_u8, i_to_u8)
#define CAST_i8(v) ((int8_t)CAST_i32(v))
#define CAST_i16(v) ((int16_t)CAST_i32(v))
#define CAST_u16(v) ((uint16_t)CAST_i64(v))
#define CAST_u32(v) ((uint32_t)CAST_i64(v))
#define CAST_u64(v) BY_KIND(v, f_to_u64, i_to_u64)
#define CAST_f16(v) cg_half_from_float((float)(v))
#define CAST_bf16(v) cg_bf16_from_float((float)(v))
#define CAST_c64(v) ((cg_c64)(v))
#define CAST_c128(v) ((cg_c128)(v))

/* Unit strides and a broadcast input (stride 0: addmm's bias filling its
 * output) take vectorised loops: one scalar store per cycle would cap a
 * copy at a third of the memory's speed. */
#define CONVERT_ROW(name, TI, SI, TO, SO)                                             \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {        \
        (void)ctx;                                                                    \
        TO *restrict o = (TO *)p[0];                                                  \
        const TI *restrict in = (const TI *)p[1];                                     \
        if (s[0] == sizeof(TO) && s[1] == sizeof(TI)) {                               \
            CG_SIMD                                                                   \
            for (int64_t i = 0; i < n; i++)                                           \
                o[i] = CAST_##SO(LOAD_##SI(in[i]));                                   \
            return;                                                                   \
        }                                                                             \
        if (s[0] == sizeof(TO) && s[1] == 0) {                                        \
            const TO v = CAST_##SO(LOAD_##SI(in[0]));                                 \
            CG_SIMD                                                                   \
            for (int64_t i = 0; i < n; i++)                                           \
                o[i] = v;                                                             \
            return;                                                                   \
        }                                                                             \
        for (int64_t i = 0; i < n; i++)                                               \
            *(TO *)(p[0] + i * s[0]) = CAST_##SO(LOAD_##SI(*(const TI *)(p[1] + i * s[1]))); \
    }

#define CONVERT_FROM(TI, SI)                             \
    CONVERT_ROW(conv_##SI##_b1, TI, SI, bool, b1)        \
    CONVERT_ROW(conv_##SI##_i32, TI, SI, int32_t, i32)   \
    CONVERT_ROW(conv_##SI##_i64, TI, SI, int64_t, i64)   \
    CONVERT_ROW(conv_##SI##_f32, TI, SI, float, f32)     \
    CONVERT_ROW(conv_##SI##_f64, TI, SI, double, f64)    \
    CONVERT_ROW(conv_##SI##_u8, TI, SI, uint8_t, u8)     \
    CONVERT_ROW(conv_##SI##_i8, TI, SI, int8_t, i8)      \
    CONVERT_ROW(conv_##SI##_i16, TI, SI, int16_t, i16)   \
    CONVERT_ROW(conv_##SI##_u16, TI, SI, uint16_t, u16)  \
    CONVERT_ROW(conv_##SI##_u32, TI, SI, uint32_t, u32)  \
    CONVERT_ROW(conv_##SI##_u64, TI, SI, uint64_t, u64)  \
    CONVERT_ROW(conv_##SI##_f16, TI, SI, cg_half, f16)   \
    CONVERT_ROW(conv_##SI##_bf16, TI, SI, cg_bf16, bf16) \
    CONVERT_ROW(conv_##SI##_c64, TI, SI, cg_c64, c64)    \
    CONVERT_ROW(conv_##SI##_c128, TI, SI, cg_c128, c128)
CONVERT_FROM(bool, b1)
CONVERT_FROM(int32_t, i32)
CONVERT_FROM(int64_t, i64)
CONVERT_FROM(float, f32)
CONVERT_FROM(double, f64)
CONVERT_FROM(uint8_t, u8)
CONVERT_FROM(int8_t, i8)
CONVERT_FROM(int16_t, i16)
CONVERT_FROM(uint16_t, u16)
CONVERT_FROM(uint32_t, u32)
CONVERT_FROM(uint64_t, u64)
CONVERT_FROM(cg_half, f16)
CONVERT_FROM(cg_bf16, bf16)
CONVERT_FROM(cg_c64, c64)
CONVERT_FROM(cg_c128, c128)

/* float16 <-> float32 runs, the copies every float16 op makes, by F16C
 * where the CPU has it */
static void conv_f16_f32_fast(char **p, const int64_t *s, int64_t n, const void *ctx) {
    if (s[0] == sizeof(float) && s[1] == sizeof(cg_half) && cg_f16c_available())
        cg_half_to_float_f16c((const cg_half *)p[1], (float *)p[0], n);
    else
        conv_f16_f32(p, s, n, ctx);
}
static void conv_f32_f16_fast(char **p, const int64_t *s, int64_t n, const void *ctx) {
    if (s[0] == sizeof(cg_half) && s[1] == sizeof(float) && cg_f16c_available())
        cg_float_to_half_f16c((const float *)p[1], (cg_half *)p[0], n);
    else
        conv_f32_f16(p, s, n, ctx);
}

#define CONVERT_TABLE(SI)                                                                                 \
    {[CG_BOOL] = conv_##SI##_b1, [CG_INT32] = conv_##SI##_i32, [CG_INT64] = conv_##SI##_i64,           \
     [CG_F32] = conv_##SI##_f32,   [CG_F64] = conv_##SI##_f64,   [CG_UINT8] = conv_##SI##_u8,            \
     [CG_INT8] = conv_##SI##_i8,   [CG_INT16] = conv_##SI##_i16, [CG_F16] = conv_##SI##_f16,             \
     [CG_BF16] = conv_##SI##_bf16, [CG_UINT16] = conv_##SI##_u16, [CG_UINT32] = conv_##SI##_u32,   \
     [CG_UINT64] = conv_##SI##_u64, [CG_C64] = conv_##SI##_c64, [CG_C128] = conv_##SI##_c128}
/* convert_rows[in dtype][out dtype] */
static const cg_row_fn convert_rows[CG_DTYPE_COUNT][CG_DTYPE_COUNT] = {
    [CG_BOOL] = CONVERT_TABLE(b1), [CG_INT32] = CONVERT_TABLE(i32), [CG_INT64] = CONVERT_TABLE(i64),
    [CG_F32] = CONVERT_TABLE(f32),   [CG_F64] = CONVERT_TABLE(f64),   [CG_UINT8] = CONVERT_TABLE(u8),
    [CG_INT8] = CONVERT_TABLE(i8),   [CG_INT16] = CONVERT_TABLE(i16), [CG_F16] = CONVERT_TABLE(f16),
    [CG_BF16] = CONVERT_TABLE(bf16), [CG_UINT16] = CONVERT_TABLE(u16), [CG_UINT32] = CONVERT_TABLE(u32),
    [CG_UINT64] = CONVERT_TABLE(u64), [CG_C64] = CONVERT_TABLE(c64), [CG_C128] = CONVERT_TABLE(c128),
};

/* the table with the F16C rows in place */
static cg_row_fn convert_row(cg_dtype from, cg_dtype to) {
    if (from == CG_F16 && to == CG_F32)
        return conv_f16_f32_fast;
    if (from == CG_F32 && to == CG_F16)
        return conv_f32_f16_fast;
    return convert_rows[from][to];
}

/* out is any shape, in[0] broadcast to it */
void cg_cpu_copy(const cg_kernel_call *c) {
    cg_ew_iter_for_each(c->it, convert_row(c->it->dtypes[1], c->it->dtypes[0]), NULL);
}

/* Copies src into dst (same device), broadcasting and casting. No checks. */
int cg_copy_raw(cg_tensor *dst, cg_tensor *src) {
    cg_ew_iter it;
    cg_ew_iter_init(&it, dst, 1, &src);
    cg_kernel_call call = {.op = CG_OP_COPY, .nout = 1, .nin = 1, .out = {dst}, .in = {src}, .it = &it};
    return cg_op_run(&call);
}

/* ---- the FILL kernel: out = args->s[0] ------------------------------------------- */

#define FILL_ROW(name, T, DT)                                                  \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) { \
        const cg_op_args *a = ctx;                                             \
        T v;                                                                   \
        cg_scalar_store(&v, DT, a->s[0]);                                      \
        if (s[0] == sizeof(T)) {                                               \
            T *restrict o = (T *)p[0];                                         \
            for (int64_t i = 0; i < n; i++)                                    \
                o[i] = v;                                                      \
            return;                                                            \
        }                                                                      \
        for (int64_t i = 0; i < n; i++)                                        \
            *(T *)(p[0] + i * s[0]) = v;                                       \
    }
FILL_ROW(fill_bool, bool, CG_BOOL)
FILL_ROW(fill_i32, int32_t, CG_INT32)
FILL_ROW(fill_i64, int64_t, CG_INT64)
FILL_ROW(fill_f32, float, CG_F32)
FILL_ROW(fill_f64, double, CG_F64)
FILL_ROW(fill_u8, uint8_t, CG_UINT8)
FILL_ROW(fill_i8, int8_t, CG_INT8)
FILL_ROW(fill_i16, int16_t, CG_INT16)
FILL_ROW(fill_f16, cg_half, CG_F16)
FILL_ROW(fill_bf16, cg_bf16, CG_BF16)
FILL_ROW(fill_u16, uint16_t, CG_UINT16)
FILL_ROW(fill_u32, uint32_t, CG_UINT32)
FILL_ROW(fill_u64, uint64_t, CG_UINT64)
FILL_ROW(fill_c64, cg_c64, CG_C64)
FILL_ROW(fill_c128, cg_c128, CG_C128)
static const cg_row_fn fill_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(fill), CG_ROWS_REDUCED(fill), CG_ROWS_COMPLEX(fill)};

/* out is any shape; args->s[0] the value */
void cg_cpu_fill(const cg_kernel_call *c) { cg_ew_run(c, fill_rows, 0); }

static int fill_raw(cg_tensor *t, cg_scalar value) {
    cg_ew_iter it;
    cg_ew_iter_init(&it, t, 0, NULL);
    cg_op_args args = {.s = {value}};
    cg_kernel_call call = {.op = CG_OP_FILL, .nout = 1, .out = {t}, .it = &it, .args = &args};
    return cg_op_run(&call);
}

/* ---- creation ------------------------------------------------------------------------ */

cg_tensor *cg_full(int ndim, const int64_t *sizes, cg_scalar value, cg_dtype dtype, cg_device device) {
    cg_tensor *t = cg_tensor_empty(ndim, sizes, dtype, device);
    if (t && fill_raw(t, value) < 0) {
        cg_tensor_release(t);
        return NULL;
    }
    return t;
}

/* Note [Preserved layout]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's clone(), to(dtype) and the *_like factories default to
 * memory_format=torch.preserve_format: the new tensor takes x's strides when
 * x is dense (a transposed x gives a transposed copy), and is contiguous
 * otherwise. The user-facing forms (_preserve) follow it; the engine's own
 * copies stay contiguous, since its kernels may ask for that. */
cg_tensor *cg_empty_preserve(const cg_tensor *x, cg_dtype dtype, cg_device device) {
    return cg_empty_format(x, dtype, device, CG_PRESERVE_FORMAT);
}

cg_tensor *cg_full_preserve(const cg_tensor *x, cg_scalar value, cg_dtype dtype, cg_device device) {
    return cg_full_format(x, value, dtype, device, CG_PRESERVE_FORMAT);
}

cg_tensor *cg_full_format(const cg_tensor *x, cg_scalar value, cg_dtype dtype, cg_device device, cg_memory_format f) {
    cg_tensor *t = cg_empty_format(x, dtype, device, f);
    if (t && fill_raw(t, value) < 0) {
        cg_tensor_release(t);
        return NULL;
    }
    return t;
}

cg_tensor *cg_zeros(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device) {
    return cg_full(ndim, sizes, cg_scalar_int(0), dtype, device);
}

cg_tensor *cg_ones(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device) {
    return cg_full(ndim, sizes, cg_scalar_int(1), dtype, device);
}

cg_tensor *cg_empty_like(const cg_tensor *t) {
    return cg_tensor_empty(t->ndim, t->sizes, t->dtype, cg_tensor_device(t));
}
cg_tensor *cg_zeros_like(const cg_tensor *t) { return cg_zeros(t->ndim, t->sizes, t->dtype, cg_tensor_device(t)); }
cg_tensor *cg_ones_like(const cg_tensor *t) { return cg_ones(t->ndim, t->sizes, t->dtype, cg_tensor_device(t)); }
cg_tensor *cg_full_like(const cg_tensor *t, cg_scalar value) {
    return cg_full(t->ndim, t->sizes, value, t->dtype, cg_tensor_device(t));
}

cg_tensor *cg_tensor_from_buffer(int ndim, const int64_t *sizes, cg_dtype dtype, const void *values) {
    cg_tensor *t = cg_tensor_empty(ndim, sizes, dtype, cg_device_cpu());
    if (t)
        memcpy(cg_tensor_data(t), values, (size_t)cg_tensor_numel(t) * cg_dtype_size(dtype));
    return t;
}

cg_tensor *cg_tensor_from_scalars(int ndim, const int64_t *sizes, const cg_scalar *values, int dtype,
                                  cg_device device) {
    int64_t n = 1;
    for (int d = 0; d < ndim; d++)
        n *= sizes[d];
    if (dtype < 0) {
        cg_dtype dt = CG_BOOL;
        for (int64_t i = 0; i < n; i++)
            dt = cg_dtype_promote(dt, cg_scalar_dtype(values[i]));
        dtype = n ? (int)dt : (int)CG_DEFAULT_DTYPE;
    }
    cg_tensor *t = cg_tensor_empty(ndim, sizes, (cg_dtype)dtype, cg_device_cpu());
    if (!t)
        return NULL;
    char *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        cg_scalar_store(p + i * (int64_t)cg_tensor_itemsize(t), t->dtype, values[i]);
    if (device.type == CG_CPU)
        return t;
    cg_tensor *moved = cg_to_device(t, device);
    cg_tensor_release(t);
    return moved;
}

cg_tensor *cg_arange(cg_scalar start, cg_scalar end, cg_scalar step, int dtype, cg_device device) {
    double s = cg_scalar_to_double(start), e = cg_scalar_to_double(end), st = cg_scalar_to_double(step);
    CG_CHECK(st != 0, CG_RUNTIME_ERROR, "step must be nonzero");
    CG_CHECK(isfinite(s) && isfinite(e), CG_RUNTIME_ERROR, "unsupported range: %g -> %g", s, e);
    CG_CHECK((st > 0 && e >= s) || (st < 0 && e <= s), CG_RUNTIME_ERROR,
             "upper bound and larger bound inconsistent with step sign");
    if (dtype < 0) {
        bool any_float = start.kind == CG_SCALAR_FLOAT || end.kind == CG_SCALAR_FLOAT || step.kind == CG_SCALAR_FLOAT;
        dtype = any_float ? CG_DEFAULT_DTYPE : CG_INT64;
    }
    CG_CHECK(!cg_dtype_is_complex((cg_dtype)dtype), CG_RUNTIME_ERROR, "\"arange_cpu\" not implemented for '%s'",
             cg_dtype_legacy_name((cg_dtype)dtype));
    double size = ceil((e - s) / st);
    CG_CHECK(size >= 0 && size < 0x1p63, CG_RUNTIME_ERROR, "invalid size, possible overflow?");
    int64_t n = (int64_t)size;
    cg_tensor *t = cg_tensor_empty(1, &n, (cg_dtype)dtype, cg_device_cpu());
    if (!t)
        return NULL;
    char *p = cg_tensor_data(t);
    bool ints = start.kind != CG_SCALAR_FLOAT && step.kind != CG_SCALAR_FLOAT;
    for (int64_t i = 0; i < n; i++) {
        /* wraps rather than overflows where the double count rounded up */
        cg_scalar v = ints ? cg_scalar_int(
                          (int64_t)((uint64_t)cg_scalar_to_int(start) + (uint64_t)i * (uint64_t)cg_scalar_to_int(step)))
                           : cg_scalar_float(s + (double)i * st);
        cg_scalar_store(p + i * (int64_t)cg_tensor_itemsize(t), t->dtype, v);
    }
    if (device.type == CG_CPU)
        return t;
    cg_tensor *moved = cg_to_device(t, device);
    cg_tensor_release(t);
    return moved;
}

/* PyTorch's linspace loop: the first half counted up from start, the second
 * down from end, so both ends are exact. Its vectorised loop makes two
 * vectors of W lanes at a time, each lane its vector's first value plus
 * lane * step, and the elements past the last pair one by one; the values
 * depend on that grouping, so it is followed here. Floats compute in their
 * own type, integers through a double step. PyTorch's build fuses the
 * multiply-add of start + step * idx (an FMA, rounded once) but not the
 * lanes' base + lane * step, so neither is done here. */
#define LINSPACE_FILL(name, T, STEP_T, FMA, W)                                                                    \
    static void name(char *out, int64_t begin, int64_t end_i, int64_t steps, double start_d, double end_d) { \
        T *p = (T *)out;                                                                                    \
        const T start = (T)start_d, end = (T)end_d;                                                         \
        const STEP_T step = ((STEP_T)end - (STEP_T)start) / (STEP_T)(steps - 1);                            \
        const int64_t half = steps / 2;                                                                     \
        int64_t idx = begin;                                                                                \
        for (; idx + 2 * W <= end_i;)                                                                       \
            for (int v = 0; v < 2; v++, idx += W) {                                                         \
                T base = idx < half ? (T)FMA(step, (STEP_T)idx, (STEP_T)start)                              \
                                    : (T)FMA(-step, (STEP_T)(steps - idx - 1), (STEP_T)end);                \
                p[idx] = base;                                                                              \
                for (int l = 1; l < W; l++)                                                                 \
                    p[idx + l] = (T)(base + (STEP_T)l * step);                                              \
            }                                                                                               \
        for (; idx < end_i; idx++)                                                                          \
            p[idx] = idx < half ? (T)FMA(step, (STEP_T)idx, (STEP_T)start)                                  \
                                : (T)FMA(-step, (STEP_T)(steps - idx - 1), (STEP_T)end);                    \
    }
LINSPACE_FILL(linspace_f32, float, float, fmaf, 8)
LINSPACE_FILL(linspace_f64, double, double, fma, 4)
LINSPACE_FILL(linspace_i32, int32_t, double, fma, 8)
LINSPACE_FILL(linspace_i64, int64_t, double, fma, 4)

cg_tensor *cg_linspace(double start, double end, int64_t steps, cg_dtype dtype, cg_device device) {
    CG_CHECK(steps >= 0, CG_RUNTIME_ERROR, "number of steps must be non-negative");
    cg_tensor *t = cg_tensor_empty(1, &steps, dtype, cg_device_cpu());
    if (!t)
        return NULL;
    char *p = cg_tensor_data(t);
    if (steps == 1) {
        cg_scalar_store(p, dtype, cg_scalar_float(start));
    } else if (steps > 1) {
        void (*fill)(char *, int64_t, int64_t, int64_t, double, double) = dtype == CG_F32   ? linspace_f32
                                                                          : dtype == CG_F64 ? linspace_f64
                                                                          : dtype == CG_INT32 ? linspace_i32
                                                                                              : linspace_i64;
        if (dtype == CG_BOOL) { /* no vectors of bools: element by element, through int64 */
            double step = (end - start) / (double)(steps - 1);
            for (int64_t i = 0; i < steps; i++) {
                double v = i < steps / 2 ? start + step * (double)i : end - step * (double)(steps - i - 1);
                cg_scalar_store(p + i, dtype, cg_scalar_float(v));
            }
        } else {
            /* PyTorch's threads split the steps into ranges, each vectorised from its start */
            int64_t parts = cg_parallel_parts(steps);
            int64_t chunk = (steps + parts - 1) / parts;
            for (int64_t b = 0; b < steps; b += chunk)
                fill(p, b, b + chunk < steps ? b + chunk : steps, steps, start, end);
        }
    }
    if (device.type == CG_CPU)
        return t;
    cg_tensor *moved = cg_to_device(t, device);
    cg_tensor_release(t);
    return moved;
}

/* torch.logspace as PyTorch 1.13's CPU kernel computes it: start and end
 * first converted to the dtype (floats rounded, integers truncated), the
 * step in double from their difference taken in the dtype, each value
 * pow(base, exponent) in double with the exponent counted from the start
 * for the first half and from the end for the second, then converted. */
static double in_dtype(double v, cg_dtype dt) {
    switch (dt) {
    case CG_F32: return (float)v;
    case CG_BF16: {
        char b[2];
        cg_scalar_store(b, CG_BF16, cg_scalar_float(v));
        return cg_scalar_to_double(cg_scalar_load(b, CG_BF16));
    }
    case CG_F64: return v;
    case CG_UINT8: /* c10's checked conversion: a negative integer wraps, a negative fraction overflows */
        return v < 0 && v == trunc(v) && v >= -255 ? v + 256 : trunc(v);
    default: return v > -9.2e18 && v < 9.2e18 ? (double)(int64_t)v : v; /* truncated, as C++'s cast */
    }
}

cg_tensor *cg_logspace(double start, double end, int64_t steps, double base, cg_dtype dtype, cg_device device) {
    CG_CHECK(steps >= 0, CG_RUNTIME_ERROR, "number of steps must be non-negative");
    CG_CHECK(dtype != CG_F16 && !cg_dtype_is_complex(dtype), CG_RUNTIME_ERROR,
             "\"logspace_cpu\" not implemented for '%s'", cg_dtype_legacy_name(dtype));
    cg_tensor *t = cg_tensor_empty(1, &steps, dtype, cg_device_cpu());
    if (!t)
        return NULL;
    char *p = cg_tensor_data(t);
    size_t size = cg_dtype_size(dtype);
    for (int k = 0; k < 2 && dtype == CG_UINT8; k++) {
        double v = k ? end : start;
        if (v < 0 && (v != trunc(v) || v < -255)) {
            cg_tensor_release(t);
            cg_error_set(CG_RUNTIME_ERROR, "value cannot be converted to type uint8_t without overflow");
            return NULL;
        }
    }
    double s = in_dtype(start, dtype), e = in_dtype(end, dtype);
    /* the difference in the dtype for floats; integers promote to int */
    double diff = cg_dtype_is_float(dtype) ? in_dtype(e - s, dtype) : e - s;
    double step = steps > 1 ? diff / (double)(steps - 1) : 0.0;
    for (int64_t i = 0; i < steps; i++) {
        double x = steps == 1 ? start : i < steps / 2 ? s + step * (double)i : e - step * (double)(steps - i - 1);
        double v = pow(base, x);
        cg_scalar_store(p + i * (int64_t)size, dtype, cg_scalar_float(dtype == CG_BF16 ? (double)(float)v : v));
    }
    if (device.type == CG_CPU)
        return t;
    cg_tensor *moved = cg_to_device(t, device);
    cg_tensor_release(t);
    return moved;
}

cg_tensor *cg_eye(int64_t n, int64_t m, cg_dtype dtype, cg_device device) {
    CG_CHECK(n >= 0, CG_RUNTIME_ERROR, "n must be greater or equal to 0, got %lld", (long long)n);
    CG_CHECK(dtype != CG_BF16, CG_RUNTIME_ERROR, "\"eye\" not implemented for 'BFloat16'");
    if (m < 0)
        m = n;
    int64_t sizes[2] = {n, m};
    if (cg_check_numel(2, sizes) < 0) /* PyTorch resizes an empty tensor: its numel check comes first */
        return NULL;
    cg_tensor *t = cg_zeros(2, sizes, dtype, cg_device_cpu());
    if (!t)
        return NULL;
    char *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n && i < m; i++)
        cg_scalar_store(p + (i * m + i) * (int64_t)cg_dtype_size(dtype), dtype, cg_scalar_int(1));
    if (device.type == CG_CPU)
        return t;
    cg_tensor *moved = cg_to_device(t, device);
    cg_tensor_release(t);
    return moved;
}

/* ---- copies ------------------------------------------------------------------------------ */

static int check_same_device(const cg_tensor *a, const cg_tensor *b) {
    if (cg_device_equal(cg_tensor_device(a), cg_tensor_device(b)))
        return 0;
    char da[16], db[16];
    cg_error_set(CG_RUNTIME_ERROR,
                 "Expected all tensors to be on the same device, but found at least two devices, %s and %s!",
                 cg_device_str(cg_tensor_device(a), da, sizeof da), cg_device_str(cg_tensor_device(b), db, sizeof db));
    return -1;
}

int cg_copy_(cg_tensor *dst, cg_tensor *src) {
    int n;
    int64_t shape[CG_MAX_DIMS];
    if (cg_broadcast_shapes(dst->ndim, dst->sizes, src->ndim, src->sizes, &n, shape) < 0)
        return -1;
    if (n != dst->ndim || memcmp(shape, dst->sizes, (size_t)n * sizeof *shape)) {
        char a[128], b[128];
        cg_error_set(CG_RUNTIME_ERROR, "output with shape %s doesn't match the broadcast shape %s",
                     cg_sizes_str(dst->ndim, dst->sizes, a, sizeof a), cg_sizes_str(n, shape, b, sizeof b));
        return -1;
    }
    if (cg_autograd_check_inplace(dst) < 0 || cg_tensor_check_no_overlap(dst) < 0 || check_same_device(dst, src) < 0)
        return -1;
    bool record = cg_autograd_needed(2, (cg_tensor *[]){dst, src});
    if (cg_copy_raw(dst, src) < 0)
        return -1;
    dst->storage->version++;
    if (record)
        return cg_autograd_record(CG_OP_COPY, 1, &dst, 2, (cg_tensor *[]){dst, src}, 0, NULL, NULL, NULL);
    return 0;
}

/* CopyBackwards: self's old value is overwritten (no gradient); src gets
 * the gradient, reduced to its shape and cast back by the engine. */
int cg_bw_copy(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = n->next[0].node ? cg_zeros_like(go[0]) : NULL;
    gi[1] = cg_tensor_retain(go[0]);
    return (n->next[0].node && !gi[0]) ? -1 : 0;
}

/* A copy of x with the given dtype, contiguous or laid out as x
 * (preserve_format); recorded as `op`. */
static cg_tensor *copy_as(cg_tensor *x, cg_dtype dtype, cg_op op, cg_memory_format f) {
    cg_tensor *out = cg_empty_format(x, dtype, cg_tensor_device(x), f);
    if (!out || cg_copy_raw(out, x) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    if (cg_dtype_is_inexact(dtype) && cg_autograd_needed(1, &x)
        && cg_autograd_record(op, 1, &out, 1, &x, 0, NULL, NULL, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

cg_tensor *cg_to_dtype(cg_tensor *t, cg_dtype dtype) {
    if (t->dtype == dtype)
        return cg_tensor_retain(t);
    return copy_as(t, dtype, CG_OP_TO_DTYPE, CG_CONTIGUOUS_FORMAT);
}

cg_tensor *cg_to_dtype_preserve(cg_tensor *t, cg_dtype dtype) { return cg_to_dtype_format(t, dtype, CG_PRESERVE_FORMAT); }

cg_tensor *cg_to_dtype_format(cg_tensor *t, cg_dtype dtype, cg_memory_format f) {
    if (t->dtype == dtype)
        return cg_tensor_retain(t);
    return copy_as(t, dtype, CG_OP_TO_DTYPE, f);
}

cg_tensor *cg_to_copy(cg_tensor *t, cg_dtype dtype, cg_memory_format f) {
    return copy_as(t, dtype, CG_OP_TO_DTYPE, f);
}

cg_tensor *cg_clone(cg_tensor *t) { return copy_as(t, t->dtype, CG_OP_CLONE, CG_CONTIGUOUS_FORMAT); }
cg_tensor *cg_clone_preserve(cg_tensor *t) { return copy_as(t, t->dtype, CG_OP_CLONE, CG_PRESERVE_FORMAT); }
cg_tensor *cg_clone_format(cg_tensor *t, cg_memory_format f) { return copy_as(t, t->dtype, CG_OP_CLONE, f); }

/* x.repeat(*repeats): x tiled repeats[d] times along each dim d, the
 * leading repeats making new dims. x is viewed as [1, s0, 1, s1, ...],
 * expanded to [r0, s0, r1, s1, ...] and copied into a new tensor of
 * [r0*s0, r1*s1, ...]; recorded as one RepeatBackward0, as PyTorch does. */
cg_tensor *cg_repeat(cg_tensor *x, int n, const int64_t *repeats) {
    CG_CHECK(n >= x->ndim, CG_RUNTIME_ERROR,
             "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
    CG_CHECK(2 * n <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad repeats tensors of at most %d dimensions", CG_MAX_DIMS / 2);
    int64_t pairs[CG_MAX_DIMS], tiled[CG_MAX_DIMS], sizes[CG_MAX_DIMS];
    for (int d = 0; d < n; d++) {
        int64_t size = d < n - x->ndim ? 1 : x->sizes[d - (n - x->ndim)];
        pairs[2 * d] = 1, pairs[2 * d + 1] = size;
        tiled[2 * d] = repeats[d], tiled[2 * d + 1] = size;
        sizes[d] = (int64_t)((uint64_t)repeats[d] * (uint64_t)size); /* wraps as PyTorch's */
    }
    /* the result first, as PyTorch makes it: a wrapped product fails there
     * ("Storage size calculation overflowed"), or in the numel check of the
     * expand below (Note [Size overflow] in tensor.c) */
    cg_tensor *out = cg_tensor_empty(n, sizes, x->dtype, cg_tensor_device(x));
    if (!out)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *v = cg_reshape(x, 2 * n, pairs);
    cg_tensor *e = v ? cg_expand(v, 2 * n, tiled) : NULL;
    cg_tensor *dst = e ? cg_reshape(out, 2 * n, tiled) : NULL; /* a view: out is contiguous */
    int rc = dst ? cg_copy_raw(dst, e) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(v), cg_tensor_release(e), cg_tensor_release(dst);
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    cg_op_args args = {.ndims = n};
    memcpy(args.dims, repeats, (size_t)n * sizeof *repeats);
    if (cg_dtype_is_float(x->dtype) && cg_autograd_needed(1, &x)
        && cg_autograd_record(CG_OP_REPEAT, 1, &out, 1, &x, 0, NULL, &args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* RepeatBackward0, as PyTorch's repeat_backward: zero for a zero repeat;
 * else the new leading dims summed away one at a time, then the gradient
 * viewed as (repeat, size) pairs where a dim was repeated and summed over
 * the repeats at once. */
int cg_bw_repeat(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const int64_t *reps = n->args.dims;
    const cg_meta *in = &n->in_meta[0];
    int nrep = n->args.ndims, lead = nrep - in->ndim;
    for (int d = 0; d < nrep; d++)
        if (reps[d] == 0)
            return (gi[0] = cg_zeros(in->ndim, in->sizes, go[0]->dtype, cg_tensor_device(go[0]))) ? 0 : -1;
    cg_tensor *g = cg_tensor_retain(go[0]);
    for (int i = 0; g && i < lead; i++) {
        cg_tensor *s = cg_sum(g, 1, (int64_t[]){0}, false);
        cg_tensor_release(g);
        g = s;
    }
    int64_t sizes[CG_MAX_DIMS], dims[CG_MAX_DIMS];
    int k = 0, nsum = 0;
    for (int d = 0; d < in->ndim; d++) {
        if (reps[d + lead] != 1) {
            sizes[k] = reps[d + lead];
            dims[nsum++] = k++;
        }
        sizes[k++] = in->sizes[d];
    }
    cg_tensor *r = g ? cg_reshape(g, k, sizes) : NULL;
    cg_tensor_release(g);
    if (r && nsum) {
        cg_tensor *s = cg_sum(r, nsum, dims, false);
        cg_tensor_release(r);
        r = s;
    }
    return (gi[0] = r) ? 0 : -1;
}

cg_tensor *cg_contiguous(cg_tensor *t) {
    if (cg_tensor_is_contiguous(t))
        return cg_tensor_retain(t);
    return cg_clone(t);
}

cg_tensor *cg_contiguous_format(cg_tensor *t, cg_memory_format f) {
    if (cg_is_contiguous_as(t, f))
        return cg_tensor_retain(t);
    CG_CHECK(f != CG_PRESERVE_FORMAT, CG_RUNTIME_ERROR, "preserve memory format is unsupported by the contiguous operator");
    return cg_clone_format(t, f);
}

/* ToCopyBackward0 and CloneBackward0: the gradient passes through; the
 * engine casts it back to the input's dtype. */
int cg_bw_to_dtype(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    gi[0] = cg_tensor_retain(go[0]);
    return 0;
}
int cg_bw_clone(cg_node *n, cg_tensor *const *go, cg_tensor **gi) { return cg_bw_to_dtype(n, go, gi); }

cg_tensor *cg_to_device(cg_tensor *t, cg_device device) {
    cg_device from = cg_tensor_device(t);
    if (cg_device_equal(from, device))
        return cg_tensor_retain(t);
    const cg_backend *be = cg_backend_get(device.type == CG_CPU ? from.type : device.type);
    if (!be)
        return NULL;
    cg_tensor *src = cg_contiguous(t);
    if (!src)
        return NULL;
    cg_tensor *out = cg_tensor_empty(t->ndim, t->sizes, t->dtype, device);
    if (out
        && be->copy(cg_tensor_data(out), device, cg_tensor_data(src), from,
                    (size_t)cg_tensor_numel(t) * cg_tensor_itemsize(t))
               < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(src);
    return out;
}

/* ---- fills --------------------------------------------------------------------------------- */

int cg_record_overwrite(cg_tensor *t, const char *node_name) {
    if (!cg_autograd_needed(1, &t))
        return 0;
    cg_node *n;
    if (cg_autograd_record(CG_OP_FILL, 1, &t, 1, &t, 0, NULL, NULL, &n) < 0)
        return -1;
    if (n)
        n->name = node_name;
    return 0;
}

/* fill_, zero_ and the in-place random ops: the new value does not depend
 * on the old one, so its gradient is zero */
int cg_bw_fill(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    return (gi[0] = cg_zeros_like(go[0])) ? 0 : -1;
}

static int fill_named_(cg_tensor *t, cg_scalar value, const char *node_name) {
    if (cg_autograd_check_inplace(t) < 0 || fill_raw(t, value) < 0)
        return -1;
    t->storage->version++;
    return cg_record_overwrite(t, node_name);
}

int cg_fill_(cg_tensor *t, cg_scalar value) { return fill_named_(t, value, "FillBackward2"); }

int cg_zero_(cg_tensor *t) { return fill_named_(t, cg_scalar_int(0), "ZeroBackward0"); }

cg_tensor *cg_detach(cg_tensor *t) {
    cg_tensor *d = cg_tensor_from_storage(t->storage, t->offset, t->ndim, t->sizes, t->strides, t->dtype);
    return d;
}

cg_tensor *cg_host_int64(cg_tensor *t) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *h = cg_to_device(t, cg_device_cpu());
    cg_tensor *l = h ? cg_to_dtype(h, CG_INT64) : NULL;
    cg_tensor *c = l ? cg_contiguous(l) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(h), cg_tensor_release(l);
    return c;
}
