"""The Sumeria state: an immutable value holding only what changes during a game.

Covers "Game Materials" and "Setup" of the rule text: traders per player count, the row of
city-state tiles, the influence tiles (bag, the six offered above the three leading city-states,
the discard and each player's tiles), the round and turn track, and the first player.

The board is shared, static data: a state refers to it and never copies it. Players are numbered
0, 1, ... in seating order; "to the left" of a player is the next number (clockwise play).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import InvalidInput, RulesetOptions, check_keys, field, shown
from engine.quick import evolver
from engine.sumeria.board import Board

#: Influence tile types, by the letter used in notation and save files.
TILES = "EMPR"
TILE_NAMES = {
    "en": {"E": "economy", "M": "military", "P": "political", "R": "religion"},
    "nl": {"E": "economisch", "M": "militair", "P": "politiek", "R": "religieus"},
}
LETTER_OF = {name: letter for letter, name in TILE_NAMES["en"].items()}
TILES_PER_TYPE = 9
OFFER_SIZES = (3, 2, 1)  # tiles above the 1st, 2nd and 3rd city-state
ROUNDS = 6
TURNS_PER_ROUND = 3
TRADERS = {3: 14, 4: 10}  # "14 for a 3-player game, 10 for a 4-player game"
INITIAL_TRADERS = {3: 8, 4: 5}  # traders placed during setup
TIEBREAKS = ("towns", "villages")  # English text / Dutch translation (docs/rulings.md R-S1)

PLAYER_NAMES = {
    "en": ("Blue", "Orange", "Green", "Purple"),
    "nl": ("Blauw", "Oranje", "Groen", "Paars"),
}

PHASES = ("placement", "turns", "scoring", "over")

_SUMMARY = {
    "en": {"over": "game over, scores [{scores}]", "placement": "setup", "turns": "turn {turn}",
           "scoring": "scoring", "line": "round {round}, {where}, {who} to move"},
    "nl": {"over": "het spel is afgelopen, punten: {scores}", "placement": "spelvoorbereiding",
           "turns": "beurt {turn}", "scoring": "de ronde wordt gescoord",
           "line": "ronde {round}, {where}, {who} is aan zet"},
}


def player_name(player: int, lang: str = "en") -> str:
    return PLAYER_NAMES.get(lang, PLAYER_NAMES["en"])[player]


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
        from engine.sumeria.scoring import score_counts

        return tuple(score_counts(counts) for counts in self.influence)

    def winners(self) -> frozenset[int]:
        """The players sharing the win once the game is over; empty before."""
        if not self.is_over:
            return frozenset()
        from engine.sumeria.scoring import final_winners

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
        from engine.sumeria.text import render_text

        return render_text(self)

    # Save files -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data; `state_from_dict` reads it back (and checks it)."""
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


def state_from_dict(data: Any) -> State:
    """Read a state written by `State.to_dict`, checking every field and invariant.

    Raises:
        InvalidInput: naming the first field that is malformed or inconsistent.
    """
    from engine.sumeria.rules import check_state

    where = "sumeria state"
    if not isinstance(data, Mapping):
        raise InvalidInput(f"{where} must be an object")
    check_keys(data, ("ruleset", "board", "options", "players", "seed", "phase", "round", "step",
                      "first_player", "to_move", "traders", "reserve", "row", "offer", "bag",
                      "discard", "influence", "scoring"), where)
    if data.get("ruleset") != "sumeria":
        raise InvalidInput(f"{where}: ruleset is {shown(data.get('ruleset'))}, not 'sumeria'")
    board_data = data.get("board")
    board = Board.standard() if board_data == "standard" else Board.from_dict(board_data)
    players = field(data, "players", int, where)
    if players not in TRADERS:
        raise InvalidInput(f"{where}: players must be 3 or 4, not {players}")
    traders = [-1] * len(board.locations)
    for loc_id, owner in field(data, "traders", dict, where).items():
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < players:
            raise InvalidInput(f"{where}: trader on {shown(loc_id)} has bad owner {shown(owner)}")
        traders[board.index_of(loc_id)] = owner
    to_move = data.get("to_move")
    if to_move is not None and (not isinstance(to_move, int) or isinstance(to_move, bool)):
        raise InvalidInput(f"{where}: to_move must be a player number or null")
    offer = field(data, "offer", list, where)
    influence = field(data, "influence", list, where)
    if not all(isinstance(t, str) for t in offer) or len(offer) != len(OFFER_SIZES):
        raise InvalidInput(f"{where}: offer must be three strings of tile letters")
    if len(influence) != players or not all(
            isinstance(c, list) and len(c) == 4
            and all(isinstance(n, int) and not isinstance(n, bool) for n in c)
            for c in influence):
        raise InvalidInput(f"{where}: influence must hold four counts for each player")
    reserve = field(data, "reserve", list, where)
    row = field(data, "row", list, where)
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in reserve):
        raise InvalidInput(f"{where}: reserve must be a list of counts")
    if not all(isinstance(cs, str) for cs in row):
        raise InvalidInput(f"{where}: row must be a list of city-state ids")
    state = State(
        board=board,
        options=Options.from_dict(field(data, "options", dict, where)),
        players=players,
        seed=field(data, "seed", int, where),
        phase=field(data, "phase", str, where),
        round=field(data, "round", int, where),
        step=field(data, "step", int, where),
        first_player=field(data, "first_player", int, where),
        to_move=to_move,
        traders=tuple(traders),
        reserve=tuple(reserve),
        row=tuple(row),
        offer=(offer[0], offer[1], offer[2]),
        bag=field(data, "bag", str, where),
        discard=field(data, "discard", str, where),
        influence=tuple((c[0], c[1], c[2], c[3]) for c in influence),
        scoring=field(data, "scoring", int, where),
    )
    check_state(state)
    return state
