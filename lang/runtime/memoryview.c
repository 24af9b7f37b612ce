/* memoryview.c: a view of another object's bytes through the buffer
 * interface (Note [The buffer interface] in bytes.h): indexing by the
 * view's format, slicing into views that share the memory (and see later
 * writes to a bytearray), cast to the struct formats with a shape,
 * tobytes, tolist, hex, release and `with`.
 *
 * A view holds one loan of its owner's buffer until released; a slice
 * takes a loan of its own. Shapes and strides are in bytes, C order. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

#define MAX_DIMS 8

typedef struct {
    cg_obj head;
    cg_buffer base;
    int64_t offset; /* of the first item, in bytes from base.buf */
    char fmt;
    int itemsize;
    int ndim;
    int64_t shape[MAX_DIMS], strides[MAX_DIMS];
    bool released;
} mview;

static mview *MV(cg_value v) { return (mview *)v.u.o; }

static int fmt_size(char f) {
    switch (f) {
    case 'B': case 'b': case 'c': case '?': return 1;
    case 'h': case 'H': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'n': case 'N': case 'd': case 'P': return 8;
    default: return 0;
    }
}

static int check_live(mview *m) {
    if (m->released)
        return cg_raise_int(&cg_exc_ValueError, "operation forbidden on released memoryview object");
    return 0;
}

static int64_t nitems(const mview *m) {
    int64_t n = 1;
    for (int d = 0; d < m->ndim; d++)
        n *= m->shape[d];
    return n;
}

static bool contiguous(const mview *m) {
    int64_t want = m->itemsize;
    for (int d = m->ndim - 1; d >= 0; d--) {
        if (m->shape[d] > 1 && m->strides[d] != want)
            return false;
        want *= m->shape[d];
    }
    return true;
}

/* Fortran order: the first dimension varies fastest. */
static bool f_contiguous(const mview *m) {
    int64_t want = m->itemsize;
    for (int d = 0; d < m->ndim; d++) {
        if (m->shape[d] > 1 && m->strides[d] != want)
            return false;
        want *= m->shape[d];
    }
    return true;
}

static mview *mv_alloc(void) {
    mview *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->head.refcnt = 1;
    m->head.type = &cg_type_memoryview;
    m->base.owner = CG_NONE;
    return m;
}

/* memoryview(obj): a 1-D view of unsigned bytes; a view of a view copies
 * its layout and takes a new loan of the same owner. */
static cg_value mv_of(cg_value obj) {
    mview *m = mv_alloc();
    if (!m)
        return cg_raise_nomemory();
    if (cg_is_type(obj, &cg_type_memoryview)) {
        mview *src = MV(obj);
        if (check_live(src) < 0 || cg_buffer_get(src->base.owner, &m->base) < 0) {
            free(m);
            return CG_ERR;
        }
        cg_buffer keep = m->base;
        *m = *src;
        m->head.refcnt = 1;
        m->base = keep;
        return cg_obj_value(m);
    }
    if (!cg_has_buffer(obj)) {
        free(m);
        return cg_raise(&cg_exc_TypeError, "memoryview: a bytes-like object is required, not '%s'",
                        cg_type_name(obj));
    }
    if (cg_buffer_get(obj, &m->base) < 0) {
        free(m);
        return CG_ERR;
    }
    m->fmt = 'B';
    m->itemsize = 1;
    m->ndim = 1;
    m->shape[0] = m->base.len;
    m->strides[0] = 1;
    return cg_obj_value(m);
}

static cg_value mv_new(cg_type *type, const cg_args *a) {
    static const cg_method_def def = {"memoryview", NULL, "memoryview(object)", NULL};
    cg_value arg[1];
    if (cg_args_bind(&def, a, arg, 1) < 0)
        return CG_ERR;
    cg_value r = mv_of(arg[0]);
    cg_args_release(&def, arg, 1);
    return r;
}

static void mv_dealloc(cg_obj *o) {
    cg_buffer_release(&((mview *)o)->base);
    free(o);
}

static cg_value mv_repr(cg_value self) {
    return cg_str_fmt("<%smemory at %p>", MV(self)->released ? "released " : "", (void *)self.u.o);
}

/* ---- items --------------------------------------------------------------------- */

