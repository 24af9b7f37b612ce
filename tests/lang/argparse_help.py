# argparse: help and usage text as CPython 3.11 lays it out: sections,
# column alignment, wrapping at the width (COLUMNS), metavars, groups,
# %(default)s and friends, and every formatter class.
import argparse
import os
import sys

os.environ["COLUMNS"] = "80"


def show(parser):
    print(parser.format_usage(), end="")
    print("----")
    parser.print_help()
    print("====")


p = argparse.ArgumentParser(prog="train.py", description="Train a network on some data. " * 4,
                            epilog="See the docs for more.")
p.add_argument("data", help="path to the dataset")
p.add_argument("out", nargs="?", default="out/", help="where to write (default: %(default)s)")
p.add_argument("extra", nargs="*", help="more files")
p.add_argument("--lr", type=float, default=0.1, metavar="LR", help="learning rate %(type)s %(default)s")
p.add_argument("-e", "--epochs", type=int, default=10, help="number of epochs to run the training for, which is a long help text that has to wrap over lines")
p.add_argument("--mode", choices=["fast", "slow", "exact"], help="one of %(choices)s")
p.add_argument("--pair", nargs=2, metavar=("W", "H"))
p.add_argument("--many", nargs="+")
p.add_argument("--maybe", nargs="*")
p.add_argument("--v", action="count", help="verbosity")
p.add_argument("--a-very-long-option-name-that-overflows", help="help goes on the next line")
p.add_argument("--hidden", help=argparse.SUPPRESS)
p.add_argument("--no-help")
p.add_argument("--bn", action=argparse.BooleanOptionalAction, default=False, help="batch norm")
p.add_argument("--version", action="version", version="1.0")
g = p.add_argument_group("model options", "Options that shape the model.")
g.add_argument("--depth", type=int, default=3, help="layers")
m = p.add_mutually_exclusive_group()
m.add_argument("--cpu", action="store_true")
m.add_argument("--gpu", action="store_true")
show(p)

show(argparse.ArgumentParser(prog="tiny"))
show(argparse.ArgumentParser(prog="nohelp", add_help=False))
r = argparse.ArgumentParser(prog="req")
rg = r.add_mutually_exclusive_group(required=True)
rg.add_argument("--x", type=int)
rg.add_argument("--y", type=int)
r.add_argument("--must", required=True)
r.add_argument("pos", nargs="+")
show(r)

u = argparse.ArgumentParser(prog="u", usage="%(prog)s [options] FILE")
u.add_argument("file")
show(u)

# a long usage wraps: options on lines under prog, positionals after
w = argparse.ArgumentParser(prog="a_rather_long_program_name.py")
for i in range(12):
    w.add_argument("--option-%d" % i, metavar="VALUE%d" % i)
w.add_argument("input_file")
w.add_argument("output_file")
show(w)
w2 = argparse.ArgumentParser(prog="p" * 65)
w2.add_argument("--alpha")
w2.add_argument("--beta")
w2.add_argument("zed")
show(w2)

text = """First line
    indented line

Second paragraph   with   spaces."""
for cls in [argparse.HelpFormatter, argparse.RawDescriptionHelpFormatter,
            argparse.RawTextHelpFormatter, argparse.ArgumentDefaultsHelpFormatter,
            argparse.MetavarTypeHelpFormatter]:
    f = argparse.ArgumentParser(prog=cls.__name__, description=text, formatter_class=cls)
    f.add_argument("--size", type=int, default=4, help="the size\n  keep this line")
    f.add_argument("--name", type=str, default="x")
    f.add_argument("n", type=float, nargs="?", default=1.0, help="a number")
    show(f)

c = argparse.ArgumentParser(prog="chars", prefix_chars="+")
c.add_argument("+x", help="an x")
c.add_argument("++long", action="store_true")
show(c)

os.environ["COLUMNS"] = "50"
narrow = argparse.ArgumentParser(prog="narrow", description="A description that is long enough to wrap at fifty columns for sure.")
narrow.add_argument("--learning-rate", type=float, help="how big a step the optimizer takes each time")
narrow.add_argument("things", nargs="+", help="the things")
show(narrow)
del os.environ["COLUMNS"]
print(argparse.HelpFormatter("x")._width)
