/* exc.c: the builtin exception classes, the pending exception, and the
 * bridge from engine errors.
 *
 * Exceptions are instances (cg_exc) of classes arranged as Python's
 * hierarchy; user classes subclass them like any class. Tracebacks are
 * appended by the evaluator and printed by traceback.c. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/exc.h"
#include "runtime/frame_obj.h"
#include "runtime/gc.h"
#include "runtime/lang_internal.h"

static _Thread_local cg_value pending = {.tag = CG_V_NONE};

static void exc_dealloc(cg_obj *o) {
    cg_exc *e = (cg_exc *)o;
    cg_decref(e->args);
    cg_decref(e->traceback);
    cg_decref(e->cause);
    cg_decref(e->context);
    cg_instance_dealloc(o);
}

static void exc_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_exc *e = (cg_exc *)o;
    cg_visit_value(e->args, visit, arg);
    cg_visit_value(e->traceback, visit, arg);
    cg_visit_value(e->cause, visit, arg);
    cg_visit_value(e->context, visit, arg);
    cg_instance_traverse(o, visit, arg);
}

static void exc_clear(cg_obj *o) {
    cg_exc *e = (cg_exc *)o;
    cg_value_set(&e->traceback, CG_NONE);
    cg_value_set(&e->cause, CG_NONE);
    cg_value_set(&e->context, CG_NONE);
    cg_instance_clear(o);
}

static cg_value exc_alloc(cg_type *type, cg_value args) {
    cg_value v = cg_instance_alloc(type);
    if (cg_is_err(v))
        return v;
    cg_exc *e = (cg_exc *)v.u.o;
    e->args = args;
    e->traceback = CG_NONE;
    e->cause = CG_NONE;
    e->context = CG_NONE;
    return v;
}

cg_value cg_exc_new_with_args(cg_type *type, const cg_args *args) {
    cg_value t = cg_tuple_new(args->npos);
    if (cg_is_err(t))
        return t;
    cg_tuple *tp = (cg_tuple *)t.u.o;
    for (int i = 0; i < args->npos; i++)
        tp->items[i] = cg_incref(args->pos[i]);
    return exc_alloc(type, t);
}

cg_value cg_exc_message(cg_value exc) {
    if (!cg_isinstance(exc, &cg_exc_BaseException))
        return cg_to_str(exc);
    cg_type *t = cg_typeof(exc);
    if (t->str)
        return t->str(exc);
    return cg_to_str(exc);
}

static cg_value exc_str(cg_value self) {
    cg_tuple *args = (cg_tuple *)((cg_exc *)self.u.o)->args.u.o;
    if (args->len == 0)
        return cg_str_from_c("");
    if (args->len == 1) {
        if (cg_isinstance(self, &cg_exc_KeyError))
            return cg_repr(args->items[0]);
        return cg_to_str(args->items[0]);
    }
    return cg_repr(cg_obj_value(args));
}

static cg_value exc_repr(cg_value self) {
    cg_tuple *args = (cg_tuple *)((cg_exc *)self.u.o)->args.u.o;
    cg_strbuf b = {0};
    cg_strbuf_puts(&b, cg_type_name(self));
    if (args->len == 1) {
        cg_strbuf_putc(&b, '(');
        if (cg_repr_into(&b, args->items[0]) < 0) {
            cg_strbuf_free(&b);
            return CG_ERR;
        }
        cg_strbuf_putc(&b, ')');
    } else if (cg_repr_into(&b, cg_obj_value(args)) < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&b);
}

/* SyntaxError's fields read as None until set (the parser sets them);
 * msg is the first argument, as SyntaxError('x').msg is 'x'. */
