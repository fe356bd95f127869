"""The Sumeria state: an immutable value holding only what changes during a game.

Covers "Setup" of the rule text: the traders on the board and in reserve, the row of
city-state tiles, the influence tiles (bag, the six offered above the three leading city-states,
the discard and each player's tiles), the round and turn track, and the first player. The pieces
themselves ("Game Materials") are in `pieces`; `saves.state_from_dict` reads a state back.

The board is shared, static data: a state refers to it and never copies it. Players are numbered
0, 1, ... in seating order; "to the left" of a player is the next number (clockwise play).
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import InvalidInput, RulesetOptions, is_int, shown
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
from engine.sumeria.scoring import SCORING_TABLES, final_winners, score_counts
from engine.sumeria.text import render_text

OFFER_SIZES = (3, 2, 1)  # tiles above the 1st, 2nd and 3rd city-state
ROUNDS = 6
TURNS_PER_ROUND = 3
INITIAL_TRADERS = {3: 8, 4: 5}  # traders placed during setup
#: The most traders a house rule may give a player, and the most points one count of tiles
#: may score (far beyond any board or table a designer tries).
MAX_TRADERS = 64
MAX_POINTS = 10_000
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
    """The choices where the rule texts disagree (docs/rulings.md), and the house rules: the
    rule text's numbers and tables a designer may vary (docs/rules/sumeria.md, S-OPT-…).

    Attributes:
        tiebreak: the second control tie-break after the city: ``"towns"`` (the English text,
            default) or ``"villages"`` (the Dutch translation).
        traders: each player's traders; None for the rule text's (14 with 3 players, 10 with
            4: `traders_for`).
        setup_traders: the traders each player places during setup; None for the rule
            text's (8 with 3 players, 5 with 4: `setup_for`); 0 skips the setup.
        scoring: the points for 0 to 9 tiles of one type: ``"triangle"`` (the rule text:
            0, 1, 3, 6, … 45), ``"linear"`` (0, 1, 2, … 9) or a list of ten whole numbers.
        offer: the tiles drawn each round above the 1st, 2nd and 3rd city-state (3, 2, 1).
            The controller of a scored city-state chooses all its tiles but one (its only
            tile, if it has one), and the player in second place gets the rest.
        rounds: the rounds of a game (6); at most as many as the 36 tiles can supply.
    """

    HOUSE_RULES: ClassVar[tuple[str, ...]] = (
        "traders", "setup_traders", "scoring", "offer", "rounds")

    tiebreak: str = "towns"
    traders: int | None = None
    setup_traders: int | None = None
    scoring: str | tuple[int, ...] = "triangle"
    offer: tuple[int, ...] = OFFER_SIZES
    rounds: int = ROUNDS

    def __post_init__(self) -> None:
        if self.tiebreak not in TIEBREAKS:
            raise InvalidInput(f"tiebreak must be one of {', '.join(map(repr, TIEBREAKS))}, "
                               f"not {shown(self.tiebreak)}")
        for name, least in (("traders", 1), ("setup_traders", 0)):
            value = getattr(self, name)
            if value is not None and (not is_int(value) or not least <= value <= MAX_TRADERS):
                raise InvalidInput(f"{name} must be a whole number from {least} to "
                                   f"{MAX_TRADERS}, or None for the rule text's, "
                                   f"not {shown(value)}")
        if (self.traders is not None and self.setup_traders is not None
                and self.setup_traders > self.traders):
            raise InvalidInput(f"setup_traders ({self.setup_traders}) cannot exceed traders "
                               f"({self.traders}): a player places traders from their own")
        scoring = self.scoring
        if isinstance(scoring, list):
            scoring = tuple(scoring)
            object.__setattr__(self, "scoring", scoring)
        if isinstance(scoring, str):
            if scoring not in SCORING_TABLES:
                raise InvalidInput(f"scoring must be one of "
                                   f"{', '.join(map(repr, SCORING_TABLES))} or a list of "
                                   f"{TILES_PER_TYPE + 1} whole numbers, not {shown(scoring)}")
        elif not (isinstance(scoring, tuple) and len(scoring) == TILES_PER_TYPE + 1
                  and all(is_int(v) and 0 <= v <= MAX_POINTS for v in scoring)):
            raise InvalidInput(f"scoring must be {' or '.join(map(repr, SCORING_TABLES))}, or "
                               f"a list of {TILES_PER_TYPE + 1} whole numbers from 0 to "
                               f"{MAX_POINTS} (the points for 0 to {TILES_PER_TYPE} tiles of "
                               f"a type), not {shown(self.scoring)}")
        offer = self.offer
        if isinstance(offer, list):
            offer = tuple(offer)
            object.__setattr__(self, "offer", offer)
        if not (isinstance(offer, tuple) and len(offer) == len(OFFER_SIZES)
                and all(is_int(k) and 0 <= k <= TILES_PER_TYPE for k in offer)
                and sum(offer) > 0):
            raise InvalidInput(f"offer must be three whole numbers from 0 to {TILES_PER_TYPE}, "
                               "the tiles drawn each round above the 1st, 2nd and 3rd "
                               f"city-state (not all 0), not {shown(self.offer)}")
        most = len(TILES) * TILES_PER_TYPE // sum(offer)
        if not is_int(self.rounds) or not 1 <= self.rounds <= most:
            raise InvalidInput(f"rounds must be a whole number from 1 to {most} (the "
                               f"{len(TILES) * TILES_PER_TYPE} tiles give {sum(offer)} a "
                               f"round), not {shown(self.rounds)}")

    def traders_for(self, players: int) -> int:
        """Each player's traders with `players` at the table."""
        return TRADERS[players] if self.traders is None else self.traders

    def setup_for(self, players: int) -> int:
        """The traders each player places during setup with `players` at the table."""
        return INITIAL_TRADERS[players] if self.setup_traders is None else self.setup_traders

    @property
    def points(self) -> tuple[int, ...]:
        """The scoring table: points for 0 to 9 tiles of one type."""
        scoring = self.scoring
        return SCORING_TABLES[scoring] if isinstance(scoring, str) else scoring

    @property
    def takes(self) -> tuple[int, ...]:
        """How many tiles the controller of the 1st, 2nd and 3rd city-state chooses."""
        return _takes(self.offer)  # type: ignore[arg-type]


@functools.lru_cache(maxsize=64)
def _takes(offer: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(max(k - 1, 1) if k else 0 for k in offer)


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
        table = self.options.points
        return tuple(score_counts(counts, table) for counts in self.influence)

    def winners(self) -> frozenset[int]:
        """The players sharing the win once the game is over; empty before."""
        if not self.is_over:
            return frozenset()
        return final_winners(self.influence, self.options.points)

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


