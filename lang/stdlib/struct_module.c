/* struct_module.c: `_struct`, the C half of the struct module (the
 * prelude's struct.py holds the Struct class and struct.error): format
 * strings parsed into items, and pack, unpack, pack_into, unpack_from,
 * iter_unpack and calcsize over them.
 *
 * Every format character of CPython 3.11 in its four modes: '@' (native
 * sizes and alignment, this machine's byte order), '=' (standard sizes,
 * native order, no alignment), '<' and '>'/'!' (standard sizes, little
 * and big endian). Errors are struct.error with CPython's messages
 * ("bad char in struct format", "'i' format requires ... <= number <=
 * ...", "unpack requires a buffer of 4 bytes"). Not pickle (pickle_*.c). */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"

typedef struct {
    char code;
    int64_t count; /* repeats, or the length of an 's'/'p' field */
    int64_t offset;
    int size;
} st_item;

typedef struct {
    bool native, little;
    st_item *items;
    int64_t n, size, nargs;
} st_format;

static int st_error(const char *fmt, ...) CG_PRINTF(1, 2);

static int st_error(const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cg_value k = cg_import_attr("struct", "error");
    if (cg_is_err(k))
        return -1;
    cg_value m = cg_str_from_c(msg);
    cg_value e = cg_is_err(m) ? CG_ERR : cg_call1(k, m);
    cg_decref(m);
    cg_decref(k);
    if (!cg_is_err(e))
        cg_raise_object(e);
    cg_decref(e);
    return -1;
}

/* The size of a code (0: not a code of this mode). */
static int code_size(char c, bool native) {
    switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': return native ? 8 : 4;
    case 'q': case 'Q': case 'd': return 8;
    case 'n': case 'N': case 'P': return native ? 8 : 0;
    default: return 0;
    }
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

static int parse(cg_value fmtv, st_format *f) {
    int64_t len;
    const char *s;
    memset(f, 0, sizeof *f);
    if (cg_is_str(fmtv)) {
        s = cg_str_cstr(fmtv);
        len = cg_as_str(fmtv)->len;
    } else if (cg_is_bytes(fmtv)) {
        s = cg_byteslike_data(fmtv, &len);
    } else {
        return cg_raise_int(&cg_exc_TypeError, "Struct() argument 1 must be a str or bytes object, not %s",
                            cg_type_name(fmtv));
    }
    f->native = true;
    f->little = true; /* the machines cgrad builds for are little-endian */
    int64_t i = 0;
    if (len && strchr("@=<>!", s[0])) {
        f->native = s[0] == '@';
        f->little = s[0] == '@' || s[0] == '=' || s[0] == '<';
        i = 1;
    }
    f->items = malloc((size_t)(len + 1) * sizeof *f->items);
    if (!f->items) {
        cg_raise_nomemory();
        return -1;
    }
    int64_t off = 0;
    while (i < len) {
        if (is_space(s[i])) {
            i++;
            continue;
        }
        int64_t count = 1;
        if (s[i] >= '0' && s[i] <= '9') {
            count = 0;
            while (i < len && s[i] >= '0' && s[i] <= '9') {
                if (count > (INT64_MAX / 2 - 9) / 10)
                    return st_error("total struct size too long");
                count = count * 10 + (s[i++] - '0');
            }
            if (i == len)
                return st_error("repeat count given without format specifier");
        }
        char c = s[i++];
        int size = code_size(c, f->native);
        if (!size)
            return st_error("bad char in struct format");
        if (f->native && c != 's' && c != 'p' && c != 'x' && size > 1)
            off = (off + size - 1) / size * size;
        if (count > (INT64_MAX / 2 - off) / size)
            return st_error("total struct size too long");
        f->items[f->n++] = (st_item){c, count, off, size};
        off += count * size;
        if (c == 's' || c == 'p')
            f->nargs++;
        else if (c != 'x')
            f->nargs += count;
    }
    f->size = off;
    return 0;
}

/* ---- packing ------------------------------------------------------------------- */

