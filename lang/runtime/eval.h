/* eval.h: the evaluator's frames, functions and cells.
 *
 * The evaluator walks the resolved tree directly (no bytecode). A frame
 * holds a function's slots (locals, cells, captured cells) as scope.c laid
 * them out; module and class bodies run in frames too, with their names in
 * a dict. Statements return how control leaves them (normally, by an
 * exception, return, break or continue). */
#ifndef CG_EVAL_H
#define CG_EVAL_H

#include "runtime/gc.h"
#include "runtime/lang_internal.h"
#include "runtime/scope.h"

/* A variable shared between a function and the functions inside it. */
typedef struct {
    cg_obj head;
    cg_value v; /* CG_STOP while unbound */
    cg_gc_link gc;
} cg_cell;
extern cg_type cg_type_cell;
cg_value cg_cell_new(cg_value v); /* takes v's reference */

typedef struct {
    cg_obj head;
    cg_scope *scope;     /* parameters, slots, cells: the "code" */
    cg_ast_arena *arena; /* keeps the tree alive */
    cg_dict *globals;    /* the module it was defined in */
    cg_params params;    /* scope's names and kinds, own defaults */
    cg_value closure;    /* tuple of cells, or None */
    cg_value name, qualname, module, doc;
    cg_dict *dict;  /* attributes set on the function */
    cg_type *owner; /* the class whose body defined it (super()); borrowed */
    cg_gc_link gc;
} cg_function;

typedef enum { EXEC_OK, EXEC_ERR, EXEC_RETURN, EXEC_BREAK, EXEC_CONTINUE } cg_exec_status;

typedef struct cg_frame cg_frame;
struct cg_frame {
    cg_frame *back;
    cg_function *func; /* NULL for module and class bodies */
    cg_scope *scope;
    cg_value *slots;
    cg_dict *globals;
    cg_dict *locals; /* a class body's namespace; NULL otherwise */
    /* the namespace when a __prepare__ made it a dict subclass (locals is
     * then the dict it holds): stores and loads go through its methods */
    cg_obj *locals_map;
    cg_ast_arena *arena;
    const char *name;      /* for tracebacks: "<module>", "f", "<listcomp>" */
    int line;              /* the statement being run */
    const cg_ast *stmt;    /* the statement being run */
    const cg_ast *errnode; /* the innermost node that raised, this frame */
    cg_value retval;
    struct cg_generator *gen; /* the generator whose body this is, or NULL */
};

/* The namespace of frame f as locals() gives it: the class body's dict,
 * the module's globals, or a new dict of a function's bound variables
 * (builtins_exec.c). */
cg_value cg_frame_locals(cg_frame *f);

/* The evaluator's per-thread state. */
typedef struct {
    cg_frame *frame;       /* innermost */
    int depth;             /* calls in progress (RecursionError at the limit) */
    int limit;             /* sys.getrecursionlimit() */
    uintptr_t stack_limit; /* the lowest safe C stack address */
    uintptr_t stack_grow;  /* below it, a call moves to a fresh C stack (stack_grow.h); 0 on a thread's own */
    cg_dict *builtins;
    /* exceptions being handled by except blocks, innermost last: bare
     * `raise` re-raises the top, and a new exception's __context__ is it */
    cg_value handled[64];
    int nhandled;
} cg_eval_state;

extern _Thread_local cg_eval_state cg_ev;

/* cg_check_depth (lang_internal.h) with its test inline: the evaluator
 * asks at every expression and statement, and the stack is almost always
 * fine. */
static inline int cg_eval_check_depth(void) {
    char probe;
    return (uintptr_t)&probe >= cg_ev.stack_limit ? 0 : cg_check_depth();
}

cg_value cg_eval_expr(cg_frame *f, const cg_ast *e);
/* The evaluator's poll at loop heads, calls and top-level statements: a
 * due collection runs (only here, never inside C code that loops, which
 * polls the interrupt flag alone), then Ctrl-C is noticed. */
int cg_check_interrupt(void); /* host.h */
static inline int cg_eval_poll(void) {
    cg_gc_safe_point();
    return cg_check_interrupt();
}
cg_value cg_eval_call(cg_frame *f, const cg_ast *e);
cg_value cg_eval_args_then(cg_frame *f, cg_value func, const cg_ast_list *args, const cg_ast_list *kws,
                           cg_value (*fn)(void *ctx, const cg_args *a), void *ctx);
/* a op b for two ints or floats, when the answer needs no error handling;
 * CG_STOP when the general path must decide. */
static inline cg_value cg_fast_binary(cg_value a, cg_value b, cg_binop op) {
    if (a.tag == CG_V_INT && b.tag == CG_V_INT) {
        int64_t r;
        switch (op) {
        case OP_ADD:
            if (!__builtin_add_overflow(a.u.i, b.u.i, &r))
                return cg_int(r);
            break;
        case OP_SUB:
            if (!__builtin_sub_overflow(a.u.i, b.u.i, &r))
                return cg_int(r);
            break;
        case OP_MULT:
            if (!__builtin_mul_overflow(a.u.i, b.u.i, &r))
                return cg_int(r);
            break;
        default: break;
        }
        return CG_STOP;
    }
    if (a.tag == CG_V_FLOAT && b.tag == CG_V_FLOAT) {
        switch (op) {
        case OP_ADD: return cg_float(a.u.f + b.u.f);
        case OP_SUB: return cg_float(a.u.f - b.u.f);
        case OP_MULT: return cg_float(a.u.f * b.u.f);
        default: break;
        }
    }
    return CG_STOP;
}

cg_exec_status cg_exec_block(cg_frame *f, const cg_ast_list *body);
/* `import a.b as c` and `from .m import x, *` (exec_import.c). */
cg_exec_status cg_exec_import(cg_frame *f, const cg_ast *s);
cg_exec_status cg_exec_import_from(cg_frame *f, const cg_ast *s);
/* The except* clauses of a try, for the exception pending from its body
 * (exec_try_star.c): EXEC_OK when they took all of it. */
cg_exec_status cg_exec_except_star(cg_frame *f, const cg_ast *s);
/* The exception an except clause handles (sys.exc_info(), the context of
 * what it raises, a bare raise's), while the clause runs. */
void cg_push_handled(cg_value exc);
void cg_pop_handled(void);
/* `except E as name`: Python unbinds the name after the clause (an
 * exception the clause raised stays pending). */
void cg_unbind_handler_name(cg_frame *f, const cg_ast *h);
/* The match statement (exec_match.c). */
cg_exec_status cg_exec_match(cg_frame *f, const cg_ast *s);
/* Makes a function object from a def or lambda node, its defaults and
 * closure taken from frame f. */
cg_value cg_function_new(cg_frame *f, const cg_ast *def, cg_value *defaults, int ndefaults, cg_value *kwdefaults);
/* Runs a class body and makes the class. */
/* A class statement once its bases and keywords are evaluated: the
 * metaclass, __prepare__, the body, then metaclass(name, bases, ns, **kw). */
cg_value cg_class_from_body(cg_frame *f, const cg_ast *def, const cg_args *a);
/* Stores v (borrowed) into / deletes a resolved name. */
int cg_store_name(cg_frame *f, const cg_ast_res *res, cg_value v);
int cg_delete_name(cg_frame *f, const cg_ast_res *res);
/* Assigns v (borrowed) to a target expression. */
int cg_assign(cg_frame *f, const cg_ast *target, cg_value v);

/* Adds the frame's current line to the pending exception's traceback. */
void cg_frame_add_traceback(cg_frame *f);

#endif
