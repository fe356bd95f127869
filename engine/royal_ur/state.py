"""The game state of the Royal Game of Ur: an immutable value holding only what changes.

Covers the rule text's setup ("Two players, light and dark, each with 7 pieces, all off the
board at the start") and what a turn leaves behind: each side's pieces on its path, the pieces
borne off, whose turn it is and whether that player is to throw or has thrown (and what), and
how many throws the game has made (the draw counter of the dice, `dice.draw`). Pieces waiting
to enter are what is neither on the board nor borne off.

A turn has two decisions: the throw, a move of chance (`Throw`: drawn by the engine from the
seed, or typed in from a throw at the table, option ``throws``), then the move it allows (or
a pass). ``to_move`` is the player who throws and then moves; ``throw`` is None while the throw
is to be made.

Options (`Options`, rulings R-U1 to R-U8 in docs/rulings.md) start from a rule set —
``"finkel"`` (default), ``"masters"`` or ``"blitz"`` — whose values any other option may
change.

There is no hidden information on the board, but the dice to come derive from the seed, so
`State.view` hides the seed and `State.determinize` draws a new one (bots must not foresee
the throws).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.core import (
    InvalidInput,
    Named,
    RulesetOptions,
    check_keys,
    field,
    is_int,
    saved_state,
    shown,
)
from engine.royal_ur.board import PATH_NAMES, Path, path
from engine.royal_ur.dice import DICE_KINDS, THROWS
from engine.royal_ur.text import render_text

PLAYERS = 2
LIGHT, DARK = 0, 1
PLAYER_IDS = ("light", "dark")
PLAYER_NAMES = (Named(en="Light", nl="Licht"), Named(en="Dark", nl="Donker"))
#: How throws are made (ruling R-U7): by the engine from the seed, typed in, or either.
THROW_MODES = ("dice", "recorded", "either")
MAX_PIECES = 7

#: The rule sets and what they set (ruling R-U2): Finkel's (the rule text), RoyalUr.net's
#: Masters (James Masters' path, no safe rosettes, three dice) and Blitz.
RULE_SETS: dict[str, dict[str, Any]] = {
    "finkel": {"pieces": 7, "path": "bell", "safe_rosettes": True, "dice": "four",
               "capture_throw": False},
    "masters": {"pieces": 7, "path": "masters", "safe_rosettes": False, "dice": "three",
                "capture_throw": False},
    "blitz": {"pieces": 5, "path": "masters", "safe_rosettes": False, "dice": "four",
              "capture_throw": True},
}


@dataclass(frozen=True, slots=True)
class Options(RulesetOptions):
    """The game's options (docs/rulings.md R-U1 to R-U8). Those left None take the value of
    the rule set `rules`; the stored options always hold every value.

    Attributes:
        rules: ``"finkel"`` (default), ``"masters"`` or ``"blitz"``: the rule set the other
            options start from (R-U2).
        pieces: pieces per player, 1 to 7 (Finkel and Masters 7, Blitz 5; R-U1).
        path: ``"bell"``, ``"masters"`` or ``"murray"`` (R-U3).
        safe_rosettes: whether a piece on a rosette cannot be captured (Finkel: yes — on
            Bell's path only the central rosette is shared; R-U5).
        dice: ``"four"`` (0–4, chances 1, 4, 6, 4, 1 in 16) or ``"three"`` (1–4: a blank
            throw counts 4; R-U4).
        capture_throw: whether a capture gives another throw (Blitz; R-U6).
        throws: ``"dice"`` (default: the engine throws, from the seed), ``"recorded"`` (throws
            made at a real board are typed in, ``throw 3``) or ``"either"`` (R-U7).
        rosette_throw: whether a piece landing on a rosette gives another throw (True, the
            rule text and every rule set; house rule U-OPT-ROSETTE-1).
    """

    HOUSE_RULES: ClassVar[tuple[str, ...]] = ("rosette_throw",)

    rules: str = "finkel"
    pieces: int | None = None
    path: str | None = None
    safe_rosettes: bool | None = None
    dice: str | None = None
    capture_throw: bool | None = None
    throws: str = "dice"
    rosette_throw: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.rules, str) or self.rules not in RULE_SETS:
            raise InvalidInput(f"rules must be one of {', '.join(map(repr, RULE_SETS))}, "
                               f"not {shown(self.rules)}")
        preset = RULE_SETS[self.rules]
        for name, default in preset.items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, default)
        if not is_int(self.pieces) or not 1 <= self.pieces <= MAX_PIECES:
            raise InvalidInput(f"pieces must be a whole number from 1 to {MAX_PIECES} (the rule "
                               f"sets play 7, 5 or 3), not {shown(self.pieces)}")
        for name, allowed in (("path", PATH_NAMES), ("dice", DICE_KINDS),
                              ("throws", THROW_MODES)):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                raise InvalidInput(f"{name} must be one of {', '.join(map(repr, allowed))}, "
                                   f"not {shown(value)}")
        for name in ("safe_rosettes", "capture_throw", "rosette_throw"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInput(f"{name} must be true or false, not "
                                   f"{shown(getattr(self, name))}")

    @property
    def board_path(self) -> Path:
        """The `board.Path` of option `path`."""
        return path(self.path)  # type: ignore[arg-type]

    @property
    def throw_values(self) -> tuple[int, ...]:
        """The throws the dice can give (0–4 with four dice, 1–4 with three)."""
        return THROWS[self.dice]  # type: ignore[index]

    def describe(self) -> str:
        """``"finkel rules, 7 pieces"`` and what differs from the rule set."""
        preset = RULE_SETS[self.rules]
        changed = [f"{name}={_word(getattr(self, name))}" for name in preset
                   if name != "pieces" and getattr(self, name) != preset[name]]
        if not self.rosette_throw:
            changed.append("rosette_throw=no")
        extra = f" ({', '.join(changed)})" if changed else ""
        return f"{self.rules} rules, {self.pieces} pieces{extra}"


def _word(value: Any) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


@dataclass(frozen=True, slots=True)
class State:
    """A position. Build one with `new_state` or `position`; change it only through `apply`.

    Attributes:
        options: the `Options` in force.
        seed: the seed the throws are drawn from; None in a player's view.
        squares: ``squares[player]``: the path squares (1 to the path's length) of the
            player's pieces on the board, ascending.
        off: ``off[player]``: the player's pieces borne off.
        to_move: the player to throw, or to move with the throw; None once the game is over.
        throw: the throw to move by; None while the throw is to be made (and at the end).
        throws: throws made so far (throw *n* of the game draws its dice from seed and *n*).
    """

    RULESET: ClassVar[str] = "royal_ur"
    players: ClassVar[int] = PLAYERS

    options: Options
    seed: int | None
    squares: tuple[tuple[int, ...], tuple[int, ...]]
    off: tuple[int, int]
    to_move: int | None
    throw: int | None
    throws: int

    # Reading the position -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def pieces(self) -> int:
        """Pieces per player."""
        return self.options.pieces  # type: ignore[return-value]

    @property
    def path(self) -> Path:
        return self.options.board_path

    def waiting(self, player: int) -> int:
        """The player's pieces off the board waiting to enter (captured ones included)."""
        return self.pieces - len(self.squares[player]) - self.off[player]

    @property
    def winner(self) -> int | None:
        """The player who has borne off every piece, or None."""
        for player in (LIGHT, DARK):
            if self.off[player] == self.pieces:
                return player
        return None

    def occupant(self, cell: tuple[int, int]) -> tuple[int, int] | None:
        """``(player, square)`` of the piece on `cell` of the board, or None."""
        cells = self.path.cells
        for player in (LIGHT, DARK):
            for square in self.squares[player]:
                if cells[player][square] == cell:
                    return player, square
        return None

    def scores(self) -> tuple[int, ...]:
        """Each player's pieces borne off."""
        return self.off

    def winners(self) -> frozenset[int]:
        """The winner, once the game is over; empty before."""
        winner = self.winner
        return frozenset() if winner is None else frozenset({winner})

    def name(self, player: int, lang: str = "en") -> str:
        """``"Light"`` or ``"Dark"`` (``"Licht"``, ``"Donker"`` in Dutch)."""
        return PLAYER_NAMES[player].describe(lang)

    def view(self, player: int | None = None) -> State:
        """What a player may see: the whole board, but not the seed — it decides every throw
        to come."""
        return _evolve(self, seed=None)

    def determinize(self, rng: random.Random) -> State:
        """A state consistent with this view, with a seed drawn from `rng` (a state that has
        its seed is returned as it is)."""
        if self.seed is not None:
            return self
        return _evolve(self, seed=rng.randrange(2**31))

    def summary(self) -> str:
        winner = self.winner
        if winner is not None:
            return f"{PLAYER_IDS[winner]} has won ({self.off[0]}–{self.off[1]} borne off)"
        who = PLAYER_IDS[self.to_move]  # type: ignore[index]
        if self.throw is None:
            return f"{who} to throw"
        return f"{who} to move {self.throw}"

    def __str__(self) -> str:
        return render_text(self)

    # Save files -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data; `state_from_dict` reads it back (and checks it)."""
        return {
            "ruleset": self.RULESET,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "squares": {PLAYER_IDS[p]: list(self.squares[p]) for p in (LIGHT, DARK)},
            "off": {PLAYER_IDS[p]: self.off[p] for p in (LIGHT, DARK)},
            "to_move": None if self.to_move is None else PLAYER_IDS[self.to_move],
            "throw": self.throw,
            "throws": self.throws,
        }


_FIELDS = tuple(f.name for f in fields(State))


def _evolve(state: State, **changes: Any) -> State:
    """A copy of `state` with `changes`; cheaper than `dataclasses.replace`."""
    return State(*[changes[name] if name in changes else getattr(state, name)
                   for name in _FIELDS])


def player_index(value: Any, what: str = "player") -> int:
    """``"light"``/``"dark"`` (or 0/1) as a player number; `InvalidInput` otherwise."""
    if isinstance(value, str) and value.lower() in PLAYER_IDS:
        return PLAYER_IDS.index(value.lower())
    if is_int(value) and value in (LIGHT, DARK):
        return value
    raise InvalidInput(f"{what} must be 'light' or 'dark' (or 0, 1), not {shown(value)}")


def state_from_dict(data: Any) -> State:
    """Read a state written by `State.to_dict`, checking every field and invariant.

    Raises:
        InvalidInput: naming the first field that is malformed or inconsistent.
    """
    where = saved_state(data, "royal_ur", (
        "ruleset", "options", "seed", "squares", "off", "to_move", "throw", "throws"))
    options = Options.from_dict(field(data, "options", dict, where))
    seed = data.get("seed")
    if seed is not None and (not is_int(seed) or not 0 <= seed < 2**64):
        raise InvalidInput(f"{where}: seed must be a whole number from 0 to 2**64 - 1 "
                           "(or null in a view)")
    squares_data = field(data, "squares", dict, where)
    off_data = field(data, "off", dict, where)
    check_keys(squares_data, PLAYER_IDS, f"{where}.squares")
    check_keys(off_data, PLAYER_IDS, f"{where}.off")
    squares = []
    off = []
    for player in PLAYER_IDS:
        listed = field(squares_data, player, list, f"{where}.squares")
        if not all(is_int(s) for s in listed):
            raise InvalidInput(f"{where}.squares.{player} must list whole square numbers")
        squares.append(tuple(listed))
        off.append(field(off_data, player, int, f"{where}.off"))
    to_move = data.get("to_move", ...)
    if to_move is ...:
        raise InvalidInput(f"{where} has no 'to_move'")
    throw = data.get("throw", ...)
    if throw is ... or not (throw is None or is_int(throw)):
        raise InvalidInput(f"{where}: throw must be a whole number or null")
    state = State(
        options=options, seed=seed, squares=(squares[0], squares[1]), off=(off[0], off[1]),
        to_move=None if to_move is None else player_index(to_move, f"{where}: to_move"),
        throw=throw, throws=field(data, "throws", int, where))
    check_state(state)
    return state


# ------------------------------------------------------------------------------ invariants


def check_state(state: State) -> None:
    """Raise `InvalidInput` unless `state` is a position the rules allow.

    Checks: each side's squares are whole numbers on its path, ascending, one piece a square;
    no two pieces share a cell of the board (on the shared squares, light and dark never
    stand together); pieces on the board and borne off are at most the pieces per player;
    the game is over exactly when a player has borne off every piece, and then nobody is to
    move and no throw is pending; a pending throw is one the dice can give; the throw counter
    is a whole number ≥ 0.
    """
    bad = _check_state(state)
    if bad:
        raise InvalidInput(f"inconsistent royal_ur state: {bad}")


def _check_state(state: State) -> str | None:
    if not isinstance(state.options, Options):
        return "options must be royal_ur Options"
    seed = state.seed
    if seed is not None and (not is_int(seed) or seed < 0):
        return f"seed must be a whole number ≥ 0 or None, not {shown(seed)}"
    pair = state.path
    pieces = state.pieces
    if not (isinstance(state.squares, tuple) and len(state.squares) == PLAYERS
            and isinstance(state.off, tuple) and len(state.off) == PLAYERS):
        return "squares and off need one entry per player"
    seen: dict[tuple[int, int], str] = {}
    for player in (LIGHT, DARK):
        who = PLAYER_IDS[player]
        squares = state.squares[player]
        if not isinstance(squares, tuple) or not all(is_int(s) for s in squares):
            return f"{who}'s squares must be a tuple of whole numbers"
        if any(not 1 <= s <= pair.length for s in squares):
            return (f"{who}'s squares must be on its path, 1 to {pair.length} "
                    f"({pair.name} path), not {list(squares)}")
        if list(squares) != sorted(set(squares)):
            return f"{who}'s squares must be ascending, each once: {list(squares)}"
        off = state.off[player]
        if not is_int(off) or not 0 <= off <= pieces:
            return f"{who} has {shown(off)} pieces borne off; it has {pieces} pieces"
        if len(squares) + off > pieces:
            return (f"{who} has {len(squares)} pieces on the board and {off} borne off: more "
                    f"than its {pieces} pieces")
        for square in squares:
            cell = pair.cells[player][square]
            if cell in seen:
                return (f"{who}'s square {square} is the square {seen[cell]} holds: a square "
                        "holds one piece")
            seen[cell] = f"{who}'s square {square}"
    winner = state.winner
    if state.off[0] == pieces and state.off[1] == pieces:
        return "both players cannot have borne off every piece"
    if winner is not None:
        if state.to_move is not None or state.throw is not None:
            return (f"{PLAYER_IDS[winner]} has borne off every piece: the game is over, so "
                    "nobody is to move and no throw is pending")
    elif state.to_move not in (LIGHT, DARK) or isinstance(state.to_move, bool):
        return "to_move must be light (0) or dark (1) while the game goes on"
    throw = state.throw
    if throw is not None and (not is_int(throw) or throw not in state.options.throw_values):
        return (f"a pending throw must be one the {state.options.dice} dice give "
                f"({', '.join(map(str, state.options.throw_values))}), not {shown(throw)}")
    if not is_int(state.throws) or state.throws < 0:
        return f"throws (the throws made) must be a whole number ≥ 0, not {shown(state.throws)}"
    return None
