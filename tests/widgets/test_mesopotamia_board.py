"""MesopotamiaBoard in Python: what the page may highlight comes from the engine, intents are
checked by the engine, forged messages are refused, bots, undo, history, hidden information,
and the static picture."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine import mesopotamia
from engine.bots import GreedyBot, RandomBot
from engine.core import IllegalMove
from engine.mesopotamia import events as ev
from sumer_widgets.mesopotamia.board import MesopotamiaBoard
from sumer_widgets.mesopotamia.picture import render, viewed
from tests.engine.mesopotamia.util import pos, with_pile

rules = pytest.mark.rules


def send(board, message):
    board._on_msg(board, message, [])


def lesson():
    """Blue (to move, 5 points) with natives at home and one carrying lumber; Red nearby."""
    return mesopotamia.position(
        4, tiles={"-2,0": "plain", "-2,1": "forest", "-1,-1": "plain", "1,1": "quarry"},
        natives=[("-1,0", 0, "."), ("-1,0", 0, "."), ("-1,0", 0, "L"), ("-1,1", 1, "S"),
                 ("-2,0", 0, "M4")],
        goods={"1,-1": (3, 0), "1,0": (0, 2), "-1,0": (1, 0)},
        huts=[("-1,0", 0, 6), ("-1,1", 1, 2)], mana=[2, 1, 0, 0], max_mana=[4, 3, 3, 3],
        hands=[["stamina", "teleport", "priest", "mana_theft"], ["land"], [], []],
        holy={"-1,-1": 0})


def go_moves(state):
    out = {}
    for m in mesopotamia.legal_moves(state):
        if isinstance(m, mesopotamia.Go):
            out.setdefault(f"{m.origin}|{state.to_move}|{m.native}", set()).add(m.destination)
    return out


@rules("M-MOVE-1", "M-MOVE-3")
def test_reachable_fields_are_the_engines_go_moves():
    board = MesopotamiaBoard(mesopotamia.Game(lesson()))
    natives = board.choices["natives"]
    assert {k: set(n["go"]) for k, n in natives.items() if n["go"]} == go_moves(lesson())
    assert "0,-1" not in natives["-1,0|0|."]["go"], "a volcano is never entered"
    assert natives["-1,0|0|."]["go"]["0,0"] == [1, "-1,0"]


@rules("M-MOVE-5")
def test_the_temple_carrying_rule_shows_in_the_costs():
    """A native with lumber may end on the temple place but not pass it: with volcanoes north
    and south of the temple, the east is out of its reach."""
    board = MesopotamiaBoard(mesopotamia.Game(lesson()))
    natives = board.choices["natives"]
    free, loaded = natives["-1,0|0|."]["go"], natives["-1,0|0|L"]["go"]
    assert free["1,0"] == [2, "0,0"]
    assert loaded["0,0"] == [1, "-1,0"] and "1,0" not in loaded and "1,-1" not in loaded


@pytest.mark.parametrize("seed", range(6))
def test_costs_and_ways_agree_with_the_engine_in_random_play(seed):
    """The cost shown on each lit field is what the engine charges (read from its event), and
    each way's steps are neighbouring fields the native may enter."""
    rng = random.Random(seed)
    game = mesopotamia.new_game(players=3, seed=seed, max_rounds=6)
    board = MesopotamiaBoard(game)
    checked = 0
    while not game.is_over and checked < 40:
        state = game.state
        choices = board.choices
        if state.phase == "move":
            assert {k: set(n["go"]) for k, n in choices["natives"].items() if n["go"]} == \
                go_moves(state)
            key = rng.choice(sorted(choices["natives"]))
            native = choices["natives"][key]
            for dest, (cost, prev) in native["go"].items():
                move = mesopotamia.Go(native["field"], native["token"], dest)
                _, events = mesopotamia.apply(state, move)
                assert next(e.cost for e in events if isinstance(e, ev.NativeMoved)) == cost
                assert prev == native["field"] or prev in native["go"]
                checked += 1
        moves = game.legal_moves()
        board.play(moves[rng.randrange(len(moves))])
    assert checked


