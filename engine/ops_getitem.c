/* ops_getitem.c: Python's subscript, t[items] and t[items] = value.
 *
 * Items are applied left to right as PyTorch does: ints select, slices
 * slice, None unsqueezes, Ellipsis skips the dims it covers; all of these
 * are views. Tensor items (bool masks become their nonzero indices) are
 * gathered afterwards into one advanced index over the view (index_walk.h),
 * which copies. Assignment writes through the same view, then records
 * PyTorch's node on t: CopySlices when a basic item made a view, else
 * IndexPutBackward0. The basic items applied are kept in a small int64
 * tensor (the "plan"), so that CopySlices can apply them again to the
 * gradient. */
#include <stdlib.h>
#include <string.h>

#include "index_walk.h"
#include "ops.h"
#include "view_rebase.h"

enum { STEP_SELECT, STEP_SLICE, STEP_UNSQUEEZE, STEP_FLATTEN, STEP_FIELDS = 5 };
#define MAX_ITEMS (3 * CG_MAX_DIMS)

typedef struct {
    int nsteps;
    int64_t steps[MAX_ITEMS][STEP_FIELDS]; /* kind, dim, start/index, stop, step */
    bool viewed;                           /* a basic item made a view */
    int k;                                 /* tensor items, at dims of the view */
    int64_t dims[CG_MAX_DIMS];
    cg_tensor *idx[CG_MAX_DIMS]; /* owned */
} plan;

static void plan_free(plan *p) {
    for (int j = 0; j < p->k; j++)
        cg_tensor_release(p->idx[j]);
}

static cg_tensor *step_apply(cg_tensor *t, const int64_t *s) {
    switch (s[0]) {
    case STEP_SELECT: return cg_select(t, s[1], s[2]);
    case STEP_SLICE: return cg_slice_dim(t, s[1], s[2], s[3], s[4]);
    case STEP_FLATTEN: return cg_reshape(t, 1, (int64_t[]){-1});
    default: return cg_unsqueeze(t, s[1]);
    }
}

/* Applies one basic step to *r, keeping it in the plan. */
static int step(plan *p, cg_tensor **r, int64_t kind, int64_t dim, int64_t a, int64_t b, int64_t c) {
    int64_t *s = p->steps[p->nsteps];
    s[0] = kind, s[1] = dim, s[2] = a, s[3] = b, s[4] = c;
    cg_tensor *v = step_apply(*r, s);
    if (!v)
        return -1;
    cg_tensor_release(*r);
    *r = v;
    p->nsteps++;
    p->viewed = true;
    return 0;
}

static int add_index(plan *p, int64_t dim, cg_tensor *idx) {
    CG_CHECK_INT(p->k < CG_MAX_DIMS, CG_INDEX_ERROR, "too many indices");
    p->dims[p->k] = dim;
    p->idx[p->k++] = idx;
    return 0;
}

/* A mask at dims d.. of r: its nonzero positions, one index per mask dim. */
static int mask_indices(plan *p, const cg_tensor *r, int d, const cg_tensor *mask) {
    cg_tensor *idx[CG_MAX_DIMS];
    if (cg_mask_indices(mask, r, d, idx) < 0)
        return -1;
    int rc = 0;
    for (int j = 0; j < mask->ndim; j++) {
        if (rc == 0 && add_index(p, d + j, idx[j]) == 0)
            continue;
        cg_tensor_release(idx[j]);
        rc = -1;
    }
    return rc;
}

/* Python's subscript has its own message, not select()'s. */
static bool int_in_range(const cg_tensor *r, int d, int64_t i) {
    int64_t size = r->sizes[d];
    if (i >= -size && i < size)
        return true;
    cg_error_set(CG_INDEX_ERROR, "index %lld is out of bounds for dimension %d with size %lld", (long long)i, d,
                 (long long)size);
    return false;
}