static cg_value syntax_error_getattr(cg_value self, cg_str *name) {
    static const char *const FIELDS[] = {"msg",  "filename",   "lineno",     "offset",
                                         "text", "end_lineno", "end_offset", "print_file_and_line"};
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; i++) {
        if (strcmp(name->s, FIELDS[i]))
            continue;
        cg_dict *d = ((cg_instance *)self.u.o)->dict;
        cg_value v = d ? cg_dict_get_borrowed(d, cg_obj_value(name)) : CG_STOP;
        if (v.tag != CG_V_STOP)
            return cg_incref(v);
        const cg_tuple *args = (const cg_tuple *)((cg_exc *)self.u.o)->args.u.o;
        if (i == 0)
            return args->len > 0 ? cg_incref(args->items[0]) : CG_NONE;
        /* SyntaxError(msg, (filename, lineno, offset, text[, end_lineno,
         * end_offset])) describes the place in its second argument */
        if (args->len == 2 && cg_is_type(args->items[1], &cg_type_tuple) && i < 7) {
            const cg_tuple *place = (const cg_tuple *)args->items[1].u.o;
            if (place->len >= 4 && (size_t)place->len >= i)
                return cg_incref(place->items[i - 1]);
        }
        return CG_NONE;
    }
    return CG_STOP;
}

/* ImportError's name and path read as None until set; msg is the first
 * argument. */
static cg_value import_error_getattr(cg_value self, cg_str *name) {
    if (strcmp(name->s, "name") && strcmp(name->s, "path") && strcmp(name->s, "msg"))
        return CG_STOP;
    cg_dict *d = ((cg_instance *)self.u.o)->dict;
    cg_value v = d ? cg_dict_get_borrowed(d, cg_obj_value(name)) : CG_STOP;
    if (v.tag != CG_V_STOP)
        return cg_incref(v);
    const cg_tuple *args = (const cg_tuple *)((cg_exc *)self.u.o)->args.u.o;
    return !strcmp(name->s, "msg") && args->len > 0 ? cg_incref(args->items[0]) : CG_NONE;
}

static cg_value exc_getattr(cg_value self, cg_str *name) {
    cg_exc *e = (cg_exc *)self.u.o;
    if (!strcmp(name->s, "args"))
        return cg_incref(e->args);
    if (!strcmp(name->s, "__cause__"))
        return cg_incref(e->cause);
    if (!strcmp(name->s, "__context__"))
        return cg_incref(e->context);
    if (!strcmp(name->s, "__suppress_context__"))
        return cg_bool(e->suppress_context);
    if (!strcmp(name->s, "__traceback__"))
        return cg_traceback_objects(e->traceback);
    if (cg_isinstance(self, &cg_exc_OSError))
        return cg_os_error_getattr(self, name);
    if (cg_isinstance(self, &cg_exc_SyntaxError))
        return syntax_error_getattr(self, name);
    if (cg_isinstance(self, &cg_exc_ImportError))
        return import_error_getattr(self, name);
    if (!strcmp(name->s, "code") && cg_isinstance(self, &cg_exc_SystemExit)) { /* None, the argument, or all of them */
        const cg_tuple *t = (const cg_tuple *)e->args.u.o;
        return t->len == 0 ? CG_NONE : cg_incref(t->len == 1 ? t->items[0] : e->args);
    }
    if (!strcmp(name->s, "value") && cg_isinstance(self, &cg_exc_StopIteration)) {
        const cg_tuple *t = (const cg_tuple *)e->args.u.o;
        return t->len > 0 ? cg_incref(t->items[0]) : CG_NONE;
    }
    return CG_STOP;
}

static int exc_setattr(cg_value self, cg_str *name, cg_value value) {
    cg_exc *e = (cg_exc *)self.u.o;
    if (!strcmp(name->s, "args")) {
        cg_value t = cg_list_to_tuple(value);
        if (cg_is_err(t))
            return -1;
        cg_value_set(&e->args, t);
        return 0;
    }
    if (!strcmp(name->s, "__cause__") || !strcmp(name->s, "__context__")) {
        bool cause = name->s[2] == 'c' && name->s[3] == 'a';
        if (!cg_is_none(value) && !cg_isinstance(value, &cg_exc_BaseException))
            return cg_raise_int(&cg_exc_TypeError, "exception %s must be None or derive from BaseException",
                                cause ? "cause" : "context");
        cg_value_set(cause ? &e->cause : &e->context, cg_incref(value));
        if (cause)
            e->suppress_context = true;
        return 0;
    }
    if (!strcmp(name->s, "__suppress_context__")) {
        int t = cg_truth(value);
        if (t < 0)
            return -1;
        e->suppress_context = t;
        return 0;
    }
    if (!strcmp(name->s, "__traceback__")) {
        cg_value l = cg_traceback_entries(value);
        if (cg_is_err(l))
            return -1;
        cg_value_set(&e->traceback, l);
        e->tb_frame = NULL;
        return 0;
    }
    return 1;
}

