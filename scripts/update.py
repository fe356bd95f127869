"""Bring a used checkout up to date (``make update``), without losing a teacher's work.

    python3 scripts/update.py              # in the checkout; `make update` also re-runs set-up
    python3 scripts/update.py --dry-run    # only say what it would do

Running a notebook changes the file (outputs, execution counts, widget ids), and a changed file
stops ``git pull`` as soon as the same file changed upstream. This does what a teacher means by
"update": it keeps a copy of everything they changed, puts the shipped files back, and pulls.

1. Fetch, and stop (changing nothing) if this checkout has commits of its own or no upstream:
   that is a developer's checkout, to be merged by hand.
2. Every tracked file that differs from the last commit is sorted out:
   - a notebook whose cells (their kinds and sources) are unchanged was only *run*: its outputs
     are not kept (the new version has fresh ones);
   - anything else (a notebook with edited or added cells, any other file) is *copied* to
     ``my-changes/<date-time>/`` under its own path, before it is put back.
3. Files of one's own that the update would overwrite (not tracked here, but new upstream) are
   moved to the same folder.
4. The tracked files are put back as committed, and the checkout fast-forwards to upstream.

Nothing else is touched: files of one's own stay where they are, ``my-changes/`` is ignored by
git, and each run makes a new folder. Everything done is said at the end.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import subprocess
import sys
from pathlib import Path

KEEP = "my-changes"


class Stop(Exception):
    """The update cannot be done safely; nothing was changed."""


def git(repo: Path, *args: str, check: bool = True) -> str:
    result = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True)
    if check and result.returncode:
        raise Stop(f"git {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


def cells_of(text: str) -> list[tuple[str, str]] | None:
    """A notebook's cells as (kind, source) pairs; None if `text` is no notebook."""
    try:
        nb = json.loads(text)
        return [(cell.get("cell_type", ""), "".join(cell.get("source", "")))
                for cell in nb.get("cells", [])]
    except (ValueError, AttributeError, TypeError):
        return None


def only_run(repo: Path, path: str) -> bool:
    """Whether the notebook at `path` differs from the last commit only by having been run."""
    if not path.endswith(".ipynb") or not (repo / path).exists():
        return False
    committed = subprocess.run(["git", "show", f"HEAD:{path}"], cwd=repo, capture_output=True,
                               text=True)
    if committed.returncode:
        return False
    now = cells_of((repo / path).read_text(encoding="utf-8"))
    return now is not None and now == cells_of(committed.stdout)


def changed_files(repo: Path) -> tuple[list[str], list[str]]:
    """(tracked paths that differ from HEAD, untracked paths), from git status."""
    entries = git(repo, "status", "--porcelain=v1", "-z", "--untracked-files=all").split("\0")
    tracked, untracked = [], []
    skip_next = False
    for entry in entries:
        if skip_next:
            skip_next = False
            continue
        if not entry:
            continue
        status, path = entry[:2], entry[3:]
        if status == "??":
            untracked.append(path)
        else:
            tracked.append(path)
            # A rename also names the old path, which HEAD has: put back like the rest.
            skip_next = "R" in status or "C" in status
    return tracked, untracked


def update(repo: Path, dry_run: bool = False, now: datetime.datetime | None = None) -> list[str]:
    """Update `repo`; return what was done, one line each (raises Stop if it cannot)."""
    said: list[str] = []
    if git(repo, "rev-parse", "--is-inside-work-tree", check=False).strip() != "true":
        raise Stop(f"{repo} is not a git checkout")
    upstream = git(repo, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}",
                   check=False).strip()
    if not upstream:
        raise Stop("this checkout follows no upstream branch: nothing to update from")
    git(repo, "fetch", "--quiet")
    own = git(repo, "rev-list", "--count", "@{u}..HEAD").strip()
    if own != "0":
        raise Stop(f"this checkout has {own} commit(s) of its own: merge by hand (git pull)")
    incoming = git(repo, "rev-list", "--count", "HEAD..@{u}").strip()
    tracked, untracked = changed_files(repo)
    arriving = set(git(repo, "diff", "--name-only", "HEAD", "@{u}").splitlines())
    in_the_way = [p for p in untracked if p in arriving]
    stamp = (now or datetime.datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    keep = repo / KEEP / stamp
    run_only = [p for p in tracked if only_run(repo, p)]
    to_copy = [p for p in tracked if p not in run_only and (repo / p).exists()]
    deleted = [p for p in tracked if not (repo / p).exists()]
    for path in to_copy:
        said.append(f"kept your changed {path} as {KEEP}/{stamp}/{path}")
        if not dry_run:
            (keep / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(repo / path, keep / path)
    for path in in_the_way:
        said.append(f"moved your {path} (the update brings a file of that name) to "
                    f"{KEEP}/{stamp}/{path}")
        if not dry_run:
            (keep / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(repo / path, keep / path)
    if run_only:
        said.append(f"put back {len(run_only)} notebook(s) that had only been run: "
                    + ", ".join(run_only))
    if deleted:
        said.append(f"put back {len(deleted)} deleted file(s): " + ", ".join(deleted))
    if not dry_run:
        if tracked:
            git(repo, "reset", "--quiet", "--hard", "HEAD")
        git(repo, "merge", "--quiet", "--ff-only", "@{u}")
    said.append(f"{'would bring' if dry_run else 'brought'} in {incoming} new commit(s) "
                f"from {upstream}" if incoming != "0" else f"already up to date with {upstream}")
    return said


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, default=Path.cwd())
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    try:
        for line in update(args.repo, args.dry_run):
            print(line)
    except Stop as stop:
        print(f"Not updated: {stop}. Nothing was changed.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
