/* zlib_module.c: the zlib module over the zlib library (the same library
 * and defaults as CPython's, so compressed bytes are identical): one-shot
 * compress and decompress, the streaming Compress and Decompress objects,
 * crc32 and adler32, the constants, and zlib.error with CPython's
 * "Error -3 while decompressing data: ..." messages.
 *
 * Not here: gzip's and zipfile's framing (prelude/gzip.py, zipfile.py). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"

enum { DEF_BUF_SIZE = 16384 };

static cg_value zlib_error = {.tag = CG_V_NONE};

/* zlib.error "Error <err> while <what>: <why>", zlib's own message first. */
static cg_value raise_zerror(const z_stream *zs, int err, const char *what) {
    const char *why = err == Z_VERSION_ERROR ? "library version mismatch" : zs->msg;
    if (!why) {
        switch (err) {
        case Z_BUF_ERROR: why = "incomplete or truncated stream"; break;
        case Z_STREAM_ERROR: why = "inconsistent stream state"; break;
        case Z_DATA_ERROR: why = "invalid input data"; break;
        default: return cg_raise((cg_type *)zlib_error.u.o, "Error %d while %s", err, what);
        }
    }
    return cg_raise((cg_type *)zlib_error.u.o, "Error %d while %s: %.200s", err, what, why);
}

/* ---- an output buffer that grows ------------------------------------------------ */

typedef struct {
    unsigned char *p;
    size_t len, cap, limit; /* limit 0: none */
} outbuf;

/* Points zs at free room in o (growing it); -1 with MemoryError. */
static int out_room(outbuf *o, z_stream *zs) {
    if (o->len == o->cap) {
        size_t cap = o->cap ? o->cap * 2 : DEF_BUF_SIZE;
        if (o->limit && cap > o->limit)
            cap = o->limit;
        unsigned char *p = realloc(o->p, cap ? cap : 1);
        if (!p) {
            cg_raise_nomemory();
            return -1;
        }
        o->p = p;
        o->cap = cap;
    }
    size_t room = o->cap - o->len;
    zs->next_out = o->p + o->len;
    zs->avail_out = room > UINT32_MAX ? UINT32_MAX : (uInt)room;
    return 0;
}

/* Counts what zlib wrote since out_room. */
static void out_took(outbuf *o, const z_stream *zs) { o->len = (size_t)(zs->next_out - o->p); }

static bool out_full(const outbuf *o) { return o->limit && o->len >= o->limit; }

static cg_value out_bytes(outbuf *o) {
    cg_value r = cg_bytes_new((const char *)o->p, o->len);
    free(o->p);
    o->p = NULL;
    return r;
}

/* ---- the stream objects ----------------------------------------------------------- */

typedef struct {
    cg_obj head;
    z_stream zs;
    bool inited; /* deflateInit/inflateInit succeeded and no End since */
    bool eof;    /* Decompress: the end of the stream was seen */
    cg_value unused_data, unconsumed_tail, zdict;
} zobj;

static void zobj_dealloc(cg_obj *o, bool deflating) {
    zobj *z = (zobj *)o;
    if (z->inited)
        deflating ? deflateEnd(&z->zs) : inflateEnd(&z->zs);
    cg_decref(z->unused_data);
    cg_decref(z->unconsumed_tail);
    cg_decref(z->zdict);
    cg_obj_free(o);
}

static void compress_dealloc(cg_obj *o) { zobj_dealloc(o, true); }
static void decompress_dealloc(cg_obj *o) { zobj_dealloc(o, false); }

static cg_value decompress_getattr(cg_value self, cg_str *name);

#define ZOBJ_TYPE(NAME, DEALLOC, GETATTR) \
    { \
        .head = {CG_IMMORTAL, &cg_type_type}, .name = NAME, .module = "zlib", .base = &cg_type_object, \
        .basicsize = sizeof(zobj), .dealloc = DEALLOC, .repr = cg_object_repr, .hash = cg_object_hash, \
        .getattr = GETATTR, \
    }
