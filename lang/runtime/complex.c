/* complex.c: the complex type: construction (numbers and CPython's text
 * syntax), repr and format, hash (equal to the hash of an equal real),
 * comparison (== and != only), arithmetic with ints, floats and complex,
 * abs, bool, .real, .imag, conjugate().
 *
 * The arithmetic follows CPython's Objects/complexobject.c in behaviour:
 * division by Smith's method, a ** n for integral |n| <= 100 by repeated
 * squaring, other powers through polar form. Not here: cmath
 * (stdlib/cmath_module.c). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/bigint.h"
#include "runtime/complex.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/float_repr.h"
#include "runtime/format.h"
#include "runtime/lang_internal.h"

bool cg_is_complex(cg_value v) { return cg_is_obj(v) && cg_type_is_subtype(v.u.o->type, &cg_type_complex); }

static cg_cpx Z(cg_value v) { return ((cg_complex *)v.u.o)->z; }

cg_value cg_complex_new(double re, double im) {
    cg_complex *c = malloc(sizeof *c);
    if (!c)
        return cg_raise_nomemory();
    c->head.refcnt = 1;
    c->head.type = &cg_type_complex;
    c->z = (cg_cpx){re, im};
    return cg_obj_value(c);
}

cg_value cg_complex_constant(double im) {
    static cg_complex **pool;
    static size_t n, cap;
    for (size_t i = 0; i < n; i++)
        if (memcmp(&pool[i]->z.im, &im, sizeof im) == 0)
            return cg_obj_value(pool[i]);
    if (n == cap) {
        size_t c = cap ? cap * 2 : 32;
        cg_complex **p = realloc(pool, c * sizeof *p);
        if (!p)
            return cg_raise_nomemory();
        pool = p;
        cap = c;
    }
    cg_value v = cg_complex_new(0.0, im);
    if (cg_is_err(v))
        return v;
    v.u.o->refcnt = CG_IMMORTAL;
    pool[n++] = (cg_complex *)v.u.o;
    return v;
}

/* ---- arithmetic ------------------------------------------------------------------ */

