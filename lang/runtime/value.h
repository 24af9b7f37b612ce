/* value.h: the cell language's values and the protocols over them.
 *
 * A value is 16 bytes: None, bools, ints (64-bit) and floats are held
 * immediately, everything else is a reference-counted object whose type
 * (cg_type) carries its behaviour in slots, as CPython's type objects do.
 * A tensor is an object wrapping an engine cg_tensor.
 *
 * Ownership (the same rule as the engine's): a function that returns a
 * cg_value, or a pointer to a reference-counted object (a dict, an engine
 * tensor), returns a new reference; arguments are borrowed. A function
 * that returns a borrowed reference says so by ending in `_borrowed`
 * (cg_dict_get_borrowed, cg_tensor_of_borrowed). Casts of a value to its
 * own object's C type (cg_as_dict, cg_as_str) return the same object and
 * need no suffix.
 *
 * Errors: a fallible function returns CG_ERR (tag CG_V_ERR) or -1 with a
 * pending exception set (exc.h); never aborts on a user's mistake.
 *
 * This file is not the evaluator (eval.h) nor any one type's methods
 * (str.c, list.c, dict.c, ...). */
#ifndef CG_VALUE_H
#define CG_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "parse/ast.h"
#include "error.h"  /* CG_PRINTF */
#include "strbuf.h" /* cg_strbuf */

typedef struct cg_obj cg_obj;
typedef struct cg_type cg_type;
typedef struct cg_str cg_str;

typedef enum {
    CG_V_ERR = 0, /* an exception is pending; never stored anywhere */
    CG_V_STOP,    /* an iterator is exhausted (no exception object made) */
    CG_V_NONE,
    CG_V_BOOL,
    CG_V_INT,
    CG_V_FLOAT,
    CG_V_OBJ,
} cg_vtag;

typedef struct cg_value {
    cg_vtag tag;
    union {
        int64_t i; /* CG_V_INT, and CG_V_BOOL (0 or 1) */
        double f;  /* CG_V_FLOAT */
        cg_obj *o; /* CG_V_OBJ */
    } u;
} cg_value;

struct cg_obj {
    int64_t refcnt;
    cg_type *type;
};

/* The cycle collector's links (gc.h): objects of a type with a gc_offset
 * carry one at that offset, tracked or not. */
typedef struct cg_gc_link {
    struct cg_gc_link *next, *prev; /* NULL while untracked */
    uint64_t state;                 /* the collector's marks, the link's offset in its object, counts */
} cg_gc_link;

/* Objects that live as long as the process (builtin types, interned
 * strings, singletons) carry this count; it is never decremented to 0. */
#define CG_IMMORTAL (INT64_C(1) << 60)

#define CG_ERR ((cg_value){.tag = CG_V_ERR})
#define CG_STOP ((cg_value){.tag = CG_V_STOP})
#define CG_NONE ((cg_value){.tag = CG_V_NONE})
#define CG_TRUE ((cg_value){.tag = CG_V_BOOL, .u.i = 1})
#define CG_FALSE ((cg_value){.tag = CG_V_BOOL, .u.i = 0})

static inline cg_value cg_int(int64_t i) { return (cg_value){.tag = CG_V_INT, .u.i = i}; }
static inline cg_value cg_float(double f) { return (cg_value){.tag = CG_V_FLOAT, .u.f = f}; }
static inline cg_value cg_bool(bool b) { return (cg_value){.tag = CG_V_BOOL, .u.i = b}; }
/* Wraps an object pointer; takes over the caller's reference. */
static inline cg_value cg_obj_value(void *o) { return (cg_value){.tag = CG_V_OBJ, .u.o = (cg_obj *)o}; }

static inline bool cg_is_err(cg_value v) { return v.tag == CG_V_ERR; }
static inline bool cg_is_none(cg_value v) { return v.tag == CG_V_NONE; }
static inline bool cg_is_obj(cg_value v) { return v.tag == CG_V_OBJ; }

void cg_obj_dealloc(cg_obj *o);

static inline void cg_obj_incref(void *o) { ((cg_obj *)o)->refcnt++; }
static inline void cg_obj_decref(void *o) {
    if (--((cg_obj *)o)->refcnt == 0)
        cg_obj_dealloc((cg_obj *)o);
}
static inline cg_value cg_incref(cg_value v) {
    if (v.tag == CG_V_OBJ)
        v.u.o->refcnt++;
    return v;
}
static inline void cg_decref(cg_value v) {
    if (v.tag == CG_V_OBJ)
        cg_obj_decref(v.u.o);
}
/* Empties an object field (a dict pointer, ...) before releasing what it
 * held, so that code the release runs never sees it half gone. */
