# keyword.py: the keywords of the language (Python 3.11's), for code that
# checks identifiers (namedtuple, dataclasses.make_dataclass).

__all__ = ['iskeyword', 'issoftkeyword', 'kwlist', 'softkwlist']

kwlist = ['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
          'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
          'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield']

softkwlist = ['_', 'case', 'match']

_KEYWORDS = frozenset(kwlist)
_SOFT_KEYWORDS = frozenset(softkwlist)


def iskeyword(s, /):
    """Is s a keyword of the language?"""
    return s in _KEYWORDS


def issoftkeyword(s, /):
    """Is s a soft keyword (a keyword only in some places: match, case, _)?"""
    return s in _SOFT_KEYWORDS
