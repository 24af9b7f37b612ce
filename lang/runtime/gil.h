/* gil.h: the interpreter lock, as CPython's GIL.
 *
 * Threads started by `_thread` (and so `threading`) are real OS threads;
 * one of them at a time runs the evaluator or touches an object. What each
 * thread has of its own is thread-local already (the evaluator's state
 * cg_ev, the pending exception, the repr guard, the trashcan, the engine's
 * grad mode and block caches); everything else is shared and guarded by
 * this lock. See Note [The interpreter lock] in gil.c.
 *
 * Until a second thread starts the lock is off and every call here is a
 * test of one flag: a program with one thread pays nothing. */
#ifndef CG_GIL_H
#define CG_GIL_H

#include <stdbool.h>

/* Set when the first thread starts; never cleared. */
extern bool cg_gil_on;
/* A thread waiting for the lock asks the holder to hand it over; the
 * holder sees it at its next poll (cg_gc_safe_point). */
extern volatile int cg_gil_drop_request;

/* Whether the calling thread was started by _thread: Ctrl-C
 * (KeyboardInterrupt) goes to the interpreter's first thread only. */
extern _Thread_local bool cg_thread_spawned;

/* Turns the lock on, held by the calling thread (the first start_new_thread). */
void cg_gil_enable(void);
/* Takes the lock, waiting as long as it takes; drops it. */
void cg_gil_take(void);
void cg_gil_drop(void);
/* The holder's answer to a drop request: let a waiting thread run, then
 * take the lock again. */
void cg_gil_yield(void);

/* Around a blocking call (a sleep, a read, a wait): releases the lock if
 * this thread holds it, and gives back what to pass to cg_gil_relock,
 * which takes it again keeping errno. */
bool cg_gil_unlock(void);
void cg_gil_relock(bool unlocked);

/* The hosts' doors (session.c): the outermost takes the lock, and its
 * return drops it, so that threads run while the kernel waits between
 * cells. Nested calls only count. */
void cg_gil_enter(void);
void cg_gil_exit(void);

/* From interpreter shutdown on, the lock is never dropped again: threads
 * still running (daemon threads) stop at their next attempt to take it. */
void cg_gil_finalize(void);

/* sys.setswitchinterval / getswitchinterval, in seconds. */
void cg_gil_set_interval(double seconds);
double cg_gil_get_interval(void);

#endif
