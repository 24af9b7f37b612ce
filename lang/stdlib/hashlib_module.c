/* hashlib_module.c: `_hashlib`, the hash objects under prelude/hashlib.py
 * and hmac.py: OpenSSL's digests (md5, the sha1/sha2/sha3 families, the
 * shake XOFs and what else this OpenSSL offers) as _hashlib.HASH and
 * HASHXOF, BLAKE2 (blake2.c) as blake2b and blake2s with their parameter
 * blocks, and pbkdf2_hmac, scrypt and compare_digest.
 *
 * Not here: hashlib's constructors by name, algorithms_*, file_digest and
 * HMAC, which are Python over these. */
#include <limits.h>
#include <openssl/evp.h>
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/blake2.h"
#include "stdlib/stdlib.h"

/* Python's names and OpenSSL's, in the order algorithms_available lists
 * the ones that this OpenSSL has. */
static const struct {
    const char *py, *ossl;
} digests[] = {
    {"md5", "MD5"},           {"sha1", "SHA1"},         {"sha224", "SHA224"},         {"sha256", "SHA256"},
    {"sha384", "SHA384"},     {"sha512", "SHA512"},     {"sha512_224", "SHA512-224"}, {"sha512_256", "SHA512-256"},
    {"sha3_224", "SHA3-224"}, {"sha3_256", "SHA3-256"}, {"sha3_384", "SHA3-384"},     {"sha3_512", "SHA3-512"},
    {"shake_128", "SHAKE128"}, {"shake_256", "SHAKE256"}, {"md5-sha1", "MD5-SHA1"},   {"ripemd160", "RIPEMD160"},
    {"sm3", "SM3"},           {"blake2b", "BLAKE2B512"}, {"blake2s", "BLAKE2S256"},
};
enum { N_DIGESTS = sizeof digests / sizeof digests[0] };

static cg_value unsupported_error = {.tag = CG_V_NONE}; /* _hashlib.UnsupportedDigestmodError */

typedef struct {
    cg_obj head;
    EVP_MD_CTX *ctx; /* NULL for BLAKE2 */
    const char *name;
    cg_blake2 b2;
} hash_obj;

static void hash_dealloc(cg_obj *o) {
    EVP_MD_CTX_free(((hash_obj *)o)->ctx);
    cg_obj_free(o);
}

static cg_value hash_getattr(cg_value self, cg_str *name);
static cg_value blake2b_new(cg_type *t, const cg_args *a);
static cg_value blake2s_new(cg_type *t, const cg_args *a);

#define HASH_TYPE(var, pyname, mod, newfn)                                                       \
    static cg_type var = {                                                                        \
        .head = {CG_IMMORTAL, &cg_type_type},                                                     \
        .name = pyname,                                                                           \
        .module = mod,                                                                            \
        .base = &cg_type_object,                                                                  \
        .basicsize = sizeof(hash_obj),                                                            \
        .dealloc = hash_dealloc,                                                                  \
        .repr = cg_object_repr,                                                                   \
        .hash = cg_object_hash,                                                                   \
        .getattr = hash_getattr,                                                                  \
        .new_ = newfn,                                                                            \
    }
HASH_TYPE(hash_type, "HASH", "_hashlib", NULL);
HASH_TYPE(hashxof_type, "HASHXOF", "_hashlib", NULL);
HASH_TYPE(blake2b_type, "blake2b", "_blake2", blake2b_new);
HASH_TYPE(blake2s_type, "blake2s", "_blake2", blake2s_new);

static hash_obj *as_hash(cg_value v) { return (hash_obj *)v.u.o; }
static bool is_xof(const hash_obj *h) { return h->head.type == &hashxof_type; }

static int digest_size_of(const hash_obj *h) {
    if (!h->ctx)
        return h->b2.digest_size;
    return is_xof(h) ? 0 : EVP_MD_get_size(EVP_MD_CTX_get0_md(h->ctx));
}

