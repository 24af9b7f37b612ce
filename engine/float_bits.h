/* float_bits.h: a float32's bits and back, for kernels that work on the
 * exponent and sign directly (vectorisable math, PyTorch's replicas). */
#ifndef CG_FLOAT_BITS_H
#define CG_FLOAT_BITS_H

#include <stdint.h>
#include <string.h>

static inline __attribute__((always_inline)) uint32_t cg_f32_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline __attribute__((always_inline)) float cg_f32_from_bits(uint32_t u) {
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

#endif
