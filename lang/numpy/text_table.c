/* text_table.c: numpy._umath.parse_floats, the table of numbers of a
 * text that numpy.loadtxt's common case reads (lang/prelude/numpy/_npyio.py
 * hands it the whole text); not converters, quotes or dtypes other than
 * float64, which stay in the prelude. A field is read by Clinger's fast
 * path where it can be (runtime/decimal_exact.h) and by strtod
 * otherwise, so values are the correctly rounded ones numpy reads; errors
 * are numpy's, in numpy's order (a row's field count before its fields). */
#include "numpy/numpy_module.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/decimal_exact.h"
#include "runtime/exc.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

/* Where the comment marker first starts in p..end, or end. */
static const char *find_comment(const char *p, const char *end, const char *comment, size_t clen) {
    if (!clen)
        return end;
    for (const char *q = p; (q = memchr(q, comment[0], (size_t)(end - q))) != NULL; q++)
        if ((size_t)(end - q) >= clen && memcmp(q, comment, clen) == 0)
            return q;
    return end;
}

/* Where the field starting at q ends (at the delimiter or at stop); a
 * missing delimiter splits at blanks. */
static const char *field_end(const char *q, const char *stop, const char *delim, size_t dlen) {
    if (!delim) {
        while (q < stop && *q != ' ' && *q != '\t')
            q++;
        return q;
    }
    for (; (q = memchr(q, delim[0], (size_t)(stop - q))) != NULL; q++)
        if ((size_t)(stop - q) >= dlen && memcmp(q, delim, dlen) == 0)
            return q;
    return stop;
}

/* The field f..fe (blanks trimmed) as a double: decimal text the common
 * way (runtime/decimal_exact.h), anything else through strtod; false
 * when it is not a number. */
static bool field_value(const char *f, const char *fe, double *v) {
    if (cg_decimal_exact(f, fe, v))
        return true;
    char buf[128];
    size_t len = (size_t)(fe - f);
    if (len == 0 || len >= sizeof buf)
        return false;
    memcpy(buf, f, len);
    buf[len] = 0;
    char *endp = NULL;
    *v = strtod(buf, &endp);
    return *endp == 0;
}

/* The values parsed so far: a growing array of doubles. */
typedef struct {
    double *v;
    size_t n, cap;
} values;

static bool values_push(values *vs, double v) {
    if (vs->n == vs->cap) {
        size_t cap = vs->cap ? 2 * vs->cap : 1024;
        double *grown = realloc(vs->v, cap * sizeof *grown);
        if (!grown)
            return false;
        vs->v = grown;
        vs->cap = cap;
    }
    vs->v[vs->n++] = v;
    return true;
}

/* One line's place in the table: what numpy's errors name. */
typedef struct {
    const char *delim;
    size_t dlen;
    int64_t cols;   /* the first row's, or -1 */
    int64_t lineno; /* 1-based, skipped lines counted */
    int64_t row;    /* 0-based, after the skipped ones */
} line_at;

static cg_value columns_changed(values *vs, const line_at *at, int64_t c) {
    free(vs->v);
    return cg_raise(&cg_exc_ValueError,
                    "the number of columns changed from %lld to %lld at row %lld; use `usecols` to select a "
                    "subset and avoid this error",
                    (long long)at->cols, (long long)c, (long long)at->lineno);
}

/* A field that is not a number; numpy splits the whole line first, so a
 * line with the wrong number of fields is reported as that instead. */
static cg_value bad_field(values *vs, const line_at *at, const char *f, const char *fe, const char *stop, int64_t col) {
    int64_t c = col;
    for (const char *q = fe; q < stop; c++) {
        q = at->delim ? q + at->dlen : q;
        while (!at->delim && q < stop && (*q == ' ' || *q == '\t'))
            q++;
        q = field_end(q, stop, at->delim, at->dlen);
    }
    if (at->cols >= 0 && c != at->cols)
        return columns_changed(vs, at, c);
    free(vs->v);
    cg_value text = cg_str_new(f, (size_t)(fe - f)); /* numpy shows the field's repr */
    cg_value shown = cg_is_err(text) ? CG_ERR : cg_repr(text);
    cg_decref(text);
    if (cg_is_err(shown))
        return CG_ERR;
    cg_raise(&cg_exc_ValueError, "could not convert string %s to float64 at row %lld, column %lld.", cg_str_cstr(shown),
             (long long)at->row, (long long)col);
    cg_decref(shown);
    return CG_ERR;
}

