/* ops_bessel.c: the modified Bessel functions of the first kind i0, i1
 * and their exponentially scaled forms i0e, i1e (torch.i0, torch.special.
 * i0/i0e/i1/i1e). PyTorch 1.13's kernels compute each element alone (its
 * vectorised i0 and i0e map the scalar function over the lanes), by the
 * Cephes Chebyshev expansions over [0, 8] and (8, inf) in the element type
 * (Note [Cephes Chebyshev sums]). Derivatives as derivatives.yaml writes
 * them, in its order of operations. */
#include <float.h>
#include <math.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"

/* Note [Cephes Chebyshev sums]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Cephes evaluates sum' c_k T_k(y/2) by Clenshaw's recurrence from the
 * highest coefficient down (b0 = y b1 - b2 + c, where PyTorch's AVX2
 * build fuses y b1 - b2 into one FMA, as the digests in tests/lang/
 * special_bessel.py check), and halves b0 - b2. Over
 * [0, 8] the argument is x/2 - 2, past 8 it is 32/x - 2. float32 keeps all
 * thirty i0 coefficients but only the last seventeen and seven of i1's,
 * as PyTorch's float tables do. */
#define CHEB_FN(T, SUF, FMA)                                              \
    static T cheb_##SUF(T y, const T *c, int n) {                         \
        T b0 = c[0], b1 = 0, b2 = 0;                                      \
        for (int i = 1; i < n; i++) {                                     \
            b2 = b1;                                                      \
            b1 = b0;                                                      \
            b0 = FMA(y, b1, -b2) + c[i];                                  \
        }                                                                 \
        return (T)0.5 * (b0 - b2);                                        \
    }
CHEB_FN(float, f32, fmaf)
CHEB_FN(double, f64, fma)

/* exp(-x) I0(x) over [0, 8] and exp(-x) sqrt(x) I0(x) over (8, inf) */
#define I0_LOW                                                                                                       \
    -4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16, 1.71539128555513303061E-15, \
        -1.16853328779934516808E-14, 7.67618549860493561688E-14, -4.85644678311192946090E-13,                        \
        2.95505266312963983461E-12, -1.72682629144155570723E-11, 9.67580903537323691224E-11,                         \
        -5.18979560163526290666E-10, 2.65982372468238665035E-9, -1.30002500998624804212E-8,                          \
        6.04699502254191894932E-8, -2.67079385394061173391E-7, 1.11738753912010371815E-6,                            \
        -4.41673835845875056359E-6, 1.64484480707288970893E-5, -5.75419501008210370398E-5,                           \
        1.88502885095841655729E-4, -5.76375574538582365885E-4, 1.63947561694133579842E-3,                            \
        -4.32430999505057594430E-3, 1.05464603945949983183E-2, -2.37374148058994688156E-2,                           \
        4.93052842396707084878E-2, -9.49010970480476444210E-2, 1.71620901522208775349E-1,                            \
        -3.04682672343198398683E-1, 6.76795274409476084995E-1
#define I0_HIGH                                                                                                      \
    -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17, 3.46122286769746109310E-17, \
        -2.82762398051658348494E-16, -3.42548561967721913462E-16, 1.77256013305652638360E-15,                        \
        3.81168066935262242075E-15, -9.55484669882830764870E-15, -4.15056934728722208663E-14,                        \
        1.54008621752140982691E-14, 3.85277838274214270114E-13, 7.18012445138366623367E-13,                          \
        -1.79417853150680611778E-12, -1.32158118404477131188E-11, -3.14991652796324136454E-11,                       \
        1.18891471078464383424E-11, 4.94060238822496958910E-10, 3.39623202570838634515E-9,                           \
        2.26666899049817806459E-8, 2.04891858946906374183E-7, 2.89137052083475648297E-6,                             \
        6.88975834691682398426E-5, 3.36911647825569408990E-3, 8.04490411014108831608E-1
/* exp(-x) I1(x) / x over [0, 8]; float32 starts at the twelfth */
#define I1_LOW_HEAD                                                                                                  \
    2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16, -1.10559694773538630805E-15, \
        7.60068429473540693410E-15, -5.04218550472791168711E-14, 3.22379336594557470981E-13,                         \
        -1.98397439776494371520E-12, 1.17361862988909016308E-11, -6.66348972350202774223E-11,                        \
        3.62559028155211703701E-10, -1.88724975172282928790E-9
#define I1_LOW_TAIL                                                                                                  \
    9.38153738649577178388E-9, -4.44505912879632808065E-8, 2.00329475355213526229E-7, -8.56872026469545474066E-7,    \
        3.47025130813767847674E-6, -1.32731636560394358279E-5, 4.78156510755005422638E-5,                            \
        -1.61760815825896745588E-4, 5.12285956168575772895E-4, -1.51357245063125314899E-3,                           \
        4.15642294431288815669E-3, -1.05640848946261981558E-2, 2.47264490306265168283E-2,                            \
        -5.29459812080949914269E-2, 1.02643658689847095384E-1, -1.76416518357834055153E-1,                           \
        2.52587186443633654823E-1
