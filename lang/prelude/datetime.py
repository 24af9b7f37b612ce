# datetime: dates, times, durations and fixed-offset time zones, as
# CPython 3.11's datetime module: the proleptic Gregorian calendar over
# years 1..9999, microsecond resolution, its reprs, messages and pickled
# form (the same __reduce__ arguments as CPython's C types, so pickles
# travel both ways).
#
# Local time comes from the C library through the time module (localtime,
# mktime's zone data), as CPython does; strptime's parsing lives in
# _strptime, which time.strptime shares.
#
# Not here: datetime_CAPI (a C capsule), locales other than C.
import sys
import time as _time
import math as _math

MINYEAR = 1
MAXYEAR = 9999
_MAX_DELTA_DAYS = 999999999

# Days in each month of a common year, and days before each month (index 1..12).
_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYS_BEFORE_MONTH = [-1]
_n = 0
for _d in _DAYS_IN_MONTH[1:]:
    _DAYS_BEFORE_MONTH.append(_n)
    _n += _d
del _n, _d

_DAYNAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_MONTHNAMES = ["", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

_DI400Y = 146097  # days in 400 years
_DI100Y = 36524   # days in 100 years
_DI4Y = 1461      # days in 4 years
_EPOCH_ORDINAL = 719163  # date(1970, 1, 1).toordinal()


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _ymd2ord(year, month, day):
    """Day 1 is 0001-01-01."""
    y = year - 1
    return (y * 365 + y // 4 - y // 100 + y // 400 + _DAYS_BEFORE_MONTH[month]
            + (month > 2 and _is_leap(year)) + day)


def _ord2ymd(n):
    """The (year, month, day) of ordinal n: whole 400-, 100-, 4- and 1-year
    cycles first, then the month from an estimate corrected once."""
    n -= 1
    n400, n = divmod(n, _DI400Y)
    n100, n = divmod(n, _DI100Y)
    n4, n = divmod(n, _DI4Y)
    n1, n = divmod(n, 365)
    year = n400 * 400 + n100 * 100 + n4 * 4 + n1 + 1
    if n1 == 4 or n100 == 4:  # the last day of a leap cycle
        return year - 1, 12, 31
    leap = n1 == 3 and (n4 != 24 or n100 == 3)
    month = (n + 50) >> 5
    before = _DAYS_BEFORE_MONTH[month] + (month > 2 and leap)
    if before > n:
        month -= 1
        before -= _DAYS_IN_MONTH[month] + (month == 2 and leap)
    return year, month, n - before + 1


def _iso_week1_monday(year):
    first = _ymd2ord(year, 1, 1)
    weekday = (first + 6) % 7
    monday = first - weekday
    if weekday > 3:
        monday += 7
    return monday


# ---- argument checks --------------------------------------------------------

def _int_arg(value):
    if isinstance(value, int):
        return int(value)
    index = getattr(type(value), "__index__", None)
    if index is None:
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(value).__name__)
    return index(value)


def _check_date_fields(year, month, day):
    if type(year) is not int or type(month) is not int or type(day) is not int:
        year, month, day = _int_arg(year), _int_arg(month), _int_arg(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError("year %d is out of range" % year)
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    if not 1 <= day <= _days_in_month(year, month):
        raise ValueError("day is out of range for month")
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    if (type(hour) is not int or type(minute) is not int or type(second) is not int
            or type(microsecond) is not int or type(fold) is not int):
        hour, minute, second = _int_arg(hour), _int_arg(minute), _int_arg(second)
        microsecond, fold = _int_arg(microsecond), _int_arg(fold)
    if not 0 <= hour <= 23:
        raise ValueError("hour must be in 0..23")
    if not 0 <= minute <= 59:
        raise ValueError("minute must be in 0..59")
    if not 0 <= second <= 59:
        raise ValueError("second must be in 0..59")
    if not 0 <= microsecond <= 999999:
        raise ValueError("microsecond must be in 0..999999")
    if fold not in (0, 1):
        raise ValueError("fold must be either 0 or 1")
    return hour, minute, second, microsecond, fold


def _check_tzinfo(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'"
                        % type(tz).__name__)


def _cmp_by_fields(a, b, myoff, otoff, allow_mixed, kind):
    """_compare of two times or datetimes (kind) whose UTC offsets are
    myoff and otoff: by their fields when the offsets are equal; 2 under
    == (allow_mixed), else a TypeError, when only one is aware; None when
    both are aware with different offsets."""
    if myoff == otoff:
        return _cmp(a._fields(), b._fields())
    if myoff is None or otoff is None:
        if allow_mixed:
            return 2
        raise TypeError("can't compare offset-naive and offset-aware " + kind)
    return None


def _ask_tzinfo(tz, what, arg):
    """tz.utcoffset(arg), tz.dst(arg) or tz.tzname(arg) (what), checked as
    CPython checks them; None without a tz. arg is the datetime, or None
    for a time."""
    if tz is None:
        return None
    answer = getattr(tz, what)(arg)
    if what != "tzname":
        return _check_offset(what, answer)
    if answer is not None and not isinstance(answer, str):
        raise TypeError("tzinfo.tzname() must return None or a string, not '%s'" % type(answer).__name__)
    return answer


def _check_offset(name, offset):
    """What utcoffset() or dst() gave: None or a timedelta under a day."""
    if offset is None:
        return None
    if not isinstance(offset, timedelta):
        raise TypeError("tzinfo.%s() must return None or timedelta, not '%s'" % (name, type(offset).__name__))
    if not -timedelta(1) < offset < timedelta(1):
        raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) and "
                         "timedelta(hours=24).")
    return offset


