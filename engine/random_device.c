/* random_device.c: the device path of the random ops (random_device.h).
 *
 * Note [CUDA random numbers]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A notebook seeded like a PyTorch script on the same GPU draws the same
 * numbers, because every step is PyTorch's (aten/src/ATen/native/cuda/
 * DistributionTemplates.h, CUDAGeneratorImpl.cpp):
 *  - the generator holds only a seed and an offset; a launch reserves
 *    counter_offset from it (rounded up to a multiple of 4), so the next
 *    launch starts where this one's threads stopped;
 *  - thread i of the grid runs curand_init(seed, i, offset) (Philox4x32-10,
 *    subsequence i) and, in a grid-stride loop, makes one curand call per
 *    round (4 floats, or 2 doubles) whose k-th value goes to element
 *    base + k * (threads in the grid);
 *  - the grid is ceil(numel / 256) blocks of 256 threads, capped at what
 *    the device holds at once (multiprocessors x threads per
 *    multiprocessor / 256). Tensors larger than that cap are where the
 *    values depend on the GPU model, in PyTorch as here.
 * The kernels themselves (cuda/cuda_random.cu) call curand's own
 * functions, which PyTorch's call too. Elements are numbered in
 * TensorIterator's order, as on the CPU (Note [Random element order]):
 * random.c gives a non-contiguous tensor a contiguous buffer in that order.
 * Not done as PyTorch: a tensor of more than 2^31 elements is one launch
 * here (PyTorch splits it into 32-bit-indexable parts, each reserving its
 * own offsets). */
/* Note [Fused dropout]
 * ~~~~~~~~~~~~~~~~~~~~
 * F.dropout on a CUDA tensor is PyTorch's native_dropout, whose kernel
 * (aten/src/ATen/native/cuda/Dropout.cu) draws its own keep mask. Its
 * launch is the grid above with UNROLL 4 (so it reserves the same offsets
 * as a float draw), but where the input is dense, aligned and a multiple
 * of VEC long it takes VEC adjacent elements of memory per round:
 * thread i, round r covers elements (i + r * threads) * VEC ... + VEC - 1,
 * each round from a fresh curand_uniform4 (VEC 2 uses its first two
 * values only). Otherwise (fused_dropout_kernel) element i + k * threads
 * gets value k, as in every other draw. VEC is 4 for float32 and 2 for
 * float64 at most (16 bytes). An element is kept where its float uniform
 * is below 1 - p, compared in the input's precision. */
/* Note [randperm on the device]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * torch.randperm(n, device='cuda') is not the CPU's swap loop but
 * PyTorch's Randperm.cu: arange(n) sorted by n random keys.
 *  - bits = ceil(log2(n - (6 n^2 + 1) / (12 ln 0.9))), at most 64: with
 *    that many bits the keys all differ with probability 0.9 or more.
 *    Up to 32 bits (n up to about 30000) the keys are an int32 tensor
 *    drawn by random_(INT32_MIN, INT32_MAX), else an int64 one drawn by
 *    random_(INT64_MIN, INT64_MAX): both an ordinary random_ launch.
 *  - the values are sorted by bits 0 .. bits - 1 of their keys, stably
 *    (CUB's radix sort, which flips a signed key's top bit first: that
 *    bit only counts when bits is the key's width);
 *  - then a thread per key (blocks of 512, n offsets reserved) finds the
 *    runs of equal keys; the first thread of a run shuffles it with
 *    Fisher-Yates from i = len - 1 down to 1, swapping i with
 *    curand() % (i + 1), its curand() values from Philox subsequence =
 *    its index.
 * The keys' launch is the only grid that can depend on the GPU model (it
 * caps at a device full, Note [CUDA random numbers]); for int32 keys (118
 * blocks at most) it stays below the cap of any GPU of 30 multiprocessors
 * or more. */
#include "random_device.h"

#include <math.h>

#include "error.h"

#define DRAW_BLOCK 256
#define CURAND_CALL_OFFSETS 4 /* no curand call advances a thread's offset by more */

cg_draw_policy cg_draw_policy_for(int64_t numel, int unroll, int multiprocessors, int threads_per_multiprocessor) {
    uint64_t n = (uint64_t)numel;
    uint64_t grid = (n + DRAW_BLOCK - 1) / DRAW_BLOCK;
    uint64_t cap = (uint64_t)multiprocessors * (uint64_t)(threads_per_multiprocessor / DRAW_BLOCK);
    if (grid > cap)
        grid = cap;
    if (grid < 1)
        grid = 1;
    uint64_t per_round = (uint64_t)DRAW_BLOCK * grid * (uint64_t)unroll;
    return (cg_draw_policy){
        .grid = (uint32_t)grid,
        .block = DRAW_BLOCK,
        .counter_offset = ((n - 1) / per_round + 1) * CURAND_CALL_OFFSETS,
    };
}

int cg_draw_unroll(cg_draw_kind kind, cg_dtype dt) {
    if (kind == CG_DRAW_RANDOM64)
        return 2;
    if (kind == CG_DRAW_RANDOM || kind == CG_DRAW_DROPOUT)
        return 4;
    return dt == CG_F64 ? 2 : 4;
}