static int block_size_of(const hash_obj *h) {
    if (!h->ctx)
        return h->b2.is_b ? CG_BLAKE2B_BLOCK : CG_BLAKE2S_BLOCK;
    return EVP_MD_get_block_size(EVP_MD_CTX_get0_md(h->ctx));
}

static cg_value hash_getattr(cg_value self, cg_str *name) {
    hash_obj *h = as_hash(self);
    if (!strcmp(name->s, "name"))
        return cg_str_from_c(h->name);
    if (!strcmp(name->s, "digest_size"))
        return cg_int(digest_size_of(h));
    if (!strcmp(name->s, "block_size"))
        return cg_int(block_size_of(h));
    return CG_STOP;
}

/* Feeds a bytes-like object to h: CPython's TypeErrors for a str and for
 * an object that lends no buffer. */
static int hash_feed(hash_obj *h, cg_value data) {
    if (cg_is_str(data))
        return cg_raise_int(&cg_exc_TypeError, "Strings must be encoded before hashing");
    if (!cg_has_buffer(data))
        return cg_raise_int(&cg_exc_TypeError, "object supporting the buffer API required");
    cg_buffer buf;
    if (cg_buffer_get(data, &buf) < 0)
        return -1;
    int rc = 0;
    if (!h->ctx)
        cg_blake2_update(&h->b2, (const unsigned char *)buf.buf, (size_t)buf.len);
    else if (!EVP_DigestUpdate(h->ctx, buf.buf, (size_t)buf.len))
        rc = cg_raise_int(&cg_exc_ValueError, "digest update failed");
    cg_buffer_release(&buf);
    return rc;
}

/* The digest so far (len bytes for an XOF) into out; h goes on. */
static int hash_final(hash_obj *h, unsigned char *out, size_t len) {
    if (!h->ctx) {
        cg_blake2_final(&h->b2, out);
        return 0;
    }
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    if (!c || !EVP_MD_CTX_copy_ex(c, h->ctx)) {
        EVP_MD_CTX_free(c);
        return cg_raise_int(&cg_exc_ValueError, "digest copy failed");
    }
    unsigned int n;
    int ok = is_xof(h) ? EVP_DigestFinalXOF(c, out, len) : EVP_DigestFinal_ex(c, out, &n);
    EVP_MD_CTX_free(c);
    return ok ? 0 : cg_raise_int(&cg_exc_ValueError, "digest failed");
}

/* The digest as bytes, or as hex text when hex. */
static cg_value digest_value(hash_obj *h, int64_t len, bool hex) {
    if (len < 0)
        return cg_raise(&cg_exc_ValueError, "length must be non-negative");
    unsigned char small[EVP_MAX_MD_SIZE];
    unsigned char *out = len <= (int64_t)sizeof small ? small : malloc((size_t)len);
    if (!out)
        return cg_raise_nomemory();
    cg_value r = CG_ERR;
    if (hash_final(h, out, (size_t)len) == 0)
        r = hex ? cg_hex_of((const char *)out, len, CG_NONE, CG_STOP) : cg_bytes_new((const char *)out, (size_t)len);
    if (out != small)
        free(out);
    return r;
}

enum { H_UPDATE, H_DIGEST, H_HEXDIGEST, H_COPY, H_N };
static const cg_method_def hash_methods[], xof_methods[];

