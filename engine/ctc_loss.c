/* ctc_loss.c: torch._ctc_loss (node CtcLossBackward0), the connectionist
 * temporal classification loss F.ctc_loss is composed of, and its
 * derivative _ctc_loss_backward as a row of its own (not differentiable
 * again, as in PyTorch). Not here: the reductions, zero_infinity's where
 * and the unbatched form (lang/prelude, a composite as in PyTorch).
 *
 * Note [CTC in log space, in ATen's order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * ATen's CPU loops, which this file follows step for step: per batch item,
 * alpha[t][s] over the extended target (blanks between and around the
 * labels) is log(exp(a1 - m) + exp(a2 - m) + exp(a3 - m)) + m + lp[t][l(s)],
 * m the largest of the (up to) three predecessors (0 when all are -inf),
 * summed left to right with libm's exp and log in the dtype; the loss is
 * minus the log-sum of the last two alphas (the last one alone for an empty
 * target; 0 or inf for an empty input). The gradient runs beta backwards
 * the same way, gathers log(alpha * beta) per label with a pairwise
 * log-add in descending s, and ends with (exp(lp) - exp(g + nll - lp)) * go
 * for t below the input's length, zeros after; zero_infinity zeroes the
 * gradient of an infinite loss. */
#include <math.h>
#include <string.h>

#include "ew.h"
#include "ops.h"
#include "ops_nn.h"

/* in[0] log_probs [T, N, C] (strided), in[1] targets int64 contiguous, in[2]
 * meta [3N] int64: input lengths, target lengths, each item's offset into
 * targets; out[0] nll [N], out[1] log_alpha [N, T, 2 * max_target + 1];
 * args->i[0] blank */
