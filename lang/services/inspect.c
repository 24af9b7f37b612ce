/* inspect.c: what `obj?` shows, for inspect_request.
 *
 * Finds the name the cursor is in (or the callable whose parentheses it
 * is inside) as IPython's token_at_cursor does, follows it without calls
 * (introspect.c), and lays out headed fields as IPython's oinspect does:
 * "Signature:", "Docstring:", "Type:", "String form:", ..., each head
 * padded to the longest. Builtin functions show the signature text they
 * are declared with (the one argparse.c binds by) and their one-line doc
 * (docs.c when the declaration has none). Not completion (complete.c). */
#include <stdlib.h>
#include <string.h>

#include "runtime/eval.h"
#include "services/introspect.h"
#include "runtime/module.h"
#include "services/services.h"
#include "torch/tensor_obj.h"

/* ---- the token at the cursor ------------------------------------------------------- */

typedef enum { TK_NAME, TK_OP, TK_OTHER } tok_kind;

typedef struct {
    tok_kind kind;
    const char *s;
    size_t n;
    bool col0;
} token;

static size_t skip_string(const char *p, const char *end) {
    const char *q = p;
    char quote = *q;
    bool triple = end - q >= 3 && q[1] == quote && q[2] == quote;
    q += triple ? 3 : 1;
    while (q < end) {
        if (*q == '\\' && q + 1 < end) {
            q += 2;
        } else if (*q == quote && (!triple || (end - q >= 3 && q[1] == quote && q[2] == quote))) {
            return (size_t)(q + (triple ? 3 : 1) - p);
        } else if (*q == '\n' && !triple) {
            break;
        } else {
            q++;
        }
    }
    return (size_t)(q - p);
}

static bool string_prefix(const char *s, size_t n) {
    if (n > 2)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!strchr("rRbBuUfF", s[i]))
            return false;
    return true;
}

/* The next token at or after *p, or false at the end. */
static bool next_token(const char **p, const char *end, const char *code, token *t) {
    const char *q = *p;
    while (q < end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || *q == '\\'))
        q++;
    while (q < end && *q == '#') {
        while (q < end && *q != '\n')
            q++;
        while (q < end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'))
            q++;
    }
    if (q >= end)
        return false;
    t->s = q;
    t->col0 = q == code || q[-1] == '\n';
    unsigned char c = (unsigned char)*q;
    if (cg_ident_byte(c) && !(c >= '0' && c <= '9')) {
        while (q < end && cg_ident_byte((unsigned char)*q))
            q++;
        if (q < end && (*q == '\'' || *q == '"') && string_prefix(t->s, (size_t)(q - t->s))) {
            q += skip_string(q, end);
            t->kind = TK_OTHER;
        } else {
            t->kind = TK_NAME;
        }
    } else if (c == '\'' || c == '"') {
        q += skip_string(q, end);
        t->kind = TK_OTHER;
    } else if ((c >= '0' && c <= '9') || (c == '.' && q + 1 < end && q[1] >= '0' && q[1] <= '9')) {
        while (q < end && (cg_ident_byte((unsigned char)*q) || *q == '.'))
            q++;
        t->kind = TK_OTHER;
    } else {
        /* `=` alone matters; `==`, `+=`, `**=` are other operators. A NUL
         * (one character of the cell) is none: strchr finds every string's. */
        size_t n = 1;
        if (c && q + 1 < end && strchr("*/<>", c) && q[1] == (char)c)
            n = 2;
        if (c && q + n < end && q[n] == '=' && strchr("=!<>+-*/%&|^:@", c))
            n++;
        q += n;
        t->kind = TK_OP;
    }
    t->n = (size_t)(q - t->s);
    *p = q;
    return true;
}

/* IPython's token_at_cursor: the dotted name at the cursor; inside a
 * call's parentheses, the callable. Writes into buf; false for none. */
