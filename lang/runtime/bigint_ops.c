/* bigint_ops.c: int arithmetic beyond 64 bits, over GMP: what number.c's
 * immediate arithmetic hands over when an operand is a heap int or a
 * result overflows (Note [Two forms of int] in bigint.c). Every result
 * comes back in canonical form.
 *
 * This is not the int type's slots (number.c) nor true division and float
 * conversion (bigint.c). */
#include <math.h>
#include <stdlib.h>

#include "runtime/bigint.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

/* MemoryError when a result would exceed CG_BIGINT_MAX_BITS. */
static bool too_big(uint64_t bits) {
    if (bits <= CG_BIGINT_MAX_BITS)
        return false;
    cg_raise_nomemory();
    return true;
}

static size_t nbits(mpz_srcptr z) { return mpz_sgn(z) ? mpz_sizeinbase(z, 2) : 0; }

/* x ** e for e >= 0 (e an int of either form). */
static cg_value int_power(mpz_ptr r, mpz_srcptr x, cg_value e) {
    if (mpz_cmpabs_ui(x, 1) <= 0) { /* 0, 1, -1: any exponent */
        if (mpz_sgn(x) == 0)
            mpz_set_ui(r, cg_is_bigint(e) || e.u.i != 0 ? 0 : 1);
        else if (mpz_sgn(x) < 0 && (cg_is_bigint(e) ? mpz_odd_p(cg_bigint_mpz(e)) : (e.u.i & 1)))
            mpz_set_si(r, -1);
        else
            mpz_set_ui(r, 1);
        return CG_NONE;
    }
    if (cg_is_bigint(e) || (uint64_t)e.u.i > CG_BIGINT_MAX_BITS)
        return cg_raise_nomemory();
    if (too_big((uint64_t)nbits(x) * (uint64_t)e.u.i))
        return CG_ERR;
    mpz_pow_ui(r, x, (unsigned long)e.u.i);
    return CG_NONE;
}

/* a << b, a >> b with b >= 0 (either form). */
static cg_value int_shift(mpz_ptr r, mpz_srcptr x, cg_value b, bool left) {
    int64_t n;
    if (cg_int_to_int64(b, &n) < 0) {
        if (left && mpz_sgn(x) != 0)
            return cg_raise_nomemory();
        mpz_set_si(r, mpz_sgn(x) < 0 && !left ? -1 : 0);
        return CG_NONE;
    }
    if (left) {
        if (mpz_sgn(x) && too_big(nbits(x) + (uint64_t)n))
            return CG_ERR;
        mpz_mul_2exp(r, x, (mp_bitcnt_t)n);
    } else {
        mpz_fdiv_q_2exp(r, x, (mp_bitcnt_t)n); /* floor: -5 >> 1 == -3 */
    }
    return CG_NONE;
}

static bool is_negative(cg_value v) { return cg_is_bigint(v) ? mpz_sgn(cg_bigint_mpz(v)) < 0 : v.u.i < 0; }
static bool is_zero(cg_value v) { return !cg_is_bigint(v) && v.u.i == 0; }

/* The checks before the operation: a ZeroDivisionError or a negative
 * shift; CG_NONE to go on. */
static cg_value precheck(cg_value b, cg_binop op) {
    switch (op) {
    case OP_FLOORDIV:
        return is_zero(b) ? cg_raise(&cg_exc_ZeroDivisionError, "integer division or modulo by zero") : CG_NONE;
    case OP_MOD: return is_zero(b) ? cg_raise(&cg_exc_ZeroDivisionError, "integer modulo by zero") : CG_NONE;
    case OP_LSHIFT:
    case OP_RSHIFT: return is_negative(b) ? cg_raise(&cg_exc_ValueError, "negative shift count") : CG_NONE;
    default: return CG_NONE;
    }
}

/* r = x op y for the operators that stay integral; CG_NONE when done. */
static cg_value mpz_op(mpz_ptr r, mpz_srcptr x, mpz_srcptr y, cg_value b, cg_binop op) {
    switch (op) {
    case OP_ADD: mpz_add(r, x, y); return CG_NONE;
    case OP_SUB: mpz_sub(r, x, y); return CG_NONE;
    case OP_MULT:
        if (mpz_sgn(x) && mpz_sgn(y) && too_big((uint64_t)nbits(x) + nbits(y)))
            return CG_ERR;
        mpz_mul(r, x, y);
        return CG_NONE;
    case OP_FLOORDIV: mpz_fdiv_q(r, x, y); return CG_NONE;
    case OP_MOD: mpz_fdiv_r(r, x, y); return CG_NONE;
    case OP_POW: return int_power(r, x, b);
    case OP_LSHIFT: return int_shift(r, x, b, true);
    case OP_RSHIFT: return int_shift(r, x, b, false);
    case OP_BITAND: mpz_and(r, x, y); return CG_NONE; /* GMP's bit ops are two's complement */
    case OP_BITOR: mpz_ior(r, x, y); return CG_NONE;
    case OP_BITXOR: mpz_xor(r, x, y); return CG_NONE;
    default: return cg_incref(cg_NotImplemented);
    }
}

