"""No English reaches a Sumeria board set to Dutch: refusals, status, log, picture and words.

The board is driven through whole games — legal moves, refused moves of every kind, forged
messages, bots, undo and the history slider — and everything a learner can read is checked
after every step:

- every refusal shown has a Dutch wording of its own (a `Message` with Dutch text), so even a
  sentence the word list would miss cannot slip through as English;
- no shown text holds an English word a Dutch sentence never uses (``the``, ``cannot``,
  ``occupied``, ``trader``, ``player``, ...). Quoted code — a location id such as
  ``'kish.town1'`` or a move kind such as ``'add'`` — is notation, not language, and is set
  aside; so are the board's CSS and element ids.
"""

from __future__ import annotations

import html
import random
import re
from unittest import mock

import pytest

from engine import sumeria
from engine.bots import RandomBot
from engine.sumeria import MoveTrader, Remove
from sumer_widgets.base import BoardWidget
from sumer_widgets.sumeria.board import SumeriaBoard

#: English words no Dutch sentence of the board uses (Dutch homographs such as "in", "is",
#: "over", "of", "bot", "reserve", "markers" and "scores" are left out on purpose).
_WORDS = """
    the a an and or not no to on at from with by for be been it its this that these there
    their your you they he she which who what when where while than then also only each every
    all any some none cannot can must may should would will has have had was were are isn't
    player players trader traders location locations occupied empty city cities town towns
    village villages round rounds turn turns tile tiles setup scoring score points pts game
    move moves moving add adding remove removing place placing take taking reach reached
    blue orange green purple economy military political religion refused undo board
    position click again page message intent unknown nothing already already twice choose
    first second third row influence city-state city-states controller
    discarded drawn begins plays
"""
ENGLISH = frozenset(_WORDS.split())
WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
QUOTED_CODE = re.compile(r"'[^'\s]*'")


def english_in(text: str) -> set[str]:
    return {w for w in WORD.findall(QUOTED_CODE.sub(" ", text)) if w.lower() in ENGLISH}


def svg_text(svg: str) -> str:
    """What the picture says: its text, titles and description (not its CSS or ids)."""
    svg = re.sub(r"<style>.*?</style>", " ", svg, flags=re.S)
    labels = re.findall(r'aria-label="([^"]*)"', svg)
    return html.unescape(" ".join(re.findall(r">([^<>]+)<", svg) + labels))


def shown_texts(board: SumeriaBoard) -> dict[str, str]:
    choices = board.choices
    labels = [t.get("label", "") for t in choices.get("take", [])] + choices.get("names", [])
    labels += list(choices.get("add_names", {}).values())
    tools = board.tools
    toolbar = [tools.get("bot") or "", tools.get("level_mixed", "")]
    toolbar += [label for _, label in tools.get("levels", [])]
    # A word's {placeholder} is filled with a Dutch name on the page.
    words = re.sub(r"\{\w+\}", " ", " | ".join(board.words.values()))
    return {"error": board.error, "status": board.status,
            "log": " | ".join(line["text"] for line in board.log),
            "svg": svg_text(board.svg), "words": words,
            "choices": " | ".join(labels), "toolbar": " | ".join(toolbar)}


class Checked:
    """Sends messages to a Dutch board and checks what it then shows."""

    def __init__(self, board: SumeriaBoard):
        assert board.lang == "nl"
        self.board = board
        self.refusals: set[str] = set()

    def send(self, message) -> None:
        with mock.patch.object(BoardWidget, "STRICT", True):
            self.board._on_msg(self.board, message, [])
        self.check()

    def check(self) -> None:
        refusal = self.board._last_refusal
        if refusal is not None:
            assert refusal.message is not None, f"a refusal with no Dutch: {refusal.reason}"
            assert self.board.error == refusal.describe("nl") != refusal.describe("en")
            self.refusals.add(refusal.message.key)
        for where, text in shown_texts(self.board).items():
            found = english_in(text)
            assert not found, f"English {sorted(found)} in the Dutch board's {where}: {text!r}"

    def play(self, move) -> None:
        self.send({"intent": "play", "ply": len(self.board.game.moves), "move": move.to_dict()})


