"""importlib.machinery: the spec and the source loader importlib.util uses."""

SOURCE_SUFFIXES = [".py"]
BYTECODE_SUFFIXES = [".pyc"]
EXTENSION_SUFFIXES = []


def all_suffixes():
    return SOURCE_SUFFIXES + BYTECODE_SUFFIXES + EXTENSION_SUFFIXES


class ModuleSpec:
    """What a finder knows of a module: its name, loader and origin."""

    def __init__(self, name, loader, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self.has_location = False
        self.cached = None

    @property
    def parent(self):
        if self.submodule_search_locations is None:
            return self.name.rpartition(".")[0]
        return self.name

    def __repr__(self):
        parts = ["name={!r}".format(self.name), "loader={!r}".format(self.loader)]
        if self.origin is not None:
            parts.append("origin={!r}".format(self.origin))
        if self.submodule_search_locations is not None:
            parts.append("submodule_search_locations={}".format(self.submodule_search_locations))
        return "ModuleSpec({})".format(", ".join(parts))


class SourceFileLoader:
    """Runs a .py file as a module's code."""

    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path

    def create_module(self, spec):
        return None

    def get_filename(self, name=None):
        return self.path

    def get_source(self, name=None):
        with open(self.path, encoding="utf-8") as f:
            return f.read()

    def exec_module(self, module):
        exec(compile(self.get_source(), self.path, "exec"), module.__dict__)

    def load_module(self, name=None):
        import sys
        module = type(sys)(name or self.name)
        module.__file__ = self.path
        sys.modules[module.__name__] = module
        self.exec_module(module)
        return sys.modules[module.__name__]
