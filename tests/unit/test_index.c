/* test_index.c: indexing and joining as a user meets them: t[...] as views
 * and copies, t[...] = v with its history, index_select, gather, scatter,
 * cat, stack, split and friends; values, dtypes, shapes, PyTorch's errors
 * and node names. Expected values come from PyTorch 1.13. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "helpers.h"

static cg_tensor *arange_f(int ndim, const int64_t *sizes) {
    int64_t n = 1;
    for (int d = 0; d < ndim; d++)
        n *= sizes[d];
    double *v = malloc((size_t)(n ? n : 1) * sizeof *v);
    for (int64_t i = 0; i < n; i++)
        v[i] = (double)i;
    cg_tensor *t = t_from(CG_F32, ndim, sizes, v);
    free(v);
    return t;
}
#define ARANGE(...) arange_f((int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]){__VA_ARGS__})
#define LONGS(...)                                                                                      \
    cg_tensor_from_buffer(1, (int64_t[]){sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)}, CG_INT64, \
                          (int64_t[]){__VA_ARGS__})
#define VALS(t, ...) \
    t_assert_values(t, (int)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)), (double[]){__VA_ARGS__}, 1e-6)

static cg_index_item I(int64_t i) { return (cg_index_item){.kind = CG_INDEX_INT, .i = i}; }
static cg_index_item ALL(void) { return (cg_index_item){.kind = CG_INDEX_SLICE}; }
static cg_index_item FROM(int64_t a) { return (cg_index_item){.kind = CG_INDEX_SLICE, .has_start = true, .start = a}; }
static cg_index_item NONE(void) { return (cg_index_item){.kind = CG_INDEX_NONE}; }
static cg_index_item ELL(void) { return (cg_index_item){.kind = CG_INDEX_ELLIPSIS}; }
static cg_index_item TEN(cg_tensor *t) { return (cg_index_item){.kind = CG_INDEX_TENSOR, .tensor = t}; }
#define ITEMS(...) \
    (int)(sizeof((cg_index_item[]){__VA_ARGS__}) / sizeof(cg_index_item)), (cg_index_item[]) { __VA_ARGS__ }

static cg_tensor *leaf(cg_tensor *t) {
    t->requires_grad = true;
    return t;
}

static void backward_sum(cg_tensor *y) {
    cg_tensor *l = T_OK(cg_sum(y, 0, NULL, false));
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    cg_tensor_release(l);
}

/* ---- t[...]: basic items are views ------------------------------------------------- */

Test(getitem, basic_items_make_views) {
    cg_tensor *x = ARANGE(2, 3, 4);
    cg_tensor *a = T_OK(cg_index_get(x, ITEMS(I(1), NONE(), ELL(), FROM(2))));
    cr_assert(t_shape_is(a, 3, 1, 3, 2));
    cr_assert(a->storage == x->storage, "a basic index must share storage");
    VALS(a, 14, 15, 18, 19, 22, 23);
    cg_tensor *b = T_OK(cg_index_get(x, ITEMS(ELL(), I(-1))));
    cr_assert(t_shape_is(b, 2, 2, 3));
    VALS(b, 3, 7, 11, 15, 19, 23);
    T_ERR(cg_index_get(x, ITEMS(I(0), I(5))), CG_INDEX_ERROR, "index 5 is out of bounds for dimension 0 with size 3");
    T_ERR(cg_index_get(x, ITEMS(I(0), I(0), I(0), I(0))), CG_INDEX_ERROR, "too many indices for tensor of dimension 3");
    T_ERR(cg_index_get(x, ITEMS(ELL(), ELL())), CG_INDEX_ERROR, "an index can only have a single ellipsis ('...')");
    cg_index_item neg = {.kind = CG_INDEX_SLICE, .has_step = true, .step = -1};
    T_ERR(cg_index_get(x, 1, &neg), CG_VALUE_ERROR, "step must be greater than zero");
    cg_tensor_release(x), cg_tensor_release(a), cg_tensor_release(b);
}

/* ---- t[...]: tensor items copy ----------------------------------------------------------- */

