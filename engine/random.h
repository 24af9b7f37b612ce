/* random.h: the random generator used by every random op (random.c). */
#ifndef CG_RANDOM_H
#define CG_RANDOM_H

#include "tensor.h"

#endif
