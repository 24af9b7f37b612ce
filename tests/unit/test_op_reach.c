/* test_op_reach.c: the engine's op table and the language's op tables
 * agree. Every differentiable row of engine/ops.def is reached from Python:
 * its snippet, run in a fresh session, builds a tensor `y` whose autograd
 * graph holds the row's node, or the row is listed INTERNAL with why. And
 * every row of every op table of lang/torch (Note [Op rows]) is bound where
 * it says, with the function its binder calls.
 *
 * This is not a test of what the ops compute: test_op_table.c runs and
 * gradchecks every ops.def row, test_torch_bindings.c checks the bindings'
 * results and errors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/exc.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

static void up(void) { cr_assert_eq(cg_lang_init(), 0, "cg_lang_init failed"); }

static void down(void) {
    cg_exc_clear();
    cg_lang_shutdown();
}

TestSuite(op_reach, .init = up, .fini = down);

/* ---- every differentiable ops.def row, from Python ---------------------------------- */

/* Run before each snippet: the leaves it may use, and the walk over y's
 * graph (grad_fn, then next_functions) that names its nodes as a user sees
 * them, type(node).__name__. */
static const char prelude[] = "import torch\n"
                              "import torch.nn.functional as F\n"
                              "torch.manual_seed(0)\n"
                              "x = torch.randn(3, 4, requires_grad=True)\n"
                              "w = torch.randn(4, 5, requires_grad=True)\n"
                              "v = torch.randn(4, requires_grad=True)\n"
                              "b = torch.randn(2, 3, 4, requires_grad=True)\n"
                              "p = torch.rand(3, 4, requires_grad=True)\n" /* in (0, 1): log, sqrt, bce */
                              "img = torch.randn(1, 2, 5, 5, requires_grad=True)\n"
                              "i = torch.tensor([0, 2])\n"
                              "col = torch.tensor([[0], [1], [2]])\n"
                              "zeros = torch.zeros(3, 4)\n"
                              "half = torch.full((3, 4), 0.5)\n"
                              "def graph_names(t):\n"
                              "    names, todo = [], [t.grad_fn]\n"
                              "    while todo and len(names) < 1000:\n"
                              "        f = todo.pop()\n"
                              "        if f is not None:\n"
                              "            names.append(type(f).__name__)\n"
                              "            todo.extend(g for g, _ in f.next_functions)\n"
                              "    return ' '.join(names)\n";

/* What a user writes to record each row's node, in PyTorch's public
 * spelling. The backward kernels recorded as nodes of their own (*_GRAD,
 * *_BACKWARD) are reached as PyTorch's are: a gradient taken with
 * create_graph=True, whose graph holds them. */
