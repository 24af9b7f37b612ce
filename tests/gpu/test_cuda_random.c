/* test_cuda_random.c: `make test-gpu`: the random ops on a CUDA device
 * against the host model of PyTorch's kernels (tests/unit/philox_ref.c,
 * which the unit tests hold to values PyTorch printed on GPUs). Uniform,
 * integer and Bernoulli values must be bit for bit the model's; normal and
 * exponential ones differ by the device's sine and logarithm (1e-5). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../unit/helpers.h"
#include "../unit/philox_ref.h"
#include "random_device.h"

static const cg_device cuda0 = {CG_CUDA, 0};

static void need_cuda(void) {
    setenv("CGRAD_CUDA_DEBUG", "1", 0);
    cr_assert(cg_backend_get(CG_CUDA), "no CUDA device: %s", cg_error_message());
}

/* The model's values for numel elements of draw d from a generator at
 * (seed, offset), on this device's grid. */
static double *model(cg_draw d, cg_dtype dt, int64_t numel, uint64_t seed, uint64_t offset) {
    int sms = 0, threads = 0;
    cr_assert_eq(cg_backend_get(CG_CUDA)->devices->launch_limits(0, &sms, &threads), 0, "%s", cg_error_message());
    cg_draw_policy p = cg_draw_policy_for(numel, cg_draw_unroll(d.kind, dt), sms, threads);
    d.seed = seed, d.offset = offset, d.grid = p.grid, d.block = p.block;
    double *v = malloc((size_t)numel * sizeof *v);
    cr_assert(v);
    philox_ref_draw(&d, dt, numel, v);
    return v;
}

static void expect_model(cg_tensor *t, const double *want, double tol, const char *what) {
    cg_tensor *h = T_OK(cg_to_device(t, cg_device_cpu()));
    cg_tensor *c = T_OK(cg_contiguous(h));
    int64_t n = cg_tensor_numel(c), bad = 0;
    for (int64_t i = 0; i < n && bad < 5; i++) {
        double got = t_at(c, i);
        if (tol == 0 ? got != want[i] : fabs(got - want[i]) > tol * (1 + fabs(want[i]))) {
            cr_expect_fail("%s: element %lld is %.9g, the model gives %.9g", what, (long long)i, got, want[i]);
            bad++;
        }
    }
    cg_tensor_release(c);
    cg_tensor_release(h);
}

/* one op's draw on the device against the model at the generator's seed
 * and offset before the op */
#define CHECK_DRAW(expr, kind_init, dt, numel, tol, what)      \
    do {                                                       \
        cg_rng *g_ = cg_rng_default_cuda(0);                   \
        uint64_t seed_ = g_->seed, off_ = g_->philox_offset;   \
        cg_tensor *t_ = T_OK(expr);                            \
        double *w_ = model(kind_init, dt, numel, seed_, off_); \
        expect_model(t_, w_, tol, what);                       \
        free(w_);                                              \
        cg_tensor_release(t_);                                 \
    } while (0)

Test(cuda_random, creation_ops_match_the_model) {
    need_cuda();
    cg_manual_seed(0);
    int64_t small[1] = {5}, wide[2] = {1000, 1000}, big[1] = {1 << 22};
    CHECK_DRAW(cg_rand(1, small, CG_F32, cuda0, NULL), ((cg_draw){.kind = CG_DRAW_UNIFORM, .b = 1}), CG_F32, 5, 0,
               "rand(5)");
    CHECK_DRAW(cg_rand(2, wide, CG_F64, cuda0, NULL), ((cg_draw){.kind = CG_DRAW_UNIFORM, .b = 1}), CG_F64, 1000000, 0,
               "rand(1000, 1000, float64)");
    CHECK_DRAW(cg_randn(1, big, CG_F32, cuda0, NULL), ((cg_draw){.kind = CG_DRAW_NORMAL, .b = 1}), CG_F32, 1 << 22,
               1e-5, "randn(2^22)");
    CHECK_DRAW(cg_randn(2, wide, CG_F64, cuda0, NULL), ((cg_draw){.kind = CG_DRAW_NORMAL, .b = 1}), CG_F64, 1000000,
               1e-12, "randn float64");
    CHECK_DRAW(cg_randint(-5, 9, 2, wide, CG_INT64, cuda0, NULL),
               ((cg_draw){.kind = CG_DRAW_RANDOM, .base = -5, .range = 14}), CG_INT64, 1000000, 0, "randint");
    CHECK_DRAW(cg_randint(0, 1LL << 40, 1, big, CG_INT64, cuda0, NULL),
               ((cg_draw){.kind = CG_DRAW_RANDOM64, .range = 1ULL << 40}), CG_INT64, 1 << 22, 0, "randint 2^40");
}

