/* multinomial.c: torch.multinomial, drawn as PyTorch draws it
 * (native/Distributions.cpp multinomial_out, native/cpu/MultinomialKernel.cpp
 * and native/cuda/MultinomialKernel.cu).
 *
 * Two algorithms, picked on the CPU as PyTorch 1.13 picks them; on a CUDA
 * device as later versions do, which also send a single sample with
 * replacement down the first:
 * - without replacement: q = exponential_(1) drawn into
 *   a tensor laid out like p, then the indices of the largest p / q
 *   (argmax for one sample, topk for several): the Gumbel trick;
 * - with replacement: on the CPU, per row, the cumulative sums of p in p's
 *   dtype normalised by their total, then for each sample a 53-bit uniform
 *   located by binary search; on a CUDA device, p divided by its row sums
 *   and their running sums on the device, then sampleMultinomialWithReplacement's
 *   grid (random_device.h): a thread per sample and a row per block, each
 *   sample the x of a curand_uniform4, in p's dtype, found by binary search
 *   and moved back over buckets of probability zero.
 * On a device the exponentials are drawn there from its generator; the
 * largest quotients are picked on the host, as topk would pick them. The
 * device's row sums and running sums are the engine's reductions, not
 * PyTorch's block reduction and scan, so a uniform within a rounding of a
 * bucket's edge may fall on the other side of it.
 * Samples makemore-style notebooks draw (`torch.multinomial(p, 1, True,
 * generator=g)`) therefore match PyTorch's. */
#include <math.h>
#include <stdlib.h>

#include "normal_fill.h"
#include "ops.h"
#include "random_device.h"

/* p is (rows, cats) row-major; checks as the Gumbel path does first: every
 * entry finite and >= 0, no row summing to zero. */
static int check_gumbel_probs(const double *p, int64_t rows, int64_t cats) {
    for (int64_t i = 0; i < rows * cats; i++)
        CG_CHECK_INT(p[i] >= 0 && p[i] < INFINITY, CG_RUNTIME_ERROR,
                     "probability tensor contains either `inf`, `nan` or element < 0");
    for (int64_t r = 0; r < rows; r++) {
        double sum = 0;
        for (int64_t j = 0; j < cats; j++)
            sum += p[r * cats + j];
        CG_CHECK_INT(sum != 0, CG_RUNTIME_ERROR, "invalid multinomial distribution (sum of probabilities <= 0)");
    }
    return 0;
}

/* Orders candidate indices by their key (keys) descending, NaN first as in
 * topk; ties keep the lower index first. PyTorch's topk leaves ties in the
 * order libstdc++'s nth_element gives, which we do not replay: ties only
 * happen between zero probabilities, when more samples are asked for
 * without replacement than a row has nonzero entries. */
static int by_key_desc(const void *a, const void *b, void *keys) {
    int64_t i = *(const int64_t *)a, j = *(const int64_t *)b;
    double x = ((const double *)keys)[i], y = ((const double *)keys)[j];
    bool xn = isnan(x), yn = isnan(y);
    if (xn != yn)
        return xn ? -1 : 1;
    if (x != y && !xn)
        return x > y ? -1 : 1;
    return i < j ? -1 : (i > j);
}

/* The Gumbel path: q = p / exponential_(1) in p's dtype, then the n
 * largest per row. p and q are (rows, cats) row-major doubles (q already
 * divided and rounded to p's dtype); out is (rows, n). */
static int gumbel_pick(const double *q, int64_t rows, int64_t cats, int64_t n, int64_t *out) {
    int64_t *idx = malloc((size_t)cats * sizeof *idx);
    CG_CHECK_INT(idx, CG_MEMORY_ERROR, "out of memory in multinomial");
    for (int64_t r = 0; r < rows; r++) {
        for (int64_t j = 0; j < cats; j++)
            idx[j] = j;
        qsort_r(idx, (size_t)cats, sizeof *idx, by_key_desc, (void *)(q + r * cats));
        for (int64_t k = 0; k < n; k++)
            out[r * n + k] = idx[k];
    }
    free(idx);
    return 0;
}

/* q = p / exponential_(1), drawn in p's layout and dtype; returns the
 * quotients row-major as doubles (malloc'd), or NULL. */