def test_a_legal_intent_plays_and_redraws():
    board = MesopotamiaBoard(mesopotamia.Game(lesson()))
    send(board, {"intent": "play", "ply": 0,
                 "move": {"kind": "go", "origin": "-1,0", "native": "L", "destination": "-2,1"}})
    assert board.error == "" and board.plies == board.ply == 1
    assert 'data-native="-2,1|0|L"' in board.svg
    assert board.log[0]["text"] == ("Blue moves a native carrying lumber from the plain "
                                    "north-west of the temple to the forest 2 fields west of "
                                    "the temple (1 point).")
    assert board.choices["points"] == 4


@pytest.mark.parametrize(("message", "reason"), [
    ("hello", "must name an intent"),
    ({"intent": "format-disk"}, "unknown intent 'format-disk'"),
    ({"intent": "play", "ply": 0, "move": "go -1,0 . 0,0"}, "must be an object"),
    ({"intent": "play", "ply": 0, "move": {"kind": "fly"}}, "unknown mesopotamia move kind"),
    ({"intent": "play", "ply": 0, "move": {"kind": "go", "origin": "-1,0", "native": ".",
                                           "destination": "0,-1"}},
     "volcanic fields can never be entered"),
    ({"intent": "play", "ply": 0, "move": {"kind": "go", "origin": "-1,0", "native": "L",
                                           "destination": "3,3"}}, "not a field yet"),
    ({"intent": "play", "ply": 0, "move": {"kind": "go", "origin": "-1,1", "native": "S",
                                           "destination": "-2,1"}},
     "Blue has no native carrying 'S' on -1,1"),
    ({"intent": "play", "ply": 0, "move": {"kind": "hut", "field": "-1,0", "marker": 4}},
     "it is phase I"),
    ({"intent": "play", "ply": 0, "move": {"kind": "play", "card": "land", "field": None,
                                           "target": None, "to": None}}, "holds no Land card"),
    ({"intent": "play", "ply": 0, "move": {"kind": "play", "card": "teleport",
                                           "field": "1,-1", "target": "L", "to": "0,0"}},
     "except the temple place"),
    ({"intent": "play", "ply": 3, "move": {"kind": "end"}}, "another position"),
    ({"intent": "explain", "native": "-1,1|1|S"}, "that native is Red's"),
    ({"intent": "explain", "native": "nonsense"}, "a native is named 'q,r|owner|token'"),
    ({"intent": "explain", "field": "1,-1"},
     "Blue has no native on the forest north-east of the temple"),
    ({"intent": "explain", "field": "atlantis"}, "field must be written 'q,r'"),
])
def test_forged_or_illegal_messages_are_refused_and_change_nothing(message, reason):
    board = MesopotamiaBoard(mesopotamia.Game(lesson()))
    before = (board.game.history, board.svg, board.choices)
    send(board, message)
    assert reason in board.error
    assert (board.game.history, board.svg, board.choices) == before


@pytest.mark.parametrize(("natives", "points", "reason"), [
    ([("-1,0", 0, ".")], 0, "Blue has no movement points left this turn"),
    ([("0,0", 0, "L")], 5, "no raw materials may be carried through the temple place"),
])
def test_an_own_native_that_cannot_move_is_explained_by_the_engine(natives, points, reason):
    state = mesopotamia.position(4, natives=natives, huts=[], goods={}, points=points)
    board = MesopotamiaBoard(mesopotamia.Game(state))
    key = next(iter(board.choices["natives"]))
    assert board.choices["natives"][key]["go"] == {}
    send(board, {"intent": "explain", "native": key})
    assert reason in board.error


def test_a_refusal_is_cleared_by_the_next_good_intent():
    board = MesopotamiaBoard(mesopotamia.Game(lesson()))
    send(board, {"intent": "explain", "field": "1,-1"})
    assert board.error
    send(board, {"intent": "play", "ply": 0, "move": {"kind": "end"}})
    assert board.error == "" and board.game.state.phase == "action"


@rules("M-SAC-4")
def test_a_native_that_would_be_pushed_back_is_warned_about():
    state = mesopotamia.position(4, natives=[("-1,0", 0, "M6")], huts=[], goods={},
                                 mana=[2, 0, 0, 0], max_mana=[6, 3, 3, 3])
    board = MesopotamiaBoard(mesopotamia.Game(state))
    warn = board.choices["natives"]["-1,0|0|M6"]["warn"]
    assert warn == {"0,0": "Blue has 2 mana, too little for marker 6: the native would be "
                           "pushed back to -1,0"}
    board.play("go -1,0 M6 0,0")
    assert "pushed back" in board.log[-1]["text"]


