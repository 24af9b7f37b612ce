/* float_math.h: the expressions of ops_float_math.c's kernels, written
 * once for the CPU and cuda/cuda_float_math.cu (as scalar_math.h). */
#ifndef CG_FLOAT_MATH_H
#define CG_FLOAT_MATH_H

#include "rounding_math.h"
#include "rounding_math.h"
#include "scalar_math.h"

/* xlogy(x, y) as PyTorch's CPU kernel: NaN where y is, 0 where x is 0;
 * ROUND(log y) is what its element type makes of the log (bfloat16's
 * std::log rounds to bfloat16) */
#define CG_XLOGY(T, x, y, LOG, ROUND) ((y) != (y) ? (T)NAN : (x) == 0 ? (T)0 : (x)*ROUND(LOG(y)))
/* nan_to_num with the replacements nan, pos, neg of the element type */
#define CG_NAN_TO_NUM(T, x, nan, pos, neg) \
    ((x) != (x) ? (nan) : (x) == (T)INFINITY ? (pos) : (x) == -(T)INFINITY ? (neg) : (x))
/* an integer fmod, the divisor checked non-zero: the truncated remainder
 * (-1 divides everything, which spares INT_MIN % -1) */
#define CG_FMOD_INT(a, b) ((a) % ((b) < 0 && (b) == -1 ? 1 : (b)))

#endif
