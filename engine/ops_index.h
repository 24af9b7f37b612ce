/* ops_index.h: see ops_index.c. */
#ifndef CG_OPS_INDEX_H
#define CG_OPS_INDEX_H

#include "tensor.h"

#endif
