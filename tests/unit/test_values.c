/* test_values.c: the builtin value types and builtin functions of lang/
 * through their C API, against CPython 3.11.
 *
 * Most checks replay tests/fixtures/values/expected.json (written by gen.py
 * beside it with plain python3): float reprs, format specs, arithmetic,
 * builtins, str methods, %-formatting, str.format and container methods,
 * each compared with Python's repr of the result or Python's exception
 * type and message. The hand-written tests after them cover what a table
 * shows badly: reference counts, recursion in reprs, hash-table stress,
 * sort stability. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/builtins.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/format.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"

#define FIXTURE "tests/fixtures/values/expected.json"

static cg_dict *B; /* the builtins namespace */

static void setup(void) {
    cr_assert(cg_exc_types_init() == 0 && cg_object_type_init() == 0 && cg_descriptor_types_init() == 0);
    cg_value d = cg_dict_new();
    cr_assert(!cg_is_err(d));
    B = cg_as_dict(d);
    cr_assert(cg_builtins_init(B) == 0, "cg_builtins_init failed");
}

static void teardown(void) {
    cg_exc_clear();
    cg_dict_clear(B);
    cg_obj_decref(B);
    cg_argparse_shutdown();
}

TestSuite(values, .init = setup, .fini = teardown);

/* ---- helpers ------------------------------------------------------------------------------ */

static cg_value builtin(const char *name) {
    cg_value f = cg_dict_get_cstr_borrowed(B, name);
    cr_assert(f.tag == CG_V_OBJ, "no builtin %s", name);
    return f;
}

static cg_value S(const char *s) { return cg_str_from_c(s); }

/* A tagged JSON value (gen.py's enc) as a new cg_value. */
static cg_value dec(json_t *j) {
    const char *tag;
    json_t *v;
    json_object_foreach(j, tag, v) {
        if (!strcmp(tag, "int"))
            return cg_int((int64_t)json_integer_value(v));
        if (!strcmp(tag, "bool"))
            return cg_bool(json_is_true(v));
        if (!strcmp(tag, "none"))
            return CG_NONE;
        if (!strcmp(tag, "float"))
            return cg_float(strtod(json_string_value(v), NULL));
        if (!strcmp(tag, "str"))
            return cg_str_new(json_string_value(v), json_string_length(v));
        if (!strcmp(tag, "builtin"))
            return cg_incref(builtin(json_string_value(v)));
        if (!strcmp(tag, "list") || !strcmp(tag, "tuple")) {
            cg_value l = cg_list_new(0);
            size_t i;
            json_t *x;
            json_array_foreach(v, i, x) cg_list_append_steal(l, dec(x));
            if (tag[0] == 'l')
                return l;
            cg_value t = cg_list_to_tuple(l);
            cg_decref(l);
            return t;
        }
        if (!strcmp(tag, "set") || !strcmp(tag, "frozenset")) {
            cg_value s = tag[0] == 's' ? cg_set_new() : cg_frozenset_new();
            size_t i;
            json_t *x;
            json_array_foreach(v, i, x) {
                cg_value e = dec(x);
                cg_set_add(s, e);
                cg_decref(e);
            }
            return s;
        }
        if (!strcmp(tag, "dict")) {
            cg_value d = cg_dict_new();
            size_t i;
            json_t *kv;
            json_array_foreach(v, i, kv)
                cg_dict_set_steal(cg_as_dict(d), dec(json_array_get(kv, 0)), dec(json_array_get(kv, 1)));
            return d;
        }
    }
    cr_assert_fail("cannot decode a fixture value");
    return CG_ERR;
}

/* What happened, as gen.py writes it: the repr of the result, or
 * "!Type: message" for an exception. malloc'd. */
static char *outcome_of(cg_value r) {
    if (!cg_is_err(r)) {
        cg_value rep = cg_repr(r);
        cg_decref(r);
        if (!cg_is_err(rep)) {
            char *s = strdup(cg_str_cstr(rep));
            cg_decref(rep);
            return s;
        }
    }
    cr_assert(cg_exc_pending(), "CG_ERR without a pending exception");
    cg_value e = cg_exc_fetch();
    cg_value msg = cg_exc_message(e);
    char *s;
    if (cg_is_err(msg)) {
        cg_exc_clear();
        s = strdup("!<no message>");
    } else {
        size_t n = strlen(cg_type_name(e)) + (size_t)cg_as_str(msg)->len + 4;
        s = malloc(n);
        snprintf(s, n, "!%s: %s", cg_type_name(e), cg_str_cstr(msg));
        cg_decref(msg);
    }
    cg_decref(e);
    return s;
}

