/* bigint.c: the heap form of Python's int (a GMP integer), the passage
 * between the two forms, and what every int needs whatever its size:
 * comparison (with ints and exactly with floats), CPython's hash, exact
 * conversions to and from floats, and bytes.
 *
 * Arithmetic is bigint_ops.c; text is int_parse.c and int_format.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

/* Note [Two forms of int]
 * Python's int is unbounded, but nearly every int a cell sees fits in 64
 * bits, and the evaluator's fast paths (cg_fast_binary in eval.h) add and
 * compare those as immediates without touching memory. So an int has two
 * forms: CG_V_INT for any value in [INT64_MIN, INT64_MAX], and a cg_bigint
 * (an object of type int itself, holding an mpz_t) for any value outside.
 * The form is canonical: every function that makes an int goes through
 * cg_int_from_mpz / cg_int_take_mpz, which give an immediate whenever the
 * value fits. Two consequences: code that handles only CG_V_INT still sees
 * every small int correctly (a big int is then "some object", and such
 * code raises a TypeError or OverflowError where CPython would raise an
 * OverflowError anyway); and equality of two ints never needs to compare
 * across forms (a big int never equals an immediate). An immediate op that
 * overflows (__builtin_*_overflow) redoes itself here, so the fast paths
 * pay nothing for the unbounded case. Code that takes "any int" tests
 * cg_is_int(v) and converts with cg_int_to_int64 / cg_int_as_index. */

void cg_bigint_dealloc(cg_obj *o) {
    mpz_clear(((cg_bigint *)o)->z);
    free(o);
}

/* A new heap int owning z's limbs (z is left uninitialised). */
static cg_value bigint_wrap(mpz_ptr z) {
    cg_bigint *b = malloc(sizeof *b);
    if (!b) {
        mpz_clear(z);
        return cg_raise_nomemory();
    }
    b->head.refcnt = 1;
    b->head.type = &cg_type_int;
    memcpy(b->z, z, sizeof(mpz_t));
    return cg_obj_value(b);
}

cg_value cg_int_take_mpz(mpz_ptr z) {
    if (mpz_fits_slong_p(z)) {
        int64_t i = mpz_get_si(z);
        mpz_clear(z);
        return cg_int(i);
    }
    return bigint_wrap(z);
}

cg_value cg_int_from_mpz(mpz_srcptr z) {
    if (mpz_fits_slong_p(z))
        return cg_int(mpz_get_si(z));
    mpz_t c;
    mpz_init_set(c, z);
    return bigint_wrap(c);
}

void cg_int_get_mpz(cg_value v, mpz_ptr out) {
    if (cg_is_bigint(v))
        mpz_set(out, cg_bigint_mpz(v));
    else
        mpz_set_si(out, v.u.i);
}

int cg_int_to_int64(cg_value v, int64_t *out) {
    if (cg_is_bigint(v))
        return -1; /* canonical: a heap int never fits */
    *out = v.u.i;
    return 0;
}

int cg_int_as_index(cg_value v, int64_t *out, cg_type *exc, const char *msg) {
    if (cg_int_to_int64(v, out) == 0)
        return 0;
    return cg_raise_int(exc, "%s", msg);
}

int64_t cg_int_bit_length(cg_value v) {
    if (cg_is_bigint(v))
        return (int64_t)mpz_sizeinbase(cg_bigint_mpz(v), 2);
    uint64_t u = v.u.i < 0 ? (uint64_t)0 - (uint64_t)v.u.i : (uint64_t)v.u.i;
    return u ? 64 - __builtin_clzll(u) : 0;
}

/* ---- comparison -------------------------------------------------------- */

