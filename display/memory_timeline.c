/* memory_timeline.c: allocated and reserved bytes over a trace as SVG,
 * see memory_timeline.h.
 *
 * Two passes over the events: one for the net change (the starting
 * totals) and one drawing. A long trace is drawn in at most MAX_STEPS
 * steps, each the largest value of its run of events, so that peaks
 * survive the thinning and 100k events cost no 100k path segments. */
#include "memory_timeline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "memory_summary.h"
#include "plot_svg.h"
#include "strbuf.h"

#define W 720
#define H 300
#define LEFT 76
#define RIGHT 20
#define TOP 44
#define BOTTOM 40
#define MAX_STEPS 1500
#define MAX_CELL_LINES 200
/* a magnitude for cg_plot_tick_label that keeps labels out of scientific notation */
#define PLAIN 1.0

#define C_ALLOCATED "#4c78a8"
#define C_RESERVED "#f58518"

/* How one event moves the totals. */
static void deltas(const cg_trace_entry *e, int64_t *da, int64_t *dr) {
    *da = *dr = 0;
    switch (e->action) {
    case CG_TRACE_ALLOC: *da = e->size; break;
    case CG_TRACE_FREE_REQUESTED: *da = -e->size; break;
    case CG_TRACE_SEGMENT_ALLOC: *dr = e->size; break;
    case CG_TRACE_SEGMENT_FREE: *dr = -e->size; break;
    default: break;
    }
}

typedef struct {
    double *x, *a, *r; /* the steps: event position and the totals after it */
    int n;
    double peak, peak_a, peak_r; /* peak: of both, for the y axis */
} series;

static int replay(const cg_trace *t, int64_t allocated_now, int64_t reserved_now, series *s) {
    size_t n = t->count, per = (n + MAX_STEPS - 1) / MAX_STEPS;
    if (per < 1)
        per = 1;
    size_t cap = n / per + 2;
    s->x = malloc(cap * sizeof *s->x), s->a = malloc(cap * sizeof *s->a), s->r = malloc(cap * sizeof *s->r);
    if (!s->x || !s->a || !s->r)
        return -1;
    int64_t net_a = 0, net_r = 0, da, dr;
    for (size_t i = 0; i < n; i++) {
        deltas(cg_trace_at(t, i), &da, &dr);
        net_a += da, net_r += dr;
    }
    int64_t a = allocated_now - net_a, r = reserved_now - net_r;
    s->x[0] = 0, s->a[0] = (double)a, s->r[0] = (double)r, s->n = 1;
    s->peak_a = (double)a, s->peak_r = (double)r;
    double ma = 0, mr = 0;
    for (size_t i = 0; i < n; i++) {
        deltas(cg_trace_at(t, i), &da, &dr);
        a += da, r += dr;
        ma = i % per == 0 ? (double)a : fmax(ma, (double)a);
        mr = i % per == 0 ? (double)r : fmax(mr, (double)r);
        if (i % per == per - 1 || i == n - 1) {
            s->x[s->n] = (double)(i + 1), s->a[s->n] = ma, s->r[s->n] = mr;
            s->peak_a = fmax(s->peak_a, ma), s->peak_r = fmax(s->peak_r, mr);
            s->n++;
        }
    }
    s->peak = fmax(s->peak_a, s->peak_r);
    return 0;
}

/* ---- axes ------------------------------------------------------------------------------ */

typedef struct {
    double xhi, yhi, unit; /* the view: [0, xhi] events, [0, yhi] units */
    const char *unit_name;
} view;

static double px_x(const view *v, double x) { return LEFT + x / v->xhi * (W - LEFT - RIGHT); }
static double px_y(const view *v, double bytes) { return H - BOTTOM - bytes / v->unit / v->yhi * (H - TOP - BOTTOM); }