static char *expected_of(json_t *c) {
    json_t *r = json_object_get(c, "repr");
    if (r)
        return strdup(json_string_value(r));
    json_t *e = json_object_get(c, "error");
    cr_assert(e, "a case with neither repr nor error");
    const char *t = json_string_value(json_array_get(e, 0)), *m = json_string_value(json_array_get(e, 1));
    size_t n = strlen(t) + strlen(m) + 4;
    char *s = malloc(n);
    snprintf(s, n, "!%s: %s", t, m);
    return s;
}

typedef struct {
    int cases, failures;
} tally;

/* Compares one case; reports the first failures in full. */
static void compare(tally *t, json_t *c, cg_value r, const char *label) {
    char *got = outcome_of(r), *want = expected_of(c);
    t->cases++;
    if (strcmp(got, want) != 0) {
        if (t->failures < 25) {
            char *dump = json_dumps(c, JSON_COMPACT | JSON_ENSURE_ASCII);
            cr_log_error("%s: %s\n    got  %s\n    want %s", label, dump, got, want);
            free(dump);
        }
        t->failures++;
    }
    free(got);
    free(want);
}

static void finish(tally *t, const char *group) {
    cr_assert(t->cases > 0, "no %s cases", group);
    cr_expect(t->failures == 0, "%d of %d %s cases differ from Python", t->failures, t->cases, group);
}

static json_t *fixture_group(const char *group) {
    json_error_t err;
    json_t *root = json_load_file(FIXTURE, JSON_ALLOW_NUL, &err);
    cr_assert(root, "cannot read %s: %s (line %d)", FIXTURE, err.text, err.line);
    json_t *g = json_incref(json_object_get(root, group));
    json_decref(root);
    cr_assert(json_is_array(g), "no group %s", group);
    return g;
}

/* Calls f(*args, **kwargs) with JSON arguments. */
static cg_value call_json(cg_value f, json_t *args, json_t *kwargs) {
    size_t n = json_array_size(args), nk = kwargs ? json_object_size(kwargs) : 0;
    cg_value pos[8], kwv[4];
    cg_str *kwn[4];
    cr_assert(n <= 8 && nk <= 4);
    for (size_t i = 0; i < n; i++)
        pos[i] = dec(json_array_get(args, i));
    size_t k = 0;
    const char *key;
    json_t *v;
    if (kwargs) {
        json_object_foreach(kwargs, key, v) {
            kwn[k] = cg_str_intern(key);
            kwv[k++] = dec(v);
        }
    }
    cg_args a = {.pos = pos, .npos = (int)n, .kwn = kwn, .kwv = kwv, .nkw = (int)nk};
    cg_value r = cg_call(f, &a);
    for (size_t i = 0; i < n; i++)
        cg_decref(pos[i]);
    for (size_t i = 0; i < nk; i++)
        cg_decref(kwv[i]);
    return r;
}

/* ---- the fixture tables ----------------------------------------------------------------------------- */

Test(values, float_repr_and_str_match_python) {
    json_t *g = fixture_group("floats");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        cg_value x = dec(json_object_get(c, "x"));
        json_t *want = json_pack("{s:O}", "repr", json_object_get(c, "repr"));
        compare(&t, want, x, "repr");
        json_t *want_str = json_pack("{s:O}", "repr", json_object_get(c, "str"));
        cg_value s = cg_to_str(x);
        /* str(x) is text: compare it as is, through a repr-free path */
        char *got = strdup(cg_str_cstr(s));
        cg_decref(s);
        t.cases++;
        if (strcmp(got, json_string_value(json_object_get(c, "str"))) != 0) {
            t.failures++;
            cr_log_error("str: got %s want %s", got, json_string_value(json_object_get(c, "str")));
        }
        free(got);
        json_decref(want);
        json_decref(want_str);
    }
    json_decref(g);
    finish(&t, "float repr");
}

Test(values, format_specs_match_python) {
    json_t *g = fixture_group("format");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        cg_value v = dec(json_object_get(c, "v"));
        cg_value spec = S(json_string_value(json_object_get(c, "spec")));
        compare(&t, c, cg_format(v, spec), "format");
        cg_decref(v);
        cg_decref(spec);
    }
    json_decref(g);
    finish(&t, "format");
}

static int binop_of(const char *op, bool *is_cmp) {
    static const char *const bin[] = {"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};
    static const char *const cmp[] = {"==", "!=", "<", "<=", ">", ">="};
    *is_cmp = false;
    for (int i = 0; i < 13; i++)
        if (!strcmp(op, bin[i]))
            return i;
    *is_cmp = true;
    for (int i = 0; i < 6; i++)
        if (!strcmp(op, cmp[i]))
            return i;
    cr_assert_fail("unknown operator %s", op);
    return -1;
}

Test(values, arithmetic_and_comparisons_match_python) {
    json_t *g = fixture_group("binary");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        cg_value a = dec(json_object_get(c, "a")), b = dec(json_object_get(c, "b"));
        bool is_cmp;
        int op = binop_of(json_string_value(json_object_get(c, "op")), &is_cmp);
        cg_value r = is_cmp ? cg_compare(a, b, (cg_cmpop)op) : cg_binary(a, b, (cg_binop)op);
        compare(&t, c, r, "binary");
    }
    json_decref(g);
    finish(&t, "binary");
}

