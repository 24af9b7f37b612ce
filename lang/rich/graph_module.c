/* graph_module.c: `_graph`, what torchviz.make_dot (prelude) stands on.
 *
 * _graph.render(outputs, params, show_attrs, show_saved, max_attr_chars,
 * kind) draws the autograd graph behind a tensor (or a tuple of them) with
 * display/autograd_graph.h: kind "svg", "dot" or "outline". params is the
 * dict make_dot takes (name -> tensor), or None. node_svg(grad_fn) draws
 * the graph behind a node, for displaying a grad_fn. */
#include <stdlib.h>
#include <string.h>

/* torch_args.h first: it brings in the engine's headers (see there) */
#include "torch/torch_args.h"

#include "autograd_graph.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "rich/graph_module.h"

/* The params dict as names; the strings stay owned by the dict's keys. */
static int collect_names(cg_value params, cg_graph_name **out, int *n) {
    *out = NULL;
    *n = 0;
    if (cg_is_none(params))
        return 0;
    if (!cg_is_type(params, &cg_type_dict))
        return cg_raise_int(&cg_exc_TypeError, "params must be a dict of names to tensors, not %s",
                            cg_type_name(params));
    cg_dict *d = cg_as_dict(params);
    cg_graph_name *items = calloc((size_t)cg_dict_len(d) + 1, sizeof *items);
    if (!items)
        return cg_raise_nomemory(), -1;
    int64_t pos = 0;
    cg_value k, v;
    while (cg_dict_next(d, &pos, &k, &v)) {
        if (!cg_is_str(k) || !cg_is_tensor(v))
            continue; /* torchviz labels tensors only */
        items[*n].tensor = cg_tensor_of_borrowed(v);
        items[(*n)++].name = cg_str_cstr(k);
    }
    *out = items;
    return 0;
}

/* A tensor or a tuple/list of tensors, as make_dot's `var`. */
static int collect_outputs(cg_value var, cg_tensor ***out, int *n) {
    if (cg_is_tensor(var)) {
        *out = malloc(sizeof **out);
        if (!*out)
            return cg_raise_nomemory(), -1;
        (*out)[0] = cg_tensor_of_borrowed(var);
        *n = 1;
        return 0;
    }
    if (!cg_is_type(var, &cg_type_tuple) && !cg_is_type(var, &cg_type_list))
        return cg_raise_int(&cg_exc_TypeError, "make_dot expects a tensor or a tuple of tensors, not %s",
                            cg_type_name(var));
    cg_value seq = cg_list_to_tuple(var);
    if (cg_is_err(seq))
        return -1;
    cg_tuple *t = (cg_tuple *)seq.u.o;
    *out = malloc(sizeof **out * (size_t)(t->len + 1));
    int rc = *out ? 0 : (cg_raise_nomemory(), -1);
    for (int64_t i = 0; rc == 0 && i < t->len; i++) {
        if (!cg_is_tensor(t->items[i]))
            rc = cg_raise_int(&cg_exc_TypeError, "make_dot expects a tensor or a tuple of tensors, not %s",
                              cg_type_name(t->items[i]));
        else
            (*out)[i] = cg_tensor_of_borrowed(t->items[i]);
    }
    *n = (int)t->len;
    cg_decref(seq);
    return rc;
}

static cg_value text_or_engine_error(char *s) {
    if (!s)
        return cg_raise_engine();
    cg_value r = cg_str_from_c(s);
    free(s);
    return r;
}

enum { G_RENDER, G_NODE_SVG, G_N };
static const cg_method_def graph_defs[];

static cg_value g_render(cg_value self, const cg_args *a) {
    cg_value v[6];
    if (cg_args_bind(&graph_defs[G_RENDER], a, v, 6) < 0)
        return CG_ERR;
    cg_tensor **outs = NULL;
    cg_graph_name *names = NULL;
    int nout = 0, nnames = 0;
    cg_value r = CG_ERR;
    int attrs = cg_truth(v[2]), saved = cg_truth(v[3]);
    if (attrs >= 0 && saved >= 0 && v[4].tag == CG_V_INT && cg_is_str(v[5]) && collect_outputs(v[0], &outs, &nout) == 0
        && collect_names(v[1], &names, &nnames) == 0) {
        cg_graph_names gn = {names, nnames};
        cg_graph_options o = {attrs == 1, saved == 1, (int)v[4].u.i};
        const char *kind = cg_str_cstr(v[5]);
        char *s = !strcmp(kind, "dot")       ? cg_graph_dot(outs, nout, &gn, &o)
                  : !strcmp(kind, "outline") ? cg_graph_outline(outs, nout, &gn)
                                             : cg_graph_svg(outs, nout, &gn, &o);
        r = text_or_engine_error(s);
    } else if (!cg_exc_pending()) {
        cg_raise(&cg_exc_TypeError, "max_attr_chars must be an int");
    }
    free(outs);
    free(names);
    cg_args_release(&graph_defs[G_RENDER], v, 6);
    return r;
}

static cg_node *node_of(cg_value v) {
    return cg_isinstance(v, &cg_type_torch_node) ? ((torch_node_obj *)v.u.o)->node : NULL;
}

bool cg_is_autograd_node(cg_value v) { return node_of(v) != NULL; }

cg_value cg_graph_node_outline(cg_value node) {
    cg_node *n = node_of(node);
    if (!n)
        return cg_raise(&cg_exc_TypeError, "expected an autograd node (a grad_fn), not %s", cg_type_name(node));
    return text_or_engine_error(cg_graph_outline_node(n, NULL));
}

cg_value cg_graph_node_svg(cg_value node) {
    cg_node *n = node_of(node);
    if (!n)
        return cg_raise(&cg_exc_TypeError, "expected an autograd node (a grad_fn), not %s", cg_type_name(node));
    return text_or_engine_error(cg_graph_svg_node(n, NULL, NULL));
}

static cg_value g_node_svg(cg_value self, const cg_args *a) {
    cg_value fn;
    if (cg_args_bind(&graph_defs[G_NODE_SVG], a, &fn, 1) < 0)
        return CG_ERR;
    cg_value r = cg_graph_node_svg(fn);
    cg_args_release(&graph_defs[G_NODE_SVG], &fn, 1);
    return r;
}

static const cg_method_def graph_defs[] = {
    [G_RENDER] = {"render", g_render,
                  "render(var, params=None, show_attrs=False, show_saved=False, max_attr_chars=50, kind='svg')",
                  "The autograd graph behind var as SVG, DOT or a text outline."},
    [G_NODE_SVG] = {"node_svg", g_node_svg, "node_svg(grad_fn)", "The SVG of the graph behind an autograd node."},
    [G_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_graph_module_init(void) { return cg_module_of("_graph", graph_defs); }
