/* stack_slots.c: the slot allocator of stack_slots.h.
 *
 * Slots are carved in order from reservations of ARENA_SLOTS slots, each
 * one mapping with no memory reserved (MAP_NORESERVE): only the pages a
 * generator touches cost memory, and a million slots cost a thousand
 * mappings where a stack per mapping with its guard page cost two
 * million, beyond the kernel's limit (vm.max_map_count, 65530).
 *
 * Given-back slots wait on one free list, reused last-in first-out so the
 * next generator finds its pages still mapped in. Past the first HOT_SLOTS
 * on the list, a slot's pages go back to the kernel (MADV_DONTNEED): after
 * a million generators end, their memory is free. Generators often end in
 * the order they started, so neighbouring slots are gathered into one
 * range and given back with one call (one TLB flush) per RELEASE_SLOTS;
 * a slot of the range taken again before that sends the range back first.
 * The list's room is grown with the reservations, so giving back never
 * allocates and never fails. A few slots wait per thread in front of the
 * list, taken and given back with no lock: a loop that makes a generator
 * per iteration never reaches the list (the cap counts them as live).
 *
 * The cap on live slots (live_cap) turns the machine's memory running
 * out, which the kernel would answer by killing the process, into a
 * MemoryError while there is still room to report it. */
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runtime/stack_slots.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

#define ARENA_SLOTS 1024 /* 256 MiB of address space a reservation */
#define HOT_SLOTS 64
#define RELEASE_SLOTS 256

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char **free_list; /* room for every slot ever carved */
static size_t nfree, carved;
static char *next_slot, *arena_end; /* the uncarved rest of the newest reservation */
static size_t live;
#define THREAD_SLOTS 4
static _Thread_local char *thread_slots[THREAD_SLOTS];
static _Thread_local int nthread_slots;
static char *release_lo, *release_hi; /* given-back slots whose pages are still in */

/* At most one live slot per 8 KiB of the machine's memory: a suspended
 * generator holds a page or two of its slot, and its page-table share,
 * besides its frame. */
static size_t live_cap(void) {
    static size_t cap;
    if (!cap) {
        long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        size_t bytes = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : (size_t)8 << 30;
        cap = bytes / 8192 > 4096 ? bytes / 8192 : 4096;
    }
    return cap;
}

static int new_arena(void) {
    char **list = realloc(free_list, sizeof *list * (carved + ARENA_SLOTS));
    if (!list)
        return -1;
    free_list = list;
    size_t bytes = CG_SLOT_SIZE * ARENA_SLOTS;
    char *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (m == MAP_FAILED)
        return -1;
#ifdef MADV_NOHUGEPAGE
    /* a huge page would make a generator's few KiB cost 2 MiB */
    (void)madvise(m, bytes, MADV_NOHUGEPAGE);
#endif
    next_slot = m;
    arena_end = m + bytes;
    return 0;
}

static void release_pending(void) {
    if (release_hi > release_lo)
        (void)madvise(release_lo, (size_t)(release_hi - release_lo), MADV_DONTNEED);
    release_lo = release_hi = NULL;
}

/* Adds a given-back slot to the range to release, sending the range back
 * when it is full or the slot is not next to it. */
static void release_slot(char *base) {
    if (base == release_hi) {
        release_hi += CG_SLOT_SIZE;
    } else if (base + CG_SLOT_SIZE == release_lo) {
        release_lo = base;
    } else {
        release_pending();
        release_lo = base;
        release_hi = base + CG_SLOT_SIZE;
    }
    if ((size_t)(release_hi - release_lo) >= RELEASE_SLOTS * CG_SLOT_SIZE)
        release_pending();
}

static char *take_slot(void) {
    if (live >= live_cap())
        return NULL;
    if (nfree > 0) {
        char *s = free_list[--nfree];
        if (s >= release_lo && s < release_hi)
            release_pending();
        return s;
    }
    if (next_slot == arena_end && new_arena() < 0)
        return NULL;
    char *s = next_slot;
    next_slot += CG_SLOT_SIZE;
    carved++;
    return s;
}

char *cg_stack_slot_alloc(void) {
    if (nthread_slots > 0)
        return thread_slots[--nthread_slots];
    pthread_mutex_lock(&lock);
    char *s = take_slot();
    if (s)
        live++;
    pthread_mutex_unlock(&lock);
    return s;
}

/* A slot back on the shared free list. */
static void give_back(char *base) {
    pthread_mutex_lock(&lock);
    if (nfree >= HOT_SLOTS)
        release_slot(base);
    free_list[nfree++] = base;
    live--;
    pthread_mutex_unlock(&lock);
}

void cg_stack_slot_free(char *base, int abandoned) {
    if (!base)
        return;
#if defined(__SANITIZE_ADDRESS__)
    if (abandoned)
        __asan_unpoison_memory_region(base, CG_SLOT_SIZE);
#endif
    if (nthread_slots < THREAD_SLOTS) {
        thread_slots[nthread_slots++] = base;
        return;
    }
    give_back(base);
}

void cg_stack_slots_thread_exit(void) {
    while (nthread_slots > 0)
        give_back(thread_slots[--nthread_slots]);
}
