/* format.c: Python's formatting of values as text, three ways:
 *   - the format-spec mini-language ([[fill]align][sign][z][#][0][width]
 *     [grouping][.precision][type]) for int, float and str, as CPython's
 *     Python/formatter_unicode.c lays numbers out (padding, signs, prefixes,
 *     grouped zero padding);
 *   - str.format's replacement fields ({0.x[1]!r:{w}}), as
 *     Objects/stringlib/unicode_format.h parses them;
 *   - printf-style `%` formatting (PyUnicode_Format).
 * Messages are CPython 3.11's. Float digits come from float_repr.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/float_repr.h"
#include "runtime/format.h"
#include "runtime/lang_internal.h"

/* ---- the spec --------------------------------------------------------------- */

typedef struct {
    char fill[5]; /* UTF-8 of the fill character */
    char align;   /* '<' '>' '^' '=' or 0 */
    char sign;    /* '+' '-' ' ' or 0 */
    bool no_neg_0, alt, fill_given;
    int64_t width;     /* -1: none */
    char grouping;     /* ',' '_' or 0 */
    int group_size;    /* 3, or 4 for '_' with b/o/x/X */
    int64_t precision; /* -1: none */
    char type;         /* 0: none */
} spec_t;

static bool is_align(uint32_t c) { return c == '<' || c == '>' || c == '^' || c == '='; }

static cg_value raise_invalid_spec(const char *s, size_t n, const char *tname) {
    return cg_raise(&cg_exc_ValueError, "Invalid format specifier '%.*s' for object of type '%s'", (int)n, s, tname);
}

/* Reads a decimal count; -1 when too long, as CPython's get_integer. */
static int read_count(const char *s, size_t n, size_t *pos, int64_t *out) {
    int64_t v = 0;
    size_t start = *pos;
    while (*pos < n && s[*pos] >= '0' && s[*pos] <= '9') {
        if (v > (INT64_MAX - 9) / 10) {
            cg_raise(&cg_exc_ValueError, "Too many decimal digits in format string");
            return -1;
        }
        v = v * 10 + (s[(*pos)++] - '0');
    }
    *out = v;
    return (int)(*pos - start);
}

/* default_type: what no type means for the grouping check ('d' for ints,
 * 's' for strs, none for floats), as CPython's parser is told. */
static int parse_spec(const char *s, size_t n, char default_align, char default_type, const char *tname, spec_t *f) {
    memset(f, 0, sizeof *f);
    f->fill[0] = ' ';
    f->width = f->precision = -1;
    f->align = default_align;
    size_t pos = 0;
    bool align_given = false;
    if (n > 0) {
        int64_t i = 0;
        cg_cp_next(s, (int64_t)n, &i); /* the first code point might be a fill */
        if ((size_t)i < n && is_align((unsigned char)s[i])) {
            memcpy(f->fill, s, (size_t)i);
            f->fill[i] = '\0';
            f->align = s[i];
            f->fill_given = align_given = true;
            pos = (size_t)i + 1;
        } else if (is_align((unsigned char)s[0])) {
            f->align = s[0];
            align_given = true;
            pos = 1;
        }
    }
    if (pos < n && (s[pos] == '+' || s[pos] == '-' || s[pos] == ' '))
        f->sign = s[pos++];
    if (pos < n && s[pos] == 'z')
        f->no_neg_0 = true, pos++;
    if (pos < n && s[pos] == '#')
        f->alt = true, pos++;
    if (!f->fill_given && pos < n && s[pos] == '0') {
        strcpy(f->fill, "0");
        if (!align_given && default_align == '>')
            f->align = '=';
        pos++;
    }
    int c = read_count(s, n, &pos, &f->width);
    if (c < 0)
        return -1;
    if (c == 0)
        f->width = -1;
    if (pos < n && s[pos] == ',')
        f->grouping = ',', pos++;
    if (pos < n && s[pos] == '_') {
        if (f->grouping)
            return cg_raise_int(&cg_exc_ValueError, "Cannot specify both ',' and '_'.");
        f->grouping = '_';
        pos++;
    }
    if (pos < n && s[pos] == ',' && f->grouping == '_')
        return cg_raise_int(&cg_exc_ValueError, "Cannot specify both ',' and '_'.");
    if (pos < n && s[pos] == '.') {
        pos++;
        c = read_count(s, n, &pos, &f->precision);
        if (c < 0)
            return -1;
        if (c == 0)
            return cg_raise_int(&cg_exc_ValueError, "Format specifier missing precision");
    }
    if (n - pos > 1) {
        raise_invalid_spec(s, n, tname);
        return -1;
    }
    if (n - pos == 1)
        f->type = s[pos];
    f->group_size = 3;
    if (f->grouping) {
        switch (f->type ? f->type : default_type) {
        case 'd':
        case 'e':
        case 'f':
        case 'g':
        case 'E':
        case 'G':
        case '%':
        case 'F':
        case 0: break;
        case 'b':
        case 'o':
        case 'x':
        case 'X':
            if (f->grouping == '_') {
                f->group_size = 4;
                break;
            }
            /* fall through */
        default: {
            char t = f->type ? f->type : default_type;
            if (t > 32 && t < 127)
                return cg_raise_int(&cg_exc_ValueError, "Cannot specify '%c' with '%c'.", f->grouping, t);
            return cg_raise_int(&cg_exc_ValueError, "Cannot specify '%c' with '\\x%x'.", f->grouping, (unsigned char)t);
        }
        }
    }
    return 0;
}

