/* csv_module.c: `_csv`, the C half of the csv module (prelude/csv.py
 * holds the writer object, dialects and their registry, DictReader,
 * DictWriter and Sniffer). Here are the reader type (_csv.reader, made by
 * make_reader) with Python's reader state machine over the lines an
 * iterator yields, and join_row, the writer's quoting of one record: the
 * two loops whose cost is per character; plus field_size_limit, the
 * QUOTE_ constants and __version__.
 *
 * Note [csv dialect tuple]
 * csv.py validates a dialect once (its Dialect objects) and hands both
 * functions its settings as one tuple, in this order:
 *   (delimiter, quotechar, escapechar, doublequote, skipinitialspace,
 *    strict, quoting, lineterminator, Error)
 * where the three characters are 1-character strs (quotechar and
 * escapechar may be None), quoting is 0..3 and Error is csv.Error, the
 * class the messages of the state machine are raised as. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/fileio.h"
#include "runtime/gc.h"
#include "runtime/float_repr.h"
#include "runtime/module.h"
#include "runtime/utf8_scan.h"
#include "stdlib/stdlib.h"

enum { QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE };
enum { NOT_SET = -1, EOL = -2 };

static int64_t field_limit = 128 * 1024;

typedef struct {
    int32_t delimiter, quotechar, escapechar; /* code points, or NOT_SET */
    bool doublequote, skipinitialspace, strict;
    int quoting;
    cg_value lineterminator; /* borrowed str */
    cg_value error;          /* borrowed: csv.Error */
} dialect;

/* The code point at s (UTF-8, well formed); *len gets its byte count. */
static int32_t decode_cp(const unsigned char *s, int *len) {
    unsigned char c = s[0];
    if (c < 0x80) {
        *len = 1;
        return c;
    }
    if (c < 0xE0) {
        *len = 2;
        return (int32_t)(c & 0x1F) << 6 | (s[1] & 0x3F);
    }
    if (c < 0xF0) {
        *len = 3;
        return (int32_t)(c & 0x0F) << 12 | (int32_t)(s[1] & 0x3F) << 6 | (s[2] & 0x3F);
    }
    *len = 4;
    return (int32_t)(c & 0x07) << 18 | (int32_t)(s[1] & 0x3F) << 12 | (int32_t)(s[2] & 0x3F) << 6 | (s[3] & 0x3F);
}

static int32_t char_of(cg_value v) {
    if (cg_is_none(v))
        return NOT_SET;
    int len;
    return decode_cp((const unsigned char *)cg_str_cstr(v), &len);
}

/* Reads the dialect tuple (Note [csv dialect tuple]); -1 with TypeError. */
static int read_dialect(cg_value t, dialect *d) {
    if (t.tag != CG_V_OBJ || t.u.o->type != &cg_type_tuple || ((cg_tuple *)t.u.o)->len != 9) {
        cg_raise(&cg_exc_TypeError, "_csv: bad dialect tuple");
        return -1;
    }
    const cg_value *it = ((cg_tuple *)t.u.o)->items;
    for (int k = 0; k < 3; k++)
        if (!cg_is_none(it[k]) && !cg_is_str(it[k])) {
            cg_raise(&cg_exc_TypeError, "_csv: bad dialect tuple");
            return -1;
        }
    if (!cg_is_str(it[0]) || !cg_is_str(it[7]) || it[6].tag != CG_V_INT) {
        cg_raise(&cg_exc_TypeError, "_csv: bad dialect tuple");
        return -1;
    }
    d->delimiter = char_of(it[0]);
    d->quotechar = char_of(it[1]);
    d->escapechar = char_of(it[2]);
    d->doublequote = cg_truth(it[3]) == 1;
    d->skipinitialspace = cg_truth(it[4]) == 1;
    d->strict = cg_truth(it[5]) == 1;
    d->quoting = (int)it[6].u.i;
    d->lineterminator = it[7];
    d->error = it[8];
    return 0;
}

