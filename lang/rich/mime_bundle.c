/* mime_bundle.c: see mime_bundle.h. */
#include "rich/mime_bundle.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"
#include "tensor_html.h"
#include "torch/tensor_obj.h"
#include "rich/graph_module.h"

/* IPython's formatters, in its order, with the method each reads. */
static const struct {
    const char *mime, *method;
} FORMATTERS[] = {
    {"text/html", "_repr_html_"}, {"text/markdown", "_repr_markdown_"}, {"image/svg+xml", "_repr_svg_"},
    {"image/png", "_repr_png_"},  {"text/latex", "_repr_latex_"},
};

/* Adds one type; an offer for a type already there is dropped, unless
 * `replace` (a _repr_mimebundle_ wins over the repr, as in IPython). */
static int put(cg_mime_bundle *b, const char *mime, const char *data, size_t len, bool replace) {
    int at = b->n;
    for (int i = 0; i < b->n; i++)
        if (!strcmp(b->items[i].mime, mime))
            at = i;
    if ((at < b->n && !replace) || at == CG_MIME_MAX)
        return 0;
    char *copy = malloc(len + 1);
    if (!copy) {
        cg_raise_nomemory();
        return -1;
    }
    memcpy(copy, data, len);
    copy[len] = '\0';
    if (at < b->n)
        free(b->items[at].data);
    else
        b->n++;
    b->items[at] = (cg_mime_item){mime, copy};
    return 0;
}

static int add(cg_mime_bundle *b, const char *mime, const char *data, size_t len) {
    return put(b, mime, data, len, false);
}

/* A formatter that raised: its traceback goes to stderr, and on we go. */
static void formatter_failed(void) {
    cg_value exc = cg_exc_fetch();
    char *tb = cg_traceback_format(exc);
    if (tb)
        cg_host_write(CG_STDERR, tb, strlen(tb));
    free(tb);
    cg_decref(exc);
}

/* The static MIME name for a type string a _repr_mimebundle_ returned. */
static const char *known_mime(const char *s) {
    static const char *const known[] = {"text/plain", "text/html",  "text/markdown", "image/svg+xml",
                                        "image/png",  "image/jpeg", "text/latex",    "application/javascript"};
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (!strcmp(known[i], s))
            return known[i];
    return NULL;
}

static int from_mimebundle(cg_value v, cg_mime_bundle *b) {
    cg_value m = cg_getattr_opt(v, cg_str_intern("_repr_mimebundle_"));
    if (m.tag == CG_V_STOP)
        return 0;
    if (cg_is_err(m))
        return formatter_failed(), 0;
    cg_value d = cg_call0(m);
    cg_decref(m);
    if (cg_is_err(d))
        return formatter_failed(), 0;
    if (cg_is_type(d, &cg_type_tuple) && cg_as_tuple(d)->len > 0) { /* (data, metadata) */
        cg_value data = cg_incref(cg_as_tuple(d)->items[0]);
        cg_decref(d);
        d = data;
    }
    int rc = 0;
    if (cg_is_type(d, &cg_type_dict)) {
        int64_t pos = 0;
        cg_value k, x;
        while (rc == 0 && cg_dict_next(cg_as_dict(d), &pos, &k, &x)) {
            const char *mime = cg_is_str(k) ? known_mime(cg_str_cstr(k)) : NULL;
            if (mime && cg_is_str(x))
                rc = put(b, mime, cg_str_cstr(x), strlen(cg_str_cstr(x)), true);
        }
    }
    cg_decref(d);
    return rc;
}

static int from_methods(cg_value v, cg_mime_bundle *b) {
    for (size_t i = 0; i < sizeof FORMATTERS / sizeof *FORMATTERS; i++) {
        cg_value m = cg_getattr_opt(v, cg_str_intern(FORMATTERS[i].method));
        if (m.tag == CG_V_STOP)
            continue;
        if (cg_is_err(m)) {
            formatter_failed();
            continue;
        }
        cg_value r = cg_call0(m);
        cg_decref(m);
        if (cg_is_err(r)) {
            formatter_failed();
            continue;
        }
        int rc = cg_is_str(r) ? add(b, FORMATTERS[i].mime, cg_str_cstr(r), strlen(cg_str_cstr(r))) : 0;
        cg_decref(r);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* A tensor's table; 2-d floating tensors get the colour scale. */
static int tensor_html(cg_value v, cg_mime_bundle *b) {
    cg_tensor *t = cg_tensor_of_borrowed(v);
    cg_tensor_html_options o = {.colors = t->ndim == 2};
    char *html = cg_tensor_html(t, &o);
    if (!html)
        return cg_raise_engine_int();
    int rc = add(b, "text/html", html, strlen(html));
    free(html);
    return rc;
}

/* A grad_fn shows the graph behind it, as torchviz would draw it, and
 * its outline as the text. */
static int node_svg(cg_value v, cg_mime_bundle *b) {
    cg_value svg = cg_graph_node_svg(v);
    if (cg_is_err(svg))
        return formatter_failed(), 0;
    int rc = add(b, "image/svg+xml", cg_str_cstr(svg), strlen(cg_str_cstr(svg)));
    cg_decref(svg);
    cg_value text = rc == 0 ? cg_graph_node_outline(v) : CG_NONE;
    if (cg_is_err(text))
        return formatter_failed(), 0;
    if (rc == 0)
        rc = put(b, "text/plain", cg_str_cstr(text), strlen(cg_str_cstr(text)), true);
    cg_decref(text);
    return rc;
}

int cg_mime_bundle_of(cg_value v, cg_mime_bundle *b) {
    memset(b, 0, sizeof *b);
    cg_value r = cg_repr(v);
    if (cg_is_err(r))
        return -1;
    int rc = add(b, "text/plain", cg_str_cstr(r), strlen(cg_str_cstr(r)));
    cg_decref(r);
    if (rc == 0 && cg_is_tensor(v))
        rc = tensor_html(v, b);
    if (rc == 0 && cg_is_autograd_node(v))
        rc = node_svg(v, b);
    if (rc == 0 && cg_is_obj(v))
        rc = from_mimebundle(v, b);
    if (rc == 0 && cg_is_obj(v))
        rc = from_methods(v, b);
    if (rc < 0)
        cg_mime_bundle_free(b);
    return rc;
}

const char *cg_mime_bundle_get(const cg_mime_bundle *b, const char *mime) {
    for (int i = 0; i < b->n; i++)
        if (!strcmp(b->items[i].mime, mime))
            return b->items[i].data;
    return NULL;
}

void cg_mime_bundle_free(cg_mime_bundle *b) {
    for (int i = 0; i < b->n; i++)
        free(b->items[i].data);
    b->n = 0;
}