#define CG_CLEAR_OBJ(field)      \
    do {                         \
        void *old_ = (field);    \
        (field) = NULL;          \
        if (old_)                \
            cg_obj_decref(old_); \
    } while (0)

/* Replaces *slot by v (taking v's reference), releasing the old value. */
static inline void cg_value_set(cg_value *slot, cg_value v) {
    cg_value old = *slot;
    *slot = v;
    cg_decref(old);
}

/* The type of any value (immediates included): cg_type_int for an int. */
cg_type *cg_typeof(cg_value v);
/* Python's name of the value's type, for messages: "int", "Tensor". */
const char *cg_type_name(cg_value v);
bool cg_is_type(cg_value v, const cg_type *t);    /* exactly t */
bool cg_isinstance(cg_value v, const cg_type *t); /* t or a subclass */
/* isinstance(x, cls) as the builtin: the metaclass's __instancecheck__ too;
 * 1, 0, or -1 with an exception. */
int cg_isinstance_check(cg_value x, cg_value cls);
bool cg_type_is_subtype(const cg_type *a, const cg_type *b);

/* ---- arguments ---------------------------------------------------------
 * A call's arguments, all borrowed: positional values, then keyword names
 * and values (kwn[i] names kwv[i]). */
typedef struct {
    const cg_value *pos;
    int npos;
    cg_str *const *kwn;
    const cg_value *kwv;
    int nkw;
} cg_args;

/* ---- types --------------------------------------------------------------
 * A type's slots; NULL means "not supported" (or "inherit" for user
 * classes, whose slots dispatch to their special methods: __add__, ...). */
typedef cg_value (*cg_unaryfn)(cg_value self);
typedef cg_value (*cg_binaryfn)(cg_value a, cg_value b, cg_binop op);

enum {
    CG_TYPE_BASETYPE = 1 << 0,   /* may be subclassed by a class statement */
    CG_TYPE_HEAP = 1 << 1,       /* made by a class statement */
    CG_TYPE_EXCEPTION = 1 << 2,  /* BaseException or a subclass */
    CG_TYPE_HAS_DICT = 1 << 3,   /* instances carry a __dict__ (cg_instance) */
    CG_TYPE_DATA_DESCR = 1 << 4, /* a class with __set__ or __delete__: its instances are data descriptors */
    /* Freed through the trashcan: a deep chain of these is freed by a loop,
     * not by recursion (Note [The trashcan] in object.c). Only for types
     * that no one points to without a reference (not Tensor: its engine
     * tensor points back at its wrapper). */
    CG_TYPE_TRASHCAN = 1 << 5,
    /* Instances can be pointed at by weak references (weakref.c); the
     * type also has a gc_offset, where the mark that some do is kept. */
    CG_TYPE_WEAKREF = 1 << 6,
    /* A class derived from int, str, list, ...: its instances hold the
     * builtin value (Note [Boxed builtin values] in class_boxed.c). */
    CG_TYPE_BOXED = 1 << 7,
    /* A class (or a base) defines __getattribute__: every read calls it. */
    CG_TYPE_GETATTRIBUTE = 1 << 8,
    /* A class with __slots__ and no __dict__ slot: it stores no other names. */
    CG_TYPE_SLOTS = 1 << 9,
    /* A C type outside the runtime (collections.deque) that classes derive
     * from by boxing, as from list (Note [Boxed builtin values]): its
     * constructor, given the subclass and no arguments, makes an empty
     * value of its own type (noting the subclass if it wants), which the
     * type's __init__ fills. */
    CG_TYPE_BOXABLE = 1 << 10,
    /* A C type that PyTorch writes as a Python class (torch.Tensor): an
     * instance of one of its classes may take it as its __class__, and
     * back, as a Python class would allow. */
    CG_TYPE_CLASSLIKE = 1 << 11,
};

/* A container's references, for the cycle collector (gc.h): visit is
 * called with each object the container holds a counted reference to. */
typedef void (*cg_visitfn)(cg_obj *o, void *arg);

typedef struct cg_dict cg_dict;

