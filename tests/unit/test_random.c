/* test_random.c: the generator and the random ops, against PyTorch's own
 * draws (tests/fixtures/random/expected.json, written by gen.py there with
 * PyTorch 1.13) and for what a user can get wrong.
 *
 * The parity test replays every case of the fixture: seed, calls in a row,
 * and compares every value exactly: float32 and float64 bit for bit, since
 * the ops replay PyTorch's arithmetic (see Note [Vectorised normal]). */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"

/* ---- the fixture ------------------------------------------------------------------------------- */

static json_t *load_fixture(void) {
    /* __FILE__ is tests/unit/test_random.c relative to the repository root,
     * where the tests run */
    char path[512];
    snprintf(path, sizeof path, "%.*s/../fixtures/random/expected.json", (int)(strrchr(__FILE__, '/') - __FILE__),
             __FILE__);
    json_error_t err;
    json_t *root = json_load_file(path, 0, &err);
    cr_assert(root, "cannot read %s: %s (line %d)", path, err.text, err.line);
    return root;
}

static cg_dtype dtype_of(const char *name) {
    for (int d = 0; d < CG_DTYPE_COUNT; d++)
        if (!strcmp(cg_dtype_name((cg_dtype)d), name))
            return (cg_dtype)d;
    cr_assert_fail("unknown dtype %s", name);
    return CG_F32;
}

static int sizes_of(json_t *call, int64_t *sizes) {
    json_t *js = json_object_get(call, "sizes");
    int n = (int)json_array_size(js);
    for (int i = 0; i < n; i++)
        sizes[i] = json_integer_value(json_array_get(js, (size_t)i));
    return n;
}

static double num(json_t *call, const char *key) { return json_number_value(json_object_get(call, key)); }
static int64_t integer(json_t *call, const char *key) { return json_integer_value(json_object_get(call, key)); }

/* The tensor an in-place call fills: contiguous, (transposed) the
 * transpose of a contiguous tensor of the reversed 2-d sizes, or (perm) a
 * permutation of a contiguous tensor of the given sizes. */
static cg_tensor *target(json_t *call) {
    int64_t sizes[CG_MAX_DIMS];
    int n = sizes_of(call, sizes);
    cg_dtype dt = dtype_of(json_string_value(json_object_get(call, "dtype")));
    json_t *jp = json_object_get(call, "perm");
    if (jp) { /* empty(sizes).permute(perm) */
        int64_t perm[CG_MAX_DIMS];
        for (int i = 0; i < n; i++)
            perm[i] = json_integer_value(json_array_get(jp, (size_t)i));
        cg_tensor *base = T_OK(cg_tensor_empty(n, sizes, dt, cg_device_cpu()));
        cg_tensor *t = T_OK(cg_permute(base, n, perm));
        cg_tensor_release(base);
        return t;
    }
    if (!json_is_true(json_object_get(call, "transposed")))
        return T_OK(cg_tensor_empty(n, sizes, dt, cg_device_cpu()));
    cg_tensor *base = T_OK(cg_tensor_empty(2, (int64_t[]){sizes[1], sizes[0]}, dt, cg_device_cpu()));
    cg_tensor *t = T_OK(cg_transpose(base, 0, 1));
    cg_tensor_release(base);
    return t;
}

/* A p tensor from a (nested) JSON list of numbers. */
static cg_tensor *p_tensor(json_t *p, cg_dtype dt) {
    int64_t sizes[2];
    int ndim = json_is_array(json_array_get(p, 0)) ? 2 : 1;
    sizes[0] = (int64_t)json_array_size(p);
    sizes[1] = ndim == 2 ? (int64_t)json_array_size(json_array_get(p, 0)) : 1;
    double v[1024];
    int64_t n = 0;
    for (int64_t i = 0; i < sizes[0]; i++)
        for (int64_t j = 0; j < (ndim == 2 ? sizes[1] : 1); j++)
            v[n++] = json_number_value(ndim == 2 ? json_array_get(json_array_get(p, (size_t)i), (size_t)j)
                                                 : json_array_get(p, (size_t)i));
    return t_from(dt, ndim, sizes, v);
}