Test(values, unary_operators_match_python) {
    json_t *g = fixture_group("unary");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        cg_value a = dec(json_object_get(c, "a"));
        const char *op = json_string_value(json_object_get(c, "op"));
        cg_unaryop u = !strcmp(op, "-") ? OP_USUB : !strcmp(op, "+") ? OP_UADD : !strcmp(op, "~") ? OP_INVERT : OP_NOT;
        compare(&t, c, cg_unary(a, u), "unary");
    }
    json_decref(g);
    finish(&t, "unary");
}

Test(values, builtin_functions_match_python) {
    json_t *g = fixture_group("builtins");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        cg_value f = builtin(json_string_value(json_object_get(c, "fn")));
        compare(&t, c, call_json(f, json_object_get(c, "args"), json_object_get(c, "kwargs")),
                json_string_value(json_object_get(c, "fn")));
    }
    json_decref(g);
    finish(&t, "builtin");
}

Test(values, str_methods_match_python) {
    json_t *g = fixture_group("str_methods");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        json_t *js = json_object_get(c, "s");
        cg_value s = cg_str_new(json_string_value(js), json_string_length(js));
        cg_value m = cg_getattr(s, cg_str_intern(json_string_value(json_object_get(c, "method"))));
        cr_assert(!cg_is_err(m), "no str method %s", json_string_value(json_object_get(c, "method")));
        compare(&t, c, call_json(m, json_object_get(c, "args"), NULL), json_string_value(json_object_get(c, "method")));
        cg_decref(m);
        cg_decref(s);
    }
    json_decref(g);
    finish(&t, "str method");
}

Test(values, str_operators_match_python) {
    json_t *g = fixture_group("str_ops");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        const char *e = json_string_value(json_object_get(c, "expr"));
        cg_value a = dec(json_object_get(c, "a"));
        cg_value b = json_object_get(c, "b") ? dec(json_object_get(c, "b")) : CG_NONE;
        cg_value r;
        if (!strcmp(e, "repr")) {
            r = cg_repr(a);
        } else if (!strcmp(e, "len") || !strcmp(e, "list")) {
            r = cg_call1(builtin(e), a);
        } else if (!strcmp(e, "index")) {
            r = cg_getitem(a, b);
        } else if (!strcmp(e, "slice")) {
            cg_tuple *p = cg_as_tuple(b);
            cg_value sl = cg_slice_new(p->items[0], p->items[1], p->items[2]);
            r = cg_getitem(a, sl);
            cg_decref(sl);
        } else if (!strcmp(e, "in")) {
            r = cg_compare(a, b, OP_IN);
        } else if (!strcmp(e, "<")) {
            r = cg_compare(a, b, OP_LT);
        } else {
            r = cg_binary(a, b, !strcmp(e, "*") ? OP_MULT : OP_ADD);
        }
        compare(&t, c, r, e);
        cg_decref(a);
        cg_decref(b);
    }
    json_decref(g);
    finish(&t, "str operator");
}

Test(values, percent_formatting_matches_python) {
    json_t *g = fixture_group("percent");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        cg_value f = S(json_string_value(json_object_get(c, "fmt")));
        cg_value a = dec(json_object_get(c, "args"));
        compare(&t, c, cg_binary(f, a, OP_MOD), "%");
        cg_decref(f);
        cg_decref(a);
    }
    json_decref(g);
    finish(&t, "%-format");
}

Test(values, str_format_matches_python) {
    json_t *g = fixture_group("str_format");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        cg_value f = S(json_string_value(json_object_get(c, "fmt")));
        cg_value m = cg_getattr(f, cg_str_intern("format"));
        compare(&t, c, call_json(m, json_object_get(c, "args"), json_object_get(c, "kwargs")), "str.format");
        cg_decref(m);
        cg_decref(f);
    }
    json_decref(g);
    finish(&t, "str.format");
}

Test(values, container_methods_match_python) {
    json_t *g = fixture_group("containers");
    tally t = {0};
    size_t i;
    json_t *c;
    json_array_foreach(g, i, c) {
        cg_value recv = dec(json_object_get(c, "recv"));
        const char *name = json_string_value(json_object_get(c, "method"));
        cg_value m = cg_getattr(recv, cg_str_intern(name));
        cg_value r = cg_is_err(m) ? m : call_json(m, json_object_get(c, "args"), NULL);
        compare(&t, c, r, name);
        cg_decref(m);
        /* and the receiver afterwards */
        json_t *after = json_pack("{s:O}", "repr", json_object_get(c, "after"));
        compare(&t, after, cg_incref(recv), "receiver after");
        json_decref(after);
        cg_decref(recv);
    }
    json_decref(g);
    finish(&t, "container");
}

