/* traceback.c: where an exception has been, and Python's way of printing it.
 *
 * Each frame an exception leaves adds (filename, line, source text,
 * function) to it, innermost first; printing reverses them under
 * "Traceback (most recent call last):", follows __cause__ and __context__
 * as Python does, and prints SyntaxErrors with their caret. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/eval.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"

/* Where Python 3.11 puts its "~~^~~" under a failing binary operation or
 * subscript: the operator's (or the brackets') offsets from the start of
 * the node's text. Returns false when the node has no anchors. */
static bool caret_anchors(const cg_ast *n, const char *text, size_t len, int *left, int *right) {
    if (n->kind == AST_BIN_OP) {
        const cg_ast *l = n->u.bin.left, *r = n->u.bin.right;
        if (l->end_line != n->line || r->line != n->line)
            return false;
        int a = l->end_col;
        while (a < r->col && (size_t)a < len && (text[a] == ' ' || text[a] == '\t'))
            a++;
        int b = a + 1;
        if (b < r->col && (size_t)b < len && text[b] != ' ' && text[b] != '\t')
            b++;
        *left = a - n->col;
        *right = b - n->col;
        return true;
    }
    if (n->kind == AST_SUBSCRIPT) {
        const cg_ast *v = n->u.sub.value, *sl = n->u.sub.slice;
        if (v->end_line != n->line || sl->end_line != n->line)
            return false;
        *left = v->end_col - n->col;
        *right = sl->end_col + 1 - n->col;
        return true;
    }
    return false;
}

/* The first line of the code a frame runs: its def's, or 1 for a module. */
static int64_t first_line(const cg_frame *f) {
    if (!f->scope || f->scope->kind == SCOPE_MODULE || !f->scope->node)
        return 1;
    return f->scope->node->line;
}

void cg_exc_add_traceback(const cg_frame *f, const cg_ast *node, int line) {
    const cg_ast_arena *arena = f->arena;
    const char *func = f->name;
    cg_value pending = cg_exc_peek_borrowed();
    if (!cg_isinstance(pending, &cg_exc_BaseException))
        return;
    cg_exc *e = (cg_exc *)pending.u.o;
    if (e->traceback.tag != CG_V_OBJ) {
        cg_value l = cg_list_new(0);
        if (cg_is_err(l)) {
            cg_exc_restore(pending); /* keep the original exception */
            return;
        }
        e->traceback = l;
    }
    size_t n = 0;
    const char *text = cg_ast_arena_line(arena, line, &n);
    int col = -1, end = -1, left = -1, right = -1;
    if (node && text && node->line == line) {
        col = node->col;
        end = node->end_line == line ? node->end_col : -1;
        if (end >= 0 && !caret_anchors(node, text, n, &left, &right))
            left = right = -1;
    }
    cg_value entry = cg_tuple_new(11);
    if (cg_is_err(entry))
        return;
    cg_tuple *t = (cg_tuple *)entry.u.o;
    t->items[0] = cg_str_from_c(cg_ast_arena_filename(arena));
    t->items[1] = cg_int(line);
    t->items[2] = text ? cg_str_new(text, n) : CG_NONE;
    t->items[3] = cg_str_from_c(func);
    t->items[4] = cg_int(col);
    t->items[5] = cg_int(end);
    t->items[6] = cg_int(left);
    t->items[7] = cg_int(right);
    t->items[8] = cg_incref(cg_obj_value(f->globals));
    t->items[9] = f->func ? cg_incref(f->func->qualname) : cg_str_from_c(func);
    t->items[10] = cg_int(first_line(f));
    if (cg_is_err(t->items[9]))
        t->items[9] = CG_NONE;
    if (!cg_is_err(t->items[0]) && !cg_is_err(t->items[2]) && !cg_is_err(t->items[3]))
        cg_list_append(e->traceback, entry);
    for (int i = 0; i < 4; i++)
        if (cg_is_err(t->items[i]))
            t->items[i] = CG_NONE;
    cg_decref(entry);
}

