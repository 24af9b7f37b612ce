/* big_graph.c: big autograd graphs made cheap for dot (big_graph.h): long
 * edges drawn from copies of their tails, and a cap on the boxes drawn.
 *
 * Note [Layout of big graphs]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * dot's time goes into network simplex (ranks, then x positions over an
 * auxiliary graph of every node, virtual node and edge) and crossing
 * minimisation; Graphviz 2.42's simplex grows about quadratically with that
 * auxiliary graph. An edge spanning r ranks becomes r - 1 virtual nodes, so a
 * leaf shared by every step of an unrolled loop (w in `h = tanh(h @ w + b)`)
 * makes O(steps^2) of them: 250,000 at 1000 nodes, minutes of layout whatever
 * the attributes. Edges between neighbours (a chain of ops, an MLP) make
 * none: a 1000-node chain takes ~0.15 s.
 *
 * So, past a size (autograd_graph.c), we rank the graph as dot would start
 * to: each node as low as its consumers allow (sinks at rank 0, a node one
 * above its highest consumer). Under that ranking the virtual nodes are the
 * sum of (span - 1) over the edges; while it exceeds the number of nodes,
 * the longest edge is cut and drawn from a copy of its tail beside its head.
 * The edge to the highest consumer spans one rank and is never cut, so every
 * node is still drawn, with the inputs it has. A copy keeps the label and
 * the colour (an AccumulateGrad brings a copy of its leaf: "w (16, 8)" at
 * each use, as the outline writes it at each use); a copied op, whose
 * inputs are drawn at the original only, has a dashed border.
 *
 * Past CG_GRAPH_MAX_BOXES boxes (copies included), only the nodes nearest
 * the outputs are drawn, and the graph's label says how many were not.
 * Figures: bench/README.md, "Autograd graphs". */
#include "big_graph.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ptr_map.h"

typedef struct {
    const char *body;
    const cg_graph_stmt *st;
    size_t n;
    int64_t nnodes, nedges;
    int64_t *node_stmt;         /* [nnodes] statement of each node */
    int64_t *tail, *head, *est; /* [nedges] node indices (-1: no box), statement */
    int64_t *out_start, *out;   /* [nnodes + 1], [nedges]: out-edges by node */
    int64_t *rank;              /* [nnodes] */
    bool *cut;                  /* [nedges] drawn from a copy */
    bool *has_inputs;           /* [nnodes] an input other than its leaf */
    bool *kept;                 /* [nnodes] drawn */
    int64_t *copy_cost;         /* [nnodes] boxes of the copies drawn beside it */
    cg_ptr_map index;           /* obj -> node index + 1 */
} big_graph;

static void *alloc(size_t count, size_t size, bool *failed) {
    void *p = calloc(count ? count : 1, size);
    *failed |= p == NULL;
    return p;
}

static int64_t node_of(const big_graph *g, const void *obj) {
    return (int64_t)(intptr_t)cg_ptr_map_get(&g->index, obj) - 1;
}

/* Nodes, edges and out-edges from the statements. */
static int build(big_graph *g) {
    bool failed = false;
    for (size_t i = 0; i < g->n; i++)
        g->st[i].to ? g->nedges++ : g->nnodes++;
    g->node_stmt = alloc((size_t)g->nnodes, sizeof *g->node_stmt, &failed);
    g->tail = alloc((size_t)g->nedges, sizeof *g->tail, &failed);
    g->head = alloc((size_t)g->nedges, sizeof *g->head, &failed);
    g->est = alloc((size_t)g->nedges, sizeof *g->est, &failed);
    g->out_start = alloc((size_t)g->nnodes + 1, sizeof *g->out_start, &failed);
    g->out = alloc((size_t)g->nedges, sizeof *g->out, &failed);
    g->rank = alloc((size_t)g->nnodes, sizeof *g->rank, &failed);
    g->cut = alloc((size_t)g->nedges, sizeof *g->cut, &failed);
    g->has_inputs = alloc((size_t)g->nnodes, sizeof *g->has_inputs, &failed);
    g->kept = alloc((size_t)g->nnodes, sizeof *g->kept, &failed);
    g->copy_cost = alloc((size_t)g->nnodes, sizeof *g->copy_cost, &failed);
    if (failed)
        return -1;
    int64_t v = 0, e = 0;
    for (size_t i = 0; i < g->n; i++) {
        if (g->st[i].to)
            continue;
        g->node_stmt[v] = (int64_t)i;
        if (cg_ptr_map_put(&g->index, g->st[i].from, (void *)(intptr_t)(v + 1)) < 0)
            return -1;
        v++;
    }
    for (size_t i = 0; i < g->n; i++) {
        if (!g->st[i].to)
            continue;
        g->tail[e] = node_of(g, g->st[i].from), g->head[e] = node_of(g, g->st[i].to), g->est[e] = (int64_t)i;
        if (g->tail[e] >= 0)
            g->out_start[g->tail[e] + 1]++;
        if (g->head[e] >= 0 && g->st[g->node_stmt[g->head[e]]].leaf != g->st[i].from)
            g->has_inputs[g->head[e]] = true;
        e++;
    }
    for (int64_t k = 0; k < g->nnodes; k++)
        g->out_start[k + 1] += g->out_start[k];
    int64_t *fill = alloc((size_t)g->nnodes, sizeof *fill, &failed);
    if (failed)
        return -1;
    for (e = 0; e < g->nedges; e++)
        if (g->tail[e] >= 0)
            g->out[g->out_start[g->tail[e]] + fill[g->tail[e]]++] = e;
    free(fill);
    return 0;
}

