"""Every Python block of docs/library.md runs, in order, in one namespace (as a reader would
run them in one notebook), and a block written as a script (its first line ``# name.py``) runs
as that script in a fresh Python process — so the guide says what the engines do."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "library.md"
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)
SCRIPT = re.compile(r"^# ([\w-]+\.py)\n")


def blocks() -> list[str]:
    return BLOCK.findall(PAGE.read_text("utf-8"))


def test_the_guide_has_code_and_the_readme_links_it():
    assert len(blocks()) >= 10
    readme = (ROOT / "README.md").read_text("utf-8")
    engines = readme.split("## Use the engines", 1)[1].split("\n## ", 1)[0]
    assert "docs/library.md" in engines


def test_every_python_block_of_the_guide_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    namespace: dict = {"__name__": "library_guide"}
    scripts = []
    for number, code in enumerate(blocks(), start=1):
        named = SCRIPT.match(code)
        if named:
            scripts.append((named.group(1), code))
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                exec(compile(code, f"docs/library.md block {number}", "exec"), namespace)
            except Exception as exc:
                raise AssertionError(f"block {number} of docs/library.md failed: {exc!r}\n"
                                     f"{code}") from exc
    assert scripts, "the guide's dask recipe is written as a script"
    for name, code in scripts:
        _run_script(tmp_path / name, code)


def _run_script(path: Path, code: str) -> None:
    if "local_cluster" in code:
        pytest.importorskip("distributed")
    path.write_text(code, "utf-8")
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          cwd=path.parent, timeout=600, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, f"{path.name} failed:\n{done.stderr[-3000:]}"
