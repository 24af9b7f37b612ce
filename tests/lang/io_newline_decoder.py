# io.IncrementalNewlineDecoder (with and without a decoder, across
# chunks) and io.BufferedRWPair over two in-memory streams.
import io

d = io.IncrementalNewlineDecoder(None, translate=True)
for chunk in ['a\r', '\nb\r', 'c\n', 'd\r\n', 'e\r']:
    print(repr(d.decode(chunk)), d.newlines)
print(repr(d.decode('', final=True)), d.newlines, d.getstate())
d.reset()
print(d.newlines, repr(d.decode('x\ry\r\n')), d.newlines)

keep = io.IncrementalNewlineDecoder(None, translate=False)
print(repr(keep.decode('one\r')), keep.getstate(), repr(keep.decode('\ntwo\n')), keep.newlines)
keep.setstate((b'', 1))
print(repr(keep.decode('z')))



class Latin1:
    """A stateless bytes-to-str decoder."""

    def decode(self, data, final=False):
        return data.decode('latin-1')

    def getstate(self):
        return (b'', 0)

    def setstate(self, state):
        pass

    def reset(self):
        pass


utf8 = io.IncrementalNewlineDecoder(Latin1(), translate=True)
data = 'h\u00e9\r\nl\u00f6\r'.encode('latin-1')
print([utf8.decode(data[i:i + 1]) for i in range(len(data))], repr(utf8.decode(b'', final=True)), utf8.newlines)
try:
    io.IncrementalNewlineDecoder(None, True).decode(b'bytes')
except TypeError as e:
    print('TypeError', e)

reader, writer = io.BytesIO(b'hello world'), io.BytesIO()
pair = io.BufferedRWPair(reader, writer)
print(pair.read(5), pair.readable(), pair.writable(), pair.seekable(), pair.write(b'abc'), pair.read())
pair.flush()
print(writer.getvalue(), pair.closed, pair.isatty())
pair.close()
print(pair.closed, reader.closed, writer.closed, isinstance(pair, io.BufferedIOBase))
try:
    io.BufferedRWPair(io.BytesIO(), io.BytesIO(), 0)
except ValueError as e:
    print('ValueError', e)
