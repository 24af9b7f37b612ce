/* gc_module.c: the gc module, Python's face of the cycle collector
 * (runtime/gc.h): collect, enable/disable, counts and thresholds, the
 * tracked objects and what refers to what, freezing, debug flags,
 * gc.garbage and gc.callbacks, with CPython 3.11's names and errors. */
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"

enum {
    G_COLLECT,
    G_ENABLE,
    G_DISABLE,
    G_ISENABLED,
    G_GET_COUNT,
    G_GET_THRESHOLD,
    G_SET_THRESHOLD,
    G_GET_DEBUG,
    G_SET_DEBUG,
    G_GET_OBJECTS,
    G_GET_STATS,
    G_IS_TRACKED,
    G_IS_FINALIZED,
    G_GET_REFERRERS,
    G_GET_REFERENTS,
    G_FREEZE,
    G_UNFREEZE,
    G_GET_FREEZE_COUNT,
    G_N
};
static const cg_method_def gc_defs[];

/* The one int argument of def into *out, left as it is for None; -1 with
 * an exception. */
static int int_arg(int which, const cg_args *a, int64_t *out) {
    cg_value v;
    if (cg_args_bind(&gc_defs[which], a, &v, 1) < 0)
        return -1;
    int rc = 0;
    if (v.tag != CG_V_NONE)
        rc = cg_index_value(v, out);
    cg_args_release(&gc_defs[which], &v, 1);
    return rc;
}

static cg_value g_collect(cg_value self, const cg_args *a) {
    int64_t gen = 2;
    if (int_arg(G_COLLECT, a, &gen) < 0)
        return CG_ERR;
    if (gen < 0 || gen > 2)
        return cg_raise(&cg_exc_ValueError, "invalid generation");
    return cg_int(cg_gc_collect((int)gen));
}

static cg_value g_enable(cg_value self, const cg_args *a) {
    cg_gc.enabled = true;
    return CG_NONE;
}

static cg_value g_disable(cg_value self, const cg_args *a) {
    cg_gc.enabled = false;
    return CG_NONE;
}

static cg_value g_isenabled(cg_value self, const cg_args *a) { return cg_bool(cg_gc.enabled); }

static cg_value three(const int *v) {
    cg_value items[3] = {cg_int(v[0]), cg_int(v[1]), cg_int(v[2])};
    return cg_tuple_from_array(3, items);
}

static cg_value g_get_count(cg_value self, const cg_args *a) { return three(cg_gc.count); }
static cg_value g_get_threshold(cg_value self, const cg_args *a) { return three(cg_gc.threshold); }

/* set_threshold(threshold0, [threshold1, threshold2]) */
static cg_value g_set_threshold(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "set_threshold() takes no keyword arguments");
    if (a->npos < 1)
        return cg_raise(&cg_exc_TypeError, "set_threshold() takes at least 1 argument (0 given)");
    if (a->npos > 3)
        return cg_raise(&cg_exc_TypeError, "set_threshold() takes at most 3 arguments (%d given)", a->npos);
    int64_t v[3];
    for (int i = 0; i < a->npos; i++) {
        if (cg_index_value(a->pos[i], &v[i]) < 0)
            return CG_ERR;
        if (v[i] > INT32_MAX || v[i] < INT32_MIN)
            return cg_raise(&cg_exc_OverflowError, "signed integer is greater than maximum");
    }
    for (int i = 0; i < a->npos; i++)
        cg_gc.threshold[i] = (int)v[i];
    return CG_NONE;
}

static cg_value g_get_debug(cg_value self, const cg_args *a) { return cg_int(cg_gc.debug); }

static cg_value g_set_debug(cg_value self, const cg_args *a) {
    int64_t flags = 0;
    if (int_arg(G_SET_DEBUG, a, &flags) < 0)
        return CG_ERR;
    cg_gc.debug = (int)flags;
    return CG_NONE;
}

