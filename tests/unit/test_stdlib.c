/* test_stdlib.c: the math, random and time modules against CPython 3.11.
 *
 * tests/fixtures/stdlib/expected.json (written by gen.py there with plain
 * python3) holds calls and Python's answers: every float bit for bit, ints,
 * tuples, lists, and the exact exception and message of each error. Each
 * call is made here through the module as a cell makes it: cg_import,
 * cg_getattr, cg_kernel_call. Random cases are scripts run in order, so the
 * generator's state is checked along the way. What the fixture cannot hold
 * (clocks, sleeping, interrupts, local time) is checked directly. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "runtime/bigint.h"
#include "runtime/containers.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"

/* ---- set-up ---------------------------------------------------------------------------- */

static void lang_up(void) { cr_assert_eq(cg_lang_init(), 0, "cg_lang_init failed"); }
static void lang_down(void) { cg_lang_shutdown(); }

static json_t *load_fixture(void) {
    char path[512];
    snprintf(path, sizeof path, "%.*s/../fixtures/stdlib/expected.json", (int)(strrchr(__FILE__, '/') - __FILE__),
             __FILE__);
    json_error_t err;
    json_t *root = json_load_file(path, 0, &err);
    cr_assert(root, "cannot read %s: %s (line %d)", path, err.text, err.line);
    return root;
}

static cg_value import(const char *name) {
    cg_value m = cg_import(name);
    cr_assert(!cg_is_err(m), "import %s failed", name);
    return m;
}

/* The pending exception as "Name: message" in buf, cleared. */
static void take_exception(char *buf, size_t n) {
    cg_value e = cg_exc_fetch();
    cg_value msg = cg_exc_message(e);
    snprintf(buf, n, "%s: %s", cg_type_name(e), cg_is_err(msg) ? "?" : cg_str_cstr(msg));
    cg_exc_clear();
    cg_decref(msg);
    cg_decref(e);
}

static void show(cg_value v, char *buf, size_t n) {
    cg_value r = cg_is_err(v) ? CG_ERR : cg_repr(v);
    if (cg_is_err(r)) {
        snprintf(buf, n, "<no repr>");
        cg_exc_clear();
        return;
    }
    snprintf(buf, n, "%s", cg_str_cstr(r));
    cg_decref(r);
}

/* ---- the fixture's values --------------------------------------------------------------- */

static double hex_float(json_t *j) { return strtod(json_string_value(j), NULL); }

static cg_value decode(json_t *j);

static cg_value decode_seq(json_t *items, bool tuple) {
    size_t n = json_array_size(items);
    cg_value r = tuple ? cg_tuple_new((int64_t)n) : cg_list_new((int64_t)n);
    cg_value *dst = tuple ? cg_as_tuple(r)->items : cg_as_list(r)->items;
    for (size_t i = 0; i < n; i++)
        dst[i] = decode(json_array_get(items, i));
    return r;
}

static cg_value decode(json_t *j) {
    json_t *v;
    if (json_is_null(j))
        return CG_NONE;
    if ((v = json_object_get(j, "bool")))
        return cg_bool(json_is_true(v));
    if ((v = json_object_get(j, "int")))
        return cg_int_parse(json_string_value(v), strlen(json_string_value(v)), 10);
    if ((v = json_object_get(j, "float")))
        return cg_float(hex_float(v));
    if ((v = json_object_get(j, "str")))
        return cg_str_from_c(json_string_value(v));
    if ((v = json_object_get(j, "list")))
        return decode_seq(v, false);
    if ((v = json_object_get(j, "tuple")))
        return decode_seq(v, true);
    if ((v = json_object_get(j, "range")))
        return cg_range_new(json_integer_value(json_array_get(v, 0)), json_integer_value(json_array_get(v, 1)),
                            json_integer_value(json_array_get(v, 2)));
    cr_assert_fail("cannot decode a fixture value");
    return CG_ERR;
}

static bool same_double(double a, double b) {
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return memcmp(&a, &b, sizeof a) == 0; /* -0.0 is not 0.0 */
}

static bool matches(cg_value got, json_t *j);

static bool matches_seq(const cg_value *items, int64_t n, json_t *exp) {
    if ((int64_t)json_array_size(exp) != n)
        return false;
    for (int64_t i = 0; i < n; i++)
        if (!matches(items[i], json_array_get(exp, (size_t)i)))
            return false;
    return true;
}

