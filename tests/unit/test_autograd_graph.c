/* test_autograd_graph.c: autograd graphs drawn as torchviz's make_dot draws
 * them (display/autograd_graph.h), checked the way a user looks at them:
 * the SVG parses as XML, and its boxes (<g class="node">: <title> is the
 * node's id, <text> its label lines, the polygon's fill its colour) and
 * arrows (<g class="edge">, titled "tail->head") are the graph torchviz
 * draws for the same PyTorch code. Node and edge counts were read from
 * PyTorch 1.13's grad_fn graphs (next_functions, variable, _saved_*). */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <inttypes.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autograd_graph.h"
#include "big_graph.h"
#include "helpers.h"

/* ---- reading an SVG back ------------------------------------------------------------ */

#define MAX_BOXES (CG_GRAPH_MAX_BOXES + 100)

typedef struct {
    char id[32];
    char label[256]; /* the <text> lines joined by '\n' */
    char fill[32];
} box;

typedef struct {
    int nboxes, nedges;
    box boxes[MAX_BOXES];
    char (*edges)[64]; /* [MAX_BOXES * 2] titles "a->b" */
} drawing;

static void text_of(xmlNode *g, const char *tag, char *out, size_t n, const char *sep) {
    out[0] = '\0';
    for (xmlNode *c = g->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE || strcmp((const char *)c->name, tag) != 0)
            continue;
        xmlChar *s = xmlNodeGetContent(c);
        if (out[0] && sep)
            strncat(out, sep, n - strlen(out) - 1);
        strncat(out, (const char *)s, n - strlen(out) - 1);
        xmlFree(s);
        if (!sep)
            return;
    }
}

static void fill_of(xmlNode *g, char *out, size_t n) {
    out[0] = '\0';
    for (xmlNode *c = g->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && strcmp((const char *)c->name, "polygon") == 0) {
            xmlChar *f = xmlGetProp(c, (const xmlChar *)"fill");
            snprintf(out, n, "%s", f ? (const char *)f : "");
            xmlFree(f);
            return;
        }
}

/* Graphviz writes a run of spaces as no-break spaces (U+00A0), which a
 * reader sees as spaces. */
static void nbsp_to_space(char *s) {
    char *w = s;
    for (const char *r = s; *r; r++) {
        if ((unsigned char)r[0] == 0xc2 && (unsigned char)r[1] == 0xa0)
            r++, *w++ = ' ';
        else
            *w++ = *r;
    }
    *w = '\0';
}

/* Parses svg (failing the test unless it is well-formed XML) into d, and
 * frees svg. */