static cg_value g_get_objects(cg_value self, const cg_args *a) {
    int64_t gen = -1; /* None: every generation */
    if (int_arg(G_GET_OBJECTS, a, &gen) < 0)
        return CG_ERR;
    if (gen >= 3)
        return cg_raise(&cg_exc_ValueError,
                        "generation parameter must be less than the number of available generations (3)");
    if (gen < -1)
        return cg_raise(&cg_exc_ValueError, "generation parameter cannot be negative");
    return cg_gc_objects((int)gen);
}

static cg_value g_get_stats(cg_value self, const cg_args *a) {
    cg_value out = cg_list_new(0);
    for (int g = 0; g < 3 && !cg_is_err(out); g++) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d) || cg_dict_set_str(cg_as_dict(d), "collections", cg_int(cg_gc.collections[g])) < 0
            || cg_dict_set_str(cg_as_dict(d), "collected", cg_int(cg_gc.collected[g])) < 0
            || cg_dict_set_str(cg_as_dict(d), "uncollectable", cg_int(cg_gc.uncollectable[g])) < 0
            || cg_list_append_steal(out, d) < 0) {
            if (!cg_is_err(d))
                cg_decref(d);
            cg_decref(out);
            return CG_ERR;
        }
    }
    return out;
}

static cg_value one_obj(int which, const cg_args *a) {
    cg_value v;
    if (cg_args_bind(&gc_defs[which], a, &v, 1) < 0)
        return CG_ERR;
    return v;
}

static cg_value g_is_tracked(cg_value self, const cg_args *a) {
    cg_value v = one_obj(G_IS_TRACKED, a);
    if (cg_is_err(v))
        return v;
    bool r = v.tag == CG_V_OBJ && cg_gc_is_tracked(v.u.o);
    cg_decref(v);
    return cg_bool(r);
}

static cg_value g_is_finalized(cg_value self, const cg_args *a) {
    cg_value v = one_obj(G_IS_FINALIZED, a);
    if (cg_is_err(v))
        return v;
    bool r = v.tag == CG_V_OBJ && cg_gc_is_finalized(v.u.o);
    cg_decref(v);
    return cg_bool(r);
}

static cg_value g_get_referents(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "get_referents() takes no keyword arguments");
    cg_value out = cg_list_new(0);
    for (int i = 0; i < a->npos && !cg_is_err(out); i++)
        if (a->pos[i].tag == CG_V_OBJ && cg_gc_referents(a->pos[i].u.o, out) < 0) {
            cg_decref(out);
            return CG_ERR;
        }
    return out;
}

/* Every tracked object that references one of a's arguments. */
static cg_value g_get_referrers(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "get_referrers() takes no keyword arguments");
    cg_value all = cg_gc_objects(-1), out = cg_list_new(0), refs = cg_list_new(0);
    if (cg_is_err(all) || cg_is_err(out) || cg_is_err(refs))
        goto fail;
    cg_list *objs = cg_as_list(all);
    for (int64_t i = 0; i < objs->len; i++) {
        cg_obj *o = objs->items[i].u.o;
        if (o == all.u.o || o == out.u.o || o == refs.u.o)
            continue;
        cg_list *r = cg_as_list(refs);
        while (r->len) /* reuse one list for each object's referents */
            cg_decref(r->items[--r->len]);
        if (cg_gc_referents(o, refs) < 0)
            goto fail;
        bool hit = false;
        for (int64_t j = 0; j < r->len && !hit; j++)
            for (int k = 0; k < a->npos && !hit; k++)
                hit = a->pos[k].tag == CG_V_OBJ && r->items[j].u.o == a->pos[k].u.o;
        if (hit && cg_list_append_steal(out, cg_incref(objs->items[i])) < 0)
            goto fail;
    }
    cg_decref(all);
    cg_decref(refs);
    return out;
fail:
    cg_decref(all);
    cg_decref(out);
    cg_decref(refs);
    return CG_ERR;
}

static cg_value g_freeze(cg_value self, const cg_args *a) {
    cg_gc_freeze();
    return CG_NONE;
}

