/* random.c: the random ops of random.h, each a replay of PyTorch 1.13's
 * CPU kernel (aten/src/ATen/native/cpu/DistributionTemplates.h,
 * ATen/core/DistributionsHelper.h, ATen/core/TransformationHelper.h and
 * randperm_cpu in native/TensorFactories.cpp): the same draws from the
 * generator, in the same order, through the same arithmetic.
 *
 * PyTorch's kernels are built with -mfma, and GCC fuses their
 * `val * std + mean` and `x * (to - from) + from` into one rounding: so do
 * we, with fma(), wherever the fixture shows PyTorch's bits need it.
 *
 * Every op is "draw numel values in sequence into a contiguous buffer",
 * plus the placing of that buffer into the tensor in the order PyTorch's
 * TensorIterator visits its elements (see Note [Random element order]).
 * What it is not: the generator (rng.c) or the vectorised normal
 * (normal_fill.c). */
#include "random.h"

#include "ops_copy.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "normal_fill.h"
#include "ops.h"
#include "random_device.h"

/* The check of bernoulli_distribution's constructor, as TORCH_CHECK words it. */
#define BERNOULLI_P_MSG                                                                                    \
    "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  " \
    "If so, please report an enhancement request to PyTorch.)"

/* PyTorch's AT_DISPATCH error for a dtype a kernel does not take. */
static int not_implemented(const char *kernel, cg_dtype dt) {
    cg_error_set(CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel, cg_dtype_legacy_name(dt));
    return -1;
}

/* ---- the fills: n values in sequence into a contiguous buffer ------------------------ */

/* What a fill needs besides the buffer. */
typedef struct {
    double a, b;  /* mean and std, from and to, p */
    int64_t from; /* random_ */
    uint64_t range;
    bool contiguous; /* the target is contiguous (normal_ picks its path by it) */
} fill_args;

typedef int (*fill_fn)(void *data, int64_t n, cg_dtype dt, const fill_args *a, cg_rng *g);

/* Stores a double into an element of dtype dt, as static_cast does. */
static inline void store(void *data, int64_t i, cg_dtype dt, double v) {
    switch (dt) {
    case CG_BOOL: ((bool *)data)[i] = v != 0; break;
    case CG_INT32: ((int32_t *)data)[i] = (int32_t)v; break;
    case CG_INT64: ((int64_t *)data)[i] = (int64_t)v; break;
    case CG_F32: ((float *)data)[i] = (float)v; break;
    case CG_F64: ((double *)data)[i] = v; break;
    default: cg_scalar_store((char *)data + i * (int64_t)cg_dtype_size(dt), dt, cg_scalar_float(v)); break;
    }
}

/* The mantissa digits of a floating dtype (std::numeric_limits::digits):
 * how many bits of a draw its uniform values take. */
static int float_digits(cg_dtype dt) {
    switch (dt) {
    case CG_F16: return 11;
    case CG_BF16: return 8;
    case CG_F32: return FLT_MANT_DIG;
    default: return DBL_MANT_DIG;
    }
}

/* A value of float arithmetic rounded to the reduced dtype dt and back:
 * what a c10::Half or c10::BFloat16 variable holds. */
static float round_to(cg_dtype dt, float v) {
    return dt == CG_F16 ? cg_half_to_float(cg_half_from_float(v)) : cg_bf16_to_float(cg_bf16_from_float(v));
}

/* uniform_real_distribution<T>(0, 1) of a float16/bfloat16: the low
 * `digits` bits of a 32-bit draw, scaled */
static float uniform_reduced(cg_rng *g, int digits) {
    return (float)(cg_rng_random(g) & ((1u << digits) - 1)) * (1.0f / (float)(1u << digits));
}

/* Note [Reduced normal fill]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's normal_fill for float16/bfloat16 (16 or more contiguous
 * elements) runs its Box-Muller in c10::Half arithmetic: uniforms of the
 * dtype's digits written into the tensor first, then per group of 16 the
 * radius and the angle rounded to the dtype as they are stored in
 * variables of it, and each result computed in float (fused multiply-add,
 * as its AVX2 build contracts it) and rounded; for bfloat16 every step
 * rounds (c10's BFloat16 math functions and operators return BFloat16). A
 * tail group recomputes the last 16 elements from fresh draws. */
