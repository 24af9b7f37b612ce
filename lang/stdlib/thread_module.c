/* thread_module.c: _thread, the low-level face of real OS threads under
 * the interpreter lock (runtime/gil.h): start_new_thread, the lock type
 * (acquire with blocking and timeout, release, locked, a context
 * manager), get_ident/get_native_id, stack_size, interrupt_main and the
 * sentinel lock that threading's join waits on. threading (prelude/)
 * builds Thread, RLock, Condition, Event, ... over these.
 *
 * Not here: fork handling (_at_fork_reinit only resets a lock), RLock in
 * C (threading's is written in Python over this lock). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/gil.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"

/* threading.TIMEOUT_MAX: what a timed wait can take (CPython's figure on
 * Linux, PY_TIMEOUT_MAX in seconds). */
#define TIMEOUT_MAX 9223372036.0
/* How often a wait on the thread that started the interpreter looks for
 * Ctrl-C. */
#define INTERRUPT_SLICE_NS 20000000L

typedef struct {
    cg_obj head;
    pthread_mutex_t mu;
    pthread_cond_t cond; /* signalled at release */
    bool locked;
} lock_obj;

static cg_type lock_type;
static int running;                      /* threads started here still running (_count) */
static size_t stack_bytes;               /* stack_size(): 0 for the system's default */
static _Thread_local lock_obj *sentinel; /* _set_sentinel's lock, released at the thread's end */

/* ---- the lock ----------------------------------------------------------------- */

static cg_value lock_new_value(void) {
    lock_obj *l = cg_obj_alloc(&lock_type);
    if (!l)
        return cg_raise_nomemory();
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_mutex_init(&l->mu, NULL);
    pthread_cond_init(&l->cond, &ca);
    pthread_condattr_destroy(&ca);
    return cg_obj_value(l);
}

static void lock_dealloc(cg_obj *o) {
    lock_obj *l = (lock_obj *)o;
    pthread_mutex_destroy(&l->mu);
    pthread_cond_destroy(&l->cond);
    cg_obj_free(o);
}

static cg_value lock_repr(cg_value self) {
    lock_obj *l = (lock_obj *)self.u.o;
    return cg_str_fmt("<%s _thread.lock object at %p>", l->locked ? "locked" : "unlocked", (void *)l);
}

