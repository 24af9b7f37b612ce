/* bench.c: the engine's speed figures, each measured side by side with its
 * reference in the same run and printed as a ratio (see README.md).
 *
 *   1. matmul 1024x1024 float32 through cg_mm vs cblas_sgemm called directly
 *   2. add of two contiguous 16M-element float32 tensors vs memcpy bandwidth
 *   3. a 4x4 float32 add recording autograd, ns per op, vs PyTorch eager
 *      (bench/torch_add.py run by /usr/bin/python3 with our thread count)
 *
 * Speeds printed are the best of REPS repetitions; ratios are the median
 * of ratios of runs made back to back (engine, then reference), so that a
 * shared machine's load hits both sides alike. Not a test: nothing here
 * fails on a slow machine. */
#include <cblas.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ops.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static cg_tensor *filled(int64_t rows, int64_t cols, float v) {
    cg_tensor *t = cg_tensor_empty(2, (int64_t[]){rows, cols}, CG_F32, cg_device_cpu());
    if (!t) {
        fprintf(stderr, "bench: %s\n", cg_error_message());
        exit(1);
    }
    float *p = cg_tensor_data(t);
    for (int64_t i = 0; i < rows * cols; i++)
        p[i] = v + (float)(i % 7) * 0.25f;
    return t;
}

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define REPS 15

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of ratios[0..n): each ratio compares a pair of runs made
 * back to back, so that load from other processes on a shared machine
 * hits both sides of it alike. */
static double median(double *ratios, int n) {
    qsort(ratios, (size_t)n, sizeof *ratios, cmp_double);
    return n % 2 ? ratios[n / 2] : 0.5 * (ratios[n / 2 - 1] + ratios[n / 2]);
}

/* ---- 1. matmul ---------------------------------------------------------------------------- */

static void bench_matmul(void) {
    const int n = 1024;
    cg_tensor *a = filled(n, n, 0.5f), *b = filled(n, n, -0.25f);
    float *c = aligned_alloc(64, (size_t)n * n * sizeof(float));
    double t_engine = 1e30, t_blas = 1e30, ratio[REPS];
    for (int r = 0; r < REPS + 1; r++) { /* the first round warms both up */
        double t0 = now();
        cg_tensor *out = cg_mm(a, b);
        double t1 = now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, cg_tensor_data(a), n, cg_tensor_data(b),
                    n, 0.0f, c, n);
        double t2 = now();
        cg_tensor_release(out);
        if (r > 0) {
            t_engine = MIN(t_engine, t1 - t0), t_blas = MIN(t_blas, t2 - t1);
            ratio[r - 1] = (t2 - t1) / (t1 - t0);
        }
    }
    double flop = 2.0 * n * n * n;
    printf(
        "matmul 1024x1024 f32   engine %7.1f GFLOP/s   cblas_sgemm %7.1f GFLOP/s   ratio %5.1f%%  (target >= 95%%)\n",
        flop / t_engine * 1e-9, flop / t_blas * 1e-9, 100.0 * median(ratio, REPS));
    free(c);
    cg_tensor_release(a), cg_tensor_release(b);
}

/* ---- 2. add vs memcpy ---------------------------------------------------------------------- */

/* memcpy split over the threads the engine's add uses, so that both sides
 * of the ratio have the same cores */
static void parallel_memcpy(char *dst, const char *src, size_t bytes) {
#pragma omp parallel
    {
        size_t nt = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num();
        size_t chunk = (bytes / nt + 63) / 64 * 64, b = t * chunk, e = b + chunk < bytes ? b + chunk : bytes;
        if (b < e)
            memcpy(dst + b, src + b, e - b);
    }
}

/* Bytes moved: add reads two tensors and writes one (3 x 64 MiB); memcpy
 * reads one and writes one (2 x 64 MiB). Write-allocate traffic is not
 * counted for either. The engine allocates its output each time, as a user's
 * `a + b` does; memcpy writes into a buffer it reuses. Both
 * run on the OpenMP thread count (OMP_NUM_THREADS). */
