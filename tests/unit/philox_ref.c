/* philox_ref.c: the host model of philox_ref.h, written from curand's
 * headers (curand_philox4x32_x.h, curand_kernel.h, curand_uniform.h,
 * curand_normal.h) and PyTorch's DistributionTemplates.h. */
#include "philox_ref.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "random_device.h"

#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u
#define TWO_POW32_INV 2.3283064e-10f /* CURAND_2POW32_INV */
#define TWO_POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define TWO_POW53_INV 1.1102230246251565e-16 /* CURAND_2POW53_INV_DOUBLE */
#define PI_DOUBLE 3.1415926535897932

void philox_ref_block(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]) {
    uint32_t c[4] = {ctr[0], ctr[1], ctr[2], ctr[3]}, k0 = key[0], k1 = key[1];
    for (int round = 0; round < 10; round++) {
        if (round > 0)
            k0 += PHILOX_W0, k1 += PHILOX_W1;
        uint64_t p0 = (uint64_t)PHILOX_M0 * c[0], p1 = (uint64_t)PHILOX_M1 * c[2];
        uint32_t n[4] = {(uint32_t)(p1 >> 32) ^ c[1] ^ k0, (uint32_t)p1, (uint32_t)(p0 >> 32) ^ c[3] ^ k1,
                         (uint32_t)p0};
        for (int i = 0; i < 4; i++)
            c[i] = n[i];
    }
    for (int i = 0; i < 4; i++)
        out[i] = c[i];
}

/* Philox_State_Incr(s, n): the 128-bit counter's low 64 bits plus n, with carry */
static void add_low(philox_ref *s, uint64_t n) {
    uint64_t lo = ((uint64_t)s->ctr[1] << 32 | s->ctr[0]), sum = lo + n;
    s->ctr[0] = (uint32_t)sum, s->ctr[1] = (uint32_t)(sum >> 32);
    if (sum < lo && ++s->ctr[2] == 0)
        ++s->ctr[3];
}

/* Philox_State_Incr_hi(s, n): the high 64 bits plus n */
static void add_high(philox_ref *s, uint64_t n) {
    uint64_t hi = ((uint64_t)s->ctr[3] << 32 | s->ctr[2]) + n;
    s->ctr[2] = (uint32_t)hi, s->ctr[3] = (uint32_t)(hi >> 32);
}

void philox_ref_init(philox_ref *s, uint64_t seed, uint64_t subsequence, uint64_t offset) {
    *s = (philox_ref){.key = {(uint32_t)seed, (uint32_t)(seed >> 32)}};
    add_high(s, subsequence);          /* skipahead_sequence */
    s->state = (unsigned)(offset & 3); /* skipahead(offset) */
    add_low(s, offset / 4);
    philox_ref_block(s->ctr, s->key, s->out);
}

void philox_ref_next4(philox_ref *s, uint32_t r[4]) {
    uint32_t prev[4] = {s->out[0], s->out[1], s->out[2], s->out[3]};
    add_low(s, 1);
    philox_ref_block(s->ctr, s->key, s->out);
    for (unsigned i = 0; i < 4; i++) {
        unsigned j = s->state + i;
        r[i] = j < 4 ? prev[j] : s->out[j - 4];
    }
}

uint32_t philox_ref_next(philox_ref *s) {
    uint32_t r = s->out[s->state++];
    if (s->state == 4) {
        add_low(s, 1);
        philox_ref_block(s->ctr, s->key, s->out);
        s->state = 0;
    }
    return r;
}

/* ---- curand's conversions ----------------------------------------------------------- */

static float uniform_f32(uint32_t x) { return fmaf((float)x, TWO_POW32_INV, TWO_POW32_INV / 2.0f); }

/* _curand_uniform_double_hq */
static double uniform_f64(uint32_t x, uint32_t y) {
    uint64_t z = (uint64_t)x ^ ((uint64_t)y << (53 - 32));
    return fma((double)z, TWO_POW53_INV, TWO_POW53_INV / 2.0);
}

