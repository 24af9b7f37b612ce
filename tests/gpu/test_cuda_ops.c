/* test_cuda_ops.c: `make test-gpu`, run where a GPU is present. Every row
 * of ops.def runs on its samples (tests/unit/samples_*.c) on the CPU and on
 * CUDA, and the results must agree; every differentiable row's gradients
 * computed on the device must agree with the CPU's (which the unit tests
 * gradcheck against central differences), so autograd runs on the device;
 * the caching allocator's statistics follow real allocations. Not part of
 * `make test`: without a device every test fails with the reason. */
#include <criterion/criterion.h>
#include <execinfo.h>
#include <math.h>
#include <signal.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/helpers.h"
#include "memory_summary.h"

#define DRAWS 3

typedef struct {
    cg_op op;
    const char *name;
    cg_sample_fn sample;
} row;

static const row rows[] = {
#define X(id, node, cpu, cuda, bw, sample) {CG_OP_##id, #id, sample},
#include "ops.def"
#undef X
};

static const cg_device cuda0 = {CG_CUDA, 0};

/* Criterion says only that the test crashed; on a GPU machine, where each
 * run is costly, the log must say in which op and where. The handler names
 * the row and prints a backtrace (module+offset, for addr2line against the
 * build that made the kit), then dies of the same signal. */
static const char *current_row;
static int current_draw, current_variant;

static void say_where(int sig) {
    char line[256];
    int n = snprintf(line, sizeof line, "\ncrash (signal %d) in op %s, draw %d, sample %d\n", sig,
                     current_row ? current_row : "?", current_draw, current_variant);
    if (n > 0 && write(2, line, (size_t)n) < 0)
        _exit(3);
    void *frames[64];
    backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* CGRAD_GPU_SKIP=ID,ID,...: rows left out, so that one run on a GPU
 * machine can go on past an op that crashes and test all the others. */
static bool skipped(const char *name) {
    const char *list = getenv("CGRAD_GPU_SKIP");
    size_t n = strlen(name);
    for (const char *p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : "")
        if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
            return true;
    return false;
}

static void trace_crashes(void) {
    int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], say_where);
}

/* Every test starts here: no device is a failure that says why. */
static void need_cuda(void) {
    setenv("CGRAD_CUDA_DEBUG", "1", 0);
    cr_assert(cg_backend_get(CG_CUDA), "no CUDA device: %s", cg_error_message());
}

/* t copied to dev as a leaf with t's requires_grad */
static cg_tensor *moved(cg_tensor *t, cg_device dev) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *m = cg_to_device(t, dev);
    cg_grad_set_enabled(was);
    cr_assert(m, "to_device: %s", cg_error_message());
    cg_tensor *d = cg_detach(m);
    cg_tensor_release(m);
    d->requires_grad = t->requires_grad;
    return d;
}

static cg_tensor *on_cpu(cg_tensor *t) {
    cg_tensor *c = cg_to_device(t, cg_device_cpu());
    cr_assert(c, "to cpu: %s", cg_error_message());
    return c;
}

static double tol_of(double v, double dflt) { return v ? v : dflt; }

/* The sample on the CPU and on CUDA: the same result; and for inputs that
 * require grad, the same gradients of sum(out * w). */