static void put_uint(unsigned char *p, uint64_t x, int n, bool little) {
    for (int k = 0; k < n; k++)
        p[little ? k : n - 1 - k] = (unsigned char)(x >> (8 * k));
}

static uint64_t get_uint(const unsigned char *p, int n, bool little) {
    uint64_t x = 0;
    for (int k = 0; k < n; k++)
        x |= (uint64_t)p[little ? k : n - 1 - k] << (8 * k);
    return x;
}

/* v as an int (through __index__), or struct.error. */
static cg_value as_int(cg_value v) {
    cg_value r = cg_index(v);
    if (cg_is_err(r) && cg_exc_matches(&cg_exc_TypeError)) {
        cg_exc_clear();
        st_error("required argument is not an integer");
    }
    return r;
}

static const char *range_name(char c) {
    switch (c) {
    case 'b': return "byte";
    case 'B': return "ubyte";
    case 'h': return "short";
    case 'H': return "ushort";
    default: return NULL;
    }
}

/* The integer codes as CPython converts them: b, B, h, H, i (and std
 * l) through a signed 64-bit value, I (and std L) through an unsigned
 * one, then the code's range; q, Q, n, N and native l/L the 64-bit
 * conversion alone; P any value a pointer's 64 bits can hold. CPython's
 * big-endian packers differ a little: H through an unsigned value, h
 * and H named by their letter, q and Q "int too large to convert". */
static int pack_int(const st_format *f, char c, int size, cg_value v, unsigned char *p) {
    cg_value n = as_int(v);
    if (cg_is_err(n))
        return -1;
    bool big = !f->native && !f->little;
    bool via_unsigned = c == 'I' || c == 'L' || c == 'Q' || c == 'N' || (big && c == 'H');
    unsigned char b[8];
    int rc = cg_int_to_bytes(n, b, 8, true, !via_unsigned);
    if (rc < 0 && c == 'P') {
        cg_exc_clear();
        rc = cg_int_to_bytes(n, b, 8, true, false);
    }
    cg_decref(n);
    if (rc < 0) {
        cg_exc_clear();
        bool big_long = big && (c == 'q' || c == 'Q');
        return c == 'P' || big_long ? st_error("int too large to convert") : st_error("argument out of range");
    }
    uint64_t u = get_uint(b, 8, true);
    if (size < 8) {
        bool is_unsigned = c == 'B' || c == 'H' || c == 'I' || c == 'L';
        int64_t lo = is_unsigned ? 0 : -(INT64_C(1) << (8 * size - 1));
        int64_t hi = is_unsigned ? (INT64_C(1) << (8 * size)) - 1 : (INT64_C(1) << (8 * size - 1)) - 1;
        bool out = via_unsigned ? u > (uint64_t)hi : ((int64_t)u < lo || (int64_t)u > hi);
        if (out) {
            const char *name = big && (c == 'h' || c == 'H') ? NULL : range_name(c);
            if (name)
                return st_error("%s format requires %lld <= number <= %lld", name, (long long)lo, (long long)hi);
            return st_error("'%c' format requires %lld <= number <= %lld", c, (long long)lo, (long long)hi);
        }
    }
    put_uint(p, u, size, f->little);
    return 0;
}

/* IEEE 754 binary16, rounded half to even; -1 where x is too large. */
static int half_bits(double x, uint16_t *out) {
    uint16_t sign = signbit(x) ? 0x8000 : 0;
    if (isnan(x)) {
        *out = sign | 0x7e00;
        return 0;
    }
    x = fabs(x);
    if (isinf(x)) {
        *out = sign | 0x7c00;
        return 0;
    }
    if (x == 0) {
        *out = sign;
        return 0;
    }
    int e;
    double fr = frexp(x, &e); /* x = fr * 2^e, fr in [0.5, 1) */
    int E = e - 1 + 15;
    if (E <= 0) { /* subnormal: units of 2^-24 (1024 units is the least normal) */
        *out = sign | (uint16_t)nearbyint(ldexp(x, 24));
        return 0;
    }
    uint32_t m = (uint32_t)nearbyint(ldexp(fr * 2 - 1, 10));
    if (m == 1024) {
        m = 0;
        E++;
    }
    if (E >= 31)
        return -1;
    *out = (uint16_t)(sign | (uint32_t)E << 10 | m);
    return 0;
}

