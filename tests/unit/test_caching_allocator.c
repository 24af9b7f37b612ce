/* test_caching_allocator.c: the CUDA caching allocator (cuda/) on a
 * simulated device (sim_device.h), rule by rule, with the exact
 * memory_stats() after every step.
 *
 * There is no GPU to record PyTorch's figures from, so every expected
 * number is worked out from PyTorch's rules (shared/reference/
 * cuda_display.md, part A; c10/cuda/CUDACachingAllocator.cpp) in the
 * comment beside it. M is one MiB.
 *
 * How the statistics are checked (STATS): each context keeps the whole
 * expected cg_device_stats. A step lists the pool rows that change, as
 * {current, peak, allocated, freed}, and the counters that change; every
 * other key must be as it was. The "all" rows are not listed: they must
 * be large_pool + small_pool, with a peak that is the highest of the
 * "all" currents seen at the steps and the pools' peaks; a test that uses
 * both pools checks after every call, so that this is exact, and an
 * "all" row may still be listed (after reset_peak). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "alloc_size.h"
#include "caching_allocator.h"
#include "error.h"
#include "sim_device.h"

#define M ((int64_t)1 << 20)
#define BASE ((uintptr_t)SIM_DEVICE_BASE)

typedef struct {
    sim_device dev;
    cg_caching_allocator *a;
    cg_device_stats expected;
} ctx;

static void ctx_init(ctx *c, size_t capacity, const char *conf_text) {
    cg_alloc_conf conf;
    cr_assert_eq(cg_alloc_conf_parse(conf_text, &conf), 0, "%s", cg_error_message());
    sim_device_init(&c->dev, capacity);
    cg_memory_provider p = sim_device_provider(&c->dev);
    c->a = cg_caching_allocator_new(0, &p, &conf);
    cr_assert(c->a);
    memset(&c->expected, 0, sizeof c->expected);
    c->expected.max_split_size = conf.max_split_size == SIZE_MAX ? -1 : (int64_t)conf.max_split_size;
}

static void ctx_free(ctx *c) { cg_caching_allocator_delete(c->a); }

/* ---- the statistics helper -------------------------------------------------- */

typedef struct {
    const char *key; /* "allocated_bytes.small_pool", "oversize_segments", "num_ooms", ... */
    int64_t current, peak, allocated, freed;
} row;

static cg_stat *stat_for(cg_device_stats *s, const char *key) {
    if (!strcmp(key, "oversize_allocations"))
        return &s->oversize_allocations;
    if (!strcmp(key, "oversize_segments"))
        return &s->oversize_segments;
    for (int f = 0; f < CG_STAT_FAMILY_COUNT; f++)
        for (int p = 0; p < CG_POOL_COUNT; p++) {
            char name[64];
            snprintf(name, sizeof name, "%s.%s", cg_stat_family_name(f), cg_pool_kind_name(p));
            if (!strcmp(key, name))
                return &s->stat[f][p];
        }
    return NULL;
}

static int64_t *counter_for(cg_device_stats *s, const char *key) {
    static const char *const names[] = {"num_alloc_retries", "num_ooms",        "num_sync_all_streams",
                                        "num_device_alloc",  "num_device_free", "max_split_size"};
    int64_t *fields[] = {&s->num_alloc_retries, &s->num_ooms,        &s->num_sync_all_streams,
                         &s->num_device_alloc,  &s->num_device_free, &s->max_split_size};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(key, names[i]))
            return fields[i];
    return NULL;
}

/* Sets the listed rows, then derives the "all" rows not listed. */
static void expect_rows(cg_device_stats *e, const row *rows, int n) {
    bool all_listed[CG_STAT_FAMILY_COUNT] = {0};
    for (int i = 0; i < n; i++) {
        cg_stat *s = stat_for(e, rows[i].key);
        int64_t *k = counter_for(e, rows[i].key);
        cr_assert(s || k, "no statistic %s", rows[i].key);
        if (s)
            *s = (cg_stat){rows[i].current, rows[i].peak, rows[i].allocated, rows[i].freed};
        else
            *k = rows[i].current;
        for (int f = 0; f < CG_STAT_FAMILY_COUNT; f++)
            if (s == &e->stat[f][CG_POOL_ALL])
                all_listed[f] = true;
    }
    for (int f = 0; f < CG_STAT_FAMILY_COUNT; f++) {
        if (all_listed[f])
            continue;
        cg_stat *all = &e->stat[f][CG_POOL_ALL], *l = &e->stat[f][CG_POOL_LARGE], *s = &e->stat[f][CG_POOL_SMALL];
        all->current = l->current + s->current;
        all->allocated = l->allocated + s->allocated;
        all->freed = l->freed + s->freed;
        int64_t peaks[] = {all->current, l->peak, s->peak};
        for (int i = 0; i < 3; i++)
            if (peaks[i] > all->peak)
                all->peak = peaks[i];
    }
}

static void compare_stat(const char *name, const cg_stat *got, const cg_stat *want, int line) {
    cr_expect(got->current == want->current && got->peak == want->peak && got->allocated == want->allocated
                  && got->freed == want->freed,
              "line %d: %s is {%ld, %ld, %ld, %ld}, expected {%ld, %ld, %ld, %ld}", line, name, (long)got->current,
              (long)got->peak, (long)got->allocated, (long)got->freed, (long)want->current, (long)want->peak,
              (long)want->allocated, (long)want->freed);
}

