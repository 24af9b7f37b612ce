# datetime and time in local time: TZ set to a zone with daylight saving
# time (and time.tzset()), then fromtimestamp, timestamp, astimezone and
# fold around its transitions, as the C library's localtime sees them.
import os
import time

os.environ["TZ"] = "America/New_York"
time.tzset()
from datetime import datetime, date, timezone, timedelta

print(time.timezone, time.altzone, time.daylight, time.tzname)
for ts in (1699164000, 1699165800, 1699167600, 1699169400, 1710054000, 1710057600, 0, -1e9, 1e9 + 0.5,
           1700000000.123456):
    d = datetime.fromtimestamp(ts)
    print(repr(d), d.timestamp(), d.astimezone(), repr(d.astimezone()), d.astimezone(timezone.utc))
for args in ((2023, 11, 5, 1, 30), (2024, 3, 10, 2, 30), (2024, 7, 1)):
    for fold in (0, 1):
        d = datetime(*args, fold=fold)
        print(repr(d), d.timestamp(), d.astimezone(), d.astimezone(timezone(timedelta(hours=9))))
print(date.fromtimestamp(1e9), time.mktime((2024, 7, 1, 0, 0, 0, 0, 0, -1)), time.ctime(1e9))
lt = time.localtime(1e9)
print(lt, lt.tm_zone, lt.tm_gmtoff, time.strftime("%Z %z %H:%M", lt))
print(time.strptime("EST", "%Z"), time.strptime("edt", "%Z").tm_isdst, time.strptime("UTC", "%Z").tm_isdst)
print(datetime(2024, 1, 1, 12).astimezone().tzname(), datetime(2024, 7, 1, 12).astimezone().tzname())
print(datetime.fromtimestamp(1e9, timezone.utc), datetime.utcfromtimestamp(1e9))

os.environ["TZ"] = "Australia/Sydney"
time.tzset()
print(time.timezone, time.altzone, time.daylight, time.tzname)
print(datetime.fromtimestamp(1e9), datetime(2024, 1, 1).astimezone(), time.localtime(1e9).tm_isdst)

os.environ["TZ"] = "UTC"
time.tzset()
print(time.timezone, time.altzone, time.daylight, time.tzname, datetime.fromtimestamp(0), datetime(1970, 1, 2).timestamp())
