"""A board's two halves (`sumer_widgets.core`): its decisions in plain Python, and what keeps its
values — the widget's synced traits in a notebook (`sumer_widgets.base.BoardWidget`), plain
attributes on the site's board page (`sumer_widgets.page`).

Every game's widget is its core joined with the widget base, with a trait for each of the core's
values; no name of the core hides one of anywidget's; the core and the page import no widget
library; the page's board answers the same intents with the same values as the widget; the
page's calls, fed garbage, give only the project's own refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from unittest import mock

import anywidget
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import RULESETS, InvalidInput, rules_of
from sumer_widgets.base import BoardWidget
from sumer_widgets.core import BoardCore
from sumer_widgets.games import card, core_class
from sumer_widgets.page import BoardPage, PageValues, board_class
from tests.fuzzing import JSON_POISON, TRICKY_TEXT, check_reason, fuzz, garbage

ROOT = Path(__file__).resolve().parents[2]
#: ipywidgets' own synced traits, which no board's core has.
WIDGET_TRAITS = {"_dom_classes", "_model_module", "_model_module_version", "_model_name",
                 "_view_count", "_view_module", "_view_module_version", "_view_name", "layout",
                 "tabbable", "tooltip"}


def own_names(klass: type, base: type) -> set[str]:
    """The names the classes of `klass`'s MRO that are `base` or below it define."""
    return {name for k in klass.__mro__ if issubclass(k, base) and k not in (object,)
            for name in vars(k) if not (name.startswith("__") and name.endswith("__"))}


@pytest.mark.parametrize("game", RULESETS)
def test_the_widget_is_the_core_joined_with_the_widget_base_a_trait_a_value(game):
    widget, core = card(game).board, core_class(game)
    assert issubclass(widget, core) and issubclass(widget, BoardWidget)
    assert widget.__mro__[1] is core, "the game's decisions come before the widget base"
    traits = {name: trait.default() for name, trait in widget.class_traits(sync=True).items()
              if name not in WIDGET_TRAITS}
    assert traits == core.values_of()


@pytest.mark.parametrize("game", RULESETS)
def test_no_name_of_a_core_or_of_the_page_hides_one_of_anywidget_or_of_each_other(game):
    core = core_class(game)
    names = own_names(core, BoardCore)
    assert not names & set(dir(anywidget.AnyWidget)), names & set(dir(anywidget.AnyWidget))
    page_names = {name for name in vars(PageValues) if not name.startswith("__")}
    assert not names & page_names, names & page_names