Test(cuda_random, in_place_ops_match_the_model) {
    need_cuda();
    cg_manual_seed(7);
    int64_t n[1] = {300001};
    cg_tensor *t = T_OK(cg_tensor_empty(1, n, CG_F32, cuda0));
#define IN_PLACE(call, draw_init, tol, what)                      \
    do {                                                          \
        cg_rng *g_ = cg_rng_default_cuda(0);                      \
        uint64_t seed_ = g_->seed, off_ = g_->philox_offset;      \
        T_RC(call);                                               \
        double *w_ = model(draw_init, CG_F32, n[0], seed_, off_); \
        expect_model(t, w_, tol, what);                           \
        free(w_);                                                 \
    } while (0)
    IN_PLACE(cg_uniform_(t, -2, 3, NULL), ((cg_draw){.kind = CG_DRAW_UNIFORM, .a = -2, .b = 3}), 0, "uniform_");
    IN_PLACE(cg_normal_(t, 1, 0.5, NULL), ((cg_draw){.kind = CG_DRAW_NORMAL, .a = 1, .b = 0.5}), 1e-5, "normal_");
    IN_PLACE(cg_bernoulli_(t, 0.3, NULL), ((cg_draw){.kind = CG_DRAW_BERNOULLI, .a = 0.3}), 0, "bernoulli_");
    IN_PLACE(cg_exponential_(t, 2, NULL), ((cg_draw){.kind = CG_DRAW_EXPONENTIAL, .a = 2}), 1e-5, "exponential_");
    IN_PLACE(cg_random_(t, 0, 100, NULL), ((cg_draw){.kind = CG_DRAW_RANDOM, .range = 100}), 0, "random_");
#undef IN_PLACE
    cg_tensor_release(t);
}

/* a transposed tensor is drawn in memory order, as its contiguous twin */
Test(cuda_random, transposed_tensor_draws_in_memory_order) {
    need_cuda();
    int64_t sizes[2] = {300, 200};
    cg_tensor *a = T_OK(cg_tensor_empty(2, sizes, CG_F32, cuda0));
    cg_tensor *b = T_OK(cg_tensor_empty(2, sizes, CG_F32, cuda0));
    cg_tensor *bt = T_OK(cg_transpose(b, 0, 1));
    cg_manual_seed(3);
    T_RC(cg_uniform_(a, 0, 1, NULL));
    cg_manual_seed(3);
    T_RC(cg_uniform_(bt, 0, 1, NULL));
    cg_tensor *ha = T_OK(cg_to_device(a, cg_device_cpu())), *hb = T_OK(cg_to_device(b, cg_device_cpu()));
    for (int64_t i = 0; i < 300 * 200; i++)
        cr_assert_eq(t_at(ha, i), t_at(hb, i), "element %lld", (long long)i);
    cg_tensor_release(ha), cg_tensor_release(hb), cg_tensor_release(bt), cg_tensor_release(b), cg_tensor_release(a);
}

