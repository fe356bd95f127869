"""Forged messages to every board: only the project's own errors are shown, never a bug, and a
refused intent changes nothing.

Each example builds a board (a game with a bot seated, or an explorer) and sends it a sequence
of messages: well-formed intents of every kind the board knows (legal moves included, so the
game moves on), the same with a part changed, unknown intents, and plain garbage. One board
has a reviewed game with a key moment open as a puzzle (the review's intents: a moment that
is not one, Show before a try, ...). The boards run
with ``STRICT`` set, so an exception that is not a `SumerError` fails the test instead of being
shown; after each refused message the game (or the explorer's position) is what it was.
"""

from __future__ import annotations

import itertools
from unittest import mock

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from engine import mesopotamia, priest_kings, royal_ur, sumeria, tigris
from engine.bots import RandomBot
from engine.core import IllegalMove
from sumer_widgets.base import BoardWidget
from sumer_widgets.mesopotamia.board import MesopotamiaBoard
from sumer_widgets.priest_kings.board import CampaignMap
from sumer_widgets.royal_ur.board import RoyalUrBoard
from sumer_widgets.sumeria.board import SumeriaBoard
from sumer_widgets.tigris.board import TigrisBoard
from tests.fuzzing import TRICKY_TEXT, check_reason, deep, fuzz, garbage, mutated, rule_ids


def reviewed(board):
    """`board` after a game played at random against its bot, reviewed, with its first key
    moment open as a puzzle when the review has one: the review's intents meet a review."""
    picker = RandomBot(seed=9)
    game = board.game
    while not game.is_over and len(game.moves) < 400:
        if game.to_move in board.bots:
            board.bot_move()
        else:
            board.play(picker.choose(game.state))
    board.review()
    if board.review_panel["moments"]:
        board.send_intent({"intent": "review_moment", "moment": 0})
    return board


BOARDS = {
    "sumeria": lambda: SumeriaBoard(sumeria.new_game(3, seed=2), bots={2: RandomBot(seed=1)}),
    "sumeria-nl": lambda: SumeriaBoard(sumeria.new_game(4, seed=5), bots={1: RandomBot(seed=2)},
                                       lang="nl", autoplay=False),
    "sumeria-explorer": lambda: SumeriaBoard(traders={"kish.city": 0, "ur.town1": 2}),
    "tigris": lambda: TigrisBoard(tigris.new_game(2, seed=3), bots={1: RandomBot(seed=1)}),
    "mesopotamia": lambda: MesopotamiaBoard(mesopotamia.new_game(2, seed=3),
                                            bots={1: RandomBot(seed=1)}),
    "priest_kings": lambda: CampaignMap(priest_kings.new_game(seed=4),
                                        bots={p: RandomBot(seed=p) for p in (1, 2, 3)}),
    "priest_kings-explorer": lambda: CampaignMap(),
    "royal_ur": lambda: RoyalUrBoard(royal_ur.new_game(seed=4), bots={1: RandomBot(seed=1)}),
    "royal_ur-nl": lambda: RoyalUrBoard(royal_ur.new_game(seed=6, pieces=3, throws="either"),
                                        bots={1: RandomBot(seed=2)}, lang="nl",
                                        autoplay=False, chances=True),
    "royal_ur-review": lambda: reviewed(RoyalUrBoard(royal_ur.new_game(seed=3, pieces=3),
                                                     bots={1: RandomBot(seed=2)},
                                                     why_bots=True)),
}

PLACES = ("d2", "c1", "pool-light", "pool-dark", "off-dark",
          "kish.city", "ur.town1", "larsa.village2", "nippur.town3", "kish.village1", "-1,0",
          "0,0", "1,-1", "-2,1", "-1,1", "a1", "f3", "kish", "uruk", "lagash", "ur")
#: Natives as the Mesopotamia board names them, owners out of range included.
natives = st.builds("{}|{}|{}".format, st.sampled_from(["-1,0", "-1,1", "0,0", "1,1", "9,9"]),
                    st.sampled_from(["0", "1", "7", "-1", "²", "1" * 40]),
                    st.sampled_from([".", "L", "M4", "m?", "!"]))
