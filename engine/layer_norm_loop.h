/* layer_norm_loop.h: layer_norm's CPU kernels in PyTorch 1.13's order (its
 * layer_norm_kernel.cpp), included by layer_norm_kernel.c once per type
 * after vec_reduce_loop.h and moments_loop.h, with the same T, W, SFX, FMA.
 * Rows of N values are normalised; x, y, dy, dx are [M, N], mean and rstd
 * [M], weight, bias, gw, gb [N] (weight and bias may be NULL). */

#define LN_CAT2(a, b) a##_##b
#define LN_CAT(a, b) LN_CAT2(a, b)
#define LN(name) LN_CAT(name, SFX)

/* y = (x * rstd - rstd * mean) * w + b, both steps fused; rstd = 1 /
 * sqrt(var + eps) in T */
static void LN(forward)(const T *x, T *y, int64_t M, int64_t N, const T *w, const T *b, T eps, T *mean, T *rstd) {
#pragma omp parallel for schedule(static) if (M > 1 && M * N > 32768)
    for (int64_t i = 0; i < M; i++) {
        T m, v;
        LN(rowwise_moments)(x + i * N, N, &m, &v);
        T r = 1 / LN(sqrt)(v + eps), shift = -r * m;
        for (int64_t j = 0; j < N; j++)
            y[i * N + j] = FMA(FMA(x[i * N + j], r, shift), w ? w[j] : 1, b ? b[j] : 0);
        mean[i] = m, rstd[i] = r;
    }
}

/* One thread's rows [begin, end): dx, and the sums of dy * xhat and of dy
 * into this thread's rows gwb (gw) and gwb + threads * N (gb) of the
 * buffer. Per row: ds = sum(dy * x * w), db = sum(dy * w), then
 * dx = rstd * dy * w + b * x + c with b = (db * mean - ds) * rstd^3 / N,
 * c = -b * mean - db * rstd / N. */
static void LN(backward_rows)(const T *dy, const T *x, const T *mean, const T *rstd, const T *w, int64_t begin,
                              int64_t end, int64_t N, T *dx, T *gw_buf, T *gb_buf) {
    T scale = (T)1 / (T)N;
    for (int64_t i = begin; i < end; i++) {
        const T *pdy = dy + i * N, *px = x + i * N;
        T a = rstd[i];
        if (gw_buf) {
            T bb = -a * mean[i];
            for (int64_t j = 0; j < N; j++)
                gw_buf[j] = FMA(pdy[j], FMA(a, px[j], bb), gw_buf[j]);
        }
        for (int64_t j = 0; gb_buf && j < N; j++)
            gb_buf[j] = gb_buf[j] + pdy[j];
        if (!dx)
            continue;
        T ds = LN(reduce)(pdy, 0, px, w, N);
        T db = w ? LN(reduce)(pdy, 0, w, NULL, N) : LN(reduce)(pdy, 0, NULL, NULL, N);
        T b = FMA(db, mean[i], -ds) * a * a * a * scale;
        T c = FMA(-b, mean[i], -(db * a * scale));
        for (int64_t j = 0; j < N; j++)
            dx[i * N + j] = FMA(b, px[j], a * pdy[j] * (w ? w[j] : 1)) + c;
    }
}

/* The whole backward: rows split over threads as PyTorch's parallel_for,
 * then each column's threads summed in T. buf is [2, threads, N]. */
static void LN(backward)(const T *dy, const T *x, const T *mean, const T *rstd, const T *w, int64_t M, int64_t N,
                         int64_t threads, T *buf, T *dx, T *gw, T *gb) {
    int64_t parts = M < threads ? M : threads, chunk = parts ? (M + parts - 1) / parts : 0;
    memset(buf, 0, (size_t)(2 * threads * N) * sizeof *buf);
#pragma omp parallel for schedule(static) num_threads((int)parts) if (parts > 1)
    for (int64_t t = 0; t < parts; t++) {
        int64_t end = (t + 1) * chunk < M ? (t + 1) * chunk : M;
        LN(backward_rows)
        (dy, x, mean, rstd, w, t * chunk, end, N, dx, gw ? buf + t * N : NULL, gb ? buf + (threads + t) * N : NULL);
    }
    for (int64_t j = 0; (gw || gb) && j < N; j++) {
        T sw = 0, sb = 0;
        for (int64_t t = 0; t < threads; t++)
            sw += buf[t * N + j], sb += buf[(threads + t) * N + j];
        if (gw)
            gw[j] = sw;
        if (gb)
            gb[j] = sb;
    }
}

#undef LN
#undef LN_CAT
#undef LN_CAT2
