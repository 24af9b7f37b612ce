/* exec.c: running statements.
 *
 * Each statement reports how control leaves it (cg_exec_status): on to
 * the next, by an exception, or by return/break/continue, which the
 * enclosing loop or function takes. The interrupt flag is checked before
 * every statement, so any loop can be stopped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/eval.h"
#include "runtime/genobject.h"
#include "runtime/gc.h"
#include "runtime/gil.h"
#include "runtime/host.h"

/* Ctrl-C is the first thread's, as CPython's: a thread started by _thread
 * leaves the flag for it. Out of line, so that cg_check_interrupt (inlined
 * at every statement) stays one test. */
__attribute__((noinline)) static int raise_interrupt(void) {
    if (cg_thread_spawned)
        return 0;
    cg_interrupt_requested = 0;
    cg_value e = cg_call0(cg_obj_value(&cg_exc_KeyboardInterrupt));
    if (cg_is_err(e))
        return -1;
    cg_exc_restore(e);
    return -1;
}

int cg_check_interrupt(void) {
    if (!cg_interrupt_requested)
        return 0;
    return raise_interrupt();
}

/* ---- assignment targets ------------------------------------------------------- */

static int unpack(cg_frame *f, const cg_ast_list *elts, cg_value v) {
    int star = -1;
    for (int i = 0; i < elts->n; i++)
        if (elts->items[i]->kind == AST_STARRED)
            star = i;
    cg_value list = cg_list_from_iterable(v);
    if (cg_is_err(list)) {
        if (cg_exc_matches(&cg_exc_TypeError) && !cg_typeof(v)->iter) {
            cg_exc_clear();
            return cg_raise_int(&cg_exc_TypeError, "cannot unpack non-iterable %s object", cg_type_name(v));
        }
        return -1;
    }
    cg_list *l = (cg_list *)list.u.o;
    int n = elts->n;
    int rc = 0;
    if (star < 0 && l->len != n) {
        if (l->len > n)
            rc = cg_raise_int(&cg_exc_ValueError, "too many values to unpack (expected %d)", n);
        else
            rc = cg_raise_int(&cg_exc_ValueError, "not enough values to unpack (expected %d, got %lld)", n,
                              (long long)l->len);
    } else if (star >= 0 && l->len < n - 1) {
        rc = cg_raise_int(&cg_exc_ValueError, "not enough values to unpack (expected at least %d, got %lld)", n - 1,
                          (long long)l->len);
    }
    for (int i = 0, j = 0; rc == 0 && i < n; i++) {
        const cg_ast *t = elts->items[i];
        if (i == star) {
            int64_t take = l->len - (n - 1);
            cg_value rest = cg_list_new(0);
            if (cg_is_err(rest)) {
                rc = -1;
                break;
            }
            for (int64_t k = 0; k < take && rc == 0; k++)
                rc = cg_list_append(rest, l->items[j + k]);
            if (rc == 0)
                rc = cg_assign(f, t->u.starred.value, rest);
            cg_decref(rest);
            j += (int)take;
        } else {
            rc = cg_assign(f, t, l->items[j++]);
        }
    }
    cg_decref(list);
    return rc;
}

int cg_assign(cg_frame *f, const cg_ast *t, cg_value v) {
    switch (t->kind) {
    case AST_NAME: return cg_store_name(f, &t->u.name.res, v);
    case AST_ATTRIBUTE: {
        cg_value obj = cg_eval_expr(f, t->u.attr.value);
        if (cg_is_err(obj))
            return -1;
        int rc = cg_setattr(obj, (cg_str *)t->u.attr.name, v);
        cg_decref(obj);
        return rc;
    }
    case AST_SUBSCRIPT: {
        cg_value obj = cg_eval_expr(f, t->u.sub.value);
        if (cg_is_err(obj))
            return -1;
        cg_value key = cg_eval_expr(f, t->u.sub.slice);
        if (cg_is_err(key)) {
            cg_decref(obj);
            return -1;
        }
        int rc = cg_setitem(obj, key, v);
        cg_decref(obj);
        cg_decref(key);
        return rc;
    }
    case AST_TUPLE:
    case AST_LIST: return unpack(f, &t->u.seq.elts, v);
    case AST_STARRED: return cg_raise_int(&cg_exc_SyntaxError, "starred assignment target must be in a list or tuple");
    default: return cg_raise_int(&cg_exc_SyntaxError, "cannot assign to expression");
    }
}

