"""The Sumeria state: an immutable value holding only what changes during a game.

Covers "Setup" of the rule text: the traders on the board and in reserve, the row of
city-state tiles, the influence tiles (bag, the six offered above the three leading city-states,
the discard and each player's tiles), the round and turn track, and the first player. The pieces
themselves ("Game Materials") are in `pieces`; `saves.state_from_dict` reads a state back.

The board is shared, static data: a state refers to it and never copies it. Players are numbered
0, 1, ... in seating order; "to the left" of a player is the next number (clockwise play).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import InvalidInput, RulesetOptions, shown
from engine.quick import evolver
from engine.sumeria.board import Board

# The pieces have a module of their own, below the scoring and the text form used here; they
# are read from this module too, as they always were (``engine.sumeria.state.TILES``).
from engine.sumeria.pieces import (  # noqa: F401
    LETTER_OF,
    PLAYER_NAMES,
    TILE_NAMES,
    TILES,
    TILES_PER_TYPE,
    TRADERS,
    player_name,
)
from engine.sumeria.scoring import final_winners, score_counts
from engine.sumeria.text import render_text

OFFER_SIZES = (3, 2, 1)  # tiles above the 1st, 2nd and 3rd city-state
ROUNDS = 6
TURNS_PER_ROUND = 3
INITIAL_TRADERS = {3: 8, 4: 5}  # traders placed during setup
TIEBREAKS = ("towns", "villages")  # English text / Dutch translation (docs/rulings.md R-S1)

PHASES = ("placement", "turns", "scoring", "over")

_SUMMARY = {
    "en": {"over": "game over, scores [{scores}]", "placement": "setup", "turns": "turn {turn}",
           "scoring": "scoring", "line": "round {round}, {where}, {who} to move"},
    "nl": {"over": "het spel is afgelopen, punten: {scores}", "placement": "spelvoorbereiding",
           "turns": "beurt {turn}", "scoring": "de ronde wordt gescoord",
           "line": "ronde {round}, {where}, {who} is aan zet"},
}


@dataclass(frozen=True, slots=True)
class Options(RulesetOptions):
    """The choices where the rule texts disagree (docs/rulings.md).

    Attributes:
        tiebreak: the second control tie-break after the city: ``"towns"`` (the English text,
            default) or ``"villages"`` (the Dutch translation).
    """

    tiebreak: str = "towns"

    def __post_init__(self) -> None:
        if self.tiebreak not in TIEBREAKS:
            raise InvalidInput(f"tiebreak must be one of {', '.join(map(repr, TIEBREAKS))}, "
                               f"not {shown(self.tiebreak)}")


@dataclass(frozen=True, slots=True)
class State:
    """A Sumeria position. Build one with `new_state`; change it only through `apply`.

    Attributes:
        board: the board (shared, never copied).
        options: the `Options` in force.
        players: 3 or 4.
        seed: the seed the game was set up from (None in a player's view).
        phase: ``"placement"`` (setup), ``"turns"``, ``"scoring"`` (a controller chooses
            influence tiles) or ``"over"``.
        round: 1 to 6.
        step: actions taken so far in this phase of the round.
        first_player: who holds the first player pawn this round.
        to_move: who decides next (None when the game is over).
        traders: for each location (in `board.locations` order) its trader's owner, or -1.
        reserve: each player's traders off the board.
        row: the city-state tiles, most important first.
        offer: the influence tiles above the 1st, 2nd and 3rd city-state, as letters.
        bag: the tiles still in the bag, in the order they will be drawn.
        discard: tiles discarded so far.
        influence: each player's tiles as counts of (economy, military, political, religion).
        scoring: while scoring, the rank (0, 1, 2) of the city-state whose tiles are chosen.
    """

    RULESET: ClassVar[str] = "sumeria"

    board: Board
    options: Options
    players: int
    seed: int | None
    phase: str
    round: int
    step: int
    first_player: int
    to_move: int | None
    traders: tuple[int, ...]
    reserve: tuple[int, ...]
    row: tuple[str, ...]
    offer: tuple[str, str, str]
    bag: str
    discard: str
    influence: tuple[tuple[int, int, int, int], ...]
    scoring: int = 0

    # Reading the position -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def turn(self) -> int:
        """The turn marker: 1 to 3 during a round's turns."""
        if self.phase == "turns":
            return self.step // self.players + 1
        return TURNS_PER_ROUND if self.phase in ("scoring", "over") else 1

    @property
    def round_order(self) -> tuple[int, ...]:
        """The players in this round's order, starting with the first player."""
        return tuple((self.first_player + i) % self.players for i in range(self.players))

    def trader_at(self, loc_id: str) -> int | None:
        """The owner of the trader on `loc_id`, or None if it is empty."""
        owner = self.traders[self.board.index_of(loc_id)]
        return None if owner < 0 else owner

    @property
    def occupied(self) -> frozenset[str]:
        """Every location holding a trader."""
        locs = self.board.locations
        return frozenset(locs[i].id for i, o in enumerate(self.traders) if o >= 0)

    def traders_of(self, player: int) -> tuple[str, ...]:
        """The locations of `player`'s traders, in board order."""
        locs = self.board.locations
        return tuple(locs[i].id for i, o in enumerate(self.traders) if o == player)

    def count_in(self, cs_id: str) -> tuple[int, ...]:
        """How many traders each player has in a city-state."""
        counts = [0] * self.players
        for loc_id in self.board.locations_of(cs_id):
            owner = self.trader_at(loc_id)
            if owner is not None:
                counts[owner] += 1
        return tuple(counts)

    def rank_of(self, cs_id: str) -> int:
        """A city-state's place in the row: 1 is the most important."""
        self.board.city_state(cs_id)
        return self.row.index(cs_id) + 1

    def tiles_of(self, player: int) -> dict[str, int]:
        """A player's influence tiles by type name."""
        return {TILE_NAMES["en"][t]: n for t, n in zip(TILES, self.influence[player])}

    def scores(self) -> tuple[int, ...]:
        return tuple(score_counts(counts) for counts in self.influence)

    def winners(self) -> frozenset[int]:
        """The players sharing the win once the game is over; empty before."""
        if not self.is_over:
            return frozenset()
        return final_winners(self.influence)

    def view(self, player: int | None = None) -> State:
        """What `player` may see: everything but the order of the tiles in the bag.

        Every player may know which tiles remain (all 36 are public once drawn); only the
        draw order is hidden, so the view keeps the bag sorted — and drops the seed, from which
        the order could be worked out.
        """
        return _evolve(self, bag="".join(sorted(self.bag)), seed=None)

    def determinize(self, rng: random.Random) -> State:
        """A state consistent with this view, with the bag's order drawn from `rng`."""
        bag = list(self.bag)
        rng.shuffle(bag)
        return _evolve(self, bag="".join(bag))

    def summary(self, lang: str = "en") -> str:
        """One line on the position, in English or Dutch (``lang="nl"``)."""
        words = _SUMMARY.get(lang, _SUMMARY["en"])
        if self.is_over:
            return words["over"].format(scores=", ".join(map(str, self.scores())))
        who = player_name(self.to_move, lang) if self.to_move is not None else "-"
        where = words[self.phase].format(turn=self.turn)
        return words["line"].format(round=self.round, where=where, who=who)

    def __str__(self) -> str:
        return render_text(self)

    # Save files -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data; `saves.state_from_dict` reads it back (and checks it)."""
        locs = self.board.locations
        return {
            "ruleset": self.RULESET,
            "board": "standard" if self.board.is_standard else self.board.to_dict(),
            "options": self.options.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "phase": self.phase,
            "round": self.round,
            "step": self.step,
            "first_player": self.first_player,
            "to_move": self.to_move,
            "traders": {locs[i].id: o for i, o in enumerate(self.traders) if o >= 0},
            "reserve": list(self.reserve),
            "row": list(self.row),
            "offer": list(self.offer),
            "bag": self.bag,
            "discard": self.discard,
            "influence": [list(c) for c in self.influence],
            "scoring": self.scoring,
        }


#: A copy of a state with changes, for the rules' own transitions (no checks: `engine.quick`).
_evolve = evolver(State)


