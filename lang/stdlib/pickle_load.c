/* pickle_load.c: the unpickler, a loop over the opcodes of protocols 0 to
 * 5 with a value stack, a stack of MARK positions and the memo.
 *
 * It reads from a bytes-like object (pickle.loads) or through a file's
 * read and readline (pickle.load): a protocol 4 frame is read from the
 * file whole, then served from memory, so that the file is never read
 * past the pickle's STOP. Errors are CPython 3.11's: EOFError "Ran out of
 * input" where the next opcode is missing, UnpicklingError for a
 * truncated argument, an unknown opcode, a stack underflow or a missing
 * memo entry. What needs the import system or the registries goes to
 * the Python Unpickler (prelude/pickle.py): find_class, persistent_load,
 * extension codes, protocol 0's quoted strings. Not the pickler
 * (pickle_dump.c). */
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/codecs.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "stdlib/pickle.h"

typedef struct {
    const char *buf; /* the bytes being read: the whole pickle, a frame, or one read() */
    int64_t len, pos;
    cg_value owner; /* what holds buf (a counted reference) */
    cg_value read, readline;
    bool file;
    cg_value *stack;
    int64_t sp, scap;
    int64_t *marks;
    int64_t nmarks, mcap;
    pk_load_memo *memo;
    int proto;
    cg_value self, buffers, pers_load;
} unpickler;

static cg_value uerr(const char *msg) { return cg_pickle_raise("UnpicklingError", "%s", msg); }

static cg_value truncated(void) { return uerr("pickle data was truncated"); }

/* ---- input -------------------------------------------------------------------- */

static void set_owner(unpickler *u, cg_value b) {
    cg_decref(u->owner);
    u->owner = b;
    u->buf = cg_byteslike_data(b, &u->len);
    u->pos = 0;
}

/* n more bytes from the file, after what is left of the buffer. */
static const char *read_file(unpickler *u, int64_t n) {
    int64_t rest = u->len - u->pos;
    cg_value r = cg_call1(u->read, cg_int(n - rest));
    if (cg_is_err(r))
        return NULL;
    if (!cg_is_bytes(r) && !cg_is_bytearray(r)) {
        cg_raise(&cg_exc_TypeError, "a bytes-like object is required, not '%s'", cg_type_name(r));
        cg_decref(r);
        return NULL;
    }
    int64_t got;
    const char *s = cg_byteslike_data(r, &got);
    if (got + rest < n) {
        cg_decref(r);
        truncated();
        return NULL;
    }
    if (rest) {
        cg_bytes *b = cg_bytes_alloc((size_t)n);
        if (!b) {
            cg_decref(r);
            cg_raise_nomemory();
            return NULL;
        }
        memcpy(b->s, u->buf + u->pos, (size_t)rest);
        memcpy(b->s + rest, s, (size_t)(n - rest));
        cg_decref(r);
        r = cg_obj_value(b);
    }
    set_owner(u, r);
    u->pos = n;
    return u->buf;
}

static const char *take(unpickler *u, int64_t n) {
    if (n == 0)
        return u->buf ? u->buf + u->pos : "";
    if (n <= u->len - u->pos) {
        const char *s = u->buf + u->pos;
        u->pos += n;
        return s;
    }
    if (!u->file) {
        truncated();
        return NULL;
    }
    return read_file(u, n);
}

/* One line, without its newline: *n its length. */
static const char *take_line(unpickler *u, int64_t *n) {
    const char *s = u->len > u->pos ? u->buf + u->pos : NULL;
    const char *nl = s ? memchr(s, '\n', (size_t)(u->len - u->pos)) : NULL;
    if (nl) {
        *n = nl - s;
        u->pos += *n + 1;
        return s;
    }
    if (!u->file) {
        truncated();
        return NULL;
    }
    cg_value r = cg_call0(u->readline);
    if (cg_is_err(r))
        return NULL;
    int64_t got;
    const char *t = cg_is_bytes(r) ? cg_byteslike_data(r, &got) : NULL;
    if (!t || got == 0 || t[got - 1] != '\n') {
        cg_decref(r);
        truncated();
        return NULL;
    }
    int64_t rest = u->len - u->pos;
    cg_bytes *b = cg_bytes_alloc((size_t)(rest + got));
    if (!b) {
        cg_decref(r);
        cg_raise_nomemory();
        return NULL;
    }
    if (rest)
        memcpy(b->s, u->buf + u->pos, (size_t)rest);
    memcpy(b->s + rest, t, (size_t)got);
    cg_decref(r);
    set_owner(u, cg_obj_value(b));
    u->pos = u->len;
    *n = u->len - 1;
    return u->buf;
}

static uint64_t rd_le(const char *s, int n) {
    uint64_t x = 0;
    for (int i = n - 1; i >= 0; i--)
        x = (x << 8) | (unsigned char)s[i];
    return x;
}

/* ---- the stack ---------------------------------------------------------------- */

static int64_t fence(const unpickler *u) { return u->nmarks ? u->marks[u->nmarks - 1] : 0; }

static int underflow(const unpickler *u) {
    uerr(u->nmarks ? "unexpected MARK found" : "unpickling stack underflow");
    return -1;
}