typedef struct {
    cg_rng *own;
    uint8_t states[32][CG_RNG_STATE_SIZE]; /* by call index */
} replay;

/* Runs one call; returns its result (a new reference), or NULL for calls
 * that return nothing; *state is set for get_state. */
static cg_tensor *run_call(json_t *call, int index, replay *r, bool *is_state) {
    const char *op = json_string_value(json_object_get(call, "op"));
    cg_rng *g = integer(call, "gen") ? r->own : NULL;
    cg_rng *gg = cg_rng_or_default(g);
    const char *dts = json_string_value(json_object_get(call, "dtype"));
    cg_dtype dt = dts ? dtype_of(dts) : CG_F32;
    int64_t sizes[CG_MAX_DIMS];
    int ndim = sizes_of(call, sizes);
    cg_device cpu = cg_device_cpu();
    *is_state = false;
    if (!strcmp(op, "randn"))
        return T_OK(cg_randn(ndim, sizes, dt, cpu, g));
    if (!strcmp(op, "rand"))
        return T_OK(cg_rand(ndim, sizes, dt, cpu, g));
    if (!strcmp(op, "randint"))
        return T_OK(cg_randint(integer(call, "low"), integer(call, "high"), ndim, sizes, dt, cpu, g));
    if (!strcmp(op, "randperm"))
        return T_OK(cg_randperm(integer(call, "n"), dt, cpu, g));
    if (!strcmp(op, "bernoulli")) {
        cg_tensor *p = p_tensor(json_object_get(call, "p"), dt);
        cg_tensor *out = T_OK(cg_bernoulli(p, g));
        cg_tensor_release(p);
        return out;
    }
    if (!strcmp(op, "normal_") || !strcmp(op, "uniform_") || !strcmp(op, "bernoulli_") || !strcmp(op, "exponential_")) {
        cg_tensor *t = target(call);
        if (op[0] == 'n')
            T_RC(cg_normal_(t, num(call, "a"), num(call, "b"), g));
        else if (op[0] == 'u')
            T_RC(cg_uniform_(t, num(call, "a"), num(call, "b"), g));
        else if (op[0] == 'e')
            T_RC(cg_exponential_(t, num(call, "a"), g));
        else
            T_RC(cg_bernoulli_(t, num(call, "p"), g));
        return t;
    }
    if (!strcmp(op, "multinomial")) {
        cg_tensor *p = p_tensor(json_object_get(call, "p"), dt), *pt = NULL;
        if (json_is_true(json_object_get(call, "transposed"))) { /* the same values, column-major */
            cg_tensor *tr = T_OK(cg_transpose(p, 0, 1)), *c = T_OK(cg_contiguous(tr));
            pt = T_OK(cg_transpose(c, 0, 1));
            cg_tensor_release(tr), cg_tensor_release(c);
        }
        cg_tensor *out = T_OK(
            cg_multinomial(pt ? pt : p, integer(call, "n"), json_is_true(json_object_get(call, "replacement")), g));
        cg_tensor_release(p), cg_tensor_release(pt);
        return out;
    }
    if (strstr(op, "_like")) {
        cg_tensor *x = target(call), *out;
        if (!strcmp(op, "randn_like"))
            out = T_OK(cg_randn_like(x, x->dtype));
        else if (!strcmp(op, "rand_like"))
            out = T_OK(cg_rand_like(x, x->dtype));
        else
            out = T_OK(cg_randint_like(x, integer(call, "low"), integer(call, "high"), x->dtype));
        cg_tensor_release(x);
        return out;
    }
    if (!strcmp(op, "manual_seed")) {
        cg_rng_manual_seed(gg, strtoull(json_string_value(json_object_get(call, "seed")), NULL, 10));
        return NULL;
    }
    if (!strcmp(op, "get_state")) {
        cg_rng_get_state(gg, r->states[index]);
        *is_state = true;
        return NULL;
    }
    if (!strcmp(op, "set_state")) {
        T_RC(cg_rng_set_state(gg, r->states[integer(call, "index")], CG_RNG_STATE_SIZE));
        return NULL;
    }
    cr_assert_fail("unknown op %s", op);
    return NULL;
}

