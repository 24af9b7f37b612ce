/* channels.c: serving shell and control.
 *
 * Both loops poll with a short timeout so they notice a shutdown answered
 * on the other thread, retry on EINTR (SIGINT arrives at any moment), and
 * hand each authentic, well-formed message to dispatch.c. */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zmq.h>

#include "channels.h"
#include "dispatch.h"
#include "kernel_host.h"
#include "kernel_log.h"
#include "runtime/host.h"
#include "session.h"

#define POLL_MS 100

/* Is a message waiting on sock within timeout_ms? -1 when the context is
 * gone. */
static int readable(void *sock, long timeout_ms) {
    zmq_pollitem_t item = {sock, 0, ZMQ_POLLIN, 0};
    int n = zmq_poll(&item, 1, timeout_ms);
    if (n < 0)
        return errno == EINTR ? 0 : -1;
    return n > 0 && (item.revents & ZMQ_POLLIN);
}

/* Note [stop_on_error]
 * ~~~~~~~~~~~~~~~~~~~~
 * After a cell fails with stop_on_error, the execute requests already
 * queued behind it (Run All) are answered "aborted" without running; any
 * other request is served as usual (aborting kernel_info broke papermill,
 * ipykernel#570). "Queued" means on the socket before the failed cell's
 * reply is sent: those are taken then (cg_shell_hold_queued). A request a
 * client sends after seeing the error reply is never aborted, however fast
 * it comes (ipykernel#609). */
void cg_shell_hold_queued(cg_kernel *k) {
    for (;;) {
        if (k->n_held == k->cap_held) {
            size_t cap = k->cap_held ? 2 * k->cap_held : 16;
            cg_msg *grown = realloc(k->held, cap * sizeof *grown);
            if (!grown)
                return; /* the rest will run: better than lost */
            k->held = grown;
            k->cap_held = cap;
        }
        int rc = cg_wire_recv(k->sockets[CG_CH_SHELL], &k->signer, "shell", &k->held[k->n_held]);
        if (rc < 0)
            return;
        if (rc == 1)
            k->n_held++;
    }
}

static void serve(cg_kernel *k, int channel, cg_publisher *pub, cg_msg *m, bool abort_execute) {
    cg_request r = {.k = k, .channel = channel, .sock = k->sockets[channel], .pub = pub, .msg = m};
    if (abort_execute && !strcmp(m->msg_type, "execute_request"))
        cg_dispatch_abort(&r);
    else
        cg_dispatch(&r);
    cg_msg_free(m);
}

static void serve_next(cg_kernel *k, int channel, cg_publisher *pub) {
    cg_msg m;
    if (cg_wire_recv(k->sockets[channel], &k->signer, cg_channel_names[channel], &m) == 1)
        serve(k, channel, pub, &m, false);
}

/* Serves the oldest held request: an execute is aborted, anything else
 * is served as usual, in the order they came. */
static void serve_held(cg_kernel *k) {
    cg_msg m = k->held[0];
    k->n_held--;
    memmove(k->held, k->held + 1, k->n_held * sizeof *k->held);
    serve(k, CG_CH_SHELL, &k->shell_pub, &m, true);
}

static void stop_evaluator(cg_kernel *k) {
    cg_kernel_host_uninstall();
    cg_lang_session_free(k->session);
    k->session = NULL;
    cg_lang_stop();
}

static int start_evaluator(cg_kernel *k) {
    cg_lang_error err = {0};
    /* sys.argv as in ipykernel: the program, then -f and the connection
     * file (a script's argparse.parse_args() meets them there too) */
    static char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    snprintf(exe + (n > 0 ? n : 0), sizeof exe - (size_t)(n > 0 ? n : 0), "%s", n > 0 ? "" : "cgrad");
    char *argv[] = {exe, "-f", (char *)k->connection_file};
    if (cg_lang_start(&err) < 0 || cg_lang_set_argv(3, argv, &err) < 0 || !(k->session = cg_lang_session_new(&err))) {
        cg_kernel_log("cgrad kernel: cannot start the evaluator\n");
        for (int i = 0; i < err.n_traceback; i++)
            cg_kernel_log("%s\n", err.traceback[i]);
        cg_lang_error_free(&err);
        stop_evaluator(k);
        return -1;
    }
    cg_kernel_host_install(k);
    return 0;
}

void *cg_shell_thread(void *arg) {
    cg_kernel *k = arg;
    if (start_evaluator(k) < 0) {
        k->failed = true;
        atomic_store(&k->stopping, true);
        return NULL;
    }
    /* SIGINT is blocked in every other thread, so it interrupts this one:
     * the one running cells. One that came while the evaluator started is
     * taken now and dropped by the next cell (execute.c), as any that
     * comes while the kernel is idle. */
    sigset_t sigint;
    sigemptyset(&sigint);
    sigaddset(&sigint, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &sigint, NULL);
    cg_publish_status(&k->shell_pub, NULL, "starting");
    void *shell = k->sockets[CG_CH_SHELL];
    while (!atomic_load(&k->stopping)) {
        if (k->n_held) {
            serve_held(k);
            continue;
        }
        int ready = readable(shell, POLL_MS);
        if (ready < 0)
            break;
        if (ready)
            serve_next(k, CG_CH_SHELL, &k->shell_pub);
    }
    while (k->n_held)
        cg_msg_free(&k->held[--k->n_held]);
    free(k->held);
    stop_evaluator(k);
    return NULL;
}

/* jupyter_client sets JPY_PARENT_PID. If the launcher dies without a
 * shutdown_request, this kernel would live on with no one to talk to:
 * stop when the parent changes, as ipykernel does. The parent is the one
 * at start-up (k->parent), not JPY_PARENT_PID itself: a wrapper between
 * them must not stop the kernel, and the launcher may be gone before this
 * thread starts. */
static pid_t parent_to_watch(cg_kernel *k) {
    const char *env = getenv("JPY_PARENT_PID");
    return env && *env && k->parent > 1 ? k->parent : 0;
}

static void stop_if_orphaned(cg_kernel *k, pid_t parent) {
    if (!parent || getppid() == parent)
        return;
    cg_kernel_log("cgrad kernel: parent process %ld is gone; stopping\n", (long)parent);
    atomic_store(&k->stopping, true);
    cg_interrupt_requested = 1;
}

void *cg_control_thread(void *arg) {
    cg_kernel *k = arg;
    cg_publisher pub;
    pid_t parent = parent_to_watch(k);
    if (cg_publisher_open(&pub, k->zmq, &k->signer) == 0) {
        while (!atomic_load(&k->stopping)) {
            int ready = readable(k->sockets[CG_CH_CONTROL], POLL_MS);
            if (ready < 0)
                break;
            if (ready)
                serve_next(k, CG_CH_CONTROL, &pub);
            stop_if_orphaned(k, parent);
        }
    }
    cg_publisher_close(&pub);
    return NULL;
}
