"""The Royal Game of Ur's values as a learner reads them: sentences and small tables.

- `move_text`: a move as a sentence — "Light moves the piece on square 5" / "Licht zet het
  stuk op veld 5".
- `throw_table`: each throw of the four dice, the ways to make it of the 16 and its chance.
- `moves_table`: each possible move of a position with its chance of winning under perfect
  play, from the solved table (the question "was this the best move?").

Importing this module registers the moves' text forms with IPython (`display.register`);
`speak("nl")` makes them Dutch.

Limits: `moves_table` answers only where the game (or its endgame) is solved: the 3-piece
game, and the games of 1 and 2 pieces, solved on first use.
"""

from __future__ import annotations

from math import comb
from typing import Any

from engine import royal_ur
from engine.royal_ur import Enter, MovePiece, Pass, State, Throw
from engine.royal_ur.state import PLAYER_NAMES
from sumer_widgets import display
from sumer_widgets.display import Table, speak, spoken  # noqa: F401 (speak: for notebooks)
from sumer_widgets.royal_ur.picture import percent
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]


def move_text(move: Any, state: State | None = None, lang: str = "en") -> str:
    """`move` as a sentence, naming the player to move in `state` if given."""
    told = WORDS.get(lang, WORDS["en"])
    player = (PLAYER_NAMES[state.to_move].describe(lang)
              if state is not None and state.to_move is not None else told["someone"])
    if isinstance(move, Throw):
        return (told["throw"] if move.value is None else told["throw_typed"]).format(
            player=player, value=move.value)
    if isinstance(move, Enter):
        return told["enter"].format(player=player)
    if isinstance(move, MovePiece):
        return told["move"].format(player=player, square=move.square)
    return told["pass"].format(player=player)


def throw_table(lang: str = "en") -> Table:
    """The five throws of four dice: how many of the 16 equally likely ways give each."""
    head = {"en": ["throw", "ways (of 16)", "chance"], "nl": ["worp", "manieren (van 16)", "kans"]}
    rows = [[str(k), str(comb(4, k)), percent(comb(4, k) / 16)] for k in range(5)]
    return Table(head.get(lang, head["en"]), rows)


def moves_table(state: State, lang: str = "en") -> Table:
    """Each legal move of `state` (a throw pending) with its chance of winning, best first.

    Raises:
        InvalidInput: no throw is pending, or the game is not solved (no table answers it).
    """
    values = royal_ur.move_values(state)
    if values is None:
        raise royal_ur.InvalidInput("this game is not solved: no table gives its chances")
    told = WORDS.get(lang, WORDS["en"])
    rows = [[move_text(m, state, lang), percent(v)]
            for m, v in sorted(values.items(), key=lambda mv: -mv[1])]
    return Table([told["head_move"], told["head_chance"]], rows)


for _cls in (Throw, Enter, MovePiece, Pass):
    display.register(_cls, lambda move: move_text(move, None, spoken()))
