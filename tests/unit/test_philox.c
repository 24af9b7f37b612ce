/* test_philox.c: random numbers on CUDA devices, on the host: the CUDA
 * generator's seeds and offsets, the launch policy, and the model of the
 * kernels (philox_ref.c) that together must give what PyTorch gave on real
 * GPUs. The expected values are those PyTorch users printed in its issue
 * tracker (4 decimals, so compared to 5e-5); each case names its thread.
 * They pass only if the seed, the reserved offset, the grid and the
 * thread-to-element mapping are all PyTorch's. The kernels themselves run
 * in `make test-gpu` (tests/gpu), which checks them against this model. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "helpers.h"
#include "philox_ref.h"
#include "random_device.h"

/* H200: 132 multiprocessors of 2048 threads */
#define H200_SMS 132
#define H200_THREADS 2048

/* What the engine does before a launch (cg_device_draw): the policy for a
 * device of sms x threads, the offsets reserved from g; then the model's
 * values. Returns them (malloc'd). */
static double *draw(cg_rng *g, cg_draw d, cg_dtype dt, int64_t numel, int sms, int threads) {
    cg_draw_policy p = cg_draw_policy_for(numel, cg_draw_unroll(d.kind, dt), sms, threads);
    d.seed = g->seed;
    d.offset = cg_rng_philox_reserve(g, p.counter_offset);
    d.grid = p.grid;
    d.block = p.block;
    double *out = malloc((size_t)numel * sizeof *out);
    cr_assert(out);
    philox_ref_draw(&d, dt, numel, out);
    return out;
}

static void expect_printed(const double *got, const int64_t *index, const double *printed, int n, const char *what) {
    for (int i = 0; i < n; i++)
        cr_expect(fabs(got[index[i]] - printed[i]) <= 5e-5, "%s: element %lld is %.6f, PyTorch printed %.4f", what,
                  (long long)index[i], got[index[i]], printed[i]);
}

static cg_rng *seeded(uint64_t seed) {
    cg_rng *g = T_OK(cg_rng_new_cuda(0));
    cg_rng_manual_seed(g, seed);
    return g;
}

/* ---- Philox itself ------------------------------------------------------------------- */

/* Random123's tests/kat_vectors, the three philox4x32 10 lines */
Test(philox, known_answers) {
    static const uint32_t cases[3][10] = {
        {0, 0, 0, 0, 0, 0, 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8},
        {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x408f276d, 0x41c83b0e, 0xa20bc7c6,
         0x6d5451fd},
        {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0, 0xd16cfe09, 0x94fdcceb, 0x5001e420,
         0x24126ea1},
    };
    for (int c = 0; c < 3; c++) {
        uint32_t out[4];
        philox_ref_block(cases[c], cases[c] + 4, out);
        for (int i = 0; i < 4; i++)
            cr_expect_eq(out[i], cases[c][6 + i], "vector %d word %d: %08x", c, i, out[i]);
    }
}

/* curand_init(seed, subsequence, offset): the subsequence is the counter's
 * high half, the offset counts 32-bit values along it */
Test(philox, init_skips_subsequences_and_offsets) {
    philox_ref s, t;
    philox_ref_init(&s, 7, 3, 0);
    uint32_t first[4], ctr[4] = {0, 0, 3, 0}, key[2] = {7, 0}, block[4];
    philox_ref_next4(&s, first);
    philox_ref_block(ctr, key, block);
    for (int i = 0; i < 4; i++)
        cr_expect_eq(first[i], block[i]);
    uint32_t stream[12];
    philox_ref_init(&s, 7, 3, 0);
    for (int i = 0; i < 3; i++)
        philox_ref_next4(&s, stream + 4 * i);
    for (uint64_t off = 0; off < 6; off++) { /* offsets inside and across blocks */
        uint32_t r[4];
        philox_ref_init(&t, 7, 3, off);
        philox_ref_next4(&t, r);
        for (int i = 0; i < 4; i++)
            cr_expect_eq(r[i], stream[off + (uint64_t)i], "offset %llu value %d", (unsigned long long)off, i);
    }
}

