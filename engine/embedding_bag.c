/* embedding_bag.c: F.embedding_bag (node EmbeddingBagBackward0): the rows
 * of weight looked up by indices, summed, averaged or maxed per bag, and
 * the kernels of its derivatives (the weight's, PyTorch 1.13's
 * _embedding_bag_dense_backward, and the per-sample weights',
 * _embedding_bag_per_sample_weights_backward), rows of their own that are
 * not differentiable again, as in PyTorch. Not here: sparse gradients.
 *
 * Note [Embedding bags in PyTorch's order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The bookkeeping (which bag each index is in, each bag's size after its
 * padding indices are left out) is plain C over the indices on the host.
 * Each bag is then accumulated from zeros in the order of its indices, as
 * ATen's CPU loops do:
 *  - without per_sample_weights every row is added (ATen's axpy with alpha
 *    1 and caffe2's fma with weight 1 both round as one add);
 *  - with per_sample_weights on float32 with no padding_idx ATen takes
 *    caffe2's EmbeddingLookupIdx, one fma per element (fast path); with a
 *    padding_idx, and on float64, its plain loop, a product then a sum;
 *  - 'mean' divides each bag by its size (at least 1) in the dtype;
 *  - 'max' keeps the first maximum (a NaN after the first row is skipped)
 *    and the row it came from.
 * The weight's gradient runs over the indices sorted as ATen sorts them
 * (unstably, Note [Introsort]) and adds grad[bag] * scale with ATen's
 * axpy, which rounds as one fma per element here (its vectorised kernel,
 * not OpenBLAS's), scale formed in double and rounded to the dtype; with
 * scale_grad_by_freq 1.13 divides by counts[sorted_indices[u]] where u is
 * the number of the group of equal indices (not its first position), and
 * this file does the same. 'max' adds each column's gradient into the row
 * that won it, bags left empty skipped. The per-sample weights' gradient is
 * the BLAS dot of grad[bag] with weight[index]. On CUDA the adds are atomic
 * and the order is not the CPU's. */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "introsort.h"
#include "ops.h"

/* ---- the kernels ------------------------------------------------------------------------------ */

/* in[0] weight [num, D] (strided), in[1] indices [n] int64, in[2] bag
 * starts [B+1] int64, in[3] per-sample weights [n] or absent; out[0] zeros
 * [B, D] contiguous, out[1] zeros [B, D] int64 ('max'); args->i: mode,
 * padding_idx, fma (caffe2's fast path) */
/* o += scale * row: ATen's plain loop (a product, then a sum: this file is
 * built without FMA contraction) */
static void scale_add_f32(int64_t d, float a, const float *row, int64_t s1, float *o) {
    for (int64_t j = 0; j < d; j++)
        o[j] += row[j * s1] * a;
}
static void scale_add_f64(int64_t d, double a, const double *row, int64_t s1, double *o) {
    for (int64_t j = 0; j < d; j++)
        o[j] += row[j * s1] * a;
}

#define BAG_SUM(name, T, FMA, SCALE_ADD)                                                                  \
    static void name(const cg_kernel_call *c) {                                                           \
        const cg_tensor *w = c->in[0];                                                                    \
        const T *wd = (const T *)cg_tensor_data(w);                                                       \
        const int64_t *idx = (const int64_t *)cg_tensor_data(c->in[1]);                                   \
        const int64_t *starts = (const int64_t *)cg_tensor_data(c->in[2]);                                \
        const T *psw = c->nin > 3 ? (const T *)cg_tensor_data(c->in[3]) : NULL;                           \
        T *out = (T *)cg_tensor_data(c->out[0]);                                                          \
        int64_t B = c->out[0]->sizes[0], d = c->out[0]->sizes[1], s0 = w->strides[0], s1 = w->strides[1]; \
        int64_t mode = c->args->i[0], pad = c->args->i[1];                                                \
        bool fast = c->args->i[2] != 0;                                                                   \
        for (int64_t b = 0; b < B; b++) {                                                                 \
            T *o = out + b * d;                                                                           \
            int64_t size = 0;                                                                             \
            for (int64_t i = starts[b]; i < starts[b + 1]; i++) {                                         \
                if (idx[i] == pad)                                                                        \
                    continue;                                                                             \
                size++;                                                                                   \
                const T *row = wd + idx[i] * s0;                                                          \
                if (psw && fast) {                                                                        \
                    for (int64_t j = 0; j < d; j++)                                                       \
                        o[j] = FMA(psw[i], row[j * s1], o[j]);                                            \
                } else if (psw) {                                                                         \
                    SCALE_ADD(d, psw[i], row, s1, o);                                                     \
                } else {                                                                                  \
                    for (int64_t j = 0; j < d; j++)                                                       \
                        o[j] += row[j * s1];                                                              \
                }                                                                                         \
            }                                                                                             \
            if (mode == 1) {                                                                              \
                T n = (T)(size > 1 ? size : 1);                                                           \
                for (int64_t j = 0; j < d; j++)                                                           \
                    o[j] = o[j] / n;                                                                      \
            }                                                                                             \
        }                                                                                                 \
    }
