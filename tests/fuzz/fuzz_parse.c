/* fuzz_parse.c: libFuzzer harness for the language parser.
 *
 * One input is one cell's source, any bytes. It is parsed as a file
 * (cg_parse) and asked whether it is complete (cg_parse_is_complete, what
 * the kernel answers an is_complete_request with, on every keystroke of a
 * console); a tree that parsed is dumped as ast.dump would. The parser's
 * promises (ast.h): it never aborts, answers in time about linear in the
 * input (Note [Parse budget]), and a refusal is one of Python's errors
 * with a message and a line. A broken promise aborts, which libFuzzer
 * reports as a crash; a slow input is its timeout. Not the evaluator:
 * fuzz_eval.c runs what parses. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"

static void broken(const char *promise, const cg_syntax_error *e) {
    fprintf(stderr, "fuzz_parse: broken promise: %s (%.32s: %.256s, line %d)\n", promise, e->kind, e->msg, e->line);
    abort();
}

static void check_refusal(const cg_syntax_error *e) {
    static const char *const kinds[] = {"SyntaxError", "IndentationError", "TabError", "MemoryError"};
    if (!memchr(e->kind, 0, sizeof e->kind) || !memchr(e->msg, 0, sizeof e->msg))
        broken("the error's kind and message are NUL-terminated", e);
    int known = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        known |= !strcmp(e->kind, kinds[i]);
    if (!known)
        broken("a refusal is a SyntaxError, IndentationError, TabError or MemoryError", e);
    if (strcmp(e->kind, "MemoryError") != 0 && (e->line < 1 || !e->msg[0]))
        broken("a syntax error has a message and a line", e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* A copy of exactly size bytes, no NUL after it: the parser takes a
     * length and must not read past it. */
    char *src = malloc(size ? size : 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    cg_syntax_error err;
    memset(&err, 0, sizeof err);
    cg_ast_arena *arena = cg_parse(src, size, "<fuzz>", &err);
    if (arena) {
        char *dump = cg_ast_dump(cg_ast_arena_root(arena));
        free(dump);
        cg_ast_arena_release(arena);
    } else {
        check_refusal(&err);
    }
    char indent[64];
    cg_code_status st = cg_parse_is_complete(src, size, indent);
    if (st == CG_CODE_INCOMPLETE && !memchr(indent, 0, sizeof indent))
        broken("the indent of an incomplete cell is NUL-terminated", &err);
    free(src);
    return 0;
}