/* exp(-x) sqrt(x) I1(x) over (8, inf); float32 keeps the last seven */
#define I1_HIGH_HEAD                                                                                                 \
    7.51729631084210481353E-18, 4.41434832307170791151E-18, -4.65030536848935832153E-17, -3.20952592199342395980E-17, \
        2.96262899764595013876E-16, 3.30820231092092828324E-16, -1.88035477551078244854E-15,                         \
        -3.81440307243700780478E-15, 1.04202769841288027642E-14, 4.27244001671195135429E-14,                         \
        -2.10154184277266431302E-14, -4.08355111109219731823E-13, -7.19855177624590851209E-13,                       \
        2.03562854414708950722E-12, 1.41258074366137813316E-11, 3.25260358301548823856E-11,                          \
        -1.89749581235054123450E-11, -5.58974346219658380687E-10
#define I1_HIGH_TAIL                                                                                                 \
    -3.83538038596423702205E-9, -2.63146884688951950684E-8, -2.51223623787020892529E-7, -3.88256480887769039346E-6,  \
        -1.10588938762623716291E-4, -9.76109749136146840777E-3, 7.78576235018280120474E-1

static const double i0_low_f64[] = {I0_LOW}, i0_high_f64[] = {I0_HIGH};
static const float i0_low_f32[] = {I0_LOW}, i0_high_f32[] = {I0_HIGH};
static const double i1_low_f64[] = {I1_LOW_HEAD, I1_LOW_TAIL}, i1_high_f64[] = {I1_HIGH_HEAD, I1_HIGH_TAIL};
static const float i1_low_f32[] = {I1_LOW_TAIL}, i1_high_f32[] = {I1_HIGH_TAIL};
#define LEN(a) ((int)(sizeof a / sizeof *a))

/* i0e, i0, i1e, i1 of one element: `scaled` leaves out the factor exp(|x|).
 * PyTorch's float32 i0e past 8 divides by the square root in double (the
 * digests show it), the others in the element type. */
#define BESSEL_I_FNS(T, SUF, EXP, SQRT, FABS)                                                      \
    static T i0_any_##SUF(T v, bool scaled) {                                                      \
        T x = FABS(v);                                                                             \
        if (x <= (T)8) {                                                                           \
            T c = cheb_##SUF(x / (T)2 - (T)2, i0_low_##SUF, LEN(i0_low_##SUF));                    \
            return scaled ? c : EXP(x) * c;                                                        \
        }                                                                                          \
        T c = cheb_##SUF((T)32 / x - (T)2, i0_high_##SUF, LEN(i0_high_##SUF));                     \
        return scaled ? (T)((double)c / sqrt((double)x)) : EXP(x) * c / SQRT(x);                   \
    }                                                                                              \
    static T i1_any_##SUF(T v, bool scaled) {                                                      \
        T x = FABS(v), r;                                                                          \
        if (x <= (T)8) {                                                                           \
            T c = cheb_##SUF(x / (T)2 - (T)2, i1_low_##SUF, LEN(i1_low_##SUF));                    \
            r = scaled ? c * x : EXP(x) * x * c;                                                   \
        } else {                                                                                   \
            T c = cheb_##SUF((T)32 / x - (T)2, i1_high_##SUF, LEN(i1_high_##SUF));                 \
            r = (scaled ? c : EXP(x) * c) / SQRT(x);                                               \
        }                                                                                          \
        return v < 0 ? -r : r;                                                                     \
    }
BESSEL_I_FNS(float, f32, expf, sqrtf, fabsf)
BESSEL_I_FNS(double, f64, exp, sqrt, fabs)

