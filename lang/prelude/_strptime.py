# _strptime: the parsing behind time.strptime and datetime.strptime.
#
# A format becomes one regular expression with a named group per
# directive (the C locale's names only), matched case-insensitively; the
# groups then give the fields, with CPython 3.11's defaults (1900-01-01
# 00:00:00), its two-digit-year rule and its errors.
#
# Not here: locales other than C (the names are English), %c/%x/%X beyond
# the C locale's layouts.
import re as _re
import time as _time

_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december"]


def _alternatives(words):
    # Longest first, so that "mon" never stops "monday" short.
    return "|".join(_re.escape(w) for w in sorted(words, key=len, reverse=True))


_PATTERNS = {
    "d": r"3[01]|[12]\d|0[1-9]|[1-9]| [1-9]",
    "f": r"[0-9]{1,6}",
    "H": r"2[0-3]|[0-1]\d|\d",
    "I": r"1[0-2]|0[1-9]|[1-9]",
    "G": r"\d\d\d\d",
    "j": r"36[0-6]|3[0-5]\d|[12]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9]",
    "m": r"1[0-2]|0[1-9]|[1-9]",
    "M": r"[0-5]\d|\d",
    "S": r"6[0-1]|[0-5]\d|\d",
    "U": r"5[0-3]|[0-4]\d|\d",
    "w": r"[0-6]",
    "u": r"[1-7]",
    "V": r"5[0-3]|0[1-9]|[1-4]\d|\d",
    "y": r"\d\d",
    "Y": r"\d\d\d\d",
    "z": r"[+-]\d\d:?[0-5]\d(?::?[0-5]\d(?:\.\d{1,6})?)?|(?-i:Z)",
    "A": _alternatives(_DAYS),
    "a": _alternatives(d[:3] for d in _DAYS),
    "B": _alternatives(_MONTHS),
    "b": _alternatives(m[:3] for m in _MONTHS),
    "p": r"am|pm",
}
_PATTERNS["W"] = _PATTERNS["U"]
# The C locale's composite directives, spelled as other directives.
_COMPOSITES = {"c": "%a %b %d %H:%M:%S %Y", "x": "%m/%d/%y", "X": "%H:%M:%S"}


def _zone_pattern():
    names = {"utc", "gmt"}
    names.update(n.lower() for n in _time.tzname if n)
    return _alternatives(names)


def _translate(format, out, seen):
    """Appends format's regular expression to out; raises KeyError with the
    bad directive, IndexError for a trailing '%'."""
    i, n = 0, len(format)
    while i < n:
        ch = format[i]
        if ch != "%":
            if ch.isspace():
                while i < n and format[i].isspace():
                    i += 1
                out.append(r"\s+")
                continue
            out.append(_re.escape(ch))
            i += 1
            continue
        if i + 1 >= n:
            raise IndexError(i)
        d = format[i + 1]
        i += 2
        if d == "%":
            out.append("%")
        elif d in _COMPOSITES:
            _translate(_COMPOSITES[d], out, seen)
        elif d == "Z":
            out.append("(?P<Z>%s)" % _zone_pattern())
        elif d in _PATTERNS:
            out.append("(?P<%s>%s)" % (d, _PATTERNS[d]))
        else:
            raise KeyError(d)


_cache = {}


def _compile(format):
    key = (format, tuple(_time.tzname))
    r = _cache.get(key)
    if r is None:
        out = []
        try:
            _translate(format, out, set())
        except KeyError as err:
            bad = err.args[0]
            if bad == "\\":
                bad = "%"
            raise ValueError("'%s' is a bad directive in format '%s'" % (bad, format)) from None
        except IndexError:
            raise ValueError("stray %% in format '%s'" % format) from None
        r = _re.compile("".join(out), _re.IGNORECASE)
        if len(_cache) > 100:
            _cache.clear()
        _cache[key] = r
    return r


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _julian_from_U_or_W(year, week_of_year, day_of_week, week_starts_monday):
    import datetime
    first = datetime.date(year, 1, 1).weekday()
    if not week_starts_monday:
        first = (first + 1) % 7
        day_of_week = (day_of_week + 1) % 7
    if week_of_year == 0:
        return 1 + day_of_week - first
    return 1 + (7 - first) % 7 + 7 * (week_of_year - 1) + day_of_week


def _julian_from_V(iso_year, iso_week, iso_weekday):
    import datetime
    ordinal = iso_week * 7 + iso_weekday - (datetime.date(iso_year, 1, 4).isoweekday() + 3)
    if ordinal < 1:
        ordinal += datetime.date(iso_year, 1, 1).toordinal()
        iso_year -= 1
        ordinal -= datetime.date(iso_year, 1, 1).toordinal()
    return iso_year, ordinal


def _parse_offset(z):
    """'+hh[:]mm[[:]ss[.ffffff]]' or 'Z' as (seconds, microseconds)."""
    if z == "Z":
        return 0, 0
    original = z
    if z[3] == ":":
        z = z[:3] + z[4:]
        if len(z) > 5:
            if z[5] != ":":
                raise ValueError("Inconsistent use of : in %s" % original)
            z = z[:5] + z[6:]
    hours, minutes, seconds = int(z[1:3]), int(z[3:5]), int(z[5:7] or 0)
    fraction = z[8:]
    micro = int(fraction + "0" * (6 - len(fraction))) if fraction else 0
    offset = ((hours * 60) + minutes) * 60 + seconds
    if z.startswith("-"):
        return -offset, -micro
    return offset, micro


