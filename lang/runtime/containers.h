/* containers.h: what the builtin value types share beyond value.h: the
 * layouts of dict, set, range and slice, the string helpers the other types
 * build on (allocation, hashing, repr), key equality for hash tables, and
 * each type's extra C entry points.
 *
 * This is not the public value model (value.h) nor the protocols
 * (abstract.c); code outside the builtin types should prefer value.h. */
#ifndef CG_CONTAINERS_H
#define CG_CONTAINERS_H

#include <stdarg.h>

#include "runtime/gc.h"
#include "runtime/value.h"

/* ---- str (str.c, str_methods.c) ---------------------------------------- */
/* An uninitialised str of len bytes: the caller fills s[] and ncp. */
cg_str *cg_str_alloc(size_t len);
/* New references to the empty str and to a one-byte ASCII str. */
cg_str *cg_str_empty(void);
cg_str *cg_str_ascii_char(char c);
cg_value cg_str_vfmt(const char *fmt, va_list ap);
int64_t cg_bytes_hash(const char *s, size_t len);
int64_t cg_str_hash(cg_str *s);
bool cg_str_equal(const cg_str *a, const cg_str *b);
/* Appends Python's repr of s ('abc', "it's", '\n' escaped). */
void cg_str_repr_into(cg_strbuf *b, const cg_str *s);
/* ascii(v): repr(v) with non-ASCII characters escaped. */
cg_value cg_ascii(cg_value v);
static inline cg_str *cg_as_str(cg_value v) { return (cg_str *)v.u.o; }
/* Byte offset of code point i of s (0 <= i <= ncp). */
int64_t cg_str_offset(const cg_str *s, int64_t i);
/* Decodes the code point at s[*i] and advances *i. */
uint32_t cg_cp_next(const char *s, int64_t len, int64_t *i);
/* cg_cp_encode and cg_strbuf_put_cp (UTF-8 of one code point) are in strbuf.h */
/* x * n */
cg_value cg_str_repeat(const cg_str *x, int64_t n);
/* iter(s) */
cg_value cg_str_iter_new(cg_value s);
/* The methods table of str (str_methods.c). */
extern const cg_method_def cg_str_methods[];
/* str.translate and str.maketrans (str_translate.c). */
int cg_str_translate_init(cg_type *str_type);

/* ---- numbers (number.c) ------------------------------------------------- */
/* Python's numeric hash: equal numbers of any type hash alike. */
int64_t cg_hash_int(int64_t i);
int64_t cg_hash_float(double f);
/* Is v an int, a bool or a float held immediately? */
static inline bool cg_is_num(cg_value v) { return v.tag == CG_V_INT || v.tag == CG_V_BOOL || v.tag == CG_V_FLOAT; }
/* Exact comparison of two immediate numbers: -1, 0, 1, or 2 (unordered:
 * a nan is involved). */
int cg_num_cmp(cg_value a, cg_value b);

/* ---- hash-table keys (dict.c) -------------------------------------------- */
/* hash(v) with fast paths for str and numbers; -1 with an exception. */
int64_t cg_key_hash(cg_value v);
/* k1 == k2 for a hash table: identity, then fast paths, then cg_eq. */
int cg_key_eq(cg_value a, cg_value b);