/* ---- the generator ------------------------------------------------------------------- */

Test(cuda_generator, seeds_and_offsets) {
    cg_rng *g = T_OK(cg_rng_new_cuda(1));
    cr_expect_eq(g->device.type, CG_CUDA);
    cr_expect_eq(g->device.index, 1);
    cr_expect_eq(cg_rng_initial_seed(g), CG_DEFAULT_RNG_SEED);
    /* offsets move by whole curand4 calls */
    cr_expect_eq(cg_rng_philox_reserve(g, 4), 0);
    cr_expect_eq(cg_rng_philox_reserve(g, 5), 4);
    cr_expect_eq(cg_rng_philox_reserve(g, 1), 12);
    cr_expect_eq(g->philox_offset, 16);
    cg_rng_manual_seed(g, 3);
    cr_expect_eq(cg_rng_initial_seed(g), 3);
    cr_expect_eq(g->philox_offset, 0, "a new seed starts the offsets again");
    cg_rng_free(g);
}

/* torch.manual_seed seeds the CPU generator and every device's */
Test(cuda_generator, manual_seed_reaches_every_default) {
    cg_rng *d0 = T_OK(cg_rng_default_cuda(0));
    cg_rng_philox_reserve(d0, 8);
    cg_manual_seed(1234);
    for (int i = 0; i < CG_MAX_CUDA_RNGS; i += 21) {
        cg_rng *d = T_OK(cg_rng_default_cuda(i));
        cr_expect_eq(cg_rng_initial_seed(d), 1234, "device %d", i);
        cr_expect_eq(d->philox_offset, 0, "device %d", i);
    }
    cr_expect_eq(cg_initial_seed(), 1234);
    cg_cuda_manual_seed_all(99);
    cr_expect_eq(cg_rng_initial_seed(cg_rng_default_cuda(5)), 99);
    cr_expect_eq(cg_initial_seed(), 1234, "torch.cuda.manual_seed_all leaves the CPU generator");
    T_ERR(cg_rng_default_cuda(CG_MAX_CUDA_RNGS), CG_RUNTIME_ERROR,
          "Expected a CUDA device index in [0, 64) for a default generator, but got 64");
}

/* A CPU tensor's op with a CUDA generator, and the ops cgrad draws on the
 * CPU for every device: PyTorch's check_generator message */
Test(cuda_generator, wrong_device_generator) {
    cg_rng *g = T_OK(cg_rng_new_cuda(0));
    int64_t n = 4;
    const char *msg = "Expected a 'cpu' device type for generator but found 'cuda'";
    T_ERR(cg_rand(1, &n, CG_F32, cg_device_cpu(), g), CG_RUNTIME_ERROR, msg);
    T_ERR(cg_randperm(5, CG_INT64, cg_device_cpu(), g), CG_RUNTIME_ERROR, msg);
    cg_tensor *p = T_OK(cg_full(1, &n, cg_scalar_float(0.5), CG_F32, cg_device_cpu()));
    T_ERR(cg_bernoulli(p, g), CG_RUNTIME_ERROR, msg);
    T_ERR(cg_multinomial(p, 2, false, g), CG_RUNTIME_ERROR, msg);
    cg_tensor_release(p);
    cg_rng_free(g);
}

/* ---- the launch policy ------------------------------------------------------------- */