static bool token_at_cursor(const char *code, size_t len, size_t at, char *buf, size_t cap) {
    char names[32][256];
    int nnames = 0, ncalls = 0;
    char calls[32][256];
    const char *p = code, *end = code + len;
    token t, prev = {TK_OTHER, NULL, 0, false};
    while (next_token(&p, end, code, &t)) {
        size_t off = (size_t)(t.s - code);
        if (off >= (t.col0 ? at + 1 : at))
            break;
        if (t.kind == TK_NAME && !cg_is_keyword(t.s, t.n)) {
            if (nnames > 0 && prev.kind == TK_OP && prev.n == 1 && prev.s[0] == '.') {
                size_t k = strlen(names[nnames - 1]);
                if (k + 1 + t.n < sizeof names[0]) {
                    names[nnames - 1][k] = '.';
                    memcpy(names[nnames - 1] + k + 1, t.s, t.n);
                    names[nnames - 1][k + 1 + t.n] = 0;
                }
            } else if (t.n < sizeof names[0]) {
                if (nnames == 32)
                    memmove(names, names[1], sizeof names[0] * 31), nnames--;
                memcpy(names[nnames], t.s, t.n);
                names[nnames++][t.n] = 0;
            }
        } else if (t.kind == TK_OP && t.n == 1) {
            if (t.s[0] == '=' && nnames > 0)
                nnames--;
            if (t.s[0] == '(' && nnames > 0) {
                if (ncalls == 32)
                    memmove(calls, calls[1], sizeof calls[0] * 31), ncalls--;
                memcpy(calls[ncalls++], names[nnames - 1], sizeof calls[0]);
            } else if (t.s[0] == ')' && ncalls > 0) {
                ncalls--;
            }
        }
        prev = t;
        if (off + t.n > at)
            break;
    }
    const char *name = ncalls ? calls[ncalls - 1] : nnames ? names[nnames - 1] : NULL;
    if (!name || strlen(name) >= cap)
        return false;
    strcpy(buf, name);
    return true;
}

/* ---- fields ------------------------------------------------------------------------------ */

typedef struct {
    const char *head[16];
    char *body[16];
    int n;
} fields;

static void field(fields *f, const char *head, char *body) {
    if (!body)
        return;
    if (f->n == 16) {
        free(body);
        return;
    }
    f->head[f->n] = head;
    f->body[f->n++] = body;
}

static char *dup(const char *s) { return s ? strdup(s) : NULL; }

/* IPython's format_mime: "Head:" padded to the longest head, then the
 * body on the same line, or on the next when it has several lines. */
static char *format_fields(fields *f) {
    size_t w = 0;
    for (int i = 0; i < f->n; i++)
        if (strlen(f->head[i]) > w)
            w = strlen(f->head[i]);
    cg_strbuf b = {0};
    for (int i = 0; i < f->n; i++) {
        char *body = f->body[i];
        size_t n = strlen(body);
        while (n > 0 && body[n - 1] == '\n')
            n--;
        while (n > 0 && body[0] == '\n')
            body++, n--;
        bool multi = memchr(body, '\n', n) != NULL;
        cg_strbuf_printf(&b, "%s%s:%*s%c", i ? "\n" : "", f->head[i], (int)(w - strlen(f->head[i])), "",
                         multi ? '\n' : ' ');
        cg_strbuf_append(&b, body, n);
        free(f->body[i]);
    }
    cg_strbuf_putc(&b, 0);
    if (b.failed) {
        free(b.data);
        return NULL;
    }
    return b.data;
}

/* str(v) or repr(v) as a malloc'd C string; NULL (cleared) on error. */
static char *text_of(cg_value v, bool repr) {
    cg_value s = repr ? cg_repr(v) : cg_to_str(v);
    if (cg_is_err(s)) {
        cg_exc_clear();
        return NULL;
    }
    char *r = dup(cg_str_cstr(s));
    cg_decref(s);
    return r;
}