/* Compares one call's result with the recorded values; returns the number
 * of mismatches (reporting the first few). */
static int compare(const char *where, cg_tensor *t, json_t *values) {
    cr_assert_eq(cg_tensor_numel(t), (int64_t)json_array_size(values), "%s: %lld values, expected %zu", where,
                 (long long)cg_tensor_numel(t), json_array_size(values));
    cg_tensor *c = T_OK(cg_contiguous(t));
    int bad = 0;
    for (size_t i = 0; i < json_array_size(values); i++) {
        json_t *v = json_array_get(values, i);
        bool same;
        double got = 0, want = 0;
        if (c->dtype == CG_F32 || c->dtype == CG_F64) {
            want = strtod(json_string_value(v), NULL);
            got = c->dtype == CG_F32 ? ((float *)cg_tensor_data(c))[i] : ((double *)cg_tensor_data(c))[i];
            same = c->dtype == CG_F32 ? (float)want == (float)got : want == got;
            same = same || (isnan(want) && isnan(got));
        } else {
            int64_t w = json_integer_value(v), gi = c->dtype == CG_INT64   ? ((int64_t *)cg_tensor_data(c))[i]
                                                    : c->dtype == CG_INT32 ? ((int32_t *)cg_tensor_data(c))[i]
                                                                           : ((bool *)cg_tensor_data(c))[i];
            same = w == gi;
            got = (double)gi, want = (double)w;
        }
        if (!same && bad++ < 3)
            cr_log_error("%s: element %zu is %.17g, PyTorch gives %.17g", where, i, got, want);
    }
    cg_tensor_release(c);
    return bad;
}

static int compare_state(const char *where, const uint8_t *state, json_t *values) {
    const char *hex = json_string_value(values);
    cr_assert_eq(strlen(hex), 2 * CG_RNG_STATE_SIZE, "%s: state length", where);
    for (int i = 0; i < CG_RNG_STATE_SIZE; i++) {
        unsigned b;
        sscanf(hex + 2 * i, "%2x", &b);
        if (b != state[i]) {
            cr_log_error("%s: state byte %d is %u, PyTorch gives %u", where, i, state[i], b);
            return 1;
        }
    }
    return 0;
}

static int replay_case(json_t *cs) {
    const char *name = json_string_value(json_object_get(cs, "name"));
    replay *r = calloc(1, sizeof *r);
    r->own = T_OK(cg_rng_new());
    cg_manual_seed((uint64_t)integer(cs, "seed"));
    json_t *gs = json_object_get(cs, "gen_seed");
    if (json_is_integer(gs))
        cg_rng_manual_seed(r->own, (uint64_t)json_integer_value(gs));
    json_t *calls = json_object_get(cs, "calls");
    int bad = 0;
    for (size_t i = 0; i < json_array_size(calls); i++) {
        json_t *call = json_array_get(calls, i);
        char where[160];
        snprintf(where, sizeof where, "%s, call %zu (%s)", name, i, json_string_value(json_object_get(call, "op")));
        bool is_state;
        cg_tensor *t = run_call(call, (int)i, r, &is_state);
        if (t)
            bad += compare(where, t, json_object_get(call, "values"));
        if (is_state)
            bad += compare_state(where, r->states[i], json_object_get(call, "values"));
        cg_tensor_release(t);
    }
    cg_rng_free(r->own);
    free(r);
    return bad;
}

