/* eval.c: evaluating expressions.
 *
 * One function per node kind, each returning a new reference or CG_ERR.
 * Numbers take a short path for the common int and float operations;
 * everything else goes through the protocols of abstract.c. Statements are
 * exec.c, calls and functions call.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/genobject.h"
#include "runtime/host.h"

_Thread_local cg_eval_state cg_ev = {.limit = 1000};

/* ---- names ------------------------------------------------------------------ */

static cg_value name_error(cg_str *name) { return cg_raise(&cg_exc_NameError, "name '%s' is not defined", name->s); }

/* Note [Global name caches]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A global or builtin name is looked up in the module's dict, then in the
 * builtins; in a loop that is most of the work. Each name node remembers
 * where it found its value last time: the entry number in the dict, valid
 * while that dict's set of keys is the one it saw (dict versions are unique
 * across dicts, dict.c), and for a builtin also the module dict's version,
 * which proves the name is still absent there. Values may change freely:
 * the cache points at the entry, not at the value. */
typedef struct {
    const cg_dict *globals;
    uint64_t globals_version;
    const cg_dict *found_in; /* globals or builtins */
    uint64_t found_version;
    int64_t ix;
} global_cache;

static global_cache *cache_of(cg_frame *f, const cg_ast_res *res) {
    if (!res->cache) {
        global_cache *c = cg_ast_arena_alloc(f->arena, sizeof(global_cache));
        if (c)
            memset(c, 0, sizeof *c);
        ((cg_ast_res *)res)->cache = c;
    }
    return res->cache;
}

/* The entry c says holds the name's value, while that still holds. */
static inline const cg_value *global_cache_hit(const cg_frame *f, const global_cache *c) {
    if (c && c->globals == f->globals && c->globals_version == f->globals->version
        && c->found_in->version == c->found_version)
        return &c->found_in->entries[c->ix].value;
    return NULL;
}

static cg_value load_global_cached(cg_frame *f, const cg_ast_res *res) {
    cg_str *name = res->name;
    global_cache *c = cache_of(f, res);
    const cg_value *hit = global_cache_hit(f, c);
    if (hit)
        return cg_incref(*hit);
    cg_dict *where = f->globals;
    int64_t ix = cg_dict_index_str(where, name);
    if (ix < 0) {
        where = cg_ev.builtins;
        ix = cg_dict_index_str(where, name);
    }
    if (ix < 0)
        return name_error(name);
    if (c)
        *c = (global_cache){f->globals, f->globals->version, where, where->version, ix};
    return cg_incref(where->entries[ix].value);
}

static cg_value load_global(cg_frame *f, cg_str *name) {
    cg_value v = cg_dict_get_str_borrowed(f->globals, name);
    if (v.tag != CG_V_STOP)
        return cg_incref(v);
    v = cg_dict_get_str_borrowed(cg_ev.builtins, name);
    if (v.tag != CG_V_STOP)
        return cg_incref(v);
    return name_error(name);
}

/* Stores into a global through the name's cache when it names an entry of
 * this module's dict; otherwise through the dict. */
static int store_global(cg_frame *f, const cg_ast_res *res, cg_value v) {
    global_cache *c = res->cache;
    if (c && c->found_in && c->found_in == f->globals && c->globals == f->globals
        && c->found_version == f->globals->version) {
        /* globals are a module's dict, tracked from the start (modules.c) */
        cg_value_set(&f->globals->entries[c->ix].value, cg_incref(v));
        return 0;
    }
    if (cg_dict_set(f->globals, cg_obj_value(res->name), v) < 0)
        return -1;
    c = cache_of(f, res);
    int64_t ix = cg_dict_index_str(f->globals, res->name);
    if (c && ix >= 0)
        *c = (global_cache){f->globals, f->globals->version, f->globals, f->globals->version, ix};
    return 0;
}