static int delete_target(cg_frame *f, const cg_ast *t) {
    switch (t->kind) {
    case AST_NAME: return cg_delete_name(f, &t->u.name.res);
    case AST_ATTRIBUTE: {
        cg_value obj = cg_eval_expr(f, t->u.attr.value);
        if (cg_is_err(obj))
            return -1;
        int rc = cg_delattr(obj, (cg_str *)t->u.attr.name);
        cg_decref(obj);
        return rc;
    }
    case AST_SUBSCRIPT: {
        cg_value obj = cg_eval_expr(f, t->u.sub.value);
        if (cg_is_err(obj))
            return -1;
        cg_value key = cg_eval_expr(f, t->u.sub.slice);
        if (cg_is_err(key)) {
            cg_decref(obj);
            return -1;
        }
        int rc = cg_delitem(obj, key);
        cg_decref(obj);
        cg_decref(key);
        return rc;
    }
    case AST_TUPLE:
    case AST_LIST:
        for (int i = 0; i < t->u.seq.elts.n; i++)
            if (delete_target(f, t->u.seq.elts.items[i]) < 0)
                return -1;
        return 0;
    default: return cg_raise_int(&cg_exc_SyntaxError, "cannot delete expression");
    }
}

/* x op= v: the target's parts are evaluated once. */
static int aug_assign(cg_frame *f, const cg_ast *s) {
    const cg_ast *t = s->u.aug.target;
    cg_value obj = CG_NONE, key = CG_NONE, old;
    if (t->kind == AST_NAME) {
        old = cg_eval_expr(f, t);
    } else if (t->kind == AST_ATTRIBUTE) {
        obj = cg_eval_expr(f, t->u.attr.value);
        if (cg_is_err(obj))
            return -1;
        old = cg_getattr(obj, (cg_str *)t->u.attr.name);
    } else {
        obj = cg_eval_expr(f, t->u.sub.value);
        if (cg_is_err(obj))
            return -1;
        key = cg_eval_expr(f, t->u.sub.slice);
        old = cg_is_err(key) ? CG_ERR : cg_getitem(obj, key);
    }
    int rc = -1;
    if (!cg_is_err(old)) {
        cg_value v = cg_eval_expr(f, s->u.aug.value);
        if (!cg_is_err(v)) {
            cg_value r = cg_fast_binary(old, v, s->u.aug.op);
            if (r.tag == CG_V_STOP)
                r = cg_inplace(old, v, s->u.aug.op);
            cg_decref(v);
            if (!cg_is_err(r)) {
                if (t->kind == AST_NAME)
                    rc = cg_store_name(f, &t->u.name.res, r);
                else if (t->kind == AST_ATTRIBUTE)
                    rc = cg_setattr(obj, (cg_str *)t->u.attr.name, r);
                else
                    rc = cg_setitem(obj, key, r);
                cg_decref(r);
            }
        }
        cg_decref(old);
    }
    cg_decref(obj);
    cg_decref(key);
    return rc;
}

/* ---- compound statements -------------------------------------------------------------- */

static cg_exec_status exec_if(cg_frame *f, const cg_ast *s) {
    cg_value t = cg_eval_expr(f, s->u.cond.test);
    if (cg_is_err(t))
        return EXEC_ERR;
    int b = cg_truth(t);
    cg_decref(t);
    if (b < 0)
        return EXEC_ERR;
    return cg_exec_block(f, b ? &s->u.cond.body : &s->u.cond.orelse);
}

static cg_exec_status exec_while(cg_frame *f, const cg_ast *s) {
    for (;;) {
        if (cg_eval_poll() < 0)
            return EXEC_ERR;
        cg_value t = cg_eval_expr(f, s->u.cond.test);
        if (cg_is_err(t))
            return EXEC_ERR;
        int b = cg_truth(t);
        cg_decref(t);
        if (b < 0)
            return EXEC_ERR;
        if (!b)
            return cg_exec_block(f, &s->u.cond.orelse);
        cg_exec_status r = cg_exec_block(f, &s->u.cond.body);
        if (r == EXEC_BREAK)
            return EXEC_OK;
        if (r == EXEC_ERR || r == EXEC_RETURN)
            return r;
        f->line = s->line;
        f->stmt = s;
        f->errnode = NULL;
    }
}

