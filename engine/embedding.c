/* embedding.c: F.embedding (node EmbeddingBackward0) and its derivative,
 * PyTorch 1.13's embedding_dense_backward (a row of its own, differentiable
 * again for create_graph).
 *
 * Note [Embedding gradients in order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The weight's gradient is zeros [num_weights, D] into which each looked-up
 * row's gradient is added, in the order of the indices, as PyTorch's CPU
 * loop does (grad_weight[k].add_(grad[i], scale)); rows looked up at
 * padding_idx are skipped, so that row's gradient stays exactly zero. With
 * scale_grad_by_freq the scale is 1 / (how often k was looked up), rounded
 * to the dtype, and PyTorch's add with alpha is a fused multiply-add
 * (Vectorized fmadd, and its scalar tail contracted to one), so the kernel
 * adds with fma. On CUDA the adds are atomic, in no set order, as
 * PyTorch's own CUDA kernel is not the CPU's order either. */
#include <math.h>
#include <string.h>

#include "ew.h"
#include "ops.h"

/* ---- the kernel ------------------------------------------------------------------------------- */

/* in[0] grad [n, D] contiguous, in[1] indices [n] int64 contiguous, in[2]
 * counts [num_weights] int64 (scale_grad_by_freq) or absent; out[0] zeros
 * [num_weights, D]; args->i[0] padding_idx (-1: none) */
#define EMBEDDING_BACKWARD(name, T, FMA)                                                          \
    static void name(const cg_kernel_call *c) {                                                   \
        const T *g = (const T *)cg_tensor_data(c->in[0]);                                         \
        const int64_t *idx = (const int64_t *)cg_tensor_data(c->in[1]);                           \
        const int64_t *counts = c->nin > 2 ? (const int64_t *)cg_tensor_data(c->in[2]) : NULL;    \
        T *w = (T *)cg_tensor_data(c->out[0]);                                                    \
        int64_t n = c->in[1]->sizes[0], d = c->out[0]->sizes[1], pad = c->args->i[0];             \
        for (int64_t i = 0; i < n; i++) {                                                         \
            int64_t k = idx[i];                                                                   \
            if (k == pad)                                                                         \
                continue;                                                                         \
            T *row = w + k * d;                                                                   \
            const T *src = g + i * d;                                                             \
            if (!counts) {                                                                        \
                for (int64_t j = 0; j < d; j++)                                                   \
                    row[j] += src[j];                                                             \
                continue;                                                                         \
            }                                                                                     \
            T scale = (T)(1.0 / (double)counts[k]);                                               \
            for (int64_t j = 0; j < d; j++)                                                       \
                row[j] = FMA(src[j], scale, row[j]);                                              \
        }                                                                                         \
    }
EMBEDDING_BACKWARD(embedding_backward_f32, float, fmaf)
EMBEDDING_BACKWARD(embedding_backward_f64, double, fma)

void cg_cpu_embedding_dense_backward(const cg_kernel_call *c) {
    if (c->out[0]->dtype == CG_F32)
        embedding_backward_f32(c);
    else
        embedding_backward_f64(c);
}

/* ---- frontends -------------------------------------------------------------------------------- */

static int check_indices(const cg_tensor *indices, const char *fn) {
    CG_CHECK_INT(indices->dtype == CG_INT64 || indices->dtype == CG_INT32, CG_RUNTIME_ERROR,
                 "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; "
                 "but got torch.%sTensor instead (while checking arguments for %s)",
                 cg_dtype_legacy_name(indices->dtype), fn);
    return 0;
}

/* indices flattened to int64, contiguous; unrecorded */
static cg_tensor *flat_indices(cg_tensor *indices) {
    int64_t n = cg_tensor_numel(indices);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *f = cg_reshape(indices, 1, &n);
    cg_tensor *l = f ? cg_to_dtype(f, CG_INT64) : NULL;
    cg_tensor *c = l ? cg_contiguous(l) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(f), cg_tensor_release(l);
    return c;
}

cg_tensor *cg_embedding(cg_tensor *weight, cg_tensor *indices, int64_t padding_idx, bool scale_grad_by_freq) {
    if (check_indices(indices, "embedding") < 0)
        return NULL;
    CG_CHECK(weight->ndim == 2, CG_RUNTIME_ERROR, "'weight' must be 2-D");
    CG_CHECK(indices->ndim < CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions",
             CG_MAX_DIMS);
    cg_tensor *flat = flat_indices(indices);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *rows = flat ? cg_index_select(weight, 0, flat) : NULL;
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, indices->sizes, (size_t)indices->ndim * sizeof *sizes);
    sizes[indices->ndim] = weight->sizes[1];
    cg_tensor *out = rows ? cg_reshape(rows, indices->ndim + 1, sizes) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(rows);
    if (!out) {
        cg_tensor_release(flat);
        return NULL;
    }
    cg_op_args args = {.i = {padding_idx, scale_grad_by_freq, weight->sizes[0]}};
    cg_save_spec save[] = {{flat, "indices"}};
    out = cg_ew_record(out, CG_OP_EMBEDDING, 1, &weight, 1, save, &args);
    cg_tensor_release(flat);
    return out;
}

