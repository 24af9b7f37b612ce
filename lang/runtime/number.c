/* number.c: the int, bool and float types: Python's arithmetic (floor
 * division and modulo, `**`, true division), exact comparison between ints
 * and floats, the numeric hash shared by all three, the int() and float()
 * constructors, and their methods.
 *
 * ints are unbounded: an int that fits in 64 bits is an immediate and its
 * arithmetic is here; a larger one, or a result that overflows, goes to
 * bigint_ops.c (Note [Two forms of int] in bigint.c). Float repr is
 * float_repr.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/float_repr.h"
#include "runtime/format.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

/* ---- hashing: Python's, so that hash(1) == hash(1.0) == hash(True) -------- */
#define HASH_BITS 61
#define HASH_MODULUS ((UINT64_C(1) << HASH_BITS) - 1)
#define HASH_INF 314159

int64_t cg_hash_int(int64_t i) {
    uint64_t a = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
    int64_t h = (int64_t)(a % HASH_MODULUS);
    if (i < 0)
        h = -h;
    return h == -1 ? -2 : h;
}

int64_t cg_hash_float(double v) {
    if (isinf(v))
        return v > 0 ? HASH_INF : -HASH_INF;
    if (isnan(v))
        return 0;
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
        if (x >= HASH_MODULUS)
            x -= HASH_MODULUS;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
    x = x * (uint64_t)(int64_t)sign;
    if (x == (uint64_t)-1)
        x = (uint64_t)-2;
    return (int64_t)x;
}

/* ---- exact comparison ----------------------------------------------------- */