/* A tensor item at dim *d of *r, read on the CPU. */
static int tensor_item_cpu(plan *p, cg_tensor **r, int *d, cg_tensor *t) {
    if ((t->dtype == CG_INT64 || t->dtype == CG_INT32) && t->ndim == 0) {
        /* PyTorch treats a 0-d integer tensor as the integer: a select view */
        const void *v = cg_tensor_data(t);
        int64_t i = t->dtype == CG_INT64 ? *(const int64_t *)v : *(const int32_t *)v;
        return int_in_range(*r, *d, i) ? step(p, r, STEP_SELECT, *d, i, 0, 0) : -1;
    }
    if (t->dtype == CG_INT64 || t->dtype == CG_INT32) {
        if (add_index(p, *d, cg_tensor_retain(t)) < 0) {
            cg_tensor_release(t);
            return -1;
        }
        (*d)++;
        return 0;
    }
    CG_CHECK_INT(t->dtype == CG_BOOL, CG_INDEX_ERROR,
                 "tensors used as indices must be long, int, byte or bool tensors");
    if (t->ndim == 0) {
        /* a 0-d mask adds a dim of size 1 and keeps it or not */
        if (step(p, r, STEP_UNSQUEEZE, *d, 0, 0, 0) < 0)
            return -1;
        bool keep = ((const bool *)cg_tensor_data(t))[0];
        cg_tensor *idx = cg_zeros(1, (int64_t[]){keep ? 1 : 0}, CG_INT64, cg_device_cpu());
        if (!idx || add_index(p, *d, idx) < 0) {
            cg_tensor_release(idx);
            return -1;
        }
        (*d)++;
        return 0;
    }
    if (mask_indices(p, *r, *d, t) < 0)
        return -1;
    *d += t->ndim;
    return 0;
}

static int tensor_item(plan *p, cg_tensor **r, int *d, cg_tensor *t) {
    cg_tensor *c = cg_index_to_cpu(t);
    int rc = c ? tensor_item_cpu(p, r, d, c) : -1;
    cg_tensor_release(c);
    return rc;
}

/* Dims of t that the items consume; IndexError when more than t has. */
static int consumed_dims(const cg_tensor *t, int n, const cg_index_item *items) {
    int used = 0, ellipses = 0;
    for (int i = 0; i < n; i++) {
        const cg_index_item *it = &items[i];
        if (it->kind == CG_INDEX_INT || it->kind == CG_INDEX_SLICE)
            used++;
        else if (it->kind == CG_INDEX_TENSOR)
            used += it->tensor->dtype == CG_BOOL ? it->tensor->ndim : 1;
        else if (it->kind == CG_INDEX_ELLIPSIS)
            ellipses++;
    }
    CG_CHECK_INT(ellipses <= 1, CG_INDEX_ERROR, "an index can only have a single ellipsis ('...')");
    CG_CHECK_INT(used <= t->ndim && n <= MAX_ITEMS, CG_INDEX_ERROR, "too many indices for tensor of dimension %d",
                 t->ndim);
    return used;
}

/* The view of t that the basic items make (with history when grad mode is
 * on), and the tensor items gathered in p. */
static cg_tensor *apply_items(cg_tensor *t, int n, const cg_index_item *items, plan *p) {
    memset(p, 0, sizeof *p);
    int used = consumed_dims(t, n, items);
    if (used < 0)
        return NULL;
    cg_tensor *r = cg_tensor_retain(t);
    int d = 0, rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        const cg_index_item *it = &items[i];
        switch (it->kind) {
        case CG_INDEX_INT: rc = int_in_range(r, d, it->i) ? step(p, &r, STEP_SELECT, d, it->i, 0, 0) : -1; break;
        case CG_INDEX_SLICE:
            rc = step(p, &r, STEP_SLICE, d, it->has_start ? it->start : 0, it->has_stop ? it->stop : INT64_MAX,
                      it->has_step ? it->step : 1);
            d++;
            break;
        case CG_INDEX_NONE: rc = step(p, &r, STEP_UNSQUEEZE, d++, 0, 0, 0); break;
        case CG_INDEX_ELLIPSIS: d += t->ndim - used; break;
        case CG_INDEX_TENSOR: rc = tensor_item(p, &r, &d, it->tensor); break;
        }
    }
    if (rc < 0) {
        cg_tensor_release(r);
        plan_free(p);
        return NULL;
    }
    return r;
}

