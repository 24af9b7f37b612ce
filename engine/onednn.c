/* onednn.c: calls into oneDNN (libdnnl) for the float32 kernels PyTorch's
 * CPU build runs there: gelu's erf form and the 2-d and 3-d convolutions with their
 * two backward passes (onednn.h). Not the decision when to call them.
 *
 * Note [oneDNN paths]
 * ~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13 sends some float32 CPU ops through ideep, its C++ wrapper
 * of oneDNN: gelu (approximate='none') of a contiguous tensor of more than
 * one element, and convolutions where ConvParams::use_mkldnn holds. oneDNN
 * compiles its kernels at run time for the CPU it finds (AVX-512 here, AVX2
 * elsewhere) and blocks channels by 8 or 16; its sums run in an order of
 * its own, so no loop of ours gives its bits. We call the same library
 * (the same libdnnl.so.2 that libtorch_cpu links) the way ideep calls it,
 * so that it picks the same implementation and layouts:
 *   - every primitive with a user scratchpad, as ideep sets;
 *   - gelu: an eltwise primitive over the tensor's own shape (plain
 *     layout), forward_training, alpha = beta = 0; its backward with a
 *     forward hint over the same descriptor;
 *   - convolution: src, weights, bias and dst described as format `any`,
 *     so oneDNN chooses its blocked layouts; our plain NCHW / OIHW
 *     (GOIHW for groups) buffers are reordered into them and the result
 *     reordered back (reorders copy, they never round); the backward
 *     passes get a forward primitive as hint (with bias only where the
 *     bias gradient is wanted), as ideep builds them; the bias gradient
 *     comes from the backward-weights primitive, as PyTorch's does.
 * ONEDNN_VERBOSE=1 prints the same implementation and layouts for
 * cgrad's calls as for PyTorch's. oneDNN splits work over the OpenMP
 * threads it finds (omp_get_max_threads), the count torch.set_num_threads
 * sets, so results are PyTorch's for the same thread count. oneDNN keeps
 * its own cache of compiled primitives, so creating one per call costs
 * little after the first. */
#include "onednn.h"

#include <stdlib.h>
#include <threads.h>

#include <dnnl.h>

#include "error.h"

/* ---- engine, stream, and the resources of one call ----------------------------------- */

static dnnl_engine_t engine;
static dnnl_stream_t stream;
static dnnl_status_t engine_status;
static once_flag engine_once = ONCE_FLAG_INIT;

static void engine_init(void) {
    engine_status = dnnl_engine_create(&engine, dnnl_cpu, 0);
    if (engine_status == dnnl_success)
        engine_status = dnnl_stream_create(&stream, engine, dnnl_stream_default_flags);
}

/* What one call created, released together at its end. */
typedef struct {
    dnnl_primitive_attr_t attr;
    dnnl_memory_t mem[16];
    dnnl_primitive_desc_t pd[8];
    int nmem, npd;
    int failed;
} job;

static int check(job *j, dnnl_status_t s, const char *what) {
    if (s != dnnl_success && !j->failed) {
        cg_error_set(CG_RUNTIME_ERROR, "oneDNN: %s failed (status %d)", what, (int)s);
        j->failed = 1;
    }
    return s == dnnl_success ? 0 : -1;
}

static int job_start(job *j) {
    *j = (job){0};
    call_once(&engine_once, engine_init);
    if (check(j, engine_status, "engine creation") < 0)
        return -1;
    if (check(j, dnnl_primitive_attr_create(&j->attr), "attribute creation") < 0)
        return -1;
    return check(j, dnnl_primitive_attr_set_scratchpad_mode(j->attr, dnnl_scratchpad_mode_user), "scratchpad mode");
}

static int job_end(job *j) {
    for (int i = 0; i < j->nmem; i++)
        dnnl_memory_destroy(j->mem[i]);
    for (int i = 0; i < j->npd; i++)
        dnnl_primitive_desc_destroy(j->pd[i]);
    if (j->attr)
        dnnl_primitive_attr_destroy(j->attr);
    return j->failed ? -1 : 0;
}

