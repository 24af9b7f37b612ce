# calendar: month and year calendars as lists, text and HTML, with
# CPython 3.11's layouts character for character, and the module-level
# helpers (isleap, leapdays, weekday, monthrange, timegm, the day and
# month names).
#
# Names come from the C locale (English). LocaleTextCalendar and
# LocaleHTMLCalendar work for the C/POSIX locales only: there is no locale
# module here to switch to another, and asking for one raises
# locale.Error as CPython does for a locale the system lacks.
#
# Not here: locales other than C.
import sys
import datetime
from itertools import repeat

__all__ = ["IllegalMonthError", "IllegalWeekdayError", "setfirstweekday", "firstweekday", "isleap", "leapdays",
           "weekday", "monthrange", "monthcalendar", "prmonth", "month", "prcal", "calendar", "timegm",
           "month_name", "month_abbr", "day_name", "day_abbr", "Calendar", "TextCalendar", "HTMLCalendar",
           "LocaleTextCalendar", "LocaleHTMLCalendar", "weekheader", "MONDAY", "TUESDAY", "WEDNESDAY",
           "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]

error = ValueError


class IllegalMonthError(ValueError):
    def __init__(self, month):
        self.month = month

    def __str__(self):
        return "bad month number %r; must be 1-12" % self.month


class IllegalWeekdayError(ValueError):
    def __init__(self, weekday):
        self.weekday = weekday

    def __str__(self):
        return "bad weekday number %r; must be 0 (Monday) to 6 (Sunday)" % self.weekday


January = 1
February = 2
MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY = range(7)
EPOCH = 1970
_EPOCH_ORD = datetime.date(EPOCH, 1, 1).toordinal()

# Days per month of a common year; index 0 is unused.
mdays = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


class _localized_day:
    """The weekday names (Monday first), as strftime spells them."""
    # 2001-01-01 was a Monday.
    _days = [datetime.date(2001, 1, i + 1).strftime for i in range(7)]

    def __init__(self, format):
        self.format = format

    def __getitem__(self, i):
        funcs = self._days[i]
        if isinstance(i, slice):
            return [f(self.format) for f in funcs]
        return funcs(self.format)

    def __len__(self):
        return 7


class _localized_month:
    """The month names, '' at index 0, as strftime spells them."""
    _months = [lambda format: ""] + [datetime.date(2001, i + 1, 1).strftime for i in range(12)]

    def __init__(self, format):
        self.format = format

    def __getitem__(self, i):
        funcs = self._months[i]
        if isinstance(i, slice):
            return [f(self.format) for f in funcs]
        return funcs(self.format)

    def __len__(self):
        return 13


day_name = _localized_day("%A")
day_abbr = _localized_day("%a")
month_name = _localized_month("%B")
month_abbr = _localized_month("%b")


def isleap(year):
    """True for leap years of the Gregorian calendar."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def leapdays(y1, y2):
    """The number of leap years in [y1, y2)."""
    y1 -= 1
    y2 -= 1
    return (y2 // 4 - y1 // 4) - (y2 // 100 - y1 // 100) + (y2 // 400 - y1 // 400)


def weekday(year, month, day):
    """0 (Monday) to 6 (Sunday); years outside datetime's range repeat
    every 400 years, as the Gregorian calendar does."""
    if not datetime.MINYEAR <= year <= datetime.MAXYEAR:
        year = 2000 + year % 400
    return datetime.date(year, month, day).weekday()


def monthrange(year, month):
    """(weekday of the first day, number of days) of a month."""
    if not 1 <= month <= 12:
        raise IllegalMonthError(month)
    return weekday(year, month, 1), _monthlen(year, month)


def _monthlen(year, month):
    return mdays[month] + (month == February and isleap(year))


def _prevmonth(year, month):
    return (year - 1, 12) if month == 1 else (year, month - 1)


def _nextmonth(year, month):
    return (year + 1, 1) if month == 12 else (year, month + 1)


class Calendar:
    """Month and year calendars as lists of weeks, weeks starting on
    firstweekday (0 is Monday)."""

    def __init__(self, firstweekday=0):
        self.firstweekday = firstweekday

    def getfirstweekday(self):
        return self._firstweekday % 7

    def setfirstweekday(self, firstweekday):
        self._firstweekday = firstweekday

    firstweekday = property(getfirstweekday, setfirstweekday)

    def iterweekdays(self):
        for i in range(self.firstweekday, self.firstweekday + 7):
            yield i % 7

    def itermonthdates(self, year, month):
        for y, m, d in self.itermonthdays3(year, month):
            yield datetime.date(y, m, d)

    def itermonthdays(self, year, month):
        """The month's days, 0 for the days of the weeks around it."""
        day1, ndays = monthrange(year, month)
        yield from repeat(0, (day1 - self.firstweekday) % 7)
        yield from range(1, ndays + 1)
        yield from repeat(0, (self.firstweekday - day1 - ndays) % 7)

    def itermonthdays2(self, year, month):
        for i, d in enumerate(self.itermonthdays(year, month), self.firstweekday):
            yield d, i % 7

    def itermonthdays3(self, year, month):
        """(year, month, day) of every day of the month's whole weeks, the
        neighbouring months' days included."""
        day1, ndays = monthrange(year, month)
        before = (day1 - self.firstweekday) % 7
        after = (self.firstweekday - day1 - ndays) % 7
        y, m = _prevmonth(year, month)
        end = _monthlen(y, m) + 1
        for d in range(end - before, end):
            yield y, m, d
        for d in range(1, ndays + 1):
            yield year, month, d
        y, m = _nextmonth(year, month)
        for d in range(1, after + 1):
            yield y, m, d

    def itermonthdays4(self, year, month):
        for i, (y, m, d) in enumerate(self.itermonthdays3(year, month)):
            yield y, m, d, (self.firstweekday + i) % 7

    @staticmethod
    def _weeks(days):
        days = list(days)
        return [days[i:i + 7] for i in range(0, len(days), 7)]

    def monthdatescalendar(self, year, month):
        return self._weeks(self.itermonthdates(year, month))

    def monthdays2calendar(self, year, month):
        return self._weeks(self.itermonthdays2(year, month))

    def monthdayscalendar(self, year, month):
        return self._weeks(self.itermonthdays(year, month))

    def _year_rows(self, per_month, year, width):
        months = [per_month(year, m) for m in range(January, January + 12)]
        return [months[i:i + width] for i in range(0, len(months), width)]

    def yeardatescalendar(self, year, width=3):
        return self._year_rows(self.monthdatescalendar, year, width)

    def yeardays2calendar(self, year, width=3):
        return self._year_rows(self.monthdays2calendar, year, width)

    def yeardayscalendar(self, year, width=3):
        return self._year_rows(self.monthdayscalendar, year, width)


class TextCalendar(Calendar):
    """Calendars as plain text, in columns of w-wide days."""

    def prweek(self, theweek, width):
        print(self.formatweek(theweek, width), end="")

    def formatday(self, day, weekday, width):
        return ("" if day == 0 else "%2i" % day).center(width)

    def formatweek(self, theweek, width):
        return " ".join(self.formatday(d, wd, width) for d, wd in theweek)

    def formatweekday(self, day, width):
        names = day_name if width >= 9 else day_abbr
        return names[day][:width].center(width)

    def formatweekheader(self, width):
        return " ".join(self.formatweekday(i, width) for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        s = month_name[themonth]
        if withyear:
            s = "%s %r" % (s, theyear)
        return s.center(width)

    def prmonth(self, theyear, themonth, w=0, l=0):
        print(self.formatmonth(theyear, themonth, w, l), end="")

    def formatmonth(self, theyear, themonth, w=0, l=0):
        w = max(2, w)
        l = max(1, l)
        lines = [self.formatmonthname(theyear, themonth, 7 * (w + 1) - 1).rstrip(),
                 self.formatweekheader(w).rstrip()]
        lines += [self.formatweek(week, w).rstrip() for week in self.monthdays2calendar(theyear, themonth)]
        return "".join(line + "\n" * l for line in lines)

    def formatyear(self, theyear, w=2, l=1, c=6, m=3):
        """The year as rows of m months side by side, c spaces apart."""
        w = max(2, w)
        l = max(1, l)
        c = max(2, c)
        colwidth = (w + 1) * 7 - 1
        out = [repr(theyear).center(colwidth * m + c * (m - 1)).rstrip(), "\n" * l]
        header = self.formatweekheader(w)
        for i, row in enumerate(self.yeardays2calendar(theyear, m)):
            months = range(m * i + 1, min(m * (i + 1) + 1, 13))
            out.append("\n" * l)
            names = (self.formatmonthname(theyear, k, colwidth, False) for k in months)
            out += [formatstring(names, colwidth, c).rstrip(), "\n" * l]
            out += [formatstring((header for k in months), colwidth, c).rstrip(), "\n" * l]
            for j in range(max(len(cal) for cal in row)):
                weeks = [self.formatweek(cal[j], w) if j < len(cal) else "" for cal in row]
                out += [formatstring(weeks, colwidth, c).rstrip(), "\n" * l]
        return "".join(out)

    def pryear(self, theyear, w=0, l=0, c=6, m=3):
        print(self.formatyear(theyear, w, l, c, m), end="")


class HTMLCalendar(Calendar):
    """Calendars as HTML tables, with a CSS class on every cell."""
    cssclasses = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    cssclasses_weekday_head = cssclasses
    cssclass_noday = "noday"
    cssclass_month_head = "month"
    cssclass_month = "month"
    cssclass_year_head = "year"
    cssclass_year = "year"

    def formatday(self, day, weekday):
        if day == 0:
            return '<td class="%s">&nbsp;</td>' % self.cssclass_noday
        return '<td class="%s">%d</td>' % (self.cssclasses[weekday], day)

    def formatweek(self, theweek):
        return "<tr>%s</tr>" % "".join(self.formatday(d, wd) for d, wd in theweek)

    def formatweekday(self, day):
        return '<th class="%s">%s</th>' % (self.cssclasses_weekday_head[day], day_abbr[day])

    def formatweekheader(self):
        return "<tr>%s</tr>" % "".join(self.formatweekday(i) for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, withyear=True):
        s = "%s %s" % (month_name[themonth], theyear) if withyear else "%s" % month_name[themonth]
        return '<tr><th colspan="7" class="%s">%s</th></tr>' % (self.cssclass_month_head, s)

    def formatmonth(self, theyear, themonth, withyear=True):
        out = ['<table border="0" cellpadding="0" cellspacing="0" class="%s">' % self.cssclass_month, "\n",
               self.formatmonthname(theyear, themonth, withyear=withyear), "\n", self.formatweekheader(), "\n"]
        for week in self.monthdays2calendar(theyear, themonth):
            out += [self.formatweek(week), "\n"]
        out += ["</table>", "\n"]
        return "".join(out)

    def formatyear(self, theyear, width=3):
        width = max(width, 1)
        out = ['<table border="0" cellpadding="0" cellspacing="0" class="%s">' % self.cssclass_year, "\n",
               '<tr><th colspan="%d" class="%s">%s</th></tr>' % (width, self.cssclass_year_head, theyear)]
        for i in range(January, January + 12, width):
            out.append("<tr>")
            for m in range(i, min(i + width, 13)):
                out += ["<td>", self.formatmonth(theyear, m, withyear=False), "</td>"]
            out.append("</tr>")
        out.append("</table>")
        return "".join(out)

    def formatyearpage(self, theyear, width=3, css="calendar.css", encoding=None):
        """A whole XHTML page for the year, encoded (bytes)."""
        if encoding is None:
            encoding = "utf-8"  # sys.getdefaultencoding(), always utf-8 in Python 3
        out = ['<?xml version="1.0" encoding="%s"?>\n' % encoding,
               '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
               '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n',
               "<html>\n", "<head>\n",
               '<meta http-equiv="Content-Type" content="text/html; charset=%s" />\n' % encoding]
        if css is not None:
            out.append('<link rel="stylesheet" type="text/css" href="%s" />\n' % css)
        out += ["<title>Calendar for %d</title>\n" % theyear, "</head>\n", "<body>\n",
                self.formatyear(theyear, width), "</body>\n", "</html>\n"]
        return "".join(out).encode(encoding, "xmlcharrefreplace")


class _LocaleError(Exception):
    pass


_LocaleError.__name__ = _LocaleError.__qualname__ = "Error"
_LocaleError.__module__ = "locale"
_C_LOCALES = ("C", "POSIX", "C.UTF-8", "C.utf8", "C.UTF8", "C.utf-8", "")


def _is_c_locale(locale):
    if isinstance(locale, tuple):
        locale = ".".join(p for p in locale if p) if any(locale) else "C"
    return locale is None or locale in _C_LOCALES


class different_locale:
    """A context in which LC_TIME is `locale`: only the C locales exist
    here, and they all name days and months alike."""

    def __init__(self, locale):
        self.locale = locale

    def __enter__(self):
        if not _is_c_locale(self.locale):
            raise _LocaleError("unsupported locale setting")

    def __exit__(self, *args):
        pass


def _default_locale():
    import os
    for name in ("LC_ALL", "LC_TIME", "LANG"):
        value = os.environ.get(name)
        if value:
            return value
    return "C"


class LocaleTextCalendar(TextCalendar):
    """A TextCalendar whose names come from `locale` (the C locales here)."""

    def __init__(self, firstweekday=0, locale=None):
        TextCalendar.__init__(self, firstweekday)
        self.locale = _default_locale() if locale is None else locale

    def formatweekday(self, day, width):
        with different_locale(self.locale):
            return super().formatweekday(day, width)

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        with different_locale(self.locale):
            return super().formatmonthname(theyear, themonth, width, withyear)


class LocaleHTMLCalendar(HTMLCalendar):
    """An HTMLCalendar whose names come from `locale` (the C locales here)."""

    def __init__(self, firstweekday=0, locale=None):
        HTMLCalendar.__init__(self, firstweekday)
        self.locale = _default_locale() if locale is None else locale

    def formatweekday(self, day):
        with different_locale(self.locale):
            return super().formatweekday(day)

    def formatmonthname(self, theyear, themonth, withyear=True):
        with different_locale(self.locale):
            return super().formatmonthname(theyear, themonth, withyear)


# ---- the module-level calendar ----------------------------------------------

c = TextCalendar()

firstweekday = c.getfirstweekday


def setfirstweekday(firstweekday):
    if not MONDAY <= firstweekday <= SUNDAY:
        raise IllegalWeekdayError(firstweekday)
    c.firstweekday = firstweekday


monthcalendar = c.monthdayscalendar
prweek = c.prweek
week = c.formatweek
weekheader = c.formatweekheader
prmonth = c.prmonth
month = c.formatmonth
calendar = c.formatyear
prcal = c.pryear

_colwidth = 7 * 3 - 1  # a month's width with 2-wide days
_spacing = 6


def format(cols, colwidth=_colwidth, spacing=_spacing):
    """Prints columns, each centred in colwidth, spacing apart."""
    print(formatstring(cols, colwidth, spacing))


def formatstring(cols, colwidth=_colwidth, spacing=_spacing):
    """Columns centred in colwidth, joined by spacing spaces."""
    return (spacing * " ").join(c.center(colwidth) for c in cols)


def timegm(tuple):
    """The POSIX time of a UTC time tuple (the inverse of time.gmtime)."""
    year, month, day, hour, minute, second = tuple[:6]
    days = datetime.date(year, month, 1).toordinal() - _EPOCH_ORD + day - 1
    return ((days * 24 + hour) * 60 + minute) * 60 + second


def _write_bytes(data, encoding):
    """Encoded output to stdout's bytes, or as text where stdout has no
    buffer (the kernel's streams)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        sys.stdout.flush()
        buffer.write(data)
        buffer.flush()
    else:
        sys.stdout.write(data.decode(encoding))


def main(args):
    """`python -m calendar`: a year or a month as text or HTML."""
    import argparse
    parser = argparse.ArgumentParser()
    textgroup = parser.add_argument_group("text only arguments")
    htmlgroup = parser.add_argument_group("html only arguments")
    textgroup.add_argument("-w", "--width", type=int, default=2, help="width of date column (default 2)")
    textgroup.add_argument("-l", "--lines", type=int, default=1, help="number of lines for each week (default 1)")
    textgroup.add_argument("-s", "--spacing", type=int, default=6,
                           help="spacing between months (default 6)")
    textgroup.add_argument("-m", "--months", type=int, default=3, help="months per row (default 3)")
    htmlgroup.add_argument("-c", "--css", default="calendar.css", help="CSS to use for page")
    parser.add_argument("-L", "--locale", default=None, help="locale to be used from month and weekday names")
    parser.add_argument("-e", "--encoding", default=None, help="encoding to use for output")
    parser.add_argument("-t", "--type", default="text", choices=("text", "html"), help="output type (text or html)")
    parser.add_argument("year", nargs="?", type=int, help="year number (1-9999)")
    parser.add_argument("month", nargs="?", type=int, help="month number (1-12, text only)")
    options = parser.parse_args(args[1:])
    if options.locale and not options.encoding:
        parser.error("if --locale is specified --encoding is required")
    locale = options.locale, options.encoding
    if options.type == "html":
        cal = LocaleHTMLCalendar(locale=locale) if options.locale else HTMLCalendar()
        encoding = options.encoding or "utf-8"
        if options.year is None:
            result = cal.formatyearpage(datetime.date.today().year, css=options.css, encoding=encoding)
        elif options.month is None:
            result = cal.formatyearpage(options.year, css=options.css, encoding=encoding)
        else:
            parser.error("incorrect number of arguments")
        _write_bytes(result, encoding)
        return
    cal = LocaleTextCalendar(locale=locale) if options.locale else TextCalendar()
    optdict = dict(w=options.width, l=options.lines)
    if options.month is None:
        optdict["c"] = options.spacing
        optdict["m"] = options.months
    if options.year is None:
        result = cal.formatyear(datetime.date.today().year, **optdict)
    elif options.month is None:
        result = cal.formatyear(options.year, **optdict)
    else:
        result = cal.formatmonth(options.year, options.month, **optdict)
    if options.encoding:
        _write_bytes(result.encode(options.encoding), options.encoding)
    else:
        print(result, end="")


if __name__ == "__main__":
    main(sys.argv)
