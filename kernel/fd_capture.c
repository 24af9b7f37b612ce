/* fd_capture.c: the pipes behind fds 1 and 2, and the thread that reads
 * them. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "fd_capture.h"
#include "runtime/host.h"
#include "kernel_log.h"

/* How many bytes at the end of s[0..n) begin a UTF-8 character that the
 * next read completes: they wait for it, so that no character is
 * published as two invalid halves. */
static size_t cut_char(const char *s, size_t n) {
    size_t back = 0;
    while (back < n && back < 3 && ((unsigned char)s[n - 1 - back] & 0xC0) == 0x80)
        back++;
    if (back == n)
        return 0;
    unsigned char lead = (unsigned char)s[n - 1 - back];
    size_t need = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF8 ? 4 : 1;
    return need > back + 1 ? back + 1 : 0;
}

/* Text from pipe i (0: fd 1, 1: fd 2): the running cell's, or the
 * kernel's original stdout or stderr when none runs. */
static void deliver(cg_fd_capture *c, int i, const char *s, size_t n, bool *wake) {
    if (!n)
        return;
    int rc = cg_streams_append_if_parent(c->streams, i ? CG_STDERR : CG_STDOUT, s, n);
    if (rc < 0)
        cg_kernel_log_write(i + 1, s, n);
    else if (rc)
        *wake = true;
}

/* One read from pipe i, delivered; the bytes read (0: empty or closed).
 * The lock is held. */
static size_t read_once(cg_fd_capture *c, int i, bool *wake) {
    size_t kept = c->n_carry[i];
    memcpy(c->buf, c->carry[i], kept);
    ssize_t n;
    while ((n = read(c->read_end[i], c->buf + kept, CG_FD_CAPTURE_CHUNK)) < 0 && errno == EINTR) {
    }
    if (n <= 0)
        return 0;
    size_t total = kept + (size_t)n, cut = cut_char(c->buf, total);
    deliver(c, i, c->buf, total - cut, wake);
    memcpy(c->carry[i], c->buf + total - cut, cut);
    c->n_carry[i] = cut;
    return (size_t)n;
}

/* Everything in both pipes, up to limit bytes each (others may write as
 * fast as this reads), and any cut character as it is. The lock is held. */
static void drain_locked(cg_fd_capture *c, size_t limit, bool *wake) {
    for (int i = 0; i < 2; i++) {
        size_t got = 0, n;
        while (got < limit && (n = read_once(c, i, wake)) > 0)
            got += n;
        deliver(c, i, c->carry[i], c->n_carry[i], wake);
        c->n_carry[i] = 0;
    }
}

void cg_fd_capture_drain(cg_fd_capture *c) {
    if (!c->started)
        return;
    fflush(NULL);      /* before the lock: Note [Captured fd order] */
    bool wake = false; /* the caller publishes right after */
    pthread_mutex_lock(&c->lock);
    drain_locked(c, c->drain_limit, &wake);
    pthread_mutex_unlock(&c->lock);
}

/* Wakes the iopub thread for new text, and asks it to publish at once
 * when a burst has filled the buffer (once per burst). */
static void urge(cg_fd_capture *c, bool wake) {
    if (wake)
        cg_publisher_wake(&c->pub);
    bool full = cg_streams_pending(c->streams) >= CG_STREAMS_MAX_BYTES;
    if (full && !c->urged)
        cg_publisher_wake_now(&c->pub);
    c->urged = full;
}

