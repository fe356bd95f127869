"""`make lab` works for everyone: it starts as root too (Docker, Codespaces, CI), serves the
repository (so the docs/ the notebooks link to open), has JupyterLab's "news?" prompt off, and
the shipped notebooks arrive trusted — their saved pictures show before anything is run.

The test runs `make lab`'s own command line against the checkout's .venv (which `make test` has
just set up), polls /api/status, asks the server what it serves, and stops it. It does not open
a browser: the boards themselves are tested in tests/browser.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from scripts.trust_notebooks import shipped_notebooks
from tests.browser.lab import free_port

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"


def get(url: str):
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def make_lab(tmp_path_factory):
    if not (VENV / "bin" / "jupyter").exists():
        if os.environ.get("CI"):
            pytest.fail(".venv has no jupyter: `make test` should have set it up")
        pytest.skip("make lab is tested against the checkout's .venv (run scripts/setup.sh)")
    home = tmp_path_factory.mktemp("make-lab")
    port, token = free_port(), "sumer-make-lab"
    env = {key: value for key, value in os.environ.items() if not key.startswith("JUPYTER")}
    # A fresh user: nothing in a config or data folder of the machine's user can help.
    env.update({"JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
                "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "IPYTHONDIR": str(home / "ipython"),
                "VENV": str(VENV)})
    log = open(home / "lab.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        ["make", "--no-print-directory", "lab",
         f"LAB_ARGS=--ServerApp.ip=127.0.0.1 --ServerApp.port={port} "
         f"--ServerApp.port_retries=0 --IdentityProvider.token={token} "
         # The "browser" writes down the page it was asked to open.
         f"--ServerApp.browser='/bin/sh -c \"echo %s > {home}/opened\"'"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                get(f"{base}/api/status?token={token}")
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail("make lab did not start:\n"
                                + (home / "lab.log").read_text()[-3000:])
                time.sleep(0.5)
        yield base, token, home
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()


@pytest.mark.slow
def test_make_lab_serves_the_repository_as_root_too(make_lab):
    base, token, home = make_lab
    names = {item["name"] for item in get(f"{base}/api/contents/?token={token}")["content"]}
    assert {"docs", "notebooks", "README.md"} <= names
    assert get(f"{base}/api/contents/notebooks/00-start-here.ipynb?token={token}&content=0")[
        "type"] == "notebook"
    assert "Running as root is not" not in (home / "lab.log").read_text()


@pytest.mark.slow
def test_make_lab_opens_the_start_notebook(make_lab):
    _, _, home = make_lab
    deadline = time.monotonic() + 30
    while not (home / "opened").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    opened = (home / "opened").read_text().strip()
    assert opened.startswith("file:"), opened
    page = Path(urllib.request.url2pathname(opened.removeprefix("file:"))).read_text()
    assert "lab/tree/notebooks/00-start-here.ipynb" in page


@pytest.mark.slow
def test_the_news_prompt_is_off(make_lab):
    base, token, _ = make_lab
    setting = get(f"{base}/lab/api/settings/@jupyterlab/apputils-extension:notification"
                  f"?token={token}")
    # binder/overrides.json works by changing the settings' defaults.
    defaults = {key: value["default"] for key, value in setting["schema"]["properties"].items()}
    assert defaults["fetchNews"] == "false" and defaults["checkForUpdates"] is False
    assert "fetchNews" not in setting["settings"]


@pytest.mark.slow
def test_shipped_notebooks_arrive_trusted(make_lab):
    base, token, _ = make_lab
    notebooks = shipped_notebooks(ROOT)
    assert any(p.parent.name == "notebooks" for p in notebooks)
    for path in notebooks:
        model = get(f"{base}/api/contents/{path.relative_to(ROOT).as_posix()}?token={token}")
        untrusted = [n for n, cell in enumerate(model["content"]["cells"])
                     if cell["cell_type"] == "code" and not cell["metadata"].get("trusted")]
        assert not untrusted, f"{path.name}: cells {untrusted} are not trusted"
