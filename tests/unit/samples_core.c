/* samples_core.c: op-table samples (helpers.h) of copies, views, unary,
 * binary and reduction rows. Each variant names what it exercises; shapes
 * are written in drawn sizes A .. F (Note [Drawn shapes] in helpers.h). */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* ---- copies ---------------------------------------------------------------------- */

static cg_tensor *f_copy(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    cg_tensor *dst = cg_clone(in[0]);
    if (dst && cg_copy_(dst, in[1]) < 0) {
        cg_tensor_release(dst);
        return NULL;
    }
    return dst;
}
bool sample_copy(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("same shape [A,B]", 2, {IN(1, false, S_A, S_B), IN(2, false, S_A, S_B)}, f_copy);
    case 1:
        return SAMPLE("broadcast src [B], non-contiguous dst [A,B]", 2, {IN(3, true, S_A, S_B), IN(4, false, S_B)},
                      f_copy);
    default: return false;
    }
}

/* to float32 and back: the gradient is cast at each edge */
static cg_tensor *f_to_dtype(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    cg_tensor *a = cg_to_dtype(in[0], CG_F32);
    cg_tensor *b = a ? cg_to_dtype(a, CG_F64) : NULL;
    cg_tensor_release(a);
    return b;
}
bool sample_to_dtype(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("float64 -> float32 -> float64, [A,B] non-contiguous", 1, {IN(5, true, S_A, S_B)}, f_to_dtype,
                      .eps = 1e-2, .atol = 1e-4);
    return false;
}

static cg_tensor *f_clone(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_clone(in[0]);
}
bool sample_clone(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("non-contiguous [A,B]", 1, {IN(6, true, S_A, S_B)}, f_clone);
    return false;
}

static cg_tensor *f_repeat(cg_tensor *const *in, const cg_sample *s) {
    return cg_repeat(in[0], (int)s->i[0], &s->i[1]);
}
bool sample_repeat(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] repeat (2, 3)", 1, {IN(12, false, S_A, S_B)}, f_repeat, .i = {2, 2, 3});
    case 1:
        return SAMPLE("[A,B] non-contiguous repeat (3, 1, 2): a new leading dim", 1, {IN(13, true, S_A, S_B)}, f_repeat,
                      .i = {3, 3, 1, 2});
    case 2: return SAMPLE("[A] repeat (1): a copy", 1, {IN(14, false, S_A)}, f_repeat, .i = {1, 1});
    default: return false;
    }
}

static cg_tensor *f_pixel_shuffle(cg_tensor *const *in, const cg_sample *s) {
    return cg_pixel_shuffle(in[0], s->i[0]);
}
bool sample_pixel_shuffle(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,8,B,C] factor 2", 1, {IN(1510, false, S_A, 8, S_B, S_C)}, f_pixel_shuffle, .i = {2});
    case 1:
        return SAMPLE("non-contiguous [9,B,C] factor 3, no batch", 1, {IN(1511, true, 9, S_B, S_C)}, f_pixel_shuffle,
                      .i = {3});
    default: return false;
    }
}

static cg_tensor *f_pixel_unshuffle(cg_tensor *const *in, const cg_sample *s) {
    return cg_pixel_unshuffle(in[0], s->i[0]);
}
bool sample_pixel_unshuffle(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B,4,6] factor 2", 1, {IN(1512, false, S_A, S_B, 4, 6)}, f_pixel_unshuffle, .i = {2});
    case 1:
        return SAMPLE("non-contiguous [2,A,B,3,3] factor 3", 1, {IN(1513, true, 2, S_A, S_B, 3, 3)},
                      f_pixel_unshuffle, .i = {3});
    default: return false;
    }
}

static cg_tensor *f_fill(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *t = cg_clone(in[0]); /* the fill cuts t's dependence on in[0]: a zero gradient */
    if (t && cg_fill_(t, cg_scalar_float(s->d[0])) < 0) {
        cg_tensor_release(t);
        return NULL;
    }
    return t;
}
bool sample_fill(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("fill_ [A,B]", 1, {IN(7, false, S_A, S_B)}, f_fill, .d = {1.5});
    return false;
}

/* ---- views ---------------------------------------------------------------------------- */

