"""The Tigris & Euphrates state: an immutable value holding only what changes during a game.

Covers the components and the setup of the rule text and RESEARCH.md §2: the 153
civilization tiles (57 red temples, 36 blue farms, 30 green markets, 30 black settlements),
two catastrophes and four leaders (king, priest, farmer, trader) per dynasty, six monuments
(one per pair of colours), the treasures, six-tile hands, the bag, and each player's influence
in the four colours. It also holds where a turn stands: actions left, and any decision inside
it (a conflict's support, the order of wars, a treasure, a building, a monument, the wonder's
cube).

The board is shared, static data (`board.Board`); a state holds the contents of its 176 cells
as small integer codes (see `EMPTY` … `LEADER`). Players are numbered 0, 1, … in seating
order; play passes to the next number (R-T2).

Hidden information (R-T15): `State.view` hides the other players' hands, the tiles they swapped
away with the discard action, the bag's order and — without open scoring, until the game is
over — the other players' influence; `State.determinize` deals what is unseen at random. A
view cannot be played on (`apply` refuses it); bots determinize it first.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.core import InvalidInput, Message, Named, RulesetOptions, check_keys, field, shown
from engine.quick import evolver
from engine.tigris.board import BOARDS, SIZE, Board

#: The four colours, by their letter: black (settlements, king), red (temples, priest),
#: blue (farms, farmer), green (markets, trader).
COLOURS = "krbg"
BLACK, RED, BLUE, GREEN = range(4)
COLOUR_NAMES = {"en": ("black", "red", "blue", "green"),
                "nl": ("zwart", "rood", "blauw", "groen")}
#: Colours as adjectives before a noun ("een rode tempel").
COLOUR_ADJECTIVES = {"en": COLOUR_NAMES["en"], "nl": ("zwarte", "rode", "blauwe", "groene")}
TILE_NAMES = {"en": ("settlement", "temple", "farm", "market"),
              "nl": ("nederzetting", "tempel", "boerderij", "markt")}
LEADER_NAMES = {"en": ("king", "priest", "farmer", "trader"),
                "nl": ("koning", "priester", "boer", "handelaar")}
BUILDING_NAMES = {"en": ("palace", "library", "granary", "market hall"),
                  "nl": ("paleis", "bibliotheek", "graanschuur", "markthal")}
PLAYER_NAMES = {"en": ("Bull", "Urn", "Bow", "Lion"),
                "nl": ("Stier", "Kruik", "Boog", "Leeuw")}

#: Tiles of each colour in the box (RESEARCH.md §2): 30 black, 57 red, 36 blue, 30 green.
TILE_COUNTS = (30, 57, 36, 30)
TOTAL_TILES = sum(TILE_COUNTS)  # 153
HAND_SIZE = 6
CATASTROPHES = 2
ACTIONS = 2
PLAYERS = (2, 3, 4)

#: The six monuments, one per pair of colours, named by their two letters.
MONUMENTS = ("kr", "kb", "kg", "rb", "rg", "bg")
MONUMENT_COLOURS = tuple((COLOURS.index(m[0]), COLOURS.index(m[1])) for m in MONUMENTS)

# Cell codes. A flipped tile lies under a monument (or the wonder): it keeps its colour for
# the count of tiles, but has none for the rules (RESEARCH.md §2; "Monuments do not have a
# color of their own").
EMPTY = 0
TILE = 1          # 1 + colour: a face-up tile
CATASTROPHE = 5
FLIPPED = 6       # 6 + colour: a tile under a monument or the wonder
LEADER = 10       # 10 + 4 * player + colour

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


def player_name(player: int, lang: str = "en") -> str:
    return PLAYER_NAMES.get(lang, PLAYER_NAMES["en"])[player]


def colour_name(colour: int, lang: str = "en") -> str:
    return COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])[colour]


def hand_counts(hand: str) -> list[int]:
    """A hand written as letters (``"kkrg"``), as counts per colour."""
    return [hand.count(letter) for letter in COLOURS]


def hand_text(counts: list[int] | tuple[int, ...]) -> str:
    """Counts per colour, as a hand of letters in colour order."""
    return "".join(letter * n for letter, n in zip(COLOURS, counts))


@dataclass(frozen=True, slots=True)
class Options(RulesetOptions):
    """The variants of the rule text, all off by default.

    Attributes:
        board: ``"standard"`` or ``"advanced"`` (variant "Game Board - Advanced Board").
        war_support: ``"standard"``, or ``"english"``: a side may commit support only if its
            total would then exceed the other side's strength (R-T9).
        buildings: the civilization buildings variant.
        wonder: the wonder variant.
        open_scoring: influence is not hidden during the game.
    """

    board: str = "standard"
    war_support: str = "standard"
    buildings: bool = False
    wonder: bool = False
    open_scoring: bool = False

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
        from engine.tigris.scoring import final_vector

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
        from engine.tigris.scoring import final_winners

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
        what = {"action": f"action {ACTIONS - self.actions + 1} of {ACTIONS}",
                "war": "choosing a war",
                "support": "conflict support", "treasure": "taking treasure",
                "building": "a building", "monument": "a monument",
                "cube": "the wonder's cube"}[self.phase]
        return (f"{player_name(self.active)}'s turn, {what}, {who} to move, "
                f"{len(self.bag)} tiles in the bag, {len(self.treasures)} treasures left")

    def __str__(self) -> str:
        from engine.tigris.text import render_text

        return render_text(self)

    # Save files -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data; `state_from_dict` reads it back (and checks it)."""
        from engine.tigris.text import grid_rows

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


_FIELDS = tuple(f.name for f in fields(State))
_SAVED = ("ruleset", "grid", *(name for name in _FIELDS
                               if name not in ("cells", "treasures", "buildings")))


