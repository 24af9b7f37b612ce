for i in range(3):
    print("i", i)
for i in range(10, 0, -3):
    print(i, end=" ")
print()
n = 0
while n < 5:
    n += 1
    if n == 2:
        continue
    if n == 4:
        break
    print("n", n)
else:
    print("not printed")
for x in []:
    pass
else:
    print("for-else runs")
if n > 10:
    print("big")
elif n > 3:
    print("medium")
else:
    print("small")
print("yes" if n else "no")
total = 0
for i, (a, b) in enumerate([(1, 2), (3, 4)], start=1):
    total += i * (a + b)
print(total)
for k, v in {"a": 1, "b": 2}.items():
    print(k, v)
print(list(zip([1, 2, 3], "ab")), list(map(lambda t: t * 2, [1, 2])), list(filter(None, [0, 1, 2])))
print(sorted([3, 1, 2], reverse=True), sorted(["bb", "a", "ccc"], key=len), list(reversed([1, 2, 3])))
print(any(x > 2 for x in [1, 2, 3]), all([]), sum(i * i for i in range(4)))
