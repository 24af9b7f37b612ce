/* fileio.c: open() and text files (fileio.h).
 *
 * Note [Text files]
 * A text file keeps two buffers over its descriptor: bytes read but not
 * decoded yet (a character cut at a chunk's end waits there), and text
 * decoded but not handed out yet. Newlines are translated as text leaves
 * (read, readline), not as it is decoded, so that tell() can say where the
 * next character starts in the file: the descriptor's position, less the
 * undecoded bytes, less the encoded length of the text not handed out.
 * Writes collect in a third buffer, flushed when it fills, before reads,
 * seeks and tell, and on close; a failed write (a full disk) is an OSError
 * there, never a silent loss. Reading after writing and writing after
 * reading reposition the descriptor where the user is, as Python's
 * buffered random-access files do. */
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime/bytes.h"
#include "runtime/codecs.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/fileio.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "runtime/text_codec.h"
#include "runtime/utf8_scan.h"

#define CHUNK 65536
#define WRITE_FLUSH 8192

typedef enum { NL_UNIVERSAL, NL_UNTRANSLATED, NL_LF, NL_CR, NL_CRLF } newline_mode;

typedef struct {
    cg_obj head;
    int fd;
    bool readable, writable, appending, closefd, closed, eof;
    bool binary;   /* a Buffered* or FileIO: bytes in and out, nothing decoded */
    cg_value name; /* the path as given, or the descriptor */
    char mode[8];  /* as given to open() */
    char encoding[64], errors[32];
    /* the codecs module's incremental encoder and decoder when C does not
     * run the encoding (Note [Text files beyond C] in text_codec.h) */
    cg_value py_encoder, py_decoder;
    newline_mode newline;
    unsigned char *raw; /* bytes read, not decoded */
    size_t raw_len;
    cg_strbuf text; /* decoded, not handed out: text.data[text_pos, text.len) */
    size_t text_pos;
    cg_strbuf out; /* encoded, not written */
} cg_file;

bool cg_is_file(cg_value v) {
    return cg_is_type(v, &cg_type_text_file) || cg_is_type(v, &cg_type_buffered_reader)
           || cg_is_type(v, &cg_type_buffered_writer) || cg_is_type(v, &cg_type_buffered_random)
           || cg_is_type(v, &cg_type_file_io);
}

static cg_file *file_of(cg_value v) { return (cg_file *)v.u.o; }

/* ---- checks ---------------------------------------------------------------------------- */

static cg_type *unsupported_operation(void); /* io.UnsupportedOperation */

static int check_open(cg_file *f) {
    return f->closed ? cg_raise_int(&cg_exc_ValueError, "I/O operation on closed file.") : 0;
}

static int check_readable(cg_file *f) {
    if (check_open(f) < 0)
        return -1;
    return f->readable ? 0 : cg_raise_int(unsupported_operation(), f->binary ? "read" : "not readable");
}

static int check_writable(cg_file *f) {
    if (check_open(f) < 0)
        return -1;
    return f->writable ? 0 : cg_raise_int(unsupported_operation(), f->binary ? "write" : "not writable");
}

static int os_error(cg_file *f) { return cg_raise_os_error_int(errno, NULL, NULL); }

/* ---- the descriptor -------------------------------------------------------------------- */

/* Writes out everything collected; the buffer keeps what could not go. */
static int flush_out(cg_file *f) {
    size_t done = 0;
    while (done < f->out.len) {
        ssize_t n = write(f->fd, f->out.data + done, f->out.len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            memmove(f->out.data, f->out.data + done, f->out.len - done);
            f->out.len -= done;
            return os_error(f);
        }
        done += (size_t)n;
    }
    f->out.len = 0;
    return 0;
}

/* Where the user is in the file, in bytes. */
static int64_t logical_pos(cg_file *f) {
    off_t at = lseek(f->fd, 0, SEEK_CUR);
    if (at < 0)
        return os_error(f);
    const char *rest = f->text.data + f->text_pos;
    size_t rest_len = f->text.len - f->text_pos, pending;
    if (cg_is_obj(f->py_decoder)) {
        int64_t n = rest_len ? cg_text_encoded_length_python(f->encoding, rest, rest_len) : 0;
        if (n < 0)
            return -1;
        pending = (size_t)n;
    } else
        pending = (size_t)cg_codecs_encoded_length(f->encoding, rest, rest_len);
    return (int64_t)at - (int64_t)f->raw_len - (int64_t)pending + (int64_t)f->out.len;
}

static void drop_read_buffers(cg_file *f) {
    f->raw_len = 0;
    f->text.len = f->text_pos = 0;
    f->eof = false;
    if (cg_is_obj(f->py_decoder)) { /* a decoder starts over where the reading does */
        cg_value r = cg_call_method(f->py_decoder, "reset", 0, NULL);
        if (cg_is_err(r))
            cg_exc_clear();
        cg_decref(r);
    }
}

/* Before writing after reading: the descriptor goes back to where the user
 * is, and what was read ahead is dropped. */
static int stop_reading(cg_file *f) {
    if (f->raw_len == 0 && f->text.len == f->text_pos)
        return 0;
    int64_t at = logical_pos(f);
    if (at < 0)
        return -1;
    drop_read_buffers(f);
    return lseek(f->fd, (off_t)at, SEEK_SET) < 0 ? os_error(f) : 0;
}

/* Reads one chunk and decodes what is whole of it; 0 at the end of the
 * file (where a cut character is an error), 1 when text came, -1. */
