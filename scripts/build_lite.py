"""Build Sumer's browser-only site: JupyterLite with a Pyodide kernel, from the package
registries alone (PyPI and npm), every piece pinned, and nothing fetched from anywhere when the
site runs.

    make lite                                    # python scripts/build_lite.py -> build/lite/
    python scripts/build_lite.py --out DIR [--force]
    python scripts/build_lite.py --relock        # after editing lite/pyodide.in

What goes in, all pinned in ``lite/``:

- ``requirements.txt``: the build tools (jupyterlite-core, the Pyodide kernel, the widgets' lab
  extensions, hatchling), installed with their hashes into a virtual environment of their own;
- ``package.json`` and ``package-lock.json``: the npm package ``pyodide``, the Pyodide core at
  the version the kernel pins (``npm ci`` checks its integrity);
- ``pyodide.txt``: the pure-Python wheels the kernel and Sumer need in the browser (IPython,
  networkx, ipywidgets, anywidget, ...), with their sha256;
- the project's own wheel, built from this checkout, and a stand-in ``matplotlib`` that leaves
  a note where a picture would be (there is no matplotlib for Pyodide on PyPI or npm; see
  ``sumer_widgets/plots/standin.py``).

The wheels go in with the bytecode of what the kernel and the notebooks import, made by the
site's own Python in Node.js (``lite/compile-wheels.mjs``): the browser then does not compile
that source on every visit.

The Pyodide core's own ``pyodide-lock.json`` lists its whole distribution (about 350 packages,
nearly all absent from the npm package). The site gets a rewritten lock that lists just the
wheels above, so a cell's ``import engine`` loads Sumer and what it needs, and nothing is ever
looked for elsewhere. The kernel is told to load Pyodide from the site itself and never to fall
back to PyPI.

The notebooks go in unchanged but for their kernel's name (JupyterLite's Pyodide kernel is
``python``: with ``python3`` it would ask which kernel to use), with the ``docs/`` they link to
and the result files that 05-analysis draws (``benchmarks/results/``).
The site opens on ``notebooks/00-start-here.ipynb``.

Downloads and the build tools are cached in ``~/.cache/sumer-lite`` (or ``$SUMER_LITE_CACHE``),
each checked against its hash before use. The site itself is always built from scratch (an
incremental JupyterLite build once dropped the Pyodide location, and the kernel then waited for
a CDN); when nothing it is built from has changed (``sumer-lite-inputs.txt`` in the site), the
site already there is kept, unless ``--force``.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import email.parser
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import nbformat

from scripts import lite_apps

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
DEFAULT_OUT = ROOT / "build" / "lite"
CACHE = Path(os.environ.get("SUMER_LITE_CACHE", "~/.cache/sumer-lite")).expanduser()
INPUTS_FILE = "sumer-lite-inputs.txt"
START = "notebooks/00-start-here.ipynb"
#: The full runs' result files that 05-analysis draws (`sumer_widgets.plots.results`).
RESULTS = "benchmarks/results"
KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: What the site's kernel says of its language when it starts (its kernel_info reply). JupyterLab
#: writes this into a notebook's metadata as soon as the kernel is up: a notebook shipped with
#: other words (those of the Python that ran it) was marked modified the moment it opened, so
#: every reload asked "Leave site?" and autosave stored every notebook opened. The build checks
#: the kernel extension still says exactly this (`check_language_info`).
LANGUAGE_INFO = {"codemirror_mode": {"name": "python", "version": 3}, "file_extension": ".py",
                 "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                 "pygments_lexer": "ipython3", "version": "3.8"}
#: What the kernel loads at start; with these in the lock it never calls piplite for them.
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]
#: Requirements of the wheels that the browser does without, and why.
NOT_IN_THE_BROWSER = {
    "jupyterlab-widgets": "it only carries the lab extension, which is in the site already",
    "pexpect": "IPython's terminal needs it, not a kernel",
}
#: The stand-in matplotlib's modules: a notebook's `import matplotlib.X` finds these.
STAND_IN_MODULES = ("pyplot", "pylab", "lines", "patches", "colors", "cm", "ticker", "figure",
                    "axes", "gridspec", "collections", "style", "transforms", "text", "markers",
                    "dates", "animation", "patheffects", "font_manager")
#: What the kernel imports as it starts and what the notebooks import: these modules (and all
#: they import) are shipped with their bytecode (`add_bytecode`).
WARM_IMPORTS = ("pyodide_kernel", "IPython", "piplite", "micropip", "comm", "jedi",
                "ipywidgets", "anywidget", "networkx", "engine.*", "sumer_widgets.*")
#: The files of the Pyodide core the site serves (no source maps, types or demo pages).
CORE_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
              "python_stdlib.zip", "package.json")


def log(*words: object) -> None:
    print("[lite]", *words, flush=True)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@contextlib.contextmanager
def locked(name: str) -> Iterator[None]:
    """Hold a lock in the cache, so two builds (two checkouts, two test runs) never fill the
    same cache folder at once."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with (CACHE / f"{name}.lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def run(command: list[str], **kwargs) -> None:
    subprocess.run(command, check=True, **kwargs)