/* got is exactly the value Python gave: same type, same bits */
static bool matches(cg_value got, json_t *j) {
    json_t *v;
    if (json_is_null(j))
        return cg_is_none(got);
    if ((v = json_object_get(j, "bool")))
        return got.tag == CG_V_BOOL && got.u.i == json_is_true(v);
    if ((v = json_object_get(j, "int"))) {
        cg_value want = cg_int_parse(json_string_value(v), strlen(json_string_value(v)), 10);
        bool same = cg_is_int(got) && got.tag != CG_V_BOOL && cg_int_cmp(got, want) == 0;
        cg_decref(want);
        return same;
    }
    if ((v = json_object_get(j, "float")))
        return got.tag == CG_V_FLOAT && same_double(got.u.f, hex_float(v));
    if ((v = json_object_get(j, "str")))
        return cg_is_str(got) && !strcmp(cg_str_cstr(got), json_string_value(v));
    if ((v = json_object_get(j, "list")))
        return cg_is_type(got, &cg_type_list) && matches_seq(cg_as_list(got)->items, cg_as_list(got)->len, v);
    if ((v = json_object_get(j, "tuple")))
        return cg_is_tuple(got) && matches_seq(cg_as_tuple(got)->items, cg_as_tuple(got)->len, v);
    return false;
}

/* ---- running a case ------------------------------------------------------------------------ */

/* Calls target.fn(*args, **kwargs) as the case says and checks the
 * answer; on a mismatch, writes what happened to why and returns false.
 * *result gets the value when the case stores it (a Random instance). */
static bool run_case(cg_value target, json_t *c, char *why, size_t n, cg_value *result) {
    const char *fn = json_string_value(json_object_get(c, "fn"));
    json_t *jargs = json_object_get(c, "args"), *jkw = json_object_get(c, "kwargs");
    int npos = (int)json_array_size(jargs), nkw = jkw ? (int)json_object_size(jkw) : 0;
    cg_value pos[16], kwv[8];
    cg_str *kwn[8];
    for (int i = 0; i < npos; i++)
        pos[i] = decode(json_array_get(jargs, (size_t)i));
    const char *key;
    json_t *val;
    int k = 0;
    json_object_foreach(jkw, key, val) {
        kwn[k] = cg_str_intern(key);
        kwv[k++] = decode(val);
    }
    cg_value f = cg_getattr(target, cg_str_intern(fn));
    cr_assert(!cg_is_err(f), "no attribute %s", fn);
    cg_args args = {pos, npos, kwn, kwv, nkw};
    cg_value r = cg_call(f, &args);
    cg_decref(f);

    char got[4096] = "", want[4096] = "";
    json_t *err = json_object_get(c, "error");
    bool ok;
    if (cg_is_err(r)) {
        take_exception(got, sizeof got);
        if (err)
            snprintf(want, sizeof want, "%s: %s", json_string_value(json_array_get(err, 0)),
                     json_string_value(json_array_get(err, 1)));
        else
            snprintf(want, sizeof want, "a result");
        ok = !strcmp(got, want);
    } else {
        show(r, got, sizeof got);
        json_t *exp = json_object_get(c, "result");
        ok = exp && matches(r, exp);
        json_t *after = json_object_get(c, "after");
        if (ok && after && !matches(pos[0], after)) {
            ok = false;
            show(pos[0], got, sizeof got);
            snprintf(want, sizeof want, "its argument changed as Python's");
        } else if (!ok) {
            char *e = json_dumps(exp ? exp : c, JSON_COMPACT);
            snprintf(want, sizeof want, "%s", e);
            free(e);
        }
    }
    if (!ok) {
        char *cs = json_dumps(c, JSON_COMPACT);
        snprintf(why, n, "%.300s\n   got  %.600s\n   want %.600s", cs, got, want);
        free(cs);
    }
    if (result && !cg_is_err(r))
        *result = cg_incref(r);
    cg_decref(r);
    for (int i = 0; i < npos; i++)
        cg_decref(pos[i]);
    for (int i = 0; i < nkw; i++)
        cg_decref(kwv[i]);
    return ok;
}

/* Runs a list of independent cases (or one script) on a target; reports
 * the first failures and asserts there were none. */
static void run_cases(cg_value target, json_t *cases, const char *what) {
    int failed = 0;
    size_t i;
    json_t *c;
    cg_value inst = CG_NONE;
    json_array_foreach(cases, i, c) {
        char why[2048];
        json_t *on = json_object_get(c, "on");
        cg_value t = on && !strcmp(json_string_value(on), "inst") ? inst : target;
        bool store = json_is_true(json_object_get(c, "store"));
        cg_value r = CG_NONE;
        if (store) {
            /* {"fn": "Random", "args": [...], "store": true} */
            json_t *jargs = json_object_get(c, "args");
            cg_value a = decode(json_array_get(jargs, 0));
            cg_value cls = cg_getattr(target, cg_str_intern("Random"));
            cg_value_set(&inst, cg_call1(cls, a));
            cr_assert(!cg_is_err(inst), "Random(...) failed");
            cg_decref(cls);
            cg_decref(a);
            continue;
        }
        if (!run_case(t, c, why, sizeof why, &r) && failed++ < 12)
            cr_log_error("%s case %zu: %s", what, i, why);
        cg_decref(r);
    }
    cg_decref(inst);
    cr_assert_eq(failed, 0, "%d of %zu %s cases differ from CPython's", failed, json_array_size(cases), what);
}

