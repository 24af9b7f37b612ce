# keyword.py: the keywords of the language (Python 3.11's), for code that
# checks identifiers (namedtuple, dataclasses.make_dataclass).

__all__ = ['iskeyword', 'issoftkeyword', 'kwlist', 'softkwlist']

kwlist = ['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
          'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
          'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield']

softkwlist = ['_', 'case', 'match']

iskeyword = frozenset(kwlist).__contains__
issoftkeyword = frozenset(softkwlist).__contains__
