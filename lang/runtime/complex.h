/* complex.h: complex numbers (complex.c): the object, its arithmetic as
 * CPython's (Smith's division, integer powers by squaring), and what cmath
 * needs to read its arguments. */
#ifndef CG_COMPLEX_H
#define CG_COMPLEX_H

#include "runtime/value.h"

typedef struct {
    double re, im;
} cg_cpx;

typedef struct {
    cg_obj head;
    cg_cpx z;
} cg_complex;

cg_value cg_complex_new(double re, double im);
bool cg_is_complex(cg_value v);
/* A number (int, float, complex, __complex__, __float__, __index__) as a
 * complex: -1 with TypeError "must be real number, not str". */
int cg_complex_value(cg_value v, cg_cpx *out);
cg_cpx cg_cpx_quot(cg_cpx a, cg_cpx b, bool *divzero);
/* The immortal complex of a literal like 2j */
cg_value cg_complex_constant(double im);
/* repr into b: "1j", "(1+2j)", "(-0-1j)", "(nan+infj)" */
void cg_complex_repr_into(cg_strbuf *b, cg_cpx z);

#endif
