/* grid_sample_loop.h: grid_sampler's CPU kernels for one type, included by
 * grid_sampler_kernel.c once per type with T, W (the AVX2 lanes of T) and
 * SFX. input and its gradient are contiguous [N, C, (D,) H, W], grid
 * [N, (oD,) oH, oW, 2 or 3] contiguous, out and grad_out [N, C, (oD,) oH, oW].
 * The arithmetic is grid_sample_math.h's (Note [Two grid sampler
 * arithmetics]); the order in which the 2-d backward adds into the input's
 * gradient is PyTorch's, see Note [Grid sampler chunks]. */

#define GS_CAT2(a, b) a##_##b
#define GS_CAT(a, b) GS_CAT2(a, b)
#define GS(name) GS_CAT(name, SFX)

/* where a 2-d grid point reads: per tap its offset (-1: none) and weight */
typedef struct {
    T x, y;              /* the position, padded (bicubic: unpadded) */
    T mx, my;            /* the gradient multipliers */
    T n, s, w, e;        /* bilinear: distances to the sides */
    T wt[4];             /* bilinear: nw, ne, sw, se */
    int64_t at[4];       /* bilinear: their offsets, nearest: at[0] */
    T cx[4], cy[4];      /* bicubic: weights */
    T gx[4], gy[4];      /* bicubic: their slopes */
    T fx, fy;            /* bicubic: floor of the position */
} GS(point);

/* bicubic's tap (xx, yy): offset in a [H, W] plane, or -1 */
static inline int64_t GS(tap)(const gs_geom *g, T xx, T yy) {
    int64_t ix = cg_gs_lane_int(GS(cg_gs2_pad)(xx, g->in[2], g->pad, g->align));
    int64_t iy = cg_gs_lane_int(GS(cg_gs2_pad)(yy, g->in[1], g->pad, g->align));
    bool ok = g->pad != CG_GS_ZEROS || (cg_gs_in(ix, g->in[2]) && cg_gs_in(iy, g->in[1]));
    return ok ? iy * g->in[2] + ix : -1;
}

/* ComputeLocation and compute_interp_params of the point (gx, gy) */
static void GS(locate2)(const gs_geom *g, T gx, T gy, bool grad, GS(point) *p) {
    int64_t H = g->in[1], Wd = g->in[2];
    if (g->interp == CG_GS_BICUBIC) {
        p->x = GS(cg_gs2_unnormalize)(gx, Wd, g->align), p->y = GS(cg_gs2_unnormalize)(gy, H, g->align);
        p->mx = GS(cg_gs2_scale)(Wd, g->align), p->my = GS(cg_gs2_scale)(H, g->align);
        p->fx = (T)floor((double)p->x), p->fy = (T)floor((double)p->y);
        GS(cg_gs2_cubic)(p->cx, p->x - p->fx), GS(cg_gs2_cubic)(p->cy, p->y - p->fy);
        if (grad)
            GS(cg_gs2_cubic_slope)(p->gx, p->x - p->fx), GS(cg_gs2_cubic_slope)(p->gy, p->y - p->fy);
        return;
    }
    p->x = GS(cg_gs2_locate)(gx, Wd, g->pad, g->align, grad ? &p->mx : NULL);
    p->y = GS(cg_gs2_locate)(gy, H, g->pad, g->align, grad ? &p->my : NULL);
    bool bound = g->pad != CG_GS_ZEROS;
    if (g->interp == CG_GS_NEAREST) {
        int64_t ix = cg_gs_lane_int(rint((double)p->x)), iy = cg_gs_lane_int(rint((double)p->y));
        p->at[0] = bound || (cg_gs_in(ix, Wd) && cg_gs_in(iy, H)) ? iy * Wd + ix : -1;
        return;
    }
    T xw = (T)floor((double)p->x), yn = (T)floor((double)p->y);
    p->w = p->x - xw, p->e = 1 - p->w, p->n = p->y - yn, p->s = 1 - p->n;
    p->wt[0] = p->s * p->e, p->wt[1] = p->s * p->w, p->wt[2] = p->n * p->e, p->wt[3] = p->n * p->w;
    int64_t ixw = cg_gs_lane_int(xw), iyn = cg_gs_lane_int(yn), ixe = ixw + 1, iys = iyn + 1;
    bool wm = bound || cg_gs_in(ixw, Wd), nm = bound || cg_gs_in(iyn, H);
    bool em = bound ? ixe < Wd : cg_gs_in(ixe, Wd), sm = bound ? iys < H : cg_gs_in(iys, H);
    p->at[0] = wm && nm ? iyn * Wd + ixw : -1;
    p->at[1] = em && nm ? iyn * Wd + ixe : -1;
    p->at[2] = wm && sm ? iys * Wd + ixw : -1;
    p->at[3] = em && sm ? iys * Wd + ixe : -1;
}

