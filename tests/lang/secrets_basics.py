# secrets: tokens, choices and bounds drawn from the system's randomness;
# printed are lengths, types and ranges, never the values.
import secrets
import string

print(len(secrets.token_bytes()), len(secrets.token_bytes(5)), type(secrets.token_bytes(1)).__name__,
      len(secrets.token_bytes(0)))
print(len(secrets.token_hex()), len(secrets.token_hex(7)), all(c in string.hexdigits for c in secrets.token_hex(50)))
print(len(secrets.token_urlsafe()), len(secrets.token_urlsafe(9)), len(secrets.token_urlsafe(10)),
      set(secrets.token_urlsafe(200)) <= set(string.ascii_letters + string.digits + "-_"))
print(secrets.DEFAULT_ENTROPY, secrets.token_bytes(16) != secrets.token_bytes(16))
print(all(0 <= secrets.randbelow(7) < 7 for _ in range(200)), {secrets.randbelow(2) for _ in range(200)},
      secrets.randbelow(1))
print(all(0 <= secrets.randbits(5) < 32 for _ in range(200)), secrets.randbits(0), secrets.randbits(100) < 2 ** 100)
print(secrets.choice("abc") in "abc", secrets.choice([7]), {secrets.choice("xy") for _ in range(200)} == {"x", "y"})
print(secrets.compare_digest(b"abc", b"abc"), secrets.compare_digest("a", "b"))
rng = secrets.SystemRandom()
x = rng.random()
print(0.0 <= x < 1.0, type(x).__name__, 1 <= rng.randint(1, 6) <= 6, rng.randrange(10, 20, 5) in (10, 15))
items = list(range(20))
rng.shuffle(items)
print(sorted(items) == list(range(20)), len(rng.sample(range(100), 5)), len(set(rng.sample(range(100), 5))))
print(0 <= rng.getrandbits(8) < 256, 2.0 <= rng.uniform(2, 3) <= 3.0, rng.seed(5))
for f in (lambda: secrets.randbelow(0), lambda: secrets.randbelow(-3), lambda: secrets.choice([]),
          lambda: secrets.randbits(-1), lambda: secrets.token_bytes(-1), lambda: rng.getstate(),
          lambda: rng.randrange(5, 5)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
