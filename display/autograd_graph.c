/* autograd_graph.c: the DOT text of an autograd graph, torchviz's make_dot
 * statement for statement (see autograd_graph.h), and the SVG built from it.
 *
 * The walk is torchviz's recursion (add_base_tensor, add_nodes) made
 * iterative, since graphs of unrolled loops are thousands of nodes deep: a
 * node's statements before its inputs (saved tensors with show_saved, its
 * leaf, itself), then per input the edge and that input's walk, then a
 * custom Function's saved tensors. One seen set holds nodes and tensors, as
 * torchviz's does, so the statements and their order are the same. It is
 * not the renderer (graphviz_render.c) nor the outline (autograd_outline.c). */
#include "autograd_graph.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "big_graph.h"
#include "ptr_map.h"
#include "strbuf.h"

typedef struct {
    cg_strbuf body;       /* node and edge statements, one per line */
    int64_t statements;   /* torchviz's len(dot.body), for the size */
    cg_graph_stmt *stmts; /* [statements] what each line of body is */
    size_t stmts_cap;
    cg_ptr_map seen;  /* nodes and tensors already drawn */
    cg_ptr_map names; /* tensor -> its name in params */
    cg_graph_options opt;
    bool failed; /* an error is set */
} dot_graph;

/* One frame of the walk: a node and the next of its inputs to visit. */
typedef struct {
    cg_node *fn;
    int next;
} frame;

/* ---- DOT syntax -------------------------------------------------------------------- */

/* Python graphviz's quote(): IDs and numerals stay bare, the rest is
 * quoted with `"` escaped (and `\`, which Graphviz would read as an escape). */
static bool is_dot_id(const char *s) {
    static const char *const keywords[] = {"node", "edge", "graph", "digraph", "subgraph", "strict"};
    for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
        if (strcasecmp(s, keywords[i]) == 0)
            return false;
    if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')
        return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == strlen(s);
    const char *p = s + (*s == '-');
    size_t ints = strspn(p, "0123456789");
    if (p[ints] == '.') {
        size_t frac = strspn(p + ints + 1, "0123456789");
        return (ints || frac) && p[ints + 1 + frac] == '\0';
    }
    return ints && p[ints] == '\0';
}

static void put_quoted(cg_strbuf *b, const char *s) {
    if (*s && is_dot_id(s)) {
        cg_strbuf_puts(b, s);
        return;
    }
    cg_strbuf_puts(b, "\"");
    for (const char *p = s; *p; p++) {
        if (*p == '"' || *p == '\\')
            cg_strbuf_puts(b, "\\");
        cg_strbuf_append(b, p, 1);
    }
    cg_strbuf_puts(b, "\"");
}

/* A node's id: str(id(obj)), its address in decimal. */
static void put_id(cg_strbuf *b, const void *obj) { cg_strbuf_printf(b, "%" PRIuPTR, (uintptr_t)obj); }

/* Notes the line just written from off, for big graphs (big_graph.h). */
static void note(dot_graph *g, const void *from, const void *to, const void *leaf, size_t off) {
    if ((size_t)g->statements == g->stmts_cap) {
        size_t cap = g->stmts_cap ? 2 * g->stmts_cap : 64;
        cg_graph_stmt *bigger = realloc(g->stmts, cap * sizeof *bigger);
        if (!bigger) {
            cg_error_set(CG_MEMORY_ERROR, "out of memory");
            g->failed = true;
            return;
        }
        g->stmts = bigger, g->stmts_cap = cap;
    }
    g->stmts[g->statements++] = (cg_graph_stmt){from, to, leaf, off, g->body.len - off};
}

/* leaf: for an AccumulateGrad, the variable drawn above it. */
static void put_node(dot_graph *g, const void *obj, const char *label, const char *fillcolor, const void *leaf) {
    size_t off = g->body.len;
    cg_strbuf_puts(&g->body, "\t");
    put_id(&g->body, obj);
    cg_strbuf_puts(&g->body, " [label=");
    put_quoted(&g->body, label);
    if (fillcolor)
        cg_strbuf_printf(&g->body, " fillcolor=%s", fillcolor);
    cg_strbuf_puts(&g->body, "]\n");
    note(g, obj, NULL, leaf, off);
}

/* attrs: "" or Python graphviz's attribute list, e.g. " [dir=none]". */
static void put_edge(dot_graph *g, const void *from, const void *to, const char *attrs) {
    size_t off = g->body.len;
    cg_strbuf_puts(&g->body, "\t");
    put_id(&g->body, from);
    cg_strbuf_puts(&g->body, " -> ");
    put_id(&g->body, to);
    cg_strbuf_printf(&g->body, "%s\n", attrs);
    note(g, from, to, NULL, off);
}

