/* plot_svg.c: figures as SVG, see plot_svg.h.
 *
 * One pass per axes: compute the view limits from the data (5% margins,
 * a histogram's and a bar chart's bars standing on 0, an image's pixel
 * extents) unless the caller set them, pick ticks, then draw frame, ticks,
 * series (clipped to the frame when limits were set), legend and labels
 * into one string. Long
 * series are thinned for drawing only (Note [Line decimation]), so 100k
 * points cost a pass over the data, not 100k SVG elements. */
#include "plot_svg.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "strbuf.h"

#define MAX_TICKS 32
#define IMAGE_MAX 128 /* an image wider or taller is averaged down to this */

/* ---- colours ------------------------------------------------------------------------------ */

static const uint32_t TAB10[10] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                   0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};

uint32_t cg_plot_tab10(int i) { return TAB10[((i % 10) + 10) % 10]; }

/* viridis sampled at 0, 1/9, ..., 1 (the published ten-colour palette);
 * between samples the colour is interpolated linearly. */
static const uint32_t VIRIDIS[10] = {0x440154, 0x482878, 0x3e4a89, 0x31688e, 0x26828e,
                                     0x1f9e89, 0x35b779, 0x6dcd59, 0xb4de2c, 0xfde725};

uint32_t cg_plot_viridis(double t) {
    if (isnan(t))
        return 0x808080;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    double p = t * 9;
    int i = (int)p;
    if (i >= 9)
        return VIRIDIS[9];
    double f = p - i;
    uint32_t a = VIRIDIS[i], b = VIRIDIS[i + 1], out = 0;
    for (int s = 16; s >= 0; s -= 8) {
        double c = ((a >> s) & 0xff) * (1 - f) + ((b >> s) & 0xff) * f;
        out |= (uint32_t)lround(c) << s;
    }
    return out;
}

/* ---- text ------------------------------------------------------------------------------------ */

static void put_escaped(cg_strbuf *b, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '&': cg_strbuf_puts(b, "&amp;"); break;
        case '<': cg_strbuf_puts(b, "&lt;"); break;
        case '>': cg_strbuf_puts(b, "&gt;"); break;
        case '"': cg_strbuf_puts(b, "&quot;"); break;
        case '\'': cg_strbuf_puts(b, "&#39;"); break;
        default:
            /* control characters are not allowed in XML 1.0 */
            if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n')
                cg_strbuf_puts(b, " ");
            else
                cg_strbuf_append(b, s, 1);
        }
    }
}

/* ---- numbers ---------------------------------------------------------------------------------- */

/* v as "%.1f" writes it (to within rounding of the last digit), without
 * printf: drawing a long series writes hundreds of thousands of these. */
static int fixed1(char *out, double v) {
    if (!(fabs(v) < 1e15))
        return snprintf(out, 32, "%.1f", v);
    long long t = llround(v * 10);
    int n = 0;
    if (t < 0)
        out[n++] = '-', t = -t;
    char digits[24];
    int k = 0;
    long long w = t / 10;
    do
        digits[k++] = (char)('0' + w % 10), w /= 10;
    while (w);
    while (k)
        out[n++] = digits[--k];
    out[n++] = '.';
    out[n++] = (char)('0' + t % 10);
    return n;
}

/* "x<sep>y<end>" with one decimal each. */
static void put_xy(cg_strbuf *b, double x, char sep, double y, const char *end) {
    char buf[80];
    int n = fixed1(buf, x);
    buf[n++] = sep;
    n += fixed1(buf + n, y);
    cg_strbuf_append(b, buf, (size_t)n);
    cg_strbuf_puts(b, end);
}

/* ---- ticks ----------------------------------------------------------------------------------- */

int cg_plot_ticks(double lo, double hi, int max_intervals, bool integer, double *out, int cap, double *step) {
    static const double STEPS[] = {1, 2, 2.5, 5, 10};
    if (!(hi > lo) || !isfinite(lo) || !isfinite(hi)) {
        *step = 1;
        if (cap > 0 && isfinite(lo))
            out[0] = lo;
        return cap > 0 && isfinite(lo) ? 1 : 0;
    }
    double raw = (hi - lo) / max_intervals;
    double scale = pow(10, floor(log10(raw)));
    double s = 10 * scale;
    for (int i = 0; i < 5; i++) {
        double c = STEPS[i] * scale;
        if (integer && c < 1)
            continue;
        if (integer && STEPS[i] == 2.5 && scale < 10)
            continue; /* 2.5 is not an integer step */
        if (ceil(hi / c - 1e-9) - floor(lo / c + 1e-9) <= max_intervals) {
            s = c;
            break;
        }
    }
    *step = s;
    int n = 0;
    for (double k = ceil(lo / s - 1e-9); k <= floor(hi / s + 1e-9) && n < cap; k++)
        out[n++] = k * s == 0 ? 0 : k * s; /* no -0 */
    return n;
}

