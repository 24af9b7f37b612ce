/* bytes_format.c: b'...' % args (PEP 461): %s and %b take bytes-like
 * objects (or __bytes__), %r and %a the ascii() of anything, %c an int or
 * one byte; the numeric conversions are str's own (format.c), whose text
 * is ASCII. Width, precision, flags, '*' and %(key) mappings as CPython.
 * Not here: str % args (format.c). */
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/format.h"
#include "runtime/lang_internal.h"

typedef struct {
    cg_value args;
    bool tuple, mapping;
    int64_t next, n;
} fmt_args;

static cg_value next_arg(fmt_args *fa) {
    if (!fa->tuple) {
        if (fa->next++ == 0)
            return cg_incref(fa->args);
    } else if (fa->next < fa->n)
        return cg_incref(cg_as_tuple(fa->args)->items[fa->next++]);
    return cg_raise(&cg_exc_TypeError, "not enough arguments for format string");
}

/* The bytes %s / %b put: a buffer's, or __bytes__'s result. */
static cg_value as_bytes(cg_value v) {
    if (cg_has_buffer(v))
        return cg_call1(cg_obj_value(&cg_type_bytes), v);
    if (cg_is_obj(v) && cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__bytes__")).tag != CG_V_STOP)
        return cg_call1(cg_obj_value(&cg_type_bytes), v);
    return cg_raise(&cg_exc_TypeError,
                    "%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'",
                    cg_type_name(v));
}

static void put_padded(cg_strbuf *b, const char *s, int64_t n, int64_t width, int64_t prec, bool left) {
    if (prec >= 0 && n > prec)
        n = prec;
    if (!left)
        cg_strbuf_repeat(b, ' ', width - n);
    cg_strbuf_append(b, s, (size_t)n);
    if (left)
        cg_strbuf_repeat(b, ' ', width - n);
}

static int star(fmt_args *fa, int64_t *out) {
    cg_value v = next_arg(fa);
    if (cg_is_err(v))
        return -1;
    if (v.tag != CG_V_INT) {
        cg_decref(v);
        return cg_raise_int(&cg_exc_TypeError, "* wants int");
    }
    *out = v.u.i;
    return 0;
}

/* One conversion at fmt[*i] (just past the '%'); appends to b. */
static int one(cg_strbuf *b, const char *f, int64_t n, int64_t *i, fmt_args *fa) {
    int64_t k = *i;
    cg_value arg = CG_STOP;
    if (k < n && f[k] == '(') {
        int64_t depth = 1, s = ++k;
        while (k < n && depth) {
            depth += f[k] == '(' ? 1 : f[k] == ')' ? -1 : 0;
            k++;
        }
        if (depth)
            return cg_raise_int(&cg_exc_ValueError, "incomplete format key");
        if (!fa->mapping)
            return cg_raise_int(&cg_exc_TypeError, "format requires a mapping");
        cg_value key = cg_bytes_new(f + s, (size_t)(k - 1 - s));
        if (cg_is_err(key))
            return -1;
        arg = cg_getitem(fa->args, key);
        cg_decref(key);
        if (cg_is_err(arg))
            return -1;
    }
    int64_t flags_at = k;
    bool left = false;
    while (k < n && strchr("-+ #0", f[k])) {
        left |= f[k] == '-';
        k++;
    }
    int64_t flags_end = k, width = -1, prec = -1;
    int rc = 0;
    if (k < n && f[k] == '*') {
        rc = star(fa, &width);
        k++;
        if (width < 0)
            left = true, width = -width;
    } else
        while (k < n && f[k] >= '0' && f[k] <= '9')
            width = (width < 0 ? 0 : width * 10) + (f[k++] - '0');
    if (rc == 0 && k < n && f[k] == '.') {
        k++;
        prec = 0;
        if (k < n && f[k] == '*') {
            rc = star(fa, &prec);
            k++;
        } else
            while (k < n && f[k] >= '0' && f[k] <= '9')
                prec = prec * 10 + (f[k++] - '0');
    }
    if (rc < 0) {
        cg_decref(arg);
        return -1;
    }
    if (k >= n) {
        cg_decref(arg);
        return cg_raise_int(&cg_exc_ValueError, "incomplete format");
    }
    char conv = f[k++];
    *i = k;
    if (conv == '%' && arg.tag == CG_V_STOP) {
        cg_strbuf_putc(b, '%');
        return 0;
    }
    if (arg.tag == CG_V_STOP) {
        arg = next_arg(fa);
        if (cg_is_err(arg))
            return -1;
    }
    cg_value text = CG_ERR;
    switch (conv) {
    case 's':
    case 'b':
        text = as_bytes(arg);
        if (!cg_is_err(text))
            put_padded(b, cg_as_bytes(text)->s, cg_as_bytes(text)->len, width, prec, left);
        break;
    case 'r':
    case 'a':
        text = cg_ascii(arg);
        if (!cg_is_err(text))
            put_padded(b, cg_str_cstr(text), cg_as_str(text)->len, width, prec, left);
        break;
    case 'c': {
        char c;
        if (cg_is_bytes(arg) || cg_is_bytearray(arg)) {
            int64_t m;
            const char *s = cg_byteslike_data(arg, &m);
            if (m != 1) {
                cg_raise(&cg_exc_TypeError, "%%c requires an integer in range(256) or a single byte");
                break;
            }
            c = s[0];
        } else if (arg.tag == CG_V_INT || arg.tag == CG_V_BOOL) {
            if (arg.u.i < 0 || arg.u.i > 255) {
                cg_raise(&cg_exc_OverflowError, "%%c arg not in range(256)");
                break;
            }
            c = (char)arg.u.i;
        } else {
            cg_raise(&cg_exc_TypeError, "%%c requires an integer in range(256) or a single byte");
            break;
        }
        text = CG_NONE;
        put_padded(b, &c, 1, width, -1, left);
        break;
    }
    default: {
        /* the numbers: str's % with the same spec, one argument */
        cg_strbuf spec = {0};
        cg_strbuf_putc(&spec, '%');
        cg_strbuf_append(&spec, f + flags_at, (size_t)(flags_end - flags_at));
        if (width >= 0)
            cg_strbuf_printf(&spec, "%lld", (long long)width);
        if (prec >= 0)
            cg_strbuf_printf(&spec, ".%lld", (long long)prec);
        cg_strbuf_putc(&spec, conv);
        cg_value sf = cg_str_from_strbuf(&spec);
        cg_value one_arg = cg_is_err(sf) ? CG_ERR : cg_tuple_pack(1, arg);
        if (!cg_is_err(one_arg))
            text = cg_str_percent(sf, one_arg);
        cg_decref(one_arg);
        cg_decref(sf);
        if (!cg_is_err(text))
            cg_strbuf_append(b, cg_str_cstr(text), (size_t)cg_as_str(text)->len);
        break;
    }
    }
    cg_decref(arg);
    if (cg_is_err(text))
        return -1;
    cg_decref(text);
    return 0;
}

cg_value cg_bytes_percent(cg_value fmt, cg_value args, bool bytearray) {
    int64_t n;
    const char *f = cg_byteslike_data(fmt, &n);
    fmt_args fa = {.args = args, .tuple = cg_is_tuple(args)};
    fa.n = fa.tuple ? cg_as_tuple(args)->len : 1;
    fa.mapping = !fa.tuple && cg_is_obj(args) && !cg_is_str(args) && !cg_has_buffer(args)
                 && cg_typeof(args)->getitem;
    cg_strbuf b = {0};
    for (int64_t i = 0; i < n;) {
        const char *pct = memchr(f + i, '%', (size_t)(n - i));
        int64_t j = pct ? pct - f : n;
        cg_strbuf_append(&b, f + i, (size_t)(j - i));
        i = j;
        if (i >= n)
            break;
        i++;
        if (one(&b, f, n, &i, &fa) < 0) {
            cg_strbuf_free(&b);
            return CG_ERR;
        }
    }
    if (fa.next < fa.n && !fa.mapping) {
        cg_strbuf_free(&b);
        return cg_raise(&cg_exc_TypeError, "not all arguments converted during bytes formatting");
    }
    cg_value r = bytearray ? cg_bytearray_new(b.data ? b.data : "", b.len) : cg_bytes_new(b.data ? b.data : "", b.len);
    cg_strbuf_free(&b);
    return r;
}
