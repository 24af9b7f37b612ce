# numpy/_exceptions.py: numpy's own exception types.


class AxisError(ValueError, IndexError):
    """An axis out of range: numpy's message names the axis and ndim."""

    def __init__(self, axis, ndim=None, msg_prefix=None):
        if ndim is None and msg_prefix is None:
            self._msg = axis
            self.axis = None
            self.ndim = None
        else:
            self._msg = msg_prefix
            self.axis = axis
            self.ndim = ndim
        super().__init__(str(self))

    def __str__(self):
        if self.axis is None:
            return str(self._msg)
        msg = 'axis ' + str(self.axis) + ' is out of bounds for array of dimension ' + str(self.ndim)
        if self._msg is not None:
            msg = self._msg + ': ' + msg
        return msg


class ComplexWarning(RuntimeWarning):
    pass


class VisibleDeprecationWarning(UserWarning):
    pass


class TooHardError(RuntimeError):
    pass


class RankWarning(UserWarning):
    pass
