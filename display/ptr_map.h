/* ptr_map.h: a hash map from pointers to pointers, for display/'s walks
 * over object graphs (the autograd graph's seen set, a tensor's name).
 *
 * Open addressing with linear probing, grown at half load; keys are
 * compared by address only. It is not a general container: no removal,
 * and NULL is neither a key nor a value (a missing key reads as NULL). */
#ifndef CG_PTR_MAP_H
#define CG_PTR_MAP_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const void **keys; /* [cap], NULL where empty */
    void **values;     /* [cap] */
    size_t cap;        /* a power of two, or 0 */
    size_t count;
} cg_ptr_map;

#define CG_PTR_MAP_INIT \
    { NULL, NULL, 0, 0 }

/* Sets key's value, replacing an earlier one. -1 with MemoryError when the
 * table cannot grow. */
int cg_ptr_map_put(cg_ptr_map *m, const void *key, void *value);
/* key's value, or NULL when key is not in the map. */
void *cg_ptr_map_get(const cg_ptr_map *m, const void *key);
static inline bool cg_ptr_map_has(const cg_ptr_map *m, const void *key) { return cg_ptr_map_get(m, key) != NULL; }
void cg_ptr_map_free(cg_ptr_map *m);

#endif
