/* gc.c: the cycle collector (gc.h).
 *
 * Note [Cycle collection]
 * An object that holds references to others (a list, a dict, an instance,
 * a function, a class) is tracked: linked into generation 0 through the
 * cg_gc_link its type's gc_offset points at. A collection of generation g
 * takes the objects of generations 0..g and finds those that nothing
 * outside them reaches, as CPython's collector does:
 *   1. each object's count of references from outside the group starts as
 *      its reference count, less one for each reference another object of
 *      the group holds to it (the types' traverse slots say which);
 *   2. an object left with references from outside is reachable, and so
 *      is everything it references, transitively; the rest is garbage;
 *   3. garbage objects with __del__ (or a suspended generator's close) are
 *      finalized, once per object ever (PEP 442); since a finalizer may
 *      make garbage reachable again, step 1 and 2 are redone over the
 *      garbage, and whatever a finalizer resurrected survives;
 *   4. each garbage object's clear slot drops its references, and the
 *      cycles fall apart by reference counting.
 * References the collector cannot see (a C local, an object of a type
 * without traverse) count as from outside: at worst something stays
 * alive, never is something freed early. Clear slots leave valid objects
 * (an empty dict, an unbound cell), since code that still holds one (a
 * __del__ running as the cycle falls apart) must not crash on it.
 *
 * Survivors move one generation up, so that long-lived objects (modules,
 * classes, a model's parameters) are looked at rarely: generation 0 is
 * collected when tracked allocations outnumber frees by threshold[0]
 * (700), generation 1 every threshold[1] (10) collections of 0, and
 * generation 2 every threshold[2] collections of 1, but only when the
 * objects waiting for it are a quarter of those already in it, so that a
 * growing heap is not scanned over and over (CPython's rule).
 *
 * Collections run only between statements (cg_gc_safe_point), never in
 * the middle of C code: an allocation only marks one due. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/gil.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"

enum {
    GC_FINALIZED = 1,   /* __del__ ran (or must never run) */
    GC_COLLECTING = 2,  /* in the group being collected */
    GC_UNREACHABLE = 4, /* tentatively garbage */
    GC_WEAKREFS = 8,    /* weak references point at it (weakref.c) */
};

cg_gc_state cg_gc = {.enabled = true, .threshold = {700, 10, 10}};
bool cg_gc_due;

static cg_gc_link gens[3] = {{&gens[0], &gens[0], 0}, {&gens[1], &gens[1], 0}, {&gens[2], &gens[2], 0}};
static cg_gc_link frozen = {&frozen, &frozen, 0};
static cg_gc_batch *batch; /* the innermost open batch, or NULL */
static int64_t long_lived_total, long_lived_pending;
/* gc.garbage and gc.callbacks, made on first use (CG_ERR: not yet) */
static cg_value garbage_list, callbacks_list;

/* A link's state: flags in the low bits, then the link's offset in its
 * object (to find the object from the link), then, during a collection,
 * the count of references from outside the group. */
#define OFFSET_SHIFT 4
#define OFFSET_MASK UINT64_C(0xFFFF)
#define REFS_SHIFT 20
#define LOW_BITS ((UINT64_C(1) << REFS_SHIFT) - 1)
#define REFS_MAX (INT64_C(1) << 40)

static cg_obj *obj_of(cg_gc_link *l) {
    return (cg_obj *)(void *)((char *)l - ((l->state >> OFFSET_SHIFT) & OFFSET_MASK));
}
static int64_t refs_of(const cg_gc_link *l) { return (int64_t)(l->state >> REFS_SHIFT); }
static void set_refs(cg_gc_link *l, int64_t r) { l->state = (l->state & LOW_BITS) | ((uint64_t)r << REFS_SHIFT); }
/* Back to the state outside collections: the offset and the lasting marks. */
static void reset_state(cg_gc_link *l) { l->state &= (OFFSET_MASK << OFFSET_SHIFT) | GC_FINALIZED | GC_WEAKREFS; }

/* The link of o if o is tracked and in the group being collected. */
static cg_gc_link *collecting_link(cg_obj *o) {
    if (!o->type->gc_offset)
        return NULL;
    cg_gc_link *l = cg_gc_link_of(o);
    return l->prev && (l->state & GC_COLLECTING) ? l : NULL;
}

/* ---- lists of links ------------------------------------------------------ */

static void list_init(cg_gc_link *l) { l->next = l->prev = l; }
static bool list_empty(const cg_gc_link *l) { return l->next == l; }

static void list_unlink(cg_gc_link *n) {
    n->prev->next = n->next;
    n->next->prev = n->prev;
}

