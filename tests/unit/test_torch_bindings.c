/* test_torch_bindings.c: the torch module and the Tensor type as the cell
 * language calls them (cg_kernel_call, cg_binary, cg_getitem, ...): argument
 * binding, results, and errors. Every expected text is what PyTorch 1.13
 * printed for the same call (repr of the result, or "Kind: message").
 *
 * The helpers take over the references of the values they are given, so a
 * test reads as the Python it mirrors; tensors used twice are kept with
 * keep(). */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"

static cg_value torch_m;

static void setup(void) {
    cr_assert(cg_lang_init() == 0);
    torch_m = cg_import("torch");
    cr_assert(!cg_is_err(torch_m), "import torch failed");
}

static void teardown(void) {
    cg_decref(torch_m);
    cg_exc_clear();
    cg_lang_shutdown();
}

TestSuite(torch_bindings, .init = setup, .fini = teardown);

/* ---- helpers ---------------------------------------------------------------------- */

typedef struct {
    const char *name;
    cg_value v;
} kw;

#define POS(...) \
    (int)(sizeof((cg_value[]){__VA_ARGS__}) / sizeof(cg_value)), (cg_value[]) { __VA_ARGS__ }
#define NOPOS 0, NULL
#define KW(...) \
    (int)(sizeof((kw[]){__VA_ARGS__}) / sizeof(kw)), (kw[]) { __VA_ARGS__ }
#define NOKW 0, NULL

static cg_value keep(cg_value v) { return cg_incref(v); }

/* o.name, taking o's reference */
static cg_value attr(cg_value o, const char *name) {
    cg_value r = cg_is_err(o) ? CG_ERR : cg_getattr(o, cg_str_intern(name));
    cg_decref(o);
    return r;
}

/* f(*pos, **kws), taking the references of f, pos and kws. */
static cg_value callk(cg_value f, int np, const cg_value *pos, int nk, const kw *kws) {
    cg_str *names[8];
    cg_value vals[8];
    for (int i = 0; i < nk; i++) {
        names[i] = cg_str_intern(kws[i].name);
        vals[i] = kws[i].v;
    }
    cg_args a = {pos, np, names, vals, nk};
    cg_value r = cg_is_err(f) ? CG_ERR : cg_call(f, &a);
    cg_decref(f);
    for (int i = 0; i < np; i++)
        cg_decref(pos[i]);
    for (int i = 0; i < nk; i++)
        cg_decref(vals[i]);
    return r;
}

/* torch.<name>(...) and obj.<name>(...), taking obj's reference. */
#define T_(name, ...) callk(attr(keep(torch_m), name), __VA_ARGS__)
#define M_(obj, name, ...) callk(attr(obj, name), __VA_ARGS__)

/* The protocols, taking their operands' references. */
static cg_value both(cg_value r, cg_value a, cg_value b) {
    cg_decref(a), cg_decref(b);
    return r;
}
static cg_value bin_(cg_value a, cg_value b, cg_binop op) { return both(cg_binary(a, b, op), a, b); }
static cg_value cmp_(cg_value a, cg_value b, cg_cmpop op) { return both(cg_compare(a, b, op), a, b); }
static cg_value inp_(cg_value a, cg_value b, cg_binop op) { return both(cg_inplace(a, b, op), a, b); }
static cg_value gi_(cg_value a, cg_value k) { return both(cg_getitem(a, k), a, k); }
static int si_(cg_value a, cg_value k, cg_value v) {
    int rc = cg_setitem(a, k, v);
    cg_decref(a), cg_decref(k), cg_decref(v);
    return rc;
}
static cg_value un_(cg_value a, cg_unaryop op) {
    cg_value r = cg_unary(a, op);
    cg_decref(a);
    return r;
}

static cg_value seq(bool tuple, int n, const cg_value *vs) {
    cg_value r = tuple ? cg_tuple_new(n) : cg_list_new(n);
    for (int i = 0; i < n; i++) {
        if (tuple)
            ((cg_tuple *)r.u.o)->items[i] = vs[i];
        else
            ((cg_list *)r.u.o)->items[i] = vs[i];
    }
    return r;
}
#define L(...) seq(false, POS(__VA_ARGS__))
#define TU(...) seq(true, POS(__VA_ARGS__))
#define I(x) cg_int(x)
#define D(x) cg_float(x)
#define S(x) cg_str_from_c(x)

/* "Kind: message" of the pending exception, or the repr of v; takes v. */
static char *text_of(cg_value v) {
    char *out;
    if (cg_is_err(v)) {
        cg_value e = cg_exc_fetch();
        cg_value m = cg_exc_message(e);
        cr_assert(!cg_is_err(m));
        cr_assert(asprintf(&out, "%s: %s", e.u.o->type->name, cg_str_cstr(m)) > 0);
        cg_decref(m);
        cg_decref(e);
        return out;
    }
    cg_value r = cg_repr(v);
    cg_decref(v);
    if (cg_is_err(r))
        return text_of(r);
    out = strdup(cg_str_cstr(r));
    cg_decref(r);
    return out;
}