static cg_tensor *f_view(cg_tensor *const *in, const cg_sample *s) { return cg_view(in[0], (int)s->i[0], &s->i[1]); }
bool sample_view(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] -> [B,A]", 1, {IN(8, false, S_A, S_B)}, f_view, .i = {2, S_B, S_A});
    case 1: return SAMPLE("[A,B,C] -> [-1,C]", 1, {IN(9, false, S_A, S_B, S_C)}, f_view, .i = {2, -1, S_C});
    default: return false;
    }
}

static cg_tensor *f_reshape(cg_tensor *const *in, const cg_sample *s) {
    return cg_reshape(in[0], (int)s->i[0], &s->i[1]);
}
bool sample_reshape(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("contiguous [A,B] -> [A*B]", 1, {IN(45, false, S_A, S_B)}, f_reshape, .i = {1, S_A * S_B});
    return false;
}
bool sample_reshape_copy(int v, cg_sample *s) {
    if (v == 0)
        /* sizes of at least 2: a transposed [1,n] or [n,1] is still viewable */
        return SAMPLE("non-contiguous [A+1,B+1] -> [-1]", 1, {IN(46, true, S_A + 1, S_B + 1)}, f_reshape, .i = {1, -1});
    return false;
}

static cg_tensor *f_expand(cg_tensor *const *in, const cg_sample *s) {
    return cg_expand(in[0], (int)s->i[0], &s->i[1]);
}
bool sample_expand(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[B,1] -> [A,B,C]", 1, {IN(10, false, S_B, 1)}, f_expand, .i = {3, S_A, S_B, S_C});
    case 1: return SAMPLE("[1,B] -> [A,-1] non-contiguous", 1, {IN(11, true, 1, S_B)}, f_expand, .i = {2, S_A, -1});
    default: return false;
    }
}

static cg_tensor *f_permute(cg_tensor *const *in, const cg_sample *s) {
    return cg_permute(in[0], (int)s->i[0], &s->i[1]);
}
bool sample_permute(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A,B,C] (2,0,1)", 1, {IN(12, false, S_A, S_B, S_C)}, f_permute, .i = {3, 2, 0, 1});
    return false;
}

static cg_tensor *f_transpose(cg_tensor *const *in, const cg_sample *s) {
    return cg_transpose(in[0], s->i[0], s->i[1]);
}
bool sample_transpose(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] (0,1)", 1, {IN(13, false, S_A, S_B)}, f_transpose, .i = {0, 1});
    case 1: return SAMPLE("[A,B,C] (-1,0) non-contiguous", 1, {IN(14, true, S_A, S_B, S_C)}, f_transpose, .i = {-1, 0});
    default: return false;
    }
}

/* transpose_ on a copy (an in-place op needs a non-leaf) */
static cg_tensor *f_transpose_(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *c = cg_mul_scalar(in[0], 1.0);
    if (c && cg_transpose_(c, s->i[0], s->i[1]) < 0) {
        cg_tensor_release(c);
        return NULL;
    }
    return c;
}
bool sample_transpose_(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A,B,C] transpose_(0,1)", 1, {IN(1201, true, S_A, S_B, S_C)}, f_transpose_, .i = {0, 1});
    return false;
}

static cg_tensor *f_slice(cg_tensor *const *in, const cg_sample *s) {
    return cg_slice_dim(in[0], s->i[0], s->i[1], s->i[2], s->i[3]);
}
bool sample_slice(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B+2][:, 1:4:2]", 1, {IN(15, false, S_A, S_B + 2)}, f_slice, .i = {1, 1, 4, 2});
    case 1:
        return SAMPLE("[A,B][-3:] non-contiguous", 1, {IN(16, true, S_A, S_B)}, f_slice, .i = {0, -3, INT64_MAX, 1});
    default: return false;
    }
}

static cg_tensor *f_select(cg_tensor *const *in, const cg_sample *s) { return cg_select(in[0], s->i[0], s->i[1]); }
bool sample_select(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B+1][:, 1]", 1, {IN(17, false, S_A, S_B + 1)}, f_select, .i = {1, 1});
    case 1: return SAMPLE("[A,B][-1] non-contiguous", 1, {IN(18, true, S_A, S_B)}, f_select, .i = {0, -1});
    default: return false;
    }
}

