/* connection.c: reading the connection file (Jansson).
 *
 * Only the fields the kernel uses are read; others (kernel_name, and
 * curve keys which this kernel does not support yet) are ignored, as
 * jupyter_client allows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "connection.h"

const char *const cg_channel_names[CG_CH_COUNT] = {"shell", "control", "stdin", "iopub", "hb"};

static int copy_string(json_t *root, const char *name, const char *fallback, char *out, size_t outlen, char *err,
                       size_t errlen) {
    json_t *v = json_object_get(root, name);
    if (!v && fallback) {
        snprintf(out, outlen, "%s", fallback);
        return 0;
    }
    if (!json_is_string(v) || json_string_length(v) >= outlen) {
        snprintf(err, errlen, "'%s' must be a string", name);
        return -1;
    }
    snprintf(out, outlen, "%s", json_string_value(v));
    return 0;
}

static int read_port(json_t *root, int channel, int *port, char *err, size_t errlen) {
    char name[32];
    snprintf(name, sizeof name, "%s_port", cg_channel_names[channel]);
    json_t *v = json_object_get(root, name);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 65535) {
        snprintf(err, errlen, "'%s' must be a port number", name);
        return -1;
    }
    *port = (int)json_integer_value(v);
    return 0;
}

static int read_fields(json_t *root, cg_connection *c, char *err, size_t errlen) {
    if (!json_is_object(root)) {
        snprintf(err, errlen, "not a JSON object");
        return -1;
    }
    if (copy_string(root, "transport", "tcp", c->transport, sizeof c->transport, err, errlen) < 0
        || copy_string(root, "ip", "127.0.0.1", c->ip, sizeof c->ip, err, errlen) < 0
        || copy_string(root, "signature_scheme", "hmac-sha256", c->signature_scheme, sizeof c->signature_scheme, err,
                       errlen)
               < 0)
        return -1;
    for (int ch = 0; ch < CG_CH_COUNT; ch++)
        if (read_port(root, ch, &c->ports[ch], err, errlen) < 0)
            return -1;
    json_t *key = json_object_get(root, "key");
    if (key && !json_is_string(key)) {
        snprintf(err, errlen, "'key' must be a string");
        return -1;
    }
    c->key = strdup(key ? json_string_value(key) : "");
    if (strcmp(c->transport, "tcp") && strcmp(c->transport, "ipc")) {
        snprintf(err, errlen, "unsupported transport '%s'", c->transport);
        return -1;
    }
    /* Only the scheme is checked when messages are signed: an empty key
     * turns signing off whatever the scheme says. */
    if (c->key[0] && strcmp(c->signature_scheme, "hmac-sha256")) {
        snprintf(err, errlen, "unsupported signature_scheme '%s'", c->signature_scheme);
        return -1;
    }
    return 0;
}

int cg_connection_read(const char *path, cg_connection *c, char *err, size_t errlen) {
    memset(c, 0, sizeof *c);
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    if (!root) {
        snprintf(err, errlen, "cannot read connection file '%s': %s", path, jerr.text);
        return -1;
    }
    char why[200];
    int rc = read_fields(root, c, why, sizeof why);
    json_decref(root);
    if (rc < 0) {
        snprintf(err, errlen, "bad connection file '%s': %s", path, why);
        cg_connection_free(c);
    }
    return rc;
}

void cg_connection_free(cg_connection *c) {
    free(c->key);
    c->key = NULL;
}

void cg_connection_endpoint(const cg_connection *c, int channel, char *out, size_t outlen) {
    if (!strcmp(c->transport, "ipc"))
        snprintf(out, outlen, "ipc://%s-%d", c->ip, c->ports[channel]);
    else
        snprintf(out, outlen, "tcp://%s:%d", c->ip, c->ports[channel]);
}
