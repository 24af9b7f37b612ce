/* pcg64.c: numpy._pcg64, the PCG64 bit generator behind
 * numpy.random.default_rng()'s Generator, and the Generator's own draws
 * (numpy 1.24): doubles, Lemire's bounded integers, the ziggurat normal
 * and exponential, so that a seeded Generator draws numpy's numbers.
 *
 * Note [numpy's Generator draws]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * - PCG64 is PCG's XSL-RR 128/64: each draw steps the 128-bit LCG
 *   (state * 0x2360ED051FC65DA44385DF649FCCF645 + inc) and outputs the
 *   xor of its halves rotated right by its top 6 bits. Seeding from two
 *   128-bit words (seed, sequence): inc = sequence << 1 | 1, state = 0,
 *   step, state += seed, step. A 32-bit draw is the low half of a 64-bit
 *   one, the high half kept for the next 32-bit draw.
 * - A double is the top 53 bits of a 64-bit draw over 2^53.
 * - Integers in [off, off + rng] (Lemire): a 32-bit range multiplies a
 *   32-bit draw by rng + 1 and keeps the high word, redrawing while the
 *   low word is under (2^32 - 1 - rng) mod (rng + 1) (checked only when
 *   it is under rng + 1); ranges past 32 bits do the same in 64/128
 *   bits; full ranges take a draw as it is.
 * - The normal is the 256-box ziggurat on 64-bit draws (8 bits of box, a
 *   sign bit, 52 bits of magnitude), the tail by Marsaglia's method with
 *   log1p; the exponential the same on 8 + 53 bits. The boxes come from
 *   Marsaglia and Tsang's recurrence, computed once here as numpy's
 *   tables were computed. */
#include "numpy/numpy_module.h"
#include "numpy/np_args.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

typedef unsigned __int128 u128;

#define PCG_MULT (((u128)0x2360ED051FC65DA4ULL << 64) | 0x4385DF649FCCF645ULL)

typedef struct {
    cg_obj head;
    u128 state, inc;
    int has_uint32;
    uint32_t uinteger;
} pcg_state;

static void pcg_step(pcg_state *s) { s->state = s->state * PCG_MULT + s->inc; }

static uint64_t pcg_next64(pcg_state *s) {
    pcg_step(s);
    uint64_t v = (uint64_t)(s->state >> 64) ^ (uint64_t)s->state;
    unsigned rot = (unsigned)(s->state >> 122);
    return (v >> rot) | (v << ((-rot) & 63));
}

static uint32_t pcg_next32(pcg_state *s) {
    if (s->has_uint32) {
        s->has_uint32 = 0;
        return s->uinteger;
    }
    uint64_t v = pcg_next64(s);
    s->has_uint32 = 1;
    s->uinteger = (uint32_t)(v >> 32);
    return (uint32_t)v;
}

static double pcg_double(pcg_state *s) { return (double)(pcg_next64(s) >> 11) * (1.0 / 9007199254740992.0); }

