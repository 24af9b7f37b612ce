/* heartbeat.c: echo every message back, unchanged.
 *
 * The socket is a ROUTER, as ipykernel's: a REP must read a whole message
 * before it may answer, a ROUTER echoes part by part, the routing identity
 * it put in front sending each reply back where it came from. So the echo
 * is ZeroMQ's own proxy with the socket on both sides. */
#include <errno.h>

#include <zmq.h>

#include "heartbeat.h"

static void *heartbeat_thread(void *router) {
    while (zmq_proxy(router, router, NULL) < 0 && errno == EINTR) {
    }
    /* ETERM: the kernel is stopping */
    zmq_close(router);
    return NULL;
}

int cg_heartbeat_start(pthread_t *thread, void *router) {
    return pthread_create(thread, NULL, heartbeat_thread, router) == 0 ? 0 : -1;
}