static cg_tensor *f_squeeze(cg_tensor *const *in, const cg_sample *s) {
    return s->i[0] ? cg_squeeze_dim(in[0], s->i[1]) : cg_squeeze(in[0]);
}
bool sample_squeeze(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,1,B,1] all", 1, {IN(19, false, S_A, 1, S_B, 1)}, f_squeeze, .i = {0});
    case 1: return SAMPLE("[A,1,B] dim 1 non-contiguous", 1, {IN(20, true, S_A, 1, S_B)}, f_squeeze, .i = {1, 1});
    default: return false;
    }
}

static cg_tensor *f_unsqueeze(cg_tensor *const *in, const cg_sample *s) { return cg_unsqueeze(in[0], s->i[0]); }
bool sample_unsqueeze(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] dim 0", 1, {IN(21, false, S_A, S_B)}, f_unsqueeze, .i = {0});
    case 1: return SAMPLE("[A,B] dim -1 non-contiguous", 1, {IN(22, true, S_A, S_B)}, f_unsqueeze, .i = {-1});
    default: return false;
    }
}

/* the parts of a float64 [A,2] seen as complex128 and back: a gradient
 * through both complex views */
static cg_tensor *f_complex_round_trip(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    cg_tensor *c = cg_view_as_complex(in[0]);
    cg_tensor *r = c ? cg_view_as_real(c) : NULL;
    cg_tensor_release(c);
    return r;
}
bool sample_view_as_real(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[A,2] as complex [A], as real [A,2]", 1, {IN(31, false, S_A, 2)}, f_complex_round_trip);
    return false;
}
static cg_tensor *f_view_as_complex(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_view_as_complex(in[0]);
}
bool sample_view_as_complex(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("[B,A,2] as complex [B,A]", 1, {IN(32, false, S_B, S_A, 2)}, f_view_as_complex);
    return false;
}

/* complex(a, b) and polar(abs, angle) of two float64 operands, the second
 * broadcast in the second variant */
static cg_tensor *f_complex(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_make_complex(in[0], in[1]);
}
bool sample_complex(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B], [A,B]", 2, {IN(33, false, S_A, S_B), IN(34, true, S_A, S_B)}, f_complex);
    case 1: return SAMPLE("[A,B], [B]", 2, {IN(35, false, S_A, S_B), IN(36, false, S_B)}, f_complex);
    default: return false;
    }
}
static cg_tensor *f_polar(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_polar(in[0], in[1]);
}
/* abs > 0: PyTorch's derivative (through result.sgn()) holds for abs >= 0 */
#define ABS_IN(seed, nc, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, 0.5, 2.0)
bool sample_polar(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B], [A,B]", 2, {ABS_IN(37, false, S_A, S_B), IN(38, false, S_A, S_B)}, f_polar);
    case 1: return SAMPLE("[A,B], [B] non-contiguous", 2, {ABS_IN(39, true, S_A, S_B), IN(40, false, S_B)}, f_polar);
    default: return false;
    }
}

/* ---- unary ------------------------------------------------------------------------------- */

static cg_tensor *f_neg(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_neg(in[0]);
}
static cg_tensor *f_exp(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_exp(in[0]);
}

bool sample_neg(int v, cg_sample *s) {
    return v < 2 && SAMPLE(v ? "[A,B] non-contiguous" : "[A,B]", 1, {IN(23 + v, v == 1, S_A, S_B)}, f_neg);
}
bool sample_exp(int v, cg_sample *s) {
    return v < 2 && SAMPLE(v ? "[A,B] non-contiguous" : "[A,B]", 1, {IN(25 + v, v == 1, S_A, S_B)}, f_exp);
}

/* ---- binary -------------------------------------------------------------------------------- */

static cg_tensor *f_add(cg_tensor *const *in, const cg_sample *s) {
    return cg_add(in[0], in[1], cg_scalar_float(s->d[0]));
}
static cg_tensor *f_sub(cg_tensor *const *in, const cg_sample *s) {
    return cg_sub(in[0], in[1], cg_scalar_float(s->d[0]));
}
static cg_tensor *f_mul(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_mul(in[0], in[1]);
}
static cg_tensor *f_div(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_div(in[0], in[1]);
}