# ------------------------------------------------------------------------------ the pieces


def build_env() -> Path:
    """A virtual environment with the build tools of lite/requirements.txt (hash-checked)."""
    requirements = LITE / "requirements.txt"
    key = hashlib.sha256(requirements.read_bytes() + sys.version.encode()).hexdigest()[:16]
    env = CACHE / f"env-{key}"
    with locked("env"):
        if not (env / ".complete").exists():
            log("installing the build tools into", env)
            shutil.rmtree(env, ignore_errors=True)
            run([sys.executable, "-m", "venv", str(env)])
            uv = shutil.which("uv") or str(Path(sys.executable).with_name("uv"))
            environ = dict(os.environ, UV_PYTHON_DOWNLOADS="never", UV_SYSTEM_CERTS="1")
            if Path(uv).exists():
                run([uv, "pip", "install", "-q", "--python", str(env / "bin" / "python"),
                     "--require-hashes", "-r", str(requirements)], env=environ)
            else:
                run([str(env / "bin" / "python"), "-m", "pip", "install", "-q",
                     "--require-hashes", "-r", str(requirements)])
            (env / ".complete").touch()
    return env


def kernel_extension(env: Path) -> Path:
    return env / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static"


def pinned_pyodide_version(env: Path) -> str:
    """The Pyodide version the kernel extension was made for (its default pyodideUrl)."""
    schema = json.loads((kernel_extension(env) / "schema/kernel.v0.schema.json").read_text())
    default = schema["properties"]["pyodideUrl"]["default"]
    return re.search(r"/v(\d+\.\d+\.\d+)/", default).group(1)


def fetch_pyodide(env: Path) -> Path:
    """The npm package `pyodide` of lite/package-lock.json, installed by `npm ci`."""
    lock = LITE / "package-lock.json"
    key = hashlib.sha256(lock.read_bytes() + (LITE / "package.json").read_bytes()).hexdigest()
    folder = CACHE / f"npm-{key[:16]}"
    npm = shutil.which("npm")
    with locked("npm"):
        if not (folder / ".complete").exists():
            if npm is None:
                sys.exit("The site's Pyodide comes from npm: install Node.js and npm "
                         "(apt-get install nodejs npm).")
            log("fetching the Pyodide core with npm ci")
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            shutil.copy(LITE / "package.json", folder)
            shutil.copy(lock, folder)
            run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--omit=dev",
                 "--loglevel=error"], cwd=folder)
            (folder / ".complete").touch()
    core = folder / "node_modules" / "pyodide"
    version = json.loads((core / "package.json").read_text())["version"]
    wanted = pinned_pyodide_version(env)
    if version != wanted:
        sys.exit(f"lite/package.json has pyodide {version}, but the kernel was made for "
                 f"{wanted}: put {wanted} in lite/package.json and run `npm install "
                 "--package-lock-only` in lite/")
    return core


