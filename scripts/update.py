"""Bring a used checkout up to date (``make update``), without losing a teacher's work.

    python3 scripts/update.py              # in the checkout; `make update` also re-runs set-up
    python3 scripts/update.py --dry-run    # only say what it would do

Running a notebook changes the file (outputs, execution counts, widget state), and a changed
file stops ``git pull`` as soon as the same file changed upstream. This does what a teacher
means by "update": it keeps a copy of everything they changed, puts the shipped files back, and
brings in the new version. It needs only git and Python's standard library (``make update``
runs it before the environment is set up).

1. Fetch, and stop (changing nothing) if this checkout has commits of its own, no upstream, an
   unfinished merge, or nothing new to bring in: an up-to-date checkout is left as it is.
2. Sort out every tracked file that differs from the last commit, version by version (the one
   in the working tree, and the one staged for a commit if that is another):
   - a notebook that was only *run* is not kept (the new version has fresh outputs). Only run
     means: it differs from the last commit only in what running writes — cell outputs and
     execution counts, a cell's ``execution`` timings (JupyterLab's and nbclient's), and the
     notebook's ``widgets`` state, ``kernelspec`` and ``language_info`` (written by the kernel
     that ran it). Anything else — a cell's source, kind, tags or other metadata, the
     notebook's other metadata, a notebook that is not UTF-8 or not JSON — is the teacher's;
   - every other version is *copied* to ``my-changes/<date-time>/`` under its own path (a
     staged version that differs from the working tree's as ``<name> (staged)<.ext>``);
   - a shipped file the teacher deleted is put back (git has every shipped version).
3. Files of the teacher's own — untracked or ignored — that the new version would overwrite
   (it brings a file of that name, or a folder where they have a file) are moved to the same
   folder. Every other file of their own stays where it is (a new file they had staged stays
   too, no longer staged).
4. Only when every copy is made and read back: the index and the changed files are put back as
   committed, those files are moved away, and the checkout fast-forwards to upstream. If any of
   that fails, everything is put back as it was (files, staged versions, the index file byte
   for byte, the commit checked out, the folder just made) and it says so. Git's reading
   commands run without their optional locks, so that they do not rewrite the index.

``my-changes/`` is ignored by git; each run makes a new folder (``<date-time>-2`` if that name
is taken). Everything done is said at the end, one line each. Submodules are not used here and
are not looked at.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

KEEP = "my-changes"
#: What running a notebook writes into it, and so is not the teacher's work (see above).
RUN_CELL_FIELDS = ("outputs", "execution_count")
RUN_CELL_METADATA = ("execution",)
RUN_NOTEBOOK_METADATA = ("widgets", "kernelspec", "language_info")


class Stop(Exception):
    """The update was not done, and the checkout is as it was; the text says why."""


class Incomplete(Exception):
    """The update failed and not everything could be put back; the text says what is where."""


class GitError(Exception):
    """A git command failed; the text is git's first line about it."""


#: Git's own environment, but for one thing: reading commands (status) do not rewrite the
#: index as they go, so a checkout left as it was keeps the index byte for byte.
GIT_ENV = {**os.environ, "GIT_OPTIONAL_LOCKS": "0"}


def git(repo: Path, *args: str, stdin: bytes | None = None) -> bytes:
    try:
        result = subprocess.run(["git", "--literal-pathspecs", *args], cwd=repo, input=stdin,
                                capture_output=True, env=GIT_ENV)
    except OSError as error:
        raise GitError(f"git could not be run ({error.strerror})") from error
    if result.returncode:
        lines = os.fsdecode(result.stderr).strip().splitlines() or [f"exit {result.returncode}"]
        fatal = [line for line in lines if line.startswith(("fatal:", "error:"))]
        raise GitError(f"git {args[0]}: {(fatal or lines)[0]}")
    return result.stdout


def git_text(repo: Path, *args: str) -> str:
    return os.fsdecode(git(repo, *args)).strip()


# --- the teacher's files -------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """What is at a path in the working tree: a file (bytes and mode), a link, or a folder."""

    kind: str  # "file", "link" or "dir"
    data: bytes = b""
    mode: int = 0o644


