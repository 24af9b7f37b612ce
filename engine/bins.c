/* bins.c: the binning ops, histc, histogram and searchsorted (bins.h).
 * None is differentiable; each reads its inputs as contiguous CPU arrays and
 * builds its results there, moved to the input's device at the end. Bin positions are computed in the
 * input's own float type, as PyTorch's kernels do, so that elements on a
 * bin's edge land where PyTorch puts them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "index_walk.h"
#include "ops.h"

/* t's elements as a malloc'd array of doubles (int64 when as_int) */
static void *read_all(cg_tensor *t, bool as_int) {
    int64_t n = cg_tensor_numel(t);
    cg_tensor *c = cg_index_to_cpu(t);
    cg_tensor *d = c ? cg_to_dtype(c, as_int ? CG_INT64 : CG_F64) : NULL;
    cg_tensor *e = d ? cg_contiguous(d) : NULL;
    void *out = e ? malloc((size_t)(n ? n : 1) * 8) : NULL;
    if (e && !out)
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
    if (out && n)
        memcpy(out, cg_tensor_data(e), (size_t)n * 8);
    cg_tensor_release(c), cg_tensor_release(d), cg_tensor_release(e);
    return out;
}

/* a CPU result of values (doubles or int64) as dtype dt on dev */
static cg_tensor *result(int ndim, const int64_t *sizes, const void *v, bool is_int, cg_dtype dt, cg_device dev) {
    cg_tensor *t = cg_tensor_from_buffer(ndim, sizes, is_int ? CG_INT64 : CG_F64, v);
    cg_tensor *r = t && t->dtype != dt ? cg_to_dtype(t, dt) : (t ? cg_tensor_retain(t) : NULL);
    cg_tensor_release(t);
    if (r && !cg_device_equal(dev, cg_device_cpu())) {
        cg_tensor *m = cg_to_device(r, dev);
        cg_tensor_release(r);
        r = m;
    }
    return r;
}

/* ---- histc / histogram ------------------------------------------------------------------ */

/* C++'s stream form of a double (6 significant digits, "-nan" for NaN) */
static const char *num_str(double v, char *buf, size_t n) {
    if (isnan(v))
        return "-nan";
    snprintf(buf, n, "%g", v);
    return buf;
}

/* the data's min and max, NaN propagating */
static void data_range(const double *v, int64_t n, double *lo, double *hi) {
    *lo = *hi = 0;
    for (int64_t i = 0; i < n; i++) {
        if (i == 0 || isnan(v[i]) || v[i] < *lo)
            *lo = isnan(*lo) ? *lo : v[i];
        if (i == 0 || isnan(v[i]) || v[i] > *hi)
            *hi = isnan(*hi) ? *hi : v[i];
    }
}

/* hist[bins] of v by linear bins over [lo, hi] in x's float type; edges
 * (bins + 1, the linspace) correct the position when local_search; sorted
 * edges searched instead when search */
static void fill_hist(const double *v, const double *w, int64_t n, int64_t bins, double lo, double hi,
                      const double *edges, bool local_search, bool search, bool f32, double *hist) {
    for (int64_t i = 0; i < n; i++) {
        double e = v[i];
        if (!(e >= edges[0] && e <= edges[bins]))
            continue;
        int64_t pos;
        if (search) {
            int64_t a = 0, b = bins + 1; /* upper bound */
            while (a < b) {
                int64_t m = a + (b - a) / 2;
                if (!(edges[m] > e))
                    a = m + 1;
                else
                    b = m;
            }
            pos = a - 1;
        } else if (f32) {
            pos = (int64_t)(((float)e - (float)lo) * (float)bins / ((float)hi - (float)lo));
        } else {
            pos = (int64_t)((e - lo) * (double)bins / (hi - lo));
        }
        if (local_search && !search) {
            if (pos > 0 && pos <= bins && e < edges[pos])
                pos--;
            else if (pos < bins && e >= edges[pos + 1])
                pos++;
        }
        if (pos >= bins)
            pos = bins - 1;
        if (pos < 0)
            pos = 0;
        double add = w ? w[i] : 1.0;
        hist[pos] = f32 ? (double)((float)hist[pos] + (float)add) : hist[pos] + add;
    }
}

/* edges (bins + 1) of the linspace over [lo, hi] in dt, read back */
static double *lin_edges(double lo, double hi, int64_t bins, cg_dtype dt, cg_tensor **t) {
    *t = cg_linspace(lo, hi, bins + 1, dt, cg_device_cpu());
    return *t ? read_all(*t, false) : NULL;
}

