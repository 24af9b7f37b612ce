/* exec_try_star.c: the except* clauses of a try statement (PEP 654).
 *
 * Note [except*]: the exception the body raised is split clause by
 * clause: each clause whose types match part of what is left runs once,
 * with that part (a naked exception that matches is wrapped in a group
 * of one); what no clause took goes on. At the end, as CPython's
 * _PyExc_PrepReraiseStar does, what is left and what the clauses
 * re-raised (the very part they were given, by a bare `raise`) are put
 * back together in the shape of the original group; what the clauses
 * raised anew joins that in an ExceptionGroup("", [...]). A naked
 * exception is raised back as it is, or what its clause raised instead.
 * The parser refused break, continue and return in the clauses; else and
 * finally are exec_try's (exec.c). */
#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/lang_internal.h"

/* The clause's type, checked as CPython checks it: exception classes,
 * none of them a group. */
static int check_star_type(cg_value type) {
    const cg_value *items = &type;
    int64_t n = 1;
    if (cg_is_type(type, &cg_type_tuple)) {
        items = cg_as_tuple(type)->items;
        n = cg_as_tuple(type)->len;
    }
    for (int64_t i = 0; i < n; i++) {
        if (!cg_isinstance(items[i], &cg_type_type)
            || !cg_type_is_subtype((cg_type *)items[i].u.o, &cg_exc_BaseException))
            return cg_raise_int(&cg_exc_TypeError,
                                "catching classes that do not inherit from BaseException is not allowed");
        if (cg_type_is_subtype((cg_type *)items[i].u.o, &cg_exc_BaseExceptionGroup))
            return cg_raise_int(&cg_exc_TypeError,
                                "catching ExceptionGroup with except* is not allowed. Use except instead.");
    }
    return 0;
}

/* Splits *rest by type: *match gets the part for the clause (None if
 * none), *rest what is left. */
static int split_rest(cg_value *rest, cg_value type, cg_value *match, const cg_frame *f) {
    *match = CG_NONE;
    if (cg_is_none(*rest))
        return 0;
    if (!cg_exc_is_group(*rest)) {
        int m = cg_isinstance_check(*rest, type);
        if (m <= 0)
            return m;
        cg_value pos[2] = {cg_str_from_c(""), CG_NONE};
        pos[1] = cg_is_err(pos[0]) ? CG_ERR : cg_tuple_pack(1, *rest);
        cg_value g = cg_is_err(pos[1]) ? CG_ERR : cg_call(cg_obj_value(&cg_exc_BaseExceptionGroup),
                                                          &(cg_args){.pos = pos, .npos = 2});
        cg_decref(pos[0]);
        cg_decref(pos[1]);
        if (cg_is_err(g))
            return -1;
        ((cg_exc *)g.u.o)->tb_frame = f; /* CPython's wrapper has no traceback of its own */
        *match = g;
        cg_value_set(rest, CG_NONE);
        return 0;
    }
    cg_value left;
    if (cg_exc_group_split(*rest, type, match, &left) < 0)
        return -1;
    cg_value_set(rest, left);
    return 0;
}

typedef struct {
    cg_value raised;   /* a list: what the clauses raised anew */
    cg_value reraised; /* a list: parts of the original raised back, and the rest */
} outcome;

/* Runs clause h with part; what it raises goes into the outcome. */
static int run_clause(cg_frame *f, const cg_ast *h, cg_value part, outcome *o) {
    if (h->u.handler.name && cg_store_name(f, &h->u.handler.res, part) < 0)
        return -1;
    cg_exc *pe = (cg_exc *)part.u.o;
    cg_value tb = cg_incref(pe->traceback);
    int64_t tb_len = tb.tag == CG_V_OBJ ? cg_as_list(tb)->len : -1;
    f->errnode = NULL;
    cg_push_handled(part);
    cg_exec_status r = cg_exec_block(f, &h->u.handler.body);
    cg_pop_handled();
    int rc = 0;
    if (r == EXEC_ERR) {
        cg_frame_add_traceback(f); /* at the line that raised, before another clause runs */
        cg_value e = cg_exc_fetch();
        /* a bare `raise` gives back the part as it was; `raise e` adds a
         * traceback entry and counts as a new exception, as in CPython */
        bool same = cg_same(e, part) && cg_same(pe->traceback, tb)
                    && (tb.tag != CG_V_OBJ || cg_as_list(tb)->len == tb_len);
        rc = cg_list_append(same ? o->reraised : o->raised, e);
        cg_decref(e);
    }
    cg_decref(tb);
    cg_unbind_handler_name(f, h);
    return rc;
}

