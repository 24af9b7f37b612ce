/* numpy_module.h: the parts of cgrad's numpy written in C (the rest is
 * lang/prelude/numpy). */
#ifndef CG_NUMPY_MODULE_H
#define CG_NUMPY_MODULE_H

#include "runtime/value.h"

/* numpy._lapack: LAPACK's factorisations over the engine's tensors, for
 * numpy.linalg (lapack_module.c). */
cg_value cg_numpy_lapack_module_init(void);
/* numpy._umath: numpy's own loops where its order matters (umath_module.c). */
cg_value cg_numpy_umath_module_init(void);
/* numpy._bitgen: numpy.random's bit generators (bitgen.c). */
cg_value cg_numpy_bitgen_module_init(void);
/* numpy._random: numpy.random's draws over them (random_module.c). */
cg_value cg_numpy_random_module_init(void);
/* numpy._fast: the operators of small arrays in C (fastops.c). */
cg_value cg_numpy_fast_module_init(void);

#endif
