/* lanes_each.h: includes the loop header named by LANES_LOOP once per
 * floating type, with T (the element type), W (PyTorch's AVX2 vector lanes
 * for T: 32 bytes) and SFX (the names' suffix) defined: float, 8, f32 and
 * double, 4, f64, each suffix followed by LANES_TAIL when that is defined
 * (f32_avx2 for a tail _avx2). For the kernels that compute lane by lane in
 * PyTorch's order (sum_order.c, sum_order_avx2.c, prod_order.c). */
#ifndef LANES_TAIL
#define LANES_TAIL
#endif
#define LANES_SFX2(a, b) a##b
#define LANES_SFX(a, b) LANES_SFX2(a, b)

#define T float
#define W 8
#define SFX LANES_SFX(f32, LANES_TAIL)
#include LANES_LOOP
#undef T
#undef W
#undef SFX

#define T double
#define W 4
#define SFX LANES_SFX(f64, LANES_TAIL)
#include LANES_LOOP
#undef T
#undef W
#undef SFX

#undef LANES_SFX
#undef LANES_SFX2
#undef LANES_TAIL
#undef LANES_LOOP
