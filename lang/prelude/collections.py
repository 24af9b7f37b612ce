# collections.py: the container types of Python's collections module,
# written for cgrad. deque is C (_collections, stdlib/deque.c: queues run
# in hot loops); defaultdict, OrderedDict and Counter are dict subclasses;
# namedtuple makes tuple subclasses; ChainMap and the User* wrappers are
# plain classes over collections.abc.
# Not here: subclassing deque (see stdlib/deque.c).
import sys as _sys
from types import GenericAlias as _GenericAlias
from keyword import iskeyword as _iskeyword
from operator import itemgetter as _itemgetter
from _collections import deque
import collections.abc as _abc

__all__ = ['ChainMap', 'Counter', 'OrderedDict', 'UserDict', 'UserList', 'UserString',
           'defaultdict', 'deque', 'namedtuple']

_abc.MutableSequence.register(deque)
abc = _abc


def _repr_once(fn):
    """Wraps a __repr__ so that a container holding itself prints '...'
    (functools.recursive_repr's guard; functools imports this module, so
    it cannot lend its own)."""
    running = set()

    def wrapper(self):
        key = id(self)
        if key in running:
            return '...'
        running.add(key)
        try:
            return fn(self)
        finally:
            running.discard(key)
    wrapper.__name__ = fn.__name__
    wrapper.__qualname__ = getattr(fn, '__qualname__', fn.__name__)
    return wrapper


def _deepcopy_by_reduce(self, memo):
    """__deepcopy__ of the dict subclasses here: rebuilds self from its
    __reduce__ (class, args, state, list items, dict items), as copy does
    through __reduce_ex__ in CPython; here until prelude/copy.py follows
    __reduce_ex__ itself."""
    from copy import deepcopy
    parts = self.__reduce__()
    cls, args, state, _, items = parts + (None,) * (5 - len(parts))
    y = cls(*deepcopy(args, memo))
    memo[id(self)] = y
    if state:
        y.__dict__.update(deepcopy(state, memo))
    for k, v in (items if items is not None else ()):
        y[deepcopy(k, memo)] = deepcopy(v, memo)
    return y


# ---- OrderedDict -------------------------------------------------------------

class _OrderedView:
    """odict_keys / odict_values / odict_items: the dict's view, printed
    under OrderedDict's names."""

    def __init__(self, name, view):
        self._name = name
        self._view = view

    def __iter__(self):
        return iter(self._view)

    def __len__(self):
        return len(self._view)

    def __contains__(self, x):
        return x in self._view

    def __reversed__(self):
        return reversed(self._view)

    def __eq__(self, other):
        if isinstance(other, _OrderedView):
            other = other._view
        return self._view == other

    def __sub__(self, other):
        return set(self._view) - set(other)

    def __and__(self, other):
        return set(self._view) & set(other)

    def __or__(self, other):
        return set(self._view) | set(other)

    def __xor__(self, other):
        return set(self._view) ^ set(other)

    def isdisjoint(self, other):
        return set(self._view).isdisjoint(other)

    @property
    def mapping(self):
        return self._view.mapping

    def __repr__(self):
        return '{}({!r})'.format(self._name, list(self._view))