def read_entry(path: Path) -> Entry | None:
    try:
        info = path.lstat()
    except (FileNotFoundError, NotADirectoryError):  # or a file where a folder of it would be
        return None
    if stat.S_ISLNK(info.st_mode):
        return Entry("link", os.fsencode(os.readlink(path)))
    if stat.S_ISDIR(info.st_mode):
        return Entry("dir")
    return Entry("file", path.read_bytes(), stat.S_IMODE(info.st_mode))


def write_entry(path: Path, entry: Entry) -> None:
    """Put `entry` at `path` (replacing a file or link there), and read it back."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink() or path.is_file():
        path.unlink()
    if entry.kind == "link":
        os.symlink(os.fsdecode(entry.data), path)
    elif entry.kind == "dir":
        path.mkdir(exist_ok=True)
    else:
        path.write_bytes(entry.data)
        path.chmod(entry.mode)
    if read_entry(path) != entry:
        raise OSError(f"{path} does not read back as written")


# --- notebooks -------------------------------------------------------------------------------

def unreadable(data: bytes) -> str | None:
    """Why `data` is no notebook Jupyter can read (None if it is one)."""
    try:
        nb = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        return "not UTF-8"
    except (ValueError, RecursionError):
        return "not JSON"
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list) or not isinstance(
            nb.get("metadata") or {}, dict) or not all(
            isinstance(cell, dict) and isinstance(cell.get("metadata") or {}, dict)
            for cell in nb["cells"]):
        return "JSON, but not a notebook's"
    return None


def without_runs(data: bytes) -> object:
    """The notebook in `data` without what running writes (comparable with ==)."""
    nb = json.loads(data.decode("utf-8"))
    metadata = nb.get("metadata") or {}
    cells = []
    for cell in nb["cells"]:
        kept = {key: value for key, value in cell.items() if key not in RUN_CELL_FIELDS}
        kept["metadata"] = {key: value for key, value in (cell.get("metadata") or {}).items()
                            if key not in RUN_CELL_METADATA}
        if isinstance(kept.get("source"), list):  # nbformat reads a list of lines as one text
            kept["source"] = "".join(str(line) for line in kept["source"])
        cells.append(kept)
    rest = {key: value for key, value in nb.items() if key not in ("cells", "metadata")}
    return rest, cells, {key: value for key, value in metadata.items()
                         if key not in RUN_NOTEBOOK_METADATA}


def only_run(path: str, data: bytes, committed: bytes | None) -> bool:
    """Whether notebook `data` differs from the `committed` one only by having been run."""
    if not path.endswith(".ipynb") or committed is None:
        return False
    if unreadable(data) or unreadable(committed):
        return False
    return without_runs(data) == without_runs(committed)


# --- the plan --------------------------------------------------------------------------------

@dataclass
class Keep:
    """One version of the teacher's, copied to `dest` (relative to the checkout)."""

    path: str
    entry: Entry
    dest: str
    said: str  # e.g. "your changed README.md"
    moved: str = ""  # why it is moved out of the way (it is only copied if "")


@dataclass
class Plan:
    upstream: str  # its name, e.g. origin/main
    target: str  # the commit it is at
    head: str
    incoming: int
    folder: str = ""  # my-changes/<date-time>
    committed: set[str] = field(default_factory=set)
    shipped: set[str] = field(default_factory=set)
    keep: list[Keep] = field(default_factory=list)
    #: Paths of tracked files that differ from the last commit, and what was there.
    restore: dict[str, Entry | None] = field(default_factory=dict)
    #: Files of the teacher's own in the way of the new version, moved out of it.
    move: list[str] = field(default_factory=list)
    run_only: list[str] = field(default_factory=list)
    #: Notebooks whose staged version had only been run (and the working tree's is another).
    run_only_staged: list[str] = field(default_factory=list)
    as_shipped: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    stays: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def tree(repo: Path, commit: str) -> dict[str, str]:
    """{path: object id} of the files (and links) in `commit`."""
    found = {}
    for entry in git(repo, "ls-tree", "-r", "-z", "--full-tree", commit).split(b"\0"):
        if entry:
            info, path = entry.split(b"\t", 1)
            _, kind, oid = info.decode().split()
            if kind == "blob":
                found[os.fsdecode(path)] = oid
    return found