static cg_value raise_unknown_code(char type, const char *tname) {
    if (type > 32 && type < 127)
        return cg_raise(&cg_exc_ValueError, "Unknown format code '%c' for object of type '%s'", type, tname);
    return cg_raise(&cg_exc_ValueError, "Unknown format code '\\x%x' for object of type '%s'", (unsigned char)type,
                    tname);
}

static void put_fill(cg_strbuf *b, const char *fill, int64_t n) {
    if (fill[1] == '\0') {
        cg_strbuf_repeat(b, fill[0], n);
        return;
    }
    for (int64_t i = 0; i < n; i++)
        cg_strbuf_puts(b, fill);
}

/* ---- laying out a number (calc_number_widths and fill_number) ------------ */

/* Appends digits grouped by `size` with separator sep, zero-padded to at
 * least min_width characters, as _PyUnicode_InsertThousandsGrouping does
 * (so "010," pads 1234 to "00,001,234"). size 0: no grouping. */
static void put_grouped(cg_strbuf *b, const char *d, int64_t nd, int64_t min_width, int size, char sep) {
    int64_t cap = nd + (min_width > 0 ? min_width : 0) + 8;
    cap += size ? cap / size + 1 : 0;
    char *tmp = malloc((size_t)cap), *p = tmp + cap; /* written right to left */
    if (!tmp) {
        b->failed = true;
        return;
    }
    int64_t remaining = nd;
    bool use_sep = false, broken = false;
    while (size > 0) {
        int64_t l = remaining > min_width ? remaining : min_width;
        if (l < 1)
            l = 1;
        if (l > size)
            l = size;
        int64_t zeros = l - remaining > 0 ? l - remaining : 0;
        int64_t chars = remaining < l ? remaining : l;
        if (chars < 0)
            chars = 0;
        if (use_sep)
            *--p = sep;
        p -= chars;
        memcpy(p, d + remaining - chars, (size_t)chars);
        p -= zeros;
        memset(p, '0', (size_t)zeros);
        use_sep = true;
        remaining -= chars;
        min_width -= l;
        if (remaining <= 0 && min_width <= 0) {
            broken = true;
            break;
        }
        min_width -= 1;
    }
    if (!broken) {
        int64_t l = remaining > min_width ? remaining : min_width;
        if (l < 1)
            l = 1;
        int64_t zeros = l - remaining > 0 ? l - remaining : 0;
        int64_t chars = remaining < l ? remaining : l;
        if (chars < 0)
            chars = 0;
        if (use_sep)
            *--p = sep;
        p -= chars;
        memcpy(p, d + remaining - chars, (size_t)chars);
        p -= zeros;
        memset(p, '0', (size_t)zeros);
    }
    cg_strbuf_append(b, p, (size_t)(tmp + cap - p));
    free(tmp);
}

static int64_t grouped_len(int64_t nd, int64_t min_width, int size) {
    cg_strbuf t = {0};
    char *zeros = calloc(1, (size_t)nd + 1);
    if (!zeros)
        return nd;
    memset(zeros, '0', (size_t)nd);
    put_grouped(&t, zeros, nd, min_width, size, ',');
    int64_t n = (int64_t)t.len;
    free(zeros);
    cg_strbuf_free(&t);
    return n;
}

/* [lpad][sign][prefix][spad][grouped digits][rest][rpad]: rest is the
 * point, fraction, exponent or '%' (rest_cps code points). */
static void layout_number(cg_strbuf *b, const spec_t *f, char sign_char, const char *prefix, const char *d, int64_t nd,
                          const char *rest, size_t rest_bytes, int64_t rest_cps) {
    int64_t n_sign = sign_char ? 1 : 0, n_prefix = (int64_t)strlen(prefix);
    int64_t non_digit = n_sign + n_prefix + rest_cps;
    int64_t min_width = strcmp(f->fill, "0") == 0 && f->align == '=' ? f->width - non_digit : 0;
    int size = f->grouping ? f->group_size : 0;
    int64_t ng = nd ? grouped_len(nd, min_width, size) : 0;
    int64_t pad = f->width - (non_digit + ng), lpad = 0, spad = 0, rpad = 0;
    if (pad > 0) {
        switch (f->align) {
        case '<': rpad = pad; break;
        case '^':
            lpad = pad / 2;
            rpad = pad - lpad;
            break;
        case '=': spad = pad; break;
        default: lpad = pad; break;
        }
    }
    put_fill(b, f->fill, lpad);
    if (sign_char)
        cg_strbuf_putc(b, sign_char);
    cg_strbuf_puts(b, prefix);
    put_fill(b, f->fill, spad);
    if (nd)
        put_grouped(b, d, nd, min_width, size, f->grouping ? f->grouping : ',');
    cg_strbuf_append(b, rest, rest_bytes);
    put_fill(b, f->fill, rpad);
}