#define CTC(SFX, T, EXP, LOG)                                                                                       \
    static inline int64_t prime_##SFX(const int64_t *tg, int64_t off, int64_t s, int64_t blank) {                   \
        return s % 2 == 0 ? blank : tg[off + s / 2];                                                                \
    }                                                                                                               \
    static inline T lse3_##SFX(T a1, T a2, T a3) {                                                                  \
        T m = a1;                                                                                                   \
        if (a2 > m)                                                                                                 \
            m = a2;                                                                                                 \
        if (a3 > m)                                                                                                 \
            m = a3;                                                                                                 \
        if (m == -INFINITY)                                                                                         \
            m = 0;                                                                                                  \
        return LOG(EXP(a1 - m) + EXP(a2 - m) + EXP(a3 - m)) + m;                                                    \
    }                                                                                                               \
    static void ctc_##SFX(const cg_kernel_call *c) {                                                                \
        const cg_tensor *lpt = c->in[0];                                                                            \
        const T *lp = (const T *)cg_tensor_data(lpt);                                                               \
        const int64_t *tg = (const int64_t *)cg_tensor_data(c->in[1]);                                              \
        const int64_t *meta = (const int64_t *)cg_tensor_data(c->in[2]);                                            \
        T *nll = (T *)cg_tensor_data(c->out[0]), *la = (T *)cg_tensor_data(c->out[1]);                              \
        int64_t N = lpt->sizes[1], Tn = lpt->sizes[0], S = c->out[1]->sizes[2], blank = c->args->i[0];              \
        int64_t s0 = lpt->strides[0], s1 = lpt->strides[1], s2 = lpt->strides[2];                                   \
        for (int64_t b = 0; b < N; b++) {                                                                           \
            int64_t il = meta[b], tl = meta[N + b], off = meta[2 * N + b];                                          \
            T *a = la + b * Tn * S;                                                                                 \
            const T *l = lp + b * s1;                                                                               \
            for (int64_t s = 0; s < S; s++)                                                                         \
                a[s] = -INFINITY;                                                                                   \
            if (il == 0) {                                                                                          \
                nll[b] = tl == 0 ? 0 : INFINITY;                                                                    \
                continue;                                                                                           \
            }                                                                                                       \
            a[0] = l[blank * s2];                                                                                   \
            if (tl > 0)                                                                                             \
                a[1] = l[prime_##SFX(tg, off, 1, blank) * s2];                                                      \
            for (int64_t t = 1; t < il; t++) {                                                                      \
                for (int64_t s = 0; s < 2 * tl + 1; s++) {                                                          \
                    int64_t cur = prime_##SFX(tg, off, s, blank);                                                   \
                    T a1 = a[(t - 1) * S + s];                                                                      \
                    T a2 = s > 0 ? a[(t - 1) * S + s - 1] : -INFINITY;                                              \
                    T a3 = s > 1 && prime_##SFX(tg, off, s - 2, blank) != cur ? a[(t - 1) * S + s - 2] : -INFINITY; \
                    a[t * S + s] = lse3_##SFX(a1, a2, a3) + l[t * s0 + cur * s2];                                   \
                }                                                                                                   \
            }                                                                                                       \
            if (tl == 0) {                                                                                          \
                nll[b] = -a[(il - 1) * S];                                                                          \
            } else {                                                                                                \
                T l1 = a[(il - 1) * S + 2 * tl], l2 = a[(il - 1) * S + 2 * tl - 1];                                 \
                T m = l1 > l2 ? l1 : l2;                                                                            \
                m = m == -INFINITY ? 0 : m;                                                                         \
                nll[b] = -(LOG(EXP(l1 - m) + EXP(l2 - m)) + m);                                                     \
            }                                                                                                       \
        }                                                                                                           \
    }                                                                                                               \
    /* list: grad [N], log_probs, targets, meta, nll [N], log_alpha; out[0]                         \
     * [T, N, C] contiguous; args->i[0] blank, flag zero_infinity; scratch                          \
     * beta in out[1] [N, T, S] */               \
    static void ctc_backward_##SFX(const cg_kernel_call *c) {                                                       \
        const T *go = (const T *)cg_tensor_data(c->list[0]);                                                        \
        const cg_tensor *lpt = c->list[1];                                                                          \
        const T *lp = (const T *)cg_tensor_data(lpt);                                                               \
        const int64_t *tg = (const int64_t *)cg_tensor_data(c->list[2]);                                            \
        const int64_t *meta = (const int64_t *)cg_tensor_data(c->list[3]);                                          \
        const T *nllv = (const T *)cg_tensor_data(c->list[4]), *la = (const T *)cg_tensor_data(c->list[5]);         \
        T *g = (T *)cg_tensor_data(c->out[0]), *lb = (T *)cg_tensor_data(c->out[1]);                                \
        int64_t N = lpt->sizes[1], Tn = lpt->sizes[0], C = lpt->sizes[2], S = c->out[1]->sizes[2];                  \
        int64_t s0 = lpt->strides[0], s1 = lpt->strides[1], s2 = lpt->strides[2], blank = c->args->i[0];            \
        for (int64_t b = 0; b < N; b++) {                                                                           \
            T nll = nllv[b];                                                                                        \
            int64_t il = meta[b], tl = meta[N + b], off = meta[2 * N + b];                                          \
            for (int64_t t = 0; t < Tn; t++)                                                                        \
                for (int64_t k = 0; k < C; k++)                                                                     \
                    g[(t * N + b) * C + k] = c->args->flag && nll == INFINITY ? 0 : -INFINITY;                      \
            if (c->args->flag && nll == INFINITY)                                                                   \
                continue;                                                                                           \
            const T *l = lp + b * s1, *a = la + b * Tn * S;                                                         \
            T *be = lb + b * Tn * S;                                                                                \
            if (il > 0) {                                                                                           \
                for (int64_t s = 0; s < S; s++)                                                                     \
                    be[(il - 1) * S + s] = -INFINITY;                                                               \
                be[(il - 1) * S + 2 * tl] = l[(il - 1) * s0 + blank * s2];                                          \
                g[((il - 1) * N + b) * C + blank] = a[(il - 1) * S + 2 * tl] + be[(il - 1) * S + 2 * tl];           \
                if (tl > 0) {                                                                                       \
                    int64_t cur = prime_##SFX(tg, off, 2 * tl - 1, blank);                                          \
                    be[(il - 1) * S + 2 * tl - 1] = l[(il - 1) * s0 + cur * s2];                                    \
                    g[((il - 1) * N + b) * C + cur] = a[(il - 1) * S + 2 * tl - 1] + be[(il - 1) * S + 2 * tl - 1]; \
                }                                                                                                   \
            }                                                                                                       \
            for (int64_t t = il - 2; t >= 0; t--) {                                                                 \
                for (int64_t s = 2 * tl; s >= 0; s--) {                                                             \
                    int64_t cur = prime_##SFX(tg, off, s, blank);                                                   \
                    T b1 = be[(t + 1) * S + s];                                                                     \
                    T b2 = s < 2 * tl ? be[(t + 1) * S + s + 1] : -INFINITY;                                        \
                    T b3 = s < 2 * tl - 1 && prime_##SFX(tg, off, s + 2, blank) != cur ? be[(t + 1) * S + s + 2]    \
                                                                                       : -INFINITY;                 \
                    be[t * S + s] = lse3_##SFX(b1, b2, b3) + l[t * s0 + cur * s2];                                  \
                    T ab = a[t * S + s] + be[t * S + s];                                                            \
                    T *lc = &g[(t * N + b) * C + cur];                                                              \
                    if (*lc == -INFINITY) {                                                                         \
                        *lc = ab;                                                                                   \
                    } else {                                                                                        \
                        T m = *lc > ab ? *lc : ab;                                                                  \
                        *lc = LOG(EXP(*lc - m) + EXP(ab - m)) + m;                                                  \
                    }                                                                                               \
                }                                                                                                   \
            }                                                                                                       \
            T gr = go[b];                                                                                           \
            for (int64_t t = 0; t < Tn; t++)                                                                        \
                for (int64_t k = 0; k < C; k++) {                                                                   \
                    T *res = &g[(t * N + b) * C + k];                                                               \
                    T lpv = l[t * s0 + k * s2];                                                                     \
                    *res = t < il ? (EXP(lpv) - EXP(*res + nll - lpv)) * gr : 0;                                    \
                }                                                                                                   \
        }                                                                                                           \
    }