/* Pushes v, taking its reference. */
static int push(unpickler *u, cg_value v) {
    if (cg_is_err(v))
        return -1;
    if (u->sp == u->scap) {
        int64_t cap = u->scap ? 2 * u->scap : 64;
        cg_value *s = realloc(u->stack, (size_t)cap * sizeof *s);
        if (!s) {
            cg_decref(v);
            cg_raise_nomemory();
            return -1;
        }
        u->stack = s;
        u->scap = cap;
    }
    u->stack[u->sp++] = v;
    return 0;
}

/* The top value, taken off (the caller owns it); CG_ERR on underflow. */
static cg_value pop(unpickler *u) {
    if (u->sp <= fence(u)) {
        underflow(u);
        return CG_ERR;
    }
    return u->stack[--u->sp];
}

static cg_value *top(unpickler *u) {
    if (u->sp <= fence(u)) {
        underflow(u);
        return NULL;
    }
    return &u->stack[u->sp - 1];
}

static int mark(unpickler *u) {
    if (u->nmarks == u->mcap) {
        int64_t cap = u->mcap ? 2 * u->mcap : 16;
        int64_t *m = realloc(u->marks, (size_t)cap * sizeof *m);
        if (!m) {
            cg_raise_nomemory();
            return -1;
        }
        u->marks = m;
        u->mcap = cap;
    }
    u->marks[u->nmarks++] = u->sp;
    return 0;
}

/* Pops the last MARK: its position in the stack, or -1. */
static int64_t marker(unpickler *u) {
    if (!u->nmarks) {
        uerr("could not find MARK");
        return -1;
    }
    return u->marks[--u->nmarks];
}

/* The values above stack position k, as a tuple; they leave the stack. */
static cg_value pop_tuple(unpickler *u, int64_t k) {
    cg_value t = cg_tuple_steal(u->sp - k, u->stack + k);
    u->sp = k;
    return t;
}

/* ---- the memo --------------------------------------------------------------- */

/* An index far past the entries there are comes from a crafted pickle:
 * it goes to a dict, not into an array that size. */
static bool far_index(const unpickler *u, int64_t idx) {
    return idx >= u->memo->cap && idx > 4 * u->memo->count + 65536;
}

static int memo_set(unpickler *u, int64_t idx, cg_value v) {
    if (idx < 0)
        return cg_raise_int(&cg_exc_ValueError, "negative PUT argument");
    if (far_index(u, idx)) {
        if (cg_is_none(u->memo->far)) {
            u->memo->far = cg_dict_new();
            if (cg_is_err(u->memo->far)) {
                u->memo->far = CG_NONE;
                return -1;
            }
        }
        return cg_dict_set(cg_as_dict(u->memo->far), cg_int(idx), v);
    }
    if (idx >= u->memo->cap) {
        int64_t cap = u->memo->cap ? u->memo->cap : 64;
        while (cap <= idx)
            cap *= 2;
        cg_value *m = realloc(u->memo->arr, (size_t)cap * sizeof *m);
        if (!m) {
            cg_raise_nomemory();
            return -1;
        }
        for (int64_t i = u->memo->cap; i < cap; i++)
            m[i] = CG_STOP;
        u->memo->arr = m;
        u->memo->cap = cap;
    }
    if (u->memo->arr[idx].tag == CG_V_STOP)
        u->memo->count++;
    else
        cg_decref(u->memo->arr[idx]);
    u->memo->arr[idx] = cg_incref(v);
    return 0;
}

static int memo_put_top(unpickler *u, int64_t idx) {
    cg_value *t = top(u);
    return t ? memo_set(u, idx, *t) : -1;
}

static int memo_get(unpickler *u, int64_t idx) {
    if (idx >= u->memo->cap && !cg_is_none(u->memo->far)) {
        cg_value v = cg_dict_get_borrowed(cg_as_dict(u->memo->far), cg_int(idx));
        if (v.tag != CG_V_STOP && !cg_is_err(v))
            return push(u, cg_incref(v));
    }
    if (idx < 0 || idx >= u->memo->cap || u->memo->arr[idx].tag == CG_V_STOP) {
        cg_pickle_raise("UnpicklingError", "Memo value not found at index %lld", (long long)idx);
        return -1;
    }
    return push(u, cg_incref(u->memo->arr[idx]));
}

/* A decimal argument on its own line (GET, PUT, ...). */
static int line_index(unpickler *u, int64_t *out) {
    int64_t n;
    const char *s = take_line(u, &n);
    if (!s)
        return -1;
    cg_value v = cg_int_parse(s, (size_t)n, 10);
    if (cg_is_err(v))
        return -1;
    int rc = cg_int_to_int64(v, out);
    cg_decref(v);
    return rc;
}

/* ---- values --------------------------------------------------------------------- */

/* UTF-8 text as pickled (surrogates pass). */
static cg_value utf8(const char *s, int64_t n) {
    int64_t i = 0;
    while (i < n && (unsigned char)s[i] < 0x80)
        i++;
    if (i == n)
        return cg_str_new(s, (size_t)n);
    return cg_bytes_decode(s, n, "utf-8", "surrogatepass");
}

