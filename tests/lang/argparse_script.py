# args: --lr 0.5 --epochs 2 data/train.csv --tag "two words"
# argparse as a script uses it: parse_args() reads sys.argv[1:], prog is
# the script's name.
import argparse
import sys

parser = argparse.ArgumentParser(description="Train a model.")
parser.add_argument("data", help="training data")
parser.add_argument("--lr", type=float, default=0.1, help="learning rate (default: %(default)s)")
parser.add_argument("--epochs", type=int, default=10)
parser.add_argument("--tag")
args = parser.parse_args()
print(sys.argv[1:])
print(args)
print(parser.prog)
parser.print_usage()
parser.print_help()
parser.parse_args(["--bogus"])
