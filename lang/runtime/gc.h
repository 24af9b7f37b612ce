/* gc.h: the cycle collector.
 *
 * Reference counting frees everything but cycles: a module whose hook
 * captures it, a child pointing back at its parent. The collector finds
 * groups of objects that only reference each other and frees them, as
 * CPython's does: each type that holds references has a gc_offset (where
 * its cg_gc_link lives), a traverse slot (what it references) and maybe a
 * clear slot (how to drop those references). Objects are tracked from
 * creation on, in three generations; a collection of the young happens
 * when allocations outnumber frees by gc.get_threshold()[0], at the next
 * safe point (between statements: cg_gc_safe_point), never in the middle
 * of C code. __del__ runs once per object, for unreachable objects too
 * (PEP 442). See Note [Cycle collection] in gc.c. */
#ifndef CG_GC_H
#define CG_GC_H

#include "runtime/value.h"

static inline cg_gc_link *cg_gc_link_of(const cg_obj *o) {
    return (cg_gc_link *)(void *)((char *)o + o->type->gc_offset);
}
static inline bool cg_gc_is_tracked(const cg_obj *o) { return o->type->gc_offset && cg_gc_link_of(o)->prev; }

/* Starts following o (its type has a gc_offset; its fields are valid). */
void cg_gc_track(void *o);
/* Stops following o; harmless if it is not tracked. */
void cg_gc_untrack(void *o);

/* A tree that one C call builds in bulk (json.loads' result): what is
 * tracked between begin and end goes straight to the oldest generation
 * (Note [Trees built in bulk] in gc.c). Between the two no Python code
 * may run: end the batch first. Batches nest. */
typedef struct cg_gc_batch {
    cg_gc_link list;           /* what was tracked since begin */
    int64_t n;                 /* how many */
    struct cg_gc_batch *outer; /* the batch this one is inside, or NULL */
} cg_gc_batch;
void cg_gc_batch_begin(cg_gc_batch *b);
/* Hands the batch's objects to the oldest generation; harmless twice. */
void cg_gc_batch_end(cg_gc_batch *b);

/* Visits v's object, if it has one. */
static inline void cg_visit_value(cg_value v, cg_visitfn visit, void *arg) {
    if (v.tag == CG_V_OBJ)
        visit(v.u.o, arg);
}
static inline void cg_visit_obj(void *o, cg_visitfn visit, void *arg) {
    if (o)
        visit((cg_obj *)o, arg);
}

/* A collection is due: cg_gc_safe_point runs it. Another thread waiting
 * for the interpreter lock sets it too (Note [The interpreter lock]). */
extern bool cg_gc_due;
void cg_gc_collect_due(void);
/* Runs a due collection; the evaluator calls this between statements. */
static inline void cg_gc_safe_point(void) {
    if (cg_gc_due)
        cg_gc_collect_due();
}

/* gc.collect(generation): the number of unreachable objects found. */
int64_t cg_gc_collect(int generation);

/* Runs o's __del__ if it has one and has not run yet (dealloc calls
 * this when the count falls to 0). True when __del__ resurrected o: its
 * count is above 0 again and it must not be freed. */
bool cg_gc_finalize(cg_obj *o);

/* The state the gc module shows and sets (gc_module.c). */
typedef struct {
    bool enabled;
    int threshold[3];
    int count[3]; /* gen 0: allocations - frees; 1, 2: collections of the younger */
    int64_t collections[3], collected[3], uncollectable[3];
    int debug;
    bool collecting;
} cg_gc_state;
extern cg_gc_state cg_gc;

/* Every tracked object of a generation (0, 1, 2; -1 for all; 3 for the
 * frozen), as a list of new references. */
cg_value cg_gc_objects(int generation);
/* gc.freeze()/unfreeze(): every tracked object into or out of the
 * generation no collection looks at. */
void cg_gc_freeze(void);
void cg_gc_unfreeze(void);
int64_t cg_gc_frozen_count(void);
/* Everything o references (gc.get_referents), appended to list. */
int cg_gc_referents(cg_obj *o, cg_value list);
/* The gc.garbage list (objects DEBUG_SAVEALL keeps), borrowed. */
cg_value cg_gc_garbage_borrowed(void);
/* The gc.callbacks list, borrowed. */
cg_value cg_gc_callbacks_borrowed(void);
bool cg_gc_is_finalized(const cg_obj *o);

/* Weak references (weakref.c): whether any point at o, kept in its link. */
bool cg_gc_has_weakrefs(const cg_obj *o);
void cg_gc_set_has_weakrefs(cg_obj *o, bool on);
/* Is o found unreachable by the collection under way? */
bool cg_gc_is_garbage(const cg_obj *o);
/* Detaches every weak reference to o; those with a callback that are not
 * garbage themselves are appended to the list `callbacks` (weakref.c),
 * unless it is CG_ERR (no memory for one: no callback runs). */
void cg_weakrefs_detach(cg_obj *o, cg_value callbacks);
/* Calls each weak reference's callback with it, reporting errors as
 * unraisable. */
void cg_weakrefs_call(cg_value callbacks);
/* dealloc's part: o is dying; its weak references die and their
 * callbacks run. */
void cg_weakrefs_clear(cg_obj *o);

#endif