/* Decimals that show every multiple of step exactly: 1 for 0.2, 2 for 0.25. */
static int step_decimals(double step) {
    for (int d = 0; d < 15; d++) {
        double m = step * pow(10, d);
        if (fabs(m - round(m)) < 1e-6 * m)
            return d;
    }
    return 15;
}

static void strip_mantissa_zeros(char *s) {
    char *e = strchr(s, 'e');
    if (!e)
        return;
    char *dot = strchr(s, '.'), *end = e;
    if (dot && dot < e) {
        while (end > dot + 1 && end[-1] == '0')
            end--;
        if (end == dot + 1)
            end = dot;
    }
    int exp = atoi(e + 1);
    snprintf(end, 16, "e%d", exp);
}

void cg_plot_tick_label(double v, double step, double max_abs, char *buf, int size) {
    bool sci = max_abs >= 1e5 || max_abs < 1e-4;
    if (fabs(v) < step * 1e-9 || v == 0)
        v = 0; /* no -0 and no 1e-17 */
    if (v == 0 && sci) {
        snprintf(buf, (size_t)size, "0");
        return;
    }
    if (sci) {
        int d = (int)(floor(log10(fabs(v))) - floor(log10(step))) + step_decimals(step / pow(10, floor(log10(step))));
        char tmp[48];
        snprintf(tmp, sizeof tmp, "%.*e", d < 0 ? 0 : d > 15 ? 15 : d, v);
        strip_mantissa_zeros(tmp);
        snprintf(buf, (size_t)size, "%s", tmp);
        return;
    }
    snprintf(buf, (size_t)size, "%.*f", step_decimals(step), v);
}

/* ---- histogram (numpy.histogram with bins=int) ----------------------------------------------- */

int cg_plot_histogram(const double *x, int64_t n, int64_t bins, double *counts, double *edges) {
    CG_CHECK_INT(bins >= 1, CG_VALUE_ERROR, "`bins` must be positive, when an integer");
    double lo = INFINITY, hi = -INFINITY;
    for (int64_t i = 0; i < n; i++)
        if (!isnan(x[i]))
            lo = fmin(lo, x[i]), hi = fmax(hi, x[i]);
    CG_CHECK_INT(isfinite(lo) && isfinite(hi), CG_VALUE_ERROR, "autodetected range of [%g, %g] is not finite",
                 n && lo <= hi ? lo : NAN, n && lo <= hi ? hi : NAN);
    if (lo == hi)
        lo -= 0.5, hi += 0.5;
    double step = (hi - lo) / (double)bins;
    for (int64_t i = 0; i <= bins; i++) /* np.linspace's arithmetic: the last edge exactly hi */
        edges[i] = i == bins ? hi : (double)i * step + lo;
    memset(counts, 0, (size_t)bins * sizeof *counts);
    for (int64_t i = 0; i < n; i++) {
        if (isnan(x[i]))
            continue;
        int64_t k = (int64_t)((x[i] - lo) / (hi - lo) * (double)bins);
        if (k >= bins)
            k = bins - 1;
        /* numpy's correction for rounding: the edges decide */
        if (k > 0 && x[i] < edges[k])
            k--;
        else if (k < bins - 1 && x[i] >= edges[k + 1])
            k++;
        counts[k]++;
    }
    return 0;
}

/* ---- one axes -------------------------------------------------------------------------------- */

typedef struct {
    const cg_plot_axes *spec;
    double x0, y0, w, h;       /* the plot area, pixels */
    double xlo, xhi, ylo, yhi; /* the view; x, y in log10 when logx, logy */
    bool logx, logy, inverted; /* inverted: y grows downwards (images) */
    bool clip;                 /* limits were set: series are clipped to the frame */
    bool integer_ticks;
    const cg_plot_series *image;
    double vmin, vmax; /* the image's value range */
    double **hist_counts, **hist_edges;
} axes;

static double px_x(const axes *a, double x) {
    return a->x0 + ((a->logx ? log10(x) : x) - a->xlo) / (a->xhi - a->xlo) * a->w;
}
static double px_y(const axes *a, double y) {
    double f = ((a->logy ? log10(y) : y) - a->ylo) / (a->yhi - a->ylo);
    return a->inverted ? a->y0 + f * a->h : a->y0 + a->h - f * a->h;
}
static bool valid_y(const axes *a, double y) { return isfinite(y) && (!a->logy || y > 0); }
static bool valid_x(const axes *a, double x) { return isfinite(x) && (!a->logx || x > 0); }
/* A value in view units: log10 on a log axis (NaN for v <= 0, which
 * fmin/fmax skip). */
static double view_x(const axes *a, double x) { return a->logx ? (x > 0 ? log10(x) : NAN) : x; }
static double view_y(const axes *a, double y) { return a->logy ? (y > 0 ? log10(y) : NAN) : y; }
static double x_at(const cg_plot_series *s, int64_t i) { return s->x ? s->x[i] : (double)i; }

typedef struct {
    double xlo, xhi, ylo, yhi;
} bounds;