static cg_exec_status exec_for(cg_frame *f, const cg_ast *s) {
    cg_value iterable = cg_eval_expr(f, s->u.for_.iter);
    if (cg_is_err(iterable))
        return EXEC_ERR;
    bool is_async = s->u.for_.is_async;
    cg_value it = is_async ? cg_async_iter(iterable) : cg_iter(iterable);
    cg_decref(iterable);
    if (cg_is_err(it)) {
        f->errnode = s->u.for_.iter;
        return EXEC_ERR;
    }
    cg_exec_status r = EXEC_OK;
    cg_type *t = cg_typeof(it);
    for (;;) {
        if (cg_eval_poll() < 0) {
            r = EXEC_ERR;
            break;
        }
        cg_value x = is_async ? cg_async_next(f, it) : t->next(it);
        if (x.tag == CG_V_STOP) {
            r = cg_exec_block(f, &s->u.for_.orelse);
            break;
        }
        if (cg_is_err(x)) {
            r = EXEC_ERR;
            break;
        }
        int rc = s->u.for_.target->kind == AST_NAME ? cg_store_name(f, &s->u.for_.target->u.name.res, x)
                                                    : cg_assign(f, s->u.for_.target, x);
        cg_decref(x);
        if (rc < 0) {
            r = EXEC_ERR;
            break;
        }
        r = cg_exec_block(f, &s->u.for_.body);
        if (r == EXEC_BREAK) {
            r = EXEC_OK;
            break;
        }
        if (r == EXEC_ERR || r == EXEC_RETURN)
            break;
        r = EXEC_OK;
        f->line = s->line;
        f->stmt = s;
        f->errnode = NULL;
    }
    cg_decref(it);
    return r;
}

/* Does the pending exception match an except clause's type (a class or a
 * tuple of classes)? */
static int handler_matches(cg_value type) {
    if (cg_is_type(type, &cg_type_tuple)) {
        cg_tuple *t = (cg_tuple *)type.u.o;
        for (int64_t i = 0; i < t->len; i++) {
            int m = handler_matches(t->items[i]);
            if (m)
                return m;
        }
        return 0;
    }
    if (!cg_isinstance(type, &cg_type_type) || !cg_type_is_subtype((cg_type *)type.u.o, &cg_exc_BaseException))
        return cg_raise_int(&cg_exc_TypeError,
                            "catching classes that do not inherit from BaseException is not allowed");
    return cg_exc_matches((cg_type *)type.u.o);
}

void cg_push_handled(cg_value exc) {
    if (cg_ev.nhandled < 64)
        cg_ev.handled[cg_ev.nhandled] = cg_incref(exc);
    cg_ev.nhandled++;
}

void cg_pop_handled(void) {
    if (--cg_ev.nhandled < 64)
        cg_decref(cg_ev.handled[cg_ev.nhandled]);
}

void cg_exc_set_context(cg_value exc) {
    if (cg_ev.nhandled == 0 || cg_ev.nhandled > 64)
        return;
    cg_value ctx = cg_ev.handled[cg_ev.nhandled - 1];
    if (!cg_isinstance(exc, &cg_exc_BaseException) || cg_same(ctx, exc))
        return;
    cg_exc *e = (cg_exc *)exc.u.o;
    if (e->context.tag == CG_V_NONE)
        e->context = cg_incref(ctx);
}

void cg_unbind_handler_name(cg_frame *f, const cg_ast *h) {
    if (!h->u.handler.name)
        return;
    cg_value pending = cg_exc_fetch(); /* what the clause raised goes on */
    if (cg_delete_name(f, &h->u.handler.res) < 0)
        cg_exc_clear();
    if (pending.tag == CG_V_OBJ)
        cg_exc_restore(pending);
}

