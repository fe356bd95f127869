"""The shipped notebooks suit a teacher's checkout: pictures on first open (no widget views
saved without their kernel), no machine paths in outputs, the kernel named as JupyterLab writes
it — so running a notebook changes as little as possible and a `git pull` does not conflict.
`python scripts/tidy_notebooks.py` fixes what it can (see there)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts.tidy_notebooks import KERNELSPEC, WIDGET_VIEW, problems, tidy, tracked_notebooks

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = tracked_notebooks(ROOT)


def test_the_notebooks_are_found():
    assert {"00-start-here.ipynb", "01-sumeria.ipynb"} <= {p.name for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_shipped_notebook_is_tidy(path):
    found = problems(json.loads(path.read_text(encoding="utf-8")))
    assert not found, ("run `python scripts/tidy_notebooks.py " + str(path.relative_to(ROOT))
                       + "`, then fix what it still lists:\n" + "\n".join(found))


def notebook(*outputs, kernelspec=KERNELSPEC):
    return {"metadata": {"kernelspec": dict(kernelspec), "language_info": {"name": "python"}},
            "cells": [{"cell_type": "code", "metadata": {}, "source": "x",
                       "outputs": list(outputs)}]}


@pytest.mark.parametrize("text", [
    "/home/ada/sumer/engine/core.py", "/root/.cache/x", "/tmp/tmpab12/save.json",
    "C:\\Users\\ada\\sumer", "lib/python3.11/site-packages/tqdm/std.py", "/Users/ada/x",
    "\x1b[32m/work/main/engine/core.py:368\x1b[39m", "file:///srv/x"])
def test_machine_paths_are_found(text):
    nb = notebook({"output_type": "stream", "name": "stderr", "text": [text]})
    assert any("machine path" in p for p in problems(nb))


@pytest.mark.parametrize("text", [
    "https://mybinder.org/v2/gh/sumer-games/sumer/HEAD?urlpath=lab/tree/notebooks/x.ipynb",
    "see docs/rules/sumeria.md", "1/2 of the games", "https://example.org/home/page",
    "a ratio 3/4 and/or 50/50"])
def test_ordinary_text_is_no_machine_path(text):
    nb = notebook({"output_type": "stream", "name": "stdout", "text": [text]})
    assert problems(nb) == []


def test_tidy_keeps_a_boards_picture_and_drops_its_view_and_foreign_frames():
    board = {"output_type": "display_data", "metadata": {}, "data": {
        WIDGET_VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 0},
        "image/svg+xml": "<svg/>", "text/plain": "<SumeriaBoard: ...>"}}
    error = {"output_type": "error", "ename": "IllegalMove", "evalue": "no", "traceback": [
        "\x1b[31m----\x1b[39m", "\x1b[36mCell\x1b[39m In[3], line 1\n----> 1 game.play('x')\n",
        "\x1b[36mFile \x1b[39m\x1b[32m/work/main/engine/core.py:368\x1b[39m, in Game.play",
        "\x1b[31mIllegalMove\x1b[39m: no"]}
    nb = notebook(board, error, kernelspec={"name": "python3", "display_name": "Python 3"})
    assert len(problems(nb)) == 3
    tidy(nb)
    assert problems(nb) == []
    assert set(board["data"]) == {"image/svg+xml", "text/plain"}
    assert len(error["traceback"]) == 3 and "Cell" in error["traceback"][1]
