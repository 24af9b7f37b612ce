/* pixel_shuffle.c: pixel_shuffle and pixel_unshuffle (each the other's
 * derivative, nodes PixelShuffleBackward0 / PixelUnshuffleBackward0) and
 * channel_shuffle, as PyTorch 1.13 has them.
 *
 * Note [Shuffles as copies]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * All three only move elements: pixel_shuffle takes [*, C r^2, H, W] to
 * [*, C, H r, W r] by viewing the input as [*, C, r, r, H, W], permuting it
 * to [*, C, H, r, W, r] and copying that into a contiguous result;
 * pixel_unshuffle is the inverse permutation, channel_shuffle swaps the
 * two factors of the channel dim [N, g, C/g, *] -> [N, C/g, g, *]. The copy
 * is the engine's strided copy (on either device), so no kernel of their
 * own is needed. channel_shuffle, which PyTorch 1.13 cannot differentiate
 * (its node raises), is here the reshape, transpose and copy it is, so it
 * differentiates through their nodes (docs/language.md). */
#include <string.h>

#include "ops.h"

/* A contiguous copy of x viewed as `nsplit` sizes and permuted by perm,
 * reshaped to out_sizes; unrecorded (the caller records the op). */
static cg_tensor *permuted_copy(cg_tensor *x, int nsplit, const int64_t *split, const int64_t *perm, int nout,
                                const int64_t *out_sizes) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *v = cg_reshape(x, nsplit, split);
    cg_tensor *p = v ? cg_permute(v, nsplit, perm) : NULL;
    cg_tensor *c = p ? cg_contiguous(p) : NULL;
    cg_tensor *r = c ? cg_reshape(c, nout, out_sizes) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(v), cg_tensor_release(p), cg_tensor_release(c);
    return r;
}

