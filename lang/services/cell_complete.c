/* cell_complete.c: is_complete for a notebook cell, IPython's magics
 * included (is_complete_request).
 *
 * A cell is Python once its magics are turned into calls (magics.c), so
 * the parser judges that; a `%%` cell is not Python at all and goes by
 * its lines. Not the parser's own check (parse/is_complete.c). */
#include <stdlib.h>
#include <string.h>

#include "services/services.h"

static bool blank(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!strchr(" \t\r\n\f\v", s[i]))
            return false;
    return true;
}

/* Note [Cell magic is_complete]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A `%%time` cell's body is a string to the magic, so parsing says
 * nothing about it. IPython's check_complete then goes by lines: the
 * cell is complete once its last line is blank (jupyter console runs it
 * on a second Enter), else incomplete, indented as its last line. The
 * last line of "a\n" is "a\n", of "a\n\n" or "a\n  " the blank one. */
static cg_code_status cell_magic_status(const char *code, size_t len, char indent[64]) {
    size_t end = len, start;
    if (end && code[end - 1] == '\n')
        end--;
    for (start = end; start && code[start - 1] != '\n'; start--) {
    }
    if (blank(code + start, len - start))
        return CG_CODE_COMPLETE;
    size_t spaces = 0;
    for (size_t i = start; i < len && (code[i] == ' ' || code[i] == '\t'); i++)
        spaces += code[i] == '\t' ? 4 : 1;
    if (spaces >= 64)
        spaces = 63;
    memset(indent, ' ', spaces);
    indent[spaces] = 0;
    return CG_CODE_INCOMPLETE;
}

static bool is_cell_magic(const char *code, size_t len) {
    size_t i = 0;
    while (i < len && strchr(" \t\r\n\f\v", code[i]) && code[i])
        i++;
    return len - i >= 2 && code[i] == '%' && code[i + 1] == '%';
}

int cg_cell_is_complete(const char *src, size_t len, cg_code_status *status, char indent[64]) {
    indent[0] = 0;
    if (is_cell_magic(src, len)) {
        *status = cell_magic_status(src, len, indent);
        return 0;
    }
    /* `%timeit x` is no Python: parse what the magics turn the cell into. */
    char *py = cg_magics_transform(src, len);
    if (!py)
        return -1;
    *status = cg_parse_is_complete(py, strlen(py), indent);
    free(py);
    return 0;
}
