/* bundle_json.h: a MIME bundle (lang/session.h's cg_mime_bundle) as the
 * JSON `data` object of execute_result, display_data and user_expressions. */
#ifndef CG_BUNDLE_JSON_H
#define CG_BUNDLE_JSON_H

#include <jansson.h>

#include "session.h"

/* {"text/plain": ..., "text/html": ...} */
json_t *cg_bundle_json(const cg_mime_bundle *b);

#endif
