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
        """Random numbers from os.urandom; nothing to seed, no state."""

        def random(self):
            """A float in [0.0, 1.0) with 53 random bits."""
            return (int.from_bytes(os.urandom(7), "big") >> 3) * 2.0 ** -53

        def getrandbits(self, k):
            """An int of k random bits."""
            if k < 0:
                raise ValueError("number of bits must be non-negative")
            numbytes = (k + 7) // 8
            x = int.from_bytes(os.urandom(numbytes), "big")
            return x >> (numbytes * 8 - k)

        def seed(self, *args, **kwds):
            """Does nothing: the system source takes no seed."""
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
            """A random element of range(start, stop, step)."""
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
            """A random int from a to b, both included."""
            return self.randrange(a, b + 1)

        def choice(self, seq):
            """A random element of a non-empty sequence."""
            if not len(seq):
                raise IndexError("Cannot choose from an empty sequence")
            return seq[self._randbelow(len(seq))]

        def shuffle(self, x):
            """Shuffles the list x in place."""
            for i in reversed(range(1, len(x))):
                j = self._randbelow(i + 1)
                x[i], x[j] = x[j], x[i]

        def sample(self, population, k):
            """k distinct elements of population, in random order."""
            pool = list(population)
            if not 0 <= k <= len(pool):
                raise ValueError("Sample larger than population or is negative")
            out = []
            for _ in range(k):
                out.append(pool.pop(self._randbelow(len(pool))))
            return out

        def uniform(self, a, b):
            """A random float between a and b."""
            return a + (b - a) * self.random()

_sysrand = SystemRandom()

randbits = _sysrand.getrandbits
choice = _sysrand.choice


def randbelow(exclusive_upper_bound):
    """A random int in [0, exclusive_upper_bound)."""
    if exclusive_upper_bound <= 0:
        raise ValueError("Upper bound must be positive.")
    return _sysrand.randrange(exclusive_upper_bound)


DEFAULT_ENTROPY = 32  # number of bytes to return by default


def token_bytes(nbytes=None):
    """nbytes random bytes (DEFAULT_ENTROPY when None)."""
    if nbytes is None:
        nbytes = DEFAULT_ENTROPY
    return os.urandom(nbytes)


def token_hex(nbytes=None):
    """nbytes random bytes as hex text."""
    return binascii.hexlify(token_bytes(nbytes)).decode("ascii")


def token_urlsafe(nbytes=None):
    """nbytes random bytes as URL-safe Base64 text without padding."""
    tok = token_bytes(nbytes)
    return base64.urlsafe_b64encode(tok).rstrip(b"=").decode("ascii")
