# int(), float() and ord() of bytes and bytearray, as CPython 3.11.
print(int(b"ff", 16), int(b" 12 "), int(bytearray(b"7")), ord(b"x"), ord(bytearray(b"y")), float(b"1.5"), float(bytearray(b"2e3")))
for bad in [lambda: ord(b"xy"), lambda: ord(b""), lambda: int(b"zz"), lambda: float(b"x")]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
