/* bytes_methods.c: the methods bytes and bytearray share (find, split,
 * join, strip, replace, the ASCII case and class tests, padding, hex,
 * decode, translate, ...), with CPython 3.11's results and messages. Each
 * method reads self's bytes and answers in self's type: bytes for bytes,
 * bytearray for bytearray.
 *
 * Not here: the mutating methods of bytearray (bytearray.c), encodings
 * (codecs.c), `%` (bytes_format.c). */
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/codecs.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

enum {
    M_COUNT,
    M_FIND,
    M_RFIND,
    M_INDEX,
    M_RINDEX,
    M_STARTSWITH,
    M_ENDSWITH,
    M_REPLACE,
    M_SPLIT,
    M_RSPLIT,
    M_SPLITLINES,
    M_PARTITION,
    M_RPARTITION,
    M_JOIN,
    M_STRIP,
    M_LSTRIP,
    M_RSTRIP,
    M_REMOVEPREFIX,
    M_REMOVESUFFIX,
    M_UPPER,
    M_LOWER,
    M_SWAPCASE,
    M_TITLE,
    M_CAPITALIZE,
    M_ISALNUM,
    M_ISALPHA,
    M_ISASCII,
    M_ISDIGIT,
    M_ISLOWER,
    M_ISUPPER,
    M_ISSPACE,
    M_ISTITLE,
    M_CENTER,
    M_LJUST,
    M_RJUST,
    M_ZFILL,
    M_EXPANDTABS,
    M_HEX,
    M_DECODE,
    M_TRANSLATE,
};
static const cg_method_def fromhex_defs[], maketrans_defs[];

#define BIND(idx, out) cg_args_bind(&cg_bytes_methods[idx], a, out, (int)(sizeof(out) / sizeof(out[0])))
#define RELEASE(idx, out) cg_args_release(&cg_bytes_methods[idx], out, (int)(sizeof(out) / sizeof(out[0])))

static const char *data(cg_value self, int64_t *n) { return cg_byteslike_data(self, n); }

static cg_value from_strbuf(cg_value self, cg_strbuf *b) {
    if (b->failed) {
        cg_strbuf_free(b);
        return cg_raise_nomemory();
    }
    cg_value r = cg_byteslike_make(self, b->data ? b->data : "", (int64_t)b->len);
    cg_strbuf_free(b);
    return r;
}

