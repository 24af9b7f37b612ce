/* parser.h: the parser's own state and helpers, shared by parser.c
 * (statements, the two passes, errors), parse_expr.c (expressions,
 * targets, arguments) and parse_string.c (literals and f-strings).
 *
 * The parser is recursive descent over the lexer's token array, shaped
 * like CPython 3.11's grammar (Grammar/python.gram): a rule returns a node,
 * or NULL when it does not match (the caller may backtrack by resetting
 * `pos`). Errors with a message are raised with longjmp to cg_parse.
 * Like pegen, a failed parse runs a second pass that tries the `invalid_*`
 * rules for a precise message, and otherwise reports "invalid syntax" at
 * the furthest token the first pass read.
 *
 * Not a public header: the rest of lang/ uses ast.h. */
#ifndef CG_PARSER_H
#define CG_PARSER_H

#include <setjmp.h>
#include <stdbool.h>

#include <signal.h>

#include "parse/ast.h"
#include "parse/lexer.h"

/* Deepest nesting the parser follows (and so the deepest tree it
 * builds: chains like a.b.c or 1+1+1 count one level a link) before
 * giving up with a SyntaxError instead of overflowing the C stack.
 * CPython's compiler stops near the same depth (RecursionError). */
#define CG_PARSE_MAX_DEPTH 3000

/* How many rules one parse may enter: floor + per_token * tokens (Note
 * [Parse budget] in parser.c); real programs enter under one per token.
 * A variable so that a test can make it small. interrupt, when set, is a
 * flag the parse polls: set, it ends the parse with the kind
 * "KeyboardInterrupt" (the runtime points it at Ctrl-C's flag). */
typedef struct {
    int64_t floor, per_token;
    volatile const sig_atomic_t *interrupt;
} cg_parse_budget;
extern cg_parse_budget cg_parse_budget_limits;

/* The second pass memoizes the rules it re-parses at one position (as
 * pegen's (memo) rules), so that trying the invalid_* alternatives stays
 * linear: expression, bitwise_or, and a bracketed atom, which
 * invalid_named_expression's lookahead parses again at every level of
 * nested brackets (Note [Atoms memoized]). */
enum { CG_MEMO_EXPRESSION, CG_MEMO_BITWISE_OR, CG_MEMO_ATOM, CG_MEMO_COUNT };
typedef struct {
    cg_ast *node;
    int end; /* 0: not parsed, -1: failed, else the position after it + 1 */
} cg_memo;

typedef struct cg_parser cg_parser;
struct cg_parser {
    cg_ast_arena *arena;
    const cg_lexed *lx;
    cg_token *toks;
    int ntoks;
    int pos;                 /* the next token */
    int fill;                /* tokens read so far: pegen's p->fill */
    bool call_invalid_rules; /* the second pass */
    bool quiet_next;         /* the next expression skips invalid_expression */
    int depth;
    int64_t steps; /* rules entered so far: Note [Parse budget] */
    cg_memo *memo; /* ntoks * CG_MEMO_COUNT in the second pass */
    /* The first pass remembers its last `expression` (start, end, node):
     * where a rule tries one element two ways (a call's first argument as
     * a generator's element, then as an argument; a brace's first item as
     * a dict key, then as a set element), it is parsed once. */
    int ecache_start, ecache_end;
    cg_ast *ecache_node;
    jmp_buf *jmp; /* where a raised error goes */
    cg_syntax_error *err;
    /* An f-string's expression is parsed by a parser of its own over
     * "(expr)": its nodes get their places in the source, its errors
     * CPython's "f-string: " prefix and columns within "(expr)". */
    bool fstring;
    cg_parser *outer;
    int fs_line, fs_col; /* source position of the "(" */
    /* The compiler's checks ('return' outside function, ...): the first
     * one found is reported when the parse succeeds, after the first of
     * the symbol table's (duplicate argument, ...), which CPython makes
     * in an earlier pass. fblocks counts the blocks CPython's compiler
     * would have open (loops, with, try: 20 at most). */
    int func_depth, loop_depth, fblocks;
    /* In an except* clause's body: 1 + the loop and function depths it
     * began at (0 outside one), where break, continue and return would
     * leave it */
    int star_loop, star_func;
    bool has_compile_error, has_symtable_error;
    cg_syntax_error compile_err, symtable_err;
};

/* ---- tokens ---- */

/* The token at index i, read as pegen reads it: reading the lexer's error
 * token raises the tokenizer's error. */