/* _curand_box_muller */
static void normal_f32(uint32_t x, uint32_t y, float out[2]) {
    float u = fmaf((float)x, TWO_POW32_INV, TWO_POW32_INV / 2);
    float v = fmaf((float)y, TWO_POW32_INV_2PI, TWO_POW32_INV_2PI / 2);
    float s = sqrtf(-2.0f * logf(u));
    out[0] = sinf(v) * s, out[1] = cosf(v) * s;
}

/* _curand_box_muller_double */
static void normal_f64(const uint32_t r[4], double out[2]) {
    uint64_t zx = (uint64_t)r[0] ^ ((uint64_t)r[1] << 21), zy = (uint64_t)r[2] ^ ((uint64_t)r[3] << 21);
    double u = fma((double)zx, TWO_POW53_INV, TWO_POW53_INV / 2.0);
    double v = fma((double)zy, TWO_POW53_INV * 2.0, TWO_POW53_INV);
    double s = sqrt(-2.0 * log(u));
    out[0] = sin(v * PI_DOUBLE) * s, out[1] = cos(v * PI_DOUBLE) * s;
}

/* ---- one round of a thread: the values of one curand call, transformed ------------- */

/* the dtype's value of an int64, as static_cast<T> gives it */
static double as_dtype(int64_t v, cg_dtype dt) {
    switch (dt) {
    case CG_BOOL: return v != 0;
    case CG_INT32: return (int32_t)v;
    case CG_F32: return (float)v;
    default: return (double)v;
    }
}

static int round_values(const cg_draw *d, cg_dtype dt, philox_ref *s, double *v) {
    uint32_t r[4];
    philox_ref_next4(s, r);
    bool f64 = dt == CG_F64;
    switch (d->kind) {
    case CG_DRAW_NORMAL:
        if (f64) {
            normal_f64(r, v);
            for (int k = 0; k < 2; k++)
                v[k] = fma(v[k], d->b, d->a);
            return 2;
        }
        for (int k = 0; k < 4; k += 2) {
            float n[2];
            normal_f32(r[k], r[k + 1], n);
            for (int j = 0; j < 2; j++)
                v[k + j] = fmaf(n[j], (float)d->b, (float)d->a);
        }
        return 4;
    case CG_DRAW_RANDOM:
        for (int k = 0; k < 4; k++)
            v[k] = as_dtype((int64_t)(r[k] % d->range + (uint64_t)d->base), dt);
        return 4;
    case CG_DRAW_RANDOM64:
        for (int k = 0; k < 2; k++) {
            uint64_t x = (uint64_t)r[2 * k] << 32 | r[2 * k + 1];
            v[k] = as_dtype((int64_t)(x % d->range + (uint64_t)d->base), dt);
        }
        return 2;
    default: break;
    }
    if (d->kind == CG_DRAW_DROPOUT) { /* float uniforms whatever the dtype */
        for (int k = 0; k < 4; k++)
            v[k] = (double)uniform_f32(r[k]) < d->a;
        return 4;
    }
    /* the uniform-based draws */
    int n = f64 ? 2 : 4;
    for (int k = 0; k < n; k++) {
        double u = f64 ? uniform_f64(r[2 * k], r[2 * k + 1]) : uniform_f32(r[k]);
        if (d->kind == CG_DRAW_BERNOULLI) {
            v[k] = as_dtype(f64 ? u < d->a : (float)u < (float)d->a, dt);
        } else if (d->kind == CG_DRAW_EXPONENTIAL) {
            v[k] = f64 ? -1.0 / d->a * (u >= 1 - DBL_EPSILON / 2 ? -DBL_EPSILON / 2 : log(u))
                       : (double)(-1.0f / (float)d->a
                                  * ((float)u >= 1 - FLT_EPSILON / 2 ? -FLT_EPSILON / 2 : logf((float)u)));
        } else if (f64) {
            double x = fma(u, d->b - d->a, d->a);
            v[k] = x == d->b ? d->a : x;
        } else {
            float from = (float)d->a, to = (float)d->b, x = fmaf((float)u, to - from, from);
            v[k] = x == to ? from : x;
        }
    }
    return n;
}