static void normal_group16(float *d, cg_dtype dt, float mean, float std) {
    for (int j = 0; j < 8; j++) {
        float u1 = round_to(dt, 1.0f - d[j]), u2 = d[j + 8];
        float theta = round_to(dt, (float)(2.0 * M_PI * (double)u2));
        if (dt == CG_F16) { /* std::log etc. of a Half are float's */
            float radius = round_to(dt, sqrtf(-2.0f * logf(u1)));
            d[j] = round_to(dt, fmaf(radius * cosf(theta), std, mean));
            d[j + 8] = round_to(dt, fmaf(radius * sinf(theta), std, mean));
        } else { /* BFloat16-math.h's return BFloat16, and every op rounds */
            float radius = round_to(dt, sqrtf(round_to(dt, -2.0f * round_to(dt, logf(u1)))));
            float c = round_to(dt, cosf(theta)), s = round_to(dt, sinf(theta));
            d[j] = round_to(dt, round_to(dt, round_to(dt, radius * c) * std) + mean);
            d[j + 8] = round_to(dt, round_to(dt, round_to(dt, radius * s) * std) + mean);
        }
    }
}

static void normal_fill_reduced(float *d, int64_t n, cg_dtype dt, float mean, float std, cg_rng *g) {
    int digits = float_digits(dt);
    for (int64_t i = 0; i < n; i++)
        d[i] = uniform_reduced(g, digits);
    for (int64_t i = 0; i + 16 <= n; i += 16)
        normal_group16(d + i, dt, mean, std);
    if (n % 16) {
        float *t = d + n - 16;
        for (int j = 0; j < 16; j++)
            t[j] = uniform_reduced(g, digits);
        normal_group16(t, dt, mean, std);
    }
}

/* One normal_distribution<double> draw: Box-Muller on two 53-bit uniforms,
 * the sine half cached in the generator for the next draw. */
static double normal_one(cg_rng *g) {
    if (g->has_normal) {
        g->has_normal = false;
        return g->normal;
    }
    double u1 = cg_uniform_f64(g);
    double u2 = cg_uniform_f64(g);
    double r = sqrt(-2.0 * log(1.0 - u2));
    double theta = 2.0 * M_PI * u1;
    g->normal = r * sin(theta);
    g->has_normal = true;
    return r * cos(theta);
}

/* a = mean, b = std; data is float32 or float64 (see Note [Vectorised normal]) */
static int fill_normal(void *data, int64_t n, cg_dtype dt, const fill_args *a, cg_rng *g) {
    if (n >= 16 && a->contiguous && cg_dtype_is_reduced(dt)) {
        float *buf = malloc((size_t)n * sizeof *buf);
        if (!buf) {
            cg_error_set(CG_MEMORY_ERROR, "out of memory");
            return -1;
        }
        normal_fill_reduced(buf, n, dt, round_to(dt, (float)a->a), round_to(dt, (float)a->b), g);
        for (int64_t i = 0; i < n; i++)
            store(data, i, dt, buf[i]);
        free(buf);
        return 0;
    }
    if (n >= 16 && a->contiguous) {
        if (dt == CG_F32)
            cg_normal_fill_f32(data, n, (float)a->a, (float)a->b, g);
        else
            cg_normal_fill_f64(data, n, a->a, a->b, g);
        return 0;
    }
    for (int64_t i = 0; i < n; i++)
        store(data, i, dt, fma(normal_one(g), a->b, a->a));
    return 0;
}

/* a = from, b = to; x * (to - from) + from in the dtype's own precision */
static int fill_uniform(void *data, int64_t n, cg_dtype dt, const fill_args *a, cg_rng *g) {
    if (cg_dtype_is_reduced(dt)) { /* the span in the dtype, the rest in float */
        float from = round_to(dt, (float)a->a), span = round_to(dt, (float)a->b - from);
        int digits = float_digits(dt);
        for (int64_t i = 0; i < n; i++)
            store(data, i, dt, fmaf(uniform_reduced(g, digits), span, from));
    } else if (dt == CG_F32) {
        float from = (float)a->a, span = (float)a->b - from;
        for (int64_t i = 0; i < n; i++)
            ((float *)data)[i] = fmaf(cg_uniform_f32(g), span, from);
    } else {
        double from = a->a, span = a->b - from;
        for (int64_t i = 0; i < n; i++)
            ((double *)data)[i] = fma(cg_uniform_f64(g), span, from);
    }
    return 0;
}

/* from + draw % range (uniform_int_from_to_distribution): one 32-bit draw,
 * or a 64-bit one for ranges of 2^32 and more in the 64-bit-capable dtypes */