#: A copy of a state with changes, for the rules' own transitions (no checks: `engine.quick`).
_evolve = evolver(State)


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{where} must be a whole number from {low} to {high}, "
                           f"not {shown(value)}")
    return value


def _ints(data: Mapping[str, Any], key: str, where: str, length: int, low: int,
          high: int) -> tuple[int, ...]:
    values = field(data, key, list, where)
    if len(values) != length:
        raise InvalidInput(f"{where}.{key} must hold {length} numbers, not {len(values)}")
    return tuple(_int(v, f"{where}.{key}[{i}]", low, high) for i, v in enumerate(values))


def _letters(value: Any, where: str, allowed: str) -> str:
    if not isinstance(value, str) or any(ch not in allowed for ch in value):
        raise InvalidInput(f"{where} must be a string of the letters {allowed}, "
                           f"not {shown(value)}")
    return value


def state_from_dict(data: Any) -> State:
    """Read a state written by `State.to_dict`, checking every field and invariant.

    Raises:
        InvalidInput: naming the first field that is malformed or inconsistent.
    """
    from engine.tigris.rules import check_state
    from engine.tigris.text import parse_grid

    where = "tigris state"
    if not isinstance(data, Mapping):
        raise InvalidInput(f"{where} must be an object")
    check_keys(data, _SAVED, where)
    if data.get("ruleset") != "tigris":
        raise InvalidInput(f"{where}: ruleset is {shown(data.get('ruleset'))}, not 'tigris'")
    options = Options.from_dict(field(data, "options", dict, where))
    players = field(data, "players", int, where)
    if players not in PLAYERS:
        raise InvalidInput(f"{where}: players must be 2, 3 or 4, not {shown(players)}")
    grid = field(data, "grid", list, where)
    cells, treasures, buildings = parse_grid(grid, Board.get(options.board), players,
                                             f"{where}.grid")
    viewer = data.get("viewer")
    if viewer is not None:
        viewer = _int(viewer, f"{where}.viewer", 0, players - 1)
    to_move = data.get("to_move")
    if to_move is not None:
        to_move = _int(to_move, f"{where}.to_move", 0, players - 1)
    hands = field(data, "hands", list, where)
    if len(hands) != players:
        raise InvalidInput(f"{where}.hands must hold one hand per player")
    hands_t = tuple(_letters(h, f"{where}.hands[{p}]", COLOURS + "?")
                    for p, h in enumerate(hands))
    # Saves written before swapped tiles were kept apart counted them in the discard.
    swapped = field(data, "swapped", list, where) if "swapped" in data else [""] * players
    if len(swapped) != players:
        raise InvalidInput(f"{where}.swapped must hold one string of tiles per player")
    swapped_t = tuple(_letters(s, f"{where}.swapped[{p}]", COLOURS + "?")
                      for p, s in enumerate(swapped))
    influence_data = field(data, "influence", list, where)
    if len(influence_data) != players:
        raise InvalidInput(f"{where}.influence must hold one entry per player")
    influence: list[tuple[int, int, int, int] | None] = []
    for p, counts in enumerate(influence_data):
        if counts is None:
            influence.append(None)
            continue
        if not isinstance(counts, list) or len(counts) != 4:
            raise InvalidInput(f"{where}.influence[{p}] must be four counts or null")
        a, b, c, d = (_int(n, f"{where}.influence[{p}]", 0, 10_000) for n in counts)
        influence.append((a, b, c, d))
    conflict = data.get("conflict")
    if conflict is not None:
        if not isinstance(conflict, list) or len(conflict) != 7:
            raise InvalidInput(f"{where}.conflict must be a list of 7 numbers or null")
        conflict = tuple(_int(v, f"{where}.conflict", -1, 10_000) for v in conflict)
    phase = field(data, "phase", str, where)
    if phase not in PHASES:
        raise InvalidInput(f"{where}.phase must be one of {', '.join(PHASES)}, not {shown(phase)}")
    if not isinstance(data.get("ending"), bool):
        raise InvalidInput(f"{where}.ending must be true or false")
    # A player's view has no seed (it would tell the bag's order).
    seed = None if data.get("seed", 0) is None and data.get("viewer") is not None else field(
        data, "seed", int, where)
    if seed is not None and seed < 0:
        raise InvalidInput(f"{where}.seed must be ≥ 0")
    state = State(
        options=options,
        players=players,
        seed=seed,
        first_player=_int(data.get("first_player"), f"{where}.first_player", 0, players - 1),
        cells=cells,
        treasures=treasures,
        monuments=_ints(data, "monuments", where, len(MONUMENTS), -1, SIZE - 1),
        wonder=_int(data.get("wonder"), f"{where}.wonder", -1, SIZE - 1),
        buildings=buildings,
        hands=hands_t,
        catastrophes=_ints(data, "catastrophes", where, players, 0, CATASTROPHES),
        influence=tuple(influence),
        treasures_taken=_ints(data, "treasures_taken", where, players, 0, 14),
        bag=_letters(field(data, "bag", str, where), f"{where}.bag", COLOURS + "?"),
        discard=_ints(data, "discard", where, 4, 0, TOTAL_TILES),  # type: ignore[arg-type]
        active=_int(data.get("active"), f"{where}.active", 0, players - 1),
        actions=_int(data.get("actions"), f"{where}.actions", 0, ACTIONS),
        phase=phase,
        to_move=to_move,
        placed=_int(data.get("placed"), f"{where}.placed", -1, SIZE - 1),
        conflict=conflict,
        ending=data["ending"],
        viewer=viewer,
        unseen=_letters(field(data, "unseen", str, where), f"{where}.unseen", COLOURS),
        swapped=swapped_t,
    )
    check_state(state)
    return state
