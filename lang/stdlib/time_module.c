/* time_module.c: the `time` module: clocks (time, perf_counter, monotonic,
 * process_time, thread_time and their _ns forms), sleep, and the calendar
 * basics (gmtime, localtime, mktime, strftime, asctime, ctime, struct_time),
 * with CPython 3.11's argument checks and messages.
 *
 * sleep() sleeps in slices of at most 50 ms and polls the host's interrupt
 * flag between them, so Ctrl-C (or the kernel's interrupt) stops it with
 * KeyboardInterrupt as it stops a loop.
 *
 * Also the zone attributes (timezone, altzone, daylight, tzname, tzset),
 * the clock_* functions over a clock id, and get_clock_info.
 *
 * Not here: strptime's parsing, which is Python in prelude/_strptime.py
 * (datetime shares it). */
#include <errno.h>
#include <pthread.h>
#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/gil.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"
#include "stdlib/structseq.h"

/* ---- argument conventions (METH_NOARGS, METH_O, PyArg_ParseTuple) --------- */

static int no_args(const char *name, const cg_args *a) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "time.%s() takes no keyword arguments", name);
    if (a->npos == 0)
        return 0;
    return cg_raise_int(&cg_exc_TypeError, "time.%s() takes no arguments (%d given)", name, a->npos);
}

static int one_arg(const char *name, const cg_args *a) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "time.%s() takes no keyword arguments", name);
    if (a->npos == 1)
        return 0;
    return cg_raise_int(&cg_exc_TypeError, "time.%s() takes exactly one argument (%d given)", name, a->npos);
}

/* "|O:name": zero or one argument */
static int optional_arg(const char *name, const cg_args *a) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", name);
    if (a->npos <= 1)
        return 0;
    return cg_raise_int(&cg_exc_TypeError, "%s() takes at most 1 argument (%d given)", name, a->npos);
}

/* ---- clocks ------------------------------------------------------------------ */

static int64_t clock_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* nanoseconds as seconds, rounded as CPython's _PyTime_AsSecondsDouble */
static double ns_to_seconds(int64_t ns) {
    if (ns % 1000000000 == 0)
        return (double)(ns / 1000000000);
    return (double)ns / 1e9;
}

