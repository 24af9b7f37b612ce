print("pkg init", __name__, __package__)
from .core import core_fn
from . import util as u
__all__ = ["core_fn", "EXPORTED"]
EXPORTED = "exported"
hidden = "hidden"
