"""Trust the notebooks Sumer ships, so that JupyterLab shows their pictures when first opened.

    python scripts/trust_notebooks.py          # with the Python of the environment that runs Lab
    python scripts/trust_notebooks.py --check  # only check (exit 1 if one is not trusted)

JupyterLab shows the SVG pictures saved in a notebook only if the notebook is *trusted*: signed
with the secret of the Jupyter installation that opens it. A fresh clone is signed by nobody, so
until its cells were run it shows ``<SumeriaBoard: no game>`` and ``<SVG picture>`` instead of
the boards. (The boards are saved as pictures without their widget views:
`scripts/tidy_notebooks.py`.)

Where the signatures live: in the environment's own data folder
(``<prefix>/share/jupyter/nbsignatures.db`` and its secret beside it), and the environment's
``<prefix>/etc/jupyter/jupyter_config.json`` (read by every Jupyter application of that
environment: the server, ``jupyter trust``, nbconvert) points its notary there. So the trust
belongs to the environment `make lab` (or Binder) runs: nothing is written in the user's home,
the same works as root or not, in Docker and on Binder, `make clean` forgets it, and no other
Jupyter on the machine trusts what it was not asked to.

What is signed: the notebooks as shipped — in a git checkout, every tracked ``.ipynb`` that has
no local change (a notebook the teacher edited and saved was signed by JupyterLab itself when
it saved it; one changed outside JupyterLab is left for the teacher to trust). Notebooks change
with ``git pull``: `scripts/setup.sh` runs this each time (`make lab`, `make test`,
`make update` run it), so the new versions are signed too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
from nbformat.sign import NotebookNotary

ROOT = Path(__file__).resolve().parent.parent


def data_dir(prefix: Path) -> Path:
    return prefix / "share" / "jupyter"


def config_file(prefix: Path) -> Path:
    return prefix / "etc" / "jupyter" / "jupyter_config.json"


def notary_for(prefix: Path) -> NotebookNotary:
    """The notary the environment's Jupyter server uses once `configure` has run."""
    return NotebookNotary(data_dir=str(data_dir(prefix)))


def configure(prefix: Path) -> None:
    """Point the environment's Jupyter applications at the environment's own signatures
    (keeping whatever else the environment's config file says)."""
    path = config_file(prefix)
    config = json.loads(path.read_text()) if path.exists() else {}
    wanted = str(data_dir(prefix))
    if config.get("NotebookNotary", {}).get("data_dir") != wanted:
        config.setdefault("NotebookNotary", {})["data_dir"] = wanted
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(config, indent=2) + "\n")


def shipped_notebooks(root: Path = ROOT) -> list[Path]:
    """The notebooks as shipped: tracked and unchanged in a git checkout, else all of them."""
    try:
        tracked = subprocess.run(["git", "ls-files", "-z", "--", "*.ipynb"], cwd=root,
                                 capture_output=True, text=True, check=True).stdout
        changed = subprocess.run(["git", "diff", "--name-only", "-z", "HEAD", "--", "*.ipynb"],
                                 cwd=root, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return sorted(p for p in root.glob("*/*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    changed_paths = set(changed.split("\0"))
    return [root / name for name in sorted(tracked.split("\0"))
            if name and name not in changed_paths and (root / name).exists()]


def trust(notebooks: list[Path], prefix: Path) -> list[Path]:
    """Sign every notebook not yet signed; return the ones newly signed."""
    configure(prefix)
    notary = notary_for(prefix)
    signed = []
    for path in notebooks:
        nb = nbformat.read(path, as_version=nbformat.NO_CONVERT)
        if not notary.check_signature(nb):
            notary.sign(nb)
            signed.append(path)
    return signed


def untrusted(notebooks: list[Path], prefix: Path) -> list[Path]:
    """The notebooks the environment's Jupyter would not trust."""
    notary = notary_for(prefix)
    return [path for path in notebooks
            if not notary.check_signature(nbformat.read(path, as_version=nbformat.NO_CONVERT))]


def main(argv: list[str] | None = None) -> int:
    prefix = Path(sys.prefix)
    notebooks = shipped_notebooks()
    if "--check" in (sys.argv[1:] if argv is None else argv):
        left = untrusted(notebooks, prefix)
        for path in left:
            print(f"not trusted by {prefix}: {path.relative_to(ROOT)}", file=sys.stderr)
        return 1 if left else 0
    signed = trust(notebooks, prefix)
    if signed:
        print(f"trusted {len(signed)} notebook(s) for {prefix}: "
              + ", ".join(str(p.relative_to(ROOT)) for p in signed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