def test_free_actions_of_phase_one_are_listed_with_their_moves():
    board = MesopotamiaBoard(mesopotamia.Game(lesson()))
    actions = {a["label"]: a["move"] for a in board.choices["actions"]}
    legal = {json.dumps(m.to_dict(), sort_keys=True) for m in board.game.legal_moves()}
    assert all(json.dumps(m, sort_keys=True) in legal for m in actions.values())
    assert actions["Take up your marker 6 from the hut on -1,0"] == {
        "kind": "lift", "field": "-1,0", "value": 6}
    assert actions["native on -1,0: pick up lumber"]["kind"] == "pick"
    assert actions["native with lumber on -1,0: put down lumber"]["kind"] == "drop"
    assert board.choices["end"] == {"label": "End movement (5 points unused)",
                                    "move": {"kind": "end"}}


@rules("M-STEAL-1")
def test_stealing_is_offered_where_the_engine_allows_it():
    state = mesopotamia.position(4, natives=[("-1,0", 0, "."), ("-1,0", 0, "."),
                                             ("-1,0", 1, "L")], huts=[], goods={})
    board = MesopotamiaBoard(mesopotamia.Game(state))
    steal = [a for a in board.choices["actions"] if a["move"]["kind"] == "steal"]
    assert steal == [{"group": "-1,0", "label": "Steal lumber from Red on -1,0",
                      "move": {"kind": "steal", "field": "-1,0", "victim": 1, "good": "L"}}]


@rules("M-TEMPLE-1")
def test_unloading_a_stone_at_the_temple_says_what_it_does():
    state = mesopotamia.position(4, natives=[("0,0", 0, "S")], huts=[], goods={})
    board = MesopotamiaBoard(mesopotamia.Game(state))
    labels = [a["label"] for a in board.choices["actions"]]
    assert labels == ["native with stone on the temple place: unload the stone (+1 maximum "
                      "mana, +1 mana)"]


@rules("M-DISC-1", "M-DISC-2")
def test_discovery_and_the_volcano_choice():
    state = with_pile(pos(natives=[("-1,0", 0, ".")]), "V", "F")
    board = MesopotamiaBoard(mesopotamia.Game(state))
    assert board.choices["natives"]["-1,0|0|."]["discover"] == ["-1,-1", "-2,1", "-2,0"]
    board.play("discover -1,0 . -2,0")
    choices = board.choices
    assert choices["phase"] == "volcano" and choices["target"] == "-2,0"
    assert "-2,0" not in choices["volcano"] and "-2,1" in choices["volcano"]
    assert choices["volcano"] == [m.place for m in board.game.legal_moves()]
    send(board, {"intent": "explain", "field": "-2,0"})
    assert "not where the native discovers" in board.error
    send(board, {"intent": "play", "ply": 1, "move": {"kind": "volcano", "place": "-2,1"}})
    assert board.error == ""
    # The new fields are outlined: the volcano and the forest drawn after it.
    assert board.svg.count('class="recent"') == 2
    assert board.choices["phase"] in ("spread", "move")


@rules("M-DISC-3")
def test_new_lumber_is_spread_by_clicking_forests():
    state = with_pile(pos(3, tiles={"-2,1": "forest", "-2,2": "forest", "1,1": "forest"},
                          natives=[("-1,0", 0, ".")]), "F")
    board = MesopotamiaBoard(mesopotamia.Game(state))
    board.play("discover -1,0 . -2,0")
    spread = board.choices["spread"]
    assert spread["count"] == 3 and spread["good"] == "lumber"
    assert spread["fields"] == ["-2,0", "-2,1", "-2,2", "1,-1", "1,1"]
    assert len(spread["combos"]) == 10
    send(board, {"intent": "explain", "field": "-1,0"})
    assert "choose 3 different forest fields" in board.error


