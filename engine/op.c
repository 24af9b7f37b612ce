/* op.c: the op descriptors and the CPU kernel table, generated from ops.def,
 * and the dispatch of a call to its device's kernel.
 *
 * In ops.def, a row without a kernel says `nokernel` and a row without a
 * derivative says `nodiff`; op.h declared every named function, and here the
 * placeholders become NULL before the tables are expanded. */
#include "autograd.h"
#include "error.h"
#include "op.h"
#include "ops_copy.h"

#include <stdbool.h>
#include <stddef.h>

#define nokernel NULL
#define nodiff NULL

const cg_op_info cg_op_table[CG_OP_COUNT] = {
#define X(id, node, cpu, cuda, bw, sample) [CG_OP_##id] = {#id, node, bw},
#include "ops.def"
#undef X
};

const cg_kernel_fn cg_cpu_kernels[CG_OP_COUNT] = {
#define X(id, node, cpu, cuda, bw, sample) [CG_OP_##id] = cpu,
#include "ops.def"
#undef X
};

/* A CPU kernel that composes engine ops (logsumexp's) can fail to
 * allocate; it says so here, with the error set, and cg_op_run returns -1
 * (the CPU backend's kernel_status). */
static _Thread_local bool cpu_kernel_failed;

void cg_cpu_kernel_fail(void) { cpu_kernel_failed = true; }

int cg_cpu_kernel_status(void) {
    if (!cpu_kernel_failed)
        return 0;
    cpu_kernel_failed = false;
    return -1;
}

/* Kernels launch on the current device, so an op on another device's
 * tensors makes their device current while it runs (PyTorch's device
 * guard): *prev is the device to go back to, or -1 when none changed. */
static int enter_device(const cg_backend *be, int index, int *prev) {
    if (!be->devices || index < 0)
        return 0;
    int cur = be->devices->current();
    if (cur < 0)
        return -1;
    if (cur == index)
        return 0;
    if (be->devices->set_current(index) < 0)
        return -1;
    *prev = cur;
    return 0;
}

/* Note [Kernels of reduced floating types]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Kernels have no float16 or bfloat16 arithmetic of their own. Elementwise
 * ops and reductions convert in their frontends (Note [Reduced floating
 * types] in ew.c); COPY and FILL take them as they are. Every other kernel
 * that meets one runs here on float32 copies: each float16/bfloat16
 * operand becomes a float32 tensor laid out as it was (outputs keep their
 * contents, which in-place kernels read), the kernel runs, and the outputs
 * are rounded back. So matmul, softmax, the norms, convolutions, indexing
 * and losses all take them, computing in float as PyTorch's bfloat16
 * kernels do, rounding once at the end; where PyTorch 1.13's CPU refuses
 * float16 (its matmul, softmax, ...), cgrad computes, as later PyTorch
 * does. The index walks take them as they are, for the same reason as
 * COPY: their operands are views into storage. Kernels planned on an iterator cannot be redirected so: they are
 * refused, with PyTorch's dispatch error, before they read the wrong type. */
/* walks over a view and element offsets into its storage, which a float32
 * copy would not have: they move (and add) the bits themselves */
#define INDEX_WALKS                                                                                             \
    [CG_OP_INDEX] = true, [CG_OP_INDEX_PUT] = true, [CG_OP_INDEX_SELECT] = true, [CG_OP_INDEX_ADD] = true,      \
    [CG_OP_INDEX_FILL] = true, [CG_OP_GATHER] = true, [CG_OP_SCATTER] = true, [CG_OP_SCATTER_VALUE] = true,    \
    [CG_OP_SCATTER_ADD] = true
static const bool takes_reduced[CG_OP_COUNT] = {[CG_OP_COPY] = true, [CG_OP_FILL] = true, INDEX_WALKS};

/* Note [Kernels of complex types]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * complex64 and complex128 have no float32 stand-in: a kernel takes them
 * only where its rows were written for them. The elementwise ops' complex
 * rows are all in ops_complex.c (cg_complex_row), run here on the call's
 * iterator in place of the op's CPU kernel, whose own row tables stay
 * real; the other kernels that take complex operands are listed below.
 * CUDA kernels take none (a complex tensor moves to and from a device as
 * bytes, by the backend's copy, not by a kernel). Any other kernel that
 * meets a complex operand is refused before it runs, with PyTorch's dispatch
 * error ("\"max_all\" not implemented for 'ComplexFloat'"), instead of
 * reading two floats as one. */
static const bool takes_complex[CG_OP_COUNT] = {
    [CG_OP_COPY] = true, [CG_OP_FILL] = true, INDEX_WALKS,
    /* products: cgemm/zgemm (ops_linalg.c) */
    [CG_OP_MM] = true, [CG_OP_BMM] = true, [CG_OP_ADDMM] = true, [CG_OP_MV] = true, [CG_OP_DOT] = true,
};

static bool is_reduced(const cg_tensor *t) { return t && cg_dtype_is_reduced(t->dtype); }
static bool is_complex(const cg_tensor *t) { return t && cg_dtype_is_complex(t->dtype); }

