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
