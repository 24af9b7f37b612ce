# io: StringIO as a file in memory (newline modes, overwrites past the end,
# truncate, closing, errors), and the io module's names
import io
s = io.StringIO()
s.write("hello\n")
print("world", file=s)
print(s.getvalue(), end="")
print(s.tell(), repr(s.read()))
s.seek(0)
print(repr(s.readline()), s.readlines())
s = io.StringIO("a\r\nb\rc\n", newline=None)
print(repr(s.getvalue()), list(s))
s = io.StringIO("a\r\nb\rc\n", newline="")
print(list(s))
s = io.StringIO("abcdef")
s.seek(2)
s.write("XY")
print(s.getvalue(), s.tell(), s.read())
s.seek(10)
s.write("Z")
print(repr(s.getvalue()))
print(s.truncate(3), repr(s.getvalue()), s.tell())
with io.StringIO("x") as t:
    print(t.read(), t.closed)
print(t.closed)
try:
    t.read()
except ValueError as e:
    print(e)
for bad in [lambda: io.StringIO(5), lambda: io.StringIO().write(3), lambda: io.StringIO().seek(-1), lambda: io.StringIO().seek(1, 1), lambda: io.StringIO().fileno()]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(io.SEEK_END, io.DEFAULT_BUFFER_SIZE, io.open is open, type(s).__name__)
