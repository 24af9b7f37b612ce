/* plot_svg.h: a figure of line, scatter, histogram, bar and image plots drawn
 * as one SVG document, in plain C over arrays of doubles.
 *
 * What a figure looks like follows matplotlib's defaults: 640x480 pixels,
 * the tab10 colour cycle, axes limits with 5% margins, "nice" ticks (steps
 * of 1, 2, 2.5 or 5 times a power of ten, at most 8 ticks), decades on a
 * log axis, a legend when a series has a label, viridis and a colour bar
 * for images. Limits set by the caller (xlim, ylim) clip what lies outside. Text, frames and ticks are drawn in currentColor so that the
 * figure reads in JupyterLab's light and dark themes.
 *
 * This is not the cell language's plot() (lang/rich/plot_module.c and the
 * matplotlib prelude build a cg_plot_figure from values) and it keeps no
 * state: one call, one SVG string. */
#ifndef CG_PLOT_SVG_H
#define CG_PLOT_SVG_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { CG_PLOT_LINE, CG_PLOT_SCATTER, CG_PLOT_HIST, CG_PLOT_IMAGE, CG_PLOT_BAR } cg_plot_kind;

typedef struct {
    cg_plot_kind kind;
    /* line, scatter: n points (x[i], y[i]); x NULL means 0, 1, ..., n-1.
     * A NaN (or, on a log axis, a value <= 0) breaks a line.
     * hist: y holds the n samples; x is unused.
     * image: y holds rows x cols values, row-major; row 0 drawn on top.
     * bar: n bars centred on x[i] (x NULL: 0, 1, ..., n-1), from 0 to y[i]. */
    const double *x;
    const double *y;
    int64_t n;
    int64_t rows, cols; /* image */
    int64_t bins;       /* hist: equal-width bins over [min, max] (numpy's rule) */
    double width;       /* bar: in x units (matplotlib's default is 0.8) */
    const char *label;  /* NULL or "": not in the legend */
    int colour;         /* index into tab10; -1: the next in the axes' cycle */
} cg_plot_series;

typedef struct {
    const char *title, *xlabel, *ylabel; /* NULL: none */
    bool logx, logy;                     /* log axes: decade ticks, values <= 0 not drawn */
    /* NULL: from the data; else {lo, hi} in data units, NaN for a side
     * taken from the data (matplotlib's xlim(left=...)); hi < lo is swapped */
    const double *xlim, *ylim;
    int index; /* 1-based cell of the figure's grid, row-major */
    int nseries;
    const cg_plot_series *series;
} cg_plot_axes;

typedef struct {
    int width, height; /* pixels; matplotlib's default is 640x480 */
    int nrows, ncols;  /* the grid of subplots; 1x1 for one axes */
    int naxes;
    const cg_plot_axes *axes;
} cg_plot_figure;

/* The figure as a malloc'd SVG document, or NULL with the engine's error
 * set (ValueError for an empty series, a bad size, bins < 1, an image
 * with no pixels, an axes outside the grid). */
char *cg_plot_svg(const cg_plot_figure *f);

/* ---- the pieces, exposed for tests and for plt.hist's return value ---- */

/* Nice ticks inside [lo, hi]: multiples of a step of 1, 2, 2.5 or 5 times a
 * power of ten, the smallest such step that splits [lo, hi] into at most
 * max_intervals (integers only when integer is set). Writes up to cap
 * values to out and returns their count; *step gets the step. */
int cg_plot_ticks(double lo, double hi, int max_intervals, bool integer, double *out, int cap, double *step);
/* A tick's label: as few digits as the step needs ("0.3", not
 * 0.30000000000000004), "0" for zero, scientific ("2.5e6", "1e-5") when
 * the largest tick magnitude is >= 1e5 or < 1e-4. */
void cg_plot_tick_label(double v, double step, double max_abs, char *buf, int size);
/* numpy.histogram(x, bins) for bins an int: bins equal-width bins over
 * [min, max] of the finite samples ([v - 0.5, v + 0.5] when all equal), the
 * last bin closed; NaNs are left out. counts has bins entries, edges
 * bins + 1. -1 with a ValueError when bins < 1, no sample is finite, or a
 * sample is infinite. */
int cg_plot_histogram(const double *x, int64_t n, int64_t bins, double *counts, double *edges);
/* viridis at t in [0, 1] (clamped; NaN gives a grey) as 0xRRGGBB. */
uint32_t cg_plot_viridis(double t);
/* tab10 colour i (mod 10) as 0xRRGGBB. */
uint32_t cg_plot_tab10(int i);

#endif
