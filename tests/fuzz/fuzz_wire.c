/* fuzz_wire.c: libFuzzer harness for the kernel's receiving half.
 *
 * One input is one multipart message: its first byte picks how it is
 * signed (below), the rest is the frames, separated by the byte 0x1E
 * (ASCII's record separator), as cg_wire_recv would have read them off a
 * socket. Each goes through cg_wire_parse: the delimiter, the signature
 * check, the replay window and the JSON of the four dict frames. Not the
 * handlers: what a handler gets is checked here, not what it does.
 *
 * An input may break no promise of wire.h: a message accepted has its
 * identities before the delimiter and four objects with a string
 * msg_type, its objects survive cg_json_dump and cg_json_load unchanged
 * (what the kernel sends back is what it read), and a signed message
 * accepted once is refused when it comes again (a replay). A broken
 * promise aborts, which libFuzzer reports as a crash. An input whose
 * first byte has the WINDOW bit is instead a run of signatures for the
 * replay window alone, checked against a model of it (check_window). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_text.h"
#include "kernel_log.h"
#include "wire.h"

/* The key of tests/fuzz/seed_wire.py's messages. */
#define FUZZ_KEY "b1c5a3e0-fuzz-key-of-the-seed-messages"

enum {
    RESIGN = 1,   /* replace the signature frame by the right one, to reach the JSON */
    UNSIGNED = 2, /* a kernel started with an empty key: nothing checked */
    WINDOW = 4,   /* not a message: signatures for the replay window (below) */
};

/* The replay window shrunk to this many signatures, so that an input
 * reaches its eviction and the table's collisions (seen_signatures.c
 * reads its size from the struct, not from the constant). */
#define SMALL_WINDOW 8

/* The kernel's log, silenced: a dropped message is the common case here.
 * Formatting still runs, so UBSan sees its arguments. */
void cg_kernel_log(const char *fmt, ...) {
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
}

static void broken(const char *promise) {
    fprintf(stderr, "fuzz_wire: broken promise: %s\n", promise);
    abort();
}

/* Splits data at 0x1E into separately allocated frames (so ASan sees a
 * read past any one of them). The count, or -1 when out of memory. */
static long split(const uint8_t *data, size_t size, cg_frame *f, size_t cap) {
    size_t n = 0, start = 0;
    for (size_t i = 0; i <= size && n < cap; i++) {
        if (i < size && data[i] != 0x1E)
            continue;
        size_t len = i - start;
        f[n].data = malloc(len ? len : 1);
        if (!f[n].data) {
            while (n > 0)
                free(f[--n].data);
            return -1;
        }
        memcpy(f[n].data, data + start, len);
        f[n++].len = len;
        start = i + 1;
    }
    return (long)n;
}

/* Writes the right signature into the frame after the delimiter. */
static void resign(const cg_signer *s, cg_frame *f, size_t n) {
    size_t d = 0;
    while (d < n && !(f[d].len == 9 && !memcmp(f[d].data, "<IDS|MSG>", 9)))
        d++;
    if (n - d < 6 || !s->key)
        return;
    cg_sign_parts sp;
    for (int i = 0; i < 4; i++) {
        sp.data[i] = f[d + 2 + i].data;
        sp.len[i] = f[d + 2 + i].len;
    }
    char sig[CG_SIG_HEX_LEN + 1];
    if (cg_signer_sign(s, &sp, sig) < 0)
        return;
    free(f[d + 1].data);
    f[d + 1].data = malloc(CG_SIG_HEX_LEN);
    if (f[d + 1].data)
        memcpy(f[d + 1].data, sig, CG_SIG_HEX_LEN);
    f[d + 1].len = f[d + 1].data ? CG_SIG_HEX_LEN : 0;
}

static void check_round_trip(json_t *j) {
    char *text = cg_json_dump(j);
    if (!text)
        return;
    json_t *back = cg_json_load(text, strlen(text));
    if (!back || !json_equal(j, back))
        broken("an accepted frame reads back differently after cg_json_dump");
    json_decref(back);
    free(text);
}