cg_tensor *cg_histc(cg_tensor *x, int64_t bins, double min, double max) {
    CG_CHECK(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR, "\"histogram_cpu\" not implemented for '%s'",
             cg_dtype_legacy_name(x->dtype));
    CG_CHECK(bins > 0, CG_RUNTIME_ERROR, "torch.histogram(): bins must be > 0, but got %lld for dimension 0",
             (long long)bins);
    CG_CHECK(!(min > max), CG_RUNTIME_ERROR, "torch.histc: max must be larger than min");
    int64_t n = cg_tensor_numel(x);
    double *v = read_all(x, false);
    if (!v)
        return NULL;
    if (min == max && n > 0)
        data_range(v, n, &min, &max);
    if (min == max) {
        min -= 1;
        max += 1;
    }
    if (!isfinite(min) || !isfinite(max)) {
        char a[32], b[32];
        cg_error_set(CG_RUNTIME_ERROR, "torch.histc: range of [%s, %s] is not finite", num_str(min, a, sizeof a),
                     num_str(max, b, sizeof b));
        free(v);
        return NULL;
    }
    cg_tensor *et;
    double *edges = lin_edges(min, max, bins, x->dtype, &et);
    double *hist = edges ? calloc((size_t)bins, sizeof *hist) : NULL;
    cg_tensor *r = NULL;
    if (hist) {
        fill_hist(v, NULL, n, bins, edges[0], edges[bins], edges, false, false, x->dtype == CG_F32, hist);
        r = result(1, &bins, hist, false, x->dtype, cg_tensor_device(x));
    }
    cg_tensor_release(et);
    free(v), free(edges), free(hist);
    return r;
}

int cg_histogram(cg_tensor *x, int64_t bins, cg_tensor *edges_t, const double *range, cg_tensor *weight, bool density,
                 cg_tensor **hist_out, cg_tensor **edges_out) {
    *hist_out = *edges_out = NULL;
    CG_CHECK_INT(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR, "\"histogramdd\" not implemented for '%s'",
                 cg_dtype_legacy_name(x->dtype));
    if (edges_t) {
        CG_CHECK_INT(edges_t->dtype == x->dtype, CG_RUNTIME_ERROR,
                     "torch.histogramdd: input tensor and bins tensors should have the same dtype, but got input %s "
                     "and bins %s",
                     cg_dtype_name(x->dtype), cg_dtype_name(edges_t->dtype));
        CG_CHECK_INT(edges_t->ndim == 1, CG_RUNTIME_ERROR,
                     "torch.histogramdd: bins tensor should have one dimension, but got %d dimensions in the bins "
                     "tensor for dimension 0",
                     edges_t->ndim);
        bins = cg_tensor_numel(edges_t) - 1;
        CG_CHECK_INT(bins > 0, CG_RUNTIME_ERROR,
                     "torch.histogramdd: bins tensor should have at least 1 element, but got %lld elements in the "
                     "bins tensor for dimension 0",
                     (long long)(bins + 1));
    } else {
        CG_CHECK_INT(bins > 0, CG_RUNTIME_ERROR, "torch.histogramdd(): bins must be > 0, but got %lld for dimension 0",
                     (long long)bins);
    }
    int64_t n = cg_tensor_numel(x);
    CG_CHECK_INT(!weight || (weight->ndim == x->ndim && memcmp(weight->sizes, x->sizes, (size_t)x->ndim * 8) == 0),
                 CG_RUNTIME_ERROR,
                 "torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor "
                 "excluding its innermost dimension, but got input with shape %s and weight with shape %s",
                 "", "");
    double *v = read_all(x, false);
    double *w = v && weight ? read_all(weight, false) : NULL;
    if (!v || (weight && !w)) {
        free(v), free(w);
        return -1;
    }
    cg_tensor *et = NULL;
    double *edges = NULL;
    double lo, hi;
    if (edges_t) {
        et = cg_tensor_retain(edges_t);
        edges = read_all(edges_t, false);
    } else {
        if (range) {
            lo = range[0], hi = range[1];
        } else {
            data_range(v, n, &lo, &hi);
        }
        if (range && lo > hi) {
            char a[32], b[32];
            cg_error_set(CG_RUNTIME_ERROR,
                         "torch.histogramdd(): min should not exceed max, but got min %s max %s for dimension 0",
                         num_str(lo, a, sizeof a), num_str(hi, b, sizeof b));
        } else if (!isfinite(lo) || !isfinite(hi)) {
            char a[32], b[32];
            cg_error_set(CG_RUNTIME_ERROR, "torch.histogramdd(): range of [%s, %s] is not finite",
                         num_str(lo, a, sizeof a), num_str(hi, b, sizeof b));
        } else {
            if (lo == hi) {
                lo -= 0.5;
                hi += 0.5;
            }
            edges = lin_edges(lo, hi, bins, x->dtype, &et);
        }
    }
    double *hist = edges ? calloc((size_t)bins, sizeof *hist) : NULL;
    int rc = -1;
    if (hist) {
        fill_hist(v, w, n, bins, edges[0], edges[bins], edges, true, edges_t != NULL, x->dtype == CG_F32, hist);
        cg_tensor *h = result(1, &bins, hist, false, x->dtype, cg_tensor_device(x));
        if (h && density) {
            cg_tensor *s = cg_sum(h, 0, NULL, false);
            cg_tensor *q = s ? cg_div(h, s) : NULL;
            cg_tensor *hi_e = q ? cg_narrow(et, 0, 1, bins) : NULL;
            cg_tensor *lo_e = hi_e ? cg_narrow(et, 0, 0, bins) : NULL;
            cg_tensor *wd = lo_e ? cg_sub(hi_e, lo_e, cg_scalar_int(1)) : NULL;
            cg_tensor *wdd = wd ? cg_to_device(wd, cg_tensor_device(x)) : NULL;
            cg_tensor *d = wdd ? cg_div(q, wdd) : NULL;
            cg_tensor_release(s), cg_tensor_release(q), cg_tensor_release(hi_e), cg_tensor_release(lo_e);
            cg_tensor_release(wd), cg_tensor_release(wdd), cg_tensor_release(h);
            h = d;
        }
        cg_tensor *e = h ? cg_to_device(et, cg_tensor_device(x)) : NULL;
        cg_tensor *ec = e && edges_t ? cg_clone(e) : (e ? cg_tensor_retain(e) : NULL);
        cg_tensor_release(e);
        if (h && ec) {
            *hist_out = h, *edges_out = ec;
            rc = 0;
        } else {
            cg_tensor_release(h), cg_tensor_release(ec);
        }
    }
    cg_tensor_release(et);
    free(v), free(w), free(edges), free(hist);
    return rc;
}

