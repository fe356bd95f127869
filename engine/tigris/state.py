"""The Tigris & Euphrates state: an immutable value holding only what changes during a game.

Covers the setup of the rule text and docs/research.md §2: where the pieces are (`pieces`: the
tiles, catastrophes, leaders and monuments), the treasures, the hands, the bag, and each
player's influence in the four colours. It also holds where a turn stands: actions left, and
any decision inside it (a conflict's support, the order of wars, a treasure, a building, a
monument, the wonder's cube). `saves.state_from_dict` reads a state back from its save form.

The board is shared, static data (`board.Board`); a state holds the contents of its 176 cells
as small integer codes (see `pieces.EMPTY` … `pieces.LEADER`). Players are numbered 0, 1, … in
seating order; play passes to the next number (R-T2).

Hidden information (R-T15): `State.view` hides the other players' hands, the tiles they swapped
away with the discard action, the bag's order and — without open scoring, until the game is
over — the other players' influence; `State.determinize` deals what is unseen at random. A
view cannot be played on (`apply` refuses it); bots determinize it first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core import InvalidInput, Message, Named, RulesetOptions, is_int, shown
from engine.quick import evolver
from engine.tigris.board import BOARDS, Board

# The pieces have a module of their own, below the scoring and the text form used here; they
# are read from this module too, as they always were (``engine.tigris.state.COLOURS``).
from engine.tigris.pieces import (  # noqa: F401
    BLACK,
    BLUE,
    BUILDING_NAMES,
    CATASTROPHE,
    CATASTROPHES,
    COLOUR_ADJECTIVES,
    COLOUR_NAMES,
    COLOURS,
    EMPTY,
    FLIPPED,
    GREEN,
    HAND_SIZE,
    LEADER,
    LEADER_NAMES,
    MONUMENT_COLOURS,
    MONUMENTS,
    PLAYER_NAMES,
    RED,
    TILE,
    TILE_COUNTS,
    TILE_NAMES,
    TOTAL_TILES,
    colour_name,
    hand_counts,
    hand_text,
    player_name,
)
from engine.tigris.scoring import final_vector, final_winners
from engine.tigris.text import grid_rows, render_text

ACTIONS = 2
#: The game ends when no more than this many treasures remain (T-END-1).
TREASURES_LEFT = 2
#: The largest hand, turn and box a house rule may give (far beyond any a designer tries).
MAX_HAND = 20
MAX_ACTIONS = 6
MAX_TILES = 200
PLAYERS = (2, 3, 4)
PHASES = ("action", "war", "support", "treasure", "building", "monument", "cube", "over")
REVOLT, WAR = 0, 1
WAR_SUPPORT = ("standard", "english")


#: Refusals of this module, in each language (`engine.core.Message`).
_MESSAGES = {
    "en": {"hidden_scores": "this view hides the influence of {hidden} (influence is hidden "
                            "during the game): their scores are not known here, and are not "
                            "guessed",
           "hidden_winners": "this view hides the influence of {hidden} (influence is hidden "
                             "during the game): who wins cannot be told from it"},
    "nl": {"hidden_scores": "deze blik verbergt de invloed van {hidden} (invloed is verborgen "
                            "tijdens het spel): hun scores zijn hier niet bekend en worden niet "
                            "geraden",
           "hidden_winners": "deze blik verbergt de invloed van {hidden} (invloed is verborgen "
                             "tijdens het spel): wie wint is er niet uit af te lezen"},
}


def _players(players: list[int]) -> Named:
    """Players as a list in each language: "Urn and Bow", "Kruik en Boog"."""
    def listed(lang: str, joiner: str) -> str:
        names = [player_name(p, lang) for p in players]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + joiner + names[-1]

    return Named(en=listed("en", " and "), nl=listed("nl", " en "))


@dataclass(frozen=True, slots=True)
class Options(RulesetOptions):
    """The variants of the rule text, all off by default, and the house rules: the rule
    text's numbers a designer may vary (docs/rules/tigris.md, T-OPT-…).

    Attributes:
        board: ``"standard"`` or ``"advanced"`` (variant "Game Board - Advanced Board").
        war_support: ``"standard"``, or ``"english"``: a side may commit support only if its
            total would then exceed the other side's strength (R-T9).
        buildings: the civilization buildings variant.
        wonder: the wonder variant.
        open_scoring: influence is not hidden during the game.
        hand_size: the tiles a hand holds, refilled at the end of each turn (6).
        actions: the actions of a turn (2).
        treasures_left: the game ends when no more than this many treasures remain on the
            board (2).
        tiles: the tiles of each colour in the box: black, red, blue, green (30, 57, 36, 30).
    """

    HOUSE_RULES: ClassVar[tuple[str, ...]] = ("hand_size", "actions", "treasures_left",
                                              "tiles")

    board: str = "standard"
    war_support: str = "standard"
    buildings: bool = False
    wonder: bool = False
    open_scoring: bool = False
    hand_size: int = HAND_SIZE
    actions: int = ACTIONS
    treasures_left: int = TREASURES_LEFT
    tiles: tuple[int, ...] = TILE_COUNTS

    def __post_init__(self) -> None:
        if self.board not in BOARDS:
            raise InvalidInput(f"board must be one of {', '.join(map(repr, BOARDS))}, "
                               f"not {shown(self.board)}")
        if self.war_support not in WAR_SUPPORT:
            raise InvalidInput(f"war_support must be one of {', '.join(map(repr, WAR_SUPPORT))}"
                               f", not {shown(self.war_support)}")
        for name in ("buildings", "wonder", "open_scoring"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInput(f"{name} must be true or false, not "
                                   f"{shown(getattr(self, name))}")
        for name, least, most in (("hand_size", 1, MAX_HAND), ("actions", 1, MAX_ACTIONS)):
            value = getattr(self, name)
            if not is_int(value) or not least <= value <= most:
                raise InvalidInput(f"{name} must be a whole number from {least} to {most}, "
                                   f"not {shown(value)}")
        temples = len(Board.get(self.board).temples)
        if not is_int(self.treasures_left) or not 0 <= self.treasures_left < temples:
            raise InvalidInput(f"treasures_left must be a whole number from 0 to {temples - 1} "
                               f"(the {self.board} board starts with {temples} treasures), "
                               f"not {shown(self.treasures_left)}")
        tiles = self.tiles
        if isinstance(tiles, list):
            tiles = tuple(tiles)
            object.__setattr__(self, "tiles", tiles)
        if not (isinstance(tiles, tuple) and len(tiles) == 4
                and all(is_int(k) and 0 <= k <= MAX_TILES for k in tiles)):
            raise InvalidInput(f"tiles must be four whole numbers from 0 to {MAX_TILES}, the "
                               "tiles of each colour (black, red, blue, green), "
                               f"not {shown(self.tiles)}")
        if tiles[RED] < temples:
            raise InvalidInput(f"tiles: the {self.board} board's {temples} starting temples "
                               f"are red tiles, so at least {temples} red, not {tiles[RED]}")


@dataclass(frozen=True, slots=True)
class State:
    """A Tigris & Euphrates position. Build one with `new_state` or `position`; change it
    only through `apply`.

    Attributes:
        options: the variants in force.
        players: 2 to 4.
        seed: the seed the game was set up from.
        first_player: who took the first turn.
        cells: the code of each of the 176 cells (`EMPTY`, `TILE` + colour, `CATASTROPHE`,
            `FLIPPED` + colour, `LEADER` + 4 × player + colour).
        treasures: the cells holding a treasure, ascending.
        monuments: for each of `MONUMENTS`, the top-left cell of its square, or -1.
        wonder: the centre cell of the wonder, or -1.
        buildings: for each colour, the cell of its civilization building, or -1.
        hands: each player's tiles as letters in colour order (``"?"`` for a hidden tile).
        catastrophes: each player's catastrophe tiles left.
        influence: each player's points per colour (None where hidden in a view).
        treasures_taken: each player's treasures.
        bag: the tiles still to draw, in order (in a view: ``"?"`` each).
        discard: tiles out of play in the open, per colour: destroyed by catastrophes,
            lost in wars, committed as support in conflicts.
        active: whose turn it is.
        actions: actions the active player has still to start: 1 or 2 in the action phase
            (counting the one awaited), 0 or 1 while an action is being resolved.
        phase: the decision awaited (`PHASES`).
        to_move: who decides next (None when the game is over).
        placed: the cell of the tile placed by the action being resolved, or -1.
        conflict: during a conflict ``(kind, colour, attacker cell, defender cell, attacker
            strength, defender strength, attacker's support or -1)``, else None.
        ending: the bag could not refill a hand this turn: the game ends with it.
        viewer: in a view, the player it belongs to; None in a full state.
        unseen: in a view, the tiles hidden from the viewer (the other hands, the tiles the
            others swapped away, and the bag), sorted.
        swapped: each player's tiles put out of play face down by the discard action (letters
            in colour order; ``"?"`` each in a view, for the other players): "You are not
            allowed to inspect the contents of the discard pile" (R-T15).
        turns: the turns finished since the game's start, for statistics
            (`stats.game_length`). Not part of the position: it takes no part in equality and
            is not saved (a save replays its moves from the start, which count them again).
    """

    RULESET: ClassVar[str] = "tigris"

    options: Options
    players: int
    seed: int | None
    first_player: int
    cells: tuple[int, ...]
    treasures: tuple[int, ...]
    monuments: tuple[int, ...]
    wonder: int
    buildings: tuple[int, ...]
    hands: tuple[str, ...]
    catastrophes: tuple[int, ...]
    influence: tuple[tuple[int, int, int, int] | None, ...]
    treasures_taken: tuple[int, ...]
    bag: str
    discard: tuple[int, int, int, int]
    active: int
    actions: int
    phase: str
    to_move: int | None
    placed: int = -1
    conflict: tuple[int, ...] | None = None
    ending: bool = False
    viewer: int | None = None
    unseen: str = ""
    swapped: tuple[str, ...] = ()
    turns: int = field(default=0, compare=False)

    # Reading the position -------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return Board.get(self.options.board)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def leader_at(self, cell: int) -> tuple[int, int] | None:
        """``(player, colour)`` of the leader on `cell`, or None."""
        code = self.cells[cell]
        return divmod(code - LEADER, 4) if code >= LEADER else None

    def leader_cell(self, player: int, colour: int) -> int:
        """The cell of a player's leader of `colour`, or -1 while it is in their hand."""
        code = LEADER + 4 * player + colour
        try:
            return self.cells.index(code)
        except ValueError:
            return -1

    def hand(self, player: int) -> dict[str, int]:
        """A player's tiles by colour name (a hidden hand counts only ``"hidden"``)."""
        hand = self.hands[player]
        if "?" in hand:
            return {"hidden": len(hand)}
        return {COLOUR_NAMES["en"][c]: hand.count(COLOURS[c]) for c in range(4)}

    def scores(self) -> tuple[int, ...]:
        """Each player's score if the game ended now: the weakest colour after placing the
        treasures.

        Raises:
            InvalidInput: this view hides other players' influence (during the game, without
                open scoring): their scores are not known to the viewer, and are not guessed.
        """
        self._check_scores_shown("scores")
        return tuple(final_vector(inf, t)[0]  # type: ignore[arg-type]
                     for inf, t in zip(self.influence, self.treasures_taken))

    def winners(self) -> frozenset[int]:
        """The players sharing the win once the game is over; empty before.

        Raises:
            InvalidInput: this view hides other players' influence (only during the game:
                a finished game's view shows it), so it cannot tell who wins.
        """
        self._check_scores_shown("winners")
        if not self.is_over:
            return frozenset()
        return final_winners(self.influence, self.treasures_taken)

    def _check_scores_shown(self, what: str) -> None:
        hidden = [p for p, inf in enumerate(self.influence) if inf is None]
        if hidden:
            raise InvalidInput(Message(_MESSAGES, "hidden_" + what, hidden=_players(hidden)),
                               rule="T-HIDDEN-1")

    def view(self, player: int | None = None) -> State:
        """What `player` may see: their own hand and swapped tiles, the board, the treasures,
        every player's treasures and catastrophes, the tiles out of play in the open, the size
        of each hand and of the bag — not the other hands, the tiles the others swapped away,
        the bag's order, nor (without open scoring, until the game is over) the other players'
        influence (R-T15)."""
        if player is None:
            player = self.to_move if self.to_move is not None else 0
        if not isinstance(player, int) or isinstance(player, bool) or not (
                0 <= player < self.players):
            raise InvalidInput(f"player must be 0 to {self.players - 1}, not {shown(player)}")
        if self.viewer is not None:
            if self.viewer != player:
                raise InvalidInput(f"this is {player_name(self.viewer)}'s view: it cannot "
                                   f"show what {player_name(player)} sees")
            return self
        hidden = [h for p, h in enumerate(self.hands) if p != player]
        hidden += [s for p, s in enumerate(self.swapped) if p != player]
        unseen = "".join(sorted(self.bag + "".join(hidden), key=COLOURS.index))
        hands = tuple(h if p == player else "?" * len(h) for p, h in enumerate(self.hands))
        swapped = tuple(s if p == player else "?" * len(s) for p, s in enumerate(self.swapped))
        influence = self.influence
        # "hidden during the game": once it is over every score is public.
        if not self.options.open_scoring and not self.is_over:
            influence = tuple(c if p == player else None for p, c in enumerate(influence))
        # The seed goes too: the setup's shuffle of the bag could be worked out from it.
        return _evolve(self, hands=hands, bag="?" * len(self.bag), influence=influence,
                       viewer=player, unseen=unseen, seed=None, swapped=swapped)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view: the unseen tiles dealt at random to the
        hidden hands, the others' swapped tiles and the bag; hidden influence guessed equal to
        the viewer's own."""
        if self.viewer is None:
            return self
        pool = list(self.unseen)
        rng.shuffle(pool)

        def deal(held: tuple[str, ...]) -> tuple[str, ...]:
            nonlocal pool
            out = []
            for tiles in held:
                if "?" in tiles:
                    dealt, pool = pool[:len(tiles)], pool[len(tiles):]
                    out.append("".join(sorted(dealt, key=COLOURS.index)))
                else:
                    out.append(tiles)
            return tuple(out)

        hands = deal(self.hands)
        swapped = deal(self.swapped)
        own = self.influence[self.viewer]
        influence = tuple(own if c is None else c for c in self.influence)
        return _evolve(self, hands=hands, bag="".join(pool), influence=influence,
                       viewer=None, unseen="", swapped=swapped)

    def summary(self) -> str:
        if self.is_over:
            return f"game over, scores {list(self.scores())}"
        who = player_name(self.to_move) if self.to_move is not None else "-"
        turn = self.options.actions
        what = {"action": f"action {turn - self.actions + 1} of {turn}",
                "war": "choosing a war",
                "support": "conflict support", "treasure": "taking treasure",
                "building": "a building", "monument": "a monument",
                "cube": "the wonder's cube"}[self.phase]
        return (f"{player_name(self.active)}'s turn, {what}, {who} to move, "
                f"{len(self.bag)} tiles in the bag, {len(self.treasures)} treasures left")

    def __str__(self) -> str:
        return render_text(self)

    # Save files -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data; `saves.state_from_dict` reads it back (and checks it)."""
        return {
            "ruleset": self.RULESET,
            "options": self.options.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "first_player": self.first_player,
            "grid": grid_rows(self),
            "monuments": list(self.monuments),
            "wonder": self.wonder,
            "hands": list(self.hands),
            "catastrophes": list(self.catastrophes),
            "influence": [None if c is None else list(c) for c in self.influence],
            "treasures_taken": list(self.treasures_taken),
            "bag": self.bag,
            "discard": list(self.discard),
            "active": self.active,
            "actions": self.actions,
            "phase": self.phase,
            "to_move": self.to_move,
            "placed": self.placed,
            "conflict": None if self.conflict is None else list(self.conflict),
            "ending": self.ending,
            "viewer": self.viewer,
            "unseen": self.unseen,
            "swapped": list(self.swapped),
        }


#: A copy of a state with changes, for the rules' own transitions (no checks: `engine.quick`).
_evolve = evolver(State)