static void list_append(cg_gc_link *n, cg_gc_link *l) {
    n->prev = l->prev;
    n->next = l;
    l->prev->next = n;
    l->prev = n;
}

static void list_move(cg_gc_link *n, cg_gc_link *l) {
    list_unlink(n);
    list_append(n, l);
}

/* Appends all of from to to, leaving from empty. */
static void list_merge(cg_gc_link *from, cg_gc_link *to) {
    if (from == to || list_empty(from))
        return;
    cg_gc_link *first = from->next, *last = from->prev;
    first->prev = to->prev;
    to->prev->next = first;
    last->next = to;
    to->prev = last;
    list_init(from);
}

static int64_t list_size(const cg_gc_link *l) {
    int64_t n = 0;
    for (const cg_gc_link *p = l->next; p != l; p = p->next)
        n++;
    return n;
}

/* ---- tracking ------------------------------------------------------------ */

void cg_gc_track(void *p) {
    cg_obj *o = p;
    cg_gc_link *l = cg_gc_link_of(o);
    if (l->prev)
        return;
    l->state = ((uint64_t)o->type->gc_offset << OFFSET_SHIFT) | (l->state & (GC_FINALIZED | GC_WEAKREFS));
    if (batch) {
        list_append(l, &batch->list);
        batch->n++;
        return;
    }
    list_append(l, &gens[0]);
    if (++cg_gc.count[0] > cg_gc.threshold[0] && cg_gc.threshold[0] > 0 && cg_gc.enabled && !cg_gc.collecting)
        cg_gc_due = true;
}

void cg_gc_untrack(void *p) {
    cg_obj *o = p;
    cg_gc_link *l = cg_gc_link_of(o);
    if (!l->prev)
        return;
    list_unlink(l);
    l->next = l->prev = NULL;
    if (cg_gc.count[0] > 0)
        cg_gc.count[0]--;
}

/* Note [Trees built in bulk]
 * json.loads of a large document makes hundreds of thousands of dicts and
 * lists in one C call, with no safe point inside it. Tracked into
 * generation 0, they would all be scanned by the collection due at the
 * next statement, and again when generation 1 is collected, each time
 * walking memory long out of the cache; CPython pays this too, but in
 * small collections while the objects are fresh. They cannot be garbage
 * while the call builds them (the tree hangs from its result, no cycles),
 * so they go to the oldest generation at once, counted as objects waiting
 * for the next full collection, as survivors of the young collections
 * would be. A batch keeps them on a list of its own meanwhile; a
 * collection (there is none, no Python code runs inside a batch) would
 * only see them as untracked. */
void cg_gc_batch_begin(cg_gc_batch *b) {
    list_init(&b->list);
    b->n = 0;
    b->outer = batch;
    batch = b;
}

void cg_gc_batch_end(cg_gc_batch *b) {
    if (batch != b)
        return;
    batch = b->outer;
    list_merge(&b->list, &gens[2]);
    long_lived_pending += b->n;
    b->n = 0;
}

bool cg_gc_is_finalized(const cg_obj *o) { return o->type->gc_offset && (cg_gc_link_of(o)->state & GC_FINALIZED); }

bool cg_gc_has_weakrefs(const cg_obj *o) { return o->type->gc_offset && (cg_gc_link_of(o)->state & GC_WEAKREFS); }

void cg_gc_set_has_weakrefs(cg_obj *o, bool on) {
    cg_gc_link *l = cg_gc_link_of(o);
    l->state = on ? l->state | GC_WEAKREFS : l->state & ~(uint64_t)GC_WEAKREFS;
}

bool cg_gc_is_garbage(const cg_obj *o) {
    return o->type->gc_offset && cg_gc_link_of(o)->prev && (cg_gc_link_of(o)->state & GC_UNREACHABLE);
}

/* ---- finding the garbage --------------------------------------------------- */

static void traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    if (o->type->traverse)
        o->type->traverse(o, visit, arg);
}

/* Step 1: each object's count of references from outside the group. */
static void update_refs(cg_gc_link *group) {
    for (cg_gc_link *l = group->next; l != group; l = l->next) {
        int64_t rc = obj_of(l)->refcnt;
        reset_state(l);
        l->state |= GC_COLLECTING;
        set_refs(l, rc > REFS_MAX ? REFS_MAX : rc);
    }
}

static void visit_decref(cg_obj *o, void *arg) {
    (void)arg;
    cg_gc_link *l = collecting_link(o);
    if (l && refs_of(l) > 0)
        set_refs(l, refs_of(l) - 1);
}

