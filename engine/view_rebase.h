/* view_rebase.h: CopySlices over an in-place op on a view (private to
 * engine/; Note [In-place ops on views] in view_rebase.c). */
#ifndef CG_VIEW_REBASE_H
#define CG_VIEW_REBASE_H

#include "autograd.h"

/* Rewrites the history of v's base after the in-place op fn on the view v. */
int cg_view_rebase(cg_tensor *v, cg_node *fn);
/* The derivative of a CopySlices that wraps an in-place op's node. */
int cg_copy_slices_wrapped(cg_node *n, cg_tensor *const *go, cg_tensor **gi);

#endif
