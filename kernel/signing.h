/* signing.h: HMAC-SHA256 signatures of Jupyter messages.
 *
 * A signature is the lowercase hex HMAC of the four serialized frames
 * header, parent_header, metadata, content, keyed with the connection
 * file's key. An empty key turns signing off: messages carry an empty
 * signature and none is checked. Safe to use from several threads. */
#ifndef CG_SIGNING_H
#define CG_SIGNING_H

#include <stdbool.h>
#include <stddef.h>

#include "seen_signatures.h"

#define CG_SIG_HEX_LEN 64

typedef struct {
    char *key; /* malloc'd copy; NULL when unsigned */
    size_t keylen;
    void *mac;                /* EVP_MAC*, fetched once */
    cg_seen_signatures *seen; /* of verified messages, to refuse replays */
} cg_signer;

int cg_signer_init(cg_signer *s, const char *key);
void cg_signer_free(cg_signer *s);

/* The four frames to sign, in order. */
typedef struct {
    const void *data[4];
    size_t len[4];
} cg_sign_parts;

/* Writes the hex signature (NUL-terminated) into out, or "" when
 * unsigned; 0, or -1 if OpenSSL failed. */
int cg_signer_sign(const cg_signer *s, const cg_sign_parts *parts, char out[CG_SIG_HEX_LEN + 1]);
enum { CG_SIG_OK, CG_SIG_BAD, CG_SIG_REPLAYED };
/* Does sig (not NUL-terminated) sign parts, compared in constant time, and
 * is it new? A good signature is remembered (seen_signatures.h). */
int cg_signer_check(const cg_signer *s, const cg_sign_parts *parts, const void *sig, size_t siglen);

#endif
