# typing: the names annotations use; subscripted forms print as CPython prints them.
import typing
from typing import Any, Optional, List, Dict, Tuple, Union, Callable, Iterable, TypeVar, Generic, cast, TYPE_CHECKING
from dataclasses import dataclass

def train(model: Any, epochs: int = 3, lr: Optional[float] = None) -> Dict[str, List[float]]:
    return {"loss": [1.0] * epochs}
print(train(None, 2))
print(List[int], Dict[str, List[float]], Optional[int], Tuple[int, ...], Union[int, str], Callable[[int, str], float])
print(typing.Any, List, Optional[List[int]])
T = TypeVar('T')
print(T, TypeVar('U', covariant=True))
class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item
print(Box[int](3).item, cast(int, "x"), TYPE_CHECKING)
@dataclass
class Cfg:
    sizes: List[int]
    name: Optional[str] = None
print(Cfg([1, 2]), Cfg.__annotations__['sizes'])
x: Dict[str, int] = {}
print(__annotations__['x'], List[int] == List[int])
try:
    List()
except TypeError as e:
    print("TypeError:", e)