/* Raises csv.Error(msg); returns -1. */
static int csv_error(const dialect *d, const char *fmt, ...) CG_PRINTF(2, 3);
static int csv_error(const dialect *d, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    cg_value msg = cg_str_vfmt(fmt, ap);
    va_end(ap);
    if (cg_is_err(msg))
        return -1;
    cg_value exc = cg_call1(d->error, msg);
    cg_decref(msg);
    if (cg_is_err(exc))
        return -1;
    cg_raise_object(exc);
    cg_decref(exc);
    return -1;
}

/* ---- the reader --------------------------------------------------------- */

typedef enum {
    START_RECORD,
    START_FIELD,
    ESCAPED_CHAR,
    IN_FIELD,
    IN_QUOTED_FIELD,
    ESCAPE_IN_QUOTED_FIELD,
    QUOTE_IN_QUOTED_FIELD,
    EAT_CRNL,
    AFTER_ESCAPED_CRNL,
} parse_state;

typedef struct {
    const dialect *d;
    parse_state state;
    cg_strbuf field; /* the bytes of the field being read */
    bool wide;       /* the field has a character beyond ASCII (Note [csv field length]) */
    bool numeric; /* an unquoted field under QUOTE_NONNUMERIC: saved as float */
    cg_value fields; /* the list of the record */
    const bool *special; /* bytes that stop the plain-character runs */
} parser;

/* Note [csv field length]
 * The field limit counts characters; the buffer counts bytes, never
 * fewer. Only when the bytes pass the limit are the characters counted;
 * a field's str has as many characters as bytes unless the field took a
 * byte >= 0x80 (`wide`), when they are counted once, as it is made
 * (Note [Eight bytes at a time] in utf8_scan.h). */
static int add_bytes(parser *p, const unsigned char *s, size_t n) {
    if ((int64_t)(p->field.len + n) > field_limit
        && cg_utf8_count(p->field.data ? p->field.data : "", p->field.len) + cg_utf8_count((const char *)s, n)
               > field_limit)
        return csv_error(p->d, "field larger than field limit (%lld)", (long long)field_limit);
    if (p->field.len + n < p->field.cap) { /* room for the bytes and the NUL the buffer keeps */
        memcpy(p->field.data + p->field.len, s, n);
        p->field.len += n;
        p->field.data[p->field.len] = '\0';
        return 0;
    }
    cg_strbuf_append(&p->field, (const char *)s, n);
    return 0;
}

static int add_cp(parser *p, int32_t c) {
    if (c < 0x80 && p->field.len + 1 < p->field.cap && (int64_t)p->field.len < field_limit) {
        /* the common case, an ASCII character with room for it (and the NUL the buffer keeps) */
        p->field.data[p->field.len++] = (char)c;
        p->field.data[p->field.len] = '\0';
        return 0;
    }
    char u[4];
    p->wide |= c >= 0x80;
    return add_bytes(p, (const unsigned char *)u, (size_t)cg_cp_encode((uint32_t)c, u));
}

/* The field read so far as a str. */
static cg_value field_str(const parser *p) {
    if (p->field.len <= 1)
        return cg_str_new(p->field.data ? p->field.data : "", p->field.len);
    cg_str *o = cg_str_alloc(p->field.len);
    if (!o)
        return cg_raise_nomemory();
    memcpy(o->s, p->field.data, p->field.len);
    o->ncp = p->wide ? cg_utf8_count(o->s, p->field.len) : (int64_t)p->field.len;
    return cg_obj_value(o);
}

static int save_field(parser *p) {
    if (p->field.failed) {
        cg_raise_nomemory();
        return -1;
    }
    cg_value s = field_str(p);
    p->field.len = 0;
    p->wide = false;
    if (cg_is_err(s))
        return -1;
    if (p->numeric) {
        p->numeric = false;
        cg_value f = cg_call1(cg_obj_value(&cg_type_float), s);
        cg_decref(s);
        if (cg_is_err(f))
            return -1;
        s = f;
    }
    return cg_list_append_steal(p->fields, s);
}

