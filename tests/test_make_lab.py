"""`make lab` works for everyone: it starts as root too (Docker, Codespaces, CI), serves the
repository (so the docs/ the notebooks link to open), has JupyterLab's "news?" prompt off, and
the shipped notebooks arrive trusted — their saved pictures show before anything is run. It
starts quietly: the last line it prints is the start notebook's address with its token, and
none of the warnings a newcomer need not see (a deprecated option with a line of source, a
list of absent language servers, "running without encryption" for each kernel).

The test runs `make lab` as a newcomer would with `--no-browser` (only the port is chosen),
against the checkout's .venv (which `make test` has just set up): it reads the address the
server prints, waits until the server has finished starting (its language-server check is the
last thing it does), asks the server what it serves, runs code in a kernel, and stops it. It
does not open a browser: the boards themselves are tested in tests/browser.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import pytest

from scripts.trust_notebooks import shipped_notebooks
from tests.browser.lab import free_port

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
START = "notebooks/00-start-here.ipynb"
#: What a newcomer need not see. (Not listed: tornado's "websocket_ping_timeout (90000) cannot
#: be longer than the websocket_ping_interval", printed once when the first kernel connects; it
#: comes from jupyter_server's ping settings in milliseconds read by tornado as seconds, and no
#: setting silences it without changing when healthy connections are closed.)
NOISE = re.compile(r"\[W |\[E |WARNING|Warning:|deprecated|Skipped non-installed|"
                   r"without encryption|Traceback")


def get(url: str):
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


def post(url: str, body: dict):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


class MakeLab:
    """A running `make lab`: its address as printed, its token, and what it printed."""

    def __init__(self, home: Path, port: int, address: str):
        self.home, self.port, self.address = home, port, address
        self.startup = ""
        self.base = f"http://127.0.0.1:{port}"
        self.token = urllib.parse.parse_qs(urllib.parse.urlsplit(address).query)["token"][0]

    def log(self) -> str:
        return (self.home / "lab.log").read_text()


@pytest.fixture(scope="module")
def make_lab(tmp_path_factory):
    if not (VENV / "bin" / "jupyter").exists():
        if os.environ.get("CI"):
            pytest.fail(".venv has no jupyter: `make test` should have set it up")
        pytest.skip("make lab is tested against the checkout's .venv (run scripts/setup.sh)")
    home = tmp_path_factory.mktemp("make-lab")
    port = free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith("JUPYTER")}
    # A fresh user: nothing in a config or data folder of the machine's user can help.
    env.update({"JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
                "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "IPYTHONDIR": str(home / "ipython"),
                "VENV": str(VENV)})
    log = open(home / "lab.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        ["make", "--no-print-directory", "lab",
         f"LAB_ARGS=--no-browser --ServerApp.port={port} --ServerApp.port_retries=0"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    printed = re.compile(rf"^\s+(http://127\.0\.0\.1:{port}/\S*\?token=\w+)\n", re.MULTILINE)

    def failed(why: str):
        log.flush()
        pytest.fail(f"make lab {why}:\n" + (home / "lab.log").read_text()[-3000:])

    try:
        deadline = time.monotonic() + 180
        while not printed.search((home / "lab.log").read_text()):
            if process.poll() is not None or time.monotonic() > deadline:
                failed("printed no address")
            time.sleep(0.3)
        lab = MakeLab(home, port, printed.search((home / "lab.log").read_text()).group(1))
        # The language servers are looked for after the address is printed; this answers once
        # that is over (and what it printed is in the log).
        try:
            get(f"{lab.base}/lsp/status?token={lab.token}")
        except urllib.error.HTTPError as error:
            if error.code != 404:  # 404: no jupyter_lsp, nothing to wait for
                raise
        lab.startup = lab.log()
        yield lab
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()


@pytest.mark.slow
def test_make_lab_prints_the_start_notebooks_address_last(make_lab):
    lines = [line for line in make_lab.startup.splitlines() if line.strip()]
    assert lines[-1].strip() == make_lab.address, lines[-5:]
    assert make_lab.address.startswith(f"{make_lab.base}/lab/tree/{START}?token=")
    # The address opens the start notebook: the page JupyterLab serves for it names it.
    with urllib.request.urlopen(make_lab.address, timeout=30) as response:
        page = response.read().decode()
    config = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', page,
                                  re.DOTALL).group(1))
    assert config["treePath"] == START


@pytest.mark.slow
def test_make_lab_starts_without_warnings(make_lab):
    noise = [line for line in make_lab.startup.splitlines() if NOISE.search(line)]
    assert not noise, "\n".join(noise)


@pytest.mark.slow
def test_a_kernel_runs_encrypted_without_a_warning(make_lab):
    from tornado.websocket import websocket_connect

    base, token = make_lab.base, make_lab.token
    session = post(f"{base}/api/sessions?token={token}",
                   {"path": START, "type": "notebook", "name": "", "kernel": {"name": "python3"}})

    async def run(code: str) -> str:
        ws = await websocket_connect(f"ws://127.0.0.1:{make_lab.port}/api/kernels/"
                                     f"{session['kernel']['id']}/channels?token={token}")
        msg_id = uuid.uuid4().hex
        await ws.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": msg_id,
                       "username": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell",
            "content": {"code": code, "silent": False}}))
        printed, replied, idle = "", False, False
        # The reply (shell) and the output (iopub) come on two channels, in either order; the
        # output is over when iopub says the kernel is idle again. Each message may be slow to
        # come on a busy machine (a kernel starting beside other work): the wait is per message.
        while not (replied and idle):
            message = json.loads(await asyncio.wait_for(ws.read_message(), 300))
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = message["msg_type"]
            if kind == "stream":
                printed += message["content"]["text"]
            replied = replied or kind == "execute_reply"
            idle = idle or (kind == "status" and message["content"]["execution_state"] == "idle")
        ws.close()
        return printed

    try:
        # A thread of its own: in a worker that has run the browser tests, Playwright's event
        # loop is still the running loop of this thread, where asyncio.run may not start one.
        with concurrent.futures.ThreadPoolExecutor(1) as thread:
            assert thread.submit(asyncio.run, run("print(6 * 7)")).result() == "42\n"
    finally:
        request = urllib.request.Request(f"{base}/api/sessions/{session['id']}?token={token}",
                                         method="DELETE")
        urllib.request.urlopen(request, timeout=60).close()
    kernel_log = make_lab.log()[len(make_lab.startup):]
    assert "without encryption" not in kernel_log, kernel_log


@pytest.mark.slow
def test_make_lab_serves_the_repository_as_root_too(make_lab):
    base, token = make_lab.base, make_lab.token
    names = {item["name"] for item in get(f"{base}/api/contents/?token={token}")["content"]}
    assert {"docs", "notebooks", "README.md"} <= names
    assert get(f"{base}/api/contents/notebooks/00-start-here.ipynb?token={token}&content=0")[
        "type"] == "notebook"
    assert "Running as root is not" not in make_lab.log()


@pytest.mark.slow
def test_make_lab_opens_the_start_notebook(make_lab):
    # The page the server says to open "in a browser" (what it would hand a browser itself).
    opened = re.search(r"^\s+(file:\S+)$", make_lab.startup, re.MULTILINE).group(1)
    page = Path(urllib.request.url2pathname(opened.removeprefix("file:"))).read_text()
    assert f"lab/tree/{START}" in page


@pytest.mark.slow
def test_the_news_prompt_is_off(make_lab):
    base, token = make_lab.base, make_lab.token
    setting = get(f"{base}/lab/api/settings/@jupyterlab/apputils-extension:notification"
                  f"?token={token}")
    # binder/overrides.json works by changing the settings' defaults.
    defaults = {key: value["default"] for key, value in setting["schema"]["properties"].items()}
    assert defaults["fetchNews"] == "false" and defaults["checkForUpdates"] is False
    assert "fetchNews" not in setting["settings"]


@pytest.mark.slow
def test_shipped_notebooks_arrive_trusted(make_lab):
    base, token = make_lab.base, make_lab.token
    notebooks = shipped_notebooks(ROOT)
    assert any(p.parent.name == "notebooks" for p in notebooks)
    for path in notebooks:
        model = get(f"{base}/api/contents/{path.relative_to(ROOT).as_posix()}?token={token}")
        untrusted = [n for n, cell in enumerate(model["content"]["cells"])
                     if cell["cell_type"] == "code" and not cell["metadata"].get("trusted")]
        assert not untrusted, f"{path.name}: cells {untrusted} are not trusted"