Test(random, matches_pytorch_draws) {
    json_t *root = load_fixture();
    json_t *cases = json_object_get(root, "cases");
    int bad = 0;
    for (size_t i = 0; i < json_array_size(cases); i++)
        bad += replay_case(json_array_get(cases, i));
    json_decref(root);
    cr_assert_eq(bad, 0, "%d values differ from PyTorch's", bad);
}

/* ---- generators ---------------------------------------------------------------------------------- */

Test(random, generator_seeds) {
    cg_rng *g = T_OK(cg_rng_new());
    cr_assert_eq(cg_rng_initial_seed(g), CG_DEFAULT_RNG_SEED);
    cg_rng_manual_seed(g, 123);
    cr_assert_eq(cg_rng_initial_seed(g), 123);
    uint64_t s = cg_rng_seed(g);
    cr_assert_eq(cg_rng_initial_seed(g), s);
    cr_assert_lt(s, 1ull << 53, "a nondeterministic seed fits a double");
    cg_manual_seed(7);
    cr_assert_eq(cg_initial_seed(), 7);
    cr_assert_eq(cg_rng_initial_seed(cg_rng_default()), 7);
    cr_assert_eq(cg_rng_or_default(NULL), cg_rng_default());
    /* torch.manual_seed(-1) reads the seed as its two's complement */
    cg_manual_seed((uint64_t)-1);
    cr_assert_eq(cg_initial_seed(), UINT64_MAX);
    cg_rng_free(g);
}

Test(random, the_default_generator_starts_unpredictable) {
    /* each Criterion test runs in its own process: nothing seeded it yet */
    cr_assert_lt(cg_initial_seed(), 1ull << 53);
    cr_assert_neq(cg_initial_seed(), CG_DEFAULT_RNG_SEED);
}

Test(random, same_seed_same_draws_and_generators_are_independent) {
    cg_rng *a = T_OK(cg_rng_new()), *b = T_OK(cg_rng_new());
    cg_manual_seed(5);
    uint32_t first = cg_rng_random(cg_rng_default());
    for (int i = 0; i < 1000; i++)
        cr_assert_eq(cg_rng_random(a), cg_rng_random(b));
    cg_manual_seed(5);
    cg_rng_random64(a); /* another generator does not move the default one */
    cr_assert_eq(cg_rng_random(cg_rng_default()), first);
    cg_rng_free(a), cg_rng_free(b);
}

Test(random, state_round_trip_and_errors) {
    cg_rng *g = T_OK(cg_rng_new());
    cg_tensor *warm = T_OK(cg_randn(1, (int64_t[]){3}, CG_F64, cg_device_cpu(), g)); /* leaves a cached normal */
    uint8_t *state = malloc(CG_RNG_STATE_SIZE);
    cg_rng_get_state(g, state);
    cg_tensor *a = T_OK(cg_randn(1, (int64_t[]){5}, CG_F64, cg_device_cpu(), g));
    T_RC(cg_rng_set_state(g, state, CG_RNG_STATE_SIZE));
    cg_tensor *b = T_OK(cg_randn(1, (int64_t[]){5}, CG_F64, cg_device_cpu(), g));
    for (int i = 0; i < 5; i++)
        cr_assert_eq(t_at(a, i), t_at(b, i));
    /* an old checkpoint's legacy state (5048 bytes) is accepted */
    T_RC(cg_rng_set_state(g, state, 5048));
    T_ERR(cg_rng_set_state(g, state, 10), CG_RUNTIME_ERROR,
          "Expected either a CPUGeneratorImplStateLegacy of size 5048 or a CPUGeneratorImplState of size 5056 but "
          "found the input RNG state size to be 10");
    memset(state, 0, CG_RNG_STATE_SIZE);
    T_ERR(cg_rng_set_state(g, state, CG_RNG_STATE_SIZE), CG_RUNTIME_ERROR, "Invalid mt19937 state");
    free(state);
    cg_tensor_release(warm), cg_tensor_release(a), cg_tensor_release(b);
    cg_rng_free(g);
}