/* offsets move as PyTorch's: 4 per launch below a device's wave */
Test(cuda_random, generator_offsets_and_errors) {
    need_cuda();
    cg_rng *g = T_OK(cg_rng_new_cuda(0));
    int64_t n[1] = {10};
    cg_tensor *a = T_OK(cg_rand(1, n, CG_F32, cuda0, g));
    cr_expect_eq(g->philox_offset, 4);
    cg_tensor *b = T_OK(cg_randn(1, n, CG_F64, cuda0, g));
    cr_expect_eq(g->philox_offset, 8);
    cg_rng *cpu = T_OK(cg_rng_new());
    T_ERR(cg_rand(1, n, CG_F32, cuda0, cpu), CG_RUNTIME_ERROR,
          "Expected a 'cuda' device type for generator but found 'cpu'");
    cg_rng_free(cpu);
    cg_rng_free(g);
    cg_tensor_release(a), cg_tensor_release(b);
}

/* ---- dropout's fused kernel (Note [Fused dropout]) ------------------------------------ */

/* native_dropout(x, p, train=True) on the device: its mask against the
 * model for the vector width the engine must pick, read in memory order
 * (a transposed x's mask is transposed too), and its output x * mask *
 * scale with the float scale of the fused kernel */
static void check_dropout(cg_tensor *x, double p, int vec, const char *what) {
    cg_rng *g = cg_rng_default_cuda(0);
    uint64_t seed = g->seed, off = g->philox_offset;
    int64_t n = cg_tensor_numel(x);
    cg_tensor *mask = NULL;
    cg_tensor *out = T_OK(cg_native_dropout(x, p, 1, NULL, &mask));
    cr_assert_eq(mask->dtype, CG_BOOL, "%s: mask dtype", what);
    double keep = x->dtype == CG_F32 ? (double)(float)(1 - p) : 1 - p;
    double *want = model((cg_draw){.kind = CG_DRAW_DROPOUT, .a = keep, .vec = vec}, CG_BOOL, n, seed, off);
    bool transposed = vec > 1 && !cg_tensor_is_contiguous(x);
    cg_tensor *memory_order = transposed ? T_OK(cg_transpose(mask, 0, 1)) : cg_tensor_retain(mask);
    expect_model(memory_order, want, 0, what);
    cg_tensor *scale = cg_scalar_tensor(cg_scalar_float(x->dtype == CG_F32 ? (float)(1.0 / keep) : 1.0 / keep));
    cg_tensor *xm = T_OK(cg_mul(x, mask));
    cg_tensor *expected = T_OK(cg_mul(xm, scale));
    cg_tensor *ho = T_OK(cg_to_device(out, cg_device_cpu())), *he = T_OK(cg_to_device(expected, cg_device_cpu()));
    t_assert_close(ho, he, 0, 0);
    free(want);
    cg_tensor_release(ho), cg_tensor_release(he), cg_tensor_release(expected), cg_tensor_release(xm),
        cg_tensor_release(scale), cg_tensor_release(memory_order);
    cg_tensor_release(out), cg_tensor_release(mask);
}

static cg_tensor *cuda_rand(int ndim, const int64_t *sizes, cg_dtype dt) {
    return T_OK(cg_rand(ndim, sizes, dt, cuda0, NULL));
}

Test(cuda_random, native_dropout_matches_the_fused_kernel) {
    need_cuda();
    cg_manual_seed(11);
    int64_t square[2] = {1000, 1000}, odd[1] = {999}, even[1] = {1002}, wide[2] = {998, 1000}, one_more[1] = {1001};
    cg_tensor *a = cuda_rand(2, square, CG_F32), *b = cuda_rand(1, odd, CG_F32), *c = cuda_rand(1, even, CG_F32);
    cg_tensor *d = cuda_rand(2, square, CG_F64), *w = cuda_rand(2, wide, CG_F32), *l = cuda_rand(1, one_more, CG_F32);
    cg_tensor *wt = T_OK(cg_transpose(w, 0, 1));
    cg_tensor *shifted = T_OK(cg_slice_dim(l, 0, 1, 1001, 1)); /* 4 bytes past an aligned start */
    check_dropout(a, 0.1, 4, "float32 [1000, 1000]: 4 wide");
    check_dropout(b, 0.5, 1, "float32 [999]: scalar kernel");
    check_dropout(c, 0.3, 2, "float32 [1002]: 2 wide");
    check_dropout(d, 0.2, 2, "float64 [1000, 1000]: 2 wide");
    check_dropout(wt, 0.4, 4, "transposed float32: memory order");
    check_dropout(shifted, 0.6, 1, "float32 view at +4 bytes: scalar kernel");
    cg_tensor_release(shifted), cg_tensor_release(wt), cg_tensor_release(l), cg_tensor_release(w);
    cg_tensor_release(d), cg_tensor_release(c), cg_tensor_release(b), cg_tensor_release(a);
}

