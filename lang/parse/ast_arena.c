/* ast_arena.c: the memory of one parse. Nodes, lists and strings are
 * bump-allocated from chunks and freed together when the last reference
 * goes; the arena also keeps the (newline-normalised) source, so that a
 * traceback can quote any line of a cell long after it ran.
 *
 * This is not the parser; it allocates for it and for the resolver. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/parser.h"

typedef struct chunk {
    struct chunk *next;
    size_t size;
    _Alignas(max_align_t) unsigned char data[];
} chunk;

struct cg_ast_arena {
    int refs;
    chunk *chunks;
    unsigned char *ptr, *end;
    size_t next_size;
    cg_ast *root;
    char *filename;
    char *src; /* normalised source, NUL-terminated */
    size_t len;
    int nlines;
    size_t *line_starts; /* nlines + 1 entries */
};

#define ALIGN (sizeof(max_align_t))

/* Chunks of released arenas, kept for the next parse: a big cell's tree
 * then lands in memory already mapped instead of faulting in new pages. */
#define SPARE_MAX 4
#define SPARE_BYTES_MAX (8u << 20)
static struct {
    pthread_mutex_t lock;
    chunk *list[SPARE_MAX];
    int n;
} spare = {PTHREAD_MUTEX_INITIALIZER, {0}, 0};

static chunk *spare_take(size_t size) {
    chunk *c = NULL;
    pthread_mutex_lock(&spare.lock);
    for (int i = 0; i < spare.n; i++)
        if (spare.list[i]->size >= size) {
            c = spare.list[i];
            spare.list[i] = spare.list[--spare.n];
            break;
        }
    pthread_mutex_unlock(&spare.lock);
    return c;
}

static void spare_give(chunk *c) {
    if (c->size <= SPARE_BYTES_MAX) {
        pthread_mutex_lock(&spare.lock);
        if (spare.n < SPARE_MAX) {
            spare.list[spare.n++] = c;
            c = NULL;
        }
        pthread_mutex_unlock(&spare.lock);
    }
    free(c);
}

static void *chunk_alloc(cg_ast_arena *a, size_t bytes) {
    size_t size = a->next_size;
    if (size < bytes)
        size = bytes;
    chunk *c = spare_take(size);
    if (c)
        size = c->size;
    else
        c = malloc(sizeof *c + size);
    if (!c)
        return NULL;
    c->next = a->chunks;
    c->size = size;
    a->chunks = c;
    if (a->next_size < (1u << 20))
        a->next_size *= 2;
    a->ptr = c->data + bytes;
    a->end = c->data + size;
    return c->data;
}

void *cg_ast_arena_alloc_raw(cg_ast_arena *a, size_t bytes) {
    bytes = (bytes + ALIGN - 1) & ~(ALIGN - 1);
    if (bytes == 0)
        bytes = ALIGN;
    if ((size_t)(a->end - a->ptr) >= bytes) {
        void *r = a->ptr;
        a->ptr += bytes;
        return r;
    }
    return chunk_alloc(a, bytes);
}

void *cg_ast_arena_alloc(cg_ast_arena *a, size_t bytes) {
    void *r = cg_ast_arena_alloc_raw(a, bytes);
    if (r)
        memset(r, 0, bytes);
    return r;
}

/* Copies src turning "\r\n" and "\r" into "\n" and adding a final "\n". */
static int copy_source(cg_ast_arena *a, const char *src, size_t len) {
    a->src = malloc(len + 2);
    if (!a->src)
        return -1;
    size_t n = 0;
    if (!memchr(src, '\r', len)) {
        memcpy(a->src, src, len);
        n = len;
    } else
        for (size_t i = 0; i < len; i++) {
            char c = src[i];
            if (c == '\r') {
                if (i + 1 < len && src[i + 1] == '\n')
                    i++;
                c = '\n';
            }
            a->src[n++] = c;
        }
    if (n == 0 || a->src[n - 1] != '\n')
        a->src[n++] = '\n';
    a->src[n] = '\0';
    a->len = n;
    return 0;
}

static int index_lines(cg_ast_arena *a) {
    int n = 0;
    for (size_t i = 0; i < a->len; i++)
        n += a->src[i] == '\n';
    a->line_starts = malloc(((size_t)n + 1) * sizeof *a->line_starts);
    if (!a->line_starts)
        return -1;
    int k = 0;
    a->line_starts[k++] = 0;
    for (size_t i = 0; i < a->len; i++)
        if (a->src[i] == '\n')
            a->line_starts[k++] = i + 1;
    a->nlines = n;
    return 0;
}

cg_ast_arena *cg_ast_arena_new(const char *src, size_t len, const char *filename) {
    cg_ast_arena *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->refs = 1;
    /* the tree takes some ten times the source: start near it */
    a->next_size = len < 1024 ? 16384 : len < (256u << 10) ? len * 16 : (4u << 20);
    a->filename = strdup(filename ? filename : "<unknown>");
    if (!a->filename || copy_source(a, src, len) < 0) {
        cg_ast_arena_release(a);
        return NULL;
    }
    return a;
}

const char *cg_ast_arena_source(const cg_ast_arena *a, size_t *len) {
    *len = a->len;
    return a->src;
}

void cg_ast_arena_set_root(cg_ast_arena *a, cg_ast *root) { a->root = root; }

cg_ast *cg_ast_arena_root(cg_ast_arena *a) { return a->root; }

const char *cg_ast_arena_filename(const cg_ast_arena *a) { return a->filename; }

const char *cg_ast_arena_line(const cg_ast_arena *ca, int line, size_t *n) {
    /* the index of lines is made when first asked for (a traceback) */
    cg_ast_arena *a = (cg_ast_arena *)ca;
    if (!a->line_starts && index_lines(a) < 0)
        a->nlines = 0;
    if (line < 1 || line > a->nlines) {
        if (n)
            *n = 0;
        return NULL;
    }
    size_t s = a->line_starts[line - 1], e = a->line_starts[line] - 1;
    if (n)
        *n = e - s;
    return a->src + s;
}

void cg_ast_arena_retain(cg_ast_arena *a) {
    if (a)
        a->refs++;
}

void cg_ast_arena_release(cg_ast_arena *a) {
    if (!a || --a->refs > 0)
        return;
    chunk *c = a->chunks;
    while (c) {
        chunk *next = c->next;
        spare_give(c);
        c = next;
    }
    free(a->filename);
    free(a->src);
    free(a->line_starts);
    free(a);
}
