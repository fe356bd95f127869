"""The Mesopotamia state: an immutable value holding everything that changes during a game.

Covers "Game Preparation" of the rule text: where the pieces of "Game Material" (`pieces`:
natives, huts, holy places, sacrifice markers, lumber, stones, cards) are, the mana tracks
(current 0 and maximum 3 at the start), the map and the face-down field pile; and where a turn
stands (phase, movement points left, discoveries, the action chosen, cards played for this
turn). `saves.state_from_dict` reads a state back from its save form.

Encodings (plain ints and tuples, so the value is cheap to copy and hash):

- a native is ``(q, r, owner, cargo, stole)``; `cargo` is 0 (nothing), 1 (lumber), 2 (stone),
  ``10 + v`` (a sacrifice marker of value v taken up in an earlier turn) or ``20 + v`` (taken up
  this turn: it may not be placed yet); `stole` is True once the native stole this turn;
- a hut is ``(q, r, owner, marker)`` with marker 0 (none) or its value; owner -1 is a neutral
  hut of the 2- and 3-player layouts;
- hidden values: in ``view(player)`` another player's marker value reads 1 under a hut or in
  front of them and 0 in a carried marker (cargo 10 or 20); their cards read ``"?"``; the order
  of the field pile and the card deck is sorted.

Players are numbered 0, 1, ... in clockwise order; player 0 is the oldest and begins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.core import InvalidInput, RulesetOptions, is_int, shown
from engine.mesopotamia.board import FIELD_COUNTS, Coord, fmt, layout

# The pieces have a module of their own, below the text form used here; they are read from
# this module too, as they always were (``engine.mesopotamia.state.MARKER_VALUES``).
from engine.mesopotamia.pieces import (  # noqa: F401
    CARD_NAMES_NL,
    CARDS,
    FRESH,
    HIDDEN,
    HOLY_PLACES,
    HUTS,
    LUMBER,
    LUMBER_CARGO,
    MANA_TOP,
    MARKER_VALUES,
    NATIVES,
    NONE,
    OLD,
    PLAYER_NAMES,
    STONE_CARGO,
    STONES,
    TWO_PLAYER_REMOVED,
    card_name,
    cargo_token,
    full_deck,
    parse_token,
    player_name,
)
from engine.mesopotamia.text import render_text

START_MAX_MANA = 3
MOVEMENT = 5
STAMINA_POINTS = 3
#: The most movement points a house rule may give a turn.
MAX_MOVEMENT = 20
MAX_DISCOVERIES = 3
#: Movement points in the first round by seat with the option ``first_round_table`` (off by
#: default: the rule text gives 5 points every turn). Reviews report such a table; ours is a
#: reconstruction (R-M2). The keys are also the player counts the game is for.
FIRST_ROUND = {2: (4, 5), 3: (3, 4, 5), 4: (2, 3, 4, 5)}

PHASES = ("move", "volcano", "spread", "land", "action", "over")
ACTIONS = ("", "hut", "holy", "birth")

#: The default round limit (R-M12): never reached by people, always by a game that is stuck.
DEFAULT_MAX_ROUNDS = 100


@dataclass(frozen=True, slots=True)
class Options(RulesetOptions):
    """Variants and reconstruction choices (docs/rulings.md).

    Attributes:
        cards_at_start: variant "Cards at the Beginning": every player starts with a card.
        no_reshuffle: variant "Do Not Shuffle the Cards": played cards leave the game.
        removed_plains: plains left out of the game; None for our reconstruction's default
            (0 with 4 players, 4 with 3, 8 with 2: R-M1).
        max_rounds: the round after which the game ends and is ranked (R-M12; not in the
            rule text), so that every game ends — 100 by default, far beyond a game between
            people; None for the rule text alone (play until someone has placed all four
            markers, which uniformly random play does not always reach).
        first_round_table: the first round's movement points by seat (`FIRST_ROUND`: 2 to 5,
            as reviews report; the table is a reconstruction, R-M2). Off by default: the rule
            text gives "5 movement points during the turn", with no exception. A save written
            before the option existed was played with the table, so it loads with it on
            (`from_dict`).
        movement: the movement points of a turn (5; house rule M-OPT-MOVE-1).
        mana: the mana each player starts with (0; M-OPT-MANA-1).
        max_mana: the maximum mana each player starts with (3; M-OPT-MANA-1).
        markers_to_win: the sacrifice markers a player must place to win (4; M-OPT-WIN-1).
    """

    HOUSE_RULES: ClassVar[tuple[str, ...]] = ("movement", "mana", "max_mana",
                                              "markers_to_win")

    cards_at_start: bool = False
    no_reshuffle: bool = False
    removed_plains: int | None = None
    max_rounds: int | None = DEFAULT_MAX_ROUNDS
    first_round_table: bool = False
    movement: int = MOVEMENT
    mana: int = 0
    max_mana: int = START_MAX_MANA
    markers_to_win: int = len(MARKER_VALUES)

    @classmethod
    def from_dict(cls, data: Any) -> Options:
        # Saves from before the option were played with the first-round table, which was the
        # engine's only rule then: their moves replay only with it (a 2-point turn ends sooner).
        if isinstance(data, dict) and "first_round_table" not in data:
            data = {**data, "first_round_table": True}
        # (Not super(): a slots dataclass is a new class, which zero-argument super() misses.)
        return RulesetOptions.from_dict.__func__(cls, data)  # type: ignore[attr-defined,no-any-return]

    def __post_init__(self) -> None:
        for name in ("cards_at_start", "no_reshuffle", "first_round_table"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInput(f"option {name} must be true or false, "
                                   f"not {shown(getattr(self, name))}")
        rp = self.removed_plains
        if rp is not None and (isinstance(rp, bool) or not isinstance(rp, int)
                               or not 0 <= rp <= FIELD_COUNTS["P"] - 2):
            raise InvalidInput(f"option removed_plains must be a whole number from 0 to "
                               f"{FIELD_COUNTS['P'] - 2} or None, not {shown(rp)}")
        mr = self.max_rounds
        if mr is not None and (isinstance(mr, bool) or not isinstance(mr, int) or mr < 1):
            raise InvalidInput(f"option max_rounds must be a whole number ≥ 1 or None, "
                               f"not {shown(mr)}")
        for name, least, most in (("movement", 1, MAX_MOVEMENT), ("max_mana", 1, MANA_TOP),
                                  ("markers_to_win", 1, len(MARKER_VALUES))):
            value = getattr(self, name)
            if not is_int(value) or not least <= value <= most:
                raise InvalidInput(f"option {name} must be a whole number from {least} to "
                                   f"{most}, not {shown(value)}")
        if not is_int(self.mana) or not 0 <= self.mana <= self.max_mana:
            raise InvalidInput(f"option mana must be a whole number from 0 to max_mana "
                               f"({self.max_mana}), not {shown(self.mana)}")

    def endless(self) -> bool:
        """Whether a game may never end: without a round limit, random play does not always
        reach four markers (R-M12)."""
        return self.max_rounds is None


def removed_plains(players: int, options: Options) -> int:
    """How many plains are left out of the game (option ``removed_plains``, else the
    layout's: R-M1)."""
    if options.removed_plains is not None:
        return options.removed_plains
    return layout(players)["removed_plains"]


@dataclass(frozen=True, slots=True)
class State:
    """A Mesopotamia position. Build one with `new_state` or `position`; change it only
    through `apply`.

    Attributes:
        options, players, seed: as set up.
        turn: turns begun so far minus one (player ``turn % players`` is active); round
            ``turn // players + 1``.
        to_move: the active player (None when the game is over).
        phase: ``move`` (phase I), ``volcano`` / ``spread`` / ``land`` (choices inside a
            discovery), ``action`` (phase II) or ``over``.
        tiles: the fields placed, ``((q, r), kind)`` in placement order.
        pile: the face-down fields, top first.
        natives, goods, huts, holy: see the module docstring; goods are ``(q, r, lumber,
            stone)`` lying on fields, holy places ``(q, r, owner)``.
        mana, max_mana: each player's mana track.
        markers: the covered markers still in front of each player.
        delivered: the markers each player has placed at the temple, in order.
        deck, discard, hands, out: the cards (deck top first; `out` holds cards out of the
            game); `fresh` is the card the active player drew this turn (kept apart: it may only
            be played in a later turn).
        points, discoveries: movement points left and fields discovered this turn.
        action: the phase-II action chosen (``hut``, ``holy``, ``birth``, ``draw``) once one
            is taken; phase II lasts while it can be repeated or a held card can be played.
        used: per field, ``(q, r, lumber carriers used, other natives used, births)`` in this
            phase II: natives of one building or birth do not serve another.
        fertility, land, priests: cards played for this turn (Fertility, Land, Priest
            targets).
        pending: a discovery waiting for a choice: for ``volcano`` and ``land``
            ``(target q, target r, from q, from r, cargo, stole)``; for ``spread``
            ``(0 lumber / 1 stones, how many, q, r)``.
        candidates: the fields a Land card shows (phase ``land``).
        draws: reshuffles so far (each derives its order from the seed and this count).
        won: the winners once the game is over.
    """

    RULESET: ClassVar[str] = "mesopotamia"

    options: Options
    players: int
    seed: int | None
    turn: int
    to_move: int | None
    phase: str
    tiles: tuple[tuple[Coord, str], ...]
    pile: tuple[str, ...]
    natives: tuple[tuple[int, int, int, int, bool], ...]
    goods: tuple[tuple[int, int, int, int], ...]
    huts: tuple[tuple[int, int, int, int], ...]
    holy: tuple[tuple[int, int, int], ...]
    mana: tuple[int, ...]
    max_mana: tuple[int, ...]
    markers: tuple[tuple[int, ...], ...]
    delivered: tuple[tuple[int, ...], ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    fresh: str
    out: tuple[str, ...]
    points: int
    discoveries: int
    action: str
    used: tuple[tuple[int, int, int, int, int], ...]
    fertility: bool
    land: bool
    priests: tuple[Coord, ...]
    pending: tuple[int, ...]
    candidates: tuple[str, ...]
    draws: int
    won: tuple[int, ...]

    # Reading the position -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def round(self) -> int:
        return self.turn // self.players + 1

    def scores(self) -> tuple[int, ...]:
        """Markers placed at the temple by each player (4 wins)."""
        return tuple(len(d) for d in self.delivered)

    def winners(self) -> frozenset[int]:
        return frozenset(self.won) if self.is_over else frozenset()

    def tile_at(self, c: Coord) -> str | None:
        for t, kind in self.tiles:
            if t == c:
                return kind
        return None

    def natives_of(self, player: int) -> int:
        return sum(1 for n in self.natives if n[2] == player)

    def lumber_supply(self) -> int:
        return LUMBER - sum(g[2] for g in self.goods) - sum(
            1 for n in self.natives if n[3] == LUMBER_CARGO)

    def stone_supply(self) -> int:
        return STONES - sum(g[3] for g in self.goods) - sum(
            1 for n in self.natives if n[3] == STONE_CARGO)

    def view(self, player: int | None = None) -> State:
        """What `player` may see: other players' marker values and cards are hidden, and the
        order of the field pile and of the card deck (``None``: a spectator, who sees no
        marker value and no card)."""
        def hide_cargo(n: tuple[int, int, int, int, bool]) -> tuple[int, int, int, int, bool]:
            if n[2] != player and n[3] >= OLD:
                return (n[0], n[1], n[2], n[3] - n[3] % 10, n[4])
            return n

        return _evolve(
            self,
            pile=tuple(sorted(self.pile)),
            natives=tuple(sorted(hide_cargo(n) for n in self.natives)),
            huts=tuple(sorted((h[0], h[1], h[2], HIDDEN if h[3] and h[2] != player else h[3])
                              for h in self.huts)),
            markers=tuple(m if p == player else (HIDDEN,) * len(m)
                          for p, m in enumerate(self.markers)),
            deck=tuple(sorted(self.deck)),
            hands=tuple(h if p == player else ("?",) * len(h)
                        for p, h in enumerate(self.hands)),
            fresh=self.fresh if self.to_move == player or not self.fresh else "?",
            candidates=self.candidates if self.to_move == player else tuple(
                "?" for _ in self.candidates),
            seed=None,  # later reshuffles derive from it
        )

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view: hidden marker values, hands and the orders
        of the pile and deck drawn from `rng`, and a new seed for later reshuffles."""
        hidden_players = {h[2] for h in self.huts if h[3] == HIDDEN}
        hidden_players |= {n[2] for n in self.natives if n[3] in (OLD, FRESH)}
        hidden_players |= {p for p, m in enumerate(self.markers) if HIDDEN in m}
        natives = list(self.natives)
        huts = list(self.huts)
        markers = [list(m) for m in self.markers]
        for p in sorted(hidden_players):
            known = list(self.delivered[p])
            known += [h[3] for h in huts if h[2] == p and h[3] > HIDDEN]
            known += [n[3] % 10 for n in natives if n[2] == p and n[3] >= OLD and n[3] % 10]
            known += [v for v in markers[p] if v > HIDDEN]
            values = list(MARKER_VALUES)
            for v in known:
                if v in values:
                    values.remove(v)
            rng.shuffle(values)
            for i, h in enumerate(huts):
                if h[2] == p and h[3] == HIDDEN:
                    huts[i] = (h[0], h[1], h[2], values.pop())
            for i, n in enumerate(natives):
                if n[2] == p and n[3] in (OLD, FRESH):
                    natives[i] = (n[0], n[1], n[2], n[3] + values.pop(), n[4])
            markers[p] = sorted([v for v in markers[p] if v > HIDDEN]
                                + [values.pop() for v in markers[p] if v == HIDDEN])
        unknown_cards = list(self.deck) + [c for h in self.hands for c in h if c == "?"]
        if self.fresh == "?":
            unknown_cards.append("?")
        pool = full_deck(self.players)
        for c in [*self.discard, *self.out, *(c for h in self.hands for c in h if c != "?")]:
            pool.remove(c)
        if self.fresh and self.fresh != "?":
            pool.remove(self.fresh)
        rng.shuffle(pool)
        hands = []
        for h in self.hands:
            hands.append(tuple(sorted([c for c in h if c != "?"]
                                      + [pool.pop() for c in h if c == "?"])))
        fresh = pool.pop() if self.fresh == "?" else self.fresh
        pile = list(self.pile)
        rng.shuffle(pile)
        candidates = self.candidates
        if "?" in candidates:
            # What the Land card shows is what is neither placed, in the pile nor left out.
            shown = []
            for kind, count in FIELD_COUNTS.items():
                left = count - sum(1 for _, k in self.tiles if k == kind) - self.pile.count(kind)
                shown += [kind] * (left - (removed_plains(self.players, self.options)
                                           if kind == "P" else 0))
            rng.shuffle(shown)
            candidates = tuple(shown)
        return _evolve(self, seed=rng.randrange(2**31) if self.seed is None else self.seed,
                       natives=tuple(sorted(natives)), huts=tuple(sorted(huts)),
                       markers=tuple(tuple(m) for m in markers), hands=tuple(hands),
                       fresh=fresh, deck=tuple(pool), pile=tuple(pile), candidates=candidates)

    def summary(self) -> str:
        if self.is_over:
            who = ", ".join(player_name(p) for p in self.won) or "nobody"
            return f"game over after round {self.round}, won by {who}"
        return (f"round {self.round}, {player_name(self.to_move)} to move ({self.phase}"
                + (f", {self.points} movement points" if self.phase == "move" else "") + ")")

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
            "turn": self.turn,
            "to_move": self.to_move,
            "phase": self.phase,
            "tiles": [[fmt(c), k] for c, k in self.tiles],
            "pile": "".join(self.pile),
            "natives": [[fmt(n[:2]), n[2], n[3], n[4]] for n in self.natives],
            "goods": [[fmt(g[:2]), g[2], g[3]] for g in self.goods],
            "huts": [[fmt(h[:2]), h[2], h[3]] for h in self.huts],
            "holy": [[fmt(h[:2]), h[2]] for h in self.holy],
            "mana": list(self.mana),
            "max_mana": list(self.max_mana),
            "markers": [list(m) for m in self.markers],
            "delivered": [list(d) for d in self.delivered],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "hands": [list(h) for h in self.hands],
            "fresh": self.fresh,
            "out": list(self.out),
            "points": self.points,
            "discoveries": self.discoveries,
            "action": self.action,
            "used": [[fmt(u[:2]), u[2], u[3], u[4]] for u in self.used],
            "fertility": self.fertility,
            "land": self.land,
            "priests": [fmt(c) for c in self.priests],
            "pending": list(self.pending),
            "candidates": "".join(self.candidates),
            "draws": self.draws,
            "won": list(self.won),
        }


_FIELDS = tuple(f.name for f in fields(State))


def _evolve(state: State, **changes: Any) -> State:
    """A copy of `state` with `changes`; cheaper than `dataclasses.replace`."""
    return State(*[changes[name] if name in changes else getattr(state, name)
                   for name in _FIELDS])
