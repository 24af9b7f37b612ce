/* connection.h: the connection file jupyter_client writes for a kernel.
 *
 * It names where to bind (transport, ip, five ports) and how to sign
 * messages (key, signature_scheme). Reading it is the kernel's first step;
 * this file knows nothing about sockets. */
#ifndef CG_CONNECTION_H
#define CG_CONNECTION_H

enum { CG_CH_SHELL, CG_CH_CONTROL, CG_CH_STDIN, CG_CH_IOPUB, CG_CH_HB, CG_CH_COUNT };

typedef struct {
    char transport[16]; /* "tcp" or "ipc" */
    char ip[256];
    int ports[CG_CH_COUNT];    /* indexed by CG_CH_* */
    char *key;                 /* malloc'd; "" means unsigned messages */
    char signature_scheme[32]; /* "hmac-sha256" */
} cg_connection;

/* The ports' names in the file, indexed by CG_CH_*. */
extern const char *const cg_channel_names[CG_CH_COUNT];

/* Reads path; 0, or -1 with a message (naming the file and the problem)
 * written into err. */
int cg_connection_read(const char *path, cg_connection *c, char *err, size_t errlen);
void cg_connection_free(cg_connection *c);
/* The ZeroMQ endpoint of one channel: "tcp://127.0.0.1:5555" or
 * "ipc://path-5555", as jupyter_client spells them. */
void cg_connection_endpoint(const cg_connection *c, int channel, char *out, size_t outlen);

#endif
