/* host_tensor.c: see host_tensor.h. */
#include "host_tensor.h"

#include "autograd.h"
#include "ops_copy.h"

cg_tensor *cg_display_host_tensor(cg_tensor *t) {
    if (cg_tensor_device(t).type == CG_CPU)
        return cg_tensor_retain(t);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *d = cg_detach(t);
    cg_tensor *h = d ? cg_to_device(d, cg_device_cpu()) : NULL;
    cg_tensor_release(d);
    cg_grad_set_enabled(was);
    return h;
}