def blob(repo: Path, oid: str | None) -> bytes | None:
    return None if oid is None else git(repo, "cat-file", "blob", oid)


def staged_name(path: str, taken: set[str]) -> str:
    """`dir/name (staged).ext`, or `(staged 2)` and on if that is taken."""
    pure = PurePosixPath(path)
    suffix = pure.suffix  # "" for a name such as .gitignore or Makefile
    stem = pure.name[:len(pure.name) - len(suffix)]
    n = 1
    while True:
        label = "staged" if n == 1 else f"staged {n}"
        name = str(pure.with_name(f"{stem} ({label}){suffix}"))
        if name not in taken:
            return name
        n += 1


def ignored_of(repo: Path, paths: list[str]) -> set[str]:
    """Those of `paths` git ignores."""
    result = subprocess.run(["git", "check-ignore", "--no-index", "-z", "--stdin"], cwd=repo,
                            input=b"".join(os.fsencode(p) + b"\0" for p in paths),
                            capture_output=True, env=GIT_ENV)
    if result.returncode not in (0, 1):  # 1: none is ignored
        raise GitError(f"git check-ignore: {os.fsdecode(result.stderr).strip()}")
    return {os.fsdecode(p) for p in result.stdout.split(b"\0") if p}


def in_the_way(repo: Path, plan: Plan) -> set[str]:
    """Untracked and ignored files the update would overwrite: where a file arrives, a file
    where a folder arrives, anything in a folder where a file arrives; and anything in a folder
    the teacher made where a committed file is put back."""
    arriving = sorted(plan.shipped - plan.committed)
    found: set[str] = set()
    folders = [path for path, entry in plan.restore.items()
               if entry is not None and entry.kind == "dir"]
    for path in arriving:
        parts = PurePosixPath(path).parts
        for n in range(1, len(parts)):
            above = "/".join(parts[:n])
            entry = read_entry(repo / above)
            if entry is not None and entry.kind != "dir" and above not in plan.committed:
                found.add(above)
        entry = read_entry(repo / path)
        if entry is not None and entry.kind == "dir":
            folders.append(path)
        elif entry is not None:
            found.add(path)
    for folder in folders:
        for top, dirs, files in os.walk(repo / folder):
            here = Path(top).relative_to(repo).as_posix()
            found |= {f"{here}/{name}" for name in files}
            found |= {f"{here}/{name}" for name in dirs if (Path(top) / name).is_symlink()}
    # Committed files are git's to replace; changed ones are kept above, and put back.
    return {path for path in found if path not in plan.committed}


