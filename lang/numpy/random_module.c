/* random_module.c: numpy._random, numpy.random's draws as tensors over any
 * bit generator (bitgen.h, distributions.c): doubles, normals and
 * exponentials, bounded integers, permutations, raw words and every other
 * distribution by kind. Not the arguments' checks, shapes and
 * broadcasting (random.py). Each call takes the bit generator's state
 * and, where RandomState and the Generator draw differently, `legacy`. */
#include "numpy/distributions.h"
#include "numpy/numpy_module.h"
#include "numpy/np_args.h"

#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

/* A new 1-d tensor of n elements of dtype, or NULL with the error raised. */
static cg_tensor *out_of(int64_t n, cg_dtype dtype) {
    cg_tensor *t = cg_tensor_empty(1, &n, dtype, cg_device_cpu());
    if (!t)
        torch_raise();
    return t;
}

/* doubles(state, n): n doubles in [0, 1). */
static cg_value r_doubles(cg_value self, const cg_args *a) {
    np_bitgen *bg = np_bitgen_arg(a, 0);
    int64_t n;
    cg_tensor *t = bg && np_count_arg(a, 1, &n) ? out_of(n, CG_F64) : NULL;
    if (!t)
        return CG_ERR;
    double *p = cg_tensor_data(t);
    if (bg->kind == &np_pcg64_kind) {
        /* default_rng's loop without a dispatch per draw */
        np_pcg_state *ps = np_pcg_of(bg);
        for (int64_t i = 0; i < n; i++)
            p[i] = (double)(np_pcg_next64(ps) >> 11) * (1.0 / 9007199254740992.0);
    } else {
        for (int64_t i = 0; i < n; i++)
            p[i] = np_next_double(bg);
    }
    return cg_tensor_steal(t);
}

/* floats(state, n): n float32 values in [0, 1), the top 24 bits of a
 * 32-bit draw (the Generator's random(dtype=float32)). */
static cg_value r_floats(cg_value self, const cg_args *a) {
    np_bitgen *bg = np_bitgen_arg(a, 0);
    int64_t n;
    cg_tensor *t = bg && np_count_arg(a, 1, &n) ? out_of(n, CG_F32) : NULL;
    if (!t)
        return CG_ERR;
    float *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = (float)(np_next32(bg) >> 8) * (1.0f / 16777216.0f);
    return cg_tensor_steal(t);
}

/* normal(state, legacy, n) and exponential(state, legacy, n): standard
 * draws, the Generator's by the ziggurat's own fill loop. */
static cg_value standard(const cg_args *a, double (*draw)(const np_src *),
                         void (*zig_fill)(np_bitgen *, double *, int64_t)) {
    np_src s = {np_bitgen_arg(a, 0), a->npos > 1 && cg_truth(a->pos[1]) > 0};
    int64_t n;
    cg_tensor *t = s.bg && np_count_arg(a, 2, &n) ? out_of(n, CG_F64) : NULL;
    if (!t)
        return CG_ERR;
    double *p = cg_tensor_data(t);
    if (s.legacy)
        for (int64_t i = 0; i < n; i++)
            p[i] = draw(&s);
    else
        zig_fill(s.bg, p, n);
    return cg_tensor_steal(t);
}

static cg_value r_normal(cg_value self, const cg_args *a) { return standard(a, np_gauss, np_zig_normal_fill); }
static cg_value r_exponential(cg_value self, const cg_args *a) {
    return standard(a, np_std_exp, np_zig_exponential_fill);
}

/* bounded(state, lemire, n, off, rng): n int64 values off + [0, rng]. */
static cg_value r_bounded(cg_value self, const cg_args *a) {
    np_bitgen *bg = np_bitgen_arg(a, 0);
    int64_t n;
    if (!bg || !np_count_arg(a, 2, &n))
        return CG_ERR;
    if (a->npos != 5 || a->pos[3].tag != CG_V_INT || a->pos[4].tag != CG_V_INT || a->pos[4].u.i < 0)
        return cg_raise(&cg_exc_TypeError, "bounded(state, lemire, n, off, rng)");
    bool lemire = cg_truth(a->pos[1]) > 0;
    uint64_t off = (uint64_t)a->pos[3].u.i, rng = (uint64_t)a->pos[4].u.i, mask = np_mask_of(rng);
    cg_tensor *t = out_of(n, CG_INT64);
    if (!t)
        return CG_ERR;
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = (int64_t)(off + (lemire ? np_bounded_lemire(bg, rng) : np_bounded_masked(bg, rng, mask)));
    return cg_tensor_steal(t);
}

/* permutation(state, n[, first[, lemire]]): arange(n) shuffled by
 * Fisher-Yates, i from n - 1 down to first (1 by default), j in [0, i] by
 * masked rejection (RandomState; the Generator's shuffle and permutation)
 * or with lemire by Lemire's method (the Generator's choice). */