static int fill(cg_file *f) {
    if (f->eof)
        return 0;
    if (f->out.len && flush_out(f) < 0)
        return -1;
    unsigned char *grown = realloc(f->raw, f->raw_len + CHUNK);
    if (!grown)
        return cg_raise_nomemory(), -1;
    f->raw = grown;
    ssize_t n;
    do
        n = read(f->fd, f->raw + f->raw_len, CHUNK);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return os_error(f);
    f->raw_len += (size_t)n;
    f->eof = n == 0;
    if (cg_check_interrupt() < 0)
        return -1;
    if (f->binary)
        return n > 0 ? 1 : 0;
    if (f->text_pos == f->text.len) /* everything handed out: start the text buffer over */
        f->text.len = f->text_pos = 0;
    int64_t used = (int64_t)f->raw_len; /* a Python decoder keeps what it cannot decode yet */
    if (cg_is_obj(f->py_decoder) ? cg_text_decode_python(f->py_decoder, f->raw, f->raw_len, f->eof, &f->text) < 0
                                 : cg_codecs_decode_into(f->encoding, f->errors, (const char *)f->raw,
                                                         (int64_t)f->raw_len, f->eof, &f->text, &used) < 0)
        return -1;
    memmove(f->raw, f->raw + used, f->raw_len - (size_t)used);
    f->raw_len -= (size_t)used;
    return n > 0 ? 1 : 0;
}

/* ---- handing bytes out (binary files) -------------------------------------------------- */

/* Up to `limit` bytes (-1: all), stopping after a b'\n' when `line`. */
static cg_value take_bytes(cg_file *f, int64_t limit, bool line) {
    size_t want = limit < 0 ? SIZE_MAX : (size_t)limit;
    for (;;) {
        size_t upto = f->raw_len < want ? f->raw_len : want;
        const unsigned char *nl = line && upto ? memchr(f->raw, '\n', upto) : NULL;
        if (!nl && f->raw_len < want && !f->eof) {
            if (fill(f) < 0)
                return CG_ERR;
            continue;
        }
        size_t n = nl ? (size_t)(nl - f->raw) + 1 : upto;
        cg_value b = cg_bytes_new((const char *)f->raw, n);
        if (!cg_is_err(b) && n) { /* read(0) before any read: raw is still NULL */
            memmove(f->raw, f->raw + n, f->raw_len - n);
            f->raw_len -= n;
        }
        return b;
    }
}

/* ---- handing text out ------------------------------------------------------------------ */

/* Takes text into b: up to `limit` characters (-1: no limit), stopping
 * after a line's end when `line`; newlines translated as the file's mode
 * says (Note [Text files]). 0, or -1. */
static int take(cg_file *f, int64_t limit, bool line, cg_strbuf *b) {
    int64_t taken = 0;
    for (;;) {
        if (f->text_pos == f->text.len) {
            int got = fill(f);
            if (got < 0)
                return -1;
            if (got == 0 && f->text_pos == f->text.len)
                return 0;
            continue;
        }
        const char *p = f->text.data + f->text_pos, *end = f->text.data + f->text.len;
        while (p < end && (limit < 0 || taken < limit)) {
            if (limit < 0) { /* no count to keep: copy up to the next character to look at, at once */
                const char *q = line                          ? cg_utf8_find_eol(p, end)
                                : f->newline != NL_UNIVERSAL ? end /* nothing translated */
                                                              : memchr(p, '\r', (size_t)(end - p));
                q = q ? q : end;
                if (q > p) {
                    cg_strbuf_append(b, p, (size_t)(q - p));
                    p = q;
                    continue;
                }
            }
            unsigned char c = (unsigned char)*p;
            if (c == '\r' && (f->newline == NL_UNIVERSAL || f->newline == NL_UNTRANSLATED || f->newline == NL_CRLF)) {
                if (p + 1 == end && !f->eof) /* is a \n next? read on to see */
                    break;
                bool crlf = p + 1 < end && p[1] == '\n';
                if (f->newline == NL_UNIVERSAL) {
                    cg_strbuf_putc(b, '\n');
                    p += crlf ? 2 : 1;
                } else if (crlf || f->newline == NL_UNTRANSLATED) {
                    cg_strbuf_append(b, p, crlf ? 2 : 1);
                    p += crlf ? 2 : 1;
                } else { /* a lone \r when lines end with \r\n */
                    cg_strbuf_putc(b, '\r');
                    p++;
                    taken++;
                    continue;
                }
                taken++;
                if (line) {
                    f->text_pos = (size_t)(p - f->text.data);
                    return 0;
                }
                continue;
            }
            size_t n = (size_t)(c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4);
            cg_strbuf_append(b, p, n);
            p += n;
            taken++;
            bool ends =
                (c == '\n' && f->newline != NL_CR && f->newline != NL_CRLF) || (c == '\r' && f->newline == NL_CR);
            if (line && ends) {
                f->text_pos = (size_t)(p - f->text.data);
                return 0;
            }
        }
        f->text_pos = (size_t)(p - f->text.data);
        if (limit >= 0 && taken >= limit)
            return 0;
        if (p < end) { /* stopped at a \r to look past: keep it, read more */
            size_t keep = (size_t)(end - p);
            memmove(f->text.data, p, keep);
            f->text.len = keep;
            f->text_pos = 0;
            int got = fill(f);
            if (got < 0)
                return -1;
        }
    }
}