static int fill_random(void *data, int64_t n, cg_dtype dt, const fill_args *a, cg_rng *g) {
    bool wide = a->range >= (1ull << 32) && dt != CG_BOOL && dt != CG_INT32;
    for (int64_t i = 0; i < n; i++) {
        uint64_t r = wide ? cg_rng_random64(g) : cg_rng_random(g);
        int64_t v = (int64_t)(r % a->range + (uint64_t)a->from);
        switch (dt) { /* from int64 directly: one rounding, as static_cast */
        case CG_BOOL: ((bool *)data)[i] = v != 0; break;
        case CG_INT32: ((int32_t *)data)[i] = (int32_t)v; break;
        case CG_INT64: ((int64_t *)data)[i] = v; break;
        case CG_F32: ((float *)data)[i] = (float)v; break;
        case CG_F64: ((double *)data)[i] = (double)v; break;
        default: cg_scalar_store((char *)data + i * (int64_t)cg_dtype_size(dt), dt, cg_scalar_int(v)); break;
        }
    }
    return 0;
}

/* a = p: a 53-bit uniform below p (bernoulli_distribution<double>) */
static int fill_bernoulli(void *data, int64_t n, cg_dtype dt, const fill_args *a, cg_rng *g) {
    for (int64_t i = 0; i < n; i++)
        store(data, i, dt, cg_uniform_f64(g) < a->a);
    return 0;
}

/* a = lambda: -1/lambda * log(1 - u) of a 53-bit uniform u, in double
 * (exponential_distribution<double>) */
static int fill_exponential(void *data, int64_t n, cg_dtype dt, const fill_args *a, cg_rng *g) {
    double scale = -1.0 / a->a;
    for (int64_t i = 0; i < n; i++)
        store(data, i, dt, scale * log(1.0 - cg_uniform_f64(g)));
    return 0;
}

/* ---- placing: Note [Random element order] ------------------------------------------- */

/* Note [Random element order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's random kernels walk their output with a serial TensorIterator,
 * which first reorders the dims by stride (reorder_dimensions), so values
 * are drawn in memory order: t.t().normal_() fills the transposed tensor's
 * storage in storage order. iteration_order() replays that insertion sort,
 * including its habit of skipping over dims it cannot compare (stride 0)
 * and of breaking stride ties by size; the permuted view it gives visits
 * elements in PyTorch's order when read row-major. */
static int stride_compare(const cg_tensor *t, int d0, int d1) {
    int64_t s0 = t->strides[d0], s1 = t->strides[d1];
    if (s0 == 0 || s1 == 0)
        return 0;
    if (s0 != s1)
        return s0 < s1 ? -1 : 1;
    return t->sizes[d0] > t->sizes[d1] ? 1 : 0;
}

/* dims, outermost first, such that permute(t, dims) read row-major visits
 * t's elements in TensorIterator's order */
static void iteration_order(const cg_tensor *t, int64_t *dims) {
    int n = t->ndim, perm[CG_MAX_DIMS]; /* innermost first */
    for (int i = 0; i < n; i++)
        perm[i] = n - 1 - i;
    for (int i = 1; i < n; i++) {
        int d1 = i;
        for (int d0 = i - 1; d0 >= 0; d0--) {
            int c = stride_compare(t, perm[d0], perm[d1]);
            if (c > 0) {
                int tmp = perm[d0];
                perm[d0] = perm[d1];
                perm[d1] = tmp;
                d1 = d0;
            } else if (c < 0) {
                break;
            }
        }
    }
    for (int i = 0; i < n; i++)
        dims[i] = perm[n - 1 - i];
}

/* How a tensor's values are drawn: by a fill into a contiguous CPU buffer
 * from the mt19937 generator, or by the device's kernel (a CUDA tensor,
 * from its Philox generator). */
typedef struct {
    fill_fn fill;
    const fill_args *args;
    cg_draw draw;
    cg_rng *g;
} drawer;

static int draw_contiguous(cg_tensor *t, drawer *w) {
    if (w->g->device.type != CG_CPU)
        return cg_device_draw(t, &w->draw, w->g);
    if (w->fill(cg_tensor_data(t), cg_tensor_numel(t), t->dtype, w->args, w->g) < 0)
        return -1;
    t->storage->version++;
    return 0;
}

/* Draws into a contiguous buffer (on the CPU for a CPU generator, else on
 * t's device) and copies it into t's elements in iteration order. Bumps
 * t's version through the copy. */
