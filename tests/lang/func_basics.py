def add(a, b=10, *args, scale=1, **kwargs):
    return (a + b + sum(args)) * scale, kwargs

print(add(1), add(1, 2), add(1, 2, 3, 4), add(1, scale=2), add(1, 2, x=5))
print(add(*[1, 2], **{"scale": 3}))

def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc

c = counter()
c()
c()
print(c(), c.__name__, counter.__name__)

def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

print(fact(10), fact(20))
g = 100
def use_global():
    global g
    g += 1
    return g
print(use_global(), g)
square = lambda x: x * x
print(square(7), (lambda *a: len(a))(1, 2, 3))

def deco(f):
    def wrapper(*args, **kwargs):
        print("calling", f.__name__)
        return f(*args, **kwargs)
    return wrapper

@deco
def hello(who):
    """Says hello."""
    return "hello " + who

print(hello("there"))
def make_adders():
    return [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in make_adders()])
def kwonly(a, *, b):
    return a - b
print(kwonly(5, b=2))
