"""importlib: import_module, reload and invalidate_caches over cgrad's
import system (sys.modules, sys.path, packages' __path__)."""
import sys

__all__ = ["import_module", "reload", "invalidate_caches"]


def _resolve_name(name, package, level):
    bits = package.rsplit(".", level - 1)
    if len(bits) < level:
        raise ImportError("attempted relative import beyond top-level package")
    base = bits[0]
    return "{}.{}".format(base, name) if name else base


def import_module(name, package=None):
    """Imports a module by name; '.mod' is relative to package."""
    level = 0
    if name.startswith("."):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for {!r}".format(name))
        for character in name:
            if character != ".":
                break
            level += 1
        name = _resolve_name(name[level:], package, level)
    __import__(name)
    return sys.modules[name]


def reload(module):
    """Runs a module's file again in its own namespace."""
    name = getattr(module, "__name__", None)
    if not isinstance(name, str) or type(module).__name__ != "module":
        raise TypeError("reload() argument must be a module")
    if sys.modules.get(name) is not module:
        raise ImportError("module {} not in sys.modules".format(name), name=name)
    path = getattr(module, "__file__", None)
    if path is None:
        return module
    with open(path, encoding="utf-8") as f:
        source = f.read()
    exec(compile(source, path, "exec"), module.__dict__)
    return sys.modules[name]


def invalidate_caches():
    """cgrad keeps no finder caches: nothing to drop."""


def find_loader(name, path=None):
    """Deprecated since Python 3.4; the loader of importlib.util.find_spec."""
    from importlib import util
    spec = util.find_spec(name, path)
    return None if spec is None else spec.loader
