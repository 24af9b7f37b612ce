"""Every notebook in notebooks/ runs from top to bottom through nbclient
(what `jupyter nbconvert --execute` and papermill use) with the cgrad
kernel its metadata names, and no cell fails."""
import pathlib

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


def test_there_are_notebooks():
    assert PATHS, f"no notebook in {NOTEBOOKS}"


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_notebook_runs_without_error(path, jupyter_env, no_kernel_left):
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata.kernelspec.name == "cgrad"
    client = NotebookClient(nb, timeout=120, startup_timeout=30,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    try:
        client.execute()
    except CellExecutionError as e:
        pytest.fail(f"{path.name}: a cell failed:\n{e}")
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        assert cell.execution_count, cell.source
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, (cell.source, errors)
    no_kernel_left()