class OrderedDict(dict):
    'Dictionary that remembers insertion order'

    __class_getitem__ = classmethod(_GenericAlias)

    def popitem(self, last=True):
        """Remove and return a (key, value) pair from the dictionary.

        Pairs are returned in LIFO order if last is true or FIFO order if false."""
        if not self:
            raise KeyError('dictionary is empty')
        key = next(reversed(self)) if last else next(iter(self))
        return key, dict.pop(self, key)

    def move_to_end(self, key, last=True):
        """Move an existing element to the end (or beginning if last is false)."""
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
            return
        rest = list(dict.items(self))
        dict.clear(self)
        dict.__setitem__(self, key, value)
        for k, v in rest:
            dict.__setitem__(self, k, v)

    def keys(self):
        return _OrderedView('odict_keys', dict.keys(self))

    def values(self):
        return _OrderedView('odict_values', dict.values(self))

    def items(self):
        return _OrderedView('odict_items', dict.items(self))

    def copy(self):
        'od.copy() -> a shallow copy of od'
        return self.__class__(self)

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(dict.keys(self)) == list(dict.keys(other))
        return dict.__eq__(self, other)

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None

    def __reduce__(self):
        state = vars(self).copy() or None
        return self.__class__, (), state, None, iter(list(dict.items(self)))

    __deepcopy__ = _deepcopy_by_reduce

    def __copy__(self):
        y = self.__class__(self)
        y.__dict__.update(vars(self))
        return y

    @_repr_once
    def __repr__(self):
        if not self:
            return '%s()' % (self.__class__.__name__,)
        return '%s(%r)' % (self.__class__.__name__, list(dict.items(self)))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.__class__(self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.__class__(other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


# ---- defaultdict -------------------------------------------------------------

class defaultdict(dict):
    """defaultdict(default_factory=None, /, [...]) --> dict with default factory"""

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        self.default_factory = default_factory
        dict.__init__(self, *args, **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def copy(self):
        return self.__class__(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        args = (self.default_factory,) if self.default_factory is not None else ()
        return self.__class__, args, None, None, iter(list(dict.items(self)))

    __deepcopy__ = _deepcopy_by_reduce

    @_repr_once
    def __repr__(self):
        f = self.default_factory
        inner = repr(f) if not isinstance(f, defaultdict) else '...'
        return '%s(%s, %s)' % (self.__class__.__name__, inner, dict.__repr__(self))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.__class__(self.default_factory, other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


# ---- namedtuple -----------------------------------------------------------------

_tuple_new = tuple.__new__


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Returns a new subclass of tuple with named fields."""
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = _sys.intern(str(typename)) if hasattr(_sys, 'intern') else str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or _iskeyword(name) or name.startswith('_')
                    or name in seen):
                field_names[index] = '_%d' % index
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid identifiers: %r' % name)
        if _iskeyword(name):
            raise ValueError('Type names and field names cannot be a keyword: %r' % name)
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: %r' % name)
        if name in seen:
            raise ValueError('Encountered duplicate field name: %r' % name)
        seen.add(name)

    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(field_names), reversed(defaults)))))

    field_names = tuple(field_names)
    num_fields = len(field_names)
    arg_list = ', '.join(field_names)
    if num_fields == 1:
        arg_list += ','
    repr_fmt = '(' + ', '.join('%s=%%r' % name for name in field_names) + ')'

    namespace = {'_tuple_new': _tuple_new, '__builtins__': {}, '__name__': 'namedtuple_%s' % typename}
    # the defaults go in the parameter list (_d0, _d1, ... name them)
    params = list(field_names)
    first = num_fields - len(field_defaults)
    for k in range(first, num_fields):
        namespace['_d%d' % k] = field_defaults[field_names[k]]
        params[k] = '%s=_d%d' % (field_names[k], k)
    # made in a class of the type's name, so that its errors name Point.__new__
    code = 'class %s:\n    def __new__(_cls, %s): return _tuple_new(_cls, (%s))\n' % (
        typename, ', '.join(params), arg_list)
    exec(code, namespace)
    __new__ = namespace[typename].__dict__['__new__']
    if isinstance(__new__, staticmethod):
        __new__ = __new__.__func__
    __new__.__doc__ = 'Create new instance of %s(%s)' % (typename, ', '.join(field_names))

    @classmethod
    def _make(cls, iterable):
        result = _tuple_new(cls, iterable)
        if len(result) != num_fields:
            raise TypeError('Expected %d arguments, got %d' % (num_fields, len(result)))
        return result

    def _replace(self, /, **kwds):
        result = self._make(map(kwds.pop, field_names, self))
        if kwds:
            raise ValueError('Got unexpected field names: %r' % list(kwds))
        return result

    def __repr__(self):
        return self.__class__.__name__ + repr_fmt % tuple(self)

    def _asdict(self):
        'Return a new dict which maps field names to their values.'
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        'Return self as a plain tuple.  Used by copy and pickle.'
        return tuple(self)

    class_namespace = {
        '__doc__': '%s(%s)' % (typename, ', '.join(field_names)),
        '__slots__': (),
        '_fields': field_names,
        '_field_defaults': field_defaults,
        '__new__': __new__,
        '_make': _make,
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__match_args__': field_names,
    }
    for index, name in enumerate(field_names):
        class_namespace[name] = property(_itemgetter(index))

    result = type(typename, (tuple,), class_namespace)
    for fn in (__new__, _make.__func__, _replace, __repr__, _asdict, __getnewargs__):
        try:
            fn.__qualname__ = '%s.%s' % (typename, fn.__name__)
        except (AttributeError, TypeError):
            pass
    if module is None:
        try:
            module = _sys._getframe(1).f_globals.get('__name__', '__main__')
        except (AttributeError, ValueError):
            module = '__main__'
    result.__module__ = module
    return result


# ---- Counter ----------------------------------------------------------------------

def _merge_counts(counter, other, combine, only_other):
    """Counter's + - | &: a new Counter of combine(count, other's count) for
    each element of counter and only_other(count) for those only other has
    (None: left out), keeping only positive counts."""
    if not isinstance(other, Counter):
        return NotImplemented
    result = Counter()
    for elem, count in counter.items():
        newcount = combine(count, other[elem])
        if newcount > 0:
            result[elem] = newcount
    if only_other is not None:
        for elem, count in other.items():
            if elem not in counter:
                newcount = only_other(count)
                if newcount > 0:
                    result[elem] = newcount
    return result


class Counter(dict):
    """Dict subclass for counting hashable items."""

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        'The count of elements not in the Counter is zero.'
        return 0

    def total(self):
        'Sum of the counts'
        return sum(self.values())

    def most_common(self, n=None):
        """List the n most common elements and their counts from the most
        common to the least.  If n is None, then list all element counts."""
        ordered = sorted(self.items(), key=_itemgetter(1), reverse=True)
        return ordered if n is None else ordered[:max(n, 0)]

    def elements(self):
        """Iterator over elements repeating each as many times as its count."""
        for elem, count in list(self.items()):
            for _ in range(count):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        """Like dict.update() but add counts instead of replacing them."""
        if iterable is not None:
            if isinstance(iterable, _abc.Mapping):
                if self:
                    for elem, count in iterable.items():
                        self[elem] = count + self.get(elem, 0)
                else:
                    dict.update(self, iterable)
            else:
                get = self.get
                for elem in iterable:
                    self[elem] = get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        """Like dict.update() but subtracts counts instead of replacing them."""
        if iterable is not None:
            if isinstance(iterable, _abc.Mapping):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        'Return a shallow copy.'
        return self.__class__(self)

    def __reduce__(self):
        return self.__class__, (dict(self),)

    __deepcopy__ = _deepcopy_by_reduce
    __copy__ = copy

    def __delitem__(self, elem):
        'Like dict.__delitem__() but does not raise KeyError for missing values.'
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        try:
            d = dict(self.most_common())
        except TypeError:
            d = dict(self)
        return f'{self.__class__.__name__}({d!r})'

    # Comparisons treat missing elements as having zero counts (3.10).
    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    __hash__ = None

    def __add__(self, other):
        return _merge_counts(self, other, lambda a, b: a + b, lambda c: c)

    def __sub__(self, other):
        return _merge_counts(self, other, lambda a, b: a - b, lambda c: 0 - c)

    def __or__(self, other):
        return _merge_counts(self, other, lambda a, b: b if a < b else a, lambda c: c)

    def __and__(self, other):
        return _merge_counts(self, other, lambda a, b: a if a < b else b, None)

    def __pos__(self):
        'Adds an empty counter, effectively stripping negative and zero counts'
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        for elem in [e for e, c in self.items() if not c > 0]:
            dict.__delitem__(self, elem)
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in list(self.items()):
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


# ---- ChainMap ----------------------------------------------------------------------

class ChainMap(_abc.MutableMapping):
    """A ChainMap groups multiple dicts (or other mappings) together to
    create a single, updateable view."""

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(set().union(*self.maps))

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            d.update(dict.fromkeys(mapping))
        return iter(d)

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    @_repr_once
    def __repr__(self):
        return f'{self.__class__.__name__}({", ".join(map(repr, self.maps))})'

    @classmethod
    def fromkeys(cls, iterable, *args):
        return cls(dict.fromkeys(iterable, *args))

    def copy(self):
        'New ChainMap or subclass with a new copy of maps[0] and refs to maps[1:]'
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        """New ChainMap with a new map followed by all previous maps."""
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        'New ChainMap from maps[1:].'
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def popitem(self):
        'Remove and return an item pair from maps[0]. Raise KeyError is maps[0] is empty.'
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.')

    def pop(self, key, *args):
        'Remove *key* from maps[0] and return its value. Raise KeyError if *key* not in maps[0].'
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def clear(self):
        'Clear maps[0], leaving maps[1:] intact.'
        self.maps[0].clear()

    def __ior__(self, other):
        self.maps[0].update(other)
        return self

    def __or__(self, other):
        if not isinstance(other, _abc.Mapping):
            return NotImplemented
        m = self.copy()
        m.maps[0].update(other)
        return m

    def __ror__(self, other):
        if not isinstance(other, _abc.Mapping):
            return NotImplemented
        m = dict(other)
        for child in reversed(self.maps):
            m.update(child)
        return self.__class__(m)


# ---- UserDict, UserList, UserString ---------------------------------------------------

class UserDict(_abc.MutableMapping):
    """A dict held in .data, for subclassing."""

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, '__missing__'):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def __repr__(self):
        return repr(self.data)

    def __or__(self, other):
        if isinstance(other, UserDict):
            return self.__class__(self.data | other.data)
        if isinstance(other, dict):
            return self.__class__(self.data | other)
        return NotImplemented

    def __ror__(self, other):
        if isinstance(other, UserDict):
            return self.__class__(other.data | self.data)
        if isinstance(other, dict):
            return self.__class__(other | self.data)
        return NotImplemented

    def __ior__(self, other):
        if isinstance(other, UserDict):
            self.data |= other.data
        else:
            self.data |= other
        return self

    def __copy__(self):
        inst = self.__class__.__new__(self.__class__)
        inst.__dict__.update(self.__dict__)
        inst.__dict__['data'] = self.__dict__['data'].copy()
        return inst

    def copy(self):
        if self.__class__ is UserDict:
            return UserDict(self.data.copy())
        import copy
        data = self.data
        try:
            self.data = {}
            c = copy.copy(self)
        finally:
            self.data = data
        c.update(self)
        return c

    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for key in iterable:
            d[key] = value
        return d


class UserList(_abc.MutableSequence):
    """A list held in .data, for subclassing."""

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if type(initlist) == type(self.data):
                self.data[:] = initlist
            elif isinstance(initlist, UserList):
                self.data[:] = initlist.data[:]
            else:
                self.data = list(initlist)

    def __repr__(self):
        return repr(self.data)

    def __lt__(self, other):
        return self.data < self.__cast(other)

    def __le__(self, other):
        return self.data <= self.__cast(other)

    def __eq__(self, other):
        return self.data == self.__cast(other)

    def __gt__(self, other):
        return self.data > self.__cast(other)

    def __ge__(self, other):
        return self.data >= self.__cast(other)

    def __cast(self, other):
        return other.data if isinstance(other, UserList) else other

    __hash__ = None

    def __contains__(self, item):
        return item in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.__class__(self.data[i])
        return self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def __add__(self, other):
        if isinstance(other, UserList):
            return self.__class__(self.data + other.data)
        elif isinstance(other, type(self.data)):
            return self.__class__(self.data + other)
        return self.__class__(self.data + list(other))

    def __radd__(self, other):
        if isinstance(other, UserList):
            return self.__class__(other.data + self.data)
        elif isinstance(other, type(self.data)):
            return self.__class__(other + self.data)
        return self.__class__(list(other) + self.data)

    def __iadd__(self, other):
        if isinstance(other, UserList):
            self.data += other.data
        elif isinstance(other, type(self.data)):
            self.data += other
        else:
            self.data += list(other)
        return self

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def __imul__(self, n):
        self.data *= n
        return self

    def __copy__(self):
        inst = self.__class__.__new__(self.__class__)
        inst.__dict__.update(self.__dict__)
        inst.__dict__['data'] = self.__dict__['data'][:]
        return inst

    def append(self, item):
        self.data.append(item)

    def insert(self, i, item):
        self.data.insert(i, item)

    def pop(self, i=-1):
        return self.data.pop(i)

    def remove(self, item):
        self.data.remove(item)

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def count(self, item):
        return self.data.count(item)

    def index(self, item, *args):
        return self.data.index(item, *args)

    def reverse(self):
        self.data.reverse()

    def sort(self, /, *args, **kwds):
        self.data.sort(*args, **kwds)

    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)


class UserString(_abc.Sequence):
    """A str held in .data, for subclassing."""

    def __init__(self, seq):
        if isinstance(seq, str):
            self.data = seq
        elif isinstance(seq, UserString):
            self.data = seq.data[:]
        else:
            self.data = str(seq)

    def __str__(self):
        return str(self.data)

    def __repr__(self):
        return repr(self.data)

    def __int__(self):
        return int(self.data)

    def __float__(self):
        return float(self.data)

    def __complex__(self):
        return complex(self.data)

    def __hash__(self):
        return hash(self.data)

    def __getnewargs__(self):
        return (self.data[:],)

    def _cast(self, other):
        return other.data if isinstance(other, UserString) else other

    def __eq__(self, string):
        return self.data == self._cast(string)

    def __lt__(self, string):
        return self.data < self._cast(string)

    def __le__(self, string):
        return self.data <= self._cast(string)

    def __gt__(self, string):
        return self.data > self._cast(string)

    def __ge__(self, string):
        return self.data >= self._cast(string)

    def __contains__(self, char):
        return self._cast(char) in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.__class__(self.data[index])

    def __add__(self, other):
        if isinstance(other, UserString):
            return self.__class__(self.data + other.data)
        elif isinstance(other, str):
            return self.__class__(self.data + other)
        return self.__class__(self.data + str(other))

    def __radd__(self, other):
        if isinstance(other, str):
            return self.__class__(other + self.data)
        return self.__class__(str(other) + self.data)

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def __mod__(self, args):
        return self.__class__(self.data % args)

    def __rmod__(self, template):
        return self.__class__(str(template) % self)

    def capitalize(self):
        return self.__class__(self.data.capitalize())

    def casefold(self):
        return self.__class__(self.data.casefold())

    def center(self, width, *args):
        return self.__class__(self.data.center(width, *args))

    def count(self, sub, start=0, end=_sys.maxsize):
        return self.data.count(self._cast(sub), start, end)

    def removeprefix(self, prefix, /):
        return self.__class__(self.data.removeprefix(self._cast(prefix)))

    def removesuffix(self, suffix, /):
        return self.__class__(self.data.removesuffix(self._cast(suffix)))

    def encode(self, encoding='utf-8', errors='strict'):
        return self.data.encode(encoding, errors)

    def endswith(self, suffix, start=0, end=_sys.maxsize):
        return self.data.endswith(suffix, start, end)

    def expandtabs(self, tabsize=8):
        return self.__class__(self.data.expandtabs(tabsize))

    def find(self, sub, start=0, end=_sys.maxsize):
        return self.data.find(self._cast(sub), start, end)

    def format(self, /, *args, **kwds):
        return self.data.format(*args, **kwds)

    def format_map(self, mapping):
        return self.data.format_map(mapping)

    def index(self, sub, start=0, end=_sys.maxsize):
        return self.data.index(self._cast(sub), start, end)

    def isalpha(self):
        return self.data.isalpha()

    def isalnum(self):
        return self.data.isalnum()

    def isascii(self):
        return self.data.isascii()

    def isdecimal(self):
        return self.data.isdecimal()

    def isdigit(self):
        return self.data.isdigit()

    def isidentifier(self):
        return self.data.isidentifier()

    def islower(self):
        return self.data.islower()

    def isnumeric(self):
        return self.data.isnumeric()

    def isprintable(self):
        return self.data.isprintable()

    def isspace(self):
        return self.data.isspace()

    def istitle(self):
        return self.data.istitle()

    def isupper(self):
        return self.data.isupper()

    def join(self, seq):
        return self.data.join(seq)

    def ljust(self, width, *args):
        return self.__class__(self.data.ljust(width, *args))

    def lower(self):
        return self.__class__(self.data.lower())

    def lstrip(self, chars=None):
        return self.__class__(self.data.lstrip(chars))

    if hasattr(str, 'maketrans'):
        maketrans = str.maketrans

    def partition(self, sep):
        return self.data.partition(sep)

    def replace(self, old, new, maxsplit=-1):
        return self.__class__(self.data.replace(self._cast(old), self._cast(new), maxsplit))

    def rfind(self, sub, start=0, end=_sys.maxsize):
        return self.data.rfind(self._cast(sub), start, end)

    def rindex(self, sub, start=0, end=_sys.maxsize):
        return self.data.rindex(self._cast(sub), start, end)

    def rjust(self, width, *args):
        return self.__class__(self.data.rjust(width, *args))

    def rpartition(self, sep):
        return self.data.rpartition(sep)

    def rstrip(self, chars=None):
        return self.__class__(self.data.rstrip(chars))

    def split(self, sep=None, maxsplit=-1):
        return self.data.split(sep, maxsplit)

    def rsplit(self, sep=None, maxsplit=-1):
        return self.data.rsplit(sep, maxsplit)

    def splitlines(self, keepends=False):
        return self.data.splitlines(keepends)

    def startswith(self, prefix, start=0, end=_sys.maxsize):
        return self.data.startswith(prefix, start, end)

    def strip(self, chars=None):
        return self.__class__(self.data.strip(chars))

    def swapcase(self):
        return self.__class__(self.data.swapcase())

    def title(self):
        return self.__class__(self.data.title())

    def translate(self, *args):
        return self.__class__(self.data.translate(*args))

    def upper(self):
        return self.__class__(self.data.upper())

    def zfill(self, width):
        return self.__class__(self.data.zfill(width))
