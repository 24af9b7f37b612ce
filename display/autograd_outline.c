/* autograd_outline.c: the text/plain outline of an autograd graph
 * (cg_graph_outline of autograd_graph.h), for terminals and for clients
 * that show no SVG.
 *
 * A depth-first walk from each output's grad_fn along next_functions,
 * one line per visit, children indented under the node they feed. A first
 * pass counts how often each node is reached, so that a node with inputs
 * of its own that is reached twice gets a tag (#k) and is written out once;
 * a node without inputs (an AccumulateGrad) is short, so it is written in
 * full wherever it is reached. The walk keeps its own stack: unrolled loops
 * are thousands of nodes deep. It is not the DOT builder (autograd_graph.c). */
#include "autograd_graph.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>

#include "ptr_map.h"
#include "strbuf.h"

#define MAX_INDENT 40 /* levels; deeper lines stay at this indentation */

typedef struct {
    cg_strbuf out;
    cg_ptr_map uses;  /* node -> times it is reached (as an intptr_t) */
    cg_ptr_map tags;  /* node -> its tag, once written */
    cg_ptr_map names; /* tensor -> its name in params */
    intptr_t ntags;
    bool failed;
} outline;

typedef struct {
    cg_node *fn;
    int next;
} frame;

/* A stack of frames that grows; false (and MemoryError) when it cannot. */
typedef struct {
    frame *items;
    size_t len, cap;
} frames;

static bool push(frames *s, cg_node *fn) {
    if (s->len == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        frame *bigger = realloc(s->items, cap * sizeof *bigger);
        if (!bigger) {
            cg_error_set(CG_MEMORY_ERROR, "out of memory");
            return false;
        }
        s->items = bigger, s->cap = cap;
    }
    s->items[s->len++] = (frame){fn, 0};
    return true;
}

static bool has_inputs(const cg_node *fn) {
    for (int i = 0; i < fn->nin; i++)
        if (fn->next[i].node)
            return true;
    return false;
}

/* ---- first pass: how often each node is reached ------------------------------------ */

static bool count_use(outline *o, frames *s, cg_node *fn) {
    intptr_t uses = (intptr_t)cg_ptr_map_get(&o->uses, fn);
    if (cg_ptr_map_put(&o->uses, fn, (void *)(uses + 1)) < 0)
        return false;
    return uses > 0 || push(s, fn); /* each node's inputs are counted once */
}

static bool count_uses(outline *o, cg_node *root) {
    frames s = {0};
    bool ok = count_use(o, &s, root);
    while (ok && s.len) {
        cg_node *fn = s.items[--s.len].fn;
        for (int i = 0; i < fn->nin && ok; i++)
            if (fn->next[i].node)
                ok = count_use(o, &s, fn->next[i].node);
    }
    free(s.items);
    return ok;
}

/* ---- second pass: the lines ----------------------------------------------------------- */

/* torch.Size as a tuple: (), (64,), (16, 8). */
static void put_shape(cg_strbuf *b, const cg_tensor *t) {
    cg_strbuf_puts(b, "(");
    for (int d = 0; d < t->ndim; d++)
        cg_strbuf_printf(b, "%s%" PRId64, d ? ", " : "", t->sizes[d]);
    cg_strbuf_puts(b, t->ndim == 1 ? ",)" : ")");
}

/* "(fc.bias (64,))", or "((3,))" for a tensor params does not name. */
static void put_tensor(outline *o, const cg_tensor *t) {
    const char *name = cg_ptr_map_get(&o->names, t);
    cg_strbuf_printf(&o->out, " (%s%s", name ? name : "", name ? " " : "");
    put_shape(&o->out, t);
    cg_strbuf_puts(&o->out, ")");
}

/* One visit's line; true when the node's inputs are to be written under it. */
static bool put_line(outline *o, cg_node *fn, size_t depth) {
    cg_strbuf_repeat(&o->out, ' ', 2 * (depth < MAX_INDENT ? depth : MAX_INDENT));
    cg_strbuf_puts(&o->out, fn->name && *fn->name ? fn->name : "Node");
    if (fn->op == CG_OP_ACCUMULATE_GRAD && fn->variable)
        put_tensor(o, fn->variable);
    bool expand = true;
    if (has_inputs(fn) && (intptr_t)cg_ptr_map_get(&o->uses, fn) > 1) {
        intptr_t tag = (intptr_t)cg_ptr_map_get(&o->tags, fn);
        if (tag) {
            cg_strbuf_printf(&o->out, " (#%" PRIdPTR ", above)", tag);
            expand = false;
        } else {
            o->failed |= cg_ptr_map_put(&o->tags, fn, (void *)++o->ntags) < 0;
            cg_strbuf_printf(&o->out, " (#%" PRIdPTR ")", o->ntags);
        }
    }
    cg_strbuf_puts(&o->out, "\n");
    return expand;
}

static void put_tree(outline *o, cg_node *root) {
    frames s = {0};
    if (put_line(o, root, 0) && !push(&s, root))
        o->failed = true;
    while (s.len && !o->failed) {
        frame *f = &s.items[s.len - 1];
        if (f->next == f->fn->nin) {
            s.len--;
            continue;
        }
        cg_node *u = f->fn->next[f->next++].node;
        if (u && put_line(o, u, s.len) && !push(&s, u))
            o->failed = true;
    }
    free(s.items);
}

static bool outline_init(outline *o, const cg_graph_names *names) {
    *o = (outline){.out = CG_STRBUF_INIT};
    for (int i = 0; names && i < names->count; i++)
        if (names->items[i].tensor
            && cg_ptr_map_put(&o->names, names->items[i].tensor, (void *)names->items[i].name) < 0)
            return false;
    return true;
}

static char *outline_finish(outline *o) {
    char *r = o->failed ? NULL : cg_strbuf_take(&o->out);
    cg_strbuf_free(&o->out);
    cg_ptr_map_free(&o->uses);
    cg_ptr_map_free(&o->tags);
    cg_ptr_map_free(&o->names);
    return r;
}

char *cg_graph_outline(cg_tensor *const *outputs, int nout, const cg_graph_names *names) {
    outline o;
    o.failed = !outline_init(&o, names);
    for (int i = 0; i < nout && !o.failed; i++)
        o.failed = outputs[i]->grad_fn && !count_uses(&o, outputs[i]->grad_fn);
    for (int i = 0; i < nout && !o.failed; i++) {
        if (outputs[i]->grad_fn) {
            put_tree(&o, outputs[i]->grad_fn);
            continue;
        }
        cg_strbuf_puts(&o.out, "Tensor");
        put_tensor(&o, outputs[i]);
        cg_strbuf_puts(&o.out, "\n");
    }
    return outline_finish(&o);
}

char *cg_graph_outline_node(cg_node *fn, const cg_graph_names *names) {
    outline o;
    o.failed = !outline_init(&o, names);
    if (fn && !o.failed && !(o.failed = !count_uses(&o, fn)))
        put_tree(&o, fn);
    return outline_finish(&o);
}
