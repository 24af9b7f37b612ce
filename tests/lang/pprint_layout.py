# pprint against CPython: widths, indents, depth, compact, sort_dicts,
# underscore_numbers, long strings and bytes, sets, nested containers,
# recursion, dataclasses, collections and the module's helpers.
import pprint
import io
import collections
import dataclasses

data = {'name': 'cgrad', 'numbers': list(range(30)), 'nested': {'a': [1, 2, {'deep': ('x', 'y') * 5}],
        'b': None, 'c': 3.25}, 'text': 'the quick brown fox jumps over the lazy dog ' * 4,
        'bytes': bytes(range(40)), 'set': set(range(15)), 'fs': frozenset(range(100, 116)),
        'tuple1': (1,), 'empty': [[], {}, (), set(), '', b''], 'ba': bytearray(b'abcdefghij' * 6)}
pprint.pprint(data)
pprint.pprint(data, width=40, indent=4)
pprint.pprint(data, depth=2)
pprint.pprint(data, compact=True, width=50)
pprint.pprint(data, sort_dicts=False, width=60)
pprint.pp(data, width=100)
print(pprint.pformat(list(range(100)), compact=True))
print(pprint.pformat([10**12, 123456789, {'k': 2**70}], underscore_numbers=True, width=20))
print(pprint.pformat('x' * 200))
print(pprint.pformat(['line one\nline two ' * 5], width=30))
print(pprint.pformat((('a' * 30, 'b' * 30), ['c' * 30]), width=50))
print(pprint.pformat({3: 'c', 1: 'a', 'z': 0, (1, 2): 'tuple', None: 'none'}, width=20))
print(pprint.pformat({1, 'a', 2.5, None, (1,)}, width=10))
for w in (1, 5, 10, 25):
    print(pprint.pformat([[1, 2, [3, 4, [5, 6]]], {'k': [7, 8]}], width=w))

lst = [1, 2]
lst.append(lst)
d = {'self': None}
d['self'] = d
print(pprint.pformat(lst).replace(str(id(lst)), 'ID'), pprint.saferepr(d).replace(str(id(d)), 'ID'))
print(pprint.isrecursive(lst), pprint.isrecursive([1]), pprint.isreadable([1, 'a']), pprint.isreadable(object()),
      pprint.isreadable(lst))
print(pprint.saferepr({'b': 1, 'a': [2, 3]}), pprint.saferepr((1,)))
big = [lst, 'x' * 70]
print(pprint.pformat(big).replace(str(id(lst)), 'ID'))


@dataclasses.dataclass
class Point:
    x: int
    y: int
    label: str = 'point'


print(pprint.pformat(Point(1, 2)))
print(pprint.pformat([Point(10**10, 20**10, 'a long label ' * 3)] * 2, width=40))
od = collections.OrderedDict((str(i), i) for i in range(12))
print(pprint.pformat(od, width=40))
print(pprint.pformat(collections.OrderedDict()))
dd = collections.defaultdict(list, {'a': list(range(20)), 'b': [1]})
print(pprint.pformat(dd, width=40))

stream = io.StringIO()
printer = pprint.PrettyPrinter(indent=2, width=30, stream=stream)
printer.pprint({'alpha': list(range(10)), 'beta': ('x', 'y')})
print(stream.getvalue(), end='')
print(printer.pformat('short'), printer.isreadable({1: 2}), printer.isrecursive(d))
for kwargs in ({'indent': -1}, {'depth': 0}, {'width': 0}):
    try:
        pprint.PrettyPrinter(**kwargs)
    except ValueError as e:
        print('ValueError', e)


class Shouty(pprint.PrettyPrinter):
    def format(self, object, context, maxlevels, level):
        if isinstance(object, str):
            return repr(object.upper()), True, False
        return super().format(object, context, maxlevels, level)


print(Shouty(width=20).pformat(['abc', 'def', {'k': 'ghi'}]))