int cg_dropout_vec(cg_dtype dt, int64_t numel, uintptr_t address, bool dense) {
    if (!dense)
        return 1;
    uintptr_t size = cg_dtype_size(dt);
    int vec = (int)(16 / size) < 4 ? (int)(16 / size) : 4;
    while (vec > 1 && address % (size * (uintptr_t)vec) != 0) /* can_vectorize_up_to */
        vec /= 2;
    while (vec > 1 && numel % vec != 0) /* no remainders */
        vec /= 2;
    return vec;
}

#define APPLY_BLOCK 512 /* CUDA_tensor_apply2's max_threads_per_block */
#define APPLY_STEP 4
#define MAX_GRID_X 2147483647u

cg_draw_policy cg_bernoulli_p_policy(int64_t numel) {
    uint64_t per_block = APPLY_BLOCK * APPLY_STEP, grid = ((uint64_t)numel + per_block - 1) / per_block;
    return (cg_draw_policy){
        .grid = (uint32_t)(grid > MAX_GRID_X ? MAX_GRID_X
                           : grid < 1        ? 1
                                             : grid),
        .block = APPLY_BLOCK,
        .counter_offset = 10, /* philox_cuda_state(10) */
    };
}

#define RANDPERM_BLOCK 512

cg_draw_policy cg_randperm_policy(int64_t n) {
    uint64_t grid = ((uint64_t)n + RANDPERM_BLOCK - 1) / RANDPERM_BLOCK;
    return (cg_draw_policy){
        .grid = (uint32_t)(grid < 1 ? 1 : grid), .block = RANDPERM_BLOCK, .counter_offset = (uint64_t)n};
}

int cg_randperm_bits(int64_t n) {
    double nd = (double)n, log_threshold_12 = log(0.9) * 12;
    double bits = ceil(log2(nd - (6 * nd * nd + 1) / log_threshold_12));
    return bits > 64 ? 64 : (int)bits;
}

#define MULTINOMIAL_BLOCK 128
#define MAX_GRID_Y 65535u

cg_draw_policy cg_multinomial_policy(int64_t rows, int64_t samples) {
    uint64_t grid_y = (uint64_t)rows < MAX_GRID_Y ? (uint64_t)rows : MAX_GRID_Y;
    return (cg_draw_policy){
        .grid = (uint32_t)(((uint64_t)samples - 1) / MULTINOMIAL_BLOCK + 1),
        .block = MULTINOMIAL_BLOCK,
        .grid_y = (uint32_t)grid_y,
        .counter_offset = (((uint64_t)rows - 1) / grid_y + 1) * 4, /* a curand_uniform4 per row served */
    };
}

/* One launch: d's policy, g's offsets, the backend's draw entry */
static int launch(cg_tensor *t, cg_draw *d, cg_draw_policy p, cg_rng *g) {
    const cg_backend *be = cg_backend_get(cg_tensor_device(t).type);
    if (!be)
        return -1;
    d->seed = g->seed;
    d->offset = cg_rng_philox_reserve(g, p.counter_offset);
    d->grid = p.grid;
    d->grid_y = p.grid_y ? p.grid_y : 1;
    d->block = p.block;
    if (be->draw(cg_tensor_device(t).index, cg_tensor_data(t), t->dtype, cg_tensor_numel(t), d) < 0)
        return -1;
    t->storage->version++;
    return 0;
}

int cg_device_bernoulli_p(cg_tensor *out, cg_tensor *probs, cg_rng *g) {
    if (cg_tensor_numel(out) == 0)
        return 0;
    cg_draw d = {.kind = CG_DRAW_BERNOULLI_P, .probs = cg_tensor_data(probs)};
    return launch(out, &d, cg_bernoulli_p_policy(cg_tensor_numel(out)), g);
}

int cg_device_randperm(cg_tensor *out, cg_tensor *keys, int bits, cg_rng *g) {
    int64_t n = cg_tensor_numel(out);
    if (n == 0)
        return 0;
    cg_draw d = {.kind = CG_DRAW_RANDPERM, .keys = cg_tensor_data(keys), .src = keys->dtype, .bits = bits};
    return launch(out, &d, cg_randperm_policy(n), g);
}

int cg_device_multinomial(cg_tensor *out, cg_tensor *norm, cg_tensor *cum, cg_rng *g) {
    int64_t rows = norm->sizes[0], samples = out->sizes[out->ndim - 1];
    if (rows == 0)
        return 0; /* no launch: the grid would have no rows */
    cg_draw d = {.kind = CG_DRAW_MULTINOMIAL,
                 .probs = cg_tensor_data(norm),
                 .cum = cg_tensor_data(cum),
                 .src = norm->dtype,
                 .rows = rows,
                 .cols = norm->sizes[1],
                 .samples = samples};
    return launch(out, &d, cg_multinomial_policy(rows, samples), g);
}

int cg_device_draw(cg_tensor *t, cg_draw *d, cg_rng *g) {
    int64_t numel = cg_tensor_numel(t);
    if (numel == 0)
        return 0; /* no launch, no offsets reserved */
    cg_device dev = cg_tensor_device(t);
    const cg_backend *be = cg_backend_get(dev.type);
    if (!be)
        return -1;
    int sms = 0, threads = 0;
    if (be->devices->launch_limits(dev.index, &sms, &threads) < 0)
        return -1;
    return launch(t, d, cg_draw_policy_for(numel, cg_draw_unroll(d->kind, t->dtype), sms, threads), g);
}
