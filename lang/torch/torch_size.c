/* torch_size.c: torch.Size, the tuple subtype of x.shape and x.size(),
 * printed `torch.Size([2, 3])`. It behaves as a tuple (its slots are the
 * tuple's, copied at init) except that slicing, `+` with a tuple and `*`
 * with an int give a Size, as in PyTorch, and it has numel(). */
#include <string.h>

#include "runtime/containers.h"
#include "torch/torch_args.h"

static cg_value size_wrap(cg_value tuple);

static cg_value size_repr(cg_value self) {
    cg_tuple *tu = (cg_tuple *)self.u.o;
    cg_strbuf b = {0};
    cg_strbuf_puts(&b, "torch.Size([");
    for (int64_t i = 0; i < tu->len; i++) {
        if (i)
            cg_strbuf_puts(&b, ", ");
        if (cg_repr_into(&b, tu->items[i]) < 0) {
            cg_strbuf_free(&b);
            return CG_ERR;
        }
    }
    cg_strbuf_puts(&b, "])");
    return cg_str_from_strbuf(&b);
}

/* A tuple result of the tuple's own slot, turned into a Size. */
static cg_value size_wrap(cg_value tuple) {
    if (cg_is_err(tuple) || !cg_is_type(tuple, &cg_type_tuple))
        return tuple;
    if (tuple.u.o->refcnt == 1) { /* ours alone: retype it in place */
        tuple.u.o->type = &cg_type_torch_size;
        return tuple;
    }
    cg_tuple *tu = (cg_tuple *)tuple.u.o;
    cg_value r = cg_tuple_new_of(&cg_type_torch_size, tu->len);
    if (!cg_is_err(r))
        for (int64_t i = 0; i < tu->len; i++)
            ((cg_tuple *)r.u.o)->items[i] = cg_incref(tu->items[i]);
    cg_decref(tuple);
    return r;
}

static cg_value size_getitem(cg_value self, cg_value key) {
    cg_value r = cg_type_tuple.getitem(self, key);
    return cg_is_type(key, &cg_type_slice) ? size_wrap(r) : r;
}

static cg_value size_binary(cg_value a, cg_value b, cg_binop op) {
    cg_value r = cg_type_tuple.binary(a, b, op);
    /* Size + tuple and Size * n are Sizes; tuple + Size stays a tuple */
    if (cg_is_type(a, &cg_type_torch_size) && (op == OP_ADD || op == OP_MULT))
        return size_wrap(r);
    if (op == OP_MULT && cg_is_type(b, &cg_type_torch_size))
        return size_wrap(r);
    return r;
}

/* A Size is freed as the tuple it is. */
static void size_dealloc(cg_obj *o) {
    o->type = &cg_type_tuple;
    cg_type_tuple.dealloc(o);
}

static cg_value size_numel(cg_value self, const cg_args *args) {
    if (args->npos || args->nkw)
        return cg_raise(&cg_exc_TypeError, "numel() takes no arguments (%d given)", args->npos + args->nkw);
    cg_tuple *tu = (cg_tuple *)self.u.o;
    int64_t n = 1;
    for (int64_t i = 0; i < tu->len; i++)
        n *= tu->items[i].u.i;
    return cg_int(n);
}

static const cg_method_def size_methods[] = {
    {"numel", size_numel, NULL, "Returns the number of elements a Tensor of this size would hold."},
    {NULL, NULL, NULL, NULL},
};

/* A new Size object, even when empty: the empty tuple is shared and must
 * never be retyped. */
cg_value torch_size_new(int ndim, const int64_t *sizes) {
    cg_value r = cg_tuple_new_of(&cg_type_torch_size, ndim);
    if (cg_is_err(r))
        return r;
    for (int i = 0; i < ndim; i++)
        ((cg_tuple *)r.u.o)->items[i] = cg_int(sizes[i]);
    return r;
}

/* torch.Size(iterable of ints) */
static cg_value size_new(cg_type *type, const cg_args *args) {
    if (args->nkw)
        return cg_raise(&cg_exc_TypeError, "Size() takes no keyword arguments");
    if (args->npos == 0)
        return torch_size_new(0, NULL);
    if (args->npos > 1)
        return cg_raise(&cg_exc_TypeError, "Size expected at most 1 argument, got %d", args->npos);
    cg_value list = cg_list_from_iterable(args->pos[0]);
    if (cg_is_err(list))
        return list;
    cg_list *l = (cg_list *)list.u.o;
    int64_t sizes[CG_MAX_DIMS * 4];
    cg_value r = CG_ERR;
    if (l->len > (int64_t)(sizeof sizes / sizeof sizes[0])) {
        cg_raise(&cg_exc_RuntimeError, "torch.Size() of more than %d items", (int)(sizeof sizes / sizeof sizes[0]));
        goto done;
    }
    for (int64_t i = 0; i < l->len; i++) {
        cg_value e = l->items[i];
        if (e.tag == CG_V_INT) {
            sizes[i] = e.u.i;
        } else if (cg_is_tensor(e) && cg_dtype_is_int(cg_tensor_of_borrowed(e)->dtype)
                   && cg_tensor_of_borrowed(e)->ndim == 0) {
            cg_scalar s;
            if (cg_tensor_item(cg_tensor_of_borrowed(e), &s) < 0) {
                torch_raise();
                goto done;
            }
            sizes[i] = cg_scalar_to_int(s);
        } else {
            cg_raise(&cg_exc_TypeError, "torch.Size() takes an iterable of 'int' (item %lld is '%s')", (long long)i,
                     cg_type_name(e));
            goto done;
        }
    }
    r = torch_size_new((int)l->len, sizes);
done:
    cg_decref(list);
    return r;
}

cg_type cg_type_torch_size = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "Size",
    .module = "torch",
    .base = &cg_type_tuple,
};

int torch_size_init(void) {
    cg_type *s = &cg_type_torch_size;
    if (s->dict)
        return 0;
    /* a tuple in all but these slots (CPython's slot inheritance, by hand) */
    const cg_type *t = &cg_type_tuple;
    s->basicsize = t->basicsize;
    s->flags = t->flags & ~(uint32_t)CG_TYPE_BASETYPE;
    s->gc_offset = t->gc_offset; /* tuples retyped in place: the collector's too */
    s->traverse = t->traverse;
    s->hash = t->hash;
    s->compare = t->compare;
    s->inplace = t->inplace;
    s->unary = t->unary;
    s->truth = t->truth;
    s->len = t->len;
    s->contains = t->contains;
    s->iter = t->iter;
    s->next = t->next;
    s->getattr = t->getattr;
    s->setattr = t->setattr;
    s->descr_get = t->descr_get;
    s->dealloc = size_dealloc;
    s->repr = size_repr;
    s->str = size_repr;
    s->getitem = size_getitem;
    s->binary = size_binary;
    s->new_ = size_new;
    cg_value d = cg_dict_new();
    if (cg_is_err(d))
        return -1;
    s->dict = cg_as_dict(d);
    return cg_type_add_methods(s, size_methods);
}
