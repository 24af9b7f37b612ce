# enum.py: enumerations, written for cgrad over its metaclasses.
# EnumType turns the names a class body binds into members (instances of
# the class), keeps them in definition order with their aliases, and makes
# Color(1), Color['RED'], iteration, len and `in` work on the class.
# A mixed-in data type (IntEnum's int, StrEnum's str, a user's
# `class E(float, Enum)`) makes the members instances of it: they are made
# by the data type's __new__ and compute, compare and hash as it does.
import sys
from functools import reduce
from types import DynamicClassAttribute, MappingProxyType

try:
    import builtins as bltns
except ImportError:  # a build without the builtins module
    bltns = None

__all__ = [
    "EnumType", "EnumMeta", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum",
    "auto", "unique", "property", "verify", "member", "nonmember", "FlagBoundary",
    "STRICT", "CONFORM", "EJECT", "KEEP", "global_flag_repr", "global_enum_repr",
    "global_str", "global_enum", "EnumCheck", "CONTINUOUS", "NAMED_FLAGS", "UNIQUE",
    "pickle_by_global_name", "pickle_by_enum_name", "show_flag_values",
]


class _AutoNull:
    def __repr__(self):
        return "_auto_null"


_auto_null = _AutoNull()


class auto:
    """A member value chosen by the class: _generate_next_value_ makes it."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return "auto(%r)" % (self.value,)


class member:
    """Makes obj a member even where it would not be one (a function)."""

    def __init__(self, value):
        self.value = value


class nonmember:
    """Keeps obj out of the members."""

    def __init__(self, value):
        self.value = value


class property(DynamicClassAttribute):
    """name and value of members: read from the member, not the class."""

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            raise AttributeError("%r has no attribute %r" % (ownerclass, self.fget.__name__))
        return self.fget(instance)


def bin(num, max_bits=None):
    """Like the builtin bin(), with the sign bit kept: bin(-5) is
    '-0b1 011'."""
    ceiling = 2 ** (num).bit_length()
    if num >= 0:
        s = bltns.bin(num + ceiling).replace("1", "0", 1) if bltns else format(num + ceiling, "#b").replace("1", "0", 1)
    else:
        s = format(~num ^ (ceiling - 1) + ceiling, "#b") if False else format(~num ^ (ceiling - 1) + ceiling, "b")
        s = "0b" + s
    sign = s[:3]
    digits = s[3:]
    if max_bits is not None:
        if len(digits) < max_bits:
            digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return "%s %s" % (sign, digits)


def show_flag_values(value):
    return list(_iter_bits_lsb(value))


def _iter_bits_lsb(num):
    while num:
        b = num & (~num + 1)
        yield b
        num ^= b


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_private(cls_name, name):
    pattern = "_%s__" % (cls_name.lstrip("_"),)
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith("__")


def _is_descriptor(obj):
    return hasattr(obj, "__get__") or hasattr(obj, "__set__") or hasattr(obj, "__delete__")


def _is_single_bit(num):
    return num != 0 and num & (num - 1) == 0


def _value_repr(enum_class, value):
    return repr(value)


class EnumType(type):
    """The metaclass of enumerations."""

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        body = {}
        members = []
        for key, value in list(classdict.items()):
            if isinstance(value, nonmember):
                body[key] = value.value
            elif isinstance(value, member):
                members.append((key, value.value))
            elif (_is_dunder(key) or _is_sunder(key) or _is_private(cls, key)
                  or (_is_descriptor(value) and not isinstance(value, auto))):
                body[key] = value
            else:
                members.append((key, value))
        if "_generate_next_value_" in body:
            gen = body["_generate_next_value_"]
            if isinstance(gen, staticmethod):
                gen = gen.__func__
        else:
            gen = None
        for key, value in members:
            if key in ("mro", ""):
                raise ValueError("invalid enum member name: %r" % (key,))
        enum_class = super().__new__(metacls, cls, bases, body, **kwds)
        type.__setattr__(enum_class, "_member_names_", [])
        type.__setattr__(enum_class, "_member_map_", {})
        type.__setattr__(enum_class, "_value2member_map_", {})
        type.__setattr__(enum_class, "_unhashable_values_", [])
        type.__setattr__(enum_class, "_member_type_", member_type)
        type.__setattr__(enum_class, "_boundary_", boundary or getattr(first_enum, "_boundary_", None))
        if gen is None:
            gen = enum_class._generate_next_value_
        last_values = []
        for key, value in members:
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = gen(key, 1, len(last_values), last_values[:])
                value = value.value
            metacls._add_member_(enum_class, key, value)
            last_values.append(value)
        if member_type is not object:
            _keep_enum_methods(enum_class, classdict, member_type, first_enum)
        if issubclass(enum_class, Flag) if Flag is not None else False:
            bits = 0
            for m in enum_class._member_map_.values():
                bits |= m._value_
            type.__setattr__(enum_class, "_flag_mask_", bits)
            type.__setattr__(enum_class, "_all_bits_", 2 ** bits.bit_length() - 1)
        return enum_class

    def _add_member_(enum_class, name, value):
        args = value if isinstance(value, tuple) else (value,)
        member_type = enum_class._member_type_
        if member_type is str and not isinstance(value, str):
            raise TypeError("%r is not a string" % (value,))
        new = _own_new(enum_class)
        if new is not None:
            enum_member = new(enum_class, *args)
        elif member_type is object:
            enum_member = object.__new__(enum_class)
        else:
            enum_member = member_type.__new__(enum_class, *args)
        if not hasattr(enum_member, "_value_"):
            enum_member._value_ = value if member_type is object else member_type(*args)
        enum_member._name_ = name
        enum_member.__objclass__ = enum_class
        enum_member._sort_order_ = len(enum_class._member_names_)
        init = getattr(enum_class, "__init__", None)
        if init is not None and init is not Enum.__init__:
            enum_member.__init__(*args)
        value = enum_member._value_
        canonical = None
        for existing in enum_class._member_map_.values():
            if existing._value_ == value:
                canonical = existing
                break
        is_flag = Flag is not None and issubclass(enum_class, Flag)
        if canonical is not None:
            enum_member = canonical
        elif is_flag and not _is_single_bit(value):
            pass  # a multi-bit flag: a named alias, left out of iteration
        else:
            enum_class._member_names_.append(name)
        enum_class._member_map_[name] = enum_member
        try:
            enum_class._value2member_map_.setdefault(value, enum_member)
        except TypeError:
            enum_class._unhashable_values_.append(value)
        type.__setattr__(enum_class, name, enum_member)

    @classmethod
    def _get_mixins_(metacls, class_name, bases):
        if not bases:
            return object, Enum
        for base in bases:
            if isinstance(base, EnumType) and base._member_names_:
                raise TypeError("<enum %r> cannot extend %r" % (class_name, base))
        first_enum = bases[-1]
        if not isinstance(first_enum, EnumType):
            raise TypeError("new enumerations should be created as "
                            "`EnumName([mixin_type, ...] [data_type,] enum_type)`")
        return _data_type(bases), first_enum

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1, boundary=None):
        if names is None:
            return cls._lookup_(value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type, start=start,
                            boundary=boundary)

    def _lookup_(cls, value):
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for m in cls._member_map_.values():
                if m._value_ == value:
                    return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        raise TypeError("error in %s._missing_: returned %r instead of None or a valid member"
                        % (cls.__name__, result))

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1, boundary=None):
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        classdict = {}
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original, names, last_values = names, [], []
            for count, name in enumerate(original):
                value = cls._generate_next_value_(name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        for item in names:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        classdict["__module__"] = module if module is not None else "__main__"
        if qualname is not None:
            classdict["__qualname__"] = qualname
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    def __contains__(cls, value):
        if isinstance(value, cls):
            return value._name_ in cls._member_map_
        raise TypeError("unsupported operand type(s) for 'in': '%s' and '%s'"
                        % (type(value).__qualname__, cls.__class__.__qualname__))

    @DynamicClassAttribute
    def __members__(cls):
        return MappingProxyType(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % (cls.__name__,)
        return "<enum %r>" % (cls.__name__,)

    def __setattr__(cls, name, value):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("cannot reassign member %r" % (name,))
        super().__setattr__(name, value)

    def __delattr__(cls, name):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("%r cannot delete member %r." % (cls.__name__, name))
        super().__delattr__(name)

    def __dir__(cls):
        names = set(["__class__", "__doc__", "__members__", "__module__"])
        names.update(cls._member_names_)
        return sorted(names)


EnumMeta = EnumType
Flag = None
Enum = None
ReprEnum = None


def _data_type(bases):
    """The type an enumeration's members are instances of besides the
    enumeration: the first non-enum class with a __new__ of its own in
    the bases' MROs (int, str, a user's class), or an enum base's."""
    for base in bases:
        for klass in base.__mro__:
            if klass is object:
                continue
            if isinstance(klass, EnumType):
                if klass.__dict__.get("_member_type_", object) is not object:
                    return klass._member_type_
                continue
            if "__new__" in klass.__dict__ or klass.__module__ == "builtins":
                return klass
    return object


