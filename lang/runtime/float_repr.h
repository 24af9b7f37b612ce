/* float_repr.h: turning a double into Python's text: repr's shortest
 * round-trip digits ("0.1", "1e-05", "1e+16") and the 'e', 'f', 'g' layouts
 * that format specs and %-formatting use, all following CPython's
 * format_float_short so that every digit and exponent matches. */
#ifndef CG_FLOAT_REPR_H
#define CG_FLOAT_REPR_H

#include <stdbool.h>

#include "runtime/value.h"

enum {
    CG_FF_ALT = 1,       /* '#': keep the point (and trailing zeros for g) */
    CG_FF_ADD_DOT_0 = 2, /* an integral result gets ".0" (repr, str) */
    CG_FF_UPPER = 4,     /* 'E', 'F', 'G': "E+10", "INF", "NAN" */
};

/* Appends the layout of |x| (no sign; x finite or not) for code 'e', 'f',
 * 'g' or 'r' (shortest, repr's exponent rule) with the given precision
 * (ignored for 'r'). */
void cg_float_body(cg_strbuf *b, double ax, char code, int precision, unsigned flags);
/* Appends repr(x): "0.1", "-0.0", "1e+16", "inf", "nan". */
void cg_float_repr_into(cg_strbuf *b, double x);
cg_value cg_float_repr_value(double x);

#endif
