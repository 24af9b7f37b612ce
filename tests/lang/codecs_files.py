# open() with the encodings and error handlers the codecs module adds
# (cp1252, utf-16/32, utf-8-sig, unicode_escape, xmlcharrefreplace), against
# CPython, and its LookupErrors.
import os, tempfile
with tempfile.TemporaryDirectory() as tmp:
    p = os.path.join(tmp, 'x.txt')
    for enc in ['cp1252', 'utf-16', 'utf-16-le', 'utf-32', 'utf-8-sig', 'unicode_escape']:
        with open(p, 'w', encoding=enc) as f:
            f.write('Grüße €\nline two\n')
            f.write('third')
        with open(p, 'rb') as f:
            print(enc, f.read())
        with open(p, encoding=enc) as f:
            print(f.readline(), f.tell() if enc == 'cp1252' else '', f.read(), f.encoding)
        with open(p, encoding=enc) as f:
            print(f.readlines())
    with open(p, 'w', encoding='ascii', errors='xmlcharrefreplace') as f:
        f.write('a€b')
    print(open(p, 'rb').read())
    with open(p, 'wb') as f:
        f.write(b'a\x81b')
    print(open(p, encoding='cp1252', errors='replace').read())
    for enc, err in [('hex', 'strict'), ('nope', 'strict'), ('cp1252', 'bogus')]:
        try:
            open(p, encoding=enc, errors=err)
        except LookupError as e:
            print('LookupError', e)
    try:
        open(p, encoding='cp1252').read()
    except UnicodeDecodeError as e:
        print('UnicodeDecodeError', e)

# characters cut between the 64 KiB chunks a file is read in, in the codecs
# C runs (utf-8, utf-16-le, utf-32-be) and with handlers C runs too
with tempfile.TemporaryDirectory() as tmp:
    p = os.path.join(tmp, 'big.txt')
    text = ('a€😀ü' * 30000) + '\n' + 'tail\udc80'
    for enc, errors in [('utf-8', 'surrogateescape'), ('utf-16-le', 'surrogatepass'), ('utf-32-be', 'surrogatepass'),
                        ('utf-8', 'surrogatepass')]:
        with open(p, 'w', encoding=enc, errors=errors) as f:
            f.write(text)
        with open(p, encoding=enc, errors=errors) as f:
            back = f.read()
        print(enc, errors, os.path.getsize(p), back == text, len(back))
    with open(p, 'wb') as f:
        f.write(b'ok\xe2\x82')
    for errors in ['replace', 'backslashreplace', 'ignore', 'strict']:
        try:
            with open(p, encoding='utf-8', errors=errors) as f:
                print(errors, ascii(f.read()))
        except UnicodeDecodeError as e:
            print('UnicodeDecodeError', e.reason)
    with open(p, 'w', encoding='latin-1', errors='xmlcharrefreplace', newline='\r\n') as f:
        f.write('x€\ny')
    print(open(p, 'rb').read())