static cg_value taken_text(cg_strbuf *b, int rc) {
    if (rc < 0) {
        cg_strbuf_free(b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(b);
}

static int64_t size_arg(const cg_args *a, const char *name) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", name), -2;
    if (a->npos > 1)
        return cg_raise_int(&cg_exc_TypeError, "%s expected at most 1 argument, got %d", name, a->npos), -2;
    int64_t n = -1;
    if (a->npos && !cg_is_none(a->pos[0])) {
        if (a->pos[0].tag != CG_V_INT && a->pos[0].tag != CG_V_BOOL)
            return cg_raise_int(&cg_exc_TypeError, "argument should be integer or None, not '%s'",
                                cg_type_name(a->pos[0])),
                   -2;
        n = a->pos[0].u.i;
    }
    return n < 0 ? -1 : n;
}

/* Moves up to n read-ahead bytes into dst; how many. */
static size_t take_buffered(cg_file *f, char *dst, size_t n) {
    size_t have = f->raw_len < n ? f->raw_len : n;
    if (have) {
        memcpy(dst, f->raw, have);
        memmove(f->raw, f->raw + have, f->raw_len - have);
        f->raw_len -= have;
    }
    return have;
}

/* Reads into dst[got..want) straight from the descriptor, past the
 * read-ahead buffer; the count reached (short at the end of the file), or
 * -1. Big reads (a checkpoint's records) so cost one copy, as CPython's. */
static int64_t read_direct(cg_file *f, char *dst, size_t got, size_t want) {
    while (got < want && !f->eof) {
        ssize_t n;
        do
            n = read(f->fd, dst + got, want - got > (1u << 30) ? (1u << 30) : want - got);
        while (n < 0 && errno == EINTR);
        if (n < 0)
            return os_error(f);
        f->eof = n == 0;
        got += (size_t)n;
        if (cg_check_interrupt() < 0)
            return -1;
    }
    return (int64_t)got;
}

/* How many bytes lie between the descriptor and the end of a regular file
 * (0 when unknown), for read() of everything */
static size_t bytes_left(cg_file *f) {
    struct stat st;
    off_t here = lseek(f->fd, 0, SEEK_CUR);
    if (here < 0 || fstat(f->fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size <= here)
        return 0;
    return (size_t)(st.st_size - here);
}

/* read(n) of a binary file when n (or, for n = -1, the rest of a regular
 * file) is well past the read-ahead buffer; CG_STOP when not worth it */
static cg_value read_large(cg_file *f, int64_t limit) {
    size_t want = limit < 0 ? bytes_left(f) : (size_t)limit;
    if (want <= f->raw_len + CHUNK || (f->out.len && flush_out(f) < 0))
        return f->out.len ? CG_ERR : CG_STOP;
    cg_bytes *b = cg_bytes_alloc(want);
    if (!b)
        return cg_raise_nomemory();
    int64_t got = read_direct(f, b->s, take_buffered(f, b->s, want), want);
    if (got >= 0 && (size_t)got < want) { /* the end came first */
        cg_bytes *shrunk = realloc(b, sizeof *b + (size_t)got + 1);
        b = shrunk ? shrunk : b;
        b->len = got, b->s[got] = 0;
    }
    cg_value r = cg_obj_value(b);
    if (got < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    if (limit < 0 && !f->eof) { /* the file grew: the rest the usual way */
        cg_value rest = take_bytes(f, -1, false);
        if (!cg_is_err(rest) && cg_as_bytes(rest)->len == 0) { /* it did not */
            cg_decref(rest);
            return r;
        }
        cg_bytes *both = cg_is_err(rest) ? NULL : cg_bytes_alloc((size_t)got + (size_t)cg_as_bytes(rest)->len);
        if (both) {
            memcpy(both->s, b->s, (size_t)got);
            memcpy(both->s + got, cg_as_bytes(rest)->s, (size_t)cg_as_bytes(rest)->len);
        } else if (!cg_is_err(rest)) {
            cg_raise_nomemory();
        }
        if (!cg_is_err(rest))
            cg_decref(rest);
        cg_decref(r);
        return both ? cg_obj_value(both) : CG_ERR;
    }
    return r;
}

/* readinto(b): fills a writable buffer; how many bytes came (binary files) */
static cg_value file_readinto(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    if (!f->binary) /* text files have none (one table serves every kind) */
        return cg_raise_no_attribute(self, cg_str_intern("readinto"));
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "readinto() takes exactly one argument (%d given)", a->npos + a->nkw);
    if (check_readable(f) < 0)
        return CG_ERR;
    cg_buffer view;
    if (cg_buffer_get(a->pos[0], &view) < 0)
        return CG_ERR;
    if (view.readonly) {
        cg_buffer_release(&view);
        return cg_raise(&cg_exc_TypeError, "readinto() argument must be read-write bytes-like object, not %s",
                        cg_type_name(a->pos[0]));
    }
    int64_t got = f->out.len && flush_out(f) < 0 ? -1 : 0;
    size_t want = (size_t)view.len;
    if (got == 0)
        got = (int64_t)take_buffered(f, view.buf, want);
    if (got >= 0 && want - (size_t)got >= CHUNK) /* big: straight in */
        got = read_direct(f, view.buf, (size_t)got, want);
    while (got >= 0 && (size_t)got < want && !f->eof) { /* small: through the buffer */
        if (fill(f) < 0)
            got = -1;
        else
            got += (int64_t)take_buffered(f, view.buf + got, want - (size_t)got);
    }
    cg_buffer_release(&view);
    return got < 0 ? CG_ERR : cg_int(got);
}

static cg_value file_read(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    int64_t n = size_arg(a, "read");
    if (n < -1 || check_readable(f) < 0)
        return CG_ERR;
    if (f->binary) {
        cg_value big = read_large(f, n);
        return big.tag != CG_V_STOP ? big : take_bytes(f, n, false);
    }
    cg_strbuf b = {0};
    return taken_text(&b, take(f, n, false, &b));
}

static cg_value file_readline(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    int64_t n = size_arg(a, "readline");
    if (n < -1 || check_readable(f) < 0)
        return CG_ERR;
    if (f->binary)
        return take_bytes(f, n, true);
    cg_strbuf b = {0};
    return taken_text(&b, take(f, n, true, &b));
}

/* Note [A line already decoded]
 * Iterating a file reads line after line; most lie whole in the decoded
 * buffer. Such a line (ended by \n, or for newline='' by \r or \r\n
 * seen whole) becomes its str at once, without going through take()'s
 * builder. Anything else (a translated \r, a line cut by the buffer's
 * end, the other newline modes) is left to take(): CG_STOP. */
static bool whole_line(const cg_file *f, size_t *n) {
    if (f->binary)
        return false;
    if (f->newline != NL_UNTRANSLATED && f->newline != NL_UNIVERSAL && f->newline != NL_LF)
        return false;
    if (f->text_pos == f->text.len)
        return false;
    const char *p = f->text.data + f->text_pos, *end = f->text.data + f->text.len;
    const char *q = cg_utf8_find_eol(p, end);
    if (q == end)
        return false;
    const char *stop = q + 1;
    if (*q == '\r') {
        if (f->newline != NL_UNTRANSLATED || q + 1 == end)
            return false;
        stop += q[1] == '\n';
    }
    *n = (size_t)(stop - p);
    return true;
}

static cg_value line_in_buffer(cg_file *f) {
    size_t n;
    if (!whole_line(f, &n))
        return CG_STOP;
    cg_str *line = cg_str_alloc(n);
    if (!line)
        return cg_raise_nomemory();
    memcpy(line->s, f->text.data + f->text_pos, n);
    line->ncp = cg_utf8_count(line->s, n);
    f->text_pos += n;
    return cg_obj_value(line);
}

int cg_text_file_line_view(cg_value file, const char **s, size_t *n) {
    cg_file *f = file_of(file);
    if (check_readable(f) < 0)
        return -1;
    if (!whole_line(f, n))
        return 0;
    *s = f->text.data + f->text_pos;
    f->text_pos += *n;
    return 1;
}

static cg_value file_next(cg_value self) {
    cg_file *f = file_of(self);
    if (check_readable(f) < 0)
        return CG_ERR;
    if (f->binary) {
        cg_value bl = take_bytes(f, -1, true);
        if (cg_is_err(bl) || cg_as_bytes(bl)->len > 0)
            return bl;
        cg_decref(bl);
        return CG_STOP;
    }
    cg_value whole = line_in_buffer(f);
    if (whole.tag != CG_V_STOP)
        return whole;
    cg_strbuf b = {0};
    cg_value line = taken_text(&b, take(f, -1, true, &b));
    if (cg_is_err(line) || cg_as_str(line)->len > 0)
        return line;
    cg_decref(line);
    return CG_STOP;
}

static cg_value file_readlines(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    int64_t hint = size_arg(a, "readlines");
    if (hint < -1 || check_readable(f) < 0)
        return CG_ERR;
    cg_value lines = cg_list_new(0);
    int64_t total = 0;
    while (!cg_is_err(lines) && (hint <= 0 || total < hint)) {
        cg_value line = file_next(self);
        if (line.tag == CG_V_STOP)
            break;
        int64_t len = cg_is_err(line) ? 0 : f->binary ? cg_as_bytes(line)->len : cg_as_str(line)->ncp;
        if (cg_is_err(line) || cg_list_append_steal(lines, line) < 0)
            cg_value_set(&lines, CG_ERR);
        else
            total += len;
    }
    return lines;
}

/* ---- writing --------------------------------------------------------------------------- */

static int put_text(cg_file *f, cg_value s) {
    const cg_str *str = cg_as_str(s);
    const char *nl = f->newline == NL_CR ? "\r" : f->newline == NL_CRLF ? "\r\n" : NULL;
    if (!nl)
        return cg_is_obj(f->py_encoder) ? cg_text_encode_python(f->py_encoder, str->s, (size_t)str->len, &f->out)
                                        : cg_codecs_encode_into(f->encoding, f->errors, s, &f->out);
    cg_strbuf t = {0}; /* \n becomes the file's newline before encoding */
    for (int64_t i = 0; i < str->len; i++)
        str->s[i] == '\n' ? cg_strbuf_puts(&t, nl) : cg_strbuf_putc(&t, str->s[i]);
    if (t.failed) {
        cg_strbuf_free(&t);
        return cg_raise_nomemory(), -1;
    }
    if (cg_is_obj(f->py_encoder)) {
        int rc = cg_text_encode_python(f->py_encoder, t.data ? t.data : "", t.len, &f->out);
        cg_strbuf_free(&t);
        return rc;
    }
    cg_value translated = cg_str_from_strbuf(&t);
    if (cg_is_err(translated))
        return -1;
    int rc = cg_codecs_encode_into(f->encoding, f->errors, translated, &f->out);
    cg_decref(translated);
    return rc;
}

/* A binary file's write: any bytes-like object; the count of bytes. An
 * unbuffered FileIO writes at once. */
static cg_value write_bytes(cg_file *f, cg_value s) {
    if (cg_is_str(s) || !cg_has_buffer(s))
        return cg_raise(&cg_exc_TypeError, "a bytes-like object is required, not '%s'", cg_type_name(s));
    cg_buffer view;
    if (stop_reading(f) < 0 || cg_buffer_get(s, &view) < 0)
        return CG_ERR;
    cg_strbuf_append(&f->out, view.buf, (size_t)view.len);
    int64_t n = view.len;
    cg_buffer_release(&view);
    if (f->out.failed)
        return cg_raise_nomemory();
    bool unbuffered = f->head.type == &cg_type_file_io;
    if ((unbuffered || f->out.len >= WRITE_FLUSH) && flush_out(f) < 0)
        return CG_ERR;
    return cg_int(n);
}

static cg_value file_write(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    if (a->nkw || a->npos != 1)
        return cg_raise(&cg_exc_TypeError, "write() takes exactly one argument (%d given)", a->npos + a->nkw);
    if (check_writable(f) < 0)
        return CG_ERR;
    cg_value s = a->pos[0];
    if (f->binary)
        return write_bytes(f, s);
    if (!cg_is_str(s))
        return cg_raise(&cg_exc_TypeError, "write() argument must be str, not %s", cg_type_name(s));
    if (stop_reading(f) < 0 || put_text(f, s) < 0)
        return CG_ERR;
    if (f->out.len >= WRITE_FLUSH && flush_out(f) < 0)
        return CG_ERR;
    return cg_int(cg_as_str(s)->ncp);
}

static cg_value file_writelines(cg_value self, const cg_args *a) {
    if (a->nkw || a->npos != 1)
        return cg_raise(&cg_exc_TypeError, "writelines() takes exactly one argument (%d given)", a->npos + a->nkw);
    cg_value it = cg_iter(a->pos[0]);
    if (cg_is_err(it))
        return it;
    cg_value line, r = CG_NONE;
    while ((line = cg_next(it)).tag != CG_V_STOP) {
        if (cg_is_err(line)) {
            r = CG_ERR;
            break;
        }
        cg_value w = file_write(self, &(cg_args){.pos = &line, .npos = 1});
        cg_decref(line);
        if (cg_is_err(w)) {
            r = CG_ERR;
            break;
        }
    }
    cg_decref(it);
    return r;
}

static cg_value file_flush(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    if (check_open(f) < 0 || flush_out(f) < 0)
        return CG_ERR;
    return CG_NONE;
}

/* ---- position -------------------------------------------------------------------------- */

static cg_value file_tell(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    if (check_open(f) < 0)
        return CG_ERR;
    if (f->out.len && flush_out(f) < 0)
        return CG_ERR;
    int64_t at = logical_pos(f);
    return at < 0 ? CG_ERR : cg_int(at);
}

static cg_value file_seek(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    if (a->nkw || a->npos < 1 || a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "seek expected at least 1 argument, got %d", a->npos);
    int64_t off, whence = 0;
    if (check_open(f) < 0 || cg_index_value(a->pos[0], &off) < 0
        || (a->npos == 2 && cg_index_value(a->pos[1], &whence) < 0))
        return CG_ERR;
    if (whence < 0 || whence > 2)
        return cg_raise(&cg_exc_ValueError, "invalid whence (%lld, should be 0, 1 or 2)", (long long)whence);
    if (f->binary) { /* any offset from any origin */
        if (flush_out(f) < 0)
            return CG_ERR;
        int64_t base = 0;
        if (whence == 1 && (base = logical_pos(f)) < 0)
            return CG_ERR;
        drop_read_buffers(f);
        off_t at = lseek(f->fd, (off_t)(whence == 1 ? base + off : off), whence == 2 ? SEEK_END : SEEK_SET);
        return at < 0 ? (os_error(f), CG_ERR) : cg_int(at);
    }
    if (whence == 1 && off != 0)
        return cg_raise(unsupported_operation(), "can't do nonzero cur-relative seeks");
    if (whence == 2 && off != 0)
        return cg_raise(unsupported_operation(), "can't do nonzero end-relative seeks");
    if (whence == 0 && off < 0)
        return cg_raise(&cg_exc_ValueError, "negative seek position %lld", (long long)off);
    if (flush_out(f) < 0)
        return CG_ERR;
    int64_t target = off;
    if (whence == 1 && (target = logical_pos(f)) < 0)
        return CG_ERR;
    drop_read_buffers(f);
    off_t at = lseek(f->fd, (off_t)target, whence == 2 ? SEEK_END : SEEK_SET);
    return at < 0 ? (os_error(f), CG_ERR) : cg_int(at);
}

static cg_value file_truncate(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    if (check_writable(f) < 0 || flush_out(f) < 0 || stop_reading(f) < 0)
        return CG_ERR;
    int64_t size;
    if (a->npos && !cg_is_none(a->pos[0])) {
        if (cg_index_value(a->pos[0], &size) < 0)
            return CG_ERR;
    } else if ((size = logical_pos(f)) < 0) {
        return CG_ERR;
    }
    if (ftruncate(f->fd, (off_t)size) < 0)
        return os_error(f), CG_ERR;
    return cg_int(size);
}

/* ---- closing --------------------------------------------------------------------------- */

/* Flushes and closes; the file is closed even when the flush fails, and
 * then the flush's error is what the caller gets. */
static int close_file(cg_file *f) {
    if (f->closed)
        return 0;
    int rc = flush_out(f);
    f->closed = true;
    if (f->closefd && close(f->fd) < 0 && rc == 0)
        rc = os_error(f);
    return rc;
}

static cg_value file_close(cg_value self, const cg_args *a) { return close_file(file_of(self)) < 0 ? CG_ERR : CG_NONE; }

static cg_value file_enter(cg_value self, const cg_args *a) {
    if (check_open(file_of(self)) < 0)
        return CG_ERR;
    return cg_incref(self);
}

static cg_value file_exit(cg_value self, const cg_args *a) { return file_close(self, a); }

static void file_dealloc(cg_obj *o) {
    cg_file *f = (cg_file *)o;
    if (!f->closed) { /* a file nobody closed: what it still holds goes out, quietly */
        cg_value pending = cg_exc_fetch();
        if (close_file(f) < 0)
            cg_exc_clear();
        cg_exc_restore(pending);
    }
    cg_decref(f->name);
    cg_decref(f->py_encoder);
    cg_decref(f->py_decoder);
    free(f->raw);
    cg_strbuf_free(&f->text);
    cg_strbuf_free(&f->out);
    free(f);
}

/* ---- questions ------------------------------------------------------------------------- */

static cg_value file_fileno(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    return check_open(f) < 0 ? CG_ERR : cg_int(f->fd);
}

static cg_value file_isatty(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    return check_open(f) < 0 ? CG_ERR : cg_bool(isatty(f->fd));
}

static cg_value file_readable(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    return check_open(f) < 0 ? CG_ERR : cg_bool(f->readable);
}

static cg_value file_writable(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    return check_open(f) < 0 ? CG_ERR : cg_bool(f->writable);
}

static cg_value file_seekable(cg_value self, const cg_args *a) {
    cg_file *f = file_of(self);
    return check_open(f) < 0 ? CG_ERR : cg_bool(lseek(f->fd, 0, SEEK_CUR) >= 0);
}

static cg_value file_getattr(cg_value self, cg_str *name) {
    cg_file *f = file_of(self);
    const char *n = name->s;
    if (!strcmp(n, "name"))
        return cg_incref(f->name);
    if (!strcmp(n, "mode"))
        return cg_str_from_c(f->mode);
    if (!strcmp(n, "closed"))
        return cg_bool(f->closed);
    if (!f->binary && !strcmp(n, "encoding"))
        return cg_str_from_c(f->encoding);
    if (!f->binary && !strcmp(n, "errors"))
        return cg_str_from_c(f->errors);
    if (!strcmp(n, "closefd") && f->head.type == &cg_type_file_io)
        return cg_bool(f->closefd);
    if (!strcmp(n, "line_buffering") || !strcmp(n, "write_through"))
        return CG_FALSE;
    if (!strcmp(n, "newlines"))
        return CG_NONE;
    return CG_STOP;
}

static cg_value file_repr(cg_value self) {
    cg_file *f = file_of(self);
    cg_value name = cg_repr(f->name);
    if (cg_is_err(name))
        return name;
    cg_value r;
    if (f->head.type == &cg_type_file_io)
        r = cg_str_fmt("<_io.FileIO name=%s mode='%s' closefd=%s>", cg_str_cstr(name), f->mode,
                       f->closefd ? "True" : "False");
    else if (f->binary)
        r = cg_str_fmt("<_io.%s name=%s>", f->head.type->name, cg_str_cstr(name));
    else
        r = cg_str_fmt("<_io.TextIOWrapper name=%s mode='%s' encoding='%s'>", cg_str_cstr(name), f->mode, f->encoding);
    cg_decref(name);
    return r;
}

static cg_value file_iter(cg_value self) {
    if (check_open(file_of(self)) < 0)
        return CG_ERR;
    return cg_incref(self);
}

static const cg_method_def file_methods[] = {
    {"read", file_read, NULL, "read(size=-1, /): Read at most size characters; all of them by default."},
    {"readline", file_readline, NULL, "readline(size=-1, /): Read until a newline or the end of the file."},
    {"readinto", file_readinto, NULL, "readinto(buffer, /): Read bytes into a writable buffer; return how many."},
    {"readlines", file_readlines, NULL, "readlines(hint=-1, /): Return a list of lines from the stream."},
    {"write", file_write, NULL, "write(text, /): Write a string; return the number of characters written."},
    {"writelines", file_writelines, NULL, "writelines(lines, /): Write a list of lines to the stream."},
    {"flush", file_flush, NULL, "flush(): Flush the write buffers of the stream."},
    {"seek", file_seek, NULL, "seek(cookie, whence=0, /): Set the stream position."},
    {"tell", file_tell, NULL, "tell(): Return the current stream position."},
    {"truncate", file_truncate, NULL, "truncate(pos=None, /): Truncate the file to at most pos bytes."},
    {"close", file_close, NULL, "close(): Flush and close the file."},
    {"fileno", file_fileno, NULL, "fileno(): Return the underlying file descriptor."},
    {"isatty", file_isatty, NULL, "isatty(): Whether the stream is interactive."},
    {"readable", file_readable, NULL, "readable(): Whether the stream can be read from."},
    {"writable", file_writable, NULL, "writable(): Whether the stream supports writing."},
    {"seekable", file_seekable, NULL, "seekable(): Whether the stream supports random access."},
    {"__enter__", file_enter, NULL, NULL},
    {"__exit__", file_exit, NULL, NULL},
    {NULL},
};

/* One C struct for every kind of file; the class says which it is. */
#define FILE_TYPE(VAR, NAME)                  \
    cg_type VAR = {                           \
        .head = {CG_IMMORTAL, &cg_type_type}, \
        .name = NAME,                         \
        .module = "_io",                      \
        .basicsize = sizeof(cg_file),         \
        .dealloc = file_dealloc,              \
        .repr = file_repr,                    \
        .hash = cg_object_hash,               \
        .getattr = file_getattr,              \
        .iter = file_iter,                    \
        .next = file_next,                    \
    }

FILE_TYPE(cg_type_text_file, "TextIOWrapper");
FILE_TYPE(cg_type_buffered_reader, "BufferedReader");
FILE_TYPE(cg_type_buffered_writer, "BufferedWriter");
FILE_TYPE(cg_type_buffered_random, "BufferedRandom");
FILE_TYPE(cg_type_file_io, "FileIO");

/* ---- open() ---------------------------------------------------------------------------- */

/* io.UnsupportedOperation: made here so that the runtime can raise it; the
 * io module exports it. */
static cg_type *unsupported_operation(void) { return &cg_exc_UnsupportedOperation; }

typedef struct {
    bool read, write, append, create, plus, binary, text;
} mode_flags;

/* Python's checks of the mode string, with its messages. */
static int parse_mode(const char *mode, mode_flags *m) {
    *m = (mode_flags){0};
    int kinds = 0;
    for (const char *p = mode; *p; p++) {
        bool *flag = *p == 'r'   ? &m->read
                     : *p == 'w' ? &m->write
                     : *p == 'a' ? &m->append
                     : *p == 'x' ? &m->create
                     : *p == '+' ? &m->plus
                     : *p == 'b' ? &m->binary
                     : *p == 't' ? &m->text
                                 : NULL;
        if (!flag || *flag || strchr(p + 1, *p))
            return cg_raise_int(&cg_exc_ValueError, "invalid mode: '%s'", mode);
        *flag = true;
        kinds += *p == 'r' || *p == 'w' || *p == 'a' || *p == 'x';
    }
    if (m->text && m->binary)
        return cg_raise_int(&cg_exc_ValueError, "can't have text and binary mode at once");
    if (kinds > 1)
        return cg_raise_int(&cg_exc_ValueError, "must have exactly one of create/read/write/append mode");
    if (kinds == 0) /* what Python's FileIO says of it */
        return cg_raise_int(&cg_exc_ValueError,
                            "Must have exactly one of create/read/write/append mode and at most one plus");
    return 0;
}

/* The encoding a text file gets when none is named: Python's UTF-8 mode
 * in the C or POSIX locale (and with PYTHONUTF8=1), else the locale's. */
static void default_encoding(char *out, size_t cap) {
    const char *utf8 = getenv("PYTHONUTF8");
    if (utf8 && !strcmp(utf8, "1")) {
        snprintf(out, cap, "utf-8");
        return;
    }
    const char *lc = getenv("LC_ALL");
    if (!lc || !*lc)
        lc = getenv("LC_CTYPE");
    if (!lc || !*lc)
        lc = getenv("LANG");
    if (!lc || !*lc || !strcmp(lc, "C") || !strcmp(lc, "POSIX")) {
        snprintf(out, cap, "utf-8");
        return;
    }
    locale_t loc = newlocale(LC_CTYPE_MASK, lc, (locale_t)0);
    const char *codeset = loc ? nl_langinfo_l(CODESET, loc) : "UTF-8";
    snprintf(out, cap, "%s", codeset && *codeset ? codeset : "UTF-8");
    if (loc)
        freelocale(loc);
}

static int newline_of(cg_value v, newline_mode *out) {
    if (cg_is_none(v)) {
        *out = NL_UNIVERSAL;
        return 0;
    }
    if (!cg_is_str(v))
        return cg_raise_int(&cg_exc_TypeError, "open() argument 'newline' must be str or None, not %s",
                            cg_type_name(v));
    const char *s = cg_str_cstr(v);
    if (!strcmp(s, ""))
        *out = NL_UNTRANSLATED;
    else if (!strcmp(s, "\n"))
        *out = NL_LF;
    else if (!strcmp(s, "\r"))
        *out = NL_CR;
    else if (!strcmp(s, "\r\n"))
        *out = NL_CRLF;
    else {
        cg_value r = cg_repr(v);
        if (!cg_is_err(r)) {
            cg_raise(&cg_exc_ValueError, "illegal newline value: %s", cg_str_cstr(r));
            cg_decref(r);
        }
        return -1;
    }
    return 0;
}

/* The path of open()'s first argument: a str, or what __fspath__ gives. */
static cg_value path_of(cg_value file) {
    if (cg_is_str(file))
        return cg_incref(file);
    cg_value fs = cg_type_lookup_borrowed(cg_typeof(file), cg_str_intern("__fspath__"));
    if (fs.tag != CG_V_STOP) {
        cg_value p = cg_call1(fs, file);
        if (!cg_is_err(p) && !cg_is_str(p)) {
            cg_raise(&cg_exc_TypeError, "expected %s.__fspath__() to return str or bytes, not %s", cg_type_name(file),
                     cg_type_name(p));
            cg_value_set(&p, CG_ERR);
        }
        return p;
    }
    return cg_raise(&cg_exc_TypeError, "expected str, bytes or os.PathLike object, not %s", cg_type_name(file));
}

static int open_flags(const mode_flags *m) {
    int flags = O_CLOEXEC;
    if (m->plus)
        flags |= O_RDWR;
    else if (m->read)
        flags |= O_RDONLY;
    else
        flags |= O_WRONLY;
    if (m->write)
        flags |= O_CREAT | O_TRUNC;
    if (m->append)
        flags |= O_CREAT | O_APPEND;
    if (m->create)
        flags |= O_CREAT | O_EXCL;
    return flags;
}

/* The descriptor: the int given, or the path opened; a directory opened
 * for reading is IsADirectoryError, as Python checks. */
static int open_fd(cg_value file, const mode_flags *m, cg_value *name) {
    if (file.tag == CG_V_INT) {
        if (file.u.i < 0)
            return cg_raise_int(&cg_exc_ValueError, "negative file descriptor");
        *name = file;
        return (int)file.u.i;
    }
    *name = path_of(file);
    if (cg_is_err(*name))
        return -1;
    const char *path = cg_str_cstr(*name);
    if (strlen(path) != (size_t)cg_as_str(*name)->len)
        return cg_raise_int(&cg_exc_ValueError, "embedded null byte");
    int fd;
    do
        fd = open(path, open_flags(m), 0666);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return cg_raise_os_error_int(errno, path, NULL);
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        return cg_raise_os_error_int(EISDIR, path, NULL);
    }
    if (m->append)
        lseek(fd, 0, SEEK_END);
    return fd;
}

static const cg_method_def OPEN_DEF = {"open", NULL,
                                       "open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, "
                                       "closefd=True, opener=None)",
                                       NULL};

static cg_value text_file_new(int fd, cg_value name, const char *mode, const mode_flags *m, const char *encoding,
                              const char *errors, newline_mode nl, bool closefd) {
    cg_file *f = calloc(1, sizeof *f);
    if (!f)
        return cg_raise_nomemory();
    f->head = (cg_obj){1, &cg_type_text_file};
    f->fd = fd;
    f->readable = m->read || m->plus;
    f->writable = m->write || m->append || m->create || m->plus;
    f->appending = m->append;
    f->closefd = closefd;
    f->name = cg_incref(name);
    snprintf(f->mode, sizeof f->mode, "%s", mode);
    snprintf(f->encoding, sizeof f->encoding, "%s", encoding);
    snprintf(f->errors, sizeof f->errors, "%s", errors);
    f->py_encoder = f->py_decoder = CG_NONE;
    f->newline = nl;
    return cg_obj_value(f);
}

/* A binary file's class, and its mode as Python normalises it ("w+b" is
 * "rb+"). */
static void make_binary(cg_file *f, const mode_flags *m, bool unbuffered) {
    f->binary = true;
    snprintf(f->mode, sizeof f->mode, "%cb%s",
             m->create              ? 'x'
             : m->append            ? 'a'
             : (m->read || m->plus) ? 'r'
                                    : 'w',
             m->plus ? "+" : "");
    f->head.type = unbuffered ? &cg_type_file_io
                   : m->plus  ? &cg_type_buffered_random
                   : m->read  ? &cg_type_buffered_reader
                              : &cg_type_buffered_writer;
}

static cg_value b_open(cg_value self, const cg_args *a) {
    cg_value arg[8];
    if (cg_args_bind(&OPEN_DEF, a, arg, 8) < 0)
        return CG_ERR;
    cg_value r = CG_ERR, name = CG_NONE;
    mode_flags m;
    char enc[64] = "";
    newline_mode nl = NL_UNIVERSAL;
    int64_t buffering = -1;
    int fd = -1;
    const char *mode = cg_is_str(arg[1]) ? cg_str_cstr(arg[1]) : NULL;
    if (!mode) {
        cg_raise(&cg_exc_TypeError, "open() argument 'mode' must be str, not %s", cg_type_name(arg[1]));
        goto out;
    }
    if (parse_mode(mode, &m) < 0 || cg_index_value(arg[2], &buffering) < 0)
        goto out;
    if (!cg_is_none(arg[3]) && !cg_is_str(arg[3])) {
        cg_raise(&cg_exc_TypeError, "open() argument 'encoding' must be str or None, not %s", cg_type_name(arg[3]));
        goto out;
    }
    if (!cg_is_none(arg[4]) && !cg_is_str(arg[4])) {
        cg_raise(&cg_exc_TypeError, "open() argument 'errors' must be str or None, not %s", cg_type_name(arg[4]));
        goto out;
    }
    if (m.binary && (!cg_is_none(arg[3]) || !cg_is_none(arg[4]) || !cg_is_none(arg[5]))) {
        cg_raise(&cg_exc_ValueError, "binary mode doesn't take %s argument",
                 !cg_is_none(arg[3])   ? "an encoding"
                 : !cg_is_none(arg[4]) ? "an errors"
                                       : "a newline");
        goto out;
    }
    if (buffering == 0 && !m.binary) {
        cg_raise(&cg_exc_ValueError, "can't have unbuffered text I/O");
        goto out;
    }
    if (newline_of(arg[5], &nl) < 0)
        goto out;
    if (cg_is_str(arg[3]))
        snprintf(enc, sizeof enc, "%s", cg_str_cstr(arg[3]));
    else
        default_encoding(enc, sizeof enc);
    const char *errors = cg_is_str(arg[4]) ? cg_str_cstr(arg[4]) : "strict";
    /* C's codecs (Note [One set of codecs] in codecs.h), or the codecs
     * module's, whose LookupError comes below */
    bool in_c = m.binary || cg_codecs_run_in_c(enc, errors, true);
    if (!cg_is_none(arg[7])) {
        cg_raise(&cg_exc_NotImplementedError, "open(): opener= is not supported");
        goto out;
    }
    int closefd = cg_truth(arg[6]);
    if (closefd < 0)
        goto out;
    if (!closefd && arg[0].tag != CG_V_INT) {
        cg_raise(&cg_exc_ValueError, "Cannot use closefd=False with file name");
        goto out;
    }
    cg_value py_encoder = CG_NONE, py_decoder = CG_NONE;
    if (!in_c && cg_text_codec_python(enc, errors, &py_encoder, &py_decoder) < 0)
        goto out;
    fd = open_fd(arg[0], &m, &name);
    if (fd < 0) {
        cg_decref(py_encoder);
        cg_decref(py_decoder);
        goto out;
    }
    r = text_file_new(fd, name, mode, &m, enc, errors, nl, closefd);
    if (!cg_is_err(r)) {
        file_of(r)->py_encoder = py_encoder;
        file_of(r)->py_decoder = py_decoder;
    } else {
        cg_decref(py_encoder);
        cg_decref(py_decoder);
    }
    if (!cg_is_err(r) && m.binary)
        make_binary(file_of(r), &m, buffering == 0);
    if (cg_is_err(r) && closefd)
        close(fd);
out:
    if (name.tag == CG_V_OBJ)
        cg_decref(name);
    cg_args_release(&OPEN_DEF, arg, 8);
    return r;
}

const cg_method_def cg_open_builtin[] = {
    {"open", b_open, NULL,
     "open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, "
     "opener=None): Open file and return a stream."},
    {NULL},
};

int cg_fileio_types_init(void) {
    cg_type *types[] = {&cg_type_text_file, &cg_type_buffered_reader, &cg_type_buffered_writer,
                        &cg_type_buffered_random, &cg_type_file_io};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!types[i]->dict && cg_type_add_methods(types[i], file_methods) < 0)
            return -1;
    return 0;
}