/* i <=> f without rounding i to a double: -1, 0, 1, or 2 for nan. */
static int cmp_int_float(int64_t i, double f) {
    if (isnan(f))
        return 2;
    if (f >= 9223372036854775808.0)
        return -1;
    if (f < -9223372036854775808.0)
        return 1;
    double t = trunc(f);
    int64_t fi = (int64_t)t;
    if (i != fi)
        return i < fi ? -1 : 1;
    double frac = f - t;
    return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

/* a <=> b where a or b is a heap int. */
static int big_num_cmp(cg_value a, cg_value b) {
    if (a.tag == CG_V_FLOAT) {
        int c = cg_int_cmp_float(b, a.u.f);
        return c == 2 ? 2 : -c;
    }
    if (b.tag == CG_V_FLOAT)
        return cg_int_cmp_float(a, b.u.f);
    return cg_int_cmp(a, b);
}

int cg_num_cmp(cg_value a, cg_value b) {
    if (cg_is_bigint(a) || cg_is_bigint(b))
        return big_num_cmp(a, b);
    if (a.tag != CG_V_FLOAT && b.tag != CG_V_FLOAT)
        return a.u.i < b.u.i ? -1 : a.u.i > b.u.i;
    if (a.tag == CG_V_FLOAT && b.tag == CG_V_FLOAT) {
        if (isnan(a.u.f) || isnan(b.u.f))
            return 2;
        return a.u.f < b.u.f ? -1 : a.u.f > b.u.f;
    }
    if (a.tag == CG_V_FLOAT) {
        int c = cmp_int_float(b.u.i, a.u.f);
        return c == 2 ? 2 : -c;
    }
    return cmp_int_float(a.u.i, b.u.f);
}

/* ---- int arithmetic --------------------------------------------------------
 * Every result is checked: one that does not fit in 64 bits is redone by
 * GMP (bigint_ops.c). */

/* a op b again, unbounded: the immediate result overflowed. */
static cg_value int_overflow(int64_t a, int64_t b, cg_binop op) { return cg_bigint_binary(cg_int(a), cg_int(b), op); }

static bool floordivmod(int64_t a, int64_t b, int64_t *q, int64_t *r) {
    if (a == INT64_MIN && b == -1)
        return false;
    int64_t qq = a / b, rr = a % b;
    if (rr != 0 && ((rr < 0) != (b < 0))) {
        qq--;
        rr += b;
    }
    *q = qq;
    *r = rr;
    return true;
}

/* a ** b for b >= 0 by squaring, checked. */
static cg_value int_pow(int64_t a, int64_t b) {
    int64_t r = 1, base = a, e = b;
    while (e > 0) {
        if (e & 1 && __builtin_mul_overflow(r, base, &r))
            return int_overflow(a, b, OP_POW);
        e >>= 1;
        if (e && __builtin_mul_overflow(base, base, &base))
            return int_overflow(a, b, OP_POW);
    }
    return cg_int(r);
}

static cg_value float_op(double a, double b, cg_binop op);

static cg_value int_op(int64_t a, int64_t b, cg_binop op) {
    int64_t r, q;
    switch (op) {
    case OP_ADD: return __builtin_add_overflow(a, b, &r) ? int_overflow(a, b, op) : cg_int(r);
    case OP_SUB: return __builtin_sub_overflow(a, b, &r) ? int_overflow(a, b, op) : cg_int(r);
    case OP_MULT: return __builtin_mul_overflow(a, b, &r) ? int_overflow(a, b, op) : cg_int(r);
    case OP_DIV:
        if (b == 0)
            return cg_raise(&cg_exc_ZeroDivisionError, "division by zero");
        /* both exact as doubles: one rounding, CPython's result */
        if (a < (INT64_C(1) << 53) && a > -(INT64_C(1) << 53) && b < (INT64_C(1) << 53) && b > -(INT64_C(1) << 53))
            return cg_float((double)a / (double)b);
        return cg_int_true_divide(cg_int(a), cg_int(b));
    case OP_FLOORDIV:
        if (b == 0)
            return cg_raise(&cg_exc_ZeroDivisionError, "integer division or modulo by zero");
        return floordivmod(a, b, &q, &r) ? cg_int(q) : int_overflow(a, b, op);
    case OP_MOD:
        if (b == 0)
            return cg_raise(&cg_exc_ZeroDivisionError, "integer modulo by zero");
        if (b == -1)
            return cg_int(0);
        floordivmod(a, b, &q, &r);
        return cg_int(r);
    case OP_POW:
        if (b < 0) {
            if (a == 0)
                return cg_raise(&cg_exc_ZeroDivisionError, "0.0 cannot be raised to a negative power");
            return float_op((double)a, (double)b, OP_POW);
        }
        return int_pow(a, b);
    case OP_LSHIFT:
        if (b < 0)
            return cg_raise(&cg_exc_ValueError, "negative shift count");
        if (a == 0)
            return cg_int(0);
        if (b >= 63 || (a > 0 ? a > (INT64_MAX >> b) : a < (INT64_MIN >> b)))
            return int_overflow(a, b, op);
        return cg_int((int64_t)((uint64_t)a << b));
    case OP_RSHIFT:
        if (b < 0)
            return cg_raise(&cg_exc_ValueError, "negative shift count");
        return cg_int(b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
    case OP_BITAND: return cg_int(a & b);
    case OP_BITOR: return cg_int(a | b);
    case OP_BITXOR: return cg_int(a ^ b);
    default: return cg_incref(cg_NotImplemented);
    }
}

/* ---- float arithmetic ------------------------------------------------------ */

static cg_value float_divmod(double a, double b, double *div, double *mod) {
    double m = fmod(a, b);
    double d = (a - m) / b;
    if (m) {
        if ((b < 0) != (m < 0)) {
            m += b;
            d -= 1.0;
        }
    } else {
        m = copysign(0.0, b);
    }
    double fd;
    if (d) {
        fd = floor(d);
        if (d - fd > 0.5)
            fd += 1.0;
    } else {
        fd = copysign(0.0, a / b);
    }
    *div = fd;
    *mod = m;
    return CG_NONE;
}

static cg_value float_pow(double a, double b) {
    if (a == 0.0 && b < 0.0 && isfinite(b))
        return cg_raise(&cg_exc_ZeroDivisionError, "0.0 cannot be raised to a negative power");
    if (a < 0.0 && isfinite(a) && isfinite(b) && b != floor(b))
        return cg_raise(&cg_exc_ValueError, "negative number cannot be raised to a fractional power "
                                            "(complex numbers are not supported by cgrad)");
    double r = pow(a, b);
    if (isinf(r) && isfinite(a) && isfinite(b))
        return cg_raise(&cg_exc_OverflowError, "(34, 'Numerical result out of range')");
    return cg_float(r);
}

static cg_value float_op(double a, double b, cg_binop op) {
    double d, m;
    switch (op) {
    case OP_ADD: return cg_float(a + b);
    case OP_SUB: return cg_float(a - b);
    case OP_MULT: return cg_float(a * b);
    case OP_DIV:
        if (b == 0.0)
            return cg_raise(&cg_exc_ZeroDivisionError, "float division by zero");
        return cg_float(a / b);
    case OP_FLOORDIV:
        if (b == 0.0)
            return cg_raise(&cg_exc_ZeroDivisionError, "float floor division by zero");
        float_divmod(a, b, &d, &m);
        return cg_float(d);
    case OP_MOD:
        if (b == 0.0)
            return cg_raise(&cg_exc_ZeroDivisionError, "float modulo");
        float_divmod(a, b, &d, &m);
        return cg_float(m);
    case OP_POW: return float_pow(a, b);
    default: return cg_incref(cg_NotImplemented);
    }
}

/* Is v an int (either form), a bool or a float? */
static bool is_number(cg_value v) { return cg_is_num(v) || cg_is_bigint(v); }

/* a op b where a or b is a heap int: GMP, or float arithmetic when the
 * other is a float (the heap int converted, or OverflowError). */
static cg_value big_binary(cg_value a, cg_value b, cg_binop op) {
    if (a.tag != CG_V_FLOAT && b.tag != CG_V_FLOAT)
        return cg_bigint_binary(a, b, op);
    if (op != OP_ADD && op != OP_SUB && op != OP_MULT && op != OP_DIV && op != OP_FLOORDIV && op != OP_MOD
        && op != OP_POW)
        return cg_incref(cg_NotImplemented);
    double x, y;
    if (cg_float_value(a, &x) < 0 || cg_float_value(b, &y) < 0)
        return CG_ERR;
    return float_op(x, y, op);
}

/* a op b where a or b is an int, bool or float. */
static cg_value number_binary(cg_value a, cg_value b, cg_binop op) {
    if (!is_number(a) || !is_number(b))
        return cg_incref(cg_NotImplemented);
    if (a.tag == CG_V_OBJ || b.tag == CG_V_OBJ)
        return big_binary(a, b, op);
    if (a.tag != CG_V_FLOAT && b.tag != CG_V_FLOAT) {
        if (a.tag == CG_V_BOOL && b.tag == CG_V_BOOL && (op == OP_BITAND || op == OP_BITOR || op == OP_BITXOR)) {
            cg_value r = int_op(a.u.i, b.u.i, op);
            return cg_bool(r.u.i != 0);
        }
        return int_op(a.u.i, b.u.i, op);
    }
    double x = a.tag == CG_V_FLOAT ? a.u.f : (double)a.u.i;
    double y = b.tag == CG_V_FLOAT ? b.u.f : (double)b.u.i;
    return float_op(x, y, op);
}

cg_value cg_number_divmod(cg_value a, cg_value b) {
    if (a.tag != CG_V_FLOAT && b.tag != CG_V_FLOAT) {
        int64_t q, r;
        if (a.tag == CG_V_OBJ || b.tag == CG_V_OBJ || b.u.i == 0 || !floordivmod(a.u.i, b.u.i, &q, &r))
            return cg_bigint_divmod(a, b);
        return cg_tuple_pack(2, cg_int(q), cg_int(r));
    }
    double x, y;
    if (cg_float_value(a, &x) < 0 || cg_float_value(b, &y) < 0)
        return CG_ERR;
    if (y == 0.0)
        return cg_raise(&cg_exc_ZeroDivisionError, "float divmod()");
    double d, m;
    float_divmod(x, y, &d, &m);
    return cg_tuple_pack(2, cg_float(d), cg_float(m));
}

static cg_value number_unary(cg_value v, cg_unaryop op) {
    if (v.tag == CG_V_OBJ || (v.tag == CG_V_INT && v.u.i == INT64_MIN))
        return cg_bigint_unary(v, op);
    if (v.tag == CG_V_FLOAT) {
        switch (op) {
        case OP_USUB: return cg_float(-v.u.f);
        case OP_UADD: return v;
        default: return cg_incref(cg_NotImplemented);
        }
    }
    switch (op) {
    case OP_USUB: return cg_int(-v.u.i);
    case OP_UADD: return cg_int(v.u.i);
    case OP_INVERT: return cg_int(~v.u.i);
    default: return cg_incref(cg_NotImplemented);
    }
}

static cg_value cmp_result(int c, cg_cmpop op) {
    if (c == 2)
        return cg_bool(op == OP_NOT_EQ);
    switch (op) {
    case OP_EQ: return cg_bool(c == 0);
    case OP_NOT_EQ: return cg_bool(c != 0);
    case OP_LT: return cg_bool(c < 0);
    case OP_LT_E: return cg_bool(c <= 0);
    case OP_GT: return cg_bool(c > 0);
    case OP_GT_E: return cg_bool(c >= 0);
    default: return cg_incref(cg_NotImplemented);
    }
}

static cg_value number_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (!is_number(a) || !is_number(b))
        return cg_incref(cg_NotImplemented);
    return cmp_result(cg_num_cmp(a, b), op);
}

static int64_t number_hash(cg_value v) { return v.tag == CG_V_FLOAT ? cg_hash_float(v.u.f) : cg_int_hash(v); }

/* x.real, x.imag (and an int's numerator, denominator) */
static cg_value number_getattr(cg_value v, cg_str *name) {
    const char *n = name->s;
    bool is_float = v.tag == CG_V_FLOAT;
    /* an int's real part and numerator are the int itself (a bool's: as int) */
    cg_value self = v.tag == CG_V_BOOL ? cg_int(v.u.i) : cg_incref(v);
    if (!strcmp(n, "real"))
        return self;
    cg_decref(self);
    if (!strcmp(n, "imag"))
        return is_float ? cg_float(0.0) : cg_int(0);
    if (!is_float && !strcmp(n, "numerator"))
        return v.tag == CG_V_BOOL ? cg_int(v.u.i) : cg_incref(v);
    if (!is_float && !strcmp(n, "denominator"))
        return cg_int(1);
    return CG_STOP;
}

static cg_value int_repr(cg_value v) { return cg_int_repr(v); }
static cg_value bool_repr(cg_value v) { return cg_str_from_c(v.u.i ? "True" : "False"); }
static cg_value float_repr(cg_value v) { return cg_float_repr_value(v.u.f); }

/* ---- parsing numbers from text ------------------------------------------- */

static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int digit_value(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

/* Python's int(text, base): 0 done, -1 not a literal, -2 too large. */
int cg_parse_int(const char *s, size_t n, int base, int64_t *out) {
    const char *e = s + n;
    while (s < e && is_space(*s))
        s++;
    while (e > s && is_space(e[-1]))
        e--;
    bool neg = false;
    if (s < e && (*s == '+' || *s == '-'))
        neg = *s++ == '-';
    bool prefixed = false;
    if (e - s >= 2 && s[0] == '0') {
        char p = (char)(s[1] | 0x20);
        int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
        if (pb && (base == 0 || base == pb)) {
            base = pb;
            s += 2;
            prefixed = true;
        }
    }
    bool base0 = base == 0;
    if (base0)
        base = 10;
    if (s == e)
        return -1;
    uint64_t acc = 0, limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    bool overflow = false, prev_digit = prefixed, nonzero = false;
    const char *first = s;
    for (; s < e; s++) {
        if (*s == '_') {
            if (!prev_digit)
                return -1;
            prev_digit = false;
            continue;
        }
        int d = digit_value(*s);
        if (d >= base)
            return -1;
        prev_digit = true;
        if (d)
            nonzero = true;
        if (acc > (limit - (uint64_t)d) / (uint64_t)base)
            overflow = true;
        else
            acc = acc * (uint64_t)base + (uint64_t)d;
    }
    if (!prev_digit)
        return -1;
    /* base 0 forbids leading zeros ("010") unless the number is zero */
    if (base0 && !prefixed && first[0] == '0' && nonzero)
        return -1;
    if (overflow)
        return -2;
    *out = neg ? (int64_t)(0 - acc) : (int64_t)acc;
    return 0;
}

/* Python's float(text): 0 done, -1 not a float literal. */
int cg_parse_float(const char *s, size_t n, double *out) {
    const char *e = s + n;
    while (s < e && is_space(*s))
        s++;
    while (e > s && is_space(e[-1]))
        e--;
    if (s == e || (size_t)(e - s) > 1000)
        return -1;
    char buf[1024];
    size_t k = 0;
    for (const char *p = s; p < e; p++) {
        char c = *p;
        if (c == '_') {
            /* one underscore between two digits */
            if (p == s || p + 1 == e || digit_value(p[-1]) > 9 || digit_value(p[1]) > 9)
                return -1;
            continue;
        }
        if (c == 'x' || c == 'X' || c == '(' || c == 'p' || c == 'P' || c == ' ')
            return -1;
        buf[k++] = c;
    }
    buf[k] = '\0';
    char *end;
    double v = strtod(buf, &end);
    if (end == buf || *end)
        return -1;
    *out = v;
    return 0;
}

/* ---- constructors ---------------------------------------------------------- */

static cg_value raise_bad_literal(const char *what, int base, cg_value text) {
    cg_strbuf b = {0};
    if (base >= 0)
        cg_strbuf_printf(&b, "invalid literal for int() with base %d: ", base);
    else
        cg_strbuf_printf(&b, "could not convert string to %s: ", what);
    if (cg_is_str(text))
        cg_str_repr_into(&b, cg_as_str(text));
    else if (cg_repr_into(&b, text) < 0) { /* bytes: b'zz' */
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    cg_value msg = cg_str_from_strbuf(&b);
    if (cg_is_err(msg))
        return msg;
    cg_raise_value(&cg_exc_ValueError, msg);
    cg_decref(msg);
    return CG_ERR;
}

cg_value cg_int_from_float(double f) {
    if (isnan(f))
        return cg_raise(&cg_exc_ValueError, "cannot convert float NaN to integer");
    if (isinf(f))
        return cg_raise(&cg_exc_OverflowError, "cannot convert float infinity to integer");
    return cg_int_from_double(f);
}

/* A str, or a bytes-like object (int(b'ff', 16)), parsed. */
static cg_value int_from_text(cg_value text, int base) {
    if (!cg_is_str(text)) {
        cg_buffer view;
        if (cg_buffer_get(text, &view) < 0)
            return CG_ERR;
        cg_value v = cg_int_parse(view.buf, (size_t)view.len, base);
        cg_buffer_release(&view);
        return v.tag == CG_V_STOP ? raise_bad_literal("int", base, text) : v;
    }
    cg_value v = cg_int_parse(cg_str_cstr(text), (size_t)cg_as_str(text)->len, base);
    if (v.tag == CG_V_STOP)
        return raise_bad_literal("int", base, text);
    return v;
}

static bool is_text(cg_value x) { return cg_is_str(x) || cg_has_buffer(x); }

/* int(x): numbers, strings, and objects with __int__ / __index__ / __trunc__. */
cg_value cg_int_of(cg_value x) {
    switch (x.tag) {
    case CG_V_INT: return x;
    case CG_V_BOOL: return cg_int(x.u.i);
    case CG_V_FLOAT: return cg_int_from_float(x.u.f);
    default: break;
    }
    if (cg_is_bigint(x))
        return cg_incref(x);
    if (is_text(x))
        return int_from_text(x, 10);
    static const char *const hooks[] = {"__int__", "__index__", "__trunc__"};
    for (int i = 0; i < 3; i++) {
        cg_value m = cg_type_lookup_borrowed(cg_typeof(x), cg_str_intern(hooks[i]));
        if (m.tag == CG_V_STOP)
            continue;
        cg_value r = cg_call1(m, x);
        if (cg_is_err(r) || r.tag == CG_V_INT || cg_is_bigint(r))
            return r;
        if (r.tag == CG_V_BOOL)
            return cg_int(r.u.i);
        cg_value e = cg_raise(&cg_exc_TypeError, "%s returned non-int (type %s)", hooks[i], cg_type_name(r));
        cg_decref(r);
        return e;
    }
    return cg_raise(&cg_exc_TypeError,
                    "int() argument must be a string, a bytes-like object or a real number, not '%s'", cg_type_name(x));
}

static cg_value int_new(cg_type *type, const cg_args *a) {
    cg_value x = CG_STOP, base = CG_STOP;
    if (a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "int() takes at most 2 arguments (%d given)", a->npos + a->nkw);
    if (a->npos > 0)
        x = a->pos[0];
    if (a->npos > 1)
        base = a->pos[1];
    for (int k = 0; k < a->nkw; k++) {
        if (strcmp(a->kwn[k]->s, "base") != 0 || base.tag != CG_V_STOP)
            return cg_raise(&cg_exc_TypeError, "'%s' is an invalid keyword argument for int()", a->kwn[k]->s);
        base = a->kwv[k];
    }
    if (x.tag == CG_V_STOP) {
        if (base.tag != CG_V_STOP)
            return cg_raise(&cg_exc_TypeError, "int() missing string argument");
        return cg_int(0);
    }
    if (base.tag == CG_V_STOP)
        return cg_int_of(x);
    int64_t b;
    if (cg_index_value(base, &b) < 0)
        return CG_ERR;
    if (b != 0 && (b < 2 || b > 36))
        return cg_raise(&cg_exc_ValueError, "int() base must be >= 2 and <= 36, or 0");
    if (!is_text(x))
        return cg_raise(&cg_exc_TypeError, "int() can't convert non-string with explicit base");
    return int_from_text(x, (int)b);
}

/* float(x): numbers, strings, and objects with __float__ / __index__. */
cg_value cg_float_of(cg_value x) {
    switch (x.tag) {
    case CG_V_FLOAT: return x;
    case CG_V_INT:
    case CG_V_BOOL: return cg_float((double)x.u.i);
    default: break;
    }
    if (cg_is_bigint(x)) {
        double d;
        return cg_int_to_double(x, &d) < 0 ? CG_ERR : cg_float(d);
    }
    if (cg_is_str(x)) {
        double v;
        if (cg_parse_float(cg_str_cstr(x), (size_t)cg_as_str(x)->len, &v) < 0)
            return raise_bad_literal("float", -1, x);
        return cg_float(v);
    }
    if (cg_has_buffer(x)) { /* float(b'1.5') */
        cg_buffer view;
        if (cg_buffer_get(x, &view) < 0)
            return CG_ERR;
        double v;
        int rc = cg_parse_float(view.buf, (size_t)view.len, &v);
        cg_buffer_release(&view);
        return rc < 0 ? raise_bad_literal("float", -1, x) : cg_float(v);
    }
    cg_type *t = cg_typeof(x);
    cg_value m = cg_type_lookup_borrowed(t, cg_str_intern("__float__"));
    if (m.tag != CG_V_STOP) {
        cg_value r = cg_call1(m, x);
        if (cg_is_err(r) || r.tag == CG_V_FLOAT)
            return r;
        cg_value e = cg_raise(&cg_exc_TypeError, "%s.__float__ returned non-float (type %s)", t->name, cg_type_name(r));
        cg_decref(r);
        return e;
    }
    if (cg_type_lookup_borrowed(t, cg_str_intern("__index__")).tag != CG_V_STOP) {
        cg_value i = cg_int_of(x);
        if (cg_is_err(i))
            return CG_ERR;
        cg_value f = cg_float_of(i);
        cg_decref(i);
        return f;
    }
    return cg_raise(&cg_exc_TypeError, "float() argument must be a string or a real number, not '%s'", t->name);
}

static cg_value float_new(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "float() takes no keyword arguments");
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "float expected at most 1 argument, got %d", a->npos);
    return a->npos ? cg_float_of(a->pos[0]) : cg_float(0.0);
}

static cg_value bool_new(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "bool() takes no keyword arguments");
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "bool expected at most 1 argument, got %d", a->npos);
    if (!a->npos)
        return CG_FALSE;
    int t = cg_truth(a->pos[0]);
    return t < 0 ? CG_ERR : cg_bool(t);
}

