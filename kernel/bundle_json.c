/* bundle_json.c: MIME bundle to JSON. */
#include <string.h>

#include "bundle_json.h"
#include "json_text.h"
#include "rich/mime_bundle.h"

json_t *cg_bundle_json(cg_value v) {
    cg_mime_bundle b;
    if (cg_mime_bundle_of(v, &b) < 0) return NULL;
    json_t *data = json_object();
    for (int i = 0; i < b.n; i++)
        json_object_set_new(data, b.items[i].mime, cg_json_text(b.items[i].data, strlen(b.items[i].data)));
    cg_mime_bundle_free(&b);
    return data;
}
