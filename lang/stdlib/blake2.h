/* blake2.h: BLAKE2b and BLAKE2s (RFC 7693) with the whole parameter block
 * (digest size, key, salt, personalization, tree parameters), as
 * hashlib.blake2b and blake2s expose it; OpenSSL 3.0 offers neither a
 * digest size nor a key through its digest interface.
 *
 * A state is plain memory: copying the struct copies the hash. */
#ifndef CG_BLAKE2_H
#define CG_BLAKE2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    CG_BLAKE2B_BLOCK = 128, CG_BLAKE2B_OUT = 64, CG_BLAKE2B_SALT = 16,
    CG_BLAKE2S_BLOCK = 64, CG_BLAKE2S_OUT = 32, CG_BLAKE2S_SALT = 8,
};

/* The parameter block's fields; salt and person are zero-padded. */
typedef struct {
    int digest_size, fanout, depth, node_depth, inner_size;
    uint32_t leaf_size;
    uint64_t node_offset;
    const unsigned char *key, *salt, *person;
    size_t key_len, salt_len, person_len;
    bool last_node;
} cg_blake2_params;

typedef struct {
    bool is_b;         /* BLAKE2b (64-bit words) or BLAKE2s (32-bit) */
    bool last_node;
    int digest_size;
    uint64_t h[8];     /* BLAKE2s uses the low 32 bits */
    uint64_t t[2];     /* bytes compressed so far */
    unsigned char buf[CG_BLAKE2B_BLOCK];
    size_t buflen;
} cg_blake2;

void cg_blake2_init(cg_blake2 *s, bool is_b, const cg_blake2_params *p);
void cg_blake2_update(cg_blake2 *s, const unsigned char *data, size_t len);
/* Writes digest_size bytes into out; s is left as it was (a copy is finished). */
void cg_blake2_final(const cg_blake2 *s, unsigned char *out);

#endif
