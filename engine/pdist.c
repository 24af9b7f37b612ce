/* pdist.c: torch.pdist / F.pdist, ATen's _pdist_forward (node
 * PdistBackward0) and its derivative _pdist_backward as a row of its own
 * (not differentiable again, as in PyTorch). Not here: cdist.
 *
 * Note [Pairwise distances in ATen's lanes]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * ATen's AVX2 kernel maps each pair's |x_i - x_j| through the norm's term
 * (p 0: min(ceil(d), 1); 1 and inf: d; 2: d * d; other p: Sleef's vector
 * pow) and reduces with map2_reduce_all: a pair of rows shorter than a
 * vector (8 floats, 4 doubles) folds its lanes in order; a longer one
 * accumulates lane-wise vector by vector (p = 2's square fused into the
 * add from the second vector on, as gcc contracts it), a partial last
 * vector updating only its lanes, then folds the lanes (halves for floats,
 * in order for doubles); + for every p but inf, whose fold is max. The
 * root is sqrt in the dtype for p = 2 and pow(agg, 1 / p) in double for
 * other p. The gradient goes down each column: row r's entry starts at 0,
 * takes minus each earlier pair's term in order, then plus each later
 * pair's, each term the formula of ATen's backward for that p, evaluated
 * lane-wise in its order. */
#include <math.h>
#include <stdlib.h>

#include "ew.h"
#include "ops.h"
#include "ops_nn.h"
#include "vec_math.h"

enum { P_ZERO, P_ONE, P_TWO, P_INF, P_LT2, P_GEN };

static int kind_of(double p, bool backward) {
    if (p == 0.0)
        return P_ZERO;
    if (p == 1.0)
        return P_ONE;
    if (backward && p < 2.0)
        return P_LT2;
    if (p == 2.0)
        return P_TWO;
    return isinf(p) ? P_INF : P_GEN;
}

/* ATen's Vectorized sign: 1, 0 or -1 from ceil and floor */
#define SIGN_OF(T, v) ((T)fmin(fmax(0.0, ceil((double)(v))), 1.0) + (T)fmin(fmax(-1.0, floor((double)(v))), 0.0))