def illegal_moves(state) -> list:
    """Moves of every kind that the rules refuse here, each for another reason."""
    board = state.board
    locs = [loc.id for loc in board.locations]
    legal = set(sumeria.legal_moves(state))
    own = set(state.traders_of(state.to_move)) if state.to_move is not None else set()
    others = sorted(state.occupied - own)
    empty = sorted(set(locs) - state.occupied)
    candidates = [sumeria.Place(o) for o in others[:2]] + [sumeria.Add(o) for o in others[:2]]
    candidates += [sumeria.Add(empty[0])] if empty else []
    candidates += [Remove(o) for o in others[:2]] + [Remove(e) for e in empty[:1]]
    candidates += [MoveTrader(o, e) for o in others[:1] for e in empty[:1]]
    candidates += [MoveTrader(e, o) for e in empty[:1] for o in others[:1]]
    candidates += [MoveTrader(t, t) for t in sorted(own)[:1]]
    candidates += [MoveTrader(t, e) for t in sorted(own)[:2] for e in empty[-3:]]
    candidates += [sumeria.TakeTiles(t) for t in ("E", "M", "PR", "EE", "RRR")]
    return [m for m in candidates if m not in legal]


FORGED = [
    "hallo", None, {"intent": 3}, {"intent": "format-disk"}, {"intent": "PLAY"},
    {"intent": "play"}, {"intent": "play", "ply": -1, "move": {"kind": "add"}},
    {"intent": "bot"}, {"intent": "place", "location": "kish.city"},
    {"intent": "remove", "location": "kish.city"}, {"intent": "brush", "player": 9},
    {"intent": "clear"},
]


def forged_moves(ply: int) -> list:
    moves = [{"kind": ["add"]}, {"kind": "add"}, {"kind": "add", "location": 3},
             {"kind": "add", "location": "atlantis"}, {"kind": "take", "tiles": "XY"},
             {"kind": "move", "origin": "kish.city"}, {"kind": "add", "location": "kish.city",
                                                       "colour": "red"}, [], "add kish.city"]
    return [{"intent": "play", "ply": ply, "move": m} for m in moves]


@pytest.mark.parametrize("players, seed", [(3, 4), (4, 9)])
def test_no_english_reaches_a_dutch_board_in_a_whole_game(players, seed):
    rng = random.Random(seed)
    board = SumeriaBoard(sumeria.new_game(players, seed=seed), lang="nl",
                         bots={players - 1: RandomBot(seed=seed)})
    checked = Checked(board)
    checked.check()
    steps = 0
    while not board.game.is_over and steps < 400:
        steps += 1
        state = board.game.state
        if steps % 7 == 0:
            for move in illegal_moves(state):
                checked.play(move)
        if steps % 23 == 0:
            for message in FORGED + forged_moves(len(board.game.moves)):
                checked.send(message)
            checked.send({"intent": "undo"})
            if board.game.moves:
                board.ply = 0
                checked.check()
                board.ply = len(board.game.moves)
                checked.check()
            board.ply = len(board.game.moves) + 5
            checked.check()
        if board.game.is_over:
            break
        if board.game.to_move in board.bots:
            checked.send({"intent": "bot"})
            continue
        moves = board.game.legal_moves()
        checked.play(moves[rng.randrange(len(moves))])
    assert board.game.is_over, "the game is played to its end"
    checked.play(sumeria.Place("kish.city"))
    checked.send({"intent": "undo"})
    expected = {"over", "wrong_phase", "occupied", "remove_other", "remove_empty", "move_empty",
                "move_other", "same_place", "unknown_intent", "no_intent", "stale",
                "move_not_object", "unknown_kind", "wrong_type", "unknown_location",
                "plays_a_game", "no_position"}
    assert expected <= checked.refusals, f"never refused: {sorted(expected - checked.refusals)}"