static int hexval(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Protocol 0's UNICODE argument: raw-unicode-escape (\uXXXX, \UXXXXXXXX,
 * and latin-1 for the rest). */
static cg_value raw_unicode_escape(const char *s, int64_t n) {
    cg_strbuf b = CG_STRBUF_INIT;
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        int width = c == '\\' && i + 1 < n ? (s[i + 1] == 'u' ? 4 : s[i + 1] == 'U' ? 8 : 0) : 0;
        uint32_t cp = c;
        if (width) {
            if (i + 2 + width > n)
                return cg_raise(&cg_exc_UnicodeDecodeError, "'rawunicodeescape' codec can't decode bytes: truncated \\uXXXX escape");
            cp = 0;
            for (int k = 0; k < width; k++) {
                int h = hexval(s[i + 2 + k]);
                if (h < 0) {
                    cg_strbuf_free(&b);
                    return cg_raise(&cg_exc_UnicodeDecodeError, "'rawunicodeescape' codec can't decode bytes: truncated \\uXXXX escape");
                }
                cp = cp * 16 + (uint32_t)h;
            }
            i += 1 + width;
        }
        cg_strbuf_put_cp(&b, cp);
    }
    return cg_str_from_strbuf(&b);
}

static cg_value long_from(const char *s, int64_t n) {
    if (n == 0)
        return cg_int(0);
    return cg_int_from_bytes((const unsigned char *)s, (size_t)n, true, true);
}

/* INT: "I01"/"I00" are True/False, else a decimal. */
static int load_int_text(unpickler *u, bool is_long) {
    int64_t n;
    const char *s = take_line(u, &n);
    if (!s)
        return -1;
    if (!is_long && n == 2 && s[0] == '0' && (s[1] == '0' || s[1] == '1'))
        return push(u, cg_bool(s[1] == '1'));
    if (is_long && n > 0 && s[n - 1] == 'L')
        n--;
    return push(u, cg_int_parse(s, (size_t)n, 10));
}

static int load_float_text(unpickler *u) {
    int64_t n;
    const char *s = take_line(u, &n);
    if (!s)
        return -1;
    cg_value t = cg_str_new(s, (size_t)n);
    if (cg_is_err(t))
        return -1;
    cg_value f = cg_call1(cg_obj_value(&cg_type_float), t);
    cg_decref(t);
    return push(u, f);
}

static int load_binfloat(unpickler *u) {
    const char *s = take(u, 8);
    if (!s)
        return -1;
    uint64_t x = 0;
    for (int i = 0; i < 8; i++)
        x = (x << 8) | (unsigned char)s[i];
    double d;
    memcpy(&d, &x, 8);
    return push(u, cg_float(d));
}

/* A length of nbytes little-endian bytes, then that many bytes. */
static const char *counted(unpickler *u, int nbytes, int64_t *n) {
    const char *s = take(u, nbytes);
    if (!s)
        return NULL;
    uint64_t len = rd_le(s, nbytes);
    if (len > (uint64_t)INT64_MAX) {
        cg_raise(&cg_exc_OverflowError, "BINBYTES exceeds system's maximum size of %lld bytes", (long long)INT64_MAX);
        return NULL;
    }
    *n = (int64_t)len;
    return take(u, *n);
}

static int load_unicode(unpickler *u, int nbytes) {
    int64_t n;
    const char *s = counted(u, nbytes, &n);
    return s ? push(u, utf8(s, n)) : -1;
}

static int load_bytes(unpickler *u, int nbytes, bool bytearray) {
    int64_t n;
    const char *s = counted(u, nbytes, &n);
    if (!s)
        return -1;
    return push(u, bytearray ? cg_bytearray_new(s, (size_t)n) : cg_bytes_new(s, (size_t)n));
}

/* Python 2's str (STRING, BINSTRING, SHORT_BINSTRING): Unpickler._c_string
 * decodes it with the encoding and errors given to the Unpickler. */
static int load_py2_string(unpickler *u, const char *s, int64_t n, bool quoted) {
    cg_value b = cg_bytes_new(s, (size_t)n);
    if (cg_is_err(b))
        return -1;
    cg_value args[2] = {b, cg_bool(quoted)};
    cg_value r = cg_call_method(u->self, "_c_string", 2, args);
    cg_decref(b);
    return push(u, r);
}

static int load_binstring(unpickler *u, int nbytes) {
    int64_t n;
    const char *s = take(u, nbytes);
    if (!s)
        return -1;
    n = (int64_t)rd_le(s, nbytes);
    s = take(u, n);
    return s ? load_py2_string(u, s, n, false) : -1;
}

static int load_long_bin(unpickler *u, int nbytes) {
    const char *s = take(u, nbytes);
    if (!s)
        return -1;
    int64_t n = nbytes == 1 ? (unsigned char)s[0] : (int32_t)rd_le(s, 4);
    if (n < 0) {
        uerr("LONG pickle has negative byte count");
        return -1;
    }
    s = take(u, n);
    return s ? push(u, long_from(s, n)) : -1;
}

