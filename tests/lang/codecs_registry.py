# codecs against CPython: lookup and CodecInfo, every built-in codec through
# codecs.encode/decode and str.encode/bytes.decode, the error handlers
# (built-in and registered), incremental and stream classes, open and
# EncodedFile, BOMs, and the module-level codec functions.
import codecs
import io
import os
import tempfile

for name in ['utf-8', 'UTF8', 'latin-1', 'ISO-8859-1', 'ascii', 'US-ASCII', 'utf-16', 'utf_16_le', 'UTF-16BE',
             'utf-32', 'utf-32-le', 'utf-32-be', 'utf-8-sig', 'cp1252', 'windows-1252', 'unicode_escape',
             'raw_unicode_escape', 'hex', 'base64', 'rot13', 'rot_13']:
    info = codecs.lookup(name)
    print(name, info.name, info._is_text_encoding, isinstance(info, tuple), len(info),
          info.encode is info[0], info.incrementalencoder is not None)
for bad in ['nope', 'utf-9', '']:
    try:
        codecs.lookup(bad)
    except LookupError as e:
        print('LookupError', e)

text = 'Grüße, €uro – “quotes” \u2026 \U0001F600 end'
for enc in ['utf-8', 'utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be', 'utf-8-sig',
            'unicode_escape', 'raw_unicode_escape']:
    data = codecs.encode(text, enc)
    print(enc, data[:24], codecs.decode(data, enc) == text, text.encode(enc) == data, data.decode(enc) == text)
cp = 'Grüße, €uro – “quotes” \u2026 Œ™'
print(cp.encode('cp1252'), cp.encode('cp1252').decode('cp1252') == cp, bytes(range(0x80, 0xa0)).decode('cp1252', 'replace'))
print(codecs.encode(b'\x00\x10binary\xff', 'hex'), codecs.decode(b'0010FFab', 'hex'), codecs.decode('0aff', 'hex'))
print(codecs.encode(b'x' * 100, 'base64'), codecs.decode(b'eHl6\n', 'base64'), codecs.decode(b'eHk=', 'base64'))
print(codecs.encode('Hello, World!', 'rot13'), codecs.decode('Uryyb', 'rot_13'))
print(codecs.encode('abc'), codecs.decode(b'abc'), codecs.encode('é', encoding='latin-1', errors='strict'))
print(b'\\x41\\101\\n\\t\\\\ \\u00e9\\U0001F600'.decode('unicode_escape'))
print(b'\\u00e9 \\\\u00e9 \\x41'.decode('raw_unicode_escape'))

for call in [lambda: 'x'.encode('hex'), lambda: b'x'.decode('rot13'), lambda: codecs.decode(b'abc', 'hex'),
             lambda: codecs.decode(b'zz', 'hex'), lambda: codecs.decode(b'abcde', 'base64'),
             lambda: codecs.decode(b'abc', 'base64'), lambda: 'Ā'.encode('cp1252'), lambda: b'\x81'.decode('cp1252'),
             lambda: 'x\u20ac\u20ac'.encode('ascii'), lambda: b'\\x4'.decode('unicode_escape'),
             lambda: b'\\u12'.decode('unicode_escape'), lambda: b'abc\\'.decode('unicode_escape'),
             lambda: codecs.encode(1, 'utf-8'), lambda: 'x'.encode('utf-8', 'bogus') + '\udcff'.encode('utf-8', 'bogus'),
             lambda: codecs.lookup_error('bogus'), lambda: codecs.register_error('x', 42),
             lambda: codecs.register(42), lambda: b'\xff'.decode('utf-8', 'xmlcharrefreplace')]:
    try:
        print(call())
    except (LookupError, UnicodeError, TypeError, ValueError) as e:
        print(type(e).__name__, e)