static void grow(bounds *b, double x, double y) {
    b->xlo = fmin(b->xlo, x), b->xhi = fmax(b->xhi, x);
    b->ylo = fmin(b->ylo, y), b->yhi = fmax(b->yhi, y);
}

/* lo == hi: widen around the value, as matplotlib's nonsingular does. */
static void widen(double *lo, double *hi) {
    if (*hi > *lo)
        return;
    double d = *lo != 0 ? fabs(*lo) * 0.05 : 0.5;
    *lo -= d, *hi += d;
}

static double bar_width(const cg_plot_series *s) { return s->width; }

/* A log axis shows at least one whole decade. */
static void two_decades(double *lo, double *hi) {
    if (floor(*hi) - ceil(*lo) < 1)
        *lo = fmin(*lo, floor(*lo)), *hi = fmax(*hi, ceil(*hi));
    if (*hi - *lo < 1)
        *hi = *lo + 1;
}

static void set_limits(axes *a) {
    bounds b = {INFINITY, -INFINITY, INFINITY, -INFINITY};
    bool sticky_zero = false;
    for (int k = 0; k < a->spec->nseries; k++) {
        const cg_plot_series *s = &a->spec->series[k];
        if (s->kind == CG_PLOT_HIST) {
            for (int64_t i = 0; i < s->bins; i++) {
                double c = a->hist_counts[k][i];
                /* an empty bin has no height on a log axis: NaN, which fmin/fmax skip */
                grow(&b, view_x(a, a->hist_edges[k][i]), view_y(a, c));
                grow(&b, view_x(a, a->hist_edges[k][i + 1]), a->logy ? NAN : 0);
            }
            sticky_zero = !a->logy;
        } else if (s->kind == CG_PLOT_BAR) {
            double w = bar_width(s);
            for (int64_t i = 0; i < s->n; i++)
                if (isfinite(x_at(s, i)) && isfinite(s->y[i])) {
                    grow(&b, view_x(a, x_at(s, i) - w / 2), view_y(a, s->y[i]));
                    grow(&b, view_x(a, x_at(s, i) + w / 2), a->logy ? NAN : 0);
                }
            sticky_zero = !a->logy;
        } else if (s->kind != CG_PLOT_IMAGE) {
            for (int64_t i = 0; i < s->n; i++)
                if (valid_x(a, x_at(s, i)) && valid_y(a, s->y[i]))
                    grow(&b, view_x(a, x_at(s, i)), view_y(a, s->y[i]));
        }
    }
    if (!(b.xlo <= b.xhi) || !isfinite(b.xlo))
        b.xlo = 0, b.xhi = a->logx ? fmax(b.xhi, 1) : 1;
    if (!(b.ylo <= b.yhi) || !isfinite(b.ylo))
        b.ylo = 0, b.yhi = a->logy ? fmax(b.yhi, 1) : 1;
    widen(&b.xlo, &b.xhi), widen(&b.ylo, &b.yhi);
    double mx = 0.05 * (b.xhi - b.xlo), my = 0.05 * (b.yhi - b.ylo);
    a->xlo = b.xlo - mx, a->xhi = b.xhi + mx;
    a->ylo = sticky_zero && b.ylo >= 0 ? fmax(b.ylo - my, 0) : b.ylo - my;
    a->yhi = b.yhi + my;
    if (a->logy)
        two_decades(&a->ylo, &a->yhi);
    if (a->logx)
        two_decades(&a->xlo, &a->xhi);
}

/* The caller's limits, in view units, where given (NaN: keep the data's). */
static void set_user_limits(double *lo, double *hi, const double *lim, bool log) {
    if (!lim)
        return;
    double l = lim[0], h = lim[1];
    if (log)
        l = l > 0 ? log10(l) : NAN, h = h > 0 ? log10(h) : NAN;
    if (isfinite(l))
        *lo = l;
    if (isfinite(h))
        *hi = h;
    if (*lo > *hi) {
        double t = *lo;
        *lo = *hi, *hi = t;
    }
    widen(lo, hi);
}

/* An image fills the axes with square pixels; row 0 at the top. */
static void set_image_limits(axes *a, const cg_plot_series *s) {
    a->image = s;
    a->inverted = true, a->integer_ticks = true, a->logx = a->logy = false;
    a->xlo = -0.5, a->xhi = (double)s->cols - 0.5;
    a->ylo = -0.5, a->yhi = (double)s->rows - 0.5;
    double scale = fmin(a->w / (double)s->cols, a->h / (double)s->rows);
    double w = scale * (double)s->cols, h = scale * (double)s->rows;
    a->x0 += (a->w - w) / 2, a->y0 += (a->h - h) / 2;
    a->w = w, a->h = h;
    a->vmin = INFINITY, a->vmax = -INFINITY;
    for (int64_t i = 0; i < s->rows * s->cols; i++)
        if (isfinite(s->y[i]))
            a->vmin = fmin(a->vmin, s->y[i]), a->vmax = fmax(a->vmax, s->y[i]);
    if (!(a->vmin <= a->vmax))
        a->vmin = 0, a->vmax = 1;
}

