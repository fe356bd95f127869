"""The Binder set-up works: a fresh environment built from binder/ with Binder's JupyterLab
runs every notebook (scripts/check_binder.sh)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_binder_files_are_complete():
    # The project with JupyterLab and matplotlib (lab), Voilà for the apps (apps) and
    # dask.distributed for 05-analysis's cluster (cluster).
    assert (ROOT / "binder/requirements.txt").read_text().split() == [".[lab,apps,cluster]"]
    assert (ROOT / "binder/runtime.txt").read_text().strip() == "python-3.11"
    assert (ROOT / "binder/postBuild").stat().st_mode & 0o111
    readme = (ROOT / "README.md").read_text()
    assert "mybinder.org/v2/gh/" in readme and "00-start-here.ipynb" in readme


@pytest.mark.slow
def test_notebooks_run_in_a_binder_environment():
    result = subprocess.run([str(ROOT / "scripts/check_binder.sh")], capture_output=True,
                            text=True, timeout=1200, cwd=ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "binder env: jupyterlab 4.4.9" in result.stdout
