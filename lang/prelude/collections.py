# collections.py: the parts of Python's collections module that PyTorch's
# own code and its printed output use: OrderedDict (state_dict prints as
# one) and defaultdict (an optimizer's state).
# Not the real thing: both wrap a dict instead of being dict subclasses
# (the language does not subclass dict yet), so isinstance(x, dict) is
# False for them; namedtuple, Counter and deque are not here.


class _View:
    """odict_keys / odict_values / odict_items: a dict view that prints
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
        return reversed(list(self._view))

    def __eq__(self, other):
        if isinstance(other, _View):
            other = other._view
        return self._view == other

    def __sub__(self, other):
        return set(self._view) - set(other)

    def __and__(self, other):
        return set(self._view) & set(other)

    def __or__(self, other):
        return set(self._view) | set(other)

    def __repr__(self):
        return '{}({!r})'.format(self._name, list(self._view))


class OrderedDict:
    def __init__(self, other=(), **kwargs):
        self._d = {}
        self.update(other, **kwargs)

    def update(self, other=(), **kwargs):
        if hasattr(other, 'keys'):
            for k in other.keys():
                self._d[k] = other[k]
        else:
            for k, v in other:
                self._d[k] = v
        for k in kwargs:
            self._d[k] = kwargs[k]

    def __getitem__(self, key):
        return self._d[key]

    def __setitem__(self, key, value):
        self._d[key] = value

    def __delitem__(self, key):
        del self._d[key]

    def __contains__(self, key):
        return key in self._d

    def __len__(self):
        return len(self._d)

    def __iter__(self):
        return iter(self._d)

    def __reversed__(self):
        return reversed(list(self._d))

    def keys(self):
        return _View('odict_keys', self._d.keys())

    def values(self):
        return _View('odict_values', self._d.values())

    def items(self):
        return _View('odict_items', self._d.items())

    def get(self, key, default=None):
        return self._d.get(key, default)

    def setdefault(self, key, default=None):
        return self._d.setdefault(key, default)

    def pop(self, key, *default):
        return self._d.pop(key, *default)

    def popitem(self, last=True):
        if not self._d:
            raise KeyError('dictionary is empty')
        key = list(self._d)[-1 if last else 0]
        return key, self._d.pop(key)

    def move_to_end(self, key, last=True):
        value = self._d.pop(key)
        if last:
            self._d[key] = value
        else:
            rest = self._d
            self._d = {key: value}
            self._d.update(rest)

    def clear(self):
        self._d.clear()

    def copy(self):
        return type(self)(self)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return list(self._d.items()) == list(other._d.items())
        if isinstance(other, dict):
            return self._d == other
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __repr__(self):
        if not self._d:
            return type(self).__name__ + '()'
        return type(self).__name__ + '(' + repr(list(self._d.items())) + ')'


class defaultdict:
    def __init__(self, default_factory=None, *args, **kwargs):
        self.default_factory = default_factory
        self._d = dict(*args, **kwargs)

    def __getitem__(self, key):
        d = self._d
        if key in d:
            return d[key]
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        d[key] = value
        return value

    def __setitem__(self, key, value):
        self._d[key] = value

    def __delitem__(self, key):
        del self._d[key]

    def __contains__(self, key):
        return key in self._d

    def __len__(self):
        return len(self._d)

    def __iter__(self):
        return iter(self._d)

    def keys(self):
        return self._d.keys()

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def get(self, key, default=None):
        return self._d.get(key, default)

    def setdefault(self, key, default=None):
        return self._d.setdefault(key, default)

    def pop(self, key, *default):
        return self._d.pop(key, *default)

    def update(self, *args, **kwargs):
        self._d.update(*args, **kwargs)

    def clear(self):
        self._d.clear()

    def copy(self):
        return defaultdict(self.default_factory, self._d)

    def __eq__(self, other):
        if isinstance(other, defaultdict):
            return self._d == other._d
        return self._d == other

    def __repr__(self):
        return 'defaultdict({!r}, {!r})'.format(self.default_factory, self._d)
