/* tensor_html.c: a tensor as HTML tables, see tensor_html.h.
 *
 * The shown elements are those the text repr shows: every dim longer than
 * 2 * edgeitems of a tensor past the threshold keeps its first and last
 * edgeitems. One formatter (element_format.h) is built over them all, so
 * the digits are the text repr's; only the padding is dropped, since the
 * table aligns the columns. */
#include "tensor_html.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "autograd.h"
#include "element_format.h"
#include "host_tensor.h"
#include "meta_repr.h"
#include "print_options.h"
#include "strbuf.h"

typedef struct {
    const cg_tensor *t; /* on the CPU */
    const char *data;
    size_t item;
    bool summarize;
    int64_t edge; /* items kept at each end of a summarised dim */
    cg_element_format f;
    cg_element_format fi; /* complex: over the imaginary parts */
    bool complex;
    double max_abs; /* over the shown finite values, for the colours */
    bool colors;
} html;

static const void *elem_at(const html *h, int64_t off) { return h->data + off * (int64_t)h->item; }

/* The shown items of a dim of n: [0, head) and [tail, n); dots between. */
static bool dim_edges(const html *h, int64_t n, int64_t *head, int64_t *tail) {
    bool dots = h->summarize && n > 2 * h->edge;
    *head = dots ? h->edge : n;
    *tail = dots ? n - h->edge : n;
    return dots;
}

static double as_double(const html *h, const void *p) { return cg_scalar_to_double(cg_scalar_load(p, h->t->dtype)); }

typedef void (*elem_fn)(html *h, const void *elem);

static void visit(html *h, int d, int64_t off, elem_fn fn) {
    if (d == h->t->ndim) {
        fn(h, elem_at(h, off));
        return;
    }
    int64_t head, tail, n = h->t->sizes[d], stride = h->t->strides[d];
    dim_edges(h, n, &head, &tail);
    for (int64_t i = 0; i < head; i++)
        visit(h, d + 1, off + i * stride, fn);
    for (int64_t i = tail; i < n; i++)
        visit(h, d + 1, off + i * stride, fn);
}

/* the imaginary part of a complex element */
static const void *imag_of(const html *h, const void *e) { return (const char *)e + h->item / 2; }

static void scan(html *h, const void *e) {
    cg_element_format_scan(&h->f, e);
    if (h->complex) {
        cg_element_format_scan(&h->fi, imag_of(h, e));
        return;
    }
    double v = fabs(as_double(h, e));
    if (isfinite(v) && v > h->max_abs)
        h->max_abs = v;
}
static void measure(html *h, const void *e) { cg_element_format_measure(&h->f, e); }
static void measure_imag(html *h, const void *e) { cg_element_format_measure(&h->fi, imag_of(h, e)); }

/* ---- cells ------------------------------------------------------------------------------ */

#define TD "<td style=\"padding:1px 6px;text-align:right;border:none"
#define TH "<th style=\"padding:1px 6px;text-align:right;border:none;opacity:0.55;font-weight:normal\">"

static void tint(const html *h, cg_strbuf *b, const void *e) {
    if (!h->colors || h->max_abs <= 0)
        return;
    double v = as_double(h, e);
    if (!isfinite(v) || v == 0)
        return;
    double a = 0.55 * fabs(v) / h->max_abs;
    if (v > 0)
        cg_strbuf_printf(b, ";background:rgba(214,39,40,%.3f)", a);
    else
        cg_strbuf_printf(b, ";background:rgba(31,119,180,%.3f)", a);
}

static int cell(const html *h, cg_strbuf *b, const void *e) {
    cg_strbuf_puts(b, TD);
    tint(h, b, e);
    cg_strbuf_puts(b, "\">");
    cg_strbuf one = CG_STRBUF_INIT;
    if ((h->complex ? cg_element_format_write_complex(&h->f, &h->fi, &one, e)
                    : cg_element_format_write(&h->f, &one, e))
        < 0) {
        cg_strbuf_free(&one);
        return -1;
    }
    const char *s = one.data ? one.data : "";
    while (*s == ' ')
        s++;
    cg_strbuf_puts(b, s);
    cg_strbuf_free(&one);
    cg_strbuf_puts(b, "</td>");
    return 0;
}