/* ---- searchsorted --------------------------------------------------------------------------- */

cg_tensor *cg_searchsorted(cg_tensor *sorted, cg_tensor *values, bool right, cg_tensor *sorter, bool out_int32) {
    char a[128], b[128];
    if (sorted->ndim != 1) {
        bool ok = sorted->ndim == values->ndim && sorted->ndim > 0;
        for (int d = 0; ok && d < sorted->ndim - 1; d++)
            ok = sorted->sizes[d] == values->sizes[d];
        CG_CHECK(ok, CG_RUNTIME_ERROR,
                 "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of "
                 "boundaries tensor and input value tensor must match, but we got boundaries tensor %s and input "
                 "value tensor %s",
                 cg_sizes_str(sorted->ndim, sorted->sizes, a, sizeof a),
                 cg_sizes_str(values->ndim, values->sizes, b, sizeof b));
    }
    if (sorter) {
        CG_CHECK(sorter->dtype == CG_INT64, CG_RUNTIME_ERROR,
                 "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype %s",
                 cg_dtype_legacy_name(sorter->dtype));
        bool same = sorter->ndim == sorted->ndim;
        for (int d = 0; same && d < sorted->ndim; d++)
            same = sorter->sizes[d] == sorted->sizes[d];
        CG_CHECK(same, CG_RUNTIME_ERROR,
                 "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor %s and "
                 "got sorter tensor %s",
                 cg_sizes_str(sorted->ndim, sorted->sizes, a, sizeof a),
                 cg_sizes_str(sorter->ndim, sorter->sizes, b, sizeof b));
    }
    int64_t len = sorted->ndim ? sorted->sizes[sorted->ndim - 1] : 1;
    int64_t nv = cg_tensor_numel(values);
    int64_t vrow = sorted->ndim == 1 ? nv : (values->ndim ? values->sizes[values->ndim - 1] : 1);
    double *s = read_all(sorted, false);
    double *v = s ? read_all(values, false) : NULL;
    int64_t *o = v && sorter ? read_all(sorter, true) : NULL;
    int64_t *out = v && (!sorter || o) ? malloc((size_t)(nv ? nv : 1) * 8) : NULL;
    cg_tensor *r = NULL;
    if (out) {
        for (int64_t i = 0; i < nv; i++) {
            int64_t row = vrow ? i / vrow : 0, base = sorted->ndim == 1 ? 0 : row * len;
            int64_t lo = 0, hi = len;
            while (lo < hi) {
                int64_t m = lo + (hi - lo) / 2;
                int64_t k = o ? base + o[base + m] : base + m;
                double mv = s[k];
                bool go_right = right ? !(mv > v[i]) : !(mv >= v[i]);
                if (go_right)
                    lo = m + 1;
                else
                    hi = m;
            }
            out[i] = lo;
        }
        r = result(values->ndim, values->sizes, out, true, out_int32 ? CG_INT32 : CG_INT64, cg_tensor_device(values));
    }
    free(s), free(v), free(o), free(out);
    return r;
}
