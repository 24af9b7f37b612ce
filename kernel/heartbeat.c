/* heartbeat.c: echo every message back, unchanged. */
#include <errno.h>

#include <zmq.h>

#include "heartbeat.h"

static void *heartbeat_thread(void *rep) {
    for (;;) {
        zmq_msg_t m;
        zmq_msg_init(&m);
        if (zmq_msg_recv(&m, rep, 0) < 0) {
            zmq_msg_close(&m);
            if (errno == EINTR) continue;
            break;   /* ETERM: the kernel is stopping */
        }
        int more = zmq_msg_more(&m);
        while (zmq_msg_send(&m, rep, more ? ZMQ_SNDMORE : 0) < 0 && errno == EINTR) {}
        zmq_msg_close(&m);
    }
    zmq_close(rep);
    return NULL;
}

int cg_heartbeat_start(pthread_t *thread, void *rep) {
    return pthread_create(thread, NULL, heartbeat_thread, rep) == 0 ? 0 : -1;
}
