/* scope.h: which names are local, captured or global, decided once per
 * parse as Python's symbol table does.
 *
 * The resolver walks a parsed module, makes one cg_scope per function,
 * lambda, comprehension and class body, and fills every name's cg_ast_res:
 * a frame slot for a local, a cell slot for a local that an inner function
 * captures, a free slot for a captured variable, or a global. It also
 * interns names and makes constants. Scopes live in the parse's arena. */
#ifndef CG_SCOPE_H
#define CG_SCOPE_H

#include "parse/ast.h"
#include "runtime/lang_internal.h"

typedef enum { SCOPE_MODULE, SCOPE_FUNCTION, SCOPE_CLASS } cg_scope_kind;

typedef struct cg_scope cg_scope;
struct cg_scope {
    cg_scope_kind kind;
    cg_scope *parent;
    cg_ast *node;         /* the def, lambda, comprehension or class */
    const char *name;     /* "f", "<lambda>", "<listcomp>", "C" */
    const char *qualname; /* "C.f", "f.<locals>.g" */
    /* the frame: nslots slots; the first nparams are the parameters in
     * order; cell_slots lists the slots that hold cells (made at entry);
     * free slots get the function's closure cells, free_from[i] being the
     * slot of the enclosing frame each comes from */
    int nslots;
    int nparams;
    int ncells, *cell_slots;
    int nfree, *free_slots, *free_from;
    cg_params params; /* names and kinds; defaults come at def time */
    bool has_yield;   /* a generator function: calling it makes a generator */
    /* `async def` (calling it makes a coroutine, or an async generator
     * with has_yield); a comprehension with `async for` or `await` in it;
     * a notebook cell with `await` at its top level */
    bool is_async;
    const cg_ast *value_return; /* the first `return value` in it */
    /* the resolver's name table */
    int nnames, capnames;
    struct cg_scope_name *names;
};

/* Resolves a parsed module and returns its module scope. NULL on an
 * error: with err->msg set for one that has a place in the source ('yield'
 * outside function), else with a SyntaxError pending (a nonlocal without
 * binding, ...). err starts zeroed. */
cg_scope *cg_scope_resolve(cg_ast_arena *arena, cg_syntax_error *err);

/* Calls fn for each name of function scope sc that lives in a frame slot
 * (its locals, its cells, the variables it captures), in the order the
 * names first appear; cell says the slot holds a cg_cell. Stops at the
 * first fn that returns -1, and returns it. */
int cg_scope_each_slot(const cg_scope *sc, int (*fn)(void *arg, cg_str *name, int slot, bool cell), void *arg);

/* How a name bound by a statement of scope sc (a def, a class) is stored. */
void cg_scope_binding(const cg_scope *sc, cg_str *name, cg_ast_res *out);

/* The scope of a def/lambda/comprehension/class node. */
static inline cg_scope *cg_scope_of(const cg_ast *node) {
    switch (node->kind) {
    case AST_CLASS_DEF: return (cg_scope *)node->u.cls.scope;
    case AST_FUNCTION_DEF:
    case AST_LAMBDA: return (cg_scope *)node->u.func.scope;
    default: return (cg_scope *)node->u.comp.scope;
    }
}

#endif
