"""Keep the shipped notebooks as a teacher's checkout needs them: pictures on first open, no
machine paths, metadata as JupyterLab writes it.

    python scripts/tidy_notebooks.py --execute notebooks/01-sumeria.ipynb   # run, then tidy
    python scripts/tidy_notebooks.py                 # tidy every tracked notebook in place
    python scripts/tidy_notebooks.py --check         # only say what is wrong (exit 1 if any)

Run it with the project's environment (``.venv/bin/python``, or the shared venv with
``PYTHONPATH=$PWD``); ``--execute`` runs each notebook first the way the house rules say
(``jupyter nbconvert --execute --inplace`` without widget state or timings).

What it fixes, and why:

- **Widget views saved without their kernel.** A board's output holds a widget view (a model id)
  and the same board as an SVG picture. With no kernel behind it, JupyterLab shows the view as
  "Error displaying widget: model not found" instead of the picture; without the view the
  picture shows on first open, and running the cell brings the live board back. The model ids
  were also new on every run.
- **The kernel's name** as JupyterLab writes it (``python3``, "Python 3 (ipykernel)"), so that
  opening and saving a notebook does not change it.
- **Tracebacks** of the project's refusals keep the learner's cell and the sentence why, not the
  frames inside the project, whose file paths belong to one machine (`sumer_widgets.refusals`
  shows them so when a notebook runs).

What it checks (`problems`, which the test suite asks of every tracked notebook): the above,
and that no output or metadata holds a machine path (a home folder, ``/tmp``, ``/root``,
``site-packages``, a Windows drive, ...). A path printed by a notebook's own code has to be
fixed in the notebook.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from sumer_server.saved_view import WIDGET_VIEW, drop_live_views

ROOT = Path(__file__).resolve().parent.parent
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
#: A path that names a place on one machine. The lookbehind spares URLs (``example.org/home/``).
MACHINE_PATH = re.compile(
    r"(?<![\w./:~-])/(?:root|home|Users|tmp|var|private|opt|usr|srv|work|mnt|media|nix|snap)/"
    r"|(?<![\w./:~-])/root\b"
    r"|\b[A-Za-z]:\\\\?[A-Za-z]"
    r"|site-packages|dist-packages|\.venv[/\\]|ipykernel_\d+|file:///")
#: A traceback frame outside the learner's cells: ``File /path/to/module.py:12, in f``.
FRAME_IN_A_FILE = re.compile(r"^File \S")


def tracked_notebooks(root: Path = ROOT) -> list[Path]:
    """Every notebook the repository ships (all ``*.ipynb`` git tracks; else those on disk)."""
    try:
        names = subprocess.run(["git", "ls-files", "-z", "--", "*.ipynb"], cwd=root, check=True,
                               capture_output=True, text=True).stdout.split("\0")
        return [root / name for name in sorted(names) if name and (root / name).exists()]
    except (OSError, subprocess.CalledProcessError):
        return sorted(p for p in root.glob("*/*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _strings(value: Any):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def problems(nb: dict[str, Any]) -> list[str]:
    """What would trouble a teacher's checkout of notebook `nb` (JSON as loaded)."""
    found = []
    if nb.get("metadata", {}).get("kernelspec") != KERNELSPEC:
        found.append(f"kernelspec is {nb.get('metadata', {}).get('kernelspec')}, "
                     f"not {KERNELSPEC} as JupyterLab writes it")
    if nb.get("metadata", {}).get("language_info", {}).get("name") != "python":
        found.append("language_info does not name python (was the notebook executed?)")
    places = [("notebook metadata", nb.get("metadata", {}))]
    for n, cell in enumerate(nb.get("cells", [])):
        places.append((f"cell {n} metadata", cell.get("metadata", {})))
        for output in cell.get("outputs", []):
            places.append((f"cell {n} output", output))
            if WIDGET_VIEW in output.get("data", {}):
                found.append(f"cell {n}: a widget view saved without its kernel (shows "
                             "'model not found' on first open instead of its picture)")
    for where, value in places:
        for text in _strings(value):
            match = MACHINE_PATH.search(ANSI.sub("", text))
            if match:
                plain = ANSI.sub("", text)
                around = plain[max(0, match.start() - 40):match.end() + 40]
                found.append(f"{where}: a machine path: …{around!r}…")
                break
    return found


def tidy(nb: dict[str, Any]) -> dict[str, Any]:
    """`nb` with the fixes above (changed in place, and returned)."""
    metadata = nb.setdefault("metadata", {})
    metadata["kernelspec"] = dict(KERNELSPEC)
    drop_live_views(nb)
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                output["traceback"] = [entry for entry in output.get("traceback", [])
                                       if not FRAME_IN_A_FILE.match(ANSI.sub("", entry))]
    return nb


def execute(path: Path) -> None:
    """Run `path` in place as the house rules say (no widget state, no timings), as the test
    suite runs it: no local cache of solved tables (a cached table changes the coach's
    figures) and the learners' records in a folder of their own, not the checkout's."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="sumer-records-") as records:
        env = {**os.environ, "SUMER_CACHE": str(root / "tests" / ".no-cache"),
               "SUMER_RECORDS": records}
        subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook",
                        "--execute", "--inplace", "--ExecutePreprocessor.store_widget_state=False",
                        "--ExecutePreprocessor.record_timing=False", str(path)], check=True,
                       env=env)


def write(path: Path, nb: dict[str, Any]) -> None:
    """Write as nbformat does: sorted keys, one-space indent, non-ASCII kept, a final newline."""
    path.write_text(json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n",
                    encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--execute", action="store_true", help="run each notebook first")
    parser.add_argument("--check", action="store_true", help="change nothing; list problems")
    args = parser.parse_args(argv)
    paths = args.notebooks or tracked_notebooks()
    failed = False
    for path in paths:
        if args.execute and not args.check:
            execute(path)
        nb = json.loads(path.read_text(encoding="utf-8"))
        if not args.check:
            before = json.dumps(nb, sort_keys=True)
            tidy(nb)
            if json.dumps(nb, sort_keys=True) != before:
                write(path, nb)
                print("tidied", path)
        for problem in problems(nb):
            failed = True
            print(f"{path}: {problem}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
