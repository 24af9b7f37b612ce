/* ptr_map.c: the pointer map of ptr_map.h. */
#include "ptr_map.h"

#include <stdint.h>
#include <stdlib.h>

#include "error.h"

/* Addresses are aligned, so their low bits say little: mix them. */
static size_t slot_of(const void *key, size_t cap) {
    uint64_t h = (uint64_t)(uintptr_t)key;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return (size_t)h & (cap - 1);
}

static size_t find(const cg_ptr_map *m, const void *key) {
    size_t i = slot_of(key, m->cap);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static int grow(cg_ptr_map *m) {
    size_t cap = m->cap ? m->cap * 2 : 64;
    cg_ptr_map bigger = {calloc(cap, sizeof *bigger.keys), calloc(cap, sizeof *bigger.values), cap, m->count};
    if (!bigger.keys || !bigger.values) {
        free(bigger.keys), free(bigger.values);
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i]) {
            size_t j = find(&bigger, m->keys[i]);
            bigger.keys[j] = m->keys[i];
            bigger.values[j] = m->values[i];
        }
    cg_ptr_map_free(m);
    *m = bigger;
    return 0;
}

int cg_ptr_map_put(cg_ptr_map *m, const void *key, void *value) {
    if (2 * (m->count + 1) > m->cap && grow(m) < 0)
        return -1;
    size_t i = find(m, key);
    if (!m->keys[i]) {
        m->keys[i] = key;
        m->count++;
    }
    m->values[i] = value;
    return 0;
}

void *cg_ptr_map_get(const cg_ptr_map *m, const void *key) {
    if (!m->cap || !key)
        return NULL;
    return m->values[find(m, key)];
}

void cg_ptr_map_free(cg_ptr_map *m) {
    free(m->keys);
    free(m->values);
    *m = (cg_ptr_map)CG_PTR_MAP_INIT;
}
