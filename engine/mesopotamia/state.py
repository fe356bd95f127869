"""The Mesopotamia state: an immutable value holding everything that changes during a game.

Covers "Game Material" and "Game Preparation" of the rule text: per colour 8 natives, 5 huts,
3 holy places and 4 sacrifice markers (values 2, 4, 6, 7: RESEARCH.md §3), the mana track
(0 to 8, current 0 and maximum 3 at the start), 20 lumber and 20 stones, the 18 cards, the map
and the face-down field pile; and where a turn stands (phase, movement points left,
discoveries, the action chosen, cards played for this turn).

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
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.core import InvalidInput, RulesetOptions, check_keys, field, shown
from engine.mesopotamia.board import FIELD_COUNTS, Coord, fmt

NATIVES = 8
HUTS = 5
HOLY_PLACES = 3
MARKER_VALUES = (2, 4, 6, 7)
LUMBER = 20
STONES = 20
MANA_TOP = 8
START_MAX_MANA = 3
MOVEMENT = 5
STAMINA_POINTS = 3
MAX_DISCOVERIES = 3
HIDDEN = 1  # a covered marker whose value the viewer may not see

NONE, LUMBER_CARGO, STONE_CARGO = 0, 1, 2
OLD, FRESH = 10, 20  # carried markers: 10 + value (placeable) and 20 + value (taken this turn)

#: The 18 cards: id → (count, English name, German name).
CARDS: dict[str, tuple[int, str, str]] = {
    "expulsion": (2, "Expulsion", "Vertreibung"),
    "fertility": (2, "Fertility", "Fruchtbarkeit"),
    "mana_theft": (2, "Mana Theft", "Mana-Raub"),
    "teleport": (2, "Teleport", "Teleport"),
    "holy_stone": (2, "Holy Stone", "Heiliger Stein"),
    "land": (2, "Land", "Land"),
    "stamina": (3, "Stamina", "Ausdauer"),
    "priest": (3, "Priest", "Priester"),
}
CARD_NAMES_NL = {"expulsion": "Verdrijving", "fertility": "Vruchtbaarheid",
                 "mana_theft": "Manaroof", "teleport": "Teleport", "holy_stone": "Heilige steen",
                 "land": "Land", "stamina": "Uithoudingsvermogen", "priest": "Priester"}
#: Cards that leave the 2-player game (a reconstruction: docs/rulings.md R-M3).
TWO_PLAYER_REMOVED = ("expulsion", "expulsion", "mana_theft", "mana_theft")
#: Movement points in the first round by seat (a reconstruction: R-M2); later always 5.
FIRST_ROUND = {2: (4, 5), 3: (3, 4, 5), 4: (2, 3, 4, 5)}

PHASES = ("move", "volcano", "spread", "land", "action", "over")
ACTIONS = ("", "hut", "holy", "birth")

PLAYER_NAMES = {
    "en": ("Blue", "Red", "Yellow", "Green"),
    "nl": ("Blauw", "Rood", "Geel", "Groen"),
}


def player_name(player: int, lang: str = "en") -> str:
    if player < 0:
        return "neutral" if lang == "en" else "neutraal"
    return PLAYER_NAMES.get(lang, PLAYER_NAMES["en"])[player]


def card_name(card: str, lang: str = "en") -> str:
    if card not in CARDS:
        return "a hidden card" if lang == "en" else "een verborgen kaart"
    return CARDS[card][1] if lang == "en" else CARD_NAMES_NL[card]


def full_deck(players: int) -> list[str]:
    """The cards in play for this player count, sorted."""
    deck = [c for c, (n, _, _) in CARDS.items() for _ in range(n)]
    if players == 2:
        for c in TWO_PLAYER_REMOVED:
            deck.remove(c)
    return sorted(deck)


def cargo_token(cargo: int, stole: bool = False) -> str:
    """A native's notation: ``.`` (free), ``L``, ``S``, ``M4`` (a placeable marker of value 4),
    ``m4`` (taken up this turn), ``M?``/``m?`` (value hidden); ``!`` once it stole this turn."""
    if cargo == NONE:
        text = "."
    elif cargo == LUMBER_CARGO:
        text = "L"
    elif cargo == STONE_CARGO:
        text = "S"
    else:
        value = cargo % 10
        text = ("M" if cargo < FRESH else "m") + (str(value) if value else "?")
    return text + ("!" if stole else "")


def parse_token(text: Any) -> tuple[int, bool]:
    """The inverse of `cargo_token`; raises `InvalidInput`."""
    if not isinstance(text, str) or not text:
        raise InvalidInput(f"a native is written '.', 'L', 'S', 'M4' or 'm4' (with '!' once it "
                           f"stole this turn), not {shown(text)}")
    stole = text.endswith("!")
    body = text[:-1] if stole else text
    if body == ".":
        return NONE, stole
    if body == "L":
        return LUMBER_CARGO, stole
    if body == "S":
        return STONE_CARGO, stole
    if len(body) == 2 and body[0] in "Mm" and (body[1] == "?" or (
            body[1] in "0123456789" and int(body[1]) in MARKER_VALUES)):
        base = OLD if body[0] == "M" else FRESH
        return base + (0 if body[1] == "?" else int(body[1])), stole
    raise InvalidInput(f"unknown native {shown(text)}: write '.', 'L', 'S', 'M4' or 'm4' (with '!' "
                       "once it stole this turn)")


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
    """

    cards_at_start: bool = False
    no_reshuffle: bool = False
    removed_plains: int | None = None
    max_rounds: int | None = DEFAULT_MAX_ROUNDS

    def __post_init__(self) -> None:
        for name in ("cards_at_start", "no_reshuffle"):
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
            from engine.mesopotamia.rules import removed_plains

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
        from engine.mesopotamia.text import render_text

        return render_text(self)

    # Save files -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data; `state_from_dict` reads it back (and checks it)."""
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


