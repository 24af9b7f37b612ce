/* gil.c: the interpreter lock that lets real threads share one
 * interpreter, as CPython's GIL; not the threads themselves
 * (stdlib/thread_module.c starts them).
 *
 * Note [The interpreter lock]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Objects are reference counted without atomics and the runtime's tables
 * (modules, interned strings, the collector's generations) are plain
 * globals, so one thread at a time may run Python. The per-thread part of
 * the interpreter is thread-local storage (cg_ev with the frame stack and
 * the recursion depth, the pending exception, the repr guard, the
 * trashcan): switching threads switches it for free, and a new thread
 * starts from a fresh copy (cg_thread_state_init in interp.c).
 *
 * The lock is CPython 3.2's "new GIL": a flag under a mutex, and a
 * condition the waiters sleep on. A waiter that has slept one switch
 * interval (5 ms, sys.setswitchinterval) with no hand-over since asks the
 * holder to drop it: cg_gil_drop_request, and cg_gc_due so that the
 * evaluator's existing poll (cg_gc_safe_point at loop heads, calls and
 * statements) notices without an extra test on the one-thread path. The
 * holder drops the lock there and waits until another thread took it
 * (forced switching: a holder that retook at once would starve the
 * others), then queues for it again. Blocking calls (sleep, lock
 * acquire, reads, waits) drop it around the wait (cg_gil_unlock).
 *
 * Before any thread starts the lock is off (cg_gil_on false): nothing is
 * locked and every entry point returns after one test. The thread that
 * starts the first thread holds it from then on. */
#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "runtime/gc.h"
#include "runtime/gil.h"

bool cg_gil_on;
volatile int cg_gil_drop_request;
_Thread_local bool cg_thread_spawned;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t released = PTHREAD_COND_INITIALIZER; /* the lock came free */
static pthread_cond_t switched = PTHREAD_COND_INITIALIZER; /* someone took it */
static bool locked, finalizing;
static unsigned long switches; /* times the lock was taken */
static int waiters;
static long interval_us = 5000;

static _Thread_local bool holding;
static _Thread_local int depth; /* nested cg_gil_enter */

void cg_gil_enable(void) {
    if (cg_gil_on)
        return;
    pthread_mutex_lock(&mu);
    locked = true;
    holding = true;
    cg_gil_on = true;
    pthread_mutex_unlock(&mu);
}

static struct timespec deadline_after(long us) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += (us % 1000000) * 1000;
    ts.tv_sec += us / 1000000 + ts.tv_nsec / 1000000000;
    ts.tv_nsec %= 1000000000;
    return ts;
}

void cg_gil_take(void) {
    pthread_mutex_lock(&mu);
    waiters++;
    while (locked) {
        if (finalizing) { /* the interpreter is going away: wait for ever */
            pthread_cond_wait(&released, &mu);
            continue;
        }
        unsigned long seen = switches;
        struct timespec ts = deadline_after(interval_us);
        int rc = pthread_cond_timedwait(&released, &mu, &ts);
        if (rc == ETIMEDOUT && locked && switches == seen) {
            cg_gil_drop_request = 1;
            __atomic_store_n(&cg_gc_due, true, __ATOMIC_RELAXED);
        }
    }
    waiters--;
    locked = true;
    holding = true;
    switches++;
    cg_gil_drop_request = 0;
    pthread_cond_broadcast(&switched);
    pthread_mutex_unlock(&mu);
}

void cg_gil_drop(void) {
    pthread_mutex_lock(&mu);
    if (!finalizing) {
        locked = false;
        holding = false;
        pthread_cond_signal(&released);
    }
    pthread_mutex_unlock(&mu);
}

void cg_gil_yield(void) {
    if (!holding)
        return;
    pthread_mutex_lock(&mu);
    if (!cg_gil_drop_request || finalizing || cg_gc.collecting) {
        pthread_mutex_unlock(&mu);
        return;
    }
    cg_gil_drop_request = 0;
    locked = false;
    holding = false;
    pthread_cond_signal(&released);
    unsigned long n = switches;
    while (switches == n && waiters > 0)
        pthread_cond_wait(&switched, &mu);
    pthread_mutex_unlock(&mu);
    cg_gil_take();
}

bool cg_gil_unlock(void) {
    if (!cg_gil_on || !holding || finalizing)
        return false;
    cg_gil_drop();
    return true;
}

void cg_gil_relock(bool unlocked) {
    if (!unlocked)
        return;
    int saved = errno;
    cg_gil_take();
    errno = saved;
}

void cg_gil_enter(void) {
    if (depth++ == 0 && cg_gil_on && !holding)
        cg_gil_take();
}

void cg_gil_exit(void) {
    if (--depth == 0 && holding)
        cg_gil_drop();
}

void cg_gil_finalize(void) {
    if (!cg_gil_on)
        return;
    pthread_mutex_lock(&mu);
    finalizing = holding;
    pthread_mutex_unlock(&mu);
}

void cg_gil_set_interval(double seconds) {
    double us = seconds * 1e6;
    interval_us = us < 1 ? 1 : us > 1e12 ? (long)1e12 : (long)us;
}

double cg_gil_get_interval(void) { return (double)interval_us / 1e6; }