/* F.dropout of a CUDA tensor is native_dropout: its node, its gradient,
 * the offsets it reserves, and PyTorch's edge cases */
Test(cuda_random, dropout_is_native_dropout_on_the_device) {
    need_cuda();
    int64_t sizes[1] = {4096};
    cg_tensor *x = cuda_rand(1, sizes, CG_F32);
    x->requires_grad = true;
    cg_rng *g = cg_rng_default_cuda(0);
    uint64_t before = g->philox_offset;
    cg_tensor *y = T_OK(cg_dropout(x, 0.5, true, NULL));
    cr_expect_str_eq(y->grad_fn->name, "NativeDropoutBackward0");
    cr_expect_eq(g->philox_offset, before + 4, "one round below a device's wave");
    cg_tensor *loss = T_OK(cg_sum(y, 0, NULL, false));
    T_RC(cg_autograd_backward(1, &loss, NULL, false, false));
    cg_tensor *grad = T_OK(cg_to_device(x->grad, cg_device_cpu())), *hy = T_OK(cg_to_device(y, cg_device_cpu()));
    for (int64_t i = 0; i < 4096; i++) /* kept elements have gradient 2, dropped ones 0 */
        cr_assert_eq(t_at(grad, i), t_at(hy, i) != 0 ? 2.0 : 0.0, "element %lld", (long long)i);
    cg_tensor *mask = NULL;
    cg_tensor *zero = T_OK(cg_native_dropout(x, 1.0, 1, NULL, &mask));
    cr_expect_eq(g->philox_offset, before + 4, "p = 1 draws nothing");
    cg_tensor *hz = T_OK(cg_to_device(zero, cg_device_cpu()));
    for (int64_t i = 0; i < 4096; i++)
        cr_assert_eq(t_at(hz, i), 0.0);
    cg_tensor *ints = T_OK(cg_to_dtype(x, CG_INT64));
    cg_tensor *m2 = NULL;
    T_ERR(cg_native_dropout(ints, 0.5, 1, NULL, &m2), CG_RUNTIME_ERROR, "\"fused_dropout\" not implemented for 'Long'");
    cg_tensor_release(ints), cg_tensor_release(hz), cg_tensor_release(zero), cg_tensor_release(mask);
    cg_tensor_release(hy), cg_tensor_release(grad), cg_tensor_release(loss), cg_tensor_release(y), cg_tensor_release(x);
}

/* ---- bernoulli(p) of a probability tensor ----------------------------------------------- */

/* torch.bernoulli(p) on the device against the model, which reads the
 * probabilities from a host copy; the offsets it reserves; its errors */
static void check_bernoulli_p(cg_tensor *p, const char *what) {
    cg_rng *g = cg_rng_default_cuda(0);
    uint64_t seed = g->seed, off = g->philox_offset;
    cg_tensor *out = T_OK(cg_bernoulli(p, NULL));
    cr_expect_eq(g->philox_offset, off + 12, "%s: 10 offsets, rounded", what);
    cg_tensor *pc = T_OK(cg_contiguous(p));
    cg_tensor *hp = T_OK(cg_to_device(pc, cg_device_cpu()));
    int64_t n = cg_tensor_numel(p);
    cg_draw_policy pol = cg_bernoulli_p_policy(n);
    cg_draw d = {.kind = CG_DRAW_BERNOULLI_P,
                 .seed = seed,
                 .offset = off,
                 .grid = pol.grid,
                 .block = pol.block,
                 .probs = cg_tensor_data(hp)};
    double *want = malloc((size_t)n * sizeof *want);
    cr_assert(want);
    philox_ref_draw(&d, p->dtype, n, want);
    expect_model(out, want, 0, what);
    free(want);
    cg_tensor_release(hp), cg_tensor_release(pc), cg_tensor_release(out);
}

