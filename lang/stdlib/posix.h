/* posix.h: what the files of the `posix` module share (posix_*.c): how a
 * path argument is read (str, os.PathLike, or a file descriptor), how a
 * failed system call becomes the OSError subclass of its errno with the
 * file name the user gave, and the small argument readers.
 *
 * The module itself is posix_module.c; `os` (prelude/os.py) is built on
 * it as CPython's os is on its posix. */
#ifndef CG_POSIX_H
#define CG_POSIX_H

#include <stdbool.h>

#include "runtime/value.h"
#include "stdlib/structseq.h"

/* A path argument: text (s, borrowed from str) or a descriptor (is_fd).
 * obj is what an error names as its filename (the path's str, or the
 * descriptor or None given); str is the str that holds s; both are
 * references. */
typedef struct {
    const char *s;
    int fd;
    bool is_fd;
    cg_value obj, str;
} cg_path;

enum { CG_PATH_FD = 1, CG_PATH_NONE = 2 };
/* Reads v as a path for function fn (its parameter argname); flags say
 * whether an int (a descriptor) or None (then ".") is accepted. -1 with
 * CPython's TypeError or ValueError ("embedded null character"). */
int cg_path_arg(const char *fn, const char *argname, cg_value v, int flags, cg_path *p);
void cg_path_release(cg_path *p);
/* os.fspath(v): a str (or the __fspath__ result), new reference. */
cg_value cg_fspath(cg_value v);

/* Raises the OSError subclass of errnum with the paths' obj
 * as filename (and filename2); either may be NULL. */
cg_value cg_posix_error(int errnum, const cg_path *p, const cg_path *p2);
int cg_posix_error_int(int errnum, const cg_path *p, const cg_path *p2);

/* An int argument as a C int (an index, not a float): -1 with TypeError. */
int cg_posix_int(cg_value v, int *out);
/* Binds a call whose parameters are all ints (def's signature, n of
 * them, at most 8) into out: -1 with Python's TypeError. */
int cg_posix_int_args(const cg_method_def *def, const cg_args *a, int64_t *out, int n);
/* A system call's result: None (or the int) when rc >= 0, else the
 * OSError of errno. */
cg_value cg_posix_none_or_error(int64_t rc);
cg_value cg_posix_int_or_error(int64_t rc);
/* A posix function of int parameters: static posix_NAME binding sig's n
 * ints into v[], then the body (which returns). */
#define CG_POSIX_INT_FUNC(name, sig, n, ...)                        \
    static cg_value posix_##name(cg_value self, const cg_args *a) { \
        static const cg_method_def def = {#name, NULL, sig, NULL};  \
        int64_t v[(n) + 1];                                         \
        (void)self;                                                 \
        if (cg_posix_int_args(&def, a, v, n) < 0)                   \
            return CG_ERR;                                          \
        __VA_ARGS__                                                 \
    }
/* Binds a to def's signature into out[n]; release with cg_args_release. */
#define CG_POSIX_BIND(def, a, out) cg_args_bind((def), (a), (out), (int)(sizeof(out) / sizeof((out)[0])))

/* The tables each file adds to the module. */
extern const cg_method_def cg_posix_path_methods[];
extern const cg_method_def cg_posix_file_methods[];
extern const cg_method_def cg_posix_fd_methods[];
extern const cg_method_def cg_posix_process_methods[];
extern const cg_method_def cg_posix_spawn_methods[];
extern const cg_method_def cg_posix_scandir_methods[];
extern const cg_method_def cg_posix_random_methods[]; /* urandom */
int cg_posix_add_constants(cg_value module);
int cg_posix_add_scandir_types(cg_value module);
/* stat_result of a struct stat */
struct stat;
cg_value cg_stat_result_of(const struct stat *st);
extern cg_structseq_type cg_stat_result_type;

#endif
