"""The Royal Game of Ur board: clicks become moves only through the engine; refusals say why and
change nothing; the picture names every square; save and load, bots at each level, Dutch."""

from __future__ import annotations

import html
import re
from unittest import mock

import pytest

from engine import royal_ur
from engine.bots import LEVELS, RandomBot
from engine.core import IllegalMove
from sumer_widgets import RoyalUrBoard
from sumer_widgets.base import BoardWidget
from sumer_widgets.games import board_class, card
from sumer_widgets.royal_ur.picture import render


def throw(board):
    board.send_intent({"intent": "play", "move": {"kind": "throw", "value": None},
                       "ply": len(board.game.moves)})


def board_at(**position):
    return RoyalUrBoard(royal_ur.Game(royal_ur.position(pieces=3, **position)))


def test_the_registry_knows_the_board():
    assert board_class("royal_ur") is RoyalUrBoard
    assert card("royal_ur").notebook == "06-royal-game-of-ur"


class JsNull:
    """What a Pyodide kernel (the browser-only site) hands Python for a JSON null."""

    def __bool__(self):
        return False


def test_a_null_from_a_pyodide_kernel_reads_as_none():
    """In the site, "Throw the dice" sends ``value: null``, which arrives as Pyodide's jsnull:
    the board throws as it does under JupyterLab's kernel."""
    board = RoyalUrBoard(royal_ur.new_game(seed=7))
    board.send_intent({"intent": "play", "move": {"kind": "throw", "value": JsNull()},
                       "ply": 0, "extra": [JsNull()]})
    assert board.error == "" and board.game.state.throw == 2


def test_a_throw_then_a_click_on_the_ringed_square_plays_the_move():
    board = RoyalUrBoard(royal_ur.new_game(seed=7))
    assert board.choices["phase"] == "throw" and board.choices["throw"] is True
    throw(board)
    assert board.error == "" and board.game.state.throw == 2
    # The page rings the landing square from the choices, with no round trip.
    moves = board.choices["moves"]
    assert moves == {"pool-light": {"move": {"kind": "enter"}, "to": "c1", "capture": False,
                                    "rosette": False, "chance": None}}
    board.send_intent({"intent": "play", "move": moves["pool-light"]["move"], "ply": 1})
    assert board.error == "" and board.game.state.squares[0] == (2,)
    assert 'aria-label="c1, Light&#x27;s piece"' in board.svg


def test_a_capture_and_a_rosette_are_marked_in_the_choices():
    board = board_at(light=[4, 1], dark=[6], throw=2)
    moves = board.choices["moves"]
    assert moves["a1"]["to"] == "b2" and moves["a1"]["capture"] is True
    board = board_at(light=[1], throw=3)
    assert board.choices["moves"]["d1"] == {"move": {"kind": "move", "square": 1}, "to": "a1",
                                            "capture": False, "rosette": True, "chance": None}


@pytest.mark.parametrize(("place", "expected", "rule"), [
    ("d2", "throw first", "U-TURN-1"),
])
def test_a_click_before_the_throw_is_refused_by_the_rules(place, expected, rule):
    board = RoyalUrBoard(royal_ur.Game(royal_ur.position(light=[8], pieces=3)))
    before = board.game.to_json()
    board.send_intent({"intent": "explain", "place": place})
    assert expected in board.error and board.error_rule == rule
    assert board.game.to_json() == before


def test_a_blocked_piece_is_refused_with_the_rule_and_nothing_changes():
    board = board_at(light=[2, 4], throw=2)
    before = (board.game.to_json(), len(board.game.history))
    board.send_intent({"intent": "explain", "place": "c1"})  # light's square 2: onto its own 4
    assert isinstance(board._last_refusal, IllegalMove)
    assert board.error_rule == "U-MOVE-3" and "own" in board.error
    assert (board.game.to_json(), len(board.game.history)) == before


def test_the_next_valid_move_puts_a_refusal_away():
    """The refusal answers one click; the move after it clears it (the page clears it itself
    when a click only chooses a piece: tests/browser/test_royal_ur_module.py)."""
    board = board_at(light=[2, 4], dark=[6], throw=2)
    board.send_intent({"intent": "explain", "place": "c1"})
    assert board.error and board.error_rule == "U-MOVE-3"
    board.send_intent({"intent": "play", "move": {"kind": "move", "square": 4}, "ply": 0})
    assert (board.error, board.error_rule) == ("", "")
    assert board.game.state.squares[1] == ()


def test_the_safe_rosette_is_refused():
    board = board_at(light=[6], dark=[8], throw=2)
    board.send_intent({"intent": "explain", "place": "b2"})
    assert board.error_rule == "U-ROSETTE-2" and "rosette" in board.error


@pytest.mark.parametrize(("place", "words"), [
    ("b3", "empty"), ("d3", "Dark's piece"), ("pool-dark", "waiting pieces"),
    ("off-light", "borne off"), ("z9", "not a square"), (["d2"], "not a square"),
])
def test_clicks_that_are_no_move_say_why(place, words):
    board = board_at(light=[6], dark=[1], throw=2)
    before = board.game.to_json()
    board.send_intent({"intent": "explain", "place": place})
    assert words in board.error, board.error
    assert board.game.to_json() == before


def test_forged_moves_are_refused_without_a_change():
    board = board_at(light=[6], throw=2)
    before = board.game.to_json()
    with mock.patch.object(BoardWidget, "STRICT", True):
        for move in ({"kind": "move", "square": 99}, {"kind": "move", "square": "6"},
                     {"kind": "throw", "value": 9}, {"kind": "fly"}, {"kind": "pass"}):
            board.send_intent({"intent": "play", "move": move, "ply": 0})
            assert board.error and board.game.to_json() == before, move
        board.send_intent({"intent": "paths", "value": "everyone"})
        assert "light, dark, both or none" in board.error


