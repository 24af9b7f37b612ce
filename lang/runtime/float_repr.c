/* float_repr.c: doubles as Python writes them. The digits come from the C
 * library, which rounds correctly (glibc's printf is exact); the shortest
 * round-trip digits are the first precision whose text reads back as the
 * same double. The layout (where the point goes, when to switch to an
 * exponent, padding zeros) is CPython's format_float_short, step by step.
 *
 * Not here: signs, widths, fills and grouping (format.c). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/float_repr.h"

typedef struct {
    char d[800]; /* significant digits, no trailing zeros ("0" for zero); a double has at most 767 */
    int n;       /* their count */
    int decpt;   /* the value is 0.d[0]d[1]... * 10**decpt */
} digits;

/* Keeps the digits of text (a printf result), dropping the point. */
static void digits_from_text(digits *g, const char *t) {
    g->n = 0;
    g->decpt = 0;
    bool seen_point = false, leading = true;
    const char *p = t;
    for (; *p && *p != 'e'; p++) {
        if (*p == '.') {
            seen_point = true;
            continue;
        }
        if (!seen_point)
            g->decpt++;
        if (leading && *p == '0') {
            g->decpt--;
            continue;
        }
        leading = false;
        if (g->n < (int)sizeof g->d - 1)
            g->d[g->n++] = *p;
    }
    if (*p == 'e')
        g->decpt += atoi(p + 1);
    while (g->n > 0 && g->d[g->n - 1] == '0')
        g->n--;
    if (g->n == 0) {
        g->d[g->n++] = '0';
        g->decpt = 1;
    }
    g->d[g->n] = '\0';
}

/* printf(fmt, prec, ax) into a buffer big enough, then its digits. */
static void digits_printf(digits *g, const char *fmt, int prec, double ax) {
    int need = snprintf(NULL, 0, fmt, prec, ax);
    char small[512], *t = need < (int)sizeof small ? small : malloc((size_t)need + 1);
    if (!t) {
        snprintf(small, sizeof small, "%.17e", ax); /* out of memory: the round-trip digits */
        digits_from_text(g, small);
        return;
    }
    snprintf(t, (size_t)need + 1, fmt, prec, ax);
    digits_from_text(g, t);
    if (t != small)
        free(t);
}

/* ndigits significant digits, correctly rounded (dtoa's mode 2). */
static void digits_significant(digits *g, double ax, int ndigits) { digits_printf(g, "%.*e", ndigits - 1, ax); }

/* Digits up to `places` after the point (dtoa's mode 3). */
static void digits_fixed(digits *g, double ax, int places) { digits_printf(g, "%.*f", places, ax); }

/* The shortest digits that read back as ax (dtoa's mode 0). For each
 * length the nearest decimal is tried first; at a power of two the gap
 * below ax is half the gap above, so the nearest may fall outside while
 * its neighbour on the other side of ax still reads back: try that too.
 * For normal doubles the search starts at 15 digits: any decimal of at
 * most 15 significant digits (DBL_DIG) comes back unchanged from a normal
 * double at 15 digits (subnormals hold fewer digits), so if
 * a shorter one reads back as ax, the 15-digit text is it padded with
 * zeros, which digits_from_text drops. Most doubles then take one printf
 * and one strtod, not up to 17 (json.dumps writes millions of them). */
static void digits_shortest_printf(digits *g, double ax) {
    char t[64];
    for (int p = ax >= DBL_MIN ? DBL_DIG : 1; p <= 17; p++) {
        snprintf(t, sizeof t, "%.*e", p - 1, ax);
        double v = strtod(t, NULL);
        if (v == ax)
            break;
        uint64_t m = 0;
        for (const char *c = t; *c && *c != 'e'; c++)
            if (*c != '.')
                m = m * 10 + (uint64_t)(*c - '0');
        int e = atoi(strchr(t, 'e') + 1) - (p - 1);
        char n[64];
        snprintf(n, sizeof n, "%llue%d", (unsigned long long)(v < ax ? m + 1 : m - 1), e);
        if (m > 0 && strtod(n, NULL) == ax) {
            digits_from_text(g, n);
            return;
        }
    }
    digits_from_text(g, t);
}

