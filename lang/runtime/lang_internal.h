/* lang_internal.h: what lang/'s own files share and nobody outside uses.
 *
 * Parameters and binding (argparse.c), the generic attribute machinery
 * (object.c), classes (class.c), functions and frames (call.c, eval.c),
 * and the start-up of the builtin types. The public face of lang/ is
 * value.h, exc.h, module.h, host.h and interp.h. */
#ifndef CG_LANG_INTERNAL_H
#define CG_LANG_INTERNAL_H

#include "parse/ast.h"
#include "runtime/exc.h"
#include "runtime/module.h"
#include "runtime/value.h"

/* The interned cg_str whose text is id (see Note [Interned identifiers]
 * in scope.c). */
static inline cg_str *cg_str_of(const char *id) { return (cg_str *)(void *)(id - offsetof(cg_str, s)); }

/* ---- parameters (argparse.c) ------------------------------------------- */
typedef enum { PARAM_POS_ONLY, PARAM_POS, PARAM_VAR_POS, PARAM_KW_ONLY, PARAM_VAR_KW } cg_param_kind;

typedef struct {
    const char *fname; /* for messages: "f" in "f() missing ..." */
    int n;             /* parameters, in order */
    cg_str **names;    /* interned */
    cg_param_kind *kinds;
    cg_value *defaults; /* CG_STOP: required */
    int npos;           /* POS_ONLY + POS parameters (they come first) */
    int varpos, varkw;  /* index of *args / **kwargs, or -1 */
} cg_params;

/* Binds a call to parameters: out[0..p->n) get new references (a *args
 * tuple, a **kwargs dict). -1 with Python's TypeError, out released. */
int cg_params_bind(const cg_params *p, const cg_args *a, cg_value *out);
void cg_params_free(cg_params *p);
/* The parsed signature of a C function, cached. */
const cg_params *cg_method_params(const cg_method_def *def);
void cg_argparse_shutdown(void);

/* ---- objects, attributes (object.c) ---------------------------------- */
cg_value cg_type_lookup_borrowed(const cg_type *t, cg_str *name); /* borrowed or CG_STOP */
cg_dict *cg_instance_dict_borrowed(cg_value v);                   /* NULL if none */
cg_value cg_generic_getattr(cg_value v, cg_str *name);            /* CG_STOP if absent */
int cg_generic_setattr(cg_value v, cg_str *name, cg_value value); /* CG_ERR value: delete */
cg_value cg_raise_no_attribute(cg_value v, cg_str *name);
cg_value cg_instance_alloc(cg_type *type);
void cg_instance_dealloc(cg_obj *o);
/* The collector's slots of instances (their dict, their heap class). */
void cg_instance_traverse(cg_obj *o, cg_visitfn visit, void *arg);
void cg_instance_clear(cg_obj *o);
cg_value cg_object_repr(cg_value self);
int64_t cg_object_hash(cg_value self);
bool cg_same(cg_value a, cg_value b); /* `is` */
const char *cg_binop_symbol(cg_binop op);
const char *cg_cmpop_symbol(cg_cmpop op);

/* ---- descriptors and builtin functions (builtin_func.c) -------------- */
extern cg_type cg_type_property, cg_type_staticmethod, cg_type_classmethod;
int cg_property_set(cg_value prop, cg_value obj, cg_value value);
/* Descriptors written in Python (class.c): an instance of a class with
 * __set__ or __delete__ (CG_TYPE_DATA_DESCR) is a data descriptor; setting
 * (or deleting, value CG_ERR) through one calls them. */
int cg_user_descr_set(cg_value d, cg_value obj, cg_value value);
typedef struct {
    cg_obj head;
    const cg_method_def *def;
    cg_value self;
    cg_gc_link gc; /* tracked when self may be */
} cg_builtin;
/* A bound method: a function with its first argument. */
typedef struct {
    cg_obj head;
    cg_value func;
    cg_value self;
    cg_gc_link gc;
} cg_method;
cg_value cg_method_new(cg_value func, cg_value self);

/* ---- classes (class.c) ------------------------------------------------ */
/* class Name(base): body -- dict is the class body's namespace. */
cg_value cg_class_new(const char *name, const char *module, cg_type *base, cg_dict *dict);
/* The same with a metaclass and bases (a tuple of types) */
cg_value cg_class_new_full(const char *name, const char *module, cg_type *meta, cg_value bases, cg_dict *dict);
/* type.__new__(meta, name, bases, ns, **kw): a new class, its
 * __set_name__s and its base's __init_subclass__ run */
cg_value cg_type_new_class(cg_type *meta, const cg_args *a);
cg_value cg_type_instantiate(cg_type *t, const cg_args *args);
/* ---- multiple inheritance (class_mro.c) ------------------------------- */
cg_value cg_type_mro(cg_type *t);
/* the MRO past the class (C3 over bases), or CG_ERR with CPython's TypeError */
cg_value cg_class_mro_rest(const cg_tuple *bases);
cg_type *cg_class_best_base(const cg_tuple *bases); /* NULL: lay-out conflict */
int cg_class_check_bases(const cg_tuple *bases);
cg_type *cg_class_winner_meta(cg_type *meta, const cg_tuple *bases); /* NULL: conflict */
void cg_class_dealloc(cg_obj *o);
/* The collector's slots of classes (their namespace, their base). */
void cg_class_traverse(cg_obj *o, cg_visitfn visit, void *arg);
void cg_class_clear(cg_obj *o);
/* Keeps a class's slots in step with its namespace (type_setattr). */
void cg_class_attribute_changed(cg_type *t, cg_str *name);
/* Stores (or deletes, value CG_ERR) obj.__class__ / obj.__dict__ and
 * C.__name__ / C.__bases__ (class_assign.c): -1 with an exception, 0 done,
 * 1 "not one of these". */