static bool is_crlf(int32_t c) { return c == '\n' || c == '\r'; }

/* Ends a field at a line break or the end of a line. */
static int end_record_field(parser *p, int32_t c) {
    if (save_field(p) < 0)
        return -1;
    p->state = c == EOL ? START_RECORD : EAT_CRNL;
    return 0;
}

/* One character c (or EOL) through the state machine, as CPython's. */
static int process_char(parser *p, int32_t c) {
    const dialect *d = p->d;
    switch (p->state) {
    case START_RECORD:
        if (c == EOL)
            return 0; /* an empty line: the record [] */
        if (is_crlf(c)) {
            p->state = EAT_CRNL;
            return 0;
        }
        p->state = START_FIELD;
        /* fall through */
    case START_FIELD:
        if (is_crlf(c) || c == EOL)
            return end_record_field(p, c);
        if (c == d->quotechar && d->quoting != QUOTE_NONE)
            p->state = IN_QUOTED_FIELD;
        else if (c == d->escapechar)
            p->state = ESCAPED_CHAR;
        else if (c == ' ' && d->skipinitialspace)
            ;
        else if (c == d->delimiter)
            return save_field(p);
        else {
            if (d->quoting == QUOTE_NONNUMERIC)
                p->numeric = true;
            p->state = IN_FIELD;
            return add_cp(p, c);
        }
        return 0;
    case ESCAPED_CHAR:
        if (is_crlf(c)) {
            p->state = AFTER_ESCAPED_CRNL;
            return add_cp(p, c);
        }
        p->state = IN_FIELD;
        return add_cp(p, c == EOL ? '\n' : c);
    case AFTER_ESCAPED_CRNL:
        if (c == EOL)
            return 0;
        p->state = IN_FIELD;
        /* fall through */
    case IN_FIELD:
        if (is_crlf(c) || c == EOL)
            return end_record_field(p, c);
        if (c == d->escapechar)
            p->state = ESCAPED_CHAR;
        else if (c == d->delimiter) {
            p->state = START_FIELD;
            return save_field(p);
        } else
            return add_cp(p, c);
        return 0;
    case IN_QUOTED_FIELD:
        if (c == EOL)
            ;
        else if (c == d->escapechar)
            p->state = ESCAPE_IN_QUOTED_FIELD;
        else if (c == d->quotechar && d->quoting != QUOTE_NONE)
            p->state = d->doublequote ? QUOTE_IN_QUOTED_FIELD : IN_FIELD;
        else
            return add_cp(p, c);
        return 0;
    case ESCAPE_IN_QUOTED_FIELD:
        p->state = IN_QUOTED_FIELD;
        return add_cp(p, c == EOL ? '\n' : c);
    case QUOTE_IN_QUOTED_FIELD:
        if (d->quoting != QUOTE_NONE && c == d->quotechar) {
            p->state = IN_QUOTED_FIELD;
            return add_cp(p, c);
        }
        if (c == d->delimiter) {
            p->state = START_FIELD;
            return save_field(p);
        }
        if (is_crlf(c) || c == EOL)
            return end_record_field(p, c);
        if (!d->strict) {
            p->state = IN_FIELD;
            return add_cp(p, c);
        }
        char dl[5] = {0}, qu[5] = {0};
        cg_cp_encode((uint32_t)d->delimiter, dl);
        cg_cp_encode((uint32_t)d->quotechar, qu);
        return csv_error(d, "'%s' expected after '%s'", dl, qu);
    case EAT_CRNL:
        if (is_crlf(c))
            return 0;
        if (c == EOL) {
            p->state = START_RECORD;
            return 0;
        }
        return csv_error(d, "new-line character seen in unquoted field - do you need to open the file in universal-newline mode?");
    }
    return 0;
}

/* Note [csv plain runs]
 * Most characters of a field are none of the dialect's: inside a field
 * the reader copies the run up to the next delimiter, quote, escape or
 * line break at once instead of a character at a time. `special` marks
 * the bytes that end a run; when a dialect character is not ASCII every
 * byte >= 0x80 ends one and goes through the state machine. */
