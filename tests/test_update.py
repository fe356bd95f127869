"""`make update` (scripts/update.py) brings a used checkout up to date and never loses a
teacher's work: notebooks that were only run are put back, edited ones and other changed files
are copied to my-changes/ first, files of one's own in the way are moved there, and a checkout
with commits of its own is left alone."""

from __future__ import annotations

import datetime
import json
import subprocess
from pathlib import Path

import pytest

from scripts.update import KEEP, Stop, update

NOW = datetime.datetime(2026, 12, 1, 9, 30, 0)
STAMP = "2026-12-01-093000"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.org", *args],
                          cwd=repo, check=True, capture_output=True, text=True).stdout


def notebook(*sources: str, outputs: str = "") -> str:
    cells = [{"cell_type": "code", "execution_count": 1 if outputs else None, "metadata": {},
              "source": source, "outputs": [{"output_type": "stream", "name": "stdout",
                                             "text": outputs}] if outputs else []}
             for source in sources]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5},
                      indent=1) + "\n"


@pytest.fixture
def checkouts(tmp_path):
    """(the teacher's clone, the project's clone) of one upstream repository."""
    upstream = tmp_path / "upstream.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(upstream))
    project = tmp_path / "project"
    git(tmp_path, "clone", "-q", str(upstream), str(project))
    (project / "notebooks").mkdir()
    (project / "notebooks/a.ipynb").write_text(notebook("print(1)"))
    (project / "notebooks/b.ipynb").write_text(notebook("print(2)"))
    (project / "README.md").write_text("read me\n")
    git(project, "add", ".")
    git(project, "commit", "-q", "-m", "first")
    git(project, "push", "-q", "origin", "HEAD:main")
    teacher = tmp_path / "teacher"
    git(tmp_path, "clone", "-q", str(upstream), str(teacher))
    return teacher, project


def publish(project: Path, path: str, text: str) -> None:
    (project / path).parent.mkdir(parents=True, exist_ok=True)
    (project / path).write_text(text)
    git(project, "add", ".")
    git(project, "commit", "-q", "-m", f"change {path}")
    git(project, "push", "-q", "origin", "HEAD:main")


def test_a_run_notebook_is_put_back_and_an_edited_one_kept(checkouts):
    teacher, project = checkouts
    publish(project, "notebooks/a.ipynb", notebook("print(1)", "print('new')"))
    publish(project, "notebooks/b.ipynb", notebook("print(22)"))
    publish(project, "notebooks/c.ipynb", notebook("print(3)"))
    # The teacher ran a (outputs only), added a cell to b, edited the README, and has a c of
    # their own where the update brings one.
    (teacher / "notebooks/a.ipynb").write_text(notebook("print(1)", outputs="1\n"))
    edited_b = notebook("print(2)", "my own cell", outputs="2\n")
    (teacher / "notebooks/b.ipynb").write_text(edited_b)
    (teacher / "README.md").write_text("read me, with my notes\n")
    (teacher / "notebooks/c.ipynb").write_text("my c\n")
    (teacher / "mine.txt").write_text("untouched\n")

    said = update(teacher, now=NOW)

    keep = teacher / KEEP / STAMP
    assert (keep / "notebooks/b.ipynb").read_text() == edited_b
    assert (keep / "README.md").read_text() == "read me, with my notes\n"
    assert (keep / "notebooks/c.ipynb").read_text() == "my c\n"
    assert not (keep / "notebooks/a.ipynb").exists()
    assert (teacher / "notebooks/a.ipynb").read_text() == notebook("print(1)", "print('new')")
    assert (teacher / "notebooks/b.ipynb").read_text() == notebook("print(22)")
    assert (teacher / "notebooks/c.ipynb").read_text() == notebook("print(3)")
    assert (teacher / "mine.txt").read_text() == "untouched\n"
    assert git(teacher, "rev-parse", "HEAD") == git(project, "rev-parse", "HEAD")
    text = "\n".join(said)
    assert f"{KEEP}/{STAMP}/notebooks/b.ipynb" in text and "only been run" in text
    assert "3 new commit(s)" in text
    # my-changes/ is the teacher's: git does not list it (the project ignores it).
    assert KEEP in Path(__file__).resolve().parent.parent.joinpath(".gitignore").read_text()


def test_a_dry_run_changes_nothing(checkouts):
    teacher, project = checkouts
    publish(project, "notebooks/a.ipynb", notebook("print(10)"))
    (teacher / "notebooks/a.ipynb").write_text(notebook("print(1)", "x = 1"))
    said = update(teacher, dry_run=True, now=NOW)
    assert any("would bring in 1" in line for line in said)
    assert not (teacher / KEEP).exists()
    assert (teacher / "notebooks/a.ipynb").read_text() == notebook("print(1)", "x = 1")


def test_a_checkout_with_its_own_commits_is_left_alone(checkouts):
    teacher, project = checkouts
    publish(project, "notebooks/a.ipynb", notebook("print(10)"))
    (teacher / "notebooks/b.ipynb").write_text(notebook("print(2)", "mine"))
    git(teacher, "commit", "-q", "-am", "my own commit")
    (teacher / "README.md").write_text("changed\n")
    with pytest.raises(Stop, match="commit"):
        update(teacher, now=NOW)
    assert (teacher / "README.md").read_text() == "changed\n"
    assert not (teacher / KEEP).exists()