/* ---- results: dtypes, shapes, ranges ------------------------------------------------------------- */

Test(random, dtypes_and_shapes) {
    cg_device cpu = cg_device_cpu();
    cg_tensor *n = T_OK(cg_randn(2, (int64_t[]){2, 3}, CG_F32, cpu, NULL));
    cr_assert(t_shape_is(n, 2, 2, 3) && n->dtype == CG_F32 && !n->requires_grad && !n->grad_fn);
    cg_tensor *i = T_OK(cg_randint(0, 3, 1, (int64_t[]){4}, CG_INT64, cpu, NULL));
    cr_assert(t_shape_is(i, 1, 4) && i->dtype == CG_INT64);
    cg_tensor *z = T_OK(cg_randn(0, NULL, CG_F64, cpu, NULL));
    cr_assert(z->ndim == 0 && cg_tensor_numel(z) == 1);
    cg_tensor *p = T_OK(cg_randperm(0, CG_INT64, cpu, NULL));
    cr_assert(t_shape_is(p, 1, 0));
    cg_tensor *probs = t_from(CG_F64, 2, (int64_t[]){2, 2}, (double[]){0, 1, 0, 1});
    cg_tensor *b = T_OK(cg_bernoulli(probs, NULL));
    cr_assert(t_shape_is(b, 2, 2, 2) && b->dtype == CG_F64);
    t_assert_values(b, 4, (double[]){0, 1, 0, 1}, 0);
    cg_tensor_release(n), cg_tensor_release(i), cg_tensor_release(z), cg_tensor_release(p);
    cg_tensor_release(probs), cg_tensor_release(b);
}

Test(random, values_fall_where_they_should) {
    cg_device cpu = cg_device_cpu();
    cg_manual_seed(1);
    int64_t n = 20000;
    cg_tensor *u = T_OK(cg_rand(1, &n, CG_F32, cpu, NULL));
    cg_tensor *g = T_OK(cg_randn(1, &n, CG_F64, cpu, NULL));
    cg_tensor *r = T_OK(cg_randint(-3, 4, 1, &n, CG_INT32, cpu, NULL));
    cg_tensor *perm = T_OK(cg_randperm(1000, CG_INT64, cpu, NULL));
    double mean = 0, sq = 0;
    bool seen[7] = {0};
    for (int64_t k = 0; k < n; k++) {
        double x = t_at(u, k);
        cr_assert(x >= 0 && x < 1);
        mean += t_at(g, k), sq += t_at(g, k) * t_at(g, k);
        double v = t_at(r, k);
        cr_assert(v >= -3 && v < 4);
        seen[(int)v + 3] = true;
    }
    mean /= (double)n;
    cr_assert(fabs(mean) < 0.03 && fabs(sq / (double)n - 1) < 0.05, "mean %g, second moment %g", mean, sq / (double)n);
    for (int k = 0; k < 7; k++)
        cr_assert(seen[k]);
    bool hit[1000] = {0};
    for (int k = 0; k < 1000; k++)
        hit[(int)t_at(perm, k)] = true;
    for (int k = 0; k < 1000; k++)
        cr_assert(hit[k], "randperm misses %d", k);
    cg_tensor_release(u), cg_tensor_release(g), cg_tensor_release(r), cg_tensor_release(perm);
}

Test(random, empty_tensors_draw_nothing) {
    cg_rng *a = T_OK(cg_rng_new()), *b = T_OK(cg_rng_new());
    cg_tensor *e = T_OK(cg_randn(2, (int64_t[]){0, 3}, CG_F32, cg_device_cpu(), a));
    cg_tensor *e2 = T_OK(cg_rand(1, (int64_t[]){0}, CG_F64, cg_device_cpu(), a));
    cr_assert_eq(cg_tensor_numel(e), 0);
    cr_assert_eq(cg_rng_random(a), cg_rng_random(b));
    cg_tensor_release(e), cg_tensor_release(e2);
    cg_rng_free(a), cg_rng_free(b);
}

