# uuid: UUID's every attribute and form, comparison and hashing, the
# name-based uuid3/uuid5 (fixed outputs), and of the time- and
# random-based ones only what does not change between runs.
import uuid

u = uuid.UUID("12345678-1234-5678-1234-567812345678")
print(repr(u), str(u), u.hex, u.int, u.urn, u.bytes, u.bytes_le)
print(u.fields, u.time_low, u.time_mid, u.time_hi_version, u.clock_seq_hi_variant, u.clock_seq_low, u.node)
print(u.time, u.clock_seq, u.variant, u.version, u.is_safe, int(u))
for text in ("{12345678-1234-5678-1234-567812345678}", "urn:uuid:12345678-1234-5678-1234-567812345678",
             "12345678123456781234567812345678"):
    print(uuid.UUID(text) == u)
print(uuid.UUID(bytes=u.bytes) == u, uuid.UUID(bytes_le=u.bytes_le) == u, uuid.UUID(fields=u.fields) == u,
      uuid.UUID(int=u.int) == u)
v = uuid.UUID(int=u.int, version=4)
print(v, v.version, v.variant, uuid.UUID("00000000-0000-0000-c000-000000000000").variant,
      uuid.UUID("00000000-0000-0000-e000-000000000000").variant)
print(u < v, u == uuid.UUID(str(u)), u != v, sorted([v, u])[0] == u, hash(u) == hash(uuid.UUID(str(u))),
      len({u, uuid.UUID(str(u)), v}), u == str(u))
for name in ("python.org", "example.com", "\u00e9t\u00e9"):
    print(uuid.uuid3(uuid.NAMESPACE_DNS, name), uuid.uuid5(uuid.NAMESPACE_DNS, name),
          uuid.uuid5(uuid.NAMESPACE_URL, name))
print(uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL, uuid.NAMESPACE_OID, uuid.NAMESPACE_X500)
print(uuid.RESERVED_NCS, uuid.RFC_4122, uuid.RESERVED_MICROSOFT, uuid.RESERVED_FUTURE)
print(list(uuid.SafeUUID), uuid.SafeUUID.safe.value, uuid.SafeUUID(None))
print(uuid.UUID(str(u), is_safe=uuid.SafeUUID.safe).is_safe)

r = uuid.uuid4()
print(type(r).__name__, r.version, r.variant, len(str(r)), r != uuid.uuid4())
t1, t2 = uuid.uuid1(), uuid.uuid1()
print(t1.version, t1.variant, t2.time > t1.time or t2.clock_seq != t1.clock_seq, t1.node == uuid.getnode())
print(uuid.uuid1(node=0x123456789abc, clock_seq=0x1234).node, uuid.uuid1(clock_seq=0x1234).clock_seq)
node = uuid.getnode()
print(type(node).__name__, 0 < node < 2 ** 48, node == uuid.getnode())

for kwargs in ({"hex": "zz"}, {"hex": "123"}, {}, {"hex": "12345678123456781234567812345678", "int": 1},
               {"bytes": b"x"}, {"bytes_le": b"x" * 15}, {"int": -1}, {"int": 2 ** 128}, {"fields": (1, 2, 3)},
               {"fields": (2 ** 32, 0, 0, 0, 0, 0)}, {"fields": (0, 0, 0, 0, 256, 0)},
               {"hex": "12345678123456781234567812345678", "version": 9}):
    try:
        uuid.UUID(**kwargs)
    except Exception as e:
        print(type(e).__name__, e)
try:
    uuid.uuid5(uuid.NAMESPACE_URL, b"bytes")
except TypeError as e:
    print("TypeError", e)
try:
    u.int = 5
except TypeError as e:
    print("TypeError", e)
