/* ndarray.c: np_array_steal (ndarray.h): the array is made by numpy's own
 * _from_tensor, so that it is the same class and has the same rules as
 * every other array. */
#include "numpy/ndarray.h"

#include "runtime/module.h"
#include "torch/tensor_obj.h"

cg_value np_array_steal(cg_tensor *t) {
    cg_value tv = cg_tensor_steal(t);
    if (cg_is_err(tv))
        return CG_ERR;
    cg_value pos[2] = {tv, CG_NONE};
    cg_args a = {.pos = pos, .npos = 2};
    cg_value r = cg_import_call("numpy", "_from_tensor", &a);
    cg_decref(tv);
    return r;
}