#define BAG_MAX(name, T)                                                                                  \
    static void name(const cg_kernel_call *c) {                                                           \
        const cg_tensor *w = c->in[0];                                                                    \
        const T *wd = (const T *)cg_tensor_data(w);                                                       \
        const int64_t *idx = (const int64_t *)cg_tensor_data(c->in[1]);                                   \
        const int64_t *starts = (const int64_t *)cg_tensor_data(c->in[2]);                                \
        T *out = (T *)cg_tensor_data(c->out[0]);                                                          \
        int64_t *arg = (int64_t *)cg_tensor_data(c->out[1]);                                              \
        int64_t B = c->out[0]->sizes[0], d = c->out[0]->sizes[1], s0 = w->strides[0], s1 = w->strides[1]; \
        int64_t pad = c->args->i[1];                                                                      \
        for (int64_t b = 0; b < B; b++) {                                                                 \
            bool first = true;                                                                            \
            for (int64_t i = starts[b]; i < starts[b + 1]; i++) {                                         \
                if (idx[i] == pad)                                                                        \
                    continue;                                                                             \
                const T *row = wd + idx[i] * s0;                                                          \
                for (int64_t j = 0; j < d; j++) {                                                         \
                    if (first || row[j * s1] > out[b * d + j]) {                                          \
                        out[b * d + j] = row[j * s1];                                                     \
                        arg[b * d + j] = idx[i];                                                          \
                    }                                                                                     \
                }                                                                                         \
                first = false;                                                                            \
            }                                                                                             \
        }                                                                                                 \
    }
BAG_SUM(bag_sum_f32, float, fmaf, scale_add_f32)
BAG_SUM(bag_sum_f64, double, fma, scale_add_f64)
BAG_MAX(bag_max_f32, float)
BAG_MAX(bag_max_f64, double)

void cg_cpu_embedding_bag(const cg_kernel_call *c) {
    bool f32 = c->out[0]->dtype == CG_F32;
    if (c->args->i[0] == 2)
        (f32 ? bag_max_f32 : bag_max_f64)(c);
    else
        (f32 ? bag_sum_f32 : bag_sum_f64)(c);
}

/* y += a * x, one fma per element as ATen's axpy rounds here */
static void axpy_any(cg_dtype dt, int64_t n, double a, const void *x, void *y) {
    if (dt == CG_F32) {
        const float *xf = x;
        float *yf = y, af = (float)a;
        for (int64_t j = 0; j < n; j++)
            yf[j] = fmaf(af, xf[j], yf[j]);
    } else {
        const double *xd = x;
        double *yd = y;
        for (int64_t j = 0; j < n; j++)
            yd[j] = fma(a, xd[j], yd[j]);
    }
}