/* ---- by hand ----------------------------------------------------------------------------------------- */

static void assert_repr(cg_value v, const char *want) {
    cg_value r = cg_repr(v);
    cr_assert(!cg_is_err(r), "repr failed");
    cr_assert_str_eq(cg_str_cstr(r), want);
    cg_decref(r);
}

static void assert_raises(cg_value r, cg_type *type, const char *msg) {
    cr_assert(cg_is_err(r), "expected %s: %s", type->name, msg);
    char *got = outcome_of(r);
    size_t n = strlen(type->name) + strlen(msg) + 4;
    char *want = malloc(n);
    snprintf(want, n, "!%s: %s", type->name, msg);
    cr_assert_str_eq(got, want);
    free(got);
    free(want);
}

Test(values, interned_strings_are_one_object) {
    cg_str *a = cg_str_intern("weight");
    cg_str *b = cg_str_intern_n("weights", 6);
    cr_assert_eq(a, b);
    cr_assert(a->interned);
    cg_value c = S("weight");
    cr_assert(cg_str_equal(a, cg_as_str(c)));
    cr_assert_eq(cg_str_hash(a), cg_str_hash(cg_as_str(c)));
    cr_assert_neq(cg_str_hash(a), -1);
    cg_decref(c);
}

Test(values, numbers_hash_alike_across_types) {
    cr_assert_eq(cg_hash(cg_int(1)), cg_hash(cg_float(1.0)));
    cr_assert_eq(cg_hash(cg_int(1)), cg_hash(CG_TRUE));
    cr_assert_eq(cg_hash(cg_int(-1)), -2);
    cr_assert_eq(cg_hash(cg_float(-0.0)), 0);
    cr_assert_eq(cg_hash(cg_float(1e18)), cg_hash(cg_int(1000000000000000000)));
    /* so a dict finds 1 under 1.0 and True */
    cg_value d = cg_dict_new();
    cg_value one = S("one");
    cr_assert(cg_dict_set(cg_as_dict(d), cg_int(1), one) == 0);
    cg_value v = cg_dict_get_borrowed(cg_as_dict(d), cg_float(1.0));
    cr_assert(cg_is_str(v));
    cr_assert(cg_dict_set(cg_as_dict(d), CG_TRUE, CG_NONE) == 0);
    cr_assert_eq(cg_dict_len(cg_as_dict(d)), 1);
    assert_repr(d, "{1: None}");
    cg_decref(one);
    cg_decref(d);
}

Test(values, dict_keeps_insertion_order_through_deletes_and_growth) {
    cg_value d = cg_dict_new();
    cg_dict *dd = cg_as_dict(d);
    enum { N = 2000 };
    /* insert 0..N-1, delete the multiples of 3, reinsert some: order is
     * insertion order of the survivors, then the reinserted */
    for (int i = 0; i < N; i++)
        cr_assert(cg_dict_set(dd, cg_int(i), cg_int(i * 10)) == 0);
    for (int i = 0; i < N; i += 3)
        cr_assert_eq(cg_dict_del(dd, cg_int(i)), 1);
    cr_assert_eq(cg_dict_del(dd, cg_int(0)), 0);
    for (int i = 0; i < 30; i += 3)
        cr_assert(cg_dict_set(dd, cg_int(i), cg_int(-i)) == 0);
    int64_t pos = 0, n = 0, last = -1;
    cg_value k, v;
    bool in_tail = false;
    while (cg_dict_next(dd, &pos, &k, &v)) {
        if (k.u.i % 3 == 0) {
            in_tail = true;
            cr_assert_eq(v.u.i, -k.u.i);
        } else {
            cr_assert(!in_tail, "an old key after a reinserted one");
            cr_assert_gt(k.u.i, last);
            cr_assert_eq(v.u.i, k.u.i * 10);
            last = k.u.i;
        }
        n++;
    }
    cr_assert_eq(n, cg_dict_len(dd));
    cr_assert_eq(n, N - (N + 2) / 3 + 10);
    /* string keys: interned and not, found either way */
    cr_assert(cg_dict_set_str(dd, "lr", cg_float(0.1)) == 0);
    cg_value lr = S("lr");
    cr_assert_eq(cg_dict_get_borrowed(dd, lr).tag, CG_V_FLOAT);
    cr_assert_eq(cg_dict_get_str_borrowed(dd, cg_str_intern("lr")).tag, CG_V_FLOAT);
    cg_decref(lr);
    cg_decref(d);
}

