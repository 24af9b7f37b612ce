/* plot_module.c: `_plot`, what the matplotlib prelude stands on, and the
 * builtins plot(), scatter(), hist() and imshow().
 *
 *   _plot.array(obj)              obj's numbers as a contiguous float64 CPU
 *                                 tensor (a tensor of any dtype and device,
 *                                 read detached; a list, tuple or iterable
 *                                 of numbers; a list of rows)
 *   _plot.render(w, h, nrows, ncols, axes)
 *                                 the SVG of a figure (display/plot_svg.h):
 *                                 axes is a list of (index, title, xlabel,
 *                                 ylabel, logy, series, logx, xlim, ylim),
 *                                 a limit None or (lo, hi) with None for a
 *                                 side left to the data, and a series is
 *                                 (kind, x or None, y, label or None,
 *                                 colour, bins, rows, cols, width) with x
 *                                 and y made by array()
 *   _plot.write(path, text)       writes text to the file path (savefig)
 *   _plot.histogram(t, bins)      numpy.histogram's (counts, edges)
 *   _plot.flush_hook              set by matplotlib.pyplot when imported:
 *                                 what cg_plot_flush() calls (plot_module.h)
 *
 * The figures, axes and pyplot's state live in Python
 * (prelude matplotlib/figure.py, matplotlib/pyplot.py); the builtins are
 * matplotlib.figure's, found on first use as display() is. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "host_tensor.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "ops_copy.h"
#include "rich/plot_module.h"
#include "plot_svg.h"
#include "torch/tensor_obj.h"

/* ---- array() ---------------------------------------------------------------------------- */

/* A tensor's values as contiguous float64 on the CPU, out of the graph:
 * detached first, so that no copy or cast records history. */
static cg_tensor *tensor_doubles(cg_tensor *t) {
    cg_tensor *d = cg_detach(t);
    cg_tensor *h = d ? cg_display_host_tensor(d) : NULL;
    cg_tensor *f = h ? cg_to_dtype(h, CG_F64) : NULL;
    cg_tensor *c = f ? cg_contiguous(f) : NULL;
    cg_tensor_release(d), cg_tensor_release(h), cg_tensor_release(f);
    return c;
}

/* One number, with numpy's words for what is not one. */
static int number(cg_value v, double *out) {
    if (cg_is_num(v))
        return cg_float_value(v, out);
    if (cg_is_str(v))
        return cg_raise_int(&cg_exc_ValueError, "could not convert string to float: '%s'", cg_str_cstr(v));
    if (cg_is_tensor(v) && cg_tensor_numel(cg_tensor_of_borrowed(v)) == 1)
        return cg_float_value(v, out);
    if (cg_is_tensor(v) || cg_is_list(v) || cg_is_tuple(v))
        return cg_raise_int(&cg_exc_ValueError, "setting an array element with a sequence. The requested array "
                                                "has an inhomogeneous shape after 1 dimensions.");
    if (cg_is_none(v) || cg_is_obj(v)) {
        cg_value f = cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__float__"));
        if (f.tag != CG_V_STOP)
            return cg_float_value(v, out);
    }
    return cg_raise_int(&cg_exc_TypeError, "float() argument must be a string or a real number, not '%s'",
                        cg_type_name(v));
}

static bool is_row(cg_value v) {
    return cg_is_list(v) || cg_is_tuple(v) || (cg_is_tensor(v) && cg_tensor_of_borrowed(v)->ndim >= 1);
}

static cg_value array_of(cg_value v);

/* A list of rows: each row 1-D, all of one length. */
static cg_value rows_array(const cg_value *items, int64_t n) {
    double *vals = NULL;
    int64_t cols = -1;
    for (int64_t r = 0; r < n; r++) {
        cg_value row = array_of(items[r]);
        if (cg_is_err(row))
            goto fail;
        cg_tensor *t = cg_tensor_of_borrowed(row);
        if (t->ndim != 1 || (cols >= 0 && t->sizes[0] != cols)) {
            cg_decref(row);
            cg_raise(&cg_exc_ValueError, "setting an array element with a sequence. The requested array has an "
                                         "inhomogeneous shape after 1 dimensions.");
            goto fail;
        }
        if (cols < 0) {
            cols = t->sizes[0];
            vals = malloc((size_t)(n * cols + 1) * sizeof *vals);
            if (!vals) {
                cg_decref(row);
                cg_raise_nomemory();
                goto fail;
            }
        }
        memcpy(vals + r * cols, cg_tensor_data(t), (size_t)cols * sizeof *vals);
        cg_decref(row);
    }
    cg_value out = cg_tensor_steal(cg_tensor_from_buffer(2, (int64_t[]){n, cols}, CG_F64, vals));
    free(vals);
    return out;
fail:
    free(vals);
    return CG_ERR;
}

