# Binding errors name the function by its __qualname__: A.f(),
# outer.<locals>.inner(), a lambda inside a lambda.
class A:
    def f(self, x):
        return x
    @staticmethod
    def s(a):
        pass
def outer():
    def inner(a):
        pass
    return inner
for call in [lambda: A().f(1, 2), lambda: A().f(), lambda: A.s(), lambda: outer()(1, 2), lambda: A().f(y=1), lambda: (lambda q: q)()]:
    try:
        call()
    except TypeError as e:
        print(e)
