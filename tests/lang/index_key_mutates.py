# An index whose __index__ changes the sequence it indexes: the range check
# sees the sequence as it is after the conversion.
import array


class Shrinks:
    def __init__(self, seq, value):
        self.seq, self.value = seq, value

    def __index__(self):
        del self.seq[:]
        return self.value


for make in [lambda: list(range(50)), lambda: bytearray(b'abc' * 50), lambda: array.array('i', range(50))]:
    for op in ['get', 'set', 'del']:
        seq = make()
        key = Shrinks(seq, 3)
        try:
            if op == 'get':
                print(seq[key])
            elif op == 'set':
                seq[key] = 1
            else:
                del seq[key]
            print(type(seq).__name__, op, 'ok', len(seq))
        except IndexError as e:
            print(type(seq).__name__, op, 'IndexError:', e)
items = ['a', 'b', 'c']
print(items[Shrinks([], -1)], 'xyz'[Shrinks([], 1)], (1, 2)[Shrinks([], -2)], b'xy'[Shrinks([], 1)])
for seq in [[1], 'a', (1,), b'a', bytearray(b'a'), array.array('b', [1])]:
    try:
        seq[Shrinks([], 5)]
    except IndexError as e:
        print(type(seq).__name__, e)
