/* fastops.h: numpy._fast's common cases (fastops.c), for the C entry
 * points of ndarray's operators and np.zeros (fast_methods.c). Each
 * answers CG_NONE where the general path of the prelude has to decide. */
#ifndef CG_NUMPY_FASTOPS_H
#define CG_NUMPY_FASTOPS_H

#include "runtime/value.h"
#include "tensor.h"

/* the binary operators, by numpy._fast's op numbers */
enum { FOP_ADD, FOP_SUB, FOP_MUL, FOP_TRUEDIV, FOP_EQ, FOP_NE, FOP_LT, FOP_LE, FOP_GT, FOP_GE, FOP_COUNT };
/* the unary functions */
enum { UOP_SQRT, UOP_EXP, UOP_LOG, UOP_LOG1P, UOP_SIN, UOP_COS, UOP_TANH, UOP_NEGATIVE, UOP_ABSOLUTE, UOP_COUNT };

/* a op b, a an array */
cg_value np_fast_binop(int op, cg_value a, cg_value b);
/* a[key] for basic keys */
cg_value np_fast_getitem(cg_value a, cg_value key);
/* a[key] = v for a key of an int per dim and a Python number: 1 done,
 * 0 for the general path (never an error) */
int np_fast_setitem(cg_value a, cg_value key, cg_value v);
/* np.array(obj) of nested lists and tuples of Python numbers */
cg_value np_fast_from_nested(cg_value obj);
/* a.reshape(shape) as a view (shape an int or a tuple of ints) */
cg_value np_fast_reshape(cg_value a, cg_value shape);
/* a.copy() of a contiguous array */
cg_value np_fast_copy(cg_value a);
/* a.sum() of a float32/float64 array, numpy's scalar */
cg_value np_fast_sum(cg_value a);
/* a.shape and len(a) of any array */
cg_value np_fast_shape(cg_value a);
cg_value np_fast_len(cg_value a);
/* op(a), a an array */
cg_value np_fast_unop(int op, cg_value a);
/* a new array of a shape (an int or a tuple of ints) filled with fill (an
 * int, a float, or None for np.empty) */
cg_value np_fast_filled(cg_value shape, cg_dtype dtype, cg_value fill);
/* The engine dtype of a numpy dtype object, or -1 (also before numpy's
 * prelude registered its dtypes). */
int np_fast_engine_dtype(cg_value npdtype);

/* numpy._fast.methods(ndarray) and numpy._fast.creator(name, general)
 * (fast_methods.c, Note [ndarray operators in C]) */
cg_value np_fast_methods(cg_value self, const cg_args *a);
cg_value np_fast_creator(cg_value self, const cg_args *a);

#endif