/* ---- methods --------------------------------------------------------------- */

static cg_value int_bit_length(cg_value self, const cg_args *a) { return cg_int(cg_int_bit_length(self)); }

static cg_value int_bit_count(cg_value self, const cg_args *a) {
    if (!cg_is_bigint(self)) {
        uint64_t u = self.u.i < 0 ? (uint64_t)0 - (uint64_t)self.u.i : (uint64_t)self.u.i;
        return cg_int(__builtin_popcountll(u));
    }
    mpz_t z;
    mpz_init(z);
    mpz_abs(z, cg_bigint_mpz(self));
    int64_t n = (int64_t)mpz_popcount(z);
    mpz_clear(z);
    return cg_int(n);
}

/* The int itself (a bool's: the int it is). */
static cg_value int_index(cg_value self, const cg_args *a) {
    return self.tag == CG_V_BOOL ? cg_int(self.u.i) : cg_incref(self);
}

static cg_value int_float(cg_value self, const cg_args *a) { return cg_float_of(self); }

static cg_value int_as_integer_ratio(cg_value self, const cg_args *a) {
    cg_value n = int_index(self, a);
    cg_value t = cg_tuple_pack(2, n, cg_int(1));
    cg_decref(n);
    return t;
}
static cg_value float_int(cg_value self, const cg_args *a) { return cg_int_from_float(self.u.f); }
static cg_value float_float(cg_value self, const cg_args *a) { return self; }