static cg_value seq_array(const cg_value *items, int64_t n) {
    if (n > 0 && is_row(items[0])
        && !(cg_is_tensor(items[0]) && cg_tensor_numel(cg_tensor_of_borrowed(items[0])) == 1
             && cg_tensor_of_borrowed(items[0])->ndim == 0))
        return rows_array(items, n);
    double *vals = malloc((size_t)(n + 1) * sizeof *vals);
    if (!vals)
        return cg_raise_nomemory();
    for (int64_t i = 0; i < n; i++) {
        if (number(items[i], &vals[i]) < 0) {
            free(vals);
            return CG_ERR;
        }
    }
    cg_value out = cg_tensor_steal(cg_tensor_from_buffer(1, (int64_t[]){n}, CG_F64, vals));
    free(vals);
    return out;
}

static cg_value array_of(cg_value v) {
    if (cg_is_tensor(v))
        return cg_tensor_steal(tensor_doubles(cg_tensor_of_borrowed(v)));
    if (cg_is_list(v))
        return seq_array(cg_as_list(v)->items, cg_as_list(v)->len);
    if (cg_is_tuple(v))
        return seq_array(cg_as_tuple(v)->items, cg_as_tuple(v)->len);
    if (cg_is_num(v))
        return seq_array(&v, 1);
    if (cg_is_str(v) || cg_is_none(v))
        return seq_array(&v, 1); /* numpy's message for the element */
    cg_value l = cg_list_from_iterable(v);
    if (cg_is_err(l)) {
        cg_exc_clear();
        return cg_raise(&cg_exc_TypeError, "float() argument must be a string or a real number, not '%s'",
                        cg_type_name(v));
    }
    cg_value out = seq_array(cg_as_list(l)->items, cg_as_list(l)->len);
    cg_decref(l);
    return out;
}

enum { P_ARRAY, P_RENDER, P_HISTOGRAM, P_WRITE, P_N };
static const cg_method_def plot_defs[];

static cg_value p_array(cg_value self, const cg_args *a) {
    cg_value v;
    if (cg_args_bind(&plot_defs[P_ARRAY], a, &v, 1) < 0)
        return CG_ERR;
    cg_value r = array_of(v);
    cg_args_release(&plot_defs[P_ARRAY], &v, 1);
    return r;
}

/* ---- render() ----------------------------------------------------------------------------- */

static int tuple_of(cg_value v, int64_t n, const char *what, cg_value **items) {
    if (!cg_is_tuple(v) || cg_as_tuple(v)->len != n)
        return cg_raise_int(&cg_exc_TypeError, "_plot.render: %s must be a tuple of %lld", what, (long long)n);
    *items = cg_as_tuple(v)->items;
    return 0;
}

static const char *opt_str(cg_value v) { return cg_is_str(v) ? cg_str_cstr(v) : NULL; }

static const double *doubles_or_null(cg_value v, int64_t *n) {
    if (!cg_is_tensor(v))
        return NULL;
    cg_tensor *t = cg_tensor_of_borrowed(v);
    if (t->dtype != CG_F64 || !cg_tensor_is_contiguous(t) || cg_tensor_device(t).type != CG_CPU)
        return NULL;
    *n = cg_tensor_numel(t);
    return cg_tensor_data(t);
}

static int read_series(cg_value v, cg_plot_series *s) {
    static const char *const KINDS[] = {"line", "scatter", "hist", "image", "bar"};
    cg_value *it = NULL;
    if (tuple_of(v, 9, "a series", &it) < 0)
        return -1;
    const char *kind = opt_str(it[0]);
    int k = 0;
    while (k < 5 && !(kind && strcmp(kind, KINDS[k]) == 0))
        k++;
    if (k == 5)
        return cg_raise_int(&cg_exc_ValueError, "_plot.render: unknown series kind");
    int64_t nx = 0, colour, bins, rows, cols;
    *s = (cg_plot_series){.kind = (cg_plot_kind)k, .label = opt_str(it[3])};
    s->y = doubles_or_null(it[2], &s->n);
    s->x = cg_is_none(it[1]) ? NULL : doubles_or_null(it[1], &nx);
    if (!s->y || (!cg_is_none(it[1]) && (!s->x || nx != s->n)))
        return cg_raise_int(&cg_exc_TypeError, "_plot.render: x and y must come from _plot.array, of one length");
    if (cg_index_value(it[4], &colour) < 0 || cg_index_value(it[5], &bins) < 0 || cg_index_value(it[6], &rows) < 0
        || cg_index_value(it[7], &cols) < 0)
        return -1;
    s->colour = (int)colour, s->bins = bins, s->rows = rows, s->cols = cols;
    if (cg_float_value(it[8], &s->width) < 0)
        return -1;
    if (k == CG_PLOT_IMAGE && rows * cols != s->n)
        return cg_raise_int(&cg_exc_ValueError, "_plot.render: an image of %lldx%lld needs %lld values",
                            (long long)rows, (long long)cols, (long long)(rows * cols));
    return 0;
}