Test(getitem, integer_tensors_and_placement) {
    cg_tensor *x = ARANGE(2, 3, 4);
    cg_tensor *i = LONGS(1, 0), *j = LONGS(3, -4);
    /* adjacent advanced dims stay in place */
    cg_tensor *a = T_OK(cg_index_get(x, ITEMS(ALL(), TEN(i), TEN(j))));
    cr_assert(t_shape_is(a, 2, 2, 2));
    cr_assert(a->storage != x->storage);
    VALS(a, 7, 0, 19, 12);
    /* separated ones go first */
    cg_tensor *b = T_OK(cg_index_get(x, ITEMS(TEN(i), ALL(), TEN(j))));
    cr_assert(t_shape_is(b, 2, 2, 3));
    VALS(b, 15, 19, 23, 0, 4, 8);
    /* broadcasting of index tensors: [2,1] with [2] */
    cg_tensor *col = cg_tensor_from_buffer(2, (int64_t[]){2, 1}, CG_INT64, (int64_t[]){0, 2});
    cg_tensor *c = T_OK(cg_index_get(x, ITEMS(I(1), TEN(col), TEN(i))));
    cr_assert(t_shape_is(c, 2, 2, 2));
    VALS(c, 13, 12, 21, 20);
    /* int32 indices and a 0-d index */
    cg_tensor *i32 = cg_tensor_from_buffer(1, (int64_t[]){2}, CG_INT32, (int32_t[]){2, 2});
    cg_tensor *d = T_OK(cg_index_get(x, ITEMS(I(0), TEN(i32))));
    cr_assert(t_shape_is(d, 2, 2, 4));
    cg_tensor *zero_d = cg_tensor_from_buffer(0, NULL, CG_INT64, (int64_t[]){1});
    cg_tensor *e = T_OK(cg_index_get(x, ITEMS(TEN(zero_d))));
    cr_assert(t_shape_is(e, 2, 3, 4));
    cg_tensor *empty = cg_tensor_empty(1, (int64_t[]){0}, CG_INT64, cg_device_cpu());
    cg_tensor *f = T_OK(cg_index_get(x, ITEMS(TEN(empty))));
    cr_assert(t_shape_is(f, 3, 0, 3, 4));
    cg_tensor *g = T_OK(cg_index_get(x, ITEMS(TEN(i), NONE(), TEN(i))));
    cr_assert(t_shape_is(g, 3, 2, 1, 4));
    cg_tensor *rows[] = {a, b, c, d, e, f, g};
    for (int k = 0; k < 7; k++)
        cg_tensor_release(rows[k]);
    cg_tensor_release(x), cg_tensor_release(i), cg_tensor_release(j), cg_tensor_release(col);
    cg_tensor_release(i32), cg_tensor_release(zero_d), cg_tensor_release(empty);
}

Test(getitem, masks) {
    cg_tensor *x = ARANGE(2, 3);
    cg_tensor *m = cg_tensor_from_buffer(2, (int64_t[]){2, 3}, CG_BOOL, (bool[]){1, 0, 1, 0, 0, 1});
    cg_tensor *a = T_OK(cg_index_get(x, ITEMS(TEN(m))));
    cr_assert(t_shape_is(a, 1, 3));
    VALS(a, 0, 2, 5);
    cg_tensor *row = cg_tensor_from_buffer(1, (int64_t[]){3}, CG_BOOL, (bool[]){1, 0, 1});
    cg_tensor *b = T_OK(cg_index_get(x, ITEMS(ALL(), TEN(row))));
    cr_assert(t_shape_is(b, 2, 2, 2));
    VALS(b, 0, 2, 3, 5);
    cg_tensor *yes = cg_tensor_from_buffer(0, NULL, CG_BOOL, (bool[]){1});
    cg_tensor *c = T_OK(cg_index_get(x, ITEMS(TEN(yes))));
    cr_assert(t_shape_is(c, 3, 1, 2, 3));
    cg_tensor *bad = cg_tensor_from_buffer(1, (int64_t[]){4}, CG_BOOL, (bool[]){1, 0, 1, 0});
    cg_tensor *y3 = ARANGE(3);
    T_ERR(cg_index_get(y3, ITEMS(TEN(bad))), CG_INDEX_ERROR,
          "The shape of the mask [4] at index 0 does not match the shape of the indexed tensor [3] at index 0");
    cg_tensor *fl = t_from(CG_F32, 1, (int64_t[]){1}, (double[]){1});
    T_ERR(cg_index_get(y3, ITEMS(TEN(fl))), CG_INDEX_ERROR,
          "tensors used as indices must be long, int, byte or bool tensors");
    cg_tensor *five = LONGS(5), *minus4 = LONGS(-4);
    T_ERR(cg_index_get(y3, ITEMS(TEN(five))), CG_INDEX_ERROR, "index 5 is out of bounds for dimension 0 with size 3");
    T_ERR(cg_index_get(y3, ITEMS(TEN(minus4))), CG_INDEX_ERROR,
          "index -4 is out of bounds for dimension 0 with size 3");
    T_ERR(cg_index_get(y3, ITEMS(TEN(five), TEN(five))), CG_INDEX_ERROR, "too many indices for tensor of dimension 1");
    cg_tensor *two = LONGS(0, 1), *three = LONGS(0, 1, 2);
    T_ERR(cg_index_get(x, ITEMS(TEN(two), TEN(three))), CG_INDEX_ERROR,
          "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]");
    cg_tensor *all[] = {x, m, a, row, b, yes, c, bad, y3, fl, five, minus4, two, three};
    for (int k = 0; k < 14; k++)
        cg_tensor_release(all[k]);
}

Test(getitem, history_and_gradient) {
    cg_tensor *x = leaf(ARANGE(3, 2));
    cg_tensor *i = LONGS(2, 0, 2);
    cg_tensor *y = T_OK(cg_index_get(x, ITEMS(TEN(i), FROM(1))));
    cr_assert_str_eq(y->grad_fn->name, "IndexBackward0");
    cr_assert_str_eq(y->grad_fn->next[0].node->name, "SliceBackward0");
    backward_sum(y);
    VALS(x->grad, 0, 1, 0, 0, 0, 2); /* repeated rows accumulate */
    cg_tensor *ints = cg_tensor_from_buffer(1, (int64_t[]){3}, CG_INT64, (int64_t[]){7, 8, 9});
    cg_tensor *z = T_OK(cg_index_get(ints, ITEMS(TEN(i))));
    cr_assert_eq(z->dtype, CG_INT64);
    VALS(z, 9, 7, 9);
    cg_tensor_release(x), cg_tensor_release(i), cg_tensor_release(y), cg_tensor_release(ints), cg_tensor_release(z);
}

