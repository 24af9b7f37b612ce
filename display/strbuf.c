/* strbuf.c: the growable string of strbuf.h. */
#include "strbuf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Makes room for n more bytes plus the NUL; false (and marked) on failure. */
static bool reserve(cg_strbuf *b, size_t n) {
    if (b->failed)
        return false;
    if (n >= SIZE_MAX / 2 - b->len) {
        b->failed = true;
        return false;
    }
    size_t need = b->len + n + 1;
    if (need <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

bool cg_strbuf_reserve(cg_strbuf *b, size_t n) { return reserve(b, n); }

void cg_strbuf_append(cg_strbuf *b, const char *s, size_t n) {
    if (!reserve(b, n))
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void cg_strbuf_puts(cg_strbuf *b, const char *s) { cg_strbuf_append(b, s, strlen(s)); }

void cg_strbuf_putc(cg_strbuf *b, char c) {
    if (!reserve(b, 1))
        return;
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

void cg_strbuf_repeat(cg_strbuf *b, char c, int64_t n) {
    if (n <= 0 || !reserve(b, (size_t)n))
        return;
    memset(b->data + b->len, c, (size_t)n);
    b->len += (size_t)n;
    b->data[b->len] = '\0';
}

void cg_strbuf_printf(cg_strbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = true;
        return;
    }
    if (!reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

char *cg_strbuf_take(cg_strbuf *b) {
    if (b->failed || !reserve(b, 0)) {
        cg_strbuf_free(b);
        cg_error_set(CG_MEMORY_ERROR, "out of memory while building a string");
        return NULL;
    }
    char *s = b->data;
    *b = (cg_strbuf)CG_STRBUF_INIT;
    return s;
}

void cg_strbuf_free(cg_strbuf *b) {
    free(b->data);
    *b = (cg_strbuf)CG_STRBUF_INIT;
}

int cg_cp_encode(uint32_t cp, char *out) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

void cg_strbuf_put_cp(cg_strbuf *b, uint32_t cp) {
    char u[4];
    cg_strbuf_append(b, u, (size_t)cg_cp_encode(cp, u));
}
