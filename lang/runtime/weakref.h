/* weakref.h: weak references (weakref.c). */
#ifndef CG_WEAKREF_H
#define CG_WEAKREF_H

#include "runtime/value.h"

typedef struct cg_weakref cg_weakref;
struct cg_weakref {
    cg_obj head;
    cg_dict *dict;           /* a subclass's attributes (instance layout) */
    cg_obj *referent;        /* not counted; NULL once it died */
    cg_value callback;       /* None or called with the reference when it dies */
    int64_t hash;            /* the referent's, once taken; -1 before */
    cg_weakref *prev, *next; /* the referent's other weak references */
    cg_gc_link gc;
};

/* weakref.ref, the type of weak references. */
extern cg_type cg_type_weakref;

/* A weak reference of type (ref or a subclass) to obj: TypeError for an
 * object that cannot have one ("cannot create weak reference to 'list'
 * object"). Without a callback, ref(obj) is the one made before if any. */
cg_value cg_weakref_new(cg_type *type, cg_value obj, cg_value callback);
/* The object, or None once it died. */
cg_value cg_weakref_get(const cg_weakref *w);
/* weakref.getweakrefcount(obj), weakref.getweakrefs(obj). */
int64_t cg_weakref_count(cg_value obj);
cg_value cg_weakref_list(cg_value obj);
void cg_weakref_shutdown(void);

#endif