Test(cuda_random, bernoulli_of_probabilities_matches_the_model) {
    need_cuda();
    cg_manual_seed(17);
    int64_t sizes[2] = {700, 301}, odd[1] = {4099};
    cg_tensor *p32 = cuda_rand(2, sizes, CG_F32), *p64 = cuda_rand(1, odd, CG_F64);
    cg_tensor *pt = T_OK(cg_transpose(p32, 0, 1));
    check_bernoulli_p(p32, "float32 [700, 301]");
    check_bernoulli_p(p64, "float64 [4099]");
    check_bernoulli_p(pt, "transposed: logical order");
    cg_tensor *two = cg_scalar_tensor(cg_scalar_float(2.0));
    cg_tensor *bad = T_OK(cg_mul(p32, two));
    T_ERR(cg_bernoulli(bad, NULL), CG_RUNTIME_ERROR,
          "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  "
          "If so, please report an enhancement request to PyTorch.)");
    cg_rng *cpu = T_OK(cg_rng_new());
    T_ERR(cg_bernoulli(p32, cpu), CG_RUNTIME_ERROR, "Expected a 'cuda' device type for generator but found 'cpu'");
    cg_rng_free(cpu);
    cg_tensor_release(bad), cg_tensor_release(two), cg_tensor_release(pt), cg_tensor_release(p64);
    cg_tensor_release(p32);
}

/* ---- randperm (Note [randperm on the device]) ------------------------------------------ */

/* randperm(n) on the device against the model: the keys' random_ launch
 * on this device's grid, then the tie shuffle's, with the offsets each
 * reserves */
static void check_randperm(int64_t n, cg_dtype dt) {
    cg_rng *g = cg_rng_default_cuda(0);
    uint64_t seed = g->seed, off = g->philox_offset;
    cg_tensor *out = T_OK(cg_randperm(n, dt, cuda0, NULL));
    int bits = cg_randperm_bits(n);
    bool wide = bits > 32;
    int sms = 0, threads = 0;
    cr_assert_eq(cg_backend_get(CG_CUDA)->devices->launch_limits(0, &sms, &threads), 0, "%s", cg_error_message());
    cg_draw_policy kp = cg_draw_policy_for(n, 2, sms, threads), sp = cg_randperm_policy(n);
    cg_draw keys = {.kind = CG_DRAW_RANDOM64,
                    .range = wide ? UINT64_MAX : UINT32_MAX,
                    .base = wide ? INT64_MIN : INT32_MIN,
                    .seed = seed,
                    .offset = off,
                    .grid = kp.grid,
                    .block = kp.block};
    cg_draw shuffle = {.seed = seed, .offset = off + kp.counter_offset};
    uint64_t rounded = (sp.counter_offset + 3) / 4 * 4;
    cr_expect_eq(g->philox_offset, off + kp.counter_offset + rounded, "randperm(%lld): offsets", (long long)n);
    int64_t *want = malloc((size_t)n * sizeof *want);
    double *wantd = malloc((size_t)n * sizeof *wantd);
    cr_assert(want && wantd);
    philox_ref_randperm(&keys, &shuffle, n, bits, want);
    for (int64_t i = 0; i < n; i++)
        wantd[i] = (double)want[i];
    char what[64];
    snprintf(what, sizeof what, "randperm(%lld)", (long long)n);
    expect_model(out, wantd, 0, what);
    free(wantd), free(want);
    cg_tensor_release(out);
}