static int draw_through_buffer(cg_tensor *t, drawer *w) {
    int64_t perm[CG_MAX_DIMS];
    iteration_order(t, perm);
    cg_device where = w->g->device.type == CG_CPU ? cg_device_cpu() : cg_tensor_device(t);
    cg_tensor *d = cg_detach(t);
    cg_tensor *view = d ? cg_permute(d, t->ndim, perm) : NULL;
    cg_tensor *buf = view ? cg_tensor_empty(view->ndim, view->sizes, t->dtype, where) : NULL;
    cg_tensor *src = NULL;
    int rc = -1;
    if (buf && draw_contiguous(buf, w) == 0) {
        src = cg_to_device(buf, cg_tensor_device(t));
        rc = src ? cg_copy_(view, src) : -1;
    }
    cg_tensor_release(src);
    cg_tensor_release(buf);
    cg_tensor_release(view);
    cg_tensor_release(d);
    return rc;
}

/* The generator a random op on t uses: gen, or t's device's default one;
 * NULL with PyTorch's check_generator error when gen is another device's.
 * A device whose backend cannot draw (none today) draws on the CPU. */
cg_rng *cg_random_generator(const cg_tensor *t, cg_rng *gen) {
    cg_device dev = cg_tensor_device(t);
    const cg_backend *be = dev.type == CG_CPU ? NULL : cg_backend_get(dev.type);
    cg_device_type want = be && be->draw ? dev.type : CG_CPU;
    cg_rng *g = gen ? gen : want == CG_CPU ? cg_rng_default() : cg_rng_default_cuda(dev.index);
    if (!g)
        return NULL;
    static const char *const names[CG_DEVICE_TYPE_COUNT] = {"cpu", "cuda"};
    CG_CHECK(g->device.type == want, CG_RUNTIME_ERROR, "Expected a '%s' device type for generator but found '%s'",
             names[want], names[g->device.type]);
    return g;
}

/* The frame of every in-place random op: autograd's in-place check, the
 * overlap check, the draw in PyTorch's order, the version bump, and PyTorch's
 * node `node` (the new values do not depend on the old ones: a zero
 * gradient). On a device the draw is kind's kernel with a's parameters. */
static int fill_inplace(cg_tensor *t, fill_fn fill, cg_draw_kind kind, fill_args *a, cg_rng *gen, const char *node) {
    if (cg_autograd_check_inplace(t) < 0 || cg_tensor_check_no_overlap(t) < 0)
        return -1;
    drawer w = {fill, a, {.kind = kind, .a = a->a, .b = a->b, .base = a->from, .range = a->range}, NULL};
    if (!(w.g = cg_random_generator(t, gen)))
        return -1;
    a->contiguous = cg_tensor_is_contiguous(t);
    bool direct = a->contiguous && (w.g->device.type != CG_CPU || cg_tensor_device(t).type == CG_CPU);
    if ((direct ? draw_contiguous(t, &w) : draw_through_buffer(t, &w)) < 0)
        return -1;
    return cg_record_overwrite(t, node);
}

/* ---- in-place ops ------------------------------------------------------------------------ */

/* A complex t draws its parts, each of half the variance, as PyTorch's
 * normal_ on view_as_real(t). */
static int normal_complex_(cg_tensor *t, double mean, double std, cg_rng *gen) {
    if (cg_autograd_check_inplace(t) < 0)
        return -1;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *parts = cg_view_as_real(t);
    int rc = parts ? cg_normal_(parts, mean, std / sqrt(2.0), gen) : -1;
    cg_tensor_release(parts);
    cg_grad_set_enabled(was);
    return rc < 0 ? -1 : cg_record_overwrite(t, "NormalBackward0");
}

int cg_normal_(cg_tensor *t, double mean, double std, cg_rng *gen) {
    CG_CHECK_INT(std >= 0.0, CG_RUNTIME_ERROR, "normal expects std >= 0.0, but found std %g", std);
    if (cg_dtype_is_complex(t->dtype))
        return normal_complex_(t, mean, std, gen);
    if (!cg_dtype_is_float(t->dtype))
        return not_implemented("normal_kernel_cpu", t->dtype);
    fill_args a = {.a = mean, .b = std};
    return fill_inplace(t, fill_normal, CG_DRAW_NORMAL, &a, gen, "NormalBackward0");
}