static cg_type compress_type = ZOBJ_TYPE("Compress", compress_dealloc, NULL);
static cg_type decompress_type = ZOBJ_TYPE("Decompress", decompress_dealloc, decompress_getattr);
#undef ZOBJ_TYPE

static zobj *zobj_new(cg_type *t) {
    zobj *z = cg_obj_alloc(t);
    if (!z) {
        cg_raise_nomemory();
        return NULL;
    }
    z->unused_data = cg_bytes_new("", 0);
    z->unconsumed_tail = cg_bytes_new("", 0);
    z->zdict = CG_NONE;
    if (cg_is_err(z->unused_data) || cg_is_err(z->unconsumed_tail)) {
        z->unused_data = z->unconsumed_tail = CG_NONE;
        cg_obj_decref(z);
        return NULL;
    }
    return z;
}

static cg_value decompress_getattr(cg_value self, cg_str *name) {
    zobj *z = (zobj *)self.u.o;
    if (!strcmp(name->s, "unused_data"))
        return cg_incref(z->unused_data);
    if (!strcmp(name->s, "unconsumed_tail"))
        return cg_incref(z->unconsumed_tail);
    if (!strcmp(name->s, "eof"))
        return cg_bool(z->eof);
    return CG_STOP;
}

/* Sets a stream's preset dictionary from a bytes-like zdict; the zlib
 * code, or Z_ERRNO with a Python exception when zdict lends no buffer. */
static int set_dictionary(zobj *z, bool deflating) {
    cg_buffer buf;
    if (cg_buffer_get(z->zdict, &buf) < 0)
        return Z_ERRNO;
    int err = deflating ? deflateSetDictionary(&z->zs, (const Bytef *)buf.buf, (uInt)buf.len)
                        : inflateSetDictionary(&z->zs, (const Bytef *)buf.buf, (uInt)buf.len);
    cg_buffer_release(&buf);
    return err;
}

enum {
    Z_COMPRESS_FN, Z_DECOMPRESS_FN, Z_COMPRESSOBJ, Z_DECOMPRESSOBJ, Z_CRC32_FN, Z_ADLER32_FN, Z_FNS_N
};
enum { C_COMPRESS, C_FLUSH, C_COPY, C_N };
enum { D_DECOMPRESS, D_FLUSH, D_COPY, D_N };
static const cg_method_def zlib_defs[], compress_methods[], decompress_methods[];

/* ---- Compress --------------------------------------------------------------------- */

/* Runs deflate over input (may be empty) with `flush` until zlib has
 * nothing more to give; the output, or CG_ERR. */
static cg_value deflate_all(zobj *z, const char *in, int64_t n, int flush, const char *what) {
    static const z_stream ended; /* no message: zlib's words for an ended stream */
    if (!z->inited)
        return raise_zerror(&ended, Z_STREAM_ERROR, what);
    outbuf o = {0};
    z->zs.next_in = (Bytef *)in;
    int err = Z_OK;
    int64_t left = n;
    do {
        uInt chunk = left > (int64_t)UINT32_MAX ? UINT32_MAX : (uInt)left;
        z->zs.avail_in = chunk;
        left -= chunk;
        bool last = left == 0;
        do {
            if (out_room(&o, &z->zs) < 0) {
                free(o.p);
                return CG_ERR;
            }
            err = deflate(&z->zs, last ? flush : Z_NO_FLUSH);
            out_took(&o, &z->zs);
            if (err == Z_STREAM_ERROR) {
                free(o.p);
                return raise_zerror(&z->zs, err, what);
            }
        } while (z->zs.avail_out == 0);
    } while (left > 0);
    if (flush == Z_FINISH && err == Z_STREAM_END) {
        deflateEnd(&z->zs);
        z->inited = false;
    }
    return out_bytes(&o);
}