static char sign_for(bool negative, char spec_sign) {
    if (negative)
        return '-';
    return spec_sign == '+' ? '+' : spec_sign == ' ' ? ' ' : 0;
}

/* ---- int, float, str ------------------------------------------------------ */

static int format_float_spec(cg_strbuf *b, double x, const spec_t *f0, const char *tname);

/* Digits of |v| in base (lowercase unless upper), into buf (>= 65 bytes). */
static int utoa(uint64_t u, int base, bool upper, char *buf) {
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char tmp[65];
    int n = 0;
    do {
        tmp[n++] = dig[u % (uint64_t)base];
        u /= (uint64_t)base;
    } while (u);
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return n;
}

/* The digits of |v| (an int of either form) in base, into d (a strbuf's
 * memory the caller frees); their count, or -1 with an exception. */
static int64_t int_digits(cg_strbuf *d, cg_value v, int base, bool upper) {
    if (cg_is_bigint(v))
        return cg_int_digits_into(d, v, base, upper) < 0 ? -1 : (int64_t)d->len;
    uint64_t u = v.u.i < 0 ? (uint64_t)0 - (uint64_t)v.u.i : (uint64_t)v.u.i;
    char buf[66];
    int nd = utoa(u, base, upper, buf);
    cg_strbuf_append(d, buf, (size_t)nd);
    return nd;
}

static bool int_negative(cg_value v) { return cg_is_bigint(v) ? mpz_sgn(cg_bigint_mpz(v)) < 0 : v.u.i < 0; }

static int format_int_spec(cg_strbuf *b, cg_value v, const spec_t *f, const char *tname) {
    double x;
    switch (f->type) {
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case '%': return cg_float_value(v, &x) < 0 ? -1 : format_float_spec(b, x, f, tname);
    case 'b':
    case 'c':
    case 'd':
    case 'o':
    case 'x':
    case 'X':
    case 'n':
    case 0: break;
    default: raise_unknown_code(f->type, tname); return -1;
    }
    if (f->precision != -1)
        return cg_raise_int(&cg_exc_ValueError, "Precision not allowed in integer format specifier");
    if (f->no_neg_0)
        return cg_raise_int(&cg_exc_ValueError, "Negative zero coercion (z) not allowed in integer format specifier");
    if (f->type == 'c') {
        if (f->sign)
            return cg_raise_int(&cg_exc_ValueError, "Sign not allowed with integer format specifier 'c'");
        if (f->alt)
            return cg_raise_int(&cg_exc_ValueError, "Alternate form (#) not allowed with integer format specifier 'c'");
        if (cg_is_bigint(v))
            return cg_raise_int(&cg_exc_OverflowError, "Python int too large to convert to C long");
        if (v.u.i < 0 || v.u.i > 0x10FFFF)
            return cg_raise_int(&cg_exc_OverflowError, "%%c arg not in range(0x110000)");
        char ch[5] = {0};
        int nb = cg_cp_encode((uint32_t)v.u.i, ch);
        layout_number(b, f, 0, "", "", 0, ch, (size_t)nb, 1);
        return 0;
    }
    int base = f->type == 'b' ? 2 : f->type == 'o' ? 8 : (f->type == 'x' || f->type == 'X') ? 16 : 10;
    const char *prefix = "";
    if (f->alt)
        prefix = base == 2 ? "0b" : base == 8 ? "0o" : base == 16 ? (f->type == 'X' ? "0X" : "0x") : "";
    cg_strbuf d = {0};
    int64_t nd = int_digits(&d, v, base, f->type == 'X');
    if (nd >= 0)
        layout_number(b, f, sign_for(int_negative(v), f->sign), prefix, d.data, nd, "", 0, 0);
    cg_strbuf_free(&d);
    return nd < 0 ? -1 : 0;
}

/* Is the body a number (not inf or nan) with only zeros before any exponent? */
static bool all_zero(const char *s) {
    if (*s < '0' || *s > '9')
        return false;
    for (; *s && *s != 'e' && *s != 'E'; s++)
        if (*s >= '1' && *s <= '9')
            return false;
    return true;
}

