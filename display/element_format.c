/* element_format.c: PyTorch's _Formatter, see element_format.h. */
#include "element_format.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

static double load_float(const void *p, cg_dtype dt) {
    return dt == CG_F32 ? (double)*(const float *)p : cg_scalar_to_double(cg_scalar_load(p, dt));
}

static int64_t load_int(const void *p, cg_dtype dt) {
    return dt == CG_INT64 ? *(const int64_t *)p : cg_scalar_to_int(cg_scalar_load(p, dt));
}

/* How Python writes a non-finite float in any format: no sign on nan. */
static const char *nonfinite_text(double v) {
    if (isnan(v))
        return "nan";
    return v > 0 ? "inf" : "-inf";
}

/* Python's '{:.{p}e}' (conv 'e') or '{:.{p}f}' (conv 'f') of v into buf
 * as snprintf writes (buf may be NULL to measure); its length, or -1 when p
 * is negative, which Python's format spec cannot express. */
static int float_text(char *buf, size_t n, double v, char conv, int p) {
    if (p < 0)
        return -1;
    if (!isfinite(v))
        return snprintf(buf, n, "%s", nonfinite_text(v));
    return conv == 'e' ? snprintf(buf, n, "%.*e", p, v) : snprintf(buf, n, "%.*f", p, v);
}

static int float_len(double v, char conv, int p) { return float_text(NULL, 0, v, conv, p); }

void cg_element_format_begin(cg_element_format *f, cg_dtype dtype, const cg_print_options *o) {
    memset(f, 0, sizeof *f);
    f->dtype = dtype;
    f->precision = o->precision;
    f->int_mode = true;
    f->max_width = 1;
}

static void widen(cg_element_format *f, int len) {
    if (len > f->max_width)
        f->max_width = len;
}

void cg_element_format_scan(cg_element_format *f, const void *elem) {
    if (f->dtype == CG_BOOL) {
        widen(f, *(const bool *)elem ? 4 : 5);
        return;
    }
    if (cg_dtype_is_int(f->dtype)) {
        widen(f, snprintf(NULL, 0, "%" PRId64, load_int(elem, f->dtype)));
        return;
    }
    double v = load_float(elem, f->dtype);
    if (!isfinite(v) || v == 0)
        return;
    double a = fabs(v);
    if (f->nonzero == 0 || a < f->min_abs)
        f->min_abs = a;
    if (f->nonzero == 0 || a > f->max_abs)
        f->max_abs = a;
    f->nonzero++;
    if (v != ceil(v))
        f->int_mode = false;
}

bool cg_element_format_decide(cg_element_format *f) {
    if (!cg_dtype_is_float(f->dtype) || f->nonzero == 0)
        return false;
    bool wide = f->max_abs / f->min_abs > 1000.0 || f->max_abs > 1.0e8;
    f->sci_mode = f->int_mode ? wide : wide || f->min_abs < 1.0e-4;
    return true;
}

void cg_element_format_measure(cg_element_format *f, const void *elem) {
    double v = load_float(elem, f->dtype);
    if (!isfinite(v) || v == 0)
        return;
    int len;
    if (f->sci_mode)
        len = float_len(v, 'e', f->precision);
    else if (f->int_mode)
        len = float_len(v, 'f', 0) + 1; /* the dot */
    else
        len = float_len(v, 'f', f->precision);
    if (len < 0)
        f->bad_precision = true;
    else
        widen(f, len);
}

static int precision_error(void) {
    cg_error_set(CG_VALUE_ERROR, "Format specifier missing precision");
    return -1;
}

int cg_element_format_end(cg_element_format *f, const cg_print_options *o) {
    /* PyTorch returns before the override when there is no finite nonzero value */
    if (cg_dtype_is_float(f->dtype) && f->nonzero > 0 && o->sci_mode != CG_SCI_AUTO)
        f->sci_mode = o->sci_mode == CG_SCI_ON;
    return f->bad_precision ? precision_error() : 0;
}

static void pad(const cg_element_format *f, cg_strbuf *b, int len) {
    if (len < f->max_width)
        cg_strbuf_repeat(b, ' ', (size_t)(f->max_width - len));
}

static int write_float(const cg_element_format *f, cg_strbuf *b, double v) {
    char conv = f->sci_mode ? 'e' : 'f';
    int p = f->sci_mode || !f->int_mode ? f->precision : 0;
    char text[64];
    int len = float_text(text, sizeof text, v, conv, p);
    if (len < 0)
        return precision_error();
    bool dot = !f->sci_mode && f->int_mode && isfinite(v); /* int mode: `1.` */
    pad(f, b, len + dot);
    if ((size_t)len < sizeof text)
        cg_strbuf_append(b, text, (size_t)len);
    else if (conv == 'e') /* a large precision */
        cg_strbuf_printf(b, "%.*e", p, v);
    else
        cg_strbuf_printf(b, "%.*f", p, v);
    if (dot)
        cg_strbuf_append(b, ".", 1);
    return 0;
}

int cg_element_format_write(const cg_element_format *f, cg_strbuf *b, const void *elem) {
    if (cg_dtype_is_float(f->dtype))
        return write_float(f, b, load_float(elem, f->dtype));
    char text[32];
    int len;
    if (f->dtype == CG_BOOL)
        len = snprintf(text, sizeof text, "%s", *(const bool *)elem ? "True" : "False");
    else
        len = snprintf(text, sizeof text, "%" PRId64, load_int(elem, f->dtype));
    pad(f, b, len);
    cg_strbuf_append(b, text, (size_t)len);
    return 0;
}

int cg_element_format_write_complex(const cg_element_format *f, const cg_element_format *fi, cg_strbuf *b,
                                    const void *elem) {
    if (cg_element_format_write(f, b, elem) < 0)
        return -1;
    cg_strbuf im = CG_STRBUF_INIT;
    int rc = cg_element_format_write(fi, &im, (const char *)elem + cg_dtype_size(f->dtype));
    const char *p = im.data ? im.data : "";
    while (*p == ' ')
        p++;
    if (rc == 0) {
        if (*p != '+' && *p != '-')
            cg_strbuf_append(b, "+", 1);
        cg_strbuf_puts(b, p);
        cg_strbuf_append(b, "j", 1);
    }
    cg_strbuf_free(&im);
    return rc;
}