/* BaseException.__init__(self, *args): sets args, as Python's does, so a
 * subclass calling super().__init__(msg) gets its message printed. */
static cg_value exc_init(cg_value self, const cg_args *a) {
    if (!cg_isinstance(self, &cg_exc_BaseException))
        return CG_NONE;
    cg_value t = cg_tuple_new(a->npos);
    if (cg_is_err(t))
        return t;
    for (int i = 0; i < a->npos; i++)
        ((cg_tuple *)t.u.o)->items[i] = cg_incref(a->pos[i]);
    cg_value_set(&((cg_exc *)self.u.o)->args, t);
    if (cg_isinstance(self, &cg_exc_OSError) && cg_os_error_init(self, a) < 0)
        return CG_ERR;
    return CG_NONE;
}

/* e.with_traceback(tb): sets __traceback__ and returns e. */
static cg_value exc_with_traceback(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "BaseException.with_traceback() takes exactly one argument (%d given)",
                        a->npos + a->nkw);
    if (!cg_isinstance(self, &cg_exc_BaseException))
        return cg_raise(&cg_exc_TypeError, "descriptor 'with_traceback' requires a 'BaseException' object");
    if (exc_setattr(self, cg_str_intern("__traceback__"), a->pos[0]) < 0)
        return CG_ERR;
    return cg_incref(self);
}

/* e.add_note(note): appends to e.__notes__ (a list in e's __dict__, as
 * CPython 3.11 keeps it); the printed traceback shows each note. */
static cg_value exc_add_note(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "BaseException.add_note() takes exactly one argument (%d given)",
                        a->npos + a->nkw);
    if (!cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "note must be a str, not '%s'", cg_type_name(a->pos[0]));
    cg_str *key = cg_str_intern("__notes__");
    cg_value notes = cg_getattr_opt(self, key);
    if (cg_is_err(notes))
        return notes;
    if (notes.tag == CG_V_STOP) {
        notes = cg_list_new(0);
        if (cg_is_err(notes) || cg_setattr(self, key, notes) < 0) {
            cg_decref(notes);
            return CG_ERR;
        }
    }
    if (!cg_is_type(notes, &cg_type_list) && !cg_isinstance(notes, &cg_type_list)) {
        cg_decref(notes);
        return cg_raise(&cg_exc_TypeError, "Cannot add note: __notes__ is not a list");
    }
    int rc = cg_list_append(notes, a->pos[0]);
    cg_decref(notes);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static const cg_method_def exc_methods[] = {
    {"__init__", exc_init, NULL, "Initialize self."},
    {"with_traceback", exc_with_traceback, NULL,
     "Exception.with_traceback(tb) --\n    set self.__traceback__ to tb and return self."},
    {"add_note", exc_add_note, NULL, "Exception.add_note(note) --\n    add a note to the exception"},
    {NULL},
};

#define EXC_FLAGS (CG_TYPE_BASETYPE | CG_TYPE_EXCEPTION | CG_TYPE_HAS_DICT | CG_TYPE_TRASHCAN)
#define EXC_TYPE(NAME, BASE)                    \
    cg_type cg_exc_##NAME = {                   \
        .head = {CG_IMMORTAL, &cg_type_type},   \
        .name = #NAME,                          \
        .module = "builtins",                   \
        .base = BASE,                           \
        .flags = EXC_FLAGS,                     \
        .basicsize = sizeof(cg_exc),            \
        .dealloc = exc_dealloc,                 \
        .repr = exc_repr,                       \
        .str = exc_str,                         \
        .hash = cg_object_hash,                 \
        .getattr = exc_getattr,                 \
        .setattr = exc_setattr,                 \
        .new_ = cg_exc_new_with_args,           \
        .gc_offset = offsetof(cg_instance, gc), \
        .traverse = exc_traverse,               \
        .clear = exc_clear,                     \
    }

