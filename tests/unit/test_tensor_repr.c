/* test_tensor_repr.c: display/'s tensor repr against real PyTorch. Each case
 * of tests/fixtures/repr/expected.json (written by gen.py beside it with
 * PyTorch 1.13) is one test: the same tensor, built with the engine under
 * the same print options, must print exactly PyTorch's text, or fail with
 * PyTorch's exception. Also: torch.Size, dtype and device reprs, and that a
 * repr leaves its tensor and the autograd state as they were. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "meta_repr.h"
#include "parity.h"
#include "print_options.h"
#include "tensor_repr.h"

#define FIXTURE "tests/fixtures/repr/expected.json"

static json_t *load_fixture(void) {
    json_error_t err;
    json_t *root = json_load_file(FIXTURE, 0, &err);
    cr_assert(root, "cannot read %s: %s (line %d)", FIXTURE, err.text, err.line);
    return root;
}

/* ---- a case's tensor --------------------------------------------------------------------- */

/* A JSON value as the Python number it was (ints stay exact). */
static cg_scalar json_scalar(json_t *v) {
    if (json_is_boolean(v))
        return cg_scalar_bool(json_is_true(v));
    if (json_is_integer(v))
        return cg_scalar_int((int64_t)json_integer_value(v));
    return cg_scalar_float(p_json_number(v));
}

static cg_tensor *decode(json_t *spec) {
    int dt = p_dtype(json_string_value(json_object_get(spec, "dtype")));
    cr_assert(dt >= 0);
    int64_t sizes[CG_MAX_DIMS];
    int ndim = 0;
    size_t k;
    json_t *x;
    json_array_foreach(json_object_get(spec, "shape"), k, x) sizes[ndim++] = (int64_t)json_integer_value(x);
    cg_tensor *t = T_OK(cg_tensor_empty(ndim, sizes, (cg_dtype)dt, cg_device_cpu()));
    char *data = cg_tensor_data(t);
    json_array_foreach(json_object_get(spec, "values"), k, x)
        cg_scalar_store(data + k * cg_tensor_itemsize(t), t->dtype, json_scalar(x));
    if (!strcmp(json_string_value(json_object_get(spec, "layout")), "noncontig")) {
        cg_tensor *v = T_OK(t_noncontig(t));
        cg_tensor_release(t);
        t = v;
    }
    t->requires_grad = json_is_true(json_object_get(spec, "requires_grad"));
    return t;
}

/* gen.py's OPS, through the engine. */
static cg_tensor *apply_op(const char *op, cg_tensor *x) {
    if (!strcmp(op, "mul"))
        return cg_mul(x, x);
    if (!strcmp(op, "mul_scalar"))
        return cg_mul_scalar(x, 2);
    if (!strcmp(op, "add"))
        return cg_add(x, x, cg_scalar_int(1));
    if (!strcmp(op, "sub")) { /* x - 1: the 1 is a wrapped Python number */
        cg_tensor *one = T_OK(cg_scalar_tensor(cg_scalar_int(1)));
        cg_tensor *y = cg_sub(x, one, cg_scalar_int(1));
        cg_tensor_release(one);
        return y;
    }
    if (!strcmp(op, "neg"))
        return cg_neg(x);
    if (!strcmp(op, "sum"))
        return cg_sum(x, 0, NULL, false);
    if (!strcmp(op, "mean"))
        return cg_mean(x, 0, NULL, false);
    if (!strcmp(op, "relu"))
        return cg_relu(x);
    if (!strcmp(op, "t"))
        return cg_t(x);
    if (!strcmp(op, "detach"))
        return cg_detach(x);
    if (!strcmp(op, "mul_no_grad")) {
        bool was = cg_grad_set_enabled(false);
        cg_tensor *y = cg_mul(x, x);
        cg_grad_set_enabled(was);
        return y;
    }
    cr_assert_fail("no engine call for op '%s'", op);
    return NULL;
}

/* ---- a stand-in CUDA device ---------------------------------------------------------------- */

/* Without a GPU, "cuda" cases run on a device whose memory is host memory:
 * it can hold and copy bytes, which is all a repr reads, and has no
 * kernels. Each Criterion test runs in its own process, so registering it
 * touches no other test. */
static void *host_alloc(int index, size_t nbytes) { return malloc(nbytes ? nbytes : 1); }
static void host_free(int index, void *p, size_t nbytes) { free(p); }
static int host_copy(void *dst, cg_device dd, const void *src, cg_device sd, size_t nbytes) {
    memcpy(dst, src, nbytes);
    return 0;
}
static const cg_kernel_fn no_kernels[CG_OP_COUNT];
static const cg_backend host_cuda = {
    "cuda (host memory, for tests)", host_alloc, host_free, host_copy, NULL, no_kernels};

static const cg_backend *cuda_backend(void) {
    const cg_backend *be = cg_backend_get(CG_CUDA);
    cg_error_clear();
    if (!be) {
        cg_backend_register(CG_CUDA, &host_cuda);
        be = &host_cuda;
    }
    return be;
}

