/* umath_module.c: numpy._umath, numpy's loops written in C: add_reduce,
 * numpy 1.24's float sum in numpy's order (so that np.sum, mean, var, std
 * and the norms built on them give numpy's bits), and sort.
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

#include "numpy/add_rows.h"
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

/* A reduced axis just outside a kept inner one hands its rows to the
 * row adder together (Note [Outer-axis sums] in add_rows.c). */
#define REDUCE_WALK(name, T, PW, ROWS)                                                            \
    static void name(const walk *w, const char *in, char *out) {                                  \
        if (w->n == 0) {                                                                          \
            *(T *)out += *(const T *)in;                                                          \
            return;                                                                               \
        }                                                                                         \
        int inner = w->n - 1;                                                                     \
        bool rows = inner > 0 && !w->reduced[inner] && w->reduced[inner - 1];                     \
        int outer = rows ? inner - 1 : inner;                                                     \
        int64_t idx[CG_MAX_DIMS] = {0};                                                           \
        for (;;) {                                                                                \
            const char *pi = in;                                                                  \
            char *po = out;                                                                       \
            for (int d = 0; d < outer; d++) {                                                     \
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
                ROWS(po, pi, len, w->out[inner], w->in[inner], rows ? w->size[outer] : 1,         \
                     rows ? w->in[outer] : 0);                                                    \
            }                                                                                     \
            int d = outer - 1;                                                                    \
            while (d >= 0 && ++idx[d] == w->size[d])                                              \
                idx[d--] = 0;                                                                     \
            if (d < 0)                                                                            \
                return;                                                                           \
        }                                                                                         \
    }
REDUCE_WALK(reduce_f64, double, pairwise_f64, np_add_rows_f64)
REDUCE_WALK(reduce_f32, float, pairwise_f32, np_add_rows_f32)

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
    cg_tensor *r = np_add_reduce(t, red);
    return r ? cg_tensor_steal(r) : torch_raise();
}

cg_tensor *np_add_reduce(const cg_tensor *t, const bool *red) {
    int64_t sizes[CG_MAX_DIMS], out_strides[CG_MAX_DIMS];
    int nd = 0;
    for (int d = 0; d < t->ndim; d++)
        if (!red[d])
            sizes[nd++] = t->sizes[d];
    cg_tensor *r = cg_tensor_empty(nd, sizes, t->dtype, cg_device_cpu());
    if (!r)
        return NULL;
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
    return r;
}

/* ---- sorting ------------------------------------------------------------------------ */

/* numpy's order for floats: NaN after everything (and equal to NaN). */
#define LESS_F(a, b) ((a) < (b) || ((b) != (b) && (a) == (a)))
#define LESS_I(a, b) ((a) < (b))
/* float16 by value, through float */
#define LESS_H(a, b) LESS_F(cg_half_to_float(a), cg_half_to_float(b))

/* Sorts n values in place (introsort: O(n log n) whatever the data), and
 * a stable merge sort of positions. */
