"""uuid: UUID objects (universally unique identifiers) per RFC 4122, and
uuid1, uuid3, uuid4 and uuid5 to make them."""
import os
import platform
import sys
from enum import Enum


RESERVED_NCS, RFC_4122, RESERVED_MICROSOFT, RESERVED_FUTURE = [
    "reserved for NCS compatibility", "specified in RFC 4122",
    "reserved for Microsoft compatibility", "reserved for future definition"]

int_ = int      # the builtins, under the names UUID's parameters hide
bytes_ = bytes


class SafeUUID(Enum):
    safe = 0
    unsafe = -1
    unknown = None


class UUID:
    """A 128-bit identifier (RFC 4122), immutable and hashable, made from
    one of hex, bytes, bytes_le, fields or int."""

    __slots__ = ("int", "is_safe", "__weakref__")

    def __init__(self, hex=None, bytes=None, bytes_le=None, fields=None, int=None, version=None, *,
                 is_safe=SafeUUID.unknown):
        if [hex, bytes, bytes_le, fields, int].count(None) != 4:
            raise TypeError("one of the hex, bytes, bytes_le, fields, or int arguments must be given")
        if hex is not None:
            hex = hex.replace("urn:", "").replace("uuid:", "")
            hex = hex.strip("{}").replace("-", "")
            if len(hex) != 32:
                raise ValueError("badly formed hexadecimal UUID string")
            try:
                int = int_(hex, 16)
            except ValueError:
                raise ValueError("badly formed hexadecimal UUID string") from None
        if bytes_le is not None:
            if len(bytes_le) != 16:
                raise ValueError("bytes_le is not a 16-char string")
            bytes = (bytes_le[4 - 1::-1] + bytes_le[6 - 1:4 - 1:-1] + bytes_le[8 - 1:6 - 1:-1] + bytes_le[8:])
        if bytes is not None:
            if len(bytes) != 16:
                raise ValueError("bytes is not a 16-char string")
            assert isinstance(bytes, bytes_), repr(bytes)
            int = int_.from_bytes(bytes, "big")
        if fields is not None:
            if len(fields) != 6:
                raise ValueError("fields is not a 6-tuple")
            (time_low, time_mid, time_hi_version, clock_seq_hi_variant, clock_seq_low, node) = fields
            limits = ((time_low, "a 32"), (time_mid, "a 16"), (time_hi_version, "a 16"),
                      (clock_seq_hi_variant, "an 8"), (clock_seq_low, "an 8"), (node, "a 48"))
            for k, (value, bits) in enumerate(limits, 1):
                if not 0 <= value < 1 << int_(bits.split()[1]):
                    raise ValueError("field %d out of range (need %s-bit value)" % (k, bits))
            clock_seq = (clock_seq_hi_variant << 8) | clock_seq_low
            int = ((time_low << 96) | (time_mid << 80) | (time_hi_version << 64) | (clock_seq << 48) | node)
        if int is not None and not 0 <= int < 1 << 128:
            raise ValueError("int is out of range (need a 128-bit value)")
        if version is not None:
            if not 1 <= version <= 5:
                raise ValueError("illegal version number")
            int &= ~(0xc000 << 48)   # the variant: RFC 4122
            int |= 0x8000 << 48
            int &= ~(0xf000 << 64)   # the version
            int |= version << 76
        object.__setattr__(self, "int", int)
        object.__setattr__(self, "is_safe", is_safe)

    def __getstate__(self):
        d = {"int": self.int}
        if self.is_safe != SafeUUID.unknown:
            d["is_safe"] = self.is_safe.value
        return d

    def __setstate__(self, state):
        object.__setattr__(self, "int", state["int"])
        object.__setattr__(self, "is_safe", SafeUUID(state["is_safe"]) if "is_safe" in state else SafeUUID.unknown)

    def __eq__(self, other):
        if isinstance(other, UUID):
            return self.int == other.int
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, UUID):
            return self.int < other.int
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, UUID):
            return self.int > other.int
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, UUID):
            return self.int <= other.int
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, UUID):
            return self.int >= other.int
        return NotImplemented

    def __hash__(self):
        return hash(self.int)

    def __int__(self):
        return self.int

    def __repr__(self):
        return "%s(%r)" % (self.__class__.__name__, str(self))

    def __setattr__(self, name, value):
        raise TypeError("UUID objects are immutable")

    def __str__(self):
        hex = "%032x" % self.int
        return "%s-%s-%s-%s-%s" % (hex[:8], hex[8:12], hex[12:16], hex[16:20], hex[20:])

    @property
    def bytes(self):
        return self.int.to_bytes(16, "big")

    @property
    def bytes_le(self):
        bytes = self.bytes
        return (bytes[4 - 1::-1] + bytes[6 - 1:4 - 1:-1] + bytes[8 - 1:6 - 1:-1] + bytes[8:])

    @property
    def fields(self):
        return (self.time_low, self.time_mid, self.time_hi_version, self.clock_seq_hi_variant,
                self.clock_seq_low, self.node)

    @property
    def time_low(self):
        return self.int >> 96

    @property
    def time_mid(self):
        return (self.int >> 80) & 0xffff

    @property
    def time_hi_version(self):
        return (self.int >> 64) & 0xffff

    @property
    def clock_seq_hi_variant(self):
        return (self.int >> 56) & 0xff

    @property
    def clock_seq_low(self):
        return (self.int >> 48) & 0xff

    @property
    def time(self):
        return (((self.time_hi_version & 0x0fff) << 48) | (self.time_mid << 32) | self.time_low)

    @property
    def clock_seq(self):
        return (((self.clock_seq_hi_variant & 0x3f) << 8) | self.clock_seq_low)

    @property
    def node(self):
        return self.int & 0xffffffffffff

    @property
    def hex(self):
        return "%032x" % self.int

    @property
    def urn(self):
        return "urn:uuid:" + str(self)

    @property
    def variant(self):
        if not self.int & (0x8000 << 48):
            return RESERVED_NCS
        elif not self.int & (0x4000 << 48):
            return RFC_4122
        elif not self.int & (0x2000 << 48):
            return RESERVED_MICROSOFT
        else:
            return RESERVED_FUTURE

    @property
    def version(self):
        # only an RFC 4122 UUID has a version
        if self.variant == RFC_4122:
            return int((self.int >> 76) & 0xf)


