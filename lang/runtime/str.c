/* str.c: the str object: making strings, interning, hashing, the text
 * buffer (cg_strbuf), and the str type's slots (repr, compare, concatenation,
 * repetition, indexing and slicing by code point, iteration, `in`, `%`).
 *
 * Text is UTF-8; a str knows its byte length and its code-point count, and
 * an all-ASCII str (ncp == len) indexes by byte. The methods (split, join,
 * ...) are str_methods.c; the format-spec language is format.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/format.h"
#include "runtime/utf8_scan.h"
#include "runtime/value.h"
#include "runtime/ucd.h"

/* ---- making strings ----------------------------------------------------- */

/* An uninitialised str of len bytes (the caller fills s and ncp). */
cg_str *cg_str_alloc(size_t len) {
    cg_str *s = malloc(sizeof(cg_str) + len + 1);
    if (!s)
        return NULL;
    s->head.refcnt = 1;
    s->head.type = &cg_type_str;
    s->len = (int64_t)len;
    s->ncp = -1;
    s->hash = -1;
    s->interned = false;
    s->s[len] = '\0';
    return s;
}

static cg_str *one_char[128]; /* interned one-byte ASCII strings */
static cg_str *empty_str;

cg_value cg_str_new(const char *s, size_t len) {
    if (len == 0)
        return cg_obj_value(cg_str_empty());
    if (len == 1 && (unsigned char)s[0] < 128)
        return cg_obj_value(cg_str_ascii_char(s[0]));
    cg_str *o = cg_str_alloc(len);
    if (!o)
        return cg_raise_nomemory();
    memcpy(o->s, s, len);
    o->ncp = cg_utf8_count(s, len);
    return cg_obj_value(o);
}

cg_value cg_str_from_c(const char *s) { return cg_str_new(s, strlen(s)); }

cg_value cg_str_vfmt(const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return cg_raise(&cg_exc_ValueError, "bad format");
    cg_str *o = cg_str_alloc((size_t)n);
    if (!o)
        return cg_raise_nomemory();
    vsnprintf(o->s, (size_t)n + 1, fmt, ap);
    o->ncp = cg_utf8_count(o->s, (size_t)n);
    return cg_obj_value(o);
}

cg_value cg_str_fmt(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    cg_value v = cg_str_vfmt(fmt, ap);
    va_end(ap);
    return v;
}

bool cg_is_str(cg_value v) {
    return v.tag == CG_V_OBJ && (v.u.o->type == &cg_type_str || cg_type_is_layout_subtype(v.u.o->type, &cg_type_str));
}

/* ---- hashing ------------------------------------------------------------
 * Any good 64-bit hash will do (Python randomises str hashes anyway); this
 * one mixes 8 bytes at a time. -1 means "not computed" and "error", so it is
 * never a hash. */
static uint64_t mix64(uint64_t x) {
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    x *= UINT64_C(0xc4ceb9fe1a85ec53);
    x ^= x >> 33;
    return x;
}

int64_t cg_bytes_hash(const char *s, size_t len) {
    uint64_t h = UINT64_C(0x9e3779b97f4a7c15) ^ (uint64_t)len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        h = mix64(h ^ w) + UINT64_C(0x9e3779b97f4a7c15);
    }
    uint64_t tail = 0;
    for (size_t k = 0; i < len; i++, k++)
        tail |= (uint64_t)(unsigned char)s[i] << (8 * k);
    h = mix64(h ^ tail);
    int64_t r = (int64_t)h;
    return r == -1 ? -2 : r;
}

int64_t cg_str_hash(cg_str *s) {
    if (s->hash == -1)
        s->hash = cg_bytes_hash(s->s, (size_t)s->len);
    return s->hash;
}

bool cg_str_equal(const cg_str *a, const cg_str *b) {
    if (a == b)
        return true;
    if (a->len != b->len)
        return false;
    if (a->hash != -1 && b->hash != -1 && a->hash != b->hash)
        return false;
    return memcmp(a->s, b->s, (size_t)a->len) == 0;
}