/* sum and mean, in ATen's order (Note [Embedding bags in PyTorch's order]) */
static void bag_backward_sum_mean(const cg_kernel_call *c) {
    const int64_t *idx = (const int64_t *)cg_tensor_data(c->in[1]);
    const int64_t *bag = (const int64_t *)cg_tensor_data(c->in[2]);
    const cg_tensor *aux = c->nin > 3 ? c->in[3] : NULL;
    int64_t n = c->in[1]->sizes[0], d = c->out[0]->sizes[1], num = c->out[0]->sizes[0];
    int64_t mode = c->args->i[0], pad = c->args->i[1];
    bool by_freq = c->args->i[2] != 0;
    cg_dtype dt = c->out[0]->dtype;
    size_t es = cg_dtype_size(dt);
    char *gw = cg_tensor_data(c->out[0]);
    const char *g = cg_tensor_data(c->in[0]);
    cg_keyed *order = malloc((size_t)(n ? n : 1) * sizeof *order);
    int64_t *counts = calloc((size_t)(num ? num : 1), sizeof *counts);
    if (!order || !counts) {
        free(order), free(counts);
        cg_error_set(CG_RUNTIME_ERROR, "out of memory in embedding_bag's backward");
        cg_cpu_kernel_fail();
        return;
    }
    for (int64_t i = 0; i < n; i++)
        order[i] = (cg_keyed){idx[i], i}, counts[idx[i]]++;
    cg_introsort_keyed(order, n);
    for (int64_t start = 0, group = 0; start < n; group++) {
        int64_t k = order[start].key, end = start + counts[k];
        for (int64_t j = start; k != pad && j < end; j++) {
            int64_t src = bag[order[j].pos];
            double scale = 1.0;
            if (aux && mode == 0)
                scale = dt == CG_F32 ? ((const float *)cg_tensor_data(aux))[order[j].pos]
                                     : ((const double *)cg_tensor_data(aux))[order[j].pos];
            if (by_freq)
                scale /= (double)counts[order[group].key];
            if (aux && mode == 1) {
                int64_t size = ((const int64_t *)cg_tensor_data(aux))[src];
                if (size != 0)
                    scale /= (double)size;
            }
            axpy_any(dt, d, scale, g + (size_t)(src * d) * es, gw + (size_t)(k * d) * es);
        }
        start = end;
    }
    free(order), free(counts);
}

/* 'max': in[1] bag sizes [B], in[2] the rows that won [B, D] */
#define BAG_BACKWARD_MAX(name, T)                                        \
    static void name(const cg_kernel_call *c) {                          \
        const T *g = (const T *)cg_tensor_data(c->in[0]);                \
        const int64_t *size = (const int64_t *)cg_tensor_data(c->in[1]); \
        const int64_t *arg = (const int64_t *)cg_tensor_data(c->in[2]);  \
        T *gw = (T *)cg_tensor_data(c->out[0]);                          \
        int64_t B = c->in[0]->sizes[0], d = c->in[0]->sizes[1];          \
        for (int64_t j = 0; j < d; j++)                                  \
            for (int64_t b = 0; b < B; b++)                              \
                if (size[b] != 0)                                        \
                    gw[arg[b * d + j] * d + j] += g[b * d + j];          \
    }
BAG_BACKWARD_MAX(bag_backward_max_f32, float)
BAG_BACKWARD_MAX(bag_backward_max_f64, double)

/* in[0] grad [B, D] contiguous; sum/mean: in[1] indices [n], in[2] bag of
 * each index [n], in[3] per-sample weights (sum) or bag sizes (mean) or
 * absent; max: in[1] bag sizes, in[2] the rows that won; out[0] zeros
 * [num_weights, D]; args->i: mode, padding_idx, scale_grad_by_freq */
void cg_cpu_embedding_bag_backward(const cg_kernel_call *c) {
    if (c->args->i[0] != 2)
        bag_backward_sum_mean(c);
    else if (c->out[0]->dtype == CG_F32)
        bag_backward_max_f32(c);
    else
        bag_backward_max_f64(c);
}

/* in[0] grad [B, D] (strided), in[1] weight [num, D] (strided), in[2]
 * indices [n], in[3] bag of each index [n]; out[0] zeros [n]; args->i[1]
 * padding_idx */
void cg_cpu_embedding_bag_psw_backward(const cg_kernel_call *c) {
    const cg_tensor *g = c->in[0], *w = c->in[1];
    const int64_t *idx = (const int64_t *)cg_tensor_data(c->in[2]);
    const int64_t *bag = (const int64_t *)cg_tensor_data(c->in[3]);
    int64_t n = c->in[2]->sizes[0], d = g->sizes[1], pad = c->args->i[1];
    /* ATen's dot passes unit strides when there is one element */
    int gi = d == 1 ? 1 : (int)g->strides[1], wi = d == 1 ? 1 : (int)w->strides[1];
    for (int64_t i = 0; i < n; i++) {
        if (idx[i] == pad)
            continue;
        if (g->dtype == CG_F32)
            ((float *)cg_tensor_data(c->out[0]))[i] =
                cblas_sdot((int)d, (const float *)cg_tensor_data(g) + bag[i] * g->strides[0], gi,
                           (const float *)cg_tensor_data(w) + idx[i] * w->strides[0], wi);
        else
            ((double *)cg_tensor_data(c->out[0]))[i] =
                cblas_ddot((int)d, (const double *)cg_tensor_data(g) + bag[i] * g->strides[0], gi,
                           (const double *)cg_tensor_data(w) + idx[i] * w->strides[0], wi);
    }
}

