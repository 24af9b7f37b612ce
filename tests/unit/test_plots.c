/* test_plots.c: the builtins plot(), scatter(), hist(), imshow() and
 * matplotlib.pyplot through a session, as the kernel sees them: a Figure's
 * MIME bundle carries image/svg+xml and matplotlib's text, plt.show() and
 * the end-of-cell flush display each drawn figure once, and bad input is a
 * Python error with matplotlib's (numpy's) words. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/exc.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "rich/mime_bundle.h"
#include "rich/plot_module.h"

typedef struct {
    char plain[128];
    char *svg; /* malloc'd, or NULL */
} shown;
static shown log_[8];
static int nshown;

static int record(void *ctx, cg_value v, const char *id, bool update) {
    (void)ctx, (void)id, (void)update;
    cg_mime_bundle b;
    if (cg_mime_bundle_of(v, &b) < 0)
        return -1;
    if (nshown < 8) {
        shown *s = &log_[nshown];
        snprintf(s->plain, sizeof s->plain, "%s", cg_mime_bundle_get(&b, "text/plain"));
        const char *svg = cg_mime_bundle_get(&b, "image/svg+xml");
        s->svg = svg ? strdup(svg) : NULL;
    }
    nshown++;
    cg_mime_bundle_free(&b);
    return 0;
}

static cg_session *session;

static void up(void) {
    cr_assert_eq(cg_lang_init(), 0);
    static cg_host host;
    host = *cg_host_get();
    host.display = record;
    cg_host_set(&host);
    session = cg_session_new();
    nshown = 0;
}

static void down(void) {
    for (int i = 0; i < nshown && i < 8; i++)
        free(log_[i].svg);
    cg_session_free(session);
    cg_lang_shutdown();
}

static void run(const char *src) {
    int rc = cg_session_run(session, src, strlen(src), "<cell>", NULL);
    if (rc < 0) {
        char *tb = cg_traceback_format(cg_exc_peek_borrowed());
        cr_assert_fail("%s", tb);
    }
}

static void expect_error(const char *src, const char *line) {
    cr_assert_eq(cg_session_run(session, src, strlen(src), "<cell>", NULL), -1, "%s should fail", src);
    char *tb = cg_traceback_format(cg_exc_peek_borrowed());
    cr_expect(strstr(tb, line), "%s: expected %s in\n%s", src, line, tb);
    free(tb);
    cg_exc_clear();
}

static int occurrences(const char *s, const char *what) {
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p++)
        n++;
    return n;
}

/* occurrences of what inside the first <g class="cls">...</g> */
static int in_group(const char *svg, const char *cls, const char *what) {
    char open[64];
    snprintf(open, sizeof open, "<g class=\"%s\"", cls);
    const char *start = strstr(svg, open);
    if (!start)
        return -1;
    const char *end = strstr(start, "</g>");
    char *g = strndup(start, (size_t)(end - start));
    int n = occurrences(g, what);
    free(g);
    return n;
}

TestSuite(plots, .init = up, .fini = down);

Test(plots, builtins_return_figures_shown_as_svg) {
    run("import torch\n"
        "x = torch.linspace(0, 1, 50, requires_grad=True)\n"
        "figs = [plot(x, x * x, label='square', title='Loss', xlabel='epoch', ylabel='value'),\n"
        "        scatter([1, 2, 3], (3, 1, 2)), hist(torch.randn(100, 3), bins=5),\n"
        "        imshow(torch.arange(6).reshape(2, 3)), plot(torch.ones(4, dtype=torch.int64), logy=True)]\n"
        "for f in figs: display(f)");
    cr_assert_eq(nshown, 5);
    for (int i = 0; i < 5; i++) {
        cr_expect_str_eq(log_[i].plain, "<Figure size 640x480 with 1 Axes>");
        cr_assert(log_[i].svg, "figure %d has image/svg+xml", i);
        cr_expect(!strncmp(log_[i].svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39));
    }
    cr_expect(strstr(log_[0].svg, ">Loss</text>") && strstr(log_[0].svg, ">epoch</text>"));
    cr_expect(strstr(log_[0].svg, ">square</text>"), "a labelled builtin plot has a legend");
    cr_expect(strstr(log_[1].svg, "class=\"scatter\""));
    cr_expect_eq(occurrences(log_[1].svg, "h0"), 3);
    cr_expect_eq(in_group(log_[2].svg, "hist", "<rect"), 5, "300 samples in 5 bins");
    cr_expect(strstr(log_[3].svg, "fill=\"#440154\"") && strstr(log_[3].svg, "fill=\"#fde725\""));
    cr_expect(strstr(log_[4].svg, "<tspan"), "a log axis labels its decades");
}

