/* samples_index.c: op-table samples (helpers.h) of the indexing and joining
 * rows. Index tensors never repeat where a write would make the gradient
 * depend on which duplicate wins. Shapes are in drawn sizes A .. F (Note
 * [Drawn shapes] in helpers.h); an index tensor keeps its values, and the
 * dims it indexes are drawn large enough for them (A+2 for an index 2). */
#include <stdlib.h>

#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* An int64 index tensor from values. */
static cg_tensor *ix(int ndim, const int64_t *sizes, const int64_t *v) {
    return cg_tensor_from_buffer(ndim, sizes, CG_INT64, v);
}
#define IX(sizes, ...) ix((int)(sizeof((int64_t[])sizes) / sizeof(int64_t)), (int64_t[])sizes, (int64_t[]){__VA_ARGS__})
#define SZ(...) \
    { __VA_ARGS__ }

static cg_index_item it_int(int64_t i) { return (cg_index_item){.kind = CG_INDEX_INT, .i = i}; }
static cg_index_item it_all(void) { return (cg_index_item){.kind = CG_INDEX_SLICE}; }
static cg_index_item it_slice(int64_t a, int64_t b, int64_t c) {
    return (cg_index_item){.kind = CG_INDEX_SLICE,
                           .has_start = true,
                           .has_stop = true,
                           .has_step = true,
                           .start = a,
                           .stop = b,
                           .step = c};
}
static cg_index_item it_t(cg_tensor *t) { return (cg_index_item){.kind = CG_INDEX_TENSOR, .tensor = t}; }

/* ---- advanced indexing -------------------------------------------------------- */

/* s->i[0] picks the pattern; the index tensors are the sample's later inputs */
static cg_tensor *f_index(cg_tensor *const *in, const cg_sample *s) {
    cg_index_item items[3];
    int n = 0;
    switch (s->i[0]) {
    case 0: items[n++] = it_t(in[1]); break;                                                  /* x[i] */
    case 1: items[n++] = it_all(), items[n++] = it_t(in[1]), items[n++] = it_t(in[2]); break; /* x[:, i, j] */
    case 2: items[n++] = it_t(in[1]), items[n++] = it_all(), items[n++] = it_t(in[2]); break; /* x[i, :, j] */
    default: items[n++] = it_t(in[1]); break;                                                 /* x[mask] */
    }
    return cg_index_get(in[0], n, items);
}
bool sample_index(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A+2,B][[2,0,2,-1]] (repeats accumulate)", 2,
                      {IN(101, false, S_A + 2, S_B), IX(SZ(4), 2, 0, 2, -1)}, f_index);
    case 1:
        return SAMPLE("[A,B+2,C+3][:, i, j] broadcast, non-contiguous", 3,
                      {IN(102, true, S_A, S_B + 2, S_C + 3), IX(SZ(2, 1), 0, 2), IX(SZ(3), 1, 3, 0)}, f_index,
                      .i = {1});
    case 2:
        return SAMPLE("[A+1,B,C+3][i, :, j] separated dims go first", 3,
                      {IN(103, false, S_A + 1, S_B, S_C + 3), IX(SZ(2), 1, 0), IX(SZ(2), 3, 2)}, f_index, .i = {2});
    case 3:
        return SAMPLE("[A,B,C][mask [A,B]]", 2, {IN(104, false, S_A, S_B, S_C), s_mask(S_SIZES(S_A, S_B), 105)},
                      f_index, .i = {3});
    default: return false;
    }
}

static cg_tensor *f_index_put(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *x = cg_mul_scalar(in[0], 1.0);
    if (x && cg_index_put_(x, (int)s->i[0], (cg_tensor *[]){in[2], in[3]}, in[1], s->i[1]) < 0) {
        cg_tensor_release(x);
        return NULL;
    }
    return x;
}
bool sample_index_put(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A+2,B][[[0],[2]]] = v [B] broadcast", 3,
                      {IN(111, false, S_A + 2, S_B), IN(112, false, S_B), IX(SZ(2, 1), 0, 2)}, f_index_put,
                      .i = {1, 0});
    case 1:
        return SAMPLE("[A+2,B+1][i, j] += v accumulate, repeats, non-contiguous", 4,
                      {IN(113, true, S_A + 2, S_B + 1), IN(114, false, 3), IX(SZ(3), 0, 2, 0), IX(SZ(3), 1, 1, 1)},
                      f_index_put, .i = {2, 1});
    default: return false;
    }
}

