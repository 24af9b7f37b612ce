"""hashlib: secure hashes and message digests. The hash objects are C
(_hashlib: OpenSSL's digests, and BLAKE2 with its parameters); here are
the constructors by name, the algorithm sets and file_digest."""
import _hashlib
from _hashlib import blake2b, blake2s, pbkdf2_hmac, scrypt

algorithms_guaranteed = frozenset(("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "blake2s",
                                   "sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256"))
algorithms_available = frozenset(_hashlib.openssl_names) | algorithms_guaranteed

__all__ = ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "blake2s", "sha3_224", "sha3_256",
           "sha3_384", "sha3_512", "shake_128", "shake_256", "new", "algorithms_guaranteed",
           "algorithms_available", "pbkdf2_hmac", "file_digest")


def new(name, data=b"", **kwargs):
    """A hash object of the named algorithm over data."""
    if name in ("blake2b", "blake2s"):
        return (blake2b if name == "blake2b" else blake2s)(data, **kwargs)
    return _hashlib.new(name, data, **kwargs)


def _constructor(name):
    def make(string=b"", *, usedforsecurity=True):
        return _hashlib.new(name, string, usedforsecurity=usedforsecurity)
    make.__name__ = "openssl_" + name
    make.__qualname__ = make.__name__
    make.__doc__ = "Returns a %s hash object; optionally initialized with a string" % name
    return make


md5 = _constructor("md5")
sha1 = _constructor("sha1")
sha224 = _constructor("sha224")
sha256 = _constructor("sha256")
sha384 = _constructor("sha384")
sha512 = _constructor("sha512")
sha3_224 = _constructor("sha3_224")
sha3_256 = _constructor("sha3_256")
sha3_384 = _constructor("sha3_384")
sha3_512 = _constructor("sha3_512")
shake_128 = _constructor("shake_128")
shake_256 = _constructor("shake_256")


def file_digest(fileobj, digest, /, *, _bufsize=2 ** 18):
    """The hash object of digest over a binary file's contents."""
    digestobj = new(digest) if isinstance(digest, str) else digest()
    if hasattr(fileobj, "getbuffer"):
        digestobj.update(fileobj.getbuffer())
        return digestobj
    # CPython asks for readinto; files here may lack it, so a binary
    # stream is one that is readable and reads bytes
    if not (hasattr(fileobj, "readable") and fileobj.readable() and isinstance(fileobj.read(0), bytes)):
        raise ValueError(f"'{fileobj!r}' is not a file-like object in binary reading mode.")
    while True:
        chunk = fileobj.read(_bufsize)
        if not chunk:
            break
        digestobj.update(chunk)
    return digestobj
