/* set.c: set and frozenset: CPython's hash table for sets (linear probes
 * then perturbed jumps, the same sizes and resize points), so that
 * iteration and repr order match Python's for the same insertions
 * ({3, 1, 2} prints {1, 2, 3}); the set algebra, comparisons, and methods.
 *
 * An entry is empty (key tag CG_V_STOP), deleted (CG_V_ERR) or active. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

#define MIN_SIZE 8
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

static bool is_empty(const cg_set_entry *e) { return e->key.tag == CG_V_STOP; }
static bool is_dummy(const cg_set_entry *e) { return e->key.tag == CG_V_ERR; }
static bool is_active(const cg_set_entry *e) { return e->key.tag > CG_V_STOP; }

bool cg_is_anyset(cg_value v) {
    if (v.tag != CG_V_OBJ)
        return false;
    cg_type *t = v.u.o->type;
    return t == &cg_type_set || t == &cg_type_frozenset || cg_type_is_subtype(t, &cg_type_set)
           || cg_type_is_subtype(t, &cg_type_frozenset);
}

static bool is_frozen(cg_value v) {
    cg_type *t = v.u.o->type;
    return t == &cg_type_frozenset || cg_type_is_subtype(t, &cg_type_frozenset);
}

static cg_set *as_set(cg_value v) { return (cg_set *)v.u.o; }

static cg_set_entry *new_table(uint64_t size) {
    cg_set_entry *t = malloc(size * sizeof *t);
    if (!t)
        return NULL;
    for (uint64_t i = 0; i < size; i++)
        t[i] = (cg_set_entry){0, CG_STOP};
    return t;
}

static cg_set *set_alloc(cg_type *type) {
    cg_set *s = cg_obj_alloc(type);
    if (!s)
        return NULL;
    s->table = new_table(MIN_SIZE);
    if (!s->table) {
        cg_obj_free(&s->head);
        return NULL;
    }
    s->mask = MIN_SIZE - 1;
    s->hash = -1;
    cg_gc_track(s);
    return s;
}

static cg_value set_make(cg_type *type) {
    cg_set *s = set_alloc(type);
    return s ? cg_obj_value(s) : cg_raise_nomemory();
}

cg_value cg_set_new(void) { return set_make(&cg_type_set); }
cg_value cg_frozenset_new(void) { return set_make(&cg_type_frozenset); }

static void set_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_set *s = (cg_set *)o;
    for (uint64_t i = 0; s->table && i <= s->mask; i++)
        if (is_active(&s->table[i]))
            cg_visit_value(s->table[i].key, visit, arg);
}

static void set_clear(cg_set *s);
static void set_gc_clear(cg_obj *o) { set_clear((cg_set *)o); }

static void set_dealloc(cg_obj *o) {
    cg_set *s = (cg_set *)o;
    cg_set_entry *t = s->table;
    uint64_t n = s->mask + 1;
    s->table = NULL;
    for (uint64_t i = 0; t && i < n; i++)
        if (is_active(&t[i]))
            cg_decref(t[i].key);
    free(t);
    cg_obj_free(o);
}

/* ---- the table ---------------------------------------------------------------- */