Test(draw_policy, grid_and_offsets) {
    cg_draw_policy p = cg_draw_policy_for(1, 4, H200_SMS, H200_THREADS);
    cr_expect_eq(p.grid, 1);
    cr_expect_eq(p.block, 256);
    cr_expect_eq(p.counter_offset, 4);
    /* up to one wave of the device: a block per 256 elements */
    p = cg_draw_policy_for(100000, 4, H200_SMS, H200_THREADS);
    cr_expect_eq(p.grid, 391);
    cr_expect_eq(p.counter_offset, 4);
    /* past it: 132 x 8 blocks, each thread looping */
    p = cg_draw_policy_for(1 << 22, 4, H200_SMS, H200_THREADS);
    cr_expect_eq(p.grid, 1056);
    cr_expect_eq(p.counter_offset, 16, "4 rounds of one curand4 each");
    cr_expect_eq(cg_draw_policy_for(1 << 22, 2, H200_SMS, H200_THREADS).counter_offset, 32, "doubles: 2 per call");
    cr_expect_eq(cg_draw_unroll(CG_DRAW_UNIFORM, CG_F64), 2);
    cr_expect_eq(cg_draw_unroll(CG_DRAW_BERNOULLI, CG_INT64), 4);
    cr_expect_eq(cg_draw_unroll(CG_DRAW_RANDOM64, CG_INT32), 2);
}

/* ---- values PyTorch printed on GPUs -------------------------------------------------- */

/* torch.manual_seed(0); torch.rand(5, device='cuda') (through
 * distributions.Uniform(0., 1.).rsample((5,))),
 * https://github.com/pytorch/pytorch/issues/47347 */
Test(cuda_values, rand_seed_0) {
    cg_rng *g = seeded(0);
    double *v = draw(g, (cg_draw){.kind = CG_DRAW_UNIFORM, .a = 0, .b = 1}, CG_F32, 5, H200_SMS, H200_THREADS);
    expect_printed(v, (int64_t[]){0, 1, 2, 3, 4}, (double[]){0.3990, 0.5167, 0.0249, 0.9401, 0.9459}, 5, "rand");
    free(v);
    cg_rng_free(g);
}

/* torch.manual_seed(10); torch.randn(3, device='cuda'),
 * https://github.com/pytorch/pytorch/issues/79496 */
Test(cuda_values, randn_seed_10) {
    cg_rng *g = seeded(10);
    double *v = draw(g, (cg_draw){.kind = CG_DRAW_NORMAL, .a = 0, .b = 1}, CG_F32, 3, H200_SMS, H200_THREADS);
    expect_printed(v, (int64_t[]){0, 1, 2}, (double[]){-0.1029, 1.6810, -0.2708}, 3, "randn");
    free(v);
    cg_rng_free(g);
}

/* torch.manual_seed(14); torch.cuda.FloatTensor(1000, 100).normal_(5, 5**.5),
 * the first three rows' ends, https://github.com/pytorch/pytorch/issues/97097 */
Test(cuda_values, normal_seed_14) {
    cg_rng *g = seeded(14);
    double *v =
        draw(g, (cg_draw){.kind = CG_DRAW_NORMAL, .a = 5, .b = sqrt(5.0)}, CG_F32, 100000, H200_SMS, H200_THREADS);
    expect_printed(v, (int64_t[]){0, 1, 2, 97, 98, 99, 100, 101, 102, 197, 198, 199, 200, 201, 202},
                   (double[]){2.8731, 5.2727, 2.9889, 1.6853, 9.6331, 6.6319, 3.9968, 3.8097, 5.7328, 4.4029, 3.9804,
                              7.4698, 6.5552, 4.0857, 4.2315},
                   15, "normal_");
    free(v);
    cg_rng_free(g);
}

/* torch.Generator(device='cuda:0').manual_seed(43); normal_ of a
 * (1, 3, 128, 128) tensor, [..., 0, 0], https://github.com/pytorch/pytorch/issues/62467 */
Test(cuda_values, generator_seed_43) {
    cg_rng *g = seeded(43);
    double *v =
        draw(g, (cg_draw){.kind = CG_DRAW_NORMAL, .a = 0, .b = 1}, CG_F32, 3 * 128 * 128, H200_SMS, H200_THREADS);
    expect_printed(v, (int64_t[]){0, 16384, 32768}, (double[]){1.9983, 0.8704, 2.1127}, 3, "normal_");
    free(v);
    cg_rng_free(g);
}

