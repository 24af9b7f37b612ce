/* softmax_cols_loop.h: softmax and log_softmax over a dim that is not the
 * last, and their derivatives, in PyTorch 1.13's order (its _vec_softmax,
 * _vec_logsoftmax, _vec_softmax_backward and _vec_log_softmax_backward),
 * included by ops_nn.c once per type after softmax_loop.h, with its macros
 * and
 *   VEXPN  exp of n contiguous elements in place, as PyTorch's vectors
 *          compute them,
 *   FMAN   out = a * b + c rounded once over n contiguous elements.
 * Tensors are contiguous [outer, C, inner], C the softmax dim; each of the
 * outer * inner columns is reduced down its C elements, W columns at a time
 * as vectors. See Note [Softmax over other dims]. */

#define SC_CAT2(a, b) a##_##b
#define SC_CAT(a, b) SC_CAT2(a, b)
#define SC(name) SC_CAT(name, SFX)

/* Columns go in blocks of at most this many (a multiple of W), so that
 * their sums fit on the stack. Wider blocks than PyTorch's chunks: a
 * column's values do not depend on its block, and short rows would cost a
 * call of the vector functions per few elements. */
#define SC_BLOCK 512

/* ---- softmax: vector groups where a thread's range allows ------------------------- */

/* `size` adjacent columns from p (column stride inner), size a multiple
 * of W: each group of W as one vector, several groups a step */
static void SC(softmax_groups)(const T *p, T *q, int64_t C, int64_t inner, int64_t size) {
    T m[SC_BLOCK], s[SC_BLOCK];
    for (int64_t c = 0; c < size; c++)
        m[c] = p[c], s[c] = 0;
    for (int64_t d = 1; d < C; d++)
        for (int64_t c = 0; c < size; c++)
            m[c] = SC(vmax)(m[c], p[d * inner + c]);
    for (int64_t d = 0; d < C; d++) {
        T *row = q + d * inner;
        for (int64_t c = 0; c < size; c++)
            row[c] = p[d * inner + c] - m[c];
        VEXPN(row, size);
        for (int64_t c = 0; c < size; c++)
            s[c] = s[c] + row[c];
    }
    for (int64_t d = 0; d < C; d++)
        for (int64_t c = 0; c < size; c++)
            q[d * inner + c] = q[d * inner + c] / s[c];
}

/* one column by scalars: std::max (a NaN after the first is skipped) and
 * libm's exp */
static void SC(softmax_column)(const T *p, T *q, int64_t C, int64_t inner) {
    T m = p[0], s = 0;
    for (int64_t d = 1; d < C; d++)
        m = m < p[d * inner] ? p[d * inner] : m;
    for (int64_t d = 0; d < C; d++) {
        q[d * inner] = LIBM_EXP(p[d * inner] - m);
        s += q[d * inner];
    }
    for (int64_t d = 0; d < C; d++)
        q[d * inner] = q[d * inner] / s;
}

/* columns [b, e) of outer * inner: a group of W where it fits in both the
 * row of columns and the range (as many such groups as follow at once),
 * else single columns to the nearer end */
static void SC(softmax_range)(const T *x, T *y, int64_t C, int64_t inner, int64_t b, int64_t e) {
    int64_t idx = b;
    while (idx < e) {
        int64_t o = idx / inner, j = idx % inner;
        if (j + W <= inner && idx + W <= e) {
            int64_t room = inner - j < e - idx ? inner - j : e - idx;
            int64_t n = room / W * W < SC_BLOCK ? room / W * W : SC_BLOCK;
            SC(softmax_groups)(x + o * C * inner + j, y + o * C * inner + j, C, inner, n);
            idx += n;
            continue;
        }
        int64_t n = idx + W > e ? e - idx : inner - j;
        for (int64_t i = idx; i < idx + n; i++) {
            int64_t at = i / inner * C * inner + i % inner;
            SC(softmax_column)(x + at, y + at, C, inner);
        }
        idx += n;
    }
}

/* x, y: [outer, C, inner]. The columns split over threads as parallel_for
 * with grain 32768 / C splits them: where a range starts decides which
 * columns are vectors. */
static void SC(softmax_cols)(const T *x, T *y, int64_t outer, int64_t C, int64_t inner) {
    int64_t n = outer * inner, grain = CG_PARALLEL_GRAIN / C > 1 ? CG_PARALLEL_GRAIN / C : 1;
    int64_t parts = cg_parallel_parts_grain(n, grain), chunk = (n + parts - 1) / parts;
#pragma omp parallel for schedule(static, 1) num_threads((int)parts) if (parts > 1)
    for (int64_t t = 0; t < parts; t++)
        SC(softmax_range)(x, y, C, inner, t * chunk, (t + 1) * chunk < n ? (t + 1) * chunk : n);
}

