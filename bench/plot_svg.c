/* plot_svg.c: how long display/plot_svg takes to draw a 100k-point line
 * (a long loss curve) and a 100k-point scatter into SVG, and how big the
 * SVG is: the best of REPS runs. Not a test: nothing fails on a slow
 * machine; the target (README.md) is well under a second. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "error.h"
#include "plot_svg.h"

#define REPS 10

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void bench(const char *what, cg_plot_series s) {
    cg_plot_axes ax = {.title = what, .index = 1, .nseries = 1, .series = &s};
    cg_plot_figure f = {640, 480, 1, 1, 1, &ax};
    double best = 1e30;
    size_t bytes = 0;
    for (int r = 0; r < REPS; r++) {
        double t0 = now();
        char *svg = cg_plot_svg(&f);
        double t1 = now();
        if (!svg) {
            fprintf(stderr, "plot_svg: %s\n", cg_error_message());
            exit(1);
        }
        bytes = strlen(svg);
        free(svg);
        if (t1 - t0 < best)
            best = t1 - t0;
    }
    printf("plot %-28s %8.2f ms   SVG %7.1f kB   (target well under 1000 ms)\n", what, best * 1e3, bytes / 1e3);
}

int main(void) {
    int64_t n = 100000;
    double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    unsigned long long s = 12345;
    for (int64_t i = 0; i < n; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        double u = (double)(s >> 11) / 9007199254740992.0;
        x[i] = u;
        y[i] = exp(-(double)i / 20000.0) + 0.05 * (u - 0.5); /* a noisy loss curve */
    }
    bench("100k-point line", (cg_plot_series){.kind = CG_PLOT_LINE, .y = y, .n = n, .colour = -1});
    bench("100k-point scatter", (cg_plot_series){.kind = CG_PLOT_SCATTER, .x = x, .y = y, .n = n, .colour = -1});
    bench("100k-sample hist, 50 bins",
          (cg_plot_series){.kind = CG_PLOT_HIST, .y = y, .n = n, .bins = 50, .colour = -1});
    bench("300x300 imshow", (cg_plot_series){.kind = CG_PLOT_IMAGE, .y = y, .rows = 300, .cols = 300, .colour = -1});
    free(x), free(y);
    return 0;
}