@rules("M-CARD-LAND-1")
def test_the_land_card_shows_its_fields_as_choices():
    state = mesopotamia.position(4, natives=[("-1,0", 0, ".")], huts=[], goods={},
                                 hands=[["land"], [], [], []])
    state = with_pile(state, "V", "P", "P", "Q")
    board = MesopotamiaBoard(mesopotamia.Game(state))
    board.play("play land")
    board.play("discover -1,0 . -2,0")
    land = board.choices["land"]
    assert [o["label"] for o in land] == ["plain (2 shown)", "quarry (1 shown)",
                                         "volcano (1 shown)"]
    assert land[0]["move"] == {"kind": "choose", "tile": "plain"}


@rules("M-ACT-1", "M-HUT-1", "M-HUT-2", "M-BIRTH-1", "R-M15")
def test_building_sites_of_phase_two():
    state = mesopotamia.position(4, natives=[("-1,0", 0, "L"), ("-1,0", 0, "."),
                                             ("-1,0", 0, ".")],
                                 huts=[("-1,0", 0, 0)], goods={}, phase="action")
    board = MesopotamiaBoard(mesopotamia.Game(state))
    sites = board.choices["sites"]
    labels = [s["label"] for s in sites["-1,0"]]
    assert labels == ["Build a hut on -1,0, marker 2 under it",
                      "Build a hut on -1,0, marker 4 under it",
                      "Build a hut on -1,0, marker 6 under it",
                      "Build a hut on -1,0, marker 7 under it",
                      # The marker is the builder's choice (M-HUT-2, R-M15): none is offered too.
                      "Build a hut on -1,0, no marker under it", "Give birth on -1,0"]
    assert "Draw a card" in [a["label"] for a in board.choices["actions"]]
    send(board, {"intent": "explain", "field": "-1,1"})
    assert board.error.startswith("no hut: ")
    assert "; no holy place: a holy place needs 2 of Blue's natives on -1,1" in board.error
    board.play("birth -1,0")
    assert ("1 native of Blue is born on the plain north-west of the temple."
            in [e["text"] for e in board.log])
    assert board.game.to_move == 1, "no second birth is possible: the turn goes on at once"


@rules("M-CARD-PLAY-2")
def test_after_the_last_action_the_board_offers_the_held_cards_and_the_end_of_the_turn():
    state = mesopotamia.position(4, natives=[("-1,0", 0, "."), ("-1,0", 0, ".")],
                                 huts=[("-1,0", 0, 0)], goods={}, phase="action",
                                 hands=[["teleport"], [], [], []])
    board = MesopotamiaBoard(mesopotamia.Game(state))
    assert board.choices["prompt_key"] == "action"
    board.play("birth -1,0")
    choices = board.choices
    assert board.game.to_move == 0 and choices["prompt_key"] == "action_cards"
    assert choices["end"]["move"] == {"kind": "done"} and choices["sites"] == {}
    assert choices["page"]["action_cards"] == "{player}: play a card you hold, or end the turn."
    assert [c["card"] for c in choices["hand"]] == ["teleport"]
    send(board, {"intent": "play", "ply": 1, "move": {"kind": "done"}})
    assert board.game.to_move == 1 and not board.error


@rules("M-DRAW-2", "M-CARD-PLAY-1")
def test_cards_in_hand_with_their_targets():
    board = MesopotamiaBoard(mesopotamia.Game(lesson()))
    hand = {c["card"]: c for c in board.choices["hand"]}
    assert hand["stamina"]["how"] == "now" and hand["stamina"]["move"]["card"] == "stamina"
    assert hand["priest"]["fields"] == {"-1,-1": {"kind": "play", "card": "priest",
                                                  "field": "-1,-1", "target": None, "to": None}}
    assert [v["label"] for v in hand["mana_theft"]["victims"]] == ["Take 1 mana from Red (has 1)"]
    teleport = hand["teleport"]["sources"]
    assert [t["label"] for t in teleport["-1,1"]] == [
        "Red's native (native with stone)", "the stone Red's native carries"]
    assert "0,0" not in teleport["-1,1"][0]["to"] and "-1,1" not in teleport["-1,1"][0]["to"]
    send(board, {"intent": "play", "ply": 0, "move": {
        "kind": "play", "card": "teleport", "field": "-1,1", "target": "c1:S", "to": "-2,0"}})
    assert board.error == "" and "Blue plays Teleport" in board.log[-1]["text"]
    assert "teleport" not in {c["card"] for c in board.choices["hand"]}


