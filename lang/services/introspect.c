/* introspect.c: reading names and attributes without calling anything.
 *
 * Completion runs on every keystroke and must never change the session:
 * no property getter, no __getattr__, no __repr__ runs here. What can be
 * read is what sits in dicts (modules, instances, classes, nn.Module's
 * _parameters/_buffers/_modules) and what builtin types compute in C
 * (Tensor.shape). Not the completion or inspection logic itself. */
#include <stdlib.h>
#include <string.h>

#include "runtime/eval.h"
#include "runtime/lang_internal.h"
#include "services/introspect.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"

const char *const cg_keywords[] = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield",    NULL,
};

bool cg_is_keyword(const char *s, size_t len) {
    for (int i = 0; cg_keywords[i]; i++)
        if (strlen(cg_keywords[i]) == len && memcmp(cg_keywords[i], s, len) == 0)
            return true;
    return false;
}

size_t cg_utf8_offset(const char *s, size_t len, size_t cp) {
    size_t i = 0;
    for (size_t k = 0; k < cp && i < len; k++) {
        i++;
        while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
            i++;
    }
    return i;
}

size_t cg_utf8_count(const char *s, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            k++;
    return k;
}

/* ---- lists of names ------------------------------------------------------------------ */

void cg_names_add(cg_names *l, const char *name, size_t len, const char *kind) {
    if (l->failed)
        return;
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        cg_name_kind *grown = realloc(l->items, (size_t)cap * sizeof *grown);
        if (!grown) {
            l->failed = true;
            return;
        }
        l->items = grown;
        l->cap = cap;
    }
    char *copy = strndup(name, len);
    if (!copy) {
        l->failed = true;
        return;
    }
    l->items[l->n++] = (cg_name_kind){copy, kind};
}

void cg_names_free(cg_names *l) {
    for (int i = 0; i < l->n; i++)
        free(l->items[i].name);
    free(l->items);
    *l = (cg_names){0};
}

static bool is_type_value(cg_value v) { return cg_is_obj(v) && cg_isinstance(v, &cg_type_type); }

const char *cg_value_kind(cg_value v) {
    if (cg_is_type(v, &cg_type_module))
        return "module";
    if (is_type_value(v))
        return "class";
    if (cg_is_type(v, &cg_type_builtin) || cg_is_type(v, &cg_type_function) || cg_is_type(v, &cg_type_method)
        || cg_is_type(v, &cg_type_staticmethod) || cg_is_type(v, &cg_type_classmethod))
        return "function";
    if (cg_is_type(v, &cg_type_property))
        return "property";
    return "instance";
}

void cg_names_add_keys(cg_names *out, cg_dict *d) {
    if (!d)
        return;
    int64_t pos = 0;
    cg_value k, v;
    while (cg_dict_next(d, &pos, &k, &v))
        if (cg_is_str(k))
            cg_names_add(out, cg_str_cstr(k), (size_t)((cg_str *)k.u.o)->len, cg_value_kind(v));
}

/* nn.Module keeps parameters, buffers and submodules in three dicts that
 * its __getattr__ reads; dir() of a module lists their keys too. */
static const char *const MODULE_DICTS[] = {"_parameters", "_buffers", "_modules"};

static cg_dict *module_part(cg_dict *inst, int i) {
    /* an OrderedDict, as PyTorch's: a boxed dict (Note [Boxed builtin values]) */
    cg_value d = cg_unbox(cg_dict_get_str_borrowed(inst, cg_str_intern(MODULE_DICTS[i])));
    return d.tag == CG_V_OBJ && cg_is_type(d, &cg_type_dict) ? cg_as_dict(d) : NULL;
}

/* The first type in v's chain written in C: its slots run no user code. */
static cg_type *builtin_base(cg_type *t) {
    while (t && (t->flags & CG_TYPE_HEAP))
        t = t->base;
    return t;
}