/* IPython's string form: str(obj), cut to 200 code points around " <...> ". */
static char *string_form(cg_value v) {
    char *s = text_of(v, false);
    if (!s)
        return NULL;
    size_t n = strlen(s), cps = cg_utf8_count(s, n);
    if (cps <= 200)
        return s;
    size_t head = cg_utf8_offset(s, n, 97), tail = cg_utf8_offset(s, n, cps - 97);
    cg_strbuf b = {0};
    cg_strbuf_append(&b, s, head);
    cg_strbuf_puts(&b, " <...> ");
    cg_strbuf_puts(&b, s + tail);
    cg_strbuf_putc(&b, 0);
    free(s);
    return b.failed ? (free(b.data), NULL) : b.data;
}

static char *qualify(const char *a, const char *b) {
    cg_strbuf s = {0};
    cg_strbuf_printf(&s, "%s.%s", a, b);
    cg_strbuf_putc(&s, 0);
    return s.failed ? (free(s.data), NULL) : s.data;
}

/* ---- builtin functions ------------------------------------------------------------- */

/* The type whose dict (or whose bases' dicts) holds `name`, for an unbound
 * method found through its owner. */
static const cg_type *owner_of(cg_value parent, const char *name) {
    if (parent.tag == CG_V_STOP)
        return NULL;
    const cg_type *t = cg_isinstance(parent, &cg_type_type) ? (cg_type *)parent.u.o : cg_typeof(parent);
    cg_str *key = cg_str_intern(name);
    for (; t; t = t->base)
        if (t->dict && cg_dict_get_str_borrowed(t->dict, key).tag != CG_V_STOP)
            return t;
    return NULL;
}

static char *builtin_qualname(const cg_builtin *b, cg_value parent) {
    if (cg_is_type(b->self, &cg_type_module))
        return qualify(cg_module_name(b->self), b->def->name);
    const cg_type *t = b->self.tag == CG_V_STOP ? owner_of(parent, b->def->name) : cg_typeof(b->self);
    if (!t)
        return dup(b->def->name);
    cg_strbuf s = {0};
    cg_strbuf_printf(&s, "%s.%s.%s", t->module, t->name, b->def->name);
    cg_strbuf_putc(&s, 0);
    return s.failed ? (free(s.data), NULL) : s.data;
}

/* The length of "name(params)" at the start of s, through the ')' that
 * closes the first '(' (0 when there is none). */
static size_t sig_length(const char *s) {
    const char *p = strchr(s, '(');
    int depth = 0;
    for (; p && *p; p++) {
        if (*p == '(')
            depth++;
        if (*p == ')' && --depth == 0)
            return (size_t)(p - s + 1);
    }
    return 0;
}

/* "oname(params)" from a declared signature "name(params)". */
static char *signature_from(const char *oname, const char *sig, size_t n) {
    const char *paren = memchr(sig, '(', n);
    if (!paren)
        return NULL;
    cg_strbuf s = {0};
    cg_strbuf_puts(&s, oname);
    cg_strbuf_append(&s, paren, n - (size_t)(paren - sig));
    cg_strbuf_putc(&s, 0);
    return s.failed ? (free(s.data), NULL) : s.data;
}

static void builtin_fields(fields *f, const char *oname, cg_value v, cg_value parent) {
    const cg_builtin *b = (const cg_builtin *)v.u.o;
    const char *sig = b->def->sig, *doc = b->def->doc;
    size_t siglen = sig ? sig_length(sig) : 0;
    /* A declaration without a signature may start its doc with one:
     * "len(obj, /): Return the number of items in a container." */
    size_t nlen = strlen(b->def->name);
    if (!sig && doc && strncmp(doc, b->def->name, nlen) == 0 && doc[nlen] == '(' && (siglen = sig_length(doc))) {
        sig = doc;
        doc = strncmp(doc + siglen, ": ", 2) == 0 ? doc + siglen + 2 : NULL;
    }
    char *qual = builtin_qualname(b, parent);
    if (!doc && qual)
        doc = cg_doc_lookup(qual);
    if (!sig && qual && (sig = cg_doc_signature(qual)))
        siglen = sig_length(sig);
    field(f, "Signature", siglen ? signature_from(oname, sig, siglen) : NULL);
    field(f, "Docstring", dup(doc ? doc : "<no docstring>"));
    field(f, "Type", dup(cg_type_name(v)));
    free(qual);
}