/* ---- frame, ticks, labels ---------------------------------------------------------------------- */

/* The decades inside [lo, hi] (log10 units), every k-th when there are
 * more than max_intervals: writes their exponents, returns their count. */
static int decades(double lo, double hi, int max_intervals, double *out, int cap) {
    double first = ceil(lo - 1e-9), last = floor(hi + 1e-9);
    double every = fmax(1, ceil((last - first) / max_intervals));
    int n = 0;
    for (double k = ceil(first / every) * every; k <= last && n < cap; k += every)
        out[n++] = k;
    return n;
}

static void x_tick(const axes *a, cg_strbuf *b, double x, const char *lab, int exponent, bool log) {
    double yb = a->y0 + a->h;
    cg_strbuf_printf(b, "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x, yb, x, yb + 4);
    cg_strbuf_printf(b, "<text class=\"xtick\" stroke=\"none\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", x,
                     yb + 16);
    if (log)
        cg_strbuf_printf(b, "10<tspan dy=\"-5\" font-size=\"8\">%d</tspan>", exponent);
    else
        cg_strbuf_puts(b, lab);
    cg_strbuf_puts(b, "</text>\n");
}

static void x_ticks(const axes *a, cg_strbuf *b) {
    double t[MAX_TICKS], step, m = 0;
    int max_iv = a->w < 300 ? 4 : 7;
    if (a->logx) {
        int n = decades(a->xlo, a->xhi, max_iv, t, MAX_TICKS);
        for (int i = 0; i < n; i++)
            x_tick(a, b, px_x(a, pow(10, t[i])), NULL, (int)t[i], true);
        return;
    }
    int n = cg_plot_ticks(a->xlo, a->xhi, max_iv, a->integer_ticks, t, MAX_TICKS, &step);
    for (int i = 0; i < n; i++)
        m = fmax(m, fabs(t[i]));
    for (int i = 0; i < n; i++) {
        char lab[48];
        cg_plot_tick_label(t[i], step, m, lab, sizeof lab);
        x_tick(a, b, px_x(a, t[i]), lab, 0, false);
    }
}

static void y_tick(const axes *a, cg_strbuf *b, double ypx, const char *lab, int exponent, bool log) {
    double xl = a->x0;
    cg_strbuf_printf(b, "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", xl - 4, ypx, xl, ypx);
    cg_strbuf_printf(b, "<text class=\"ytick\" stroke=\"none\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", xl - 7,
                     ypx + 4);
    if (log)
        cg_strbuf_printf(b, "10<tspan dy=\"-5\" font-size=\"8\">%d</tspan>", exponent);
    else
        cg_strbuf_puts(b, lab);
    cg_strbuf_puts(b, "</text>\n");
}

static void y_ticks(const axes *a, cg_strbuf *b) {
    double t[MAX_TICKS], step, m = 0;
    int max_iv = a->h < 200 ? 4 : 7;
    if (a->logy) {
        int n = decades(a->ylo, a->yhi, max_iv, t, MAX_TICKS);
        for (int i = 0; i < n; i++)
            y_tick(a, b, px_y(a, pow(10, t[i])), NULL, (int)t[i], true);
        return;
    }
    int n = cg_plot_ticks(a->ylo, a->yhi, max_iv, a->integer_ticks, t, MAX_TICKS, &step);
    for (int i = 0; i < n; i++)
        m = fmax(m, fabs(t[i]));
    for (int i = 0; i < n; i++) {
        char lab[48];
        cg_plot_tick_label(t[i], step, m, lab, sizeof lab);
        y_tick(a, b, px_y(a, t[i]), lab, 0, false);
    }
}

static void frame(const axes *a, cg_strbuf *b) {
    cg_strbuf_printf(b,
                     "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
                     "stroke=\"currentColor\" stroke-width=\"0.8\"/>\n",
                     a->x0, a->y0, a->w, a->h);
}

static void labels(const axes *a, cg_strbuf *b, double cell_x, double cell_y) {
    const cg_plot_axes *s = a->spec;
    if (s->title && *s->title) {
        cg_strbuf_printf(b, "<text class=\"title\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"14\">",
                         a->x0 + a->w / 2, a->y0 - 9);
        put_escaped(b, s->title);
        cg_strbuf_puts(b, "</text>\n");
    }
    if (s->xlabel && *s->xlabel) {
        cg_strbuf_printf(b, "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\">",
                         a->x0 + a->w / 2, a->y0 + a->h + 34);
        put_escaped(b, s->xlabel);
        cg_strbuf_puts(b, "</text>\n");
    }
    if (s->ylabel && *s->ylabel) {
        double x = cell_x + 14, y = a->y0 + a->h / 2;
        cg_strbuf_printf(b,
                         "<text class=\"ylabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\" "
                         "transform=\"rotate(-90 %.1f %.1f)\">",
                         x, y, x, y);
        put_escaped(b, s->ylabel);
        cg_strbuf_puts(b, "</text>\n");
    }
    (void)cell_y;
}

/* ---- series -------------------------------------------------------------------------------------- */

/* Note [Line decimation]
 * A line of many more points than the plot has pixel columns is drawn
 * from two points per chunk of consecutive points (chunks of about half a
 * column): the lowest and the highest, in their order. Every peak and dip
 * stays visible, and a 100k-point loss curve becomes ~1000 points. */
static void polyline_run(const axes *a, cg_strbuf *b, const cg_plot_series *s, int64_t lo, int64_t hi,
                         uint32_t colour) {
    cg_strbuf_printf(b,
                     "<polyline fill=\"none\" stroke=\"#%06x\" stroke-width=\"1.5\" stroke-linejoin=\"round\" "
                     "stroke-linecap=\"square\" points=\"",
                     colour);
    int64_t m = hi - lo, limit = 4 * (int64_t)(a->w + 1);
    int64_t chunk = m > limit ? (m + limit / 2 - 1) / (limit / 2) : 1;
    for (int64_t c = lo; c < hi; c += chunk) {
        int64_t e = c + chunk < hi ? c + chunk : hi, imin = c, imax = c;
        for (int64_t i = c + 1; i < e; i++) {
            if (s->y[i] < s->y[imin])
                imin = i;
            if (s->y[i] > s->y[imax])
                imax = i;
        }
        int64_t first = imin < imax ? imin : imax, second = imin < imax ? imax : imin;
        put_xy(b, px_x(a, x_at(s, first)), ',', px_y(a, s->y[first]), " ");
        if (second != first)
            put_xy(b, px_x(a, x_at(s, second)), ',', px_y(a, s->y[second]), " ");
    }
    cg_strbuf_puts(b, "\"/>\n");
}

static void draw_line(const axes *a, cg_strbuf *b, const cg_plot_series *s, uint32_t colour) {
    int64_t i = 0;
    while (i < s->n) { /* each run of drawable points is one polyline */
        while (i < s->n && !(valid_x(a, x_at(s, i)) && valid_y(a, s->y[i])))
            i++;
        int64_t start = i;
        while (i < s->n && valid_x(a, x_at(s, i)) && valid_y(a, s->y[i]))
            i++;
        if (i > start)
            polyline_run(a, b, s, start, i, colour);
    }
}

/* Markers as zero-length round-capped subpaths of one path; a marker on a
 * 2-pixel cell already drawn is skipped (it would not show). */
static void draw_scatter(const axes *a, cg_strbuf *b, const cg_plot_series *s, uint32_t colour) {
    int64_t gw = (int64_t)(a->w / 2) + 2, gh = (int64_t)(a->h / 2) + 2;
    unsigned char *seen = calloc((size_t)(gw * gh), 1);
    cg_strbuf_printf(b,
                     "<path class=\"scatter\" fill=\"none\" stroke=\"#%06x\" stroke-width=\"6\" "
                     "stroke-linecap=\"round\" d=\"",
                     colour);
    for (int64_t i = 0; i < s->n; i++) {
        if (!valid_x(a, x_at(s, i)) || !valid_y(a, s->y[i]))
            continue;
        double px = px_x(a, x_at(s, i)), py = px_y(a, s->y[i]);
        int64_t cx = (int64_t)((px - a->x0) / 2), cy = (int64_t)((py - a->y0) / 2);
        if (seen && cx >= 0 && cy >= 0 && cx < gw && cy < gh) {
            if (seen[cy * gw + cx])
                continue;
            seen[cy * gw + cx] = 1;
        }
        cg_strbuf_puts(b, "M");
        put_xy(b, px, ' ', py, "h0");
    }
    cg_strbuf_puts(b, "\"/>\n");
    free(seen);
}

static void draw_hist(const axes *a, cg_strbuf *b, int k, uint32_t colour) {
    const cg_plot_series *s = &a->spec->series[k];
    double base = a->logy ? a->y0 + a->h : px_y(a, 0);
    cg_strbuf_printf(b, "<g class=\"hist\" fill=\"#%06x\">", colour);
    for (int64_t i = 0; i < s->bins; i++) {
        double c = a->hist_counts[k][i];
        if (c <= 0 || !valid_x(a, a->hist_edges[k][i]) || !valid_x(a, a->hist_edges[k][i + 1]))
            continue;
        double x0 = px_x(a, a->hist_edges[k][i]), x1 = px_x(a, a->hist_edges[k][i + 1]), top = px_y(a, c);
        cg_strbuf_printf(b, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>", x0, top, x1 - x0,
                         base - top);
    }
    cg_strbuf_puts(b, "</g>\n");
}

/* Bars from 0 (the bottom of a log axis) to each height, centred on x. */
static void draw_bar(const axes *a, cg_strbuf *b, const cg_plot_series *s, uint32_t colour) {
    double w = bar_width(s), base = a->logy ? a->y0 + a->h : px_y(a, 0);
    cg_strbuf_printf(b, "<g class=\"bar\" fill=\"#%06x\">", colour);
    for (int64_t i = 0; i < s->n; i++) {
        double x = x_at(s, i), y = s->y[i];
        if (!isfinite(x) || !valid_y(a, y) || !valid_x(a, x - w / 2) || !valid_x(a, x + w / 2))
            continue;
        double x0 = px_x(a, x - w / 2), x1 = px_x(a, x + w / 2), top = px_y(a, y);
        cg_strbuf_printf(b, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>", fmin(x0, x1),
                         fmin(top, base), fabs(x1 - x0), fabs(base - top));
    }
    cg_strbuf_puts(b, "</g>\n");
}

static double image_cell(const cg_plot_series *s, int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
    double sum = 0;
    int64_t n = 0;
    for (int64_t r = r0; r < r1; r++)
        for (int64_t c = c0; c < c1; c++)
            if (!isnan(s->y[r * s->cols + c]))
                sum += s->y[r * s->cols + c], n++;
    return n ? sum / (double)n : NAN;
}

/* One rect per run of equal colour in a row, in a group scaled so that a
 * pixel of the data is 1x1: an image of up to IMAGE_MAX x IMAGE_MAX cells;
 * a larger one is averaged over blocks of fr x fc pixels down to that (the
 * last block of a row or column may be smaller). */
static void draw_image(const axes *a, cg_strbuf *b, const cg_plot_series *s) {
    int64_t fr = (s->rows + IMAGE_MAX - 1) / IMAGE_MAX, fc = (s->cols + IMAGE_MAX - 1) / IMAGE_MAX;
    int64_t rows = (s->rows + fr - 1) / fr, cols = (s->cols + fc - 1) / fc;
    double span = a->vmax - a->vmin;
    cg_strbuf_printf(
        b, "<g class=\"image\" shape-rendering=\"crispEdges\" transform=\"translate(%.2f %.2f) scale(%.4f %.4f)\">",
        a->x0, a->y0, a->w / (double)s->cols, a->h / (double)s->rows);
    for (int64_t r = 0; r < rows; r++) {
        int64_t c = 0;
        while (c < cols) {
            double v = image_cell(s, r * fr, fmin((r + 1) * fr, s->rows), c * fc, fmin((c + 1) * fc, s->cols));
            uint32_t col = cg_plot_viridis(span > 0 ? (v - a->vmin) / span : 0);
            int64_t e = c + 1;
            while (e < cols) {
                double w = image_cell(s, r * fr, fmin((r + 1) * fr, s->rows), e * fc, fmin((e + 1) * fc, s->cols));
                if (isnan(w) != isnan(v) || cg_plot_viridis(span > 0 ? (w - a->vmin) / span : 0) != col)
                    break;
                e++;
            }
            int64_t x0 = c * fc, x1 = e * fc < s->cols ? e * fc : s->cols;
            int64_t y0 = r * fr, y1 = (r + 1) * fr < s->rows ? (r + 1) * fr : s->rows;
            if (!isnan(v))
                cg_strbuf_printf(b, "<rect x=\"%lld\" y=\"%lld\" width=\"%lld\" height=\"%lld\" fill=\"#%06x\"/>",
                                 (long long)x0, (long long)y0, (long long)(x1 - x0), (long long)(y1 - y0), col);
            c = e;
        }
        cg_strbuf_puts(b, "\n");
    }
    cg_strbuf_puts(b, "</g>\n");
}

/* A vertical bar of 64 bands right of the image, with ticks for values. */
static void colour_bar(const axes *a, cg_strbuf *b) {
    double x = a->x0 + a->w + 14, w = 14, y0 = a->y0, h = a->h;
    cg_strbuf_puts(b, "<g class=\"colorbar\" shape-rendering=\"crispEdges\">");
    for (int i = 0; i < 64; i++)
        cg_strbuf_printf(b, "<rect x=\"%.1f\" y=\"%.2f\" width=\"%.1f\" height=\"%.2f\" fill=\"#%06x\"/>", x,
                         y0 + h - (i + 1) * h / 64, w, h / 64 + 0.3, cg_plot_viridis((i + 0.5) / 64));
    cg_strbuf_printf(b,
                     "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
                     "stroke=\"currentColor\" stroke-width=\"0.8\"/>\n",
                     x, y0, w, h);
    double lo = a->vmin, hi = a->vmax, t[MAX_TICKS], step, m = 0;
    if (!(hi > lo))
        lo -= 0.5, hi += 0.5;
    int n = cg_plot_ticks(lo, hi, h < 200 ? 4 : 6, false, t, MAX_TICKS, &step);
    for (int i = 0; i < n; i++)
        m = fmax(m, fabs(t[i]));
    for (int i = 0; i < n; i++) {
        char lab[48];
        cg_plot_tick_label(t[i], step, m, lab, sizeof lab);
        double y = y0 + h - (t[i] - lo) / (hi - lo) * h;
        cg_strbuf_printf(
            b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"currentColor\" stroke-width=\"0.8\"/>",
            x + w, y, x + w + 4, y);
        cg_strbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\">%s</text>", x + w + 7, y + 4, lab);
    }
    cg_strbuf_puts(b, "</g>\n");
}

