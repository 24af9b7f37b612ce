/* array_methods.c: array.array's methods (append ... tounicode, the copy
 * and pickling hooks), with CPython 3.11's names, signatures and errors. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "stdlib/array.h"

enum {
    M_APPEND,
    M_BUFFER_INFO,
    M_BYTESWAP,
    M_COUNT,
    M_EXTEND,
    M_FROMBYTES,
    M_FROMFILE,
    M_FROMLIST,
    M_FROMUNICODE,
    M_INDEX,
    M_INSERT,
    M_POP,
    M_REMOVE,
    M_REVERSE,
    M_TOBYTES,
    M_TOFILE,
    M_TOLIST,
    M_TOUNICODE,
    M_COPY,
    M_DEEPCOPY,
    M_REDUCE_EX,
    M_SIZEOF,
};

#define BIND(idx, out, n) cg_args_bind(&cg_array_methods[idx], a, out, n)
#define RELEASE(idx, out, n) cg_args_release(&cg_array_methods[idx], out, n)

static cg_array *arr(cg_value self) { return cg_as_array(self); }

/* One argument bound, or CG_ERR. */
static cg_value one_arg(int idx, const cg_args *a) {
    cg_value v;
    if (BIND(idx, &v, 1) < 0)
        return CG_ERR;
    return v;
}

static cg_value m_append(cg_value self, const cg_args *a) {
    cg_value v = one_arg(M_APPEND, a);
    if (cg_is_err(v))
        return CG_ERR;
    cg_array *x = arr(self);
    int rc = cg_array_reserve(x, x->len + 1);
    if (rc == 0)
        rc = cg_array_pack(x->code, v, x->data + x->len * x->itemsize);
    RELEASE(M_APPEND, &v, 1);
    if (rc < 0)
        return CG_ERR;
    x->len++;
    return CG_NONE;
}

static cg_value m_buffer_info(cg_value self, const cg_args *a) {
    if (BIND(M_BUFFER_INFO, NULL, 0) < 0)
        return CG_ERR;
    cg_value items[2] = {cg_int((int64_t)(intptr_t)arr(self)->data), cg_int(arr(self)->len)};
    return cg_tuple_from_array(2, items);
}

static cg_value m_byteswap(cg_value self, const cg_args *a) {
    if (BIND(M_BYTESWAP, NULL, 0) < 0)
        return CG_ERR;
    cg_array *x = arr(self);
    for (int64_t i = 0; i < x->len; i++) {
        char *p = x->data + i * x->itemsize;
        for (int j = 0, k = x->itemsize - 1; j < k; j++, k--) {
            char t = p[j];
            p[j] = p[k];
            p[k] = t;
        }
    }
    return CG_NONE;
}

/* The first index in [start, stop) whose item equals v, -1 if none, -2
 * with an exception. */
static int64_t find(cg_array *x, cg_value v, int64_t start, int64_t stop) {
    for (int64_t i = start; i < stop && i < x->len; i++) {
        cg_value item = cg_array_unpack(x->code, x->data + i * x->itemsize);
        if (cg_is_err(item))
            return -2;
        cg_value eq = cg_compare(item, v, OP_EQ);
        cg_decref(item);
        int t = cg_is_err(eq) ? -1 : cg_truth(eq);
        cg_decref(eq);
        if (t < 0)
            return -2;
        if (t)
            return i;
    }
    return -1;
}

static cg_value m_count(cg_value self, const cg_args *a) {
    cg_value v = one_arg(M_COUNT, a);
    if (cg_is_err(v))
        return CG_ERR;
    cg_array *x = arr(self);
    int64_t n = 0, at = 0;
    for (;;) {
        int64_t i = find(x, v, at, x->len);
        if (i == -2) {
            RELEASE(M_COUNT, &v, 1);
            return CG_ERR;
        }
        if (i < 0)
            break;
        n++;
        at = i + 1;
    }
    RELEASE(M_COUNT, &v, 1);
    return cg_int(n);
}

