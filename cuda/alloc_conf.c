/* alloc_conf.c: PYTORCH_CUDA_ALLOC_CONF, parsed into a cg_alloc_conf with
 * PyTorch's syntax and messages.
 *
 * The version followed throughout is PyTorch 2.x's own parser in
 * c10/cuda/CUDAAllocatorConfig.cpp (lexArgs / consumeToken), the one that
 * knows max_non_split_rounding_mb and the pinned_* options, before the
 * common options moved to c10/core/AllocatorConfig.cpp. Its checks and
 * texts, including "max_split_size_mb too small, must be > 20" (so 20
 * itself is refused there) and the trailing spaces of some messages, are
 * kept as they are; all are RuntimeErrors (TORCH_CHECK). A number that
 * does not parse fails as std::stoi / std::stod / std::stoul do, with
 * their what() ("stoi"), which Python shows as a RuntimeError.
 *
 * One deliberate difference: in "[256:1,>:8]" that version fills ">" from
 * the last named interval itself, overwriting it; later PyTorch fills from
 * the next one (last_index + 1), which is what the syntax means, and what
 * is done here.
 *
 * What the options do is caching_allocator.c's; this file only reads them.
 * Not here: the warning PyTorch prints for cudaMallocAsync with native-only
 * options (there is no warning channel in the engine). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "caching_allocator.h"
#include "error.h"

#define MIB ((size_t)1024 * 1024)
#define LARGE_BUFFER_MB ((size_t)20) /* kLargeBuffer / 1 MiB */
#define ROUNDUP_INTERVALS 16         /* kRoundUpPowerOfTwoIntervals */
#define PINNED_MAX_REGISTER_THREADS 128

void cg_alloc_conf_default(cg_alloc_conf *conf) {
    *conf = (cg_alloc_conf){
        .max_split_size = SIZE_MAX,
        .max_non_split_rounding_size = LARGE_BUFFER_MB * MIB,
        .pinned_num_register_threads = 1,
    };
}

/* ---- tokens: PyTorch's lexArgs ------------------------------------------ */

/* ',' ':' '[' ']' are tokens of their own, spaces are dropped, anything
 * else runs together into one token. */
typedef struct {
    char **tok;
    size_t n;
    char *buf;
} tokens;

static int lex(const char *text, tokens *t) {
    size_t len = strlen(text);
    t->buf = malloc(2 * len + 1);
    t->tok = malloc((len + 1) * sizeof *t->tok);
    t->n = 0;
    if (!t->buf || !t->tok) {
        cg_error_set(CG_MEMORY_ERROR, "cannot parse PYTORCH_CUDA_ALLOC_CONF: out of memory");
        return -1;
    }
    char *w = t->buf;
    bool open = false; /* a word token is being written */
    for (const char *c = text; *c; c++) {
        if (*c == ',' || *c == ':' || *c == '[' || *c == ']') {
            if (open)
                *w++ = '\0', open = false;
            t->tok[t->n++] = w;
            *w++ = *c;
            *w++ = '\0';
        } else if (*c != ' ') {
            if (!open)
                t->tok[t->n++] = w, open = true;
            *w++ = *c;
        }
    }
    if (open)
        *w = '\0';
    return 0;
}

static bool tok_is(const tokens *t, size_t i, const char *s) { return i < t->n && strcmp(t->tok[i], s) == 0; }

static int consume(const tokens *t, size_t i, char c) {
    char want[2] = {c, '\0'};
    CG_CHECK_INT(tok_is(t, i, want), CG_RUNTIME_ERROR, "Error parsing CachingAllocator settings, expected %c", c);
    return 0;
}

/* ---- numbers, as std::stoi / stoul / stod read them ------------------------ */

static int parse_stoi(const char *s, int *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    CG_CHECK_INT(end != s && errno != ERANGE && v >= INT_MIN && v <= INT_MAX, CG_RUNTIME_ERROR, "stoi");
    *out = (int)v;
    return 0;
}

static int parse_stoul(const char *s, size_t *out) {
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    CG_CHECK_INT(end != s && errno != ERANGE, CG_RUNTIME_ERROR, "stoul");
    *out = (size_t)v;
    return 0;
}

static int parse_stod(const char *s, double *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    CG_CHECK_INT(end != s && errno != ERANGE, CG_RUNTIME_ERROR, "stod");
    *out = v;
    return 0;
}

static bool is_pow2(uint64_t v) { return v && !(v & (v - 1)); }

static size_t log2_floor(uint64_t v) { return 63 - (size_t)__builtin_clzll(v); }

/* ---- one option each ------------------------------------------------------- */

