/* ew.c: the frontends every elementwise op shares (ew.h): device and shape
 * checks, dtype casts of the inputs, output allocation, the in-place rules,
 * and autograd recording. The op files keep only what differs per op. */
#include "ew.h"

#include <string.h>

#include "ops.h"

int cg_check_same_device(int n, cg_tensor *const *ts) {
    const cg_tensor *first = NULL;
    for (int i = 0; i < n; i++) {
        const cg_tensor *t = ts[i];
        if (t->ndim == 0 && cg_tensor_device(t).type == CG_CPU)
            continue;
        if (!first) {
            first = t;
            continue;
        }
        if (!cg_device_equal(cg_tensor_device(first), cg_tensor_device(t))) {
            char a[16], b[16];
            cg_error_set(CG_RUNTIME_ERROR,
                         "Expected all tensors to be on the same device, but found at least two devices, %s and %s!",
                         cg_device_str(cg_tensor_device(t), a, sizeof a),
                         cg_device_str(cg_tensor_device(first), b, sizeof b));
            return -1;
        }
    }
    return 0;
}

/* The device of an op's result: that of its first dimensioned operand. */
static cg_device result_device(int n, cg_tensor *const *ts) {
    for (int i = 0; i < n; i++)
        if (ts[i]->ndim > 0 || cg_tensor_device(ts[i]).type != CG_CPU)
            return cg_tensor_device(ts[i]);
    return cg_tensor_device(ts[0]);
}

/* Note [Reduced floating types]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * float16 and bfloat16 have no kernels of their own in arithmetic: as
 * PyTorch's CPU kernels (c10::Half and BFloat16 arithmetic converts to
 * float and rounds the result back), an op whose compute dtype is one of
 * them rounds its inputs to it (a Python scalar too: `h + 0.1` adds the
 * float16 nearest 0.1), computes in float32 and rounds the result to it.
 * For one op that is PyTorch's result exactly. float16 add/sub with an
 * alpha round alpha * b first, as PyTorch's scalar Half code does
 * (ops_binary.c); bfloat16's vector loop fuses them, and its tail of under
 * 32 elements per loop, which rounds twice there, may differ in the last
 * bit. */

/* Inputs cast to their compute dtypes (and moved to the result device),
 * float16/bfloat16 ones on to float32, without recording: the op records
 * itself on its original inputs. */
static int cast_inputs(int n, cg_tensor *const *in, const cg_dtype *compute, cg_device dev, cg_tensor **out) {
    /* the common case, nothing to convert, costs no reference traffic */
    bool all_fit = true;
    for (int i = 0; i < n && all_fit; i++)
        all_fit = in[i]->dtype == compute[i] && !cg_dtype_is_reduced(compute[i])
                  && cg_device_equal(cg_tensor_device(in[i]), dev);
    if (all_fit) {
        for (int i = 0; i < n; i++)
            out[i] = cg_tensor_retain(in[i]);
        return 0;
    }
    bool was = cg_grad_set_enabled(false);
    int rc = 0;
    for (int i = 0; i < n; i++) {
        out[i] = NULL;
        if (rc)
            continue;
        cg_tensor *c = cg_to_dtype(in[i], compute[i]);
        if (c && cg_dtype_is_reduced(compute[i])) {
            cg_tensor *f = cg_to_dtype(c, CG_F32);
            cg_tensor_release(c);
            c = f;
        }
        if (c && !cg_device_equal(cg_tensor_device(c), dev)) {
            cg_tensor *m = cg_to_device(c, dev);
            cg_tensor_release(c);
            c = m;
        }
        out[i] = c;
        rc = c ? 0 : -1;
    }
    cg_grad_set_enabled(was);
    if (rc)
        for (int i = 0; i < n; i++)
            cg_tensor_release(out[i]);
    return rc;
}