static void subtract_refs(cg_gc_link *group) {
    for (cg_gc_link *l = group->next; l != group; l = l->next)
        traverse(obj_of(l), visit_decref, NULL);
}

/* Step 2, CPython's walk: the group's list is read in order; an object
 * with outside references stays and makes what it references reachable
 * (moved back to the end of the list if it was set aside already, so it
 * is read again); one without is set aside as tentatively unreachable. */
static void visit_reachable(cg_obj *o, void *arg) {
    cg_gc_link *group = arg;
    cg_gc_link *l = collecting_link(o);
    if (!l)
        return;
    if (l->state & GC_UNREACHABLE) {
        l->state &= ~(uint64_t)GC_UNREACHABLE;
        list_move(l, group);
        set_refs(l, 1);
    } else if (refs_of(l) == 0) {
        set_refs(l, 1);
    }
}

static void move_unreachable(cg_gc_link *group, cg_gc_link *unreachable) {
    cg_gc_link *l = group->next;
    while (l != group) {
        cg_gc_link *next = l->next;
        if (refs_of(l) > 0) {
            traverse(obj_of(l), visit_reachable, group);
            next = l->next; /* objects may have been appended after l */
        } else {
            l->state |= GC_UNREACHABLE;
            list_move(l, unreachable);
        }
        l = next;
    }
}

/* A tuple of untracked things can never be part of a cycle: stop
 * following it, as CPython does, so that collections stay small. */
static bool tuple_is_atomic(cg_obj *o) {
    cg_tuple *t = (cg_tuple *)o;
    for (int64_t i = 0; i < t->len; i++)
        if (t->items[i].tag == CG_V_OBJ && cg_gc_is_tracked(t->items[i].u.o))
            return false;
    return true;
}

/* The survivors leave the collection: marks off, atomic tuples untracked. */
static void finish_survivors(cg_gc_link *group) {
    cg_gc_link *l = group->next;
    while (l != group) {
        cg_gc_link *next = l->next;
        reset_state(l);
        cg_obj *o = obj_of(l);
        if (o->type == &cg_type_tuple && tuple_is_atomic(o)) {
            list_unlink(l);
            l->next = l->prev = NULL;
        }
        l = next;
    }
}

/* ---- finalizers, clearing ---------------------------------------------- */

bool cg_gc_finalize(cg_obj *o) {
    if (o->type->gc_offset) {
        cg_gc_link *l = cg_gc_link_of(o);
        if (l->state & GC_FINALIZED)
            return false;
        l->state |= GC_FINALIZED;
    }
    o->refcnt = 1; /* alive while its __del__ runs */
    cg_value pending = cg_exc_pending() ? cg_exc_fetch() : CG_NONE;
    o->type->finalize(o);
    if (!cg_is_none(pending))
        cg_exc_restore(pending);
    return --o->refcnt != 0;
}

/* Step 3: __del__ of each garbage object that has one, once. */
static void finalize_garbage(cg_gc_link *unreachable) {
    cg_gc_link done;
    list_init(&done);
    while (!list_empty(unreachable)) {
        cg_gc_link *l = unreachable->next;
        list_move(l, &done);
        cg_obj *o = obj_of(l);
        if (!o->type->finalize || (l->state & GC_FINALIZED))
            continue;
        l->state |= GC_FINALIZED;
        cg_obj_incref(o);
        cg_value pending = cg_exc_pending() ? cg_exc_fetch() : CG_NONE;
        o->type->finalize(o);
        if (!cg_is_none(pending))
            cg_exc_restore(pending);
        cg_obj_decref(o); /* may free o, which leaves the list */
    }
    list_merge(&done, unreachable);
}

static bool has_finalizer(cg_gc_link *unreachable) {
    for (cg_gc_link *l = unreachable->next; l != unreachable; l = l->next)
        if (obj_of(l)->type->finalize)
            return true;
    return false;
}

/* After finalizers ran: what they made reachable again survives. */
static void keep_resurrected(cg_gc_link *unreachable, cg_gc_link *survivors) {
    cg_gc_link again;
    list_init(&again);
    list_merge(unreachable, &again);
    update_refs(&again);
    subtract_refs(&again);
    move_unreachable(&again, unreachable);
    finish_survivors(&again);
    list_merge(&again, survivors);
}

/* Before the garbage is cleared, weak references to it die, and the
 * callbacks of those that are not garbage themselves run (CPython's rule:
 * a callback in the garbage could see it half cleared). */