static cg_value c_compress(cg_value self, const cg_args *a) {
    cg_value v;
    if (cg_args_bind(&compress_methods[C_COMPRESS], a, &v, 1) < 0)
        return CG_ERR;
    cg_buffer buf;
    cg_value r = CG_ERR;
    if (cg_buffer_get(v, &buf) == 0) {
        r = deflate_all((zobj *)self.u.o, buf.buf, buf.len, Z_NO_FLUSH, "compressing data");
        cg_buffer_release(&buf);
    }
    cg_args_release(&compress_methods[C_COMPRESS], &v, 1);
    return r;
}

static cg_value c_flush(cg_value self, const cg_args *a) {
    int64_t mode;
    if (cg_args_index(&compress_methods[C_FLUSH], a, &mode) < 0)
        return CG_ERR;
    if (mode == Z_NO_FLUSH)
        return cg_bytes_new("", 0);
    return deflate_all((zobj *)self.u.o, "", 0, (int)mode, "flushing");
}

/* An independent copy of a compressor (deflating) or decompressor. */
static cg_value zobj_copy(cg_value self, bool deflating) {
    zobj *z = (zobj *)self.u.o;
    if (!z->inited)
        return cg_raise(&cg_exc_ValueError, "Inconsistent stream state");
    zobj *c = zobj_new(deflating ? &compress_type : &decompress_type);
    if (!c)
        return CG_ERR;
    int err = deflating ? deflateCopy(&c->zs, &z->zs) : inflateCopy(&c->zs, &z->zs);
    if (err != Z_OK) {
        cg_obj_decref(c);
        if (err == Z_STREAM_ERROR)
            return cg_raise(&cg_exc_ValueError, "Inconsistent stream state");
        if (deflating && err == Z_MEM_ERROR)
            return cg_raise(&cg_exc_MemoryError, "Can't allocate memory for compression object");
        return raise_zerror(&z->zs, err, deflating ? "copying compression object" : "copying decompression object");
    }
    c->inited = true;
    if (!deflating) {
        c->eof = z->eof;
        cg_value_set(&c->unused_data, cg_incref(z->unused_data));
        cg_value_set(&c->unconsumed_tail, cg_incref(z->unconsumed_tail));
    }
    c->zdict = cg_incref(z->zdict);
    return cg_obj_value(c);
}

static cg_value c_copy(cg_value self, const cg_args *a) { return zobj_copy(self, true); }

/* What deflateInit2/inflateInit2's err means for a compressobj or
 * decompressobj (kind "compression" or "decompression"). */
static void raise_init_error(zobj *z, int err, const char *kind) {
    if (err == Z_MEM_ERROR)
        cg_raise(&cg_exc_MemoryError, "Can't allocate memory for %s object", kind);
    else if (err == Z_STREAM_ERROR)
        cg_raise(&cg_exc_ValueError, "Invalid initialization option");
    else {
        char what[40];
        snprintf(what, sizeof what, "creating %s object", kind);
        raise_zerror(&z->zs, err, what);
    }
}

static cg_value zlib_compressobj(cg_value self, const cg_args *a) {
    cg_value v[6];
    if (cg_args_bind(&zlib_defs[Z_COMPRESSOBJ], a, v, 6) < 0)
        return CG_ERR;
    int64_t k[5];
    cg_value r = CG_ERR;
    zobj *z = NULL;
    for (int i = 0; i < 5; i++)
        if (cg_index_value(v[i], &k[i]) < 0)
            goto done;
    if (!(z = zobj_new(&compress_type)))
        goto done;
    int err = deflateInit2(&z->zs, (int)k[0], (int)k[1], (int)k[2], (int)k[3], (int)k[4]);
    if (err != Z_OK) {
        raise_init_error(z, err, "compression");
        goto done;
    }
    z->inited = true;
    if (!cg_is_none(v[5])) {
        z->zdict = cg_incref(v[5]);
        err = set_dictionary(z, true);
        if (err == Z_ERRNO)
            goto done;
        if (err != Z_OK) {
            cg_raise(&cg_exc_ValueError, "Invalid dictionary");
            goto done;
        }
    }
    r = cg_obj_value(z);
    z = NULL;
done:
    if (z)
        cg_obj_decref(z);
    cg_args_release(&zlib_defs[Z_COMPRESSOBJ], v, 6);
    return r;
}

