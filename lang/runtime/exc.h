/* exc.h: raising, catching and naming Python exceptions.
 *
 * An exception is an instance of BaseException or a subclass (user
 * classes included). At most one is pending per thread: a fallible function
 * sets it and returns CG_ERR or -1; whoever handles it fetches or clears it.
 * Engine errors (engine/error.h) become the exception of the same kind with
 * the same message through cg_raise_engine.
 *
 * Tracebacks are built by the evaluator (eval.c) as the exception passes
 * through frames; printing them is traceback.c. */
#ifndef CG_EXC_H
#define CG_EXC_H

#include "runtime/value.h"

/* An exception object: an instance (its __dict__) plus what every
 * exception carries. */
typedef struct {
    cg_instance base;
    cg_value args;        /* a tuple */
    cg_value traceback;   /* a list of (filename, line, name) tuples, innermost last; or None */
    cg_value cause;       /* `raise ... from cause`, or None */
    cg_value context;     /* the exception being handled when raised, or None */
    const void *tb_frame; /* the frame whose traceback entry was added last */
    bool suppress_context; /* __suppress_context__: set by `raise ... from` */
} cg_exc;

/* The builtin exception classes, by Python's names. */
extern cg_type cg_exc_BaseException, cg_exc_Exception, cg_exc_KeyboardInterrupt, cg_exc_SystemExit,
    cg_exc_StopIteration, cg_exc_GeneratorExit, cg_exc_ArithmeticError, cg_exc_ZeroDivisionError, cg_exc_OverflowError,
    cg_exc_AssertionError, cg_exc_AttributeError, cg_exc_LookupError, cg_exc_IndexError, cg_exc_KeyError,
    cg_exc_NameError, cg_exc_UnboundLocalError, cg_exc_TypeError, cg_exc_ValueError, cg_exc_RuntimeError,
    cg_exc_NotImplementedError, cg_exc_RecursionError, cg_exc_ReferenceError, cg_exc_ImportError,
    cg_exc_ModuleNotFoundError, cg_exc_MemoryError, cg_exc_SyntaxError, cg_exc_IndentationError, cg_exc_TabError,
    cg_exc_OutOfMemoryError, cg_exc__LinAlgError, cg_exc_UnicodeError, cg_exc_UnicodeDecodeError, cg_exc_UnicodeEncodeError,
    cg_exc_UnicodeTranslateError, cg_exc_Warning, cg_exc_UserWarning, cg_exc_DeprecationWarning, cg_exc_EOFError,
    cg_exc_OSError, cg_exc_FileNotFoundError, cg_exc_PendingDeprecationWarning, cg_exc_FutureWarning,
    cg_exc_RuntimeWarning, cg_exc_SyntaxWarning, cg_exc_ImportWarning, cg_exc_ResourceWarning, cg_exc_BytesWarning,
    cg_exc_UnicodeWarning, cg_exc_EncodingWarning, cg_exc_BufferError, cg_exc_FloatingPointError, cg_exc_SystemError,
    cg_exc_StopAsyncIteration, cg_exc_BlockingIOError, cg_exc_ChildProcessError, cg_exc_ConnectionError,
    cg_exc_BrokenPipeError, cg_exc_ConnectionAbortedError, cg_exc_ConnectionRefusedError, cg_exc_ConnectionResetError,
    cg_exc_FileExistsError, cg_exc_InterruptedError, cg_exc_IsADirectoryError, cg_exc_NotADirectoryError,
    cg_exc_PermissionError, cg_exc_ProcessLookupError, cg_exc_TimeoutError;
/* PEP 654's groups (exc_group.c): ExceptionGroup is an Exception too */
extern cg_type cg_exc_BaseExceptionGroup, cg_exc_ExceptionGroup;
/* io.UnsupportedOperation (an OSError; Python's is a ValueError too) */
extern cg_type cg_exc_UnsupportedOperation;

