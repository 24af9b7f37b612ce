# int.to_bytes / int.from_bytes with 3.11's defaults, signedness, byte orders and errors


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


print((1024).to_bytes(2, 'big'), (1024).to_bytes(4, 'little'), (255).to_bytes(), (0).to_bytes(0), (5).to_bytes(10, 'little'))
print((-1).to_bytes(2, 'big', signed=True), (-129).to_bytes(2, 'little', signed=True), (127).to_bytes(1, signed=True), (-128).to_bytes(1, signed=True))
print((9223372036854775807).to_bytes(8), (-9223372036854775807 - 1).to_bytes(8, signed=True), (-2).to_bytes(12, signed=True), True.to_bytes(1, 'big'))
print(int.from_bytes(b'\x04\x00'), int.from_bytes(b'\x00\x04', 'little'), int.from_bytes(b'\xff\xff', signed=True), int.from_bytes(b'\xff\xff'))
print(int.from_bytes([1, 2, 3], 'big'), int.from_bytes(bytearray(b'\x80'), 'little', signed=True), int.from_bytes(b''), int.from_bytes(b'', signed=True))
print(int.from_bytes(b'\x00' * 12 + b'\x01'), int.from_bytes(b'\xff' * 12, signed=True), int.from_bytes(memoryview(b'\x01\x00'), byteorder='little'))
show(lambda: (256).to_bytes(1, 'big'))
show(lambda: (128).to_bytes(1, 'big', signed=True))
show(lambda: (-1).to_bytes(2, 'big'))
show(lambda: (1).to_bytes(0))
show(lambda: (1).to_bytes(-1))
show(lambda: (1).to_bytes(2, 'middle'))
show(lambda: (1).to_bytes(2, 5))
show(lambda: int.from_bytes(b'\x01', 'sideways'))
show(lambda: int.from_bytes('abc'))
show(lambda: int.from_bytes([256]))
for n in (0, 1, -1, 255, -256, 65535, 123456789, -987654321):
    for order in ('big', 'little'):
        b = n.to_bytes(8, order, signed=True)
        print(n, order, b.hex(), int.from_bytes(b, order, signed=True) == n)
