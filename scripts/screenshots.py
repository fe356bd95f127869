"""Make the README's pictures with the browser test tooling (headless Chromium, the boards' own
front end fed by a real widget).

    .venv/bin/python scripts/screenshots.py     # writes docs/images/*.png

Each module of scripts/shots/ has a ``shoot(page, images)`` that writes one board's picture.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.lab import CHROMIUM, LAUNCH_ARGS  # noqa: E402

IMAGES = ROOT / "docs" / "images"


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 1200}, device_scale_factor=1)
        for shot in sorted((ROOT / "scripts" / "shots").glob("[a-z]*.py")):
            module = importlib.import_module(f"scripts.shots.{shot.stem}")
            module.shoot(page, IMAGES)
        browser.close()
    print("wrote", *sorted(p.name for p in IMAGES.glob("*.png")))


if __name__ == "__main__":
    main()