cg_token *cg_p_tok_slow(cg_parser *p, int i);
static inline cg_token *cg_p_tok(cg_parser *p, int i) {
    if (i < p->fill)
        return &p->toks[i];
    return cg_p_tok_slow(p, i);
}
static inline cg_token *cg_p_peek(cg_parser *p) { return cg_p_tok(p, p->pos); }
static inline int cg_p_kind(cg_parser *p) { return cg_p_peek(p)->kind; }
static inline int cg_p_kind_at(cg_parser *p, int i) { return cg_p_tok(p, i)->kind; }
/* The kind of the next token, in the rules (which all name their parser p). */
#define KIND (cg_p_kind(p))
/* pegen's &&'x': the token must be there, or "expected 'x'" is raised. */
cg_token *cg_p_expect_forced(cg_parser *p, int kind, const char *text);

/* ---- errors (never return) ---- */

/* pegen's RAISE_ERROR_KNOWN_LOCATION: byte columns, 0-based (end -1 for
 * none, CG_CURRENT_POS for where the tokenizer stands); turned into
 * Python's 1-based character offsets. */
#define CG_CURRENT_POS (-5)
_Noreturn void cg_p_raise_at(cg_parser *p, const char *kind, int line, int col, int end_line, int end_col,
                             const char *fmt, ...);
/* At a node (RAISE_SYNTAX_ERROR_KNOWN_LOCATION) or from a to b (_RANGE). */
_Noreturn void cg_p_raise_node(cg_parser *p, const cg_ast *a, const char *fmt, ...);
_Noreturn void cg_p_raise_range(cg_parser *p, const cg_ast *a, const cg_ast *b, const char *fmt, ...);
_Noreturn void cg_p_raise_tok(cg_parser *p, const cg_token *t, const char *fmt, ...);
_Noreturn void cg_p_raise_tok_range(cg_parser *p, const cg_token *a, const cg_token *b, const char *fmt, ...);
/* From a node to where the tokenizer stands (_STARTING_FROM). */
_Noreturn void cg_p_raise_from(cg_parser *p, const cg_ast *a, const char *fmt, ...);
/* At the last token read (RAISE_SYNTAX_ERROR / RAISE_INDENTATION_ERROR). */
_Noreturn void cg_p_raise_last(cg_parser *p, const char *kind, const char *fmt, ...);
/* Records a compiler-stage error (the first one wins), or one of the
 * symbol table's. */
void cg_p_compile_error(cg_parser *p, const cg_ast *at, const char *fmt, ...);
void cg_p_symtable_error(cg_parser *p, const cg_ast *at, const char *fmt, ...);

/* Counts one level of nesting; raises past CG_PARSE_MAX_DEPTH. */
void cg_p_enter(cg_parser *p);
static inline void cg_p_leave(cg_parser *p) { p->depth--; }

/* ---- nodes ---- */

cg_ast *cg_p_node(cg_parser *p, cg_ast_kind kind, int start);
/* Sets a node's end to the last non-whitespace token before `pos`. */
void cg_p_end(cg_parser *p, cg_ast *n);
const char *cg_p_strndup(cg_parser *p, const char *s, size_t n);
const char *cg_p_name_of(cg_parser *p, const cg_token *t);

/* A growing list of nodes in the arena. */
typedef struct {
    cg_ast **items;
    int n, cap;
} cg_vec;
void cg_vec_push(cg_parser *p, cg_vec *v, cg_ast *x);
cg_ast_list cg_vec_list(cg_vec *v);
cg_ast_list cg_p_list1(cg_parser *p, cg_ast *x);

/* ---- rules (parse_expr.c, parse_target.c, parse_call.c, parse_params.c) ---- */

cg_ast *cg_p_expression(cg_parser *p);
cg_ast *cg_p_expression_nocheck(cg_parser *p);
cg_ast *cg_p_expressions(cg_parser *p);
cg_ast *cg_p_named_expression(cg_parser *p);
cg_ast *cg_p_star_expressions(cg_parser *p);
cg_ast *cg_p_yield_expr(cg_parser *p);
cg_ast *cg_p_star_named_expression(cg_parser *p);
cg_ast *cg_p_disjunction(cg_parser *p);
cg_ast *cg_p_bitwise_or(cg_parser *p);
cg_ast *cg_p_star_targets(cg_parser *p);
cg_ast *cg_p_star_target(cg_parser *p);
cg_ast *cg_p_del_targets(cg_parser *p, cg_ast_list *out);
cg_ast *cg_p_arguments(cg_parser *p, int start, cg_ast *func);
cg_ast *cg_p_params(cg_parser *p, bool lambda);
cg_ast *cg_p_atom(cg_parser *p);

/* The first target that cannot be assigned to (pegen's
 * _PyPegen_get_invalid_target), and the name Python gives an expression
 * in its messages ("function call", "literal", ...). */
