/* parity_random.c: fixture adapters for the random ops
 * (tests/fixtures/cases/random.py): each seeds the default generator with
 * the case's `seed` keyword first, as the case's PyTorch call does. */
#include "parity.h"

static void seed(const parity_call *c) { cg_manual_seed((uint64_t)p_kw_int(c, "seed", 0)); }

static cg_dtype kw_dtype(const parity_call *c, cg_dtype dflt) {
    const char *name = p_kw_str(c, "dtype", NULL);
    return name ? (cg_dtype)p_dtype(name) : dflt;
}

/* the in-place ops return their operand */
static cg_tensor *self_or_null(parity_call *c, int rc) { return rc == 0 ? cg_tensor_retain(p_tensor(c, 0)) : NULL; }

PARITY(randn) {
    int64_t s[CG_MAX_DIMS];
    int n = p_int_varargs(c, 0, s, CG_MAX_DIMS);
    seed(c);
    return cg_randn(n, s, kw_dtype(c, CG_F32), cg_device_cpu(), NULL);
}

PARITY(rand) {
    int64_t s[CG_MAX_DIMS];
    int n = p_int_varargs(c, 0, s, CG_MAX_DIMS);
    seed(c);
    return cg_rand(n, s, kw_dtype(c, CG_F32), cg_device_cpu(), NULL);
}

PARITY(randint) {
    int64_t s[CG_MAX_DIMS];
    int n = p_ints(c, 2, s, CG_MAX_DIMS);
    seed(c);
    return cg_randint(p_int(c, 0), p_int(c, 1), n, s, kw_dtype(c, CG_INT64), cg_device_cpu(), NULL);
}

PARITY(randperm) {
    seed(c);
    return cg_randperm(p_int(c, 0), kw_dtype(c, CG_INT64), cg_device_cpu(), NULL);
}

PARITY(normal_) {
    seed(c);
    return self_or_null(c, cg_normal_(p_tensor(c, 0), p_kw_double(c, "mean", 0), p_kw_double(c, "std", 1), NULL));
}

PARITY(uniform_) {
    seed(c);
    return self_or_null(c, cg_uniform_(p_tensor(c, 0), p_kw_double(c, "a", 0), p_kw_double(c, "b", 1), NULL));
}

PARITY(bernoulli_) {
    seed(c);
    return self_or_null(c, cg_bernoulli_(p_tensor(c, 0), p_kw_double(c, "p", 0.5), NULL));
}

PARITY(bernoulli) {
    seed(c);
    return cg_bernoulli(p_tensor(c, 0), NULL);
}

PARITY(randn_like) {
    seed(c);
    cg_tensor *x = p_tensor(c, 0);
    return cg_randn_like(x, x->dtype);
}

PARITY(normal) {
    int64_t s[CG_MAX_DIMS];
    int n = p_ints(c, 2, s, CG_MAX_DIMS);
    seed(c);
    return cg_normal(p_double(c, 0), p_double(c, 1), n, s, CG_F32, cg_device_cpu(), NULL);
}

PARITY(exponential_) {
    seed(c);
    return self_or_null(c, cg_exponential_(p_tensor(c, 0), p_kw_double(c, "lambd", 1), NULL));
}

PARITY(multinomial) {
    seed(c);
    return cg_multinomial(p_tensor(c, 0), p_int(c, 1), p_kw_bool(c, "replacement", false), NULL);
}