static cg_value load_name(cg_frame *f, const cg_ast *e) {
    const cg_ast_res *res = &e->u.name.res;
    cg_value v;
    switch (res->kind) {
    case RES_LOCAL:
        v = f->slots[res->slot];
        if (v.tag == CG_V_STOP)
            return cg_raise(&cg_exc_UnboundLocalError,
                            "cannot access local variable '%s' where it is not associated with a value", e->u.name.id);
        return cg_incref(v);
    case RES_CELL:
    case RES_FREE:
        v = ((cg_cell *)f->slots[res->slot].u.o)->v;
        if (v.tag != CG_V_STOP)
            return cg_incref(v);
        if (res->kind == RES_CELL)
            return cg_raise(&cg_exc_UnboundLocalError,
                            "cannot access local variable '%s' where it is not associated with a value", e->u.name.id);
        return cg_raise(&cg_exc_NameError,
                        "cannot access free variable '%s' where it is not associated with a value "
                        "in enclosing scope",
                        e->u.name.id);
    case RES_CLASS:
        if (f->locals_map) { /* its __getitem__ (or __missing__) may answer */
            v = cg_getitem(cg_obj_value(f->locals_map), cg_obj_value(res->name));
            if (!cg_is_err(v) || !cg_exc_matches(&cg_exc_KeyError))
                return v;
            cg_exc_clear();
            return load_global(f, res->name);
        }
        v = cg_dict_get_str_borrowed(f->locals, res->name);
        if (v.tag != CG_V_STOP)
            return cg_incref(v);
        return load_global(f, res->name);
    default: return load_global_cached(f, res);
    }
}

/* Stores v (borrowed) into a name. */
int cg_store_name(cg_frame *f, const cg_ast_res *res, cg_value v) {
    switch (res->kind) {
    case RES_LOCAL: cg_value_set(&f->slots[res->slot], cg_incref(v)); return 0;
    case RES_CELL:
    case RES_FREE: cg_value_set(&((cg_cell *)f->slots[res->slot].u.o)->v, cg_incref(v)); return 0;
    case RES_CLASS: /* a __prepare__'s dict subclass sees each store */
        if (f->locals_map)
            return cg_setitem(cg_obj_value(f->locals_map), cg_obj_value(res->name), v);
        return cg_dict_set(f->locals, cg_obj_value(res->name), v);
    default: return store_global(f, res, v);
    }
}

int cg_delete_name(cg_frame *f, const cg_ast_res *res) {
    cg_value *slot = NULL;
    switch (res->kind) {
    case RES_LOCAL: slot = &f->slots[res->slot]; break;
    case RES_CELL:
    case RES_FREE: slot = &((cg_cell *)f->slots[res->slot].u.o)->v; break;
    default: {
        if (res->kind == RES_CLASS && f->locals_map)
            return cg_delitem(cg_obj_value(f->locals_map), cg_obj_value(res->name));
        int r = cg_dict_del(res->kind == RES_CLASS ? f->locals : f->globals, cg_obj_value(res->name));
        if (r == 0)
            name_error(res->name);
        return r > 0 ? 0 : -1;
    }
    }
    if (slot->tag == CG_V_STOP)
        return cg_raise_int(&cg_exc_UnboundLocalError,
                            "cannot access local variable '%s' where it is not associated with a value",
                            ((cg_str *)res->name)->s);
    cg_value_set(slot, CG_STOP);
    return 0;
}

/* ---- numbers' short path -------------------------------------------------------- */

static cg_value eval_binop(cg_frame *f, const cg_ast *e) {
    cg_value a = cg_eval_expr(f, e->u.bin.left);
    if (cg_is_err(a))
        return a;
    cg_value b = cg_eval_expr(f, e->u.bin.right);
    if (cg_is_err(b)) {
        cg_decref(a);
        return b;
    }
    cg_value r = cg_fast_binary(a, b, e->u.bin.op);
    if (r.tag == CG_V_STOP)
        r = cg_binary(a, b, e->u.bin.op);
    cg_decref(a);
    cg_decref(b);
    return r;
}

