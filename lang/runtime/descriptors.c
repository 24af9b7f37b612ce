/* descriptors.c: staticmethod, classmethod and property.
 *
 * Their objects start as an instance (cg_instance), so that a class
 * statement can subclass them (`class cached(property)`) and its
 * instances get a __dict__. staticmethod and classmethod show the
 * attributes of the function they wrap (__name__, __doc__, ...), as
 * CPython 3.10+ does; a property learns its name from __set_name__ and
 * says it in its errors ("property 'x' of 'C' object has no setter"). */
#include <stdlib.h>
#include <string.h>

#include "runtime/exc.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"

typedef struct {
    cg_instance base;
    cg_value f, g, h; /* the function; for property: fget, fset, fdel */
    cg_value doc;     /* property's doc, None when none */
    cg_value name;    /* property's name from __set_name__, or None */
    bool doc_from_getter;
} cg_descr;

#define D(v) ((cg_descr *)(v).u.o)

static void descr_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_descr *w = (cg_descr *)o;
    cg_visit_value(w->f, visit, arg);
    cg_visit_value(w->g, visit, arg);
    cg_visit_value(w->h, visit, arg);
    cg_visit_value(w->doc, visit, arg);
    cg_visit_value(w->name, visit, arg);
    cg_instance_traverse(o, visit, arg);
}

static void descr_clear_fields(cg_descr *w) {
    cg_value f = w->f, g = w->g, h = w->h, doc = w->doc, name = w->name;
    w->f = w->g = w->h = w->doc = w->name = CG_NONE;
    cg_decref(f);
    cg_decref(g);
    cg_decref(h);
    cg_decref(doc);
    cg_decref(name);
}

static void descr_clear(cg_obj *o) {
    descr_clear_fields((cg_descr *)o);
    cg_instance_clear(o);
}

static void descr_dealloc(cg_obj *o) {
    descr_clear_fields((cg_descr *)o);
    cg_instance_dealloc(o);
}

static cg_value descr_alloc(cg_type *type) {
    cg_value v = cg_instance_alloc(type);
    if (cg_is_err(v))
        return v;
    cg_descr *w = D(v);
    w->f = w->g = w->h = w->doc = w->name = CG_NONE;
    return v;
}

/* ---- staticmethod and classmethod ------------------------------------------- */

static cg_value wrap_new(cg_type *type, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "%s() takes no keyword arguments", type->name);
    if (a->npos != 1)
        return cg_raise(&cg_exc_TypeError, "%s expected 1 argument, got %d", type->name, a->npos);
    cg_value v = descr_alloc(type);
    if (!cg_is_err(v))
        cg_value_set(&D(v)->f, cg_incref(a->pos[0]));
    return v;
}

static cg_value static_get(cg_value d, cg_value obj, cg_type *owner) {
    (void)obj;
    (void)owner;
    return cg_incref(D(d)->f);
}

static cg_value class_get(cg_value d, cg_value obj, cg_type *owner) {
    cg_value cls = owner ? cg_obj_value(owner) : cg_obj_value(cg_typeof(obj));
    return cg_method_new(D(d)->f, cls);
}

static cg_value static_call(cg_value self, const cg_args *a) { return cg_call(D(self)->f, a); }

/* __isabstractmethod__ of the wrapped function(s), for abc */
static cg_value is_abstract(cg_value f) {
    if (f.tag != CG_V_OBJ)
        return CG_FALSE;
    cg_value v = cg_getattr_opt(f, cg_str_intern("__isabstractmethod__"));
    if (cg_is_err(v) || v.tag == CG_V_STOP)
        return v.tag == CG_V_STOP ? CG_FALSE : v;
    int t = cg_truth(v);
    cg_decref(v);
    return t < 0 ? CG_ERR : cg_bool(t);
}

static cg_value wrap_getattr(cg_value self, cg_str *name) {
    cg_descr *w = D(self);
    const char *n = name->s;
    if (!strcmp(n, "__func__") || !strcmp(n, "__wrapped__"))
        return cg_incref(w->f);
    if (!strcmp(n, "__isabstractmethod__"))
        return is_abstract(w->f);
    cg_dict *d = w->base.dict;
    cg_value own = d ? cg_dict_get_str_borrowed(d, name) : CG_STOP;
    if (own.tag != CG_V_STOP)
        return cg_incref(own);
    /* the function's own attributes show through, as functools.wraps would copy them */
    static const char *const shown[] = {"__name__", "__qualname__", "__doc__", "__module__", "__annotations__"};
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
        if (!strcmp(n, shown[i]))
            return cg_getattr_opt(w->f, name);
    return CG_STOP;
}

