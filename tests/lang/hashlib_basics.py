# hashlib: every guaranteed algorithm, the hash objects' attributes and
# methods, XOFs, BLAKE2's parameters, new() by name, key derivation and
# file_digest, and CPython's errors.
import hashlib
import io
import os
import tempfile

DATA = [b"", b"abc", b"The quick brown fox jumps over the lazy dog", bytes(range(256)) * 5]

for name in sorted(hashlib.algorithms_guaranteed):
    for data in DATA:
        h = hashlib.new(name, data)
        if name.startswith("shake"):
            print(name, len(data), h.hexdigest(20), h.digest(5))
        else:
            print(name, len(data), h.hexdigest())
    h = getattr(hashlib, name)()
    print(name, h.name, h.digest_size, h.block_size)

print(hashlib.algorithms_guaranteed <= hashlib.algorithms_available)
print(sorted(hashlib.algorithms_guaranteed))
print(hashlib.new("SHA256", b"x").name, hashlib.new("sha512_256", b"x").hexdigest())

# update, copy and digest leave the object usable
h = hashlib.sha256(b"part one, ")
c = h.copy()
h.update(b"part two")
print(h.hexdigest(), c.hexdigest(), h.digest() == hashlib.sha256(b"part one, part two").digest())
h.update(bytearray(b" and more"))
h.update(memoryview(b" and a view"))
print(h.hexdigest())
print(hashlib.md5(b"x", usedforsecurity=False).hexdigest(), hashlib.sha1(string=b"y").hexdigest())
x = hashlib.shake_256(b"abc")
x2 = x.copy()
x.update(b"def")
print(x.hexdigest(8), x2.hexdigest(8), len(x.digest(100)), x.digest_size, x.name)

# BLAKE2 and its parameter block
print(hashlib.blake2b(b"abc", digest_size=16).hexdigest())
print(hashlib.blake2b(b"abc", key=b"secret key", salt=b"salt", person=b"me").hexdigest())
print(hashlib.blake2s(b"abc", digest_size=10, key=b"k" * 32, salt=b"12345678", person=b"p").hexdigest())
print(hashlib.blake2b(b"tree", fanout=2, depth=3, leaf_size=4096, node_offset=5, node_depth=1, inner_size=32,
                      last_node=True).hexdigest())
print(hashlib.blake2s(b"tree", fanout=0, depth=255, node_offset=2 ** 48 - 1, last_node=True).hexdigest())
print(hashlib.new("blake2b", b"x", digest_size=8).hexdigest(), hashlib.new("blake2s").name)
b = hashlib.blake2b(b"a" * 200)
bc = b.copy()
b.update(b"b" * 300)
print(b.hexdigest()[:32], bc.hexdigest()[:32], b.digest_size, b.block_size, b.name)
print(hashlib.blake2b.SALT_SIZE, hashlib.blake2b.PERSON_SIZE, hashlib.blake2b.MAX_KEY_SIZE,
      hashlib.blake2b.MAX_DIGEST_SIZE, hashlib.blake2s.SALT_SIZE, hashlib.blake2s.MAX_DIGEST_SIZE)

# key derivation
print(hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 1000).hex())
print(hashlib.pbkdf2_hmac("sha1", b"password", b"salt", 2, dklen=10).hex())
print(hashlib.pbkdf2_hmac("sha512", bytearray(b"pw"), memoryview(b"NaCl"), 3, 80).hex())
print(hashlib.scrypt(b"password", salt=b"NaCl", n=1024, r=8, p=16, dklen=32).hex())
print(hashlib.scrypt(b"", salt=b"", n=16, r=1, p=1).hex())

# file_digest
print(hashlib.file_digest(io.BytesIO(b"in memory"), "sha256").hexdigest())
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "data.bin")
    with open(path, "wb") as f:
        f.write(bytes(range(256)) * 1000)
    with open(path, "rb") as f:
        print(hashlib.file_digest(f, hashlib.sha1).hexdigest())
    with open(path, "rb") as f:
        print(hashlib.file_digest(f, "md5").hexdigest())

errors = [
    lambda: hashlib.new("foo"),
    lambda: hashlib.new(1),
    lambda: hashlib.sha256("text"),
    lambda: hashlib.sha256(1),
    lambda: hashlib.new("sha256", b"x").update("s"),
    lambda: hashlib.shake_128(b"x").digest(),
    lambda: hashlib.sha256().digest(1),
    lambda: hashlib.pbkdf2_hmac("sha256", b"p", b"s", 0),
    lambda: hashlib.pbkdf2_hmac("sha256", b"p", b"s", 1, 0),
    lambda: hashlib.pbkdf2_hmac("sha256", "p", b"s", 1),
    lambda: hashlib.scrypt(b"p", salt=b"s", n=3, r=1, p=1),
    lambda: hashlib.scrypt(b"p", salt=b"s", n=2, r=0, p=1),
    lambda: hashlib.scrypt(b"p", salt=b"s", n=2, r=1, p=1, dklen=0),
    lambda: hashlib.scrypt(b"p", n=2, r=1, p=1),
    lambda: hashlib.scrypt(b"p", salt=b"s", n=2, r=1, p=1, maxmem=-1),
    lambda: hashlib.blake2b(digest_size=65),
    lambda: hashlib.blake2s(digest_size=0),
    lambda: hashlib.blake2b(key=b"x" * 65),
    lambda: hashlib.blake2b(salt=b"x" * 17),
    lambda: hashlib.blake2s(person=b"x" * 9),
    lambda: hashlib.blake2b(fanout=256),
    lambda: hashlib.blake2b(depth=0),
    lambda: hashlib.blake2b(leaf_size=-1),
    lambda: hashlib.blake2b(node_offset=-1),
    lambda: hashlib.blake2b(inner_size=65),
    lambda: hashlib.blake2b(node_depth=256),
    lambda: hashlib.blake2s(node_offset=2 ** 48),
    lambda: hashlib.blake2b(b"x", key="str"),
    lambda: hashlib.file_digest(io.StringIO("text"), "sha256"),
]
for f in errors:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e if "object at" not in str(e) else "(a file-like object)")
