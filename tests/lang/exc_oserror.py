# OSError and its family: errno, strerror, filename, the message, and the
# subclass chosen by errno; the other builtin exceptions of Python 3.11

def show(e):
    print(type(e).__name__, "|", e, "|", e.args, e.errno, e.strerror, e.filename, e.filename2, "|", repr(e))


show(OSError(2, "No such file or directory", "x.txt"))
show(OSError(13, "Permission denied", "a", None, "b"))
show(OSError(13, "Permission denied", None))
show(OSError("plain"))
show(OSError())
show(OSError(1))
show(OSError(1, 2, 3, 4, 5, 6))
show(OSError(99, "weird"))
show(FileNotFoundError(17, "exists?"))
for err in [1, 2, 4, 10, 11, 13, 17, 20, 21, 32, 103, 104, 110, 111, 3, 115, 114]:
    print(err, type(OSError(err, "m")).__name__)
print(IOError is OSError, EnvironmentError is OSError)
for child, parent in [(BrokenPipeError, ConnectionError), (ConnectionError, OSError),
                      (ConnectionResetError, ConnectionError), (ConnectionAbortedError, ConnectionError),
                      (ConnectionRefusedError, ConnectionError), (TimeoutError, OSError),
                      (BlockingIOError, OSError), (ChildProcessError, OSError), (FileExistsError, OSError),
                      (InterruptedError, OSError), (IsADirectoryError, OSError), (NotADirectoryError, OSError),
                      (PermissionError, OSError), (ProcessLookupError, OSError), (FloatingPointError, ArithmeticError),
                      (BufferError, Exception), (SystemError, Exception), (StopAsyncIteration, Exception)]:
    print(child.__name__, issubclass(child, parent), child.__mro__[1].__name__)


class MyErr(OSError):
    def __init__(self, msg):
        super().__init__(5, msg)


e = MyErr("boom")
print(e, e.errno, e.args, type(e).__name__)
try:
    raise PermissionError(1, "Operation not permitted", "/root")
except OSError as err:
    print("caught", type(err).__name__, err, err.errno)
e = OSError(2, "No such file or directory", "x.txt")
e.filename = "y.txt"
print(e)
try:
    raise FileNotFoundError(2, "No such file or directory", "data.csv")
except FileNotFoundError as err:
    print(str(err))