/* Each node one rank above its highest consumer, sinks at 0 (ranks <= 0),
 * by a depth-first walk on an explicit stack; an edge back to a node on the
 * stack (a cycle: a saved leaf with show_saved) is left out, as dot
 * reverses it. */
static int rank_nodes(big_graph *g) {
    bool failed = false;
    char *state = alloc((size_t)g->nnodes, 1, &failed); /* 0 new, 1 on the stack, 2 ranked */
    int64_t *stack = alloc((size_t)g->nnodes, sizeof *stack, &failed);
    int64_t *next = alloc((size_t)g->nnodes, sizeof *next, &failed);
    for (int64_t s = 0; !failed && s < g->nnodes; s++) {
        if (state[s])
            continue;
        int64_t depth = 0;
        stack[depth++] = s, state[s] = 1, g->rank[s] = 1, next[s] = g->out_start[s];
        while (depth) {
            int64_t v = stack[depth - 1];
            if (next[v] < g->out_start[v + 1]) {
                int64_t w = g->head[g->out[next[v]++]];
                if (w < 0 || state[w] == 1)
                    continue;
                if (state[w] == 2) {
                    g->rank[v] = g->rank[v] < g->rank[w] - 1 ? g->rank[v] : g->rank[w] - 1;
                    continue;
                }
                stack[depth++] = w, state[w] = 1, g->rank[w] = 1, next[w] = g->out_start[w];
                continue;
            }
            depth--, state[v] = 2;
            if (g->rank[v] == 1) /* no consumer ranked: a sink */
                g->rank[v] = 0;
            if (depth) {
                int64_t u = stack[depth - 1];
                g->rank[u] = g->rank[u] < g->rank[v] - 1 ? g->rank[u] : g->rank[v] - 1;
            }
        }
    }
    free(state), free(stack), free(next);
    return failed ? -1 : 0;
}

static int64_t span(const big_graph *g, int64_t e) {
    return g->tail[e] < 0 || g->head[e] < 0 ? 0 : g->rank[g->head[e]] - g->rank[g->tail[e]];
}

static _Thread_local const big_graph *sort_graph; /* qsort has no context argument in C11 */

static int by_span_desc(const void *a, const void *b) {
    int64_t ea = *(const int64_t *)a, eb = *(const int64_t *)b;
    int64_t sa = span(sort_graph, ea), sb = span(sort_graph, eb);
    return sa != sb ? (sa < sb ? 1 : -1) : (ea > eb) - (ea < eb);
}

/* The longest edges cut until the virtual nodes are at most the nodes. */
static int cut_long_edges(big_graph *g) {
    int64_t virtual = 0, nlong = 0;
    for (int64_t e = 0; e < g->nedges; e++)
        if (span(g, e) > 1)
            virtual += span(g, e) - 1, nlong++;
    if (virtual <= g->nnodes)
        return 0;
    bool failed = false;
    int64_t *order = alloc((size_t)nlong, sizeof *order, &failed);
    if (failed)
        return -1;
    for (int64_t e = 0, k = 0; e < g->nedges; e++)
        if (span(g, e) > 1)
            order[k++] = e;
    sort_graph = g;
    qsort(order, (size_t)nlong, sizeof *order, by_span_desc);
    for (int64_t k = 0; k<nlong &&virtual> g->nnodes; k++) {
        int64_t e = order[k];
        g->cut[e] = true;
        virtual -= span(g, e) - 1;
        const cg_graph_stmt *t = &g->st[g->node_stmt[g->tail[e]]];
        g->copy_cost[g->head[e]] += 1 + (t->leaf && node_of(g, t->leaf) >= 0);
    }
    free(order);
    return 0;
}