/* ---- Decompress ------------------------------------------------------------------- */

/* Keeps what inflate left of the input: past the stream's end it is
 * unused_data (appended); before it, unconsumed_tail. */
static int save_unconsumed(zobj *z, int err) {
    if (err == Z_STREAM_END) {
        if (z->zs.avail_in > 0) {
            int64_t n;
            const char *old = cg_byteslike_data(z->unused_data, &n);
            char *joined = malloc((size_t)n + z->zs.avail_in + 1);
            if (!joined) {
                cg_raise_nomemory();
                return -1;
            }
            memcpy(joined, old, (size_t)n);
            memcpy(joined + n, z->zs.next_in, z->zs.avail_in);
            cg_value u = cg_bytes_new(joined, (size_t)n + z->zs.avail_in);
            free(joined);
            if (cg_is_err(u))
                return -1;
            cg_value_set(&z->unused_data, u);
            z->zs.avail_in = 0;
        }
    }
    if (z->zs.avail_in > 0 || cg_as_bytes(z->unconsumed_tail)->len > 0) {
        cg_value t = cg_bytes_new((const char *)z->zs.next_in, z->zs.avail_in);
        if (cg_is_err(t))
            return -1;
        cg_value_set(&z->unconsumed_tail, t);
    }
    return 0;
}

/* Inflates in[0:n] into up to `limit` bytes (0: all), with `flush`; the
 * output, or CG_ERR. Z_NEED_DICT is met with the zdict when there is one. */
static cg_value inflate_some(zobj *z, const char *in, int64_t n, size_t limit, int flush, const char *what) {
    outbuf o = {.limit = limit};
    z->zs.next_in = (Bytef *)in;
    z->zs.avail_in = (uInt)n;
    int err = Z_OK;
    if (!z->inited) /* after a finished flush: nothing more comes out */
        return cg_bytes_new("", 0);
    for (;;) {
        if (out_room(&o, &z->zs) < 0)
            goto fail;
        err = inflate(&z->zs, flush);
        out_took(&o, &z->zs);
        if (err == Z_NEED_DICT && !cg_is_none(z->zdict)) {
            int e2 = set_dictionary(z, false);
            if (e2 == Z_ERRNO)
                goto fail;
            if (e2 != Z_OK) {
                raise_zerror(&z->zs, e2, "setting zdict");
                goto fail;
            }
            continue;
        }
        if (err != Z_OK && err != Z_BUF_ERROR)
            break;
        if (z->zs.avail_out != 0 || out_full(&o))
            break;
    }
    if (save_unconsumed(z, err) < 0)
        goto fail;
    if (err == Z_STREAM_END)
        z->eof = true;
    else if (err != Z_OK && err != Z_BUF_ERROR) {
        raise_zerror(&z->zs, err, what);
        goto fail;
    }
    return out_bytes(&o);
fail:
    free(o.p);
    return CG_ERR;
}

static cg_value d_decompress(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&decompress_methods[D_DECOMPRESS], a, v, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    int64_t max_length;
    cg_buffer buf;
    if (cg_index_value(v[1], &max_length) == 0) {
        if (max_length < 0) {
            cg_raise(&cg_exc_ValueError, "max_length must be non-negative");
        } else if (!((zobj *)self.u.o)->inited) { /* ended by a finished flush */
            static const z_stream ended;
            raise_zerror(&ended, Z_STREAM_ERROR, "decompressing data");
        } else if (cg_buffer_get(v[0], &buf) == 0) {
            r = inflate_some((zobj *)self.u.o, buf.buf, buf.len, (size_t)max_length, Z_SYNC_FLUSH,
                             "decompressing data");
            cg_buffer_release(&buf);
        }
    }
    cg_args_release(&decompress_methods[D_DECOMPRESS], v, 2);
    return r;
}

