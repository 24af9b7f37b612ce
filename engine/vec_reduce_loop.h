/* vec_reduce_loop.h: ATen's vec::reduce_all and vec::map2/map3_reduce_all
 * with + over a product of terms, in the order of its AVX2 build, included
 * once per type (before the kernels that use it) with
 *   T    the element type,
 *   W    PyTorch's vector lanes for T (32 bytes),
 *   SFX  the names' suffix,
 *   TREE 1 where a whole vector's lanes fold by halves (AVX2 floats), 0
 *        where they fold in order,
 *   FMA  fmaf or fma.
 * The lanes accumulate vector by vector; from the second vector on, the
 * last multiply of a term is fused into the add, as gcc contracts
 * `acc + p * q` there. A partial last vector updates only its lanes; under
 * W values the first lanes fold in order. */

#define VR_CAT2(a, b) a##_##b
#define VR_CAT(a, b) VR_CAT2(a, b)
#define VR(name) VR_CAT(name, SFX)

/* sqrt in T (a float's through double rounds the same: the root is exact
 * enough that rounding twice never differs) */
static inline T VR(sqrt)(T v) { return (T)sqrt((double)v); }

/* Folds a whole vector's W lanes into one */
static inline T VR(fold_vector)(T *a) {
#if TREE
    for (int half = W / 2; half >= 1; half /= 2)
        for (int l = 0; l < half; l++)
            a[l] += a[l + half];
    return a[0];
#else
    T acc = a[0];
    for (int l = 1; l < W; l++)
        acc += a[l];
    return acc;
#endif
}

/* The sum over j < n of (a[j] - shift) * b[j] * c[j], b and c optional
 * (NULL: no factor), as vec::reduce_all (no b), map2_reduce_all (b) and
 * map3_reduce_all (b and c) sum them. */
static T VR(reduce)(const T *a, T shift, const T *b, const T *c, int64_t n) {
    T acc[W] = {0};
    int64_t first = n < W ? n : W;
    for (int64_t l = 0; l < first; l++)
        acc[l] = !b ? a[l] - shift : c ? (a[l] - shift) * b[l] * c[l] : (a[l] - shift) * b[l];
    if (n < W) {
        T s = acc[0];
        for (int64_t l = 1; l < n; l++)
            s += acc[l];
        return s;
    }
    for (int64_t d = W; d < n; d += W) {
        int64_t k = n - d < W ? n - d : W;
        for (int64_t l = 0; l < k; l++) {
            int64_t j = d + l;
            acc[l] = !b  ? acc[l] + (a[j] - shift)
                     : c ? FMA((a[j] - shift) * b[j], c[j], acc[l])
                         : FMA(a[j] - shift, b[j], acc[l]);
        }
    }
    return VR(fold_vector)(acc);
}

#undef VR
#undef VR_CAT
#undef VR_CAT2