static const char *const reach[CG_OP_COUNT] = {
    [CG_OP_COPY] = "y = x.clone(); y.copy_(w[:3, :4])",
    [CG_OP_TO_DTYPE] = "y = x.double()",
    [CG_OP_CLONE] = "y = x.clone()",
    [CG_OP_REPEAT] = "y = x.repeat(2, 1)",
    [CG_OP_FILL] = "y = x.clone(); y.fill_(2.0)",
    [CG_OP_VIEW] = "y = x.view(12)",
    [CG_OP_RESHAPE_ALIAS] = "y = x.t().reshape(4, 3)",
    [CG_OP_UNSAFE_VIEW] = "y = x.t().reshape(12)",
    [CG_OP_EXPAND] = "y = v.expand(3, 4)",
    [CG_OP_PERMUTE] = "y = b.permute(2, 0, 1)",
    [CG_OP_TRANSPOSE] = "y = x.transpose(0, 1)",
    [CG_OP_TRANSPOSE_] = "y = (x * 1).transpose_(0, 1)",
    [CG_OP_SLICE] = "y = x[1:]",
    [CG_OP_SELECT] = "y = x[0]",
    [CG_OP_SQUEEZE] = "y = x[None].squeeze()",
    [CG_OP_UNSQUEEZE] = "y = x.unsqueeze(0)",
    [CG_OP_VIEW_AS_REAL] = "y = torch.view_as_real(x.to(torch.complex64))",
    [CG_OP_VIEW_AS_COMPLEX] = "y = torch.view_as_complex(b[:, :, :2].contiguous())",
    [CG_OP_COMPLEX] = "y = torch.complex(x, x * 2)",
    [CG_OP_POLAR] = "y = torch.polar(p, x)",
    [CG_OP_CONJ_PHYSICAL] = "y = torch.conj_physical(x.to(torch.complex64))",

    [CG_OP_NEG] = "y = -x",
    [CG_OP_EXP] = "y = torch.exp(x)",
    [CG_OP_ABS] = "y = x.abs()",
    [CG_OP_SIGN] = "y = x.sign()",
    [CG_OP_LOG] = "y = p.log()",
    [CG_OP_LOG1P] = "y = p.log1p()",
    [CG_OP_SQRT] = "y = p.sqrt()",
    [CG_OP_RSQRT] = "y = p.rsqrt()",
    [CG_OP_SIN] = "y = x.sin()",
    [CG_OP_COS] = "y = x.cos()",
    [CG_OP_TANH] = "y = torch.tanh(x)",
    [CG_OP_SIGMOID] = "y = torch.sigmoid(x)",
    [CG_OP_ERF] = "y = torch.erf(x)",
    [CG_OP_ERFINV] = "y = torch.erfinv(x * 0.5)",
    [CG_OP_CLAMP_MIN] = "y = x.clamp_min(0.1)",
    [CG_OP_CLAMP_MAX] = "y = torch.clamp_max(x, 0.1)",
    [CG_OP_COSH] = "y = torch.cosh(x)",
    [CG_OP_TAN] = "y = torch.tan(x * 0.3)",
    [CG_OP_ASIN] = "y = torch.asin(x * 0.1)",
    [CG_OP_ACOS] = "y = torch.acos(x * 0.1)",
    [CG_OP_ATAN] = "y = torch.atan(x)",
    [CG_OP_EXPM1] = "y = torch.expm1(x)",
    [CG_OP_LOG2] = "y = torch.log2(x * x + 1)",
    [CG_OP_LOG10] = "y = torch.log10(x * x + 1)",
    [CG_OP_ERFC] = "y = torch.erfc(x)",
    [CG_OP_EXP2] = "y = torch.exp2(x)",
    [CG_OP_ASINH] = "y = torch.asinh(x)",
    [CG_OP_ACOSH] = "y = torch.acosh(x * x + 2)",
    [CG_OP_ATANH] = "y = torch.atanh(x * 0.1)",
    [CG_OP_FLOOR] = "y = torch.floor(x)",
    [CG_OP_CEIL] = "y = x.ceil()",
    [CG_OP_TRUNC] = "y = torch.fix(x)",
    [CG_OP_ROUND] = "y = x.round()",
    [CG_OP_ROUND_DECIMALS] = "y = torch.round(x, decimals=2)",
    [CG_OP_FRAC] = "y = x * 1\ny.frac_()",
    [CG_OP_SGN] = "y = torch.sgn(x)",
    [CG_OP_COPYSIGN] = "y = torch.copysign(x, x.detach() - 1)",
    [CG_OP_COPYSIGN_SCALAR] = "y = x.copysign(-1)",
    [CG_OP_FMOD] = "y = torch.fmod(x, x.detach() + 5)",
    [CG_OP_FMOD_SCALAR] = "y = x.fmod(1.5)",
    [CG_OP_FMAX] = "y = torch.fmax(x, x.detach() * 2)",
    [CG_OP_FMIN] = "y = x.fmin(x.detach() * 2)",
    [CG_OP_XLOGY] = "y = torch.xlogy(x, x.detach().abs())",
    [CG_OP_XLOGY_SCALAR] = "y = x.xlogy(2)",
    [CG_OP_DEG2RAD] = "y = torch.deg2rad(x)",
    [CG_OP_RAD2DEG] = "y = x.rad2deg()",
    [CG_OP_NAN_TO_NUM] = "y = torch.nan_to_num(x, nan=1.0)",
    [CG_OP_SINC] = "y = torch.sinc(x)",
    [CG_OP_AS_STRIDED] = "y = x.as_strided((2, 2), (1, 1))",
    [CG_OP_ADDR] = "y = torch.addr(x, x.detach()[:, 0], x.detach()[0])",
    [CG_OP_ADDMV] = "y = torch.addmv(x[:, 0], x, x.detach()[0])",
    [CG_OP_VDOT] = "y = torch.vdot(x.flatten(), x.detach().flatten())",
    [CG_OP_SELECT_SCATTER] = "y = torch.select_scatter(x, x[0] * 2, 0, 1)",
    [CG_OP_SLICE_SCATTER] = "y = torch.slice_scatter(x, x[:1] * 2, 0, 1, 2)",
    [CG_OP_DIAGONAL_SCATTER] = "y = x.diagonal_scatter(x.diagonal() * 2)",
    [CG_OP_LOGIT] = "y = torch.logit(x.sigmoid(), eps=0.01)",
    [CG_OP_LGAMMA] = "y = torch.lgamma(x.abs() + 0.5)",
    [CG_OP_POLYGAMMA] = "y = torch.polygamma(1, x.abs() + 0.5)",
    [CG_OP_I0] = "y = torch.i0(x)",
    [CG_OP_I0E] = "y = torch.special.i0e(x)",
    [CG_OP_I1] = "y = torch.special.i1(x)",
    [CG_OP_I1E] = "y = torch.special.i1e(x)",
    [CG_OP_ENTR] = "y = torch.special.entr(x.abs() + 0.1)",
    [CG_OP_NDTRI] = "y = torch.special.ndtri(x.sigmoid())",
    [CG_OP_ERFCX] = "y = torch.special.erfcx(x)",
    [CG_OP_LOG_NDTR] = "y = torch.special.log_ndtr(x)",
    [CG_OP_XLOG1PY] = "y = torch.special.xlog1py(x, x.detach().abs())",
    [CG_OP_ZETA] = "y = torch.special.zeta(x.detach().abs() + 2, x.abs() + 1)",
    [CG_OP_MVLGAMMA] = "y = torch.mvlgamma(x.abs() + 2, 3)",
    [CG_OP_NEXTAFTER] = "y = torch.nextafter(x, x.detach() + 1)",
    [CG_OP_FREXP] = "y, e = torch.frexp(x)",
    [CG_OP_ATAN2] = "y = torch.atan2(x, x.detach().abs() + 1)",
    [CG_OP_HYPOT] = "y = torch.hypot(x, x.detach() + 1)",
    [CG_OP_LOGADDEXP] = "y = torch.logaddexp(x, x.detach() * 2)",
    [CG_OP_LOGADDEXP2] = "y = x.logaddexp2(x.detach() * 2)",
    [CG_OP_HEAVISIDE] = "y = torch.heaviside(x, x.detach()[0])",
    [CG_OP_SINH] = "y = torch.sinh(x)",
    [CG_OP_RECIPROCAL] = "y = x.reciprocal()",
    [CG_OP_RELU] = "y = torch.relu(x)",
    [CG_OP_GELU] = "y = F.gelu(x)",
    [CG_OP_LEAKY_RELU] = "y = F.leaky_relu(x, 0.1)",
    [CG_OP_CLAMP] = "y = x.clamp(-0.5, 0.5)",
    [CG_OP_THRESHOLD_BACKWARD] = "y, = torch.autograd.grad(torch.relu(x).sum(), x, create_graph=True)",
    [CG_OP_TANH_BACKWARD] = "y, = torch.autograd.grad(torch.tanh(x).sum(), x, create_graph=True)",
    [CG_OP_BATCH_NORM_BACKWARD] =
        "y, = torch.autograd.grad(F.batch_norm(b, None, None, training=True), b, torch.randn(2, 3, 4), create_graph=True)",
    [CG_OP_LAYER_NORM_BACKWARD] = "y, = torch.autograd.grad(F.layer_norm(x, (4,), v, v).sum(), x, create_graph=True)",
    [CG_OP_GELU_BACKWARD] = "y, = torch.autograd.grad(F.gelu(x).sum(), x, create_graph=True)",
    [CG_OP_CLAMP_TENSOR] = "y = x.clamp(min=zeros)",
    [CG_OP_ELU] = "y = F.elu(x)",
    [CG_OP_ELU_BACKWARD] = "y, = torch.autograd.grad(F.elu(x).sum(), x, create_graph=True)",
    [CG_OP_SILU] = "y = F.silu(x)",
    [CG_OP_MISH] = "y = F.mish(x)",
    [CG_OP_HARDTANH] = "y = F.hardtanh(x)",
    [CG_OP_HARDTANH_BACKWARD] = "y, = torch.autograd.grad(F.hardtanh(x).sum(), x, create_graph=True)",
    [CG_OP_HARDSIGMOID] = "y = F.hardsigmoid(x)",
    [CG_OP_HARDSIGMOID_BACKWARD] = "y, = torch.autograd.grad(F.hardsigmoid(x).sum(), x, create_graph=True)",
    [CG_OP_HARDSWISH] = "y = F.hardswish(x)",
    [CG_OP_HARDSWISH_BACKWARD] = "y, = torch.autograd.grad(F.hardswish(x).sum(), x, create_graph=True)",
    [CG_OP_SOFTPLUS] = "y = F.softplus(x)",
    [CG_OP_SOFTPLUS_BACKWARD] = "y, = torch.autograd.grad(F.softplus(x).sum(), x, create_graph=True)",
    [CG_OP_SOFTSHRINK] = "y = F.softshrink(x)",
    [CG_OP_HARDSHRINK] = "y = x.hardshrink()",
    [CG_OP_SOFTSHRINK_BACKWARD] = "y, = torch.autograd.grad(F.softshrink(x).sum(), x, create_graph=True)",
    [CG_OP_HARDSHRINK_BACKWARD] = "y, = torch.autograd.grad(F.hardshrink(x).sum(), x, create_graph=True)",
    [CG_OP_LOG_SIGMOID] = "y = F.logsigmoid(x)",
    [CG_OP_LOG_SIGMOID_BACKWARD] = "y, = torch.autograd.grad(F.logsigmoid(x).sum(), x, create_graph=True)",
    [CG_OP_THRESHOLD] = "y = F.threshold(x, 0.1, 2.0)",
    [CG_OP_GLU] = "y = F.glu(x)",
    [CG_OP_GLU_BACKWARD] = "y, = torch.autograd.grad(F.glu(x).sum(), x, create_graph=True)",
    [CG_OP_PRELU] = "y = F.prelu(x, v)",
    [CG_OP_RRELU_WITH_NOISE] = "y = torch.rrelu(x, training=True)",
    [CG_OP_RRELU_BACKWARD] = "y, = torch.autograd.grad(torch.rrelu(x).sum(), x, create_graph=True)",
    [CG_OP_WHERE] = "y = torch.where(x > 0, x, p)",
    [CG_OP_MASKED_FILL] = "y = x.masked_fill(x > 0, 0.0)",

    [CG_OP_ADD] = "y = x + 2",
    [CG_OP_SUB] = "y = x - 2",
    [CG_OP_RSUB] = "y = torch.rsub(x, x.detach())",
    [CG_OP_RSUB_SCALAR] = "y = 2 - x",
    [CG_OP_MUL] = "y = x * 2",
    [CG_OP_DIV] = "y = x / 2",
    [CG_OP_DIV_MODE] = "y = torch.div(x, 2, rounding_mode='floor')",
    [CG_OP_POW] = "y = p ** x",
    [CG_OP_POW_SCALAR] = "y = x ** 2",
    [CG_OP_POW_SCALAR_BASE] = "y = torch.pow(2, x)", /* 2 ** x is PowBackward1, as in PyTorch */
    [CG_OP_REMAINDER] = "y = x % p",
    [CG_OP_REMAINDER_SCALAR] = "y = x % 2",
    [CG_OP_MAXIMUM] = "y = torch.maximum(x, p)",
    [CG_OP_MINIMUM] = "y = torch.minimum(x, p)",
    [CG_OP_ADDCMUL] = "y = torch.addcmul(x, x, p, value=0.5)",
    [CG_OP_ADDCDIV] = "y = x.addcdiv(x, p)",
    [CG_OP_LERP] = "y = torch.lerp(x, p, 0.25)",
    [CG_OP_LERP_TENSOR] = "y = x.lerp(p, x)",

    [CG_OP_SUM] = "y = x.sum(1)",
    [CG_OP_MEAN] = "y = x.mean(1)",
    [CG_OP_PROD] = "y = x.prod(1)",
    [CG_OP_MAX] = "y = x.max(1).values",
    [CG_OP_MIN] = "y = x.min(1).values",
    [CG_OP_VAR] = "y = x.var()",
    [CG_OP_STD] = "y = x.std()",
    [CG_OP_NORM] = "y = x.norm()",
    [CG_OP_LINALG_VECTOR_NORM] = "y = torch.linalg.vector_norm(x, 3, 1)",
    [CG_OP_DIST] = "y = torch.dist(x, p, 3)",
    [CG_OP_RENORM] = "y = x.renorm(2, 0, 0.5)",
    [CG_OP_LINALG_PINV] = "y = torch.linalg.pinv(x)",
    [CG_OP_LINALG_CROSS] = "y = torch.linalg.cross(x[:, :3], p[:, :3])",
    [CG_OP_CHOLESKY] = "y = torch.cholesky(x @ x.mT + torch.eye(x.shape[0]))",
    [CG_OP_CHOLESKY_SOLVE] = "y = torch.cholesky_solve(x, torch.linalg.cholesky(x @ x.mT + torch.eye(x.shape[0])))",
    [CG_OP_CHOLESKY_INVERSE] = "y = torch.cholesky_inverse(torch.linalg.cholesky(x @ x.mT + torch.eye(x.shape[0])))",
    [CG_OP_TRIANGULAR_SOLVE] = "y = torch.triangular_solve(x, x @ x.mT + torch.eye(x.shape[0])).solution",
    [CG_OP_LINALG_LU_FACTOR_EX] = "y = torch.linalg.lu_factor_ex(x).LU",
    [CG_OP_LINALG_LU] = "y = torch.linalg.lu(x).U",
    [CG_OP_LU_UNPACK] = "y = torch.lu_unpack(*torch.linalg.lu_factor(x)).L",
    [CG_OP_LINALG_LU_SOLVE] = "y = torch.linalg.lu_solve(*torch.linalg.lu_factor(x @ x.mT + torch.eye(x.shape[0])), x)",
    [CG_OP_LOGSUMEXP] = "y = x.logsumexp(1)",
    [CG_OP_CUMSUM] = "y = x.cumsum(1)",
    [CG_OP_CUMPROD] = "y = x.cumprod(1)",
    [CG_OP_CUMMAX] = "y = x.cummax(1).values",
    [CG_OP_CUMMIN] = "y = torch.cummin(x, 0)[0]",
    [CG_OP_LOGCUMSUMEXP] = "y = x.logcumsumexp(1)",
    [CG_OP_NANSUM] = "y = torch.nansum(x, 1)",

    [CG_OP_MM] = "y = x.mm(w)",
    [CG_OP_BMM] = "y = torch.bmm(b, b.transpose(1, 2))",
    [CG_OP_ADDMM] = "y = torch.addmm(torch.zeros(5), x, w)",
    [CG_OP_AMAX] = "y = x.amax(1)",
    [CG_OP_AMIN] = "y = torch.amin(b, (0, 2), keepdim=True)",
    [CG_OP_TRIL] = "y = x.tril(-1)",
    [CG_OP_TRIU] = "y = torch.triu(x, 1)",
    [CG_OP_DIAGONAL] = "y = x.diagonal(1)",
    [CG_OP_UNFOLD] = "y = x.unfold(1, 2, 1)",
    [CG_OP_SORT] = "y = x.sort(1).values",
    [CG_OP_TOPK] = "y = x.topk(2, 1).values",
    [CG_OP_KTHVALUE] = "y = x.kthvalue(2, 1).values",
    [CG_OP_MEDIAN_DIM] = "y = x.median(1).values",
    [CG_OP_NANMEDIAN_DIM] = "y = x.nanmedian(0).values",
    [CG_OP_MODE] = "y = x.mode(1).values",
    [CG_OP_MEDIAN_ALL] = "y = x.median()",
    [CG_OP_NANMEDIAN_ALL] = "y = x.nanmedian()",
    [CG_OP_DIAG_EMBED] = "y = torch.diag_embed(v)",
    [CG_OP_DIAG] = "y = v.diag()",
    [CG_OP_TRACE] = "y = x.trace()",
    [CG_OP_FLIP] = "y = x.flip(0, 1)",
    [CG_OP_ROLL] = "y = torch.roll(x, (1, -2), (0, 1))",
    [CG_OP_ROT90] = "y = x.rot90()",
    [CG_OP_PIXEL_SHUFFLE] = "y = F.pixel_shuffle(torch.cat([img, img], 1), 2)",
    [CG_OP_PIXEL_UNSHUFFLE] = "y = F.pixel_unshuffle(img[:, :, :4, :4], 2)",
    [CG_OP_EMBEDDING] = "y = F.embedding(i, w)",
    [CG_OP_EMBEDDING_BAG] = "y = F.embedding_bag(i, w, torch.tensor([0, 1]), mode='sum', per_sample_weights=torch.ones(2))",
    [CG_OP_EMBEDDING_DENSE_BACKWARD] = "e = F.embedding(i, w); y, = torch.autograd.grad((e * e).sum(), w, create_graph=True)",
    [CG_OP_CTC_LOSS] = "y = F.ctc_loss(torch.randn(5, 2, 4, requires_grad=True).log_softmax(2), torch.tensor([[1, 2], [3, 3]]), (5, 4), (2, 1))",
    [CG_OP_PDIST] = "y = F.pdist(x, 3)",
    [CG_OP_TRILINEAR] = "y = F.bilinear(x, x, torch.randn(2, 4, 4))",
    [CG_OP_MULTI_MARGIN_LOSS] = "y = F.multi_margin_loss(x, torch.tensor([0, 3, 1]), p=2)",
    [CG_OP_MULTILABEL_MARGIN_LOSS] = "y = F.multilabel_margin_loss(x, torch.tensor([[0, 3, -1, 0]] * 3))",
    [CG_OP_SOFT_MARGIN_LOSS] = "y = F.soft_margin_loss(x, torch.sign(zeros + 1))",
    [CG_OP_SOFT_MARGIN_LOSS_BACKWARD] = "y, = torch.autograd.grad(F.soft_margin_loss(x, -torch.ones(3, 4)), x, create_graph=True)",
    [CG_OP_INDEX_COPY] = "y = x.index_copy(0, i, x[:2] * 2)",
    [CG_OP_BADDBMM] = "y = torch.baddbmm(torch.zeros(3, 3), b, b.transpose(1, 2), alpha=0.5)",
    [CG_OP_MV] = "y = x.mv(v)",
    [CG_OP_DOT] = "y = v.dot(v)",
    [CG_OP_LINALG_QR] = "y = torch.linalg.qr(x).R",
    [CG_OP_LINALG_SOLVE_TRIANGULAR] = "y = torch.linalg.solve_triangular(x[:, :3], w[:3], upper=True)",
    [CG_OP_LINALG_INV_EX] = "y = torch.linalg.inv(x[:, :3] + 3 * torch.eye(3))",
    [CG_OP_LINALG_SOLVE_EX] = "y = torch.linalg.solve(x[:, :3] + 3 * torch.eye(3), w[:3])",
    [CG_OP_LINALG_DET] = "y = torch.linalg.det(x[:, :3])",
    [CG_OP_LINALG_SLOGDET] = "y = torch.linalg.slogdet(x[:, :3]).logabsdet",
    [CG_OP_LINALG_CHOLESKY_EX] = "y = torch.linalg.cholesky(x @ x.mT + torch.eye(3))",
    [CG_OP_LINALG_EIGH] = "y = torch.linalg.eigvalsh(x @ x.mT)",
    [CG_OP_LINALG_SVD] = "y = torch.linalg.svdvals(x)",

    [CG_OP_INDEX] = "y = x[i]",
    [CG_OP_INDEX_PUT] = "y = x.clone(); y[i] = 1.0",
    [CG_OP_COPY_SLICES] = "y = x.clone(); y[0].mul_(2)",
    [CG_OP_ALIAS] = "y = x[...]",
    [CG_OP_INDEX_SELECT] = "y = x.index_select(0, i)",
    [CG_OP_INDEX_ADD] = "y = x.index_add(0, i, w[:2, :4])",
    [CG_OP_INDEX_FILL] = "y = x.index_fill(1, i, 0.0)",
    [CG_OP_GATHER] = "y = x.gather(1, col)",
    [CG_OP_SCATTER] = "y = x.scatter(1, col, w[:3, :1])",
    [CG_OP_SCATTER_VALUE] = "y = x.scatter(1, col, 0.5)",
    [CG_OP_SCATTER_ADD] = "y = x.scatter_add(1, col, w[:3, :1])",
    [CG_OP_MASKED_SELECT] = "y = x.masked_select(x > 0)",
    [CG_OP_MASKED_SCATTER] = "y = x.masked_scatter(x > 0, w)",
    [CG_OP_TAKE] = "y = torch.take(x, torch.tensor([0, 5]))",
    [CG_OP_PUT] = "y = x.put(torch.tensor([0, 5]), w[0, :2])",
    [CG_OP_BLOCK_DIAG] = "y = torch.block_diag(x, w)",
    [CG_OP_VAR_MEAN] = "y = torch.var_mean(x, 1)[0]",
    [CG_OP_STD_MEAN] = "y = torch.std_mean(x)[1]",
    [CG_OP_CAT] = "y = torch.cat([x, x])",
    [CG_OP_STACK] = "y = torch.stack([x, x])",
    [CG_OP_SPLIT] = "y = x.split(2)[0]",
    [CG_OP_SPLIT_WITH_SIZES] = "y = x.split([1, 2])[0]",
    [CG_OP_UNBIND] = "y = x.unbind()[0]",
    [CG_OP_UNSAFE_SPLIT] = "y = x.unsafe_chunk(2)[0]",
    [CG_OP_PACK_PADDED_SEQUENCE] = "y = torch._pack_padded_sequence(x, torch.tensor([4, 2, 1]), True)[0]",

    [CG_OP_SOFTMAX] = "y = x.softmax(1)",
    [CG_OP_LOG_SOFTMAX] = "y = F.log_softmax(x, 1)",
    [CG_OP_SOFTMAX_BACKWARD_DATA] = "y, = torch.autograd.grad(x.softmax(1), x, w[:3, :4], create_graph=True)",
    [CG_OP_LOG_SOFTMAX_BACKWARD_DATA] =
        "y, = torch.autograd.grad(F.log_softmax(x, 0), x, w[:3, :4], create_graph=True)",
    /* F.dropout is input * mask on the CPU (MulBackward0), as in PyTorch */
    [CG_OP_NATIVE_DROPOUT] = "y = torch.native_dropout(x, 0.5, True)[0]",
    [CG_OP_BATCH_NORM] = "y = F.batch_norm(x, None, None, training=True)",
    [CG_OP_LAYER_NORM] = "y = F.layer_norm(x, (4,))",
    [CG_OP_GROUP_NORM] = "y = F.group_norm(x, 1)",
    [CG_OP_MSE_LOSS] = "y = F.mse_loss(x, zeros)",
    [CG_OP_SMOOTH_L1_LOSS] = "y = F.smooth_l1_loss(x, zeros)",
    [CG_OP_HUBER_LOSS] = "y = F.huber_loss(x, zeros)",
    [CG_OP_ROBUST_LOSS_GRAD] = "y, = torch.autograd.grad(F.smooth_l1_loss(x, zeros), x, create_graph=True)",
    [CG_OP_NLL_LOSS] = "y = F.nll_loss(x, torch.tensor([0, 1, 3]))",
    [CG_OP_NLL_LOSS_BACKWARD] =
        "y, = torch.autograd.grad(F.nll_loss(x, torch.tensor([0, 1, 3])), x, create_graph=True)",
    [CG_OP_NLL_LOSS2D] = "y = F.nll_loss(img, torch.zeros(1, 5, 5, dtype=torch.long))",
    [CG_OP_NLL_LOSS2D_BACKWARD] =
        "y, = torch.autograd.grad(F.nll_loss(img, torch.zeros(1, 5, 5, dtype=torch.long)), img, create_graph=True)",
    [CG_OP_BCE] = "y = F.binary_cross_entropy(p, half)",
    [CG_OP_BCE_GRAD] = "y, = torch.autograd.grad(F.binary_cross_entropy(p, half), p, create_graph=True)",
    [CG_OP_BCE_LOGITS] = "y = F.binary_cross_entropy_with_logits(x, half)",
    [CG_OP_BCE_LOGITS_GRAD] =
        "y, = torch.autograd.grad(F.binary_cross_entropy_with_logits(x, half), x, create_graph=True)",

    [CG_OP_IM2COL] = "y = F.unfold(img, 2)",
    [CG_OP_COL2IM] = "y = F.fold(w[:, :4].reshape(1, 4, 4), (3, 3), 2)",
    [CG_OP_CONVOLUTION] = "y = F.conv2d(img, torch.randn(3, 2, 2, 2))",
    [CG_OP_MAX_POOL2D] = "y = F.max_pool2d(img, 2)",
    [CG_OP_AVG_POOL2D] = "y = F.avg_pool2d(img, 2)",
    [CG_OP_AVG_POOL2D_BACKWARD] =
        "y, = torch.autograd.grad((F.avg_pool2d(img, 2) ** 2).sum(), img, create_graph=True)",
    [CG_OP_ADAPTIVE_AVG_POOL2D] = "y = F.adaptive_avg_pool2d(img, 2)",
    /* the gradient of a linear op records nothing unless grad_output has a
     * history of its own: hence the square */
    [CG_OP_ADAPTIVE_AVG_POOL2D_BACKWARD] =
        "y, = torch.autograd.grad((F.adaptive_avg_pool2d(img, 2) ** 2).sum(), img, create_graph=True)",

    [CG_OP_UPSAMPLE_NEAREST1D] = "y = F.interpolate(img[0], scale_factor=2)",
    [CG_OP_UPSAMPLE_NEAREST1D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img[0], scale_factor=2) ** 2).sum(), img, create_graph=True)",
    [CG_OP_UPSAMPLE_NEAREST2D] = "y = F.interpolate(img, scale_factor=2)",
    [CG_OP_UPSAMPLE_NEAREST2D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img, scale_factor=2) ** 2).sum(), img, create_graph=True)",
    [CG_OP_UPSAMPLE_NEAREST3D] = "y = F.interpolate(img[None], scale_factor=2)",
    [CG_OP_UPSAMPLE_NEAREST3D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img[None], scale_factor=2) ** 2).sum(), img, create_graph=True)",
    [CG_OP_UPSAMPLE_NEAREST_EXACT1D] = "y = F.interpolate(img[0], size=7, mode='nearest-exact')",
    [CG_OP_UPSAMPLE_NEAREST_EXACT1D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img[0], size=7, mode='nearest-exact') ** 2).sum(), img, create_graph=True)",
    [CG_OP_UPSAMPLE_NEAREST_EXACT2D] = "y = F.interpolate(img, size=7, mode='nearest-exact')",
    [CG_OP_UPSAMPLE_NEAREST_EXACT2D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img, size=7, mode='nearest-exact') ** 2).sum(), img, create_graph=True)",
    [CG_OP_UPSAMPLE_NEAREST_EXACT3D] = "y = F.interpolate(img[None], size=7, mode='nearest-exact')",
    [CG_OP_UPSAMPLE_NEAREST_EXACT3D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img[None], size=7, mode='nearest-exact') ** 2).sum(), img, create_graph=True)",
    [CG_OP_UPSAMPLE_LINEAR1D] = "y = F.interpolate(img[0], size=7, mode='linear')",
    [CG_OP_UPSAMPLE_LINEAR1D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img[0], size=7, mode='linear') ** 2).sum(), img, create_graph=True)",
    [CG_OP_UPSAMPLE_BILINEAR2D] = "y = F.interpolate(img, size=7, mode='bilinear')",
    [CG_OP_UPSAMPLE_BILINEAR2D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img, size=7, mode='bilinear') ** 2).sum(), img, create_graph=True)",
    [CG_OP_UPSAMPLE_TRILINEAR3D] = "y = F.interpolate(img[None], size=7, mode='trilinear')",
    [CG_OP_UPSAMPLE_TRILINEAR3D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img[None], size=7, mode='trilinear') ** 2).sum(), img, create_graph=True)",
    [CG_OP_UPSAMPLE_BICUBIC2D] = "y = F.interpolate(img, size=7, mode='bicubic')",
    [CG_OP_UPSAMPLE_BICUBIC2D_BACKWARD] = "y, = torch.autograd.grad((F.interpolate(img, size=7, mode='bicubic') ** 2).sum(), img, create_graph=True)",

    [CG_OP_ADAPTIVE_AVG_POOL3D] = "y = F.adaptive_avg_pool3d(img[None], (2, 3, 2))",
    [CG_OP_ADAPTIVE_AVG_POOL3D_BACKWARD] =
        "y, = torch.autograd.grad((F.adaptive_avg_pool3d(img[None], (2, 3, 2)) ** 2).sum(), img, create_graph=True)",

    [CG_OP_ADAPTIVE_MAX_POOL2D] = "y = F.adaptive_max_pool2d(img, (2, 3))",

    [CG_OP_MAX_UNPOOL2D] = "y = F.max_unpool2d(*F.max_pool2d(img, 2, return_indices=True), 2, output_size=(5, 5))",

    [CG_OP_MAX_POOL3D] = "y = F.max_pool3d(img[None], 2)",
    [CG_OP_ADAPTIVE_MAX_POOL3D] = "y = F.adaptive_max_pool3d(img[None], (2, 3, 2))",
    [CG_OP_MAX_UNPOOL3D] = "y = F.max_unpool3d(*F.max_pool3d(img[None], 2, return_indices=True), 2, output_size=(2, 5, 5))",
    [CG_OP_CONV_TBC] = "y = torch.conv_tbc(img[0], torch.randn(2, 5, 3), torch.zeros(3), 1)",
    [CG_OP_AVG_POOL3D] = "y = F.avg_pool3d(img[None], 2)",
    [CG_OP_AVG_POOL3D_BACKWARD] =
        "y, = torch.autograd.grad((F.avg_pool3d(img[None], 2) ** 2).sum(), img, create_graph=True)",

    [CG_OP_GRID_SAMPLER_2D] = "y = F.grid_sample(img, torch.rand(1, 3, 4, 2) * 2 - 1, align_corners=False)",
    [CG_OP_GRID_SAMPLER_3D] =
        "y = F.grid_sample(img[None], torch.rand(1, 2, 3, 4, 3) * 2 - 1, mode='nearest', align_corners=True)",
    [CG_OP_AFFINE_GRID_GENERATOR] = "y = F.affine_grid(x[:2, :3][None], [1, 1, 3, 4], align_corners=False)",
    [CG_OP_FRACTIONAL_MAX_POOL2D] = "y = F.fractional_max_pool2d(img, 2, output_size=3)",
    [CG_OP_FRACTIONAL_MAX_POOL3D] = "y = F.fractional_max_pool3d(img[None], (1, 2, 2), output_ratio=0.5)",

    [CG_OP_CONSTANT_PAD_ND] = "y = F.pad(x, (1, 1))",
    [CG_OP_REFLECTION_PAD] = "y = F.pad(img, (1, 1, 1, 1), mode='reflect')",
    [CG_OP_REPLICATION_PAD] = "y = F.pad(img, (1, 1, 1, 1), mode='replicate')",
};

