/* kernel.c: starting and stopping the kernel's sockets and threads.
 *
 * Everything that can fail for a reason the user must fix (a missing or
 * malformed connection file, a port in use) fails here, before any
 * session exists, with a message on stderr and exit status 1. From then
 * on fds 1 and 2 belong to cells (fd_capture.h) and the kernel's own
 * messages go to its log (kernel_log.h). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zmq.h>

#include "channels.h"
#include "header.h"
#include "iopub.h"
#include "held_ports.h"
#include "heartbeat.h"
#include "runtime/host.h"
#include "kernel.h"
#include "kernel_log.h"

/* Cells recurse deeply (RecursionError comes long before this ends). */
#define SHELL_STACK_BYTES ((size_t)256 << 20)
/* How long closing sockets may wait to deliver the last replies. */
#define LINGER_MS 1000

static const int socket_types[CG_CH_COUNT] = {
    [CG_CH_SHELL] = ZMQ_ROUTER, [CG_CH_CONTROL] = ZMQ_ROUTER, [CG_CH_STDIN] = ZMQ_ROUTER,
    [CG_CH_IOPUB] = ZMQ_XPUB,   [CG_CH_HB] = ZMQ_ROUTER, /* heartbeat.c says why */
};

/* SIGINT (interrupt_mode "signal", and jupyter_client before a shutdown)
 * interrupts the running cell, if any; it never kills the kernel. */
static void on_sigint(int sig) {
    (void)sig;
    cg_interrupt_requested = 1;
}

/* held: a listening socket for the channel opened by cgrad-launcher
 * (held_ports.h), or -1. */
static int open_socket(cg_kernel *k, int ch, int held) {
    void *s = zmq_socket(k->zmq, socket_types[ch]);
    if (!s)
        return -1;
    k->sockets[ch] = s;
    int linger = LINGER_MS, one = 1;
    zmq_setsockopt(s, ZMQ_LINGER, &linger, sizeof linger);
    /* A client that reconnects with the same identity takes its route over. */
    if (socket_types[ch] == ZMQ_ROUTER)
        zmq_setsockopt(s, ZMQ_ROUTER_HANDOVER, &one, sizeof one);
    /* Every subscription reaches the iopub thread, to be welcomed. */
    if (ch == CG_CH_IOPUB) {
        zmq_setsockopt(s, ZMQ_XPUB_VERBOSE, &one, sizeof one);
        int64_t most = CG_IOPUB_MAX_FRAME; /* Note [Subscriptions the kernel takes] in iopub.h */
        zmq_setsockopt(s, ZMQ_MAXMSGSIZE, &most, sizeof most);
    }
    if (held >= 0)
        zmq_setsockopt(s, ZMQ_USE_FD, &held, sizeof held);
    char endpoint[300];
    cg_connection_endpoint(&k->conn, ch, endpoint, sizeof endpoint);
    if (zmq_bind(s, endpoint) < 0) {
        cg_kernel_log("cgrad kernel: cannot bind the %s channel to %s: %s\n", cg_channel_names[ch], endpoint,
                      zmq_strerror(errno));
        return -1;
    }
    return 0;
}

static int open_all(cg_kernel *k, const char *path) {
    char err[600];
    if (cg_connection_read(path, &k->conn, err, sizeof err) < 0) {
        cg_kernel_log("cgrad kernel: %s\n", err);
        return -1;
    }
    /* Bind first: a client that connects before the ports listen is
     * refused and tries again only 100 ms later (Note [Ports held from the
     * launch] in held_ports.h). OpenSSL reads its configuration after;
     * nothing is received before the threads start. */
    int held[CG_CH_COUNT];
    cg_held_ports_take(&k->conn, held);
    k->zmq = zmq_ctx_new();
    if (!k->zmq)
        return -1;
    for (int ch = 0; ch < CG_CH_COUNT; ch++)
        if (open_socket(k, ch, held[ch]) < 0)
            return -1;
    if (cg_signer_init(&k->signer, k->conn.key) < 0) {
        cg_kernel_log("cgrad kernel: OpenSSL has no HMAC\n");
        return -1;
    }
    cg_header_init();
    return 0;
}