/* None, or (lo, hi) with None for a side left to the data (NaN). */
static int read_limits(cg_value v, double *lim, const double **out) {
    cg_value *it = NULL;
    *out = NULL;
    if (cg_is_none(v))
        return 0;
    if (tuple_of(v, 2, "a limit", &it) < 0)
        return -1;
    for (int i = 0; i < 2; i++) {
        lim[i] = NAN;
        if (!cg_is_none(it[i]) && cg_float_value(it[i], &lim[i]) < 0)
            return -1;
    }
    *out = lim;
    return 0;
}

/* lims: room for the axes' xlim and ylim, which ax points into. */
static int read_axes(cg_value v, cg_plot_axes *ax, cg_plot_series **store, double *lims) {
    cg_value *it = NULL;
    int64_t index;
    if (tuple_of(v, 9, "an axes", &it) < 0 || cg_index_value(it[0], &index) < 0)
        return -1;
    if (!cg_is_list(it[5]))
        return cg_raise_int(&cg_exc_TypeError, "_plot.render: series must be a list");
    cg_list *l = cg_as_list(it[5]);
    int t = cg_truth(it[4]), tx = cg_truth(it[6]);
    if (t < 0 || tx < 0)
        return -1;
    *ax = (cg_plot_axes){.title = opt_str(it[1]),
                         .xlabel = opt_str(it[2]),
                         .ylabel = opt_str(it[3]),
                         .logx = tx,
                         .logy = t,
                         .index = (int)index,
                         .nseries = (int)l->len};
    if (read_limits(it[7], lims, &ax->xlim) < 0 || read_limits(it[8], lims + 2, &ax->ylim) < 0)
        return -1;
    *store = calloc((size_t)l->len + 1, sizeof **store);
    if (!*store)
        return cg_raise_nomemory(), -1;
    for (int64_t i = 0; i < l->len; i++)
        if (read_series(l->items[i], &(*store)[i]) < 0)
            return -1;
    ax->series = *store;
    return 0;
}

static cg_value p_render(cg_value self, const cg_args *a) {
    cg_value v[5];
    if (cg_args_bind(&plot_defs[P_RENDER], a, v, 5) < 0)
        return CG_ERR;
    int64_t w, h, nr, nc;
    cg_value out = CG_ERR;
    cg_plot_axes *axes = NULL;
    cg_plot_series **stores = NULL;
    double *lims = NULL;
    int64_t n = 0;
    if (cg_index_value(v[0], &w) < 0 || cg_index_value(v[1], &h) < 0 || cg_index_value(v[2], &nr) < 0
        || cg_index_value(v[3], &nc) < 0)
        goto done;
    if (!cg_is_list(v[4])) {
        cg_raise(&cg_exc_TypeError, "_plot.render: axes must be a list");
        goto done;
    }
    n = cg_as_list(v[4])->len;
    axes = calloc((size_t)n + 1, sizeof *axes);
    stores = calloc((size_t)n + 1, sizeof *stores);
    lims = calloc(4 * (size_t)n + 1, sizeof *lims);
    if (!axes || !stores || !lims) {
        cg_raise_nomemory();
        goto done;
    }
    for (int64_t i = 0; i < n; i++)
        if (read_axes(cg_as_list(v[4])->items[i], &axes[i], &stores[i], lims + 4 * i) < 0)
            goto done;
    cg_plot_figure f = {(int)w, (int)h, (int)nr, (int)nc, (int)n, axes};
    char *svg = cg_plot_svg(&f);
    if (!svg) {
        cg_raise_engine();
        goto done;
    }
    out = cg_str_from_c(svg);
    free(svg);
done:
    for (int64_t i = 0; stores && i < n; i++)
        free(stores[i]);
    free(stores), free(axes), free(lims);
    cg_args_release(&plot_defs[P_RENDER], v, 5);
    return out;
}