static cg_value eval_unary(cg_frame *f, const cg_ast *e) {
    cg_value v = cg_eval_expr(f, e->u.unary.operand);
    if (cg_is_err(v))
        return v;
    cg_value r;
    if (e->u.unary.op == OP_USUB && v.tag == CG_V_FLOAT)
        r = cg_float(-v.u.f);
    else if (e->u.unary.op == OP_USUB && v.tag == CG_V_INT && v.u.i != INT64_MIN)
        r = cg_int(-v.u.i);
    else
        r = cg_unary(v, e->u.unary.op);
    cg_decref(v);
    return r;
}

static cg_value eval_boolop(cg_frame *f, const cg_ast *e) {
    cg_value v = CG_NONE;
    for (int i = 0; i < e->u.boolop.values.n; i++) {
        v = cg_eval_expr(f, e->u.boolop.values.items[i]);
        if (cg_is_err(v) || i == e->u.boolop.values.n - 1)
            return v;
        int t = cg_truth(v);
        if (t < 0) {
            cg_decref(v);
            return CG_ERR;
        }
        if (t == (e->u.boolop.op == OP_OR))
            return v;
        cg_decref(v);
    }
    return v;
}

static inline cg_value fast_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (a.tag == CG_V_INT && b.tag == CG_V_INT) {
        switch (op) {
        case OP_EQ: return cg_bool(a.u.i == b.u.i);
        case OP_NOT_EQ: return cg_bool(a.u.i != b.u.i);
        case OP_LT: return cg_bool(a.u.i < b.u.i);
        case OP_LT_E: return cg_bool(a.u.i <= b.u.i);
        case OP_GT: return cg_bool(a.u.i > b.u.i);
        case OP_GT_E: return cg_bool(a.u.i >= b.u.i);
        default: break;
        }
    }
    return cg_compare(a, b, op);
}

/* a < b < c: each operand once, stopping at the first false. */
static cg_value eval_compare(cg_frame *f, const cg_ast *e) {
    cg_value left = cg_eval_expr(f, e->u.compare.left);
    if (cg_is_err(left))
        return left;
    for (int i = 0; i < e->u.compare.n; i++) {
        cg_value right = cg_eval_expr(f, e->u.compare.comparators.items[i]);
        if (cg_is_err(right)) {
            cg_decref(left);
            return right;
        }
        cg_value r = fast_compare(left, right, e->u.compare.ops[i]);
        cg_decref(left);
        if (cg_is_err(r) || i == e->u.compare.n - 1) {
            cg_decref(right);
            return r;
        }
        int t = cg_truth(r);
        if (t <= 0) {
            cg_decref(right);
            if (t < 0) {
                cg_decref(r);
                return CG_ERR;
            }
            return r;
        }
        cg_decref(r);
        left = right;
    }
    return left;
}

/* ---- containers ------------------------------------------------------------------ */

/* Evaluates elements into a list, expanding *starred ones. */
static cg_value eval_elements(cg_frame *f, const cg_ast_list *elts) {
    cg_value list = cg_list_new(0);
    if (cg_is_err(list))
        return list;
    for (int i = 0; i < elts->n; i++) {
        const cg_ast *el = elts->items[i];
        bool star = el->kind == AST_STARRED;
        cg_value v = cg_eval_expr(f, star ? el->u.starred.value : el);
        if (cg_is_err(v))
            goto fail;
        int rc;
        if (star) {
            rc = cg_list_extend(list, v);
        } else {
            rc = cg_list_append(list, v);
        }
        cg_decref(v);
        if (rc < 0)
            goto fail;
    }
    return list;
fail:
    cg_decref(list);
    return CG_ERR;
}

static cg_value eval_dict(cg_frame *f, const cg_ast *e) {
    cg_value d = cg_dict_new();
    if (cg_is_err(d))
        return d;
    for (int i = 0; i < e->u.dict.values.n; i++) {
        const cg_ast *k = e->u.dict.keys.items[i];
        cg_value v = cg_eval_expr(f, e->u.dict.values.items[i]);
        if (cg_is_err(v))
            goto fail;
        int rc;
        if (!k) {
            rc = cg_dict_merge(cg_as_dict(d), v);
        } else {
            cg_value key = cg_eval_expr(f, k);
            if (cg_is_err(key)) {
                cg_decref(v);
                goto fail;
            }
            rc = cg_dict_set(cg_as_dict(d), key, v);
            cg_decref(key);
        }
        cg_decref(v);
        if (rc < 0)
            goto fail;
    }
    return d;
fail:
    cg_decref(d);
    return CG_ERR;
}