/* torch.randn([1, 64, 2048], generator=torch.Generator(device).manual_seed(42)),
 * https://github.com/pytorch/pytorch/issues/158398. Its first rows are
 * the same on every GPU; its last rows came from a GPU whose grid is capped
 * at 168 blocks (28 multiprocessors of 1536 threads, an RTX 3060), where
 * the threads loop and the later elements take the y, z, w values. */
Test(cuda_values, randn_seed_42_both_grids) {
    cg_rng *g = seeded(42);
    double *v = draw(g, (cg_draw){.kind = CG_DRAW_NORMAL, .a = 0, .b = 1}, CG_F32, 64 * 2048, H200_SMS, H200_THREADS);
    expect_printed(v, (int64_t[]){0, 1, 2, 2045, 2046, 2047, 2048, 2049, 2050, 4093, 4094, 4095, 4096},
                   (double[]){0.1940, 2.1614, -0.1721, 1.4540, -2.7733, -0.8932, -0.4574, 0.8063, 0.1580, 0.1124,
                              0.2769, -1.2535, 1.1346},
                   13, "randn, first rows");
    free(v);
    cg_rng_manual_seed(g, 42);
    v = draw(g, (cg_draw){.kind = CG_DRAW_NORMAL, .a = 0, .b = 1}, CG_F32, 64 * 2048, 28, 1536);
    int64_t last = 61 * 2048;
    expect_printed(v,
                   (int64_t[]){0, 1, 2, last, last + 1, last + 2, last + 2048, last + 2049, last + 4096, last + 4097,
                               last + 4098, 131069, 131070, 131071},
                   (double[]){0.1940, 2.1614, -0.1721, -0.4861, 0.3358, 1.0578, 0.7881, 0.8339, -1.2356, -0.4083,
                              -0.4695, -0.4841, 1.2850, -0.0282},
                   14, "randn on a capped grid");
    free(v);
    cg_rng_free(g);
}

/* torch.manual_seed(42); nn.Linear(1, 1) made on CUDA: weight and bias are
 * two uniform_(-1, 1) draws in a row, the second at the offset the first
 * reserved, https://github.com/mrdbourke/pytorch-deep-learning/issues/759 */
Test(cuda_values, linear_init_two_draws) {
    cg_rng *g = seeded(42);
    cg_draw u = {.kind = CG_DRAW_UNIFORM, .a = -1, .b = 1};
    double *w = draw(g, u, CG_F32, 1, H200_SMS, H200_THREADS);
    double *b = draw(g, u, CG_F32, 1, H200_SMS, H200_THREADS);
    expect_printed(w, (int64_t[]){0}, (double[]){0.2259}, 1, "weight");
    expect_printed(b, (int64_t[]){0}, (double[]){0.9754}, 1, "bias");
    cr_expect_eq(g->philox_offset, 8);
    free(w);
    free(b);
    cg_rng_free(g);
}

/* ---- dropout's fused kernel (Note [Fused dropout]) ------------------------------------ */

/* Its vector width: the widest the address, the 16 bytes and numel allow */
Test(dropout_vec, get_vector_size) {
    cr_expect_eq(cg_dropout_vec(CG_F32, 1 << 20, 512, true), 4);
    cr_expect_eq(cg_dropout_vec(CG_F32, 1 << 20, 512, false), 1, "not dense: the scalar kernel");
    cr_expect_eq(cg_dropout_vec(CG_F32, 6, 512, true), 2, "6 = 2 x 3");
    cr_expect_eq(cg_dropout_vec(CG_F32, 7, 512, true), 1, "odd");
    cr_expect_eq(cg_dropout_vec(CG_F32, 8, 512 + 8, true), 2, "8-byte aligned view");
    cr_expect_eq(cg_dropout_vec(CG_F32, 8, 512 + 4, true), 1, "4-byte aligned view");
    cr_expect_eq(cg_dropout_vec(CG_F64, 8, 512, true), 2, "16 bytes hold 2 doubles");
    cr_expect_eq(cg_dropout_vec(CG_F64, 8, 512 + 8, true), 1);
}

/* What the engine draws for native_dropout(ones(numel), p) on a device of
 * sms x threads right after manual_seed(seed): the keep mask (malloc'd). */