/* Records op on out (its input x) with factor r as its argument. */
static cg_tensor *recorded(cg_tensor *out, cg_op op, cg_tensor *x, int64_t r) {
    cg_op_args args = {.i = {r}};
    if (out && cg_dtype_is_float(x->dtype) && cg_autograd_needed(1, &x)
        && cg_autograd_record(op, 1, &out, 1, &x, 0, NULL, &args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* PyTorch's checks of a pixel (un)shuffle of x by factor r; 0 or -1 */
static int check_shuffle(const cg_tensor *x, int64_t r, bool up) {
    const char *name = up ? "pixel_shuffle" : "pixel_unshuffle";
    CG_CHECK_INT(x->ndim >= 3, CG_RUNTIME_ERROR,
                 "%s expects input to have at least 3 dimensions, but got input with %d dimension(s)", name, x->ndim);
    CG_CHECK_INT(r > 0, CG_RUNTIME_ERROR, "%s expects a positive %s, but got %lld", name,
                 up ? "upscale_factor" : "downscale_factor", (long long)r);
    CG_CHECK_INT(x->ndim + 2 <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions",
                 CG_MAX_DIMS);
    int b = x->ndim - 3;
    int64_t c = x->sizes[b], h = x->sizes[b + 1], w = x->sizes[b + 2];
    if (up) {
        int64_t rr = r <= INT64_MAX / r ? r * r : INT64_MAX;
        CG_CHECK_INT(c % rr == 0, CG_RUNTIME_ERROR,
                     "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
                     "upscale_factor, but input.size(-3)=%lld is not divisible by %lld",
                     (long long)c, (long long)rr);
        return 0;
    }
    CG_CHECK_INT(h % r == 0, CG_RUNTIME_ERROR,
                 "pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)=%lld is not "
                 "divisible by %lld",
                 (long long)h, (long long)r);
    CG_CHECK_INT(w % r == 0, CG_RUNTIME_ERROR,
                 "pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)=%lld is not "
                 "divisible by %lld",
                 (long long)w, (long long)r);
    return 0;
}

/* Note [Shuffles as copies]: the batch dims stay; the last three split in
 * five and permuted:
 *   shuffle   [C, r1, r2, H, W] -> [C, H, r1, W, r2] -> [C, H r, W r]
 *   unshuffle [C, H', r1, W', r2] -> [C, r1, r2, H', W'] -> [C r^2, H', W'] */
static cg_tensor *shuffle(cg_tensor *x, int64_t r, bool up) {
    if (check_shuffle(x, r, up) < 0)
        return NULL;
    int b = x->ndim - 3;
    int64_t c = x->sizes[b], h = x->sizes[b + 1], w = x->sizes[b + 2];
    int64_t split[CG_MAX_DIMS], perm[CG_MAX_DIMS], out[CG_MAX_DIMS];
    for (int d = 0; d < b; d++)
        split[d] = out[d] = x->sizes[d], perm[d] = d;
    const int64_t up_split[5] = {c / (r * r), r, r, h, w}, up_out[3] = {c / (r * r), h * r, w * r};
    const int64_t down_split[5] = {c, h / r, r, w / r, r}, down_out[3] = {c * r * r, h / r, w / r};
    const int64_t up_perm[5] = {0, 3, 1, 4, 2}, down_perm[5] = {0, 2, 4, 1, 3};
    memcpy(split + b, up ? up_split : down_split, sizeof up_split);
    memcpy(out + b, up ? up_out : down_out, sizeof up_out);
    for (int k = 0; k < 5; k++)
        perm[b + k] = b + (up ? up_perm : down_perm)[k];
    return permuted_copy(x, b + 5, split, perm, b + 3, out);
}

cg_tensor *cg_pixel_shuffle(cg_tensor *x, int64_t upscale_factor) {
    return recorded(shuffle(x, upscale_factor, true), CG_OP_PIXEL_SHUFFLE, x, upscale_factor);
}

cg_tensor *cg_pixel_unshuffle(cg_tensor *x, int64_t downscale_factor) {
    return recorded(shuffle(x, downscale_factor, false), CG_OP_PIXEL_UNSHUFFLE, x, downscale_factor);
}

/* PixelShuffleBackward0: pixel_unshuffle(grad, upscale_factor) */
int cg_bw_pixel_shuffle(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cg_pixel_unshuffle(go[0], n->args.i[0])) ? 0 : -1;
}

/* PixelUnshuffleBackward0: pixel_shuffle(grad, downscale_factor) */
int cg_bw_pixel_unshuffle(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cg_pixel_shuffle(go[0], n->args.i[0])) ? 0 : -1;
}

/* channel_shuffle: [N, C, *] seen as [N, g, C/g, *], the two factors
 * swapped, copied; recorded as the views and the copy it is made of */
cg_tensor *cg_channel_shuffle(cg_tensor *x, int64_t groups) {
    char shown[256];
    CG_CHECK(x->ndim > 2, CG_RUNTIME_ERROR, "channel_shuffle expects input with > 2 dims, but got input with sizes %s",
             cg_sizes_str(x->ndim, x->sizes, shown, sizeof shown));
    CG_CHECK(groups > 0, CG_RUNTIME_ERROR, "Number of groups to divide channels in must be positive. Value of groups:%lld",
             (long long)groups);
    int64_t c = x->sizes[1];
    CG_CHECK(c % groups == 0, CG_RUNTIME_ERROR, "Number of channels must be divisible by groups. Got %lld channels and %lld groups.",
             (long long)c, (long long)groups);
    CG_CHECK(x->ndim < CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    int64_t split[CG_MAX_DIMS];
    split[0] = x->sizes[0], split[1] = groups, split[2] = c / groups;
    for (int d = 2; d < x->ndim; d++)
        split[d + 1] = x->sizes[d];
    cg_tensor *v = cg_reshape(x, x->ndim + 1, split);
    cg_tensor *t = v ? cg_transpose(v, 1, 2) : NULL;
    cg_tensor *cont = t ? cg_contiguous(t) : NULL;
    cg_tensor *out = cont ? cg_reshape(cont, x->ndim, x->sizes) : NULL;
    cg_tensor_release(v), cg_tensor_release(t), cg_tensor_release(cont);
    return out;
}
