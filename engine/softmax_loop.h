/* softmax_loop.h: softmax and log_softmax over the last dim, and their
 * derivatives, in PyTorch 1.13's order (its _vec_softmax_lastdim,
 * _vec_log_softmax_lastdim and _vec_host_softmax_backward_lastdim over
 * ATen's vec::reduce_all, map_reduce_all, map2_reduce_all and map),
 * included by softmax_each.h once per type (for ops_nn.c, and for AVX2 by
 * softmax_avx2.c) with
 *   T    the element type,
 *   W    PyTorch's vector lanes for T (32 bytes),
 *   SFX  the names' suffix,
 *   VLOG  log of W lanes in place, as PyTorch's vectors compute it,
 *   VEXPN  exp of n contiguous elements in place, as PyTorch's vectors
 *          compute it,
 *   FMAN   out = a * b + c rounded once over n contiguous elements,
 *   TREE 1 where PyTorch folds a whole vector's lanes by halves (its AVX2
 *        float specialisation: lanes 4 apart, then 2, then 1), 0 where it
 *        folds them in order,
 * and, where the build has them as vector instructions (AVX2),
 *   VEXPV  exp of one vector of W lanes (SLEEF's), VEXPN's values,
 *   VMAXV  a > b ? a : b lane by lane (vmaxps).
 * A row shorter than W is one partial vector (zeros past its end) whose
 * first lanes are folded in order; a longer one is folded vector by vector
 * (a partial last vector updating only its lanes), then its W lanes in
 * order. */

#define SL_CAT2(a, b) a##_##b
#define SL_CAT(a, b) SL_CAT2(a, b)
#define SL(name) SL_CAT(name, SFX)

/* max(a, b) as PyTorch's vec::maximum: NaN in either gives NaN */
static inline T SL(vmax)(T a, T b) { return (a != a || b != b) ? (T)NAN : a > b ? a : b; }

/* Folds lanes 1..n-1 of v into lane 0, in order (vec_reduce_all). */
static inline T SL(fold_lanes)(const T *v, int n, bool add) {
    T acc = v[0];
    for (int i = 1; i < n; i++)
        acc = add ? acc + v[i] : SL(vmax)(acc, v[i]);
    return acc;
}

/* Folds a whole vector's W lanes into one (vec_reduce_all of a full
 * vector): by halves for TREE, else in order. */
static inline T SL(fold_vector)(const T *v, bool add) {
#if TREE
    T a[W];
    for (int l = 0; l < W; l++)
        a[l] = v[l];
    for (int half = W / 2; half >= 1; half /= 2)
        for (int l = 0; l < half; l++) /* lane l meets lane l + half, as the shuffles pair them */
            a[l] = add ? a[l] + a[l + half] : SL(vmax)(a[l], a[l + half]);
    return a[0];
#else
    return SL(fold_lanes)(v, W, add);
#endif
}

/* W lanes of x[0..n) (n <= W), zeros past n */
static inline void SL(load)(T *v, const T *x, int64_t n) {
    for (int l = 0; l < W; l++)
        v[l] = l < n ? x[l] : 0;
}

/* W lanes as one value of GCC's vector extension. The loops over whole
 * vectors are written with it, so that each build turns them into vector
 * instructions (8 floats or 4 doubles a step under AVX2, two SSE halves in
 * the baseline build), each lane computing as written: the compiler's own
 * vectorisation of the lane loops came and went with the target. */
typedef T SL(lanes) __attribute__((vector_size(W * sizeof(T))));

/* v = W lanes from x (a macro: a function returning a vector wider than
 * the baseline build's registers would have an ABI of its own) */
#define SL_LOADV(v, x) memcpy(&(v), (x), sizeof(v))

/* acc[l] += x[v * W + l] over nvec whole vectors */
static inline void SL(add_vectors)(T *acc, const T *x, int64_t nvec) {
    SL(lanes) a, xv;
    SL_LOADV(a, acc);
    for (int64_t v = 0; v < nvec; v++) {
        SL_LOADV(xv, x + v * W);
        a = a + xv;
    }
    memcpy(acc, &a, sizeof a);
}

/* reduce_all with maximum over whole vectors: plain lane maxima (keeping
 * the lane where it is greater, else taking x, as vec::maximum; VMAXV where
 * the build has that as one instruction, AVX2's vmaxps), while a
 * second set of lanes sums x - x, zero unless an inf or a NaN went by; only
 * then is the row folded again with NaN-propagating maxima. Without NaN
 * both give the same lanes. */