int cg_instance_set_special(cg_value v, cg_str *name, cg_value value);
int cg_type_set_special(cg_type *t, cg_str *name, cg_value value);
cg_value cg_type_bases(const cg_type *t);
/* ---- subclasses of builtin values (class_boxed.c) --------------------- */
bool cg_type_is_boxable(const cg_type *t);
void cg_boxed_class_init(cg_type *t);
/* an instance of t (boxed) holding sb's constructor's value of a */
cg_value cg_boxed_new(cg_type *t, cg_type *sb, const cg_args *a);
/* list[int] and int | None (generic_alias.c). */
extern cg_type cg_type_generic_alias, cg_type_union;
cg_value cg_generic_alias_new(cg_value origin, cg_value key);
cg_value cg_type_or(cg_value a, cg_value b, cg_binop op);
int cg_union_check(cg_value x, cg_value u, bool inst, int (*check)(cg_value, bool, cg_value));
/* type.__subclasses__ (class_subclasses.c): a class made is noted under
 * its bases, and forgotten as a base when it dies. */
int cg_class_note_subclass(cg_type *cls);
void cg_class_forget_subclasses(const cg_type *cls);
cg_value cg_type_subclasses(cg_value self, const cg_args *a);
cg_value cg_boxed_repr_named(cg_value self, const cg_type *base, cg_value base_repr);
cg_value cg_unbox(cg_value v); /* the builtin value of a boxed instance; else v */
/* what `method` (a builtin read as `name`) binds to: obj's value when it
 * is the method of obj's builtin base, else obj */
cg_value cg_boxed_self(cg_value obj, cg_value method, const char *name);
int cg_boxed_types_init(void);
/* A C type's special method read as an attribute (slot_wrapper.c): the
 * wrapper of t's own slot, or CG_STOP; the first C type in t's MRO (past
 * `after` when not NULL) with the slot, bound to self unless it is CG_STOP. */
cg_value cg_slot_wrapper(cg_type *t, cg_str *name);
cg_value cg_slot_wrapper_mro(cg_type *t, const cg_type *after, cg_str *name, cg_value self);
extern cg_type cg_type_slot_wrapper;
/* super() bound to (type, obj) */
cg_value cg_super_new(cg_type *type, cg_value obj);
extern cg_type cg_type_super;

/* ---- modules (modules.c) ---------------------------------------------- */
const char *cg_module_name(cg_value module);
void cg_modules_shutdown(void);

/* ---- exceptions (exc.c) ----------------------------------------------- */
int cg_exc_types_init(void);
/* Sets exc.__context__ to the exception being handled, if any (eval.c). */
void cg_exc_set_context(cg_value exc);
/* An exception of type with args as its args tuple (BaseException's new). */
cg_value cg_exc_new_with_args(cg_type *type, const cg_args *args);
int cg_exc_group_types_init(void); /* exc_group.c, from cg_exc_types_init */
/* The Unicode*Error classes' new and str (exc_unicode.c). */
cg_value cg_unicode_error_new(cg_type *type, const cg_args *args);
cg_value cg_unicode_error_str(cg_value self);
/* Appends a traceback entry (file, line, its text, function, columns,
 * the frame's globals, qualified name and first line) to the pending
 * exception; the evaluator calls this as the exception leaves a frame
 * (traceback.c). */
struct cg_frame;
void cg_exc_add_traceback(const struct cg_frame *f, const cg_ast *node, int line);
/* tuple(x) for x a list or tuple */
cg_value cg_list_to_tuple(cg_value seq);

/* ---- what other files of the runtime provide to the evaluator ------- */
/* format(v, spec) (format.c); spec a str */
cg_value cg_format(cg_value v, cg_value spec);
/* Fills the builtins namespace (builtins.c). */
int cg_builtins_init(cg_dict *builtins);
int cg_list_extend(cg_value list, cg_value iterable);
cg_value cg_slice_new(cg_value start, cg_value stop, cg_value step);
int cg_object_type_init(void);
int cg_descriptor_types_init(void);
/* float.hex/fromhex/as_integer_ratio and the rounding methods of float and int (float_methods.c). */
int cg_float_methods_init(void);
/* An instance of property or of a subclass of it (descriptors.c). */
bool cg_is_property(cg_value v);
cg_value cg_sys_module_init(void);
/* The source text of each cell run so far, by its filename (interp.c). */
cg_dict *cg_cell_sources_borrowed(void);
cg_value cg_sys_stdout(void);
cg_value cg_sys_stderr(void);
cg_value cg_sys_current_stdout(void);

/* ---- recursion guard (call.c) ---------------------------------------- */
/* Calls fn(v) one level deeper; RecursionError past the limit, its
 * message ending in `where` (CG_IN_REPR, CG_IN_STR, CG_IN_CALL). */
cg_value cg_guard_recursion(cg_value (*fn)(cg_value), cg_value v, const char *where);
#define CG_IN_REPR " while getting the repr of an object"
#define CG_IN_STR " while getting the str of an object"
#define CG_IN_CALL " while calling a Python object"
#define CG_IN_COMPARISON " in comparison"
/* RecursionError if the C stack is used up: for recursions that CPython
 * leaves unguarded but bounded by the stack (hash of nested tuples). */
int cg_check_depth(void);
/* One level deeper for C code that recurses through the data (comparing,
 * printing nested containers); -1 with RecursionError whose message ends
 * in `where` (" in comparison"). Each success is paired with a leave. */
int cg_recursion_enter(const char *where);
void cg_recursion_leave(void);

#endif