static double *dropout_mask(uint64_t seed, double p, int64_t numel, int vec, int sms, int threads) {
    cg_rng *g = seeded(seed);
    double *m =
        draw(g, (cg_draw){.kind = CG_DRAW_DROPOUT, .a = (float)(1 - p), .vec = vec}, CG_BOOL, numel, sms, threads);
    cg_rng_free(g);
    return m;
}

/* torch.cuda.manual_seed_all(1); nn.Dropout(p=0.1)(torch.ones(512*4*1024)
 * .to("cuda")); print((y == 0).nonzero()) on an RTX 4080 SUPER (80
 * multiprocessors of 1536 threads: 480 blocks), printed as 8, 14, 20, ...,
 * 2097121, 2097140, 2097151; https://github.com/intel/torch-xpu-ops/issues/2926.
 * The first zeros need the 4-wide order, the last ones that grid too. */
Test(cuda_values, dropout_vectorised_seed_1) {
    int64_t n = 512 * 4 * 1024;
    cr_assert_eq(cg_dropout_vec(CG_F32, n, 512, true), 4);
    double *m = dropout_mask(1, 0.1, n, 4, 80, 1536);
    int64_t first[3], last[3], nf = 0, nl = 0;
    for (int64_t i = 0; i < n && nf < 3; i++)
        if (m[i] == 0)
            first[nf++] = i;
    for (int64_t i = n - 1; i >= 0 && nl < 3; i--)
        if (m[i] == 0)
            last[nl++] = i;
    cr_expect(nf == 3 && first[0] == 8 && first[1] == 14 && first[2] == 20, "first zeros %lld %lld %lld",
              (long long)first[0], (long long)first[1], (long long)first[2]);
    cr_expect(nl == 3 && last[2] == 2097121 && last[1] == 2097140 && last[0] == 2097151, "last zeros %lld %lld %lld",
              (long long)last[2], (long long)last[1], (long long)last[0]);
    free(m);
}

/* torch.manual_seed(0); nn.Dropout(0.5)(torch.ones(1000, 1000).to('cuda'))
 * summed: 999826 on a P100 (56 multiprocessors of 2048 threads) and 999100
 * on a K80 (13 of 2048); https://github.com/pytorch/pytorch/issues/25690.
 * That PyTorch (1.2) ran the scalar kernel for every input; today's runs it
 * where the vector one cannot (odd sizes, inputs that are not dense). */
Test(cuda_values, dropout_scalar_kernel_two_gpus) {
    int64_t n = 1000 * 1000;
    int sms[2] = {56, 13};
    double printed[2] = {999826, 999100};
    for (int k = 0; k < 2; k++) {
        double *m = dropout_mask(0, 0.5, n, 1, sms[k], 2048);
        double sum = 0;
        for (int64_t i = 0; i < n; i++)
            sum += m[i] * 2.0;
        cr_expect_eq(sum, printed[k], "%d multiprocessors: sum %.0f, PyTorch printed %.0f", sms[k], sum, printed[k]);
        free(m);
    }
}

/* curand_uniform of one 32-bit value: x / 2^32 + 2^-33, in float */
static float curand_uniform(uint32_t x) { return fmaf((float)x, 2.3283064e-10f, 2.3283064e-10f / 2); }

/* Every launch reserves UNROLL 4's offsets, whatever the width, so the
 * vec-2 kernel's threads run past them when they loop, as in PyTorch */
Test(cuda_values, dropout_reserves_float_offsets) {
    cg_rng *g = seeded(3);
    int64_t n = (int64_t)H200_SMS * 8 * 256 * 4 * 2 + 2;
    double *m = draw(g, (cg_draw){.kind = CG_DRAW_DROPOUT, .a = 0.5f, .vec = 2}, CG_BOOL, n, H200_SMS, H200_THREADS);
    cr_expect_eq(g->philox_offset, 12, "3 rounds of float4 reserved");
    /* thread 0's rounds r take elements 2 r (threads), from its r-th curand4 */
    philox_ref s;
    philox_ref_init(&s, 3, 0, 0);
    int64_t threads = (int64_t)H200_SMS * 8 * 256;
    for (int r = 0; r < 5; r++) {
        uint32_t v[4];
        philox_ref_next4(&s, v);
        cr_expect_eq(m[2 * r * threads], curand_uniform(v[0]) < 0.5f, "round %d", r);
        cr_expect_eq(m[2 * r * threads + 1], curand_uniform(v[1]) < 0.5f, "round %d", r);
    }
    free(m);
    cg_rng_free(g);
}