static int by_rank_desc(const void *a, const void *b) {
    int64_t va = *(const int64_t *)a, vb = *(const int64_t *)b;
    int64_t ra = sort_graph->rank[va], rb = sort_graph->rank[vb];
    return ra != rb ? (ra < rb ? 1 : -1) : (va > vb) - (va < vb);
}

/* The nodes nearest the outputs, with their copies, up to the cap. */
static int keep_nearest(big_graph *g, int64_t *not_drawn) {
    bool failed = false;
    int64_t *order = alloc((size_t)g->nnodes, sizeof *order, &failed);
    if (failed)
        return -1;
    for (int64_t v = 0; v < g->nnodes; v++)
        order[v] = v;
    sort_graph = g;
    qsort(order, (size_t)g->nnodes, sizeof *order, by_rank_desc);
    int64_t boxes = 0, k = 0;
    for (; k < g->nnodes && boxes + 1 + g->copy_cost[order[k]] <= CG_GRAPH_MAX_BOXES; k++) {
        g->kept[order[k]] = true;
        boxes += 1 + g->copy_cost[order[k]];
    }
    *not_drawn = g->nnodes - k;
    free(order);
    return 0;
}

/* ---- writing the statements ----------------------------------------------------------- */

static size_t id_len(const big_graph *g, const cg_graph_stmt *s) { return strspn(g->body + s->off + 1, "0123456789"); }

/* A statement's line with its (first) id replaced by copy<k>_<id>. */
static void put_renamed(cg_strbuf *out, const big_graph *g, const cg_graph_stmt *s, int64_t k, bool dashed) {
    const char *line = g->body + s->off;
    size_t idl = id_len(g, s);
    cg_strbuf_printf(out, "\tcopy%lld_", (long long)k);
    cg_strbuf_append(out, line + 1, idl);
    if (!dashed) {
        cg_strbuf_append(out, line + 1 + idl, s->len - 1 - idl);
        return;
    }
    cg_strbuf_append(out, line + 1 + idl, s->len - 3 - idl); /* up to "]\n" */
    cg_strbuf_puts(out, " style=\"filled,dashed\"]\n");
}

/* Edge e drawn from the k-th copy of its tail (and of the tail's leaf). */
static void put_copy(cg_strbuf *out, const big_graph *g, int64_t e, int64_t k) {
    int64_t u = g->tail[e];
    const cg_graph_stmt *s = &g->st[g->node_stmt[u]];
    int64_t leaf = s->leaf ? node_of(g, s->leaf) : -1;
    if (leaf >= 0) {
        const cg_graph_stmt *ls = &g->st[g->node_stmt[leaf]];
        put_renamed(out, g, ls, k, false);
        cg_strbuf_printf(out, "\tcopy%lld_", (long long)k);
        cg_strbuf_append(out, g->body + ls->off + 1, id_len(g, ls));
        cg_strbuf_printf(out, " -> copy%lld_", (long long)k);
        cg_strbuf_append(out, g->body + s->off + 1, id_len(g, s));
        cg_strbuf_puts(out, "\n");
    }
    put_renamed(out, g, s, k, g->has_inputs[u]);
    put_renamed(out, g, &g->st[g->est[e]], k, false);
}

static void put_body(cg_strbuf *out, const big_graph *g) {
    int64_t v = 0, e = 0, copies = 0;
    for (size_t i = 0; i < g->n; i++) {
        const cg_graph_stmt *s = &g->st[i];
        if (!s->to) {
            if (g->kept[v++])
                cg_strbuf_append(out, g->body + s->off, s->len);
            continue;
        }
        bool head_kept = g->head[e] < 0 || g->kept[g->head[e]];
        if (g->cut[e] && head_kept)
            put_copy(out, g, e, ++copies);
        else if (!g->cut[e] && head_kept && (g->tail[e] < 0 || g->kept[g->tail[e]]))
            cg_strbuf_append(out, g->body + s->off, s->len);
        e++;
    }
}

static void big_graph_free(big_graph *g) {
    free(g->node_stmt), free(g->tail), free(g->head), free(g->est), free(g->out_start), free(g->out);
    free(g->rank), free(g->cut), free(g->has_inputs), free(g->kept), free(g->copy_cost);
    cg_ptr_map_free(&g->index);
}

int cg_big_graph_body(cg_strbuf *out, const char *body, const cg_graph_stmt *stmts, size_t n, int64_t *not_drawn) {
    big_graph g = {.body = body, .st = stmts, .n = n, .index = CG_PTR_MAP_INIT};
    int rc =
        build(&g) == 0 && rank_nodes(&g) == 0 && cut_long_edges(&g) == 0 && keep_nearest(&g, not_drawn) == 0 ? 0 : -1;
    if (rc == 0)
        put_body(out, &g);
    else
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
    big_graph_free(&g);
    return rc;
}