def _keep_enum_methods(enum_class, classdict, member_type, first_enum):
    """With a data type mixed in before the enum, its repr, str, format and
    pickling would win: the enum's stay, as CPython's EnumType keeps them
    (a ReprEnum keeps the data type's str and format). The data type's
    hash does win, as it comes first in the MRO."""
    repr_enum = ReprEnum is not None and issubclass(enum_class, ReprEnum)
    for name in ("__repr__", "__str__", "__format__", "__reduce_ex__"):
        if name in classdict or (repr_enum and name in ("__str__", "__format__")):
            continue
        owner = next((k for k in enum_class.__mro__ if name in k.__dict__), object)
        if not isinstance(owner, EnumType):
            type.__setattr__(enum_class, name, getattr(first_enum, name))
    if "__hash__" not in classdict:
        owner = next((k for k in enum_class.__mro__ if "__hash__" in k.__dict__), object)
        if isinstance(owner, EnumType) and owner.__dict__["__hash__"] is Enum.__dict__["__hash__"]:
            type.__setattr__(enum_class, "__hash__", member_type.__hash__)


def _own_new(enum_class):
    """A __new__ that the enumeration (or an enum base) defines itself."""
    for klass in enum_class.__mro__:
        if not isinstance(klass, EnumType):
            break
        new = klass.__dict__.get("__new__")
        if new is not None:
            return new.__func__ if isinstance(new, staticmethod) else new
    return None