static void legend(const axes *a, cg_strbuf *b, const uint32_t *colours) {
    int n = 0;
    size_t longest = 0;
    for (int k = 0; k < a->spec->nseries; k++) {
        const cg_plot_series *s = &a->spec->series[k];
        if (s->label && *s->label && s->kind != CG_PLOT_IMAGE) {
            n++;
            if (strlen(s->label) > longest)
                longest = strlen(s->label);
        }
    }
    if (!n)
        return;
    double w = 40 + 6.5 * (double)longest, h = 8 + 18 * n, x = a->x0 + a->w - w - 8, y = a->y0 + 8;
    cg_strbuf_printf(
        b,
        "<g class=\"legend\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"3\" fill=\"#fff\" "
        "style=\"fill:var(--jp-layout-color0,#fff);fill-opacity:0.8\" stroke=\"currentColor\" "
        "stroke-opacity=\"0.3\"/>\n",
        x, y, w, h);
    int row = 0;
    for (int k = 0; k < a->spec->nseries; k++) {
        const cg_plot_series *s = &a->spec->series[k];
        if (!s->label || !*s->label || s->kind == CG_PLOT_IMAGE)
            continue;
        double cy = y + 13 + 18 * row++;
        if (s->kind == CG_PLOT_LINE)
            cg_strbuf_printf(
                b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#%06x\" stroke-width=\"1.5\"/>",
                x + 8, cy, x + 28, cy, colours[k]);
        else if (s->kind == CG_PLOT_SCATTER)
            cg_strbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#%06x\"/>", x + 18, cy, colours[k]);
        else
            cg_strbuf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"20\" height=\"8\" fill=\"#%06x\"/>", x + 8, cy - 4,
                             colours[k]);
        cg_strbuf_printf(b, "<text class=\"legend-label\" x=\"%.1f\" y=\"%.1f\">", x + 34, cy + 4);
        put_escaped(b, s->label);
        cg_strbuf_puts(b, "</text>\n");
    }
    cg_strbuf_puts(b, "</g>\n");
}

