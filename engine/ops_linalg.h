/* ops_linalg.h: see ops_linalg.c. */
#ifndef CG_OPS_LINALG_H
#define CG_OPS_LINALG_H

#include "tensor.h"

#endif