Test(plots, several_series_in_one_plot) {
    run("import torch\n"
        "t = torch.arange(5.0)\n"
        "display(plot(t, t, t, 2 * t, 'r--'))\n"
        "display(plot(torch.stack([t, t + 1, t + 2], 1)))");
    cr_assert_eq(nshown, 2);
    cr_expect_eq(occurrences(log_[0].svg, "<polyline"), 2);
    cr_expect(strstr(log_[0].svg, "stroke=\"#d62728\""), "'r' is tab:red");
    cr_expect_eq(occurrences(log_[1].svg, "<polyline"), 3, "a 2-D y draws its columns");
}

Test(plots, pyplot_shows_at_show_and_at_flush) {
    run("import matplotlib.pyplot as plt\n"
        "plt.figure(figsize=(8, 3))\n"
        "plt.subplot(1, 2, 1)\n"
        "plt.plot([1, 2, 3], label='train')\n"
        "plt.title('left')\n"
        "plt.legend()\n"
        "plt.subplot(1, 2, 2)\n"
        "counts, edges, _ = plt.hist([1, 2, 2, 3, 3, 3, 4, 4, 4, 4], bins=3)\n"
        "assert counts.tolist() == [1.0, 2.0, 7.0] and edges.tolist() == [1.0, 2.0, 3.0, 4.0]\n"
        "plt.yscale('log')\n"
        "plt.show()\n");
    cr_assert_eq(nshown, 1);
    cr_expect_str_eq(log_[0].plain, "<Figure size 800x300 with 2 Axes>");
    cr_expect_eq(occurrences(log_[0].svg, "class=\"frame\""), 2, "two panels in one SVG");
    cr_expect(strstr(log_[0].svg, ">train</text>") && strstr(log_[0].svg, ">left</text>"));
    run("plt.plot([3, 1, 2], label='no legend() call')\nplt.xlabel('x')");
    cr_expect_eq(nshown, 1, "nothing shows before the cell ends");
    cr_assert_eq(cg_plot_flush(), 0);
    cr_assert_eq(cg_plot_flush(), 0);
    cr_assert_eq(nshown, 2, "the end-of-cell flush shows the open figure once");
    cr_expect(!strstr(log_[1].svg, "no legend() call"), "pyplot draws a legend only after legend()");
    cr_expect(strstr(log_[1].svg, ">x</text>"));
}

/* The file savefig writes is the SVG the figure shows. */
Test(plots, savefig_writes_the_figures_svg) {
    char path[64], src[512];
    snprintf(path, sizeof path, "/tmp/cgrad-test-savefig-%d.svg", (int)getpid());
    snprintf(src, sizeof src,
             "import matplotlib.pyplot as plt\n"
             "plt.bar([1, 2, 3], [3, 1, 2], label='counts')\n"
             "plt.plot([1, 2, 3], [2, 2, 2])\n"
             "plt.title('saved')\n"
             "plt.savefig('%s')\n",
             path);
    run(src);
    cr_assert_eq(cg_plot_flush(), 0);
    cr_assert_eq(nshown, 1, "savefig does not close the figure: it shows at the end of the cell");
    FILE *f = fopen(path, "r");
    cr_assert(f, "savefig wrote no %s", path);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    unlink(path);
    cr_expect_str_eq(text, log_[0].svg);
    cr_expect_eq(in_group(text, "bar", "<rect"), 3);
    cr_expect(strstr(text, ">saved</text>"));
}

