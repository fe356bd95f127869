"""TigrisBoard in Python: choices computed by the engine, intents checked by it, forged messages
refused, hidden hands and points, conflicts and every other decision by intents, bots, undo,
history, every variant playable, and the picture."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine import tigris
from engine.bots import GreedyBot, RandomBot
from engine.core import IllegalMove
from engine.tigris import conflict_sides, kingdoms
from engine.tigris.state import COLOURS
from sumer_widgets.tigris.board import TigrisBoard
from sumer_widgets.tigris.picture import render

rules = pytest.mark.rules

WAR = """
    5  . . . . r K0 k . k K1 r
    hand 0 kkkrbg
    hand 1 kkrrbg
"""
TWO_WARS = """
    5  . . . . r K0 . r K1
    6  . . . . R0 k . R1 k
    hand 0 kkrrbg
    hand 1 kkrrbg
"""
MONUMENT = """
    4  . . . . . . r
    5  . . . . r r K0
    6  . . . . r . R0 r
    hand 0 rrkbgg
    actions 1
"""
TREASURES = """
    1  . . . . ~ ~ ~ ~ ~ . r*
    2  . r* . . ~ . . . . . k
    3  . . . ~ ~ r* k k k k k
    hand 0 rrkbgg
"""


def send(board, message):
    board._on_msg(board, message, [])


def play(board, move):
    """Play `move` (text) the way the page does: its dict form with the ply it saw."""
    send(board, {"intent": "play", "ply": board.choices["ply"],
                 "move": tigris.parse_move(move).to_dict()})
    assert board.error == "", board.error


def board_of(text, **options):
    return TigrisBoard(tigris.position(text, **options))


def hand_in_svg(svg):
    return "".join(re.findall(r'data-hand="(\w)"', svg))


# Choices ----------------------------------------------------------------------------------


def test_action_choices_come_from_the_engine():
    game = tigris.new_game(2, seed=7)
    board = TigrisBoard(game)
    choices = board.choices
    assert choices["mode"] == "game" and choices["phase"] == "action" and choices["human"]
    moves = game.legal_moves()
    for letter, cells in choices["tiles"].items():
        assert cells == [m.cell for m in moves if isinstance(m, tigris.PlaceTile)
                         and m.colour == letter]
    assert list(choices["tiles"]) == sorted(set(game.state.hands[0]), key=COLOURS.index)
    for letter, cells in choices["leaders"].items():
        assert cells == [m.cell for m in moves if isinstance(m, tigris.PositionLeader)
                         and m.colour == letter]
    assert choices["catastrophe"] == [m.cell for m in moves if isinstance(m, tigris.Catastrophe)]
    assert choices["discard"] and not choices["passing"] and choices["withdraw"] == []
    assert choices["hand"] == game.state.hands[0] and choices["prompt"] == "Bull — action 1 of 2"
    json.dumps(choices)  # it travels to the page as JSON


@rules("T-LEADER-1")
def test_a_leader_on_the_board_can_be_chosen_moved_or_withdrawn():
    board = board_of(WAR)
    assert board.choices["board_leaders"] == {"f5": "k"}
    assert board.choices["withdraw"] == ["k"]
    play(board, "withdraw k")
    assert board.game.state.leader_cell(0, 0) < 0 and board.choices["board_leaders"] == {}


def test_a_legal_intent_plays_and_redraws():
    board = TigrisBoard(tigris.new_game(2, seed=7))
    before = board.svg
    play(board, "leader r g3")
    assert board.plies == board.ply == 1 and board.svg != before
    assert ('<g data-cell="g3" data-owner="0" role="button" tabindex="-1" '
            'aria-label="g3, Bull priest"><title>g3 · Bull priest</title>' in board.svg)
    assert board.log == [{"ply": 1, "text": "Bull places the priest on g3."}]
    assert board.choices["prompt"] == "Bull — action 2 of 2"


@pytest.mark.parametrize(("message", "reason"), [
    ("hello", "must name an intent"),
    ({"intent": "format-disk"}, "unknown intent 'format-disk'"),
    ({"intent": "play", "ply": 0, "move": "tile r f3"}, "must be an object"),
    ({"intent": "play", "ply": 0, "move": {"kind": "teleport"}}, "unknown tigris move kind"),
    ({"intent": "play", "ply": 0, "move": {"kind": "tile", "colour": "r", "cell": "z99"}},
     "unknown cell 'z99'"),
    ({"intent": "play", "ply": 0, "move": {"kind": "tile", "colour": "x", "cell": "a1"}},
     "unknown colour 'x'"),
    ({"intent": "play", "ply": 0, "move": {"kind": "tile", "colour": "k", "cell": "e1"}},
     "e1 is river: only blue farms go on the river"),
    ({"intent": "play", "ply": 0, "move": {"kind": "tile", "colour": "k", "cell": "f5"}},
     "f5 holds Bull's king: a tile never goes on a leader"),
    ({"intent": "play", "ply": 0, "move": {"kind": "leader", "colour": "r", "cell": "a1"}},
     "a1 touches no temple"),
    ({"intent": "play", "ply": 0, "move": {"kind": "support", "count": 1}},
     "'support 1' is not possible now"),
    ({"intent": "play", "ply": 3, "move": {"kind": "tile", "colour": "k", "cell": "a1"}},
     "another position"),
    ({"intent": "play", "ply": 0, "move": {"kind": "discard", "tiles": "gggg"}},
     "cannot discard gggg"),
])
def test_forged_or_illegal_messages_are_refused_and_change_nothing(message, reason):
    board = board_of(WAR)
    before = (board.game.history, board.svg, board.choices)
    send(board, message)
    assert reason in board.error
    assert (board.game.history, board.svg, board.choices) == before


def test_illegal_python_play_raises_and_shows_the_reason():
    board = board_of(WAR)
    with pytest.raises(IllegalMove):
        board.play("tile b a1")
    assert "a1 is land: blue farms go only on the river" in board.error


# Hidden information -----------------------------------------------------------------------


@rules("T-HIDDEN-1")
def test_hot_seat_shows_only_the_hand_and_points_of_the_player_to_move():
    game = tigris.Game(tigris.position(WAR + "influence 0 k2 r1\ninfluence 1 g3 b4"))
    board = TigrisBoard(game)
    assert board.seat == 0 and hand_in_svg(board.svg) == "kkkrbg"
    assert "hand 1 ??????" in board.svg and "hand 0 kkkrbg" in board.svg  # the <desc> too
    assert "influence 1 k" not in board.svg and "influence 0 k2 r1 b0 g0" in board.svg
    assert "points: hidden" in board.svg
    assert "kkrrbg" not in board.svg
    play(board, "tile b d4")
    play(board, "discard kkk")  # the turn passes to Urn
    assert board.seat == 1 and hand_in_svg(board.svg) == "kkrrbg"
    assert "hand 0 ??????" in board.svg and "influence 0 k" not in board.svg
    assert board.choices["hand"] == "kkrrbg"


@rules("T-VAR-OPEN-1", "T-HIDDEN-1")
def test_open_scoring_shows_every_players_points_but_not_their_hands():
    board = board_of(WAR + "influence 1 g3 b4", open_scoring=True)
    assert "influence 1 k0 r0 b4 g3" in board.svg and "hand 1 ??????" in board.svg
    assert "points: hidden" not in board.svg


def test_open_hands_show_everything_and_the_game_end_reveals_all():
    board = TigrisBoard(tigris.position(WAR), open_hands=True)
    assert board.seat == -1 and "hand 1 kkrrbg" in board.svg and "every hand shown" in board.svg
    board.open_hands = False
    assert board.seat == 0 and "hand 1 ??????" in board.svg
    game = tigris.new_game(2, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    over = TigrisBoard(game)
    assert over.seat == -1 and "??" not in over.svg and "Game over" in over.svg
    # The closing prompt says who won and why (the score, or the tie-break that decided).
    assert over.choices == {"mode": "game", "phase": "over", "player": None, "human": False,
                            "ply": len(game.moves), "over": "Urn wins with the highest score (3)."}


def test_against_bots_the_board_shows_the_human_seat_and_hides_the_bots_options():
    board = TigrisBoard(tigris.new_game(2, seed=7), bots={1: GreedyBot(1)}, autoplay=False)
    play(board, "leader r g3")
    play(board, "tile r h3")
    assert board.game.to_move == 1 and board.seat == 0
    assert hand_in_svg(board.svg) == board.game.state.hands[0]
    choices = board.choices
    assert not choices["human"] and "tiles" not in choices and "hand" not in choices
    assert choices["player_name"] == "Urn"


# Conflicts and decisions -------------------------------------------------------------------


@rules("T-WAR-3", "T-WAR-4", "T-WAR-5")
def test_a_war_by_clicks_shows_both_strengths_and_takes_each_sides_support():
    board = board_of(WAR)
    play(board, "tile k h5")
    choices = board.choices
    assert choices["phase"] == "support" and choices["player"] == 0
    conflict = choices["conflict"]
    assert conflict["kind"] == "war" and conflict["side"] == "attacker"
    assert conflict["attacker"] == {"player": 0, "cell": "f5", "strength": 1, "committed": None}
    assert conflict["defender"] == {"player": 1, "cell": "j5", "strength": 1}
    assert conflict["line"] == "War of the kings: Bull attacks with 1, Urn defends with 1"
    assert [o["label"] for o in choices["options"]] == ["+0 = 1", "+1 = 2", "+2 = 3"]
    assert "War of the kings: Bull 1 against Urn 1 · Bull commits" in board.svg
    assert board.svg.count('data-supports="') == 2
    play(board, "support 2")
    choices = board.choices
    assert choices["player"] == 1 and board.seat == 1, "the defender decides, and sees"
    assert choices["conflict"]["side"] == "defender"
    assert choices["conflict"]["line"] == ("War of the kings: Bull attacks with 3 (1 on the "
                                           "board + 2 committed), Urn defends with 1")
    assert [o["move"] for o in choices["options"]] == [
        {"kind": "support", "count": k} for k in range(3)]
    assert choices["prompt"] == "Urn: how many black tiles do you commit as support? (You hold 2.)"
    play(board, "support 1")
    state = board.game.state
    assert state.phase == "action" and state.conflict is None
    assert tigris.text.token(state, tigris.parse_cell("j5")) == "."
    assert "Bull wins the war (3 against 2)." in [e["text"] for e in board.log]


@rules("T-REVOLT-1", "T-REVOLT-2")
def test_a_revolt_asks_for_temples():
    board = board_of("""
        4  . . . . . r
        5  . . . . r K0 k k r
        hand 0 rrkbgg
        hand 1 rrrkbg
        turn 1
    """)
    play(board, "leader k j5")
    choices = board.choices
    assert choices["conflict"]["kind"] == "revolt" and choices["conflict"]["support"] == "r"
    assert choices["conflict"]["attacker"]["strength"] == 1
    assert choices["prompt"].startswith("Urn: how many red tiles")
    assert len(choices["options"]) == 4


@rules("T-WAR-2")
def test_the_order_of_wars_is_a_choice_with_the_leaders_named():
    board = board_of(TWO_WARS)
    play(board, "tile g g5")
    choices = board.choices
    assert choices["phase"] == "war"
    assert [(o["label"], o["cells"]) for o in choices["options"]] == [
        ("War of the kings", ["f5", "i5"]), ("War of the priests", ["e6", "h6"])]
    assert choices["lit"] == ["f5", "i5", "e6", "h6"]
    play(board, "war r")
    assert board.choices["conflict"]["colour"] == "r"


@rules("T-MON-1")
def test_monument_choices_and_a_click_on_the_square():
    board = board_of(MONUMENT)
    play(board, "tile r f6")
    choices = board.choices
    assert [o["label"] for o in choices["options"]] == [
        "black–red monument on e5", "red–blue monument on e5", "red–green monument on e5",
        "Build nothing"]
    assert choices["lit"] == ["e5", "f5", "e6", "f6"]
    assert choices["cell_moves"] == {}, "three monuments fit the square: a click cannot choose"
    play(board, "monument rg e5")
    assert board.game.state.monuments[tigris.MONUMENTS.index("rg")] == tigris.parse_cell("e5")
    assert 'data-monument="rg"' in board.svg


@rules("T-TREAS-2")
def test_the_treasure_that_stays_is_a_click_on_a_lit_treasure():
    board = board_of(TREASURES)
    play(board, "leader g f4")
    choices = board.choices
    assert choices["phase"] == "treasure" and choices["lit"] == ["k1", "f3"]
    assert choices["cell_moves"]["f3"] == {"kind": "keep", "cell": "f3"}
    send(board, {"intent": "play", "ply": 1, "move": {"kind": "keep", "cell": "b2"}})
    assert "cannot be the one that stays" in board.error
    play(board, "keep f3")
    assert board.game.state.treasures_taken == (1, 0)


@rules("T-VAR-BUILD-1")
def test_a_building_goes_on_a_lit_tile_or_is_declined():
    board = board_of("""
        5  . . . . r K0 k k
        hand 0 kkkrbg
    """, buildings=True)
    play(board, "tile k i5")
    choices = board.choices
    assert choices["lit"] == ["g5", "h5", "i5"] and choices["cell_kind"] == "building"
    assert choices["prompt"] == "Bull may put the palace on a lit tile."
    assert [o["label"] for o in choices["options"]] == ["Build nothing"]
    play(board, "building h5")
    assert "palace" in board.svg


@rules("T-VAR-WONDER-1", "T-VAR-WONDER-2")
def test_the_wonder_and_its_point():
    board = board_of("""
        4  . . . . . k . r
        5  . . . . k k k K0
        hand 0 kkrbgg
        actions 1
    """, wonder=True)
    play(board, "tile k f6")
    assert [o["label"] for o in board.choices["options"]] == [
        "the wonder around f5", "Build nothing"]
    assert board.choices["cell_moves"]["f5"] == {"kind": "wonder", "cell": "f5"}
    play(board, "wonder f5")
    assert [o["label"] for o in board.choices["options"]] == [
        "a black point", "a red point", "a blue point", "a green point"]
    play(board, "cube g")
    assert board.game.state.influence[0][3] == 1 and 'class="tg-wonder' in board.svg


@pytest.mark.parametrize("options", [
    {}, {"board": "advanced"}, {"war_support": "english"}, {"buildings": True},
    {"wonder": True}, {"open_scoring": True},
    {"board": "advanced", "war_support": "english", "buildings": True, "wonder": True,
     "open_scoring": True},
], ids=lambda o: ",".join(o) or "standard")
@rules("T-VAR-ADVANCED-1", "T-VAR-ENGLISH-1", "T-VAR-BUILD-1", "T-VAR-WONDER-1", "T-VAR-OPEN-1")
def test_every_variant_is_playable_by_clicks(options):
    """Random legal play, every move sent as the page sends it: the choices always offer
    exactly the legal moves, and no intent is refused."""
    game = tigris.new_game(3, seed=11, **options)
    board = TigrisBoard(game)
    rng = random.Random(5)
    for _ in range(120):
        if game.is_over:
            break
        moves = game.legal_moves()
        choices = board.choices
        offered = _offered(choices)
        legal = {str(m) for m in moves if not isinstance(m, tigris.Discard)}
        assert offered == legal, choices["phase"]
        play(board, str(moves[rng.randrange(len(moves))]))
    assert board.plies == len(game.moves) > 100


def _offered(choices):
    """Every non-discard move the page can make from `choices`, as text."""
    if choices["phase"] != "action":
        moves = [o["move"] for o in choices["options"]]
        moves += choices.get("cell_moves", {}).values()
        return {str(tigris.move_from_dict(m)) for m in moves}
    out = {f"tile {c} {cell}" for c, cells in choices["tiles"].items() for cell in cells}
    out |= {f"leader {c} {cell}" for c, cells in choices["leaders"].items() for cell in cells}
    out |= {f"withdraw {c}" for c in choices["withdraw"]}
    out |= {f"catastrophe {cell}" for cell in choices["catastrophe"]}
    if choices["passing"]:
        out.add("pass")
    return out


# Bots, undo, history -----------------------------------------------------------------------


def test_bots_answer_and_undo_takes_back_to_the_human():
    board = TigrisBoard(tigris.new_game(2, seed=7), bots={1: RandomBot(1)})
    play(board, "leader r g3")
    play(board, "tile r h3")
    assert board.game.to_move == 0 and len(board.game.moves) > 2
    send(board, {"intent": "undo"})
    assert len(board.game.moves) == 1 and board.plies == 1
    send(board, {"intent": "undo"})
    send(board, {"intent": "undo"})
    assert "the game is at its start" in board.error


def test_out_of_turn_moves_are_refused_while_a_bot_is_to_move():
    board = TigrisBoard(tigris.new_game(2, seed=7), bots={1: RandomBot(1)}, autoplay=False)
    play(board, "leader r g3")
    play(board, "tile r h3")
    send(board, {"intent": "play", "ply": 2, "move": {"kind": "pass"}})
    assert "it is a bot's turn" in board.error and len(board.game.moves) == 2
    send(board, {"intent": "bot"})
    assert board.error == "" and len(board.game.moves) == 3


def test_the_history_slider_shows_earlier_positions_read_only():
    board = board_of(WAR)
    play(board, "tile k h5")
    play(board, "support 0")
    board.ply = 1
    assert board.choices == {"mode": "history"} and "· Bull commits<" in board.svg
    assert board.seat == 1, "the history is seen through the eyes of the player to move now"
    send(board, {"intent": "play", "ply": 2, "move": {"kind": "support", "count": 0}})
    assert "another position" in board.error
    send(board, {"intent": "resume"})
    assert board.plies == 1 and board.choices["phase"] == "support"


def test_the_last_moves_are_marked_for_the_player_who_looked_away():
    board = board_of(WAR)
    play(board, "tile b d4")
    assert board.svg.count('class="tg-last"') == 1, "your own first action"
    play(board, "tile k a1")
    assert board.seat == 1 and board.svg.count('class="tg-last"') == 2, "both of Bull's actions"


# The widget ----------------------------------------------------------------------------------


def test_constructor_refuses_nonsense():
    game = tigris.new_game(2, seed=1)
    with pytest.raises(TypeError, match="did you mean 'bots'"):
        TigrisBoard(game, bot={1: GreedyBot()})
    with pytest.raises(TypeError, match="did you mean 'open_hands'"):
        TigrisBoard(game, open_hand=True)
    with pytest.raises(TypeError, match="must be a tigris.Game"):
        TigrisBoard("tile r f3")
    with pytest.raises(TypeError, match="the board comes with the game"):
        TigrisBoard(game, board="advanced")
    with pytest.raises(tigris.InvalidInput, match="board must be one of"):
        TigrisBoard(board="moon")
    with pytest.raises(ValueError, match="bot seat 2 is not a player"):
        TigrisBoard(game, bots={2: GreedyBot()})
    with pytest.raises(ValueError, match="lang must be one of"):
        TigrisBoard(game, lang="de")


def test_without_a_game_the_board_shows_its_layout():
    board = TigrisBoard(board="advanced")
    assert board.choices == {"mode": "none"} and repr(board) == (
        "<TigrisBoard: the advanced board, no game>")
    assert board.svg.count('data-cell="') == 176 and board.svg.count("treasure</title>") == 14


def test_static_fallback_and_stable_repr():
    board = TigrisBoard(tigris.new_game(3, seed=4))
    data, _ = board._repr_mimebundle_()
    assert data["image/svg+xml"] == board.svg
    assert "application/vnd.jupyter.widget-view+json" in data
    assert repr(board) == ("<TigrisBoard: Urn's turn, action 1 of 2, Urn to move, 125 tiles in "
                           "the bag, 10 treasures left>")
    assert not re.search(r"0x[0-9a-f]{6,}", repr(board))


def test_language_switch_redraws_in_dutch():
    board = board_of(WAR)
    board.lang = "nl"
    assert "Stier aan zet" in board.svg and board.words["tg_discard"] == "Tegels afleggen…"
    assert board.words["undo"] == "Ongedaan maken" and board.choices["prompt"].startswith("Stier")
    board.lang = "fr"
    assert board.lang == "nl" and "onbekende taal 'fr'" in board.error


# The picture -------------------------------------------------------------------------------


@rules("T-BOARD-1", "T-BOARD-2", "T-TREAS-1")
def test_the_picture_has_every_cell_the_rivers_temples_and_treasures():
    state = tigris.new_state(2, seed=3)
    svg = render(state)
    assert svg.count("<g data-cell=") == 176
    assert svg.count('data-river="1"') == len(state.board.river_cells)
    assert svg.count('class="tg-sp"') == 4, "four temples with the special border"
    assert svg.count("treasure</title>") == 10, "ten treasures"
    assert svg == render(state), "the same position gives the same picture"
    assert svg._repr_svg_() == svg


@rules("T-KINGDOM-1")
def test_kingdoms_are_outlined_as_the_engine_sees_them():
    state = tigris.position(WAR)
    assert kingdoms(state) == [[tigris.parse_cell(c) for c in ("e5", "f5", "g5")],
                               [tigris.parse_cell(c) for c in ("i5", "j5", "k5")]]
    assert render(state).count('class="tg-kingdom"') == 2


def test_conflict_sides_count_what_the_engine_counts():
    """The tiles marked for each side add up to the engine's strengths, in every conflict of
    some random games."""
    seen = 0
    for seed in range(4):
        state = tigris.new_state(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.conflict is not None and state.conflict[6] < 0:
                a_cells, d_cells = conflict_sides(state)
                assert (len(a_cells), len(d_cells)) == state.conflict[4:6]
                seen += 1
            moves = tigris.legal_moves(state)
            state, _ = tigris.apply(state, moves[rng.randrange(len(moves))])
    assert seen > 10


def test_pieces_carry_their_data_for_the_page():
    board = board_of(WAR)
    svg = board.svg
    assert svg.count('class="hand-tile"') == 6 and svg.count('class="hand-leader"') == 3
    assert svg.count('class="hand-cat"') == 2
    assert 'data-leader="r" data-player="0"' in svg
    assert '<g data-cell="f5" data-owner="0" role="button"' in svg and 'data-grid="30 56 48"' in svg


def test_graph_and_score_plots_draw():
    import matplotlib

    matplotlib.use("Agg")
    from sumer_widgets.tigris.plots import draw_tigris_graph, plot_tigris_scores

    state = tigris.position(WAR)
    ax = draw_tigris_graph(state, groups=kingdoms(state))
    assert ax.get_legend() is not None
    game = tigris.new_game(2, seed=2)
    rng = random.Random(2)
    for _ in range(40):
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    ax = plot_tigris_scores(game)
    assert len(ax.lines) == 2


def test_the_plots_and_the_picture_speak_the_boards_language():
    import matplotlib

    matplotlib.use("Agg")
    from sumer_widgets.tigris.plots import draw_tigris_graph, plot_tigris_scores

    state = tigris.position(WAR)
    legend = draw_tigris_graph(state, groups=kingdoms(state), lang="nl").get_legend()
    assert [t.get_text() for t in legend.get_texts()][-2:] == ["leiders van Stier",
                                                               "leiders van Kruik"]
    ax = plot_tigris_scores(tigris.new_game(2, seed=2), lang="nl")
    assert ax.get_title() == "score: de zwakste van zwart, rood, blauw, groen"
    assert "e8 · rivier" in render(state, lang="nl") and "e8 · river" in render(state)


def test_say_why_names_the_rules_of_every_kind_of_move_a_bot_makes():
    from engine.tigris.moves import MOVE_CLASSES
    from sumer_widgets.catalogue import catalogue
    from sumer_widgets.tigris import lesson

    names = {cls.__name__ for cls in MOVE_CLASSES}
    assert set(TigrisBoard.MOVE_RULES) == names - {"Pass"}
    assert {rule for rules in TigrisBoard.MOVE_RULES.values() for rule in rules} <= {
        rule["id"] for rule in catalogue("tigris")}
    board = lesson.against_bots(players=2, say_why=True)
    assert board.why_bots
    board.send_intent({"intent": "play", "move": board.game.legal_moves()[0].to_dict(),
                       "ply": 0})
    board.send_intent({"intent": "play", "move": board.game.legal_moves()[0].to_dict(),
                       "ply": 1})
    why = [entry["text"] for entry in board._log_entries() if entry.get("why")]
    assert why and all(line.startswith("Why Urn could do this: ") and "(T-" in line
                       for line in why)