/* Moves t's bytes to cuda:0 in place, keeping its geometry and history, as
 * if it had been made there (the stand-in device cannot run the ops).
 * Returns t's old storage, which move_back puts back before t is released:
 * a small tensor lives in its storage's block (Note [Tensor blocks]). */
static cg_storage *move_to_cuda(cg_tensor *t) {
    cg_device dev = {CG_CUDA, 0};
    const cg_backend *be = cuda_backend();
    cg_storage *s = T_OK(cg_storage_new(t->storage->nbytes, dev));
    T_RC(be->copy(s->data, dev, t->storage->data, cg_device_cpu(), t->storage->nbytes));
    cg_storage *old = t->storage;
    t->storage = s;
    return old;
}

static void move_back(cg_tensor *t, cg_storage *old) {
    if (!old)
        return;
    cg_storage_release(t->storage);
    t->storage = old;
}

/* ---- print options ------------------------------------------------------------------------ */

/* torch.set_printoptions(profile="default"), then the case's options. */
static void apply_options(json_t *opts) {
    cg_set_printoptions(&(cg_printoptions_args){.profile = "default"});
    cg_printoptions_args a = {0};
    json_t *v;
    if ((v = json_object_get(opts, "profile")))
        a.profile = json_string_value(v);
    if ((v = json_object_get(opts, "precision")))
        a.has_precision = true, a.precision = (int)json_integer_value(v);
    if ((v = json_object_get(opts, "threshold")))
        a.has_threshold = true, a.threshold = p_json_number(v);
    if ((v = json_object_get(opts, "edgeitems")))
        a.has_edgeitems = true, a.edgeitems = (int)json_integer_value(v);
    if ((v = json_object_get(opts, "linewidth")))
        a.has_linewidth = true, a.linewidth = (int)json_integer_value(v);
    if ((v = json_object_get(opts, "sci_mode")))
        a.sci_mode = json_is_true(v) ? CG_SCI_ON : CG_SCI_OFF;
    cg_set_printoptions(&a);
}

/* ---- the cases ---------------------------------------------------------------------------- */

static void check_case(json_t *c) {
    const char *name = json_string_value(json_object_get(c, "name"));
    cg_tensor *x = decode(json_object_get(c, "tensor"));
    json_t *op = json_object_get(c, "op");
    cg_tensor *y = json_is_string(op) ? T_OK(apply_op(json_string_value(op), x)) : cg_tensor_retain(x);
    cg_storage *old = NULL;
    if (json_is_string(json_object_get(c, "device")))
        old = move_to_cuda(y);
    apply_options(json_object_get(c, "options"));
    cg_error_clear();
    char *got = cg_tensor_repr(y);
    json_t *err = json_object_get(c, "error");
    if (err) {
        cr_assert(!got, "%s: expected %s: %s, got\n%s", name, json_string_value(json_object_get(err, "kind")),
                  json_string_value(json_object_get(err, "message")), got);
        cr_expect_str_eq(cg_error_kind_name(cg_error_kind_get()), json_string_value(json_object_get(err, "kind")),
                         "%s: error kind", name);
        cr_expect_str_eq(cg_error_message(), json_string_value(json_object_get(err, "message")), "%s: message", name);
    } else {
        const char *want = json_string_value(json_object_get(c, "repr"));
        cr_assert(got, "%s failed: %s: %s", name, cg_error_kind_name(cg_error_kind_get()), cg_error_message());
        cr_expect(!strcmp(got, want), "%s: repr differs from PyTorch's\n--- cgrad:\n%s\n--- PyTorch:\n%s", name, got,
                  want);
    }
    free(got);
    move_back(y, old);
    cg_tensor_release(y);
    cg_tensor_release(x);
}

ParameterizedTestParameters(repr, pytorch) {
    static int indices[2048];
    json_t *root = load_fixture();
    size_t n = json_array_size(json_object_get(root, "cases"));
    json_decref(root);
    cr_assert(n <= sizeof indices / sizeof indices[0], "too many cases in %s", FIXTURE);
    for (size_t i = 0; i < n; i++)
        indices[i] = (int)i;
    return cr_make_param_array(int, indices, n);
}

ParameterizedTest(int *index, repr, pytorch) {
    json_t *root = load_fixture();
    check_case(json_array_get(json_object_get(root, "cases"), (size_t)*index));
    json_decref(root);
}

/* ---- torch.Size, dtype, device ------------------------------------------------------------ */

static json_t *meta(json_t *root, const char *key) {
    json_t *list = json_object_get(json_object_get(root, "meta"), key);
    cr_assert(json_array_size(list) > 0, "no meta.%s in %s", key, FIXTURE);
    return list;
}

