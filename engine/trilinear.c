/* trilinear.c: torch._trilinear (node TrilinearBackward0), the op
 * F.bilinear is composed of, and its derivative (three _trilinear calls,
 * as PyTorch's _trilinear_backward). Not here: bilinear's reshapes and
 * bias (lang/prelude, a composite as in PyTorch).
 *
 * Note [Trilinear as PyTorch sums it]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * i1, i2 and i3 are unsqueezed at their expand dims to one rank; for each
 * index k of unroll_dim the slices' pairwise products are contracted by
 * ATen's sumproduct_pair (the dims summed on one side only reduced first,
 * then one bmm of [batch, left, sum] by [batch, sum, right]), i1 with i2
 * over the sum dims i3 lacks, that with i3 over the rest, and added into
 * zeros. The same ops in the same order give PyTorch's bits: bmm's own
 * paths (Note in ops_linalg.c) decide the sums; 0 + -0 is +0 here as there.
 * Each call is unrecorded and the result recorded as one node. */
#include <string.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"
#include "ops_nn.h"

static bool bit(uint64_t m, int i) { return (m >> i) & 1u; }

/* ATen's sumproduct_pair with keepdim: left and right of one rank, sum a
 * mask of dims to contract; a new reference, unrecorded by the caller */
static cg_tensor *sumproduct_pair(cg_tensor *left, cg_tensor *right, uint64_t sum) {
    int nd = left->ndim;
    int64_t lro[CG_MAX_DIMS], lo[CG_MAX_DIMS], ro[CG_MAX_DIMS], sd[CG_MAX_DIMS];
    int nlro = 0, nlo = 0, nro = 0, nsd = 0;
    int64_t lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
    scratch s = {0};
    cg_tensor *l = cg_tensor_retain(left), *r = cg_tensor_retain(right);
    keep(&s, l), keep(&s, r);
    for (int i = 0; i < nd && l && r; i++) {
        bool sl = l->sizes[i] > 1, sr = r->sizes[i] > 1;
        if (bit(sum, i)) {
            sd[nsd++] = i;
            if (sl && sr) {
                if (l->sizes[i] != r->sizes[i]) {
                    cg_error_set(CG_RUNTIME_ERROR, "non-broadcast dimensions must match");
                    l = NULL;
                    break;
                }
                sum_size *= l->sizes[i];
            } else if (sl) {
                l = s_sum_dim(&s, l, i, true);
            } else if (sr) {
                r = s_sum_dim(&s, r, i, true);
            }
        } else if (sl && sr) {
            lro[nlro++] = i, lro_size *= l->sizes[i];
        } else if (sl) {
            lo[nlo++] = i, lo_size *= l->sizes[i];
        } else {
            ro[nro++] = i, ro_size *= r->sizes[i];
        }
    }
    cg_tensor *out = NULL;
    if (l && r) {
        int64_t lp[CG_MAX_DIMS], rp[CG_MAX_DIMS], op[CG_MAX_DIMS], osz[CG_MAX_DIMS];
        int k = 0;
        for (int i = 0; i < nlro; i++)
            lp[k] = rp[k] = lro[i], osz[k] = l->sizes[lro[i]], op[lro[i]] = k, k++;
        int kl = k, kr = k;
        for (int i = 0; i < nlo; i++)
            lp[kl++] = lo[i], osz[k] = l->sizes[lo[i]], op[lo[i]] = k, k++;
        for (int i = 0; i < nsd; i++)
            lp[kl++] = sd[i], rp[kr++] = sd[i], osz[k] = 1, op[sd[i]] = k, k++;
        for (int i = 0; i < nro; i++)
            lp[kl++] = ro[i], rp[kr++] = ro[i], osz[k] = r->sizes[ro[i]], op[ro[i]] = k, k++;
        for (int i = 0; i < nlo; i++)
            rp[kr++] = lo[i];
        cg_tensor *lm = s_reshape(&s, keep(&s, cg_permute(l, nd, lp)), 3, (int64_t[]){lro_size, lo_size, sum_size});
        cg_tensor *rm = s_reshape(&s, keep(&s, cg_permute(r, nd, rp)), 3, (int64_t[]){lro_size, sum_size, ro_size});
        cg_tensor *prod = lm && rm ? keep(&s, cg_bmm(lm, rm)) : NULL;
        cg_tensor *v = prod ? keep(&s, cg_view(prod, nd, osz)) : NULL;
        out = v ? cg_permute(v, nd, op) : NULL;
    }
    scratch_free(&s);
    return out;
}

/* the unsqueezed operands and the output's sizes (Note [Trilinear as PyTorch sums it]) */
typedef struct {
    int nd;
    int64_t out[CG_MAX_DIMS];
    uint64_t sum12, sum23;
    int64_t unroll_size, slice[3];
} tri_plan;