def pinned_wheels() -> list[tuple[str, str, str]]:
    """(name, version, sha256) of each line of lite/pyodide.txt."""
    pins = []
    for line in (LITE / "pyodide.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            match = re.fullmatch(r"([A-Za-z0-9._-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
            if not match:
                sys.exit(f"lite/pyodide.txt: cannot read {line!r}")
            pins.append(match.groups())
    return pins


def pip_download(env: Path, requirements: list[str], dest: Path) -> None:
    """Download pure-Python wheels (for any platform) with pip, the registry's own client."""
    listing = dest / "requirements.txt"
    listing.write_text("\n".join(requirements) + "\n")
    hashed = any("--hash" in line for line in requirements)
    run([str(env / "bin" / "python"), "-m", "pip", "download", "-q", "--no-deps",
         "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none",
         "--python-version", "3.14", "--disable-pip-version-check", "-d", str(dest),
         *(["--require-hashes"] if hashed else []), "-r", str(listing)])
    listing.unlink()


def fetch_wheels(env: Path) -> list[Path]:
    """The wheels of lite/pyodide.txt, from the cache or from PyPI, each hash-checked."""
    store = CACHE / "wheels"
    found, missing = [], []
    with locked("wheels"):
        for name, version, digest in pinned_wheels():
            held = sorted((store / digest).glob("*.whl")) if (store / digest).exists() else []
            if held and sha256(held[0]) == digest:
                found.append(held[0])
            else:
                missing.append((name, version, digest))
        if missing:
            log(f"downloading {len(missing)} wheel(s) with pip")
            with tempfile.TemporaryDirectory() as tmp:
                pip_download(env, [f"{n}=={v} --hash=sha256:{d}" for n, v, d in missing],
                             Path(tmp))
                by_digest = {sha256(p): p for p in Path(tmp).glob("*.whl")}
                for name, version, digest in missing:
                    if digest not in by_digest:
                        sys.exit(f"pip gave no wheel of {name} {version} with the pinned hash")
                    (store / digest).mkdir(parents=True, exist_ok=True)
                    target = store / digest / by_digest[digest].name
                    shutil.move(by_digest[digest], target)
                    found.append(target)
    return found


def relock() -> None:
    """Write lite/pyodide.txt from lite/pyodide.in: each wheel's sha256, from PyPI."""
    env = build_env()
    pins = [line.split("#", 1)[0].strip() for line in (LITE / "pyodide.in").read_text()
            .splitlines()]
    pins = [p for p in pins if p]
    with tempfile.TemporaryDirectory() as tmp:
        pip_download(env, pins, Path(tmp))
        wheels = {canonical(wheel_name(p)): p for p in Path(tmp).glob("*.whl")}
        lines = ["# Generated by `python scripts/build_lite.py --relock` from lite/pyodide.in: "
                 "the wheels of the site's Pyodide, with their sha256."]
        for pin in pins:
            name, version = pin.split("==")
            wheel = wheels[canonical(name)]
            lines.append(f"{name}=={version} --hash=sha256:{sha256(wheel)}")
    (LITE / "pyodide.txt").write_text("\n".join(lines) + "\n")
    log("wrote lite/pyodide.txt")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name(path: Path) -> str:
    return path.name.split("-")[0]


def project_wheel(env: Path, dest: Path) -> Path:
    """Sumer's own wheel, built from this checkout."""
    result = subprocess.run([str(env / "bin" / "python"), "-m", "hatchling", "build", "-t",
                             "wheel", "-d", str(dest)], cwd=ROOT, capture_output=True, text=True)
    if result.returncode:
        sys.exit(f"building Sumer's wheel failed:\n{result.stdout}{result.stderr}")
    (wheel,) = dest.glob("sumer-*.whl")
    return wheel


def stand_in_wheel(dest: Path) -> Path:
    """A wheel with a top-level ``matplotlib`` package whose modules are stand-ins."""
    body = ('"""Not matplotlib: Sumer\'s browser-only site has none, so pictures become a '
            'note.\nSee sumer_widgets/plots/standin.py."""\n\n'
            "from sumer_widgets.plots.standin import stand_in_module\n\n"
            "__getattr__ = stand_in_module(__name__)\n")
    files = {"matplotlib/__init__.py": body.replace(
        "\n\nfrom sumer_widgets", "\n\nSUMER_STAND_IN = True\n\nfrom sumer_widgets")}
    for module in STAND_IN_MODULES:
        files[f"matplotlib/{module}.py"] = body
    name, version = "sumer_matplotlib_stand_in", "0.1.0"
    info = f"{name}-{version}.dist-info"
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: sumer-matplotlib-stand-in\n"
                                 f"Version: {version}\nRequires-Dist: sumer\n")
    files[f"{info}/WHEEL"] = ("Wheel-Version: 1.0\nGenerator: scripts/build_lite.py\n"
                              "Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = []
    for path, text in files.items():
        data = text.encode()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = "\n".join(record) + "\n"
    wheel = dest / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in files.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), text)
    return wheel


# ------------------------------------------------------------------------------ the lock


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, Requires-Dist lines, top-level import names) of a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (meta,) = [n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")]
        message = email.parser.Parser().parsestr(archive.read(meta).decode())
    imports = set()
    for name in names:
        top = name.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")) or top == "__pycache__":
            continue
        if "/" in name:
            imports.add(top)
        elif top.endswith(".py"):
            imports.add(top[:-3])
    return (message["Name"], message["Version"], message.get_all("Requires-Dist") or [],
            sorted(imports))


def browser_environment(core_lock: dict) -> dict[str, str]:
    """The marker environment of the site's Pyodide, for the wheels' requirements."""
    python = core_lock["info"]["python"]
    return {"python_version": ".".join(python.split(".")[:2]), "python_full_version": python,
            "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
            "platform_machine": "wasm32", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "extra": ""}


def write_lock(core: Path, wheels: list[Path], dest: Path) -> dict:
    """Copy `wheels` into `dest` and write the lock that lists exactly them."""
    from packaging.requirements import Requirement

    core_lock = json.loads((core / "pyodide-lock.json").read_text())
    environment = browser_environment(core_lock)
    entries, requirements = {}, {}
    for wheel in wheels:
        name, version, requires, imports = wheel_metadata(wheel)
        key = canonical(name)
        shutil.copy(wheel, dest / wheel.name)
        entries[key] = {"name": key, "version": version, "file_name": wheel.name,
                        "install_dir": "site", "sha256": sha256(wheel),
                        "package_type": "package", "imports": imports, "depends": [],
                        "unvendored_tests": False}
        requirements[key] = [Requirement(line) for line in requires]
    unmet = []
    for key, needs in requirements.items():
        for need in needs:
            if need.marker is not None and not need.marker.evaluate(environment):
                continue
            wanted = canonical(need.name)
            if wanted in entries:
                if wanted not in entries[key]["depends"]:
                    entries[key]["depends"].append(wanted)
            elif wanted not in NOT_IN_THE_BROWSER:
                unmet.append(f"{key} needs {need}")
    if unmet:
        sys.exit("the site's Pyodide lacks what these need (add them to lite/pyodide.in, "
                 "then --relock):\n  " + "\n  ".join(unmet))
    lock = {"info": core_lock["info"], "packages": dict(sorted(entries.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return lock


def add_bytecode(core: Path, wheels: list[Path]) -> list[Path]:
    """`wheels`, with the site's Python's bytecode of what `WARM_IMPORTS` loads, made by
    lite/compile-wheels.mjs in the Pyodide core itself (kept in the cache, by the hash of all
    that goes in). In the browser, Pyodide compiled every module from source on every visit:
    a ready kernel took 1.4 s longer, and a notebook's first `import networkx` 1 s longer."""
    script = LITE / "compile-wheels.mjs"
    digest = hashlib.sha256(script.read_bytes() + (core / "package.json").read_bytes())
    digest.update(",".join(WARM_IMPORTS).encode())
    for wheel in sorted(wheels, key=lambda p: p.name):
        digest.update(wheel.name.encode() + bytes.fromhex(sha256(wheel)))
    folder = CACHE / f"compiled-{digest.hexdigest()[:16]}"
    with locked("compiled"):
        if not (folder / ".complete").exists():
            log(f"adding bytecode to {len(wheels)} wheels (node {script.name})")
            node = shutil.which("node")
            if node is None:
                sys.exit("The site's wheels get their bytecode from Node.js: install it "
                         "(apt-get install nodejs npm).")
            for old in CACHE.glob("compiled-*"):
                shutil.rmtree(old)
            folder.mkdir(parents=True)
            pairs = [str(p) for wheel in wheels for p in (wheel, folder / wheel.name)]
            run([node, str(script), str(core), ",".join(WARM_IMPORTS), *pairs])
            (folder / ".complete").touch()
    return [folder / wheel.name for wheel in wheels]


# ------------------------------------------------------------------------------ the site


def site_inputs() -> list[Path]:
    """Everything the site is built from, in this checkout."""
    paths = [ROOT / "pyproject.toml", Path(__file__).resolve(), ROOT / "binder/overrides.json"]
    paths += [Path(lite_apps.__file__).resolve()]
    paths += sorted(p for p in LITE.rglob("*") if p.is_file())
    for folder in ("engine", "sumer_widgets", "notebooks", "docs", RESULTS):
        paths += sorted(p for p in (ROOT / folder).rglob("*") if p.is_file()
                        and "__pycache__" not in p.parts and not set(p.parts) & set(OWN_WORK)
                        and p.suffix != ".pyc")
    return paths


def inputs_digest() -> str:
    digest = hashlib.sha256()
    for path in site_inputs():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def is_current(out: Path) -> bool:
    """Whether `out` is a whole site built from exactly this checkout's inputs."""
    marker = out / INPUTS_FILE
    return marker.exists() and marker.read_text().split()[0] == inputs_digest()


#: A link to a test file (the "checked by" column of a rules table): the site holds no tests,
#: so there the link's words stay and the link goes.
TEST_LINK = re.compile(r"\[([^\]]*)\]\((?:\.\./)+tests/[^)]*\)")


def site_notebook(text: str) -> dict:
    """A notebook as the site serves it: the Pyodide kernel and its language_info (so that
    opening it changes nothing in it, `LANGUAGE_INFO`); no links to tests; and every
    multi-line text as one string. On disk a multi-line text (a printed output, a cell's
    source) may be a list of lines; the Jupyter server joins them when it reads a notebook,
    JupyterLite does not, and shows the list's lines joined by commas (jupyterlite#1105): each
    line after the first began with a stray ", "."""
    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)  # joins the lines
    nb.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
    nb["metadata"]["language_info"] = json.loads(json.dumps(LANGUAGE_INFO))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            cell["source"] = TEST_LINK.sub(r"\1", cell["source"])
        for output in cell.get("outputs", []):
            picture_as_image(output.get("data", {}))
    return nb


def kernel_language_info(env: Path) -> dict:
    """The language_info of the kernel_info reply of the site's Pyodide kernel, read from its
    lab extension's code (a JavaScript object literal)."""
    for script in sorted(kernel_extension(env).glob("*.js")):
        found = re.search(r"language_info:(\{[^{}]*\{[^{}]*\}[^{}]*\})", script.read_text())
        if found:
            return json.loads(re.sub(r"([{,])([A-Za-z_]+):", r'\1"\2":', found.group(1)))
    sys.exit("the Pyodide kernel extension's kernel_info reply was not found: update "
             "kernel_language_info")


def check_language_info(env: Path) -> None:
    """The notebooks are shipped with the language_info the kernel gives (`LANGUAGE_INFO`)."""
    said = kernel_language_info(env)
    if said != LANGUAGE_INFO:
        sys.exit(f"the site's kernel says its language is {said}, not LANGUAGE_INFO: put that "
                 "in scripts/build_lite.py, or every notebook opens marked modified")


def picture_as_image(data: dict) -> None:
    """Give a stored SVG picture an HTML form that shows it as an image.

    The site opens its notebooks untrusted, and JupyterLab draws no untrusted SVG: a stored
    picture (a timeline, a map, a position) would show as its text line (``<SVG picture>``,
    ``<svg: ...>``). Sanitized HTML may hold an image, so the picture goes in as one. The
    boards' own outputs already carry such HTML (their goal beside the picture); outputs made
    by running a cell in the site are trusted and need none."""
    svg = data.get("image/svg+xml")
    if svg is None or "text/html" in data:
        return
    svg = "".join(svg) if isinstance(svg, list) else svg
    plain = data.get("text/plain", "")
    plain = "".join(plain) if isinstance(plain, list) else plain
    encoded = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    alt = plain.strip().strip("<>").replace("&", "&amp;").replace('"', "&quot;")
    data["text/html"] = (f'<img alt="{alt}" style="max-width:100%" '
                         f'src="data:image/svg+xml;base64,{encoded}">')


#: Folders under notebooks/ that hold a learner's work, never the site's.
OWN_WORK = ("records", "hand-ins", ".ipynb_checkpoints")


def shipped_notebooks() -> list[Path]:
    """The game notebooks and the teacher's (``notebooks/teacher/``), not a learner's work."""
    return sorted(path for path in (ROOT / "notebooks").rglob("*.ipynb")
                  if not set(path.relative_to(ROOT).parts) & set(OWN_WORK))


def stage_contents(folder: Path) -> None:
    """The notebooks (for the Pyodide kernel, `site_notebook`), the docs they link to and the
    result files 05-analysis reads (from ``../benchmarks/results``, as in the repository)."""
    (folder / "notebooks").mkdir(parents=True)
    for path in shipped_notebooks():
        nb = site_notebook(path.read_text(encoding="utf-8"))
        target = folder / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    shutil.copytree(ROOT / "docs", folder / "docs")
    for page in (folder / "docs").rglob("*.md"):
        words = page.read_text(encoding="utf-8")
        if TEST_LINK.search(words):
            page.write_text(TEST_LINK.sub(r"\1", words), encoding="utf-8")
    if (ROOT / RESULTS).is_dir():
        shutil.copytree(ROOT / RESULTS, folder / RESULTS)


def stage_lite_dir(folder: Path, core: Path, wheels: list[Path]) -> dict:
    pyodide = folder / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy(core / name, pyodide / name)
    lock = write_lock(core, wheels, pyodide)
    config = json.loads((LITE / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    settings["loadPyodideOptions"] = {"packages": PRELOAD}
    (folder / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    shutil.copy(ROOT / "binder" / "overrides.json", folder / "overrides.json")
    return lock


def check_site(out: Path, lock: dict) -> None:
    """The built site loads Pyodide from itself, with every package its lock names."""
    config = json.loads((out / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        sys.exit(f"the site's pyodideUrl is {settings.get('pyodideUrl')!r}, not its own copy")
    if not settings.get("disablePyPIFallback"):
        sys.exit("the site's kernel may fall back to PyPI")
    pyodide = out / "static" / "pyodide"
    for entry in lock["packages"].values():
        if sha256(pyodide / entry["file_name"]) != entry["sha256"]:
            sys.exit(f"{entry['file_name']} in the site does not match its lock")
    missing = [name for name in PRELOAD if name not in lock["packages"]]
    if missing:
        sys.exit(f"the lock lacks what the kernel loads at start: {', '.join(missing)}")


def redirect_to_start(out: Path) -> None:
    """The site's front page opens the start notebook. (JupyterLite's own front page goes to
    lab/ with nothing open. The pages below it read their settings from this file, but only
    its JSON: they never run its scripts.)"""
    page = out / "index.html"
    text = page.read_text(encoding="utf-8")
    entry = "await import('./config-utils.js');"
    if entry not in text:
        sys.exit("JupyterLite's front page changed: update redirect_to_start")
    page.write_text(text.replace(
        entry, f"window.location.replace('./lab/index.html?path={START}');"), encoding="utf-8")


#: The site's icon in a browser's tab: a ziggurat in the boards' colours, drawn in the page
#: itself (JupyterLite's pages name no icon, so a browser asked the host for /favicon.ico and
#: got nothing: a tab without an icon and a failed request in the log).
FAVICON = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>"
           "<rect width='32' height='32' rx='6' fill='%230072B2'/>"
           "<path d='M4 27h24v-5H4zM8 21h16v-5H8zM12 15h8v-5h-8z' fill='%23F0E442'/></svg>")
FAVICON_LINK = f'<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,{FAVICON}">'


def add_favicon(out: Path) -> int:
    """Put `FAVICON_LINK` in the head of every page of the site that names no icon; returns
    how many pages got it."""
    added = 0
    for page in sorted(out.rglob("index.html")):
        text = page.read_text(encoding="utf-8")
        if 'rel="icon"' in text or "</head>" not in text:
            continue
        page.write_text(text.replace("</head>", f"{FAVICON_LINK}</head>", 1), encoding="utf-8")
        added += 1
    return added


#: The site's script that shows a saved board's own view (its picture and "▶ Run this cell to
#: play on this board." in its language) where a reload left its widget view unrendered.
WAITING_BOARDS = LITE / "waiting-boards.js"


def add_waiting_boards(out: Path) -> int:
    """Put `WAITING_BOARDS` in every page of the site that opens notebooks (not the front
    page, which only goes on to the start notebook); returns how many pages got it."""
    script = f"<script>\n{WAITING_BOARDS.read_text(encoding='utf-8')}</script>"
    added = 0
    for page in sorted(out.glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        if "jupyter-config-data" not in text or "</body>" not in text:
            continue
        page.write_text(text.replace("</body>", f"{script}</body>", 1), encoding="utf-8")
        added += 1
    return added


def build(out: Path, force: bool = False) -> Path:
    """Build the site into `out` (kept as it is if it is current and not `force`)."""
    out = out.resolve()
    if not force and is_current(out):
        log(f"{out} is up to date")
        return out
    started = time.monotonic()
    digest = inputs_digest()
    env = build_env()
    core = fetch_pyodide(env)
    wheels = fetch_wheels(env)
    check_language_info(env)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".lite-", dir=out.parent) as tmp:
        staging = Path(tmp)
        made = staging / "wheels"
        made.mkdir()
        extension = sorted(p for p in (kernel_extension(env) / "pypi").glob("*.whl")
                           if not p.name.startswith("widgetsnbextension-3"))
        wheels = add_bytecode(core, [*wheels, *extension, project_wheel(env, made),
                                     stand_in_wheel(made)])
        lock = stage_lite_dir(staging / "lite", core, wheels)
        stage_contents(staging / "contents")
        site = staging / "site"
        log("jupyter lite build")
        result = subprocess.run(
            [str(env / "bin" / "jupyter"), "lite", "build", "--lite-dir", str(staging / "lite"),
             "--contents", str(staging / "contents"), "--output-dir", str(site),
             "--no-sourcemaps"], cwd=staging / "lite", capture_output=True, text=True,
            env=dict(os.environ, JUPYTER_PLATFORM_DIRS="1",
                     JUPYTER_CONFIG_DIR=str(staging / "jupyter-config"),
                     JUPYTER_DATA_DIR=str(staging / "jupyter-data")))
        if result.returncode:
            sys.exit(f"jupyter lite build failed:\n{result.stdout[-5000:]}{result.stderr[-5000:]}")
        check_site(site, lock)
        redirect_to_start(site)
        lite_apps.add_apps(site)
        if not add_favicon(site):
            sys.exit("JupyterLite's pages changed: no page took the favicon (add_favicon)")
        if not (site / "lab" / "index.html").exists() or not add_waiting_boards(site):
            sys.exit("JupyterLite's pages changed: no page took add_waiting_boards")
        (site / INPUTS_FILE).write_text(f"{digest}\n")
        if out.exists():
            shutil.rmtree(out)
        site.rename(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"built {out} ({size / 1e6:.0f} MB) in {time.monotonic() - started:.0f} s")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--force", action="store_true", help="build even if up to date")
    parser.add_argument("--relock", action="store_true",
                        help="write lite/pyodide.txt from lite/pyodide.in")
    args = parser.parse_args(argv)
    if args.relock:
        relock()
    else:
        build(args.out, args.force)


if __name__ == "__main__":
    main()
