# csv.DictReader and DictWriter (fieldnames from the first row, restkey,
# restval, extrasaction, writeheader), Sniffer.sniff and has_header, and
# interop: a file the reference wrote is read, and the reverse (this file
# writes one and reads it back; the expected output is the reference's
# own reading)
import csv
import io
import random


def err(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


text = "name,age,city\r\nAnn,30,Oslo\r\n\r\nBob,25\r\nCy,41,Rome,extra,more\r\n"
r = csv.DictReader(io.StringIO(text))
print(r.line_num, r.fieldnames, r.line_num)
for row in r:
    print(r.line_num, row)
r = csv.DictReader(io.StringIO(text), restkey="rest", restval="?")
print(list(r))
r = csv.DictReader(io.StringIO(text), fieldnames=["a", "b"])
print(r.fieldnames, next(r), r.line_num)
r = csv.DictReader(io.StringIO(""))
print(r.fieldnames, list(r))
r = csv.DictReader(["x;y", "1;2"], delimiter=";")
print(list(r), r.dialect)

s = io.StringIO()
w = csv.DictWriter(s, fieldnames=["id", "name", "score"], restval="NA")
print(w.writeheader())
print(w.writerow({"id": 1, "name": "Ann, A.", "score": 9.5}))
print(w.writerows([{"id": 2}, {"name": "Bob", "id": 3}]))
err(lambda: w.writerow({"id": 4, "x": 1}))
print(repr(s.getvalue()))
w = csv.DictWriter(s, ["a"], extrasaction="ignore")
print(w.writerow({"a": 1, "b": 2}))
err(lambda: csv.DictWriter(s, ["a"], extrasaction="nope"))
w = csv.DictWriter(s, ["p", "q"], dialect="unix")
print(w.fieldnames, w.writerow({"p": 1}))
print(repr(s.getvalue()))

# Sniffer
sn = csv.Sniffer()


def sniff(sample, delimiters=None):
    try:
        d = sn.sniff(sample, delimiters)
        print(repr(d.delimiter), repr(d.quotechar), d.doublequote, d.skipinitialspace, repr(d.lineterminator),
              d.quoting, d._name)
        print(list(csv.reader(io.StringIO(sample), d)))
    except Exception as e:
        print(type(e).__name__, e)


sniff('a,b,c\n1,2,3\n4,5,6\n')
sniff('a;b;c\n1;2;3\n4;5;6\n')
sniff('a\tb\tc\n1\t2\t3\n')
sniff('"x","y, z","w"\n"1","2","3"\n')
sniff("'a';'b';'c'\n'1';'2';'3'\n")
sniff('a, "b c", d\n1, "2 3", 4\n')
sniff('name:age\nann:3\nbob:4\n')
sniff('a,b;c\n1,2;3\n', delimiters=";")
sniff('"he said ""hi""",x\n"y",z\n')
sniff('abc\ndef\n')
sniff('')
print(sn.has_header('name,age\r\nAnn,30\r\nBob,25\r\n'))
print(sn.has_header('1,2\r\n3,4\r\n5,6\r\n'))
print(sn.has_header('title,year\r\n"A long title",1999\r\n"B",2001\r\n'))
print(sn.has_header('a,b\r\n'))
print(sn.has_header('a,b\r\n1j,2\r\n3j,4\r\n'))

# interop: the records of a file the reference's csv module wrote
data = [["id", "text", "value"], ["1", "plain", "0.5"], ["2", "with, comma", ""],
        ["3", 'quote " and\r\nnewline', "-1e-07"], ["4", "é日本", "x y"]]
ref = ('id,text,value\r\n1,plain,0.5\r\n2,"with, comma",\r\n3,"quote "" and\r\nnewline",-1e-07\r\n'
       '4,é日本,x y\r\n')
p = "/tmp/cgrad_lang_csv_interop_%d.csv" % random.randrange(10**12)
with open(p, "w", newline="") as f:
    f.write(ref)
with open(p, newline="") as f:
    print(list(csv.reader(f)) == data)
with open(p, newline="") as f:
    print(list(csv.DictReader(f)))
# and the reverse: written here, compared with the reference's text
with open(p, "w", newline="") as f:
    csv.writer(f).writerows(data)
with open(p, newline="") as f:
    text = f.read()
print(text == ref, repr(text))
with open(p, "w", newline="") as f:
    w = csv.DictWriter(f, ["k", "v"], quoting=csv.QUOTE_NONNUMERIC)
    w.writeheader()
    w.writerows([{"k": "a", "v": 1.5}, {"k": "b", "v": None}])
with open(p, newline="") as f:
    print(repr(f.read()))
with open(p, newline="") as f:
    print(list(csv.reader(f, quoting=csv.QUOTE_NONNUMERIC)))
try:
    import os
    os.remove(p)
except ImportError:
    pass
