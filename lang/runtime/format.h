/* format.h: Python's text formatting: the format-spec mini-language of
 * format() and f-strings ("{:>10,.2f}"), str.format's replacement fields,
 * and printf-style `%` formatting, each with CPython 3.11's results and
 * error messages. */
#ifndef CG_FORMAT_H
#define CG_FORMAT_H

#include "runtime/value.h"

/* format(v, spec): ints, floats, bools and strs are formatted here; other
 * values through their type's __format__ (a user class's method), else
 * object.__format__ (str(v) for an empty spec, TypeError otherwise).
 * The evaluator calls this for each f-string field after !r/!s. */
cg_value cg_format(cg_value v, cg_value spec);
/* Appends format(v, spec[0..n)); -1 with an exception. */
int cg_format_into(cg_strbuf *b, cg_value v, const char *spec, size_t n);
/* fmt.format(*args, **kwargs) */
cg_value cg_str_format(cg_value fmt, const cg_args *args);
/* fmt % args */
cg_value cg_str_percent(cg_value fmt, cg_value args);

/* int(x) and float(x) as the builtins convert (number.c). */
cg_value cg_int_of(cg_value x);
cg_value cg_float_of(cg_value x);
cg_value cg_int_from_float(double f);
/* Python's int(text, base) / float(text): 0 done, -1 not a literal, -2
 * (ints) a literal too large for 64 bits (int_parse.c makes those). */
int cg_parse_int(const char *s, size_t n, int base, int64_t *out);
int cg_parse_float(const char *s, size_t n, double *out);
/* divmod(a, b) for two numbers (ints of either form, floats). */
cg_value cg_number_divmod(cg_value a, cg_value b);
int cg_number_types_init(void);

#endif