static void clear_weakrefs(cg_gc_link *unreachable) {
    cg_value callbacks = CG_ERR;
    for (cg_gc_link *l = unreachable->next; l != unreachable; l = l->next) {
        if (!(l->state & GC_WEAKREFS))
            continue;
        if (cg_is_err(callbacks))
            callbacks = cg_list_new(0);
        if (cg_is_err(callbacks)) {
            cg_exc_clear();
            return; /* they die when their objects do, callbacks and all */
        }
        cg_weakrefs_detach(obj_of(l), callbacks);
    }
    if (!cg_is_err(callbacks)) {
        cg_weakrefs_call(callbacks);
        cg_decref(callbacks);
    }
}

/* Step 4: each garbage object drops its references; what survives that
 * (an object a clear slot could not free) joins the old generation. */
static void delete_garbage(cg_gc_link *unreachable, cg_gc_link *old) {
    while (!list_empty(unreachable)) {
        cg_gc_link *l = unreachable->next;
        cg_obj *o = obj_of(l);
        reset_state(l);
        list_move(l, old);
        cg_obj_incref(o);
        if (o->type->clear)
            o->type->clear(o);
        cg_obj_decref(o);
    }
}

/* DEBUG_SAVEALL: garbage goes into gc.garbage instead of being freed. */
static void save_garbage(cg_gc_link *unreachable, cg_gc_link *old) {
    while (!list_empty(unreachable)) {
        cg_gc_link *l = unreachable->next;
        reset_state(l);
        list_move(l, old);
        cg_value g = cg_gc_garbage_borrowed();
        if (cg_is_err(g) || cg_list_append_steal(g, cg_incref(cg_obj_value(obj_of(l)))) < 0)
            cg_exc_clear();
    }
}

/* ---- a collection ------------------------------------------------------------ */

enum { DEBUG_STATS = 1, DEBUG_COLLECTABLE = 2, DEBUG_UNCOLLECTABLE = 4, DEBUG_SAVEALL = 32 };

static void debug_print(const char *fmt, ...) CG_PRINTF(1, 2);
static void debug_print(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    cg_value s = cg_str_vfmt(fmt, ap);
    va_end(ap);
    if (cg_is_err(s)) {
        cg_exc_clear();
        return;
    }
    cg_host_write(CG_STDERR, cg_str_cstr(s), (size_t)cg_as_str(s)->len);
    cg_decref(s);
}

static int64_t collect(int gen) {
    cg_gc.collecting = true;
    for (int i = 0; i < gen; i++) {
        list_merge(&gens[i], &gens[gen]);
        cg_gc.count[i] = 0;
    }
    cg_gc.count[gen] = 0;
    if (gen < 2)
        cg_gc.count[gen + 1]++;
    if (cg_gc.debug & DEBUG_STATS)
        debug_print("gc: collecting generation %d...\n", gen);
    cg_gc_link *group = &gens[gen], *old = gen < 2 ? &gens[gen + 1] : &gens[2];
    cg_gc_link unreachable;
    list_init(&unreachable);
    update_refs(group);
    subtract_refs(group);
    move_unreachable(group, &unreachable);
    finish_survivors(group);
    if (gen == 2) {
        long_lived_pending = 0;
        long_lived_total = list_size(group);
    } else if (gen == 1) {
        long_lived_pending += list_size(group);
    }
    list_merge(group, old);
    int64_t n = list_size(&unreachable);
    if (cg_gc.debug & DEBUG_COLLECTABLE)
        for (cg_gc_link *l = unreachable.next; l != &unreachable; l = l->next)
            debug_print("gc: collectable <%s %p>\n", obj_of(l)->type->name, (void *)obj_of(l));
    if (cg_gc.debug & DEBUG_SAVEALL) {
        save_garbage(&unreachable, old);
    } else {
        if (has_finalizer(&unreachable)) {
            finalize_garbage(&unreachable);
            keep_resurrected(&unreachable, old);
        }
        clear_weakrefs(&unreachable);
        delete_garbage(&unreachable, old);
    }
    cg_gc.collections[gen]++;
    cg_gc.collected[gen] += n;
    if (cg_gc.debug & DEBUG_STATS)
        debug_print("gc: done, %lld unreachable, 0 uncollectable.\n", (long long)n);
    cg_gc.collecting = false;
    return n;
}

/* gc.callbacks get ("start" | "stop", {"generation", "collected",
 * "uncollectable"}) around each collection. */
