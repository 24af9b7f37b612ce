/* held_ports.h: the listening ports cgrad-launcher opened for the kernel.
 *
 * Note [Ports held from the launch]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * jupyter_client connects right after it launches the kernel; a port that
 * is not listening yet refuses, and libzmq tries again only 100 ms later
 * (bench/README.md, "Kernel"). cgrad loads some thirty shared libraries
 * before main, so the kernelspec starts it through cgrad-launcher
 * (kernel/launcher/launcher.c), which loads only libc, opens the five
 * listening TCP ports the connection file names, and execs cgrad with
 * them open and named in CGRAD_LISTEN_FDS ("shell=3,control=4,...").
 * A client's connection then waits in the port's backlog until the socket
 * that adopts the port (ZMQ_USE_FD) accepts it. A held port is used only
 * if it is a listening socket on the port the connection file names;
 * otherwise, or without the launcher, the socket binds as usual. */
#ifndef CG_HELD_PORTS_H
#define CG_HELD_PORTS_H

#include "connection.h"

#define CG_HELD_PORTS_ENV "CGRAD_LISTEN_FDS"

/* fds[ch]: the held listening socket for channel ch (close-on-exec from
 * now on), or -1. Reads CG_HELD_PORTS_ENV and removes it from the
 * environment; closes a held socket that is not fit for use. */
void cg_held_ports_take(const cg_connection *conn, int fds[CG_CH_COUNT]);

#endif