/* ---- list, tuple ---------------------------------------------------------- */
static inline cg_list *cg_as_list(cg_value v) { return (cg_list *)v.u.o; }
static inline cg_tuple *cg_as_tuple(cg_value v) { return (cg_tuple *)v.u.o; }
bool cg_is_list(cg_value v);  /* list or a subclass */
bool cg_is_tuple(cg_value v); /* tuple or a subclass */
/* Appends v, taking its reference (v may be CG_ERR: then -1). */
int cg_list_append_steal(cg_value list, cg_value v);
/* A new list holding items[0..n) (borrowed). */
cg_value cg_list_from_array(int64_t n, const cg_value *items);
/* A new tuple holding items[0..n) (borrowed). */
cg_value cg_tuple_from_array(int64_t n, const cg_value *items);
/* A tuple of a C subtype of tuple (torch.Size): len Nones, to fill. */
cg_value cg_tuple_new_of(cg_type *type, int64_t len);
/* Every element of an iterable into a new tuple (tuple(x)). */
cg_value cg_tuple_from_iterable(cg_value iterable);
/* list.extend(iterable) */
int cg_list_extend(cg_value list, cg_value iterable);
/* repr of a sequence ("[1, 2]", "(1,)") with the `[...]` guard. */
cg_value cg_seq_repr(cg_value self, const cg_value *items, int64_t n, const char *open, const char *close,
                     bool one_comma);
/* Lexicographic comparison of two item arrays. */
cg_value cg_seq_compare(const cg_value *x, int64_t nx, const cg_value *y, int64_t ny, cg_cmpop op);
/* index()'s start and stop, clamped to len. */
int cg_seq_index_bounds(cg_value start, cg_value stop, int64_t len, int64_t *a, int64_t *z);
int cg_list_type_init(void);
int cg_tuple_type_init(void);
int cg_dict_type_init(void);
int cg_set_type_init(void);
int cg_range_type_init(void);
int cg_slice_type_init(void);
/* Reverses a list in place (list.reverse()). */
void cg_list_reverse(cg_value list);
/* Sorts a list in place (stable; key may be None; reverse). */
int cg_list_sort(cg_value list, cg_value key, bool reverse);
/* The keywords of list.sort and sorted (key=, reverse=), borrowed into
 * *key and *reverse; -1 with Python's TypeError. */
int cg_sort_keywords(const cg_args *a, cg_value *key, bool *reverse);

/* ---- dict ------------------------------------------------------------------ */
typedef struct {
    int64_t hash;
    cg_value key; /* tag CG_V_ERR: a deleted entry */
    cg_value value;
} cg_dict_entry;

struct cg_dict {
    cg_obj head;
    int64_t used;     /* live entries */
    int64_t nentries; /* entries written, deleted ones included */
    int64_t ecap;     /* room in entries */
    uint64_t mask;    /* index size - 1; 0 with index NULL when empty */
    int64_t *index;   /* entry number, or EMPTY / DUMMY */
    cg_dict_entry *entries;
    uint64_t version; /* bumped when the set of keys changes */
    cg_gc_link gc;    /* tracked from the first value that may hold references */
};
/* An empty dict with room for exactly n members (json.loads knows each
 * object's size before it makes it): no growing, no spare entries. */
cg_value cg_dict_new_presized(int64_t n);
/* A dict is followed by the collector only once it holds something that
 * can be part of a cycle, as CPython's: most hold only numbers and strs. */
static inline void cg_dict_track_for(cg_dict *d, cg_value v) {
    if (v.tag == CG_V_OBJ && !d->gc.prev && v.u.o->type->gc_offset)
        cg_gc_track(d);
}
/* The entry number of a str key (found by pointer, else by text), or -1;
 * valid until the dict's version changes. */
int64_t cg_dict_index_str(const cg_dict *d, cg_str *key);
/* The last version handed out; unique across dicts (dict.c). */
extern uint64_t cg_dict_versions;
bool cg_is_dict(cg_value v); /* dict or a subclass */
/* d[key] = value, taking both references (either may be CG_ERR: -1). */
int cg_dict_set_steal(cg_dict *d, cg_value key, cg_value value);
/* Borrowed value for a C-string key, or CG_STOP. */
cg_value cg_dict_get_cstr_borrowed(cg_dict *d, const char *key);
/* A shallow copy (dict(d)). */
cg_value cg_dict_copy(cg_dict *d);
/* d.update(other): a mapping or an iterable of pairs. */
int cg_dict_update(cg_dict *d, cg_value other);
/* {**other}: like update, but only from a mapping (a dict or anything with
 * keys()): "'int' object is not a mapping" otherwise. */