static inline T GS(at)(const T *plane, int64_t off) { return off >= 0 ? plane[off] : 0; }

/* (nw_val * nw) + (ne_val * ne) + (sw_val * sw) + (se_val * se), as
 * PyTorch's AVX2 build fused it: each later product into the sum so far */
static inline T GS(bilinear)(const T *src, const GS(point) *p) {
    T nw = GS(at)(src, p->at[0]), ne = GS(at)(src, p->at[1]), sw = GS(at)(src, p->at[2]), se = GS(at)(src, p->at[3]);
    T r = GS(cg_gs2_fma)(ne, p->wt[1], nw * p->wt[0]);
    r = GS(cg_gs2_fma)(sw, p->wt[2], r);
    return GS(cg_gs2_fma)(se, p->wt[3], r);
}

/* c[0] v[0] + c[1] v[1] + c[2] v[2] + c[3] v[3] as PyTorch's build fused
 * it: along x (row) only the first product, along y as bilinear() */
static inline T GS(sum4)(const T *c, const T *v, bool row) {
    if (row)
        return GS(cg_gs2_fma)(c[0], v[0], c[1] * v[1]) + c[2] * v[2] + c[3] * v[3];
    T r = GS(cg_gs2_fma)(c[1], v[1], c[0] * v[0]);
    r = GS(cg_gs2_fma)(c[2], v[2], r);
    return GS(cg_gs2_fma)(c[3], v[3], r);
}

/* one output point of every channel: out[c * plane_out] */
static void GS(forward2_point)(const gs_geom *g, const T *in, T *out, int64_t pout, T gx, T gy) {
    GS(point) p;
    GS(locate2)(g, gx, gy, false, &p);
    int64_t pin = g->in[1] * g->in[2];
    for (int64_t c = 0; c < g->C; c++) {
        const T *src = in + c * pin;
        T v;
        if (g->interp == CG_GS_BILINEAR)
            v = GS(bilinear)(src, &p);
        else if (g->interp == CG_GS_NEAREST)
            v = GS(at)(src, p.at[0]);
        else {
            T row[4];
            for (int i = 0; i < 4; i++) {
                T yy = p.fy + (T)(-1 + i), at[4];
                for (int k = 0; k < 4; k++)
                    at[k] = GS(at)(src, GS(tap)(g, p.fx + (T)(k - 1), yy));
                row[i] = GS(sum4)(p.cx, at, true);
            }
            v = GS(sum4)(p.cy, row, false);
        }
        out[c * pout] = v;
    }
}

static void GS(forward2)(const gs_geom *g, const T *in, const T *grid, T *out) {
    int64_t P = g->out[1] * g->out[2], pin = g->C * g->in[1] * g->in[2];
#pragma omp parallel for if (g->N > 1 && g->N * P * g->C > CG_PARALLEL_GRAIN)
    for (int64_t n = 0; n < g->N; n++)
        for (int64_t q = 0; q < P; q++)
            GS(forward2_point)(g, in + n * pin, out + n * g->C * P + q, P, grid[(n * P + q) * 2],
                               grid[(n * P + q) * 2 + 1]);
}

/* Note [Grid sampler chunks]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's 2-d backward takes the grid points W at a time (the lanes of
 * one vector: 8 floats or 4 doubles, restarting at each row when the
 * grid's rows are not one block) and, per channel, adds every lane's share
 * of one corner (or tap) into the input's gradient before the next corner.
 * Two points that share an input pixel add in that order, so ours do too. */