static cg_value unpack(char f, const char *p) {
    union {
        int8_t b; uint8_t B; int16_t h; uint16_t H; int32_t i; uint32_t I; int64_t q; uint64_t Q;
        float f; double d; char raw[8];
    } u;
    memcpy(u.raw, p, (size_t)fmt_size(f));
    switch (f) {
    case 'B': return cg_int(u.B);
    case 'b': return cg_int(u.b);
    case 'c': return cg_bytes_new(p, 1);
    case '?': return cg_bool(u.B != 0);
    case 'h': return cg_int(u.h);
    case 'H': return cg_int(u.H);
    case 'i': return cg_int(u.i);
    case 'I': return cg_int(u.I);
    case 'f': return cg_float(u.f);
    case 'd': return cg_float(u.d);
    case 'L': case 'Q': case 'N': case 'P':
        if (u.Q > (uint64_t)INT64_MAX)
            return cg_raise(&cg_exc_OverflowError, "int too big to convert");
        return cg_int((int64_t)u.Q);
    default: return cg_int(u.q);
    }
}

static int pack(char f, char *p, cg_value v) {
    union {
        int8_t b; uint8_t B; int16_t h; uint16_t H; int32_t i; uint32_t I; int64_t q; uint64_t Q;
        float f; double d; char raw[8];
    } u;
    int64_t k = 0;
    double x = 0;
    if (f == 'c') {
        if (!cg_is_bytes(v) || cg_as_bytes(v)->len != 1)
            return cg_raise_int(&cg_exc_ValueError, "memoryview: invalid value for format 'c'");
        *p = cg_as_bytes(v)->s[0];
        return 0;
    }
    if (f == 'f' || f == 'd') {
        if (!cg_is_num(v))
            return cg_raise_int(&cg_exc_TypeError, "memoryview: invalid type for format '%c'", f);
        x = v.tag == CG_V_FLOAT ? v.u.f : (double)v.u.i;
    } else if (f == '?') {
        int t = cg_truth(v);
        if (t < 0)
            return -1;
        k = t;
    } else {
        if (v.tag != CG_V_INT && v.tag != CG_V_BOOL)
            return cg_raise_int(&cg_exc_TypeError, "memoryview: invalid type for format '%c'", f);
        k = v.u.i;
        int size = fmt_size(f);
        bool is_unsigned = f == 'B' || f == 'H' || f == 'I' || f == 'L' || f == 'Q' || f == 'N' || f == 'P';
        bool ok = is_unsigned ? k >= 0 && (size == 8 || k < ((int64_t)1 << (8 * size)))
                              : size == 8 || (k >= -((int64_t)1 << (8 * size - 1)) && k < ((int64_t)1 << (8 * size - 1)));
        if (!ok)
            return cg_raise_int(&cg_exc_ValueError, "memoryview: invalid value for format '%c'", f);
    }
    switch (f) {
    case 'B': case '?': u.B = (uint8_t)k; break;
    case 'b': u.b = (int8_t)k; break;
    case 'h': u.h = (int16_t)k; break;
    case 'H': u.H = (uint16_t)k; break;
    case 'i': u.i = (int32_t)k; break;
    case 'I': u.I = (uint32_t)k; break;
    case 'f': u.f = (float)x; break;
    case 'd': u.d = x; break;
    default: u.q = k; break;
    }
    memcpy(p, u.raw, (size_t)fmt_size(f));
    return 0;
}

static char *item_ptr(mview *m, int64_t i) { return m->base.buf + m->offset + i * m->strides[0]; }

static int index_of(mview *m, cg_value key, int64_t *i) {
    if (m->ndim != 1)
        return cg_raise_int(&cg_exc_NotImplementedError, "multi-dimensional sub-views are not implemented");
    if (*i < 0)
        *i += m->shape[0];
    if (*i < 0 || *i >= m->shape[0])
        return cg_raise_int(&cg_exc_IndexError, "index out of bounds on dimension 1");
    return 0;
}

static cg_value mv_getitem(cg_value self, cg_value key) {
    mview *m = MV(self);
    if (check_live(m) < 0)
        return CG_ERR;
    int64_t i;
    int r = cg_key_as_index(key, &i);
    if (r < 0)
        return CG_ERR;
    if (r == 1) {
        if (index_of(m, key, &i) < 0)
            return CG_ERR;
        return unpack(m->fmt, item_ptr(m, i));
    }
    if (!cg_is_type(key, &cg_type_slice))
        return cg_raise(&cg_exc_TypeError, "memoryview: invalid slice key");
    int64_t start, stop, step, k = cg_slice_indices(key, m->shape[0], &start, &stop, &step);
    if (k < 0)
        return CG_ERR;
    cg_value v = mv_of(self);
    if (cg_is_err(v))
        return v;
    mview *s = MV(v);
    s->offset = m->offset + start * m->strides[0];
    s->shape[0] = k;
    s->strides[0] = m->strides[0] * step;
    return v;
}