static int plan_adv(const plan *p, const cg_tensor *r, cg_adv_index *a) {
    memset(a, 0, sizeof *a);
    return p->k ? cg_adv_build(a, r, p->k, p->dims, p->idx) : 0;
}

/* t[...] and t[()]: an alias of t, a view with its own node. */
static cg_tensor *alias(cg_tensor *t) {
    cg_tensor *v = cg_tensor_from_storage(t->storage, t->offset, t->ndim, t->sizes, t->strides, t->dtype);
    if (!v)
        return NULL;
    v->base = cg_tensor_retain(t->base ? t->base : t);
    if (cg_autograd_needed(1, &t) && cg_autograd_record(CG_OP_ALIAS, 1, &v, 1, &t, 0, NULL, NULL, NULL) < 0) {
        cg_tensor_release(v);
        return NULL;
    }
    return v;
}

/* AliasBackward0: the gradient passes through. */
int cg_bw_alias(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n;
    gi[0] = cg_tensor_retain(go[0]);
    return 0;
}

cg_tensor *cg_index_get(cg_tensor *t, int n, const cg_index_item *items) {
    plan p;
    cg_tensor *r = apply_items(t, n, items, &p);
    if (r && !p.viewed && p.k == 0) {
        cg_tensor_release(r);
        return alias(t);
    }
    if (!r || p.k == 0)
        return r;
    cg_adv_index a;
    cg_tensor *out = plan_adv(&p, r, &a) == 0 ? cg_adv_take(r, &a) : NULL;
    cg_adv_free(&a);
    plan_free(&p);
    cg_tensor_release(r);
    return out;
}

/* ---- assignment ----------------------------------------------------------------- */

/* value seen at the view's shape: PyTorch drops value's leading 1-dims,
 * then expands (with expand's message on a mismatch). */
static cg_tensor *value_for_view(cg_tensor *value, const cg_tensor *view) {
    int lead = 0;
    while (value->ndim - lead > view->ndim && value->sizes[lead] == 1)
        lead++;
    cg_tensor *v = lead ? cg_reshape(value, value->ndim - lead, value->sizes + lead) : cg_tensor_retain(value);
    cg_tensor *e = v ? cg_expand(v, view->ndim, view->sizes) : NULL;
    cg_tensor_release(v);
    return e;
}

/* Writes value (tensor, or the number when value is NULL) into r[a], all
 * without history. */
static int write_values(cg_tensor *r, const cg_adv_index *a, cg_tensor *value, cg_scalar number) {
    if (a->k) {
        cg_tensor *v = value ? cg_tensor_retain(value) : cg_full(0, NULL, number, r->dtype, cg_tensor_device(r));
        int rc = v ? cg_adv_put_(r, a, v, false, false) : -1;
        cg_tensor_release(v);
        return rc;
    }
    if (!value)
        return cg_fill_(r, number);
    cg_tensor *e = value_for_view(value, r);
    int rc = e ? cg_copy_(r, e) : -1;
    cg_tensor_release(e);
    return rc;
}

/* The plan's steps as an int64 tensor [nsteps, STEP_FIELDS], saved by
 * CopySlices. */
static cg_tensor *plan_tensor(const plan *p) {
    int64_t sizes[2] = {p->nsteps, STEP_FIELDS};
    return cg_tensor_from_buffer(2, sizes, CG_INT64, p->steps);
}

static int record_set(cg_tensor *t, const plan *p, const cg_adv_index *a, cg_tensor *value) {
    cg_tensor *in[] = {t, value};
    if (!cg_autograd_needed(2, in))
        return 0;
    cg_op_args args = {0};
    if (a->k)
        cg_adv_to_args(a, &args);
    if (!p->viewed) {
        cg_save_spec save[] = {{a->lin, "indices"}};
        return cg_autograd_record(CG_OP_INDEX_PUT, 1, &t, 2, in, 1, save, &args, NULL);
    }
    cg_tensor *steps = plan_tensor(p);
    if (!steps)
        return -1;
    cg_save_spec save[] = {{steps, "view"}, {a->lin, "indices"}};
    int rc = cg_autograd_record(CG_OP_COPY_SLICES, 1, &t, 2, in, 2, save, &args, NULL);
    cg_tensor_release(steps);
    return rc;
}

