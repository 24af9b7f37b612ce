/* decimal_exact.c: Clinger's fast path for reading decimal text as a
 * double (decimal_exact.h). Not a full parser: whatever it declines goes
 * to strtod.
 *
 * When the significant digits make an integer m <= 2**53 and the power
 * of ten k is within 22 of 0, m and 10**|k| are both exact doubles, so
 * m * 10**k (or m / 10**-k) is one correctly rounded IEEE operation:
 * exactly strtod's answer, round-trip correct. Zeros (any exponent) are
 * exact too, signed as strtod signs them. */
#include "runtime/decimal_exact.h"

#include <stdint.h>

static const double POW10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                               1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* The digits at *pp appended to *m; their count. */
static int digits(const char **pp, const char *e, uint64_t *m) {
    const char *p = *pp, *start = p;
    uint64_t v = *m;
    for (; p < e && (unsigned)(*p - '0') < 10; p++)
        v = v * 10 + (uint64_t)(*p - '0'); /* wraps past 19 digits: then unused */
    *m = v;
    *pp = p;
    return (int)(p - start);
}

bool cg_decimal_exact(const char *p, const char *e, double *out) {
    bool neg = p < e && *p == '-';
    p += p < e && (*p == '-' || *p == '+');
    uint64_t m = 0;
    int whole = digits(&p, e, &m), frac = 0;
    if (p < e && *p == '.') {
        p++;
        frac = digits(&p, e, &m);
    }
    /* 19 digits always fit a uint64 (leading zeros among them) */
    if (whole + frac == 0 || whole + frac > 19)
        return false;
    int exp10 = 0;
    if (p < e && (*p == 'e' || *p == 'E')) {
        p++;
        bool eneg = p < e && *p == '-';
        p += p < e && (*p == '-' || *p == '+');
        if (p == e)
            return false;
        for (; p < e && (unsigned)(*p - '0') < 10; p++)
            if ((exp10 = exp10 * 10 + (*p - '0')) > 1000)
                return false;
        exp10 = eneg ? -exp10 : exp10;
    }
    if (p != e)
        return false;
    exp10 -= frac;
    if (m != 0 && (m > UINT64_C(1) << 53 || exp10 < -22 || exp10 > 22))
        return false;
    double v = m == 0 ? 0.0 : exp10 < 0 ? (double)m / POW10[-exp10] : (double)m * POW10[exp10];
    *out = neg ? -v : v;
    return true;
}