/* A memory over md at data, or allocated by oneDNN when data is NULL. */
static dnnl_memory_t memory(job *j, const dnnl_memory_desc_t *md, void *data) {
    dnnl_memory_t m = NULL;
    if (j->failed || j->nmem == (int)(sizeof j->mem / sizeof *j->mem))
        return NULL;
    if (check(j, dnnl_memory_create(&m, md, engine, data ? data : DNNL_MEMORY_ALLOCATE), "memory creation") < 0)
        return NULL;
    return j->mem[j->nmem++] = m;
}

/* *pd, just created with status s, kept for release (a pointer: the
 * creation call must run before it is read) */
static dnnl_primitive_desc_t keep_pd(job *j, dnnl_status_t s, dnnl_primitive_desc_t *pd, const char *what) {
    if (j->failed || check(j, s, what) < 0)
        return NULL;
    return j->pd[j->npd++] = *pd;
}

/* Runs the primitive of pd over args, with its scratchpad. */
static int execute(job *j, const_dnnl_primitive_desc_t pd, int nargs, const dnnl_exec_arg_t *args) {
    if (j->failed)
        return -1;
    dnnl_primitive_t prim;
    if (check(j, dnnl_primitive_create(&prim, pd), "primitive creation") < 0)
        return -1;
    dnnl_exec_arg_t all[8];
    for (int i = 0; i < nargs; i++)
        all[i] = args[i];
    dnnl_memory_t pad = memory(j, dnnl_primitive_desc_query_md(pd, dnnl_query_scratchpad_md, 0), NULL);
    all[nargs] = (dnnl_exec_arg_t){DNNL_ARG_SCRATCHPAD, pad};
    if (pad)
        check(j, dnnl_primitive_execute(prim, stream, nargs + 1, all), "execution");
    if (!j->failed)
        check(j, dnnl_stream_wait(stream), "stream wait");
    dnnl_primitive_destroy(prim);
    return j->failed ? -1 : 0;
}

static int reorder(job *j, dnnl_memory_t from, dnnl_memory_t to) {
    const dnnl_memory_desc_t *a, *b;
    if (j->failed || check(j, dnnl_memory_get_memory_desc(from, &a), "memory query") < 0
        || check(j, dnnl_memory_get_memory_desc(to, &b), "memory query") < 0)
        return -1;
    dnnl_primitive_desc_t pd = NULL;
    dnnl_status_t s = dnnl_reorder_primitive_desc_create(&pd, a, engine, b, engine, j->attr);
    if (!keep_pd(j, s, &pd, "reorder"))
        return -1;
    return execute(j, pd, 2, (dnnl_exec_arg_t[]){{DNNL_ARG_FROM, from}, {DNNL_ARG_TO, to}});
}

/* The user's plain buffer in the layout the primitive wants: itself, or
 * a reordered copy. */
static dnnl_memory_t input_as(job *j, const dnnl_memory_desc_t *plain, const void *data,
                              const dnnl_memory_desc_t *want) {
    dnnl_memory_t user = memory(j, plain, (void *)data);
    if (!user || dnnl_memory_desc_equal(plain, want))
        return user;
    dnnl_memory_t m = memory(j, want, NULL);
    return m && reorder(j, user, m) == 0 ? m : NULL;
}

/* Where the primitive writes a result meant for the plain buffer data:
 * the buffer itself, or one in the wanted layout that output_back copies
 * over. */
static dnnl_memory_t output_as(job *j, const dnnl_memory_desc_t *plain, void *data, const dnnl_memory_desc_t *want,
                               dnnl_memory_t *user) {
    *user = memory(j, plain, data);
    if (!*user || dnnl_memory_desc_equal(plain, want))
        return *user;
    return memory(j, want, NULL);
}

static int output_back(job *j, dnnl_memory_t written, dnnl_memory_t user) {
    return written == user ? (j->failed ? -1 : 0) : reorder(j, written, user);
}

/* ---- gelu ---------------------------------------------------------------------------- */

/* the plain descriptor of a contiguous float tensor (one dim beyond
 * oneDNN's limit: flat, the same elements) */
static void plain_md(job *j, dnnl_memory_desc_t *md, int ndim, const int64_t *sizes) {
    dnnl_dims_t dims, strides;
    int64_t numel = 1;
    for (int d = 0; d < ndim; d++)
        numel *= sizes[d];
    if (ndim > DNNL_MAX_NDIMS || ndim == 0)
        ndim = 1, sizes = &numel;
    int64_t step = 1;
    for (int d = ndim - 1; d >= 0; d--)
        dims[d] = sizes[d], strides[d] = step, step *= sizes[d];
    check(j, dnnl_memory_desc_init_by_strides(md, ndim, dims, dnnl_f32, strides), "memory descriptor");
}

