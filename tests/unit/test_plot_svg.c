/* test_plot_svg.c: display/plot_svg: the SVG parses as XML (libxml2), and
 * what a reader of the figure checks: tick values and labels, decades on a
 * log axis, legend entries, how many points a line draws, numpy's histogram
 * counts, the image's cells and viridis, and errors for bad input. */
#include <criterion/criterion.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "plot_svg.h"
#include "svg_query.h"

/* ---- reading the SVG back ------------------------------------------------------------------ */

static xmlDocPtr parse(const char *svg) {
    cr_assert(svg, "cg_plot_svg failed: %s", cg_error_message());
    xmlDocPtr doc = xmlReadMemory(svg, (int)strlen(svg), "plot.svg", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
    cr_assert(doc, "the SVG is not well-formed XML:\n%.2000s", svg);
    return doc;
}

static int points_in(const char *points) {
    int n = 0;
    for (const char *p = points; *p; p++)
        n += *p == ',';
    return n;
}

static char *one_series(cg_plot_series s, const char *title) {
    cg_plot_axes ax = {.title = title, .index = 1, .nseries = 1, .series = &s};
    cg_plot_figure f = {640, 480, 1, 1, 1, &ax};
    return cg_plot_svg(&f);
}

/* ---- ticks ------------------------------------------------------------------------------------ */

static void expect_ticks(double lo, double hi, int n_expected, const double *expected) {
    double t[32], step;
    int n = cg_plot_ticks(lo, hi, 7, false, t, 32, &step);
    cr_assert_eq(n, n_expected, "[%g, %g]: %d ticks", lo, hi, n);
    for (int i = 0; i < n; i++)
        cr_expect_float_eq(t[i], expected[i], 1e-12, "[%g, %g] tick %d", lo, hi, i);
}

Test(plot_svg, ticks_are_nice_steps_inside_the_range) {
    expect_ticks(0, 1, 6, (double[]){0, 0.2, 0.4, 0.6, 0.8, 1.0});
    expect_ticks(0, 97, 5, (double[]){0, 20, 40, 60, 80});
    expect_ticks(-4.85, 101.85, 6, (double[]){0, 20, 40, 60, 80, 100}); /* [0, 97] with 5% margins */
    expect_ticks(-3, 3, 7, (double[]){-3, -2, -1, 0, 1, 2, 3});
    expect_ticks(0, 10, 6, (double[]){0, 2, 4, 6, 8, 10});
    expect_ticks(1e6, 3e6, 5, (double[]){1e6, 1.5e6, 2e6, 2.5e6, 3e6});
    double t[32], step;
    for (double hi = 0.013; hi < 1e7; hi *= 1.7) {
        int n = cg_plot_ticks(0, hi, 7, false, t, 32, &step);
        cr_expect(n >= 3 && n <= 8, "[0, %g]: %d ticks", hi, n);
        double m = step / pow(10, floor(log10(step)));
        cr_expect(fabs(m - 1) < 1e-9 || fabs(m - 2) < 1e-9 || fabs(m - 2.5) < 1e-9 || fabs(m - 5) < 1e-9, "step %g",
                  step);
    }
    int n = cg_plot_ticks(-0.5, 2.5, 7, true, t, 32, &step);
    cr_expect_eq(step, 1, "an image's ticks are whole pixels");
    cr_expect_eq(n, 3);
}

Test(plot_svg, tick_labels_are_compact) {
    char b[48];
    cg_plot_tick_label(0.1 + 0.2, 0.1, 1, b, sizeof b);
    cr_expect_str_eq(b, "0.3");
    cg_plot_tick_label(0.6000000000000001, 0.2, 1, b, sizeof b);
    cr_expect_str_eq(b, "0.6");
    cg_plot_tick_label(7.5, 2.5, 10, b, sizeof b);
    cr_expect_str_eq(b, "7.5");
    cg_plot_tick_label(40, 20, 100, b, sizeof b);
    cr_expect_str_eq(b, "40");
    cg_plot_tick_label(-1e-17, 0.5, 2, b, sizeof b);
    cr_expect_str_eq(b, "0.0", "zero with the other labels' digits, no minus sign");
    cg_plot_tick_label(0, 1e6, 3e6, b, sizeof b);
    cr_expect_str_eq(b, "0");
    cg_plot_tick_label(2.5e6, 5e5, 3e6, b, sizeof b);
    cr_expect_str_eq(b, "2.5e6");
    cg_plot_tick_label(3e6, 5e5, 3e6, b, sizeof b);
    cr_expect_str_eq(b, "3e6");
    cg_plot_tick_label(2e-5, 1e-5, 5e-5, b, sizeof b);
    cr_expect_str_eq(b, "2e-5");
}

/* ---- whole figures ---------------------------------------------------------------------------- */

Test(plot_svg, a_line_plot_has_axes_ticks_and_a_title) {
    double y[] = {0, 0.25, 0.5, 0.75, 1};
    char *svg = one_series((cg_plot_series){.kind = CG_PLOT_LINE, .y = y, .n = 5, .colour = -1}, "loss <&> \"x\"");
    xmlDocPtr doc = parse(svg);
    cr_expect_eq(svg_count(doc, "/svg:svg[@viewBox='0 0 640 480']"), 1);
    cr_expect_eq(svg_count(doc, "//svg:rect[@class='frame'][@stroke='currentColor']"), 1);
    char buf[512];
    svg_texts(doc, "//svg:text[@class='ytick']", buf, sizeof buf);
    cr_expect_str_eq(buf, "0.0|0.2|0.4|0.6|0.8|1.0");
    svg_texts(doc, "//svg:text[@class='xtick']", buf, sizeof buf);
    cr_expect_str_eq(buf, "0|1|2|3|4");
    svg_texts(doc, "//svg:text[@class='title']", buf, sizeof buf);
    cr_expect_str_eq(buf, "loss <&> \"x\"");
    char *stroke = svg_attr(doc, "//svg:polyline", "stroke");
    cr_expect_str_eq(stroke, "#1f77b4");
    char *pts = svg_attr(doc, "//svg:polyline", "points");
    cr_expect_eq(points_in(pts), 5);
    cr_expect_eq(svg_count(doc, "//svg:g[@class='legend']"), 0, "no label, no legend");
    free(stroke), free(pts);
    xmlFreeDoc(doc);
    free(svg);
}

Test(plot_svg, nan_breaks_a_line_and_long_lines_are_thinned) {
    double y[] = {1, 2, NAN, 3, 4, 5};
    char *svg = one_series((cg_plot_series){.kind = CG_PLOT_LINE, .y = y, .n = 6, .colour = -1}, NULL);
    xmlDocPtr doc = parse(svg);
    cr_expect_eq(svg_count(doc, "//svg:polyline"), 2);
    xmlFreeDoc(doc);
    free(svg);

    int64_t n = 100000;
    double *big = malloc((size_t)n * sizeof *big);
    for (int64_t i = 0; i < n; i++)
        big[i] = sin((double)i * 0.001) + (i == 54321 ? 20 : 0);
    svg = one_series((cg_plot_series){.kind = CG_PLOT_LINE, .y = big, .n = n, .colour = -1}, NULL);
    doc = parse(svg);
    char *pts = svg_attr(doc, "//svg:polyline", "points");
    int m = points_in(pts);
    cr_expect(m > 1000 && m <= 4 * 640, "%d points drawn", m);
    char buf[512];
    svg_texts(doc, "//svg:text[@class='ytick']", buf, sizeof buf);
    cr_expect(strstr(buf, "15"), "the one spike to 19.1 stays in view: %s", buf);
    free(pts);
    xmlFreeDoc(doc);
    free(svg), free(big);
}

Test(plot_svg, several_labelled_series_get_a_legend_and_the_colour_cycle) {
    double x[] = {1, 2, 3}, a[] = {1, 4, 9}, b[] = {1, 2, 3};
    cg_plot_series s[] = {{.kind = CG_PLOT_LINE, .x = x, .y = a, .n = 3, .label = "squares", .colour = -1},
                          {.kind = CG_PLOT_SCATTER, .x = x, .y = b, .n = 3, .label = "a<b", .colour = -1}};
    cg_plot_axes ax = {.xlabel = "epoch", .ylabel = "loss", .index = 1, .nseries = 2, .series = s};
    cg_plot_figure f = {640, 480, 1, 1, 1, &ax};
    char *svg = cg_plot_svg(&f);
    xmlDocPtr doc = parse(svg);
    char buf[256];
    svg_texts(doc, "//svg:text[@class='legend-label']", buf, sizeof buf);
    cr_expect_str_eq(buf, "squares|a<b");
    cr_expect_eq(svg_count(doc, "//svg:path[@class='scatter'][@stroke='#ff7f0e']"), 1);
    char *d = svg_attr(doc, "//svg:path[@class='scatter']", "d");
    int markers = 0;
    for (const char *p = d; (p = strstr(p, "h0")); p++)
        markers++;
    cr_expect_eq(markers, 3);
    svg_texts(doc, "//svg:text[@class='xlabel'] | //svg:text[@class='ylabel']", buf, sizeof buf);
    cr_expect_str_eq(buf, "epoch|loss");
    free(d);
    xmlFreeDoc(doc);
    free(svg);
}

Test(plot_svg, a_log_axis_has_decade_ticks) {
    double y[] = {1, 10, 100, 1000, 1e4, 1e5};
    cg_plot_series s = {.kind = CG_PLOT_LINE, .y = y, .n = 6, .colour = -1};
    cg_plot_axes ax = {.logy = true, .index = 1, .nseries = 1, .series = &s};
    cg_plot_figure f = {640, 480, 1, 1, 1, &ax};
    char *svg = cg_plot_svg(&f);
    xmlDocPtr doc = parse(svg);
    char buf[256];
    svg_texts(doc, "//svg:text[@class='ytick']/svg:tspan", buf, sizeof buf);
    cr_expect_str_eq(buf, "0|1|2|3|4|5");
    svg_texts(doc, "//svg:text[@class='ytick']", buf, sizeof buf);
    cr_expect_str_eq(buf, "100|101|102|103|104|105", "10 with a superscript exponent");
    xmlFreeDoc(doc);
    free(svg);
}

static double num_attr(xmlDocPtr doc, const char *xpath, const char *name) {
    char *v = svg_attr(doc, xpath, name);
    double d = strtod(v, NULL);
    free(v);
    return d;
}

/* y = x at 1, 10, ..., 1e4 on a log x axis cut to [10, 100] and a y axis
 * set to [0, 50]: decade ticks 10^1 and 10^2 only, y ticks 0..50, and the
 * line clipped to the frame (the clip rectangle is the frame's). */
Test(plot_svg, a_log_x_axis_and_set_limits_clip_to_the_frame) {
    double x[] = {1, 10, 100, 1000, 1e4};
    cg_plot_series s = {.kind = CG_PLOT_LINE, .x = x, .y = x, .n = 5, .colour = -1};
    cg_plot_axes ax = {
        .logx = true, .xlim = (double[]){10, 100}, .ylim = (double[]){0, 50}, .index = 1, .nseries = 1, .series = &s};
    cg_plot_figure f = {640, 480, 1, 1, 1, &ax};
    char *svg = cg_plot_svg(&f);
    xmlDocPtr doc = parse(svg);
    char buf[256];
    svg_texts(doc, "//svg:text[@class='xtick']/svg:tspan", buf, sizeof buf);
    cr_expect_str_eq(buf, "1|2");
    svg_texts(doc, "//svg:text[@class='ytick']", buf, sizeof buf);
    cr_expect_str_eq(buf, "0|10|20|30|40|50");
    cr_expect_eq(svg_count(doc, "//svg:g[@clip-path]/svg:polyline"), 1, "the line is drawn inside the clip");
    char *clip = svg_attr(doc, "//svg:g[@clip-path]", "clip-path"), *id = svg_attr(doc, "//svg:clipPath", "id");
    char want[96];
    snprintf(want, sizeof want, "url(#%s)", id);
    cr_expect_str_eq(clip, want);
    free(clip), free(id);
    const char *sides[] = {"x", "y", "width", "height"};
    for (int i = 0; i < 4; i++)
        cr_expect_float_eq(num_attr(doc, "//svg:clipPath/svg:rect", sides[i]),
                           num_attr(doc, "//svg:rect[@class='frame']", sides[i]), 0.05, "clip %s", sides[i]);
    xmlFreeDoc(doc);
    free(svg);
    /* without limits, nothing is clipped */
    ax.xlim = ax.ylim = NULL;
    svg = cg_plot_svg(&f);
    doc = parse(svg);
    cr_expect_eq(svg_count(doc, "//svg:clipPath"), 0);
    svg_texts(doc, "//svg:text[@class='xtick']/svg:tspan", buf, sizeof buf);
    cr_expect_str_eq(buf, "0|1|2|3|4", "decades of the data");
    xmlFreeDoc(doc);
    free(svg);
}

/* plt.bar([1, 2, 3], [3, -1, 2], width=0.5) with xlim (0, 4), ylim (-2, 4):
 * each bar is a quarter of a unit wide on each side of x, from 0 to its
 * height, the negative one below 0. */
Test(plot_svg, bars_stand_on_zero_centred_on_x) {
    double x[] = {1, 2, 3}, h[] = {3, -1, 2};
    cg_plot_series s = {.kind = CG_PLOT_BAR, .x = x, .y = h, .n = 3, .width = 0.5, .colour = -1};
    cg_plot_axes ax = {.xlim = (double[]){0, 4}, .ylim = (double[]){-2, 4}, .index = 1, .nseries = 1, .series = &s};
    cg_plot_figure f = {640, 480, 1, 1, 1, &ax};
    char *svg = cg_plot_svg(&f);
    xmlDocPtr doc = parse(svg);
    cr_assert_eq(svg_count(doc, "//svg:g[@class='bar']/svg:rect"), 3);
    double fx = num_attr(doc, "//svg:rect[@class='frame']", "x"), fy = num_attr(doc, "//svg:rect[@class='frame']", "y");
    double fw = num_attr(doc, "//svg:rect[@class='frame']", "width");
    double fh = num_attr(doc, "//svg:rect[@class='frame']", "height");
    double ux = fw / 4, uy = fh / 6, zero = fy + 4 * uy;
    for (int i = 0; i < 3; i++) {
        char xp[64];
        snprintf(xp, sizeof xp, "//svg:g[@class='bar']/svg:rect[%d]", i + 1);
        cr_expect_float_eq(num_attr(doc, xp, "x"), fx + (x[i] - 0.25) * ux, 0.02, "bar %d x", i);
        cr_expect_float_eq(num_attr(doc, xp, "width"), 0.5 * ux, 0.02, "bar %d width", i);
        cr_expect_float_eq(num_attr(doc, xp, "height"), fabs(h[i]) * uy, 0.02, "bar %d height", i);
        cr_expect_float_eq(num_attr(doc, xp, "y"), h[i] > 0 ? zero - h[i] * uy : zero, 0.02, "bar %d y", i);
    }
    xmlFreeDoc(doc);
    free(svg);
}

Test(plot_svg, histogram_counts_are_numpys) {
    /* expected: numpy.histogram(x, bins) with numpy 1.24 */
    double c[8], e[9];
    cr_assert_eq(cg_plot_histogram((double[]){1, 2, 2, 3, 3, 3, 4, 4, 4, 4}, 10, 3, c, e), 0);
    cr_expect(c[0] == 1 && c[1] == 2 && c[2] == 7);
    cr_expect(e[0] == 1 && e[3] == 4);
    cr_assert_eq(cg_plot_histogram((double[]){0, .1, .2, .3, .4, .5, .6, .7, .8, .9, 1}, 11, 5, c, e), 0);
    double want[] = {2, 2, 3, 1, 3};
    for (int i = 0; i < 5; i++)
        cr_expect_eq(c[i], want[i], "bin %d: %g", i, c[i]);
    cr_assert_eq(cg_plot_histogram((double[]){5, 5, 5}, 3, 4, c, e), 0);
    cr_expect(c[0] == 0 && c[1] == 0 && c[2] == 3 && c[3] == 0 && e[0] == 4.5 && e[4] == 5.5);
    cr_assert_eq(cg_plot_histogram((double[]){-1.5, 2.25, 0.3, 0.31, 7, 6.99, 3.3}, 7, 7, c, e), 0);
    double want7[] = {1, 2, 0, 2, 0, 0, 2};
    for (int i = 0; i < 7; i++)
        cr_expect_eq(c[i], want7[i], "bin %d: %g", i, c[i]);

    cg_plot_series s = {
        .kind = CG_PLOT_HIST, .y = (double[]){1, 2, 2, 3, 3, 3, 4, 4, 4, 4}, .n = 10, .bins = 3, .colour = -1};
    char *svg = one_series(s, NULL);
    xmlDocPtr doc = parse(svg);
    cr_expect_eq(svg_count(doc, "//svg:g[@class='hist']/svg:rect"), 3);
    char buf[256];
    svg_texts(doc, "//svg:text[@class='ytick']", buf, sizeof buf);
    cr_expect(!strncmp(buf, "0|", 2), "bars stand on 0: %s", buf);
    xmlFreeDoc(doc);
    free(svg);

    /* on a log axis, with an empty bin: decades up to the tallest bar */
    cg_plot_series gap = {
        .kind = CG_PLOT_HIST, .y = (double[]){0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3}, .n = 13, .bins = 3, .colour = -1};
    cg_plot_axes ax = {.logy = true, .index = 1, .nseries = 1, .series = &gap};
    cg_plot_figure f = {640, 480, 1, 1, 1, &ax};
    svg = cg_plot_svg(&f);
    doc = parse(svg);
    cr_expect_eq(svg_count(doc, "//svg:g[@class='hist']/svg:rect"), 2);
    svg_texts(doc, "//svg:text[@class='ytick']", buf, sizeof buf);
    cr_expect_str_eq(buf, "100|101", "counts 12, 0, 1: decades 1 and 10");
    xmlFreeDoc(doc);
    free(svg);
}

Test(plot_svg, an_image_is_cells_in_viridis_with_a_colour_bar) {
    cr_expect_eq(cg_plot_viridis(0), 0x440154u);
    cr_expect_eq(cg_plot_viridis(1), 0xfde725u);
    cr_expect_eq(cg_plot_tab10(1), 0xff7f0eu);
    double v[6] = {0, 1, 2, 3, 4, 5};
    char *svg = one_series((cg_plot_series){.kind = CG_PLOT_IMAGE, .y = v, .rows = 2, .cols = 3, .colour = -1}, NULL);
    xmlDocPtr doc = parse(svg);
    cr_expect_eq(svg_count(doc, "//svg:g[@class='image']/svg:rect"), 6);
    cr_expect_eq(svg_count(doc, "//svg:g[@class='image']/svg:rect[@x='0'][@y='0'][@fill='#440154']"), 1);
    cr_expect_eq(svg_count(doc, "//svg:g[@class='image']/svg:rect[@x='2'][@y='1'][@fill='#fde725']"), 1);
    cr_expect_eq(svg_count(doc, "//svg:g[@class='colorbar']"), 1);
    xmlFreeDoc(doc);
    free(svg);

    int64_t r = 300, c = 200;
    double *big = malloc((size_t)(r * c) * sizeof *big);
    for (int64_t i = 0; i < r * c; i++)
        big[i] = (double)(i % c) + 1000 * (double)(i / c);
    svg = one_series((cg_plot_series){.kind = CG_PLOT_IMAGE, .y = big, .rows = r, .cols = c, .colour = -1}, NULL);
    doc = parse(svg);
    int cells = svg_count(doc, "//svg:g[@class='image']/svg:rect");
    cr_expect(cells > 0 && cells <= 128 * 128, "a 300x200 image is averaged down: %d cells", cells);
    xmlFreeDoc(doc);
    free(svg);
    /* 129 rows average in pairs; the last block is one row and stays inside */
    svg = one_series((cg_plot_series){.kind = CG_PLOT_IMAGE, .y = big, .rows = 129, .cols = 3, .colour = -1}, NULL);
    doc = parse(svg);
    cr_expect_geq(svg_count(doc, "//svg:g[@class='image']/svg:rect[@y='128'][@height='1']"), 1);
    cr_expect_eq(svg_count(doc, "//svg:g[@class='image']/svg:rect[@y='128'][@height!='1']"), 0);
    cr_expect_geq(svg_count(doc, "//svg:g[@class='image']/svg:rect[@y='126'][@height='2']"), 1);
    xmlFreeDoc(doc);
    free(svg), free(big);
}

Test(plot_svg, subplots_are_panels_of_one_figure) {
    double y[] = {1, 2, 3};
    cg_plot_series s = {.kind = CG_PLOT_LINE, .y = y, .n = 3, .colour = -1};
    cg_plot_axes ax[2] = {{.title = "left", .index = 1, .nseries = 1, .series = &s},
                          {.title = "right", .index = 2, .nseries = 1, .series = &s}};
    cg_plot_figure f = {800, 300, 1, 2, 2, ax};
    char *svg = cg_plot_svg(&f);
    xmlDocPtr doc = parse(svg);
    cr_expect_eq(svg_count(doc, "//svg:rect[@class='frame']"), 2);
    char *x0 = svg_attr(doc, "(//svg:rect[@class='frame'])[2]", "x");
    cr_expect(atof(x0) > 400, "the second panel is on the right: x=%s", x0);
    free(x0);
    xmlFreeDoc(doc);
    free(svg);
}

Test(plot_svg, bad_input_is_an_error) {
    double y[] = {1};
    cg_plot_series empty = {.kind = CG_PLOT_LINE, .y = y, .n = 0, .colour = -1};
    cr_expect_null(one_series(empty, NULL));
    cr_expect_eq(cg_error_kind_get(), CG_VALUE_ERROR);
    cr_expect_str_eq(cg_error_message(), "cannot plot an empty series");
    cg_plot_series hist = {.kind = CG_PLOT_HIST, .y = y, .n = 1, .bins = 0, .colour = -1};
    cr_expect_null(one_series(hist, NULL));
    cr_expect_str_eq(cg_error_message(), "`bins` must be positive, when an integer");
    cg_plot_series inf = {.kind = CG_PLOT_HIST, .y = (double[]){1, INFINITY}, .n = 2, .bins = 3, .colour = -1};
    cr_expect_null(one_series(inf, NULL));
    cr_expect_str_eq(cg_error_message(), "autodetected range of [1, inf] is not finite");
    cg_plot_series image = {.kind = CG_PLOT_IMAGE, .y = y, .rows = 0, .cols = 3, .colour = -1};
    cr_expect_null(one_series(image, NULL));
    cg_plot_series ok = {.kind = CG_PLOT_LINE, .y = y, .n = 1, .colour = -1};
    cg_plot_axes ax = {.index = 3, .nseries = 1, .series = &ok};
    cg_plot_figure f = {640, 480, 1, 2, 1, &ax};
    cr_expect_null(cg_plot_svg(&f));
    cr_expect_str_eq(cg_error_message(), "num must be an integer with 1 <= num <= 2, not 3");
    f = (cg_plot_figure){0, 480, 1, 1, 1, &ax};
    cr_expect_null(cg_plot_svg(&f));
    char *svg = one_series(ok, NULL); /* one point: a range is made around it */
    xmlDocPtr doc = parse(svg);
    cr_expect_geq(svg_count(doc, "//svg:text[@class='ytick']"), 2);
    xmlFreeDoc(doc);
    free(svg);
}
