# json.scanner: make_scanner, the reader of one JSON value that
# JSONDecoder uses (here _json.decode, in C).
import _json
from json.decoder import JSONDecodeError

__all__ = ["make_scanner"]


class _Scanner:
    def __init__(self, context):
        self.context = context

    def __call__(self, string, idx):
        try:
            return self.context.raw_decode(string, idx)
        except JSONDecodeError as err:
            if err.msg == "Expecting value" and err.pos == idx:
                raise StopIteration(idx) from None
            raise


def make_scanner(context):
    """A function (string, idx) -> (value, end) reading with context's
    hooks; StopIteration(idx) when no value starts at idx."""
    return _Scanner(context)


c_make_scanner = None
py_make_scanner = make_scanner
