"""Fixtures of the real-client tests: the kernelspec `cgrad install
--prefix` writes into a temporary prefix, and an environment in which
Jupyter's programs (nbclient, jupyter console, JupyterLab) find it and keep
their config, data and runtime files out of the user's home.

These tests run once, against build/cgrad, in `make test` (they drive the
same kernel as tests/kernel, through the programs people use)."""
import os
import pathlib
import subprocess
import sys
import time

import pytest



@pytest.fixture(scope="session")
def venv_bin():
    """Where jupyter, jupyter-lab and jupyter-console are: next to the
    python that runs pytest (.venv's)."""
    return pathlib.Path(sys.executable).parent


@pytest.fixture(scope="session")
def jupyter_env(cgrad, tmp_path_factory):
    """The environment, as a dict for subprocesses; os.environ gets it too
    for the clients that run inside pytest (nbclient)."""
    root = tmp_path_factory.mktemp("jupyter")
    subprocess.run([cgrad, "install", "--prefix", str(root / "prefix")], check=True,
                   capture_output=True)
    env = {
        "JUPYTER_PATH": str(root / "prefix" / "share" / "jupyter"),
        "JUPYTER_CONFIG_DIR": str(root / "config"),
        "JUPYTER_DATA_DIR": str(root / "data"),
        "JUPYTER_RUNTIME_DIR": str(root / "runtime"),
        "JUPYTER_PLATFORM_DIRS": "1",
        "IPYTHONDIR": str(root / "ipython"),
    }
    os.environ.update(env)
    return dict(os.environ)


@pytest.fixture
def no_kernel_left(jupyter_env):
    """Called at a test's end: waits up to 10 s for every kernel the test's
    clients started to exit (a kernel's command line names its connection
    file in JUPYTER_RUNTIME_DIR), and fails naming those that did not."""
    runtime = jupyter_env["JUPYTER_RUNTIME_DIR"].encode()

    def kernels():
        pids = []
        for cmdline in pathlib.Path("/proc").glob("[0-9]*/cmdline"):
            try:
                if runtime in cmdline.read_bytes():
                    pids.append(int(cmdline.parent.name))
            except OSError:
                pass
        return pids

    def check():
        end = time.monotonic() + 10
        while kernels() and time.monotonic() < end:
            time.sleep(0.1)
        assert not kernels(), f"kernels left running: {kernels()}"
    return check