/* Note [Elementwise output layout]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's TensorIterator lays a new output out like its inputs, not
 * always contiguously: `x.t() + 1` has x.t()'s strides, and so do `exp`,
 * comparisons and `where` of it. This shows in `stride()`,
 * `is_contiguous()` and `view`'s errors, and in the last bits of what comes
 * next (a reduction walks memory in order, Note [Reductions in PyTorch's
 * order]). cgrad takes the same layout: inputs all of the output's shape
 * and contiguous give a contiguous output; all dense with equal strides
 * give those strides; otherwise the output is dense in the order of
 * cg_iter_dim_order over the inputs' strides, contiguous where that order
 * is the plain one. */
enum { LAYOUT_GENERAL, LAYOUT_CONTIGUOUS, LAYOUT_COPIED };

/* ATen's fast set-up, for inputs all of the output's shape. */
static int ew_same_layout(int n, cg_tensor *const *in, int ndim, const int64_t *shape, int64_t *strides) {
    bool contiguous = true, dense = true;
    for (int i = 0; i < n; i++) {
        if (!cg_sizes_equal(in[i]->ndim, in[i]->sizes, ndim, shape))
            return LAYOUT_GENERAL;
        contiguous &= cg_tensor_is_contiguous(in[i]);
        dense &= cg_tensor_is_dense(in[i]);
    }
    if (contiguous)
        return LAYOUT_CONTIGUOUS;
    if (!dense)
        return LAYOUT_GENERAL;
    for (int i = 0; i < n - 1; i++)
        if (memcmp(in[i]->strides, in[n - 1]->strides, (size_t)ndim * sizeof *strides))
            return LAYOUT_GENERAL;
    memcpy(strides, in[n - 1]->strides, (size_t)ndim * sizeof *strides);
    return LAYOUT_COPIED;
}

/* The output's strides, or false for a contiguous one. */
static bool ew_output_strides(int n, cg_tensor *const *in, int ndim, const int64_t *shape, int64_t *strides) {
    if (ndim < 2)
        return false;
    int same = ew_same_layout(n, in, ndim, shape, strides);
    if (same != LAYOUT_GENERAL)
        return same == LAYOUT_COPIED;
    int64_t st[CG_ITER_MAX_OPERANDS][CG_MAX_DIMS];
    for (int i = 0; i < n; i++)
        cg_iter_operand_strides(in[i], ndim, shape, st[i]);
    int perm[CG_MAX_DIMS];
    cg_iter_dim_order(ndim, shape, n, (const int64_t(*)[CG_MAX_DIMS])st, perm);
    bool plain = true;
    int64_t step = 1;
    for (int i = 0; i < ndim; i++) {
        plain &= perm[i] == ndim - 1 - i;
        strides[perm[i]] = step;
        step *= shape[perm[i]];
    }
    return !plain;
}

/* Allocates the output of shape (ndim, shape) on dev and runs op over it
 * and in, which are already of their compute dtypes and on dev. */
