/* float_methods.c: float.hex, float.fromhex, as_integer_ratio and the
 * rounding protocol (__round__, __trunc__, __floor__, __ceil__) of float
 * and int, as Python's math.floor/round and Fraction use them. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/builtins.h"
#include "runtime/exc.h"
#include "runtime/format.h"
#include "runtime/lang_internal.h"

enum { F_HEX, F_AS_RATIO, F_CONJUGATE, F_ROUND, F_TRUNC, F_FLOOR, F_CEIL, F_ABS, F_COUNT };
enum { I_ROUND, I_ABS, I_COUNT };
static const cg_method_def float_extra[], int_extra[], fromhex_def[];

static double F(cg_value v) { return v.u.f; }

/* ---- hex ----------------------------------------------------------------------------- */

/* 0x1.<13 hex digits>p<exp>; subnormals as 0x0.<digits>p-1022 */
static cg_value float_hex(cg_value self, const cg_args *a) {
    double x = F(self);
    if (isnan(x))
        return cg_str_from_c("nan");
    if (isinf(x))
        return cg_str_from_c(x < 0 ? "-inf" : "inf");
    const char *sign = signbit(x) ? "-" : "";
    if (x == 0)
        return cg_str_fmt("%s0x0.0p+0", sign);
    int e;
    double m = frexp(fabs(x), &e); /* [0.5, 1) */
    /* shift to [1, 2), or less for subnormals, whose exponent stays -1022 */
    int shift = 1 - (DBL_MIN_EXP - e > 0 ? DBL_MIN_EXP - e : 0);
    m = ldexp(m, shift);
    e -= shift;
    char digits[16];
    int lead = (int)m;
    m -= lead;
    for (int i = 0; i < 13; i++) {
        m *= 16.0;
        int d = (int)m;
        digits[i] = "0123456789abcdef"[d];
        m -= d;
    }
    digits[13] = 0;
    return cg_str_fmt("%s0x%d.%sp%+d", sign, lead, digits, e);
}

/* float.fromhex(s): C's strtod reads the same hexadecimal form (with a
 * "0x" that Python's may leave out), rounding to nearest even. */