/* ---- bernoulli(p) of a probability tensor ----------------------------------------------- */

/* CUDA_tensor_apply2's launch: 512 threads a block, 4 elements a thread,
 * and 10 offsets asked of the generator, 12 once rounded */
Test(bernoulli_p, launch_and_offsets) {
    cg_draw_policy p = cg_bernoulli_p_policy(1);
    cr_expect_eq(p.grid, 1);
    cr_expect_eq(p.block, 512);
    p = cg_bernoulli_p_policy(2049);
    cr_expect_eq(p.grid, 2, "2048 elements a block");
    cr_expect_eq(cg_bernoulli_p_policy(1 << 24).grid, 8192, "never capped below 2^31 blocks");
    cg_rng *g = seeded(9);
    cr_expect_eq(cg_rng_philox_reserve(g, p.counter_offset), 0);
    cr_expect_eq(g->philox_offset, 12);
    cg_rng_free(g);
}

/* element i is value i % 4 of thread i / 4's first draw, compared with <= */
Test(bernoulli_p, element_order) {
    float probs[9];
    for (int i = 0; i < 9; i++)
        probs[i] = 0.5f;
    cg_draw d = {.kind = CG_DRAW_BERNOULLI_P, .seed = 21, .offset = 8, .grid = 1, .block = 512, .probs = probs};
    double got[9];
    philox_ref_draw(&d, CG_F32, 9, got);
    for (int i = 0; i < 9; i++) {
        philox_ref s;
        uint32_t r[4];
        philox_ref_init(&s, 21, (uint64_t)i / 4, 8);
        philox_ref_next4(&s, r);
        cr_expect_eq(got[i], curand_uniform(r[i % 4]) <= 0.5f, "element %d", i);
    }
}

/* ---- the other transforms of the model, by their definitions --------------------------- */

Test(cuda_values, integer_and_bernoulli_transforms) {
    cg_rng *g = seeded(5);
    double *r =
        draw(g, (cg_draw){.kind = CG_DRAW_RANDOM, .base = -3, .range = 10}, CG_INT64, 1000, H200_SMS, H200_THREADS);
    cg_rng_manual_seed(g, 5);
    double *u = draw(g, (cg_draw){.kind = CG_DRAW_BERNOULLI, .a = 0.25}, CG_F32, 1000, H200_SMS, H200_THREADS);
    int ones = 0;
    for (int i = 0; i < 1000; i++) {
        cr_expect(r[i] >= -3 && r[i] < 7 && r[i] == floor(r[i]), "randint value %g", r[i]);
        cr_expect(u[i] == 0 || u[i] == 1);
        ones += u[i] == 1;
    }
    cr_expect(ones > 200 && ones < 300, "bernoulli(0.25) gave %d ones in 1000", ones);
    free(r);
    free(u);
    cg_rng_free(g);
}

/* ---- randperm and multinomial on the device ----------------------------------------------- */

/* Randperm.cu's key width, ceil(log2(n - (6 n^2 + 1) / (12 ln 0.9))),
 * here from Python's math module; 30083 is the last n with int32 keys */