#define PDIST(SFX, T, W, TREE, FMA, VPOW)                                                                            \
    static void terms_##SFX(T *t, const T *a, const T *b, int64_t m, int kind, T p) {                                \
        for (int64_t j = 0; j < m; j++) {                                                                            \
            T d = (T)fabs((double)(a[j] - b[j]));                                                                    \
            t[j] = kind == P_ZERO ? (T)fmin(ceil((double)d), 1.0) : d;                                               \
        }                                                                                                            \
        if (kind == P_GEN) {                                                                                         \
            int64_t mw = (m + W - 1) / W * W;                                                                        \
            for (int64_t j = m; j < mw; j++)                                                                         \
                t[j] = 0;                                                                                            \
            if (cg_vec_math_available())                                                                             \
                VPOW(t, t, 1, &p, 0, mw);                                                                            \
            else                                                                                                     \
                for (int64_t j = 0; j < m; j++)                                                                      \
                    t[j] = (T)pow((double)t[j], (double)p);                                                          \
        }                                                                                                            \
    }                                                                                                                \
    static inline T red_##SFX(T acc, T v, bool max) { return max ? (isnan(v) || v > acc ? v : acc) : acc + v; }      \
    static T reduce_##SFX(const T *t, int64_t m, int kind) {                                                         \
        bool mx = kind == P_INF, sq = kind == P_TWO;                                                                 \
        T acc[W] = {0};                                                                                              \
        int64_t first = m < W ? m : W;                                                                               \
        for (int64_t l = 0; l < first; l++)                                                                          \
            acc[l] = sq ? t[l] * t[l] : t[l];                                                                        \
        if (m < W) {                                                                                                 \
            T s = acc[0];                                                                                            \
            for (int64_t l = 1; l < m; l++)                                                                          \
                s = red_##SFX(s, acc[l], mx);                                                                        \
            return s;                                                                                                \
        }                                                                                                            \
        for (int64_t d = W; d < m; d += W) {                                                                         \
            int64_t k = m - d < W ? m - d : W;                                                                       \
            for (int64_t l = 0; l < k; l++)                                                                          \
                acc[l] = sq ? FMA(t[d + l], t[d + l], acc[l]) : red_##SFX(acc[l], t[d + l], mx);                     \
        }                                                                                                            \
        if (TREE) {                                                                                                  \
            for (int half = W / 2; half >= 1; half /= 2)                                                             \
                for (int l = 0; l < half; l++)                                                                       \
                    acc[l] = red_##SFX(acc[l], acc[l + half], mx);                                                   \
            return acc[0];                                                                                           \
        }                                                                                                            \
        T s = acc[0];                                                                                                \
        for (int l = 1; l < W; l++)                                                                                  \
            s = red_##SFX(s, acc[l], mx);                                                                            \
        return s;                                                                                                    \
    }                                                                                                                \
    static void pdist_##SFX(const cg_kernel_call *c) {                                                               \
        const T *x = (const T *)cg_tensor_data(c->in[0]);                                                            \
        T *out = (T *)cg_tensor_data(c->out[0]);                                                                     \
        int64_t n = c->in[0]->sizes[0], m = c->in[0]->sizes[1], k = 0;                                               \
        double pd = cg_scalar_to_double(c->args->s[0]);                                                              \
        int kind = kind_of(pd, false);                                                                               \
        T *t = malloc((size_t)((m + W - 1) / W * W + W) * sizeof(T));                                                \
        if (!t) {                                                                                                    \
            cg_error_set(CG_RUNTIME_ERROR, "out of memory in pdist");                                                \
            cg_cpu_kernel_fail();                                                                                    \
            return;                                                                                                  \
        }                                                                                                            \
        for (int64_t i = 0; i < n; i++)                                                                              \
            for (int64_t j = i + 1; j < n; j++, k++) {                                                               \
                terms_##SFX(t, x + i * m, x + j * m, m, kind, (T)pd);                                                \
                T agg = reduce_##SFX(t, m, kind);                                                                    \
                out[k] = kind == P_TWO ? (T)sqrt((double)agg) : kind == P_GEN ? (T)pow((double)agg, 1.0 / pd) : agg; \
            }                                                                                                        \
        free(t);                                                                                                     \
    }                                                                                                                \
    /* a ** b as Sleef's vector pow rounds it (lane 0 of a vector) */                                                \
    static T vpow_##SFX(T a, T b) {                                                                                  \
        if (!cg_vec_math_available())                                                                                \
            return (T)pow((double)a, (double)b);                                                                     \
        T va[W] = {a}, out[W];                                                                                       \
        VPOW(out, va, 1, &b, 0, W);                                                                                  \
        return out[0];                                                                                               \
    }                                                                                                                \
    /* one pair's term of the gradient for x_i (x_j gets its negative) */                                            \
    static inline T term_##SFX(T diff, T grad, T dist, int kind, T p) {                                              \
        T ad = (T)fabs((double)diff), sg = SIGN_OF(T, diff), r;                                                      \
        switch (kind) {                                                                                              \
        case P_ONE: return grad * sg;                                                                                \
        case P_LT2:                                                                                                  \
            r = dist == 0 ? 0 : sg * vpow_##SFX(ad, p - 1) * grad / vpow_##SFX(dist, p - 1);                         \
            return diff == 0 && p < 1 ? 0 : r;                                                                       \
        case P_TWO: return dist == 0 ? 0 : grad * diff / dist;                                                       \
        case P_INF: return grad * sg * (1 - (T)fmin(1.0, ceil(fabs((double)(ad - dist)))));                          \
        default: return dist == 0 ? 0 : diff * vpow_##SFX(ad, p - 2) * grad / vpow_##SFX(dist, p - 1);               \
        }                                                                                                            \
    }                                                                                                                \
    static void pdist_backward_##SFX(const cg_kernel_call *c) {                                                      \
        const T *g = (const T *)cg_tensor_data(c->in[0]);                                                            \
        const T *x = (const T *)cg_tensor_data(c->in[1]);                                                            \
        const T *dist = (const T *)cg_tensor_data(c->in[2]);                                                         \
        T *gi = (T *)cg_tensor_data(c->out[0]);                                                                      \
        int64_t n = c->in[1]->sizes[0], m = c->in[1]->sizes[1];                                                      \
        double pd = cg_scalar_to_double(c->args->s[0]);                                                              \
        int kind = kind_of(pd, true);                                                                                \
        if (kind == P_ZERO)                                                                                          \
            return;                                                                                                  \
        for (int64_t col = 0; col < m; col++) {                                                                      \
            int64_t k = 0;                                                                                           \
            for (int64_t i = 0; i < n; i++)                                                                          \
                for (int64_t j = i + 1; j < n; j++, k++) {                                                           \
                    T r = term_##SFX(x[i * m + col] - x[j * m + col], g[k], dist[k], kind, (T)pd);                   \
                    gi[i * m + col] = gi[i * m + col] + r;                                                           \
                    gi[j * m + col] = gi[j * m + col] - r;                                                           \
                }                                                                                                    \
        }                                                                                                            \
    }