def _new_member(cls, value):
    """A member made on the fly (a Flag's combination of bits)."""
    if cls._member_type_ is object:
        return object.__new__(cls)
    return cls._member_type_.__new__(cls, value)


class Enum(metaclass=EnumType):
    """A set of names bound to constant values: the members."""

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        try:
            last_value = sorted(last_values).pop()
        except TypeError:
            raise TypeError("unable to sort non-numeric values") from None
        try:
            return last_value + 1
        except TypeError:
            raise TypeError("unable to increment %r" % (last_value,)) from None

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        return "<%s.%s: %s>" % (self.__class__.__name__, self._name_, _value_repr(self.__class__, self._value_))

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __dir__(self):
        names = ["__class__", "__doc__", "__eq__", "__hash__", "__module__", "name", "value"]
        names += [n for n in self.__class__.__dict__ if not n.startswith("_")]
        return sorted(set(names))

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return getattr, (self.__class__, self._name_)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        """The name of the member."""
        return self._name_

    @property
    def value(self):
        """The value of the member."""
        return self._value_


class ReprEnum(Enum):
    """An enum whose str() and format() are those of its values; repr()
    stays the enum's."""

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)


class IntEnum(int, ReprEnum):
    """An enum whose members are also integers."""


class StrEnum(str, ReprEnum):
    """An enum whose members are also strings."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError("too many arguments for str(): %r" % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError("%r is not a string" % (values[0],))
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


class FlagBoundary(StrEnum):
    """What Flag(value) does with bits no member has."""
    STRICT = auto()
    CONFORM = auto()
    EJECT = auto()
    KEEP = auto()


STRICT, CONFORM, EJECT, KEEP = FlagBoundary


class Flag(Enum, boundary=STRICT):
    """Members are bits that combine with |, & and ^."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        try:
            high_bit = last_value.bit_length() - 1
        except Exception:
            raise TypeError("invalid flag value %r" % (last_value,)) from None
        return 2 ** (high_bit + 1)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        flag_mask = cls._flag_mask_
        if value < 0:
            value = max(cls._all_bits_ + 1, 2 ** value.bit_length()) + value
        unknown = value & ~flag_mask
        pseudo = _new_member(cls, value)
        pseudo._value_ = value
        names = [m._name_ for m in cls._iter_members_(value)]
        pseudo._name_ = "|".join(names) if names or unknown == 0 else None
        if unknown and names:
            pseudo._name_ += "|%s" % (unknown,)
        elif unknown:
            pseudo._name_ = None
        if value == 0:
            pseudo._name_ = None
        return cls._value2member_map_.setdefault(value, pseudo)

    @classmethod
    def _iter_members_(cls, value):
        for name in cls._member_names_:
            m = cls._member_map_[name]
            if m._value_ & value == m._value_ and m._value_:
                yield m

    def __iter__(self):
        return self.__class__._iter_members_(self._value_)

    def __len__(self):
        return bin(self._value_).count("1") if False else sum(1 for _ in self)

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __repr__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return "<%s: %r>" % (cls_name, self._value_)
        return "<%s.%s: %r>" % (cls_name, self._name_, self._value_)

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return "%s(%r)" % (cls_name, self._value_)
        return "%s.%s" % (cls_name, self._name_)

    def __bool__(self):
        return bool(self._value_)

    def _get_value(self, flag):
        if isinstance(flag, self.__class__):
            return flag._value_
        if self._member_type_ is not object and isinstance(flag, self._member_type_):
            return flag
        return NotImplemented

    def __or__(self, other):
        value = self._get_value(other)
        if value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ | value)

    def __and__(self, other):
        value = self._get_value(other)
        if value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ & value)

    def __xor__(self, other):
        value = self._get_value(other)
        if value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ ^ value)

    def __invert__(self):
        return self.__class__(self._flag_mask_ & ~self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """Flags that are also integers."""

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)

    __or__ = Flag.__or__
    __and__ = Flag.__and__
    __xor__ = Flag.__xor__
    __ror__ = Flag.__or__
    __rand__ = Flag.__and__
    __rxor__ = Flag.__xor__
    __invert__ = Flag.__invert__
    __iter__ = Flag.__iter__
    __len__ = Flag.__len__
    __contains__ = Flag.__contains__
    __bool__ = Flag.__bool__
    __repr__ = Flag.__repr__