/* Runs the first except clause that matches the pending exception. */
static cg_exec_status run_handlers(cg_frame *f, const cg_ast *s, bool *handled) {
    *handled = false;
    for (int i = 0; i < s->u.try_.handlers.n; i++) {
        const cg_ast *h = s->u.try_.handlers.items[i];
        int m = 1;
        if (h->u.handler.type) {
            cg_value exc = cg_exc_fetch();
            cg_value type = cg_eval_expr(f, h->u.handler.type);
            if (cg_is_err(type)) {
                cg_decref(exc);
                return EXEC_ERR;
            }
            cg_exc_restore(exc);
            m = handler_matches(type);
            cg_decref(type);
            if (m < 0)
                return EXEC_ERR;
        }
        if (!m)
            continue;
        *handled = true;
        cg_value exc = cg_exc_fetch();
        f->errnode = NULL;
        if (h->u.handler.name && cg_store_name(f, &h->u.handler.res, exc) < 0) {
            cg_decref(exc);
            return EXEC_ERR;
        }
        cg_push_handled(exc);
        cg_exec_status r = cg_exec_block(f, &h->u.handler.body);
        cg_pop_handled();
        cg_decref(exc);
        cg_unbind_handler_name(f, h);
        return r;
    }
    return EXEC_ERR;
}

static cg_exec_status exec_try(cg_frame *f, const cg_ast *s) {
    cg_exec_status r = cg_exec_block(f, &s->u.try_.body);
    if (r == EXEC_ERR)
        cg_frame_add_traceback(f);
    if (r == EXEC_ERR && s->u.try_.star) {
        r = cg_exec_except_star(f, s);
    } else if (r == EXEC_ERR && s->u.try_.handlers.n > 0) {
        if (cg_exc_matches(&cg_exc_BaseException)) {
            bool handled;
            r = run_handlers(f, s, &handled);
        }
    } else if (r == EXEC_OK) {
        r = cg_exec_block(f, &s->u.try_.orelse);
    }
    if (s->u.try_.finalbody.n == 0)
        return r;
    /* finally: runs whatever happened; its own exit, if abnormal, wins */
    cg_value exc = r == EXEC_ERR ? cg_exc_fetch() : CG_NONE;
    cg_value ret = f->retval;
    f->retval = CG_NONE;
    const cg_ast *errnode = f->errnode;
    if (exc.tag == CG_V_OBJ)
        cg_push_handled(exc);
    cg_exec_status fr = cg_exec_block(f, &s->u.try_.finalbody);
    if (exc.tag == CG_V_OBJ)
        cg_pop_handled();
    if (fr != EXEC_OK) {
        cg_decref(exc);
        cg_decref(ret);
        return fr;
    }
    cg_value_set(&f->retval, ret);
    f->errnode = errnode;
    if (exc.tag == CG_V_OBJ)
        cg_exc_restore(exc);
    return r;
}

static cg_exec_status exec_raise(cg_frame *f, const cg_ast *s) {
    if (!s->u.raise.exc) {
        if (cg_ev.nhandled == 0 || cg_ev.nhandled > 64) {
            cg_raise(&cg_exc_RuntimeError, "No active exception to reraise");
            return EXEC_ERR;
        }
        cg_exc_restore(cg_incref(cg_ev.handled[cg_ev.nhandled - 1]));
        return EXEC_ERR;
    }
    cg_value exc = cg_eval_expr(f, s->u.raise.exc);
    if (cg_is_err(exc))
        return EXEC_ERR;
    cg_value cause = CG_STOP;
    if (s->u.raise.cause) {
        cause = cg_eval_expr(f, s->u.raise.cause);
        bool ok = !cg_is_err(cause) && (cg_is_none(cause) || cg_isinstance(cause, &cg_exc_BaseException)
                                        || (cg_isinstance(cause, &cg_type_type)
                                            && cg_type_is_subtype((cg_type *)cause.u.o, &cg_exc_BaseException)));
        if (!ok) {
            if (!cg_is_err(cause))
                cg_raise(&cg_exc_TypeError, "exception causes must derive from BaseException");
            cg_decref(cause);
            cg_decref(exc);
            return EXEC_ERR;
        }
    }
    cg_raise_object(exc);
    cg_decref(exc);
    /* `raise err` of a caught exception adds this frame again */
    cg_value raised = cg_exc_peek_borrowed();
    if (cg_isinstance(raised, &cg_exc_BaseException))
        ((cg_exc *)raised.u.o)->tb_frame = NULL;
    if (cause.tag != CG_V_STOP) {
        cg_value pending = cg_exc_peek_borrowed();
        if (cg_isinstance(cause, &cg_type_type)) {
            cg_value c = cg_call0(cause);
            cg_decref(cause);
            cause = c;
        }
        if (cg_isinstance(pending, &cg_exc_BaseException) && !cg_is_err(cause)) {
            cg_exc *e = (cg_exc *)pending.u.o;
            cg_value_set(&e->cause, cause);
            e->suppress_context = true;
        } else {
            cg_decref(cause);
        }
    }
    f->errnode = NULL;
    return EXEC_ERR;
}