Test(values, dict_getitem_raises_key_error_with_the_key) {
    cg_value d = cg_dict_new();
    cg_value k = cg_tuple_pack(2, cg_int(1), cg_int(2));
    assert_raises(cg_getitem(d, k), &cg_exc_KeyError, "(1, 2)");
    cg_value s = S("a");
    assert_raises(cg_getitem(d, s), &cg_exc_KeyError, "'a'");
    cg_value l = cg_list_new(0);
    assert_raises(cg_getitem(d, l), &cg_exc_TypeError, "unhashable type: 'list'");
    cg_decref(l);
    cg_decref(s);
    cg_decref(k);
    cg_decref(d);
}

Test(values, recursive_containers_print_with_ellipsis) {
    cg_value l = cg_list_new(0);
    cg_list_append(l, cg_int(1));
    cg_list_append(l, l);
    assert_repr(l, "[1, [...]]");
    cg_value d = cg_dict_new();
    cg_dict_set_str(cg_as_dict(d), "a", l);
    cg_dict_set_str(cg_as_dict(d), "self", d);
    assert_repr(d, "{'a': [1, [...]], 'self': {...}}");
    /* break the cycles so that nothing leaks */
    cg_dict_clear(cg_as_dict(d));
    cg_list_sort(l, CG_NONE, false) == 0 ? (void)0 : cg_exc_clear();
    cg_value none = cg_slice_new(CG_NONE, CG_NONE, CG_NONE);
    cr_assert(cg_delitem(l, none) == 0);
    cg_decref(none);
    assert_repr(l, "[]");
    cg_decref(l);
    cg_decref(d);
}

Test(values, sort_is_stable_with_keys_and_reverse) {
    /* (key, original position) pairs sorted by key only */
    cg_value l = cg_list_new(0);
    int keys[] = {3, 1, 2, 3, 1, 2, 3, 1, 2, 0, 5, 4, 5, 4, 0, 3, 3, 3, 1, 1, 2, 2, 0, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1};
    int n = (int)(sizeof keys / sizeof *keys);
    for (int i = 0; i < n; i++)
        cg_list_append_steal(l, cg_tuple_pack(2, cg_int(keys[i]), cg_int(i)));
    cg_value getter = cg_getattr(l, cg_str_intern("index")); /* any callable; replaced below */
    cg_decref(getter);
    /* key=None compares whole tuples: positions break ties, which is stable too */
    cr_assert(cg_list_sort(l, CG_NONE, true) == 0);
    cg_list *ll = cg_as_list(l);
    for (int i = 1; i < n; i++) {
        cg_tuple *a = cg_as_tuple(ll->items[i - 1]), *b = cg_as_tuple(ll->items[i]);
        cr_assert(a->items[0].u.i > b->items[0].u.i
                  || (a->items[0].u.i == b->items[0].u.i && a->items[1].u.i > b->items[1].u.i));
    }
    /* sorted(..., key=len) keeps equal keys in their first order */
    cg_value words = cg_list_new(0);
    const char *w[] = {"bb", "a", "cc", "d", "eee", "ff", "g"};
    for (int i = 0; i < 7; i++)
        cg_list_append_steal(words, S(w[i]));
    cg_value kw_key = cg_incref(builtin("len"));
    cg_str *kn[1] = {cg_str_intern("key")};
    cg_args a = {.pos = &words, .npos = 1, .kwn = kn, .kwv = &kw_key, .nkw = 1};
    cg_value sorted = cg_call(builtin("sorted"), &a);
    assert_repr(sorted, "['a', 'd', 'g', 'bb', 'cc', 'ff', 'eee']");
    cg_decref(sorted);
    cg_decref(kw_key);
    cg_decref(words);
    cg_decref(l);
}

Test(values, sort_reports_python_comparison_error_and_keeps_items) {
    cg_value l = cg_list_new(0);
    cg_list_append(l, cg_int(1));
    cg_value a = S("a");
    cg_list_append(l, a);
    cg_list_append(l, cg_int(0));
    cr_assert(cg_list_sort(l, CG_NONE, false) == -1);
    assert_raises(CG_ERR, &cg_exc_TypeError, "'<' not supported between instances of 'str' and 'int'");
    cr_assert_eq(cg_as_list(l)->len, 3);
    cg_decref(a);
    cg_decref(l);
}