/* y = x * 1 (a non-leaf); y[items] = in[1]; s->i[0] picks the items */
static cg_tensor *f_copy_slices(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *y = cg_mul_scalar(in[0], 1.0);
    cg_index_item items[2];
    int n = 0;
    if (s->i[0] == 0)
        items[n++] = it_int(1);
    else if (s->i[0] == 1)
        items[n++] = it_all(), items[n++] = it_slice(0, 3, 2);
    else
        items[n++] = it_int(0), items[n++] = it_t(in[2]);
    if (s->i[0] == 3) {
        /* y[1][0:3:2] = v: a write into a view rewrites its base's history */
        cg_tensor *row = y ? cg_select(y, 0, 1) : NULL;
        items[0] = it_slice(0, 3, 2);
        int rc = row ? cg_index_set(row, 1, items, in[1]) : -1;
        cg_tensor_release(row);
        if (rc < 0) {
            cg_tensor_release(y);
            return NULL;
        }
        return y;
    }
    if (y && cg_index_set(y, n, items, in[1]) < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}
/* y = x * 1; an in-place op on a view of y (Note [In-place ops on views]) */
static cg_tensor *f_inplace_on_view(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *y = cg_mul_scalar(in[0], 1.0);
    cg_tensor *t = y && s->i[0] == 0 ? cg_select(y, 0, 1) : y ? cg_transpose(y, 0, 1) : NULL;
    cg_tensor *v = t && s->i[0] == 1 ? cg_slice_dim(t, 0, 1, t->sizes[0], 1) : cg_tensor_retain(t);
    int rc = !v ? -1 : s->i[0] == 0 ? cg_mul_(v, in[1]) : cg_pow_scalar_(v, cg_scalar_float(3.0));
    cg_tensor_release(t), cg_tensor_release(v);
    if (rc < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}

bool sample_copy_slices(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("y [A+1,B]; y[1] = v [B]", 2, {IN(121, false, S_A + 1, S_B), IN(122, false, S_B)}, f_copy_slices,
                      .i = {0});
    case 1:
        return SAMPLE("y [A,B+2] non-contiguous; y[:, 0:3:2] = v [1,2] broadcast", 2,
                      {IN(123, true, S_A, S_B + 2), IN(124, false, 1, 2)}, f_copy_slices, .i = {1});
    case 2:
        return SAMPLE("y [A,B+2]; y[0, [2, 0]] = v [2]", 3,
                      {IN(125, false, S_A, S_B + 2), IN(126, false, 2), IX(SZ(2), 2, 0)}, f_copy_slices, .i = {2});
    case 3:
        return SAMPLE("y [A+1,B+2] non-contiguous; y[1][0:3:2] = v [2]", 2,
                      {IN(128, true, S_A + 1, S_B + 2), IN(129, false, 2)}, f_copy_slices, .i = {3});
    case 4:
        return SAMPLE("y [A+1,B]; y[1].mul_(w [B])", 2, {IN(130, false, S_A + 1, S_B), IN(131, false, S_B)},
                      f_inplace_on_view, .i = {0});
    case 5:
        return SAMPLE("y [A,B+1]; y.t()[1:].pow_(3)", 1, {IN(132, true, S_A, S_B + 1)}, f_inplace_on_view, .i = {1});
    default: return false;
    }
}

static cg_tensor *f_alias(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    cg_index_item ellipsis = {.kind = CG_INDEX_ELLIPSIS};
    return cg_index_get(in[0], 1, &ellipsis);
}
bool sample_alias(int v, cg_sample *s) {
    return v == 0 && SAMPLE("[A,B][...] non-contiguous", 1, {IN(127, true, S_A, S_B)}, f_alias);
}

/* as_strided: overlapping windows over a contiguous input; a zero stride
 * over a non-contiguous one, with an offset */
static cg_tensor *f_as_strided(cg_tensor *const *in, const cg_sample *s) {
    int64_t n = cg_tensor_numel(in[0]);
    int64_t w = n > 1 ? 2 : 1;
    if (s->i[0] == 0)
        return cg_as_strided(in[0], 2, (int64_t[]){n - w + 1, w}, (int64_t[]){1, 1}, NULL);
    int64_t off = n > 1;
    return cg_as_strided(in[0], 3, (int64_t[]){w, n - w, 2}, (int64_t[]){1, 1, 0}, &off);
}
bool sample_as_strided(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] windows", 1, {IN(2600, false, S_A, S_B)}, f_as_strided, .i = {0});
    case 1: return SAMPLE("[A,B] non-contiguous, zero stride", 1, {IN(2601, true, S_A, S_B)}, f_as_strided, .i = {1});
    default: return false;
    }
}

