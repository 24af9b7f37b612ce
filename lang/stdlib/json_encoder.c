/* json_encoder.c: _json.encode, the whole of json.dumps in one C walk
 * over the value, and _json.encode_basestring(_ascii), its string quoting.
 *
 * The Python side (prelude/json/encoder.py) holds JSONEncoder and its
 * options; it calls encode() with them read out, and a `default` to call
 * for values JSON has no form for. This file is not the decoder
 * (json_scanner.c).
 *
 * Note [JSON in C, not Jansson]
 * Jansson is already linked (the kernel's wire format), but json.dumps must
 * print what CPython prints: floats as repr() (runtime/float_repr.c), NaN
 * and Infinity, dict keys coerced the Python way, Python's key order,
 * indent strings, and Python's errors; and json.loads must give CPython's
 * JSONDecodeError messages and positions, big integers as text to int(),
 * parse_float/parse_int hooks and duplicate keys. Going through Jansson's
 * values would also copy a 20 MB document twice. So both directions are
 * written here, straight from cell values to text and back, in one pass,
 * with no intermediate tree. Order of type tests, key coercion and messages
 * follow CPython 3.11's json module. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/float_repr.h"
#include "runtime/lang_internal.h"
#include "stdlib/json.h"

typedef struct {
    cg_strbuf out;
    bool skipkeys, ensure_ascii, check_circular, allow_nan, sort_keys;
    bool float_detail; /* CPython's Python encoder: the float's repr in the NaN error */
    const cg_str *indent; /* NULL: everything on one line */
    const cg_str *key_sep, *item_sep;
    cg_value default_fn;
    cg_obj **path; /* the containers being encoded, for the circular check */
    int64_t depth, cap;
    cg_json_stack held; /* the members of the dicts being encoded, key then value (Note [Dict snapshot]) */
    int64_t level;      /* containers open: the indent (default's results take none) */
} encoder;

static const char HEX[] = "0123456789abcdef";

static void put_u4(cg_strbuf *b, uint32_t c) {
    char u[6] = {'\\', 'u', HEX[(c >> 12) & 15], HEX[(c >> 8) & 15], HEX[(c >> 4) & 15], HEX[c & 15]};
    cg_strbuf_append(b, u, 6);
}

/* One character that needs an escape (c < 0x20, '"', '\\', or, for
 * ascii, anything past 0x7e). */
static void put_escape(cg_strbuf *b, uint32_t c) {
    switch (c) {
    case '"': cg_strbuf_append(b, "\\\"", 2); return;
    case '\\': cg_strbuf_append(b, "\\\\", 2); return;
    case '\n': cg_strbuf_append(b, "\\n", 2); return;
    case '\r': cg_strbuf_append(b, "\\r", 2); return;
    case '\t': cg_strbuf_append(b, "\\t", 2); return;
    case '\b': cg_strbuf_append(b, "\\b", 2); return;
    case '\f': cg_strbuf_append(b, "\\f", 2); return;
    default: break;
    }
    if (c >= 0x10000) { /* a surrogate pair, as UTF-16 would hold it */
        c -= 0x10000;
        put_u4(b, 0xD800 | (c >> 10));
        put_u4(b, 0xDC00 | (c & 0x3FF));
    } else {
        put_u4(b, c);
    }
}

void cg_json_quote(cg_strbuf *b, const cg_str *s, bool ascii) {
    const unsigned char *p = (const unsigned char *)s->s;
    int64_t n = s->len, i = 0;
    cg_strbuf_putc(b, '"');
    while (i < n) {
        int64_t run = i;
        if (ascii)
            while (run < n && p[run] >= 0x20 && p[run] < 0x7f && p[run] != '"' && p[run] != '\\')
                run++;
        else
            while (run < n && p[run] >= 0x20 && p[run] != '"' && p[run] != '\\')
                run++;
        cg_strbuf_append(b, (const char *)p + i, (size_t)(run - i));
        i = run;
        if (i < n)
            put_escape(b, cg_cp_next(s->s, n, &i));
    }
    cg_strbuf_putc(b, '"');
}