/* ---- interning ------------------------------------------------------------
 * One open-addressing table of immortal strings, keyed by text. */
static cg_str **intern_tab;
static size_t intern_mask, intern_used;

static int intern_grow(void) {
    size_t ncap = intern_tab ? (intern_mask + 1) * 2 : 1024;
    cg_str **nt = calloc(ncap, sizeof *nt);
    if (!nt)
        return -1;
    if (intern_tab) {
        for (size_t i = 0; i <= intern_mask; i++) {
            cg_str *s = intern_tab[i];
            if (!s)
                continue;
            size_t j = (size_t)s->hash & (ncap - 1);
            while (nt[j])
                j = (j + 1) & (ncap - 1);
            nt[j] = s;
        }
        free(intern_tab);
    }
    intern_tab = nt;
    intern_mask = ncap - 1;
    return 0;
}

cg_str *cg_str_intern_n(const char *s, size_t len) {
    if ((intern_used + 1) * 3 >= (intern_mask + 1) * 2 || !intern_tab) {
        if (intern_grow() < 0)
            return NULL;
    }
    int64_t h = cg_bytes_hash(s, len);
    size_t j = (size_t)h & intern_mask;
    for (cg_str *e; (e = intern_tab[j]); j = (j + 1) & intern_mask) {
        if (e->hash == h && e->len == (int64_t)len && memcmp(e->s, s, len) == 0)
            return e;
    }
    cg_str *o = cg_str_alloc(len);
    if (!o)
        return NULL;
    memcpy(o->s, s, len);
    o->ncp = cg_utf8_count(s, len);
    o->hash = h;
    o->interned = true;
    o->head.refcnt = CG_IMMORTAL;
    intern_tab[j] = o;
    intern_used++;
    return o;
}

/* Note [Interning C names]: the runtime looks special methods up by C
 * string ("__setattr__", "__slots__") on every attribute store, call or
 * comparison of a class's instances. Those strings are literals at fixed
 * addresses, so a small cache keyed by the address answers without
 * hashing; the text is still compared, since a caller's buffer may hold
 * other text at the same address later. Interned strings are immortal, so
 * a cached one never dangles. */
cg_str *cg_str_intern(const char *s) {
    static struct {
        const char *at;
        cg_str *str;
    } cache[512];
    size_t h = ((uintptr_t)s >> 3) & 511;
    if (cache[h].at == s && cache[h].str && !strcmp(cache[h].str->s, s))
        return cache[h].str;
    cg_str *r = cg_str_intern_n(s, strlen(s));
    if (r) {
        cache[h].at = s;
        cache[h].str = r;
    }
    return r;
}

cg_str *cg_str_empty(void) {
    if (!empty_str)
        empty_str = cg_str_intern_n("", 0);
    empty_str->head.refcnt++;
    return empty_str;
}

cg_str *cg_str_ascii_char(char c) {
    unsigned char u = (unsigned char)c;
    if (!one_char[u])
        one_char[u] = cg_str_intern_n(&c, 1);
    one_char[u]->head.refcnt++;
    return one_char[u];
}

/* ---- values into a cg_strbuf -------------------------------------------- */

static int put_str_value(cg_strbuf *b, cg_value s) {
    if (cg_is_err(s))
        return -1;
    cg_str *o = (cg_str *)s.u.o;
    cg_strbuf_append(b, o->s, (size_t)o->len);
    cg_decref(s);
    return 0;
}

int cg_repr_into(cg_strbuf *b, cg_value v) {
    if (cg_is_type(v, &cg_type_str))
        return cg_str_repr_into(b, (cg_str *)v.u.o), 0;
    return put_str_value(b, cg_repr(v));
}

int cg_str_into(cg_strbuf *b, cg_value v) {
    if (cg_is_type(v, &cg_type_str)) {
        cg_strbuf_append(b, cg_str_cstr(v), (size_t)((cg_str *)v.u.o)->len);
        return 0;
    }
    return put_str_value(b, cg_to_str(v));
}