static void insert_clean(cg_set_entry *table, uint64_t mask, cg_value key, int64_t hash) {
    uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    for (;;) {
        cg_set_entry *e = &table[i];
        if (is_empty(e))
            goto found;
        if (i + LINEAR_PROBES <= mask) {
            for (int j = 0; j < LINEAR_PROBES; j++) {
                e++;
                if (is_empty(e))
                    goto found;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
        continue;
    found:
        e->key = key;
        e->hash = hash;
        return;
    }
}

static int table_resize(cg_set *s, int64_t minused) {
    uint64_t size = MIN_SIZE;
    while (size <= (uint64_t)minused)
        size <<= 1;
    cg_set_entry *old = s->table, *t = new_table(size);
    if (!t)
        return cg_raise_nomemory(), -1;
    uint64_t oldn = s->mask + 1;
    s->table = t;
    s->mask = size - 1;
    s->fill = s->used;
    for (uint64_t i = 0; i < oldn; i++)
        if (is_active(&old[i]))
            insert_clean(t, s->mask, old[i].key, old[i].hash);
    free(old);
    s->version++;
    return 0;
}

static bool same_key(cg_value a, cg_value b) { return a.tag == CG_V_OBJ && b.tag == CG_V_OBJ && a.u.o == b.u.o; }

/* Is the entry still holding the key compared (an __eq__ may have
 * changed the set)? */
static bool still_there(const cg_set_entry *e, cg_value k) {
    return e->key.tag == k.tag && memcmp(&e->key.u, &k.u, sizeof k.u) == 0;
}

/* The entry holding key, or NULL (absent), or *err set. */
static cg_set_entry *set_lookup(cg_set *s, cg_value key, int64_t hash, bool *err) {
    *err = false;
restart:;
    uint64_t mask = s->mask, perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    for (;;) {
        cg_set_entry *e = &s->table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (is_empty(e))
                return NULL;
            if (e->hash == hash && is_active(e)) {
                cg_value k = e->key;
                if (same_key(k, key))
                    return e;
                cg_set_entry *table = s->table;
                cg_incref(k);
                int eq = cg_key_eq(k, key);
                cg_decref(k);
                if (eq < 0) {
                    *err = true;
                    return NULL;
                }
                if (table != s->table || !still_there(e, k))
                    goto restart;
                if (eq)
                    return e;
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* Adds key (a reference taken) with its hash: 0 added or present, -1 error. */
static int add_entry(cg_set *s, cg_value key, int64_t hash) {
restart:;
    uint64_t mask = s->mask, perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    cg_set_entry *freeslot = NULL, *e;
    for (;;) {
        e = &s->table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (is_empty(e))
                goto unused;
            if (e->hash == hash && is_active(e)) {
                cg_value k = e->key;
                if (same_key(k, key))
                    goto present;
                cg_set_entry *table = s->table;
                cg_incref(k);
                int eq = cg_key_eq(k, key);
                cg_decref(k);
                if (eq < 0) {
                    cg_decref(key);
                    return -1;
                }
                if (eq > 0)
                    goto present;
                if (table != s->table || !still_there(e, k))
                    goto restart;
            } else if (is_dummy(e) && !freeslot) {
                freeslot = e;
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
unused:
    s->version++;
    if (freeslot) {
        s->used++;
        freeslot->key = key;
        freeslot->hash = hash;
        return 0;
    }
    s->fill++;
    s->used++;
    e->key = key;
    e->hash = hash;
    if ((uint64_t)s->fill * 5 < mask * 3)
        return 0;
    return table_resize(s, s->used > 50000 ? s->used * 2 : s->used * 4);
present:
    cg_decref(key);
    return 0;
}

int cg_set_add(cg_value set, cg_value item) {
    int64_t h = cg_key_hash(item);
    if (h == -1)
        return -1;
    return add_entry(as_set(set), cg_incref(item), h);
}

int cg_set_contains(cg_value set, cg_value item) {
    int64_t h = cg_key_hash(item);
    if (h == -1)
        return -1;
    bool err;
    cg_set_entry *e = set_lookup(as_set(set), item, h, &err);
    return err ? -1 : e != NULL;
}

/* 1 removed, 0 absent, -1 error */
static int set_discard(cg_set *s, cg_value item) {
    int64_t h = cg_key_hash(item);
    if (h == -1)
        return -1;
    bool err;
    cg_set_entry *e = set_lookup(s, item, h, &err);
    if (err)
        return -1;
    if (!e)
        return 0;
    cg_value k = e->key;
    e->key = CG_ERR;
    e->hash = -1;
    s->used--;
    s->version++;
    cg_decref(k);
    return 1;
}

bool cg_set_next(cg_value set, int64_t *pos, cg_value *item) {
    cg_set *s = as_set(set);
    while ((uint64_t)*pos <= s->mask) {
        cg_set_entry *e = &s->table[(*pos)++];
        if (is_active(e)) {
            *item = e->key;
            return true;
        }
    }
    return false;
}

static void set_clear(cg_set *s) {
    cg_set_entry *old = s->table;
    uint64_t n = s->mask + 1;
    cg_set_entry *t = new_table(MIN_SIZE);
    if (!t)
        return; /* keep the old table: clearing must not fail */
    s->table = t;
    s->mask = MIN_SIZE - 1;
    s->fill = s->used = 0;
    s->version++;
    for (uint64_t i = 0; i < n; i++)
        if (is_active(&old[i]))
            cg_decref(old[i].key);
    free(old);
}

/* ---- bulk updates --------------------------------------------------------------- */

/* CPython's set_merge: another set's entries, keeping their hashes. */
static int merge_set(cg_set *s, cg_set *o) {
    if (o == s || o->used == 0)
        return 0;
    if ((uint64_t)(s->fill + o->used) * 5 >= s->mask * 3 && table_resize(s, (s->used + o->used) * 2) < 0)
        return -1;
    if (s->fill == 0 && s->mask == o->mask && o->fill == o->used) {
        for (uint64_t i = 0; i <= o->mask; i++)
            if (is_active(&o->table[i]))
                s->table[i] = (cg_set_entry){o->table[i].hash, cg_incref(o->table[i].key)};
        s->fill = o->fill;
        s->used = o->used;
        s->version++;
        return 0;
    }
    if (s->fill == 0) {
        for (uint64_t i = 0; i <= o->mask; i++)
            if (is_active(&o->table[i]))
                insert_clean(s->table, s->mask, cg_incref(o->table[i].key), o->table[i].hash);
        s->fill = s->used = o->used;
        s->version++;
        return 0;
    }
    for (uint64_t i = 0; i <= o->mask; i++) {
        cg_set_entry *e = &o->table[i];
        if (is_active(e) && add_entry(s, cg_incref(e->key), e->hash) < 0)
            return -1;
    }
    return 0;
}

static int update_iterable(cg_set *s, cg_value other) {
    if (cg_is_anyset(other))
        return merge_set(s, as_set(other));
    if (cg_is_type(other, &cg_type_dict)) {
        cg_dict *d = cg_as_dict(other);
        if ((uint64_t)(s->fill + d->used) * 5 >= s->mask * 3 && table_resize(s, (s->used + d->used) * 2) < 0)
            return -1;
        int64_t pos = 0;
        cg_value k;
        while (cg_dict_next(d, &pos, &k, NULL))
            if (add_entry(s, cg_incref(k), d->entries[pos - 1].hash) < 0)
                return -1;
        return 0;
    }
    cg_value it = cg_iter(other);
    if (cg_is_err(it))
        return -1;
    int rc = 0;
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        if (cg_is_err(x)) {
            rc = -1;
            break;
        }
        int64_t h = cg_key_hash(x);
        if (h == -1 || add_entry(s, x, h) < 0) {
            if (h == -1)
                cg_decref(x);
            rc = -1;
            break;
        }
    }
    cg_decref(it);
    return rc;
}

/* A new set (or frozenset) of `type` holding the elements of iterable. */
static cg_value set_from(cg_type *type, cg_value iterable) {
    cg_value r = set_make(type);
    if (cg_is_err(r) || iterable.tag == CG_V_STOP)
        return r;
    if (update_iterable(as_set(r), iterable) < 0) {
        cg_decref(r);
        return CG_ERR;
    }
    return r;
}

/* Note [Set displays]
 * CPython 3.11 compiles a display of three or more constants, {10, 3, 8},
 * to a frozenset constant merged into a new set (BUILD_SET 0; SET_UPDATE),
 * so its slots, and the order it prints in, are not those of adding the
 * elements one by one. The compiler also rebuilds that constant from the
 * iteration order of the first one (merge_consts_recursive), so: two
 * frozensets, then a merge. A shorter or non-constant display adds the
 * elements in order (BUILD_SET n). */
cg_value cg_set_display(const cg_value *items, int64_t n, bool all_constant) {
    cg_value r = cg_set_new();
    if (cg_is_err(r))
        return r;
    if (!all_constant || n <= 2) {
        for (int64_t i = 0; i < n; i++)
            if (cg_set_add(r, items[i]) < 0)
                return cg_decref(r), CG_ERR;
        return r;
    }
    cg_value f = cg_frozenset_new();
    if (cg_is_err(f))
        return cg_decref(r), f;
    int rc = 0;
    for (int64_t i = 0; i < n && rc == 0; i++)
        rc = cg_set_add(f, items[i]);
    cg_value f2 = rc == 0 ? cg_frozenset_new() : CG_ERR;
    if (cg_is_err(f2))
        rc = -1;
    int64_t pos = 0;
    cg_value x;
    while (rc == 0 && cg_set_next(f, &pos, &x))
        rc = cg_set_add(f2, x);
    if (rc == 0)
        rc = merge_set(as_set(r), as_set(f2));
    cg_decref(f);
    cg_decref(f2);
    if (rc < 0)
        return cg_decref(r), CG_ERR;
    return r;
}

/* The plain type of results: set for sets, frozenset for frozensets. */
static cg_type *result_type(cg_value v) { return is_frozen(v) ? &cg_type_frozenset : &cg_type_set; }

static cg_value set_copy_of(cg_value v) { return set_from(result_type(v), v); }

/* other as a set (borrowing it when it is one); *owned tells the caller. */
static cg_value as_anyset(cg_value other, bool *owned) {
    *owned = !cg_is_anyset(other);
    return *owned ? set_from(&cg_type_set, other) : other;
}

/* ---- the algebra ----------------------------------------------------------------- */

static cg_value set_union2(cg_value a, cg_value b) {
    cg_value r = set_copy_of(a);
    if (cg_is_err(r))
        return r;
    if (update_iterable(as_set(r), b) < 0)
        return cg_decref(r), CG_ERR;
    return r;
}

static cg_value set_intersection2(cg_value so, cg_value other) {
    cg_value r = set_make(result_type(so));
    if (cg_is_err(r))
        return r;
    if (cg_is_anyset(other)) {
        cg_value big = so, small = other;
        if (as_set(other)->used > as_set(so)->used)
            big = other, small = so;
        cg_set *sm = as_set(small);
        for (uint64_t i = 0; i <= sm->mask; i++) {
            cg_set_entry *e = &sm->table[i];
            if (!is_active(e))
                continue;
            bool err;
            cg_set_entry *hit = set_lookup(as_set(big), e->key, e->hash, &err);
            if (err || (hit && add_entry(as_set(r), cg_incref(e->key), e->hash) < 0))
                return cg_decref(r), CG_ERR;
        }
        return r;
    }
    cg_value it = cg_iter(other);
    if (cg_is_err(it))
        return cg_decref(r), CG_ERR;
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        int in = cg_is_err(x) ? -1 : cg_set_contains(so, x);
        if (in > 0)
            in = cg_set_add(r, x) < 0 ? -1 : 1;
        cg_decref(x);
        if (in < 0) {
            cg_decref(it);
            cg_decref(r);
            return CG_ERR;
        }
    }
    cg_decref(it);
    return r;
}

static int difference_update(cg_set *s, cg_value other) {
    if (cg_is_anyset(other)) {
        cg_set *o = as_set(other);
        if (o == s) {
            set_clear(s);
            return 0;
        }
        for (uint64_t i = 0; i <= o->mask; i++)
            if (is_active(&o->table[i]) && set_discard(s, o->table[i].key) < 0)
                return -1;
        return 0;
    }
    cg_value it = cg_iter(other);
    if (cg_is_err(it))
        return -1;
    int rc = 0;
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        rc = cg_is_err(x) ? -1 : set_discard(s, x);
        cg_decref(x);
        if (rc < 0)
            break;
    }
    cg_decref(it);
    return rc < 0 ? -1 : 0;
}

static cg_value set_difference2(cg_value so, cg_value other) {
    if (!cg_is_anyset(other) || as_set(so)->used >> 2 > as_set(other)->used) {
        cg_value r = set_copy_of(so);
        if (cg_is_err(r))
            return r;
        if (difference_update(as_set(r), other) < 0)
            return cg_decref(r), CG_ERR;
        return r;
    }
    cg_value r = set_make(result_type(so));
    if (cg_is_err(r))
        return r;
    cg_set *s = as_set(so);
    for (uint64_t i = 0; i <= s->mask; i++) {
        cg_set_entry *e = &s->table[i];
        if (!is_active(e))
            continue;
        bool err;
        cg_set_entry *hit = set_lookup(as_set(other), e->key, e->hash, &err);
        if (err || (!hit && add_entry(as_set(r), cg_incref(e->key), e->hash) < 0))
            return cg_decref(r), CG_ERR;
    }
    return r;
}

/* s ^= other: each element of other toggles its membership. */
static int symmetric_update(cg_set *s, cg_value other) {
    bool owned;
    cg_value o = as_anyset(other, &owned);
    if (cg_is_err(o))
        return -1;
    cg_set *os = as_set(o);
    int rc = 0;
    if (os == s) {
        set_clear(s);
    } else {
        for (uint64_t i = 0; rc == 0 && i <= os->mask; i++) {
            cg_set_entry *e = &os->table[i];
            if (!is_active(e))
                continue;
            cg_value k = cg_incref(e->key);
            rc = set_discard(s, k);
            if (rc == 0)
                rc = add_entry(s, cg_incref(k), e->hash);
            else if (rc > 0)
                rc = 0;
            cg_decref(k);
        }
    }
    if (owned)
        cg_decref(o);
    return rc;
}

static cg_value set_symmetric2(cg_value so, cg_value other) {
    /* CPython starts from a copy of other, then toggles so's elements */
    cg_value r = set_from(result_type(so), other);
    if (cg_is_err(r))
        return r;
    if (symmetric_update(as_set(r), so) < 0)
        return cg_decref(r), CG_ERR;
    return r;
}

/* 1 if every element of a is in b, 0 if not, -1 error */
static int subset(cg_set *a, cg_value b) {
    if (a->used > as_set(b)->used)
        return 0;
    for (uint64_t i = 0; i <= a->mask; i++) {
        cg_set_entry *e = &a->table[i];
        if (!is_active(e))
            continue;
        bool err;
        cg_set_entry *hit = set_lookup(as_set(b), e->key, e->hash, &err);
        if (err)
            return -1;
        if (!hit)
            return 0;
    }
    return 1;
}

/* ---- slots -------------------------------------------------------------------------- */

static cg_value set_repr(cg_value self) {
    cg_set *s = as_set(self);
    cg_type *t = self.u.o->type;
    bool plain = t == &cg_type_set;
    if (s->used == 0)
        return cg_str_fmt("%s()", t->name);
    int rec = cg_repr_enter(self);
    if (rec < 0)
        return CG_ERR;
    if (rec)
        return cg_str_fmt("%s(...)", t->name);
    cg_strbuf b = {0};
    if (!plain)
        cg_strbuf_printf(&b, "%s(", t->name);
    cg_strbuf_putc(&b, '{');
    bool first = true;
    int rc = 0;
    int64_t pos = 0;
    cg_value item;
    while (rc == 0 && cg_set_next(self, &pos, &item)) {
        if (!first)
            cg_strbuf_puts(&b, ", ");
        first = false;
        rc = cg_repr_into(&b, item);
    }
    cg_repr_leave(self);
    if (rc < 0)
        return cg_strbuf_free(&b), CG_ERR;
    cg_strbuf_putc(&b, '}');
    if (!plain)
        cg_strbuf_putc(&b, ')');
    return cg_str_from_strbuf(&b);
}

static uint64_t shuffle_bits(uint64_t h) { return ((h ^ UINT64_C(89869747)) ^ (h << 16)) * UINT64_C(3644798167); }

/* CPython's frozenset hash: order-independent, cached. */
static int64_t frozenset_hash(cg_value self) {
    cg_set *s = as_set(self);
    if (s->hash != -1)
        return s->hash;
    uint64_t h = 0;
    for (uint64_t i = 0; i <= s->mask; i++)
        if (is_active(&s->table[i]))
            h ^= shuffle_bits((uint64_t)s->table[i].hash);
    h ^= ((uint64_t)s->used + 1) * UINT64_C(1927868237);
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069U + UINT64_C(907133923);
    if (h == (uint64_t)-1)
        h = 590923713U;
    s->hash = (int64_t)h;
    return s->hash;
}

static cg_value set_relation(cg_value a, cg_value b, cg_cmpop op) {
    cg_set *x = as_set(a), *y = as_set(b);
    int r;
    switch (op) {
    case OP_EQ:
    case OP_NOT_EQ:
        r = x->used != y->used ? 0 : subset(x, b);
        return r < 0 ? CG_ERR : cg_bool((r == 1) == (op == OP_EQ));
    case OP_LT_E: r = subset(x, b); break;
    case OP_GT_E: r = subset(y, a); break;
    case OP_LT: r = x->used < y->used ? subset(x, b) : 0; break;
    case OP_GT: r = x->used > y->used ? subset(y, a) : 0; break;
    default: return cg_incref(cg_NotImplemented);
    }
    return r < 0 ? CG_ERR : cg_bool(r == 1);
}

/* Keys compare through cg_compare: frozensets nested deep end in
 * RecursionError. */
static cg_value set_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (!cg_is_anyset(a) || !cg_is_anyset(b))
        return cg_incref(cg_NotImplemented);
    if (cg_recursion_enter(" in comparison") < 0)
        return CG_ERR;
    cg_value r = set_relation(a, b, op);
    cg_recursion_leave();
    return r;
}

/* s gets the contents of the new set r (which is released). */
static void take_contents(cg_set *s, cg_value r) {
    cg_set *t = as_set(r), tmp = *s;
    s->table = t->table, s->mask = t->mask, s->fill = t->fill, s->used = t->used;
    t->table = tmp.table, t->mask = tmp.mask, t->fill = tmp.fill, t->used = tmp.used;
    s->version++;
    cg_decref(r);
}

static cg_value set_binary(cg_value a, cg_value b, cg_binop op) {
    if (!cg_is_anyset(a) || !cg_is_anyset(b))
        return cg_incref(cg_NotImplemented);
    switch (op) {
    case OP_BITOR: return set_union2(a, b);
    case OP_BITAND: return set_intersection2(a, b);
    case OP_SUB: return set_difference2(a, b);
    case OP_BITXOR: return set_symmetric2(a, b);
    default: return cg_incref(cg_NotImplemented);
    }
}

static cg_value set_inplace(cg_value a, cg_value b, cg_binop op) {
    if (is_frozen(a) || !cg_is_anyset(b))
        return cg_incref(cg_NotImplemented);
    cg_set *s = as_set(a);
    int rc;
    switch (op) {
    case OP_BITOR: rc = merge_set(s, as_set(b)); break;
    case OP_SUB: rc = difference_update(s, b); break;
    case OP_BITXOR: rc = symmetric_update(s, b); break;
    case OP_BITAND: {
        cg_value r = set_intersection2(a, b);
        if (cg_is_err(r))
            return r;
        take_contents(s, r);
        rc = 0;
        break;
    }
    default: return cg_incref(cg_NotImplemented);
    }
    return rc < 0 ? CG_ERR : cg_incref(a);
}

static int64_t set_len(cg_value self) { return as_set(self)->used; }
static int set_contains_slot(cg_value self, cg_value item) { return cg_set_contains(self, item); }
static cg_value set_iter(cg_value self) { return cg_set_iter_new(self); }

static cg_value set_new_(cg_type *type, const cg_args *a) {
    const char *name = type == &cg_type_frozenset || cg_type_is_subtype(type, &cg_type_frozenset) ? "frozenset" : "set";
    if (a->nkw && !(type->flags & CG_TYPE_HEAP))
        return cg_raise(&cg_exc_TypeError, "%s() takes no keyword arguments", name);
    if (a->npos > 1 && !(type->flags & CG_TYPE_HEAP))
        return cg_raise(&cg_exc_TypeError, "%s expected at most 1 argument, got %d", name, a->npos);
    cg_value src = a->npos ? a->pos[0] : CG_STOP;
    if (type == &cg_type_frozenset && src.tag != CG_V_STOP && cg_is_type(src, &cg_type_frozenset))
        return cg_incref(src);
    /* a set subclass is filled by __init__; a frozenset's contents are fixed here */
    if (type != &cg_type_frozenset && type != &cg_type_set && name[0] == 's')
        src = CG_STOP;
    return set_from(type, src);
}

/* ---- methods ----------------------------------------------------------------------------- */

static cg_value m_add(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "set.add() takes exactly one argument (%d given)", a->npos);
    return cg_set_add(self, a->pos[0]) < 0 ? CG_ERR : CG_NONE;
}

static cg_value m_remove(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "set.remove() takes exactly one argument (%d given)", a->npos);
    int r = set_discard(as_set(self), a->pos[0]);
    if (r < 0)
        return CG_ERR;
    if (r == 0)
        return cg_raise_value(&cg_exc_KeyError, a->pos[0]);
    return CG_NONE;
}

static cg_value m_discard(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "set.discard() takes exactly one argument (%d given)", a->npos);
    return set_discard(as_set(self), a->pos[0]) < 0 ? CG_ERR : CG_NONE;
}

