/* block_map.c: address -> block, open addressing (block_map.h). */
#include "block_map.h"

#include <stdlib.h>

#include "error.h"

static size_t hash(uintptr_t key, size_t mask) {
    /* Fibonacci hashing: block addresses are multiples of 512, so the low
     * bits alone would pile up in a few slots. */
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 17) & mask;
}

static int grow(cg_block_map *m) {
    size_t cap = m->capacity ? m->capacity * 2 : 64;
    cg_block_map_slot *slots = calloc(cap, sizeof *slots);
    if (!slots) {
        cg_error_set(CG_OUT_OF_MEMORY_ERROR, "cannot grow the caching allocator's block map");
        return -1;
    }
    for (size_t i = 0; i < m->capacity; i++) {
        if (!m->slots[i].key)
            continue;
        size_t j = hash(m->slots[i].key, cap - 1);
        while (slots[j].key)
            j = (j + 1) & (cap - 1);
        slots[j] = m->slots[i];
    }
    free(m->slots);
    m->slots = slots;
    m->capacity = cap;
    return 0;
}

int cg_block_map_reserve(cg_block_map *m, size_t n) {
    while (2 * n > m->capacity)
        if (grow(m) < 0)
            return -1;
    return 0;
}

int cg_block_map_put(cg_block_map *m, uintptr_t key, void *value) {
    if (cg_block_map_reserve(m, m->count + 1) < 0)
        return -1;
    size_t mask = m->capacity - 1, i = hash(key, mask);
    while (m->slots[i].key && m->slots[i].key != key)
        i = (i + 1) & mask;
    if (!m->slots[i].key)
        m->count++;
    m->slots[i] = (cg_block_map_slot){key, value};
    return 0;
}

static size_t find(const cg_block_map *m, uintptr_t key) {
    if (!m->capacity)
        return SIZE_MAX;
    size_t mask = m->capacity - 1;
    for (size_t i = hash(key, mask);; i = (i + 1) & mask) {
        if (m->slots[i].key == key)
            return i;
        if (!m->slots[i].key)
            return SIZE_MAX;
    }
}

void *cg_block_map_get(const cg_block_map *m, uintptr_t key) {
    size_t i = find(m, key);
    return i == SIZE_MAX ? NULL : m->slots[i].value;
}

void *cg_block_map_take(cg_block_map *m, uintptr_t key) {
    size_t i = find(m, key);
    if (i == SIZE_MAX)
        return NULL;
    void *value = m->slots[i].value;
    size_t mask = m->capacity - 1;
    /* Backward shift: pull later entries of the probe run into the hole
     * unless their home slot lies cyclically in (hole, j]. */
    for (size_t j = (i + 1) & mask; m->slots[j].key; j = (j + 1) & mask) {
        size_t home = hash(m->slots[j].key, mask);
        if (((j - home) & mask) >= ((j - i) & mask)) {
            m->slots[i] = m->slots[j];
            i = j;
        }
    }
    m->slots[i] = (cg_block_map_slot){0, NULL};
    m->count--;
    return value;
}

void cg_block_map_free(cg_block_map *m) {
    free(m->slots);
    *m = (cg_block_map){0};
}
