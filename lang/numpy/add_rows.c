/* add_rows.c: the inner loop of numpy's sums over a non-last axis
 * (umath_module.c's add_reduce): rows added elementwise into the
 * outputs. Not the pairwise sums of a reduced inner axis.
 *
 * Note [Outer-axis sums]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * Where the innermost axis is kept (a.sum(axis=0) of a C-contiguous
 * array), numpy adds each row into the outputs elementwise, in row order.
 * Any schedule that gives every output the same additions in the same
 * order has numpy's bits, so contiguous rows are added here eight at a
 * time: each vector of outputs is loaded once, gets its eight rows added
 * in turn, and is stored once. A row at a time, the loop stored and
 * reloaded the 32 KiB output 4096 times for a 4096x4096 float64 array and
 * read one input stream: 16 ms against numpy's 9-10 (its AVX-512 loop on
 * huge pages, which the engine's allocator does not ask for here, Note
 * [Large CPU blocks]); eight rows keep eight streams in flight, 8-9 ms.
 * The vectors are GCC/clang vector types, compiled a second time for
 * AVX2 and picked where the CPU has it. */
#include "numpy/add_rows.h"

#include <stdbool.h>
#include <string.h>

#define ROW_BLOCK 8

typedef double f64x4 __attribute__((vector_size(32)));
typedef float f32x8 __attribute__((vector_size(32)));

/* k <= ROW_BLOCK contiguous rows, rs bytes apart, added into out[0..len) */
#define ADD_CONTIG(name, T, VT, ATTR)                                                                 \
    ATTR static void name(T *restrict out, const char *restrict in, int64_t len, int64_t rs, int k) { \
        const int64_t lanes = (int64_t)(sizeof(VT) / sizeof(T));                                      \
        int64_t i = 0;                                                                                \
        for (; i + lanes <= len; i += lanes) {                                                        \
            VT acc, x;                                                                                \
            memcpy(&acc, out + i, sizeof acc);                                                        \
            for (int r = 0; r < k; r++) {                                                             \
                memcpy(&x, in + r * rs + i * (int64_t)sizeof(T), sizeof x);                           \
                acc += x;                                                                             \
            }                                                                                         \
            memcpy(out + i, &acc, sizeof acc);                                                        \
        }                                                                                             \
        for (; i < len; i++) {                                                                        \
            T acc = out[i];                                                                           \
            for (int r = 0; r < k; r++)                                                               \
                acc += *(const T *)(in + r * rs + i * (int64_t)sizeof(T));                            \
            out[i] = acc;                                                                             \
        }                                                                                             \
    }
ADD_CONTIG(contig_f64, double, f64x4, )
ADD_CONTIG(contig_f32, float, f32x8, )
ADD_CONTIG(contig_f64_avx2, double, f64x4, __attribute__((target("avx2"))))
ADD_CONTIG(contig_f32_avx2, float, f32x8, __attribute__((target("avx2"))))

static bool has_avx2(void) {
    static int known = -1;
    if (known < 0)
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
    return known;
}

#define ADD_ROWS(name, T, CONTIG)                                                                          \
    void name(char *out, const char *in, int64_t len, int64_t os, int64_t is, int64_t nrows, int64_t rs) { \
        if (os == (int64_t)sizeof(T) && is == (int64_t)sizeof(T)) {                                        \
            void (*add)(T *, const char *, int64_t, int64_t, int) = has_avx2() ? CONTIG##_avx2 : CONTIG;   \
            for (int64_t r = 0; r < nrows; r += ROW_BLOCK)                                                 \
                add((T *)out, in + r * rs, len, rs, (int)(nrows - r < ROW_BLOCK ? nrows - r : ROW_BLOCK)); \
            return;                                                                                        \
        }                                                                                                  \
        for (int64_t r = 0; r < nrows; r++)                                                                \
            for (int64_t i = 0; i < len; i++)                                                              \
                *(T *)(out + i * os) += *(const T *)(in + r * rs + i * is);                                \
    }
ADD_ROWS(np_add_rows_f64, double, contig_f64)
ADD_ROWS(np_add_rows_f32, float, contig_f32)