static double half_value(uint16_t h) {
    int sign = h >> 15, E = (h >> 10) & 0x1f, m = h & 0x3ff;
    double x;
    if (E == 0x1f)
        x = m ? NAN : INFINITY;
    else if (E == 0)
        x = ldexp(m, -24);
    else
        x = ldexp(1024 + m, E - 25);
    return sign ? -x : x;
}

static int pack_float(const st_format *f, char c, cg_value v, unsigned char *p) {
    double x;
    if (!cg_is_num(v) && !cg_is_bigint(v)) {
        cg_value fv = cg_getattr_opt(v, cg_str_intern("__float__"));
        if (cg_is_err(fv))
            return -1;
        if (fv.tag == CG_V_STOP)
            return st_error("required argument is not a float");
        cg_decref(fv);
    }
    if (cg_float_value(v, &x) < 0) {
        if (cg_exc_matches(&cg_exc_TypeError)) {
            cg_exc_clear();
            return st_error("required argument is not a float");
        }
        return -1;
    }
    if (c == 'd') {
        uint64_t u;
        memcpy(&u, &x, 8);
        put_uint(p, u, 8, f->little);
    } else if (c == 'f') {
        float y = (float)x;
        if (isinf(y) && !isinf(x) && !f->native)
            return cg_raise_int(&cg_exc_OverflowError, "float too large to pack with f format");
        uint32_t u;
        memcpy(&u, &y, 4);
        put_uint(p, u, 4, f->little);
    } else {
        uint16_t h;
        if (half_bits(x, &h) < 0) {
            if (cg_is_int(v)) /* CPython's quirk: an int says so as struct.error */
                return st_error("int too large to convert");
            return cg_raise_int(&cg_exc_OverflowError, "float too large to pack with e format");
        }
        put_uint(p, h, 2, f->little);
    }
    return 0;
}

static int pack_string(const st_item *it, cg_value v, unsigned char *p) {
    if (!cg_is_bytes(v) && !cg_is_bytearray(v))
        return st_error("argument for '%c' must be a bytes object", it->code);
    int64_t n;
    const char *s = cg_byteslike_data(v, &n);
    if (it->code == 's') {
        memcpy(p, s, (size_t)(n < it->count ? n : it->count));
        return 0;
    }
    if (it->count == 0)
        return 0;
    if (n > it->count - 1)
        n = it->count - 1;
    memcpy(p + 1, s, (size_t)n);
    p[0] = (unsigned char)(n > 255 ? 255 : n);
    return 0;
}

static int pack_one(const st_format *f, char c, int size, cg_value v, unsigned char *p) {
    switch (c) {
    case 'c': {
        if (!cg_is_bytes(v) || cg_as_bytes(v)->len != 1)
            return st_error("char format requires a bytes object of length 1");
        p[0] = (unsigned char)cg_as_bytes(v)->s[0];
        return 0;
    }
    case '?': {
        int t = cg_truth(v);
        if (t < 0)
            return -1;
        p[0] = (unsigned char)t;
        return 0;
    }
    case 'e': case 'f': case 'd': return pack_float(f, c, v, p);
    default: return pack_int(f, c, size, v, p);
    }
}

