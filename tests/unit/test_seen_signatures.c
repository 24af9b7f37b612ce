/* test_seen_signatures.c: the replay window of kernel/seen_signatures.c
 * (Note [Replay window]): every one of the last CG_SEEN_SIGNATURES_WINDOW
 * signatures is refused, whatever came after it; only the oldest is ever
 * forgotten. The unit tests do not link kernel/, and this file needs
 * pthreads and libc only, so it is compiled in here. The protocol-level
 * replay test is tests/kernel/test_wire.py. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>

#include "../../kernel/seen_signatures.c"

/* A distinct 64-digit hex signature for n: a mixed 64-bit value for the
 * hash bits, n itself in the next ones so that no two collide. */
static void sig_of(uint64_t n, bool colliding, char out[65]) {
    uint64_t h = n * 0x9E3779B97F4A7C15u;
    if (colliding)
        h &= ~(uint64_t)0xFF; /* 256 signatures per home slot: long probe chains */
    snprintf(out, 65, "%016llx%016llx%032x", (unsigned long long)__builtin_bswap64(h), (unsigned long long)n, 0);
}

static void check_window(bool colliding) {
    cg_seen_signatures s;
    cr_assert_eq(cg_seen_signatures_init(&s), 0);
    const uint64_t W = CG_SEEN_SIGNATURES_WINDOW, total = 3 * W + 12345;
    char sig[65];
    for (uint64_t n = 0; n < total; n++) {
        sig_of(n, colliding, sig);
        cr_assert(cg_seen_signatures_add(&s, sig), "signature %llu refused when new", (unsigned long long)n);
        /* a replay right away, and one of a signature from W - 1 messages ago */
        cr_assert_not(cg_seen_signatures_add(&s, sig));
        if (n >= W - 1 && n % 997 == 0) {
            sig_of(n - (W - 1), colliding, sig);
            cr_assert_not(cg_seen_signatures_add(&s, sig), "signature %llu forgotten too soon",
                          (unsigned long long)(n - (W - 1)));
        }
    }
    /* the last W are all refused; the one before them was forgotten */
    for (uint64_t n = total - W; n < total; n++) {
        sig_of(n, colliding, sig);
        cr_assert_not(cg_seen_signatures_add(&s, sig), "signature %llu forgotten", (unsigned long long)n);
    }
    sig_of(total - W - 1, colliding, sig);
    cr_assert(cg_seen_signatures_add(&s, sig));
    cg_seen_signatures_free(&s);
}

Test(seen_signatures, keeps_exactly_the_last_window) { check_window(false); }

Test(seen_signatures, keeps_the_window_with_colliding_hashes) { check_window(true); }

Test(seen_signatures, window_is_at_least_ipykernels) { cr_assert_geq(CG_SEEN_SIGNATURES_WINDOW, 65536); }