int cg_uniform_(cg_tensor *t, double from, double to, cg_rng *gen) {
    if (!cg_dtype_is_float(t->dtype))
        return not_implemented("check_uniform_bounds", t->dtype);
    double max = t->dtype == CG_F32 ? FLT_MAX : t->dtype == CG_F16 ? 65504.0 : t->dtype == CG_BF16 ? 0x1.fep127 : DBL_MAX;
    const char *ctype = cg_dtype_cpp_name(t->dtype);
    CG_CHECK_INT(from >= -max && from <= max, CG_RUNTIME_ERROR, "from is out of bounds for %s", ctype);
    CG_CHECK_INT(to >= -max && to <= max, CG_RUNTIME_ERROR, "to is out of bounds for %s", ctype);
    CG_CHECK_INT(from <= to, CG_RUNTIME_ERROR,
                 "uniform_ expects to return a [from, to) range, but found from=%g > to=%g", from, to);
    CG_CHECK_INT(to - from <= max, CG_RUNTIME_ERROR,
                 "uniform_ expects to-from <= std::numeric_limits<%s>::max(), but found to=%g and from=%g which result "
                 "in to-from to exceed the limit",
                 cg_dtype_legacy_name(t->dtype), to, from);
    fill_args a = {.a = from, .b = to};
    return fill_inplace(t, fill_uniform, CG_DRAW_UNIFORM, &a, gen, "UniformBackward0");
}

/* update_from/update_to of DistributionTemplates.h: moves a bound of a
 * float dtype inwards to the nearest value that survives the cast, so
 * that no draw rounds onto `to`. dir is +1 for from, -1 for to. */
static int64_t float_bound(int64_t v, cg_dtype dt, int dir) {
    int digits = float_digits(dt);
    int64_t next = v + dir;
    int64_t cast = dt == CG_F32   ? (int64_t)(float)next
                   : dt == CG_F64 ? (int64_t)(double)next
                                  : (int64_t)round_to(dt, (float)next);
    if (dir > 0 ? cast >= v : cast < v)
        return v;
    int64_t mag = next < 0 ? -next : next;
    int n = 0;
    while (mag >>= 1)
        n++;
    return cast + dir * ((int64_t)1 << (n - digits + 1));
}

int cg_random_(cg_tensor *t, int64_t from, int64_t to, cg_rng *gen) {
    CG_CHECK_INT(from < to, CG_RUNTIME_ERROR,
                 "random_ expects 'from' to be less than 'to', but got from=%lld >= to=%lld", (long long)from,
                 (long long)to);
    if (t->dtype == CG_F16) { /* float16's range is narrower than the ints it draws */
        CG_CHECK_INT(from >= -65504 && from <= 65504, CG_RUNTIME_ERROR, "from is out of bounds for c10::Half");
        CG_CHECK_INT(to - 1 >= -65504 && to - 1 <= 65504, CG_RUNTIME_ERROR, "to - 1 is out of bounds for c10::Half");
    }
    if (cg_dtype_is_float(t->dtype)) {
        from = float_bound(from, t->dtype, +1);
        to = float_bound(to, t->dtype, -1);
        CG_CHECK_INT(from < to, CG_RUNTIME_ERROR,
                     "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=%lld "
                     ">= to=%lld",
                     (long long)from, (long long)to);
    } else if (t->dtype != CG_INT64) {
        int64_t lo, hi;
        cg_dtype_int_range(t->dtype, &lo, &hi);
        const char *ctype = cg_dtype_cpp_name(t->dtype);
        CG_CHECK_INT(from >= lo && from <= hi, CG_RUNTIME_ERROR, "from is out of bounds for %s", ctype);
        CG_CHECK_INT(to - 1 >= lo && to - 1 <= hi, CG_RUNTIME_ERROR, "to - 1 is out of bounds for %s", ctype);
    }
    fill_args a = {.from = from, .range = (uint64_t)to - (uint64_t)from};
    /* the CUDA kernel takes 64-bit draws from 2^28 on (DistributionTemplates.h) */
    return fill_inplace(t, fill_random, a.range >= (1ull << 28) ? CG_DRAW_RANDOM64 : CG_DRAW_RANDOM, &a, gen,
                        "RandomBackward0");
}

/* random_kernel: uniform_int<T>(draw) is draw % (max + 1) for integer
 * types and draw % (2^digits + 1) for floats, from a 64-bit draw for
 * int64 and double and a 32-bit one otherwise (on the device too). */
int cg_random_unbounded_(cg_tensor *t, cg_rng *gen) {
    fill_args a = {.from = 0};
    switch (t->dtype) {
    case CG_BOOL: a.range = 2; break;
    case CG_INT32: a.range = UINT64_C(1) << 31; break;
    case CG_INT64: a.range = UINT64_C(1) << 63; break;
    case CG_UINT8: a.range = UINT64_C(1) << 8; break;
    case CG_INT8: a.range = UINT64_C(1) << 7; break;
    case CG_INT16: a.range = UINT64_C(1) << 15; break;
    case CG_UINT16: a.range = UINT64_C(1) << 16; break;
    case CG_UINT32: a.range = UINT64_C(1) << 32; break;
    case CG_UINT64: a.range = UINT64_C(1) << 63; break;
    default: a.range = (UINT64_C(1) << float_digits(t->dtype)) + 1; break;
    }
    bool wide = t->dtype == CG_INT64 || t->dtype == CG_F64;
    return fill_inplace(t, fill_random, wide ? CG_DRAW_RANDOM64 : CG_DRAW_RANDOM, &a, gen, "RandomBackward2");
}