def _check_iso(year, iso_year, iso_week, weekday, julian, week_of_year):
    """The ISO directives need each other; a calendar year does not mix."""
    if year is None and iso_year is not None:
        if iso_week is None or weekday is None:
            raise ValueError("ISO year directive '%G' must be used with the ISO week directive '%V' "
                             "and a weekday directive ('%A', '%a', '%w', or '%u').")
        if julian is not None:
            raise ValueError("Day of the year directive '%j' is not compatible with ISO year directive "
                             "'%G'. Use '%Y' instead.")
    elif week_of_year == -1 and iso_week is not None:
        if weekday is None:
            raise ValueError("ISO week directive '%V' must be used with the ISO year directive '%G' "
                             "and a weekday directive ('%A', '%a', '%w', or '%u').")
        raise ValueError("ISO week directive '%V' is incompatible with the year directive '%Y'. "
                         "Use the ISO year '%G' instead.")


def _strptime(data_string, format="%a %b %d %H:%M:%S %Y"):
    """(the 11 fields of a struct_time, microseconds, offset microseconds)."""
    for index, arg in enumerate([data_string, format]):
        if not isinstance(arg, str):
            raise TypeError("strptime() argument {} must be str, not {}".format(index, type(arg)))
    found = _compile(format).match(data_string)
    if not found:
        raise ValueError("time data %r does not match format %r" % (data_string, format))
    if len(data_string) != found.end():
        raise ValueError("unconverted data remains: %s" % data_string[found.end():])
    g = {k: v for k, v in found.groupdict().items() if v is not None}
    year = None
    month = day = 1
    hour = minute = second = fraction = 0
    tz = -1
    gmtoff = None
    gmtoff_fraction = 0
    tzname = None
    iso_year = iso_week = None
    week_of_year = -1
    week_starts_monday = False
    weekday = julian = None
    for key, value in g.items():
        if key == "y":
            year = int(value)
            year += 2000 if year <= 68 else 1900
        elif key == "Y":
            year = int(value)
        elif key == "G":
            iso_year = int(value)
        elif key == "m":
            month = int(value)
        elif key == "B":
            month = _MONTHS.index(value.lower()) + 1
        elif key == "b":
            month = [m[:3] for m in _MONTHS].index(value.lower()) + 1
        elif key == "d":
            day = int(value)
        elif key == "H":
            hour = int(value)
        elif key == "I":
            hour = int(value)
            ampm = g.get("p", "").lower()
            if ampm in ("", "am"):
                if hour == 12:
                    hour = 0
            elif hour != 12:
                hour += 12
        elif key == "M":
            minute = int(value)
        elif key == "S":
            second = int(value)
        elif key == "f":
            fraction = int(value + "0" * (6 - len(value)))
        elif key == "A":
            weekday = _DAYS.index(value.lower())
        elif key == "a":
            weekday = [d[:3] for d in _DAYS].index(value.lower())
        elif key == "w":
            weekday = int(value)
            weekday = 6 if weekday == 0 else weekday - 1
        elif key == "u":
            weekday = int(value) - 1
        elif key == "j":
            julian = int(value)
        elif key in ("U", "W"):
            week_of_year = int(value)
            week_starts_monday = key == "W"
        elif key == "V":
            iso_week = int(value)
        elif key == "z":
            gmtoff, gmtoff_fraction = _parse_offset(value)
        elif key == "Z":
            name = value.lower()
            for i, zone in enumerate(_time.tzname):
                if name == zone.lower():
                    if _time.tzname[0] == _time.tzname[1] and _time.daylight and name not in ("utc", "gmt"):
                        break
                    tz = i
                    break
            if name in ("utc", "gmt"):
                tz = 0
            tzname = value
    _check_iso(year, iso_year, iso_week, weekday, julian, week_of_year)
    leap_year_fix = False
    if year is None and month == 2 and day == 29:
        year = 1904  # so that Feb 29 is a date; put back below
        leap_year_fix = True
    elif year is None:
        year = 1900
    import datetime
    if julian is None and weekday is not None:
        if week_of_year != -1:
            julian = _julian_from_U_or_W(year, week_of_year, weekday, week_starts_monday)
        elif iso_year is not None and iso_week is not None:
            year, julian = _julian_from_V(iso_year, iso_week, weekday + 1)
        if julian is not None and julian <= 0:
            year -= 1
            julian += 366 if _is_leap(year) else 365
    if julian is None:
        julian = datetime.date(year, month, day).toordinal() - datetime.date(year, 1, 1).toordinal() + 1
    else:
        d = datetime.date.fromordinal(julian - 1 + datetime.date(year, 1, 1).toordinal())
        year, month, day = d.year, d.month, d.day
    if weekday is None:
        weekday = datetime.date(year, month, day).weekday()
    if leap_year_fix:
        year = 1900
    return ((year, month, day, hour, minute, second, weekday, julian, tz, tzname, gmtoff),
            fraction, gmtoff_fraction)


def _strptime_time(data_string, format="%a %b %d %H:%M:%S %Y"):
    """time.strptime: a struct_time."""
    return _time.struct_time(_strptime(data_string, format)[0])


def _strptime_datetime(cls, data_string, format="%a %b %d %H:%M:%S %Y"):
    """cls.strptime: an instance of cls (a datetime), aware when the string
    gave an offset."""
    import datetime
    tt, fraction, gmtoff_fraction = _strptime(data_string, format)
    tzname, gmtoff = tt[-2:]
    args = tt[:6] + (fraction,)
    if gmtoff is not None:
        delta = datetime.timedelta(seconds=gmtoff, microseconds=gmtoff_fraction)
        args += (datetime.timezone(delta, tzname) if tzname else datetime.timezone(delta),)
    return cls(*args)