static inline __attribute__((always_inline)) T SL(reduce_max)(const T *x, int64_t n) {
    T acc[W], odd[W], v[W];
    SL(lanes) a, bad, xv;
    SL_LOADV(a, x);
    bad = a - a;
    int64_t d = W, whole = n - n % W;
    for (; d < whole; d += W) {
        SL_LOADV(xv, x + d);
#ifdef VMAXV
        a = VMAXV(a, xv);
#else
        __typeof__(a > a) keep = a > xv;
        a = (SL(lanes))((keep & (__typeof__(keep))a) | (~keep & (__typeof__(keep))xv));
#endif
        bad = bad + (xv - xv);
    }
    memcpy(acc, &a, sizeof a);
    memcpy(odd, &bad, sizeof bad);
    bool finite = true;
    for (int l = 0; l < W; l++)
        finite = finite && odd[l] == 0;
    if (!finite) {
        for (int l = 0; l < W; l++)
            acc[l] = x[l];
        for (d = W; d < whole; d += W)
            for (int l = 0; l < W; l++)
                acc[l] = SL(vmax)(acc[l], x[d + l]);
    }
    if (n - d > 0) {
        SL(load)(v, x + d, n - d);
        for (int l = 0; l < n - d; l++)
            acc[l] = SL(vmax)(acc[l], v[l]);
    }
    return SL(fold_vector)(acc, false);
}

/* vec::reduce_all with maximum (add false) or + (add true) over x[0..n);
 * inlined so that each call's constant `add` picks its loop (called, it
 * tested the flag per lane: half of softmax's time over long rows) */
static inline __attribute__((always_inline)) T SL(reduce_all)(const T *x, int64_t n, bool add) {
    T acc[W], v[W];
    if (n >= W && !add)
        return SL(reduce_max)(x, n);
    if (n < W) {
        SL(load)(acc, x, n);
        return SL(fold_lanes)(acc, (int)n, add);
    }
    SL(load)(acc, x, W);
    int64_t d = n - n % W;
    SL(add_vectors)(acc, x + W, d / W - 1);
    if (n - d > 0) {
        SL(load)(v, x + d, n - d);
        for (int l = 0; l < n - d; l++)
            acc[l] = acc[l] + v[l];
    }
    return SL(fold_vector)(acc, true);
}

/* Blocks of this many elements (a multiple of W) go through one exp call:
 * short rows, log_softmax's derivative. */
#define SL_PIECE 512

/* buf[0..k) = exp(x[0..k) - m) */
static inline void SL(exp_shifted)(T *buf, const T *x, int64_t k, T m) {
    for (int64_t i = 0; i < k; i++)
        buf[i] = x[i] - m;
    VEXPN(buf, k);
}

/* v = exp(v) lane by lane, as Vectorized<T>::exp: by VEXPV where the
 * build has a vector exp (SLEEF's, in the AVX2 build), else VEXPN over the
 * lanes */
static inline __attribute__((always_inline)) void SL(exp_lanes)(SL(lanes) *v) {
#ifdef VEXPV
    *v = VEXPV(*v);
#else
    T t[W];
    memcpy(t, v, sizeof t);
    VEXPN(t, W);
    memcpy(v, t, sizeof t);
#endif
}

/* vec::map_reduce_all of exp(x - m) with +: the sum of a row's exps, the
 * first vector the start, each full vector then added lane by lane, a
 * partial last one to its lanes only; that is also reduce_all's sum of the
 * exps, so softmax has them stored to y (or NULL) on the way. One pass,
 * as PyTorch's: each vector loaded, shifted, exp'd and added in registers. */
static T SL(sum_exp)(const T *x, int64_t n, T m, T *y) {
    T buf[W], acc[W];
    if (n < W) {
        SL(exp_shifted)(y ? y : buf, x, n, m);
        return SL(fold_lanes)(y ? y : buf, (int)n, true);
    }
    SL(lanes) a, v;
    int64_t d = W, whole = n - n % W;
    SL_LOADV(a, x);
    a = a - m;
    SL(exp_lanes)(&a);
    if (y)
        memcpy(y, &a, sizeof a);
    for (; d < whole; d += W) {
        SL_LOADV(v, x + d);
        v = v - m;
        SL(exp_lanes)(&v);
        if (y)
            memcpy(y + d, &v, sizeof v);
        a = a + v;
    }
    memcpy(acc, &a, sizeof a);
    if (n - d > 0) { /* the partial vector: zeros past n, as loadu pads */
        SL(load)(buf, x + d, n - d);
        SL_LOADV(v, buf);
        v = v - m;
        SL(exp_lanes)(&v);
        memcpy(buf, &v, sizeof v);
        for (int64_t l = 0; l < n - d; l++) {
            acc[l] = acc[l] + buf[l];
            if (y)
                y[d + l] = buf[l];
        }
    }
    return SL(fold_vector)(acc, true);
}