static cg_value g_unfreeze(cg_value self, const cg_args *a) {
    cg_gc_unfreeze();
    return CG_NONE;
}

static cg_value g_get_freeze_count(cg_value self, const cg_args *a) { return cg_int(cg_gc_frozen_count()); }

static const cg_method_def gc_defs[] = {
    [G_COLLECT] = {"collect", g_collect, "collect(generation=2)",
                   "Run the garbage collector: look at generations 0 to generation, free the unreachable "
                   "cycles, and return how many unreachable objects were found."},
    [G_ENABLE] = {"enable", g_enable, "enable()", "Enable automatic garbage collection."},
    [G_DISABLE] = {"disable", g_disable, "disable()", "Disable automatic garbage collection."},
    [G_ISENABLED] = {"isenabled", g_isenabled, "isenabled()",
                     "Returns true if automatic garbage collection is enabled."},
    [G_GET_COUNT] = {"get_count", g_get_count, "get_count()", "Return a three-tuple of the current collection counts."},
    [G_GET_THRESHOLD] = {"get_threshold", g_get_threshold, "get_threshold()",
                         "Return the current collection thresholds."},
    /* reading their own arguments, these three have their docs in services/docs.c */
    [G_SET_THRESHOLD] = {"set_threshold", g_set_threshold, NULL, NULL},
    [G_GET_DEBUG] = {"get_debug", g_get_debug, "get_debug()", "Get the garbage collection debugging flags."},
    [G_SET_DEBUG] = {"set_debug", g_set_debug, "set_debug(flags, /)",
                     "Set the garbage collection debugging flags (DEBUG_STATS, DEBUG_COLLECTABLE, "
                     "DEBUG_SAVEALL, ...)."},
    [G_GET_OBJECTS] = {"get_objects", g_get_objects, "get_objects(generation=None)",
                       "Return a list of the objects the collector tracks, of one generation or all."},
    [G_GET_STATS] = {"get_stats", g_get_stats, "get_stats()",
                     "Return a list of dictionaries containing per-generation statistics."},
    [G_IS_TRACKED] = {"is_tracked", g_is_tracked, "is_tracked(obj, /)",
                      "Returns true if the object is tracked by the garbage collector."},
    [G_IS_FINALIZED] = {"is_finalized", g_is_finalized, "is_finalized(obj, /)",
                        "Returns true if the object's finalizer has already run."},
    [G_GET_REFERRERS] = {"get_referrers", g_get_referrers, NULL, NULL},
    [G_GET_REFERENTS] = {"get_referents", g_get_referents, NULL, NULL},
    [G_FREEZE] = {"freeze", g_freeze, "freeze()",
                  "Move every tracked object into the permanent generation, which no collection looks at."},
    [G_UNFREEZE] = {"unfreeze", g_unfreeze, "unfreeze()",
                    "Move the permanent generation's objects back into the oldest generation."},
    [G_GET_FREEZE_COUNT] = {"get_freeze_count", g_get_freeze_count, "get_freeze_count()",
                            "Return the number of objects in the permanent generation."},
    [G_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_gc_module_init(void) {
    cg_value m = cg_module_of("gc", gc_defs);
    if (cg_is_err(m))
        return m;
    static const struct {
        const char *name;
        int value;
    } flags[] = {{"DEBUG_STATS", 1},
                 {"DEBUG_COLLECTABLE", 2},
                 {"DEBUG_UNCOLLECTABLE", 4},
                 {"DEBUG_SAVEALL", 32},
                 {"DEBUG_LEAK", 38}};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (cg_module_add(m, flags[i].name, cg_int(flags[i].value)) < 0)
            goto fail;
    cg_value garbage = cg_gc_garbage_borrowed(), callbacks = cg_gc_callbacks_borrowed();
    if (cg_is_err(garbage) || cg_is_err(callbacks) || cg_module_add(m, "garbage", garbage) < 0
        || cg_module_add(m, "callbacks", callbacks) < 0)
        goto fail;
    return m;
fail:
    cg_decref(m);
    return CG_ERR;
}
