/* graphviz_render.c: DOT text to SVG with libgvc, in process
 * (cg_graph_svg_from_dot of autograd_graph.h).
 *
 * One Graphviz context serves the process: making one loads the plugins,
 * which costs more than laying out a small graph. Graphviz keeps global
 * state (its error channel, the parser), so every call holds one lock.
 * Graphviz's warnings (a label too big for its box, ...) are not the
 * user's business and are dropped; its errors are caught through
 * agseterrf and become the engine's RuntimeError instead of lines on the
 * kernel's stderr. It is not the DOT builder (autograd_graph.c). */
#include "autograd_graph.h"

#include <gvc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t gv_lock = PTHREAD_MUTEX_INITIALIZER;
static GVC_t *gv_context; /* made on first use, kept for the process */

/* Graphviz's last error message, written by its error callback. */
static char gv_message[512];

static int keep_message(char *msg) {
    size_t len = strlen(gv_message);
    if (len + 1 < sizeof gv_message)
        snprintf(gv_message + len, sizeof gv_message - len, "%s", msg);
    return 0;
}

/* "Error: syntax error in line 3 near 'x'\n" -> RuntimeError with that text. */
static void set_gv_error(const char *what) {
    size_t len = strlen(gv_message);
    while (len && (gv_message[len - 1] == '\n' || gv_message[len - 1] == ' '))
        gv_message[--len] = '\0';
    cg_error_set(CG_RUNTIME_ERROR, "Graphviz could not %s the graph%s%s", what, len ? ": " : "", gv_message);
}

static char *render_locked(const char *dot) {
    if (!gv_context && !(gv_context = gvContext())) {
        cg_error_set(CG_RUNTIME_ERROR, "Graphviz could not start");
        return NULL;
    }
    gv_message[0] = '\0';
    agseterr(AGERR); /* warnings are dropped, errors reach keep_message */
    agseterrf(keep_message);
    agreseterrors();
    Agraph_t *g = agmemread(dot);
    if (!g) {
        set_gv_error("read");
        return NULL;
    }
    char *svg = NULL, *data = NULL;
    unsigned int len = 0;
    if (gvLayout(gv_context, g, "dot") != 0) {
        set_gv_error("lay out");
    } else {
        if (gvRenderData(gv_context, g, "svg", &data, &len) != 0 || !data)
            set_gv_error("render");
        else if (!(svg = malloc(len + 1)))
            cg_error_set(CG_MEMORY_ERROR, "out of memory");
        else
            memcpy(svg, data, len), svg[len] = '\0';
        gvFreeRenderData(data);
        gvFreeLayout(gv_context, g);
    }
    agclose(g);
    return svg;
}

char *cg_graph_svg_from_dot(const char *dot) {
    pthread_mutex_lock(&gv_lock);
    char *svg = render_locked(dot);
    pthread_mutex_unlock(&gv_lock);
    return svg;
}