# --------------------------------------------------------------------------- reading JSON


def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{where} must be a whole number, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidInput(f"{where} must be between {low} and {high}, not {value}")
    return value


def _rows(data: Mapping[str, Any], key: str, where: str, size: int) -> list[list[Any]]:
    rows = field(data, key, list, where)
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != size:
            raise InvalidInput(f"{where}.{key}[{i}] must be a list of {size} items")
    return rows


def _coord(text: Any, where: str) -> Coord:
    from engine.mesopotamia.board import parse_coord

    return parse_coord(text, where)


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidInput(f"{where} must be a list of strings")
    return tuple(value)


def state_from_dict(data: Any) -> State:
    """Read a state written by `State.to_dict`, checking every field and invariant.

    Raises:
        InvalidInput: naming the first field that is malformed or inconsistent.
    """
    from engine.mesopotamia.rules import check_state

    w = "mesopotamia state"
    if not isinstance(data, Mapping):
        raise InvalidInput(f"{w} must be an object")
    check_keys(data, [*_FIELDS, "ruleset"], w)
    if data.get("ruleset") != "mesopotamia":
        raise InvalidInput(f"{w}: ruleset is {shown(data.get('ruleset'))}, not 'mesopotamia'")
    players = _int(field(data, "players", int, w), f"{w}.players", 2, 4)
    to_move = data.get("to_move")
    if to_move is not None:
        to_move = _int(to_move, f"{w}.to_move", 0, players - 1)
    tiles = []
    for i, (c, k) in enumerate(_rows(data, "tiles", w, 2)):
        if not isinstance(k, str) or k not in FIELD_COUNTS:
            raise InvalidInput(f"{w}.tiles[{i}] has unknown kind {shown(k)}")
        tiles.append((_coord(c, f"{w}.tiles[{i}]"), k))
    pile = field(data, "pile", str, w)
    if any(k not in FIELD_COUNTS for k in pile):
        raise InvalidInput(f"{w}.pile holds unknown field kinds: {shown(pile)}")
    natives = []
    for i, (c, owner, cargo, stole) in enumerate(_rows(data, "natives", w, 4)):
        q, r = _coord(c, f"{w}.natives[{i}]")
        _int(owner, f"{w}.natives[{i}] owner", 0, players - 1)
        _int(cargo, f"{w}.natives[{i}] cargo", 0, FRESH + 9)
        if not isinstance(stole, bool):
            raise InvalidInput(f"{w}.natives[{i}] stole must be true or false")
        natives.append((q, r, owner, cargo, stole))
    goods = []
    for i, (c, lumber, stone) in enumerate(_rows(data, "goods", w, 3)):
        q, r = _coord(c, f"{w}.goods[{i}]")
        goods.append((q, r, _int(lumber, f"{w}.goods[{i}] lumber", 0, LUMBER),
                      _int(stone, f"{w}.goods[{i}] stone", 0, STONES)))
    huts = []
    for i, (c, owner, marker) in enumerate(_rows(data, "huts", w, 3)):
        q, r = _coord(c, f"{w}.huts[{i}]")
        huts.append((q, r, _int(owner, f"{w}.huts[{i}] owner", -1, players - 1),
                     _int(marker, f"{w}.huts[{i}] marker", 0, 7)))
    holy = []
    for i, (c, owner) in enumerate(_rows(data, "holy", w, 2)):
        q, r = _coord(c, f"{w}.holy[{i}]")
        holy.append((q, r, _int(owner, f"{w}.holy[{i}] owner", 0, players - 1)))
    per_player = {}
    for key in ("mana", "max_mana"):
        values = field(data, key, list, w)
        if len(values) != players:
            raise InvalidInput(f"{w}.{key} needs one entry per player")
        per_player[key] = tuple(_int(v, f"{w}.{key}", 0, MANA_TOP) for v in values)
    for key in ("markers", "delivered", "hands"):
        values = field(data, key, list, w)
        if len(values) != players or not all(isinstance(v, list) for v in values):
            raise InvalidInput(f"{w}.{key} needs one list per player")
    markers = tuple(tuple(_int(v, f"{w}.markers", 1, 7) for v in m) for m in data["markers"])
    delivered = tuple(tuple(_int(v, f"{w}.delivered", 2, 7) for v in d)
                      for d in data["delivered"])
    hands = tuple(_strings(h, f"{w}.hands") for h in data["hands"])
    used = []
    for i, (c, a, b, births) in enumerate(_rows(data, "used", w, 4)):
        q, r = _coord(c, f"{w}.used[{i}]")
        used.append((q, r, _int(a, f"{w}.used", 0, NATIVES), _int(b, f"{w}.used", 0, NATIVES),
                     _int(births, f"{w}.used", 0, 2)))
    pending = field(data, "pending", list, w)
    for v in pending:
        _int(v, f"{w}.pending", -99, 99)
    won = field(data, "won", list, w)
    for v in won:
        _int(v, f"{w}.won", 0, players - 1)
    candidates = field(data, "candidates", str, w)
    for flag in ("fertility", "land"):
        field(data, flag, bool, w)
    state = State(
        options=Options.from_dict(field(data, "options", dict, w)),
        players=players,
        # A player's view has no seed (it would tell the hidden orders).
        seed=None if data.get("seed", 0) is None else _int(field(data, "seed", int, w),
                                                             f"{w}.seed", 0),
        turn=_int(field(data, "turn", int, w), f"{w}.turn", 0),
        to_move=to_move,
        phase=field(data, "phase", str, w),
        tiles=tuple(tiles),
        pile=tuple(pile),
        natives=tuple(sorted(natives)),
        goods=tuple(sorted(goods)),
        huts=tuple(sorted(huts)),
        holy=tuple(sorted(holy)),
        mana=per_player["mana"],
        max_mana=per_player["max_mana"],
        markers=markers,
        delivered=delivered,
        deck=_strings(field(data, "deck", list, w), f"{w}.deck"),
        discard=_strings(field(data, "discard", list, w), f"{w}.discard"),
        hands=hands,
        fresh=field(data, "fresh", str, w),
        out=_strings(field(data, "out", list, w), f"{w}.out"),
        points=_int(field(data, "points", int, w), f"{w}.points", 0, 99),
        discoveries=_int(field(data, "discoveries", int, w), f"{w}.discoveries", 0, 99),
        action=field(data, "action", str, w),
        used=tuple(sorted(used)),
        fertility=data["fertility"],
        land=data["land"],
        priests=tuple(_coord(c, f"{w}.priests") for c in _strings(
            field(data, "priests", list, w), f"{w}.priests")),
        pending=tuple(pending),
        candidates=tuple(candidates),
        draws=_int(field(data, "draws", int, w), f"{w}.draws", 0),
        won=tuple(won),
    )
    check_state(state)
    return state
