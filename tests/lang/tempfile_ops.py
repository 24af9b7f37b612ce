# tempfile: gettempdir and its candidates, mkstemp, mkdtemp, mktemp,
# TemporaryDirectory (context manager, cleanup), names and modes.
import os, tempfile, shutil
print(tempfile.gettempprefix(), tempfile.TMP_MAX, os.path.isdir(tempfile.gettempdir()), tempfile.gettempdir() == tempfile.tempdir)
d = tempfile.mkdtemp(prefix='cg-', suffix='.d')
print(os.path.basename(d)[:3], d.endswith('.d'), len(os.path.basename(d)), oct(os.stat(d).st_mode & 0o777))
fd, name = tempfile.mkstemp(dir=d, prefix='f', suffix='.txt')
print(os.path.dirname(name) == d, os.path.basename(name)[0], name.endswith('.txt'), oct(os.stat(name).st_mode & 0o777), isinstance(fd, int))
os.close(fd)
print(os.path.exists(tempfile.mktemp(dir=d)))
with tempfile.TemporaryDirectory(dir=d) as t:
    os.makedirs(os.path.join(t, 'x/y'))
    print(os.path.isdir(t), os.path.dirname(t) == d)
print(os.path.exists(t))
td = tempfile.TemporaryDirectory(prefix='p')
print(repr(td).startswith("<TemporaryDirectory '"), os.path.basename(td.name)[0])
td.cleanup(); td.cleanup()
print(os.path.exists(td.name))
os.environ['TMPDIR'] = d
tempfile.tempdir = None
print(tempfile.gettempdir() == d)
shutil.rmtree(d)
try:
    tempfile.mkdtemp(dir=d)
except FileNotFoundError as e:
    print(type(e).__name__, e.errno)
