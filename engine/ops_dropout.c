/* ops_dropout.c: dropout and native_dropout (ops_nn.h).
 *
 * F.dropout is two things in PyTorch, and here: on the CPU (and in place
 * anywhere) a composite, x * (bernoulli(1 - p) / (1 - p)), recorded as
 * MulBackward0; on a CUDA tensor native_dropout, whose fused kernel draws
 * its own mask in its own order and records NativeDropoutBackward0. The
 * mask's order is random.c's business (cg_dropout_keep_mask); this file
 * builds the values and the graph. */
#include "nn_internal.h"
#include "ops.h"

/* ---- dropout: the composite of PyTorch's CPU ---------------------------------------- */

/* Note [Dropout's generator]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's CPU dropout is `noise = empty_like(x).bernoulli_(1 - p);
 * noise.div_(1 - p); return x * noise`, so its node is MulBackward0 and its
 * mask comes from the default generator. cg_dropout does the same with the
 * engine's generator (random.h), so a seeded notebook drops the same
 * elements as PyTorch; cg_dropout_with draws the mask from a uniform source
 * the caller supplies instead (tests pin masks down with it). Both draw in
 * row-major order: torch 1.13 draws the mask of a transposed input as a
 * contiguous draw of its logical shape. A CUDA tensor's out-of-place
 * dropout is native_dropout's instead (Note [native_dropout]). */

/* Fills a contiguous float tensor with bernoulli(q) 0/1; 0 or -1. */
typedef int (*mask_fill_fn)(cg_tensor *noise, double q, void *ctx);

typedef struct {
    cg_uniform_fn uniform;
    void *ctx;
} uniform_source;

/* 1 where uniform() < q, else 0, in row-major order (drawn on the CPU) */
static int fill_from_uniform(cg_tensor *noise, double q, void *ctx) {
    const uniform_source *src = ctx;
    cg_tensor *host = cg_tensor_device(noise).type == CG_CPU
                          ? cg_tensor_retain(noise)
                          : cg_tensor_empty(noise->ndim, noise->sizes, noise->dtype, cg_device_cpu());
    if (!host)
        return -1;
    for (int64_t i = 0, n = cg_tensor_numel(host); i < n; i++) {
        double bit = src->uniform(src->ctx) < q ? 1.0 : 0.0;
        if (host->dtype == CG_F32)
            ((float *)cg_tensor_data(host))[i] = (float)bit;
        else
            ((double *)cg_tensor_data(host))[i] = bit;
    }
    int rc = host == noise ? 0 : cg_copy_(noise, host);
    cg_tensor_release(host);
    return rc;
}

static int fill_from_generator(cg_tensor *noise, double q, void *ctx) { return cg_bernoulli_(noise, q, ctx); }

/* noise = bernoulli(1 - p) / (1 - p), of x's shape, dtype and device */
static cg_tensor *dropout_noise(cg_tensor *x, double p, mask_fill_fn fill, void *ctx) {
    cg_tensor *noise = cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_tensor_device(x));
    cg_tensor *q = noise ? cg_scalar_tensor(cg_scalar_float(1 - p)) : NULL;
    int rc = q && fill(noise, 1 - p, ctx) == 0 ? cg_div_(noise, q) : -1;
    cg_tensor_release(q);
    if (rc < 0) {
        cg_tensor_release(noise);
        return NULL;
    }
    return noise;
}

/* The checks both forms share; *noise gets the tensor x is multiplied by
 * (a 0-d zero when p == 1), or NULL when x is returned as it is. */
static int dropout_prepare(cg_tensor *x, double p, bool training, mask_fill_fn fill, void *ctx, cg_tensor **noise) {
    char buf[32];
    *noise = NULL;
    CG_CHECK_INT(p >= 0 && p <= 1, CG_VALUE_ERROR, "dropout probability has to be between 0 and 1, but got %s",
                 cg_nn_float_repr(p, buf, sizeof buf));
    if (p == 0 || !training || cg_tensor_numel(x) == 0)
        return 0;
    if (p == 1) /* x * 0, still a MulBackward0 as in PyTorch */
        return (*noise = cg_zeros(0, NULL, x->dtype, cg_tensor_device(x))) ? 0 : -1;
    /* PyTorch divides the integer noise in place: the same error */
    CG_CHECK_INT(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR,
                 "result type Float can't be cast to the desired output type %s", cg_dtype_legacy_name(x->dtype));
    return (*noise = dropout_noise(x, p, fill, ctx)) ? 0 : -1;
}