def _type_name(obj):
    t = type(obj)
    return "datetime." + t.__name__ if t.__module__ == "datetime" else t.__qualname__


def _cmp(a, b):
    return 0 if a == b else (1 if a > b else -1)


def _float_ratio(x):
    """x's exact value as (numerator, denominator)."""
    if _math.isinf(x):
        raise OverflowError("cannot convert Infinity to integer ratio")
    if _math.isnan(x):
        raise ValueError("cannot convert NaN to integer ratio")
    m, e = _math.frexp(x)
    n = int(m * (1 << 53))
    e -= 53
    if e >= 0:
        return n << e, 1
    return n, 1 << -e


def _divide_and_round(a, b):
    """a / b rounded half to even, in integers."""
    q, r = divmod(a, b)
    r2 = 2 * r
    if (r2 > b if b > 0 else r2 < b) or (r2 == b and q % 2 == 1):
        q += 1
    return q


def _format_offset(off, sep):
    """An offset as +HH<sep>MM[<sep>SS[.ffffff]]; '' for None."""
    if off is None:
        return ""
    sign = "+"
    if off.days < 0:
        sign = "-"
        off = -off
    hh, rest = divmod(off.seconds, 3600)
    mm, ss = divmod(rest, 60)
    s = "%s%02d%s%02d" % (sign, hh, sep, mm)
    if ss or off.microseconds:
        s += "%s%02d" % (sep, ss)
        if off.microseconds:
            s += ".%06d" % off.microseconds
    return s


def _format_time(hh, mm, ss, us, timespec):
    if timespec == "auto":
        timespec = "microseconds" if us else "seconds"
    elif timespec == "milliseconds":
        us //= 1000
        return "%02d:%02d:%02d.%03d" % (hh, mm, ss, us)
    if timespec == "hours":
        return "%02d" % hh
    if timespec == "minutes":
        return "%02d:%02d" % (hh, mm)
    if timespec == "seconds":
        return "%02d:%02d:%02d" % (hh, mm, ss)
    if timespec == "microseconds":
        return "%02d:%02d:%02d.%06d" % (hh, mm, ss, us)
    raise ValueError("Unknown timespec value")


def _wrap_strftime(obj, fmt, timetuple):
    """strftime with datetime's own directives (%f, %z, %Z) filled in before
    the C library sees the rest."""
    if not isinstance(fmt, str):
        raise TypeError("strftime() argument 1 must be str, not %s" % type(fmt).__name__)
    out = []
    i, n = 0, len(fmt)
    while i < n:
        ch = fmt[i]
        i += 1
        if ch != "%" or i >= n:
            out.append(ch)
            continue
        ch = fmt[i]
        i += 1
        if ch == "f":
            out.append("%06d" % getattr(obj, "microsecond", 0))
        elif ch == "z":
            off = obj.utcoffset() if hasattr(obj, "utcoffset") else None
            out.append(_format_offset(off, ""))
        elif ch == "Z":
            name = obj.tzname() if hasattr(obj, "tzname") else None
            out.append(name.replace("%", "%%") if name else "")
        else:
            out.append("%" + ch)
    return _time.strftime("".join(out), timetuple)


def _invalid_iso(s):
    return ValueError("Invalid isoformat string: %r" % (s,))


def _digits(s, start, count):
    part = s[start:start + count]
    if len(part) != count or not (part.isdigit() and part.isascii()):
        raise ValueError
    return int(part)


def _parse_iso_date(s):
    """(year, month, day) of YYYY-MM-DD, YYYYMMDD or an ISO week date."""
    year = _digits(s, 0, 4)
    extended = len(s) > 4 and s[4] == "-"
    pos = 5 if extended else 4
    if s[pos:pos + 1] == "W":
        week = _digits(s, pos + 1, 2)
        pos += 3
        day = 1
        if pos < len(s):
            if extended:
                if s[pos] != "-":
                    raise ValueError
                pos += 1
            day = _digits(s, pos, 1)
            pos += 1
        if pos != len(s):
            raise ValueError
        return date.fromisocalendar(year, week, day)._ymd()
    month = _digits(s, pos, 2)
    pos += 3 if extended else 2
    if extended and s[pos - 1] != "-":
        raise ValueError
    day = _digits(s, pos, 2)
    if pos + 2 != len(s):
        raise ValueError
    return year, month, day


def _iso_date_length(s):
    """Where the date part of an ISO datetime string ends."""
    if len(s) > 4 and s[4] == "-":
        if s[5:6] == "W":
            return 10 if s[8:9] == "-" else 8
        return 10
    if s[4:5] == "W":
        return 8 if s[7:8].isdigit() else 7
    return 8


def _parse_iso_time_body(s):
    """[hour, minute, second, microsecond] of HH[:MM[:SS[.fff[fff]]]] or the basic form."""
    fields = [0, 0, 0, 0]
    pos = 0
    extended = len(s) > 2 and s[2] == ":"
    for i in range(3):
        fields[i] = _digits(s, pos, 2)
        pos += 2
        if pos >= len(s):
            return fields
        if i == 2:
            break
        if extended:
            if s[pos] != ":":
                raise ValueError
            pos += 1
        elif s[pos] in ".,":
            break
    if s[pos] not in ".,":
        raise ValueError
    frac = s[pos + 1:]
    if not frac or not (frac.isdigit() and frac.isascii()):
        raise ValueError
    frac = frac[:6]
    fields[3] = int(frac + "0" * (6 - len(frac)))
    return fields