int cg_dict_merge(cg_dict *d, cg_value other);
/* Removes key and returns its value (a new reference), or CG_STOP. */
cg_value cg_dict_pop(cg_dict *d, cg_value key);

/* Iterators and views over a dict (iterators.c). */
typedef enum { CG_DICT_KEYS, CG_DICT_VALUES, CG_DICT_ITEMS } cg_dict_part;
cg_value cg_dict_iter_new(cg_value dict, cg_dict_part part, bool reversed);
cg_value cg_dict_view_new(cg_value dict, cg_dict_part part);

/* ---- set, frozenset (set.c) ----------------------------------------------- */
typedef struct {
    int64_t hash;
    cg_value key; /* tag CG_V_STOP: empty; CG_V_ERR: deleted */
} cg_set_entry;

typedef struct {
    cg_obj head;
    int64_t used, fill;
    uint64_t mask;
    cg_set_entry *table;
    int64_t hash;     /* frozenset: -1 until computed */
    uint64_t version; /* bumped when elements come or go */
    uint64_t finger;  /* where pop() looks next, as CPython's */
    cg_gc_link gc;
} cg_set;
bool cg_is_anyset(cg_value v); /* set, frozenset, or a subclass */
cg_value cg_frozenset_new(void);
/* 1 present, 0 absent, -1 error. */
int cg_set_contains(cg_value set, cg_value item);
/* A set display {a, b, c} as CPython builds it (Note [Set displays]):
 * all_constant when every element is a literal (numbers, strs, None, and
 * tuples of them). */
cg_value cg_set_display(const cg_value *items, int64_t n, bool all_constant);
/* iter(set) (iterators.c) */
cg_value cg_set_iter_new(cg_value set);
/* Iteration in table order: start with *pos = 0; borrowed item. */
bool cg_set_next(cg_value set, int64_t *pos, cg_value *item);

/* ---- range, slice --------------------------------------------------------- */
typedef struct {
    cg_obj head;
    int64_t start, stop, step, len;
    cg_value big; /* past 64 bits: (start, stop, step, len) as ints, else None (Note [Big ranges]) */
} cg_range;

typedef struct {
    cg_obj head;
    cg_value start, stop, step;
} cg_slice;

cg_value cg_range_new(int64_t start, int64_t stop, int64_t step);
/* range(start, stop, step) of any ints (step not 0), and what range.c
 * does with one past 64 bits (range_big.c) */
cg_value cg_range_new_big(cg_value start, cg_value stop, cg_value step);
cg_value cg_range_big_repr(const cg_range *r);
cg_value cg_range_big_attr(const cg_range *r, int which); /* 0 start, 1 stop, 2 step */
int cg_range_big_truth(const cg_range *r);
cg_value cg_range_big_getitem(const cg_range *r, cg_value key);
cg_value cg_range_big_find_int(const cg_range *r, cg_value x); /* its index, None if absent */
cg_value cg_range_big_iter_new(const cg_range *r, bool reversed);
/* (len, start, step) with what equality ignores as None */
cg_value cg_range_key(const cg_range *r);
/* iter(range) or reversed(range) (iterators.c) */
cg_value cg_range_iter_new(cg_value range, bool reversed);
/* A slice object (borrowed parts). */
cg_value cg_slice_new(cg_value start, cg_value stop, cg_value step);
/* Python's PySlice_GetIndicesEx: clamps a slice to a sequence of length
 * len; returns the number of elements, or -1 with an exception. */
int64_t cg_slice_indices(cg_value slice, int64_t len, int64_t *start, int64_t *stop, int64_t *step);

