/* test_parity.c: the engine against real PyTorch. Each case of
 * tests/fixtures/parity.json (written by tests/fixtures/gen.py with PyTorch)
 * is one test: the same call through the engine must give the same dtype,
 * shape and values, the same grad_fn name and gradients, or the same error
 * kind and message. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>
#include <string.h>

#include "parity.h"

#define FIXTURE "tests/fixtures/parity.json"

static json_t *load_cases(void) {
    json_error_t err;
    json_t *root = json_load_file(FIXTURE, 0, &err);
    cr_assert(root, "cannot read %s: %s (line %d)", FIXTURE, err.text, err.line);
    return root;
}

/* A tensor from its fixture encoding {"dtype", "shape", "values"}. */
static cg_tensor *decode(json_t *enc) {
    int dt = p_dtype(json_string_value(json_object_get(enc, "dtype")));
    cr_assert(dt >= 0);
    int64_t sizes[CG_MAX_DIMS];
    int ndim = 0;
    size_t k;
    json_t *x;
    json_array_foreach(json_object_get(enc, "shape"), k, x) sizes[ndim++] = (int64_t)json_integer_value(x);
    cg_tensor *t = T_OK(cg_tensor_empty(ndim, sizes, (cg_dtype)dt, cg_device_cpu()));
    json_array_foreach(json_object_get(enc, "values"), k, x) t_set(t, (int64_t)k, p_json_number(x));
    return t;
}

static cg_tensor *make_arg(json_t *a) {
    cg_tensor *t = decode(json_object_get(a, "tensor"));
    if (!strcmp(json_string_value(json_object_get(a, "layout")), "noncontig")) {
        cg_tensor *v = t_noncontig(t);
        cg_tensor_release(t);
        t = v;
    }
    t->requires_grad = json_is_true(json_object_get(a, "requires_grad"));
    return t;
}

static bool is_tensor_arg(json_t *a) { return json_is_object(a) && json_object_get(a, "tensor"); }

static void compare(const char *what, const cg_tensor *got, json_t *want) {
    const char *dt = json_string_value(json_object_get(want, "dtype"));
    cr_expect_str_eq(cg_dtype_name(got->dtype), dt, "%s: dtype", what);
    json_t *shape = json_object_get(want, "shape");
    char gs[128];
    cr_assert_eq((size_t)got->ndim, json_array_size(shape), "%s: shape %s, expected %zu dims", what,
                 cg_sizes_str(got->ndim, got->sizes, gs, sizeof gs), json_array_size(shape));
    for (int d = 0; d < got->ndim; d++)
        cr_assert_eq(got->sizes[d], json_integer_value(json_array_get(shape, (size_t)d)), "%s: shape %s", what,
                     cg_sizes_str(got->ndim, got->sizes, gs, sizeof gs));
    bool f32 = !strcmp(dt, "float32");
    double rtol = f32 ? 1e-5 : 1e-10, atol = f32 ? 1e-6 : 1e-12;
    size_t k;
    json_t *x;
    json_array_foreach(json_object_get(want, "values"), k, x) {
        double w = p_json_number(x), g = t_at(got, (int64_t)k);
        if (isnan(w)) {
            cr_assert(isnan(g), "%s: element %zu is %.9g, expected nan", what, k, g);
            continue;
        }
        cr_assert(g == w || fabs(g - w) <= atol + rtol * fabs(w), "%s: element %zu is %.9g, expected %.9g", what, k, g,
                  w);
    }
}

/* The weights gen.py uses for the backward of the first output. */
static cg_tensor *weights(const cg_tensor *out) {
    cg_tensor *w = T_OK(cg_tensor_empty(out->ndim, out->sizes, out->dtype, cg_device_cpu()));
    int64_t n = cg_tensor_numel(out);
    for (int64_t i = 0; i < n; i++)
        t_set(w, i, (double)((i * 7) % 11 - 5) / 4.0);
    return w;
}