static cg_tensor *dropout(cg_tensor *x, double p, bool training, mask_fill_fn fill, void *ctx) {
    cg_tensor *noise;
    if (dropout_prepare(x, p, training, fill, ctx, &noise) < 0)
        return NULL;
    cg_tensor *out = noise ? cg_mul(x, noise) : cg_tensor_retain(x);
    cg_tensor_release(noise);
    return out;
}

static int dropout_(cg_tensor *x, double p, bool training, mask_fill_fn fill, void *ctx) {
    cg_tensor *noise;
    if (dropout_prepare(x, p, training, fill, ctx, &noise) < 0)
        return -1;
    int rc = noise ? cg_mul_(x, noise) : 0;
    cg_tensor_release(noise);
    return rc;
}

/* PyTorch's is_fused_kernel_acceptable: a CUDA tensor's dropout is
 * native_dropout's output (Note [native_dropout]) */
static bool fused(const cg_tensor *x, double p, bool training) {
    return training && p > 0 && p < 1 && cg_tensor_numel(x) > 0 && cg_tensor_device(x).type != CG_CPU;
}

cg_tensor *cg_dropout(cg_tensor *x, double p, bool training, cg_rng *gen) {
    if (!fused(x, p, training))
        return dropout(x, p, training, fill_from_generator, gen);
    cg_tensor *mask;
    cg_tensor *out = cg_native_dropout(x, p, 1, gen, &mask);
    cg_tensor_release(mask);
    return out;
}
int cg_dropout_(cg_tensor *x, double p, bool training, cg_rng *gen) {
    return dropout_(x, p, training, fill_from_generator, gen);
}
cg_tensor *cg_dropout_with(cg_tensor *x, double p, bool training, cg_uniform_fn uniform, void *ctx) {
    return dropout(x, p, training, fill_from_uniform, &(uniform_source){uniform, ctx});
}
int cg_dropout_with_(cg_tensor *x, double p, bool training, cg_uniform_fn uniform, void *ctx) {
    return dropout_(x, p, training, fill_from_uniform, &(uniform_source){uniform, ctx});
}

/* ---- native_dropout ----------------------------------------------------------------- */

/* Note [native_dropout]
 * ~~~~~~~~~~~~~~~~~~~~~
 * native_dropout(input, p, train) returns (output, mask): mask is bool,
 * output = input * mask * scale with scale = 1 / (1 - p), and the node
 * NativeDropoutBackward0 saves the mask and a scale for the gradient,
 * grad * mask * scale. As in PyTorch:
 *  - train=False: (input's values, all-true mask), gradient scale 1;
 *  - train=None draws as train=True, but its gradient scale is 1
 *    (derivatives.yaml tests !train.has_value() || !train.value());
 *  - the CPU draws mask.bernoulli_(1 - p) from the CPU generator (its p
 *    check is bernoulli_'s), the mask in x's layout, and gives scale 0
 *    where 1 - p is 0;
 *  - CUDA draws the fused kernel's mask from the device's generator for
 *    any p but 1, where it returns zeros and an all-false mask unseen,
 *    and computes the scale in the input's precision;
 *  - an empty input comes back as it is (the CPU) or cloned (CUDA), with
 *    an empty mask and no NativeDropoutBackward0.
 * input * mask * scale equals the fused kernel's src * mask * scale bit for
 * bit, since both round the same two products. */

/* NativeDropoutBackward0: grad * mask * scale */
int cg_bw_native_dropout(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *mask;
    if (cg_node_saved(n, 0, &mask) < 0)
        return -1;
    cg_tensor *scale = cg_scalar_tensor(n->args.s[0]);
    cg_tensor *masked = scale ? cg_mul(go[0], mask) : NULL;
    gi[0] = masked ? cg_mul(masked, scale) : NULL;
    cg_tensor_release(masked), cg_tensor_release(scale);
    return gi[0] ? 0 : -1;
}