/* ---- frontends -------------------------------------------------------------------------------- */

static cg_tensor *host_i64_new(int64_t n) { return cg_zeros(1, &n, CG_INT64, cg_device_cpu()); }

/* The host bookkeeping of one call (Note [Embedding bags in PyTorch's order]) */
typedef struct {
    int64_t n, nofs, B;
    cg_tensor *idx;    /* [n] the indices */
    cg_tensor *offs;   /* [nofs] the offsets */
    cg_tensor *starts; /* [B+1] the first index of each bag, then n */
    cg_tensor *bag;    /* [n] the bag of each index (ATen's offset2bag) */
    cg_tensor *size;   /* [B] each bag's size, padding indices left out */
} bag_plan;

static void bag_plan_free(bag_plan *p) {
    cg_tensor_release(p->idx), cg_tensor_release(p->offs), cg_tensor_release(p->starts);
    cg_tensor_release(p->bag), cg_tensor_release(p->size);
}

/* ATen's check_arguments, in its order, on host copies of the indices */
static int check_bag_arguments(cg_tensor *weight, cg_tensor *indices, cg_tensor *offsets, int64_t mode, cg_tensor *psw,
                               bool include_last, bag_plan *p) {
    cg_dtype it = cg_dtype_promote(indices->dtype, offsets->dtype);
    CG_CHECK_INT(it == CG_INT64 || it == CG_INT32, CG_RUNTIME_ERROR,
                 "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; "
                 "but got torch.%sTensor instead (while checking arguments for embedding_bag)",
                 cg_dtype_legacy_name(it));
    CG_CHECK_INT(weight->dtype == CG_F32 || weight->dtype == CG_F64, CG_RUNTIME_ERROR,
                 "Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, Float, "
                 "Double; but got torch.%sTensor instead (while checking arguments for embedding_bag)",
                 cg_dtype_legacy_name(weight->dtype));
    if (!(p->idx = cg_host_int64(indices)) || !(p->offs = cg_host_int64(offsets)))
        return -1;
    p->n = cg_tensor_numel(indices), p->nofs = offsets->ndim ? offsets->sizes[0] : 1;
    const int64_t *o = cg_tensor_data(p->offs);
    if (p->nofs > 0) {
        CG_CHECK_INT(o[0] == 0, CG_RUNTIME_ERROR,
                     "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from position 0. "
                     "However, got %lld\n[ torch.%sTensor{} ]",
                     (long long)o[0], cg_dtype_legacy_name(it));
        CG_CHECK_INT(o[p->nofs - 1] <= p->n, CG_RUNTIME_ERROR,
                     "offsets[-1] can not be greater than input's length %lld but got offsets[-1] of %lld",
                     (long long)p->n, (long long)o[p->nofs - 1]);
    }
    if (psw) {
        CG_CHECK_INT(mode == 0, CG_RUNTIME_ERROR, "embedding_bag: per_sample_weights only supported with mode='sum'");
        CG_CHECK_INT(psw->dtype == weight->dtype, CG_RUNTIME_ERROR,
                     "Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 "
                     "'per_sample_weights'; but type torch.%sTensor does not equal torch.%sTensor (while checking "
                     "arguments for embedding_bag)",
                     cg_dtype_legacy_name(weight->dtype), cg_dtype_legacy_name(psw->dtype));
        CG_CHECK_INT(psw->ndim == 1, CG_RUNTIME_ERROR,
                     "Expected per_sample_weights.value().dim() == 1 to be true, but got false.  (Could this error "
                     "message be improved?  If so, please report an enhancement request to PyTorch.)");
        CG_CHECK_INT(cg_tensor_numel(psw) == p->n, CG_RUNTIME_ERROR,
                     "Expected per_sample_weights.value().numel() == indices.numel() to be true, but got false.  "
                     "(Could this error message be improved?  If so, please report an enhancement request to "
                     "PyTorch.)");
    }
    CG_CHECK_INT(!include_last || p->nofs >= 1, CG_RUNTIME_ERROR,
                 "include_last_offset: number of offset should be at least 1");
    return 0;
}