EXC_TYPE(BaseException, &cg_type_object);
EXC_TYPE(Exception, &cg_exc_BaseException);
EXC_TYPE(KeyboardInterrupt, &cg_exc_BaseException);
EXC_TYPE(SystemExit, &cg_exc_BaseException);
EXC_TYPE(StopIteration, &cg_exc_Exception);
EXC_TYPE(GeneratorExit, &cg_exc_BaseException);
EXC_TYPE(ArithmeticError, &cg_exc_Exception);
EXC_TYPE(ZeroDivisionError, &cg_exc_ArithmeticError);
EXC_TYPE(OverflowError, &cg_exc_ArithmeticError);
EXC_TYPE(AssertionError, &cg_exc_Exception);
EXC_TYPE(AttributeError, &cg_exc_Exception);
EXC_TYPE(LookupError, &cg_exc_Exception);
EXC_TYPE(IndexError, &cg_exc_LookupError);
EXC_TYPE(KeyError, &cg_exc_LookupError);
EXC_TYPE(NameError, &cg_exc_Exception);
EXC_TYPE(UnboundLocalError, &cg_exc_NameError);
EXC_TYPE(TypeError, &cg_exc_Exception);
EXC_TYPE(ValueError, &cg_exc_Exception);
EXC_TYPE(RuntimeError, &cg_exc_Exception);
EXC_TYPE(NotImplementedError, &cg_exc_RuntimeError);
EXC_TYPE(RecursionError, &cg_exc_RuntimeError);
EXC_TYPE(ReferenceError, &cg_exc_Exception);
EXC_TYPE(ImportError, &cg_exc_Exception);
EXC_TYPE(ModuleNotFoundError, &cg_exc_ImportError);
EXC_TYPE(MemoryError, &cg_exc_Exception);
EXC_TYPE(SyntaxError, &cg_exc_Exception);
EXC_TYPE(IndentationError, &cg_exc_SyntaxError);
EXC_TYPE(TabError, &cg_exc_IndentationError);
EXC_TYPE(OutOfMemoryError, &cg_exc_RuntimeError);
EXC_TYPE(_LinAlgError, &cg_exc_RuntimeError);
EXC_TYPE(UnicodeError, &cg_exc_ValueError);
EXC_TYPE(UnicodeDecodeError, &cg_exc_UnicodeError);
EXC_TYPE(UnicodeEncodeError, &cg_exc_UnicodeError);
EXC_TYPE(UnicodeTranslateError, &cg_exc_UnicodeError);
EXC_TYPE(Warning, &cg_exc_Exception);
EXC_TYPE(UserWarning, &cg_exc_Warning);
EXC_TYPE(DeprecationWarning, &cg_exc_Warning);
EXC_TYPE(PendingDeprecationWarning, &cg_exc_Warning);
EXC_TYPE(FutureWarning, &cg_exc_Warning);
EXC_TYPE(RuntimeWarning, &cg_exc_Warning);
EXC_TYPE(SyntaxWarning, &cg_exc_Warning);
EXC_TYPE(ImportWarning, &cg_exc_Warning);
EXC_TYPE(ResourceWarning, &cg_exc_Warning);
EXC_TYPE(BytesWarning, &cg_exc_Warning);
EXC_TYPE(UnicodeWarning, &cg_exc_Warning);
EXC_TYPE(EncodingWarning, &cg_exc_Warning);
EXC_TYPE(EOFError, &cg_exc_Exception);
EXC_TYPE(OSError, &cg_exc_Exception);
EXC_TYPE(FileNotFoundError, &cg_exc_OSError);
EXC_TYPE(UnsupportedOperation, &cg_exc_OSError); /* io's, not a builtin */
EXC_TYPE(BufferError, &cg_exc_Exception);
EXC_TYPE(FloatingPointError, &cg_exc_ArithmeticError);
EXC_TYPE(SystemError, &cg_exc_Exception);
EXC_TYPE(StopAsyncIteration, &cg_exc_Exception);
EXC_TYPE(BlockingIOError, &cg_exc_OSError);
EXC_TYPE(ChildProcessError, &cg_exc_OSError);
EXC_TYPE(ConnectionError, &cg_exc_OSError);
EXC_TYPE(BrokenPipeError, &cg_exc_ConnectionError);
EXC_TYPE(ConnectionAbortedError, &cg_exc_ConnectionError);
EXC_TYPE(ConnectionRefusedError, &cg_exc_ConnectionError);
EXC_TYPE(ConnectionResetError, &cg_exc_ConnectionError);
EXC_TYPE(FileExistsError, &cg_exc_OSError);
EXC_TYPE(InterruptedError, &cg_exc_OSError);
EXC_TYPE(IsADirectoryError, &cg_exc_OSError);
EXC_TYPE(NotADirectoryError, &cg_exc_OSError);
EXC_TYPE(PermissionError, &cg_exc_OSError);
EXC_TYPE(ProcessLookupError, &cg_exc_OSError);
EXC_TYPE(TimeoutError, &cg_exc_OSError);