# error handlers
s = 'a\u20acb\udc80c\U0001F600'
for errors in ['ignore', 'replace', 'backslashreplace', 'xmlcharrefreplace']:
    print(errors, s.encode('ascii', errors), s.encode('latin-1', errors), s.encode('cp1252', errors))
bad = b'a\xff\xfeb\xe2\x82'
for errors in ['ignore', 'replace', 'backslashreplace', 'surrogateescape']:
    print(errors, ascii(bad.decode('utf-8', errors)), ascii(bad.decode('ascii', errors)),
          ascii(b'a\x81\x8db'.decode('cp1252', errors)))
print('\udcff\udc80x'.encode('utf-8', 'surrogateescape'), '\ud800x'.encode('utf-8', 'surrogatepass'),
      b'\xed\xa0\x80x'.decode('utf-8', 'surrogatepass') == '\ud800x', '\ud800'.encode('utf-16-le', 'surrogatepass'))
print(codecs.lookup_error('strict') is codecs.strict_errors, codecs.lookup_error('ignore') is codecs.ignore_errors)
e = UnicodeEncodeError('ascii', 'ab\u20ac\u20acc', 2, 4, 'ordinal not in range(128)')
print(codecs.replace_errors(e), codecs.backslashreplace_errors(e), codecs.xmlcharrefreplace_errors(e),
      codecs.ignore_errors(e))
d = UnicodeDecodeError('utf-8', b'ab\xff\xfec', 2, 4, 'invalid start byte')
print(codecs.replace_errors(d), codecs.backslashreplace_errors(d), codecs.ignore_errors(d))
for handler in (codecs.strict_errors, codecs.xmlcharrefreplace_errors):
    try:
        handler(d)
    except (UnicodeDecodeError, TypeError) as exc:
        print(type(exc).__name__, exc)
try:
    codecs.ignore_errors(ValueError('x'))
except TypeError as exc:
    print('TypeError', exc)


def bracket(exc):
    return '[%s]' % ','.join(str(ord(c)) for c in exc.object[exc.start:exc.end]), exc.end


def skip_one(exc):
    if isinstance(exc, UnicodeDecodeError):
        return '?', exc.start + 1
    return b'<?>', exc.end


codecs.register_error('test.bracket', bracket)
codecs.register_error('test.skip', skip_one)
print('x\u20ac\u20acy\u0100'.encode('latin-1', 'test.bracket'), 'x\u20acy'.encode('utf-16-le', 'test.skip'),
      'x\u0100y'.encode('cp1252', 'test.skip'), b'a\xff\xfe\xe2\x82b'.decode('utf-8', 'test.skip'),
      b'a\x81b'.decode('cp1252', 'test.skip'))
print(codecs.lookup_error('test.bracket') is bracket)

# functions of the module
print(codecs.utf_8_encode('é€'), codecs.utf_8_decode(b'\xc3\xa9\xe2\x82'), codecs.utf_8_decode(b'\xc3\xa9\xe2\x82', 'replace', True))
print(codecs.utf_16_encode('ab'), codecs.utf_16_decode(b'\xfe\xff\x00a\x00b'), codecs.utf_16_ex_decode(b'\xff\xfea\x00b'),
      codecs.utf_16_le_decode(b'a\x00b'), codecs.utf_32_encode('a'), codecs.utf_32_ex_decode(b'\x00\x00\xfe\xff\x00\x00\x00a'))
print(codecs.latin_1_encode('é'), codecs.latin_1_decode(b'\xe9'), codecs.ascii_encode('a'), codecs.ascii_decode(b'a'))
print(codecs.escape_encode(b'a\n\x00\'"\\'), codecs.escape_decode(b'a\\n\\x00\\\'\\101'), codecs.readbuffer_encode('é'))
print(codecs.unicode_escape_encode('é\n'), codecs.unicode_escape_decode(b'\\xe9'), codecs.raw_unicode_escape_encode('\u20ac'))
table = codecs.charmap_build('abc' + '\ufffe' * 253)
print(codecs.charmap_decode(b'\x00\x02', 'strict', 'abc'), codecs.charmap_encode('cab', 'strict', table),
      codecs.charmap_decode(b'\x01', 'strict', {1: 'X'}), codecs.charmap_encode('a', 'strict', {97: b'AA'}))