static cg_value float_is_integer(cg_value self, const cg_args *a) {
    return cg_bool(isfinite(self.u.f) && self.u.f == floor(self.u.f));
}

static cg_value number_format(cg_value self, const cg_args *a);

enum { INT_BIT_LENGTH, INT_BIT_COUNT, INT_AS_INTEGER_RATIO, INT_CONJUGATE, INT_TRUNC, INT_FLOOR, INT_CEIL, INT_INDEX, INT_FORMAT };
static const cg_method_def int_methods[] = {
    {"bit_length", int_bit_length, "bit_length()", "Number of bits necessary to represent self in binary."},
    {"bit_count", int_bit_count, "bit_count()", "Number of ones in the binary representation of abs(self)."},
    {"as_integer_ratio", int_as_integer_ratio, "as_integer_ratio()", "Return a pair of integers whose ratio is self."},
    {"conjugate", int_index, "conjugate()", "Returns self, the complex conjugate of any int."},
    {"__trunc__", int_index, "__trunc__()", NULL},
    {"__floor__", int_index, "__floor__()", NULL},
    {"__ceil__", int_index, "__ceil__()", NULL},
    {"__index__", int_index, "__index__()", NULL},
    {"__format__", number_format, "__format__(format_spec, /)", NULL},
    {"__int__", int_index, "__int__()", NULL},
    {"__float__", int_float, "__float__()", NULL},
    {NULL, NULL, NULL, NULL},
};

