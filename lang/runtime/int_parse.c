/* int_parse.c: text to int beyond 64 bits: int(text, base) when the value
 * does not fit an immediate, CPython 3.11's limit on the digits of a
 * decimal conversion, and the integer literals too large for 64 bits that
 * the parser keeps as text.
 *
 * The syntax itself (whitespace, sign, prefix, underscores) is checked by
 * number.c's cg_parse_int, the one place that knows it. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/exc.h"
#include "runtime/format.h"

static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* The digits of a literal that cg_parse_int accepted, without the
 * whitespace, sign, prefix and underscores, NUL-terminated in out (n + 1
 * bytes); sets *base (0 resolved) and *neg. */
static void digits_of(const char *s, size_t n, int *base, bool *neg, char *out) {
    const char *e = s + n;
    while (s < e && is_space(*s))
        s++;
    while (e > s && is_space(e[-1]))
        e--;
    *neg = false;
    if (*s == '+' || *s == '-')
        *neg = *s++ == '-';
    if (e - s >= 2 && s[0] == '0') {
        char p = (char)(s[1] | 0x20);
        int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
        if (pb && (*base == 0 || *base == pb)) {
            *base = pb;
            s += 2;
        }
    }
    if (*base == 0)
        *base = 10;
    size_t k = 0;
    for (; s < e; s++)
        if (*s != '_')
            out[k++] = *s;
    out[k] = 0;
}

static bool power_of_two(int base) { return (base & (base - 1)) == 0; }

cg_value cg_int_parse(const char *s, size_t n, int base) {
    int64_t v;
    int rc = cg_parse_int(s, n, base, &v);
    if (rc == -1)
        return CG_STOP;
    char *digits = malloc(n + 1);
    if (!digits)
        return cg_raise_nomemory();
    bool neg;
    digits_of(s, n, &base, &neg, digits);
    int64_t nd = (int64_t)strlen(digits), limit = cg_int_max_str_digits();
    if (!power_of_two(base) && limit > 0 && nd > limit) {
        free(digits);
        return cg_raise_int(&cg_exc_ValueError,
                            "Exceeds the limit (%lld digits) for integer string conversion: value has %lld digits; "
                            "use sys.set_int_max_str_digits() to increase the limit",
                            (long long)limit, (long long)nd),
               CG_ERR;
    }
    if (rc == 0) {
        free(digits);
        return cg_int(v);
    }
    mpz_t z;
    mpz_init_set_str(z, digits, base); /* valid: cg_parse_int checked every digit */
    free(digits);
    if (neg)
        mpz_neg(z, z);
    return cg_int_take_mpz(z);
}

/* Note [Big literals]
 * The parser (which may not include the runtime) keeps a literal beyond
 * 64 bits as its decimal text; the resolver makes the constant from it
 * once, here. A constant lives as long as the AST that holds it, and the
 * arena has no hook to release values, so the int is made immortal and
 * kept in a table for the life of the process (reachable, so leak checkers
 * stay quiet). Cells rarely hold such literals; the cost is small. */
static cg_obj **literals;
static size_t nliterals, capliterals;

cg_value cg_int_literal(const char *digits, size_t n) {
    char *text = strndup(digits, n);
    if (!text)
        return cg_raise_nomemory();
    mpz_t z;
    int rc = mpz_init_set_str(z, text, 10);
    free(text);
    if (rc < 0) {
        mpz_clear(z);
        return cg_raise(&cg_exc_ValueError, "invalid integer literal");
    }
    cg_value v = cg_int_take_mpz(z);
    if (!cg_is_bigint(v))
        return v;
    if (nliterals == capliterals) {
        size_t cap = capliterals ? capliterals * 2 : 16;
        cg_obj **t = realloc(literals, cap * sizeof *t);
        if (!t) {
            cg_decref(v);
            return cg_raise_nomemory();
        }
        literals = t;
        capliterals = cap;
    }
    v.u.o->refcnt = CG_IMMORTAL;
    literals[nliterals++] = v.u.o;
    return v;
}