Test(plots, pyplot_log_x_limits_and_bar) {
    run("import matplotlib.pyplot as plt\n"
        "plt.plot([1, 10, 100, 1000], [1, 2, 3, 4])\n"
        "plt.xscale('log')\n"
        "assert plt.xlim(10, 100) == (10.0, 100.0)\n"
        "assert plt.ylim(top=5) == (None, 5.0)\n"
        "assert plt.ylim(0) == (0.0, 5.0)\n"
        "plt.show()\n"
        "display(plot([1, 2, 3], xlim=(0, 2), ylim=(0, 10)))\n"
        "display(scatter([1, 10, 100], [1, 2, 3], logx=True))\n");
    cr_assert_eq(nshown, 3);
    cr_expect_eq(occurrences(log_[0].svg, "class=\"xtick\""), 2, "10^1 and 10^2");
    cr_expect_eq(occurrences(log_[0].svg, "<tspan"), 2);
    cr_expect(strstr(log_[0].svg, "<clipPath") && strstr(log_[1].svg, "<clipPath"), "limits clip the series");
    cr_expect(strstr(log_[1].svg, ">10</text>"), "ylim (0, 10) shows its top tick");
    cr_expect(!strstr(log_[2].svg, "<clipPath") && occurrences(log_[2].svg, "<tspan") == 3);
}

Test(plots, savefig_and_scales_errors_are_python_errors) {
    run("import matplotlib.pyplot as plt\nplt.plot([1, 2])");
    expect_error("plt.savefig('plot.png')", "ValueError: Format 'png' is not supported (supported formats: svg)");
    expect_error("plt.savefig('/nonexistent-dir/plot.svg')",
                 "FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent-dir/plot.svg'");
    expect_error("plt.xscale('symlog')", "ValueError: xscale 'symlog' is not supported here: 'linear' or 'log'");
    expect_error("plt.bar([1, 2], [1, 2, 3])", "ValueError: shape mismatch: objects cannot be broadcast");
    expect_error("plt.bar([1, 2], [])", "ValueError: shape mismatch");
    expect_error("plt.bar([], [])", "ValueError: cannot plot an empty series");
    run("plt.close('all')");
}

Test(plots, the_flush_does_nothing_without_pyplot) {
    run("f = plot([1, 2])");
    cr_expect_eq(cg_plot_flush(), 0);
    cr_expect_eq(nshown, 0, "a builtin plot's figure shows as a value, not at the flush");
}

Test(plots, bad_input_is_a_python_error) {
    run("import torch");
    expect_error("plot([])", "ValueError: cannot plot an empty series");
    expect_error("plot(['a', 'b'])", "ValueError: could not convert string to float: 'a'");
    expect_error("scatter([1, None], [1, 2])",
                 "TypeError: float() argument must be a string or a real number, not 'NoneType'");
    expect_error("imshow(torch.zeros(2, 3, 4))", "TypeError: Invalid shape (2, 3, 4) for image data");
    expect_error("plot([1, 2], [1, 2, 3])",
                 "ValueError: x and y must have same first dimension, but have shapes (2,) and (3,)");
    expect_error("scatter([1], [1, 2])", "ValueError: x and y must be the same size");
    expect_error("hist([1.0], bins=0)", "ValueError: `bins` must be positive, when an integer");
    expect_error("hist([1.0, float('inf')])", "ValueError: autodetected range of [1, inf] is not finite");
    expect_error("import matplotlib.pyplot as plt\nplt.subplot(1, 2, 3)",
                 "ValueError: num must be an integer with 1 <= num <= 2, not 3");
    cr_expect_eq(nshown, 0);
}