/* ---- in place -------------------------------------------------------------------------------------- */

Test(random, inplace_bumps_the_version_once) {
    cg_tensor *t = T_OK(cg_tensor_empty(2, (int64_t[]){4, 5}, CG_F32, cg_device_cpu()));
    cg_tensor *tt = T_OK(cg_transpose(t, 0, 1)); /* the buffered path */
    int64_t v = t->storage->version;
    T_RC(cg_normal_(t, 0, 1, NULL));
    cr_assert_eq(t->storage->version, v + 1);
    T_RC(cg_uniform_(tt, 0, 1, NULL));
    cr_assert_eq(t->storage->version, v + 2);
    T_RC(cg_bernoulli_(tt, 0.5, NULL));
    T_RC(cg_random_(t, 0, 10, NULL));
    cr_assert_eq(t->storage->version, v + 4);
    cg_tensor_release(t), cg_tensor_release(tt);
}

Test(random, inplace_and_autograd) {
    cg_tensor *x = t_from(CG_F32, 1, (int64_t[]){3}, (double[]){1, 2, 3});
    x->requires_grad = true;
    T_ERR(cg_normal_(x, 0, 1, NULL), CG_RUNTIME_ERROR,
          "a leaf Variable that requires grad is being used in an in-place operation.");
    cg_tensor *y = T_OK(cg_mul(x, x));
    T_RC(cg_uniform_(y, 0, 1, NULL)); /* new values: PyTorch's node, with a zero gradient */
    cr_assert_str_eq(y->grad_fn->name, "UniformBackward0");
    cg_tensor *l = T_OK(cg_sum(y, 0, NULL, false));
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    cr_assert_not_null(x->grad);
    for (int i = 0; i < 3; i++)
        cr_assert_eq(((float *)cg_tensor_data(x->grad))[i], 0.0f);
    cg_tensor_release(l);
    bool was = cg_grad_set_enabled(false);
    T_RC(cg_normal_(x, 0, 1, NULL)); /* nn.init under no_grad */
    cg_grad_set_enabled(was);
    cg_tensor_release(x), cg_tensor_release(y);
}

Test(random, inplace_on_overlapping_memory_fails) {
    cg_tensor *row = T_OK(cg_tensor_empty(1, (int64_t[]){3}, CG_F32, cg_device_cpu()));
    cg_tensor *e = T_OK(cg_expand(row, 2, (int64_t[]){2, 3}));
    const char *msg = "unsupported operation: more than one element of the written-to tensor refers to a single "
                      "memory location. Please clone() the tensor before performing the operation.";
    T_ERR(cg_normal_(e, 0, 1, NULL), CG_RUNTIME_ERROR, msg);
    T_ERR(cg_bernoulli_(e, 0.5, NULL), CG_RUNTIME_ERROR, msg);
    cg_tensor_release(row), cg_tensor_release(e);
}

/* ---- errors ------------------------------------------------------------------------------------------ */