static int format_float_spec(cg_strbuf *b, double x, const spec_t *f, const char *tname) {
    char type = f->type;
    switch (type) {
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'n':
    case '%':
    case 0: break;
    default: raise_unknown_code(type, tname); return -1;
    }
    if (f->precision > 2147483647)
        return cg_raise_int(&cg_exc_ValueError, "precision too big");
    unsigned flags = f->alt ? CG_FF_ALT : 0;
    int64_t default_precision = 6;
    char code = type;
    if (type == 0) {
        flags |= CG_FF_ADD_DOT_0;
        code = 'r';
        default_precision = 0;
    }
    if (type == 'n')
        code = 'g';
    bool pct = type == '%';
    if (pct) {
        code = 'f';
        x *= 100;
    }
    int64_t precision = f->precision;
    if (precision < 0)
        precision = default_precision;
    else if (code == 'r')
        code = 'g';
    if (code == 'E' || code == 'F' || code == 'G') {
        flags |= CG_FF_UPPER;
        code = (char)(code + 32);
    }
    cg_strbuf body = {0};
    cg_float_body(&body, fabs(x), code, (int)precision, flags);
    if (pct)
        cg_strbuf_putc(&body, '%');
    if (body.failed) {
        cg_strbuf_free(&body);
        cg_raise_nomemory();
        return -1;
    }
    bool negative = signbit(x) && !isnan(x);
    if (negative && f->no_neg_0 && all_zero(body.data))
        negative = false;
    int64_t nd = 0;
    while (body.data[nd] >= '0' && body.data[nd] <= '9')
        nd++;
    const char *rest = body.data + nd;
    layout_number(b, f, sign_for(negative, f->sign), "", body.data, nd, rest, strlen(rest), (int64_t)strlen(rest));
    cg_strbuf_free(&body);
    return 0;
}

static int format_str_spec(cg_strbuf *b, const cg_str *s, const spec_t *f, const char *tname) {
    if (f->type != 's' && f->type != 0) {
        raise_unknown_code(f->type, tname);
        return -1;
    }
    if (f->sign == ' ')
        return cg_raise_int(&cg_exc_ValueError, "Space not allowed in string format specifier");
    if (f->sign)
        return cg_raise_int(&cg_exc_ValueError, "Sign not allowed in string format specifier");
    if (f->no_neg_0)
        return cg_raise_int(&cg_exc_ValueError, "Negative zero coercion (z) not allowed in string format specifier");
    if (f->alt)
        return cg_raise_int(&cg_exc_ValueError, "Alternate form (#) not allowed in string format specifier");
    if (f->align == '=')
        return cg_raise_int(&cg_exc_ValueError, "'=' alignment not allowed in string format specifier");
    int64_t ncp = s->ncp, nbytes = s->len;
    if (f->precision >= 0 && f->precision < ncp) {
        ncp = f->precision;
        nbytes = cg_str_offset(s, ncp);
    }
    int64_t pad = f->width > ncp ? f->width - ncp : 0, lpad = 0, rpad = 0;
    if (f->align == '>')
        lpad = pad;
    else if (f->align == '^')
        lpad = pad / 2, rpad = pad - lpad;
    else
        rpad = pad;
    put_fill(b, f->fill, lpad);
    cg_strbuf_append(b, s->s, (size_t)nbytes);
    put_fill(b, f->fill, rpad);
    return 0;
}

/* ---- format(v, spec) -------------------------------------------------------- */

/* object.__format__: str(v), one call level deeper, as CPython calls the
 * builtin method (Note [One recursion counter]). */
static int default_format_into(cg_strbuf *b, cg_value v, size_t n) {
    if (n > 0) {
        cg_raise(&cg_exc_TypeError, "unsupported format string passed to %s.__format__", cg_type_name(v));
        return -1;
    }
    if (cg_recursion_enter(CG_IN_CALL) < 0)
        return -1;
    int rc = cg_str_into(b, v);
    cg_recursion_leave();
    return rc;
}

int cg_format_into(cg_strbuf *b, cg_value v, const char *s, size_t n) {
    spec_t f;
    const char *tname = cg_type_name(v);
    switch (v.tag) {
    case CG_V_BOOL:
        if (n == 0)
            return cg_str_into(b, v);
        /* a spec formats a bool as the int it is */
        __attribute__((fallthrough));
    case CG_V_INT:
        if (n == 0)
            return cg_repr_into(b, cg_int(v.u.i));
        if (parse_spec(s, n, '>', 'd', tname, &f) < 0)
            return -1;
        return format_int_spec(b, cg_int(v.u.i), &f, tname);
    case CG_V_FLOAT:
        if (n == 0) {
            cg_float_repr_into(b, v.u.f);
            return 0;
        }
        if (parse_spec(s, n, '>', 0, tname, &f) < 0)
            return -1;
        return format_float_spec(b, v.u.f, &f, tname);
    case CG_V_NONE: return default_format_into(b, v, n);
    default: break;
    }
    if (cg_is_bigint(v)) {
        if (n == 0)
            return cg_repr_into(b, v);
        if (parse_spec(s, n, '>', 'd', tname, &f) < 0)
            return -1;
        return format_int_spec(b, v, &f, tname);
    }
    cg_type *t = cg_typeof(v);
    if (t == &cg_type_str) {
        if (n == 0)
            return cg_str_into(b, v);
        if (parse_spec(s, n, '<', 's', tname, &f) < 0)
            return -1;
        return format_str_spec(b, cg_as_str(v), &f, tname);
    }
    cg_value m = cg_type_lookup_borrowed(t, cg_str_intern("__format__"));
    if (m.tag == CG_V_STOP || m.tag == CG_V_ERR)
        return default_format_into(b, v, n);
    cg_value spec = cg_str_new(s, n);
    if (cg_is_err(spec))
        return -1;
    cg_value r = cg_call2(m, v, spec);
    cg_decref(spec);
    if (cg_is_err(r))
        return -1;
    if (!cg_is_str(r)) {
        cg_raise(&cg_exc_TypeError, "__format__ must return a str, not %s", cg_type_name(r));
        cg_decref(r);
        return -1;
    }
    cg_strbuf_append(b, cg_str_cstr(r), (size_t)cg_as_str(r)->len);
    cg_decref(r);
    return 0;
}