static int mv_setitem(cg_value self, cg_value key, cg_value value) {
    mview *m = MV(self);
    if (check_live(m) < 0)
        return -1;
    if (m->base.readonly)
        return cg_raise_int(&cg_exc_TypeError, "cannot modify read-only memory");
    int64_t i;
    int r = cg_key_as_index(key, &i);
    if (r < 0)
        return -1;
    if (r == 1)
        return index_of(m, key, &i) < 0 ? -1 : pack(m->fmt, item_ptr(m, i), value);
    if (!cg_is_type(key, &cg_type_slice))
        return cg_raise_int(&cg_exc_TypeError, "memoryview: invalid slice key");
    int64_t start, stop, step, k = cg_slice_indices(key, m->shape[0], &start, &stop, &step);
    if (k < 0)
        return -1;
    cg_buffer src;
    if (cg_buffer_get(value, &src) < 0)
        return -1;
    int rc = 0;
    if (src.len != k * m->itemsize)
        rc = cg_raise_int(&cg_exc_ValueError, "memoryview assignment: lvalue and rvalue have different structures");
    else {
        char *tmp = malloc((size_t)src.len + 1); /* the source may overlap */
        if (!tmp)
            rc = (cg_raise_nomemory(), -1);
        else {
            memcpy(tmp, src.buf, (size_t)src.len);
            for (int64_t j = 0; j < k; j++)
                memcpy(item_ptr(m, start + j * step), tmp + j * m->itemsize, (size_t)m->itemsize);
            free(tmp);
        }
    }
    cg_buffer_release(&src);
    return rc;
}

static int64_t mv_len(cg_value self) {
    mview *m = MV(self);
    if (check_live(m) < 0)
        return -1;
    return m->ndim ? m->shape[0] : 1;
}

/* The view's bytes in C order, into b. */
static void gather(const mview *m, cg_strbuf *b, int dim, const char *p) {
    if (dim == m->ndim) {
        cg_strbuf_append(b, p, (size_t)m->itemsize);
        return;
    }
    for (int64_t i = 0; i < m->shape[dim]; i++)
        gather(m, b, dim + 1, p + i * m->strides[dim]);
}

static cg_value to_bytes(mview *m) {
    if (check_live(m) < 0)
        return CG_ERR;
    cg_strbuf b = {0};
    gather(m, &b, 0, m->base.buf + m->offset);
    cg_value r = cg_bytes_new(b.data ? b.data : "", b.len);
    cg_strbuf_free(&b);
    return r;
}

static cg_value to_list(const mview *m, int dim, const char *p) {
    if (dim == m->ndim)
        return unpack(m->fmt, p);
    cg_value l = cg_list_new(0);
    for (int64_t i = 0; !cg_is_err(l) && i < m->shape[dim]; i++) {
        cg_value x = to_list(m, dim + 1, p + i * m->strides[dim]);
        if (cg_is_err(x) || cg_list_append_steal(l, x) < 0) {
            cg_decref(l);
            return CG_ERR;
        }
    }
    return l;
}

static cg_value mv_compare(cg_value a, cg_value b, cg_cmpop op) {
    if ((op != OP_EQ && op != OP_NOT_EQ) || !cg_has_buffer(a) || !cg_has_buffer(b))
        return cg_incref(cg_NotImplemented);
    cg_value x = cg_is_type(a, &cg_type_memoryview) ? to_list(MV(a), 0, MV(a)->base.buf + MV(a)->offset)
                                                    : cg_call1(cg_obj_value(&cg_type_list), a);
    cg_value y = CG_ERR;
    if (!cg_is_err(x))
        y = cg_is_type(b, &cg_type_memoryview) ? to_list(MV(b), 0, MV(b)->base.buf + MV(b)->offset)
                                               : cg_call1(cg_obj_value(&cg_type_list), b);
    int eq = cg_is_err(y) ? -1 : cg_value_eq(x, y);
    cg_decref(x);
    cg_decref(y);
    if (eq < 0)
        return CG_ERR;
    return cg_bool((eq == 1) == (op == OP_EQ));
}

static int64_t mv_hash(cg_value self) {
    mview *m = MV(self);
    if (check_live(m) < 0)
        return -1;
    if (!m->base.readonly)
        return cg_raise_int(&cg_exc_ValueError, "cannot hash writable memoryview object");
    cg_value b = to_bytes(m);
    if (cg_is_err(b))
        return -1;
    int64_t h = cg_hash(b);
    cg_decref(b);
    return h;
}

/* ---- attributes and methods ------------------------------------------------------ */