int cg_onednn_gelu(int ndim, const int64_t *sizes, const float *x, const float *dy, float *out) {
    job j;
    if (job_start(&j) < 0)
        return job_end(&j);
    dnnl_memory_desc_t md;
    plain_md(&j, &md, ndim, sizes);
    dnnl_eltwise_desc_t fwd, bwd;
    dnnl_primitive_desc_t pd = NULL, hint = NULL;
    check(&j, dnnl_eltwise_forward_desc_init(&fwd, dnnl_forward_training, dnnl_eltwise_gelu_erf, &md, 0.f, 0.f),
          "eltwise descriptor");
    dnnl_memory_t src = memory(&j, &md, (void *)x), dst = memory(&j, &md, out);
    if (!dy) {
        if (keep_pd(&j, dnnl_primitive_desc_create(&pd, &fwd, j.attr, engine, NULL), &pd, "gelu"))
            execute(&j, pd, 2, (dnnl_exec_arg_t[]){{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}});
        return job_end(&j);
    }
    dnnl_memory_t diff = memory(&j, &md, (void *)dy);
    if (!keep_pd(&j, dnnl_primitive_desc_create(&hint, &fwd, NULL, engine, NULL), &hint, "gelu hint"))
        return job_end(&j);
    const dnnl_memory_desc_t *hint_dst = dnnl_primitive_desc_query_md(hint, dnnl_query_dst_md, 0);
    check(&j, dnnl_eltwise_backward_desc_init(&bwd, dnnl_eltwise_gelu_erf, hint_dst, &md, 0.f, 0.f),
          "eltwise backward descriptor");
    if (!j.failed && keep_pd(&j, dnnl_primitive_desc_create(&pd, &bwd, j.attr, engine, hint), &pd, "gelu backward"))
        execute(&j, pd, 3,
                (dnnl_exec_arg_t[]){{DNNL_ARG_SRC, src}, {DNNL_ARG_DIFF_DST, diff}, {DNNL_ARG_DIFF_SRC, dst}});
    return job_end(&j);
}

/* ---- convolution --------------------------------------------------------------------- */

bool cg_onednn_conv_applies(const cg_onednn_conv *p, int threads) {
    bool strided = p->stride[0] != 1 || p->stride[1] != 1 || (p->depth && p->depth_stride != 1);
    bool dilated = p->dilation[0] != 1 || p->dilation[1] != 1 || (p->depth && p->depth_dilation != 1);
    /* a 1x1 kernel on a small batch, one thread: PyTorch's own loop is faster */
    bool wide = strided || dilated || p->n >= 16 || p->kw != 1 || p->kh != 1 || threads > 1;
    /* PyTorch multiplies the input's first four sizes: N C D H for 3-d */
    int64_t first4 = p->n * p->c * (p->depth ? p->depth * p->h : p->h * p->w);
    bool big = p->groups > 1 || (p->kw > 3 && p->kh > 3) || p->n > 1 || first4 > 20480;
    return wide && big;
}

/* The four descriptors of a convolution, plain (for our buffers) and
 * `any` (for the primitive). */
typedef struct {
    dnnl_memory_desc_t src, wei, bias, dst;
} conv_mds;

/* The dims of a 2-d convolution's tensors, or a 3-d one's (depth set):
 * the spatial dims in order, after the leading two. */
static int conv_dims(const cg_onednn_conv *p, int64_t a, int64_t b, int64_t d, int64_t h, int64_t w, int64_t *out) {
    int nd = 0;
    out[nd++] = a, out[nd++] = b;
    if (p->depth)
        out[nd++] = d;
    out[nd++] = h, out[nd++] = w;
    return nd;
}