/* ---- containers ------------------------------------------------------------------- */

static int load_tuple_n(unpickler *u, int64_t n) {
    if (u->sp - fence(u) < n)
        return underflow(u);
    return push(u, pop_tuple(u, u->sp - n));
}

static int load_mark_build(unpickler *u, int kind) {
    int64_t k = marker(u);
    if (k < 0)
        return -1;
    if (kind == PK_TUPLE)
        return push(u, pop_tuple(u, k));
    if (kind == PK_LIST) {
        cg_value l = cg_list_from_array(u->sp - k, u->stack + k);
        for (int64_t i = k; i < u->sp; i++)
            cg_decref(u->stack[i]);
        u->sp = k;
        return push(u, l);
    }
    if (kind == PK_FROZENSET) {
        cg_value t = pop_tuple(u, k);
        if (cg_is_err(t))
            return -1;
        cg_value f = cg_call1(cg_obj_value(&cg_type_frozenset), t);
        cg_decref(t);
        return push(u, f);
    }
    /* DICT */
    if ((u->sp - k) % 2) {
        uerr("odd number of items for DICT");
        return -1;
    }
    cg_value d = cg_dict_new();
    if (cg_is_err(d))
        return -1;
    int rc = 0;
    for (int64_t i = k; i < u->sp && rc == 0; i += 2)
        rc = cg_dict_set(cg_as_dict(d), u->stack[i], u->stack[i + 1]);
    for (int64_t i = k; i < u->sp; i++)
        cg_decref(u->stack[i]);
    u->sp = k;
    if (rc < 0) {
        cg_decref(d);
        return -1;
    }
    return push(u, d);
}

/* APPEND and APPENDS: items from stack position k on join the list below. */
static int appends(unpickler *u, int64_t k) {
    if (k <= fence(u))
        return underflow(u);
    cg_value target = u->stack[k - 1];
    int rc = 0;
    if (cg_is_type(target, &cg_type_list)) {
        /* the stack's references move into the list */
        int64_t i = k;
        while (i < u->sp && rc == 0)
            rc = cg_list_append_steal(target, u->stack[i++]);
        for (; i < u->sp; i++)
            cg_decref(u->stack[i]);
        u->sp = k;
        return rc;
    } else {
        cg_value ext = cg_getattr_opt(target, cg_str_intern("extend"));
        if (cg_is_err(ext))
            rc = -1;
        else if (ext.tag != CG_V_STOP) {
            cg_value items = cg_list_from_array(u->sp - k, u->stack + k);
            cg_value r = cg_is_err(items) ? CG_ERR : cg_call1(ext, items);
            cg_decref(items);
            cg_decref(ext);
            rc = cg_is_err(r) ? -1 : 0;
            cg_decref(r);
        } else {
            for (int64_t i = k; i < u->sp && rc == 0; i++) {
                cg_value r = cg_call_method(target, "append", 1, &u->stack[i]);
                rc = cg_is_err(r) ? -1 : 0;
                cg_decref(r);
            }
        }
    }
    for (int64_t i = k; i < u->sp; i++)
        cg_decref(u->stack[i]);
    u->sp = k;
    return rc;
}

static int setitems(unpickler *u, int64_t k) {
    if (k <= fence(u))
        return underflow(u);
    if ((u->sp - k) % 2) {
        uerr("odd number of items for SETITEMS");
        return -1;
    }
    cg_value target = u->stack[k - 1];
    int rc = 0;
    for (int64_t i = k; i < u->sp && rc == 0; i += 2)
        rc = cg_is_type(target, &cg_type_dict) ? cg_dict_set(cg_as_dict(target), u->stack[i], u->stack[i + 1])
                                               : cg_setitem(target, u->stack[i], u->stack[i + 1]);
    for (int64_t i = k; i < u->sp; i++)
        cg_decref(u->stack[i]);
    u->sp = k;
    return rc;
}

static int additems(unpickler *u) {
    int64_t k = marker(u);
    if (k < 0)
        return -1;
    if (k <= fence(u))
        return underflow(u);
    cg_value target = u->stack[k - 1];
    int rc = 0;
    for (int64_t i = k; i < u->sp && rc == 0; i++) {
        if (cg_is_type(target, &cg_type_set)) {
            rc = cg_set_add(target, u->stack[i]);
        } else {
            cg_value r = cg_call_method(target, "add", 1, &u->stack[i]);
            rc = cg_is_err(r) ? -1 : 0;
            cg_decref(r);
        }
    }
    for (int64_t i = k; i < u->sp; i++)
        cg_decref(u->stack[i]);
    u->sp = k;
    return rc;
}

/* ---- objects ---------------------------------------------------------------------- */

static cg_value call_tuple(cg_value fn, cg_value args) {
    if (!cg_is_tuple(args))
        return cg_raise(&cg_exc_TypeError, "argument list must be a tuple");
    cg_args a = {.pos = cg_as_tuple(args)->items, .npos = (int)cg_as_tuple(args)->len};
    return cg_call(fn, &a);
}