static void dots_cell(cg_strbuf *b, const char *glyph) {
    cg_strbuf_puts(b, TD ";text-align:center;opacity:0.55\">");
    cg_strbuf_puts(b, glyph);
    cg_strbuf_puts(b, "</td>");
}

/* ---- tables ------------------------------------------------------------------------------ */

/* The header row: column numbers of the last dim. */
static void column_header(const html *h, cg_strbuf *b, bool row_labels) {
    int64_t n = h->t->sizes[h->t->ndim - 1], head, tail;
    bool dots = dim_edges(h, n, &head, &tail);
    cg_strbuf_puts(b, "<thead><tr>");
    if (row_labels)
        cg_strbuf_puts(b, TH "</th>");
    for (int64_t j = 0; j < n; j = (j + 1 == head && dots) ? tail : j + 1) {
        cg_strbuf_printf(b, TH "%lld</th>", (long long)j);
        if (dots && j + 1 == head)
            cg_strbuf_puts(b, TH "⋯</th>");
    }
    cg_strbuf_puts(b, "</tr></thead>");
}

/* One row: the shown elements of the last dim starting at off. */
static int row(const html *h, cg_strbuf *b, int64_t off) {
    int d = h->t->ndim - 1;
    int64_t n = h->t->sizes[d], stride = h->t->strides[d], head, tail;
    bool dots = dim_edges(h, n, &head, &tail);
    for (int64_t j = 0; j < n; j = (j + 1 == head && dots) ? tail : j + 1) {
        if (cell(h, b, elem_at(h, off + j * stride)) < 0)
            return -1;
        if (dots && j + 1 == head)
            dots_cell(b, "⋯");
    }
    return 0;
}

static int64_t shown_columns(const html *h) {
    int64_t n = h->t->sizes[h->t->ndim - 1], head, tail;
    bool dots = dim_edges(h, n, &head, &tail);
    return head + (n - tail) + dots;
}

#define TABLE "<table style=\"border-collapse:collapse;border:none;background:transparent;color:inherit;margin:2px 0\">"

/* The last two dims (or the only one) at off, as one table. */
static int matrix(const html *h, cg_strbuf *b, int64_t off) {
    cg_strbuf_puts(b, TABLE);
    if (h->t->ndim == 1) {
        column_header(h, b, false);
        cg_strbuf_puts(b, "<tbody><tr>");
        if (row(h, b, off) < 0)
            return -1;
        cg_strbuf_puts(b, "</tr></tbody></table>");
        return 0;
    }
    column_header(h, b, true);
    cg_strbuf_puts(b, "<tbody>");
    int d = h->t->ndim - 2;
    int64_t n = h->t->sizes[d], stride = h->t->strides[d], head, tail;
    bool dots = dim_edges(h, n, &head, &tail);
    for (int64_t i = 0; i < n; i = (i + 1 == head && dots) ? tail : i + 1) {
        cg_strbuf_printf(b, "<tr>" TH "%lld</th>", (long long)i);
        if (row(h, b, off + i * stride) < 0)
            return -1;
        cg_strbuf_puts(b, "</tr>");
        if (dots && i + 1 == head) {
            cg_strbuf_puts(b, "<tr>" TH "⋮</th>");
            for (int64_t j = 0; j < shown_columns(h); j++)
                dots_cell(b, "⋮");
            cg_strbuf_puts(b, "</tr>");
        }
    }
    cg_strbuf_puts(b, "</tbody></table>");
    return 0;
}

