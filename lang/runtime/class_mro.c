/* class_mro.c: where a class's attributes come from when it has several
 * bases: the C3 order (__mro__), the base that gives instances their
 * layout (__base__), and the metaclass a class statement ends up with.
 *
 * Not the lookups themselves (object.c walks the order made here), not
 * class creation (class.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

/* Note [Multiple inheritance]
 * A class statement's class keeps its bases and its MRO past itself as
 * tuples (cg_type.bases, cg_type.mro_rest): the MRO holds every class it
 * derives from, C3-ordered as Python's, so looking up an attribute is
 * reading the class's dict, then each dict of mro_rest in turn. The class
 * itself is not in the stored tuple, which would make each class a cycle
 * of one. A type written in C has single inheritance; its MRO is its chain
 * of bases, then object. cg_type.base remains the one base that decides
 * the C layout of instances (CPython's "best base"): its slots are copied
 * into the class, and two bases whose layouts differ cannot be combined. */

cg_value cg_type_mro(cg_type *t) {
    if (t->mro_rest) {
        const cg_tuple *rest = (const cg_tuple *)t->mro_rest;
        cg_value tup = cg_tuple_new(rest->len + 1);
        if (cg_is_err(tup))
            return tup;
        cg_obj_incref(t);
        cg_as_tuple(tup)->items[0] = cg_obj_value(t);
        for (int64_t i = 0; i < rest->len; i++)
            cg_as_tuple(tup)->items[i + 1] = cg_incref(rest->items[i]);
        return tup;
    }
    int n = 0;
    bool add_object = true;
    for (cg_type *b = t; b; b = b->base) {
        n++;
        if (b == &cg_type_object)
            add_object = false;
    }
    cg_value tup = cg_tuple_new(n + add_object);
    if (cg_is_err(tup))
        return tup;
    int i = 0;
    for (cg_type *b = t; b; b = b->base) {
        cg_obj_incref(b);
        cg_as_tuple(tup)->items[i++] = cg_obj_value(b);
    }
    if (add_object)
        cg_as_tuple(tup)->items[i] = cg_obj_value(&cg_type_object);
    return tup;
}

/* ---- C3 ------------------------------------------------------------------------- */

typedef struct {
    const cg_tuple *seq;
    int64_t at; /* the head; seq->len when used up */
} c3_list;

static bool in_tail(const c3_list *l, cg_obj *t) {
    for (int64_t i = l->at + 1; i < l->seq->len; i++)
        if (l->seq->items[i].u.o == t)
            return true;
    return false;
}

/* CPython names the heads still waiting, each once, in the order of the
 * lists. */
static cg_value mro_error(const c3_list *ls, int n) {
    char buf[512] = "";
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        if (ls[i].at >= ls[i].seq->len)
            continue;
        cg_obj *h = ls[i].seq->items[ls[i].at].u.o;
        bool seen = false;
        for (int j = 0; j < i; j++)
            if (ls[j].at < ls[j].seq->len && ls[j].seq->items[ls[j].at].u.o == h)
                seen = true;
        if (seen)
            continue;
        int w = snprintf(buf + used, sizeof buf - used, "%s%s", used ? ", " : "", ((cg_type *)h)->name);
        if (w < 0 || (size_t)w >= sizeof buf - used)
            break;
        used += (size_t)w;
    }
    return cg_raise(&cg_exc_TypeError, "Cannot create a consistent method resolution\norder (MRO) for bases %s", buf);
}

/* merge(mro(B1), ..., mro(Bn), [B1..Bn]) into out (its len the most it may
 * take); answers how many it wrote, or -1 with the TypeError. */
static int64_t c3_merge(c3_list *ls, int n, cg_tuple *out) {
    int64_t k = 0;
    for (;;) {
        cg_obj *pick = NULL;
        bool left = false;
        for (int i = 0; i < n && !pick; i++) {
            if (ls[i].at >= ls[i].seq->len)
                continue;
            left = true;
            cg_obj *h = ls[i].seq->items[ls[i].at].u.o;
            bool ok = true;
            for (int j = 0; j < n && ok; j++)
                ok = !in_tail(&ls[j], h);
            if (ok)
                pick = h;
        }
        if (!pick) {
            if (left) {
                mro_error(ls, n);
                return -1;
            }
            return k;
        }
        cg_obj_incref(pick);
        out->items[k++] = cg_obj_value(pick);
        for (int i = 0; i < n; i++)
            if (ls[i].at < ls[i].seq->len && ls[i].seq->items[ls[i].at].u.o == pick)
                ls[i].at++;
    }
}