static int plan_trilinear(cg_tensor **in, const uint64_t *expand, uint64_t sumdim, int64_t unroll, tri_plan *p,
                          scratch *s) {
    int nd = in[0]->ndim + __builtin_popcountll(expand[0]);
    CG_CHECK_INT(nd <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    for (int k = 1; k < 3; k++)
        CG_CHECK_INT(in[k]->ndim + __builtin_popcountll(expand[k]) == nd, CG_RUNTIME_ERROR,
                     "number of dimensions does not match");
    CG_CHECK_INT(unroll >= 0 && unroll < nd, CG_RUNTIME_ERROR, "unroll_dim %lld out of range", (long long)unroll);
    *p = (tri_plan){.nd = nd, .unroll_size = -1};
    for (int i = 0; i < nd; i++) {
        int64_t size = 0;
        for (int k = 0; k < 3; k++) {
            if (bit(expand[k], i)) {
                if (!(in[k] = keep(s, cg_unsqueeze(in[k], i))))
                    return -1;
            } else {
                size = in[k]->sizes[i];
            }
        }
        if (bit(sumdim, i) && i != unroll)
            *(bit(expand[2], i) ? &p->sum12 : &p->sum23) |= 1ull << i;
        p->out[i] = bit(sumdim, i) ? 1 : size;
        if (i == unroll)
            p->unroll_size = size;
    }
    for (int k = 0; k < 3; k++)
        p->slice[k] = bit(expand[k], (int)unroll) ? 0 : 1;
    return 0;
}

/* unrecorded */
static cg_tensor *trilinear_value(cg_tensor *i1, cg_tensor *i2, cg_tensor *i3, const uint64_t *expand, uint64_t sumdim,
                                  int64_t unroll) {
    bool was = cg_grad_set_enabled(false);
    scratch s = {0};
    cg_tensor *in[3] = {i1, i2, i3};
    tri_plan p;
    cg_tensor *out = NULL;
    if (plan_trilinear(in, expand, sumdim, unroll, &p, &s) == 0)
        out = cg_zeros(p.nd, p.out, i1->dtype, cg_tensor_device(i1));
    for (int64_t k = 0; out && k < p.unroll_size; k++) {
        cg_tensor *a = keep(&s, cg_narrow(in[0], unroll, k * p.slice[0], 1));
        cg_tensor *b = keep(&s, cg_narrow(in[1], unroll, k * p.slice[1], 1));
        cg_tensor *c = keep(&s, cg_narrow(in[2], unroll, k * p.slice[2], 1));
        cg_tensor *buf = a && b && c ? keep(&s, sumproduct_pair(a, b, p.sum12)) : NULL;
        buf = buf ? keep(&s, sumproduct_pair(buf, c, p.sum23)) : NULL;
        cg_tensor *dst = buf && !bit(sumdim, (int)unroll) ? keep(&s, cg_narrow(out, unroll, k, 1)) : out;
        if (!buf || !dst || cg_add_(dst, buf, cg_scalar_int(1)) < 0)
            cg_tensor_release(out), out = NULL;
    }
    for (int i = p.nd - 1; out && i >= 0; i--) {
        if (!bit(sumdim, i))
            continue;
        cg_tensor *q = cg_squeeze_dim(out, i);
        cg_tensor_release(out);
        out = q;
    }
    scratch_free(&s);
    cg_grad_set_enabled(was);
    return out;
}

static uint64_t mask_of(int n, const int64_t *dims) {
    uint64_t m = 0;
    for (int k = 0; k < n; k++)
        m |= dims[k] >= 0 && dims[k] < 64 ? 1ull << dims[k] : 0;
    return m;
}

static cg_tensor *trilinear_masks(cg_tensor *i1, cg_tensor *i2, cg_tensor *i3, const uint64_t *expand, uint64_t sumdim,
                                  int64_t unroll) {
    CG_CHECK(i1->dtype == i2->dtype && i1->dtype == i3->dtype, CG_RUNTIME_ERROR, "expected scalar type %s but found %s",
             cg_dtype_legacy_name(i1->dtype), cg_dtype_legacy_name(i1->dtype == i2->dtype ? i3->dtype : i2->dtype));
    cg_tensor *all[] = {i1, i2, i3};
    if (cg_check_same_device(3, all) < 0)
        return NULL;
    cg_tensor *out = trilinear_value(i1, i2, i3, expand, sumdim, unroll);
    if (!out)
        return NULL;
    cg_op_args args = {.i = {(int64_t)expand[0], (int64_t)expand[1], (int64_t)expand[2], (int64_t)sumdim},
                       .ndims = 1,
                       .dims = {unroll}};
    cg_save_spec save[] = {{i1, "i1"}, {i2, "i2"}, {i3, "i3"}};
    return cg_ew_record(out, CG_OP_TRILINEAR, 3, all, 3, save, &args);
}

cg_tensor *cg_trilinear(cg_tensor *i1, cg_tensor *i2, cg_tensor *i3, int n1, const int64_t *expand1, int n2,
                        const int64_t *expand2, int n3, const int64_t *expand3, int nsum, const int64_t *sumdim,
                        int64_t unroll_dim) {
    uint64_t expand[3] = {mask_of(n1, expand1), mask_of(n2, expand2), mask_of(n3, expand3)};
    return trilinear_masks(i1, i2, i3, expand, mask_of(nsum, sumdim), unroll_dim);
}

/* TrilinearBackward0, as _trilinear_backward: each input's gradient is a
 * _trilinear of the other two with grad, sumdim and that input's expand
 * swapped */
int cg_bw_trilinear(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *i[3];
    if (cg_node_saved_all(n, 3, &i[0], &i[1], &i[2]) < 0)
        return -1;
    uint64_t e[3] = {(uint64_t)n->args.i[0], (uint64_t)n->args.i[1], (uint64_t)n->args.i[2]};
    uint64_t sumdim = (uint64_t)n->args.i[3];
    for (int k = 0; k < 3; k++) {
        if (!n->next[k].node)
            continue;
        cg_tensor *ops[3] = {i[0], i[1], i[2]};
        uint64_t ex[3] = {e[0], e[1], e[2]};
        ops[k] = go[0], ex[k] = sumdim;
        if (!(gi[k] = trilinear_masks(ops[0], ops[1], ops[2], ex, e[k], 1)))
            return -1;
    }
    return 0;
}
