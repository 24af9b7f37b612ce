/* bitgen.h: a bit generator as numpy.random's draws see it (numpy's
 * bitgen_t): one object type for every kind (MT19937, PCG64, PCG64DXSM,
 * SFC64, Philox), its state in the kind's own layout after a common head,
 * so that the draws (distributions.c) run over any of them. Not the draws
 * and not the seeding policy (SeedSequence is lang/prelude/numpy/random.py).
 *
 * Note [numpy's bit generators]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * - A 64-bit generator's 32-bit draw is the low half of a 64-bit draw, the
 *   high half kept for the next 32-bit draw (has_uint32, uinteger); its
 *   double is the top 53 bits over 2^53. MT19937 draws 32 bits natively:
 *   a 64-bit draw is a high word then a low word, a double is
 *   (a >> 5) * 2^26 + (b >> 6) over 2^53.
 * - The state goes to Python as 32-bit words, most significant first
 *   within each 64-bit or 128-bit number (cgrad's ints are 64-bit signed in
 *   C); the Python side assembles numpy's state dictionaries from them.
 * - RandomState's polar normal keeps its second value (has_gauss, gauss)
 *   in the object too, as numpy's aug_bitgen_t does beside the bit
 *   generator. */
#ifndef CG_NP_BITGEN_H
#define CG_NP_BITGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime/value.h"

typedef struct np_bitgen np_bitgen;

/* One kind of bit generator: its draws and its state's words. */
typedef struct {
    const char *name;
    int nwords;                                /* 32-bit words of get/set */
    bool raw32;                                /* random_raw gives 32 bits */
    uint64_t (*next64)(np_bitgen *bg);
    uint32_t (*next32)(np_bitgen *bg);
    double (*next_double)(np_bitgen *bg);
    /* seeds from n 32-bit words; how is the kind's own choice (MT19937:
     * 0 init_by_array, 1 init_genrand of w[0]) */
    void (*seed)(np_bitgen *bg, const uint32_t *w, int64_t n, int how);
    void (*get)(np_bitgen *bg, uint32_t *w);
    void (*set)(np_bitgen *bg, const uint32_t *w);
    /* moves the state on by delta (n words, most significant first), or NULL */
    void (*advance)(np_bitgen *bg, const uint32_t *w, int64_t n);
} np_bitgen_kind;

#define NP_BITGEN_STATE_BYTES 2560 /* MT19937's 624 words and position fit */

struct np_bitgen {
    cg_obj head;
    const np_bitgen_kind *kind;
    bool has_uint32;
    uint32_t uinteger;
    bool has_gauss;
    double gauss;
    _Alignas(16) unsigned char state[NP_BITGEN_STATE_BYTES];
};

extern const np_bitgen_kind np_mt19937_kind, np_pcg64_kind, np_pcg64dxsm_kind, np_sfc64_kind, np_philox_kind;

/* A 64-bit generator's 32-bit draw and double (Note [numpy's bit generators]). */
uint32_t np_bitgen_next32_buffered(np_bitgen *bg);
double np_bitgen_double53(np_bitgen *bg);

/* The bit generator in argument i, or NULL with TypeError raised. */
np_bitgen *np_bitgen_arg(const cg_args *a, int i);

/* numpy._bitgen: new(kind), seed, get, set, advance (bitgen.c). */
cg_value cg_numpy_bitgen_module_init(void);

#endif
