# A class with __getitem__ and no __iter__ iterates as Python's old
# sequence protocol does: self[0], self[1], ... until IndexError.
class Squares:
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * i


s = Squares(5)
print(list(s), sum(s), 9 in s, 10 in s)
for i, v in enumerate(s):
    print(i, v)
it = iter(s)
print(type(it).__name__, next(it), next(it))
a, b, *rest = Squares(4)
print(a, b, rest)
print(sorted(Squares(3), reverse=True), tuple(Squares(2)), dict.fromkeys(Squares(2)))


class Stops:
    def __getitem__(self, i):
        if i == 2:
            raise StopIteration
        return str(i)


print(list(Stops()))


class Broken:
    def __getitem__(self, i):
        raise KeyError(i)


try:
    list(Broken())
except KeyError as e:
    print("KeyError", e)
try:
    iter(object())
except TypeError as e:
    print(e)