int cg_int_cmp(cg_value a, cg_value b) {
    bool ba = cg_is_bigint(a), bb = cg_is_bigint(b);
    if (!ba && !bb)
        return a.u.i < b.u.i ? -1 : a.u.i > b.u.i;
    if (ba && bb) {
        int c = mpz_cmp(cg_bigint_mpz(a), cg_bigint_mpz(b));
        return c < 0 ? -1 : c > 0;
    }
    /* a heap int lies beyond every immediate: its sign decides */
    if (ba)
        return mpz_sgn(cg_bigint_mpz(a));
    return -mpz_sgn(cg_bigint_mpz(b));
}

int cg_int_cmp_float(cg_value a, double f) {
    if (isnan(f))
        return 2;
    if (isinf(f))
        return f > 0 ? -1 : 1;
    double t = trunc(f);
    mpz_t x, y;
    mpz_init(x);
    mpz_init_set_d(y, t); /* exact: t is integral */
    cg_int_get_mpz(a, x);
    int c = mpz_cmp(x, y);
    mpz_clear(x);
    mpz_clear(y);
    if (c != 0)
        return c < 0 ? -1 : 1;
    double frac = f - t;
    return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

/* ---- hashing ----------------------------------------------------------- */

#define HASH_MODULUS ((UINT64_C(1) << 61) - 1)

int64_t cg_int_hash(cg_value v) {
    if (!cg_is_bigint(v))
        return cg_hash_int(v.u.i);
    mpz_srcptr z = cg_bigint_mpz(v);
    int64_t h = (int64_t)mpz_tdiv_ui(z, HASH_MODULUS);
    if (mpz_sgn(z) < 0)
        h = -h;
    return h == -1 ? -2 : h;
}

/* ---- floats -------------------------------------------------------------- */

/* Rounds q * 2**-s (q > 0 with at least 55 bits, sticky set when bits
 * below q were dropped) to the nearest double, ties to even, subnormals
 * included: the one rounding both float(int) and int / int need. */
static double round_scaled(mpz_srcptr q, int64_t s, bool sticky) {
    int64_t nq = (int64_t)mpz_sizeinbase(q, 2);
    int64_t drop = nq - 53;
    if (drop < s - 1074) /* the result is subnormal: fewer bits survive */
        drop = s - 1074;
    if (drop > nq + 1)
        return 0.0;
    mpz_t kept;
    mpz_init(kept);
    mpz_fdiv_q_2exp(kept, q, (mp_bitcnt_t)drop);
    bool half = mpz_tstbit(q, (mp_bitcnt_t)(drop - 1));
    bool below = sticky || (drop >= 2 && mpz_scan1(q, 0) < (mp_bitcnt_t)(drop - 1));
    if (half && (below || mpz_odd_p(kept)))
        mpz_add_ui(kept, kept, 1);
    double m = mpz_get_d(kept); /* exact: at most 2**53 */
    mpz_clear(kept);
    return ldexp(m, (int)(drop - s));
}

/* |a| / |b| (b NULL: 1) as a double; inf when too large. */
static double ratio_to_double(mpz_srcptr a, mpz_srcptr b) {
    if (mpz_sgn(a) == 0)
        return 0.0;
    int64_t na = (int64_t)mpz_sizeinbase(a, 2), nb = b ? (int64_t)mpz_sizeinbase(b, 2) : 1;
    int64_t e = na - nb;
    if (e > 1026)
        return INFINITY;
    if (e < -1080)
        return 0.0;
    int64_t s = 55 - e; /* q = a * 2**s / b has 55 or 56 bits */
    mpz_t num, den, q, r;
    mpz_inits(num, den, q, r, NULL);
    mpz_abs(num, a);
    if (b)
        mpz_abs(den, b);
    else
        mpz_set_ui(den, 1);
    if (s > 0)
        mpz_mul_2exp(num, num, (mp_bitcnt_t)s);
    else
        mpz_mul_2exp(den, den, (mp_bitcnt_t)-s);
    mpz_tdiv_qr(q, r, num, den);
    double d = round_scaled(q, s, mpz_sgn(r) != 0);
    mpz_clears(num, den, q, r, NULL);
    return d;
}

int cg_int_to_double(cg_value v, double *out) {
    if (!cg_is_bigint(v)) {
        *out = (double)v.u.i; /* the conversion rounds to nearest, ties to even */
        return 0;
    }
    mpz_srcptr z = cg_bigint_mpz(v);
    double d = ratio_to_double(z, NULL);
    if (isinf(d))
        return cg_raise_int(&cg_exc_OverflowError, "int too large to convert to float");
    *out = mpz_sgn(z) < 0 ? -d : d;
    return 0;
}

cg_value cg_int_true_divide(cg_value a, cg_value b) {
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    cg_int_get_mpz(a, x);
    cg_int_get_mpz(b, y);
    cg_value r;
    if (mpz_sgn(y) == 0) {
        r = cg_raise(&cg_exc_ZeroDivisionError, "division by zero");
    } else {
        double d = ratio_to_double(x, y);
        if (isinf(d))
            r = cg_raise(&cg_exc_OverflowError, "integer division result too large for a float");
        else
            r = cg_float((mpz_sgn(x) < 0) != (mpz_sgn(y) < 0) ? -d : d);
    }
    mpz_clears(x, y, NULL);
    return r;
}

cg_value cg_int_from_double(double f) {
    double t = trunc(f);
    if (t < 9223372036854775808.0 && t >= -9223372036854775808.0)
        return cg_int((int64_t)t);
    mpz_t z;
    mpz_init_set_d(z, t);
    return cg_int_take_mpz(z);
}

/* ---- bytes --------------------------------------------------------------- */

int cg_int_to_bytes(cg_value v, unsigned char *buf, size_t n, bool little, bool is_signed) {
    mpz_t z;
    mpz_init(z);
    cg_int_get_mpz(v, z);
    int sgn = mpz_sgn(z);
    if (sgn < 0 && !is_signed) {
        mpz_clear(z);
        return cg_raise_int(&cg_exc_OverflowError, "can't convert negative int to unsigned");
    }
    /* the bits the value needs, a sign bit included when signed */
    size_t bits = 0;
    if (sgn > 0)
        bits = mpz_sizeinbase(z, 2) + (is_signed ? 1 : 0);
    else if (sgn < 0) {
        mpz_t m; /* -v - 1 has the bits of v's magnitude in two's complement */
        mpz_init(m);
        mpz_com(m, z);
        bits = (mpz_sgn(m) ? mpz_sizeinbase(m, 2) : 0) + 1;
        mpz_clear(m);
    }
    if (bits > n * 8) {
        mpz_clear(z);
        return cg_raise_int(&cg_exc_OverflowError, "int too big to convert");
    }
    memset(buf, 0, n);
    if (sgn < 0) { /* two's complement: z + 2**(8n) */
        mpz_t p;
        mpz_init(p);
        mpz_setbit(p, n * 8);
        mpz_add(z, z, p);
        mpz_clear(p);
    }
    size_t count = 0;
    if (mpz_sgn(z))
        mpz_export(buf, &count, -1, 1, 0, 0, z); /* least significant byte first */
    (void)count;
    if (!little)
        for (size_t i = 0; i < n / 2; i++) {
            unsigned char t = buf[i];
            buf[i] = buf[n - 1 - i];
            buf[n - 1 - i] = t;
        }
    mpz_clear(z);
    return 0;
}

cg_value cg_int_from_bytes(const unsigned char *buf, size_t n, bool little, bool is_signed) {
    mpz_t z;
    mpz_init(z);
    if (n)
        mpz_import(z, n, little ? -1 : 1, 1, 0, 0, buf);
    if (is_signed && n && (buf[little ? n - 1 : 0] & 0x80)) {
        mpz_t p;
        mpz_init(p);
        mpz_setbit(p, n * 8);
        mpz_sub(z, z, p);
        mpz_clear(p);
    }
    return cg_int_take_mpz(z);
}
