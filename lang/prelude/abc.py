# abc.py: abstract base classes, written for cgrad over its metaclasses.
# ABCMeta keeps, per class, its abstract method names, the classes
# registered as its virtual subclasses and the ABCs derived from it, and
# answers isinstance/issubclass through __instancecheck__ and
# __subclasscheck__ (runtime/builtins.c calls them). Unlike CPython's, the
# lists hold their classes strongly, and there is no negative cache.

_cache_token = 0


def abstractmethod(funcobj):
    """Marks a method abstract: a class with one cannot be instantiated
    until a subclass overrides it."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def _isabstract(value):
    if getattr(value, "__isabstractmethod__", False):
        return True
    for attr in ("__func__", "fget", "fset", "fdel"):
        inner = getattr(value, attr, None)
        if inner is not None and getattr(inner, "__isabstractmethod__", False):
            return True
    return False


class abstractclassmethod:
    """A classmethod that is abstract (deprecated: stack @classmethod on
    @abstractmethod). Written as a descriptor: cgrad's classmethod cannot
    be subclassed."""
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        self.__func__ = callable

    def __get__(self, instance, owner=None):
        cm = classmethod(self.__func__)
        return cm.__get__(instance, owner if owner is not None else type(instance))


class abstractstaticmethod:
    """A staticmethod that is abstract (deprecated)."""
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        self.__func__ = callable

    def __get__(self, instance, owner=None):
        return self.__func__


class abstractproperty:
    """A property that is abstract (deprecated)."""
    __isabstractmethod__ = True

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.__doc__ = doc

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError("can't set attribute")
        self.fset(instance, value)


def _abstract_names(cls, namespace_items, bases):
    names = {name for name, value in namespace_items if _isabstract(value)}
    for base in bases:
        for name in getattr(base, "__abstractmethods__", ()):
            if _isabstract(getattr(cls, name, None)):
                names.add(name)
    return frozenset(names)


class ABCMeta(type):
    """The metaclass of abstract base classes: they can name abstract
    methods, and take virtual subclasses through register()."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _abstract_names(cls, list(namespace.items()), bases)
        cls._abc_registry = []
        cls._abc_derived = []
        for base in cls.__mro__[1:]:
            derived = base.__dict__.get("_abc_derived")
            if derived is not None:
                derived.append(cls)
        return cls

    def __call__(cls, *args, **kwargs):
        abstract = cls.__abstractmethods__
        if abstract:
            names = sorted(abstract)
            raise TypeError("Can't instantiate abstract class %s with abstract method%s %s"
                            % (cls.__name__, "s" if len(names) > 1 else "", ", ".join(names)))
        return super().__call__(*args, **kwargs)

    def register(cls, subclass):
        """Makes subclass a virtual subclass of this ABC; returns it, so
        that it can be a class decorator."""
        global _cache_token
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        _cache_token += 1
        return subclass

    def __instancecheck__(cls, instance):
        subclass = instance.__class__
        if cls.__subclasscheck__(subclass):
            return True
        subtype = type(instance)
        return subtype is not subclass and cls.__subclasscheck__(subtype)

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if cls in subclass.__mro__:
            return True
        hook = getattr(cls, "__subclasshook__", None)
        ok = hook(subclass) if hook is not None else NotImplemented
        if ok is not NotImplemented:
            return bool(ok)
        for registered in cls.__dict__.get("_abc_registry", ()):
            if registered is subclass or issubclass(subclass, registered):
                return True
        for derived in cls.__dict__.get("_abc_derived", ()):
            if derived is not cls and issubclass(subclass, derived):
                return True
        return False

    def _dump_registry(cls, file=None):
        print("Class: %s.%s" % (cls.__module__, cls.__qualname__), file=file)
        print("Inv. counter: %s" % get_cache_token(), file=file)

    def _abc_registry_clear(cls):
        cls._abc_registry.clear()

    def _abc_caches_clear(cls):
        pass


def get_cache_token():
    """A number that changes each time an ABC gains a virtual subclass."""
    return _cache_token


def update_abstractmethods(cls):
    """Recomputes cls.__abstractmethods__ after methods were added or
    replaced once the class was made; returns cls."""
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    names = set()
    for base in cls.__bases__:
        for name in getattr(base, "__abstractmethods__", ()):
            if _isabstract(getattr(cls, name, None)):
                names.add(name)
    for name, value in cls.__dict__.items():
        if _isabstract(value):
            names.add(name)
    cls.__abstractmethods__ = frozenset(names)
    return cls


class ABC(metaclass=ABCMeta):
    """A base class whose subclasses are abstract base classes."""
    __slots__ = ()