/* CPython's set_pop: scan from a finger kept between calls. */
static cg_value m_pop(cg_value self, const cg_args *a) {
    cg_set *s = as_set(self);
    if (s->used == 0) {
        cg_value msg = cg_str_from_c("pop from an empty set");
        if (cg_is_err(msg))
            return msg;
        cg_raise_value(&cg_exc_KeyError, msg);
        cg_decref(msg);
        return CG_ERR;
    }
    uint64_t i = s->finger & s->mask;
    while (!is_active(&s->table[i]))
        i = i == s->mask ? 0 : i + 1;
    cg_value k = s->table[i].key;
    s->table[i].key = CG_ERR;
    s->table[i].hash = -1;
    s->used--;
    s->finger = i + 1;
    s->version++;
    return k;
}

static cg_value m_clear(cg_value self, const cg_args *a) {
    set_clear(as_set(self));
    return CG_NONE;
}

static cg_value m_copy(cg_value self, const cg_args *a) {
    if (cg_is_type(self, &cg_type_frozenset))
        return cg_incref(self);
    return set_copy_of(self);
}

/* union/intersection/difference with any number of iterables */
static cg_value fold(cg_value self, const cg_args *a, cg_value (*op)(cg_value, cg_value)) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "set methods take no keyword arguments");
    cg_value r = set_copy_of(self);
    for (int i = 0; i < a->npos && !cg_is_err(r); i++) {
        cg_value n = op(r, a->pos[i]);
        cg_decref(r);
        r = n;
    }
    return r;
}