/* INTERNAL: the differentiable rows no Python code can reach (an op used
 * only inside another op's derivative), [CG_OP_<ID>] = "why". None today:
 * the backward kernels recorded as nodes are reached above through
 * create_graph=True. (The NULL keeps the list valid C while it is empty.) */
static const char *const internal[CG_OP_COUNT] = {
    NULL,
};

Test(op_reach, every_differentiable_row_is_reached_or_internal) {
    for (int op = 0; op < CG_OP_COUNT; op++) {
        const cg_op_info *row = &cg_op_table[op];
        int listed = (reach[op] != NULL) + (internal[op] != NULL);
        if (row->backward)
            cr_expect_eq(listed, 1, "ops.def row %s (%s) is differentiable: give it a snippet in reach[] %s", row->name,
                         row->node_name, listed ? "or INTERNAL, not both" : "or list it INTERNAL");
        else
            cr_expect_eq(listed, 0, "ops.def row %s is nodiff: it has no place in reach[] or INTERNAL", row->name);
    }
}

/* The names in y's graph after src ran in a fresh session (malloc'd), or
 * NULL with *error set to the traceback (malloc'd). */
static char *graph_of(const char *src, char **error) {
    size_t n = strlen(prelude) + strlen(src) + 32;
    char *cell = malloc(n);
    cr_assert(cell);
    snprintf(cell, n, "%s%s\ngraph_names(y)\n", prelude, src);
    cg_session *s = cg_session_new();
    cr_assert(s);
    cg_value v;
    char *names = NULL;
    *error = NULL;
    if (cg_session_run(s, cell, strlen(cell), "<reach>", &v) < 0) {
        cg_value e = cg_exc_fetch();
        *error = cg_traceback_format(e);
        cg_decref(e);
    } else {
        cr_assert(cg_is_str(v));
        names = strdup(cg_str_cstr(v));
        cg_decref(v);
    }
    cg_session_free(s);
    free(cell);
    return names;
}