Test(randperm_policy, key_bits_and_launch) {
    int64_t n[] = {1, 2, 10, 100, 1000, 30000, 30083, 30084, 100000, 1000000, 2147483647};
    int want[] = {3, 5, 9, 16, 23, 32, 32, 33, 36, 43, 64};
    for (size_t i = 0; i < sizeof n / sizeof *n; i++)
        cr_expect_eq(cg_randperm_bits(n[i]), want[i], "n = %lld: %d bits", (long long)n[i], cg_randperm_bits(n[i]));
    cg_draw_policy p = cg_randperm_policy(1000); /* (n + 511) / 512 blocks of 512, n offsets */
    cr_expect(p.grid == 2 && p.block == 512 && p.counter_offset == 1000);
    p = cg_randperm_policy(512);
    cr_expect(p.grid == 1 && p.counter_offset == 512);
}

/* the model's randperm is a permutation whether its keys are int32 or
 * int64, and whatever the ties (4 bits for 300 keys: long runs) */
Test(randperm_model, permutations) {
    int64_t sizes[] = {1, 7, 300, 30083, 30084};
    int forced[] = {0, 0, 4, 0, 0};
    for (size_t c = 0; c < sizeof sizes / sizeof *sizes; c++) {
        int64_t n = sizes[c];
        int bits = forced[c] ? forced[c] : cg_randperm_bits(n);
        bool wide = bits > 32;
        cg_draw_policy kp = cg_draw_policy_for(n, 2, H200_SMS, H200_THREADS);
        cg_draw keys = {.kind = CG_DRAW_RANDOM64,
                        .range = wide ? UINT64_MAX : UINT32_MAX,
                        .base = wide ? INT64_MIN : INT32_MIN,
                        .seed = 5,
                        .grid = kp.grid,
                        .block = kp.block};
        cg_draw shuffle = {.seed = 5, .offset = kp.counter_offset};
        int64_t *out = malloc((size_t)n * sizeof *out);
        bool *seen = calloc((size_t)n, 1);
        cr_assert(out && seen);
        philox_ref_randperm(&keys, &shuffle, n, bits, out);
        for (int64_t i = 0; i < n; i++) {
            cr_assert(out[i] >= 0 && out[i] < n && !seen[out[i]], "n = %lld: %lld twice or out of range", (long long)n,
                      (long long)out[i]);
            seen[out[i]] = true;
        }
        free(seen), free(out);
    }
}

/* sampleMultinomialWithReplacement's launch: ceil(samples / 128) blocks
 * of 128 along x, min(rows, 65535) along y, and 4 offsets for each row a
 * thread serves */
Test(multinomial_policy, grid_and_offsets) {
    cg_draw_policy p = cg_multinomial_policy(1, 10);
    cr_expect(p.grid == 1 && p.grid_y == 1 && p.block == 128 && p.counter_offset == 4);
    p = cg_multinomial_policy(3, 300);
    cr_expect(p.grid == 3 && p.grid_y == 3 && p.counter_offset == 4);
    p = cg_multinomial_policy(100000, 129);
    cr_expect(p.grid == 2 && p.grid_y == 65535 && p.counter_offset == 8);
}

/* the model's search: the first bucket whose running sum reaches the
 * uniform, never one of probability zero (pytorch#4858: a uniform of 1
 * above a sum that rounded short of it) */
Test(multinomial_model, buckets) {
    float dist[4] = {0.25f, 0.0f, 0.75f, 0.0f}, cum[4] = {0.25f, 0.25f, 0.99999f, 0.99999f};
    cg_draw_policy p = cg_multinomial_policy(1, 2000);
    cg_draw d = {.kind = CG_DRAW_MULTINOMIAL,
                 .seed = 9,
                 .grid = p.grid,
                 .grid_y = p.grid_y,
                 .block = p.block,
                 .probs = dist,
                 .cum = cum,
                 .src = CG_F32,
                 .rows = 1,
                 .cols = 4,
                 .samples = 2000};
    int64_t out[2000];
    philox_ref_multinomial(&d, out);
    int count[4] = {0};
    for (int i = 0; i < 2000; i++)
        count[out[i]]++;
    cr_expect(count[1] == 0 && count[3] == 0, "buckets of probability zero: %d, %d", count[1], count[3]);
    cr_expect(count[0] > 400 && count[0] < 600, "a quarter of 2000: %d", count[0]);
}
