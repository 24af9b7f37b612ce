/* header.h: the header of every message the kernel sends.
 *
 * msg_id (a UUID 4), session (one UUID per kernel process, so a client
 * sees a restart), username, date (ISO 8601, UTC, microseconds), msg_type
 * and the protocol version. */
#ifndef CG_HEADER_H
#define CG_HEADER_H

#include <jansson.h>

/* Kept in one place: kernel_info's protocol_version and every header. */
#define CG_PROTOCOL_VERSION "5.5"

/* Picks this process's session id; call once before any thread starts. */
void cg_header_init(void);
const char *cg_header_session(void);
/* A random UUID 4 as 36 characters and a NUL. */
void cg_uuid4(char out[37]);
/* Now as "2026-01-31T12:00:00.123456Z". */
void cg_iso_now(char out[40]);
/* A new header object for msg_type; NULL when out of memory. */
json_t *cg_header_new(const char *msg_type);

#endif
