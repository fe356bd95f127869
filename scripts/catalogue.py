"""Copy the rule catalogues of ``docs/rules/`` into ``sumer_widgets/data/rules.json``.

Run after changing a catalogue: ``python scripts/catalogue.py``. ``--check`` only says whether
the copy is current (exit 1 if not).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from sumer_widgets.catalogue import DATA, build

ROOT = Path(__file__).resolve().parent.parent


def text() -> str:
    return json.dumps(build(ROOT / "docs"), ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> int:
    wanted = text()
    if "--check" in argv:
        current = DATA.read_text(encoding="utf-8") if DATA.exists() else ""
        if current != wanted:
            print(f"{DATA} is out of date: run python scripts/catalogue.py", file=sys.stderr)
            return 1
        return 0
    DATA.write_text(wanted, encoding="utf-8")
    print(f"wrote {DATA.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
