/* sum_order_loop.h: the slab kernel of Note [Reductions in PyTorch's order]
 * for one floating type, included by sum_order.c once per type with
 *   T    the element (and accumulator) type,
 *   W    PyTorch's vector lanes for T (32 bytes),
 *   SFX  the names' suffix.
 * A "vector" here is W consecutive lanes added lane by lane, which rounds
 * exactly as PyTorch's SIMD adds do; the compiler vectorises the lane loops. */

#ifndef CG_SO_CEIL_LOG2
#define CG_SO_CEIL_LOG2
/* ceil(log2(x)), and 1 for x <= 2 (ATen's utils::CeilLog2) */
static inline int64_t so_ceil_log2(int64_t x) { return x <= 2 ? 1 : 64 - __builtin_clzll((unsigned long long)(x - 1)); }
#endif

#define SO_CAT2(a, b) a##_##b
#define SO_CAT(a, b) SO_CAT2(a, b)
#define SO(name) SO_CAT(name, SFX)

/* The cascade over `size` rows of nrows items of L lanes each: item k of row
 * i starts at in + i * row_stride + k * col_stride. Rows are added into a
 * level-0 accumulator in chunks of 2^level_power; each full chunk moves up a
 * level, and a level moves up when its own count of chunks fills. */
static inline __attribute__((always_inline)) void SO(multi_row_sum)(T *ret, const char *in, int64_t row_stride,
                                                                    int64_t col_stride, int64_t size, int nrows,
                                                                    int L) {
    enum { LEVELS = 4 };
    const int n = nrows * L;
    int64_t level_power = so_ceil_log2(size) / LEVELS;
    if (level_power < 4)
        level_power = 4;
    const int64_t level_step = (int64_t)1 << level_power, level_mask = level_step - 1;
    if (size < level_step) { /* one chunk or less: the upper levels stay 0, and x + 0 is x (no sum here is -0) */
        for (int m = 0; m < n; m++)
            ret[m] = 0;
        for (int64_t i = 0; i < size; i++) {
            const char *row = in + i * row_stride;
            for (int k = 0; k < nrows; k++) {
                const T *p = (const T *)(row + k * col_stride);
                for (int l = 0; l < L; l++)
                    ret[k * L + l] += p[l];
            }
        }
        return;
    }
    T acc[LEVELS][4 * W];
    for (int j = 0; j < LEVELS; j++)
        for (int m = 0; m < n; m++)
            acc[j][m] = 0;
    int64_t i = 0;
    while (i + level_step <= size) {
        for (int64_t j = 0; j < level_step; j++, i++) {
            const char *row = in + i * row_stride;
            for (int k = 0; k < nrows; k++) {
                const T *p = (const T *)(row + k * col_stride);
                for (int l = 0; l < L; l++)
                    acc[0][k * L + l] += p[l];
            }
        }
        for (int j = 1; j < LEVELS; j++) {
            for (int m = 0; m < n; m++) {
                acc[j][m] += acc[j - 1][m];
                acc[j - 1][m] = 0;
            }
            if ((i & (level_mask << (j * level_power))) != 0)
                break;
        }
    }
    for (; i < size; i++) {
        const char *row = in + i * row_stride;
        for (int k = 0; k < nrows; k++) {
            const T *p = (const T *)(row + k * col_stride);
            for (int l = 0; l < L; l++)
                acc[0][k * L + l] += p[l];
        }
    }
    for (int j = 1; j < LEVELS; j++)
        for (int m = 0; m < n; m++)
            acc[0][m] += acc[j][m];
    for (int m = 0; m < n; m++)
        ret[m] = acc[0][m];
}

/* One row of `size` items of L lanes, `stride` bytes apart: read as rows of
 * four items summed side by side, the leftover items added to the first
 * partial sum, then the four partial sums added in order. */
static inline __attribute__((always_inline)) void SO(row_sum)(T *ret, const char *in, int64_t stride, int64_t size,
                                                              int L) {
    T part[4 * W];
    const int64_t size_ilp = size / 4;
    SO(multi_row_sum)(part, in, stride * 4, stride, size_ilp, 4, L);
    for (int64_t i = size_ilp * 4; i < size; i++) {
        const T *p = (const T *)(in + i * stride);
        for (int l = 0; l < L; l++)
            part[l] += p[l];
    }
    for (int k = 1; k < 4; k++)
        for (int l = 0; l < L; l++)
            part[l] += part[k * L + l];
    for (int l = 0; l < L; l++)
        ret[l] = part[l];
}

