/* ast.h: the syntax tree of a cell, as the parser builds it.
 *
 * The tree follows Python's own `ast` module (the same node kinds and
 * fields, so `ast.dump` is the reference for the parser's tests), trimmed to
 * the language of docs/language.md. Every node and every string of one parse
 * lives in one arena (cg_ast_arena), freed at once when the last function
 * defined by the cell is gone. The parser knows nothing of runtime values:
 * identifiers and literals are plain C data here; the resolver (scope.c)
 * fills the `res` fields that the evaluator reads.
 *
 * This is not the evaluator's business: scope resolution and constant
 * objects live in scope.c, evaluation in eval.c. */
#ifndef CG_AST_H
#define CG_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    /* statements */
    AST_MODULE,
    AST_EXPR_STMT,
    AST_ASSIGN,
    AST_AUG_ASSIGN,
    AST_ANN_ASSIGN,
    AST_IF,
    AST_FOR,
    AST_WHILE,
    AST_BREAK,
    AST_CONTINUE,
    AST_PASS,
    AST_FUNCTION_DEF,
    AST_RETURN,
    AST_CLASS_DEF,
    AST_TRY,
    AST_RAISE,
    AST_ASSERT,
    AST_WITH,
    AST_DELETE,
    AST_GLOBAL,
    AST_NONLOCAL,
    AST_IMPORT,
    AST_IMPORT_FROM,
    AST_MATCH,
    /* expressions */
    AST_NAME,
    AST_CONSTANT,
    AST_JOINED_STR,
    AST_FORMATTED_VALUE,
    AST_LIST,
    AST_TUPLE,
    AST_SET,
    AST_DICT,
    AST_BIN_OP,
    AST_UNARY_OP,
    AST_BOOL_OP,
    AST_COMPARE,
    AST_CALL,
    AST_KEYWORD,
    AST_ATTRIBUTE,
    AST_SUBSCRIPT,
    AST_SLICE,
    AST_STARRED,
    AST_LAMBDA,
    AST_IF_EXP,
    AST_LIST_COMP,
    AST_SET_COMP,
    AST_DICT_COMP,
    AST_GENERATOR_EXP,
    AST_NAMED_EXPR,
    AST_YIELD,
    AST_YIELD_FROM,
    AST_AWAIT,
    /* parts */
    AST_COMPREHENSION,
    AST_EXCEPT_HANDLER,
    AST_ARGUMENTS,
    AST_ARG,
    AST_WITH_ITEM,
    AST_ALIAS,
    AST_MATCH_CASE,
    /* patterns of a match statement's cases (Note [Patterns] in
     * runtime/exec_match.c) */
    AST_MATCH_VALUE,
    AST_MATCH_SINGLETON,
    AST_MATCH_SEQUENCE,
    AST_MATCH_MAPPING,
    AST_MATCH_CLASS,
    AST_MATCH_STAR,
    AST_MATCH_AS,
    AST_MATCH_OR,
    AST_KIND_COUNT
} cg_ast_kind;

/* Operators, in the order of Python's ast classes. */
typedef enum {
    OP_ADD,
    OP_SUB,
    OP_MULT,
    OP_MATMULT,
    OP_DIV,
    OP_MOD,
    OP_POW,
    OP_LSHIFT,
    OP_RSHIFT,
    OP_BITOR,
    OP_BITXOR,
    OP_BITAND,
    OP_FLOORDIV,
    OP_BIN_COUNT
} cg_binop;
typedef enum { OP_INVERT, OP_NOT, OP_UADD, OP_USUB } cg_unaryop;
typedef enum { OP_AND, OP_OR } cg_boolop;
typedef enum { OP_EQ, OP_NOT_EQ, OP_LT, OP_LT_E, OP_GT, OP_GT_E, OP_IS, OP_IS_NOT, OP_IN, OP_NOT_IN } cg_cmpop;

/* Expression context, as Python's Load/Store/Del. */
typedef enum { CTX_LOAD, CTX_STORE, CTX_DEL } cg_ast_ctx;