def _parse_iso_time(s):
    """(hour, minute, second, microsecond, offset) of a time with an optional
    offset (a timedelta; None when absent). The zone is made by _iso_zone,
    outside the parse, so that an offset out of range says so."""
    tz = None
    cut = len(s)
    for i, ch in enumerate(s):
        if ch in "+-Z":
            cut = i
            break
    body, zone = s[:cut], s[cut:]
    fields = _parse_iso_time_body(body)
    if zone:
        if zone == "Z":
            tz = timedelta(0)
        else:
            f = _parse_iso_time_body(zone[1:])
            tz = timedelta(hours=f[0], minutes=f[1], seconds=f[2], microseconds=f[3])
            if zone[0] == "-":
                tz = -tz
    return fields[0], fields[1], fields[2], fields[3], tz


def _iso_zone(offset):
    if offset is None:
        return None
    return timezone.utc if not offset else timezone(offset)


def _rebuild(obj, memo):
    """A copy of obj made as unpickling makes it, from __reduce_ex__(4):
    the copy module gives the same objects as CPython's whatever it does
    with __reduce_ex__ itself. memo: deep-copy the parts (copy.deepcopy)."""
    reduced = obj.__reduce_ex__(4)
    cls, args = reduced[0], reduced[1]
    state = reduced[2] if len(reduced) > 2 else None
    if memo is not None:
        # The other parts (state bytes, numbers, str) are immutable.
        import copy
        args = tuple(copy.deepcopy(a, memo) if isinstance(a, tzinfo) else a for a in args)
        if state:
            state = copy.deepcopy(state, memo)
    new = cls(*args)
    if state:
        new.__dict__.update(state)
    return new


def _copy(self):
    return _rebuild(self, None)


def _deepcopy(self, memo):
    return _rebuild(self, memo)


# ---- timedelta --------------------------------------------------------------

class timedelta:
    """A duration: days, seconds (0..86399) and microseconds (0..999999)."""
    __slots__ = ("_days", "_seconds", "_microseconds")

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        # Sum exactly, in microseconds over a common denominator, then round
        # half to even once.
        num, den = 0, 1
        for value, scale, name in ((days, 86400000000, "days"), (seconds, 1000000, "seconds"),
                                   (microseconds, 1, "microseconds"), (milliseconds, 1000, "milliseconds"),
                                   (minutes, 60000000, "minutes"), (hours, 3600000000, "hours"),
                                   (weeks, 604800000000, "weeks")):
            if isinstance(value, int):
                num += value * scale * den
            elif isinstance(value, float):
                n, d = _float_ratio(value)
                num, den = num * d + n * scale * den, den * d
            else:
                raise TypeError("unsupported type for timedelta %s component: %s" % (name, type(value).__name__))
        return cls._from_microseconds(_divide_and_round(num, den))

    @classmethod
    def _from_microseconds(cls, us):
        seconds, us = divmod(us, 1000000)
        days, seconds = divmod(seconds, 86400)
        if abs(days) > _MAX_DELTA_DAYS:
            raise OverflowError("days=%d; must have magnitude <= %d" % (days, _MAX_DELTA_DAYS))
        self = object.__new__(cls)
        self._days = days
        self._seconds = seconds
        self._microseconds = us
        return self

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def _to_microseconds(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    def total_seconds(self):
        return self._to_microseconds() / 10 ** 6

    def __repr__(self):
        args = []
        if self._days:
            args.append("days=%d" % self._days)
        if self._seconds:
            args.append("seconds=%d" % self._seconds)
        if self._microseconds:
            args.append("microseconds=%d" % self._microseconds)
        return "%s(%s)" % (_type_name(self), ", ".join(args) or "0")

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = "%d:%02d:%02d" % (hh, mm, ss)
        if self._days:
            s = "%d day%s, %s" % (self._days, "" if abs(self._days) == 1 else "s", s)
        if self._microseconds:
            s += ".%06d" % self._microseconds
        return s

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_microseconds(self._to_microseconds() + other._to_microseconds())
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_microseconds(self._to_microseconds() - other._to_microseconds())
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

    def __neg__(self):
        return timedelta._from_microseconds(-self._to_microseconds())

    def __pos__(self):
        return timedelta._from_microseconds(self._to_microseconds())

    def __abs__(self):
        return -self if self._days < 0 else +self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._from_microseconds(self._to_microseconds() * other)
        if isinstance(other, float):
            n, d = _float_ratio(other)
            return timedelta._from_microseconds(_divide_and_round(self._to_microseconds() * n, d))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            return self._to_microseconds() // other._to_microseconds()
        if isinstance(other, int):
            return timedelta._from_microseconds(self._to_microseconds() // other)
        return NotImplemented

    def __truediv__(self, other):
        if isinstance(other, timedelta):
            return self._to_microseconds() / other._to_microseconds()
        if isinstance(other, int):
            if other == 0:
                raise ZeroDivisionError("integer division or modulo by zero")
            return timedelta._from_microseconds(_divide_and_round(self._to_microseconds(), other))
        if isinstance(other, float):
            n, d = _float_ratio(other)
            if n == 0:
                raise ZeroDivisionError("integer division or modulo by zero")
            return timedelta._from_microseconds(_divide_and_round(self._to_microseconds() * d, n))
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_microseconds(self._to_microseconds() % other._to_microseconds())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_microseconds(), other._to_microseconds())
            return q, timedelta._from_microseconds(r)
        return NotImplemented

    def _key(self):
        return (self._days, self._seconds, self._microseconds)

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._key() == other._key()
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, timedelta):
            return self._key() != other._key()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._key() >= other._key()
        return NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __bool__(self):
        return bool(self._days or self._seconds or self._microseconds)

    def __reduce__(self):
        return (type(self), self._key())

    def __reduce_ex__(self, protocol):
        return self.__reduce__()

    __copy__ = _copy
    __deepcopy__ = _deepcopy