print(codecs.make_identity_dict(range(3)), codecs.make_encoding_map({1: 'a', 2: 'a', 3: 'b'}))
print(codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE,
      codecs.BOM == codecs.BOM_UTF16, codecs.BOM32_LE, codecs.BOM64_BE, codecs.BOM_LE, codecs.BOM_BE)

# incremental
for enc in ['utf-8', 'utf-16', 'utf-32-be', 'utf-8-sig', 'cp1252', 'latin-1']:
    data = text.encode(enc, 'replace') if enc in ('cp1252', 'latin-1') else text.encode(enc)
    dec = codecs.getincrementaldecoder(enc)()
    pieces = [dec.decode(data[i:i + 3]) for i in range(0, len(data), 3)] + [dec.decode(b'', True)]
    enc_obj = codecs.getincrementalencoder(enc)('replace')
    again = b''.join(enc_obj.encode(c) for c in text) + enc_obj.encode('', True)
    print(enc, ''.join(pieces) == data.decode(enc), again == data, len(pieces))
dec = codecs.getincrementaldecoder('utf-8')()
print(repr(dec.decode(b'\xe2\x82')), dec.getstate(), repr(dec.decode(b'\xac')), dec.getstate())
try:
    dec.decode(b'\xe2', final=True)
except UnicodeDecodeError as exc:
    print('UnicodeDecodeError', exc)
print(list(codecs.iterencode(['ab', 'cd', ''], 'utf-16-le')), list(codecs.iterdecode([b'\xff', b'\xfea', b'\x00'], 'utf-16')))
print(codecs.getencoder('latin-1')('é'), codecs.getdecoder('utf-8')(b'\xc3\xa9'))

# streams
raw = io.BytesIO()
w = codecs.getwriter('utf-16')(raw)
w.write('line one\n')
w.writelines(['two\n', 'three'])
print(raw.getvalue()[:12], len(raw.getvalue()))
r = codecs.getreader('utf-16')(io.BytesIO(raw.getvalue()))
print(repr(r.readline()), repr(r.readline(keepends=False)), repr(r.read()), repr(r.read()))
r = codecs.getreader('utf-8')(io.BytesIO('α\r\nβ\nγ'.encode()))
print([line for line in r])
r = codecs.getreader('utf-8')(io.BytesIO('αβγδ'.encode()))
print(repr(r.read(3)), repr(r.read(1, 1)), repr(r.read()))
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, 'f.txt')
    with codecs.open(path, 'w', encoding='cp1252') as f:
        f.write('Grüße €\n')
        f.write('second\n')
    with builtins_open(path, 'rb') if False else open(path, 'rb') as f:
        print(f.read())
    with codecs.open(path, 'r', encoding='cp1252') as f:
        print(f.encoding, f.readlines())
    with codecs.open(path, 'rb') as f:
        print(type(f).__name__ in ('BufferedReader',), f.read(4))
    raw = io.BytesIO('é€'.encode('utf-8'))
    ef = codecs.EncodedFile(raw, 'utf-16-le', 'utf-8')
    print(ef.read(), ef.data_encoding, ef.file_encoding)

# lone surrogates through utf-16 and utf-32 with surrogatepass, both ways
for enc in ('utf-16-le', 'utf-16-be', 'utf-32-le', 'utf-16', 'utf-32'):
    for s in ('\udc80a', 'a\ud800', '\ud800\ud800', 'x\ud83d\ude00'):
        data = s.encode(enc, 'surrogatepass')
        print(enc, ascii(s), data, data.decode(enc, 'surrogatepass') == s)
