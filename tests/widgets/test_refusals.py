"""A refusal shows in a notebook as the learner's cell and the sentence why — no frames inside
the project, and so no file paths of the machine that ran it (sumer_widgets.refusals)."""

from __future__ import annotations

import re

import pytest
from IPython.core.interactiveshell import InteractiveShell
from traitlets.config import Config

from engine import sumeria
from engine.core import IllegalMove
from sumer_widgets.refusals import learners_frames, show_refusals_briefly

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def frame_names(tb):
    names = []
    while tb is not None:
        names.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    return names


def test_the_traceback_is_cut_where_the_project_begins():
    game = sumeria.new_game(players=3, seed=1)
    with pytest.raises(IllegalMove) as info:
        game.play("move kish.city ur.city")
    assert len(frame_names(info.value.__traceback__)) > 1
    assert frame_names(learners_frames(info.value.__traceback__)) == [
        "test_the_traceback_is_cut_where_the_project_begins"]


@pytest.fixture
def shell(tmp_path, monkeypatch):
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path))
    config = Config()
    config.HistoryManager.enabled = False
    shell = InteractiveShell(config=config)
    shown = []
    shell._showtraceback = lambda etype, value, stb: shown.append((etype, stb))
    shell.shown = shown
    yield shell
    shell.set_custom_exc((), None)


def test_a_refusal_in_a_cell_shows_the_cell_and_the_reason(shell):
    assert show_refusals_briefly(shell)
    result = shell.run_cell("from engine import sumeria\n"
                            "sumeria.new_game(players=3, seed=1).play('move kish.city ur.city')")
    assert isinstance(result.error_in_exec, IllegalMove)
    (etype, stb), = shell.shown
    text = ANSI.sub("", shell.InteractiveTB.stb2text(stb))
    assert etype is IllegalMove
    assert "not possible now" in text and "play('move kish.city ur.city')" in text
    assert "core.py" not in text and "rules.py" not in text


def test_other_errors_keep_their_whole_traceback(shell):
    show_refusals_briefly(shell)
    shell.run_cell("import json\njson.loads('{')")
    (etype, stb), = shell.shown
    assert etype.__name__ == "JSONDecodeError"
    assert "json" + "/" in ANSI.sub("", shell.InteractiveTB.stb2text(stb))


def test_outside_ipython_nothing_happens():
    assert show_refusals_briefly() is False
