"""tqdm.auto: the notebook-aware tqdm, the same one here."""
from tqdm import tqdm, trange

__all__ = ["tqdm", "trange"]