/* Characters (code points) in the first `bytes` bytes of s. */
static int64_t chars(const char *s, int64_t bytes) {
    int64_t n = 0;
    for (int64_t i = 0; i < bytes && s[i]; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80)
            n++;
    return n;
}

/* The caret line under a frame's source line, as CPython 3.11 draws it. */
static void put_carets(cg_strbuf *b, const char *line, cg_tuple *t) {
    int64_t col = t->items[4].u.i, end = t->items[5].u.i;
    int64_t left = t->items[6].u.i, right = t->items[7].u.i;
    if (col < 0)
        return;
    int64_t len = (int64_t)strlen(line);
    int64_t lead = 0;
    while (line[lead] == ' ' || line[lead] == '\t' || line[lead] == '\f')
        lead++;
    int64_t tail = len;
    while (tail > lead
           && (line[tail - 1] == ' ' || line[tail - 1] == '\r' || line[tail - 1] == '\n' || line[tail - 1] == '\t'
               || line[tail - 1] == '\f'))
        tail--;
    /* CPython counts the line's newline among the stripped characters,
     * and its trailing blanks; so do we, to put the carets where it does. */
    int64_t stripped_len = chars(line + lead, tail - lead);
    int64_t stripped_chars = chars(line, len) + 1 - stripped_len;
    int64_t start = chars(line, col) + 1;
    int64_t stop = end >= 0 ? chars(line, end) + 1 : stripped_chars + stripped_len;
    bool anchors = end >= 0 && left >= 0;
    int64_t aleft = anchors ? chars(line + col, left) : 0, aright = anchors ? chars(line + col, right) : 0;
    if (!(stop - start < stripped_len || (anchors && aright - aleft > 0)))
        return;
    cg_strbuf_puts(b, "    ");
    for (int64_t i = 0; i < start - stripped_chars; i++)
        cg_strbuf_putc(b, ' ');
    if (anchors) {
        for (int64_t i = 0; i < aleft; i++)
            cg_strbuf_putc(b, '~');
        for (int64_t i = aleft; i < aright; i++)
            cg_strbuf_putc(b, '^');
        for (int64_t i = aright; i < stop - start; i++)
            cg_strbuf_putc(b, '~');
    } else {
        for (int64_t i = start; i < stop; i++)
            cg_strbuf_putc(b, '^');
    }
    cg_strbuf_putc(b, '\n');
}

static void put_stripped(cg_strbuf *b, const char *s) {
    while (*s == ' ' || *s == '\t' || *s == '\f')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        n--;
    cg_strbuf_append(b, s, n);
}

/* "ValueError", "torch.cuda.OutOfMemoryError", a class's name. */
void cg_exc_type_label(cg_strbuf *b, cg_value exc) {
    cg_type *t = cg_typeof(exc);
    if (t->module && strcmp(t->module, "builtins") && strcmp(t->module, "__main__"))
        cg_strbuf_printf(b, "%s.", t->module);
    cg_strbuf_puts(b, t->name);
}

