from .core import core_fn
NAME = "util"