timedelta.min = timedelta(-_MAX_DELTA_DAYS)
timedelta.max = timedelta(days=_MAX_DELTA_DAYS, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


# ---- date -------------------------------------------------------------------

class IsoCalendarDate(tuple):
    """date.isocalendar()'s result: a (year, week, weekday) tuple with names."""

    def __new__(cls, year, week, weekday):
        return super().__new__(cls, (year, week, weekday))

    @property
    def year(self):
        return self[0]

    @property
    def week(self):
        return self[1]

    @property
    def weekday(self):
        return self[2]

    def __reduce__(self):
        return (tuple, (tuple(self),))

    def __repr__(self):
        return "%s(year=%d, week=%d, weekday=%d)" % (_type_name(self), self[0], self[1], self[2])


def _date_state(data):
    """A pickled date's 4 bytes, or None when data is not one."""
    if isinstance(data, (bytes, str)) and len(data) == 4:
        if isinstance(data, str):
            data = data.encode("latin1")
        if 1 <= data[2] <= 12:
            return data
    return None


class date:
    """A day of the proleptic Gregorian calendar."""
    # _hashcode: datetime's cache (its hash may call a tzinfo); set on first use.
    __slots__ = ("_year", "_month", "_day", "_hashcode")

    def __new__(cls, year, month=None, day=None):
        if month is None and day is None:
            state = _date_state(year)
            if state is not None:
                return cls._make(state[0] * 256 + state[1], state[2], state[3])
        if month is None:
            raise TypeError("function missing required argument 'month' (pos 2)")
        if day is None:
            raise TypeError("function missing required argument 'day' (pos 3)")
        year, month, day = _check_date_fields(year, month, day)
        return cls._make(year, month, day)

    @classmethod
    def _make(cls, year, month, day):
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        return self

    # -- constructors --

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d = _time.localtime(t)[:3]
        return cls(y, m, d)

    @classmethod
    def fromordinal(cls, n):
        n = _int_arg(n)
        if n < 1:
            raise ValueError("ordinal must be >= 1")
        if n > _ymd2ord(MAXYEAR, 12, 31):
            raise ValueError("year %d is out of range" % _ord2ymd(n)[0])
        return cls(*_ord2ymd(n))

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        if len(date_string) not in (7, 8, 10):
            raise _invalid_iso(date_string)
        try:
            fields = _parse_iso_date(date_string)
        except (ValueError, IndexError):
            raise _invalid_iso(date_string) from None
        return cls(*fields)

    @classmethod
    def fromisocalendar(cls, year, week, day):
        if not MINYEAR <= year <= MAXYEAR:
            raise ValueError("Year is out of range: %d" % year)
        if not 0 < week < 53:
            last_week = 52
            first_weekday = _ymd2ord(year, 1, 1) % 7
            if first_weekday == 4 or (first_weekday == 3 and _is_leap(year)):
                last_week = 53
            if not 0 < week <= last_week:
                raise ValueError("Invalid week: %d" % week)
        if not 0 < day < 8:
            raise ValueError("Invalid day: %d (range is [1, 7])" % day)
        ordinal = _iso_week1_monday(year) + (week - 1) * 7 + day - 1
        return cls(*_ord2ymd(ordinal))

    # -- fields --

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    def _ymd(self):
        return self._year, self._month, self._day

    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        year = self._year
        today = self.toordinal()
        week, day = divmod(today - _iso_week1_monday(year), 7)
        if week < 0:
            year -= 1
            week, day = divmod(today - _iso_week1_monday(year), 7)
        elif week >= 52 and today >= _iso_week1_monday(year + 1):
            year += 1
            week = 0
        return IsoCalendarDate(year, week + 1, day + 1)

    def replace(self, year=None, month=None, day=None):
        return type(self)(self._year if year is None else year, self._month if month is None else month,
                          self._day if day is None else day)

    def timetuple(self):
        return _build_struct_time(self._year, self._month, self._day, 0, 0, 0, -1)

    # -- text --

    def __repr__(self):
        return "%s(%d, %d, %d)" % (_type_name(self), self._year, self._month, self._day)

    def isoformat(self):
        return "%04d-%02d-%02d" % (self._year, self._month, self._day)

    __str__ = isoformat

    def ctime(self):
        return "%s %s %2d 00:00:00 %04d" % (_DAYNAMES[self.weekday()], _MONTHNAMES[self._month], self._day,
                                            self._year)

    def strftime(self, format):
        return _wrap_strftime(self, format, self.timetuple())

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        return self.strftime(fmt) if fmt else str(self)

    # -- comparisons and arithmetic --

    def __eq__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._ymd() == other._ymd()
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._ymd() != other._ymd()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._ymd() < other._ymd()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._ymd() <= other._ymd()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._ymd() > other._ymd()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._ymd() >= other._ymd()
        return NotImplemented

    def __hash__(self):
        return hash(self._ymd())

    def __add__(self, other):
        if isinstance(other, timedelta):
            n = self.toordinal() + other.days
            if 0 < n <= _MAX_ORDINAL:
                return type(self)._make(*_ord2ymd(n))
            raise OverflowError("date value out of range")
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented

    def __reduce__(self):
        return (type(self), (bytes([self._year >> 8, self._year & 255, self._month, self._day]),))

    def __reduce_ex__(self, protocol):
        return self.__reduce__()

    __copy__ = _copy
    __deepcopy__ = _deepcopy


_MAX_ORDINAL = _ymd2ord(MAXYEAR, 12, 31)
date.min = date(MINYEAR, 1, 1)
date.max = date(MAXYEAR, 12, 31)
date.resolution = timedelta(days=1)


def _build_struct_time(y, m, d, hh, mm, ss, dst):
    wday = (_ymd2ord(y, m, d) + 6) % 7
    yday = _DAYS_BEFORE_MONTH[m] + (m > 2 and _is_leap(y)) + d
    return _time.struct_time((y, m, d, hh, mm, ss, wday, yday, dst))


# ---- tzinfo -----------------------------------------------------------------

class tzinfo:
    """The abstract base of time zones: subclasses give utcoffset(), dst()
    and tzname()."""
    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("a tzinfo subclass must implement tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("a tzinfo subclass must implement utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("a tzinfo subclass must implement dst()")

    def fromutc(self, dt):
        """dt (a UTC time with tzinfo self) in this zone's local time."""
        if not isinstance(dt, datetime):
            raise TypeError("fromutc: argument must be a datetime")
        if dt.tzinfo is not self:
            raise ValueError("fromutc: dt.tzinfo is not self")
        dtoff = dt.utcoffset()
        if dtoff is None:
            raise ValueError("fromutc: non-None utcoffset() result required")
        dtdst = dt.dst()
        if dtdst is None:
            raise ValueError("fromutc: non-None dst() result required")
        delta = dtoff - dtdst
        if delta:
            dt += delta
            dtdst = dt.dst()
            if dtdst is None:
                raise ValueError("fromutc: tz.dst() gave inconsistent results; cannot convert")
        return dt + dtdst

    def __reduce__(self):
        getinitargs = getattr(self, "__getinitargs__", None)
        args = getinitargs() if getinitargs else ()
        state = getattr(self, "__dict__", None)
        return (type(self), args, state or None)

    def __reduce_ex__(self, protocol):
        return self.__reduce__()

    __copy__ = _copy
    __deepcopy__ = _deepcopy


# ---- time -------------------------------------------------------------------

def _time_state(data):
    if isinstance(data, (bytes, str)) and len(data) == 6:
        if isinstance(data, str):
            data = data.encode("latin1")
        if (data[0] & 0x7F) < 24:
            return data
    return None


class time:
    """A time of day, with an optional tzinfo."""
    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold", "_hashcode")

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        state = _time_state(hour)
        if state is not None:
            if minute is None or isinstance(minute, tzinfo_base):
                tz = minute
            elif type(minute) is int and minute == 0:
                tz = tzinfo
            else:
                state = None
        if state is not None:
            _check_tzinfo(tz)
            return cls._make(state[0] & 0x7F, state[1], state[2], (state[3] << 16) | (state[4] << 8) | state[5],
                             tz, 1 if state[0] > 127 else 0)
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        return cls._make(hour, minute, second, microsecond, tzinfo, fold)

    @classmethod
    def _make(cls, hour, minute, second, microsecond, tz, fold):
        self = object.__new__(cls)
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tz
        self._fold = fold
        return self

    @property
    def hour(self):
        return self._hour

    @property
    def minute(self):
        return self._minute

    @property
    def second(self):
        return self._second

    @property
    def microsecond(self):
        return self._microsecond

    @property
    def tzinfo(self):
        return self._tzinfo

    @property
    def fold(self):
        return self._fold

    @classmethod
    def fromisoformat(cls, time_string):
        if not isinstance(time_string, str):
            raise TypeError("fromisoformat: argument must be str")
        s = time_string[1:] if time_string[:1] == "T" else time_string
        try:
            hh, mm, ss, us, tz = _parse_iso_time(s)
        except (ValueError, IndexError):
            raise _invalid_iso(time_string) from None
        return cls(hh, mm, ss, us, _iso_zone(tz))

    def utcoffset(self):
        return _ask_tzinfo(self._tzinfo, "utcoffset", None)

    def dst(self):
        return _ask_tzinfo(self._tzinfo, "dst", None)

    def tzname(self):
        return _ask_tzinfo(self._tzinfo, "tzname", None)

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._hour if hour is None else hour, self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo, fold=self._fold if fold is None else fold)

    def isoformat(self, timespec="auto"):
        return (_format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
                + _format_offset(self.utcoffset(), ":"))

    __str__ = isoformat

    def __repr__(self):
        if self._microsecond:
            s = "%d, %d, %d, %d" % (self._hour, self._minute, self._second, self._microsecond)
        elif self._second:
            s = "%d, %d, %d" % (self._hour, self._minute, self._second)
        else:
            s = "%d, %d" % (self._hour, self._minute)
        if self._tzinfo is not None:
            s += ", tzinfo=%r" % (self._tzinfo,)
        if self._fold:
            s += ", fold=1"
        return "%s(%s)" % (_type_name(self), s)

    def strftime(self, format):
        return _wrap_strftime(self, format, (1900, 1, 1, self._hour, self._minute, self._second, 0, 1, -1))

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        return self.strftime(fmt) if fmt else str(self)

    def _fields(self):
        return (self._hour, self._minute, self._second, self._microsecond)

    def _compare(self, other, allow_mixed=False):
        """-1, 0, 1; None for naive against aware under ==."""
        if self._tzinfo is other._tzinfo:
            return _cmp(self._fields(), other._fields())
        myoff, otoff = self.utcoffset(), other.utcoffset()
        same = _cmp_by_fields(self, other, myoff, otoff, allow_mixed, "times")
        if same is not None:
            return same
        mine = self._hour * 60 + self._minute - myoff // timedelta(minutes=1)
        theirs = other._hour * 60 + other._minute - otoff // timedelta(minutes=1)
        return _cmp((mine, self._second, self._microsecond), (theirs, other._second, other._microsecond))

    def __eq__(self, other):
        if isinstance(other, time):
            return self._compare(other, True) == 0
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, time):
            return self._compare(other, True) != 0
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, time):
            return self._compare(other) < 0
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, time):
            return self._compare(other) <= 0
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, time):
            return self._compare(other) > 0
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, time):
            return self._compare(other) >= 0
        return NotImplemented

    def __hash__(self):
        h = getattr(self, "_hashcode", None)  # unset until the first hash
        if h is None:
            # Equal times in different zones hash alike: hash the UTC reading.
            t = self.replace(fold=0) if self._fold else self
            off = t.utcoffset()
            us = ((t._hour * 60 + t._minute) * 60 + t._second) * 1000000 + t._microsecond
            h = self._hashcode = hash(us - off._to_microseconds() if off else us)
        return h

    def __bool__(self):
        return True

    def _state(self, protocol):
        us = self._microsecond
        hour = self._hour + 128 if self._fold and protocol > 3 else self._hour
        state = bytes([hour, self._minute, self._second, us >> 16, (us >> 8) & 255, us & 255])
        return (state,) if self._tzinfo is None else (state, self._tzinfo)

    def __reduce_ex__(self, protocol):
        return (type(self), self._state(protocol))

    def __reduce__(self):
        return self.__reduce_ex__(2)

    __copy__ = _copy
    __deepcopy__ = _deepcopy