/* A literal as CPython's constant folding sees it: 1, -1.5, 'a', None, (1, 'b'). */
static bool is_folded_constant(const cg_ast *e) {
    if (e->kind == AST_CONSTANT)
        return true;
    if (e->kind == AST_UNARY_OP && e->u.unary.op != OP_NOT)
        return e->u.unary.operand->kind == AST_CONSTANT;
    if (e->kind != AST_TUPLE)
        return false;
    for (int i = 0; i < e->u.seq.elts.n; i++)
        if (!is_folded_constant(e->u.seq.elts.items[i]))
            return false;
    return true;
}

/* {a, b, c}: built as CPython builds it, so that it prints in the same
 * order (see Note [Set displays] in set.c). */
static cg_value eval_set(cg_frame *f, const cg_ast *e) {
    cg_value items = eval_elements(f, &e->u.seq.elts);
    if (cg_is_err(items))
        return items;
    bool constant = true;
    for (int i = 0; i < e->u.seq.elts.n && constant; i++)
        constant = is_folded_constant(e->u.seq.elts.items[i]);
    cg_list *l = (cg_list *)items.u.o;
    cg_value s = cg_set_display(l->items, l->len, constant);
    cg_decref(items);
    return s;
}

static cg_value eval_slice(cg_frame *f, const cg_ast *e) {
    cg_value parts[3] = {CG_NONE, CG_NONE, CG_NONE};
    const cg_ast *nodes[3] = {e->u.slice.lower, e->u.slice.upper, e->u.slice.step};
    for (int i = 0; i < 3; i++) {
        if (!nodes[i])
            continue;
        parts[i] = cg_eval_expr(f, nodes[i]);
        if (cg_is_err(parts[i])) {
            for (int j = 0; j < i; j++)
                cg_decref(parts[j]);
            return CG_ERR;
        }
    }
    cg_value s = cg_slice_new(parts[0], parts[1], parts[2]);
    for (int i = 0; i < 3; i++)
        cg_decref(parts[i]);
    return s;
}

static cg_value eval_subscript(cg_frame *f, const cg_ast *e) {
    cg_value obj = cg_eval_expr(f, e->u.sub.value);
    if (cg_is_err(obj))
        return obj;
    cg_value key = cg_eval_expr(f, e->u.sub.slice);
    if (cg_is_err(key)) {
        cg_decref(obj);
        return key;
    }
    cg_value r;
    if (obj.tag == CG_V_OBJ && obj.u.o->type == &cg_type_list && key.tag == CG_V_INT) {
        cg_list *l = (cg_list *)obj.u.o;
        int64_t i = key.u.i < 0 ? key.u.i + l->len : key.u.i;
        r = (i >= 0 && i < l->len) ? cg_incref(l->items[i]) : cg_getitem(obj, key);
    } else {
        r = cg_getitem(obj, key);
    }
    cg_decref(obj);
    cg_decref(key);
    return r;
}

static cg_value eval_attribute(cg_frame *f, const cg_ast *e) {
    cg_value obj = cg_eval_expr(f, e->u.attr.value);
    if (cg_is_err(obj))
        return obj;
    cg_value r = cg_getattr(obj, (cg_str *)e->u.attr.name);
    cg_decref(obj);
    return r;
}

static cg_value eval_ifexp(cg_frame *f, const cg_ast *e) {
    cg_value t = cg_eval_expr(f, e->u.ifexp.test);
    if (cg_is_err(t))
        return t;
    int b = cg_truth(t);
    cg_decref(t);
    if (b < 0)
        return CG_ERR;
    return cg_eval_expr(f, b ? e->u.ifexp.body : e->u.ifexp.orelse);
}