int cg_exponential_(cg_tensor *t, double lambd, cg_rng *gen) {
    CG_CHECK_INT(lambd >= 0.0, CG_RUNTIME_ERROR, "exponential_ expects lambda >= 0.0, but found lambda=%g", lambd);
    if (!cg_dtype_is_float(t->dtype))
        return not_implemented("exponential_cpu", t->dtype);
    fill_args a = {.a = lambd};
    return fill_inplace(t, fill_exponential, CG_DRAW_EXPONENTIAL, &a, gen, "ExponentialBackward0");
}

int cg_bernoulli_(cg_tensor *t, double p, cg_rng *gen) {
    CG_CHECK_INT(p >= 0 && p <= 1, CG_RUNTIME_ERROR, "bernoulli_ expects p to be in [0, 1], but got p=%g", p);
    fill_args a = {.a = p};
    return fill_inplace(t, fill_bernoulli, CG_DRAW_BERNOULLI, &a, gen, "BernoulliBackward2");
}

/* ---- creation ----------------------------------------------------------------------------- */

/* Creation ops fill a new tensor on its device with their in-place op (rc
 * is its result): a CUDA tensor is drawn there from the CUDA generator. */
/* t, or NULL (t released) when its fill failed */
static cg_tensor *filled(cg_tensor *t, int rc) {
    if (rc == 0)
        return t;
    cg_tensor_release(t);
    return NULL;
}

static cg_tensor *finish(cg_tensor *t, int rc, cg_device device) {
    if (!filled(t, rc))
        return NULL;
    cg_tensor *out = cg_to_device(t, device);
    cg_tensor_release(t);
    return out;
}

static cg_tensor *empty_cpu(int ndim, const int64_t *sizes, cg_dtype dtype) {
    return cg_tensor_empty(ndim, sizes, dtype, cg_device_cpu());
}

cg_tensor *cg_normal(double mean, double std, int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device,
                     cg_rng *gen) {
    cg_tensor *t = cg_tensor_empty(ndim, sizes, dtype, device);
    return t ? filled(t, cg_normal_(t, mean, std, gen)) : NULL;
}

cg_tensor *cg_randn(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device, cg_rng *gen) {
    return cg_normal(0, 1, ndim, sizes, dtype, device, gen);
}

cg_tensor *cg_rand(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device, cg_rng *gen) {
    cg_tensor *t = cg_tensor_empty(ndim, sizes, dtype, device);
    return t ? filled(t, cg_uniform_(t, 0, 1, gen)) : NULL;
}

cg_tensor *cg_randint(int64_t low, int64_t high, int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device,
                      cg_rng *gen) {
    cg_tensor *t = cg_tensor_empty(ndim, sizes, dtype, device);
    return t ? filled(t, cg_random_(t, low, high, gen)) : NULL;
}

/* randperm_cpu: the identity, then for each i < n - 1 a swap of i with
 * i + random() % (n - i); t is (n,) contiguous on the CPU */
static int randperm_fill(cg_tensor *t, int64_t n, cg_rng *g) {
    int64_t *perm = malloc((size_t)(n > 0 ? n : 1) * sizeof *perm);
    CG_CHECK_INT(perm, CG_MEMORY_ERROR, "out of memory in randperm");
    for (int64_t i = 0; i < n; i++)
        perm[i] = i;
    if (!(g = cg_rng_cpu(g))) {
        free(perm);
        return -1;
    }
    for (int64_t i = 0; i < n - 1; i++) {
        int64_t z = (int64_t)(cg_rng_random(g) % (uint64_t)(n - i));
        int64_t sav = perm[i];
        perm[i] = perm[z + i];
        perm[z + i] = sav;
    }
    cg_tensor *src = cg_tensor_from_buffer(1, &n, CG_INT64, perm);
    free(perm);
    int rc = src ? cg_copy_(t, src) : -1;
    cg_tensor_release(src);
    return rc;
}

/* torch.randperm(n, device='cuda'): arange(n) sorted by random keys, drawn
 * by random_ on the device (Note [randperm on the device]) */