cg_value cg_format(cg_value v, cg_value spec) {
    if (!cg_is_str(spec))
        return cg_raise(&cg_exc_TypeError, "format() argument 2 must be str, not %s", cg_type_name(spec));
    if (cg_as_str(spec)->len == 0 && cg_is_type(v, &cg_type_str))
        return cg_incref(v);
    cg_strbuf b = {0};
    if (cg_format_into(&b, v, cg_str_cstr(spec), (size_t)cg_as_str(spec)->len) < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&b);
}

/* ---- str.format ----------------------------------------------------------- */

typedef struct {
    const cg_args *args;
    int auto_index; /* next automatic field number; -1: manual in use */
    bool manual;
} fmt_state;

static cg_value field_lookup_kw(const cg_args *a, const char *name, size_t n) {
    for (int k = 0; k < a->nkw; k++)
        if ((size_t)a->kwn[k]->len == n && memcmp(a->kwn[k]->s, name, n) == 0)
            return cg_incref(a->kwv[k]);
    cg_value key = cg_str_new(name, n);
    if (cg_is_err(key))
        return key;
    cg_raise_value(&cg_exc_KeyError, key);
    cg_decref(key);
    return CG_ERR;
}

static bool all_digits(const char *s, size_t n) {
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

static int64_t digits_value(const char *s, size_t n) {
    int64_t v = 0;
    for (size_t i = 0; i < n && v < INT64_MAX / 10 - 10; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

/* The object a field name ("0", "", "name", "0.x[1]") designates. */
static cg_value field_value(fmt_state *st, const char *s, size_t n) {
    size_t i = 0;
    while (i < n && s[i] != '.' && s[i] != '[')
        i++;
    cg_value obj;
    if (i == 0 || all_digits(s, i)) {
        int64_t index;
        if (i == 0) {
            if (st->manual)
                return cg_raise(&cg_exc_ValueError,
                                "cannot switch from manual field specification to automatic field numbering");
            index = st->auto_index++;
        } else {
            if (st->auto_index > 0)
                return cg_raise(&cg_exc_ValueError,
                                "cannot switch from automatic field numbering to manual field specification");
            st->manual = true;
            index = digits_value(s, i);
        }
        if (index >= st->args->npos)
            return cg_raise(&cg_exc_IndexError, "Replacement index %lld out of range for positional args tuple",
                            (long long)index);
        obj = cg_incref(st->args->pos[index]);
    } else {
        obj = field_lookup_kw(st->args, s, i);
        if (cg_is_err(obj))
            return obj;
    }
    while (i < n) {
        cg_value next;
        if (s[i] == '.') {
            size_t j = ++i;
            while (i < n && s[i] != '.' && s[i] != '[')
                i++;
            if (i == j) {
                cg_decref(obj);
                return cg_raise(&cg_exc_ValueError, "Empty attribute in format string");
            }
            cg_str *name = cg_str_intern_n(s + j, i - j);
            next = name ? cg_getattr(obj, name) : cg_raise_nomemory();
        } else if (s[i] == '[') {
            size_t j = ++i;
            while (i < n && s[i] != ']')
                i++;
            if (i == n) {
                cg_decref(obj);
                return cg_raise(&cg_exc_ValueError, "Missing ']' in format string");
            }
            if (i == j) {
                cg_decref(obj);
                return cg_raise(&cg_exc_ValueError, "Empty attribute in format string");
            }
            cg_value key = all_digits(s + j, i - j) ? cg_int(digits_value(s + j, i - j)) : cg_str_new(s + j, i - j);
            i++;
            next = cg_is_err(key) ? key : cg_getitem(obj, key);
            cg_decref(key);
            if (i < n && s[i] != '.' && s[i] != '[') {
                cg_decref(obj);
                cg_decref(next);
                return cg_raise(&cg_exc_ValueError, "Only '.' or '[' may follow ']' in format field specifier");
            }
        } else {
            cg_decref(obj);
            return cg_raise(&cg_exc_ValueError, "Only '.' or '[' may follow ']' in format field specifier");
        }
        cg_decref(obj);
        if (cg_is_err(next))
            return next;
        obj = next;
    }
    return obj;
}

static int render(cg_strbuf *b, fmt_state *st, const char *s, size_t n, int depth);

/* One replacement field: s[*pos] is just past its '{'. */
static int render_field(cg_strbuf *b, fmt_state *st, const char *s, size_t n, size_t *pos, int depth) {
    size_t i = *pos, name_start = i;
    char c = 0;
    while (i < n) {
        c = s[i++];
        if (c == '[') {
            while (i < n && s[i] != ']')
                i++;
            continue;
        }
        if (c == '{')
            return cg_raise_int(&cg_exc_ValueError, "unexpected '{' in field name");
        if (c == '}' || c == ':' || c == '!')
            break;
    }
    if (i >= n && !(c == '}' || c == ':' || c == '!'))
        return cg_raise_int(&cg_exc_ValueError, "expected '}' before end of string");
    size_t name_end = i - 1;
    char conv = 0;
    size_t spec_start = i, spec_end = i;
    if (c == '!') {
        if (i >= n)
            return cg_raise_int(&cg_exc_ValueError, "end of string while looking for conversion specifier");
        conv = s[i++];
        if (i >= n)
            return cg_raise_int(&cg_exc_ValueError, "unmatched '{' in format spec");
        c = s[i++];
        if (c != '}' && c != ':')
            return cg_raise_int(&cg_exc_ValueError, "expected ':' after conversion specifier");
        spec_start = spec_end = i;
    }
    bool expand = false;
    if (c == ':') {
        int count = 1;
        spec_start = i;
        while (i < n) {
            char d = s[i++];
            if (d == '{')
                count++, expand = true;
            else if (d == '}' && --count == 0)
                break;
        }
        if (count > 0)
            return cg_raise_int(&cg_exc_ValueError, "unmatched '{' in format spec");
        spec_end = i - 1;
    }
    *pos = i;
    cg_value obj = field_value(st, s + name_start, name_end - name_start);
    if (cg_is_err(obj))
        return -1;
    if (conv) {
        cg_value conv_obj;
        if (conv == 'r')
            conv_obj = cg_repr(obj);
        else if (conv == 'a')
            conv_obj = cg_ascii(obj);
        else if (conv == 's')
            conv_obj = cg_to_str(obj);
        else {
            cg_decref(obj);
            return cg_raise_int(&cg_exc_ValueError, "Unknown conversion specifier %c", conv);
        }
        cg_decref(obj);
        if (cg_is_err(conv_obj))
            return -1;
        obj = conv_obj;
    }
    int rc;
    if (expand) {
        cg_strbuf spec = {0};
        rc = render(&spec, st, s + spec_start, spec_end - spec_start, depth - 1);
        if (rc == 0)
            rc = cg_format_into(b, obj, spec.data ? spec.data : "", spec.len);
        cg_strbuf_free(&spec);
    } else {
        rc = cg_format_into(b, obj, s + spec_start, spec_end - spec_start);
    }
    cg_decref(obj);
    return rc;
}

static int render(cg_strbuf *b, fmt_state *st, const char *s, size_t n, int depth) {
    if (depth <= 0)
        return cg_raise_int(&cg_exc_ValueError, "Max string recursion exceeded");
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == '}') {
            if (i + 1 < n && s[i + 1] == '}') {
                cg_strbuf_putc(b, '}');
                i += 2;
                continue;
            }
            return cg_raise_int(&cg_exc_ValueError, "Single '}' encountered in format string");
        }
        if (c == '{') {
            if (i + 1 >= n)
                return cg_raise_int(&cg_exc_ValueError, "Single '{' encountered in format string");
            if (s[i + 1] == '{') {
                cg_strbuf_putc(b, '{');
                i += 2;
                continue;
            }
            i++;
            if (render_field(b, st, s, n, &i, depth) < 0)
                return -1;
            continue;
        }
        size_t j = i;
        while (j < n && s[j] != '{' && s[j] != '}')
            j++;
        cg_strbuf_append(b, s + i, j - i);
        i = j;
    }
    return 0;
}

cg_value cg_str_format(cg_value fmt, const cg_args *args) {
    fmt_state st = {.args = args};
    cg_strbuf b = {0};
    if (render(&b, &st, cg_str_cstr(fmt), (size_t)cg_as_str(fmt)->len, 2) < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&b);
}

/* ---- printf-style % ------------------------------------------------------ */

typedef struct {
    const cg_value *items;
    int64_t n, next;
    cg_value mapping; /* CG_STOP when args is not a mapping */
} pct_args;

static cg_value pct_next(pct_args *a) {
    if (a->next >= a->n)
        return cg_raise(&cg_exc_TypeError, "not enough arguments for format string");
    return a->items[a->next++];
}

/* %d %i %u: an int (new reference, either form) from an int, a float
 * (truncated) or __int__; %x %o: from an int or __index__. */
static cg_value pct_int(cg_value v, char conv) {
    if (cg_is_int(v))
        return cg_index(v);
    if (conv == 'x' || conv == 'X' || conv == 'o') {
        if (v.tag == CG_V_FLOAT || (cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__index__")).tag == CG_V_STOP))
            return cg_raise(&cg_exc_TypeError, "%%%c format: an integer is required, not %s", conv, cg_type_name(v));
        return cg_index(v);
    }
    if (v.tag == CG_V_FLOAT || cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__int__")).tag != CG_V_STOP
        || cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__index__")).tag != CG_V_STOP)
        return cg_int_of(v);
    return cg_raise(&cg_exc_TypeError, "%%%c format: a real number is required, not %s", conv, cg_type_name(v));
}

typedef struct {
    bool left, plus, space, alt, zero;
    int64_t width, prec;
} pct_flags;

/* sign, prefix, body (body_len bytes, NULs included): zero-padded
 * between prefix and body, or space-padded on the left or right. */
static void pct_pad(cg_strbuf *b, const pct_flags *fl, char sign, const char *prefix, const char *body,
                    size_t body_len, int64_t body_cps, bool numeric) {
    int64_t len = (sign ? 1 : 0) + (int64_t)strlen(prefix) + body_cps;
    int64_t pad = fl->width > len ? fl->width - len : 0;
    if (!fl->left && !(fl->zero && numeric))
        cg_strbuf_repeat(b, ' ', pad);
    if (sign)
        cg_strbuf_putc(b, sign);
    cg_strbuf_puts(b, prefix);
    if (!fl->left && fl->zero && numeric)
        cg_strbuf_repeat(b, '0', pad);
    cg_strbuf_append(b, body, body_len);
    if (fl->left)
        cg_strbuf_repeat(b, ' ', pad);
}

static char pct_sign(bool negative, const pct_flags *fl) {
    return negative ? '-' : fl->plus ? '+' : fl->space ? ' ' : 0;
}

static int pct_one(cg_strbuf *b, char conv, cg_value v, const pct_flags *fl) {
    switch (conv) {
    case 's':
    case 'r':
    case 'a': {
        cg_value s = conv == 's' ? cg_to_str(v) : conv == 'r' ? cg_repr(v) : cg_ascii(v);
        if (cg_is_err(s))
            return -1;
        const cg_str *o = cg_as_str(s);
        int64_t ncp = o->ncp, nb = o->len;
        if (fl->prec >= 0 && fl->prec < ncp)
            ncp = fl->prec, nb = cg_str_offset(o, ncp);
        pct_pad(b, fl, 0, "", o->s, (size_t)nb, ncp, false);
        cg_decref(s);
        return 0;
    }
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o': {
        cg_value i = pct_int(v, conv);
        if (cg_is_err(i))
            return -1;
        int base = conv == 'o' ? 8 : (conv == 'x' || conv == 'X') ? 16 : 10;
        cg_strbuf d = {0};
        int64_t nd = int_digits(&d, i, base, conv == 'X');
        bool neg = int_negative(i);
        cg_decref(i);
        if (nd < 0)
            return cg_strbuf_free(&d), -1;
        cg_strbuf body = {0};
        if (fl->prec > nd)
            cg_strbuf_repeat(&body, '0', fl->prec - nd);
        cg_strbuf_append(&body, d.data, d.len);
        cg_strbuf_free(&d);
        const char *prefix = !fl->alt ? "" : base == 8 ? "0o" : conv == 'x' ? "0x" : conv == 'X' ? "0X" : "";
        pct_pad(b, fl, pct_sign(neg, fl), prefix, body.data ? body.data : "", body.len, (int64_t)body.len, true);
        cg_strbuf_free(&body);
        return 0;
    }
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
        double x;
        if (cg_float_value(v, &x) < 0)
            return -1;
        unsigned flags = (fl->alt ? CG_FF_ALT : 0) | (conv < 'a' ? CG_FF_UPPER : 0);
        cg_strbuf body = {0};
        cg_float_body(&body, fabs(x), (char)(conv | 32), fl->prec < 0 ? 6 : (int)fl->prec, flags);
        if (body.failed)
            return cg_strbuf_free(&body), cg_raise_nomemory(), -1;
        pct_pad(b, fl, pct_sign(signbit(x) && !isnan(x), fl), "", body.data, body.len, (int64_t)body.len, true);
        cg_strbuf_free(&body);
        return 0;
    }
    case 'c': {
        char ch[5] = {0};
        if (cg_is_str(v)) {
            if (cg_as_str(v)->ncp != 1)
                return cg_raise_int(&cg_exc_TypeError, "%%c requires int or char");
            memcpy(ch, cg_str_cstr(v), (size_t)cg_as_str(v)->len);
        } else if (v.tag == CG_V_INT || v.tag == CG_V_BOOL) {
            if (v.u.i < 0 || v.u.i > 0x10FFFF)
                return cg_raise_int(&cg_exc_OverflowError, "%%c arg not in range(0x110000)");
            cg_cp_encode((uint32_t)v.u.i, ch);
        } else {
            return cg_raise_int(&cg_exc_TypeError, "%%c requires int or char");
        }
        pct_pad(b, fl, 0, "", ch, ch[0] ? strlen(ch) : 1, 1, false); /* %c of 0 is one NUL */
        return 0;
    }
    default: return 0;
    }
}

/* A '*' width or precision: the next argument, an int. */
static int pct_star(pct_args *a, int64_t *out) {
    cg_value v = pct_next(a);
    if (cg_is_err(v))
        return -1;
    if (v.tag != CG_V_INT && v.tag != CG_V_BOOL)
        return cg_raise_int(&cg_exc_TypeError, "* wants int");
    *out = v.u.i;
    return 0;
}

/* Parses one conversion after '%' at s[*pos]; appends its text. */
static int pct_conversion(cg_strbuf *b, const char *s, size_t n, size_t *pos, pct_args *a) {
    size_t i = *pos;
    cg_value arg = CG_STOP, keyed = CG_STOP;
    if (i < n && s[i] == '(') {
        if (a->mapping.tag == CG_V_STOP)
            return cg_raise_int(&cg_exc_TypeError, "format requires a mapping");
        int depth = 1;
        size_t k = ++i;
        while (i < n && depth > 0) {
            if (s[i] == '(')
                depth++;
            else if (s[i] == ')')
                depth--;
            i++;
        }
        if (depth > 0)
            return cg_raise_int(&cg_exc_ValueError, "incomplete format key");
        cg_value key = cg_str_new(s + k, i - 1 - k);
        if (cg_is_err(key))
            return -1;
        keyed = cg_getitem(a->mapping, key);
        cg_decref(key);
        if (cg_is_err(keyed))
            return -1;
        arg = keyed;
    }
    pct_flags fl = {.width = -1, .prec = -1};
    for (; i < n; i++) {
        if (s[i] == '-')
            fl.left = true;
        else if (s[i] == '+')
            fl.plus = true;
        else if (s[i] == ' ')
            fl.space = true;
        else if (s[i] == '#')
            fl.alt = true;
        else if (s[i] == '0')
            fl.zero = true;
        else
            break;
    }
    int rc = -1;
    if (i < n && s[i] == '*') {
        i++;
        if (pct_star(a, &fl.width) < 0)
            goto out;
        if (fl.width < 0)
            fl.left = true, fl.width = -fl.width;
    } else {
        fl.width = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            fl.width = fl.width * 10 + (s[i++] - '0');
    }
    if (i < n && s[i] == '.') {
        i++;
        if (i < n && s[i] == '*') {
            i++;
            if (pct_star(a, &fl.prec) < 0)
                goto out;
        } else {
            fl.prec = 0;
            while (i < n && s[i] >= '0' && s[i] <= '9')
                fl.prec = fl.prec * 10 + (s[i++] - '0');
        }
    }
    while (i < n && (s[i] == 'h' || s[i] == 'l' || s[i] == 'L'))
        i++;
    if (i >= n) {
        cg_raise(&cg_exc_ValueError, "incomplete format");
        goto out;
    }
    char conv = s[i++];
    *pos = i;
    if (conv == '%') {
        cg_strbuf_putc(b, '%');
        rc = 0;
        goto out;
    }
    if (!strchr("sradiuxXoeEfFgGc", conv)) {
        int64_t at = 0;
        for (size_t k = 0; k + 1 < i; k++)
            at += ((unsigned char)s[k] & 0xC0) != 0x80;
        int64_t j = (int64_t)i - 1;
        uint32_t cp = cg_cp_next(s, (int64_t)n, &j);
        if (cp >= 32 && cp < 127)
            cg_raise(&cg_exc_ValueError, "unsupported format character '%c' (0x%x) at index %lld", (char)cp, cp,
                     (long long)at);
        else
            cg_raise(&cg_exc_ValueError, "unsupported format character '\\x%x' (0x%x) at index %lld", cp, cp,
                     (long long)at);
        goto out;
    }
    if (arg.tag == CG_V_STOP) {
        arg = pct_next(a);
        if (cg_is_err(arg))
            goto out;
    }
    rc = pct_one(b, conv, arg, &fl);
out:
    cg_decref(keyed);
    return rc;
}

cg_value cg_str_percent(cg_value fmt, cg_value args) {
    pct_args a = {.mapping = CG_STOP};
    if (cg_is_tuple(args)) {
        a.items = cg_as_tuple(args)->items;
        a.n = cg_as_tuple(args)->len;
    } else {
        a.items = &args;
        a.n = 1;
        cg_type *t = cg_typeof(args);
        if (t->getitem && !cg_is_str(args))
            a.mapping = args;
    }
    const char *s = cg_str_cstr(fmt);
    size_t n = (size_t)cg_as_str(fmt)->len, i = 0;
    cg_strbuf b = {0};
    while (i < n) {
        const char *pct = memchr(s + i, '%', n - i);
        size_t j = pct ? (size_t)(pct - s) : n;
        cg_strbuf_append(&b, s + i, j - i);
        if (j == n)
            break;
        i = j + 1;
        if (pct_conversion(&b, s, n, &i, &a) < 0) {
            cg_strbuf_free(&b);
            return CG_ERR;
        }
    }
    if (a.next < a.n && a.mapping.tag == CG_V_STOP) {
        cg_strbuf_free(&b);
        return cg_raise(&cg_exc_TypeError, "not all arguments converted during string formatting");
    }
    return cg_str_from_strbuf(&b);
}
