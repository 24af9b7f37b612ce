/* helpers.c: see helpers.h. */
#include "helpers.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t lcg_next(uint64_t *s) {
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 11;
}

cg_tensor *t_from(cg_dtype dtype, int ndim, const int64_t *sizes, const double *values) {
    cg_tensor *t = cg_tensor_empty(ndim, sizes, dtype, cg_device_cpu());
    if (!t)
        return NULL;
    int64_t n = cg_tensor_numel(t);
    for (int64_t i = 0; i < n; i++)
        t_set(t, i, values[i]);
    return t;
}

cg_tensor *t_rand(cg_dtype dtype, int ndim, const int64_t *sizes, double lo, double hi, uint64_t seed) {
    cg_tensor *t = cg_tensor_empty(ndim, sizes, dtype, cg_device_cpu());
    if (!t)
        return NULL;
    uint64_t s = seed * 2654435761ULL + 1;
    int64_t n = cg_tensor_numel(t);
    for (int64_t i = 0; i < n; i++) {
        double u = (double)lcg_next(&s) / 9007199254740992.0; /* 2^53 */
        t_set(t, i, lo + (hi - lo) * u);
    }
    return t;
}

/* Byte offset of row-major element i of t. */
static int64_t elem_offset(const cg_tensor *t, int64_t i) {
    int64_t off = t->offset;
    for (int d = t->ndim - 1; d >= 0; d--) {
        int64_t size = t->sizes[d];
        off += (i % size) * t->strides[d];
        i /= size;
    }
    return off * (int64_t)cg_dtype_size(t->dtype);
}

double t_at(const cg_tensor *t, int64_t i) {
    return cg_scalar_to_double(cg_scalar_load((char *)t->storage->data + elem_offset(t, i), t->dtype));
}

void t_set(cg_tensor *t, int64_t i, double v) {
    cg_scalar s = cg_dtype_is_float(t->dtype) ? cg_scalar_float(v)
                  : t->dtype == CG_BOOL       ? cg_scalar_bool(v != 0)
                                              : cg_scalar_int((int64_t)v);
    cg_scalar_store((char *)t->storage->data + elem_offset(t, i), t->dtype, s);
}

double *t_values(const cg_tensor *t) {
    int64_t n = cg_tensor_numel(t);
    double *v = malloc((size_t)(n ? n : 1) * sizeof *v);
    for (int64_t i = 0; i < n; i++)
        v[i] = t_at(t, i);
    return v;
}

cg_tensor *t_noncontig(cg_tensor *t) {
    if (t->ndim == 0)
        return cg_tensor_retain(t);
    if (t->ndim == 1) {
        /* every other element of a tensor twice as long */
        int64_t n2 = 2 * t->sizes[0];
        cg_tensor *big = cg_zeros(1, &n2, t->dtype, cg_device_cpu());
        cg_tensor *v = cg_slice_dim(big, 0, 0, n2, 2);
        cg_copy_(v, t);
        cg_tensor_release(big);
        return v;
    }
    int64_t rev[CG_MAX_DIMS], perm[CG_MAX_DIMS];
    for (int d = 0; d < t->ndim; d++) {
        rev[d] = t->sizes[t->ndim - 1 - d];
        perm[d] = t->ndim - 1 - d;
    }
    cg_tensor *base = cg_tensor_empty(t->ndim, rev, t->dtype, cg_device_cpu());
    cg_tensor *v = cg_permute(base, t->ndim, perm);
    cg_copy_(v, t);
    cg_tensor_release(base);
    return v;
}

bool t_shape_is(const cg_tensor *t, int ndim, ...) {
    va_list ap;
    va_start(ap, ndim);
    bool ok = t->ndim == ndim;
    for (int d = 0; d < ndim; d++) {
        int64_t s = va_arg(ap, int64_t);
        ok = ok && t->sizes[d] == s;
    }
    va_end(ap);
    return ok;
}

void t_assert_close(const cg_tensor *a, const cg_tensor *b, double rtol, double atol) {
    char sa[128], sb[128];
    cr_assert(a->ndim == b->ndim && !memcmp(a->sizes, b->sizes, (size_t)a->ndim * sizeof(int64_t)),
              "shapes differ: %s vs %s", cg_sizes_str(a->ndim, a->sizes, sa, sizeof sa),
              cg_sizes_str(b->ndim, b->sizes, sb, sizeof sb));
    int64_t n = cg_tensor_numel(a);
    for (int64_t i = 0; i < n; i++) {
        double x = t_at(a, i), y = t_at(b, i);
        if (isnan(x) && isnan(y))
            continue;
        cr_assert(fabs(x - y) <= atol + rtol * fabs(y) || x == y, "element %lld: %.10g vs %.10g", (long long)i, x, y);
    }
}