/* max_split_size_mb and max_non_split_rounding_mb: MB > 20. */
static int parse_mb(const tokens *t, size_t *i, const char *name, size_t *out) {
    if (consume(t, ++*i, ':') < 0)
        return -1;
    CG_CHECK_INT(++*i < t->n, CG_RUNTIME_ERROR, "Error, expecting %s value", name);
    int v;
    if (parse_stoi(t->tok[*i], &v) < 0)
        return -1;
    size_t mb = (size_t)v; /* as PyTorch's size_t val1 = stoi(...): negative wraps */
    CG_CHECK_INT(mb > LARGE_BUFFER_MB, CG_RUNTIME_ERROR, "CachingAllocator option %s too small, must be > %zu", name,
                 LARGE_BUFFER_MB);
    if (mb > SIZE_MAX / MIB)
        mb = SIZE_MAX / MIB;
    *out = mb * MIB;
    return 0;
}

static int parse_gc_threshold(const tokens *t, size_t *i, cg_alloc_conf *conf) {
    if (consume(t, ++*i, ':') < 0)
        return -1;
    CG_CHECK_INT(++*i < t->n, CG_RUNTIME_ERROR, "Error, expecting garbage_collection_threshold value");
    double v;
    if (parse_stod(t->tok[*i], &v) < 0)
        return -1;
    CG_CHECK_INT(v > 0, CG_RUNTIME_ERROR, "garbage_collect_threshold too small, set it 0.0~1.0");
    CG_CHECK_INT(v < 1.0, CG_RUNTIME_ERROR, "garbage_collect_threshold too big, set it 0.0~1.0");
    conf->garbage_collection_threshold = v;
    return 0;
}

static void fill(size_t *d, size_t from, size_t to, size_t v) {
    for (size_t k = from; k < to; k++)
        d[k] = v;
}

/* One "interval:divisions" of the list form; interval in MB, or ">". */
static int parse_division_item(const tokens *t, size_t *i, size_t *d, size_t *last, bool *first) {
    const char *interval = t->tok[*i];
    if (consume(t, ++*i, ':') < 0)
        return -1;
    CG_CHECK_INT(++*i < t->n, CG_RUNTIME_ERROR, "Error parsing roundup_power2_divisions value");
    int v;
    if (parse_stoi(t->tok[*i], &v) < 0)
        return -1;
    size_t div = (size_t)v;
    CG_CHECK_INT(div == 0 || is_pow2(div), CG_RUNTIME_ERROR,
                 "For roundups, the divisions has to be power of 2 or 0 to disable roundup ");
    if (strcmp(interval, ">") == 0) {
        /* see the file comment: from the interval after the last named one */
        fill(d, *first ? 0 : *last + 1, ROUNDUP_INTERVALS, div);
        return 0;
    }
    size_t mb;
    if (parse_stoul(interval, &mb) < 0)
        return -1;
    CG_CHECK_INT(is_pow2(mb), CG_RUNTIME_ERROR, "For roundups, the intervals have to be power of 2 ");
    size_t index = log2_floor(mb);
    if (index > ROUNDUP_INTERVALS - 1)
        index = ROUNDUP_INTERVALS - 1;
    if (*first) {
        fill(d, 0, index, div); /* the first interval's setting also covers those below it */
        *first = false;
    }
    d[index] = div;
    *last = index;
    return 0;
}

static int parse_roundup(const tokens *t, size_t *i, cg_alloc_conf *conf) {
    if (consume(t, ++*i, ':') < 0)
        return -1;
    CG_CHECK_INT(++*i < t->n, CG_RUNTIME_ERROR, "Error, expecting roundup_power2_divisions value");
    size_t *d = conf->roundup_power2_divisions;
    if (!tok_is(t, *i, "[")) { /* one number for every interval */
        int v;
        if (parse_stoi(t->tok[*i], &v) < 0)
            return -1;
        CG_CHECK_INT(is_pow2((size_t)v), CG_RUNTIME_ERROR, "For roundups, the divisions has to be power of 2 ");
        fill(d, 0, ROUNDUP_INTERVALS, (size_t)v);
        return 0;
    }
    size_t last = 0;
    bool first = true;
    while (++*i < t->n && !tok_is(t, *i, "]")) {
        if (parse_division_item(t, i, d, &last, &first) < 0)
            return -1;
        if (!tok_is(t, *i + 1, "]") && consume(t, ++*i, ',') < 0)
            return -1;
    }
    return 0;
}

static int parse_bool(const tokens *t, size_t *i, const char *name, bool *out) {
    if (consume(t, ++*i, ':') < 0)
        return -1;
    ++*i;
    CG_CHECK_INT(tok_is(t, *i, "True") || tok_is(t, *i, "False"), CG_RUNTIME_ERROR,
                 "Expected a single True/False argument for %s", name);
    *out = tok_is(t, *i, "True");
    return 0;
}

/* The pinned_* options and graph_capture_record_stream_reuse spell a
 * missing value differently from expandable_segments. */
static int parse_value_bool(const tokens *t, size_t *i, const char *name, bool *out) {
    if (consume(t, ++*i, ':') < 0)
        return -1;
    CG_CHECK_INT(++*i < t->n, CG_RUNTIME_ERROR, "Error, expecting %s value", name);
    CG_CHECK_INT(tok_is(t, *i, "True") || tok_is(t, *i, "False"), CG_RUNTIME_ERROR,
                 "Expected a single True/False argument for %s", name);
    *out = tok_is(t, *i, "True");
    return 0;
}

