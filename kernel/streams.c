/* streams.c: the buffer of stream text, shared by the shell and iopub
 * threads under one mutex. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/host.h"
#include "json_text.h"
#include "streams.h"

void cg_streams_init(cg_streams *s) {
    memset(s, 0, sizeof *s);
    pthread_mutex_init(&s->lock, NULL);
}

void cg_streams_free(cg_streams *s) {
    json_decref(s->parent);
    free(s->data);
    free(s->runs);
    pthread_mutex_destroy(&s->lock);
    memset(s, 0, sizeof *s);
}

static bool reserve(cg_streams *s, size_t n) {
    if (s->len + n > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        while (cap < s->len + n)
            cap *= 2;
        char *grown = realloc(s->data, cap);
        if (!grown)
            return false;
        s->data = grown;
        s->cap = cap;
    }
    if (s->n_runs == s->cap_runs) {
        size_t cap = s->cap_runs ? 2 * s->cap_runs : 8;
        cg_stream_run *grown = realloc(s->runs, cap * sizeof *grown);
        if (!grown)
            return false;
        s->runs = grown;
        s->cap_runs = cap;
    }
    return true;
}

static bool append_locked(cg_streams *s, int stream, const char *text, size_t n) {
    bool was_empty = s->len == 0;
    /* Out of memory: this text is lost, the cell goes on. */
    if (n && reserve(s, n)) {
        memcpy(s->data + s->len, text, n);
        s->len += n;
        if (s->n_runs && s->runs[s->n_runs - 1].stream == stream)
            s->runs[s->n_runs - 1].len += n;
        else
            s->runs[s->n_runs++] = (cg_stream_run){stream, n};
    }
    return was_empty && s->len > 0;
}

bool cg_streams_append(cg_streams *s, int stream, const char *text, size_t n) {
    pthread_mutex_lock(&s->lock);
    bool wake = append_locked(s, stream, text, n);
    pthread_mutex_unlock(&s->lock);
    return wake;
}

int cg_streams_append_if_parent(cg_streams *s, int stream, const char *text, size_t n) {
    pthread_mutex_lock(&s->lock);
    int rc = s->parent ? append_locked(s, stream, text, n) : -1;
    pthread_mutex_unlock(&s->lock);
    return rc;
}

size_t cg_streams_pending(cg_streams *s) {
    pthread_mutex_lock(&s->lock);
    size_t n = s->len;
    pthread_mutex_unlock(&s->lock);
    return n;
}

/* Note [Stream text with a lone surrogate]
 * The kernel's sys.stdout takes any str (Note [Lone surrogates on the way
 * out] in lang/runtime/host.c), as ipykernel's does. ipykernel's session
 * then fails to encode the stream message's JSON ({"name": ..., "text":
 * ...}, written with ensure_ascii=False): that text is lost, the cell
 * still succeeds, and the error goes to the frontend's stderr stream. The
 * kernel does the same, with the error's last line only (ipykernel's is a
 * traceback of its own internals), its position counted in that JSON. */

/* The characters JSON takes to write code point cp, as Python's json. */
static size_t json_width(uint32_t cp) {
    if (cp == '"' || cp == '\\' || cp == '\b' || cp == '\f' || cp == '\n' || cp == '\r' || cp == '\t')
        return 2;
    return cp < 0x20 ? 6 : 1;
}

/* NULL when text can be sent; else the stderr text that replaces it. */
static char *unsendable(const char *name, const char *text, size_t n) {
    int64_t at = cg_text_find_surrogate(text, n, 0);
    if (at < 0)
        return NULL;
    size_t end = (size_t)at + 3;
    while (cg_text_find_surrogate(text, n, end) == (int64_t)end)
        end += 3;
    size_t pos = strlen("{\"name\": \"\", \"text\": \"") + strlen(name);
    for (int64_t i = 0; i < at;)
        pos += json_width(cg_cp_next(text, at, &i));
    size_t count = (end - (size_t)at) / 3;
    unsigned first = 0xD000u | ((unsigned)(text[at + 1] & 0x3F) << 6) | (unsigned)(text[at + 2] & 0x3F);
    char *msg = NULL;
    int rc = count == 1 ? asprintf(&msg,
                                   "UnicodeEncodeError: 'utf-8' codec can't encode character '\\u%04x' in "
                                   "position %zu: surrogates not allowed\n",
                                   first, pos)
                        : asprintf(&msg,
                                   "UnicodeEncodeError: 'utf-8' codec can't encode characters in position "
                                   "%zu-%zu: surrogates not allowed\n",
                                   pos, pos + count - 1);
    return rc < 0 ? NULL : msg;
}

static void send_run(cg_streams *s, int stream, const char *text, size_t n, cg_stream_sink sink, void *ctx) {
    const char *name = stream == CG_STDERR ? "stderr" : "stdout";
    char *refused = unsendable(name, text, n);
    json_t *content = json_object();
    json_object_set_new(content, "name", json_string(refused ? "stderr" : name));
    json_object_set_new(content, "text", refused ? json_string(refused) : cg_json_text(text, n));
    free(refused);
    sink(ctx, s->parent, content);
}

void cg_streams_flush_locked(cg_streams *s, cg_stream_sink sink, void *ctx) {
    size_t at = 0;
    for (size_t i = 0; i < s->n_runs; i++) {
        send_run(s, s->runs[i].stream, s->data + at, s->runs[i].len, sink, ctx);
        at += s->runs[i].len;
    }
    s->len = 0;
    s->n_runs = 0;
}

void cg_streams_flush(cg_streams *s, cg_stream_sink sink, void *ctx) {
    pthread_mutex_lock(&s->lock);
    cg_streams_flush_locked(s, sink, ctx);
    pthread_mutex_unlock(&s->lock);
}

void cg_streams_set_parent(cg_streams *s, json_t *parent, cg_stream_sink sink, void *ctx) {
    pthread_mutex_lock(&s->lock);
    cg_streams_flush_locked(s, sink, ctx);
    json_decref(s->parent);
    s->parent = parent ? json_deep_copy(parent) : NULL;
    pthread_mutex_unlock(&s->lock);
}
