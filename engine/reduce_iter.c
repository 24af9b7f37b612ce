/* reduce_iter.c: planning and running reductions (reduce_iter.h): the
 * plan, and the three ways of running a kernel over it (outputs across
 * threads, one reduction split across threads, blocks of outputs). */
#include "reduce_iter.h"

#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "iter.h"

/* Appends dim d (outermost to innermost order reversed) to a coalesced
 * group: merges it with the previous one when every stream is contiguous. */
static int push_dim(int n, int64_t *sizes, int nstreams, int64_t **strides, int64_t size, const int64_t *s) {
    if (size == 1)
        return n;
    if (n > 0) {
        bool merge = true;
        for (int k = 0; k < nstreams && merge; k++)
            merge = s[k] == strides[k][n - 1] * sizes[n - 1];
        if (merge) {
            sizes[n - 1] *= size;
            return n;
        }
    }
    sizes[n] = size;
    for (int k = 0; k < nstreams; k++)
        strides[k][n] = s[k];
    return n + 1;
}

void cg_reduce_iter_init(cg_reduce_iter *it, cg_tensor *x, const bool *reduced, cg_tensor *out, cg_tensor *out2) {
    memset(it, 0, sizeof *it);
    int64_t xi = (int64_t)cg_tensor_itemsize(x), oi = (int64_t)cg_tensor_itemsize(out);
    int64_t o2i = out2 ? (int64_t)cg_tensor_itemsize(out2) : 0;
    it->x = cg_tensor_data(x);
    it->out = cg_tensor_data(out);
    it->out2 = out2 ? cg_tensor_data(out2) : NULL;
    it->xdtype = x->dtype;
    it->odtype = out->dtype;
    it->nout = 1;
    it->nred = 1;
    int64_t *kept[3] = {it->kept_x, it->kept_out, it->kept_out2};
    int64_t *red[1] = {it->red_x};
    for (int d = x->ndim - 1; d >= 0; d--) {
        int64_t size = x->sizes[d];
        if (reduced[d]) {
            it->nred *= size;
            it->ndred = push_dim(it->ndred, it->red_sizes, 1, red, size, (int64_t[]){x->strides[d] * xi});
        } else {
            it->nout *= size;
            int64_t s[3] = {x->strides[d] * xi, out->strides[d] * oi, out2 ? out2->strides[d] * o2i : 0};
            it->nkept = push_dim(it->nkept, it->kept_sizes, 3, kept, size, s);
        }
    }
    if (it->ndred == 0) {
        it->ndred = 1;
        it->red_sizes[0] = 1;
    }
}

static void run_outputs(const cg_reduce_iter *it, int64_t begin, int64_t end, cg_reduce_fn fn, const void *ctx) {
    for (int64_t o = begin; o < end; o++) {
        const char *px = it->x;
        char *po = it->out, *po2 = it->out2;
        int64_t rest = o;
        for (int d = 0; d < it->nkept; d++) {
            int64_t i = rest % it->kept_sizes[d];
            rest /= it->kept_sizes[d];
            px += i * it->kept_x[d];
            po += i * it->kept_out[d];
            if (po2)
                po2 += i * it->kept_out2[d];
        }
        fn(it, px, po, po2, ctx);
    }
}

static int max_threads(void) { return cg_get_num_threads(); }

/* Splits [0, n) into one part per thread and runs fn(b, e, arg) on each,
 * in parallel when `parallel`, else on this thread. */
static void parallel_parts(bool parallel, int64_t n, void (*fn)(int64_t b, int64_t e, void *arg), void *arg) {
#ifdef _OPENMP
    if (parallel) {
#pragma omp parallel
        {
            int64_t nt = omp_get_num_threads(), t = omp_get_thread_num();
            int64_t chunk = (n + nt - 1) / nt;
            int64_t b = t * chunk, e = b + chunk < n ? b + chunk : n;
            if (b < e)
                fn(b, e, arg);
        }
        return;
    }
#endif
    (void)parallel;
    if (n > 0)
        fn(0, n, arg);
}

typedef struct {
    const cg_reduce_iter *it;
    const cg_reduce_kernel *k;
    const void *ctx;
} job;

static void outputs_part(int64_t b, int64_t e, void *arg) {
    const job *j = arg;
    run_outputs(j->it, b, e, j->k->fn, j->ctx);
}

static bool is_large(const cg_reduce_iter *it) { return it->nout * it->nred >= CG_PARALLEL_GRAIN && max_threads() > 1; }

void cg_reduce_for_each(const cg_reduce_iter *it, cg_reduce_fn fn, const void *ctx) {
    cg_reduce_kernel k = {.fn = fn};
    job j = {it, &k, ctx};
    parallel_parts(it->nout > 1 && is_large(it), it->nout, outputs_part, &j);
}

/* ---- one large reduction split across threads, see Note [Splitting one large reduction] ---- */

/* The parts are ranges of the outermost reduced dim: in the flat order of
 * the reduction (innermost fastest) each is one contiguous range. */