static cg_value union_any(cg_value s, cg_value o) { return set_union2(s, o); }
static cg_value inter_any(cg_value s, cg_value o) { return set_intersection2(s, o); }
static cg_value diff_any(cg_value s, cg_value o) { return set_difference2(s, o); }

static cg_value m_union(cg_value self, const cg_args *a) { return fold(self, a, union_any); }
static cg_value m_intersection(cg_value self, const cg_args *a) { return fold(self, a, inter_any); }
static cg_value m_difference(cg_value self, const cg_args *a) { return fold(self, a, diff_any); }

static cg_value m_symmetric_difference(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "symmetric_difference() takes exactly one argument (%d given)", a->npos);
    return set_symmetric2(self, a->pos[0]);
}

static cg_value m_update(cg_value self, const cg_args *a) {
    for (int i = 0; i < a->npos; i++)
        if (update_iterable(as_set(self), a->pos[i]) < 0)
            return CG_ERR;
    return CG_NONE;
}

static cg_value m_intersection_update(cg_value self, const cg_args *a) {
    cg_value r = m_intersection(self, a);
    if (cg_is_err(r))
        return r;
    take_contents(as_set(self), r);
    return CG_NONE;
}

static cg_value m_difference_update(cg_value self, const cg_args *a) {
    for (int i = 0; i < a->npos; i++)
        if (difference_update(as_set(self), a->pos[i]) < 0)
            return CG_ERR;
    return CG_NONE;
}