typedef enum {
    CONST_NONE,
    CONST_TRUE,
    CONST_FALSE,
    CONST_ELLIPSIS,
    CONST_INT,
    CONST_FLOAT,
    CONST_STR,
    CONST_BYTES,   /* s/len: the bytes */
    CONST_COMPLEX, /* f: the imaginary part of an imaginary literal (2j) */
} cg_const_kind;

typedef struct cg_ast cg_ast;

/* A list of nodes (statements, expressions, ...), arena-allocated. */
typedef struct {
    int n;
    cg_ast **items;
} cg_ast_list;

/* How a name is reached, filled in by the resolver (scope.c). */
typedef enum {
    RES_UNRESOLVED, /* the parser's value */
    RES_GLOBAL,     /* the module's dict, then builtins */
    RES_LOCAL,      /* a slot of the function's frame */
    RES_CELL,       /* a slot holding a cell shared with inner functions */
    RES_FREE,       /* a cell captured from an enclosing function */
    RES_CLASS,      /* a class body's namespace, then globals */
} cg_res_kind;

typedef struct {
    cg_res_kind kind;
    int slot;    /* frame slot for LOCAL/CELL/FREE */
    void *name;  /* the interned name (a cg_str *), set by the resolver */
    void *cache; /* the evaluator's inline cache, owned by it */
} cg_ast_res;

struct cg_ast {
    cg_ast_kind kind;
    int line, col;         /* 1-based line, 0-based column in bytes */
    int end_line, end_col; /* where the node's text ends (exclusive) */
    union {
        /* AST_MODULE */
        struct {
            cg_ast_list body;
            /* set before resolving a notebook cell: `await` may stand at
             * its top level (IPython's autoawait) */
            bool top_level_await;
        } module;
        /* AST_EXPR_STMT, AST_RETURN, AST_YIELD (value may be NULL),
         * AST_YIELD_FROM, AST_AWAIT */
        struct {
            cg_ast *value;
        } expr;
        /* AST_ASSIGN: a = b = value */
        struct {
            cg_ast_list targets;
            cg_ast *value;
        } assign;
        /* AST_AUG_ASSIGN: target op= value */
        struct {
            cg_ast *target;
            cg_binop op;
            cg_ast *value;
        } aug;
        /* AST_ANN_ASSIGN: target: annotation (= value)? */
        struct {
            cg_ast *target;
            cg_ast *annotation;
            cg_ast *value;
        } ann;
        /* AST_IF, AST_WHILE */
        struct {
            cg_ast *test;
            cg_ast_list body, orelse;
        } cond;
        /* AST_FOR (`async for` when is_async) */
        struct {
            cg_ast *target, *iter;
            cg_ast_list body, orelse;
            bool is_async;
        } for_;
        /* AST_FUNCTION_DEF, AST_LAMBDA (body holds one AST_RETURN) */
        struct {
            const char *name; /* "<lambda>" for a lambda */
            cg_ast *args;     /* AST_ARGUMENTS */
            cg_ast_list body, decorators;
            void *scope;     /* the resolver's cg_scope */
            cg_ast *returns; /* the `-> annotation` of a def, or NULL */
            bool is_async;   /* `async def` */
        } func;
        /* AST_CLASS_DEF */
        struct {
            const char *name;
            cg_ast_list bases, keywords, body, decorators;
            void *scope;
        } cls;
        /* AST_TRY */
        struct {
            cg_ast_list body, handlers, orelse, finalbody;
            bool star; /* except* clauses: TryStar */
        } try_;
        /* AST_EXCEPT_HANDLER: except type as name: body */
        struct {
            cg_ast *type;
            const char *name;
            cg_ast_res res;
            cg_ast_list body;
        } handler;
        /* AST_RAISE: raise exc from cause (both may be NULL) */
        struct {
            cg_ast *exc, *cause;
        } raise;
        /* AST_ASSERT */
        struct {
            cg_ast *test, *msg;
        } assert_;
        /* AST_WITH (`async with` when is_async) */
        struct {
            cg_ast_list items, body;
            bool is_async;
        } with;
        /* AST_WITH_ITEM */
        struct {
            cg_ast *context_expr, *optional_vars;
        } with_item;
        /* AST_DELETE */
        struct {
            cg_ast_list targets;
        } del;
        /* AST_GLOBAL, AST_NONLOCAL */
        struct {
            int n;
            const char **names;
        } names;
        /* AST_IMPORT, AST_IMPORT_FROM (module is NULL for `from . import`) */
        struct {
            const char *module;
            int level;
            cg_ast_list names;
        } import;
        /* AST_ALIAS: name as asname (asname may be NULL); res is the target */
        struct {
            const char *name, *asname;
            cg_ast_res res;
        } alias;

