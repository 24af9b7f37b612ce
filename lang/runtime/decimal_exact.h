/* decimal_exact.h: a decimal number's text read as a double without
 * strtod where one IEEE operation gives strtod's result (the common
 * case), for parsers of large texts (JSON, numpy.loadtxt). */
#ifndef CG_DECIMAL_EXACT_H
#define CG_DECIMAL_EXACT_H

#include <stdbool.h>

/* The text p..e, when it is all of [+-]digits[.digits][(e|E)[+-]digits]
 * (digits on one side of the point at least) and strtod's value of it
 * comes out of one exact operation (Clinger's fast path): true with the
 * value in *out. False otherwise (other syntax, or too many digits, or
 * too far from 1): the caller asks strtod. */
bool cg_decimal_exact(const char *p, const char *e, double *out);

#endif