@rules("M-HIDDEN-1", "M-HUT-3")
def test_the_map_shows_only_what_the_viewer_may_see():
    state = lesson()
    board = MesopotamiaBoard(mesopotamia.Game(state))  # Blue is the human to move
    assert board.eyes(state) == 0
    desc = re.search(r"<desc>(.*)</desc>", board.svg, re.S).group(1)
    assert "huts B*" in desc and "cards 1" in desc
    svg = board.svg
    # Blue's own hand, on two lines of Blue's card (its words are sized for a projector).
    lines = re.search(r">(cards: 4 — [^<]*)</text><text [^>]*>([^<]*)</text>", svg)
    assert " ".join(lines.groups()) == "cards: 4 — Mana Theft, Priest, Stamina, Teleport"
    assert "Land" not in svg  # Red's card is hidden
    assert 'data-marker="under_hut"><title>under a hut</title>' in svg
    spectator = render(state, viewer=None)
    assert "Stamina" not in spectator
    board.viewer = "all"
    assert "Land" in board.svg
    with pytest.raises(ValueError, match="viewer must be"):
        board.viewer = 7


@rules("M-HIDDEN-1")
def test_the_history_slider_shows_the_past_through_todays_eyes():
    """Hot-seat: Red, now at the board, scrolls back to Blue's turn and still does not see
    Blue's marker values."""
    state = mesopotamia.position(2, natives=[("-1,0", 0, "."), ("-1,1", 1, ".")], huts=[],
                                 goods={})
    board = MesopotamiaBoard(mesopotamia.Game(state))
    assert 'data-marker="in_front"><title>in front</title>' in board.svg
    mine = board.svg
    board.play("end")
    board.play("draw")
    assert board.game.to_move == 1
    board.ply = 0
    assert board.svg != mine and board.svg == render(state, viewer=1)
    assert "(as Red sees it)" in board.svg


def test_with_a_single_human_the_map_keeps_that_humans_eyes_while_bots_move():
    game = mesopotamia.new_game(players=3, seed=4, max_rounds=2)
    board = MesopotamiaBoard(game, bots={1: RandomBot(1), 2: RandomBot(2)}, autoplay=False)
    board.play("end")
    board.play("draw")
    assert game.to_move == 1 and board.eyes(game.state) == 0
    assert board.choices["human"] is False and "natives" not in board.choices
    hot_seat = MesopotamiaBoard(mesopotamia.new_game(players=2, seed=4))
    assert hot_seat.eyes(hot_seat.game.state) == 0
    bots_only = MesopotamiaBoard(mesopotamia.new_game(players=2, seed=4, max_rounds=1),
                                 bots={0: RandomBot(0), 1: RandomBot(1)})
    assert bots_only.game.is_over and bots_only.eyes(bots_only.game.state) == "all"


def test_out_of_turn_moves_are_refused_while_a_bot_is_to_move():
    board = MesopotamiaBoard(mesopotamia.new_game(players=3, seed=2),
                             bots={1: GreedyBot(1)}, autoplay=False)
    board.play("end")
    board.play("draw")
    send(board, {"intent": "play", "ply": 2, "move": {"kind": "end"}})
    assert "it is a bot's turn" in board.error and len(board.game.moves) == 2
    send(board, {"intent": "explain", "field": "-1,1"})
    assert "a bot's turn (Red)" in board.error
    send(board, {"intent": "bot"})
    assert board.error == "" and len(board.game.moves) == 3


def test_bots_answer_and_undo_takes_back_to_the_human():
    board = MesopotamiaBoard(mesopotamia.new_game(players=3, seed=5),
                             bots={1: GreedyBot(1), 2: GreedyBot(2)})
    board.play("end")
    board.play("draw")
    assert board.game.to_move == 0 and len(board.game.moves) > 2
    send(board, {"intent": "undo"})
    # The bots' replies and the human's last move are taken back: Blue draws again.
    assert [str(m) for m in board.game.moves] == ["end"] and board.plies == 1
    assert board.choices["human"] and board.choices["phase"] == "action"


def test_the_history_slider_shows_earlier_positions_read_only():
    board = MesopotamiaBoard(mesopotamia.Game(lesson()))
    board.play("go -1,0 . 0,0")
    board.play("go -1,0 L -2,1")
    board.ply = 1
    assert board.choices == {"mode": "history"}
    assert board.svg == render(board.game.history[1], viewer=0, lang="en")
    send(board, {"intent": "play", "ply": 2, "move": {"kind": "end"}})
    assert "another position" in board.error
    send(board, {"intent": "resume"})
    assert board.plies == 1 and board.choices["mode"] == "game"


