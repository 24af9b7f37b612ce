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
    snprintf(path, sizeof path, "%.*s/../fixtures/random/expected.json",
             (int)(strrchr(__FILE__, '/') - __FILE__), __FILE__);
    json_error_t err;
    json_t *root = json_load_file(path, 0, &err);
    cr_assert(root, "cannot read %s: %s (line %d)", path, err.text, err.line);
    return root;
}

static cg_dtype dtype_of(const char *name) {
    static const char *const names[CG_DTYPE_COUNT] = {"bool", "int32", "int64", "float32", "float64"};
    for (int d = 0; d < CG_DTYPE_COUNT; d++)
        if (!strcmp(names[d], name))
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

/* The tensor an in-place call fills: contiguous, or (transposed) the
 * transpose of a contiguous tensor of the reversed 2-d sizes. */
static cg_tensor *target(json_t *call) {
    int64_t sizes[CG_MAX_DIMS];
    int n = sizes_of(call, sizes);
    cg_dtype dt = dtype_of(json_string_value(json_object_get(call, "dtype")));
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
    double v[64];
    int64_t n = 0;
    for (int64_t i = 0; i < sizes[0]; i++)
        for (int64_t j = 0; j < (ndim == 2 ? sizes[1] : 1); j++)
            v[n++] = json_number_value(ndim == 2 ? json_array_get(json_array_get(p, (size_t)i), (size_t)j)
                                                 : json_array_get(p, (size_t)i));
    return t_from(dt, ndim, sizes, v);
}

typedef struct {
    cg_generator *own;
    uint8_t states[32][CG_GENERATOR_STATE_SIZE]; /* by call index */
} replay;

/* Runs one call; returns its result (a new reference), or NULL for calls
 * that return nothing; *state is set for get_state. */
static cg_tensor *run_call(json_t *call, int index, replay *r, bool *is_state) {
    const char *op = json_string_value(json_object_get(call, "op"));
    cg_generator *g = integer(call, "gen") ? r->own : NULL;
    cg_generator *gg = cg_generator_or_default(g);
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
    if (!strcmp(op, "normal_") || !strcmp(op, "uniform_") || !strcmp(op, "bernoulli_")) {
        cg_tensor *t = target(call);
        if (op[0] == 'n')
            T_RC(cg_normal_(t, num(call, "a"), num(call, "b"), g));
        else if (op[0] == 'u')
            T_RC(cg_uniform_(t, num(call, "a"), num(call, "b"), g));
        else
            T_RC(cg_bernoulli_(t, num(call, "p"), g));
        return t;
    }
    if (!strcmp(op, "manual_seed")) {
        cg_generator_manual_seed(gg, strtoull(json_string_value(json_object_get(call, "seed")), NULL, 10));
        return NULL;
    }
    if (!strcmp(op, "get_state")) {
        cg_generator_get_state(gg, r->states[index]);
        *is_state = true;
        return NULL;
    }
    if (!strcmp(op, "set_state")) {
        T_RC(cg_generator_set_state(gg, r->states[integer(call, "index")], CG_GENERATOR_STATE_SIZE));
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
            int64_t w = json_integer_value(v), gi = c->dtype == CG_INT64 ? ((int64_t *)cg_tensor_data(c))[i]
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
    cr_assert_eq(strlen(hex), 2 * CG_GENERATOR_STATE_SIZE, "%s: state length", where);
    for (int i = 0; i < CG_GENERATOR_STATE_SIZE; i++) {
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
    r->own = T_OK(cg_generator_new());
    cg_manual_seed((uint64_t)integer(cs, "seed"));
    json_t *gs = json_object_get(cs, "gen_seed");
    if (json_is_integer(gs))
        cg_generator_manual_seed(r->own, (uint64_t)json_integer_value(gs));
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
    cg_generator_free(r->own);
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