static int set_impl(cg_tensor *t, int n, const cg_index_item *items, cg_tensor *value, cg_scalar number) {
    plan p;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *r = apply_items(t, n, items, &p);
    cg_grad_set_enabled(was);
    if (!r)
        return -1;
    cg_adv_index a;
    int rc = cg_autograd_check_inplace(p.viewed ? r : t);
    if (rc == 0)
        rc = plan_adv(&p, r, &a);
    else
        memset(&a, 0, sizeof a);
    if (rc == 0 && !p.viewed && p.k == 0) {
        /* t[...] = v is t.copy_(v) (CopyBackwards) or t.fill_(v), as in PyTorch */
        rc = write_values(t, &a, value, number);
    } else if (rc == 0) {
        was = cg_grad_set_enabled(false);
        rc = write_values(r, &a, value, number);
        cg_grad_set_enabled(was);
        if (rc == 0)
            rc = record_set(t, &p, &a, value); /* a view t: Note [In-place ops on views] */
    }
    cg_adv_free(&a);
    plan_free(&p);
    cg_tensor_release(r);
    return rc;
}

int cg_index_set(cg_tensor *t, int n, const cg_index_item *items, cg_tensor *value) {
    /* t[mask] = 0-d tensor is masked_fill_ in PyTorch, which casts the value */
    bool cast = n == 1 && items[0].kind == CG_INDEX_TENSOR && items[0].tensor->dtype == CG_BOOL && value->ndim == 0
                && value->dtype != t->dtype;
    cg_tensor *v = cast ? cg_to_dtype(value, t->dtype) : cg_tensor_retain(value);
    int rc = v ? set_impl(t, n, items, v, cg_scalar_int(0)) : -1;
    cg_tensor_release(v);
    return rc;
}

int cg_index_set_scalar(cg_tensor *t, int n, const cg_index_item *items, cg_scalar value) {
    return set_impl(t, n, items, NULL, value);
}

/* The plan's view of g (recorded views when g has history). */
static cg_tensor *replay(cg_tensor *g, const cg_tensor *steps) {
    cg_tensor *r = cg_tensor_retain(g);
    const int64_t *s = cg_tensor_data(steps);
    for (int64_t i = 0; r && i < steps->sizes[0]; i++) {
        cg_tensor *v = step_apply(r, s + i * STEP_FIELDS);
        cg_tensor_release(r);
        r = v;
    }
    return r;
}

/* CopySlices: self: grad with the written region zeroed (grad * mask, so
 * that double backward sees it); value: grad's region. */
int cg_bw_copy_slices(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    if (n->wrapped)
        return cg_copy_slices_wrapped(n, go, gi);
    cg_tensor *steps;
    cg_adv_index a = {0};
    if (cg_node_saved(n, 0, &steps) < 0 || (n->args.ndims && cg_adv_from_node(n, 1, &a) < 0))
        return -1;
    if (n->next[0].node) {
        const cg_meta *m = &n->in_meta[0];
        cg_tensor *mask = cg_ones(m->ndim, m->sizes, go[0]->dtype, m->device);
        cg_tensor *mv = mask ? replay(mask, steps) : NULL;
        cg_tensor *zero = mv ? cg_zeros(0, NULL, mv->dtype, m->device) : NULL;
        int rc = zero ? write_values(mv, &a, zero, cg_scalar_int(0)) : -1;
        gi[0] = rc == 0 ? cg_mul(go[0], mask) : NULL;
        cg_tensor_release(mask), cg_tensor_release(mv), cg_tensor_release(zero);
        if (!gi[0])
            return -1;
    }
    if (n->next[1].node) {
        cg_tensor *gv = replay(go[0], steps);
        cg_tensor *g = gv && a.k ? cg_adv_take(gv, &a) : gv ? cg_tensor_retain(gv) : NULL;
        cg_tensor_release(gv);
        gi[1] = g ? cg_adv_values_grad(g, &n->in_meta[1]) : NULL;
        cg_tensor_release(g);
        if (!gi[1])
            return -1;
    }
    return 0;
}