/* a ** b for a negative b: float(a) ** float(b), as CPython. */
static cg_value negative_power(cg_value a, cg_value b) {
    if (is_zero(a))
        return cg_raise(&cg_exc_ZeroDivisionError, "0.0 cannot be raised to a negative power");
    double x, y;
    if (cg_int_to_double(a, &x) < 0 || cg_int_to_double(b, &y) < 0)
        return CG_ERR;
    return cg_binary(cg_float(x), cg_float(y), OP_POW);
}

cg_value cg_bigint_binary(cg_value a, cg_value b, cg_binop op) {
    if (op == OP_DIV)
        return cg_int_true_divide(a, b);
    if (op == OP_POW && is_negative(b))
        return negative_power(a, b);
    cg_value pre = precheck(b, op);
    if (pre.tag != CG_V_NONE)
        return pre;
    mpz_t x, y, r;
    mpz_inits(x, y, r, NULL);
    cg_int_get_mpz(a, x);
    cg_int_get_mpz(b, y);
    cg_value res = mpz_op(r, x, y, b, op);
    mpz_clears(x, y, NULL);
    if (res.tag != CG_V_NONE) {
        mpz_clear(r);
        return res;
    }
    return cg_int_take_mpz(r);
}

cg_value cg_bigint_divmod(cg_value a, cg_value b) {
    if (is_zero(b))
        return cg_raise(&cg_exc_ZeroDivisionError, "integer division or modulo by zero");
    mpz_t x, y, q, r;
    mpz_inits(x, y, q, r, NULL);
    cg_int_get_mpz(a, x);
    cg_int_get_mpz(b, y);
    mpz_fdiv_qr(q, r, x, y);
    mpz_clears(x, y, NULL);
    cg_value qv = cg_int_take_mpz(q), rv = cg_int_take_mpz(r);
    cg_value t = cg_is_err(qv) || cg_is_err(rv) ? CG_ERR : cg_tuple_pack(2, qv, rv);
    cg_decref(qv);
    cg_decref(rv);
    return t;
}

cg_value cg_bigint_unary(cg_value v, cg_unaryop op) {
    mpz_t z;
    mpz_init(z);
    cg_int_get_mpz(v, z);
    switch (op) {
    case OP_USUB: mpz_neg(z, z); break;
    case OP_INVERT: mpz_com(z, z); break;
    case OP_UADD: break;
    default: mpz_clear(z); return cg_incref(cg_NotImplemented);
    }
    return cg_int_take_mpz(z);
}

/* pow(a, b, m) for immediates with b >= 0 and m > 0: square and multiply
 * in 128-bit products, without GMP's allocations. */
static int64_t small_pow_mod(int64_t a, int64_t b, int64_t m) {
    int64_t x = a % m, r = m == 1 ? 0 : 1;
    if (x < 0)
        x += m;
    for (; b > 0; b >>= 1) {
        if (b & 1)
            r = (int64_t)((__int128)r * x % m);
        x = (int64_t)((__int128)x * x % m);
    }
    return r;
}

/* pow(a, b, m): m != 0; b < 0 takes a's inverse modulo m. The result has
 * m's sign, as a % m does. */
cg_value cg_int_pow_mod(cg_value a, cg_value b, cg_value m) {
    if (is_zero(m))
        return cg_raise(&cg_exc_ValueError, "pow() 3rd argument cannot be 0");
    if (!cg_is_bigint(a) && !cg_is_bigint(b) && !cg_is_bigint(m) && b.u.i >= 0 && m.u.i > 0)
        return cg_int(small_pow_mod(a.u.i, b.u.i, m.u.i));
    mpz_t x, e, n, r;
    mpz_inits(x, e, n, r, NULL);
    cg_int_get_mpz(a, x);
    cg_int_get_mpz(b, e);
    cg_int_get_mpz(m, n);
    bool neg_mod = mpz_sgn(n) < 0;
    mpz_abs(n, n);
    cg_value res = CG_NONE;
    if (mpz_sgn(e) < 0) {
        mpz_neg(e, e);
        if (!mpz_invert(x, x, n) && mpz_cmp_ui(n, 1) != 0)
            res = cg_raise(&cg_exc_ValueError, "base is not invertible for the given modulus");
    }
    if (res.tag == CG_V_NONE) {
        mpz_powm(r, x, e, n); /* in [0, |m|) */
        if (neg_mod && mpz_sgn(r))
            mpz_sub(r, r, n);
    }
    mpz_clears(x, e, n, NULL);
    if (res.tag != CG_V_NONE) {
        mpz_clear(r);
        return res;
    }
    return cg_int_take_mpz(r);
}

cg_value cg_int_round(cg_value v, int64_t ndigits) {
    if (ndigits >= 0)
        return cg_incref(v);
    mpz_t z, p, q, r;
    mpz_inits(z, p, q, r, NULL);
    cg_int_get_mpz(v, z);
    /* 10**k beyond the value's size rounds everything to 0 */
    uint64_t k = ndigits < -(int64_t)(nbits(z) + 2) ? nbits(z) + 2 : (uint64_t)-ndigits;
    mpz_ui_pow_ui(p, 10, k);
    mpz_fdiv_qr(q, r, z, p);
    /* half to even: compare 2r with p */
    mpz_mul_2exp(r, r, 1);
    int c = mpz_cmp(r, p);
    if (c > 0 || (c == 0 && mpz_odd_p(q)))
        mpz_add_ui(q, q, 1);
    mpz_mul(q, q, p);
    mpz_clears(z, p, r, NULL);
    return cg_int_take_mpz(q);
}
