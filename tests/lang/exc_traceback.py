def inner(x):
    return x / 0


def outer():
    return inner(5)


print("before")
outer()
print("not reached")