static void bench_add(void) {
    const int64_t n = 16 << 20;
    cg_tensor *a = filled(1, n, 1.0f), *b = filled(1, n, 2.0f);
    size_t bytes = (size_t)n * sizeof(float);
    char *dst = malloc(bytes);
    memset(dst, 0, bytes);
    double t_add = 1e30, t_copy = 1e30, t_inplace = 1e30, ratio[REPS], ratio_inplace[REPS];
    for (int r = 0; r < REPS + 1; r++) {
        double t0 = now();
        cg_tensor *out = cg_add(a, b, cg_scalar_int(1));
        double t1 = now();
        parallel_memcpy(dst, cg_tensor_data(a), bytes);
        double t2 = now();
        cg_add_(out, b, cg_scalar_int(1)); /* the same traffic, no allocation */
        double t3 = now();
        cg_tensor_release(out);
        if (r > 0) {
            t_add = MIN(t_add, t1 - t0), t_copy = MIN(t_copy, t2 - t1), t_inplace = MIN(t_inplace, t3 - t2);
            /* bandwidth ratio: 3 tensors' bytes per add, 2 per memcpy */
            ratio[r - 1] = 1.5 * (t2 - t1) / (t1 - t0);
            ratio_inplace[r - 1] = 1.5 * (t2 - t1) / (t3 - t2);
        }
    }
    double cg_bw_add = 3.0 * (double)bytes / t_add * 1e-9, cg_bw_copy = 2.0 * (double)bytes / t_copy * 1e-9;
    double bw_inplace = 3.0 * (double)bytes / t_inplace * 1e-9;
    printf(
        "add 16M f32            engine %7.2f GB/s      memcpy      %7.2f GB/s      ratio %5.1f%%  (target >= 70%%)\n",
        cg_bw_add, cg_bw_copy, 100.0 * median(ratio, REPS));
    printf("  (in place add_, no allocation: %.2f GB/s, %.1f%% of memcpy)\n", bw_inplace,
           100.0 * median(ratio_inplace, REPS));
    free(dst);
    cg_tensor_release(a), cg_tensor_release(b);
}

/* ---- 3. a tiny op with autograd ------------------------------------------------------------ */

/* cg_add on 4x4 inputs that require grad: the output, its storage and its
 * AddBackward0 node are made and freed each op (the leaves keep their
 * AccumulateGrad nodes: Note [AccumulateGrad lifetime] in engine/autograd.h;
 * tiny_add.c is the same loop, for callgrind). The machine is shared, so the
 * figure is the best of many short batches: a batch that was preempted
 * says nothing about the op. torch_add.py measures PyTorch the same way. */
static double tiny_add_ns(void) {
    cg_tensor *a = filled(4, 4, 1.0f), *b = filled(4, 4, 2.0f);
    a->requires_grad = b->requires_grad = true;
    const int batch = 1000, batches = 1000;
    double best = 1e30;
    for (int r = 0; r < batches; r++) {
        double t0 = now();
        for (int i = 0; i < batch; i++)
            cg_tensor_release(cg_add(a, b, cg_scalar_int(1)));
        best = MIN(best, (now() - t0) / batch * 1e9);
    }
    cg_tensor_release(a), cg_tensor_release(b);
    return best;
}

static double torch_add_ns(int threads) {
    char cmd[256];
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 torch_add.py %d 2>/dev/null", threads);
    FILE *p = popen(cmd, "r");
    double ns = -1;
    if (p) {
        if (fscanf(p, "torch_add4x4_ns %lf", &ns) != 1)
            ns = -1;
        pclose(p);
    }
    return ns;
}

int main(void) {
    int threads = omp_get_max_threads();
    printf("cgrad bench: OpenMP threads %d, OpenBLAS threads %d (%s)\n", threads, openblas_get_num_threads(),
           openblas_get_config());
    /* the tiny op first: OpenMP and OpenBLAS workers of the big figures
     * spin for a while after their regions and would steal its CPU */
    double ours = tiny_add_ns(), theirs = torch_add_ns(threads);
    if (theirs > 0)
        printf("add 4x4 f32 autograd   engine %7.1f ns/op     torch eager %7.1f ns/op     ratio %5.2fx faster "
               "(target < 150 ns)\n",
               ours, theirs, theirs / ours);
    else
        printf("add 4x4 f32 autograd   engine %7.1f ns/op     torch: not available (scripts/deps.sh bench)\n", ours);
    bench_matmul();
    bench_add();
    return 0;
}