/* ---- ASCII classes ------------------------------------------------------------ */
static bool is_lower(int c) { return c >= 'a' && c <= 'z'; }
static bool is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static bool is_alpha(int c) { return is_lower(c) || is_upper(c); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static int to_upper(int c) { return is_lower(c) ? c - 32 : c; }
static int to_lower(int c) { return is_upper(c) ? c + 32 : c; }

/* ---- the needle: an int or a bytes-like object -------------------------------- */
typedef struct {
    cg_buffer view;
    char byte;
    const char *s;
    int64_t n;
} needle;

static int needle_get(cg_value v, needle *nd) {
    nd->view = (cg_buffer){.owner = CG_NONE};
    if (cg_has_buffer(v)) {
        if (cg_buffer_get(v, &nd->view) < 0)
            return -1;
        nd->s = nd->view.buf, nd->n = nd->view.len;
        return 0;
    }
    int64_t k;
    if (v.tag != CG_V_INT && v.tag != CG_V_BOOL
        && (!cg_is_obj(v) || cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__index__")).tag == CG_V_STOP))
        return cg_raise_int(&cg_exc_TypeError, "argument should be integer or bytes-like object, not '%s'",
                            cg_type_name(v));
    if (cg_byte_index(v, &k) < 0)
        return -1;
    if (k < 0 || k > 255)
        return cg_raise_int(&cg_exc_ValueError, "byte must be in range(0, 256)");
    nd->byte = (char)k;
    nd->s = &nd->byte, nd->n = 1;
    return 0;
}

static int64_t search(const char *s, int64_t a, int64_t z, const char *x, int64_t m, bool reverse) {
    if (z - a < m)
        return -1;
    if (!reverse) {
        if (m == 0)
            return a;
        const char *p = memmem(s + a, (size_t)(z - a), x, (size_t)m);
        return p ? p - s : -1;
    }
    for (int64_t i = z - m; i >= a; i--)
        if (memcmp(s + i, x, (size_t)m) == 0)
            return i;
    return -1;
}

/* find/rfind/index/rindex: -2 on error, -1 not found */
static int64_t do_find(cg_value self, const cg_args *a, int idx, bool reverse) {
    cg_value arg[3];
    if (BIND(idx, arg) < 0)
        return -2;
    int64_t n, s0, s1, r = -2;
    const char *s = data(self, &n);
    needle nd;
    if (needle_get(arg[0], &nd) == 0) {
        if (cg_seq_index_bounds(arg[1], arg[2], n, &s0, &s1) == 0) {
            if (s1 > n)
                s1 = n;
            r = s0 > n ? -1 : search(s, s0, s1, nd.s, nd.n, reverse);
        }
        cg_buffer_release(&nd.view);
    }
    RELEASE(idx, arg);
    return r;
}

static cg_value b_find(cg_value self, const cg_args *a) {
    int64_t r = do_find(self, a, M_FIND, false);
    return r == -2 ? CG_ERR : cg_int(r);
}
static cg_value b_rfind(cg_value self, const cg_args *a) {
    int64_t r = do_find(self, a, M_RFIND, true);
    return r == -2 ? CG_ERR : cg_int(r);
}
static cg_value b_index(cg_value self, const cg_args *a) {
    int64_t r = do_find(self, a, M_INDEX, false);
    return r == -2 ? CG_ERR : r == -1 ? cg_raise(&cg_exc_ValueError, "subsection not found") : cg_int(r);
}
static cg_value b_rindex(cg_value self, const cg_args *a) {
    int64_t r = do_find(self, a, M_RINDEX, true);
    return r == -2 ? CG_ERR : r == -1 ? cg_raise(&cg_exc_ValueError, "subsection not found") : cg_int(r);
}

static cg_value b_count(cg_value self, const cg_args *a) {
    cg_value arg[3];
    if (BIND(M_COUNT, arg) < 0)
        return CG_ERR;
    int64_t n, s0, s1;
    const char *s = data(self, &n);
    cg_value r = CG_ERR;
    needle nd;
    if (needle_get(arg[0], &nd) == 0) {
        if (cg_seq_index_bounds(arg[1], arg[2], n, &s0, &s1) == 0) {
            if (s1 > n)
                s1 = n;
            int64_t c = 0;
            if (s0 <= s1 && nd.n == 0)
                c = s1 - s0 + 1;
            else
                for (int64_t i = s0; i >= 0 && (i = search(s, i, s1, nd.s, nd.n, false)) >= 0; i += nd.n)
                    c++;
            r = cg_int(s0 > n ? 0 : c);
        }
        cg_buffer_release(&nd.view);
    }
    RELEASE(M_COUNT, arg);
    return r;
}

/* startswith / endswith: a bytes-like prefix or a tuple of them */
static int affix_one(const char *s, int64_t a, int64_t z, cg_value x, bool end, const char *fname) {
    if (!cg_has_buffer(x))
        return cg_raise_int(&cg_exc_TypeError, "%s first arg must be bytes or a tuple of bytes, not %s", fname,
                            cg_type_name(x));
    cg_buffer v;
    if (cg_buffer_get(x, &v) < 0)
        return -1;
    int r = 0;
    if (z - a >= v.len)
        r = memcmp(s + (end ? z - v.len : a), v.buf, (size_t)v.len) == 0;
    cg_buffer_release(&v);
    return r;
}

static cg_value affix(cg_value self, const cg_args *a, int idx, bool end) {
    cg_value arg[3];
    if (BIND(idx, arg) < 0)
        return CG_ERR;
    int64_t n, s0, s1;
    const char *s = data(self, &n);
    int r = -1;
    const char *fname = end ? "endswith" : "startswith";
    if (cg_seq_index_bounds(arg[1], arg[2], n, &s0, &s1) == 0) {
        if (s1 > n)
            s1 = n;
        if (s0 > n)
            r = cg_is_tuple(arg[0]) || cg_has_buffer(arg[0]) ? 0 : affix_one(s, 0, 0, arg[0], end, fname);
        else if (cg_is_tuple(arg[0])) {
            r = 0;
            cg_tuple *t = cg_as_tuple(arg[0]);
            for (int64_t i = 0; i < t->len && r == 0; i++)
                r = affix_one(s, s0, s1, t->items[i], end, fname);
        } else
            r = affix_one(s, s0, s1, arg[0], end, fname);
    }
    RELEASE(idx, arg);
    return r < 0 ? CG_ERR : cg_bool(r);
}
static cg_value b_startswith(cg_value self, const cg_args *a) { return affix(self, a, M_STARTSWITH, false); }
static cg_value b_endswith(cg_value self, const cg_args *a) { return affix(self, a, M_ENDSWITH, true); }

/* ---- replace, split, partition, join ------------------------------------------------ */

static cg_value b_replace(cg_value self, const cg_args *a) {
    cg_value arg[3];
    if (BIND(M_REPLACE, arg) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    cg_buffer o, w;
    int64_t count, n;
    const char *s = data(self, &n);
    if (cg_buffer_get(arg[0], &o) < 0)
        goto out;
    if (cg_buffer_get(arg[1], &w) < 0) {
        cg_buffer_release(&o);
        goto out;
    }
    if (cg_index_value(arg[2], &count) == 0) {
        cg_strbuf b = {0};
        int64_t i = 0, done = 0;
        if (o.len == 0) {
            for (; i <= n && (count < 0 || done < count); i++, done++) {
                cg_strbuf_append(&b, w.buf, (size_t)w.len);
                if (i < n)
                    cg_strbuf_putc(&b, s[i]);
            }
            if (i < n)
                cg_strbuf_append(&b, s + i, (size_t)(n - i));
        } else {
            for (int64_t j; (count < 0 || done < count) && (j = search(s, i, n, o.buf, o.len, false)) >= 0; done++) {
                cg_strbuf_append(&b, s + i, (size_t)(j - i));
                cg_strbuf_append(&b, w.buf, (size_t)w.len);
                i = j + o.len;
            }
            cg_strbuf_append(&b, s + i, (size_t)(n - i));
        }
        r = from_strbuf(self, &b);
    }
    cg_buffer_release(&o);
    cg_buffer_release(&w);
out:
    RELEASE(M_REPLACE, arg);
    return r;
}

static int push_piece(cg_value self, cg_value list, const char *s, int64_t n) {
    cg_value p = cg_byteslike_make(self, s, n);
    return cg_is_err(p) ? -1 : cg_list_append_steal(list, p);
}

/* split / rsplit: by runs of ASCII whitespace when sep is None */
static cg_value do_split(cg_value self, const cg_args *a, int idx, bool reverse) {
    cg_value arg[2];
    if (BIND(idx, arg) < 0)
        return CG_ERR;
    int64_t n, maxsplit;
    const char *s = data(self, &n);
    cg_value list = CG_ERR;
    cg_buffer sep = {.owner = CG_NONE};
    if (cg_index_value(arg[1], &maxsplit) < 0 || (!cg_is_none(arg[0]) && cg_buffer_get(arg[0], &sep) < 0))
        goto out;
    if (!cg_is_none(arg[0]) && sep.len == 0) {
        cg_raise(&cg_exc_ValueError, "empty separator");
        goto out;
    }
    list = cg_list_new(0);
    if (cg_is_err(list))
        goto out;
    if (maxsplit < 0)
        maxsplit = INT64_MAX;
    int64_t np = 0; /* pieces split off so far */
    cg_value tmp = cg_list_new(0);
    if (cg_is_err(tmp)) {
        cg_decref(list);
        list = CG_ERR;
        goto out;
    }
    int rc = 0;
    if (cg_is_none(arg[0])) {
        if (!reverse) {
            int64_t i = 0;
            while (rc == 0) {
                while (i < n && is_space((unsigned char)s[i]))
                    i++;
                if (i >= n)
                    break;
                if (np == maxsplit) {
                    rc = push_piece(self, tmp, s + i, n - i);
                    break;
                }
                int64_t j = i;
                while (j < n && !is_space((unsigned char)s[j]))
                    j++;
                rc = push_piece(self, tmp, s + i, j - i);
                np++;
                i = j;
            }
        } else {
            int64_t z = n;
            while (rc == 0) {
                while (z > 0 && is_space((unsigned char)s[z - 1]))
                    z--;
                if (z <= 0)
                    break;
                if (np == maxsplit) {
                    rc = push_piece(self, tmp, s, z);
                    break;
                }
                int64_t j = z;
                while (j > 0 && !is_space((unsigned char)s[j - 1]))
                    j--;
                rc = push_piece(self, tmp, s + j, z - j);
                np++;
                z = j;
            }
        }
    } else if (!reverse) {
        int64_t i = 0, j;
        while (rc == 0 && np < maxsplit && (j = search(s, i, n, sep.buf, sep.len, false)) >= 0) {
            rc = push_piece(self, tmp, s + i, j - i);
            np++;
            i = j + sep.len;
        }
        if (rc == 0)
            rc = push_piece(self, tmp, s + i, n - i);
    } else {
        int64_t z = n, j;
        while (rc == 0 && np < maxsplit && (j = search(s, 0, z, sep.buf, sep.len, true)) >= 0) {
            rc = push_piece(self, tmp, s + j + sep.len, z - j - sep.len);
            np++;
            z = j;
        }
        if (rc == 0)
            rc = push_piece(self, tmp, s, z);
    }
    if (rc < 0) {
        cg_decref(list);
        cg_decref(tmp);
        list = CG_ERR;
        goto out;
    }
    cg_list *t = cg_as_list(tmp);
    for (int64_t k = 0; k < t->len; k++)
        cg_list_append(list, t->items[reverse ? t->len - 1 - k : k]);
    cg_decref(tmp);
out:
    cg_buffer_release(&sep);
    RELEASE(idx, arg);
    return list;
}
static cg_value b_split(cg_value self, const cg_args *a) { return do_split(self, a, M_SPLIT, false); }
static cg_value b_rsplit(cg_value self, const cg_args *a) { return do_split(self, a, M_RSPLIT, true); }

static cg_value b_splitlines(cg_value self, const cg_args *a) {
    cg_value arg[1];
    if (BIND(M_SPLITLINES, arg) < 0)
        return CG_ERR;
    int keep = cg_truth(arg[0]);
    RELEASE(M_SPLITLINES, arg);
    if (keep < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    cg_value list = cg_list_new(0);
    for (int64_t i = 0; !cg_is_err(list) && i < n;) {
        int64_t j = i;
        while (j < n && s[j] != '\n' && s[j] != '\r')
            j++;
        int64_t eol = j;
        if (j < n)
            j += s[j] == '\r' && j + 1 < n && s[j + 1] == '\n' ? 2 : 1;
        if (push_piece(self, list, s + i, (keep ? j : eol) - i) < 0) {
            cg_decref(list);
            return CG_ERR;
        }
        i = j;
    }
    return list;
}

static cg_value do_partition(cg_value self, const cg_args *a, int idx, bool reverse) {
    cg_value arg[1];
    if (BIND(idx, arg) < 0)
        return CG_ERR;
    cg_buffer sep;
    int rc = cg_buffer_get(arg[0], &sep);
    RELEASE(idx, arg);
    if (rc < 0)
        return CG_ERR;
    if (sep.len == 0) {
        cg_buffer_release(&sep);
        return cg_raise(&cg_exc_ValueError, "empty separator");
    }
    int64_t n;
    const char *s = data(self, &n);
    int64_t j = search(s, 0, n, sep.buf, sep.len, reverse);
    cg_value parts[3];
    if (j < 0) {
        parts[0] = cg_byteslike_make(self, reverse ? "" : s, reverse ? 0 : n);
        parts[1] = cg_byteslike_make(self, "", 0);
        parts[2] = cg_byteslike_make(self, reverse ? s : "", reverse ? n : 0);
    } else {
        parts[0] = cg_byteslike_make(self, s, j);
        parts[1] = cg_byteslike_make(self, sep.buf, sep.len);
        parts[2] = cg_byteslike_make(self, s + j + sep.len, n - j - sep.len);
    }
    cg_buffer_release(&sep);
    if (cg_is_err(parts[0]) || cg_is_err(parts[1]) || cg_is_err(parts[2])) {
        for (int i = 0; i < 3; i++)
            cg_decref(parts[i]);
        return CG_ERR;
    }
    return cg_tuple_steal(3, parts);
}
static cg_value b_partition(cg_value self, const cg_args *a) { return do_partition(self, a, M_PARTITION, false); }
static cg_value b_rpartition(cg_value self, const cg_args *a) { return do_partition(self, a, M_RPARTITION, true); }

static cg_value b_join(cg_value self, const cg_args *a) {
    cg_value arg[1];
    if (BIND(M_JOIN, arg) < 0)
        return CG_ERR;
    cg_value items = cg_list_from_iterable(arg[0]);
    RELEASE(M_JOIN, arg);
    if (cg_is_err(items))
        return items;
    int64_t n;
    const char *s = data(self, &n);
    cg_strbuf b = {0};
    cg_list *l = cg_as_list(items);
    for (int64_t i = 0; i < l->len; i++) {
        if (!cg_has_buffer(l->items[i])) {
            cg_strbuf_free(&b);
            cg_raise(&cg_exc_TypeError, "sequence item %lld: expected a bytes-like object, %s found", (long long)i,
                     cg_type_name(l->items[i]));
            cg_decref(items);
            return CG_ERR;
        }
        cg_buffer v;
        if (cg_buffer_get(l->items[i], &v) < 0) {
            cg_strbuf_free(&b);
            cg_decref(items);
            return CG_ERR;
        }
        if (i)
            cg_strbuf_append(&b, s, (size_t)n);
        cg_strbuf_append(&b, v.buf, (size_t)v.len);
        cg_buffer_release(&v);
    }
    cg_decref(items);
    return from_strbuf(self, &b);
}

/* ---- strip, removeprefix ---------------------------------------------------------------- */

static cg_value do_strip(cg_value self, const cg_args *a, int idx, bool left, bool right) {
    cg_value arg[1];
    if (BIND(idx, arg) < 0)
        return CG_ERR;
    cg_buffer chars = {.owner = CG_NONE};
    int rc = cg_is_none(arg[0]) ? 0 : cg_buffer_get(arg[0], &chars);
    RELEASE(idx, arg);
    if (rc < 0)
        return CG_ERR;
    bool set[256] = {0};
    if (cg_is_none(chars.owner))
        for (int c = 0; c < 256; c++)
            set[c] = is_space(c);
    else
        for (int64_t i = 0; i < chars.len; i++)
            set[(unsigned char)chars.buf[i]] = true;
    cg_buffer_release(&chars);
    int64_t n;
    const char *s = data(self, &n);
    int64_t i = 0, z = n;
    if (left)
        while (i < z && set[(unsigned char)s[i]])
            i++;
    if (right)
        while (z > i && set[(unsigned char)s[z - 1]])
            z--;
    return cg_byteslike_make(self, s + i, z - i);
}
static cg_value b_strip(cg_value self, const cg_args *a) { return do_strip(self, a, M_STRIP, true, true); }
static cg_value b_lstrip(cg_value self, const cg_args *a) { return do_strip(self, a, M_LSTRIP, true, false); }
static cg_value b_rstrip(cg_value self, const cg_args *a) { return do_strip(self, a, M_RSTRIP, false, true); }

static cg_value do_remove(cg_value self, const cg_args *a, int idx, bool suffix) {
    cg_value arg[1];
    if (BIND(idx, arg) < 0)
        return CG_ERR;
    cg_buffer x;
    int rc = cg_buffer_get(arg[0], &x);
    RELEASE(idx, arg);
    if (rc < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    int64_t i = 0, z = n;
    if (x.len <= n && memcmp(suffix ? s + n - x.len : s, x.buf, (size_t)x.len) == 0) {
        if (suffix)
            z -= x.len;
        else
            i += x.len;
    }
    cg_buffer_release(&x);
    return cg_byteslike_make(self, s + i, z - i);
}
static cg_value b_removeprefix(cg_value self, const cg_args *a) { return do_remove(self, a, M_REMOVEPREFIX, false); }
static cg_value b_removesuffix(cg_value self, const cg_args *a) { return do_remove(self, a, M_REMOVESUFFIX, true); }

/* ---- case and classes ------------------------------------------------------------------- */

typedef enum { C_UPPER, C_LOWER, C_SWAP, C_TITLE, C_CAPITALIZE } case_kind;

static cg_value map_case(cg_value self, const cg_args *a, int idx, case_kind k) {
    if (cg_args_bind(&cg_bytes_methods[idx], a, NULL, 0) < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    char *o = malloc((size_t)n + 1);
    if (!o)
        return cg_raise_nomemory();
    bool prev_cased = false;
    for (int64_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        switch (k) {
        case C_UPPER: c = to_upper(c); break;
        case C_LOWER: c = to_lower(c); break;
        case C_SWAP: c = is_lower(c) ? to_upper(c) : to_lower(c); break;
        case C_TITLE:
            c = prev_cased ? to_lower(c) : to_upper(c);
            prev_cased = is_alpha(c);
            break;
        case C_CAPITALIZE: c = i == 0 ? to_upper(c) : to_lower(c); break;
        }
        o[i] = (char)c;
    }
    cg_value r = cg_byteslike_make(self, o, n);
    free(o);
    return r;
}
static cg_value b_upper(cg_value self, const cg_args *a) { return map_case(self, a, M_UPPER, C_UPPER); }
static cg_value b_lower(cg_value self, const cg_args *a) { return map_case(self, a, M_LOWER, C_LOWER); }
static cg_value b_swapcase(cg_value self, const cg_args *a) { return map_case(self, a, M_SWAPCASE, C_SWAP); }
static cg_value b_title(cg_value self, const cg_args *a) { return map_case(self, a, M_TITLE, C_TITLE); }
static cg_value b_capitalize(cg_value self, const cg_args *a) { return map_case(self, a, M_CAPITALIZE, C_CAPITALIZE); }

static cg_value all_of(cg_value self, const cg_args *a, int idx, bool (*pred)(int)) {
    if (cg_args_bind(&cg_bytes_methods[idx], a, NULL, 0) < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    if (n == 0)
        return CG_FALSE;
    for (int64_t i = 0; i < n; i++)
        if (!pred((unsigned char)s[i]))
            return CG_FALSE;
    return CG_TRUE;
}
static bool is_alnum(int c) { return is_alpha(c) || is_digit(c); }
static cg_value b_isalnum(cg_value self, const cg_args *a) { return all_of(self, a, M_ISALNUM, is_alnum); }
static cg_value b_isalpha(cg_value self, const cg_args *a) { return all_of(self, a, M_ISALPHA, is_alpha); }
static cg_value b_isdigit(cg_value self, const cg_args *a) { return all_of(self, a, M_ISDIGIT, is_digit); }
static cg_value b_isspace(cg_value self, const cg_args *a) { return all_of(self, a, M_ISSPACE, is_space); }

static cg_value b_isascii(cg_value self, const cg_args *a) {
    if (cg_args_bind(&cg_bytes_methods[M_ISASCII], a, NULL, 0) < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    for (int64_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 128)
            return CG_FALSE;
    return CG_TRUE;
}

/* islower / isupper: some cased byte, none of the other case */
static cg_value has_case(cg_value self, const cg_args *a, int idx, bool upper) {
    if (cg_args_bind(&cg_bytes_methods[idx], a, NULL, 0) < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    bool seen = false;
    for (int64_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        if (upper ? is_lower(c) : is_upper(c))
            return CG_FALSE;
        seen |= upper ? is_upper(c) : is_lower(c);
    }
    return cg_bool(seen);
}
static cg_value b_islower(cg_value self, const cg_args *a) { return has_case(self, a, M_ISLOWER, false); }
static cg_value b_isupper(cg_value self, const cg_args *a) { return has_case(self, a, M_ISUPPER, true); }

static cg_value b_istitle(cg_value self, const cg_args *a) {
    if (cg_args_bind(&cg_bytes_methods[M_ISTITLE], a, NULL, 0) < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    bool prev_cased = false, cased = false;
    for (int64_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        if (is_upper(c)) {
            if (prev_cased)
                return CG_FALSE;
            prev_cased = cased = true;
        } else if (is_lower(c)) {
            if (!prev_cased)
                return CG_FALSE;
            prev_cased = cased = true;
        } else
            prev_cased = false;
    }
    return cg_bool(cased);
}

/* ---- padding ------------------------------------------------------------------------------ */

static int fill_byte(cg_value v, const char *fname, char *out) {
    if (cg_is_none(v)) { /* the default, b' ' */
        *out = ' ';
        return 0;
    }
    if (cg_is_bytes(v) || cg_is_bytearray(v)) {
        int64_t n;
        const char *s = cg_byteslike_data(v, &n);
        if (n == 1) {
            *out = s[0];
            return 0;
        }
    }
    return cg_raise_int(&cg_exc_TypeError, "%s() argument 2 must be a byte string of length 1, not %s", fname,
                        cg_type_name(v));
}

static cg_value pad(cg_value self, const cg_args *a, int idx, int where) {
    cg_value arg[2];
    if (BIND(idx, arg) < 0)
        return CG_ERR;
    int64_t w;
    char fill = 0;
    int rc = cg_index_value(arg[0], &w);
    if (rc == 0)
        rc = fill_byte(arg[1], cg_bytes_methods[idx].name, &fill);
    RELEASE(idx, arg);
    if (rc < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    if (w <= n)
        return cg_byteslike_make(self, s, n);
    int64_t extra = w - n, left = where < 0 ? 0 : where > 0 ? extra : extra / 2 + (extra & w & 1);
    cg_strbuf b = {0};
    cg_strbuf_repeat(&b, fill, left);
    cg_strbuf_append(&b, s, (size_t)n);
    cg_strbuf_repeat(&b, fill, extra - left);
    return from_strbuf(self, &b);
}
static cg_value b_center(cg_value self, const cg_args *a) { return pad(self, a, M_CENTER, 0); }
static cg_value b_ljust(cg_value self, const cg_args *a) { return pad(self, a, M_LJUST, -1); }
static cg_value b_rjust(cg_value self, const cg_args *a) { return pad(self, a, M_RJUST, 1); }

static cg_value b_zfill(cg_value self, const cg_args *a) {
    int64_t w;
    if (cg_args_index(&cg_bytes_methods[M_ZFILL], a, &w) < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    if (w <= n)
        return cg_byteslike_make(self, s, n);
    cg_strbuf b = {0};
    int64_t i = 0;
    if (n && (s[0] == '+' || s[0] == '-'))
        cg_strbuf_putc(&b, s[i++]);
    cg_strbuf_repeat(&b, '0', w - n);
    cg_strbuf_append(&b, s + i, (size_t)(n - i));
    return from_strbuf(self, &b);
}

static cg_value b_expandtabs(cg_value self, const cg_args *a) {
    int64_t tab;
    if (cg_args_index(&cg_bytes_methods[M_EXPANDTABS], a, &tab) < 0)
        return CG_ERR;
    if (tab > INT32_MAX || tab < INT32_MIN) /* CPython reads it as a C int */
        return cg_raise(&cg_exc_OverflowError, "Python int too large to convert to C int");
    int64_t n, col = 0;
    const char *s = data(self, &n);
    cg_strbuf b = {0};
    for (int64_t i = 0; i < n; i++) {
        if (s[i] == '\t') {
            if (tab > 0) {
                cg_strbuf_repeat(&b, ' ', tab - col % tab);
                col += tab - col % tab;
            }
        } else {
            cg_strbuf_putc(&b, s[i]);
            col = s[i] == '\n' || s[i] == '\r' ? 0 : col + 1;
        }
    }
    return from_strbuf(self, &b);
}

/* ---- hex, fromhex --------------------------------------------------------------------------- */

/* hex(sep, bytes_per_sep) for any buffer's bytes (memoryview.hex too). */
cg_value cg_hex_of(const char *s, int64_t n, cg_value sepv, cg_value per) {
    char sep = 0;
    int64_t k = 1;
    if (!cg_is_none(sepv) && sepv.tag != CG_V_STOP) {
        int64_t m;
        const char *p;
        if (cg_is_str(sepv))
            p = cg_str_cstr(sepv), m = cg_as_str(sepv)->ncp;
        else if (cg_is_bytes(sepv) || cg_is_bytearray(sepv))
            p = cg_byteslike_data(sepv, &m);
        else
            return cg_raise(&cg_exc_TypeError, "sep must be str or bytes.");
        if (m != 1)
            return cg_raise(&cg_exc_ValueError, "sep must be length 1.");
        if ((unsigned char)p[0] >= 128)
            return cg_raise(&cg_exc_ValueError, "sep must be ASCII.");
        sep = p[0];
        if (per.tag != CG_V_STOP && cg_index_value(per, &k) < 0)
            return CG_ERR;
    }
    cg_strbuf b = {0};
    int64_t group = k < 0 ? -k : k;
    for (int64_t i = 0; i < n; i++) {
        if (sep && i && group) {
            bool at = k > 0 ? (n - i) % group == 0 : i % group == 0;
            if (at)
                cg_strbuf_putc(&b, sep);
        }
        cg_strbuf_printf(&b, "%02x", (unsigned char)s[i]);
    }
    return cg_str_from_strbuf(&b);
}

static cg_value b_hex(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (BIND(M_HEX, arg) < 0)
        return CG_ERR;
    int64_t n;
    const char *s = data(self, &n);
    cg_value r = cg_hex_of(s, n, arg[0], arg[1]);
    RELEASE(M_HEX, arg);
    return r;
}

static int hexdigit(int c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

cg_value cg_bytes_fromhex(cg_value type, const cg_args *a) {
    cg_value arg[1];
    if (cg_args_bind(&fromhex_defs[0], a, arg, 1) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (!cg_is_str(arg[0])) {
        cg_raise(&cg_exc_TypeError, "fromhex() argument must be str, not %s", cg_type_name(arg[0]));
        goto out;
    }
    const cg_str *s = cg_as_str(arg[0]);
    cg_strbuf b = {0};
    for (int64_t i = 0, pos = 0; i < s->len; pos++) {
        int c = (unsigned char)s->s[i];
        if (is_space(c)) {
            i++;
            continue;
        }
        int hi = hexdigit(c), lo = i + 1 < s->len ? hexdigit((unsigned char)s->s[i + 1]) : -1;
        if (hi < 0 || lo < 0) {
            cg_strbuf_free(&b);
            cg_raise(&cg_exc_ValueError, "non-hexadecimal number found in fromhex() arg at position %lld",
                     (long long)(hi < 0 ? i : i + 1));
            goto out;
        }
        cg_strbuf_putc(&b, (char)(hi * 16 + lo));
        i += 2;
    }
    cg_type *t = (cg_type *)type.u.o;
    r = cg_type_is_subtype(t, &cg_type_bytearray) ? cg_bytearray_new(b.data ? b.data : "", b.len)
                                                  : cg_bytes_new(b.data ? b.data : "", b.len);
    cg_strbuf_free(&b);
    r = cg_classmethod_result(type, r);
out:
    cg_args_release(&fromhex_defs[0], arg, 1);
    return r;
}

/* ---- decode, translate ------------------------------------------------------------------------ */

static cg_value b_decode(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (BIND(M_DECODE, arg) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    for (int i = 0; i < 2; i++)
        if (!cg_is_str(arg[i])) {
            cg_raise(&cg_exc_TypeError, "decode() argument '%s' must be str, not %s", i ? "errors" : "encoding",
                     cg_type_name(arg[i]));
            goto out;
        }
    int64_t n;
    const char *s = data(self, &n);
    r = cg_bytes_decode(s, n, cg_str_cstr(arg[0]), cg_str_cstr(arg[1]));
out:
    RELEASE(M_DECODE, arg);
    return r;
}

static cg_value b_translate(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (BIND(M_TRANSLATE, arg) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    cg_buffer table = {.owner = CG_NONE}, del = {.owner = CG_NONE};
    if (!cg_is_none(arg[0]) && cg_buffer_get(arg[0], &table) < 0)
        goto out;
    if (!cg_is_none(table.owner) && table.len != 256) {
        cg_raise(&cg_exc_ValueError, "translation table must be 256 characters long");
        goto out;
    }
    if (!cg_is_none(arg[1]) && cg_buffer_get(arg[1], &del) < 0)
        goto out;
    bool drop[256] = {0};
    for (int64_t i = 0; i < del.len; i++)
        drop[(unsigned char)del.buf[i]] = true;
    int64_t n;
    const char *s = data(self, &n);
    cg_strbuf b = {0};
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!drop[c])
            cg_strbuf_putc(&b, cg_is_none(table.owner) ? (char)c : table.buf[c]);
    }
    r = from_strbuf(self, &b);
out:
    cg_buffer_release(&table);
    cg_buffer_release(&del);
    RELEASE(M_TRANSLATE, arg);
    return r;
}

cg_value cg_bytes_maketrans(cg_value type, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&maketrans_defs[0], a, arg, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    cg_buffer x = {.owner = CG_NONE}, y = {.owner = CG_NONE};
    if (cg_buffer_get(arg[0], &x) < 0 || cg_buffer_get(arg[1], &y) < 0)
        goto out;
    if (x.len != y.len) {
        cg_raise(&cg_exc_ValueError, "maketrans arguments must have same length");
        goto out;
    }
    char t[256];
    for (int i = 0; i < 256; i++)
        t[i] = (char)i;
    for (int64_t i = 0; i < x.len; i++)
        t[(unsigned char)x.buf[i]] = y.buf[i];
    r = cg_bytes_new(t, 256);
out:
    cg_buffer_release(&x);
    cg_buffer_release(&y);
    cg_args_release(&maketrans_defs[0], arg, 2);
    return r;
}

const cg_method_def cg_bytes_methods[] = {
    [M_COUNT] = {"count", b_count, "count(sub, start=None, end=None, /)",
                 "Return the number of non-overlapping occurrences of sub in the range [start, end]."},
    [M_FIND] = {"find", b_find, "find(sub, start=None, end=None, /)",
                "Return the lowest index where sub is found, or -1."},
    [M_RFIND] = {"rfind", b_rfind, "rfind(sub, start=None, end=None, /)",
                 "Return the highest index where sub is found, or -1."},
    [M_INDEX] = {"index", b_index, "index(sub, start=None, end=None, /)",
                 "Like find, but raise ValueError when sub is not found."},
    [M_RINDEX] = {"rindex", b_rindex, "rindex(sub, start=None, end=None, /)",
                  "Like rfind, but raise ValueError when sub is not found."},
    [M_STARTSWITH] = {"startswith", b_startswith, "startswith(prefix, start=None, end=None, /)",
                      "Return True if the data starts with the given prefix (or one of a tuple of them)."},
    [M_ENDSWITH] = {"endswith", b_endswith, "endswith(suffix, start=None, end=None, /)",
                    "Return True if the data ends with the given suffix (or one of a tuple of them)."},
    [M_REPLACE] = {"replace", b_replace, "replace(old, new, count=-1, /)",
                   "Return a copy with occurrences of old replaced by new, at most count of them."},
    [M_SPLIT] = {"split", b_split, "split(sep=None, maxsplit=-1)",
                 "Return a list of the sections, split at sep (runs of ASCII whitespace when None)."},
    [M_RSPLIT] = {"rsplit", b_rsplit, "rsplit(sep=None, maxsplit=-1)", "Like split, but splitting from the right."},
    [M_SPLITLINES] = {"splitlines", b_splitlines, "splitlines(keepends=False)",
                      "Return a list of the lines, split at line boundaries."},
    [M_PARTITION] = {"partition", b_partition, "partition(sep, /)",
                     "Split at the first occurrence of sep into (head, sep, tail)."},
    [M_RPARTITION] = {"rpartition", b_rpartition, "rpartition(sep, /)",
                      "Split at the last occurrence of sep into (head, sep, tail)."},
    [M_JOIN] = {"join", b_join, "join(iterable_of_bytes, /)",
                "Concatenate bytes-like objects with this data between them."},
    [M_STRIP] = {"strip", b_strip, "strip(bytes=None, /)",
                 "Strip leading and trailing bytes (ASCII whitespace by default)."},
    [M_LSTRIP] = {"lstrip", b_lstrip, "lstrip(bytes=None, /)", "Strip leading bytes (ASCII whitespace by default)."},
    [M_RSTRIP] = {"rstrip", b_rstrip, "rstrip(bytes=None, /)", "Strip trailing bytes (ASCII whitespace by default)."},
    [M_REMOVEPREFIX] = {"removeprefix", b_removeprefix, "removeprefix(prefix, /)",
                        "Return the data without the given prefix, if it starts with it."},
    [M_REMOVESUFFIX] = {"removesuffix", b_removesuffix, "removesuffix(suffix, /)",
                        "Return the data without the given suffix, if it ends with it."},
    [M_UPPER] = {"upper", b_upper, "upper()", "Return a copy with ASCII lowercase letters made uppercase."},
    [M_LOWER] = {"lower", b_lower, "lower()", "Return a copy with ASCII uppercase letters made lowercase."},
    [M_SWAPCASE] = {"swapcase", b_swapcase, "swapcase()", "Return a copy with the case of ASCII letters swapped."},
    [M_TITLE] = {"title", b_title, "title()", "Return a titlecased copy: words start uppercase, the rest lowercase."},
    [M_CAPITALIZE] = {"capitalize", b_capitalize, "capitalize()",
                      "Return a copy with the first byte uppercase and the rest lowercase."},
    [M_ISALNUM] = {"isalnum", b_isalnum, "isalnum()",
                   "Return True if all bytes are ASCII letters or digits and there is at least one."},
    [M_ISALPHA] = {"isalpha", b_isalpha, "isalpha()",
                   "Return True if all bytes are ASCII letters and there is at least one."},
    [M_ISASCII] = {"isascii", b_isascii, "isascii()", "Return True if all bytes are ASCII (0 to 127)."},
    [M_ISDIGIT] = {"isdigit", b_isdigit, "isdigit()",
                   "Return True if all bytes are ASCII digits and there is at least one."},
    [M_ISLOWER] = {"islower", b_islower, "islower()",
                   "Return True if there is a lowercase ASCII letter and no uppercase one."},
    [M_ISUPPER] = {"isupper", b_isupper, "isupper()",
                   "Return True if there is an uppercase ASCII letter and no lowercase one."},
    [M_ISSPACE] = {"isspace", b_isspace, "isspace()",
                   "Return True if all bytes are ASCII whitespace and there is at least one."},
    [M_ISTITLE] = {"istitle", b_istitle, "istitle()",
                   "Return True if the data is titlecased and has at least one cased byte."},
    [M_CENTER] = {"center", b_center, "center(width, fillchar=b' ', /)",
                  "Return the data centered in a field of the given width."},
    [M_LJUST] = {"ljust", b_ljust, "ljust(width, fillchar=b' ', /)",
                 "Return the data left-justified in a field of the given width."},
    [M_RJUST] = {"rjust", b_rjust, "rjust(width, fillchar=b' ', /)",
                 "Return the data right-justified in a field of the given width."},
    [M_ZFILL] = {"zfill", b_zfill, "zfill(width, /)", "Pad a numeric string with zeros on the left, after any sign."},
    [M_EXPANDTABS] = {"expandtabs", b_expandtabs, "expandtabs(tabsize=8)",
                      "Return a copy where tabs are replaced by spaces up to the next tab stop."},
    [M_HEX] = {"hex", b_hex, "hex(sep=None, bytes_per_sep=1)",
               "Return the data as a string of hexadecimal digits, optionally grouped with sep."},
    [M_DECODE] = {"decode", b_decode, "decode(encoding='utf-8', errors='strict')",
                  "Decode the data into a str with the given codec."},
    [M_TRANSLATE] = {"translate", b_translate, "translate(table, /, delete=b'')",
                     "Map every byte through table, deleting the bytes in delete."},
    {NULL, NULL, NULL, NULL},
};

/* fromhex is a classmethod (B.fromhex makes a B); maketrans a static
 * method, the same through any class. */
static const cg_method_def fromhex_defs[] = {
    {"fromhex", cg_bytes_fromhex, "fromhex(string, /)", "Make an object of this type from a string of hexadecimal digits."},
    {NULL, NULL, NULL, NULL},
};

static const cg_method_def maketrans_defs[] = {
    {"maketrans", cg_bytes_maketrans, "maketrans(frm, to, /)",
     "Return a translation table mapping each byte of frm to the byte at the same place in to."},
    {NULL, NULL, NULL, NULL},
};

int cg_bytes_add_class_methods(cg_type *t) {
    return cg_type_add_classmethods(t, fromhex_defs) < 0 || cg_type_add_static_methods(t, maketrans_defs) < 0 ? -1 : 0;
}