/* Raises type(message); returns CG_ERR (or -1 for the _int form). */
cg_value cg_raise(cg_type *type, const char *fmt, ...) CG_PRINTF(2, 3);
int cg_raise_int(cg_type *type, const char *fmt, ...) CG_PRINTF(2, 3);
/* Raises with the args tuple made of one value (KeyError(key)). */
cg_value cg_raise_value(cg_type *type, cg_value arg);
/* Raises the engine's pending error as the exception of its kind. */
cg_value cg_raise_engine(void);
int cg_raise_engine_int(void);
/* raise exc: an exception instance or class (instantiated with no args). */
cg_value cg_raise_object(cg_value exc);
cg_value cg_raise_nomemory(void);
/* Raises UnicodeEncodeError(encoding, object, start, end, reason): object
 * is the str that could not be encoded, [start, end) the code points. */
cg_value cg_raise_unicode_encode(const char *encoding, cg_value object, int64_t start, int64_t end, const char *reason);

bool cg_exc_pending(void);
/* The pending exception (its reference moves to the caller), cleared. */
cg_value cg_exc_fetch(void);
/* Makes exc (reference taken) the pending exception. */
void cg_exc_restore(cg_value exc);
void cg_exc_clear(void);
/* Is the pending exception an instance of type (or a subclass)? */
bool cg_exc_matches(const cg_type *type);
/* The pending exception, borrowed (None if none). */
cg_value cg_exc_peek_borrowed(void);

/* str(exc) as Python prints it after "KeyError: ": the message, or the
 * repr of a KeyError's key, or "" for no args. */
cg_value cg_exc_message(cg_value exc);

/* Prints the pending exception as one no one can catch ("Exception
 * ignored in: <repr of where>" and its traceback, on stderr) and clears
 * it (traceback.c). */
void cg_report_unraisable(cg_value where);

/* The exception class with Python's name, or NULL (builtins module). */
cg_type *cg_exc_by_name(const char *name);
/* The builtin exception classes in order, NULL past the last. */
cg_type *cg_exc_builtin(size_t i);

/* OSError (exc_os.c): OSError(errno, strerror[, filename[, winerror[,
 * filename2]]]) becomes the subclass of its errno, as Python's does. */
cg_value cg_os_error_new(cg_type *type, const cg_args *args);
int cg_os_error_init(cg_value self, const cg_args *args);
cg_value cg_os_error_str(cg_value self); /* CG_STOP: no errno fields, BaseException's message */
cg_value cg_os_error_getattr(cg_value self, cg_str *name);
/* Raises the OSError subclass of errno errnum with strerror's text and
 * the file names (NULL for none): "[Errno 2] No such file or directory:
 * 'x.txt'". Returns CG_ERR (-1 for the _int form). */
cg_value cg_raise_os_error(int errnum, const char *filename, const char *filename2);
int cg_raise_os_error_int(int errnum, const char *filename, const char *filename2);

/* Exception groups (exc_group.c). */
bool cg_exc_is_group(cg_value v);
/* The group's exceptions: a tuple, borrowed. */
cg_value cg_exc_group_exceptions(cg_value group);
/* 0 if m can split a group (an exception class, a tuple of them, or a
 * predicate), else -1 with split's TypeError. */
int cg_exc_matcher_check(cg_value m);
/* group.split(m): *match and *rest get new references (None where empty;
 * rest NULL for subgroup's match alone); -1 with an exception. */
int cg_exc_group_split(cg_value group, cg_value m, cg_value *match, cg_value *rest);
/* The part of group whose leaves are the leaves of the exceptions in the
 * list parts (except*'s re-raise), structure and metadata kept; None if
 * none. */
cg_value cg_exc_group_project(cg_value group, cg_value parts);
/* Gives `to` the traceback, cause, context and notes of `from`. */
int cg_exc_copy_metadata(cg_value from, cg_value to);

#endif