static drawing *read_svg(char *svg) {
    cr_assert(svg, "no SVG: %s", cg_error_message());
    xmlDoc *doc = xmlReadMemory(svg, (int)strlen(svg), "graph.svg", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
    cr_assert(doc, "the SVG is not well-formed XML");
    xmlXPathContext *ctx = xmlXPathNewContext(doc);
    xmlXPathRegisterNs(ctx, (const xmlChar *)"s", (const xmlChar *)"http://www.w3.org/2000/svg");
    drawing *d = calloc(1, sizeof *d);
    d->edges = calloc(2 * MAX_BOXES, sizeof *d->edges);
    xmlXPathObject *nodes = xmlXPathEvalExpression((const xmlChar *)"//s:g[@class='node']", ctx);
    xmlXPathObject *edges = xmlXPathEvalExpression((const xmlChar *)"//s:g[@class='edge']", ctx);
    cr_assert(nodes && edges && nodes->nodesetval && edges->nodesetval);
    d->nboxes = nodes->nodesetval->nodeNr;
    d->nedges = edges->nodesetval->nodeNr;
    cr_assert(d->nboxes <= MAX_BOXES && d->nedges <= 2 * MAX_BOXES);
    for (int i = 0; i < d->nboxes; i++) {
        xmlNode *g = nodes->nodesetval->nodeTab[i];
        text_of(g, "title", d->boxes[i].id, sizeof d->boxes[i].id, NULL);
        text_of(g, "text", d->boxes[i].label, sizeof d->boxes[i].label, "\n");
        nbsp_to_space(d->boxes[i].label);
        fill_of(g, d->boxes[i].fill, sizeof d->boxes[i].fill);
    }
    for (int i = 0; i < d->nedges; i++)
        text_of(edges->nodesetval->nodeTab[i], "title", d->edges[i], sizeof d->edges[i], NULL);
    xmlXPathFreeObject(nodes), xmlXPathFreeObject(edges), xmlXPathFreeContext(ctx), xmlFreeDoc(doc);
    free(svg);
    return d;
}

static void drawing_free(drawing *d) {
    free(d->edges);
    free(d);
}

static const char *id_of(const void *obj) {
    static char ids[8][32];
    static int next;
    char *s = ids[next++ % 8];
    snprintf(s, 32, "%" PRIuPTR, (uintptr_t)obj);
    return s;
}

static const box *box_of(const drawing *d, const void *obj) {
    for (int i = 0; i < d->nboxes; i++)
        if (strcmp(d->boxes[i].id, id_of(obj)) == 0)
            return &d->boxes[i];
    return NULL;
}

static void assert_box(const drawing *d, const void *obj, const char *label, const char *fill) {
    const box *b = box_of(d, obj);
    cr_assert(b, "no box for %s (%s)", label, id_of(obj));
    cr_assert_str_eq(b->label, label);
    cr_assert_str_eq(b->fill, fill, "%s: fill %s, expected %s", label, b->fill, fill);
}

static bool has_edge(const drawing *d, const void *from, const void *to) {
    char title[64];
    snprintf(title, sizeof title, "%s->%s", id_of(from), id_of(to));
    for (int i = 0; i < d->nedges; i++)
        if (strcmp(d->edges[i], title) == 0)
            return true;
    return false;
}

static int count_label(const drawing *d, const char *label) {
    int n = 0;
    for (int i = 0; i < d->nboxes; i++)
        n += strcmp(d->boxes[i].label, label) == 0;
    return n;
}

static int count_fill(const drawing *d, const char *fill) {
    int n = 0;
    for (int i = 0; i < d->nboxes; i++)
        n += strcmp(d->boxes[i].fill, fill) == 0;
    return n;
}

/* Graphviz writes SVG colour names as they are and X11-only ones in hex. */
#define LIGHTGREY "lightgrey"
#define LIGHTBLUE "lightblue"
#define ORANGE "orange"
#define GREEN "#caff70" /* darkolivegreen1 */

/* ---- graphs ------------------------------------------------------------------------- */

static cg_tensor *leaf(int ndim, const int64_t *sizes, uint64_t seed) {
    cg_tensor *t = t_rand(CG_F32, ndim, sizes, -1, 1, seed);
    t->requires_grad = true;
    return t;
}

/* y = (w * x).sum() with w a leaf named "w" and x a plain tensor. */
typedef struct {
    cg_tensor *w, *x, *wx, *y;
} wx_sum;

static wx_sum make_wx_sum(void) {
    wx_sum g;
    g.w = leaf(1, (int64_t[]){3}, 1);
    g.x = t_rand(CG_F32, 1, (int64_t[]){3}, -1, 1, 2);
    g.wx = T_OK(cg_mul(g.w, g.x));
    g.y = T_OK(cg_sum(g.wx, 0, NULL, false));
    return g;
}

static void free_wx_sum(wx_sum *g) {
    cg_tensor_release(g->w), cg_tensor_release(g->x), cg_tensor_release(g->wx), cg_tensor_release(g->y);
}

Test(autograd_graph, sum_of_product_nodes_labels_colours_edges) {
    wx_sum g = make_wx_sum();
    cg_graph_name items[] = {{g.w, "w"}};
    cg_graph_names names = {items, 1};
    drawing *d = read_svg(cg_graph_svg(&g.y, 1, &names, NULL));
    cg_node *sum = g.y->grad_fn, *mul = g.wx->grad_fn, *acc = g.w->grad_accumulator;
    cr_assert_eq(d->nboxes, 5);
    assert_box(d, g.y, " ()", GREEN); /* "\n ()": the empty first line draws no <text> */
    assert_box(d, sum, "SumBackward0", LIGHTGREY);
    assert_box(d, mul, "MulBackward0", LIGHTGREY);
    assert_box(d, acc, "AccumulateGrad", LIGHTGREY);
    assert_box(d, g.w, "w\n (3)", LIGHTBLUE);
    cr_assert_eq(d->nedges, 4);
    cr_assert(has_edge(d, mul, sum) && has_edge(d, acc, mul) && has_edge(d, g.w, acc) && has_edge(d, sum, g.y));
    drawing_free(d);
    free_wx_sum(&g);
}

Test(autograd_graph, dot_text_is_torchviz_source) {
    wx_sum g = make_wx_sum();
    char *dot = T_OK(cg_graph_dot(&g.y, 1, NULL, NULL));
    char expected[2048];
    const char *y = id_of(g.y), *sum = id_of(g.y->grad_fn), *mul = id_of(g.wx->grad_fn),
               *acc = id_of(g.w->grad_accumulator), *w = id_of(g.w);
    snprintf(expected, sizeof expected,
             "digraph {\n"
             "\tgraph [size=\"12,12\"]\n"
             "\tnode [align=left fontname=monospace fontsize=10 height=0.2 ranksep=0.1 shape=box style=filled]\n"
             "\t%s [label=\"\n ()\" fillcolor=darkolivegreen1]\n"
             "\t%s [label=SumBackward0]\n"
             "\t%s -> %s\n"
             "\t%s [label=MulBackward0]\n"
             "\t%s -> %s\n"
             "\t%s [label=\"\n (3)\" fillcolor=lightblue]\n"
             "\t%s -> %s\n"
             "\t%s [label=AccumulateGrad]\n"
             "\t%s -> %s\n"
             "}\n",
             y, sum, mul, sum, mul, acc, mul, w, w, acc, acc, sum, y);
    cr_assert_str_eq(dot, expected);
    free(dot);
    free_wx_sum(&g);
}

/* Linear(2, 8) -> ReLU -> Linear(8, 1), mean of a batch of 4: PyTorch's graph
 * has MeanBackward0, two AddmmBackward0, two TBackward0, one ReluBackward0,
 * four AccumulateGrad and their four leaves, and the output: 15 boxes and
 * 14 edges (the input x needs no grad: its edge is None and not drawn). */
Test(autograd_graph, mlp_graph_names_parameters) {
    cg_tensor *w0 = leaf(2, (int64_t[]){8, 2}, 3), *b0 = leaf(1, (int64_t[]){8}, 4);
    cg_tensor *w2 = leaf(2, (int64_t[]){1, 8}, 5), *b2 = leaf(1, (int64_t[]){1}, 6);
    cg_tensor *x = t_rand(CG_F32, 2, (int64_t[]){4, 2}, -1, 1, 7);
    cg_tensor *h = T_OK(cg_linear(x, w0, b0)), *r = T_OK(cg_relu(h)), *o = T_OK(cg_linear(r, w2, b2));
    cg_tensor *y = T_OK(cg_mean(o, 0, NULL, false));
    cg_graph_name items[] = {{w0, "0.weight"}, {b0, "0.bias"}, {w2, "2.weight"}, {b2, "2.bias"}};
    cg_graph_names names = {items, 4};
    drawing *d = read_svg(cg_graph_svg(&y, 1, &names, NULL));
    cr_assert_eq(d->nboxes, 15);
    cr_assert_eq(d->nedges, 14);
    cr_assert_eq(count_label(d, "MeanBackward0"), 1);
    cr_assert_eq(count_label(d, "AddmmBackward0"), 2);
    cr_assert_eq(count_label(d, "TBackward0"), 2);
    cr_assert_eq(count_label(d, "ReluBackward0"), 1);
    cr_assert_eq(count_label(d, "AccumulateGrad"), 4);
    cr_assert_eq(count_fill(d, LIGHTGREY), 10);
    assert_box(d, w0, "0.weight\n (8, 2)", LIGHTBLUE);
    assert_box(d, b0, "0.bias\n (8)", LIGHTBLUE);
    assert_box(d, w2, "2.weight\n (1, 8)", LIGHTBLUE);
    assert_box(d, b2, "2.bias\n (1)", LIGHTBLUE);
    assert_box(d, y, " ()", GREEN);
    cr_assert(has_edge(d, r->grad_fn, o->grad_fn) && has_edge(d, h->grad_fn, r->grad_fn));
    drawing_free(d);

    char *outline = T_OK(cg_graph_outline(&y, 1, &names));
    cr_assert(strstr(outline, "MeanBackward0\n  AddmmBackward0\n    AccumulateGrad (2.bias (1,))\n"), "%s", outline);
    cr_assert(strstr(outline, "\n        TBackward0\n          AccumulateGrad (0.weight (8, 2))\n"), "%s", outline);
    free(outline);
    cg_tensor *all[] = {w0, b0, w2, b2, x, h, r, o, y};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        cg_tensor_release(all[i]);
}

/* show_saved, y = (a * w).sum() with a = w.exp(): MulBackward0 saved self
 * (a: an orange box "self\n (3)") and other (w, the leaf itself: one box,
 * drawn as the leaf); ExpBackward0 saved its result, a tensor of its own
 * ("result\n (3)"). PyTorch: 8 boxes, 9 edges. */
Test(autograd_graph, show_saved_adds_orange_saved_tensors) {
    cg_tensor *w = leaf(1, (int64_t[]){3}, 1);
    cg_tensor *a = T_OK(cg_exp(w)), *aw = T_OK(cg_mul(a, w)), *y = T_OK(cg_sum(aw, 0, NULL, false));
    cg_graph_name items[] = {{w, "w"}};
    cg_graph_names names = {items, 1};
    cg_graph_options opt = CG_GRAPH_OPTIONS_DEFAULT;
    opt.show_saved = true;
    drawing *d = read_svg(cg_graph_svg(&y, 1, &names, &opt));
    cr_assert_eq(d->nboxes, 8);
    cr_assert_eq(d->nedges, 9);
    cr_assert_eq(count_fill(d, ORANGE), 2);
    assert_box(d, a, "self\n (3)", ORANGE);
    assert_box(d, w, "w\n (3)", LIGHTBLUE);
    cr_assert_eq(count_label(d, "result\n (3)"), 1);
    cr_assert(has_edge(d, aw->grad_fn, a) && has_edge(d, aw->grad_fn, w));
    drawing_free(d);

    /* without show_saved: none of them */
    d = read_svg(cg_graph_svg(&y, 1, &names, NULL));
    cr_assert_eq(d->nboxes, 6);
    cr_assert_eq(count_fill(d, ORANGE), 0);
    drawing_free(d);

    /* w.exp() alone: 5 boxes, 4 edges */
    d = read_svg(cg_graph_svg(&a, 1, NULL, &opt));
    cr_assert_eq(d->nboxes, 5);
    cr_assert_eq(d->nedges, 4);
    cr_assert_eq(count_label(d, "result\n (3)"), 1);
    drawing_free(d);
    cg_tensor_release(w), cg_tensor_release(a), cg_tensor_release(aw), cg_tensor_release(y);
}

/* Labels as torchviz's get_fn_name writes them for PyTorch's nodes of
 * (w * x).sum() with w and x both leaves (so that MulBackward0 saves both). */
Test(autograd_graph, show_attrs_lists_saved_attributes) {
    wx_sum g;
    g.w = leaf(1, (int64_t[]){3}, 1);
    g.x = leaf(1, (int64_t[]){3}, 2);
    g.wx = T_OK(cg_mul(g.w, g.x));
    g.y = T_OK(cg_sum(g.wx, 0, NULL, false));
    cg_graph_options opt = CG_GRAPH_OPTIONS_DEFAULT;
    opt.show_attrs = true;
    drawing *d = read_svg(cg_graph_svg(&g.y, 1, NULL, &opt));
    /* torchviz: '%-5s: %14s' per attribute in dir() order, a rule of 5 + 14 + 2 */
    assert_box(d, g.wx->grad_fn, "MulBackward0\n---------------------\nother: [saved tensor]\nself : [saved tensor]",
               LIGHTGREY);
    drawing_free(d);
    opt.max_attr_chars = 8;
    d = read_svg(cg_graph_svg(&g.y, 1, NULL, &opt));
    assert_box(d, g.wx->grad_fn, "MulBackward0\n---------------\nother: [save...\nself : [save...", LIGHTGREY);
    drawing_free(d);

    /* after a backward the saved tensors are gone: PyTorch's error, as torchviz raises it */
    T_RC(cg_autograd_backward(1, &g.y, NULL, false, false));
    cg_error_clear();
    cr_assert_null(cg_graph_svg(&g.y, 1, NULL, &opt));
    cr_assert(strstr(cg_error_message(), "Trying to backward through the graph a second time"), "%s",
              cg_error_message());
    char *plain = T_OK(cg_graph_svg(&g.y, 1, NULL, NULL));
    free(plain);
    free_wx_sum(&g);
}

/* Scalar attributes: labels as torchviz's get_fn_name writes them over
 * PyTorch 1.13's nodes for the same code (a, b (4, 3) leaves):
 *   (a + b).sum(1), a.view(12).mean(), (a - b).pow(2), a.add(b, alpha=2.5) */
Test(autograd_graph, show_attrs_lists_saved_scalars_as_pytorch_does) {
    cg_tensor *a = leaf(2, (int64_t[]){4, 3}, 3), *b = leaf(2, (int64_t[]){4, 3}, 4);
    cg_tensor *ab = T_OK(cg_add(a, b, cg_scalar_int(1)));
    cg_tensor *s = T_OK(cg_sum(ab, 1, (int64_t[]){1}, false));
    cg_tensor *v = T_OK(cg_view(a, 1, (int64_t[]){12}));
    cg_tensor *m = T_OK(cg_mean(v, 0, NULL, false));
    cg_tensor *d = T_OK(cg_sub(a, b, cg_scalar_int(1)));
    cg_tensor *p = T_OK(cg_pow_scalar(d, cg_scalar_int(2)));
    cg_tensor *q = T_OK(cg_add(a, b, cg_scalar_float(2.5)));
    cg_tensor *outs[] = {s, m, p, q};
    cg_graph_options opt = CG_GRAPH_OPTIONS_DEFAULT;
    opt.show_attrs = true;
    drawing *dr = read_svg(cg_graph_svg(outs, 4, NULL, &opt));
    assert_box(dr, s->grad_fn,
               "SumBackward1\n----------------------\ndim           :   (1,)\nkeepdim       :  False\n"
               "self_sym_sizes: (4, 3)",
               LIGHTGREY);
    assert_box(dr, ab->grad_fn, "AddBackward0\n------------\nalpha: 1", LIGHTGREY);
    assert_box(dr, m->grad_fn, "MeanBackward0\n-----------------\nself_numel:    12\nself_sizes: (12,)", LIGHTGREY);
    assert_box(dr, v->grad_fn, "ViewBackward0\n----------------------\nself_sym_sizes: (4, 3)", LIGHTGREY);
    assert_box(dr, p->grad_fn,
               "PowBackward0\n------------------------\nexponent:              2\nself    : [saved tensor]", LIGHTGREY);
    assert_box(dr, d->grad_fn, "SubBackward0\n------------\nalpha: 1", LIGHTGREY);
    assert_box(dr, q->grad_fn, "AddBackward0\n------------\nalpha: 2.5", LIGHTGREY);
    drawing_free(dr);
    for (size_t i = 0; i < 4; i++)
        cg_tensor_release(outs[i]);
    cg_tensor_release(a), cg_tensor_release(b), cg_tensor_release(ab), cg_tensor_release(v), cg_tensor_release(d);
}

Test(autograd_graph, tensor_without_grad_fn_is_the_output_alone) {
    cg_tensor *x = t_rand(CG_F32, 2, (int64_t[]){2, 3}, -1, 1, 8);
    cg_graph_name items[] = {{x, "x"}};
    cg_graph_names names = {items, 1};
    drawing *d = read_svg(cg_graph_svg(&x, 1, &names, NULL));
    cr_assert_eq(d->nboxes, 1);
    cr_assert_eq(d->nedges, 0);
    assert_box(d, x, "x\n (2, 3)", GREEN);
    drawing_free(d);
    char *outline = T_OK(cg_graph_outline(&x, 1, &names));
    cr_assert_str_eq(outline, "Tensor (x (2, 3))\n");
    free(outline);
    cg_tensor_release(x);
}

/* y = w.t(): a view, so torchviz also draws its base (darkolivegreen3,
 * "#a2cd5a") with a dotted edge base -> view. */
Test(autograd_graph, view_output_brings_its_base) {
    cg_tensor *w = leaf(2, (int64_t[]){2, 3}, 9);
    cg_tensor *m = T_OK(cg_mul(w, w));
    cg_tensor *v = T_OK(cg_t(m));
    drawing *d = read_svg(cg_graph_svg(&v, 1, NULL, NULL));
    cr_assert_eq(d->nboxes, 6); /* PyTorch: 6 boxes, 7 edges */
    cr_assert_eq(d->nedges, 7);
    assert_box(d, v, " (3, 2)", GREEN);
    assert_box(d, m, " (2, 3)", "#a2cd5a");
    cr_assert(has_edge(d, m, v) && has_edge(d, v->grad_fn, v) && has_edge(d, m->grad_fn, m));
    drawing_free(d);
    cg_tensor_release(w), cg_tensor_release(m), cg_tensor_release(v);
}

Test(autograd_graph, outline_writes_shared_nodes_once) {
    cg_tensor *w = leaf(1, (int64_t[]){3}, 10);
    cg_tensor *one = cg_scalar_tensor(cg_scalar_int(1));
    cg_tensor *a = T_OK(cg_add(w, one, cg_scalar_int(1)));
    cg_tensor *sq = T_OK(cg_mul(a, a));
    cg_tensor *y = T_OK(cg_sum(sq, 0, NULL, false));
    cg_graph_name items[] = {{w, "w"}};
    cg_graph_names names = {items, 1};
    char *outline = T_OK(cg_graph_outline(&y, 1, &names));
    cr_assert_str_eq(outline, "SumBackward0\n"
                              "  MulBackward0\n"
                              "    AddBackward0 (#1)\n"
                              "      AccumulateGrad (w (3,))\n"
                              "    AddBackward0 (#1, above)\n");
    free(outline);
    outline = T_OK(cg_graph_outline_node(sq->grad_fn, NULL));
    cr_assert_str_eq(outline,
                     "MulBackward0\n  AddBackward0 (#1)\n    AccumulateGrad ((3,))\n  AddBackward0 (#1, above)\n");
    free(outline);
    /* a displayed grad_fn: the same graph without an output box */
    drawing *d = read_svg(cg_graph_svg_node(y->grad_fn, &names, NULL));
    cr_assert_eq(d->nboxes, 5);
    cr_assert_eq(count_fill(d, GREEN), 0);
    drawing_free(d);
    cg_tensor_release(w), cg_tensor_release(one), cg_tensor_release(a), cg_tensor_release(sq), cg_tensor_release(y);
}

/* for i in range(499): y = y * c + d, with c and d plain tensors: 998 op
 * nodes, y0's AccumulateGrad and leaf, the output: 1001 boxes and 1000
 * edges. (A leaf shared by every step is another matter: Note [Layout of
 * big graphs] in big_graph.c, and the tests below.) */
Test(autograd_graph, thousand_node_loop_renders, .timeout = 120) {
    cg_tensor *y0 = leaf(1, (int64_t[]){1}, 11);
    cg_tensor *c = t_rand(CG_F32, 1, (int64_t[]){1}, -1, 1, 12), *e = t_rand(CG_F32, 1, (int64_t[]){1}, -1, 1, 13);
    cg_tensor *y = cg_tensor_retain(y0);
    for (int i = 0; i < 499; i++) {
        cg_tensor *m = T_OK(cg_mul(y, c));
        cg_tensor *next = T_OK(cg_add(m, e, cg_scalar_int(1)));
        cg_tensor_release(m), cg_tensor_release(y);
        y = next;
    }
    cg_graph_name items[] = {{y0, "y0"}};
    cg_graph_names names = {items, 1};
    drawing *d = read_svg(cg_graph_svg(&y, 1, &names, NULL));
    cr_assert_eq(d->nboxes, 1001);
    cr_assert_eq(d->nedges, 1000);
    cr_assert_eq(count_label(d, "MulBackward0"), 499);
    assert_box(d, y0, "y0\n (1)", LIGHTBLUE);
    drawing_free(d);
    char *outline = T_OK(cg_graph_outline(&y, 1, &names));
    cr_assert(strstr(outline, "AccumulateGrad (y0 (1,))\n"));
    free(outline);
    cg_tensor_release(y0), cg_tensor_release(c), cg_tensor_release(e), cg_tensor_release(y);
}

/* y = y * w + b, k times, w and b leaves (shared by every step when the
 * caller says so); returns y, the leaves in *y0, *w, *b. */
static cg_tensor *unrolled_loop(int k, cg_tensor **y0, cg_tensor **w, cg_tensor **b, bool shared) {
    *y0 = leaf(1, (int64_t[]){1}, 14);
    *w = leaf(1, (int64_t[]){1}, 15), *b = leaf(1, (int64_t[]){1}, 16);
    (*w)->requires_grad = (*b)->requires_grad = shared;
    cg_tensor *y = cg_tensor_retain(*y0);
    for (int i = 0; i < k; i++) {
        cg_tensor *m = T_OK(cg_mul(y, *w));
        cg_tensor *next = T_OK(cg_add(m, *b, cg_scalar_int(1)));
        cg_tensor_release(m), cg_tensor_release(y);
        y = next;
    }
    return y;
}

static const box *box_with_id(const drawing *d, const char *id) {
    for (int i = 0; i < d->nboxes; i++)
        if (strcmp(d->boxes[i].id, id) == 0)
            return &d->boxes[i];
    return NULL;
}

/* The box whose edge ends at obj and that is labelled label, if any. */
static const box *input_box(const drawing *d, const void *obj, const char *label) {
    char suffix[40];
    snprintf(suffix, sizeof suffix, "->%s", id_of(obj));
    for (int i = 0; i < d->nedges; i++) {
        size_t len = strlen(d->edges[i]), sl = strlen(suffix);
        if (len <= sl || strcmp(d->edges[i] + len - sl, suffix) != 0)
            continue;
        char tail[64];
        snprintf(tail, sizeof tail, "%.*s", (int)(len - sl), d->edges[i]);
        const box *b = box_with_id(d, tail);
        if (b && strcmp(b->label, label) == 0)
            return b;
    }
    return NULL;
}

/* The 1000-node loop whose w and b feed every step: torchviz's graph has an
 * edge from w's and b's AccumulateGrad to each of the 998 ops, which dot
 * cannot lay out in reasonable time; the drawing still has every op, each
 * with an AccumulateGrad box feeding it (the shared one, or a copy of it
 * with its leaf "w\n (1)" above, in lightblue). */
Test(autograd_graph, thousand_node_loop_with_shared_leaves_renders_every_op, .timeout = 300) {
    cg_tensor *y0, *w, *b, *y = unrolled_loop(499, &y0, &w, &b, true);
    cg_graph_name items[] = {{w, "w"}, {b, "b"}, {y0, "y0"}};
    cg_graph_names names = {items, 3};
    drawing *d = read_svg(cg_graph_svg(&y, 1, &names, NULL));
    int steps = 0;
    for (cg_node *add = y->grad_fn; add && add->op != CG_OP_ACCUMULATE_GRAD; steps++) {
        cg_node *mul = add->next[0].node;
        assert_box(d, add, "AddBackward0", LIGHTGREY);
        assert_box(d, mul, "MulBackward0", LIGHTGREY);
        cr_assert(has_edge(d, mul, add), "step %d: MulBackward0 -> AddBackward0 not drawn", steps);
        cr_assert(has_edge(d, mul->next[0].node, mul), "step %d: its input not drawn", steps);
        cr_assert(input_box(d, mul, "AccumulateGrad"), "step %d: no AccumulateGrad (w) feeds MulBackward0", steps);
        cr_assert(input_box(d, add, "AccumulateGrad"), "step %d: no AccumulateGrad (b) feeds AddBackward0", steps);
        add = mul->next[0].node;
    }
    cr_assert_eq(steps, 499);
    cr_assert_eq(count_label(d, "MulBackward0"), 499);
    cr_assert_eq(count_label(d, "AddBackward0"), 499);
    assert_box(d, w, "w\n (1)", LIGHTBLUE);
    assert_box(d, b, "b\n (1)", LIGHTBLUE);
    assert_box(d, y0, "y0\n (1)", LIGHTBLUE);
    /* every leaf box, copies included, is one of the three, in lightblue */
    cr_assert_eq(count_fill(d, LIGHTBLUE),
                 count_label(d, "w\n (1)") + count_label(d, "b\n (1)") + count_label(d, "y0\n (1)"));
    cr_assert_eq(count_label(d, "AccumulateGrad"), count_fill(d, LIGHTBLUE));
    drawing_free(d);
    cg_tensor_release(y0), cg_tensor_release(w), cg_tensor_release(b), cg_tensor_release(y);
}

/* Past CG_GRAPH_MAX_BOXES boxes the nodes nearest the output are drawn and
 * the graph's title says how many were not. */
Test(autograd_graph, graph_past_the_cap_draws_the_last_nodes, .timeout = 300) {
    int k = CG_GRAPH_MAX_BOXES / 2 + 500;
    cg_tensor *y0, *w, *b, *y = unrolled_loop(k, &y0, &w, &b, false);
    int total = 2 * k + 3; /* the ops, y0's AccumulateGrad and leaf, the output */
    char *svg = T_OK(cg_graph_svg(&y, 1, NULL, NULL));
    char note[64];
    snprintf(note, sizeof note, "\xe2\x80\xa6 %d earlier nodes not drawn", total - CG_GRAPH_MAX_BOXES);
    cr_assert(strstr(svg, note), "no \"%s\" in the SVG", note);
    drawing *d = read_svg(svg);
    cr_assert_eq(d->nboxes, CG_GRAPH_MAX_BOXES);
    assert_box(d, y->grad_fn, "AddBackward0", LIGHTGREY);
    cr_assert_eq(count_fill(d, GREEN), 1);
    cr_assert_null(box_of(d, y0), "the first leaf is drawn");
    drawing_free(d);
    cg_tensor_release(y0), cg_tensor_release(w), cg_tensor_release(b), cg_tensor_release(y);
}

Test(autograd_graph, graphviz_errors_are_engine_errors_not_stderr, .init = cr_redirect_stderr) {
    cg_error_clear();
    cr_assert_null(cg_graph_svg_from_dot("digraph { a -> }"));
    cr_assert_eq(cg_error_kind_get(), CG_RUNTIME_ERROR);
    cr_assert(strncmp(cg_error_message(), "Graphviz could not read the graph: ", 35) == 0, "%s", cg_error_message());
    /* a warning (an unknown colour) is Graphviz's business, not the cell's */
    char *svg = T_OK(cg_graph_svg_from_dot("digraph { a [style=filled fillcolor=nosuchcolour] }"));
    free(svg);
    fflush(stderr);
    cr_assert_stderr_eq_str("");
}