#define SORTS(name, T, LESS)                                                                   \
    static void name##_sift(T *v, int64_t start, int64_t end) {                                \
        int64_t root = start;                                                                  \
        while (2 * root + 1 < end) {                                                           \
            int64_t child = 2 * root + 1;                                                      \
            if (child + 1 < end && LESS(v[child], v[child + 1]))                               \
                child++;                                                                       \
            if (!LESS(v[root], v[child]))                                                      \
                return;                                                                        \
            T tmp = v[root];                                                                   \
            v[root] = v[child];                                                                \
            v[child] = tmp;                                                                    \
            root = child;                                                                      \
        }                                                                                      \
    }                                                                                          \
    static void name##_heap(T *v, int64_t n) {                                                 \
        for (int64_t s = n / 2 - 1; s >= 0; s--)                                               \
            name##_sift(v, s, n);                                                              \
        for (int64_t e = n - 1; e > 0; e--) {                                                  \
            T tmp = v[0];                                                                      \
            v[0] = v[e];                                                                       \
            v[e] = tmp;                                                                        \
            name##_sift(v, 0, e);                                                              \
        }                                                                                      \
    }                                                                                          \
    /* introsort: quicksort (median of three) down to runs of 16, heap     \
     * sort past 2 log2(n) levels, insertion sort to finish */              \
    static void name##_intro(T *v, int64_t n, int depth) {                                     \
        while (n > 16) {                                                                       \
            if (depth-- == 0) {                                                                \
                name##_heap(v, n);                                                             \
                return;                                                                        \
            }                                                                                  \
            int64_t m = n / 2;                                                                 \
            if (LESS(v[m], v[0])) { T t0 = v[m]; v[m] = v[0]; v[0] = t0; }                     \
            if (LESS(v[n - 1], v[m])) { T t1 = v[m]; v[m] = v[n - 1]; v[n - 1] = t1; }         \
            if (LESS(v[m], v[0])) { T t2 = v[m]; v[m] = v[0]; v[0] = t2; }                     \
            T pivot = v[m];                                                                    \
            int64_t i = 0, j = n - 1;                                                          \
            for (;;) {                                                                         \
                while (LESS(v[i], pivot))                                                      \
                    i++;                                                                       \
                while (LESS(pivot, v[j]))                                                      \
                    j--;                                                                       \
                if (i >= j)                                                                    \
                    break;                                                                     \
                T t3 = v[i];                                                                   \
                v[i] = v[j];                                                                   \
                v[j] = t3;                                                                     \
                i++;                                                                           \
                j--;                                                                           \
            }                                                                                  \
            name##_intro(v + j + 1, n - j - 1, depth);                                         \
            n = j + 1;                                                                         \
        }                                                                                      \
    }                                                                                          \
    static void name##_values(T *v, int64_t n) {                                               \
        int depth = 0;                                                                         \
        for (int64_t k = n; k > 1; k >>= 1)                                                    \
            depth += 2;                                                                        \
        name##_intro(v, n, depth);                                                             \
        for (int64_t i = 1; i < n; i++) {                                                      \
            T x = v[i];                                                                        \
            int64_t j = i;                                                                     \
            for (; j > 0 && LESS(x, v[j - 1]); j--)                                            \
                v[j] = v[j - 1];                                                               \
            v[j] = x;                                                                          \
        }                                                                                      \
    }                                                                                          \
    static void name##_merge(const T *v, int64_t *idx, int64_t *tmp, int64_t n) {              \
        if (n < 2)                                                                             \
            return;                                                                            \
        int64_t h = n / 2;                                                                     \
        name##_merge(v, idx, tmp, h);                                                          \
        name##_merge(v, idx + h, tmp, n - h);                                                  \
        int64_t i = 0, j = h, k = 0;                                                           \
        while (i < h && j < n)                                                                 \
            tmp[k++] = LESS(v[idx[j]], v[idx[i]]) ? idx[j++] : idx[i++];                       \
        while (i < h)                                                                          \
            tmp[k++] = idx[i++];                                                               \
        while (j < n)                                                                          \
            tmp[k++] = idx[j++];                                                               \
        memcpy(idx, tmp, (size_t)n * sizeof *idx);                                             \
    }
SORTS(sort_f64, double, LESS_F)
SORTS(sort_f32, float, LESS_F)
SORTS(sort_i64, int64_t, LESS_I)
SORTS(sort_i32, int32_t, LESS_I)
SORTS(sort_b, bool, LESS_I)
SORTS(sort_u8, uint8_t, LESS_I)
SORTS(sort_i8, int8_t, LESS_I)
SORTS(sort_i16, int16_t, LESS_I)
SORTS(sort_f16, cg_half, LESS_H)
SORTS(sort_u16, uint16_t, LESS_I)
SORTS(sort_u32, uint32_t, LESS_I)
SORTS(sort_u64, uint64_t, LESS_I)

/* sort(t, want_indices): each row of the contiguous 2-d CPU tensor t
 * sorted (in place), or, with want_indices, a new int64 tensor of the
 * positions that sort each row, ties in their original order. */
