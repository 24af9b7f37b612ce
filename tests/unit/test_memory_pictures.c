/* test_memory_pictures.c: display/memory_segments and memory_timeline, and
 * the CPU allocator's snapshot that feeds them without a GPU.
 *
 * The SVGs are parsed as XML (libxml2) and read as a reader would: how
 * many segments and blocks of each state, the rounding-waste slivers, the
 * labels with their sizes, the legend; for the timeline the cell marks,
 * the byte units of the ticks and the peak the replay reaches, also when
 * the ring buffer lost the oldest events. */
#include <criterion/criterion.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <stdlib.h>
#include <string.h>

#include "device.h"
#include "memory_segments.h"
#include "memory_timeline.h"
#include "svg_query.h"
#include "tensor.h"

#define MIB ((int64_t)1 << 20)

/* ---- reading SVG -------------------------------------------------------------------------- */

static xmlDocPtr parse(char *svg) {
    cr_assert(svg, "no SVG: %s", cg_error_message());
    xmlDocPtr doc = xmlReadMemory(svg, (int)strlen(svg), "memory.svg", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
    cr_assert(doc, "the SVG is not well-formed XML:\n%.3000s", svg);
    free(svg);
    return doc;
}

static double num_attr(xmlDocPtr doc, const char *xpath, const char *name) {
    xmlXPathObjectPtr r = svg_select(doc, xpath);
    cr_assert(r->nodesetval && r->nodesetval->nodeNr > 0, "nothing at %s", xpath);
    xmlChar *v = xmlGetProp(r->nodesetval->nodeTab[0], BAD_CAST name);
    double d = atof((const char *)v);
    xmlFree(v);
    xmlXPathFreeObject(r);
    return d;
}

/* ---- a snapshot by hand ------------------------------------------------------------------- */

static cg_snapshot_block small_blocks[] = {
    {0x1000, 1 * MIB, 1 * MIB - 100, CG_BLOCK_ACTIVE_ALLOCATED},
    {0x1000 + 1 * MIB, 1 * MIB, 0, CG_BLOCK_INACTIVE},
};
static cg_snapshot_block large_blocks[] = {
    {0x40000000, 8 * MIB, 8 * MIB, CG_BLOCK_ACTIVE_ALLOCATED},
    {0x40000000 + 8 * MIB, 2 * MIB, 2 * MIB - 512, CG_BLOCK_ACTIVE_PENDING_FREE},
    {0x40000000 + 10 * MIB, 10 * MIB, 0, CG_BLOCK_INACTIVE},
};
static cg_snapshot_block summary_block[] = {{0, 48 << 10, 48 << 10, CG_BLOCK_ACTIVE_ALLOCATED}};

static cg_memory_snapshot sample(cg_snapshot_segment *segs) {
    segs[0] = (cg_snapshot_segment){0, 0, 64 << 10, 48 << 10, 48 << 10, 48 << 10, 0, true, 1, summary_block};
    segs[1] = (cg_snapshot_segment){0, 0x1000, 2 * MIB, 1 * MIB, 1 * MIB, 1 * MIB - 100, 0, true, 2, small_blocks};
    segs[2] =
        (cg_snapshot_segment){0, 0x40000000, 20 * MIB, 8 * MIB, 10 * MIB, 10 * MIB - 512, 0, false, 3, large_blocks};
    return (cg_memory_snapshot){3, segs};
}

Test(memory_segments, every_segment_and_block_is_drawn_by_state) {
    cg_snapshot_segment segs[3];
    cg_memory_snapshot s = sample(segs);
    xmlDocPtr doc = parse(cg_memory_segments_svg(&s, NULL));
    cr_expect_eq(svg_count(doc, "//s:g[@class='segment']"), 3);
    cr_expect_eq(svg_count(doc, "//s:rect[@class='segment-frame']"), 3);
    cr_expect_eq(svg_count(doc, "//s:rect[@class='block allocated']"), 3);
    cr_expect_eq(svg_count(doc, "//s:rect[@class='block pending']"), 1);
    cr_expect_eq(svg_count(doc, "//s:rect[@class='block inactive']"), 2);
    /* the 100 bytes of the small block, the 512 of the pending one */
    cr_expect_eq(svg_count(doc, "//s:rect[@class='waste']"), 2);
    cr_expect_eq(svg_count(doc, "//s:g[@class='legend-entry']"), 4);
    char buf[1024];
    svg_texts(doc, "//s:g[@class='legend-entry']/s:text", buf, sizeof buf);
    cr_expect_str_eq(buf, "allocated|rounding waste|freed, pending|cached, free");
    svg_texts(doc, "//s:text[@class='header']", buf, sizeof buf);
    cr_expect_str_eq(buf, "3 segments: 9.05 MiB allocated / 22.1 MiB reserved");
    /* largest first, the bar lengths in proportion */
    svg_texts(doc, "//s:text[@class='segment-label']", buf, sizeof buf);
    cr_expect_str_eq(buf, "20.0 MiB segment, 8.00 MiB allocated|2.00 MiB segment, 1.00 MiB allocated|small blocks: "
                          "48.0 KiB");
    double w0 = num_attr(doc, "(//s:rect[@class='segment-frame'])[1]", "width");
    double w1 = num_attr(doc, "(//s:rect[@class='segment-frame'])[2]", "width");
    cr_expect_float_eq(w1 / w0, 0.1, 1e-3);
    /* each state its own colour, the legend's */
    const char *states[] = {"block allocated", "block pending", "block inactive", "waste"};
    char *fills[4];
    for (int i = 0; i < 4; i++) {
        char xpath[96];
        snprintf(xpath, sizeof xpath, "//s:rect[@class='%s']", states[i]);
        fills[i] = svg_attr(doc, xpath, "fill");
        snprintf(xpath, sizeof xpath, "(//s:g[@class='legend-entry']/s:rect)[%d]", i == 3 ? 2 : i == 0 ? 1 : i + 2);
        char *legend_fill = svg_attr(doc, xpath, "fill");
        cr_expect_str_eq(fills[i], legend_fill, "%s", states[i]);
        free(legend_fill);
        for (int j = 0; j < i; j++)
            cr_expect_str_neq(fills[i], fills[j]);
    }
    for (int i = 0; i < 4; i++)
        free(fills[i]);
    xmlFreeDoc(doc);
}

Test(memory_segments, rows_by_address_and_a_limit_with_the_rest_counted) {
    cg_snapshot_segment segs[3];
    cg_memory_snapshot s = sample(segs);
    xmlDocPtr doc = parse(cg_memory_segments_svg(&s, &(cg_memory_segments_options){true, 2}));
    cr_expect_eq(svg_count(doc, "//s:g[@class='segment']"), 2);
    char buf[512];
    svg_texts(doc, "//s:text[@class='segment-label']", buf, sizeof buf);
    cr_expect_str_eq(buf, "small blocks: 48.0 KiB|2.00 MiB segment, 1.00 MiB allocated");
    svg_texts(doc, "//s:text[@class='note']", buf, sizeof buf);
    cr_expect_str_eq(buf, "and 1 more segment (20.0 MiB)");
    xmlFreeDoc(doc);
}

Test(memory_segments, an_empty_snapshot_says_so) {
    cg_memory_snapshot s = {0, NULL};
    xmlDocPtr doc = parse(cg_memory_segments_svg(&s, NULL));
    char buf[256];
    svg_texts(doc, "//s:text[@class='note']", buf, sizeof buf);
    cr_expect_str_eq(buf, "No memory is reserved.");
    cr_expect_eq(svg_count(doc, "//s:g[@class='segment']"), 0);
    xmlFreeDoc(doc);
}

/* ---- timeline ----------------------------------------------------------------------------- */

static int32_t now_cell;
static void where_hook(cg_trace_where *out) { *out = (cg_trace_where){now_cell, 1}; }

/* Cell 1 reserves and fills 4 MiB; cell 2 adds a 1 MiB tensor and frees
 * the first, giving its segment back: 5 MiB at the peak, 1 MiB at the end. */
static void two_cells(cg_trace *t) {
    cg_trace_set_where(where_hook);
    now_cell = 1;
    cg_trace_record(t, CG_TRACE_SEGMENT_ALLOC, 0x1000, 4 * MIB, 0);
    cg_trace_record(t, CG_TRACE_ALLOC, 0x1000, 4 * MIB, 0);
    now_cell = 2;
    cg_trace_record(t, CG_TRACE_SEGMENT_ALLOC, 0x900000, 1 * MIB, 0);
    cg_trace_record(t, CG_TRACE_ALLOC, 0x900000, 1 * MIB, 0);
    cg_trace_record(t, CG_TRACE_FREE_REQUESTED, 0x1000, 4 * MIB, 0);
    cg_trace_record(t, CG_TRACE_FREE_COMPLETED, 0x1000, 4 * MIB, 0);
    cg_trace_record(t, CG_TRACE_SEGMENT_FREE, 0x1000, 4 * MIB, 0);
    cg_trace_set_where(NULL);
}

static int h_steps(xmlDocPtr doc, const char *cls) {
    char xpath[128];
    snprintf(xpath, sizeof xpath, "//s:path[@class='%s']", cls);
    xmlXPathObjectPtr r = svg_select(doc, xpath);
    cr_assert(r->nodesetval && r->nodesetval->nodeNr == 1);
    xmlChar *d = xmlGetProp(r->nodesetval->nodeTab[0], BAD_CAST "d");
    int n = 0;
    for (const xmlChar *p = d; *p; p++)
        n += *p == 'H';
    xmlFree(d);
    xmlXPathFreeObject(r);
    return n;
}

Test(memory_timeline, cells_are_marked_and_bytes_have_binary_units) {
    cg_trace t = {0};
    cr_assert_eq(cg_trace_enable(&t, 100), 0);
    two_cells(&t);
    xmlDocPtr doc = parse(cg_memory_timeline_svg(&t, 1 * MIB, 1 * MIB));
    cr_expect_eq(svg_count(doc, "//s:g[@class='cell-boundary']"), 2);
    char buf[1024];
    svg_texts(doc, "//s:text[@class='cell-label']", buf, sizeof buf);
    cr_expect_str_eq(buf, "[1]|[2]");
    svg_texts(doc, "//s:g[@class='y-tick']/s:text", buf, sizeof buf);
    cr_expect_str_eq(buf, "0 MiB|2 MiB|4 MiB");
    svg_texts(doc, "//s:g[@class='legend']", buf, sizeof buf);
    cr_expect(strstr(buf, "allocated: now 1.00 MiB, peak 5.00 MiB"), "%s", buf);
    cr_expect(strstr(buf, "reserved: now 1.00 MiB, peak 5.00 MiB"), "%s", buf);
    cr_expect_eq(h_steps(doc, "reserved-line"), 7); /* a step per event */
    xmlFreeDoc(doc);
    cg_trace_disable(&t);
}

Test(memory_timeline, a_wrapped_ring_starts_from_the_totals_it_implies) {
    cg_trace t = {0};
    cr_assert_eq(cg_trace_enable(&t, 3), 0);
    two_cells(&t); /* keeps the free, its completion and the segment's release */
    xmlDocPtr doc = parse(cg_memory_timeline_svg(&t, 1 * MIB, 1 * MIB));
    char buf[1024];
    svg_texts(doc, "//s:g[@class='legend']", buf, sizeof buf);
    cr_expect(strstr(buf, "allocated: now 1.00 MiB, peak 5.00 MiB"), "%s", buf);
    cr_expect(strstr(buf, "reserved: now 1.00 MiB, peak 5.00 MiB"), "%s", buf);
    cr_expect_eq(svg_count(doc, "//s:g[@class='cell-boundary']"), 1);
    xmlFreeDoc(doc);
    cg_trace_disable(&t);
}

Test(memory_timeline, a_long_trace_is_drawn_in_bounded_steps) {
    cg_trace t = {0};
    cr_assert_eq(cg_trace_enable(&t, 20000), 0);
    for (int i = 0; i < 10000; i++)
        cg_trace_record(&t, i % 2 ? CG_TRACE_FREE_REQUESTED : CG_TRACE_ALLOC, 0x1000, 3 << 10, 0);
    xmlDocPtr doc = parse(cg_memory_timeline_svg(&t, 0, 0));
    cr_expect_leq(h_steps(doc, "allocated-line"), 1500);
    char buf[256];
    svg_texts(doc, "//s:g[@class='legend']", buf, sizeof buf);
    cr_expect(strstr(buf, "allocated: now 0 B, peak 3.00 KiB"), "%s", buf); /* the peaks survive the thinning */
    xmlFreeDoc(doc);
    cg_trace_disable(&t);
}

Test(memory_timeline, no_events_says_so) {
    cg_trace t = {0};
    xmlDocPtr doc = parse(cg_memory_timeline_svg(&t, 0, 0));
    char buf[256];
    svg_texts(doc, "//s:text[@class='note']", buf, sizeof buf);
    cr_expect_str_eq(buf, "No memory events recorded yet.");
    xmlFreeDoc(doc);
}

/* ---- the CPU allocator's snapshot --------------------------------------------------------- */

static const cg_snapshot_segment *segment_at(const cg_memory_snapshot *s, const void *p) {
    for (int i = 0; i < s->nsegments; i++)
        if (s->segments[i].address == (uintptr_t)p)
            return &s->segments[i];
    return NULL;
}

Test(cpu_memory, snapshot_lists_large_blocks_and_the_cache) {
    const cg_memory_ops *ops = cg_backend_get(CG_CPU)->memory;
    cr_assert(ops->snapshot);
    cg_tensor *big = cg_tensor_empty(1, (int64_t[]){MIB}, CG_F32, cg_device_cpu()); /* 4 MiB */
    cg_tensor *small = cg_tensor_empty(1, (int64_t[]){100}, CG_F32, cg_device_cpu());
    cr_assert(big && small);
    void *p = big->storage->data;
    cg_memory_snapshot s;
    cr_assert_eq(ops->snapshot(0, &s), 0);
    const cg_snapshot_segment *seg = segment_at(&s, p);
    cr_assert(seg, "the 4 MiB block is not in the snapshot");
    cr_expect_eq(seg->total_size, 4 * MIB);
    cr_expect_eq(seg->allocated_size, 4 * MIB);
    cr_expect_eq(seg->nblocks, 1);
    cr_expect_eq(seg->blocks[0].state, CG_BLOCK_ACTIVE_ALLOCATED);
    const cg_snapshot_segment *rest = segment_at(&s, NULL);
    cr_assert(rest, "no segment for the small blocks");
    cr_expect(rest->is_small);
    cr_expect_geq(rest->allocated_size, 400);
    for (int i = 1; i < s.nsegments; i++)
        cr_expect_lt(s.segments[i - 1].address, s.segments[i].address);
    cg_memory_snapshot_free(&s);

    cg_tensor_release(big); /* kept in the cache: reserved, free */
    cr_assert_eq(ops->snapshot(0, &s), 0);
    seg = segment_at(&s, p);
    cr_assert(seg);
    cr_expect_eq(seg->allocated_size, 0);
    cr_expect_eq(seg->blocks[0].state, CG_BLOCK_INACTIVE);
    cg_memory_snapshot_free(&s);

    ops->empty_cache(0);
    cr_assert_eq(ops->snapshot(0, &s), 0);
    cr_expect_null(segment_at(&s, p));
    cg_memory_snapshot_free(&s);
    cg_tensor_release(small);
}

Test(cpu_memory, many_large_blocks_come_and_go_from_the_registry) {
    const cg_memory_ops *ops = cg_backend_get(CG_CPU)->memory;
    enum { N = 300 };
    cg_tensor *t[N];
    for (int i = 0; i < N; i++)
        cr_assert(t[i] = cg_tensor_empty(1, (int64_t[]){(1 << 18) + 64 * i}, CG_F32, cg_device_cpu()));
    for (int i = 0; i < N; i += 2)
        cg_tensor_release(t[i]);
    cg_memory_snapshot s;
    cr_assert_eq(ops->snapshot(0, &s), 0);
    for (int i = 0; i < N; i++) {
        const cg_snapshot_segment *seg = segment_at(&s, i % 2 ? t[i]->storage->data : NULL);
        if (i % 2)
            cr_expect(seg && seg->allocated_size == ((1 << 18) + 64 * i) * 4, "block %d", i);
    }
    cg_memory_snapshot_free(&s);
    for (int i = 1; i < N; i += 2)
        cg_tensor_release(t[i]);
}

Test(cpu_memory, mem_get_info_is_the_hosts_free_and_total) {
    int64_t free_b = 0, total = 0;
    cr_assert_eq(cg_backend_get(CG_CPU)->memory->mem_get_info(0, &free_b, &total), 0);
    cr_expect_gt(total, 0);
    cr_expect_gt(free_b, 0);
    cr_expect_leq(free_b, total);
}
