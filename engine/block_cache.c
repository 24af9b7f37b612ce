/* block_cache.c: emptying the per-thread block caches of block_cache.h at
 * thread and process exit. The fast paths are inline in the header. */
#include "block_cache.h"

#include <pthread.h>

_Thread_local cg_block_cache cg_block_cache_tls;

static pthread_key_t exit_key;
static bool have_key;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void drain(void *arg) {
    cg_block_cache *c = arg;
    for (int k = 0; k < CG_BLOCK_KINDS; k++)
        while (c->n[k])
            free(c->blocks[k][--c->n[k]]);
    /* a block freed after this (by another thread-exit destructor) hooks
     * the cache again, and the destructor runs once more */
    c->hooked = false;
}

static void drain_at_exit(void) { drain(&cg_block_cache_tls); }

static void init_once(void) {
    have_key = pthread_key_create(&exit_key, drain) == 0;
    if (have_key && atexit(drain_at_exit) != 0)
        have_key = false;
}

bool cg_block_cache_hook(void) {
    pthread_once(&once, init_once);
    cg_block_cache *c = &cg_block_cache_tls;
    if (!have_key || pthread_setspecific(exit_key, c) != 0)
        return false;
    c->hooked = true;
    return true;
}
