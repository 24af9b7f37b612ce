/* dict.c: the dict type: an insertion-ordered hash table built as
 * CPython's (a sparse index of entry numbers over a dense array of
 * entries), with a fast path for interned-str keys compared by pointer,
 * which is how names and attributes are looked up.
 *
 * Also here: the dict type's slots and methods, and key hashing/equality
 * shared with set.c. Views and iterators over dicts are iterators.c. */
#include <stdlib.h>
#include <string.h>

#include "containers.h"
#include "exc.h"
#include "value.h"

#define IX_EMPTY (-1)
#define IX_DUMMY (-2)
#define MIN_SIZE 8

/* ---- keys ------------------------------------------------------------ */

int64_t cg_key_hash(cg_value v) {
    switch (v.tag) {
    case CG_V_INT:
    case CG_V_BOOL: return cg_hash_int(v.u.i);
    case CG_V_FLOAT: return cg_hash_float(v.u.f);
    case CG_V_OBJ:
        if (v.u.o->type == &cg_type_str) return cg_str_hash(cg_as_str(v));
        return cg_hash(v);
    default: return cg_hash(v);
    }
}

int cg_key_eq(cg_value a, cg_value b) {
    if (a.tag == CG_V_OBJ && b.tag == CG_V_OBJ) {
        if (a.u.o == b.u.o) return 1;
        if (a.u.o->type == &cg_type_str && b.u.o->type == &cg_type_str)
            return cg_str_equal(cg_as_str(a), cg_as_str(b));
        return cg_value_eq(a, b);
    }
    if (cg_is_num(a) && cg_is_num(b)) return cg_num_cmp(a, b) == 0;
    if (a.tag == CG_V_NONE && b.tag == CG_V_NONE) return 1;
    if (a.tag != CG_V_OBJ && b.tag != CG_V_OBJ) return 0;
    return cg_value_eq(a, b);
}

/* ---- the table ---------------------------------------------------------- */

static bool key_is_str(cg_value k) { return k.tag == CG_V_OBJ && k.u.o->type == &cg_type_str; }

