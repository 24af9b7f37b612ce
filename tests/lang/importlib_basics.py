# importlib: import_module (absolute and relative), reload, and
# importlib.util's specs for a file loaded by path
import importlib
import importlib.util
import sys

sys.dont_write_bytecode = True
HERE = __file__.rsplit("/", 1)[0]
sys.path.insert(0, HERE + "/import_fixtures")

m = importlib.import_module("helper")
print(m.VALUE, m is sys.modules["helper"])
core = importlib.import_module(".core", "pkg")
print(core.core_fn(), core is sys.modules["pkg.core"])
m.VALUE = 0
again = importlib.reload(m)
print(again is m, m.VALUE)
importlib.invalidate_caches()

spec = importlib.util.spec_from_file_location("loaded_by_path", HERE + "/import_fixtures/helper.py")
print(spec.name, spec.origin.rsplit("/", 2)[1:], spec.parent == "")
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
print(mod.twice(21), mod.__name__, "loaded_by_path" in sys.modules)
print(importlib.util.find_spec("helper").name, importlib.util.find_spec("no_such_module_here"))
print(importlib.util.resolve_name(".core", "pkg"))
for call in [lambda: importlib.import_module(".x"), lambda: importlib.import_module("no_such_mod"),
             lambda: importlib.reload(5)]:
    try:
        call()
    except Exception as e:
        print(type(e).__name__, e)