static cg_cpx c_sum(cg_cpx a, cg_cpx b) { return (cg_cpx){a.re + b.re, a.im + b.im}; }
static cg_cpx c_diff(cg_cpx a, cg_cpx b) { return (cg_cpx){a.re - b.re, a.im - b.im}; }
static cg_cpx c_prod(cg_cpx a, cg_cpx b) { return (cg_cpx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }

cg_cpx cg_cpx_quot(cg_cpx a, cg_cpx b, bool *divzero) {
    double abs_breal = fabs(b.re), abs_bimag = fabs(b.im);
    *divzero = false;
    if (abs_breal >= abs_bimag) {
        if (abs_breal == 0.0) {
            *divzero = true;
            return (cg_cpx){0, 0};
        }
        double ratio = b.im / b.re, denom = b.re + b.im * ratio;
        return (cg_cpx){(a.re + a.im * ratio) / denom, (a.im - a.re * ratio) / denom};
    }
    if (abs_bimag >= abs_breal) {
        double ratio = b.re / b.im, denom = b.re * ratio + b.im;
        return (cg_cpx){(a.re * ratio + a.im) / denom, (a.im * ratio - a.re) / denom};
    }
    return (cg_cpx){NAN, NAN}; /* a NaN in b */
}

static cg_cpx c_powu(cg_cpx x, long n) {
    cg_cpx r = {1.0, 0.0}, p = x;
    for (long mask = 1; mask > 0 && n >= mask; mask <<= 1) {
        if (n & mask)
            r = c_prod(r, p);
        p = c_prod(p, p);
    }
    return r;
}

/* 0 done, 1 zero to a negative or complex power, 2 overflow */
static int c_pow(cg_cpx a, cg_cpx b, cg_cpx *out) {
    if (b.im == 0.0 && b.re == floor(b.re) && fabs(b.re) <= 100.0) {
        long n = (long)b.re;
        if (n >= 0)
            *out = c_powu(a, n);
        else {
            bool dz;
            *out = cg_cpx_quot((cg_cpx){1.0, 0.0}, c_powu(a, -n), &dz);
            if (dz)
                return 1;
        }
    } else if (b.re == 0.0 && b.im == 0.0)
        *out = (cg_cpx){1.0, 0.0};
    else if (a.re == 0.0 && a.im == 0.0) {
        if (b.im != 0.0 || b.re < 0.0)
            return 1;
        *out = (cg_cpx){0.0, 0.0};
    } else {
        double vabs = hypot(a.re, a.im), len = pow(vabs, b.re), at = atan2(a.im, a.re), phase = at * b.re;
        if (b.im != 0.0) {
            len /= exp(at * b.im);
            phase += b.im * log(vabs);
        }
        *out = (cg_cpx){len * cos(phase), len * sin(phase)};
    }
    if (isinf(out->re) || isinf(out->im))
        return isfinite(a.re) && isfinite(a.im) && isfinite(b.re) && isfinite(b.im) ? 2 : 0;
    return 0;
}

/* An operand as complex: 1 yes, 0 not a number we take, -1 an int too
 * large for a double (OverflowError). */
static int operand(cg_value v, cg_cpx *out) {
    if (cg_is_bigint(v)) { /* OverflowError "int too large to convert to float" past a double */
        double d;
        if (cg_int_to_double(v, &d) < 0)
            return -1;
        *out = (cg_cpx){d, 0.0};
        return 1;
    }
    switch (v.tag) {
    case CG_V_INT:
    case CG_V_BOOL: *out = (cg_cpx){(double)v.u.i, 0.0}; return 1;
    case CG_V_FLOAT: *out = (cg_cpx){v.u.f, 0.0}; return 1;
    default: break;
    }
    if (cg_is_complex(v)) {
        *out = Z(v);
        return 1;
    }
    return 0;
}

static cg_value complex_binary(cg_value a, cg_value b, cg_binop op) {
    cg_cpx x, y, r;
    int ka = operand(a, &x), kb = ka > 0 ? operand(b, &y) : 0;
    if (ka < 0 || kb < 0)
        return CG_ERR;
    if (!ka || !kb)
        return cg_incref(cg_NotImplemented);
    bool dz;
    switch (op) {
    case OP_ADD: r = c_sum(x, y); break;
    case OP_SUB: r = c_diff(x, y); break;
    case OP_MULT: r = c_prod(x, y); break;
    case OP_DIV:
        r = cg_cpx_quot(x, y, &dz);
        if (dz)
            return cg_raise(&cg_exc_ZeroDivisionError, "complex division by zero");
        break;
    case OP_POW:
        switch (c_pow(x, y, &r)) {
        case 1: return cg_raise(&cg_exc_ZeroDivisionError, "0.0 to a negative or complex power");
        case 2: return cg_raise(&cg_exc_OverflowError, "complex exponentiation");
        default: break;
        }
        break;
    default: return cg_incref(cg_NotImplemented);
    }
    return cg_complex_new(r.re, r.im);
}

static cg_value complex_unary(cg_value self, cg_unaryop op) {
    cg_cpx z = Z(self);
    switch (op) {
    case OP_USUB: return cg_complex_new(-z.re, -z.im);
    case OP_UADD: return cg_complex_new(z.re, z.im);
    default: return cg_incref(cg_NotImplemented);
    }
}

static int complex_truth(cg_value self) { return Z(self).re != 0.0 || Z(self).im != 0.0; }

static cg_value complex_compare(cg_value a, cg_value b, cg_cmpop op) {
    cg_cpx x = {0, 0}, y = {0, 0};
    if (op != OP_EQ && op != OP_NOT_EQ)
        return cg_incref(cg_NotImplemented);
    int ka = operand(a, &x), kb = ka > 0 ? operand(b, &y) : 0;
    if (ka < 0 || kb < 0) /* an int past a double's range equals no complex */
        cg_exc_clear();
    if (ka < 0 || kb < 0)
        return cg_bool(op == OP_NOT_EQ);
    if (!ka || !kb)
        return cg_incref(cg_NotImplemented);
    bool eq;
    /* an int compares exactly with the real part when the imaginary is 0 */
    cg_value ri = cg_is_complex(a) ? b : a;
    if (cg_is_int(ri) && ri.tag != CG_V_BOOL && (cg_is_complex(a) ? x.im : y.im) == 0.0) {
        double re = cg_is_complex(a) ? x.re : y.re;
        eq = cg_num_cmp(cg_float(re), ri) == 0;
    } else
        eq = x.re == y.re && x.im == y.im;
    return cg_bool(eq == (op == OP_EQ));
}

static int64_t complex_hash(cg_value self) {
    cg_cpx z = Z(self);
    uint64_t h = (uint64_t)cg_hash_float(z.re) + UINT64_C(1000003) * (uint64_t)cg_hash_float(z.im);
    int64_t r = (int64_t)h;
    return r == -1 ? -2 : r;
}

/* ---- text ------------------------------------------------------------------------ */

/* repr(x) of a part without the ".0" of an integral float */
static void part_repr(cg_strbuf *b, double x) {
    if (isnan(x)) {
        cg_strbuf_puts(b, "nan");
        return;
    }
    cg_float_body(b, fabs(x), 'r', 0, 0);
}

void cg_complex_repr_into(cg_strbuf *b, cg_cpx z) {
    if (z.re == 0.0 && copysign(1.0, z.re) == 1.0) {
        if (copysign(1.0, z.im) < 0 && !isnan(z.im))
            cg_strbuf_putc(b, '-');
        part_repr(b, z.im);
        cg_strbuf_putc(b, 'j');
        return;
    }
    cg_strbuf_putc(b, '(');
    if (copysign(1.0, z.re) < 0 && !isnan(z.re))
        cg_strbuf_putc(b, '-');
    part_repr(b, z.re);
    cg_strbuf_putc(b, copysign(1.0, z.im) < 0 && !isnan(z.im) ? '-' : '+');
    part_repr(b, z.im);
    cg_strbuf_puts(b, "j)");
}

static cg_value complex_repr(cg_value self) {
    cg_strbuf b = {0};
    cg_complex_repr_into(&b, Z(self));
    return cg_str_from_strbuf(&b);
}

/* format(z, spec): [[fill]align][sign][#][width][.precision][type], type
 * one of "eEfFgGn" or none, as CPython's complex.__format__. */
static cg_value complex_format(cg_value self, const cg_args *a) {
    if (a->npos != 1 || !cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "__format__() argument must be str");
    const char *s = cg_str_cstr(a->pos[0]);
    cg_cpx z = Z(self);
    if (!*s)
        return complex_repr(self);
    char fill = ' ', align = '>', sign = '-', type = 0;
    bool alt = false;
    int64_t width = -1, prec = -1;
    const char *p = s;
    if (p[0] && p[1] && strchr("<>=^", p[1]))
        fill = p[0], align = p[1], p += 2;
    else if (p[0] && strchr("<>=^", p[0]))
        align = *p++;
    if (*p && strchr("+- ", *p))
        sign = *p++;
    if (*p == '#')
        alt = true, p++;
    if (*p == '0')
        return cg_raise(&cg_exc_ValueError, "Zero padding is not allowed in complex format specifier");
    if (*p >= '0' && *p <= '9') {
        width = 0;
        while (*p >= '0' && *p <= '9')
            width = width * 10 + (*p++ - '0');
    }
    if (*p == '.') {
        p++;
        prec = 0;
        while (*p >= '0' && *p <= '9')
            prec = prec * 10 + (*p++ - '0');
    }
    if (*p)
        type = *p++;
    if (*p || (type && !strchr("eEfFgGn", type)))
        return cg_raise(&cg_exc_ValueError, "Unknown format code '%c' for object of type 'complex'", type ? type : *p);
    if (align == '=')
        return cg_raise(&cg_exc_ValueError, "'=' alignment flag is not allowed in complex format specifier");
    cg_strbuf body = {0};
    bool parens = false, skip_re = false;
    char spec[32];
    if (!type && prec < 0) {
        skip_re = z.re == 0.0 && copysign(1.0, z.re) == 1.0;
        parens = !skip_re;
        if (parens)
            cg_strbuf_putc(&body, '(');
        if (!skip_re) {
            if (copysign(1.0, z.re) < 0 && !isnan(z.re))
                cg_strbuf_putc(&body, '-');
            else if (sign != '-')
                cg_strbuf_putc(&body, sign);
            part_repr(&body, z.re);
        }
        if (copysign(1.0, z.im) < 0 && !isnan(z.im))
            cg_strbuf_putc(&body, '-');
        else if (!skip_re)
            cg_strbuf_putc(&body, '+');
        else if (sign != '-')
            cg_strbuf_putc(&body, sign);
        part_repr(&body, z.im);
        cg_strbuf_putc(&body, 'j');
        if (parens)
            cg_strbuf_putc(&body, ')');
    } else {
        char t = type ? type : 'g';
        parens = !type;
        skip_re = !type && z.re == 0.0 && copysign(1.0, z.re) == 1.0;
        if (parens && !skip_re)
            cg_strbuf_putc(&body, '(');
        if (!skip_re) {
            snprintf(spec, sizeof spec, "%s%s.%lld%c", sign == '-' ? "" : (char[]){sign, 0}, alt ? "#" : "",
                     (long long)(prec < 0 ? 6 : prec), t);
            if (cg_format_into(&body, cg_float(z.re), spec, strlen(spec)) < 0)
                goto fail;
        }
        snprintf(spec, sizeof spec, "%s%s.%lld%c", skip_re ? (sign == '-' ? "" : (char[]){sign, 0}) : "+",
                 alt ? "#" : "", (long long)(prec < 0 ? 6 : prec), t);
        if (cg_format_into(&body, cg_float(z.im), spec, strlen(spec)) < 0)
            goto fail;
        cg_strbuf_putc(&body, 'j');
        if (parens && !skip_re)
            cg_strbuf_putc(&body, ')');
    }
    cg_strbuf out = {0};
    int64_t pad = width > (int64_t)body.len ? width - (int64_t)body.len : 0;
    int64_t left = align == '<' ? 0 : align == '^' ? pad / 2 : pad;
    cg_strbuf_repeat(&out, fill, left);
    cg_strbuf_append(&out, body.data ? body.data : "", body.len);
    cg_strbuf_repeat(&out, fill, pad - left);
    cg_strbuf_free(&body);
    return cg_str_from_strbuf(&out);
fail:
    cg_strbuf_free(&body);
    return CG_ERR;
}

/* ---- construction ------------------------------------------------------------------ */

/* CPython's complex(str): spaces around, optional parentheses, then a
 * real, an imaginary, or real+imaginary; "j" alone is 1j. */
static int parse_complex(const char *s, size_t n, cg_cpx *out) {
    const char *e = s + n;
    while (s < e && (*s == ' ' || (*s >= '\t' && *s <= '\r')))
        s++;
    while (e > s && (e[-1] == ' ' || (e[-1] >= '\t' && e[-1] <= '\r')))
        e--;
    if (s < e && *s == '(') {
        if (e[-1] != ')')
            return -1;
        s++, e--;
        while (s < e && (*s == ' ' || (*s >= '\t' && *s <= '\r')))
            s++;
        while (e > s && (e[-1] == ' ' || (e[-1] >= '\t' && e[-1] <= '\r')))
            e--;
    }
    if (s == e)
        return -1;
    /* a float at s: its end, or NULL */
    char buf[256];
    if ((size_t)(e - s) >= sizeof buf)
        return -1;
    memcpy(buf, s, (size_t)(e - s));
    buf[e - s] = 0;
    for (char *c = buf; *c; c++)
        if (*c == ' ' || *c == '_')
            return -1; /* spaces only around; underscores are not for complex() in this subset */
    char *p = buf, *q;
    double x = strtod(p, &q);
    if (q == p) { /* "j", "+j", "-j" */
        double sgn = 1;
        if (*p == '+' || *p == '-')
            sgn = *p++ == '-' ? -1 : 1;
        if ((*p == 'j' || *p == 'J') && p[1] == 0) {
            *out = (cg_cpx){0, sgn};
            return 0;
        }
        return -1;
    }
    if (*q == 0) {
        *out = (cg_cpx){x, 0};
        return 0;
    }
    if ((*q == 'j' || *q == 'J') && q[1] == 0) {
        *out = (cg_cpx){0, x};
        return 0;
    }
    if (*q != '+' && *q != '-')
        return -1;
    char *r;
    double y = strtod(q, &r);
    if (r == q + 1 || r == q) { /* "1+j" */
        if ((q[1] == 'j' || q[1] == 'J') && q[2] == 0) {
            *out = (cg_cpx){x, *q == '-' ? -1.0 : 1.0};
            return 0;
        }
        return -1;
    }
    if ((*r == 'j' || *r == 'J') && r[1] == 0) {
        *out = (cg_cpx){x, y};
        return 0;
    }
    return -1;
}

int cg_complex_value(cg_value v, cg_cpx *out) {
    int k = operand(v, out);
    if (k != 0)
        return k > 0 ? 0 : -1;
    if (cg_is_obj(v)) {
        cg_value m = cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__complex__"));
        if (m.tag != CG_V_STOP && m.tag != CG_V_ERR) {
            cg_value r = cg_call_method(v, "__complex__", 0, NULL);
            if (cg_is_err(r))
                return -1;
            if (!cg_is_complex(r)) {
                cg_raise(&cg_exc_TypeError, "__complex__ returned non-complex (type %s)", cg_type_name(r));
                cg_decref(r);
                return -1;
            }
            *out = Z(r);
            cg_decref(r);
            return 0;
        }
        bool has = cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__float__")).tag != CG_V_STOP
                   || cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__index__")).tag != CG_V_STOP;
        double d;
        if (has && !cg_is_str(v)) {
            if (cg_float_value(v, &d) < 0)
                return -1;
            *out = (cg_cpx){d, 0};
            return 0;
        }
    }
    return cg_raise_int(&cg_exc_TypeError, "must be real number, not %s", cg_type_name(v));
}

static bool is_complex_like(cg_value v) {
    return cg_is_complex(v)
           || (cg_is_obj(v) && cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__complex__")).tag != CG_V_STOP);
}

static cg_value complex_new_(cg_type *type, const cg_args *a) {
    static const cg_method_def def = {"complex", NULL, "complex(real=0, imag=0)", NULL};
    cg_value arg[2];
    if (cg_args_bind(&def, a, arg, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    bool have_imag = a->npos > 1;
    for (int k = 0; k < a->nkw; k++)
        have_imag |= strcmp(a->kwn[k]->s, "imag") == 0;
    cg_cpx x = {0, 0}, y = {0, 0};
    if (cg_is_str(arg[0])) {
        if (have_imag) {
            cg_raise(&cg_exc_TypeError, "complex() can't take second arg if first is a string");
            goto out;
        }
        if (parse_complex(cg_str_cstr(arg[0]), (size_t)cg_as_str(arg[0])->len, &x) < 0) {
            cg_raise(&cg_exc_ValueError, "complex() arg is a malformed string");
            goto out;
        }
        r = cg_complex_new(x.re, x.im);
        goto out;
    }
    if (cg_is_str(arg[1])) {
        cg_raise(&cg_exc_TypeError, "complex() second arg can't be a string");
        goto out;
    }
    if (cg_complex_value(arg[0], &x) < 0) {
        cg_exc_clear();
        cg_raise(&cg_exc_TypeError, "complex() first argument must be a string or a number, not '%s'",
                 cg_type_name(arg[0]));
        goto out;
    }
    if (have_imag && cg_complex_value(arg[1], &y) < 0) {
        cg_exc_clear();
        cg_raise(&cg_exc_TypeError, "complex() second argument must be a number, not '%s'", cg_type_name(arg[1]));
        goto out;
    }
    /* real + imag*1j, where only complex parts add terms, so that the
     * signs of zeros stay as given: complex(1, -0.0) is (1-0j) */
    if (!have_imag)
        r = cg_complex_new(x.re, x.im);
    else
        r = cg_complex_new(is_complex_like(arg[1]) ? x.re - y.im : x.re, is_complex_like(arg[0]) ? y.re + x.im : y.re);
out:
    cg_args_release(&def, arg, 2);
    if (!cg_is_err(r))
        r.u.o->type = type;
    return r;
}

static void complex_dealloc(cg_obj *o) { free(o); }

static cg_value complex_getattr(cg_value self, cg_str *name) {
    if (!strcmp(name->s, "real"))
        return cg_float(Z(self).re);
    if (!strcmp(name->s, "imag"))
        return cg_float(Z(self).im);
    return CG_STOP;
}

static cg_value complex_conjugate(cg_value self, const cg_args *a) { return cg_complex_new(Z(self).re, -Z(self).im); }

static cg_value complex_abs(cg_value self, const cg_args *a) {
    cg_cpx z = Z(self);
    double r = hypot(z.re, z.im);
    if (isinf(r) && isfinite(z.re) && isfinite(z.im))
        return cg_raise(&cg_exc_OverflowError, "absolute value too large");
    return cg_float(r);
}

static cg_value complex_self(cg_value self, const cg_args *a) { return cg_complex_new(Z(self).re, Z(self).im); }

static const cg_method_def complex_methods[] = {
    {"conjugate", complex_conjugate, "conjugate()", "Return the complex conjugate of its argument."},
    {"__abs__", complex_abs, NULL, NULL},
    {"__format__", complex_format, NULL, NULL},
    {"__complex__", complex_self, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

cg_type cg_type_complex = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "complex",
    .module = "builtins",
    .base = &cg_type_object,
    .basicsize = sizeof(cg_complex),
    .dealloc = complex_dealloc,
    .repr = complex_repr,
    .hash = complex_hash,
    .compare = complex_compare,
    .binary = complex_binary,
    .unary = complex_unary,
    .truth = complex_truth,
    .getattr = complex_getattr,
    .new_ = complex_new_,
};

int cg_complex_type_init(void) { return cg_type_add_methods(&cg_type_complex, complex_methods); }