/* Entry number of key, or -1 absent, or -2 error. */
static int64_t lookup(cg_dict *d, cg_value key, int64_t hash) {
restart:
    if (!d->index) return -1;
    uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & d->mask;
    for (;;) {
        int64_t ix = d->index[i];
        if (ix == IX_EMPTY) return -1;
        if (ix >= 0) {
            cg_dict_entry *e = &d->entries[ix];
            if (e->hash == hash) {
                cg_value k = e->key;
                if (k.tag == CG_V_OBJ && key.tag == CG_V_OBJ && k.u.o == key.u.o) return ix;
                if (key_is_str(k) && key_is_str(key)) {
                    if (cg_str_equal(cg_as_str(k), cg_as_str(key))) return ix;
                } else {
                    uint64_t version = d->version;
                    cg_dict_entry *entries = d->entries;
                    cg_incref(k);
                    int eq = cg_key_eq(k, key);
                    cg_decref(k);
                    if (eq < 0) return -2;
                    /* __eq__ changed the table: look again, as CPython does */
                    if (d->version != version || d->entries != entries) goto restart;
                    if (eq) return ix;
                }
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & d->mask;
    }
}

/* The slot of the index where a new entry with this hash goes. */
static uint64_t free_slot(const cg_dict *d, int64_t hash) {
    uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & d->mask;
    while (d->index[i] >= 0) {
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & d->mask;
    }
    return i;
}

/* Rebuilds the index for at least `need` live entries, compacting them. */
static int resize(cg_dict *d, int64_t need) {
    uint64_t size = MIN_SIZE;
    while (size * 2 < (uint64_t)need * 3) size *= 2;
    int64_t ecap = (int64_t)(size * 2 / 3);
    int64_t *index = malloc(size * sizeof *index);
    cg_dict_entry *entries = malloc((size_t)ecap * sizeof *entries);
    if (!index || !entries) {
        free(index);
        free(entries);
        cg_raise_nomemory();
        return -1;
    }
    memset(index, 0xff, size * sizeof *index); /* IX_EMPTY */
    int64_t n = 0;
    for (int64_t j = 0; j < d->nentries; j++) {
        if (d->entries[j].key.tag == CG_V_ERR) continue;
        entries[n] = d->entries[j];
        n++;
    }
    free(d->index);
    free(d->entries);
    d->index = index;
    d->entries = entries;
    d->mask = size - 1;
    d->ecap = ecap;
    d->nentries = n;
    for (int64_t j = 0; j < n; j++) d->index[free_slot(d, entries[j].hash)] = j;
    d->version++;
    return 0;
}

static int insert_new(cg_dict *d, cg_value key, cg_value value, int64_t hash) {
    if (d->nentries >= d->ecap && resize(d, d->used * 2 + 1) < 0)
        return -1;
    int64_t ix = d->nentries++;
    d->entries[ix] = (cg_dict_entry){hash, key, value};
    d->index[free_slot(d, hash)] = ix;
    d->used++;
    d->version++;
    return 0;
}

/* Sets d[key] = value, taking both references. */
static int set_with_hash(cg_dict *d, cg_value key, cg_value value, int64_t hash) {
    int64_t ix = lookup(d, key, hash);
    if (ix == -2) goto fail;
    if (ix >= 0) {
        cg_value_set(&d->entries[ix].value, value);
        cg_decref(key);
        return 0;
    }
    if (insert_new(d, key, value, hash) < 0) goto fail;
    return 0;
fail:
    cg_decref(key);
    cg_decref(value);
    return -1;
}

int cg_dict_set_steal(cg_dict *d, cg_value key, cg_value value) {
    if (cg_is_err(key) || cg_is_err(value)) {
        cg_decref(key);
        cg_decref(value);
        return -1;
    }
    int64_t hash = cg_key_hash(key);
    if (hash == -1) {
        cg_decref(key);
        cg_decref(value);
        return -1;
    }
    return set_with_hash(d, key, value, hash);
}

int cg_dict_set(cg_dict *d, cg_value key, cg_value value) {
    return cg_dict_set_steal(d, cg_incref(key), cg_incref(value));
}

int cg_dict_set_str(cg_dict *d, const char *key, cg_value value) {
    cg_str *k = cg_str_intern(key);
    if (!k) {
        cg_raise_nomemory();
        return -1;
    }
    return set_with_hash(d, cg_obj_value(k), cg_incref(value), cg_str_hash(k));
}

cg_value cg_dict_get_borrowed(cg_dict *d, cg_value key) {
    int64_t hash = cg_key_hash(key);
    if (hash == -1) return CG_ERR;
    int64_t ix = lookup(d, key, hash);
    if (ix == -2) return CG_ERR;
    return ix < 0 ? CG_STOP : d->entries[ix].value;
}

/* Names: an interned key is found by pointer; a str key of the same text
 * made elsewhere matches by bytes. Only str keys can equal a str. */
cg_value cg_dict_get_str_borrowed(cg_dict *d, cg_str *key) {
    if (!d->index) return CG_STOP;
    int64_t hash = cg_str_hash(key);
    uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & d->mask;
    for (;;) {
        int64_t ix = d->index[i];
        if (ix == IX_EMPTY) return CG_STOP;
        if (ix >= 0) {
            cg_dict_entry *e = &d->entries[ix];
            if (e->key.tag == CG_V_OBJ && (cg_str *)e->key.u.o == key) return e->value;
            if (e->hash == hash && key_is_str(e->key) && cg_str_equal(cg_as_str(e->key), key))
                return e->value;
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & d->mask;
    }
}

cg_value cg_dict_get_cstr_borrowed(cg_dict *d, const char *key) {
    cg_str *k = cg_str_intern(key);
    if (!k) return cg_raise_nomemory();
    return cg_dict_get_str_borrowed(d, k);
}

/* Removes entry ix (found at index slot `slot`). */
static void remove_entry(cg_dict *d, int64_t ix, cg_value *key, cg_value *value) {
    cg_dict_entry *e = &d->entries[ix];
    uint64_t perturb = (uint64_t)e->hash, i = (uint64_t)e->hash & d->mask;
    while (d->index[i] != ix) {
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & d->mask;
    }
    d->index[i] = IX_DUMMY;
    *key = e->key;
    *value = e->value;
    e->key = CG_ERR;
    e->value = CG_NONE;
    d->used--;
    d->version++;
}

cg_value cg_dict_pop(cg_dict *d, cg_value key) {
    int64_t hash = cg_key_hash(key);
    if (hash == -1) return CG_ERR;
    int64_t ix = lookup(d, key, hash);
    if (ix == -2) return CG_ERR;
    if (ix == -1) return CG_STOP;
    cg_value k, v;
    remove_entry(d, ix, &k, &v);
    cg_decref(k);
    return v;
}

int cg_dict_del(cg_dict *d, cg_value key) {
    cg_value v = cg_dict_pop(d, key);
    if (cg_is_err(v)) return -1;
    if (v.tag == CG_V_STOP) return 0;
    cg_decref(v);
    return 1;
}

int64_t cg_dict_len(const cg_dict *d) { return d->used; }

bool cg_dict_next(cg_dict *d, int64_t *pos, cg_value *k, cg_value *v) {
    while (*pos < d->nentries) {
        cg_dict_entry *e = &d->entries[(*pos)++];
        if (e->key.tag == CG_V_ERR) continue;
        if (k) *k = e->key;
        if (v) *v = e->value;
        return true;
    }
    return false;
}

/* Detaches the arrays first, so that a value's dealloc that touches the
 * dict sees it empty. */
void cg_dict_clear(cg_dict *d) {
    cg_dict_entry *entries = d->entries;
    int64_t n = d->nentries;
    free(d->index);
    d->index = NULL;
    d->entries = NULL;
    d->mask = 0;
    d->used = d->nentries = d->ecap = 0;
    d->version++;
    for (int64_t j = 0; j < n; j++) {
        if (entries[j].key.tag == CG_V_ERR) continue;
        cg_decref(entries[j].key);
        cg_decref(entries[j].value);
    }
    free(entries);
}

static cg_dict *dict_alloc(cg_type *type) {
    cg_dict *d = cg_obj_alloc(type);
    return d;
}

cg_value cg_dict_new(void) {
    cg_dict *d = dict_alloc(&cg_type_dict);
    return d ? cg_obj_value(d) : cg_raise_nomemory();
}

static void dict_dealloc(cg_obj *o) {
    cg_dict_clear((cg_dict *)o);
    cg_obj_free(o);
}

bool cg_is_dict(cg_value v) {
    return v.tag == CG_V_OBJ && (v.u.o->type == &cg_type_dict || cg_type_is_subtype(v.u.o->type, &cg_type_dict));
}

cg_value cg_dict_copy(cg_dict *src) {
    cg_value r = cg_dict_new();
    if (cg_is_err(r)) return r;
    cg_dict *d = cg_as_dict(r);
    if (src->used && resize(d, src->used) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    int64_t pos = 0;
    cg_value k, v;
    while (cg_dict_next(src, &pos, &k, &v)) {
        if (insert_new(d, cg_incref(k), cg_incref(v), src->entries[pos - 1].hash) < 0) {
            cg_decref(r);
            return CG_ERR;
        }
    }
    return r;
}

/* ---- the type (slots and methods follow in a later part) ------------------ */

cg_type cg_type_dict = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "dict",
    .module = "builtins",
    .base = &cg_type_object,
    .flags = CG_TYPE_BASETYPE,
    .basicsize = sizeof(cg_dict),
    .dealloc = dict_dealloc,
};