Test(random, errors_as_pytorch_words_them) {
    cg_device cpu = cg_device_cpu();
    int64_t three = 3;
    T_ERR(cg_randint(5, 5, 1, &three, CG_INT64, cpu, NULL), CG_RUNTIME_ERROR,
          "random_ expects 'from' to be less than 'to', but got from=5 >= to=5");
    T_ERR(cg_randint(0, 1ll << 40, 1, &three, CG_INT32, cpu, NULL), CG_RUNTIME_ERROR,
          "to - 1 is out of bounds for int");
    T_ERR(cg_randint(0, 3, 1, &three, CG_BOOL, cpu, NULL), CG_RUNTIME_ERROR, "to - 1 is out of bounds for bool");
    T_ERR(cg_randint((1 << 25) + 1, (1 << 25) + 2, 1, &three, CG_F32, cpu, NULL), CG_RUNTIME_ERROR,
          "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=33554436 >= "
          "to=33554434");
    T_ERR(cg_randn(1, &three, CG_INT64, cpu, NULL), CG_RUNTIME_ERROR,
          "\"normal_kernel_cpu\" not implemented for 'Long'");
    T_ERR(cg_rand(1, &three, CG_INT32, cpu, NULL), CG_RUNTIME_ERROR,
          "\"check_uniform_bounds\" not implemented for 'Int'");
    T_ERR(cg_randn(1, (int64_t[]){-1}, CG_F32, cpu, NULL), CG_RUNTIME_ERROR,
          "Trying to create tensor with negative dimension -1: [-1]");
    T_ERR(cg_randperm(-1, CG_INT64, cpu, NULL), CG_RUNTIME_ERROR,
          "Trying to create tensor with negative dimension -1: [-1]");
    T_ERR(cg_randperm((1 << 24) + 2, CG_F32, cpu, NULL), CG_RUNTIME_ERROR,
          "n cannot be greater than 2^24+1 for Float type.");
    T_ERR(cg_randperm(5, CG_BOOL, cpu, NULL), CG_RUNTIME_ERROR, "\"randperm\" not implemented for 'Bool'");

    cg_tensor *t = T_OK(cg_tensor_empty(1, &three, CG_F32, cpu));
    T_ERR(cg_normal_(t, 0, -1, NULL), CG_RUNTIME_ERROR, "normal expects std >= 0.0, but found std -1");
    T_ERR(cg_normal_(t, 0, -1e-7, NULL), CG_RUNTIME_ERROR, "normal expects std >= 0.0, but found std -1e-07");
    T_ERR(cg_uniform_(t, 2, 1, NULL), CG_RUNTIME_ERROR,
          "uniform_ expects to return a [from, to) range, but found from=2 > to=1");
    T_ERR(cg_uniform_(t, 0, INFINITY, NULL), CG_RUNTIME_ERROR, "to is out of bounds for float");
    T_ERR(cg_bernoulli_(t, 1.5, NULL), CG_RUNTIME_ERROR, "bernoulli_ expects p to be in [0, 1], but got p=1.5");
    T_ERR(cg_bernoulli_(t, -0.1, NULL), CG_RUNTIME_ERROR, "bernoulli_ expects p to be in [0, 1], but got p=-0.1");
    T_ERR(cg_bernoulli_(t, NAN, NULL), CG_RUNTIME_ERROR, "bernoulli_ expects p to be in [0, 1], but got p=nan");

    cg_tensor *bad_p = t_from(CG_F32, 1, (int64_t[]){2}, (double[]){0.5, 1.5});
    T_ERR(cg_bernoulli(bad_p, NULL), CG_RUNTIME_ERROR,
          "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If "
          "so, please report an enhancement request to PyTorch.)");
    cg_tensor *int_p = t_from(CG_INT64, 1, (int64_t[]){2}, (double[]){1, 0});
    T_ERR(cg_bernoulli(int_p, NULL), CG_RUNTIME_ERROR, "\"bernoulli_tensor_cpu_p_\" not implemented for 'Long'");
    cg_tensor_release(t), cg_tensor_release(bad_p), cg_tensor_release(int_p);
}

Test(random, like_ops_keep_a_dense_layout) {
    cg_tensor *base = T_OK(cg_tensor_empty(2, (int64_t[]){3, 4}, CG_F32, cg_device_cpu()));
    cg_tensor *tr = T_OK(cg_transpose(base, 0, 1));
    cg_tensor *r = T_OK(cg_randn_like(tr, CG_F64));
    cr_assert(t_shape_is(r, 2, 4, 3) && r->dtype == CG_F64 && r->strides[0] == 1 && r->strides[1] == 4);
    cr_assert_null(r->base, "a new tensor, not a view");
    cg_tensor *sl = T_OK(cg_slice_dim(base, 1, 0, 4, 2)); /* not dense: contiguous result */
    cg_tensor *u = T_OK(cg_rand_like(sl, CG_F32));
    cr_assert(cg_tensor_is_contiguous(u) && t_shape_is(u, 2, 3, 2));
    T_ERR(cg_randn_like(base, CG_INT64), CG_RUNTIME_ERROR, "\"normal_kernel_cpu\" not implemented for 'Long'");
    cg_tensor_release(base), cg_tensor_release(tr), cg_tensor_release(r), cg_tensor_release(sl), cg_tensor_release(u);
}