static void check_case(json_t *c) {
    const char *name = json_string_value(json_object_get(c, "name"));
    const char *op = json_string_value(json_object_get(c, "op"));
    parity_fn fn;
    parity_multi_fn multi;
    cr_assert(parity_find(op, &fn, &multi) == 0, "%s: no adapter for op '%s'", name, op);
    parity_call call = {.args = json_object_get(c, "args"), .kwargs = json_object_get(c, "kwargs")};
    cg_tensor *leaves[PARITY_MAX_ARGS * 2];
    int nleaves = 0;
    size_t k;
    json_t *a;
    json_array_foreach(call.args, k, a) {
        if (is_tensor_arg(a)) {
            call.tensors[k] = make_arg(a);
            if (call.tensors[k]->requires_grad)
                leaves[nleaves++] = call.tensors[k];
        } else if (json_is_array(a) && json_array_size(a) && is_tensor_arg(json_array_get(a, 0))) {
            size_t j;
            json_t *e;
            json_array_foreach(a, j, e) {
                call.list[call.nlist] = make_arg(e);
                if (call.list[call.nlist]->requires_grad)
                    leaves[nleaves++] = call.list[call.nlist];
                call.nlist++;
            }
        }
    }
    cg_error_clear();
    if (fn) {
        call.outs[0] = fn(&call);
        call.nouts = call.outs[0] ? 1 : 0;
    } else if (multi(&call) < 0) {
        call.nouts = 0;
    }
    json_t *err = json_object_get(c, "error");
    if (err) {
        cr_assert(call.nouts == 0, "%s: expected %s: %s", name, json_string_value(json_object_get(err, "kind")),
                  json_string_value(json_object_get(err, "message")));
        cr_expect_str_eq(cg_error_kind_name(cg_error_kind_get()), json_string_value(json_object_get(err, "kind")),
                         "%s: error kind", name);
        cr_assert_str_eq(cg_error_message(), json_string_value(json_object_get(err, "message")), "%s: message", name);
    } else {
        cr_assert(call.nouts > 0, "%s failed: %s: %s", name, cg_error_kind_name(cg_error_kind_get()),
                  cg_error_message());
        json_t *outs = json_object_get(c, "outputs");
        cr_assert_eq((size_t)call.nouts, json_array_size(outs), "%s: %d outputs, expected %zu", name, call.nouts,
                     json_array_size(outs));
        char what[256];
        for (int i = 0; i < call.nouts; i++) {
            snprintf(what, sizeof what, "%s output %d", name, i);
            compare(what, call.outs[i], json_array_get(outs, (size_t)i));
        }
        json_t *grad_fn = json_object_get(c, "grad_fn");
        cg_tensor *first = call.outs[0];
        if (!grad_fn) {
            cr_assert(!first->grad_fn, "%s: grad_fn %s, expected none", name, first->grad_fn->name);
        } else {
            cr_assert(first->grad_fn, "%s: no grad_fn, expected %s", name, json_string_value(grad_fn));
            cr_expect_str_eq(first->grad_fn->name, json_string_value(grad_fn), "%s: grad_fn", name);
            cg_tensor *w = weights(first);
            T_RC(cg_autograd_backward(1, &first, &w, false, false));
            cg_tensor_release(w);
            json_t *grads = json_object_get(c, "grads");
            for (int i = 0; i < nleaves; i++) {
                json_t *g = json_array_get(grads, (size_t)i);
                snprintf(what, sizeof what, "%s grad of input %d", name, i);
                if (json_is_null(g))
                    cr_assert(!leaves[i]->grad, "%s: expected no gradient", what);
                else {
                    cr_assert(leaves[i]->grad, "%s: missing", what);
                    compare(what, leaves[i]->grad, g);
                }
            }
        }
    }
    for (int i = 0; i < call.nouts; i++)
        cg_tensor_release(call.outs[i]);
    for (int i = 0; i < PARITY_MAX_ARGS; i++)
        cg_tensor_release(call.tensors[i]), cg_tensor_release(call.list[i]);
}

ParameterizedTestParameters(parity, pytorch) {
    static int indices[8192];
    json_t *root = load_cases();
    size_t n = json_array_size(json_object_get(root, "cases"));
    json_decref(root);
    if (n > sizeof indices / sizeof indices[0])
        n = sizeof indices / sizeof indices[0];
    for (size_t i = 0; i < n; i++)
        indices[i] = (int)i;
    return cr_make_param_array(int, indices, n);
}

ParameterizedTest(int *index, parity, pytorch) {
    json_t *root = load_cases();
    check_case(json_array_get(json_object_get(root, "cases"), (size_t)*index));
    json_decref(root);
}
