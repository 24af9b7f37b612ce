# 'yield' inside a comprehension is refused by the symbol table.
def f(xs):
    return [(yield x) for x in xs]
