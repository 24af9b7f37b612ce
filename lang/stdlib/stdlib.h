/* stdlib.h: the makers of the standard-library modules written in C.
 *
 * lang/config.c lists them under their import names; the rest of the
 * standard library is Python, in prelude/. Each returns a new module or
 * CG_ERR with the exception pending. Not sys, which the runtime itself
 * needs (runtime/sys_module.c). */
#ifndef CG_STDLIB_H
#define CG_STDLIB_H

#include "runtime/value.h"

/* sys: the runtime's sys module and what sys_info.c adds to it. */
cg_value cg_sys_full_module_init(void);
cg_value cg_math_module_init(void);
cg_value cg_cmath_module_init(void);
cg_value cg_unicodedata_module_init(void);
cg_value cg_time_module_init(void);
cg_value cg_random_module_init(void);
cg_value cg_gc_module_init(void);
/* _thread, under the prelude's threading module (thread_module.c) */
cg_value cg_thread_module_init(void);
/* _weakref, under the prelude's weakref module */
cg_value cg_weakref_native_module_init(void);
cg_value cg_collections_native_module_init(void);
/* _io, under the prelude's io module */
cg_value cg_io_native_module_init(void);
/* _warnings, under the prelude's warnings module */
cg_value cg_warnings_native_module_init(void);
/* _json, under the prelude's json package */
cg_value cg_json_native_module_init(void);
/* _pickle, under the prelude's pickle module */
cg_value cg_pickle_native_module_init(void);
/* _struct, under the prelude's struct module */
cg_value cg_struct_native_module_init(void);
/* _csv, under the prelude's csv module */
cg_value cg_csv_native_module_init(void);
/* _re, under the prelude's re module */
cg_value cg_re_native_module_init(void);
/* _ast, under the prelude's ast module */
cg_value cg_ast_native_module_init(void);
/* array (array_module.c, array_methods.c) */
cg_value cg_array_module_init(void);
/* errno (errno_module.c) */
cg_value cg_errno_module_init(void);
/* posix, under the prelude's os module (posix_module.c and its posix_*.c) */
cg_value cg_posix_module_init(void);
/* _binascii, under the prelude's binascii module (binascii_module.c) */
cg_value cg_binascii_native_module_init(void);
/* zlib (zlib_module.c) */
cg_value cg_zlib_module_init(void);
/* _hashlib, under the prelude's hashlib and hmac (hashlib_module.c) */
cg_value cg_hashlib_native_module_init(void);
/* binascii.crc32(data, start): zlib's CRC-32 of a bytes-like object, as an
 * int; zlib.crc32 is the same function. */
cg_value cg_crc32_of(cg_value data, cg_value start);
/* The exception class `name` of a C module (made once, kept for the
 * process in *slot, which starts as None); borrowed. */
cg_value cg_stdlib_error_class(cg_value *slot, const char *name, const char *module, cg_type *base);

#endif
