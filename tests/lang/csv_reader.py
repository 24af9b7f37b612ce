# csv.reader: Python's state machine over the lines of io.StringIO, lists
# and real files: quoted fields across lines, doubled quotes, escapechar,
# skipinitialspace, strict, QUOTE_NONNUMERIC/QUOTE_NONE, line_num, the
# field size limit, and every error of the reader
import csv
import io
import random


def rows(text, **kw):
    try:
        r = csv.reader(io.StringIO(text, newline=""), **kw)
        out = list(r)
        print(out, r.line_num)
    except Exception as e:
        print(type(e).__name__, e)


rows('a,b,c\r\n1,2,3\r\n')
rows('a,"b,c",d\n')
rows('"multi\nline",x\r\nnext,row\n')
rows('"say ""hi""",2\n')
rows('\n\na,b\n\n')
rows('a,b')
rows(',,\n')
rows('""\n')
rows('"a"b,c\n')
rows('"a"b,c\n', strict=True)
rows('"unterminated\n')
rows('"unterminated\n', strict=True)
rows('a\\,b,c\n', escapechar='\\')
rows('"a\\"b",c\n', escapechar='\\', doublequote=False)
rows('a\\\nb,c\n', escapechar='\\')
rows('a, b,  "c"\n', skipinitialspace=True)
rows('a, b,  "c"\n')
rows('1,"2",3.5,,-4e3\n', quoting=csv.QUOTE_NONNUMERIC)
rows('1,"2",x\n', quoting=csv.QUOTE_NONNUMERIC)
rows('1,"a"\n', quoting=csv.QUOTE_NONE)
rows('a;b;c\n', delimiter=';')
rows("'a;b';c\n", delimiter=';', quotechar="'")
rows('a\tb\n', dialect='excel-tab')
rows('a§b§"c§d"\n', delimiter='§')
rows('héllo,wörld,"日本,語"\n')
rows('a\x00b,c\n')
rows('a,b\rc,d\r')
rows('a,b\r\nc,d\n')
rows('a,"b\r\nc"\r\n')
rows('"a""\n')
rows('"a"\n', quoting=csv.QUOTE_NONE)

# errors
def err(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: list(csv.reader(['a,b\nc'])))
err(lambda: list(csv.reader(['ab\rc'])))
err(lambda: list(csv.reader(['"a"x'], strict=True)))
err(lambda: list(csv.reader(['"a"x'], strict=True, delimiter=';'))) 
err(lambda: list(csv.reader([1, 2])))
err(lambda: list(csv.reader([1.5])))
err(lambda: list(csv.reader([b'a,b'])))
err(lambda: list(csv.reader(['abc,1'], quoting=csv.QUOTE_NONNUMERIC)))
err(lambda: csv.reader(5))
err(lambda: csv.reader())
r = csv.reader(['a,b', 'c', 5, 'd'])
print(next(r), r.line_num, next(r), r.line_num)
err(lambda: next(r))
print(r.line_num, next(r), r.line_num)

# the field size limit
print(csv.field_size_limit())
old = csv.field_size_limit(10)
print(old, csv.field_size_limit())
rows('0123456789,x\n')
rows('01234567890,x\n')
rows('"0123456789"\n')
rows('"01234567890"\n')
rows('é' * 11 + '\n')
csv.field_size_limit(old)
err(lambda: list(csv.reader(['x' * 131073])))
print(len(list(csv.reader(['x' * 131072]))[0][0]))
err(lambda: csv.field_size_limit('a'))
err(lambda: csv.field_size_limit(1, 2))

# the reader's dialect
d = csv.reader([], delimiter=';', quoting=csv.QUOTE_ALL).dialect
print(type(d).__name__, type(d).__module__, d.delimiter, repr(d.quotechar), d.escapechar, d.doublequote,
      d.skipinitialspace, d.strict, repr(d.lineterminator), d.quoting)
print(type(csv.reader([])).__name__, iter(r) is r)

# the reader object: its own iterator, read-only line_num and dialect
r = csv.reader(["a,b\n", 'c,"d\ne"\n', "x"])
print(type(r).__module__, r.line_num, r.__next__(), r.line_num, next(r), r.line_num, list(r), r.line_num, list(r))
err(lambda: setattr(r, "line_num", 3))
err(lambda: setattr(r, "dialect", None))
err(lambda: next(csv.reader([1])))

# the field limit counts characters, not bytes
for lim in (5, 4, 0):
    old = csv.field_size_limit(lim)
    for text in ['ééé,ab\n', 'éééé,a\n', 'ééééé,a\n', '"éé"é"é",x\n', 'abcde,f\n', 'abcdef,g\n', '€😀,"😀""y"\n']:
        rows(text)
    csv.field_size_limit(old)
print([[len(f) for f in row] for row in csv.reader(['aé€😀b,"x😀""y",z\r\n', 'é,q'])])

# over a real file, opened with newline=''
p = "/tmp/cgrad_lang_csv_reader_%d.csv" % random.randrange(10**12)
with open(p, "w", newline="") as f:
    f.write('id,name,note\r\n1,"Smith, J","line one\r\nline two"\r\n2,Doe,"he said ""x"""\r\n\r\n3,é,\r\n')
with open(p, newline="") as f:
    r = csv.reader(f)
    for row in r:
        print(r.line_num, row)
with open(p) as f:
    print(list(csv.reader(f)))
try:
    import os
    os.remove(p)
except ImportError:
    pass
