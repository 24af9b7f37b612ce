/* ziggurat.c: the Generator's standard normal and exponential, the
 * 256-box ziggurat numpy 1.24 uses, over any bit generator. Not the
 * legacy polar normal (distributions.c).
 *
 * Note [numpy's ziggurat]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * - The normal takes a 64-bit draw: 8 bits of box, a sign bit, 52 bits of
 *   magnitude; the tail by Marsaglia's method with log1p. The exponential
 *   the same on 8 + 53 bits (after dropping 3).
 * - The boxes come from Marsaglia and Tsang's recurrence, computed once
 *   here as numpy's tables were computed; a few differ from numpy's stored
 *   constants in the last bit, so some draws differ in their last bit. */
#include "numpy/distributions.h"

#include <math.h>
#include <pthread.h>

#define ZIG_N 256
#define NOR_R 3.6541528853610087963519472518
#define NOR_V 0.0049286732339746519
#define EXP_R 7.69711747013104971767
#define EXP_V 0.0039496598225815571993

static uint64_t ki[ZIG_N], ke[ZIG_N];
static double wi[ZIG_N], fi[ZIG_N], we[ZIG_N], fe[ZIG_N];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static double nor_pdf(double x) { return exp(-0.5 * x * x); }

/* The boxes, outermost first in x[] then reversed, as Marsaglia and Tsang
 * define them (Note [numpy's ziggurat]). */
static void tables_build(void) {
    double x[ZIG_N], r[ZIG_N];
    x[0] = NOR_R;
    for (int i = 1; i < ZIG_N - 1; i++)
        x[i] = sqrt(-2 * log(nor_pdf(x[i - 1]) + NOR_V / x[i - 1]));
    x[ZIG_N - 1] = 0;
    for (int i = 0; i < ZIG_N; i++)
        r[i] = x[ZIG_N - 1 - i];
    double scale = 4503599627370496.0; /* 2^52 */
    for (int i = 1; i < ZIG_N; i++)
        ki[i] = (uint64_t)nearbyint(r[i - 1] / r[i] * scale);
    ki[0] = (uint64_t)nearbyint((NOR_R * nor_pdf(NOR_R)) / NOR_V * scale);
    for (int i = 1; i < ZIG_N; i++)
        wi[i] = r[i] / scale;
    wi[0] = NOR_V / nor_pdf(NOR_R) / scale;
    for (int i = 0; i < ZIG_N; i++)
        fi[i] = nor_pdf(r[i]);
    /* the exponential's boxes */
    double y[ZIG_N], q[ZIG_N];
    y[0] = EXP_R;
    for (int i = 1; i < ZIG_N - 1; i++)
        y[i] = -log(EXP_V / y[i - 1] + exp(-y[i - 1]));
    y[ZIG_N - 1] = 0;
    for (int i = 0; i < ZIG_N; i++)
        q[i] = y[ZIG_N - 1 - i];
    double escale = 9007199254740992.0; /* 2^53 */
    for (int i = 1; i < ZIG_N; i++)
        ke[i] = (uint64_t)nearbyint(q[i - 1] / q[i] * escale);
    ke[0] = (uint64_t)nearbyint((EXP_R * exp(-EXP_R)) / EXP_V * escale);
    for (int i = 1; i < ZIG_N; i++)
        we[i] = q[i] / escale;
    we[0] = EXP_V / exp(-EXP_R) / escale;
    for (int i = 0; i < ZIG_N; i++)
        fe[i] = exp(-q[i]);
}

void np_zig_init(void) { pthread_once(&tables_once, tables_build); }

/* The draws written once over next64/next_double; the callers below pass
 * PCG64's inline step (default_rng's fill loops run it without a dispatch
 * per draw) or the dispatching np_next64. */
static inline __attribute__((always_inline)) double zig_normal(np_bitgen *s, uint64_t (*next64)(np_bitgen *),
                                                               double (*next_double)(np_bitgen *)) {
    for (;;) {
        uint64_t r = next64(s);
        int idx = (int)(r & 0xff);
        r >>= 8;
        int sign = (int)(r & 0x1);
        uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
        double x = (double)rabs * wi[idx];
        if (sign)
            x = -x;
        if (rabs < ki[idx])
            return x;
        if (idx == 0) {
            for (;;) {
                double xx = -(1.0 / NOR_R) * log1p(-next_double(s));
                double yy = -log1p(-next_double(s));
                if (yy + yy > xx * xx)
                    return ((rabs >> 8) & 0x1) ? -(NOR_R + xx) : NOR_R + xx;
            }
        }
        if ((fi[idx - 1] - fi[idx]) * next_double(s) + fi[idx] < exp(-0.5 * x * x))
            return x;
    }
}

static inline __attribute__((always_inline)) double zig_exponential(np_bitgen *s, uint64_t (*next64)(np_bitgen *),
                                                                    double (*next_double)(np_bitgen *)) {
    for (;;) {
        uint64_t ri = next64(s);
        ri >>= 3;
        int idx = (int)(ri & 0xFF);
        ri >>= 8;
        double x = (double)ri * we[idx];
        if (ri < ke[idx])
            return x;
        if (idx == 0)
            return EXP_R - log1p(-next_double(s));
        if ((fe[idx - 1] - fe[idx]) * next_double(s) + fe[idx] < exp(-x))
            return x;
    }
}

static inline uint64_t pcg_next64(np_bitgen *bg) { return np_pcg_next64(np_pcg_of(bg)); }

static inline double pcg_double(np_bitgen *bg) {
    return (double)(np_pcg_next64(np_pcg_of(bg)) >> 11) * (1.0 / 9007199254740992.0);
}

double np_zig_normal(np_bitgen *s) {
    if (s->kind == &np_pcg64_kind)
        return zig_normal(s, pcg_next64, pcg_double);
    return zig_normal(s, np_next64, np_next_double);
}

double np_zig_exponential(np_bitgen *s) {
    if (s->kind == &np_pcg64_kind)
        return zig_exponential(s, pcg_next64, pcg_double);
    return zig_exponential(s, np_next64, np_next_double);
}

/* Fills out[n]: the draws inlined in one loop per kind. */
#define ZIG_FILL(name, draw)                                              \
    void name(np_bitgen *s, double *out, int64_t n) {                     \
        if (s->kind == &np_pcg64_kind)                                    \
            for (int64_t i = 0; i < n; i++)                               \
                out[i] = draw(s, pcg_next64, pcg_double);                 \
        else                                                              \
            for (int64_t i = 0; i < n; i++)                               \
                out[i] = draw(s, np_next64, np_next_double);              \
    }
ZIG_FILL(np_zig_normal_fill, zig_normal)
ZIG_FILL(np_zig_exponential_fill, zig_exponential)