def test_the_cores_and_the_page_import_no_widget_library_nor_ipython():
    code = ("import sys\nimport sumer_widgets.page\n"
            + "".join(f"import sumer_widgets.{game}.core\n" for game in RULESETS)
            + "from sumer_widgets.page import BoardPage\nBoardPage('royal_ur', seed=1).values()\n"
            + "print(sorted(m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython', "
              "'comm', 'matplotlib', 'tqdm') if m in sys.modules))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                           check=True).stdout
    assert found.strip() == "[]"


def widget_and_page(game: str, seed: int = 7):
    """The same game, bots and language as a widget and as the page's board."""
    page = BoardPage(game, seed=seed)
    spec = card(game)
    game_ = rules_of(game).new_game(spec.players, seed)
    widget = spec.board(game_, bots=page._bots(seed), name=game)
    return widget, page


def page_values(page: BoardPage) -> dict:
    # Through JSON, as each goes to its page.
    return json.loads(json.dumps({name: page.board._page_values[name]
                                  for name in page.board.values_of()}))


def widget_values(widget) -> dict:
    return json.loads(json.dumps({name: getattr(widget, name)
                                  for name in type(widget).values_of()}))


def first_human_move(board) -> dict:
    return board.game.legal_moves()[0].to_dict()


@pytest.mark.parametrize("game", RULESETS)
def test_the_page_answers_an_intent_with_the_values_the_widget_gets(game):
    widget, page = widget_and_page(game)
    assert json.loads(page.values())["values"] == widget_values(widget)
    for _ in range(3):
        if widget.game.is_over:
            break
        intent = {"intent": "play", "ply": len(widget.game.moves),
                  "move": first_human_move(widget)}
        widget.send_intent(intent)
        answer = json.loads(page.intent(json.dumps(intent)))
        assert widget.error == "", widget.error
        assert page_values(page) == widget_values(widget)
        assert set(answer["values"]) <= set(page.board.values_of())
        assert answer["values"]["plies"] == widget.plies


def test_the_page_takes_only_what_changed_and_the_messages_once():
    page = BoardPage("royal_ur", seed=3)
    first = json.loads(page.values())
    assert set(first["values"]) == set(page.board.values_of()) and first["messages"] == []
    assert json.loads(page.set(json.dumps({"lang": "en"}))) == {"values": {}, "messages": []}
    saved = json.loads(page.intent(json.dumps({"intent": "save"})))
    assert [m["kind"] for m in saved["messages"]] == ["save"]
    assert saved["messages"][0]["file"] == "royal_ur-move-0.json"
    assert json.loads(page.intent(json.dumps({"intent": "autoplay", "value": True}))) == {
        "values": {}, "messages": []}


def test_the_language_and_the_history_slider_set_from_the_page():
    page = BoardPage("sumeria", seed=4)
    json.loads(page.values())
    changed = json.loads(page.set(json.dumps({"lang": "nl"})))["values"]
    assert "lang" not in changed, "the page knows what it set"
    assert changed["words"]["undo"] == "Ongedaan maken" and page.board.lang == "nl"
    move = first_human_move(page.board)
    page.intent(json.dumps({"intent": "play", "ply": 0, "move": move}))
    latest = page.board.plies
    back = json.loads(page.set(json.dumps({"ply": 0})))["values"]
    assert back["choices"] == {"mode": "history"} and "ply" not in back
    past = json.loads(page.set(json.dumps({"ply": latest + 5})))["values"]
    assert past["ply"] == latest, "a ply past the end is put back, and the page told"
    assert "er is geen stelling" in past["error"]


@pytest.mark.parametrize("values", [
    {"ply": "2"}, {"ply": True}, {"ply": 1.0}, {"lang": 3}, {"svg": "<svg/>"}, {},
    {"choices": {}}, {"task": {"goal": "win"}}, {"nonsense": 1}, {"_page_values": {}}, [],
    "ply", None,
])
def test_a_value_the_page_may_not_set_is_refused_and_nothing_is_set(values):
    page = BoardPage("tigris", seed=2)
    before = page_values(page)
    page.values()
    answer = json.loads(page.set(json.dumps(values)))
    if values == {}:
        assert answer == {"values": {}, "messages": []}
        return
    assert set(answer["values"]) == {"error"}, answer
    assert page_values(page) == {**before, "error": answer["values"]["error"]}


def test_a_seed_gives_the_same_game_and_a_bad_one_is_refused():
    assert BoardPage("tigris", seed=9).values() == BoardPage("tigris", seed=9).values()
    assert BoardPage("tigris", seed=9).values() != BoardPage("tigris", seed=10).values()
    for seed in (-1, 2**64, "7", 1.5, True):
        with pytest.raises(InvalidInput):
            BoardPage("royal_ur", seed=seed)


def test_new_game_keeps_the_board_and_its_level():
    page = BoardPage("royal_ur", seed=5)
    page.values()
    page.intent(json.dumps({"intent": "level", "level": "hard"}))
    game = page.board.game
    page.intent(json.dumps({"intent": "bot"}))  # refused: a person's turn
    changed = json.loads(page.new_game(seed=6))["values"]
    assert page.board.game is not game and page.board.level == "hard"
    assert changed["error"] == "" and page.board.tools["level"] == "hard"


def as_json(value) -> str:
    """`value` as the page's JSON text, or a number of 5,000 digits where JSON cannot write
    it (an int of thousands of digits)."""
    try:
        return json.dumps(value, default=str)
    except ValueError:
        return "9" * 5000


@pytest.mark.parametrize("game", RULESETS)
@fuzz(0.3)
@given(calls=st.lists(st.tuples(st.sampled_from(["intent", "set"]), st.one_of(
    garbage.map(as_json),
    st.sampled_from(JSON_POISON), st.sampled_from(TRICKY_TEXT), st.text(max_size=20))),
    min_size=1, max_size=4))
def test_the_page_fed_garbage_refuses_it_with_the_project_s_own_errors(game, calls):
    page = PAGES[game]
    with mock.patch.object(BoardCore, "STRICT", True):
        for method, text in calls:
            before = page.board.game.to_json()
            answer = json.loads(getattr(page, method)(text))
            refusal = page.board._last_refusal
            if refusal is not None:
                check_reason(refusal)
                assert answer["values"].get("error", page.board.error) == page.board.error
                assert page.board.game.to_json() == before


#: One board a game for the fuzz test (a fresh one per example would take most of its time).
PAGES = {game: BoardPage(game, seed=8) for game in RULESETS}


def test_the_page_board_class_is_made_once_a_core():
    core = core_class("tigris")
    assert board_class(core) is board_class(core)
    assert board_class(core).__name__ == "TigrisCorePage"
