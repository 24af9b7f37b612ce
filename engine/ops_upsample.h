/* ops_upsample.h: F.interpolate's resampling ops (upsample_nearest1d/2d/3d,
 * _upsample_nearest_exact1d/2d/3d, upsample_linear1d, upsample_bilinear2d,
 * upsample_trilinear3d, upsample_bicubic2d) and their backward ops
 * (ops_upsample.c). Not the choice of mode or size from F.interpolate's
 * arguments: that is the prelude's (torch.nn.functional.interpolate). */
#ifndef CG_OPS_UPSAMPLE_H
#define CG_OPS_UPSAMPLE_H

#include "tensor.h"

typedef enum { CG_UPSAMPLE_NEAREST, CG_UPSAMPLE_NEAREST_EXACT, CG_UPSAMPLE_LINEAR, CG_UPSAMPLE_CUBIC } cg_upsample_mode;

/* One resampling: the mode, the number of resampled (trailing) dims, the
 * output's sizes along them, the user's scale factors (0 where none was
 * given: the sizes' ratio is used), and align_corners (linear and cubic). */
typedef struct {
    cg_upsample_mode mode;
    int nspatial; /* 1..3; cubic: 2 */
    int64_t out[3];
    double scales[3];
    bool align_corners;
} cg_upsample_spec;

/* x [N, C, *in] -> [N, C, *s->out], float32 or float64; node
 * Upsample<Mode><n>DBackward1 as PyTorch's .vec overloads record. */
cg_tensor *cg_upsample(cg_tensor *x, const cg_upsample_spec *s);
/* Its derivative: grad [N, C, *s->out] -> [N, C, *in] (in: nspatial
 * sizes), node Upsample<Mode><n>DBackwardBackward1. Unchecked. */
cg_tensor *cg_upsample_backward(cg_tensor *grad, const cg_upsample_spec *s, const int64_t *in);

#endif