/* name is one of the space-separated words of names. */
static bool has_word(const char *names, const char *name) {
    size_t n = strlen(name);
    for (const char *p = names; (p = strstr(p, name)); p += n)
        if ((p == names || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

Test(op_reach, every_snippet_records_its_node) {
    for (int op = 0; op < CG_OP_COUNT; op++) {
        if (!reach[op])
            continue;
        const cg_op_info *row = &cg_op_table[op];
        char *error, *names = graph_of(reach[op], &error);
        if (!names)
            cr_expect_fail("%s: `%s` failed:\n%s", row->name, reach[op], error ? error : "(no traceback)");
        else
            cr_expect(has_word(names, row->node_name), "%s: the graph of `%s` has no %s, only: %s", row->name,
                      reach[op], row->node_name, names);
        free(names);
        free(error);
    }
}

/* ---- every row of the language's op tables ----------------------------------------- */

/* The C function behind attribute `name` of o, when it is a builtin. */
static cg_cfunc builtin_fn(cg_value o, const char *name) {
    cg_value f = cg_getattr_opt(o, cg_str_intern(name));
    cr_assert(!cg_is_err(f), "getattr %s raised", name);
    cg_cfunc fn = f.tag == CG_V_OBJ && f.u.o->type == &cg_type_builtin ? ((cg_builtin *)f.u.o)->def->fn : NULL;
    if (f.tag != CG_V_STOP)
        cg_decref(f);
    return fn;
}

static bool generic_adapter(torch_adapter a) {
    return a == torch_adapt_impl || a == torch_adapt_unary || a == torch_adapt_unary_ || a == torch_adapt_binary
           || a == torch_adapt_binary_ || a == torch_adapt_tbinary || a == torch_adapt_tbinary_;
}

/* The first row of any table whose adapter is a. */
static const torch_op *first_of_adapter(torch_adapter a) {
    int n;
    const torch_op *ops;
    for (int t = 0; (ops = torch_op_table_at(t, &n)); t++)
        for (int r = 0; r < n; r++)
            if (ops[r].adapt == a)
                return &ops[r];
    return NULL;
}

/* A row is bound where it says: Tensor.<name> is its method trampoline
 * (TORCH_METHOD), torch.<name>, torch.nn.functional.<name> or
 * torch.linalg.<name> its function
 * trampoline (TORCH_FUNCTION). Each trampoline is its row's own, so a row
 * that another binding of its name hides fails too. Its function is
 * there: every generic binder (UNARY(f), BINARY(f), ..., IMPL(f)) names
 * one; a FAMILY adapter either calls a function in all its rows or in none
 * (it reads a flag instead). */
Test(op_reach, every_language_row_is_bound) {
    cg_value torch = cg_import("torch");
    cr_assert(!cg_is_err(torch), "import torch failed");
    cg_value fmod = cg_import("torch.nn.functional");
    cr_assert(!cg_is_err(fmod), "import torch.nn.functional failed");
    cg_value lmod = cg_import("torch.linalg");
    cr_assert(!cg_is_err(lmod), "import torch.linalg failed");
    cg_value tensor = cg_getattr(torch, cg_str_intern("Tensor"));
    cr_assert(!cg_is_err(tensor));

    int n, rows = 0;
    const torch_op *ops;
    for (int t = 0; (ops = torch_op_table_at(t, &n)); t++) {
        for (int r = 0; r < n; r++, rows++) {
            const torch_op *op = &ops[r];
            char row[160]; /* the row, for messages: "mul(other), row 5 of add's table" */
            snprintf(row, sizeof row, "%s(%s), row %d of %s's table", op->name, op->params, r, ops[0].name);
            if (op->where & TORCH_METHOD)
                cr_expect(builtin_fn(tensor, op->name) == op->mfn, "%s: Tensor.%s is not its method", row, op->name);
            if (op->where & TORCH_FUNCTION)
                cr_expect(builtin_fn(torch, op->name) == op->ffn || builtin_fn(fmod, op->name) == op->ffn
                              || builtin_fn(lmod, op->name) == op->ffn,
                          "%s: none of torch.%s, torch.nn.functional.%s, torch.linalg.%s is its function", row,
                          op->name, op->name, op->name);
            if (generic_adapter(op->adapt))
                cr_expect(op->fn, "%s: its binder names no function", row);
            else
                cr_expect(!op->fn == !first_of_adapter(op->adapt)->fn,
                          "%s: its FAMILY adapter is given a function here and not in %s's row, or the reverse", row,
                          first_of_adapter(op->adapt)->name);
        }
    }
    cr_expect_gt(rows, 0, "no op table was registered through torch_ops_prepare");
    cg_decref(tensor);
    cg_decref(fmod);
    cg_decref(lmod);
    cg_decref(torch);
}
