/* traceback.c: where an exception has been, and Python's way of printing it.
 *
 * Each frame an exception leaves adds (filename, line, source text,
 * function) to it, innermost first; printing reverses them under
 * "Traceback (most recent call last):", follows __cause__ and __context__
 * as Python does, and prints SyntaxErrors with their caret. */
#include <stdlib.h>
#include <string.h>

#include "interp.h"
#include "lang_internal.h"

void cg_exc_add_traceback(const cg_ast_arena *arena, int line, const char *func) {
    cg_value pending = cg_exc_peek();
    if (!cg_isinstance(pending, &cg_exc_BaseException)) return;
    cg_exc *e = (cg_exc *)pending.u.o;
    if (e->traceback.tag != CG_V_OBJ) {
        cg_value l = cg_list_new(0);
        if (cg_is_err(l)) {
            cg_exc_restore(pending);  /* keep the original exception */
            return;
        }
        e->traceback = l;
    }
    size_t n = 0;
    const char *text = cg_ast_arena_line(arena, line, &n);
    cg_value entry = cg_tuple_new(4);
    if (cg_is_err(entry)) return;
    cg_tuple *t = (cg_tuple *)entry.u.o;
    t->items[0] = cg_str_from_c(cg_ast_arena_filename(arena));
    t->items[1] = cg_int(line);
    t->items[2] = text ? cg_str_new(text, n) : CG_NONE;
    t->items[3] = cg_str_from_c(func);
    if (!cg_is_err(t->items[0]) && !cg_is_err(t->items[2]) && !cg_is_err(t->items[3]))
        cg_list_append(e->traceback, entry);
    for (int i = 0; i < 4; i++)
        if (cg_is_err(t->items[i])) t->items[i] = CG_NONE;
    cg_decref(entry);
}

static void put_stripped(cg_sbuf *b, const char *s) {
    while (*s == ' ' || *s == '\t' || *s == '\f') s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\n')) n--;
    cg_sbuf_put(b, s, n);
}

/* "ValueError", "torch.cuda.OutOfMemoryError", a class's name. */
void cg_exc_type_label(cg_sbuf *b, cg_value exc) {
    cg_type *t = cg_typeof(exc);
    if (t->module && strcmp(t->module, "builtins") && strcmp(t->module, "__main__"))
        cg_sbuf_printf(b, "%s.", t->module);
    cg_sbuf_puts(b, t->name);
}

static void format_syntax_error(cg_sbuf *b, cg_value exc) {
    cg_dict *d = cg_instance_dict(exc);
    cg_value file = d ? cg_dict_get_str_borrowed(d, cg_str_intern("filename")) : CG_STOP;
    cg_value line = d ? cg_dict_get_str_borrowed(d, cg_str_intern("lineno")) : CG_STOP;
    cg_value text = d ? cg_dict_get_str_borrowed(d, cg_str_intern("text")) : CG_STOP;
    cg_value off = d ? cg_dict_get_str_borrowed(d, cg_str_intern("offset")) : CG_STOP;
    cg_value end = d ? cg_dict_get_str_borrowed(d, cg_str_intern("end_offset")) : CG_STOP;
    if (cg_is_str(file) && line.tag == CG_V_INT)
        cg_sbuf_printf(b, "  File \"%s\", line %lld\n", cg_str_cstr(file), (long long)line.u.i);
    if (cg_is_str(text)) {
        const char *s = cg_str_cstr(text);
        size_t lead = 0;
        while (s[lead] == ' ' || s[lead] == '\t' || s[lead] == '\f') lead++;
        cg_sbuf_puts(b, "    ");
        put_stripped(b, s);
        cg_sbuf_putc(b, '\n');
        if (off.tag == CG_V_INT && off.u.i >= 1) {
            int64_t col = off.u.i - 1 - (int64_t)lead;
            int64_t width = end.tag == CG_V_INT && end.u.i > off.u.i ? end.u.i - off.u.i : 1;
            if (col < 0) col = 0;
            cg_sbuf_puts(b, "    ");
            for (int64_t i = 0; i < col; i++) cg_sbuf_putc(b, ' ');
            for (int64_t i = 0; i < width; i++) cg_sbuf_putc(b, '^');
            cg_sbuf_putc(b, '\n');
        }
    }
}

static void format_one(cg_sbuf *b, cg_value exc, int depth) {
    if (!cg_isinstance(exc, &cg_exc_BaseException)) return;
    cg_exc *e = (cg_exc *)exc.u.o;
    if (depth < 32) {
        if (e->cause.tag != CG_V_NONE) {
            format_one(b, e->cause, depth + 1);
            cg_sbuf_puts(b, "\nThe above exception was the direct cause of the following exception:\n\n");
        } else if (e->context.tag != CG_V_NONE) {
            format_one(b, e->context, depth + 1);
            cg_sbuf_puts(b, "\nDuring handling of the above exception, another exception occurred:\n\n");
        }
    }
    if (e->traceback.tag == CG_V_OBJ) {
        cg_list *tb = (cg_list *)e->traceback.u.o;
        if (tb->len) cg_sbuf_puts(b, "Traceback (most recent call last):\n");
        for (int64_t i = tb->len - 1; i >= 0; i--) {
            cg_tuple *t = (cg_tuple *)tb->items[i].u.o;
            cg_sbuf_printf(b, "  File \"%s\", line %lld, in %s\n",
                           cg_is_str(t->items[0]) ? cg_str_cstr(t->items[0]) : "?",
                           (long long)t->items[1].u.i,
                           cg_is_str(t->items[3]) ? cg_str_cstr(t->items[3]) : "?");
            if (cg_is_str(t->items[2]) && ((cg_str *)t->items[2].u.o)->len) {
                cg_sbuf_puts(b, "    ");
                put_stripped(b, cg_str_cstr(t->items[2]));
                cg_sbuf_putc(b, '\n');
            }
        }
    }
    if (cg_isinstance(exc, &cg_exc_SyntaxError)) format_syntax_error(b, exc);
    cg_exc_type_label(b, exc);
    cg_value msg = cg_exc_message(exc);
    if (cg_is_err(msg)) {
        cg_exc_clear();
        cg_sbuf_puts(b, ": <exception str() failed>");
    } else {
        if (((cg_str *)msg.u.o)->len) {
            cg_sbuf_puts(b, ": ");
            cg_sbuf_puts(b, cg_str_cstr(msg));
        }
        cg_decref(msg);
    }
    cg_sbuf_putc(b, '\n');
}

char *cg_traceback_format(cg_value exc) {
    cg_sbuf b = {0};
    cg_value saved = cg_exc_fetch();
    format_one(&b, exc, 0);
    cg_exc_restore(saved);
    cg_sbuf_putc(&b, 0);
    if (b.failed) {
        cg_sbuf_free(&b);
        return NULL;
    }
    return b.data;
}
