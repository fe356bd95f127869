"""`make update` (scripts/update.py) brings a used checkout up to date and never loses a
teacher's work.

Each test builds an upstream repository and a teacher's clone of it in tmp_path, makes the
teacher's edits, advances the upstream, runs the script on the clone (with the system's python3
and its standard library only, as `make update` runs it before the environment exists; the
set-up step is not run), and hashes every file before and after: every version the teacher had
— in the working tree, staged, untracked, ignored — is afterwards in place or in
my-changes/<date-time>/, where a line of the script's message says it is (and holds what that
line says); only notebooks the message names as only run may go. An update that fails leaves
every file, the commit, .git/HEAD and the index file as they were, byte for byte.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scripts.update import KEEP, Stop, update

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "update.py"
#: `make update` runs the script with the system's python3, before the environment exists.
PYTHON = shutil.which("python3", path=os.pathsep.join(["/usr/bin", "/bin"])) or sys.executable
#: The test's own git commands only read (status does not refresh the index file as it goes).
GIT_ENV = {**os.environ, "GIT_OPTIONAL_LOCKS": "0"}
NOW = datetime.datetime(2026, 12, 1, 9, 30, 0)
STAMP = "2026-12-01-093000"


def git(repo: Path, *args: str, stdin: bytes | None = None) -> bytes:
    return subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.org", *args],
                          cwd=repo, check=True, capture_output=True, input=stdin,
                          env=GIT_ENV).stdout


def notebook(*sources: str, tags=(), note=None, outputs: str = "", ran: bool = False) -> str:
    """A notebook as JupyterLab writes it; `ran`: with everything running writes."""
    cells = []
    for source in sources:
        cell = {"cell_type": "code", "execution_count": 1 if ran else None, "id": source[:8],
                "metadata": {"tags": list(tags)} if tags else {}, "outputs": [],
                "source": source.splitlines(keepends=True)}
        if ran or outputs:
            cell["outputs"] = [{"name": "stdout", "output_type": "stream",
                                "text": outputs or "out\n"}]
        if ran:
            cell["metadata"]["execution"] = {"iopub.status.busy": "2026-11-30T10:00:00.1Z",
                                             "shell.execute_reply": "2026-11-30T10:00:00.2Z"}
        cells.append(cell)
    metadata = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                               "name": "python3"}}
    if ran:
        metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                  "name": "other"}
        metadata["language_info"] = {"name": "python", "version": "3.12.1"}
        metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    if note is not None:
        metadata["note"] = note
    return json.dumps({"cells": cells, "metadata": metadata, "nbformat": 4,
                       "nbformat_minor": 5}, indent=1, sort_keys=True) + "\n"


def publish(project: Path, changes: dict[str, str | None]) -> None:
    """Commit and push `changes` ({path: text, or None to delete}) upstream."""
    for path, text in changes.items():
        if text is None:
            git(project, "rm", "-q", path)
        else:
            (project / path).parent.mkdir(parents=True, exist_ok=True)
            (project / path).write_text(text)
            git(project, "add", "-f", path)
    git(project, "commit", "-q", "-m", "new version")
    git(project, "push", "-q", "origin", "HEAD:main")


@pytest.fixture
def checkouts(tmp_path):
    """(the teacher's clone, the project's clone) of one upstream repository."""
    upstream = tmp_path / "upstream.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(upstream))
    project = tmp_path / "project"
    git(tmp_path, "clone", "-q", str(upstream), str(project))
    publish(project, {".gitignore": "build/\nmy-changes/\n",
                      "notebooks/a.ipynb": notebook("print(1)"),
                      "notebooks/b.ipynb": notebook("print(2)"),
                      "notebooks/odd.ipynb": notebook("print(3)"),
                      "notes/lesson plan.md": "the plan\n", "README.md": "read me\n"})
    teacher = tmp_path / "teacher"
    git(tmp_path, "clone", "-q", str(upstream), str(teacher))
    return teacher, project


def run(teacher: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """The script as `make update` runs it (standard library only): exit status, all it said."""
    result = subprocess.run([PYTHON, "-I", "-S", str(SCRIPT), "--repo", str(teacher), *args],
                            capture_output=True, text=True, env=env)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout + result.stderr


def files(repo: Path) -> dict[str, str]:
    """{path: sha256} of every file under `repo` (ignored ones too), .git/ aside."""
    found = {}
    for top, dirs, names in os.walk(repo):
        dirs[:] = [d for d in dirs if not (top == str(repo) and d == ".git")]
        for name in names:
            path = Path(top) / name
            data = os.readlink(path).encode() if path.is_symlink() else path.read_bytes()
            found[path.relative_to(repo).as_posix()] = hashlib.sha256(data).hexdigest()
    return found


def state(repo: Path) -> dict[str, object]:
    """Every file, .git/HEAD, the index file, the commit, what is staged, what git says."""
    return {"files": files(repo), "HEAD file": (repo / ".git/HEAD").read_text(),
            "index file": hashlib.sha256((repo / ".git/index").read_bytes()).hexdigest(),
            "commit": git(repo, "rev-parse", "HEAD"), "index": git(repo, "ls-files", "-s"),
            "status": git(repo, "status", "--porcelain=v1", "-z", "--untracked-files=all",
                          "--ignored")}


def versions(repo: Path) -> dict[tuple[str, str], str]:
    """{(where, path): sha256} of every version the teacher has that the last commit has not:
    where is "work" (the working tree, ignored files too) or "staged"."""
    committed = {}
    for line in git(repo, "ls-tree", "-r", "-z", "HEAD").split(b"\0"):
        if line:
            info, path = line.split(b"\t", 1)
            committed[path.decode()] = info.split()[2].decode()
    found = {}
    for path, digest in files(repo).items():
        oid = committed.get(path)
        if oid is None or hashlib.sha256(git(repo, "cat-file", "blob", oid)).hexdigest() != digest:
            found["work", path] = digest
    for line in git(repo, "ls-files", "-s", "-z").split(b"\0"):
        if line:
            info, path = line.split(b"\t", 1)
            oid = info.split()[1].decode()
            if oid != committed.get(path.decode()):
                data = git(repo, "cat-file", "blob", oid)
                found["staged", path.decode()] = hashlib.sha256(data).hexdigest()
    return found


#: A line saying where a version went: "kept your changed README.md as my-changes/…/README.md",
#: "moved your ignored build/notes.txt to my-changes/…: the new version brings …".
KEPT = re.compile(r"(?:kept|moved) (?:your (?:changed|new|ignored|own) (?P<work>.+?)"
                  r"|the version of (?P<staged>.+?) you had staged) (?:as|to) "
                  rf"(?P<dest>{KEEP}/.+?)(?:: the new version brings .*)?$")
RUN_ONLY = re.compile(r"put back \d+ notebook\(s\) that had only been run "
                      r"\(their outputs are not kept\): (?P<work>.*)$"
                      r"|did not keep the version you had staged of (?P<staged>.*): it had only "
                      r"been run$")


def assert_all_kept(before: dict[tuple[str, str], str], teacher: Path, said: str,
                    dropped: set[tuple[str, str]] = frozenset()) -> None:
    """Every version in `before` is in place, or in my-changes/ where a line of `said` says
    it is; each such line's file holds the version it names; my-changes/ holds nothing new
    that no line names; and the versions not kept are exactly `dropped` ({(where, path)}:
    notebooks only run), which the message names as such."""
    after = files(teacher)
    claimed: dict[str, tuple[str, str]] = {}
    not_kept: set[tuple[str, str]] = set()
    for line in said.splitlines():
        if kept := KEPT.match(line):
            version = ("staged", kept["staged"]) if kept["staged"] else ("work", kept["work"])
            assert kept["dest"] not in claimed, f"two versions said to be at one place:\n{said}"
            claimed[kept["dest"]] = version
            assert version in before and after.get(kept["dest"]) == before[version], \
                f"{kept['dest']} does not hold {version}, as said:\n{said}"
        elif run_only := RUN_ONLY.match(line):
            where = "staged" if run_only["staged"] else "work"
            not_kept |= {(where, path) for path in run_only[where].split(", ")}
    new = {path for path in after if path.startswith(KEEP + "/") and ("work", path) not in before}
    assert new == set(claimed), f"in {KEEP}/ without a word: {sorted(new - set(claimed))}, " \
        f"said but not there: {sorted(set(claimed) - new)}:\n{said}"
    assert not_kept == set(dropped), f"said to be only run: {sorted(not_kept)}:\n{said}"
    for version, digest in before.items():
        if version in dropped or after.get(version[1]) == digest:
            continue
        assert version in claimed.values(), f"the teacher's {version} is lost:\n{said}"


def assert_updated(teacher: Path, project: Path) -> None:
    """The checkout is at the new version, with nothing staged and no tracked file changed."""
    assert git(teacher, "rev-parse", "HEAD") == git(project, "rev-parse", "HEAD")
    assert git(teacher, "status", "--porcelain", "--untracked-files=no") == b""


def test_an_ignored_file_the_new_version_ships_is_moved_not_overwritten(checkouts):
    teacher, project = checkouts
    (teacher / "build").mkdir()
    (teacher / "build/notes.txt").write_text("my notes\n")
    (teacher / "build/other.txt").write_text("stays\n")
    publish(project, {"build/notes.txt": "shipped notes\n"})
    before = versions(teacher)

    status, said = run(teacher)

    assert status == 0, said
    assert_updated(teacher, project)
    assert (teacher / "build/notes.txt").read_text() == "shipped notes\n"
    assert (teacher / "build/other.txt").read_text() == "stays\n"
    (keep,) = (teacher / KEEP).iterdir()
    assert (keep / "build/notes.txt").read_text() == "my notes\n"
    assert f"moved your ignored build/notes.txt to {KEEP}/{keep.name}/build/notes.txt" in said
    assert_all_kept(before, teacher, said)


def test_files_in_the_way_of_new_files_and_folders_are_moved(checkouts):
    teacher, project = checkouts
    # Where the new version has a file, the teacher has a folder of their own; where it has a
    # folder, a file; where a shipped file was, they made a folder.
    (teacher / "slides").mkdir()
    (teacher / "slides/my slide.txt").write_text("mine\n")
    (teacher / "extra").write_text("my extra\n")
    (teacher / "notes/lesson plan.md").unlink()
    (teacher / "notes/lesson plan.md").mkdir()
    (teacher / "notes/lesson plan.md/part 1.md").write_text("part one\n")
    publish(project, {"slides": "shipped slides\n", "extra/one.txt": "shipped extra\n"})
    before = versions(teacher)

    status, said = run(teacher)

    assert status == 0, said
    assert_updated(teacher, project)
    assert (teacher / "slides").read_text() == "shipped slides\n"
    assert (teacher / "extra/one.txt").read_text() == "shipped extra\n"
    assert (teacher / "notes/lesson plan.md").read_text() == "the plan\n"
    (keep,) = (teacher / KEEP).iterdir()
    assert (keep / "slides/my slide.txt").read_text() == "mine\n"
    assert (keep / "extra").read_text() == "my extra\n"
    assert (keep / "notes/lesson plan.md/part 1.md").read_text() == "part one\n"
    assert git(teacher, "rev-parse", "HEAD") == git(project, "rev-parse", "HEAD")
    assert_all_kept(before, teacher, said)


def test_a_tag_and_a_metadata_note_are_edits_not_runs(checkouts):
    teacher, project = checkouts
    # The only edits: a cell tag and a note in the notebook's metadata (in a, after a run).
    edits = {"a": notebook("print(1)", tags=["exercise"], note="for 5B", ran=True),
             "b": notebook("print(2)", tags=["hide"], note="skip with 5A"),
             "odd": notebook("print(3)", note="")}
    for name, text in edits.items():
        (teacher / f"notebooks/{name}.ipynb").write_text(text)
    publish(project, {"notebooks/a.ipynb": notebook("print(1)", "print('new')"),
                      "notebooks/b.ipynb": notebook("print(22)")})
    before = versions(teacher)

    status, said = run(teacher)

    assert status == 0, said
    assert_updated(teacher, project)
    assert "only been run" not in said
    (keep,) = (teacher / KEEP).iterdir()
    for name, text in edits.items():
        path = f"notebooks/{name}.ipynb"
        assert f"kept your changed {path} as {KEEP}/{keep.name}/{path}" in said
        assert (keep / path).read_text() == text
        assert (teacher / path).read_bytes() == (project / path).read_bytes()
    assert_all_kept(before, teacher, said)


def test_what_running_writes_is_not_kept(checkouts):
    teacher, project = checkouts
    # Outputs, execution counts and timings, widget state, the kernel that ran it.
    (teacher / "notebooks/a.ipynb").write_text(notebook("print(1)", ran=True))
    publish(project, {"notebooks/a.ipynb": notebook("print(1)", "print('new')")})
    before = versions(teacher)

    status, said = run(teacher)

    assert status == 0, said
    assert_updated(teacher, project)
    assert "put back 1 notebook(s) that had only been run" in said
    assert "notebooks/a.ipynb" in said
    assert not (teacher / KEEP).exists()
    assert (teacher / "notebooks/a.ipynb").read_text() == notebook("print(1)", "print('new')")
    assert_all_kept(before, teacher, said, dropped={("work", "notebooks/a.ipynb")})


def test_a_staged_file_edited_again_keeps_both_versions(checkouts):
    teacher, project = checkouts
    (teacher / "README.md").write_text("staged notes\n")
    (teacher / "notes/new idea.md").write_text("staged idea\n")
    (teacher / "notes/gone.md").write_text("staged, then deleted\n")
    git(teacher, "add", "README.md", "notes/new idea.md", "notes/gone.md")
    (teacher / "README.md").write_text("later notes\n")
    (teacher / "notes/new idea.md").write_text("later idea\n")
    (teacher / "notes/gone.md").unlink()
    # A notebook staged after a run, then edited: the run is not kept, the edit is.
    (teacher / "notebooks/b.ipynb").write_text(notebook("print(2)", ran=True))
    git(teacher, "add", "notebooks/b.ipynb")
    (teacher / "notebooks/b.ipynb").write_text(notebook("print(2)", "my cell"))
    publish(project, {"README.md": "read me, new\n"})
    before = versions(teacher)

    status, said = run(teacher)

    assert status == 0, said
    assert_updated(teacher, project)
    (keep,) = (teacher / KEEP).iterdir()
    assert (keep / "README.md").read_text() == "later notes\n"
    assert (keep / "README (staged).md").read_text() == "staged notes\n"
    assert f"the version of README.md you had staged as {KEEP}/{keep.name}/README (staged).md" \
        in said
    # A new file stays where it was (no longer staged); what was staged is kept beside it.
    assert (teacher / "notes/new idea.md").read_text() == "later idea\n"
    assert (keep / "notes/new idea (staged).md").read_text() == "staged idea\n"
    assert (keep / "notes/gone.md").read_text() == "staged, then deleted\n"
    assert "stay where they are, no longer staged: notes/new idea.md" in said
    assert (keep / "notebooks/b.ipynb").read_text() == notebook("print(2)", "my cell")
    assert "did not keep the version you had staged of notebooks/b.ipynb: it had only been " \
        "run" in said
    assert_all_kept(before, teacher, said, dropped={("staged", "notebooks/b.ipynb")})


def test_a_notebook_jupyter_cannot_read_is_kept_with_a_word(checkouts):
    teacher, project = checkouts
    latin = notebook("print('CAFE')").replace("CAFE", "café").encode("latin-1")
    (teacher / "notebooks/a.ipynb").write_bytes(latin)
    (teacher / "notebooks/b.ipynb").write_text(notebook("print(2)")[:-20])
    (teacher / "notebooks/odd.ipynb").write_text(
        json.dumps({"cells": [{"cell_type": "code", "metadata": ["x"], "source": ""}],
                    "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    publish(project, {"notebooks/a.ipynb": notebook("print(10)"),
                      "notebooks/b.ipynb": notebook("print(20)")})
    before = versions(teacher)

    status, said = run(teacher)

    assert status == 0, said
    assert_updated(teacher, project)
    assert "notebooks/a.ipynb is no notebook Jupyter can read (not UTF-8): kept as your edit" \
        in said
    assert "notebooks/b.ipynb is no notebook Jupyter can read (not JSON): kept as your edit" \
        in said
    assert "notebooks/odd.ipynb is no notebook Jupyter can read (JSON, but not a notebook's): " \
        "kept as your edit" in said
    (keep,) = (teacher / KEEP).iterdir()
    assert (keep / "notebooks/a.ipynb").read_bytes() == latin
    assert (teacher / "notebooks/a.ipynb").read_text() == notebook("print(10)")
    assert_all_kept(before, teacher, said)


def test_files_the_new_version_drops(checkouts):
    teacher, project = checkouts
    (teacher / "notes/lesson plan.md").write_text("my plan\n")
    (teacher / "notebooks/b.ipynb").unlink()
    publish(project, {"notes/lesson plan.md": None, "notebooks/b.ipynb": None})
    before = versions(teacher)

    status, said = run(teacher)

    assert status == 0, said
    assert_updated(teacher, project)
    assert not (teacher / "notes/lesson plan.md").exists()
    (keep,) = (teacher / KEEP).iterdir()
    assert (keep / "notes/lesson plan.md").read_text() == "my plan\n"
    assert "the new version no longer has notes/lesson plan.md" in said
    assert "1 file(s) you had deleted are not in the new version either: notebooks/b.ipynb" \
        in said
    assert_all_kept(before, teacher, said)


def teachers_mix(teacher: Path, project: Path) -> None:
    """A bit of everything: edited, only run, staged and edited again, deleted, untracked and
    ignored files in the new version's way, a file of one's own, paths with spaces; and a
    notebook saved again unchanged (so that its record in the index is out of date, and a git
    status that may write refreshes it)."""
    odd = teacher / "notebooks/odd.ipynb"
    odd.write_bytes(odd.read_bytes())
    os.utime(odd, (1_000_000_000, 1_000_000_000))
    (teacher / "notebooks/a.ipynb").write_text(notebook("print(1)", ran=True))
    (teacher / "notebooks/b.ipynb").write_text(notebook("print(2)", "my cell"))
    (teacher / "README.md").write_text("staged\n")
    git(teacher, "add", "README.md")
    (teacher / "README.md").write_text("edited after staging\n")
    (teacher / "notes/lesson plan.md").unlink()
    (teacher / "notebooks/c.ipynb").write_text("my own c\n")
    (teacher / "build").mkdir()
    (teacher / "build/notes.txt").write_text("my notes\n")
    (teacher / "my file.txt").write_text("mine\n")
    publish(project, {"notebooks/a.ipynb": notebook("print(1)", "print('new')"),
                      "notebooks/b.ipynb": notebook("print(22)"),
                      "notebooks/c.ipynb": notebook("print(3)"),
                      "build/notes.txt": "shipped notes\n", "README.md": "read me, new\n"})


def test_every_kind_of_change_at_once(checkouts):
    teacher, project = checkouts
    teachers_mix(teacher, project)
    before = versions(teacher)

    status, said = run(teacher)

    assert status == 0, said
    assert_updated(teacher, project)
    for path in ("notebooks/a.ipynb", "notebooks/b.ipynb", "notebooks/c.ipynb",
                 "build/notes.txt", "README.md", "notes/lesson plan.md"):
        assert (teacher / path).read_bytes() == (project / path).read_bytes(), path
    assert (teacher / "my file.txt").read_text() == "mine\n"
    assert "put back 1 shipped file(s) you had deleted" in said
    assert "notes/lesson plan.md" in said and "1 new commit(s) from origin/main" in said
    assert_all_kept(before, teacher, said, dropped={("work", "notebooks/a.ipynb")})
    # my-changes/ is the teacher's: git does not list it (the project ignores it).
    assert KEEP in (ROOT / ".gitignore").read_text()


CRASHING_GIT = """#!/bin/sh
# git, but a merge fails after it has done all its work (moved the branch too).
"$REAL_GIT" "$@" || exit
for arg; do
    if [ "$arg" = merge ]; then echo "fatal: the disk went away" >&2; exit 128; fi