/* ---- functions written in the language --------------------------------------------- */

static char *params_text(const cg_params *p, int skip) {
    cg_strbuf s = {0};
    bool star = false;
    for (int i = skip; i < p->n; i++) {
        if (i > skip)
            cg_strbuf_puts(&s, ", ");
        if (p->kinds[i] == PARAM_KW_ONLY && !star && p->varpos < 0)
            cg_strbuf_puts(&s, "*, ");
        if (p->kinds[i] == PARAM_VAR_POS)
            cg_strbuf_puts(&s, "*"), star = true;
        if (p->kinds[i] == PARAM_KW_ONLY)
            star = true;
        if (p->kinds[i] == PARAM_VAR_KW)
            cg_strbuf_puts(&s, "**");
        cg_strbuf_puts(&s, p->names[i]->s);
        if (p->defaults && p->defaults[i].tag != CG_V_STOP) {
            cg_strbuf_putc(&s, '=');
            if (cg_repr_into(&s, p->defaults[i]) < 0)
                cg_exc_clear();
        }
        if (p->kinds[i] == PARAM_POS_ONLY && (i + 1 == p->n || p->kinds[i + 1] != PARAM_POS_ONLY))
            cg_strbuf_puts(&s, ", /");
    }
    cg_strbuf_putc(&s, 0);
    return s.failed ? (free(s.data), NULL) : s.data;
}

static char *call_signature(const char *oname, const cg_function *fn, int skip) {
    char *params = params_text(&fn->params, skip);
    if (!params)
        return NULL;
    cg_strbuf s = {0};
    cg_strbuf_printf(&s, "%s(%s)", oname, params);
    cg_strbuf_putc(&s, 0);
    free(params);
    return s.failed ? (free(s.data), NULL) : s.data;
}

/* A function's own docstring, else the one PyTorch gives the function of
 * the same module and name (the prelude's torch.nn.init.zeros_). */
static char *function_doc(const cg_function *fn) {
    if (cg_is_str(fn->doc))
        return dup(cg_str_cstr(fn->doc));
    const char *doc = NULL;
    if (cg_is_str(fn->module) && cg_is_str(fn->qualname)) {
        char *q = qualify(cg_str_cstr(fn->module), cg_str_cstr(fn->qualname));
        doc = q ? cg_doc_lookup(q) : NULL;
        free(q);
    }
    return dup(doc ? doc : "<no docstring>");
}

static void function_fields(fields *f, const char *oname, cg_value v) {
    const cg_function *fn =
        (const cg_function *)(cg_is_type(v, &cg_type_method) ? ((const cg_method *)v.u.o)->func.u.o : v.u.o);
    int skip = cg_is_type(v, &cg_type_method) ? 1 : 0;
    field(f, "Signature", call_signature(oname, fn, skip));
    field(f, "Docstring", function_doc(fn));
    field(f, "Type", dup(cg_type_name(v)));
}

/* ---- classes and other values -------------------------------------------------------- */

static char *type_doc(const cg_type *t) {
    if (t->dict) {
        cg_value d = cg_dict_get_str_borrowed(t->dict, cg_str_intern("__doc__"));
        if (cg_is_str(d))
            return dup(cg_str_cstr(d));
    }
    char *q = qualify(t->module, t->name);
    const char *doc = q ? cg_doc_lookup(q) : NULL;
    free(q);
    return dup(doc ? doc : "<no docstring>");
}

static void class_fields(fields *f, const char *oname, cg_value v) {
    const cg_type *t = (const cg_type *)v.u.o;
    cg_value init = t->dict ? cg_dict_get_str_borrowed(t->dict, cg_str_intern("__init__")) : CG_STOP;
    if (cg_is_type(init, &cg_type_function))
        field(f, "Init signature", call_signature(oname, (cg_function *)init.u.o, 1));
    field(f, "Docstring", type_doc(t));
    field(f, "Type", dup(cg_type_name(v)));
}

