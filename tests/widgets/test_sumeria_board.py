"""SumeriaBoard in Python: intents checked by the engine, forged messages refused, bots, undo,
history, the explorer, and the static picture."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine import sumeria
from engine.bots import GreedyBot, RandomBot
from engine.core import IllegalMove, InvalidInput
from sumer_widgets import SumeriaBoard, sumeria_svg

ROW = ["kish", "nippur", "umma", "lagash", "eridu", "ur", "larsa", "uruk"]


def send(board, message):
    board._on_msg(board, message, [])


def turn_game():
    return sumeria.Game(sumeria.position(3, {"kish.town1": 0, "kish.city": 1,
                                             "kish.village1": 2}, row=ROW))


def test_choices_come_from_the_engine():
    board = SumeriaBoard(turn_game())
    choices = board.choices
    assert choices["mode"] == "game" and choices["phase"] == "turns" and choices["human"]
    assert choices["traders"] == {"kish.town1": sumeria.Board.standard().paths(
        "kish.town1", {"kish.town1", "kish.city", "kish.village1"})}
    assert choices["remove"] == ["kish.town1"] and len(choices["add"]) == 53


def test_a_legal_intent_plays_and_redraws():
    board = SumeriaBoard(turn_game())
    send(board, {"intent": "play", "ply": 0,
                 "move": {"kind": "move", "origin": "kish.town1", "destination": "kish.town2"}})
    assert board.error == "" and board.plies == board.ply == 1
    assert 'data-loc="kish.town2" data-x="100.0" data-y="246.0" data-owner="0"' in board.svg
    assert board.log[0]["text"].startswith("Blue moves a trader from Kish town 1")


@pytest.mark.parametrize(("message", "reason"), [
    ("hello", "must name an intent"),
    ({"intent": "format-disk"}, "unknown intent 'format-disk'"),
    ({"intent": "play", "ply": 0, "move": "add kish.city"}, "must be an object"),
    ({"intent": "play", "ply": 0, "move": {"kind": "teleport"}}, "unknown sumeria move kind"),
    ({"intent": "play", "ply": 0, "move": {"kind": "add", "location": "atlantis"}},
     "unknown location 'atlantis'"),
    ({"intent": "play", "ply": 0, "move": {"kind": "add", "location": "kish.city"}},
     "occupied by Orange"),
    ({"intent": "play", "ply": 0, "move": {"kind": "remove", "location": "kish.city"}},
     "it is Orange's"),
    ({"intent": "play", "ply": 7, "move": {"kind": "add", "location": "ur.city"}},
     "another position"),
    ({"intent": "place", "location": "ur.city"}, "placing traders freely is for the explorer"),
])
def test_forged_or_illegal_messages_are_refused_and_change_nothing(message, reason):
    board = SumeriaBoard(turn_game())
    before = (board.game.history, board.svg)
    send(board, message)
    assert reason in board.error
    assert (board.game.history, board.svg) == before


def test_out_of_turn_moves_are_refused_while_a_bot_is_to_move():
    board = SumeriaBoard(turn_game(), bots={1: GreedyBot(1)}, autoplay=False)
    board.play("add ur.city")
    assert board.game.to_move == 1
    send(board, {"intent": "play", "ply": 1, "move": {"kind": "add", "location": "uruk.city"}})
    assert "it is a bot's turn" in board.error and len(board.game.moves) == 1
    send(board, {"intent": "bot"})
    assert board.error == "" and len(board.game.moves) == 2


def test_bots_answer_and_undo_takes_back_to_the_human():
    board = SumeriaBoard(turn_game(), bots={1: GreedyBot(1), 2: RandomBot(2)})
    board.play("add ur.city")
    assert len(board.game.moves) == 3 and board.game.to_move == 0
    send(board, {"intent": "undo"})
    assert len(board.game.moves) == 0 and board.plies == 0


def test_the_history_slider_shows_earlier_positions_read_only():
    board = SumeriaBoard(turn_game())
    board.play("add ur.city")
    board.play("add uruk.city")
    latest_svg = board.svg
    board.ply = 1
    assert board.choices == {"mode": "history"} and board.svg != latest_svg
    assert board.svg == sumeria_svg(board.game.history[1])
    send(board, {"intent": "play", "ply": 2, "move": {"kind": "add", "location": "ur.town1"}})
    assert "another position" in board.error
    send(board, {"intent": "resume"})
    assert board.plies == 1 and board.choices["mode"] == "game"


def test_a_bad_ply_from_the_page_is_refused():
    board = SumeriaBoard(turn_game())
    board.ply = 9
    assert "there is no position 9" in board.error and board.ply == 0


def test_illegal_python_play_raises_and_shows_the_reason():
    board = SumeriaBoard(turn_game())
    with pytest.raises(IllegalMove):
        board.play("add kish.city")
    assert "occupied" in board.error


def test_scoring_prompt_lists_the_tile_choices():
    state = sumeria.position(3, {"kish.city": 0, "kish.town1": 0, "kish.town2": 1}, row=ROW,
                             offer=("EMP", "RE", "M"), to_move=2, turn=3)
    state, _ = sumeria.apply(state, sumeria.Add("uruk.village3"))
    board = SumeriaBoard(sumeria.Game(state), lang="nl")
    assert board.choices["scored"] == "Kish"
    assert [c["tiles"] for c in board.choices["take"]] == ["EM", "EP", "MP"]
    assert board.choices["take"][0]["label"] == "economisch, militair"


def test_explorer_places_moves_removes_and_refuses():
    board = SumeriaBoard(traders={"kish.town1": 0, "kish.city": 1})
    assert board.choices["mode"] == "explore"
    assert set(board.choices["traders"]["kish.town1"]["paths"]) == {
        "kish.village1", "kish.town2", "kish.town3"}
    send(board, {"intent": "place", "location": "kish.village1", "player": 3})
    assert board.traders["kish.village1"] == 3
    send(board, {"intent": "move", "origin": "kish.town1", "destination": "ur.city"})
    assert "cannot reach Ur city" in board.error
    send(board, {"intent": "move", "origin": "kish.town1", "destination": "kish.town2"})
    assert "kish.town2" in board.traders and "kish.town1" not in board.traders
    send(board, {"intent": "remove", "location": "kish.town2"})
    send(board, {"intent": "place", "location": "kish.city", "player": 0})
    assert "occupied" in board.error
    send(board, {"intent": "place", "location": "ur.city", "player": 9})
    assert "a player is 0 to 3" in board.error
    send(board, {"intent": "clear"})
    assert board.traders == {}


def test_explorer_reads_any_board_file(tmp_path):
    small = {"city_states": [{"id": "a", "name": "Alpha"}, {"id": "b", "name": "Beta"}],
             "locations": [{"id": "a.c", "kind": "city", "city_state": "a", "x": 40, "y": 40},
                           {"id": "a.t", "kind": "town", "city_state": "a", "x": 120, "y": 40},
                           {"id": "b.c", "kind": "city", "city_state": "b", "x": 200, "y": 40}],
             "routes": [["a.c", "a.t", "b.c"]]}
    path = tmp_path / "small.json"
    path.write_text(json.dumps(small))
    board = SumeriaBoard(board=str(path), traders={"a.t": 1})
    assert board.choices["traders"]["a.t"]["paths"] == {"a.c": ["a.t", "a.c"],
                                                       "b.c": ["a.t", "b.c"]}
    assert board.svg.count('class="loc ') == 3
    path.write_text('{"city_states": []}')
    with pytest.raises(InvalidInput, match="no city-states"):
        SumeriaBoard(board=str(path))
    with pytest.raises(InvalidInput, match="no board file"):
        SumeriaBoard(board=str(tmp_path / "missing.json"))


def test_constructor_refuses_nonsense():
    with pytest.raises(TypeError, match="did you mean 'bots'"):
        SumeriaBoard(turn_game(), bot={1: GreedyBot()})
    with pytest.raises(TypeError, match="either a game, or a board"):
        SumeriaBoard(turn_game(), traders={})
    with pytest.raises(ValueError, match="bot seat 5 is not a player"):
        SumeriaBoard(turn_game(), bots={5: GreedyBot()})
    with pytest.raises(TypeError, match="no choose"):
        SumeriaBoard(turn_game(), bots={1: "greedy"})
    with pytest.raises(ValueError, match="lang must be one of"):
        SumeriaBoard(turn_game(), lang="fr")
    with pytest.raises(InvalidInput, match="unknown location"):
        SumeriaBoard(traders={"nowhere": 0})


def test_static_fallback_and_stable_repr():
    board = SumeriaBoard(sumeria.new_game(3, seed=4))
    data, _ = board._repr_mimebundle_()
    assert data["image/svg+xml"] == board.svg
    assert "application/vnd.jupyter.widget-view+json" in data
    assert repr(board) == "<SumeriaBoard: round 1, setup, Blue to move>"
    assert not re.search(r"0x[0-9a-f]{6,}", repr(board))


def test_language_switch_redraws_in_dutch():
    board = SumeriaBoard(sumeria.new_game(3, seed=4))
    board.lang = "nl"
    assert "opstelling" in board.svg and board.words["undo"] == "Ongedaan maken"
    board.lang = "fr"
    assert board.lang == "nl" and "onbekende taal 'fr'" in board.error


@pytest.mark.rules("S-COMP-1")
def test_the_picture_has_every_location_names_and_the_text_form():
    state = sumeria.new_state(4, seed=3)
    svg = sumeria_svg(state)
    assert svg.count('class="loc ') == 56
    assert all(f">{cs.name}</text>" in svg for cs in state.board.city_states)
    assert "<desc>Sumeria: round 1, setup" in svg
    assert svg.count('data-player="') == 4 and svg.count('data-row="') == 8
    assert svg._repr_svg_() == svg


def test_the_picture_draws_a_routes_bends():
    data = sumeria.Board.standard().to_dict()
    first = data["routes"][0]
    locations = {loc["id"]: loc for loc in data["locations"]}
    a, b = locations[first[0]], locations[first[1]]
    bend = [round((a["x"] + b["x"]) / 2 + 40, 1), round((a["y"] + b["y"]) / 2 - 30, 1)]
    data["routes"][0] = [first[0], bend, *first[1:]]
    board = sumeria.Board.from_dict(data)
    svg = sumeria_svg(board=board, paths={first[1]: [first[0], first[1]]})
    route = svg.split('data-route="0"')[0].rsplit("<polyline", 1)[1]
    assert f"{bend[0]:g},{bend[1]:g}" in route.replace(".0,", ",").replace(".0 ", " ")
    hop = svg.split('class="hop"')[1].split("/>")[0]
    assert f"{bend[0]:g},{bend[1]:g}" in hop.replace(".0,", ",").replace(".0 ", " ")
    plain = sumeria_svg(board=sumeria.Board.standard())
    assert f"{bend[0]:g},{bend[1]:g}" not in plain


def test_graph_plot_draws():
    import matplotlib

    matplotlib.use("Agg")
    from sumer_widgets.sumeria.plots import draw_sumeria_graph

    board = sumeria.Board.standard()
    ax = draw_sumeria_graph(board, routes=[0], path=["kish.town1", "kish.city", "kish.town2"],
                            traders={"kish.city": 1})
    assert ax.get_legend() is not None and len(ax.texts) == 8
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["city", "town", "village"]
    dutch = draw_sumeria_graph(board, lang="nl")
    assert [t.get_text() for t in dutch.get_legend().get_texts()] == ["hoofdstad", "stad", "dorp"]


def test_the_log_shows_the_newest_lines_only_and_keeps_them_in_order():
    game = sumeria.new_game(players=3, seed=5)
    board = SumeriaBoard(game)
    board.LOG_LINES = 7
    rng = random.Random(1)
    while len(game.moves) < 12:
        moves = game.legal_moves()
        board.play(moves[rng.randrange(len(moves))])
    every = [{"ply": n + 1, "text": e.describe("en")}
             for n, (_, events) in enumerate(game.log) for e in events if board.in_log(e)]
    assert len(every) > 7 and board.log == every[-7:]


@pytest.mark.rules("S-MOVE-1", "S-ADD-1", "S-REMOVE-1", "S-TILE-1")
def test_say_why_names_the_rules_of_every_kind_of_move_a_bot_makes():
    from engine.core import Move
    from engine.sumeria import moves
    from sumer_widgets.catalogue import catalogue
    from sumer_widgets.sumeria import lesson

    kinds = {name for name, value in vars(moves).items()
             if isinstance(value, type) and issubclass(value, Move) and value is not Move}
    assert set(SumeriaBoard.MOVE_RULES) == kinds
    assert {rule for rules in SumeriaBoard.MOVE_RULES.values() for rule in rules} <= {
        rule["id"] for rule in catalogue("sumeria")}
    board = lesson.against_bots(say_why=True)
    assert board.why_bots
    board.send_intent({"intent": "play", "move": board.game.legal_moves()[0].to_dict(),
                       "ply": len(board.game.moves)})
    why = [entry["text"] for entry in board._log_entries() if entry.get("why")]
    assert why and all(line.startswith(("Why Orange could do this: ",
                                        "Why Green could do this: ")) and "(S-" in line
                       for line in why)


@pytest.mark.rules("S-RESET-2")
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_new_tiles_of_a_round_read_as_a_sentence(lang):
    from sumer_widgets.sumeria import lesson

    game = lesson.start("nippur-choice")
    events = game.play("take R")
    drawn = next(e for e in events if type(e).__name__ == "TilesDrawn").describe(lang)
    assert "|" not in drawn and "×" not in drawn
    assert drawn.startswith("Round 2 begins with new tiles: " if lang == "en"
                            else "Ronde 2 begint met nieuwe markers: ")
    assert ("for the 3rd." if lang == "en" else "voor de 3e.") in drawn