/* how often each of num_weights rows is looked up, as int64 */
static cg_tensor *lookup_counts(cg_tensor *flat, int64_t num_weights) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *zeros = cg_zeros(1, &num_weights, CG_INT64, cg_tensor_device(flat));
    cg_tensor *ones = zeros ? cg_ones_like(flat) : NULL;
    cg_tensor *counts = ones ? cg_index_add(zeros, 0, flat, ones) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(zeros), cg_tensor_release(ones);
    return counts;
}

cg_tensor *cg_embedding_dense_backward(cg_tensor *grad, cg_tensor *indices, int64_t num_weights, int64_t padding_idx,
                                       bool scale_grad_by_freq) {
    if (check_indices(indices, "embedding_backward") < 0)
        return NULL;
    int64_t n = cg_tensor_numel(indices), d = grad->ndim ? grad->sizes[grad->ndim - 1] : 1;
    cg_tensor *flat = flat_indices(indices);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *g2 = flat ? cg_reshape(grad, 2, (int64_t[]){n, d}) : NULL;
    cg_tensor *gc = g2 ? cg_contiguous(g2) : NULL;
    cg_tensor *counts = gc && scale_grad_by_freq ? lookup_counts(flat, num_weights) : NULL;
    cg_tensor *out = gc && (!scale_grad_by_freq || counts)
                         ? cg_zeros(2, (int64_t[]){num_weights, d}, grad->dtype, cg_tensor_device(grad))
                         : NULL;
    cg_grad_set_enabled(was);
    int rc = out ? 0 : -1;
    cg_op_args args = {.i = {padding_idx, scale_grad_by_freq, num_weights}};
    if (rc == 0) {
        cg_kernel_call call = {.op = CG_OP_EMBEDDING_DENSE_BACKWARD, .nout = 1, .nin = counts ? 3 : 2,
                               .out = {out}, .in = {gc, flat, counts}, .args = &args};
        rc = cg_op_run(&call);
    }
    cg_tensor_release(g2), cg_tensor_release(gc), cg_tensor_release(counts);
    if (rc < 0) {
        cg_tensor_release(out), cg_tensor_release(flat);
        return NULL;
    }
    cg_save_spec save[] = {{flat, "indices"}};
    out = cg_ew_record(out, CG_OP_EMBEDDING_DENSE_BACKWARD, 1, &grad, 1, save, &args);
    cg_tensor_release(flat);
    return out;
}

/* ---- derivatives ------------------------------------------------------------------------------ */

/* EmbeddingBackward0: weight: embedding_dense_backward(grad, indices, ...) */
int cg_bw_embedding(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *indices; /* borrowed */
    if (cg_node_saved(n, 0, &indices) < 0)
        return -1;
    gi[0] = cg_embedding_dense_backward(go[0], indices, n->args.i[2], n->args.i[0], n->args.i[1] != 0);
    return gi[0] ? 0 : -1;
}

/* EmbeddingDenseBackwardBackward0: grad_output: PyTorch's
 * embedding_dense_double_backward, the rows of grad looked up again
 * (zero at padding_idx), shaped as the first gradient was */
int cg_bw_embedding_dense_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *indices;
    if (cg_node_saved(n, 0, &indices) < 0)
        return -1;
    const cg_meta *m = &n->in_meta[0];
    cg_tensor *rows = cg_index_select(go[0], 0, indices);
    int64_t pad = n->args.i[0];
    if (rows && pad >= 0) {
        cg_tensor *p = cg_scalar_tensor(cg_scalar_int(pad));
        cg_tensor *eq = p ? cg_eq(indices, p) : NULL;
        cg_tensor *mask = eq ? cg_reshape(eq, 2, (int64_t[]){-1, 1}) : NULL;
        cg_tensor *filled = mask ? cg_masked_fill(rows, mask, cg_scalar_int(0)) : NULL;
        cg_tensor_release(p), cg_tensor_release(eq), cg_tensor_release(mask), cg_tensor_release(rows);
        rows = filled;
    }
    gi[0] = rows ? cg_reshape(rows, m->ndim, m->sizes) : NULL;
    cg_tensor_release(rows);
    return gi[0] ? 0 : -1;
}