struct cg_type {
    cg_obj head;
    const char *name;     /* "list", "Tensor", a class's __name__ */
    const char *module;   /* "builtins", "torch", "__main__" */
    const char *qualname; /* a class's __qualname__ when it differs from name; else NULL */
    cg_type *base;        /* the base whose layout instances have (__base__); NULL for object */
    /* A class statement's class: its bases and its MRO past itself (tuples
     * of types, C3 order: Note [Multiple inheritance] in class_mro.c); NULL
     * for a type written in C, whose MRO is its chain of bases. */
    cg_obj *bases;
    cg_obj *mro_rest;
    cg_dict *dict; /* methods and class attributes */
    uint32_t flags;
    size_t basicsize; /* bytes of an instance */

    void (*dealloc)(cg_obj *self);
    cg_value (*repr)(cg_value self);
    cg_value (*str)(cg_value self); /* NULL: repr */
    /* -1 with an exception on failure ("unhashable type: 'list'") */
    int64_t (*hash)(cg_value self);
    /* returns a value (bool or anything for tensors), or NotImplemented */
    cg_value (*compare)(cg_value a, cg_value b, cg_cmpop op);
    /* a op b where a or b has this type; NotImplemented to let the other
     * operand try (as __add__/__radd__) */
    cg_binaryfn binary;
    /* a op= b in place; NULL or NotImplemented falls back to binary */
    cg_binaryfn inplace;
    cg_value (*unary)(cg_value self, cg_unaryop op);
    int (*truth)(cg_value self);   /* 1, 0, or -1 */
    int64_t (*len)(cg_value self); /* -1 on error */
    int (*contains)(cg_value self, cg_value item);
    cg_value (*getitem)(cg_value self, cg_value key);
    int (*setitem)(cg_value self, cg_value key, cg_value value);
    int (*delitem)(cg_value self, cg_value key);
    cg_value (*iter)(cg_value self);
    cg_value (*next)(cg_value self); /* CG_STOP when exhausted */
    /* Attribute lookup before (and instead of) the generic one; returns
     * CG_STOP, with no exception, for "not mine, look in the dicts". */
    cg_value (*getattr)(cg_value self, cg_str *name);
    /* The names getattr answers, for dir(): the i-th, NULL past the last
     * (NULL: none beyond the dicts). */
    const char *(*attr_name)(int i);
    /* -1 with an exception, 0 done, 1 "not mine, use the generic path" */
    int (*setattr)(cg_value self, cg_str *name, cg_value value);
    cg_value (*call)(cg_value self, const cg_args *args);
    /* Descriptor protocol for values found in a class dict: functions bind
     * to instances, staticmethod/classmethod/property do their thing. */
    cg_value (*descr_get)(cg_value descr, cg_value obj, cg_type *owner);
    /* The constructor: type(args) calls this with the type itself. */
    cg_value (*new_)(cg_type *type, const cg_args *args);
    /* The cycle collector's slots (gc.h): where instances keep their
     * cg_gc_link (0: instances hold no references the collector follows),
     * the references they hold, and how to drop the ones that can make a
     * cycle, leaving a valid object (NULL: nothing to drop). */
    uint32_t gc_offset;
    void (*traverse)(cg_obj *self, cg_visitfn visit, void *arg);
    void (*clear)(cg_obj *self);
    /* __del__ (a class's) or close (a generator's): run once, when the
     * count falls to 0 or when the collector finds the object unreachable
     * (PEP 442); it reports its own errors and leaves none pending. */
    void (*finalize)(cg_obj *self);
    cg_gc_link gc; /* a heap class is itself collected */
};

/* a derives from b and has b's C layout: not a class whose instances
 * box a builtin value (Note [Boxed builtin values] in class_boxed.c) */
static inline bool cg_type_is_layout_subtype(const cg_type *a, const cg_type *b) {
    return !(a->flags & CG_TYPE_BOXED) && cg_type_is_subtype(a, b);
}

/* Instances of classes made by a class statement (and of exceptions):
 * an object with its attribute dict. */
typedef struct {
    cg_obj head;
    cg_dict *dict;
    cg_gc_link gc;
} cg_instance;

/* ---- strings (str.c) ----------------------------------------------------
 * UTF-8 bytes, NUL-terminated; len counts bytes, ncp code points. */
