/* pickle_memo.c: the memos a Pickler and an Unpickler keep from one dump
 * or load to the next (_pickle.PicklerMemo, _pickle.UnpicklerMemo), as
 * CPython's do: a second dump through the same Pickler names what the
 * first wrote by its memo index, and an Unpickler reading the stream
 * resolves those indices. `memo` of both answers clear() and copy(), and
 * prints as CPython's proxies (_pickle.PicklerMemoProxy). The tables themselves are filled by pickle_dump.c and
 * pickle_load.c; pickle.dumps and loads use a memo of their own. */
#include <stdlib.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "stdlib/pickle.h"

static cg_value dump_memo_new(cg_type *t, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "PicklerMemoProxy() takes no arguments");
    pk_dump_memo *m = cg_obj_alloc(t);
    if (!m)
        return cg_raise_nomemory();
    m->e = NULL;
    m->cap = m->len = m->next = 0;
    return cg_obj_value(m);
}

static void dump_memo_dealloc(cg_obj *o) {
    cg_pickle_dump_memo_clear((pk_dump_memo *)o);
    cg_obj_free(o);
}

static cg_value dump_memo_clear(cg_value self, const cg_args *a) {
    cg_pickle_dump_memo_clear((pk_dump_memo *)self.u.o);
    return CG_NONE;
}

/* {id(obj): (index, obj)}, as CPython's PicklerMemoProxy.copy() */
static cg_value dump_memo_copy(cg_value self, const cg_args *a) {
    pk_dump_memo *m = (pk_dump_memo *)self.u.o;
    cg_value d = cg_dict_new();
    for (int64_t i = 0; !cg_is_err(d) && i < m->cap; i++) {
        if (!m->e[i].key)
            continue;
        cg_value obj = cg_obj_value(m->e[i].key);
        cg_value pair = cg_tuple_pack(2, cg_int(m->e[i].val), obj);
        cg_value id = cg_int((int64_t)(intptr_t)m->e[i].key);
        if (cg_is_err(pair) || cg_dict_set(cg_as_dict(d), id, pair) < 0) {
            cg_decref(d);
            d = CG_ERR;
        }
        cg_decref(pair);
    }
    return d;
}

static cg_value load_memo_new(cg_type *t, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "UnpicklerMemoProxy() takes no arguments");
    pk_load_memo *m = cg_obj_alloc(t);
    if (!m)
        return cg_raise_nomemory();
    m->arr = NULL;
    m->cap = m->count = 0;
    m->far = CG_NONE;
    return cg_obj_value(m);
}

static void load_memo_dealloc(cg_obj *o) {
    cg_pickle_load_memo_clear((pk_load_memo *)o);
    cg_obj_free(o);
}

static cg_value load_memo_clear(cg_value self, const cg_args *a) {
    cg_pickle_load_memo_clear((pk_load_memo *)self.u.o);
    return CG_NONE;
}

/* {index: obj}, as CPython's UnpicklerMemoProxy.copy() */
static cg_value load_memo_copy(cg_value self, const cg_args *a) {
    pk_load_memo *m = (pk_load_memo *)self.u.o;
    cg_value d = cg_is_none(m->far) ? cg_dict_new() : cg_dict_copy(cg_as_dict(m->far));
    for (int64_t i = 0; !cg_is_err(d) && i < m->cap; i++)
        if (m->arr[i].tag != CG_V_STOP && cg_dict_set(cg_as_dict(d), cg_int(i), m->arr[i]) < 0) {
            cg_decref(d);
            d = CG_ERR;
        }
    return d;
}

static const cg_method_def dump_memo_methods[] = {
    {"clear", dump_memo_clear, NULL, "Forgets every object pickled so far."},
    {"copy", dump_memo_copy, NULL, "The memo as a dict: id(obj) -> (index, obj)."},
    {NULL},
};

static const cg_method_def load_memo_methods[] = {
    {"clear", load_memo_clear, NULL, "Forgets every object read so far."},
    {"copy", load_memo_copy, NULL, "The memo as a dict: index -> obj."},
    {NULL},
};

cg_type cg_type_pickler_memo = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "PicklerMemoProxy",
    .module = "_pickle",
    .base = &cg_type_object,
    .basicsize = sizeof(pk_dump_memo),
    .dealloc = dump_memo_dealloc,
    .repr = cg_object_repr,
    .hash = cg_object_hash,
    .new_ = dump_memo_new,
};

cg_type cg_type_unpickler_memo = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "UnpicklerMemoProxy",
    .module = "_pickle",
    .base = &cg_type_object,
    .basicsize = sizeof(pk_load_memo),
    .dealloc = load_memo_dealloc,
    .repr = cg_object_repr,
    .hash = cg_object_hash,
    .new_ = load_memo_new,
};

int cg_pickle_memo_types_init(void) {
    static bool done;
    if (done)
        return 0;
    if (cg_type_add_methods(&cg_type_pickler_memo, dump_memo_methods) < 0
        || cg_type_add_methods(&cg_type_unpickler_memo, load_memo_methods) < 0)
        return -1;
    done = true;
    return 0;
}
