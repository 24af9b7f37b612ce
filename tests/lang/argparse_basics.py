# argparse: parsing into a Namespace with every action, nargs, type,
# default, choices, dest, const, groups, set_defaults, parse_known_args,
# parse_intermixed_args, fromfile, prefix_chars, abbreviations and '--'.
import argparse
import io
import sys


def run(parser, args):
    """Parse args, printing the Namespace or what an exit wrote."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        result = parser.parse_args(args)
    except SystemExit as e:
        sys.stdout, sys.stderr = old
        print("exit", e.code, repr(out.getvalue()), repr(err.getvalue()))
        return None
    sys.stdout, sys.stderr = old
    print(result)
    return result


p = argparse.ArgumentParser(prog="train")
p.add_argument("data")
p.add_argument("--lr", type=float, default=0.01)
p.add_argument("--epochs", "-e", type=int, default=3)
p.add_argument("--name", default="run", dest="run_name")
p.add_argument("--verbose", "-v", action="count", default=0)
p.add_argument("--cuda", action="store_true")
p.add_argument("--no-shuffle", dest="shuffle", action="store_false")
p.add_argument("--mode", choices=["a", "b"], default="a")
p.add_argument("--layer", action="append", type=int)
p.add_argument("--tag", action="append_const", const="T", dest="tags")
p.add_argument("--const", action="store_const", const=42)
p.add_argument("--ext", action="extend", nargs="+")
p.add_argument("--opt", nargs="?", const="C", default="D")
p.add_argument("--pair", nargs=2, metavar=("X", "Y"))
p.add_argument("--bn", action=argparse.BooleanOptionalAction, default=True)
run(p, ["d.txt"])
ns = run(p, ["d.txt", "--lr", "0.5", "-e", "7", "--name=x", "-vvv", "--cuda", "--no-shuffle",
             "--mode", "b", "--layer", "1", "--layer=2", "--tag", "--tag", "--const",
             "--ext", "a", "b", "--ext", "c", "--opt", "--pair", "1", "2", "--no-bn"])
print(ns.lr, ns.epochs, ns.run_name, ns.verbose, ns.layer, ns.tags, ns.ext, ns.pair)
run(p, ["--opt", "val", "d"])
run(p, ["-e5", "-vv", "d"])
run(p, ["--ep", "9", "--verb", "d"])
run(p, ["--lr=-1.5", "d"])
run(p, ["--", "--weird"])

# Namespace itself
a = argparse.Namespace(x=1, y="s")
b = argparse.Namespace(x=1, y="s")
print(a, a == b, a != b, "x" in a, "z" in a, vars(a))
setattr(a, "with-dash", 2)
print(a)
print(argparse.Namespace())

# positionals with nargs
q = argparse.ArgumentParser(prog="q")
q.add_argument("first")
q.add_argument("rest", nargs="*")
q.add_argument("--k", type=int)
run(q, ["a", "b", "c"])
run(q, ["a"])
run(q, ["a", "--k", "1", "b"])
q2 = argparse.ArgumentParser(prog="q2")
q2.add_argument("src", nargs="+")
q2.add_argument("dst")
q2.add_argument("opt", nargs="?", default="o")
run(q2, ["a", "b"])
run(q2, ["a", "b", "c", "d"])
q3 = argparse.ArgumentParser(prog="q3")
q3.add_argument("cmd")
q3.add_argument("args", nargs=argparse.REMAINDER)
run(q3, ["run", "--x", "1", "y"])
q4 = argparse.ArgumentParser(prog="q4")
q4.add_argument("nums", nargs=3, type=int)
run(q4, ["1", "2", "3"])
run(q4, ["-1", "2", "-3"])

# defaults: set_defaults, get_default, SUPPRESS, argument_default
d = argparse.ArgumentParser(prog="d", argument_default=argparse.SUPPRESS)
d.add_argument("--a", type=int)
d.add_argument("--b", default=5)
d.set_defaults(func="f", b=6)
print(d.get_default("b"), d.get_default("func"), d.get_default("zzz"))
run(d, [])
run(d, ["--a", "3"])
e = argparse.ArgumentParser(prog="e")
e.add_argument("--n", type=int, default="7")
e.add_argument("--s", default=argparse.SUPPRESS)
run(e, [])

# parse_known_args and intermixed
k = argparse.ArgumentParser(prog="k")
k.add_argument("--x")
k.add_argument("pos")
print(k.parse_known_args(["p", "--x", "1", "--y", "2", "extra"]))
im = argparse.ArgumentParser(prog="im")
im.add_argument("--foo")
im.add_argument("cmd")
im.add_argument("rest", nargs="*", type=int)
print(im.parse_intermixed_args("doit 1 --foo bar 2 3".split()))
print(im.parse_known_args("doit 1 --foo bar 2 3".split()))

# prefix_chars, negative numbers, fromfile
pc = argparse.ArgumentParser(prog="pc", prefix_chars="+/")
pc.add_argument("+f")
pc.add_argument("++bar")
pc.add_argument("/q", action="store_true")
run(pc, ["+f", "1", "++bar", "2", "/q"])
neg = argparse.ArgumentParser(prog="neg")
neg.add_argument("-1", dest="one", action="store_true")
neg.add_argument("x", nargs="?")
run(neg, ["-1"])
with open("/tmp/argparse_basics_args.txt", "w") as f:
    f.write("--x\nfromfile\npositional\n")
ff = argparse.ArgumentParser(prog="ff", fromfile_prefix_chars="@")
ff.add_argument("--x")
ff.add_argument("pos")
run(ff, ["@/tmp/argparse_basics_args.txt"])

# groups, parents, conflict_handler='resolve'
parent = argparse.ArgumentParser(add_help=False)
parent.add_argument("--seed", type=int, default=0)
child = argparse.ArgumentParser(prog="child", parents=[parent])
g = child.add_argument_group("model")
g.add_argument("--depth", type=int, default=2)
m = child.add_mutually_exclusive_group()
m.add_argument("--fast", action="store_true")
m.add_argument("--slow", action="store_true")
run(child, ["--seed", "4", "--depth", "9", "--slow"])
r = argparse.ArgumentParser(prog="r", conflict_handler="resolve")
r.add_argument("-x", "--xx", default=1)
r.add_argument("-x", default=2)
run(r, ["-x", "3", "--xx", "4"])
print(len(r._actions))

# custom actions and types
class Upper(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values.upper() + (option_string or ""))


def even(text):
    n = int(text)
    if n % 2:
        raise argparse.ArgumentTypeError("%r is odd" % n)
    return n


c = argparse.ArgumentParser(prog="c")
c.add_argument("--word", action=Upper)
c.add_argument("--even", type=even)
c.add_argument("--ft", type=argparse.FileType("w"))
run(c, ["--word", "hi", "--even", "4"])
print(repr(argparse.FileType("r")), repr(argparse.FileType("wb", 0, encoding="utf-8")))
print(c.parse_args(["--ft", "-"]).ft is sys.stdout)
print(repr(c._actions[1]))
print(argparse.ArgumentParser(prog="P", description="D"))
print(argparse.SUPPRESS, argparse.OPTIONAL, argparse.ZERO_OR_MORE, argparse.ONE_OR_MORE,
      argparse.PARSER, argparse.REMAINDER)