Test(cuda_random, randperm_matches_the_model) {
    need_cuda();
    cg_manual_seed(21);
    int64_t sizes[] = {1, 2, 10, 1000, 30083, 30084, 100000, 1 << 20};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        check_randperm(sizes[i], CG_INT64);
    check_randperm(5000, CG_INT32);
    check_randperm(5000, CG_F32);
    check_randperm(40000, CG_F64);
    cg_rng *g = cg_rng_default_cuda(0);
    uint64_t before = g->philox_offset;
    cg_tensor *empty = T_OK(cg_randperm(0, CG_INT64, cuda0, NULL));
    cr_expect_eq(cg_tensor_numel(empty), 0);
    cr_expect_eq(g->philox_offset, before, "randperm(0) draws nothing");
    T_ERR(cg_randperm(5, CG_BOOL, cuda0, NULL), CG_RUNTIME_ERROR, "\"arange_cuda\" not implemented for 'Bool'");
    cg_rng *cpu = T_OK(cg_rng_new());
    T_ERR(cg_randperm(5, CG_INT64, cuda0, cpu), CG_RUNTIME_ERROR,
          "Expected a 'cuda' device type for generator but found 'cpu'");
    cg_rng_free(cpu);
    cg_tensor_release(empty);
}

/* ---- multinomial ------------------------------------------------------------------------ */

/* with replacement, several samples: the kernel against the model, which
 * reads the device's own row quotients and running sums */
static void check_multinomial(cg_tensor *p, int64_t n, const char *what) {
    cg_rng *g = cg_rng_default_cuda(0);
    uint64_t seed = g->seed, off = g->philox_offset;
    cg_tensor *out = T_OK(cg_multinomial(p, n, true, NULL));
    int64_t rows = p->ndim == 2 ? p->sizes[0] : 1, cols = p->sizes[p->ndim - 1], last = 1, sizes[2] = {rows, cols};
    cg_tensor *p2 = T_OK(cg_reshape(p, 2, sizes)), *pc = T_OK(cg_contiguous(p2));
    cg_tensor *sum = T_OK(cg_sum(pc, 1, &last, true)), *norm = T_OK(cg_div(pc, sum));
    cg_tensor *cum = T_OK(cg_cumsum(norm, 1));
    cg_tensor *hn = T_OK(cg_to_device(norm, cg_device_cpu())), *hc = T_OK(cg_to_device(cum, cg_device_cpu()));
    cg_draw_policy pol = cg_multinomial_policy(rows, n);
    cr_expect_eq(g->philox_offset, off + pol.counter_offset, "%s: offsets", what);
    cg_draw d = {.kind = CG_DRAW_MULTINOMIAL,
                 .seed = seed,
                 .offset = off,
                 .grid = pol.grid,
                 .grid_y = pol.grid_y,
                 .block = pol.block,
                 .probs = cg_tensor_data(hn),
                 .cum = cg_tensor_data(hc),
                 .src = p->dtype,
                 .rows = rows,
                 .cols = cols,
                 .samples = n};
    int64_t *want = malloc((size_t)(rows * n) * sizeof *want);
    double *wantd = malloc((size_t)(rows * n) * sizeof *wantd);
    cr_assert(want && wantd);
    philox_ref_multinomial(&d, want);
    for (int64_t i = 0; i < rows * n; i++)
        wantd[i] = (double)want[i];
    cr_expect_eq(out->ndim, p->ndim, "%s: shape", what);
    expect_model(out, wantd, 0, what);
    free(wantd), free(want);
    cg_tensor_release(hc), cg_tensor_release(hn), cg_tensor_release(cum), cg_tensor_release(norm);
    cg_tensor_release(sum), cg_tensor_release(pc), cg_tensor_release(p2), cg_tensor_release(out);
}

/* without replacement (or one sample): the exponentials drawn on the
 * device in p's layout from the generator where multinomial found it
 * (drawn again here from that offset: the model's logarithm is not the
 * device's to the last bit, which could swap near-equal quotients), then
 * the largest p / e of each row */