cg_value cg_class_mro_rest(const cg_tuple *bases) {
    int n = (int)bases->len;
    c3_list *ls = calloc((size_t)n + 1, sizeof *ls);
    if (!ls)
        return cg_raise_nomemory();
    int64_t total = n;
    int made = 0;
    cg_value r = CG_ERR;
    for (; made < n; made++) {
        cg_value m = cg_type_mro((cg_type *)bases->items[made].u.o);
        if (cg_is_err(m))
            goto done;
        ls[made].seq = cg_as_tuple(m);
        total += ls[made].seq->len;
    }
    ls[n].seq = bases;
    cg_value out = cg_tuple_new(total);
    if (cg_is_err(out))
        goto done;
    int64_t k = c3_merge(ls, n + 1, cg_as_tuple(out));
    if (k < 0) {
        cg_decref(out);
        goto done;
    }
    for (int64_t i = k; i < total; i++) /* the unused Nones */
        cg_as_tuple(out)->items[i] = CG_NONE;
    cg_as_tuple(out)->len = k;
    r = out;
done:
    for (int i = 0; i < made; i++)
        cg_decref(cg_obj_value((cg_obj *)ls[i].seq));
    free(ls);
    return r;
}

/* ---- the layout base ---------------------------------------------------------------- */

static cg_type *solid(cg_type *t) {
    while (t->base && (t->flags & CG_TYPE_HEAP))
        t = t->base;
    /* the exceptions written in C share one layout, as in CPython */
    while ((t->flags & CG_TYPE_EXCEPTION) && t->base && t->base->basicsize == t->basicsize
           && (t->base->flags & CG_TYPE_EXCEPTION))
        t = t->base;
    return t;
}

cg_type *cg_class_best_base(const cg_tuple *bases) {
    cg_type *best = NULL, *best_solid = NULL;
    for (int64_t i = 0; i < bases->len; i++) {
        cg_type *b = (cg_type *)bases->items[i].u.o;
        cg_type *s = solid(b);
        if (!best) {
            best = b;
            best_solid = s;
        } else if (cg_type_is_subtype(best_solid, s)) {
            /* keep */
        } else if (cg_type_is_subtype(s, best_solid)) {
            best = b;
            best_solid = s;
        } else {
            cg_raise(&cg_exc_TypeError, "multiple bases have instance lay-out conflict");
            return NULL;
        }
    }
    return best;
}

/* The checks of type.__new__ on its bases: classes, subclassable, each once. */
int cg_class_check_bases(const cg_tuple *bases) {
    for (int64_t i = 0; i < bases->len; i++) {
        cg_value b = bases->items[i];
        if (!cg_isinstance(b, &cg_type_type))
            return cg_raise_int(&cg_exc_TypeError, "bases must be types");
        cg_type *t = (cg_type *)b.u.o;
        if (!(t->flags & CG_TYPE_BASETYPE))
            return cg_raise_int(&cg_exc_TypeError, "type '%s' is not an acceptable base type", t->name);
        for (int64_t j = 0; j < i; j++)
            if (bases->items[j].u.o == b.u.o)
                return cg_raise_int(&cg_exc_TypeError, "duplicate base class %s", t->name);
    }
    return 0;
}

/* The most derived of meta and the metaclasses of the bases, as Python's
 * _PyType_CalculateMetaclass; NULL with the TypeError on a conflict. */
cg_type *cg_class_winner_meta(cg_type *meta, const cg_tuple *bases) {
    cg_type *winner = meta;
    for (int64_t i = 0; i < bases->len; i++) {
        cg_type *bt = cg_typeof(bases->items[i]);
        if (cg_type_is_subtype(winner, bt))
            continue;
        if (cg_type_is_subtype(bt, winner)) {
            winner = bt;
            continue;
        }
        cg_raise(&cg_exc_TypeError, "metaclass conflict: the metaclass of a derived class must be a (non-strict) "
                                    "subclass of the metaclasses of all its bases");
        return NULL;
    }
    return winner;
}
