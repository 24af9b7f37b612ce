/* big_graph.h: how a big autograd graph is drawn so that Graphviz's dot lays
 * it out in a fraction of a second (display/'s own, for autograd_graph.c).
 *
 * autograd_graph.c writes torchviz's statements one per line and notes what
 * each one is; past a size it hands them here, and what comes back is the
 * same statements with two changes (Note [Layout of big graphs] in
 * big_graph.c):
 *   - an edge that would span many ranks (a parameter used by every step of
 *     an unrolled loop) is drawn from a copy of its tail placed beside its
 *     head: same label, same colour, an AccumulateGrad copied with its leaf,
 *     an op copied with a dashed border (its inputs are drawn at the op);
 *   - at most CG_GRAPH_MAX_BOXES boxes are drawn, those nearest the outputs.
 * It is not the DOT builder and knows nothing of tensors or nodes. */
#ifndef CG_BIG_GRAPH_H
#define CG_BIG_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

/* Boxes drawn at most, copies included; the rest are counted and not drawn. */
#define CG_GRAPH_MAX_BOXES 6000

/* One statement of the body: its line is body[off, off + len), a tab, the
 * id (a decimal address), then the rest, ending with a newline. */
typedef struct {
    const void *from; /* the node, or the edge's tail */
    const void *to;   /* the edge's head; NULL for a node statement */
    const void *leaf; /* for an AccumulateGrad's node: the leaf drawn above it */
    size_t off, len;
} cg_graph_stmt;

/* Appends the statements to out as described above; *not_drawn is the
 * number of nodes left out. -1 with MemoryError when memory runs out. */
int cg_big_graph_body(cg_strbuf *out, const char *body, const cg_graph_stmt *stmts, size_t n, int64_t *not_drawn);

#endif
