/* launcher.c: `cgrad-launcher CGRAD kernel -f CONNECTION_FILE`, what the
 * kernelspec starts: it opens the kernel's listening TCP ports, then execs
 * cgrad, which adopts them (kernel.c, Note [Ports held from the launch]).
 *
 * Why: jupyter_client connects right after the launch; a port not yet
 * listening refuses, and libzmq tries again only 100 ms later. cgrad
 * loads some thirty shared libraries before main (20-40 ms on a loaded
 * machine), this program only libc (about a millisecond). What it is not:
 * a kernel. It reads nothing but the transport, ip and ports, never
 * reports a problem: whatever it cannot do (another transport, an address
 * it does not parse, a port in use) it leaves to cgrad, which binds as
 * usual and says what went wrong. Built with libc alone (no -fopenmp). */
#include <arpa/inet.h>
#include <ctype.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define LISTEN_FDS_ENV "CGRAD_LISTEN_FDS"
#define N_PORTS 5
#define BACKLOG 100 /* libzmq's ZMQ_BACKLOG default */

static const char *const names[N_PORTS] = {"shell", "control", "stdin", "iopub", "hb"};

/* Where the value of "key" starts in the JSON text, or NULL. */
static const char *value_of(const char *json, const char *key) {
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    for (const char *p = strstr(json, quoted); p; p = strstr(p + 1, quoted)) {
        const char *v = p + strlen(quoted);
        while (isspace((unsigned char)*v))
            v++;
        if (*v != ':')
            continue; /* a value that happens to read "key" */
        v++;
        while (isspace((unsigned char)*v))
            v++;
        return v;
    }
    return NULL;
}

/* A JSON string's plain text into out; 0, or -1 (escapes are not for us). */
static int string_of(const char *v, char *out, size_t outlen) {
    if (!v || *v != '"')
        return -1;
    const char *end = strchr(v + 1, '"');
    size_t n = end ? (size_t)(end - v - 1) : 0;
    if (!end || n >= outlen || memchr(v + 1, '\\', n))
        return -1;
    memcpy(out, v + 1, n);
    out[n] = 0;
    return 0;
}

/* One listening socket on ip:port, not closed on exec; -1 if any step fails. */
static int listen_on(const char *ip, long port) {
    struct sockaddr_in6 a6 = {.sin6_family = AF_INET6, .sin6_port = htons((unsigned short)port)};
    struct sockaddr_in a4 = {.sin_family = AF_INET, .sin_port = htons((unsigned short)port)};
    int v6 = inet_pton(AF_INET6, ip, &a6.sin6_addr) == 1;
    if (!v6 && inet_pton(AF_INET, ip, &a4.sin_addr) != 1)
        return -1;
    int fd = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0), one = 1;
    if (fd < 0)
        return -1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one); /* as libzmq's listener */
    int bound = v6 ? bind(fd, (struct sockaddr *)&a6, sizeof a6) : bind(fd, (struct sockaddr *)&a4, sizeof a4);
    if (bound < 0 || listen(fd, BACKLOG) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* The connection file's text (NUL-terminated, malloc'd), or NULL. */
static char *read_file(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *text = calloc(1, 65536);
    size_t n = text ? fread(text, 1, 65535, f) : 0;
    fclose(f);
    if (text && n == 65535) { /* not a connection file */
        free(text);
        return NULL;
    }
    return text;
}

/* Opens the five ports and names them in LISTEN_FDS_ENV; on any failure
 * closes what it opened and sets nothing. */
static void hold_ports(const char *path) {
    char *json = read_file(path), transport[16] = "tcp", ip[64] = "127.0.0.1", env[128] = "";
    if (!json)
        return;
    const char *t = value_of(json, "transport"), *i = value_of(json, "ip");
    int ok = (!t || string_of(t, transport, sizeof transport) == 0) && !strcmp(transport, "tcp")
             && (!i || string_of(i, ip, sizeof ip) == 0);
    int fds[N_PORTS];
    int n = 0;
    for (; ok && n < N_PORTS; n++) {
        char key[32];
        snprintf(key, sizeof key, "%s_port", names[n]);
        const char *v = value_of(json, key);
        long port = v ? strtol(v, NULL, 10) : 0;
        fds[n] = port > 0 && port < 65536 ? listen_on(ip, port) : -1;
        if (fds[n] < 0)
            ok = 0;
        else
            snprintf(env + strlen(env), sizeof env - strlen(env), "%s%s=%d", n ? "," : "", names[n], fds[n]);
    }
    free(json);
    if (ok) {
        setenv(LISTEN_FDS_ENV, env, 1);
        return;
    }
    for (int k = 0; k < n; k++)
        if (fds[k] >= 0)
            close(fds[k]);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fputs("usage: cgrad-launcher CGRAD kernel -f CONNECTION_FILE\n", stderr);
        return 2;
    }
    unsetenv(LISTEN_FDS_ENV);
    if (argc == 5 && !strcmp(argv[2], "kernel") && !strcmp(argv[3], "-f"))
        hold_ports(argv[4]);
    execv(argv[1], argv + 1);
    perror(argv[1]);
    return 127;
}
