/* ops_binary.h: binary elementwise ops with broadcasting (ops_binary.c and,
 * for comparisons, logical and bitwise ops, ops_compare.c).
 * A Python number enters as cg_scalar_tensor(). */
#ifndef CG_OPS_BINARY_H
#define CG_OPS_BINARY_H

#include "tensor.h"

/* The dtype of an op over these operands, by PyTorch's promotion rules
 * (dimensioned tensors, then 0-d tensors, then wrapped numbers). */
cg_dtype cg_result_type(int n, cg_tensor *const *ts);
/* PyTorch's CPU "ZeroDivisionError" when compute is integral and b, on
 * the CPU, holds a zero (a dividing nothing, empty, never raises): 0 or -1. */
int cg_check_int_divisor(cg_tensor *a, cg_tensor *b, cg_dtype compute);

cg_tensor *cg_add(cg_tensor *a, cg_tensor *b, cg_scalar alpha);
cg_tensor *cg_sub(cg_tensor *a, cg_tensor *b, cg_scalar alpha);
/* other - alpha * self (torch.rsub; 2 - x when other is a wrapped number) */
cg_tensor *cg_rsub(cg_tensor *self, cg_tensor *other, cg_scalar alpha);
cg_tensor *cg_mul(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_div(cg_tensor *a, cg_tensor *b);
int cg_add_(cg_tensor *self, cg_tensor *other, cg_scalar alpha);
int cg_sub_(cg_tensor *self, cg_tensor *other, cg_scalar alpha);
int cg_mul_(cg_tensor *self, cg_tensor *other);
int cg_div_(cg_tensor *self, cg_tensor *other);

/* Python's rules where they differ from C's: floor division rounds toward
 * -inf, the remainder has the sign of the divisor. An integer division by
 * zero is PyTorch's RuntimeError "ZeroDivisionError" (never SIGFPE). */

/* torch.pow(self, exponent), self ** exponent: PowBackward1. A wrapped
 * Python number as exponent takes the Scalar overload (PowBackward0), as
 * `x ** 2` does in PyTorch; a wrapped number as self stays PowBackward1
 * (`2 ** x` goes through Tensor.__rpow__). */
cg_tensor *cg_pow(cg_tensor *self, cg_tensor *exponent);
/* torch.pow(self, 2.5): PowBackward0. Integer self with a negative integer
 * exponent is an error; int ** float is float32. */
cg_tensor *cg_pow_scalar(cg_tensor *self, cg_scalar exponent);
/* torch.pow(2.0, exponent), self a Python number: PowBackward2. */
cg_tensor *cg_pow_scalar_base(cg_scalar self, cg_tensor *exponent);
int cg_pow_(cg_tensor *self, cg_tensor *exponent);
int cg_pow_scalar_(cg_tensor *self, cg_scalar exponent);

/* torch.div(a, b, rounding_mode=None|"trunc"|"floor"): with a mode the
 * result keeps the promoted dtype (int stays int) and the node is
 * DivBackward2 (zero gradients). */
enum { CG_ROUND_NONE = 0, CG_ROUND_TRUNC = 1, CG_ROUND_FLOOR = 2 };
cg_tensor *cg_div_rounding(cg_tensor *a, cg_tensor *b, const char *rounding_mode);
int cg_div_rounding_(cg_tensor *self, cg_tensor *other, const char *rounding_mode);
/* torch.floor_divide(a, b), a // b: div(a, b, rounding_mode='floor').
 * (PyTorch records a NotImplemented node that fails in backward; we record
 * DivBackward2, whose gradient is the zero that is true almost everywhere.) */
cg_tensor *cg_floor_divide(cg_tensor *a, cg_tensor *b);
int cg_floor_divide_(cg_tensor *self, cg_tensor *other);
/* torch.remainder(a, b), a % b: RemainderBackward1, or RemainderBackward0
 * when b is a wrapped Python number. */
cg_tensor *cg_remainder(cg_tensor *a, cg_tensor *b);
int cg_remainder_(cg_tensor *self, cg_tensor *other);
/* torch.maximum / torch.minimum: NaN propagates; on a tie each input gets
 * half the gradient. No in-place forms (PyTorch has none). */
cg_tensor *cg_maximum(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_minimum(cg_tensor *a, cg_tensor *b);

/* Comparisons and logical ops (ops_compare.c): bool results, compared in
 * the promoted dtype, not differentiable. logical_* take any dtype; their
 * in-place forms cast the bool result into self's dtype. */
cg_tensor *cg_eq(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_ne(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_lt(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_le(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_gt(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_ge(cg_tensor *a, cg_tensor *b);
/* x.eq_(y) ...: the comparison cast into self's dtype (ops_compare.c) */
int cg_eq_(cg_tensor *self, cg_tensor *other);
int cg_ne_(cg_tensor *self, cg_tensor *other);
int cg_lt_(cg_tensor *self, cg_tensor *other);
int cg_le_(cg_tensor *self, cg_tensor *other);
int cg_gt_(cg_tensor *self, cg_tensor *other);
int cg_ge_(cg_tensor *self, cg_tensor *other);
cg_tensor *cg_logical_and(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_logical_or(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_logical_xor(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_logical_not(cg_tensor *x);
int cg_logical_and_(cg_tensor *self, cg_tensor *other);
int cg_logical_or_(cg_tensor *self, cg_tensor *other);
int cg_logical_xor_(cg_tensor *self, cg_tensor *other);
int cg_logical_not_(cg_tensor *self);
/* &, |, ^, ~ on bool and integer tensors (float: PyTorch's "not
 * implemented for 'Float'"); the result keeps the promoted dtype. */
cg_tensor *cg_bitwise_and(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_bitwise_or(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_bitwise_xor(cg_tensor *a, cg_tensor *b);
cg_tensor *cg_bitwise_not(cg_tensor *x);
int cg_bitwise_and_(cg_tensor *self, cg_tensor *other);
int cg_bitwise_or_(cg_tensor *self, cg_tensor *other);
int cg_bitwise_xor_(cg_tensor *self, cg_tensor *other);
int cg_bitwise_not_(cg_tensor *self);

/* For the family's files: PyTorch's '"<kernel>" not implemented for
 * '<Type>'' RuntimeError unless supported. 0 or -1. */
int cg_check_dtype_supported(const char *kernel, cg_dtype dt, bool supported);

/* Conveniences for C callers: the op with a Python number as other. */
cg_tensor *cg_add_scalar(cg_tensor *a, double b);
cg_tensor *cg_mul_scalar(cg_tensor *a, double b);

#endif
