/* ops.h: the engine's public op API, one header per family. The ops
 * themselves are declared once, in ops.def; these are their C entry points.
 * Ownership as in tensor.h: results are new references, arguments borrowed. */
#ifndef CG_OPS_H
#define CG_OPS_H

#include "amax.h"
#include "cumulative.h"
#include "sort.h"
#include "nansum.h"
#include "index_search.h"
#include "bins.h"
#include "autograd.h"
#include "flip_roll.h"
#include "matrix_parts.h"
#include "ops_activation.h"
#include "ops_binary.h"
#include "ops_conv.h"
#include "ops_copy.h"
#include "ops_grid.h"
#include "ops_float_math.h"
#include "ops_index.h"
#include "ops_linalg.h"
#include "ops_nn.h"
#include "ops_pad.h"
#include "ops_pointwise.h"
#include "ops_reduce.h"
#include "ops_rounding.h"
#include "ops_special_math.h"
#include "ops_bessel.h"
#include "ops_mvlgamma.h"
#include "ops_unary.h"
#include "ops_upsample.h"
#include "random.h"
#include "stacking.h"
#include "tensordot.h"
#include "view.h"

#endif