/* Rows of at most this many elements go a block of rows at a time: their
 * shifted values through one exp call, their sums' logs through vectors of
 * W. An element's exp or log does not depend on what shares its call, so
 * the values are those of one row at a time, without a call per row. */
#define SL_SHORT 64

/* y = x - the row's max for rows [b, e) of C, the maxes into m */
static void SL(shift_rows)(const T *x, T *y, int64_t b, int64_t e, int64_t C, T *m) {
    for (int64_t r = b; r < e; r++) {
        const T *px = x + r * C;
        T *py = y + r * C;
        m[r - b] = SL(reduce_all)(px, C, false);
        for (int64_t c = 0; c < C; c++)
            py[c] = px[c] - m[r - b];
    }
}

static void SL(log_softmax_short_rows)(const T *x, T *y, int64_t rows, int64_t C) {
    const int64_t per = SL_PIECE / C;
#pragma omp parallel for schedule(static) if (rows * C > 32768)
    for (int64_t b = 0; b < rows; b += per) {
        int64_t e = b + per < rows ? b + per : rows, n = e - b;
        T m[SL_PIECE], ls[SL_PIECE + W];
        SL(shift_rows)(x, y, b, e, C, m);
        VEXPN(y + b * C, n * C);
        for (int64_t r = 0; r < n; r++) /* map_reduce_all's sum is reduce_all's over the exps */
            ls[r] = SL(reduce_all)(y + (b + r) * C, C, true);
        for (int64_t k = 0; k < n; k += W) {
            SL(load)(ls + k, ls + k, n - k < W ? n - k : W);
            VLOG(ls + k);
        }
        for (int64_t r = b; r < e; r++)
            for (int64_t c = 0; c < C; c++)
                y[r * C + c] = x[r * C + c] - m[r - b] - ls[r - b];
    }
}

static void SL(softmax_short_rows)(const T *x, T *y, int64_t rows, int64_t C) {
    const int64_t per = SL_PIECE / C;
#pragma omp parallel for schedule(static) if (rows * C > 32768)
    for (int64_t b = 0; b < rows; b += per) {
        int64_t e = b + per < rows ? b + per : rows;
        T m[SL_PIECE];
        SL(shift_rows)(x, y, b, e, C, m);
        VEXPN(y + b * C, (e - b) * C);
        for (int64_t r = b; r < e; r++) {
            T *py = y + r * C;
            T inv = 1 / SL(reduce_all)(py, C, true);
            for (int64_t c = 0; c < C; c++)
                py[c] = py[c] * inv;
        }
    }
}

/* Longer rows go in chunks of rows of about this many bytes, each pass (the
 * maxima, the sums of exps, the outputs) over the whole chunk before the
 * next, as PyTorch's log_softmax takes its rows: the first pass then streams
 * the rows from memory back to back (row by row, each row's first touch
 * waited on memory between two rows' exps), the later ones find them in
 * cache. A row's values do not depend on its chunk. */
#define SL_CHUNK_BYTES (32 << 10)
#define SL_CHUNK_ROWS 256

static int64_t SL(chunk_rows)(int64_t C) {
    int64_t per = SL_CHUNK_BYTES / (C * (int64_t)sizeof(T));
    return per < 1 ? 1 : per > SL_CHUNK_ROWS ? SL_CHUNK_ROWS : per;
}

/* log_softmax of n rows of C > SL_SHORT: x - max - log(sum of exps), left
 * to right; the logs are taken as vectors too (PyTorch maps log over its
 * chunk of sums) */
static void SL(log_softmax_chunk)(const T *x, T *y, int64_t n, int64_t C) {
    T m[SL_CHUNK_ROWS], ls[SL_CHUNK_ROWS + W];
    for (int64_t r = 0; r < n; r++)
        m[r] = SL(reduce_max)(x + r * C, C);
    for (int64_t r = 0; r < n; r++)
        ls[r] = SL(sum_exp)(x + r * C, C, m[r], NULL);
    for (int64_t k = 0; k < n; k += W) {
        SL(load)(ls + k, ls + k, n - k < W ? n - k : W);
        VLOG(ls + k);
    }
    for (int64_t r = 0; r < n; r++)
        for (int64_t c = 0; c < C; c++)
            y[r * C + c] = x[r * C + c] - m[r] - ls[r];
}

/* softmax of n rows of C > SL_SHORT: exp(x - max) stored, summed as
 * reduce_all sums the stored values, then each times 1 / sum */