static cg_value d_flush(cg_value self, const cg_args *a) {
    int64_t length;
    if (cg_args_index(&decompress_methods[D_FLUSH], a, &length) < 0)
        return CG_ERR;
    if (length <= 0)
        return cg_raise(&cg_exc_ValueError, "length must be greater than zero");
    zobj *z = (zobj *)self.u.o;
    cg_value tail = cg_incref(z->unconsumed_tail);
    int64_t n;
    const char *in = cg_byteslike_data(tail, &n);
    cg_value r = inflate_some(z, in, n, 0, Z_FINISH, "flushing");
    cg_decref(tail);
    if (cg_is_err(r) || !z->eof || !z->inited)
        return r;
    inflateEnd(&z->zs);
    z->inited = false;
    return r;
}

static cg_value d_copy(cg_value self, const cg_args *a) { return zobj_copy(self, false); }

static cg_value zlib_decompressobj(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&zlib_defs[Z_DECOMPRESSOBJ], a, v, 2) < 0)
        return CG_ERR;
    int64_t wbits;
    cg_value r = CG_ERR;
    zobj *z = NULL;
    if (cg_index_value(v[0], &wbits) < 0)
        goto done;
    if (!cg_is_none(v[1]) && !cg_has_buffer(v[1])) {
        cg_raise(&cg_exc_TypeError, "zdict argument must support the buffer protocol");
        goto done;
    }
    if (!(z = zobj_new(&decompress_type)))
        goto done;
    int err = inflateInit2(&z->zs, (int)wbits);
    if (err != Z_OK) {
        raise_init_error(z, err, "decompression");
        goto done;
    }
    z->inited = true;
    z->zdict = cg_incref(v[1]);
    if (!cg_is_none(z->zdict) && wbits < 0) { /* raw streams take the dictionary at once */
        err = set_dictionary(z, false);
        if (err == Z_ERRNO)
            goto done;
        if (err != Z_OK) {
            raise_zerror(&z->zs, err, "setting zdict");
            goto done;
        }
    }
    r = cg_obj_value(z);
    z = NULL;
done:
    if (z)
        cg_obj_decref(z);
    cg_args_release(&zlib_defs[Z_DECOMPRESSOBJ], v, 2);
    return r;
}

/* ---- one-shot functions and checksums ------------------------------------------------ */

static cg_value zlib_compress(cg_value self, const cg_args *a) {
    cg_value v[3];
    if (cg_args_bind(&zlib_defs[Z_COMPRESS_FN], a, v, 3) < 0)
        return CG_ERR;
    int64_t level, wbits;
    cg_value r = CG_ERR;
    cg_buffer buf;
    if (cg_index_value(v[1], &level) < 0 || cg_index_value(v[2], &wbits) < 0 || cg_buffer_get(v[0], &buf) < 0)
        goto done;
    zobj z = {0};
    int err = deflateInit2(&z.zs, (int)level, Z_DEFLATED, (int)wbits, 8, Z_DEFAULT_STRATEGY);
    if (err == Z_OK) {
        z.inited = true;
        r = deflate_all(&z, buf.buf, buf.len, Z_FINISH, "compressing data");
        if (z.inited)
            deflateEnd(&z.zs);
    } else if (err == Z_MEM_ERROR) {
        cg_raise(&cg_exc_MemoryError, "Out of memory while compressing data");
    } else if (err == Z_STREAM_ERROR) {
        cg_raise((cg_type *)zlib_error.u.o, "Bad compression level");
    } else {
        raise_zerror(&z.zs, err, "compressing data");
    }
    cg_buffer_release(&buf);
done:
    cg_args_release(&zlib_defs[Z_COMPRESS_FN], v, 3);
    return r;
}

