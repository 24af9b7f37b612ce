# collections: defaultdict, OrderedDict, Counter, namedtuple, ChainMap and
# the User* wrappers, printed and compared as CPython's.
import collections
import collections.abc
from collections import ChainMap, Counter, OrderedDict, UserDict, UserList, UserString, defaultdict, namedtuple

print(sorted(n for n in dir(collections) if not n.startswith('_')))

# defaultdict
d = defaultdict(list)
d['a'].append(1); d['b']; d['a'].append(2)
print(d, isinstance(d, dict), d.default_factory, len(d), 'c' in d)
print(defaultdict(int), defaultdict(None, {1: 2}), defaultdict(int, a=1), d.copy())
words = defaultdict(int)
for w in 'the cat the dog the end'.split():
    words[w] += 1
print(dict(words), words.get('zzz'), 'zzz' in words)
try:
    defaultdict(None)['x']
except KeyError as e:
    print('KeyError', e)
try:
    defaultdict(3)
except TypeError as e:
    print('TypeError', e)
print(defaultdict(list, a=[1]) | {'b': [2]}, type(defaultdict(list) | {}).__name__)

# OrderedDict
o = OrderedDict(a=1, b=2, c=3)
o.move_to_end('a'); print(o)
o.move_to_end('c', last=False); print(o)
print(o.popitem(), o.popitem(last=False), o, OrderedDict())
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == dict(b=2, a=1), dict(b=2, a=1) == OrderedDict(a=1, b=2))
print(o.keys(), o.values(), o.items(), list(reversed(OrderedDict(x=1, y=2))))
print(OrderedDict.fromkeys('xy', 0), isinstance(o, dict), OrderedDict([('k', 1)]).copy())
try:
    OrderedDict().popitem()
except KeyError as e:
    print('KeyError', e)
try:
    OrderedDict().move_to_end('q')
except KeyError as e:
    print('KeyError', e)

# Counter
c = Counter('abracadabra')
print(c, c.most_common(2), c.most_common(), c.total(), sorted(c.elements()))
c.update('aaz'); c.subtract({'b': 5}); print(c)
c.update({'q': 2}, r=1); print(c['q'], c['r'], c['nothing'])
del c['nothing']; del c['a']; print(c)
print(Counter(a=3, b=1) + Counter(a=1, b=2), Counter(a=3, b=1) - Counter(a=1, b=2))
print(Counter(a=3, b=1) | Counter(a=1, b=2), Counter(a=3, b=1) & Counter(a=1, b=2))
print(-Counter(a=-2, b=3), +Counter(a=-2, b=3), Counter())
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) <= Counter(a=2), Counter(a=2) < Counter(a=2), Counter(a=3) > Counter(a=2))
acc = Counter(a=1); acc += Counter(a=2, b=-1); print(acc)
acc -= Counter(a=1); print(acc)
print(Counter({'x': 2, 'y': 5}).most_common(1), Counter(['a', 'b', 'a']) == {'a': 2, 'b': 1})
try:
    Counter.fromkeys('ab')
except NotImplementedError as e:
    print('NotImplementedError', e)

# namedtuple
Point = namedtuple('Point', 'x y', defaults=[0])
p = Point(1)
print(p, p.x, p.y, p[0], Point._fields, Point._field_defaults, p._asdict(), p._replace(y=5), Point._make([3, 4]))
print(Point.__module__, isinstance(p, tuple), Point.__doc__, Point.__new__.__doc__, p == (1, 0), hash(p) == hash((1, 0)))
x, y = p
print(x, y, Point(y=2, x=1), Point.__match_args__, len(p), p + (5,))
P3 = namedtuple('P3', ['a', 'b', 'c'], module='geometry')
print(P3(1, 2, 3), P3.__module__, P3.__name__)
for bad in [lambda: Point(1, 2, 3), lambda: Point(), lambda: Point._make([1]), lambda: p._replace(z=1),
            lambda: namedtuple('R', 'a a'), lambda: namedtuple('R', 'a _b'), lambda: namedtuple('R', 'a class'),
            lambda: namedtuple('R', 'a 1b'), lambda: namedtuple('R', 'a', defaults=[1, 2])]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(namedtuple('R', ['a', 'def', 'a', '_x'], rename=True)._fields)

# ChainMap
cm = ChainMap({'a': 1}, {'a': 2, 'b': 3})
print(cm, cm['a'], cm['b'], len(cm), list(cm), cm.get('z', 'none'), 'b' in cm)
print(cm.new_child(), cm.new_child({'z': 0}), cm.parents, cm.maps)
cm['c'] = 5; print(cm.maps[0]); del cm['c']
try:
    del cm['b']
except KeyError as e:
    print('KeyError', e)
try:
    cm['missing']
except KeyError as e:
    print('KeyError', e)
print(dict(cm), ChainMap(), bool(ChainMap({})), cm | {'q': 1})

# UserDict, UserList, UserString
u = UserDict(a=1); u['b'] = 2
print(u, len(u), u.data, isinstance(u, collections.abc.MutableMapping), u.get('x', 9), 'a' in u, u.copy())
ul = UserList([3, 1, 2]); ul.sort(); ul.append(4)
print(ul, ul[1:], ul + [5], type(ul[1:]).__name__, ul == [1, 2, 3, 4], ul.pop(), ul.index(2), ul * 2)
us = UserString('hello')
print(us, us.upper(), us[1:3], len(us), us + '!', repr(us), us.split('l'), 'ell' in us, us == 'hello')

# copies keep the type, the order and the default factory
import copy
for orig in [OrderedDict([('b', [1]), ('a', [2])]), defaultdict(list, x=[1]), Counter('hello')]:
    shallow, deep = copy.copy(orig), copy.deepcopy(orig)
    print(type(shallow).__name__, shallow, deep, shallow == orig, deep == orig)
dd = copy.deepcopy(defaultdict(list, x=[1])); dd['new'].append(1); print(dd)

# a namedtuple's __match_args__ in a class pattern
match Point(3, 4):
    case Point(x, y=4):
        print('matched', x)

# PEP 585 aliases of the collections classes
print(OrderedDict[str, int], collections.deque[int], Counter[str], defaultdict[str, list], ChainMap[str, int], UserList[int])