static int parse_backend(const tokens *t, size_t *i, cg_alloc_conf *conf) {
    if (consume(t, ++*i, ':') < 0)
        return -1;
    CG_CHECK_INT(++*i < t->n, CG_RUNTIME_ERROR, "Error parsing backend value");
    CG_CHECK_INT(tok_is(t, *i, "native") || tok_is(t, *i, "cudaMallocAsync"), CG_RUNTIME_ERROR,
                 "Unknown allocator backend, options are native and cudaMallocAsync");
    conf->backend_cuda_malloc_async = tok_is(t, *i, "cudaMallocAsync");
    return 0;
}

static int parse_register_threads(const tokens *t, size_t *i, cg_alloc_conf *conf) {
    if (consume(t, ++*i, ':') < 0)
        return -1;
    CG_CHECK_INT(++*i < t->n, CG_RUNTIME_ERROR, "Error, expecting pinned_num_register_threads value");
    int v;
    if (parse_stoi(t->tok[*i], &v) < 0)
        return -1;
    CG_CHECK_INT(is_pow2((size_t)v), CG_RUNTIME_ERROR, "Number of register threads has to be power of 2 ");
    CG_CHECK_INT((size_t)v <= PINNED_MAX_REGISTER_THREADS, CG_RUNTIME_ERROR,
                 "Number of register threads should be less than or equal to %d", PINNED_MAX_REGISTER_THREADS);
    conf->pinned_num_register_threads = (size_t)v;
    return 0;
}

static int parse_reserve_segment(const tokens *t, size_t *i, cg_alloc_conf *conf) {
    if (consume(t, ++*i, ':') < 0)
        return -1;
    CG_CHECK_INT(++*i < t->n, CG_RUNTIME_ERROR, "Error, expecting pinned_reserve_segment_size_mb value");
    int v;
    if (parse_stoi(t->tok[*i], &v) < 0)
        return -1;
    CG_CHECK_INT((size_t)v > 0, CG_RUNTIME_ERROR, "Pinned reserve segment size has to be greater than 0 ");
    conf->pinned_reserve_segment_size_mb = (size_t)v;
    return 0;
}

static int parse_option(const tokens *t, size_t *i, cg_alloc_conf *c) {
    const char *key = t->tok[*i];
    if (!strcmp(key, "max_split_size_mb"))
        return parse_mb(t, i, key, &c->max_split_size);
    if (!strcmp(key, "max_non_split_rounding_mb"))
        return parse_mb(t, i, key, &c->max_non_split_rounding_size);
    if (!strcmp(key, "garbage_collection_threshold"))
        return parse_gc_threshold(t, i, c);
    if (!strcmp(key, "roundup_power2_divisions"))
        return parse_roundup(t, i, c);
    if (!strcmp(key, "backend"))
        return parse_backend(t, i, c);
    if (!strcmp(key, "expandable_segments"))
        return parse_bool(t, i, key, &c->expandable_segments);
    if (!strcmp(key, "release_lock_on_cudamalloc") || !strcmp(key, "release_lock_on_hipmalloc"))
        return parse_bool(t, i, "release_lock_on_cudamalloc", &c->release_lock_on_cudamalloc);
    if (!strcmp(key, "pinned_use_cuda_host_register") || !strcmp(key, "pinned_use_hip_host_register"))
        return parse_value_bool(t, i, "pinned_use_cuda_host_register", &c->pinned_use_cuda_host_register);
    if (!strcmp(key, "pinned_num_register_threads"))
        return parse_register_threads(t, i, c);
    if (!strcmp(key, "pinned_reserve_segment_size_mb"))
        return parse_reserve_segment(t, i, c);
    if (!strcmp(key, "pinned_use_background_threads"))
        return parse_value_bool(t, i, key, &c->pinned_use_background_threads);
    if (!strcmp(key, "graph_capture_record_stream_reuse"))
        return parse_value_bool(t, i, key, &c->graph_capture_record_stream_reuse);
    cg_error_set(CG_RUNTIME_ERROR, "Unrecognized CachingAllocator option: %s", key);
    return -1;
}

static int parse_tokens(const tokens *t, cg_alloc_conf *c) {
    for (size_t i = 0; i < t->n; i++) {
        if (parse_option(t, &i, c) < 0)
            return -1;
        if (i + 1 < t->n && consume(t, ++i, ',') < 0)
            return -1;
    }
    return 0;
}

int cg_alloc_conf_parse(const char *text, cg_alloc_conf *conf) {
    cg_alloc_conf c;
    cg_alloc_conf_default(&c);
    if (!text || !*text) {
        *conf = c;
        return 0;
    }
    tokens t = {0};
    int rc = lex(text, &t);
    if (rc == 0)
        rc = parse_tokens(&t, &c);
    free(t.tok);
    free(t.buf);
    if (rc == 0)
        *conf = c; /* a bad string leaves the caller's settings as they were */
    return rc;
}
