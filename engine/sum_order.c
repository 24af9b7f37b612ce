/* sum_order.c: floating sums in PyTorch 1.13's order. See Note [Reductions
 * in PyTorch's order] in sum_order.h. */
#include "sum_order.h"

#include "iter.h"
#include "vec_math.h"

#include <omp.h>

#define LANES_LOOP "sum_order_loop.h"
#include "lanes_each.h"

/* The same kernels compiled for AVX2 (sum_order_avx2.c) where the CPU has
 * it: each lane adds as before, so the bits are the same, but eight floats
 * go at once instead of four. */
static cg_slab_fn slab_for(cg_dtype dtype) {
    bool avx2 = cg_vec_math_available();
    if (dtype == CG_F32)
        return avx2 ? cg_sum_slab_f32_avx2 : slab_f32;
    return avx2 ? cg_sum_slab_f64_avx2 : slab_f64;
}

/* The iteration plan: dims fastest first, byte strides of out (0 on reduced
 * dims) and x, after ATen's reordering and merging. */
typedef struct {
    int ndim;
    int64_t shape[CG_MAX_DIMS];
    int64_t so[CG_MAX_DIMS], sx[CG_MAX_DIMS];
    int64_t esize;
    cg_slab_fn slab;
    double identity; /* what out starts from, and each thread's slot */
} so_plan;

/* ATen's comparison of two dims while sorting: 1 if a goes after b, -1 if
 * before, 0 if the strides do not tell. Reduced dims go first; then the
 * smaller stride, out's deciding before x's; equal strides put the
 * smaller size first. */
static int should_swap(const so_plan *p, int a, int b) {
    const int64_t *st[2] = {p->so, p->sx};
    for (int arg = 0; arg < 2; arg++) {
        int64_t s0 = st[arg][a], s1 = st[arg][b];
        if (arg == 0 && (s0 == 0) != (s1 == 0))
            return s1 == 0 ? 1 : -1;
        if (s0 == 0 || s1 == 0)
            continue;
        if (s0 != s1)
            return s0 < s1 ? -1 : 1;
        if (p->shape[a] > p->shape[b])
            return 1;
    }
    return 0;
}

/* Insertion sort of the dims (ambiguous comparisons move on), as ATen's
 * reorder_dimensions. */
static void reorder(so_plan *p) {
    int n = p->ndim, perm[CG_MAX_DIMS];
    for (int i = 0; i < n; i++)
        perm[i] = i;
    for (int i = 1; i < n; i++) {
        int d1 = i;
        for (int d0 = i - 1; d0 >= 0; d0--) {
            int c = should_swap(p, perm[d0], perm[d1]);
            if (c > 0) {
                int t = perm[d0];
                perm[d0] = perm[d1], perm[d1] = t;
                d1 = d0;
            } else if (c < 0) {
                break;
            }
        }
    }
    so_plan q = *p;
    for (int i = 0; i < n; i++)
        p->shape[i] = q.shape[perm[i]], p->so[i] = q.so[perm[i]], p->sx[i] = q.sx[perm[i]];
}

/* Merges neighbouring dims that walk memory as one (or have size 1). */
static void coalesce(so_plan *p) {
    if (p->ndim <= 1)
        return;
    int prev = 0;
    for (int d = 1; d < p->ndim; d++) {
        int64_t n0 = p->shape[prev], n1 = p->shape[d];
        bool can = n0 == 1 || n1 == 1 || (n0 * p->so[prev] == p->so[d] && n0 * p->sx[prev] == p->sx[d]);
        if (can) {
            if (n0 == 1)
                p->so[prev] = p->so[d], p->sx[prev] = p->sx[d];
            p->shape[prev] *= n1;
        } else {
            prev++;
            p->shape[prev] = n1, p->so[prev] = p->so[d], p->sx[prev] = p->sx[d];
        }
    }
    p->ndim = prev + 1;
}

/* x's dims, innermost first (ATen starts from the reversed order). */
static void plan_init(so_plan *p, const cg_tensor *x, const cg_tensor *out) {
    p->ndim = x->ndim;
    p->esize = (int64_t)cg_dtype_size(x->dtype);
    for (int i = 0; i < x->ndim; i++) {
        int d = x->ndim - 1 - i;
        p->shape[i] = x->sizes[d];
        p->sx[i] = x->strides[d] * p->esize;
        bool reduced = out->sizes[d] == 1 && x->sizes[d] != 1;
        p->so[i] = reduced ? 0 : out->strides[d] * p->esize;
    }
    reorder(p);
    coalesce(p);
}

void cg_torch_plan_init(cg_torch_plan *plan, const cg_tensor *x, const cg_tensor *out) {
    so_plan p;
    plan_init(&p, x, out);
    plan->ndim = p.ndim;
    for (int i = 0; i < p.ndim; i++)
        plan->shape[i] = p.shape[i], plan->so[i] = p.so[i], plan->sx[i] = p.sx[i];
}

static int64_t plan_numel(const so_plan *p) {
    int64_t n = 1;
    for (int i = 0; i < p->ndim; i++)
        n *= p->shape[i];
    return n;
}

/* Walks elements [begin, end) of the plan's flat order in 2-d slabs, as
 * ATen's serial_for_each with its DimCounter. */
