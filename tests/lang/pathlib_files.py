# Files through the builtin open: pathlib's write_text/read_text/open,
# tempfile.NamedTemporaryFile (deleted on close) and TemporaryFile,
# shutil.copyfileobj between file objects, os.popen's pipe.
import os, tempfile, shutil
from pathlib import Path
top = Path(tempfile.mkdtemp())
try:
    p = top / 'a.txt'
    print(p.write_text('hello\nworld\n'), p.read_text(), p.read_text().splitlines())
    with p.open('a') as f:
        f.write('more\n')
    print(repr(p.read_text()), p.stat().st_size)
    with open(p) as f:
        print(f.readline(), end='')
    with tempfile.NamedTemporaryFile('w+', dir=top, suffix='.txt', delete=True) as f:
        f.write('tmp data')
        f.flush()
        print(os.path.exists(f.name), f.name.endswith('.txt'), os.path.dirname(f.name) == str(top))
        f.seek(0)
        print(f.read())
    print(os.path.exists(f.name))
    with tempfile.TemporaryFile('w+', dir=top) as f:
        f.write('anon')
        f.seek(0)
        print(f.read(), sorted(os.listdir(top)))
    shutil.copyfile(p, top / 'c.txt')
    with open(top / 'c.txt') as src, open(top / 'd.txt', 'w') as dst:
        shutil.copyfileobj(src, dst)
    print((top / 'd.txt').read_text() == p.read_text())
    with os.popen('echo popen') as f:
        print(f.read(), end='')
    try:
        (top / 'missing.txt').read_text()
    except FileNotFoundError as e:
        print(type(e).__name__, e.errno)
finally:
    shutil.rmtree(top)