static cg_type *const ALL[] = {
    &cg_exc_BaseException,
    &cg_exc_Exception,
    &cg_exc_KeyboardInterrupt,
    &cg_exc_SystemExit,
    &cg_exc_StopIteration,
    &cg_exc_GeneratorExit,
    &cg_exc_ArithmeticError,
    &cg_exc_ZeroDivisionError,
    &cg_exc_OverflowError,
    &cg_exc_AssertionError,
    &cg_exc_AttributeError,
    &cg_exc_LookupError,
    &cg_exc_IndexError,
    &cg_exc_KeyError,
    &cg_exc_NameError,
    &cg_exc_UnboundLocalError,
    &cg_exc_TypeError,
    &cg_exc_ValueError,
    &cg_exc_RuntimeError,
    &cg_exc_NotImplementedError,
    &cg_exc_RecursionError,
    &cg_exc_ReferenceError,
    &cg_exc_ImportError,
    &cg_exc_ModuleNotFoundError,
    &cg_exc_MemoryError,
    &cg_exc_SyntaxError,
    &cg_exc_IndentationError,
    &cg_exc_TabError,
    &cg_exc_UnicodeError,
    &cg_exc_UnicodeDecodeError,
    &cg_exc_UnicodeEncodeError,
    &cg_exc_UnicodeTranslateError,
    &cg_exc_Warning,
    &cg_exc_UserWarning,
    &cg_exc_DeprecationWarning,
    &cg_exc_EOFError,
    &cg_exc_OSError,
    &cg_exc_FileNotFoundError,
    &cg_exc_PendingDeprecationWarning,
    &cg_exc_FutureWarning,
    &cg_exc_RuntimeWarning,
    &cg_exc_SyntaxWarning,
    &cg_exc_ImportWarning,
    &cg_exc_ResourceWarning,
    &cg_exc_BytesWarning,
    &cg_exc_UnicodeWarning,
    &cg_exc_EncodingWarning,
    &cg_exc_BufferError,
    &cg_exc_FloatingPointError,
    &cg_exc_SystemError,
    &cg_exc_StopAsyncIteration,
    &cg_exc_BlockingIOError,
    &cg_exc_ChildProcessError,
    &cg_exc_ConnectionError,
    &cg_exc_BrokenPipeError,
    &cg_exc_ConnectionAbortedError,
    &cg_exc_ConnectionRefusedError,
    &cg_exc_ConnectionResetError,
    &cg_exc_FileExistsError,
    &cg_exc_InterruptedError,
    &cg_exc_IsADirectoryError,
    &cg_exc_NotADirectoryError,
    &cg_exc_PermissionError,
    &cg_exc_ProcessLookupError,
    &cg_exc_TimeoutError,
    &cg_exc_BaseExceptionGroup,
    &cg_exc_ExceptionGroup,
};

/* str(SyntaxError): its msg, then "(file, line N)" with the file's base
 * name, as CPython prints it (tracebacks show the msg alone). */