def plan_update(repo: Path, stamp: str) -> Plan:
    """Look at the checkout (changing nothing but git's record of upstream) and plan."""
    if git_text(repo, "rev-parse", "--is-inside-work-tree") != "true":
        raise Stop(f"{repo} is not a git checkout")
    try:
        head = git_text(repo, "rev-parse", "--verify", "HEAD^{commit}")
        upstream = git_text(repo, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}")
    except GitError:
        raise Stop("this checkout follows no upstream branch: nothing to update from") from None
    try:
        git(repo, "fetch", "--quiet")
    except GitError as error:
        raise Stop(f"could not fetch the new version ({error})") from None
    target = git_text(repo, "rev-parse", "--verify", "@{u}^{commit}")
    own = int(git_text(repo, "rev-list", "--count", f"{target}..HEAD"))
    if own:
        raise Stop(f"this checkout has {own} commit(s) of its own: merge by hand (git pull)")
    git_dir = Path(git_text(repo, "rev-parse", "--absolute-git-dir"))
    if any((git_dir / name).exists() for name in
           ("MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "rebase-merge", "rebase-apply")):
        raise Stop("git is in the middle of a merge or rebase here: finish or abort it first")
    incoming = int(git_text(repo, "rev-list", "--count", f"HEAD..{target}"))
    plan = Plan(upstream, target, head, incoming, f"{KEEP}/{stamp}")
    if not incoming:
        return plan
    committed = tree(repo, "HEAD")
    plan.committed, plan.shipped = set(committed), set(tree(repo, target))

    index: dict[str, tuple[str, str]] = {}
    for entry in git(repo, "ls-files", "-s", "-z").split(b"\0"):
        if entry:
            info, path = entry.split(b"\t", 1)
            mode, oid, number = info.decode().split()
            if number != "0":
                raise Stop("some files are left unmerged by an earlier git command: resolve "
                           "them first (git status)")
            index[os.fsdecode(path)] = mode, oid
    status = {os.fsdecode(entry[3:]): entry[:2].decode()
              for entry in git(repo, "status", "--porcelain=v1", "-z", "--no-renames",
                               "--untracked-files=no", "--ignore-submodules=all").split(b"\0")
              if entry}
    prefix = plan.folder + "/"
    staged: list[tuple[str, Entry]] = []
    for path, code in sorted(status.items()):
        head_data = blob(repo, committed.get(path))
        # An intent-to-add entry (git add -N) stages nothing.
        mode, staged_oid = index.get(path, ("", None)) if code[1] != "A" else ("", None)
        staged_data = blob(repo, staged_oid) if staged_oid != committed.get(path) else None
        now = read_entry(repo / path)
        plan.restore[path] = now
        work = now if now is not None and now.kind != "dir" else None
        if work is not None and path.endswith(".ipynb") and unreadable(work.data):
            plan.notes.append(f"{path} is no notebook Jupyter can read "
                              f"({unreadable(work.data)}): kept as your edit")
        if work is None:
            if path in committed:
                plan.deleted.append(path)
        elif work.kind == "file" and work.data == head_data:
            plan.as_shipped.append(path)
        elif only_run(path, work.data, head_data):
            plan.run_only.append(path)
        elif path not in committed:
            plan.stays.append(path)
        else:
            plan.keep.append(Keep(path, work, prefix + path, f"your changed {path}"))
        if staged_data is None or (work is not None and staged_data == work.data):
            continue
        if only_run(path, staged_data, head_data):
            if path not in plan.run_only:
                plan.run_only_staged.append(path)
        else:
            staged.append((path, Entry("link", staged_data) if mode == "120000" else
                           Entry("file", staged_data, 0o755 if mode == "100755" else 0o644)))

    blockers = in_the_way(repo, plan)
    ignored = ignored_of(repo, sorted(blockers)) if blockers else set()
    for path in sorted(blockers):
        if path in plan.stays:
            plan.stays.remove(path)
            whose = "your new"
        else:
            whose = "your ignored" if path in ignored else "your own"
        why = "a file of that name" if path in plan.shipped else "a file or folder there"
        plan.keep.append(Keep(path, read_entry(repo / path), prefix + path, f"{whose} {path}",
                              f"the new version brings {why}"))
        plan.move.append(path)
    taken = {item.dest[len(prefix):] for item in plan.keep}
    for path, entry in staged:
        dest = staged_name(path, taken) if path in taken or path in plan.stays else path
        taken.add(dest)
        plan.keep.append(Keep(path, entry, prefix + dest,
                              f"the version of {path} you had staged"))
    return plan


def describe(plan: Plan, dry_run: bool) -> list[str]:
    def did(done: str, would: str) -> str:
        return would if dry_run else done

    said = list(plan.notes)
    for item in plan.keep:
        if item.moved:
            said.append(f"{did('moved', 'would move')} {item.said} to {item.dest}: "
                        f"{item.moved}")
        else:
            said.append(f"{did('kept', 'would keep')} {item.said} as {item.dest}")
    lists = [
        (plan.run_only, "notebook(s) that had only been run (their outputs are not kept)"),
        (plan.as_shipped, "file(s) whose content was as shipped"),
        ([p for p in plan.deleted if p in plan.shipped],
         "shipped file(s) you had deleted (delete them again if you do not want them)"),
    ]
    for paths, what in lists:
        if paths:
            said.append(f"{did('put', 'would put')} back {len(paths)} {what}: "
                        + ", ".join(paths))
    if plan.run_only_staged:
        said.append(f"{did('did', 'would')} not keep the version you had staged of "
                    f"{', '.join(plan.run_only_staged)}: it had only been run")
    gone = [path for path in plan.deleted if path not in plan.shipped]
    if gone:
        said.append(f"{len(gone)} file(s) you had deleted are not in the new version either: "
                    + ", ".join(gone))
    if plan.stays:
        said.append(f"{len(plan.stays)} new file(s) of yours stay where they are, no longer "
                    "staged: " + ", ".join(plan.stays))
    said.append(f"{did('brought', 'would bring')} in {plan.incoming} new commit(s) from "
                f"{plan.upstream}")
    copied = [item.path for item in plan.keep if not item.moved and item.path in plan.shipped]
    if copied:
        said.append(f"{', '.join(sorted(set(copied)))} {did('are', 'would be')} now as in the "
                    f"new version; yours are in {plan.folder}/")
    dropped = sorted({item.path for item in plan.keep if not item.moved
                      and item.path not in plan.shipped and item.path in plan.committed})
    if dropped:
        said.append(f"the new version no longer has {', '.join(dropped)}")
    return said


# --- doing it --------------------------------------------------------------------------------

def claim_folder(repo: Path, stamp: str) -> tuple[str, bool]:
    """Make my-changes/<stamp> (or <stamp>-2, ... if taken): its name, and whether my-changes/
    itself is new."""
    made = not (repo / KEEP).exists()
    (repo / KEEP).mkdir(exist_ok=True)
    n = 1
    while True:
        name = stamp if n == 1 else f"{stamp}-{n}"
        try:
            (repo / KEEP / name).mkdir()
            return name, made
        except FileExistsError:
            n += 1


def forget_folder(repo: Path, name: str, made: bool) -> None:
    if name:
        shutil.rmtree(repo / KEEP / name, ignore_errors=True)
    if made:
        with contextlib.suppress(OSError):  # the teacher put something there meanwhile
            (repo / KEEP).rmdir()


def update(repo: Path, dry_run: bool = False, now: datetime.datetime | None = None) -> list[str]:
    """Update `repo`; return what was done, one line each (raises Stop or Incomplete)."""
    repo = repo.resolve()
    stamp = (now or datetime.datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    try:
        plan = plan_update(repo, stamp)
    except GitError as error:
        raise Stop(str(error)) from None
    except OSError as error:
        raise Stop(f"could not read {error.filename or 'a file'} ({error.strerror})") from None
    if not plan.incoming:
        return [f"already up to date with {plan.upstream}: nothing was changed"]
    if dry_run:
        return describe(plan, dry_run=True)

    # 1. The copies, each read back. Nothing of the teacher's is touched before the last one.
    name, made = "", False
    try:
        if plan.keep:
            name, made = claim_folder(repo, stamp)
            for item in plan.keep:
                item.dest = f"{KEEP}/{name}/" + item.dest[len(plan.folder) + 1:]
            plan.folder = f"{KEEP}/{name}"
            for item in plan.keep:
                write_entry(repo / item.dest, item.entry)
        index_file = repo / git_text(repo, "rev-parse", "--git-path", "index")
        before = Snapshot(repo, index_file)
    except (OSError, GitError, KeyboardInterrupt) as error:
        forget_folder(repo, name, made)
        if isinstance(error, KeyboardInterrupt):
            raise Stop("interrupted") from None
        why = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise Stop(f"could not keep a copy of your changes in {KEEP}/ ({why})") from None

    # 2. Put back, move away, fast-forward; on any failure, undo all of it.
    moved: dict[str, Entry | None] = {}
    try:
        git(repo, "read-tree", plan.head)
        git(repo, "update-index", "-q", "--refresh")
        for path in plan.move:
            moved[path] = read_entry(repo / path)
            (repo / path).unlink()
        back = [path for path in plan.restore if path in plan.committed]
        if back:
            git(repo, "checkout-index", "-f", "-q", "-z", "--stdin",
                stdin=b"".join(os.fsencode(p) + b"\0" for p in back))
        git(repo, "merge", "--quiet", "--ff-only", plan.target)
    except (GitError, OSError, KeyboardInterrupt) as error:
        if isinstance(error, KeyboardInterrupt):
            why = "interrupted"
        else:
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
        left = roll_back(repo, plan, moved, before)
        if left:
            raise Incomplete(f"the new version could not be brought in ({why}), and not "
                             f"everything could be put back as it was: {', '.join(left)}. "
                             f"Your versions are in {KEEP}/{name}/") from None
        forget_folder(repo, name, made)
        raise Stop(f"the new version could not be brought in ({why}); everything was put "
                   "back as it was") from None
    return describe(plan, dry_run=False)


class Snapshot:
    """What the rolling back must bring back, and check: the index, and what git says."""

    def __init__(self, repo: Path, index_file: Path):
        self.index_file = index_file
        self.index = index_file.read_bytes() if index_file.exists() else None
        self.listing, self.status = self.now(repo)

    @staticmethod
    def now(repo: Path) -> tuple[bytes, list[bytes]]:
        status = git(repo, "status", "--porcelain=v1", "-z", "--no-renames",
                     "--untracked-files=all", "--ignore-submodules=all").split(b"\0")
        return git(repo, "ls-files", "-s", "-z"), [
            entry for entry in status if not entry[3:].startswith(KEEP.encode() + b"/")]


def roll_back(repo: Path, plan: Plan, moved: dict[str, Entry | None],
              before: Snapshot) -> list[str]:
    """Put the checkout back as it was before the update began; return what is not (with
    the errors met on the way), or nothing if all is as it was."""
    errors = []
    try:
        if git_text(repo, "rev-parse", "HEAD") != plan.head:
            git(repo, "update-ref", "-m", "make update: put back", "HEAD", plan.head)
        git(repo, "read-tree", "--reset", "-u", plan.head)
    except GitError as error:
        errors.append(str(error))
    # Folders first (a teacher's folder where a committed file was), then what was in them.
    for path, entry in sorted([*plan.restore.items(), *moved.items()],
                              key=lambda item: (item[1] is None or item[1].kind != "dir",
                                                item[0].count("/"))):
        try:
            target = repo / path
            if entry is None or entry.kind == "dir":
                if target.is_symlink() or target.is_file():
                    target.unlink()
                if entry is not None:
                    target.mkdir(parents=True, exist_ok=True)
            else:
                write_entry(target, entry)
        except OSError as error:
            errors.append(f"{path}: {error.strerror or error}")
    try:
        if before.index is None:
            before.index_file.unlink(missing_ok=True)
        else:
            spare = before.index_file.with_name(before.index_file.name + ".sumer-update")
            spare.write_bytes(before.index)
            os.replace(spare, before.index_file)
    except OSError as error:
        errors.append(f"the index: {error.strerror or error}")
    left = [path for path, entry in [*plan.restore.items(), *moved.items()]
            if read_entry(repo / path) != entry and (entry is None or entry.kind != "dir")]
    try:
        listing, status = Snapshot.now(repo)
        if git_text(repo, "rev-parse", "HEAD") != plan.head:
            left.append("the commit checked out")
        if listing != before.listing:
            left.append("what was staged")
        if status != before.status:
            left.append("the committed files")
    except GitError as error:
        left.append(f"what git says ({error})")
    return sorted(set(left)) + errors if left else []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, default=Path.cwd())
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(errors="backslashreplace")  # a path git gave that is not UTF-8
    try:
        for line in update(args.repo, args.dry_run):
            print(line)
    except Stop as stop:
        print(f"Not updated: {stop}. Nothing was changed.", file=sys.stderr)
        return 1
    except Incomplete as trouble:
        print(f"Not updated: {trouble}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