cg_value cg_str_from_strbuf(cg_strbuf *b) {
    if (b->failed) {
        cg_strbuf_free(b);
        return cg_raise_nomemory();
    }
    cg_value v = cg_str_new(b->data ? b->data : "", b->len);
    cg_strbuf_free(b);
    return v;
}

/* ---- code points ---------------------------------------------------------- */

uint32_t cg_cp_next(const char *s, int64_t len, int64_t *i) {
    const unsigned char *u = (const unsigned char *)s;
    unsigned char c = u[*i];
    int n = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
    uint32_t cp = n == 0 ? c : n == 1 ? c & 0x1F : n == 2 ? c & 0x0F : c & 0x07;
    (*i)++;
    for (int k = 0; k < n && *i < len && (u[*i] & 0xC0) == 0x80; k++)
        cp = (cp << 6) | (u[(*i)++] & 0x3F);
    return cp;
}

int64_t cg_str_offset(const cg_str *s, int64_t i) {
    if (s->ncp == s->len)
        return i;
    if (i >= s->ncp)
        return s->len;
    int64_t off = 0;
    for (int64_t n = 0; n < i; off++)
        if (((unsigned char)s->s[off + 1] & 0xC0) != 0x80)
            n++;
    return off;
}

/* ---- repr ---------------------------------------------------------------- */

/* What repr shows as it is: Python's str.isprintable() of one code point
 * (the Unicode database's, beyond ASCII). */
static bool cp_printable(uint32_t c) { return c < 0x80 ? c >= 0x20 && c < 0x7F : cg_ucd_is_printable(c); }

void cg_str_repr_into(cg_strbuf *b, const cg_str *s) {
    bool has_sq = memchr(s->s, '\'', (size_t)s->len) != NULL;
    bool has_dq = memchr(s->s, '"', (size_t)s->len) != NULL;
    char q = has_sq && !has_dq ? '"' : '\'';
    cg_strbuf_putc(b, q);
    for (int64_t i = 0; i < s->len;) {
        unsigned char c = (unsigned char)s->s[i];
        if (c >= 0x20 && c < 0x7F) {
            if (c == (unsigned char)q || c == '\\')
                cg_strbuf_putc(b, '\\');
            cg_strbuf_putc(b, (char)c);
            i++;
            continue;
        }
        int64_t start = i;
        uint32_t cp = cg_cp_next(s->s, s->len, &i);
        if (cp == '\n')
            cg_strbuf_puts(b, "\\n");
        else if (cp == '\r')
            cg_strbuf_puts(b, "\\r");
        else if (cp == '\t')
            cg_strbuf_puts(b, "\\t");
        else if (cp_printable(cp))
            cg_strbuf_append(b, s->s + start, (size_t)(i - start));
        else if (cp < 0x100)
            cg_strbuf_printf(b, "\\x%02x", cp);
        else if (cp < 0x10000)
            cg_strbuf_printf(b, "\\u%04x", cp);
        else
            cg_strbuf_printf(b, "\\U%08x", cp);
    }
    cg_strbuf_putc(b, q);
}

cg_value cg_ascii(cg_value v) {
    cg_value r = cg_repr(v);
    if (cg_is_err(r) || cg_as_str(r)->ncp == cg_as_str(r)->len)
        return r;
    const cg_str *s = cg_as_str(r);
    cg_strbuf b = {0};
    for (int64_t i = 0; i < s->len;) {
        uint32_t c = cg_cp_next(s->s, s->len, &i);
        if (c < 0x80)
            cg_strbuf_putc(&b, (char)c);
        else if (c < 0x100)
            cg_strbuf_printf(&b, "\\x%02x", c);
        else if (c < 0x10000)
            cg_strbuf_printf(&b, "\\u%04x", c);
        else
            cg_strbuf_printf(&b, "\\U%08x", c);
    }
    cg_decref(r);
    return cg_str_from_strbuf(&b);
}

static cg_value str_repr(cg_value self) {
    cg_strbuf b = {0};
    cg_str_repr_into(&b, cg_as_str(self));
    return cg_str_from_strbuf(&b);
}

