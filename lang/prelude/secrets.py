"""secrets: random numbers for managing secrets (tokens, passwords), from
the operating system's source (os.urandom)."""
import base64
import binascii
import os
from hmac import compare_digest

__all__ = ["choice", "randbelow", "randbits", "SystemRandom", "token_bytes", "token_hex", "token_urlsafe",
           "compare_digest"]

try:
    from random import SystemRandom
except ImportError:
    class SystemRandom:
        """Alternate random number generator using sources provided by the
        operating system (os.urandom); it keeps no state to seed."""

        def random(self):
            """Get the next random number in the range 0.0 <= X < 1.0."""
            return (int.from_bytes(os.urandom(7), "big") >> 3) * 2.0 ** -53

        def getrandbits(self, k):
            """getrandbits(k) -> x.  Generates an int with k random bits."""
            if k < 0:
                raise ValueError("number of bits must be non-negative")
            numbytes = (k + 7) // 8
            x = int.from_bytes(os.urandom(numbytes), "big")
            return x >> (numbytes * 8 - k)

        def seed(self, *args, **kwds):
            """Stub method.  Not used for a system random number generator."""
            return None

        def _notimplemented(self, *args, **kwds):
            raise NotImplementedError("System entropy source does not have state.")

        getstate = setstate = _notimplemented

        def _randbelow(self, n):
            k = n.bit_length()
            r = self.getrandbits(k)
            while r >= n:
                r = self.getrandbits(k)
            return r

        def randrange(self, start, stop=None, step=1):
            """Choose a random item from range(start, stop[, step])."""
            if stop is None:
                if start > 0:
                    return self._randbelow(start)
                raise ValueError("empty range for randrange()")
            width = stop - start
            if step == 1:
                if width > 0:
                    return start + self._randbelow(width)
                raise ValueError("empty range for randrange() (%d, %d, %d)" % (start, stop, width))
            if step == 0:
                raise ValueError("zero step for randrange()")
            n = (width + step - 1) // step if step > 0 else (width + step + 1) // step
            if n <= 0:
                raise ValueError("empty range for randrange()")
            return start + step * self._randbelow(n)

        def randint(self, a, b):
            """Return random integer in range [a, b], including both end points."""
            return self.randrange(a, b + 1)

        def choice(self, seq):
            """Choose a random element from a non-empty sequence."""
            if not len(seq):
                raise IndexError("Cannot choose from an empty sequence")
            return seq[self._randbelow(len(seq))]

        def shuffle(self, x):
            """Shuffle list x in place, and return None."""
            for i in reversed(range(1, len(x))):
                j = self._randbelow(i + 1)
                x[i], x[j] = x[j], x[i]

        def sample(self, population, k):
            """Chooses k unique random elements from a population sequence."""
            pool = list(population)
            if not 0 <= k <= len(pool):
                raise ValueError("Sample larger than population or is negative")
            out = []
            for _ in range(k):
                out.append(pool.pop(self._randbelow(len(pool))))
            return out

        def uniform(self, a, b):
            """Get a random number in the range [a, b) or [a, b] depending on rounding."""
            return a + (b - a) * self.random()

_sysrand = SystemRandom()

randbits = _sysrand.getrandbits
choice = _sysrand.choice


def randbelow(exclusive_upper_bound):
    """Return a random int in the range [0, n)."""
    if exclusive_upper_bound <= 0:
        raise ValueError("Upper bound must be positive.")
    return _sysrand._randbelow(exclusive_upper_bound)


DEFAULT_ENTROPY = 32  # number of bytes to return by default


def token_bytes(nbytes=None):
    """Return a random byte string containing *nbytes* bytes."""
    if nbytes is None:
        nbytes = DEFAULT_ENTROPY
    return os.urandom(nbytes)


def token_hex(nbytes=None):
    """Return a random text string, in hexadecimal."""
    return binascii.hexlify(token_bytes(nbytes)).decode("ascii")


def token_urlsafe(nbytes=None):
    """Return a random URL-safe text string, in Base64 encoding."""
    tok = token_bytes(nbytes)
    return base64.urlsafe_b64encode(tok).rstrip(b"=").decode("ascii")