static struct timespec add_ns(struct timespec t, long long ns) {
    t.tv_sec += (time_t)(ns / 1000000000LL);
    t.tv_nsec += (long)(ns % 1000000000LL);
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

static bool before(struct timespec a, struct timespec b) {
    return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

/* Takes l within timeout seconds (< 0: no limit) with the interpreter
 * lock dropped meanwhile. 1 taken, 0 timed out, -1 KeyboardInterrupt (on
 * the interpreter's first thread, as CPython's). */
static int lock_wait(lock_obj *l, double timeout) {
    pthread_mutex_lock(&l->mu);
    if (!l->locked || timeout == 0) {
        bool got = !l->locked;
        l->locked = true;
        pthread_mutex_unlock(&l->mu);
        return got;
    }
    struct timespec now, end;
    clock_gettime(CLOCK_MONOTONIC, &now);
    end = add_ns(now, timeout < 0 ? 0 : (long long)(timeout * 1e9));
    bool watch_ctrl_c = !cg_thread_spawned, interrupted = false;
    pthread_mutex_unlock(&l->mu);
    bool unlocked = cg_gil_unlock();
    pthread_mutex_lock(&l->mu);
    while (l->locked) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (timeout >= 0 && !before(now, end))
            break;
        if (watch_ctrl_c && cg_interrupt_requested) {
            interrupted = true;
            break;
        }
        struct timespec until = end;
        if (timeout < 0 || watch_ctrl_c) {
            struct timespec slice = add_ns(now, watch_ctrl_c ? INTERRUPT_SLICE_NS : 1000000000LL);
            if (timeout < 0 || before(slice, end))
                until = slice;
        }
        pthread_cond_timedwait(&l->cond, &l->mu, &until);
    }
    bool got = !l->locked;
    l->locked = true;
    pthread_mutex_unlock(&l->mu);
    cg_gil_relock(unlocked);
    if (!got && interrupted && cg_check_interrupt() < 0)
        return -1;
    return got;
}

static void lock_release_raw(lock_obj *l) {
    pthread_mutex_lock(&l->mu);
    l->locked = false;
    pthread_cond_signal(&l->cond);
    pthread_mutex_unlock(&l->mu);
}

/* acquire(blocking=True, timeout=-1)'s arguments, checked as CPython's. */
static int acquire_args(const cg_args *a, double *timeout) {
    static const cg_method_def def = {"acquire", NULL, "acquire(blocking=True, timeout=-1)", NULL};
    cg_value x[2];
    if (cg_args_bind(&def, a, x, 2) < 0)
        return -1;
    int blocking = cg_truth(x[0]);
    int rc = blocking < 0 ? -1 : cg_float_value(x[1], timeout);
    cg_args_release(&def, x, 2);
    if (rc < 0)
        return -1;
    if (!blocking && *timeout != -1)
        return cg_raise_int(&cg_exc_ValueError, "can't specify a timeout for a non-blocking call");
    if (*timeout < 0 && *timeout != -1)
        return cg_raise_int(&cg_exc_ValueError, "timeout value must be positive");
    if (*timeout * 1e9 >= 9223372036854775807.0)
        return cg_raise_int(&cg_exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
    if (*timeout > TIMEOUT_MAX)
        return cg_raise_int(&cg_exc_OverflowError, "timeout value is too large");
    if (!blocking)
        *timeout = 0;
    return 0;
}

static cg_value lock_acquire(cg_value self, const cg_args *a) {
    double timeout = -1;
    if (acquire_args(a, &timeout) < 0)
        return CG_ERR;
    int rc = lock_wait((lock_obj *)self.u.o, timeout);
    return rc < 0 ? CG_ERR : cg_bool(rc);
}

static cg_value lock_release(cg_value self, const cg_args *a) {
    lock_obj *l = (lock_obj *)self.u.o;
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "lock.release() takes no arguments (%d given)", a->npos + a->nkw);
    if (!l->locked)
        return cg_raise(&cg_exc_RuntimeError, "release unlocked lock");
    lock_release_raw(l);
    return CG_NONE;
}

static cg_value lock_locked(cg_value self, const cg_args *a) { return cg_bool(((lock_obj *)self.u.o)->locked); }

static cg_value lock_exit(cg_value self, const cg_args *a) {
    cg_value r = lock_release(self, &(cg_args){0});
    return cg_is_err(r) ? r : CG_FALSE;
}

static cg_value lock_at_fork_reinit(cg_value self, const cg_args *a) {
    ((lock_obj *)self.u.o)->locked = false;
    return CG_NONE;
}

static const cg_method_def lock_methods[] = {
    {"acquire", lock_acquire, NULL,
     "Take the lock, waiting while another thread holds it; blocking=False or a timeout gives up (False)."},
    {"acquire_lock", lock_acquire, NULL, "The old name of acquire()."},
    {"__enter__", lock_acquire, NULL, "Take the lock for the with block."},
    {"release", lock_release, NULL, "Let go of the lock: one thread waiting for it gets it."},
    {"release_lock", lock_release, NULL, "The old name of release()."},
    {"__exit__", lock_exit, NULL, "Let go of the lock at the end of the with block."},
    {"locked", lock_locked, NULL, "Whether some thread holds the lock."},
    {"locked_lock", lock_locked, NULL, "The old name of locked()."},
    {"_at_fork_reinit", lock_at_fork_reinit, NULL, NULL},
    {NULL},
};

static cg_type lock_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "lock",
    .module = "_thread",
    .base = &cg_type_object,
    .basicsize = sizeof(lock_obj),
    .dealloc = lock_dealloc,
    .repr = lock_repr,
    .hash = cg_object_hash,
};

/* ---- threads ------------------------------------------------------------------ */

typedef struct {
    cg_value func, args, kwargs; /* kwargs: a dict or None */
    cg_thread_start from;
} thread_boot;

