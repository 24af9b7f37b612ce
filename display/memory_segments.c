/* memory_segments.c: a snapshot's segments and blocks as SVG, see
 * memory_segments.h.
 *
 * Layout: a header line with the totals, a legend, then one row per
 * segment: a frame as long as the segment (the largest fills BAR_W), its
 * blocks at their offsets inside, and a label to the right. Every drawn
 * element carries a class naming what it is ("segment", "block allocated",
 * "waste", ...), which the tests and a reader's style sheet can select. */
#include "memory_segments.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory_summary.h"
#include "strbuf.h"

#define PAD 10
#define BAR_W 460.0
#define LABEL_W 270
#define ROW_H 22
#define BAR_H 14
#define TOP 52 /* header and legend */
#define WIDTH (PAD + (int)BAR_W + 12 + LABEL_W)

/* Mid-tone fills that read on white and on JupyterLab's dark grey. */
#define C_ALLOCATED "#4c78a8"
#define C_PENDING "#f58518"
#define C_INACTIVE "#9d9d9d"
#define C_WASTE "#e45756"

static const struct {
    const char *cls, *fill, *label;
    double opacity;
} KINDS[] = {
    {"allocated", C_ALLOCATED, "allocated", 1.0},
    {"waste", C_WASTE, "rounding waste", 1.0},
    {"pending", C_PENDING, "freed, pending", 1.0},
    {"inactive", C_INACTIVE, "cached, free", 0.45},
};

static const char *state_class(cg_block_state s) {
    return s == CG_BLOCK_ACTIVE_ALLOCATED ? "allocated" : s == CG_BLOCK_ACTIVE_PENDING_FREE ? "pending" : "inactive";
}

static int kind_of(const char *cls) {
    for (int i = 0; i < 4; i++)
        if (!strcmp(KINDS[i].cls, cls))
            return i;
    return 0;
}

static void size_str(int64_t n, char *out) { cg_memory_format_bytes(n, out, 32); }

/* ---- rows ----------------------------------------------------------------------------- */

typedef struct {
    const cg_snapshot_segment **rows;
    int nrows, nshown;
    int64_t largest;
} layout;

static int by_size_desc(const void *a, const void *b) {
    const cg_snapshot_segment *x = *(const cg_snapshot_segment *const *)a, *y = *(const cg_snapshot_segment *const *)b;
    if (x->total_size != y->total_size)
        return x->total_size > y->total_size ? -1 : 1;
    return x->address < y->address ? -1 : x->address > y->address;
}

static double px(const layout *l, int64_t bytes) { return l->largest ? (double)bytes / (double)l->largest * BAR_W : 0; }

/* A block or waste rect of the given kind ("allocated", "waste", ...). */
static void rect(cg_strbuf *b, const char *cls, const char *kind, double x, double y, double w, double h,
                 const char *title) {
    const char *fill = KINDS[kind_of(kind)].fill;
    double op = KINDS[kind_of(kind)].opacity;
    cg_strbuf_printf(b, "<rect class=\"%s\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\"", cls, x,
                     y, w < 0.5 ? 0.5 : w, h, fill);
    if (op < 1)
        cg_strbuf_printf(b, " fill-opacity=\"%.2f\"", op);
    cg_strbuf_printf(b, "><title>%s</title></rect>\n", title);
}

static void draw_block(cg_strbuf *b, const layout *l, const cg_snapshot_segment *seg, const cg_snapshot_block *blk,
                       double y) {
    double x = PAD + px(l, (int64_t)(blk->address - seg->address)), w = px(l, blk->size);
    char size[32], req[32], title[160];
    size_str(blk->size, size);
    const char *cls = state_class(blk->state);
    if (blk->state == CG_BLOCK_INACTIVE)
        snprintf(title, sizeof title, "b%" PRIx64 ": %s cached, free", blk->address, size);
    else {
        size_str(blk->requested_size, req);
        snprintf(title, sizeof title, "b%" PRIx64 ": %s %s (requested %s)%s", blk->address, size,
                 seg->address ? "allocation" : "in small blocks", req,
                 blk->state == CG_BLOCK_ACTIVE_PENDING_FREE ? ", freed, waiting on a stream" : "");
    }
    char full[200];
    snprintf(full, sizeof full, "block %s", cls);
    rect(b, full, cls, x, y, w, BAR_H, title);
    int64_t waste = blk->state == CG_BLOCK_INACTIVE ? 0 : blk->size - blk->requested_size;
    if (waste > 0) {
        char ws[32];
        size_str(waste, ws);
        snprintf(title, sizeof title, "%s of rounding waste in b%" PRIx64, ws, blk->address);
        double ww = px(l, waste);
        rect(b, "waste", "waste", x + w - (ww < 0.5 ? 0.5 : ww), y, ww, BAR_H, title);
    }
}

