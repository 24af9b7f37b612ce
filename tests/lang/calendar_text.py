# calendar as CPython 3.11 lays it out: months and years as text (every
# width, line count, spacing and first weekday), as HTML, the list forms,
# the helpers (isleap, leapdays, weekday, monthrange, timegm), the names,
# main()'s output and the errors.
import calendar
import sys

print(calendar.month(2024, 2))
print(calendar.month(2023, 10, 4, 2))
print(calendar.month(2024, 9, w=9))
calendar.prmonth(1999, 12)
print(calendar.calendar(2024))
print(calendar.calendar(2023, 3, 1, 4, 4))
print(calendar.calendar(2025, w=1, l=2, c=1, m=6))
calendar.prcal(1900, m=2)
print(repr(calendar.weekheader(2)), repr(calendar.weekheader(3)), repr(calendar.weekheader(10)),
      repr(calendar.week([(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)], 3)))
calendar.prweek([(30, 0), (31, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)], 2)
print()

for fw in range(7):
    cal = calendar.TextCalendar(fw)
    print(fw, cal.getfirstweekday(), list(cal.iterweekdays()), cal.formatmonth(2024, 3).splitlines()[1:3])
s = calendar.TextCalendar(calendar.SUNDAY)
print(s.formatyear(2024, 2, 1, 6, 3)[:400])
calendar.setfirstweekday(calendar.SUNDAY)
print(calendar.firstweekday(), calendar.month(2024, 6), calendar.monthcalendar(2024, 6))
calendar.setfirstweekday(0)

c = calendar.Calendar()
print(list(c.itermonthdays(2024, 2)), list(c.itermonthdays2(2024, 2))[:9])
print(list(c.itermonthdays3(2024, 2))[:5], list(c.itermonthdays4(2024, 12))[-6:], list(c.itermonthdates(2024, 2))[:3])
print(c.monthdayscalendar(2021, 2), c.monthdays2calendar(2021, 2)[0], c.monthdatescalendar(2021, 2)[-1])
print(len(c.yeardayscalendar(2024)), len(c.yeardayscalendar(2024, 4)), c.yeardays2calendar(2024, 2)[0][1][0],
      c.yeardatescalendar(2024)[3][2][-1], list(c.itermonthdates(1, 1))[:2], list(c.itermonthdays3(9999, 12))[-3:])
c.firstweekday = 9
print(c.firstweekday, c.getfirstweekday(), list(c.iterweekdays()))

h = calendar.HTMLCalendar()
print(h.formatmonth(2024, 2))
print(h.formatmonth(2024, 2, withyear=False))
print(h.formatyear(2024, 4)[:700])
print(h.formatyearpage(2024)[:500])
print(h.formatyearpage(2024, css=None, encoding="ascii")[:300])
print(calendar.HTMLCalendar(6).formatweekheader(), h.formatday(0, 3), h.formatday(5, 6), h.formatweekday(2))


class MyHTML(calendar.HTMLCalendar):
    cssclasses = ["a", "b", "c", "d", "e", "f", "g"]
    cssclass_noday = "empty"


print(MyHTML().formatmonth(2024, 1)[:300])

print(calendar.isleap(2000), calendar.isleap(1900), calendar.isleap(2024), calendar.isleap(2023),
      calendar.leapdays(1900, 2024), calendar.leapdays(2024, 1900), calendar.leapdays(2000, 2001))
print(calendar.weekday(2024, 1, 1), calendar.weekday(1, 1, 1), calendar.weekday(10000, 1, 1), calendar.weekday(-5, 3, 1),
      calendar.monthrange(2024, 2), calendar.monthrange(2023, 2), calendar.monthrange(1900, 2))
print(calendar.timegm((2024, 1, 2, 3, 4, 5, 0, 0, 0)), calendar.timegm((1969, 12, 31, 23, 59, 59)),
      calendar.timegm((2024, 2, 30, 25, 61, 61)), calendar.timegm(__import__("time").gmtime(1234567890)))
print(list(calendar.day_name), list(calendar.day_abbr), list(calendar.month_name), list(calendar.month_abbr))
print(calendar.day_name[0], calendar.month_name[12], calendar.month_abbr[1:4], calendar.day_abbr[-1], len(calendar.day_name),
      len(calendar.month_name), calendar.day_name[::2])
print(calendar.MONDAY, calendar.SUNDAY, calendar.January, calendar.February, calendar.EPOCH, calendar.mdays,
      calendar.error is ValueError, type(calendar.c).__name__)
print(calendar.formatstring(["a", "b", "c"]), repr(calendar.formatstring(["x", "yy"], 5, 1)))
calendar.format(["a", "b"], 4, 2)
lt = calendar.LocaleTextCalendar(locale="C")
print(lt.formatmonth(2024, 4), lt.locale, calendar.LocaleHTMLCalendar(locale="C").formatweekday(0))
with calendar.different_locale("C"):
    print(calendar.month_name[5])

calendar.main(["calendar", "2024", "3"])
calendar.main(["calendar", "-w", "3", "-l", "1", "2023", "7"])
calendar.main(["calendar", "-m", "4", "-s", "2", "2022"])
sys.stdout.flush()

errors = [
    lambda: calendar.monthrange(2024, 13), lambda: calendar.monthrange(2024, 0), lambda: calendar.month(2024, 13),
    lambda: calendar.setfirstweekday(7), lambda: calendar.setfirstweekday(-1), lambda: calendar.weekday(2024, 2, 30),
    lambda: calendar.day_name[7], lambda: calendar.month_name[13], lambda: calendar.timegm((2024, 1)),
    lambda: calendar.LocaleTextCalendar(locale="xx_XX.UTF-8").formatmonth(2024, 1),
    lambda: calendar.Calendar().monthdayscalendar(2024, 13),
]
for f in errors:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
try:
    calendar.main(["calendar", "-t", "html", "2024", "3"])
except SystemExit as e:
    print("SystemExit", e.code)