/* ---- math -------------------------------------------------------------------------------------- */

TestSuite(stdlib, .init = lang_up, .fini = lang_down);

Test(stdlib, math_matches_cpython) {
    json_t *fx = load_fixture();
    cg_value m = import("math");
    run_cases(m, json_object_get(fx, "math"), "math");
    cg_decref(m);
    json_decref(fx);
}

Test(stdlib, math_constants_are_pythons) {
    json_t *fx = load_fixture();
    cg_value m = import("math");
    const char *key;
    json_t *val;
    json_object_foreach(json_object_get(fx, "math_constants"), key, val) {
        cg_value v = cg_getattr(m, cg_str_intern(key));
        cr_assert(matches(v, val), "math.%s", key);
        cg_decref(v);
    }
    cg_decref(m);
    json_decref(fx);
}

/* __float__ of a user class: what a 0-d tensor offers */
static cg_value two_and_a_quarter(cg_value self, const cg_args *a) {
    (void)self;
    (void)a;
    return cg_float(2.25);
}
static const cg_method_def float_def = {"__float__", two_and_a_quarter, NULL, NULL};

Test(stdlib, math_takes_objects_with_float) {
    cg_value d = cg_dict_new(), f = cg_builtin_new(&float_def, CG_NONE);
    cr_assert(cg_dict_set_str(cg_as_dict(d), "__float__", f) == 0);
    cg_value cls = cg_class_new("F", "__main__", &cg_type_object, cg_as_dict(d));
    cr_assert(!cg_is_err(cls));
    cg_value x = cg_call0(cls), m = import("math");
    cr_assert(!cg_is_err(x));
    cg_value r = cg_call_method(m, "sqrt", 1, &x);
    cr_assert(r.tag == CG_V_FLOAT && r.u.f == 1.5, "math.sqrt(F()) is 1.5");
    r = cg_call_method(m, "floor", 1, &x);
    cr_assert(r.tag == CG_V_INT && r.u.i == 2, "math.floor(F()) is 2");
    cg_value xs[2] = {x, x};
    r = cg_call_method(m, "hypot", 2, xs);
    cr_assert(r.tag == CG_V_FLOAT && r.u.f == hypot(2.25, 2.25));
    cg_decref(x);
    cg_decref(m);
    cg_decref(cls);
    cg_decref(f);
    cg_decref(d);
}

/* ---- random ------------------------------------------------------------------------------------- */

Test(stdlib, random_matches_cpython) {
    json_t *fx = load_fixture();
    cg_value m = import("random");
    size_t i;
    json_t *script;
    json_array_foreach(json_object_get(fx, "random"), i, script) {
        char what[64];
        snprintf(what, sizeof what, "random script %zu", i);
        run_cases(m, script, what);
    }
    cg_decref(m);
    json_decref(fx);
}

static cg_value call_random(cg_value m, const char *fn, int n, const cg_value *args) {
    cg_value r = cg_call_method(m, fn, n, args);
    cr_assert(!cg_is_err(r), "random.%s failed", fn);
    return r;
}

Test(stdlib, random_seed_none_draws_from_the_os) {
    cg_value m = import("random"), none = CG_NONE;
    cg_decref(call_random(m, "seed", 1, &none));
    cg_value a = call_random(m, "random", 0, NULL);
    cg_decref(call_random(m, "seed", 0, NULL));
    cg_value b = call_random(m, "random", 0, NULL);
    cr_assert(a.tag == CG_V_FLOAT && b.tag == CG_V_FLOAT && a.u.f != b.u.f && a.u.f >= 0 && a.u.f < 1);
    cg_decref(m);
}

/* getrandbits(k) past 64 bits is CPython's: 32-bit draws, least
 * significant first, the last one cut to the bits left. */
Test(stdlib, random_getrandbits_past_64_bits_joins_32_bit_draws) {
    cg_value m = import("random"), seed = cg_int(5), k = cg_int(80), k32 = cg_int(32), k16 = cg_int(16);
    cg_decref(call_random(m, "seed", 1, &seed));
    cg_value w[3];
    for (int i = 0; i < 2; i++)
        w[i] = cg_call_method(m, "getrandbits", 1, &k32);
    w[2] = cg_call_method(m, "getrandbits", 1, &k16);
    cg_decref(call_random(m, "seed", 1, &seed));
    cg_value r = cg_call_method(m, "getrandbits", 1, &k);
    cr_assert(cg_is_bigint(r) || r.tag == CG_V_INT);
    mpz_t want, part;
    mpz_inits(want, part, NULL);
    for (int i = 2; i >= 0; i--) {
        mpz_mul_2exp(want, want, 32);
        mpz_add_ui(want, want, (unsigned long)w[i].u.i);
    }
    cg_int_get_mpz(r, part);
    cr_assert(mpz_cmp(part, want) == 0, "getrandbits(80) joins two 32-bit draws and a 16-bit one");
    mpz_clears(want, part, NULL);
    cg_decref(r);
    cg_decref(m);
}

