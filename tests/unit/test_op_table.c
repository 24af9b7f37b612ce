/* test_op_table.c: walks ops.def. Every row's samples run; every row with a
 * derivative is gradchecked against central differences in float64, and its
 * output's grad_fn must be that row's node. Each row runs DRAWS times, on
 * shapes drawn anew each time (Note [Drawn shapes] in helpers.h). An op
 * cannot be added to the table without a sample (the link fails), with
 * samples of fixed shapes only, nor with a wrong derivative. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define DRAWS 8

typedef struct {
    cg_op op;
    const char *name;
    cg_sample_fn sample;
} row;

static const row rows[] = {
#define X(id, node, cpu, cuda, bw, sample) {CG_OP_##id, #id, sample},
#include "ops.def"
#undef X
};

/* The base seed of every draw: CG_SHAPE_SEED, or 1. */
static uint64_t base_seed(void) {
    const char *env = getenv("CG_SHAPE_SEED");
    return env && *env ? strtoull(env, NULL, 0) : 1;
}

/* Draw number `draw` of row r's shapes, seeded by its name (FNV-1a), so that
 * a row's shapes do not move when other rows are added. */
static void draw_for(const row *r, int draw) {
    uint64_t h = 1469598103934665603ULL;
    for (const char *c = r->name; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ULL;
    s_draw(h ^ (base_seed() * 0x9E3779B97F4A7C15ULL + (uint64_t)draw));
}

/* How to get a failure back: printed with every failed check. */
static const char *draw_where(int draw) {
    static char buf[160];
    snprintf(buf, sizeof buf, "CG_SHAPE_SEED=%llu draw %d: %s", (unsigned long long)base_seed(), draw, s_draw_str());
    return buf;
}

static void sample_free(cg_sample *s) {
    for (int i = 0; i < s->nin; i++)
        cg_tensor_release(s->in[i]);
}

/* A complex tensor as its parts (a view: view_as_real), a real one as
 * itself: complex rows are gradchecked over the parts, whose gradient is
 * PyTorch's conjugate Wirtinger one (dL/dx + i dL/dy). */
static cg_tensor *parts_of(cg_tensor *t) {
    return cg_dtype_is_complex(t->dtype) ? T_OK(cg_view_as_real(t)) : cg_tensor_retain(t);
}

/* L = sum(out * w) for fixed weights w of out's shape, as a double. */
static double weighted(const cg_sample *s, const cg_tensor *w) {
    cg_tensor *whole = s->fn(s->in, s);
    cr_assert(whole, "%s", cg_error_message());
    cg_tensor *out = parts_of(whole);
    cg_tensor_release(whole);
    double acc = 0;
    int64_t n = cg_tensor_numel(out);
    for (int64_t i = 0; i < n; i++)
        acc += t_at(out, i) * t_at(w, i);
    cg_tensor_release(out);
    return acc;
}

static void gradcheck(const row *r, cg_sample *s, int draw) {
    const char *where = draw_where(draw);
    cg_tensor *out = s->fn(s->in, s);
    cr_assert(out, "%s [%s] (%s) failed: %s", r->name, s->desc, where, cg_error_message());
    cr_assert(out->grad_fn, "%s [%s] (%s): output has no grad_fn", r->name, s->desc, where);
    cr_assert_eq(out->grad_fn->op, r->op, "%s [%s] (%s): output's grad_fn is %s", r->name, s->desc, where,
                 out->grad_fn->name);
    cg_tensor *whole = out;
    out = parts_of(whole);
    cg_tensor_release(whole);
    cg_tensor *w = t_rand(CG_F64, out->ndim, out->sizes, -1.0, 1.0, 99);
    cg_tensor *prod = T_OK(cg_mul(out, w));
    cg_tensor *loss = T_OK(cg_sum(prod, 0, NULL, false));
    cg_tensor *wanted[4];
    int nw = 0;
    for (int i = 0; i < s->nin; i++)
        if (s->in[i]->requires_grad)
            wanted[nw++] = s->in[i];
    cg_tensor *grads[4] = {0};
    T_RC(cg_autograd_grad(1, &loss, NULL, nw, wanted, false, false, true, grads));
    double eps = s->eps ? s->eps : 1e-6, atol = s->atol ? s->atol : 1e-5, rtol = s->rtol ? s->rtol : 1e-4;
    bool was = cg_grad_set_enabled(false);
    for (int k = 0; k < nw; k++) {
        cg_tensor *x = parts_of(wanted[k]), *g = grads[k] ? parts_of(grads[k]) : NULL;
        int64_t n = cg_tensor_numel(x);
        for (int64_t j = 0; j < n; j++) {
            double v = t_at(x, j);
            t_set(x, j, v + eps);
            double hi = weighted(s, w);
            t_set(x, j, v - eps);
            double lo = weighted(s, w);
            t_set(x, j, v);
            double numeric = (hi - lo) / (2 * eps);
            double analytic = g ? t_at(g, j) : 0.0;
            cr_assert(fabs(numeric - analytic) <= atol + rtol * fabs(numeric),
                      "%s [%s] (%s): d/d input %d element %lld: analytic %.8g, numeric %.8g", r->name, s->desc, where,
                      k, (long long)j, analytic, numeric);
        }
        cg_tensor_release(grads[k]), cg_tensor_release(g), cg_tensor_release(x);
    }
    cg_grad_set_enabled(was);
    cg_tensor_release(w), cg_tensor_release(prod), cg_tensor_release(loss), cg_tensor_release(out);
}

Test(op_table, every_op_has_samples_that_run_on_drawn_shapes) {
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        const row *r = &rows[k];
        for (int draw = 0; draw < DRAWS; draw++) {
            draw_for(r, draw);
            int variants = 0;
            cg_sample s = {0};
            while (r->sample(variants, &s)) {
                cg_tensor *out = s.fn(s.in, &s);
                cr_assert(out, "%s [%s] (%s) failed: %s", r->name, s.desc ? s.desc : "", draw_where(draw),
                          cg_error_message());
                cg_tensor_release(out);
                sample_free(&s);
                s = (cg_sample){0};
                variants++;
            }
            cr_assert(variants > 0, "%s has no samples", r->name);
            cr_assert(s_sizes_read() > 0, "%s: no sample draws its sizes (S_A .. S_F, see helpers.h)", r->name);
        }
    }
}

Test(op_table, every_differentiable_op_passes_gradcheck_on_drawn_shapes) {
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        const row *r = &rows[k];
        if (!cg_op_table[r->op].backward)
            continue;
        /* a node whose backward raises PyTorch's "the derivative for ... is
         * not implemented" for every input (tests/lang/float_bits.py) */
        if (r->op == CG_OP_NEXTAFTER)
            continue;
        int checked = 0;
        for (int draw = 0; draw < DRAWS; draw++) {
            draw_for(r, draw);
            cg_sample s = {0};
            for (int v = 0; r->sample(v, &s); v++) {
                bool any = false;
                for (int i = 0; i < s.nin; i++)
                    any |= s.in[i]->requires_grad;
                if (any) {
                    gradcheck(r, &s, draw);
                    checked++;
                }
                sample_free(&s);
                s = (cg_sample){0};
            }
        }
        cr_assert(checked > 0, "%s is differentiable but no sample has an input that requires grad", r->name);
    }
}

Test(op_table, node_names_are_unique_per_op) {
    for (int a = 0; a < CG_OP_COUNT; a++)
        for (int b = a + 1; b < CG_OP_COUNT; b++)
            cr_assert(strcmp(cg_op_table[a].name, cg_op_table[b].name), "op %s declared twice", cg_op_table[a].name);
}