static double *gumbel_keys(cg_tensor *p, const double *pv, cg_rng *gen) {
    cg_tensor *e = cg_empty_like_preserve(p, p->dtype);
    cg_tensor *ed = NULL, *ec = NULL;
    double *q = NULL;
    if (e && cg_exponential_(e, 1.0, gen) == 0 && (ed = cg_contiguous(e)) != NULL
        && (ec = cg_to_device(ed, cg_device_cpu())) != NULL) {
        int64_t n = cg_tensor_numel(p);
        q = malloc((size_t)(n > 0 ? n : 1) * sizeof *q);
        if (!q)
            cg_error_set(CG_MEMORY_ERROR, "out of memory in multinomial");
        for (int64_t i = 0; q && i < n; i++) {
            if (p->dtype == CG_F32)
                q[i] = (float)pv[i] / ((const float *)cg_tensor_data(ec))[i];
            else
                q[i] = pv[i] / ((const double *)cg_tensor_data(ec))[i];
        }
    }
    cg_tensor_release(ec), cg_tensor_release(ed), cg_tensor_release(e);
    return q;
}

/* multinomial_with_replacement_apply: the running sum in the dtype T,
 * divided by the total, the last bucket forced to 1. */
#define CUMULATIVE(T)                                                                                            \
    static int cumulative_##T(const double *p, int64_t cats, double *cum) {                                      \
        T sum = 0;                                                                                               \
        for (int64_t j = 0; j < cats; j++) {                                                                     \
            T v = (T)p[j];                                                                                       \
            CG_CHECK_INT(v >= 0, CG_RUNTIME_ERROR,                                                               \
                         "invalid multinomial distribution (encountering probability entry < 0)");               \
            CG_CHECK_INT(isfinite(v), CG_RUNTIME_ERROR,                                                          \
                         "invalid multinomial distribution (encountering probability entry = "                   \
                         "infinity or NaN)");                                                                    \
            sum += v;                                                                                            \
            cum[j] = sum;                                                                                        \
        }                                                                                                        \
        CG_CHECK_INT(sum > 0, CG_RUNTIME_ERROR, "invalid multinomial distribution (sum of probabilities <= 0)"); \
        for (int64_t j = 0; j < cats; j++)                                                                       \
            cum[j] = (T)((T)cum[j] / sum);                                                                       \
        cum[cats - 1] = 1;                                                                                       \
        return 0;                                                                                                \
    }
CUMULATIVE(float)
CUMULATIVE(double)