static void GS(backward2_chunk)(const gs_geom *g, const T *in, const T *grid, const T *gout, T *gin, T *ggrid,
                                int64_t q0, int64_t len) {
    GS(point) p[W];
    T ax[W], ay[W];
    int64_t P = g->out[1] * g->out[2], pin = g->in[1] * g->in[2];
    for (int64_t l = 0; l < len; l++) {
        GS(locate2)(g, grid[(q0 + l) * 2], grid[(q0 + l) * 2 + 1], true, &p[l]);
        ax[l] = 0, ay[l] = 0;
    }
    for (int64_t c = 0; c < g->C; c++) {
        const T *src = in + c * pin, *go = gout + c * P + q0;
        T *dst = gin ? gin + c * pin : NULL;
        if (g->interp == CG_GS_BILINEAR) {
            for (int k = 0; dst && k < 4; k++)
                for (int64_t l = 0; l < len; l++)
                    if (p[l].at[k] >= 0)
                        dst[p[l].at[k]] += p[l].wt[k] * go[l];
            for (int64_t l = 0; l < len; l++) {
                T nw = GS(at)(src, p[l].at[0]), ne = GS(at)(src, p[l].at[1]);
                T sw = GS(at)(src, p[l].at[2]), se = GS(at)(src, p[l].at[3]);
                T dx = GS(cg_gs2_fma)(se - sw, p[l].n, (ne - nw) * p[l].s);
                T dy = GS(cg_gs2_fma)(se - ne, p[l].w, (sw - nw) * p[l].e);
                ax[l] = GS(cg_gs2_fma)(dx, go[l], ax[l]), ay[l] = GS(cg_gs2_fma)(dy, go[l], ay[l]);
            }
        } else if (g->interp == CG_GS_NEAREST) {
            for (int64_t l = 0; dst && l < len; l++)
                if (p[l].at[0] >= 0)
                    dst[p[l].at[0]] += go[l];
        } else {
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++)
                    for (int64_t l = 0; l < len; l++) {
                        int64_t off = GS(tap)(g, p[l].fx + (T)(-1 + i), p[l].fy + (T)(-1 + j));
                        if (dst && off >= 0)
                            dst[off] += go[l] * p[l].cx[i] * p[l].cy[j];
                        T v = GS(at)(src, off);
                        ax[l] = GS(cg_gs2_fma)(-(v * go[l] * p[l].gx[i]), p[l].cy[j], ax[l]);
                        ay[l] = GS(cg_gs2_fma)(-(v * go[l] * p[l].gy[j]), p[l].cx[i], ay[l]);
                    }
        }
    }
    for (int64_t l = 0; l < len; l++) {
        bool nearest = g->interp == CG_GS_NEAREST;
        ggrid[(q0 + l) * 2] = nearest ? 0 : ax[l] * p[l].mx;
        ggrid[(q0 + l) * 2 + 1] = nearest ? 0 : ay[l] * p[l].my;
    }
}

static void GS(backward2)(const gs_geom *g, const T *in, const T *grid, const T *gout, T *gin, T *ggrid) {
    int64_t P = g->out[1] * g->out[2], pin = g->C * g->in[1] * g->in[2];
    int64_t row = g->rowwise ? g->out[2] : P;
#pragma omp parallel for if (g->N > 1 && g->N * P * g->C > CG_PARALLEL_GRAIN)
    for (int64_t n = 0; n < g->N; n++)
        for (int64_t r = 0; r < P; r += row)
            for (int64_t q = r; q < r + row; q += W)
                GS(backward2_chunk)(g, in + n * pin, grid + n * P * 2, gout + n * g->C * P, gin ? gin + n * pin : NULL,
                                    ggrid + n * P * 2, q, q + W < r + row ? W : r + row - q);
}

/* ---- 3-d: GridSampler.cpp's scalar loops ---- */

/* the eight corners of a 3-d point: offsets (-1: outside) and weights */
typedef struct {
    T x, y, z, mx, my, mz;
    int64_t at[8];
    T wt[8];
    T dx[2], dy[2], dz[2]; /* (ix - ix_tnw, ix_bse - ix), ... */
} GS(point3);

static void GS(locate3)(const gs_geom *g, const T *gp, GS(point3) *p) {
    int64_t D = g->in[0], H = g->in[1], Wd = g->in[2];
    p->x = GS(cg_gs3_locate)(gp[0], Wd, g->pad, g->align, &p->mx);
    p->y = GS(cg_gs3_locate)(gp[1], H, g->pad, g->align, &p->my);
    p->z = GS(cg_gs3_locate)(gp[2], D, g->pad, g->align, &p->mz);
    if (g->interp == CG_GS_NEAREST) {
        int64_t ix = cg_gs_lane_int(rint((double)p->x)), iy = cg_gs_lane_int(rint((double)p->y));
        int64_t iz = cg_gs_lane_int(rint((double)p->z));
        bool ok = cg_gs_in(ix, Wd) && cg_gs_in(iy, H) && cg_gs_in(iz, D);
        p->at[0] = ok ? (iz * H + iy) * Wd + ix : -1;
        return;
    }
    int64_t ix = cg_gs_lane_int(floor((double)p->x)), iy = cg_gs_lane_int(floor((double)p->y));
    int64_t iz = cg_gs_lane_int(floor((double)p->z));
    /* the distances to the low (t, n, w) and high (b, s, e) faces */
    p->dx[0] = p->x - (T)ix, p->dx[1] = (T)(ix + 1) - p->x;
    p->dy[0] = p->y - (T)iy, p->dy[1] = (T)(iy + 1) - p->y;
    p->dz[0] = p->z - (T)iz, p->dz[1] = (T)(iz + 1) - p->z;
    /* corner k: bit 2 bottom (z + 1), bit 1 south (y + 1), bit 0 east (x + 1),
     * weighted by the distances to the opposite faces */
    for (int k = 0; k < 8; k++) {
        int bx = k & 1, by = (k >> 1) & 1, bz = (k >> 2) & 1;
        int64_t cx = ix + bx, cy = iy + by, cz = iz + bz;
        p->wt[k] = p->dx[!bx] * p->dy[!by] * p->dz[!bz];
        p->at[k] = cg_gs_in(cx, Wd) && cg_gs_in(cy, H) && cg_gs_in(cz, D) ? (cz * H + cy) * Wd + cx : -1;
    }
}