/* ---- checks and the figure ------------------------------------------------------------------- */

static int check_series(const cg_plot_series *s) {
    switch (s->kind) {
    case CG_PLOT_IMAGE:
        CG_CHECK_INT(s->y && s->rows > 0 && s->cols > 0, CG_VALUE_ERROR, "image data has no pixels: %lldx%lld",
                     (long long)s->rows, (long long)s->cols);
        return 0;
    case CG_PLOT_HIST:
        CG_CHECK_INT(s->bins >= 1, CG_VALUE_ERROR, "`bins` must be positive, when an integer");
        CG_CHECK_INT(s->bins <= 1000000, CG_VALUE_ERROR, "too many bins: %lld", (long long)s->bins);
        /* fall through */
    case CG_PLOT_BAR:
        CG_CHECK_INT(isfinite(s->width) && s->width >= 0, CG_VALUE_ERROR, "bar width must be a finite number >= 0");
        /* fall through */
    case CG_PLOT_LINE:
    case CG_PLOT_SCATTER: CG_CHECK_INT(s->y && s->n > 0, CG_VALUE_ERROR, "cannot plot an empty series"); return 0;
    }
    cg_error_set(CG_VALUE_ERROR, "unknown plot kind %d", (int)s->kind);
    return -1;
}

static void free_hists(axes *a) {
    for (int k = 0; k < a->spec->nseries; k++) {
        if (a->hist_counts)
            free(a->hist_counts[k]);
        if (a->hist_edges)
            free(a->hist_edges[k]);
    }
    free(a->hist_counts), free(a->hist_edges);
}