static bool can_split(const cg_reduce_iter *it, const cg_reduce_kernel *k) {
    return k->combine && it->nout == 1 && it->nred >= 4 * CG_PARALLEL_GRAIN && max_threads() > 1
           && it->red_sizes[it->ndred - 1] > 1;
}

static void run_split(const cg_reduce_iter *it, const cg_reduce_kernel *k, const void *ctx) {
    enum { MAX_PARTS = 256 };
    int d = it->ndred - 1;
    int64_t outer = it->red_sizes[d], inner = it->nred / outer;
    int64_t nparts = max_threads() < MAX_PARTS ? max_threads() : MAX_PARTS;
    int64_t chunk = (outer + nparts - 1) / nparts;
    nparts = (outer + chunk - 1) / chunk;
    _Alignas(16) char part[MAX_PARTS][CG_REDUCE_PART_BYTES];
    int64_t part2[MAX_PARTS], start[MAX_PARTS];
    for (int64_t i = 0; i < nparts; i++)
        start[i] = i * chunk * inner;
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
    for (int64_t i = 0; i < nparts; i++) {
        cg_reduce_iter sub = *it;
        sub.red_sizes[d] = (i + 1) * chunk < outer ? chunk : outer - i * chunk;
        sub.nred = sub.red_sizes[d] * inner;
        k->fn(&sub, it->x + i * chunk * it->red_x[d], part[i], (char *)&part2[i], ctx);
    }
    k->combine(it, it->out, it->out2, &part[0][0], (const char *)part2, start, (int)nparts, ctx);
}

/* ---- blocks of outputs along a contiguous kept dim, see Note [Reductions over outer dims] ---- */

enum { BLOCK = CG_REDUCE_BLOCK }; /* outputs per block: their accumulators stay in L1 */

static bool can_block(const cg_reduce_iter *it, const cg_reduce_kernel *k) {
    int64_t xi = (int64_t)cg_dtype_size(it->xdtype), oi = (int64_t)cg_dtype_size(it->odtype);
    return k->block && it->nkept >= 1 && it->nred > 1 && it->kept_sizes[0] > 1 && it->kept_x[0] == xi
           && it->kept_out[0] == oi && (!it->out2 || it->kept_out2[0] == (int64_t)sizeof(int64_t));
}

/* Blocks [b, e) of the iteration: block i covers outputs along kept dim 0
 * from (i % per_row) * BLOCK, in the row i / per_row of the other kept dims. */
static void run_blocks(int64_t b, int64_t e, void *arg) {
    const job *j = arg;
    const cg_reduce_iter *it = j->it;
    int64_t n0 = it->kept_sizes[0], per_row = (n0 + BLOCK - 1) / BLOCK;
    for (int64_t i = b; i < e; i++) {
        int64_t j0 = (i % per_row) * BLOCK, rest = i / per_row;
        const char *px = it->x + j0 * it->kept_x[0];
        char *po = it->out + j0 * it->kept_out[0];
        char *po2 = it->out2 ? it->out2 + j0 * it->kept_out2[0] : NULL;
        for (int d = 1; d < it->nkept; d++) {
            int64_t idx = rest % it->kept_sizes[d];
            rest /= it->kept_sizes[d];
            px += idx * it->kept_x[d];
            po += idx * it->kept_out[d];
            if (po2)
                po2 += idx * it->kept_out2[d];
        }
        j->k->block(it, px, po, po2, n0 - j0 < BLOCK ? n0 - j0 : BLOCK, j->ctx);
    }
}

void cg_reduce_run_kernel(const cg_reduce_iter *it, const cg_reduce_kernel *k, const void *ctx) {
    if (it->nout == 0)
        return;
    if (can_split(it, k)) {
        run_split(it, k, ctx);
        return;
    }
    if (can_block(it, k)) {
        int64_t n0 = it->kept_sizes[0];
        int64_t nblocks = (it->nout / n0) * ((n0 + BLOCK - 1) / BLOCK);
        job j = {it, k, ctx};
        parallel_parts(nblocks > 1 && is_large(it), nblocks, run_blocks, &j);
        return;
    }
    cg_reduce_for_each(it, k->fn, ctx);
}

int cg_reduce_dims(const cg_tensor *x, int ndims, const int64_t *dims, bool *reduced) {
    for (int d = 0; d < CG_MAX_DIMS; d++)
        reduced[d] = ndims == 0;
    for (int i = 0; i < ndims; i++) {
        int d = cg_wrap_dim(dims[i], x->ndim);
        if (d < 0)
            return -1;
        if (x->ndim == 0)
            continue;
        if (reduced[d]) {
            cg_error_set(CG_RUNTIME_ERROR, "dim %d appears multiple times in the list of dims", d);
            return -1;
        }
        reduced[d] = true;
    }
    return 0;
}

int cg_reduce_shape(const cg_tensor *x, const bool *reduced, bool keepdim, int64_t *sizes) {
    int n = 0;
    for (int d = 0; d < x->ndim; d++) {
        if (!reduced[d])
            sizes[n++] = x->sizes[d];
        else if (keepdim)
            sizes[n++] = 1;
    }
    return n;
}