/* The three shapes every binary op is checked on. */
static bool binary_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), double alpha,
                          bool positive_b) {
    double lo = positive_b ? 0.5 : -2.0;
    switch (v) {
    case 0:
        return SAMPLE("same shape [A,B]", 2,
                      {IN(31, false, S_A, S_B), s_input_range(S_SIZES(S_A, S_B), 32, false, lo, 2.0)}, fn,
                      .d = {alpha});
    case 1:
        return SAMPLE("broadcast [A,1] with [1,B]", 2,
                      {IN(33, false, S_A, 1), s_input_range(S_SIZES(1, S_B), 34, false, lo, 2.0)}, fn, .d = {alpha});
    case 2:
        return SAMPLE("non-contiguous [A,B] with non-contiguous [B]", 2,
                      {IN(35, true, S_A, S_B), s_input_range(S_SIZES(S_B), 36, true, lo, 2.0)}, fn, .d = {alpha});
    default: return false;
    }
}
bool sample_add(int v, cg_sample *s) { return binary_sample(v, s, f_add, v == 1 ? 2.5 : 1.0, false); }
bool sample_sub(int v, cg_sample *s) { return binary_sample(v, s, f_sub, v == 2 ? -0.5 : 1.0, false); }
bool sample_mul(int v, cg_sample *s) { return binary_sample(v, s, f_mul, 1.0, false); }
bool sample_div(int v, cg_sample *s) { return binary_sample(v, s, f_div, 1.0, true); }

/* ---- reductions -------------------------------------------------------------------------------- */

static cg_tensor *f_sum(cg_tensor *const *in, const cg_sample *s) {
    return cg_sum(in[0], (int)s->i[0], &s->i[2], s->i[1]);
}
bool sample_sum(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] all dims", 1, {IN(41, false, S_A, S_B)}, f_sum, .i = {0, 0});
    case 1: return SAMPLE("[A,B,C] dim 1", 1, {IN(42, false, S_A, S_B, S_C)}, f_sum, .i = {1, 0, 1});
    case 2:
        return SAMPLE("[A,B,C] dims (0,2) keepdim non-contiguous", 1, {IN(43, true, S_A, S_B, S_C)}, f_sum,
                      .i = {2, 1, 0, -1});
    default: return false;
    }
}

/* ---- triangles, diagonals, flip, roll, rot90 (matrix_parts.c, flip_roll.c) ---- */

static cg_tensor *f_tril(cg_tensor *const *in, const cg_sample *s) { return cg_tril(in[0], s->i[0]); }
bool sample_tril(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] k 0", 1, {IN(2200, false, S_A, S_B)}, f_tril, .i = {0});
    case 1: return SAMPLE("non-contiguous [2,A,B+1] k -1", 1, {IN(2201, true, 2, S_A, S_B + 1)}, f_tril, .i = {-1});
    default: return false;
    }
}

static cg_tensor *f_triu(cg_tensor *const *in, const cg_sample *s) { return cg_triu(in[0], s->i[0]); }
bool sample_triu(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] k 1", 1, {IN(2202, false, S_A, S_B)}, f_triu, .i = {1});
    case 1: return SAMPLE("non-contiguous [A+2,B] k -2", 1, {IN(2203, true, S_A + 2, S_B)}, f_triu, .i = {-2});
    default: return false;
    }
}

static cg_tensor *f_diagonal(cg_tensor *const *in, const cg_sample *s) {
    return cg_diagonal(in[0], s->i[0], s->i[1], s->i[2]);
}
bool sample_diagonal(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] offset 1", 1, {IN(2204, false, S_A, S_B)}, f_diagonal, .i = {1, 0, 1});
    case 1:
        return SAMPLE("non-contiguous [A,3,B] offset -1 dims 2,0", 1, {IN(2205, true, S_A, 3, S_B)}, f_diagonal,
                      .i = {-1, 2, 0});
    default: return false;
    }
}

static cg_tensor *f_unfold(cg_tensor *const *in, const cg_sample *s) { return cg_unfold_dim(in[0], s->i[0], s->i[1], s->i[2]); }
bool sample_unfold(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B+3] dim 1 size 3 step 1 (overlapping)", 1, {IN(2500, false, S_A, S_B + 3)}, f_unfold,
                          .i = {1, 3, 1});
    case 1:
        return SAMPLE("non-contiguous [A+4,3,B] dim 0 size 2 step 3", 1, {IN(2501, true, S_A + 4, 3, S_B)}, f_unfold,
                      .i = {0, 2, 3});
    default: return false;
    }
}

