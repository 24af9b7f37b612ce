# When memory runs out, a generator's first next() raises MemoryError and
# the program goes on: generators made once memory is freed work. The
# address space is limited to 1 GiB for the run.
# rlimit-as: 1073741824
# release-only: AddressSanitizer cannot start under an address-space limit


def gen(k):
    yield k
    yield k + 1


gens = []
try:
    while True:
        g = gen(len(gens))
        next(g)
        gens.append(g)
except MemoryError:
    print("MemoryError")
many = len(gens) > 100
del g
del gens
print(many)
print(sum(x for x in range(10)))
gens = [gen(i) for i in range(1000)]
print(sum(next(g) for g in gens), sum(next(g) for g in gens))