#define EXPECT(v, text)                                                               \
    do {                                                                              \
        char *got_ = text_of(v);                                                      \
        cr_expect_str_eq(got_, text, "%s\n  gave   %s\n  wanted %s", #v, got_, text); \
        free(got_);                                                                   \
    } while (0)

/* A float tensor from values, of the given shape. */
static cg_value tensor2(int rows, int cols, const double *v, bool rg) {
    cg_value outer = cg_list_new(rows);
    for (int r = 0; r < rows; r++) {
        cg_value row = cg_list_new(cols);
        for (int c = 0; c < cols; c++)
            ((cg_list *)row.u.o)->items[c] = cg_float(v[r * cols + c]);
        ((cg_list *)outer.u.o)->items[r] = row;
    }
    return T_("tensor", POS(outer), KW({"requires_grad", cg_bool(rg)}));
}

/* x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True) */
static cg_value x23(void) { return tensor2(2, 3, (double[]){1, 2, 3, 4, 5, 6}, true); }

/* ---- torch.tensor and creation ------------------------------------------------------ */

Test(torch_bindings, tensor_infers_dtype_and_shape) {
    EXPECT(T_("tensor", POS(L(D(1), D(2.5))), NOKW), "tensor([1.0000, 2.5000])");
    EXPECT(T_("tensor", POS(L(cg_bool(true), I(2))), NOKW), "tensor([1, 2])");
    EXPECT(T_("tensor", POS(I(3)), NOKW), "tensor(3)");
    EXPECT(T_("tensor", POS(L()), NOKW), "tensor([])");
    EXPECT(T_("tensor", POS(L(L(), L())), NOKW), "tensor([], size=(2, 0))");
    EXPECT(T_("tensor", POS(L(D(1.7), D(-2.7))), KW({"dtype", attr(keep(torch_m), "int64")})), "tensor([ 1, -2])");
    EXPECT(T_("tensor", POS(L(I(1), I(2))), KW({"dtype", attr(keep(torch_m), "bool")})), "tensor([True, True])");
    EXPECT(T_("tensor", POS(L(I(1), I(2))), KW({"dtype", attr(keep(torch_m), "float64")}, {"requires_grad", CG_TRUE})),
           "tensor([1., 2.], dtype=torch.float64, requires_grad=True)");
}

Test(torch_bindings, tensor_errors_are_pytorchs) {
    EXPECT(T_("tensor", POS(L(L(I(1), I(2)), L(I(3)))), NOKW),
           "ValueError: expected sequence of length 2 at dim 1 (got 1)");
    EXPECT(T_("tensor", POS(L(L(I(1), I(2)), I(3))), NOKW), "TypeError: not a sequence");
    EXPECT(T_("tensor", POS(S("a")), NOKW), "TypeError: new(): invalid data type 'str'");
    EXPECT(T_("tensor", POS(CG_NONE), NOKW), "RuntimeError: Could not infer dtype of NoneType");
    EXPECT(T_("tensor", POS(L(I(1), L(I(2)))), NOKW), "TypeError: 'list' object cannot be interpreted as an integer");
    EXPECT(T_("tensor", POS(L(I(1), I(2))), KW({"requires_grad", CG_TRUE})),
           "RuntimeError: Only Tensors of floating point and complex dtype can require gradients");
}

Test(torch_bindings, tensor_of_tensors) {
    cg_value a = T_("tensor", POS(D(1)), NOKW),
             b = T_("tensor", POS(D(2.5)), KW({"dtype", attr(keep(torch_m), "float64")}));
    EXPECT(T_("tensor", POS(L(keep(a), keep(b))), NOKW), "tensor([1.0000, 2.5000], dtype=torch.float64)");
    cg_value v = T_("ones", POS(I(2)), NOKW);
    EXPECT(T_("tensor", POS(L(keep(v), keep(v))), NOKW),
           "ValueError: only one element tensors can be converted to Python scalars");
    cg_decref(a), cg_decref(b), cg_decref(v);
}

Test(torch_bindings, factories) {
    EXPECT(T_("zeros", POS(I(2), I(1)), NOKW), "tensor([[0.],\n        [0.]])");
    EXPECT(T_("zeros", NOPOS, KW({"size", TU(I(2), I(1))})), "tensor([[0.],\n        [0.]])");
    EXPECT(T_("ones", POS(L(I(2))), KW({"dtype", attr(keep(torch_m), "long")})), "tensor([1, 1])");
    EXPECT(T_("full", POS(TU(I(2)), I(1)), NOKW), "tensor([1, 1])");
    EXPECT(T_("full", POS(TU(I(2)), cg_bool(true)), NOKW), "tensor([True, True])");
    EXPECT(T_("full", POS(TU(I(2)), D(1.5)), KW({"dtype", attr(keep(torch_m), "int64")})), "tensor([1, 1])");
    EXPECT(T_("arange", POS(I(5)), NOKW), "tensor([0, 1, 2, 3, 4])");
    EXPECT(T_("arange", POS(I(0), I(1), D(0.25)), NOKW), "tensor([0.0000, 0.2500, 0.5000, 0.7500])");
    EXPECT(T_("arange", POS(I(1), I(4)), KW({"dtype", attr(keep(torch_m), "float64")})),
           "tensor([1., 2., 3.], dtype=torch.float64)");
    EXPECT(T_("linspace", POS(I(0), I(1), I(5)), NOKW), "tensor([0.0000, 0.2500, 0.5000, 0.7500, 1.0000])");
    EXPECT(T_("eye", POS(I(2), I(3)), NOKW), "tensor([[1., 0., 0.],\n        [0., 1., 0.]])");
    EXPECT(T_("zeros", POS(I(2), D(1.5)), NOKW),
           "TypeError: zeros(): argument 'size' must be tuple of SymInts, but found element of type float at pos 2");
    EXPECT(T_("zeros", POS(I(-1)), NOKW), "RuntimeError: Trying to create tensor with negative dimension -1: [-1]");
    EXPECT(T_("ones", POS(I(2)), KW({"requires_grad", CG_TRUE}, {"dtype", attr(keep(torch_m), "long")})),
           "RuntimeError: Only Tensors of floating point and complex dtype can require gradients");
}

Test(torch_bindings, like_factories) {
    cg_value o = T_("ones", POS(I(2)), NOKW);
    EXPECT(T_("zeros_like", POS(keep(o)), KW({"dtype", attr(keep(torch_m), "long")})), "tensor([0, 0])");
    EXPECT(T_("full_like", POS(keep(o), I(7)), NOKW), "tensor([7., 7.])");
    EXPECT(attr(T_("randint_like", POS(keep(o), I(5)), NOKW), "dtype"), "torch.float32");
    EXPECT(M_(keep(o), "new_zeros", POS(I(2)), NOKW), "tensor([0., 0.])");
    EXPECT(M_(keep(o), "new_tensor", POS(L(I(1), I(2))), NOKW), "tensor([1., 2.])");
    EXPECT(M_(keep(o), "new_full", POS(TU(I(2)), I(3)), NOKW), "tensor([3., 3.])");
    cg_decref(o);
}

Test(torch_bindings, random_draws_match_pytorch) {
    cg_value g = callk(attr(T_("Generator", NOPOS, NOKW), "manual_seed"), POS(I(0)), NOKW);
    EXPECT(T_("rand", POS(I(2)), KW({"generator", keep(g)})), "tensor([0.4963, 0.7682])");
    cg_decref(g);
    g = callk(attr(T_("Generator", NOPOS, NOKW), "manual_seed"), POS(I(0)), NOKW);
    EXPECT(T_("randperm", POS(I(4)), KW({"generator", keep(g)})), "tensor([0, 1, 3, 2])");
    cg_decref(g);
    EXPECT(attr(T_("randint", POS(I(5), TU(I(3))), NOKW), "dtype"), "torch.int64");
    EXPECT(attr(T_("randint", POS(I(3), I(5), TU(I(3))), NOKW), "shape"), "torch.Size([3])");
    EXPECT(attr(T_("normal", POS(D(0), D(1), TU(I(2))), NOKW), "shape"), "torch.Size([2])");
    EXPECT(T_("randn", POS(I(2), I(2)), KW({"dtype", attr(keep(torch_m), "int64")})),
           "RuntimeError: \"normal_kernel_cpu\" not implemented for 'Long'");
    cg_value seeded = T_("manual_seed", POS(I(0)), NOKW);
    char *s = text_of(seeded);
    cr_expect(strncmp(s, "<torch._C.Generator object at 0x", 32) == 0, "%s", s);
    free(s);
}

/* ---- operators ---------------------------------------------------------------------- */

Test(torch_bindings, operators_record_pytorchs_nodes) {
    cg_value x = T_("ones", POS(I(2)), KW({"requires_grad", CG_TRUE}));
    struct {
        cg_value a, b;
        cg_binop op;
        const char *node;
    } cases[] = {
        {I(2), x, OP_SUB, "RsubBackward1"}, {I(2), x, OP_DIV, "MulBackward0"}, {x, I(2), OP_DIV, "DivBackward0"},
        {I(2), x, OP_MULT, "MulBackward0"}, {x, I(2), OP_SUB, "SubBackward0"}, {I(2), x, OP_ADD, "AddBackward0"},
        {I(2), x, OP_POW, "PowBackward1"},  {x, I(2), OP_POW, "PowBackward0"}, {x, x, OP_MATMULT, "DotBackward0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cg_value r = bin_(keep(cases[i].a), keep(cases[i].b), cases[i].op);
        cg_value fn = attr(keep(r), "grad_fn");
        cg_value name = M_(keep(fn), "name", NOPOS, NOKW);
        cr_expect_str_eq(cg_str_cstr(name), cases[i].node, "case %zu", i);
        cg_decref(name), cg_decref(fn), cg_decref(r);
    }
    /* 2 / x is x.reciprocal() * 2: (ReciprocalBackward0, None) */
    cg_value r = bin_(I(2), keep(x), OP_DIV);
    cg_value next = attr(attr(keep(r), "grad_fn"), "next_functions");
    cg_value first = gi_(keep(((cg_tuple *)next.u.o)->items[0]), I(0));
    EXPECT(M_(keep(first), "name", NOPOS, NOKW), "'ReciprocalBackward0'");
    EXPECT(keep(((cg_tuple *)next.u.o)->items[1]), "(None, 0)");
    /* RsubBackward1 has one edge, as in PyTorch */
    cg_value rs = bin_(I(2), keep(x), OP_SUB);
    cg_value rnext = attr(attr(keep(rs), "grad_fn"), "next_functions");
    cr_expect_eq(((cg_tuple *)rnext.u.o)->len, 1);
    cg_decref(rnext), cg_decref(rs), cg_decref(first), cg_decref(next), cg_decref(r), cg_decref(x);
}

Test(torch_bindings, operator_results_and_errors) {
    cg_value x = x23();
    EXPECT(bin_(keep(x), I(2), OP_FLOORDIV), "tensor([[0., 1., 1.],\n        [2., 2., 3.]], grad_fn=<NotImplemented>)");
    EXPECT(bin_(keep(x), I(2), OP_MOD), "tensor([[1., 0., 1.],\n        [0., 1., 0.]], grad_fn=<RemainderBackward0>)");
    EXPECT(bin_(I(1), keep(x), OP_DIV),
           "tensor([[1.0000, 0.5000, 0.3333],\n        [0.2500, 0.2000, 0.1667]], grad_fn=<MulBackward0>)");
    EXPECT(un_(keep(x), OP_USUB), "tensor([[-1., -2., -3.],\n        [-4., -5., -6.]], grad_fn=<NegBackward0>)");
    EXPECT(cmp_(I(2), keep(x), OP_LT), "tensor([[False, False,  True],\n        [ True,  True,  True]])");
    EXPECT(cmp_(keep(x), I(2), OP_NOT_EQ), "tensor([[ True, False,  True],\n        [ True,  True,  True]])");
    EXPECT(bin_(keep(x), I(2), OP_MATMULT), "TypeError: unsupported operand type(s) for @: 'Tensor' and 'int'");
    EXPECT(bin_(keep(x), S("a"), OP_ADD), "TypeError: unsupported operand type(s) for +: 'Tensor' and 'str'");
    cg_value f = T_("ones", POS(I(2)), NOKW);
    EXPECT(un_(keep(f), OP_INVERT),
           "TypeError: ~ (operator.invert) is only implemented on integer and Boolean-type tensors");
    cg_value b = T_("tensor", POS(L(CG_TRUE, CG_FALSE)), NOKW);
    EXPECT(un_(keep(b), OP_INVERT), "tensor([False,  True])");
    EXPECT(cmp_(keep(f), keep(CG_NONE), OP_EQ), "False");
    cg_decref(b), cg_decref(f), cg_decref(x);
}

Test(torch_bindings, inplace_operators) {
    cg_value x = T_("ones", POS(I(2)), KW({"requires_grad", CG_TRUE}));
    EXPECT(inp_(keep(x), I(1), OP_ADD),
           "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.");
    cg_value y = T_("ones", POS(I(2)), NOKW);
    cg_value r = inp_(keep(y), I(2), OP_MULT);
    cr_expect(r.u.o == y.u.o, "x *= 2 returns x itself");
    cg_decref(r);
    EXPECT(attr(keep(y), "_version"), "1");
    EXPECT(keep(y), "tensor([2., 2.])");
    cg_value l = T_("zeros", POS(I(2)), KW({"dtype", attr(keep(torch_m), "long")}));
    EXPECT(inp_(keep(l), D(0.5), OP_ADD),
           "RuntimeError: result type Float can't be cast to the desired output type Long");
    cg_decref(l), cg_decref(y), cg_decref(x);
}

Test(torch_bindings, truth_len_hash_contains_iter) {
    cg_value two = T_("ones", POS(I(2)), NOKW), zero_d = T_("tensor", POS(D(1)), NOKW);
    cg_value empty = T_("tensor", POS(L()), NOKW);
    cr_expect_eq(cg_truth(two), -1);
    EXPECT(CG_ERR, "RuntimeError: Boolean value of Tensor with more than one value is ambiguous");
    cr_expect_eq(cg_truth(empty), -1);
    EXPECT(CG_ERR, "RuntimeError: Boolean value of Tensor with no values is ambiguous");
    cr_expect_eq(cg_truth(zero_d), 1);
    cr_expect_eq(cg_len(zero_d), -1);
    EXPECT(CG_ERR, "TypeError: len() of a 0-d tensor");
    cr_expect_eq(cg_len(two), 2);
    cr_expect_eq(cg_hash(two), (int64_t)(intptr_t)two.u.o);
    cr_expect_eq(cg_contains(two, I(1)), 1);
    cr_expect_eq(cg_contains(two, I(3)), 0);
    cr_expect_eq(cg_contains(two, S("a")), -1);
    EXPECT(CG_ERR,
           "RuntimeError: Tensor.__contains__ only supports Tensor or scalar, but you passed in a <class 'str'>.");
    EXPECT(cg_iter(zero_d), "TypeError: iteration over a 0-d tensor");
    cg_value m = T_("ones", POS(I(2), I(2)), KW({"requires_grad", CG_TRUE}));
    cg_value it = cg_iter(m);
    EXPECT(cg_next(it), "tensor([1., 1.], grad_fn=<UnbindBackward0>)");
    EXPECT(cg_next(it), "tensor([1., 1.], grad_fn=<UnbindBackward0>)");
    cr_expect_eq(cg_next(it).tag, CG_V_STOP);
    cg_decref(it), cg_decref(m), cg_decref(empty), cg_decref(zero_d), cg_decref(two);
}

/* ---- subscripts -------------------------------------------------------------------- */

Test(torch_bindings, getitem_forms) {
    cg_value x = x23();
    EXPECT(gi_(keep(x), I(0)), "tensor([1., 2., 3.], grad_fn=<SelectBackward0>)");
    EXPECT(gi_(keep(x), TU(cg_slice_new(CG_NONE, CG_NONE, CG_NONE), I(1))),
           "tensor([2., 5.], grad_fn=<SelectBackward0>)");
    EXPECT(gi_(keep(x), TU(keep(cg_Ellipsis), cg_slice_new(CG_NONE, CG_NONE, I(2)))),
           "tensor([[1., 3.],\n        [4., 6.]], grad_fn=<SliceBackward0>)");
    cg_value mask = cmp_(keep(x), I(2), OP_GT);
    EXPECT(gi_(keep(x), mask), "tensor([3., 4., 5., 6.], grad_fn=<IndexBackward0>)");
    EXPECT(gi_(keep(x), L(I(1), I(0))), "tensor([[4., 5., 6.],\n        [1., 2., 3.]], grad_fn=<IndexBackward0>)");
    EXPECT(attr(gi_(keep(x), CG_NONE), "shape"), "torch.Size([1, 2, 3])");
    EXPECT(gi_(keep(x), D(1.5)), "IndexError: only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                                 "Variables are valid indices (got float)");
    EXPECT(gi_(keep(x), I(5)), "IndexError: index 5 is out of bounds for dimension 0 with size 2");
    EXPECT(gi_(keep(x), cg_slice_new(CG_NONE, CG_NONE, I(-1))), "ValueError: step must be greater than zero");
    cg_value a = T_("arange", POS(I(6)), NOKW);
    cg_value v = M_(keep(a), "view", POS(I(2), I(3)), NOKW);
    EXPECT(gi_(keep(v), L(I(1), I(0))), "tensor([[3, 4, 5],\n        [0, 1, 2]])");
    EXPECT(gi_(keep(v), L(L(I(0), I(1)), L(I(1), I(2)))),
           "IndexError: index 2 is out of bounds for dimension 0 with size 2");
    EXPECT(gi_(keep(v), TU(L(I(0), I(1)), L(I(1), I(2)))), "tensor([1, 5])");
    EXPECT(gi_(keep(v), CG_TRUE), "tensor([[[0, 1, 2],\n         [3, 4, 5]]])");
    EXPECT(gi_(keep(v), TU(T_("tensor", POS(I(1)), NOKW), CG_NONE)), "tensor([[3, 4, 5]])");
    cg_decref(v), cg_decref(a), cg_decref(x);
}

Test(torch_bindings, setitem_forms) {
    cg_value z = T_("zeros", POS(I(2), I(3)), NOKW);
    cr_expect_eq(si_(keep(z), TU(I(0), I(1)), T_("tensor", POS(I(5)), NOKW)), 0);
    EXPECT(keep(z), "tensor([[0., 5., 0.],\n        [0., 0., 0.]])");
    cg_value l = T_("zeros", POS(I(2), I(3)), KW({"dtype", attr(keep(torch_m), "long")}));
    cr_expect_eq(si_(keep(l), I(0), D(2.7)), 0);
    EXPECT(keep(l), "tensor([[2, 2, 2],\n        [0, 0, 0]])");
    cg_value lst = L(I(1), I(2), I(3));
    cr_expect_eq(si_(keep(z), I(0), lst), -1);
    EXPECT(CG_ERR, "TypeError: can't assign a list to a torch.FloatTensor");
    cg_value z0 = T_("tensor", POS(I(5)), NOKW);
    cr_expect_eq(si_(keep(z0), I(0), I(1)), -1);
    EXPECT(CG_ERR, "IndexError: invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                   "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
    EXPECT(gi_(keep(z0), TU(I(0))), "IndexError: too many indices for tensor of dimension 0");
    EXPECT(gi_(keep(z0), I(0)), "IndexError: invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
    cg_decref(z0), cg_decref(l), cg_decref(z);
}

/* ---- attributes --------------------------------------------------------------------- */

Test(torch_bindings, attributes) {
    cg_value x = x23();
    EXPECT(attr(keep(x), "shape"), "torch.Size([2, 3])");
    EXPECT(attr(keep(x), "dtype"), "torch.float32");
    EXPECT(attr(keep(x), "device"), "device(type='cpu')");
    EXPECT(attr(keep(x), "ndim"), "2");
    EXPECT(attr(keep(x), "is_leaf"), "True");
    EXPECT(attr(keep(x), "grad"), "None");
    EXPECT(attr(keep(x), "grad_fn"), "None");
    EXPECT(attr(keep(x), "T"), "tensor([[1., 4.],\n        [2., 5.],\n        [3., 6.]], grad_fn=<PermuteBackward0>)");
    EXPECT(attr(keep(x), "data"), "tensor([[1., 2., 3.],\n        [4., 5., 6.]])");
    EXPECT(attr(keep(x), "foo"), "AttributeError: 'Tensor' object has no attribute 'foo'");
    cg_value y = bin_(keep(x), I(2), OP_MULT);
    EXPECT(attr(keep(y), "is_leaf"), "False");
    cr_expect_eq(cg_setattr(y, cg_str_intern("requires_grad"), CG_FALSE), -1);
    EXPECT(CG_ERR, "RuntimeError: you can only change requires_grad flags of leaf variables. If you want to use a "
                   "computed variable in a subgraph that doesn't require differentiation use var_no_grad = "
                   "var.detach().");
    cr_expect_eq(cg_setattr(y, cg_str_intern("requires_grad"), CG_TRUE), -1);
    EXPECT(CG_ERR, "RuntimeError: you can only change requires_grad flags of leaf variables.");
    cg_value l = T_("ones", POS(I(2)), KW({"dtype", attr(keep(torch_m), "long")}));
    cr_expect_eq(cg_setattr(l, cg_str_intern("requires_grad"), CG_TRUE), -1);
    EXPECT(CG_ERR, "RuntimeError: only Tensors of floating point and complex dtype can require gradients");
    EXPECT(M_(keep(l), "requires_grad_", NOPOS, NOKW), "RuntimeError: only Tensors of floating point dtype can require "
                                                       "gradients");
    cg_decref(l), cg_decref(y), cg_decref(x);
}

Test(torch_bindings, grad_assignment) {
    cg_value x = T_("ones", POS(I(2)), KW({"requires_grad", CG_TRUE}));
    cg_str *grad = cg_str_intern("grad");
    cg_value g3 = T_("ones", POS(I(3)), NOKW),
             g64 = T_("ones", POS(I(2)), KW({"dtype", attr(keep(torch_m), "float64")}));
    cr_expect_eq(cg_setattr(x, grad, g3), -1);
    EXPECT(CG_ERR, "RuntimeError: assigned grad has data of a different size");
    cr_expect_eq(cg_setattr(x, grad, g64), -1);
    EXPECT(CG_ERR, "RuntimeError: assigned grad has data of a different type");
    cr_expect_eq(cg_setattr(x, grad, I(3)), -1);
    EXPECT(CG_ERR, "TypeError: assigned grad expected to be a Tensor or None but got grad of typeint");
    cg_value g = T_("zeros", POS(I(2)), NOKW);
    cr_expect_eq(cg_setattr(x, grad, g), 0);
    cg_value a = attr(keep(x), "grad"), b = attr(keep(x), "grad");
    cr_expect(a.u.o == g.u.o && b.u.o == a.u.o, "x.grad is x.grad, and is the tensor assigned");
    cg_decref(a), cg_decref(b);
    cr_expect_eq(cg_delattr(x, grad), 0);
    EXPECT(attr(keep(x), "grad"), "None");
    cg_decref(g), cg_decref(g3), cg_decref(g64), cg_decref(x);
}

Test(torch_bindings, size_dtype_device_objects) {
    cg_value x = x23();
    cg_value shape = attr(keep(x), "shape");
    EXPECT(gi_(keep(shape), cg_slice_new(I(1), CG_NONE, CG_NONE)), "torch.Size([3])");
    EXPECT(bin_(keep(shape), TU(I(4)), OP_ADD), "torch.Size([2, 3, 4])");
    EXPECT(cmp_(keep(shape), TU(I(2), I(3)), OP_EQ), "True");
    EXPECT(M_(keep(shape), "numel", NOPOS, NOKW), "6");
    EXPECT(M_(keep(x), "size", POS(I(-1)), NOKW), "3");
    EXPECT(M_(keep(x), "size", POS(I(5)), NOKW),
           "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 5)");
    EXPECT(M_(keep(x), "stride", NOPOS, NOKW), "(3, 1)");
    EXPECT(T_("Size", POS(L(D(1.5))), NOKW), "TypeError: torch.Size() takes an iterable of 'int' (item 0 is 'float')");
    EXPECT(attr(attr(keep(torch_m), "float64"), "is_floating_point"), "True");
    EXPECT(attr(attr(keep(torch_m), "bool"), "is_signed"), "False");
    cr_expect(attr(keep(torch_m), "float").u.o == attr(keep(torch_m), "float32").u.o);
    EXPECT(T_("device", POS(S("cuda:0")), NOKW), "device(type='cuda', index=0)");
    EXPECT(T_("device", POS(S("cuda"), I(1)), NOKW), "device(type='cuda', index=1)");
    EXPECT(T_("device", POS(S("cpu"), I(0)), NOKW), "device(type='cpu', index=0)");
    EXPECT(T_("device", POS(S("cuda:x")), NOKW), "RuntimeError: Invalid device string: 'cuda:x'");
    EXPECT(T_("device", POS(S("xyz")), NOKW),
           "RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, "
           "xla, lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: xyz");
    cg_value d = T_("device", POS(S("cuda"), I(1)), NOKW);
    EXPECT(cg_to_str(d), "'cuda:1'");
    cg_decref(d);
    EXPECT(attr(T_("device", POS(S("cuda:1")), NOKW), "index"), "1");
    cg_decref(shape), cg_decref(x);
}

/* ---- methods and functions ----------------------------------------------------------------- */

Test(torch_bindings, reductions) {
    cg_value x = x23();
    EXPECT(T_("sum", POS(keep(x)), KW({"dim", I(1)}, {"keepdim", CG_TRUE})),
           "tensor([[ 6.],\n        [15.]], grad_fn=<SumBackward1>)");
    EXPECT(M_(keep(x), "sum", POS(TU(I(0), I(1))), NOKW), "tensor(21., grad_fn=<SumBackward1>)");
    EXPECT(M_(keep(x), "mean", POS(I(0)), NOKW), "tensor([2.5000, 3.5000, 4.5000], grad_fn=<MeanBackward1>)");
    EXPECT(M_(keep(x), "max", POS(I(1)), NOKW),
           "torch.return_types.max(\nvalues=tensor([3., 6.], grad_fn=<MaxBackward0>),\nindices=tensor([2, 2]))");
    EXPECT(M_(keep(x), "max", NOPOS, NOKW), "tensor(6., grad_fn=<MaxBackward1>)");
    EXPECT(attr(T_("max", POS(keep(x), I(1)), KW({"keepdim", CG_TRUE})), "indices"), "tensor([[2],\n        [2]])");
    EXPECT(M_(keep(x), "argmax", POS(I(1)), NOKW), "tensor([2, 2])");
    EXPECT(M_(keep(x), "var", POS(I(1)), NOKW), "tensor([1., 1.], grad_fn=<VarBackward0>)");
    EXPECT(M_(keep(x), "std", NOPOS, KW({"unbiased", CG_FALSE})), "tensor(1.7078, grad_fn=<StdBackward0>)");
    EXPECT(M_(keep(x), "norm", NOPOS, NOKW), "tensor(9.5394, grad_fn=<NormBackward1>)");
    EXPECT(M_(keep(x), "norm", NOPOS, KW({"p", I(1)}, {"dim", I(1)})), "tensor([ 6., 15.], grad_fn=<NormBackward1>)");
    cg_value l = T_("ones", POS(I(2)), KW({"dtype", attr(keep(torch_m), "long")}));
    EXPECT(M_(keep(l), "mean", NOPOS, NOKW), "RuntimeError: mean(): could not infer output dtype. Input dtype must be "
                                             "either a floating point or complex dtype. Got: Long");
    cg_decref(l), cg_decref(x);
}

Test(torch_bindings, shapes_and_views) {
    cg_value x = x23();
    const char *v32 = "tensor([[1., 2.],\n        [3., 4.],\n        [5., 6.]], grad_fn=<ViewBackward0>)";
    EXPECT(M_(keep(x), "view", POS(I(3), I(2)), NOKW), v32);
    EXPECT(M_(keep(x), "view", POS(TU(I(3), I(2))), NOKW), v32);
    EXPECT(M_(keep(x), "view", POS(I(-1)), NOKW), "tensor([1., 2., 3., 4., 5., 6.], grad_fn=<ViewBackward0>)");
    EXPECT(M_(keep(x), "reshape", POS(I(6)), NOKW),
           "tensor([1., 2., 3., 4., 5., 6.], grad_fn=<ReshapeAliasBackward0>)");
    EXPECT(T_("reshape", POS(keep(x), TU(I(3), I(2))), NOKW),
           "tensor([[1., 2.],\n        [3., 4.],\n        [5., 6.]], grad_fn=<ReshapeAliasBackward0>)");
    EXPECT(M_(keep(x), "permute", POS(I(1), I(0)), NOKW),
           "tensor([[1., 4.],\n        [2., 5.],\n        [3., 6.]], grad_fn=<PermuteBackward0>)");
    EXPECT(M_(keep(x), "t", NOPOS, NOKW),
           "tensor([[1., 4.],\n        [2., 5.],\n        [3., 6.]], grad_fn=<TBackward0>)");
    EXPECT(M_(M_(keep(x), "transpose", POS(I(0), I(1)), NOKW), "is_contiguous", NOPOS, NOKW), "False");
    EXPECT(attr(M_(M_(keep(x), "unsqueeze", POS(I(0)), NOKW), "squeeze", NOPOS, NOKW), "shape"), "torch.Size([2, 3])");
    EXPECT(attr(M_(keep(x), "expand", POS(I(2), I(2), I(3)), NOKW), "shape"), "torch.Size([2, 2, 3])");
    EXPECT(M_(keep(x), "split", POS(I(1)), NOKW), "(tensor([[1., 2., 3.]], grad_fn=<SplitBackward0>), "
                                                  "tensor([[4., 5., 6.]], grad_fn=<SplitBackward0>))");
    EXPECT(attr(T_("cat", POS(L(keep(x), keep(x))), KW({"dim", I(0)})), "shape"), "torch.Size([4, 3])");
    EXPECT(attr(T_("stack", POS(L(keep(x), keep(x))), NOKW), "shape"), "torch.Size([2, 2, 3])");
    EXPECT(M_(keep(x), "view", POS(I(1), D(2.0)), NOKW),
           "TypeError: view(): argument 'size' must be tuple of SymInts, but found element of type float at pos 2");
    EXPECT(M_(keep(x), "unsqueeze", POS(D(1.5)), NOKW),
           "TypeError: unsqueeze(): argument 'dim' (position 1) must be int, not float");
    EXPECT(T_("cat", POS(L(keep(x), I(1))), NOKW),
           "TypeError: expected Tensor as element 1 in argument 0, but got int");
    EXPECT(T_("cat", POS(keep(x)), NOKW), "TypeError: cat(): argument 'tensors' (position 1) must be tuple of Tensors, "
                                          "not Tensor");
    cg_decref(x);
}

Test(torch_bindings, elementwise_methods) {
    cg_value x = x23();
    EXPECT(M_(keep(x), "clamp", NOPOS, KW({"min", I(2)})),
           "tensor([[2., 2., 3.],\n        [4., 5., 6.]], grad_fn=<ClampBackward1>)");
    EXPECT(M_(keep(x), "clamp", POS(I(2), I(5)), NOKW),
           "tensor([[2., 2., 3.],\n        [4., 5., 5.]], grad_fn=<ClampBackward1>)");
    EXPECT(T_("clamp", POS(keep(x)), NOKW),
           "RuntimeError: torch.clamp: At least one of 'min' or 'max' must not be None");
    EXPECT(M_(keep(x), "masked_fill", POS(cmp_(keep(x), I(3), OP_GT), I(0)), NOKW),
           "tensor([[1., 2., 3.],\n        [0., 0., 0.]], grad_fn=<MaskedFillBackward0>)");
    EXPECT(T_("where", POS(cmp_(keep(x), I(3), OP_GT), keep(x), T_("zeros_like", POS(keep(x)), NOKW)), NOKW),
           "tensor([[0., 0., 0.],\n        [4., 5., 6.]], grad_fn=<WhereBackward0>)");
    EXPECT(M_(keep(x), "add", POS(I(1)), KW({"alpha", I(2)})),
           "tensor([[3., 4., 5.],\n        [6., 7., 8.]], grad_fn=<AddBackward0>)");
    EXPECT(M_(keep(x), "div", POS(I(2)), KW({"rounding_mode", S("floor")})),
           "tensor([[0., 1., 1.],\n        [2., 2., 3.]], grad_fn=<DivBackward2>)");
    EXPECT(M_(keep(x), "add", POS(S("a")), NOKW),
           "TypeError: add(): argument 'other' (position 1) must be Tensor, not str");
    EXPECT(T_("mm", POS(keep(x), I(2)), NOKW), "TypeError: mm(): argument 'mat2' (position 2) must be Tensor, not int");
    EXPECT(T_("maximum", POS(keep(x), I(2)), NOKW),
           "TypeError: maximum(): argument 'other' (position 2) must be Tensor, not int");
    EXPECT(T_("maximum", POS(I(2), keep(x)), NOKW),
           "TypeError: maximum(): argument 'input' (position 1) must be Tensor, not int");
    EXPECT(M_(keep(x), "matmul", POS(attr(keep(x), "T")), NOKW),
           "tensor([[14., 32.],\n        [32., 77.]], grad_fn=<MmBackward0>)");
    EXPECT(M_(keep(x), "softmax", POS(I(1)), NOKW),
           "tensor([[0.0900, 0.2447, 0.6652],\n        [0.0900, 0.2447, 0.6652]], grad_fn=<SoftmaxBackward0>)");
    cg_decref(x);
}

Test(torch_bindings, conversions_and_values) {
    cg_value x = x23();
    EXPECT(M_(keep(x), "to", POS(attr(keep(torch_m), "float64")), NOKW),
           "tensor([[1., 2., 3.],\n        [4., 5., 6.]], dtype=torch.float64, grad_fn=<ToCopyBackward0>)");
    EXPECT(M_(keep(x), "to", POS(S("cpu"), attr(keep(torch_m), "float64")), NOKW),
           "tensor([[1., 2., 3.],\n        [4., 5., 6.]], dtype=torch.float64, grad_fn=<ToCopyBackward0>)");
    EXPECT(M_(keep(x), "long", NOPOS, NOKW), "tensor([[1, 2, 3],\n        [4, 5, 6]])");
    cg_value f = M_(keep(x), "float", NOPOS, NOKW);
    cr_expect(f.u.o == x.u.o, "x.float() is x");
    cg_decref(f);
    EXPECT(M_(keep(x), "tolist", NOPOS, NOKW), "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]");
    EXPECT(M_(keep(x), "type", NOPOS, NOKW), "'torch.FloatTensor'");
    EXPECT(M_(T_("tensor", POS(D(1)), NOKW), "item", NOPOS, NOKW), "1.0");
    EXPECT(M_(T_("tensor", POS(L(CG_TRUE)), NOKW), "item", NOPOS, NOKW), "True");
    EXPECT(M_(T_("tensor", POS(I(5)), NOKW), "tolist", NOPOS, NOKW), "5");
    EXPECT(M_(keep(x), "item", NOPOS, NOKW), "ValueError: only one element tensors can be converted to Python scalars");
    EXPECT(M_(T_("tensor", POS(D(1)), NOKW), "__index__", NOPOS, NOKW),
           "TypeError: only integer tensors of a single element can be converted to an index");
    EXPECT(M_(keep(x), "cuda", NOPOS, NOKW),
           "RuntimeError: Found no NVIDIA driver on your system. Please check that you "
           "have an NVIDIA GPU and installed a driver from "
           "http://www.nvidia.com/Download/index.aspx");
    cg_decref(x);
}

/* ---- autograd ------------------------------------------------------------------------------- */

Test(torch_bindings, backward_and_grad) {
    cg_value x = T_("ones", POS(I(2)), KW({"requires_grad", CG_TRUE}));
    cg_value y = bin_(keep(x), I(2), OP_MULT);
    EXPECT(M_(keep(y), "backward", NOPOS, NOKW),
           "RuntimeError: grad can be implicitly created only for scalar outputs");
    cg_value s = M_(keep(y), "sum", NOPOS, NOKW);
    EXPECT(M_(keep(s), "backward", NOPOS, KW({"retain_graph", CG_TRUE})), "None");
    EXPECT(attr(keep(x), "grad"), "tensor([2., 2.])");
    EXPECT(M_(keep(s), "backward", NOPOS, NOKW), "None");
    EXPECT(attr(keep(x), "grad"), "tensor([4., 4.])");
    EXPECT(M_(keep(s), "backward", NOPOS, NOKW),
           "RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after "
           "they have already been freed). Saved intermediate values of the graph are freed when you call "
           ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a "
           "second time or if you need to access saved tensors after calling backward.");
    cg_value autograd = attr(keep(torch_m), "autograd");
    cg_value z = M_(bin_(keep(x), keep(x), OP_MULT), "sum", NOPOS, NOKW);
    EXPECT(callk(attr(keep(autograd), "grad"), POS(keep(z), keep(x)), NOKW), "(tensor([2., 2.]),)");
    cg_value w = T_("ones", POS(I(2)), KW({"requires_grad", CG_TRUE}));
    cg_value z2 = M_(bin_(keep(x), I(3), OP_MULT), "sum", NOPOS, NOKW);
    EXPECT(callk(attr(keep(autograd), "grad"), POS(keep(z2), L(keep(x), keep(w))), KW({"allow_unused", CG_TRUE})),
           "(tensor([3., 3.]), None)");
    cg_decref(z2), cg_decref(w), cg_decref(z), cg_decref(autograd), cg_decref(s), cg_decref(y), cg_decref(x);
}

Test(torch_bindings, grad_fn_objects) {
    cg_value x = T_("ones", POS(I(2)), KW({"requires_grad", CG_TRUE}));
    cg_value y = bin_(keep(x), I(2), OP_MULT);
    cg_value fn = attr(keep(y), "grad_fn"), fn2 = attr(keep(y), "grad_fn");
    cr_expect(fn.u.o == fn2.u.o, "y.grad_fn is y.grad_fn");
    char *r = text_of(keep(fn));
    cr_expect(strncmp(r, "<MulBackward0 object at 0x", 26) == 0, "%s", r);
    free(r);
    EXPECT(attr(keep(fn), "_saved_other"), "tensor(2)");
    EXPECT(attr(keep(fn), "_saved_foo"), "AttributeError: 'MulBackward0' object has no attribute '_saved_foo'");
    cr_expect_str_eq(cg_typeof(fn)->name, "MulBackward0");
    cg_value next = attr(keep(fn), "next_functions");
    cg_value acc = gi_(keep(((cg_tuple *)next.u.o)->items[0]), I(0));
    EXPECT(M_(keep(acc), "name", NOPOS, NOKW), "'torch::autograd::AccumulateGrad'");
    cg_value var = attr(keep(acc), "variable");
    cr_expect(var.u.o == x.u.o, "AccumulateGrad.variable is x");
    EXPECT(keep(((cg_tuple *)next.u.o)->items[1]), "(None, 0)");
    cg_value e = M_(keep(x), "exp", NOPOS, NOKW);
    EXPECT(attr(attr(keep(e), "grad_fn"), "_saved_result"), "tensor([2.7183, 2.7183], grad_fn=<ExpBackward0>)");
    cg_decref(e), cg_decref(var), cg_decref(acc), cg_decref(next), cg_decref(fn2), cg_decref(fn), cg_decref(y),
        cg_decref(x);
}

/* A hook written in C standing for the cell's function: doubles the grad. */
static cg_value double_grad(cg_value self, const cg_args *args) { return cg_binary(args->pos[0], I(2), OP_MULT); }
static cg_value bad_hook(cg_value self, const cg_args *args) { return I(1); }
static const cg_method_def double_def = {"double_grad", double_grad, NULL, NULL};
static const cg_method_def bad_def = {"bad_hook", bad_hook, NULL, NULL};

Test(torch_bindings, hooks_and_handles) {
    cg_value x = T_("ones", POS(I(2)), KW({"requires_grad", CG_TRUE}));
    cg_value h = M_(keep(x), "register_hook", POS(cg_builtin_new(&double_def, CG_NONE)), NOKW);
    char *r = text_of(keep(h));
    cr_expect(strncmp(r, "<torch.utils.hooks.RemovableHandle object at 0x", 47) == 0, "%s", r);
    free(r);
    EXPECT(M_(M_(keep(x), "sum", NOPOS, NOKW), "backward", NOPOS, NOKW), "None");
    EXPECT(attr(keep(x), "grad"), "tensor([2., 2.])");
    EXPECT(M_(keep(h), "remove", NOPOS, NOKW), "None");
    EXPECT(M_(M_(keep(x), "sum", NOPOS, NOKW), "backward", NOPOS, NOKW), "None");
    EXPECT(attr(keep(x), "grad"), "tensor([3., 3.])");
    cg_value h2 = M_(keep(x), "register_hook", POS(cg_builtin_new(&bad_def, CG_NONE)), NOKW);
    EXPECT(M_(M_(keep(x), "sum", NOPOS, NOKW), "backward", NOPOS, NOKW),
           "TypeError: expected Variable, but hook returned 'int'");
    cg_value n = T_("ones", POS(I(2)), NOKW);
    EXPECT(M_(keep(n), "register_hook", POS(cg_builtin_new(&double_def, CG_NONE)), NOKW),
           "RuntimeError: cannot register a hook on a tensor that doesn't require gradient");
    EXPECT(M_(keep(n), "retain_grad", NOPOS, NOKW),
           "RuntimeError: can't retain_grad on Tensor that has requires_grad=False");
    cg_decref(n), cg_decref(h2), cg_decref(h), cg_decref(x);
}

Test(torch_bindings, grad_modes) {
    cg_value ng = T_("no_grad", NOPOS, NOKW);
    char *r = text_of(keep(ng));
    cr_expect(strncmp(r, "<torch.autograd.grad_mode.no_grad object at 0x", 46) == 0, "%s", r);
    free(r);
    EXPECT(M_(keep(ng), "__enter__", NOPOS, NOKW), "None");
    EXPECT(T_("is_grad_enabled", NOPOS, NOKW), "False");
    cg_value x = T_("ones", POS(I(2)), KW({"requires_grad", CG_TRUE}));
    EXPECT(bin_(keep(x), I(2), OP_MULT), "tensor([2., 2.])");
    EXPECT(M_(keep(ng), "__exit__", POS(CG_NONE, CG_NONE, CG_NONE), NOKW), "False");
    EXPECT(T_("is_grad_enabled", NOPOS, NOKW), "True");
    cg_value sg = T_("set_grad_enabled", POS(CG_FALSE), NOKW);
    EXPECT(T_("is_grad_enabled", NOPOS, NOKW), "False");
    EXPECT(M_(keep(sg), "__exit__", POS(CG_NONE, CG_NONE, CG_NONE), NOKW), "False");
    EXPECT(T_("is_grad_enabled", NOPOS, NOKW), "True");
    /* @torch.no_grad() around a function */
    cg_value fn = cg_builtin_new(&double_def, CG_NONE);
    cg_value wrapped = cg_call1(ng, fn);
    cg_decref(fn);
    EXPECT(cg_call1(wrapped, x), "tensor([2., 2.])");
    EXPECT(T_("is_grad_enabled", NOPOS, NOKW), "True");
    cg_decref(wrapped), cg_decref(x), cg_decref(sg), cg_decref(ng);
}

Test(torch_bindings, subclass_instances) {
    /* Tensor._make_subclass(cls, data, True), as nn.Parameter makes itself */
    cg_value tensor_t = attr(keep(torch_m), "Tensor");
    cg_value data = T_("ones", POS(I(2)), NOKW);
    cg_value p = callk(attr(keep(tensor_t), "_make_subclass"), POS(keep(tensor_t), keep(data), CG_TRUE), NOKW);
    EXPECT(keep(p), "tensor([1., 1.], requires_grad=True)");
    EXPECT(attr(keep(p), "is_leaf"), "True");
    EXPECT(callk(attr(keep(tensor_t), "_make_subclass"), POS(I(1), keep(data)), NOKW),
           "TypeError: cls must be a type (got int)");
    /* the data is shared, the autograd flags are not */
    EXPECT(attr(keep(data), "requires_grad"), "False");
    cr_expect_eq(si_(keep(p), I(0), D(5)), -1);
    EXPECT(CG_ERR,
           "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.");
    cr_expect_eq(si_(keep(data), I(0), D(5)), 0);
    EXPECT(keep(p), "tensor([5., 1.], requires_grad=True)");
    cg_decref(p), cg_decref(data), cg_decref(tensor_t);
}

/* ---- torch.nn.functional ----------------------------------------------------------------- */

Test(torch_bindings, functional) {
    cg_value F = cg_import("torch.nn.functional");
    cr_assert(!cg_is_err(F));
    cg_value x = tensor2(2, 2, (double[]){1, -2, 3, 4}, true);
    EXPECT(callk(attr(keep(F), "softmax"), POS(keep(x)), KW({"dim", I(1)})),
           "tensor([[0.9526, 0.0474],\n        [0.2689, 0.7311]], grad_fn=<SoftmaxBackward0>)");
    EXPECT(
        callk(attr(keep(F), "mse_loss"), POS(keep(x), T_("ones", POS(I(2), I(2)), NOKW)), KW({"reduction", S("foo")})),
        "ValueError: foo is not a valid value for reduction");
    EXPECT(callk(attr(keep(F), "relu"), POS(keep(x)), KW({"inplace", CG_TRUE})),
           "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.");
    EXPECT(callk(attr(keep(F), "leaky_relu"), POS(keep(x), D(0.2)), NOKW),
           "tensor([[ 1.0000, -0.4000],\n        [ 3.0000,  4.0000]], grad_fn=<LeakyReluBackward0>)");
    EXPECT(callk(attr(keep(F), "gelu"), POS(keep(x)), KW({"approximate", S("tanh")})),
           "tensor([[ 0.8412, -0.0454],\n        [ 2.9964,  3.9999]], grad_fn=<GeluBackward0>)");
    EXPECT(callk(attr(keep(F), "dropout"), POS(keep(x)), KW({"p", D(1.5)})),
           "ValueError: dropout probability has to be between 0 and 1, but got 1.5");
    EXPECT(callk(attr(keep(F), "dropout"), POS(keep(x), D(0.5), CG_FALSE), NOKW),
           "tensor([[ 1., -2.],\n        [ 3.,  4.]], requires_grad=True)");
    EXPECT(callk(attr(keep(F), "linear"), POS(keep(x), T_("ones", POS(I(3), I(2)), NOKW)), NOKW),
           "tensor([[-1., -1., -1.],\n        [ 7.,  7.,  7.]], grad_fn=<MmBackward0>)");
    cg_value target = T_("tensor", POS(L(I(0), I(1))), NOKW);
    EXPECT(callk(attr(keep(F), "nll_loss"), POS(keep(x), keep(target)), NOKW),
           "tensor(-2.5000, grad_fn=<NllLossBackward0>)");
    EXPECT(callk(attr(keep(F), "cross_entropy"), POS(keep(x), keep(target)), KW({"label_smoothing", D(0.1)})),
           "tensor(0.2809, grad_fn=<AddBackward0>)");
    cg_value sig = T_("sigmoid", POS(keep(x)), NOKW);
    EXPECT(callk(attr(keep(F), "binary_cross_entropy"), POS(keep(sig), T_("ones", POS(I(2), I(2)), NOKW)), NOKW),
           "tensor(0.6267, grad_fn=<BinaryCrossEntropyBackward0>)");
    EXPECT(callk(attr(keep(F), "binary_cross_entropy"), POS(keep(sig), T_("ones", POS(I(2)), NOKW)), NOKW),
           "ValueError: Using a target size (torch.Size([2])) that is different to the input size "
           "(torch.Size([2, 2])) is deprecated. Please ensure they have the same size.");
    EXPECT(callk(attr(keep(F), "binary_cross_entropy_with_logits"), POS(keep(x), T_("ones", POS(I(2)), NOKW)), NOKW),
           "ValueError: Target size (torch.Size([2])) must be the same as input size (torch.Size([2, 2]))");
    EXPECT(
        callk(attr(keep(F), "smooth_l1_loss"), POS(keep(x), T_("zeros", POS(I(2), I(2)), NOKW)), KW({"beta", D(0.5)})),
        "tensor(2.2500, grad_fn=<SmoothL1LossBackward0>)");
    EXPECT(callk(attr(keep(F), "huber_loss"), POS(keep(x), T_("zeros", POS(I(2), I(2)), NOKW)), KW({"delta", D(0.5)})),
           "tensor(1.1250, grad_fn=<HuberLossBackward0>)");
    EXPECT(
        callk(attr(keep(F), "l1_loss"), POS(keep(x), T_("zeros", POS(I(2), I(2)), NOKW)), KW({"reduction", S("sum")})),
        "tensor(10., grad_fn=<SumBackward0>)");
    EXPECT(callk(attr(keep(F), "relu"), POS(I(1)), NOKW),
           "TypeError: relu(): argument 'input' (position 1) must be Tensor, "
           "not int");
    cg_decref(sig), cg_decref(target), cg_decref(x), cg_decref(F);
}

Test(torch_bindings, module_attributes) {
    EXPECT(attr(keep(torch_m), "Tensor"), "<class 'torch.Tensor'>");
    EXPECT(attr(keep(torch_m), "Size"), "<class 'torch.Size'>");
    EXPECT(attr(keep(torch_m), "float32"), "torch.float32");
    EXPECT(attr(keep(torch_m), "get_default_dtype"), "<built-in function get_default_dtype>");
    EXPECT(T_("get_default_dtype", NOPOS, NOKW), "torch.float32");
    EXPECT(T_("is_tensor", POS(I(1)), NOKW), "False");
    cg_value autograd = cg_import("torch.autograd"), a2 = attr(keep(torch_m), "autograd");
    cr_expect(autograd.u.o == a2.u.o, "torch.autograd is the module import gives");
    EXPECT(attr(keep(autograd), "Variable"), "<class 'torch.autograd.variable.Variable'>");
    cg_value cuda = attr(keep(torch_m), "cuda");
    EXPECT(M_(keep(cuda), "is_available", NOPOS, NOKW), "False");
    EXPECT(M_(keep(cuda), "device_count", NOPOS, NOKW), "0");
    cg_decref(cuda), cg_decref(a2), cg_decref(autograd);
}