static int load_reduce(unpickler *u) {
    cg_value args = pop(u);
    if (cg_is_err(args))
        return -1;
    cg_value *fn = top(u);
    if (!fn) {
        cg_decref(args);
        return -1;
    }
    cg_value r = call_tuple(*fn, args);
    cg_decref(args);
    if (cg_is_err(r))
        return -1;
    cg_value_set(fn, r);
    return 0;
}

/* cls.__new__(cls, *args, **kwargs) */
static cg_value new_instance(cg_value cls, cg_value args, cg_value kwargs) {
    cg_value nw = cg_getattr(cls, cg_str_intern("__new__"));
    if (cg_is_err(nw))
        return CG_ERR;
    int64_t n = cg_as_tuple(args)->len;
    cg_value *pos = malloc((size_t)(n + 1) * sizeof *pos);
    if (!pos) {
        cg_decref(nw);
        return cg_raise_nomemory();
    }
    pos[0] = cls;
    memcpy(pos + 1, cg_as_tuple(args)->items, (size_t)n * sizeof *pos);
    cg_args a = {.pos = pos, .npos = (int)n + 1};
    int64_t nkw = cg_is_none(kwargs) ? 0 : cg_dict_len(cg_as_dict(kwargs));
    cg_str **kwn = NULL;
    cg_value *kwv = NULL;
    if (nkw) {
        kwn = malloc((size_t)nkw * sizeof *kwn);
        kwv = malloc((size_t)nkw * sizeof *kwv);
        int64_t pos2 = 0, i = 0;
        cg_value k, v;
        while (kwn && kwv && cg_dict_next(cg_as_dict(kwargs), &pos2, &k, &v)) {
            if (!cg_is_str(k)) {
                free(kwn);
                free(kwv);
                free(pos);
                cg_decref(nw);
                return cg_raise(&cg_exc_TypeError, "keywords must be strings");
            }
            kwn[i] = cg_as_str(k);
            kwv[i++] = v;
        }
        a.kwn = kwn;
        a.kwv = kwv;
        a.nkw = (int)nkw;
    }
    cg_value r = (nkw && (!kwn || !kwv)) ? cg_raise_nomemory() : cg_call(nw, &a);
    free(kwn);
    free(kwv);
    free(pos);
    cg_decref(nw);
    return r;
}

static int load_newobj(unpickler *u, bool ex) {
    cg_value kwargs = ex ? pop(u) : CG_NONE;
    if (cg_is_err(kwargs))
        return -1;
    cg_value args = pop(u);
    cg_value cls = cg_is_err(args) ? CG_ERR : pop(u);
    int rc = -1;
    const char *what = ex ? "NEWOBJ_EX" : "NEWOBJ";
    if (cg_is_err(cls)) {
    } else if (!cg_isinstance(cls, &cg_type_type)) {
        cg_pickle_raise("UnpicklingError", "%s class argument must be a type, not %s", what, cg_type_name(cls));
    } else if (!cg_is_tuple(args)) {
        cg_pickle_raise("UnpicklingError", "%s args argument must be a tuple, not %s", what, cg_type_name(args));
    } else if (ex && !cg_is_dict(kwargs)) {
        cg_pickle_raise("UnpicklingError", "%s kwargs argument must be a dict, not %s", what, cg_type_name(kwargs));
    } else {
        rc = push(u, new_instance(cls, args, kwargs));
    }
    cg_decref(kwargs);
    cg_decref(args);
    cg_decref(cls);
    return rc;
}

/* INST and OBJ: cls(*args), or cls.__new__(cls) when there are no
 * arguments and the class has no __getinitargs__. */
static cg_value instantiate(cg_value cls, cg_value args) {
    if (cg_as_tuple(args)->len == 0 && cg_isinstance(cls, &cg_type_type)) {
        cg_value f = cg_getattr_opt(cls, cg_str_intern("__getinitargs__"));
        if (cg_is_err(f))
            return CG_ERR;
        if (f.tag == CG_V_STOP)
            return new_instance(cls, args, CG_NONE);
        cg_decref(f);
    }
    return call_tuple(cls, args);
}

static cg_value find_class(unpickler *u, cg_value module, cg_value name) {
    cg_value a[2] = {module, name};
    return cg_call_method(u->self, "find_class", 2, a);
}

static cg_value line_str(unpickler *u) {
    int64_t n;
    const char *s = take_line(u, &n);
    return s ? utf8(s, n) : CG_ERR;
}

static int load_global(unpickler *u, bool inst) {
    cg_value module = line_str(u);
    cg_value name = cg_is_err(module) ? CG_ERR : line_str(u);
    cg_value cls = cg_is_err(name) ? CG_ERR : find_class(u, module, name);
    cg_decref(module);
    cg_decref(name);
    if (!inst)
        return push(u, cls);
    if (cg_is_err(cls))
        return -1;
    int64_t k = marker(u);
    cg_value args = k < 0 ? CG_ERR : pop_tuple(u, k);
    cg_value obj = cg_is_err(args) ? CG_ERR : instantiate(cls, args);
    cg_decref(args);
    cg_decref(cls);
    return push(u, obj);
}