static cg_value syntax_error_str(cg_value self) {
    cg_value msg = syntax_error_getattr(self, cg_str_intern("msg"));
    cg_value file = syntax_error_getattr(self, cg_str_intern("filename"));
    cg_value line = syntax_error_getattr(self, cg_str_intern("lineno"));
    cg_value text = cg_to_str(msg);
    cg_value r = text;
    if (!cg_is_err(text) && (cg_is_str(file) || line.tag == CG_V_INT)) {
        cg_strbuf b = {0};
        cg_strbuf_puts(&b, cg_str_cstr(text));
        const char *base = cg_is_str(file) ? strrchr(cg_str_cstr(file), '/') : NULL;
        base = base ? base + 1 : cg_is_str(file) ? cg_str_cstr(file) : NULL;
        if (base && line.tag == CG_V_INT)
            cg_strbuf_printf(&b, " (%s, line %lld)", base, (long long)line.u.i);
        else if (base)
            cg_strbuf_printf(&b, " (%s)", base);
        else
            cg_strbuf_printf(&b, " (line %lld)", (long long)line.u.i);
        cg_decref(text);
        r = cg_str_from_strbuf(&b);
    }
    cg_decref(msg);
    cg_decref(file);
    cg_decref(line);
    return r;
}

/* OSError's message, or BaseException's when it has no errno fields */
static cg_value os_error_str(cg_value self) {
    cg_value s = cg_os_error_str(self);
    return s.tag == CG_V_STOP ? exc_str(self) : s;
}

int cg_exc_types_init(void) {
    for (size_t i = 0; i < sizeof ALL / sizeof ALL[0]; i++)
        if (!ALL[i]->dict) {
            cg_value d = cg_dict_new();
            if (cg_is_err(d))
                return -1;
            ALL[i]->dict = cg_as_dict(d);
        }
    cg_exc_OutOfMemoryError.module = "torch.cuda";
    cg_exc__LinAlgError.module = "torch._C";
    if (!cg_exc__LinAlgError.dict) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return -1;
        cg_exc__LinAlgError.dict = cg_as_dict(d);
    }
    cg_exc_UnsupportedOperation.module = "io";
    if (!cg_exc_UnsupportedOperation.dict) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return -1;
        cg_exc_UnsupportedOperation.dict = cg_as_dict(d);
    }
    cg_exc_UnsupportedOperation.new_ = cg_os_error_new;
    cg_exc_UnsupportedOperation.str = os_error_str;
    /* errno, strerror and the file names (exc_os.c); subclasses inherit */
    for (size_t i = 0; i < sizeof ALL / sizeof ALL[0]; i++)
        if (cg_type_is_subtype(ALL[i], &cg_exc_OSError)) {
            ALL[i]->new_ = cg_os_error_new;
            ALL[i]->str = os_error_str;
        } else if (cg_type_is_subtype(ALL[i], &cg_exc_SyntaxError)) {
            ALL[i]->str = syntax_error_str;
        }
    /* Their arguments are checked and kept as attributes (exc_unicode.c). */
    cg_type *const unicode[] = {&cg_exc_UnicodeDecodeError, &cg_exc_UnicodeEncodeError, &cg_exc_UnicodeTranslateError};
    for (size_t i = 0; i < 3; i++) {
        unicode[i]->new_ = cg_unicode_error_new;
        unicode[i]->str = cg_unicode_error_str;
    }
    if (cg_exc_group_types_init() < 0)
        return -1;
    return cg_type_add_methods(&cg_exc_BaseException, exc_methods);
}

cg_type *cg_exc_builtin(size_t i) { return i < sizeof ALL / sizeof ALL[0] ? ALL[i] : NULL; }

cg_type *cg_exc_by_name(const char *name) {
    for (size_t i = 0; i < sizeof ALL / sizeof ALL[0]; i++)
        if (!strcmp(ALL[i]->name, name))
            return ALL[i];
    return NULL;
}

/* ---- the pending exception ----------------------------------------------- */

bool cg_exc_pending(void) { return pending.tag == CG_V_OBJ; }
cg_value cg_exc_peek_borrowed(void) { return pending; }

cg_value cg_exc_fetch(void) {
    cg_value e = pending;
    pending = CG_NONE;
    return e;
}

