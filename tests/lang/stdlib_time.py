# The time module: clocks move forward, sleep sleeps, and the calendar
# functions give Python's struct_time, strftime and asctime.
import time

t0, p0, m0, c0 = time.time(), time.perf_counter(), time.monotonic(), time.process_time()
time.sleep(0.05)
print(time.perf_counter() - p0 >= 0.05, time.monotonic() - m0 >= 0.05, time.time() - t0 > 0.04)
n = 0
for i in range(20000):
    n += i
print(time.process_time() >= c0, type(time.perf_counter_ns()).__name__, time.time_ns() > 1.6e18)
print(time.sleep(0), time.sleep(False))

st = time.gmtime(1234567890)
print(st)
print(st.tm_year, st.tm_mon, st.tm_mday, st.tm_hour, st.tm_min, st.tm_sec, st.tm_wday, st.tm_yday, st.tm_isdst)
print(st[0], st[-1], st[1:4], len(st), tuple(st), list(st)[:2], st == tuple(st), 2009 in st)
print(time.gmtime(0), time.gmtime(-1.5)[:6], time.gmtime(True)[5])
print(time.strftime("%Y-%m-%d %H:%M:%S", st), time.strftime("%a %A %b %B %j %U %w %y %%", st))
print(time.strftime("%Y-%m-%d", (2020, 2, 29, 0, 0, 0, 5, 60, 0)), repr(time.strftime("", st)))
print(time.asctime(st), time.asctime((2020, 1, 1, 0, 0, 0, 2, 1, 0)))
print(time.struct_time((2001, 2, 3, 4, 5, 6, 0, 34, 0)))
print(type(st).__name__, type(st))
lt = time.localtime(1e9)
print(time.mktime(lt), time.ctime(1e9) == time.asctime(lt), time.strftime("%Y", lt))

errors = [
    ("time.sleep(-1)", lambda: time.sleep(-1)),
    ("time.sleep('a')", lambda: time.sleep("a")),
    ("time.sleep()", lambda: time.sleep()),
    ("time.time(1)", lambda: time.time(1)),
    ("time.gmtime(1, 2)", lambda: time.gmtime(1, 2)),
    ("time.strftime(1)", lambda: time.strftime(1)),
    ("time.strftime('%Y', 5)", lambda: time.strftime("%Y", 5)),
    ("time.strftime('%Y', (2020, 1, 1))", lambda: time.strftime("%Y", (2020, 1, 1))),
    ("time.strftime('%Y', (2020, 13, 1, 0, 0, 0, 0, 1, 0))", lambda: time.strftime("%Y", (2020, 13, 1, 0, 0, 0, 0, 1, 0))),
    ("time.struct_time((1, 2))", lambda: time.struct_time((1, 2))),
    ("st.tm_zone_name", lambda: st.tm_zone_name),
    ("time.mktime((1, 2))", lambda: time.mktime((1, 2))),
]
for text, f in errors:
    try:
        print(text, "->", f())
    except Exception as e:
        print(text, "->", type(e).__name__ + ":", e)
