# Builtin methods compare equal when they are the same method of the
# same object, and hash alike then.
d = {}
l = []
print(d.__getitem__ == d.__getitem__, d.__getitem__ != d.__getitem__)
print(l.append == l.append, [].append == [].append, d.get == d.__getitem__)
print(hash(d.get) == hash(d.get), len({l.append, l.append, l.pop}))
print(len.__eq__(len) if hasattr(len, "__eq__") else None, len == len, len == abs)
print((5).bit_length == (5).bit_length, "a".upper == "a".upper)
print(d.get == 3, d.get in [d.get])
