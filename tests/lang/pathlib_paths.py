# pathlib: pure paths (parsing, parts, suffixes, parents, with_*,
# relative_to, match, comparisons) and concrete ones on a directory made
# here (mkdir, touch, iterdir, glob, symlinks, rename, unlink, errors).
import os, pathlib, shutil, tempfile
from pathlib import Path, PurePath, PurePosixPath, PosixPath
for s in ['', '.', 'a/b', '/a/b/', '//a/b', '///a/b', 'a//b/./c/', '../x', '/']:
    p = PurePosixPath(s)
    print(repr(s), repr(p), str(p), p.parts, p.name, p.parent, p.root, p.anchor, p.is_absolute())
p = PurePosixPath('/usr/lib/archive.tar.gz')
print(p.suffix, p.suffixes, p.stem, p.with_name('x.py'), p.with_suffix('.zip'), p.with_stem('new'), p.with_suffix(''))
print(PurePosixPath('.bashrc').suffix, PurePosixPath('a.').suffixes, PurePosixPath('a/b.c.d').suffixes, PurePosixPath('x').stem)
print(list(p.parents), p.parents[0], p.parents[-1], p.parents[1:3], len(p.parents), repr(p.parents))
print(p.relative_to('/usr'), p.relative_to('/usr', 'lib'), p.is_relative_to('/usr'), p.is_relative_to('/etc'))
for bad in [lambda: p.relative_to('/etc'), lambda: PurePosixPath('a').relative_to('/a'), lambda: PurePosixPath('a').with_name(''),
            lambda: PurePosixPath('/').with_name('x'), lambda: PurePosixPath('a').with_suffix('x'), lambda: PurePosixPath('a').with_name('b/c'),
            lambda: Path('x') / 3, lambda: Path(3), lambda: PurePosixPath('').with_suffix('.x'), lambda: PurePosixPath('a').relative_to()]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(PurePath('a', 'b', '/c', 'd'), PurePosixPath('a') / 'b' / 'c', 'x' / PurePosixPath('y'), PurePosixPath('a').joinpath('b', 'c'))
print(Path('a') == PurePosixPath('a'), Path('a') < Path('b'), sorted([Path('b'), Path('a/c'), Path('a')]), hash(Path('a/b')) == hash(PurePosixPath('a/b')))
print(type(Path('x')).__name__, type(PurePath('x')).__name__, isinstance(Path('x'), PurePosixPath), isinstance(Path('x'), PurePath), repr(Path()))
print(PurePosixPath('a/b.py').match('*.py'), PurePosixPath('/a/b/c.py').match('b/*.py'), PurePosixPath('a/b.py').match('/*.py'), PurePosixPath('/a.py').match('/*.py'))
print(PurePosixPath('/a b/c').as_uri(), os.fspath(Path('a/b')), str(Path('~').expanduser()) == os.path.expanduser('~'))
top = Path(tempfile.mkdtemp()).resolve()
home = os.getcwd()
os.chdir(top)
try:
    Path('x/y/z').mkdir()
except FileNotFoundError as e:
    print(type(e).__name__, e)
Path('x/y/z').mkdir(parents=True)
Path('x/y/z').mkdir(parents=True, exist_ok=True)
try:
    Path('x').mkdir()
except FileExistsError as e:
    print(type(e).__name__, e)
Path('x/a.py').touch()
Path('x/y/b.py').touch()
Path('x/y/z/c.txt').touch()
Path('x/.hid.py').touch()
try:
    Path('x/a.py').touch(exist_ok=False)
except FileExistsError as e:
    print(type(e).__name__, e)
print(sorted(Path('x').iterdir()), sorted(p.name for p in Path('.').iterdir()))
print(sorted(Path('x').glob('*.py')), sorted(Path('.').glob('**/*.py')), sorted(Path('x').rglob('*.txt')), sorted(Path('.').glob('x/*/')), sorted(Path('.').glob('**')))
print(sorted(Path('x').glob('y/*')), sorted(Path('x').glob('nope/*')), sorted(Path('x').glob('a.py')))
print(Path('x').is_dir(), Path('x/a.py').is_file(), Path('x/a.py').is_dir(), Path('nope').exists(), Path('x').is_symlink(), Path('x/a.py').stat().st_size)
Path('link').symlink_to('x/a.py')
print(Path('link').is_symlink(), Path('link').readlink(), Path('link').resolve() == Path('x/a.py').resolve(), Path('link').samefile('x/a.py'), Path('link').lstat().st_size > 0)
print(Path('x/a.py').rename('x/r.py'), Path('x/r.py').replace('x/s.py'), Path('x/s.py').exists(), Path('x/r.py').exists())
Path('x/s.py').unlink()
Path('x/s.py').unlink(missing_ok=True)
try:
    Path('x/s.py').unlink()
except FileNotFoundError as e:
    print(type(e).__name__, e)
try:
    Path('x').rmdir()
except OSError as e:
    print(type(e).__name__, e)
try:
    Path('x/y/b.py').rmdir()
except OSError as e:
    print(type(e).__name__, e)
try:
    Path('missing').stat()
except FileNotFoundError as e:
    print(type(e).__name__, e.filename == Path('missing'))
print(Path.cwd() == top, Path('x').absolute() == top / 'x', Path('x/../x').resolve() == top / 'x', Path.home() == Path(os.path.expanduser('~')))
for bad in ['', '/x']:
    try:
        list(Path('.').glob(bad))
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
os.chdir(home)
shutil.rmtree(top)
print(top.exists())