def _sysfs_node():
    # The first universally administered MAC address of a network interface.
    try:
        names = sorted(os.listdir("/sys/class/net"))
    except OSError:
        return None
    for name in names:
        try:
            with open("/sys/class/net/%s/address" % name) as f:
                mac = int(f.read().strip().replace(":", ""), 16)
        except (OSError, ValueError):
            continue
        if mac and not mac & (1 << 41) and not mac & (1 << 40):
            return mac
    return None


def _random_getnode():
    # A random 48-bit number with the multicast bit set (RFC 4122 4.1.6).
    return int.from_bytes(os.urandom(6), "big") | (1 << 40)


_node = None


def getnode():
    """This machine's 48-bit node number: a network interface's MAC address, or a
    random number with the multicast bit set."""
    global _node
    if _node is None:
        _node = _sysfs_node() or _random_getnode()
    return _node


_last_timestamp = None


def uuid1(node=None, clock_seq=None):
    """A version 1 UUID: the time, a clock sequence and the node."""
    global _last_timestamp
    import time
    nanoseconds = time.time_ns()
    # 100-ns ticks since 1582-10-15 (the Gregorian reform), RFC 4122's epoch
    timestamp = nanoseconds // 100 + 0x01b21dd213814000
    if _last_timestamp is not None and timestamp <= _last_timestamp:
        timestamp = _last_timestamp + 1
    _last_timestamp = timestamp
    if clock_seq is None:
        clock_seq = int.from_bytes(os.urandom(2), "big") & 0x3fff
    time_low = timestamp & 0xffffffff
    time_mid = (timestamp >> 32) & 0xffff
    time_hi_version = (timestamp >> 48) & 0x0fff
    clock_seq_low = clock_seq & 0xff
    clock_seq_hi_variant = (clock_seq >> 8) & 0x3f
    if node is None:
        node = getnode()
    return UUID(fields=(time_low, time_mid, time_hi_version, clock_seq_hi_variant, clock_seq_low, node),
                version=1)


def uuid3(namespace, name):
    """A version 3 UUID: MD5 of the namespace's bytes and the name."""
    from hashlib import md5
    digest = md5(namespace.bytes + bytes(name, "utf-8"), usedforsecurity=False).digest()
    return UUID(bytes=digest[:16], version=3)


def uuid4():
    """A version 4 UUID: 122 random bits."""
    return UUID(bytes=os.urandom(16), version=4)


def uuid5(namespace, name):
    """A version 5 UUID: SHA-1 of the namespace's bytes and the name."""
    from hashlib import sha1
    hash = sha1(namespace.bytes + bytes(name, "utf-8")).digest()
    return UUID(bytes=hash[:16], version=5)


def main():
    """uuid's command line: prints a new UUID of the chosen kind."""
    import argparse
    uuid_funcs = {"uuid1": uuid1, "uuid3": uuid3, "uuid4": uuid4, "uuid5": uuid5}
    uuid_namespace_funcs = ("uuid3", "uuid5")
    namespaces = {"@dns": NAMESPACE_DNS, "@url": NAMESPACE_URL, "@oid": NAMESPACE_OID, "@x500": NAMESPACE_X500}
    parser = argparse.ArgumentParser(description="Generates a uuid using the selected uuid function.")
    parser.add_argument("-u", "--uuid", choices=uuid_funcs.keys(), default="uuid4",
                        help="The function to use to generate the uuid. By default uuid4 function is used.")
    parser.add_argument("-n", "--namespace",
                        help="The namespace is a UUID, or '@ns' where 'ns' is a well-known predefined UUID "
                             "addressed by namespace name. Such as @dns, @url, @oid, and @x500. "
                             "Only required for uuid3/uuid5 functions.")
    parser.add_argument("-N", "--name", help="The name used as part of generating the uuid. "
                                             "Only required for uuid3/uuid5 functions.")
    args = parser.parse_args()
    uuid_func = uuid_funcs[args.uuid]
    if args.uuid in uuid_namespace_funcs:
        if not args.namespace or not args.name:
            parser.error("Incorrect number of arguments. %s requires a namespace and a name. "
                         "Run 'python -m uuid -h' for more information." % args.uuid)
        namespace = namespaces[args.namespace] if args.namespace in namespaces else UUID(args.namespace)
        print(uuid_func(namespace, args.name))
    else:
        print(uuid_func())


NAMESPACE_DNS = UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
NAMESPACE_URL = UUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8")
NAMESPACE_OID = UUID("6ba7b812-9dad-11d1-80b4-00c04fd430c8")
NAMESPACE_X500 = UUID("6ba7b814-9dad-11d1-80b4-00c04fd430c8")