/* Packs args into p (f->size bytes, zeroed by the caller). */
static int pack_into_buf(const st_format *f, const cg_value *args, int64_t nargs, unsigned char *p, const char *who) {
    if (nargs != f->nargs)
        return st_error("%s expected %lld items for packing (got %lld)", who, (long long)f->nargs, (long long)nargs);
    int64_t a = 0;
    for (int64_t i = 0; i < f->n; i++) {
        const st_item *it = &f->items[i];
        unsigned char *q = p + it->offset;
        if (it->code == 'x')
            continue;
        if (it->code == 's' || it->code == 'p') {
            if (pack_string(it, args[a++], q) < 0)
                return -1;
            continue;
        }
        for (int64_t k = 0; k < it->count; k++, q += it->size)
            if (pack_one(f, it->code, it->size, args[a++], q) < 0)
                return -1;
    }
    return 0;
}

/* ---- unpacking ------------------------------------------------------------------ */

static cg_value unpack_one(const st_format *f, const st_item *it, const unsigned char *q) {
    char c = it->code;
    int size = it->size;
    switch (c) {
    case 'c': return cg_bytes_new((const char *)q, 1);
    case '?': return cg_bool(q[0] != 0);
    case 'e': return cg_float(half_value((uint16_t)get_uint(q, 2, f->little)));
    case 'f': {
        uint32_t u = (uint32_t)get_uint(q, 4, f->little);
        float y;
        memcpy(&y, &u, 4);
        return cg_float(y);
    }
    case 'd': {
        uint64_t u = get_uint(q, 8, f->little);
        double y;
        memcpy(&y, &u, 8);
        return cg_float(y);
    }
    default: break;
    }
    bool is_unsigned = c == 'B' || c == 'H' || c == 'I' || c == 'L' || c == 'Q' || c == 'N' || c == 'P';
    uint64_t u = get_uint(q, size, f->little);
    if (is_unsigned) {
        if (u > (uint64_t)INT64_MAX) {
            unsigned char b[8];
            put_uint(b, u, 8, true);
            return cg_int_from_bytes(b, 8, true, false);
        }
        return cg_int((int64_t)u);
    }
    if (size < 8 && (u >> (8 * size - 1)) & 1)
        u |= ~UINT64_C(0) << (8 * size);
    return cg_int((int64_t)u);
}

static cg_value unpack_buf(const st_format *f, const unsigned char *p) {
    cg_value t = cg_tuple_new(f->nargs);
    if (cg_is_err(t))
        return CG_ERR;
    cg_tuple *tt = cg_as_tuple(t);
    int64_t a = 0;
    for (int64_t i = 0; i < f->n; i++) {
        const st_item *it = &f->items[i];
        const unsigned char *q = p + it->offset;
        cg_value v;
        if (it->code == 'x')
            continue;
        if (it->code == 's' || it->code == 'p') {
            if (it->code == 's') {
                v = cg_bytes_new((const char *)q, (size_t)it->count);
            } else {
                int64_t n = it->count ? q[0] : 0;
                if (it->count && n >= it->count)
                    n = it->count - 1;
                v = cg_bytes_new((const char *)q + 1, (size_t)n);
            }
            if (cg_is_err(v)) {
                cg_decref(t);
                return CG_ERR;
            }
            cg_value_set(&tt->items[a++], v);
            continue;
        }
        for (int64_t k = 0; k < it->count; k++, q += it->size) {
            v = unpack_one(f, it, q);
            if (cg_is_err(v)) {
                cg_decref(t);
                return CG_ERR;
            }
            cg_value_set(&tt->items[a++], v);
        }
    }
    return t;
}

/* ---- the functions ---------------------------------------------------------------- */

static int format_arg(const cg_args *a, const char *name, st_format *f) {
    if (a->npos < 1)
        return cg_raise_int(&cg_exc_TypeError, "%s expected at least 1 argument, got 0", name);
    return parse(a->pos[0], f);
}

static cg_value s_pack(cg_value self, const cg_args *a) {
    st_format f;
    if (format_arg(a, "pack", &f) < 0) {
        free(f.items);
        return CG_ERR;
    }
    cg_bytes *b = cg_bytes_alloc((size_t)f.size);
    if (!b) {
        free(f.items);
        return cg_raise_nomemory();
    }
    memset(b->s, 0, (size_t)f.size);
    int rc = pack_into_buf(&f, a->pos + 1, a->npos - 1, (unsigned char *)b->s, "pack");
    free(f.items);
    if (rc < 0) {
        cg_obj_decref(b);
        return CG_ERR;
    }
    return cg_obj_value(b);
}

