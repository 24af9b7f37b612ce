/* op.c: the op descriptors and the CPU kernel table, generated from ops.def,
 * and the dispatch of a call to its device's kernel.
 *
 * In ops.def, a row without a kernel says `nokernel` and a row without a
 * derivative says `nodiff`; op.h declared every named function, and here the
 * placeholders become NULL before the tables are expanded. */
#include "autograd.h"
#include "error.h"
#include "op.h"

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
 * Kernels compute float16 and bfloat16 in float32, their frontends
 * converting (Note [Reduced floating types] in ew.c), except these, which
 * take them as they are: copies, fills and moves of whole elements. Any
 * other kernel meeting one would read its bits as another type, so it is
 * refused here, with PyTorch's dispatch error, before it runs. */
static const bool takes_reduced[CG_OP_COUNT] = {
    [CG_OP_COPY] = true,
    [CG_OP_FILL] = true,
};

static bool is_reduced(const cg_tensor *t) { return t && cg_dtype_is_reduced(t->dtype); }

static int check_reduced(const cg_kernel_call *call, const char *backend) {
    if (takes_reduced[call->op])
        return 0;
    const cg_tensor *bad = NULL;
    for (int i = 0; i < call->nout && !bad; i++)
        bad = is_reduced(call->out[i]) ? call->out[i] : NULL;
    for (int i = 0; i < call->nin && !bad; i++)
        bad = is_reduced(call->in[i]) ? call->in[i] : NULL;
    for (int i = 0; i < call->nlist && !bad; i++)
        bad = is_reduced(call->list[i]) ? call->list[i] : NULL;
    if (!bad)
        return 0;
    char name[64];
    size_t i = 0;
    for (const char *p = cg_op_table[call->op].name; *p && i < sizeof name - 1; p++)
        name[i++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    name[i] = 0;
    cg_error_set(CG_RUNTIME_ERROR, "\"%s_%s\" not implemented for '%s'", name, backend,
                 cg_dtype_legacy_name(bad->dtype));
    return -1;
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
    if (check_reduced(call, dev.type == CG_CPU ? "cpu" : "cuda") < 0)
        return -1;
    int prev = -1;
    if (enter_device(be, dev.index, &prev) < 0)
        return -1;
    fn(call);
    int rc = be->kernel_status ? be->kernel_status() : 0;
    if (prev >= 0 && be->devices->set_current(prev) < 0 && rc == 0)
        rc = -1;
    return rc;
}