CTC(f32, float, expf, logf)
CTC(f64, double, exp, log)

void cg_cpu_ctc_loss(const cg_kernel_call *c) { (c->out[0]->dtype == CG_F32 ? ctc_f32 : ctc_f64)(c); }
void cg_cpu_ctc_loss_backward(const cg_kernel_call *c) {
    (c->out[0]->dtype == CG_F32 ? ctc_backward_f32 : ctc_backward_f64)(c);
}

/* ---- frontends -------------------------------------------------------------------------------- */

static const char ctc_from[] = "(while checking arguments for ctc_loss_cpu)";

/* ATen's checks, in order; meta [3N] on the host: lengths and offsets */
static cg_tensor *ctc_meta(cg_tensor *lp, cg_tensor *targets, int n_il, const int64_t *il, int n_tl, const int64_t *tl,
                           int64_t blank, int64_t *max_tl) {
    CG_CHECK(targets->dtype == CG_INT64 || targets->dtype == CG_INT32, CG_RUNTIME_ERROR,
             "Expected tensor for argument #2 'targets' to have scalar type Long; but got torch.%sTensor instead %s",
             cg_dtype_legacy_name(targets->dtype), ctc_from);
    CG_CHECK(lp->ndim == 3, CG_RUNTIME_ERROR,
             "Expected 3-dimensional tensor, but got %d-dimensional tensor for argument #1 'log_probs' %s", lp->ndim,
             ctc_from);
    CG_CHECK(targets->ndim >= 1 && targets->ndim <= 2, CG_RUNTIME_ERROR,
             "Expected %d to %d dimensions, but got %d-dimensional tensor for argument #2 'targets' %s", 1, 2,
             targets->ndim, ctc_from);
    int64_t N = lp->sizes[1], C = lp->sizes[2], Tn = lp->sizes[0];
    CG_CHECK(blank >= 0 && blank < C, CG_RUNTIME_ERROR, "blank must be in label range");
    CG_CHECK(n_il == N, CG_RUNTIME_ERROR, "input_lengths must be of size batch_size");
    CG_CHECK(n_tl == N, CG_RUNTIME_ERROR, "target_lengths must be of size batch_size");
    cg_tensor *meta = cg_zeros(1, (int64_t[]){3 * N}, CG_INT64, cg_device_cpu());
    if (!meta)
        return NULL;
    int64_t *m = cg_tensor_data(meta), pos = 0;
    *max_tl = 0;
    for (int64_t b = 0; b < N; b++) {
        if (tl[b] < 0) {
            cg_tensor_release(meta);
            return cg_error_set(CG_RUNTIME_ERROR,
                                "Expected target_lengths to have value at least 0, but got value %lld %s",
                                (long long)tl[b], ctc_from),
                   NULL;
        }
        m[N + b] = tl[b], m[2 * N + b] = targets->ndim == 1 ? pos : b * targets->sizes[1];
        pos += tl[b];
        *max_tl = tl[b] > *max_tl ? tl[b] : *max_tl;
    }
    int64_t want = targets->ndim == 1 ? pos : N;
    int rc = 0;
    if (targets->sizes[0] != want)
        rc = -1,
        cg_error_set(CG_RUNTIME_ERROR,
                     "Expected tensor to have size %lld at dimension 0, but got size %lld for argument #2 'targets' %s",
                     (long long)want, (long long)targets->sizes[0], ctc_from);
    else if (targets->ndim == 2 && targets->sizes[1] < *max_tl)
        rc = -1,
        cg_error_set(CG_RUNTIME_ERROR,
                     "Expected tensor to have size at least %lld at dimension 1, but got size %lld for argument #2 "
                     "'targets' %s",
                     (long long)*max_tl, (long long)targets->sizes[1], ctc_from);
    for (int64_t b = 0; rc == 0 && b < N; b++) {
        if (il[b] < 0)
            rc = -1,
            cg_error_set(CG_RUNTIME_ERROR, "Expected input_lengths to have value at least 0, but got value %lld %s",
                         (long long)il[b], ctc_from);
        else if (il[b] > Tn)
            rc = -1,
            cg_error_set(CG_RUNTIME_ERROR, "Expected input_lengths to have value at most %lld, but got value %lld %s",
                         (long long)Tn, (long long)il[b], ctc_from);
        m[b] = il[b];
    }
    if (rc < 0)
        cg_tensor_release(meta), meta = NULL;
    return meta;
}

