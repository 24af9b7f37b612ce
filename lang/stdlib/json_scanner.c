/* json_scanner.c: _json.decode and _json.scanstring, the whole of
 * json.loads in one C pass over the text (Note [JSON in C, not Jansson]
 * in json_encoder.c).
 *
 * The text is the str's UTF-8 bytes; positions in errors and in the
 * `end` that raw_decode returns are Python's, in code points, converted
 * only when one is reported. Errors are the JSONDecodeError class the
 * Python side passes in, called with (msg, doc, pos) as CPython's scanner
 * does; which message at which position follows CPython 3.11's scanner.
 * This file is not the encoder (json_encoder.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/decimal_exact.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"
#include "stdlib/json.h"

/* Note [JSON key memo]
 * Object keys repeat: a document of a hundred thousand records has a
 * handful of distinct keys. As CPython's scanner does, each distinct key
 * text becomes one str that every object shares, which saves an
 * allocation, a copy and a hash per member (the str keeps its hash). The
 * memo is a small open-addressing table over the key bytes that stops
 * taking new keys when full; it lives for one decode. */
enum { MEMO_SIZE = 1024 };
typedef struct {
    cg_str *slot[MEMO_SIZE];
    int used;
} key_memo;

typedef struct {
    cg_value doc; /* the str being read (borrowed) */
    key_memo *memo; /* NULL: no memo (scanstring) */
    const unsigned char *s;
    int64_t n;
    bool strict;
    cg_value object_hook, pairs_hook, parse_float, parse_int, parse_constant, error; /* None: the default */
    cg_gc_batch *batch;  /* without hooks: the containers made (Note [Trees built in bulk]); NULL: none */
    cg_json_stack stack; /* the members of the containers being read (Note [JSON value stack]) */
} scanner;

/* Code point index of byte offset off. */
static int64_t cp_index(const scanner *sc, int64_t off) {
    if (cg_as_str(sc->doc)->ncp == sc->n)
        return off;
    int64_t k = 0;
    for (int64_t i = 0; i < off && i < sc->n; i++)
        k += (sc->s[i] & 0xC0) != 0x80;
    return k;
}

/* Raises error(msg, doc, pos); returns CG_ERR. */
static cg_value fail(const scanner *sc, const char *msg, int64_t off) {
    if (sc->batch)
        cg_gc_batch_end(sc->batch); /* error() is Python code */
    cg_value m = cg_str_from_c(msg);
    if (cg_is_err(m))
        return m;
    cg_value pos = cg_int(cp_index(sc, off));
    cg_value args[3] = {m, sc->doc, pos};
    cg_args a = {.pos = args, .npos = 3};
    cg_value exc = cg_call(sc->error, &a);
    cg_decref(m);
    if (cg_is_err(exc))
        return exc;
    cg_raise_object(exc);
    cg_decref(exc);
    return CG_ERR;
}

static int64_t skip_ws(const scanner *sc, int64_t i) {
    while (i < sc->n && (sc->s[i] == ' ' || sc->s[i] == '\t' || sc->s[i] == '\n' || sc->s[i] == '\r'))
        i++;
    return i;
}

static int hex4(const unsigned char *p, uint32_t *out) {
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) {
        unsigned char c = p[k];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v << 4 | (uint32_t)d;
    }
    *out = v;
    return 0;
}

/* The escape at s[*i] (just past the backslash) appended to b; *i moves
 * past it. -1 with the error raised. */
static int unescape(const scanner *sc, int64_t begin, int64_t *i, cg_strbuf *b) {
    int64_t at = *i;
    if (at >= sc->n) {
        fail(sc, "Unterminated string starting at", begin - 1);
        return -1;
    }
    unsigned char c = sc->s[at];
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *hit = c ? strchr(from, c) : NULL;
    if (hit) {
        cg_strbuf_putc(b, to[hit - from]);
        *i = at + 1;
        return 0;
    }
    if (c != 'u') {
        fail(sc, "Invalid \\escape", at - 1);
        return -1;
    }
    uint32_t cp;
    if (at + 5 > sc->n || hex4(sc->s + at + 1, &cp) < 0) {
        fail(sc, "Invalid \\uXXXX escape", at);
        return -1;
    }
    at += 5;
    /* a high surrogate followed by \u and a low one is one character */
    if (cp >= 0xD800 && cp <= 0xDBFF && at + 1 < sc->n && sc->s[at] == '\\' && sc->s[at + 1] == 'u') {
        uint32_t lo;
        if (at + 6 > sc->n || hex4(sc->s + at + 2, &lo) < 0) {
            fail(sc, "Invalid \\uXXXX escape", at + 1);
            return -1;
        }
        if (lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            at += 6;
        }
    }
    cg_strbuf_put_cp(b, cp);
    *i = at;
    return 0;
}

