"""unittest.signals: the results a run's Ctrl-C handling stops (the -c
option: the first Ctrl-C lets the running test end and stops the run, the
second interrupts as usual)."""

import weakref
from functools import wraps

__unittest = True

_results = weakref.WeakKeyDictionary()
_interrupt_handler = None


class _InterruptHandler(object):
    def __init__(self, default_handler):
        self.called = False
        self.original_handler = default_handler
        self.default_handler = default_handler

    def __call__(self, signum, frame):
        import signal
        installed_handler = signal.getsignal(signal.SIGINT)
        if installed_handler is not self:
            self.default_handler(signum, frame)
        if self.called:
            self.default_handler(signum, frame)
        self.called = True
        for result in _results.keys():
            result.stop()


def registerResult(result):
    """Have result stopped (result.stop()) by a Ctrl-C while the handler is installed."""
    _results[result] = 1


def removeResult(result):
    """Stop tracking result; True if it was registered."""
    return bool(_results.pop(result, None))


def installHandler():
    """Install the Ctrl-C handler that stops the registered results."""
    global _interrupt_handler
    import signal
    if _interrupt_handler is None:
        default_handler = signal.getsignal(signal.SIGINT)
        _interrupt_handler = _InterruptHandler(default_handler)
        signal.signal(signal.SIGINT, _interrupt_handler)


def removeHandler(method=None):
    """Put back the Ctrl-C handler there was before installHandler (as a decorator: for the call)."""
    if method is not None:
        @wraps(method)
        def inner(*args, **kwargs):
            import signal
            initial = signal.getsignal(signal.SIGINT)
            removeHandler()
            try:
                return method(*args, **kwargs)
            finally:
                signal.signal(signal.SIGINT, initial)
        return inner
    global _interrupt_handler
    if _interrupt_handler is not None:
        import signal
        signal.signal(signal.SIGINT, _interrupt_handler.original_handler)