static int load_obj(unpickler *u) {
    int64_t k = marker(u);
    if (k < 0)
        return -1;
    if (u->sp - k < 1)
        return underflow(u);
    cg_value args = pop_tuple(u, k + 1);
    cg_value cls = pop(u);
    cg_value obj = cg_is_err(args) || cg_is_err(cls) ? CG_ERR : instantiate(cls, args);
    cg_decref(args);
    cg_decref(cls);
    return push(u, obj);
}

static int load_stack_global(unpickler *u) {
    cg_value name = pop(u);
    cg_value module = cg_is_err(name) ? CG_ERR : pop(u);
    int rc = -1;
    if (cg_is_err(module)) {
    } else if (!cg_is_type(name, &cg_type_str) || !cg_is_type(module, &cg_type_str)) {
        uerr("STACK_GLOBAL requires str");
    } else {
        rc = push(u, find_class(u, module, name));
    }
    cg_decref(name);
    cg_decref(module);
    return rc;
}

static int load_ext(unpickler *u, int nbytes) {
    const char *s = take(u, nbytes);
    if (!s)
        return -1;
    int64_t code = (int64_t)rd_le(s, nbytes);
    cg_value c = cg_int(code);
    return push(u, cg_call_method(u->self, "_c_ext", 1, &c));
}

/* BUILD: inst.__setstate__(state), or state (and slot state) into the
 * instance's __dict__ and attributes. */
static int build_state(cg_value inst, cg_value state) {
    cg_value slots = CG_NONE;
    if (cg_is_tuple(state) && cg_as_tuple(state)->len == 2) {
        slots = cg_as_tuple(state)->items[1];
        state = cg_as_tuple(state)->items[0];
    }
    if (!cg_is_none(state)) {
        if (!cg_is_dict(state)) {
            uerr("state is not a dictionary");
            return -1;
        }
        cg_value d = cg_getattr(inst, cg_str_intern("__dict__"));
        if (cg_is_err(d))
            return -1;
        int64_t pos = 0;
        cg_value k, v;
        int rc = 0;
        while (rc == 0 && cg_dict_next(cg_as_dict(state), &pos, &k, &v))
            rc = cg_setitem(d, k, v);
        cg_decref(d);
        if (rc < 0)
            return -1;
    }
    if (!cg_is_none(slots)) {
        if (!cg_is_dict(slots)) {
            uerr("slot state is not a dictionary");
            return -1;
        }
        int64_t pos = 0;
        cg_value k, v;
        while (cg_dict_next(cg_as_dict(slots), &pos, &k, &v)) {
            if (!cg_is_str(k))
                return cg_raise_int(&cg_exc_TypeError, "attribute name must be string, not '%s'", cg_type_name(k));
            if (cg_setattr(inst, cg_as_str(k), v) < 0)
                return -1;
        }
    }
    return 0;
}

static int load_build(unpickler *u) {
    cg_value state = pop(u);
    if (cg_is_err(state))
        return -1;
    cg_value *inst = top(u);
    if (!inst) {
        cg_decref(state);
        return -1;
    }
    cg_value set = cg_getattr_opt(*inst, cg_str_intern("__setstate__"));
    int rc;
    if (cg_is_err(set)) {
        rc = -1;
    } else if (set.tag != CG_V_STOP) {
        cg_value r = cg_call1(set, state);
        rc = cg_is_err(r) ? -1 : 0;
        cg_decref(r);
        cg_decref(set);
    } else {
        rc = build_state(*inst, state);
    }
    cg_decref(state);
    return rc;
}

static int load_persid(unpickler *u, bool bin) {
    if (cg_is_none(u->pers_load)) {
        uerr("A load persistent id instruction was encountered,\nbut no persistent_load function was specified.");
        return -1;
    }
    cg_value pid;
    if (bin) {
        pid = pop(u);
    } else {
        int64_t n;
        const char *s = take_line(u, &n);
        if (!s)
            return -1;
        for (int64_t i = 0; i < n; i++)
            if ((unsigned char)s[i] >= 0x80) {
                uerr("persistent IDs in protocol 0 must be ASCII strings");
                return -1;
            }
        pid = cg_str_new(s, (size_t)n);
    }
    if (cg_is_err(pid))
        return -1;
    cg_value r = cg_call1(u->pers_load, pid);
    cg_decref(pid);
    return push(u, r);
}

static int load_next_buffer(unpickler *u) {
    if (cg_is_none(u->buffers)) {
        uerr("pickle stream refers to out-of-band data but no *buffers* argument was given");
        return -1;
    }
    cg_value b = cg_next(u->buffers);
    if (b.tag == CG_V_STOP) {
        uerr("not enough out-of-band buffers");
        return -1;
    }
    return push(u, b);
}

static int load_readonly_buffer(unpickler *u) {
    cg_value *t = top(u);
    if (!t)
        return -1;
    cg_value r = cg_call_method(u->self, "_c_readonly", 1, t);
    if (cg_is_err(r))
        return -1;
    cg_value_set(t, r);
    return 0;
}