static int put_float(encoder *e, double x) {
    if (isfinite(x)) {
        cg_float_repr_into(&e->out, x);
        return 0;
    }
    if (!e->allow_nan)
        return cg_raise_int(&cg_exc_ValueError, "Out of range float values are not JSON compliant%s",
                            !e->float_detail ? "" : isnan(x) ? ": nan" : x > 0 ? ": inf" : ": -inf");
    cg_strbuf_puts(&e->out, isnan(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity");
    return 0;
}

static void put_int(cg_strbuf *b, int64_t i) {
    char t[24], *p = t + sizeof t;
    uint64_t u = i < 0 ? 0 - (uint64_t)i : (uint64_t)i;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (i < 0)
        *--p = '-';
    cg_strbuf_append(b, p, (size_t)(t + sizeof t - p));
}

static void put_str(cg_strbuf *b, const cg_str *s) { cg_strbuf_append(b, s->s, (size_t)s->len); }

static void newline(encoder *e) {
    cg_strbuf_putc(&e->out, '\n');
    for (int64_t i = 0; i < e->level; i++)
        put_str(&e->out, e->indent);
}

/* Enters container o: the recursion guard and the circular check. */
static int enter_path(encoder *e, cg_obj *o) {
    if (cg_recursion_enter(" while encoding a JSON object") < 0)
        return -1;
    if (e->check_circular)
        for (int64_t i = 0; i < e->depth; i++)
            if (e->path[i] == o) {
                cg_recursion_leave();
                return cg_raise_int(&cg_exc_ValueError, "Circular reference detected");
            }
    if (e->depth == e->cap) {
        int64_t cap = e->cap ? 2 * e->cap : 16;
        cg_obj **p = realloc(e->path, (size_t)cap * sizeof *p);
        if (!p) {
            cg_recursion_leave();
            cg_raise_nomemory();
            return -1;
        }
        e->path = p;
        e->cap = cap;
    }
    e->path[e->depth++] = o;
    return 0;
}

static void leave_path(encoder *e) {
    e->depth--;
    cg_recursion_leave();
}

/* A list or dict: on the path, and one level of indent deeper. */
static int enter(encoder *e, cg_obj *o) {
    if (enter_path(e, o) < 0)
        return -1;
    e->level++;
    return 0;
}

static void leave(encoder *e) {
    e->level--;
    leave_path(e);
}

static int encode_value(encoder *e, cg_value v);

static int encode_items(encoder *e, const cg_value *items, int64_t n, cg_value owner) {
    if (n == 0) {
        cg_strbuf_append(&e->out, "[]", 2);
        return 0;
    }
    if (enter(e, owner.u.o) < 0)
        return -1;
    cg_strbuf_putc(&e->out, '[');
    int rc = 0;
    for (int64_t i = 0; i < n && rc == 0; i++) {
        if (i)
            put_str(&e->out, e->item_sep);
        if (e->indent)
            newline(e);
        rc = encode_value(e, items[i]);
    }
    leave(e);
    if (rc == 0 && e->indent)
        newline(e);
    cg_strbuf_putc(&e->out, ']');
    return rc;
}

/* A list may change under a `default` that holds it: read it afresh at
 * each index, holding each item while it is encoded. */
static int encode_list(encoder *e, cg_value v) {
    cg_list *l = cg_as_list(v);
    if (l->len == 0) {
        cg_strbuf_append(&e->out, "[]", 2);
        return 0;
    }
    if (enter(e, v.u.o) < 0)
        return -1;
    cg_strbuf_putc(&e->out, '[');
    int rc = 0;
    for (int64_t i = 0; i < l->len && rc == 0; i++) {
        if (i)
            put_str(&e->out, e->item_sep);
        if (e->indent)
            newline(e);
        cg_value item = cg_incref(l->items[i]);
        rc = encode_value(e, item);
        cg_decref(item);
    }
    leave(e);
    if (rc == 0 && e->indent)
        newline(e);
    cg_strbuf_putc(&e->out, ']');
    return rc;
}

/* A dict key as JSON's object keys must be: a str. 1 written, 0 skipped
 * (skipkeys), -1 error. */
static int encode_key(encoder *e, cg_value k) {
    k = cg_unbox(k);
    if (cg_is_str(k)) {
        cg_json_quote(&e->out, cg_as_str(k), e->ensure_ascii);
        return 1;
    }
    cg_strbuf_putc(&e->out, '"');
    int rc = 1;
    if (k.tag == CG_V_FLOAT)
        rc = put_float(e, k.u.f) < 0 ? -1 : 1;
    else if (k.tag == CG_V_BOOL)
        cg_strbuf_puts(&e->out, k.u.i ? "true" : "false");
    else if (k.tag == CG_V_NONE)
        cg_strbuf_puts(&e->out, "null");
    else if (k.tag == CG_V_INT)
        put_int(&e->out, k.u.i);
    else if (cg_isinstance(k, &cg_type_float) || cg_isinstance(k, &cg_type_int)) {
        /* subclasses (and ints past int64 once they are objects): the base
         * type's text, as CPython's float.__repr__ / int.__repr__ */
        double x;
        if (cg_isinstance(k, &cg_type_float))
            rc = cg_float_value(k, &x) < 0 || put_float(e, x) < 0 ? -1 : 1;
        else {
            cg_value r = cg_repr(k);
            if (cg_is_err(r))
                return -1;
            put_str(&e->out, cg_as_str(r));
            cg_decref(r);
        }
    } else if (e->skipkeys)
        return 0;
    else
        return cg_raise_int(&cg_exc_TypeError, "keys must be str, int, float, bool or None, not %s", cg_type_name(k));
    cg_strbuf_putc(&e->out, '"');
    return rc;
}

/* The (key, value) pairs of a dict subclass (items(), which it may
 * define) or of a dict to sort, as a list of 2-tuples. */
static cg_value dict_pairs(encoder *e, cg_value d) {
    cg_value items;
    if (cg_is_type(d, &cg_type_dict)) {
        items = cg_list_new(0);
        int64_t pos = 0;
        cg_value k, v;
        while (!cg_is_err(items) && cg_dict_next(cg_as_dict(d), &pos, &k, &v))
            if (cg_list_append_steal(items, cg_tuple_pack(2, k, v)) < 0) {
                cg_decref(items);
                items = CG_ERR;
            }
    } else {
        cg_value view = cg_call_method(d, "items", 0, NULL);
        if (cg_is_err(view))
            return view;
        items = cg_list_from_iterable(view);
        cg_decref(view);
    }
    if (!cg_is_err(items) && e->sort_keys && cg_list_sort(items, CG_NONE, false) < 0) {
        cg_decref(items);
        return CG_ERR;
    }
    return items;
}

/* Note [Dict snapshot]
 * CPython's encoder writes a dict from a list of its items() made first,
 * so a default() that changes the dict changes nothing written. For a
 * plain dict in its own order the snapshot is the members' references
 * copied onto e->held, one stack for all the dicts being written (it
 * grows, so they are found by offset), held until the dict is done: no
 * tuple and no list per dict. */
static int hold_members(encoder *e, cg_dict *d) {
    if (cg_json_stack_reserve(&e->held, 2 * d->used) < 0)
        return -1;
    int64_t pos = 0;
    cg_value k, v;
    while (cg_dict_next(d, &pos, &k, &v)) {
        e->held.v[e->held.n++] = cg_incref(k);
        e->held.v[e->held.n++] = cg_incref(v);
    }
    return 0;
}

/* One member: the item separator unless first, the key, the value. 0, or
 * -1 with the error raised; *first cleared once a member is written. */
static int encode_member(encoder *e, cg_value key, cg_value value, bool *first) {
    size_t mark = e->out.len;
    if (!*first)
        put_str(&e->out, e->item_sep);
    if (e->indent)
        newline(e);
    int k = encode_key(e, key);
    if (k <= 0) {
        e->out.len = mark; /* a skipped key takes its separator with it */
        if (e->out.data)
            e->out.data[mark] = '\0';
        return k;
    }
    *first = false;
    put_str(&e->out, e->key_sep);
    return encode_value(e, value);
}

static int encode_dict(encoder *e, cg_value d) {
    if (cg_len(d) == 0) {
        cg_strbuf_append(&e->out, "{}", 2);
        return 0;
    }
    bool plain = cg_is_type(d, &cg_type_dict) && !e->sort_keys;
    int64_t base = e->held.n;
    cg_value pairs = plain ? CG_NONE : dict_pairs(e, d);
    if (cg_is_err(pairs) || (plain && hold_members(e, cg_as_dict(d)) < 0))
        return -1;
    if (enter(e, d.u.o) < 0) {
        cg_json_stack_pop_to(&e->held, base);
        cg_decref(pairs);
        return -1;
    }
    cg_strbuf_putc(&e->out, '{');
    int rc = 0;
    bool first = true;
    if (plain) {
        for (int64_t i = base; i < e->held.n && rc == 0; i += 2)
            rc = encode_member(e, e->held.v[i], e->held.v[i + 1], &first);
    } else {
        cg_list *l = cg_as_list(pairs);
        for (int64_t i = 0; i < l->len && rc == 0; i++) {
            cg_value pair = l->items[i];
            if (!cg_is_tuple(pair) || cg_as_tuple(pair)->len != 2)
                rc = cg_raise_int(&cg_exc_ValueError, "items must return tuples of 2 elements");
            else
                rc = encode_member(e, cg_as_tuple(pair)->items[0], cg_as_tuple(pair)->items[1], &first);
        }
    }
    leave(e);
    cg_json_stack_pop_to(&e->held, base);
    cg_decref(pairs);
    if (rc == 0 && e->indent && !first)
        newline(e);
    cg_strbuf_putc(&e->out, '}');
    return rc;
}

/* A value JSON has no form for: what default(o) returns, encoded with o
 * on the path (a default that returns o again is a circle). */
static int encode_default(encoder *e, cg_value v) {
    if (enter_path(e, v.tag == CG_V_OBJ ? v.u.o : NULL) < 0)
        return -1;
    cg_value r = cg_call1(e->default_fn, v);
    int rc = cg_is_err(r) ? -1 : encode_value(e, r);
    cg_decref(r);
    leave_path(e);
    return rc;
}

static int encode_value(encoder *e, cg_value v) {
    v = cg_unbox(v); /* a subclass of int, str, list...: its builtin value, as CPython's encoder reads it */
    switch (v.tag) {
    case CG_V_NONE: cg_strbuf_append(&e->out, "null", 4); return 0;
    case CG_V_BOOL: cg_strbuf_puts(&e->out, v.u.i ? "true" : "false"); return 0;
    case CG_V_INT: put_int(&e->out, v.u.i); return 0;
    case CG_V_FLOAT: return put_float(e, v.u.f);
    default: break;
    }
    if (cg_is_str(v)) {
        cg_json_quote(&e->out, cg_as_str(v), e->ensure_ascii);
        return 0;
    }
    if (cg_isinstance(v, &cg_type_int)) {
        cg_value r = cg_repr(v);
        if (cg_is_err(r))
            return -1;
        put_str(&e->out, cg_as_str(r));
        cg_decref(r);
        return 0;
    }
    if (cg_isinstance(v, &cg_type_float)) {
        double x;
        return cg_float_value(v, &x) < 0 ? -1 : put_float(e, x);
    }
    if (cg_is_list(v))
        return encode_list(e, v);
    if (cg_is_tuple(v))
        return encode_items(e, cg_as_tuple(v)->items, cg_as_tuple(v)->len, v);
    if (cg_is_dict(v))
        return encode_dict(e, v);
    return encode_default(e, v);
}

static int bool_arg(cg_value v, bool *out) {
    int t = cg_truth(v);
    *out = t > 0;
    return t < 0 ? -1 : 0;
}

static int str_arg(cg_value v, const char *what, const cg_str **out) {
    if (!cg_is_str(v))
        return cg_raise_int(&cg_exc_TypeError, "%s must be a str, not %s", what, cg_type_name(v));
    *out = cg_as_str(v);
    return 0;
}

/* encode(obj, skipkeys, ensure_ascii, check_circular, allow_nan,
 * sort_keys, indent, key_separator, item_separator, default, float_detail) */
cg_value cg_json_encode(cg_value *v) {
    encoder e = {.default_fn = v[9]};
    if (bool_arg(v[1], &e.skipkeys) < 0 || bool_arg(v[2], &e.ensure_ascii) < 0
        || bool_arg(v[3], &e.check_circular) < 0 || bool_arg(v[4], &e.allow_nan) < 0
        || bool_arg(v[5], &e.sort_keys) < 0 || bool_arg(v[10], &e.float_detail) < 0 || (!cg_is_none(v[6]) && str_arg(v[6], "indent", &e.indent) < 0)
        || str_arg(v[7], "key_separator", &e.key_sep) < 0 || str_arg(v[8], "item_separator", &e.item_sep) < 0)
        return CG_ERR;
    int rc = encode_value(&e, v[0]);
    free(e.path);
    free(e.held.v);
    if (rc < 0) {
        cg_strbuf_free(&e.out);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&e.out);
}