#define CLOCK_FUNCS(name, clock)                                        \
    static cg_value time_##name(cg_value self, const cg_args *a) {      \
        (void)self;                                                     \
        if (no_args(#name, a) < 0)                                      \
            return CG_ERR;                                              \
        return cg_float(ns_to_seconds(clock_ns(clock)));                \
    }                                                                   \
    static cg_value time_##name##_ns(cg_value self, const cg_args *a) { \
        (void)self;                                                     \
        if (no_args(#name "_ns", a) < 0)                                \
            return CG_ERR;                                              \
        return cg_int(clock_ns(clock));                                 \
    }
CLOCK_FUNCS(time, CLOCK_REALTIME)
CLOCK_FUNCS(perf_counter, CLOCK_MONOTONIC)
CLOCK_FUNCS(monotonic, CLOCK_MONOTONIC)
CLOCK_FUNCS(process_time, CLOCK_PROCESS_CPUTIME_ID)
CLOCK_FUNCS(thread_time, CLOCK_THREAD_CPUTIME_ID)
#undef CLOCK_FUNCS

/* ---- sleep ---------------------------------------------------------------------- */

/* A duration in seconds as nanoseconds, as _PyTime_FromSecondsObject reads
 * it: a float (rounded up), else an integer. */
static int seconds_to_ns(cg_value v, int64_t *ns) {
    if (v.tag == CG_V_FLOAT) {
        double d = v.u.f;
        if (isnan(d))
            return cg_raise_int(&cg_exc_ValueError, "Invalid value NaN (not a number)");
        d = ceil(d * 1e9);
        if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
            return cg_raise_int(&cg_exc_OverflowError, "timestamp out of range for platform time_t");
        *ns = (int64_t)d;
        return 0;
    }
    int64_t s;
    if (cg_index_value(v, &s) < 0)
        return -1;
    if (s > INT64_MAX / 1000000000 || s < INT64_MIN / 1000000000)
        return cg_raise_int(&cg_exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
    *ns = s * 1000000000;
    return 0;
}

/* Note [Interruptible sleep]: the host sets cg_interrupt_requested from a
 * signal handler or its control thread; a signal also cuts nanosleep short
 * (EINTR), but the control thread's request does not, so sleep wakes at
 * least every 50 ms to look at the flag. */
static cg_value time_sleep(cg_value self, const cg_args *a) {
    enum { SLICE_NS = 50000000 };
    int64_t ns = 0;
    (void)self;
    if (one_arg("sleep", a) < 0 || seconds_to_ns(a->pos[0], &ns) < 0)
        return CG_ERR;
    if (ns < 0)
        return cg_raise(&cg_exc_ValueError, "sleep length must be non-negative");
    if (ns == 0) { /* sleep(0) lets the other threads have a turn */
        bool unlocked = cg_gil_unlock();
        sched_yield();
        cg_gil_relock(unlocked);
    }
    int64_t start = clock_ns(CLOCK_MONOTONIC);
    for (;;) {
        int64_t left = ns - (clock_ns(CLOCK_MONOTONIC) - start);
        if (left <= 0)
            break;
        if (left > SLICE_NS)
            left = SLICE_NS;
        struct timespec ts = {(time_t)(left / 1000000000), (long)(left % 1000000000)};
        bool unlocked = cg_gil_unlock(); /* other threads run meanwhile */
        nanosleep(&ts, NULL);
        cg_gil_relock(unlocked);
        if (cg_interrupt_requested && cg_check_interrupt() < 0)
            return CG_ERR;
    }
    return CG_NONE;
}

/* ---- struct_time: a struct sequence of nine items and two attributes ------ */

static const char *const tm_fields[11] = {"tm_year", "tm_mon",  "tm_mday", "tm_hour",  "tm_min",   "tm_sec",
                                          "tm_wday", "tm_yday", "tm_isdst", "tm_zone", "tm_gmtoff"};

static cg_structseq_type struct_time_type = CG_STRUCTSEQ_TYPE("time", "struct_time", "time.struct_time", tm_fields, 9,
                                                              11, NULL);

static cg_value struct_time_of(const struct tm *tm) {
    const int v[9] = {tm->tm_year + 1900, tm->tm_mon + 1,        tm->tm_mday,     tm->tm_hour, tm->tm_min,
                      tm->tm_sec,         (tm->tm_wday + 6) % 7, tm->tm_yday + 1, tm->tm_isdst};
    cg_value items[11];
    for (int i = 0; i < 9; i++)
        items[i] = cg_int(v[i]);
    items[9] = tm->tm_zone ? cg_str_from_c(tm->tm_zone) : CG_NONE;
    items[10] = cg_int(tm->tm_gmtoff);
    if (cg_is_err(items[9]))
        return CG_ERR;
    return cg_structseq_new(&struct_time_type, items);
}

/* ---- from seconds to struct_time --------------------------------------------- */

/* secs as a time_t, rounded down; None is now. */
static int seconds_arg(const cg_args *a, time_t *out) {
    if (a->npos == 0 || cg_is_none(a->pos[0])) {
        *out = time(NULL);
        return 0;
    }
    cg_value v = a->pos[0];
    if (v.tag == CG_V_FLOAT) {
        if (isnan(v.u.f))
            return cg_raise_int(&cg_exc_ValueError, "Invalid value NaN (not a number)");
        double d = floor(v.u.f);
        if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
            return cg_raise_int(&cg_exc_OverflowError, "timestamp out of range for platform time_t");
        *out = (time_t)d;
        return 0;
    }
    int64_t s;
    if (cg_index_value(v, &s) < 0)
        return -1;
    *out = (time_t)s;
    return 0;
}

static cg_value broken_down(const char *name, const cg_args *a, struct tm *(*fn)(const time_t *, struct tm *)) {
    time_t t;
    struct tm tm;
    if (optional_arg(name, a) < 0 || seconds_arg(a, &t) < 0)
        return CG_ERR;
    errno = 0;
    if (!fn(&t, &tm)) {
        if (errno == 0)
            errno = EINVAL;
        return cg_raise(&cg_exc_OSError, "[Errno %d] %s", errno, strerror(errno));
    }
    return struct_time_of(&tm);
}

static cg_value time_gmtime(cg_value self, const cg_args *a) {
    (void)self;
    return broken_down("gmtime", a, gmtime_r);
}

static cg_value time_localtime(cg_value self, const cg_args *a) {
    (void)self;
    return broken_down("localtime", a, localtime_r);
}

/* ---- from struct_time (or a 9-tuple) back to struct tm -------------------------- */

/* CPython's gettmarg: any tuple of nine ints; what is "illegal" names the
 * function. tm_wday counts from Sunday in C and from Monday in Python. */
static int tm_of(cg_value v, const char *illegal, struct tm *tm) {
    if (!cg_is_tuple(v))
        return cg_raise_int(&cg_exc_TypeError, "Tuple or struct_time argument required");
    cg_tuple *t = cg_as_tuple(v);
    if (t->len != 9)
        return cg_raise_int(&cg_exc_TypeError, "%s", illegal);
    int64_t f[9];
    for (int i = 0; i < 9; i++)
        if (cg_index_value(t->items[i], &f[i]) < 0)
            return -1;
    memset(tm, 0, sizeof *tm);
    if (cg_typeof(v) == &struct_time_type.type) { /* its zone travels with it, for %Z and %z */
        cg_value zone = t->items[9], off = t->items[10];
        tm->tm_zone = cg_is_str(zone) ? cg_str_cstr(zone) : NULL;
        int64_t gmtoff = 0;
        if (!cg_is_none(off) && cg_index_value(off, &gmtoff) < 0)
            return -1;
        tm->tm_gmtoff = (long)gmtoff;
    }
    tm->tm_year = (int)(f[0] - 1900);
    tm->tm_mon = (int)f[1] - 1;
    tm->tm_mday = (int)f[2];
    tm->tm_hour = (int)f[3];
    tm->tm_min = (int)f[4];
    tm->tm_sec = (int)f[5];
    tm->tm_wday = (int)((f[6] + 1) % 7);
    tm->tm_yday = (int)f[7] - 1;
    tm->tm_isdst = (int)f[8];
    return 0;
}

/* CPython's checktm: fields C's formatting would index out of bounds. */
static int tm_check(struct tm *tm) {
    const char *bad = NULL;
    if (tm->tm_mon == -1)
        tm->tm_mon = 0;
    else if (tm->tm_mon < 0 || tm->tm_mon > 11)
        bad = "month out of range";
    if (bad)
        return cg_raise_int(&cg_exc_ValueError, "%s", bad);
    if (tm->tm_mday == 0)
        tm->tm_mday = 1;
    else if (tm->tm_mday < 0 || tm->tm_mday > 31)
        bad = "day of month out of range";
    else if (tm->tm_hour < 0 || tm->tm_hour > 23)
        bad = "hour out of range";
    else if (tm->tm_min < 0 || tm->tm_min > 59)
        bad = "minute out of range";
    else if (tm->tm_sec < 0 || tm->tm_sec > 61)
        bad = "seconds out of range";
    else if (tm->tm_wday < 0)
        bad = "day of week out of range";
    if (bad)
        return cg_raise_int(&cg_exc_ValueError, "%s", bad);
    if (tm->tm_yday == -1)
        tm->tm_yday = 0;
    else if (tm->tm_yday < 0 || tm->tm_yday > 365)
        return cg_raise_int(&cg_exc_ValueError, "day of year out of range");
    return 0;
}

/* The struct tm of an optional time-tuple argument (now when absent). */
static int tm_arg(const cg_args *a, int index, const char *illegal, struct tm *tm) {
    if (a->npos > index)
        return tm_of(a->pos[index], illegal, tm) < 0 ? -1 : tm_check(tm);
    time_t now = time(NULL);
    localtime_r(&now, tm);
    return 0;
}

static cg_value time_strftime(cg_value self, const cg_args *a) {
    struct tm tm;
    (void)self;
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "strftime() takes no keyword arguments");
    if (a->npos < 1)
        return cg_raise(&cg_exc_TypeError, "strftime() takes at least 1 argument (0 given)");
    if (a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "strftime() takes at most 2 arguments (%d given)", a->npos);
    if (!cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "strftime() argument 1 must be str, not %s", cg_type_name(a->pos[0]));
    if (tm_arg(a, 1, "strftime(): illegal time tuple argument", &tm) < 0)
        return CG_ERR;
    if (tm.tm_isdst < -1)
        tm.tm_isdst = -1;
    else if (tm.tm_isdst > 1)
        tm.tm_isdst = 1;
    const char *fmt = cg_str_cstr(a->pos[0]);
    size_t fmtlen = strlen(fmt);
    /* C's strftime returns 0 both for "too small" and for an empty result:
     * grow the buffer, and take 0 as empty once it is far larger than the
     * format could need (CPython's rule). */
    for (size_t cap = 1024;; cap += cap) {
        char *buf = malloc(cap);
        if (!buf)
            return cg_raise_nomemory();
        size_t n = strftime(buf, cap, fmt, &tm);
        if (n > 0 || cap >= 256 * fmtlen) {
            cg_value r = cg_str_new(buf, n);
            free(buf);
            return r;
        }
        free(buf);
    }
}

static cg_value format_asctime(const struct tm *tm) {
    static const char wday[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char mon[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    return cg_str_fmt("%s %s%3d %.2d:%.2d:%.2d %d", wday[tm->tm_wday], mon[tm->tm_mon], tm->tm_mday, tm->tm_hour,
                      tm->tm_min, tm->tm_sec, 1900 + tm->tm_year);
}

static cg_value time_asctime(cg_value self, const cg_args *a) {
    struct tm tm;
    (void)self;
    if (optional_arg("asctime", a) < 0 || tm_arg(a, 0, "asctime(): illegal time tuple argument", &tm) < 0)
        return CG_ERR;
    return format_asctime(&tm);
}

static cg_value time_ctime(cg_value self, const cg_args *a) {
    time_t t;
    struct tm tm;
    (void)self;
    if (optional_arg("ctime", a) < 0 || seconds_arg(a, &t) < 0)
        return CG_ERR;
    if (!localtime_r(&t, &tm))
        return cg_raise(&cg_exc_OverflowError, "timestamp out of range for platform time_t");
    return format_asctime(&tm);
}

static cg_value time_mktime(cg_value self, const cg_args *a) {
    struct tm tm;
    (void)self;
    if (one_arg("mktime", a) < 0 || tm_of(a->pos[0], "mktime(): illegal time tuple argument", &tm) < 0)
        return CG_ERR;
    tm.tm_wday = -1; /* mktime sets it: -1 left there means failure, not the time -1 */
    time_t t = mktime(&tm);
    if (t == (time_t)-1 && tm.tm_wday == -1)
        return cg_raise(&cg_exc_OverflowError, "mktime argument out of range");
    return cg_float((double)t);
}

/* ---- strptime: the parsing lives in the prelude's _strptime ------------------- */

static cg_value time_strptime(cg_value self, const cg_args *a) {
    (void)self;
    cg_value f = cg_import_attr("_strptime", "_strptime_time");
    if (cg_is_err(f))
        return f;
    cg_value r = cg_call(f, a);
    cg_decref(f);
    return r;
}

/* ---- time zones: timezone, altzone, daylight, tzname, tzset --------------------- */

/* Note [Zone attributes]: as CPython, the module's zone attributes come
 * from the C library's view of two instants half a year apart (early in
 * January and in July of this year); the zone with the smaller offset west
 * of UTC is the summer one, which also covers the southern hemisphere. */
static int zone_attributes_set(cg_value m) {
    const time_t year = (time_t)((365 * 24 + 6) * 3600);
    time_t t = (time(NULL) / year) * year;
    struct tm jan, jul;
    localtime_r(&t, &jan);
    t += year / 2;
    localtime_r(&t, &jul);
    long janzone = -jan.tm_gmtoff, julzone = -jul.tm_gmtoff;
    const char *janname = jan.tm_zone ? jan.tm_zone : "   ", *julname = jul.tm_zone ? jul.tm_zone : "   ";
    bool south = janzone < julzone;
    long zone = south ? julzone : janzone, alt = south ? janzone : julzone;
    cg_value names = cg_tuple_new(2);
    if (cg_is_err(names))
        return -1;
    cg_tuple *nt = cg_as_tuple(names);
    nt->items[0] = cg_str_from_c(south ? julname : janname);
    nt->items[1] = cg_str_from_c(south ? janname : julname);
    int rc = cg_is_err(nt->items[0]) || cg_is_err(nt->items[1]) ? -1 : 0;
    if (rc == 0)
        rc = cg_module_add(m, "tzname", names);
    cg_decref(names);
    if (rc < 0 || cg_module_add(m, "timezone", cg_int(zone)) < 0 || cg_module_add(m, "altzone", cg_int(alt)) < 0
        || cg_module_add(m, "daylight", cg_int(janzone != julzone)) < 0)
        return -1;
    return 0;
}

static cg_value time_tzset(cg_value self, const cg_args *a) {
    if (no_args("tzset", a) < 0)
        return CG_ERR;
    tzset();
    return zone_attributes_set(self) < 0 ? CG_ERR : CG_NONE;
}

/* ---- clock_gettime and friends over a clock id ----------------------------------- */

/* PyArg_ParseTuple's checks: exactly n positional arguments, the first a C int. */
static int clock_id_arg(const char *name, const cg_args *a, int n, clockid_t *id) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", name);
    if (a->npos != n)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes exactly %d argument%s (%d given)", name, n,
                            n == 1 ? "" : "s", a->npos);
    if (a->pos[0].tag == CG_V_FLOAT)
        return cg_raise_int(&cg_exc_TypeError, "'float' object cannot be interpreted as an integer");
    int64_t v;
    if (cg_index_value(a->pos[0], &v) < 0)
        return -1;
    if (v < INT32_MIN || v > INT32_MAX)
        return cg_raise_int(&cg_exc_OverflowError, "signed integer is %s", v < 0 ? "less than minimum"
                                                                               : "greater than maximum");
    *id = (clockid_t)v;
    return 0;
}

static cg_value os_error(void) { return cg_raise(&cg_exc_OSError, "[Errno %d] %s", errno, strerror(errno)); }

static cg_value clock_read(const char *name, const cg_args *a, int (*fn)(clockid_t, struct timespec *), bool ns) {
    clockid_t id = 0;
    struct timespec ts;
    if (clock_id_arg(name, a, 1, &id) < 0)
        return CG_ERR;
    if (fn(id, &ts) != 0)
        return os_error();
    int64_t v = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
    return ns ? cg_int(v) : cg_float(ns_to_seconds(v));
}

static cg_value time_clock_gettime(cg_value self, const cg_args *a) {
    (void)self;
    return clock_read("clock_gettime", a, clock_gettime, false);
}

static cg_value time_clock_gettime_ns(cg_value self, const cg_args *a) {
    (void)self;
    return clock_read("clock_gettime", a, clock_gettime, true);
}

static cg_value time_clock_getres(cg_value self, const cg_args *a) {
    (void)self;
    return clock_read("clock_getres", a, clock_getres, false);
}

static cg_value clock_write(const char *name, const cg_args *a, bool ns) {
    clockid_t id = 0;
    int64_t v;
    if (clock_id_arg(name, a, 2, &id) < 0)
        return CG_ERR;
    if (ns) {
        if (!cg_type_is_subtype(cg_typeof(a->pos[1]), &cg_type_int))
            return cg_raise(&cg_exc_TypeError, "expect int, got %s", cg_type_name(a->pos[1]));
        if (cg_index_value(a->pos[1], &v) < 0)
            return CG_ERR;
    } else if (seconds_to_ns(a->pos[1], &v) < 0) {
        return CG_ERR;
    }
    int64_t sec = v / 1000000000, nsec = v % 1000000000;
    if (nsec < 0) {
        nsec += 1000000000;
        sec -= 1;
    }
    struct timespec ts = {(time_t)sec, (long)nsec};
    if (clock_settime(id, &ts) != 0)
        return os_error();
    return CG_NONE;
}

static cg_value time_clock_settime(cg_value self, const cg_args *a) {
    (void)self;
    return clock_write("clock_settime", a, false);
}

static cg_value time_clock_settime_ns(cg_value self, const cg_args *a) {
    (void)self;
    return clock_write("clock_settime", a, true);
}

/* Note [Thread clock ids]: pthread_getcpuclockid reads through the
 * pthread_t it is given, so a stale or made-up thread id crashes the C
 * library (CPython's too). Threads here are the interpreter's own: the
 * calling thread's id is the one this accepts; any other is ESRCH. */
static cg_value time_pthread_getcpuclockid(cg_value self, const cg_args *a) {
    (void)self;
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "pthread_getcpuclockid() takes no keyword arguments");
    if (a->npos != 1)
        return cg_raise(&cg_exc_TypeError, "pthread_getcpuclockid() takes exactly 1 argument (%d given)", a->npos);
    if (!cg_type_is_subtype(cg_typeof(a->pos[0]), &cg_type_int))
        return cg_raise(&cg_exc_TypeError, "pthread_getcpuclockid() argument 1 must be int, not %s",
                        cg_type_name(a->pos[0]));
    int64_t id;
    if (cg_index_value(a->pos[0], &id) < 0)
        return CG_ERR;
    if ((pthread_t)(uint64_t)id != pthread_self()) {
        errno = ESRCH;
        return os_error();
    }
    clockid_t clk;
    int err = pthread_getcpuclockid(pthread_self(), &clk);
    if (err) {
        errno = err;
        return os_error();
    }
    return cg_int(clk);
}

/* The clocks get_clock_info describes: what CPython 3.11 says on Linux. */
static const struct {
    const char *name, *impl;
    clockid_t id;
    bool monotonic, adjustable;
} clock_infos[] = {
    {"time", "clock_gettime(CLOCK_REALTIME)", CLOCK_REALTIME, false, true},
    {"monotonic", "clock_gettime(CLOCK_MONOTONIC)", CLOCK_MONOTONIC, true, false},
    {"perf_counter", "clock_gettime(CLOCK_MONOTONIC)", CLOCK_MONOTONIC, true, false},
    {"process_time", "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)", CLOCK_PROCESS_CPUTIME_ID, true, false},
    {"thread_time", "clock_gettime(CLOCK_THREAD_CPUTIME_ID)", CLOCK_THREAD_CPUTIME_ID, true, false},
};

/* A types.SimpleNamespace(implementation=, monotonic=, adjustable=, resolution=). */
static cg_value time_get_clock_info(cg_value self, const cg_args *a) {
    (void)self;
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "get_clock_info() takes no keyword arguments");
    if (a->npos != 1)
        return cg_raise(&cg_exc_TypeError, "get_clock_info() takes exactly 1 argument (%d given)", a->npos);
    if (!cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "get_clock_info() argument 1 must be str, not %s", cg_type_name(a->pos[0]));
    const char *name = cg_str_cstr(a->pos[0]);
    for (size_t i = 0; i < sizeof clock_infos / sizeof clock_infos[0]; i++) {
        if (strcmp(name, clock_infos[i].name))
            continue;
        struct timespec res;
        clock_getres(clock_infos[i].id, &res);
        cg_value ns = cg_import_attr("types", "SimpleNamespace");
        if (cg_is_err(ns))
            return ns;
        cg_str *kwn[4] = {cg_str_intern("implementation"), cg_str_intern("monotonic"), cg_str_intern("adjustable"),
                          cg_str_intern("resolution")};
        cg_value kwv[4] = {cg_str_from_c(clock_infos[i].impl), cg_bool(clock_infos[i].monotonic),
                           cg_bool(clock_infos[i].adjustable),
                           cg_float((double)res.tv_sec + (double)res.tv_nsec * 1e-9)};
        cg_args args = {.kwn = kwn, .kwv = kwv, .nkw = 4};
        cg_value r = cg_is_err(kwv[0]) ? CG_ERR : cg_call(ns, &args);
        cg_decref(kwv[0]);
        cg_decref(ns);
        return r;
    }
    return cg_raise(&cg_exc_ValueError, "unknown clock");
}