static int load_frame(unpickler *u) {
    const char *s = take(u, 8);
    if (!s)
        return -1;
    uint64_t n = rd_le(s, 8);
    if (n > (uint64_t)INT64_MAX) {
        cg_raise_int(&cg_exc_OverflowError, "FRAME length exceeds system's maximum of %lld bytes", (long long)INT64_MAX);
        return -1;
    }
    if (!u->file) {
        if ((int64_t)n > u->len - u->pos) {
            truncated();
            return -1;
        }
        return 0;
    }
    if (u->pos < u->len) {
        uerr("beginning of a new frame before end of current frame");
        return -1;
    }
    return read_file(u, (int64_t)n) ? (u->pos = 0, 0) : -1;
}

static int load_proto(unpickler *u) {
    const char *s = take(u, 1);
    if (!s)
        return -1;
    int p = (unsigned char)s[0];
    if (p > PK_HIGHEST_PROTOCOL)
        return cg_raise_int(&cg_exc_ValueError, "unsupported pickle protocol: %d", p);
    u->proto = p;
    return cg_setattr(u->self, cg_str_intern("proto"), cg_int(p));
}

static int load_dup(unpickler *u) {
    cg_value *t = top(u);
    return t ? push(u, cg_incref(*t)) : -1;
}

static int load_pop(unpickler *u) {
    if (u->sp > fence(u)) {
        cg_decref(u->stack[--u->sp]);
        return 0;
    }
    if (u->nmarks) {
        u->nmarks--;
        return 0;
    }
    return underflow(u);
}

static int load_pop_mark(unpickler *u) {
    int64_t k = marker(u);
    if (k < 0)
        return -1;
    while (u->sp > k)
        cg_decref(u->stack[--u->sp]);
    return 0;
}

static int load_quoted_string(unpickler *u) {
    int64_t n;
    const char *s = take_line(u, &n);
    if (!s)
        return -1;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        n--;
    if (n < 2 || s[0] != s[n - 1] || (s[0] != '\'' && s[0] != '"')) {
        uerr("the STRING opcode argument must be quoted");
        return -1;
    }
    return load_py2_string(u, s + 1, n - 2, true);
}

/* One opcode; 1 at STOP. */
static int step(unpickler *u, int c) {
    const char *s;
    int64_t idx;
    switch (c) {
    case PK_BININT1: return (s = take(u, 1)) ? push(u, cg_int((unsigned char)s[0])) : -1;
    case PK_BININT2: return (s = take(u, 2)) ? push(u, cg_int((int64_t)rd_le(s, 2))) : -1;
    case PK_BININT: return (s = take(u, 4)) ? push(u, cg_int((int32_t)rd_le(s, 4))) : -1;
    case PK_BINFLOAT: return load_binfloat(u);
    case PK_SHORT_BINUNICODE: return load_unicode(u, 1);
    case PK_BINUNICODE: return load_unicode(u, 4);
    case PK_BINUNICODE8: return load_unicode(u, 8);
    case PK_SHORT_BINBYTES: return load_bytes(u, 1, false);
    case PK_BINBYTES: return load_bytes(u, 4, false);
    case PK_BINBYTES8: return load_bytes(u, 8, false);
    case PK_BYTEARRAY8: return load_bytes(u, 8, true);
    case PK_MEMOIZE: return memo_put_top(u, u->memo->count);
    case PK_BINPUT: return (s = take(u, 1)) ? memo_put_top(u, (unsigned char)s[0]) : -1;
    case PK_LONG_BINPUT: return (s = take(u, 4)) ? memo_put_top(u, (int64_t)rd_le(s, 4)) : -1;
    case PK_PUT: return line_index(u, &idx) < 0 ? -1 : memo_put_top(u, idx);
    case PK_BINGET: return (s = take(u, 1)) ? memo_get(u, (unsigned char)s[0]) : -1;
    case PK_LONG_BINGET: return (s = take(u, 4)) ? memo_get(u, (int64_t)rd_le(s, 4)) : -1;
    case PK_GET: return line_index(u, &idx) < 0 ? -1 : memo_get(u, idx);
    case PK_MARK: return mark(u);
    case PK_APPEND: return appends(u, u->sp - 1);
    case PK_APPENDS: return (idx = marker(u)) < 0 ? -1 : appends(u, idx);
    case PK_SETITEM: return setitems(u, u->sp - 2);
    case PK_SETITEMS: return (idx = marker(u)) < 0 ? -1 : setitems(u, idx);
    case PK_ADDITEMS: return additems(u);
    case PK_EMPTY_LIST: return push(u, cg_list_new(0));
    case PK_EMPTY_DICT: return push(u, cg_dict_new());
    case PK_EMPTY_SET: return push(u, cg_set_new());
    case PK_EMPTY_TUPLE: return push(u, cg_tuple_new(0));
    case PK_TUPLE1: return load_tuple_n(u, 1);
    case PK_TUPLE2: return load_tuple_n(u, 2);
    case PK_TUPLE3: return load_tuple_n(u, 3);
    case PK_TUPLE:
    case PK_LIST:
    case PK_DICT:
    case PK_FROZENSET: return load_mark_build(u, c);
    case PK_NONE: return push(u, CG_NONE);
    case PK_NEWTRUE: return push(u, CG_TRUE);
    case PK_NEWFALSE: return push(u, CG_FALSE);
    case PK_LONG1: return load_long_bin(u, 1);
    case PK_LONG4: return load_long_bin(u, 4);
    case PK_INT: return load_int_text(u, false);
    case PK_LONG: return load_int_text(u, true);
    case PK_FLOAT: return load_float_text(u);
    case PK_STRING: return load_quoted_string(u);
    case PK_BINSTRING: return load_binstring(u, 4);
    case PK_SHORT_BINSTRING: return load_binstring(u, 1);
    case PK_UNICODE: {
        int64_t n;
        return (s = take_line(u, &n)) ? push(u, raw_unicode_escape(s, n)) : -1;
    }
    case PK_REDUCE: return load_reduce(u);
    case PK_BUILD: return load_build(u);
    case PK_NEWOBJ: return load_newobj(u, false);
    case PK_NEWOBJ_EX: return load_newobj(u, true);
    case PK_GLOBAL: return load_global(u, false);
    case PK_INST: return load_global(u, true);
    case PK_OBJ: return load_obj(u);
    case PK_STACK_GLOBAL: return load_stack_global(u);
    case PK_EXT1: return load_ext(u, 1);
    case PK_EXT2: return load_ext(u, 2);
    case PK_EXT4: return load_ext(u, 4);
    case PK_PERSID: return load_persid(u, false);
    case PK_BINPERSID: return load_persid(u, true);
    case PK_NEXT_BUFFER: return load_next_buffer(u);
    case PK_READONLY_BUFFER: return load_readonly_buffer(u);
    case PK_POP: return load_pop(u);
    case PK_POP_MARK: return load_pop_mark(u);
    case PK_DUP: return load_dup(u);
    case PK_FRAME: return load_frame(u);
    case PK_PROTO: return load_proto(u);
    case PK_STOP: return 1;
    default: break;
    }
    if (c >= 0x20 && c <= 0x7e && c != '\'' && c != '\\')
        cg_pickle_raise("UnpicklingError", "invalid load key, '%c'.", c);
    else
        cg_pickle_raise("UnpicklingError", "invalid load key, '\\x%02x'.", c);
    return -1;
}