static void conv_descs(job *j, const cg_onednn_conv *p, bool any, conv_mds *m) {
    dnnl_dims_t src, dst, wei, gwei, bias = {p->o};
    int nd = conv_dims(p, p->n, p->c, p->depth, p->h, p->w, src);
    conv_dims(p, p->n, p->o, p->od, p->oh, p->ow, dst);
    conv_dims(p, p->o, p->c, p->kd, p->kh, p->kw, wei);
    /* grouped weights as [g, o/g, c/g, *kernel], as ideep describes them */
    bool g = p->groups > 1;
    gwei[0] = p->groups;
    conv_dims(p, p->o / p->groups, p->c / p->groups, p->kd, p->kh, p->kw, gwei + 1);
    bool three = nd == 5;
    dnnl_format_tag_t act = any ? dnnl_format_tag_any : three ? dnnl_abcde : dnnl_abcd;
    dnnl_format_tag_t wtag = any ? act : g ? (three ? dnnl_goidhw : dnnl_goihw) : (three ? dnnl_oidhw : dnnl_oihw);
    check(j, dnnl_memory_desc_init_by_tag(&m->src, nd, src, dnnl_f32, act), "memory descriptor");
    check(j, dnnl_memory_desc_init_by_tag(&m->dst, nd, dst, dnnl_f32, act), "memory descriptor");
    check(j, dnnl_memory_desc_init_by_tag(&m->wei, g ? nd + 1 : nd, g ? gwei : wei, dnnl_f32, wtag),
          "memory descriptor");
    check(j, dnnl_memory_desc_init_by_tag(&m->bias, 1, bias, dnnl_f32, any ? act : dnnl_a), "memory descriptor");
}

/* stride, dilation (oneDNN counts the gaps: PyTorch's minus one) and padding */
typedef struct {
    dnnl_dims_t stride, dilation, padding;
} conv_window;

static conv_window window_of(const cg_onednn_conv *p) {
    if (p->depth)
        return (conv_window){{p->depth_stride, p->stride[0], p->stride[1]},
                             {p->depth_dilation - 1, p->dilation[0] - 1, p->dilation[1] - 1},
                             {p->depth_padding, p->padding[0], p->padding[1]}};
    return (conv_window){{p->stride[0], p->stride[1]},
                         {p->dilation[0] - 1, p->dilation[1] - 1},
                         {p->padding[0], p->padding[1]}};
}

/* The forward primitive over `any` layouts, with bias or not: the
 * primitive itself (with the scratchpad attribute) or a backward hint. */
static dnnl_primitive_desc_t forward_pd(job *j, const cg_onednn_conv *p, bool bias, bool hint) {
    conv_mds any;
    conv_descs(j, p, true, &any);
    conv_window w = window_of(p);
    dnnl_convolution_desc_t d;
    check(j,
          dnnl_dilated_convolution_forward_desc_init(&d, dnnl_forward_training, dnnl_convolution_direct, &any.src,
                                                     &any.wei, bias ? &any.bias : NULL, &any.dst, w.stride,
                                                     w.dilation, w.padding, w.padding),
          "convolution descriptor");
    dnnl_primitive_desc_t pd = NULL;
    if (j->failed)
        return NULL;
    return keep_pd(j, dnnl_primitive_desc_create(&pd, &d, hint ? NULL : j->attr, engine, NULL), &pd, "convolution");
}

static const dnnl_memory_desc_t *md_of(const_dnnl_primitive_desc_t pd, dnnl_query_t what) {
    return dnnl_primitive_desc_query_md(pd, what, 0);
}

int cg_onednn_conv_forward(const cg_onednn_conv *p, const float *x, const float *w, const float *b, float *y) {
    job j;
    if (job_start(&j) < 0)
        return job_end(&j);
    conv_mds plain;
    conv_descs(&j, p, false, &plain);
    dnnl_primitive_desc_t pd = forward_pd(&j, p, b != NULL, false);
    if (!pd)
        return job_end(&j);
    dnnl_memory_t wm = input_as(&j, &plain.wei, w, md_of(pd, dnnl_query_weights_md));
    dnnl_memory_t xm = input_as(&j, &plain.src, x, md_of(pd, dnnl_query_src_md));
    dnnl_memory_t bm = b ? input_as(&j, &plain.bias, b, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 1))
                         : NULL;
    dnnl_memory_t user, ym = output_as(&j, &plain.dst, y, md_of(pd, dnnl_query_dst_md), &user);
    dnnl_exec_arg_t args[4] = {{DNNL_ARG_SRC, xm}, {DNNL_ARG_WEIGHTS, wm}, {DNNL_ARG_DST, ym}, {DNNL_ARG_BIAS, bm}};
    if (!j.failed && execute(&j, pd, b ? 4 : 3, args) == 0)
        output_back(&j, ym, user);
    return job_end(&j);
}