static cg_tensor *ew_run(cg_op op, int n, cg_tensor *const *in, int ndim, const int64_t *shape, cg_dtype out_dtype,
                         cg_device dev, const cg_op_args *args) {
    if (cg_dtype_is_reduced(out_dtype)) { /* Note [Reduced floating types] */
        cg_tensor *f = ew_run(op, n, in, ndim, shape, CG_F32, dev, args);
        if (!f)
            return NULL;
        cg_tensor *r = cg_to_dtype_preserve(f, out_dtype);
        cg_tensor_release(f);
        return r;
    }
    cg_tensor *out = cg_tensor_empty(ndim, shape, out_dtype, dev);
    if (!out)
        return NULL;
    int64_t strides[CG_MAX_DIMS];
    if (ew_output_strides(n, in, ndim, shape, strides))
        cg_tensor_set_strides(out, strides);
    cg_ew_iter it;
    cg_ew_iter_init(&it, out, n, in);
    cg_kernel_call call = {.op = op, .nout = 1, .nin = n, .out = {out}, .it = &it, .args = args};
    memcpy(call.in, in, (size_t)n * sizeof *in);
    if (cg_op_run(&call) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* Operands of one shape, on the CPU, each already of its compute dtype:
 * nothing to broadcast, cast or move, and no device to check. The common
 * case of small ops, so it is asked first. */
static bool plain_operands(int n, cg_tensor *const *in, const cg_dtype *compute) {
    const cg_tensor *a = in[0];
    for (int i = 0; i < n; i++) {
        const cg_tensor *t = in[i];
        if (t->dtype != compute[i] || cg_dtype_is_reduced(t->dtype) || cg_tensor_device(t).type != CG_CPU
            || (i && !cg_sizes_equal(t->ndim, t->sizes, a->ndim, a->sizes)))
            return false;
    }
    return true;
}

/* Large operands of one shape, contiguous on the CPU and already of their
 * float16/bfloat16 compute dtypes, go through float32 a cache-sized chunk
 * at a time: converted, computed and rounded while in cache, rather than
 * each step streaming the whole tensor through memory (Note [Reduced
 * floating types]; the values are the same). */
enum { REDUCED_CHUNK = 1 << 16 };

static bool chunkable(int n, cg_tensor *const *in, const cg_dtype *compute) {
    for (int i = 0; i < n; i++)
        if (!cg_dtype_is_reduced(compute[i]) || in[i]->dtype != compute[i] || cg_tensor_device(in[i]).type != CG_CPU
            || !cg_tensor_is_contiguous(in[i]) || !cg_sizes_equal(in[i]->ndim, in[i]->sizes, in[0]->ndim, in[0]->sizes))
            return false;
    return cg_tensor_numel(in[0]) >= 4 * REDUCED_CHUNK;
}

static int run_chunk(cg_op op, int n, cg_tensor *const *flat, cg_tensor *const *scratch, cg_tensor *out_flat,
                     int64_t start, int64_t len, const cg_op_args *args) {
    cg_tensor *part[CG_ITER_MAX_OPERANDS] = {NULL};
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        cg_tensor *src = cg_narrow(flat[i], 0, start, len);
        part[i] = src ? cg_narrow(scratch[i], 0, 0, len) : NULL;
        rc = part[i] ? cg_copy_raw(part[i], src) : -1;
        cg_tensor_release(src);
    }
    cg_tensor *r = rc == 0 ? ew_run(op, n, part, 1, &len, cg_dtype_compute(out_flat->dtype), cg_device_cpu(), args) : NULL;
    cg_tensor *dst = r ? cg_narrow(out_flat, 0, start, len) : NULL;
    rc = dst ? cg_copy_raw(dst, r) : -1;
    cg_tensor_release(dst), cg_tensor_release(r);
    for (int i = 0; i < n; i++)
        cg_tensor_release(part[i]);
    return rc;
}

static cg_tensor *ew_chunked(cg_op op, int n, cg_tensor *const *in, cg_dtype out_dtype, const cg_op_args *args) {
    int64_t total = cg_tensor_numel(in[0]), chunk = REDUCED_CHUNK;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = cg_tensor_empty(in[0]->ndim, in[0]->sizes, out_dtype, cg_device_cpu());
    cg_tensor *out_flat = out ? cg_view(out, 1, &total) : NULL;
    cg_tensor *flat[CG_ITER_MAX_OPERANDS] = {NULL}, *scratch[CG_ITER_MAX_OPERANDS] = {NULL};
    int rc = out_flat ? 0 : -1;
    for (int i = 0; i < n && rc == 0; i++) {
        flat[i] = cg_view(in[i], 1, &total);
        scratch[i] = cg_tensor_empty(1, &chunk, CG_F32, cg_device_cpu());
        rc = flat[i] && scratch[i] ? 0 : -1;
    }
    for (int64_t start = 0; start < total && rc == 0; start += chunk)
        rc = run_chunk(op, n, flat, scratch, out_flat, start, total - start < chunk ? total - start : chunk, args);
    for (int i = 0; i < n; i++)
        cg_tensor_release(flat[i]), cg_tensor_release(scratch[i]);
    cg_tensor_release(out_flat);
    cg_grad_set_enabled(was);
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

static cg_tensor *ew_apply(cg_op op, int n, cg_tensor *const *in, const cg_dtype *compute, cg_dtype out_dtype,
                           const cg_op_args *args) {
    if (chunkable(n, in, compute))
        return ew_chunked(op, n, in, out_dtype, args);
    if (plain_operands(n, in, compute))
        return ew_run(op, n, in, in[0]->ndim, in[0]->sizes, out_dtype, cg_device_cpu(), args);
    int ndim = in[0]->ndim;
    int64_t shape[CG_MAX_DIMS];
    memcpy(shape, in[0]->sizes, sizeof shape);
    for (int i = 1; i < n; i++) {
        bool same = cg_sizes_equal(in[i]->ndim, in[i]->sizes, ndim, shape);
        if (!same && cg_broadcast_shapes(ndim, shape, in[i]->ndim, in[i]->sizes, &ndim, shape) < 0)
            return NULL;
    }
    if (cg_check_same_device(n, in) < 0)
        return NULL;
    cg_device dev = result_device(n, in);
    cg_tensor *cast[CG_ITER_MAX_OPERANDS];
    if (cast_inputs(n, in, compute, dev, cast) < 0)
        return NULL;
    cg_tensor *out = ew_run(op, n, cast, ndim, shape, out_dtype, dev, args);
    for (int i = 0; i < n; i++)
        cg_tensor_release(cast[i]);
    return out;
}

cg_tensor *cg_ew_unary(cg_op op, cg_tensor *x, cg_dtype compute, cg_dtype out_dtype, const cg_op_args *args) {
    return ew_apply(op, 1, &x, &compute, out_dtype, args);
}

cg_tensor *cg_ew_binary(cg_op op, cg_tensor *a, cg_tensor *b, cg_dtype compute, cg_dtype out_dtype,
                        const cg_op_args *args) {
    return ew_apply(op, 2, (cg_tensor *[]){a, b}, (cg_dtype[]){compute, compute}, out_dtype, args);
}

cg_tensor *cg_ew_ternary(cg_op op, cg_tensor *a, cg_tensor *b, cg_tensor *c, const cg_dtype compute[3],
                         cg_dtype out_dtype, const cg_op_args *args) {
    return ew_apply(op, 3, (cg_tensor *[]){a, b, c}, compute, out_dtype, args);
}

static int inplace_apply(cg_op op, cg_tensor *self, int n, cg_tensor *const *others, const cg_dtype *compute,
                         const cg_op_args *args) {
    /* masked_fill_ writes expanded tensors, as PyTorch's does (it only warns
     * that this is deprecated) */
    if (cg_autograd_check_inplace(self) < 0 || (op != CG_OP_MASKED_FILL && cg_tensor_check_no_overlap(self) < 0))
        return -1;
    cg_tensor *all[CG_ITER_MAX_OPERANDS] = {self};
    if (n) /* others may be NULL for a unary op */
        memcpy(all + 1, others, (size_t)n * sizeof *others);
    if (cg_check_same_device(n + 1, all) < 0)
        return -1;
    int ndim = self->ndim;
    int64_t shape[CG_MAX_DIMS];
    memcpy(shape, self->sizes, sizeof shape);
    for (int i = 0; i < n; i++)
        if (cg_broadcast_shapes(ndim, shape, others[i]->ndim, others[i]->sizes, &ndim, shape) < 0)
            return -1;
    if (ndim != self->ndim || memcmp(shape, self->sizes, (size_t)ndim * sizeof *shape)) {
        char a[128], b[128];
        cg_error_set(CG_RUNTIME_ERROR, "output with shape %s doesn't match the broadcast shape %s",
                     cg_sizes_str(self->ndim, self->sizes, a, sizeof a), cg_sizes_str(ndim, shape, b, sizeof b));
        return -1;
    }
    /* PyTorch computes in the promoted type and casts into self's dtype,
     * which must not lose the category (float into int, int into bool). */
    cg_dtype result = compute[0];
    if ((cg_dtype_is_float(result) && !cg_dtype_is_inexact(self->dtype))
        || (cg_dtype_is_complex(result) && !cg_dtype_is_complex(self->dtype))
        || (result != CG_BOOL && self->dtype == CG_BOOL)) {
        cg_error_set(CG_RUNTIME_ERROR, "result type %s can't be cast to the desired output type %s",
                     cg_dtype_legacy_name(result), cg_dtype_legacy_name(self->dtype));
        return -1;
    }
    cg_tensor *all_in[CG_ITER_MAX_OPERANDS] = {self};
    if (n)
        memcpy(all_in + 1, others, (size_t)n * sizeof *others);
    cg_dtype comp[CG_ITER_MAX_OPERANDS];
    for (int i = 0; i <= n; i++)
        comp[i] = compute[0];
    cg_tensor *cast[CG_ITER_MAX_OPERANDS];
    if (cast_inputs(n + 1, all_in, comp, cg_tensor_device(self), cast) < 0)
        return -1;
    /* compute into a scratch tensor when self's dtype differs (float32 for
     * float16/bfloat16: Note [Reduced floating types]) */
    cg_dtype kernel_dt = cg_dtype_compute(compute[0]);
    cg_tensor *target = self->dtype == kernel_dt
                            ? cg_tensor_retain(self)
                            : cg_tensor_empty(self->ndim, self->sizes, kernel_dt, cg_tensor_device(self));
    int rc = target ? 0 : -1;
    if (rc == 0) {
        cg_ew_iter it;
        cg_ew_iter_init(&it, target, n + 1, cast);
        cg_kernel_call call = {.op = op, .nout = 1, .nin = n + 1, .out = {target}, .it = &it, .args = args};
        memcpy(call.in, cast, (size_t)(n + 1) * sizeof *cast);
        rc = cg_op_run(&call);
    }
    if (rc == 0 && target != self) {
        bool was = cg_grad_set_enabled(false);
        cg_ew_iter it;
        cg_ew_iter_init(&it, self, 1, &target);
        cg_kernel_call call = {.op = CG_OP_COPY, .nout = 1, .nin = 1, .out = {self}, .in = {target}, .it = &it};
        rc = cg_op_run(&call);
        cg_grad_set_enabled(was);
    }
    cg_tensor_release(target);
    for (int i = 0; i <= n; i++)
        cg_tensor_release(cast[i]);
    if (rc == 0)
        self->storage->version++;
    return rc;
}

int cg_ew_binary_(cg_op op, cg_tensor *self, cg_tensor *other, cg_dtype compute, const cg_op_args *args) {
    return inplace_apply(op, self, 1, &other, &compute, args);
}

int cg_ew_ternary_(cg_op op, cg_tensor *self, cg_tensor *b, cg_tensor *c, cg_dtype compute, const cg_op_args *args) {
    return inplace_apply(op, self, 2, (cg_tensor *[]){b, c}, &compute, args);
}

int cg_ew_unary_(cg_op op, cg_tensor *self, const cg_op_args *args) {
    /* no others, but a non-NULL pointer: memcpy of 0 bytes from NULL is UB */
    return inplace_apply(op, self, 0, &self, &self->dtype, args);
}

int cg_ew_unary_as_(cg_op op, cg_tensor *self, cg_dtype compute, const cg_op_args *args) {
    return inplace_apply(op, self, 0, NULL, &compute, args);
}

cg_tensor *cg_ew_record(cg_tensor *out, cg_op op, int nin, cg_tensor *const *in, int nsave, const cg_save_spec *save,
                        const cg_op_args *args) {
    if (!out || !cg_autograd_needed(nin, in))
        return out;
    if (cg_autograd_record(op, 1, &out, nin, in, nsave, save, args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

int cg_ew_record_(cg_tensor *self, cg_op op, int nin, cg_tensor *const *in, int nsave, const cg_save_spec *save,
                  const cg_op_args *args) {
    if (!cg_autograd_needed(nin, in))
        return 0;
    return cg_autograd_record(op, 1, &self, nin, in, nsave, save, args, NULL);
}
