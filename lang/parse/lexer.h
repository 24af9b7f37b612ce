/* lexer.h: the tokens of a cell, as CPython 3.11's tokenizer makes them.
 *
 * The lexer turns the whole (newline-normalised) source into one array of
 * tokens, INDENT/DEDENT included, and stops at the first error with an
 * ERRORTOKEN that records it. Positions follow CPython's Token fields
 * exactly (byte columns, -1 where CPython has no column) because the
 * parser's SyntaxError positions are computed from them as pegen does.
 *
 * This is not the parser: keywords are told apart here for speed, but
 * which token may follow which is parser.c's business. */
#ifndef CG_LEXER_H
#define CG_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "parse/ast.h"

/* CPython's limits (tokenizer.h): brackets and indentation levels. */
#define CG_LEX_MAXLEVEL 200
#define CG_LEX_MAXINDENT 100

typedef enum {
    TK_ENDMARKER,
    TK_NAME,
    TK_NUMBER,
    TK_STRING,
    TK_NEWLINE,
    TK_INDENT,
    TK_DEDENT,
    /* operators and delimiters */
    TK_LPAR,
    TK_RPAR,
    TK_LSQB,
    TK_RSQB,
    TK_COLON,
    TK_COMMA,
    TK_SEMI,
    TK_PLUS,
    TK_MINUS,
    TK_STAR,
    TK_SLASH,
    TK_VBAR,
    TK_AMPER,
    TK_LESS,
    TK_GREATER,
    TK_EQUAL,
    TK_DOT,
    TK_PERCENT,
    TK_LBRACE,
    TK_RBRACE,
    TK_EQEQUAL,
    TK_NOTEQUAL,
    TK_LESSEQUAL,
    TK_GREATEREQUAL,
    TK_TILDE,
    TK_CIRCUMFLEX,
    TK_LEFTSHIFT,
    TK_RIGHTSHIFT,
    TK_DOUBLESTAR,
    TK_PLUSEQUAL,
    TK_MINEQUAL,
    TK_STAREQUAL,
    TK_SLASHEQUAL,
    TK_PERCENTEQUAL,
    TK_AMPEREQUAL,
    TK_VBAREQUAL,
    TK_CIRCUMFLEXEQUAL,
    TK_LEFTSHIFTEQUAL,
    TK_RIGHTSHIFTEQUAL,
    TK_DOUBLESTAREQUAL,
    TK_DOUBLESLASH,
    TK_DOUBLESLASHEQUAL,
    TK_AT,
    TK_ATEQUAL,
    TK_RARROW,
    TK_ELLIPSIS,
    TK_COLONEQUAL,
    TK_OP, /* a character that is no operator (`$`, `?`, `!`): CPython's OP */
    /* keywords (CPython's parser tells them from NAME; we do it here) */
    TK_FALSE,
    TK_NONE,
    TK_TRUE,
    TK_AND,
    TK_AS,
    TK_ASSERT,
    TK_ASYNC,
    TK_AWAIT,
    TK_BREAK,
    TK_CLASS,
    TK_CONTINUE,
    TK_DEF,
    TK_DEL,
    TK_ELIF,
    TK_ELSE,
    TK_EXCEPT,
    TK_FINALLY,
    TK_FOR,
    TK_FROM,
    TK_GLOBAL,
    TK_IF,
    TK_IMPORT,
    TK_IN,
    TK_IS,
    TK_LAMBDA,
    TK_NONLOCAL,
    TK_NOT,
    TK_OR,
    TK_PASS,
    TK_RAISE,
    TK_RETURN,
    TK_TRY,
    TK_WHILE,
    TK_WITH,
    TK_YIELD,
    TK_ERRORTOKEN, /* where lexing stopped on an error; always the last token */
    TK_KIND_COUNT
} cg_tok_kind;

typedef struct {
    uint8_t kind;  /* cg_tok_kind */
    uint8_t level; /* open brackets once this token is read (tok->level) */
    int line, col; /* start; col is -1 for INDENT, DEDENT, ENDMARKER, errors */
    int end_line, end_col;
    const char *s; /* the token's text in the normalised source */
    int len;
    /* Where the tokenizer stood right after this token: tok->cur (pegen's
     * position for errors at a token with no column), and tok->buf, the
     * start of the line the tokenizer last began outside a token (a
     * multi-line string keeps it on its first line): pegen turns error
     * columns into characters over the text from there. */
    int cur_col; /* bytes from the current line's start */
    const char *buf;
} cg_token;

/* How lexing ended, as CPython's tok->done. */
typedef enum {
    LEX_DONE,     /* reached ENDMARKER */
    LEX_RAISED,   /* the tokenizer raised its own SyntaxError (err) */
    LEX_DEDENT,   /* E_DEDENT: unindent does not match any outer level */
    LEX_TABSPACE, /* E_TABSPACE: TabError */
    LEX_TOODEEP,  /* E_TOODEEP: too many levels of indentation */
    LEX_LINECONT, /* E_LINECONT: character after line continuation */
    LEX_EOF,      /* end of input inside brackets or after a backslash */
} cg_lex_done;

typedef struct {
    cg_token *toks; /* malloc'd; the last one is ENDMARKER or ERRORTOKEN */
    int n, cap;
    cg_lex_done done;
    cg_syntax_error err; /* LEX_RAISED: the error, positions in characters */
    /* Open brackets where lexing stopped, innermost last. */
    int level;
    char paren_char[CG_LEX_MAXLEVEL];
    int paren_line[CG_LEX_MAXLEVEL], paren_col[CG_LEX_MAXLEVEL];
    const char *paren_line_start[CG_LEX_MAXLEVEL];
    /* For LEX_LINECONT: the column (bytes) of the character after `\`. */
    int linecont_col;
} cg_lexed;

/* Tokenizes `src` (`len` bytes, already newline-normalised and ending with
 * '\n', NUL-terminated). Returns 0, or -1 when out of memory. */
int cg_lex(const char *src, size_t len, cg_lexed *out);
void cg_lexed_free(cg_lexed *lx);

/* The 1-based character column of byte column `col` in the line starting
 * at `line` (CPython's _PyPegen_byte_offset_to_character_offset). */
int cg_lex_char_offset(const char *line, int col);

/* Decodes one UTF-8 sequence at s (n bytes available). Returns its length
 * and sets *cp, or 0 when the bytes are not valid UTF-8. */
int cg_lex_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

/* Python's str.isprintable() for one code point, approximated outside
 * ASCII and Latin-1 by the ranges that matter in source code. */
bool cg_uni_is_printable(uint32_t cp);

#endif
