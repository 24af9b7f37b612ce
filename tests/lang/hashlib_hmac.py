# hmac over hashlib: HMAC objects, hmac.digest, compare_digest and the
# errors; RFC 4231's first test vector among them.
import hashlib
import hmac

key = bytes([0x0b] * 20)
print(hmac.new(key, b"Hi There", hashlib.sha256).hexdigest())
print(hmac.new(b"Jefe", b"what do ya want for nothing?", "sha512").hexdigest())
print(hmac.digest(b"key", b"msg", "sha1").hex(), hmac.digest(b"k" * 200, b"long key", "md5").hex())

h = hmac.new(b"secret", digestmod="sha256")
h.update(b"first ")
c = h.copy()
h.update(b"second")
print(h.name, h.digest_size, h.block_size, h.hexdigest(), c.hexdigest())
print(h.digest() == hmac.new(b"secret", b"first second", hashlib.sha256).digest())
print(hmac.new(bytearray(b"k"), b"m", hashlib.sha3_256).hexdigest(), hmac.new(b"k", b"m", hashlib.blake2b).name)
print(hmac.new(b"k", b"m", lambda d=b"": hashlib.sha384(d)).hexdigest()[:24])
print(len(hmac.trans_5C), hmac.trans_5C[:4], hmac.trans_36[:4], hmac.digest_size)

print(hmac.compare_digest(b"abc", b"abc"), hmac.compare_digest(b"abc", b"abd"), hmac.compare_digest(b"a", b"ab"))
print(hmac.compare_digest("abc", "abc"), hmac.compare_digest(bytearray(b"x"), memoryview(b"x")))
for f in (lambda: hmac.compare_digest(1, 2), lambda: hmac.compare_digest("\u00e9", "\u00e9"),
          lambda: hmac.compare_digest("a", b"a"), lambda: hmac.new(b"k"), lambda: hmac.new("k", digestmod="sha256"),
          lambda: hmac.compare_digest(1, b"a"), lambda: hmac.compare_digest(b"a", "a"),
          lambda: hmac.new(b"k", "text", "sha256"), lambda: hmac.new(b"k", digestmod="nope")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