CITIES = ("kish", "uruk", "lagash", "ur", "babylon", None)

odd = st.one_of(garbage, st.sampled_from(TRICKY_TEXT))
#: What each key of a message holds: mostly the kind of value the board reads there.
VALUES = {
    "location": st.one_of(st.sampled_from(PLACES), odd),
    "origin": st.one_of(st.sampled_from(PLACES), odd),
    "destination": st.one_of(st.sampled_from(PLACES), odd),
    "field": st.one_of(st.sampled_from(PLACES), odd),
    "native": st.one_of(natives, odd),
    "player": st.one_of(st.integers(-2, 5), odd),
    "value": st.one_of(st.booleans(), st.integers(-2, 5), odd),
    "city": st.one_of(st.sampled_from(CITIES), odd),
    "lord": st.one_of(st.sampled_from(CITIES), odd),
    "place": st.one_of(st.sampled_from(PLACES), odd),
    "moment": st.one_of(st.integers(-2, 4), odd),
}


def snapshot(board):
    """What a refused message must leave as it was."""
    game = board.game
    game_part = (game.to_json(), len(game.history)) if game is not None else None
    return (game_part, dict(getattr(board, "_traders", {})), getattr(board, "_lords", None),
            board.review_panel, board._main_game.to_json() if board._main_game else None)


@st.composite
def messages(draw, board):
    """One message for `board`, as the page might send it or as someone might forge it."""
    names = sorted(board.intents())
    intent = draw(st.sampled_from(names * 4 + ["", "PLAY", "format-disk", None, 3, ["play"]]))
    game = board.game
    plies = len(game.moves) if game is not None else 0
    legal = [m.to_dict() for m in game.legal_moves()[:60]] if game is not None and (
        not game.is_over) else []
    content = {"intent": intent}
    if legal:
        content["move"] = draw(st.one_of(st.sampled_from(legal),
                                         st.sampled_from(legal).flatmap(mutated), garbage))
    content["ply"] = draw(st.one_of(st.just(plies), st.sampled_from([plies - 1, plies + 1,
                                                                     float(plies), True]),
                                    garbage))
    for key, values in VALUES.items():
        if draw(st.sampled_from([True, True, False])):
            content[key] = draw(values)
    shape = draw(st.sampled_from(["content"] * 8 + ["intent only", "garbage"]))
    return content if shape == "content" else {"intent": intent} if shape == "intent only" else (
        draw(garbage))


class Replayed:
    """Draws a hunt's failing example again for `st.data()`: the same values, in order, and
    again from the first for the next board (each run draws them all)."""

    def __init__(self, *values):
        self.values = itertools.cycle(values)

    def draw(self, _strategy):
        return next(self.values)


def deep_move_example():
    """Found by ``HYPOTHESIS_PROFILE=thorough`` (seed 202579505385298813517946761323724095509):
    a play intent whose move is a list nested 251 deep escaped the royal_ur board as a
    RecursionError, before the check that walks a message was bounded."""
    return Replayed(1, {"intent": "play", "ply": 0, "move": deep(251)}, False, 5)


@pytest.mark.parametrize("kind", sorted(BOARDS))
@fuzz(0.5)
@given(data=st.data())
@example(data=deep_move_example())
def test_forged_messages(kind, data):
    board = BOARDS[kind]()
    with mock.patch.object(BoardWidget, "STRICT", True):
        for _ in range(data.draw(st.integers(1, 8))):
            before = snapshot(board)
            board._on_msg(board, data.draw(messages(board)), [])
            refusal = board._last_refusal
            if refusal is not None:
                check_reason(refusal)
                assert board.error == refusal.describe(board.lang)
                assert board.error_rule == (refusal.rule or "")
                assert snapshot(board) == before, f"refused, yet changed: {board.error}"
                if isinstance(refusal, IllegalMove):
                    assert board.error_rule in rule_ids()
            else:
                assert board.error == "" and board.error_rule == ""
            if data.draw(st.booleans()):
                board.ply = data.draw(st.integers(-3, len(board.game.moves) + 3)
                                      if board.game is not None else st.integers(-3, 3))
            if data.draw(st.integers(0, 9)) == 0:
                board.lang = data.draw(st.sampled_from(["en", "nl", "fr", ""]))


