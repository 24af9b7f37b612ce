# importing modules and packages from disk: sys.path, packages and
# __init__.py, relative imports, __all__, namespace packages, sys.modules,
# import cycles, failures, and the errors
import sys

sys.dont_write_bytecode = True
HERE = __file__.rsplit("/", 1)[0]
sys.path.insert(0, HERE + "/import_fixtures")
print(sys.path[1] == HERE, __name__)

import helper
import helper as h2
print(helper.VALUE, helper.twice(3), h2 is helper, helper.__name__, helper.__file__.rsplit("/", 2)[1:])
print(repr(helper).split(" from ")[0], helper.__package__ == "", helper.__spec__ is None or True)

import pkg
print(pkg.core_fn(), pkg.u.NAME, pkg.__package__, pkg.__path__[0].rsplit("/", 2)[1:])
from pkg import *
print(EXPORTED, core_fn(), "hidden" in dir())
import pkg.sub
print(pkg.sub.SUBVAL)
from pkg.sub import SUBVAL
from pkg import sub as s2
print(SUBVAL, s2 is pkg.sub)
import nsp.inner.mod
print(nsp.inner.mod.X, nsp.__path__[0].rsplit("/", 2)[1:], getattr(nsp, "__file__", None))

print("helper" in sys.modules, sys.modules["helper"] is helper, sys.modules["__main__"].__name__)
print(sys.modules["__main__"].helper is helper)

import circ_a
print(circ_a.from_b(), circ_a.circ_b.partial_a())

import selfreplace
print(type(selfreplace).__name__, selfreplace.answer)

for attempt in range(2):
    try:
        import broken
    except ValueError as e:
        print("ValueError", e, "broken" in sys.modules)

for stmt in ["import nope_nothing", "import helper.sub", "from pkg import missing_name",
             "from . import anything", "import pkg.nothing_here"]:
    try:
        exec(stmt)
    except ImportError as e:
        print(type(e).__name__, "|", str(e).replace(HERE, "HERE"), "|", e.name, str(e.path).replace(HERE, "HERE"))

sys.modules["fake_mod"] = None
try:
    import fake_mod
except ImportError as e:
    print(type(e).__name__, e)
del sys.modules["fake_mod"]
