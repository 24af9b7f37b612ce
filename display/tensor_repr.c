/* tensor_repr.c: PyTorch's tensor repr (torch/_tensor_str.py, _str_intern
 * and _tensor_str), see tensor_repr.h.
 *
 * The printed elements are read in place through the tensor's strides:
 * one pass builds the formatter over the elements that will be printed
 * (PyTorch's get_summarized_data), a second writes them. A complex tensor
 * has two formatters, one over the real parts and one over the imaginary
 * parts, as PyTorch formats self.real and self.imag: `1.+2.j`. */
#include "tensor_repr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "autograd.h"
#include "element_format.h"
#include "host_tensor.h"
#include "meta_repr.h"
#include "print_options.h"
#include "strbuf.h"

#define PREFIX "tensor("
#define INDENT 7 /* strlen(PREFIX): nested rows and suffixes line up under it */

/* What the walks over the printed elements share. */
typedef struct {
    const cg_tensor *t; /* on the CPU */
    const char *data;   /* its storage's bytes */
    size_t item;
    bool summarize; /* numel > threshold */
    const cg_print_options *o;
    const cg_element_format *f;
    const cg_element_format *fi; /* complex: the imaginary parts' */
    size_t shift;                /* the visited part: 0, or the imaginary part's byte offset */
} walk;

static const void *elem_at(const walk *w, int64_t off) { return w->data + off * (int64_t)w->item + w->shift; }

static bool summarized(const walk *w, int64_t n) { return w->summarize && n > 2 * (int64_t)w->o->edgeitems; }

/* A summarised 1-d tensor prints self[:e], `...`, self[-e:] with Python's
 * slicing: [0, *head) and [*tail, n). With e = 0 the tail slice self[-0:]
 * is the whole tensor, and PyTorch prints it so. */
static void vector_edges(int64_t n, int64_t e, int64_t *head, int64_t *tail) {
    *head = e >= 0 ? (e < n ? e : n) : (n + e > 0 ? n + e : 0);
    *tail = e > 0 ? n - e : e == 0 ? 0 : (-e < n ? -e : n);
}

/* Where printed item j of a dim lies: items [0, head), then `...` when
 * summarised, then [tail, n). */
static int64_t item_index(int64_t j, int64_t head, int64_t tail, bool dots) {
    return j < head ? j : tail + (j - head - dots);
}

/* Calls fn on every element that will be printed, in order. Rows of a
 * summarised dim of 2 or more dims are [0, e) and [n - e, n); e > 0 there
 * (checked by the caller). */
static void visit(const walk *w, int d, int64_t off, void (*fn)(cg_element_format *, const void *),
                  cg_element_format *f) {
    if (d == w->t->ndim) {
        fn(f, elem_at(w, off));
        return;
    }
    int64_t n = w->t->sizes[d], stride = w->t->strides[d], head = n, tail = n;
    if (summarized(w, n)) {
        if (d == w->t->ndim - 1)
            vector_edges(n, w->o->edgeitems, &head, &tail);
        else
            head = w->o->edgeitems, tail = n - w->o->edgeitems;
    }
    for (int64_t i = 0; i < head; i++)
        visit(w, d + 1, off + i * stride, fn, f);
    for (int64_t i = tail; i < n; i++)
        visit(w, d + 1, off + i * stride, fn, f);
}

/* _Formatter over the printed elements (over one part of them, of dtype
 * dt, for a complex tensor). */
static int build_formatter(const walk *w, cg_element_format *f, cg_dtype dt) {
    if (w->summarize && w->t->ndim >= 2 && w->o->edgeitems <= 0) {
        /* get_summarized_data stacks an empty list of rows */
        cg_error_set(CG_RUNTIME_ERROR, "stack expects a non-empty TensorList");
        return -1;
    }
    cg_element_format_begin(f, dt, w->o);
    visit(w, 0, w->t->offset, cg_element_format_scan, f);
    if (cg_element_format_decide(f))
        visit(w, 0, w->t->offset, cg_element_format_measure, f);
    return cg_element_format_end(f, w->o);
}