static cg_exec_status exec_assert(cg_frame *f, const cg_ast *s) {
    cg_value t = cg_eval_expr(f, s->u.assert_.test);
    if (cg_is_err(t))
        return EXEC_ERR;
    int b = cg_truth(t);
    cg_decref(t);
    if (b < 0)
        return EXEC_ERR;
    if (b)
        return EXEC_OK;
    if (!s->u.assert_.msg) {
        cg_value e = cg_call0(cg_obj_value(&cg_exc_AssertionError));
        if (!cg_is_err(e))
            cg_exc_restore(e);
        return EXEC_ERR;
    }
    cg_value msg = cg_eval_expr(f, s->u.assert_.msg);
    if (cg_is_err(msg))
        return EXEC_ERR;
    cg_raise_value(&cg_exc_AssertionError, msg);
    cg_decref(msg);
    return EXEC_ERR;
}

/* with a as b, c as d: body -- nested, as Python defines it. */
static cg_exec_status exec_with_items(cg_frame *f, const cg_ast *s, int i) {
    if (i == s->u.with.items.n)
        return cg_exec_block(f, &s->u.with.body);
    const cg_ast *item = s->u.with.items.items[i];
    cg_value mgr = cg_eval_expr(f, item->u.with_item.context_expr);
    if (cg_is_err(mgr))
        return EXEC_ERR;
    bool is_async = s->u.with.is_async;
    cg_value exit_fn = cg_getattr_opt(mgr, cg_str_intern(is_async ? "__aexit__" : "__exit__"));
    cg_value enter_fn =
        cg_is_err(exit_fn) ? CG_ERR : cg_getattr_opt(mgr, cg_str_intern(is_async ? "__aenter__" : "__enter__"));
    if (enter_fn.tag == CG_V_STOP || exit_fn.tag == CG_V_STOP) {
        if (!cg_is_err(exit_fn))
            cg_decref(exit_fn);
        if (!cg_is_err(enter_fn))
            cg_decref(enter_fn);
        cg_raise(&cg_exc_TypeError, "'%s' object does not support the %scontext manager protocol", cg_type_name(mgr),
                 is_async ? "asynchronous " : "");
        cg_decref(mgr);
        return EXEC_ERR;
    }
    cg_decref(mgr);
    if (cg_is_err(enter_fn)) {
        cg_decref(exit_fn);
        return EXEC_ERR;
    }
    cg_value entered = cg_call0(enter_fn);
    cg_decref(enter_fn);
    if (is_async && !cg_is_err(entered))
        entered = cg_await(f, entered);
    if (cg_is_err(entered)) {
        cg_decref(exit_fn);
        return EXEC_ERR;
    }
    int rc = item->u.with_item.optional_vars ? cg_assign(f, item->u.with_item.optional_vars, entered) : 0;
    cg_decref(entered);
    cg_exec_status r = rc < 0 ? EXEC_ERR : exec_with_items(f, s, i + 1);
    if (r == EXEC_ERR) {
        cg_frame_add_traceback(f);
        cg_value exc = cg_exc_fetch();
        cg_value args[3] = {cg_obj_value(cg_typeof(exc)), exc, CG_NONE};
        cg_args a = {.pos = args, .npos = 3};
        cg_push_handled(exc);
        cg_value out = cg_call(exit_fn, &a);
        if (is_async && !cg_is_err(out))
            out = cg_await(f, out);
        cg_pop_handled();
        cg_decref(exit_fn);
        if (cg_is_err(out)) {
            cg_decref(exc);
            return EXEC_ERR;
        }
        int swallow = cg_truth(out);
        cg_decref(out);
        if (swallow > 0) {
            cg_decref(exc);
            f->errnode = NULL;
            return EXEC_OK;
        }
        cg_exc_restore(exc);
        return EXEC_ERR;
    }
    cg_value none3[3] = {CG_NONE, CG_NONE, CG_NONE};
    cg_args a = {.pos = none3, .npos = 3};
    cg_value out = cg_call(exit_fn, &a);
    cg_decref(exit_fn);
    if (is_async && !cg_is_err(out))
        out = cg_await(f, out);
    if (cg_is_err(out))
        return EXEC_ERR;
    cg_decref(out);
    return r;
}