def test_illegal_python_play_raises_and_shows_the_reason():
    board = MesopotamiaBoard(mesopotamia.Game(lesson()))
    with pytest.raises(IllegalMove):
        board.play("go -1,0 . 0,-1")
    assert "volcanic" in board.error


def test_a_whole_game_of_bots_runs_to_the_round_limit():
    game = mesopotamia.new_game(players=3, seed=1, max_rounds=3)
    board = MesopotamiaBoard(game, bots={p: GreedyBot(p) for p in range(3)})
    assert game.is_over and board.choices["phase"] == "over"
    assert "game over" in board.svg and board.log[-1]["text"].startswith("The game is over")


def test_keywords_types_repr_and_the_static_picture():
    with pytest.raises(TypeError, match="did you mean 'viewer'"):
        MesopotamiaBoard(mesopotamia.new_game(2, seed=1), veiwer=0)
    with pytest.raises(TypeError, match="mesopotamia.Game"):
        MesopotamiaBoard("a game")
    with pytest.raises(ValueError, match="viewer must be"):
        MesopotamiaBoard(mesopotamia.new_game(2, seed=1), viewer=2)
    board = MesopotamiaBoard(mesopotamia.new_game(4, seed=7))
    assert repr(board) == "<MesopotamiaBoard: round 1, Blue to move (move, 5 movement points)>"
    data, _ = board._repr_mimebundle_()
    assert data["image/svg+xml"] == board.svg
    assert MesopotamiaBoard().game.state.players == 4


def test_the_renderer_is_deterministic_and_names_every_clickable_thing():
    state = lesson()
    first, second = render(state), render(mesopotamia.state_from_dict(state.to_dict()))
    assert first == second
    assert re.search(r"<desc>Mesopotamia: round 2, Blue to move", first)
    fields = set(re.findall(r'class="field" data-field="([^"]+)"', first))
    assert fields == {mesopotamia.fmt(c) for c, _ in state.tiles}
    edges = set(re.findall(r'class="edge" data-field="([^"]+)"', first))
    assert edges == {mesopotamia.fmt(c) for c in mesopotamia.edge_places(dict(state.tiles))}
    assert 'data-native="-1,0|0|."' in first and 'data-count="2"' in first
    assert "M?" in str(viewed(state, 1)) and 'data-native="-2,0|0|M?"' in render(state, viewer=1)


def test_dutch_words():
    board = MesopotamiaBoard(mesopotamia.Game(lesson()), lang="nl")
    assert board.choices["end"]["label"] == "Stop met bewegen (5 punten ongebruikt)"
    assert "Ronde 2 · Blauw aan zet" in board.svg
    assert board.log == [] and board.words["undo"] == "Ongedaan maken"


def test_graph_and_mana_plots_draw():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from sumer_widgets.mesopotamia.plots import draw_mesopotamia_graph, plot_mesopotamia_mana

    state = lesson()
    ax = draw_mesopotamia_graph(state, path=["-1,0", "0,0", "1,-1"],
                                reach={"0,0": 1, "1,-1": 2})
    assert len(ax.collections) >= 5  # edges, five kinds of fields, the reach rings
    assert [t.get_text() for t in ax.get_legend().get_texts()][:2] == ["temple place", "plain"]
    game = mesopotamia.new_game(players=2, seed=3, max_rounds=2)
    MesopotamiaBoard(game, bots={0: GreedyBot(0), 1: GreedyBot(1)})
    ax = plot_mesopotamia_mana(game)
    assert len(ax.lines) == 4 and ax.get_ylabel() == "mana"
    assert ax.get_legend().get_texts()[0].get_text() == "Blue mana"
    dutch = plot_mesopotamia_mana(game, lang="nl")
    assert dutch.get_xlabel() == "ronde"
    assert dutch.get_legend().get_texts()[1].get_text() == "maximum van Blauw"
    graph = draw_mesopotamia_graph(state, lang="nl")
    assert graph.get_legend().get_texts()[-1].get_text() == "geen doorgang (vulkaan)"
    plt.close("all")