static int write_elem(const walk *w, cg_strbuf *b, int64_t off) {
    const void *e = elem_at(w, off);
    return w->fi ? cg_element_format_write_complex(w->f, w->fi, b, e) : cg_element_format_write(w->f, b, e);
}

/* _vector_str: one line holds max(1, floor((linewidth - indent) / (width + 2)))
 * elements (a complex one's width: both parts' and the `j`), the `...` of a
 * summarised row counting as one. */
static int write_vector(const walk *w, cg_strbuf *b, int64_t off, int indent) {
    int d = w->t->ndim - 1;
    int64_t n = w->t->sizes[d], stride = w->t->strides[d], head = n, tail = n;
    bool dots = summarized(w, n);
    if (dots)
        vector_edges(n, w->o->edgeitems, &head, &tail);
    int width = w->f->max_width + 2 + (w->fi ? w->fi->max_width + 1 : 0);
    double fit = floor((double)(w->o->linewidth - indent) / (double)width);
    int64_t per_line = fit > 1 ? (int64_t)fit : 1;
    cg_strbuf_append(b, "[", 1);
    for (int64_t j = 0; j < head + dots + (n - tail); j++) {
        if (j > 0 && j % per_line == 0) {
            cg_strbuf_append(b, ",\n", 2);
            cg_strbuf_repeat(b, ' ', (size_t)indent + 1);
        } else if (j > 0) {
            cg_strbuf_append(b, ", ", 2);
        }
        if (dots && j == head)
            cg_strbuf_append(b, " ...", 4);
        else if (write_elem(w, b, off + item_index(j, head, tail, dots) * stride) < 0)
            return -1;
    }
    cg_strbuf_append(b, "]", 1);
    return 0;
}

/* _tensor_str_with_formatter: rows of dim d separated by "," and one
 * newline per remaining dim, each indented one more than its parent. */
static int write_dims(const walk *w, cg_strbuf *b, int d, int64_t off, int indent) {
    int rest = w->t->ndim - d;
    if (rest == 0)
        return write_elem(w, b, off);
    if (rest == 1)
        return write_vector(w, b, off, indent);
    int64_t n = w->t->sizes[d], stride = w->t->strides[d], head = n, tail = n;
    bool dots = summarized(w, n);
    if (dots)
        head = w->o->edgeitems, tail = n - w->o->edgeitems;
    cg_strbuf_append(b, "[", 1);
    for (int64_t j = 0; j < head + dots + (n - tail); j++) {
        if (j > 0) {
            cg_strbuf_append(b, ",", 1);
            cg_strbuf_repeat(b, '\n', (size_t)rest - 1);
            cg_strbuf_repeat(b, ' ', (size_t)indent + 1);
        }
        if (dots && j == head)
            cg_strbuf_append(b, "...", 3);
        else if (write_dims(w, b, d + 1, off + item_index(j, head, tail, dots) * stride, indent + 1) < 0)
            return -1;
    }
    cg_strbuf_append(b, "]", 1);
    return 0;
}

/* _tensor_str of a non-empty CPU tensor, appended to b. */
static int write_values(const cg_tensor *t, cg_strbuf *b) {
    const cg_print_options *o = cg_print_options_get();
    /* the walks start at t->offset and step by the strides */
    walk w = {t, t->storage->data, cg_tensor_itemsize(t), (double)cg_tensor_numel(t) > o->threshold, o, NULL, NULL, 0};
    cg_element_format f, fi;
    cg_dtype part = cg_dtype_real_part(t->dtype);
    if (build_formatter(&w, &f, part) < 0)
        return -1;
    if (cg_dtype_is_complex(t->dtype)) {
        w.shift = w.item / 2;
        if (build_formatter(&w, &fi, part) < 0)
            return -1;
        w.shift = 0;
        w.fi = &fi;
    }
    w.f = &f;
    return write_dims(&w, b, 0, t->offset, INDENT);
}