/* The last steps of a def or class statement: the decorators applied,
 * innermost first, and the result bound to the name. Takes the reference
 * to v (which may be CG_ERR: then nothing is bound). */
static cg_exec_status decorate_and_bind(cg_frame *f, const char *name, cg_value v, const cg_value *decorators,
                                        int ndec) {
    for (int i = ndec - 1; i >= 0 && !cg_is_err(v); i--) {
        cg_value g = cg_call1(decorators[i], v);
        cg_decref(v);
        v = g;
    }
    if (cg_is_err(v))
        return EXEC_ERR;
    cg_ast_res res;
    cg_scope_binding(f->scope, cg_str_of(name), &res);
    cg_exec_status r = cg_store_name(f, &res, v) < 0 ? EXEC_ERR : EXEC_OK;
    cg_decref(v);
    return r;
}

/* The text of an annotation, for a module under `from __future__ import
 * annotations` (which stores annotations unevaluated). */
static cg_value annotation_text(cg_frame *f, const cg_ast *a) {
    size_t n = 0;
    const char *line = cg_ast_arena_line(f->arena, a->line, &n);
    if (!line || a->end_line != a->line || a->end_col > (int)n || a->col > a->end_col)
        return cg_eval_expr(f, a);
    return cg_str_new(line + a->col, (size_t)(a->end_col - a->col));
}

static bool future_annotations(cg_frame *f) {
    cg_value v = cg_dict_get_str_borrowed(f->globals, cg_str_intern("annotations"));
    return v.tag == CG_V_OBJ && !strcmp(cg_typeof(v)->name, "_Feature");
}

static int add_annotation(cg_frame *f, cg_value *d, const char *name, const cg_ast *a, bool text) {
    if (!a)
        return 0;
    if (d->tag == CG_V_NONE) {
        *d = cg_dict_new();
        if (cg_is_err(*d))
            return -1;
    }
    cg_value v = text ? annotation_text(f, a) : cg_eval_expr(f, a);
    if (cg_is_err(v))
        return -1;
    int rc = cg_dict_set(cg_as_dict(*d), cg_obj_value(cg_str_intern(name)), v);
    cg_decref(v);
    return rc;
}

/* A def's parameter and return annotations, evaluated at definition as
 * Python 3.11 does, into fn.__annotations__. */
static int set_annotations(cg_frame *f, const cg_ast *s, cg_value fn) {
    const cg_ast *args = s->u.func.args;
    cg_value d = CG_NONE;
    bool text = future_annotations(f);
    int rc = 0;
    if (args) {
        const cg_ast_list *lists[] = {&args->u.arguments.posonlyargs, &args->u.arguments.args, NULL,
                                      &args->u.arguments.kwonlyargs, NULL};
        const cg_ast *single[] = {NULL, NULL, args->u.arguments.vararg, NULL, args->u.arguments.kwarg};
        for (int k = 0; rc == 0 && k < 5; k++) {
            if (single[k])
                rc = add_annotation(f, &d, single[k]->u.arg.arg, single[k]->u.arg.annotation, text);
            for (int i = 0; lists[k] && rc == 0 && i < lists[k]->n; i++) {
                const cg_ast *arg = lists[k]->items[i];
                rc = add_annotation(f, &d, arg->u.arg.arg, arg->u.arg.annotation, text);
            }
        }
    }
    if (rc == 0)
        rc = add_annotation(f, &d, "return", s->u.func.returns, text);
    if (rc == 0 && d.tag != CG_V_NONE)
        rc = cg_setattr(fn, cg_str_intern("__annotations__"), d);
    cg_decref(d);
    return rc;
}

