/* bundle_json.c: MIME bundle to JSON. Not the bundle's making (lang/session.h). */
#include <string.h>

#include "bundle_json.h"
#include "json_text.h"

json_t *cg_bundle_json(const cg_mime_bundle *b) {
    json_t *data = json_object();
    for (int i = 0; i < b->n; i++)
        json_object_set_new(data, b->items[i].mime, cg_json_text(b->items[i].data, strlen(b->items[i].data)));
    return data;
}