/* ---- time ----------------------------------------------------------------------------------------- */

Test(stdlib, time_matches_cpython) {
    json_t *fx = load_fixture();
    cg_value m = import("time");
    run_cases(m, json_object_get(fx, "time"), "time");
    cg_decref(m);
    json_decref(fx);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double call_float(cg_value m, const char *fn) {
    cg_value r = cg_call_method(m, fn, 0, NULL);
    cr_assert(r.tag == CG_V_FLOAT, "time.%s() is a float", fn);
    return r.u.f;
}

Test(stdlib, time_clocks_tick) {
    cg_value m = import("time");
    double t = call_float(m, "time");
    cr_assert(fabs(t - (double)time(NULL)) < 2, "time.time() is the epoch time");
    double p0 = call_float(m, "perf_counter"), m0 = call_float(m, "monotonic");
    double c0 = call_float(m, "process_time");
    for (volatile int i = 0; i < 3000000; i++) {
    }
    cr_assert(call_float(m, "perf_counter") > p0 && call_float(m, "monotonic") > m0);
    cr_assert(call_float(m, "process_time") > c0, "a busy loop uses CPU time");
    cg_value ns = cg_call_method(m, "perf_counter_ns", 0, NULL);
    cr_assert(ns.tag == CG_V_INT && ns.u.i > 0);
    cg_decref(m);
}

Test(stdlib, time_sleep_sleeps) {
    cg_value m = import("time"), secs = cg_float(0.12);
    double t0 = now();
    cg_value r = cg_call_method(m, "sleep", 1, &secs);
    double dt = now() - t0;
    cr_assert(cg_is_none(r), "sleep returns None");
    cr_assert(dt >= 0.12 && dt < 1.0, "slept %.3f s for 0.12", dt);
    cg_decref(m);
}

static void *interrupt_later(void *arg) {
    (void)arg;
    struct timespec ts = {0, 100000000};
    nanosleep(&ts, NULL);
    cg_interrupt_requested = 1; /* as the kernel's control thread does */
    return NULL;
}

Test(stdlib, time_sleep_wakes_up_on_an_interrupt) {
    cg_value m = import("time"), secs = cg_int(20);
    pthread_t th;
    pthread_create(&th, NULL, interrupt_later, NULL);
    double t0 = now();
    cg_value r = cg_call_method(m, "sleep", 1, &secs);
    double dt = now() - t0;
    pthread_join(th, NULL);
    cr_assert(cg_is_err(r) && cg_exc_matches(&cg_exc_KeyboardInterrupt), "sleep raises KeyboardInterrupt");
    cg_exc_clear();
    cr_assert(dt < 0.5, "sleep(20) stopped %.3f s after the start (interrupt at 0.1 s)", dt);
    cr_assert_eq(cg_interrupt_requested, 0, "the request is consumed");
    cg_decref(m);
}

Test(stdlib, time_local_time_round_trips) {
    cg_value m = import("time"), secs = cg_int(1000000000);
    cg_value lt = cg_call_method(m, "localtime", 1, &secs);
    cr_assert(cg_is_tuple(lt) && cg_as_tuple(lt)->len == 9, "localtime gives a 9-field struct_time");
    cg_value back = cg_call_method(m, "mktime", 1, &lt);
    cr_assert(back.tag == CG_V_FLOAT && back.u.f == 1e9, "mktime(localtime(t)) == t");
    cg_value c = cg_call_method(m, "ctime", 1, &secs), a = cg_call_method(m, "asctime", 1, &lt);
    cr_assert(cg_is_str(c) && cg_is_str(a) && !strcmp(cg_str_cstr(c), cg_str_cstr(a)),
              "ctime(t) == asctime(localtime(t))");
    cg_value year = cg_getattr(lt, cg_str_intern("tm_year"));
    cr_assert(year.tag == CG_V_INT && year.u.i == 2001, "tm_year by name");
    cg_value bad = cg_getattr(lt, cg_str_intern("tm_foo"));
    char msg[256];
    cr_assert(cg_is_err(bad));
    take_exception(msg, sizeof msg);
    cr_assert_str_eq(msg, "AttributeError: 'time.struct_time' object has no attribute 'tm_foo'");
    cg_decref(c);
    cg_decref(a);
    cg_decref(lt);
    cg_decref(m);
}