static int make_hists(axes *a) {
    int n = a->spec->nseries;
    a->hist_counts = calloc((size_t)n + 1, sizeof(double *));
    a->hist_edges = calloc((size_t)n + 1, sizeof(double *));
    CG_CHECK_INT(a->hist_counts && a->hist_edges, CG_MEMORY_ERROR, "out of memory drawing a plot");
    for (int k = 0; k < n; k++) {
        const cg_plot_series *s = &a->spec->series[k];
        if (s->kind != CG_PLOT_HIST)
            continue;
        a->hist_counts[k] = malloc((size_t)s->bins * sizeof(double));
        a->hist_edges[k] = malloc((size_t)(s->bins + 1) * sizeof(double));
        CG_CHECK_INT(a->hist_counts[k] && a->hist_edges[k], CG_MEMORY_ERROR, "out of memory drawing a plot");
        if (cg_plot_histogram(s->y, s->n, s->bins, a->hist_counts[k], a->hist_edges[k]) < 0)
            return -1;
    }
    return 0;
}

/* Series drawn after this are clipped to the frame, until the caller
 * closes the group. The id is unique in the process: figures inlined in
 * one page must not share one. */
static void begin_clip(const axes *a, cg_strbuf *b) {
    static atomic_ulong next_id;
    unsigned long id = atomic_fetch_add(&next_id, 1) + 1;
    cg_strbuf_printf(b,
                     "<clipPath id=\"cgrad-clip-%lu\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>"
                     "</clipPath><g clip-path=\"url(#cgrad-clip-%lu)\">\n",
                     id, a->x0, a->y0, a->w, a->h, id);
}

