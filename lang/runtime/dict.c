/* dict.c: the dict type: an insertion-ordered hash table built as
 * CPython's (a sparse index of entry numbers over a dense array of
 * entries), with a fast path for interned-str keys compared by pointer,
 * which is how names and attributes are looked up.
 *
 * Also here: the dict type's slots and methods, and key hashing/equality
 * shared with set.c. Views and iterators over dicts are iterators.c. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/value.h"

/* Every change to some dict's set of keys takes the next number, so a
 * (dict, version) pair names one set of keys for the life of the process:
 * the evaluator's global-name caches rely on it (eval.c). */
uint64_t cg_dict_versions;

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
        if (v.u.o->type == &cg_type_str)
            return cg_str_hash(cg_as_str(v));
        return cg_hash(v);
    default: return cg_hash(v);
    }
}

int cg_key_eq(cg_value a, cg_value b) {
    if (a.tag == CG_V_OBJ && b.tag == CG_V_OBJ) {
        if (a.u.o == b.u.o)
            return 1;
        if (a.u.o->type == &cg_type_str && b.u.o->type == &cg_type_str)
            return cg_str_equal(cg_as_str(a), cg_as_str(b));
        return cg_value_eq(a, b);
    }
    if (cg_is_num(a) && cg_is_num(b))
        return cg_num_cmp(a, b) == 0;
    if (a.tag == CG_V_NONE && b.tag == CG_V_NONE)
        return 1;
    if (a.tag != CG_V_OBJ && b.tag != CG_V_OBJ)
        return 0;
    return cg_value_eq(a, b);
}

/* ---- the table ---------------------------------------------------------- */

static bool key_is_str(cg_value k) { return k.tag == CG_V_OBJ && k.u.o->type == &cg_type_str; }

