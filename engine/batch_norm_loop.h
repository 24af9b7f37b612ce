/* batch_norm_loop.h: batch_norm's CPU kernels in PyTorch 1.13's order (its
 * batch_norm_kernel.cpp and the statistics' step of Normalization.cpp),
 * included by batch_norm_kernel.c once per type with
 *   T    the element type,
 *   W    PyTorch's vector lanes for T (32 bytes),
 *   SFX  the names' suffix,
 *   TREE 1 where PyTorch's AVX2 reduce folds a whole vector by halves
 *        (and vec_reduce_loop.h included before with the same T, W, SFX),
 *   FMA  fmaf or fma: where the AVX2 build fused a multiply and an add,
 *   SQ_ADD(d, acc)  acc + d * d for a double acc (fused for double T; for
 *        float the square is rounded to float first).
 * See Note [Batch norm kernels] in batch_norm_kernel.c for the two layouts:
 * "planes" (a contiguous [N, C, image] input, image > 1) and "rows" (an
 * input seen as [rows, C], a 2-d input or a channels-last one). */

#define BN_CAT2(a, b) a##_##b
#define BN_CAT(a, b) BN_CAT2(a, b)
#define BN(name) BN_CAT(name, SFX)

/* ---- statistics ---------------------------------------------------------------- */

/* Planes: per channel, a serial sum in double, mean = sum / n rounded to T,
 * then a serial sum of the squared deviations, each rounded to T.
 * x is [N, C, image]; mean and var_sum are [C]. */
static void BN(stats_planes)(const T *x, int64_t N, int64_t C, int64_t image, T *mean, T *var_sum) {
    int64_t n = N * image;
#pragma omp parallel for schedule(static) if (C > 1 && n * C > 32768)
    for (int64_t c = 0; c < C; c++) {
        double s = 0;
        for (int64_t b = 0; b < N; b++)
            for (int64_t i = 0; i < image; i++)
                s += x[(b * C + c) * image + i];
        T m = (T)(s / (double)n);
        double v = 0;
        for (int64_t b = 0; b < N; b++)
            for (int64_t i = 0; i < image; i++) {
                T d = x[(b * C + c) * image + i] - m;
                v = SQ_ADD(d, v);
            }
        mean[c] = m, var_sum[c] = (T)v;
    }
}

/* Rows, more rows than threads: each thread's rows summed into its own row
 * of a [threads, C] buffer in T, the buffer's rows then summed in double;
 * the squared deviations likewise, each added to the buffer by one FMA.
 * x is [rows, C]; buf is [threads, C], zeroed. */
static void BN(stats_rows_split)(const T *x, int64_t rows, int64_t C, int64_t threads, T *buf, T *mean, T *var_sum) {
    int64_t chunk = (rows + threads - 1) / threads;
    for (int pass = 0; pass < 2; pass++) {
        memset(buf, 0, (size_t)(threads * C) * sizeof *buf);
#pragma omp parallel for schedule(static) num_threads((int)threads) if (threads > 1)
        for (int64_t t = 0; t < threads; t++) {
            T *acc = buf + t * C;
            for (int64_t r = t * chunk; r < rows && r < (t + 1) * chunk; r++)
                for (int64_t c = 0; c < C; c++) {
                    T d = x[r * C + c] - (pass ? mean[c] : 0);
                    acc[c] = pass ? FMA(d, d, acc[c]) : d + acc[c];
                }
        }
        for (int64_t c = 0; c < C; c++) {
            double s = 0;
            for (int64_t t = 0; t < threads; t++)
                s += buf[t * C + c];
            if (pass)
                var_sum[c] = (T)s;
            else
                mean[c] = (T)(s / (double)rows);
        }
    }
}

/* Rows, no more rows than threads: serial sums in double per channel */
static void BN(stats_rows_serial)(const T *x, int64_t rows, int64_t C, T *mean, T *var_sum) {
    for (int64_t c = 0; c < C; c++) {
        double s = 0;
        for (int64_t r = 0; r < rows; r++)
            s += x[r * C + c];
        T m = (T)(s / (double)rows);
        double v = 0;
        for (int64_t r = 0; r < rows; r++) {
            T d = x[r * C + c] - m;
            v = SQ_ADD(d, v);
        }
        mean[c] = m, var_sum[c] = (T)v;
    }
}

/* The step after the kernel (Normalization.cpp, no FMA there): invstd from
 * var_sum / n rounded to T, widened; the running statistics moved in double
 * with the unbiased var_sum / (n - 1), rounded to T. */
static void BN(stats_finish)(const T *mean, const T *var_sum, int64_t C, int64_t n, double momentum, double eps,
                             T *invstd, T *rm, T *rv) {
    for (int64_t c = 0; c < C; c++) {
        double var = (double)(var_sum[c] / (T)n);
        invstd[c] = var == 0 && eps == 0 ? 0 : (T)(1 / sqrt(var + eps));
        T mom = (T)momentum;
        if (rm)
            rm[c] = mom * mean[c] + (1 - mom) * rm[c];
        if (rv)
            rv[c] = (T)(mom * (double)(var_sum[c] / (T)(n - 1)) + (T)((1 - mom) * rv[c]));
    }
}

/* ---- the transform -------------------------------------------------------------- */