static void SL(softmax_chunk)(const T *x, T *y, int64_t n, int64_t C) {
    T m[SL_CHUNK_ROWS];
    for (int64_t r = 0; r < n; r++)
        m[r] = SL(reduce_max)(x + r * C, C);
    for (int64_t r = 0; r < n; r++) {
        T *py = y + r * C;
        T inv = 1 / SL(sum_exp)(x + r * C, C, m[r], py);
        for (int64_t c = 0; c < C; c++)
            py[c] = py[c] * inv;
    }
}

static void SL(log_softmax_rows)(const void *xv, void *yv, int64_t rows, int64_t C) {
    const T *x = xv;
    T *y = yv;
    if (C <= SL_SHORT) {
        SL(log_softmax_short_rows)(x, y, rows, C);
        return;
    }
    const int64_t per = SL(chunk_rows)(C);
#pragma omp parallel for schedule(static) if (rows * C > 32768)
    for (int64_t b = 0; b < rows; b += per)
        SL(log_softmax_chunk)(x + b * C, y + b * C, rows - b < per ? rows - b : per, C);
}

static void SL(softmax_rows)(const void *xv, void *yv, int64_t rows, int64_t C) {
    const T *x = xv;
    T *y = yv;
    if (C <= SL_SHORT) {
        SL(softmax_short_rows)(x, y, rows, C);
        return;
    }
    const int64_t per = SL(chunk_rows)(C);
#pragma omp parallel for schedule(static) if (rows * C > 32768)
    for (int64_t b = 0; b < rows; b += per)
        SL(softmax_chunk)(x + b * C, y + b * C, rows - b < per ? rows - b : per, C);
}

/* vec::map2_reduce_all of g * y with +: a row's sum of products, each
 * vector after the first added to the lanes as one FMA (PyTorch's AVX2
 * build fuses its map and reduce lambdas) */
static T SL(sum_products)(const T *g, const T *y, int64_t n) {
    T acc[W];
    if (n < W) {
        for (int l = 0; l < W; l++)
            acc[l] = l < n ? g[l] * y[l] : 0;
        return SL(fold_lanes)(acc, (int)n, true);
    }
    for (int l = 0; l < W; l++)
        acc[l] = g[l] * y[l];
    int64_t d = W;
    for (; d + W <= n; d += W) /* a vector's worth of FMAs a call */
        FMAN(acc, g + d, y + d, acc, W);
    for (int64_t l = 0; l < n - d; l++)
        acc[l] = FMA(g[d + l], y[d + l], acc[l]);
    return SL(fold_vector)(acc, true);
}

/* softmax's derivative over rows of C, as PyTorch's backward kernel:
 * s = the row's sum of g * y, then (g - s) * y */
static void SL(softmax_backward_rows)(const void *gv, const void *yv, void *outv, int64_t rows, int64_t C) {
    const T *g = gv, *y = yv;
    T *out = outv;
#pragma omp parallel for schedule(static) if (rows * C > 32768)
    for (int64_t r = 0; r < rows; r++) {
        const T *pg = g + r * C, *py = y + r * C;
        T *po = out + r * C;
        T s = SL(sum_products)(pg, py, C);
        for (int64_t c = 0; c < C; c++)
            po[c] = (pg[c] - s) * py[c];
    }
}

/* log_softmax's derivative over rows of C, as PyTorch's backward kernel:
 * s = the row's sum of g (reduce_all), then g - exp(y) * s, the multiply
 * and subtract one FMA as its AVX2 build compiles them */
static void SL(log_softmax_backward_rows)(const void *gv, const void *yv, void *outv, int64_t rows, int64_t C) {
    const T *g = gv, *y = yv;
    T *out = outv;
#pragma omp parallel for schedule(static) if (rows * C > 32768)
    for (int64_t r = 0; r < rows; r++) {
        const T *pg = g + r * C, *py = y + r * C;
        T *po = out + r * C;
        T s[SL_PIECE], e[SL_PIECE];
        s[0] = SL(reduce_all)(pg, C, true);
        for (int64_t i = 1; i < SL_PIECE; i++)
            s[i] = s[0];
        for (int64_t d0 = 0; d0 < C; d0 += SL_PIECE) {
            int64_t k = C - d0 < SL_PIECE ? C - d0 : SL_PIECE;
            for (int64_t i = 0; i < k; i++)
                e[i] = py[d0 + i];
            VEXPN(e, k);
            for (int64_t i = 0; i < k; i++)
                e[i] = -e[i];
            FMAN(po + d0, e, s, pg + d0, k);
        }
    }
}

#undef SL_PIECE
#undef SL_LOADV
#undef SL_CHUNK_BYTES
#undef SL_CHUNK_ROWS
#undef SL_SHORT
#undef SL
#undef SL_CAT
#undef SL_CAT2
