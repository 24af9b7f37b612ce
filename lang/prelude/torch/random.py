# torch/random.py: the default CPU generator's state and seeds, and
# fork_rng, as PyTorch 1.13's module has them (torch.get_rng_state and
# friends are these functions).
import contextlib
import warnings

import torch
from torch import Generator, default_generator, manual_seed, seed, initial_seed


def set_rng_state(new_state):
    """Sets the random number generator state."""
    default_generator.set_state(new_state)


def get_rng_state():
    """Returns the random number generator state as a torch.ByteTensor."""
    return default_generator.get_state()


_fork_rng_warned_already = False


@contextlib.contextmanager
def fork_rng(devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices"):
    """Forks the RNG, so that when you return, the RNG is reset to the
    state that it was previously in."""
    import torch.cuda
    global _fork_rng_warned_already
    if not enabled:
        yield
        return
    if devices is None:
        num_devices = torch.cuda.device_count()
        if num_devices > 1 and not _fork_rng_warned_already:
            warnings.warn(("CUDA reports that you have {num_devices} available devices, and you have used "
                           "{caller} without explicitly specifying which devices are being used. For safety, we "
                           "initialize *every* CUDA device by default, which can be quite slow if you have a lot "
                           "of GPUs.  If you know that you are only making use of a few CUDA devices, set the "
                           "environment variable CUDA_VISIBLE_DEVICES or the '{devices_kw}' keyword argument of "
                           "{caller} with the set of devices you are actually using.  For example, if you are "
                           "using CPU only, set CUDA_VISIBLE_DEVICES= or devices=[]; if you are using GPU 0 only, "
                           "set CUDA_VISIBLE_DEVICES=0 or devices=[0].  To initialize all devices and suppress "
                           "this warning, set the '{devices_kw}' keyword argument to `range(torch.cuda.device_"
                           "count())`.").format(num_devices=num_devices, caller=_caller, devices_kw=_devices_kw))
            _fork_rng_warned_already = True
        devices = list(range(num_devices))
    else:
        devices = list(devices)
    cpu_rng_state = torch.get_rng_state()
    gpu_rng_states = [torch.cuda.default_generators[d].get_state() for d in devices]
    try:
        yield
    finally:
        torch.set_rng_state(cpu_rng_state)
        for device, state in zip(devices, gpu_rng_states):
            torch.cuda.default_generators[device].set_state(state)
