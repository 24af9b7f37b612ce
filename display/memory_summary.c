/* memory_summary.c: memory_summary()'s table, see memory_summary.h.
 *
 * One list of rows (group label, pool, family) drives both the text and
 * the HTML, so the two never disagree. The number formatting follows
 * PyTorch's Python: floor division by 1024 (or 1000) while the reference,
 * divided in floating point, is still at least 768 KiB (750 K). */
#include "memory_summary.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "strbuf.h"

#define WIDTH 75

/* Python's a // b for b > 0. */
static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

void cg_memory_format_size(int64_t sz, int64_t ref, char *out) {
    static const char *const units[] = {"B  ", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int u = 0;
    double pref = (double)ref;
    for (; u + 1 < 6 && !(pref < 768.0 * 1024); u++) {
        sz = floor_div(sz, 1024);
        pref /= 1024;
    }
    snprintf(out, 32, "%6lld %s", (long long)sz, units[u]);
}

void cg_memory_format_count(int64_t cnt, int64_t ref, char *out) {
    static const char *const units[] = {" ", "K", "M"};
    int u = 0;
    double pref = (double)ref;
    for (; u + 1 < 3 && !(pref < 750.0 * 1000); u++) {
        cnt = floor_div(cnt, 1000);
        pref /= 1000;
    }
    snprintf(out, 32, "%7lld %s ", (long long)cnt, units[u]);
}

void cg_memory_format_bytes(int64_t bytes, char *out, int size) {
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = (double)bytes;
    int u = 0;
    while (u + 1 < 6 && fabs(v) >= 1024) {
        v /= 1024;
        u++;
    }
    if (u == 0)
        snprintf(out, (size_t)size, "%lld B", (long long)bytes);
    else
        snprintf(out, (size_t)size, "%.*f %s", fabs(v) >= 100 ? 0 : fabs(v) >= 10 ? 1 : 2, v, units[u]);
}

/* ---- the rows --------------------------------------------------------------------- */

typedef struct {
    cg_stat_family family;
    const char *label; /* "%s" stands for GPU or CPU */
    bool bytes;
} group;

static const group GROUPS[] = {
    {CG_STAT_ALLOCATED_BYTES, "Allocated memory", true},
    {CG_STAT_ACTIVE_BYTES, "Active memory", true},
    {CG_STAT_REQUESTED_BYTES, "Requested memory", true},
    {CG_STAT_RESERVED_BYTES, "%s reserved memory", true},
    {CG_STAT_INACTIVE_SPLIT_BYTES, "Non-releasable memory", true},
    {CG_STAT_ALLOCATION, "Allocations", false},
    {CG_STAT_ACTIVE, "Active allocs", false},
    {CG_STAT_SEGMENT, "%s reserved segments", false},
    {CG_STAT_INACTIVE_SPLIT, "Non-releasable allocs", false},
};
#define NGROUPS (sizeof GROUPS / sizeof GROUPS[0])

static const char *const POOL_LABELS[CG_POOL_COUNT] = {NULL, "      from large pool", "      from small pool"};

/* One row's label and its four formatted cells (ref: the group's first row). */
typedef struct {
    char label[32];
    char cell[4][32];
} row;

static void format_row(row *r, const cg_stat *s, const cg_stat *ref, bool bytes) {
    const int64_t v[4] = {s->current, s->peak, s->allocated, s->freed};
    const int64_t rv[4] = {ref->current, ref->peak, ref->allocated, ref->freed};
    for (int i = 0; i < 4; i++)
        (bytes ? cg_memory_format_size : cg_memory_format_count)(v[i], rv[i], r->cell[i]);
}

static const char *device_word(cg_device d) { return d.type == CG_CUDA ? "GPU" : "CPU"; }

/* The rows of group g: the "all" row, then the pools unless abbreviated. */
static int group_rows(const cg_device_stats *s, const group *g, cg_device d, bool abbreviated, row out[3]) {
    int n = abbreviated ? 1 : CG_POOL_COUNT;
    const cg_stat *all = &s->stat[g->family][CG_POOL_ALL];
    for (int p = 0; p < n; p++) {
        if (p == CG_POOL_ALL)
            snprintf(out[p].label, sizeof out[p].label, g->label, device_word(d));
        else
            snprintf(out[p].label, sizeof out[p].label, "%s", POOL_LABELS[p]);
        format_row(&out[p], &s->stat[g->family][p], all, g->bytes);
    }
    return n;
}

/* The oversize rows: each its own reference. */
static void oversize_rows(const cg_device_stats *s, cg_device d, row out[2]) {
    snprintf(out[0].label, sizeof out[0].label, "Oversize allocations");
    format_row(&out[0], &s->oversize_allocations, &s->oversize_allocations, false);
    snprintf(out[1].label, sizeof out[1].label, "Oversize %s segments", device_word(d));
    format_row(&out[1], &s->oversize_segments, &s->oversize_segments, false);
}

/* ---- text ------------------------------------------------------------------------- */

static void line(cg_strbuf *b, char fill) {
    cg_strbuf_puts(b, "|");
    cg_strbuf_repeat(b, fill, WIDTH);
    cg_strbuf_puts(b, "|\n");
}

static void text_row(cg_strbuf *b, const row *r) {
    cg_strbuf_printf(b, "| %-21s | %s | %s | %s | %s |\n", r->label, r->cell[0], r->cell[1], r->cell[2], r->cell[3]);
}

static void text_header(cg_strbuf *b, const cg_device_stats *s, cg_device d) {
    int index = d.index < 0 ? 0 : d.index;
    line(b, '=');
    if (d.type == CG_CUDA) {
        cg_strbuf_printf(b, "| %16s PyTorch CUDA memory summary, device ID %-17d |\n", "", index);
        line(b, '-');
        cg_strbuf_printf(b, "|  %9s CUDA OOMs: %-12lld | %6s cudaMalloc retries: %-8lld  |\n", "",
                         (long long)s->num_ooms, "", (long long)s->num_alloc_retries);
    } else {
        cg_strbuf_printf(b, "| %16s cgrad CPU memory summary%-33s|\n", "", "");
        line(b, '-');
        cg_strbuf_printf(b, "|  %9s CPU OOMs: %-13lld | %6s malloc retries: %-12lld  |\n", "", (long long)s->num_ooms,
                         "", (long long)s->num_alloc_retries);
    }
    line(b, '=');
    cg_strbuf_puts(b, "|        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  |\n");
}

char *cg_memory_summary_text(const cg_device_stats *s, cg_device d, bool abbreviated) {
    cg_strbuf b = CG_STRBUF_INIT;
    text_header(&b, s, d);
    row rows[3];
    for (size_t g = 0; g < NGROUPS; g++) {
        line(&b, '-');
        int n = group_rows(s, &GROUPS[g], d, abbreviated, rows);
        for (int i = 0; i < n; i++)
            text_row(&b, &rows[i]);
    }
    oversize_rows(s, d, rows);
    for (int i = 0; i < 2; i++) {
        line(&b, '-');
        text_row(&b, &rows[i]);
    }
    line(&b, '=');
    return cg_strbuf_take(&b);
}

/* ---- HTML ------------------------------------------------------------------------- */

/* Theme colours with fallbacks for front ends without JupyterLab's
 * variables: text inherits, rules are a translucent grey. */
#define FG "var(--jp-content-font-color1, inherit)"
#define FG_MUTED "var(--jp-content-font-color2, inherit)"
#define RULE "var(--jp-border-color2, rgba(127, 127, 127, 0.4))"
#define CELL "padding: 1px 8px; text-align: right; white-space: pre; font-family: var(--jp-code-font-family, monospace)"

/* A cell's text without the padding the text table needs. */
static void html_cell(cg_strbuf *b, const char *text) {
    while (*text == ' ')
        text++;
    size_t n = strlen(text);
    while (n && text[n - 1] == ' ')
        n--;
    cg_strbuf_puts(b, "<td style=\"" CELL "\">");
    cg_strbuf_append(b, text, n);
    cg_strbuf_puts(b, "</td>");
}

static void html_row(cg_strbuf *b, const row *r, bool first) {
    const char *label = r->label;
    while (*label == ' ')
        label++;
    cg_strbuf_printf(b, "<tr style=\"%s\"><td style=\"padding: 1px 8px; text-align: left; %s\">%s</td>",
                     first ? "border-top: 1px solid " RULE : "",
                     first ? "font-weight: bold" : "padding-left: 24px; color: " FG_MUTED, label);
    for (int i = 0; i < 4; i++)
        html_cell(b, r->cell[i]);
    cg_strbuf_puts(b, "</tr>\n");
}

static void html_caption(cg_strbuf *b, const cg_device_stats *s, cg_device d) {
    int index = d.index < 0 ? 0 : d.index;
    if (d.type == CG_CUDA)
        cg_strbuf_printf(b,
                         "<caption style=\"text-align: left; padding: 4px 8px; color: " FG "\"><b>PyTorch CUDA memory "
                         "summary, device ID %d</b> &#183; CUDA OOMs: %lld &#183; cudaMalloc retries: %lld"
                         "</caption>\n",
                         index, (long long)s->num_ooms, (long long)s->num_alloc_retries);
    else
        cg_strbuf_printf(b,
                         "<caption style=\"text-align: left; padding: 4px 8px; color: " FG "\"><b>cgrad CPU memory "
                         "summary</b> &#183; CPU OOMs: %lld &#183; malloc retries: %lld</caption>\n",
                         (long long)s->num_ooms, (long long)s->num_alloc_retries);
}

char *cg_memory_summary_html(const cg_device_stats *s, cg_device d, bool abbreviated) {
    cg_strbuf b = CG_STRBUF_INIT;
    cg_strbuf_puts(&b, "<table class=\"cgrad-memory-summary\" style=\"border-collapse: collapse; color: " FG
                       "; background: transparent; font-size: var(--jp-code-font-size, 12px)\">\n");
    html_caption(&b, s, d);
    cg_strbuf_puts(&b, "<thead><tr style=\"border-bottom: 2px solid " RULE "\">");
    static const char *const heads[] = {"Metric", "Cur Usage", "Peak Usage", "Tot Alloc", "Tot Freed"};
    for (int i = 0; i < 5; i++)
        cg_strbuf_printf(&b, "<th style=\"padding: 2px 8px; text-align: %s\">%s</th>", i ? "right" : "left", heads[i]);
    cg_strbuf_puts(&b, "</tr></thead>\n<tbody>\n");
    row rows[3];
    for (size_t g = 0; g < NGROUPS; g++) {
        int n = group_rows(s, &GROUPS[g], d, abbreviated, rows);
        for (int i = 0; i < n; i++)
            html_row(&b, &rows[i], i == 0);
    }
    oversize_rows(s, d, rows);
    for (int i = 0; i < 2; i++)
        html_row(&b, &rows[i], true);
    cg_strbuf_puts(&b, "</tbody>\n</table>\n");
    return cg_strbuf_take(&b);
}