Test(values, list_slice_assignment_and_deletion) {
    cg_value l = cg_list_new(0);
    for (int i = 0; i < 6; i++)
        cg_list_append(l, cg_int(i));
    cg_value sl = cg_slice_new(cg_int(1), cg_int(3), CG_NONE);
    cg_value xy = S("xy");
    cr_assert(cg_setitem(l, sl, xy) == 0);
    assert_repr(l, "[0, 'x', 'y', 3, 4, 5]");
    cg_value ext = cg_slice_new(CG_NONE, CG_NONE, cg_int(2));
    cg_value one = cg_list_new(1);
    cr_assert(cg_setitem(l, ext, one) == -1);
    assert_raises(CG_ERR, &cg_exc_ValueError, "attempt to assign sequence of size 1 to extended slice of size 3");
    cr_assert(cg_delitem(l, ext) == 0);
    assert_repr(l, "['x', 3, 5]");
    cg_value rev = cg_slice_new(CG_NONE, CG_NONE, cg_int(-1));
    cg_value r = cg_getitem(l, rev);
    assert_repr(r, "[5, 3, 'x']");
    /* l[:] = l copies first */
    cg_value all = cg_slice_new(CG_NONE, CG_NONE, CG_NONE);
    cr_assert(cg_setitem(l, all, l) == 0);
    assert_repr(l, "['x', 3, 5]");
    assert_raises(cg_getitem(l, cg_int(3)), &cg_exc_IndexError, "list index out of range");
    cr_assert(cg_setitem(l, cg_int(-4), CG_NONE) == -1);
    assert_raises(CG_ERR, &cg_exc_IndexError, "list assignment index out of range");
    cg_value s = S("a");
    assert_raises(cg_getitem(l, s), &cg_exc_TypeError, "list indices must be integers or slices, not str");
    cg_decref(s);
    cg_decref(all);
    cg_decref(r);
    cg_decref(rev);
    cg_decref(one);
    cg_decref(ext);
    cg_decref(xy);
    cg_decref(sl);
    cg_decref(l);
}

Test(values, list_inplace_operators_mutate) {
    cg_value l = cg_list_new(0);
    cg_list_append(l, cg_int(1));
    cg_value t = cg_tuple_pack(1, cg_int(2));
    cg_value r = cg_inplace(l, t, OP_ADD);
    cr_assert_eq(r.u.o, l.u.o, "+= returns the same list");
    cg_decref(r);
    r = cg_inplace(l, cg_int(2), OP_MULT);
    cr_assert_eq(r.u.o, l.u.o);
    cg_decref(r);
    assert_repr(l, "[1, 2, 1, 2]");
    assert_raises(cg_binary(l, t, OP_ADD), &cg_exc_TypeError, "can only concatenate list (not \"tuple\") to list");
    cg_decref(t);
    cg_decref(l);
}

Test(values, tuples_print_and_hash_as_python) {
    cg_value t1 = cg_tuple_pack(1, cg_int(1));
    assert_repr(t1, "(1,)");
    cg_value t0 = cg_tuple_new(0);
    assert_repr(t0, "()");
    cg_value t2 = cg_tuple_pack(2, cg_int(1), cg_int(2));
    cr_assert_eq(cg_hash(t2), INT64_C(-3550055125485641917));
    cg_decref(t0);
    cg_decref(t1);
    cg_decref(t2);
}

Test(values, sets_iterate_in_python_order) {
    cg_value s = cg_set_new();
    int xs[] = {-1, -2, 5, 100, 33};
    for (int i = 0; i < 5; i++)
        cg_set_add(s, cg_int(xs[i]));
    assert_repr(s, "{33, 100, 5, -2, -1}");
    cg_value big = cg_set_new();
    for (int i = 1000; i > 0; i--)
        cg_set_add(big, cg_int(i));
    cr_assert_eq(cg_len(big), 1000);
    for (int i = 1; i <= 1000; i += 2) {
        cg_value m = cg_getattr(big, cg_str_intern("discard"));
        cg_value r = cg_call1(m, cg_int(i));
        cg_decref(r);
        cg_decref(m);
    }
    cr_assert_eq(cg_len(big), 500);
    cr_assert_eq(cg_set_contains(big, cg_float(2.0)), 1);
    cr_assert_eq(cg_set_contains(big, cg_int(3)), 0);
    cg_value f = cg_frozenset_new();
    assert_repr(f, "frozenset()");
    cr_assert_eq(cg_hash(f), INT64_C(133146708735736));
    cg_decref(f);
    cg_decref(big);
    cg_decref(s);
}