static void run_callbacks(const char *phase, int gen, int64_t collected) {
    if (cg_is_err(callbacks_list) || cg_as_list(callbacks_list)->len == 0)
        return;
    cg_value info = cg_dict_new();
    if (cg_is_err(info)) {
        cg_exc_clear();
        return;
    }
    cg_dict_set_steal(cg_as_dict(info), cg_str_from_c("generation"), cg_int(gen));
    cg_dict_set_steal(cg_as_dict(info), cg_str_from_c("collected"), cg_int(collected));
    cg_dict_set_steal(cg_as_dict(info), cg_str_from_c("uncollectable"), cg_int(0));
    cg_value cbs = cg_list_from_iterable(callbacks_list); /* a callback may edit the list */
    cg_value ph = cg_str_from_c(phase);
    for (int64_t i = 0; !cg_is_err(cbs) && !cg_is_err(ph) && i < cg_as_list(cbs)->len; i++) {
        cg_value r = cg_call(cg_as_list(cbs)->items[i], &(cg_args){.pos = (cg_value[]){ph, info}, .npos = 2});
        if (cg_is_err(r))
            cg_report_unraisable(cg_as_list(cbs)->items[i]);
        cg_decref(r);
    }
    if (cg_is_err(cbs) || cg_is_err(ph))
        cg_exc_clear();
    cg_decref(ph);
    cg_decref(cbs);
    cg_decref(info);
}

/* true from the "start" callbacks to the "stop" ones: a callback's own
 * allocations must not start another collection (and its callbacks, and so
 * on without end), as CPython's collector counts as running meanwhile */
static bool in_collection;

static int64_t collect_with_callbacks(int gen) {
    if (cg_gc.collecting || in_collection)
        return 0;
    in_collection = true;
    cg_value pending = cg_exc_pending() ? cg_exc_fetch() : CG_NONE;
    run_callbacks("start", gen, 0);
    int64_t n = collect(gen);
    run_callbacks("stop", gen, n);
    if (!cg_is_none(pending))
        cg_exc_restore(pending);
    in_collection = false;
    return n;
}

int64_t cg_gc_collect(int generation) { return collect_with_callbacks(generation); }

void cg_gc_collect_due(void) {
    cg_gc_due = false;
    if (cg_gil_drop_request) /* the flag doubles as the evaluator's hand-over poll: Note [The interpreter lock] */
        cg_gil_yield();
    if (!cg_gc.enabled || cg_gc.collecting || in_collection)
        return;
    for (int gen = 2; gen >= 0; gen--) {
        if (cg_gc.count[gen] <= cg_gc.threshold[gen])
            continue;
        /* the full collection waits until a quarter as many objects as it
         * holds are new to it (Note [Cycle collection]) */
        if (gen == 2 && long_lived_pending < long_lived_total / 4)
            continue;
        collect_with_callbacks(gen);
        return;
    }
}

/* ---- what the gc module shows ------------------------------------------- */

static int append_objects(cg_gc_link *list, cg_value out) {
    for (cg_gc_link *l = list->next; l != list; l = l->next)
        if (cg_list_append_steal(out, cg_incref(cg_obj_value(obj_of(l)))) < 0)
            return -1;
    return 0;
}

cg_value cg_gc_objects(int generation) {
    cg_value out = cg_list_new(0);
    if (cg_is_err(out))
        return out;
    for (int g = 0; g < 4; g++) {
        if (generation >= 0 && g != generation)
            continue;
        if (append_objects(g < 3 ? &gens[g] : &frozen, out) < 0) {
            cg_decref(out);
            return CG_ERR;
        }
        if (generation < 0 && g == 2)
            break;
    }
    return out;
}

void cg_gc_freeze(void) {
    for (int g = 0; g < 3; g++)
        list_merge(&gens[g], &frozen);
    cg_gc.count[0] = 0;
}

void cg_gc_unfreeze(void) { list_merge(&frozen, &gens[2]); }

int64_t cg_gc_frozen_count(void) { return list_size(&frozen); }

typedef struct {
    cg_value list;
    int rc;
} referents;

static void visit_append(cg_obj *o, void *arg) {
    referents *r = arg;
    if (r->rc == 0)
        r->rc = cg_list_append_steal(r->list, cg_incref(cg_obj_value(o)));
}

int cg_gc_referents(cg_obj *o, cg_value list) {
    referents r = {list, 0};
    traverse(o, visit_append, &r);
    return r.rc;
}

static cg_value lazy_list(cg_value *slot) {
    if (slot->tag != CG_V_OBJ)
        *slot = cg_list_new(0); /* CG_ERR again if that failed */
    return *slot;
}

cg_value cg_gc_garbage_borrowed(void) { return lazy_list(&garbage_list); }
cg_value cg_gc_callbacks_borrowed(void) { return lazy_list(&callbacks_list); }