tzinfo_base = tzinfo
time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


# ---- datetime ---------------------------------------------------------------

def _datetime_state(data):
    if isinstance(data, (bytes, str)) and len(data) == 10:
        if isinstance(data, str):
            data = data.encode("latin1")
        if 1 <= (data[2] & 0x7F) <= 12:
            return data
    return None


def _local_seconds(u):
    """The local wall-clock time at POSIX time u, as seconds since 1970-01-01 (naive)."""
    y, m, d, hh, mm, ss = _time.localtime(u)[:6]
    return (_ymd2ord(y, m, d) - _EPOCH_ORDINAL) * 86400 + hh * 3600 + mm * 60 + ss


def _local_to_posix(t, fold):
    """Note [Local time to POSIX time]: the POSIX time whose local wall
    clock reads t (naive seconds since 1970-01-01). Guess with the offset at
    t, then with the offset on the other side of a possible transition; in
    a repeated hour fold picks the later reading, in a skipped hour the
    reading the clock would have shown (PEP 495)."""
    max_fold = 24 * 3600
    a = _local_seconds(t) - t
    u1 = t - a
    t1 = _local_seconds(u1)
    if t1 == t:
        u2 = u1 + (max_fold if fold else -max_fold)
        b = _local_seconds(u2) - u2
        if a == b:
            return u1
    else:
        b = t1 - u1
    u2 = t - b
    t2 = _local_seconds(u2)
    if t2 == t:
        return u2
    if t1 == t:
        return u1
    return min(u1, u2) if fold else max(u1, u2)