/* Each index in range, with the message of the loop ATen takes (caffe2's
 * lookup on its fast path) */
static int check_bag_indices(const bag_plan *p, int64_t num, bool fast_path) {
    const int64_t *idx = cg_tensor_data(p->idx), *bag = cg_tensor_data(p->bag), *st = cg_tensor_data(p->starts);
    for (int64_t i = 0; i < p->n; i++) {
        if (idx[i] >= 0 && idx[i] < num)
            continue;
        /* caffe2 counts from the start of its thread's range of bags: one
         * bag each when there are as many threads as bags */
        if (fast_path)
            return cg_error_set(CG_RUNTIME_ERROR,
                                "[enforce fail at embedding_lookup_idx.cc:214] 0 <= idx && idx < data_size. Index %lld "
                                "is out of bounds: %lld, range 0 to %lld",
                                (long long)(i - st[bag[i]]), (long long)idx[i], (long long)num),
                   -1;
        return cg_error_set(CG_RUNTIME_ERROR,
                            "embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be %lld",
                            (long long)idx[i]),
               -1;
    }
    return 0;
}

/* starts, bag and size from the offsets; offsets out of order make empty
 * bags rather than reads out of range */
static int plan_bags(bag_plan *p, bool include_last, int64_t pad) {
    p->B = include_last ? p->nofs - 1 : p->nofs;
    if (!(p->starts = host_i64_new(p->B + 1)) || !(p->bag = host_i64_new(p->n)) || !(p->size = host_i64_new(p->B)))
        return -1;
    const int64_t *o = cg_tensor_data(p->offs), *idx = cg_tensor_data(p->idx);
    int64_t *st = cg_tensor_data(p->starts), *bag = cg_tensor_data(p->bag), *size = cg_tensor_data(p->size);
    for (int64_t b = 0; b < p->B; b++) {
        int64_t s = o[b] < 0 ? 0 : o[b] > p->n ? p->n : o[b];
        st[b] = b > 0 && s < st[b - 1] ? st[b - 1] : s;
    }
    st[p->B] = p->n;
    for (int64_t b = 0; b < p->B; b++)
        for (int64_t i = st[b]; i < st[b + 1]; i++)
            bag[i] = b, size[b] += idx[i] != pad;
    return 0;
}

/* t on device dev (a new reference) */
static cg_tensor *on_device(cg_tensor *t, cg_device dev) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *r = cg_to_device(t, dev);
    cg_grad_set_enabled(was);
    return r;
}

/* The three other results of torch.embedding_bag, as ATen fills them */
static int bag_extras(const bag_plan *p, int64_t mode, bool fast_path, bool requires_grad, cg_tensor *argmax,
                      cg_device dev, cg_tensor **extras) {
    int64_t zero = 0;
    cg_tensor *o2b = mode == 0 && fast_path ? cg_zeros(1, &zero, CG_INT64, dev) : on_device(p->bag, dev);
    cg_tensor *size = NULL;
    if (mode != 0)
        size = on_device(p->size, dev);
    else
        size = cg_zeros(1, requires_grad ? &p->B : &p->nofs, CG_INT64, dev);
    cg_tensor *mi = mode == 2 ? cg_tensor_retain(argmax) : size ? cg_clone(size) : NULL;
    if (!o2b || !size || !mi) {
        cg_tensor_release(o2b), cg_tensor_release(size), cg_tensor_release(mi);
        return -1;
    }
    extras[0] = o2b, extras[1] = size, extras[2] = mi;
    return 0;
}

static cg_tensor *record_bag(cg_tensor *out, cg_tensor *weight, cg_tensor *psw, const bag_plan *p, cg_tensor *argmax,
                             int64_t mode, int64_t pad, bool by_freq, cg_device dev) {
    cg_tensor *idx = on_device(p->idx, dev), *bag = on_device(p->bag, dev), *size = on_device(p->size, dev);
    if (!idx || !bag || !size) {
        cg_tensor_release(idx), cg_tensor_release(bag), cg_tensor_release(size), cg_tensor_release(out);
        return NULL;
    }
    cg_op_args args = {.i = {mode, pad, by_freq, weight->sizes[0]}, .flag = psw != NULL};
    cg_save_spec save[] = {{idx, "indices"},
                           {bag, "result1"},
                           {size, "result2"},
                           {argmax, "result3"},
                           {psw ? weight : NULL, "weight"},
                           {psw, "per_sample_weights"}};
    out = cg_ew_record(out, CG_OP_EMBEDDING_BAG, psw ? 2 : 1, (cg_tensor *[]){weight, psw}, 6, save, &args);
    cg_tensor_release(idx), cg_tensor_release(bag), cg_tensor_release(size);
    return out;
}