/* Entry number of key, or -1 absent, or -2 error. */
static int64_t lookup(cg_dict *d, cg_value key, int64_t hash) {
restart:
    if (!d->index)
        return -1;
    uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & d->mask;
    for (;;) {
        int64_t ix = d->index[i];
        if (ix == IX_EMPTY)
            return -1;
        if (ix >= 0) {
            cg_dict_entry *e = &d->entries[ix];
            if (e->hash == hash) {
                cg_value k = e->key;
                if (k.tag == CG_V_OBJ && key.tag == CG_V_OBJ && k.u.o == key.u.o)
                    return ix;
                if (key_is_str(k) && key_is_str(key)) {
                    if (cg_str_equal(cg_as_str(k), cg_as_str(key)))
                        return ix;
                } else {
                    uint64_t version = d->version;
                    cg_dict_entry *entries = d->entries;
                    cg_incref(k);
                    int eq = cg_key_eq(k, key);
                    cg_decref(k);
                    if (eq < 0)
                        return -2;
                    /* __eq__ changed the table: look again, as CPython does */
                    if (d->version != version || d->entries != entries)
                        goto restart;
                    if (eq)
                        return ix;
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

/* Rebuilds the index for room for ecap entries (at least the live
 * ones, at most two thirds of the index), compacting them. */
static int resize_to(cg_dict *d, int64_t need, int64_t ecap) {
    uint64_t size = MIN_SIZE;
    while (size * 2 < (uint64_t)need * 3)
        size *= 2;
    if (ecap < 0 || ecap > (int64_t)(size * 2 / 3))
        ecap = (int64_t)(size * 2 / 3);
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
        if (d->entries[j].key.tag == CG_V_ERR)
            continue;
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
    for (int64_t j = 0; j < n; j++)
        d->index[free_slot(d, entries[j].hash)] = j;
    d->version = ++cg_dict_versions;
    return 0;
}

/* Rebuilds the index for at least `need` live entries, with room to grow. */
static int resize(cg_dict *d, int64_t need) { return resize_to(d, need, -1); }

static int insert_new(cg_dict *d, cg_value key, cg_value value, int64_t hash) {
    if (d->nentries >= d->ecap && resize(d, d->used * 2 + 1) < 0)
        return -1;
    cg_dict_track_for(d, key);
    cg_dict_track_for(d, value);
    int64_t ix = d->nentries++;
    d->entries[ix] = (cg_dict_entry){hash, key, value};
    d->index[free_slot(d, hash)] = ix;
    d->used++;
    d->version = ++cg_dict_versions;
    return 0;
}

/* Sets d[key] = value, taking both references. */
static int set_with_hash(cg_dict *d, cg_value key, cg_value value, int64_t hash) {
    int64_t ix = lookup(d, key, hash);
    if (ix == -2)
        goto fail;
    if (ix >= 0) {
        cg_dict_track_for(d, value);
        cg_value_set(&d->entries[ix].value, value);
        cg_decref(key);
        return 0;
    }
    if (insert_new(d, key, value, hash) < 0)
        goto fail;
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
    if (hash == -1)
        return CG_ERR;
    int64_t ix = lookup(d, key, hash);
    if (ix == -2)
        return CG_ERR;
    return ix < 0 ? CG_STOP : d->entries[ix].value;
}

/* Names: an interned key is found by pointer; a str key of the same text
 * made elsewhere matches by bytes. Only str keys can equal a str. */
int64_t cg_dict_index_str(const cg_dict *d, cg_str *key) {
    if (!d->index)
        return -1;
    int64_t hash = cg_str_hash(key);
    uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & d->mask;
    for (;;) {
        int64_t ix = d->index[i];
        if (ix == IX_EMPTY)
            return -1;
        if (ix >= 0) {
            cg_dict_entry *e = &d->entries[ix];
            if (e->key.tag == CG_V_OBJ && (cg_str *)e->key.u.o == key)
                return ix;
            if (e->hash == hash && key_is_str(e->key) && cg_str_equal(cg_as_str(e->key), key))
                return ix;
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & d->mask;
    }
}

cg_value cg_dict_get_str_borrowed(cg_dict *d, cg_str *key) {
    int64_t ix = cg_dict_index_str(d, key);
    return ix < 0 ? CG_STOP : d->entries[ix].value;
}

cg_value cg_dict_get_cstr_borrowed(cg_dict *d, const char *key) {
    cg_str *k = cg_str_intern(key);
    if (!k)
        return cg_raise_nomemory();
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
    d->version = ++cg_dict_versions;
}

cg_value cg_dict_pop(cg_dict *d, cg_value key) {
    int64_t hash = cg_key_hash(key);
    if (hash == -1)
        return CG_ERR;
    int64_t ix = lookup(d, key, hash);
    if (ix == -2)
        return CG_ERR;
    if (ix == -1)
        return CG_STOP;
    cg_value k, v;
    remove_entry(d, ix, &k, &v);
    cg_decref(k);
    return v;
}

int cg_dict_del(cg_dict *d, cg_value key) {
    cg_value v = cg_dict_pop(d, key);
    if (cg_is_err(v))
        return -1;
    if (v.tag == CG_V_STOP)
        return 0;
    cg_decref(v);
    return 1;
}

int64_t cg_dict_len(const cg_dict *d) { return d->used; }

bool cg_dict_next(cg_dict *d, int64_t *pos, cg_value *k, cg_value *v) {
    while (*pos < d->nentries) {
        cg_dict_entry *e = &d->entries[(*pos)++];
        if (e->key.tag == CG_V_ERR)
            continue;
        if (k)
            *k = e->key;
        if (v)
            *v = e->value;
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
    d->version = ++cg_dict_versions;
    for (int64_t j = 0; j < n; j++) {
        if (entries[j].key.tag == CG_V_ERR)
            continue;
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
    if (!d)
        return cg_raise_nomemory();
    d->version = ++cg_dict_versions;
    return cg_obj_value(d);
}

cg_value cg_dict_new_presized(int64_t n) {
    cg_value d = cg_dict_new();
    if (cg_is_err(d) || n <= 0)
        return d;
    if (resize_to(cg_as_dict(d), n, n) < 0) {
        cg_decref(d);
        return CG_ERR;
    }
    return d;
}

static void dict_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_dict *d = (cg_dict *)o;
    for (int64_t j = 0; j < d->nentries; j++) {
        if (d->entries[j].key.tag == CG_V_ERR)
            continue;
        cg_visit_value(d->entries[j].key, visit, arg);
        cg_visit_value(d->entries[j].value, visit, arg);
    }
}

static void dict_gc_clear(cg_obj *o) { cg_dict_clear((cg_dict *)o); }

static void dict_dealloc(cg_obj *o) {
    cg_dict_clear((cg_dict *)o);
    cg_obj_free(o);
}

bool cg_is_dict(cg_value v) {
    return v.tag == CG_V_OBJ && (v.u.o->type == &cg_type_dict || cg_type_is_layout_subtype(v.u.o->type, &cg_type_dict));
}

cg_value cg_dict_copy(cg_dict *src) {
    cg_value r = cg_dict_new();
    if (cg_is_err(r))
        return r;
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

/* ---- update ---------------------------------------------------------------- */

/* d.update(pairs): each element an iterable of two. */
static int update_from_pairs(cg_dict *d, cg_value iterable) {
    cg_value it = cg_iter(iterable);
    if (cg_is_err(it))
        return -1;
    int rc = 0;
    for (int64_t n = 0; rc == 0; n++) {
        cg_value item = cg_next(it);
        if (item.tag == CG_V_STOP)
            break;
        if (cg_is_err(item)) {
            rc = -1;
            break;
        }
        cg_value pair = cg_typeof(item)->iter ? cg_list_from_iterable(item) : CG_ERR;
        if (cg_is_err(pair)) {
            if (!cg_exc_pending() || cg_exc_matches(&cg_exc_TypeError)) {
                cg_exc_clear();
                cg_raise(&cg_exc_TypeError, "cannot convert dictionary update sequence element #%lld to a sequence",
                         (long long)n);
            }
            rc = -1;
        } else if (cg_as_list(pair)->len != 2) {
            rc = cg_raise_int(&cg_exc_ValueError,
                              "dictionary update sequence element #%lld has length %lld; 2 is required", (long long)n,
                              (long long)cg_as_list(pair)->len);
        } else {
            rc = cg_dict_set(d, cg_as_list(pair)->items[0], cg_as_list(pair)->items[1]);
        }
        cg_decref(pair);
        cg_decref(item);
    }
    cg_decref(it);
    return rc;
}

/* d.update(m) for a mapping that is not a dict: m.keys() and m[k]. */
static int update_from_mapping(cg_dict *d, cg_value m, cg_value keys_fn) {
    cg_value keys = cg_call0(keys_fn);
    if (cg_is_err(keys))
        return -1;
    cg_value it = cg_iter(keys);
    cg_decref(keys);
    if (cg_is_err(it))
        return -1;
    int rc = 0;
    for (;;) {
        cg_value k = cg_next(it);
        if (k.tag == CG_V_STOP)
            break;
        if (cg_is_err(k)) {
            rc = -1;
            break;
        }
        cg_value v = cg_getitem(m, k);
        rc = cg_dict_set_steal(d, k, v);
        if (rc < 0)
            break;
    }
    cg_decref(it);
    return rc;
}

int cg_dict_update(cg_dict *d, cg_value other) {
    if (cg_is_dict(other)) {
        cg_dict *o = cg_as_dict(other);
        if (o == d)
            return 0;
        int64_t pos = 0;
        cg_value k, v;
        while (cg_dict_next(o, &pos, &k, &v)) {
            int64_t ix = lookup(d, k, o->entries[pos - 1].hash);
            if (ix == -2)
                return -1;
            if (ix >= 0)
                cg_value_set(&d->entries[ix].value, cg_incref(v));
            else if (insert_new(d, cg_incref(k), cg_incref(v), o->entries[pos - 1].hash) < 0)
                return -1;
        }
        return 0;
    }
    cg_value keys_fn = cg_getattr_opt(other, cg_str_intern("keys"));
    if (cg_is_err(keys_fn))
        return -1;
    if (keys_fn.tag != CG_V_STOP) {
        int rc = update_from_mapping(d, other, keys_fn);
        cg_decref(keys_fn);
        return rc;
    }
    return update_from_pairs(d, other);
}

int cg_dict_merge(cg_dict *d, cg_value other) {
    if (cg_is_dict(other))
        return cg_dict_update(d, other);
    cg_value keys_fn = cg_getattr_opt(other, cg_str_intern("keys"));
    if (cg_is_err(keys_fn))
        return -1;
    if (keys_fn.tag == CG_V_STOP)
        return cg_raise_int(&cg_exc_TypeError, "'%s' object is not a mapping", cg_type_name(other));
    int rc = update_from_mapping(d, other, keys_fn);
    cg_decref(keys_fn);
    return rc;
}

static int update_kwargs(cg_dict *d, const cg_args *a) {
    for (int k = 0; k < a->nkw; k++)
        if (cg_dict_set(d, cg_obj_value(a->kwn[k]), a->kwv[k]) < 0)
            return -1;
    return 0;
}

/* ---- slots --------------------------------------------------------------------- */

static cg_value dict_repr(cg_value self) {
    cg_dict *d = cg_as_dict(self);
    if (d->used == 0)
        return cg_str_from_c("{}");
    int rec = cg_repr_enter(self);
    if (rec < 0)
        return CG_ERR;
    if (rec)
        return cg_str_from_c("{...}");
    cg_strbuf b = {0};
    cg_strbuf_putc(&b, '{');
    int rc = 0;
    bool first = true;
    for (int64_t pos = 0; rc == 0 && pos < d->nentries; pos++) {
        cg_dict_entry *e = &d->entries[pos];
        if (e->key.tag == CG_V_ERR)
            continue;
        cg_value k = cg_incref(e->key), v = cg_incref(e->value);
        if (!first)
            cg_strbuf_puts(&b, ", ");
        first = false;
        rc = cg_repr_into(&b, k);
        if (rc == 0)
            cg_strbuf_puts(&b, ": ");
        if (rc == 0)
            rc = cg_repr_into(&b, v);
        cg_decref(k);
        cg_decref(v);
    }
    cg_repr_leave(self);
    if (rc < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    cg_strbuf_putc(&b, '}');
    return cg_str_from_strbuf(&b);
}

/* 1 equal, 0 not, -1 error: same keys, equal values. */
static int dict_equal(cg_dict *a, cg_dict *b) {
    if (a->used != b->used)
        return 0;
    for (int64_t pos = 0; pos < a->nentries; pos++) {
        cg_dict_entry *e = &a->entries[pos];
        if (e->key.tag == CG_V_ERR)
            continue;
        cg_value k = cg_incref(e->key), v = cg_incref(e->value);
        int64_t ix = lookup(b, k, e->hash);
        int eq = ix == -2 ? -1 : ix == -1 ? 0 : 1;
        if (eq == 1) {
            cg_value bv = cg_incref(b->entries[ix].value);
            eq = cg_value_eq(v, bv);
            cg_decref(bv);
        }
        cg_decref(k);
        cg_decref(v);
        if (eq <= 0)
            return eq;
    }
    return 1;
}

static cg_value dict_compare(cg_value a, cg_value b, cg_cmpop op) {
    /* a subclass whose __eq__ gave NotImplemented compares as its dict */
    a = cg_unbox(a);
    b = cg_unbox(b);
    if (!cg_is_dict(a) || !cg_is_dict(b) || (op != OP_EQ && op != OP_NOT_EQ))
        return cg_incref(cg_NotImplemented);
    if (cg_recursion_enter(" in comparison") < 0) /* values compare through cg_compare */
        return CG_ERR;
    int eq = dict_equal(cg_as_dict(a), cg_as_dict(b));
    cg_recursion_leave();
    return eq < 0 ? CG_ERR : cg_bool((eq == 1) == (op == OP_EQ));
}

static cg_value dict_binary(cg_value a, cg_value b, cg_binop op) {
    if (op != OP_BITOR || !cg_is_dict(a) || !cg_is_dict(b))
        return cg_incref(cg_NotImplemented);
    cg_value r = cg_dict_copy(cg_as_dict(a));
    if (cg_is_err(r))
        return r;
    if (cg_dict_update(cg_as_dict(r), b) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

static cg_value dict_inplace(cg_value a, cg_value b, cg_binop op) {
    if (op != OP_BITOR)
        return cg_incref(cg_NotImplemented);
    if (cg_dict_update(cg_as_dict(a), b) < 0)
        return CG_ERR;
    return cg_incref(a);
}

static int64_t dict_len(cg_value self) { return cg_as_dict(self)->used; }

static int dict_contains(cg_value self, cg_value key) {
    cg_value v = cg_dict_get_borrowed(cg_as_dict(self), key);
    return cg_is_err(v) ? -1 : v.tag != CG_V_STOP;
}

static cg_value raise_key_error(cg_value key) {
    cg_raise_value(&cg_exc_KeyError, key);
    return CG_ERR;
}

static cg_value dict_getitem(cg_value self, cg_value key) {
    cg_value v = cg_dict_get_borrowed(cg_as_dict(self), key);
    if (cg_is_err(v))
        return v;
    if (v.tag != CG_V_STOP)
        return cg_incref(v);
    if (self.u.o->type->flags & CG_TYPE_HEAP) {
        /* a dict subclass may define __missing__ (defaultdict-like) */
        cg_value m = cg_type_lookup_borrowed(self.u.o->type, cg_str_intern("__missing__"));
        if (m.tag != CG_V_STOP)
            return cg_call2(m, self, key);
    }
    return raise_key_error(key);
}

static int dict_setitem(cg_value self, cg_value key, cg_value value) {
    return cg_dict_set(cg_as_dict(self), key, value);
}

static int dict_delitem(cg_value self, cg_value key) {
    int r = cg_dict_del(cg_as_dict(self), key);
    if (r == 0) {
        raise_key_error(key);
        return -1;
    }
    return r < 0 ? -1 : 0;
}

static cg_value dict_iter(cg_value self) { return cg_dict_iter_new(self, CG_DICT_KEYS, false); }

static cg_value dict_new_(cg_type *type, const cg_args *a) {
    if (a->npos > 1 && type == &cg_type_dict)
        return cg_raise(&cg_exc_TypeError, "dict expected at most 1 argument, got %d", a->npos);
    cg_dict *d = dict_alloc(type);
    if (!d)
        return cg_raise_nomemory();
    cg_value r = cg_obj_value(d);
    if (type != &cg_type_dict)
        return r; /* a subclass is filled by __init__ */
    if ((a->npos == 1 && cg_dict_update(d, a->pos[0]) < 0) || update_kwargs(d, a) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

/* ---- methods ---------------------------------------------------------------------- */

enum { D_GET, D_KEYS, D_VALUES, D_ITEMS, D_POP, D_POPITEM, D_SETDEFAULT, D_UPDATE, D_COPY, D_CLEAR, D_INIT, D_N };
static const cg_method_def dict_methods[];

/* name expected at least/most ... : the messages of CPython's METH_FASTCALL methods */
static int check_npos(const cg_args *a, const char *name, int lo, int hi) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", name);
    if (a->npos < lo)
        return cg_raise_int(&cg_exc_TypeError, "%s expected at least %d argument%s, got %d", name, lo,
                            lo == 1 ? "" : "s", a->npos);
    if (a->npos > hi)
        return cg_raise_int(&cg_exc_TypeError, "%s expected at most %d argument%s, got %d", name, hi,
                            hi == 1 ? "" : "s", a->npos);
    return 0;
}

static cg_value dict_get_m(cg_value self, const cg_args *a) {
    if (check_npos(a, "get", 1, 2) < 0)
        return CG_ERR;
    cg_value v = cg_dict_get_borrowed(cg_as_dict(self), a->pos[0]);
    if (cg_is_err(v))
        return v;
    if (v.tag == CG_V_STOP)
        return a->npos > 1 ? cg_incref(a->pos[1]) : CG_NONE;
    return cg_incref(v);
}

static cg_value dict_keys_m(cg_value self, const cg_args *a) { return cg_dict_view_new(self, CG_DICT_KEYS); }
static cg_value dict_values_m(cg_value self, const cg_args *a) { return cg_dict_view_new(self, CG_DICT_VALUES); }
static cg_value dict_items_m(cg_value self, const cg_args *a) { return cg_dict_view_new(self, CG_DICT_ITEMS); }

static cg_value dict_pop_m(cg_value self, const cg_args *a) {
    if (check_npos(a, "pop", 1, 2) < 0)
        return CG_ERR;
    cg_value v = cg_dict_pop(cg_as_dict(self), a->pos[0]);
    if (v.tag != CG_V_STOP)
        return v;
    if (a->npos > 1)
        return cg_incref(a->pos[1]);
    return raise_key_error(a->pos[0]);
}

static cg_value dict_popitem_m(cg_value self, const cg_args *a) {
    cg_dict *d = cg_as_dict(self);
    if (d->used == 0) {
        cg_value msg = cg_str_from_c("popitem(): dictionary is empty");
        if (cg_is_err(msg))
            return msg;
        cg_raise_value(&cg_exc_KeyError, msg);
        cg_decref(msg);
        return CG_ERR;
    }
    int64_t ix = d->nentries - 1;
    while (d->entries[ix].key.tag == CG_V_ERR)
        ix--;
    cg_value k, v;
    remove_entry(d, ix, &k, &v);
    /* trailing deleted entries can be dropped: the next insert reuses them */
    while (d->nentries > 0 && d->entries[d->nentries - 1].key.tag == CG_V_ERR)
        d->nentries--;
    cg_value items[2] = {k, v};
    return cg_tuple_steal(2, items);
}

static cg_value dict_setdefault_m(cg_value self, const cg_args *a) {
    if (check_npos(a, "setdefault", 1, 2) < 0)
        return CG_ERR;
    cg_dict *d = cg_as_dict(self);
    cg_value dflt = a->npos > 1 ? a->pos[1] : CG_NONE;
    cg_value v = cg_dict_get_borrowed(d, a->pos[0]);
    if (cg_is_err(v))
        return v;
    if (v.tag != CG_V_STOP)
        return cg_incref(v);
    if (cg_dict_set(d, a->pos[0], dflt) < 0)
        return CG_ERR;
    return cg_incref(dflt);
}

static cg_value dict_update_m(cg_value self, const cg_args *a) {
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "update expected at most 1 argument, got %d", a->npos);
    cg_dict *d = cg_as_dict(self);
    if ((a->npos == 1 && cg_dict_update(d, a->pos[0]) < 0) || update_kwargs(d, a) < 0)
        return CG_ERR;
    return CG_NONE;
}

static cg_value dict_copy_m(cg_value self, const cg_args *a) { return cg_dict_copy(cg_as_dict(self)); }

static cg_value dict_clear_m(cg_value self, const cg_args *a) {
    cg_dict_clear(cg_as_dict(self));
    return CG_NONE;
}

static cg_value dict_init_m(cg_value self, const cg_args *a) {
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "dict expected at most 1 argument, got %d", a->npos);
    return dict_update_m(self, a);
}

/* dict.fromkeys(iterable, value=None): a classmethod; self is the class. */
static cg_value dict_fromkeys(cg_value cls, const cg_args *a) {
    if (check_npos(a, "fromkeys", 1, 2) < 0)
        return CG_ERR;
    cg_value r = cg_call0(cls);
    if (cg_is_err(r))
        return r;
    cg_value value = a->npos > 1 ? a->pos[1] : CG_NONE;
    cg_value it = cg_iter(a->pos[0]);
    if (cg_is_err(it))
        return cg_decref(r), CG_ERR;
    for (;;) {
        cg_value k = cg_next(it);
        if (k.tag == CG_V_STOP)
            break;
        int rc = cg_is_err(k) ? -1 : cg_setitem(r, k, value);
        cg_decref(k);
        if (rc < 0) {
            cg_decref(it);
            cg_decref(r);
            return CG_ERR;
        }
    }
    cg_decref(it);
    return r;
}

static const cg_method_def dict_methods[] = {
    [D_GET] = {"get", dict_get_m, NULL, "get(key, default=None, /)"},
    [D_KEYS] = {"keys", dict_keys_m, "keys()", NULL},
    [D_VALUES] = {"values", dict_values_m, "values()", NULL},
    [D_ITEMS] = {"items", dict_items_m, "items()", NULL},
    [D_POP] = {"pop", dict_pop_m, NULL, "pop(key, default=<unrepresentable>, /)"},
    [D_POPITEM] = {"popitem", dict_popitem_m, "popitem()", "Remove and return a (key, value) pair as a 2-tuple."},
    [D_SETDEFAULT] = {"setdefault", dict_setdefault_m, NULL, "setdefault(key, default=None, /)"},
    [D_UPDATE] = {"update", dict_update_m, NULL, "update([E, ]**F) -> None"},
    [D_COPY] = {"copy", dict_copy_m, "copy()", NULL},
    [D_CLEAR] = {"clear", dict_clear_m, "clear()", NULL},
    [D_INIT] = {"__init__", dict_init_m, NULL, NULL},
    [D_N] = {NULL, NULL, NULL, NULL},
};

static const cg_method_def dict_class_methods[] = {
    {"fromkeys", dict_fromkeys, NULL, "fromkeys(iterable, value=None, /)"},
    {NULL, NULL, NULL, NULL},
};

int cg_dict_type_init(void) {
    if (cg_type_add_methods(&cg_type_dict, dict_methods) < 0)
        return -1;
    return cg_type_add_classmethods(&cg_type_dict, dict_class_methods);
}

cg_type cg_type_dict = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "dict",
    .module = "builtins",
    .base = &cg_type_object,
    /* CG_TYPE_BASETYPE waits for instance dicts at an offset: see containers.h */
    .basicsize = sizeof(cg_dict),
    .flags = CG_TYPE_TRASHCAN,
    .dealloc = dict_dealloc,
    .gc_offset = offsetof(cg_dict, gc),
    .traverse = dict_traverse,
    .clear = dict_gc_clear,
    .repr = dict_repr,
    .compare = dict_compare,
    .binary = dict_binary,
    .inplace = dict_inplace,
    .len = dict_len,
    .contains = dict_contains,
    .getitem = dict_getitem,
    .setitem = dict_setitem,
    .delitem = dict_delitem,
    .iter = dict_iter,
    .new_ = dict_new_,
};