/* What the statement raises in the end (None: nothing); see Note
 * [except*]. */
static cg_value combine(cg_value orig, outcome *o, const cg_frame *f) {
    const cg_list *raised = cg_as_list(o->raised), *reraised = cg_as_list(o->reraised);
    if (!cg_exc_is_group(orig)) /* one clause at most ran */
        return cg_incref(raised->len ? raised->items[0] : reraised->len ? reraised->items[0] : CG_NONE);
    cg_value keep = reraised->len ? cg_exc_group_project(orig, o->reraised) : CG_NONE;
    if (cg_is_err(keep) || raised->len == 0)
        return keep;
    if (!cg_is_none(keep)) {
        int rc = cg_list_append(o->raised, keep);
        cg_decref(keep);
        if (rc < 0)
            return CG_ERR;
    }
    if (raised->len == 1)
        return cg_incref(raised->items[0]);
    cg_value msg = cg_str_from_c("");
    if (cg_is_err(msg))
        return msg;
    cg_value g = cg_call2(cg_obj_value(&cg_exc_BaseExceptionGroup), msg, o->raised);
    cg_decref(msg);
    if (!cg_is_err(g))
        ((cg_exc *)g.u.o)->tb_frame = f;
    return g;
}

/* The clauses, for the exception pending from the body: EXEC_OK when
 * they took all of it, else EXEC_ERR with what goes on pending. */
static cg_exec_status run_clauses(cg_frame *f, const cg_ast *s, cg_value orig, outcome *o) {
    cg_value rest = cg_incref(orig);
    for (int i = 0; i < s->u.try_.handlers.n; i++) {
        const cg_ast *h = s->u.try_.handlers.items[i];
        cg_value type = cg_eval_expr(f, h->u.handler.type);
        if (cg_is_err(type) || check_star_type(type) < 0) {
            if (!cg_is_err(type))
                f->errnode = h; /* CPython points at the whole clause */
            cg_decref(type);
            cg_decref(rest);
            return EXEC_ERR;
        }
        cg_value part;
        int rc = split_rest(&rest, type, &part, f);
        cg_decref(type);
        if (rc == 0 && !cg_is_none(part))
            rc = run_clause(f, h, part, o);
        cg_decref(part);
        if (rc < 0) {
            cg_decref(rest);
            return EXEC_ERR;
        }
    }
    int rc = cg_is_none(rest) ? 0 : cg_list_append(o->reraised, rest);
    cg_decref(rest);
    if (rc < 0)
        return EXEC_ERR;
    cg_value r = combine(orig, o, f);
    if (cg_is_err(r))
        return EXEC_ERR;
    if (cg_is_none(r))
        return EXEC_OK;
    cg_exc_restore(r);
    return EXEC_ERR;
}

cg_exec_status cg_exec_except_star(cg_frame *f, const cg_ast *s) {
    cg_value orig = cg_exc_fetch();
    outcome o = {cg_list_new(0), cg_list_new(0)};
    cg_exec_status r = EXEC_ERR;
    if (!cg_is_err(o.raised) && !cg_is_err(o.reraised)) {
        cg_push_handled(orig); /* the context of errors in the clauses' types */
        r = run_clauses(f, s, orig, &o);
        cg_pop_handled();
    }
    if (r == EXEC_ERR && !cg_exc_pending())
        cg_exc_restore(cg_incref(orig));
    cg_decref(o.raised);
    cg_decref(o.reraised);
    cg_decref(orig);
    return r;
}