/* Tensors of 3 or more dims: one labelled table per leading index. */
static int slices(const html *h, cg_strbuf *b, int d, int64_t off, int64_t *idx) {
    if (d == h->t->ndim - 2) {
        cg_strbuf_puts(b, "<div style=\"opacity:0.55;margin-top:4px\">[");
        for (int k = 0; k < d; k++)
            cg_strbuf_printf(b, "%lld, ", (long long)idx[k]);
        cg_strbuf_puts(b, ":, :]</div>");
        return matrix(h, b, off);
    }
    int64_t n = h->t->sizes[d], stride = h->t->strides[d], head, tail;
    bool dots = dim_edges(h, n, &head, &tail);
    for (int64_t i = 0; i < n; i = (i + 1 == head && dots) ? tail : i + 1) {
        idx[d] = i;
        if (slices(h, b, d + 1, off + i * stride, idx) < 0)
            return -1;
        if (dots && i + 1 == head)
            cg_strbuf_puts(b, "<div style=\"opacity:0.55\">⋮</div>");
    }
    return 0;
}

/* ---- the fragment ---------------------------------------------------------------------- */

static void caption(const cg_tensor *t, cg_strbuf *b) {
    cg_strbuf_puts(b, "<div style=\"opacity:0.75;margin-bottom:2px\"><b>tensor</b> (");
    for (int d = 0; d < t->ndim; d++)
        cg_strbuf_printf(b, d ? ", %lld" : "%lld", (long long)t->sizes[d]);
    cg_strbuf_puts(b, t->ndim == 1 ? ",)" : ")");
    char dev[32];
    cg_strbuf_printf(b, " · %s · %s", cg_dtype_name(t->dtype), cg_device_str(cg_tensor_device(t), dev, sizeof dev));
    if (t->grad_fn)
        cg_strbuf_printf(b, " · grad_fn=&lt;%s&gt;", t->grad_fn->name);
    else if (cg_tensor_requires_grad(t))
        cg_strbuf_puts(b, " · requires_grad=True");
    cg_strbuf_puts(b, "</div>");
}

static int values(cg_tensor *host, bool colors, cg_strbuf *b) {
    const cg_print_options *o = cg_print_options_get();
    html h = {.t = host,
              .data = host->storage->data,
              .item = cg_tensor_itemsize(host),
              .summarize = (double)cg_tensor_numel(host) > o->threshold,
              .edge = o->edgeitems > 0 ? o->edgeitems : 1,
              .complex = cg_dtype_is_complex(host->dtype),
              .colors = colors && cg_dtype_is_float(host->dtype)};
    cg_dtype part = cg_dtype_real_part(host->dtype);
    cg_element_format_begin(&h.f, part, o);
    cg_element_format_begin(&h.fi, part, o);
    visit(&h, 0, host->offset, scan);
    if (cg_element_format_decide(&h.f))
        visit(&h, 0, host->offset, measure);
    if (h.complex && cg_element_format_decide(&h.fi))
        visit(&h, 0, host->offset, measure_imag);
    if (cg_element_format_end(&h.f, o) < 0 || (h.complex && cg_element_format_end(&h.fi, o) < 0))
        return -1;
    if (host->ndim == 0) {
        cg_strbuf_puts(b, TABLE "<tbody><tr>");
        if (cell(&h, b, elem_at(&h, host->offset)) < 0)
            return -1;
        cg_strbuf_puts(b, "</tr></tbody></table>");
        return 0;
    }
    if (host->ndim <= 2)
        return matrix(&h, b, host->offset);
    int64_t idx[CG_MAX_DIMS];
    return slices(&h, b, 0, host->offset, idx);
}

char *cg_tensor_html(cg_tensor *t, const cg_tensor_html_options *opts) {
    cg_strbuf b = CG_STRBUF_INIT;
    cg_strbuf_puts(&b, "<div class=\"cgrad-tensor\" style=\"font-family:var(--jp-code-font-family,monospace);"
                       "font-size:var(--jp-code-font-size,13px);color:inherit\">");
    caption(t, &b);
    if (cg_tensor_numel(t) == 0) {
        cg_strbuf_puts(&b, "<div style=\"opacity:0.55\">(no elements)</div>");
    } else {
        cg_tensor *host = cg_display_host_tensor(t);
        int rc = host ? values(host, opts && opts->colors, &b) : -1;
        cg_tensor_release(host);
        if (rc < 0) {
            cg_strbuf_free(&b);
            return NULL;
        }
    }
    cg_strbuf_puts(&b, "</div>");
    return cg_strbuf_take(&b);
}