/* out's node when x needs one: NativeDropoutBackward0 with mask saved */
static cg_tensor *recorded(cg_tensor *out, cg_tensor *x, cg_tensor *mask, double grad_scale) {
    if (!out || !cg_autograd_needed(1, &x))
        return out;
    cg_op_args args = {.s = {cg_scalar_float(grad_scale)}};
    cg_save_spec save = {mask, "result1"};
    if (cg_autograd_record(CG_OP_NATIVE_DROPOUT, 1, &out, 1, &x, 1, &save, &args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

cg_tensor *cg_native_dropout_apply(cg_tensor *x, cg_tensor *mask, double scale, double grad_scale) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *masked = cg_mul(x, mask);
    cg_tensor *s = masked ? cg_scalar_tensor(cg_scalar_float(scale)) : NULL;
    int rc = s ? cg_mul_(masked, s) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(s);
    if (rc < 0) {
        cg_tensor_release(masked);
        return NULL;
    }
    return recorded(masked, x, mask, grad_scale);
}

/* 1 / keep in x's precision: the fused kernel's float scale for float32 */
static double scale_of(const cg_tensor *x, double keep) {
    if (x->dtype == CG_F32)
        return (float)(1.0 / (double)(float)keep);
    return 1.0 / keep;
}

/* train=True or None on the CPU: empty_like(x, bool).bernoulli_(1 - p) */
static cg_tensor *native_dropout_cpu(cg_tensor *x, double p, double grad_scale, cg_rng *gen, cg_tensor **mask) {
    double keep = 1.0 - p;
    *mask = cg_empty_like_preserve(x, CG_BOOL); /* drawn in x's memory order */
    if (!*mask || cg_bernoulli_(*mask, keep, gen) < 0)
        return NULL;
    return cg_native_dropout_apply(x, *mask, keep == 0 ? 0.0 : 1.0 / keep, grad_scale);
}

/* train=True or None on a device: the fused kernel's mask, or zeros at p == 1 */
static cg_tensor *native_dropout_device(cg_tensor *x, double p, double grad_scale, cg_rng *gen, cg_tensor **mask) {
    if (!cg_dtype_is_float(x->dtype)) {
        cg_nn_not_implemented("fused_dropout", x->dtype);
        return NULL;
    }
    if (p == 1) {
        *mask = cg_zeros(x->ndim, x->sizes, CG_BOOL, cg_tensor_device(x));
        return *mask ? recorded(cg_zeros_like(x), x, *mask, grad_scale) : NULL;
    }
    double keep = 1.0 - p;
    *mask = cg_dropout_keep_mask(x, keep, gen);
    return *mask ? cg_native_dropout_apply(x, *mask, scale_of(x, keep), grad_scale) : NULL;
}

cg_tensor *cg_native_dropout(cg_tensor *x, double p, int train, cg_rng *gen, cg_tensor **mask) {
    *mask = NULL;
    bool cpu = cg_tensor_device(x).type == CG_CPU;
    cg_tensor *out;
    if (cg_tensor_numel(x) == 0) {
        *mask = cg_tensor_empty(x->ndim, x->sizes, cpu ? x->dtype : CG_BOOL, cg_tensor_device(x));
        out = !*mask ? NULL : cpu ? cg_tensor_retain(x) : cg_clone(x);
    } else if (train == 0) {
        *mask = cg_ones(x->ndim, x->sizes, CG_BOOL, cg_tensor_device(x));
        bool was = cg_grad_set_enabled(false);
        out = *mask ? cg_clone(x) : NULL;
        cg_grad_set_enabled(was);
        out = recorded(out, x, *mask, 1.0);
    } else {
        double grad_scale = train < 0 ? 1.0 : p == 1 ? 0.0 : 1.0 / (1.0 - p);
        out =
            cpu ? native_dropout_cpu(x, p, grad_scale, gen, mask) : native_dropout_device(x, p, grad_scale, gen, mask);
    }
    if (!out) {
        cg_tensor_release(*mask);
        *mask = NULL;
    }
    return out;
}
