# struct.py: Python's struct module, as CPython 3.11's: the functions of
# `_struct` (lang/stdlib/struct_module.c, where formats are parsed and
# values packed), the Struct class over them, and struct.error.

__all__ = [
    'calcsize', 'pack', 'pack_into', 'unpack', 'unpack_from',
    'iter_unpack',
    'Struct',
    'error'
]

from _struct import (calcsize, pack, pack_into, unpack, unpack_from,
                     iter_unpack, _count)


class error(Exception):
    pass


class Struct:
    """A compiled format: packs and unpacks values as it says."""

    def __init__(self, format):
        if not isinstance(format, (str, bytes)):
            raise TypeError("Struct() argument 1 must be a str or bytes "
                            "object, not %s" % type(format).__name__)
        size = calcsize(format)
        self._format = format
        self._size = size

    @property
    def format(self):
        f = self._format
        return f.decode('ascii') if isinstance(f, bytes) else f

    @property
    def size(self):
        return self._size

    def pack(self, *values):
        return pack(self._format, *values)

    def pack_into(self, buffer, offset, *values):
        return pack_into(self._format, buffer, offset, *values)

    def unpack(self, buffer):
        return unpack(self._format, buffer)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self._format, buffer, offset)

    def iter_unpack(self, buffer):
        return iter_unpack(self._format, buffer)


Struct.__module__ = '_struct'


def _clearcache():
    pass
