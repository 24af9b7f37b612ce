# numpy/version.py: the version of numpy 1.24 that cgrad's numpy follows.
version = '1.24.2'
__version__ = version
full_version = version
short_version = version
git_revision = ''
release = True
