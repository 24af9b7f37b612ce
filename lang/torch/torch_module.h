/* torch_module.h: the makers of the torch modules, for the table of
 * built-in modules (modules.c):
 *     "torch"                cg_torch_module_init
 *     "torch.autograd"       cg_torch_autograd_module_init
 *     "torch.autograd.function" cg_torch_autograd_function_module_init
 *     "torch.cuda"           cg_torch_cuda_module_init
 *     "torch.cuda.memory"    cg_torch_cuda_memory_module_init
 *     "torch.nn.functional"  cg_torch_functional_module_init
 * Each returns a new module, or CG_ERR; modules.c keeps it. torch's module
 * imports torch.autograd and torch.cuda and holds them as attributes;
 * torch.cuda holds torch.cuda.memory and its public functions. */
#ifndef CG_TORCH_MODULE_H
#define CG_TORCH_MODULE_H

#include "runtime/value.h"

cg_value cg_torch_module_init(void);
cg_value cg_torch_autograd_module_init(void);
cg_value cg_torch_autograd_function_module_init(void);
cg_value cg_torch_cuda_module_init(void);
cg_value cg_torch_cuda_memory_module_init(void);
/* Adds torch.cuda.memory's public functions to torch.cuda (torch_cuda_memory.c). */
int cg_torch_cuda_memory_add(cg_value module);
cg_value cg_torch_functional_module_init(void);
cg_value cg_torch_linalg_module_init(void);
/* Adds the convolution, pooling and batch_norm functions to
 * torch.nn.functional (torch_functional_conv.c). */
int cg_torch_functional_conv_add(cg_value module);

#endif