/* the view scatters: src shaped as the view of self it fills */
static cg_tensor *f_view_scatter(cg_tensor *const *in, const cg_sample *s) {
    switch (s->i[0]) {
    case 0: return cg_select_scatter(in[0], in[1], 1, -1);
    case 1: return cg_slice_scatter(in[0], in[1], 0, 1, in[0]->sizes[0], 2);
    default: return cg_diagonal_scatter(in[0], in[1], 1, 0, 1);
    }
}
bool sample_select_scatter(int v, cg_sample *s) {
    return v == 0 && SAMPLE("[A,B] dim 1 index -1", 2, {IN(2602, true, S_A, S_B), IN(2603, false, S_A)}, f_view_scatter,
                            .i = {0});
}
bool sample_slice_scatter(int v, cg_sample *s) {
    /* rows 1, 3, ... of A+2 rows */
    return v == 0 && SAMPLE("[A+2,B] rows 1::2", 2, {IN(2604, false, S_A + 2, S_B), IN(2605, false, (S_A + 2) / 2, S_B)},
                            f_view_scatter, .i = {1});
}
bool sample_diagonal_scatter(int v, cg_sample *s) {
    return v == 0 && SAMPLE("[A,A+1] offset 1", 2, {IN(2606, false, S_A, S_A + 1), IN(2607, false, S_A)}, f_view_scatter,
                            .i = {2});
}

/* ---- one indexed dim -------------------------------------------------------------- */

static cg_tensor *f_index_select(cg_tensor *const *in, const cg_sample *s) {
    return cg_index_select(in[0], s->i[0], in[1]);
}
bool sample_index_select(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A+2,B] dim 0, repeats", 2, {IN(131, false, S_A + 2, S_B), IX(SZ(4), 2, 0, 2, 1)},
                      f_index_select, .i = {0});
    case 1:
        return SAMPLE("[A,B+2] dim -1 non-contiguous", 2, {IN(132, true, S_A, S_B + 2), IX(SZ(2), 2, 0)},
                      f_index_select, .i = {-1});
    default: return false;
    }
}

static cg_tensor *f_index_copy(cg_tensor *const *in, const cg_sample *s) {
    return cg_index_copy(in[0], s->i[0], in[2], in[1]);
}
bool sample_index_copy(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A+3,B] dim 0, rows 3,0", 3, {IN(1524, false, S_A + 3, S_B), IN(1525, false, 2, S_B), IX(SZ(2), 3, 0)},
                      f_index_copy, .i = {0});
    case 1:
        return SAMPLE("non-contiguous [A,B+2] dim -1", 3,
                      {IN(1526, true, S_A, S_B + 2), IN(1527, true, S_A, 2), IX(SZ(2), 1, 0)}, f_index_copy, .i = {-1});
    default: return false;
    }
}

static cg_tensor *f_embedding(cg_tensor *const *in, const cg_sample *s) {
    return cg_embedding(in[0], in[1], s->i[0], s->i[1] != 0);
}
bool sample_embedding(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A+3,B] rows 2,0,2,1 (a row twice)", 2, {IN(1520, false, S_A + 3, S_B), IX(SZ(4), 2, 0, 2, 1)},
                      f_embedding, .i = {-1, 0});
    case 1:
        /* (padding_idx and scale_grad_by_freq change the gradient on purpose: not derivatives to check;
         * tests/lang/embedding.py compares them with PyTorch's) */
        return SAMPLE("non-contiguous [A+3,B], [5] indices", 2, {IN(1521, true, S_A + 3, S_B), IX(SZ(5), 1, 2, 0, 1, 1)},
                      f_embedding, .i = {-1, 0});
    default: return false;
    }
}