static const cg_method_def float_methods[] = {
    {"is_integer", float_is_integer, "is_integer()", "Return True if the float is an integer."},
    {"__format__", number_format, "__format__(format_spec, /)", NULL},
    {"__int__", float_int, "__int__()", NULL},
    {"__float__", float_float, "__float__()", NULL},
    {NULL, NULL, NULL, NULL},
};

static cg_value number_format(cg_value self, const cg_args *a) {
    cg_value spec;
    if (cg_args_bind(&int_methods[INT_FORMAT], a, &spec, 1) < 0)
        return CG_ERR;
    cg_value r = cg_is_str(spec)
                     ? cg_format(self, spec)
                     : cg_raise(&cg_exc_TypeError, "__format__() argument must be str, not %s", cg_type_name(spec));
    cg_args_release(&int_methods[INT_FORMAT], &spec, 1);
    return r;
}

int cg_number_types_init(void) {
    if (cg_type_add_methods(&cg_type_int, int_methods) < 0)
        return -1;
    if (cg_type_add_methods(&cg_type_float, float_methods) < 0)
        return -1;
    return cg_float_methods_init();
}

cg_type cg_type_int = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "int",
    .module = "builtins",
    .base = &cg_type_object,
    .dealloc = cg_bigint_dealloc,
    .repr = int_repr,
    .hash = number_hash,
    .compare = number_compare,
    .binary = number_binary,
    .unary = number_unary,
    .getattr = number_getattr,
    .new_ = int_new,
};

cg_type cg_type_bool = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "bool",
    .module = "builtins",
    .base = &cg_type_int,
    .repr = bool_repr,
    .hash = number_hash,
    .compare = number_compare,
    .binary = number_binary,
    .unary = number_unary,
    .getattr = number_getattr,
    .new_ = bool_new,
};

cg_type cg_type_float = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "float",
    .module = "builtins",
    .base = &cg_type_object,
    .repr = float_repr,
    .hash = number_hash,
    .compare = number_compare,
    .binary = number_binary,
    .unary = number_unary,
    .getattr = number_getattr,
    .new_ = float_new,
};
