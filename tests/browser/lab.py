"""A real JupyterLab server and a few page helpers, for the browser tests and the latency
benchmark. So that it runs alone and quietly on a shared machine: loopback only, fresh config
directories, no news toast."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LAUNCH_ARGS = ["--disable-gpu", "--disable-quic"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Lab:
    """A JupyterLab server on loopback, serving a temporary copy of the notebooks."""

    def __init__(self, root: Path, config: Path):
        self.root = root
        self.port = free_port()
        self.token = "sumer-test-token"
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env.update({
            "JUPYTER_CONFIG_DIR": str(config / "config"), "JUPYTER_DATA_DIR": str(config / "data"),
            "JUPYTER_RUNTIME_DIR": str(config / "runtime"), "IPYTHONDIR": str(config / "ipython"),
            "MPLCONFIGDIR": str(config / "mpl"), "JUPYTER_PLATFORM_DIRS": "1",
        })
        settings = config / "config/lab/user-settings/@jupyterlab/apputils-extension"
        settings.mkdir(parents=True)
        (settings / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        self.log = open(config / "lab.log", "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
             "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
             "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
             f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
             "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True"],
            stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=root)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/api/status?token={self.token}",
                                            timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"JupyterLab did not start; see {config / 'lab.log'}")

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


#: What the page has done so far: the files it has fetched, its kernel's state and the cells that
#: have run. While this
#: changes the site is working, however slowly a busy machine lets it.
_PROGRESS = """() => {
  const kernel = window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel;
  const cells = window.jupyterapp?.shell?.currentWidget?.content?.widgets || [];
  return [performance.getEntriesByType('resource').length, kernel ? kernel.status : null,
          document.readyState,
          cells.filter(c => c.model.type === 'code' && c.model.executionCount !== null).length];
}"""


def wait_for_progress(page, condition: str, arg=None, stall: float = 300,
                      ceiling: float = 1800) -> None:
    """Wait until the JavaScript function `condition` holds, for as long as the page makes
    progress (`_PROGRESS`): it fails when nothing has moved for `stall` seconds, or at the
    `ceiling`, not after a fixed time that a machine busy with other work may need."""
    started = last_move = time.monotonic()
    seen = None
    while not page.evaluate(condition, arg):
        now = time.monotonic()
        progress = page.evaluate(_PROGRESS)
        if progress != seen:
            seen, last_move = progress, now
        if now - last_move > stall:
            raise TimeoutError(f"the page made no progress for {stall:.0f} s (last seen: files "
                               f"fetched, kernel, document, cells run = {seen})")
        if now - started > ceiling:
            raise TimeoutError(f"the page was still working after {ceiling:.0f} s ({seen})")
        time.sleep(0.25)


def run_notebook(page, lab, name: str, timeout: float = 120_000) -> None:
    """Open a notebook in JupyterLab, run every cell, and wait until all have run (for as long
    as cells go on finishing: `timeout` is how long one step may stand still)."""
    page.goto(lab.notebook_url(name), timeout=timeout)
    page.wait_for_selector(".jp-Notebook", timeout=timeout)
    page.wait_for_function(
        "() => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel"
        "?.connectionStatus === 'connected'", timeout=timeout)
    page.set_default_timeout(timeout)
    # The command's promise settles once every cell has run.
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    wait_for_progress(page, _ALL_RUN, stall=timeout / 1000 * 2.5)


#: Every code cell with a source has run and the kernel is idle again.
_ALL_RUN = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session?.kernel;
  return !!kernel && kernel.status === 'idle' && panel.content.widgets.every(c =>
    c.model.type !== 'code' || !c.model.sharedModel.source.trim()
    || c.model.executionCount !== null);
}"""


def task_state(page, name: str) -> dict:
    """A task board's verdict and moves, read in the kernel (task boards are found by their
    name, since a notebook keeps them in no variable)."""
    return json.loads(kernel_eval(page, f"""
import json
from ipywidgets.widgets.widget import _instances
board = next(w for w in list(_instances.values()) if getattr(w, "name", "") == {name!r})
print(json.dumps({{"status": board.task["status"], "why": board.task["why"],
                  "moves": [str(m) for m in board.game.moves], "error": board.error}}))
"""))


def restart_task(page, board: str) -> None:
    """Press a task board's *Start again* and wait until it shows the start."""
    page.click(f"{board} button.sumer-task-reset")
    page.wait_for_function(
        "sel => document.querySelector(sel + ' .sumer-host').dataset.ply === '0'", arg=board)


def board_says(page, board: str, words: str) -> None:
    """Wait until the board's page shows `words` (a verdict, a reason)."""
    page.wait_for_function("([sel, words]) => document.querySelector(sel).innerText"
                           ".includes(words)", arg=[board, words])


def kernel_eval(page, code: str, timeout: float = 30_000) -> str:
    """Run `code` in the notebook's kernel and return what it printed."""
    return page.evaluate("""async (code) => {
        const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
        let out = "";
        const future = kernel.requestExecute({ code, store_history: false });
        future.onIOPub = (msg) => {
            if (msg.header.msg_type === "stream") out += msg.content.text;
            if (msg.header.msg_type === "error") out += "ERROR: " + msg.content.evalue;
        };
        await future.done;
        return out;
    }""", code)
