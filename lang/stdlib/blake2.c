/* blake2.c: BLAKE2b and BLAKE2s after RFC 7693 (see blake2.h). One
 * compression function per word size; the rest is shared. */
#include <string.h>

#include "stdlib/blake2.h"

static const uint64_t iv_b[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};
static const uint32_t iv_s[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

static const unsigned char sigma[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
};

/* A round: G on the four columns, then on the four diagonals, written
 * out so that the indices are constants the compiler can keep in
 * registers. */
#define ROUND(G)                 \
    do {                         \
        G(0, 4, 8, 12, 0);       \
        G(1, 5, 9, 13, 1);       \
        G(2, 6, 10, 14, 2);      \
        G(3, 7, 11, 15, 3);      \
        G(0, 5, 10, 15, 4);      \
        G(1, 6, 11, 12, 5);      \
        G(2, 7, 8, 13, 6);       \
        G(3, 4, 9, 14, 7);       \
    } while (0)

/* Little-endian words; one load where the machine is little-endian. */
static uint64_t load64(const unsigned char *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
#else
    uint64_t w = 0;
    for (int i = 7; i >= 0; i--)
        w = w << 8 | p[i];
    return w;
#endif
}

static uint32_t load32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rotr64(uint64_t x, int n) { return x >> n | x << (64 - n); }
static uint32_t rotr32(uint32_t x, int n) { return x >> n | x << (32 - n); }

/* block is 128 bytes; last marks the final block */
static void compress_b(cg_blake2 *s, const unsigned char *block, bool last) {
    uint64_t m[16], v[16];
    for (int i = 0; i < 16; i++)
        m[i] = load64(block + 8 * i);
    for (int i = 0; i < 8; i++) {
        v[i] = s->h[i];
        v[i + 8] = iv_b[i];
    }
    v[12] ^= s->t[0];
    v[13] ^= s->t[1];
    if (last) {
        v[14] = ~v[14];
        if (s->last_node)
            v[15] = ~v[15];
    }
#define G64(a, b, c, d, k)                          \
    do {                                            \
        v[a] += v[b] + m[sg[2 * (k)]];              \
        v[d] = rotr64(v[d] ^ v[a], 32);             \
        v[c] += v[d];                               \
        v[b] = rotr64(v[b] ^ v[c], 24);             \
        v[a] += v[b] + m[sg[2 * (k) + 1]];          \
        v[d] = rotr64(v[d] ^ v[a], 16);             \
        v[c] += v[d];                               \
        v[b] = rotr64(v[b] ^ v[c], 63);             \
    } while (0)
    for (int r = 0; r < 12; r++) {
        const unsigned char *sg = sigma[r % 10];
        ROUND(G64);
    }
#undef G64
    for (int i = 0; i < 8; i++)
        s->h[i] ^= v[i] ^ v[i + 8];
}

/* block is 64 bytes */
static void compress_s(cg_blake2 *s, const unsigned char *block, bool last) {
    uint32_t m[16], v[16];
    for (int i = 0; i < 16; i++)
        m[i] = load32(block + 4 * i);
    for (int i = 0; i < 8; i++) {
        v[i] = (uint32_t)s->h[i];
        v[i + 8] = iv_s[i];
    }
    v[12] ^= (uint32_t)s->t[0];
    v[13] ^= (uint32_t)(s->t[0] >> 32);
    if (last) {
        v[14] = ~v[14];
        if (s->last_node)
            v[15] = ~v[15];
    }
#define G32(a, b, c, d, k)                          \
    do {                                            \
        v[a] += v[b] + m[sg[2 * (k)]];              \
        v[d] = rotr32(v[d] ^ v[a], 16);             \
        v[c] += v[d];                               \
        v[b] = rotr32(v[b] ^ v[c], 12);             \
        v[a] += v[b] + m[sg[2 * (k) + 1]];          \
        v[d] = rotr32(v[d] ^ v[a], 8);              \
        v[c] += v[d];                               \
        v[b] = rotr32(v[b] ^ v[c], 7);              \
    } while (0)
    for (int r = 0; r < 10; r++) {
        const unsigned char *sg = sigma[r];
        ROUND(G32);
    }
#undef G32
    for (int i = 0; i < 8; i++)
        s->h[i] = (uint32_t)s->h[i] ^ v[i] ^ v[i + 8];
}

static size_t block_of(const cg_blake2 *s) { return s->is_b ? CG_BLAKE2B_BLOCK : CG_BLAKE2S_BLOCK; }

static void add_count(cg_blake2 *s, size_t n) {
    s->t[0] += n;
    if (s->t[0] < n)
        s->t[1]++;
}

void cg_blake2_init(cg_blake2 *s, bool is_b, const cg_blake2_params *p) {
    memset(s, 0, sizeof *s);
    s->is_b = is_b;
    s->last_node = p->last_node;
    s->digest_size = p->digest_size;
    unsigned char pb[64] = {0};
    pb[0] = (unsigned char)p->digest_size;
    pb[1] = (unsigned char)p->key_len;
    pb[2] = (unsigned char)p->fanout;
    pb[3] = (unsigned char)p->depth;
    for (int i = 0; i < 4; i++)
        pb[4 + i] = (unsigned char)(p->leaf_size >> 8 * i);
    int salt_at = is_b ? 32 : 16, person_at = is_b ? 48 : 24, offset_len = is_b ? 8 : 6;
    for (int i = 0; i < offset_len; i++)
        pb[8 + i] = (unsigned char)(p->node_offset >> 8 * i);
    pb[is_b ? 16 : 14] = (unsigned char)p->node_depth;
    pb[is_b ? 17 : 15] = (unsigned char)p->inner_size;
    if (p->salt_len)
        memcpy(pb + salt_at, p->salt, p->salt_len);
    if (p->person_len)
        memcpy(pb + person_at, p->person, p->person_len);
    for (int i = 0; i < 8; i++)
        s->h[i] = is_b ? iv_b[i] ^ load64(pb + 8 * i) : (uint64_t)(iv_s[i] ^ load32(pb + 4 * i));
    if (p->key_len) {
        unsigned char block[CG_BLAKE2B_BLOCK] = {0};
        memcpy(block, p->key, p->key_len);
        cg_blake2_update(s, block, block_of(s));
    }
}

/* The last block is kept in buf until final: it must be compressed with
 * the last flag, and no one knows it is last until then. */
void cg_blake2_update(cg_blake2 *s, const unsigned char *data, size_t len) {
    size_t bs = block_of(s);
    while (len > 0) {
        if (s->buflen == bs) {
            add_count(s, bs);
            if (s->is_b)
                compress_b(s, s->buf, false);
            else
                compress_s(s, s->buf, false);
            s->buflen = 0;
        }
        size_t take = bs - s->buflen < len ? bs - s->buflen : len;
        memcpy(s->buf + s->buflen, data, take);
        s->buflen += take;
        data += take;
        len -= take;
    }
}

void cg_blake2_final(const cg_blake2 *s, unsigned char *out) {
    cg_blake2 f = *s;
    size_t bs = block_of(&f);
    add_count(&f, f.buflen);
    memset(f.buf + f.buflen, 0, bs - f.buflen);
    if (f.is_b)
        compress_b(&f, f.buf, true);
    else
        compress_s(&f, f.buf, true);
    int wb = f.is_b ? 8 : 4;
    for (int i = 0; i < f.digest_size; i++)
        out[i] = (unsigned char)(f.h[i / wb] >> 8 * (i % wb));
}