/* Note [Shortest digits without printf]
 * json.dumps of a large document spends most of its time on the printf
 * and strtod of digits_shortest_printf. For doubles from 1e-5 to 2**64
 * (nearly every float a program writes) the same steps run in integer
 * arithmetic instead: ax = m * 2**e exactly, so ax * 10**k is q + f with
 * q an integer of 18 or 19 digits and f in [0, 1), both exact (a 128-bit
 * product, shifted); the nearest p-digit decimal is q rounded as printf
 * rounds (half to even on an exact tie, which f != 0 breaks), and
 * whether a decimal d * 10**e reads back as ax is decided exactly by one
 * IEEE multiplication or division when d <= 2**53 and |e| <= 22 (both
 * operands exact, one rounding: Clinger's fast path), by strtod
 * otherwise. The result is digit for digit digits_shortest_printf's. */
__extension__ typedef unsigned __int128 u128;

static const double POW10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                               1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
static const uint64_t POW10_U[] = {1u,
                                   10u,
                                   100u,
                                   1000u,
                                   10000u,
                                   100000u,
                                   1000000u,
                                   10000000u,
                                   100000000u,
                                   1000000000u,
                                   10000000000u,
                                   100000000000u,
                                   1000000000000u,
                                   10000000000000u,
                                   100000000000000u,
                                   1000000000000000u,
                                   10000000000000000u,
                                   100000000000000000u,
                                   1000000000000000000u,
                                   10000000000000000000u};

/* The double that d * 10**e reads as. */
static double decimal_value(uint64_t d, int e) {
    if (d <= UINT64_C(1) << 53 && e >= -22 && e <= 22)
        return e < 0 ? (double)d / POW10[-e] : (double)d * POW10[e];
    char t[48];
    snprintf(t, sizeof t, "%llue%d", (unsigned long long)d, e);
    return strtod(t, NULL);
}

/* d * 10**e as digits (trailing zeros dropped). */
static void digits_from_decimal(digits *g, uint64_t d, int e) {
    char t[24];
    int n = 0;
    do {
        t[n++] = (char)('0' + d % 10);
        d /= 10;
    } while (d);
    for (g->n = 0; g->n < n; g->n++)
        g->d[g->n] = t[n - 1 - g->n];
    g->decpt = n + e;
    while (g->n > 1 && g->d[g->n - 1] == '0')
        g->n--;
    g->d[g->n] = '\0';
}

/* ax * 10**k = q + f exactly, 0 <= f < 1. */
typedef struct {
    uint64_t q;
    bool inexact; /* f != 0 */
    int k, ndig;  /* ndig: q's digit count */
} scaled;

/* False when ax is outside the range q holds. */
static bool scale(scaled *x, double ax) {
    int exp2;
    double fr = frexp(ax, &exp2);
    uint64_t m = (uint64_t)ldexp(fr, 53);
    int e = exp2 - 53;
    if (e >= 0) {
        if (e > 11)
            return false;
        *x = (scaled){.q = m << e};
    } else {
        /* ax has dp or dp + 1 digits before the point: q gets 18 or 19 */
        int dp = (int)floor((exp2 - 1) * 0.30102999566398120) + 1;
        int k = 18 - dp;
        if (k > 22)
            return false;
        u128 p = (u128)m * POW10_U[k > 19 ? 19 : k];
        if (k > 19)
            p *= POW10_U[k - 19];
        *x = (scaled){.q = (uint64_t)(p >> -e), .inexact = (p & (((u128)1 << -e) - 1)) != 0, .k = k};
    }
    x->ndig = 1;
    while (x->ndig < 20 && x->q >= POW10_U[x->ndig])
        x->ndig++;
    return true;
}

/* The nearest p-digit decimal d * 10**e to ax, as printf's %.(p-1)e
 * rounds (half to even). */
static uint64_t round_digits(const scaled *x, int p, int *e) {
    int j = x->ndig - p;
    if (j <= 0) {
        *e = -x->k;
        return x->q;
    }
    uint64_t pw = POW10_U[j], d = x->q / pw, rem = x->q % pw, half = pw / 2;
    if (rem > half || (rem == half && (x->inexact || (d & 1))))
        d++;
    if (d == POW10_U[p]) { /* 9.99...e+n rounded to 1.00...e+(n+1) */
        d /= 10;
        j++;
    }
    *e = j - x->k;
    return d;
}