/* The fields of one line (q..stop, blanks trimmed, not empty) pushed
 * onto vs: their count, or -1 with the error raised. */
static int64_t parse_line(values *vs, const char *q, const char *stop, const line_at *at) {
    int64_t c = 0;
    for (;;) {
        const char *fend = field_end(q, stop, at->delim, at->dlen), *f = q, *fe = fend;
        while (f < fe && (*f == ' ' || *f == '\t'))
            f++;
        while (fe > f && (fe[-1] == ' ' || fe[-1] == '\t'))
            fe--;
        double v;
        if (!field_value(f, fe, &v)) {
            bad_field(vs, at, q, fend, stop, c + 1);
            return -1;
        }
        if (!values_push(vs, v)) {
            free(vs->v);
            cg_raise_nomemory();
            return -1;
        }
        c++;
        if (fend >= stop)
            break;
        q = at->delim ? fend + at->dlen : fend;
        if (!at->delim)
            while (q < stop && (*q == ' ' || *q == '\t'))
                q++;
    }
    if (at->cols >= 0 && c != at->cols) {
        columns_changed(vs, at, c);
        return -1;
    }
    return c;
}

static cg_value values_table(values *vs, int64_t rows, int64_t cols) {
    int64_t size = (int64_t)vs->n;
    cg_tensor *t = cg_tensor_empty(1, &size, CG_F64, cg_device_cpu());
    if (!t) {
        free(vs->v);
        return torch_raise();
    }
    if (vs->n)
        memcpy(cg_tensor_data(t), vs->v, vs->n * sizeof *vs->v);
    free(vs->v);
    cg_value tv = cg_tensor_steal(t);
    if (cg_is_err(tv))
        return CG_ERR;
    cg_value r = cg_tuple_pack(3, tv, cg_int(rows), cg_int(cols < 0 ? 0 : cols));
    cg_decref(tv);
    return r;
}

/* parse_floats(text, delimiter, comment, skiprows, max_rows): the numbers
 * of a table of text (numpy.loadtxt's common case: no converters, no
 * quotes) as (float64 tensor, rows, cols). Empty lines and comments are
 * skipped; a field that is not a number raises numpy's ValueError. */
cg_value np_parse_floats(cg_value self, const cg_args *a) {
    if (a->npos != 5 || !cg_is_str(a->pos[0]) || a->pos[3].tag != CG_V_INT || a->pos[4].tag != CG_V_INT)
        return cg_raise(&cg_exc_TypeError, "parse_floats(text, delimiter, comment, skiprows, max_rows)");
    const char *p = cg_str_cstr(a->pos[0]), *tend = p + strlen(p);
    const char *delim = cg_is_str(a->pos[1]) ? cg_str_cstr(a->pos[1]) : NULL;
    const char *comment = cg_is_str(a->pos[2]) ? cg_str_cstr(a->pos[2]) : "";
    size_t dlen = delim ? strlen(delim) : 0, clen = strlen(comment);
    int64_t skip = a->pos[3].u.i, max_rows = a->pos[4].u.i;
    values vs = {0};
    int64_t rows = 0, cols = -1, lineno = 0;
    while (p < tend && (max_rows < 0 || rows < max_rows)) {
        const char *eol = memchr(p, '\n', (size_t)(tend - p));
        const char *end = eol ? eol : tend, *next = eol ? eol + 1 : tend;
        if (++lineno <= skip) {
            p = next;
            continue;
        }
        /* with a delimiter, a field keeps its blanks (numpy's errors show them) */
        const char *stop = find_comment(p, end, comment, clen), *first = p, *last;
        while (stop > p && stop[-1] == '\r')
            stop--;
        for (last = stop; last > p && (last[-1] == ' ' || last[-1] == '\t');)
            last--;
        while (first < last && (*first == ' ' || *first == '\t'))
            first++;
        if (first == last) {
            p = next;
            continue;
        }
        if (!delim)
            p = first, stop = last;
        line_at at = {delim, dlen, cols, lineno, lineno - 1 - skip};
        int64_t c = parse_line(&vs, p, stop, &at);
        if (c < 0)
            return CG_ERR;
        cols = c;
        rows++;
        p = next;
    }
    return values_table(&vs, rows, cols);
}
