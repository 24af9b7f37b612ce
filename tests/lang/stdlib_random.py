# The random module draws CPython's numbers for the same seed: module
# functions, Random instances, state round trips and the errors.
import random

for seed in [0, 42, -7, 2**40 + 5, 3.75, "cgrad", True]:
    random.seed(seed)
    print(seed, random.random(), random.getrandbits(20), random.randint(1, 6), random.randrange(0, 100, 5))

random.seed(2024)
print([random.randint(1, 6) for _ in range(20)])
print([round(random.uniform(-1, 1), 6) for _ in range(5)])
print(random.choice(["red", "green", "blue"]), random.choice("abcdef"), random.choice(range(10, 20)))
deck = list(range(1, 14))
random.shuffle(deck)
print(deck)
print(random.sample(range(1000), 6), random.sample("python", 3), random.sample(["a", "b"], k=4, counts=[2, 2]))
print(random.choices("abc", k=8))
print(random.choices(["x", "y", "z"], weights=[5, 1, 0.5], k=8))
print(random.choices(["x", "y", "z"], cum_weights=[1, 2, 10], k=8))
print(random.gauss(), random.gauss(), random.gauss(10, 2))
print(random.normalvariate(), random.normalvariate(mu=5, sigma=0.1))
print(random.lognormvariate(0, 0.5), random.expovariate(2), random.triangular(0, 10, 2))
print(random.paretovariate(3), random.weibullvariate(1, 1.5))
print(random.gammavariate(0.5, 2), random.gammavariate(2.5, 2), random.betavariate(2, 3), random.vonmisesvariate(1, 4))

# an instance keeps its own state
rng = random.Random(123)
random.seed(123)
a = [rng.random() for _ in range(3)]
print(a == [random.random() for _ in range(3)], a)
other = random.Random("seed")
print(other.randint(0, 10**12), rng.randrange(10**15))

# getstate / setstate replay the same draws, gauss's cached value included
random.seed(5)
random.gauss()
state = random.getstate()
print(len(state), state[0], len(state[1]), type(state[2]).__name__)
first = [random.gauss(), random.random(), random.randrange(1000)]
random.setstate(state)
print(first == [random.gauss(), random.random(), random.randrange(1000)])

errors = [
    ("random.randint(5, 1)", lambda: random.randint(5, 1)),
    ("random.randrange(0)", lambda: random.randrange(0)),
    ("random.randrange(1, 10, 0)", lambda: random.randrange(1, 10, 0)),
    ("random.randrange(10, step=2)", lambda: random.randrange(10, step=2)),
    ("random.choice([])", lambda: random.choice([])),
    ("random.sample([1, 2], 3)", lambda: random.sample([1, 2], 3)),
    ("random.sample({1, 2}, 1)", lambda: random.sample({1, 2}, 1)),
    ("random.choices([1, 2], [1])", lambda: random.choices([1, 2], [1])),
    ("random.choices([1, 2], 3)", lambda: random.choices([1, 2], 3)),
    ("random.shuffle((1, 2))", lambda: random.shuffle((1, 2))),
    ("random.getrandbits(-1)", lambda: random.getrandbits(-1)),
    ("random.seed([1])", lambda: random.seed([1])),
    ("random.uniform(1)", lambda: random.uniform(1)),
    ("random.gauss(1, 2, 3)", lambda: random.gauss(1, 2, 3)),
    ("random.random(1)", lambda: random.random(1)),
    ("random.setstate((4, (), None))", lambda: random.setstate((4, (), None))),
    ("random.Random(1, 2)", lambda: random.Random(1, 2)),
]
for text, f in errors:
    try:
        print(text, "->", f())
    except Exception as e:
        print(text, "->", type(e).__name__ + ":", e)