Test(repr, size_dtype_device) {
    json_t *root = load_fixture();
    size_t k, j;
    json_t *c, *x;
    json_array_foreach(meta(root, "sizes"), k, c) {
        int64_t sizes[CG_MAX_DIMS];
        int ndim = 0;
        json_array_foreach(json_object_get(c, "sizes"), j, x) sizes[ndim++] = (int64_t)json_integer_value(x);
        char buf[CG_SIZE_REPR_MAX];
        cr_expect_str_eq(cg_size_repr(ndim, sizes, buf, sizeof buf), json_string_value(json_object_get(c, "repr")));
    }
    json_array_foreach(meta(root, "dtypes"), k, c) {
        int dt = p_dtype(json_string_value(json_object_get(c, "dtype")));
        cr_assert(dt >= 0);
        cr_expect_str_eq(cg_dtype_repr((cg_dtype)dt), json_string_value(json_object_get(c, "repr")));
    }
    json_array_foreach(meta(root, "devices"), k, c) {
        const char *type = json_string_value(json_object_get(c, "type"));
        cg_device d = {strcmp(type, "cpu") ? CG_CUDA : CG_CPU, (int)json_integer_value(json_object_get(c, "index"))};
        char buf[64];
        cr_expect_str_eq(cg_device_repr(d, buf, sizeof buf), json_string_value(json_object_get(c, "repr")));
    }
    json_decref(root);
}

/* ---- what a repr must leave alone ------------------------------------------------------------ */

Test(repr, leaves_tensor_and_graph_alone) {
    int64_t sizes[2] = {40, 30};
    cg_tensor *x = T_OK(t_rand(CG_F32, 2, sizes, -3, 3, 7));
    x->requires_grad = true;
    cg_tensor *v = T_OK(cg_t(x)); /* a view with history, summarised (1200 > 1000) */
    int64_t version = x->storage->version, refs = x->refcount, vrefs = v->refcount;
    double *before = t_values(v);
    cg_node *fn = v->grad_fn;
    char *s = T_OK(cg_tensor_repr(v));
    cr_expect(strstr(s, "grad_fn=<TBackward0>"), "%s", s);
    cr_expect_eq(x->storage->version, version);
    cr_expect_eq(x->refcount, refs);
    cr_expect_eq(v->refcount, vrefs);
    cr_expect_eq(v->grad_fn, fn);
    cr_expect(!x->grad_fn && !x->grad, "the leaf gained history or a gradient");
    cr_expect(cg_grad_enabled());
    double *after = t_values(v);
    cr_expect(!memcmp(before, after, 1200 * sizeof *before));
    free(before), free(after), free(s);
    cg_tensor_release(v);
    cg_tensor_release(x);
}

Test(repr, cuda_tensor_read_through_a_copy) {
    int64_t n = 3;
    cg_tensor *x = T_OK(t_rand(CG_F32, 1, &n, -1, 1, 3));
    char *on_cpu = T_OK(cg_tensor_repr(x));
    x->requires_grad = true;
    cg_storage *old = move_to_cuda(x);
    bool grad_mode = cg_grad_enabled();
    char *on_gpu = T_OK(cg_tensor_repr(x));
    /* the same values, with the device suffix before requires_grad */
    size_t body = strlen(on_cpu) - 1; /* without ")" */
    cr_expect(!strncmp(on_gpu, on_cpu, body), "%s\n%s", on_gpu, on_cpu);
    cr_expect_str_eq(on_gpu + body, ", device='cuda:0', requires_grad=True)");
    cr_expect(!x->grad_fn && cg_grad_enabled() == grad_mode);
    free(on_cpu), free(on_gpu);
    move_back(x, old);
    cg_tensor_release(x);
}

/* set_printoptions resets sci_mode to None unless given, as PyTorch's does. */
Test(repr, set_printoptions_resets_sci_mode) {
    int64_t n = 2;
    cg_tensor *x = T_OK(t_from(CG_F32, 1, &n, (double[]){1.5, 2.5}));
    cg_set_printoptions(&(cg_printoptions_args){.profile = "default"});
    char *plain = T_OK(cg_tensor_repr(x));
    cg_set_printoptions(&(cg_printoptions_args){.sci_mode = CG_SCI_ON});
    cr_expect_eq(cg_print_options_get()->sci_mode, CG_SCI_ON);
    char *sci = T_OK(cg_tensor_repr(x));
    cg_set_printoptions(&(cg_printoptions_args){.has_linewidth = true, .linewidth = 80});
    cr_expect_eq(cg_print_options_get()->sci_mode, CG_SCI_AUTO);
    char *again = T_OK(cg_tensor_repr(x));
    cr_expect_str_neq(plain, sci);
    cr_expect_str_eq(plain, again);
    cg_set_printoptions(&(cg_printoptions_args){.profile = "full"});
    cr_expect(isinf(cg_print_options_get()->threshold));
    cg_set_printoptions(&(cg_printoptions_args){.profile = "default"});
    free(plain), free(sci), free(again);
    cg_tensor_release(x);
}