/* The first operand of call (outputs, inputs, list) that `bad` picks. */
static const cg_tensor *first_such(const cg_kernel_call *call, bool (*bad)(const cg_tensor *)) {
    for (int i = 0; i < call->nout; i++)
        if (bad(call->out[i]))
            return call->out[i];
    for (int i = 0; i < call->nin; i++)
        if (bad(call->in[i]))
            return call->in[i];
    for (int i = 0; i < call->nlist; i++)
        if (bad(call->list[i]))
            return call->list[i];
    return NULL;
}

static const cg_tensor *first_reduced(const cg_kernel_call *call) { return first_such(call, is_reduced); }

/* PyTorch's kernel names, in its refusals of complex, where they are not
 * the op's own: its vml ops */
static const char *const kernel_names[CG_OP_COUNT] = {
    [CG_OP_ERF] = "erf_vml",
    [CG_OP_LOG1P] = "log1p_vml",
};

static int refuse_dtype(const cg_kernel_call *call, const cg_tensor *bad, const char *backend) {
    char name[64];
    size_t i = 0;
    const char *own = cg_dtype_is_complex(bad->dtype) && kernel_names[call->op] ? kernel_names[call->op]
                                                                                : cg_op_table[call->op].name;
    for (const char *p = own; *p && i < sizeof name - 1; p++)
        name[i++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    name[i] = 0;
    cg_error_set(CG_RUNTIME_ERROR, "\"%s_%s\" not implemented for '%s'", name, backend,
                 cg_dtype_legacy_name(bad->dtype));
    return -1;
}

/* The float32 stand-in of t (t itself, retained, when not reduced); an
 * operand met before (an output that is also an input) maps to the same. */
typedef struct {
    cg_tensor *from[16], *to[16];
    int n;
} stand_ins;

static cg_tensor *stand_in(stand_ins *m, cg_tensor *t) {
    if (!t)
        return NULL;
    for (int i = 0; i < m->n; i++)
        if (m->from[i] == t)
            return m->to[i];
    cg_tensor *f = is_reduced(t) ? cg_to_dtype_preserve(t, CG_F32) : cg_tensor_retain(t);
    if (f && m->n < 16) {
        m->from[m->n] = t;
        m->to[m->n++] = f;
    }
    return f;
}

static int run_in_float(const cg_kernel_call *call, const char *backend) {
    if (call->nlist > 64 || call->nout + call->nin + call->nlist > 16)
        return refuse_dtype(call, first_reduced(call), backend);
    bool was = cg_grad_set_enabled(false);
    stand_ins m = {.n = 0};
    cg_kernel_call c = *call;
    cg_tensor *list[64];
    bool ok = true;
    for (int i = 0; i < call->nout; i++)
        ok &= (c.out[i] = stand_in(&m, call->out[i])) != NULL || !call->out[i];
    for (int i = 0; i < call->nin; i++)
        ok &= (c.in[i] = stand_in(&m, call->in[i])) != NULL || !call->in[i];
    for (int i = 0; i < call->nlist; i++)
        ok &= (list[i] = stand_in(&m, call->list[i])) != NULL;
    c.list = list;
    int rc = ok ? cg_op_run(&c) : -1;
    for (int i = 0; i < call->nout && rc == 0; i++)
        if (is_reduced(call->out[i]))
            rc = cg_copy_raw(call->out[i], c.out[i]);
    for (int i = 0; i < m.n; i++)
        cg_tensor_release(m.to[i]);
    cg_grad_set_enabled(was);
    return rc;
}

int cg_op_run(const cg_kernel_call *call) {
    const cg_tensor *t = call->nout ? call->out[0] : call->in[0];
    cg_device dev = cg_tensor_device(t);
    const cg_backend *be = cg_backend_get(dev.type);
    if (!be)
        return -1;
    cg_kernel_fn fn = be->kernels[call->op];
    if (!fn) {
        cg_error_set(CG_NOT_IMPLEMENTED_ERROR, "Could not run '%s' with arguments from the '%s' backend.",
                     cg_op_table[call->op].name, be->name);
        return -1;
    }
    const char *backend = dev.type == CG_CPU ? "cpu" : "cuda";
    const cg_tensor *cpx = first_such(call, is_complex);
    if (cpx && dev.type == CG_CPU && call->it && cg_complex_row(call->op, cpx->dtype)) {
        cg_ew_iter_for_each(call->it, cg_complex_row(call->op, cpx->dtype), call->args);
        return 0;
    }
    if (cpx && (!takes_complex[call->op] || dev.type != CG_CPU))
        return refuse_dtype(call, cpx, backend);
    if (!takes_reduced[call->op] && first_reduced(call)) {
        return call->it || call->rit ? refuse_dtype(call, first_reduced(call), backend) : run_in_float(call, backend);
    }
    int prev = -1;
    if (enter_device(be, dev.index, &prev) < 0)
        return -1;
    fn(call);
    int rc = be->kernel_status ? be->kernel_status() : 0;
    if (prev >= 0 && be->devices->set_current(prev) < 0 && rc == 0)
        rc = -1;
    return rc;
}