static int with_replacement(const double *p, cg_dtype dt, int64_t rows, int64_t cats, int64_t n, int64_t *out,
                            cg_rng *g) {
    double *cum = malloc((size_t)cats * sizeof *cum);
    CG_CHECK_INT(cum, CG_MEMORY_ERROR, "out of memory in multinomial");
    for (int64_t r = 0; r < rows; r++) {
        int rc = dt == CG_F32 ? cumulative_float(p + r * cats, cats, cum) : cumulative_double(p + r * cats, cats, cum);
        if (rc < 0) {
            free(cum);
            return -1;
        }
        for (int64_t k = 0; k < n; k++) {
            double u = cg_uniform_f64(g);
            int64_t lo = 0, hi = cats; /* the first bucket whose sum is >= u */
            while (hi > lo) {
                int64_t mid = lo + (hi - lo) / 2;
                if (cum[mid] < u)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            out[r * n + k] = lo;
        }
    }
    free(cum);
    return 0;
}

/* The checks of the CPU's with-replacement path (the CUDA kernel asserts,
 * which would leave the device unusable): entries finite and >= 0, and no
 * row summing to zero. */
static int check_rows(const double *p, cg_dtype dt, int64_t rows, int64_t cats) {
    double *cum = malloc((size_t)cats * sizeof *cum);
    CG_CHECK_INT(cum, CG_MEMORY_ERROR, "out of memory in multinomial");
    int rc = 0;
    for (int64_t r = 0; r < rows && rc == 0; r++)
        rc = dt == CG_F32 ? cumulative_float(p + r * cats, cats, cum) : cumulative_double(p + r * cats, cats, cum);
    free(cum);
    return rc;
}

/* With replacement on p's device: p as (rows, cats), divided by its row
 * sums, their running sums, and the sampling kernel; int64 of shape (n,)
 * for a 1-d p or (rows, n), or NULL. */
static cg_tensor *with_replacement_device(cg_tensor *p, int64_t rows, int64_t cats, int64_t n, cg_rng *g) {
    int64_t in_sizes[2] = {rows, cats}, out_sizes[2] = {rows, n}, last = 1;
    cg_tensor *p2 = cg_reshape(p, 2, in_sizes);
    cg_tensor *pc = p2 ? cg_contiguous(p2) : NULL;
    cg_tensor *sum = pc ? cg_sum(pc, 1, &last, true) : NULL;
    cg_tensor *quot = sum ? cg_div(pc, sum) : NULL;
    cg_tensor *norm = quot ? cg_contiguous(quot) : NULL;
    cg_tensor *run = norm ? cg_cumsum(norm, 1) : NULL;
    cg_tensor *cum = run ? cg_contiguous(run) : NULL;
    cg_tensor *out = cum ? cg_tensor_empty(2, out_sizes, CG_INT64, cg_tensor_device(p)) : NULL;
    cg_tensor *res = out && cg_device_multinomial(out, norm, cum, g) == 0
                         ? (p->ndim == 1 ? cg_view(out, 1, &n) : cg_tensor_retain(out))
                         : NULL;
    cg_tensor_release(out), cg_tensor_release(cum), cg_tensor_release(run), cg_tensor_release(norm);
    cg_tensor_release(quot), cg_tensor_release(sum), cg_tensor_release(pc), cg_tensor_release(p2);
    return res;
}

/* p as row-major doubles (malloc'd), or NULL */
static double *values_of(cg_tensor *p) {
    cg_tensor *c = cg_to_dtype(p, CG_F64);
    cg_tensor *cc = c ? cg_contiguous(c) : NULL;
    cg_tensor *cpu = cc ? cg_to_device(cc, cg_device_cpu()) : NULL;
    int64_t n = cg_tensor_numel(p);
    double *v = cpu ? malloc((size_t)(n > 0 ? n : 1) * sizeof *v) : NULL;
    if (cpu && !v)
        cg_error_set(CG_MEMORY_ERROR, "out of memory in multinomial");
    for (int64_t i = 0; v && i < n; i++)
        v[i] = ((const double *)cg_tensor_data(cpu))[i];
    cg_tensor_release(cpu), cg_tensor_release(cc), cg_tensor_release(c);
    return v;
}

cg_tensor *cg_multinomial(cg_tensor *p, int64_t n, bool replacement, cg_rng *gen) {
    CG_CHECK(p->ndim >= 1 && p->ndim <= 2, CG_RUNTIME_ERROR, "prob_dist must be 1 or 2 dim");
    CG_CHECK(cg_dtype_is_float(p->dtype), CG_RUNTIME_ERROR,
             "multinomial only supports floating-point dtypes for input, got: %s", cg_dtype_legacy_name(p->dtype));
    CG_CHECK(n > 0, CG_RUNTIME_ERROR, "cannot sample n_sample <= 0 samples");
    int64_t cats = p->sizes[p->ndim - 1], rows = p->ndim == 2 ? p->sizes[0] : 1;
    CG_CHECK(replacement || n <= cats, CG_RUNTIME_ERROR,
             "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
    CG_CHECK(cats <= (1 << 24), CG_RUNTIME_ERROR, "number of categories cannot exceed 2^24");
    bool cpu = cg_tensor_device(p).type == CG_CPU;
    cg_rng *g = cpu ? cg_rng_cpu(gen) : cg_random_generator(p, gen);
    if (!g)
        return NULL;
    bool device = g->device.type != CG_CPU; /* drawn on p's device */
    bool gumbel = !replacement || (device && n == 1);
    cg_tensor *d = cg_detach(p);
    double *pv = d ? values_of(d) : NULL;
    int64_t sizes[2] = {rows, n};
    cg_tensor *out = NULL, *res = NULL;
    if (pv && !gumbel && device)
        res = check_rows(pv, p->dtype, rows, cats) == 0 ? with_replacement_device(d, rows, cats, n, g) : NULL;
    else if (pv)
        out = cg_tensor_empty(p->ndim, p->ndim == 2 ? sizes : &n, CG_INT64, cg_device_cpu());
    int rc = -1;
    if (out && gumbel) {
        double *q = check_gumbel_probs(pv, rows, cats) == 0 ? gumbel_keys(d, pv, g) : NULL;
        rc = q ? gumbel_pick(q, rows, cats, n, cg_tensor_data(out)) : -1;
        free(q);
    } else if (out) {
        rc = with_replacement(pv, p->dtype, rows, cats, n, cg_tensor_data(out), g);
    }
    free(pv);
    cg_tensor_release(d);
    if (out)
        res = rc == 0 ? cg_to_device(out, cg_tensor_device(p)) : NULL;
    cg_tensor_release(out);
    return res;
}