        /* AST_NAME */
        struct {
            const char *id;
            cg_ast_ctx ctx;
            cg_ast_res res;
        } name;
        /* AST_CONSTANT. A str holds its decoded UTF-8 bytes. An int literal
         * too big for 64 bits sets `overflow`: evaluating it raises
         * OverflowError; its decimal digits are then in s/len. */
        struct {
            cg_const_kind kind;
            int64_t i;
            double f;
            const char *s;
            size_t len;
            bool overflow;
            bool u_prefix; /* a str written u'...': ast's kind='u' */
            void *value;   /* the resolver's constant object */
        } constant;
        /* AST_JOINED_STR: parts are AST_CONSTANT strs and AST_FORMATTED_VALUEs */
        struct {
            cg_ast_list values;
        } joined;
        /* AST_FORMATTED_VALUE: {value!conversion:format_spec}; conversion is
         * -1 or 's', 'r', 'a'; format_spec is NULL or an AST_JOINED_STR.
         * `{x=}` is expanded by the parser as Python does. */
        struct {
            cg_ast *value;
            int conversion;
            cg_ast *format_spec;
        } fmt;
        /* AST_LIST, AST_TUPLE, AST_SET */
        struct {
            cg_ast_list elts;
            cg_ast_ctx ctx;
        } seq;
        /* AST_DICT: a NULL key means `**values[i]` */
        struct {
            cg_ast_list keys, values;
        } dict;
        /* AST_BIN_OP */
        struct {
            cg_ast *left;
            cg_binop op;
            cg_ast *right;
        } bin;
        /* AST_UNARY_OP */
        struct {
            cg_unaryop op;
            cg_ast *operand;
        } unary;
        /* AST_BOOL_OP: values[0] op values[1] op ... */
        struct {
            cg_boolop op;
            cg_ast_list values;
        } boolop;
        /* AST_COMPARE: left ops[0] comparators[0] ops[1] ... */
        struct {
            cg_ast *left;
            int n;
            cg_cmpop *ops;
            cg_ast_list comparators;
        } compare;
        /* AST_CALL: args may hold AST_STARRED; keywords are AST_KEYWORD */
        struct {
            cg_ast *func;
            cg_ast_list args, keywords;
        } call;
        /* AST_KEYWORD: arg=value, or **value when arg is NULL */
        struct {
            const char *arg;
            cg_ast *value;
        } keyword;
        /* AST_ATTRIBUTE */
        struct {
            cg_ast *value;
            const char *attr;
            cg_ast_ctx ctx;
            void *name;
            void *cache;
        } attr;
        /* AST_SUBSCRIPT: slice is any expression, an AST_SLICE or a tuple of them */
        struct {
            cg_ast *value, *slice;
            cg_ast_ctx ctx;
        } sub;
        /* AST_SLICE: lower:upper:step, each may be NULL */
        struct {
            cg_ast *lower, *upper, *step;
        } slice;
        /* AST_STARRED */
        struct {
            cg_ast *value;
            cg_ast_ctx ctx;
        } starred;
        /* AST_IF_EXP: body if test else orelse */
        struct {
            cg_ast *test, *body, *orelse;
        } ifexp;
        /* AST_LIST_COMP, AST_SET_COMP, AST_GENERATOR_EXP (elt),
         * AST_DICT_COMP (key, value); generators are AST_COMPREHENSIONs */
        struct {
            cg_ast *elt, *key, *value;
            cg_ast_list generators;
            void *scope;
        } comp;
        /* AST_COMPREHENSION: (async) for target in iter if ifs... */
        struct {
            cg_ast *target, *iter;
            cg_ast_list ifs;
            bool is_async;
        } gen;
        /* AST_NAMED_EXPR: target := value */
        struct {
            cg_ast *target, *value;
        } named;
        /* AST_ARGUMENTS: defaults align with the last args; kw_defaults
         * with kwonlyargs (NULL entries for no default) */
        struct {
            cg_ast_list posonlyargs, args, kwonlyargs, defaults, kw_defaults;
            cg_ast *vararg, *kwarg; /* AST_ARG or NULL */
        } arguments;
        /* AST_ARG */
        struct {
            const char *arg;
            cg_ast *annotation;
            cg_ast_res res;
        } arg;
        /* AST_MATCH: match subject: cases (AST_MATCH_CASEs) */
        struct {
            cg_ast *subject;
            cg_ast_list cases;
        } match;
        /* AST_MATCH_CASE: case pattern if guard: body (guard may be NULL) */
        struct {
            cg_ast *pattern, *guard;
            cg_ast_list body;
        } match_case;
        /* Every pattern, as Python's classes:
         *   MatchValue(value)            value: an expression
         *   MatchSingleton(value)        value: an AST_CONSTANT (None, True, False)
         *   MatchSequence(patterns)
         *   MatchMapping(keys, patterns, rest)   rest: name or NULL
         *   MatchClass(cls, patterns, kwd_attrs, kwd_patterns)   cls: value
         *   MatchStar(name)              name may be NULL (`*_`)
         *   MatchAs(pattern, name)       both may be NULL (`_`)
         *   MatchOr(patterns)
         * res is where `name` is stored, filled in by the resolver. */
        struct {
            cg_ast *value, *pattern;
            cg_ast_list patterns, keys, kwd_patterns;
            int nkwd;
            const char **kwd_attrs;
            const char *name;
            cg_ast_res res;
        } pat;
    } u;
};

