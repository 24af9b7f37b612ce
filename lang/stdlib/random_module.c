/* random_module.c: the `random` module and its Random class, drawing the
 * same numbers as CPython 3.11 for the same seed.
 *
 * The core is CPython's _random: a 624-word Mersenne Twister seeded with
 * init_by_array from the seed's 32-bit words, random() built from two
 * draws, getrandbits(k) from k bits of whole draws. Over it, the methods of
 * random.py replayed call for call (randrange through
 * _randbelow_with_getrandbits, shuffle, sample, choices, gauss with its
 * cached second value, ...), with Python's arithmetic on the arguments so
 * that ints, floats and tensors mix as they do there. Module-level
 * functions are the methods of one hidden Random instance, as in Python.
 *
 * SystemRandom is the same type drawing every 32-bit word from the OS
 * (getrandom) instead of the twister, so every method works over it.
 *
 * Not here: the DeprecationWarning for float arguments to randrange is
 * not printed; a Python subclass that overrides random() does not change
 * what the other methods draw. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/format.h"
#include "runtime/lang_internal.h"
#include "stdlib/stdlib.h"

/* ---- the Mersenne Twister (MT19937, as CPython's _randommodule.c) -------- */

enum { MT_N = 624, MT_M = 397 };
#define TWOPI 6.2831853071795864769252867665590057683943 /* math.tau */
#define MATH_PI_ 3.14159265358979323846                  /* math.pi */
#define MATH_E_ 2.7182818284590452354                    /* math.e */

typedef struct {
    cg_obj head;
    uint32_t state[MT_N];
    int index;
    cg_value gauss_next; /* random.py's self.gauss_next: None or a float */
    bool system;         /* a SystemRandom: every word comes from the OS */
} cg_random;

static void mt_init_genrand(cg_random *r, uint32_t s) {
    uint32_t *mt = r->state;
    mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    r->index = MT_N;
}

static void mt_init_by_array(cg_random *r, const uint32_t *key, size_t len) {
    uint32_t *mt = r->state;
    mt_init_genrand(r, 19650218u);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > len ? MT_N : len; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= len)
            j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u; /* a non-zero state */
}

/* SystemRandom's word: the OS's entropy (getrandom waits for it, and
 * retries when a signal cuts it short). */
static uint32_t os_word(void) {
    uint32_t w = 0;
    while (getrandom(&w, sizeof w, 0) != (ssize_t)sizeof w)
        ;
    return w;
}

