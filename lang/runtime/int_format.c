/* int_format.c: int to text at any size: the digits of an int in base 2,
 * 8, 10 or 16 and repr(int), with CPython 3.11's limit on the digits of a
 * decimal conversion (sys.set_int_max_str_digits).
 *
 * The format-spec mini-language around the digits is format.c's. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/exc.h"

/* sys.flags.int_max_str_digits's default, as CPython 3.11's */
#define DEFAULT_MAX_STR_DIGITS 4300

static int64_t max_str_digits = DEFAULT_MAX_STR_DIGITS;

int64_t cg_int_max_str_digits(void) { return max_str_digits; }
void cg_int_set_max_str_digits(int64_t n) { max_str_digits = n; }

int cg_int_raise_digit_limit(int64_t ndigits) {
    (void)ndigits;
    return cg_raise_int(&cg_exc_ValueError,
                        "Exceeds the limit (%lld digits) for integer string conversion; "
                        "use sys.set_int_max_str_digits() to increase the limit",
                        (long long)max_str_digits);
}

static void upper_case(char *s) {
    for (; *s; s++)
        if (*s >= 'a' && *s <= 'z')
            *s = (char)(*s - 'a' + 'A');
}

int cg_int_digits_into(cg_strbuf *b, cg_value v, int base, bool upper) {
    mpz_t z;
    mpz_init(z);
    cg_int_get_mpz(v, z);
    mpz_abs(z, z);
    size_t est = mpz_sizeinbase(z, base); /* exact, or one too many for base 10 */
    if (base == 10 && max_str_digits > 0 && est > (size_t)max_str_digits + 1) {
        mpz_clear(z);
        return cg_int_raise_digit_limit((int64_t)est);
    }
    char *s = malloc(est + 2);
    if (!s) {
        mpz_clear(z);
        return cg_raise_nomemory(), -1;
    }
    mpz_get_str(s, base, z);
    mpz_clear(z);
    size_t n = strlen(s);
    if (base == 10 && max_str_digits > 0 && n > (size_t)max_str_digits) {
        free(s);
        return cg_int_raise_digit_limit((int64_t)n);
    }
    if (upper)
        upper_case(s);
    cg_strbuf_append(b, s, n);
    free(s);
    return 0;
}

cg_value cg_int_repr(cg_value v) {
    if (!cg_is_bigint(v))
        return cg_str_fmt("%lld", (long long)v.u.i);
    cg_strbuf b = {0};
    if (mpz_sgn(cg_bigint_mpz(v)) < 0)
        cg_strbuf_putc(&b, '-');
    if (cg_int_digits_into(&b, v, 10, false) < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&b);
}
