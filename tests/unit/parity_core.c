/* parity_core.c: fixture adapters for creation, views, arithmetic and sum
 * (tests/fixtures/cases/{creation,views,arithmetic,reductions}.py). */
#include "parity.h"

/* ---- creation --------------------------------------------------------------------- */

static cg_dtype kw_dtype(const parity_call *c, cg_dtype dflt) {
    const char *name = p_kw_str(c, "dtype", NULL);
    return name ? (cg_dtype)p_dtype(name) : dflt;
}

PARITY(zeros) {
    int64_t s[CG_MAX_DIMS];
    int n = p_int_varargs(c, 0, s, CG_MAX_DIMS);
    return cg_zeros(n, s, kw_dtype(c, CG_F32), cg_device_cpu());
}

PARITY(ones) {
    int64_t s[CG_MAX_DIMS];
    int n = p_int_varargs(c, 0, s, CG_MAX_DIMS);
    return cg_ones(n, s, kw_dtype(c, CG_F32), cg_device_cpu());
}

PARITY(full) {
    int64_t s[CG_MAX_DIMS];
    int n = p_ints(c, 0, s, CG_MAX_DIMS);
    cg_scalar v = p_scalar(c, 1);
    return cg_full(n, s, v, cg_scalar_dtype(v), cg_device_cpu());
}

PARITY(arange) {
    int n = p_nargs(c);
    cg_scalar start = n > 1 ? p_scalar(c, 0) : cg_scalar_int(0);
    cg_scalar end = p_scalar(c, n > 1 ? 1 : 0);
    cg_scalar step = n > 2 ? p_scalar(c, 2) : cg_scalar_int(1);
    return cg_arange(start, end, step, -1, cg_device_cpu());
}

PARITY(linspace) { return cg_linspace(p_double(c, 0), p_double(c, 1), p_int(c, 2), CG_F32, cg_device_cpu()); }

PARITY(eye) { return cg_eye(p_int(c, 0), p_nargs(c) > 1 ? p_int(c, 1) : -1, CG_F32, cg_device_cpu()); }

/* torch.tensor(nested list): flattened here, shape from the nesting */
static void flatten(json_t *v, cg_scalar *out, int *n, int64_t *sizes, int depth, int *ndim) {
    if (!json_is_array(v)) {
        out[(*n)++] = json_is_boolean(v)   ? cg_scalar_bool(json_is_true(v))
                      : json_is_integer(v) ? cg_scalar_int((int64_t)json_integer_value(v))
                                           : cg_scalar_float(json_number_value(v));
        return;
    }
    if (depth >= *ndim) {
        *ndim = depth + 1;
        sizes[depth] = (int64_t)json_array_size(v);
    }
    size_t k;
    json_t *x;
    json_array_foreach(v, k, x) flatten(x, out, n, sizes, depth + 1, ndim);
}

PARITY(tensor) {
    cg_scalar values[256];
    int64_t sizes[CG_MAX_DIMS];
    int n = 0, ndim = 0;
    flatten(json_array_get(c->args, 0), values, &n, sizes, 0, &ndim);
    return cg_tensor_from_scalars(ndim, sizes, values, -1, cg_device_cpu());
}

PARITY(to) { return cg_to_dtype(p_tensor(c, 0), (cg_dtype)p_dtype(json_string_value(json_array_get(c->args, 1)))); }
PARITY(clone) { return cg_clone(p_tensor(c, 0)); }
PARITY(contiguous) { return cg_contiguous(p_tensor(c, 0)); }

/* ---- views ------------------------------------------------------------------------------ */

PARITY(view) {
    int64_t s[CG_MAX_DIMS];
    return cg_view(p_tensor(c, 0), p_int_varargs(c, 1, s, CG_MAX_DIMS), s);
}
PARITY(reshape) {
    int64_t s[CG_MAX_DIMS];
    return cg_reshape(p_tensor(c, 0), p_int_varargs(c, 1, s, CG_MAX_DIMS), s);
}
PARITY(flatten) {
    return cg_flatten(p_tensor(c, 0), p_nargs(c) > 1 ? p_int(c, 1) : 0, p_nargs(c) > 2 ? p_int(c, 2) : -1);
}
PARITY(expand) {
    int64_t s[CG_MAX_DIMS];
    return cg_expand(p_tensor(c, 0), p_int_varargs(c, 1, s, CG_MAX_DIMS), s);
}
PARITY(permute) {
    int64_t s[CG_MAX_DIMS];
    return cg_permute(p_tensor(c, 0), p_int_varargs(c, 1, s, CG_MAX_DIMS), s);
}
PARITY(transpose) { return cg_transpose(p_tensor(c, 0), p_int(c, 1), p_int(c, 2)); }
PARITY(t) { return cg_t(p_tensor(c, 0)); }
PARITY(slice) {
    int64_t start = p_is_none(c, 2) ? 0 : p_int(c, 2), end = p_is_none(c, 3) ? INT64_MAX : p_int(c, 3);
    return cg_slice_dim(p_tensor(c, 0), p_int(c, 1), start, end, p_is_none(c, 4) ? 1 : p_int(c, 4));
}
PARITY(narrow) { return cg_narrow(p_tensor(c, 0), p_int(c, 1), p_int(c, 2), p_int(c, 3)); }
PARITY(select) { return cg_select(p_tensor(c, 0), p_int(c, 1), p_int(c, 2)); }
PARITY(squeeze) { return p_nargs(c) > 1 ? cg_squeeze_dim(p_tensor(c, 0), p_int(c, 1)) : cg_squeeze(p_tensor(c, 0)); }
PARITY(unsqueeze) { return cg_unsqueeze(p_tensor(c, 0), p_int(c, 1)); }

/* ---- arithmetic --------------------------------------------------------------------------- */

PARITY(add) { return cg_add(p_operand(c, 0), p_operand(c, 1), p_kw_scalar(c, "alpha", cg_scalar_int(1))); }
PARITY(sub) { return cg_sub(p_operand(c, 0), p_operand(c, 1), p_kw_scalar(c, "alpha", cg_scalar_int(1))); }
PARITY(mul) { return cg_mul(p_operand(c, 0), p_operand(c, 1)); }
PARITY(div) { return cg_div(p_operand(c, 0), p_operand(c, 1)); }
PARITY(neg) { return cg_neg(p_tensor(c, 0)); }
PARITY(exp) { return cg_exp(p_tensor(c, 0)); }

/* ---- reductions ------------------------------------------------------------------------------ */

PARITY(sum) {
    int64_t dims[CG_MAX_DIMS];
    int n = p_nargs(c) > 1 ? p_ints(c, 1, dims, CG_MAX_DIMS) : 0;
    return cg_sum(p_tensor(c, 0), n, dims, p_kw_bool(c, "keepdim", false));
}
