# datetime with tzinfo classes of the user's own: a zone with daylight
# saving time (tzinfo's default fromutc, fold in the repeated hour, the
# skipped hour), conversions between zones, comparisons and hashes of
# aware values, and the checks on what utcoffset/dst/tzname return.
from datetime import datetime, date, time, timedelta, timezone, tzinfo

HOUR = timedelta(hours=1)


def first_sunday_on_or_after(dt):
    return dt + timedelta(days=(6 - dt.weekday()) % 7)


class Eastern(tzinfo):
    """US Eastern time with the 2007 rules: EDT from the second Sunday of
    March, 2:00, to the first Sunday of November, 2:00."""

    def _bounds(self, year):
        start = first_sunday_on_or_after(datetime(year, 3, 8, 2))
        end = first_sunday_on_or_after(datetime(year, 11, 1, 2))
        return start, end

    def utcoffset(self, dt):
        return -5 * HOUR + self.dst(dt)

    def dst(self, dt):
        if dt is None or dt.tzinfo is None:
            return timedelta(0)
        start, end = self._bounds(dt.year)
        naive = dt.replace(tzinfo=None)
        if start + HOUR <= naive < end - HOUR:
            return HOUR
        if end - HOUR <= naive < end:  # the repeated hour: fold picks
            return timedelta(0) if dt.fold else HOUR
        if start <= naive < start + HOUR:  # the skipped hour
            return HOUR if dt.fold else timedelta(0)
        return timedelta(0)

    def tzname(self, dt):
        return "EDT" if self.dst(dt) else "EST"

    def __repr__(self):
        return "Eastern()"


ET = Eastern()
for ts in range(1699160400, 1699171200, 1800):  # around 2023-11-05 06:00 UTC
    u = datetime.fromtimestamp(ts, timezone.utc)
    e = u.astimezone(ET)
    print(u, "->", e, e.tzname(), e.fold, repr(e), e.utcoffset(), e.dst())
for ts in range(1710052200, 1710061200, 1800):  # around 2024-03-10 07:00 UTC
    e = datetime.fromtimestamp(ts, ET)
    print(ts, e, e.tzname(), e.timestamp() == ts, e.astimezone(timezone.utc))
for fold in (0, 1):
    d = datetime(2023, 11, 5, 1, 30, tzinfo=ET, fold=fold)
    print(repr(d), d.utcoffset(), d.tzname(), d.astimezone(timezone.utc), d.timetuple().tm_isdst, d.timestamp())
    g = datetime(2024, 3, 10, 2, 30, tzinfo=ET, fold=fold)
    print(repr(g), g.utcoffset(), g.astimezone(timezone.utc), g.astimezone(timezone.utc).astimezone(ET))

a = datetime(2023, 11, 5, 1, 30, tzinfo=ET)
b = datetime(2023, 11, 5, 1, 30, tzinfo=ET, fold=1)
u = datetime(2023, 11, 5, 5, 30, tzinfo=timezone.utc)
print(a == b, a == u, b == u, a.replace(tzinfo=timezone(-4 * HOUR)) == u, b - a, b.astimezone(timezone.utc) - a,
      a < datetime(2023, 11, 5, 6, tzinfo=timezone.utc), hash(a) == hash(b))
x = datetime(2024, 6, 1, 12, tzinfo=ET)
y = datetime(2024, 6, 1, 16, tzinfo=timezone.utc)
print(x == y, hash(x) == hash(y), x - y, {x: 1}.get(y), sorted([y, x, datetime(2024, 6, 1, 11, tzinfo=ET)]))
print(datetime.now(ET).tzinfo is ET, x.astimezone(ET) is x, x.timetz(), x.timetz().utcoffset(), x.strftime("%H:%M %Z %z"))
print(time(12, tzinfo=ET).utcoffset(), time(12, tzinfo=ET).tzname(), time(12, tzinfo=ET).dst())


class Bad(tzinfo):
    def __init__(self, off=None, name=None, dst=None):
        self.off, self.name, self.d = off, name, dst

    def utcoffset(self, dt):
        return self.off

    def tzname(self, dt):
        return self.name

    def dst(self, dt):
        return self.d


for tz in (Bad(5), Bad(timedelta(days=1)), Bad(-timedelta(hours=24)), Bad(timedelta(hours=1), 5),
           Bad(timedelta(hours=1), None, 3), Bad(timedelta(seconds=90, microseconds=1)), Bad(None)):
    for f in (lambda: datetime(2024, 1, 1, tzinfo=tz).utcoffset(), lambda: datetime(2024, 1, 1, tzinfo=tz).tzname(),
              lambda: datetime(2024, 1, 1, tzinfo=tz).dst(), lambda: datetime(2024, 1, 1, tzinfo=tz).isoformat(),
              lambda: time(1, tzinfo=tz).isoformat()):
        try:
            print(repr(f()))
        except Exception as e:
            print(type(e).__name__, e)
for f in (lambda: ET.fromutc(datetime(2024, 1, 1)), lambda: ET.fromutc(date(2024, 1, 1)),
          lambda: timezone.utc.fromutc(datetime(2024, 1, 1)), lambda: timezone.utc.utcoffset(5),
          lambda: Bad(timedelta(0), None, None).fromutc(datetime(2024, 1, 1, tzinfo=None)),
          lambda: datetime(2024, 1, 1).astimezone(5)):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
z = Bad(timedelta(0), "Z", None)
try:
    print(z.fromutc(datetime(2024, 1, 1, tzinfo=z)))
except Exception as e:
    print(type(e).__name__, e)
