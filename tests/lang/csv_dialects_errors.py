# csv dialects: the registry, Dialect subclasses and their validation,
# fmtparams over a dialect, the read-only dialect objects, and Python's
# messages for every bad parameter
import csv
import io


def err(f):
    try:
        r = f()
        print(r)
    except Exception as e:
        print(type(e).__name__, e)


def show(d):
    print(d.delimiter, repr(d.quotechar), repr(d.escapechar), d.doublequote, d.skipinitialspace, d.strict,
          repr(d.lineterminator), d.quoting)


print(csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_NONE, csv.__version__)
print(sorted(csv.list_dialects()))
show(csv.get_dialect("excel"))
show(csv.get_dialect("excel-tab"))
show(csv.get_dialect("unix"))
csv.register_dialect("semi", delimiter=";", quoting=csv.QUOTE_ALL)
show(csv.get_dialect("semi"))
print(list(csv.reader(['a;"b;c"'], "semi")))
s = io.StringIO()
csv.writer(s, "semi").writerow([1, 2])
print(repr(s.getvalue()))


class Pipes(csv.excel):
    delimiter = "|"
    skipinitialspace = True


csv.register_dialect("pipes", Pipes)
show(csv.get_dialect("pipes"))
print(list(csv.reader(["a| b|c"], dialect="pipes")))
print(list(csv.reader(["a| b|c"], Pipes, skipinitialspace=False)))
csv.register_dialect("pipes2", "pipes", quotechar="'")
show(csv.get_dialect("pipes2"))
print(sorted(csv.list_dialects()))
csv.unregister_dialect("pipes2")
print(sorted(csv.list_dialects()))
err(lambda: csv.unregister_dialect("pipes2"))
err(lambda: csv.get_dialect("nope"))
err(lambda: csv.reader([], "nope"))
err(lambda: csv.writer(io.StringIO(), dialect="nope"))
err(lambda: csv.register_dialect(5))
err(lambda: csv.register_dialect("bad", delimiter="ab"))
print("bad" in csv.list_dialects())
show(csv.reader([], 5).dialect)
d = csv.get_dialect("excel")
print(csv.reader([], d).dialect is d, csv.reader([], "excel").dialect is d)
err(lambda: setattr(d, "delimiter", ";"))
err(lambda: issubclass(csv.Error, Exception))
err(lambda: csv.Error.__module__)

# Dialect subclasses validate when made
err(lambda: csv.Dialect())
err(lambda: csv.excel()._valid)
err(lambda: csv.excel_tab().delimiter)
err(lambda: csv.unix_dialect().quoting)


class NoQuote(csv.Dialect):
    delimiter = ","
    quotechar = None
    lineterminator = "\n"
    quoting = csv.QUOTE_MINIMAL


err(lambda: NoQuote())


class Fine(csv.Dialect):
    delimiter = ","
    quotechar = None
    lineterminator = "\n"
    quoting = csv.QUOTE_NONE


err(lambda: Fine()._valid)
show(csv.reader([], Fine).dialect)

# every bad parameter
err(lambda: csv.reader([], foo=1))
err(lambda: csv.reader([], delimiter=1))
err(lambda: csv.reader([], delimiter="ab"))
err(lambda: csv.reader([], delimiter=""))
err(lambda: csv.reader([], delimiter=None))
err(lambda: csv.reader([], quotechar=1))
err(lambda: csv.reader([], quotechar="ab"))
show(csv.reader([], quotechar=None).dialect)
err(lambda: csv.reader([], quotechar=None, quoting=csv.QUOTE_MINIMAL))
err(lambda: csv.reader([], quoting=7))
err(lambda: csv.reader([], quoting=-1))
err(lambda: csv.reader([], quoting="a"))
err(lambda: csv.reader([], quoting=1.0))
err(lambda: csv.reader([], lineterminator=None))
err(lambda: csv.reader([], lineterminator=1))
err(lambda: csv.reader([], escapechar=1))
err(lambda: csv.reader([], escapechar="ab"))
show(csv.reader([], doublequote=[], strict=5, skipinitialspace="y", escapechar="\\").dialect)
err(lambda: csv.writer(io.StringIO(), delimiter=None))
err(lambda: csv.writer(io.StringIO(), quoting=9))

# the types print as CPython's _csv types
print(type(csv.reader([])), type(csv.writer(io.StringIO())), type(csv.reader([]).dialect), csv.Error)