static cg_value r_permutation(cg_value self, const cg_args *a) {
    np_bitgen *bg = np_bitgen_arg(a, 0);
    int64_t n, first = 1;
    if (!bg || !np_count_arg(a, 1, &n) || (a->npos > 2 && !np_count_arg(a, 2, &first)))
        return CG_ERR;
    bool lemire = a->npos > 3 && cg_truth(a->pos[3]) > 0;
    cg_tensor *t = out_of(n, CG_INT64);
    if (!t)
        return CG_ERR;
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = i;
    for (int64_t i = n - 1; i >= first && i >= 1; i--) {
        uint64_t max = (uint64_t)i;
        int64_t j = (int64_t)(lemire ? np_bounded_lemire(bg, max) : np_bounded_masked(bg, max, np_mask_of(max)));
        int64_t tmp = p[i];
        p[i] = p[j];
        p[j] = tmp;
    }
    return cg_tensor_steal(t);
}

/* words(state, n[, positive]): n 32-bit draws, or with positive n 64-bit
 * draws shifted to 63 bits (tomaxint), as an int64 tensor. */
static cg_value r_words(cg_value self, const cg_args *a) {
    np_bitgen *bg = np_bitgen_arg(a, 0);
    int64_t n;
    cg_tensor *t = bg && np_count_arg(a, 1, &n) ? out_of(n, CG_INT64) : NULL;
    if (!t)
        return CG_ERR;
    bool positive = a->npos > 2 && cg_truth(a->pos[2]) > 0;
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = positive ? (int64_t)(np_next64(bg) >> 1) : (int64_t)np_next32(bg);
    return cg_tensor_steal(t);
}

/* A parameter of draw: a float, or a contiguous float64 tensor of n
 * values (one per draw). */
typedef struct {
    double value;
    const double *each;
} param;

static bool param_arg(const cg_args *a, int i, int64_t n, param *out) {
    cg_value v = a->pos[i];
    out->each = NULL;
    if (v.tag == CG_V_FLOAT) {
        out->value = v.u.f;
        return true;
    }
    if (cg_is_tensor(v)) {
        cg_tensor *t = cg_tensor_of_borrowed(v);
        if (t->dtype == CG_F64 && cg_tensor_is_contiguous(t) && cg_tensor_numel(t) == n) {
            out->each = cg_tensor_data(t);
            return true;
        }
    }
    cg_raise(&cg_exc_TypeError, "draw(...): a parameter is a float or a contiguous float64 tensor of n values");
    return false;
}

/* draw(state, legacy, kind, n, a, b, c): n draws of one distribution, a
 * float64 tensor (an int64 one for the integer kinds); each parameter a
 * float or a float64 tensor of n values. */
static cg_value r_draw(cg_value self, const cg_args *a) {
    np_src s = {np_bitgen_arg(a, 0), false};
    int64_t n;
    param p[3];
    if (!s.bg)
        return CG_ERR;
    if (a->npos != 7 || a->pos[2].tag != CG_V_INT || a->pos[2].u.i < 0 || a->pos[2].u.i >= NP_DIST_COUNT)
        return cg_raise(&cg_exc_TypeError, "draw(state, legacy, kind, n, a, b, c)");
    if (!np_count_arg(a, 3, &n) || !param_arg(a, 4, n, &p[0]) || !param_arg(a, 5, n, &p[1])
        || !param_arg(a, 6, n, &p[2]))
        return CG_ERR;
    s.legacy = cg_truth(a->pos[1]) > 0;
    int kind = (int)a->pos[2].u.i;
    bool integer = np_dist_is_int(kind);
    cg_tensor *t = out_of(n, integer ? CG_INT64 : CG_F64);
    if (!t)
        return CG_ERR;
    for (int64_t i = 0; i < n; i++) {
        double x = p[0].each ? p[0].each[i] : p[0].value, y = p[1].each ? p[1].each[i] : p[1].value;
        double z = p[2].each ? p[2].each[i] : p[2].value;
        if (integer)
            ((int64_t *)cg_tensor_data(t))[i] = np_draw_int(&s, kind, x, y, z);
        else
            ((double *)cg_tensor_data(t))[i] = np_draw(&s, kind, x, y, z);
    }
    return cg_tensor_steal(t);
}

static const cg_method_def random_defs[] = {
    {"doubles", r_doubles, NULL, "doubles(state, n): n doubles in [0, 1)."},
    {"floats", r_floats, NULL, "floats(state, n): n float32 values in [0, 1)."},
    {"normal", r_normal, NULL, "normal(state, legacy, n): n standard normals, RandomState's or the Generator's."},
    {"exponential", r_exponential, NULL, "exponential(state, legacy, n): n standard exponentials."},
    {"bounded", r_bounded, NULL, "bounded(state, lemire, n, off, rng): n integers in [off, off + rng]."},
    {"permutation", r_permutation, NULL, "permutation(state, n[, first[, lemire]]): a shuffled arange(n)."},
    {"words", r_words, NULL, "words(state, n[, positive]): n raw 32-bit draws, or 63-bit ones."},
    {"draw", r_draw, NULL, "draw(state, legacy, kind, n, a, b, c): n draws of one distribution."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_numpy_random_module_init(void) {
    np_zig_init();
    return cg_module_of("numpy._random", random_defs);
}