static cg_tensor *f_embedding_dense_backward(cg_tensor *const *in, const cg_sample *s) {
    return cg_embedding_dense_backward(in[0], in[1], s->i[0], s->i[1], s->i[2] != 0);
}
bool sample_embedding_dense_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("grad [4,B] into 5 rows", 2, {IN(1522, false, 4, S_B), IX(SZ(4), 3, 0, 3, 4)},
                      f_embedding_dense_backward, .i = {5, -1, 0});
    case 1:
        return SAMPLE("grad [2,2,B] into 4 rows, padding 1", 2, {IN(1523, true, 2, 2, S_B), IX(SZ(2, 2), 1, 2, 2, 0)},
                      f_embedding_dense_backward, .i = {4, 1, 0});
    default: return false;
    }
}

static cg_tensor *f_index_add(cg_tensor *const *in, const cg_sample *s) {
    return cg_index_add(in[0], s->i[0], in[2], in[1]);
}
bool sample_index_add(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A,B+2] dim 1 += source [A,4] non-contiguous, repeats", 3,
                      {IN(141, false, S_A, S_B + 2), IN(142, true, S_A, 4), IX(SZ(4), 0, 2, 0, 1)}, f_index_add,
                      .i = {1});
    return false;
}

static cg_tensor *f_index_fill(cg_tensor *const *in, const cg_sample *s) {
    return cg_index_fill(in[0], s->i[0], in[1], cg_scalar_float(s->d[0]));
}
bool sample_index_fill(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A+2,B] dim 0 non-contiguous", 2, {IN(151, true, S_A + 2, S_B), IX(SZ(2), 2, 0)}, f_index_fill,
                      .i = {0}, .d = {-1.5});
    return false;
}

static cg_tensor *f_gather(cg_tensor *const *in, const cg_sample *s) { return cg_gather(in[0], s->i[0], in[1]); }
bool sample_gather(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A+1,B+2] dim 1, index [2,4] with repeats", 2,
                      {IN(161, false, S_A + 1, S_B + 2), IX(SZ(2, 4), 0, 2, 2, 1, 1, 1, 0, 2)}, f_gather, .i = {1});
    case 1:
        return SAMPLE("[A+2,B+1] dim 0, smaller index [2,2], non-contiguous", 2,
                      {IN(162, true, S_A + 2, S_B + 1), IX(SZ(2, 2), 2, 0, 1, 2)}, f_gather, .i = {0});
    default: return false;
    }
}

static cg_tensor *f_scatter(cg_tensor *const *in, const cg_sample *s) {
    return cg_scatter(in[0], s->i[0], in[2], in[1]);
}
bool sample_scatter(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A+1,B+3] dim 1, src and index [2,2]", 3,
                      {IN(171, false, S_A + 1, S_B + 3), IN(172, false, 2, 2), IX(SZ(2, 2), 3, 0, 1, 2)}, f_scatter,
                      .i = {1});
    if (v == 1)
        return SAMPLE("[A+2,B+1] dim 0 non-contiguous, src and index [2,2]", 3,
                      {IN(173, true, S_A + 2, S_B + 1), IN(174, false, 2, 2), IX(SZ(2, 2), 2, 0, 0, 1)}, f_scatter,
                      .i = {0});
    return false;
}

static cg_tensor *f_scatter_value(cg_tensor *const *in, const cg_sample *s) {
    return cg_scatter_value(in[0], s->i[0], in[1], cg_scalar_float(s->d[0]));
}
bool sample_scatter_value(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A+1,B+2] dim 1", 2, {IN(181, false, S_A + 1, S_B + 2), IX(SZ(2, 1), 2, 0)}, f_scatter_value,
                      .i = {1}, .d = {3.0});
    return false;
}

static cg_tensor *f_scatter_add(cg_tensor *const *in, const cg_sample *s) {
    return cg_scatter_add(in[0], s->i[0], in[2], in[1]);
}
bool sample_scatter_add(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A+1,B+2] dim 0 non-contiguous, src and index [3,3] with repeats", 3,
                      {IN(191, true, S_A + 1, S_B + 2), IN(192, false, 3, 3), IX(SZ(3, 3), 0, 1, 0, 1, 1, 1, 0, 0, 1)},
                      f_scatter_add, .i = {0});
    return false;
}

