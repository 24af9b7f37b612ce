/* element_format.h: how each element of a tensor's repr is written, as
 * PyTorch's _Formatter (torch/_tensor_str.py) decides it.
 *
 * One formatter serves a whole tensor: it looks at every element that will
 * be printed (the summarised subset when the tensor is summarised) and fixes
 * one mode and one width, so that the columns line up:
 *   - integers and bools: str(v), right-aligned to the widest;
 *   - floats, over the finite nonzero values only: "int mode" (`1.`) when
 *     all are integral, scientific (`1.0000e-05`) when max/min > 1000 or
 *     max > 1e8 (or, outside int mode, min < 1e-4), else fixed (`0.1000`);
 *     PRINT_OPTS.sci_mode overrides the choice. nan and inf print as
 *     Python prints them, without the dot.
 * Digits are C's printf of the value widened to double, which rounds the
 * exact binary value as Python's format() does. This file is not the
 * layout (brackets, wrapping, summarising): that is tensor_repr.c. */
#ifndef CG_ELEMENT_FORMAT_H
#define CG_ELEMENT_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "dtype.h"
#include "print_options.h"
#include "strbuf.h"

typedef struct {
    cg_dtype dtype;
    int precision;
    bool int_mode; /* floats: every finite nonzero value is integral */
    bool sci_mode; /* floats: scientific notation */
    int max_width; /* every element is padded on the left to this */
    /* floats, first pass: the finite nonzero values */
    int64_t nonzero;
    double min_abs, max_abs;
    bool bad_precision; /* a negative precision met a format that needs one */
} cg_element_format;

/* A complex tensor has one formatter over its real parts and one over
 * its imaginary parts, each of the parts' dtype (float32 for complex64),
 * as PyTorch formats self.real and self.imag.
 *
 * Building a formatter takes two passes over the printed elements (each a
 * pointer to one element of the formatter's dtype, on the CPU):
 *     cg_element_format_begin(&f, dtype, opts);
 *     for each e: cg_element_format_scan(&f, e);
 *     if (cg_element_format_decide(&f))
 *         for each e: cg_element_format_measure(&f, e);
 *     if (cg_element_format_end(&f, opts) < 0) -> error set
 */
void cg_element_format_begin(cg_element_format *f, cg_dtype dtype, const cg_print_options *o);
void cg_element_format_scan(cg_element_format *f, const void *elem);
/* Picks the float mode; true when a second (measuring) pass is needed. */
bool cg_element_format_decide(cg_element_format *f);
void cg_element_format_measure(cg_element_format *f, const void *elem);
/* Applies the sci_mode option; -1 with Python's ValueError when the
 * precision is negative and a format needed it. */
int cg_element_format_end(cg_element_format *f, const cg_print_options *o);

/* Appends one element, padded to the width; -1 with Python's ValueError
 * for a negative precision (the buffer is then left unchanged). */
int cg_element_format_write(const cg_element_format *f, cg_strbuf *b, const void *elem);
/* A complex element (two parts of f's dtype) as PyTorch's _val_formatter:
 * the real part by f, padded, then the imaginary part by fi stripped of
 * its padding, after a `+` unless it has its own sign, and `j`. */
int cg_element_format_write_complex(const cg_element_format *f, const cg_element_format *fi, cg_strbuf *b,
                                    const void *elem);

#endif
