/* kernel_host.c: streams, display, clear_output and input() over the
 * Jupyter protocol. What a callback hands the evaluator (an exception, a
 * line of input) comes from lang/session.h; not the requests themselves. */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <zmq.h>

#include "bundle_json.h"
#include "json_text.h"
#include "kernel_host.h"
#include "runtime/host.h"
#include "session.h"

/* How often an input() wait looks at the interrupt flag. */
#define INPUT_POLL_MS 10

static json_t *parent_of(cg_kernel *k) { return k->running ? k->running->header : NULL; }

static void shell_sink(void *ctx, json_t *parent, json_t *content) {
    cg_kernel *k = ctx;
    cg_publish(&k->shell_pub, parent, "stream", content);
}

/* What reached fds 1 and 2 first: Note [Captured fd order]. */
void cg_kernel_streams_flush(cg_kernel *k) {
    cg_fd_capture_drain(&k->capture);
    cg_streams_flush(&k->streams, shell_sink, k);
}

void cg_kernel_streams_parent(cg_kernel *k, json_t *parent) {
    cg_fd_capture_drain(&k->capture);
    cg_streams_set_parent(&k->streams, parent, shell_sink, k);
}

/* Text gathers in k->streams; the iopub thread publishes it when it has
 * waited a moment (woken by the first write), the shell thread before its
 * next other output. A lot of text at once goes out at once. */
static void host_write(void *ctx, int stream, const char *s, size_t n) {
    cg_kernel *k = ctx;
    if (cg_streams_append(&k->streams, stream, s, n))
        cg_publisher_wake(&k->shell_pub);
    /* not cg_kernel_streams_flush: fd text read now would follow this text */
    if (cg_streams_pending(&k->streams) >= CG_STREAMS_MAX_BYTES)
        cg_streams_flush(&k->streams, shell_sink, k);
}

static int host_display(void *ctx, cg_value value, const char *display_id, bool update) {
    cg_kernel *k = ctx;
    cg_mime_bundle b;
    if (cg_lang_mime_bundle(value, &b) < 0)
        return -1;
    json_t *data = cg_bundle_json(&b);
    cg_mime_bundle_free(&b);
    cg_kernel_streams_flush(k);
    json_t *content = json_pack("{s:o, s:{}}", "data", data, "metadata");
    if (display_id)
        json_object_set_new(content, "transient", json_pack("{s:s}", "display_id", display_id));
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
        if (rc == 1)
            cg_msg_free(&m);
}

/* Waits for input_reply; a str, or CG_ERR (KeyboardInterrupt). */
static cg_value await_input_reply(cg_kernel *k) {
    for (;;) {
        if (cg_interrupt_requested || atomic_load(&k->stopping)) {
            cg_interrupt_requested = 0;
            return cg_lang_input_fail(k->session, CG_LANG_INPUT_INTERRUPTED, "Interrupted by user");
        }
        zmq_pollitem_t item = {k->sockets[CG_CH_STDIN], 0, ZMQ_POLLIN, 0};
        if (zmq_poll(&item, 1, INPUT_POLL_MS) <= 0)
            continue; /* timeout or EINTR */
        cg_msg m;
        if (cg_wire_recv(k->sockets[CG_CH_STDIN], &k->signer, "stdin", &m) != 1)
            continue;
        if (strcmp(m.msg_type, "input_reply")) {
            cg_msg_free(&m);
            continue;
        }
        json_t *value = json_object_get(m.content, "value");
        const char *v = json_is_string(value) ? json_string_value(value) : "";
        /* ipykernel: Ctrl-D in the frontend's box means end of input */
        cg_value out = !strcmp(v, "\x04") ? cg_lang_input_fail(k->session, CG_LANG_INPUT_EOF, "EOF when reading a line")
                                          : cg_lang_input_line(v, strlen(v));
        cg_msg_free(&m);
        return out;
    }
}

static cg_value host_input(void *ctx, const char *prompt, bool password) {
    cg_kernel *k = ctx;
    if (!k->running || !k->allow_stdin)
        return cg_lang_input_fail(k->session, CG_LANG_INPUT_UNSUPPORTED,
                                  "raw_input was called, but this frontend does not support input requests.");
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

void cg_kernel_host_install(cg_kernel *k) {
    static cg_host host = {.write = host_write,
                           .display = host_display,
                           .clear_output = host_clear_output,
                           .input = host_input,
                           .notebook = true,
                           .any_text = true};
    host.ctx = k;
    cg_host_set(&host);
}

void cg_kernel_host_uninstall(void) { cg_host_set(NULL); }
