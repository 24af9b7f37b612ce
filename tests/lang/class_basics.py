class Animal:
    kind = "animal"

    def __init__(self, name):
        self.name = name

    def speak(self):
        return f"{self.name} makes a sound"

    def __repr__(self):
        return f"Animal({self.name!r})"


class Dog(Animal):
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed

    def speak(self):
        return super().speak() + " (woof)"

    @staticmethod
    def legs():
        return 4

    @classmethod
    def make(cls, name):
        return cls(name, "mutt")


d = Dog("Rex", "lab")
print(d.speak(), d.name, d.breed, d.kind, Dog.legs(), d.legs())
print(isinstance(d, Animal), isinstance(d, Dog), type(d).__name__, Dog.make("Fido").breed)
print(Animal("cat"), [Animal("a")], str(Animal("b")))
print(hasattr(d, "name"), getattr(d, "missing", "default"))
setattr(d, "age", 3)
print(d.age)


class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __rmul__(self, k):
        return self * k

    def __eq__(self, o):
        return self.x == o.x and self.y == o.y

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return (self.x, self.y)[i]

    def __call__(self, z):
        return self.x + self.y + z

    def __str__(self):
        return f"<{self.x}, {self.y}>"

    def __iter__(self):
        return iter([self.x, self.y])


v = Vec(1, 2) + Vec(3, 4)
print(v, v * 2, 3 * v, v == Vec(4, 6), len(v), v[1], v(10), list(v))
a, b = v
print(a, b)


class Counter:
    count = 0

    def __init__(self):
        Counter.count += 1


Counter()
Counter()
print(Counter.count)
