# abc.py: the names of Python's abc module that library code declares
# itself with: ABC and abstractmethod (not the abstract forms of
# classmethod, staticmethod and property: the language cannot subclass
# those yet).
# Not the real thing: the language has no metaclasses yet, so ABCMeta is
# absent and instantiating a class with abstract methods is not refused;
# abstractmethod marks the function as CPython's does.


def abstractmethod(funcobj):
    """A decorator indicating abstract methods."""
    funcobj.__isabstractmethod__ = True
    return funcobj


class ABC:
    """Helper class that provides a standard way to create an ABC using
    inheritance."""
    __slots__ = ()
