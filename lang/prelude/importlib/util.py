"""importlib.util: specs for modules found on disk, and modules made from them."""
import sys
from importlib.machinery import ModuleSpec, SourceFileLoader


def resolve_name(name, package):
    """The absolute name of a relative one ('.mod' in package)."""
    if not name.startswith("."):
        return name
    if not package:
        raise ImportError(f"no package specified for {repr(name)} (required for relative module names)")
    level = len(name) - len(name.lstrip("."))
    from importlib import _resolve_name
    return _resolve_name(name[level:], package, level)


def spec_from_file_location(name, location=None, *, loader=None, submodule_search_locations=None):
    """A spec for the module in the file at location."""
    if location is None:
        return None
    location = str(location)
    loader = loader or SourceFileLoader(name, location)
    spec = ModuleSpec(name, loader, origin=location)
    spec.has_location = True
    if submodule_search_locations is not None:
        spec.submodule_search_locations = list(submodule_search_locations)
    return spec


def module_from_spec(spec):
    """A new module for spec, its attributes set; not run yet."""
    module = type(sys)(spec.name)
    module.__spec__ = spec
    module.__loader__ = spec.loader
    module.__package__ = spec.parent
    if spec.origin is not None and spec.has_location:
        module.__file__ = spec.origin
    if spec.submodule_search_locations is not None:
        module.__path__ = spec.submodule_search_locations
    return module


def find_spec(name, package=None):
    """The spec of an importable module, or None."""
    full = resolve_name(name, package) if name.startswith(".") else name
    if full in sys.modules:
        module = sys.modules[full]
        if module is None:
            return None
        spec = getattr(module, "__spec__", None)
        if spec is None and getattr(module, "__file__", None):  # cgrad's loader leaves __spec__ None
            return spec_from_file_location(full, module.__file__,
                                           submodule_search_locations=getattr(module, "__path__", None))
        if spec is None:
            raise ValueError("{}.__spec__ is None".format(full))
        return spec
    parent = full.rpartition(".")[0]
    if parent:
        package_module = __import__(parent, fromlist=["__name__"])
        dirs = getattr(package_module, "__path__", None)
    else:
        dirs = sys.path
    last = full.rpartition(".")[2]
    for entry in dirs or []:
        base = (entry or ".").rstrip("/")
        for candidate, is_package in ((base + "/" + last + "/__init__.py", True), (base + "/" + last + ".py", False)):
            try:
                open(candidate).close()
            except OSError:
                continue
            return spec_from_file_location(
                full, candidate, submodule_search_locations=[base + "/" + last] if is_package else None)
    try:
        __import__(full)
    except ImportError:
        return None
    return ModuleSpec(full, None, origin="built-in")
