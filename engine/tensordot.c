/* tensordot.c: tensordot, inner, kron and diff, op for op as PyTorch
 * 1.13's ATen writes them (Linear.cpp, ReduceOps.cpp), so that their
 * graphs show PyTorch's nodes (permute, reshape, mm; _unsafe_view and mul;
 * narrow and sub). */
#include <stdlib.h>

#include "ops.h"
#include "tensordot.h"

/* releases every tensor of ts[0..n) */
static void release_n(cg_tensor **ts, int n) {
    for (int i = 0; i < n; i++)
        cg_tensor_release(ts[i]);
}

/* Size-1 contracted dims against larger ones, summed (keepdim) in t1/t2;
 * the product of the others' sizes in *csize. 0 or -1. */
static int contract_sizes(cg_tensor **t1, cg_tensor **t2, int n, const int64_t *dims1, const int64_t *dims2,
                          const int *w1, const int *w2, int64_t *csize) {
    *csize = 1;
    for (int i = 0; i < n; i++) {
        int64_t s1 = (*t1)->sizes[w1[i]], s2 = (*t2)->sizes[w2[i]];
        cg_tensor **which = s2 == 1 ? t1 : s1 == 1 ? t2 : NULL;
        if (which) {
            int64_t d = which == t1 ? w1[i] : w2[i];
            cg_tensor *sum = cg_sum(*which, 1, &d, true);
            if (!sum)
                return -1;
            cg_tensor_release(*which);
            *which = sum;
            continue;
        }
        CG_CHECK_INT(s1 == s2, CG_RUNTIME_ERROR,
                     "contracted dimensions need to match, but first has size %lld in dim %lld and second has size "
                     "%lld in dim %lld",
                     (long long)s1, (long long)dims1[i], (long long)s2, (long long)dims2[i]);
        *csize *= s1;
    }
    return 0;
}