static cg_value int_tuple(int n, const int64_t *v) {
    cg_value t = cg_tuple_new(n);
    if (cg_is_err(t))
        return t;
    for (int i = 0; i < n; i++)
        cg_as_tuple(t)->items[i] = cg_int(v[i]);
    return t;
}

static cg_value mv_getattr(cg_value self, cg_str *name) {
    mview *m = MV(self);
    const char *n = name->s;
    if (!strcmp(n, "obj"))
        return check_live(m) < 0 ? CG_ERR : cg_incref(m->base.owner);
    if (!strcmp(n, "nbytes"))
        return check_live(m) < 0 ? CG_ERR : cg_int(nitems(m) * m->itemsize);
    if (!strcmp(n, "readonly"))
        return check_live(m) < 0 ? CG_ERR : cg_bool(m->base.readonly);
    if (!strcmp(n, "itemsize"))
        return check_live(m) < 0 ? CG_ERR : cg_int(m->itemsize);
    if (!strcmp(n, "format"))
        return check_live(m) < 0 ? CG_ERR : cg_str_new(&m->fmt, 1);
    if (!strcmp(n, "ndim"))
        return check_live(m) < 0 ? CG_ERR : cg_int(m->ndim);
    if (!strcmp(n, "shape"))
        return check_live(m) < 0 ? CG_ERR : int_tuple(m->ndim, m->shape);
    if (!strcmp(n, "strides"))
        return check_live(m) < 0 ? CG_ERR : int_tuple(m->ndim, m->strides);
    if (!strcmp(n, "c_contiguous"))
        return check_live(m) < 0 ? CG_ERR : cg_bool(contiguous(m));
    if (!strcmp(n, "f_contiguous"))
        return check_live(m) < 0 ? CG_ERR : cg_bool(f_contiguous(m));
    if (!strcmp(n, "contiguous"))
        return check_live(m) < 0 ? CG_ERR : cg_bool(contiguous(m) || f_contiguous(m));
    if (!strcmp(n, "suboffsets"))
        return check_live(m) < 0 ? CG_ERR : cg_tuple_new(0);
    return CG_STOP;
}

static cg_value mv_tobytes(cg_value self, const cg_args *a) { return to_bytes(MV(self)); }

static cg_value mv_tolist(cg_value self, const cg_args *a) {
    mview *m = MV(self);
    if (check_live(m) < 0)
        return CG_ERR;
    return to_list(m, 0, m->base.buf + m->offset);
}

static cg_value mv_release(cg_value self, const cg_args *a) {
    mview *m = MV(self);
    if (!m->released) {
        cg_buffer_release(&m->base);
        m->released = true;
    }
    return CG_NONE;
}

static cg_value mv_enter(cg_value self, const cg_args *a) {
    if (check_live(MV(self)) < 0)
        return CG_ERR;
    return cg_incref(self);
}

static cg_value mv_exit(cg_value self, const cg_args *a) { return mv_release(self, a); }

static cg_value mv_toreadonly(cg_value self, const cg_args *a) {
    cg_value v = mv_of(self);
    if (!cg_is_err(v))
        MV(v)->base.readonly = true;
    return v;
}

static const cg_method_def mv_methods[];

static cg_value mv_hex(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&mv_methods[3], a, arg, 2) < 0)
        return CG_ERR;
    cg_value b = to_bytes(MV(self)), r = CG_ERR;
    if (!cg_is_err(b))
        r = cg_hex_of(cg_as_bytes(b)->s, cg_as_bytes(b)->len, arg[0], arg[1]);
    cg_decref(b);
    cg_args_release(&mv_methods[3], arg, 2);
    return r;
}