/* ---- f-strings -------------------------------------------------------------------- */

static cg_value eval_formatted(cg_frame *f, const cg_ast *e) {
    cg_value v = cg_eval_expr(f, e->u.fmt.value);
    if (cg_is_err(v))
        return v;
    int conv = e->u.fmt.conversion;
    if (conv == 'r' || conv == 'a' || conv == 's') {
        cg_value c = conv == 's' ? cg_to_str(v) : cg_repr(v);
        cg_decref(v);
        if (cg_is_err(c))
            return c;
        v = c;
    }
    cg_value spec = CG_STOP;
    if (e->u.fmt.format_spec) {
        spec = cg_eval_expr(f, e->u.fmt.format_spec);
        if (cg_is_err(spec)) {
            cg_decref(v);
            return spec;
        }
    } else {
        spec = cg_str_from_c("");
    }
    cg_value r = cg_format(v, spec);
    cg_decref(v);
    cg_decref(spec);
    return r;
}

static cg_value eval_joined(cg_frame *f, const cg_ast *e) {
    cg_strbuf b = {0};
    for (int i = 0; i < e->u.joined.values.n; i++) {
        cg_value part = cg_eval_expr(f, e->u.joined.values.items[i]);
        if (cg_is_err(part)) {
            cg_strbuf_free(&b);
            return part;
        }
        cg_strbuf_append(&b, cg_str_cstr(part), (size_t)((cg_str *)part.u.o)->len);
        cg_decref(part);
    }
    return cg_str_from_strbuf(&b);
}

/* ---- comprehensions ---------------------------------------------------------------- */

typedef struct {
    const cg_ast *node;
    cg_value acc; /* list, set or dict being built */
} comp_state;

static int comp_emit(cg_frame *f, comp_state *st) {
    const cg_ast *e = st->node;
    if (e->kind == AST_DICT_COMP) {
        cg_value k = cg_eval_expr(f, e->u.comp.key);
        if (cg_is_err(k))
            return -1;
        cg_value v = cg_eval_expr(f, e->u.comp.value);
        if (cg_is_err(v)) {
            cg_decref(k);
            return -1;
        }
        int rc = cg_dict_set(cg_as_dict(st->acc), k, v);
        cg_decref(k);
        cg_decref(v);
        return rc;
    }
    cg_value v = cg_eval_expr(f, e->u.comp.elt);
    if (cg_is_err(v))
        return -1;
    if (e->kind == AST_GENERATOR_EXP) {
        cg_value sent = cg_gen_yield(f, v);
        if (cg_is_err(sent))
            return -1;
        cg_decref(sent);
        return 0;
    }
    int rc = e->kind == AST_SET_COMP ? cg_set_add(st->acc, v) : cg_list_append(st->acc, v);
    cg_decref(v);
    return rc;
}

/* The generators from index g on; `first` is the already-evaluated
 * iterable of generator 0. */
static int comp_loop(cg_frame *f, comp_state *st, int g, cg_value first) {
    const cg_ast_list *gens = &st->node->u.comp.generators;
    if (g == gens->n)
        return comp_emit(f, st);
    const cg_ast *gen = gens->items[g];
    cg_value iterable = g == 0 ? cg_incref(first) : cg_eval_expr(f, gen->u.gen.iter);
    if (cg_is_err(iterable))
        return -1;
    bool is_async = gen->u.gen.is_async;
    cg_value it = !is_async ? cg_iter(iterable) : g == 0 ? cg_incref(iterable) : cg_async_iter(iterable);
    cg_decref(iterable);
    if (cg_is_err(it))
        return -1;
    int rc = 0;
    for (;;) {
        if (cg_eval_poll() < 0) {
            rc = -1;
            break;
        }
        cg_value x = is_async ? cg_async_next(f, it) : cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        if (cg_is_err(x)) {
            rc = -1;
            break;
        }
        rc = cg_assign(f, gen->u.gen.target, x);
        cg_decref(x);
        if (rc < 0)
            break;
        bool keep = true;
        for (int i = 0; i < gen->u.gen.ifs.n && keep; i++) {
            cg_value c = cg_eval_expr(f, gen->u.gen.ifs.items[i]);
            if (cg_is_err(c)) {
                rc = -1;
                break;
            }
            int t = cg_truth(c);
            cg_decref(c);
            if (t < 0) {
                rc = -1;
                break;
            }
            keep = t;
        }
        if (rc < 0)
            break;
        if (keep && (rc = comp_loop(f, st, g + 1, first)) < 0)
            break;
    }
    cg_decref(it);
    return rc;
}