/* ---- joining and splitting -------------------------------------------------------------- */

static cg_tensor *f_cat(cg_tensor *const *in, const cg_sample *s) { return cg_cat(s->nin, in, s->i[0]); }
bool sample_cat(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B] and [C,B] dim 0", 2, {IN(201, false, S_A, S_B), IN(202, true, S_C, S_B)}, f_cat, .i = {0});
    case 1:
        return SAMPLE("[A,B], [A,C] and [A,D] dim -1", 3,
                      {IN(203, false, S_A, S_B), IN(204, true, S_A, S_C), IN(205, false, S_A, S_D)}, f_cat, .i = {-1});
    case 2:
        return SAMPLE("[A,B] with a skipped empty tensor", 2,
                      {IN(206, false, S_A, S_B), cg_zeros(1, (int64_t[]){0}, CG_F64, cg_device_cpu())}, f_cat,
                      .i = {1});
    default: return false;
    }
}

static cg_tensor *f_stack(cg_tensor *const *in, const cg_sample *s) { return cg_stack(s->nin, in, s->i[0]); }
bool sample_stack(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B] twice, dim 0", 2, {IN(211, false, S_A, S_B), IN(212, true, S_A, S_B)}, f_stack, .i = {0});
    case 1:
        return SAMPLE("[A] three times, dim -1", 3, {IN(213, false, S_A), IN(214, false, S_A), IN(215, true, S_A)},
                      f_stack, .i = {-1});
    default: return false;
    }
}

/* piece s->i[2] of a split by s->i[0] along s->i[1] (times 1, so that the
 * pieces without a gradient are exercised); s->i[3] picks the split kind (0 split, 1 split_with_sizes, 2 chunk,
 * 3 unbind, 4 unsafe_chunk) */
static cg_tensor *f_split(cg_tensor *const *in, const cg_sample *s) {
    int n = 0;
    cg_tensor **parts = s->i[3] == 0   ? cg_split(in[0], s->i[0], s->i[1], &n)
                        : s->i[3] == 1 ? cg_split_with_sizes(in[0], 2, (int64_t[]){s->i[0], s->i[4]}, s->i[1], &n)
                        : s->i[3] == 2 ? cg_chunk(in[0], s->i[0], s->i[1], &n)
                        : s->i[3] == 4 ? cg_unsafe_chunk(in[0], s->i[0], s->i[1], &n)
                                       : cg_unbind(in[0], s->i[1], &n);
    if (!parts)
        return NULL;
    cg_tensor *out = cg_tensor_retain(parts[s->i[2]]);
    for (int i = 0; i < n; i++)
        cg_tensor_release(parts[i]);
    free(parts);
    return out;
}
bool sample_split(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A+2,B] split(2) piece 1", 1, {IN(221, false, S_A + 2, S_B)}, f_split, .i = {2, 0, 1, 0});
    case 1: return SAMPLE("[A,B] chunk(2, dim=1) piece 0", 1, {IN(222, true, S_A, S_B)}, f_split, .i = {2, 1, 0, 2});
    default: return false;
    }
}
bool sample_split_with_sizes(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A,B+1] split([1, B], dim=-1) piece 1", 1, {IN(231, false, S_A, S_B + 1)}, f_split,
                      .i = {1, -1, 1, 1, S_B});
    return false;
}
bool sample_unsafe_split(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A,B+2] unsafe_chunk(2, dim=1) piece 1", 1, {IN(1200, true, S_A, S_B + 2)}, f_split,
                      .i = {2, 1, 1, 4});
    return false;
}
/* the packed data of lengths (4, 2, 1) over [T, 3, *] (s->i[0]: batch_first) */
static cg_tensor *f_pack_padded(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *data = NULL, *sizes = NULL;
    if (cg_pack_padded_sequence(in[0], 3, (int64_t[]){4, 2, 1}, s->i[0], &data, &sizes) < 0)
        return NULL;
    cg_tensor_release(sizes);
    return data;
}
bool sample_pack_padded_sequence(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A+4,3,B] lengths (4,2,1)", 1, {IN(1202, false, S_A + 4, 3, S_B)}, f_pack_padded, .i = {0});
    case 1: return SAMPLE("[3,A+4,B] batch_first", 1, {IN(1203, true, 3, S_A + 4, S_B)}, f_pack_padded, .i = {1});
    default: return false;
    }
}
bool sample_unbind(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A,B+2] unbind(1) piece 2", 1, {IN(241, true, S_A, S_B + 2)}, f_split, .i = {0, 1, 2, 3});
    return false;
}

