"""Headless Chromium (Debian's) for the widget tests, and a real JupyterLab server for end-to-end.

Playwright drives /usr/bin/chromium; it never downloads a browser. Without chromium the browser
tests are skipped on a developer's machine and fail under CI (CI=true), where `.ci/run` installs it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.browser.lab import CHROMIUM, LAUNCH_ARGS, Lab

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: .ci/run must install Debian's chromium")
        pytest.skip("the browser tests need Debian's chromium (apt-get install chromium)")
    return {"executable_path": CHROMIUM, "args": LAUNCH_ARGS}


@pytest.fixture(scope="session")
def lab(tmp_path_factory, browser_type_launch_args):
    root = tmp_path_factory.mktemp("lab-root")
    for path in (ROOT / "notebooks").iterdir():
        if path.suffix in (".ipynb", ".json", ".py"):
            shutil.copy(path, root / path.name)
    server = Lab(root, tmp_path_factory.mktemp("lab-config"))
    yield server
    server.stop()
