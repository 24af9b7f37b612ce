# A million generators started and suspended at once, then a million
# generator expressions (issue 19, item 6: each started generator used to
# map a C stack of its own, and about 32,665 of them exhausted the
# process's memory mappings). The sanitizer build runs fewer.
# sanitizer-args: 20000
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10**6


def counter(start):
    try:
        yield start
        yield start + 1
    finally:
        ends.append(start)
    return "end"


ends = []
gens = [counter(i) for i in range(n)]
total = 0
for g in gens:
    total += next(g)
print("started", total == n * (n - 1) // 2, len(ends))
total = 0
for g in gens:
    total += next(g)
print("resumed", total == n * (n + 1) // 2, len(ends))
done = 0
for g in gens[:1000]:
    try:
        next(g)
    except StopIteration as e:
        done += e.value == "end"
print("finished", done, len(ends))
del g
del gens
print("dropped", len(ends) == n)

exprs = [(x * 2 for x in range(3)) for _ in range(n)]
firsts = sum(next(e) for e in exprs)
seconds = sum(next(e) for e in exprs)
print("expressions", firsts, seconds == 2 * n)
del exprs

# memory given back: as many again work
gens = [counter(i) for i in range(n)]
print("again", sum(next(g) for g in gens) == n * (n - 1) // 2)
del gens