static int add_clock_constants(cg_value m) {
    static const struct {
        const char *name;
        clockid_t id;
    } ids[] = {
        {"CLOCK_BOOTTIME", CLOCK_BOOTTIME},
        {"CLOCK_MONOTONIC", CLOCK_MONOTONIC},
        {"CLOCK_MONOTONIC_RAW", CLOCK_MONOTONIC_RAW},
        {"CLOCK_PROCESS_CPUTIME_ID", CLOCK_PROCESS_CPUTIME_ID},
        {"CLOCK_REALTIME", CLOCK_REALTIME},
        {"CLOCK_TAI", CLOCK_TAI},
        {"CLOCK_THREAD_CPUTIME_ID", CLOCK_THREAD_CPUTIME_ID},
    };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (cg_module_add(m, ids[i].name, cg_int(ids[i].id)) < 0)
            return -1;
    return 0;
}

/* ---- the module ------------------------------------------------------------------ */

static const cg_method_def time_methods[] = {
    {"time", time_time, NULL, "Return the current time in seconds since the Epoch."},
    {"time_ns", time_time_ns, NULL, "Return the current time in nanoseconds since the Epoch."},
    {"perf_counter", time_perf_counter, NULL, "Performance counter for benchmarking."},
    {"perf_counter_ns", time_perf_counter_ns, NULL, "Performance counter for benchmarking as nanoseconds."},
    {"monotonic", time_monotonic, NULL, "Monotonic clock, cannot go backward."},
    {"monotonic_ns", time_monotonic_ns, NULL, "Monotonic clock, cannot go backward, as nanoseconds."},
    {"process_time", time_process_time, NULL, "Process time for profiling: sum of the kernel and user-space CPU time."},
    {"process_time_ns", time_process_time_ns, NULL, "Process time for profiling as nanoseconds."},
    {"thread_time", time_thread_time, NULL, "Thread time for profiling: sum of the kernel and user-space CPU time."},
    {"thread_time_ns", time_thread_time_ns, NULL, "Thread time for profiling as nanoseconds."},
    {"sleep", time_sleep, NULL, "Delay execution for a given number of seconds."},
    {"gmtime", time_gmtime, NULL, "Convert seconds since the Epoch to a time tuple expressing UTC."},
    {"localtime", time_localtime, NULL, "Convert seconds since the Epoch to a time tuple expressing local time."},
    {"mktime", time_mktime, NULL, "Convert a time tuple in local time to seconds since the Epoch."},
    {"strftime", time_strftime, NULL, "Convert a time tuple to a string according to a format specification."},
    {"asctime", time_asctime, NULL, "Convert a time tuple to a string, e.g. 'Sat Jun 06 16:26:11 1998'."},
    {"ctime", time_ctime, NULL, "Convert a time in seconds since the Epoch to a string in local time."},
    {"strptime", time_strptime, NULL, "Parse a string to a time tuple according to a format specification."},
    {"tzset", time_tzset, NULL, "Initialize, or reinitialize, the local timezone to the value of TZ."},
    {"clock_gettime", time_clock_gettime, NULL, "Return the time of the specified clock clk_id."},
    {"clock_gettime_ns", time_clock_gettime_ns, NULL, "Return the time of the specified clock clk_id as nanoseconds."},
    {"clock_getres", time_clock_getres, NULL, "Return the resolution (precision) of the specified clock clk_id."},
    {"clock_settime", time_clock_settime, NULL, "Set the time of the specified clock clk_id."},
    {"clock_settime_ns", time_clock_settime_ns, NULL, "Set the time of the specified clock clk_id with nanoseconds."},
    {"pthread_getcpuclockid", time_pthread_getcpuclockid, NULL, "Return the clk_id of a thread's CPU time clock."},
    {"get_clock_info", time_get_clock_info, NULL, "Get information of the specified clock."},
    {NULL},
};

cg_value cg_time_module_init(void) {
    cg_structseq_type_init(&struct_time_type);
    cg_value m = cg_module_new("time");
    if (cg_is_err(m))
        return m;
    if (cg_module_add(m, "struct_time", cg_obj_value(&struct_time_type.type)) < 0
        || cg_module_add_methods(m, time_methods) < 0 || add_clock_constants(m) < 0 || zone_attributes_set(m) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