static cg_value zlib_decompress(cg_value self, const cg_args *a) {
    cg_value v[3];
    if (cg_args_bind(&zlib_defs[Z_DECOMPRESS_FN], a, v, 3) < 0)
        return CG_ERR;
    int64_t wbits, bufsize;
    cg_value r = CG_ERR;
    cg_buffer buf;
    if (cg_index_value(v[1], &wbits) < 0 || cg_index_value(v[2], &bufsize) < 0)
        goto done;
    if (bufsize < 0) {
        cg_raise(&cg_exc_ValueError, "bufsize must be non-negative");
        goto done;
    }
    if (cg_buffer_get(v[0], &buf) < 0)
        goto done;
    zobj z = {.zdict = CG_NONE};
    int err = inflateInit2(&z.zs, (int)wbits);
    if (err != Z_OK) {
        if (err == Z_MEM_ERROR)
            cg_raise(&cg_exc_MemoryError, "Out of memory while decompressing data");
        else
            raise_zerror(&z.zs, err, "preparing to decompress data");
        cg_buffer_release(&buf);
        goto done;
    }
    outbuf o = {0};
    z.zs.next_in = (Bytef *)buf.buf;
    z.zs.avail_in = (uInt)buf.len;
    do {
        if (out_room(&o, &z.zs) < 0)
            break;
        err = inflate(&z.zs, Z_NO_FLUSH);
        out_took(&o, &z.zs);
    } while (err == Z_OK);
    if (err == Z_STREAM_END)
        r = out_bytes(&o);
    else if (!cg_exc_pending())
        raise_zerror(&z.zs, err == Z_OK ? Z_BUF_ERROR : err, "decompressing data");
    free(o.p);
    inflateEnd(&z.zs);
    cg_buffer_release(&buf);
done:
    cg_args_release(&zlib_defs[Z_DECOMPRESS_FN], v, 3);
    return r;
}

static cg_value checksum(int which, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&zlib_defs[which], a, v, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (which == Z_CRC32_FN) {
        r = cg_crc32_of(v[0], v[1]);
    } else {
        cg_value masked = cg_binary(v[1], cg_int(0xffffffff), OP_BITAND);
        int64_t start;
        cg_buffer buf;
        if (!cg_is_err(masked) && cg_index_value(masked, &start) == 0 && cg_buffer_get(v[0], &buf) == 0) {
            uLong s = (uLong)start;
            const Bytef *p = (const Bytef *)buf.buf;
            for (int64_t left = buf.len; left > 0;) {
                uInt chunk = left > (1 << 30) ? 1u << 30 : (uInt)left;
                s = adler32(s, p, chunk);
                p += chunk;
                left -= chunk;
            }
            cg_buffer_release(&buf);
            r = cg_int((int64_t)s);
        }
        cg_decref(masked);
    }
    cg_args_release(&zlib_defs[which], v, 2);
    return r;
}

static cg_value zlib_crc32(cg_value self, const cg_args *a) { return checksum(Z_CRC32_FN, a); }
static cg_value zlib_adler32(cg_value self, const cg_args *a) { return checksum(Z_ADLER32_FN, a); }

static const cg_method_def compress_methods[] = {
    [C_COMPRESS] = {"compress", c_compress, "compress(data, /)",
                    "Compressed bytes for data so far (some may wait for flush)."},
    [C_FLUSH] = {"flush", c_flush, "flush(mode=4, /)", "What the compressor still holds; Z_FINISH ends the stream."},
    [C_COPY] = {"copy", c_copy, NULL, "An independent copy of the compressor."},
    [C_N] = {NULL, NULL, NULL, NULL},
};

static const cg_method_def decompress_methods[] = {
    [D_DECOMPRESS] = {"decompress", d_decompress, "decompress(data, /, max_length=0)",
                      "The bytes data decompresses to (at most max_length when it is not 0)."},
    [D_FLUSH] = {"flush", d_flush, "flush(length=16384, /)",
                 "What is left of the data, the unconsumed tail included."},
    [D_COPY] = {"copy", d_copy, NULL, "An independent copy of the decompressor."},
    [D_N] = {NULL, NULL, NULL, NULL},
};