static cg_value mv_cast(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&mv_methods[4], a, arg, 2) < 0)
        return CG_ERR;
    mview *m = MV(self);
    cg_value r = CG_ERR;
    const char *f = cg_is_str(arg[0]) ? cg_str_cstr(arg[0]) : NULL;
    if (f && f[0] == '@')
        f++;
    if (check_live(m) < 0)
        goto out;
    if (!cg_is_str(arg[0])) {
        cg_raise(&cg_exc_TypeError, "memoryview: format argument must be a string");
        goto out;
    }
    if (strlen(f) != 1 || !fmt_size(f[0])) {
        cg_raise(&cg_exc_ValueError, "memoryview: destination format must be a native single character format "
                                     "prefixed with an optional '@'");
        goto out;
    }
    bool src_byte = m->fmt == 'B' || m->fmt == 'b' || m->fmt == 'c';
    bool dst_byte = f[0] == 'B' || f[0] == 'b' || f[0] == 'c';
    if (!src_byte && !dst_byte) {
        cg_raise(&cg_exc_TypeError, "memoryview: cannot cast between two non-byte formats");
        goto out;
    }
    if (!contiguous(m)) {
        cg_raise(&cg_exc_TypeError, "memoryview: casts are restricted to C-contiguous views");
        goto out;
    }
    int size = fmt_size(f[0]);
    int64_t nbytes = nitems(m) * m->itemsize;
    int64_t shape[MAX_DIMS];
    int ndim = 1;
    if (cg_is_none(arg[1])) {
        if (nbytes % size) {
            cg_raise(&cg_exc_TypeError, "memoryview: length is not a multiple of itemsize");
            goto out;
        }
        shape[0] = nbytes / size;
    } else {
        if (!cg_is_list(arg[1]) && !cg_is_tuple(arg[1])) {
            cg_raise(&cg_exc_TypeError, "shape must be a list or a tuple");
            goto out;
        }
        const cg_value *items = cg_is_list(arg[1]) ? cg_as_list(arg[1])->items : cg_as_tuple(arg[1])->items;
        int64_t n = cg_is_list(arg[1]) ? cg_as_list(arg[1])->len : cg_as_tuple(arg[1])->len;
        if (n > MAX_DIMS || n == 0) {
            cg_raise(&cg_exc_ValueError, "memoryview: number of dimensions must not exceed 64");
            goto out;
        }
        int64_t prod = 1;
        for (int64_t d = 0; d < n; d++) {
            if (items[d].tag != CG_V_INT || items[d].u.i <= 0) {
                cg_raise(&cg_exc_ValueError, "memoryview.cast(): elements of shape must be integers > 0");
                goto out;
            }
            shape[d] = items[d].u.i;
            prod *= shape[d];
        }
        ndim = (int)n;
        if (prod * size != nbytes) {
            cg_raise(&cg_exc_TypeError, "memoryview: product(shape) * itemsize != buffer size");
            goto out;
        }
    }
    r = mv_of(self);
    if (cg_is_err(r))
        goto out;
    mview *c = MV(r);
    c->fmt = f[0];
    c->itemsize = size;
    c->ndim = ndim;
    int64_t stride = size;
    for (int d = ndim - 1; d >= 0; d--) {
        c->shape[d] = shape[d];
        c->strides[d] = stride;
        stride *= shape[d];
    }
out:
    cg_args_release(&mv_methods[4], arg, 2);
    return r;
}

static const cg_method_def mv_methods[] = {
    {"tobytes", mv_tobytes, NULL, "Return the data in the buffer as a byte string."},
    {"tolist", mv_tolist, NULL, "Return the data in the buffer as a list of elements."},
    {"release", mv_release, NULL, "Release the underlying buffer exposed by the memoryview object."},
    {"hex", mv_hex, "hex(sep=None, bytes_per_sep=1)", "Return the data as a string of hexadecimal digits, optionally grouped with sep."},
    {"cast", mv_cast, "cast(format, shape=None)", "Return a view of the same memory with another format and shape."},
    {"__enter__", mv_enter, NULL, "Enter the with block: the view itself."},
    {"__exit__", mv_exit, NULL, "Leave the with block: release the view."},
    {"toreadonly", mv_toreadonly, NULL, "Return a read-only view of the same memory."},
    {NULL, NULL, NULL, NULL},
};

/* ---- the buffer a view lends (bytes(view), view == b'...') ------------------------- */

static int mv_buffer_get(cg_value self, cg_buffer *view) {
    mview *m = MV(self);
    if (check_live(m) < 0)
        return -1;
    if (!contiguous(m))
        return cg_raise_int(&cg_exc_BufferError, "memoryview: underlying buffer is not C-contiguous");
    view->buf = m->base.buf + m->offset;
    view->len = nitems(m) * m->itemsize;
    view->readonly = m->base.readonly;
    return 0;
}

static const cg_buffer_procs mv_buffer = {mv_buffer_get, NULL};

cg_type cg_type_memoryview = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "memoryview",
    .module = "builtins",
    .base = &cg_type_object,
    .basicsize = sizeof(mview),
    .dealloc = mv_dealloc,
    .repr = mv_repr,
    .hash = mv_hash,
    .compare = mv_compare,
    .len = mv_len,
    .getitem = mv_getitem,
    .setitem = mv_setitem,
    .iter = cg_getitem_iter_new,
    .getattr = mv_getattr,
    .new_ = mv_new,
};

int cg_memoryview_type_init(void) {
    if (cg_buffer_register(&cg_type_memoryview, &mv_buffer) < 0)
        return -1;
    return cg_type_add_methods(&cg_type_memoryview, mv_methods);
}