static char *attr_text(cg_value v, const char *name, bool repr) {
    cg_value a = cg_safe_attr(v, cg_str_intern(name));
    if (a.tag == CG_V_STOP)
        return NULL;
    char *s = text_of(a, repr);
    cg_decref(a);
    return s;
}

static void tensor_fields(fields *f, cg_value v) {
    field(f, "Shape", attr_text(v, "shape", true));
    field(f, "Dtype", attr_text(v, "dtype", true));
    field(f, "Device", attr_text(v, "device", false));
    field(f, "Requires grad", attr_text(v, "requires_grad", true));
    field(f, "Grad fn", attr_text(v, "grad_fn", true));
}

static void value_fields(fields *f, cg_value v) {
    field(f, "Type", dup(cg_type_name(v)));
    field(f, "String form", string_form(v));
    const cg_type *t = cg_typeof(v);
    if (!(t->flags & CG_TYPE_HEAP) && t->len && !(cg_is_tensor(v) && cg_tensor_of_borrowed(v)->ndim == 0)) {
        int64_t n = cg_len(v);
        if (n >= 0) {
            cg_strbuf s = {0};
            cg_strbuf_printf(&s, "%lld", (long long)n);
            cg_strbuf_putc(&s, 0);
            field(f, "Length", s.failed ? (free(s.data), NULL) : s.data);
        }
        cg_exc_clear();
    }
    if (cg_is_tensor(v))
        tensor_fields(f, v);
    if (cg_is_type(v, &cg_type_module)) {
        cg_value d = cg_dict_get_str_borrowed(cg_module_dict_borrowed(v), cg_str_intern("__doc__"));
        const char *doc = cg_is_str(d) ? cg_str_cstr(d) : cg_doc_lookup(cg_module_name(v));
        field(f, "Docstring", dup(doc ? doc : "<no docstring>"));
    } else {
        field(f, "Docstring", type_doc(t));
    }
}

static char *describe(const char *oname, cg_value v, cg_value parent) {
    fields f = {.n = 0};
    if (cg_is_type(v, &cg_type_builtin)) {
        builtin_fields(&f, oname, v, parent);
    } else if (cg_is_type(v, &cg_type_function)
               || (cg_is_type(v, &cg_type_method) && cg_is_type(((cg_method *)v.u.o)->func, &cg_type_function))) {
        function_fields(&f, oname, v);
    } else if (cg_isinstance(v, &cg_type_type)) {
        class_fields(&f, oname, v);
    } else {
        value_fields(&f, v);
    }
    return format_fields(&f);
}

char *cg_describe(const char *name, cg_value v) { return describe(name, v, CG_STOP); }

int cg_inspect(cg_session *s, const char *code, size_t len, size_t cursor_pos, int detail_level, cg_inspection *out) {
    (void)detail_level;
    *out = (cg_inspection){0};
    char name[256];
    if (cg_lang_init() < 0) {
        cg_exc_clear();
        return -1;
    }
    if (!token_at_cursor(code, len, cg_utf8_offset(code, len, cursor_pos), name, sizeof name))
        return 0;
    const char *dot = strrchr(name, '.');
    cg_dict *globals = cg_session_globals_borrowed(s);
    cg_value parent = dot ? cg_safe_lookup(globals, name, (size_t)(dot - name)) : CG_STOP;
    cg_value v = CG_STOP;
    if (!dot)
        v = cg_safe_lookup(globals, name, strlen(name));
    else if (parent.tag != CG_V_STOP)
        v = cg_safe_attr(parent, cg_str_intern(dot + 1));
    if (v.tag != CG_V_STOP) {
        out->text_plain = describe(name, v, parent);
        out->found = out->text_plain != NULL;
        cg_decref(v);
    }
    cg_decref(parent);
    cg_exc_clear();
    return out->found || v.tag == CG_V_STOP ? 0 : -1;
}

void cg_inspection_free(cg_inspection *r) {
    if (!r)
        return;
    free(r->text_plain);
    *r = (cg_inspection){0};
}