static void format_syntax_error(cg_strbuf *b, cg_value exc) {
    cg_dict *d = cg_instance_dict_borrowed(exc);
    cg_value file = d ? cg_dict_get_str_borrowed(d, cg_str_intern("filename")) : CG_STOP;
    cg_value line = d ? cg_dict_get_str_borrowed(d, cg_str_intern("lineno")) : CG_STOP;
    cg_value text = d ? cg_dict_get_str_borrowed(d, cg_str_intern("text")) : CG_STOP;
    cg_value off = d ? cg_dict_get_str_borrowed(d, cg_str_intern("offset")) : CG_STOP;
    cg_value end = d ? cg_dict_get_str_borrowed(d, cg_str_intern("end_offset")) : CG_STOP;
    if (cg_is_str(file) && line.tag == CG_V_INT)
        cg_strbuf_printf(b, "  File \"%s\", line %lld\n", cg_str_cstr(file), (long long)line.u.i);
    if (cg_is_str(text)) {
        const char *s = cg_str_cstr(text);
        size_t lead = 0;
        while (s[lead] == ' ' || s[lead] == '\t' || s[lead] == '\f')
            lead++;
        cg_strbuf_puts(b, "    ");
        put_stripped(b, s);
        cg_strbuf_putc(b, '\n');
        if (off.tag == CG_V_INT && off.u.i >= 1) {
            int64_t col = off.u.i - 1 - (int64_t)lead;
            /* CPython's printer reads end_offset of a SyntaxError only, not
             * of its subclasses: an IndentationError gets one caret */
            bool exact = cg_typeof(exc) == &cg_exc_SyntaxError;
            int64_t width = exact && end.tag == CG_V_INT && end.u.i > off.u.i ? end.u.i - off.u.i : 1;
            if (col < 0)
                col = 0;
            cg_strbuf_puts(b, "    ");
            for (int64_t i = 0; i < col; i++)
                cg_strbuf_putc(b, ' ');
            for (int64_t i = 0; i < width; i++)
                cg_strbuf_putc(b, '^');
            cg_strbuf_putc(b, '\n');
        }
    }
}

/* The notes add_note gave the exception, one per line after its message,
 * as 3.11 prints them. */
static void put_notes(cg_strbuf *b, cg_value exc) {
    cg_dict *d = cg_instance_dict_borrowed(exc);
    cg_value notes = d ? cg_dict_get_str_borrowed(d, cg_str_intern("__notes__")) : CG_STOP;
    if (notes.tag == CG_V_STOP)
        return;
    if (!cg_is_type(notes, &cg_type_list) && !cg_is_type(notes, &cg_type_tuple)) {
        cg_value r = cg_repr(notes);
        if (cg_is_err(r)) {
            cg_exc_clear();
            cg_strbuf_puts(b, "<__notes__ repr() failed>\n");
            return;
        }
        cg_strbuf_printf(b, "%s\n", cg_str_cstr(r));
        cg_decref(r);
        return;
    }
    int64_t n = cg_is_type(notes, &cg_type_list) ? ((cg_list *)notes.u.o)->len : ((cg_tuple *)notes.u.o)->len;
    cg_value *items = cg_is_type(notes, &cg_type_list) ? ((cg_list *)notes.u.o)->items : ((cg_tuple *)notes.u.o)->items;
    for (int64_t i = 0; i < n; i++) {
        cg_value s = cg_is_str(items[i]) ? cg_incref(items[i]) : cg_to_str(items[i]);
        if (cg_is_err(s)) {
            cg_exc_clear();
            cg_strbuf_puts(b, "<note str() failed>\n");
            continue;
        }
        cg_strbuf_printf(b, "%s\n", cg_str_cstr(s));
        cg_decref(s);
    }
}

/* Python prints three repetitions of a frame, then counts the rest. */
#define RECURSIVE_CUTOFF 3

static bool same_place(cg_tuple *a, cg_tuple *b) {
    if (!a || !b)
        return false;
    return a->items[1].u.i == b->items[1].u.i && cg_value_eq(a->items[0], b->items[0]) == 1
           && cg_value_eq(a->items[3], b->items[3]) == 1;
}

/* The frames of exc's traceback, outermost first, with Python's cut of
 * repeated lines. */
static void put_frames(cg_strbuf *b, const cg_exc *e) {
    cg_list *tb = (cg_list *)e->traceback.u.o;
    cg_tuple *last = NULL;
    int64_t count = 0;
    for (int64_t i = tb->len - 1; i >= -1; i--) {
        cg_tuple *t = i >= 0 ? (cg_tuple *)tb->items[i].u.o : NULL;
        if (!t || !same_place(t, last)) {
            if (count > RECURSIVE_CUTOFF)
                cg_strbuf_printf(b, "  [Previous line repeated %lld more time%s]\n",
                                 (long long)(count - RECURSIVE_CUTOFF), count - RECURSIVE_CUTOFF > 1 ? "s" : "");
            last = t;
            count = 0;
        }
        if (!t)
            break;
        if (++count > RECURSIVE_CUTOFF)
            continue;
        cg_strbuf_printf(b, "  File \"%s\", line %lld, in %s\n",
                         cg_is_str(t->items[0]) ? cg_str_cstr(t->items[0]) : "?", (long long)t->items[1].u.i,
                         cg_is_str(t->items[3]) ? cg_str_cstr(t->items[3]) : "?");
        if (cg_is_str(t->items[2]) && ((cg_str *)t->items[2].u.o)->len) {
            cg_strbuf_puts(b, "    ");
            put_stripped(b, cg_str_cstr(t->items[2]));
            cg_strbuf_putc(b, '\n');
            put_carets(b, cg_str_cstr(t->items[2]), t);
        }
    }
}