def unique(enumeration):
    """A class decorator that refuses aliases (two names, one value)."""
    duplicates = [(name, m.name) for name, m in enumeration.__members__.items() if name != m.name]
    if duplicates:
        alias_details = ", ".join(["%s -> %s" % (alias, name) for (alias, name) in duplicates])
        raise ValueError("duplicate values found in %r: %s" % (enumeration, alias_details))
    return enumeration


class EnumCheck(StrEnum):
    """The checks verify() can make."""
    CONTINUOUS = "no skipped integer values"
    NAMED_FLAGS = "multi-flag aliases may not contain unnamed flags"
    UNIQUE = "one name per value"


CONTINUOUS, NAMED_FLAGS, UNIQUE = EnumCheck


class verify:
    """A class decorator that makes the EnumCheck checks it is given."""

    def __init__(self, *checks):
        self.checks = checks

    def __call__(self, enumeration):
        name = enumeration.__name__
        for check in self.checks:
            if check is UNIQUE:
                unique(enumeration)
            elif check is CONTINUOUS:
                values = sorted(set(m.value for m in enumeration))
                if len(values) >= 2:
                    low, high = values[0], values[-1]
                    missing = [v for v in range(low, high) if v not in values]
                    if missing:
                        raise ValueError("invalid %s %r: missing values %s"
                                         % ("enum", name, ", ".join(str(v) for v in missing)))
        return enumeration


def global_enum_repr(self):
    module = self.__class__.__module__.split(".")[-1]
    return "%s.%s" % (module, self._name_)


def global_flag_repr(self):
    module = self.__class__.__module__.split(".")[-1]
    if self._name_ is None:
        return "%s.%s(%r)" % (module, self.__class__.__name__, self._value_)
    return "|".join("%s.%s" % (module, n) for n in self._name_.split("|"))


def global_str(self):
    if self._name_ is None:
        return "%s(%r)" % (self.__class__.__name__, self._value_)
    return self._name_


def global_enum(cls, update_str=False):
    """A class decorator that puts the members in their module's globals
    and shows them as module.NAME."""
    if issubclass(cls, Flag):
        type.__setattr__(cls, "__repr__", global_flag_repr)
    else:
        type.__setattr__(cls, "__repr__", global_enum_repr)
    if not issubclass(cls, ReprEnum) or update_str:
        type.__setattr__(cls, "__str__", global_str)
    module = sys.modules.get(cls.__module__)
    if module is not None:
        for name, m in cls.__members__.items():
            setattr(module, name, m)
    return cls


def pickle_by_global_name(self, proto):
    return self.name


def pickle_by_enum_name(self, proto):
    return getattr, (self.__class__, self._name_)
