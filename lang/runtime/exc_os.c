/* exc_os.c: what OSError adds to an exception, as Python's: the
 * attributes errno, strerror, filename and filename2, the message
 * "[Errno 2] No such file or directory: 'x.txt'", and the constructor's
 * choice of subclass by errno (OSError(2, 'x') is a FileNotFoundError).
 *
 * The attributes live in the instance's __dict__; those never given read
 * as None. Not here: the classes themselves (exc.c). */
#include <errno.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

static const struct {
    int err;
    cg_type *type;
} BY_ERRNO[] = {
    {EAGAIN, &cg_exc_BlockingIOError},
    {EALREADY, &cg_exc_BlockingIOError},
    {EINPROGRESS, &cg_exc_BlockingIOError},
    {EWOULDBLOCK, &cg_exc_BlockingIOError},
    {EPIPE, &cg_exc_BrokenPipeError},
    {ESHUTDOWN, &cg_exc_BrokenPipeError},
    {ECHILD, &cg_exc_ChildProcessError},
    {ECONNABORTED, &cg_exc_ConnectionAbortedError},
    {ECONNREFUSED, &cg_exc_ConnectionRefusedError},
    {ECONNRESET, &cg_exc_ConnectionResetError},
    {EEXIST, &cg_exc_FileExistsError},
    {ENOENT, &cg_exc_FileNotFoundError},
    {EISDIR, &cg_exc_IsADirectoryError},
    {ENOTDIR, &cg_exc_NotADirectoryError},
    {EINTR, &cg_exc_InterruptedError},
    {EACCES, &cg_exc_PermissionError},
    {EPERM, &cg_exc_PermissionError},
    {ESRCH, &cg_exc_ProcessLookupError},
    {ETIMEDOUT, &cg_exc_TimeoutError},
};

static const char *const ATTRS[] = {"errno", "strerror", "filename", "filename2"};

static cg_type *type_of_errno(int64_t err) {
    for (size_t i = 0; i < sizeof BY_ERRNO / sizeof BY_ERRNO[0]; i++)
        if (BY_ERRNO[i].err == err)
            return BY_ERRNO[i].type;
    return &cg_exc_OSError;
}

/* Two to five arguments are (errno, strerror, filename, winerror,
 * filename2); with a file name, args keeps only the first two. */
static bool has_fields(const cg_args *a) { return a->npos >= 2 && a->npos <= 5; }
static bool has_filename(const cg_args *a) { return has_fields(a) && a->npos >= 3 && !cg_is_none(a->pos[2]); }

int cg_os_error_init(cg_value self, const cg_args *a) {
    if (!has_fields(a))
        return 0;
    cg_value values[4] = {a->pos[0], a->pos[1], CG_NONE, CG_NONE};
    if (has_filename(a)) {
        values[2] = a->pos[2];
        if (a->npos == 5)
            values[3] = a->pos[4];
        cg_value two = cg_tuple_pack(2, a->pos[0], a->pos[1]);
        if (cg_is_err(two))
            return -1;
        int rc = cg_setattr(self, cg_str_intern("args"), two);
        cg_decref(two);
        if (rc < 0)
            return -1;
    }
    for (int i = 0; i < 4; i++)
        if (!cg_is_none(values[i]) && cg_setattr(self, cg_str_intern(ATTRS[i]), values[i]) < 0)
            return -1;
    return 0;
}

cg_value cg_os_error_new(cg_type *type, const cg_args *a) {
    int64_t err;
    if (type == &cg_exc_OSError && has_fields(a) && a->pos[0].tag == CG_V_INT) {
        err = a->pos[0].u.i;
        type = type_of_errno(err);
    }
    cg_value self = cg_exc_new_with_args(type, a);
    if (cg_is_err(self))
        return self;
    if (cg_os_error_init(self, a) < 0) {
        cg_decref(self);
        return CG_ERR;
    }
    return self;
}

cg_value cg_os_error_getattr(cg_value self, cg_str *name) {
    for (int i = 0; i < 4; i++)
        if (!strcmp(name->s, ATTRS[i])) {
            cg_dict *d = ((cg_instance *)self.u.o)->dict;
            cg_value v = d ? cg_dict_get_borrowed(d, cg_obj_value(name)) : CG_STOP;
            return v.tag == CG_V_STOP ? CG_NONE : cg_incref(v);
        }
    return CG_STOP;
}

/* "[Errno E] S: 'f' -> 'f2'", "[Errno E] S: 'f'", "[Errno E] S", else
 * BaseException's message. */
cg_value cg_os_error_str(cg_value self) {
    cg_value v[4];
    for (int i = 0; i < 4; i++)
        v[i] = cg_os_error_getattr(self, cg_str_intern(ATTRS[i]));
    cg_value out = CG_STOP;
    if (!cg_is_none(v[2]) || (!cg_is_none(v[0]) && !cg_is_none(v[1]))) {
        cg_strbuf b = {0};
        cg_strbuf_puts(&b, "[Errno ");
        int rc = cg_str_into(&b, v[0]);
        cg_strbuf_puts(&b, "] ");
        rc = rc < 0 ? rc : cg_str_into(&b, v[1]);
        if (!cg_is_none(v[2])) {
            cg_strbuf_puts(&b, ": ");
            rc = rc < 0 ? rc : cg_repr_into(&b, v[2]);
            if (!cg_is_none(v[3])) {
                cg_strbuf_puts(&b, " -> ");
                rc = rc < 0 ? rc : cg_repr_into(&b, v[3]);
            }
        }
        out = rc < 0 ? (cg_strbuf_free(&b), CG_ERR) : cg_str_from_strbuf(&b);
    }
    for (int i = 0; i < 4; i++)
        cg_decref(v[i]);
    return out;
}

cg_value cg_raise_os_error(int errnum, const char *filename, const char *filename2) {
    cg_value args[5] = {cg_int(errnum), cg_str_from_c(strerror(errnum)), CG_NONE, CG_NONE, CG_NONE};
    int n = 2;
    if (filename) {
        args[2] = cg_str_from_c(filename);
        n = 3;
    }
    if (filename2) {
        args[4] = cg_str_from_c(filename2);
        n = 5;
    }
    cg_value e = CG_ERR;
    if (!cg_is_err(args[1]) && !cg_is_err(args[2]) && !cg_is_err(args[4]))
        e = cg_os_error_new(&cg_exc_OSError, &(cg_args){.pos = args, .npos = n});
    for (int i = 1; i < 5; i++)
        if (!cg_is_err(args[i]))
            cg_decref(args[i]);
    if (cg_is_err(e))
        return e;
    cg_raise_object(e);
    cg_decref(e);
    return CG_ERR;
}

int cg_raise_os_error_int(int errnum, const char *filename, const char *filename2) {
    cg_raise_os_error(errnum, filename, filename2);
    return -1;
}
