/* group_norm_loop.h: group_norm's CPU kernels in PyTorch 1.13's order (its
 * group_norm_kernel.cpp, contiguous layout), included by
 * group_norm_kernel.c once per type after moments_loop.h, with the same T,
 * W, SFX, FMA. x, y, dy, dx are [N, C, HxW] with C = G * D; mean and rstd
 * [N, G]; weight, bias, gw, gb [C] (weight and bias may be NULL). */

#define GN_CAT2(a, b) a##_##b
#define GN_CAT(a, b) GN_CAT2(a, b)
#define GN(name) GN_CAT(name, SFX)

typedef struct {
    int64_t N, C, HxW, G;
} GN(geom);

/* Per group (n, g): its D * HxW values' moments, rstd = 1 / sqrt(max(var,
 * 0) + eps); then per channel y = scale * x + bias (fused), scale = rstd *
 * w, bias = b - scale * mean (not fused); without weight and bias,
 * y = (x - mean) * rstd. */
static void GN(forward)(const T *x, T *y, GN(geom) g, const T *w, const T *b, T eps, T *mean, T *rstd) {
    int64_t D = g.C / g.G, inner = D * g.HxW;
#pragma omp parallel for schedule(static) if (g.N * g.G > 1 && g.N * g.C * g.HxW > 32768)
    for (int64_t i = 0; i < g.N * g.G; i++) {
        const T *px = x + i * inner;
        T *py = y + i * inner;
        T m, v;
        GN(rowwise_moments)(px, inner, &m, &v);
        T r = 1 / (T)sqrt((double)((v > 0 ? v : 0) + eps)); /* a float root through double rounds alike */
        for (int64_t j = 0; j < D; j++) {
            int64_t c = i % g.G * D + j;
            T scale = r * (w ? w[c] : 1), bias = -scale * m + (b ? b[c] : 0);
            for (int64_t k = 0; k < g.HxW; k++)
                py[j * g.HxW + k] = w || b ? FMA(scale, px[j * g.HxW + k], bias) : (px[j * g.HxW + k] - m) * r;
        }
        mean[i] = m, rstd[i] = r;
    }
}

/* The sum over j < n of p[j] * q[j] (q NULL: of p[j]) as PyTorch's
 * kernel loops: W lanes from zero over whole vectors, each fused, the lanes
 * added in order from zero; then its scalar loop over the leftover values,
 * which gcc vectorised: W / 2 of them (when that many are left) as one
 * vector of products added in order, the rest serially, fused. */
static T GN(lane_sum)(const T *p, const T *q, int64_t n) {
    T acc[W] = {0}, s = 0;
    int64_t j = n / W * W;
    for (int64_t d = 0; d < j; d += W)
        for (int l = 0; l < W; l++)
            acc[l] = q ? FMA(p[d + l], q[d + l], acc[l]) : acc[l] + p[d + l];
    for (int l = 0; l < W; l++)
        s += acc[l];
    for (int64_t end = n - j >= W / 2 ? j + W / 2 : j; j < end; j++)
        s += q ? p[j] * q[j] : p[j];
    for (; j < n; j++)
        s = q ? FMA(p[j], q[j], s) : s + p[j];
    return s;
}

/* ds = sum(dy * x), db = sum(dy) per plane (n, c): [N, C] */
static void GN(plane_sums)(const T *dy, const T *x, GN(geom) g, T *ds, T *db) {
#pragma omp parallel for schedule(static) if (g.N * g.C > 1 && g.N * g.C * g.HxW > 32768)
    for (int64_t i = 0; i < g.N * g.C; i++) {
        ds[i] = GN(lane_sum)(dy + i * g.HxW, x + i * g.HxW, g.HxW);
        db[i] = GN(lane_sum)(dy + i * g.HxW, NULL, g.HxW);
    }
}

/* dx per group: dsg = sum(ds * w), dbg = sum(db * w) over its channels,
 * c2 = (dbg * mean - dsg) * rstd^3 / (D * HxW), c3 = -c2 * mean - dbg *
 * rstd / (D * HxW), dx = c1 * dy + c2 * x + c3 (the first product fused)
 * with c1 = rstd * w */
static void GN(input_grad)(const T *dy, const T *x, GN(geom) g, const T *mean, const T *rstd, const T *w, const T *ds,
                           const T *db, T *dx) {
    int64_t D = g.C / g.G;
    T s = (T)1 / (T)(D * g.HxW);
#pragma omp parallel for schedule(static) if (g.N * g.G > 1 && g.N * g.C * g.HxW > 32768)
    for (int64_t i = 0; i < g.N * g.G; i++) {
        const T *wg = w ? w + i % g.G * D : NULL;
        T dsg = wg ? GN(lane_sum)(ds + i * D, wg, D) : GN(lane_sum)(ds + i * D, NULL, D);
        T dbg = wg ? GN(lane_sum)(db + i * D, wg, D) : GN(lane_sum)(db + i * D, NULL, D);
        T c2 = FMA(dbg, mean[i], -dsg) * rstd[i] * rstd[i] * rstd[i] * s;
        T c3 = FMA(-c2, mean[i], -(dbg * rstd[i] * s));
        for (int64_t j = 0; j < D; j++) {
            T c1 = rstd[i] * (wg ? wg[j] : 1);
            int64_t off = (i * D + j) * g.HxW;
            for (int64_t k = 0; k < g.HxW; k++)
                dx[off + k] = FMA(c1, dy[off + k], c2 * x[off + k]) + c3;
        }
    }
}

/* gw[c] = sum over n of (ds - db * mean) * rstd, gb[c] = sum over n of db */
static void GN(param_grads)(GN(geom) g, const T *mean, const T *rstd, const T *ds, const T *db, T *gw, T *gb) {
    int64_t D = g.C / g.G;
    for (int64_t c = 0; c < g.C; c++) {
        T aw = 0, ab = 0;
        for (int64_t n = 0; n < g.N; n++) {
            int64_t i = n * g.G + c / D;
            aw = FMA(FMA(-db[n * g.C + c], mean[i], ds[n * g.C + c]), rstd[i], aw);
            ab += db[n * g.C + c];
        }
        if (gw)
            gw[c] = aw;
        if (gb)
            gb[c] = ab;
    }
}

#undef GN
#undef GN_CAT
#undef GN_CAT2