static cg_exec_status exec_function_def(cg_frame *f, const cg_ast *s) {
    cg_ast *args = s->u.func.args;
    int nd = args ? args->u.arguments.defaults.n : 0;
    int nk = args ? args->u.arguments.kwonlyargs.n : 0;
    cg_value defaults[256], kwdefaults[256];
    int made = 0, madek = 0;
    cg_exec_status r = EXEC_ERR;
    cg_value fn = CG_ERR;
    cg_value decorators[32];
    int ndec = 0;
    for (; ndec < s->u.func.decorators.n; ndec++) {
        decorators[ndec] = cg_eval_expr(f, s->u.func.decorators.items[ndec]);
        if (cg_is_err(decorators[ndec]))
            goto done;
    }
    for (; made < nd; made++) {
        defaults[made] = cg_eval_expr(f, args->u.arguments.defaults.items[made]);
        if (cg_is_err(defaults[made]))
            goto done;
    }
    for (; madek < nk; madek++) {
        const cg_ast *d = args->u.arguments.kw_defaults.items[madek];
        kwdefaults[madek] = d ? cg_eval_expr(f, d) : CG_STOP;
        if (cg_is_err(kwdefaults[madek]))
            goto done;
    }
    fn = cg_function_new(f, s, defaults, nd, kwdefaults);
    if (!cg_is_err(fn) && set_annotations(f, s, fn) < 0) {
        cg_decref(fn);
        fn = CG_ERR;
    }
    r = decorate_and_bind(f, s->u.func.name, fn, decorators, ndec);
done:
    for (int i = 0; i < made; i++)
        cg_decref(defaults[i]);
    for (int i = 0; i < madek && i < nk; i++)
        cg_decref(kwdefaults[i]);
    for (int i = 0; i < ndec; i++)
        cg_decref(decorators[i]);
    return r;
}

typedef struct {
    cg_frame *f;
    const cg_ast *def;
} class_ctx;

static cg_value build_class(void *ctx, const cg_args *a) {
    class_ctx *c = ctx;
    return cg_class_from_body(c->f, c->def, a);
}

static cg_exec_status exec_class_def(cg_frame *f, const cg_ast *s) {
    cg_value decorators[32];
    int ndec = 0;
    cg_exec_status r = EXEC_ERR;
    for (; ndec < s->u.cls.decorators.n; ndec++) {
        decorators[ndec] = cg_eval_expr(f, s->u.cls.decorators.items[ndec]);
        if (cg_is_err(decorators[ndec]))
            goto done;
    }
    class_ctx c = {f, s};
    cg_value cls = cg_eval_args_then(f, CG_NONE, &s->u.cls.bases, &s->u.cls.keywords, build_class, &c);
    r = decorate_and_bind(f, s->u.cls.name, cls, decorators, ndec);
done:
    for (int i = 0; i < ndec; i++)
        cg_decref(decorators[i]);
    return r;
}

/* `name: T` in a module or class body evaluates T and records it in the
 * namespace's __annotations__ (dataclasses read them); in a function
 * body annotations are not evaluated, as in Python. */
static int record_annotation(cg_frame *f, const cg_ast *s) {
    if (f->scope->kind == SCOPE_FUNCTION)
        return 0;
    cg_value ann = cg_eval_expr(f, s->u.ann.annotation);
    if (cg_is_err(ann))
        return -1;
    int rc = 0;
    if (s->u.ann.target->kind == AST_NAME) {
        cg_dict *ns = f->locals ? f->locals : f->globals;
        cg_str *key = cg_str_intern("__annotations__");
        cg_value anns = cg_dict_get_str_borrowed(ns, key);
        if (anns.tag == CG_V_STOP) {
            anns = cg_dict_new();
            rc = cg_is_err(anns) ? -1 : cg_dict_set(ns, cg_obj_value(key), anns);
            cg_decref(anns); /* ns holds it */
        }
        if (rc == 0 && !cg_is_type(anns, &cg_type_dict))
            rc = cg_raise_int(&cg_exc_TypeError, "'%s' object does not support item assignment", cg_type_name(anns));
        if (rc == 0)
            rc = cg_dict_set_str(cg_as_dict(anns), s->u.ann.target->u.name.id, ann);
    }
    cg_decref(ann);
    return rc;
}

