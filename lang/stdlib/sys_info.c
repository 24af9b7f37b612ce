/* sys_info.c: the parts of `sys` that describe the interpreter and the
 * platform (version_info, float_info, flags, ...) and the hooks a
 * program may replace (displayhook, excepthook, audit hooks, the trace
 * and profile functions), added to the runtime's sys module
 * (runtime/sys_module.c keeps the streams, the recursion limit, frames).
 *
 * Values are CPython 3.11.2's on Linux where they describe the language;
 * where they describe this implementation (implementation.name,
 * builtin_module_names, executable) they are cgrad's own.
 *
 * settrace and setprofile keep the function they are given and gettrace
 * and getprofile return it, but the evaluator never calls it: a line or
 * call hook would cost every statement something, and the tree-walking
 * evaluator does not pay that (docs/language.md says so). */
#include <float.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/containers.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"
#include "stdlib/structseq.h"

/* ---- the struct sequences ------------------------------------------------------------ */

static const char *const float_names[] = {"max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp",
                                          "dig", "mant_dig", "epsilon", "radix", "rounds"};
static cg_structseq_type float_type = CG_STRUCTSEQ_TYPE("sys", "float_info", "sys.float_info", float_names, 11, 11, NULL);
static const char *const int_names[] = {"bits_per_digit", "sizeof_digit", "default_max_str_digits",
                                        "str_digits_check_threshold"};
static cg_structseq_type int_type = CG_STRUCTSEQ_TYPE("sys", "int_info", "sys.int_info", int_names, 4, 4, NULL);
static const char *const hash_names[] = {"width", "modulus", "inf",       "nan",   "imag",
                                         "algorithm", "hash_bits", "seed_bits", "cutoff"};
static cg_structseq_type hash_type = CG_STRUCTSEQ_TYPE("sys", "hash_info", "sys.hash_info", hash_names, 9, 9, NULL);
static const char *const version_names[] = {"major", "minor", "micro", "releaselevel", "serial"};
static cg_structseq_type version_type =
    CG_STRUCTSEQ_TYPE("sys", "version_info", "sys.version_info", version_names, 5, 5, NULL);
static const char *const flag_names[] = {"debug",         "inspect",           "interactive",    "optimize",
                                         "dont_write_bytecode", "no_user_site", "no_site",        "ignore_environment",
                                         "verbose",       "bytes_warning",     "quiet",          "hash_randomization",
                                         "isolated",      "dev_mode",          "utf8_mode",      "warn_default_encoding",
                                         "safe_path",     "int_max_str_digits"};
static cg_structseq_type flags_type = CG_STRUCTSEQ_TYPE("sys", "flags", "sys.flags", flag_names, 18, 18, NULL);
static const char *const thread_names[] = {"name", "lock", "version"};
static cg_structseq_type thread_type =
    CG_STRUCTSEQ_TYPE("sys", "thread_info", "sys.thread_info", thread_names, 3, 3, NULL);
static const char *const impl_names[] = {"name", "cache_tag", "version", "hexversion", "_multiarch"};
static cg_structseq_type impl_type =
    CG_STRUCTSEQ_TYPE("sys", "implementation", "sys.implementation", impl_names, 5, 5, NULL);

static cg_value float_info(void) {
    cg_value v[] = {cg_float(DBL_MAX), cg_int(DBL_MAX_EXP), cg_int(DBL_MAX_10_EXP), cg_float(DBL_MIN),
                    cg_int(DBL_MIN_EXP), cg_int(DBL_MIN_10_EXP), cg_int(DBL_DIG), cg_int(DBL_MANT_DIG),
                    cg_float(DBL_EPSILON), cg_int(FLT_RADIX), cg_int(1)};
    return cg_structseq_new(&float_type, v);
}

static cg_value int_info(void) {
    cg_value v[] = {cg_int(30), cg_int(4), cg_int(4300), cg_int(640)};
    return cg_structseq_new(&int_type, v);
}

static cg_value hash_info(void) {
    cg_value v[] = {cg_int(64), cg_int(((int64_t)1 << 61) - 1), cg_int(314159), cg_int(0), cg_int(1000003),
                    cg_str_from_c("siphash13"), cg_int(64), cg_int(128), cg_int(0)};
    return cg_structseq_new(&hash_type, v);
}