static cg_value p_histogram(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&plot_defs[P_HISTOGRAM], a, v, 2) < 0)
        return CG_ERR;
    int64_t n = 0, bins = 0;
    const double *x = doubles_or_null(v[0], &n);
    cg_value out = CG_ERR;
    if (!x)
        cg_raise(&cg_exc_TypeError, "_plot.histogram: data must come from _plot.array");
    else if (cg_index_value(v[1], &bins) == 0) {
        double *c = malloc((size_t)(bins > 0 ? bins : 1) * sizeof *c), *e = malloc((size_t)(bins + 2) * sizeof *e);
        if (!c || !e)
            cg_raise_nomemory();
        else if (cg_plot_histogram(x, n, bins, c, e) < 0)
            cg_raise_engine();
        else {
            cg_value ct = cg_tensor_steal(cg_tensor_from_buffer(1, (int64_t[]){bins}, CG_F64, c));
            cg_value et = cg_tensor_steal(cg_tensor_from_buffer(1, (int64_t[]){bins + 1}, CG_F64, e));
            if (!cg_is_err(ct) && !cg_is_err(et))
                out = cg_tuple_pack(2, ct, et);
            cg_decref(ct), cg_decref(et);
        }
        free(c), free(e);
    }
    cg_args_release(&plot_defs[P_HISTOGRAM], v, 2);
    return out;
}

/* write(path, text): the file made or truncated, with Python's OSError
 * ("[Errno 2] No such file or directory: 'x/y.svg'") when it cannot be. */
static cg_value p_write(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&plot_defs[P_WRITE], a, v, 2) < 0)
        return CG_ERR;
    cg_value out = CG_ERR;
    if (!cg_is_str(v[0]) || !cg_is_str(v[1])) {
        cg_raise(&cg_exc_TypeError, "_plot.write: path and text must be str");
    } else {
        const char *path = cg_str_cstr(v[0]), *text = cg_str_cstr(v[1]);
        FILE *f = fopen(path, "w");
        size_t len = strlen(text);
        int err = !f ? errno : (fwrite(text, 1, len, f) != len ? errno : 0);
        if (f && fclose(f) != 0 && !err)
            err = errno;
        if (err)
            cg_raise(err == ENOENT ? &cg_exc_FileNotFoundError : &cg_exc_OSError, "[Errno %d] %s: '%s'", err,
                     strerror(err), path);
        else
            out = CG_NONE;
    }
    cg_args_release(&plot_defs[P_WRITE], v, 2);
    return out;
}

static const cg_method_def plot_defs[] = {
    [P_ARRAY] = {"array", p_array, "array(obj)", "obj's numbers as a contiguous float64 CPU tensor."},
    [P_RENDER] = {"render", p_render, "render(width, height, nrows, ncols, axes)", "A figure's SVG."},
    [P_HISTOGRAM] = {"histogram", p_histogram, "histogram(data, bins)",
                     "numpy.histogram(data, bins): (counts, edges)."},
    [P_WRITE] = {"write", p_write, "write(path, text)", "Writes text to the file path."},
    [P_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_plot_module_init(void) { return cg_module_of("_plot", plot_defs); }

int cg_plot_flush(void) {
    cg_value m = cg_import("_plot");
    if (cg_is_err(m))
        return -1;
    cg_value hook = cg_getattr_opt(m, cg_str_intern("flush_hook"));
    cg_decref(m);
    if (cg_is_err(hook))
        return -1;
    if (hook.tag == CG_V_STOP)
        return 0;
    cg_value r = cg_call0(hook);
    cg_decref(hook);
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

/* ---- the builtins --------------------------------------------------------------------------- */

/* matplotlib.figure.<name>(*args, **kwargs), imported on first use. */
static cg_value forward(const char *name, const cg_args *a) { return cg_import_call("matplotlib.figure", name, a); }

static cg_value b_plot(cg_value self, const cg_args *a) { return forward("_builtin_plot", a); }
static cg_value b_scatter(cg_value self, const cg_args *a) { return forward("_builtin_scatter", a); }
static cg_value b_hist(cg_value self, const cg_args *a) { return forward("_builtin_hist", a); }
static cg_value b_imshow(cg_value self, const cg_args *a) { return forward("_builtin_imshow", a); }

static const cg_method_def builtin_plot_defs[] = {
    {"plot", b_plot, NULL,
     "plot([x], y, [fmt], [x2], y2, ..., label=None, title=None, xlabel=None, ylabel=None, logy=False): a Figure "
     "of lines; a 2-D y draws one line per column."},
    {"scatter", b_scatter, NULL,
     "scatter(x, y, label=None, title=None, xlabel=None, ylabel=None, logy=False): a Figure of the points (x, y)."},
    {"hist", b_hist, NULL,
     "hist(x, bins=10, label=None, title=None, xlabel=None, ylabel=None, logy=False): a Figure of the histogram "
     "of every value of x in bins equal bins."},
    {"imshow", b_imshow, NULL, "imshow(X, title=None, xlabel=None, ylabel=None): a 2-D array in viridis"},
    {NULL, NULL, NULL, NULL},
};

int cg_plot_builtins_init(cg_value builtins_module) {
    return cg_module_add_methods(builtins_module, builtin_plot_defs);
}