/* A backward primitive over `any` layouts, with the forward primitive as
 * hint (its bias as the backward's): backward-weights when `weights`
 * (with a bias gradient when `bias`), else backward-data; *plain gets
 * the plain descriptors of our buffers. */
static dnnl_primitive_desc_t backward_pd(job *j, const cg_onednn_conv *p, bool weights, bool bias, conv_mds *plain) {
    conv_mds any;
    conv_descs(j, p, false, plain);
    conv_descs(j, p, true, &any);
    conv_window w = window_of(p);
    dnnl_primitive_desc_t hint = forward_pd(j, p, bias, true), pd = NULL;
    dnnl_convolution_desc_t d;
    dnnl_alg_kind_t alg = dnnl_convolution_direct;
    if (weights)
        check(j,
              dnnl_dilated_convolution_backward_weights_desc_init(&d, alg, &any.src, &any.wei, bias ? &any.bias : NULL,
                                                                  &any.dst, w.stride, w.dilation, w.padding, w.padding),
              "convolution backward descriptor");
    else
        check(j,
              dnnl_dilated_convolution_backward_data_desc_init(&d, alg, &any.src, &any.wei, &any.dst, w.stride,
                                                               w.dilation, w.padding, w.padding),
              "convolution backward descriptor");
    if (!hint || j->failed)
        return NULL;
    return keep_pd(j, dnnl_primitive_desc_create(&pd, &d, j->attr, engine, hint), &pd, "convolution backward");
}

int cg_onednn_conv_backward_data(const cg_onednn_conv *p, const float *dy, const float *w, float *dx) {
    job j;
    if (job_start(&j) < 0)
        return job_end(&j);
    conv_mds plain;
    dnnl_primitive_desc_t pd = backward_pd(&j, p, false, false, &plain);
    if (!pd)
        return job_end(&j);
    dnnl_memory_t wm = input_as(&j, &plain.wei, w, md_of(pd, dnnl_query_weights_md));
    dnnl_memory_t gm = input_as(&j, &plain.dst, dy, md_of(pd, dnnl_query_diff_dst_md));
    dnnl_memory_t user, xm = output_as(&j, &plain.src, dx, md_of(pd, dnnl_query_diff_src_md), &user);
    dnnl_exec_arg_t args[3] = {{DNNL_ARG_DIFF_DST, gm}, {DNNL_ARG_WEIGHTS, wm}, {DNNL_ARG_DIFF_SRC, xm}};
    if (!j.failed && execute(&j, pd, 3, args) == 0)
        output_back(&j, xm, user);
    return job_end(&j);
}

int cg_onednn_conv_backward_weights(const cg_onednn_conv *p, const float *x, const float *dy, float *dw, float *db) {
    job j;
    if (job_start(&j) < 0)
        return job_end(&j);
    conv_mds plain;
    dnnl_primitive_desc_t pd = backward_pd(&j, p, true, db != NULL, &plain);
    if (!pd)
        return job_end(&j);
    dnnl_memory_t gm = input_as(&j, &plain.dst, dy, md_of(pd, dnnl_query_diff_dst_md));
    dnnl_memory_t xm = input_as(&j, &plain.src, x, md_of(pd, dnnl_query_src_md));
    dnnl_memory_t wuser, wm = output_as(&j, &plain.wei, dw, md_of(pd, dnnl_query_diff_weights_md), &wuser);
    dnnl_memory_t buser = NULL, bm = NULL;
    if (db)
        bm = output_as(&j, &plain.bias, db, dnnl_primitive_desc_query_md(pd, dnnl_query_diff_weights_md, 1), &buser);
    dnnl_exec_arg_t args[4] = {
        {DNNL_ARG_SRC, xm}, {DNNL_ARG_DIFF_DST, gm}, {DNNL_ARG_DIFF_WEIGHTS, wm}, {DNNL_ARG_DIFF_BIAS, bm}};
    if (!j.failed && execute(&j, pd, db ? 4 : 3, args) == 0) {
        if (db)
            output_back(&j, bm, buser);
        output_back(&j, wm, wuser);
    }
    return job_end(&j);
}
