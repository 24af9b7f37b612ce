# datetime's types as CPython 3.11 prints and computes them: constructors,
# reprs and str, arithmetic, comparisons and hashing, ISO text, strftime,
# fixed-offset zones, the pickled form (__reduce__) and the error messages.
import datetime as dt
from datetime import date, time, datetime, timedelta, timezone, tzinfo

print(dt.date(2024, 1, 2), repr(dt.date(2024, 1, 2)), repr(datetime(2024, 1, 2, 3, 4, 5)),
      repr(datetime(2024, 1, 2, 3, 4)), repr(datetime(2024, 1, 2, 3, 4, 5, 6)))
print(type(date.today()), type(datetime.now()), type(datetime.utcnow()), type(datetime.now(timezone.utc).tzinfo),
      type(datetime.today()))

# timedelta: normalisation, rounding, arithmetic
print(repr(timedelta(days=1, seconds=3600)), str(timedelta(-1, 86399)), repr(timedelta(0)), timedelta(hours=-1),
      timedelta(microseconds=-1), repr(timedelta(weeks=1.5, milliseconds=0.5)))
print(timedelta(days=1.3), timedelta(seconds=0.0000005), timedelta(seconds=0.0000015), timedelta(2) * 0.3,
      timedelta(3) / 7, timedelta(3) // 7, timedelta(3) / timedelta(hours=5), divmod(timedelta(3), timedelta(hours=7)))
print(timedelta(1).total_seconds(), abs(timedelta(-3)), -timedelta(1, 2, 3), timedelta.min, timedelta.max,
      timedelta.resolution, bool(timedelta(0)), timedelta(hours=5) % timedelta(hours=2), 3 * timedelta(minutes=7),
      timedelta(1) / 2.5, timedelta(days=2, hours=3).days, timedelta(days=2, hours=3).seconds)
print(timedelta(hours=1) < timedelta(hours=2), timedelta(1) == timedelta(hours=24), timedelta(1) != 1,
      {timedelta(1): 1}[timedelta(hours=24)], sorted([timedelta(3), timedelta(-1), timedelta(0)]))

# date
d = date(2024, 2, 29)
print(d.year, d.month, d.day, d.weekday(), d.isoweekday(), d.isocalendar(), d.isocalendar().week,
      d.isocalendar().year, tuple(d.isocalendar()), d.toordinal(), date.fromordinal(738945))
print(d + timedelta(400), d - timedelta(60), d - date(2000, 1, 1), d.replace(day=1), d.replace(year=2023, day=28),
      d.ctime(), d.timetuple())
print(d.strftime("%A %d %B %Y %j %U %W %f %z %Z|"), format(d, "%y"), f"{d}", f"{d:%d.%m.%Y}",
      date.fromisoformat("2024-03-04"), date.fromisoformat("20240304"), date.fromisoformat("2024-W10-2"),
      date.fromisoformat("2024W10"), date.fromisocalendar(2020, 53, 7))
for y in (2019, 2020, 2021, 2024, 2026):
    print([date(y, 12, dd).isocalendar()[:2] for dd in (28, 29, 30, 31)], date(y, 1, 1).isocalendar())
print(date(1, 1, 1).toordinal(), date.fromordinal(3652059), date(2000, 3, 1) - date(1900, 3, 1),
      date.min, date.max, date.resolution)

# time
t = time(3, 4, 5, 6)
print(t, repr(t), repr(time(1, 2)), repr(time(1, 2, 3, tzinfo=timezone.utc, fold=1)), t.isoformat("minutes"),
      t.isoformat("milliseconds"), t.isoformat("hours"), t.isoformat("seconds"), t.strftime("%H-%M-%S.%f %p"),
      time.fromisoformat("12:34:56.789+05:30"), time.fromisoformat("T1234"), time.fromisoformat("12:34:56,5"))
print(t.hour, t.minute, t.second, t.microsecond, t.tzinfo, t.fold, t.replace(hour=9), bool(time(0)),
      time(12, tzinfo=timezone(timedelta(hours=1))) == time(11, tzinfo=timezone.utc), time(1) < time(2),
      time.min, time.max, format(t, "%I:%M"), time(1, 2, 3, tzinfo=timezone.utc).utcoffset())

# datetime with a fixed offset
x = datetime(2024, 1, 2, 3, 4, 5, 600, tzinfo=timezone(timedelta(hours=5, minutes=30)))
print(x, repr(x), x.isoformat(), x.isoformat(" ", "seconds"), x.utcoffset(), x.tzname(), x.dst(),
      x.astimezone(timezone.utc), x.timestamp(), x.strftime("%Y %z %Z %f %%"), x.utctimetuple(), x.timetuple())
print(x.date(), x.time(), x.timetz(), x.ctime(), x.weekday(), x.replace(tzinfo=None), x.replace(minute=59))
print(datetime.fromtimestamp(1700000000, timezone.utc), datetime.utcfromtimestamp(1700000000.5),
      datetime.fromisoformat("2024-01-02T03:04:05.123456+01:00"), datetime.fromisoformat("2024-01-02 03"),
      datetime.fromisoformat("20240102T030405Z"), datetime.fromisoformat("2024-01-02"),
      datetime.fromisoformat("2024-W01-1T10:00:00.5-0230"))
print(datetime.combine(d, t), datetime.combine(d, time(1, tzinfo=timezone.utc)), datetime.combine(d, t, timezone.utc),
      datetime(2024, 1, 1) - datetime(2023, 1, 1), datetime(2024, 1, 1) + timedelta(hours=25.5),
      datetime(2024, 1, 1, tzinfo=timezone.utc) - datetime(2024, 1, 1, 5, tzinfo=timezone(timedelta(hours=6))))
print(datetime.strptime("2024-03-05 14:22:01.5 +0100", "%Y-%m-%d %H:%M:%S.%f %z"),
      repr(datetime.strptime("Tue, 05 Mar 2024 14:22 UTC", "%a, %d %b %Y %H:%M %Z")),
      datetime.strptime("2024 10 3", "%G %V %u"), datetime.strptime("5/3/24 2:07 pm", "%m/%d/%y %I:%M %p"))

# zones
print(repr(timezone.utc), repr(timezone(timedelta(hours=1))), repr(timezone(timedelta(hours=-1), "X")),
      str(timezone(timedelta(hours=-5, minutes=-30))), timezone.min, timezone.max, dt.UTC is timezone.utc,
      dt.MINYEAR, dt.MAXYEAR, timezone(timedelta(0)) is timezone.utc, timezone(timedelta(seconds=90, microseconds=5)),
      timezone(timedelta(hours=2)) == timezone(timedelta(hours=2), "B"), timezone.utc.tzname(None))


class FixedZone(tzinfo):
    def __init__(self, hours, name):
        self.off = timedelta(hours=hours)
        self.name = name

    def utcoffset(self, dt):
        return self.off

    def dst(self, dt):
        return timedelta(0)

    def tzname(self, dt):
        return self.name

    def __repr__(self):
        return "FixedZone(%r)" % self.name


k = datetime(2024, 6, 1, 12, tzinfo=FixedZone(-7, "PDT"))
print(k, repr(k), k.tzname(), k.astimezone(FixedZone(2, "CEST")), k.astimezone(timezone.utc),
      datetime.fromtimestamp(0, FixedZone(3, "X")), k == k.astimezone(timezone.utc), k.timetuple().tm_isdst)

# comparisons, hashing, pickled form
print(datetime.min, datetime.max, datetime.resolution, sorted([date(2024, 1, 3), date(2023, 5, 1)]))
print(d.__reduce__(), x.__reduce__(), t.__reduce_ex__(4), time(1, fold=1).__reduce_ex__(4),
      datetime(2024, 1, 1, fold=1).__reduce_ex__(4), timedelta(1, 2, 3).__reduce__(), timezone.utc.__reduce__())
print(date(*d.__reduce__()[1]), datetime(*x.__reduce__()[1]), time(*t.__reduce__()[1]),
      repr(datetime(*datetime(2024, 1, 1, fold=1).__reduce_ex__(4)[1])))
print(hash(d) == hash(date(2024, 2, 29)), x == x.astimezone(timezone.utc),
      hash(x) == hash(x.astimezone(timezone.utc)), datetime(2024, 1, 1) == date(2024, 1, 1),
      date(2024, 1, 1) == datetime(2024, 1, 1), datetime(2024, 1, 1) == datetime(2024, 1, 1, tzinfo=timezone.utc),
      datetime(2024, 1, 1) < datetime(2024, 1, 2), len({datetime(2024, 1, 1), datetime(2024, 1, 1, fold=1)}))
print(isinstance(datetime.now(), date), issubclass(timezone, tzinfo), type(d.isocalendar()).__name__)


class MyDate(date):
    pass


m = MyDate(2024, 5, 6)
print(repr(m), type(m + timedelta(1)).__name__, repr(MyDate.fromordinal(5)), type(MyDate.today()).__name__)

errors = [
    lambda: date(2024, 13, 1), lambda: date(2023, 2, 29), lambda: date(0, 1, 1), lambda: time(24),
    lambda: time(1, 60), lambda: time(1, 1, 60), lambda: time(1, 1, 1, 10**6), lambda: time(fold=2),
    lambda: date(2024, 1, 1) + timedelta(days=10**6 * 3), lambda: date.max + timedelta(1),
    lambda: datetime.max + timedelta(1), lambda: datetime.min - timedelta(microseconds=1),
    lambda: timedelta(10**9), lambda: timedelta.max + timedelta(1), lambda: date.fromordinal(0),
    lambda: date.fromisoformat("2024-1-1"), lambda: datetime.fromisoformat("nope"), lambda: date.fromisoformat(5),
    lambda: time.fromisoformat("25:00"), lambda: datetime(2024, 1, 1) < datetime(2024, 1, 1, tzinfo=timezone.utc),
    lambda: datetime(2024, 1, 1) - datetime(2024, 1, 1, tzinfo=timezone.utc), lambda: timezone(timedelta(hours=24)),
    lambda: timezone(5), lambda: timezone(timedelta(0), 5), lambda: datetime.strptime("2024", "%m"),
    lambda: datetime.strptime("x", "%Y"), lambda: date(2024, 1, 1) < datetime(2024, 1, 1),
    lambda: datetime(2024, 1, 1, tzinfo=5), lambda: date("a", 1, 1), lambda: date(1.5, 1, 1), lambda: date(2024),
    lambda: timedelta("1"), lambda: t.isoformat("x"), lambda: date.fromisocalendar(2024, 54, 1),
    lambda: date.fromisocalendar(2024, 5, 8), lambda: date.fromisocalendar(0, 5, 1), lambda: tzinfo().utcoffset(None),
    lambda: tzinfo().tzname(None), lambda: timedelta(1) / 0, lambda: timedelta(1) // timedelta(0),
    lambda: time(1) < time(1, tzinfo=timezone.utc), lambda: format(d, 5),
]
for f in errors:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
for text in ("2024-13-01", "2024-02-30", "2024-01-01T24:00", "2024-01-01T12:60", "2024-01-01T12:00+25:00",
             "2024-01-01T12:00:00.1234567", "2024-01-01T12:00:00.", "2024-01-01X12", "2024-W53-1", "2024-01-01T1"):
    try:
        print(repr(datetime.fromisoformat(text)))
    except Exception as e:
        print(type(e).__name__, e)

# copies: rebuilt from the pickled form, as CPython's copy module does
import copy


class D(date):
    pass


sub = D(2024, 1, 2)
sub.extra = 5
for v in (date(2024, 1, 2), datetime(2024, 1, 2, 3, tzinfo=timezone.utc), time(1, 2, fold=1), timedelta(3),
          timezone(timedelta(hours=1), "X"), sub, timezone.utc):
    c1, c2 = copy.copy(v), copy.deepcopy(v)
    print(repr(c1), repr(c2), c1 == v, c2 == v, type(c1).__name__, getattr(c2, "extra", None), c1 is timezone.utc)
print(date(2024, 1, 2).__reduce_ex__(2), time(1, fold=1).__reduce_ex__(2), D(2024, 1, 2).__reduce_ex__(2)[:2])
