/* torch_constants.c: torch.e, torch.pi, torch.inf and torch.nan, the
 * floats of math that PyTorch repeats at the top of its namespace. */
#include <math.h>

#include "runtime/module.h"
#include "torch/torch_args.h"

int torch_constants_add(cg_value module) {
    static const struct {
        const char *name;
        double value;
    } constants[] = {{"e", M_E}, {"pi", M_PI}, {"inf", INFINITY}, {"nan", NAN}};
    for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
        if (cg_module_add(module, constants[i].name, cg_float(constants[i].value)) < 0)
            return -1;
    return 0;
}
