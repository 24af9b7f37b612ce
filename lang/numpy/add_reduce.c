/* add_reduce.c: numpy._umath.add_reduce, numpy 1.24's float sum in numpy's
 * order, so that np.sum, mean, var, std and the norms built on them give
 * numpy's bits.
 *
 * Note [numpy's summation order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * numpy reduces with a buffered iterator over the array in memory order
 * (axes by decreasing stride, adjacent axes merged where the memory
 * allows). Where the innermost axis is a reduced one, each run of it adds
 * into the output the pairwise sum of the run, in pieces of at most 8192
 * elements (the iterator's buffer). The pairwise sum of n elements: under
 * 8, one by one from 0.0; up to 128, eight running sums over strides of
 * 8, combined ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then the tail one by
 * one; beyond, the two halves (the first rounded down to a multiple of 8)
 * summed apart and added. Where the innermost axis is kept, elements add
 * into their outputs one at a time in memory order. Outputs start at 0.0,
 * so a sum of negative zeros is 0.0. float32 adds in float32. */
#include "numpy/numpy_module.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

#define NP_BUFSIZE 8192
#define PW_BLOCK 128

#define PAIRWISE(name, T)                                                                    \
    static T name(const char *a, int64_t n, int64_t stride) {                                \
        if (n < 8) {                                                                         \
            T res = 0;                                                                       \
            for (int64_t i = 0; i < n; i++)                                                  \
                res += *(const T *)(a + i * stride);                                         \
            return res;                                                                      \
        }                                                                                    \
        if (n <= PW_BLOCK) {                                                                 \
            T r[8];                                                                          \
            for (int j = 0; j < 8; j++)                                                      \
                r[j] = *(const T *)(a + j * stride);                                         \
            int64_t i;                                                                       \
            for (i = 8; i < n - (n % 8); i += 8)                                             \
                for (int j = 0; j < 8; j++)                                                  \
                    r[j] += *(const T *)(a + (i + j) * stride);                              \
            T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));       \
            for (; i < n; i++)                                                               \
                res += *(const T *)(a + i * stride);                                         \
            return res;                                                                      \
        }                                                                                    \
        int64_t n2 = n / 2;                                                                  \
        n2 -= n2 % 8;                                                                        \
        return name(a, n2, stride) + name(a + n2 * stride, n - n2, stride);                  \
    }
PAIRWISE(pairwise_f64, double)
PAIRWISE(pairwise_f32, float)

/* The iteration: axes in memory order, merged, each with the input's
 * stride (bytes) and the output's (bytes; 0 for reduced axes). */
typedef struct {
    int n;
    int64_t size[CG_MAX_DIMS], in[CG_MAX_DIMS], out[CG_MAX_DIMS];
    bool reduced[CG_MAX_DIMS];
} walk;

static void walk_build(const cg_tensor *t, const bool *red, const int64_t *out_strides, walk *w) {
    int order[CG_MAX_DIMS], n = 0;
    int64_t es = (int64_t)cg_dtype_size(t->dtype);
    for (int d = 0; d < t->ndim; d++)
        if (t->sizes[d] != 1)
            order[n++] = d;
    /* decreasing |stride|, stable: numpy's K order */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && llabs(t->strides[order[j]]) > llabs(t->strides[order[j - 1]]); j--) {
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
    w->n = 0;
    for (int i = 0; i < n; i++) {
        int d = order[i];
        int64_t in = t->strides[d] * es, out = red[d] ? 0 : out_strides[d];
        int k = w->n;
        if (k > 0 && w->reduced[k - 1] == red[d] && w->in[k - 1] == in * t->sizes[d]
            && w->out[k - 1] == out * t->sizes[d]) {
            w->size[k - 1] *= t->sizes[d];
            w->in[k - 1] = in;
            w->out[k - 1] = out;
            continue;
        }
        w->size[k] = t->sizes[d];
        w->in[k] = in;
        w->out[k] = out;
        w->reduced[k] = red[d];
        w->n++;
    }
}