static cg_value version_info(void) {
    cg_value v[] = {cg_int(3), cg_int(11), cg_int(2), cg_str_from_c("final"), cg_int(0)};
    return cg_structseq_new(&version_type, v);
}

static cg_value flags(void) {
    cg_value v[18];
    for (int i = 0; i < 18; i++)
        v[i] = cg_int(0);
    v[4] = cg_int(1);  /* dont_write_bytecode: nothing is ever written */
    v[11] = cg_int(1); /* hash_randomization */
    v[13] = CG_FALSE;  /* dev_mode */
    v[16] = CG_FALSE;  /* safe_path */
    v[17] = cg_int(-1);
    return cg_structseq_new(&flags_type, v);
}

static cg_value thread_info(void) {
    cg_value v[] = {cg_str_from_c("pthread"), cg_str_from_c("semaphore"), cg_str_from_c("NPTL 2.36")};
    return cg_structseq_new(&thread_type, v);
}

static cg_value implementation(void) {
    cg_value v[] = {cg_str_from_c("cgrad"), CG_NONE, version_info(), cg_int(0x030b02f0),
                    cg_str_from_c("x86_64-linux-gnu")};
    return cg_structseq_new(&impl_type, v);
}

/* ---- hooks ------------------------------------------------------------------------------ */

/* What settrace, setprofile and addaudithook keep. */
static cg_value trace_fn = {.tag = CG_V_NONE}, profile_fn = {.tag = CG_V_NONE};
static cg_value audit_hooks = {.tag = CG_V_NONE};
static int64_t dlopen_flags = 2;

static int one_arg(const cg_args *a, const char *name) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", name);
    if (a->npos != 1)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes exactly one argument (%d given)", name, a->npos);
    return 0;
}

