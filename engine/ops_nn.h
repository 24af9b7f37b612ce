/* ops_nn.h: see ops_nn.c. */
#ifndef CG_OPS_NN_H
#define CG_OPS_NN_H

#include "tensor.h"

#endif