/* fused_dropout_kernel_vec: vec adjacent elements per round, each round
 * from a fresh curand_uniform4 */
static void draw_dropout_vec(const cg_draw *d, int64_t numel, double *out) {
    int64_t threads = (int64_t)d->grid * d->block;
    for (int64_t idx = 0; idx < threads; idx++) {
        philox_ref s;
        philox_ref_init(&s, d->seed, (uint64_t)idx, d->offset);
        for (int64_t li = idx * d->vec; li < numel; li += threads * d->vec) {
            double v[4];
            round_values(d, CG_BOOL, &s, v);
            for (int k = 0; k < d->vec; k++)
                out[li + k] = v[k];
        }
    }
}

/* bernoulli_tensor_cuda_kernel: thread idx's first curand_uniform4 for
 * elements 4 idx + k, each compared with <= in the probabilities' dtype */
static void draw_bernoulli_p(const cg_draw *d, cg_dtype dt, int64_t numel, double *out) {
    int64_t threads = (int64_t)d->grid * d->block;
    for (int64_t idx = 0; idx < threads; idx++)
        for (int64_t li = idx * 4; li < numel; li += threads * 4) {
            philox_ref s;
            uint32_t r[4];
            philox_ref_init(&s, d->seed, (uint64_t)idx, d->offset);
            philox_ref_next4(&s, r);
            for (int64_t k = 0; k < 4 && li + k < numel; k++) {
                float u = uniform_f32(r[k]);
                out[li + k] = dt == CG_F64 ? (double)u <= ((const double *)d->probs)[li + k]
                                           : u <= ((const float *)d->probs)[li + k];
            }
        }
}

void philox_ref_draw(const cg_draw *d, cg_dtype dt, int64_t numel, double *out) {
    if (d->kind == CG_DRAW_BERNOULLI_P) {
        draw_bernoulli_p(d, dt, numel, out);
        return;
    }
    if (d->kind == CG_DRAW_DROPOUT && d->vec > 1) {
        draw_dropout_vec(d, numel, out);
        return;
    }
    int64_t threads = (int64_t)d->grid * d->block, unroll = cg_draw_unroll(d->kind, dt);
    int64_t rounded = ((numel - 1) / (threads * unroll) + 1) * threads * unroll;
    for (int64_t idx = 0; idx < threads; idx++) {
        philox_ref s;
        philox_ref_init(&s, d->seed, (uint64_t)idx, d->offset);
        for (int64_t li = idx; li < rounded; li += threads * unroll) {
            double v[4];
            int n = round_values(d, dt, &s, v);
            for (int k = 0; k < n; k++)
                if (li + threads * k < numel)
                    out[li + threads * k] = v[k];
        }
    }
}

/* ---- randperm ------------------------------------------------------------------------ */

/* random_'s 64-bit draws (two per curand4, grid-stride) as raw integers:
 * the keys are int64 or int32 (then cast), too wide for a double */
static void random64_keys(const cg_draw *d, int64_t n, bool wide, int64_t *keys) {
    int64_t threads = (int64_t)d->grid * d->block;
    for (int64_t idx = 0; idx < threads; idx++) {
        philox_ref s;
        philox_ref_init(&s, d->seed, (uint64_t)idx, d->offset);
        for (int64_t li = idx; li < n; li += threads * 2) {
            uint32_t r[4];
            philox_ref_next4(&s, r);
            for (int k = 0; k < 2; k++) {
                uint64_t x = (uint64_t)r[2 * k] << 32 | r[2 * k + 1];
                int64_t v = (int64_t)(x % d->range + (uint64_t)d->base);
                if (li + threads * k < n)
                    keys[li + threads * k] = wide ? v : (int32_t)v;
            }
        }
    }
}