static cg_value wrap_repr(cg_value self) {
    cg_strbuf b = {0};
    cg_strbuf_printf(&b, "<%s(", cg_type_name(self));
    if (cg_repr_into(&b, D(self)->f) < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    cg_strbuf_puts(&b, ")>");
    return cg_str_from_strbuf(&b);
}

/* ---- property ----------------------------------------------------------------------- */

enum { P_INIT, P_GETTER, P_SETTER, P_DELETER, P_SET_NAME, P_GET, P_SET, P_DELETE, P_COUNT };
static const cg_method_def property_methods[];

/* fget, fset, fdel, doc: the doc is fget's when none is given */
static int property_fill(cg_value self, const cg_value *arg) {
    cg_descr *w = D(self);
    cg_value_set(&w->f, cg_incref(arg[0]));
    cg_value_set(&w->g, cg_incref(arg[1]));
    cg_value_set(&w->h, cg_incref(arg[2]));
    w->doc_from_getter = false;
    cg_value doc = cg_incref(arg[3]);
    if (cg_is_none(doc) && !cg_is_none(arg[0])) {
        cg_decref(doc);
        doc = cg_getattr_opt(arg[0], cg_str_intern("__doc__"));
        if (cg_is_err(doc))
            return -1;
        if (doc.tag == CG_V_STOP)
            doc = CG_NONE;
        w->doc_from_getter = !cg_is_none(doc);
    }
    cg_value_set(&w->doc, doc);
    return 0;
}

static cg_value property_new(cg_type *type, const cg_args *a) {
    /* a subclass's __init__ may take other arguments (CPython's
     * property.__new__ takes any): __init__ fills it */
    if (type != &cg_type_property)
        return descr_alloc(type);
    if (a->npos > 4)
        return cg_raise(&cg_exc_TypeError, "property() takes at most 4 arguments (%d given)", a->npos);
    cg_value arg[4];
    if (cg_args_bind(&property_methods[P_INIT], a, arg, 4) < 0)
        return CG_ERR;
    cg_value v = descr_alloc(type);
    if (!cg_is_err(v) && property_fill(v, arg) < 0) {
        cg_decref(v);
        v = CG_ERR;
    }
    cg_args_release(&property_methods[P_INIT], arg, 4);
    return v;
}

static cg_value property_init(cg_value self, const cg_args *a) {
    cg_value arg[4];
    if (cg_args_bind(&property_methods[P_INIT], a, arg, 4) < 0)
        return CG_ERR;
    int rc = property_fill(self, arg);
    cg_args_release(&property_methods[P_INIT], arg, 4);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* "property 'x' of 'C' object has no setter" (the name once known) */
static cg_value no_accessor(cg_value prop, cg_value obj, const char *what) {
    cg_value name = D(prop)->name;
    if (cg_is_str(name))
        return cg_raise(&cg_exc_AttributeError, "property '%s' of '%s' object has no %s", cg_str_cstr(name),
                        cg_type_name(obj), what);
    return cg_raise(&cg_exc_AttributeError, "property of '%s' object has no %s", cg_type_name(obj), what);
}

static cg_value property_get(cg_value d, cg_value obj, cg_type *owner) {
    (void)owner;
    if (obj.tag == CG_V_NONE)
        return cg_incref(d);
    if (cg_is_none(D(d)->f))
        return no_accessor(d, obj, "getter");
    return cg_call1(D(d)->f, obj);
}

int cg_property_set(cg_value prop, cg_value obj, cg_value value) {
    bool del = value.tag == CG_V_ERR;
    cg_value fn = del ? D(prop)->h : D(prop)->g;
    if (cg_is_none(fn))
        return no_accessor(prop, obj, del ? "deleter" : "setter"), -1;
    cg_value r = del ? cg_call1(fn, obj) : cg_call2(fn, obj, value);
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

/* A copy with one accessor replaced, made by calling type(self) as
 * CPython does, so that a subclass's copies stay of the subclass. */
static cg_value property_copy(cg_value self, const cg_args *a, int which, const char *what) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "property.%s() takes exactly one argument (%d given)", what, a->npos);
    cg_descr *w = D(self);
    cg_value parts[4] = {w->f, w->g, w->h, w->doc};
    parts[which] = a->pos[0];
    if (w->doc_from_getter && which == 0)
        parts[3] = CG_NONE; /* the new getter's doc */
    cg_args b = {.pos = parts, .npos = 4};
    cg_value r = cg_call(cg_obj_value(cg_typeof(self)), &b);
    if (!cg_is_err(r) && cg_isinstance(r, &cg_type_property))
        cg_value_set(&D(r)->name, cg_incref(w->name));
    return r;
}

static cg_value property_getter(cg_value self, const cg_args *a) { return property_copy(self, a, 0, "getter"); }
static cg_value property_setter(cg_value self, const cg_args *a) { return property_copy(self, a, 1, "setter"); }
static cg_value property_deleter(cg_value self, const cg_args *a) { return property_copy(self, a, 2, "deleter"); }

static cg_value property_set_name(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&property_methods[P_SET_NAME], a, arg, 2) < 0)
        return CG_ERR;
    cg_value_set(&D(self)->name, cg_incref(arg[1]));
    cg_args_release(&property_methods[P_SET_NAME], arg, 2);
    return CG_NONE;
}