static void mark_specials(const dialect *d, bool special[256]) {
    memset(special, 0, 256);
    int32_t ch[5] = {d->delimiter, d->quotechar, d->escapechar, '\n', '\r'};
    for (int k = 0; k < 5; k++) {
        if (ch[k] >= 0x80)
            memset(special + 0x80, 1, 0x80);
        else if (ch[k] >= 0)
            special[ch[k]] = true;
    }
}

static int process_line(parser *p, const char *text, size_t size) {
    const unsigned char *s = (const unsigned char *)text;
    int64_t n = (int64_t)size, i = 0;
    while (i < n) {
        if ((p->state == IN_FIELD || p->state == IN_QUOTED_FIELD) && !p->special[s[i]]) {
            int64_t j = i + 1;
            unsigned char seen = s[i]; /* the bytes of the run or'ed: is any >= 0x80? */
            while (j < n && !p->special[s[j]])
                seen |= s[j++];
            p->wide |= seen >= 0x80;
            if (add_bytes(p, s + i, (size_t)(j - i)) < 0)
                return -1;
            i = j;
            continue;
        }
        int width = 1;
        int32_t c = s[i] < 0x80 ? s[i] : decode_cp(s + i, &width);
        if (process_char(p, c) < 0)
            return -1;
        i += width;
    }
    return process_char(p, EOL);
}

/* The record at the end of the input: what an unfinished field gives. */
static cg_value at_end(parser *p) {
    if (p->field.len == 0 && p->state != IN_QUOTED_FIELD)
        return CG_NONE;
    if (p->d->strict) {
        csv_error(p->d, "unexpected end of data");
        return CG_ERR;
    }
    if (save_field(p) < 0)
        return CG_ERR;
    cg_incref(p->fields);
    return p->fields;
}

/* Note [csv field buffer]
 * A record's fields are built in one buffer that the next record reuses,
 * so that reading allocates only the strs and the list. A reader called
 * again while one reads (its iterator may itself read CSV) takes a
 * buffer of its own. */
static cg_strbuf spare;
static bool spare_in_use;
static int64_t last_nfields;

/* Note [The csv reader type]
 * _csv.reader is a C type, as CPython's: the for loop calls its next slot
 * directly, and the dialect is read once, when the reader is made, not
 * at every record. csv.reader() (prelude/csv.py) validates the dialect
 * and makes the reader with make_reader(iterator, dialect, params). */
typedef struct {
    cg_obj head;
    cg_value it;      /* the iterator of the lines; None once cleared */
    cg_value dialect; /* csv.py's Dialect object: the reader's .dialect */
    cg_value params;  /* its tuple (Note [csv dialect tuple]), which d borrows from */
    dialect d;
    bool special[256]; /* see Note [csv plain runs] */
    int64_t line_num;
    cg_gc_link gc;
} reader;

/* The next record of the lines r->it yields, as a list of fields; None at
 * the end. */