@pytest.mark.parametrize("kind", sorted(BOARDS))
@pytest.mark.parametrize("message", [
    {"intent": "play", "ply": 0, "move": {"kind": ["go"]}},
    {"intent": "play", "ply": 0, "move": {"kind": {"a": 1}}},
    {"intent": "play", "ply": 0.0, "move": {"kind": "end"}},
    {"intent": ["play"]},
    {"intent": "resume", "ply": "²"},
    "hello",
    None,
])
def test_known_forgeries_are_refused(kind, message):
    board = BOARDS[kind]()
    before = snapshot(board)
    with mock.patch.object(BoardWidget, "STRICT", True):
        board._on_msg(board, message, [])
    assert snapshot(board) == before
    if message is None or message == "hello" or message.get("intent") != "resume":
        assert board.error and board._last_refusal is not None


@pytest.mark.parametrize("native", ["-1,0|7|.", "-1,0|-1|.", "-1,0|²|.", "-1,0|" + "1" * 40 + "|."])
def test_mesopotamia_explains_only_natives_of_players(native):
    board = BOARDS["mesopotamia"]()
    with mock.patch.object(BoardWidget, "STRICT", True):
        board._on_msg(board, {"intent": "explain", "native": native}, [])
    assert "an owner 0 to 1" in board.error


def test_the_last_resort_shows_a_bug_and_strict_raises_it():
    board = BOARDS["sumeria"]()

    def broken(content):
        raise KeyError("oops")

    with mock.patch.object(type(board), "intents", lambda self: {"broken": broken}):
        board._on_msg(board, {"intent": "broken"}, [])
        assert "could not do that (KeyError" in board.error and board.error_rule == ""
        with mock.patch.object(BoardWidget, "STRICT", True), pytest.raises(KeyError):
            board._on_msg(board, {"intent": "broken"}, [])


def nested_on_a_deep_stack(depth, call):
    """Run `call` with about `depth` frames of Python already on the stack, as a message that
    arrives inside a deep stack (hypothesis's own, a notebook's) would."""
    if depth <= 0:
        return call()
    return nested_on_a_deep_stack(depth - 1, call)


@pytest.mark.parametrize("kind", sorted(BOARDS))
@pytest.mark.parametrize("shape", ["list", "object"])
def test_messages_nested_past_the_recursion_limit_are_refused_from_a_deep_stack(kind, shape):
    """Nested deeper than Python's recursion limit, each part of a message that a board reads —
    the whole message, the move, every other value — is refused as malformed, whatever the
    stack it arrives on, and the game is unchanged."""
    import sys

    board = BOARDS[kind]()
    too_deep = deep(sys.getrecursionlimit() + 500, shape)
    game = board.game
    legal = game.legal_moves()[0].to_dict() if game is not None and not game.is_over else {}
    forgeries = [too_deep, {"intent": "play", "ply": 0, "move": too_deep},
                 {"intent": "play", "ply": 0, "move": {**legal, "extra": too_deep}},
                 *({"intent": intent, **{key: too_deep for key in VALUES}}
                   for intent in sorted(board.intents()))]
    with mock.patch.object(BoardWidget, "STRICT", True):
        for forged in forgeries:
            before = snapshot(board)
            nested_on_a_deep_stack(sys.getrecursionlimit() - 200,
                                   lambda forged=forged: board._on_msg(board, forged, []))
            assert snapshot(board) == before
            assert "65+" in board.error and board._last_refusal.describe("en").endswith(
                "at most 64 levels are allowed"), board.error


def test_a_message_with_too_many_values_is_refused():
    board = BOARDS["sumeria"]()
    before = snapshot(board)
    with mock.patch.object(BoardWidget, "STRICT", True):
        board._on_msg(board, {"intent": "play", "ply": 0, "move": [0] * 200_000}, [])
    assert snapshot(board) == before
    assert "more than 100,000 values" in board.error