/* ---- t[...] = v ------------------------------------------------------------------------ */

Test(setitem, into_a_plain_tensor) {
    cg_tensor *x = cg_zeros(2, (int64_t[]){2, 3}, CG_F32, cg_device_cpu());
    cg_tensor *v = cg_tensor_from_buffer(1, (int64_t[]){3}, CG_INT64, (int64_t[]){1, 2, 3});
    int64_t version = x->storage->version;
    T_RC(cg_index_set(x, ITEMS(I(0)), v)); /* casts as copy_ */
    cr_assert_gt(x->storage->version, version);
    VALS(x, 1, 2, 3, 0, 0, 0);
    cg_tensor *v113 = t_from(CG_F32, 3, (int64_t[]){1, 1, 3}, (double[]){4, 5, 6});
    T_RC(cg_index_set(x, ITEMS(I(1)), v113)); /* leading 1-dims dropped */
    VALS(x, 1, 2, 3, 4, 5, 6);
    T_RC(cg_index_set_scalar(x, ITEMS(ELL(), I(1)), cg_scalar_float(9)));
    VALS(x, 1, 9, 3, 4, 9, 6);
    cg_tensor *i = LONGS(0, 1), *j = LONGS(1, 2);
    cg_tensor *w = t_from(CG_F32, 1, (int64_t[]){2}, (double[]){7, 8});
    T_RC(cg_index_set(x, ITEMS(TEN(i), TEN(j)), w));
    VALS(x, 1, 7, 3, 4, 9, 8);
    cg_tensor *m = cg_tensor_from_buffer(2, (int64_t[]){2, 3}, CG_BOOL, (bool[]){0, 0, 0, 1, 1, 1});
    T_RC(cg_index_set_scalar(x, ITEMS(TEN(m)), cg_scalar_int(0)));
    VALS(x, 1, 7, 3, 0, 0, 0);
    cg_tensor *two = t_from(CG_F32, 1, (int64_t[]){2}, (double[]){1, 2});
    T_ERR(cg_index_set(x, ITEMS(I(0)), two), CG_RUNTIME_ERROR,
          "The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  "
          "Target sizes: [3].  Tensor sizes: [2]");
    cg_tensor *big = cg_ones(2, (int64_t[]){3, 3}, CG_F32, cg_device_cpu());
    T_ERR(cg_index_set(x, ITEMS(TEN(i)), big), CG_RUNTIME_ERROR,
          "shape mismatch: value tensor of shape [3, 3] cannot be broadcast to indexing result of shape [2, 3]");
    T_ERR(cg_index_set(x, ITEMS(TEN(i)), v), CG_RUNTIME_ERROR,
          "Index put requires the source and destination dtypes match, got Float for the destination and Long for "
          "the source.");
    cg_tensor *far = LONGS(2);
    T_ERR(cg_index_set_scalar(x, ITEMS(TEN(far)), cg_scalar_int(1)), CG_INDEX_ERROR,
          "index 2 is out of bounds for dimension 0 with size 2");
    VALS(x, 1, 7, 3, 0, 0, 0);
    cg_tensor *all[] = {x, v, v113, i, j, w, m, two, big, far};
    for (int k = 0; k < 10; k++)
        cg_tensor_release(all[k]);
}

Test(setitem, leaf_that_requires_grad) {
    cg_tensor *a = leaf(cg_ones(2, (int64_t[]){2, 3}, CG_F32, cg_device_cpu()));
    cg_tensor *i = LONGS(0);
    T_ERR(cg_index_set_scalar(a, ITEMS(I(0)), cg_scalar_int(1)), CG_RUNTIME_ERROR,
          "a view of a leaf Variable that requires grad is being used in an in-place operation.");
    T_ERR(cg_index_set_scalar(a, ITEMS(ALL()), cg_scalar_int(1)), CG_RUNTIME_ERROR,
          "a view of a leaf Variable that requires grad is being used in an in-place operation.");
    T_ERR(cg_index_set_scalar(a, ITEMS(TEN(i)), cg_scalar_int(1)), CG_RUNTIME_ERROR,
          "a leaf Variable that requires grad is being used in an in-place operation.");
    T_ERR(cg_index_set_scalar(a, ITEMS(ELL()), cg_scalar_int(1)), CG_RUNTIME_ERROR,
          "a leaf Variable that requires grad is being used in an in-place operation.");
    VALS(a, 1, 1, 1, 1, 1, 1);
    cg_tensor_release(a), cg_tensor_release(i);
}