/* "ValueError: msg" (a SyntaxError's place before it), then the notes. */
static void put_exc_only(cg_strbuf *b, cg_value exc) {
    bool syntax = cg_isinstance(exc, &cg_exc_SyntaxError);
    if (syntax)
        format_syntax_error(b, exc);
    cg_exc_type_label(b, exc);
    /* a SyntaxError's place is shown above: its line gets the msg alone */
    cg_value msg = syntax ? cg_getattr(exc, cg_str_intern("msg")) : cg_exc_message(exc);
    if (syntax && !cg_is_err(msg)) {
        cg_value s = cg_to_str(msg);
        cg_decref(msg);
        msg = s;
    }
    if (cg_is_err(msg)) {
        cg_exc_clear();
        cg_strbuf_puts(b, ": <exception str() failed>");
    } else {
        if (((cg_str *)msg.u.o)->len) {
            cg_strbuf_puts(b, ": ");
            cg_strbuf_puts(b, cg_str_cstr(msg));
        }
        cg_decref(msg);
    }
    cg_strbuf_putc(b, '\n');
    put_notes(b, exc);
}

/* Note [Printing exception groups]
 * A group prints as CPython 3.11 prints it: its own traceback headed
 * "Exception Group Traceback", then each sub-exception (with its own
 * chain) in a numbered box, nested groups in boxes within. Every line
 * inside a box is indented two spaces a level and prefixed "| " (the
 * outermost group's header line "+ "); a group shows 15 exceptions and
 * "and N more exceptions", and 10 levels of nesting. */
enum { GROUP_MAX_WIDTH = 15, GROUP_MAX_DEPTH = 10 };

typedef struct {
    cg_strbuf *out;
    int group_depth; /* boxes the lines are in */
    bool need_close; /* the innermost box still lacks its bottom line */
} print_ctx;

static void put_indent(print_ctx *c) {
    for (int i = 0; i < 2 * c->group_depth; i++)
        cg_strbuf_putc(c->out, ' ');
}

/* Writes text's lines into the boxes they are in. */
static void emit(print_ctx *c, const char *text, size_t n, char margin) {
    if (!c->group_depth) {
        cg_strbuf_append(c->out, text, n);
        return;
    }
    size_t i = 0;
    while (i < n) {
        const char *nl = memchr(text + i, '\n', n - i);
        size_t end = nl ? (size_t)(nl - text) + 1 : n;
        put_indent(c);
        cg_strbuf_putc(c->out, margin);
        cg_strbuf_putc(c->out, ' ');
        cg_strbuf_append(c->out, text + i, end - i);
        i = end;
    }
}

static void emit_str(print_ctx *c, const char *text) { emit(c, text, strlen(text), '|'); }

static void format_one(print_ctx *c, cg_value exc, int depth);

