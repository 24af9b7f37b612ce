"""tqdm.notebook: the same bars (HTML in a notebook)."""
from tqdm import tqdm, trange

__all__ = ["tqdm", "trange"]