/* digits_shortest_printf's search, p from 15 to 17, in integers; false
 * when ax is out of its range. */
static bool digits_shortest_exact(digits *g, double ax) {
    scaled x;
    if (ax < 1e-5 || !scale(&x, ax))
        return false;
    uint64_t d = 0;
    int e = 0;
    for (int p = DBL_DIG; p <= 17; p++) {
        d = round_digits(&x, p, &e);
        double v = decimal_value(d, e);
        if (v == ax)
            break;
        uint64_t n = v < ax ? d + 1 : d - 1;
        if (d > 0 && decimal_value(n, e) == ax) {
            d = n;
            break;
        }
    }
    digits_from_decimal(g, d, e);
    return true;
}

static void digits_shortest(digits *g, double ax) {
    if (!digits_shortest_exact(g, ax))
        digits_shortest_printf(g, ax);
}

static void put_zeros(cg_strbuf *b, int n) { cg_strbuf_repeat(b, '0', n); }

void cg_float_body(cg_strbuf *b, double ax, char code, int precision, unsigned flags) {
    bool upper = flags & CG_FF_UPPER, alt = flags & CG_FF_ALT, dot0 = flags & CG_FF_ADD_DOT_0;
    if (isinf(ax)) {
        cg_strbuf_puts(b, upper ? "INF" : "inf");
        return;
    }
    if (isnan(ax)) {
        cg_strbuf_puts(b, upper ? "NAN" : "nan");
        return;
    }
    digits g;
    switch (code) {
    case 'e':
        precision++;
        digits_significant(&g, ax, precision);
        break;
    case 'f': digits_fixed(&g, ax, precision); break;
    case 'g':
        if (precision == 0)
            precision = 1;
        digits_significant(&g, ax, precision);
        break;
    default: digits_shortest(&g, ax); break;
    }
    int decpt = g.decpt, vend = g.n, exp = 0;
    bool use_exp = false;
    switch (code) {
    case 'e':
        use_exp = true;
        vend = precision;
        break;
    case 'f': vend = decpt + precision; break;
    case 'g':
        if (decpt <= -4 || decpt > (dot0 ? precision - 1 : precision))
            use_exp = true;
        if (alt)
            vend = precision;
        break;
    default:
        if (decpt <= -4 || decpt > 16)
            use_exp = true;
        break;
    }
    if (use_exp) {
        exp = decpt - 1;
        decpt = 1;
    }
    int vstart = decpt <= 0 ? decpt - 1 : 0;
    if (!use_exp && dot0)
        vend = vend > decpt ? vend : decpt + 1;
    else
        vend = vend > decpt ? vend : decpt;
    size_t mark = b->len;
    if (decpt <= 0) {
        put_zeros(b, decpt - vstart);
        cg_strbuf_putc(b, '.');
        put_zeros(b, -decpt);
    } else {
        put_zeros(b, -vstart);
    }
    if (0 < decpt && decpt <= g.n) {
        cg_strbuf_append(b, g.d, (size_t)decpt);
        cg_strbuf_putc(b, '.');
        cg_strbuf_append(b, g.d + decpt, (size_t)(g.n - decpt));
    } else {
        cg_strbuf_append(b, g.d, (size_t)g.n);
    }
    if (g.n < decpt) {
        put_zeros(b, decpt - g.n);
        cg_strbuf_putc(b, '.');
        put_zeros(b, vend - decpt);
    } else {
        put_zeros(b, vend - g.n);
    }
    if (!b->failed && b->len > mark && b->data[b->len - 1] == '.' && !alt)
        b->data[--b->len] = '\0';
    if (use_exp)
        cg_strbuf_printf(b, "%c%+.02d", upper ? 'E' : 'e', exp);
}

void cg_float_repr_into(cg_strbuf *b, double x) {
    if (signbit(x) && !isnan(x))
        cg_strbuf_putc(b, '-');
    cg_float_body(b, fabs(x), 'r', 0, CG_FF_ADD_DOT_0);
}

cg_value cg_float_repr_value(double x) {
    cg_strbuf b = {0};
    cg_float_repr_into(&b, x);
    return cg_str_from_strbuf(&b);
}