static int no_args(const cg_args *a, const char *name) {
    if (a->npos || a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no arguments (%d given)", name, a->npos + a->nkw);
    return 0;
}

static cg_value sys_settrace(cg_value self, const cg_args *a) {
    if (one_arg(a, "settrace") < 0)
        return CG_ERR;
    cg_value_set(&trace_fn, cg_incref(a->pos[0]));
    return CG_NONE;
}

static cg_value sys_gettrace(cg_value self, const cg_args *a) {
    return no_args(a, "gettrace") < 0 ? CG_ERR : cg_incref(trace_fn);
}

static cg_value sys_setprofile(cg_value self, const cg_args *a) {
    if (one_arg(a, "setprofile") < 0)
        return CG_ERR;
    cg_value_set(&profile_fn, cg_incref(a->pos[0]));
    return CG_NONE;
}

static cg_value sys_getprofile(cg_value self, const cg_args *a) {
    return no_args(a, "getprofile") < 0 ? CG_ERR : cg_incref(profile_fn);
}

static cg_value sys_addaudithook(cg_value self, const cg_args *a) {
    cg_value v[1];
    static const cg_method_def def = {"addaudithook", NULL, "addaudithook(hook)", NULL};
    if (cg_args_bind(&def, a, v, 1) < 0)
        return CG_ERR;
    if (audit_hooks.tag == CG_V_NONE)
        audit_hooks = cg_list_new(0);
    int rc = cg_is_err(audit_hooks) ? -1 : cg_list_append(audit_hooks, v[0]);
    if (cg_is_err(audit_hooks))
        audit_hooks = CG_NONE;
    cg_args_release(&def, v, 1);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* audit(event, *args): calls each hook with (event, args); the runtime
 * raises no events of its own. */
static cg_value sys_audit(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "audit() takes no keyword arguments");
    if (a->npos < 1)
        return cg_raise(&cg_exc_TypeError, "audit() missing 1 required positional argument: 'event'");
    if (!cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "expected str for argument 'event', not %s", cg_type_name(a->pos[0]));
    if (audit_hooks.tag != CG_V_OBJ || ((cg_list *)audit_hooks.u.o)->len == 0)
        return CG_NONE;
    cg_value args = cg_tuple_new(a->npos - 1);
    if (cg_is_err(args))
        return args;
    for (int i = 1; i < a->npos; i++)
        ((cg_tuple *)args.u.o)->items[i - 1] = cg_incref(a->pos[i]);
    cg_value hooks = cg_list_to_tuple(audit_hooks);
    cg_value r = cg_is_err(hooks) ? CG_ERR : CG_NONE;
    for (int64_t i = 0; !cg_is_err(r) && i < ((cg_tuple *)hooks.u.o)->len; i++) {
        cg_value call_args[2] = {a->pos[0], args};
        cg_args ca = {.pos = call_args, .npos = 2};
        cg_value x = cg_call(((cg_tuple *)hooks.u.o)->items[i], &ca);
        if (cg_is_err(x))
            r = CG_ERR;
        else
            cg_decref(x);
    }
    if (!cg_is_err(hooks))
        cg_decref(hooks);
    cg_decref(args);
    return r;
}

/* call_tracing(func, args): func(*args). */
static cg_value sys_call_tracing(cg_value self, const cg_args *a) {
    if (a->nkw || a->npos != 2)
        return cg_raise(&cg_exc_TypeError, "call_tracing expected 2 arguments, got %d", a->npos + a->nkw);
    if (!cg_isinstance(a->pos[1], &cg_type_tuple))
        return cg_raise(&cg_exc_TypeError, "call_tracing() argument 2 must be tuple, not %s",
                        cg_type_name(a->pos[1]));
    cg_tuple *t = (cg_tuple *)a->pos[1].u.o;
    cg_args ca = {.pos = t->items, .npos = (int)t->len};
    return cg_call(a->pos[0], &ca);
}

static cg_value sys_stream(const char *name) { return cg_import_attr("sys", name); }

static int write_to(cg_value stream, cg_value text) {
    cg_value w = cg_getattr(stream, cg_str_intern("write"));
    if (cg_is_err(w))
        return -1;
    cg_value r = cg_call1(w, text);
    cg_decref(w);
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

/* displayhook(value): what the interactive loop does with a result:
 * nothing for None; otherwise builtins._ = None, its repr and a newline
 * to sys.stdout, then builtins._ = value. */
static cg_value sys_displayhook(cg_value self, const cg_args *a) {
    if (one_arg(a, "displayhook") < 0)
        return CG_ERR;
    cg_value v = a->pos[0];
    if (v.tag == CG_V_NONE)
        return CG_NONE;
    cg_value builtins = cg_import("builtins");
    if (cg_is_err(builtins))
        return builtins;
    cg_str *underscore = cg_str_intern("_");
    int rc = cg_setattr(builtins, underscore, CG_NONE);
    cg_value text = rc < 0 ? CG_ERR : cg_repr(v);
    cg_value out = cg_is_err(text) ? CG_ERR : sys_stream("stdout");
    if (!cg_is_err(out)) {
        cg_value line = cg_str_fmt("%s\n", cg_str_cstr(text));
        rc = cg_is_err(line) ? -1 : write_to(out, line);
        if (!cg_is_err(line))
            cg_decref(line);
        cg_decref(out);
        if (rc == 0)
            rc = cg_setattr(builtins, underscore, v);
    } else {
        rc = -1;
    }
    if (!cg_is_err(text))
        cg_decref(text);
    cg_decref(builtins);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* excepthook(type, value, traceback): the traceback as the runtime
 * prints an uncaught exception, to sys.stderr. */
static cg_value sys_excepthook(cg_value self, const cg_args *a) {
    if (a->nkw || a->npos != 3)
        return cg_raise(&cg_exc_TypeError, "excepthook expected 3 arguments, got %d", a->npos + a->nkw);
    cg_value exc = a->pos[1];
    if (!cg_isinstance(exc, &cg_exc_BaseException))
        return cg_raise(&cg_exc_TypeError, "print_exception(): Exception expected for value, %s found",
                        cg_type_name(exc));
    char *text = cg_traceback_format(exc);
    if (!text)
        return cg_raise_nomemory();
    cg_value s = cg_str_from_c(text);
    free(text);
    cg_value err = cg_is_err(s) ? CG_ERR : sys_stream("stderr");
    int rc = cg_is_err(err) ? -1 : write_to(err, s);
    if (!cg_is_err(err))
        cg_decref(err);
    if (!cg_is_err(s))
        cg_decref(s);
    return rc < 0 ? CG_ERR : CG_NONE;
}

/* unraisablehook(unraisable): "Exception ignored in: <object>" and the
 * traceback of unraisable.exc_value, to sys.stderr. */
static cg_value sys_unraisablehook(cg_value self, const cg_args *a) {
    if (one_arg(a, "unraisablehook") < 0)
        return CG_ERR;
    cg_value exc = cg_getattr(a->pos[0], cg_str_intern("exc_value"));
    if (cg_is_err(exc))
        return exc;
    cg_value obj = cg_getattr(a->pos[0], cg_str_intern("object"));
    if (cg_is_err(obj)) {
        cg_decref(exc);
        return obj;
    }
    cg_value r = CG_NONE;
    cg_value repr = obj.tag == CG_V_NONE ? CG_NONE : cg_repr(obj);
    char *text = cg_isinstance(exc, &cg_exc_BaseException) ? cg_traceback_format(exc) : NULL;
    cg_value s = cg_is_err(repr) ? CG_ERR
                                 : cg_str_fmt("%s%s%s%s", repr.tag == CG_V_NONE ? "" : "Exception ignored in: ",
                                              repr.tag == CG_V_NONE ? "" : cg_str_cstr(repr),
                                              repr.tag == CG_V_NONE ? "" : "\n", text ? text : "");
    free(text);
    cg_value err = cg_is_err(s) ? CG_ERR : sys_stream("stderr");
    if (cg_is_err(err) || write_to(err, s) < 0)
        r = CG_ERR;
    if (!cg_is_err(err))
        cg_decref(err);
    if (!cg_is_err(s))
        cg_decref(s);
    if (!cg_is_err(repr))
        cg_decref(repr);
    cg_decref(obj);
    cg_decref(exc);
    return r;
}

/* ---- small queries --------------------------------------------------------------------- */

static cg_value sys_intern(cg_value self, const cg_args *a) {
    if (one_arg(a, "intern") < 0)
        return CG_ERR;
    if (!cg_is_type(a->pos[0], &cg_type_str))
        return cg_raise(&cg_exc_TypeError, "intern() argument must be str, not %s", cg_type_name(a->pos[0]));
    cg_str *s = (cg_str *)a->pos[0].u.o;
    if (strlen(s->s) != (size_t)s->len) /* an embedded NUL: not an identifier-like key */
        return cg_incref(a->pos[0]);
    return cg_incref(cg_obj_value(cg_str_intern(s->s)));
}

static cg_value sys_getrefcount(cg_value self, const cg_args *a) {
    if (one_arg(a, "getrefcount") < 0)
        return CG_ERR;
    cg_value v = a->pos[0];
    if (v.tag != CG_V_OBJ || v.u.o->refcnt >= CG_IMMORTAL / 2)
        return cg_int(UINT32_MAX); /* immortal, as 3.12 reports its immortal objects */
    return cg_int(v.u.o->refcnt + 1);
}

/* getsizeof(obj, default): obj.__sizeof__() plus the collector's header
 * for the containers it tracks, as CPython adds. */
static cg_value sys_getsizeof(cg_value self, const cg_args *a) {
    if (a->nkw || a->npos < 1 || a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "getsizeof() takes at most 2 arguments (%d given)", a->npos + a->nkw);
    cg_value v[2] = {a->pos[0], a->npos > 1 ? a->pos[1] : CG_STOP};
    cg_value m = cg_getattr_opt(v[0], cg_str_intern("__sizeof__"));
    cg_value r;
    if (m.tag == CG_V_STOP || cg_is_err(m)) {
        if (cg_is_err(m))
            cg_exc_clear();
        r = cg_int((int64_t)(cg_typeof(v[0])->basicsize ? cg_typeof(v[0])->basicsize : 16));
    } else {
        r = cg_call0(m);
        cg_decref(m);
        if (cg_is_err(r) && v[1].tag != CG_V_STOP && cg_exc_matches(&cg_exc_TypeError)) {
            cg_exc_clear();
            r = cg_incref(v[1]);
        } else if (!cg_is_err(r) && r.tag != CG_V_INT) {
            cg_decref(r);
            r = cg_raise(&cg_exc_TypeError, "an integer is required");
        } else if (!cg_is_err(r) && r.u.i < 0) {
            r = cg_raise(&cg_exc_ValueError, "__sizeof__() should return >= 0");
        } else if (!cg_is_err(r) && cg_typeof(v[0])->gc_offset) {
            r = cg_int(r.u.i + 16);
        }
    }
    return r;
}

static cg_value sys_is_finalizing(cg_value self, const cg_args *a) {
    return no_args(a, "is_finalizing") < 0 ? CG_ERR : CG_FALSE;
}

static cg_value sys_getdefaultencoding(cg_value self, const cg_args *a) {
    return no_args(a, "getdefaultencoding") < 0 ? CG_ERR : cg_str_from_c("utf-8");
}

static cg_value sys_getfilesystemencoding(cg_value self, const cg_args *a) {
    return no_args(a, "getfilesystemencoding") < 0 ? CG_ERR : cg_str_from_c("utf-8");
}

static cg_value sys_getfilesystemencodeerrors(cg_value self, const cg_args *a) {
    return no_args(a, "getfilesystemencodeerrors") < 0 ? CG_ERR : cg_str_from_c("surrogateescape");
}

static cg_value sys_getdlopenflags(cg_value self, const cg_args *a) {
    return no_args(a, "getdlopenflags") < 0 ? CG_ERR : cg_int(dlopen_flags);
}

static cg_value sys_setdlopenflags(cg_value self, const cg_args *a) {
    if (one_arg(a, "setdlopenflags") < 0)
        return CG_ERR;
    int64_t n;
    if (cg_index_value(a->pos[0], &n) < 0)
        return CG_ERR;
    dlopen_flags = n;
    return CG_NONE;
}

static cg_value sys_getallocatedblocks(cg_value self, const cg_args *a) {
    return no_args(a, "getallocatedblocks") < 0 ? CG_ERR : cg_int(0);
}

static const cg_method_def info_methods[] = {
    {"settrace", sys_settrace, NULL, "Set the global debug tracing function."},
    {"gettrace", sys_gettrace, NULL, "Return the global debug tracing function set with sys.settrace."},
    {"setprofile", sys_setprofile, NULL, "Set the profiling function."},
    {"getprofile", sys_getprofile, NULL, "Return the profiling function set with sys.setprofile."},
    {"addaudithook", sys_addaudithook, NULL, "Adds a new audit hook callback."},
    {"audit", sys_audit, NULL, "Passes the event to any audit hooks that are attached."},
    {"call_tracing", sys_call_tracing, NULL, "Call func(*args), while tracing is enabled."},
    {"displayhook", sys_displayhook, NULL, "Print an object to sys.stdout and also save it in builtins._"},
    {"excepthook", sys_excepthook, NULL, "Handle an exception by displaying it with a traceback on sys.stderr."},
    {"unraisablehook", sys_unraisablehook, NULL, "Handle an unraisable exception."},
    {"intern", sys_intern, NULL, "``Intern'' the given string."},
    {"getrefcount", sys_getrefcount, NULL, "Return the reference count of object."},
    {"getsizeof", sys_getsizeof, NULL, "Return the size of object in bytes."},
    {"is_finalizing", sys_is_finalizing, NULL, "Return True if Python is exiting."},
    {"getdefaultencoding", sys_getdefaultencoding, NULL, "Return the current default encoding used by the Unicode implementation."},
    {"getfilesystemencoding", sys_getfilesystemencoding, NULL, "Return the encoding used to convert Unicode filenames to OS filenames."},
    {"getfilesystemencodeerrors", sys_getfilesystemencodeerrors, NULL, "Return the error mode used Unicode to OS filename conversion."},
    {"getdlopenflags", sys_getdlopenflags, NULL, "Return the current value of the flags that are used for dlopen calls."},
    {"setdlopenflags", sys_setdlopenflags, NULL, "Set the flags used by the interpreter for dlopen calls."},
    {"getallocatedblocks", sys_getallocatedblocks, NULL, "Return the number of memory blocks currently allocated."},
    {NULL},
};

static const char stdlib_names[] =
    "__future__ _abc _aix_support _ast _asyncio _bisect _blake2 _bootsubprocess _bz2 _codecs _codecs_cn "
    "_codecs_hk _codecs_iso2022 _codecs_jp _codecs_kr _codecs_tw _collections _collections_abc "
    "_compat_pickle _compression _contextvars _crypt _csv _ctypes _curses _curses_panel _datetime _dbm "
    "_decimal _elementtree _frozen_importlib _frozen_importlib_external _functools _gdbm _hashlib _heapq "
    "_imp _io _json _locale _lsprof _lzma _markupbase _md5 _msi _multibytecodec _multiprocessing _opcode "
    "_operator _osx_support _overlapped _pickle _posixshmem _posixsubprocess _py_abc _pydecimal _pyio "
    "_queue _random _scproxy _sha1 _sha256 _sha3 _sha512 _signal _sitebuiltins _socket _sqlite3 _sre _ssl "
    "_stat _statistics _string _strptime _struct _symtable _thread _threading_local _tkinter _tokenize "
    "_tracemalloc _typing _uuid _warnings _weakref _weakrefset _winapi _zoneinfo abc aifc antigravity "
    "argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii bisect builtins bz2 "
    "cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys compileall "
    "concurrent configparser contextlib contextvars copy copyreg crypt csv ctypes curses dataclasses "
    "datetime dbm decimal difflib dis distutils doctest email encodings ensurepip enum errno faulthandler "
    "fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass gettext "
    "glob graphlib grp gzip hashlib heapq hmac html http idlelib imaplib imghdr imp importlib inspect io "
    "ipaddress itertools json keyword lib2to3 linecache locale logging lzma mailbox mailcap marshal math "
    "mimetypes mmap modulefinder msilib msvcrt multiprocessing netrc nis nntplib nt ntpath nturl2path "
    "numbers opcode operator optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil "
    "platform plistlib poplib posix posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc "
    "pydoc_data pyexpat queue quopri random re readline reprlib resource rlcompleter runpy sched secrets "
    "select selectors shelve shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd "
    "sqlite3 sre_compile sre_constants sre_parse ssl stat statistics string stringprep struct subprocess "
    "sunau symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios textwrap this "
    "threading time timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle "
    "turtledemo types typing unicodedata unittest urllib uu uuid venv warnings wave weakref webbrowser "
    "winreg winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo ";

static const char copyright[] =
    "Copyright (c) 2001-2023 Python Software Foundation.\nAll Rights Reserved.\n\n"
    "Copyright (c) 2000 BeOpen.com.\nAll Rights Reserved.\n\n"
    "Copyright (c) 1995-2001 Corporation for National Research Initiatives.\nAll Rights Reserved.\n\n"
    "Copyright (c) 1991-1995 Stichting Mathematisch Centrum, Amsterdam.\nAll Rights Reserved.";

/* A frozenset of the words of a space-separated list. */
static cg_value word_set(const char *words) {
    cg_value set = cg_frozenset_new();
    for (const char *p = words; !cg_is_err(set) && *p;) {
        const char *sp = strchr(p, ' ');
        size_t n = sp ? (size_t)(sp - p) : strlen(p);
        if (n) {
            cg_value w = cg_str_new(p, n);
            if (cg_is_err(w) || cg_set_add(set, w) < 0) {
                cg_decref(set);
                set = CG_ERR;
            }
            if (!cg_is_err(w))
                cg_decref(w);
        }
        p += n + (sp != NULL);
    }
    return set;
}

/* The modules written in C that this build has, sorted, as a tuple. */
static cg_value builtin_names(void) {
    cg_value l = cg_list_new(0);
    for (const cg_module_entry *e = cg_config_modules; !cg_is_err(l) && e->name; e++) {
        cg_value s = cg_str_from_c(e->name);
        if (cg_is_err(s) || cg_list_append_steal(l, s) < 0) {
            cg_decref(l);
            l = CG_ERR;
        }
    }
    if (cg_is_err(l) || cg_list_sort(l, CG_NONE, false) < 0) {
        if (!cg_is_err(l))
            cg_decref(l);
        return CG_ERR;
    }
    cg_value t = cg_list_to_tuple(l);
    cg_decref(l);
    return t;
}

static cg_value executable(void) {
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? cg_str_new(buf, (size_t)n) : cg_str_from_c("");
}

/* name, value (a new reference, or CG_ERR) */
static int add(cg_value m, const char *name, cg_value v) {
    if (cg_is_err(v))
        return -1;
    int rc = cg_module_add(m, name, v);
    cg_decref(v);
    return rc;
}

static int add_values(cg_value m) {
    cg_value version = version_info();
    if (cg_is_err(version))
        return -1;
    int rc = add(m, "version_info", version);
    struct {
        const char *name;
        cg_value v;
    } rows[] = {
        {"float_info", float_info()},
        {"int_info", int_info()},
        {"hash_info", hash_info()},
        {"flags", flags()},
        {"thread_info", thread_info()},
        {"implementation", implementation()},
        {"hexversion", cg_int(0x030b02f0)},
        {"api_version", cg_int(1013)},
        {"maxunicode", cg_int(0x10ffff)},
        {"byteorder", cg_str_from_c("little")},
        {"platform", cg_str_from_c("linux")},
        {"platlibdir", cg_str_from_c("lib")},
        {"abiflags", cg_str_from_c("")},
        {"float_repr_style", cg_str_from_c("short")},
        {"copyright", cg_str_from_c(copyright)},
        {"prefix", cg_str_from_c("/usr")},
        {"exec_prefix", cg_str_from_c("/usr")},
        {"base_prefix", cg_str_from_c("/usr")},
        {"base_exec_prefix", cg_str_from_c("/usr")},
        {"executable", executable()},
        {"dont_write_bytecode", CG_TRUE},
        {"pycache_prefix", CG_NONE},
        {"warnoptions", cg_list_new(0)},
        {"meta_path", cg_list_new(0)},
        {"path_hooks", cg_list_new(0)},
        {"path_importer_cache", cg_dict_new()},
        {"stdlib_module_names", word_set(stdlib_names)},
        {"builtin_module_names", builtin_names()},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        if (rc == 0)
            rc = add(m, rows[i].name, rows[i].v);
        else if (!cg_is_err(rows[i].v))
            cg_decref(rows[i].v);
    }
    return rc;
}

/* The original hooks under their dunder names, and orig_argv. */
static int add_originals(cg_value m) {
    static const char *const hooks[] = {"displayhook", "excepthook", "unraisablehook", "stdout", "stderr", "stdin"};
    for (size_t i = 0; i < sizeof hooks / sizeof *hooks; i++) {
        cg_value v = cg_getattr_opt(m, cg_str_intern(hooks[i]));
        if (v.tag == CG_V_STOP)
            continue;
        char name[64];
        snprintf(name, sizeof name, "__%s__", hooks[i]);
        if (add(m, name, v) < 0)
            return -1;
    }
    cg_value argv = cg_getattr_opt(m, cg_str_intern("argv"));
    if (cg_is_err(argv) || argv.tag == CG_V_STOP)
        return -1;
    cg_value orig = cg_list_new(0);
    cg_value exe = executable();
    int rc = cg_is_err(orig) || cg_is_err(exe) ? -1 : cg_list_append(orig, exe);
    if (rc == 0)
        rc = cg_list_extend(orig, argv);
    if (!cg_is_err(exe))
        cg_decref(exe);
    cg_decref(argv);
    return rc < 0 ? (cg_is_err(orig) ? -1 : (cg_decref(orig), -1)) : add(m, "orig_argv", orig);
}

cg_value cg_sys_full_module_init(void) {
    cg_structseq_type *types[] = {&float_type, &int_type, &hash_type, &version_type, &flags_type, &thread_type, &impl_type};
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        cg_structseq_type_init(types[i]);
    cg_value m = cg_sys_module_init();
    if (cg_is_err(m))
        return m;
    if (add_values(m) < 0 || cg_module_add_methods(m, info_methods) < 0 || add_originals(m) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