/* ---- iterators (iterators.c) ------------------------------------------- */
extern cg_type cg_type_list_iterator, cg_type_tuple_iterator, cg_type_str_iterator, cg_type_dict_keyiterator,
    cg_type_dict_valueiterator, cg_type_dict_itemiterator, cg_type_dict_reversekeyiterator,
    cg_type_dict_reversevalueiterator, cg_type_dict_reverseitemiterator, cg_type_set_iterator, cg_type_range_iterator,
    cg_type_enumerate, cg_type_zip, cg_type_map, cg_type_filter, cg_type_reversed, cg_type_list_reverseiterator,
    cg_type_dict_keys, cg_type_dict_values, cg_type_dict_items;
/* iter(fn, sentinel): calls fn until it returns sentinel */
cg_value cg_callable_iter_new(cg_value fn, cg_value sentinel);
/* reversed(seq) */
cg_value cg_reversed(cg_value seq);
int cg_iterator_types_init(void);
/* iter(obj) for an object with __getitem__ only: obj[0], obj[1], ...
 * until IndexError. */
cg_value cg_getitem_iter_new(cg_value obj);
/* An iterator over a sequence (list, tuple) holding a reference to it. */
cg_value cg_seq_iter_new(cg_type *type, cg_value seq);

/* Note [Subclassing builtin types]
 * list, dict, set, frozenset and enumerate are ready to be subclassed by a
 * class statement (they allocate type->basicsize bytes, fill subclasses in
 * __init__, and have slot wrappers for super()), but they do not set
 * CG_TYPE_BASETYPE yet: object.c finds an instance's __dict__ right after
 * the object header (cg_instance), where these types keep their own
 * fields. Once classes place the dict at an offset past the base's
 * basicsize, set the flag back. */

/* ---- shared helpers ------------------------------------------------------- */
/* Is key an index (int, bool, or __index__)? 1 with *out set, 0 not an
 * index, -1 when __index__ raised, or IndexError "cannot fit 'int' into
 * an index-sized integer" for an int beyond 64 bits (as indexing says). */
int cg_key_as_index(cg_value key, int64_t *out);
/* The same, with overflow raised for an int beyond 64 bits; overflow NULL
 * clamps it to INT64_MIN / INT64_MAX instead (slice bounds). */
int cg_key_as_index_or(cg_value key, int64_t *out, cg_type *overflow);
/* seq[key] for a sequence of *len items: 1 with *i the item's index (a
 * negative key counts from the end; IndexError range_msg when outside),
 * 0 when key is no index (a slice, or a TypeError the caller words), -1
 * on error. *len is read once key is converted: its __index__ may have
 * changed the sequence. */
int cg_key_as_item(cg_value key, const int64_t *len, int64_t *i, const char *range_msg);
/* Might b's type answer a binary operator with a builtin sequence (a
 * class with __radd__, a tensor)? Then the sequence returns NotImplemented
 * instead of raising its own TypeError. */
bool cg_other_may_handle(cg_value b);
/* The count n of `seq * n`: 1 with *k set; 0 when n's type may answer
 * (the caller returns NotImplemented); -1 with Python's TypeError raised
 * ("can't multiply sequence by non-int of type ...") or __index__'s. */
int cg_sequence_repeat_count(cg_value n, int64_t *k);
/* Adds __len__, __getitem__, __eq__, __add__, ... for the slots a builtin
 * type has, so that subclasses reach them through super(). */
int cg_add_slot_wrappers(cg_type *t);
/* Repr recursion guard (`[...]`): 1 when v is already being printed. */
int cg_repr_enter(cg_value v);
void cg_repr_leave(cg_value v);
/* Frees the calling thread's repr guard (a thread's end). */
void cg_repr_stack_free(void);
/* A new object of a builtin type with refcount 1 (zeroed, basicsize). */
void *cg_obj_alloc(cg_type *type);
/* size zeroed bytes for an object (see Note [Zeroed objects]), or NULL. */
void *cg_obj_zalloc(size_t size);
/* Frees a builtin object's memory (for dealloc slots). */
void cg_obj_free(cg_obj *o);

#endif