/* ---- suffixes ------------------------------------------------------------------------------ */

#define MAX_SUFFIXES 4
#define SUFFIX_LEN 256

typedef struct {
    int n;
    char text[MAX_SUFFIXES][SUFFIX_LEN];
} suffixes;

static char *suffix_next(suffixes *s) { return s->text[s->n++]; }

/* Python's str(tuple(shape)): "(0, 3)", "(0,)". */
static void size_suffix(suffixes *s, const cg_tensor *t) {
    char *p = suffix_next(s);
    int used = snprintf(p, SUFFIX_LEN, "size=(");
    for (int d = 0; d < t->ndim; d++)
        used += snprintf(p + used, (size_t)(SUFFIX_LEN - used), d ? ", %lld" : "%lld", (long long)t->sizes[d]);
    snprintf(p + used, (size_t)(SUFFIX_LEN - used), t->ndim == 1 ? ",)" : ")");
}

/* Everything but the values, in _str_intern's order. */
static void collect_suffixes(const cg_tensor *t, suffixes *s) {
    cg_device dev = cg_tensor_device(t);
    if (dev.type != CG_CPU) {
        char name[32];
        snprintf(suffix_next(s), SUFFIX_LEN, "device='%s'", cg_device_str(dev, name, sizeof name));
    }
    bool empty = cg_tensor_numel(t) == 0;
    if (empty && t->ndim != 1)
        size_suffix(s, t);
    /* an empty tensor has no values to tell int64 or bool: it always says */
    bool default_dtype = empty ? t->dtype == CG_DEFAULT_DTYPE
                               : t->dtype == CG_DEFAULT_DTYPE || t->dtype == CG_DEFAULT_COMPLEX_DTYPE
                                     || t->dtype == CG_INT64 || t->dtype == CG_BOOL;
    if (!default_dtype)
        snprintf(suffix_next(s), SUFFIX_LEN, "dtype=%s", cg_dtype_repr(t->dtype));
    if (t->grad_fn)
        snprintf(suffix_next(s), SUFFIX_LEN, "grad_fn=<%s>", t->grad_fn->name);
    else if (cg_tensor_requires_grad(t))
        snprintf(suffix_next(s), SUFFIX_LEN, "requires_grad=True");
}

/* _add_suffixes: a suffix that would pass the line width starts a new
 * line, indented under the values. PyTorch counts the last line's length
 * as len - rfind("\n") + 1, two more than it is on a one-line repr. */
static void add_suffixes(cg_strbuf *b, const suffixes *s, int linewidth) {
    const char *nl = b->data ? strrchr(b->data, '\n') : NULL;
    int64_t last = (int64_t)b->len - (nl ? nl - b->data : -1) + 1;
    for (int i = 0; i < s->n; i++) {
        int64_t len = (int64_t)strlen(s->text[i]);
        if (last + len + 2 > linewidth) {
            cg_strbuf_append(b, ",\n", 2);
            cg_strbuf_repeat(b, ' ', INDENT);
            last = INDENT + len;
        } else {
            cg_strbuf_append(b, ", ", 2);
            last += len + 2;
        }
        cg_strbuf_append(b, s->text[i], (size_t)len);
    }
    cg_strbuf_append(b, ")", 1);
}

/* ---- the repr ------------------------------------------------------------------------------ */

char *cg_tensor_repr(cg_tensor *t) {
    cg_strbuf b = CG_STRBUF_INIT;
    cg_strbuf_puts(&b, PREFIX);
    if (cg_tensor_numel(t) == 0) {
        cg_strbuf_puts(&b, "[]");
    } else {
        cg_tensor *h = cg_display_host_tensor(t);
        int rc = h ? write_values(h, &b) : -1;
        cg_tensor_release(h);
        if (rc < 0) {
            cg_strbuf_free(&b);
            return NULL;
        }
    }
    suffixes s = {0};
    collect_suffixes(t, &s);
    add_suffixes(&b, &s, cg_print_options_get()->linewidth);
    return cg_strbuf_take(&b);
}