static cg_value m_symmetric_difference_update(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "symmetric_difference_update() takes exactly one argument (%d given)",
                        a->npos);
    return symmetric_update(as_set(self), a->pos[0]) < 0 ? CG_ERR : CG_NONE;
}

/* issubset / issuperset / isdisjoint take any iterable */
static cg_value relation(cg_value self, const cg_args *a, const char *name, int kind) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "%s() takes exactly one argument (%d given)", name, a->npos);
    bool owned;
    cg_value o = as_anyset(a->pos[0], &owned);
    if (cg_is_err(o))
        return o;
    int r;
    if (kind == 0) {
        r = subset(as_set(self), o);
    } else if (kind == 1) {
        r = subset(as_set(o), self);
    } else {
        cg_value i = set_intersection2(self, o);
        r = cg_is_err(i) ? -1 : as_set(i)->used == 0;
        cg_decref(i);
    }
    if (owned)
        cg_decref(o);
    return r < 0 ? CG_ERR : cg_bool(r == 1);
}

static cg_value m_issubset(cg_value self, const cg_args *a) { return relation(self, a, "issubset", 0); }
static cg_value m_issuperset(cg_value self, const cg_args *a) { return relation(self, a, "issuperset", 1); }
static cg_value m_isdisjoint(cg_value self, const cg_args *a) { return relation(self, a, "isdisjoint", 2); }

