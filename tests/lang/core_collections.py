a = [3, 1, 2]
a.append(5)
a.extend([7, 8])
a.insert(0, 9)
print(a, a.pop(), a.pop(0), a, len(a), a.index(2), 2 in a)
a.sort()
print(a, a[1:3], a[::-1], a[-2:])
a[1:3] = [10, 20, 30]
del a[0]
print(a)
t = (1, 2, 3)
x, y, z = t
first, *rest = [1, 2, 3, 4]
print(t, x + y + z, first, rest, t[1:], (1,), ())
d = {"one": 1, "two": 2}
d["three"] = 3
del d["one"]
print(d, d.get("one"), d.get("one", 0), list(d.keys()), list(d.values()), len(d))
print({k: v * 2 for k, v in d.items()}, dict(a=1, b=2), dict([("x", 1)]))
s = {3, 1, 2, 3}
s.add(4)
print(s, s & {1, 2}, s | {9}, s - {1}, 2 in s, len(s), set())
print([i * i for i in range(5) if i % 2 == 0], [(i, j) for i in range(2) for j in range(2)])
print({x % 3 for x in range(10)}, [[0] * 2 for _ in range(2)])
m = [[1, 2], [3, 4]]
m[0][1] = 5
print(m, m[1][0], [row[0] for row in m])
print(list(range(5)), list(range(2, 10, 3)), range(3), len(range(0, 10, 2)))
print(sorted(d.items(), key=lambda kv: -kv[1]), min(d, key=d.get))