struct cg_str {
    cg_obj head;
    int64_t len;
    int64_t ncp;
    int64_t hash; /* -1 until computed */
    bool interned;
    char s[];
};
cg_value cg_str_new(const char *s, size_t len);
cg_value cg_str_from_c(const char *s);
cg_value cg_str_fmt(const char *fmt, ...) CG_PRINTF(1, 2);
/* The unique immortal str with this text: identifiers, attribute names. */
cg_str *cg_str_intern(const char *s);
cg_str *cg_str_intern_n(const char *s, size_t len);
static inline const char *cg_str_cstr(cg_value v) { return ((cg_str *)v.u.o)->s; }
bool cg_is_str(cg_value v);

/* Text is built in display/'s cg_strbuf (strbuf.h), the one string
 * builder of the project. These append a value's repr / str to one; -1
 * with an exception. */
int cg_repr_into(cg_strbuf *b, cg_value v);
int cg_str_into(cg_strbuf *b, cg_value v);
/* Turns the buffer into a str (freeing the buffer either way); a buffer
 * whose allocation failed gives MemoryError. */
cg_value cg_str_from_strbuf(cg_strbuf *b);

/* ---- containers (list.c, tuple.c, dict.c, set.c) ---------------------- */
typedef struct {
    cg_obj head;
    int64_t len, cap;
    cg_value *items;
    cg_gc_link gc;
} cg_list;

typedef struct {
    cg_obj head;
    int64_t len;
    cg_gc_link gc;
    cg_value items[];
} cg_tuple;

cg_value cg_list_new(int64_t len);             /* len Nones */
int cg_list_append(cg_value list, cg_value v); /* v borrowed */
cg_value cg_tuple_new(int64_t len);            /* len Nones, to fill */
/* A tuple of n values; steals the references in items. */
cg_value cg_tuple_steal(int64_t n, cg_value *items);
cg_value cg_tuple_pack(int n, ...); /* borrowed cg_values */
/* Every element of an iterable into a new list (list(x)). */
cg_value cg_list_from_iterable(cg_value iterable);

/* An insertion-ordered hash map, as Python's dict. */
cg_value cg_dict_new(void);
/* Borrowed value, or CG_STOP if absent (no exception), or CG_ERR when the
 * key is unhashable or its __eq__ raised. */
cg_value cg_dict_get_borrowed(cg_dict *d, cg_value key);
/* The fast path for interned strings (names, attributes). */
cg_value cg_dict_get_str_borrowed(cg_dict *d, cg_str *key);
int cg_dict_set(cg_dict *d, cg_value key, cg_value value); /* borrowed */
int cg_dict_set_str(cg_dict *d, const char *key, cg_value value);
/* 1 removed, 0 absent (no exception), -1 error. */
int cg_dict_del(cg_dict *d, cg_value key);
int64_t cg_dict_len(const cg_dict *d);
/* Iteration in insertion order: start with *pos = 0; borrowed k, v. */
bool cg_dict_next(cg_dict *d, int64_t *pos, cg_value *k, cg_value *v);
void cg_dict_clear(cg_dict *d);
static inline cg_dict *cg_as_dict(cg_value v) { return (cg_dict *)v.u.o; }

cg_value cg_set_new(void);
int cg_set_add(cg_value set, cg_value item);

/* ---- callables ----------------------------------------------------------
 * A function written in C: `self` is the bound object (or the module). */
typedef cg_value (*cg_cfunc)(cg_value self, const cg_args *args);

typedef struct {
    const char *name;
    cg_cfunc fn;
    /* Python's signature text, "sum(input, dim=None, keepdim=False, *,
     * dtype=None)": argparse.c reads it to bind arguments and to report
     * Python's TypeErrors; inspect shows it. NULL for functions that read
     * their cg_args themselves. */
    const char *sig;
    const char *doc;
} cg_method_def;

/* A builtin function or method object bound to `self` (borrowed). */
cg_value cg_builtin_new(const cg_method_def *def, cg_value self);
/* Adds methods to a type's dict (they bind to instances) or to a module. */
int cg_type_add_methods(cg_type *type, const cg_method_def *defs);
/* Adds builtin classmethods (dict.fromkeys, float.fromhex, int.from_bytes):
 * called on the class or an instance, each gets the class as its self, so
 * that a subclass's call makes an instance of the subclass (with
 * cg_classmethod_result). */
int cg_type_add_classmethods(cg_type *type, const cg_method_def *defs);
/* Adds builtin static methods (str.maketrans, bytes.maketrans): bound to
 * the type itself, the same function through any subclass or instance. */
