/* random.h: the random ops: randn, normal, rand, randint, randperm,
 * bernoulli, multinomial, the _like forms, and the in-place normal_,
 * uniform_, random_, exponential_, bernoulli_.
 *
 * A notebook seeded like a PyTorch script draws the same numbers: every op
 * consumes the generator (rng.h, PyTorch's CPU generator) in the
 * order and with the transformations of PyTorch 1.13's CPU kernels,
 * including the vectorised randn of 16 values at a time (see
 * Note [Vectorised normal] in normal_fill.h). Elements are drawn in the
 * order PyTorch's TensorIterator visits them: memory order, so a transposed
 * tensor gets the same values as in PyTorch. Every op takes a generator;
 * NULL means the default one (torch.default_generator).
 *
 * Random ops are plain functions, not rows of ops.def: they are not
 * differentiable, and their "kernel" is a serial walk over one generator
 * state, which the op table's per-device dispatch has nothing to offer. A
 * CUDA tensor is drawn on its device from the device's Philox generator,
 * as PyTorch's CUDA kernels draw (random_device.h), bernoulli(p),
 * randperm and multinomial too, each by PyTorch's CUDA algorithm, which is
 * not its CPU one (Note [randperm on the device], multinomial.c).
 * In-place random ops on a tensor with history record PyTorch's node
 * (NormalBackward0 and friends), whose gradient is zero, as cg_fill_ does. */
#ifndef CG_RANDOM_H
#define CG_RANDOM_H

#include <stdint.h>

#include "rng.h"
#include "tensor.h"

/* The generator a random op on t draws from: gen, or the default one of
 * t's device; NULL with PyTorch's check_generator error ("Expected a
 * 'cuda' device type for generator but found 'cpu'") when gen is another
 * device's. */
cg_rng *cg_random_generator(const cg_tensor *t, cg_rng *gen);

/* ---- creation (random.c) ---------------------------------------------------------- */

/* torch.randn(*sizes, dtype, device, generator): float dtypes only. */
cg_tensor *cg_randn(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device, cg_rng *gen);
/* torch.normal(mean, std, size, ...) with float mean and std. */
cg_tensor *cg_normal(double mean, double std, int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device,
                     cg_rng *gen);
/* torch.rand(*sizes, ...): uniform in [0, 1). */
cg_tensor *cg_rand(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device, cg_rng *gen);
/* torch.randint(low, high, size, dtype=int64, ...): integers in [low, high). */
cg_tensor *cg_randint(int64_t low, int64_t high, int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device,
                      cg_rng *gen);
/* torch.randperm(n, dtype=int64, ...): the CPU's swap loop, or on a CUDA
 * device arange(n) sorted by random keys. */
cg_tensor *cg_randperm(int64_t n, cg_dtype dtype, cg_device device, cg_rng *gen);
/* torch.bernoulli(p, generator): 0/1 of p's dtype and shape, drawn with
 * probability p (a float tensor with values in [0, 1]). */
cg_tensor *cg_bernoulli(cg_tensor *p, cg_rng *gen);

/* torch.randn_like(x, dtype=...), rand_like, randint_like(x, low, high):
 * the default generator, and x's layout when it is dense (so a transposed
 * x draws as in PyTorch); pass x->dtype for PyTorch's default dtype. */
cg_tensor *cg_randn_like(cg_tensor *x, cg_dtype dtype);
cg_tensor *cg_rand_like(cg_tensor *x, cg_dtype dtype);
cg_tensor *cg_randint_like(cg_tensor *x, int64_t low, int64_t high, cg_dtype dtype);
/* at::empty_like(x, dtype) with preserve_format, which these use: x's
 * strides when x is dense and non-overlapping, else contiguous. */
cg_tensor *cg_empty_like_preserve(const cg_tensor *x, cg_dtype dtype);

/* The keep mask PyTorch's CUDA native_dropout draws for input x on x's
 * device: bool, true where the element is kept (probability keep), in
 * the fused kernel's element order (Note [Fused dropout] in
 * random_device.c), with x's layout where that order is memory order.
 * Only for a device whose backend draws; NULL with the error set. */
cg_tensor *cg_dropout_keep_mask(cg_tensor *x, double keep, cg_rng *gen);

/* torch.multinomial(p, n, replacement=False, generator) (multinomial.c):
 * int64 indices, (n,) for a 1-d p or (rows, n) for a 2-d one. */
cg_tensor *cg_multinomial(cg_tensor *p, int64_t n, bool replacement, cg_rng *gen);

/* ---- in place (random.c); each returns 0, or -1 with the error set ---------------- */

/* t.normal_(mean=0, std=1, generator). */
int cg_normal_(cg_tensor *t, double mean, double std, cg_rng *gen);
/* t.uniform_(from=0, to=1, generator). */
int cg_uniform_(cg_tensor *t, double from, double to, cg_rng *gen);
/* t.random_(from, to, generator): integers in [from, to) in t's dtype. */
int cg_random_(cg_tensor *t, int64_t from, int64_t to, cg_rng *gen);
/* t.random_(generator): no bounds, so [0, the dtype's max] for integers
 * (2^63 - 1 for int64) and [0, 2^mantissa] for floats. */
int cg_random_unbounded_(cg_tensor *t, cg_rng *gen);
/* t.exponential_(lambd=1, generator). */
int cg_exponential_(cg_tensor *t, double lambd, cg_rng *gen);
/* t.bernoulli_(p=0.5, generator): the dropout mask (F.dropout draws
 * empty(x.shape).bernoulli_(1 - p), then divides it by 1 - p). */
int cg_bernoulli_(cg_tensor *t, double p, cg_rng *gen);

#endif
