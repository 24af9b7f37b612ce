/* svg_query.h: reading an SVG the tests drew, with libxml2's XPath.
 * Both "svg:" and "s:" name the SVG namespace in the XPaths. Each
 * function fails the running Criterion test on a bad XPath. */
#ifndef CG_TEST_SVG_QUERY_H
#define CG_TEST_SVG_QUERY_H

#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <stddef.h>

/* The nodes xpath selects; the caller frees with xmlXPathFreeObject. */
xmlXPathObjectPtr svg_select(xmlDocPtr doc, const char *xpath);
/* How many nodes xpath selects. */
int svg_count(xmlDocPtr doc, const char *xpath);
/* The texts of the selected nodes joined by '|', cut to size. */
void svg_texts(xmlDocPtr doc, const char *xpath, char *out, size_t size);
/* Attribute `name` of the first node selected ("" when absent), malloc'd;
 * the test fails when nothing is selected. */
char *svg_attr(xmlDocPtr doc, const char *xpath, const char *name);

#endif