int cg_type_add_static_methods(cg_type *type, const cg_method_def *defs);
/* Adds each of defs wrapped in wrapper (staticmethod, classmethod), as a
 * class written in Python would hold them. */
int cg_type_add_wrapped(cg_type *type, const cg_method_def *defs, cg_type *wrapper);
/* What a builtin classmethod returns when called on cls: made (a new
 * reference, of a builtin type) where cls is made's own type, else
 * cls(made) for a subclass. Steals made. */
cg_value cg_classmethod_result(cg_value cls, cg_value made);

/* ---- binding arguments (argparse.c) -------------------------------------
 * Binds args to the parameters of def->sig: out[i] gets a new reference
 * per parameter in order (defaults filled in; a `*args` parameter gets a
 * tuple and `**kwargs` a dict); the caller releases them all with
 * cg_args_release. Python's TypeErrors on mismatch:
 *   "sum() missing 1 required positional argument: 'input'"
 *   "f() takes 2 positional arguments but 3 were given"
 *   "f() got an unexpected keyword argument 'x'". */
int cg_args_bind(const cg_method_def *def, const cg_args *args, cg_value *out, int nout);
void cg_args_release(const cg_method_def *def, cg_value *out, int nout);
/* Binds def's one parameter (its default where it is not given) and reads
 * it as an index (list.pop(i), zlib's flush(mode)): 0, or -1 with Python's
 * error set. */
int cg_args_index(const cg_method_def *def, const cg_args *args, int64_t *out);

/* ---- the protocols (abstract.c): dispatch through the slots ----------- */
cg_value cg_repr(cg_value v);
cg_value cg_to_str(cg_value v); /* str(v) */
int64_t cg_hash(cg_value v);
int cg_truth(cg_value v);                                 /* bool(v) */
cg_value cg_compare(cg_value a, cg_value b, cg_cmpop op); /* a op b */
int cg_value_eq(cg_value a, cg_value b);                  /* 1, 0, -1 */
cg_value cg_binary(cg_value a, cg_value b, cg_binop op);
cg_value cg_inplace(cg_value a, cg_value b, cg_binop op);
cg_value cg_unary(cg_value v, cg_unaryop op);
int64_t cg_len(cg_value v);
int cg_contains(cg_value container, cg_value item);
/* `item in container` by iterating it (what `in` falls back to without
 * __contains__): 1, 0, or -1 with an error. */
int cg_contains_by_iter(cg_value container, cg_value item);
cg_value cg_getitem(cg_value v, cg_value key);
int cg_setitem(cg_value v, cg_value key, cg_value value);
int cg_delitem(cg_value v, cg_value key);
cg_value cg_iter(cg_value v);
cg_value cg_next(cg_value it); /* CG_STOP at the end */
cg_value cg_getattr(cg_value v, cg_str *name);
/* getattr that answers CG_STOP (no exception) when there is no attribute */
cg_value cg_getattr_opt(cg_value v, cg_str *name);
int cg_setattr(cg_value v, cg_str *name, cg_value value);
int cg_delattr(cg_value v, cg_str *name);
cg_value cg_call(cg_value f, const cg_args *args);
cg_value cg_call0(cg_value f);
cg_value cg_call1(cg_value f, cg_value a);
cg_value cg_call2(cg_value f, cg_value a, cg_value b);
/* obj.name(*pos): a method call */
cg_value cg_call_method(cg_value obj, const char *name, int npos, const cg_value *pos);
/* An int's value as int64 (ints, bools, and __index__): -1 and an
 * exception ("'float' object cannot be interpreted as an integer"). */
int cg_index_value(cg_value v, int64_t *out);
/* operator.index(v): the int (either form, a bool as int) that v is or
 * that its __index__ gives; new reference. */
cg_value cg_index(cg_value v);
/* A number as double (int, bool, float, a 1-element tensor via item). */
int cg_float_value(cg_value v, double *out);

/* ---- singletons and builtin types ------------------------------------- */
extern cg_value cg_NotImplemented, cg_Ellipsis;
extern cg_type cg_type_object, cg_type_type, cg_type_none, cg_type_bool, cg_type_int, cg_type_float, cg_type_str,
    cg_type_list, cg_type_tuple, cg_type_dict, cg_type_set, cg_type_frozenset, cg_type_range, cg_type_slice,
    cg_type_builtin, cg_type_function, cg_type_method, cg_type_module, cg_type_ellipsis, cg_type_notimplemented;

#endif