static cg_tensor *randperm_device(cg_tensor *out, cg_rng *gen) {
    int64_t n = cg_tensor_numel(out);
    cg_rng *g = cg_random_generator(out, gen);
    if (!g || n == 0)
        return g ? out : NULL;
    if (n > INT32_MAX) { /* refused before the keys take any offsets */
        cg_error_set(CG_RUNTIME_ERROR, "randperm on a CUDA device takes at most 2^31 - 1 elements, got %lld",
                     (long long)n);
        return filled(out, -1);
    }
    int bits = cg_randperm_bits(n);
    bool wide = bits > 32;
    cg_tensor *keys = cg_tensor_empty(1, &n, wide ? CG_INT64 : CG_INT32, cg_tensor_device(out));
    int rc = keys ? cg_random_(keys, wide ? INT64_MIN : INT32_MIN, wide ? INT64_MAX : INT32_MAX, g) : -1;
    if (rc == 0)
        rc = cg_device_randperm(out, keys, bits, g);
    cg_tensor_release(keys);
    return filled(out, rc);
}

cg_tensor *cg_randperm(int64_t n, cg_dtype dtype, cg_device device, cg_rng *gen) {
    if (dtype == CG_F32 && n > (1 << 24) + 1) {
        cg_error_set(CG_RUNTIME_ERROR, "n cannot be greater than 2^24+1 for Float type.");
        return NULL;
    }
    if (dtype == CG_F64 && n > (1ll << 53) + 1) {
        cg_error_set(CG_RUNTIME_ERROR, "n cannot be greater than 2^53+1 for Double type.");
        return NULL;
    }
    const cg_backend *be = device.type == CG_CPU ? NULL : cg_backend_get(device.type);
    if (device.type != CG_CPU && !be)
        return NULL;
    if (dtype == CG_BOOL) { /* CUDA's randperm starts from arange, whose dispatch refuses it first */
        not_implemented(be && be->draw ? "arange_cuda" : "randperm", dtype);
        return NULL;
    }
    if (be && be->draw) {
        cg_tensor *out = cg_tensor_empty(1, &n, dtype, device);
        return out ? randperm_device(out, gen) : NULL;
    }
    cg_tensor *t = empty_cpu(1, &n, dtype);
    return t ? finish(t, randperm_fill(t, n, gen), device) : NULL;
}

/* bernoulli_kernel(self, p_): self is a new contiguous tensor of p's dtype,
 * drawn row-major; a float32 p draws 24-bit uniforms, a float64 p 53-bit
 * ones. p is (any shape) float, on the CPU. */
static int bernoulli_fill(cg_tensor *out, cg_tensor *p, cg_rng *g) {
    int64_t n = cg_tensor_numel(out);
    if (!(g = cg_rng_cpu(g)))
        return -1;
    for (int64_t i = 0; i < n; i++) {
        bool one;
        if (p->dtype == CG_F64) {
            double pv = ((const double *)cg_tensor_data(p))[i];
            CG_CHECK_INT(pv >= 0 && pv <= 1, CG_RUNTIME_ERROR, "%s", BERNOULLI_P_MSG);
            one = cg_uniform_f64(g) < pv;
        } else {
            float pv = ((const float *)cg_tensor_data(p))[i];
            CG_CHECK_INT(pv >= 0 && pv <= 1, CG_RUNTIME_ERROR, "%s", BERNOULLI_P_MSG);
            one = cg_uniform_f32(g) < pv;
        }
        store(cg_tensor_data(out), i, out->dtype, one);
    }
    return 0;
}

/* PyTorch asserts 0 <= p <= 1 inside its kernel, which poisons the CUDA
 * context; the engine checks first, with the CPU's message (NaN fails) */
static int check_probs(cg_tensor *p) {
    cg_tensor *zero = cg_scalar_tensor(cg_scalar_int(0)), *one = cg_scalar_tensor(cg_scalar_int(1));
    cg_tensor *ge = zero ? cg_ge(p, zero) : NULL, *le = one ? cg_le(p, one) : NULL;
    cg_tensor *in = ge && le ? cg_logical_and(ge, le) : NULL;
    cg_tensor *all = in ? cg_all(in, 0, NULL, false) : NULL;
    cg_scalar ok = {0};
    int rc = all ? cg_tensor_item(all, &ok) : -1;
    cg_tensor_release(all), cg_tensor_release(in), cg_tensor_release(le), cg_tensor_release(ge);
    cg_tensor_release(one), cg_tensor_release(zero);
    if (rc < 0)
        return -1;
    CG_CHECK_INT(ok.v.b, CG_RUNTIME_ERROR, "%s", BERNOULLI_P_MSG);
    return 0;
}