Test(setitem, history_of_a_non_leaf) {
    cg_tensor *a = leaf(cg_ones(2, (int64_t[]){2, 3}, CG_F32, cg_device_cpu()));
    cg_tensor *w = leaf(t_from(CG_F32, 1, (int64_t[]){3}, (double[]){1, 2, 3}));
    /* y = a * 2; y[0] = w * w: CopySlices with edges to MulBackward0 twice */
    cg_tensor *y = T_OK(cg_mul_scalar(a, 2));
    cg_tensor *ww = T_OK(cg_mul(w, w));
    T_RC(cg_index_set(y, ITEMS(I(0)), ww));
    cr_assert_str_eq(y->grad_fn->name, "CopySlices");
    cr_assert_str_eq(y->grad_fn->next[0].node->name, "MulBackward0");
    cr_assert_str_eq(y->grad_fn->next[1].node->name, "MulBackward0");
    VALS(y, 1, 4, 9, 2, 2, 2);
    backward_sum(y);
    VALS(a->grad, 0, 0, 0, 2, 2, 2);
    VALS(w->grad, 2, 4, 6);
    /* tensor-only indices: IndexPutBackward0, a number as value */
    cg_tensor *z = T_OK(cg_mul_scalar(a, 3));
    cg_tensor *i = LONGS(1);
    T_RC(cg_index_set_scalar(z, ITEMS(TEN(i)), cg_scalar_float(5)));
    cr_assert_str_eq(z->grad_fn->name, "IndexPutBackward0");
    cr_assert_null(z->grad_fn->next[1].node);
    backward_sum(z);
    VALS(a->grad, 3, 3, 3, 2, 2, 2);
    /* into a tensor that needed no grad: it gains history */
    cg_tensor *x = cg_zeros(2, (int64_t[]){2, 3}, CG_F32, cg_device_cpu());
    cg_tensor *ww2 = T_OK(cg_mul(w, w)), *cols = LONGS(2, 0, 1);
    T_RC(cg_index_set(x, ITEMS(I(1), TEN(cols)), ww2));
    cr_assert_str_eq(x->grad_fn->name, "CopySlices");
    cr_assert(!cg_tensor_is_leaf(x));
    VALS(x, 0, 0, 0, 4, 9, 1);
    backward_sum(x);
    VALS(w->grad, 4, 8, 12); /* 2 * w added to the first gradient */
    cg_tensor *all[] = {a, w, y, ww, z, i, x, ww2, cols};
    for (int k = 0; k < 9; k++)
        cg_tensor_release(all[k]);
}

/* ---- index_select / gather / scatter ------------------------------------------------------ */

Test(index_ops, index_select_and_index_fill) {
    cg_tensor *x = ARANGE(2, 3);
    cg_tensor *i = LONGS(2, 0);
    cg_tensor *a = T_OK(cg_index_select(x, 1, i));
    cr_assert(t_shape_is(a, 2, 2, 2));
    VALS(a, 2, 0, 5, 3);
    cg_tensor *bad = LONGS(3), *neg = LONGS(-1);
    T_ERR(cg_index_select(x, 1, bad), CG_INDEX_ERROR, "index out of range in self");
    T_ERR(cg_index_select(x, 0, neg), CG_INDEX_ERROR, "index out of range in self");
    cg_tensor *fl = t_from(CG_F32, 1, (int64_t[]){1}, (double[]){0});
    T_ERR(cg_index_select(x, 0, fl), CG_RUNTIME_ERROR, "index_select(): Expected dtype int32 or int64 for index");
    cg_tensor *mat = cg_tensor_from_buffer(2, (int64_t[]){1, 1}, CG_INT64, (int64_t[]){0});
    T_ERR(cg_index_select(x, 0, mat), CG_INDEX_ERROR, "index_select(): Index is supposed to be a vector");
    cg_tensor *scalar = cg_tensor_from_buffer(0, NULL, CG_INT64, (int64_t[]){1});
    cg_tensor *b = T_OK(cg_index_select(x, 0, scalar));
    cr_assert(t_shape_is(b, 2, 1, 3));
    VALS(b, 3, 4, 5);
    cg_tensor *c = T_OK(cg_index_fill(x, 1, i, cg_scalar_float(-1)));
    VALS(c, -1, 1, -1, -1, 4, -1);
    VALS(x, 0, 1, 2, 3, 4, 5);
    T_ERR(cg_index_fill_(x, 0, bad, cg_scalar_int(1)), CG_INDEX_ERROR,
          "index 3 is out of bounds for dimension 0 with size 2");
    int64_t version = x->storage->version;
    T_RC(cg_index_fill_(x, 0, neg, cg_scalar_int(7)));
    cr_assert_gt(x->storage->version, version);
    VALS(x, 0, 1, 2, 7, 7, 7);
    cg_tensor *all[] = {x, i, a, bad, neg, fl, mat, scalar, b, c};
    for (int k = 0; k < 10; k++)
        cg_tensor_release(all[k]);
}

