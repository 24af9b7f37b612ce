/* samples_activation.c: op-table samples (helpers.h) of the activations
 * (engine/ops_activation.c) and of their backward kernels. Shapes in drawn
 * sizes A .. F (Note [Drawn shapes] in helpers.h). Seeds 1000-1099. The
 * piecewise ones keep their kinks (0, +-3, the bounds, lambd) away from
 * the values drawn by their ranges' offsets only by chance: as
 * samples_unary.c's abs and relu, about one in a million per element. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define IN_RANGE(seed, nc, lo, hi, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, lo, hi)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)
#define F1(name, expr)                                                     \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) { \
        (void)s;                                                           \
        return expr;                                                       \
    }
#define SC(d) cg_scalar_float(d)

/* x contiguous [A,B], non-contiguous [A,B,C], one element */
static bool unary3(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed,
                   double lo, double hi, double d0, double d1) {
    switch (v) {
    case 0: return SAMPLE("contiguous [A,B]", 1, {IN_RANGE(seed, false, lo, hi, S_A, S_B)}, fn, .d = {d0, d1});
    case 1:
        return SAMPLE("non-contiguous [A,B,C]", 1, {IN_RANGE(seed + 1, true, lo, hi, S_A, S_B, S_C)}, fn,
                      .d = {d0, d1});
    case 2: return SAMPLE("one element", 1, {IN_RANGE(seed + 2, false, lo, hi, 1)}, fn, .d = {d0, d1});
    default: return false;
    }
}
/* (grad, x): both [A,B]; grad [B] broadcast and x non-contiguous */
static bool binary2(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed,
                    double lo, double hi, double d0, double d1) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B]", 2, {IN(seed, false, S_A, S_B), IN_RANGE(seed + 1, false, lo, hi, S_A, S_B)}, fn,
                      .d = {d0, d1});
    case 1:
        return SAMPLE("grad [B] broadcast, self non-contiguous", 2,
                      {IN(seed + 2, false, S_B), IN_RANGE(seed + 3, true, lo, hi, S_A, S_B)}, fn, .d = {d0, d1});
    default: return false;
    }
}

F1(elu, s->i[0] ? cg_celu(in[0], s->d[0]) : cg_elu(in[0], s->d[0], s->d[1], 1.0))
bool sample_elu(int v, cg_sample *s) {
    if (v == 3)
        return SAMPLE("celu alpha 0.7 [A,B]", 1, {IN(1003, false, S_A, S_B)}, f_elu, .d = {0.7}, .i = {1});
    return unary3(v, s, f_elu, 1000, -2.0, 2.0, 1.3, 1.05);
}
F1(elu_backward, cg_elu_backward(in[0], s->d[0], s->d[1], 0.5, s->i[0], in[1]))
bool sample_elu_backward(int v, cg_sample *s) {
    if (v == 2) /* is_result: self_or_result is elu's output, > -alpha * scale */
        return SAMPLE("is_result [A,B]", 2, {IN(1008, false, S_A, S_B), IN_RANGE(1009, false, -0.9, 2.0, S_A, S_B)},
                      f_elu_backward, .d = {1.0, 1.0}, .i = {1});
    return binary2(v, s, f_elu_backward, 1004, -2.0, 2.0, 1.2, 0.9);
}

F1(silu, cg_silu(in[0]))
bool sample_silu(int v, cg_sample *s) { return unary3(v, s, f_silu, 1010, -3.0, 3.0, 0, 0); }
F1(silu_backward, cg_silu_backward(in[0], in[1]))
bool sample_silu_backward(int v, cg_sample *s) { return binary2(v, s, f_silu_backward, 1013, -3.0, 3.0, 0, 0); }
F1(mish, cg_mish(in[0]))
bool sample_mish(int v, cg_sample *s) { return unary3(v, s, f_mish, 1017, -3.0, 3.0, 0, 0); }
F1(mish_backward, cg_mish_backward(in[0], in[1]))
bool sample_mish_backward(int v, cg_sample *s) { return binary2(v, s, f_mish_backward, 1020, -3.0, 3.0, 0, 0); }

F1(hardtanh, cg_hardtanh(in[0], SC(s->d[0]), SC(s->d[1])))
bool sample_hardtanh(int v, cg_sample *s) { return unary3(v, s, f_hardtanh, 1024, -2.0, 2.0, -0.7, 1.1); }
F1(hardtanh_backward, cg_hardtanh_backward(in[0], in[1], SC(s->d[0]), SC(s->d[1])))
bool sample_hardtanh_backward(int v, cg_sample *s) {
    return binary2(v, s, f_hardtanh_backward, 1027, -2.0, 2.0, -0.7, 1.1);
}
F1(hardsigmoid, cg_hardsigmoid(in[0]))
bool sample_hardsigmoid(int v, cg_sample *s) { return unary3(v, s, f_hardsigmoid, 1031, -5.0, 5.0, 0, 0); }
F1(hardsigmoid_backward, cg_hardsigmoid_backward(in[0], in[1]))
bool sample_hardsigmoid_backward(int v, cg_sample *s) {
    return binary2(v, s, f_hardsigmoid_backward, 1034, -5.0, 5.0, 0, 0);
}
F1(hardswish, cg_hardswish(in[0]))
bool sample_hardswish(int v, cg_sample *s) { return unary3(v, s, f_hardswish, 1038, -5.0, 5.0, 0, 0); }
F1(hardswish_backward, cg_hardswish_backward(in[0], in[1]))
bool sample_hardswish_backward(int v, cg_sample *s) {
    return binary2(v, s, f_hardswish_backward, 1041, -5.0, 5.0, 0, 0);
}