/* The group's sub-exceptions, each in its numbered box. */
static void format_group_members(print_ctx *c, cg_value exc, int depth) {
    const cg_tuple *t = (const cg_tuple *)cg_exc_group_exceptions(exc).u.o;
    int64_t n = t->len <= GROUP_MAX_WIDTH ? t->len : GROUP_MAX_WIDTH + 1;
    c->need_close = false;
    for (int64_t i = 0; i < n; i++) {
        bool last = i == n - 1, truncated = i >= GROUP_MAX_WIDTH;
        if (last)
            c->need_close = true; /* unless a nested group closes it */
        put_indent(c);
        cg_strbuf_puts(c->out, i == 0 ? "+-" : "  ");
        if (truncated)
            cg_strbuf_puts(c->out, "+---------------- ... ----------------\n");
        else
            cg_strbuf_printf(c->out, "+---------------- %lld ----------------\n", (long long)i + 1);
        c->group_depth++;
        if (!truncated) {
            format_one(c, t->items[i], depth + 1);
        } else {
            char more[64];
            int64_t left = t->len - GROUP_MAX_WIDTH;
            snprintf(more, sizeof more, "and %lld more exception%s\n", (long long)left, left > 1 ? "s" : "");
            emit_str(c, more);
        }
        if (last && c->need_close) {
            put_indent(c);
            cg_strbuf_puts(c->out, "+------------------------------------\n");
            c->need_close = false;
        }
        c->group_depth--;
    }
}

static void format_one(print_ctx *c, cg_value exc, int depth) {
    if (!cg_isinstance(exc, &cg_exc_BaseException))
        return;
    cg_exc *e = (cg_exc *)exc.u.o;
    if (depth < 32) {
        if (e->cause.tag != CG_V_NONE) {
            format_one(c, e->cause, depth + 1);
            emit_str(c, "\nThe above exception was the direct cause of the following exception:\n\n");
        } else if (e->context.tag != CG_V_NONE && !e->suppress_context) {
            format_one(c, e->context, depth + 1);
            emit_str(c, "\nDuring handling of the above exception, another exception occurred:\n\n");
        }
    }
    bool group = cg_exc_is_group(exc);
    if (group && c->group_depth > GROUP_MAX_DEPTH) {
        char s[64];
        snprintf(s, sizeof s, "... (max_group_depth is %d)\n", GROUP_MAX_DEPTH);
        emit_str(c, s);
        return;
    }
    bool toplevel = group && c->group_depth == 0;
    if (toplevel)
        c->group_depth++;
    cg_strbuf b = {0};
    if (e->traceback.tag == CG_V_OBJ && ((cg_list *)e->traceback.u.o)->len) {
        const char *head = group ? "Exception Group Traceback (most recent call last):\n"
                                 : "Traceback (most recent call last):\n";
        emit(c, head, strlen(head), toplevel ? '+' : '|');
        put_frames(&b, e);
    }
    put_exc_only(&b, exc);
    if (b.failed)
        c->out->failed = true;
    else
        emit(c, b.data, b.len, '|');
    cg_strbuf_free(&b);
    if (group)
        format_group_members(c, exc, depth);
    if (toplevel)
        c->group_depth = 0;
}

char *cg_traceback_format(cg_value exc) {
    cg_strbuf b = {0};
    cg_value saved = cg_exc_fetch();
    print_ctx c = {.out = &b};
    format_one(&c, exc, 0);
    cg_exc_restore(saved);
    cg_strbuf_putc(&b, 0);
    if (b.failed) {
        cg_strbuf_free(&b);
        return NULL;
    }
    return b.data;
}

/* An error no one can catch (in __del__, a gc callback, closing a dropped
 * generator) is printed to stderr and the program goes on, as CPython's
 * unraisable hook does: "Exception ignored in: <what raised>" and the
 * traceback. */
void cg_report_unraisable(cg_value where) {
    cg_value exc = cg_exc_fetch();
    char *tb = cg_traceback_format(exc);
    cg_value r = cg_repr(where);
    if (cg_is_err(r))
        cg_exc_clear();
    cg_strbuf b = {0};
    cg_strbuf_printf(&b, "Exception ignored in: %s\n%s", cg_is_err(r) ? "<object repr() failed>" : cg_str_cstr(r),
                     tb ? tb : "");
    if (b.data)
        cg_host_write(CG_STDERR, b.data, b.len);
    cg_strbuf_free(&b);
    cg_decref(r);
    free(tb);
    cg_decref(exc);
}
