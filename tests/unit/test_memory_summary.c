/* test_memory_summary.c: display/memory_summary against PyTorch 2.x.
 *
 * tests/fixtures/memory_summary/expected.json holds what PyTorch's own
 * memory_summary() printed for a corpus of statistics (gen.py beside it):
 * zeros, the reference sample of shared/reference/cuda_display.md, every
 * unit's 768 boundary and count promotions, abbreviated tables, device ids,
 * counters wider than their columns. Each is rebuilt as cg_device_stats
 * and the text compared exactly. The CPU wording and the HTML table are
 * checked for what a reader sees: the width, the labels, the values. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <stdlib.h>
#include <string.h>

#include "memory_summary.h"

#define FIXTURE "tests/fixtures/memory_summary/expected.json"

static json_t *load_fixture(void) {
    json_error_t err;
    json_t *root = json_load_file(FIXTURE, 0, &err);
    cr_assert(root, "cannot read %s: %s (line %d)", FIXTURE, err.text, err.line);
    return root;
}

static cg_stat json_stat(json_t *o) {
    return (cg_stat){json_integer_value(json_object_get(o, "current")), json_integer_value(json_object_get(o, "peak")),
                     json_integer_value(json_object_get(o, "allocated")),
                     json_integer_value(json_object_get(o, "freed"))};
}

/* memory_stats_as_nested_dict()'s shape, back into the C struct. */
static cg_device_stats stats_of(json_t *nested) {
    cg_device_stats s = {0};
    for (int f = 0; f < CG_STAT_FAMILY_COUNT; f++) {
        json_t *fam = json_object_get(nested, cg_stat_family_name(f));
        cr_assert(fam, "no family %s", cg_stat_family_name(f));
        for (int p = 0; p < CG_POOL_COUNT; p++)
            s.stat[f][p] = json_stat(json_object_get(fam, cg_pool_kind_name(p)));
    }
    s.oversize_allocations = json_stat(json_object_get(nested, "oversize_allocations"));
    s.oversize_segments = json_stat(json_object_get(nested, "oversize_segments"));
    s.num_ooms = json_integer_value(json_object_get(nested, "num_ooms"));
    s.num_alloc_retries = json_integer_value(json_object_get(nested, "num_alloc_retries"));
    s.max_split_size = json_integer_value(json_object_get(nested, "max_split_size"));
    return s;
}

Test(memory_summary, text_is_pytorchs_for_every_fixture) {
    json_t *root = load_fixture(), *c;
    size_t i;
    int checked = 0;
    json_array_foreach(json_object_get(root, "cases"), i, c) {
        cg_device_stats s = stats_of(json_object_get(c, "stats"));
        cg_device d = {CG_CUDA, (int)json_integer_value(json_object_get(c, "device"))};
        char *text = cg_memory_summary_text(&s, d, json_is_true(json_object_get(c, "abbreviated")));
        cr_assert(text);
        cr_expect_str_eq(text, json_string_value(json_object_get(c, "text")), "case %s",
                         json_string_value(json_object_get(c, "name")));
        free(text);
        checked++;
    }
    cr_assert_geq(checked, 8);
    json_decref(root);
}

Test(memory_summary, size_units_switch_at_768_of_the_unit) {
    char out[32];
    cg_memory_format_size(786431, 786431, out);
    cr_assert_str_eq(out, "786431 B  ");
    cg_memory_format_size(786432, 786432, out);
    cr_assert_str_eq(out, "   768 KiB");
    cg_memory_format_size(30 << 20, 30 << 20, out);
    cr_assert_str_eq(out, " 30720 KiB");
    cg_memory_format_size((int64_t)1 << 30, (int64_t)1 << 30, out);
    cr_assert_str_eq(out, "  1024 MiB");
    /* a pool row follows its group's unit, whatever its own size */
    cg_memory_format_size(1000, (int64_t)1 << 30, out);
    cr_assert_str_eq(out, "     0 MiB");
    cg_memory_format_count(750000, 750000, out);
    cr_assert_str_eq(out, "    750 K ");
    cg_memory_format_count(749999, 749999, out);
    cr_assert_str_eq(out, " 749999   ");
}