/* args->i[0]: scaled */
/* rows compiled for FMA too (Note [Rows at the machine's vector width]) */
#define BESSEL_ROW(name, T, expr)                                                   \
    CG_UNARY_ROW_A(name##_base, T, expr, , const bool sc = args->i[0])              \
    CG_UNARY_ROW_A(name##_avx2, T, expr, CG_FMA_TARGET, const bool sc = args->i[0]) \
    CG_AVX2_DISPATCH(name)
#define BESSEL_I_ROWS(name, fn)                                                      \
    BESSEL_ROW(name##_f32, float, fn##_f32(x, sc))                                   \
    BESSEL_ROW(name##_f64, double, fn##_f64(x, sc))                                  \
    static const cg_row_fn name##_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(name)};
BESSEL_I_ROWS(i0, i0_any)
BESSEL_I_ROWS(i1, i1_any)
void cg_cpu_i0(const cg_kernel_call *c) { cg_ew_run(c, i0_rows, 0); }
void cg_cpu_i1(const cg_kernel_call *c) { cg_ew_run(c, i1_rows, 0); }

/* ---- frontends -------------------------------------------------------------------- */

typedef struct {
    cg_op op;
    bool scaled;
    const char *kernel; /* the name in PyTorch's dispatch error */
    bool bf16;          /* PyTorch's kernel takes bfloat16 */
} bessel_info;
static const bessel_info I0 = {CG_OP_I0, false, "i0_vml_cpu", true}, I0E = {CG_OP_I0E, true, "i0e_cpu", true},
                         I1 = {CG_OP_I1, false, "i1_cpu", false}, I1E = {CG_OP_I1E, true, "i1e_cpu", false};

static int bessel_check(const bessel_info *b, cg_dtype dt) {
    if (cg_dtype_is_complex(dt) || dt == CG_F16 || (dt == CG_BF16 && !b->bf16))
        CG_CHECK_INT(false, CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", b->kernel, cg_dtype_legacy_name(dt));
    return 0;
}

/* self and result saved: i0 needs self, the others both */
static cg_tensor *bessel(const bessel_info *b, cg_tensor *x) {
    if (bessel_check(b, x->dtype) < 0)
        return NULL;
    cg_dtype dt = cg_dtype_to_float(x->dtype);
    const cg_op_args args = {.i = {b->scaled}};
    cg_tensor *out = cg_ew_unary(b->op, x, dt, dt, &args);
    if (!out)
        return NULL;
    cg_save_spec save[] = {{x, "self"}, {out, "result"}};
    return cg_ew_record(out, b->op, 1, &x, b->op == CG_OP_I0 ? 1 : 2, save, &args);
}
static int bessel_(const bessel_info *b, cg_tensor *self) {
    if (bessel_check(b, self->dtype) < 0)
        return -1;
    bool record = cg_autograd_needed(1, &self);
    cg_tensor *old = NULL;
    if (record && !(old = cg_clone(self)))
        return -1;
    const cg_op_args args = {.i = {b->scaled}};
    int rc = cg_ew_unary_as_(b->op, self, cg_dtype_to_float(self->dtype), &args);
    if (rc == 0 && record) {
        cg_save_spec save[] = {{old, "self"}, {self, "result"}};
        rc = cg_ew_record_(self, b->op, 1, &self, b->op == CG_OP_I0 ? 1 : 2, save, &args);
    }
    cg_tensor_release(old);
    return rc;
}
cg_tensor *cg_i0(cg_tensor *x) { return bessel(&I0, x); }
int cg_i0_(cg_tensor *self) { return bessel_(&I0, self); }
cg_tensor *cg_special_i0e(cg_tensor *x) { return bessel(&I0E, x); }
cg_tensor *cg_special_i1(cg_tensor *x) { return bessel(&I1, x); }
cg_tensor *cg_special_i1e(cg_tensor *x) { return bessel(&I1E, x); }

/* ---- derivatives -------------------------------------------------------------------- */

/* I0Backward0: grad * i1(self) */
int cg_bw_i0(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x;
    if (cg_node_saved(n, 0, &x) < 0)
        return -1;
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_special_i1, x)));
}

/* SpecialI0EBackward0: grad * (i1e(self) - sgn(self) * result) */
int cg_bw_i0e(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *r;
    if (cg_node_saved_all(n, 2, &x, &r) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *d = s_sub(&s, s_fn(&s, cg_special_i1e, x), s_mul(&s, s_fn(&s, cg_sgn, x), r));
    return finish(gi, &s, s_mul(&s, go[0], d));
}

/* SpecialI1Backward0 and SpecialI1EBackward0: where |self| > eps,
 * i0(self) - result * (1 / self) and i0e(self) - result * (sgn(self) + 1 /
 * self), with self itself replaced by eps elsewhere (so that no NaN comes
 * from the branch not taken); 0.5 where |self| <= eps */
static int bw_i1_any(cg_node *n, cg_tensor *const *go, cg_tensor **gi, bool scaled) {
    cg_tensor *x, *r;
    if (cg_node_saved_all(n, 2, &x, &r) < 0)
        return -1;
    scratch s = {0};
    const double eps = x->dtype == CG_F64 ? DBL_EPSILON : FLT_EPSILON;
    cg_tensor *e = keep(&s, cg_scalar_tensor(cg_scalar_float(eps)));
    cg_tensor *big = e ? keep(&s, cg_gt(s_fn(&s, cg_abs, x), e)) : NULL;
    cg_tensor *safe = big ? keep(&s, cg_where(big, x, e)) : NULL;
    cg_tensor *inv = s_fn(&s, cg_reciprocal, safe);
    cg_tensor *d = scaled ? s_sub(&s, s_fn(&s, cg_special_i0e, safe), s_mul(&s, r, s_add(&s, s_fn(&s, cg_sgn, safe), inv)))
                          : s_sub(&s, s_fn(&s, cg_i0, safe), s_mul(&s, r, inv));
    cg_tensor *half = d ? keep(&s, cg_scalar_tensor(cg_scalar_float(0.5))) : NULL;
    cg_tensor *w = half ? keep(&s, cg_where(big, d, half)) : NULL;
    return finish(gi, &s, s_mul(&s, go[0], w));
}
int cg_bw_i1(cg_node *n, cg_tensor *const *go, cg_tensor **gi) { return bw_i1_any(n, go, gi, n->op == CG_OP_I1E); }
