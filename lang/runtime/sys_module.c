/* sys_module.c: the `sys` module: stdout and stderr (writing through the
 * host), argv, version, the recursion limit and exit. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/frame_obj.h"
#include "runtime/gil.h"
#include "runtime/host.h"

/* A text stream whose write() goes to the host's stdout or stderr. */
typedef struct {
    cg_obj head;
    int stream;
} cg_stream;

static cg_value stream_write(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "TextIOWrapper.write() takes exactly one argument (%d given)", a->npos);
    if (!cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "write() argument must be str, not %s", cg_type_name(a->pos[0]));
    cg_str *s = (cg_str *)a->pos[0].u.o;
    int stream = ((cg_stream *)self.u.o)->stream;
    if (cg_host_check_text(stream, s->s, (size_t)s->len) < 0)
        return CG_ERR;
    cg_host_write(stream, s->s, (size_t)s->len);
    return cg_int(s->ncp);
}

static cg_value stream_flush(cg_value self, const cg_args *a) {
    (void)a;
    cg_host_flush(((cg_stream *)self.u.o)->stream);
    return CG_NONE;
}


/* The stream number of sys.stdin (host.h numbers stdout and stderr). */
enum { CG_STDIN = 0 };

/* sys.stdin's readline(): a line from the host (the terminal, or the
 * frontend's input box in a kernel) with its newline; '' at the end. */
static cg_value stream_readline(cg_value self, const cg_args *a) {
    (void)a;
    if (((cg_stream *)self.u.o)->stream != CG_STDIN)
        return cg_raise(&cg_exc_UnsupportedOperation, "not readable");
    const cg_host *h = cg_host_get();
    cg_value line = h->input(h->ctx, "", false);
    if (cg_is_err(line)) {
        if (!cg_exc_matches(&cg_exc_EOFError))
            return line;
        cg_exc_clear();
        return cg_obj_value(cg_str_empty());
    }
    cg_value r = cg_str_fmt("%s\n", cg_str_cstr(line));
    cg_decref(line);
    return r;
}

/* read(): every line to the end. */
static cg_value stream_read(cg_value self, const cg_args *a) {
    cg_strbuf b = {0};
    for (;;) {
        cg_value line = stream_readline(self, a);
        if (cg_is_err(line)) {
            cg_strbuf_free(&b);
            return line;
        }
        cg_str *s = (cg_str *)line.u.o;
        bool end = s->len == 0;
        cg_strbuf_append(&b, s->s, (size_t)s->len);
        cg_decref(line);
        if (end)
            break;
    }
    if (b.failed) {
        cg_strbuf_free(&b);
        return cg_raise_nomemory();
    }
    cg_value r = cg_str_new(b.data ? b.data : "", b.len);
    cg_strbuf_free(&b);
    return r;
}

static cg_value stream_isatty(cg_value self, const cg_args *a) {
    (void)self;
    (void)a;
    return CG_FALSE;
}

static cg_value stream_fileno(cg_value self, const cg_args *a) {
    (void)a;
    int s = ((cg_stream *)self.u.o)->stream;
    return cg_int(s == CG_STDIN ? 0 : s);
}

static cg_value stream_readable(cg_value self, const cg_args *a) {
    (void)a;
    return cg_bool(((cg_stream *)self.u.o)->stream == CG_STDIN);
}

static cg_value stream_writable(cg_value self, const cg_args *a) {
    (void)a;
    return cg_bool(((cg_stream *)self.u.o)->stream != CG_STDIN);
}

static const cg_method_def stream_methods[] = {
    {"write", stream_write, NULL, "Write string s to stream."},
    {"flush", stream_flush, NULL, "Flush the stream."},
    {"readline", stream_readline, NULL, "Read until newline or EOF."},
    {"read", stream_read, NULL, "Read until EOF."},
    {"isatty", stream_isatty, NULL, "Return whether this is an 'interactive' stream."},
    {"fileno", stream_fileno, NULL, "Return the underlying file descriptor."},
    {"readable", stream_readable, NULL, "Return whether the stream can be read."},
    {"writable", stream_writable, NULL, "Return whether the stream can be written."},
    {NULL},
};

static cg_value stream_repr(cg_value self) {
    int s = ((cg_stream *)self.u.o)->stream;
    return cg_str_fmt("<_io.TextIOWrapper name='<%s>' mode='%s' encoding='utf-8'>",
                      s == CG_STDOUT ? "stdout" : s == CG_STDERR ? "stderr" : "stdin", s == CG_STDIN ? "r" : "w");
}

/* name, mode, encoding and errors, as the TextIOWrapper of CPython's
 * standard streams answer them */
static cg_value stream_getattr(cg_value self, cg_str *name) {
    int s = ((cg_stream *)self.u.o)->stream;
    if (!strcmp(name->s, "name"))
        return cg_str_from_c(s == CG_STDOUT ? "<stdout>" : s == CG_STDERR ? "<stderr>" : "<stdin>");
    if (!strcmp(name->s, "mode"))
        return cg_str_from_c(s == CG_STDIN ? "r" : "w");
    if (!strcmp(name->s, "encoding"))
        return cg_str_from_c("utf-8");
    if (!strcmp(name->s, "errors"))
        return cg_str_from_c(s == CG_STDERR ? "backslashreplace" : "strict");
    if (!strcmp(name->s, "closed"))
        return CG_FALSE;
    return CG_STOP;
}