static int draw_axes(const cg_plot_figure *f, const cg_plot_axes *spec, cg_strbuf *b) {
    double cw = (double)f->width / f->ncols, ch = (double)f->height / f->nrows;
    double cx = (spec->index - 1) % f->ncols * cw, cy = (spec->index - 1) / f->ncols * ch;
    const cg_plot_series *image = NULL;
    for (int k = 0; k < spec->nseries; k++) {
        if (check_series(&spec->series[k]) < 0)
            return -1;
        if (spec->series[k].kind == CG_PLOT_IMAGE)
            image = &spec->series[k];
    }
    double left = 56 + (spec->ylabel && *spec->ylabel ? 18 : 0), right = 16 + (image ? 64 : 0);
    double top = 12 + (spec->title && *spec->title ? 22 : 0), bottom = 26 + (spec->xlabel && *spec->xlabel ? 18 : 0);
    axes a = {.spec = spec, .x0 = cx + left, .y0 = cy + top, .logx = spec->logx, .logy = spec->logy};
    a.w = fmax(cw - left - right, 10), a.h = fmax(ch - top - bottom, 10);
    if (make_hists(&a) < 0) {
        free_hists(&a);
        return -1;
    }
    if (image)
        set_image_limits(&a, image);
    else
        set_limits(&a);
    set_user_limits(&a.xlo, &a.xhi, spec->xlim, a.logx);
    set_user_limits(&a.ylo, &a.yhi, spec->ylim, a.logy);
    a.clip = spec->xlim || spec->ylim;
    if (a.clip)
        begin_clip(&a, b);
    if (image) { /* under everything else drawn on the axes */
        draw_image(&a, b, image);
        if (a.clip)
            cg_strbuf_puts(b, "</g>\n");
        colour_bar(&a, b);
        if (a.clip)
            begin_clip(&a, b);
    }
    uint32_t *colours = calloc((size_t)spec->nseries + 1, sizeof *colours);
    int cycle = 0;
    for (int k = 0; k < spec->nseries; k++) {
        const cg_plot_series *s = &spec->series[k];
        if (s->kind == CG_PLOT_IMAGE)
            continue;
        uint32_t c = cg_plot_tab10(s->colour >= 0 ? s->colour : cycle++);
        if (colours)
            colours[k] = c;
        if (s->kind == CG_PLOT_LINE)
            draw_line(&a, b, s, c);
        else if (s->kind == CG_PLOT_SCATTER)
            draw_scatter(&a, b, s, c);
        else if (s->kind == CG_PLOT_BAR)
            draw_bar(&a, b, s, c);
        else
            draw_hist(&a, b, k, c);
    }
    if (a.clip)
        cg_strbuf_puts(b, "</g>\n");
    frame(&a, b);
    cg_strbuf_puts(b, "<g class=\"ticks\" stroke=\"currentColor\" stroke-width=\"0.8\">\n");
    x_ticks(&a, b);
    y_ticks(&a, b);
    cg_strbuf_puts(b, "</g>\n");
    if (colours)
        legend(&a, b, colours);
    labels(&a, b, cx, cy);
    free(colours);
    free_hists(&a);
    return 0;
}

char *cg_plot_svg(const cg_plot_figure *f) {
    CG_CHECK(f->width >= 16 && f->height >= 16 && f->width <= 20000 && f->height <= 20000, CG_VALUE_ERROR,
             "figure size must be between 16 and 20000 pixels, got %dx%d", f->width, f->height);
    CG_CHECK(f->nrows >= 1 && f->ncols >= 1 && f->nrows <= 64 && f->ncols <= 64, CG_VALUE_ERROR,
             "Number of rows and columns must be a positive integer, not %d and %d", f->nrows, f->ncols);
    for (int i = 0; i < f->naxes; i++)
        CG_CHECK(f->axes[i].index >= 1 && f->axes[i].index <= f->nrows * f->ncols, CG_VALUE_ERROR,
                 "num must be an integer with 1 <= num <= %d, not %d", f->nrows * f->ncols, f->axes[i].index);
    cg_strbuf b = CG_STRBUF_INIT;
    cg_strbuf_printf(&b,
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"cgrad-plot\" width=\"%d\" height=\"%d\" "
                     "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" "
                     "font-size=\"11\" fill=\"currentColor\" style=\"max-width:100%%;height:auto\">\n",
                     f->width, f->height, f->width, f->height);
    for (int i = 0; i < f->naxes; i++) {
        if (draw_axes(f, &f->axes[i], &b) < 0) {
            cg_strbuf_free(&b);
            return NULL;
        }
    }
    cg_strbuf_puts(&b, "</svg>\n");
    return cg_strbuf_take(&b);
}
