/* pickle_dump.c: the pickler, one C walk over a value that writes CPython
 * 3.11's opcodes for it, protocols 0 to 5.
 *
 * Note [Same bytes as CPython's pickler]
 * CPython's C pickler is deterministic, and files are compared byte for
 * byte, so this walk takes its decisions in its order: the atoms (None,
 * bool, int, float) are never memoized; then the memo; then bytes and str;
 * then reducer_override; then the containers by exact type, types and
 * functions, the dispatch tables, and last __reduce_ex__. The shortest
 * integer opcode, batches of 1000 items in APPENDS/SETITEMS/ADDITEMS, the
 * TUPLE1-3 forms, the recursive-tuple unwinding (POP or POP_MARK, then a
 * GET) and protocol 4's frames (opened at the first write, closed at an
 * object boundary once they hold 64 KiB; a payload of 64 KiB or more goes
 * outside any frame) are CPython's. Module names of globals are memoized
 * by their text, as CPython's, whose modules share one name object.
 *
 * The Python side (prelude/pickle.py) answers what needs the import
 * system or the registries: Pickler._c_global (where a class or function
 * lives, or PicklingError) and Pickler._c_reduce (dispatch tables and
 * __reduce_ex__). Not the unpickler (pickle_load.c). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/codecs.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/float_repr.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/pickle.h"

typedef pk_memo_entry memo_entry;
typedef pk_dump_memo memo_table;

typedef struct {
    char *data;
    int64_t len, cap;
    int proto;
    bool bin, framing, fix_imports;
    int64_t frame_start; /* -1: no frame open */
    cg_value pickler, write;
    cg_value pers_func, reducer_override, buffer_callback; /* CG_NONE: none */
    cg_value pbuf_type;                                    /* pickle.PickleBuffer */
    cg_value modnames;                                     /* dict: module name text -> the str saved */
    memo_table *memo;
} pickler;

cg_value cg_pickle_raise(const char *cls, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cg_value k = cg_import_attr("pickle", cls);
    if (cg_is_err(k))
        return CG_ERR;
    cg_value m = cg_str_from_c(msg);
    cg_value e = cg_is_err(m) ? CG_ERR : cg_call1(k, m);
    cg_decref(m);
    cg_decref(k);
    if (cg_is_err(e))
        return CG_ERR;
    cg_raise_object(e);
    cg_decref(e);
    return CG_ERR;
}

static int perr(const char *fmt, const char *arg) {
    cg_pickle_raise("PicklingError", fmt, arg);
    return -1;
}

/* ---- the memo ---------------------------------------------------------- */

/* Note [Memo probing]: the first slot is the address itself (objects
 * made one after another land in neighbouring slots, so a walk over a big
 * list stays in cache), later probes jump as a dict's do (perturbed by the
 * high bits), so that runs of neighbours never make long chains. */