Test(values, ranges_index_slice_and_count) {
    cg_value r = cg_range_new(1, 10, 2);
    assert_repr(r, "range(1, 10, 2)");
    cr_assert_eq(cg_len(r), 5);
    cg_value sl = cg_slice_new(cg_int(1), cg_int(3), CG_NONE);
    cg_value sub = cg_getitem(r, sl);
    assert_repr(sub, "range(3, 7, 2)");
    cg_value rev = cg_reversed(r);
    cg_value l = cg_list_from_iterable(rev);
    assert_repr(l, "[9, 7, 5, 3, 1]");
    cr_assert_eq(cg_contains(r, cg_int(7)), 1);
    cr_assert_eq(cg_contains(r, cg_int(8)), 0);
    cr_assert_eq(cg_contains(r, cg_float(7.0)), 1);
    assert_raises(cg_getitem(r, cg_int(5)), &cg_exc_IndexError, "range object index out of range");
    cg_value big = cg_range_new(INT64_MIN, INT64_MAX, 1);
    assert_raises(cg_len(big) < 0 ? CG_ERR : CG_NONE, &cg_exc_OverflowError,
                  "Python int too large to convert to C ssize_t");
    cg_decref(big);
    cg_decref(l);
    cg_decref(rev);
    cg_decref(sub);
    cg_decref(sl);
    cg_decref(r);
}

Test(values, enumerate_zip_map_filter) {
    cg_value l = cg_list_new(0);
    for (int i = 0; i < 3; i++)
        cg_list_append_steal(l, cg_str_fmt("%c", 'a' + i));
    cg_value start = cg_int(5);
    cg_str *kn[1] = {cg_str_intern("start")};
    cg_args ea = {.pos = &l, .npos = 1, .kwn = kn, .kwv = &start, .nkw = 1};
    cg_value e = cg_call(cg_obj_value(&cg_type_enumerate), &ea);
    cg_value el = cg_list_from_iterable(e);
    assert_repr(el, "[(5, 'a'), (6, 'b'), (7, 'c')]");
    cg_value r = cg_range_new(0, 10, 1);
    cg_value z = cg_call2(cg_obj_value(&cg_type_zip), l, r);
    cg_value zl = cg_list_from_iterable(z);
    assert_repr(zl, "[('a', 0), ('b', 1), ('c', 2)]");
    cg_value m = cg_call2(cg_obj_value(&cg_type_map), builtin("repr"), l);
    cg_value ml = cg_list_from_iterable(m);
    assert_repr(ml, "[\"'a'\", \"'b'\", \"'c'\"]");
    cg_value flt = cg_call2(cg_obj_value(&cg_type_filter), CG_NONE, r);
    cg_value fl = cg_list_from_iterable(flt);
    assert_repr(fl, "[1, 2, 3, 4, 5, 6, 7, 8, 9]");
    cg_value bad = cg_call1(cg_obj_value(&cg_type_map), l);
    assert_raises(bad, &cg_exc_TypeError, "map() must have at least two arguments.");
    cg_value *all[] = {&fl, &flt, &ml, &m, &zl, &z, &r, &el, &e, &l};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        cg_decref(*all[i]);
}

Test(values, dict_iteration_detects_changes) {
    cg_value d = cg_dict_new();
    cg_dict_set(cg_as_dict(d), cg_int(1), cg_int(2));
    cg_value it = cg_iter(d);
    cg_value k = cg_next(it);
    cr_assert_eq(k.u.i, 1);
    cg_dict_set(cg_as_dict(d), cg_int(2), cg_int(3));
    assert_raises(cg_next(it), &cg_exc_RuntimeError, "dictionary changed size during iteration");
    cg_value keys = cg_call_method(d, "keys", 0, NULL);
    assert_repr(keys, "dict_keys([1, 2])");
    cg_value items = cg_call_method(d, "items", 0, NULL);
    assert_repr(items, "dict_items([(1, 2), (2, 3)])");
    cg_decref(items);
    cg_decref(keys);
    cg_decref(it);
    cg_decref(d);
}

static char captured[512];
static size_t ncaptured;
static int captured_stream;

static void capture_write(void *ctx, int stream, const char *s, size_t n) {
    (void)ctx;
    captured_stream = stream;
    if (ncaptured + n < sizeof captured) {
        memcpy(captured + ncaptured, s, n);
        ncaptured += n;
        captured[ncaptured] = '\0';
    }
}

Test(values, print_writes_through_the_host) {
    cg_host h = *cg_host_get();
    h.write = capture_write;
    cg_host_set(&h);
    cg_value args[3] = {cg_int(1), S("a"), cg_float(0.5)};
    cg_value sep = S("-"), end = S("!\n");
    cg_str *kn[2] = {cg_str_intern("sep"), cg_str_intern("end")};
    cg_value kv[2] = {sep, end};
    cg_args a = {.pos = args, .npos = 3, .kwn = kn, .kwv = kv, .nkw = 2};
    cg_value r = cg_call(builtin("print"), &a);
    cr_assert(cg_is_none(r));
    cr_assert_str_eq(captured, "1-a-0.5!\n");
    cr_assert_eq(captured_stream, CG_STDOUT);
    ncaptured = 0;
    cg_value file = cg_sys_stderr();
    cg_str *fk[1] = {cg_str_intern("file")};
    cg_args b = {.pos = args, .npos = 1, .kwn = fk, .kwv = &file, .nkw = 1};
    r = cg_call(builtin("print"), &b);
    cr_assert_str_eq(captured, "1\n");
    cr_assert_eq(captured_stream, CG_STDERR);
    cg_value bad = cg_int(1);
    cg_str *sk[1] = {cg_str_intern("sep")};
    cg_args c = {.pos = args, .npos = 1, .kwn = sk, .kwv = &bad, .nkw = 1};
    assert_raises(cg_call(builtin("print"), &c), &cg_exc_TypeError, "sep must be None or a string, not int");
    cg_host_set(NULL);
    cg_decref(args[1]);
    cg_decref(sep);
    cg_decref(end);
}