static cg_tensor *run_bag(cg_tensor *weight, cg_tensor *psw, const bag_plan *p, int64_t mode, int64_t pad, bool fast,
                          cg_tensor **argmax) {
    cg_device dev = cg_tensor_device(weight);
    int64_t sizes[2] = {p->B, weight->sizes[1]};
    cg_tensor *out = cg_zeros(2, sizes, weight->dtype, dev);
    cg_tensor *am = mode == 2 ? cg_zeros(2, sizes, CG_INT64, dev) : NULL;
    cg_tensor *idx = on_device(p->idx, dev), *starts = on_device(p->starts, dev);
    int rc = out && (mode != 2 || am) && idx && starts ? 0 : -1;
    if (rc == 0) {
        cg_op_args args = {.i = {mode, pad, fast}};
        cg_kernel_call call = {.op = CG_OP_EMBEDDING_BAG,
                               .nout = mode == 2 ? 2 : 1,
                               .nin = psw ? 4 : 3,
                               .out = {out, am},
                               .in = {weight, idx, starts, psw},
                               .args = &args};
        rc = cg_op_run(&call);
    }
    cg_tensor_release(idx), cg_tensor_release(starts);
    if (rc < 0) {
        cg_tensor_release(out), cg_tensor_release(am);
        return NULL;
    }
    *argmax = am;
    return out;
}

cg_tensor *cg_embedding_bag(cg_tensor *weight, cg_tensor *indices, cg_tensor *offsets, bool scale_grad_by_freq,
                            int64_t mode, cg_tensor *psw, bool include_last_offset, bool has_padding,
                            int64_t padding_idx, cg_tensor **extras) {
    CG_CHECK(weight->ndim == 2, CG_RUNTIME_ERROR, "'weight' must be 2-D");
    int64_t num = weight->sizes[0];
    if (has_padding) {
        CG_CHECK(padding_idx >= -num && padding_idx < num, CG_RUNTIME_ERROR,
                 "padding_idx must be within the number of embeddings, -%lld through %lld, but got %lld",
                 (long long)num, (long long)(num - 1), (long long)padding_idx);
        padding_idx = padding_idx < 0 ? padding_idx + num : padding_idx;
    } else {
        padding_idx = -1;
    }
    CG_CHECK(indices->ndim == 1 || indices->ndim == 2, CG_RUNTIME_ERROR,
             "input has to be a 1D or 2D Tensor, but got Tensor of dimension %d", indices->ndim);
    CG_CHECK(indices->ndim != 1 || offsets->ndim == 1, CG_RUNTIME_ERROR,
             "offsets has to be a 1D Tensor, but got Tensor of dimension %d", offsets->ndim);
    CG_CHECK(mode >= 0 && mode <= 2, CG_RUNTIME_ERROR, "Unknown mode for embedding_bag");
    cg_tensor *all[] = {weight, indices, offsets, psw};
    if (cg_check_same_device(psw ? 4 : 3, all) < 0)
        return NULL;
    bag_plan p = {0};
    bool fast = weight->dtype == CG_F32 && padding_idx < 0 && weight->strides[1] == 1 && (!psw || psw->strides[0] == 1);
    cg_tensor *argmax = NULL, *out = NULL;
    if (check_bag_arguments(weight, indices, offsets, mode, psw, include_last_offset, &p) == 0
        && plan_bags(&p, include_last_offset, padding_idx) == 0 && check_bag_indices(&p, num, fast && mode != 2) == 0)
        out = run_bag(weight, psw, &p, mode, padding_idx, fast && psw, &argmax);
    bool needs_grad = cg_autograd_needed(psw ? 2 : 1, (cg_tensor *[]){weight, psw});
    if (out && extras && bag_extras(&p, mode, fast, needs_grad, argmax, cg_tensor_device(weight), extras) < 0)
        cg_tensor_release(out), out = NULL;
    if (out)
        out = record_bag(out, weight, psw, &p, argmax, mode, padding_idx, scale_grad_by_freq, cg_tensor_device(weight));
    if (!out && extras && extras[0]) {
        for (int k = 0; k < 3; k++)
            cg_tensor_release(extras[k]), extras[k] = NULL;
    }
    cg_tensor_release(argmax);
    bag_plan_free(&p);
    return out;
}