static cg_type stream_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "TextIOWrapper",
    .module = "_io",
    .basicsize = sizeof(cg_stream),
    .repr = stream_repr,
    .getattr = stream_getattr,
    .hash = cg_object_hash,
};

static cg_stream sys_stdout = {{CG_IMMORTAL, &stream_type}, CG_STDOUT};
static cg_stream sys_stderr = {{CG_IMMORTAL, &stream_type}, CG_STDERR};
static cg_stream sys_stdin = {{CG_IMMORTAL, &stream_type}, CG_STDIN};

cg_value cg_sys_stdout(void) { return cg_obj_value(&sys_stdout); }
cg_value cg_sys_stderr(void) { return cg_obj_value(&sys_stderr); }

/* sys.stdout as the program has set it (a new reference): print() with no
 * file writes there, as Python's does. The host's stream when sys or its
 * stdout is gone or None. */
cg_value cg_sys_current_stdout(void) {
    cg_dict *modules = cg_sys_modules();
    cg_value sys = modules ? cg_dict_get_cstr_borrowed(modules, "sys") : CG_STOP;
    if (sys.tag == CG_V_STOP || cg_is_err(sys)) {
        cg_exc_clear();
        return cg_sys_stdout();
    }
    cg_value out = cg_getattr_opt(sys, cg_str_intern("stdout"));
    if (out.tag == CG_V_STOP || cg_is_err(out) || cg_is_none(out)) {
        if (cg_is_err(out))
            cg_exc_clear();
        return cg_sys_stdout();
    }
    return out;
}

/* The interpreter lock's hand-over period (Note [The interpreter lock]). */
static cg_value sys_setswitchinterval(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"setswitchinterval", NULL, "setswitchinterval(interval, /)", NULL};
    cg_value x[1];
    double seconds = 0;
    if (cg_args_bind(&def, a, x, 1) < 0)
        return CG_ERR;
    int rc = cg_float_value(x[0], &seconds);
    cg_args_release(&def, x, 1);
    if (rc < 0)
        return CG_ERR;
    if (!(seconds > 0))
        return cg_raise(&cg_exc_ValueError, "switch interval must be strictly positive");
    cg_gil_set_interval(seconds);
    return CG_NONE;
}

static cg_value sys_getswitchinterval(cg_value self, const cg_args *a) { return cg_float(cg_gil_get_interval()); }

static cg_value sys_getrecursionlimit(cg_value self, const cg_args *a) {
    (void)self;
    (void)a;
    return cg_int(cg_ev.limit);
}

static cg_value sys_setrecursionlimit(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"setrecursionlimit", NULL, "setrecursionlimit(limit, /)", NULL};
    int64_t n;
    (void)self;
    if (cg_args_index(&def, a, &n) < 0)
        return CG_ERR;
    if (n < 1)
        return cg_raise(&cg_exc_ValueError, "recursion limit must be greater or equal than 1");
    cg_ev.limit = n > 100000 ? 100000 : (int)n;
    return CG_NONE;
}

static cg_value sys_exit(cg_value self, const cg_args *a) {
    (void)self;
    cg_value e = cg_call(cg_obj_value(&cg_exc_SystemExit), a);
    if (cg_is_err(e))
        return e;
    cg_exc_restore(e);
    return CG_ERR;
}

static cg_value sys_get_int_max_str_digits(cg_value self, const cg_args *a) {
    (void)self;
    (void)a;
    return cg_int(cg_int_max_str_digits());
}

/* CPython's bounds: 0 (no limit) or at least its check threshold, 640 */
static cg_value sys_set_int_max_str_digits(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"set_int_max_str_digits", NULL, "set_int_max_str_digits(maxdigits)", NULL};
    int64_t n;
    (void)self;
    if (cg_args_index(&def, a, &n) < 0)
        return CG_ERR;
    if (n != 0 && n < 640)
        return cg_raise(&cg_exc_ValueError, "maxdigits must be 0 or larger than 640");
    cg_int_set_max_str_digits(n);
    return CG_NONE;
}

/* The exception an except block (or a finally after one) is handling,
 * innermost; None outside any. */
static cg_value handled_exception(void) {
    for (int i = cg_ev.nhandled - 1; i >= 0; i--)
        if (cg_isinstance(cg_ev.handled[i], &cg_exc_BaseException))
            return cg_ev.handled[i];
    return CG_NONE;
}

static cg_value sys_exception(cg_value self, const cg_args *a) {
    (void)self;
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "exception() takes no arguments (%d given)", a->npos + a->nkw);
    return cg_incref(handled_exception());
}

