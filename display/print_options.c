/* print_options.c: the process-wide print options and set_printoptions. */
#include "print_options.h"

#include <math.h>
#include <string.h>

static cg_print_options opts = {4, 1000, 3, 80, CG_SCI_AUTO};

const cg_print_options *cg_print_options_get(void) { return &opts; }

/* torch/_tensor_str.py's three profiles; sci_mode is not part of them. */
static void apply_profile(const char *profile) {
    if (!strcmp(profile, "default")) {
        opts.precision = 4, opts.threshold = 1000, opts.edgeitems = 3, opts.linewidth = 80;
    } else if (!strcmp(profile, "short")) {
        opts.precision = 2, opts.threshold = 1000, opts.edgeitems = 2, opts.linewidth = 80;
    } else if (!strcmp(profile, "full")) {
        opts.precision = 4, opts.threshold = INFINITY, opts.edgeitems = 3, opts.linewidth = 80;
    }
}

void cg_set_printoptions(const cg_printoptions_args *a) {
    if (a->profile)
        apply_profile(a->profile);
    if (a->has_precision)
        opts.precision = a->precision;
    if (a->has_threshold)
        opts.threshold = a->threshold;
    if (a->has_edgeitems)
        opts.edgeitems = a->edgeitems;
    if (a->has_linewidth)
        opts.linewidth = a->linewidth;
    opts.sci_mode = a->sci_mode;
}
