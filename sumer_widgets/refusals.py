"""How the project's own errors show in a notebook: the learner's cell, and the sentence why.

A refusal (`IllegalMove`, `InvalidInput`: any `engine.core.SumerError`) is an answer, not a
crash. In a notebook it shows as the learner's own lines (``Cell In[7], line 1 ...``) and the
error's sentence; the frames inside ``engine/`` and ``sumer_widgets/`` are left out. Those frames
said nothing a learner needs, and they carried the file paths of the machine that ran them
(a home folder, ``site-packages``), so every run of a notebook changed its saved outputs and a
teacher's ``git pull`` conflicted. Any other error (a bug, a typo) keeps IPython's whole
traceback.

`show_refusals_briefly` is called when `sumer_widgets` is imported; outside IPython (a plain
script, the test runner) it does nothing, and calling it again changes nothing. It replaces
another custom exception handler only if that one was for the same errors.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import engine
from engine.core import SumerError

#: Frames in these folders are the project's own, left out of a refusal's traceback.
OWN_FOLDERS = (Path(engine.__file__).resolve().parent, Path(__file__).resolve().parent)


def show_refusals_briefly(shell: Any = None) -> bool:
    """Show `SumerError`s in IPython without the project's frames; True if installed."""
    if shell is None:
        # A running shell has imported IPython: without one, IPython is not imported to see.
        ipython = sys.modules.get("IPython")
        shell = None if ipython is None else ipython.get_ipython()
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    if shell.custom_exceptions not in ((), (SumerError,)):
        return False
    shell.set_custom_exc((SumerError,), _show_briefly)
    return True


def _show_briefly(shell: Any, etype: type, value: BaseException, tb: Any,
                  tb_offset: int | None = None) -> list[str]:
    shell.showtraceback((etype, value, learners_frames(tb)), tb_offset=tb_offset)
    return []


def _is_own(frame: types.FrameType) -> bool:
    try:
        path = Path(frame.f_code.co_filename).resolve()
    except (OSError, ValueError):
        return False
    return any(path.is_relative_to(folder) for folder in OWN_FOLDERS)


def learners_frames(tb: types.TracebackType | None) -> types.TracebackType | None:
    """The traceback `tb` cut off at its first frame inside the project's own packages."""
    kept = []
    while tb is not None and not _is_own(tb.tb_frame):
        kept.append(tb)
        tb = tb.tb_next
    out = None
    for entry in reversed(kept):
        out = types.TracebackType(out, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return out
