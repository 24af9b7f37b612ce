/* heartbeat.h: the heartbeat channel, echoed on a thread of its own so
 * that a long cell never makes the kernel look dead. */
#ifndef CG_HEARTBEAT_H
#define CG_HEARTBEAT_H

#include <pthread.h>

/* Starts echoing on a bound ROUTER socket; the thread ends (closing the
 * socket) when the context is shut down. */
int cg_heartbeat_start(pthread_t *thread, void *router);

#endif
