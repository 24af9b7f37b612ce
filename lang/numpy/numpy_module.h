/* numpy_module.h: the parts of cgrad's numpy written in C (the rest is
 * lang/prelude/numpy). */
#ifndef CG_NUMPY_MODULE_H
#define CG_NUMPY_MODULE_H

#include "runtime/value.h"
#include "tensor.h"

/* numpy._lapack: LAPACK's factorisations over the engine's tensors, for
 * numpy.linalg (lapack_module.c). */
cg_value cg_numpy_lapack_module_init(void);
/* numpy._umath: numpy's own loops where its order matters (umath_module.c). */
cg_value cg_numpy_umath_module_init(void);
/* numpy._umath.parse_floats(text, delimiter, comment, skiprows, max_rows):
 * loadtxt's table of float64s (text_table.c). */
cg_value np_parse_floats(cg_value self, const cg_args *a);
/* The float32/float64 CPU tensor t summed over the axes red[d] says, in
 * numpy's order (umath_module.c, Note [numpy's summation order]); a new
 * tensor of t's other axes, or NULL with the engine's error set. */
cg_tensor *np_add_reduce(const cg_tensor *t, const bool *red);
/* Whether a float tensor on the CPU holds an infinity or a NaN (any
 * layout; float16/bfloat16 through float32): 1 or 0, or -1 with the
 * engine's error set (umath_module.c); numpy's floating-point warnings
 * start from it. */
int np_nonfinite(cg_tensor *t);
/* numpy._bitgen: numpy.random's bit generators (bitgen.c). */
cg_value cg_numpy_bitgen_module_init(void);
/* numpy._random: numpy.random's draws over them (random_module.c). */
cg_value cg_numpy_random_module_init(void);
/* numpy._fast: the operators of small arrays in C (fastops.c). */
cg_value cg_numpy_fast_module_init(void);

#endif