/* func(*args, **kwargs) */
static cg_value call_with(cg_value func, cg_value args, cg_value kwargs) {
    cg_tuple *t = (cg_tuple *)args.u.o;
    int nkw = cg_is_none(kwargs) ? 0 : (int)cg_dict_len(cg_as_dict(kwargs));
    cg_str **kwn = nkw ? malloc((size_t)nkw * sizeof *kwn) : NULL;
    cg_value *kwv = nkw ? malloc((size_t)nkw * sizeof *kwv) : NULL;
    if (nkw && (!kwn || !kwv)) {
        free(kwn);
        free(kwv);
        return cg_raise_nomemory();
    }
    int64_t pos = 0;
    cg_value k, v;
    for (int i = 0; i < nkw && cg_dict_next(cg_as_dict(kwargs), &pos, &k, &v); i++) {
        if (!cg_is_str(k)) {
            free(kwn);
            free(kwv);
            return cg_raise(&cg_exc_TypeError, "keywords must be strings");
        }
        kwn[i] = (cg_str *)k.u.o;
        kwv[i] = v;
    }
    cg_args a = {t->items, (int)t->len, kwn, kwv, nkw};
    cg_value r = cg_call(func, &a);
    free(kwn);
    free(kwv);
    return r;
}

/* An exception that left a thread of start_new_thread: CPython's
 * "Exception ignored in thread started by: <func>" and the traceback. */
static void report_thread_exception(cg_value func) {
    if (cg_exc_matches(&cg_exc_SystemExit)) {
        cg_exc_clear();
        return;
    }
    cg_value exc = cg_exc_fetch();
    char *tb = cg_traceback_format(exc);
    cg_value r = cg_repr(func);
    if (cg_is_err(r))
        cg_exc_clear();
    cg_strbuf b = {0};
    cg_strbuf_printf(&b, "Exception ignored in thread started by: %s\n%s",
                     cg_is_err(r) ? "<object repr() failed>" : cg_str_cstr(r), tb ? tb : "");
    if (b.data)
        cg_host_write(CG_STDERR, b.data, b.len);
    cg_strbuf_free(&b);
    cg_decref(r);
    free(tb);
    cg_decref(exc);
}

static void *thread_main(void *p) {
    thread_boot *b = p;
    cg_thread_spawned = true;
    cg_gil_take();
    cg_thread_state_init(&b->from);
    cg_value r = call_with(b->func, b->args, b->kwargs);
    if (cg_is_err(r))
        report_thread_exception(b->func);
    cg_decref(r);
    cg_decref(b->func);
    cg_decref(b->args);
    cg_decref(b->kwargs);
    free(b);
    cg_thread_state_clear();
    if (sentinel) { /* what threading's join waits for: nothing of the thread is left to run Python */
        lock_release_raw(sentinel);
        cg_obj_decref(sentinel);
        sentinel = NULL;
    }
    running--;
    cg_gil_drop();
    return NULL;
}

static cg_value t_start_new_thread(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "start_new_thread() takes no keyword arguments");
    if (a->npos < 2 || a->npos > 3)
        return cg_raise(&cg_exc_TypeError, "start_new_thread expected at %s %d argument%s, got %d",
                        a->npos < 2 ? "least" : "most", a->npos < 2 ? 2 : 3, "s", a->npos);
    cg_value func = a->pos[0], args = a->pos[1], kwargs = a->npos > 2 ? a->pos[2] : CG_NONE;
    if (!cg_typeof(func)->call)
        return cg_raise(&cg_exc_TypeError, "first arg must be callable");
    if (!cg_isinstance(args, &cg_type_tuple))
        return cg_raise(&cg_exc_TypeError, "2nd arg must be a tuple");
    if (!cg_is_none(kwargs) && !cg_isinstance(kwargs, &cg_type_dict))
        return cg_raise(&cg_exc_TypeError, "optional 3rd arg must be a dictionary");
    thread_boot *b = malloc(sizeof *b);
    if (!b)
        return cg_raise_nomemory();
    *b = (thread_boot){cg_incref(func), cg_incref(args), cg_incref(kwargs), cg_thread_state_here()};
    cg_gil_enable();
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (stack_bytes)
        pthread_attr_setstacksize(&attr, stack_bytes);
    pthread_t th;
    running++;
    int err = pthread_create(&th, &attr, thread_main, b);
    pthread_attr_destroy(&attr);
    if (err) {
        running--;
        cg_decref(b->func);
        cg_decref(b->args);
        cg_decref(b->kwargs);
        free(b);
        return cg_raise(&cg_exc_RuntimeError, "can't start new thread");
    }
    return cg_int((int64_t)(uintptr_t)th);
}

static cg_value t_allocate_lock(cg_value self, const cg_args *a) { return lock_new_value(); }