/* The arena of one parse: nodes, lists and strings, plus the source text
 * (tracebacks quote its lines). Reference counted: functions and classes
 * defined by the cell keep it alive. */
typedef struct cg_ast_arena cg_ast_arena;

/* What the parser reports on a syntax error, as Python's SyntaxError
 * (and IndentationError / TabError, named by `kind`). */
typedef struct {
    char kind[32]; /* "SyntaxError", "IndentationError", "TabError" */
    char msg[256]; /* "invalid syntax", "'(' was never closed", ... */
    int line;      /* 1-based */
    int col;       /* 1-based column of the caret, as Python's offset */
    int end_col;   /* 1-based, exclusive; equal to col for one caret */
} cg_syntax_error;

typedef enum { PARSE_FILE, PARSE_SINGLE_EXPR } cg_parse_mode;

/* Parses `src` (UTF-8, `len` bytes) read from `filename` (for messages).
 * Returns the arena holding an AST_MODULE (cg_ast_arena_root) or, on a
 * syntax error, NULL with *err filled. Never aborts on any input; nesting
 * deeper than Python's limit (200 parentheses, 100 blocks) is an error
 * ("too many nested parentheses", "too many statically nested blocks"). */
cg_ast_arena *cg_parse(const char *src, size_t len, const char *filename, cg_syntax_error *err);

cg_ast *cg_ast_arena_root(cg_ast_arena *arena);
const char *cg_ast_arena_filename(const cg_ast_arena *arena);
/* Line `line` (1-based) of the source without its newline; *n gets its
 * length. NULL past the end. */
const char *cg_ast_arena_line(const cg_ast_arena *arena, int line, size_t *n);
void cg_ast_arena_retain(cg_ast_arena *arena);
void cg_ast_arena_release(cg_ast_arena *arena);
/* Memory for the resolver's per-node data, freed with the arena. */
void *cg_ast_arena_alloc(cg_ast_arena *arena, size_t bytes);

/* What the kernel's is_complete_request answers. */
typedef enum { CG_CODE_COMPLETE, CG_CODE_INCOMPLETE, CG_CODE_INVALID } cg_code_status;
/* For an incomplete cell, *indent gets the indentation the next line should
 * have (spaces, NUL-terminated, at most 63 characters), as IPython does. */
cg_code_status cg_parse_is_complete(const char *src, size_t len, char indent[64]);

/* Python's `ast.dump(tree)` text of a node (without attributes such as line
 * numbers), malloc'd: the parser's tests compare it with CPython's. */
char *cg_ast_dump(const cg_ast *node);

#endif