static cg_value u_sort(cg_value self, const cg_args *a) {
    if (a->npos != 2 || !cg_is_tensor(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "sort(tensor, want_indices)");
    cg_tensor *t = cg_tensor_of_borrowed(a->pos[0]);
    bool want = cg_truth(a->pos[1]) > 0;
    if (t->ndim != 2 || !cg_tensor_is_contiguous(t) || cg_tensor_device(t).type != CG_CPU)
        return cg_raise(&cg_exc_TypeError, "sort: a contiguous 2-d CPU tensor");
    int64_t rows = t->sizes[0], n = t->sizes[1];
    cg_tensor *r = want ? cg_tensor_empty(2, t->sizes, CG_INT64, cg_device_cpu()) : NULL;
    int64_t *tmp = want ? malloc((size_t)(n > 0 ? n : 1) * sizeof *tmp) : NULL;
    if (want && (!r || !tmp)) {
        free(tmp);
        if (r)
            cg_tensor_release(r);
        return r ? cg_raise_nomemory() : torch_raise();
    }
    char *base = cg_tensor_data(t);
    size_t es = cg_dtype_size(t->dtype);
    for (int64_t i = 0; i < rows; i++) {
        void *row = base + (size_t)(i * n) * es;
        int64_t *idx = want ? (int64_t *)cg_tensor_data(r) + i * n : NULL;
        if (want)
            for (int64_t k = 0; k < n; k++)
                idx[k] = k;
        switch (t->dtype) {
#define ONE(DT, NAME, T)                                 \
    case DT:                                             \
        if (want)                                        \
            NAME##_merge((const T *)row, idx, tmp, n);   \
        else                                             \
            NAME##_values((T *)row, n);                  \
        break;
            ONE(CG_F64, sort_f64, double)
            ONE(CG_F32, sort_f32, float)
            ONE(CG_INT64, sort_i64, int64_t)
            ONE(CG_INT32, sort_i32, int32_t)
            ONE(CG_BOOL, sort_b, bool)
            ONE(CG_UINT8, sort_u8, uint8_t)
            ONE(CG_INT8, sort_i8, int8_t)
            ONE(CG_INT16, sort_i16, int16_t)
            ONE(CG_F16, sort_f16, cg_half)
            ONE(CG_UINT16, sort_u16, uint16_t)
            ONE(CG_UINT32, sort_u32, uint32_t)
            ONE(CG_UINT64, sort_u64, uint64_t)
#undef ONE
        default:
            free(tmp);
            if (r)
                cg_tensor_release(r);
            return cg_raise(&cg_exc_TypeError, "sort: dtype not supported");
        }
    }
    free(tmp);
    return want ? cg_tensor_steal(r) : CG_NONE;
}

/* nonfinite(t): whether the float CPU tensor t holds an infinity or a NaN
 * (numpy's floating-point warnings look for the values an error made). */
/* Contiguous float32/float64 runs: an all-ones exponent is an infinity or a
 * NaN; integer ops vectorise. */
static bool run_nonfinite(const char *base, int64_t n, cg_dtype dt) {
    if (dt == CG_F64) {
        const uint64_t *u = (const uint64_t *)base, e = 0x7ff0000000000000ULL;
        uint64_t bad = 0;
#pragma omp simd reduction(| : bad)
        for (int64_t k = 0; k < n; k++)
            bad |= (u[k] & e) == e;
        return bad != 0;
    }
    const uint32_t *u = (const uint32_t *)base, e = 0x7f800000U;
    uint32_t bad = 0;
#pragma omp simd reduction(| : bad)
    for (int64_t k = 0; k < n; k++)
        bad |= (u[k] & e) == e;
    return bad != 0;
}

int np_nonfinite(cg_tensor *t) {
    if (cg_dtype_is_reduced(t->dtype) && cg_tensor_device(t).type == CG_CPU) { /* through float32 */
        cg_tensor *f = cg_to_dtype(t, CG_F32);
        int r = f ? np_nonfinite(f) : -1;
        cg_tensor_release(f);
        return r;
    }
    if ((t->dtype != CG_F64 && t->dtype != CG_F32) || cg_tensor_device(t).type != CG_CPU)
        return 0;
    int64_t idx[CG_MAX_DIMS] = {0}, n = cg_tensor_numel(t);
    const char *base = cg_tensor_data(t);
    int64_t es = (int64_t)cg_dtype_size(t->dtype);
    if (cg_tensor_is_contiguous(t))
        return run_nonfinite(base, n, t->dtype);
    for (int64_t k = 0; k < n; k++) {
        int64_t off = 0;
        for (int d = 0; d < t->ndim; d++)
            off += idx[d] * t->strides[d];
        double v = t->dtype == CG_F64 ? *(const double *)(base + off * es) : *(const float *)(base + off * es);
        if (v - v != 0)
            return 1;
        for (int d = t->ndim - 1; d >= 0 && ++idx[d] == t->sizes[d]; d--)
            idx[d] = 0;
    }
    return 0;
}

static cg_value u_nonfinite(cg_value self, const cg_args *a) {
    if (a->npos != 1 || !cg_is_tensor(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "nonfinite(tensor)");
    int r = np_nonfinite(cg_tensor_of_borrowed(a->pos[0]));
    return r < 0 ? torch_raise() : cg_bool(r);
}

static const cg_method_def umath_defs[] = {
    {"nonfinite", u_nonfinite, NULL, "nonfinite(tensor): whether a float tensor holds an infinity or a NaN."},
    {"parse_floats", np_parse_floats, NULL, "parse_floats(text, delimiter, comment, skiprows, max_rows): a table of numbers."},
    {"add_reduce", u_add_reduce, NULL, "add_reduce(tensor, axes): a float sum in numpy's order."},
    {"sort", u_sort, NULL, "sort(tensor, want_indices): rows sorted in place, or their stable sorting positions."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_numpy_umath_module_init(void) { return cg_module_of("numpy._umath", umath_defs); }
