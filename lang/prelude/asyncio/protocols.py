# asyncio.protocols: the callback interfaces of transports (there are no
# sockets here, so nothing drives them yet; kept for code that subclasses).

__all__ = ('BaseProtocol', 'Protocol', 'DatagramProtocol', 'SubprocessProtocol', 'BufferedProtocol')


class BaseProtocol:
    __slots__ = ()

    def connection_made(self, transport):
        """Called when a connection is made."""

    def connection_lost(self, exc):
        """Called when the connection is lost or closed."""

    def pause_writing(self):
        """Called when the transport's buffer goes over the high-water mark."""

    def resume_writing(self):
        """Called when the transport's buffer drains below the low-water mark."""


class Protocol(BaseProtocol):
    __slots__ = ()

    def data_received(self, data):
        """Called when some data is received."""

    def eof_received(self):
        """Called when the other end calls write_eof() or equivalent."""


class BufferedProtocol(BaseProtocol):
    __slots__ = ()

    def get_buffer(self, sizehint):
        """Called to allocate a new receive buffer."""

    def buffer_updated(self, nbytes):
        """Called when the buffer was updated with the received data."""

    def eof_received(self):
        """Called when the other end calls write_eof() or equivalent."""


class DatagramProtocol(BaseProtocol):
    __slots__ = ()

    def datagram_received(self, data, addr):
        """Called when some datagram is received."""

    def error_received(self, exc):
        """Called when a send or receive operation raises an OSError."""


class SubprocessProtocol(BaseProtocol):
    __slots__ = ()

    def pipe_data_received(self, fd, data):
        """Called when the subprocess writes data into stdout/stderr pipe."""

    def pipe_connection_lost(self, fd, exc):
        """Called when a file descriptor associated with the child process is closed."""

    def process_exited(self):
        """Called when subprocess has exited."""