int cg_ctc_loss(cg_tensor *log_probs, cg_tensor *targets, int n_il, const int64_t *il, int n_tl, const int64_t *tl,
                int64_t blank, bool zero_infinity, cg_tensor **nll_out, cg_tensor **alpha_out) {
    CG_CHECK_INT(log_probs->dtype == CG_F32 || log_probs->dtype == CG_F64, CG_RUNTIME_ERROR,
                 "\"ctc_loss_cpu\" not implemented for '%s'", cg_dtype_legacy_name(log_probs->dtype));
    int64_t max_tl;
    cg_tensor *meta_h = ctc_meta(log_probs, targets, n_il, il, n_tl, tl, blank, &max_tl);
    if (!meta_h)
        return -1;
    cg_device dev = cg_tensor_device(log_probs);
    int64_t N = log_probs->sizes[1], Tn = log_probs->sizes[0];
    bool was = cg_grad_set_enabled(false);
    cg_tensor *meta = cg_to_device(meta_h, dev);
    cg_tensor *tg64 = meta ? cg_to_dtype(targets, CG_INT64) : NULL;
    cg_tensor *tgd = tg64 ? cg_to_device(tg64, dev) : NULL;
    cg_tensor *tgc = tgd ? cg_contiguous(tgd) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor *nll = tgc ? cg_zeros(1, &N, log_probs->dtype, dev) : NULL;
    cg_tensor *alpha = nll ? cg_zeros(3, (int64_t[]){N, Tn, 2 * max_tl + 1}, log_probs->dtype, dev) : NULL;
    cg_op_args args = {.i = {blank}, .flag = zero_infinity};
    int rc = alpha ? 0 : -1;
    if (rc == 0) {
        cg_kernel_call call = {.op = CG_OP_CTC_LOSS,
                               .nout = 2,
                               .nin = 3,
                               .out = {nll, alpha},
                               .in = {log_probs, tgc, meta},
                               .args = &args};
        rc = cg_op_run(&call);
    }
    if (rc == 0) {
        cg_save_spec save[] = {
            {log_probs, "log_probs"}, {tgc, "targets"}, {meta, "lengths"}, {nll, "result0"}, {alpha, "result1"}};
        nll = cg_ew_record(nll, CG_OP_CTC_LOSS, 1, &log_probs, 5, save, &args);
        rc = nll ? 0 : -1;
    }
    cg_tensor_release(meta_h), cg_tensor_release(meta), cg_tensor_release(tg64), cg_tensor_release(tgd);
    cg_tensor_release(tgc);
    if (rc < 0) {
        cg_tensor_release(nll), cg_tensor_release(alpha);
        return -1;
    }
    *nll_out = nll, *alpha_out = alpha;
    return 0;
}

