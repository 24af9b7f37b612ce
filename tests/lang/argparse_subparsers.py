# argparse: subcommands (add_subparsers with dest, required, help, title,
# metavar, aliases), set_defaults(func=...) dispatch, and their help and
# errors.
import argparse
import io
import os
import sys

os.environ["COLUMNS"] = "80"


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
        return None
    sys.stdout, sys.stderr = old
    print(result)
    return result


def train(args):
    print("training with lr", args.lr)


def test(args):
    print("testing", args.checkpoint)


p = argparse.ArgumentParser(prog="tool")
p.add_argument("--verbose", action="store_true")
sub = p.add_subparsers(dest="command", help="what to do")
t = sub.add_parser("train", help="train a model", aliases=["tr"])
t.add_argument("--lr", type=float, default=0.1)
t.set_defaults(func="train")
s = sub.add_parser("test", help="evaluate a checkpoint")
s.add_argument("checkpoint")
s.set_defaults(func="test")
sub.add_parser("quiet")
commands = {"train": train, "test": test}
ns = run(p, ["train", "--lr", "0.3"])
commands[ns.func](ns)
ns = run(p, ["--verbose", "test", "ck.pt"])
commands[ns.func](ns)
run(p, ["tr"])
run(p, [])
run(p, ["quiet"])
run(p, ["nope"])
run(p, ["test"])
run(p, ["train", "--bad"])
run(p, ["-h"])
run(p, ["train", "-h"])
print(p.parse_known_args(["train", "--zz", "x"]))

r = argparse.ArgumentParser(prog="r")
rs = r.add_subparsers(title="commands", description="the commands", dest="cmd", required=True,
                      metavar="CMD")
rs.add_parser("a", help="do a")
rs.add_parser("b", help="do b")
run(r, [])
run(r, ["--help"])

n = argparse.ArgumentParser(prog="n")
ns_ = n.add_subparsers()
x = ns_.add_parser("x")
x.add_argument("--k", default=1)
run(n, ["x"])
run(n, [])
try:
    n.add_subparsers()
except SystemExit as e:
    print("exit", e.code)
try:
    ns_.add_parser("x")
except argparse.ArgumentError as e:
    print("ArgumentError:", e)
print(repr(ns_.choices["x"]))
