/* structseq.c: struct sequences (structseq.h): a tuple subtype whose
 * items also read as attributes, with the hidden fields stored after the
 * visible items, and CPython's repr and constructor.
 *
 * Not the types themselves: each module declares its own. */
#include <string.h>

#include "runtime/containers.h"
#include "runtime/lang_internal.h"
#include "stdlib/structseq.h"

static cg_structseq_type *seq_type(cg_value self) { return (cg_structseq_type *)cg_typeof(self); }

/* Hidden fields live at items[len .. n_fields): released here, then the
 * tuple frees the rest. */
static void structseq_dealloc(cg_obj *o) {
    cg_tuple *t = (cg_tuple *)o;
    cg_structseq_type *st = (cg_structseq_type *)o->type;
    for (int i = st->n_seq; i < st->n_fields; i++)
        cg_decref(t->items[i]);
    cg_type_tuple.dealloc(o);
}

static cg_value structseq_repr(cg_value self) {
    cg_structseq_type *st = seq_type(self);
    cg_tuple *t = cg_as_tuple(self);
    cg_strbuf b = {0};
    cg_strbuf_printf(&b, "%s(", st->full_name);
    for (int i = 0; i < st->n_seq; i++) {
        cg_strbuf_printf(&b, "%s%s=", i ? ", " : "", (st->repr_names ? st->repr_names : st->names)[i]);
        if (cg_repr_into(&b, t->items[i]) < 0) {
            cg_strbuf_free(&b);
            return CG_ERR;
        }
    }
    cg_strbuf_putc(&b, ')');
    return cg_str_from_strbuf(&b);
}

static cg_value structseq_getattr(cg_value self, cg_str *name) {
    cg_structseq_type *st = seq_type(self);
    for (int i = 0; i < st->n_fields; i++)
        if (st->names[i] && !strcmp(name->s, st->names[i]))
            return cg_incref(cg_as_tuple(self)->items[i]);
    if (!strcmp(name->s, "n_sequence_fields") || !strcmp(name->s, "n_fields"))
        return cg_int(name->s[2] == 's' ? st->n_seq : st->n_fields);
    cg_value r = cg_generic_getattr(self, name); /* tuple's methods */
    if (r.tag == CG_V_STOP) /* the error names the type as its repr does */
        return cg_raise(&cg_exc_AttributeError, "'%s' object has no attribute '%s'", st->full_name, name->s);
    return r;
}

static int structseq_setattr(cg_value self, cg_str *name, cg_value value) {
    (void)value;
    cg_structseq_type *st = seq_type(self);
    for (int i = 0; i < st->n_fields; i++)
        if (st->names[i] && !strcmp(name->s, st->names[i]))
            return cg_raise_int(&cg_exc_AttributeError, "readonly attribute");
    return cg_raise_int(&cg_exc_AttributeError, "'%s' object has no attribute '%s'", st->full_name, name->s);
}

cg_value cg_structseq_new(cg_structseq_type *st, cg_value *values) {
    cg_value r = cg_tuple_new_of(&st->type, st->n_fields);
    if (cg_is_err(r)) {
        for (int i = 0; i < st->n_fields; i++)
            cg_decref(values[i]);
        return r;
    }
    cg_tuple *t = cg_as_tuple(r);
    for (int i = 0; i < st->n_fields; i++)
        t->items[i] = values[i];
    t->len = st->n_seq;
    return r;
}

/* type(sequence): n_seq to n_fields items; missing hidden ones are None. */
static cg_value structseq_construct(cg_type *type, const cg_args *a) {
    cg_structseq_type *st = (cg_structseq_type *)type;
    if (a->npos + a->nkw == 0)
        return cg_raise(&cg_exc_TypeError, "structseq() missing required argument 'sequence' (pos 1)");
    if (a->nkw || a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "structseq() takes at most 2 arguments (%d given)", a->npos + a->nkw);
    if (!cg_typeof(a->pos[0])->iter) /* PySequence_Fast's message */
        return cg_raise(&cg_exc_TypeError, "constructor requires a sequence");
    cg_value seq = cg_list_from_iterable(a->pos[0]);
    if (cg_is_err(seq))
        return seq;
    int64_t n = cg_as_list(seq)->len;
    cg_value r = CG_ERR;
    if (n < st->n_seq && st->n_seq == st->n_fields)
        cg_raise(&cg_exc_TypeError, "%s() takes a %d-sequence (%lld-sequence given)", st->full_name, st->n_seq,
                 (long long)n);
    else if (n < st->n_seq)
        cg_raise(&cg_exc_TypeError, "%s() takes an at least %d-sequence (%lld-sequence given)", st->full_name,
                 st->n_seq, (long long)n);
    else if (n > st->n_fields)
        cg_raise(&cg_exc_TypeError, "%s() takes an at most %d-sequence (%lld-sequence given)", st->full_name,
                 st->n_fields, (long long)n);
    else {
        cg_value v[64];
        for (int i = 0; i < st->n_fields; i++)
            v[i] = i < n ? cg_incref(cg_as_list(seq)->items[i]) : CG_NONE;
        r = cg_structseq_new(st, v);
    }
    cg_decref(seq);
    return r;
}

void cg_structseq_type_init(cg_structseq_type *st) {
    cg_type *t = &st->type, *b = &cg_type_tuple;
    if (t->getitem)
        return;
    t->dealloc = structseq_dealloc;
    t->repr = structseq_repr;
    t->getattr = structseq_getattr;
    t->setattr = structseq_setattr;
    t->new_ = structseq_construct;
    t->hash = b->hash;
    t->compare = b->compare;
    t->binary = b->binary;
    t->len = b->len;
    t->contains = b->contains;
    t->getitem = b->getitem;
    t->iter = b->iter;
}