static cg_value str_str(cg_value self) {
    if (cg_is_type(self, &cg_type_str))
        return cg_incref(self);
    return cg_str_new(cg_str_cstr(self), (size_t)cg_as_str(self)->len);
}

static int64_t str_hash(cg_value self) { return cg_str_hash(cg_as_str(self)); }

static void str_dealloc(cg_obj *o) { free(o); }

static cg_value str_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (!cg_is_str(a) || !cg_is_str(b))
        return cg_incref(cg_NotImplemented);
    const cg_str *x = cg_as_str(a), *y = cg_as_str(b);
    if (op == OP_EQ || op == OP_NOT_EQ)
        return cg_bool(cg_str_equal(x, y) == (op == OP_EQ));
    /* UTF-8 byte order is code point order */
    int64_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->s, y->s, (size_t)n);
    if (c == 0)
        c = x->len < y->len ? -1 : x->len > y->len;
    switch (op) {
    case OP_LT: return cg_bool(c < 0);
    case OP_LT_E: return cg_bool(c <= 0);
    case OP_GT: return cg_bool(c > 0);
    case OP_GT_E: return cg_bool(c >= 0);
    default: return cg_incref(cg_NotImplemented);
    }
}

static cg_value str_concat(const cg_str *x, const cg_str *y) {
    if (y->len == 0 && x->head.type == &cg_type_str)
        return cg_incref(cg_obj_value((cg_str *)x));
    cg_str *o = cg_str_alloc((size_t)(x->len + y->len));
    if (!o)
        return cg_raise_nomemory();
    memcpy(o->s, x->s, (size_t)x->len);
    memcpy(o->s + x->len, y->s, (size_t)y->len);
    o->ncp = x->ncp + y->ncp;
    return cg_obj_value(o);
}

cg_value cg_str_repeat(const cg_str *x, int64_t n) {
    if (n <= 0 || x->len == 0)
        return cg_obj_value(cg_str_empty());
    if (n == 1 && x->head.type == &cg_type_str)
        return cg_incref(cg_obj_value((cg_str *)x));
    if (x->len > INT64_MAX / 2 / n)
        return cg_raise_nomemory();
    cg_str *o = cg_str_alloc((size_t)(x->len * n));
    if (!o)
        return cg_raise_nomemory();
    for (int64_t i = 0; i < n; i++)
        memcpy(o->s + i * x->len, x->s, (size_t)x->len);
    o->ncp = x->ncp * n;
    return cg_obj_value(o);
}

static cg_value str_binary(cg_value a, cg_value b, cg_binop op) {
    bool sa = cg_is_str(a), sb = cg_is_str(b);
    switch (op) {
    case OP_ADD:
        if (sa && sb)
            return str_concat(cg_as_str(a), cg_as_str(b));
        if (sa && !cg_other_may_handle(b))
            return cg_raise(&cg_exc_TypeError, "can only concatenate str (not \"%s\") to str", cg_type_name(b));
        break;
    case OP_MULT: {
        cg_value n = sa ? b : a;
        int64_t k;
        int r = cg_sequence_repeat_count(n, &k);
        if (r < 0)
            return CG_ERR;
        if (r == 0)
            break;
        return cg_str_repeat(cg_as_str(sa ? a : b), k);
    }
    case OP_MOD:
        if (sa)
            return cg_str_percent(a, b);
        break;
    default: break;
    }
    return cg_incref(cg_NotImplemented);
}

static int64_t str_len(cg_value self) { return cg_as_str(self)->ncp; }

static int str_contains(cg_value self, cg_value item) {
    if (!cg_is_str(item))
        return cg_raise_int(&cg_exc_TypeError, "'in <string>' requires string as left operand, not %s",
                            cg_type_name(item));
    const cg_str *s = cg_as_str(self), *x = cg_as_str(item);
    if (x->len == 0)
        return 1;
    return memmem(s->s, (size_t)s->len, x->s, (size_t)x->len) != NULL;
}