Test(random, multinomial_shapes_and_errors) {
    cg_tensor *p = t_from(CG_F32, 2, (int64_t[]){2, 3}, (double[]){1, 0, 1, 0, 0, 2});
    cg_tensor *s = T_OK(cg_multinomial(p, 4, true, NULL));
    cr_assert(t_shape_is(s, 2, 2, 4) && s->dtype == CG_INT64);
    for (int k = 0; k < 8; k++) /* zero-probability categories never come out */
        cr_assert(k < 4 ? t_at(s, k) != 1 : t_at(s, k) == 2);
    cg_tensor *one = T_OK(cg_multinomial(p, 1, false, NULL));
    cr_assert(t_shape_is(one, 2, 2, 1) && t_at(one, 1) == 2);
    cg_tensor *zero_d = cg_scalar_tensor(cg_scalar_float(1));
    T_ERR(cg_multinomial(zero_d, 1, false, NULL), CG_RUNTIME_ERROR, "prob_dist must be 1 or 2 dim");
    cg_tensor *ints = t_from(CG_INT64, 1, (int64_t[]){2}, (double[]){1, 2});
    T_ERR(cg_multinomial(ints, 1, false, NULL), CG_RUNTIME_ERROR,
          "multinomial only supports floating-point dtypes for input, got: Long");
    T_ERR(cg_multinomial(p, 0, true, NULL), CG_RUNTIME_ERROR, "cannot sample n_sample <= 0 samples");
    T_ERR(cg_multinomial(p, 4, false, NULL), CG_RUNTIME_ERROR,
          "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
    cg_tensor *neg = t_from(CG_F64, 1, (int64_t[]){2}, (double[]){0.1, -1});
    T_ERR(cg_multinomial(neg, 1, false, NULL), CG_RUNTIME_ERROR,
          "probability tensor contains either `inf`, `nan` or element < 0");
    T_ERR(cg_multinomial(neg, 2, true, NULL), CG_RUNTIME_ERROR,
          "invalid multinomial distribution (encountering probability entry < 0)");
    cg_tensor *inf = t_from(CG_F32, 1, (int64_t[]){2}, (double[]){0.1, INFINITY});
    T_ERR(cg_multinomial(inf, 2, true, NULL), CG_RUNTIME_ERROR,
          "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
    cg_tensor *zeros = t_from(CG_F32, 1, (int64_t[]){2}, (double[]){0, 0});
    T_ERR(cg_multinomial(zeros, 1, false, NULL), CG_RUNTIME_ERROR,
          "invalid multinomial distribution (sum of probabilities <= 0)");
    T_ERR(cg_multinomial(zeros, 2, true, NULL), CG_RUNTIME_ERROR,
          "invalid multinomial distribution (sum of probabilities <= 0)");
    cg_tensor *t = T_OK(cg_tensor_empty(1, (int64_t[]){3}, CG_F32, cg_device_cpu()));
    T_ERR(cg_exponential_(t, -1, NULL), CG_RUNTIME_ERROR, "exponential_ expects lambda >= 0.0, but found lambda=-1");
    cg_tensor_release(p), cg_tensor_release(s), cg_tensor_release(one), cg_tensor_release(zero_d);
    cg_tensor_release(ints), cg_tensor_release(neg), cg_tensor_release(inf), cg_tensor_release(zeros);
    cg_tensor_release(t);
}