/* ---- log_softmax and the derivatives: blocks of columns ------------------------- */

/* A block of `size` columns of one outer index: its first size - size % W
 * by vectors, the rest by scalars. A block's width is a multiple of W, so
 * only the last inner % W columns of a row are scalar, whatever the blocks
 * and threads. */
static inline int64_t SC(vector_part)(int64_t size) { return size - size % W; }

/* exp of v[0..n): vectors for the vector part, libm for the rest */
static inline void SC(exp_split)(T *v, int64_t n) {
    int64_t nv = SC(vector_part)(n);
    VEXPN(v, nv);
    for (int64_t k = nv; k < n; k++)
        v[k] = LIBM_EXP(v[k]);
}

/* One block of `size` columns, from a, b (NULL for one input) into out at
 * their first element. */
typedef void (*SC(block_fn))(const T *a, const T *b, T *out, int64_t C, int64_t inner, int64_t size);

/* f over blocks of SC_BLOCK columns (the last of a row shorter), each
 * block on one thread */
static void SC(for_blocks)(SC(block_fn) f, const T *a, const T *b, T *out, int64_t outer, int64_t C, int64_t inner) {
    int64_t block = SC_BLOCK, nblocks = (inner + block - 1) / block;
#pragma omp parallel for schedule(static) if (outer * C * inner > CG_PARALLEL_GRAIN)
    for (int64_t i = 0; i < outer * nblocks; i++) {
        int64_t k = i % nblocks * block, at = i / nblocks * C * inner + k;
        f(a + at, b ? b + at : NULL, out + at, C, inner, inner - k < block ? inner - k : block);
    }
}

/* log_softmax of x into y: per column the max (a NaN never replaces it:
 * `x > max ? x : max`), the sum of exp(x - max), its log by vectors for
 * every column, then x - max - log(sum) */
static void SC(log_softmax_block)(const T *x, const T *unused, T *y, int64_t C, int64_t inner, int64_t size) {
    (void)unused;
    T m[SC_BLOCK], s[SC_BLOCK], v[SC_BLOCK];
    for (int64_t c = 0; c < size; c++)
        m[c] = -(T)INFINITY, s[c] = 0;
    for (int64_t d = 0; d < C; d++)
        for (int64_t c = 0; c < size; c++)
            m[c] = x[d * inner + c] > m[c] ? x[d * inner + c] : m[c];
    for (int64_t d = 0; d < C; d++) {
        for (int64_t c = 0; c < size; c++)
            v[c] = x[d * inner + c] - m[c];
        SC(exp_split)(v, size);
        for (int64_t c = 0; c < size; c++)
            s[c] += v[c];
    }
    VLOGN(s, size);
    for (int64_t d = 0; d < C; d++)
        for (int64_t c = 0; c < size; c++)
            y[d * inner + c] = x[d * inner + c] - m[c] - s[c];
}

/* softmax's derivative: per column s = the sum of g * y (each term added by
 * one FMA, vectors and scalars alike), then y * (g - s) */
static void SC(softmax_backward_block)(const T *g, const T *y, T *out, int64_t C, int64_t inner, int64_t size) {
    T s[SC_BLOCK];
    for (int64_t c = 0; c < size; c++)
        s[c] = 0;
    for (int64_t d = 0; d < C; d++)
        FMAN(s, g + d * inner, y + d * inner, s, size);
    for (int64_t d = 0; d < C; d++)
        for (int64_t c = 0; c < size; c++)
            out[d * inner + c] = y[d * inner + c] * (g[d * inner + c] - s[c]);
}

/* log_softmax's derivative: per column s = the sum of g, then g - exp(y) *
 * s as one FMA (exp by vectors where the column is in the vector part) */
static void SC(log_softmax_backward_block)(const T *g, const T *y, T *out, int64_t C, int64_t inner, int64_t size) {
    T s[SC_BLOCK], v[SC_BLOCK];
    for (int64_t c = 0; c < size; c++)
        s[c] = 0;
    for (int64_t d = 0; d < C; d++)
        for (int64_t c = 0; c < size; c++)
            s[c] += g[d * inner + c];
    for (int64_t d = 0; d < C; d++) {
        for (int64_t c = 0; c < size; c++)
            v[c] = y[d * inner + c];
        SC(exp_split)(v, size);
        for (int64_t c = 0; c < size; c++)
            v[c] = -v[c];
        FMAN(out + d * inner, v, s, g + d * inner, size);
    }
}

#undef SC_BLOCK
#undef SC
#undef SC_CAT
#undef SC_CAT2
