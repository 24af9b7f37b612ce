/* packed_sequence.c: _pack_padded_sequence, the op under
 * torch.nn.utils.rnn.pack_padded_sequence, with its own node
 * (PackPaddedSequenceBackward0) as in PyTorch's derivatives.yaml. The
 * forward gathers each run of equal lengths with copies (no kernel of its
 * own); the backward scatters the gradient back into zeros of the padded
 * shape. Not here: _pad_packed_sequence, a composite of copies written in
 * the cell language (lang/prelude/torch/nn/utils/rnn.py). */
#include <stdlib.h>
#include <string.h>

#include "autograd.h"
#include "ops.h"

/* The checks PyTorch makes of lengths against input [T, B, *]. */
static int check_lengths(const cg_tensor *in, int nlen, const int64_t *lengths) {
    int64_t batch = in->sizes[1];
    CG_CHECK_INT(cg_tensor_numel(in) > 0, CG_RUNTIME_ERROR, "Cannot pack empty tensors.");
    CG_CHECK_INT(nlen == batch, CG_RUNTIME_ERROR,
                 "Expected `len(lengths)` to be equal to batch_size, but got %d (batch_size=%lld)", nlen,
                 (long long)batch);
    CG_CHECK_INT(lengths[batch - 1] > 0, CG_RUNTIME_ERROR,
                 "Length of all samples has to be greater than 0, but found an element in 'lengths' that is <= 0");
    for (int64_t i = 0; i + 1 < batch; i++)
        CG_CHECK_INT(lengths[i + 1] <= lengths[i], CG_RUNTIME_ERROR,
                     "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can "
                     "pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this "
                     "requirement if you do not need ONNX exportability.");
    return 0;
}

/* in [T, B, *] -> data [sum(lengths), *]; batch_sizes[t] for t < lengths[0]
 * counts the sequences longer than t. Shortest run first, as PyTorch. */
static cg_tensor *gather(cg_tensor *in, int64_t batch, const int64_t *lengths, int64_t *batch_sizes) {
    cg_tensor **steps = calloc((size_t)batch, sizeof *steps);
    CG_CHECK(steps, CG_MEMORY_ERROR, "out of memory in pack_padded_sequence");
    int64_t shape[CG_MAX_DIMS] = {-1}, prev = 0;
    int nsteps = 0, ok = 1;
    memcpy(shape + 1, in->sizes + 2, (size_t)(in->ndim - 2) * sizeof *shape);
    for (int64_t i = 0; ok && i < batch; i++) {
        int64_t l = lengths[batch - 1 - i], cur = batch - i;
        if (l <= prev)
            continue;
        cg_tensor *rows = cg_slice_dim(in, 0, prev, l, 1);
        cg_tensor *cols = rows ? cg_slice_dim(rows, 1, 0, cur, 1) : NULL;
        cg_tensor *dense = cols ? cg_contiguous(cols) : NULL;
        steps[nsteps] = dense ? cg_view(dense, in->ndim - 1, shape) : NULL;
        ok = steps[nsteps] != NULL;
        nsteps += ok;
        cg_tensor_release(rows), cg_tensor_release(cols), cg_tensor_release(dense);
        for (int64_t j = prev; j < l; j++)
            batch_sizes[j] = cur;
        prev = l;
    }
    cg_tensor *data = ok ? cg_cat(nsteps, steps, 0) : NULL;
    for (int i = 0; i < nsteps; i++)
        cg_tensor_release(steps[i]);
    free(steps);
    return data;
}

int cg_pack_padded_sequence(cg_tensor *input, int nlen, const int64_t *lengths, bool batch_first, cg_tensor **data,
                            cg_tensor **batch_sizes) {
    CG_CHECK_INT(input->ndim >= 2, CG_RUNTIME_ERROR, "pack_padded_sequence: input must have at least 2 dimensions");
    bool was = cg_grad_set_enabled(false);
    cg_tensor *in = batch_first ? cg_transpose(input, 0, 1) : cg_tensor_retain(input);
    cg_tensor *sizes = NULL, *out = NULL;
    if (in && check_lengths(in, nlen, lengths) == 0) {
        sizes = cg_zeros(1, (int64_t[]){lengths[0]}, CG_INT64, cg_device_cpu());
        out = sizes ? gather(in, in->sizes[1], lengths, (int64_t *)sizes->storage->data + sizes->offset) : NULL;
    }
    cg_grad_set_enabled(was);
    cg_tensor_release(in);
    cg_op_args args = {.i = {batch_first}};
    cg_save_spec save = {sizes, "result1"};
    if (!out || (cg_autograd_needed(1, &input)
                 && cg_autograd_record(CG_OP_PACK_PADDED_SEQUENCE, 1, &out, 1, &input, 1, &save, &args, NULL) < 0)) {
        cg_tensor_release(out), cg_tensor_release(sizes);
        return -1;
    }
    *data = out, *batch_sizes = sizes;
    return 0;
}

/* PackPaddedSequenceBackward0: zeros of the [T, B, *] shape, step t's rows
 * copied into its first batch_sizes[t] columns; transposed back for
 * batch_first. */
int cg_bw_pack_padded_sequence(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *sizes;
    if (cg_node_saved(n, 0, &sizes) < 0)
        return -1;
    const cg_meta *m = &n->in_meta[0];
    int64_t shape[CG_MAX_DIMS];
    memcpy(shape, m->sizes, (size_t)m->ndim * sizeof *shape);
    bool batch_first = n->args.i[0];
    if (batch_first)
        shape[0] = m->sizes[1], shape[1] = m->sizes[0];
    cg_tensor *z = cg_zeros(m->ndim, shape, go[0]->dtype, cg_tensor_device(go[0]));
    const int64_t *bs = (const int64_t *)sizes->storage->data + sizes->offset;
    int64_t offset = 0;
    for (int64_t t = 0; z && t < sizes->sizes[0]; t++) {
        cg_tensor *row = cg_select(z, 0, t);
        cg_tensor *dst = row ? cg_slice_dim(row, 0, 0, bs[t], 1) : NULL;
        cg_tensor *src = dst ? cg_slice_dim(go[0], 0, offset, offset + bs[t], 1) : NULL;
        int rc = src ? cg_copy_(dst, src) : -1;
        cg_tensor_release(row), cg_tensor_release(dst), cg_tensor_release(src);
        offset += bs[t];
        if (rc < 0) {
            cg_tensor_release(z);
            z = NULL;
        }
    }
    if (z && batch_first) {
        cg_tensor *tz = cg_transpose(z, 0, 1);
        cg_tensor_release(z);
        z = tz;
    }
    return (gi[0] = z) ? 0 : -1;
}
