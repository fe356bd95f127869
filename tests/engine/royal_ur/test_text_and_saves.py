"""The text form (``str(state)`` read back by `position`), keyword positions, and save files."""

from __future__ import annotations

import json
import random

import pytest

from engine import royal_ur as ur
from engine.core import Game, InvalidInput

VARIANTS = ({}, {"rules": "masters"}, {"rules": "blitz", "throws": "either"},
            {"path": "murray", "pieces": 5}, {"pieces": 3, "throws": "recorded"})


def random_states(options, seed, plies=400):
    state = ur.new_state(seed=seed, **options)
    rng = random.Random(seed)
    out = [state]
    while not state.is_over and len(out) < plies:
        moves = ur.legal_moves(state)
        state, _ = ur.apply(state, moves[rng.randrange(len(moves))])
        out.append(state)
    return out


@pytest.mark.parametrize("options", VARIANTS)
def test_the_text_form_reads_back_exactly(options):
    for state in random_states(options, 3)[::7]:
        assert ur.position(str(state)) == state
        view = state.view(0)
        assert ur.position(str(view)) == view and "seed hidden" in str(view)


def test_a_position_written_by_hand():
    state = ur.position("""
        Royal Game of Ur: light to move 2
             a b c d e f g h
          3  * . . .     * .
          2  . L . * D . . .
          1  * . . .     * L
        light  off 1
        turn light move 2   # a comment
    """)
    assert state.squares == ((6, 13), (9,)) and state.off == (1, 0)
    assert state.throw == 2 and state.to_move == ur.LIGHT and state.seed == 0
    assert ur.position("dark squares 5\nturn dark throw", seed=4).squares == ((), (5,))


@pytest.mark.parametrize(("text", "message"), [
    ("2  . . . * . . .", "8 squares, not 7"),
    ("1  * . . . . . * .", "columns e and f are the gap"),
    ("3  * . . X     * .", "is not '.', '\\*', 'L' or 'D'"),
    ("3  * . . L     * .", "d3 is not on light's path"),
    ("light squares 3\n1  * . . .     * .", "disagree"),
    ("light squares 3 3", "ascending, each once"),
    ("light waiting 3", "not 3"),
    ("light squares 15", "on its path"),
    ("light squares 5\ndark squares 5", "a square holds one piece"),
    ("turn light move 5", "pending throw"),
    ("turn nobody throw", "turn light throw"),
    ("seed 4 throws", "throws N"),
    ("options pieces=9", "pieces must be"),
    ("options colour=red", "unknown Royal Game of Ur option"),
    ("bishop e4", "unknown line"),
    ("4 . .", "rows 1 to 3"),
    ("light off 7\nturn light throw", "game is over"),
])
def test_inconsistent_text_is_refused_by_name(text, message):
    with pytest.raises(InvalidInput, match=message):
        ur.position(text)


def test_keyword_positions():
    state = ur.position(light=["a1", 9], dark=[5], off={"dark": 2}, to_move="dark", throw=3)
    assert state.squares == ((4, 9), (5,)) and state.off == (0, 2) and state.to_move == ur.DARK
    assert ur.position(off=(7, 2)).is_over
    for kwargs, message in [({"light": [5], "dark": [5]}, "one piece"),
                            ({"light": [1, 2, 3, 4, 5, 6, 7, 8]}, "more than its 7"),
                            ({"to_move": "blue"}, "'light' or 'dark'"),
                            ({"light": "d2"}, "list of square"),
                            ({"dark": ["d1"]}, "not on dark's path"),
                            ({"off": (1,)}, "off is"),
                            ({"throw": 7}, "pending throw")]:
        with pytest.raises(InvalidInput, match=message):
            ur.position(**kwargs)
    with pytest.raises(InvalidInput, match="not both"):
        ur.position("turn light throw", throw=2)


@pytest.mark.parametrize("options", VARIANTS)
def test_games_save_and_load_as_json(options):
    game = ur.new_game(seed=8, **options)
    rng = random.Random(8)
    while not game.is_over and len(game.moves) < 120:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    text = game.to_json()
    for loaded in (ur.Game.from_json(text), Game.from_json(text)):
        assert loaded.history == game.history and loaded.to_json() == text
    for state in game.history[::9]:
        assert ur.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_undo_and_a_view_game():
    game = ur.new_game(seed=2)
    game.play("throw")
    game.undo()
    assert game.state == ur.new_state(seed=2)
    with pytest.raises(InvalidInput, match="view"):
        ur.Game(game.state.view(0))


@pytest.mark.parametrize(("change", "message"), [
    ({"squares": {"light": [0], "dark": []}}, "on its path"),
    ({"off": {"light": 8, "dark": 0}}, "borne off"),
    ({"to_move": "blue"}, "'light' or 'dark'"),
    ({"throw": "2"}, "throw must be"),
    ({"throws": -1}, "throws"),
    ({"seed": -3}, "seed"),
    ({"extra": 1}, "unknown field"),
])
def test_bad_state_data_is_refused(change, message):
    data = ur.new_state(seed=1).to_dict()
    data.update(change)
    with pytest.raises(InvalidInput, match=message):
        ur.state_from_dict(data)
