/* svg_query.c: see svg_query.h. */
#include "svg_query.h"

#include <criterion/criterion.h>
#include <libxml/xpathInternals.h>
#include <stdlib.h>
#include <string.h>

xmlXPathObjectPtr svg_select(xmlDocPtr doc, const char *xpath) {
    xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
    xmlXPathRegisterNs(ctx, BAD_CAST "svg", BAD_CAST "http://www.w3.org/2000/svg");
    xmlXPathRegisterNs(ctx, BAD_CAST "s", BAD_CAST "http://www.w3.org/2000/svg");
    xmlXPathObjectPtr r = xmlXPathEvalExpression(BAD_CAST xpath, ctx);
    xmlXPathFreeContext(ctx);
    cr_assert(r, "bad xpath %s", xpath);
    return r;
}

int svg_count(xmlDocPtr doc, const char *xpath) {
    xmlXPathObjectPtr r = svg_select(doc, xpath);
    int n = r->nodesetval ? r->nodesetval->nodeNr : 0;
    xmlXPathFreeObject(r);
    return n;
}

void svg_texts(xmlDocPtr doc, const char *xpath, char *out, size_t size) {
    xmlXPathObjectPtr r = svg_select(doc, xpath);
    out[0] = 0;
    for (int i = 0; r->nodesetval && i < r->nodesetval->nodeNr; i++) {
        xmlChar *t = xmlNodeGetContent(r->nodesetval->nodeTab[i]);
        if (i)
            strncat(out, "|", size - strlen(out) - 1);
        strncat(out, (const char *)t, size - strlen(out) - 1);
        xmlFree(t);
    }
    xmlXPathFreeObject(r);
}

char *svg_attr(xmlDocPtr doc, const char *xpath, const char *name) {
    xmlXPathObjectPtr r = svg_select(doc, xpath);
    cr_assert(r->nodesetval && r->nodesetval->nodeNr > 0, "nothing at %s", xpath);
    xmlChar *v = xmlGetProp(r->nodesetval->nodeTab[0], BAD_CAST name);
    xmlXPathFreeObject(r);
    char *s = strdup(v ? (const char *)v : "");
    xmlFree(v);
    return s;
}