static void for_each_slab(const so_plan *p, char *out, const char *x, int64_t begin, int64_t end) {
    if (begin >= end)
        return;
    if (p->ndim <= 1) {
        int64_t s[4] = {p->ndim ? p->so[0] : 0, p->ndim ? p->sx[0] : 0, 0, 0};
        p->slab(out + begin * s[0], x + begin * s[1], s, end - begin, 1);
        return;
    }
    int64_t v[CG_MAX_DIMS], rest = begin;
    for (int i = 0; i < p->ndim; i++)
        v[i] = rest % p->shape[i], rest /= p->shape[i];
    const int64_t s[4] = {p->so[0], p->sx[0], p->so[1], p->sx[1]};
    for (int64_t off = begin; off < end;) {
        char *o = out;
        const char *xp = x;
        for (int i = 0; i < p->ndim; i++)
            o += v[i] * p->so[i], xp += v[i] * p->sx[i];
        int64_t step0 = p->shape[0] - v[0] < end - off ? p->shape[0] - v[0] : end - off, step1 = 1;
        if (step0 == p->shape[0]) {
            step1 = (end - off) / p->shape[0];
            if (p->shape[1] - v[1] < step1)
                step1 = p->shape[1] - v[1];
        }
        p->slab(o, xp, s, step0, step1);
        off += step0 * step1;
        int i = 0;
        int64_t carry = step0;
        if (step1 != 1)
            i = 1, carry = step1;
        for (; i < p->ndim && carry > 0; i++) {
            v[i] += carry;
            carry = v[i] >= p->shape[i];
            if (carry)
                v[i] -= p->shape[i];
        }
    }
}

/* n values of the plan's dtype set to its identity */
static void fill_identity(const so_plan *p, char *out, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        if (p->esize == sizeof(float))
            ((float *)out)[i] = (float)p->identity;
        else
            ((double *)out)[i] = p->identity;
    }
}

/* One output, many elements: each thread reduces a range into its own
 * slot, and the slots are then reduced as a reduction of their own. */
static void two_pass(const so_plan *p, char *out, const char *x, int64_t numel, int nthreads) {
    int64_t parts = cg_parallel_parts(numel);
    if (parts > nthreads)
        parts = nthreads;
    int64_t chunk = (numel + parts - 1) / parts;
    double buf[64];
    char *slots = (char *)buf;
    int64_t nslots = nthreads < 64 ? nthreads : 64;
    fill_identity(p, slots, nslots);
#pragma omp parallel for schedule(static, 1) num_threads((int)parts)
    for (int64_t t = 0; t < parts; t++)
        for_each_slab(p, slots + t * p->esize, x, t * chunk, t * chunk + chunk < numel ? t * chunk + chunk : numel);
    const int64_t s[4] = {0, p->esize, 0, 0};
    p->slab(out, slots, s, nslots, 1);
}

/* ATen's choice of the dim to split over threads: the outermost kept dim
 * with at least one element per thread, else the largest kept dim. */
static int split_dim(const so_plan *p, int nthreads) {
    int best = p->ndim - 1;
    for (int d = best; d >= 0 && !(p->so[d] == 0 && p->shape[d] > 1); d--) {
        if (p->shape[d] >= nthreads)
            return d;
        if (p->shape[d] > p->shape[best])
            best = d;
    }
    return best;
}

/* Many outputs: a kept dim is split over the threads, at multiples of 128
 * bytes where it is contiguous in x; each part is summed as a whole. */
static void split_outputs(const so_plan *p, char *out, const char *x, int nthreads) {
    int d = split_dim(p, nthreads);
    int64_t cols = p->shape[d];
    int64_t parts = cols < nthreads ? cols : nthreads;
    int64_t chunk = (cols + parts - 1) / parts, round = p->sx[d] == p->esize ? 128 / p->esize : 1;
#pragma omp parallel for schedule(static, 1) num_threads((int)parts)
    for (int64_t t = 0; t < parts; t++) {
        int64_t begin = t * chunk, end = begin + chunk < cols ? begin + chunk : cols;
        if (begin >= cols)
            continue;
        begin -= begin % round;
        if (end != cols)
            end -= end % round;
        if (begin == end)
            continue;
        so_plan sub = *p;
        sub.shape[d] = end - begin;
        for_each_slab(&sub, out + begin * p->so[d], x + begin * p->sx[d], 0, plan_numel(&sub));
    }
}

void cg_reduce_torch_order(const cg_tensor *x, cg_tensor *out, cg_slab_fn slab, double identity) {
    so_plan p;
    plan_init(&p, x, out);
    p.slab = slab, p.identity = identity;
    char *o = cg_tensor_data(out);
    const char *xp = cg_tensor_data(x);
    fill_identity(&p, o, cg_tensor_numel(out));
    int64_t numel = plan_numel(&p);
    int nthreads = cg_get_num_threads();
    if (numel < CG_PARALLEL_GRAIN || nthreads == 1 || omp_in_parallel())
        for_each_slab(&p, o, xp, 0, numel);
    else if (cg_tensor_numel(out) == 1)
        two_pass(&p, o, xp, numel, nthreads < 64 ? nthreads : 64);
    else
        split_outputs(&p, o, xp, nthreads);
}

void cg_sum_torch_order(const cg_tensor *x, cg_tensor *out) { cg_reduce_torch_order(x, out, slab_for(x->dtype), 0.0); }
