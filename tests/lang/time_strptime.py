# time.strptime as CPython 3.11 parses in the C locale: every directive,
# the defaults for missing fields, week-number and ISO-week dates, offsets
# and zone names, and the messages for text that does not match.
import time

tests = [
    ("2024-03-05 14:22:01", "%Y-%m-%d %H:%M:%S"), ("Tue Mar  5 14:22:01 2024", None), ("29 Feb", "%d %b"),
    ("12 pm", "%I %p"), ("12 AM", "%I %p"), ("3 PM", "%I %p"), ("2024 10 3", "%Y %U %w"), ("2024 10 3", "%Y %W %w"),
    ("2024 10 3", "%G %V %u"), ("2021 1 1", "%G %V %u"), ("2024 0 0", "%Y %U %w"), ("+0530", "%z"),
    ("-05:30:15.5", "%z"), ("Z", "%z"), ("UTC", "%Z"), ("gmt", "%Z"), ("70", "%y"), ("12", "%y"), ("68", "%y"),
    ("100", "%j"), ("2024 366", "%Y %j"), ("x", "%Y"), ("2024x", "%Y"), ("1", "%Q"), ("1", "%"), ("1", "%d %"),
    ("2024 10", "%G %V"), ("2024 10 1", "%Y %V %u"), ("2024 1 1", "%G %j %u"), ("10 1", "%V %u"),
    ("2024 2 30", "%Y %m %d"), ("Monday JANUARY", "%A %B"), ("tue feb", "%a %b"), ("03/04/24", "%x"),
    ("23:59:60", "%X"), ("1 %", "%d %%"), ("   5", "%d"), (5, "%d"), ("5", 5), ("+05:3015", "%z"),
    ("2024 1 0", "%Y %U %w"), ("12/31/99 23:59:59", "%c"), ("Sat Dec 31 23:59:59 1999", "%c"),
    ("123456", "%f"), ("1.5", "%S.%f"), ("2024-03-05T14:22:01", "%Y-%m-%dT%H:%M:%S"), ("a.b", "a.b"),
    ("5   6", "%d %m"), ("7", "%u"), ("0", "%w"), ("53", "%U"),
]
for s, f in tests:
    try:
        r = time.strptime(s) if f is None else time.strptime(s, f)
        print(repr(s), r, r.tm_zone, r.tm_gmtoff)
    except Exception as e:
        print(repr(s), type(e).__name__, e)
print(type(time.strptime("2024", "%Y")).__name__, time.strptime("2024", "%Y")[:3], len(time.strptime("1", "%d")))