static cg_value read_row(reader *rd) {
    const dialect *d = &rd->d;
    cg_value it = rd->it;
    parser p = {.d = d, .state = START_RECORD, .special = rd->special};
    bool own_spare = !spare_in_use;
    if (own_spare) {
        p.field = spare;
        p.field.len = 0;
        p.field.failed = false;
        spare_in_use = true;
    }
    cg_value r = CG_ERR;
    /* records of a file mostly have as many fields as the one before:
     * the list starts with room for that many */
    p.fields = cg_list_new(last_nfields);
    if (cg_is_err(p.fields))
        goto done;
    cg_as_list(p.fields)->len = 0; /* the room stays, empty */
    bool text_file = it.tag == CG_V_OBJ && it.u.o->type == &cg_type_text_file;
    do {
        /* Note [A line already decoded] in fileio.c: a file's line is read in place */
        const char *s;
        size_t n;
        int viewed = text_file ? cg_text_file_line_view(it, &s, &n) : 0;
        if (viewed < 0)
            goto done;
        cg_value line = CG_NONE;
        if (!viewed) {
            line = cg_next(it);
            if (line.tag == CG_V_STOP) {
                r = at_end(&p);
                goto done;
            }
            if (cg_is_err(line))
                goto done;
            if (!cg_is_str(line)) {
                csv_error(d, "iterator should return strings, not %s (the file should be opened in text mode)",
                          cg_type_name(line));
                cg_decref(line);
                goto done;
            }
            s = cg_str_cstr(line);
            n = (size_t)cg_as_str(line)->len;
        }
        rd->line_num++;
        int rc = process_line(&p, s, n);
        cg_decref(line);
        if (rc < 0)
            goto done;
    } while (p.state != START_RECORD);
    last_nfields = cg_as_list(p.fields)->len < 1024 ? cg_as_list(p.fields)->len : 1024;
    cg_incref(p.fields);
    r = p.fields;
done:
    cg_decref(p.fields);
    if (own_spare && !p.field.failed && p.field.cap <= 1 << 20) {
        spare = p.field;
        spare_in_use = false;
    } else {
        cg_strbuf_free(&p.field);
        if (own_spare) {
            spare = (cg_strbuf)CG_STRBUF_INIT;
            spare_in_use = false;
        }
    }
    return r;
}

/* ---- the writer --------------------------------------------------------- */

static bool is_number(cg_value v) {
    if (v.tag == CG_V_INT || v.tag == CG_V_BOOL || v.tag == CG_V_FLOAT)
        return true;
    if (v.tag != CG_V_OBJ || cg_is_str(v))
        return false;
    /* Python's number check: what converts to an int or a float, and complex */
    static const char *const slots[] = {"__index__", "__float__", "__int__", "__complex__"};
    for (int k = 0; k < 4; k++) {
        cg_value m = cg_getattr_opt(v, cg_str_intern(slots[k]));
        if (cg_is_err(m)) {
            cg_exc_clear();
            continue;
        }
        if (m.tag != CG_V_STOP) {
            cg_decref(m);
            return true;
        }
    }
    return false;
}

/* The text of one field: str as is, None as '', float as its repr. */
static cg_value field_text(cg_value v) {
    if (cg_is_str(v)) {
        cg_incref(v);
        return v;
    }
    if (cg_is_none(v))
        return cg_str_new("", 0);
    if (v.tag == CG_V_FLOAT)
        return cg_float_repr_value(v.u.f);
    return cg_to_str(v);
}

static bool in_lineterminator(const dialect *d, int32_t c) {
    const unsigned char *s = (const unsigned char *)cg_str_cstr(d->lineterminator);
    int64_t n = cg_as_str(d->lineterminator)->len;
    for (int64_t i = 0; i < n;) {
        int len;
        if (decode_cp(s + i, &len) == c)
            return true;
        i += len;
    }
    return false;
}

/* Appends one field's text to b, escaped; *quoted is set when it must be
 * quoted. -1 with csv.Error when it needs an escapechar it lacks. */
static int append_field(const dialect *d, cg_strbuf *b, cg_str *text, bool *quoted) {
    const unsigned char *s = (const unsigned char *)text->s;
    for (int64_t i = 0; i < text->len;) {
        int len;
        int32_t c = decode_cp(s + i, &len);
        if (c == d->delimiter || c == d->escapechar || c == d->quotechar || in_lineterminator(d, c)) {
            bool want_escape = false;
            if (d->quoting == QUOTE_NONE)
                want_escape = true;
            else {
                if (c == d->quotechar) {
                    if (d->doublequote)
                        cg_strbuf_append(b, (const char *)s + i, (size_t)len);
                    else
                        want_escape = true;
                } else if (c == d->escapechar)
                    want_escape = true;
                if (!want_escape)
                    *quoted = true;
            }
            if (want_escape) {
                if (d->escapechar == NOT_SET)
                    return csv_error(d, "need to escape, but no escapechar set");
                cg_strbuf_put_cp(b, (uint32_t)d->escapechar);
            }
        }
        cg_strbuf_append(b, (const char *)s + i, (size_t)len);
        i += len;
    }
    return 0;
}

