/* posix_path.c: the path arguments of the posix functions and their
 * errors (posix.h), as CPython's path_converter and path_error: a str, an
 * object with __fspath__, or (where the function allows) a descriptor;
 * the OSError carries the path as text (what __fspath__ gave) as its
 * filename.
 *
 * Not here: bytes paths (no bytes type yet). */
#include <errno.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/lang_internal.h"
#include "stdlib/posix.h"

cg_value cg_fspath(cg_value v) {
    if (cg_is_str(v))
        return cg_incref(v);
    cg_value fn = cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__fspath__"));
    if (fn.tag == CG_V_STOP)
        return cg_raise(&cg_exc_TypeError, "expected str, bytes or os.PathLike object, not %s", cg_type_name(v));
    cg_value r = cg_call_method(v, "__fspath__", 0, NULL);
    if (cg_is_err(r) || cg_is_str(r))
        return r;
    cg_raise(&cg_exc_TypeError, "expected %s.__fspath__() to return str or bytes, not %s", cg_type_name(v),
             cg_type_name(r));
    cg_decref(r);
    return CG_ERR;
}

static int path_type_error(const char *fn, const char *argname, cg_value v, int flags) {
    const char *allowed = (flags & CG_PATH_FD) && (flags & CG_PATH_NONE) ? "string, bytes, os.PathLike, integer or None"
                          : (flags & CG_PATH_FD)                         ? "string, bytes, os.PathLike or integer"
                          : (flags & CG_PATH_NONE)                       ? "string, bytes, os.PathLike or None"
                                                                         : "string, bytes or os.PathLike";
    return cg_raise_int(&cg_exc_TypeError, "%s: %s should be %s, not %s", fn, argname, allowed, cg_type_name(v));
}

int cg_path_arg(const char *fn, const char *argname, cg_value v, int flags, cg_path *p) {
    *p = (cg_path){NULL, -1, false, cg_incref(v), CG_NONE};
    if (cg_is_none(v) && (flags & CG_PATH_NONE)) {
        p->s = ".";
        return 0;
    }
    if ((v.tag == CG_V_INT || v.tag == CG_V_BOOL) && (flags & CG_PATH_FD)) {
        if (v.u.i > 0x7fffffff || v.u.i < -0x7fffffff) {
            cg_path_release(p);
            return cg_raise_int(&cg_exc_OverflowError, "fd is greater than maximum");
        }
        p->fd = (int)v.u.i;
        p->is_fd = true;
        return 0;
    }
    bool pathlike = cg_is_str(v) || cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__fspath__")).tag != CG_V_STOP;
    if (!pathlike) {
        cg_path_release(p);
        return path_type_error(fn, argname, v, flags);
    }
    p->str = cg_fspath(v);
    if (cg_is_err(p->str)) {
        p->str = CG_NONE;
        cg_path_release(p);
        return -1;
    }
    cg_str *s = cg_as_str(p->str);
    if ((int64_t)strlen(s->s) != s->len) {
        cg_path_release(p);
        return cg_raise_int(&cg_exc_ValueError, "embedded null byte");
    }
    p->s = s->s;
    /* the error's filename is the text, not the path object (CPython's) */
    cg_value_set(&p->obj, cg_incref(p->str));
    return 0;
}

void cg_path_release(cg_path *p) {
    cg_decref(p->obj);
    cg_decref(p->str);
    p->obj = p->str = CG_NONE;
}

cg_value cg_posix_error(int errnum, const cg_path *p, const cg_path *p2) {
    cg_value msg = cg_str_from_c(strerror(errnum));
    if (cg_is_err(msg))
        return msg;
    cg_value pos[5] = {cg_int(errnum), msg, p ? p->obj : CG_NONE, CG_NONE, p2 ? p2->obj : CG_NONE};
    int n = p2 ? 5 : p ? 3 : 2;
    cg_args a = {pos, n, NULL, NULL, 0};
    cg_value e = cg_call(cg_obj_value(&cg_exc_OSError), &a);
    cg_decref(msg);
    if (cg_is_err(e))
        return e;
    cg_raise_object(e);
    cg_decref(e);
    return CG_ERR;
}

int cg_posix_error_int(int errnum, const cg_path *p, const cg_path *p2) {
    cg_posix_error(errnum, p, p2);
    return -1;
}

int cg_posix_int(cg_value v, int *out) {
    int64_t i;
    if (v.tag == CG_V_FLOAT)
        return cg_raise_int(&cg_exc_TypeError, "'float' object cannot be interpreted as an integer");
    if (cg_index_value(v, &i) < 0)
        return -1;
    if (i > 0x7fffffff || i < -0x7fffffff - 1)
        return cg_raise_int(&cg_exc_OverflowError, "signed integer is greater than maximum");
    *out = (int)i;
    return 0;
}

int cg_posix_int_args(const cg_method_def *def, const cg_args *a, int64_t *out, int n) {
    cg_value x[8];
    if (cg_args_bind(def, a, x, n) < 0)
        return -1;
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        if (x[i].tag == CG_V_FLOAT)
            rc = cg_raise_int(&cg_exc_TypeError, "'float' object cannot be interpreted as an integer");
        else
            rc = cg_index_value(x[i], &out[i]);
    }
    cg_args_release(def, x, n);
    return rc;
}

cg_value cg_posix_none_or_error(int64_t rc) { return rc < 0 ? cg_posix_error(errno, NULL, NULL) : CG_NONE; }
cg_value cg_posix_int_or_error(int64_t rc) { return rc < 0 ? cg_posix_error(errno, NULL, NULL) : cg_int(rc); }

static cg_value posix_fspath(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"fspath", NULL, "fspath(path)", NULL};
    cg_value x[1];
    (void)self;
    if (cg_args_bind(&def, a, x, 1) < 0)
        return CG_ERR;
    cg_value r = cg_fspath(x[0]);
    cg_args_release(&def, x, 1);
    return r;
}

const cg_method_def cg_posix_path_methods[] = {
    {"fspath", posix_fspath, NULL, "Return the file system path representation of the object."},
    {NULL},
};