static cg_value m_init(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "set() takes no keyword arguments");
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "set expected at most 1 argument, got %d", a->npos);
    set_clear(as_set(self));
    if (a->npos && update_iterable(as_set(self), a->pos[0]) < 0)
        return CG_ERR;
    return CG_NONE;
}

static const cg_method_def set_methods[] = {
    {"add", m_add, NULL, "add(elem, /): Add an element to a set."},
    {"remove", m_remove, NULL, "remove(elem, /): Remove an element; KeyError if absent."},
    {"discard", m_discard, NULL, "discard(elem, /): Remove an element if present."},
    {"pop", m_pop, "pop()", "Remove and return an arbitrary set element."},
    {"clear", m_clear, "clear()", "Remove all elements from this set."},
    {"copy", m_copy, "copy()", "Return a shallow copy of a set."},
    {"update", m_update, NULL, "update(*others): Update a set with the union of itself and others."},
    {"union", m_union, NULL, "union(*others): Return the union of sets as a new set."},
    {"intersection", m_intersection, NULL, "intersection(*others)"},
    {"difference", m_difference, NULL, "difference(*others)"},
    {"symmetric_difference", m_symmetric_difference, NULL, "symmetric_difference(other, /)"},
    {"intersection_update", m_intersection_update, NULL, "intersection_update(*others)"},
    {"difference_update", m_difference_update, NULL, "difference_update(*others)"},
    {"symmetric_difference_update", m_symmetric_difference_update, NULL, "symmetric_difference_update(other, /)"},
    {"issubset", m_issubset, NULL, "issubset(other, /)"},
    {"issuperset", m_issuperset, NULL, "issuperset(other, /)"},
    {"isdisjoint", m_isdisjoint, NULL, "isdisjoint(other, /)"},
    {"__init__", m_init, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const cg_method_def frozenset_methods[] = {
    {"copy", m_copy, "copy()", "Return a shallow copy of a set."},
    {"union", m_union, NULL, "union(*others): Return the union of sets as a new set."},
    {"intersection", m_intersection, NULL, "intersection(*others)"},
    {"difference", m_difference, NULL, "difference(*others)"},
    {"symmetric_difference", m_symmetric_difference, NULL, "symmetric_difference(other, /)"},
    {"issubset", m_issubset, NULL, "issubset(other, /)"},
    {"issuperset", m_issuperset, NULL, "issuperset(other, /)"},
    {"isdisjoint", m_isdisjoint, NULL, "isdisjoint(other, /)"},
    {NULL, NULL, NULL, NULL},
};

int cg_set_type_init(void) {
    if (cg_type_add_methods(&cg_type_set, set_methods) < 0)
        return -1;
    return cg_type_add_methods(&cg_type_frozenset, frozenset_methods);
}

cg_type cg_type_set = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "set",
    .module = "builtins",
    .base = &cg_type_object,
    /* CG_TYPE_BASETYPE waits for instance dicts at an offset: see containers.h */
    .basicsize = sizeof(cg_set),
    .flags = CG_TYPE_TRASHCAN | CG_TYPE_WEAKREF,
    .dealloc = set_dealloc,
    .gc_offset = offsetof(cg_set, gc),
    .traverse = set_traverse,
    .clear = set_gc_clear,
    .repr = set_repr,
    .compare = set_compare,
    .binary = set_binary,
    .inplace = set_inplace,
    .len = set_len,
    .contains = set_contains_slot,
    .iter = set_iter,
    .new_ = set_new_,
};

cg_type cg_type_frozenset = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "frozenset",
    .module = "builtins",
    .base = &cg_type_object,
    /* CG_TYPE_BASETYPE waits for instance dicts at an offset: see containers.h */
    .basicsize = sizeof(cg_set),
    .flags = CG_TYPE_TRASHCAN | CG_TYPE_WEAKREF,
    .dealloc = set_dealloc,
    .gc_offset = offsetof(cg_set, gc),
    .traverse = set_traverse,
    .clear = set_gc_clear,
    .repr = set_repr,
    .hash = frozenset_hash,
    .compare = set_compare,
    .binary = set_binary,
    .len = set_len,
    .contains = set_contains_slot,
    .iter = set_iter,
    .new_ = set_new_,
};