void cg_exc_restore(cg_value exc) {
    cg_value old = pending;
    pending = exc;
    cg_decref(old);
}

void cg_exc_clear(void) { cg_exc_restore(CG_NONE); }

bool cg_exc_matches(const cg_type *type) {
    return pending.tag == CG_V_OBJ && cg_type_is_subtype(pending.u.o->type, type);
}

static cg_value raise_msg(cg_type *type, const char *msg) {
    cg_value s = cg_str_from_c(msg);
    if (cg_is_err(s))
        return s;
    cg_value r = cg_raise_value(type, s);
    cg_decref(s);
    return r;
}

cg_value cg_raise_value(cg_type *type, cg_value arg) {
    cg_value args = cg_tuple_pack(1, arg);
    if (cg_is_err(args))
        return args;
    cg_value e = exc_alloc(type, args);
    if (cg_is_err(e)) {
        cg_decref(args);
        return e;
    }
    cg_exc_set_context(e);
    cg_exc_restore(e);
    return CG_ERR;
}

static cg_value vraise(cg_type *type, const char *fmt, va_list ap) {
    char small[512];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(ap2);
        return raise_msg(type, fmt);
    }
    if ((size_t)n < sizeof small) {
        va_end(ap2);
        return raise_msg(type, small);
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        va_end(ap2);
        return cg_raise_nomemory();
    }
    vsnprintf(big, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    cg_value r = raise_msg(type, big);
    free(big);
    return r;
}

cg_value cg_raise(cg_type *type, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    cg_value r = vraise(type, fmt, ap);
    va_end(ap);
    return r;
}

int cg_raise_int(cg_type *type, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vraise(type, fmt, ap);
    va_end(ap);
    return -1;
}

/* A MemoryError needs no allocation to be raised: one is made up front. */
static cg_exc nomem_exc;
cg_value cg_raise_nomemory(void) {
    static bool made;
    if (!made) {
        nomem_exc.base.head = (cg_obj){CG_IMMORTAL, &cg_exc_MemoryError};
        static cg_tuple empty = {.head = {CG_IMMORTAL, &cg_type_tuple}, .len = 0};
        nomem_exc.args = cg_obj_value(&empty);
        nomem_exc.traceback = nomem_exc.cause = nomem_exc.context = CG_NONE;
        made = true;
    }
    cg_exc_restore(cg_obj_value(&nomem_exc));
    return CG_ERR;
}

cg_value cg_raise_engine(void) {
    cg_type *t;
    switch (cg_error_kind_get()) {
    case CG_TYPE_ERROR: t = &cg_exc_TypeError; break;
    case CG_VALUE_ERROR: t = &cg_exc_ValueError; break;
    case CG_INDEX_ERROR: t = &cg_exc_IndexError; break;
    case CG_NOT_IMPLEMENTED_ERROR: t = &cg_exc_NotImplementedError; break;
    case CG_OVERFLOW_ERROR: t = &cg_exc_OverflowError; break;
    case CG_MEMORY_ERROR: cg_error_clear(); return cg_raise_nomemory();
    case CG_OUT_OF_MEMORY_ERROR: t = &cg_exc_OutOfMemoryError; break;
    case CG_LINALG_ERROR: t = &cg_exc__LinAlgError; break;
    default: t = &cg_exc_RuntimeError; break;
    }
    cg_value r = raise_msg(t, cg_error_message());
    cg_error_clear();
    return r;
}

int cg_raise_engine_int(void) {
    cg_raise_engine();
    return -1;
}

cg_value cg_raise_object(cg_value exc) {
    if (cg_isinstance(exc, &cg_type_type) && cg_type_is_subtype((cg_type *)exc.u.o, &cg_exc_BaseException)) {
        cg_value inst = cg_call0(exc);
        if (cg_is_err(inst))
            return inst;
        cg_exc_set_context(inst);
        cg_exc_restore(inst);
        return CG_ERR;
    }
    if (!cg_isinstance(exc, &cg_exc_BaseException))
        return cg_raise(&cg_exc_TypeError, "exceptions must derive from BaseException");
    cg_exc_set_context(exc);
    cg_exc_restore(cg_incref(exc));
    return CG_ERR;
}