/* ---- embedding_bag ---------------------------------------------------------------------- */

/* in[0] weight, in[1] indices, in[2] offsets, in[3] per-sample weights or
 * absent; i: mode, padding_idx (-1 none), include_last_offset */
static cg_tensor *f_embedding_bag(cg_tensor *const *in, const cg_sample *s) {
    return cg_embedding_bag(in[0], in[1], in[2], false, s->i[0], s->nin > 3 ? in[3] : NULL, s->i[2] != 0, s->i[1] >= 0,
                            s->i[1], NULL);
}
bool sample_embedding_bag(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("sum of [5,B] rows, per-sample weights, an empty bag", 4,
                      {IN(1700, false, 5, S_B), IX(SZ(6), 1, 3, 1, 4, 0, 2), IX(SZ(3), 0, 2, 2), IN(1701, false, 6)},
                      f_embedding_bag, .i = {0, -1, 0});
    case 1:
        return SAMPLE("mean of [5,B] non-contiguous rows, padding 1, last offset included", 3,
                      {IN(1702, true, 5, S_B), IX(SZ(6), 1, 3, 1, 4, 0, 2), IX(SZ(3), 0, 4, 6)}, f_embedding_bag,
                      .i = {1, 1, 1});
    case 2:
        return SAMPLE("max of [5,B] rows", 3, {IN(1703, false, 5, S_B), IX(SZ(5), 1, 3, 2, 4, 0), IX(SZ(2), 0, 3)},
                      f_embedding_bag, .i = {2, -1, 0});
    default: return false;
    }
}

/* in[0] grad [3,B], in[1] indices, in[2] bag of each index, in[3] sizes;
 * i: mode, padding_idx */
static cg_tensor *f_embedding_bag_backward(cg_tensor *const *in, const cg_sample *s) {
    if (s->i[0] == 2)
        return cg_embedding_bag_dense_backward(in[0], NULL, NULL, in[3], in[1], NULL, 5, 2, -1, false);
    return cg_embedding_bag_dense_backward(in[0], in[1], in[2], s->i[0] == 1 ? in[3] : NULL, NULL, NULL, 5, s->i[0],
                                           s->i[1], s->i[2] != 0);
}
bool sample_embedding_bag_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean into 5 rows, padding 3, by frequency", 4,
                      {IN(1704, false, 3, S_B), IX(SZ(6), 1, 3, 1, 4, 0, 1), IX(SZ(6), 0, 0, 1, 1, 2, 2),
                       IX(SZ(3), 2, 1, 2)},
                      f_embedding_bag_backward, .i = {1, 3, 1});
    case 1:
        return SAMPLE("max into 5 rows", 4,
                      {IN(1705, false, 3, 2), IX(SZ(3, 2), 1, 3, 0, 0, 4, 4), IX(SZ(1), 0), IX(SZ(3), 2, 0, 1)},
                      f_embedding_bag_backward, .i = {2, -1, 0});
    default: return false;
    }
}

static cg_tensor *f_embedding_bag_psw_backward(cg_tensor *const *in, const cg_sample *s) {
    return cg_embedding_bag_psw_backward(in[0], in[1], in[2], in[3], s->i[0]);
}
bool sample_embedding_bag_psw_backward(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("grad [3,B], weight [5,B] non-contiguous, padding 4", 4,
                      {IN(1706, false, 3, S_B), IN(1707, true, 5, S_B), IX(SZ(6), 1, 3, 1, 4, 0, 1),
                       IX(SZ(6), 0, 0, 1, 1, 2, 2)},
                      f_embedding_bag_psw_backward, .i = {4});
    return false;
}
