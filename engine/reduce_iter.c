/* reduce_iter.c: planning and running reductions (reduce_iter.h). */
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

void cg_reduce_for_each(const cg_reduce_iter *it, cg_reduce_fn fn, const void *ctx) {
#ifdef _OPENMP
    if (it->nout > 1 && it->nout * it->nred >= CG_PARALLEL_GRAIN && omp_get_max_threads() > 1) {
#pragma omp parallel
        {
            int64_t nt = omp_get_num_threads(), t = omp_get_thread_num();
            int64_t chunk = (it->nout + nt - 1) / nt;
            int64_t b = t * chunk, e = b + chunk < it->nout ? b + chunk : it->nout;
            if (b < e)
                run_outputs(it, b, e, fn, ctx);
        }
        return;
    }
#endif
    run_outputs(it, 0, it->nout, fn, ctx);
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
