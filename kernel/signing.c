/* signing.c: HMAC-SHA256 through OpenSSL 3's EVP_MAC.
 *
 * The EVP_MAC is fetched once and shared (OpenSSL allows that across
 * threads); each signature makes its own context, so shell, control and
 * iopub threads sign without a lock. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "signing.h"

int cg_signer_init(cg_signer *s, const char *key) {
    memset(s, 0, sizeof *s);
    if (!key || !key[0])
        return 0;
    s->keylen = strlen(key);
    s->key = malloc(s->keylen);
    s->mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    s->seen = malloc(sizeof *s->seen);
    if (!s->key || !s->mac || !s->seen || cg_seen_signatures_init(s->seen) < 0) {
        cg_signer_free(s);
        return -1;
    }
    memcpy(s->key, key, s->keylen);
    return 0;
}

void cg_signer_free(cg_signer *s) {
    if (s->key)
        OPENSSL_cleanse(s->key, s->keylen);
    free(s->key);
    EVP_MAC_free(s->mac);
    if (s->seen)
        cg_seen_signatures_free(s->seen);
    free(s->seen);
    memset(s, 0, sizeof *s);
}

static int hmac(const cg_signer *s, const cg_sign_parts *parts, unsigned char out[32]) {
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(s->mac);
    if (!ctx)
        return -1;
    char digest[] = "SHA256";
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
        OSSL_PARAM_construct_end(),
    };
    int ok = EVP_MAC_init(ctx, (const unsigned char *)s->key, s->keylen, params);
    for (int i = 0; ok && i < 4; i++)
        ok = EVP_MAC_update(ctx, parts->data[i], parts->len[i]);
    size_t outlen = 0;
    ok = ok && EVP_MAC_final(ctx, out, &outlen, 32) && outlen == 32;
    EVP_MAC_CTX_free(ctx);
    return ok ? 0 : -1;
}

int cg_signer_sign(const cg_signer *s, const cg_sign_parts *parts, char out[CG_SIG_HEX_LEN + 1]) {
    out[0] = 0;
    if (!s->key)
        return 0;
    unsigned char raw[32];
    if (hmac(s, parts, raw) < 0)
        return -1;
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 15];
    }
    out[CG_SIG_HEX_LEN] = 0;
    return 0;
}

int cg_signer_check(const cg_signer *s, const cg_sign_parts *parts, const void *sig, size_t siglen) {
    if (!s->key)
        return CG_SIG_OK;
    char want[CG_SIG_HEX_LEN + 1];
    /* The length is public; only the bytes are compared in constant time. */
    if (siglen != CG_SIG_HEX_LEN || cg_signer_sign(s, parts, want) < 0)
        return CG_SIG_BAD;
    if (CRYPTO_memcmp(want, sig, CG_SIG_HEX_LEN) != 0)
        return CG_SIG_BAD;
    return cg_seen_signatures_add(s->seen, want) ? CG_SIG_OK : CG_SIG_REPLAYED;
}
