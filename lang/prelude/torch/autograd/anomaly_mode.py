# torch/autograd/anomaly_mode.py: detect_anomaly and set_detect_anomaly,
# the switches of the engine's anomaly mode: with check_nan, a backward
# stops at the first node whose gradient holds a NaN, naming the node.
import warnings

import torch


class detect_anomaly:
    """Context manager (and decorator) that turns anomaly detection on."""

    def __init__(self, check_nan=True):
        self.prev = torch.is_anomaly_enabled()
        self.check_nan = check_nan
        self.prev_check_nan = torch.is_anomaly_check_nan_enabled()
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime and should only be "
                      "enabled for debugging.", stacklevel=2)

    def __enter__(self):
        torch.set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *args):
        torch.set_anomaly_enabled(self.prev, self.prev_check_nan)

    def __call__(self, fn):
        def wrapped(*args, **kwargs):
            with self.__class__(self.check_nan):
                return fn(*args, **kwargs)
        return wrapped


class set_detect_anomaly:
    """Turns anomaly detection on or off, as a call or a context manager."""

    def __init__(self, mode, check_nan=True):
        self.prev = torch.is_anomaly_enabled()
        self.prev_check_nan = torch.is_anomaly_check_nan_enabled()
        torch.set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *args):
        torch.set_anomaly_enabled(self.prev, self.prev_check_nan)
