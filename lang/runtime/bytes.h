/* bytes.h: bytes, bytearray and memoryview, and the buffer interface they
 * stand on.
 *
 * Note [The buffer interface]: an object that holds raw bytes lends them
 * through a cg_buffer (pointer, length, read-only flag) and counts the
 * loans it has out (its exports). bytes(x), bytearray(x), b.join, `in`,
 * comparisons and memoryview(x) read any object that lends a buffer, not
 * only bytes and bytearray: a type opts in with cg_buffer_register (no slot
 * in cg_type), so that tensor storage (numpy arrays, `memoryview(t.numpy())`)
 * can lend its memory later through the same door. While a loan is out an
 * object must not move or resize its memory: bytearray refuses to resize
 * with CPython's BufferError.
 *
 * This header is not the codecs (codecs.h) nor complex numbers. */
#ifndef CG_BYTES_H
#define CG_BYTES_H

#include "runtime/value.h"

/* ---- the buffer interface ---------------------------------------------- */
typedef struct {
    cg_value owner; /* a counted reference to the lender (CG_NONE: none) */
    char *buf;
    int64_t len;
    bool readonly;
} cg_buffer;

typedef struct {
    /* Fills view (buf, len, readonly) and counts one more export. */
    int (*get)(cg_value self, cg_buffer *view);
    /* Counts one export less (NULL: the type does not count them). */
    void (*release)(cg_value self);
} cg_buffer_procs;

/* Lets instances of t (and of its subclasses) lend buffers. */
int cg_buffer_register(cg_type *t, const cg_buffer_procs *procs);
bool cg_has_buffer(cg_value v);
/* Borrows v's bytes: -1 with CPython's TypeError "a bytes-like object is
 * required, not 'str'" when v lends none. Pair with cg_buffer_release. */
int cg_buffer_get(cg_value v, cg_buffer *out);
void cg_buffer_release(cg_buffer *b);

/* ---- bytes (bytes.c) ----------------------------------------------------- */
typedef struct {
    cg_obj head;
    int64_t len;
    int64_t hash; /* -1 until computed */
    char s[];     /* len bytes and a NUL */
} cg_bytes;

/* ---- bytearray (bytearray.c) ----------------------------------------------- */
typedef struct {
    cg_obj head;
    int64_t len, cap;
    char *s;
    int64_t exports; /* buffers lent out (memoryviews): no resizing while > 0 */
} cg_bytearray;

extern cg_type cg_type_bytes, cg_type_bytearray, cg_type_memoryview, cg_type_complex;

cg_value cg_bytes_new(const char *s, size_t len);
/* An uninitialised bytes of len bytes, for the caller to fill. */
cg_bytes *cg_bytes_alloc(size_t len);
/* The immortal bytes of a literal, kept for the process as interned strs. */
cg_value cg_bytes_constant(const char *s, size_t len);
cg_value cg_bytearray_new(const char *s, size_t len);
/* Grows or shrinks the contents to len bytes: -1 with BufferError while a
 * view is exported, MemoryError when out of memory. */
int cg_bytearray_resize(cg_bytearray *b, int64_t len);
bool cg_is_bytes(cg_value v);     /* bytes or a subclass */
bool cg_is_bytearray(cg_value v); /* bytearray or a subclass */
static inline cg_bytes *cg_as_bytes(cg_value v) { return (cg_bytes *)v.u.o; }
static inline cg_bytearray *cg_as_bytearray(cg_value v) { return (cg_bytearray *)v.u.o; }
/* The bytes of a bytes or a bytearray (borrowed, valid while unchanged). */
static inline const char *cg_byteslike_data(cg_value v, int64_t *len) {
    if (v.u.o->type == &cg_type_bytearray || v.u.o->type->base == &cg_type_bytearray) {
        *len = cg_as_bytearray(v)->len;
        return cg_as_bytearray(v)->s;
    }
    *len = cg_as_bytes(v)->len;
    return cg_as_bytes(v)->s;
}
/* repr of bytes data: b'...' with CPython's choice of quotes and escapes */
void cg_bytes_repr_into(cg_strbuf *b, const char *s, int64_t len);
/* bytes(x) / bytearray(x)'s contents from one argument (an int, a buffer,
 * an iterable of ints), into a malloc'd block; -1 with an exception. */
int cg_bytes_from_object(cg_value x, bool bytearray, char **out, int64_t *len);
/* b % args */
cg_value cg_bytes_percent(cg_value fmt, cg_value args, bool bytearray);
/* The methods both types share (bytes_methods.c); each returns its
 * result in self's type. */
extern const cg_method_def cg_bytes_methods[];
extern const cg_method_def cg_bytearray_methods[];
/* bytes.fromhex / bytearray.fromhex and maketrans, as classmethod-like
 * builtins bound to the type. */
cg_value cg_bytes_fromhex(cg_value type, const cg_args *a);
cg_value cg_bytes_maketrans(cg_value type, const cg_args *a);
/* What bytes and bytearray share (bytes.c). */
int cg_bytes_ctor_contents(const char *what, const cg_args *a, char **out, int64_t *len);
cg_value cg_byteslike_make(cg_value self, const char *s, int64_t n);
cg_value cg_byteslike_compare(cg_value a, cg_value b, cg_cmpop op);
cg_value cg_byteslike_binary(cg_value a, cg_value b, cg_binop op);
int cg_byteslike_contains(cg_value self, cg_value item);
cg_value cg_byteslike_getitem(cg_value self, cg_value key);
int cg_bytes_add_class_methods(cg_type *t);
/* hex(sep, bytes_per_sep) of n bytes (bytes, bytearray, memoryview) */
cg_value cg_hex_of(const char *s, int64_t n, cg_value sep, cg_value bytes_per_sep);
int cg_bytearray_type_init(void);
int cg_memoryview_type_init(void);
int cg_complex_type_init(void);
/* int.to_bytes and int.from_bytes (int_bytes.c) */
int cg_int_bytes_init(void);
int cg_bytes_types_init(void);
/* Adds bytes, bytearray, memoryview and complex to builtins
 * (lang/config.c lists it). */
int cg_bytes_builtins_init(cg_value builtins_module);

/* A byte's value from an int-like v: *k as cg_index_value gives it, but a
 * big int is -1 (out of range), so that the caller's range check says
 * "byte must be in range(0, 256)" as CPython does, not OverflowError. */
int cg_byte_index(cg_value v, int64_t *k);

#endif
