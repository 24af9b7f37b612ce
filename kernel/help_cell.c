/* help_cell.c: `torch.zeros?` in a cell, as IPython answers it.
 *
 * Note [Help cells]
 * ~~~~~~~~~~~~~~~~~
 * IPython turns a line `name?` (or `?name`; `name??` for more detail)
 * into its pinfo magic, which does not print: it pages the same text as
 * inspect_request shows, through a payload of the execute_reply with
 * source "page", which JupyterLab and jupyter console show under the
 * cell. `?` is no Python, and a page is a reply's business, so the kernel
 * answers a cell that is only such a line itself; a `?` inside a longer
 * cell stays a syntax error. Not inspection itself (lang/services/inspect.c). */
#include <string.h>

#include "help_cell.h"
#include "json_text.h"
#include "kernel_host.h"
#include "runtime/host.h"
#include "session.h"

static bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static bool name_byte(unsigned char c) {
    return c == '_' || c == '.' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
           || c >= 0x80;
}

/* The dotted name of a help line in [*start, *end), and its detail level;
 * false when code is not one. */
static bool help_name(const char *code, size_t len, size_t *start, size_t *end, int *detail) {
    size_t a = 0, b = len;
    while (a < b && space(code[a]))
        a++;
    while (b > a && space(code[b - 1]))
        b--;
    size_t lead = 0, trail = 0;
    while (a < b && code[a] == '?' && lead < 2)
        a++, lead++;
    while (b > a && code[b - 1] == '?' && trail < 2)
        b--, trail++;
    if (!lead && !trail)
        return false;
    if (a == b || code[a] == '.' || (code[a] >= '0' && code[a] <= '9') || code[b - 1] == '.')
        return false;
    for (size_t i = a; i < b; i++)
        if (!name_byte((unsigned char)code[i]))
            return false;
    *start = a;
    *end = b;
    *detail = lead == 2 || trail == 2;
    return true;
}

bool cg_help_cell(cg_kernel *k, const char *code, size_t len, json_t *payload) {
    size_t a, b;
    int detail;
    if (memchr(code, 0, len) || !help_name(code, len, &a, &b, &detail))
        return false;
    char name[256];
    size_t n = b - a < sizeof name ? b - a : sizeof name - 1;
    memcpy(name, code + a, n);
    name[n] = 0;
    cg_inspection in;
    cg_lang_inspect(k->session, name, n, cg_text_code_points(name, n), detail, &in);
    if (in.found && in.text_plain) {
        json_array_append_new(payload, json_pack("{s:s, s:{s:o}, s:i}", "source", "page", "data", "text/plain",
                                                 cg_json_text(in.text_plain, strlen(in.text_plain)), "start", 0));
    } else {
        /* IPython's words when the name denotes nothing */
        cg_host_write(CG_STDOUT, "Object `", 8);
        cg_host_write(CG_STDOUT, name, n);
        cg_host_write(CG_STDOUT, "` not found.\n", 13);
        cg_kernel_streams_flush(k);
    }
    cg_inspection_free(&in);
    return true;
}