done
"""


@pytest.mark.parametrize("failure", ["refs/heads/main.lock", "index.lock", "after merging"])
def test_a_failing_merge_leaves_the_checkout_as_it_was(checkouts, tmp_path, failure):
    teacher, project = checkouts
    teachers_mix(teacher, project)
    env = None
    if failure == "after merging":
        (tmp_path / "bin").mkdir()
        (tmp_path / "bin/git").write_text(CRASHING_GIT)
        (tmp_path / "bin/git").chmod(0o755)
        env = {**os.environ, "REAL_GIT": shutil.which("git"),
               "PATH": f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}"}
        why = "the disk went away"
    else:
        # A git that crashed once leaves its lock behind. The branch's: the fast-forward
        # updates the files and the index, then fails to move the branch. The index's:
        # putting the committed files back fails, after the copies were made.
        (teacher / ".git" / failure).write_text("")
        why = failure
    before = state(teacher)

    status, said = run(teacher, env=env)

    assert state(teacher) == before, said
    assert status == 1, said
    assert said.count("\n") == 1 and said.startswith("Not updated: the new version could not "
                                                      "be brought in (") and why in said
    assert said.endswith("); everything was put back as it was. Nothing was changed.\n")


def test_a_failing_fetch_leaves_the_checkout_as_it_was(checkouts, tmp_path):
    teacher, project = checkouts
    teachers_mix(teacher, project)
    shutil.move(tmp_path / "upstream.git", tmp_path / "elsewhere.git")
    before = state(teacher)

    status, said = run(teacher)

    assert status == 1, said
    assert "could not fetch the new version" in said and "Nothing was changed." in said
    assert state(teacher) == before


def test_a_checkout_with_its_own_commits_is_left_alone(checkouts):
    teacher, project = checkouts
    publish(project, {"notebooks/a.ipynb": notebook("print(10)")})
    (teacher / "notebooks/b.ipynb").write_text(notebook("print(2)", "mine"))
    git(teacher, "commit", "-q", "-am", "my own commit")
    (teacher / "README.md").write_text("changed\n")
    before = state(teacher)

    status, said = run(teacher)

    assert status == 1 and "1 commit(s) of its own" in said and "Nothing was changed." in said
    assert state(teacher) == before


def test_a_checkout_nobody_changed_is_brought_up_to_date(checkouts):
    teacher, project = checkouts
    publish(project, {"notebooks/a.ipynb": notebook("print(10)"), "new.md": "new\n"})

    status, said = run(teacher)

    assert status == 0, said
    assert_updated(teacher, project)
    assert said == "brought in 1 new commit(s) from origin/main\n"
    assert files(teacher) == files(project)
    assert not (teacher / KEEP).exists()


def test_an_up_to_date_checkout_is_left_as_it_is(checkouts):
    teacher, _ = checkouts
    (teacher / "notebooks/a.ipynb").write_text(notebook("print(1)", ran=True))
    (teacher / "README.md").write_text("my notes\n")
    before = state(teacher)

    status, said = run(teacher)

    assert status == 0 and "already up to date with origin/main: nothing was changed" in said
    assert state(teacher) == before


def test_a_dry_run_changes_nothing(checkouts):
    teacher, project = checkouts
    teachers_mix(teacher, project)
    before = state(teacher)

    status, said = run(teacher, "--dry-run")

    assert status == 0 and "would bring in 1 new commit(s)" in said
    assert f"would keep your changed notebooks/b.ipynb as {KEEP}/" in said
    assert state(teacher) == before


def test_a_folder_of_that_date_and_time_is_not_touched(checkouts):
    teacher, project = checkouts
    earlier = teacher / KEEP / STAMP
    earlier.mkdir(parents=True)
    (earlier / "README.md").write_text("from an earlier update\n")
    (teacher / "README.md").write_text("my notes\n")
    publish(project, {"README.md": "read me, new\n"})

    said = "\n".join(update(teacher, now=NOW))

    assert (earlier / "README.md").read_text() == "from an earlier update\n"
    assert (teacher / KEEP / f"{STAMP}-2" / "README.md").read_text() == "my notes\n"
    assert f"kept your changed README.md as {KEEP}/{STAMP}-2/README.md" in said


def test_no_upstream_is_refused(checkouts):
    teacher, _ = checkouts
    git(teacher, "checkout", "-q", "--detach")
    with pytest.raises(Stop, match="no upstream"):
        update(teacher, now=NOW)
