# The warnings module: warn and its stacklevels, the default filters,
# filterwarnings/simplefilter/resetwarnings with every action, catch_warnings
# with record=True, the showwarning hook, and PyTorch's own warnings going
# through the same filters.
import warnings
import torch
import torch.nn.functional as F
def f(x):
    warnings.warn("careful with %d" % x)
    return x
for i in range(3):
    f(1)
f(2)
warnings.warn("plain", RuntimeWarning)
warnings.warn(FutureWarning("an instance"))
warnings.warn("deprecated here", DeprecationWarning)
def g():
    warnings.warn("up two", stacklevel=2)
g()
warnings.warn("too far", stacklevel=10)
x = torch.randn(2, 3)
F.softmax(x)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("recorded")
    F.softmax(x)
    F.softmax(x)
print(len(w), [str(m.message) for m in w], [m.category.__name__ for m in w])
print(w[0].filename == __file__, w[0].lineno, w[0].line)
print(str(w[0]).replace(__file__, "FILE"))
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        F.softmax(x)
    except UserWarning as e:
        print("raised:", type(e).__name__, e)
    try:
        warnings.warn("boom", RuntimeWarning)
    except RuntimeWarning as e:
        print("raised:", e)
warnings.filterwarnings("ignore", message="Implicit dim")
F.softmax(x, )
warnings.filterwarnings("ignore", message=".*dimension choice")
F.log_softmax(x)
warnings.filterwarnings("ignore", category=UserWarning)
warnings.warn("hidden")
warnings.warn("shown", RuntimeWarning)
warnings.resetwarnings()
print(warnings.filters)
warnings.simplefilter("once")
for i in range(2):
    warnings.warn("once only")
warnings.warn("once only")
try:
    warnings.simplefilter("sometimes")
except AssertionError as e:
    print("AssertionError:", e)
try:
    warnings.warn("x", category=int)
except TypeError as e:
    print("TypeError:", e)
try:
    warnings.warn("x", "str")
except TypeError as e:
    print("TypeError:", e)
print(warnings.formatwarning("msg", UserWarning, "f.py", 3, "  src line  "), end="")
def show(message, category, filename, lineno, file=None, line=None):
    print("custom:", message, category.__name__, lineno)
warnings.showwarning = show
warnings.simplefilter("always")
warnings.warn("via hook")
print(issubclass(FutureWarning, Warning), issubclass(RuntimeWarning, Exception), PendingDeprecationWarning.__mro__)
print(repr(warnings.catch_warnings(record=True)), repr(warnings.catch_warnings()))
# Changing the filters forgets what was shown; "module" shows once per module.
warnings.showwarning = warnings._showwarning_orig
warnings.resetwarnings()
def h():
    warnings.warn("again")
h()
h()
warnings.simplefilter("default")
h()
warnings.simplefilter("module")
for i in range(2):
    warnings.warn("per module")
warnings.warn("per module")
warnings.filterwarnings("error", message=r"code \d+")
try:
    warnings.warn("Code 42 failed")
except UserWarning as e:
    print("raised:", e)
warnings.warn("code x")