static cg_value property_dunder_get(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&property_methods[P_GET], a, arg, 2) < 0)
        return CG_ERR;
    cg_value r = property_get(self, arg[0], NULL);
    cg_args_release(&property_methods[P_GET], arg, 2);
    return r;
}

static cg_value property_dunder_set(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&property_methods[P_SET], a, arg, 2) < 0)
        return CG_ERR;
    int rc = cg_property_set(self, arg[0], arg[1]);
    cg_args_release(&property_methods[P_SET], arg, 2);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value property_dunder_delete(cg_value self, const cg_args *a) {
    cg_value obj;
    if (cg_args_bind(&property_methods[P_DELETE], a, &obj, 1) < 0)
        return CG_ERR;
    int rc = cg_property_set(self, obj, CG_ERR);
    cg_args_release(&property_methods[P_DELETE], &obj, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value property_getattr(cg_value self, cg_str *name) {
    cg_descr *w = D(self);
    const char *n = name->s;
    if (!strcmp(n, "fget"))
        return cg_incref(w->f);
    if (!strcmp(n, "fset"))
        return cg_incref(w->g);
    if (!strcmp(n, "fdel"))
        return cg_incref(w->h);
    if (!strcmp(n, "__doc__")) {
        cg_dict *d = w->base.dict; /* a subclass's instance may set its own */
        cg_value own = d ? cg_dict_get_str_borrowed(d, name) : CG_STOP;
        return cg_incref(own.tag != CG_V_STOP ? own : w->doc);
    }
    if (!strcmp(n, "__isabstractmethod__")) {
        cg_value parts[3] = {w->f, w->g, w->h};
        for (int i = 0; i < 3; i++) {
            cg_value t = is_abstract(parts[i]);
            if (cg_is_err(t) || t.u.i)
                return t;
        }
        return CG_FALSE;
    }
    return CG_STOP;
}

static const cg_method_def property_methods[] = {
    [P_INIT] = {"__init__", property_init, "__init__(fget=None, fset=None, fdel=None, doc=None)",
                "Initialize self."},
    [P_GETTER] = {"getter", property_getter, NULL, "Descriptor to obtain a copy of the property with a different getter."},
    [P_SETTER] = {"setter", property_setter, NULL, "Descriptor to obtain a copy of the property with a different setter."},
    [P_DELETER] = {"deleter", property_deleter, NULL,
                   "Descriptor to obtain a copy of the property with a different deleter."},
    [P_SET_NAME] = {"__set_name__", property_set_name, "__set_name__(owner, name, /)", "Method to set name of a property."},
    [P_GET] = {"__get__", property_dunder_get, "__get__(instance, owner=None, /)", "Return an attribute of instance."},
    [P_SET] = {"__set__", property_dunder_set, "__set__(instance, value, /)", "Set an attribute of instance to value."},
    [P_DELETE] = {"__delete__", property_dunder_delete, "__delete__(instance, /)", "Delete an attribute of instance."},
    [P_COUNT] = {NULL, NULL, NULL, NULL},
};

/* ---- the types ------------------------------------------------------------------------ */

#define DESCR_TYPE(VAR, NAME, GET, NEW, GETATTR, FLAGS, REPR, CALL) \
    cg_type VAR = {                                                 \
        .head = {CG_IMMORTAL, &cg_type_type},                       \
        .name = NAME,                                               \
        .module = "builtins",                                       \
        .basicsize = sizeof(cg_descr),                              \
        .flags = CG_TYPE_BASETYPE | (FLAGS),                        \
        .dealloc = descr_dealloc,                                   \
        .gc_offset = offsetof(cg_instance, gc),                     \
        .traverse = descr_traverse,                                 \
        .clear = descr_clear,                                       \
        .hash = cg_object_hash,                                     \
        .getattr = GETATTR,                                         \
        .descr_get = GET,                                           \
        .new_ = NEW,                                                \
        .repr = REPR,                                               \
        .call = CALL,                                               \
    }
DESCR_TYPE(cg_type_staticmethod, "staticmethod", static_get, wrap_new, wrap_getattr, CG_TYPE_HAS_DICT, wrap_repr,
           static_call);
DESCR_TYPE(cg_type_classmethod, "classmethod", class_get, wrap_new, wrap_getattr, CG_TYPE_HAS_DICT, wrap_repr, NULL);
DESCR_TYPE(cg_type_property, "property", property_get, property_new, property_getattr, CG_TYPE_DATA_DESCR, NULL,
           NULL);

int cg_descriptor_types_init(void) { return cg_type_add_methods(&cg_type_property, property_methods); }

bool cg_is_property(cg_value v) { return v.tag == CG_V_OBJ && cg_isinstance(v, &cg_type_property); }