static cg_value float_fromhex(cg_value type, const cg_args *a) {
    cg_value s;
    if (cg_args_bind(&fromhex_def[0], a, &s, 1) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (!cg_is_str(s)) {
        cg_raise(&cg_exc_TypeError, "fromhex() argument must be str, not %s", cg_type_name(s));
        goto out;
    }
    const char *p = cg_str_cstr(s);
    while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
        p++;
    size_t n = strlen(p);
    while (n && (p[n - 1] == ' ' || (p[n - 1] >= '\t' && p[n - 1] <= '\r')))
        n--;
    char *buf = malloc(n + 3);
    if (!buf) {
        cg_raise_nomemory();
        goto out;
    }
    size_t k = 0;
    size_t i = 0;
    if (i < n && (p[i] == '+' || p[i] == '-'))
        buf[k++] = p[i++];
    bool word = i < n && (p[i] == 'i' || p[i] == 'I' || p[i] == 'n' || p[i] == 'N');
    bool has_0x = i + 1 < n && p[i] == '0' && (p[i + 1] == 'x' || p[i + 1] == 'X');
    if (!word && !has_0x) {
        buf[k++] = '0';
        buf[k++] = 'x';
    }
    memcpy(buf + k, p + i, n - i);
    k += n - i;
    buf[k] = 0;
    /* strtod also reads decimal forms and "infinity"s that Python refuses */
    bool ok = n > 0 && !strpbrk(buf, "_ ");
    if (word)
        ok = ok && (!strcasecmp(buf + (buf[0] == '+' || buf[0] == '-'), "inf")
                    || !strcasecmp(buf + (buf[0] == '+' || buf[0] == '-'), "infinity")
                    || !strcasecmp(buf + (buf[0] == '+' || buf[0] == '-'), "nan"));
    char *end;
    errno = 0;
    double x = ok ? strtod(buf, &end) : 0;
    if (ok && *end)
        ok = false;
    bool overflow = ok && errno == ERANGE && isinf(x);
    free(buf);
    if (!ok) {
        cg_raise(&cg_exc_ValueError, "invalid hexadecimal floating-point string");
        goto out;
    }
    if (overflow) {
        cg_raise(&cg_exc_OverflowError, "hexadecimal value too large to represent as a float");
        goto out;
    }
    r = cg_classmethod_result(type, cg_float(x));
out:
    cg_args_release(&fromhex_def[0], &s, 1);
    return r;
}

/* ---- ratios and rounding ------------------------------------------------------------ */

static cg_value float_as_integer_ratio(cg_value self, const cg_args *a) {
    double x = F(self);
    if (isinf(x))
        return cg_raise(&cg_exc_OverflowError, "cannot convert Infinity to integer ratio");
    if (isnan(x))
        return cg_raise(&cg_exc_ValueError, "cannot convert NaN to integer ratio");
    int e;
    double m = frexp(x, &e);
    /* make the mantissa an integer: at most 53 doublings */
    for (int i = 0; i < 300 && m != floor(m); i++) {
        m *= 2.0;
        e--;
    }
    cg_value num = cg_int_from_float(m);
    if (cg_is_err(num))
        return num;
    cg_value den = cg_int(1);
    cg_value shifted = e > 0 ? cg_binary(num, cg_int(e), OP_LSHIFT) : cg_binary(den, cg_int(-e), OP_LSHIFT);
    if (cg_is_err(shifted)) {
        cg_decref(num);
        return shifted;
    }
    cg_value r = e > 0 ? cg_tuple_pack(2, shifted, den) : cg_tuple_pack(2, num, shifted);
    cg_decref(num);
    cg_decref(shifted);
    return r;
}

static cg_value float_conjugate(cg_value self, const cg_args *a) { return self; }

static cg_value float_round(cg_value self, const cg_args *a) {
    cg_value nd;
    if (cg_args_bind(&float_extra[F_ROUND], a, &nd, 1) < 0)
        return CG_ERR;
    cg_value r;
    int64_t n;
    if (cg_is_none(nd))
        r = cg_int_from_float(nearbyint(F(self)));
    else if (cg_index_value(nd, &n) < 0)
        r = CG_ERR;
    else
        r = cg_float_round(F(self), n);
    cg_args_release(&float_extra[F_ROUND], &nd, 1);
    return r;
}

static cg_value float_trunc(cg_value self, const cg_args *a) { return cg_int_from_float(trunc(F(self))); }
static cg_value float_floor(cg_value self, const cg_args *a) { return cg_int_from_float(floor(F(self))); }
static cg_value float_ceil(cg_value self, const cg_args *a) { return cg_int_from_float(ceil(F(self))); }
static cg_value float_abs(cg_value self, const cg_args *a) { return cg_float(fabs(F(self))); }

static cg_value int_value(cg_value self) { return self.tag == CG_V_BOOL ? cg_int(self.u.i) : cg_incref(self); }

static cg_value int_round(cg_value self, const cg_args *a) {
    cg_value nd;
    if (cg_args_bind(&int_extra[I_ROUND], a, &nd, 1) < 0)
        return CG_ERR;
    int64_t n = 0;
    cg_value r;
    if (cg_is_none(nd))
        r = int_value(self);
    else if (cg_index_value(nd, &n) < 0)
        r = CG_ERR;
    else {
        cg_value v = int_value(self);
        r = cg_int_round(v, n);
        cg_decref(v);
    }
    cg_args_release(&int_extra[I_ROUND], &nd, 1);
    return r;
}

static cg_value int_abs(cg_value self, const cg_args *a) {
    cg_value v = int_value(self);
    cg_value neg = cg_compare(v, cg_int(0), OP_LT);
    cg_value r = neg.tag == CG_V_BOOL && neg.u.i ? cg_unary(v, OP_USUB) : cg_incref(v);
    cg_decref(v);
    return r;
}

static const cg_method_def float_extra[] = {
    [F_HEX] = {"hex", float_hex, "hex()", "Return a hexadecimal representation of a floating-point number."},
    [F_AS_RATIO] = {"as_integer_ratio", float_as_integer_ratio, "as_integer_ratio()",
                    "Return the pair of integers, the second positive, whose ratio is exactly the float."},
    [F_CONJUGATE] = {"conjugate", float_conjugate, "conjugate()", "Return self, the complex conjugate of any float."},
    [F_ROUND] = {"__round__", float_round, "__round__(ndigits=None, /)", "Return the float rounded to ndigits."},
    [F_TRUNC] = {"__trunc__", float_trunc, "__trunc__()", "Return the Integral closest to x between 0 and x."},
    [F_FLOOR] = {"__floor__", float_floor, "__floor__()", "Return the floor as an Integral."},
    [F_CEIL] = {"__ceil__", float_ceil, "__ceil__()", "Return the ceiling as an Integral."},
    [F_ABS] = {"__abs__", float_abs, "__abs__()", "abs(self)"},
    [F_COUNT] = {NULL, NULL, NULL, NULL},
};

static const cg_method_def int_extra[] = {
    [I_ROUND] = {"__round__", int_round, "__round__(ndigits=None, /)", "Rounding an Integral returns itself."},
    [I_ABS] = {"__abs__", int_abs, "__abs__()", "abs(self)"},
    [I_COUNT] = {NULL, NULL, NULL, NULL},
};

static const cg_method_def fromhex_def[] = {
    {"fromhex", float_fromhex, "fromhex(string, /)", "Create a floating-point number from a hexadecimal string."},
    {NULL, NULL, NULL, NULL},
};

int cg_float_methods_init(void) {
    if (cg_type_add_methods(&cg_type_float, float_extra) < 0 || cg_type_add_methods(&cg_type_int, int_extra) < 0)
        return -1;
    return cg_type_add_classmethods(&cg_type_float, fromhex_def); /* F.fromhex makes an F */
}