/* ---- labels ------------------------------------------------------------------------- */

/* get_var_name: "<name>\n (16, 8)", the name given, else the one in params. */
static void var_label(cg_strbuf *b, const dot_graph *g, const cg_tensor *t, const char *name) {
    if (!name || !*name)
        name = cg_ptr_map_get(&g->names, t);
    cg_strbuf_printf(b, "%s\n (", name ? name : "");
    for (int d = 0; d < t->ndim; d++)
        cg_strbuf_printf(b, "%s%" PRId64, d ? ", " : "", t->sizes[d]);
    cg_strbuf_puts(b, ")");
}

static void put_var(dot_graph *g, const cg_tensor *t, const char *name, const char *fillcolor) {
    cg_strbuf label = CG_STRBUF_INIT;
    var_label(&label, g, t, name);
    put_node(g, t, label.failed ? "" : label.data, fillcolor, NULL);
    g->failed |= label.failed;
    cg_strbuf_free(&label);
}

static const char *fn_name(const cg_node *fn) { return fn->name && *fn->name ? fn->name : "Node"; }

/* A built-in node's saved slots in dir()'s order (sorted by name): torchviz
 * walks dir(fn) for its _saved_ attributes. Fills order[] with slot numbers. */
static int sorted_saved(const cg_node *fn, int *order) {
    int n = 0;
    if (fn->op == CG_OP_CUSTOM)
        return 0; /* a custom Function has saved_tensors, not _saved_ attributes */
    for (int i = 0; i < fn->nsaved; i++) {
        if (!fn->saved[i].name)
            continue;
        int j = n++;
        for (; j > 0 && strcmp(fn->saved[order[j - 1]].name, fn->saved[i].name) > 0; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    return n;
}

/* One of a node's _saved_ attributes as torchviz lists it: its name without
 * the prefix, and str(value) ("[saved tensor]" for a tensor). */
typedef struct {
    const char *key;
    char value[96];
} attr;

#define MAX_ATTRS (CG_NODE_MAX_SAVED + 4)

/* str() of a Python number: 1, True, 2.5, 2.0 (the shortest round trip). */
static void scalar_str(char *out, size_t n, cg_scalar v) {
    if (v.kind == CG_SCALAR_BOOL) {
        snprintf(out, n, "%s", v.v.b ? "True" : "False");
    } else if (v.kind == CG_SCALAR_INT) {
        snprintf(out, n, "%" PRId64, v.v.i);
    } else {
        for (int digits = 1; digits <= 17; digits++) {
            snprintf(out, n, "%.*g", digits, v.v.f);
            if (strtod(out, NULL) == v.v.f)
                break;
        }
        if (strspn(out, "-0123456789") == strlen(out))
            strncat(out, ".0", n - strlen(out) - 1);
    }
}

/* str() of a tuple of ints: (), (3,), (4, 3). */
static void tuple_str(char *out, size_t n, const int64_t *v, int count) {
    size_t len = (size_t)snprintf(out, n, "(");
    for (int i = 0; i < count && len < n; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%" PRId64, i ? ", " : "", v[i]);
    if (len < n)
        snprintf(out + len, n - len, count == 1 ? ",)" : ")");
}

/* The scalar attributes PyTorch 1.13's node of the same name saves, for the
 * ops whose node keeps them (the op's args and its input's shape); other
 * nodes list their saved tensors only, never an attribute they lack. */
static int scalar_attrs(const cg_node *fn, attr *out) {
    const char *name = fn_name(fn);
    const cg_meta *in = fn->nin > 0 ? &fn->in_meta[0] : NULL;
    int n = 0;
    if ((fn->op == CG_OP_ADD && !strcmp(name, "AddBackward0"))
        || (fn->op == CG_OP_SUB && !strcmp(name, "SubBackward0"))) {
        out[n].key = "alpha", scalar_str(out[n++].value, sizeof out->value, fn->args.s[0]);
    } else if (fn->op == CG_OP_POW_SCALAR && !strcmp(name, "PowBackward0")) {
        out[n].key = "exponent", scalar_str(out[n++].value, sizeof out->value, fn->args.s[0]);
    } else if (in
               && ((fn->op == CG_OP_SUM && !strcmp(name, "SumBackward1"))
                   || (fn->op == CG_OP_MEAN && !strcmp(name, "MeanBackward1")))) {
        out[n].key = "dim", tuple_str(out[n++].value, sizeof out->value, fn->args.dims, fn->args.ndims);
        out[n].key = "keepdim", snprintf(out[n++].value, sizeof out->value, "%s", fn->args.keepdim ? "True" : "False");
        out[n].key = "self_sym_sizes", tuple_str(out[n++].value, sizeof out->value, in->sizes, in->ndim);
    } else if (in
               && ((fn->op == CG_OP_SUM && !strcmp(name, "SumBackward0"))
                   || (fn->op == CG_OP_VIEW && !strcmp(name, "ViewBackward0")))) {
        out[n].key = "self_sym_sizes", tuple_str(out[n++].value, sizeof out->value, in->sizes, in->ndim);
    } else if (in && fn->op == CG_OP_MEAN && !strcmp(name, "MeanBackward0")) {
        int64_t numel = 1;
        for (int d = 0; d < in->ndim; d++)
            numel *= in->sizes[d];
        out[n].key = "self_numel", snprintf(out[n++].value, sizeof out->value, "%" PRId64, numel);
        out[n].key = "self_sizes", tuple_str(out[n++].value, sizeof out->value, in->sizes, in->ndim);
    }
    return n;
}

/* The node's saved tensors and scalars, sorted by name as dir() lists them.
 * -1 when a saved tensor can no longer be read (PyTorch's error set). */
static int node_attrs(cg_node *fn, attr *out) {
    int order[CG_NODE_MAX_SAVED], nt = sorted_saved(fn, order), n = scalar_attrs(fn, out);
    for (int k = 0; k < nt; k++) {
        cg_tensor *t;
        if (cg_node_saved(fn, order[k], &t) < 0)
            return -1;
        out[n].key = fn->saved[order[k]].name;
        snprintf(out[n++].value, sizeof out->value, "%s", t ? "[saved tensor]" : "None");
    }
    for (int i = 1; i < n; i++) /* insertion sort: a handful of attributes */
        for (int j = i; j > 0 && strcmp(out[j - 1].key, out[j].key) > 0; j--) {
            attr tmp = out[j];
            out[j] = out[j - 1], out[j - 1] = tmp;
        }
    return n;
}

/* get_fn_name with show_attrs: the name, a rule, then "key: value" lines,
 * keys padded to the widest, values right-aligned to the widest (at most
 * max_attr_chars, longer ones cut with "..."). */
static int attrs_label(cg_strbuf *b, const dot_graph *g, cg_node *fn) {
    attr attrs[MAX_ATTRS];
    int n = node_attrs(fn, attrs);
    if (n < 0)
        return -1;
    size_t w1 = 0, w2 = 0, name_len = strlen(fn_name(fn));
    for (int k = 0; k < n; k++) {
        size_t l1 = strlen(attrs[k].key), l2 = strlen(attrs[k].value);
        w1 = l1 > w1 ? l1 : w1;
        w2 = l2 > w2 ? l2 : w2;
    }
    cg_strbuf_puts(b, fn_name(fn));
    if (n == 0)
        return 0;
    size_t max_chars = g->opt.max_attr_chars < 3 ? 3 : (size_t)g->opt.max_attr_chars;
    w2 = w2 < max_chars ? w2 : max_chars;
    cg_strbuf_puts(b, "\n");
    cg_strbuf_repeat(b, '-', w1 + w2 + 2 > name_len ? w1 + w2 + 2 : name_len);
    for (int k = 0; k < n; k++) {
        const char *v = attrs[k].value;
        size_t len = strlen(v);
        cg_strbuf_printf(b, "\n%-*s: ", (int)w1, attrs[k].key);
        if (len > w2) {
            cg_strbuf_append(b, v, w2 - 3);
            cg_strbuf_puts(b, "...");
        } else {
            cg_strbuf_printf(b, "%*s", (int)w2, v);
        }
    }
    return 0;
}

static void put_fn(dot_graph *g, cg_node *fn) {
    const void *leaf = fn->op == CG_OP_ACCUMULATE_GRAD ? fn->variable : NULL;
    if (!g->opt.show_attrs) {
        put_node(g, fn, fn_name(fn), NULL, leaf);
        return;
    }
    cg_strbuf label = CG_STRBUF_INIT;
    if (attrs_label(&label, g, fn) < 0 || label.failed)
        g->failed = true;
    else
        put_node(g, fn, label.data, NULL, leaf);
    cg_strbuf_free(&label);
}

/* ---- the walk ----------------------------------------------------------------------- */

static void see(dot_graph *g, const void *obj) {
    if (cg_ptr_map_put(&g->seen, obj, (void *)obj) < 0)
        g->failed = true;
}

/* show_saved: each saved tensor, edge fn - tensor, named after its slot. */
static void put_saved_attrs(dot_graph *g, cg_node *fn) {
    int order[CG_NODE_MAX_SAVED], n = sorted_saved(fn, order);
    for (int k = 0; k < n && !g->failed; k++) {
        cg_tensor *t;
        if (cg_node_saved(fn, order[k], &t) < 0) {
            g->failed = true;
            return;
        }
        if (!t)
            continue;
        see(g, t);
        put_edge(g, fn, t, " [dir=none]");
        put_var(g, t, fn->saved[order[k]].name, "orange");
    }
}

/* add_nodes before the inputs: saved attributes, the leaf, the node. */
static void enter_fn(dot_graph *g, cg_node *fn) {
    see(g, fn);
    if (g->opt.show_saved)
        put_saved_attrs(g, fn);
    if (fn->op == CG_OP_ACCUMULATE_GRAD && fn->variable) {
        see(g, fn->variable);
        put_var(g, fn->variable, NULL, "lightblue");
        put_edge(g, fn->variable, fn, "");
    }
    put_fn(g, fn);
}

/* add_nodes after the inputs: a custom Function's saved_tensors, edge
 * tensor - fn, unnamed unless params names them. */
static void leave_fn(dot_graph *g, cg_node *fn) {
    if (fn->op != CG_OP_CUSTOM)
        return;
    for (int i = 0; i < fn->nsaved && !g->failed; i++) {
        cg_tensor *t;
        if (cg_node_saved(fn, i, &t) < 0) {
            g->failed = true;
            return;
        }
        if (!t)
            continue;
        see(g, t);
        put_edge(g, t, fn, " [dir=none]");
        put_var(g, t, NULL, "orange");
    }
}

/* add_nodes(root), depth first on an explicit stack. */
static void add_nodes(dot_graph *g, cg_node *root) {
    if (cg_ptr_map_has(&g->seen, root))
        return;
    size_t cap = 64, depth = 0;
    frame *stack = malloc(cap * sizeof *stack);
    if (!stack) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
        g->failed = true;
        return;
    }
    enter_fn(g, root);
    stack[depth++] = (frame){root, 0};
    while (depth && !g->failed) {
        frame *f = &stack[depth - 1];
        if (f->next == f->fn->nin) {
            leave_fn(g, f->fn);
            depth--;
            continue;
        }
        cg_node *u = f->fn->next[f->next++].node;
        if (!u)
            continue;
        put_edge(g, u, f->fn, "");
        if (cg_ptr_map_has(&g->seen, u))
            continue;
        if (depth == cap) {
            frame *bigger = realloc(stack, 2 * cap * sizeof *stack);
            if (!bigger) {
                cg_error_set(CG_MEMORY_ERROR, "out of memory");
                g->failed = true;
                break;
            }
            stack = bigger, cap *= 2;
        }
        enter_fn(g, u);
        stack[depth++] = (frame){u, 0};
    }
    free(stack);
}

/* add_base_tensor: the output, its history, and the base it views. A
 * view's base is never a view itself (view.c), so this recurses once. */
static void add_base_tensor(dot_graph *g, cg_tensor *var, const char *color) {
    if (cg_ptr_map_has(&g->seen, var))
        return;
    see(g, var);
    put_var(g, var, NULL, color);
    if (var->grad_fn) {
        add_nodes(g, var->grad_fn);
        put_edge(g, var->grad_fn, var, "");
    }
    if (var->base) {
        add_base_tensor(g, var->base, "darkolivegreen3");
        put_edge(g, var->base, var, " [style=dotted]");
    }
}

/* ---- the document -------------------------------------------------------------------- */

/* resize_graph: max(12, 0.15 * statements) as Python prints it: 12 is an
 * int, anything larger a float in its shortest round-trip form ("150.15"). */
static void put_size(cg_strbuf *b, int64_t statements) {
    double size = 0.15 * (double)statements;
    if (!(size > 12)) {
        cg_strbuf_puts(b, "12,12");
        return;
    }
    char s[64];
    for (int decimals = 1; decimals <= 17; decimals++) {
        snprintf(s, sizeof s, "%.*f", decimals, size);
        if (strtod(s, NULL) == size)
            break;
    }
    cg_strbuf_printf(b, "%s,%s", s, s);
}

/* Past BIG_GRAPH statements (about 100 nodes) dot's effort is bounded and
 * long edges are drawn from copies (Note [Layout of big graphs] in
 * big_graph.c); smaller graphs get exactly torchviz's statements and
 * attributes. The limits: fewer crossing passes (mclimit), the simplex of
 * the ranks stopped early (nslimit1) and that of the x positions at its
 * first feasible tree (nslimit=0), dot's newer ranking (newrank); a valid
 * layout, a little less tidy. */
#define BIG_GRAPH 200

static char *document(dot_graph *g) {
    cg_strbuf doc = CG_STRBUF_INIT;
    bool big = g->statements > BIG_GRAPH;
    int64_t not_drawn = 0;
    cg_strbuf body = CG_STRBUF_INIT;
    if (big
        && (cg_big_graph_body(&body, g->body.data, g->stmts, (size_t)g->statements, &not_drawn) < 0 || body.failed)) {
        free(cg_strbuf_take(&body)); /* sets the MemoryError when the append failed */
        cg_strbuf_free(&body);
        return NULL;
    }
    cg_strbuf_puts(&doc, "digraph {\n\tgraph [size=\"");
    put_size(&doc, g->statements);
    cg_strbuf_puts(&doc, "\"");
    if (big)
        cg_strbuf_puts(&doc, " mclimit=0.01 newrank=true nslimit=0");
    if (not_drawn)
        cg_strbuf_printf(&doc, " label=\"\u2026 %lld earlier nodes not drawn\" labelloc=t", (long long)not_drawn);
    cg_strbuf_puts(&doc, "]\n\tnode [align=left fontname=monospace fontsize=10 height=0.2 ranksep=0.1 "
                         "shape=box style=filled]\n");
    if (big)
        cg_strbuf_append(&doc, body.data ? body.data : "", body.len);
    else
        cg_strbuf_append(&doc, g->body.data ? g->body.data : "", g->body.len);
    cg_strbuf_puts(&doc, "}\n");
    cg_strbuf_free(&body);
    return cg_strbuf_take(&doc);
}

static int graph_init(dot_graph *g, const cg_graph_names *names, const cg_graph_options *opt) {
    *g = (dot_graph){.body = CG_STRBUF_INIT, .seen = CG_PTR_MAP_INIT, .names = CG_PTR_MAP_INIT};
    g->opt = opt ? *opt : (cg_graph_options)CG_GRAPH_OPTIONS_DEFAULT;
    for (int i = 0; names && i < names->count; i++)
        if (names->items[i].tensor
            && cg_ptr_map_put(&g->names, names->items[i].tensor, (void *)names->items[i].name) < 0) {
            g->failed = true;
            return -1;
        }
    return 0;
}

static char *graph_finish(dot_graph *g) {
    char *r = NULL;
    if (g->body.failed) {
        free(cg_strbuf_take(&g->body)); /* sets the MemoryError */
        g->failed = true;
    }
    if (!g->failed)
        r = document(g);
    cg_strbuf_free(&g->body);
    free(g->stmts);
    cg_ptr_map_free(&g->seen);
    cg_ptr_map_free(&g->names);
    return r;
}

char *cg_graph_dot(cg_tensor *const *outputs, int nout, const cg_graph_names *names, const cg_graph_options *opt) {
    dot_graph g;
    if (graph_init(&g, names, opt) < 0)
        return graph_finish(&g);
    for (int i = 0; i < nout && !g.failed; i++)
        add_base_tensor(&g, outputs[i], "darkolivegreen1");
    return graph_finish(&g);
}

char *cg_graph_dot_node(cg_node *fn, const cg_graph_names *names, const cg_graph_options *opt) {
    dot_graph g;
    if (graph_init(&g, names, opt) == 0 && fn)
        add_nodes(&g, fn);
    return graph_finish(&g);
}

static char *svg_of(char *dot) {
    if (!dot)
        return NULL;
    char *svg = cg_graph_svg_from_dot(dot);
    free(dot);
    return svg;
}

char *cg_graph_svg(cg_tensor *const *outputs, int nout, const cg_graph_names *names, const cg_graph_options *opt) {
    return svg_of(cg_graph_dot(outputs, nout, names, opt));
}

char *cg_graph_svg_node(cg_node *fn, const cg_graph_names *names, const cg_graph_options *opt) {
    return svg_of(cg_graph_dot_node(fn, names, opt));
}
