/* print_options.h: the options every tensor repr reads, as PyTorch's
 * torch._tensor_str.PRINT_OPTS, and torch.set_printoptions() over them.
 *
 * One process-wide set, like PyTorch's: the cell language sets it through
 * cg_set_printoptions() and every repr after that uses it. This file holds
 * the options only; the formatting that reads them is in element_format.c
 * and tensor_repr.c. */
#ifndef CG_PRINT_OPTIONS_H
#define CG_PRINT_OPTIONS_H

#include <stdbool.h>

/* PRINT_OPTS.sci_mode: None (decided per tensor), False or True. Zero is
 * None, so that a zero-initialised argument struct means "not given". */
typedef enum { CG_SCI_AUTO = 0, CG_SCI_OFF, CG_SCI_ON } cg_sci_mode;

typedef struct {
    int precision;    /* digits after the point: 4 */
    double threshold; /* summarise when numel > threshold: 1000 (inf in 'full') */
    int edgeitems;    /* items kept at each end of a summarised dim: 3 */
    int linewidth;    /* characters per line before a 1-d row wraps: 80 */
    cg_sci_mode sci_mode;
} cg_print_options;

/* The current options (never NULL). */
const cg_print_options *cg_print_options_get(void);

/* The arguments of torch.set_printoptions(precision=, threshold=,
 * edgeitems=, linewidth=, profile=, sci_mode=); a has_ flag false (or a NULL
 * profile) is an argument not given. */
typedef struct {
    const char *profile; /* "default", "short", "full"; others are ignored, as PyTorch does */
    bool has_precision, has_threshold, has_edgeitems, has_linewidth;
    int precision;
    double threshold;
    int edgeitems;
    int linewidth;
    cg_sci_mode sci_mode; /* always assigned: not given resets it to None */
} cg_printoptions_args;

/* torch.set_printoptions(...): the profile first, then each given option,
 * then sci_mode, exactly in PyTorch's order. */
void cg_set_printoptions(const cg_printoptions_args *a);

#endif