/* torch.bernoulli(p) of a device's p, drawn there as PyTorch's CUDA kernel */
static cg_tensor *bernoulli_device(cg_tensor *p, cg_rng *g) {
    cg_tensor *d = cg_detach(p);
    cg_tensor *pc = d ? cg_contiguous(d) : NULL;
    cg_tensor *out =
        pc && check_probs(pc) == 0 ? cg_tensor_empty(p->ndim, p->sizes, p->dtype, cg_tensor_device(p)) : NULL;
    if (out && cg_device_bernoulli_p(out, pc, g) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(pc);
    cg_tensor_release(d);
    return out;
}

cg_tensor *cg_bernoulli(cg_tensor *p, cg_rng *gen) {
    if (!cg_dtype_is_float(p->dtype)) {
        not_implemented("bernoulli_tensor_cpu_p_", p->dtype);
        return NULL;
    }
    if (cg_tensor_device(p).type != CG_CPU) {
        cg_rng *g = cg_random_generator(p, gen);
        if (!g)
            return NULL;
        if (g->device.type != CG_CPU)
            return bernoulli_device(p, g);
    }
    cg_tensor *d = cg_detach(p);
    /* float16/bfloat16 probabilities are read as floats, as PyTorch's kernel */
    cg_tensor *dc = d ? cg_to_dtype(d, cg_dtype_compute(p->dtype)) : NULL, *dcc = dc ? cg_contiguous(dc) : NULL;
    cg_tensor_release(dc);
    dc = dcc;
    cg_tensor *pc = dc ? cg_to_device(dc, cg_device_cpu()) : NULL;
    cg_tensor *out = pc ? empty_cpu(p->ndim, p->sizes, p->dtype) : NULL;
    cg_tensor *res = out ? finish(out, bernoulli_fill(out, pc, gen), cg_tensor_device(p)) : NULL;
    cg_tensor_release(pc);
    cg_tensor_release(dc);
    cg_tensor_release(d);
    return res;
}

/* ---- the _like ops ------------------------------------------------------------------------ */

/* at::empty_like(x, dtype) with the default preserve_format: x's strides
 * when its layout is dense (a transposed x gives a transposed result, which
 * the random ops then fill in memory order, as PyTorch's do), else
 * contiguous. */
cg_tensor *cg_empty_like_preserve(const cg_tensor *x, cg_dtype dtype) {
    return cg_empty_preserve(x, dtype, cg_tensor_device(x));
}

cg_tensor *cg_dropout_keep_mask(cg_tensor *x, double keep, cg_rng *gen) {
    cg_rng *g = cg_random_generator(x, gen);
    if (!g)
        return NULL;
    CG_CHECK(g->device.type != CG_CPU, CG_RUNTIME_ERROR, "the fused dropout mask is drawn on a device");
    int64_t numel = cg_tensor_numel(x);
    bool dense = cg_tensor_is_dense(x);
    int vec = cg_dropout_vec(x->dtype, numel, (uintptr_t)cg_tensor_data(x), dense);
    /* VEC > 1 numbers elements in memory order, so the mask takes x's
     * strides; the scalar kernel numbers them in logical order */
    cg_tensor *mask =
        vec > 1 ? cg_empty_like_preserve(x, CG_BOOL) : cg_tensor_empty(x->ndim, x->sizes, CG_BOOL, cg_tensor_device(x));
    /* compared in the input's precision: float32's keep is a float */
    cg_draw d = {.kind = CG_DRAW_DROPOUT, .a = x->dtype == CG_F32 ? (double)(float)keep : keep, .vec = vec};
    if (mask && cg_device_draw(mask, &d, g) < 0) {
        cg_tensor_release(mask);
        return NULL;
    }
    return mask;
}

cg_tensor *cg_randn_like(cg_tensor *x, cg_dtype dtype) {
    cg_tensor *t = cg_empty_like_preserve(x, dtype);
    return t ? filled(t, cg_normal_(t, 0, 1, NULL)) : NULL;
}

cg_tensor *cg_rand_like(cg_tensor *x, cg_dtype dtype) {
    cg_tensor *t = cg_empty_like_preserve(x, dtype);
    return t ? filled(t, cg_uniform_(t, 0, 1, NULL)) : NULL;
}

cg_tensor *cg_randint_like(cg_tensor *x, int64_t low, int64_t high, cg_dtype dtype) {
    cg_tensor *t = cg_empty_like_preserve(x, dtype);
    return t ? filled(t, cg_random_(t, low, high, NULL)) : NULL;
}