Test(index_ops, gather_and_scatter) {
    cg_tensor *x = ARANGE(2, 3);
    cg_tensor *idx = cg_tensor_from_buffer(2, (int64_t[]){2, 2}, CG_INT64, (int64_t[]){2, 2, 0, 1});
    cg_tensor *g = T_OK(cg_gather(x, 1, idx));
    VALS(g, 2, 2, 3, 4);
    cg_tensor *s = T_OK(cg_scatter_value(x, 1, idx, cg_scalar_float(-1)));
    VALS(s, 0, 1, -1, -1, -1, 5);
    cg_tensor *src = t_from(CG_F32, 2, (int64_t[]){2, 2}, (double[]){10, 20, 30, 40});
    cg_tensor *sa = T_OK(cg_scatter_add(x, 1, idx, src));
    VALS(sa, 0, 1, 32, 33, 44, 5);
    cg_tensor *idx2 = cg_tensor_from_buffer(2, (int64_t[]){2, 2}, CG_INT64, (int64_t[]){2, 0, 0, 1});
    cg_tensor *sc = T_OK(cg_scatter(x, 1, idx2, src));
    VALS(sc, 20, 1, 10, 30, 40, 5);
    /* every dtype: int64 and bool inputs */
    cg_tensor *li = cg_tensor_from_buffer(2, (int64_t[]){2, 3}, CG_INT64, (int64_t[]){1, 2, 3, 4, 5, 6});
    cg_tensor *lg = T_OK(cg_gather(li, 1, idx));
    cr_assert_eq(lg->dtype, CG_INT64);
    VALS(lg, 3, 3, 4, 5);
    cg_tensor *bo = cg_tensor_from_buffer(1, (int64_t[]){3}, CG_BOOL, (bool[]){0, 0, 0});
    cg_tensor *one = LONGS(1);
    T_RC(cg_scatter_value_(bo, 0, one, cg_scalar_bool(true)));
    VALS(bo, 0, 1, 0);
    /* errors */
    cg_tensor *wide = cg_tensor_from_buffer(2, (int64_t[]){1, 4}, CG_INT64, (int64_t[]){0, 0, 0, 0});
    T_ERR(cg_gather(x, 0, wide), CG_RUNTIME_ERROR,
          "Size does not match at dimension 1 expected index [1, 4] to be smaller than self [2, 3] apart from "
          "dimension 0");
    T_ERR(cg_scatter_value(x, 0, wide, cg_scalar_int(1)), CG_RUNTIME_ERROR,
          "Expected index [1, 4] to be smaller than self [2, 3] apart from dimension 0");
    cg_tensor *two = cg_tensor_from_buffer(2, (int64_t[]){1, 1}, CG_INT64, (int64_t[]){2});
    T_ERR(cg_gather(x, 0, two), CG_RUNTIME_ERROR, "index 2 is out of bounds for dimension 0 with size 2");
    T_ERR(cg_scatter_value(x, 0, two, cg_scalar_int(1)), CG_RUNTIME_ERROR,
          "index 2 is out of bounds for dimension 0 with size 2");
    T_ERR(cg_gather(x, 0, one), CG_RUNTIME_ERROR,
          "Index tensor must have the same number of dimensions as input tensor");
    cg_tensor *i32 = cg_tensor_from_buffer(2, (int64_t[]){1, 1}, CG_INT32, (int32_t[]){0});
    T_ERR(cg_gather(x, 0, i32), CG_RUNTIME_ERROR, "gather(): Expected dtype int64 for index");
    cg_tensor *dsrc = cg_zeros(2, (int64_t[]){2, 2}, CG_F64, cg_device_cpu());
    T_ERR(cg_scatter(x, 1, idx, dsrc), CG_RUNTIME_ERROR, "scatter(): Expected self.dtype to be equal to src.dtype");
    cg_tensor *all[] = {x, idx, g, s, src, sa, idx2, sc, li, lg, bo, one, wide, two, i32, dsrc};
    for (int k = 0; k < 16; k++)
        cg_tensor_release(all[k]);
}

