/* parity.c: the adapter registry and argument readers of parity.h. */
#include "parity.h"

#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#define MAX_ADAPTERS 512

static struct {
    const char *name;
    parity_fn fn;
    parity_multi_fn multi;
} adapters[MAX_ADAPTERS];
static int nadapters;

void parity_register(const char *name, parity_fn fn, parity_multi_fn multi) {
    if (nadapters < MAX_ADAPTERS)
        adapters[nadapters++] = (__typeof__(adapters[0])){name, fn, multi};
}

int parity_find(const char *name, parity_fn *fn, parity_multi_fn *multi) {
    for (int i = 0; i < nadapters; i++)
        if (!strcmp(adapters[i].name, name)) {
            *fn = adapters[i].fn;
            *multi = adapters[i].multi;
            return 0;
        }
    return -1;
}

static json_t *arg(const parity_call *c, int i) { return json_array_get(c->args, (size_t)i); }

int p_nargs(const parity_call *c) { return (int)json_array_size(c->args); }
bool p_is_tensor(const parity_call *c, int i) { return c->tensors[i] != NULL; }
bool p_is_none(const parity_call *c, int i) { return json_is_null(arg(c, i)); }

cg_tensor *p_tensor(parity_call *c, int i) {
    cr_assert(i < PARITY_MAX_ARGS && c->tensors[i], "argument %d is not a tensor", i);
    return c->tensors[i];
}

double p_json_number(json_t *v) {
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        return !strcmp(s, "nan") ? NAN : !strcmp(s, "inf") ? INFINITY : -INFINITY;
    }
    if (json_is_boolean(v))
        return json_is_true(v);
    return json_number_value(v);
}

int64_t p_int(const parity_call *c, int i) { return (int64_t)json_integer_value(arg(c, i)); }
double p_double(const parity_call *c, int i) { return p_json_number(arg(c, i)); }

static cg_scalar scalar_of(json_t *v) {
    if (json_is_boolean(v))
        return cg_scalar_bool(json_is_true(v));
    if (json_is_integer(v))
        return cg_scalar_int((int64_t)json_integer_value(v));
    return cg_scalar_float(p_json_number(v));
}

cg_scalar p_scalar(const parity_call *c, int i) { return scalar_of(arg(c, i)); }

cg_tensor *p_operand(parity_call *c, int i) {
    if (c->tensors[i])
        return c->tensors[i];
    c->tensors[i] = T_OK(cg_scalar_tensor(p_scalar(c, i)));
    return c->tensors[i];
}

int p_ints(const parity_call *c, int i, int64_t *out, int max) {
    json_t *v = arg(c, i);
    if (json_is_integer(v)) {
        out[0] = (int64_t)json_integer_value(v);
        return 1;
    }
    int n = 0;
    size_t k;
    json_t *x;
    json_array_foreach(v, k, x) {
        if (n < max)
            out[n++] = (int64_t)json_integer_value(x);
    }
    return n;
}

int p_int_varargs(const parity_call *c, int from, int64_t *out, int max) {
    if (from < p_nargs(c) && json_is_array(arg(c, from)))
        return p_ints(c, from, out, max);
    int n = 0;
    for (int i = from; i < p_nargs(c) && n < max; i++)
        out[n++] = p_int(c, i);
    return n;
}

static json_t *kw(const parity_call *c, const char *key) {
    json_t *v = json_object_get(c->kwargs, key);
    return json_is_null(v) ? NULL : v;
}

bool p_kw_has(const parity_call *c, const char *key) { return kw(c, key) != NULL; }
int64_t p_kw_int(const parity_call *c, const char *key, int64_t d) {
    return kw(c, key) ? (int64_t)json_integer_value(kw(c, key)) : d;
}
double p_kw_double(const parity_call *c, const char *key, double d) {
    return kw(c, key) ? p_json_number(kw(c, key)) : d;
}
bool p_kw_bool(const parity_call *c, const char *key, bool d) { return kw(c, key) ? json_is_true(kw(c, key)) : d; }
cg_scalar p_kw_scalar(const parity_call *c, const char *key, cg_scalar d) {
    return kw(c, key) ? scalar_of(kw(c, key)) : d;
}
const char *p_kw_str(const parity_call *c, const char *key, const char *d) {
    return kw(c, key) ? json_string_value(kw(c, key)) : d;
}

int p_dtype(const char *name) {
    for (int d = 0; d < CG_DTYPE_COUNT; d++)
        if (!strcmp(cg_dtype_name((cg_dtype)d), name))
            return d;
    return -1;
}
