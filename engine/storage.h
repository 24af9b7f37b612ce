/* storage.h: refcounted bytes on a device, shared by all views of them.
 *
 * Note [Version counter]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * Every in-place write bumps storage->version. Views, detach() and saved
 * tensors share the storage and therefore the counter, as PyTorch's views
 * share their base's VariableVersion. Autograd records the version of each
 * tensor it saves and refuses to use it for backward if the version moved. */
#ifndef CG_STORAGE_H
#define CG_STORAGE_H

#include <stddef.h>
#include <stdint.h>

#include "device.h"

typedef struct cg_storage {
    int64_t refcount;
    void *data;
    size_t nbytes;
    cg_device device;
    int64_t version; /* see Note [Version counter] */
    void *block;     /* the tensor block it lives in, or NULL (Note [Tensor blocks]) */
    struct cg_storage *shares; /* for an alias: the storage whose bytes it uses (retained) */
} cg_storage;

/* A new storage of nbytes (uninitialised) with one reference, or NULL with
 * an out-of-memory error. */
cg_storage *cg_storage_new(size_t nbytes, cg_device device);
/* Engine-internal, for cg_tensor_empty: a CPU storage of nbytes (at most
 * CG_TENSOR_BLOCK_MAX_BYTES) in one block with room for its tensor before
 * it (Note [Tensor blocks] in cpu_allocator.c). Returns the storage with
 * one reference, which the tensor at *tensor_mem takes over; NULL with an
 * out-of-memory error. */
#define CG_TENSOR_BLOCK_MAX_BYTES 4096
cg_storage *cg_storage_new_in_block(size_t nbytes, void **tensor_mem);
/* A storage over the same bytes as `of` (which it keeps alive) with a
 * version counter of its own: what PyTorch's unsafe_split and unsafe_chunk
 * give their outputs, so that in-place writes to one piece do not count as
 * writes to the others (Note [Version counter]). NULL with an
 * out-of-memory error. */
cg_storage *cg_storage_alias(cg_storage *of);
void cg_storage_retain(cg_storage *s);
void cg_storage_release(cg_storage *s);

/* CPU memory statistics (PyTorch's names), kept by the CPU allocator. */
void cg_cpu_memory_stats(cg_device_stats *out);
void cg_cpu_memory_reset_peak(void);

#endif
