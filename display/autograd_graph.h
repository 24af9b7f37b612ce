/* autograd_graph.h: the autograd graph behind a tensor, drawn as torchviz's
 * make_dot draws it: DOT text, SVG (Graphviz in process) and a text outline.
 *
 * The graph is torchviz 0.0.2's, statement for statement and in its order
 * (shared/reference/cuda_display.md, Part B1):
 *   - an op node per grad_fn reached through next_functions, labelled with
 *     PyTorch's node name and left to Graphviz's default fill (lightgrey);
 *     edges run input_fn -> fn, so leaves are at the top;
 *   - for an AccumulateGrad, its leaf (the node's `variable`) in lightblue,
 *     labelled "<name>\n (16, 8)", and an edge leaf -> AccumulateGrad;
 *   - each output tensor in darkolivegreen1 with an edge grad_fn -> output;
 *     an output that is a view also brings its base (darkolivegreen3) with a
 *     dotted edge base -> view;
 *   - saved tensors in orange joined by an undirected edge (dir=none):
 *     always for custom Function nodes (CG_OP_CUSTOM, edge tensor - fn),
 *     for built-in nodes with show_saved (edge fn - tensor, labelled with
 *     the attribute's name: "self\n (3)");
 *   - with show_attrs, an op's label lists its saved attributes as
 *     "Name\n------\nkey: value" with the columns aligned, values cut to
 *     max_attr_chars with "...", tensors as "[saved tensor]", empty slots
 *     as "None", scalars as str() writes them. The scalars are those
 *     PyTorch's node saves where ours keeps the same (alpha of Add/Sub,
 *     exponent of PowBackward0, dim, keepdim and the input's sizes of
 *     Sum and Mean, ViewBackward0's sizes); other nodes list their saved
 *     tensors only, never an attribute they do not hold.
 * Nodes are identified as torchviz does it, by the object's address in
 * decimal (str(id(obj))): a leaf that a node also saves is one node, drawn
 * as the leaf. Graph attributes are torchviz's, size included
 * (max(12, 0.15 * statements) inches). Past about 100 nodes, what keeps big
 * graphs fast without changing how small ones look (Note [Layout of big
 * graphs] in big_graph.c): layout limits, an edge that would span many
 * ranks (a parameter shared by every step of a loop) drawn from a copy of
 * its tail beside its head, and at most CG_GRAPH_MAX_BOXES boxes, the
 * ones nearest the outputs, with a title saying how many were left out.
 *
 * It is not the cell language's make_dot: lang/ turns its arguments (a
 * tensor or tuple, params=dict(...), the options) into the calls below and
 * the results into a MIME bundle.
 *
 * Every function returns a malloc'd string the caller frees, or NULL with
 * the engine's error set: MemoryError, PyTorch's error when show_saved or
 * show_attrs reads saved tensors that a backward freed, or a RuntimeError
 * carrying Graphviz's message. A tensor with no grad_fn is not an error:
 * as in torchviz, its graph is the output node alone. Nothing here changes
 * the graph or any tensor. Graphviz is called under a lock, from any thread. */
#ifndef CG_AUTOGRAD_GRAPH_H
#define CG_AUTOGRAD_GRAPH_H

#include <stdbool.h>

#include "autograd.h"

/* make_dot's params: which tensor is called what. Like the dict it comes
 * from, a tensor named twice takes its last name. */
typedef struct {
    const cg_tensor *tensor;
    const char *name;
} cg_graph_name;

typedef struct {
    const cg_graph_name *items;
    int count;
} cg_graph_names;

typedef struct {
    bool show_attrs;
    bool show_saved;
    int max_attr_chars; /* make_dot's default is 50; values under 3 count as 3 */
} cg_graph_options;

#define CG_GRAPH_OPTIONS_DEFAULT \
    { false, false, 50 }

/* make_dot((outputs...), params=names, ...): names and opt may be NULL (no
 * names; CG_GRAPH_OPTIONS_DEFAULT). */
char *cg_graph_dot(cg_tensor *const *outputs, int nout, const cg_graph_names *names, const cg_graph_options *opt);
char *cg_graph_svg(cg_tensor *const *outputs, int nout, const cg_graph_names *names, const cg_graph_options *opt);
/* The text/plain outline: one line per node, children indented two spaces
 * under the node they feed (indentation stops growing at 40 levels):
 *     MeanBackward0
 *       AddmmBackward0
 *         AccumulateGrad (fc.bias (64,))
 * A node reached again with inputs of its own is tagged (#1) where it is
 * first printed and written "MulBackward0 (#1, above)" afterwards. An
 * output without grad_fn is a line "Tensor (name (3,))". */
char *cg_graph_outline(cg_tensor *const *outputs, int nout, const cg_graph_names *names);

/* The same graphs drawn from a node alone (displaying a grad_fn): no output
 * node, everything else as above. */
char *cg_graph_dot_node(cg_node *fn, const cg_graph_names *names, const cg_graph_options *opt);
char *cg_graph_svg_node(cg_node *fn, const cg_graph_names *names, const cg_graph_options *opt);
char *cg_graph_outline_node(cg_node *fn, const cg_graph_names *names);

/* Lays out DOT text with Graphviz's dot and renders it as SVG, in process. */
char *cg_graph_svg_from_dot(const char *dot);

#endif