cg_tensor *cg_tensordot(cg_tensor *a, cg_tensor *b, int n, const int64_t *dims1, const int64_t *dims2) {
    int w1[CG_MAX_DIMS], w2[CG_MAX_DIMS];
    bool in1[CG_MAX_DIMS] = {false}, in2[CG_MAX_DIMS] = {false};
    CG_CHECK(n <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    for (int i = 0; i < n; i++) {
        if ((w1[i] = cg_wrap_dim(dims1[i], a->ndim)) < 0 || (w2[i] = cg_wrap_dim(dims2[i], b->ndim)) < 0)
            return NULL;
        in1[w1[i]] = in2[w2[i]] = true;
    }
    cg_tensor *t1 = cg_tensor_retain(a), *t2 = cg_tensor_retain(b), *r = NULL;
    cg_tensor *parts[5] = {NULL};
    int64_t csize, size1 = 1, size2 = 1, p1[CG_MAX_DIMS], p2[CG_MAX_DIMS], rs[2 * CG_MAX_DIMS];
    int k1 = 0, k2 = 0, nr = 0;
    if (contract_sizes(&t1, &t2, n, dims1, dims2, w1, w2, &csize) < 0)
        goto done;
    for (int d = 0; d < a->ndim; d++)
        if (!in1[d])
            p1[k1++] = d, size1 *= t1->sizes[d], rs[nr++] = t1->sizes[d];
    for (int i = 0; i < n; i++)
        p1[k1++] = w1[i], p2[k2++] = w2[i];
    for (int d = 0; d < b->ndim; d++)
        if (!in2[d])
            p2[k2++] = d, size2 *= t2->sizes[d], rs[nr++] = t2->sizes[d];
    if (nr > CG_MAX_DIMS) {
        cg_error_set(CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
        goto done;
    }
    if ((parts[0] = cg_permute(t1, k1, p1)) && (parts[1] = cg_reshape(parts[0], 2, (int64_t[]){size1, csize}))
        && (parts[2] = cg_permute(t2, k2, p2)) && (parts[3] = cg_reshape(parts[2], 2, (int64_t[]){csize, size2}))
        && (parts[4] = cg_mm(parts[1], parts[3])))
        r = cg_reshape(parts[4], nr, rs);
done:
    release_n(parts, 5);
    cg_tensor_release(t1), cg_tensor_release(t2);
    return r;
}

cg_tensor *cg_inner(cg_tensor *a, cg_tensor *b) {
    if (a->ndim == 0 || b->ndim == 0)
        return cg_mul(a, b);
    if (a->sizes[a->ndim - 1] != b->sizes[b->ndim - 1]) {
        char sa[256], sb[256];
        cg_error_set(CG_RUNTIME_ERROR,
                     "inner() the last dimension must match on both input tensors but got shapes %s and %s",
                     cg_sizes_str(a->ndim, a->sizes, sa, sizeof sa), cg_sizes_str(b->ndim, b->sizes, sb, sizeof sb));
        return NULL;
    }
    return cg_tensordot(a, b, 1, (const int64_t[]){-1}, (const int64_t[]){-1});
}

cg_tensor *cg_kron(cg_tensor *a, cg_tensor *b) {
    int nd = a->ndim > b->ndim ? a->ndim : b->ndim, pa = nd - a->ndim, pb = nd - b->ndim;
    CG_CHECK(2 * nd <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    int64_t ra[CG_MAX_DIMS], rb[CG_MAX_DIMS], rr[CG_MAX_DIMS];
    for (int i = 0; i < nd; i++) {
        ra[2 * i] = i >= pa ? a->sizes[i - pa] : 1, ra[2 * i + 1] = 1;
        rb[2 * i] = 1, rb[2 * i + 1] = i >= pb ? b->sizes[i - pb] : 1;
        rr[i] = ra[2 * i] * rb[2 * i + 1];
    }
    cg_tensor *va = cg_unsafe_view(a, 2 * nd, ra), *vb = va ? cg_unsafe_view(b, 2 * nd, rb) : NULL;
    cg_tensor *m = vb ? cg_mul(va, vb) : NULL, *r = m ? cg_unsafe_view(m, nd, rr) : NULL;
    cg_tensor_release(va), cg_tensor_release(vb), cg_tensor_release(m);
    return r;
}

/* prepend, x and append (those given) joined along dim d */
static cg_tensor *joined(cg_tensor *x, int d, cg_tensor *prepend, cg_tensor *append) {
    cg_tensor *ts[3];
    int n = 0;
    if (prepend)
        ts[n++] = prepend;
    ts[n++] = x;
    if (append)
        ts[n++] = append;
    return n == 1 ? cg_tensor_retain(x) : cg_cat(n, ts, d);
}

cg_tensor *cg_diff(cg_tensor *x, int64_t n, int64_t dim, cg_tensor *prepend, cg_tensor *append) {
    CG_CHECK(x->ndim >= 1, CG_RUNTIME_ERROR, "diff expects input to be at least one-dimensional");
    CG_CHECK((!prepend || prepend->ndim == x->ndim) && (!append || append->ndim == x->ndim), CG_RUNTIME_ERROR,
             "diff expects prepend or append to be the same dimension as input");
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0)
        return NULL;
    cg_tensor *r = joined(x, d, prepend, append);
    if (!r || n < 0)
        return r;
    if (n == 0) { /* zeros_like(x).copy_(x): PyTorch's CopyBackwards */
        cg_tensor *z = cg_zeros_like(r);
        int rc = z ? cg_copy_(z, r) : -1;
        cg_tensor_release(r);
        if (rc < 0)
            cg_tensor_release(z);
        return rc < 0 ? NULL : z;
    }
    int64_t len = r->sizes[d] - 1;
    if (n > r->sizes[d])
        n = r->sizes[d];
    for (int64_t i = 0; i < n && r; i++, len--) {
        cg_tensor *hi = cg_narrow(r, d, 1, len), *lo = hi ? cg_narrow(r, d, 0, len) : NULL;
        cg_tensor *next = lo ? (r->dtype == CG_BOOL ? cg_logical_xor(hi, lo) : cg_sub(hi, lo, cg_scalar_int(1))) : NULL;
        cg_tensor_release(hi), cg_tensor_release(lo), cg_tensor_release(r);
        r = next;
    }
    return r;
}