void t_assert_values(const cg_tensor *t, int n, const double *expected, double tol) {
    cr_assert_eq(cg_tensor_numel(t), n, "numel %lld, expected %d", (long long)cg_tensor_numel(t), n);
    for (int i = 0; i < n; i++) {
        double x = t_at(t, i);
        if (isnan(expected[i])) {
            cr_assert(isnan(x), "element %d: %g, expected nan", i, x);
            continue;
        }
        cr_assert(fabs(x - expected[i]) <= tol || x == expected[i], "element %d: %.10g, expected %.10g", i, x,
                  expected[i]);
    }
}

/* ---- drawn sizes and sample inputs ------------------------------------------------------ */

static int64_t drawn[S_NSIZES] = {2, 3, 4, 2, 3, 4}; /* before any draw */
static uint64_t draw_seed;
static int reads;

void s_draw(uint64_t seed) {
    uint64_t s = seed * 2654435761ULL + 7;
    for (int k = 0; k < S_NSIZES; k++)
        drawn[k] = 1 + (int64_t)(lcg_next(&s) % 4);
    draw_seed = seed;
    reads = 0;
}

int64_t s_size(int k) {
    reads++;
    return drawn[k];
}

int s_sizes_read(void) { return reads; }

const char *s_draw_str(void) {
    static char buf[64];
    int used = 0;
    for (int k = 0; k < S_NSIZES; k++)
        used +=
            snprintf(buf + used, sizeof buf - (size_t)used, "%s%c=%lld", k ? " " : "", 'A' + k, (long long)drawn[k]);
    return buf;
}

/* Values differ between draws as the shapes do. */
static uint64_t value_seed(uint64_t seed) { return seed + 1000003ULL * draw_seed; }

/* Every other element of a tensor twice as long in its last dim: never
 * contiguous when it has two or more elements. */
static cg_tensor *every_other(cg_tensor *t) {
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, t->sizes, (size_t)t->ndim * sizeof *sizes);
    sizes[t->ndim - 1] *= 2;
    cg_tensor *big = cg_zeros(t->ndim, sizes, t->dtype, cg_device_cpu());
    cg_tensor *v = cg_slice_dim(big, t->ndim - 1, 0, sizes[t->ndim - 1], 2);
    cg_copy_(v, t);
    cg_tensor_release(big);
    return v;
}

cg_tensor *s_input_range(const int64_t *sizes, int ndim, uint64_t seed, bool noncontig, double lo, double hi) {
    cg_tensor *t = t_rand(CG_F64, ndim, sizes, lo, hi, value_seed(seed));
    if (noncontig) {
        cg_tensor *v = t_noncontig(t);
        if (cg_tensor_is_contiguous(v) && cg_tensor_numel(v) > 1) { /* a transpose of a vector */
            cg_tensor_release(v);
            v = every_other(t);
        }
        cg_tensor_release(t);
        t = v;
    }
    t->requires_grad = true;
    return t;
}

cg_tensor *s_input(const int64_t *sizes, int ndim, uint64_t seed, bool noncontig) {
    return s_input_range(sizes, ndim, seed, noncontig, -2.0, 2.0);
}

cg_tensor *s_const_range(const int64_t *sizes, int ndim, uint64_t seed, double lo, double hi) {
    return t_rand(CG_F64, ndim, sizes, lo, hi, value_seed(seed));
}

cg_tensor *s_on_device_of(const cg_tensor *like, cg_tensor *t) {
    cg_device dev = like ? cg_tensor_device(like) : cg_device_cpu();
    if (!t || cg_tensor_device(t).type == dev.type)
        return t;
    cg_tensor *moved = cg_to_device(t, dev);
    cg_tensor_release(t);
    return moved;
}

cg_tensor *s_const(const int64_t *sizes, int ndim, uint64_t seed) {
    return s_const_range(sizes, ndim, seed, -2.0, 2.0);
}

cg_tensor *s_mask(const int64_t *sizes, int ndim, uint64_t seed) {
    cg_tensor *r = s_const_range(sizes, ndim, seed, 0.0, 1.0);
    cg_tensor *m = cg_tensor_empty(ndim, sizes, CG_BOOL, cg_device_cpu());
    for (int64_t i = 0; i < cg_tensor_numel(m); i++)
        t_set(m, i, t_at(r, i) < 0.5);
    cg_tensor_release(r);
    return m;
}

cg_tensor *s_classes(const int64_t *sizes, int ndim, int64_t classes, int64_t avoid, uint64_t seed) {
    cg_tensor *r = s_const_range(sizes, ndim, seed, 0.0, 1.0);
    cg_tensor *c = cg_tensor_empty(ndim, sizes, CG_INT64, cg_device_cpu());
    for (int64_t i = 0; i < cg_tensor_numel(c); i++) {
        int64_t k = (int64_t)(t_at(r, i) * (double)classes);
        if (i == 0 && k == avoid && classes > 1)
            k = (k + 1) % classes;
        t_set(c, i, (double)k);
    }
    cg_tensor_release(r);
    return c;
}
