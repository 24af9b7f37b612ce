/* array.h: what array_module.c (the type, its sequence slots and the
 * module) and array_methods.c (its methods) share.
 *
 * An array holds its items packed as C values of one typecode (CPython's
 * 'b' .. 'd', 'u' a 4-byte code point), in one malloc'd block that it
 * lends through the buffer interface (Note [The buffer interface] in
 * runtime/bytes.h); while a loan is out it refuses to resize. */
#ifndef CG_STDLIB_ARRAY_H
#define CG_STDLIB_ARRAY_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime/value.h"

typedef struct {
    cg_obj head;
    char code;    /* the typecode */
    int itemsize; /* bytes per item */
    int64_t len;  /* items */
    int64_t cap;  /* items the block holds */
    char *data;
    int64_t exports; /* buffers lent out */
} cg_array;

extern cg_type cg_type_array;
extern const cg_method_def cg_array_methods[];

static inline cg_array *cg_as_array(cg_value v) { return (cg_array *)v.u.o; }
bool cg_is_array(cg_value v);
/* The item size of a typecode, 0 for a bad one. */
int cg_array_itemsize(char code);
/* A new empty array of typecode code (valid) and type t. */
cg_value cg_array_new(cg_type *t, char code);
/* Makes room for n items (len unchanged): -1 with BufferError while
 * exporting, MemoryError. */
int cg_array_reserve(cg_array *a, int64_t n);
/* Sets the length to n items (growing leaves the new items zeroed). */
int cg_array_resize(cg_array *a, int64_t n);
/* Packs v as one item at dst, with CPython's TypeError and OverflowError
 * messages per typecode. */
int cg_array_pack(char code, cg_value v, char *dst);
/* The Python value of the item at src. */
cg_value cg_array_unpack(char code, const char *src);
/* Appends every item of an iterable (not checked for arrays). */
int cg_array_extend_iterable(cg_array *a, cg_value iterable);
/* Appends the bytes s[0, n): ValueError "bytes length not a multiple of
 * item size". */
int cg_array_frombytes(cg_array *a, const char *s, int64_t n);
/* A copy of a[start:start+n*step:step] in a new array of a's type. */
cg_value cg_array_slice(cg_array *a, int64_t start, int64_t n, int64_t step);

#endif