#define REDUCE_WALK(name, T, PW)                                                                  \
    static void name(const walk *w, const char *in, char *out) {                                  \
        if (w->n == 0) {                                                                          \
            *(T *)out += *(const T *)in;                                                          \
            return;                                                                               \
        }                                                                                         \
        int inner = w->n - 1;                                                                     \
        int64_t idx[CG_MAX_DIMS] = {0};                                                           \
        for (;;) {                                                                                \
            const char *pi = in;                                                                  \
            char *po = out;                                                                       \
            for (int d = 0; d < inner; d++) {                                                     \
                pi += idx[d] * w->in[d];                                                          \
                po += idx[d] * w->out[d];                                                         \
            }                                                                                     \
            int64_t len = w->size[inner];                                                         \
            if (w->reduced[inner]) {                                                              \
                for (int64_t s = 0; s < len; s += NP_BUFSIZE) {                                   \
                    int64_t m = len - s < NP_BUFSIZE ? len - s : NP_BUFSIZE;                      \
                    *(T *)po += PW(pi + s * w->in[inner], m, w->in[inner]);                       \
                }                                                                                 \
            } else {                                                                              \
                for (int64_t i = 0; i < len; i++)                                                 \
                    *(T *)(po + i * w->out[inner]) += *(const T *)(pi + i * w->in[inner]);        \
            }                                                                                     \
            int d = inner - 1;                                                                    \
            while (d >= 0 && ++idx[d] == w->size[d])                                              \
                idx[d--] = 0;                                                                     \
            if (d < 0)                                                                            \
                return;                                                                           \
        }                                                                                         \
    }
REDUCE_WALK(reduce_f64, double, pairwise_f64)
REDUCE_WALK(reduce_f32, float, pairwise_f32)

/* add_reduce(t, axes): the float64/float32 CPU tensor t summed over the
 * axes (a tuple of distinct non-negative ints), numpy's way; the result
 * has t's other axes. */
static cg_value u_add_reduce(cg_value self, const cg_args *a) {
    if (a->npos != 2 || !cg_is_tensor(a->pos[0]) || !torch_is_seq(a->pos[1]))
        return cg_raise(&cg_exc_TypeError, "add_reduce(tensor, axes)");
    cg_tensor *t = cg_tensor_of_borrowed(a->pos[0]);
    if ((t->dtype != CG_F64 && t->dtype != CG_F32) || cg_tensor_device(t).type != CG_CPU)
        return cg_raise(&cg_exc_TypeError, "add_reduce: a float32 or float64 CPU tensor");
    bool red[CG_MAX_DIMS] = {false};
    int64_t nax = torch_seq_len(a->pos[1]);
    for (int64_t i = 0; i < nax; i++) {
        cg_value v = torch_seq_item_borrowed(a->pos[1], i);
        if (v.tag != CG_V_INT || v.u.i < 0 || v.u.i >= t->ndim || red[v.u.i])
            return cg_raise(&cg_exc_ValueError, "add_reduce: bad axis");
        red[v.u.i] = true;
    }
    int64_t sizes[CG_MAX_DIMS], out_strides[CG_MAX_DIMS];
    int nd = 0;
    for (int d = 0; d < t->ndim; d++)
        if (!red[d])
            sizes[nd++] = t->sizes[d];
    cg_tensor *r = cg_tensor_empty(nd, sizes, t->dtype, cg_device_cpu());
    if (!r)
        return torch_raise();
    int64_t es = (int64_t)cg_dtype_size(t->dtype), acc = es;
    for (int d = t->ndim - 1, k = nd - 1; d >= 0; d--)
        if (!red[d]) {
            out_strides[d] = acc;
            acc *= sizes[k--];
        } else {
            out_strides[d] = 0;
        }
    memset(cg_tensor_data(r), 0, (size_t)(acc / es * es));
    if (cg_tensor_numel(t) > 0) {
        walk w;
        walk_build(t, red, out_strides, &w);
        if (t->dtype == CG_F64)
            reduce_f64(&w, cg_tensor_data(t), cg_tensor_data(r));
        else
            reduce_f32(&w, cg_tensor_data(t), cg_tensor_data(r));
    }
    return cg_tensor_steal(r);
}

static const cg_method_def umath_defs[] = {
    {"add_reduce", u_add_reduce, NULL, "add_reduce(tensor, axes): a float sum in numpy's order."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_numpy_umath_module_init(void) { return cg_module_of("numpy._umath", umath_defs); }