static void check_sample(const row *r, cg_sample *s, int draw) {
    cg_tensor *ref = s->fn(s->in, s);
    cr_assert(ref, "%s [%s] draw %d on cpu: %s", r->name, s->desc ? s->desc : "", draw, cg_error_message());
    cg_sample d = *s;
    for (int i = 0; i < s->nin; i++)
        d.in[i] = moved(s->in[i], cuda0);
    cg_tensor *out = d.fn(d.in, &d);
    cr_assert(out, "%s [%s] draw %d on cuda: %s", r->name, s->desc ? s->desc : "", draw, cg_error_message());
    cr_assert(cg_tensor_device(out).type == CG_CUDA, "%s: result not on cuda", r->name);
    cg_tensor *back = on_cpu(out);
    t_assert_close(back, ref, tol_of(s->rtol, 1e-6), tol_of(s->atol, 1e-8));
    bool any = false;
    for (int i = 0; i < s->nin; i++)
        any |= s->in[i]->requires_grad;
    if (any && cg_op_table[r->op].backward && ref->grad_fn) {
        cg_tensor *w = t_rand(CG_F64, ref->ndim, ref->sizes, -1.0, 1.0, 99);
        cg_tensor *wd = moved(w, cuda0);
        cg_tensor *pc = T_OK(cg_mul(ref, w));
        cg_tensor *pd = T_OK(cg_mul(out, wd));
        cg_tensor *lc = T_OK(cg_sum(pc, 0, NULL, false));
        cg_tensor *ld = T_OK(cg_sum(pd, 0, NULL, false));
        cg_tensor *want_c[4], *want_d[4], *gc[4] = {0}, *gd[4] = {0};
        int n = 0;
        for (int i = 0; i < s->nin; i++)
            if (s->in[i]->requires_grad)
                want_c[n] = s->in[i], want_d[n++] = d.in[i];
        T_RC(cg_autograd_grad(1, &lc, NULL, n, want_c, false, false, true, gc));
        T_RC(cg_autograd_grad(1, &ld, NULL, n, want_d, false, false, true, gd));
        for (int k = 0; k < n; k++) {
            cr_assert(!gc[k] == !gd[k], "%s: gradient %d present on one device only", r->name, k);
            if (!gc[k])
                continue;
            cg_tensor *gb = on_cpu(gd[k]);
            t_assert_close(gb, gc[k], 1e-6, 1e-8);
            cg_tensor_release(gb), cg_tensor_release(gc[k]), cg_tensor_release(gd[k]);
        }
        cg_tensor_release(lc), cg_tensor_release(ld), cg_tensor_release(pc), cg_tensor_release(pd);
        cg_tensor_release(w), cg_tensor_release(wd);
    }
    for (int i = 0; i < s->nin; i++)
        cg_tensor_release(d.in[i]);
    cg_tensor_release(back), cg_tensor_release(out), cg_tensor_release(ref);
}

Test(cuda, every_op_matches_the_cpu_with_its_gradients) {
    need_cuda();
    trace_crashes();
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        const row *r = &rows[k];
        if (skipped(r->name))
            continue;
        current_row = r->name;
        if (getenv("CGRAD_GPU_TRACE"))
            fprintf(stderr, "row %s\n", r->name);
        for (int draw = 0; draw < DRAWS; draw++) {
            s_draw(0x5eed0000ULL + draw * 7919ULL + k);
            cg_sample s = {0};
            for (int v = 0; r->sample(v, &s); v++) {
                current_draw = draw, current_variant = v;
                check_sample(r, &s, draw);
                for (int i = 0; i < s.nin; i++)
                    cg_tensor_release(s.in[i]);
                s = (cg_sample){0};
            }
        }
    }
}

Test(cuda, device_functions_answer) {
    need_cuda();
    const cg_backend *be = cg_backend_get(CG_CUDA);
    cr_assert(be->devices->count() >= 1);
    cr_assert_eq(be->devices->current(), 0);
    char name[256];
    cr_assert_eq(be->devices->name(0, name, sizeof name), 0, "%s", cg_error_message());
    cr_assert(strlen(name) > 0);
    printf("device 0: %s\n", name);
    cr_assert_eq(be->devices->synchronize(0), 0, "%s", cg_error_message());
    cr_assert_eq(be->devices->set_current(be->devices->count()), -1, "an invalid ordinal must fail");
    cr_assert(strstr(cg_error_message(), "CUDA error: invalid device ordinal"), "%s", cg_error_message());
}