/* ---- derivatives ------------------------------------------------------------------------------ */

/* the weight's gradient [num_weights, D] (ATen's _embedding_bag_dense_backward) */
static cg_tensor *bag_weight_grad(cg_tensor *grad, cg_tensor *idx, cg_tensor *bag, cg_tensor *size, cg_tensor *argmax,
                                  cg_tensor *psw, const cg_op_args *a) {
    int64_t mode = a->i[0];
    cg_tensor *g = cg_contiguous(grad);
    cg_tensor *out = g ? cg_zeros(2, (int64_t[]){a->i[3], grad->sizes[1]}, grad->dtype, cg_tensor_device(grad)) : NULL;
    int rc = out ? 0 : -1;
    if (rc == 0) {
        cg_kernel_call call = {.op = CG_OP_EMBEDDING_BAG_BACKWARD, .nout = 1, .out = {out}, .args = a};
        if (mode == 2)
            call.nin = 3, call.in[0] = g, call.in[1] = size, call.in[2] = argmax;
        else
            call.in[0] = g, call.in[1] = idx, call.in[2] = bag, call.in[3] = mode == 1 ? size : psw,
            call.nin = call.in[3] ? 4 : 3;
        rc = cg_op_run(&call);
    }
    cg_tensor_release(g);
    if (rc < 0)
        cg_tensor_release(out), out = NULL;
    return out;
}

/* the per-sample weights' gradient [n] (ATen's _embedding_bag_per_sample_weights_backward) */
static cg_tensor *bag_psw_grad(cg_tensor *grad, cg_tensor *weight, cg_tensor *idx, cg_tensor *bag,
                               const cg_op_args *a) {
    cg_tensor *out = cg_zeros(1, &idx->sizes[0], grad->dtype, cg_tensor_device(grad));
    if (!out)
        return NULL;
    cg_kernel_call call = {.op = CG_OP_EMBEDDING_BAG_PSW_BACKWARD,
                           .nout = 1,
                           .nin = 4,
                           .out = {out},
                           .in = {grad, weight, idx, bag},
                           .args = a};
    if (cg_op_run(&call) < 0)
        cg_tensor_release(out), out = NULL;
    return out;
}

/* EmbeddingBagBackward0: weight: _embedding_bag_backward(grad, indices,
 * offsets, result1, result2, result3, ...); per_sample_weights:
 * _embedding_bag_per_sample_weights_backward(grad, weight, indices, ...) */
int cg_bw_embedding_bag(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *idx, *bag, *size, *argmax, *weight, *psw; /* borrowed */
    if (cg_node_saved_all(n, 6, &idx, &bag, &size, &argmax, &weight, &psw) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = bag_weight_grad(go[0], idx, bag, size, argmax, psw, &n->args)))
        return -1;
    if (n->args.flag && n->next[1].node && !(gi[1] = bag_psw_grad(go[0], weight, idx, bag, &n->args)))
        return -1;
    return 0;
}

/* The rows of the derivative kernels, run only by cg_bw_embedding_bag and
 * their samples */
cg_tensor *cg_embedding_bag_dense_backward(cg_tensor *grad, cg_tensor *idx, cg_tensor *bag, cg_tensor *size,
                                           cg_tensor *argmax, cg_tensor *psw, int64_t num_weights, int64_t mode,
                                           int64_t padding_idx, bool scale_grad_by_freq) {
    cg_op_args a = {.i = {mode, padding_idx, scale_grad_by_freq, num_weights}};
    return bag_weight_grad(grad, idx, bag, size, argmax, psw, &a);
}

cg_tensor *cg_embedding_bag_psw_backward(cg_tensor *grad, cg_tensor *weight, cg_tensor *idx, cg_tensor *bag,
                                         int64_t padding_idx) {
    cg_op_args a = {.i = {0, padding_idx}};
    return bag_psw_grad(grad, weight, idx, bag, &a);
}