static cg_value sys_exc_info(cg_value self, const cg_args *a) {
    (void)self;
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "exc_info() takes no arguments (%d given)", a->npos + a->nkw);
    cg_value e = handled_exception();
    cg_value t = cg_tuple_new(3);
    if (cg_is_err(t) || e.tag == CG_V_NONE)
        return t;
    cg_tuple *r = (cg_tuple *)t.u.o;
    r->items[0] = cg_incref(cg_obj_value(cg_typeof(e)));
    r->items[1] = cg_incref(e);
    r->items[2] = cg_traceback_objects(((cg_exc *)e.u.o)->traceback);
    if (cg_is_err(r->items[2])) {
        r->items[2] = CG_NONE;
        cg_decref(t);
        return CG_ERR;
    }
    return t;
}

static cg_value sys_getframe(cg_value self, const cg_args *a) {
    cg_value v[1];
    static const cg_method_def def = {"_getframe", NULL, "_getframe(depth=0, /)", NULL};
    if (cg_args_bind(&def, a, v, 1) < 0)
        return CG_ERR;
    int64_t n = 0;
    int rc = cg_is_none(v[0]) ? 0 : cg_index_value(v[0], &n);
    cg_args_release(&def, v, 1);
    (void)self;
    if (rc < 0)
        return CG_ERR;
    /* depth 0 is the caller of _getframe: the builtin call adds no frame */
    return cg_frame_object(n < 0 ? 0 : n > INT32_MAX ? INT32_MAX : (int)n);
}

static const cg_method_def sys_methods[] = {
    {"exc_info", sys_exc_info, NULL, "Return current exception information: (type, value, traceback)."},
    {"exception", sys_exception, NULL, "Return the current exception."},
    {"_getframe", sys_getframe, NULL, "Return a frame object from the call stack."},
    {"get_int_max_str_digits", sys_get_int_max_str_digits, NULL,
     "Return the maximum string digits limit for non-binary int<->str conversions."},
    {"set_int_max_str_digits", sys_set_int_max_str_digits, NULL,
     "Set the maximum string digits limit for non-binary int<->str conversions."},
    {"setswitchinterval", sys_setswitchinterval, NULL,
     "How long a thread runs before one waiting for the interpreter lock asks for it, in seconds."},
    {"getswitchinterval", sys_getswitchinterval, NULL,
     "The interpreter lock's hand-over period, in seconds (setswitchinterval)."},
    {"getrecursionlimit", sys_getrecursionlimit, NULL, "Return the current value of the recursion limit."},
    {"setrecursionlimit", sys_setrecursionlimit, NULL, "Set the maximum depth of the Python interpreter stack to n."},
    {"exit", sys_exit, NULL, "Exit the interpreter by raising SystemExit(status)."},
    {NULL},
};

/* sys.path: '' (the current directory; a script's run puts its own
 * directory there instead) and $PYTHONPATH's entries; sys.modules. */
static int add_import_state(cg_value m) {
    cg_value path = cg_list_new(0);
    if (cg_is_err(path))
        return -1;
    int rc = cg_list_append(path, cg_obj_value(cg_str_empty()));
    const char *env = getenv("PYTHONPATH");
    for (const char *p = env; rc == 0 && p && *p;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        if (n) {
            cg_value dir = cg_str_new(p, n);
            rc = cg_is_err(dir) ? -1 : cg_list_append_steal(path, dir);
        }
        p += n + (colon != NULL);
    }
    if (rc == 0)
        rc = cg_module_add(m, "path", path);
    cg_decref(path);
    cg_dict *modules = cg_sys_modules();
    if (rc == 0)
        rc = modules ? cg_module_add(m, "modules", cg_obj_value(modules)) : -1;
    cg_dict *cells = cg_cell_sources_borrowed();
    if (rc == 0) /* what linecache reads a cell's lines from */
        rc = cells ? cg_module_add(m, "_cell_sources", cg_obj_value(cells)) : -1;
    return rc;
}

cg_value cg_sys_module_init(void) {
    cg_value m = cg_module_new("sys");
    if (cg_is_err(m))
        return m;
    if (!stream_type.dict && cg_type_add_methods(&stream_type, stream_methods) < 0)
        goto fail;
    cg_value argv = cg_list_new(0);
    cg_value version = cg_str_from_c("3.11.2 (cgrad)");
    int rc = cg_is_err(argv) || cg_is_err(version) ? -1 : 0;
    if (rc == 0)
        rc = cg_module_add(m, "argv", argv);
    if (rc == 0)
        rc = cg_module_add(m, "version", version);
    cg_decref(argv);
    cg_decref(version);
    if (rc == 0)
        rc = add_import_state(m);
    if (rc < 0 || cg_module_add(m, "stdout", cg_sys_stdout()) < 0 || cg_module_add(m, "stderr", cg_sys_stderr()) < 0
        || cg_module_add(m, "stdin", cg_obj_value(&sys_stdin)) < 0
        || cg_module_add(m, "__stdout__", cg_sys_stdout()) < 0 || cg_module_add(m, "__stderr__", cg_sys_stderr()) < 0
        || cg_module_add(m, "maxsize", cg_int(INT64_MAX)) < 0 || cg_module_add_methods(m, sys_methods) < 0)
        goto fail;
    return m;
fail:
    cg_decref(m);
    return CG_ERR;
}