static cg_value t_get_ident(cg_value self, const cg_args *a) { return cg_int((int64_t)(uintptr_t)pthread_self()); }

static cg_value t_get_native_id(cg_value self, const cg_args *a) { return cg_int((int64_t)syscall(SYS_gettid)); }

static cg_value t_count(cg_value self, const cg_args *a) { return cg_int(running); }

static cg_value t_stack_size(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"stack_size", NULL, "stack_size(size=0, /)", NULL};
    int64_t size = 0;
    if (cg_args_index(&def, a, &size) < 0)
        return CG_ERR;
    if (size != 0 && size < 32768)
        return cg_raise(&cg_exc_ValueError, "size not valid: %lld bytes", (long long)size);
    int64_t old = (int64_t)stack_bytes;
    stack_bytes = (size_t)size;
    return cg_int(old);
}

static cg_value t_interrupt_main(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"interrupt_main", NULL, "interrupt_main(signum=2, /)", NULL};
    int64_t signum = SIGINT;
    if (cg_args_index(&def, a, &signum) < 0)
        return CG_ERR;
    if (signum < 1 || signum >= NSIG)
        return cg_raise(&cg_exc_ValueError, "signal number out of range");
    if (signum == SIGINT)
        cg_interrupt_requested = 1;
    return CG_NONE;
}

static cg_value t_exit(cg_value self, const cg_args *a) {
    cg_value e = cg_call0(cg_obj_value(&cg_exc_SystemExit));
    if (!cg_is_err(e))
        cg_exc_restore(e);
    return CG_ERR;
}

static cg_value t_set_sentinel(cg_value self, const cg_args *a) {
    cg_value l = lock_new_value();
    if (cg_is_err(l))
        return l;
    ((lock_obj *)l.u.o)->locked = true;
    if (sentinel)
        cg_obj_decref(sentinel);
    sentinel = (lock_obj *)cg_incref(l).u.o;
    return l;
}

/* threading's default excepthook before a traceback module exists: the
 * exception's text as an uncaught one prints. */
static cg_value t_format_exception(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "_format_exception() takes exactly one argument");
    char *text = cg_traceback_format(a->pos[0]);
    if (!text)
        return cg_raise_nomemory();
    cg_value r = cg_str_from_c(text);
    free(text);
    return r;
}

static const cg_method_def thread_defs[] = {
    {"start_new_thread", t_start_new_thread, NULL, "Run function(*args, **kwargs) in a new OS thread; its identifier."},
    {"start_new", t_start_new_thread, NULL, "The old name of start_new_thread()."},
    {"allocate_lock", t_allocate_lock, "allocate_lock()", "A new lock, not held."},
    {"allocate", t_allocate_lock, "allocate()", "The old name of allocate_lock()."},
    {"get_ident", t_get_ident, "get_ident()",
     "The calling thread's identifier: a non-zero int, reused once the thread has ended."},
    {"get_native_id", t_get_native_id, "get_native_id()",
     "The calling thread's id as the operating system numbers it (gettid)."},
    {"_count", t_count, "_count()", "How many threads start_new_thread started are still running."},
    {"stack_size", t_stack_size, NULL,
     "The stack size new threads get (0: the system's); with an argument, set it and return the old one."},
    {"interrupt_main", t_interrupt_main, NULL,
     "Have the first thread see Ctrl-C (KeyboardInterrupt) at its next check."},
    {"exit", t_exit, "exit()", "End the calling thread quietly (raises SystemExit)."},
    {"exit_thread", t_exit, "exit_thread()", "The old name of exit()."},
    {"_set_sentinel", t_set_sentinel, "_set_sentinel()",
     "A locked lock released when the calling thread's state is gone (threading's join)."},
    {"_format_exception", t_format_exception, NULL, NULL},
    {NULL},
};

cg_value cg_thread_module_init(void) {
    if (!lock_type.dict && cg_type_add_methods(&lock_type, lock_methods) < 0)
        return CG_ERR;
    cg_value m = cg_module_of("_thread", thread_defs);
    if (cg_is_err(m))
        return m;
    if (cg_module_add(m, "LockType", cg_obj_value(&lock_type)) < 0
        || cg_module_add(m, "error", cg_obj_value(&cg_exc_RuntimeError)) < 0
        || cg_module_add(m, "TIMEOUT_MAX", cg_float(TIMEOUT_MAX)) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
