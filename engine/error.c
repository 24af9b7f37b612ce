/* error.c: the thread-local error of error.h. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local cg_error_kind current_kind;
static _Thread_local char current_message[1024];

static const char *const kind_names[CG_ERR_KIND_COUNT] = {
    [CG_ERR_NONE] = "",
    [CG_RUNTIME_ERROR] = "RuntimeError",
    [CG_TYPE_ERROR] = "TypeError",
    [CG_VALUE_ERROR] = "ValueError",
    [CG_INDEX_ERROR] = "IndexError",
    [CG_NOT_IMPLEMENTED_ERROR] = "NotImplementedError",
    [CG_OVERFLOW_ERROR] = "OverflowError",
    [CG_MEMORY_ERROR] = "MemoryError",
    [CG_OUT_OF_MEMORY_ERROR] = "OutOfMemoryError",
    [CG_LINALG_ERROR] = "_LinAlgError",
};

const char *cg_error_kind_name(cg_error_kind kind) {
    return (kind >= 0 && kind < CG_ERR_KIND_COUNT) ? kind_names[kind] : "RuntimeError";
}

void cg_error_set(cg_error_kind kind, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(current_message, sizeof current_message, fmt, ap);
    va_end(ap);
    current_kind = kind;
}

cg_error_kind cg_error_kind_get(void) { return current_kind; }
const char *cg_error_message(void) { return current_message; }
bool cg_error_occurred(void) { return current_kind != CG_ERR_NONE; }

void cg_error_clear(void) {
    current_kind = CG_ERR_NONE;
    current_message[0] = '\0';
}
