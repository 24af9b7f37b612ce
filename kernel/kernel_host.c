/* kernel_host.c: streams, display, clear_output and input() over the
 * Jupyter protocol. */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zmq.h>

#include "exc.h"
#include "host.h"
#include "interp.h"
#include "json_text.h"
#include "kernel_host.h"

/* Text waits at most this long for more to join it (unless more comes
 * later: see Note [Stream buffering]). */
#define STREAM_FLUSH_NS 50000000LL
#define STREAM_FLUSH_BYTES (64 << 10)
/* How often an input() wait looks at the interrupt flag. */
#define INPUT_POLL_MS 10

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static json_t *parent_of(cg_kernel *k) { return k->running ? k->running->header : NULL; }

void cg_kernel_streams_flush(cg_kernel *k) {
    cg_stream_buf *b = &k->stream;
    if (k->stream_open && b->len) {
        json_t *content = json_object();
        json_object_set_new(content, "name", json_string(k->stream_open == CG_STDERR ? "stderr" : "stdout"));
        json_object_set_new(content, "text", cg_json_text(b->data, b->len));
        cg_publish(&k->shell_pub, parent_of(k), "stream", content);
    }
    b->len = 0;
    b->last_flush_ns = now_ns();
    k->stream_open = 0;
}

/* Note [Stream buffering]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * Writes to one stream gather in a buffer, published when the stream
 * changes, when other output or the reply comes, when it grows large, or
 * when a write finds the last flush STREAM_FLUSH_NS old. So a cell that
 * prints now and then shows each line at once, and a tight loop of prints
 * is a few messages. Text written just before a long silent computation
 * waits for the cell's end: a timer thread would fix that (not yet). */
static void host_write(void *ctx, int stream, const char *s, size_t n) {
    cg_kernel *k = ctx;
    if (k->stream_open && k->stream_open != stream) cg_kernel_streams_flush(k);
    cg_stream_buf *b = &k->stream;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) cap *= 2;
        char *grown = realloc(b->data, cap);
        if (!grown) return;   /* out of memory: this text is lost, the cell goes on */
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    k->stream_open = stream;
    if (b->len >= STREAM_FLUSH_BYTES || now_ns() - b->last_flush_ns >= STREAM_FLUSH_NS)
        cg_kernel_streams_flush(k);
}

static int host_display(void *ctx, cg_value value, const char *display_id, bool update) {
    cg_kernel *k = ctx;
    cg_value r = cg_repr(value);
    if (cg_is_err(r)) return -1;
    cg_kernel_streams_flush(k);
    json_t *content = json_pack("{s:{s:o}, s:{}}", "data", "text/plain",
                                cg_json_text(cg_str_cstr(r), (size_t)((cg_str *)r.u.o)->len), "metadata");
    cg_decref(r);
    if (display_id) json_object_set_new(content, "transient", json_pack("{s:s}", "display_id", display_id));
    cg_publish(&k->shell_pub, parent_of(k), update ? "update_display_data" : "display_data", content);
    return 0;
}

static void host_clear_output(void *ctx, bool wait) {
    cg_kernel *k = ctx;
    cg_kernel_streams_flush(k);
    cg_publish(&k->shell_pub, parent_of(k), "clear_output", json_pack("{s:b}", "wait", wait));
}

/* Replies to an earlier, abandoned input_request must not answer this one. */
static void drain_stdin(cg_kernel *k) {
    cg_msg m;
    int rc;
    while ((rc = cg_wire_recv(k->sockets[CG_CH_STDIN], &k->signer, "stdin", &m)) >= 0)
        if (rc == 1) cg_msg_free(&m);
}

/* Waits for input_reply; a str, or CG_ERR (KeyboardInterrupt). */
static cg_value await_input_reply(cg_kernel *k) {
    for (;;) {
        if (cg_interrupt_requested || atomic_load(&k->stopping)) {
            cg_interrupt_requested = 0;
            return cg_raise(&cg_exc_KeyboardInterrupt, "Interrupted by user");
        }
        zmq_pollitem_t item = {k->sockets[CG_CH_STDIN], 0, ZMQ_POLLIN, 0};
        if (zmq_poll(&item, 1, INPUT_POLL_MS) <= 0) continue;   /* timeout or EINTR */
        cg_msg m;
        if (cg_wire_recv(k->sockets[CG_CH_STDIN], &k->signer, "stdin", &m) != 1) continue;
        json_t *value = json_object_get(m.content, "value");
        cg_value out = CG_STOP;
        if (!strcmp(m.msg_type, "input_reply")) {
            const char *v = json_is_string(value) ? json_string_value(value) : "";
            /* ipykernel: Ctrl-D in the frontend's box means end of input */
            out = !strcmp(v, "\x04") ? cg_raise(&cg_exc_EOFError, "EOF when reading a line")
                                     : cg_str_new(v, strlen(v));
        }
        cg_msg_free(&m);
        if (out.tag != CG_STOP.tag) return out;
    }
}

static cg_value host_input(void *ctx, const char *prompt, bool password) {
    cg_kernel *k = ctx;
    if (!k->running || !k->allow_stdin) {
        cg_value msg = cg_str_from_c("raw_input was called, but this frontend does not support input requests.");
        if (cg_is_err(msg)) return msg;
        cg_value err = cg_call1(k->stdin_error, msg);
        cg_decref(msg);
        if (cg_is_err(err)) return err;
        cg_value raised = cg_raise_object(err);
        cg_decref(err);
        return raised;
    }
    cg_kernel_streams_flush(k);
    drain_stdin(k);
    json_t *content = json_pack("{s:o, s:b}", "prompt", cg_json_text(prompt ? prompt : "", prompt ? strlen(prompt) : 0),
                                "password", password);
    /* On the execute request's identities: the client's stdin socket
     * shares its shell socket's identity. */
    cg_wire_send(k->sockets[CG_CH_STDIN], &k->signer, k->running->ids, k->running->n_ids, "input_request",
                 k->running->header, NULL, content);
    return await_input_reply(k);
}

/* ipykernel raises IPython's StdinNotImplementedError, a NotImplementedError. */
static const char stdin_error_src[] =
    "class StdinNotImplementedError(NotImplementedError):\n"
    "    \"\"\"input() in a cell whose frontend does not take input.\"\"\"\n";

int cg_kernel_host_install(cg_kernel *k) {
    cg_value mod = cg_module_from_source("IPython.core.error", stdin_error_src, sizeof stdin_error_src - 1,
                                         "<cgrad kernel>");
    if (cg_is_err(mod)) return -1;
    k->stdin_error = cg_getattr(mod, cg_str_intern("StdinNotImplementedError"));
    cg_decref(mod);
    if (cg_is_err(k->stdin_error)) return -1;
    static cg_host host = {.write = host_write, .display = host_display,
                           .clear_output = host_clear_output, .input = host_input};
    host.ctx = k;
    cg_host_set(&host);
    return 0;
}

void cg_kernel_host_uninstall(cg_kernel *k) {
    cg_host_set(NULL);
    cg_decref(k->stdin_error);
    k->stdin_error = CG_NONE;
    free(k->stream.data);
    k->stream = (cg_stream_buf){0};
}