static uint64_t bounded(pcg_state *s, uint64_t rng) {
    if (rng == 0)
        return 0;
    if (rng <= 0xFFFFFFFFULL) {
        if (rng == 0xFFFFFFFFULL)
            return pcg_next32(s);
        uint32_t excl = (uint32_t)rng + 1U;
        uint64_t m = (uint64_t)pcg_next32(s) * excl;
        uint32_t left = (uint32_t)m;
        if (left < excl) {
            uint32_t threshold = (UINT32_MAX - (uint32_t)rng) % excl;
            while (left < threshold) {
                m = (uint64_t)pcg_next32(s) * excl;
                left = (uint32_t)m;
            }
        }
        return m >> 32;
    }
    if (rng == UINT64_MAX)
        return pcg_next64(s);
    uint64_t excl = rng + 1;
    u128 m = (u128)pcg_next64(s) * excl;
    uint64_t left = (uint64_t)m;
    if (left < excl) {
        uint64_t threshold = (UINT64_MAX - rng) % excl;
        while (left < threshold) {
            m = (u128)pcg_next64(s) * excl;
            left = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}

/* ---- the ziggurat -------------------------------------------------------------------- */

#define ZIG_N 256
#define NOR_R 3.6541528853610087963519472518
#define NOR_V 0.0049286732339746519
#define EXP_R 7.69711747013104971767
#define EXP_V 0.0039496598225815571993

static uint64_t ki[ZIG_N], ke[ZIG_N];
static double wi[ZIG_N], fi[ZIG_N], we[ZIG_N], fe[ZIG_N];
static bool tables_ready;

static double nor_pdf(double x) { return exp(-0.5 * x * x); }

/* The boxes, outermost first in x[] then reversed, as Marsaglia and Tsang
 * define them (Note [numpy's Generator draws]). */
static void tables_build(void) {
    double x[ZIG_N], r[ZIG_N];
    x[0] = NOR_R;
    for (int i = 1; i < ZIG_N - 1; i++)
        x[i] = sqrt(-2 * log(nor_pdf(x[i - 1]) + NOR_V / x[i - 1]));
    x[ZIG_N - 1] = 0;
    for (int i = 0; i < ZIG_N; i++)
        r[i] = x[ZIG_N - 1 - i];
    double scale = 4503599627370496.0; /* 2^52 */
    for (int i = 1; i < ZIG_N; i++)
        ki[i] = (uint64_t)nearbyint(r[i - 1] / r[i] * scale);
    ki[0] = (uint64_t)nearbyint((NOR_R * nor_pdf(NOR_R)) / NOR_V * scale);
    for (int i = 1; i < ZIG_N; i++)
        wi[i] = r[i] / scale;
    wi[0] = NOR_V / nor_pdf(NOR_R) / scale;
    for (int i = 0; i < ZIG_N; i++)
        fi[i] = nor_pdf(r[i]);
    /* the exponential's boxes */
    double y[ZIG_N], q[ZIG_N];
    y[0] = EXP_R;
    for (int i = 1; i < ZIG_N - 1; i++)
        y[i] = -log(EXP_V / y[i - 1] + exp(-y[i - 1]));
    y[ZIG_N - 1] = 0;
    for (int i = 0; i < ZIG_N; i++)
        q[i] = y[ZIG_N - 1 - i];
    double escale = 9007199254740992.0; /* 2^53 */
    for (int i = 1; i < ZIG_N; i++)
        ke[i] = (uint64_t)nearbyint(q[i - 1] / q[i] * escale);
    ke[0] = (uint64_t)nearbyint((EXP_R * exp(-EXP_R)) / EXP_V * escale);
    for (int i = 1; i < ZIG_N; i++)
        we[i] = q[i] / escale;
    we[0] = EXP_V / exp(-EXP_R) / escale;
    for (int i = 0; i < ZIG_N; i++)
        fe[i] = exp(-q[i]);
    tables_ready = true;
}

static double zig_normal(pcg_state *s) {
    for (;;) {
        uint64_t r = pcg_next64(s);
        int idx = (int)(r & 0xff);
        r >>= 8;
        int sign = (int)(r & 0x1);
        uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
        double x = (double)rabs * wi[idx];
        if (sign)
            x = -x;
        if (rabs < ki[idx])
            return x;
        if (idx == 0) {
            for (;;) {
                double xx = -(1.0 / NOR_R) * log1p(-pcg_double(s));
                double yy = -log1p(-pcg_double(s));
                if (yy + yy > xx * xx)
                    return ((rabs >> 8) & 0x1) ? -(NOR_R + xx) : NOR_R + xx;
            }
        }
        if ((fi[idx - 1] - fi[idx]) * pcg_double(s) + fi[idx] < exp(-0.5 * x * x))
            return x;
    }
}

static double zig_exponential(pcg_state *s) {
    for (;;) {
        uint64_t ri = pcg_next64(s);
        ri >>= 3;
        int idx = (int)(ri & 0xFF);
        ri >>= 8;
        double x = (double)ri * we[idx];
        if (ri < ke[idx])
            return x;
        if (idx == 0)
            return EXP_R - log1p(-pcg_double(s));
        if ((fe[idx - 1] - fe[idx]) * pcg_double(s) + fe[idx] < exp(-x))
            return x;
    }
}

/* ---- the module ------------------------------------------------------------------------ */

static void pcg_dealloc(cg_obj *self) { cg_obj_free(self); }

static cg_type pcg_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "PCG64State",
    .module = "numpy._pcg64",
    .base = &cg_type_object,
    .basicsize = sizeof(pcg_state),
    .dealloc = pcg_dealloc,
};

static pcg_state *state_arg(const cg_args *a) {
    if (a->npos < 1 || !cg_is_type(a->pos[0], &pcg_type)) {
        cg_raise(&cg_exc_TypeError, "a PCG64 state is required");
        return NULL;
    }
    return (pcg_state *)a->pos[0].u.o;
}

/* A 64-bit word from a Python int in [0, 2^64) given as two halves. */
static bool word_arg(const cg_args *a, int i, uint64_t *out) {
    if (i >= a->npos || a->pos[i].tag != CG_V_INT) {
        cg_raise(&cg_exc_TypeError, "a 32-bit word is required");
        return false;
    }
    *out = (uint64_t)a->pos[i].u.i & 0xFFFFFFFFULL;
    return true;
}

/* new(s0..s3, i0..i3): seeded from eight 32-bit words, most significant
 * first: seed = s0 s1 s2 s3, sequence = i0 i1 i2 i3. */
static cg_value p_new(cg_value self, const cg_args *a) {
    uint64_t w[8];
    for (int i = 0; i < 8; i++)
        if (!word_arg(a, i, &w[i]))
            return CG_ERR;
    if (!tables_ready)
        tables_build();
    pcg_state *s = cg_obj_alloc(&pcg_type);
    if (!s)
        return cg_raise_nomemory();
    u128 seed = ((u128)(w[0] << 32 | w[1]) << 64) | (w[2] << 32 | w[3]);
    u128 seq = ((u128)(w[4] << 32 | w[5]) << 64) | (w[6] << 32 | w[7]);
    s->state = 0;
    s->inc = seq << 1 | 1;
    pcg_step(s);
    s->state += seed;
    pcg_step(s);
    return cg_obj_value(s);
}

/* get(state) -> (state words x4, inc words x4, has_uint32, uinteger),
 * words most significant first. */
static cg_value p_get(cg_value self, const cg_args *a) {
    pcg_state *s = state_arg(a);
    if (!s)
        return CG_ERR;
    cg_value t = cg_tuple_new(10);
    if (cg_is_err(t))
        return CG_ERR;
    cg_value *items = ((cg_tuple *)t.u.o)->items;
    for (int i = 0; i < 4; i++) {
        items[i] = cg_int((int64_t)(uint32_t)(s->state >> (96 - 32 * i)));
        items[4 + i] = cg_int((int64_t)(uint32_t)(s->inc >> (96 - 32 * i)));
    }
    items[8] = cg_int(s->has_uint32);
    items[9] = cg_int(s->uinteger);
    return t;
}

/* set(state, s0..s3, i0..i3, has_uint32, uinteger) */
static cg_value p_set(cg_value self, const cg_args *a) {
    pcg_state *s = state_arg(a);
    if (!s)
        return CG_ERR;
    uint64_t w[10];
    for (int i = 0; i < 10; i++)
        if (!word_arg(a, i + 1, &w[i]))
            return CG_ERR;
    s->state = ((u128)(w[0] << 32 | w[1]) << 64) | (w[2] << 32 | w[3]);
    s->inc = ((u128)(w[4] << 32 | w[5]) << 64) | (w[6] << 32 | w[7]);
    s->has_uint32 = w[8] != 0;
    s->uinteger = (uint32_t)w[9];
    return CG_NONE;
}

#define FILL(name, DT, CT, EXPR)                                             \
    static cg_value name(cg_value self, const cg_args *a) {                  \
        pcg_state *s = state_arg(a);                                         \
        int64_t n;                                                           \
        if (!s || !np_count_arg(a, 1, &n))                                      \
            return CG_ERR;                                                   \
        cg_tensor *t = cg_tensor_empty(1, &n, DT, cg_device_cpu());          \
        if (!t)                                                              \
            return torch_raise();                                            \
        CT *p = cg_tensor_data(t);                                           \
        for (int64_t i = 0; i < n; i++)                                      \
            p[i] = EXPR;                                                     \
        return cg_tensor_steal(t);                                           \
    }
FILL(p_doubles, CG_F64, double, pcg_double(s))
FILL(p_normal, CG_F64, double, zig_normal(s))
FILL(p_exponential, CG_F64, double, zig_exponential(s))

/* bounded(state, n, off, rng): n int64 values in [off, off + rng]. */
static cg_value p_bounded(cg_value self, const cg_args *a) {
    pcg_state *s = state_arg(a);
    int64_t n;
    if (!s || !np_count_arg(a, 1, &n))
        return CG_ERR;
    if (a->npos != 4 || a->pos[2].tag != CG_V_INT || a->pos[3].tag != CG_V_INT || a->pos[3].u.i < 0)
        return cg_raise(&cg_exc_TypeError, "bounded(state, n, off, rng)");
    int64_t off = a->pos[2].u.i;
    uint64_t rng = (uint64_t)a->pos[3].u.i;
    cg_tensor *t = cg_tensor_empty(1, &n, CG_INT64, cg_device_cpu());
    if (!t)
        return torch_raise();
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = (int64_t)((uint64_t)off + bounded(s, rng));
    return cg_tensor_steal(t);
}

/* permutation(state, n[, first[, lemire]]): arange(n) shuffled as the
 * Generator shuffles: i from n - 1 down to first (1 by default), j in
 * [0, i] by masked rejection (numpy's random_interval: shuffle,
 * permutation), or with lemire by Lemire's method (choice's _shuffle_int). */
static cg_value p_permutation(cg_value self, const cg_args *a) {
    pcg_state *s = state_arg(a);
    int64_t n, first = 1;
    if (!s || !np_count_arg(a, 1, &n) || (a->npos > 2 && !np_count_arg(a, 2, &first)))
        return CG_ERR;
    bool lemire = a->npos > 3 && cg_truth(a->pos[3]) > 0;
    cg_tensor *t = cg_tensor_empty(1, &n, CG_INT64, cg_device_cpu());
    if (!t)
        return torch_raise();
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = i;
    for (int64_t i = n - 1; i >= first && i >= 1; i--) {
        uint64_t max = (uint64_t)i, mask = max, j;
        for (int sh = 1; sh <= 32; sh <<= 1)
            mask |= mask >> sh;
        if (lemire)
            j = bounded(s, max);
        else if (max <= 0xFFFFFFFFULL)
            while ((j = pcg_next32(s) & mask) > max) {
            }
        else
            while ((j = pcg_next64(s) & mask) > max) {
            }
        int64_t tmp = p[i];
        p[i] = p[j];
        p[j] = tmp;
    }
    return cg_tensor_steal(t);
}

static const cg_method_def pcg_defs[] = {
    {"permutation", p_permutation, NULL, "permutation(state, n): a shuffled arange(n), the Generator's way."},
    {"new", p_new, NULL, "new(s0, s1, s2, s3, i0, i1, i2, i3): PCG64 seeded from (seed, sequence) words."},
    {"get", p_get, NULL, "get(state): the state and increment as 32-bit words, has_uint32, uinteger."},
    {"set", p_set, NULL, "set(state, words...): restores a state get() gave."},
    {"doubles", p_doubles, NULL, "doubles(state, n): n doubles in [0, 1)."},
    {"normal", p_normal, NULL, "normal(state, n): n ziggurat standard normals."},
    {"exponential", p_exponential, NULL, "exponential(state, n): n ziggurat standard exponentials."},
    {"bounded", p_bounded, NULL, "bounded(state, n, off, rng): n integers in [off, off + rng], Lemire's way."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_numpy_pcg64_module_init(void) { return cg_module_of("numpy._pcg64", pcg_defs); }
