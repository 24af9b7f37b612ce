/* view_copy.c: the *_copy forms of the view ops (torch.view_copy,
 * t_copy, split_copy, ...): a view's values in a tensor of their own.
 *
 * PyTorch records them under the view's own node with "_copy" added
 * (ViewBackward0_copy), its derivative the view's: so the copy takes the
 * view's node, renamed, and the copy itself is not recorded. Its layout is
 * the view's (clone's preserve_format), as PyTorch's t_copy keeps strides
 * (1, n). */
#include <stdlib.h>
#include <string.h>

#include "ops.h"

/* "<name>_copy", kept for the life of the process (node names are
 * borrowed strings), one per name. */
static const char *copy_name(const char *name) {
    static struct copy_name {
        const char *of;
        char *name;
        struct copy_name *next;
    } *names;
    for (struct copy_name *c = names; c; c = c->next) {
        if (c->name == name) /* renamed already: split_copy's pieces share a node */
            return name;
        if (c->of == name || strcmp(c->of, name) == 0)
            return c->name;
    }
    size_t n = strlen(name);
    struct copy_name *c = malloc(sizeof *c);
    char *s = malloc(n + sizeof "_copy");
    if (!c || !s) {
        free(c), free(s);
        return name;
    }
    memcpy(s, name, n);
    memcpy(s + n, "_copy", sizeof "_copy");
    *c = (struct copy_name){name, s, names};
    names = c;
    return s;
}

cg_tensor *cg_view_copy_of(cg_tensor *view) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cg_clone_preserve(view);
    cg_grad_set_enabled(was);
    if (c && view->grad_fn && was) {
        cg_node_retain(view->grad_fn);
        c->grad_fn = view->grad_fn;
        c->output_nr = view->output_nr;
        c->grad_fn->name = copy_name(c->grad_fn->name);
    }
    return c;
}
