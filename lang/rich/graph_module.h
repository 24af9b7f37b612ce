/* graph_module.h: _graph, under torchviz.make_dot, and the picture of a
 * grad_fn that a cell shows (graph_module.c). */
#ifndef CG_GRAPH_MODULE_H
#define CG_GRAPH_MODULE_H

#include <stdbool.h>

#include "runtime/value.h"

cg_value cg_graph_module_init(void);
/* Is v a grad_fn (an autograd node object)? Its graph as SVG, and its
 * outline as text; new references, CG_ERR with the exception pending. */
bool cg_is_autograd_node(cg_value v);
cg_value cg_graph_node_svg(cg_value node);
cg_value cg_graph_node_outline(cg_value node);

#endif