Test(values, iter_with_a_sentinel_calls_until_it_comes) {
    cg_value l = cg_list_new(0);
    for (int i = 1; i <= 4; i++)
        cg_list_append(l, cg_int(i));
    cg_value pop = cg_getattr(l, cg_str_intern("pop"));
    cg_value it = cg_call2(builtin("iter"), pop, cg_int(2));
    cg_value got = cg_list_from_iterable(it);
    assert_repr(got, "[4, 3]");
    assert_repr(l, "[1]");
    cg_value bad = cg_call2(builtin("iter"), cg_int(1), cg_int(2));
    assert_raises(bad, &cg_exc_TypeError, "iter(v, w): v must be callable");
    cg_decref(got);
    cg_decref(it);
    cg_decref(pop);
    cg_decref(l);
}

Test(values, set_displays_of_constants_print_in_python_order) {
    /* print({10, 3, 8, 17, 9, 1000}) and print({-1, -2, 5, 100, 33}) in CPython 3.11 */
    cg_value a[] = {cg_int(10), cg_int(3), cg_int(8), cg_int(17), cg_int(9), cg_int(1000)};
    cg_value s = cg_set_display(a, 6, true);
    assert_repr(s, "{17, 3, 8, 9, 10, 1000}");
    cg_value b[] = {cg_int(-1), cg_int(-2), cg_int(5), cg_int(100), cg_int(33)};
    cg_value t = cg_set_display(b, 5, true);
    assert_repr(t, "{33, 100, 5, -2, -1}");
    /* set([...]) and non-constant displays add one by one */
    cg_value u = cg_set_display(a, 6, false);
    assert_repr(u, "{3, 8, 9, 10, 1000, 17}");
    cg_decref(s);
    cg_decref(t);
    cg_decref(u);
}

/* cg_int_to_bytes / cg_int_from_bytes, the C API int.to_bytes and
 * int.from_bytes bind: two's complement, either byte order, CPython's
 * OverflowErrors. The bytes are the definition of the encoding. */
Test(values, int_bytes_round_trip_in_twos_complement) {
    unsigned char b[12];
    cr_assert_eq(cg_int_to_bytes(cg_int(-1), b, 2, false, true), 0);
    cr_assert(b[0] == 0xff && b[1] == 0xff);
    cr_assert_eq(cg_int_to_bytes(cg_int(258), b, 3, true, false), 0);
    cr_assert(b[0] == 2 && b[1] == 1 && b[2] == 0);
    cg_value big = cg_binary(cg_int(-2), cg_int(71), OP_POW); /* -(2**71): a heap int */
    cg_value big_neg = cg_unary(big, OP_USUB);
    cg_value vals[] = {cg_int(0), cg_int(127), cg_int(-128), cg_int(INT64_MIN), big, big_neg};
    for (int i = 0; i < 6; i++) {
        for (int little = 0; little < 2; little++) {
            cr_assert_eq(cg_int_to_bytes(vals[i], b, sizeof b, little, true), 0);
            cg_value back = cg_int_from_bytes(b, sizeof b, little, true);
            cr_assert_eq(cg_int_cmp(back, vals[i]), 0, "value %d, little %d", i, little);
            cg_decref(back);
        }
    }
    cr_assert_eq(cg_int_to_bytes(big, b, 2, false, true), -1);
    assert_raises(CG_ERR, &cg_exc_OverflowError, "int too big to convert");
    cr_assert_eq(cg_int_to_bytes(cg_int(-1), b, 2, false, false), -1);
    assert_raises(CG_ERR, &cg_exc_OverflowError, "can't convert negative int to unsigned");
    cr_assert_eq(cg_int_to_bytes(cg_int(128), b, 1, false, true), -1);
    assert_raises(CG_ERR, &cg_exc_OverflowError, "int too big to convert");
    cg_value u = cg_int_from_bytes((const unsigned char *)"\xff\xff", 2, false, false);
    cr_assert(u.tag == CG_V_INT && u.u.i == 65535);
    cg_decref(big);
    cg_decref(big_neg);
}
