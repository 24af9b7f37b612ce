# open() in text mode and text files: every mode, encodings and their
# errors, newline translation, readline/iteration/seek/tell/truncate, and
# Python's errors
import random

p = "/tmp/cgrad_lang_files_text_%d.txt" % random.randrange(10**12)
shown = lambda s: s.replace(p, "P")
with open(p, "w") as f:
    print(type(f).__name__, shown(f.name), f.mode, f.closed, f.writable(), f.readable(), f.encoding in ("utf-8", "UTF-8"))
    n = f.write("héllo\nworld\r\nthird\rfourth")
    f.write("\n")
    f.writelines(["a\n", "b\n"])
    print(n, f.tell())
print(f.closed)
f = open(p)
print(repr(f.read()))
f.seek(0)
print(f.readline(), end="|")
print(repr(f.readline()), f.tell())
print(f.readlines())
f.close()
with open(p, newline="") as f:
    print([line for line in f])
with open(p, encoding="latin-1") as f:
    print(repr(f.read(3)), f.tell())
with open(p, "a") as f:
    f.write("appended\n")
with open(p) as f:
    for i, line in enumerate(f):
        pass
    print(i, repr(line))
with open(p, "r+") as f:
    print(repr(f.read(3)))
    f.seek(0)
    f.write("J")
    f.seek(0)
    print(repr(f.read(4)))
with open(p, "w", newline="\r\n") as f:
    f.write("x\ny\n")
with open(p, newline="") as f:
    print(repr(f.read()))
try:
    open("/nonexistent/dir/x.txt")
except FileNotFoundError as e:
    print(e, e.errno, e.filename)
try:
    open("/tmp")
except IsADirectoryError as e:
    print(e)
for mode in ["rw", "rr", "z", "rbt", "", "+"]:
    try:
        open(p, mode)
    except ValueError as e:
        print(repr(mode), e)
try:
    f.read()
except ValueError as e:
    print(e)
f = open(p)
try:
    f.write("x")
except Exception as e:
    print(type(e).__name__, e)
f.close()
f = open(p, "w")
try:
    f.read()
except Exception as e:
    print(type(e).__name__, e)
try:
    f.write(3)
except TypeError as e:
    print(e)
f.close()
try:
    open(p, "x")
except FileExistsError as e:
    print(shown(str(e)))
with open(p, "wb" if False else "w", encoding="ascii") as f:
    try:
        f.write("caf\u00e9")
    except UnicodeEncodeError as e:
        print(e)
with open(p, "w", encoding="utf-8") as g:
    print("via print", 1, 2, file=g)
    print("second", file=g, end="!")
print(open(p).read())
with open(p, "w", encoding="latin-1") as f:
    f.write("caf\u00e9 \u00ff")
with open(p, encoding="utf-8", errors="replace") as f:
    print(repr(f.read()))
with open(p, encoding="utf-8", errors="surrogateescape") as f:
    print(ascii(f.read()))
try:
    with open(p, encoding="utf-8") as f:
        f.read()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
try:
    open(p, encoding="nope")
except LookupError as e:
    print(e)
f = open(p)
f.close()
f.close()
print(f.closed)
with open(p, "w") as f:
    f.write("0123456789")
    f.truncate(4)
    f.seek(0, 2)
    print(f.tell())
with open(p) as f:
    print(f.read(), f.read(), f.seekable(), f.isatty(), f.fileno() > 2)
    for bad in [(1, 1), (-1, 2), (0, 3), (-5,)]:
        try:
            f.seek(*bad)
        except Exception as e:
            print(type(e).__name__, e)
print(repr(f).replace(p, "P").replace("'UTF-8'", "'utf-8'"))

# read(), iteration and read(n) agree in every newline mode, with lines
# and \r\n pairs cut by the reading chunks
data = ("a" * 65535 + "\r\n" + "b\rc\n" + "é" * 40000 + "\r" + "x\r\ny\n" + "z" * 70000 + "\r") * 2
with open(p, "w", newline="") as f:
    f.write(data)
for nl in (None, "", "\n", "\r", "\r\n"):
    with open(p, newline=nl) as f:
        whole = f.read()
    with open(p, newline=nl) as f:
        lines = list(f)
    with open(p, newline=nl) as f:
        parts = iter(lambda: f.read(1000), "")
        print(repr(nl), len(whole), "".join(lines) == whole, "".join(parts) == whole, [len(l) for l in lines],
              whole.count("\r"), whole.count("\n"))
try:
    import os
    os.remove(p)
except ImportError:
    pass