static void add_submodules(cg_names *out, const char *mod) {
    size_t n = strlen(mod);
    for (int i = 0; cg_module_known(i); i++) {
        const char *name = cg_module_known(i);
        if (strncmp(name, mod, n) == 0 && name[n] == '.' && !strchr(name + n + 1, '.'))
            cg_names_add(out, name + n + 1, strlen(name + n + 1), "module");
    }
}

void cg_attr_names(cg_value v, cg_names *out) {
    if (cg_is_type(v, &cg_type_module)) {
        cg_names_add_keys(out, cg_module_dict_borrowed(v));
        add_submodules(out, cg_module_name(v));
        return;
    }
    cg_dict *inst = cg_instance_dict_borrowed(v);
    cg_names_add_keys(out, inst);
    for (int i = 0; inst && i < 3; i++)
        cg_names_add_keys(out, module_part(inst, i));
    cg_type *t = is_type_value(v) ? (cg_type *)v.u.o : cg_typeof(v);
    for (cg_type *c = t; c; c = c->base)
        cg_names_add_keys(out, c->dict);
    cg_names_add_keys(out, cg_type_object.dict);
    for (cg_type *c = t; c; c = c->base)
        if (c == &cg_type_tensor)
            for (int i = 0; cg_tensor_attr_name(i); i++)
                cg_names_add(out, cg_tensor_attr_name(i), strlen(cg_tensor_attr_name(i)), "property");
}

/* ---- following a dotted name -------------------------------------------------------- */

static cg_value found(cg_value r) {
    if (cg_is_err(r)) {
        cg_exc_clear();
        return CG_STOP;
    }
    return r;
}

cg_value cg_safe_attr(cg_value v, cg_str *name) {
    if (cg_is_type(v, &cg_type_module))
        return found(cg_getattr_opt(v, name));
    cg_dict *inst = cg_instance_dict_borrowed(v);
    if (inst) {
        cg_value r = cg_dict_get_str_borrowed(inst, name);
        for (int i = 0; r.tag == CG_V_STOP && i < 3; i++) {
            cg_dict *part = module_part(inst, i);
            if (part)
                r = cg_dict_get_str_borrowed(part, name);
        }
        if (r.tag != CG_V_STOP && !cg_is_err(r))
            return cg_incref(r);
        cg_exc_clear();
    }
    cg_type *t = is_type_value(v) ? (cg_type *)v.u.o : cg_typeof(v);
    cg_value r = cg_type_lookup_borrowed(t, name);
    if (r.tag != CG_V_STOP)
        return cg_is_type(r, &cg_type_property) ? CG_STOP : cg_incref(r);
    cg_type *base = builtin_base(cg_typeof(v));
    if (base && base->getattr)
        return found(base->getattr(v, name));
    return CG_STOP;
}

cg_value cg_safe_lookup(cg_dict *globals, const char *dotted, size_t len) {
    const char *end = dotted + len, *dot = memchr(dotted, '.', len);
    const char *stop = dot ? dot : end;
    if (stop == dotted)
        return CG_STOP;
    cg_str *first = cg_str_intern_n(dotted, (size_t)(stop - dotted));
    if (!first)
        return found(CG_ERR);
    cg_value v = cg_dict_get_str_borrowed(globals, first);
    if (v.tag == CG_V_STOP && cg_ev.builtins)
        v = cg_dict_get_str_borrowed(cg_ev.builtins, first);
    if (v.tag == CG_V_STOP || cg_is_err(v))
        return found(v);
    v = cg_incref(v);
    while (stop < end) {
        const char *p = stop + 1;
        stop = memchr(p, '.', (size_t)(end - p));
        if (!stop)
            stop = end;
        cg_str *name = stop > p ? cg_str_intern_n(p, (size_t)(stop - p)) : NULL;
        cg_value next = name ? cg_safe_attr(v, name) : CG_STOP;
        cg_decref(v);
        if (next.tag == CG_V_STOP)
            return found(CG_STOP);
        v = next;
    }
    return v;
}
