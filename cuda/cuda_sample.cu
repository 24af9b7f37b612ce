/* cuda_sample.cu: the two draws that are more than a grid-stride loop:
 * randperm's sort of arange by random keys with its shuffle of tied keys
 * (PyTorch's Randperm.cu and Randperm.cuh), and multinomial's sampling
 * with replacement (sampleMultinomialWithReplacement of
 * MultinomialKernel.cu). The engine draws the keys, divides the rows and
 * sums them up (engine/multinomial.c, engine/random.c), sizes the grids
 * and reserves the offsets (engine/random_device.c, Note [randperm on the
 * device]); cuda_random.cu's draw entry sends these two kinds here. */
#include <cub/device/device_radix_sort.cuh>
#include <curand_kernel.h>

#include "cuda_common.cuh"

/* ---- randperm ------------------------------------------------------------------------- */

template <typename T> __global__ void arange_kernel(T *out, int64_t n) { CG_CUDA_FOR(i, n) out[i] = (T)i; }

/* randperm_handle_duplicate_keys_kernel: the first thread of each run of
 * equal (masked) keys shuffles that run of data, Fisher-Yates from the
 * top, from its own Philox subsequence. */
template <typename K, typename V>
__global__ void shuffle_ties_kernel(const K *keys, V *data, K mask, int n, uint64_t seed, uint64_t offset) {
    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    if (tid >= n - 1 || (keys[tid] & mask) != (keys[tid + 1] & mask))
        return; /* past the end, or not in a run */
    if (tid != 0 && (keys[tid] & mask) == (keys[tid - 1] & mask))
        return; /* inside a run, not its first */
    int len = 0;
    do
        len++;
    while (tid + len < n && (keys[tid + len] & mask) == (keys[tid] & mask));
    data += tid;
    curandStatePhilox4_32_10_t state;
    curand_init(seed, tid, offset, &state);
    for (int i = len - 1; i > 0; i--) {
        unsigned r = curand(&state) % (unsigned)(i + 1);
        if ((unsigned)i != r) {
            V t = data[i];
            data[i] = data[r];
            data[r] = t;
        }
    }
}

/* the stable radix sort of values by bits [0, bits) of keys, into
 * keys_out and out; CUB sizes its own temporaries */
template <typename K, typename V>
static int sort_pairs(const K *keys, K *keys_out, const V *values, V *out, int n, int bits) {
    size_t bytes = 0;
    if (cg_cuda_check(
            cub::DeviceRadixSort::SortPairs(nullptr, bytes, keys, keys_out, values, out, n, 0, bits, CG_CUDA_STREAM))
        < 0)
        return -1;
    void *temp = cg_cuda_scratch_alloc(bytes ? bytes : 1);
    if (!temp)
        return -1;
    int rc = cg_cuda_check(
        cub::DeviceRadixSort::SortPairs(temp, bytes, keys, keys_out, values, out, n, 0, bits, CG_CUDA_STREAM));
    cg_cuda_scratch_free(temp);
    return rc;
}

/* out = arange(n) in dtype T, sorted by the keys (of type K) and its ties
 * shuffled. The values are moved as opaque words of T's size. */
template <typename T, typename K> static int randperm(T *out, int n, const cg_draw *d) {
    using V = typename std::conditional<sizeof(T) == 8, uint64_t, uint32_t>::type;
    K *keys_out = (K *)cg_cuda_scratch_alloc((size_t)n * sizeof(K));
    T *range = keys_out ? (T *)cg_cuda_scratch_alloc((size_t)n * sizeof(T)) : nullptr;
    int rc = -1;
    if (range) {
        arange_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(range, n);
        rc = cg_cuda_check_launch();
    }
    if (rc == 0)
        rc = sort_pairs<K, V>((const K *)d->keys, keys_out, (const V *)range, (V *)out, n, d->bits);
    if (rc == 0) {
        K mask = (K)(d->bits >= 64 ? ~0ULL : (1ULL << d->bits) - 1);
        shuffle_ties_kernel<K, V>
            <<<d->grid, d->block, 0, CG_CUDA_STREAM>>>(keys_out, (V *)out, mask, n, d->seed, d->offset);
        rc = cg_cuda_check_launch();
    }
    cg_cuda_scratch_free(range);
    cg_cuda_scratch_free(keys_out);
    return rc;
}

int cg_cuda_randperm(void *out, cg_dtype dtype, int64_t numel, const cg_draw *d) {
    int rc = 0;
    if (d->src == CG_INT64) {
        CG_DISPATCH_NUMERIC(dtype, rc = randperm<T, int64_t>((T *)out, (int)numel, d))
    } else {
        CG_DISPATCH_NUMERIC(dtype, rc = randperm<T, int32_t>((T *)out, (int)numel, d))
    }
    return rc;
}

/* ---- multinomial with replacement ------------------------------------------------------ */

/* binarySearchForMultinomial: the first bucket whose running sum is not
 * below val; past the end (val above a sum that rounded short of 1), the
 * last; then back over buckets of probability zero. */
template <typename T> __device__ int search_bucket(const T *cum, const T *dist, int size, T val) {
    int start = 0, end = size;
    while (end - start > 0) {
        int mid = start + (end - start) / 2;
        if (cum[mid] < val)
            start = mid + 1;
        else
            end = mid;
    }
    if (start == size)
        start = size - 1;
    while (start >= 1 && dist[start] == 0)
        start--;
    return start;
}

/* thread idx (counted over the 2-D grid) draws one curand_uniform4 per
 * sample it serves and uses its x only */
template <typename T>
__global__ void multinomial_kernel(int64_t *dest, const T *cum, const T *dist, int64_t rows, int cols, int samples,
                                   uint64_t seed, uint64_t offset) {
    int idx = blockIdx.y * gridDim.x * blockDim.x + blockIdx.x * blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t state;
    curand_init(seed, idx, offset, &state);
    for (int64_t row = blockIdx.y; row < rows; row += gridDim.y)
        for (int s = blockIdx.x * blockDim.x + threadIdx.x; s < samples; s += blockDim.x * gridDim.x) {
            float4 r = curand_uniform4(&state);
            dest[row * samples + s] = search_bucket<T>(cum + row * cols, dist + row * cols, cols, (T)r.x);
        }
}

template <typename T> static int multinomial(int64_t *out, const cg_draw *d) {
    dim3 grid(d->grid, d->grid_y);
    multinomial_kernel<T><<<grid, d->block, 0, CG_CUDA_STREAM>>>(out, (const T *)d->cum, (const T *)d->probs, d->rows,
                                                                 (int)d->cols, (int)d->samples, d->seed, d->offset);
    return cg_cuda_check_launch();
}

int cg_cuda_multinomial(void *out, cg_dtype dtype, const cg_draw *d) {
    if (dtype != CG_INT64) {
        cg_cuda_fail("multinomial writes int64 samples");
        return -1;
    }
    int rc = 0;
    CG_DISPATCH_FLOAT(d->src, rc = multinomial<T>((int64_t *)out, d))
    return rc;
}