static view make_view(const series *s, size_t nevents) {
    static const char *const names[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    view v = {nevents ? (double)nevents : 1, 1, 1, "B"};
    int u = 0;
    while (u < 4 && s->peak >= pow(1024, u + 1))
        u++;
    v.unit = pow(1024, u);
    v.unit_name = names[u];
    v.yhi = s->peak > 0 ? s->peak / v.unit * 1.08 : 1;
    return v;
}

static void axes(cg_strbuf *b, const view *v) {
    double ticks[32], step;
    char lab[48];
    cg_strbuf_printf(b,
                     "<g class=\"axes\" stroke=\"currentColor\" stroke-opacity=\"0.7\" fill=\"none\">"
                     "<path d=\"M%d %d V%d H%d\"/></g>\n",
                     LEFT, TOP, H - BOTTOM, W - RIGHT);
    int n = cg_plot_ticks(0, v->xhi, 8, true, ticks, 32, &step);
    for (int i = 0; i < n; i++) {
        double x = px_x(v, ticks[i]);
        cg_plot_tick_label(ticks[i], step, PLAIN, lab, sizeof lab);
        cg_strbuf_printf(b,
                         "<g class=\"x-tick\"><path d=\"M%.1f %d v4\" stroke=\"currentColor\"/><text x=\"%.1f\" "
                         "y=\"%d\" text-anchor=\"middle\">%s</text></g>\n",
                         x, H - BOTTOM, x, H - BOTTOM + 16, lab);
    }
    cg_strbuf_printf(b, "<text class=\"x-label\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">events</text>\n",
                     (LEFT + W - RIGHT) / 2, H - 6);
    n = cg_plot_ticks(0, v->yhi, 5, false, ticks, 32, &step);
    for (int i = 0; i < n; i++) {
        double y = px_y(v, ticks[i] * v->unit);
        cg_plot_tick_label(ticks[i], step, PLAIN, lab, sizeof lab);
        cg_strbuf_printf(b,
                         "<g class=\"y-tick\"><path d=\"M%d %.1f h-4\" stroke=\"currentColor\"/><path d=\"M%d %.1f "
                         "H%d\" stroke=\"currentColor\" stroke-opacity=\"0.12\"/><text x=\"%d\" y=\"%.1f\" "
                         "text-anchor=\"end\">%s %s</text></g>\n",
                         LEFT, y, LEFT, y, W - RIGHT, LEFT - 7, y + 4, lab, v->unit_name);
    }
}

/* ---- lines ------------------------------------------------------------------------------ */

static void step_path(cg_strbuf *b, const view *v, const series *s, const double *vals) {
    cg_strbuf_printf(b, "M%.1f %.1f", px_x(v, s->x[0]), px_y(v, vals[0]));
    for (int i = 1; i < s->n; i++)
        cg_strbuf_printf(b, "H%.1fV%.1f", px_x(v, s->x[i]), px_y(v, vals[i]));
}

static void lines(cg_strbuf *b, const view *v, const series *s) {
    cg_strbuf_printf(b, "<path class=\"allocated-area\" fill=\"%s\" fill-opacity=\"0.25\" stroke=\"none\" d=\"",
                     C_ALLOCATED);
    step_path(b, v, s, s->a);
    cg_strbuf_printf(b, "V%.1fH%.1fZ\"/>\n", px_y(v, 0), px_x(v, 0));
    cg_strbuf_printf(b, "<path class=\"allocated-line\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" d=\"",
                     C_ALLOCATED);
    step_path(b, v, s, s->a);
    cg_strbuf_printf(b, "\"/>\n<path class=\"reserved-line\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" d=\"",
                     C_RESERVED);
    step_path(b, v, s, s->r);
    cg_strbuf_puts(b, "\"/>\n");
}

/* A dashed line where each cell's events begin, its number above when
 * there is room for it. */
static void cell_marks(cg_strbuf *b, const view *v, const cg_trace *t) {
    int32_t prev = -1;
    int drawn = 0;
    double last_label = -1e9;
    for (size_t i = 0; i < t->count && drawn < MAX_CELL_LINES; i++) {
        int32_t cell = cg_trace_at(t, i)->where.cell;
        if (cell == prev)
            continue;
        prev = cell;
        if (cell <= 0)
            continue;
        double x = px_x(v, (double)i);
        cg_strbuf_printf(b,
                         "<g class=\"cell-boundary\"><path d=\"M%.1f %d V%d\" stroke=\"currentColor\" "
                         "stroke-opacity=\"0.45\" stroke-dasharray=\"3 3\"/>",
                         x, TOP - 4, H - BOTTOM);
        if (x - last_label >= 28) {
            cg_strbuf_printf(b, "<text class=\"cell-label\" x=\"%.1f\" y=\"%d\" font-size=\"10\">[%d]</text>", x + 2,
                             TOP - 6, (int)cell);
            last_label = x;
        }
        cg_strbuf_puts(b, "</g>\n");
        drawn++;
    }
}

static void legend(cg_strbuf *b, const series *s, int64_t allocated_now, int64_t reserved_now) {
    const struct {
        const char *name, *colour;
        int64_t now;
        double peak;
    } lines[2] = {{"allocated", C_ALLOCATED, allocated_now, s->peak_a},
                  {"reserved", C_RESERVED, reserved_now, s->peak_r}};
    cg_strbuf_puts(b, "<g class=\"legend\">");
    for (int i = 0; i < 2; i++) {
        char now[32], peak[32];
        cg_memory_format_bytes(lines[i].now, now, sizeof now);
        cg_memory_format_bytes((int64_t)lines[i].peak, peak, sizeof peak);
        int x = LEFT + i * 300;
        cg_strbuf_printf(b,
                         "<rect x=\"%d\" y=\"8\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"18\">"
                         "%s: now %s, peak %s</text>",
                         x, lines[i].colour, x + 16, lines[i].name, now, peak);
    }
    cg_strbuf_puts(b, "</g>\n");
}

char *cg_memory_timeline_svg(const cg_trace *t, int64_t allocated_now, int64_t reserved_now) {
    cg_strbuf b = CG_STRBUF_INIT;
    series s = {0};
    int height = t->count ? H : 40;
    cg_strbuf_printf(&b,
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"cgrad-memory-timeline\" width=\"%d\" "
                     "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\" "
                     "fill=\"currentColor\">\n",
                     W, height, W, height);
    if (!t->count) {
        cg_strbuf_puts(&b, "<text class=\"note\" x=\"10\" y=\"24\">No memory events recorded yet.</text>\n");
    } else if (replay(t, allocated_now, reserved_now, &s) == 0) {
        view v = make_view(&s, t->count);
        legend(&b, &s, allocated_now, reserved_now);
        axes(&b, &v);
        lines(&b, &v, &s);
        cell_marks(&b, &v, t);
    } else {
        b.failed = true;
    }
    cg_strbuf_puts(&b, "</svg>\n");
    free(s.x), free(s.a), free(s.r);
    return cg_strbuf_take(&b);
}