def test_paths_and_chances_are_drawn_on_request():
    board = board_at(light=[7, 9], dark=[12], throw=3)
    assert 'data-path="light"' not in board.svg and board.choices["moves"]["e2"]["chance"] is None
    board.send_intent({"intent": "paths", "value": "both"})
    assert 'data-path="light"' in board.svg and 'data-path="dark"' in board.svg
    board.send_intent({"intent": "chances", "value": True})
    chances = {place: move["chance"] for place, move in board.choices["moves"].items()}
    values = {str(m): v for m, v in royal_ur.move_values(board.game.state).items()}
    assert chances["e2"] == round(values["move 9"], 4)
    assert max(chances, key=chances.get) == "e2"
    assert re.search(r'class="chance-label">\d+%<', board.svg)
    assert board.paths == [0, 1] and board.show_chances is True


def test_a_throw_with_no_move_offers_pass():
    board = board_at(light=[2], dark=[], throw=0)
    assert board.choices["pass"] is True and board.choices["moves"] == {}
    board.send_intent({"intent": "play", "move": {"kind": "pass"}, "ply": 0})
    assert board.error == "" and board.game.state.to_move == 1


def test_the_dice_are_drawn_as_thrown():
    board = RoyalUrBoard(royal_ur.new_game(seed=11))
    throw(board)
    thrown = board.game.log[0][1][0]
    marked = re.findall(r'class="die" data-marked="(\d)"', board.svg)
    assert [int(m) for m in marked] == list(thrown.dice)
    assert sum(thrown.dice) == board.game.state.throw


def test_save_and_load_replay_the_game(tmp_path):
    board = RoyalUrBoard(royal_ur.new_game(seed=3), bots={1: RandomBot(seed=1)})
    for _ in range(6):
        if board.game.state.throw is None:
            throw(board)
        else:
            board.play(board.game.legal_moves()[0])
    path = board.save(tmp_path / "ur.json")
    again = RoyalUrBoard.load(path)
    assert again.game.state == board.game.state and again.game.moves == board.game.moves
    before = board.game.to_json()
    with pytest.raises(royal_ur.InvalidInput):
        board.load_text('{"ruleset": "royal_ur", "moves": [{"kind": "fly"}]}')
    assert board.game.to_json() == before and "could not be loaded" in board.error


@pytest.mark.parametrize("level", LEVELS)
def test_bots_of_every_level_play_dark_and_the_menu_says_which(level):
    board = RoyalUrBoard(royal_ur.new_game(seed=5, pieces=3), level=level)
    assert board.bot_seats == [1] and board.tools["level"] == level
    while not board.game.is_over and board.game.to_move == 0:
        if board.game.state.throw is None:
            throw(board)
        else:
            board.play(board.game.legal_moves()[0])
        assert board.error == ""
    # After light's turn the bot has played dark's whole turn: light is to move again.
    assert board.game.is_over or board.game.to_move == 0
    assert any(move.to_dict()["kind"] != "throw" for move, state in
               zip(board.game.moves, board.game.history) if state.to_move == 1) or \
        board.game.is_over


def test_a_bot_turn_refuses_the_persons_click():
    board = RoyalUrBoard(royal_ur.new_game(seed=5), bots={0: RandomBot(seed=2)}, autoplay=False)
    board.send_intent({"intent": "explain", "place": "d1"})
    assert "bot's turn" in board.error


def test_dutch_words_on_the_board_and_in_its_refusals():
    board = RoyalUrBoard(royal_ur.Game(royal_ur.position(light=[6], dark=[1], pieces=3,
                                                         throw=2)), lang="nl")
    assert "Licht gooide 2" in board.svg and 'aria-label="d3, stuk van Donker"' in board.svg
    assert board.words["throw"] == "Gooi de stenen"
    board.send_intent({"intent": "explain", "place": "b3"})
    assert "is leeg" in board.error
    board.send_intent({"intent": "explain", "place": "d3"})
    assert "niet een van jou" in board.error


def test_the_pictures_description_is_told_in_the_boards_language():
    """A screen reader reads the picture's description: Dutch on a Dutch board; in English the
    position's text form, which reads back as the same position."""
    state = royal_ur.position(light=[2, 4], dark=[6], throw=2, pieces=3)
    english = re.search(r"<desc>(.*?)</desc>", render(state), re.S).group(1)
    assert royal_ur.position(html.unescape(english)) == state
    dutch = re.search(r"<desc>(.*?)</desc>", render(state, lang="nl"), re.S).group(1)
    assert "Licht gooide 2" in dutch and "Donker: 2 wachten om in te komen" in dutch
    assert not re.search(r"\b(light|dark|waiting|off|squares|turn|throws?)\b", dutch)
    assert "  1  L . L ." in dutch  # the board's rows, as the text form draws them


def test_every_square_is_a_named_button():
    svg = render(royal_ur.position(light=[8], dark=[4], pieces=3))
    names = re.findall(r'data-cell="(\w\d)"[^>]*role="button" tabindex="-1" aria-label="([^"]+)"',
                       svg)
    assert len(names) == 20
    assert ("d2", "d2, central rosette, safe, Light&#x27;s piece") in names
    assert ("a3", "a3, rosette, Dark&#x27;s piece") in names