static int64_t offset_arg(cg_value v, int64_t *out) { return cg_index_value(v, out); }

static cg_value s_pack_into(cg_value self, const cg_args *a) {
    st_format f;
    if (format_arg(a, "pack_into", &f) < 0) {
        free(f.items);
        return CG_ERR;
    }
    cg_value r = CG_ERR;
    if (a->npos < 3) {
        cg_raise(&cg_exc_TypeError, "pack_into expected buffer argument");
        free(f.items);
        return CG_ERR;
    }
    cg_buffer buf;
    int64_t off;
    if (cg_buffer_get(a->pos[1], &buf) < 0) {
        free(f.items);
        return CG_ERR;
    }
    if (buf.readonly) {
        cg_raise(&cg_exc_TypeError, "argument must be read-write bytes-like object, not %s", cg_type_name(a->pos[1]));
    } else if (offset_arg(a->pos[2], &off) == 0) {
        if (a->npos - 3 != f.nargs) {
            st_error("pack_into expected %lld items for packing (got %lld)", (long long)f.nargs, (long long)(a->npos - 3));
        } else if (off < 0 && off + buf.len < 0) {
            st_error("offset %lld out of range for %lld-byte buffer", (long long)off, (long long)buf.len);
        } else {
            if (off < 0) {
                if (off + f.size > 0) {
                    st_error("no space to pack %lld bytes at offset %lld", (long long)f.size, (long long)off);
                    goto done;
                }
                off += buf.len;
            }
            if (buf.len - off < f.size) {
                st_error("pack_into requires a buffer of at least %lld bytes for packing %lld bytes at offset %lld "
                         "(actual buffer size is %lld)",
                         (long long)(f.size + off), (long long)f.size, (long long)off, (long long)buf.len);
                goto done;
            }
            unsigned char *tmp = calloc(1, (size_t)f.size + 1);
            if (!tmp) {
                cg_raise_nomemory();
                goto done;
            }
            if (pack_into_buf(&f, a->pos + 3, a->npos - 3, tmp, "pack_into") == 0) {
                memcpy(buf.buf + off, tmp, (size_t)f.size);
                r = CG_NONE;
            }
            free(tmp);
        }
    }
done:
    cg_buffer_release(&buf);
    free(f.items);
    return r;
}

static cg_value s_unpack(cg_value self, const cg_args *a) {
    st_format f;
    if (a->npos != 2) {
        return cg_raise(&cg_exc_TypeError, "unpack expected 2 arguments, got %d", a->npos);
    }
    if (parse(a->pos[0], &f) < 0) {
        free(f.items);
        return CG_ERR;
    }
    cg_buffer buf;
    if (cg_buffer_get(a->pos[1], &buf) < 0) {
        free(f.items);
        return CG_ERR;
    }
    cg_value r = CG_ERR;
    if (buf.len != f.size)
        st_error("unpack requires a buffer of %lld bytes", (long long)f.size);
    else
        r = unpack_buf(&f, (const unsigned char *)buf.buf);
    cg_buffer_release(&buf);
    free(f.items);
    return r;
}

enum { S_UNPACK_FROM, S_ITER_UNPACK, S_CALCSIZE };
static const cg_method_def struct_defs[];