static uint32_t mt_next(cg_random *r) {
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t *mt = r->state, y;
    if (r->system)
        return os_word();
    if (r->index >= MT_N) {
        int kk = 0;
        for (; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1];
        }
        y = (mt[MT_N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1];
        r->index = 0;
    }
    y = mt[r->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* random(): 53 bits from two draws, (a*2**26 + b) / 2**53 */
static double mt_random(cg_random *r) {
    uint32_t a = mt_next(r) >> 5, b = mt_next(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* getrandbits(k), 0 < k <= 64: whole draws from the least significant
 * word up; the last one keeps its top bits. */
static uint64_t mt_bits(cg_random *r, int k) {
    if (k <= 32)
        return mt_next(r) >> (32 - k);
    uint64_t lo = mt_next(r);
    return lo | (uint64_t)(mt_next(r) >> (64 - k)) << 32;
}

/* _randbelow_with_getrandbits(n), n > 0: k = n.bit_length() bits until
 * the draw is below n. n may pass INT64_MAX: the width of a range of
 * int64s. */
static uint64_t mt_below(cg_random *r, uint64_t n) {
    int k = 64 - __builtin_clzll(n);
    uint64_t v;
    do
        v = mt_bits(r, k);
    while (v >= n);
    return v;
}

/* ---- SHA-512, for seeding from a str (FIPS 180-4) ------------------------------
 * random.seed("text") seeds from int.from_bytes(text + sha512(text)). */

static const uint64_t sha512_k[80] = {
    0x428a2f98d728ae22u, 0x7137449123ef65cdu, 0xb5c0fbcfec4d3b2fu, 0xe9b5dba58189dbbcu, 0x3956c25bf348b538u,
    0x59f111f1b605d019u, 0x923f82a4af194f9bu, 0xab1c5ed5da6d8118u, 0xd807aa98a3030242u, 0x12835b0145706fbeu,
    0x243185be4ee4b28cu, 0x550c7dc3d5ffb4e2u, 0x72be5d74f27b896fu, 0x80deb1fe3b1696b1u, 0x9bdc06a725c71235u,
    0xc19bf174cf692694u, 0xe49b69c19ef14ad2u, 0xefbe4786384f25e3u, 0x0fc19dc68b8cd5b5u, 0x240ca1cc77ac9c65u,
    0x2de92c6f592b0275u, 0x4a7484aa6ea6e483u, 0x5cb0a9dcbd41fbd4u, 0x76f988da831153b5u, 0x983e5152ee66dfabu,
    0xa831c66d2db43210u, 0xb00327c898fb213fu, 0xbf597fc7beef0ee4u, 0xc6e00bf33da88fc2u, 0xd5a79147930aa725u,
    0x06ca6351e003826fu, 0x142929670a0e6e70u, 0x27b70a8546d22ffcu, 0x2e1b21385c26c926u, 0x4d2c6dfc5ac42aedu,
    0x53380d139d95b3dfu, 0x650a73548baf63deu, 0x766a0abb3c77b2a8u, 0x81c2c92e47edaee6u, 0x92722c851482353bu,
    0xa2bfe8a14cf10364u, 0xa81a664bbc423001u, 0xc24b8b70d0f89791u, 0xc76c51a30654be30u, 0xd192e819d6ef5218u,
    0xd69906245565a910u, 0xf40e35855771202au, 0x106aa07032bbd1b8u, 0x19a4c116b8d2d0c8u, 0x1e376c085141ab53u,
    0x2748774cdf8eeb99u, 0x34b0bcb5e19b48a8u, 0x391c0cb3c5c95a63u, 0x4ed8aa4ae3418acbu, 0x5b9cca4f7763e373u,
    0x682e6ff3d6b2b8a3u, 0x748f82ee5defb2fcu, 0x78a5636f43172f60u, 0x84c87814a1f0ab72u, 0x8cc702081a6439ecu,
    0x90befffa23631e28u, 0xa4506cebde82bde9u, 0xbef9a3f7b2c67915u, 0xc67178f2e372532bu, 0xca273eceea26619cu,
    0xd186b8c721c0c207u, 0xeada7dd6cde0eb1eu, 0xf57d4f7fee6ed178u, 0x06f067aa72176fbau, 0x0a637dc5a2c898a6u,
    0x113f9804bef90daeu, 0x1b710b35131c471bu, 0x28db77f523047d84u, 0x32caab7b40c72493u, 0x3c9ebe0a15c9bebcu,
    0x431d67c49c100d4cu, 0x4cc5d4becb3e42b6u, 0x597f299cfc657e2au, 0x5fcb6fab3ad6faecu, 0x6c44198c4a475817u,
};

static uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

static void sha512_block(uint64_t h[8], const unsigned char *p) {
    uint64_t w[80], v[8];
    for (int i = 0; i < 16; i++) {
        w[i] = 0;
        for (int b = 0; b < 8; b++)
            w[i] = w[i] << 8 | p[8 * i + b];
    }
    for (int i = 16; i < 80; i++) {
        uint64_t s0 = rotr64(w[i - 15], 1) ^ rotr64(w[i - 15], 8) ^ (w[i - 15] >> 7);
        uint64_t s1 = rotr64(w[i - 2], 19) ^ rotr64(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    memcpy(v, h, sizeof v);
    for (int i = 0; i < 80; i++) {
        uint64_t S1 = rotr64(v[4], 14) ^ rotr64(v[4], 18) ^ rotr64(v[4], 41);
        uint64_t ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
        uint64_t t1 = v[7] + S1 + ch + sha512_k[i] + w[i];
        uint64_t S0 = rotr64(v[0], 28) ^ rotr64(v[0], 34) ^ rotr64(v[0], 39);
        uint64_t maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
        memmove(v + 1, v, 7 * sizeof *v);
        v[4] += t1;
        v[0] = t1 + S0 + maj;
    }
    for (int i = 0; i < 8; i++)
        h[i] += v[i];
}

static void sha512(const unsigned char *msg, size_t len, unsigned char out[64]) {
    uint64_t h[8] = {0x6a09e667f3bcc908u, 0xbb67ae8584caa73bu, 0x3c6ef372fe94f82bu, 0xa54ff53a5f1d36f1u,
                     0x510e527fade682d1u, 0x9b05688c2b3e6c1fu, 0x1f83d9abfb41bd6bu, 0x5be0cd19137e2179u};
    size_t full = len / 128 * 128;
    for (size_t i = 0; i < full; i += 128)
        sha512_block(h, msg + i);
    /* the tail, a 1 bit, zeros, and the length in bits (128-bit big-endian) */
    unsigned char tail[256] = {0};
    size_t rest = len - full, n = rest + 17 <= 128 ? 128 : 256;
    memcpy(tail, msg + full, rest);
    tail[rest] = 0x80;
    uint64_t bits = (uint64_t)len * 8;
    for (int b = 0; b < 8; b++)
        tail[n - 1 - b] = (unsigned char)(bits >> (8 * b));
    tail[n - 9] = (unsigned char)((uint64_t)len >> 61);
    for (size_t i = 0; i < n; i += 128)
        sha512_block(h, tail + i);
    for (int i = 0; i < 8; i++)
        for (int b = 0; b < 8; b++)
            out[8 * i + b] = (unsigned char)(h[i] >> (56 - 8 * b));
}

/* ---- seeding ---------------------------------------------------------------------- */

/* Seeds from |z|: its 32-bit words, least significant first (one word for 0). */
static int seed_mpz(cg_random *r, mpz_srcptr z) {
    size_t n = (mpz_sizeinbase(z, 2) + 31) / 32, count = 0;
    uint32_t *key = calloc(n, sizeof *key);
    if (!key)
        return cg_raise_nomemory(), -1;
    mpz_export(key, &count, -1, sizeof *key, 0, 0, z);
    mt_init_by_array(r, key, count ? count : 1);
    free(key);
    return 0;
}

static int seed_int(cg_random *r, cg_value a) {
    mpz_t z;
    mpz_init(z);
    cg_int_get_mpz(a, z);
    int rc = seed_mpz(r, z);
    mpz_clear(z);
    return rc;
}

static void seed_u64(cg_random *r, uint64_t u) {
    uint32_t key[2] = {(uint32_t)u, (uint32_t)(u >> 32)};
    mt_init_by_array(r, key, key[1] ? 2 : 1);
}

/* seed(None): 624 words from the OS, or the time and pid if it fails. */
static void seed_os(cg_random *r) {
    uint32_t key[MT_N];
    if (getrandom(key, sizeof key, 0) == (ssize_t)sizeof key) {
        mt_init_by_array(r, key, MT_N);
        return;
    }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint32_t k[4] = {(uint32_t)ts.tv_sec, (uint32_t)((uint64_t)ts.tv_sec >> 32), (uint32_t)ts.tv_nsec,
                     (uint32_t)getpid()};
    mt_init_by_array(r, k, 4);
}

/* version 2 for str (as its UTF-8), bytes and bytearray: the int whose
 * big-endian bytes are the data followed by sha512(data). */
static int seed_bytes_v2(cg_random *r, const char *s, size_t len) {
    unsigned char *bytes = malloc(len + 64);
    if (!bytes)
        return cg_raise_nomemory(), -1;
    memcpy(bytes, s, len);
    sha512((const unsigned char *)s, len, bytes + len);
    mpz_t z;
    mpz_init(z);
    mpz_import(z, len + 64, 1, 1, 0, 0, bytes);
    free(bytes);
    int rc = seed_mpz(r, z);
    mpz_clear(z);
    return rc;
}

/* version 1 (Python 2's str seeding): a 64-bit hash of the code points
 * (of a bytes, its bytes as Latin-1). */
static void seed_text_v1(cg_random *r, cg_value a) {
    uint64_t x = 0, n = 0;
    if (cg_is_str(a)) {
        const cg_str *s = cg_as_str(a);
        int64_t i = 0, j = 0;
        if (s->len > 0)
            x = (uint64_t)cg_cp_next(s->s, s->len, &j) << 7;
        while (i < s->len)
            x = (1000003u * x) ^ cg_cp_next(s->s, s->len, &i);
        n = (uint64_t)s->ncp;
    } else {
        int64_t len;
        const unsigned char *b = (const unsigned char *)cg_byteslike_data(a, &len);
        if (len > 0)
            x = (uint64_t)b[0] << 7;
        for (int64_t i = 0; i < len; i++)
            x = (1000003u * x) ^ b[i];
        n = (uint64_t)len;
    }
    seed_u64(r, x ^ n);
}

/* random.py's seed over _random's: ints by their absolute value, str,
 * bytes and bytearray through sha512 (version 2) or Python 2's hash
 * (version 1), floats (and str of other versions) by their hash as
 * unsigned. */
static int random_seed_value(cg_random *r, cg_value a, cg_value version) {
    bool v1 = version.tag == CG_V_INT && version.u.i == 1, v2 = version.tag == CG_V_INT && version.u.i == 2;
    bool text = cg_is_str(a) || (a.tag == CG_V_OBJ && cg_is_bytes(a));
    bool bytearray = a.tag == CG_V_OBJ && cg_is_bytearray(a);
    int rc = 0;
    if (cg_is_none(a))
        seed_os(r);
    else if (a.tag == CG_V_INT || cg_is_bigint(a))
        rc = seed_int(r, a);
    else if (text && v1)
        seed_text_v1(r, a);
    else if ((text || bytearray) && v2) {
        int64_t len = cg_is_str(a) ? cg_as_str(a)->len : 0;
        const char *s = cg_is_str(a) ? cg_as_str(a)->s : cg_byteslike_data(a, &len);
        rc = seed_bytes_v2(r, s, (size_t)len);
    } else if (a.tag == CG_V_FLOAT || a.tag == CG_V_BOOL || text || bytearray || cg_is_int(a)) {
        int64_t h = cg_hash(a); /* bytearray: "unhashable type" as CPython's */
        if (h == -1 && cg_exc_pending())
            return -1;
        seed_u64(r, (uint64_t)h);
    } else {
        return cg_raise_int(&cg_exc_TypeError,
                            "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.");
    }
    if (rc < 0)
        return -1;
    cg_value_set(&r->gauss_next, CG_NONE);
    return 0;
}

/* ---- the Random type ----------------------------------------------------------------- */

static cg_random *as_random(cg_value v) { return (cg_random *)v.u.o; }

static void random_dealloc(cg_obj *o) {
    cg_decref(((cg_random *)o)->gauss_next);
    free(o);
}

static const cg_method_def random_methods[], random_init_def;
static cg_type system_random_type;
enum {
    M_SEED,
    M_RANDOM,
    M_GETRANDBITS,
    M_GETSTATE,
    M_SETSTATE,
    M_RANDRANGE,
    M_RANDINT,
    M_CHOICE,
    M_SHUFFLE,
    M_SAMPLE,
    M_CHOICES,
    M_UNIFORM,
    M_TRIANGULAR,
    M_NORMALVARIATE,
    M_GAUSS,
    M_LOGNORMVARIATE,
    M_EXPOVARIATE,
    M_PARETOVARIATE,
    M_WEIBULLVARIATE,
    M_VONMISESVARIATE,
    M_GAMMAVARIATE,
    M_BETAVARIATE,
    M_RANDBYTES,
    M_COUNT
};

/* random.py's methods are Python functions: their TypeErrors count self
 * ("Random.gauss() takes from 1 to 3 positional arguments but 4 were
 * given"), so self is bound as the first parameter here too. out[0] is
 * self; release out with cg_args_release. */
static int bind(const cg_method_def *def, cg_value self, const cg_args *a, cg_value *out, int n) {
    cg_value small[8], *pos = a->npos < 8 ? small : malloc(sizeof(cg_value) * (size_t)(a->npos + 1));
    if (!pos)
        return cg_raise_nomemory(), -1;
    pos[0] = self;
    for (int i = 0; i < a->npos; i++)
        pos[i + 1] = a->pos[i];
    cg_args b = {pos, a->npos + 1, a->kwn, a->kwv, a->nkw};
    int rc = cg_args_bind(def, &b, out, n);
    if (pos != small)
        free(pos);
    return rc;
}

static cg_value random_new(cg_type *type, const cg_args *a) {
    cg_random *r = malloc(sizeof *r);
    if (!r)
        return cg_raise_nomemory();
    r->head = (cg_obj){1, type};
    r->gauss_next = CG_NONE;
    r->system = cg_type_is_subtype(type, &system_random_type);
    r->index = MT_N;
    cg_value self = cg_obj_value(r), x[2];
    if (bind(&random_init_def, self, a, x, 2) < 0) {
        cg_decref(self);
        return CG_ERR;
    }
    int rc = r->system ? 0 : random_seed_value(r, x[1], cg_int(2));
    cg_args_release(&random_init_def, x, 2);
    if (rc < 0) {
        cg_decref(self);
        return CG_ERR;
    }
    return self;
}

static cg_type random_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "Random",
    .module = "random",
    .base = &cg_type_object,
    .basicsize = sizeof(cg_random),
    .dealloc = random_dealloc,
    .repr = cg_object_repr,
    .hash = cg_object_hash,
    .new_ = random_new,
};

/* ---- the core methods ------------------------------------------------------------------- */

static cg_value random_seed(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (bind(&random_methods[M_SEED], self, a, x, 3) < 0)
        return CG_ERR;
    int rc = random_seed_value(as_random(self), x[1], x[2]);
    cg_args_release(&random_methods[M_SEED], x, 3);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* random() and getrandbits(k) are C methods in CPython: METH_NOARGS and METH_O */
static cg_value random_random(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "Random.random() takes no keyword arguments");
    if (a->npos)
        return cg_raise(&cg_exc_TypeError, "Random.random() takes no arguments (%d given)", a->npos);
    return cg_float(mt_random(as_random(self)));
}

/* k > 63 random bits as CPython draws them: 32-bit words, least
 * significant first, the last one cut to the bits left. */
static cg_value random_bits_big(cg_random *r, int64_t k) {
    size_t words = (size_t)((k - 1) / 32 + 1);
    uint32_t *w = malloc(words * sizeof *w);
    if (!w)
        return cg_raise_nomemory();
    for (size_t i = 0; i < words; i++, k -= 32)
        w[i] = k < 32 ? mt_next(r) >> (32 - k) : mt_next(r);
    mpz_t z;
    mpz_init(z);
    mpz_import(z, words, -1, sizeof *w, 0, 0, w);
    free(w);
    return cg_int_take_mpz(z);
}

static cg_value random_getrandbits(cg_value self, const cg_args *a) {
    int64_t k;
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "Random.getrandbits() takes no keyword arguments");
    if (a->npos != 1)
        return cg_raise(&cg_exc_TypeError, "Random.getrandbits() takes exactly one argument (%d given)", a->npos);
    if (cg_index_value(a->pos[0], &k) < 0)
        return CG_ERR;
    if (k < 0)
        return cg_raise(&cg_exc_ValueError, "number of bits must be non-negative");
    if (k == 0)
        return cg_int(0);
    if (k <= 63)
        return cg_int((int64_t)mt_bits(as_random(self), (int)k));
    if ((uint64_t)k > CG_BIGINT_MAX_BITS)
        return cg_raise_nomemory(); /* before drawing: the state stays */
    return random_bits_big(as_random(self), k);
}

/* getstate(): (3, the 624 words and the index, gauss_next) */
static cg_value random_getstate(cg_value self, const cg_args *a) {
    cg_value x[1];
    if (bind(&random_methods[M_GETSTATE], self, a, x, 1) < 0)
        return CG_ERR;
    cg_args_release(&random_methods[M_GETSTATE], x, 1);
    cg_random *r = as_random(self);
    cg_value words = cg_tuple_new(MT_N + 1);
    if (cg_is_err(words))
        return words;
    for (int i = 0; i < MT_N; i++)
        cg_as_tuple(words)->items[i] = cg_int(r->state[i]);
    cg_as_tuple(words)->items[MT_N] = cg_int(r->index);
    cg_value t = cg_tuple_pack(3, cg_int(3), words, r->gauss_next);
    cg_decref(words);
    return t;
}

/* _random.Random.setstate(words); version 2 words are reduced mod 2**32 */
static int set_words(cg_random *r, cg_value words, bool reduce) {
    if (!cg_is_tuple(words))
        return cg_raise_int(&cg_exc_TypeError, "state vector must be a tuple");
    cg_tuple *t = cg_as_tuple(words);
    if (t->len != MT_N + 1)
        return cg_raise_int(&cg_exc_ValueError, "state vector is the wrong size");
    uint32_t state[MT_N];
    for (int i = 0; i < MT_N; i++) {
        int64_t w;
        cg_value v = t->items[i];
        if (v.tag != CG_V_INT && v.tag != CG_V_BOOL)
            return cg_raise_int(&cg_exc_TypeError, "an integer is required");
        w = v.u.i;
        if (reduce)
            w = (int64_t)((uint64_t)w & 0xffffffffu);
        if (w < 0)
            return cg_raise_int(&cg_exc_OverflowError, "can't convert negative value to unsigned int");
        state[i] = (uint32_t)w; /* C's unsigned long, cut to 32 bits */
    }
    int64_t index;
    if (cg_index_value(t->items[MT_N], &index) < 0)
        return -1;
    if (index < 0 || index > MT_N)
        return cg_raise_int(&cg_exc_ValueError, "invalid state");
    memcpy(r->state, state, sizeof state);
    r->index = (int)index;
    return 0;
}

static int setstate_of(cg_random *r, cg_value state) {
    cg_value version = cg_getitem(state, cg_int(0));
    if (cg_is_err(version))
        return -1;
    int rc = -1;
    if (version.tag == CG_V_INT && (version.u.i == 3 || version.u.i == 2)) {
        cg_value parts = cg_list_from_iterable(state); /* version, internalstate, gauss_next = state */
        if (cg_is_err(parts))
            goto done;
        int64_t n = cg_as_list(parts)->len;
        if (n != 3)
            cg_raise(&cg_exc_ValueError,
                     n > 3 ? "too many values to unpack (expected 3)"
                           : "not enough values to unpack (expected 3, got %lld)",
                     (long long)n);
        else { /* the unpacking sets gauss_next before the words are checked */
            cg_value_set(&r->gauss_next, cg_incref(cg_as_list(parts)->items[2]));
            rc = set_words(r, cg_as_list(parts)->items[1], version.u.i == 2);
        }
        cg_decref(parts);
    } else {
        cg_value s = cg_to_str(version);
        if (!cg_is_err(s))
            cg_raise(&cg_exc_ValueError, "state with version %s passed to Random.setstate() of version 3",
                     cg_str_cstr(s));
        cg_decref(s);
    }
done:
    cg_decref(version);
    return rc;
}

static cg_value random_setstate(cg_value self, const cg_args *a) {
    cg_value x[2];
    if (bind(&random_methods[M_SETSTATE], self, a, x, 2) < 0)
        return CG_ERR;
    int rc = setstate_of(as_random(self), x[1]);
    cg_args_release(&random_methods[M_SETSTATE], x, 2);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* ---- integers ------------------------------------------------------------------------------- */

/* random.py's `istart = _index(start)`, falling back to int() for a
 * value equal to an int (2.0); what names the argument in the message. */
/* randrange's argument as an int (new reference): its __index__, or a
 * float equal to an int (3.11 still takes one, with a DeprecationWarning). */
static cg_value randrange_int(cg_value v, const char *what) {
    cg_value i = cg_index(v);
    if (!cg_is_err(i) || !cg_exc_matches(&cg_exc_TypeError))
        return i;
    cg_exc_clear();
    i = cg_int_of(v);
    if (cg_is_err(i))
        return i;
    int eq = cg_value_eq(i, v);
    if (eq <= 0) {
        cg_decref(i);
        return eq < 0 ? CG_ERR : cg_raise(&cg_exc_ValueError, "non-integer %s for randrange()", what);
    }
    return i;
}

/* Python's //: rounds toward minus infinity */
static __int128 floordiv128(__int128 a, __int128 b) {
    __int128 q = a / b;
    if (a % b != 0 && (a < 0) != (b < 0))
        q--;
    return q;
}

/* _randbelow(n) for n > 0 of any size: n.bit_length() bits until below n */
static int mt_below_mpz(cg_random *r, mpz_srcptr n, mpz_ptr out) {
    int64_t k = (int64_t)mpz_sizeinbase(n, 2);
    do {
        cg_value v = random_bits_big(r, k);
        if (cg_is_err(v))
            return -1;
        cg_int_get_mpz(v, out);
        cg_decref(v);
    } while (mpz_cmp(out, n) >= 0);
    return 0;
}

/* randrange over ints past 64 bits: the same steps in GMP integers */
static cg_value randrange_big(cg_random *r, cg_value start, cg_value stop, cg_value step) {
    mpz_t a, b, c, n, v;
    mpz_inits(a, b, c, n, v, NULL);
    cg_int_get_mpz(start, a);
    cg_int_get_mpz(stop, b);
    cg_int_get_mpz(step, c);
    mpz_sub(n, b, a); /* the width */
    cg_value out = CG_ERR;
    if (mpz_cmp_ui(c, 1) == 0) {
        if (mpz_sgn(n) <= 0) {
            char *sa = mpz_get_str(NULL, 10, a), *sb = mpz_get_str(NULL, 10, b), *sn = mpz_get_str(NULL, 10, n);
            cg_raise(&cg_exc_ValueError, "empty range for randrange() (%s, %s, %s)", sa, sb, sn);
            free(sa), free(sb), free(sn);
            goto done;
        }
    } else if (mpz_sgn(c) == 0) {
        cg_raise(&cg_exc_ValueError, "zero step for randrange()");
        goto done;
    } else {
        mpz_add(n, n, c);
        if (mpz_sgn(c) > 0)
            mpz_sub_ui(n, n, 1);
        else
            mpz_add_ui(n, n, 1);
        mpz_fdiv_q(n, n, c);
        if (mpz_sgn(n) <= 0) {
            cg_raise(&cg_exc_ValueError, "empty range for randrange()");
            goto done;
        }
    }
    if (mpz_sizeinbase(n, 2) > CG_BIGINT_MAX_BITS) {
        cg_raise_nomemory();
        goto done;
    }
    if (mt_below_mpz(r, n, v) < 0)
        goto done;
    mpz_addmul(a, v, c);
    out = cg_int_from_mpz(a);
done:
    mpz_clears(a, b, c, n, v, NULL);
    return out;
}

/* randrange over three ints that fit in 64 bits (the width fits in 65) */
static cg_value randrange_small(cg_random *r, int64_t istart, int64_t istop, int64_t istep) {
    __int128 width = (__int128)istop - istart;
    if (istep == 1) {
        if (width > 0)
            return cg_int((int64_t)(istart + (__int128)mt_below(r, (uint64_t)width)));
        return cg_raise(&cg_exc_ValueError, "empty range for randrange() (%lld, %lld, %s%llu)", (long long)istart,
                        (long long)istop, width < 0 ? "-" : "", (unsigned long long)(width < 0 ? -width : width));
    }
    __int128 n;
    if (istep > 0)
        n = floordiv128((__int128)width + istep - 1, istep);
    else if (istep < 0)
        n = floordiv128((__int128)width + istep + 1, istep);
    else
        return cg_raise(&cg_exc_ValueError, "zero step for randrange()");
    if (n <= 0)
        return cg_raise(&cg_exc_ValueError, "empty range for randrange()");
    if (n > (__int128)UINT64_MAX)
        return CG_NONE; /* the caller takes the big path */
    return cg_int((int64_t)(istart + (__int128)istep * mt_below(r, (uint64_t)n)));
}

static cg_value randrange_of(cg_random *r, cg_value start, cg_value stop, cg_value step) {
    cg_value a = randrange_int(start, "arg 1"), b = CG_NONE, c = CG_NONE, out = CG_ERR;
    if (cg_is_err(a))
        return a;
    if (cg_is_none(stop)) {
        if (!(step.tag == CG_V_INT && step.u.i == 1)) /* `step is not _ONE` */
            cg_raise(&cg_exc_TypeError, "Missing a non-None stop argument");
        else if (cg_int_cmp(a, cg_int(0)) <= 0)
            cg_raise(&cg_exc_ValueError, "empty range for randrange()");
        else if (a.tag == CG_V_INT)
            out = cg_int((int64_t)mt_below(r, (uint64_t)a.u.i));
        else
            out = randrange_big(r, cg_int(0), a, cg_int(1));
        cg_decref(a);
        return out;
    }
    b = randrange_int(stop, "stop");
    if (!cg_is_err(b))
        c = randrange_int(step, "step");
    if (!cg_is_err(b) && !cg_is_err(c)) {
        int64_t x, y, z;
        bool small = cg_int_to_int64(a, &x) == 0 && cg_int_to_int64(b, &y) == 0 && cg_int_to_int64(c, &z) == 0;
        out = small ? randrange_small(r, x, y, z) : CG_NONE;
        if (cg_is_none(out))
            out = randrange_big(r, a, b, c);
    }
    cg_decref(a);
    cg_decref(b);
    cg_decref(c);
    return out;
}

static cg_value random_randrange(cg_value self, const cg_args *a) {
    cg_value x[4];
    if (bind(&random_methods[M_RANDRANGE], self, a, x, 4) < 0)
        return CG_ERR;
    cg_value v = randrange_of(as_random(self), x[1], x[2], x[3]);
    cg_args_release(&random_methods[M_RANDRANGE], x, 4);
    return v;
}

static cg_value random_randint(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (bind(&random_methods[M_RANDINT], self, a, x, 3) < 0)
        return CG_ERR;
    cg_value stop = cg_binary(x[2], cg_int(1), OP_ADD); /* randrange(a, b+1) */
    cg_value v = cg_is_err(stop) ? stop : randrange_of(as_random(self), x[1], stop, cg_int(1));
    cg_decref(stop);
    cg_args_release(&random_methods[M_RANDINT], x, 3);
    return v;
}

/* ---- sequences ---------------------------------------------------------------------------- */

static cg_value random_choice(cg_value self, const cg_args *a) {
    cg_value x[2], v = CG_ERR;
    if (bind(&random_methods[M_CHOICE], self, a, x, 2) < 0)
        return CG_ERR;
    int64_t n = cg_len(x[1]);
    if (n == 0)
        cg_raise(&cg_exc_IndexError, "Cannot choose from an empty sequence");
    else if (n > 0)
        v = cg_getitem(x[1], cg_int(mt_below(as_random(self), n)));
    cg_args_release(&random_methods[M_CHOICE], x, 2);
    return v;
}

/* for i in reversed(range(1, len(x))): j = randbelow(i+1); x[i], x[j] = x[j], x[i] */
static int shuffle_of(cg_random *r, cg_value x) {
    int64_t n = cg_len(x);
    if (n < 0)
        return -1;
    for (int64_t i = n - 1; i >= 1; i--) {
        int64_t j = mt_below(r, i + 1);
        if (cg_is_type(x, &cg_type_list) && cg_as_list(x)->len == n) {
            cg_value *items = cg_as_list(x)->items, t = items[i];
            items[i] = items[j];
            items[j] = t;
            continue;
        }
        cg_value xj = cg_getitem(x, cg_int(j));
        if (cg_is_err(xj))
            return -1;
        cg_value xi = cg_getitem(x, cg_int(i));
        int rc = cg_is_err(xi) ? -1 : cg_setitem(x, cg_int(i), xj);
        if (rc == 0)
            rc = cg_setitem(x, cg_int(j), xi);
        cg_decref(xj);
        cg_decref(xi);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static cg_value random_shuffle(cg_value self, const cg_args *a) {
    cg_value x[2];
    if (bind(&random_methods[M_SHUFFLE], self, a, x, 2) < 0)
        return CG_ERR;
    int rc = shuffle_of(as_random(self), x[1]);
    cg_args_release(&random_methods[M_SHUFFLE], x, 2);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* bisect.bisect_right(a, x, lo, hi) with Python's `<` */
static int64_t bisect_right(const cg_value *a, cg_value x, int64_t lo, int64_t hi) {
    while (lo < hi) {
        int64_t mid = (lo + hi) / 2;
        cg_value lt = cg_compare(x, a[mid], OP_LT);
        if (cg_is_err(lt))
            return -1;
        int t = cg_truth(lt);
        cg_decref(lt);
        if (t < 0)
            return -1;
        if (t)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* list(itertools.accumulate(iterable)): running sums with Python's + */
static cg_value accumulate(cg_value iterable) {
    cg_value l = cg_list_from_iterable(iterable);
    if (cg_is_err(l))
        return l;
    cg_list *xs = cg_as_list(l);
    for (int64_t i = 1; i < xs->len; i++) {
        cg_value s = cg_binary(xs->items[i - 1], xs->items[i], OP_ADD);
        if (cg_is_err(s)) {
            cg_decref(l);
            return s;
        }
        cg_value_set(&xs->items[i], s);
    }
    return l;
}

/* Indices already drawn, for sample's set method: open addressing. */
typedef struct {
    int64_t *slots; /* -1: empty */
    int64_t cap;
} index_set;

static int index_set_add(index_set *s, int64_t j) {
    uint64_t h = (uint64_t)j * 0x9e3779b97f4a7c15u;
    for (int64_t i = (int64_t)(h >> 32) & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
        if (s->slots[i] == j)
            return 0;
        if (s->slots[i] == -1) {
            s->slots[i] = j;
            return 1;
        }
    }
}

/* random.py's sample without counts: a pool when the population is small
 * next to a k-set (CPython's memory rule), else redraws against a set. */
static cg_value sample_of(cg_random *r, cg_value population, int64_t n, int64_t k) {
    if (k < 0 || k > n)
        return cg_raise(&cg_exc_ValueError, "Sample larger than population or is negative");
    cg_value result = cg_list_new(k);
    if (cg_is_err(result))
        return result;
    cg_value *out = cg_as_list(result)->items;
    double setsize = 21;
    if (k > 5)
        setsize += pow(4.0, ceil(log((double)(k * 3)) / log(4.0)));
    if ((double)n <= setsize) {
        cg_value pool = cg_list_from_iterable(population);
        if (cg_is_err(pool))
            goto fail;
        cg_value *p = cg_as_list(pool)->items;
        for (int64_t i = 0; i < k; i++) {
            int64_t j = mt_below(r, n - i);
            cg_value_set(&out[i], cg_incref(p[j]));
            cg_value_set(&p[j], cg_incref(p[n - i - 1]));
        }
        cg_decref(pool);
        return result;
    }
    index_set seen = {NULL, 16};
    while (seen.cap < 4 * k)
        seen.cap *= 2;
    if (!(seen.slots = malloc(sizeof(int64_t) * (size_t)seen.cap))) {
        cg_raise_nomemory();
        goto fail;
    }
    memset(seen.slots, 0xff, sizeof(int64_t) * (size_t)seen.cap);
    for (int64_t i = 0; i < k; i++) {
        int64_t j;
        do
            j = mt_below(r, n);
        while (!index_set_add(&seen, j));
        cg_value v = cg_getitem(population, cg_int(j));
        if (cg_is_err(v)) {
            free(seen.slots);
            goto fail;
        }
        cg_value_set(&out[i], v);
    }
    free(seen.slots);
    return result;
fail:
    cg_decref(result);
    return CG_ERR;
}

/* sample(population, k, counts=...): a sample of range(total), each
 * mapped back to its population element through the cumulative counts. */
static cg_value sample_counts(cg_random *r, cg_value population, int64_t n, cg_value counts, int64_t k) {
    cg_value cum = accumulate(counts), res = CG_ERR, sel = CG_ERR;
    if (cg_is_err(cum))
        return cum;
    cg_list *c = cg_as_list(cum);
    if (c->len != n) {
        cg_raise(&cg_exc_ValueError, "The number of counts does not match the population");
        goto done;
    }
    if (n == 0) {
        cg_raise(&cg_exc_IndexError, "pop from empty list");
        goto done;
    }
    cg_value total = c->items[n - 1];
    if (total.tag != CG_V_INT && total.tag != CG_V_BOOL) {
        cg_raise(&cg_exc_TypeError, "Counts must be integers");
        goto done;
    }
    if (total.u.i <= 0) {
        cg_raise(&cg_exc_ValueError, "Total of counts must be greater than zero");
        goto done;
    }
    cg_value range = cg_range_new(0, total.u.i, 1);
    if (cg_is_err(range))
        goto done;
    sel = sample_of(r, range, total.u.i, k);
    cg_decref(range);
    if (cg_is_err(sel) || cg_is_err(res = cg_list_new(k)))
        goto done;
    for (int64_t i = 0; i < k; i++) {
        int64_t at = bisect_right(c->items, cg_as_list(sel)->items[i], 0, n - 1);
        cg_value v = at < 0 ? CG_ERR : cg_getitem(population, cg_int(at));
        if (cg_is_err(v)) {
            cg_value_set(&res, CG_ERR);
            break;
        }
        cg_value_set(&cg_as_list(res)->items[i], v);
    }
done:
    cg_decref(sel);
    cg_decref(cum);
    return res;
}

static bool is_sequence(cg_value v) {
    return cg_is_list(v) || cg_is_tuple(v) || cg_is_str(v) || cg_isinstance(v, &cg_type_range);
}

static cg_value random_sample(cg_value self, const cg_args *a) {
    cg_value x[4], v = CG_ERR;
    if (bind(&random_methods[M_SAMPLE], self, a, x, 4) < 0)
        return CG_ERR;
    int64_t n, k;
    if (!is_sequence(x[1]))
        cg_raise(&cg_exc_TypeError, "Population must be a sequence.  For dicts or sets, use sorted(d).");
    else if ((n = cg_len(x[1])) >= 0 && cg_index_value(x[2], &k) == 0)
        v = cg_is_none(x[3]) ? sample_of(as_random(self), x[1], n, k)
                             : sample_counts(as_random(self), x[1], n, x[3], k);
    cg_args_release(&random_methods[M_SAMPLE], x, 4);
    return v;
}

/* choices without weights: population[floor(random() * n)], k times */
static cg_value choices_uniform(cg_random *r, cg_value population, int64_t n, int64_t k) {
    cg_value res = cg_list_new(k < 0 ? 0 : k);
    for (int64_t i = 0; !cg_is_err(res) && i < k; i++) {
        double u = floor(mt_random(r) * (double)n);
        cg_value v = cg_getitem(population, cg_int((int64_t)u));
        if (cg_is_err(v))
            cg_value_set(&res, CG_ERR);
        else
            cg_value_set(&cg_as_list(res)->items[i], v);
    }
    return res;
}

/* choices with cumulative weights: bisect(cum, random() * total, 0, n-1) */
static cg_value choices_weighted(cg_random *r, cg_value population, int64_t n, cg_value cum, int64_t k) {
    cg_list *c = cg_as_list(cum);
    if (c->len != n)
        return cg_raise(&cg_exc_ValueError, "The number of weights does not match the population");
    if (n == 0)
        return cg_raise(&cg_exc_IndexError, "list index out of range");
    cg_value total = cg_binary(c->items[n - 1], cg_float(0.0), OP_ADD), res = CG_ERR;
    if (cg_is_err(total))
        return total;
    cg_value le = cg_compare(total, cg_float(0.0), OP_LT_E);
    int nonpositive = cg_is_err(le) ? -1 : cg_truth(le);
    cg_decref(le);
    double ftotal;
    if (nonpositive < 0 || cg_float_value(total, &ftotal) < 0)
        goto done;
    if (nonpositive) {
        cg_raise(&cg_exc_ValueError, "Total of weights must be greater than zero");
        goto done;
    }
    if (!isfinite(ftotal)) {
        cg_raise(&cg_exc_ValueError, "Total of weights must be finite");
        goto done;
    }
    res = cg_list_new(k < 0 ? 0 : k);
    for (int64_t i = 0; !cg_is_err(res) && i < k; i++) {
        cg_value u = cg_binary(cg_float(mt_random(r)), total, OP_MULT);
        int64_t at = cg_is_err(u) ? -1 : bisect_right(c->items, u, 0, n - 1);
        cg_decref(u);
        cg_value v = at < 0 ? CG_ERR : cg_getitem(population, cg_int(at));
        if (cg_is_err(v))
            cg_value_set(&res, CG_ERR);
        else
            cg_value_set(&cg_as_list(res)->items[i], v);
    }
done:
    cg_decref(total);
    return res;
}

static cg_value choices_of(cg_random *r, cg_value population, cg_value weights, cg_value cum_weights, cg_value kv) {
    int64_t n = cg_len(population), k;
    if (n < 0)
        return CG_ERR;
    cg_value cum;
    if (cg_is_none(cum_weights)) {
        if (cg_is_none(weights)) {
            if (cg_index_value(kv, &k) < 0)
                return CG_ERR;
            return choices_uniform(r, population, n, k);
        }
        cum = accumulate(weights);
        if (cg_is_err(cum) && (weights.tag == CG_V_INT || weights.tag == CG_V_BOOL)
            && cg_exc_matches(&cg_exc_TypeError)) {
            cg_exc_clear();
            cg_value rep = cg_repr(weights);
            if (!cg_is_err(rep))
                cg_raise(&cg_exc_TypeError, "The number of choices must be a keyword argument: k=%s", cg_str_cstr(rep));
            cg_decref(rep);
            return CG_ERR;
        }
    } else if (!cg_is_none(weights)) {
        return cg_raise(&cg_exc_TypeError, "Cannot specify both weights and cumulative weights");
    } else {
        if (cg_len(cum_weights) < 0)
            return CG_ERR;
        cum = cg_list_from_iterable(cum_weights);
    }
    if (cg_is_err(cum))
        return cum;
    cg_value res = CG_ERR;
    if (cg_index_value(kv, &k) == 0)
        res = choices_weighted(r, population, n, cum, k);
    cg_decref(cum);
    return res;
}

static cg_value random_choices(cg_value self, const cg_args *a) {
    cg_value x[5];
    if (bind(&random_methods[M_CHOICES], self, a, x, 5) < 0)
        return CG_ERR;
    cg_value v = choices_of(as_random(self), x[1], x[2], x[3], x[4]);
    cg_args_release(&random_methods[M_CHOICES], x, 5);
    return v;
}

/* ---- real-valued distributions --------------------------------------------------------
 * random.py's formulas with Python's operators on the arguments: a + b*z
 * is `mu + z * sigma` for any numbers (or tensors) mu and sigma. */

static cg_value add_mul(cg_value a, cg_value z, cg_value b) {
    cg_value m = cg_binary(z, b, OP_MULT);
    if (cg_is_err(m))
        return m;
    cg_value r = cg_binary(a, m, OP_ADD);
    cg_decref(m);
    return r;
}

static cg_value random_uniform(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (bind(&random_methods[M_UNIFORM], self, a, x, 3) < 0)
        return CG_ERR;
    cg_value d = cg_binary(x[2], x[1], OP_SUB); /* a + (b - a) * random() */
    cg_value v = cg_is_err(d) ? d : add_mul(x[1], d, cg_float(mt_random(as_random(self))));
    cg_decref(d);
    cg_args_release(&random_methods[M_UNIFORM], x, 3);
    return v;
}

static cg_value triangular_of(cg_random *r, cg_value low, cg_value high, cg_value mode) {
    double u = mt_random(r);
    cg_value c;
    if (cg_is_none(mode)) {
        c = cg_float(0.5);
    } else { /* (mode - low) / (high - low); ZeroDivisionError: low */
        cg_value num = cg_binary(mode, low, OP_SUB), den = CG_ERR;
        c = cg_is_err(num) || cg_is_err(den = cg_binary(high, low, OP_SUB)) ? CG_ERR : cg_binary(num, den, OP_DIV);
        cg_decref(num);
        cg_decref(den);
        if (cg_is_err(c) && cg_exc_matches(&cg_exc_ZeroDivisionError)) {
            cg_exc_clear();
            return cg_incref(low);
        }
        if (cg_is_err(c))
            return c;
    }
    cg_value gt = cg_compare(cg_float(u), c, OP_GT), v = CG_ERR, uc = CG_ERR;
    int swap = cg_is_err(gt) ? -1 : cg_truth(gt);
    cg_decref(gt);
    if (swap < 0)
        goto done;
    if (swap) {
        u = 1.0 - u;
        cg_value_set(&c, cg_binary(cg_float(1.0), c, OP_SUB));
        cg_value t = low;
        low = high;
        high = t;
        if (cg_is_err(c))
            goto done;
    }
    double s;
    uc = cg_binary(cg_float(u), c, OP_MULT); /* low + (high - low) * sqrt(u * c) */
    if (cg_is_err(uc) || cg_float_value(uc, &s) < 0)
        goto done;
    if (s < 0) {
        cg_raise(&cg_exc_ValueError, "math domain error");
        goto done;
    }
    cg_value d = cg_binary(high, low, OP_SUB);
    if (!cg_is_err(d))
        v = add_mul(low, d, cg_float(sqrt(s)));
    cg_decref(d);
done:
    cg_decref(uc);
    cg_decref(c);
    return v;
}

static cg_value random_triangular(cg_value self, const cg_args *a) {
    cg_value x[4];
    if (bind(&random_methods[M_TRIANGULAR], self, a, x, 4) < 0)
        return CG_ERR;
    cg_value v = triangular_of(as_random(self), x[1], x[2], x[3]);
    cg_args_release(&random_methods[M_TRIANGULAR], x, 4);
    return v;
}

/* Kinderman and Monahan's ratio of uniforms */
static double normal_draw(cg_random *r) {
    const double nv_magicconst = 4 * exp(-0.5) / sqrt(2.0);
    for (;;) {
        double u1 = mt_random(r), u2 = 1.0 - mt_random(r);
        double z = nv_magicconst * (u1 - 0.5) / u2, zz = z * z / 4.0;
        if (zz <= -log(u2))
            return z;
    }
}

static cg_value random_normalvariate(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (bind(&random_methods[M_NORMALVARIATE], self, a, x, 3) < 0)
        return CG_ERR;
    cg_value v = add_mul(x[1], cg_float(normal_draw(as_random(self))), x[2]);
    cg_args_release(&random_methods[M_NORMALVARIATE], x, 3);
    return v;
}

/* Box-Muller: two normals per two draws, the second kept for next time */
static cg_value random_gauss(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (bind(&random_methods[M_GAUSS], self, a, x, 3) < 0)
        return CG_ERR;
    cg_random *r = as_random(self);
    cg_value z = r->gauss_next;
    r->gauss_next = CG_NONE;
    if (cg_is_none(z)) {
        double x2pi = mt_random(r) * TWOPI;
        double g2rad = sqrt(-2.0 * log(1.0 - mt_random(r)));
        z = cg_float(cos(x2pi) * g2rad);
        r->gauss_next = cg_float(sin(x2pi) * g2rad);
    }
    cg_value v = add_mul(x[1], z, x[2]);
    cg_decref(z);
    cg_args_release(&random_methods[M_GAUSS], x, 3);
    return v;
}

static cg_value random_lognormvariate(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (bind(&random_methods[M_LOGNORMVARIATE], self, a, x, 3) < 0)
        return CG_ERR;
    cg_value n = add_mul(x[1], cg_float(normal_draw(as_random(self))), x[2]), v = n;
    double d;
    if (!cg_is_err(n)) { /* math.exp of it */
        v = cg_float_value(n, &d) < 0 ? CG_ERR : cg_float(exp(d));
        if (!cg_is_err(v) && isinf(v.u.f) && isfinite(d))
            v = cg_raise(&cg_exc_OverflowError, "math range error");
        cg_decref(n);
    }
    cg_args_release(&random_methods[M_LOGNORMVARIATE], x, 3);
    return v;
}

static cg_value random_expovariate(cg_value self, const cg_args *a) {
    cg_value x[2];
    if (bind(&random_methods[M_EXPOVARIATE], self, a, x, 2) < 0)
        return CG_ERR;
    double e = -log(1.0 - mt_random(as_random(self))); /* -_log(1.0 - random()) / lambd */
    cg_value v = cg_binary(cg_float(e), x[1], OP_DIV);
    cg_args_release(&random_methods[M_EXPOVARIATE], x, 2);
    return v;
}

static cg_value random_paretovariate(cg_value self, const cg_args *a) {
    cg_value x[2];
    if (bind(&random_methods[M_PARETOVARIATE], self, a, x, 2) < 0)
        return CG_ERR;
    double u = 1.0 - mt_random(as_random(self)); /* u ** (-1.0 / alpha) */
    cg_value e = cg_binary(cg_float(-1.0), x[1], OP_DIV);
    cg_value v = cg_is_err(e) ? e : cg_binary(cg_float(u), e, OP_POW);
    cg_decref(e);
    cg_args_release(&random_methods[M_PARETOVARIATE], x, 2);
    return v;
}

static cg_value random_weibullvariate(cg_value self, const cg_args *a) {
    cg_value x[3];
    if (bind(&random_methods[M_WEIBULLVARIATE], self, a, x, 3) < 0)
        return CG_ERR;
    double u = 1.0 - mt_random(as_random(self)); /* alpha * (-_log(u)) ** (1.0 / beta) */
    cg_value e = cg_binary(cg_float(1.0), x[2], OP_DIV), p = CG_ERR, v = CG_ERR;
    if (!cg_is_err(e) && !cg_is_err(p = cg_binary(cg_float(-log(u)), e, OP_POW)))
        v = cg_binary(x[1], p, OP_MULT);
    cg_decref(e);
    cg_decref(p);
    cg_args_release(&random_methods[M_WEIBULLVARIATE], x, 3);
    return v;
}

/* v <= x with Python's operator: 1, 0, or -1 with an exception */
static int less_equal(cg_value v, double x) {
    cg_value le = cg_compare(v, cg_float(x), OP_LT_E);
    if (cg_is_err(le))
        return -1;
    int t = cg_truth(le);
    cg_decref(le);
    return t;
}

/* Fisher's algorithm, as random.py: the angle theta = (mu +- acos(f)) % tau */
static cg_value random_vonmisesvariate(cg_value self, const cg_args *a) {
    cg_value x[3], v = CG_ERR;
    double kappa;
    if (bind(&random_methods[M_VONMISESVARIATE], self, a, x, 3) < 0)
        return CG_ERR;
    cg_random *r = as_random(self);
    int tiny = less_equal(x[2], 1e-6);
    if (tiny < 0)
        goto done;
    if (tiny) {
        v = cg_float(TWOPI * mt_random(r));
        goto done;
    }
    if (cg_float_value(x[2], &kappa) < 0)
        goto done;
    double s = 0.5 / kappa, rr = s + sqrt(1.0 + s * s), z;
    for (;;) {
        z = cos(MATH_PI_ * mt_random(r));
        double d = z / (rr + z), u2 = mt_random(r);
        if (u2 < 1.0 - d * d || u2 <= (1.0 - d) * exp(d))
            break;
    }
    double q = 1.0 / rr, f = (q + z) / (1.0 + q * z);
    cg_value angle = cg_binary(x[1], cg_float(acos(f)), mt_random(r) > 0.5 ? OP_ADD : OP_SUB);
    if (!cg_is_err(angle))
        v = cg_binary(angle, cg_float(TWOPI), OP_MOD);
    cg_decref(angle);
done:
    cg_args_release(&random_methods[M_VONMISESVARIATE], x, 3);
    return v;
}

/* gammavariate's draw for beta = 1: Cheng's method for alpha > 1, an
 * exponential for 1, Kennedy & Gentle's GS below */
static double gamma_draw(cg_random *r, double alpha) {
    const double log4 = log(4.0), sg_magicconst = 1.0 + log(4.5);
    if (alpha > 1.0) {
        double ainv = sqrt(2.0 * alpha - 1.0), bbb = alpha - log4, ccc = alpha + ainv;
        for (;;) {
            double u1 = mt_random(r);
            if (!(1e-7 < u1 && u1 < 0.9999999))
                continue;
            double u2 = 1.0 - mt_random(r);
            double v = log(u1 / (1.0 - u1)) / ainv, x = alpha * exp(v);
            double z = u1 * u1 * u2, rr = bbb + ccc * v - x;
            if (rr + sg_magicconst - 4.5 * z >= 0.0 || rr >= log(z))
                return x;
        }
    }
    if (alpha == 1.0)
        return -log(1.0 - mt_random(r));
    for (;;) {
        double u = mt_random(r), b = (MATH_E_ + alpha) / MATH_E_, p = b * u, x;
        x = p <= 1.0 ? pow(p, 1.0 / alpha) : -log((b - p) / alpha);
        double u1 = mt_random(r);
        if (p > 1.0 ? u1 <= pow(x, alpha - 1.0) : u1 <= exp(-x))
            return x;
    }
}

/* `if alpha <= 0.0 or beta <= 0.0: raise ValueError(...)`, then alpha as a float */
static int gamma_args(cg_value alpha, cg_value beta, double *a) {
    int bad = less_equal(alpha, 0.0);
    if (bad == 0)
        bad = less_equal(beta, 0.0);
    if (bad < 0)
        return -1;
    if (bad)
        return cg_raise_int(&cg_exc_ValueError, "gammavariate: alpha and beta must be > 0.0");
    return cg_float_value(alpha, a);
}

static cg_value random_gammavariate(cg_value self, const cg_args *a) {
    cg_value x[3], v = CG_ERR;
    double alpha;
    if (bind(&random_methods[M_GAMMAVARIATE], self, a, x, 3) < 0)
        return CG_ERR;
    if (gamma_args(x[1], x[2], &alpha) == 0) /* x * beta */
        v = cg_binary(cg_float(gamma_draw(as_random(self), alpha)), x[2], OP_MULT);
    cg_args_release(&random_methods[M_GAMMAVARIATE], x, 3);
    return v;
}

/* y / (y + gammavariate(beta, 1.0)) with y = gammavariate(alpha, 1.0) */
static cg_value random_betavariate(cg_value self, const cg_args *a) {
    cg_value x[3], v = CG_ERR;
    double alpha, beta;
    if (bind(&random_methods[M_BETAVARIATE], self, a, x, 3) < 0)
        return CG_ERR;
    cg_random *r = as_random(self);
    if (gamma_args(x[1], cg_float(1.0), &alpha) == 0) {
        double y = gamma_draw(r, alpha);
        if (y == 0.0)
            v = cg_float(0.0);
        else if (gamma_args(x[2], cg_float(1.0), &beta) == 0)
            v = cg_float(y / (y + gamma_draw(r, beta)));
    }
    cg_args_release(&random_methods[M_BETAVARIATE], x, 3);
    return v;
}

/* ---- the module ----------------------------------------------------------------------------- */

/* randbytes(n): getrandbits(n * 8) as n little-endian bytes */
static cg_value random_randbytes(cg_value self, const cg_args *a) {
    cg_value x[2];
    int64_t n;
    if (bind(&random_methods[M_RANDBYTES], self, a, x, 2) < 0)
        return CG_ERR;
    int rc = cg_index_value(x[1], &n);
    cg_args_release(&random_methods[M_RANDBYTES], x, 2);
    if (rc < 0)
        return CG_ERR;
    if (n < 0)
        return cg_raise(&cg_exc_ValueError, as_random(self)->system ? "negative argument not allowed"
                                                                    : "number of bits must be non-negative");
    if ((uint64_t)n > CG_BIGINT_MAX_BITS / 8)
        return cg_raise_nomemory();
    cg_bytes *b = cg_bytes_alloc((size_t)n);
    if (!b)
        return CG_ERR;
    unsigned char *out = (unsigned char *)b->s;
    for (int64_t i = 0; i < n; i += 4) { /* whole words, least significant first */
        uint32_t w = mt_next(as_random(self));
        int64_t left = n - i;
        if (left < 4)
            w >>= 32 - 8 * left; /* the last word keeps its top bits */
        for (int64_t j = 0; j < 4 && j < left; j++)
            out[i + j] = (unsigned char)(w >> (8 * j));
    }
    return cg_obj_value(b);
}

/* SystemRandom has no state to seed, save or restore. */
static cg_value system_seed(cg_value self, const cg_args *a) {
    (void)self;
    (void)a;
    return CG_NONE;
}

static cg_value system_nostate(cg_value self, const cg_args *a) {
    (void)self;
    (void)a;
    return cg_raise(&cg_exc_NotImplementedError, "System entropy source does not have state.");
}

static const cg_method_def system_methods[] = {
    {"seed", system_seed, "SystemRandom.seed(self, *args, **kwds)", "Does nothing: the OS's entropy takes no seed."},
    {"getstate", system_nostate, "SystemRandom.getstate(self, *args, **kwds)",
     "Raises NotImplementedError: the OS's entropy has no state to save."},
    {"setstate", system_nostate, "SystemRandom.setstate(self, *args, **kwds)",
     "Raises NotImplementedError: the OS's entropy has no state to restore."},
    {NULL},
};

static cg_type system_random_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "SystemRandom",
    .module = "random",
    .base = &random_type,
    .basicsize = sizeof(cg_random),
    .dealloc = random_dealloc,
    .repr = cg_object_repr,
    .hash = cg_object_hash,
    .new_ = random_new,
};

static const cg_method_def random_methods[] = {
    [M_SEED] = {"seed", random_seed, "Random.seed(self, a=None, version=2)", "Initialize internal state from a seed."},
    [M_RANDOM] = {"random", random_random, NULL, "random() -> x in the interval [0, 1)."},
    [M_GETRANDBITS] = {"getrandbits", random_getrandbits, NULL,
                       "getrandbits(k) -> x.  Generates an int with k random bits."},
    [M_GETSTATE] = {"getstate", random_getstate, "Random.getstate(self)",
                    "Return internal state; can be passed to setstate() later."},
    [M_SETSTATE] = {"setstate", random_setstate, "Random.setstate(self, state)",
                    "Restore internal state from object returned by getstate()."},
    [M_RANDRANGE] = {"randrange", random_randrange, "Random.randrange(self, start, stop=None, step=1)",
                     "Choose a random item from range(stop) or range(start, stop[, step])."},
    [M_RANDINT] = {"randint", random_randint, "Random.randint(self, a, b)",
                   "Return random integer in range [a, b], including both end points."},
    [M_CHOICE] = {"choice", random_choice, "Random.choice(self, seq)",
                  "Choose a random element from a non-empty sequence."},
    [M_SHUFFLE] = {"shuffle", random_shuffle, "Random.shuffle(self, x)", "Shuffle list x in place, and return None."},
    [M_SAMPLE] = {"sample", random_sample, "Random.sample(self, population, k, *, counts=None)",
                  "Chooses k unique random elements from a population sequence."},
    [M_CHOICES] = {"choices", random_choices,
                   "Random.choices(self, population, weights=None, *, cum_weights=None, k=1)",
                   "Return a k sized list of population elements chosen with replacement."},
    [M_UNIFORM] = {"uniform", random_uniform, "Random.uniform(self, a, b)",
                   "Get a random number in the range [a, b) or [a, b] depending on rounding."},
    [M_TRIANGULAR] = {"triangular", random_triangular, "Random.triangular(self, low=0.0, high=1.0, mode=None)",
                      "Triangular distribution."},
    [M_NORMALVARIATE] = {"normalvariate", random_normalvariate, "Random.normalvariate(self, mu=0.0, sigma=1.0)",
                         "Normal distribution."},
    [M_GAUSS] = {"gauss", random_gauss, "Random.gauss(self, mu=0.0, sigma=1.0)", "Gaussian distribution."},
    [M_LOGNORMVARIATE] = {"lognormvariate", random_lognormvariate, "Random.lognormvariate(self, mu, sigma)",
                          "Log normal distribution."},
    [M_EXPOVARIATE] = {"expovariate", random_expovariate, "Random.expovariate(self, lambd)",
                       "Exponential distribution."},
    [M_PARETOVARIATE] = {"paretovariate", random_paretovariate, "Random.paretovariate(self, alpha)",
                         "Pareto distribution.  alpha is the shape parameter."},
    [M_WEIBULLVARIATE] = {"weibullvariate", random_weibullvariate, "Random.weibullvariate(self, alpha, beta)",
                          "Weibull distribution."},
    [M_VONMISESVARIATE] = {"vonmisesvariate", random_vonmisesvariate, "Random.vonmisesvariate(self, mu, kappa)",
                           "Circular data distribution."},
    [M_GAMMAVARIATE] = {"gammavariate", random_gammavariate, "Random.gammavariate(self, alpha, beta)",
                        "Gamma distribution.  Not the gamma function!"},
    [M_BETAVARIATE] = {"betavariate", random_betavariate, "Random.betavariate(self, alpha, beta)",
                       "Beta distribution."},
    [M_RANDBYTES] = {"randbytes", random_randbytes, "Random.randbytes(self, n)",
                     "n random bytes (getrandbits(8 * n))."},
    [M_COUNT] = {NULL},
};
static const cg_method_def random_init_def = {"__init__", NULL, "Random.__init__(self, x=None)", NULL};

cg_value cg_random_module_init(void) {
    if (!random_type.dict && cg_type_add_methods(&random_type, random_methods) < 0)
        return CG_ERR;
    if (!system_random_type.dict && cg_type_add_methods(&system_random_type, system_methods) < 0)
        return CG_ERR;
    cg_value m = cg_module_new("random");
    if (cg_is_err(m))
        return m;
    cg_value inst = random_new(&random_type, &(cg_args){0});
    int rc = cg_is_err(inst) ? -1 : cg_module_add(m, "_inst", inst);
    for (int i = 0; rc == 0 && i < M_COUNT; i++) {
        cg_value f = cg_builtin_new(&random_methods[i], inst);
        rc = cg_is_err(f) ? -1 : cg_module_add(m, random_methods[i].name, f);
        cg_decref(f);
    }
    if (rc == 0)
        rc = cg_module_add(m, "Random", cg_obj_value(&random_type));
    if (rc == 0)
        rc = cg_module_add(m, "SystemRandom", cg_obj_value(&system_random_type));
    /* random.py's constants */
    const struct {
        const char *name;
        double v;
    } consts[] = {{"NV_MAGICCONST", 4 * exp(-0.5) / sqrt(2.0)},
                  {"TWOPI", TWOPI},
                  {"LOG4", log(4.0)},
                  {"SG_MAGICCONST", 1.0 + log(4.5)},
                  {"RECIP_BPF", 1.0 / 9007199254740992.0}};
    for (size_t i = 0; rc == 0 && i < sizeof consts / sizeof consts[0]; i++)
        rc = cg_module_add(m, consts[i].name, cg_float(consts[i].v));
    if (rc == 0)
        rc = cg_module_add(m, "BPF", cg_int(53));
    cg_decref(inst);
    if (rc < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