static cg_value h_update(cg_value self, const cg_args *a) {
    cg_value v;
    if (cg_args_bind(&hash_methods[H_UPDATE], a, &v, 1) < 0)
        return CG_ERR;
    int rc = hash_feed(as_hash(self), v);
    cg_args_release(&hash_methods[H_UPDATE], &v, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* CPython's words for arguments to a method that takes none. */
static int no_args(cg_value self, const char *method, const cg_args *a) {
    if (a->npos + a->nkw == 0)
        return 0;
    return cg_raise_int(&cg_exc_TypeError, "%s.%s() takes no arguments (%d given)", self.u.o->type->name, method,
                        a->npos + a->nkw);
}

static cg_value h_digest(cg_value self, const cg_args *a) {
    if (no_args(self, "digest", a) < 0)
        return CG_ERR;
    return digest_value(as_hash(self), digest_size_of(as_hash(self)), false);
}

static cg_value h_hexdigest(cg_value self, const cg_args *a) {
    if (no_args(self, "hexdigest", a) < 0)
        return CG_ERR;
    return digest_value(as_hash(self), digest_size_of(as_hash(self)), true);
}

static cg_value xof_digest(int which, cg_value self, const cg_args *a) {
    if (a->npos + a->nkw == 0)
        return cg_raise(&cg_exc_TypeError, "%s() missing required argument 'length' (pos 1)", xof_methods[which].name);
    int64_t len;
    if (cg_args_index(&xof_methods[which], a, &len) < 0)
        return CG_ERR;
    return digest_value(as_hash(self), len, which == H_HEXDIGEST);
}

static cg_value x_digest(cg_value self, const cg_args *a) { return xof_digest(H_DIGEST, self, a); }
static cg_value x_hexdigest(cg_value self, const cg_args *a) { return xof_digest(H_HEXDIGEST, self, a); }

static cg_value h_copy(cg_value self, const cg_args *a) {
    hash_obj *h = as_hash(self);
    hash_obj *c = cg_obj_alloc(h->head.type);
    if (!c)
        return cg_raise_nomemory();
    c->name = h->name;
    c->b2 = h->b2;
    if (h->ctx && (!(c->ctx = EVP_MD_CTX_new()) || !EVP_MD_CTX_copy_ex(c->ctx, h->ctx))) {
        cg_obj_decref(c);
        return cg_raise(&cg_exc_ValueError, "digest copy failed");
    }
    return cg_obj_value(c);
}

static const cg_method_def hash_methods[] = {
    [H_UPDATE] = {"update", h_update, "update(obj, /)", "Adds the bytes of obj to the message."},
    [H_DIGEST] = {"digest", h_digest, NULL, "The digest of the message so far."},
    [H_HEXDIGEST] = {"hexdigest", h_hexdigest, NULL, "The digest of the message so far, as hex text."},
    [H_COPY] = {"copy", h_copy, NULL, "An independent copy of the hash object."},
    [H_N] = {NULL, NULL, NULL, NULL},
};

static const cg_method_def xof_methods[] = {
    [H_UPDATE] = {"update", h_update, "update(obj, /)", "Adds the bytes of obj to the message."},
    [H_DIGEST] = {"digest", x_digest, "digest(length)", "The digest of the message so far."},
    [H_HEXDIGEST] = {"hexdigest", x_hexdigest, "hexdigest(length)",
                     "The digest of the message so far, as hex text."},
    [H_COPY] = {"copy", h_copy, NULL, "An independent copy of the hash object."},
    [H_N] = {NULL, NULL, NULL, NULL},
};

/* ---- OpenSSL digests by name --------------------------------------------------------- */

/* The row of Python's or OpenSSL's name (any case; '-' for '_'), or -1. */
static int digest_row(const char *name) {
    char low[32];
    size_t n = strlen(name);
    if (n >= sizeof low)
        return -1;
    for (size_t i = 0; i <= n; i++)
        low[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    for (int i = 0; i < N_DIGESTS; i++) {
        if (!strcmp(low, digests[i].py) || !strcasecmp(name, digests[i].ossl))
            return i;
        char alt[32];
        snprintf(alt, sizeof alt, "%s", digests[i].py);
        for (char *p = alt; *p; p++)
            if (*p == '_')
                *p = '-';
        if (!strcmp(low, alt))
            return i;
    }
    return -1;
}

static const EVP_MD *fetch_md(int row) {
    static EVP_MD *cache[N_DIGESTS];
    static bool tried[N_DIGESTS];
    if (!tried[row]) {
        tried[row] = true;
        cache[row] = EVP_MD_fetch(NULL, digests[row].ossl, NULL);
    }
    return cache[row];
}

/* A new OpenSSL hash object of the named digest over data. */
static cg_value hash_new_named(cg_value name, cg_value data) {
    if (!cg_is_str(name))
        return cg_raise(&cg_exc_TypeError, "name must be a string");
    int row = digest_row(cg_str_cstr(name));
    const EVP_MD *md = row < 0 ? NULL : fetch_md(row);
    if (!md)
        return cg_raise(&cg_exc_ValueError, "unsupported hash type %s", cg_str_cstr(name));
    bool xof = (EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0;
    hash_obj *h = cg_obj_alloc(xof ? &hashxof_type : &hash_type);
    if (!h)
        return cg_raise_nomemory();
    cg_value r = cg_obj_value(h);
    h->name = digests[row].py;
    if (!(h->ctx = EVP_MD_CTX_new()) || !EVP_DigestInit_ex(h->ctx, md, NULL)) {
        cg_decref(r);
        return cg_raise(&cg_exc_ValueError, "unsupported hash type %s", cg_str_cstr(name));
    }
    if (!cg_is_none(data) && hash_feed(h, data) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

/* ---- BLAKE2 -------------------------------------------------------------------------- */

enum { B_DATA, B_DIGEST_SIZE, B_KEY, B_SALT, B_PERSON, B_FANOUT, B_DEPTH, B_LEAF, B_OFFSET, B_NODE_DEPTH, B_INNER,
       B_LAST, B_SECURITY, B_NARGS };
static const cg_method_def blake2_sig[2] = {
    {"blake2b", NULL,
     "blake2b(data=None, /, *, digest_size=64, key=None, salt=None, person=None, fanout=1, depth=1, leaf_size=0, "
     "node_offset=0, node_depth=0, inner_size=0, last_node=False, usedforsecurity=True)",
     NULL},
    {"blake2s", NULL,
     "blake2s(data=None, /, *, digest_size=32, key=None, salt=None, person=None, fanout=1, depth=1, leaf_size=0, "
     "node_offset=0, node_depth=0, inner_size=0, last_node=False, usedforsecurity=True)",
     NULL},
};

/* An int parameter in [lo, hi], else ValueError msg; -1 on error. */
static int int_param(cg_value v, int64_t lo, int64_t hi, const char *msg, int64_t *out) {
    if (cg_index_value(v, out) < 0)
        return -1;
    if (*out < lo || *out > hi)
        return cg_raise_int(&cg_exc_ValueError, "%s", msg);
    return 0;
}

/* A bytes-like parameter of at most max bytes, lent through buf. */
static int bytes_param(cg_value v, size_t max, const char *what, cg_buffer *buf) {
    if (cg_is_none(v)) { /* the signature's default */
        *buf = (cg_buffer){.owner = CG_NONE, .buf = "", .len = 0, .readonly = true};
        return 0;
    }
    if (cg_buffer_get(v, buf) < 0)
        return -1;
    if ((size_t)buf->len > max) {
        cg_buffer_release(buf);
        return cg_raise_int(&cg_exc_ValueError, "maximum %s length is %zu bytes", what, max);
    }
    return 0;
}

static int blake2_params(bool is_b, const cg_value *v, cg_blake2_params *p, cg_buffer bufs[3]) {
    int64_t out_max = is_b ? CG_BLAKE2B_OUT : CG_BLAKE2S_OUT, salt_max = is_b ? CG_BLAKE2B_SALT : CG_BLAKE2S_SALT;
    int64_t k;
    char msg[64];
    snprintf(msg, sizeof msg, "digest_size must be between 1 and %d bytes", (int)out_max);
    if (int_param(v[B_DIGEST_SIZE], 1, out_max, msg, &k) < 0)
        return -1;
    p->digest_size = (int)k;
    if (int_param(v[B_FANOUT], 0, 255, "fanout must be between 0 and 255", &k) < 0)
        return -1;
    p->fanout = (int)k;
    if (int_param(v[B_DEPTH], 1, 255, "depth must be between 1 and 255", &k) < 0)
        return -1;
    p->depth = (int)k;
    if (int_param(v[B_LEAF], 0, INT64_MAX, "value must be positive", &k) < 0)
        return -1;
    if (k > UINT32_MAX)
        return cg_raise_int(&cg_exc_OverflowError, "leaf_size is too large");
    p->leaf_size = (uint32_t)k;
    cg_value off = v[B_OFFSET];
    if (cg_index_value(off, &k) < 0) {
        if (!cg_exc_matches(&cg_exc_OverflowError))
            return -1;
        cg_exc_clear();
        return cg_raise_int(&cg_exc_OverflowError, "node_offset is too large");
    }
    if (k < 0)
        return cg_raise_int(&cg_exc_ValueError, "value must be positive");
    if (!is_b && k >= (INT64_C(1) << 48))
        return cg_raise_int(&cg_exc_OverflowError, "node_offset is too large");
    p->node_offset = (uint64_t)k;
    if (int_param(v[B_NODE_DEPTH], 0, 255, "node_depth must be between 0 and 255", &k) < 0)
        return -1;
    p->node_depth = (int)k;
    snprintf(msg, sizeof msg, "inner_size must be between 0 and is %d", (int)out_max);
    if (int_param(v[B_INNER], 0, out_max, msg, &k) < 0)
        return -1;
    p->inner_size = (int)k;
    int last = cg_truth(v[B_LAST]);
    if (last < 0)
        return -1;
    p->last_node = last;
    if (bytes_param(v[B_KEY], (size_t)out_max, "key", &bufs[0]) < 0)
        return -1;
    if (bytes_param(v[B_SALT], (size_t)salt_max, "salt", &bufs[1]) < 0) {
        cg_buffer_release(&bufs[0]);
        return -1;
    }
    if (bytes_param(v[B_PERSON], (size_t)salt_max, "person", &bufs[2]) < 0) {
        cg_buffer_release(&bufs[0]);
        cg_buffer_release(&bufs[1]);
        return -1;
    }
    p->key = (const unsigned char *)bufs[0].buf, p->key_len = (size_t)bufs[0].len;
    p->salt = (const unsigned char *)bufs[1].buf, p->salt_len = (size_t)bufs[1].len;
    p->person = (const unsigned char *)bufs[2].buf, p->person_len = (size_t)bufs[2].len;
    return 0;
}

static cg_value blake2_new(cg_type *t, bool is_b, const cg_args *a) {
    const cg_method_def *sig = &blake2_sig[is_b ? 0 : 1];
    cg_value v[B_NARGS];
    if (cg_args_bind(sig, a, v, B_NARGS) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    cg_blake2_params p = {0};
    cg_buffer bufs[3];
    if (blake2_params(is_b, v, &p, bufs) == 0) {
        hash_obj *h = cg_obj_alloc(t);
        if (!h) {
            r = cg_raise_nomemory();
        } else {
            h->name = is_b ? "blake2b" : "blake2s";
            cg_blake2_init(&h->b2, is_b, &p);
            r = cg_obj_value(h);
            if (!cg_is_none(v[B_DATA]) && hash_feed(h, v[B_DATA]) < 0) {
                cg_decref(r);
                r = CG_ERR;
            }
        }
        for (int i = 0; i < 3; i++)
            cg_buffer_release(&bufs[i]);
    }
    cg_args_release(sig, v, B_NARGS);
    return r;
}

static cg_value blake2b_new(cg_type *t, const cg_args *a) { return blake2_new(t, true, a); }
static cg_value blake2s_new(cg_type *t, const cg_args *a) { return blake2_new(t, false, a); }

/* ---- key derivation and comparison ---------------------------------------------------- */

enum { M_NEW, M_PBKDF2, M_SCRYPT, M_COMPARE, M_N };
static const cg_method_def hashlib_defs[];

static cg_value m_new(cg_value self, const cg_args *a) {
    cg_value v[3];
    if (cg_args_bind(&hashlib_defs[M_NEW], a, v, 3) < 0)
        return CG_ERR;
    cg_value r = hash_new_named(v[0], v[1]);
    cg_args_release(&hashlib_defs[M_NEW], v, 3);
    return r;
}

static cg_value raise_unsupported(void) {
    return cg_raise((cg_type *)unsupported_error.u.o, "[digital envelope routines] unsupported");
}

static cg_value m_pbkdf2(cg_value self, const cg_args *a) {
    cg_value v[5];
    if (cg_args_bind(&hashlib_defs[M_PBKDF2], a, v, 5) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    cg_buffer pw = {0}, salt = {0};
    int64_t iters, dklen = 0;
    if (!cg_is_str(v[0])) {
        cg_raise(&cg_exc_TypeError, "pbkdf2_hmac() argument 'hash_name' must be str, not %s", cg_type_name(v[0]));
        goto done;
    }
    if (cg_buffer_get(v[1], &pw) < 0)
        goto done;
    if (cg_buffer_get(v[2], &salt) < 0) {
        cg_buffer_release(&pw);
        goto done;
    }
    int row = digest_row(cg_str_cstr(v[0]));
    const EVP_MD *md = row < 0 ? NULL : fetch_md(row);
    if (cg_index_value(v[3], &iters) < 0)
        goto release;
    if (iters < 1) {
        cg_raise(&cg_exc_ValueError, "iteration value must be greater than 0.");
        goto release;
    }
    if (iters > INT_MAX) {
        cg_raise(&cg_exc_OverflowError, "iteration value is too great.");
        goto release;
    }
    if (!md) {
        raise_unsupported();
        goto release;
    }
    if (cg_is_none(v[4]))
        dklen = EVP_MD_get_size(md);
    else if (cg_index_value(v[4], &dklen) < 0)
        goto release;
    if (dklen < 1) {
        cg_raise(&cg_exc_ValueError, "key length must be greater than 0.");
        goto release;
    }
    if (dklen > INT_MAX) {
        cg_raise(&cg_exc_OverflowError, "key length is too great.");
        goto release;
    }
    cg_bytes *out = cg_bytes_alloc((size_t)dklen);
    if (!out) {
        r = cg_raise_nomemory();
        goto release;
    }
    r = cg_obj_value(out);
    if (!PKCS5_PBKDF2_HMAC(pw.buf, (int)pw.len, (const unsigned char *)salt.buf, (int)salt.len, (int)iters, md,
                           (int)dklen, (unsigned char *)out->s)) {
        cg_decref(r);
        r = raise_unsupported();
    }
release:
    cg_buffer_release(&pw);
    cg_buffer_release(&salt);
done:
    cg_args_release(&hashlib_defs[M_PBKDF2], v, 5);
    return r;
}

static int scrypt_int(cg_value v, const char *name, int64_t *out) {
    if (cg_is_none(v))
        return cg_raise_int(&cg_exc_TypeError, "%s is required", name);
    return cg_index_value(v, out);
}

static cg_value m_scrypt(cg_value self, const cg_args *a) {
    cg_value v[7];
    if (cg_args_bind(&hashlib_defs[M_SCRYPT], a, v, 7) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    cg_buffer pw = {0}, salt = {0};
    int64_t n, rr, p, maxmem, dklen;
    if (cg_is_none(v[1])) {
        cg_raise(&cg_exc_TypeError, "salt is required");
        goto done;
    }
    if (cg_buffer_get(v[0], &pw) < 0)
        goto done;
    if (cg_buffer_get(v[1], &salt) < 0) {
        cg_buffer_release(&pw);
        goto done;
    }
    if (scrypt_int(v[2], "n", &n) < 0 || scrypt_int(v[3], "r", &rr) < 0 || scrypt_int(v[4], "p", &p) < 0
        || cg_index_value(v[5], &maxmem) < 0 || cg_index_value(v[6], &dklen) < 0)
        goto release;
    if (n < 2 || (n & (n - 1))) {
        cg_raise(&cg_exc_ValueError, "n must be a power of 2.");
        goto release;
    }
    if (maxmem < 0 || maxmem > INT_MAX) {
        cg_raise(&cg_exc_ValueError, "maxmem must be positive and smaller than %d", INT_MAX);
        goto release;
    }
    if (dklen < 1 || dklen > INT_MAX) {
        cg_raise(&cg_exc_ValueError, "dklen must be greater than 0 and smaller than %d", INT_MAX);
        goto release;
    }
    if (rr < 0 || p < 0
        || !EVP_PBE_scrypt(NULL, 0, NULL, 0, (uint64_t)n, (uint64_t)rr, (uint64_t)p, (uint64_t)maxmem, NULL, 0)) {
        cg_raise(&cg_exc_ValueError, "Invalid parameter combination for n, r, p, maxmem.");
        goto release;
    }
    cg_bytes *out = cg_bytes_alloc((size_t)dklen);
    if (!out) {
        r = cg_raise_nomemory();
        goto release;
    }
    r = cg_obj_value(out);
    if (!EVP_PBE_scrypt(pw.buf, (size_t)pw.len, (const unsigned char *)salt.buf, (size_t)salt.len, (uint64_t)n,
                        (uint64_t)rr, (uint64_t)p, (uint64_t)maxmem, (unsigned char *)out->s, (size_t)dklen)) {
        cg_decref(r);
        r = cg_raise(&cg_exc_ValueError, "Invalid parameter combination for n, r, p, maxmem.");
    }
release:
    cg_buffer_release(&pw);
    cg_buffer_release(&salt);
done:
    cg_args_release(&hashlib_defs[M_SCRYPT], v, 7);
    return r;
}

/* Compares in time that depends on the length of b only, as CPython's. */
static bool equal_in_constant_time(const char *a, int64_t na, const char *b, int64_t nb) {
    const char *left = na == nb ? a : b;
    unsigned char diff = na == nb ? 0 : 1;
    for (int64_t i = 0; i < nb; i++)
        diff |= (unsigned char)(left[i] ^ b[i]);
    return diff == 0;
}

static cg_value m_compare(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&hashlib_defs[M_COMPARE], a, v, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (cg_is_str(v[0]) && cg_is_str(v[1])) {
        const cg_str *x = cg_as_str(v[0]), *y = cg_as_str(v[1]);
        if (x->len != x->ncp || y->len != y->ncp)
            r = cg_raise(&cg_exc_TypeError, "comparing strings with non-ASCII characters is not supported");
        else
            r = cg_bool(equal_in_constant_time(x->s, x->len, y->s, y->len));
    } else if (cg_has_buffer(v[0]) || cg_has_buffer(v[1])) { /* either lends: the other must too */
        cg_buffer x, y;
        if (cg_buffer_get(v[0], &x) == 0) {
            if (cg_buffer_get(v[1], &y) == 0) {
                r = cg_bool(equal_in_constant_time(x.buf, x.len, y.buf, y.len));
                cg_buffer_release(&y);
            }
            cg_buffer_release(&x);
        }
    } else {
        r = cg_raise(&cg_exc_TypeError, "unsupported operand types(s) or combination of types: '%s' and '%s'",
                     cg_type_name(v[0]), cg_type_name(v[1]));
    }
    cg_args_release(&hashlib_defs[M_COMPARE], v, 2);
    return r;
}

static const cg_method_def hashlib_defs[] = {
    [M_NEW] = {"new", m_new, "new(name, data=None, *, usedforsecurity=True)",
               "A hash object of the named OpenSSL digest over data."},
    [M_PBKDF2] = {"pbkdf2_hmac", m_pbkdf2, "pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None)",
                  "PBKDF2 (PKCS #5) with HMAC over the named digest: dklen bytes of key."},
    [M_SCRYPT] = {"scrypt", m_scrypt, "scrypt(password, *, salt=None, n=None, r=None, p=None, maxmem=0, dklen=64)",
                  "scrypt (RFC 7914): dklen bytes of key from password and salt."},
    [M_COMPARE] = {"compare_digest", m_compare, "compare_digest(a, b, /)", "a == b, in time that does not depend on where they differ."},
    [M_N] = {NULL, NULL, NULL, NULL},
};

/* The Python names of the digests this OpenSSL has, as a tuple. */
static cg_value available_names(void) {
    cg_value names[N_DIGESTS];
    int n = 0;
    for (int i = 0; i < N_DIGESTS; i++) {
        if (!fetch_md(i))
            continue;
        names[n] = cg_str_from_c(digests[i].py);
        if (cg_is_err(names[n])) {
            for (int k = 0; k < n; k++)
                cg_decref(names[k]);
            return CG_ERR;
        }
        n++;
    }
    return cg_tuple_steal(n, names);
}

static int add_blake2_constants(cg_type *t, bool is_b) {
    const struct {
        const char *name;
        int value;
    } c[] = {{"SALT_SIZE", is_b ? CG_BLAKE2B_SALT : CG_BLAKE2S_SALT},
             {"PERSON_SIZE", is_b ? CG_BLAKE2B_SALT : CG_BLAKE2S_SALT},
             {"MAX_KEY_SIZE", is_b ? CG_BLAKE2B_OUT : CG_BLAKE2S_OUT},
             {"MAX_DIGEST_SIZE", is_b ? CG_BLAKE2B_OUT : CG_BLAKE2S_OUT}};
    for (int i = 0; i < 4; i++)
        if (cg_dict_set_str(t->dict, c[i].name, cg_int(c[i].value)) < 0)
            return -1;
    return 0;
}

static int types_init(void) {
    if (hash_type.dict)
        return 0;
    if (cg_type_add_methods(&hash_type, hash_methods) < 0 || cg_type_add_methods(&hashxof_type, xof_methods) < 0
        || cg_type_add_methods(&blake2b_type, hash_methods) < 0 || cg_type_add_methods(&blake2s_type, hash_methods) < 0
        || add_blake2_constants(&blake2b_type, true) < 0 || add_blake2_constants(&blake2s_type, false) < 0)
        return -1;
    return 0;
}

cg_value cg_hashlib_native_module_init(void) {
    if (types_init() < 0
        || cg_is_err(cg_stdlib_error_class(&unsupported_error, "UnsupportedDigestmodError", "_hashlib",
                                           &cg_exc_ValueError)))
        return CG_ERR;
    cg_value m = cg_module_of("_hashlib", hashlib_defs);
    if (cg_is_err(m))
        return m;
    cg_value names = available_names();
    if (cg_is_err(names) || cg_module_add(m, "openssl_names", names) < 0
        || cg_module_add(m, "HASH", cg_obj_value(&hash_type)) < 0
        || cg_module_add(m, "HASHXOF", cg_obj_value(&hashxof_type)) < 0
        || cg_module_add(m, "blake2b", cg_obj_value(&blake2b_type)) < 0
        || cg_module_add(m, "blake2s", cg_obj_value(&blake2s_type)) < 0
        || cg_module_add(m, "UnsupportedDigestmodError", unsupported_error) < 0) {
        cg_decref(names);
        cg_decref(m);
        return CG_ERR;
    }
    cg_decref(names);
    return m;
}