static cg_value s_unpack_from(cg_value self, const cg_args *a) {
    cg_value v[3];
    if (cg_args_bind(&struct_defs[S_UNPACK_FROM], a, v, 3) < 0)
        return CG_ERR;
    st_format f;
    cg_value r = CG_ERR;
    cg_buffer buf;
    int64_t off;
    if (parse(v[0], &f) == 0 && offset_arg(v[2], &off) == 0 && cg_buffer_get(v[1], &buf) == 0) {
        if (off < 0 && off + buf.len < 0) {
            st_error("offset %lld out of range for %lld-byte buffer", (long long)off, (long long)buf.len);
        } else {
            if (off < 0)
                off += buf.len;
            if (buf.len - off < f.size) {
                if (off > buf.len || buf.len - off < f.size)
                    st_error("unpack_from requires a buffer of at least %lld bytes for unpacking %lld bytes at "
                             "offset %lld (actual buffer size is %lld)",
                             (long long)(f.size + off), (long long)f.size, (long long)off, (long long)buf.len);
            } else {
                r = unpack_buf(&f, (const unsigned char *)buf.buf + off);
            }
        }
        cg_buffer_release(&buf);
    }
    free(f.items);
    cg_args_release(&struct_defs[S_UNPACK_FROM], v, 3);
    return r;
}

/* iter_unpack gives a list iterator over the unpacked tuples: the buffer
 * is read at once, which a program cannot tell apart. */
static cg_value s_iter_unpack(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&struct_defs[S_ITER_UNPACK], a, v, 2) < 0)
        return CG_ERR;
    st_format f;
    cg_value r = CG_ERR;
    cg_buffer buf;
    if (parse(v[0], &f) == 0) {
        if (f.size == 0) {
            st_error("cannot iteratively unpack with a struct of length 0");
        } else if (cg_buffer_get(v[1], &buf) == 0) {
            if (buf.len % f.size) {
                st_error("iterative unpacking requires a buffer of a multiple of %lld bytes", (long long)f.size);
            } else {
                cg_value l = cg_list_new(0);
                for (int64_t o = 0; !cg_is_err(l) && o < buf.len; o += f.size) {
                    cg_value t = unpack_buf(&f, (const unsigned char *)buf.buf + o);
                    if (cg_is_err(t) || cg_list_append_steal(l, t) < 0) {
                        cg_decref(l);
                        l = CG_ERR;
                    }
                }
                r = cg_is_err(l) ? CG_ERR : cg_iter(l);
                cg_decref(l);
            }
            cg_buffer_release(&buf);
        }
    }
    free(f.items);
    cg_args_release(&struct_defs[S_ITER_UNPACK], v, 2);
    return r;
}

static cg_value s_calcsize(cg_value self, const cg_args *a) {
    cg_value v;
    if (cg_args_bind(&struct_defs[S_CALCSIZE], a, &v, 1) < 0)
        return CG_ERR;
    st_format f;
    cg_value r = parse(v, &f) < 0 ? CG_ERR : cg_int(f.size);
    free(f.items);
    cg_decref(v);
    return r;
}

/* _count(format): the number of values the format packs (Struct's need). */
static cg_value s_count(cg_value self, const cg_args *a) {
    st_format f;
    if (format_arg(a, "_count", &f) < 0) {
        free(f.items);
        return CG_ERR;
    }
    free(f.items);
    return cg_int(f.nargs);
}

static const cg_method_def struct_defs[] = {
    [S_UNPACK_FROM] = {"unpack_from", s_unpack_from, "unpack_from(format, /, buffer, offset=0)",
                       "The values packed in buffer from offset on, as format gives them."},
    [S_ITER_UNPACK] = {"iter_unpack", s_iter_unpack, "iter_unpack(format, buffer, /)",
                       "An iterator over the tuples of values packed one after another in buffer."},
    [S_CALCSIZE] = {"calcsize", s_calcsize, "calcsize(format, /)", "The size in bytes of what format packs."},
    /* these read their arguments themselves; the signatures are for help() */
    {"pack", s_pack, "pack(format, /, *values)", "The values packed into bytes as format says."},
    {"pack_into", s_pack_into, "pack_into(format, buffer, offset, /, *values)",
     "Packs the values into the writable buffer at offset, as format says."},
    {"unpack", s_unpack, "unpack(format, buffer, /)", "The tuple of values packed in buffer, as format says."},
    {"_count", s_count, "_count(format, /)", "The number of values a format packs."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_struct_native_module_init(void) { return cg_module_of("_struct", struct_defs); }
