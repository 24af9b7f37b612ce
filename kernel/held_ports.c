/* held_ports.c: adopting the listening ports cgrad-launcher opened (Note
 * [Ports held from the launch] in held_ports.h). */
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "held_ports.h"

static int channel_named(const char *name, size_t n) {
    for (int ch = 0; ch < CG_CH_COUNT; ch++)
        if (strlen(cg_channel_names[ch]) == n && !strncmp(cg_channel_names[ch], name, n))
            return ch;
    return -1;
}

/* The port a socket listens on, or -1 when fd is not a listening TCP
 * socket. */
static int listening_port(int fd) {
    int listening = 0;
    socklen_t len = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) < 0 || !listening)
        return -1;
    struct sockaddr_storage a;
    len = sizeof a;
    if (getsockname(fd, (struct sockaddr *)&a, &len) < 0)
        return -1;
    if (a.ss_family == AF_INET)
        return ntohs(((struct sockaddr_in *)&a)->sin_port);
    if (a.ss_family == AF_INET6)
        return ntohs(((struct sockaddr_in6 *)&a)->sin6_port);
    return -1;
}

/* One "name=fd" entry, checked; the channel's fds[] slot filled. */
static void take_one(const cg_connection *conn, const char *entry, size_t n, int fds[CG_CH_COUNT]) {
    const char *eq = memchr(entry, '=', n);
    if (!eq)
        return;
    int ch = channel_named(entry, (size_t)(eq - entry));
    char *end;
    long fd = strtol(eq + 1, &end, 10);
    if (end != entry + n || fd < 3 || fd > 1 << 20)
        return;
    int port = listening_port((int)fd);
    if (port < 0)
        return; /* not a listening socket: not the launcher's, leave it */
    if (ch < 0 || fds[ch] >= 0 || strcmp(conn->transport, "tcp") || port != conn->ports[ch]) {
        close((int)fd); /* the launcher's, but of no use */
        return;
    }
    fcntl((int)fd, F_SETFD, FD_CLOEXEC);
    fds[ch] = (int)fd;
}

void cg_held_ports_take(const cg_connection *conn, int fds[CG_CH_COUNT]) {
    for (int ch = 0; ch < CG_CH_COUNT; ch++)
        fds[ch] = -1;
    const char *env = getenv(CG_HELD_PORTS_ENV);
    if (!env)
        return;
    char *list = strdup(env);
    unsetenv(CG_HELD_PORTS_ENV); /* not for programs a cell starts */
    for (char *p = list; p && *p;) {
        char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        take_one(conn, p, n, fds);
        p = comma ? comma + 1 : NULL;
    }
    free(list);
}
