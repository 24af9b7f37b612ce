/* bigint.h: Python's unbounded int. An int that fits in 64 bits is an
 * immediate value (CG_V_INT); a larger one is a heap object of type int
 * holding a GMP integer (Note [Two forms of int] in bigint.c). These
 * functions accept an int of either form (and a bool, as the int it is).
 *
 * This is not the int type's slots and methods (number.c), the parsing of
 * int literals and int(text, base) (int_parse.c), nor their formatting
 * (int_format.c). */
#ifndef CG_BIGINT_H
#define CG_BIGINT_H

#include <gmp.h>

#include "runtime/value.h"

/* The object behind an int beyond 64 bits. */
typedef struct {
    cg_obj head;
    mpz_t z;
} cg_bigint;

/* Is v an int held on the heap (never a value that fits in 64 bits)? */
static inline bool cg_is_bigint(cg_value v) { return v.tag == CG_V_OBJ && v.u.o->type == &cg_type_int; }
/* Is v an int of either form, or a bool? */
static inline bool cg_is_int(cg_value v) { return v.tag == CG_V_INT || v.tag == CG_V_BOOL || cg_is_bigint(v); }
/* The int type's dealloc slot (only heap ints are ever freed). */
void cg_bigint_dealloc(cg_obj *o);
static inline mpz_srcptr cg_bigint_mpz(cg_value v) { return ((cg_bigint *)v.u.o)->z; }

/* The int equal to z, in its one canonical form (an immediate when it
 * fits); z is copied. */
cg_value cg_int_from_mpz(mpz_srcptr z);
/* The same, taking over z: z is cleared (mpz_clear) in every case. */
cg_value cg_int_take_mpz(mpz_ptr z);
/* Sets the initialised out to the int v (either form). */
void cg_int_get_mpz(cg_value v, mpz_ptr out);
/* The int v as int64: -1 without an exception when it does not fit. */
int cg_int_to_int64(cg_value v, int64_t *out);
/* v as a Py_ssize_t-sized index: OverflowError with msg when it does not
 * fit (CPython says "cannot fit 'int' into an index-sized integer" or
 * "Python int too large to convert to C ssize_t", depending on where). */
int cg_int_as_index(cg_value v, int64_t *out, cg_type *exc, const char *msg);

/* MemoryError when a result would need more than this many bits: GMP
 * aborts the process when an allocation fails, so we never ask it. */
#define CG_BIGINT_MAX_BITS (UINT64_C(1) << 34)

/* ---- arithmetic (bigint_ops.c), on two ints of either form ------------- */
cg_value cg_bigint_binary(cg_value a, cg_value b, cg_binop op);
cg_value cg_bigint_unary(cg_value v, cg_unaryop op);
cg_value cg_bigint_divmod(cg_value a, cg_value b);
/* pow(a, b, m) for three ints. */
cg_value cg_int_pow_mod(cg_value a, cg_value b, cg_value m);
/* a / b, correctly rounded (CPython's true division). */
cg_value cg_int_true_divide(cg_value a, cg_value b);
/* round(v, ndigits) for a negative ndigits: half to even. */
cg_value cg_int_round(cg_value v, int64_t ndigits);

/* ---- comparison, hashing, floats (bigint.c) ---------------------------- */
/* -1, 0, 1 */
int cg_int_cmp(cg_value a, cg_value b);
/* a <=> f exactly: -1, 0, 1, or 2 when f is a nan. */
int cg_int_cmp_float(cg_value a, double f);
/* hash(v), CPython's: v modulo 2**61 - 1, with its sign; -1 becomes -2. */
int64_t cg_int_hash(cg_value v);
/* float(v), correctly rounded: -1 with OverflowError "int too large to
 * convert to float". */
int cg_int_to_double(cg_value v, double *out);
/* int(f) for a finite f, exactly. */
cg_value cg_int_from_double(double f);
int64_t cg_int_bit_length(cg_value v);

/* ---- bytes (for int.to_bytes / int.from_bytes) ------------------------- */
/* Writes v into buf[0..n) (big- or little-endian, two's complement when
 * is_signed); -1 with CPython's OverflowError ("int too big to convert",
 * "can't convert negative int to unsigned"). */
int cg_int_to_bytes(cg_value v, unsigned char *buf, size_t n, bool little, bool is_signed);
/* The int held in buf[0..n). */
cg_value cg_int_from_bytes(const unsigned char *buf, size_t n, bool little, bool is_signed);

/* ---- text (int_parse.c, int_format.c) ---------------------------------- */
/* int(text, base) with base 0 or 2..36: CG_STOP without an exception when
 * text is not a literal; ValueError beyond sys's digit limit. */
cg_value cg_int_parse(const char *s, size_t n, int base);
/* The decimal digits of a literal too large for 64 bits (the parser's
 * text), as an immortal int kept for the life of the process. */
cg_value cg_int_literal(const char *digits, size_t n);
/* Appends v's digits in base 2, 8, 10 or 16, without sign or prefix;
 * base 10 obeys sys's digit limit (-1 with ValueError). */
int cg_int_digits_into(cg_strbuf *b, cg_value v, int base, bool upper);
/* repr(v) */
cg_value cg_int_repr(cg_value v);
/* sys.get_int_max_str_digits() / set_int_max_str_digits(n) */
int64_t cg_int_max_str_digits(void);
void cg_int_set_max_str_digits(int64_t n);
/* ValueError for a text of ndigits digits (0: an int being converted). */
int cg_int_raise_digit_limit(int64_t ndigits);

#endif
