# abc: abstract methods and properties, the instantiation error, register and virtual subclasses, __subclasshook__, update_abstractmethods.
import abc
from abc import ABC, ABCMeta, abstractmethod

class Shape(ABC):
    @abstractmethod
    def area(self): ...
    @abstractmethod
    def perimeter(self): ...
    def describe(self): return f"{type(self).__name__} with area {self.area()}"

class Square(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
    def perimeter(self): return 4 * self.s

print(sorted(Shape.__abstractmethods__), Square.__abstractmethods__, Square(3).describe())
try:
    Shape()
except TypeError as e: print(e)
class Half(Shape):
    def area(self): return 1
try:
    Half()
except TypeError as e: print(e)
print(isinstance(Square(1), Shape), issubclass(Square, Shape), type(Shape).__name__, isinstance(Shape, ABCMeta))

class Named(ABC):
    @property
    @abstractmethod
    def name(self): ...
    @classmethod
    @abstractmethod
    def make(cls): ...
    @staticmethod
    @abstractmethod
    def helper(): ...
print(sorted(Named.__abstractmethods__))
class N(Named):
    @property
    def name(self): return "n"
    @classmethod
    def make(cls): return cls()
    @staticmethod
    def helper(): return 1
print(N.make().name, N.helper())

# register: virtual subclasses
class Drawable(metaclass=ABCMeta):
    pass
@Drawable.register
class Circle:
    pass
Drawable.register(int)
print(isinstance(Circle(), Drawable), issubclass(Circle, Drawable), isinstance(3, Drawable), isinstance("x", Drawable))
print(Drawable.register(Circle) is Circle, Circle.__mro__ == (Circle, object))
class Sub(Drawable): pass
class Virt: pass
Sub.register(Virt)
print(issubclass(Virt, Drawable), issubclass(Virt, Sub))
try:
    Drawable.register(3)
except TypeError as e: print(e)

# __subclasshook__
class HasLen(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is HasLen:
            return any("__len__" in B.__dict__ for B in C.__mro__)
        return NotImplemented
class Box:
    def __len__(self): return 0
print(isinstance(Box(), HasLen), issubclass(Box, HasLen), isinstance(3, HasLen))
try:
    issubclass(3, HasLen)
except TypeError as e: print(e)

# update_abstractmethods
class Base(ABC):
    @abstractmethod
    def run(self): ...
class Later(Base): pass
Later.run = lambda self: "ran"
abc.update_abstractmethods(Later)
print(Later().run(), Later.__abstractmethods__)
print(isinstance(abc.get_cache_token(), int))

class Legacy(ABC):
    @abc.abstractproperty
    def x(self): ...
try:
    Legacy()
except TypeError as e: print(e)
