"""hmac: keyed-hashing for message authentication (RFC 2104), over
hashlib's digests; compare_digest is C (_hashlib)."""
import hashlib as _hashlib_mod
from _hashlib import compare_digest

trans_5C = bytes((x ^ 0x5C) for x in range(256))
trans_36 = bytes((x ^ 0x36) for x in range(256))

digest_size = None


def _digest_maker(digestmod):
    if callable(digestmod):
        return digestmod
    if isinstance(digestmod, str):
        try:
            _hashlib_mod.new(digestmod)
        except ValueError:  # CPython's HMAC asks OpenSSL, whose words these are
            raise ValueError("[digital envelope routines] unsupported") from None
        return lambda d=b"": _hashlib_mod.new(digestmod, d)
    return lambda d=b"": digestmod.new(d)


class HMAC:
    """A keyed hash (RFC 2104) over one of hashlib's digests."""
    blocksize = 64

    __slots__ = ("_inner", "_outer", "_digest_size", "_block_size", "_name")

    def __init__(self, key, msg=None, digestmod=""):
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError("key: expected bytes or bytearray, but got %r" % type(key).__name__)
        if not digestmod:
            raise TypeError("Missing required parameter 'digestmod'.")
        make = _digest_maker(digestmod)
        self._inner = make()
        self._outer = make()
        self._digest_size = self._inner.digest_size
        block = getattr(self._inner, "block_size", None)
        if block is None or block < 16:
            block = self.blocksize
        self._block_size = block
        if len(key) > block:
            key = make(key).digest()
        key = bytes(key).ljust(block, b"\0")
        self._outer.update(key.translate(trans_5C))
        self._inner.update(key.translate(trans_36))
        self._name = "hmac-" + self._inner.name
        if msg is not None:
            self.update(msg)

    @property
    def name(self):
        return self._name

    @property
    def digest_size(self):
        return self._digest_size

    @property
    def block_size(self):
        return self._block_size

    def update(self, msg):
        """Adds msg to the message."""
        self._inner.update(msg)

    def copy(self):
        """An independent copy."""
        other = self.__class__.__new__(self.__class__)
        other._inner = self._inner.copy()
        other._outer = self._outer.copy()
        other._digest_size = self._digest_size
        other._block_size = self._block_size
        other._name = self._name
        return other

    def _current(self):
        h = self._outer.copy()
        h.update(self._inner.digest())
        return h

    def digest(self):
        """The MAC of the message so far, as bytes."""
        return self._current().digest()

    def hexdigest(self):
        """The MAC so far, as hex text."""
        return self._current().hexdigest()


def new(key, msg=None, digestmod=""):
    """A new HMAC of key over msg, with digestmod's digest."""
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    """The MAC of msg under key with the named digest, in one call."""
    return HMAC(key, msg, digest).digest()
