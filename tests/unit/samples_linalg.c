/* samples_linalg.c: op-table samples (helpers.h) of the matrix products.
 * Besides contiguous operands, each product gets a .t()-style operand (a
 * unit stride in the other dim: BLAS takes it as CblasTrans, no copy) and
 * operands that must be copied first (reversed-stride 3-d, strided vectors). */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

static cg_tensor *f_mm(cg_tensor *const *in, const cg_sample *s) { (void)s; return cg_mm(in[0], in[1]); }
bool sample_mm(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[2,3] @ [3,4]", 2, {IN(101, false, 2, 3), IN(102, false, 3, 4)}, f_mm);
    case 1: return SAMPLE("transposed @ contiguous", 2, {IN(103, true, 2, 3), IN(104, false, 3, 4)}, f_mm);
    case 2: return SAMPLE("both transposed", 2, {IN(105, true, 3, 2), IN(106, true, 2, 4)}, f_mm);
    case 3: return SAMPLE("[1,3] @ [3,1]", 2, {IN(107, true, 1, 3), IN(108, false, 3, 1)}, f_mm);
    default: return false;
    }
}

/* bmm(in[0], in[1]), or with in[1] given as [b,n,k] and transposed when i[0] */
static cg_tensor *f_bmm(cg_tensor *const *in, const cg_sample *s) {
    if (!s->i[0])
        return cg_bmm(in[0], in[1]);
    cg_tensor *t = cg_transpose(in[1], 1, 2);
    cg_tensor *out = t ? cg_bmm(in[0], t) : NULL;
    cg_tensor_release(t);
    return out;
}
bool sample_bmm(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[2,2,3] @ [2,3,4]", 2, {IN(111, false, 2, 2, 3), IN(112, false, 2, 3, 4)}, f_bmm);
    case 1: return SAMPLE("reversed strides (copied)", 2, {IN(113, true, 2, 2, 3), IN(114, true, 2, 3, 4)}, f_bmm);
    case 2:
        return SAMPLE("@ transpose(1,2) (CblasTrans)", 2, {IN(115, false, 3, 2, 3), IN(116, false, 3, 4, 3)}, f_bmm,
                      .i = {1});
    default: return false;
    }
}

static cg_tensor *f_addmm(cg_tensor *const *in, const cg_sample *s) {
    return cg_addmm(in[0], in[1], in[2], cg_scalar_float(s->d[0]), cg_scalar_float(s->d[1]));
}
bool sample_addmm(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("input [4] broadcast, beta 0.5, alpha 2", 3,
                      {IN(121, false, 4), IN(122, false, 2, 3), IN(123, false, 3, 4)}, f_addmm, .d = {0.5, 2.0});
    case 1:
        return SAMPLE("input [2,4] non-contiguous", 3, {IN(124, true, 2, 4), IN(125, true, 2, 3), IN(126, false, 3, 4)},
                      f_addmm, .d = {1.0, 1.0});
    case 2:
        return SAMPLE("input [1], mat2 transposed, beta 0", 3,
                      {IN(127, false, 1), IN(128, false, 2, 3), IN(129, true, 3, 4)}, f_addmm, .d = {0.0, -1.5});
    default: return false;
    }
}

static cg_tensor *f_mv(cg_tensor *const *in, const cg_sample *s) { (void)s; return cg_mv(in[0], in[1]); }
bool sample_mv(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[2,3] @ [3]", 2, {IN(131, false, 2, 3), IN(132, false, 3)}, f_mv);
    case 1: return SAMPLE("transposed @ strided", 2, {IN(133, true, 4, 3), IN(134, true, 3)}, f_mv);
    default: return false;
    }
}

static cg_tensor *f_dot(cg_tensor *const *in, const cg_sample *s) { (void)s; return cg_dot(in[0], in[1]); }
bool sample_dot(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[5] . [5]", 2, {IN(141, false, 5), IN(142, false, 5)}, f_dot);
    case 1: return SAMPLE("strided . contiguous", 2, {IN(143, true, 4), IN(144, false, 4)}, f_dot);
    default: return false;
    }
}
