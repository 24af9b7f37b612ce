/* device.h: where a tensor's bytes live, and the backend table behind it.
 *
 * engine/ knows devices only through cg_backend: allocate, free and copy
 * bytes, and one kernel per op (see ops.def). The CPU backend lives in
 * engine/; cuda/ registers its backend at start-up when a device is present. */
#ifndef CG_DEVICE_H
#define CG_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dtype.h"
#include "memory_stats.h"

typedef enum { CG_CPU = 0, CG_CUDA = 1, CG_DEVICE_TYPE_COUNT } cg_device_type;

typedef struct {
    cg_device_type type;
    int index; /* -1: the current device of that type */
} cg_device;

static inline cg_device cg_device_cpu(void) { return (cg_device){CG_CPU, -1}; }
static inline bool cg_device_equal(cg_device a, cg_device b) {
    return a.type == b.type && (a.type == CG_CPU || a.index == b.index);
}
/* "cpu" or "cuda:0", as PyTorch prints it in messages. */
const char *cg_device_str(cg_device d, char *buf, size_t n);

struct cg_kernel_call;
typedef void (*cg_kernel_fn)(const struct cg_kernel_call *call);

/* The devices of a backend that has several (CUDA): torch.cuda's
 * device_count(), current_device(), set_device(), get_device_name(),
 * synchronize(). Each returns -1 with the error set on failure. */
typedef struct cg_device_ops {
    int (*count)(void);
    int (*current)(void);
    int (*set_current)(int index);
    int (*name)(int index, char *buf, size_t n);
    int (*synchronize)(int index);
    /* The device's multiprocessor count and most resident threads per
     * multiprocessor, which size the random kernels' grid as PyTorch's. */
    int (*launch_limits)(int index, int *multiprocessors, int *threads_per_multiprocessor);
} cg_device_ops;

/* One launch of a random kernel (random_device.c builds it): the
 * distribution, its parameters, where each thread starts in the Philox
 * streams, and the grid that maps threads to elements. See Note [CUDA
 * random numbers] in random_device.c. */
typedef enum {
    CG_DRAW_UNIFORM,     /* a = from, b = to */
    CG_DRAW_NORMAL,      /* a = mean, b = std */
    CG_DRAW_BERNOULLI,   /* a = p */
    CG_DRAW_EXPONENTIAL, /* a = lambda */
    CG_DRAW_RANDOM,      /* base + 32-bit draw % range */
    CG_DRAW_RANDOM64,    /* base + 64-bit draw % range (range >= 2^28) */
    CG_DRAW_DROPOUT,     /* bool keep mask: float uniform < a, vec per thread */
    CG_DRAW_BERNOULLI_P, /* float uniform <= probs[i], in probs' dtype */
    CG_DRAW_MULTINOMIAL, /* int64 samples with replacement from rows of probs */
    CG_DRAW_RANDPERM,    /* arange sorted by keys, ties shuffled */
} cg_draw_kind;

typedef struct cg_draw {
    cg_draw_kind kind;
    double a, b;
    int64_t base;
    uint64_t range;
    uint64_t seed, offset; /* curand_init(seed, thread index, offset) */
    uint32_t grid, block;
    uint32_t grid_y; /* CG_DRAW_MULTINOMIAL's second grid dimension */
    /* CG_DRAW_DROPOUT: the elements a thread takes from one curand call,
     * side by side (2 or 4), or 1 for the grid-stride order of the other
     * kinds; see Note [Fused dropout] in random_device.c */
    int vec;
    /* The device inputs of the kinds that read some, each contiguous:
     * - CG_DRAW_BERNOULLI_P: probs, numel probabilities in the output's
     *   dtype;
     * - CG_DRAW_MULTINOMIAL: probs, rows x cols probabilities of dtype src
     *   (each row divided by its sum), and cum, their running sums along
     *   the row; the output is rows x samples;
     * - CG_DRAW_RANDPERM: keys, numel random integers of dtype src (int32
     *   or int64) ordered by their low `bits` bits; see Note [randperm on
     *   the device] in random_device.c. */
    const void *probs, *cum, *keys;
    cg_dtype src;
    int64_t rows, cols, samples;
    int bits;
} cg_draw;

typedef struct cg_backend {
    const char *name;
    /* NULL plus an error (CG_OUT_OF_MEMORY_ERROR) when memory runs out. */
    void *(*alloc)(int index, size_t nbytes);
    void (*free)(int index, void *ptr, size_t nbytes);
    /* Copies nbytes between (possibly different) devices. */
    int (*copy)(void *dst, cg_device dd, const void *src, cg_device sd, size_t nbytes);
    const cg_memory_ops *memory; /* statistics, snapshots, history */
    const cg_kernel_fn *kernels; /* indexed by cg_op; NULL: not on this device */
    /* Kernels return nothing; where a launch can fail (CUDA), this says
     * after each kernel whether it did: 0, or -1 with the error set (and
     * the failure forgotten). NULL: kernels cannot fail. */
    int (*kernel_status)(void);
    const cg_device_ops *devices; /* NULL: one device (the CPU) */
    /* Fills numel contiguous elements of dtype at out on device index with
     * the draw d; 0, or -1 with the error set. NULL: the engine draws on
     * the CPU (its generator is mt19937, not Philox). */
    int (*draw)(int index, void *out, cg_dtype dtype, int64_t numel, const cg_draw *d);
} cg_backend;

/* What a device module (libcgcuda.so, loaded on first use of CUDA) exports
 * as CG_DEVICE_MODULE_INIT: given the engine's CG_BACKEND_ABI, it registers
 * its backend and returns 0 when a device is present, else returns -1 with
 * PyTorch's error for what is missing. See Note [The CUDA module]. */
#define CG_BACKEND_ABI 4
#define CG_DEVICE_MODULE_INIT "cg_cuda_module_init"
typedef int (*cg_device_module_init_fn)(int abi);

void cg_backend_register(cg_device_type type, const cg_backend *backend);
/* The backend of a device type, or NULL (with PyTorch's error set) when it
 * is not available, e.g. CUDA on a machine without a GPU. */
const cg_backend *cg_backend_get(cg_device_type type);

#endif