static cg_tensor *f_diag_embed(cg_tensor *const *in, const cg_sample *s) {
    return cg_diag_embed(in[0], s->i[0], s->i[1], s->i[2]);
}
bool sample_diag_embed(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] offset 0", 1, {IN(2206, false, S_A, S_B)}, f_diag_embed, .i = {0, -2, -1});
    case 1: return SAMPLE("non-contiguous [A,B] offset 2 dims 0,2", 1, {IN(2207, true, S_A, S_B)}, f_diag_embed, .i = {2, 0, 2});
    default: return false;
    }
}

static cg_tensor *f_diag(cg_tensor *const *in, const cg_sample *s) { return cg_diag(in[0], s->i[0]); }
bool sample_diag(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("vector [A] k -1", 1, {IN(2208, false, S_A)}, f_diag, .i = {-1});
    case 1: return SAMPLE("non-contiguous matrix [A,B+1] k 1", 1, {IN(2209, true, S_A, S_B + 1)}, f_diag, .i = {1});
    default: return false;
    }
}

static cg_tensor *f_trace(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_matrix_trace(in[0]);
}
bool sample_trace(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B]", 1, {IN(2210, false, S_A, S_B)}, f_trace);
    case 1: return SAMPLE("non-contiguous [A+1,A]", 1, {IN(2211, true, S_A + 1, S_A)}, f_trace);
    default: return false;
    }
}

static cg_tensor *f_flip(cg_tensor *const *in, const cg_sample *s) {
    return cg_flip(in[0], (int)s->i[0], (const int64_t[]){s->i[1], s->i[2]});
}
bool sample_flip(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] dim 0", 1, {IN(2212, false, S_A, S_B)}, f_flip, .i = {1, 0});
    case 1: return SAMPLE("non-contiguous [A,2,B] dims -1,0", 1, {IN(2213, true, S_A, 2, S_B)}, f_flip, .i = {2, -1, 0});
    default: return false;
    }
}

static cg_tensor *f_roll(cg_tensor *const *in, const cg_sample *s) {
    int n = (int)s->i[0];
    return cg_roll(in[0], n ? n : 1, (const int64_t[]){s->i[1], s->i[2]}, n, (const int64_t[]){s->i[3], 0});
}
bool sample_roll(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] flattened by 3", 1, {IN(2214, false, S_A, S_B)}, f_roll, .i = {0, 3});
    case 1: return SAMPLE("non-contiguous [A,B] by -1 along 1", 1, {IN(2215, true, S_A, S_B)}, f_roll, .i = {1, -1, 0, 1});
    default: return false;
    }
}

static cg_tensor *f_rot90(cg_tensor *const *in, const cg_sample *s) {
    return cg_rot90(in[0], s->i[0], 2, (const int64_t[]){s->i[1], s->i[2]});
}
bool sample_rot90(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] k 1", 1, {IN(2216, false, S_A, S_B)}, f_rot90, .i = {1, 0, 1});
    case 1: return SAMPLE("non-contiguous [A,2,B] k -3 dims 2,0", 1, {IN(2217, true, S_A, 2, S_B)}, f_rot90, .i = {-3, 2, 0});
    default: return false;
    }
}

/* ---- amax / amin (amax.c) ---- */

static cg_tensor *f_amax(cg_tensor *const *in, const cg_sample *s) {
    int n = (int)s->i[0];
    return cg_amax(in[0], n, (const int64_t[]){s->i[1], s->i[2]}, s->i[3] != 0, s->i[4] != 0);
}
bool sample_amax(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] dim 1", 1, {IN(2230, false, S_A, S_B)}, f_amax, .i = {1, 1, 0, 0, 1});
    case 1: return SAMPLE("non-contiguous [A,2,B] dims 0,2 keepdim", 1, {IN(2231, true, S_A, 2, S_B)}, f_amax, .i = {2, 0, 2, 1, 1});
    case 2: return SAMPLE("[A,B] all dims", 1, {IN(2232, false, S_A, S_B)}, f_amax, .i = {0, 0, 0, 0, 1});
    default: return false;
    }
}
bool sample_amin(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] dim -1 keepdim", 1, {IN(2233, false, S_A, S_B)}, f_amax, .i = {1, -1, 0, 1, 0});
    case 1: return SAMPLE("non-contiguous [A,B+1] all dims", 1, {IN(2234, true, S_A, S_B + 1)}, f_amax, .i = {0, 0, 0, 0, 0});
    default: return false;
    }
}
