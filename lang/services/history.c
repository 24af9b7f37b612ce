/* history.c: the inputs of executed cells, for history_request.
 *
 * An array of (line, input) of this process's one session, queried as
 * IPython's HistoryManager is: the tail, a range of lines, a glob search.
 * Not persistent (IPython keeps a sqlite file; a kernel restart here
 * starts empty), and not the kernel's message handling. */
#include <stdlib.h>
#include <string.h>

#include "services/services.h"

typedef struct {
    int line;
    char *input; /* len bytes and a NUL after them */
    size_t len;
} entry;

struct cg_history {
    int session;
    int n, cap;
    entry *items;
};

cg_history *cg_history_new(int session) {
    cg_history *h = calloc(1, sizeof *h);
    if (h)
        h->session = session;
    return h;
}

void cg_history_free(cg_history *h) {
    if (!h)
        return;
    for (int i = 0; i < h->n; i++)
        free(h->items[i].input);
    free(h->items);
    free(h);
}

/* input[0, len) and a NUL after it, malloc'd. */
static char *copy_of(const char *input, size_t len) {
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, input, len);
        copy[len] = 0;
    }
    return copy;
}

int cg_history_add(cg_history *h, int line, const char *input, size_t len) {
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 64;
        entry *grown = realloc(h->items, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        h->items = grown;
        h->cap = cap;
    }
    char *copy = copy_of(input, len);
    if (!copy)
        return -1;
    h->items[h->n++] = (entry){line, copy, len};
    return 0;
}

/* out gets copies of the entries whose indices are listed, in order. */
static int list_of(const cg_history *h, const int *idx, int n, cg_history_list *out) {
    out->n = 0;
    out->items = n > 0 ? calloc((size_t)n, sizeof *out->items) : NULL;
    if (n > 0 && !out->items)
        return -1;
    for (int i = 0; i < n; i++) {
        const entry *e = &h->items[idx[i]];
        char *copy = copy_of(e->input, e->len);
        if (!copy) {
            cg_history_list_free(out);
            return -1;
        }
        out->items[out->n++] = (cg_history_entry){h->session, e->line, copy, e->len};
    }
    return 0;
}

static int *indices(int n) { return malloc((size_t)(n > 0 ? n : 1) * sizeof(int)); }

int cg_history_tail(const cg_history *h, int n, cg_history_list *out) {
    if (n < 0)
        n = 0;
    if (n > h->n)
        n = h->n;
    int *idx = indices(n);
    if (!idx)
        return -1;
    for (int i = 0; i < n; i++)
        idx[i] = h->n - n + i;
    int rc = list_of(h, idx, n, out);
    free(idx);
    return rc;
}

int cg_history_range(const cg_history *h, int session, int start, int stop, cg_history_list *out) {
    int *idx = indices(h->n), k = 0;
    if (!idx)
        return -1;
    if (session == 0 || session == h->session)
        for (int i = 0; i < h->n; i++)
            if (h->items[i].line >= start && (stop < 0 || h->items[i].line < stop))
                idx[k++] = i;
    int rc = list_of(h, idx, k, out);
    free(idx);
    return rc;
}

/* sqlite's GLOB over UTF-8: `*` any run, `?` one code point. It reads a
 * text up to its first NUL, as sqlite does (IPython's search then matches
 * "1 + 1\0 + 2" with "1 + 1*" and not with "*2"). */
static bool glob_match(const char *p, const char *s) {
    for (; *p; p++) {
        if (*p == '*') {
            while (p[1] == '*')
                p++;
            if (!p[1])
                return true;
            for (; *s; s++)
                if (glob_match(p + 1, s))
                    return true;
            return false;
        }
        if (!*s)
            return false;
        if (*p == '?') {
            s++;
            while ((*s & 0xC0) == 0x80)
                s++;
        } else if (*p == *s) {
            s++;
        } else {
            return false;
        }
    }
    return *s == 0;
}

static bool seen_later(const cg_history *h, const int *idx, int k, int i) {
    for (int j = 0; j < k; j++)
        if (h->items[idx[j]].len == h->items[i].len
            && memcmp(h->items[idx[j]].input, h->items[i].input, h->items[i].len) == 0)
            return true;
    return false;
}

int cg_history_search(const cg_history *h, const char *pattern, int n, bool unique, cg_history_list *out) {
    int *idx = indices(h->n), k = 0;
    if (!idx)
        return -1;
    /* newest first, so that n and unique keep the latest */
    for (int i = h->n - 1; i >= 0 && (n <= 0 || k < n); i--)
        if (glob_match(pattern, h->items[i].input) && !(unique && seen_later(h, idx, k, i)))
            idx[k++] = i;
    for (int a = 0, b = k - 1; a < b; a++, b--) {
        int t = idx[a];
        idx[a] = idx[b];
        idx[b] = t;
    }
    int rc = list_of(h, idx, k, out);
    free(idx);
    return rc;
}

void cg_history_list_free(cg_history_list *l) {
    if (!l)
        return;
    for (int i = 0; i < l->n; i++)
        free(l->items[i].input);
    free(l->items);
    l->items = NULL;
    l->n = 0;
}
