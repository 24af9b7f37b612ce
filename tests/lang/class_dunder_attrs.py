class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


p = Point(1, 2)
print(p.__dict__, p.__class__.__name__, p.__class__ is Point, type(p) is Point)
p.__dict__["z"] = 3
print(p.z, sorted(vars(p).items()) if False else sorted(p.__dict__))


class Tracked:
    def __init__(self):
        object.__setattr__(self, "log", [])

    def __setattr__(self, name, value):
        self.log.append(name)
        object.__setattr__(self, name, value)

    def __getattr__(self, name):
        return f"<no {name}>"


t = Tracked()
t.a = 1
t.b = 2
print(t.log, t.a, t.missing)
print(Point.__name__, Point.__qualname__, Point.__module__, Point.__mro__)
print(isinstance(p, (int, Point)), issubclass(Point, object))

# cls[key] calls __class_getitem__, a classmethod without the decorator too.
class Box:
    def __class_getitem__(cls, item):
        return (cls.__name__, item)
class Jar:
    @classmethod
    def __class_getitem__(cls, item):
        return ("Jar", item)
class SmallBox(Box):
    pass
print(Box[int], Jar[1, 2], SmallBox["x"])
