/* number.c: the int, bool and float types: Python's arithmetic (floor
 * division and modulo, `**`, true division), exact comparison between ints
 * and floats, the numeric hash shared by all three, the int() and float()
 * constructors, and their methods.
 *
 * ints are 64-bit: a result that does not fit raises OverflowError, a
 * documented cgrad limit. Float repr is float_repr.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "containers.h"
#include "exc.h"
#include "value.h"

/* ---- hashing: Python's, so that hash(1) == hash(1.0) == hash(True) -------- */
#define HASH_BITS 61
#define HASH_MODULUS ((UINT64_C(1) << HASH_BITS) - 1)
#define HASH_INF 314159

int64_t cg_hash_int(int64_t i) {
    uint64_t a = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
    int64_t h = (int64_t)(a % HASH_MODULUS);
    if (i < 0) h = -h;
    return h == -1 ? -2 : h;
}

int64_t cg_hash_float(double v) {
    if (isinf(v)) return v > 0 ? HASH_INF : -HASH_INF;
    if (isnan(v)) return 0;
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) {
        x = ((x << 28) & HASH_MODULUS) | x >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MODULUS) x -= HASH_MODULUS;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
    x = x * (uint64_t)(int64_t)sign;
    if (x == (uint64_t)-1) x = (uint64_t)-2;
    return (int64_t)x;
}

/* ---- exact comparison ----------------------------------------------------- */

/* i <=> f without rounding i to a double: -1, 0, 1, or 2 for nan. */
static int cmp_int_float(int64_t i, double f) {
    if (isnan(f)) return 2;
    if (f >= 9223372036854775808.0) return -1;
    if (f < -9223372036854775808.0) return 1;
    double t = trunc(f);
    int64_t fi = (int64_t)t;
    if (i != fi) return i < fi ? -1 : 1;
    double frac = f - t;
    return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

int cg_num_cmp(cg_value a, cg_value b) {
    if (a.tag != CG_V_FLOAT && b.tag != CG_V_FLOAT) return a.u.i < b.u.i ? -1 : a.u.i > b.u.i;
    if (a.tag == CG_V_FLOAT && b.tag == CG_V_FLOAT) {
        if (isnan(a.u.f) || isnan(b.u.f)) return 2;
        return a.u.f < b.u.f ? -1 : a.u.f > b.u.f;
    }
    if (a.tag == CG_V_FLOAT) {
        int c = cmp_int_float(b.u.i, a.u.f);
        return c == 2 ? 2 : -c;
    }
    return cmp_int_float(a.u.i, b.u.f);
}

cg_type cg_type_int = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "int",
    .module = "builtins",
    .base = &cg_type_object,
};

cg_type cg_type_bool = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "bool",
    .module = "builtins",
    .base = &cg_type_int,
};

cg_type cg_type_float = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "float",
    .module = "builtins",
    .base = &cg_type_object,
};