static cg_value m_extend(cg_value self, const cg_args *a) {
    cg_value v = one_arg(M_EXTEND, a);
    if (cg_is_err(v))
        return CG_ERR;
    cg_array *x = arr(self);
    int rc;
    if (cg_is_array(v)) {
        cg_array *y = cg_as_array(v);
        if (y->code != x->code)
            rc = cg_raise_int(&cg_exc_TypeError, "can only extend with array of same kind");
        else {
            int64_t n = y->len * y->itemsize;
            char *copy = malloc((size_t)n + 1);
            rc = copy ? 0 : (cg_raise_nomemory(), -1);
            if (copy && n)
                memcpy(copy, y->data, (size_t)n);
            if (rc == 0)
                rc = cg_array_frombytes(x, copy, n);
            free(copy);
        }
    } else
        rc = cg_array_extend_iterable(x, v);
    RELEASE(M_EXTEND, &v, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value m_frombytes(cg_value self, const cg_args *a) {
    cg_value v = one_arg(M_FROMBYTES, a);
    if (cg_is_err(v))
        return CG_ERR;
    cg_buffer b;
    int rc = -1;
    if (cg_is_str(v))
        cg_raise(&cg_exc_TypeError, "a bytes-like object is required, not 'str'");
    else if (cg_buffer_get(v, &b) == 0) {
        char *copy = malloc((size_t)b.len + 1); /* v may be self */
        if (copy) {
            memcpy(copy, b.buf, (size_t)b.len);
            int64_t n = b.len;
            cg_buffer_release(&b);
            rc = cg_array_frombytes(arr(self), copy, n);
            free(copy);
        } else {
            cg_buffer_release(&b);
            cg_raise_nomemory();
        }
    }
    RELEASE(M_FROMBYTES, &v, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value m_fromfile(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (BIND(M_FROMFILE, arg, 2) < 0)
        return CG_ERR;
    cg_array *x = arr(self);
    int64_t n;
    cg_value r = CG_ERR;
    if (cg_index_value(arg[1], &n) < 0)
        goto out;
    if (n < 0) {
        cg_raise(&cg_exc_ValueError, "negative count");
        goto out;
    }
    cg_value want = cg_int(n * x->itemsize);
    cg_value data = cg_call_method(arg[0], "read", 1, &want);
    if (cg_is_err(data))
        goto out;
    if (!cg_is_bytes(data)) {
        cg_raise(&cg_exc_TypeError, "read() didn't return bytes");
        cg_decref(data);
        goto out;
    }
    int64_t got = cg_as_bytes(data)->len, whole = got - got % x->itemsize;
    int rc = cg_array_frombytes(x, cg_as_bytes(data)->s, whole);
    cg_decref(data);
    if (rc == 0 && got != n * x->itemsize)
        cg_raise(&cg_exc_EOFError, "read() didn't return enough bytes");
    else if (rc == 0)
        r = CG_NONE;
out:
    RELEASE(M_FROMFILE, arg, 2);
    return r;
}

static cg_value m_fromlist(cg_value self, const cg_args *a) {
    cg_value v = one_arg(M_FROMLIST, a);
    if (cg_is_err(v))
        return CG_ERR;
    int rc;
    if (!cg_isinstance(v, &cg_type_list))
        rc = cg_raise_int(&cg_exc_TypeError, "arg must be list");
    else {
        cg_array *x = arr(self);
        int64_t old = x->len;
        rc = cg_array_extend_iterable(x, v);
        if (rc < 0)
            x->len = old; /* all or nothing, as CPython */
    }
    RELEASE(M_FROMLIST, &v, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value m_fromunicode(cg_value self, const cg_args *a) {
    cg_value v = one_arg(M_FROMUNICODE, a);
    if (cg_is_err(v))
        return CG_ERR;
    int rc;
    if (!cg_is_str(v))
        rc = cg_raise_int(&cg_exc_TypeError, "fromunicode() argument must be str, not %s", cg_type_name(v));
    else if (arr(self)->code != 'u')
        rc = cg_raise_int(&cg_exc_ValueError, "fromunicode() may only be called on unicode type arrays");
    else
        rc = cg_array_extend_iterable(arr(self), v);
    RELEASE(M_FROMUNICODE, &v, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static int64_t clamp_index(int64_t i, int64_t len) {
    if (i < 0)
        i = i + len < 0 ? 0 : i + len;
    return i > len ? len : i;
}

static cg_value m_index(cg_value self, const cg_args *a) {
    cg_value arg[3];
    if (BIND(M_INDEX, arg, 3) < 0)
        return CG_ERR;
    cg_array *x = arr(self);
    int64_t start = 0, stop = x->len;
    cg_value r = CG_ERR;
    if ((cg_is_none(arg[1]) || cg_index_value(arg[1], &start) == 0)
        && (cg_is_none(arg[2]) || cg_index_value(arg[2], &stop) == 0)) {
        int64_t i = find(x, arg[0], clamp_index(start, x->len), clamp_index(stop, x->len));
        if (i == -1)
            cg_raise(&cg_exc_ValueError, "array.index(x): x not in array");
        else if (i >= 0)
            r = cg_int(i);
    }
    RELEASE(M_INDEX, arg, 3);
    return r;
}

static cg_value m_insert(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (BIND(M_INSERT, arg, 2) < 0)
        return CG_ERR;
    cg_array *x = arr(self);
    int64_t i;
    char item[8];
    int rc = cg_index_value(arg[0], &i);
    if (rc == 0)
        rc = cg_array_pack(x->code, arg[1], item);
    RELEASE(M_INSERT, arg, 2);
    if (rc < 0 || cg_array_resize(x, x->len + 1) < 0)
        return CG_ERR;
    i = clamp_index(i, x->len - 1);
    int w = x->itemsize;
    memmove(x->data + (i + 1) * w, x->data + i * w, (size_t)((x->len - 1 - i) * w));
    memcpy(x->data + i * w, item, (size_t)w);
    return CG_NONE;
}

static int remove_at(cg_array *x, int64_t i) {
    if (x->exports > 0)
        return cg_raise_int(&cg_exc_BufferError, "cannot resize an array that is exporting buffers");
    int w = x->itemsize;
    memmove(x->data + i * w, x->data + (i + 1) * w, (size_t)((x->len - i - 1) * w));
    x->len--;
    return 0;
}

static cg_value m_pop(cg_value self, const cg_args *a) {
    cg_value v = one_arg(M_POP, a);
    if (cg_is_err(v))
        return CG_ERR;
    int64_t i;
    int rc = cg_index_value(v, &i);
    RELEASE(M_POP, &v, 1);
    if (rc < 0)
        return CG_ERR;
    cg_array *x = arr(self);
    if (x->len == 0)
        return cg_raise(&cg_exc_IndexError, "pop from empty array");
    if (i < 0)
        i += x->len;
    if (i < 0 || i >= x->len)
        return cg_raise(&cg_exc_IndexError, "pop index out of range");
    cg_value item = cg_array_unpack(x->code, x->data + i * x->itemsize);
    if (!cg_is_err(item) && remove_at(x, i) < 0) {
        cg_decref(item);
        return CG_ERR;
    }
    return item;
}

static cg_value m_remove(cg_value self, const cg_args *a) {
    cg_value v = one_arg(M_REMOVE, a);
    if (cg_is_err(v))
        return CG_ERR;
    cg_array *x = arr(self);
    int64_t i = find(x, v, 0, x->len);
    RELEASE(M_REMOVE, &v, 1);
    if (i == -2)
        return CG_ERR;
    if (i < 0)
        return cg_raise(&cg_exc_ValueError, "array.remove(x): x not in array");
    return remove_at(x, i) < 0 ? CG_ERR : CG_NONE;
}

static cg_value m_reverse(cg_value self, const cg_args *a) {
    if (BIND(M_REVERSE, NULL, 0) < 0)
        return CG_ERR;
    cg_array *x = arr(self);
    char tmp[8];
    int w = x->itemsize;
    for (int64_t i = 0, j = x->len - 1; i < j; i++, j--) {
        memcpy(tmp, x->data + i * w, (size_t)w);
        memcpy(x->data + i * w, x->data + j * w, (size_t)w);
        memcpy(x->data + j * w, tmp, (size_t)w);
    }
    return CG_NONE;
}

static cg_value m_tobytes(cg_value self, const cg_args *a) {
    if (BIND(M_TOBYTES, NULL, 0) < 0)
        return CG_ERR;
    return cg_bytes_new(arr(self)->data ? arr(self)->data : "", (size_t)(arr(self)->len * arr(self)->itemsize));
}

static cg_value m_tofile(cg_value self, const cg_args *a) {
    cg_value f = one_arg(M_TOFILE, a);
    if (cg_is_err(f))
        return CG_ERR;
    cg_value data = cg_bytes_new(arr(self)->data ? arr(self)->data : "",
                                 (size_t)(arr(self)->len * arr(self)->itemsize));
    cg_value r = cg_is_err(data) ? CG_ERR : cg_call_method(f, "write", 1, &data);
    cg_decref(data);
    RELEASE(M_TOFILE, &f, 1);
    if (cg_is_err(r))
        return CG_ERR;
    cg_decref(r);
    return CG_NONE;
}

static cg_value m_tolist(cg_value self, const cg_args *a) {
    if (BIND(M_TOLIST, NULL, 0) < 0)
        return CG_ERR;
    cg_array *x = arr(self);
    cg_value list = cg_list_new(0);
    for (int64_t i = 0; !cg_is_err(list) && i < x->len; i++) {
        cg_value v = cg_array_unpack(x->code, x->data + i * x->itemsize);
        if (cg_is_err(v) || cg_list_append_steal(list, v) < 0) {
            cg_decref(list);
            return CG_ERR;
        }
    }
    return list;
}

static cg_value m_tounicode(cg_value self, const cg_args *a) {
    if (BIND(M_TOUNICODE, NULL, 0) < 0)
        return CG_ERR;
    cg_array *x = arr(self);
    if (x->code != 'u')
        return cg_raise(&cg_exc_ValueError, "tounicode() may only be called on unicode type arrays");
    cg_strbuf b = {0};
    for (int64_t i = 0; i < x->len; i++) {
        uint32_t cp;
        memcpy(&cp, x->data + i * 4, 4);
        if (cp > 0x10FFFF) {
            cg_strbuf_free(&b);
            return cg_raise(&cg_exc_ValueError, "character U+%x is not in range [U+0000; U+10ffff]", cp);
        }
        cg_strbuf_put_cp(&b, cp);
    }
    return cg_str_from_strbuf(&b);
}

static cg_value m_copy(cg_value self, const cg_args *a) {
    if (BIND(M_COPY, NULL, 0) < 0)
        return CG_ERR;
    return cg_array_slice(arr(self), 0, arr(self)->len, 1);
}

static cg_value m_deepcopy(cg_value self, const cg_args *a) {
    cg_value memo = one_arg(M_DEEPCOPY, a);
    if (cg_is_err(memo))
        return CG_ERR;
    RELEASE(M_DEEPCOPY, &memo, 1);
    return cg_array_slice(arr(self), 0, arr(self)->len, 1);
}

/* (type, (typecode, items as a list), None): what copy and pickle rebuild
 * it from. */
static cg_value m_reduce_ex(cg_value self, const cg_args *a) {
    cg_value proto = one_arg(M_REDUCE_EX, a);
    if (cg_is_err(proto))
        return CG_ERR;
    RELEASE(M_REDUCE_EX, &proto, 1);
    cg_array *x = arr(self);
    cg_value list = cg_call_method(self, "tolist", 0, NULL);
    if (cg_is_err(list))
        return CG_ERR;
    cg_value args[2] = {cg_str_new(&x->code, 1), list};
    cg_value inner = cg_is_err(args[0]) ? CG_ERR : cg_tuple_from_array(2, args);
    cg_decref(args[0]);
    cg_decref(list);
    if (cg_is_err(inner))
        return CG_ERR;
    cg_value items[3] = {cg_obj_value(x->head.type), inner, CG_NONE};
    cg_value r = cg_tuple_from_array(3, items);
    cg_decref(inner);
    return r;
}

static cg_value m_sizeof(cg_value self, const cg_args *a) {
    if (BIND(M_SIZEOF, NULL, 0) < 0)
        return CG_ERR;
    return cg_int((int64_t)sizeof(cg_array) + arr(self)->cap * arr(self)->itemsize);
}

const cg_method_def cg_array_methods[] = {
    [M_APPEND] = {"append", m_append, "append(v, /)", "Append new value v to the end of the array."},
    [M_BUFFER_INFO] = {"buffer_info", m_buffer_info, "buffer_info()",
                       "Return a tuple (address, length) giving the current memory address and the length in "
                       "items of the buffer holding the array's contents."},
    [M_BYTESWAP] = {"byteswap", m_byteswap, "byteswap()", "Byteswap all items of the array."},
    [M_COUNT] = {"count", m_count, "count(v, /)", "Return number of occurrences of v in the array."},
    [M_EXTEND] = {"extend", m_extend, "extend(bb, /)", "Append items to the end of the array."},
    [M_FROMBYTES] = {"frombytes", m_frombytes, "frombytes(buffer, /)",
                     "Appends items from the bytes-like object, read as machine values."},
    [M_FROMFILE] = {"fromfile", m_fromfile, "fromfile(f, n, /)",
                    "Read n objects from the file object f and append them to the end of the array."},
    [M_FROMLIST] = {"fromlist", m_fromlist, "fromlist(list, /)", "Append items to array from list."},
    [M_FROMUNICODE] = {"fromunicode", m_fromunicode, "fromunicode(ustr, /)",
                       "Extends this array with data from the unicode string ustr ('u' arrays only)."},
    [M_INDEX] = {"index", m_index, "index(v, start=0, stop=9223372036854775807, /)",
                 "Return index of first occurrence of v in the array."},
    [M_INSERT] = {"insert", m_insert, "insert(i, v, /)", "Insert a new item v into the array before position i."},
    [M_POP] = {"pop", m_pop, "pop(i=-1, /)", "Return the i-th element and delete it from the array."},
    [M_REMOVE] = {"remove", m_remove, "remove(v, /)", "Remove the first occurrence of v in the array."},
    [M_REVERSE] = {"reverse", m_reverse, "reverse()", "Reverse the order of the items in the array."},
    [M_TOBYTES] = {"tobytes", m_tobytes, "tobytes()", "Convert the array to an array of machine values."},
    [M_TOFILE] = {"tofile", m_tofile, "tofile(f, /)", "Write all items (as machine values) to the file object f."},
    [M_TOLIST] = {"tolist", m_tolist, "tolist()", "Convert array to an ordinary list with the same items."},
    [M_TOUNICODE] = {"tounicode", m_tounicode, "tounicode()",
                     "Extends this array with data from the unicode string ustr ('u' arrays only)."},
    [M_COPY] = {"__copy__", m_copy, "__copy__()", "Return a copy of the array."},
    [M_DEEPCOPY] = {"__deepcopy__", m_deepcopy, "__deepcopy__(unused, /)", "Return a copy of the array."},
    [M_REDUCE_EX] = {"__reduce_ex__", m_reduce_ex, "__reduce_ex__(protocol, /)", "Return state information for pickling."},
    [M_SIZEOF] = {"__sizeof__", m_sizeof, "__sizeof__()", "Size of the array in memory, in bytes."},
    {NULL, NULL, NULL, NULL},
};
