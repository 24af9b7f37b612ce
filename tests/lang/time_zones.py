# time's zone and clock functions: the zone attributes after tzset for a
# few TZ values, struct_time's tm_zone and tm_gmtoff, strftime's %Z/%z,
# clock_gettime and friends, get_clock_info and the CLOCK_ constants.
import os
import time

for tz in ("UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "EST5EDT"):
    os.environ["TZ"] = tz
    time.tzset()
    lt = time.localtime(1700000000)
    print(tz, time.timezone, time.altzone, time.daylight, time.tzname, lt.tm_zone, lt.tm_gmtoff, lt.tm_isdst,
          time.strftime("%Z %z", lt), time.mktime(lt), time.asctime(lt), time.ctime(1e9))
os.environ["TZ"] = "UTC"
time.tzset()

g = time.gmtime(1234567890)
print(g, g.tm_zone, g.tm_gmtoff, g.n_fields, g.n_sequence_fields, len(g), time.strftime("%Z|%z", g))
s = time.struct_time((2001, 2, 3, 4, 5, 6, 0, 34, 0, "ABC", 3600))
print(s, s.tm_zone, s.tm_gmtoff, len(s), time.strftime("%Z %z", s), time.struct_time((1, 2, 3, 4, 5, 6, 7, 8, 9)).tm_zone)

print(time.CLOCK_REALTIME, time.CLOCK_MONOTONIC, time.CLOCK_PROCESS_CPUTIME_ID, time.CLOCK_THREAD_CPUTIME_ID,
      time.CLOCK_MONOTONIC_RAW, time.CLOCK_BOOTTIME, time.CLOCK_TAI)
for clk in ("time", "monotonic", "perf_counter", "process_time", "thread_time"):
    info = time.get_clock_info(clk)
    print(clk, info.implementation, info.monotonic, info.adjustable, info.resolution)
a = time.clock_gettime(time.CLOCK_MONOTONIC)
b = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
print(type(a).__name__, type(b).__name__, b >= a * 1e9 - 1e9, time.clock_getres(time.CLOCK_REALTIME),
      abs(time.clock_gettime(time.CLOCK_REALTIME) - time.time()) < 5)

errors = [
    lambda: time.get_clock_info("nope"), lambda: time.get_clock_info(5), lambda: time.clock_gettime(),
    lambda: time.clock_gettime("a"), lambda: time.clock_gettime(12345), lambda: time.clock_getres(12345),
    lambda: time.clock_settime(time.CLOCK_MONOTONIC, 0), lambda: time.clock_settime_ns(time.CLOCK_MONOTONIC, 0.5),
    lambda: time.tzset(1), lambda: time.clock_settime(1), lambda: time.clock_settime_ns(), lambda: time.clock_getres(1, 2),
    lambda: time.clock_gettime_ns(), lambda: time.pthread_getcpuclockid(), lambda: time.pthread_getcpuclockid("a"),
    lambda: time.clock_gettime(2**40), lambda: time.clock_settime(0, "a"), lambda: time.clock_settime_ns(0, "a"),
    lambda: time.clock_gettime(1.5), lambda: time.strptime(), lambda: time.strptime("1", "%d", "x"),
    lambda: time.get_clock_info(), lambda: time.clock_gettime(clk_id=1), lambda: time.clock_getres(-5),
    lambda: time.pthread_getcpuclockid(1.5), lambda: time.struct_time((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)),
]
for f in errors:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

# struct sequences take any iterable of the right length
for v in (5, None, "abcdefghi", range(9), iter(range(9))):
    try:
        print(time.struct_time(v))
    except Exception as e:
        print(type(e).__name__, e)
    try:
        print(os.stat_result(v))
    except Exception as e:
        print(type(e).__name__, e)


class Nine:
    def __iter__(self):
        return iter(range(9))


print(time.struct_time(Nine()))