def test_every_sumeria_refusal_is_told_in_dutch():
    """Positions that reach the refusals a random game rarely does."""
    full = {loc.id: p for p, loc in zip([0] * 10 + [1] * 10 + [2] * 10 + [3] * 10,
                                        sumeria.Board.standard().locations)}
    board = SumeriaBoard(sumeria.Game(sumeria.position(4, full)), lang="nl")
    checked = Checked(board)
    checked.play(sumeria.Add("uruk.village3"))
    refused = set(checked.refusals)
    for state in (sumeria.position(3, {"kish.city": 0, "ur.town1": 1}),):
        checked = Checked(SumeriaBoard(sumeria.Game(state), lang="nl"))
        for move in [*illegal_moves(state), MoveTrader("kish.city", "ur.city")]:
            checked.play(move)
        refused |= checked.refusals
    # ("stuck", a trader with nowhere to go, needs more traders than a game has near it: the
    # word-list test below reads its Dutch.)
    assert {"no_reserve", "unreachable", "same_place"} <= refused


def test_the_dutch_explorer():
    board = SumeriaBoard(traders={"kish.city": 0, "ur.town1": 1}, lang="nl")
    checked = Checked(board)
    for message in [{"intent": "place", "location": "kish.city"},
                    {"intent": "place", "location": "larsa.town2", "player": 7},
                    {"intent": "remove", "location": "larsa.town2"},
                    {"intent": "move", "origin": "larsa.town2", "destination": "ur.city"},
                    {"intent": "move", "origin": "kish.city", "destination": "uruk.city"},
                    {"intent": "place", "location": "atlantis"},
                    {"intent": "brush", "player": "²"},
                    {"intent": "place", "location": "larsa.town2", "player": 2},
                    {"intent": "move", "origin": "kish.city", "destination": "kish.town1"},
                    {"intent": "play", "ply": 0, "move": {"kind": "add"}},
                    {"intent": "undo"}, {"intent": "bot"}, {"intent": "clear"}]:
        checked.send(message)
    assert {"occupied", "bad_player", "no_trader", "unreachable", "unknown_location",
            "no_game_to_play", "no_game_to_undo", "no_bot"} <= checked.refusals


def test_the_word_list_catches_english():
    """The check itself: English sentences of the board are caught, Dutch ones are not."""
    english = sumeria.refusals.TEXT["en"]
    dutch = sumeria.refusals.TEXT["nl"]
    for key, text in english.items():
        assert english_in(text.format(where="Kish city", owner="Orange", player="Blue",
                                      origin="Ur town 1", destination="Ur city", reach="x",
                                      tiles="EM", size=2, offered="EMP", rank="1st",
                                      choices="EM", action="adding a trader", hint="")), key
    for key, text in dutch.items():
        assert not english_in(text.format(where="Kish hoofdstad", owner="Oranje",
                                          player="Blauw", origin="Ur stad 1",
                                          destination="Ur hoofdstad", reach="Ur dorp 1",
                                          tiles="EM", size=2, offered="EMP", rank="eerste",
                                          choices="EM", action="", hint="")), key


@pytest.mark.rules("S-SETUP-7")
def test_a_refusal_in_dutch_names_its_rule():
    state = sumeria.position(3, {"larsa.city": 1})
    board = SumeriaBoard(sumeria.Game(state), lang="nl")
    board._on_msg(board, {"intent": "play", "ply": 0,
                          "move": {"kind": "add", "location": "larsa.city"}}, [])
    assert board.error == ("Larsa hoofdstad is al bezet door Oranje: op elke plaats staat maar "
                           "één handelaar")
    assert board.error_rule == "S-SETUP-7"
    board.lang = "en"
    assert board.error == "Larsa city is occupied by Orange: each location holds a single trader"
    board._on_msg(board, {"intent": "undo"}, [])
    assert board.error_rule == "" and board.error.startswith("there is no move to undo")