typedef struct {
    uint64_t key;
    int64_t value;
} keyed;

/* a stable order: by key, then by first position (value is arange) */
static int by_key(const void *a, const void *b) {
    const keyed *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->value > y->value) - (x->value < y->value);
}

void philox_ref_randperm(const cg_draw *keys, const cg_draw *shuffle, int64_t n, int bits, int64_t *out) {
    bool wide = bits > 32;
    int width = wide ? 64 : 32;
    uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    int64_t *k = malloc((size_t)n * sizeof *k);
    keyed *e = malloc((size_t)n * sizeof *e);
    random64_keys(keys, n, wide, k);
    for (int64_t i = 0; i < n; i++) { /* CUB's radix sort flips the sign bit of a signed key */
        uint64_t u = wide ? (uint64_t)k[i] : (uint32_t)k[i];
        u ^= 1ull << (width - 1);
        e[i] = (keyed){bits >= width ? u : u & mask, i};
    }
    qsort(e, (size_t)n, sizeof *e, by_key);
    for (int64_t i = 0; i < n; i++)
        out[i] = e[i].value;
    /* runs of equal keys: the sort key equals the masked key, up to that flip */
    for (int64_t tid = 0; tid + 1 < n; tid++) {
        if (e[tid].key != e[tid + 1].key || (tid > 0 && e[tid].key == e[tid - 1].key))
            continue;
        int64_t len = 1;
        while (tid + len < n && e[tid + len].key == e[tid].key)
            len++;
        philox_ref s;
        philox_ref_init(&s, shuffle->seed, (uint64_t)tid, shuffle->offset);
        for (int64_t i = len - 1; i > 0; i--) {
            int64_t r = philox_ref_next(&s) % (uint32_t)(i + 1), t = out[tid + i];
            out[tid + i] = out[tid + r];
            out[tid + r] = t;
        }
    }
    free(e);
    free(k);
}

/* ---- multinomial with replacement ------------------------------------------------------ */

/* binarySearchForMultinomial, in the dtype of cum and dist */
#define SEARCH_BUCKET(T)                                                                 \
    static int64_t search_bucket_##T(const T *cum, const T *dist, int64_t size, T val) { \
        int64_t start = 0, end = size;                                                   \
        while (end - start > 0) {                                                        \
            int64_t mid = start + (end - start) / 2;                                     \
            if (cum[mid] < val)                                                          \
                start = mid + 1;                                                         \
            else                                                                         \
                end = mid;                                                               \
        }                                                                                \
        if (start == size)                                                               \
            start = size - 1;                                                            \
        while (start >= 1 && dist[start] == 0)                                           \
            start--;                                                                     \
        return start;                                                                    \
    }
SEARCH_BUCKET(float)
SEARCH_BUCKET(double)

void philox_ref_multinomial(const cg_draw *d, int64_t *out) {
    int64_t per_row = (int64_t)d->grid * d->block;
    for (int64_t by = 0; by < d->grid_y; by++)
        for (int64_t t = 0; t < per_row; t++) {
            philox_ref s;
            philox_ref_init(&s, d->seed, (uint64_t)(by * per_row + t), d->offset);
            for (int64_t row = by; row < d->rows; row += d->grid_y)
                for (int64_t smp = t; smp < d->samples; smp += per_row) {
                    uint32_t r[4];
                    philox_ref_next4(&s, r);
                    float u = uniform_f32(r[0]);
                    int64_t at = row * d->cols;
                    out[row * d->samples + smp] =
                        d->src == CG_F64
                            ? search_bucket_double((const double *)d->cum + at, (const double *)d->probs + at, d->cols,
                                                   u)
                            : search_bucket_float((const float *)d->cum + at, (const float *)d->probs + at, d->cols, u);
                }
        }
}