/* The string whose text starts at byte `begin` (past the quote); *end
 * gets the offset past the closing quote. */
static cg_value scan_string(const scanner *sc, int64_t begin, int64_t *end) {
    const unsigned char *s = sc->s;
    int64_t i = begin, ncp = 0;
    /* the common case: no escapes, copied at once */
    while (i < sc->n && s[i] != '"' && s[i] != '\\' && (s[i] >= 0x20 || !sc->strict)) {
        ncp += (s[i] & 0xC0) != 0x80;
        i++;
    }
    if (i < sc->n && s[i] == '"') {
        *end = i + 1;
        if (i == begin)
            return cg_obj_value(cg_str_empty());
        cg_str *o = cg_str_alloc((size_t)(i - begin));
        if (!o)
            return cg_raise_nomemory();
        memcpy(o->s, s + begin, (size_t)(i - begin));
        o->ncp = ncp;
        return cg_obj_value(o);
    }
    cg_strbuf b = CG_STRBUF_INIT;
    cg_strbuf_append(&b, (const char *)s + begin, (size_t)(i - begin));
    for (;;) {
        int64_t run = i;
        while (run < sc->n && s[run] != '"' && s[run] != '\\' && (s[run] >= 0x20 || !sc->strict))
            run++;
        cg_strbuf_append(&b, (const char *)s + i, (size_t)(run - i));
        i = run;
        if (i >= sc->n) {
            cg_strbuf_free(&b);
            return fail(sc, "Unterminated string starting at", begin - 1);
        }
        if (s[i] == '"')
            break;
        if (s[i] != '\\') {
            cg_strbuf_free(&b);
            return fail(sc, "Invalid control character at", i);
        }
        i++;
        if (unescape(sc, begin, &i, &b) < 0) {
            cg_strbuf_free(&b);
            return CG_ERR;
        }
    }
    *end = i + 1;
    return cg_str_from_strbuf(&b);
}

static cg_value scan_value(scanner *sc, int64_t i, int64_t *end);