typedef enum { TARGETS_STAR, TARGETS_DEL, TARGETS_FOR } cg_targets_type;
const cg_ast *cg_p_invalid_target(const cg_ast *e, cg_targets_type type);
const char *cg_p_expr_name(const cg_ast *e);
/* Raises "cannot assign to X" / "cannot delete X" when e has an invalid
 * target (RAISE_SYNTAX_ERROR_INVALID_TARGET); returns otherwise. */
void cg_p_raise_invalid_target(cg_parser *p, cg_targets_type type, const cg_ast *e);
/* The compiler's checks of a valid assignment target: one starred
 * element at most, and only inside a list or tuple. */
void cg_p_check_assign_target(cg_parser *p, const cg_ast *t);
/* The symtable's "duplicate argument 'x' in function definition". */
void cg_p_check_duplicate_args(cg_parser *p, const cg_ast *args);
/* Sets Store/Del on a valid target and its parts; false when invalid. */
bool cg_p_set_ctx(cg_ast *e, cg_ast_ctx ctx);

/* ---- shared between the rule files ---- */

/* parse_expr.c */
cg_ast *cg_p_name_node(cg_parser *p, int i, cg_ast_ctx ctx);
cg_ast *cg_p_star_expression(cg_parser *p);
cg_ast *cg_p_starred_expression(cg_parser *p);
cg_ast *cg_p_named_or_expression(cg_parser *p);
/* A trailer of a primary at pos ('.' NAME, a call, a subscript), or NULL. */
cg_ast *cg_p_trailer(cg_parser *p, int start, cg_ast *e);
bool cg_p_for_if_clauses(cg_parser *p, cg_ast_list *out);
const cg_ast *cg_p_last_comprehension_item(cg_ast_list gens);
cg_ast *cg_p_comp_node(cg_parser *p, cg_ast_kind kind, int start, cg_ast *elt, cg_ast_list gens);
void cg_p_invalid_comprehension(cg_parser *p, int lpar);
/* parse_call.c: a call trailer at '(' */
cg_ast *cg_p_call_trailer(cg_parser *p, int start, cg_ast *func);
/* parse_stmt.c: a block, a compound statement's ':' (with the errors
 * CPython gives when it or the indented block is missing), and the order
 * of a statement's own compile errors against its body's: the body's
 * first error is set aside while the statement's own checks run, and
 * comes back if they find nothing. */
bool cg_p_block(cg_parser *p, cg_ast_list *out);
bool cg_p_header_colon(cg_parser *p, const cg_token *kw, const char *what);
typedef struct {
    bool had, body_err;
    cg_syntax_error err;
} cg_err_order;
void cg_p_body_begins(cg_parser *p, cg_err_order *o);
void cg_p_own_checks_begin(cg_parser *p, cg_err_order *o);
void cg_p_own_checks_end(cg_parser *p, cg_err_order *o);
/* parse_match.c: a match statement at a NAME `match`, or NULL */
cg_ast *cg_p_match_stmt(cg_parser *p);
/* parse_stmt.c: the start rules */
cg_ast *cg_p_file(cg_parser *p);
cg_ast *cg_p_fstring_input(cg_parser *p);

/* ---- parse_string.c ---- */

/* STRING+ at pos: one Constant or JoinedStr. */
cg_ast *cg_p_strings(cg_parser *p);
/* A NUMBER token's Constant. */
cg_ast *cg_p_number(cg_parser *p, const cg_token *t, int start);

/* ---- parser.c ---- */

/* Parses `src` as the expression of an f-string for the parser `outer`. */
cg_ast *cg_p_fstring_expr(cg_parser *outer, const char *src, size_t len, int line, int col);

/* is_complete's question: 0 when src (normalised, ending in '\n')
 * parses and compiles, else -1 with *at_eof telling whether the parser
 * failed for want of more input (CPython's "incomplete input"). */
int cg_parse_check(const char *src, size_t len, bool *at_eof);

/* ---- the arena (ast_arena.c) ---- */

/* A new arena holding a copy of `src` with newlines normalised to "\n"
 * and a final newline, as CPython's tokenizer reads source. */
cg_ast_arena *cg_ast_arena_new(const char *src, size_t len, const char *filename);
const char *cg_ast_arena_source(const cg_ast_arena *a, size_t *len);
void cg_ast_arena_set_root(cg_ast_arena *a, cg_ast *root);
/* Memory that needs no zeroing. */
void *cg_ast_arena_alloc_raw(cg_ast_arena *a, size_t bytes);

/* ---- ast_dump.c ---- */

/* ast.dump(node, include_attributes=...): the tests compare positions. */
char *cg_ast_dump_ex(const cg_ast *node, bool include_attributes);

#endif