static void *reader_thread(void *arg) {
    cg_fd_capture *c = arg;
    struct pollfd p[3] = {{c->read_end[0], POLLIN, 0}, {c->read_end[1], POLLIN, 0}, {c->stop, POLLIN, 0}};
    for (;;) {
        if (poll(p, 3, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (p[2].revents)
            break;
        bool wake = false;
        pthread_mutex_lock(&c->lock);
        /* one read per pipe and turn: neither stream starves the other */
        for (int i = 0; i < 2; i++) {
            if (p[i].revents & POLLIN)
                read_once(c, i, &wake);
            else if (p[i].revents)
                p[i].fd = -1; /* no writer left: stop polling it */
        }
        pthread_mutex_unlock(&c->lock);
        urge(c, wake);
    }
    bool wake = false;
    pthread_mutex_lock(&c->lock);
    drain_locked(c, SIZE_MAX, &wake);
    pthread_mutex_unlock(&c->lock);
    if (wake)
        cg_publisher_wake(&c->pub);
    cg_publisher_close(&c->pub);
    return NULL;
}

static void close_fd(int *fd) {
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

static void restore_fds(void) {
    dup2(cg_kernel_log_fd(1), 1);
    dup2(cg_kernel_log_fd(2), 2);
}

/* The pipes, the eventfd and the publisher; -1 with nothing left open. */
static int open_ends(cg_fd_capture *c, int out[2], int err[2], void *zmq, const cg_signer *signer) {
    c->stop = eventfd(0, EFD_CLOEXEC);
    if (c->stop >= 0 && pipe2(out, O_CLOEXEC) == 0) {
        if (pipe2(err, O_CLOEXEC) == 0) {
            if (cg_publisher_open(&c->pub, zmq, signer) == 0)
                return 0;
            cg_publisher_close(&c->pub);
            close_fd(&err[0]);
            close_fd(&err[1]);
        }
        close_fd(&out[0]);
        close_fd(&out[1]);
    }
    close_fd(&c->stop);
    return -1;
}

int cg_fd_capture_start(cg_fd_capture *c, void *zmq, const cg_signer *signer, cg_streams *streams) {
    int out[2] = {-1, -1}, err[2] = {-1, -1};
    c->streams = streams;
    if (open_ends(c, out, err, zmq, signer) < 0) {
        cg_kernel_log("cgrad kernel: cannot capture fds 1 and 2: %s\n", strerror(errno));
        return -1;
    }
    pthread_mutex_init(&c->lock, NULL);
    fcntl(out[0], F_SETFL, O_NONBLOCK);
    fcntl(err[0], F_SETFL, O_NONBLOCK);
    int pipe_size = fcntl(out[1], F_GETPIPE_SZ);
    c->drain_limit = 2 * (size_t)(pipe_size > CG_FD_CAPTURE_CHUNK ? pipe_size : CG_FD_CAPTURE_CHUNK);
    c->read_end[0] = out[0];
    c->read_end[1] = err[0];
    /* A pipe makes stdout fully buffered: a C library's printf would wait
     * for the cell's end; line by line, it shows as a terminal shows it. */
    fflush(NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);
    int ok = dup2(out[1], 1) >= 0 && dup2(err[1], 2) >= 0;
    close_fd(&out[1]);
    close_fd(&err[1]);
    if (!ok || pthread_create(&c->thread, NULL, reader_thread, c) != 0) {
        int e = errno;
        restore_fds();
        cg_kernel_log("cgrad kernel: cannot capture fds 1 and 2: %s\n", strerror(e));
        cg_publisher_close(&c->pub);
        close_fd(&c->read_end[0]);
        close_fd(&c->read_end[1]);
        close_fd(&c->stop);
        pthread_mutex_destroy(&c->lock);
        return -1;
    }
    c->started = true;
    return 0;
}

void cg_fd_capture_stop(cg_fd_capture *c) {
    if (!c->started)
        return;
    fflush(NULL);
    restore_fds();
    uint64_t one = 1;
    while (write(c->stop, &one, sizeof one) < 0 && errno == EINTR) {
    }
    pthread_join(c->thread, NULL);
    close_fd(&c->read_end[0]);
    close_fd(&c->read_end[1]);
    close_fd(&c->stop);
    pthread_mutex_destroy(&c->lock);
    c->started = false;
}