/* the gradient of the loss for log_probs (ATen's _ctc_loss_backward) */
static cg_tensor *ctc_backward(cg_tensor *grad, cg_tensor *log_probs, cg_tensor *targets, cg_tensor *meta,
                               cg_tensor *nll, cg_tensor *alpha, const cg_op_args *a) {
    cg_tensor *g = cg_contiguous(grad);
    cg_tensor *out = g ? cg_zeros(3, log_probs->sizes, log_probs->dtype, cg_tensor_device(log_probs)) : NULL;
    cg_tensor *beta = out ? cg_zeros(3, alpha->sizes, alpha->dtype, cg_tensor_device(alpha)) : NULL;
    int rc = beta ? 0 : -1;
    if (rc == 0) {
        cg_tensor *list[] = {g, log_probs, targets, meta, nll, alpha};
        cg_kernel_call call = {
            .op = CG_OP_CTC_LOSS_BACKWARD, .nout = 2, .out = {out, beta}, .list = list, .nlist = 6, .args = a};
        rc = cg_op_run(&call);
    }
    cg_tensor_release(g), cg_tensor_release(beta);
    if (rc < 0)
        cg_tensor_release(out), out = NULL;
    return out;
}

/* CtcLossBackward0: log_probs: _ctc_loss_backward(grad, log_probs, targets,
 * input_lengths, target_lengths, result0, result1, blank, zero_infinity) */
int cg_bw_ctc_loss(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *lp, *tg, *meta, *nll, *alpha;
    if (cg_node_saved_all(n, 5, &lp, &tg, &meta, &nll, &alpha) < 0)
        return -1;
    return (gi[0] = ctc_backward(go[0], lp, tg, meta, nll, alpha, &n->args)) ? 0 : -1;
}

cg_tensor *cg_ctc_loss_backward(cg_tensor *grad, cg_tensor *log_probs, cg_tensor *targets, int n, const int64_t *il,
                                const int64_t *tl, cg_tensor *nll, cg_tensor *alpha, int64_t blank,
                                bool zero_infinity) {
    int64_t max_tl;
    cg_tensor *meta_h = ctc_meta(log_probs, targets, n, il, n, tl, blank, &max_tl);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *meta = meta_h ? cg_to_device(meta_h, cg_tensor_device(log_probs)) : NULL;
    cg_tensor *tg = meta ? cg_to_dtype(targets, CG_INT64) : NULL;
    cg_tensor *tgc = tg ? cg_contiguous(tg) : NULL;
    cg_grad_set_enabled(was);
    cg_op_args args = {.i = {blank}, .flag = zero_infinity};
    cg_tensor *out = tgc ? ctc_backward(grad, log_probs, tgc, meta, nll, alpha, &args) : NULL;
    cg_tensor_release(meta_h), cg_tensor_release(meta), cg_tensor_release(tg), cg_tensor_release(tgc);
    return out;
}