/* ---- dispatch ---------------------------------------------------------------------- */

static cg_exec_status exec_stmt(cg_frame *f, const cg_ast *s) {
    f->line = s->line;
    f->stmt = s;
    f->errnode = NULL;
    /* Like CPython, notice Ctrl-C at loop heads and calls; top-level
     * statements check too, so a long cell of straight-line code stops. */
    if ((s->col == 0 && f->scope->kind == SCOPE_MODULE && cg_eval_poll() < 0) || cg_eval_check_depth() < 0)
        return EXEC_ERR;
    switch (s->kind) {
    case AST_EXPR_STMT: {
        cg_value v = cg_eval_expr(f, s->u.expr.value);
        if (cg_is_err(v))
            return EXEC_ERR;
        cg_decref(v);
        return EXEC_OK;
    }
    case AST_ASSIGN: {
        cg_value v = cg_eval_expr(f, s->u.assign.value);
        if (cg_is_err(v))
            return EXEC_ERR;
        int rc = 0;
        for (int i = 0; i < s->u.assign.targets.n && rc == 0; i++)
            rc = cg_assign(f, s->u.assign.targets.items[i], v);
        cg_decref(v);
        return rc < 0 ? EXEC_ERR : EXEC_OK;
    }
    case AST_AUG_ASSIGN: return aug_assign(f, s) < 0 ? EXEC_ERR : EXEC_OK;
    case AST_ANN_ASSIGN: {
        int rc = 0;
        if (s->u.ann.value) {
            cg_value v = cg_eval_expr(f, s->u.ann.value);
            if (cg_is_err(v))
                return EXEC_ERR;
            rc = cg_assign(f, s->u.ann.target, v);
            cg_decref(v);
        }
        return rc < 0 || record_annotation(f, s) < 0 ? EXEC_ERR : EXEC_OK;
    }
    case AST_IF: return exec_if(f, s);
    case AST_FOR: return exec_for(f, s);
    case AST_WHILE: return exec_while(f, s);
    case AST_BREAK: return EXEC_BREAK;
    case AST_CONTINUE: return EXEC_CONTINUE;
    case AST_PASS:
    case AST_GLOBAL:
    case AST_NONLOCAL: return EXEC_OK;
    case AST_RETURN: {
        cg_value v = s->u.expr.value ? cg_eval_expr(f, s->u.expr.value) : CG_NONE;
        if (cg_is_err(v))
            return EXEC_ERR;
        cg_value_set(&f->retval, v);
        return EXEC_RETURN;
    }
    case AST_FUNCTION_DEF: return exec_function_def(f, s);
    case AST_CLASS_DEF: return exec_class_def(f, s);
    case AST_TRY: return exec_try(f, s);
    case AST_RAISE: return exec_raise(f, s);
    case AST_ASSERT: return exec_assert(f, s);
    case AST_WITH: return exec_with_items(f, s, 0);
    case AST_DELETE:
        for (int i = 0; i < s->u.del.targets.n; i++)
            if (delete_target(f, s->u.del.targets.items[i]) < 0)
                return EXEC_ERR;
        return EXEC_OK;
    case AST_IMPORT: return cg_exec_import(f, s);
    case AST_IMPORT_FROM: return cg_exec_import_from(f, s);
    case AST_MATCH: return cg_exec_match(f, s);
    default: cg_raise(&cg_exc_SyntaxError, "unsupported statement"); return EXEC_ERR;
    }
}

cg_exec_status cg_exec_block(cg_frame *f, const cg_ast_list *body) {
    for (int i = 0; i < body->n; i++) {
        cg_exec_status r = exec_stmt(f, body->items[i]);
        if (r == EXEC_ERR && f->errnode)
            f->line = f->errnode->line;
        if (r != EXEC_OK)
            return r;
    }
    return EXEC_OK;
}
