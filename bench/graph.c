/* graph.c: how long drawing an autograd graph takes, DOT text and Graphviz's
 * layout and SVG, for the unrolled loop `for i in range(k): y = y * w + b`
 * at about 100, 1000 and 3000 nodes with w and b plain tensors (a chain),
 * then with w and b leaves shared by every step (an edge from each to every
 * step), and for a wide graph (a stack of products of leaves) (README.md,
 * "Autograd graphs").
 *
 * Each case prints the boxes and edges drawn and the best of REPS runs in
 * ms of CPU time, split into the DOT text and its layout plus SVG; the target
 * is under a second at 1000 nodes. `graph FILE.dot` times one DOT file
 * instead, to try layout attributes by hand. Not a test: nothing here fails
 * on a slow machine; `graph --dot K` prints the DOT of K steps (shared w, b). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "autograd_graph.h"
#include "ops.h"

#define REPS 3

/* Graphviz runs on one thread, so its CPU time is the wall time it would
 * take on an idle core; on a shared machine the CPU time is the figure that
 * the load does not move, and it is the one printed. */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *check(void *p) {
    if (!p) {
        fprintf(stderr, "bench/graph: %s\n", cg_error_message());
        exit(1);
    }
    return p;
}

static cg_tensor *leaf(double v) {
    cg_tensor *t = check(cg_scalar_tensor(cg_scalar_float(v)));
    t->requires_grad = true;
    return t;
}

/* y = y * w + b, k times: 2k op nodes, the AccumulateGrads and leaves of
 * y0 (and of w and b when they need grad), the output: 2k + 3 boxes (+ 4). */
static cg_tensor *unrolled(int k, cg_tensor *y0, cg_tensor *w, cg_tensor *b) { /* w, b may not need grad */
    cg_tensor *y = cg_tensor_retain(y0);
    for (int i = 0; i < k; i++) {
        cg_tensor *m = check(cg_mul(y, w));
        cg_tensor *next = check(cg_add(m, b, cg_scalar_int(1)));
        cg_tensor_release(m), cg_tensor_release(y);
        y = next;
    }
    return y;
}

static int count(const char *s, const char *what) {
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

static void time_dot(const char *dot, int reps, double *layout_ms) {
    *layout_ms = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        free(check(cg_graph_svg_from_dot(dot)));
        double ms = 1e3 * (now() - t0);
        *layout_ms = ms < *layout_ms ? ms : *layout_ms;
    }
}

/* shared: w and b are leaves that require grad, so every step has an edge
 * from their AccumulateGrads; else they are constants and edges are local. */
static void bench_loop(int k, bool shared) {
    cg_tensor *y0 = leaf(0.5), *w = leaf(0.9), *b = leaf(0.1);
    w->requires_grad = b->requires_grad = shared;
    cg_tensor *y = unrolled(k, y0, w, b);
    cg_graph_name items[] = {{w, "w"}, {b, "b"}, {y0, "y0"}};
    cg_graph_names names = {items, 3};
    double dot_ms = 1e30, layout_ms;
    char *dot = NULL;
    for (int r = 0; r < REPS; r++) {
        free(dot);
        double t0 = now();
        dot = check(cg_graph_dot(&y, 1, &names, NULL));
        double ms = 1e3 * (now() - t0);
        dot_ms = ms < dot_ms ? ms : dot_ms;
    }
    time_dot(dot, REPS, &layout_ms);
    printf(
        "y = y * w + b x %4d, w, b %-6s %5d nodes %5d edges   DOT %6.2f ms   layout+SVG %8.1f ms   total %8.1f ms%s\n",
        k, shared ? "leaves" : "plain", count(dot, "[label="), count(dot, "->"), dot_ms, layout_ms, dot_ms + layout_ms,
        k == 499 || k == 497 ? "  (target < 1000 ms)" : "");
    free(dot);
    cg_tensor_release(y), cg_tensor_release(y0), cg_tensor_release(w), cg_tensor_release(b);
}

/* A wide graph: torch.stack([a[i] * b[i] for i in range(n)]).sum(), every
 * a[i], b[i] a leaf: n products side by side, 5n + 3 boxes. */
static void bench_wide(int n) {
    cg_tensor **leaves = check(calloc(2 * (size_t)n, sizeof *leaves)),
              **prods = check(calloc((size_t)n, sizeof *prods));
    for (int i = 0; i < 2 * n; i++)
        leaves[i] = leaf(0.5 + i);
    for (int i = 0; i < n; i++)
        prods[i] = check(cg_mul(leaves[2 * i], leaves[2 * i + 1]));
    cg_tensor *st = check(cg_stack(n, prods, 0));
    cg_tensor *y = check(cg_sum(st, 0, NULL, false));
    double dot_ms = 1e30, layout_ms;
    char *dot = NULL;
    for (int r = 0; r < REPS; r++) {
        free(dot);
        double t0 = now();
        dot = check(cg_graph_dot(&y, 1, NULL, NULL));
        double ms = 1e3 * (now() - t0);
        dot_ms = ms < dot_ms ? ms : dot_ms;
    }
    time_dot(dot, REPS, &layout_ms);
    printf("stack of %4d products of leaves       %5d nodes %5d edges   DOT %6.2f ms   layout+SVG %8.1f ms   total "
           "%8.1f ms\n",
           n, count(dot, "[label="), count(dot, "->"), dot_ms, layout_ms, dot_ms + layout_ms);
    free(dot);
    cg_tensor_release(y), cg_tensor_release(st);
    for (int i = 0; i < n; i++)
        cg_tensor_release(prods[i]);
    for (int i = 0; i < 2 * n; i++)
        cg_tensor_release(leaves[i]);
    free(prods), free(leaves);
}

static void bench_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    static char dot[1 << 24];
    size_t n = fread(dot, 1, sizeof dot - 1, f);
    fclose(f);
    dot[n] = '\0';
    double layout_ms;
    time_dot(dot, 1, &layout_ms);
    printf("%s: layout+SVG %.1f ms\n", path, layout_ms);
}

int main(int argc, char **argv) {
    if (argc > 2 && strcmp(argv[1], "--dot") == 0) { /* the DOT of k steps, to try attributes on */
        cg_tensor *y0 = leaf(0.5), *w = leaf(0.9), *b = leaf(0.1);
        cg_tensor *y = unrolled(atoi(argv[2]), y0, w, b); /* w, b leaves */
        fputs(check(cg_graph_dot(&y, 1, NULL, NULL)), stdout);
        return 0;
    }
    if (argc > 1) {
        bench_file(argv[1]);
        return 0;
    }
    free(check(cg_graph_svg_from_dot("digraph { a -> b }"))); /* Graphviz's start-up, once per process */
    const int ks[] = {49, 499, 1499};                         /* 101, 1001 and 3001 nodes */
    for (size_t i = 0; i < sizeof ks / sizeof *ks; i++)
        bench_loop(ks[i], false);
    /* shared leaves: O(k^2) virtual nodes in dot unless drawn from copies,
     * see Note [Layout of big graphs] in display/big_graph.c */
    bench_loop(47, true);
    bench_loop(497, true);
    bench_loop(1497, true);
    bench_wide(200);
    bench_wide(600);
    return 0;
}