static uint64_t memo_slot(const memo_table *m, const cg_obj *o) {
    const uint64_t mask = (uint64_t)(m->cap - 1);
    uint64_t h = (uint64_t)(uintptr_t)o >> 4, perturb = h, i = h & mask;
    while (m->e[i].key && m->e[i].key != o) {
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
    return i;
}

static int64_t memo_find(const memo_table *m, const cg_obj *o) {
    if (!m->cap)
        return -1;
    const memo_entry *e = &m->e[memo_slot(m, o)];
    return e->key ? e->val : -1;
}

static void memo_insert(memo_table *m, cg_obj *o, int64_t v) {
    memo_entry *e = &m->e[memo_slot(m, o)];
    e->key = o;
    e->val = v;
}

static int memo_add(memo_table *m, cg_obj *o, int64_t v) {
    if (2 * (m->len + 1) > m->cap) {
        int64_t cap = m->cap ? 2 * m->cap : 64;
        memo_table g = {.e = calloc((size_t)cap, sizeof(memo_entry)), .cap = cap};
        if (!g.e) {
            cg_raise_nomemory();
            return -1;
        }
        for (int64_t i = 0; i < m->cap; i++)
            if (m->e[i].key)
                memo_insert(&g, m->e[i].key, m->e[i].val);
        free(m->e);
        m->e = g.e;
        m->cap = cap;
    }
    cg_obj_incref(o);
    memo_insert(m, o, v);
    m->len++;
    return 0;
}

void cg_pickle_dump_memo_clear(memo_table *m) {
    for (int64_t i = 0; i < m->cap; i++)
        if (m->e[i].key)
            cg_obj_decref(m->e[i].key);
    free(m->e);
    m->e = NULL;
    m->cap = m->len = m->next = 0;
}

/* ---- output and frames -------------------------------------------------- */

static int grow(pickler *p, int64_t n) {
    int64_t cap = p->cap ? p->cap : 4096;
    while (cap < p->len + n)
        cap *= 2;
    char *d = realloc(p->data, (size_t)cap);
    if (!d) {
        cg_raise_nomemory();
        return -1;
    }
    p->data = d;
    p->cap = cap;
    return 0;
}

/* Room for n more bytes, after the header of a frame opened here. */
static inline int reserve(pickler *p, int64_t n) {
    if (p->framing && p->frame_start < 0) {
        if (p->len + n + PK_FRAME_HEADER > p->cap && grow(p, n + PK_FRAME_HEADER) < 0)
            return -1;
        p->frame_start = p->len;
        p->len += PK_FRAME_HEADER;
    }
    return p->len + n > p->cap ? grow(p, n) : 0;
}

static int put(pickler *p, const void *s, int64_t n) {
    if (reserve(p, n) < 0)
        return -1;
    char *d = p->data + p->len;
    const char *t = s;
    if (n <= 16) /* opcodes and short strings: no call into memcpy */
        for (int64_t i = 0; i < n; i++)
            d[i] = t[i];
    else
        memcpy(d, s, (size_t)n);
    p->len += n;
    return 0;
}

static inline int op(pickler *p, int c) {
    if (reserve(p, 1) < 0)
        return -1;
    p->data[p->len++] = (char)c;
    return 0;
}

static void le(unsigned char *out, uint64_t x, int n) {
    for (int i = 0; i < n; i++)
        out[i] = (unsigned char)(x >> (8 * i));
}

static int op_arg(pickler *p, int c, uint64_t x, int n) {
    unsigned char b[9];
    b[0] = (unsigned char)c;
    le(b + 1, x, n);
    return put(p, b, 1 + n);
}

/* Closes the open frame: writes its header, or takes the reserved header
 * out again when the frame is too small to be worth one. */
static void commit_frame(pickler *p) {
    if (p->frame_start < 0)
        return;
    int64_t n = p->len - p->frame_start - PK_FRAME_HEADER;
    char *h = p->data + p->frame_start;
    if (n >= 4) {
        h[0] = (char)PK_FRAME;
        le((unsigned char *)h + 1, (uint64_t)n, 8);
    } else {
        memmove(h, h + PK_FRAME_HEADER, (size_t)n);
        p->len -= PK_FRAME_HEADER;
    }
    p->frame_start = -1;
}

static int flush(pickler *p) {
    if (cg_is_none(p->write) || p->len == 0)
        return 0;
    cg_value b = cg_bytes_new(p->data, (size_t)p->len);
    if (cg_is_err(b))
        return -1;
    cg_value r = cg_call1(p->write, b);
    cg_decref(b);
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    p->len = 0;
    return 0;
}

static int opcode_boundary(pickler *p) {
    if (!p->framing || p->frame_start < 0)
        return 0;
    if (p->len - p->frame_start - PK_FRAME_HEADER < PK_FRAME_TARGET)
        return 0;
    commit_frame(p);
    return flush(p);
}

/* A header and a payload; a payload of a frame's size or more is written
 * outside any frame (see Note [Same bytes as CPython's pickler]). */
static int put_payload(pickler *p, const void *hdr, int64_t nh, const char *s, int64_t n) {
    bool big = n >= PK_FRAME_TARGET, framing = p->framing;
    if (big) {
        commit_frame(p);
        p->framing = false;
    }
    int rc = put(p, hdr, nh);
    if (rc == 0 && big && !cg_is_none(p->write)) {
        rc = flush(p);
        if (rc == 0) {
            cg_value b = cg_bytes_new(s, (size_t)n);
            cg_value r = cg_is_err(b) ? CG_ERR : cg_call1(p->write, b);
            cg_decref(b);
            rc = cg_is_err(r) ? -1 : 0;
            cg_decref(r);
        }
    } else if (rc == 0) {
        rc = put(p, s, n);
    }
    p->framing = framing;
    return rc;
}

/* ---- memo opcodes ---------------------------------------------------------- */

/* The opcode that memoizes the object just written, as index idx. */
static int memo_op(pickler *p, int64_t idx) {
    if (p->proto >= 4)
        return op(p, PK_MEMOIZE);
    if (p->bin)
        return idx < 256 ? op_arg(p, PK_BINPUT, (uint64_t)idx, 1) : op_arg(p, PK_LONG_BINPUT, (uint64_t)idx, 4);
    char t[32];
    int n = snprintf(t, sizeof t, "p%lld\n", (long long)idx);
    return put(p, t, n);
}

static int memo_put(pickler *p, cg_obj *o) {
    int64_t idx = p->memo->next++;
    if (memo_add(p->memo, o, idx) < 0)
        return -1;
    return memo_op(p, idx);
}

static int memo_get(pickler *p, int64_t idx) {
    if (p->bin)
        return idx < 256 ? op_arg(p, PK_BINGET, (uint64_t)idx, 1) : op_arg(p, PK_LONG_BINGET, (uint64_t)idx, 4);
    char t[32];
    int n = snprintf(t, sizeof t, "g%lld\n", (long long)idx);
    return put(p, t, n);
}

/* ---- atoms ------------------------------------------------------------------ */

static int save(pickler *p, cg_value v, bool pers_save);

static int save_int64(pickler *p, int64_t x) {
    if (x >= INT32_MIN && x <= INT32_MAX) {
        if (!p->bin) {
            char t[32];
            int n = snprintf(t, sizeof t, "I%lld\n", (long long)x);
            return put(p, t, n);
        }
        if (x >= 0 && x <= 0xff)
            return op_arg(p, PK_BININT1, (uint64_t)x, 1);
        if (x >= 0 && x <= 0xffff)
            return op_arg(p, PK_BININT2, (uint64_t)x, 2);
        return op_arg(p, PK_BININT, (uint64_t)(uint32_t)(int32_t)x, 4);
    }
    return 1; /* not small: the caller writes the long form */
}

/* An int outside 32 bits: LONG1/LONG4 (two's complement, little-endian,
 * in the fewest bytes) from protocol 2, the text form "L...L\n" below. */
static int save_long(pickler *p, cg_value v) {
    if (v.tag == CG_V_INT || v.tag == CG_V_BOOL) {
        int rc = save_int64(p, v.u.i);
        if (rc <= 0)
            return rc;
    }
    if (p->proto < 2) {
        cg_value r = cg_repr(v);
        if (cg_is_err(r))
            return -1;
        int rc = op(p, PK_LONG);
        if (rc == 0)
            rc = put(p, cg_str_cstr(r), cg_as_str(r)->len);
        cg_decref(r);
        return rc == 0 ? put(p, "L\n", 2) : -1;
    }
    int64_t nbits = cg_int_bit_length(v);
    int64_t nbytes = (nbits >> 3) + 1;
    if (nbytes > 0x7fffffffL) {
        cg_raise_int(&cg_exc_OverflowError, "int too large to pickle");
        return -1;
    }
    unsigned char *buf = malloc((size_t)nbytes);
    if (!buf) {
        cg_raise_nomemory();
        return -1;
    }
    if (cg_int_to_bytes(v, buf, (size_t)nbytes, true, true) < 0) {
        free(buf);
        return -1;
    }
    bool neg = cg_int_cmp(v, cg_int(0)) < 0;
    if (neg && nbytes > 1 && buf[nbytes - 1] == 0xff && (buf[nbytes - 2] & 0x80))
        nbytes--;
    int rc = nbytes < 256 ? op_arg(p, PK_LONG1, (uint64_t)nbytes, 1) : op_arg(p, PK_LONG4, (uint64_t)nbytes, 4);
    if (rc == 0)
        rc = put(p, buf, nbytes);
    free(buf);
    return rc;
}

static int save_float(pickler *p, double x) {
    if (p->bin) {
        unsigned char b[9];
        uint64_t u;
        memcpy(&u, &x, 8);
        b[0] = PK_BINFLOAT;
        for (int i = 0; i < 8; i++)
            b[1 + i] = (unsigned char)(u >> (56 - 8 * i));
        return put(p, b, 9);
    }
    cg_strbuf s = CG_STRBUF_INIT;
    cg_strbuf_putc(&s, 'F');
    cg_float_repr_into(&s, x);
    cg_strbuf_putc(&s, '\n');
    char *t = cg_strbuf_take(&s);
    if (!t)
        return -1;
    int rc = put(p, t, (int64_t)strlen(t));
    free(t);
    return rc;
}

static int save_reduce(pickler *p, cg_value rv, cg_value obj);

/* A global named by module and attribute, as `reduce_value` asks:
 * builds (f, args) around a C-made global. */
static int save_codecs_encode(pickler *p, const char *s, int64_t n, cg_value obj) {
    /* protocols 0-2 have no bytes opcode: codecs.encode(latin-1 text) */
    cg_value txt = cg_bytes_decode(s, n, "latin-1", "strict");
    if (cg_is_err(txt))
        return -1;
    cg_value enc = cg_import_attr("pickle", "_codecs_encode");
    if (cg_is_err(enc)) {
        cg_decref(txt);
        return -1;
    }
    /* one 'latin1' for the whole pickle, as CPython's interned one: the
     * memo names it again */
    cg_value l1 = cg_obj_value(cg_str_intern("latin1"));
    cg_value args = cg_tuple_pack(2, txt, l1);
    cg_value rv = cg_tuple_pack(2, enc, args);
    cg_decref(txt);
    cg_decref(enc);
    cg_decref(args);
    int rc = save_reduce(p, rv, obj);
    cg_decref(rv);
    return rc;
}

static int save_bytes_data(pickler *p, const char *s, int64_t n, cg_value obj) {
    if (p->proto < 3) {
        if (n == 0) {
            cg_value empty = cg_tuple_new(0);
            cg_value rv = cg_tuple_pack(2, cg_obj_value(&cg_type_bytes), empty);
            cg_decref(empty);
            int rc = save_reduce(p, rv, obj);
            cg_decref(rv);
            return rc;
        }
        return save_codecs_encode(p, s, n, obj);
    }
    unsigned char h[9];
    int nh;
    if (n < 256) {
        h[0] = PK_SHORT_BINBYTES;
        h[1] = (unsigned char)n;
        nh = 2;
    } else if ((uint64_t)n <= 0xffffffffULL) {
        h[0] = PK_BINBYTES;
        le(h + 1, (uint64_t)n, 4);
        nh = 5;
    } else {
        h[0] = PK_BINBYTES8;
        le(h + 1, (uint64_t)n, 8);
        nh = 9;
    }
    if (put_payload(p, h, nh, s, n) < 0)
        return -1;
    return cg_is_none(obj) ? 0 : memo_put(p, obj.u.o);
}

/* Protocol 0's text form of a str: raw-unicode-escape, with the
 * characters that would end the line or the escape written as \uXXXX. */
static int save_unicode_text(pickler *p, const cg_str *s) {
    cg_strbuf b = CG_STRBUF_INIT;
    cg_strbuf_putc(&b, PK_UNICODE);
    for (int64_t i = 0; i < s->len;) {
        uint32_t c = cg_cp_next(s->s, s->len, &i);
        if (c >= 0x10000)
            cg_strbuf_printf(&b, "\\U%08x", c);
        else if (c >= 256 || c == '\\' || c == 0 || c == '\n' || c == '\r' || c == 0x1a)
            cg_strbuf_printf(&b, "\\u%04x", c);
        else
            cg_strbuf_putc(&b, (char)c);
    }
    cg_strbuf_putc(&b, '\n');
    if (b.failed) {
        cg_strbuf_free(&b);
        cg_raise_nomemory();
        return -1;
    }
    int rc = put(p, b.data, (int64_t)b.len);
    cg_strbuf_free(&b);
    return rc;
}

/* A str's opcode and text, not its memo entry. */
static int save_str_data(pickler *p, const cg_str *s) {
    if (!p->bin)
        return save_unicode_text(p, s);
    unsigned char h[9];
    int nh;
    if (s->len <= 0xff && p->proto >= 4) {
        h[0] = PK_SHORT_BINUNICODE;
        h[1] = (unsigned char)s->len;
        nh = 2;
    } else if ((uint64_t)s->len > 0xffffffffULL && p->proto >= 4) {
        h[0] = PK_BINUNICODE8;
        le(h + 1, (uint64_t)s->len, 8);
        nh = 9;
    } else if ((uint64_t)s->len > 0xffffffffULL) {
        cg_raise_int(&cg_exc_OverflowError, "serializing a string larger than 4 GiB requires pickle protocol 4 or higher");
        return -1;
    } else {
        h[0] = PK_BINUNICODE;
        le(h + 1, (uint64_t)s->len, 4);
        nh = 5;
    }
    return put_payload(p, h, nh, s->s, s->len);
}

static int save_str(pickler *p, cg_value v) {
    return save_str_data(p, cg_as_str(v)) < 0 ? -1 : memo_put(p, v.u.o);
}

/* ---- containers ------------------------------------------------------------ */

static int save_tuple(pickler *p, cg_value v) {
    const cg_tuple *t = cg_as_tuple(v);
    int64_t n = t->len;
    if (n == 0)
        return p->proto ? op(p, PK_EMPTY_TUPLE) : put(p, "(t", 2);
    bool short_form = n <= 3 && p->proto >= 2;
    if (!short_form && op(p, PK_MARK) < 0)
        return -1;
    for (int64_t i = 0; i < n; i++)
        if (save(p, t->items[i], false) < 0)
            return -1;
    int64_t idx = memo_find(p->memo, v.u.o);
    if (idx >= 0) { /* the tuple holds itself: drop what was pushed, take the memo's */
        if (short_form || !p->bin) {
            for (int64_t i = 0; i < n + (short_form ? 0 : 1); i++)
                if (op(p, PK_POP) < 0)
                    return -1;
        } else if (op(p, PK_POP_MARK) < 0) {
            return -1;
        }
        return memo_get(p, idx);
    }
    static const int tuple_n[] = {0, PK_TUPLE1, PK_TUPLE2, PK_TUPLE3};
    if (op(p, short_form ? tuple_n[n] : PK_TUPLE) < 0)
        return -1;
    return memo_put(p, v.u.o);
}

/* Note [Unshared strings]: a str that only its list holds (a count of 1)
 * can occur once in the pickle, so no GET will name it: it is written
 * and its MEMOIZE counted, as CPython writes them, without the memo's
 * table, which a big list of fresh strings would otherwise spend most
 * of its time in. Only where no Python code runs in between (no
 * persistent_id), so that nothing can drop or share it meanwhile.
 * 1: written; 0: not such a str. */
static int save_unshared(pickler *p, cg_value v) {
    if (v.tag != CG_V_OBJ || v.u.o->refcnt != 1 || v.u.o->type != &cg_type_str || !cg_is_none(p->pers_func) ||
        !p->bin)
        return 0;
    if (opcode_boundary(p) < 0 || save_str_data(p, cg_as_str(v)) < 0)
        return -1;
    return memo_op(p, p->memo->next++) < 0 ? -1 : 1;
}

/* What an iterator gives, saved by save_one in batches of MARK ... many
 * (a lone one followed by one; protocol 0 puts one after each): the items
 * of a list (APPEND/APPENDS) or the pairs of a dict (SETITEM/SETITEMS). */
static int batch(pickler *p, cg_value it, int (*save_one)(pickler *, cg_value), char one, char many) {
    int rc = 0;
    if (!p->bin) {
        for (cg_value x; rc == 0 && !cg_is_err(x = cg_next(it)) && x.tag != CG_V_STOP;) {
            rc = save_one(p, x);
            cg_decref(x);
            if (rc == 0)
                rc = op(p, one);
        }
        return rc < 0 || cg_exc_pending() ? -1 : 0;
    }
    int64_t n;
    do {
        cg_value first = cg_next(it);
        if (cg_is_err(first))
            return -1;
        if (first.tag == CG_V_STOP)
            return 0;
        cg_value x = cg_next(it);
        if (cg_is_err(x)) {
            cg_decref(first);
            return -1;
        }
        if (x.tag == CG_V_STOP) {
            rc = save_one(p, first);
            cg_decref(first);
            return rc < 0 ? -1 : op(p, one);
        }
        rc = op(p, PK_MARK);
        if (rc == 0)
            rc = save_one(p, first);
        cg_decref(first);
        n = 1;
        while (rc == 0 && x.tag != CG_V_STOP) {
            rc = save_one(p, x);
            cg_decref(x);
            x = CG_STOP;
            if (rc < 0 || ++n == PK_BATCHSIZE)
                break;
            x = cg_next(it);
            if (cg_is_err(x))
                return -1;
        }
        if (rc < 0 || op(p, many) < 0)
            return -1;
    } while (n == PK_BATCHSIZE);
    return 0;
}

static int save_item(pickler *p, cg_value x) { return save(p, x, false); }

/* Saves x, a borrowed item of a container, holding a reference meanwhile:
 * saving may run code that takes it out. */
static int save_borrowed(pickler *p, cg_value x) {
    cg_incref(x);
    int rc = save(p, x, false);
    cg_decref(x);
    return rc;
}

static int batch_list(pickler *p, cg_value it) { return batch(p, it, save_item, PK_APPEND, PK_APPENDS); }

/* An exact list, read afresh at each index (saving an item may change it). */
static int batch_list_exact(pickler *p, cg_value v) {
    cg_list *l = cg_as_list(v);
    if (l->len == 1)
        return save_borrowed(p, l->items[0]) < 0 ? -1 : op(p, PK_APPEND);
    int64_t total = 0;
    do {
        if (op(p, PK_MARK) < 0)
            return -1;
        for (int64_t k = 0; total < l->len && k < PK_BATCHSIZE; k++) {
            int r = save_unshared(p, l->items[total]);
            if (r < 0)
                return -1;
            if (r) {
                total++;
                continue;
            }
            if (save_borrowed(p, l->items[total++]) < 0)
                return -1;
        }
        if (op(p, PK_APPENDS) < 0)
            return -1;
    } while (total < l->len);
    return 0;
}

static int save_list(pickler *p, cg_value v) {
    if ((p->bin ? op(p, PK_EMPTY_LIST) : put(p, "(l", 2)) < 0 || memo_put(p, v.u.o) < 0)
        return -1;
    if (cg_as_list(v)->len == 0)
        return 0;
    if (p->proto > 0)
        return batch_list_exact(p, v);
    cg_value it = cg_iter(v);
    if (cg_is_err(it))
        return -1;
    int rc = batch_list(p, it);
    cg_decref(it);
    return rc;
}

static int save_pair(pickler *p, cg_value x) {
    if (!cg_is_tuple(x) || cg_as_tuple(x)->len != 2) {
        cg_raise_int(&cg_exc_TypeError, "dict items iterator must return 2-tuples");
        return -1;
    }
    if (save(p, cg_as_tuple(x)->items[0], false) < 0)
        return -1;
    return save(p, cg_as_tuple(x)->items[1], false);
}

static int batch_dict(pickler *p, cg_value it) { return batch(p, it, save_pair, PK_SETITEM, PK_SETITEMS); }

static int save_kv(pickler *p, cg_value k, cg_value x) {
    cg_incref(k);
    cg_incref(x);
    int rc = save(p, k, false);
    if (rc == 0)
        rc = save(p, x, false);
    cg_decref(k);
    cg_decref(x);
    return rc;
}

static int batch_dict_exact(pickler *p, cg_value v) {
    cg_dict *d = cg_as_dict(v);
    int64_t size = cg_dict_len(d), pos = 0, i;
    cg_value k, x;
    if (size == 1) {
        cg_dict_next(d, &pos, &k, &x);
        return save_kv(p, k, x) < 0 ? -1 : op(p, PK_SETITEM);
    }
    do {
        i = 0;
        if (op(p, PK_MARK) < 0)
            return -1;
        while (cg_dict_next(d, &pos, &k, &x)) {
            if (save_kv(p, k, x) < 0)
                return -1;
            if (++i == PK_BATCHSIZE)
                break;
        }
        if (op(p, PK_SETITEMS) < 0)
            return -1;
        if (cg_dict_len(d) != size) {
            cg_raise_int(&cg_exc_RuntimeError, "dictionary changed size during iteration");
            return -1;
        }
    } while (i == PK_BATCHSIZE);
    return 0;
}

static int save_dict(pickler *p, cg_value v) {
    if ((p->bin ? op(p, PK_EMPTY_DICT) : put(p, "(d", 2)) < 0 || memo_put(p, v.u.o) < 0)
        return -1;
    if (cg_dict_len(cg_as_dict(v)) == 0)
        return 0;
    if (p->proto > 0)
        return batch_dict_exact(p, v);
    cg_value items = cg_call_method(v, "items", 0, NULL);
    cg_value it = cg_is_err(items) ? CG_ERR : cg_iter(items);
    cg_decref(items);
    if (cg_is_err(it))
        return -1;
    int rc = batch_dict(p, it);
    cg_decref(it);
    return rc;
}

/* Below protocol 4, a set or frozenset is (type, (list,)). */
static int save_set_reduce(pickler *p, cg_value v, cg_type *t) {
    cg_value items = cg_list_from_iterable(v);
    if (cg_is_err(items))
        return -1;
    cg_value args = cg_tuple_pack(1, items);
    cg_value rv = cg_tuple_pack(2, cg_obj_value(t), args);
    cg_decref(items);
    cg_decref(args);
    int rc = save_reduce(p, rv, v);
    cg_decref(rv);
    return rc;
}

static int save_set(pickler *p, cg_value v) {
    if (p->proto < 4)
        return save_set_reduce(p, v, &cg_type_set);
    if (op(p, PK_EMPTY_SET) < 0 || memo_put(p, v.u.o) < 0)
        return -1;
    int64_t size = cg_len(v), pos = 0, i;
    if (size == 0)
        return 0;
    cg_value x;
    do {
        i = 0;
        if (op(p, PK_MARK) < 0)
            return -1;
        while (cg_set_next(v, &pos, &x)) {
            if (save_borrowed(p, x) < 0)
                return -1;
            if (++i == PK_BATCHSIZE)
                break;
        }
        if (op(p, PK_ADDITEMS) < 0)
            return -1;
        if (cg_len(v) != size) {
            cg_raise_int(&cg_exc_RuntimeError, "set changed size during iteration");
            return -1;
        }
    } while (i == PK_BATCHSIZE);
    return 0;
}

static int save_frozenset(pickler *p, cg_value v) {
    if (p->proto < 4)
        return save_set_reduce(p, v, &cg_type_frozenset);
    if (op(p, PK_MARK) < 0)
        return -1;
    int64_t pos = 0;
    cg_value x;
    while (cg_set_next(v, &pos, &x))
        if (save_borrowed(p, x) < 0)
            return -1;
    int64_t idx = memo_find(p->memo, v.u.o);
    if (idx >= 0)
        return op(p, PK_POP_MARK) < 0 ? -1 : memo_get(p, idx);
    return op(p, PK_FROZENSET) < 0 ? -1 : memo_put(p, v.u.o);
}

static int save_bytearray(pickler *p, cg_value v) {
    cg_bytearray *b = cg_as_bytearray(v);
    int64_t n;
    const char *s = cg_byteslike_data(v, &n);
    if (p->proto < 5) {
        cg_value args = n == 0 ? cg_tuple_new(0) : CG_ERR;
        if (n) {
            cg_value bytes = cg_bytes_new(s, (size_t)n);
            if (cg_is_err(bytes))
                return -1;
            args = cg_tuple_pack(1, bytes);
            cg_decref(bytes);
        }
        cg_value rv = cg_tuple_pack(2, cg_obj_value(&cg_type_bytearray), args);
        cg_decref(args);
        int rc = save_reduce(p, rv, v);
        cg_decref(rv);
        return rc;
    }
    (void)b;
    unsigned char h[9];
    h[0] = PK_BYTEARRAY8;
    le(h + 1, (uint64_t)n, 8);
    if (put_payload(p, h, 9, s, n) < 0)
        return -1;
    return memo_put(p, v.u.o);
}

/* A pickle.PickleBuffer: protocol 5's out-of-band buffers. */
static int save_picklebuffer(pickler *p, cg_value v) {
    if (p->proto < 5)
        return perr("PickleBuffer can only pickled with protocol >= 5%s", "");
    cg_value view = cg_call_method(v, "raw", 0, NULL);
    if (cg_is_err(view))
        return -1;
    cg_buffer buf;
    if (cg_buffer_get(view, &buf) < 0) {
        cg_decref(view);
        return -1;
    }
    bool in_band = true;
    int rc = 0;
    if (!cg_is_none(p->buffer_callback)) {
        cg_value r = cg_call1(p->buffer_callback, v);
        rc = cg_is_err(r) ? -1 : cg_truth(r);
        cg_decref(r);
        in_band = rc == 1;
        rc = rc < 0 ? -1 : 0;
    }
    if (rc == 0 && in_band) {
        if (buf.readonly) {
            rc = save_bytes_data(p, buf.buf, buf.len, CG_NONE);
            /* the buffer itself is what the memo knows, as CPython's */
            if (rc == 0)
                rc = memo_put(p, v.u.o);
        } else {
            unsigned char h[9];
            h[0] = PK_BYTEARRAY8;
            le(h + 1, (uint64_t)buf.len, 8);
            rc = put_payload(p, h, 9, buf.buf, buf.len);
            if (rc == 0)
                rc = memo_put(p, v.u.o);
        }
    } else if (rc == 0) {
        rc = op(p, PK_NEXT_BUFFER);
        if (rc == 0 && buf.readonly)
            rc = op(p, PK_READONLY_BUFFER);
    }
    cg_buffer_release(&buf);
    cg_decref(view);
    return rc;
}

/* ---- globals and reductions -------------------------------------------------- */

/* A module's name as saved: the first str with its text, so that the
 * memo finds it again (Note [Same bytes as CPython's pickler]). */
static cg_value module_name_obj(pickler *p, cg_value name) {
    cg_value have = cg_dict_get_borrowed(cg_as_dict(p->modnames), name);
    if (cg_is_err(have))
        return CG_ERR;
    if (have.tag != CG_V_STOP)
        return cg_incref(have);
    if (cg_dict_set(cg_as_dict(p->modnames), name, name) < 0)
        return CG_ERR;
    return cg_incref(name);
}

/* Pickler._c_global(obj, name) answers (0, module, qualname) for a
 * GLOBAL or STACK_GLOBAL, (1, code, None) for an EXT opcode, or
 * (2, reduce_value, None) for getattr(parent, name) below protocol 4. */
static int save_global(pickler *p, cg_value v, cg_value name) {
    cg_value args[2] = {v, name};
    cg_value r = cg_call_method(p->pickler, "_c_global", 2, args);
    if (cg_is_err(r))
        return -1;
    cg_tuple *t = cg_as_tuple(r);
    int64_t kind = t->items[0].u.i;
    int rc = 0;
    if (kind == 1) {
        int64_t code = t->items[1].u.i;
        rc = code <= 0xff     ? op_arg(p, PK_EXT1, (uint64_t)code, 1)
             : code <= 0xffff ? op_arg(p, PK_EXT2, (uint64_t)code, 2)
                              : op_arg(p, PK_EXT4, (uint64_t)code, 4);
    } else if (kind == 2) {
        rc = save_reduce(p, t->items[1], v);
    } else if (p->proto >= 4) {
        cg_value mod = module_name_obj(p, t->items[1]);
        rc = cg_is_err(mod) ? -1 : save(p, mod, false);
        cg_decref(mod);
        if (rc == 0)
            rc = save(p, t->items[2], false);
        if (rc == 0)
            rc = op(p, PK_STACK_GLOBAL);
    } else {
        const cg_str *m = cg_as_str(t->items[1]), *q = cg_as_str(t->items[2]);
        rc = op(p, PK_GLOBAL);
        if (rc == 0)
            rc = put(p, m->s, m->len);
        if (rc == 0)
            rc = put(p, "\n", 1);
        if (rc == 0)
            rc = put(p, q->s, q->len);
        if (rc == 0)
            rc = put(p, "\n", 1);
    }
    cg_decref(r);
    if (rc == 0 && kind == 0)
        rc = memo_put(p, v.u.o);
    return rc;
}

static bool has_name(cg_value f, const char *name) {
    cg_value n = cg_getattr_opt(f, cg_str_intern("__name__"));
    if (cg_is_err(n)) {
        cg_exc_clear();
        return false;
    }
    bool r = n.tag != CG_V_STOP && cg_is_str(n) && strcmp(cg_str_cstr(n), name) == 0;
    if (n.tag != CG_V_STOP)
        cg_decref(n);
    return r;
}

static bool is_iterator(cg_value v) {
    cg_value n = cg_getattr_opt(v, cg_str_intern("__next__"));
    if (cg_is_err(n)) {
        cg_exc_clear();
        return false;
    }
    if (n.tag == CG_V_STOP)
        return cg_typeof(v)->next != NULL;
    cg_decref(n);
    return true;
}

static bool same_class(cg_value obj, cg_value cls) {
    cg_value c = cg_getattr(obj, cg_str_intern("__class__"));
    if (cg_is_err(c)) {
        cg_exc_clear();
        return cg_typeof(obj) == (cg_type *)cls.u.o;
    }
    bool r = cg_same(c, cls);
    cg_decref(c);
    return r;
}

static int save_newobj(pickler *p, cg_value argtup, cg_value obj) {
    const cg_tuple *a = cg_as_tuple(argtup);
    if (a->len < 1)
        return perr("__newobj__ arglist is empty%s", "");
    cg_value cls = a->items[0];
    if (!cg_isinstance(cls, &cg_type_type))
        return perr("args[0] from __newobj__ args is not a type%s", "");
    if (!cg_is_none(obj) && !same_class(obj, cls))
        return perr("args[0] from __newobj__ args has the wrong class%s", "");
    if (save(p, cls, false) < 0)
        return -1;
    cg_value rest = cg_tuple_from_array(a->len - 1, a->items + 1);
    if (cg_is_err(rest))
        return -1;
    int rc = save(p, rest, false);
    cg_decref(rest);
    return rc < 0 ? -1 : op(p, PK_NEWOBJ);
}

static int save_newobj_ex(pickler *p, cg_value argtup, cg_value obj) {
    const cg_tuple *a = cg_as_tuple(argtup);
    if (a->len != 3) {
        cg_pickle_raise("PicklingError", "length of the NEWOBJ_EX argument tuple must be exactly 3, not %lld",
                        (long long)a->len);
        return -1;
    }
    cg_value cls = a->items[0], args = a->items[1], kw = a->items[2];
    if (!cg_isinstance(cls, &cg_type_type))
        return perr("first item from NEWOBJ_EX argument tuple must be a class, not %s", cg_type_name(cls));
    if (!cg_is_none(obj) && !same_class(obj, cls)) {
        cg_value r = cg_repr(cls);
        if (cg_is_err(r))
            return -1;
        perr("first item from NEWOBJ_EX argument tuple must be %s", cg_str_cstr(r));
        cg_decref(r);
        return -1;
    }
    if (!cg_is_tuple(args))
        return perr("second item from NEWOBJ_EX argument tuple must be a tuple, not %s", cg_type_name(args));
    if (!cg_is_dict(kw))
        return perr("third item from NEWOBJ_EX argument tuple must be a dict, not %s", cg_type_name(kw));
    if (p->proto < 4) {
        cg_value part = cg_call_method(p->pickler, "_c_newobj_ex", 1, &argtup);
        if (cg_is_err(part))
            return -1;
        int rc = save(p, part, false);
        cg_decref(part);
        return rc < 0 || op(p, PK_EMPTY_TUPLE) < 0 ? -1 : op(p, PK_REDUCE);
    }
    if (save(p, cls, false) < 0 || save(p, args, false) < 0 || save(p, kw, false) < 0)
        return -1;
    return op(p, PK_NEWOBJ_EX);
}

/* Writes a reduce tuple (callable, args[, state[, listitems[, dictitems
 * [, state_setter]]]]); obj (None: not memoized) is what it rebuilds. */
static int save_reduce(pickler *p, cg_value rv, cg_value obj) {
    if (!cg_is_tuple(rv))
        return perr("__reduce__ must return a string or tuple%s", "");
    const cg_tuple *t = cg_as_tuple(rv);
    if (t->len < 2 || t->len > 6)
        return perr("tuple returned by __reduce__ must contain 2 through 6 elements%s", "");
    cg_value fn = t->items[0], args = t->items[1];
    cg_value state = t->len > 2 ? t->items[2] : CG_NONE;
    cg_value listitems = t->len > 3 ? t->items[3] : CG_NONE;
    cg_value dictitems = t->len > 4 ? t->items[4] : CG_NONE;
    cg_value setter = t->len > 5 ? t->items[5] : CG_NONE;
    cg_value callable = cg_getattr_opt(fn, cg_str_intern("__call__"));
    if (cg_is_err(callable))
        return -1;
    if (callable.tag == CG_V_STOP && !cg_typeof(fn)->call)
        return perr("first item of the tuple returned by __reduce__ must be callable%s", "");
    if (callable.tag != CG_V_STOP)
        cg_decref(callable);
    if (!cg_is_tuple(args))
        return perr("second item of the tuple returned by __reduce__ must be a tuple%s", "");
    if (!cg_is_none(listitems) && !is_iterator(listitems))
        return perr("fourth element of the tuple returned by __reduce__ must be an iterator, not %s",
                    cg_type_name(listitems));
    if (!cg_is_none(dictitems) && !is_iterator(dictitems))
        return perr("fifth element of the tuple returned by __reduce__ must be an iterator, not %s",
                    cg_type_name(dictitems));
    if (!cg_is_none(setter) && !cg_typeof(setter)->call)
        return perr("sixth element of the tuple returned by __reduce__ must be a function, not %s",
                    cg_type_name(setter));
    int rc;
    if (p->proto >= 2 && has_name(fn, "__newobj_ex__"))
        rc = save_newobj_ex(p, args, obj);
    else if (p->proto >= 2 && has_name(fn, "__newobj__"))
        rc = save_newobj(p, args, obj);
    else
        rc = save(p, fn, false) < 0 || save(p, args, false) < 0 ? -1 : op(p, PK_REDUCE);
    if (rc < 0)
        return -1;
    if (!cg_is_none(obj) && cg_is_obj(obj)) {
        int64_t idx = memo_find(p->memo, obj.u.o);
        if (idx >= 0)
            return op(p, PK_POP) < 0 ? -1 : memo_get(p, idx);
        if (memo_put(p, obj.u.o) < 0)
            return -1;
    }
    if (!cg_is_none(listitems) && batch_list(p, listitems) < 0)
        return -1;
    if (!cg_is_none(dictitems) && batch_dict(p, dictitems) < 0)
        return -1;
    if (cg_is_none(state))
        return 0;
    if (cg_is_none(setter))
        return save(p, state, false) < 0 ? -1 : op(p, PK_BUILD);
    if (save(p, setter, false) < 0 || save(p, obj, false) < 0 || save(p, state, false) < 0)
        return -1;
    if (op(p, PK_TUPLE2) < 0 || op(p, PK_REDUCE) < 0)
        return -1;
    return op(p, PK_POP);
}

/* persistent_id(obj): 1 when it gave an id (written), 0 when None. */
static int save_pers(pickler *p, cg_value v) {
    cg_value pid = cg_call1(p->pers_func, v);
    if (cg_is_err(pid))
        return -1;
    if (cg_is_none(pid))
        return 0;
    int rc;
    if (p->bin) {
        rc = save(p, pid, true) < 0 ? -1 : op(p, PK_BINPERSID);
    } else {
        cg_value s = cg_to_str(pid);
        rc = cg_is_err(s) ? -1 : 0;
        if (rc == 0) {
            const cg_str *t = cg_as_str(s);
            for (int64_t i = 0; i < t->len; i++)
                if ((unsigned char)t->s[i] >= 0x80)
                    rc = -1;
            if (rc < 0)
                perr("persistent IDs in protocol 0 must be ASCII strings%s", "");
            else
                rc = op(p, PK_PERSID) < 0 || put(p, t->s, t->len) < 0 || put(p, "\n", 1) < 0 ? -1 : 0;
            cg_decref(s);
        }
    }
    cg_decref(pid);
    return rc < 0 ? -1 : 1;
}

/* What is neither an atom nor a builtin container: reducer_override, the
 * dispatch tables and __reduce_ex__ (through Pickler._c_reduce). */
static int save_other(pickler *p, cg_value v, cg_value rv) {
    int rc;
    if (cg_is_str(rv))
        rc = save_global(p, v, rv);
    else
        rc = save_reduce(p, rv, v);
    return rc;
}

static int save_obj(pickler *p, cg_value v) {
    cg_type *t = cg_typeof(v);
    int64_t idx = memo_find(p->memo, v.u.o);
    if (idx >= 0)
        return memo_get(p, idx);
    if (t == &cg_type_bytes) {
        int64_t n;
        const char *s = cg_byteslike_data(v, &n);
        return save_bytes_data(p, s, n, v);
    }
    if (t == &cg_type_str)
        return save_str(p, v);
    if (!cg_is_none(p->reducer_override)) {
        cg_value rv = cg_call1(p->reducer_override, v);
        if (cg_is_err(rv))
            return -1;
        if (!cg_same(rv, cg_NotImplemented)) {
            int rc = save_other(p, v, rv);
            cg_decref(rv);
            return rc;
        }
        cg_decref(rv);
    }
    if (t == &cg_type_dict)
        return save_dict(p, v);
    if (t == &cg_type_list)
        return save_list(p, v);
    if (t == &cg_type_tuple)
        return save_tuple(p, v);
    if (t == &cg_type_set)
        return save_set(p, v);
    if (t == &cg_type_frozenset)
        return save_frozenset(p, v);
    if (t == &cg_type_bytearray)
        return save_bytearray(p, v);
    if (!cg_is_none(p->pbuf_type) && t == (cg_type *)p->pbuf_type.u.o)
        return save_picklebuffer(p, v);
    if (t == &cg_type_function)
        return save_global(p, v, CG_NONE);
    cg_value rv = cg_call_method(p->pickler, "_c_reduce", 1, &v);
    if (cg_is_err(rv))
        return -1;
    if (cg_is_none(rv)) /* a class: by reference */
        return save_global(p, v, CG_NONE);
    int rc = save_other(p, v, rv);
    cg_decref(rv);
    return rc;
}

static int save(pickler *p, cg_value v, bool pers_save) {
    if (opcode_boundary(p) < 0)
        return -1;
    if (!pers_save && !cg_is_none(p->pers_func)) {
        int r = save_pers(p, v);
        if (r != 0)
            return r < 0 ? -1 : 0;
    }
    switch (v.tag) {
    case CG_V_NONE: return op(p, PK_NONE);
    case CG_V_BOOL:
        if (p->proto >= 2)
            return op(p, v.u.i ? PK_NEWTRUE : PK_NEWFALSE);
        return put(p, v.u.i ? "I01\n" : "I00\n", 4);
    case CG_V_INT: return save_long(p, v);
    case CG_V_FLOAT: return save_float(p, v.u.f);
    default: break;
    }
    if (cg_is_bigint(v))
        return save_long(p, v);
    if (cg_recursion_enter(" while pickling an object") < 0)
        return -1;
    int rc = save_obj(p, v);
    cg_recursion_leave();
    return rc;
}

/* ---- the entry point ------------------------------------------------------------ */

/* An attribute of the Python pickler, or None where it has none. */
static cg_value optional_attr(cg_value o, const char *name) {
    cg_value r = cg_getattr_opt(o, cg_str_intern(name));
    if (r.tag == CG_V_STOP)
        return CG_NONE;
    return r;
}

cg_value cg_pickle_dump(cg_value *v) {
    pickler p = {0};
    memo_table own = {0};
    p.pickler = v[0];
    if (cg_is_type(v[6], &cg_type_pickler_memo))
        p.memo = (memo_table *)v[6].u.o;
    else
        p.memo = &own;
    int64_t proto;
    if (cg_index_value(v[2], &proto) < 0)
        return CG_ERR;
    if (proto < 0)
        proto = PK_HIGHEST_PROTOCOL;
    else if (proto > PK_HIGHEST_PROTOCOL)
        return cg_raise(&cg_exc_ValueError, "pickle protocol must be <= %d", PK_HIGHEST_PROTOCOL);
    p.proto = (int)proto;
    p.bin = proto > 0;
    p.frame_start = -1;
    p.write = v[3];
    p.fix_imports = cg_truth(v[4]) == 1;
    p.buffer_callback = v[5];
    if (!cg_is_none(p.buffer_callback) && p.proto < 5)
        return cg_raise(&cg_exc_ValueError, "buffer_callback needs protocol >= 5");
    p.pers_func = optional_attr(p.pickler, "persistent_id");
    p.reducer_override = optional_attr(p.pickler, "reducer_override");
    p.pbuf_type = optional_attr(p.pickler, "_c_picklebuffer");
    p.modnames = cg_dict_new();
    cg_value result = CG_ERR;
    if (cg_is_err(p.pers_func) || cg_is_err(p.reducer_override) || cg_is_err(p.pbuf_type) || cg_is_err(p.modnames))
        goto out;
    if (p.proto >= 2) {
        unsigned char h[2] = {PK_PROTO, (unsigned char)p.proto};
        if (put(&p, h, 2) < 0)
            goto out;
        p.framing = p.proto >= 4;
    }
    if (save(&p, v[1], false) < 0 || op(&p, PK_STOP) < 0)
        goto out;
    commit_frame(&p);
    if (cg_is_none(p.write))
        result = cg_bytes_new(p.data ? p.data : "", (size_t)p.len);
    else
        result = flush(&p) < 0 ? CG_ERR : CG_NONE;
out:
    free(p.data);
    cg_pickle_dump_memo_clear(&own);
    cg_decref(p.pers_func);
    cg_decref(p.reducer_override);
    cg_decref(p.pbuf_type);
    cg_decref(p.modnames);
    return result;
}