static const cg_method_def zlib_defs[] = {
    [Z_COMPRESS_FN] = {"compress", zlib_compress, "compress(data, /, level=-1, wbits=15)",
                       "data compressed in one call."},
    [Z_DECOMPRESS_FN] = {"decompress", zlib_decompress, "decompress(data, /, wbits=15, bufsize=16384)",
                         "The bytes that data decompresses to, in one call."},
    [Z_COMPRESSOBJ] = {"compressobj", zlib_compressobj,
                       "compressobj(level=-1, method=8, wbits=15, memLevel=8, strategy=0, zdict=None)",
                       "A Compress object for data given in pieces."},
    [Z_DECOMPRESSOBJ] = {"decompressobj", zlib_decompressobj, "decompressobj(wbits=15, zdict=None)",
                         "A Decompress object for data given in pieces."},
    [Z_CRC32_FN] = {"crc32", zlib_crc32, "crc32(data, value=0, /)", "The CRC-32 of data, continuing from value."},
    [Z_ADLER32_FN] = {"adler32", zlib_adler32, "adler32(data, value=1, /)", "The Adler-32 of data, continuing from value."},
    [Z_FNS_N] = {NULL, NULL, NULL, NULL},
};

static int add_constants(cg_value m) {
    static const struct {
        const char *name;
        int value;
    } ints[] = {
        {"MAX_WBITS", MAX_WBITS},
        {"DEFLATED", Z_DEFLATED},
        {"DEF_MEM_LEVEL", 8},
        {"DEF_BUF_SIZE", DEF_BUF_SIZE},
        {"Z_NO_COMPRESSION", Z_NO_COMPRESSION},
        {"Z_BEST_SPEED", Z_BEST_SPEED},
        {"Z_BEST_COMPRESSION", Z_BEST_COMPRESSION},
        {"Z_DEFAULT_COMPRESSION", Z_DEFAULT_COMPRESSION},
        {"Z_FILTERED", Z_FILTERED},
        {"Z_HUFFMAN_ONLY", Z_HUFFMAN_ONLY},
        {"Z_RLE", Z_RLE},
        {"Z_FIXED", Z_FIXED},
        {"Z_DEFAULT_STRATEGY", Z_DEFAULT_STRATEGY},
        {"Z_NO_FLUSH", Z_NO_FLUSH},
        {"Z_PARTIAL_FLUSH", Z_PARTIAL_FLUSH},
        {"Z_SYNC_FLUSH", Z_SYNC_FLUSH},
        {"Z_FULL_FLUSH", Z_FULL_FLUSH},
        {"Z_FINISH", Z_FINISH},
        {"Z_BLOCK", Z_BLOCK},
        {"Z_TREES", Z_TREES},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        if (cg_module_add(m, ints[i].name, cg_int(ints[i].value)) < 0)
            return -1;
    const char *versions[2][2] = {{"ZLIB_VERSION", ZLIB_VERSION}, {"ZLIB_RUNTIME_VERSION", NULL}};
    versions[1][1] = zlibVersion();
    for (int i = 0; i < 2; i++) {
        cg_value s = cg_str_from_c(versions[i][1]);
        if (cg_is_err(s))
            return -1;
        int rc = cg_module_add(m, versions[i][0], s);
        cg_decref(s);
        if (rc < 0)
            return -1;
    }
    return 0;
}

cg_value cg_zlib_module_init(void) {
    if (cg_is_err(cg_stdlib_error_class(&zlib_error, "error", "zlib", &cg_exc_Exception)))
        return CG_ERR;
    if ((!compress_type.dict && cg_type_add_methods(&compress_type, compress_methods) < 0)
        || (!decompress_type.dict && cg_type_add_methods(&decompress_type, decompress_methods) < 0))
        return CG_ERR;
    cg_value m = cg_module_of("zlib", zlib_defs);
    if (cg_is_err(m))
        return m;
    if (cg_module_add(m, "error", zlib_error) < 0 || add_constants(m) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
