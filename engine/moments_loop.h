/* moments_loop.h: the mean and biased variance of a row as PyTorch 1.13's
 * RowwiseMoments (ATen's moments_utils.h) computes them for layer_norm and
 * group_norm, included once per type with T, W, SFX and FMA as
 * vec_reduce_loop.h.
 *
 * Note [Rowwise moments]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * The row's whole vectors go in chunks of 16: in each, W lanes run
 * Welford's update (m1 += delta / k as a multiply by 1/k, m2 += delta *
 * (x - m1)); each chunk's moments are merged into a cascade of
 * depth ceil(log2(chunks)) (at least 1) as a binary counter carries, then
 * the levels into level 0. The leftover values (fewer than W) run Welford
 * serially, and W lane moments are merged into them in lane order. A merge
 * of (k, m1', m2') into (m, m1, m2): c = k / (m + k), delta = m1' - m1,
 * m1 += c * delta and m2 += m2' + delta * delta * c * m. PyTorch's results
 * show no fused multiply-add anywhere in these. */

#define MO_CAT2(a, b) a##_##b
#define MO_CAT(a, b) MO_CAT2(a, b)
#define MO(name) MO_CAT(name, SFX)

/* merges (k, m1a, m2a) into (*m0, *m1, *m2) */
static inline void MO(merge)(int64_t k, T m1a, T m2a, int64_t m0, T *m1, T *m2) {
    int64_t n = m0 + k;
    T c = n == 0 ? 0 : (T)k / (T)n, delta = m1a - *m1;
    *m1 += c * delta;
    *m2 += m2a + delta * delta * c * (T)m0;
}

/* the same for W lanes sharing one count */
static inline void MO(merge_vec)(int64_t k, const T *m1a, const T *m2a, int64_t *m0, T *m1, T *m2) {
    for (int l = 0; l < W; l++)
        MO(merge)(k, m1a[l], m2a[l], *m0, &m1[l], &m2[l]);
    *m0 += k;
}

/* mean and biased variance of x[0..N) */
static void MO(rowwise_moments)(const T *x, int64_t N, T *mean, T *var) {
    enum { CHUNK = 16, MAX_DEPTH = 64 };
    int64_t n = N / W, chunks = (n + CHUNK - 1) / CHUNK, depth = 1;
    while (((int64_t)1 << depth) < chunks)
        depth++;
    int64_t m0s[MAX_DEPTH] = {0};
    T m1s[MAX_DEPTH][W] = {{0}}, m2s[MAX_DEPTH][W] = {{0}};
    for (int64_t i = 0; i < chunks; i++) {
        const T *p = x + i * CHUNK * W;
        int64_t k = n - i * CHUNK < CHUNK ? n - i * CHUNK : CHUNK;
        T m1[W] = {0}, m2[W] = {0};
        for (int64_t j = 0; j < k; j++)
            for (int l = 0; l < W; l++) {
                T v = p[j * W + l], delta = v - m1[l];
                m1[l] += delta * ((T)1 / (T)(j + 1));
                m2[l] += delta * (v - m1[l]);
            }
        MO(merge_vec)(k, m1, m2, &m0s[0], m1s[0], m2s[0]);
        for (int64_t j = 1, mask = i + 1; j < depth && (mask & 1) == 0; j++, mask >>= 1) {
            MO(merge_vec)(m0s[j - 1], m1s[j - 1], m2s[j - 1], &m0s[j], m1s[j], m2s[j]);
            m0s[j - 1] = 0;
            memset(m1s[j - 1], 0, sizeof m1s[j - 1]), memset(m2s[j - 1], 0, sizeof m2s[j - 1]);
        }
    }
    for (int64_t j = 1; j < depth; j++)
        MO(merge_vec)(m0s[j], m1s[j], m2s[j], &m0s[0], m1s[0], m2s[0]);
    int64_t m0 = 0;
    T m1 = 0, m2 = 0;
    for (int64_t i = n * W; i < N; i++) {
        T delta = x[i] - m1;
        m1 += delta / (T)++m0;
        m2 += delta * (x[i] - m1);
    }
    for (int l = 0; l < W; l++) {
        MO(merge)(n, m1s[0][l], m2s[0][l], m0, &m1, &m2);
        m0 += n;
    }
    *mean = m1, *var = m2 / (T)N;
}

#undef MO
#undef MO_CAT
#undef MO_CAT2