/* softplus: beta d[0], threshold d[1] (some elements past it) */
F1(softplus, cg_softplus(in[0], SC(s->d[0]), SC(s->d[1])))
bool sample_softplus(int v, cg_sample *s) { return unary3(v, s, f_softplus, 1045, -3.0, 3.0, 2.0, 3.0); }
F1(softplus_backward, cg_softplus_backward(in[0], in[1], SC(s->d[0]), SC(s->d[1])))
bool sample_softplus_backward(int v, cg_sample *s) {
    return binary2(v, s, f_softplus_backward, 1048, -3.0, 3.0, 1.5, 2.5);
}

F1(softshrink, cg_softshrink(in[0], SC(s->d[0])))
bool sample_softshrink(int v, cg_sample *s) { return unary3(v, s, f_softshrink, 1052, -2.0, 2.0, 0.5, 0); }
F1(hardshrink, cg_hardshrink(in[0], SC(s->d[0])))
bool sample_hardshrink(int v, cg_sample *s) { return unary3(v, s, f_hardshrink, 1055, -2.0, 2.0, 0.3, 0); }
F1(softshrink_backward, cg_softshrink_backward(in[0], in[1], SC(s->d[0])))
bool sample_softshrink_backward(int v, cg_sample *s) {
    return binary2(v, s, f_softshrink_backward, 1058, -2.0, 2.0, 0.5, 0);
}
F1(hardshrink_backward, cg_hardshrink_backward(in[0], in[1], SC(s->d[0])))
bool sample_hardshrink_backward(int v, cg_sample *s) {
    return binary2(v, s, f_hardshrink_backward, 1062, -2.0, 2.0, 0.3, 0);
}

F1(log_sigmoid, cg_log_sigmoid(in[0]))
bool sample_log_sigmoid(int v, cg_sample *s) { return unary3(v, s, f_log_sigmoid, 1066, -4.0, 4.0, 0, 0); }
/* log_sigmoid_backward(grad, self, buffer): the buffer exp(-|self|) made
 * from self's values, a constant */
static cg_tensor *f_log_sigmoid_backward(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    cg_tensor *a = cg_abs(in[1]), *n = a ? cg_neg(a) : NULL, *d = n ? cg_detach(n) : NULL;
    cg_tensor *buf = d ? cg_exp(d) : NULL;
    cg_tensor *out = buf ? cg_log_sigmoid_backward(in[0], in[1], buf) : NULL;
    cg_tensor_release(a), cg_tensor_release(n), cg_tensor_release(d), cg_tensor_release(buf);
    return out;
}
bool sample_log_sigmoid_backward(int v, cg_sample *s) {
    return binary2(v, s, f_log_sigmoid_backward, 1069, -4.0, 4.0, 0, 0);
}

/* threshold d[0], value d[1] */
F1(threshold, cg_threshold(in[0], SC(s->d[0]), SC(s->d[1])))
bool sample_threshold(int v, cg_sample *s) { return unary3(v, s, f_threshold, 1073, -2.0, 2.0, 0.2, -3.0); }

/* glu along i[0] */
F1(glu, cg_glu(in[0], s->i[0]))
bool sample_glu(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("last dim [A,2B]", 1, {IN(1076, false, S_A, 2 * S_B)}, f_glu, .i = {-1});
    case 1: return SAMPLE("dim 0 [2A,B] non-contiguous", 1, {IN(1077, true, 2 * S_A, S_B)}, f_glu, .i = {0});
    default: return false;
    }
}

/* glu_backward(grad, self, i[0]) */
F1(glu_backward, cg_glu_backward(in[0], in[1], s->i[0]))
bool sample_glu_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("last dim [A,2B]", 2, {IN(1090, false, S_A, S_B), IN(1091, false, S_A, 2 * S_B)}, f_glu_backward,
                      .i = {1});
    case 1:
        return SAMPLE("dim 0 [2A,B] non-contiguous", 2, {IN(1092, false, S_A, S_B), IN(1093, true, 2 * S_A, S_B)},
                      f_glu_backward, .i = {0});
    default: return false;
    }
}

/* prelu: one weight, or one per channel */
F1(prelu, cg_prelu(in[0], in[1]))
bool sample_prelu(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("one weight [A,B]", 2, {IN(1080, false, S_A, S_B), IN(1081, false, 1)}, f_prelu);
    case 1:
        return SAMPLE("per channel [A,B,C] non-contiguous", 2, {IN(1082, true, S_A, S_B, S_C), IN(1083, false, S_B)},
                      f_prelu);
    default: return false;
    }
}

/* rrelu in evaluation (the mean slope; training's draws are gradchecked
 * through their noise, a constant, by the language tests) */
F1(rrelu, cg_rrelu(in[0], s->d[0], s->d[1], false, NULL))
bool sample_rrelu(int v, cg_sample *s) { return unary3(v, s, f_rrelu, 1086, -2.0, 2.0, 0.1, 0.3); }

/* rrelu_with_noise_backward, reached through rrelu's derivative: d[0]
 * lower, d[1] upper, i[0] training (the noise a constant in [lower, 1]) */
static cg_tensor *f_rrelu_backward(cg_tensor *const *in, const cg_sample *s) {
    bool was = cg_grad_set_enabled(true); /* the gradcheck's numeric side runs under no_grad */
    cg_tensor *y = cg_rrelu(in[1], s->d[0], s->d[1], s->i[0], NULL), *gx = NULL;
    int rc = y ? cg_autograd_grad(1, &y, &in[0], 1, &in[1], true, true, false, &gx) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(y);
    return rc == 0 ? gx : NULL;
}
bool sample_rrelu_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("evaluation [A,B]", 2, {IN(1096, false, S_A, S_B), IN(1097, false, S_A, S_B)}, f_rrelu_backward,
                      .d = {0.1, 0.3}, .i = {0});
    default: return false;
    }
}