def _split_timestamp(t):
    """(whole seconds, microseconds) of a timestamp, rounded half to even."""
    if isinstance(t, float):
        if _math.isnan(t):
            raise ValueError("Invalid value NaN (not a number)")
        if _math.isinf(t):
            raise OverflowError("cannot convert float infinity to integer")
        n, d = _float_ratio(t)
        us = _divide_and_round(n * 1000000, d)
    else:
        us = _int_arg(t) * 1000000
    return divmod(us, 1000000)


class datetime(date):
    """A date and a time of day, with an optional tzinfo."""
    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold")

    def __new__(cls, year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *,
                fold=0):
        state = _datetime_state(year)
        if state is not None and (month is None or isinstance(month, tzinfo_base)):
            tz = month
            _check_tzinfo(tz)
            us = (state[7] << 16) | (state[8] << 8) | state[9]
            return cls._make(state[0] * 256 + state[1], state[2] & 0x7F, state[3], state[4], state[5], state[6],
                             us, tz, 1 if state[2] > 127 else 0)
        if month is None:
            raise TypeError("function missing required argument 'month' (pos 2)")
        if day is None:
            raise TypeError("function missing required argument 'day' (pos 3)")
        year, month, day = _check_date_fields(year, month, day)
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        return cls._make(year, month, day, hour, minute, second, microsecond, tzinfo, fold)

    @classmethod
    def _make(cls, year, month, day, hour=0, minute=0, second=0, microsecond=0, tz=None, fold=0):
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tz
        self._fold = fold
        return self

    hour = time.hour
    minute = time.minute
    second = time.second
    microsecond = time.microsecond
    tzinfo = time.tzinfo
    fold = time.fold

    # -- constructors --

    @classmethod
    def _from_posix(cls, secs, us, utc, tz):
        """cls at POSIX time secs + us, in UTC or local time, then tz."""
        converter = _time.gmtime if utc else _time.localtime
        try:
            y, m, d, hh, mm, ss = converter(secs)[:6]
        except OverflowError:
            raise ValueError("year is out of range") from None
        ss = min(ss, 59)  # a leap second
        result = cls(y, m, d, hh, mm, ss, us, tz)
        if tz is None and not utc:
            # A repeated wall-clock hour: look one day back for the offset
            # before a transition, and mark the second reading fold=1.
            max_fold = 24 * 3600
            y, m, d, hh, mm, ss = converter(secs - max_fold)[:6]
            probe = cls(y, m, d, hh, mm, ss, us, tz)
            trans = result - probe - timedelta(0, max_fold)
            if trans.days < 0:
                y, m, d, hh, mm, ss = converter(secs + trans // timedelta(0, 1))[:6]
                if cls(y, m, d, hh, mm, ss, us, tz) == result:
                    result._fold = 1
        elif tz is not None:
            result = tz.fromutc(result)
        return result

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tzinfo(tz)
        secs, us = _split_timestamp(t)
        return cls._from_posix(secs, us, tz is not None, tz)

    @classmethod
    def utcfromtimestamp(cls, t):
        secs, us = _split_timestamp(t)
        return cls._from_posix(secs, us, True, None)

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if not isinstance(date, date_base):
            raise TypeError("combine() argument 1 must be datetime.date, not %s" % type(date).__name__)
        if not isinstance(time, time_base):
            raise TypeError("combine() argument 2 must be datetime.time, not %s" % type(time).__name__)
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second, time.microsecond,
                   tzinfo, fold=time.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        if len(date_string) < 7:
            raise _invalid_iso(date_string)
        try:
            n = _iso_date_length(date_string)
            y, m, d = _parse_iso_date(date_string[:n])
            hh = mm = ss = us = 0
            tz = None
            if len(date_string) > n:
                hh, mm, ss, us, tz = _parse_iso_time(date_string[n + 1:])
        except (ValueError, IndexError):
            raise _invalid_iso(date_string) from None
        return cls(y, m, d, hh, mm, ss, us, _iso_zone(tz))

    @classmethod
    def strptime(cls, date_string, format):
        import _strptime
        return _strptime._strptime_datetime(cls, date_string, format)

    # -- parts --

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond, self._tzinfo, fold=self._fold)

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None, microsecond=None,
                tzinfo=True, *, fold=None):
        return type(self)(self._year if year is None else year, self._month if month is None else month,
                          self._day if day is None else day, self._hour if hour is None else hour,
                          self._minute if minute is None else minute, self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo, fold=self._fold if fold is None else fold)

    def utcoffset(self):
        return _ask_tzinfo(self._tzinfo, "utcoffset", self)

    def dst(self):
        return _ask_tzinfo(self._tzinfo, "dst", self)

    def tzname(self):
        return _ask_tzinfo(self._tzinfo, "tzname", self)

    def _naive_seconds(self):
        return ((self.toordinal() - _EPOCH_ORDINAL) * 86400 + self._hour * 3600 + self._minute * 60
                + self._second)

    def timestamp(self):
        if self._tzinfo is None:
            return _local_to_posix(self._naive_seconds(), self._fold) + self._microsecond / 1e6
        return (self - _EPOCH).total_seconds()

    def timetuple(self):
        dst = self.dst()
        flag = -1 if dst is None else (1 if dst else 0)
        return _build_struct_time(self._year, self._month, self._day, self._hour, self._minute, self._second,
                                  flag)

    def utctimetuple(self):
        off = self.utcoffset()
        t = self - off if off else self
        return _build_struct_time(t._year, t._month, t._day, t._hour, t._minute, t._second, 0)

    def _local_timezone(self):
        if self._tzinfo is None:
            ts = _local_to_posix(self._naive_seconds(), self._fold)
        else:
            ts = (self - _EPOCH) // timedelta(seconds=1)
        local = _time.localtime(ts)
        return timezone(timedelta(seconds=local.tm_gmtoff), local.tm_zone)

    def astimezone(self, tz=None):
        _check_tzinfo(tz)
        mytz = self._tzinfo
        offset = None if mytz is None else mytz.utcoffset(self)
        if offset is None:  # naive: the local zone at this wall-clock time
            mytz = self.replace(tzinfo=None)._local_timezone()
            offset = mytz.utcoffset(self)
        if tz is mytz:
            return self
        utc = (self - offset).replace(tzinfo=timezone.utc)
        if tz is None:  # the local zone at that instant
            tz = utc._local_timezone()
        return tz.fromutc(utc.replace(tzinfo=tz))

    # -- text --

    def __repr__(self):
        fields = [self._year, self._month, self._day, self._hour, self._minute]
        if self._microsecond:
            fields += [self._second, self._microsecond]
        elif self._second:
            fields.append(self._second)
        s = "%s(%s" % (_type_name(self), ", ".join("%d" % f for f in fields))
        if self._fold:  # before tzinfo here, after it in time's repr (CPython's orders)
            s += ", fold=1"
        if self._tzinfo is not None:
            s += ", tzinfo=%r" % (self._tzinfo,)
        return s + ")"

    def isoformat(self, sep="T", timespec="auto"):
        if not isinstance(sep, str) or len(sep) != 1:
            raise TypeError("isoformat() argument 1 must be a unicode character, not %s" % type(sep).__name__)
        return ("%04d-%02d-%02d%s" % (self._year, self._month, self._day, sep)
                + _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
                + _format_offset(self.utcoffset(), ":"))

    def __str__(self):
        return self.isoformat(sep=" ")

    def ctime(self):
        return "%s %s %2d %02d:%02d:%02d %04d" % (_DAYNAMES[self.weekday()], _MONTHNAMES[self._month], self._day,
                                                  self._hour, self._minute, self._second, self._year)

    def strftime(self, format):
        return _wrap_strftime(self, format, self.timetuple())

    # -- comparisons and arithmetic --

    def _fields(self):
        return (self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond)

    def _compare(self, other, allow_mixed=False):
        if self._tzinfo is other._tzinfo:
            return _cmp(self._fields(), other._fields())
        myoff, otoff = self.utcoffset(), other.utcoffset()
        if allow_mixed:
            # An ambiguous wall time never equals a time in another zone.
            if myoff != self.replace(fold=not self._fold).utcoffset():
                return 2
            if otoff != other.replace(fold=not other._fold).utcoffset():
                return 2
        same = _cmp_by_fields(self, other, myoff, otoff, allow_mixed, "datetimes")
        if same is not None:
            return same
        diff = self - other
        if diff.days < 0:
            return -1
        return 1 if diff else 0

    def __eq__(self, other):
        if isinstance(other, datetime):
            return self._compare(other, True) == 0
        if isinstance(other, date):
            return False
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, datetime):
            return self._compare(other, True) != 0
        if isinstance(other, date):
            return True
        return NotImplemented

    def _ordered(self, other):
        if isinstance(other, datetime):
            return True
        if isinstance(other, date):
            raise TypeError("can't compare %s to %s" % (_type_name(self), _type_name(other)))
        return False

    def __lt__(self, other):
        if self._ordered(other):
            return self._compare(other) < 0
        return NotImplemented

    def __le__(self, other):
        if self._ordered(other):
            return self._compare(other) <= 0
        return NotImplemented

    def __gt__(self, other):
        if self._ordered(other):
            return self._compare(other) > 0
        return NotImplemented

    def __ge__(self, other):
        if self._ordered(other):
            return self._compare(other) >= 0
        return NotImplemented

    def _total_microseconds(self):
        return ((self.toordinal() * 86400 + self._hour * 3600 + self._minute * 60 + self._second) * 1000000
                + self._microsecond)

    def __hash__(self):
        h = getattr(self, "_hashcode", None)  # unset until the first hash
        if h is None:
            t = self.replace(fold=0) if self._fold else self
            off = t.utcoffset()
            us = t._total_microseconds()
            if off:
                us -= off._to_microseconds()
            h = self._hashcode = hash(us)
        return h

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        us = self._total_microseconds() + other._to_microseconds()
        secs, us = divmod(us, 1000000)
        days, secs = divmod(secs, 86400)
        if not 0 < days <= _MAX_ORDINAL:
            raise OverflowError("date value out of range")
        hh, rest = divmod(secs, 3600)
        mm, ss = divmod(rest, 60)
        y, m, d = _ord2ymd(days)
        return type(self)._make(y, m, d, hh, mm, ss, us, self._tzinfo)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + -other
        if not isinstance(other, datetime):
            return NotImplemented
        base = self._total_microseconds() - other._total_microseconds()
        if self._tzinfo is not other._tzinfo:
            myoff, otoff = self.utcoffset(), other.utcoffset()
            if (myoff is None) != (otoff is None):
                raise TypeError("can't subtract offset-naive and offset-aware datetimes")
            if myoff is not None and myoff != otoff:
                base += otoff._to_microseconds() - myoff._to_microseconds()
        return timedelta._from_microseconds(base)

    def _state(self, protocol):
        us = self._microsecond
        month = self._month + 128 if self._fold and protocol > 3 else self._month
        state = bytes([self._year >> 8, self._year & 255, month, self._day, self._hour, self._minute,
                       self._second, us >> 16, (us >> 8) & 255, us & 255])
        return (state,) if self._tzinfo is None else (state, self._tzinfo)

    def __reduce_ex__(self, protocol):
        return (type(self), self._state(protocol))

    def __reduce__(self):
        return self.__reduce_ex__(2)