Test(index_ops, node_names_and_inplace_forms) {
    cg_tensor *a = leaf(ARANGE(2, 3));
    cg_tensor *idx = cg_tensor_from_buffer(2, (int64_t[]){1, 1}, CG_INT64, (int64_t[]){0});
    cg_tensor *i = LONGS(0);
    cg_tensor *y = T_OK(cg_mul_scalar(a, 2));
    struct {
        cg_tensor *t;
        const char *name;
    } cases[] = {
        {cg_index_select(y, 0, i), "IndexSelectBackward0"},
        {cg_gather(y, 0, idx), "GatherBackward0"},
        {cg_scatter(y, 0, idx, y), "ScatterBackward0"},
        {cg_scatter_value(y, 0, idx, cg_scalar_int(1)), "ScatterBackward1"},
        {cg_scatter_add(y, 0, idx, y), "ScatterAddBackward0"},
        {cg_index_fill(y, 0, i, cg_scalar_int(1)), "IndexFillBackward0"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        cr_assert(cases[k].t && cases[k].t->grad_fn, "case %zu", k);
        cr_assert_str_eq(cases[k].t->grad_fn->name, cases[k].name);
        cr_assert_str_eq(cases[k].t->grad_fn->next[0].node->name, "MulBackward0");
        cg_tensor_release(cases[k].t);
    }
    T_ERR(cg_scatter_value_(a, 0, idx, cg_scalar_int(1)), CG_RUNTIME_ERROR,
          "a leaf Variable that requires grad is being used in an in-place operation.");
    T_RC(cg_scatter_value_(y, 0, idx, cg_scalar_int(1)));
    cr_assert_str_eq(y->grad_fn->name, "ScatterBackward1");
    T_RC(cg_index_fill_(y, 1, i, cg_scalar_int(0)));
    cr_assert_str_eq(y->grad_fn->name, "IndexFillBackward0");
    backward_sum(y);
    VALS(a->grad, 0, 2, 2, 0, 2, 2);
    cg_tensor_release(a), cg_tensor_release(idx), cg_tensor_release(i), cg_tensor_release(y);
}

/* ---- cat / stack --------------------------------------------------------------------------- */

Test(join, cat_values_promotion_and_errors) {
    cg_tensor *a = ARANGE(2, 2);
    cg_tensor *l = cg_tensor_from_buffer(2, (int64_t[]){2, 1}, CG_INT64, (int64_t[]){7, 8});
    cg_tensor *c = T_OK(cg_cat(2, (cg_tensor *[]){a, l}, -1));
    cr_assert_eq(c->dtype, CG_F32);
    cr_assert(t_shape_is(c, 2, 2, 3));
    VALS(c, 0, 1, 7, 2, 3, 8);
    cg_tensor *i32 = cg_zeros(1, (int64_t[]){2}, CG_INT32, cg_device_cpu());
    cg_tensor *b = cg_ones(1, (int64_t[]){1}, CG_BOOL, cg_device_cpu());
    cg_tensor *ib = T_OK(cg_cat(2, (cg_tensor *[]){i32, b}, 0));
    cr_assert_eq(ib->dtype, CG_INT32);
    VALS(ib, 0, 0, 1);
    cg_tensor *empty = cg_zeros(1, (int64_t[]){0}, CG_F32, cg_device_cpu());
    cg_tensor *s = T_OK(cg_cat(3, (cg_tensor *[]){empty, a, empty}, 1));
    cr_assert(t_shape_is(s, 2, 2, 2));
    T_ERR(cg_cat(0, NULL, 0), CG_RUNTIME_ERROR, "torch.cat(): expected a non-empty list of Tensors");
    cg_tensor *a3 = cg_zeros(2, (int64_t[]){3, 3}, CG_F32, cg_device_cpu());
    T_ERR(cg_cat(2, (cg_tensor *[]){a, a3}, 1), CG_RUNTIME_ERROR,
          "Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for tensor number 1 in "
          "the list.");
    T_ERR(cg_cat(2, (cg_tensor *[]){a, i32}, 0), CG_RUNTIME_ERROR,
          "Tensors must have same number of dimensions: got 2 and 1");
    cg_tensor *zd = cg_zeros(0, NULL, CG_F32, cg_device_cpu());
    T_ERR(cg_cat(2, (cg_tensor *[]){zd, zd}, 0), CG_RUNTIME_ERROR,
          "zero-dimensional tensor (at position 0) cannot be concatenated");
    T_ERR(cg_cat(2, (cg_tensor *[]){a, a}, 2), CG_INDEX_ERROR,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    cg_tensor *all[] = {a, l, c, i32, b, ib, empty, s, a3, zd};
    for (int k = 0; k < 10; k++)
        cg_tensor_release(all[k]);
}

Test(join, stack_and_gradients) {
    cg_tensor *a = leaf(ARANGE(2));
    cg_tensor *b = leaf(cg_ones(1, (int64_t[]){2}, CG_F32, cg_device_cpu()));
    cg_tensor *s = T_OK(cg_stack(2, (cg_tensor *[]){a, b}, 1));
    cr_assert(t_shape_is(s, 2, 2, 2));
    VALS(s, 0, 1, 1, 1);
    cr_assert_str_eq(s->grad_fn->name, "StackBackward0");
    cg_tensor *w = t_from(CG_F32, 2, (int64_t[]){2, 2}, (double[]){1, 2, 3, 4});
    cg_tensor *p = T_OK(cg_mul(s, w));
    backward_sum(p);
    VALS(a->grad, 1, 3);
    VALS(b->grad, 2, 4);
    cg_tensor *c = T_OK(cg_cat(2, (cg_tensor *[]){a, b}, 0));
    cr_assert_str_eq(c->grad_fn->name, "CatBackward0");
    cg_tensor *three = cg_zeros(1, (int64_t[]){3}, CG_F32, cg_device_cpu());
    T_ERR(cg_stack(2, (cg_tensor *[]){a, three}, 0), CG_RUNTIME_ERROR,
          "stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1");
    T_ERR(cg_stack(0, NULL, 0), CG_RUNTIME_ERROR, "stack expects a non-empty TensorList");
    cg_tensor *all[] = {a, b, s, w, p, c, three};
    for (int k = 0; k < 7; k++)
        cg_tensor_release(all[k]);
}

/* ---- split / chunk / unbind ------------------------------------------------------------------- */

static void release_parts(cg_tensor **parts, int n) {
    for (int i = 0; i < n; i++)
        cg_tensor_release(parts[i]);
    free(parts);
}

Test(join, split_chunk_unbind_are_views_of_one_node) {
    cg_tensor *a = leaf(ARANGE(5, 2));
    cg_tensor *y = T_OK(cg_add_scalar(a, 0)); /* AddBackward0 saves nothing: backward twice */
    int n = 0;
    cg_tensor **parts = T_OK(cg_split(y, 2, 0, &n));
    cr_assert_eq(n, 3);
    cr_assert(t_shape_is(parts[2], 2, 1, 2));
    cr_assert(parts[1]->storage == y->storage);
    cr_assert_str_eq(parts[1]->grad_fn->name, "SplitBackward0");
    cr_assert(parts[0]->grad_fn == parts[2]->grad_fn);
    cr_assert_eq(parts[2]->output_nr, 2);
    VALS(parts[2], 8, 9);
    backward_sum(parts[1]); /* the other pieces get zeros */
    VALS(a->grad, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0);
    release_parts(parts, n);

    parts = T_OK(cg_split_with_sizes(y, 2, (int64_t[]){1, 1}, 1, &n));
    cr_assert_str_eq(parts[0]->grad_fn->name, "SplitWithSizesBackward0");
    VALS(parts[1], 1, 3, 5, 7, 9);
    release_parts(parts, n);
    parts = T_OK(cg_chunk(y, 3, 0, &n));
    cr_assert_eq(n, 3);
    cr_assert(t_shape_is(parts[2], 2, 1, 2));
    cr_assert_str_eq(parts[0]->grad_fn->name, "SplitBackward0");
    release_parts(parts, n);
    parts = T_OK(cg_unbind(y, 1, &n));
    cr_assert_eq(n, 2);
    cr_assert(t_shape_is(parts[0], 1, 5));
    cr_assert_str_eq(parts[0]->grad_fn->name, "UnbindBackward0");
    backward_sum(parts[0]);
    VALS(a->grad, 1, 0, 1, 0, 2, 1, 2, 1, 1, 0);
    release_parts(parts, n);

    T_ERR(cg_split(y, 0, 0, &n), CG_RUNTIME_ERROR,
          "split_size can only be 0 if dimension size is 0, but got dimension size of 5");
    T_ERR(cg_split(y, -1, 0, &n), CG_RUNTIME_ERROR, "split expects split_size be non-negative, but got split_size=-1");
    T_ERR(cg_split_with_sizes(y, 2, (int64_t[]){1, 1}, 0, &n), CG_RUNTIME_ERROR,
          "split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's size at dimension 0), but got "
          "split_sizes=[1, 1]");
    T_ERR(cg_split_with_sizes(y, 2, (int64_t[]){-1, 6}, 0, &n), CG_RUNTIME_ERROR,
          "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[-1, 6]");
    T_ERR(cg_chunk(y, 0, 0, &n), CG_RUNTIME_ERROR, "chunk expects `chunks` to be greater than 0, got: 0");
    cg_tensor *zd = cg_zeros(0, NULL, CG_F32, cg_device_cpu());
    T_ERR(cg_split(zd, 1, 0, &n), CG_RUNTIME_ERROR, "split expects at least a 1-dimensional tensor");
    T_ERR(cg_unbind(zd, 0, &n), CG_INDEX_ERROR, "Dimension specified as 0 but tensor has no dimensions");
    cg_tensor_release(zd), cg_tensor_release(a), cg_tensor_release(y);
}

/* ---- edges ------------------------------------------------------------------------------------- */

Test(index_edges, no_grad_writes_into_a_leaf) {
    cg_tensor *w = leaf(cg_ones(2, (int64_t[]){2, 2}, CG_F32, cg_device_cpu()));
    cg_tensor *i = LONGS(1);
    bool was = cg_grad_set_enabled(false);
    T_RC(cg_index_set_scalar(w, ITEMS(I(0)), cg_scalar_int(0)));
    T_RC(cg_index_set_scalar(w, ITEMS(TEN(i), TEN(i)), cg_scalar_int(5)));
    cg_grad_set_enabled(was);
    cr_assert(cg_tensor_is_leaf(w) && w->requires_grad);
    VALS(w, 0, 0, 1, 5);
    cg_tensor_release(w), cg_tensor_release(i);
}

Test(index_edges, empty_tensors) {
    cg_tensor *x = cg_zeros(2, (int64_t[]){0, 3}, CG_F32, cg_device_cpu());
    cg_tensor *none = cg_tensor_empty(1, (int64_t[]){0}, CG_INT64, cg_device_cpu());
    cg_tensor *a = T_OK(cg_index_select(x, 1, none));
    cr_assert(t_shape_is(a, 2, 0, 0));
    cg_tensor *idx = cg_tensor_empty(2, (int64_t[]){0, 2}, CG_INT64, cg_device_cpu());
    cg_tensor *g = T_OK(cg_gather(x, 1, idx));
    cr_assert(t_shape_is(g, 2, 0, 2));
    cg_tensor *s = T_OK(cg_scatter_value(x, 0, idx, cg_scalar_int(1)));
    cr_assert(t_shape_is(s, 2, 0, 3));
    cg_tensor *c = T_OK(cg_cat(2, (cg_tensor *[]){x, x}, 0));
    cr_assert(t_shape_is(c, 2, 0, 3));
    int n = 0;
    cg_tensor **parts = T_OK(cg_unbind(x, 0, &n));
    cr_assert_eq(n, 0);
    free(parts);
    cg_tensor *y = T_OK(cg_index_get(x, ITEMS(ALL(), TEN(none))));
    cr_assert(t_shape_is(y, 2, 0, 0));
    cg_tensor *all[] = {x, none, a, idx, g, s, c, y};
    for (int k = 0; k < 8; k++)
        cg_tensor_release(all[k]);
}

Test(index_edges, zero_dim_inputs) {
    cg_tensor *x = t_from(CG_F32, 0, NULL, (double[]){4});
    cg_tensor *z = cg_tensor_from_buffer(1, (int64_t[]){1}, CG_INT64, (int64_t[]){0});
    cg_tensor *a = T_OK(cg_index_select(x, 0, z));
    cr_assert_eq(a->ndim, 0);
    VALS(a, 4);
    cg_tensor *mask = cg_tensor_from_buffer(0, NULL, CG_BOOL, (bool[]){0});
    cg_tensor *b = T_OK(cg_index_get(x, ITEMS(TEN(mask))));
    cr_assert(t_shape_is(b, 1, 0));
    cg_tensor *c = T_OK(cg_index_get(x, ITEMS(NONE(), ELL())));
    cr_assert(t_shape_is(c, 1, 1));
    T_ERR(cg_index_get(x, ITEMS(I(0))), CG_INDEX_ERROR, "too many indices for tensor of dimension 0");
    cg_tensor *all[] = {x, z, a, mask, b, c};
    for (int k = 0; k < 6; k++)
        cg_tensor_release(all[k]);
}

Test(index_edges, double_backward_through_index_ops) {
    /* d/dx sum(2 x[i]) with create_graph, then backward of sum(grad * x * x) */
    cg_tensor *x = leaf(t_from(CG_F64, 1, (int64_t[]){3}, (double[]){1, 2, 3}));
    cg_tensor *i = LONGS(2, 0, 2);
    cg_tensor *sq = T_OK(cg_mul(x, x));
    cg_tensor *y = T_OK(cg_index_select(sq, 0, i));
    cg_tensor *l = T_OK(cg_sum(y, 0, NULL, false));
    cg_tensor *gx = NULL;
    T_RC(cg_autograd_grad(1, &l, NULL, 1, &x, true, true, false, &gx));
    VALS(gx, 2, 0, 12); /* 2 x times the count of each index */
    cr_assert(gx->grad_fn, "the gradient must have history with create_graph");
    cg_tensor *l2 = T_OK(cg_sum(gx, 0, NULL, false));
    T_RC(cg_autograd_backward(1, &l2, NULL, false, false));
    VALS(x->grad, 2, 0, 4);
    cg_tensor *all[] = {x, i, sq, y, l, gx, l2};
    for (int k = 0; k < 7; k++)
        cg_tensor_release(all[k]);
}

Test(setitem, writes_into_views_rewrite_the_base) {
    /* x = a * 2; x[0][1] = w * 3: x's history includes the write */
    cg_tensor *a = leaf(cg_ones(2, (int64_t[]){2, 3}, CG_F32, cg_device_cpu()));
    cg_tensor *w = leaf(t_from(CG_F32, 0, NULL, (double[]){5}));
    cg_tensor *x = T_OK(cg_mul_scalar(a, 2));
    cg_tensor *row = T_OK(cg_index_get(x, ITEMS(I(0))));
    cg_tensor *w3 = T_OK(cg_mul_scalar(w, 3));
    T_RC(cg_index_set(row, ITEMS(I(1)), w3));
    cr_assert_str_eq(x->grad_fn->name, "CopySlices");
    VALS(x, 2, 15, 2, 2, 2, 2);
    VALS(row, 2, 15, 2);
    cg_tensor *l = T_OK(cg_sum(x, 0, NULL, false));
    T_RC(cg_autograd_backward(1, &l, NULL, true, false));
    cg_tensor_release(l);
    VALS(a->grad, 2, 0, 2, 2, 2, 2);
    VALS(w->grad, 3);
    /* the view itself now reads through the base's new history */
    backward_sum(row);
    VALS(a->grad, 4, 0, 4, 2, 2, 2);
    VALS(w->grad, 6);
    cg_tensor *all[] = {a, w, x, row, w3};
    for (int k = 0; k < 5; k++)
        cg_tensor_release(all[k]);
}

Test(setitem, augmented_assignment_through_a_view) {
    /* Python's x[0] += 1: v = x[0]; v += 1 (in place); x[0] = v */
    cg_tensor *a = leaf(t_from(CG_F32, 2, (int64_t[]){2, 2}, (double[]){1, 2, 3, 4}));
    cg_tensor *x = T_OK(cg_mul(a, a));
    cg_tensor *v = T_OK(cg_index_get(x, ITEMS(I(0))));
    cg_tensor *one = cg_scalar_tensor(cg_scalar_int(1));
    T_RC(cg_add_(v, one, cg_scalar_int(1)));
    T_RC(cg_index_set(x, ITEMS(I(0)), v));
    VALS(x, 2, 5, 9, 16);
    cr_assert_str_eq(x->grad_fn->name, "CopySlices");
    backward_sum(x);
    VALS(a->grad, 2, 4, 6, 8);
    cg_tensor_release(a), cg_tensor_release(x), cg_tensor_release(v), cg_tensor_release(one);
}

Test(index_edges, inplace_forms_on_non_contiguous_self) {
    /* x is [[0, 1, 2], [3, 4, 5]] laid out transposed */
    cg_tensor *c = ARANGE(2, 3);
    cg_tensor *x = t_noncontig(c);
    cr_assert(!cg_tensor_is_contiguous(x));
    cg_tensor *idx = cg_tensor_from_buffer(2, (int64_t[]){1, 3}, CG_INT64, (int64_t[]){1, 0, 1});
    cg_tensor *src = t_from(CG_F32, 2, (int64_t[]){1, 3}, (double[]){10, 20, 30});
    int64_t version = x->storage->version;
    T_RC(cg_scatter_add_(x, 0, idx, src));
    cr_assert_eq(x->storage->version, version + 1);
    VALS(x, 0, 21, 2, 13, 4, 35);
    cg_tensor *i = LONGS(2);
    cg_tensor *col = t_from(CG_F32, 2, (int64_t[]){2, 1}, (double[]){1, 2});
    T_RC(cg_index_add_(x, 1, i, col));
    VALS(x, 0, 21, 3, 13, 4, 37);
    cg_tensor *row = t_from(CG_F32, 2, (int64_t[]){1, 3}, (double[]){7, 8, 9});
    T_RC(cg_scatter_(x, 1, idx, row));
    VALS(x, 8, 9, 3, 13, 4, 37); /* repeated index 1: the last write wins, as on PyTorch's CPU */
    cg_tensor_release(col), cg_tensor_release(row);
    cg_tensor_release(c), cg_tensor_release(x), cg_tensor_release(idx), cg_tensor_release(src), cg_tensor_release(i);
}
