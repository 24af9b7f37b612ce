/* test_mime_bundle.c: the MIME bundles of values (lang/rich/mime_bundle.h), as
 * a notebook shows them: text/plain always, a tensor's table, the
 * _repr_*_ methods and _repr_mimebundle_ of user classes, and a broken
 * formatter that does not lose the text. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/host.h"
#include "runtime/interp.h"
#include "runtime/exc.h"
#include "rich/mime_bundle.h"

static char captured[4096];
static size_t ncaptured;
static void capture(void *ctx, int stream, const char *s, size_t n) {
    (void)ctx;
    if (stream != CG_STDERR)
        return;
    size_t room = sizeof captured - 1 - ncaptured;
    n = n < room ? n : room;
    memcpy(captured + ncaptured, s, n);
    ncaptured += n;
    captured[ncaptured] = '\0';
}

static cg_session *session;

static void up(void) {
    cr_assert_eq(cg_lang_init(), 0);
    static cg_host host;
    host = *cg_host_get();
    host.write = capture;
    cg_host_set(&host);
    session = cg_session_new();
    cr_assert(session);
}

static void down(void) {
    cg_session_free(session);
    cg_lang_shutdown();
}

/* The bundle of the value of `src`'s last expression. */
static void bundle_of(const char *src, cg_mime_bundle *b) {
    cg_value v;
    cr_assert_eq(cg_session_run(session, src, strlen(src), "<cell>", &v), 0, "%s failed", src);
    cr_assert_eq(cg_mime_bundle_of(v, b), 0);
    cg_decref(v);
}

TestSuite(mime_bundle, .init = up, .fini = down);

Test(mime_bundle, plain_values_are_their_repr) {
    cg_mime_bundle b;
    bundle_of("[1, 'a', None]", &b);
    cr_expect_eq(b.n, 1);
    cr_expect_str_eq(cg_mime_bundle_get(&b, "text/plain"), "[1, 'a', None]");
    cg_mime_bundle_free(&b);
}

Test(mime_bundle, a_tensor_has_its_table) {
    cg_mime_bundle b;
    bundle_of("import torch\ntorch.tensor([[1.0, -2.0], [0.5, 4.0]], requires_grad=True) * 2", &b);
    const char *text = cg_mime_bundle_get(&b, "text/plain");
    const char *html = cg_mime_bundle_get(&b, "text/html");
    cr_assert(text && html);
    cr_expect_str_eq(text, "tensor([[ 2., -4.],\n        [ 1.,  8.]], grad_fn=<MulBackward0>)");
    cr_expect(strstr(html, "(2, 2) · float32 · cpu · grad_fn=&lt;MulBackward0&gt;"), "%s", html);
    cr_expect(strstr(html, "rgba(214,39,40,0.550)\">8.</td>"), "a 2-d float tensor is tinted: %s", html);
    cg_mime_bundle_free(&b);
}

Test(mime_bundle, repr_methods_add_their_types) {
    cg_mime_bundle b;
    bundle_of("class Card:\n"
              "    def __repr__(self): return 'Card()'\n"
              "    def _repr_html_(self): return '<b>card</b>'\n"
              "    def _repr_markdown_(self): return None\n"
              "    def _repr_svg_(self): return '<svg></svg>'\n"
              "Card()",
              &b);
    cr_expect_eq(b.n, 3);
    cr_expect_str_eq(cg_mime_bundle_get(&b, "text/plain"), "Card()");
    cr_expect_str_eq(cg_mime_bundle_get(&b, "text/html"), "<b>card</b>");
    cr_expect_str_eq(cg_mime_bundle_get(&b, "image/svg+xml"), "<svg></svg>");
    cr_expect_null(cg_mime_bundle_get(&b, "text/markdown"), "None offers nothing");
    cg_mime_bundle_free(&b);
}

Test(mime_bundle, mimebundle_method_comes_first) {
    cg_mime_bundle b;
    bundle_of("class Both:\n"
              "    def _repr_mimebundle_(self, include=None, exclude=None):\n"
              "        return {'text/html': '<i>bundle</i>', 'text/markdown': '*md*', 'x/unknown': 'skip'}, {}\n"
              "    def _repr_html_(self): return '<i>method</i>'\n"
              "Both()",
              &b);
    cr_expect_str_eq(cg_mime_bundle_get(&b, "text/html"), "<i>bundle</i>");
    cr_expect_str_eq(cg_mime_bundle_get(&b, "text/markdown"), "*md*");
    cr_expect_null(cg_mime_bundle_get(&b, "x/unknown"));
    cg_mime_bundle_free(&b);
}

Test(mime_bundle, a_broken_formatter_keeps_the_text) {
    cg_mime_bundle b;
    ncaptured = 0;
    bundle_of("class Broken:\n"
              "    def __repr__(self): return 'Broken()'\n"
              "    def _repr_html_(self): return 1 / 0\n"
              "Broken()",
              &b);
    cr_expect_eq(b.n, 1);
    cr_expect_str_eq(cg_mime_bundle_get(&b, "text/plain"), "Broken()");
    cr_expect(strstr(captured, "ZeroDivisionError: division by zero"), "%s", captured);
    cg_mime_bundle_free(&b);
}