/* The code point at index i (0 <= i < ncp) as a str. */
static cg_value str_char_at(const cg_str *s, int64_t i) {
    if (s->ncp == s->len)
        return cg_obj_value(cg_str_ascii_char(s->s[i]));
    int64_t off = cg_str_offset(s, i), end = off;
    cg_cp_next(s->s, s->len, &end);
    return cg_str_new(s->s + off, (size_t)(end - off));
}

static cg_value str_slice(cg_value self, cg_value key) {
    const cg_str *s = cg_as_str(self);
    int64_t start, stop, step, n = cg_slice_indices(key, s->ncp, &start, &stop, &step);
    if (n < 0)
        return CG_ERR;
    if (n == s->ncp && step == 1 && cg_is_type(self, &cg_type_str))
        return cg_incref(self);
    if (n == 0) /* "x"[2:-2]: stop before start */
        return cg_str_new("", 0);
    if (step == 1) {
        int64_t a = cg_str_offset(s, start);
        int64_t z = s->ncp == s->len ? stop : a + (cg_str_offset(s, stop) - a);
        return cg_str_new(s->s + a, (size_t)(z - a));
    }
    cg_strbuf b = {0};
    if (s->ncp == s->len) {
        for (int64_t k = 0, i = start; k < n; k++, i += step)
            cg_strbuf_putc(&b, s->s[i]);
        return cg_str_from_strbuf(&b);
    }
    /* non-ASCII with a step: find every code point's offset once */
    int64_t *offs = malloc((size_t)(s->ncp + 1) * sizeof *offs);
    if (!offs)
        return cg_raise_nomemory();
    for (int64_t i = 0, k = 0; i < s->len; k++) {
        offs[k] = i;
        cg_cp_next(s->s, s->len, &i);
    }
    offs[s->ncp] = s->len;
    for (int64_t k = 0, i = start; k < n; k++, i += step)
        cg_strbuf_append(&b, s->s + offs[i], (size_t)(offs[i + 1] - offs[i]));
    free(offs);
    return cg_str_from_strbuf(&b);
}

static cg_value str_getitem(cg_value self, cg_value key) {
    int64_t i;
    const cg_str *s = cg_as_str(self);
    int r = cg_key_as_item(key, &s->ncp, &i, "string index out of range");
    if (r < 0)
        return CG_ERR;
    if (r == 1)
        return str_char_at(s, i);
    if (cg_is_type(key, &cg_type_slice))
        return str_slice(self, key);
    return cg_raise(&cg_exc_TypeError, "string indices must be integers, not '%s'", cg_type_name(key));
}

static cg_value str_new(cg_type *type, const cg_args *a) {
    cg_value x = CG_STOP;
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "cgrad: str() takes at most 1 argument (%d given): no bytes decoding",
                        a->npos + a->nkw);
    if (a->npos)
        x = a->pos[0];
    for (int k = 0; k < a->nkw; k++) {
        if (strcmp(a->kwn[k]->s, "object") != 0 || x.tag != CG_V_STOP)
            return cg_raise(&cg_exc_TypeError, "'%s' is an invalid keyword argument for str()", a->kwn[k]->s);
        x = a->kwv[k];
    }
    cg_value r = x.tag == CG_V_STOP ? cg_obj_value(cg_str_empty()) : cg_to_str(x);
    if (cg_is_err(r) || type == &cg_type_str)
        return r;
    /* a subclass: the same text in an object of that class */
    cg_str *o = cg_str_alloc((size_t)cg_as_str(r)->len);
    if (!o)
        return cg_decref(r), cg_raise_nomemory();
    memcpy(o->s, cg_str_cstr(r), (size_t)cg_as_str(r)->len);
    o->ncp = cg_as_str(r)->ncp;
    o->head.type = type;
    cg_decref(r);
    return cg_obj_value(o);
}

cg_type cg_type_str = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "str",
    .module = "builtins",
    .base = &cg_type_object,
    .dealloc = str_dealloc,
    .repr = str_repr,
    .str = str_str,
    .hash = str_hash,
    .compare = str_compare,
    .binary = str_binary,
    .len = str_len,
    .contains = str_contains,
    .getitem = str_getitem,
    .iter = cg_str_iter_new,
    .new_ = str_new,
};