static void check_gumbel(cg_tensor *p, int64_t n, bool replacement, const char *what) {
    cg_rng *g = cg_rng_default_cuda(0);
    uint64_t off = g->philox_offset;
    cg_tensor *out = T_OK(cg_multinomial(p, n, replacement, NULL));
    uint64_t after = g->philox_offset;
    g->philox_offset = off;
    cg_tensor *ed = T_OK(cg_empty_like_preserve(p, p->dtype));
    T_RC(cg_exponential_(ed, 1.0, NULL));
    cr_expect_eq(g->philox_offset, after, "%s: one exponential_ launch's offsets", what);
    int64_t rows = p->ndim == 2 ? p->sizes[0] : 1, cols = p->sizes[p->ndim - 1];
    cg_tensor *e = T_OK(cg_to_device(ed, cg_device_cpu()));
    cg_tensor *hp = T_OK(cg_to_device(p, cg_device_cpu()));
    cg_tensor *ho = T_OK(cg_to_device(out, cg_device_cpu()));
    for (int64_t r = 0; r < rows; r++) {
        bool *taken = calloc((size_t)cols, 1);
        for (int64_t k = 0; k < n; k++) { /* the k-th largest quotient, lowest index first among equals */
            int64_t best = -1;
            double bq = 0;
            for (int64_t j = 0; j < cols; j++) {
                double pj = t_at(hp, r * cols + j), ej = t_at(e, r * cols + j);
                double q = p->dtype == CG_F32 ? (double)((float)pj / (float)ej) : pj / ej;
                if (!taken[j] && (best < 0 || q > bq))
                    best = j, bq = q;
            }
            taken[best] = true;
            cr_expect_eq((int64_t)t_at(ho, r * n + k), best, "%s: row %lld sample %lld", what, (long long)r,
                         (long long)k);
        }
        free(taken);
    }
    cg_tensor_release(ho), cg_tensor_release(hp), cg_tensor_release(e), cg_tensor_release(ed), cg_tensor_release(out);
}

Test(cuda_random, multinomial_matches_the_model) {
    need_cuda();
    cg_manual_seed(29);
    int64_t rows[2] = {5, 1000}, flat[1] = {100};
    cg_tensor *p32 = cuda_rand(2, rows, CG_F32), *p64 = cuda_rand(1, flat, CG_F64);
    check_multinomial(p32, 300, "float32 [5, 1000], 300 with replacement");
    check_multinomial(p64, 7, "float64 [100], 7 with replacement");
    check_gumbel(p32, 1, true, "one sample with replacement: the Gumbel path");
    check_gumbel(p32, 4, false, "4 without replacement");
    check_gumbel(p64, 3, false, "float64, 3 without replacement");
    cg_tensor *minus = cg_scalar_tensor(cg_scalar_float(-0.5));
    cg_tensor *neg = T_OK(cg_add(p32, minus, cg_scalar_int(1)));
    T_ERR(cg_multinomial(neg, 3, true, NULL), CG_RUNTIME_ERROR,
          "invalid multinomial distribution (encountering probability entry < 0)");
    T_ERR(cg_multinomial(neg, 3, false, NULL), CG_RUNTIME_ERROR,
          "probability tensor contains either `inf`, `nan` or element < 0");
    check_multinomial(p32, 2, "the device still works after a refused call");
    int64_t no_rows[2] = {0, 5};
    cg_tensor *none = T_OK(cg_zeros(2, no_rows, CG_F32, cuda0));
    uint64_t before = cg_rng_default_cuda(0)->philox_offset;
    cg_tensor *empty = T_OK(cg_multinomial(none, 3, true, NULL));
    cr_expect(empty->ndim == 2 && empty->sizes[0] == 0 && empty->sizes[1] == 3, "no rows: a (0, 3) result");
    cr_expect_eq(cg_rng_default_cuda(0)->philox_offset, before, "no rows: no launch");
    cg_tensor_release(empty), cg_tensor_release(none);
    cg_tensor_release(neg), cg_tensor_release(minus), cg_tensor_release(p64), cg_tensor_release(p32);
}
