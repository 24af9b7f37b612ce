/* prelude.h: modules written in the cell language itself, compiled in.
 *
 * torch.nn's modules and torch.optim's optimizers are Python, as in
 * PyTorch: lang/prelude/torch/nn.py and friends, turned into C strings by
 * scripts/embed.py at build time and run as a module on first import. */
#ifndef CG_PRELUDE_H
#define CG_PRELUDE_H

#include <stddef.h>

typedef struct {
    const char *module;   /* "torch.nn" */
    const char *filename; /* for tracebacks */
    const char *text;
    size_t len;
} cg_prelude_source;

/* Terminated by an entry whose module is NULL. */
extern const cg_prelude_source cg_prelude_sources[];

#endif
