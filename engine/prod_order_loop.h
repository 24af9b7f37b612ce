/* prod_order_loop.h: the slab kernel of a product of elements in PyTorch
 * 1.13's order (prod_order.c), included once per floating type with
 *   T    the element type, in which the product is also kept,
 *   W    PyTorch's vector lanes for T (32 bytes),
 *   SFX  the names' suffix.
 * A "vector" is W consecutive lanes multiplied lane by lane, which rounds as
 * PyTorch's SIMD multiplies do. */

#define PO_CAT2(a, b) a##_##b
#define PO_CAT(a, b) PO_CAT2(a, b)
#define PO(name) PO_CAT(name, SFX)

/* Four vectors (4 * W adjacent values) at x, multiplied down n rows that
 * are `stride` bytes apart, the first row being the start. acc: 4 * W. */
static inline void PO(columns)(T *acc, const char *x, int64_t n, int64_t stride) {
    memcpy(acc, x, 4 * W * sizeof(T));
    for (int64_t i = 1; i < n; i++) {
        const T *p = (const T *)(x + i * stride);
        for (int l = 0; l < 4 * W; l++)
            acc[l] *= p[l];
    }
}

/* *out *= x[0..n) for contiguous x: whole runs of 4 * W values as four
 * vectors, which are then multiplied pairwise ((v0 v1)(v2 v3)) and their
 * lanes in order; the rest one by one. */
static void PO(inner)(T *out, const T *x, int64_t n) {
    int64_t count = n / (4 * W), i = 0;
    if (count > 0) {
        T acc[4 * W];
        PO(columns)(acc, (const char *)x, count, (int64_t)(4 * W * sizeof(T)));
        T v[W];
        for (int l = 0; l < W; l++)
            v[l] = (acc[l] * acc[W + l]) * (acc[2 * W + l] * acc[3 * W + l]);
        T r = v[0];
        for (int l = 1; l < W; l++)
            r *= v[l];
        *out *= r;
        i = count * 4 * W;
    }
    for (; i < n; i++)
        *out *= x[i];
}

/* out[j] *= prod over i of x[i * stride + j], j < size1, out and rows of x
 * contiguous: blocks of 4 * W columns as vectors, the rest one by one. */
static void PO(outer)(T *out, const char *x, int64_t stride, int64_t size0, int64_t size1) {
    int64_t j = 0;
    for (; j + 4 * W <= size1; j += 4 * W) {
        T acc[4 * W];
        PO(columns)(acc, x + j * (int64_t)sizeof(T), size0, stride);
        for (int l = 0; l < 4 * W; l++)
            out[j + l] = acc[l] * out[j + l];
    }
    for (; j < size1; j++)
        for (int64_t i = 0; i < size0; i++)
            out[j] *= *(const T *)(x + i * stride + j * (int64_t)sizeof(T));
}

/* One 2-d slab: s[] holds the byte strides {out0, x0, out1, x1}. */
static void PO(slab)(char *out, const char *x, const int64_t *s, int64_t size0, int64_t size1) {
    const int64_t es = sizeof(T);
    if (s[0] == 0 && s[1] == es) { /* reduced dim first and contiguous */
        for (int64_t j = 0; j < size1; j++)
            PO(inner)((T *)(out + j * s[2]), (const T *)(x + j * s[3]), size0);
    } else if (s[0] == 0 && s[2] == es && s[3] == es) { /* kept dim contiguous */
        PO(outer)((T *)out, x, s[1], size0, size1);
    } else {
        for (int64_t j = 0; j < size1; j++)
            for (int64_t i = 0; i < size0; i++)
                *(T *)(out + i * s[0] + j * s[2]) *= *(const T *)(x + i * s[1] + j * s[3]);
    }
}

#undef PO
#undef PO_CAT
#undef PO_CAT2