/* One field of a record of nfields into b. */
static int join_field(const dialect *d, cg_strbuf *b, cg_value v, int64_t nfields) {
    bool quoted = d->quoting == QUOTE_ALL || (d->quoting == QUOTE_NONNUMERIC && !is_number(v));
    cg_value text = field_text(v);
    if (cg_is_err(text))
        return -1;
    cg_strbuf body = CG_STRBUF_INIT;
    int rc = append_field(d, &body, cg_as_str(text), &quoted);
    if (rc == 0 && cg_as_str(text)->len == 0 && nfields == 1) {
        if (d->quoting == QUOTE_NONE)
            rc = csv_error(d, "single empty field record must be quoted");
        else
            quoted = true;
    }
    cg_decref(text);
    if (rc == 0) {
        if (quoted)
            cg_strbuf_put_cp(b, (uint32_t)d->quotechar);
        cg_strbuf_append(b, body.data ? body.data : "", body.len);
        if (quoted)
            cg_strbuf_put_cp(b, (uint32_t)d->quotechar);
    }
    cg_strbuf_free(&body);
    return rc;
}

/* join_row(dialect, row): the line the writer writes for row. */
static cg_value join_row(const dialect *d, cg_value row) {
    cg_value it = cg_iter(row);
    if (cg_is_err(it)) {
        if (!cg_exc_matches(&cg_exc_TypeError))
            return CG_ERR;
        cg_exc_clear();
        csv_error(d, "iterable expected, not %s", cg_type_name(row));
        return CG_ERR;
    }
    cg_value items = cg_list_from_iterable(it);
    cg_decref(it);
    if (cg_is_err(items))
        return items;
    cg_list *l = cg_as_list(items);
    cg_strbuf b = CG_STRBUF_INIT;
    int rc = 0;
    for (int64_t k = 0; k < l->len && rc == 0; k++) {
        if (k > 0)
            cg_strbuf_put_cp(&b, (uint32_t)d->delimiter);
        rc = join_field(d, &b, l->items[k], l->len);
    }
    cg_decref(items);
    if (rc < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    cg_strbuf_append(&b, cg_str_cstr(d->lineterminator), (size_t)cg_as_str(d->lineterminator)->len);
    return cg_str_from_strbuf(&b);
}

/* ---- the bindings ------------------------------------------------------- */

enum { C_JOIN_ROW, C_FIELD_SIZE_LIMIT, C_MAKE_READER, C_N };
static const cg_method_def csv_defs[];

static cg_value c_join_row(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&csv_defs[C_JOIN_ROW], a, v, 2) < 0)
        return CG_ERR;
    dialect d;
    cg_value r = read_dialect(v[0], &d) < 0 ? CG_ERR : join_row(&d, v[1]);
    cg_args_release(&csv_defs[C_JOIN_ROW], v, 2);
    return r;
}

static cg_value c_field_size_limit(cg_value self, const cg_args *a) {
    if (a->nkw > 0)
        return cg_raise(&cg_exc_TypeError, "field_size_limit() takes no keyword arguments");
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "field_size_limit() takes at most 1 argument (%d given)", a->npos);
    int64_t old = field_limit;
    if (a->npos == 1) {
        cg_value v = a->pos[0];
        if (v.tag != CG_V_INT)
            return cg_raise(&cg_exc_TypeError, "limit must be an integer");
        field_limit = v.u.i;
    }
    return cg_int(old);
}

/* ---- the reader type (Note [The csv reader type]) ----------------------- */

static reader *reader_of(cg_value v) { return (reader *)v.u.o; }

static cg_value reader_iternext(cg_value self) {
    reader *r = reader_of(self);
    if (cg_is_none(r->it)) /* cleared by the cycle collector */
        return CG_STOP;
    cg_value row = read_row(r);
    return cg_is_none(row) ? CG_STOP : row;
}