int cg_genexpr_run(cg_frame *f, const cg_ast *e, cg_value first) {
    comp_state st = {.node = e, .acc = CG_NONE};
    return comp_loop(f, &st, 0, first);
}

/* A comprehension runs in its own frame (as in Python 3.11, which shows
 * it in tracebacks as <listcomp>); a generator expression's frame goes to
 * its generator, which runs the same loops on demand. */
static cg_value eval_comprehension(cg_frame *f, const cg_ast *e) {
    cg_scope *sc = cg_scope_of(e);
    const cg_ast *gen0 = e->u.comp.generators.items[0];
    cg_value first = cg_eval_expr(f, gen0->u.gen.iter);
    if (cg_is_err(first))
        return first;
    /* Python checks this up front */
    cg_value it = gen0->u.gen.is_async ? cg_async_iter(first) : cg_iter(first);
    cg_decref(first);
    if (cg_is_err(it))
        return it;
    first = it;
    bool lazy = e->kind == AST_GENERATOR_EXP;
    cg_value small[16];
    cg_value *slots = sc->nslots <= 16 && !lazy ? small : malloc(sizeof *slots * (size_t)(sc->nslots + 1));
    if (!slots) {
        cg_decref(first);
        return cg_raise_nomemory();
    }
    for (int i = 0; i < sc->nslots; i++)
        slots[i] = CG_STOP;
    for (int i = 0; i < sc->ncells; i++)
        slots[sc->cell_slots[i]] = cg_cell_new(CG_STOP);
    for (int i = 0; i < sc->nfree; i++)
        slots[sc->free_slots[i]] = cg_incref(f->slots[sc->free_from[i]]);
    if (lazy)
        return cg_gen_new_genexpr(f, e, slots, first);
    cg_frame cf = {.back = f,
                   .scope = sc,
                   .slots = slots,
                   .globals = f->globals,
                   .arena = f->arena,
                   .name = sc->name,
                   .line = e->line,
                   .gen = f->gen}; /* an await in it suspends the coroutine it runs in */
    comp_state st = {.node = e};
    st.acc = e->kind == AST_DICT_COMP ? cg_dict_new() : e->kind == AST_SET_COMP ? cg_set_new() : cg_list_new(0);
    cg_value result = st.acc;
    if (!cg_is_err(st.acc)) {
        cg_ev.frame = &cf;
        if (comp_loop(&cf, &st, 0, first) < 0) {
            cg_frame_add_traceback(&cf);
            cg_decref(st.acc);
            result = CG_ERR;
        }
        cg_ev.frame = f;
    }
    for (int i = 0; i < sc->nslots; i++)
        cg_decref(slots[i]);
    if (slots != small)
        free(slots);
    cg_decref(first);
    return result;
}

static cg_value eval_lambda(cg_frame *f, const cg_ast *e) {
    cg_ast *args = e->u.func.args;
    int nd = args ? args->u.arguments.defaults.n : 0;
    int nk = args ? args->u.arguments.kwonlyargs.n : 0;
    cg_value defaults[256], kwdefaults[256];
    int made = 0, madek = 0;
    cg_value fn = CG_ERR;
    for (; made < nd; made++) {
        defaults[made] = cg_eval_expr(f, args->u.arguments.defaults.items[made]);
        if (cg_is_err(defaults[made]))
            goto done;
    }
    for (; madek < nk; madek++) { /* `lambda *, y=1: y` has keyword-only defaults too */
        const cg_ast *d = args->u.arguments.kw_defaults.items[madek];
        kwdefaults[madek] = d ? cg_eval_expr(f, d) : CG_STOP;
        if (cg_is_err(kwdefaults[madek]))
            goto done;
    }
    fn = cg_function_new(f, e, defaults, nd, kwdefaults);
done:
    for (int i = 0; i < made; i++)
        cg_decref(defaults[i]);
    for (int i = 0; i < madek && i < nk; i++)
        cg_decref(kwdefaults[i]);
    return fn;
}

