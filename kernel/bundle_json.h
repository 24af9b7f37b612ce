/* bundle_json.h: a value's MIME bundle (lang/rich/mime_bundle.h) as the JSON
 * `data` object of execute_result, display_data and user_expressions. */
#ifndef CG_BUNDLE_JSON_H
#define CG_BUNDLE_JSON_H

#include <jansson.h>

#include "runtime/value.h"

/* {"text/plain": ..., "text/html": ...}; NULL with the exception pending
 * when not even the repr could be made. */
json_t *cg_bundle_json(cg_value v);

#endif