Test(cuda, allocator_statistics_follow_real_allocations) {
    need_cuda();
    const cg_memory_ops *m = cg_backend_get(CG_CUDA)->memory;
    cg_device_stats before, during, after;
    m->stats(0, &before);
    int64_t sizes[1] = {3 * 1024 * 1024 / 4 + 3}; /* a large-pool block, rounded to 512 bytes */
    cg_tensor *t = T_OK(cg_zeros(1, sizes, CG_F32, cuda0));
    m->stats(0, &during);
    int64_t rounded = (sizes[0] * 4 + 511) / 512 * 512;
    cr_assert_eq(during.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current
                     - before.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current,
                 rounded);
    cr_assert_eq(during.stat[CG_STAT_REQUESTED_BYTES][CG_POOL_ALL].current
                     - before.stat[CG_STAT_REQUESTED_BYTES][CG_POOL_ALL].current,
                 sizes[0] * 4);
    cr_assert(during.stat[CG_STAT_RESERVED_BYTES][CG_POOL_ALL].current
              >= during.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current);
    /* memory_summary() of the real statistics: PyTorch's title, and the
     * allocated row's current column as PyTorch formats it */
    char *text = cg_memory_summary_text(&during, cuda0, true);
    cr_assert(text, "%s", cg_error_message());
    cr_assert(strstr(text, "|                  PyTorch CUDA memory summary, device ID 0                 |"), "%s",
              text);
    const cg_stat *alloc = &during.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL];
    char cell[32], want[128];
    cg_memory_format_size(alloc->current, alloc->current, cell);
    snprintf(want, sizeof want, "| Allocated memory      | %s ", cell);
    cr_assert(strstr(text, want), "no '%s' in\n%s", want, text);
    free(text);
    cg_tensor_release(t);
    m->stats(0, &after);
    cr_assert_eq(after.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current,
                 before.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current);
    cr_assert_eq(after.stat[CG_STAT_RESERVED_BYTES][CG_POOL_ALL].current,
                 during.stat[CG_STAT_RESERVED_BYTES][CG_POOL_ALL].current, "freed memory stays cached");
    m->empty_cache(0);
    int64_t free_b = 0, total_b = 0;
    cr_assert_eq(m->mem_get_info(0, &free_b, &total_b), 0, "%s", cg_error_message());
    cr_assert(free_b > 0 && total_b >= free_b);
    cg_memory_snapshot snap;
    cr_assert_eq(m->snapshot(0, &snap), 0, "%s", cg_error_message());
    cg_memory_snapshot_free(&snap);
}

Test(cuda, kernel_errors_are_runtime_errors_not_aborts) {
    need_cuda();
    /* an allocation far beyond the device is torch.cuda.OutOfMemoryError */
    int64_t huge[2] = {1LL << 20, 1LL << 20}; /* 4 TiB of float32 */
    cg_tensor *t = cg_tensor_empty(2, huge, CG_F32, cuda0);
    cr_assert_null(t);
    cr_assert_eq(cg_error_kind_get(), CG_OUT_OF_MEMORY_ERROR, "%s", cg_error_message());
    /* and the device still works after it */
    int64_t n[1] = {4};
    cg_tensor *x = T_OK(cg_ones(1, n, CG_F32, cuda0));
    cg_tensor *h = on_cpu(x);
    cr_assert_eq(t_at(h, 3), 1.0);
    cg_tensor_release(h), cg_tensor_release(x);
}

/* torch.set_float32_matmul_precision("high") turns on cuBLAS's TF32
 * math (10-bit mantissas in the products): a float32 matmul then moves
 * off the CPU's result by about 1e-3 and back onto it at "highest" */
Test(cuda, float32_matmul_precision_switches_tf32) {
    need_cuda();
    int64_t sizes[2] = {512, 512};
    cg_rng *g = T_OK(cg_rng_new());
    cg_tensor *a = T_OK(cg_randn(2, sizes, CG_F32, cg_device_cpu(), g)),
              *b = T_OK(cg_randn(2, sizes, CG_F32, cg_device_cpu(), g));
    cg_tensor *da = T_OK(cg_to_device(a, cuda0)), *db = T_OK(cg_to_device(b, cuda0));
    cg_tensor *want = T_OK(cg_matmul(a, b));
    cg_set_float32_matmul_precision(CG_MATMUL_HIGH);
    cg_tensor *tf32 = T_OK(cg_matmul(da, db));
    cg_set_float32_matmul_precision(CG_MATMUL_HIGHEST);
    cg_tensor *fp32 = T_OK(cg_matmul(da, db));
    cg_tensor *ht = T_OK(cg_to_device(tf32, cg_device_cpu())), *hf = T_OK(cg_to_device(fp32, cg_device_cpu()));
    double worst_tf32 = 0, worst_fp32 = 0;
    for (int64_t i = 0; i < 512 * 512; i++) {
        double w = t_at(want, i);
        double dt = fabs(t_at(ht, i) - w), df = fabs(t_at(hf, i) - w);
        worst_tf32 = dt > worst_tf32 ? dt : worst_tf32;
        worst_fp32 = df > worst_fp32 ? df : worst_fp32;
    }
    cr_expect(worst_fp32 < 1e-3, "float32 products: %g from the CPU's", worst_fp32);
    cr_expect(worst_tf32 > 1e-3 && worst_tf32 < 0.5, "TF32 products: %g from the CPU's", worst_tf32);
    cg_tensor_release(hf), cg_tensor_release(ht), cg_tensor_release(fp32), cg_tensor_release(tf32);
    cg_tensor_release(want), cg_tensor_release(db), cg_tensor_release(da), cg_tensor_release(b), cg_tensor_release(a);
    cg_rng_free(g);
}