/* The next opcode: -1 with EOFError where the pickle has ended. */
static int next_opcode(unpickler *u) {
    if (u->pos < u->len)
        return (unsigned char)u->buf[u->pos++];
    if (!u->file) {
        cg_raise(&cg_exc_EOFError, "Ran out of input");
        return -1;
    }
    cg_value r = cg_call1(u->read, cg_int(1));
    if (cg_is_err(r))
        return -1;
    int64_t n;
    const char *s = cg_is_bytes(r) ? cg_byteslike_data(r, &n) : NULL;
    int c = s && n == 1 ? (unsigned char)s[0] : -1;
    cg_decref(r);
    if (c < 0)
        cg_raise(&cg_exc_EOFError, "Ran out of input");
    return c;
}

static cg_value run(unpickler *u) {
    for (;;) {
        int c = next_opcode(u);
        if (c < 0)
            return CG_ERR;
        int rc = step(u, c);
        if (rc < 0)
            return CG_ERR;
        if (rc == 1)
            return pop(u);
    }
}

void cg_pickle_load_memo_clear(pk_load_memo *m) {
    for (int64_t i = 0; i < m->cap; i++)
        if (m->arr[i].tag != CG_V_STOP)
            cg_decref(m->arr[i]);
    free(m->arr);
    m->arr = NULL;
    m->cap = m->count = 0;
    cg_value far = m->far;
    m->far = CG_NONE;
    cg_decref(far);
}

cg_value cg_pickle_load(cg_value *v) {
    unpickler u = {0};
    pk_load_memo own = {.far = CG_NONE};
    u.self = v[0];
    u.owner = CG_NONE;
    u.buffers = CG_NONE;
    u.memo = cg_is_type(v[5], &cg_type_unpickler_memo) ? (pk_load_memo *)v[5].u.o : &own;
    if (cg_is_none(v[1])) {
        u.file = true;
        u.read = v[2];
        u.readline = v[3];
    } else {
        cg_buffer b;
        if (cg_buffer_get(v[1], &b) < 0)
            return CG_ERR;
        u.buf = b.buf;
        u.len = b.len;
        cg_buffer_release(&b); /* v[1] is held by the caller for the whole load */
    }
    if (!cg_is_none(v[4])) {
        u.buffers = cg_iter(v[4]);
        if (cg_is_err(u.buffers))
            return CG_ERR;
    }
    u.pers_load = cg_getattr_opt(u.self, cg_str_intern("persistent_load"));
    if (cg_is_err(u.pers_load)) {
        cg_decref(u.buffers);
        return CG_ERR;
    }
    if (u.pers_load.tag == CG_V_STOP)
        u.pers_load = CG_NONE;
    cg_value r = run(&u);
    for (int64_t i = 0; i < u.sp; i++)
        cg_decref(u.stack[i]);
    cg_pickle_load_memo_clear(&own);
    free(u.stack);
    free(u.marks);
    cg_decref(u.owner);
    cg_decref(u.buffers);
    cg_decref(u.pers_load);
    return r;
}