static uint64_t bytes_hash(const unsigned char *p, int64_t n) {
    uint64_t h = 1469598103934665603u;
    for (int64_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211u;
    return h;
}

/* A key: the memo's str when the key is plain text (no escapes) seen
 * before, else a new one, remembered while there is room. */
static cg_value scan_key(const scanner *sc, int64_t begin, int64_t *end) {
    key_memo *m = sc->memo;
    int64_t i = begin;
    while (m && i < sc->n && i - begin < 64 && sc->s[i] != '"' && sc->s[i] != '\\' && sc->s[i] >= 0x20)
        i++;
    if (!m || i >= sc->n || sc->s[i] != '"')
        return scan_string(sc, begin, end);
    int64_t n = i - begin;
    uint64_t h = bytes_hash(sc->s + begin, n);
    for (uint64_t k = h & (MEMO_SIZE - 1);; k = (k + 1) & (MEMO_SIZE - 1)) {
        cg_str *o = m->slot[k];
        if (!o) {
            cg_value v = scan_string(sc, begin, end);
            if (!cg_is_err(v) && m->used < MEMO_SIZE / 2) {
                m->slot[k] = cg_as_str(v);
                m->used++;
                cg_incref(v);
            }
            return v;
        }
        if (o->len == n && memcmp(o->s, sc->s + begin, (size_t)n) == 0) {
            *end = i + 1;
            return cg_incref(cg_obj_value(o));
        }
    }
}

static void memo_free(key_memo *m) {
    for (int k = 0; k < MEMO_SIZE; k++)
        if (m->slot[k])
            cg_obj_decref(m->slot[k]);
    free(m);
}

/* What scan_value answers for "no value starts here" (CPython's
 * StopIteration): CG_STOP, with no exception. */
static cg_value expect_value(const scanner *sc, cg_value v, int64_t at) {
    return v.tag == CG_V_STOP ? fail(sc, "Expecting value", at) : v;
}

static cg_value finish_object(const scanner *sc, cg_value pairs) {
    if (!cg_is_none(sc->pairs_hook)) {
        cg_value r = cg_call1(sc->pairs_hook, pairs);
        cg_decref(pairs);
        return r;
    }
    cg_value d = cg_dict_new();
    cg_list *l = cg_as_list(pairs);
    for (int64_t k = 0; k < l->len && !cg_is_err(d); k++) {
        cg_tuple *t = cg_as_tuple(l->items[k]);
        if (cg_dict_set(cg_as_dict(d), t->items[0], t->items[1]) < 0) {
            cg_decref(d);
            d = CG_ERR;
        }
    }
    cg_decref(pairs);
    if (cg_is_err(d) || cg_is_none(sc->object_hook))
        return d;
    cg_value r = cg_call1(sc->object_hook, d);
    cg_decref(d);
    return r;
}

/* Note [JSON value stack]
 * An array's items and an object's keys and values are pushed on one
 * stack as they are read, and the list or dict is made at the closing
 * bracket, when its size is known: a list of exactly its length and a
 * dict with room for exactly its members, with no growing on the way
 * (most of json.loads' allocations otherwise). A container's members sit
 * above those of the containers around it; the stack grows, so they are
 * found by offset. */

/* The members above base as a list, taken off the stack. */
static cg_value list_from_stack(cg_json_stack *st, int64_t base) {
    cg_value list = cg_list_new(st->n - base);
    if (cg_is_err(list)) {
        cg_json_stack_pop_to(st, base);
        return list;
    }
    if (st->n > base)
        memcpy(cg_as_list(list)->items, st->v + base, (size_t)(st->n - base) * sizeof(cg_value));
    st->n = base;
    return list;
}

/* The key, value pairs above base as a dict (a later duplicate key wins),
 * taken off the stack. */
static cg_value dict_from_stack(cg_json_stack *st, int64_t base) {
    cg_value d = cg_dict_new_presized((st->n - base) / 2);
    int64_t i = base;
    for (; i < st->n && !cg_is_err(d); i += 2)
        if (cg_dict_set_steal(cg_as_dict(d), st->v[i], st->v[i + 1]) < 0) {
            cg_decref(d);
            d = CG_ERR;
        }
    for (; i < st->n; i++)
        cg_decref(st->v[i]);
    st->n = base;
    return d;
}

/* Pushes key and val, taking both references. */
static int push_pair(cg_json_stack *st, cg_value key, cg_value val) {
    if (cg_json_stack_push(st, key) < 0) {
        cg_decref(val);
        return -1;
    }
    return cg_json_stack_push(st, val);
}

/* An object whose '{' is just before i. Without a pairs hook the
 * members go on the stack and become a dict at the '}' (Note [JSON value
 * stack]); with one, a list of (key, value) tuples. */
static cg_value scan_object(scanner *sc, int64_t i, int64_t *end) {
    bool pairs = !cg_is_none(sc->pairs_hook);
    int64_t base = sc->stack.n;
    cg_value acc = pairs ? cg_list_new(0) : CG_NONE;
    if (cg_is_err(acc))
        return acc;
    i = skip_ws(sc, i);
    if (i >= sc->n || sc->s[i] != '}') {
        while (i < sc->n) {
            if (sc->s[i] != '"') {
                fail(sc, "Expecting property name enclosed in double quotes", i);
                goto error;
            }
            cg_value key = scan_key(sc, i + 1, &i);
            if (cg_is_err(key))
                goto error;
            i = skip_ws(sc, i);
            if (i >= sc->n || sc->s[i] != ':') {
                cg_decref(key);
                fail(sc, "Expecting ':' delimiter", i);
                goto error;
            }
            i = skip_ws(sc, i + 1);
            cg_value val = expect_value(sc, scan_value(sc, i, &i), i);
            if (cg_is_err(val)) {
                cg_decref(key);
                goto error;
            }
            int rc = pairs ? cg_list_append_steal(acc, cg_tuple_steal(2, (cg_value[]){key, val}))
                           : push_pair(&sc->stack, key, val);
            if (rc < 0)
                goto error;
            i = skip_ws(sc, i);
            if (i < sc->n && sc->s[i] == '}')
                break;
            if (i >= sc->n || sc->s[i] != ',') {
                fail(sc, "Expecting ',' delimiter", i);
                goto error;
            }
            i = skip_ws(sc, i + 1);
        }
        if (i >= sc->n || sc->s[i] != '}') {
            fail(sc, "Expecting property name enclosed in double quotes", i);
            goto error;
        }
    }
    *end = i + 1;
    if (pairs)
        return finish_object(sc, acc);
    acc = dict_from_stack(&sc->stack, base);
    if (cg_is_err(acc) || cg_is_none(sc->object_hook))
        return acc;
    cg_value r = cg_call1(sc->object_hook, acc);
    cg_decref(acc);
    return r;
error:
    cg_decref(acc);
    cg_json_stack_pop_to(&sc->stack, base);
    return CG_ERR;
}

static cg_value scan_array(scanner *sc, int64_t i, int64_t *end) {
    int64_t base = sc->stack.n;
    i = skip_ws(sc, i);
    if (i >= sc->n || sc->s[i] != ']') {
        while (i < sc->n) {
            if (cg_json_stack_push(&sc->stack, expect_value(sc, scan_value(sc, i, &i), i)) < 0)
                goto error;
            i = skip_ws(sc, i);
            if (i < sc->n && sc->s[i] == ']')
                break;
            if (i >= sc->n || sc->s[i] != ',') {
                fail(sc, "Expecting ',' delimiter", i);
                goto error;
            }
            i = skip_ws(sc, i + 1);
        }
        if (i >= sc->n || sc->s[i] != ']') {
            fail(sc, "Expecting value", i);
            goto error;
        }
    }
    *end = i + 1;
    return list_from_stack(&sc->stack, base);
error:
    cg_json_stack_pop_to(&sc->stack, base);
    return CG_ERR;
}

/* hook(text) for a number or constant read with a hook. */
static cg_value call_with_text(cg_value hook, const unsigned char *p, int64_t len) {
    cg_value t = cg_str_new((const char *)p, (size_t)len);
    if (cg_is_err(t))
        return t;
    cg_value r = cg_call1(hook, t);
    cg_decref(t);
    return r;
}

/* A number at s[i], or CG_STOP when none starts there. Integers that do
 * not fit 64 bits go to int() as text (exact once ints grow). */
static cg_value scan_number(const scanner *sc, int64_t i, int64_t *end) {
    const unsigned char *s = sc->s;
    int64_t start = i;
    if (i < sc->n && s[i] == '-')
        i++;
    if (i < sc->n && s[i] >= '1' && s[i] <= '9')
        while (i < sc->n && s[i] >= '0' && s[i] <= '9')
            i++;
    else if (i < sc->n && s[i] == '0')
        i++;
    else
        return CG_STOP;
    bool is_float = false;
    if (i + 1 < sc->n && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
        is_float = true;
        for (i += 2; i < sc->n && s[i] >= '0' && s[i] <= '9';)
            i++;
    }
    if (i < sc->n && (s[i] == 'e' || s[i] == 'E')) {
        int64_t e = i++;
        if (i < sc->n && (s[i] == '+' || s[i] == '-'))
            i++;
        int64_t digits = i;
        while (i < sc->n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == digits)
            i = e;
        else
            is_float = true;
    }
    *end = i;
    int64_t len = i - start;
    if (is_float) {
        if (!cg_is_none(sc->parse_float))
            return call_with_text(sc->parse_float, s + start, len);
        double x;
        bool exact = cg_decimal_exact((const char *)s + start, (const char *)s + i, &x);
        return cg_float(exact ? x : strtod((const char *)s + start, NULL));
    }
    if (!cg_is_none(sc->parse_int))
        return call_with_text(sc->parse_int, s + start, len);
    if (len <= 18) {
        bool neg = s[start] == '-';
        int64_t v = 0;
        for (int64_t k = start + neg; k < i; k++)
            v = v * 10 + (s[k] - '0');
        return cg_int(neg ? -v : v);
    }
    return call_with_text(cg_obj_value(&cg_type_int), s + start, len);
}

static bool has_word(const scanner *sc, int64_t i, const char *w) {
    size_t n = strlen(w);
    return i + (int64_t)n <= sc->n && memcmp(sc->s + i, w, n) == 0;
}

static cg_value constant(const scanner *sc, const char *name, double x, int64_t i, int64_t *end) {
    *end = i + (int64_t)strlen(name);
    if (cg_is_none(sc->parse_constant))
        return cg_float(x);
    return call_with_text(sc->parse_constant, (const unsigned char *)name, (int64_t)strlen(name));
}

/* The value starting at s[i], *end past it; CG_STOP (no exception) when
 * no value starts there. */
static cg_value scan_value(scanner *sc, int64_t i, int64_t *end) {
    if (i >= sc->n)
        return CG_STOP;
    cg_value r;
    switch (sc->s[i]) {
    case '"': return scan_string(sc, i + 1, end);
    case '{':
        if (cg_recursion_enter(" while decoding a JSON object from a unicode string") < 0)
            return CG_ERR;
        r = scan_object(sc, i + 1, end);
        cg_recursion_leave();
        return r;
    case '[':
        if (cg_recursion_enter(" while decoding a JSON array from a unicode string") < 0)
            return CG_ERR;
        r = scan_array(sc, i + 1, end);
        cg_recursion_leave();
        return r;
    case 'n':
        if (has_word(sc, i, "null")) {
            *end = i + 4;
            return CG_NONE;
        }
        return CG_STOP;
    case 't':
        if (has_word(sc, i, "true")) {
            *end = i + 4;
            return CG_TRUE;
        }
        return CG_STOP;
    case 'f':
        if (has_word(sc, i, "false")) {
            *end = i + 5;
            return CG_FALSE;
        }
        return CG_STOP;
    case 'N': return has_word(sc, i, "NaN") ? constant(sc, "NaN", NAN, i, end) : CG_STOP;
    case 'I': return has_word(sc, i, "Infinity") ? constant(sc, "Infinity", INFINITY, i, end) : CG_STOP;
    case '-':
        if (has_word(sc, i, "-Infinity"))
            return constant(sc, "-Infinity", -INFINITY, i, end);
        break;
    default: break;
    }
    return scan_number(sc, i, end);
}

static int scanner_init(scanner *sc, cg_value doc, cg_value strict) {
    if (!cg_is_str(doc)) {
        cg_raise(&cg_exc_TypeError, "first argument must be a string, not %s", cg_type_name(doc));
        return -1;
    }
    int t = cg_truth(strict);
    if (t < 0)
        return -1;
    sc->doc = doc;
    sc->s = (const unsigned char *)cg_as_str(doc)->s;
    sc->n = cg_as_str(doc)->len;
    sc->strict = t;
    return 0;
}

/* Byte offset of code point idx, or -1 past the end. */
static int64_t byte_offset(const scanner *sc, cg_value idx) {
    int64_t k;
    if (cg_index_value(idx, &k) < 0)
        return -2;
    const cg_str *s = cg_as_str(sc->doc);
    if (k < 0 || k > s->ncp)
        return -1;
    return cg_str_offset(s, k);
}

/* decode(s, idx, whole, strict, object_hook, object_pairs_hook,
 * parse_float, parse_int, parse_constant, error): whole, the document
 * (whitespace around it, "Extra data" after); otherwise raw_decode's
 * (value, end) for the value starting at code point idx. */
cg_value cg_json_decode(cg_value *v) {
    scanner sc = {.object_hook = v[4], .pairs_hook = v[5], .parse_float = v[6], .parse_int = v[7],
                  .parse_constant = v[8], .error = v[9]};
    if (scanner_init(&sc, v[0], v[3]) < 0)
        return CG_ERR;
    int64_t i = byte_offset(&sc, v[1]);
    if (i == -2)
        return CG_ERR;
    if (i < 0)
        return fail(&sc, "Expecting value", sc.n); /* CPython's StopIteration(idx) */
    int whole = cg_truth(v[2]);
    if (whole < 0)
        return CG_ERR;
    if (whole)
        i = skip_ws(&sc, i);
    int64_t end = i;
    sc.memo = calloc(1, sizeof *sc.memo); /* without one, keys are read as any string */
    cg_gc_batch batch;
    if (cg_is_none(sc.object_hook) && cg_is_none(sc.pairs_hook) && cg_is_none(sc.parse_float)
        && cg_is_none(sc.parse_int) && cg_is_none(sc.parse_constant)) {
        sc.batch = &batch;
        cg_gc_batch_begin(&batch);
    }
    cg_value r = expect_value(&sc, scan_value(&sc, i, &end), i);
    if (sc.batch)
        cg_gc_batch_end(sc.batch);
    if (sc.memo)
        memo_free(sc.memo);
    free(sc.stack.v);
    if (cg_is_err(r) || !whole)
        return cg_is_err(r) ? r : cg_tuple_steal(2, (cg_value[]){r, cg_int(cp_index(&sc, end))});
    end = skip_ws(&sc, end);
    if (end != sc.n) {
        cg_decref(r);
        return fail(&sc, "Extra data", end);
    }
    return r;
}

/* scanstring(s, end, strict, error): the string whose text starts at
 * code point end (past its quote), and the index past its closing quote. */
cg_value cg_json_scanstring(cg_value *v) {
    scanner sc = {.error = v[3]};
    if (scanner_init(&sc, v[0], v[2]) < 0)
        return CG_ERR;
    int64_t i = byte_offset(&sc, v[1]);
    if (i == -2)
        return CG_ERR;
    if (i < 0)
        return cg_raise(&cg_exc_ValueError, "end is out of bounds");
    int64_t end;
    cg_value r = scan_string(&sc, i, &end);
    if (cg_is_err(r))
        return r;
    return cg_tuple_steal(2, (cg_value[]){r, cg_int(cp_index(&sc, end))});
}
