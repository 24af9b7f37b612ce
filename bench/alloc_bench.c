/* alloc_bench.c: what a cached malloc + free pair of the CUDA caching
 * allocator (cuda/caching_allocator.h) costs on the host, over the
 * simulated device of the unit tests (tests/unit/sim_device.c), so no GPU
 * is needed: the figure is the allocator's own bookkeeping (best-fit
 * search, split, merge, statistics), which is all a cached pair does.
 * Target (issue 6): well under 1 us. Prints ns per pair, best of 5 runs.
 *
 * Shapes: a small-pool pair (4 KiB, carved from a 2 MiB segment and
 * merged back), a large-pool pair (4 MiB from a 20 MiB segment), and a
 * small pair with 1000 other live blocks and 1000 cached free blocks
 * around, so the best-fit set is not trivially small. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "caching_allocator.h"
#include "error.h"
#include "../tests/unit/sim_device.h"

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void *must(void *p) {
    if (!p) {
        fprintf(stderr, "alloc_bench: %s\n", cg_error_message());
        exit(1);
    }
    return p;
}

/* Best of 5 runs of n pairs of malloc(size) + free. */
static double pair_ns(cg_caching_allocator *a, size_t size, long n) {
    double best = 1e30;
    for (int run = 0; run < 5; run++) {
        double t0 = now_ns();
        for (long i = 0; i < n; i++)
            cg_caching_allocator_free(a, must(cg_caching_allocator_malloc(a, size, 0)));
        double dt = (now_ns() - t0) / (double)n;
        if (dt < best)
            best = dt;
    }
    return best;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    sim_device dev;
    sim_device_init(&dev, (size_t)64 << 30);
    cg_memory_provider p = sim_device_provider(&dev);
    cg_caching_allocator *a = must(cg_caching_allocator_new(0, &p, NULL));
    /* warm: the segments exist, the pairs below are all cached */
    cg_caching_allocator_free(a, must(cg_caching_allocator_malloc(a, 4096, 0)));
    cg_caching_allocator_free(a, must(cg_caching_allocator_malloc(a, (size_t)4 << 20, 0)));
    printf("caching allocator, cached malloc+free pair, small (4 KiB): %.1f ns\n", pair_ns(a, 4096, n));
    printf("caching allocator, cached malloc+free pair, large (4 MiB): %.1f ns\n", pair_ns(a, (size_t)4 << 20, n));
    /* 2000 live 4 KiB..8 KiB blocks, every other one freed: 1000 cached
     * free blocks of assorted sizes between live ones */
    enum { CROWD = 2000 };
    void *live[CROWD];
    for (int i = 0; i < CROWD; i++)
        live[i] = must(cg_caching_allocator_malloc(a, 4096 + (size_t)(i % 8) * 512, 0));
    for (int i = 0; i < CROWD; i += 2)
        cg_caching_allocator_free(a, live[i]);
    printf("caching allocator, cached malloc+free pair, small, 1000 free blocks cached: %.1f ns\n",
           pair_ns(a, 6000, n));
    for (int i = 1; i < CROWD; i += 2)
        cg_caching_allocator_free(a, live[i]);
    if (dev.mallocs > 40) {
        fprintf(stderr, "alloc_bench: %d device mallocs: the pairs were not cached\n", dev.mallocs);
        return 1;
    }
    cg_caching_allocator_delete(a);
    return 0;
}