static void close_all(cg_kernel *k) {
    for (int ch = 0; ch < CG_CH_COUNT; ch++)
        if (k->sockets[ch])
            zmq_close(k->sockets[ch]);
    if (k->zmq)
        zmq_ctx_term(k->zmq);
    cg_signer_free(&k->signer);
    cg_connection_free(&k->conn);
}

/* First thing in the process: from here on SIGINT only sets the flag, and
 * it stays blocked, pending, until the shell thread has its evaluator
 * (channels.c). A client may interrupt a kernel that is still starting
 * (jupyter_client does before every shutdown); that must neither kill it
 * nor break the prelude's import half-way. The other threads inherit the
 * block. */
static void take_sigint(void) {
    sigset_t sigint;
    sigemptyset(&sigint);
    sigaddset(&sigint, SIGINT);
    pthread_sigmask(SIG_BLOCK, &sigint, NULL);
    struct sigaction sa = {.sa_handler = on_sigint};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

static int start_threads(cg_kernel *k, pthread_t *shell) {
    cg_streams_init(&k->streams);
    if (cg_iopub_start(&k->iopub, k->zmq, k->sockets[CG_CH_IOPUB], &k->signer, &k->streams) < 0)
        return -1;
    k->sockets[CG_CH_IOPUB] = NULL; /* the iopub thread's now */
    if (cg_publisher_open(&k->shell_pub, k->zmq, &k->signer) < 0)
        return -1;
    /* Before the evaluator starts; without it (logged) cells run on, and
     * what they write to fds 1 and 2 goes to the kernel's log. */
    cg_fd_capture_start(&k->capture, k->zmq, &k->signer, &k->streams);
    if (cg_heartbeat_start(&k->heartbeat, k->sockets[CG_CH_HB]) < 0)
        return -1;
    k->sockets[CG_CH_HB] = NULL; /* the heartbeat thread's now */
    if (pthread_create(&k->control, NULL, cg_control_thread, k) != 0)
        return -1;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, SHELL_STACK_BYTES);
    int rc = pthread_create(shell, &attr, cg_shell_thread, k);
    pthread_attr_destroy(&attr);
    return rc == 0 ? 0 : -1;
}

/* The order matters: publishers close before the iopub thread drains and
 * stops, so the shutdown reply and the last idle reach the clients; the
 * heartbeat ends when the context shuts down. */
static void stop_threads(cg_kernel *k, pthread_t shell) {
    pthread_join(shell, NULL);
    atomic_store(&k->stopping, true); /* if the shell thread ended on its own */
    pthread_join(k->control, NULL);
    cg_fd_capture_stop(&k->capture); /* its publisher closes */
    cg_iopub_stop(&k->iopub, k->shell_pub.push);
    cg_publisher_close(&k->shell_pub);
    zmq_ctx_shutdown(k->zmq);
    pthread_join(k->heartbeat, NULL);
    cg_streams_free(&k->streams);
}

int cg_kernel_main(const char *connection_file) {
    take_sigint();
    static cg_kernel k; /* one per process; its threads share it */
    k.parent = getppid();
    k.connection_file = connection_file;
    cg_kernel_log_init();
    pthread_t shell;
    if (open_all(&k, connection_file) < 0) {
        close_all(&k);
        return 1;
    }
    if (start_threads(&k, &shell) < 0) {
        /* Some threads may run and hold sockets: leave, don't tear down. */
        cg_kernel_log("cgrad kernel: cannot start its threads\n");
        return 1;
    }
    stop_threads(&k, shell);
    close_all(&k);
    return k.failed ? 1 : 0;
}
