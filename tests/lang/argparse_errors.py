# argparse: the errors a user meets, with CPython's words: usage and
# "prog: error: ..." on stderr and exit status 2 (SystemExit), or
# ArgumentError when exit_on_error=False; and mistakes in add_argument.
import argparse
import io
import sys


def run(parser, args):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        result = parser.parse_args(args)
    except SystemExit as e:
        sys.stdout, sys.stderr = old
        print("exit", e.code)
        print(out.getvalue() + err.getvalue(), end="")
        return
    sys.stdout, sys.stderr = old
    print(result)


p = argparse.ArgumentParser(prog="prog")
p.add_argument("x")
p.add_argument("--n", type=int)
p.add_argument("--f", type=float)
p.add_argument("--c", choices=["a", "b"])
p.add_argument("-a")
p.add_argument("--two", nargs=2)
p.add_argument("--plus", nargs="+")
p.add_argument("--flag", action="store_true")
p.add_argument("--verbose", action="store_true")
p.add_argument("--version", action="version", version="%(prog)s 1.2")
m = p.add_mutually_exclusive_group()
m.add_argument("--fast", action="store_true")
m.add_argument("--slow", action="store_true")

run(p, [])
run(p, ["v", "--n", "x"])
run(p, ["v", "--f", "1.5.2"])
run(p, ["v", "--y"])
run(p, ["v", "extra1", "extra2"])
run(p, ["v", "--c", "z"])
run(p, ["v", "-a"])
run(p, ["v", "--two", "1"])
run(p, ["v", "--plus"])
run(p, ["v", "--fast", "--slow"])
run(p, ["v", "--flag=1"])
run(p, ["v", "--ver"])
run(p, ["--version"])
run(p, ["v", "-h"] if False else ["v", "--n", "1", "--n", "2"])

q = argparse.ArgumentParser(prog="q")
q.add_argument("--alpha")
q.add_argument("--alpine")
run(q, ["--al", "1"])
req = argparse.ArgumentParser(prog="req")
req.add_argument("--must", required=True)
req.add_argument("a")
req.add_argument("b")
run(req, [])
mg = argparse.ArgumentParser(prog="mg")
g = mg.add_mutually_exclusive_group(required=True)
g.add_argument("--one", action="store_true")
g.add_argument("--two", action="store_true")
run(mg, [])
noab = argparse.ArgumentParser(prog="noab", allow_abbrev=False)
noab.add_argument("--long")
run(noab, ["--lo", "1"])

nx = argparse.ArgumentParser(prog="nx", exit_on_error=False)
nx.add_argument("--n", type=int)
try:
    nx.parse_args(["--n", "q"])
except argparse.ArgumentError as e:
    print("ArgumentError:", e, "|", e.argument_name, "|", e.message)

# mistakes when building the parser
def bad(**kwargs):
    try:
        argparse.ArgumentParser(prog="b").add_argument(*kwargs.pop("args"), **kwargs)
    except (ValueError, TypeError, argparse.ArgumentError) as e:
        print(type(e).__name__ + ":", e)


bad(args=["--x"], action="store", nargs=0)
bad(args=["--x"], const=1)
bad(args=["--x"], action="nope")
bad(args=["--x"], type="int")
bad(args=["--x"], type=argparse.FileType)
bad(args=["x"], required=True)
bad(args=["x"], dest="y")
bad(args=["--x", "y"])
bad(args=["--x"], nargs=2, metavar=("A", "B", "C"))
bad(args=["-h"])
try:
    argparse.ArgumentParser(conflict_handler="bogus")
except ValueError as e:
    print("ValueError:", e)
try:
    argparse.ArgumentParser().add_mutually_exclusive_group().add_argument("x")
except ValueError as e:
    print("ValueError:", e)
err = argparse.ArgumentError(None, "plain")
print(str(err))
try:
    p.parse_args(["v", "--n", "x"])
except SystemExit as e:
    print("SystemExit", e.code, type(e.code).__name__)
p.exit(3, "bye\n")