static void check_stats(ctx *c, const row *rows, int n, int line) {
    expect_rows(&c->expected, rows, n);
    cg_device_stats got;
    cg_caching_allocator_stats(c->a, &got);
    cg_device_stats *want = &c->expected;
    for (int f = 0; f < CG_STAT_FAMILY_COUNT; f++)
        for (int p = 0; p < CG_POOL_COUNT; p++) {
            char name[64];
            snprintf(name, sizeof name, "%s.%s", cg_stat_family_name(f), cg_pool_kind_name(p));
            compare_stat(name, &got.stat[f][p], &want->stat[f][p], line);
        }
    compare_stat("oversize_allocations", &got.oversize_allocations, &want->oversize_allocations, line);
    compare_stat("oversize_segments", &got.oversize_segments, &want->oversize_segments, line);
    static const char *const names[] = {"num_alloc_retries", "num_ooms",        "num_sync_all_streams",
                                        "num_device_alloc",  "num_device_free", "max_split_size"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        cr_expect_eq(*counter_for(&got, names[i]), *counter_for(want, names[i]), "line %d: %s is %ld, expected %ld",
                     line, names[i], (long)*counter_for(&got, names[i]), (long)*counter_for(want, names[i]));
}

#define STATS(c, ...)                                                            \
    check_stats((c), (row[]){{"num_ooms", (c)->expected.num_ooms}, __VA_ARGS__}, \
                (int)(sizeof((row[]){{NULL}, __VA_ARGS__}) / sizeof(row)), __LINE__)
#define STATS_SAME(c) check_stats((c), NULL, 0, __LINE__)

static uintptr_t alloc_ok(ctx *c, size_t n, int64_t stream) {
    void *p = cg_caching_allocator_malloc(c->a, n, stream);
    cr_assert(p, "malloc(%zu) failed: %s", n, cg_error_message());
    return (uintptr_t)p;
}

static void release(ctx *c, uintptr_t p) { cg_caching_allocator_free(c->a, (void *)p); }

static const char OOM_TAIL[] =
    " If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
    "to avoid fragmentation.  See documentation for Memory Management  "
    "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)";

/* ---- sizes ------------------------------------------------------------------ */

Test(caching_allocator, rounds_sizes) {
    cg_alloc_conf conf;
    cg_alloc_conf_default(&conf);
    cr_expect_eq(cg_alloc_round_size(&conf, 1), 512);
    cr_expect_eq(cg_alloc_round_size(&conf, 512), 512);
    cr_expect_eq(cg_alloc_round_size(&conf, 513), 1024);
    cr_expect_eq(cg_alloc_round_size(&conf, 1200), 1536);
    /* 1200 in 4 divisions of [1024, 2048): 1024, 1280, 1536, 1792 -> 1280 */
    cr_expect_eq(cg_alloc_roundup_power2_next_division(1200, 4), 1280);
    cr_expect_eq(cg_alloc_roundup_power2_next_division(1024, 4), 1024);
    cr_expect_eq(cg_alloc_roundup_power2_next_division(1500, 8), 1536);
    cr_assert_eq(cg_alloc_conf_parse("roundup_power2_divisions:4", &conf), 0);
    /* 1200 <= 512 * 4: plain 512 rounding still */
    cr_expect_eq(cg_alloc_round_size(&conf, 1200), 1536);
    /* 3 M + 1 lies in [2 M, 4 M): steps of 512 KiB -> 3.5 M */
    cr_expect_eq(cg_alloc_round_size(&conf, 3 * M + 1), 3 * M + M / 2);
    cr_assert_eq(cg_alloc_conf_parse("roundup_power2_divisions:[256:1,512:2,>:8]", &conf), 0);
    /* 600 M lies in [512 M, 1 G), the "512" interval: 2 divisions -> 768 M */
    cr_expect_eq(cg_alloc_round_size(&conf, 600 * M), 768 * M);
    /* 1.5 G + 1 is past the last named interval: 8 divisions of [1 G, 2 G),
     * steps of 128 M -> 1664 M */
    cr_expect_eq(cg_alloc_round_size(&conf, 1536 * M + 1), 1664 * M);
    /* below 256 M the first interval's setting (1: plain rounding) */
    cr_expect_eq(cg_alloc_round_size(&conf, 3 * M + 1), 3 * M + 512);
}

Test(caching_allocator, sizes_segments_by_pool) {
    cr_expect_eq(cg_alloc_segment_size(512), 2 * M);      /* small pool: 2 MiB segments */
    cr_expect_eq(cg_alloc_segment_size(1 * M), 2 * M);    /* 1 MiB is still small */
    cr_expect_eq(cg_alloc_segment_size(M + 512), 20 * M); /* 1-10 MiB: a 20 MiB segment */
    cr_expect_eq(cg_alloc_segment_size(10 * M - 512), 20 * M);
    cr_expect_eq(cg_alloc_segment_size(10 * M), 10 * M); /* from 10 MiB: rounded to 2 MiB */
    cr_expect_eq(cg_alloc_segment_size(10 * M + 512), 12 * M);
}

/* ---- the small pool: split and merge ------------------------------------------ */

Test(caching_allocator, splits_small_segments_and_merges_both_neighbours) {
    ctx c;
    ctx_init(&c, 1024 * M, NULL);
    STATS_SAME(&c); /* all zero, max_split_size -1 */
    cr_expect_eq(c.expected.max_split_size, -1);

    /* 1000 -> 1024 bytes, small pool, a new 2 MiB segment split into 1024
     * allocated + 2096128 inactive */
    uintptr_t p1 = alloc_ok(&c, 1000, 0);
    cr_expect_eq(p1, BASE);
    STATS(&c, {"segment.small_pool", 1, 1, 1, 0}, {"reserved_bytes.small_pool", 2 * M, 2 * M, 2 * M, 0},
          {"inactive_split.small_pool", 1, 1, 1, 0}, {"inactive_split_bytes.small_pool", 2096128, 2096128, 2096128, 0},
          {"allocation.small_pool", 1, 1, 1, 0}, {"allocated_bytes.small_pool", 1024, 1024, 1024, 0},
          {"active.small_pool", 1, 1, 1, 0}, {"active_bytes.small_pool", 1024, 1024, 1024, 0},
          {"requested_bytes.small_pool", 1000, 1000, 1000, 0}, {"num_device_alloc", 1});

    /* best fit is the 2096128 remainder: split again; an inactive split
     * block shrinks by 1024 (bytes freed 1024, count unchanged) */
    uintptr_t p2 = alloc_ok(&c, 1000, 0);
    cr_expect_eq(p2, BASE + 1024);
    cr_expect_eq(c.dev.mallocs, 1);
    STATS(&c, {"inactive_split_bytes.small_pool", 2095104, 2096128, 2096128, 1024},
          {"allocation.small_pool", 2, 2, 2, 0}, {"allocated_bytes.small_pool", 2048, 2048, 2048, 0},
          {"active.small_pool", 2, 2, 2, 0}, {"active_bytes.small_pool", 2048, 2048, 2048, 0},
          {"requested_bytes.small_pool", 2000, 2000, 2000, 0});

    /* p1 freed: its neighbour p2 is live, so it stays a 1024-byte inactive
     * split block: +1 block, +1024 bytes */
    release(&c, p1);
    STATS(&c, {"allocation.small_pool", 1, 2, 2, 1}, {"allocated_bytes.small_pool", 1024, 2048, 2048, 1024},
          {"inactive_split.small_pool", 2, 2, 2, 0},
          {"inactive_split_bytes.small_pool", 2096128, 2096128, 2097152, 1024}, {"active.small_pool", 1, 2, 2, 1},
          {"active_bytes.small_pool", 1024, 2048, 2048, 1024}, {"requested_bytes.small_pool", 1000, 2000, 2000, 1000});

    /* p2 freed: merges with both free neighbours (1024 before, 2095104
     * after) into the whole segment: -2 blocks, -2096128 bytes */
    release(&c, p2);
    STATS(&c, {"allocation.small_pool", 0, 2, 2, 2}, {"allocated_bytes.small_pool", 0, 2048, 2048, 2048},
          {"inactive_split.small_pool", 0, 2, 2, 2}, {"inactive_split_bytes.small_pool", 0, 2096128, 2097152, 2097152},
          {"active.small_pool", 0, 2, 2, 2}, {"active_bytes.small_pool", 0, 2048, 2048, 2048},
          {"requested_bytes.small_pool", 0, 2000, 2000, 2000});
    cg_memory_snapshot snap;
    cr_assert_eq(cg_caching_allocator_snapshot(c.a, &snap), 0);
    cr_assert_eq(snap.nsegments, 1);
    cr_expect_eq(snap.segments[0].nblocks, 1);
    cr_expect_eq(snap.segments[0].blocks[0].size, 2 * M);
    cr_expect_eq(snap.segments[0].blocks[0].state, CG_BLOCK_INACTIVE);
    cg_memory_snapshot_free(&snap);

    /* 600 -> 1024 from the cached whole segment: a new split */
    uintptr_t p3 = alloc_ok(&c, 600, 0);
    cr_expect_eq(p3, BASE);
    cr_expect_eq(c.dev.mallocs, 1);
    STATS(&c, {"inactive_split.small_pool", 1, 2, 3, 2},
          {"inactive_split_bytes.small_pool", 2096128, 2096128, 4193280, 2097152},
          {"allocation.small_pool", 1, 2, 3, 2}, {"allocated_bytes.small_pool", 1024, 2048, 3072, 2048},
          {"active.small_pool", 1, 2, 3, 2}, {"active_bytes.small_pool", 1024, 2048, 3072, 2048},
          {"requested_bytes.small_pool", 600, 2000, 2600, 2000});
    release(&c, p3);
    ctx_free(&c);
}

/* ---- the large pool: best fit, internal rounding, the snapshot ----------------- */

Test(caching_allocator, takes_the_best_fit_and_keeps_small_remainders) {
    ctx c;
    ctx_init(&c, 1024 * M, NULL);
    /* 4 M: large pool, a 20 M segment, the 16 M rest split off (> 1 M) */
    uintptr_t x1 = alloc_ok(&c, 4 * M, 0);
    STATS(&c, {"segment.large_pool", 1, 1, 1, 0}, {"reserved_bytes.large_pool", 20 * M, 20 * M, 20 * M, 0},
          {"inactive_split.large_pool", 1, 1, 1, 0}, {"inactive_split_bytes.large_pool", 16 * M, 16 * M, 16 * M, 0},
          {"allocation.large_pool", 1, 1, 1, 0}, {"allocated_bytes.large_pool", 4 * M, 4 * M, 4 * M, 0},
          {"active.large_pool", 1, 1, 1, 0}, {"active_bytes.large_pool", 4 * M, 4 * M, 4 * M, 0},
          {"requested_bytes.large_pool", 4 * M, 4 * M, 4 * M, 0}, {"num_device_alloc", 1});
    /* 2 M, 3 M, 2 M carved one after the other from the rest */
    uintptr_t x2 = alloc_ok(&c, 2 * M, 0);
    uintptr_t x3 = alloc_ok(&c, 3 * M, 0);
    uintptr_t x4 = alloc_ok(&c, 2 * M, 0);
    cr_expect(x1 == BASE && x2 == BASE + 4 * M && x3 == BASE + 6 * M && x4 == BASE + 9 * M);
    STATS(&c, {"inactive_split_bytes.large_pool", 9 * M, 16 * M, 16 * M, 7 * M}, {"allocation.large_pool", 4, 4, 4, 0},
          {"allocated_bytes.large_pool", 11 * M, 11 * M, 11 * M, 0}, {"active.large_pool", 4, 4, 4, 0},
          {"active_bytes.large_pool", 11 * M, 11 * M, 11 * M, 0},
          {"requested_bytes.large_pool", 11 * M, 11 * M, 11 * M, 0});
    /* x1 and x3 freed between live blocks: free blocks of 4 M, 3 M, 9 M */
    release(&c, x1);
    STATS(&c, {"allocation.large_pool", 3, 4, 4, 1}, {"allocated_bytes.large_pool", 7 * M, 11 * M, 11 * M, 4 * M},
          {"inactive_split.large_pool", 2, 2, 2, 0}, {"inactive_split_bytes.large_pool", 13 * M, 16 * M, 20 * M, 7 * M},
          {"active.large_pool", 3, 4, 4, 1}, {"active_bytes.large_pool", 7 * M, 11 * M, 11 * M, 4 * M},
          {"requested_bytes.large_pool", 7 * M, 11 * M, 11 * M, 4 * M});
    release(&c, x3);
    STATS(&c, {"allocation.large_pool", 2, 4, 4, 2}, {"allocated_bytes.large_pool", 4 * M, 11 * M, 11 * M, 7 * M},
          {"inactive_split.large_pool", 3, 3, 3, 0}, {"inactive_split_bytes.large_pool", 16 * M, 16 * M, 23 * M, 7 * M},
          {"active.large_pool", 2, 4, 4, 2}, {"active_bytes.large_pool", 4 * M, 11 * M, 11 * M, 7 * M},
          {"requested_bytes.large_pool", 4 * M, 11 * M, 11 * M, 7 * M});
    /* 2.5 M: the best fit is the 3 M block (not the 4 M at a lower
     * address); its 512 KiB rest is not > 1 M, so it stays inside the
     * block: allocated 3 M, requested 2.5 M */
    uintptr_t x5 = alloc_ok(&c, 5 * M / 2, 0);
    cr_expect_eq(x5, BASE + 6 * M);
    cr_expect_eq(c.dev.mallocs, 1);
    STATS(&c, {"inactive_split.large_pool", 2, 3, 3, 1},
          {"inactive_split_bytes.large_pool", 13 * M, 16 * M, 23 * M, 10 * M}, {"allocation.large_pool", 3, 4, 5, 2},
          {"allocated_bytes.large_pool", 7 * M, 11 * M, 14 * M, 7 * M}, {"active.large_pool", 3, 4, 5, 2},
          {"active_bytes.large_pool", 7 * M, 11 * M, 14 * M, 7 * M},
          {"requested_bytes.large_pool", 13 * M / 2, 11 * M, 27 * M / 2, 7 * M});

    /* the snapshot: one large segment, its five blocks by address */
    cg_memory_snapshot snap;
    cr_assert_eq(cg_caching_allocator_snapshot(c.a, &snap), 0);
    cr_assert_eq(snap.nsegments, 1);
    cg_snapshot_segment *s = &snap.segments[0];
    cr_expect(s->address == BASE && s->total_size == 20 * M && !s->is_small && s->stream == 0 && s->device == 0);
    cr_expect(s->allocated_size == 7 * M && s->active_size == 7 * M && s->requested_size == 13 * M / 2);
    cr_assert_eq(s->nblocks, 5);
    const struct {
        int64_t offset, size, requested;
        cg_block_state state;
    } want[] = {{0, 4 * M, 0, CG_BLOCK_INACTIVE},
                {4 * M, 2 * M, 2 * M, CG_BLOCK_ACTIVE_ALLOCATED},
                {6 * M, 3 * M, 5 * M / 2, CG_BLOCK_ACTIVE_ALLOCATED},
                {9 * M, 2 * M, 2 * M, CG_BLOCK_ACTIVE_ALLOCATED},
                {11 * M, 9 * M, 0, CG_BLOCK_INACTIVE}};
    for (int i = 0; i < 5; i++) {
        cr_expect_eq(s->blocks[i].address, BASE + (uint64_t)want[i].offset, "block %d", i);
        cr_expect_eq(s->blocks[i].size, want[i].size, "block %d", i);
        cr_expect_eq(s->blocks[i].requested_size, want[i].requested, "block %d", i);
        cr_expect_eq(s->blocks[i].state, want[i].state, "block %d", i);
    }
    cg_memory_snapshot_free(&snap);
    STATS_SAME(&c);
    release(&c, x2), release(&c, x4), release(&c, x5);
    ctx_free(&c);
}

/* ---- streams ------------------------------------------------------------------ */

Test(caching_allocator, reuses_blocks_on_the_same_stream_only) {
    ctx c;
    ctx_init(&c, 1024 * M, NULL);
    uintptr_t a = alloc_ok(&c, 1000, 1);
    release(&c, a); /* the whole segment is cached, for stream 1 */
    STATS(&c, {"segment.small_pool", 1, 1, 1, 0}, {"reserved_bytes.small_pool", 2 * M, 2 * M, 2 * M, 0},
          {"inactive_split.small_pool", 0, 1, 1, 1}, {"inactive_split_bytes.small_pool", 0, 2096128, 2096128, 2096128},
          {"allocation.small_pool", 0, 1, 1, 1}, {"allocated_bytes.small_pool", 0, 1024, 1024, 1024},
          {"active.small_pool", 0, 1, 1, 1}, {"active_bytes.small_pool", 0, 1024, 1024, 1024},
          {"requested_bytes.small_pool", 0, 1000, 1000, 1000}, {"num_device_alloc", 1});
    /* stream 2 cannot use it: a second segment */
    uintptr_t b = alloc_ok(&c, 1000, 2);
    cr_expect_eq(b, BASE + 2 * M);
    STATS(&c, {"segment.small_pool", 2, 2, 2, 0}, {"reserved_bytes.small_pool", 4 * M, 4 * M, 4 * M, 0},
          {"inactive_split.small_pool", 1, 1, 2, 1},
          {"inactive_split_bytes.small_pool", 2096128, 2096128, 4192256, 2096128},
          {"allocation.small_pool", 1, 1, 2, 1}, {"allocated_bytes.small_pool", 1024, 1024, 2048, 1024},
          {"active.small_pool", 1, 1, 2, 1}, {"active_bytes.small_pool", 1024, 1024, 2048, 1024},
          {"requested_bytes.small_pool", 1000, 1000, 2000, 1000}, {"num_device_alloc", 2});
    /* stream 1 again: its cached segment */
    uintptr_t d = alloc_ok(&c, 1000, 1);
    cr_expect_eq(d, BASE);
    STATS(&c, {"inactive_split.small_pool", 2, 2, 3, 1},
          {"inactive_split_bytes.small_pool", 4192256, 4192256, 6288384, 2096128},
          {"allocation.small_pool", 2, 2, 3, 1}, {"allocated_bytes.small_pool", 2048, 2048, 3072, 1024},
          {"active.small_pool", 2, 2, 3, 1}, {"active_bytes.small_pool", 2048, 2048, 3072, 1024},
          {"requested_bytes.small_pool", 2000, 2000, 3000, 1000});
    cg_memory_snapshot snap;
    cr_assert_eq(cg_caching_allocator_snapshot(c.a, &snap), 0);
    cr_assert_eq(snap.nsegments, 2);
    cr_expect(snap.segments[0].address == BASE && snap.segments[0].stream == 1 && snap.segments[0].is_small);
    cr_expect(snap.segments[1].address == BASE + 2 * M && snap.segments[1].stream == 2);
    cg_memory_snapshot_free(&snap);
    release(&c, b), release(&c, d);
    ctx_free(&c);
}

/* ---- oversize blocks ------------------------------------------------------------ */

Test(caching_allocator, never_splits_oversize_blocks_and_releases_them_for_room) {
    ctx c;
    ctx_init(&c, 100 * M, "max_split_size_mb:40");
    STATS(&c, {"max_split_size", 40 * M});
    /* 50 M >= max_split_size: its own 50 M segment, oversize, not split */
    uintptr_t x = alloc_ok(&c, 50 * M, 0);
    STATS(&c, {"segment.large_pool", 1, 1, 1, 0}, {"reserved_bytes.large_pool", 50 * M, 50 * M, 50 * M, 0},
          {"oversize_segments", 1, 1, 1, 0}, {"oversize_allocations", 1, 1, 1, 0},
          {"allocation.large_pool", 1, 1, 1, 0}, {"allocated_bytes.large_pool", 50 * M, 50 * M, 50 * M, 0},
          {"active.large_pool", 1, 1, 1, 0}, {"active_bytes.large_pool", 50 * M, 50 * M, 50 * M, 0},
          {"requested_bytes.large_pool", 50 * M, 50 * M, 50 * M, 0}, {"num_device_alloc", 1});
    release(&c, x);
    STATS(&c, {"oversize_allocations", 0, 1, 1, 1}, {"allocation.large_pool", 0, 1, 1, 1},
          {"allocated_bytes.large_pool", 0, 50 * M, 50 * M, 50 * M}, {"active.large_pool", 0, 1, 1, 1},
          {"active_bytes.large_pool", 0, 50 * M, 50 * M, 50 * M},
          {"requested_bytes.large_pool", 0, 50 * M, 50 * M, 50 * M});
    /* 45 M: the cached 50 M block is within the 20 M rounding slack:
     * reused whole, not split */
    uintptr_t y = alloc_ok(&c, 45 * M, 0);
    cr_expect_eq(y, BASE);
    STATS(&c, {"oversize_allocations", 1, 1, 2, 1}, {"allocation.large_pool", 1, 1, 2, 1},
          {"allocated_bytes.large_pool", 50 * M, 50 * M, 100 * M, 50 * M}, {"active.large_pool", 1, 1, 2, 1},
          {"active_bytes.large_pool", 50 * M, 50 * M, 100 * M, 50 * M},
          {"requested_bytes.large_pool", 45 * M, 50 * M, 95 * M, 50 * M});
    release(&c, y);
    STATS(&c, {"oversize_allocations", 0, 1, 2, 2}, {"allocation.large_pool", 0, 1, 2, 2},
          {"allocated_bytes.large_pool", 0, 50 * M, 100 * M, 100 * M}, {"active.large_pool", 0, 1, 2, 2},
          {"active_bytes.large_pool", 0, 50 * M, 100 * M, 100 * M},
          {"requested_bytes.large_pool", 0, 50 * M, 95 * M, 95 * M});
    /* 25 M < max_split_size: an oversize block is never handed to it; a
     * new 26 M segment (25 M rounded to 2 M), its 1 M rest kept inside */
    uintptr_t z = alloc_ok(&c, 25 * M, 0);
    cr_expect_eq(z, BASE + 50 * M);
    STATS(&c, {"segment.large_pool", 2, 2, 2, 0}, {"reserved_bytes.large_pool", 76 * M, 76 * M, 76 * M, 0},
          {"allocation.large_pool", 1, 1, 3, 2}, {"allocated_bytes.large_pool", 26 * M, 50 * M, 126 * M, 100 * M},
          {"active.large_pool", 1, 1, 3, 2}, {"active_bytes.large_pool", 26 * M, 50 * M, 126 * M, 100 * M},
          {"requested_bytes.large_pool", 25 * M, 50 * M, 120 * M, 95 * M}, {"num_device_alloc", 2});
    /* 30 M: 76 + 30 > 100, the device refuses; release_available_cached_blocks
     * frees the cached oversize 50 M block (>= max(30 M, 40 M)), then the
     * second try succeeds: no retry counted, no synchronisation */
    uintptr_t w = alloc_ok(&c, 30 * M, 0);
    cr_expect_eq(w, BASE + 76 * M);
    cr_expect_eq(c.dev.failed_mallocs, 1);
    STATS(&c, {"segment.large_pool", 2, 2, 3, 1}, {"reserved_bytes.large_pool", 56 * M, 76 * M, 106 * M, 50 * M},
          {"oversize_segments", 0, 1, 1, 1}, {"allocation.large_pool", 2, 2, 4, 2},
          {"allocated_bytes.large_pool", 56 * M, 56 * M, 156 * M, 100 * M}, {"active.large_pool", 2, 2, 4, 2},
          {"active_bytes.large_pool", 56 * M, 56 * M, 156 * M, 100 * M},
          {"requested_bytes.large_pool", 55 * M, 55 * M, 150 * M, 95 * M}, {"num_device_alloc", 3},
          {"num_device_free", 1});
    release(&c, z), release(&c, w);
    ctx_free(&c);
}

Test(caching_allocator, reuses_oversize_blocks_only_within_the_rounding_slack) {
    ctx c;
    ctx_init(&c, 200 * M, "max_split_size_mb:40");
    release(&c, alloc_ok(&c, 70 * M, 0));
    STATS(&c, {"max_split_size", 40 * M}, {"segment.large_pool", 1, 1, 1, 0},
          {"reserved_bytes.large_pool", 70 * M, 70 * M, 70 * M, 0}, {"oversize_segments", 1, 1, 1, 0},
          {"oversize_allocations", 0, 1, 1, 1}, {"allocation.large_pool", 0, 1, 1, 1},
          {"allocated_bytes.large_pool", 0, 70 * M, 70 * M, 70 * M}, {"active.large_pool", 0, 1, 1, 1},
          {"active_bytes.large_pool", 0, 70 * M, 70 * M, 70 * M},
          {"requested_bytes.large_pool", 0, 70 * M, 70 * M, 70 * M}, {"num_device_alloc", 1});
    /* 45 M: 70 - 45 = 25 M >= 20 M: not reused; a new 46 M segment */
    uintptr_t y = alloc_ok(&c, 45 * M, 0);
    cr_expect_eq(y, BASE + 70 * M);
    STATS(&c, {"segment.large_pool", 2, 2, 2, 0}, {"reserved_bytes.large_pool", 116 * M, 116 * M, 116 * M, 0},
          {"oversize_segments", 2, 2, 2, 0}, {"oversize_allocations", 1, 1, 2, 1},
          {"allocation.large_pool", 1, 1, 2, 1}, {"allocated_bytes.large_pool", 46 * M, 70 * M, 116 * M, 70 * M},
          {"active.large_pool", 1, 1, 2, 1}, {"active_bytes.large_pool", 46 * M, 70 * M, 116 * M, 70 * M},
          {"requested_bytes.large_pool", 45 * M, 70 * M, 115 * M, 70 * M}, {"num_device_alloc", 2});
    release(&c, y);
    ctx_free(&c);
}

/* ---- retry, out of memory -------------------------------------------------------- */

Test(caching_allocator, frees_the_cache_and_retries_before_failing) {
    ctx c;
    ctx_init(&c, 40 * M, NULL);
    /* 1 M + 1 -> 1 M + 512, large pool, a 20 M segment; freed, cached whole */
    release(&c, alloc_ok(&c, M + 1, 0));
    STATS(&c, {"segment.large_pool", 1, 1, 1, 0}, {"reserved_bytes.large_pool", 20 * M, 20 * M, 20 * M, 0},
          {"inactive_split.large_pool", 0, 1, 1, 1},
          {"inactive_split_bytes.large_pool", 0, 19922432, 19922432, 19922432}, {"allocation.large_pool", 0, 1, 1, 1},
          {"allocated_bytes.large_pool", 0, M + 512, M + 512, M + 512}, {"active.large_pool", 0, 1, 1, 1},
          {"active_bytes.large_pool", 0, M + 512, M + 512, M + 512},
          {"requested_bytes.large_pool", 0, M + 1, M + 1, M + 1}, {"num_device_alloc", 1});
    /* 30 M: 20 + 30 > 40; no max_split_size, so nothing oversize to free;
     * then every whole cached segment goes (the 20 M one) and the retry
     * succeeds: num_alloc_retries 1, num_sync_all_streams 1 */
    uintptr_t b = alloc_ok(&c, 30 * M, 0);
    cr_expect_eq(b, BASE + 20 * M);
    cr_expect_eq(c.dev.syncs, 1);
    STATS(&c, {"segment.large_pool", 1, 1, 2, 1}, {"reserved_bytes.large_pool", 30 * M, 30 * M, 50 * M, 20 * M},
          {"allocation.large_pool", 1, 1, 2, 1}, {"allocated_bytes.large_pool", 30 * M, 30 * M, 31 * M + 512, M + 512},
          {"active.large_pool", 1, 1, 2, 1}, {"active_bytes.large_pool", 30 * M, 30 * M, 31 * M + 512, M + 512},
          {"requested_bytes.large_pool", 30 * M, 30 * M, 31 * M + 1, M + 1}, {"num_device_alloc", 2},
          {"num_device_free", 1}, {"num_alloc_retries", 1}, {"num_sync_all_streams", 1});
    release(&c, b);
    ctx_free(&c);
}

Test(caching_allocator, reports_out_of_memory_in_pytorchs_words) {
    ctx c;
    ctx_init(&c, 30 * M, NULL);
    uintptr_t x = alloc_ok(&c, 3 * M, 0); /* a 20 M segment: 3 M + 17 M free */
    uintptr_t y = alloc_ok(&c, 9 * M, 0); /* from the rest: 3 M, 9 M, 8 M free */
    STATS(&c, {"segment.large_pool", 1, 1, 1, 0}, {"reserved_bytes.large_pool", 20 * M, 20 * M, 20 * M, 0},
          {"inactive_split.large_pool", 1, 1, 1, 0}, {"inactive_split_bytes.large_pool", 8 * M, 17 * M, 17 * M, 9 * M},
          {"allocation.large_pool", 2, 2, 2, 0}, {"allocated_bytes.large_pool", 12 * M, 12 * M, 12 * M, 0},
          {"active.large_pool", 2, 2, 2, 0}, {"active_bytes.large_pool", 12 * M, 12 * M, 12 * M, 0},
          {"requested_bytes.large_pool", 12 * M, 12 * M, 12 * M, 0}, {"num_device_alloc", 1});
    /* 12 M: no cached block fits (8 M); 20 + 12 > 30; the split segment
     * cannot be released; the retry fails too */
    cg_trace *t = cg_caching_allocator_trace(c.a);
    cr_assert_eq(cg_trace_enable(t, 8), 0);
    cr_expect_null(cg_caching_allocator_malloc(c.a, 12 * M, 0));
    cr_expect_eq(cg_error_kind_get(), CG_OUT_OF_MEMORY_ERROR);
    char want[1024];
    snprintf(want, sizeof want,
             "CUDA out of memory. Tried to allocate 12.00 MiB. GPU 0 has a total capacity of 30.00 MiB of which 10.00 "
             "MiB is free. Of the allocated memory 12.00 MiB is allocated by PyTorch, and 8.00 MiB is reserved by "
             "PyTorch but unallocated.%s",
             OOM_TAIL);
    cr_expect_str_eq(cg_error_message(), want);
    cr_expect_eq(c.dev.failed_mallocs, 2);
    STATS(&c, {"num_ooms", 1}, {"num_alloc_retries", 1}, {"num_sync_all_streams", 1});
    /* the trace: one "oom" event, device_free 10 M, the rounded size */
    cr_assert_eq(t->count, 1);
    const cg_trace_entry *e = cg_trace_at(t, 0);
    cr_expect(e->action == CG_TRACE_OOM && e->addr == (uint64_t)10 * M && e->size == 12 * M && e->stream == 0);
    release(&c, x), release(&c, y);
    ctx_free(&c);
}

Test(caching_allocator, asks_for_the_segment_size_in_the_oom_message) {
    ctx c;
    ctx_init(&c, 10 * M, NULL);
    /* 3 M needs a 20 M segment: that is what "Tried to allocate" says */
    cr_expect_null(cg_caching_allocator_malloc(c.a, 3 * M, 0));
    char want[1024];
    snprintf(want, sizeof want,
             "CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 10.00 MiB of which 10.00 "
             "MiB is free. Of the allocated memory 0 bytes is allocated by PyTorch, and 0 bytes is reserved by "
             "PyTorch but unallocated.%s",
             OOM_TAIL);
    cr_expect_str_eq(cg_error_message(), want);
    STATS(&c, {"num_ooms", 1}, {"num_alloc_retries", 1}, {"num_sync_all_streams", 1});
    /* >= 1 EiB is refused before anything is counted */
    cr_expect_null(cg_caching_allocator_malloc(c.a, (size_t)1 << 60, 0));
    cr_expect_eq(cg_error_kind_get(), CG_OUT_OF_MEMORY_ERROR);
    cr_expect_str_eq(cg_error_message(), "CUDA out of memory. Tried to allocate more than 1EB memory.");
    STATS_SAME(&c);
    ctx_free(&c);
}

Test(caching_allocator, keeps_within_a_memory_fraction) {
    ctx c;
    ctx_init(&c, 100 * M, NULL);
    cr_assert_eq(cg_caching_allocator_set_memory_fraction(c.a, 0.5), 0);
    /* 60 M > 50 M allowed: refused three times without asking the device */
    cr_expect_null(cg_caching_allocator_malloc(c.a, 60 * M, 0));
    char want[1024];
    snprintf(want, sizeof want,
             "CUDA out of memory. Tried to allocate 60.00 MiB. GPU 0 has a total capacity of 100.00 MiB of which "
             "100.00 MiB is free. 50.00 MiB allowed; Of the allocated memory 0 bytes is allocated by PyTorch, and 0 "
             "bytes is reserved by PyTorch but unallocated.%s",
             OOM_TAIL);
    cr_expect_str_eq(cg_error_message(), want);
    cr_expect_eq(c.dev.mallocs + c.dev.failed_mallocs, 0);
    STATS(&c, {"num_ooms", 1}, {"num_alloc_retries", 1}, {"num_sync_all_streams", 1});
    cr_expect_eq(cg_caching_allocator_set_memory_fraction(c.a, 1.5), -1);
    cr_expect_eq(cg_error_kind_get(), CG_VALUE_ERROR);
    cr_expect_str_eq(cg_error_message(), "Invalid fraction value: 1.5. Allowed range: 0~1");
    ctx_free(&c);
}

/* ---- empty_cache, garbage collection ----------------------------------------------- */

Test(caching_allocator, empties_only_whole_cached_segments) {
    ctx c;
    ctx_init(&c, 1024 * M, NULL);
    uintptr_t a = alloc_ok(&c, 1000, 0); /* small segment, stays in use */
    STATS(&c, {"segment.small_pool", 1, 1, 1, 0}, {"reserved_bytes.small_pool", 2 * M, 2 * M, 2 * M, 0},
          {"inactive_split.small_pool", 1, 1, 1, 0}, {"inactive_split_bytes.small_pool", 2096128, 2096128, 2096128, 0},
          {"allocation.small_pool", 1, 1, 1, 0}, {"allocated_bytes.small_pool", 1024, 1024, 1024, 0},
          {"active.small_pool", 1, 1, 1, 0}, {"active_bytes.small_pool", 1024, 1024, 1024, 0},
          {"requested_bytes.small_pool", 1000, 1000, 1000, 0}, {"num_device_alloc", 1});
    uintptr_t b = alloc_ok(&c, 12 * M, 0); /* its own 12 M segment, not split */
    cr_expect_eq(b, BASE + 2 * M);
    STATS(&c, {"segment.large_pool", 1, 1, 1, 0}, {"reserved_bytes.large_pool", 12 * M, 12 * M, 12 * M, 0},
          {"allocation.large_pool", 1, 1, 1, 0}, {"allocated_bytes.large_pool", 12 * M, 12 * M, 12 * M, 0},
          {"active.large_pool", 1, 1, 1, 0}, {"active_bytes.large_pool", 12 * M, 12 * M, 12 * M, 0},
          {"requested_bytes.large_pool", 12 * M, 12 * M, 12 * M, 0}, {"num_device_alloc", 2});
    release(&c, b);
    STATS(&c, {"allocation.large_pool", 0, 1, 1, 1}, {"allocated_bytes.large_pool", 0, 12 * M, 12 * M, 12 * M},
          {"active.large_pool", 0, 1, 1, 1}, {"active_bytes.large_pool", 0, 12 * M, 12 * M, 12 * M},
          {"requested_bytes.large_pool", 0, 12 * M, 12 * M, 12 * M});
    /* the 12 M segment goes; the small one has a live block and stays */
    cg_caching_allocator_empty_cache(c.a);
    cr_expect(c.dev.frees == 1 && c.dev.syncs == 1);
    STATS(&c, {"segment.large_pool", 0, 1, 1, 1}, {"reserved_bytes.large_pool", 0, 12 * M, 12 * M, 12 * M},
          {"num_device_free", 1}, {"num_sync_all_streams", 1});
    /* once a is freed its segment is whole again, and goes too */
    release(&c, a);
    cg_caching_allocator_empty_cache(c.a);
    STATS(&c, {"segment.small_pool", 0, 1, 1, 1}, {"reserved_bytes.small_pool", 0, 2 * M, 2 * M, 2 * M},
          {"inactive_split.small_pool", 0, 1, 1, 1}, {"inactive_split_bytes.small_pool", 0, 2096128, 2096128, 2096128},
          {"allocation.small_pool", 0, 1, 1, 1}, {"allocated_bytes.small_pool", 0, 1024, 1024, 1024},
          {"active.small_pool", 0, 1, 1, 1}, {"active_bytes.small_pool", 0, 1024, 1024, 1024},
          {"requested_bytes.small_pool", 0, 1000, 1000, 1000}, {"num_device_free", 2}, {"num_sync_all_streams", 2});
    cr_expect_eq(c.dev.used, 0);
    ctx_free(&c);
}

Test(caching_allocator, collects_old_cached_blocks_past_the_threshold) {
    ctx c;
    ctx_init(&c, 100 * M, "garbage_collection_threshold:0.5");
    /* GC needs a fraction (as in PyTorch): allowed 50 M, threshold 25 M */
    cr_assert_eq(cg_caching_allocator_set_memory_fraction(c.a, 0.5), 0);
    /* each large-pool search ticks the pool's clock: a is cached at 1, b at 2 */
    release(&c, alloc_ok(&c, 12 * M, 0)); /* clock 1 */
    release(&c, alloc_ok(&c, 14 * M, 0)); /* clock 2; the 12 M block is too small */
    STATS(&c, {"segment.large_pool", 2, 2, 2, 0}, {"reserved_bytes.large_pool", 26 * M, 26 * M, 26 * M, 0},
          {"allocation.large_pool", 0, 1, 2, 2}, {"allocated_bytes.large_pool", 0, 14 * M, 26 * M, 26 * M},
          {"active.large_pool", 0, 1, 2, 2}, {"active_bytes.large_pool", 0, 14 * M, 26 * M, 26 * M},
          {"requested_bytes.large_pool", 0, 14 * M, 26 * M, 26 * M}, {"num_device_alloc", 2});
    /* 16 M: clock 3, nothing fits; 26 M reserved > 25 M: GC. Ages 2 (the
     * 12 M) and 1 (the 14 M), average 1.5: only the 12 M block goes, which
     * reclaims more than the 1 M excess. Then a new 16 M segment. */
    uintptr_t d = alloc_ok(&c, 16 * M, 0);
    cr_expect_eq(d, BASE + 26 * M);
    STATS(&c, {"segment.large_pool", 2, 2, 3, 1}, {"reserved_bytes.large_pool", 30 * M, 30 * M, 42 * M, 12 * M},
          {"allocation.large_pool", 1, 1, 3, 2}, {"allocated_bytes.large_pool", 16 * M, 16 * M, 42 * M, 26 * M},
          {"active.large_pool", 1, 1, 3, 2}, {"active_bytes.large_pool", 16 * M, 16 * M, 42 * M, 26 * M},
          {"requested_bytes.large_pool", 16 * M, 16 * M, 42 * M, 26 * M}, {"num_device_alloc", 3},
          {"num_device_free", 1});
    cg_memory_snapshot snap;
    cr_assert_eq(cg_caching_allocator_snapshot(c.a, &snap), 0);
    cr_assert_eq(snap.nsegments, 2); /* the 14 M (kept) and the 16 M */
    cr_expect(snap.segments[0].address == BASE + 12 * M && snap.segments[0].total_size == 14 * M);
    cr_expect(snap.segments[1].address == BASE + 26 * M && snap.segments[1].total_size == 16 * M);
    cg_memory_snapshot_free(&snap);
    release(&c, d);
    ctx_free(&c);
}

/* ---- the trace, resets --------------------------------------------------------------- */

Test(caching_allocator, traces_events_in_order) {
    ctx c;
    ctx_init(&c, 10 * M, NULL);
    cg_trace *t = cg_caching_allocator_trace(c.a);
    cr_assert_eq(cg_trace_enable(t, 100), 0);
    uintptr_t p = alloc_ok(&c, 1000, 0);
    release(&c, p);
    cg_caching_allocator_empty_cache(c.a);
    cg_memory_snapshot snap;
    cr_assert_eq(cg_caching_allocator_snapshot(c.a, &snap), 0);
    cr_expect_eq(snap.nsegments, 0);
    cg_memory_snapshot_free(&snap);
    cr_expect_null(cg_caching_allocator_malloc(c.a, 3 * M, 0)); /* a 20 M segment on a 10 M device */
    STATS(&c, {"segment.small_pool", 0, 1, 1, 1}, {"reserved_bytes.small_pool", 0, 2 * M, 2 * M, 2 * M},
          {"inactive_split.small_pool", 0, 1, 1, 1}, {"inactive_split_bytes.small_pool", 0, 2096128, 2096128, 2096128},
          {"allocation.small_pool", 0, 1, 1, 1}, {"allocated_bytes.small_pool", 0, 1024, 1024, 1024},
          {"active.small_pool", 0, 1, 1, 1}, {"active_bytes.small_pool", 0, 1024, 1024, 1024},
          {"requested_bytes.small_pool", 0, 1000, 1000, 1000}, {"num_device_alloc", 1}, {"num_device_free", 1},
          {"num_sync_all_streams", 2}, {"num_alloc_retries", 1}, {"num_ooms", 1});
    const struct {
        cg_trace_action action;
        uint64_t addr;
        int64_t size;
    } want[] = {
        {CG_TRACE_SEGMENT_ALLOC, BASE, 2 * M}, {CG_TRACE_ALLOC, BASE, 1000},
        {CG_TRACE_FREE_REQUESTED, BASE, 1000}, {CG_TRACE_FREE_COMPLETED, BASE, 1000},
        {CG_TRACE_SEGMENT_FREE, BASE, 2 * M},  {CG_TRACE_SNAPSHOT, 0, 0},
        {CG_TRACE_OOM, 10 * M, 3 * M},
    };
    cr_assert_eq(t->count, 7);
    for (size_t i = 0; i < 7; i++) {
        const cg_trace_entry *e = cg_trace_at(t, i);
        cr_expect_eq(e->action, want[i].action, "event %zu is %s", i, cg_trace_action_name(e->action));
        cr_expect_eq(e->addr, want[i].addr, "event %zu", i);
        cr_expect_eq(e->size, want[i].size, "event %zu", i);
        cr_expect_eq(e->stream, 0);
        if (i)
            cr_expect_geq(e->time_us, cg_trace_at(t, i - 1)->time_us);
    }
    ctx_free(&c);
}

Test(caching_allocator, resets_peaks_and_accumulated_counts) {
    ctx c;
    ctx_init(&c, 1024 * M, NULL);
    uintptr_t p1 = alloc_ok(&c, 1000, 0), p2 = alloc_ok(&c, 1000, 0);
    release(&c, p1);
    /* as in the split-and-merge test, two allocations then p1 freed */
    STATS(&c, {"segment.small_pool", 1, 1, 1, 0}, {"reserved_bytes.small_pool", 2 * M, 2 * M, 2 * M, 0},
          {"inactive_split.small_pool", 2, 2, 2, 0},
          {"inactive_split_bytes.small_pool", 2096128, 2096128, 2097152, 1024}, {"allocation.small_pool", 1, 2, 2, 1},
          {"allocated_bytes.small_pool", 1024, 2048, 2048, 1024}, {"active.small_pool", 1, 2, 2, 1},
          {"active_bytes.small_pool", 1024, 2048, 2048, 1024}, {"requested_bytes.small_pool", 1000, 2000, 2000, 1000},
          {"num_device_alloc", 1});
    cg_caching_allocator_reset_peak(c.a);
    STATS(&c, {"allocation.small_pool", 1, 1, 2, 1}, {"allocation.all", 1, 1, 2, 1},
          {"allocated_bytes.small_pool", 1024, 1024, 2048, 1024}, {"allocated_bytes.all", 1024, 1024, 2048, 1024},
          {"active.small_pool", 1, 1, 2, 1}, {"active.all", 1, 1, 2, 1},
          {"active_bytes.small_pool", 1024, 1024, 2048, 1024}, {"active_bytes.all", 1024, 1024, 2048, 1024},
          {"requested_bytes.small_pool", 1000, 1000, 2000, 1000}, {"requested_bytes.all", 1000, 1000, 2000, 1000});
    cg_caching_allocator_reset_accumulated(c.a);
    STATS(&c, {"segment.small_pool", 1, 1, 0, 0}, {"reserved_bytes.small_pool", 2 * M, 2 * M, 0, 0},
          {"inactive_split.small_pool", 2, 2, 0, 0}, {"inactive_split_bytes.small_pool", 2096128, 2096128, 0, 0},
          {"allocation.small_pool", 1, 1, 0, 0}, {"allocated_bytes.small_pool", 1024, 1024, 0, 0},
          {"active.small_pool", 1, 1, 0, 0}, {"active_bytes.small_pool", 1024, 1024, 0, 0},
          {"requested_bytes.small_pool", 1000, 1000, 0, 0}, {"num_device_alloc", 0});
    /* 500 -> 512: best fit is p1's free 1024 block, split (512 >= 512 left) */
    uintptr_t p3 = alloc_ok(&c, 500, 0);
    cr_expect_eq(p3, BASE);
    STATS(&c, {"inactive_split_bytes.small_pool", 2095616, 2096128, 0, 512}, {"allocation.small_pool", 2, 2, 1, 0},
          {"allocated_bytes.small_pool", 1536, 1536, 512, 0}, {"active.small_pool", 2, 2, 1, 0},
          {"active_bytes.small_pool", 1536, 1536, 512, 0}, {"requested_bytes.small_pool", 1500, 1500, 500, 0});
    release(&c, p2), release(&c, p3);
    ctx_free(&c);
}

/* ---- what the provider and the caller get wrong --------------------------------------- */

Test(caching_allocator, passes_on_provider_errors_and_rejects_bad_pointers) {
    ctx c;
    ctx_init(&c, 1024 * M, NULL);
    cg_error_clear();
    cr_expect_null(cg_caching_allocator_malloc(c.a, 0, 0));
    cr_expect_not(cg_error_occurred()); /* an empty tensor's null pointer */
    c.dev.fail_next = -1;
    cr_expect_null(cg_caching_allocator_malloc(c.a, 1000, 0));
    cr_expect_eq(cg_error_kind_get(), CG_RUNTIME_ERROR);
    cr_expect_str_eq(cg_error_message(), "CUDA error: an illegal memory access was encountered");
    STATS_SAME(&c); /* not an out-of-memory: nothing counted */
    cg_caching_allocator_free(c.a, (void *)(uintptr_t)0x1234);
    cr_expect_eq(cg_error_kind_get(), CG_RUNTIME_ERROR);
    cr_expect_str_eq(cg_error_message(), "invalid device pointer: 0x1234");
    cg_caching_allocator_free(c.a, NULL); /* nothing */
    STATS_SAME(&c);
    ctx_free(&c);
}

/* ---- PYTORCH_CUDA_ALLOC_CONF ------------------------------------------------------- */

Test(alloc_conf, has_pytorchs_defaults) {
    cg_alloc_conf conf;
    cr_assert_eq(cg_alloc_conf_parse(NULL, &conf), 0);
    cr_expect_eq(conf.max_split_size, SIZE_MAX);
    cr_expect_eq(conf.max_non_split_rounding_size, 20 * M);
    cr_expect_eq(conf.garbage_collection_threshold, 0.0);
    for (int i = 0; i < 16; i++)
        cr_expect_eq(conf.roundup_power2_divisions[i], 0);
    cr_expect(!conf.expandable_segments && !conf.release_lock_on_cudamalloc && !conf.backend_cuda_malloc_async);
}

Test(alloc_conf, reads_every_option) {
    cg_alloc_conf conf;
    cr_assert_eq(cg_alloc_conf_parse(" max_split_size_mb : 128,max_non_split_rounding_mb:64,"
                                     "garbage_collection_threshold:0.6,expandable_segments:True,"
                                     "release_lock_on_cudamalloc:True,backend:cudaMallocAsync,"
                                     "roundup_power2_divisions:[256:1,512:2,>:8]",
                                     &conf),
                 0, "%s", cg_error_message());
    cr_expect_eq(conf.max_split_size, 128 * M);
    cr_expect_eq(conf.max_non_split_rounding_size, 64 * M);
    cr_expect_eq(conf.garbage_collection_threshold, 0.6);
    cr_expect(conf.expandable_segments && conf.release_lock_on_cudamalloc && conf.backend_cuda_malloc_async);
    /* 256 is interval 8 (2^8 MB); its setting also covers 0-7; 512 is 9;
     * ">" the rest */
    const size_t want[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 8, 8, 8, 8, 8, 8};
    for (int i = 0; i < 16; i++)
        cr_expect_eq(conf.roundup_power2_divisions[i], want[i], "interval %d", i);
    cr_assert_eq(cg_alloc_conf_parse("roundup_power2_divisions:4", &conf), 0);
    for (int i = 0; i < 16; i++)
        cr_expect_eq(conf.roundup_power2_divisions[i], 4);
}

Test(alloc_conf, refuses_bad_settings_with_pytorchs_messages) {
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"max_split_size_mb:20", "CachingAllocator option max_split_size_mb too small, must be > 20"},
        {"max_non_split_rounding_mb:5", "CachingAllocator option max_non_split_rounding_mb too small, must be > 20"},
        {"max_split_size_mb:", "Error, expecting max_split_size_mb value"},
        {"max_split_size_mb", "Error parsing CachingAllocator settings, expected :"},
        {"max_split_size_mb:abc", "stoi"},
        {"max_split_size_mb=30", "Unrecognized CachingAllocator option: max_split_size_mb=30"},
        {"max_split_size_mb:100 garbage_collection_threshold:0.5",
         "Error parsing CachingAllocator settings, expected ,"},
        {"garbage_collection_threshold:0", "garbage_collect_threshold too small, set it 0.0~1.0"},
        {"garbage_collection_threshold:1.0", "garbage_collect_threshold too big, set it 0.0~1.0"},
        {"garbage_collection_threshold:x", "stod"},
        {"roundup_power2_divisions:3", "For roundups, the divisions has to be power of 2 "},
        {"roundup_power2_divisions:[256:3]",
         "For roundups, the divisions has to be power of 2 or 0 to disable roundup "},
        {"roundup_power2_divisions:[300:2]", "For roundups, the intervals have to be power of 2 "},
        {"expandable_segments:true", "Expected a single True/False argument for expandable_segments"},
        {"release_lock_on_cudamalloc:1", "Expected a single True/False argument for release_lock_on_cudamalloc"},
        {"backend:cuda", "Unknown allocator backend, options are native and cudaMallocAsync"},
        {"pinned_num_register_threads:256", "Number of register threads should be less than or equal to 128"},
        {"foo:1", "Unrecognized CachingAllocator option: foo"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cg_alloc_conf conf;
        cg_alloc_conf_default(&conf);
        conf.max_split_size = 99 * M;
        cr_expect_eq(cg_alloc_conf_parse(cases[i].text, &conf), -1, "%s", cases[i].text);
        cr_expect_eq(cg_error_kind_get(), CG_RUNTIME_ERROR, "%s", cases[i].text);
        cr_expect_str_eq(cg_error_message(), cases[i].message, "%s", cases[i].text);
        cr_expect_eq(conf.max_split_size, 99 * M, "%s: a failed parse leaves the settings", cases[i].text);
    }
}