Test(mime_bundle, a_failing_repr_is_an_error) {
    cg_value v;
    const char *src = "class Bad:\n    def __repr__(self): raise ValueError('no repr')\nBad()";
    cr_assert_eq(cg_session_run(session, src, strlen(src), "<cell>", &v), 0);
    cg_mime_bundle b;
    cr_expect_eq(cg_mime_bundle_of(v, &b), -1);
    cr_expect_eq(b.n, 0);
    char *tb = cg_traceback_format(cg_exc_peek_borrowed());
    cr_expect(strstr(tb, "ValueError: no repr"), "%s", tb);
    free(tb);
    cg_exc_clear();
    cg_decref(v);
}

Test(mime_bundle, a_module_has_its_repr_and_a_parameter_table) {
    cg_mime_bundle b;
    bundle_of("import torch.nn as nn\n"
              "m = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 1))\n"
              "m[2].bias.requires_grad_(False)\n"
              "m",
              &b);
    const char *text = cg_mime_bundle_get(&b, "text/plain");
    const char *html = cg_mime_bundle_get(&b, "text/html");
    cr_assert(text && html);
    cr_expect_str_eq(text, "Sequential(\n  (0): Linear(in_features=2, out_features=64, bias=True)\n  (1): ReLU()\n"
                           "  (2): Linear(in_features=64, out_features=1, bias=True)\n)");
    /* the repr on top, then one row per parameter and the totals */
    cr_expect(strstr(html, "<pre") && strstr(html, "(1): ReLU()"), "%s", html);
    const char *rows[] = {">0.weight</td>", ">(64, 2)</td>", ">128</td>",    ">0.bias</td>", ">(64,)</td>",
                          ">2.weight</td>", ">(1, 64)</td>", ">2.bias</td>", ">257</td>",    ">trainable 256</td>"};
    const char *at = html;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const char *p = strstr(at, rows[i]);
        cr_expect(p, "%s missing or out of order in %s", rows[i], html);
        if (p)
            at = p;
    }
    cr_expect(!strstr(html, "black") && strstr(html, "color:inherit"));
    cg_mime_bundle_free(&b);
}

static int count_of(const char *s, const char *needle) {
    int n = 0;
    for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

Test(mime_bundle, make_dot_and_a_grad_fn_draw_their_graph) {
    cg_mime_bundle b;
    const char *setup = "import torch\nimport torch.nn as nn\nfrom torchviz import make_dot\n"
                        "model = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))\n"
                        "y = model(torch.randn(3, 2)).mean()\n";
    cr_assert_eq(cg_session_run(session, setup, strlen(setup), "<cell>", NULL), 0);
    bundle_of("make_dot(y, params=dict(model.named_parameters()))", &b);
    const char *svg = cg_mime_bundle_get(&b, "image/svg+xml");
    cr_assert(svg);
    /* torchviz's graph of this MLP: 15 boxes, 14 edges, the 4 parameters named */
    cr_expect_eq(count_of(svg, "class=\"node\""), 15, "%s", svg);
    cr_expect_eq(count_of(svg, "class=\"edge\""), 14);
    cr_expect(strstr(svg, ">0.weight<") && strstr(svg, ">2.bias<"), "%s", svg);
    /* the text is the graph's outline, for text-only frontends */
    cr_expect(!strncmp(cg_mime_bundle_get(&b, "text/plain"), "MeanBackward0\n  AddmmBackward0\n", 31), "%s",
              cg_mime_bundle_get(&b, "text/plain"));
    cr_expect(strstr(cg_mime_bundle_get(&b, "text/plain"), "AccumulateGrad (0.weight (4, 2))"));
    cg_mime_bundle_free(&b);
    bundle_of("y.grad_fn", &b);
    svg = cg_mime_bundle_get(&b, "image/svg+xml");
    cr_assert(svg);
    cr_expect(strstr(svg, "MeanBackward0") && strstr(svg, "AddmmBackward0"), "%s", svg);
    cr_expect(!strncmp(cg_mime_bundle_get(&b, "text/plain"), "MeanBackward0\n  AddmmBackward0\n", 31), "%s",
              cg_mime_bundle_get(&b, "text/plain"));
    cg_mime_bundle_free(&b);
}

Test(mime_bundle, make_dot_refuses_what_is_not_a_tensor) {
    const char *src = "from torchviz import make_dot\nmake_dot(5)";
    cr_assert_eq(cg_session_run(session, src, strlen(src), "<cell>", NULL), -1);
    char *tb = cg_traceback_format(cg_exc_peek_borrowed());
    cr_expect(strstr(tb, "TypeError: make_dot expects a tensor or a tuple of tensors, not int"), "%s", tb);
    free(tb);
    cg_exc_clear();
}