static void check_accepted(const cg_msg *m, const cg_frame *f, size_t n) {
    if (m->n_ids >= n || f[m->n_ids].len != 9 || memcmp(f[m->n_ids].data, "<IDS|MSG>", 9))
        broken("the identities end at the delimiter");
    for (size_t i = 0; i < m->n_ids; i++)
        if (m->ids[i].data != f[i].data)
            broken("the identities are the frames before the delimiter");
    json_t *objs[] = {m->header, m->parent, m->metadata, m->content};
    for (int i = 0; i < 4; i++) {
        if (!json_is_object(objs[i]))
            broken("header, parent, metadata and content are objects");
        check_round_trip(objs[i]);
    }
    if (!m->msg_type || m->msg_type != json_string_value(json_object_get(m->header, "msg_type")))
        broken("msg_type is the header's");
}

/* Empties a window, shrunk to SMALL_WINDOW (cheaper than a new one). */
static void reset_window(cg_seen_signatures *w) {
    w->window = SMALL_WINDOW;
    w->table_cap = 2 * SMALL_WINDOW;
    memset(w->ring, 0, SMALL_WINDOW * sizeof *w->ring);
    memset(w->table, 0, 2 * SMALL_WINDOW * sizeof *w->table);
    w->next = w->count = 0;
}

/* The window against the plainest model of its promise: a signature is
 * refused while it is among the last SMALL_WINDOW ones recorded. Each
 * byte of input is a signature: its hex digits, then zeros. The table's
 * hash is the signature's own first bytes, so 256 signatures share 16
 * home slots: repeats, collisions and evictions in every input. */
static void check_window(cg_seen_signatures *w, const uint8_t *data, size_t size) {
    uint8_t model[SMALL_WINDOW];
    size_t held = 0, next = 0;
    for (size_t i = 0; i < size; i++) {
        char hex[CG_SIG_HEX_LEN + 1];
        memset(hex, '0', CG_SIG_HEX_LEN);
        hex[0] = "0123456789abcdef"[data[i] >> 4];
        hex[1] = "0123456789abcdef"[data[i] & 15];
        hex[CG_SIG_HEX_LEN] = 0;
        bool seen = memchr(model, data[i], held) != NULL;
        if (cg_seen_signatures_add(w, hex) == seen)
            broken("the window refuses exactly the signatures among its last ones");
        if (!seen) {
            model[next] = data[i];
            next = (next + 1) % SMALL_WINDOW;
            held += held < SMALL_WINDOW;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static cg_signer signed_kernel, unsigned_kernel;
    static int ready;
    if (!ready) {
        if (cg_signer_init(&signed_kernel, FUZZ_KEY) < 0 || cg_signer_init(&unsigned_kernel, "") < 0)
            broken("the signers start");
        ready = 1;
    }
    if (size == 0)
        return 0;
    int mode = data[0];
    const cg_signer *s = mode & UNSIGNED ? &unsigned_kernel : &signed_kernel;
    /* Each input starts with an empty replay window, so that an input
     * means the same whenever it runs. */
    if (mode & WINDOW) {
        reset_window(signed_kernel.seen);
        check_window(signed_kernel.seen, data + 1, size - 1);
        return 0;
    }
    if (s->seen)
        reset_window(s->seen);
    static cg_frame f[300]; /* more than wire.c's MAX_FRAMES: the overflow path too */
    long got = split(data + 1, size - 1, f, sizeof f / sizeof f[0]);
    size_t n = got < 0 ? 0 : (size_t)got;
    if (got >= 0) {
        if (mode & RESIGN)
            resign(s, f, n);
        cg_msg m;
        /* wire.c keeps the first 256 frames of a longer message, and drops it */
        bool overflow = n > 256;
        if (overflow) {
            for (size_t i = 256; i < n; i++)
                free(f[i].data);
            n = 256;
        }
        int rc = cg_wire_parse(f, n, overflow, s, "shell", &m);
        size_t owned = 0;
        if (rc == 1) {
            check_accepted(&m, f, n);
            owned = m.n_ids;
            cg_msg again;
            if (s->key && cg_wire_parse(f, n, false, s, "shell", &again) != 0)
                broken("a signed message is refused when it comes again");
            cg_msg_free(&m);
        } else if (rc != 0) {
            broken("cg_wire_parse returns 1 or 0");
        }
        for (size_t i = owned; i < n; i++)
            free(f[i].data);
    }
    return 0;
}
