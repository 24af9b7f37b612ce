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


struct cg_call;
typedef void (*cg_kernel_fn)(const struct cg_call *call);

typedef struct cg_backend {
    const char *name;
    /* NULL plus an error (CG_OUT_OF_MEMORY_ERROR) when memory runs out. */
    void *(*alloc)(int index, size_t nbytes);
    void (*free)(int index, void *ptr, size_t nbytes);
    /* Copies nbytes between (possibly different) devices. */
    int (*copy)(void *dst, cg_device dd, const void *src, cg_device sd, size_t nbytes);
    const cg_memory_ops *memory; /* statistics, snapshots, history */
    const cg_kernel_fn *kernels; /* indexed by cg_op; NULL: not on this device */
} cg_backend;

void cg_backend_register(cg_device_type type, const cg_backend *backend);
/* The backend of a device type, or NULL (with PyTorch's error set) when it
 * is not available, e.g. CUDA on a machine without a GPU. */
const cg_backend *cg_backend_get(cg_device_type type);

#endif
