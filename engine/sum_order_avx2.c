/* sum_order_avx2.c: the slab kernels of sum_order_loop.h compiled for AVX2
 * (the Makefile gives this file -mavx2, without FMA and without
 * contraction), for sum_order.c to call where cg_vec_math_available() says
 * the CPU has it. Lane-by-lane adds round the same in any vector width, so
 * these give the baseline kernels' bits, twice as fast on wide rows. */
#include "sum_order.h"

#define LANES_TAIL _avx2
#define LANES_LOOP "sum_order_loop.h"
#include "lanes_each.h"

void cg_sum_slab_f32_avx2(char *out, const char *x, const int64_t *s, int64_t size0, int64_t size1) {
    slab_f32_avx2(out, x, s, size0, size1);
}

void cg_sum_slab_f64_avx2(char *out, const char *x, const int64_t *s, int64_t size0, int64_t size1) {
    slab_f64_avx2(out, x, s, size0, size1);
}
