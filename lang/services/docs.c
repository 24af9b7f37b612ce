/* docs.c: the one-line docstrings of builtin functions, types and modules.
 *
 * What inspect shows under "Docstring:" for a builtin whose declaration
 * (its cg_method_def) carries no doc, and under "Signature:" for one
 * declared without signature text (math.sqrt reads its own arguments). Most lines are PyTorch's and
 * Python's own first sentences, generated into docs_table.h by
 * scripts/gen_docs.py (sorted, searched by bisection); EXTRA holds what
 * they lack or say in TeX, written here, and wins. Keyed by qualified
 * name: "torch.zeros", "torch.Tensor.add", "builtins.len", "math". A unit
 * test walks every builtin function cgrad has and fails on one without a
 * doc here or in its declaration. */
#include <stdlib.h>
#include <string.h>

#include "services/services.h"

typedef struct {
    const char *name, *sig, *doc;
} doc_row;

static const doc_row EXTRA[] = {
    {"torch._lu_with_info", "_lu_with_info(input, pivot=True, check_errors=True)",
     "The LU factorisation of torch.lu: (LU, pivots, info) as torch.linalg.lu_factor_ex gives them."},
    {"torch.i0_", "i0_(input)", "In-place version of torch.i0(): the modified Bessel function of the first kind of order 0."},
    {"torch._special_i0e", "_special_i0e(input)", "torch.special.i0e's kernel: exp(-|x|) times i0(x)."},
    {"torch._special_i1", "_special_i1(input)", "torch.special.i1's kernel: the modified Bessel function of the first kind of order 1."},
    {"torch._special_i1e", "_special_i1e(input)", "torch.special.i1e's kernel: exp(-|x|) times i1(x)."},
    {"torch._special_entr", "_special_entr(input)", "torch.special.entr's kernel."},
    {"torch._special_ndtri", "_special_ndtri(input)", "torch.special.ndtri's kernel."},
    {"torch._special_erfcx", "_special_erfcx(input)", "torch.special.erfcx's kernel."},
    {"torch._special_log_ndtr", "_special_log_ndtr(input)", "torch.special.log_ndtr's kernel."},
    {"torch._special_bessel_j0", "_special_bessel_j0(input)", "torch.special.bessel_j0's kernel."},
    {"torch._special_bessel_j1", "_special_bessel_j1(input)", "torch.special.bessel_j1's kernel."},
    {"torch._special_bessel_y0", "_special_bessel_y0(input)", "torch.special.bessel_y0's kernel."},
    {"torch._special_bessel_y1", "_special_bessel_y1(input)", "torch.special.bessel_y1's kernel."},
    {"torch._special_modified_bessel_i0", "_special_modified_bessel_i0(input)", "torch.special.modified_bessel_i0's kernel."},
    {"torch._special_modified_bessel_i1", "_special_modified_bessel_i1(input)", "torch.special.modified_bessel_i1's kernel."},
    {"torch._special_modified_bessel_k0", "_special_modified_bessel_k0(input)", "torch.special.modified_bessel_k0's kernel."},
    {"torch._special_modified_bessel_k1", "_special_modified_bessel_k1(input)", "torch.special.modified_bessel_k1's kernel."},
    {"torch._special_scaled_modified_bessel_k0", "_special_scaled_modified_bessel_k0(input)", "torch.special.scaled_modified_bessel_k0's kernel."},
    {"torch._special_scaled_modified_bessel_k1", "_special_scaled_modified_bessel_k1(input)", "torch.special.scaled_modified_bessel_k1's kernel."},
    {"torch._special_spherical_bessel_j0", "_special_spherical_bessel_j0(input)", "torch.special.spherical_bessel_j0's kernel."},
    {"torch._special_airy_ai", "_special_airy_ai(input)", "torch.special.airy_ai's kernel."},
    {"torch._special_xlog1py", "_special_xlog1py(input, other)", "torch.special.xlog1py's kernel (either argument may be a number)."},
    {"torch._special_zeta", "_special_zeta(input, other)", "torch.special.zeta's kernel (either argument may be a number)."},
    {"torch._special_chebyshev_polynomial_t", "_special_chebyshev_polynomial_t(input, n)", "torch.special.chebyshev_polynomial_t's kernel (either argument may be a number)."},
    {"torch._special_chebyshev_polynomial_u", "_special_chebyshev_polynomial_u(input, n)", "torch.special.chebyshev_polynomial_u's kernel (either argument may be a number)."},
    {"torch._special_chebyshev_polynomial_v", "_special_chebyshev_polynomial_v(input, n)", "torch.special.chebyshev_polynomial_v's kernel (either argument may be a number)."},
    {"torch._special_chebyshev_polynomial_w", "_special_chebyshev_polynomial_w(input, n)", "torch.special.chebyshev_polynomial_w's kernel (either argument may be a number)."},
    {"torch._special_shifted_chebyshev_polynomial_t", "_special_shifted_chebyshev_polynomial_t(input, n)", "torch.special.shifted_chebyshev_polynomial_t's kernel (either argument may be a number)."},
    {"torch._special_shifted_chebyshev_polynomial_u", "_special_shifted_chebyshev_polynomial_u(input, n)", "torch.special.shifted_chebyshev_polynomial_u's kernel (either argument may be a number)."},
    {"torch._special_shifted_chebyshev_polynomial_v", "_special_shifted_chebyshev_polynomial_v(input, n)", "torch.special.shifted_chebyshev_polynomial_v's kernel (either argument may be a number)."},
    {"torch._special_shifted_chebyshev_polynomial_w", "_special_shifted_chebyshev_polynomial_w(input, n)", "torch.special.shifted_chebyshev_polynomial_w's kernel (either argument may be a number)."},
    {"torch._special_hermite_polynomial_h", "_special_hermite_polynomial_h(input, n)", "torch.special.hermite_polynomial_h's kernel (either argument may be a number)."},
    {"torch._special_hermite_polynomial_he", "_special_hermite_polynomial_he(input, n)", "torch.special.hermite_polynomial_he's kernel (either argument may be a number)."},
    {"torch._special_laguerre_polynomial_l", "_special_laguerre_polynomial_l(input, n)", "torch.special.laguerre_polynomial_l's kernel (either argument may be a number)."},
    {"torch._special_legendre_polynomial_p", "_special_legendre_polynomial_p(input, n)", "torch.special.legendre_polynomial_p's kernel (either argument may be a number)."},
    {"torch.masked_scatter", "masked_scatter(input, mask, source)",
     "Out-of-place version of torch.Tensor.masked_scatter_(): input with source's elements copied where mask is True."},
    {"torch.put", "put(input, index, source, accumulate=False)",
     "Out-of-place version of torch.Tensor.put_(): input, seen as 1-D, with source's values at index."},
    {"torch.grid_sampler", "grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners)",
     "The input sampled at the grid's points (what F.grid_sample calls): modes 0 bilinear, 1 nearest, 2 bicubic; "
     "padding 0 zeros, 1 border, 2 reflection."},
    {"torch.affine_grid_generator", "affine_grid_generator(theta, size, align_corners)",
     "The sampling grid of a batch of affine matrices theta for an output of size (N, C, (D,) H, W) (what "
     "F.affine_grid calls)."},
    {"torch.nn.modules.normalization.CrossMapLRN2d", "",
     "Local response normalization across channels of a 4-d input, as the legacy Lua Torch layer."},
    {"torch._soft_margin_loss", "_soft_margin_loss(input, target, reduction=1)",
     "The soft margin loss log(1 + exp(-target * input)), reduced (what F.soft_margin_loss calls)."},
    {"torch.embedding", "embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False)",
     "The rows of weight at indices (node EmbeddingBackward0)."},
    {"torch._multi_margin_loss", "_multi_margin_loss(input, target, p=1, margin=1.0, weight=None, reduction=1)",
     "The multi-class hinge loss, reduced (what F.multi_margin_loss calls)."},
    {"torch._multilabel_margin_loss", "_multilabel_margin_loss(input, target, reduction=1)",
     "The multi-label hinge loss, reduced (what F.multilabel_margin_loss calls)."},
    {"torch._trilinear", "_trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1)",
     "The product of i1, i2 and i3, each unsqueezed at its expand dims, summed over sumdim (what F.bilinear calls)."},
    {"torch._ctc_loss", "_ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, zero_infinity=False)",
     "The CTC negative log likelihood of each batch item and its log alpha (what torch.ctc_loss calls; the lengths "
     "as int64 tensors)."},
    {"torch.embedding_bag",
     "embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False, "
     "per_sample_weights=None, include_last_offset=False, padding_idx=None)",
     "The bags of weight's rows summed (mode 0), averaged (1) or maxed (2), with offset2bag, bag_size and "
     "max_indices (what F.embedding_bag calls)."},
    {"torch.margin_ranking_loss", "margin_ranking_loss(input1, input2, target, margin=0.0, reduction=1)",
     "The margin ranking loss max(0, -target * (input1 - input2) + margin), reduced (0 none, 1 mean, 2 sum)."},
    {"torch.hinge_embedding_loss", "hinge_embedding_loss(input, target, margin=1.0, reduction=1)",
     "The hinge embedding loss: input where target is 1, max(0, margin - input) where it is -1, reduced."},
    {"torch.cosine_embedding_loss", "cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=1)",
     "The cosine embedding loss: 1 - cos where target is 1, max(0, cos - margin) where it is -1, reduced."},
    {"torch.triplet_margin_loss",
     "triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction=1)",
     "The triplet margin loss max(0, margin + d(anchor, positive) - d(anchor, negative)), reduced."},
    {"torch.poisson_nll_loss", "poisson_nll_loss(input, target, log_input, full, eps, reduction)",
     "The Poisson negative log likelihood loss of target, reduced."},
    {"torch._pack_padded_sequence", "_pack_padded_sequence(input, lengths, batch_first)",
     "The packed data and batch sizes of a padded batch (what pack_padded_sequence calls)."},
    {"torch.nn.functional.avg_pool3d",
     "avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, "
     "divisor_override=None)",
     "Applies 3D average-pooling operation in kT x kH x kW regions by step size sT x sH x sW steps."},
    {"torch.clamp_min", "clamp_min(input, min)", "Clamps all elements of input to be no smaller than min."},
    {"torch.clamp_max", "clamp_max(input, max)", "Clamps all elements of input to be no larger than max."},
    {"torch.Tensor.clamp_min", "clamp_min(min)", "Clamps all elements to be no smaller than min."},
    {"torch.Tensor.clamp_max", "clamp_max(max)", "Clamps all elements to be no larger than max."},
    {"torch.Tensor.is_nonzero", "is_nonzero()", "True when the one-element tensor is not zero."},
    {"builtins.generator.throw", "throw(typ[, val[, tb]])",
     "Raise an exception in the generator, return its next yielded value or raise StopIteration."},
    {"builtins.generator.close", "close()", "Raise GeneratorExit inside the generator."},
    {"builtins.aiter", "aiter(async_iterable, /)", "Return an AsyncIterator for an AsyncIterable object."},
    {"builtins.anext", "anext(aiterator[, default])",
     "Return the next item from the async iterator; default, if given, once it is exhausted."},
    {"builtins.coroutine.throw", "throw(typ[, val[, tb]])",
     "Raise an exception in the coroutine, return its next yielded value or raise StopIteration."},
    {"builtins.coroutine.close", "close()", "Raise GeneratorExit inside the coroutine."},
    {"builtins.async_generator.asend", "asend(v)", "An awaitable that sends v into the generator."},
    {"builtins.async_generator.athrow", "athrow(typ[, val[, tb]])",
     "An awaitable that raises the exception inside the generator."},
    {"builtins.async_generator.aclose", "aclose()", "An awaitable that raises GeneratorExit inside the generator."},
    {"torch.Size", "", "A tuple of ints: the sizes of a tensor's dimensions."},
    {"torch.Tensor.bfloat16", "", "self.bfloat16() is equivalent to self.to(torch.bfloat16)."},
    {"torch.finfo", "finfo(type=None)",
     "The numerical properties of a floating point dtype: bits, eps, max, min, tiny, smallest_normal, resolution."},
    {"torch.iinfo", "iinfo(type)", "The numerical properties of an integer dtype: bits, max, min."},
    {"torch.Size.numel", "", "Returns the number of elements a tensor of this size holds."},
    {"torch.Tensor", "", "A multi-dimensional matrix containing elements of a single data type."},
    {"torch.Tensor.log_softmax", "", "Applies softmax followed by a logarithm along dim."},
    {"torch.Tensor.softmax", "", "Applies the softmax function along dim."},
    {"torch.Tensor.relu", "", "Applies the rectified linear unit function element-wise."},
    {"torch.Tensor.relu_", "", "In-place version of relu."},
    {"torch.relu", "", "Applies the rectified linear unit function element-wise."},
    {"torch.softmax", "", "Applies the softmax function along dim."},
    {"torch.log_softmax", "", "Applies softmax followed by a logarithm along dim."},
    {"torch.detach", "", "Returns a new tensor, detached from the current graph."},
    {"torch.rsub", "", "Subtracts input, scaled by alpha, from other: other - alpha * input."},
    {"torch.native_dropout", "native_dropout(input, p, train)",
     "Dropout's primitive: returns (output, mask), the input's kept elements scaled by 1 / (1 - p) and the bool mask "
     "of those kept."},
    {"torch.index_fill", "", "Out-of-place version of Tensor.index_fill_."},
    {"torch.index_put", "", "Out-of-place version of Tensor.index_put_."},
    {"torch.masked_fill", "", "Out-of-place version of Tensor.masked_fill_."},
    {"torch.device", "",
     "A torch.device is an object representing the device on which a torch.Tensor is or will be "
     "allocated."},
    {"torch.dtype", "", "A torch.dtype is an object that represents the data type of a torch.Tensor."},
    {"torch.autograd.is_grad_enabled", "", "Returns True if grad mode is currently enabled."},
    {"torch.autograd.grad_mode.enable_grad.clone", "", "Returns a new context manager of the same kind."},
    {"torch.autograd.grad_mode.inference_mode.clone", "", "Returns a new context manager of the same kind."},
    {"torch.autograd.grad_mode.no_grad.clone", "", "Returns a new context manager of the same kind."},
    {"torch.autograd.grad_mode.set_grad_enabled.clone", "", "Returns a new context manager of the same kind."},
    {"torch.arange", "",
     "Returns a 1-D tensor of size ceil((end - start) / step) with values from the interval "
     "[start, end) taken with common difference step beginning from start."},
    {"torch.set_float32_matmul_precision", "",
     "Sets the internal precision of float32 matrix multiplications: \"highest\", \"high\" or \"medium\"."},
    {"torch.get_float32_matmul_precision", "", "Returns the current value of float32 matrix multiplication precision."},
    {"torch.nn.functional.gelu", "", "Applies the Gaussian Error Linear Units function element-wise."},
    {"torch.selu", "", "Applies SELU(x) = scale * (max(0, x) + min(0, alpha * (exp(x) - 1))) element-wise."},
    {"torch.celu", "", "Applies CELU(x) = max(0, x) + min(0, alpha * (exp(x / alpha) - 1)) element-wise."},
    {"torch.threshold", "", "Replaces each element of input that is not above threshold by value."},
    {"torch.rrelu", "", "Randomized leaky ReLU: negative inputs times a slope drawn from [lower, upper] in training."},
    {"torch.sigmoid_", "", "In-place version of sigmoid."},
    {"torch.xlogy_", "", "In-place version of xlogy."},
    {"torch.deg2rad_", "", "In-place version of deg2rad."},
    {"torch.rad2deg_", "", "In-place version of rad2deg."},
    {"torch.nan_to_num_", "", "In-place version of nan_to_num."},
    {"torch.ldexp_", "", "In-place version of ldexp."},
    {"torch.gcd_", "", "In-place version of gcd."},
    {"torch.lcm_", "", "In-place version of lcm."},
    {"torch.sinc_", "", "In-place version of sinc."},
    {"torch.floor_", "", "In-place version of floor."},
    {"torch.ceil_", "", "In-place version of ceil."},
    {"torch.trunc_", "", "In-place version of trunc."},
    {"torch.fix_", "", "In-place version of fix."},
    {"torch.abs_", "", "In-place version of abs."},
    {"torch.clamp_", "", "In-place version of clamp."},
    {"torch.clip_", "", "In-place version of clip."},
    {"torch.cos_", "", "In-place version of cos."},
    {"torch.cosh_", "", "In-place version of cosh."},
    {"torch.erf_", "", "In-place version of erf."},
    {"torch.exp_", "", "In-place version of exp."},
    {"torch.log1p_", "", "In-place version of log1p."},
    {"torch.log_", "", "In-place version of log."},
    {"torch.neg_", "", "In-place version of neg."},
    {"torch.negative_", "", "In-place version of negative."},
    {"torch.reciprocal_", "", "In-place version of reciprocal."},
    {"torch.rsqrt_", "", "In-place version of rsqrt."},
    {"torch.sin_", "", "In-place version of sin."},
    {"torch.sinh_", "", "In-place version of sinh."},
    {"torch.sqrt_", "", "In-place version of sqrt."},
    {"torch.square_", "", "In-place version of square."},
    {"torch.tanh_", "", "In-place version of tanh."},
    {"torch.acos_", "", "In-place version of acos."},
    {"torch.acosh_", "", "In-place version of acosh."},
    {"torch.arccos_", "", "In-place version of arccos."},
    {"torch.arccosh_", "", "In-place version of arccosh."},
    {"torch.arcsin_", "", "In-place version of arcsin."},
    {"torch.arcsinh_", "", "In-place version of arcsinh."},
    {"torch.arctan_", "", "In-place version of arctan."},
    {"torch.arctanh_", "", "In-place version of arctanh."},
    {"torch.asin_", "", "In-place version of asin."},
    {"torch.asinh_", "", "In-place version of asinh."},
    {"torch.atan_", "", "In-place version of atan."},
    {"torch.atanh_", "", "In-place version of atanh."},
    {"torch.erfc_", "", "In-place version of erfc."},
    {"torch.exp2_", "", "In-place version of exp2."},
    {"torch.expm1_", "", "In-place version of expm1."},
    {"torch.log10_", "", "In-place version of log10."},
    {"torch.log2_", "", "In-place version of log2."},
    {"torch.addmv_", "", "In-place version of addmv."},
    {"torch.clamp_max_", "", "In-place version of clamp_max."},
    {"torch.clamp_min_", "", "In-place version of clamp_min."},
    {"torch.Tensor.clamp_min_", "", "In-place version of clamp_min."},
    {"torch.Tensor.clamp_max_", "", "In-place version of clamp_max."},
    {"torch.logit_", "", "In-place version of logit."},
    {"torch.tan_", "", "In-place version of tan."},
    {"torch.detach_", "(input)", "Detaches input from the graph that created it, making it a leaf, in place."},
    {"torch.get_device", "(input)", "The index of the CUDA device input is on, -1 for the CPU."},
    {"torch.is_neg", "(input)", "Whether input is a lazily negated view (never, in cgrad)."},
    {"torch.is_same_size", "(input, other)", "Whether input and other have the same shape."},
    {"torch.is_signed", "(input)", "Whether input's dtype is signed."},
    {"torch.split_with_sizes", "(input, split_sizes, dim=0)", "Splits input along dim into pieces of the given sizes."},
    {"torch.unsafe_split_with_sizes", "(input, split_sizes, dim=0)",
     "split_with_sizes whose pieces may be written in place without the view checks."},
    {"torch.Tensor.split_with_sizes", "(split_sizes, dim=0)", "Splits self along dim into pieces of the given sizes."},
    {"torch.Tensor.unsafe_split_with_sizes", "(split_sizes, dim=0)",
     "split_with_sizes whose pieces may be written in place without the view checks."},
    {"torch.Tensor.is_same_size", "(other)", "Whether self and other have the same shape."},
    {"torch.round_", "", "In-place version of round."},
    {"torch.frac_", "", "In-place version of frac."},
    {"torch.Tensor.prelu", "", "PReLU(x) = max(0, x) + weight * min(0, x), weight one value or one per channel."},
    {"torch.nn.functional.leaky_relu", "",
     "Applies element-wise LeakyReLU(x) = max(0, x) + negative_slope * min(0, x)."},
    {"torch.nn.functional.sigmoid", "", "Applies the element-wise function Sigmoid(x) = 1 / (1 + exp(-x))."},
    {"torch.nn.functional.tanh", "", "Applies the element-wise function Tanh(x) = tanh(x)."},
    {"gc.set_threshold", "set_threshold(threshold0, [threshold1, threshold2])",
     "Set the collection thresholds; 0 for threshold0 turns automatic collection off."},
    {"gc.get_referrers", "get_referrers(*objs)", "Return the tracked objects that refer to any of objs."},
    {"gc.get_referents", "get_referents(*objs)", "Return the objects any of objs refers to."},
    {"random.random", "", "Returns the next random float in the interval [0, 1)."},
    {"random.Random.random", "", "Returns the next random float in the interval [0, 1)."},
    {"random.SystemRandom.random", "", "Returns the next random float in the interval [0, 1), from the OS's entropy."},
    {"random.SystemRandom.getrandbits", "getrandbits(k, /)", "Returns an int with k random bits from the OS's entropy."},
    {"random.Random.getrandbits", "getrandbits(k, /)", "Returns an int with k random bits."},
    {"random.getrandbits", "getrandbits(k, /)", "Returns an int with k random bits."},
};

#define DOC(name, sig, doc) {name, sig, doc},
static const doc_row GENERATED[] = {
#include "services/docs_table.h"
};
#undef DOC

static int by_name(const void *key, const void *row) { return strcmp(key, ((const doc_row *)row)->name); }

static const doc_row *row_of(const char *qualname) {
    for (size_t i = 0; i < sizeof EXTRA / sizeof *EXTRA; i++)
        if (strcmp(EXTRA[i].name, qualname) == 0)
            return &EXTRA[i];
    return bsearch(qualname, GENERATED, sizeof GENERATED / sizeof *GENERATED, sizeof *GENERATED, by_name);
}

const char *cg_doc_lookup(const char *qualname) {
    const doc_row *r = row_of(qualname);
    return r ? r->doc : NULL;
}

const char *cg_doc_signature(const char *qualname) {
    const doc_row *r = row_of(qualname);
    return r && *r->sig ? r->sig : NULL;
}