static void GS(forward3)(const gs_geom *g, const T *in, const T *grid, T *out) {
    int64_t P = g->out[0] * g->out[1] * g->out[2], pin = g->in[0] * g->in[1] * g->in[2];
#pragma omp parallel for if (g->N > 1 && g->N * P * g->C > CG_PARALLEL_GRAIN)
    for (int64_t n = 0; n < g->N; n++)
        for (int64_t q = 0; q < P; q++) {
            GS(point3) p;
            GS(locate3)(g, grid + (n * P + q) * 3, &p);
            for (int64_t c = 0; c < g->C; c++) {
                const T *src = in + (n * g->C + c) * pin;
                T v = 0;
                if (g->interp == CG_GS_NEAREST)
                    v = GS(at)(src, p.at[0]);
                else
                    for (int k = 0; k < 8; k++)
                        if (p.at[k] >= 0)
                            v += src[p.at[k]] * p.wt[k];
                out[(n * g->C + c) * P + q] = v;
            }
        }
}

/* d corner weight / d x (y, z) of corner k without its sign: the product of
 * the other two distances, in PyTorch's order */
static void GS(backward3_point)(const gs_geom *g, const GS(point3) *p, const T *in, const T *gout, T *gin, T *gg,
                                int64_t P) {
    int64_t pin = g->in[0] * g->in[1] * g->in[2];
    T ax = 0, ay = 0, az = 0;
    for (int64_t c = 0; c < g->C; c++) {
        T go = gout[c * P];
        T *dst = gin ? gin + c * pin : NULL;
        if (g->interp == CG_GS_NEAREST) {
            if (dst && p->at[0] >= 0)
                dst[p->at[0]] += go;
            continue;
        }
        for (int k = 0; dst && k < 8; k++)
            if (p->at[k] >= 0)
                dst[p->at[k]] += p->wt[k] * go;
        for (int k = 0; k < 8; k++) {
            if (p->at[k] < 0)
                continue;
            int bx = k & 1, by = (k >> 1) & 1, bz = (k >> 2) & 1;
            T v = in[c * pin + p->at[k]];
            T tx = v * p->dy[!by] * p->dz[!bz] * go, ty = v * p->dx[!bx] * p->dz[!bz] * go;
            T tz = v * p->dx[!bx] * p->dy[!by] * go;
            ax = bx ? ax + tx : ax - tx, ay = by ? ay + ty : ay - ty, az = bz ? az + tz : az - tz;
        }
    }
    bool nearest = g->interp == CG_GS_NEAREST;
    gg[0] = nearest ? 0 : p->mx * ax, gg[1] = nearest ? 0 : p->my * ay, gg[2] = nearest ? 0 : p->mz * az;
}

static void GS(backward3)(const gs_geom *g, const T *in, const T *grid, const T *gout, T *gin, T *ggrid) {
    int64_t P = g->out[0] * g->out[1] * g->out[2], pin = g->in[0] * g->in[1] * g->in[2];
#pragma omp parallel for if (g->N > 1 && g->N * P * g->C > CG_PARALLEL_GRAIN)
    for (int64_t n = 0; n < g->N; n++)
        for (int64_t q = 0; q < P; q++) {
            GS(point3) p;
            GS(locate3)(g, grid + (n * P + q) * 3, &p);
            GS(backward3_point)(g, &p, in + n * g->C * pin, gout + n * g->C * P + q, gin ? gin + n * g->C * pin : NULL,
                                ggrid + (n * P + q) * 3, P);
        }
}

#undef GS
#undef GS_CAT
#undef GS_CAT2