static cg_value eval_named(cg_frame *f, const cg_ast *e) {
    cg_value v = cg_eval_expr(f, e->u.named.value);
    if (cg_is_err(v))
        return v;
    if (cg_assign(f, e->u.named.target, v) < 0) {
        cg_decref(v);
        return CG_ERR;
    }
    return v;
}

/* ---- dispatch ---------------------------------------------------------------------- */

/* Out of line (Note [The evaluator's fast paths]). */
__attribute__((noinline)) static cg_value eval_node(cg_frame *f, const cg_ast *e) {
    switch (e->kind) {
    case AST_NAME: return load_name(f, e);
    case AST_CONSTANT: return cg_incref(*(cg_value *)e->u.constant.value);
    case AST_BIN_OP: return eval_binop(f, e);
    case AST_CALL: return cg_eval_call(f, e);
    case AST_ATTRIBUTE: return eval_attribute(f, e);
    case AST_SUBSCRIPT: return eval_subscript(f, e);
    case AST_COMPARE: return eval_compare(f, e);
    case AST_UNARY_OP: return eval_unary(f, e);
    case AST_BOOL_OP: return eval_boolop(f, e);
    case AST_IF_EXP: return eval_ifexp(f, e);
    case AST_LIST: return eval_elements(f, &e->u.seq.elts);
    case AST_TUPLE: {
        cg_value l = eval_elements(f, &e->u.seq.elts);
        if (cg_is_err(l))
            return l;
        cg_value t = cg_list_to_tuple(l);
        cg_decref(l);
        return t;
    }
    case AST_SET: return eval_set(f, e);
    case AST_DICT: return eval_dict(f, e);
    case AST_SLICE: return eval_slice(f, e);
    case AST_JOINED_STR: return eval_joined(f, e);
    case AST_FORMATTED_VALUE: return eval_formatted(f, e);
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_DICT_COMP:
    case AST_GENERATOR_EXP: return eval_comprehension(f, e);
    case AST_LAMBDA: return eval_lambda(f, e);
    case AST_NAMED_EXPR: return eval_named(f, e);
    case AST_YIELD: return cg_eval_yield(f, e);
    case AST_YIELD_FROM: return cg_eval_yield_from(f, e);
    case AST_AWAIT: return cg_eval_await(f, e);
    case AST_STARRED: return cg_raise(&cg_exc_SyntaxError, "can't use starred expression here");
    default: return cg_raise(&cg_exc_SyntaxError, "unsupported expression");
    }
}

/* Note [The evaluator's fast paths]
 * Constants, bound locals and globals found where their cache says (Note
 * [Global name caches]) are most of the expressions evaluated: they are
 * answered here, before the stack check and the call to eval_node, whose
 * big switch costs a long prologue to enter. */
cg_value cg_eval_expr(cg_frame *f, const cg_ast *e) {
    if (e->kind == AST_CONSTANT)
        return cg_incref(*(cg_value *)e->u.constant.value);
    if (e->kind == AST_NAME) {
        const cg_ast_res *res = &e->u.name.res;
        if (res->kind == RES_LOCAL) {
            cg_value v = f->slots[res->slot];
            if (v.tag != CG_V_STOP)
                return cg_incref(v);
        } else if (res->kind == RES_GLOBAL) {
            const cg_value *hit = global_cache_hit(f, res->cache);
            if (hit)
                return cg_incref(*hit);
        }
    }
    if (cg_eval_check_depth() < 0)
        return CG_ERR;
    cg_value r = eval_node(f, e);
    if (r.tag == CG_V_ERR && !f->errnode)
        f->errnode = e;
    return r;
}
