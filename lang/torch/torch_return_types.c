/* torch_return_types.c: the named pairs torch returns: torch.return_types
 * .max and .min (x.max(dim), x.min(dim): values, indices), .linalg_qr and
 * .qr (Q, R); tuples that also answer their two field names, printed as
 * PyTorch prints them:
 *     torch.return_types.max(
 *     values=tensor([3., 4.]),
 *     indices=tensor([1, 1])) */
#include <string.h>

#include "torch/torch_args.h"

/* a return type and its fields' names; the type first, so that an
 * instance's type leads back to its fields */
typedef struct {
    cg_type type;
    const char *fields[3]; /* the third NULL for a pair */
} return_type;

static const char *const *fields_of(cg_value self) { return ((const return_type *)self.u.o->type)->fields; }

static cg_value pair_repr(cg_value self) {
    cg_tuple *tu = (cg_tuple *)self.u.o;
    cg_strbuf b = {0};
    const char *const *fields = fields_of(self);
    cg_strbuf_printf(&b, "torch.return_types.%s(\n%s=", self.u.o->type->name, fields[0]);
    if (cg_repr_into(&b, tu->items[0]) < 0)
        goto fail;
    for (int i = 1; i < 3 && fields[i]; i++) {
        cg_strbuf_printf(&b, ",\n%s=", fields[i]);
        if (cg_repr_into(&b, tu->items[i]) < 0)
            goto fail;
    }
    cg_strbuf_puts(&b, ")");
    return cg_str_from_strbuf(&b);
fail:
    cg_strbuf_free(&b);
    return CG_ERR;
}

static cg_value pair_getattr(cg_value self, cg_str *name) {
    cg_tuple *tu = (cg_tuple *)self.u.o;
    const char *const *fields = fields_of(self);
    for (int i = 0; i < 3 && fields[i]; i++)
        if (strcmp(name->s, fields[i]) == 0)
            return cg_incref(tu->items[i]);
    return CG_STOP;
}

/* Freed as the tuple it is. */
static void pair_dealloc(cg_obj *o) {
    o->type = &cg_type_tuple;
    cg_type_tuple.dealloc(o);
}

#define RETURN_TYPE(pyname, a, b)                                                                                  \
    {                                                                                                              \
        {.head = {CG_IMMORTAL, &cg_type_type}, .name = pyname, .module = "torch.return_types", .base = &cg_type_tuple}, \
            {a, b}                                                                                                 \
    }
#define RETURN_TYPE3(pyname, a, b, c)                                                                              \
    {                                                                                                              \
        {.head = {CG_IMMORTAL, &cg_type_type}, .name = pyname, .module = "torch.return_types", .base = &cg_type_tuple}, \
            {a, b, c}                                                                                              \
    }
static return_type return_types[] = {RETURN_TYPE("max", "values", "indices"), RETURN_TYPE("min", "values", "indices"),
                                     RETURN_TYPE("linalg_qr", "Q", "R"), RETURN_TYPE("qr", "Q", "R"),
                                     RETURN_TYPE("cummax", "values", "indices"),
                                     RETURN_TYPE("cummin", "values", "indices"),
                                     RETURN_TYPE("sort", "values", "indices"),
                                     RETURN_TYPE("topk", "values", "indices"),
                                     RETURN_TYPE("kthvalue", "values", "indices"),
                                     RETURN_TYPE("median", "values", "indices"),
                                     RETURN_TYPE("nanmedian", "values", "indices"),
                                     RETURN_TYPE("mode", "values", "indices"),
                                     RETURN_TYPE("linalg_inv_ex", "inverse", "info"),
                                     RETURN_TYPE("linalg_solve_ex", "result", "info"),
                                     RETURN_TYPE("linalg_slogdet", "sign", "logabsdet"),
                                     RETURN_TYPE("slogdet", "sign", "logabsdet"),
                                     RETURN_TYPE("linalg_cholesky_ex", "L", "info"),
                                     RETURN_TYPE("linalg_eigh", "eigenvalues", "eigenvectors"),
                                     RETURN_TYPE3("linalg_svd", "U", "S", "Vh"),
                                     RETURN_TYPE3("svd", "U", "S", "V"),
                                     RETURN_TYPE("linalg_lu_factor", "LU", "pivots"),
                                     RETURN_TYPE3("linalg_lu_factor_ex", "LU", "pivots", "info"),
                                     RETURN_TYPE3("linalg_lu", "P", "L", "U"),
                                     RETURN_TYPE3("lu_unpack", "P", "L", "U"),
                                     RETURN_TYPE3("_lu_with_info", "LU", "pivots", "info"),
                                     RETURN_TYPE("triangular_solve", "solution", "cloned_coefficient"),
                                     RETURN_TYPE("aminmax", "min", "max"),
                                     RETURN_TYPE("histogram", "hist", "bin_edges"),
                                     RETURN_TYPE("frexp", "mantissa", "exponent")};
#define NTYPES ((int)(sizeof return_types / sizeof return_types[0]))

cg_value torch_return_pair(const char *name, cg_value values, cg_value indices) {
    cg_type *type = NULL;
    for (int i = 0; i < NTYPES; i++)
        if (strcmp(return_types[i].type.name, name) == 0)
            type = &return_types[i].type;
    cg_value r = cg_tuple_new(2);
    if (cg_is_err(r) || cg_is_err(values) || cg_is_err(indices)) {
        cg_decref(values), cg_decref(indices), cg_decref(r);
        return CG_ERR;
    }
    ((cg_tuple *)r.u.o)->items[0] = values;
    ((cg_tuple *)r.u.o)->items[1] = indices;
    r.u.o->type = type;
    return r;
}

cg_value torch_return_triple(const char *name, cg_value a, cg_value b, cg_value c) {
    cg_type *type = NULL;
    for (int i = 0; i < NTYPES; i++)
        if (strcmp(return_types[i].type.name, name) == 0)
            type = &return_types[i].type;
    cg_value r = cg_tuple_new(3);
    if (cg_is_err(r) || cg_is_err(a) || cg_is_err(b) || cg_is_err(c)) {
        cg_decref(a), cg_decref(b), cg_decref(c), cg_decref(r);
        return CG_ERR;
    }
    ((cg_tuple *)r.u.o)->items[0] = a;
    ((cg_tuple *)r.u.o)->items[1] = b;
    ((cg_tuple *)r.u.o)->items[2] = c;
    r.u.o->type = type;
    return r;
}

int torch_return_types_init(void) {
    for (int i = 0; i < NTYPES; i++) {
        cg_type *s = &return_types[i].type;
        const cg_type *t = &cg_type_tuple;
        if (s->dict)
            continue;
        s->basicsize = t->basicsize;
        s->flags = t->flags & ~(uint32_t)CG_TYPE_BASETYPE;
        s->gc_offset = t->gc_offset; /* tuples retyped in place: the collector's too */
        s->traverse = t->traverse;
        s->hash = t->hash;
        s->compare = t->compare;
        s->binary = t->binary;
        s->truth = t->truth;
        s->len = t->len;
        s->contains = t->contains;
        s->getitem = t->getitem;
        s->iter = t->iter;
        s->dealloc = pair_dealloc;
        s->repr = pair_repr;
        s->getattr = pair_getattr;
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return -1;
        s->dict = cg_as_dict(d);
    }
    return 0;
}
