/* tensor_html.h: a tensor's text/html, the table JupyterLab shows.
 *
 * A caption with what the text repr says in suffixes (shape, dtype,
 * device, grad_fn or requires_grad), then the values as tables: a 1-d
 * tensor as one row, a 2-d tensor as rows and columns numbered from 0, a
 * tensor of more dims as one such table per index of its leading dims,
 * each labelled `[i, j, :, :]`. Past the print threshold every dim is
 * summarised as the text repr does it (edgeitems at each end, a `⋯`
 * column, a `⋮` row). Elements are written by the text repr's formatter
 * (element_format.h), so both agree digit for digit.
 *
 * It is styled to read in JupyterLab's light and dark themes: text
 * inherits the theme's colour and fonts come from its CSS variables; the
 * optional colour scale tints cells with translucent red (positive) and
 * blue (negative) in proportion to |value| / max |value|. */
#ifndef CG_TENSOR_HTML_H
#define CG_TENSOR_HTML_H

#include <stdbool.h>

#include "tensor.h"

typedef struct {
    /* Tint the cells of floating-point tensors by value. */
    bool colors;
} cg_tensor_html_options;

/* A malloc'd HTML fragment the caller frees, or NULL with the engine's
 * error set (MemoryError, or the text repr's errors for bad print
 * options). t is not modified and joins no graph. */
char *cg_tensor_html(cg_tensor *t, const cg_tensor_html_options *opts);

#endif
