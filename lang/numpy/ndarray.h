/* ndarray.h: numpy arrays seen from C. cgrad's ndarray is a class of the
 * cell language (lang/prelude/numpy/_ndarray.py) holding an engine tensor;
 * C parts of numpy (numpy.random's generators) hand their results over
 * through here. */
#ifndef CG_NDARRAY_H
#define CG_NDARRAY_H

#include "tensor.h"
#include "runtime/value.h"

/* A new numpy array over t, taking over the caller's reference to t (NULL
 * raises the engine's pending error and returns CG_ERR). */
cg_value np_array_steal(cg_tensor *t);

#endif
