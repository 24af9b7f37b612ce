/* slice.c: the slice type (start, stop, step, indices()) and Python's
 * clamping of a slice to a sequence's length (PySlice_Unpack and
 * PySlice_AdjustIndices), which every sequence's slicing uses. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

cg_value cg_slice_new(cg_value start, cg_value stop, cg_value step) {
    cg_slice *s = cg_obj_alloc(&cg_type_slice);
    if (!s)
        return cg_raise_nomemory();
    s->start = cg_incref(start);
    s->stop = cg_incref(stop);
    s->step = cg_incref(step);
    return cg_obj_value(s);
}

static void slice_dealloc(cg_obj *o) {
    cg_slice *s = (cg_slice *)o;
    cg_decref(s->start);
    cg_decref(s->stop);
    cg_decref(s->step);
    cg_obj_free(o);
}

static int slice_part(cg_value v, int64_t *out) {
    int r = cg_key_as_index_or(v, out, NULL); /* CPython clamps a big bound */
    if (r == 1)
        return 0;
    if (r == 0)
        cg_raise(&cg_exc_TypeError, "slice indices must be integers or None or have an __index__ method");
    return -1;
}

/* PySlice_Unpack: None defaults, a zero step refused. */
static int slice_unpack(const cg_slice *s, int64_t *start, int64_t *stop, int64_t *step) {
    *step = 1;
    if (!cg_is_none(s->step)) {
        if (slice_part(s->step, step) < 0)
            return -1;
        if (*step == 0)
            return cg_raise_int(&cg_exc_ValueError, "slice step cannot be zero");
        if (*step < -INT64_MAX)
            *step = -INT64_MAX;
    }
    if (cg_is_none(s->start))
        *start = *step < 0 ? INT64_MAX : 0;
    else if (slice_part(s->start, start) < 0)
        return -1;
    if (cg_is_none(s->stop))
        *stop = *step < 0 ? INT64_MIN : INT64_MAX;
    else if (slice_part(s->stop, stop) < 0)
        return -1;
    return 0;
}

static int64_t adjust(int64_t len, int64_t *start, int64_t *stop, int64_t step) {
    if (*start < 0) {
        *start += len;
        if (*start < 0)
            *start = step < 0 ? -1 : 0;
    } else if (*start >= len) {
        *start = step < 0 ? len - 1 : len;
    }
    if (*stop < 0) {
        *stop += len;
        if (*stop < 0)
            *stop = step < 0 ? -1 : 0;
    } else if (*stop >= len) {
        *stop = step < 0 ? len - 1 : len;
    }
    if (step < 0)
        return *stop < *start ? (*start - *stop - 1) / (-step) + 1 : 0;
    return *start < *stop ? (*stop - *start - 1) / step + 1 : 0;
}

int64_t cg_slice_indices(cg_value slice, int64_t len, int64_t *start, int64_t *stop, int64_t *step) {
    if (slice_unpack((cg_slice *)slice.u.o, start, stop, step) < 0)
        return -1;
    return adjust(len, start, stop, *step);
}

static cg_value slice_repr(cg_value self) {
    cg_slice *s = (cg_slice *)self.u.o;
    cg_strbuf b = {0};
    cg_strbuf_puts(&b, "slice(");
    if (cg_repr_into(&b, s->start) < 0)
        goto fail;
    cg_strbuf_puts(&b, ", ");
    if (cg_repr_into(&b, s->stop) < 0)
        goto fail;
    cg_strbuf_puts(&b, ", ");
    if (cg_repr_into(&b, s->step) < 0)
        goto fail;
    cg_strbuf_putc(&b, ')');
    return cg_str_from_strbuf(&b);
fail:
    cg_strbuf_free(&b);
    return CG_ERR;
}

static cg_value slice_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (!cg_is_type(a, &cg_type_slice) || !cg_is_type(b, &cg_type_slice))
        return cg_incref(cg_NotImplemented);
    cg_slice *x = (cg_slice *)a.u.o, *y = (cg_slice *)b.u.o;
    cg_value xs[3] = {x->start, x->stop, x->step}, ys[3] = {y->start, y->stop, y->step};
    return cg_seq_compare(xs, 3, ys, 3, op);
}

static cg_value slice_getattr(cg_value self, cg_str *name) {
    cg_slice *s = (cg_slice *)self.u.o;
    if (!strcmp(name->s, "start"))
        return cg_incref(s->start);
    if (!strcmp(name->s, "stop"))
        return cg_incref(s->stop);
    if (!strcmp(name->s, "step"))
        return cg_incref(s->step);
    return CG_STOP;
}

static cg_value slice_new_(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "slice() takes no keyword arguments");
    if (a->npos < 1)
        return cg_raise(&cg_exc_TypeError, "slice expected at least 1 argument, got %d", a->npos);
    if (a->npos > 3)
        return cg_raise(&cg_exc_TypeError, "slice expected at most 3 arguments, got %d", a->npos);
    if (a->npos == 1)
        return cg_slice_new(CG_NONE, a->pos[0], CG_NONE);
    return cg_slice_new(a->pos[0], a->pos[1], a->npos == 3 ? a->pos[2] : CG_NONE);
}

static const cg_method_def slice_methods[];

static cg_value slice_indices_m(cg_value self, const cg_args *a) {
    int64_t n, start, stop, step;
    if (cg_args_index(&slice_methods[0], a, &n) < 0)
        return CG_ERR;
    if (n < 0)
        return cg_raise(&cg_exc_ValueError, "length should not be negative");
    if (cg_slice_indices(self, n, &start, &stop, &step) < 0)
        return CG_ERR;
    return cg_tuple_pack(3, cg_int(start), cg_int(stop), cg_int(step));
}

static const cg_method_def slice_methods[] = {
    {"indices", slice_indices_m, "indices(len, /)",
     "The (start, stop, stride) of the slice over a sequence of length len."},
    {NULL, NULL, NULL, NULL},
};

int cg_slice_type_init(void) { return cg_type_add_methods(&cg_type_slice, slice_methods); }

cg_type cg_type_slice = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "slice",
    .module = "builtins",
    .base = &cg_type_object,
    .basicsize = sizeof(cg_slice),
    .dealloc = slice_dealloc,
    .repr = slice_repr,
    .compare = slice_compare,
    .getattr = slice_getattr,
    .new_ = slice_new_,
};
