/* header.c: message ids, dates and headers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "header.h"

static char session_id[37];
static char username[64];

void cg_header_init(void) {
    cg_uuid4(session_id);
    const char *user = getenv("USER");
    snprintf(username, sizeof username, "%s", user && *user ? user : "kernel");
}

const char *cg_header_session(void) { return session_id; }

void cg_uuid4(char out[37]) {
    unsigned char b[16];
    if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b) {
        /* Ids need to be unique, not secret: time and a counter will do. */
        static unsigned counter;
        unsigned long long t = (unsigned long long)time(NULL) ^ ((unsigned long long)++counter << 32);
        for (int i = 0; i < 16; i++)
            b[i] = (unsigned char)(t >> (8 * (i % 8))) ^ (unsigned char)(i * 37);
    }
    b[6] = (b[6] & 0x0f) | 0x40; /* version 4 */
    b[8] = (b[8] & 0x3f) | 0x80; /* RFC 4122 variant */
    snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3],
             b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}

void cg_iso_now(char out[40]) {
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(out, 40, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out + n, 40 - n, ".%06dZ", (int)(ts.tv_nsec / 1000));
}

json_t *cg_header_new(const char *msg_type) {
    char id[37], date[40];
    cg_uuid4(id);
    cg_iso_now(date);
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "msg_id", id, "session", session_id, "username", username,
                     "date", date, "msg_type", msg_type, "version", CG_PROTOCOL_VERSION);
}