date_base = date
time_base = time
datetime.min = datetime(MINYEAR, 1, 1)
datetime.max = datetime(MAXYEAR, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)


# ---- timezone ---------------------------------------------------------------

_utc = None


class timezone(tzinfo):
    """A fixed offset from UTC, with an optional name."""
    __slots__ = ("_offset", "_name")

    _Omitted = object()

    def __new__(cls, offset, name=_Omitted):
        if not isinstance(offset, timedelta):
            raise TypeError("timezone() argument 1 must be datetime.timedelta, not %s" % type(offset).__name__)
        if name is cls._Omitted:
            if not offset and cls is timezone and _utc is not None:
                return _utc
            name = None
        elif not isinstance(name, str):
            raise TypeError("timezone() argument 2 must be str, not %s" % type(name).__name__)
        if not -timedelta(1) < offset < timedelta(1):
            raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) and "
                             "timedelta(hours=24), not %r." % (offset,))
        return cls._create(offset, name)

    @classmethod
    def _create(cls, offset, name=None):
        self = tzinfo.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def __getinitargs__(self):
        if self._name is None:
            return (self._offset,)
        return (self._offset, self._name)

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is timezone.utc:
            return "datetime.timezone.utc"
        if self._name is None:
            return "%s(%r)" % (_type_name(self), self._offset)
        return "%s(%r, %r)" % (_type_name(self), self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def _check_arg(self, name, dt):
        if dt is not None and not isinstance(dt, datetime):
            raise TypeError("%s(dt) argument must be a datetime instance or None, not %s"
                            % (name, type(dt).__name__))

    def utcoffset(self, dt):
        self._check_arg("utcoffset", dt)
        return self._offset

    def tzname(self, dt):
        self._check_arg("tzname", dt)
        if self._name is not None:
            return self._name
        return self._name_from_offset(self._offset)

    def dst(self, dt):
        self._check_arg("dst", dt)
        return None

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError("fromutc: argument must be a datetime")
        if dt.tzinfo is not self:
            raise ValueError("fromutc: dt.tzinfo is not self")
        return dt + self._offset

    @staticmethod
    def _name_from_offset(delta):
        if not delta:
            return "UTC"
        return "UTC" + _format_offset(delta, ":")


timezone.utc = _utc = timezone._create(timedelta(0))
timezone.min = timezone._create(-timedelta(hours=23, minutes=59))
timezone.max = timezone._create(timedelta(hours=23, minutes=59))
UTC = timezone.utc
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

for _cls in (timedelta, date, tzinfo, time, datetime, timezone):
    _cls.__module__ = "datetime"
del _cls
