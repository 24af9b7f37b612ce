/* pickle.h: the C core of pickle (`_pickle`), shared by its pickler
 * (pickle_dump.c), unpickler (pickle_load.c) and bindings
 * (pickle_module.c).
 *
 * The Python side (prelude/pickle.py) holds the Pickler and Unpickler
 * classes, their options and the lookups that need the import system
 * (which module a global lives in, find_class); the walk over the value
 * and the opcodes are here. Not the struct module (struct_module.c). */
#ifndef CG_PICKLE_H
#define CG_PICKLE_H

#include "runtime/value.h"

/* The opcodes, as the pickle format names them. */
enum {
    PK_MARK = '(', PK_STOP = '.', PK_POP = '0', PK_POP_MARK = '1', PK_DUP = '2',
    PK_FLOAT = 'F', PK_INT = 'I', PK_BININT = 'J', PK_BININT1 = 'K', PK_LONG = 'L',
    PK_BININT2 = 'M', PK_NONE = 'N', PK_PERSID = 'P', PK_BINPERSID = 'Q', PK_REDUCE = 'R',
    PK_STRING = 'S', PK_BINSTRING = 'T', PK_SHORT_BINSTRING = 'U', PK_UNICODE = 'V',
    PK_BINUNICODE = 'X', PK_APPEND = 'a', PK_BUILD = 'b', PK_GLOBAL = 'c', PK_DICT = 'd',
    PK_EMPTY_DICT = '}', PK_APPENDS = 'e', PK_GET = 'g', PK_BINGET = 'h', PK_INST = 'i',
    PK_LONG_BINGET = 'j', PK_LIST = 'l', PK_EMPTY_LIST = ']', PK_OBJ = 'o', PK_PUT = 'p',
    PK_BINPUT = 'q', PK_LONG_BINPUT = 'r', PK_SETITEM = 's', PK_TUPLE = 't',
    PK_EMPTY_TUPLE = ')', PK_SETITEMS = 'u', PK_BINFLOAT = 'G',
    /* protocol 2 */
    PK_PROTO = 0x80, PK_NEWOBJ = 0x81, PK_EXT1 = 0x82, PK_EXT2 = 0x83, PK_EXT4 = 0x84,
    PK_TUPLE1 = 0x85, PK_TUPLE2 = 0x86, PK_TUPLE3 = 0x87, PK_NEWTRUE = 0x88, PK_NEWFALSE = 0x89,
    PK_LONG1 = 0x8a, PK_LONG4 = 0x8b,
    /* protocol 3 */
    PK_BINBYTES = 'B', PK_SHORT_BINBYTES = 'C',
    /* protocol 4 */
    PK_SHORT_BINUNICODE = 0x8c, PK_BINUNICODE8 = 0x8d, PK_BINBYTES8 = 0x8e, PK_EMPTY_SET = 0x8f,
    PK_ADDITEMS = 0x90, PK_FROZENSET = 0x91, PK_NEWOBJ_EX = 0x92, PK_STACK_GLOBAL = 0x93,
    PK_MEMOIZE = 0x94, PK_FRAME = 0x95,
    /* protocol 5 */
    PK_BYTEARRAY8 = 0x96, PK_NEXT_BUFFER = 0x97, PK_READONLY_BUFFER = 0x98,
};

#define PK_HIGHEST_PROTOCOL 5
#define PK_BATCHSIZE 1000
#define PK_FRAME_TARGET (64 * 1024)
#define PK_FRAME_HEADER 9

/* A pickler's memo: object -> index, open addressing over the object's
 * address (Note [Memo probing] in pickle_dump.c); each key is held (a
 * reference), so that its address is not reused. Key and index sit side
 * by side: one cache line per probe. */
typedef struct {
    cg_obj *key;
    int64_t val;
} pk_memo_entry;

typedef struct {
    cg_obj head;
    pk_memo_entry *e;
    int64_t cap, len;
    int64_t next; /* the index the next memoized object gets */
} pk_dump_memo;

/* An unpickler's memo: index -> value, an array, and a dict for indices
 * far past the entries there are (a crafted pickle's). */
typedef struct {
    cg_obj head;
    cg_value *arr; /* CG_STOP: no entry */
    int64_t cap, count;
    cg_value far; /* a dict, or None */
} pk_load_memo;

/* _pickle.PicklerMemo and _pickle.UnpicklerMemo (pickle_memo.c): the memo
 * a Pickler or Unpickler keeps from one dump or load to the next. */
extern cg_type cg_type_pickler_memo, cg_type_unpickler_memo;
void cg_pickle_dump_memo_clear(pk_dump_memo *m);
void cg_pickle_load_memo_clear(pk_load_memo *m);
int cg_pickle_memo_types_init(void);

/* _pickle.dump(pickler, obj, protocol, write, fix_imports, buffer_callback, memo):
 * v holds the bound arguments. The bytes when write is None, else None
 * after writing them through write. memo: a PicklerMemo to go on from,
 * or None for a memo of this dump's own. */
cg_value cg_pickle_dump(cg_value *v);
/* _pickle.load(unpickler, data, read, readline, buffers, memo): data is a
 * bytes-like object to read from, or None to read through read/readline;
 * memo an UnpicklerMemo to go on from, or None. */
cg_value cg_pickle_load(cg_value *v);

/* pickle.PicklingError / UnpicklingError (prelude/pickle.py's classes,
 * looked up in the module): raise with a message. */
cg_value cg_pickle_raise(const char *cls, const char *fmt, ...) CG_PRINTF(2, 3);

#endif
