/* half_f16c.h: float16 <-> float32 conversion of whole runs with the CPU's
 * F16C instructions (half_f16c.c), for the contiguous copies every float16
 * op makes (Note [Reduced floating types] in ew.c). Same results as
 * half.h's conversions (round to nearest even), NaN payloads aside. */
#ifndef CG_HALF_F16C_H
#define CG_HALF_F16C_H

#include <stdbool.h>
#include <stdint.h>

#include "half.h"

/* Whether this CPU has F16C and AVX (checked once, as AVX2). */
bool cg_f16c_available(void);
void cg_half_to_float_f16c(const cg_half *in, float *out, int64_t n);
void cg_float_to_half_f16c(const float *in, cg_half *out, int64_t n);

#endif