Test(memory_summary, label_sizes_read_as_people_write_them) {
    char out[32];
    cg_memory_format_bytes(512, out, sizeof out);
    cr_assert_str_eq(out, "512 B");
    cg_memory_format_bytes(1536, out, sizeof out);
    cr_assert_str_eq(out, "1.50 KiB");
    cg_memory_format_bytes((int64_t)30 << 20, out, sizeof out);
    cr_assert_str_eq(out, "30.0 MiB");
    cg_memory_format_bytes((int64_t)200 << 30, out, sizeof out);
    cr_assert_str_eq(out, "200 GiB");
}

/* Every line of the table is 75 columns between its bars. */
static void expect_width(const char *text) {
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        cr_assert(nl);
        cr_expect_eq(nl - p, 77, "line of %d: %.*s", (int)(nl - p), (int)(nl - p), p);
        p = nl + 1;
    }
}

Test(memory_summary, cpu_table_has_the_same_layout_in_cpu_words) {
    cg_device_stats s = {0};
    cg_device_stats_increase(&s, CG_STAT_ALLOCATED_BYTES, CG_POOL_LARGE, 4 << 20);
    cg_device_stats_increase(&s, CG_STAT_RESERVED_BYTES, CG_POOL_LARGE, 4 << 20);
    cg_device_stats_increase(&s, CG_STAT_ALLOCATION, CG_POOL_LARGE, 1);
    char *text = cg_memory_summary_text(&s, (cg_device){CG_CPU, -1}, false);
    cr_assert(text);
    expect_width(text);
    cr_expect(strstr(text, "cgrad CPU memory summary"));
    cr_expect(strstr(text, "| CPU reserved memory   |   4096 KiB |   4096 KiB |   4096 KiB |      0 B   |"), "%s",
              text);
    cr_expect(strstr(text, "| Oversize CPU segments |"));
    cr_expect_null(strstr(text, "GPU"));
    cr_expect_null(strstr(text, "CUDA"));
    free(text);
}

Test(memory_summary, html_table_has_the_texts_rows_in_theme_colours) {
    json_t *root = load_fixture();
    json_t *c = json_array_get(json_object_get(root, "cases"), 1); /* reference_sample */
    cg_device_stats s = stats_of(json_object_get(c, "stats"));
    char *html = cg_memory_summary_html(&s, (cg_device){CG_CUDA, 0}, false);
    cr_assert(html);
    xmlDocPtr doc = xmlReadMemory(html, (int)strlen(html), "summary.html", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
    cr_assert(doc, "not well-formed:\n%s", html);
    xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
    xmlXPathObjectPtr rows = xmlXPathEvalExpression(BAD_CAST "//tbody/tr", ctx);
    cr_expect_eq(rows->nodesetval->nodeNr, 9 * 3 + 2);
    xmlXPathFreeObject(rows);
    xmlXPathObjectPtr cell = xmlXPathEvalExpression(BAD_CAST "string(//tbody/tr[1]/td[2])", ctx);
    cr_expect_str_eq((const char *)cell->stringval, "30720 KiB");
    xmlXPathFreeObject(cell);
    xmlXPathFreeContext(ctx);
    xmlFreeDoc(doc);
    cr_expect(strstr(html, "var(--jp-content-font-color1"));
    cr_expect_null(strstr(html, "black"));
    cr_expect_null(strstr(html, "#000"));
    free(html);
    char *abbr = cg_memory_summary_html(&s, (cg_device){CG_CUDA, 0}, true);
    int n = 0;
    for (const char *p = abbr; (p = strstr(p, "<tr")); p++)
        n++;
    cr_expect_eq(n, 1 + 9 + 2);
    free(abbr);
    json_decref(root);
}
