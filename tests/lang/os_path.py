# os.path (posixpath): the pure functions on CPython's edge cases ('',
# '.', a leading '//', trailing slashes, dots) and the ones that ask the
# file system, on a directory made here.
import os
import os.path
import posixpath
import shutil
import tempfile

print(os.path is posixpath, posixpath.sep, posixpath.curdir, posixpath.pardir, posixpath.extsep,
      posixpath.pathsep, posixpath.defpath, posixpath.devnull, posixpath.altsep, posixpath.supports_unicode_filenames)
cases = ['', '.', '..', '/', '//', '///', '//a', '///a//b/', 'a/b/../c', '/..', 'a/./b/', '../..//x', 'a/b/',
         '/a/b', 'a', '.a', 'a.', '..a', 'a/.b.c', 'x/y.tar.gz', '/a/.', 'a//b']
for p in cases:
    print(repr(p), repr(os.path.normpath(p)), os.path.split(p), os.path.splitext(p), repr(os.path.dirname(p)),
          repr(os.path.basename(p)), os.path.isabs(p), os.path.splitdrive(p), os.path.normcase(p) == p)
print(os.path.join('a', 'b', '/c', 'd'), os.path.join('a', ''), os.path.join('', 'a'), os.path.join('/', 'a'),
      os.path.join('a/', 'b'), repr(os.path.join('')), os.path.join('a', '', 'b'))
for a, b in [('/a/b/c', '/a/d'), ('a/b', 'a'), ('a', 'a'), ('/x', '/'), ('a/b', 'c/d')]:
    print(os.path.relpath(a, b), end=' ')
print()
print(os.path.relpath('/a/b', start='/a'), os.path.commonpath(['/a/b/c', '/a/b/d']), os.path.commonpath(['a/b', 'a/c']),
      repr(os.path.commonpath(['a', 'b'])), os.path.commonpath(['/a//b/', '/a/b/c']))
print(repr(os.path.commonprefix([])), os.path.commonprefix(['/usr/lib', '/usr/local']),
      os.path.commonprefix([['a', 'b'], ['a', 'c']]))
for bad in [lambda: os.path.commonpath([]), lambda: os.path.commonpath(['/a', 'b']), lambda: os.path.relpath('')]:
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)
os.environ['CG_PATH_V'] = 'val'
os.environ['HOME'] = '/home/cg'
for s in ['$CG_PATH_V/x', '${CG_PATH_V}y', '$NOPE_CG/z', '${NOPE_CG}', 'a$', '$$', '$CG_PATH_V$CG_PATH_V', '${CG_PATH_V',
          '~', '~/x', 'x/~', '~cg_no_such_user/q']:
    print(repr(s), os.path.expandvars(s), os.path.expanduser(s))
top = tempfile.mkdtemp()
home = os.getcwd()
os.chdir(top)
try:
    os.mkdir('d')
    fd = os.open('d/f', os.O_CREAT | os.O_WRONLY)
    os.ftruncate(fd, 42)
    os.close(fd)
    os.symlink('d/f', 'lf')
    os.symlink('nowhere', 'broken')
    os.symlink('loop', 'loop')
    for p in ['d', 'd/f', 'lf', 'broken', 'missing', 'loop', '', '.']:
        print(repr(p), os.path.exists(p), os.path.lexists(p), os.path.isfile(p), os.path.isdir(p),
              os.path.islink(p), os.path.ismount(p))
    print(os.path.getsize('d/f'), os.path.getsize('lf'), isinstance(os.path.getmtime('d/f'), float),
          os.path.getatime('d/f') > 0, os.path.getctime('d/f') > 0)
    print(os.path.samefile('lf', 'd/f'), os.path.samefile('d', 'd/f'), os.path.samestat(os.stat('lf'), os.stat('d/f')))
    print(os.path.abspath('d/../d/f') == os.path.join(top, 'd', 'f'), os.path.abspath('/x/../y'),
          os.path.realpath('lf') == os.path.realpath(os.path.join(top, 'd/f')), os.path.realpath('/'),
          os.path.realpath('broken') == os.path.join(os.path.realpath(top), 'nowhere'))
    try:
        os.path.realpath('broken', strict=True)
    except FileNotFoundError as e:
        print('FileNotFoundError', e.errno)
    try:
        os.path.getsize('missing')
    except FileNotFoundError as e:
        print(type(e).__name__, e)
    print(os.path.ismount('/'), os.path.exists(3 if False else 'd'), os.path.isdir('d/'), os.path.isfile('d/f/'))
finally:
    os.chdir(home)
    shutil.rmtree(top)