/* out[j * os] += v[l] for the L lanes of v */
static inline void SO(store)(char *out, int64_t os, const T *v, int L) {
    for (int l = 0; l < L; l++)
        *(T *)(out + l * os) += v[l];
}

/* The reduced dim (0) is contiguous: each row is summed in vectors, the
 * elements past the last whole vector first, then the lanes in order. */
static void SO(inner_vec)(char *out, int64_t os, const char *x, int64_t outer_stride, int64_t size0, int64_t size1) {
    const int64_t nvec = size0 / W;
    for (int64_t j = 0; j < size1; j++) {
        const char *row = x + j * outer_stride;
        T lanes[W];
        SO(row_sum)(lanes, row, W * (int64_t)sizeof(T), nvec, W);
        T acc = 0;
        for (int64_t k = nvec * W; k < size0; k++)
            acc += ((const T *)row)[k];
        for (int l = 0; l < W; l++)
            acc += lanes[l];
        *(T *)(out + j * os) += acc;
    }
}

/* The kept dim (1) is contiguous: blocks of four vectors of outputs, then
 * single vectors, then single outputs, each summed down dim 0. */
static void SO(outer_vec)(char *out, int64_t os, const char *x, int64_t inner_stride, int64_t size0, int64_t size1) {
    const int64_t es = sizeof(T);
    int64_t j = 0;
    for (; j + 4 * W <= size1; j += 4 * W) {
        T sums[4 * W];
        SO(multi_row_sum)(sums, x + j * es, inner_stride, W * es, size0, 4, W);
        SO(store)(out + j * os, os, sums, 4 * W);
    }
    for (; j + W <= size1; j += W) {
        T sums[W];
        SO(row_sum)(sums, x + j * es, inner_stride, size0, W);
        SO(store)(out + j * os, os, sums, W);
    }
    for (; j < size1; j++) {
        T s;
        SO(row_sum)(&s, x + j * es, inner_stride, size0, 1);
        *(T *)(out + j * os) += s;
    }
}

/* Neither dim contiguous, the reduced dim the denser: one row at a time. */
static void SO(inner_scalar)(char *out, int64_t os, const char *x, const int64_t *xs, int64_t size0, int64_t size1) {
    for (int64_t j = 0; j < size1; j++) {
        T s;
        SO(row_sum)(&s, x + j * xs[1], xs[0], size0, 1);
        *(T *)(out + j * os) += s;
    }
}

/* Neither dim contiguous, the kept dim the denser: four outputs at once. */
static void SO(outer_scalar)(char *out, int64_t os, const char *x, const int64_t *xs, int64_t size0, int64_t size1) {
    int64_t j = 0;
    for (; j + 3 < size1; j += 4) {
        T sums[4];
        SO(multi_row_sum)(sums, x + j * xs[1], xs[0], xs[1], size0, 4, 1);
        SO(store)(out + j * os, os, sums, 4);
    }
    for (; j < size1; j++) {
        T s;
        SO(row_sum)(&s, x + j * xs[1], xs[0], size0, 1);
        *(T *)(out + j * os) += s;
    }
}

/* One 2-d slab: s[] holds the byte strides {out0, x0, out1, x1}. */
static void SO(slab)(char *out, const char *x, const int64_t *s, int64_t size0, int64_t size1) {
    int64_t xs[2] = {s[1], s[3]}, os[2] = {s[0], s[2]};
    if (os[0] != 0 && os[1] == 0) { /* the reduced dim goes first */
        int64_t t = xs[0];
        xs[0] = xs[1], xs[1] = t;
        t = os[0], os[0] = os[1], os[1] = t;
        t = size0, size0 = size1, size1 = t;
    }
    if (os[0] != 0 && os[1] != 0) { /* nothing reduced here: out += x */
        for (int64_t j = 0; j < size1; j++)
            for (int64_t i = 0; i < size0; i++)
                *(T *)(out + i * s[0] + j * s[2]) += *(const T *)(x + i * s[1] + j * s[3]);
        return;
    }
    const int64_t es = sizeof(T);
    if (xs[0] == es && size0 >= W)
        SO(inner_vec)(out, os[1], x, xs[1], size0, size1);
    else if (xs[1] == es && size1 >= W)
        SO(outer_vec)(out, os[1], x, xs[0], size0, size1);
    else if (xs[0] < xs[1])
        SO(inner_scalar)(out, os[1], x, xs, size0, size1);
    else
        SO(outer_scalar)(out, os[1], x, xs, size0, size1);
}

#undef SO
#undef SO_CAT
#undef SO_CAT2
