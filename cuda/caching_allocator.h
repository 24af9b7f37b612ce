/* caching_allocator.h: PyTorch's CUDA caching allocator, in plain C over a
 * device-memory provider.
 *
 * The algorithm (shared/reference/cuda_display.md, part A): sizes rounded
 * to 512 bytes, a small pool (<= 1 MiB, 2 MiB segments) and a large pool
 * (20 MiB segments below 10 MiB, else rounded to 2 MiB), best fit among the
 * cached blocks of the same stream, splitting and merging with free
 * neighbours, max_split_size_mb and garbage_collection_threshold from
 * PYTORCH_CUDA_ALLOC_CONF, free-cached-blocks-and-retry before an
 * out-of-memory error whose text is PyTorch's. Its statistics, snapshots and
 * trace are memory_stats.h's.
 *
 * It knows nothing of CUDA: the provider hands out and takes back device
 * memory. cuda/ gives it one that calls cudaMalloc/cudaFree; the host tests
 * give it a simulated device with a fixed capacity. One allocator serves
 * one device; it is not thread-safe (the engine allocates from the thread
 * running the cell). */
#ifndef CG_CACHING_ALLOCATOR_H
#define CG_CACHING_ALLOCATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "memory_stats.h"

/* Where device memory comes from. */
typedef struct cg_memory_provider {
    void *ctx;
    /* 0 and *ptr set; 1 when the device is out of memory (the allocator then
     * frees cached segments and retries); -1 with the engine error set for
     * any other failure, which the allocator passes on. */
    int (*malloc)(void *ctx, size_t nbytes, void **ptr);
    /* Gives back a whole segment that malloc returned. */
    void (*free)(void *ctx, void *ptr, size_t nbytes);
    /* The device's free and total bytes (cudaMemGetInfo); -1 with an error. */
    int (*mem_info)(void *ctx, int64_t *free_bytes, int64_t *total_bytes);
    /* Waits for the device's queued work (cudaDeviceSynchronize) before
     * cached memory is given back; NULL where there is nothing to wait for. */
    void (*synchronize)(void *ctx);
} cg_memory_provider;

/* PYTORCH_CUDA_ALLOC_CONF, parsed. */
typedef struct {
    size_t max_split_size;               /* SIZE_MAX: unlimited (the default) */
    size_t max_non_split_rounding_size;  /* default 20 MiB */
    double garbage_collection_threshold; /* 0: off */
    size_t roundup_power2_divisions[16]; /* per power-of-two interval from 1 MiB; 0: none */
    bool expandable_segments;            /* accepted; segments are never expandable here */
    bool release_lock_on_cudamalloc;     /* accepted, no effect (no lock to release) */
    bool backend_cuda_malloc_async;      /* backend:cudaMallocAsync; accepted, the allocator stays native */
    /* The pinned-host options, accepted and validated as PyTorch does; no
     * pinned allocator uses them here. */
    bool pinned_use_cuda_host_register, pinned_use_background_threads;
    size_t pinned_num_register_threads, pinned_reserve_segment_size_mb;
    bool graph_capture_record_stream_reuse;
} cg_alloc_conf;

/* The defaults, as PyTorch has them with the variable unset. */
void cg_alloc_conf_default(cg_alloc_conf *conf);
/* Parses "max_split_size_mb:128,garbage_collection_threshold:0.6" with
 * PyTorch's syntax and messages (a RuntimeError naming the bad option or
 * value); NULL or "" gives the defaults. 0, or -1 with the error set. */
int cg_alloc_conf_parse(const char *text, cg_alloc_conf *conf);

typedef struct cg_caching_allocator cg_caching_allocator;

/* An allocator for device `device` over a provider (copied). NULL with an
 * out-of-memory error when the host is out of memory. */
cg_caching_allocator *cg_caching_allocator_new(int device, const cg_memory_provider *provider,
                                               const cg_alloc_conf *conf);
/* Gives every segment back to the provider. Live blocks are a caller bug. */
void cg_caching_allocator_delete(cg_caching_allocator *a);

/* A block of at least nbytes on `stream`; NULL with the error set:
 * CG_OUT_OF_MEMORY_ERROR with PyTorch's "CUDA out of memory. Tried to
 * allocate ..." text when the provider has no more. nbytes == 0 gives NULL
 * with no error, as PyTorch gives a null pointer for empty tensors. */
void *cg_caching_allocator_malloc(cg_caching_allocator *a, size_t nbytes, int64_t stream);
/* Returns a block to the cache (merging it with free neighbours). NULL
 * does nothing; a pointer this allocator did not hand out sets a
 * RuntimeError "invalid device pointer: 0x..." (PyTorch's) and changes
 * nothing, so a caller that may pass one checks cg_error_occurred(). */
void cg_caching_allocator_free(cg_caching_allocator *a, void *ptr);
/* empty_cache(): gives every cached segment with no live block back. */
void cg_caching_allocator_empty_cache(cg_caching_allocator *a);
/* set_per_process_memory_fraction(): from now on the allocator keeps its
 * segments within fraction x the device's total bytes (refusing a new
 * segment past it without asking the provider), which also turns on
 * garbage_collection_threshold, as in PyTorch. 0, or -1 with a ValueError
 * for a fraction outside [0, 1] or the provider's error. */
int cg_caching_allocator_set_memory_fraction(cg_caching_allocator *a, double fraction);

void cg_caching_allocator_stats(const cg_caching_allocator *a, cg_device_stats *out);
void cg_caching_allocator_reset_peak(cg_caching_allocator *a);
void cg_caching_allocator_reset_accumulated(cg_caching_allocator *a);
/* 0 and the segments with their blocks, by address; -1 with an error. */
int cg_caching_allocator_snapshot(const cg_caching_allocator *a, cg_memory_snapshot *out);
/* The allocator's history trace (see memory_stats.h). Every snapshot
 * adds a "snapshot" event to it, as in PyTorch. */
cg_trace *cg_caching_allocator_trace(cg_caching_allocator *a);
int cg_caching_allocator_mem_info(cg_caching_allocator *a, int64_t *free_bytes, int64_t *total_bytes);

#endif