static void draw_segment(cg_strbuf *b, const layout *l, const cg_snapshot_segment *seg, int row) {
    double y = TOP + row * ROW_H, w = px(l, seg->total_size);
    char total[32], alloc[32], title[200];
    size_str(seg->total_size, total);
    size_str(seg->allocated_size, alloc);
    if (seg->address)
        snprintf(title, sizeof title, "s%" PRIx64 ": %s segment (%s pool, stream %" PRId64 "), %s allocated",
                 seg->address, total, seg->is_small ? "small" : "large", seg->stream, alloc);
    else
        snprintf(title, sizeof title, "small blocks, not listed one by one: %s in use of %s", alloc, total);
    cg_strbuf_printf(b, "<g class=\"segment\"><title>%s</title>\n", title);
    cg_strbuf_printf(b,
                     "<rect class=\"segment-frame\" x=\"%d\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"none\" "
                     "stroke=\"currentColor\" stroke-opacity=\"0.6\"/>\n",
                     PAD, (int)y, w < 0.5 ? 0.5 : w, BAR_H);
    for (int i = 0; i < seg->nblocks; i++)
        draw_block(b, l, seg, &seg->blocks[i], y);
    if (seg->address)
        cg_strbuf_printf(b, "<text class=\"segment-label\" x=\"%d\" y=\"%d\">%s segment, %s allocated</text>\n",
                         PAD + (int)BAR_W + 12, (int)y + BAR_H - 3, total, alloc);
    else
        cg_strbuf_printf(b, "<text class=\"segment-label\" x=\"%d\" y=\"%d\">small blocks: %s</text>\n",
                         PAD + (int)BAR_W + 12, (int)y + BAR_H - 3, alloc);
    cg_strbuf_puts(b, "</g>\n");
}

/* ---- header, legend ------------------------------------------------------------------- */

static void header(cg_strbuf *b, const cg_memory_snapshot *s) {
    int64_t reserved = 0, allocated = 0;
    for (int i = 0; i < s->nsegments; i++)
        reserved += s->segments[i].total_size, allocated += s->segments[i].allocated_size;
    char r[32], a[32];
    size_str(reserved, r);
    size_str(allocated, a);
    cg_strbuf_printf(b,
                     "<text class=\"header\" x=\"%d\" y=\"16\" font-weight=\"bold\">%d segment%s: %s allocated / "
                     "%s reserved</text>\n",
                     PAD, s->nsegments, s->nsegments == 1 ? "" : "s", a, r);
}

static void legend(cg_strbuf *b) {
    int x = PAD;
    for (int i = 0; i < 4; i++) {
        cg_strbuf_printf(b, "<g class=\"legend-entry\"><rect x=\"%d\" y=\"26\" width=\"12\" height=\"12\" fill=\"%s\"",
                         x, KINDS[i].fill);
        if (KINDS[i].opacity < 1)
            cg_strbuf_printf(b, " fill-opacity=\"%.2f\"", KINDS[i].opacity);
        cg_strbuf_printf(b, "/><text x=\"%d\" y=\"36\">%s</text></g>\n", x + 16, KINDS[i].label);
        x += 16 + 8 * (int)strlen(KINDS[i].label) + 16;
    }
}

char *cg_memory_segments_svg(const cg_memory_snapshot *s, const cg_memory_segments_options *o) {
    int max_rows = o && o->max_rows > 0 ? o->max_rows : 40;
    layout l = {calloc((size_t)s->nsegments + 1, sizeof *l.rows), s->nsegments, 0, 0};
    if (!l.rows) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
        return NULL;
    }
    for (int i = 0; i < s->nsegments; i++) {
        l.rows[i] = &s->segments[i];
        if (s->segments[i].total_size > l.largest)
            l.largest = s->segments[i].total_size;
    }
    if (!(o && o->by_address))
        qsort(l.rows, (size_t)l.nrows, sizeof *l.rows, by_size_desc);
    l.nshown = l.nrows < max_rows ? l.nrows : max_rows;
    int height = TOP + (l.nshown + (l.nrows > l.nshown || l.nrows == 0 ? 1 : 0)) * ROW_H + PAD;
    cg_strbuf b = CG_STRBUF_INIT;
    cg_strbuf_printf(&b,
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"cgrad-memory-segments\" width=\"%d\" "
                     "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\" "
                     "fill=\"currentColor\">\n",
                     WIDTH, height, WIDTH, height);
    header(&b, s);
    legend(&b);
    for (int i = 0; i < l.nshown; i++)
        draw_segment(&b, &l, l.rows[i], i);
    if (l.nrows == 0)
        cg_strbuf_printf(&b, "<text class=\"note\" x=\"%d\" y=\"%d\">No memory is reserved.</text>\n", PAD, TOP + 12);
    else if (l.nrows > l.nshown) {
        int64_t rest = 0;
        for (int i = l.nshown; i < l.nrows; i++)
            rest += l.rows[i]->total_size;
        char r[32];
        size_str(rest, r);
        cg_strbuf_printf(&b, "<text class=\"note\" x=\"%d\" y=\"%d\">and %d more segment%s (%s)</text>\n", PAD,
                         TOP + l.nshown * ROW_H + 12, l.nrows - l.nshown, l.nrows - l.nshown == 1 ? "" : "s", r);
    }
    cg_strbuf_puts(&b, "</svg>\n");
    free(l.rows);
    return cg_strbuf_take(&b);
}
