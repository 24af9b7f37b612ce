/* mime_bundle.h: what a value looks like to Jupyter, as IPython decides.
 *
 * The kernel shows a cell's result, display(x) and updates as a MIME
 * bundle: text/plain always (repr), plus what the value offers. A tensor
 * offers text/html (display/tensor_html.h); any object may offer more the
 * way IPython objects do, through methods: _repr_html_, _repr_markdown_,
 * _repr_svg_, _repr_png_ (base64 text), _repr_latex_, _repr_json_ is not
 * read, and _repr_mimebundle_ (a dict of MIME type to str; its
 * text/plain replaces the repr, as in IPython). A grad_fn adds the SVG of
 * the graph behind it, and its outline as the text. A method that
 * returns None offers nothing; one that raises has its traceback written
 * to stderr and is skipped, as IPython's formatters do, so a broken
 * _repr_html_ never loses the text. */
#ifndef CG_MIME_BUNDLE_H
#define CG_MIME_BUNDLE_H

#include "runtime/value.h"

#define CG_MIME_MAX 8

typedef struct {
    const char *mime; /* "text/plain", "text/html", ... (static) */
    char *data;       /* malloc'd UTF-8 */
} cg_mime_item;

typedef struct {
    int n;
    cg_mime_item items[CG_MIME_MAX];
} cg_mime_bundle;

/* Fills b (zeroed first) for v. 0, or -1 with the exception pending when
 * even text/plain could not be made (repr raised). */
int cg_mime_bundle_of(cg_value v, cg_mime_bundle *b);
/* The data of one MIME type, or NULL. */
const char *cg_mime_bundle_get(const cg_mime_bundle *b, const char *mime);
void cg_mime_bundle_free(cg_mime_bundle *b);

#endif
