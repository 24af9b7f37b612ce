/* stack_grow.c: calls moved onto segments (stack_grow.h).
 *
 * A segment is mapped as generators' stacks once were: no memory
 * reserved, a guard page below. Its use is nested like the calls that
 * take one (a generator yields only from its own frame, on its own slot,
 * never from inside a call it made), so a few per thread are kept for
 * the next deep call. A segment has its own guards: RecursionError near
 * its bottom, and a call made deeper than a quarter of it takes the next
 * segment, so recursion is bounded by sys.getrecursionlimit() only. */
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/stack_grow.h"
#include "runtime/stack_switch.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define GROW_ASAN 1
#else
#define GROW_ASAN 0
#endif

/* ---- segments ------------------------------------------------------------------------------ */

#define SEGMENT_CACHE 4
static _Thread_local char *segment_cache[SEGMENT_CACHE];
static _Thread_local int nsegment_cache;

static size_t page_size(void) {
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

static char *segment_alloc(void) {
    if (nsegment_cache > 0)
        return segment_cache[--nsegment_cache];
    size_t guard = page_size();
    char *m = mmap(NULL, CG_SEGMENT_SIZE + guard, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    if (mprotect(m, guard, PROT_NONE) != 0) {
        munmap(m, CG_SEGMENT_SIZE + guard);
        return NULL;
    }
    return m + guard;
}

static void segment_free(char *s) {
    if (nsegment_cache < SEGMENT_CACHE) {
        segment_cache[nsegment_cache++] = s;
        return;
    }
    size_t guard = page_size();
    munmap(s - guard, CG_SEGMENT_SIZE + guard);
}

void cg_stack_segments_thread_exit(void) {
    size_t guard = page_size();
    while (nsegment_cache > 0)
        munmap(segment_cache[--nsegment_cache] - guard, CG_SEGMENT_SIZE + guard);
}

/* ---- the call ------------------------------------------------------------------------------ */

typedef struct {
    void (*fn)(void *);
    void *arg;
    cg_stack_ctx self, back;
    /* the stack it came from, for AddressSanitizer */
    const void *back_bottom;
    size_t back_size;
} grown_run;

static _Thread_local grown_run *starting;

/* On the segment; never returns: it switches back for good. */
static void segment_main(void) {
    grown_run *c = starting;
#if GROW_ASAN
    __sanitizer_finish_switch_fiber(NULL, &c->back_bottom, &c->back_size);
#endif
    c->fn(c->arg);
#if GROW_ASAN
    __sanitizer_start_switch_fiber(NULL, c->back_bottom, c->back_size);
#endif
    cg_stack_switch(&c->self, &c->back);
}

int cg_stack_run_grown(void (*fn)(void *), void *arg) {
    char *seg = segment_alloc();
    if (!seg) {
        cg_raise_nomemory();
        return -1;
    }
    grown_run c = {.fn = fn, .arg = arg};
    cg_stack_ctx_init(&c.self, seg, CG_SEGMENT_SIZE, segment_main);
    starting = &c;
    uintptr_t limit = cg_ev.stack_limit, grow = cg_ev.stack_grow;
    cg_ev.stack_limit = (uintptr_t)seg + CG_SEGMENT_SIZE / (GROW_ASAN ? 4 : 8);
    cg_ev.stack_grow = (uintptr_t)seg + CG_SEGMENT_SIZE / (GROW_ASAN ? 2 : 4);
#if GROW_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(&fake, seg, CG_SEGMENT_SIZE);
    cg_stack_switch(&c.back, &c.self);
    __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#else
    cg_stack_switch(&c.back, &c.self);
#endif
    cg_ev.stack_limit = limit;
    cg_ev.stack_grow = grow;
    segment_free(seg);
    return 0;
}
