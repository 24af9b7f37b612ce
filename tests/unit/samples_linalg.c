/* samples_linalg.c: op-table samples (helpers.h) of the matrix products.
 * Besides contiguous operands, each product gets a .t()-style operand (a
 * unit stride in the other dim: BLAS takes it as CblasTrans, no copy) and
 * operands that must be copied first (reversed-stride 3-d, strided vectors).
 * Shapes are in drawn sizes (Note [Drawn shapes] in helpers.h): the inner
 * dims of a product share a variable. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

static cg_tensor *f_mm(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_mm(in[0], in[1]);
}
bool sample_mm(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] @ [B,C]", 2, {IN(101, false, S_A, S_B), IN(102, false, S_B, S_C)}, f_mm);
    case 1:
        return SAMPLE("transposed [A,B] @ contiguous [B,C]", 2, {IN(103, true, S_A, S_B), IN(104, false, S_B, S_C)},
                      f_mm);
    case 2: return SAMPLE("both transposed [A,B] @ [B,C]", 2, {IN(105, true, S_A, S_B), IN(106, true, S_B, S_C)}, f_mm);
    case 3: return SAMPLE("[1,B] @ [B,1]", 2, {IN(107, true, 1, S_B), IN(108, false, S_B, 1)}, f_mm);
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
    case 0:
        return SAMPLE("[D,A,B] @ [D,B,C]", 2, {IN(111, false, S_D, S_A, S_B), IN(112, false, S_D, S_B, S_C)}, f_bmm);
    case 1:
        return SAMPLE("reversed strides (copied)", 2, {IN(113, true, S_D, S_A, S_B), IN(114, true, S_D, S_B, S_C)},
                      f_bmm);
    case 2:
        return SAMPLE("[D,A,B] @ [D,C,B].transpose(1,2) (CblasTrans)", 2,
                      {IN(115, false, S_D, S_A, S_B), IN(116, false, S_D, S_C, S_B)}, f_bmm, .i = {1});
    default: return false;
    }
}

static cg_tensor *f_addmm(cg_tensor *const *in, const cg_sample *s) {
    return cg_addmm(in[0], in[1], in[2], cg_scalar_float(s->d[0]), cg_scalar_float(s->d[1]));
}
bool sample_addmm(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("input [C] broadcast, beta 0.5, alpha 2, [A,B] @ [B,C]", 3,
                      {IN(121, false, S_C), IN(122, false, S_A, S_B), IN(123, false, S_B, S_C)}, f_addmm,
                      .d = {0.5, 2.0});
    case 1:
        return SAMPLE("input [A,C] non-contiguous, mat1 transposed", 3,
                      {IN(124, true, S_A, S_C), IN(125, true, S_A, S_B), IN(126, false, S_B, S_C)}, f_addmm,
                      .d = {1.0, 1.0});
    case 2:
        return SAMPLE("input [1], mat2 transposed, beta 0", 3,
                      {IN(127, false, 1), IN(128, false, S_A, S_B), IN(129, true, S_B, S_C)}, f_addmm,
                      .d = {0.0, -1.5});
    default: return false;
    }
}

static cg_tensor *f_baddbmm(cg_tensor *const *in, const cg_sample *s) {
    return cg_baddbmm(in[0], in[1], in[2], cg_scalar_float(s->d[0]), cg_scalar_float(s->d[1]));
}
bool sample_baddbmm(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("input [A,C] broadcast, beta 0.5, alpha 2 (the small loop)", 3,
                      {IN(1500, false, S_A, S_C), IN(1501, false, S_D, S_A, S_B), IN(1502, false, S_D, S_B, S_C)},
                      f_baddbmm, .d = {0.5, 2.0});
    case 1:
        return SAMPLE("input [D,A,C] non-contiguous, beta 0", 3,
                      {IN(1503, true, S_D, S_A, S_C), IN(1504, true, S_D, S_A, S_B), IN(1505, false, S_D, S_B, S_C)},
                      f_baddbmm, .d = {0.0, -1.5});
    default: return false;
    }
}

static cg_tensor *f_mv(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_mv(in[0], in[1]);
}
bool sample_mv(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] @ [B]", 2, {IN(131, false, S_A, S_B), IN(132, false, S_B)}, f_mv);
    case 1: return SAMPLE("transposed [A,B] @ strided [B]", 2, {IN(133, true, S_A, S_B), IN(134, true, S_B)}, f_mv);
    default: return false;
    }
}

static cg_tensor *f_dot(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_dot(in[0], in[1]);
}
bool sample_dot(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A] . [A]", 2, {IN(141, false, S_A), IN(142, false, S_A)}, f_dot);
    case 1:
        return SAMPLE("strided [A+1] . contiguous [A+1]", 2, {IN(143, true, S_A + 1), IN(144, false, S_A + 1)}, f_dot);
    default: return false;
    }
}