static cg_value reader_iter(cg_value self) { return cg_incref(self); }

static cg_value reader_getattr(cg_value self, cg_str *name) {
    reader *r = reader_of(self);
    if (!strcmp(name->s, "line_num"))
        return cg_int(r->line_num);
    if (!strcmp(name->s, "dialect"))
        return cg_incref(r->dialect);
    return CG_STOP;
}

/* The reader's attributes are read-only, and it keeps no others. */
static int reader_setattr(cg_value self, cg_str *name, cg_value value) {
    if (!strcmp(name->s, "line_num") || !strcmp(name->s, "dialect"))
        return cg_raise_int(&cg_exc_AttributeError, "readonly attribute");
    return cg_raise_int(&cg_exc_AttributeError, "'_csv.reader' object has no attribute '%s'", name->s);
}

static void reader_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    reader *r = (reader *)o;
    cg_visit_value(r->it, visit, arg);
    cg_visit_value(r->dialect, visit, arg);
    cg_visit_value(r->params, visit, arg);
}

static void reader_clear(cg_obj *o) {
    reader *r = (reader *)o;
    cg_value_set(&r->it, CG_NONE);
    cg_value_set(&r->dialect, CG_NONE);
    cg_value_set(&r->params, CG_NONE);
}

static void reader_dealloc(cg_obj *o) {
    reader_clear(o);
    cg_obj_free(o);
}

static cg_type cg_type_csv_reader = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "reader",
    .module = "_csv",
    .base = &cg_type_object,
    .basicsize = sizeof(reader),
    .dealloc = reader_dealloc,
    .gc_offset = offsetof(reader, gc),
    .traverse = reader_traverse,
    .clear = reader_clear,
    .getattr = reader_getattr,
    .setattr = reader_setattr,
    .iter = reader_iter,
    .next = reader_iternext,
};

/* make_reader(iterator, dialect, params): csv.reader()'s object. */
static cg_value c_make_reader(cg_value self, const cg_args *a) {
    if (a->npos != 3 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "make_reader() takes 3 arguments");
    dialect d;
    if (read_dialect(a->pos[2], &d) < 0)
        return CG_ERR;
    reader *r = cg_obj_alloc(&cg_type_csv_reader);
    if (!r)
        return cg_raise_nomemory();
    r->it = cg_incref(a->pos[0]);
    r->dialect = cg_incref(a->pos[1]);
    r->params = cg_incref(a->pos[2]);
    r->d = d;
    mark_specials(&d, r->special);
    cg_gc_track(r);
    return cg_obj_value(r);
}

static const cg_method_def csv_defs[] = {
    [C_JOIN_ROW] = {"join_row", c_join_row, "join_row(dialect, row, /)", "The line a csv writer writes for row."},
    [C_FIELD_SIZE_LIMIT] = {"field_size_limit", c_field_size_limit, NULL,
                            "Sets an upper limit on parsed fields.\n    csv.field_size_limit([limit])\n\n"
                            "Returns old limit. If limit is not given, no new limit is set and\n"
                            "the old limit is returned"},
    [C_MAKE_READER] = {"make_reader", c_make_reader, "make_reader(iterator, dialect, params, /)",
                       "The reader csv.reader() returns, over an iterator of lines."},
    [C_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_csv_native_module_init(void) {
    cg_value m = cg_module_of("_csv", csv_defs);
    if (cg_is_err(m))
        return m;
    static const char *const names[] = {"QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE"};
    for (int k = 0; k < 4; k++)
        if (cg_module_add(m, names[k], cg_int(k)) < 0)
            goto fail;
    cg_value version = cg_str_from_c("1.0");
    if (cg_is_err(version))
        goto fail;
    int rc = cg_module_add(m, "__version__", version);
    cg_decref(version);
    if (rc < 0)
        goto fail;
    return m;
fail:
    cg_decref(m);
    return CG_ERR;
}