/* alpha = invstd * weight, beta = bias - mean * alpha (one FMA), in T */
static void BN(terms)(const T *mean, const T *invstd, const T *w, const T *b, int64_t C, T *alpha, T *beta) {
    for (int64_t c = 0; c < C; c++) {
        alpha[c] = invstd[c] * (w ? w[c] : 1);
        beta[c] = FMA(-mean[c], alpha[c], b ? b[c] : 0);
    }
}

/* y = x * alpha + beta, one FMA, x and y [N, C, image] */
static void BN(apply)(const T *x, T *y, int64_t N, int64_t C, int64_t image, const T *alpha, const T *beta) {
#pragma omp parallel for schedule(static) if (N * C * image > 32768)
    for (int64_t p = 0; p < N * C; p++) {
        T a = alpha[p % C], b = beta[p % C];
        for (int64_t i = 0; i < image; i++)
            y[p * image + i] = FMA(x[p * image + i], a, b);
    }
}

/* ---- backward ------------------------------------------------------------------- */

/* The input gradient of one value: dy - mean(dy) - (x - mean) * k, one FMA,
 * times invstd times weight (training); dy * invstd * weight (evaluation) */
static inline T BN(dx)(T x, T dy, T mean, T k, T grad_mean, T invstd, T w, bool train) {
    return train ? DX_FMA(-(x - mean), k, dy - grad_mean) * invstd * w : dy * invstd * w;
}

static inline T BN(dx_plain)(T x, T dy, T mean, T k, T grad_mean, T invstd, T w, bool train) {
    return train ? (dy - grad_mean - (x - mean) * k) * invstd * w : dy * invstd * w;
}

/* Planes: per channel, sum(dy) and sum((x - mean) * dy) accumulated plane by
 * plane in double from vector reductions; then the input gradient with
 * k = dotp * invstd^2 / n, and gw = dotp * invstd, gb = sum.
 * x, dy, dx are [N, C, image]; dx, gw, gb may be NULL. */
static void BN(backward_planes)(const T *x, const T *dy, int64_t N, int64_t C, int64_t image, const T *mean,
                                const T *invstd, const T *w, bool train, T *dx, T *gw, T *gb) {
    int64_t n = N * image;
#pragma omp parallel for schedule(static) if (C > 1 && n * C > 32768)
    for (int64_t c = 0; c < C; c++) {
        double sum = 0, dotp = 0;
        for (int64_t b = 0; b < N; b++) {
            int64_t off = (b * C + c) * image;
            sum += BN(reduce)(dy + off, 0, NULL, NULL, image);
            dotp += BN(reduce)(x + off, mean[c], dy + off, NULL, image);
        }
        T wc = w ? w[c] : 1, k = (T)dotp * invstd[c] * invstd[c] / (T)n, gm = (T)(sum / (double)n);
        for (int64_t b = 0; dx && b < N; b++) {
            int64_t off = (b * C + c) * image;
            for (int64_t i = 0; i < image; i++)
                dx[off + i] = BN(dx)(x[off + i], dy[off + i], mean[c], k, gm, invstd[c], wc, train);
        }
        if (gw)
            gw[c] = (T)(dotp * (double)invstd[c]);
        if (gb)
            gb[c] = (T)sum;
    }
}

/* Rows: sum(dy) and sum((x - mean) * dy) per thread into a [2, threads, C]
 * buffer in T (the dot's terms fused), the threads' rows summed in double
 * and rounded to T; then the input gradient from them in T.
 * x, dy, dx are [rows, C]; buf is [2, threads, C]. */
static void BN(backward_rows)(const T *x, const T *dy, int64_t rows, int64_t C, int64_t threads, T *buf, const T *mean,
                              const T *invstd, const T *w, bool train, T *dx, T *gw, T *gb) {
    T *sum = buf, *dotp = buf + threads * C;
    int64_t parts = rows < threads ? rows : threads, chunk = parts ? (rows + parts - 1) / parts : 0;
    memset(buf, 0, (size_t)(2 * threads * C) * sizeof *buf);
#pragma omp parallel for schedule(static) num_threads((int)threads) if (parts > 1)
    for (int64_t t = 0; t < parts; t++)
        for (int64_t r = t * chunk; r < rows && r < (t + 1) * chunk; r++)
            for (int64_t c = 0; c < C; c++) {
                sum[t * C + c] += dy[r * C + c];
                dotp[t * C + c] = FMA(x[r * C + c] - mean[c], dy[r * C + c], dotp[t * C + c]);
            }
    for (int64_t c = 0; c < C; c++) {
        double s = 0, d = 0;
        for (int64_t t = 0; t < threads; t++)
            s += sum[t * C + c], d += dotp[t * C + c];
        sum[c] = (T)s, dotp[c] = (T)d;
    }
#pragma omp parallel for schedule(static) if (rows * C > 32768)
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; dx && c < C; c++) {
            T k = dotp[c] * invstd[c] * invstd[c] / (T)rows, gm = sum[c] / (T)rows;
            dx[r * C + c] =
                c < C - C % W || !TAIL_PLAIN
                    ? BN(dx)(x[r * C + c], dy[r * C + c], mean[c], k, gm, invstd[c], w ? w[c] : 1, train)
                    : BN(dx_plain)(x[r * C + c], dy[r * C + c], mean[c], k, gm, invstd[c], w ? w[c] : 1, train);
        }
    for (int64_t c = 0; c < C; c++) {
        if (gw)
            gw[c] = dotp[c] * invstd[c];
        if (gb)
            gb[c] = sum[c];
    }
}

#undef BN
#undef BN_CAT
#undef BN_CAT2