PDIST(f32, float, 8, 1, fmaf, cg_vec_pow_f32)
PDIST(f64, double, 4, 0, fma, cg_vec_pow_f64)

/* in[0] input [n, m] contiguous; out[0] [n * (n - 1) / 2]; args->s[0] p */
void cg_cpu_pdist(const cg_kernel_call *c) { (c->out[0]->dtype == CG_F32 ? pdist_f32 : pdist_f64)(c); }

/* in[0] grad [n * (n - 1) / 2] contiguous, in[1] input, in[2] the
 * distances; out[0] zeros [n, m]; args->s[0] p */
void cg_cpu_pdist_backward(const cg_kernel_call *c) {
    (c->out[0]->dtype == CG_F32 ? pdist_backward_f32 : pdist_backward_f64)(c);
}

/* ---- frontends -------------------------------------------------------------------------------- */

static cg_tensor *contiguous_unrecorded(cg_tensor *t) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cg_contiguous(t);
    cg_grad_set_enabled(was);
    return c;
}

cg_tensor *cg_pdist(cg_tensor *input, double p) {
    CG_CHECK(input->ndim == 2, CG_RUNTIME_ERROR, "pdist only supports 2D tensors, got: %dD", input->ndim);
    CG_CHECK(input->dtype == CG_F32 || input->dtype == CG_F64, CG_RUNTIME_ERROR,
             "pdist only supports floating-point dtypes");
    CG_CHECK(p >= 0, CG_RUNTIME_ERROR, "pdist only supports non-negative p values");
    int64_t n = input->sizes[0];
    CG_CHECK(n < ((int64_t)1 << 31), CG_RUNTIME_ERROR, "pdist: input has too many rows");
    int64_t pairs = n > 1 ? n * (n - 1) / 2 : 0;
    cg_tensor *x = contiguous_unrecorded(input);
    cg_tensor *out = x ? cg_zeros(1, &pairs, input->dtype, cg_tensor_device(input)) : NULL;
    cg_op_args args = {.s = {cg_scalar_float(p)}};
    if (out && pairs > 0 && input->sizes[1] > 0) {
        cg_kernel_call call = {.op = CG_OP_PDIST, .nout = 1, .nin = 1, .out = {out}, .in = {x}, .args = &args};
        if (cg_op_run(&call) < 0)
            cg_tensor_release(out), out = NULL;
    }
    cg_tensor_release(x);
    if (!out)
        return NULL;
    cg_save_spec save[] = {{input, "self"}, {out, "result"}};
    return cg_ew_record(out, CG_OP_PDIST, 1, &input, 2, save, &args);
}

cg_tensor *cg_pdist_backward(cg_tensor *grad, cg_tensor *input, double p, cg_tensor *dist) {
    int64_t n = input->ndim == 2 ? input->sizes[0] : 0;
    CG_CHECK(input->ndim == 2 && cg_tensor_numel(grad) == (n > 1 ? n * (n - 1) / 2 : 0)
                 && cg_tensor_numel(dist) == cg_tensor_numel(grad),
             CG_RUNTIME_ERROR, "_pdist_backward: grad, self and pdist do not agree in size");
    cg_tensor *g = contiguous_unrecorded(grad), *x = g ? contiguous_unrecorded(input) : NULL;
    cg_tensor *d = x ? contiguous_unrecorded(dist) : NULL;
    cg_tensor *out = d ? cg_zeros(2, input->sizes, input->dtype, cg_tensor_device(input)) : NULL;
    if (out && cg_tensor_numel(grad) > 0 && input->sizes[1] > 0) {
        cg_op_args args = {.s = {cg_scalar_float(p)}};
        cg_kernel_call call = {
            .op = CG_OP_PDIST_BACKWARD, .nout = 1, .nin = 3, .out = {out}, .in = {g, x, d}, .args = &args};
        if (cg_op_run(&call) < 0)
            cg_tensor_release(out), out = NULL;
    }
    cg_tensor_release(g), cg_tensor_release(x), cg_tensor_release(d);
    return out;
}

/* PdistBackward0: self: _pdist_backward(grad, self, p, result) */
int cg_bw_pdist(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *input, *dist;
    if (cg_node_saved_all(n, 2, &input, &dist) < 0)
        return -1;
    return (gi[0] = cg_pdist_backward(go[0], input, cg_scalar_to_double(n->args.s[0]), dist)) ? 0 : -1;
}
