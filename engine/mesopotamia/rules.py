"""Mesopotamia rules: setup, the legal moves, and `apply`, the pure step from state to state.

Covers "Game Preparation", "Game Flow", "Movement of the Natives" (carrying, stealing, building
the temple, sacrifices, discovering), "Conduct Actions" (huts, holy places, births, drawing a
card), "Receive Mana Points", "Game End" and both variants of the rule text; the cards'
effects are in `cards.py`, the mana of phase III and the ranking in `scoring.py`.

Design (docs/rulings.md): every decision is a move of the active player. A native
moves to any field it can reach with the points left (`Go`: a shortest way, costing its
length) rather than one step at a time, so a turn is a handful of sensible choices; picking up,
dropping, stealing and taking up markers are free moves in between; "end" is always there.
What is no decision happens by itself: a native that enters the temple place with a marker it
may place places it (or is pushed back), phase III's mana, a discovery's goods where no choice
is left, skipping phase II when no action is possible.

All the work is done on `Work`, a private mutable copy of a `State`: `legal()` lists the rules'
move tuples in a stable order and `do()` plays one. `apply` checks a move by membership in
`legal()`, so what is legal is decided in one place; `explain` only words the refusal. The fast
path (`fast.py`) drives the same `Work` without rebuilding a state between moves. Where natives
can go is searched on bitmasks (`reach.py`); moves that differ only in their last part are
listed as runs (`runs.py`), which the fast path counts without building them.
"""

from __future__ import annotations

import itertools
from typing import Any

from engine.core import (
    IllegalMove,
    InvalidInput,
    Message,
    Named,
    Outcome,
    check_seed,
    is_int,
    make_rng,
    shaped,
    shown,
)
from engine.mesopotamia import events as ev
from engine.mesopotamia.board import (
    FIELD_COUNTS,
    FIELDS,
    TEMPLE,
    Coord,
    edge_places,
    fmt,
    is_connected,
    layout,
    neighbours,
    parse_coord,
    start_tiles,
)
from engine.mesopotamia.board import reach as plain_reach
from engine.mesopotamia.cards import can_play, card_moves, play_card
from engine.mesopotamia.moves import from_internal, to_internal
from engine.mesopotamia.reach import Reach
from engine.mesopotamia.refusals import TEXT
from engine.mesopotamia.runs import FieldRuns, Runs
from engine.mesopotamia.scoring import MARKERS_TO_WIN, phase_three_mana, ranking
from engine.mesopotamia.state import (
    FIRST_ROUND,
    FRESH,
    HIDDEN,
    HOLY_PLACES,
    HUTS,
    LUMBER,
    LUMBER_CARGO,
    MANA_TOP,
    MARKER_VALUES,
    MAX_DISCOVERIES,
    MOVEMENT,
    NATIVES,
    NONE,
    OLD,
    PHASES,
    STONE_CARGO,
    STONES,
    Options,
    State,
    cargo_token,
    full_deck,
    parse_token,
    player_name,
    removed_plains,
)

# ------------------------------------------------------------------------------------- setup


def new_state(players: int = 4, seed: int | None = None, **options: Any) -> State:
    """A new game set up from `seed`: the start layout, shuffled field pile and card deck.

    Raises:
        InvalidInput: players other than 2 to 4, an unknown option or value.
    """
    if not is_int(players) or players not in FIRST_ROUND:
        raise InvalidInput(f"Mesopotamia is played by 2, 3 or 4 players, not {shown(players)}")
    seed = check_seed(seed)
    opts = Options.from_keywords("Mesopotamia", options)
    setup = layout(players)
    tiles = start_tiles()
    removed = removed_plains(players, opts)
    pile = []
    for kind, count in FIELD_COUNTS.items():
        left = count - sum(1 for _, k in tiles if k == kind) - (removed if kind == "P" else 0)
        pile += [kind] * left
    rng = make_rng(seed, "mesopotamia", "setup")
    rng.shuffle(pile)
    deck = full_deck(players)
    rng.shuffle(deck)
    natives = []
    huts = []
    for q, r, seats in setup["start"]:
        for p in seats:
            natives += [(q, r, p, NONE, False)] * 3
            huts.append((q, r, p, 0))  # starting huts hold no marker (R-M4)
    huts += [(q, r, -1, 0) for q, r in setup["neutral_huts"]]
    goods = []
    for c, kind in tiles:
        if kind in "FQ":
            goods.append((c[0], c[1], players if kind == "F" else 0,
                          players if kind == "Q" else 0))
    hands: list[tuple[str, ...]] = [() for _ in range(players)]
    if opts.cards_at_start:
        for p in range(players):
            hands[p] = (deck.pop(0),)
    return State(
        options=opts, players=players, seed=seed, turn=0, to_move=0, phase="move",
        tiles=tiles, pile=tuple(pile), natives=tuple(sorted(natives)),
        goods=tuple(sorted(goods)), huts=tuple(sorted(huts)), holy=(),
        mana=(opts.mana,) * players, max_mana=(opts.max_mana,) * players,
        markers=(MARKER_VALUES,) * players, delivered=((),) * players,
        deck=tuple(deck), discard=(), hands=tuple(hands), fresh="", out=(),
        points=movement_points(0, players, opts), discoveries=0, action="", used=(),
        fertility=False, land=False, priests=(), pending=(), candidates=(), draws=0, won=())


def movement_points(turn: int, players: int, options: Options | None = None) -> int:
    """Points for a turn: 5, as the rule text says (M-TURN-2), or the house rule's
    ``movement``; with the option ``first_round_table`` the first round's table by seat
    (R-M2)."""
    if options is None:
        return MOVEMENT
    if options.first_round_table and turn < players:
        return FIRST_ROUND[players][turn]
    return options.movement


# ---------------------------------------------------------------------------- the work copy

#: The caches of each map seen lately (keyed by its tiles in placement order): its `Reach`,
#: the empty places beside its fields, its edge places. States of one game, and the playouts
#: of a search, share them. Bounded: cleared when full.
_WAYS: dict[tuple[tuple[Coord, str], ...], dict[Any, Any]] = {}
_WAYS_LIMIT = 512


def _ways_for(tiles: tuple[tuple[Coord, str], ...]) -> dict[Any, Any]:
    got = _WAYS.get(tiles)
    if got is None:
        got = {}
        _remember(tiles, got)
    return got


def _remember(tiles: tuple[tuple[Coord, str], ...], cache: dict[Any, Any]) -> None:
    if len(_WAYS) >= _WAYS_LIMIT:
        _WAYS.clear()
    _WAYS[tiles] = cache



class Work:
    """A mutable copy of a `State` that the rules read and change; `freeze` makes a State.

    Events are made only when `events` is a list (`apply` sets one): the fast path makes none,
    which is why each is built under ``if self.events is not None``.
    """

    __slots__ = (
        "action", "candidates", "deck", "delivered", "discard", "discoveries", "draws", "events",
        "fertility", "fresh", "goods", "grown", "hands", "holy", "huts", "land", "mana", "markers",
        "maxm", "nat", "options", "out", "pending", "phase", "pile", "places", "players",
        "points", "priests", "reach", "renew", "seed", "tiles", "to_move", "turn", "used",
        "way_cache", "where", "won")

    def __init__(self, s: State):
        self.options = s.options
        self.players = s.players
        self.seed = s.seed
        self.turn = s.turn
        self.to_move = s.to_move
        self.phase = s.phase
        self.tiles: dict[Coord, str] = dict(s.tiles)
        self.pile = list(s.pile)
        nat: dict[Coord, dict[tuple[int, int, bool], int]] = {}
        for q, r, o, cargo, stole in s.natives:
            at = nat.setdefault((q, r), {})
            key = (o, cargo, stole)
            at[key] = at.get(key, 0) + 1
        self.nat = nat
        # The fields where each player has natives (kept by add_native and remove_native).
        self.where: list[set[Coord]] = [set() for _ in range(s.players)]
        for q, r, o, _, _ in s.natives:
            self.where[o].add((q, r))
        self.goods = {(q, r): [lumber, stone] for q, r, lumber, stone in s.goods}
        huts: dict[Coord, list[list[int]]] = {}
        for q, r, o, m in s.huts:
            huts.setdefault((q, r), []).append([o, m])
        self.huts = huts
        self.holy = {(q, r): o for q, r, o in s.holy}
        self.mana = list(s.mana)
        self.maxm = list(s.max_mana)
        self.markers = [list(m) for m in s.markers]
        self.delivered = [list(d) for d in s.delivered]
        self.deck = list(s.deck)
        self.discard = list(s.discard)
        self.hands = [list(h) for h in s.hands]
        self.fresh = s.fresh
        self.out = list(s.out)
        self.points = s.points
        self.discoveries = s.discoveries
        self.action = s.action
        self.used = {(u[0], u[1]): [u[2], u[3], u[4]] for u in s.used}
        self.fertility = s.fertility
        self.land = s.land
        self.priests = list(s.priests)
        self.pending = s.pending
        self.candidates = list(s.candidates)
        self.draws = s.draws
        self.won = list(s.won)
        self.events: list[ev.Event] | None = None
        self.way_cache = _ways_for(s.tiles)
        reach = self.way_cache.get("reach")
        if reach is None:
            reach = self.way_cache["reach"] = Reach(self.tiles)
            self.way_cache["places"] = {}
        self.reach: Reach = reach
        #: The empty places beside each field, in `board.DIRECTIONS` order.
        self.places: dict[Coord, list[Coord]] = self.way_cache["places"]
        self.grown = False  # whether `grow` made the caches (`position` edits tiles directly)
        # Whether a native of the player to move stole or took up a marker in this turn.
        self.renew = any(o == s.to_move and (stole or cargo >= FRESH)
                         for _, _, o, cargo, stole in s.natives)

    def copy(self) -> Work:
        """An independent working copy in the same position, as ``Work(state)`` of the state
        it holds gives (without events): for a search that plays many moves from one
        position. The map's caches (`reach`, `places`, `way_cache`) are shared, as every
        `Work` of one map shares them."""
        w = Work.__new__(Work)
        w.action, w.discoveries, w.draws = self.action, self.discoveries, self.draws
        w.fertility, w.fresh, w.grown = self.fertility, self.fresh, self.grown
        w.land, w.options, w.pending = self.land, self.options, self.pending
        w.phase, w.players, w.points = self.phase, self.players, self.points
        w.seed, w.to_move, w.turn = self.seed, self.to_move, self.turn
        w.renew, w.reach, w.places = self.renew, self.reach, self.places
        w.way_cache = self.way_cache
        w.events = None
        w.tiles = dict(self.tiles)
        w.pile = list(self.pile)
        w.nat = {c: dict(at) for c, at in self.nat.items()}
        w.where = [set(fields) for fields in self.where]
        w.goods = {c: list(g) for c, g in self.goods.items()}
        w.huts = {c: [list(h) for h in hs] for c, hs in self.huts.items()}
        w.holy = dict(self.holy)
        w.mana = list(self.mana)
        w.maxm = list(self.maxm)
        w.markers = [list(m) for m in self.markers]
        w.delivered = [list(d) for d in self.delivered]
        w.deck = list(self.deck)
        w.discard = list(self.discard)
        w.hands = [list(h) for h in self.hands]
        w.out = list(self.out)
        w.used = {c: list(u) for c, u in self.used.items()}
        w.priests = list(self.priests)
        w.candidates = list(self.candidates)
        w.won = list(self.won)
        return w

    def freeze(self) -> State:
        tiles = tuple(self.tiles.items())
        if self.grown and tiles not in _WAYS:
            _remember(tiles, self.way_cache)  # for the next `Work` of this map
        natives = []
        for (q, r), at in self.nat.items():
            for (o, cargo, stole), k in at.items():
                natives += [(q, r, o, cargo, stole)] * k
        return State(
            self.options, self.players, self.seed, self.turn, self.to_move, self.phase,
            tiles, tuple(self.pile), tuple(sorted(natives)),
            tuple(sorted((c[0], c[1], g[0], g[1]) for c, g in self.goods.items() if any(g))),
            tuple(sorted((c[0], c[1], o, m) for c, hs in self.huts.items() for o, m in hs)),
            tuple(sorted((c[0], c[1], o) for c, o in self.holy.items())),
            tuple(self.mana), tuple(self.maxm), tuple(tuple(sorted(m)) for m in self.markers),
            tuple(tuple(d) for d in self.delivered), tuple(self.deck), tuple(self.discard),
            tuple(tuple(sorted(h)) for h in self.hands), self.fresh, tuple(self.out),
            self.points, self.discoveries, self.action,
            tuple(sorted((c[0], c[1], u[0], u[1], u[2]) for c, u in self.used.items())),
            self.fertility, self.land, tuple(self.priests), self.pending,
            tuple(self.candidates), self.draws, tuple(self.won))

    def ways(self, start: Coord, through: bool,
             limit: int) -> list[tuple[Coord, int, Coord]]:
        """The fields a native on `start` reaches in at most `limit` steps: ``(field, cost,
        previous)`` sorted by field — `board.reach`, for the one rule that needs the field a
        way comes from (a native pushed back from the temple); where natives can go is
        `reach.within`. (A breadth-first search finds a field's previous one before it looks
        further, so `limit` changes no answer within it.)"""
        found = plain_reach(self.tiles, start, limit, through)
        return sorted((f, cost, previous) for f, (cost, previous) in found.items())

    def grow(self, added: Coord) -> None:
        """Switch to caches for the map with the field just placed on `added`, keeping what
        the new field cannot change (`Reach.grown`; the empty places beside fields that are not
        its neighbours). They become the map's shared caches when a state is made of it."""
        self.reach = self.reach.grown(self.tiles, added)
        places = dict(self.places)
        for n in neighbours(added):
            places.pop(n, None)
        self.places = places
        self.way_cache = {"reach": self.reach, "places": places}
        self.grown = True

    def dests(self, start: Coord, through: bool, points: int) -> list[Coord]:
        """The fields a native on `start` reaches within `points` steps, sorted."""
        return self.reach.fields(self.reach.within(start, through, points))

    def emit(self, event: ev.Event) -> None:
        if self.events is not None:
            self.events.append(event)

    # Reading ---------------------------------------------------------------------------------

    def count(self, c: Coord, player: int) -> int:
        at = self.nat.get(c)
        if not at:
            return 0
        return sum(k for (o, _, _), k in at.items() if o == player)

    def on_board(self, player: int) -> int:
        nat = self.nat
        total = 0
        for c in self.where[player]:
            for (o, _, _), k in nat[c].items():
                if o == player:
                    total += k
        return total

    def supply(self, good: int) -> int:
        total = LUMBER if good == LUMBER_CARGO else STONES
        on = sum(g[good - 1] for g in self.goods.values())
        carried = sum(k for at in self.nat.values() for (_, cargo, _), k in at.items()
                      if cargo == good)
        return total - on - carried

    def huts_of(self, player: int) -> int:
        built = 0
        for hs in self.huts.values():
            for o, _ in hs:
                if o == player:
                    built += 1
        return built

    def holy_of(self, player: int) -> int:
        return sum(1 for o in self.holy.values() if o == player)

    def public_cargo(self, owner: int, cargo: int) -> int:
        """What the active player may know of another player's cargo (marker values hidden)."""
        if owner != self.to_move and cargo >= OLD:
            return cargo - cargo % 10
        return cargo

    def public_kinds(self, c: Coord) -> list[tuple[int, int, bool]]:
        """The natives on `c` as the active player may name them: each distinct (owner,
        `public_cargo`, stole), sorted."""
        at = self.nat.get(c)
        if not at:
            return []
        if len(at) == 1:  # most often: no marker value to hide, nothing to merge
            for o, cargo, stole in at:
                return [(o, self.public_cargo(o, cargo) if cargo >= OLD else cargo, stole)]
        return sorted({(o, self.public_cargo(o, cargo), stole) for (o, cargo, stole) in at})

    # Changing --------------------------------------------------------------------------------

    def add_native(self, c: Coord, owner: int, cargo: int, stole: bool, k: int = 1) -> None:
        at = self.nat.setdefault(c, {})
        key = (owner, cargo, stole)
        at[key] = at.get(key, 0) + k
        self.where[owner].add(c)

    def remove_native(self, c: Coord, owner: int, cargo: int, stole: bool) -> None:
        at = self.nat[c]
        key = (owner, cargo, stole)
        if at[key] == 1:
            del at[key]
            if not at:
                del self.nat[c]
                self.where[owner].discard(c)
                return
            for o, _, _ in at:
                if o == owner:
                    return
            self.where[owner].discard(c)  # the owner's last native left the field
            return
        at[key] -= 1

    def find_native(self, c: Coord, owner: int, cargo: int, stole: bool) -> tuple[int, bool]:
        """The real (cargo, stole) of a native named with a possibly hidden marker value."""
        at = self.nat.get(c, {})
        if (owner, cargo, stole) in at:
            return cargo, stole
        for (o, real, st) in sorted(at):
            if o == owner and st == stole and real >= OLD and real - real % 10 == cargo:
                return real, st
        raise KeyError((c, owner, cargo, stole))

    def add_good(self, c: Coord, good: int, k: int = 1) -> None:
        g = self.goods.setdefault(c, [0, 0])
        g[good - 1] += k

    def take_good(self, c: Coord, good: int) -> None:
        g = self.goods[c]
        g[good - 1] -= 1
        if not any(g):
            del self.goods[c]

    # Legal moves -----------------------------------------------------------------------------

    def legal(self) -> list[tuple[Any, ...]]:
        """Every legal move as the rules' tuple, in the order of `legal_moves`."""
        out: list[tuple[Any, ...]] = []
        for entry in self.segments():
            if type(entry) is tuple:
                out.append(entry)
            else:
                out.extend(entry.moves())
        return out

    def segments(self) -> list[Any]:
        """The legal moves as move tuples and `runs.Runs`/`runs.FieldRuns` of them."""
        phase = self.phase
        if phase == "move":
            return self.movement_moves()
        if phase == "action":
            return self.action_moves()
        if phase == "volcano":
            target = (self.pending[0], self.pending[1])
            edges = self.way_cache.get("edges")
            if edges is None:
                edges = self.way_cache["edges"] = edge_places(self.tiles)
            return [("volcano", c) for c in edges if c != target]
        if phase == "spread":
            good, k = self.pending[0], self.pending[1]
            kind = "F" if good == 0 else "Q"
            fields = sorted(c for c, t in self.tiles.items() if t == kind)
            return [("spread", combo) for combo in itertools.combinations(fields, k)]
        if phase == "land":
            return [("choose", k) for k in sorted(set(self.candidates))]
        return []

    def movement_moves(self) -> list[tuple[Any, ...]]:
        p = self.to_move
        tiles = self.tiles
        nat = self.nat
        goods = self.goods
        reach = self.reach
        within = reach.within
        places_beside = self.places
        points = self.points
        discovering = points and self.discoveries < MAX_DISCOVERIES and self.pile
        # One pass over the own natives, by field, then cargo, then the steal mark, gathers
        # each kind of move in the order `legal_moves` lists them.
        go_from: list[Any] = []  # FieldRuns: the prefixes and the masks of the destinations
        go_to: list[int] = []
        find_from: list[Any] = []  # Runs: the prefixes and the empty places beside
        find_at: list[Any] = []
        picks: list[Any] = []
        drops: list[Any] = []
        steal_fields = []
        own_fields = sorted(self.where[p])
        for c in own_fields:
            at = nat[c]
            kinds = at if len(at) == 1 else sorted(at)  # most often one kind, the player's
            g = goods.get(c)
            places = None
            if discovering:
                places = places_beside.get(c)
                if places is None:  # once per field and map
                    places = places_beside[c] = [n for n in neighbours(c) if n not in tiles]
            own = 0
            for o, cargo, stole in kinds:
                if o != p:
                    continue
                own += 1
                raw = cargo in (LUMBER_CARGO, STONE_CARGO)
                # Raw material is never carried out of the temple place (R-M6).
                if points and not (raw and c == TEMPLE):
                    dests = within(c, not raw and not OLD <= cargo < FRESH, points)
                    if dests:
                        go_from.append(("go", c, cargo, stole))
                        go_to.append(dests)
                if places:
                    find_from.append(("discover", c, cargo, stole))
                    find_at.append(places)
                if g and cargo < OLD:
                    if g[0] and cargo != LUMBER_CARGO:
                        picks.append(("pick", c, cargo, stole, LUMBER_CARGO))
                    if g[1] and cargo != STONE_CARGO:
                        picks.append(("pick", c, cargo, stole, STONE_CARGO))
                if raw:
                    drops.append(("drop", c, cargo, stole))
            if own < len(at) and (p, NONE, False) in at:  # others here, and a hand free
                steal_fields.append(c)
        moves: list[Any] = []
        if go_from:
            moves.append(FieldRuns(go_from, go_to, reach))
        if find_from:
            moves.append(Runs(find_from, find_at))
        moves += picks
        moves += drops
        for c in steal_fields:
            at = nat[c]
            loads = {(o, cargo) for o, cargo, _ in at
                     if o != p and cargo in (LUMBER_CARGO, STONE_CARGO)}
            if not loads:
                continue  # nothing here to steal
            counts = [0] * self.players
            for (o, _, _), k in at.items():
                counts[o] += k
            mine = counts[p]
            for v in range(self.players):
                if v != p and 0 < counts[v] < mine:
                    for good in (LUMBER_CARGO, STONE_CARGO):
                        if (v, good) in loads:
                            moves.append(("steal", c, v, good))
        # Markers neither in front of the player nor placed lie under huts or are carried.
        if len(self.markers[p]) + len(self.delivered[p]) < len(MARKER_VALUES):
            huts = self.huts
            for c in own_fields:
                if c not in huts:
                    continue
                values = sorted({m for o, m in huts[c] if o == p and m})
                if not values:
                    continue
                at = nat[c]
                if (p, NONE, False) in at or (p, NONE, True) in at:
                    moves.extend([("lift", c, v) for v in values])
            temple = nat.get(TEMPLE)
            if temple:
                values = sorted({cargo - OLD for (o, cargo, _) in temple
                                 if o == p and OLD <= cargo < FRESH})
                moves.extend([("offer", v) for v in values if self.mana[p] >= v])
        if self.hands[p]:
            moves.extend(self.card_moves())
        moves.append(("end",))
        return moves

    def hut_sites(self, p: int) -> list[Coord]:
        if self.huts_of(p) >= HUTS:
            return []
        out = []
        for c in self.where[p]:
            at = self.nat[c]
            if (p, LUMBER_CARGO, False) not in at and (p, LUMBER_CARGO, True) not in at:
                continue  # nobody here carries lumber: the quickest test first
            if self.tiles[c] != "P" or c in self.holy or len(self.huts.get(c, ())) >= 2:
                continue
            carriers, others = self.unused(c, p)
            if carriers >= 1 and carriers + others >= 2:
                out.append(c)
        out.sort()
        return out

    def unused(self, c: Coord, p: int, good: int = LUMBER_CARGO) -> tuple[int, int]:
        """Own natives on `c` not yet used in this phase II: (carrying `good`, the others)."""
        carriers = total = 0
        for (o, cargo, _), k in self.nat.get(c, {}).items():
            if o == p:
                total += k
                if cargo == good:
                    carriers += k
        used = self.used.get(c, (0, 0, 0))
        carriers -= used[0]
        return carriers, total - used[0] - used[1] - carriers

    def holy_sites(self, p: int) -> list[Coord]:
        if self.holy_of(p) >= HOLY_PLACES:
            return []
        out = []
        for c in self.where[p]:
            at = self.nat[c]
            if (p, STONE_CARGO, False) not in at and (p, STONE_CARGO, True) not in at:
                continue  # nobody here carries a stone: the quickest test first
            if self.tiles[c] != "P" or c in self.holy or self.huts.get(c):
                continue
            if any(o != p for (o, _, _) in self.nat[c]):
                continue  # "empty": no natives of other players (R-M8)
            carriers, others = self.unused(c, p, STONE_CARGO)
            if carriers >= 1 and carriers + others >= 2:
                out.append(c)
        out.sort()
        return out

    def birth_sites(self, p: int) -> list[Coord]:
        if self.on_board(p) >= NATIVES:
            return []
        out = []
        huts = self.huts
        for c in self.where[p]:  # two own natives are needed where the hut is
            if c not in huts:
                continue
            own = [m for o, m in huts[c] if o == p]
            if not own or any(own):
                continue  # no own hut, or an own marker lies under a hut here
            used = self.used.get(c, (0, 0, 0))
            if used[2] >= len(own):
                continue
            if self.count(c, p) - used[0] - used[1] >= 2:
                out.append(c)
        out.sort()
        return out

    def can_draw(self) -> bool:
        return bool(self.deck) or (bool(self.discard) and not self.options.no_reshuffle)

    def action_moves(self) -> list[tuple[Any, ...]]:
        p = self.to_move
        action = self.action
        moves: list[tuple[Any, ...]] = []
        if action in ("", "hut"):
            sites = self.hut_sites(p)
            if sites:
                # "Under the hut you *may* immediately put a covered sacrifice marker": the
                # builder chooses which marker, or none (0, listed last: it is rarely wise, since
                # five huts hold the four markers; M-HUT-2).
                values = [*sorted(set(self.markers[p])), 0]
                moves += [("hut", c, v) for c in sites for v in values]
        if action in ("", "holy"):
            moves += [("holy", c) for c in self.holy_sites(p)]
        if action in ("", "birth"):
            moves += [("birth", c) for c in self.birth_sites(p)]
        if action == "" and self.can_draw():
            moves.append(("draw",))
        # "done" once the action is taken, or when none is possible (then phase II is only
        # for playing held cards, R-M17).
        done = bool(action) or not moves
        if self.hands[p]:
            moves.extend(self.card_moves())
        if done:
            moves.append(("done",))
        return moves

    def card_moves(self) -> list[tuple[Any, ...]]:
        return card_moves(self)

    # Playing ---------------------------------------------------------------------------------

    def do(self, t: tuple[Any, ...]) -> None:
        """Play the legal move `t` (checked by the caller)."""
        PLAYS[t[0]](self, t)

    def do_go(self, t: tuple[Any, ...]) -> None:
        _, c, cargo, stole, dest = t
        p = self.to_move
        carrying_raw = cargo in (LUMBER_CARGO, STONE_CARGO)
        through = not carrying_raw and not (OLD <= cargo < FRESH)
        cost = self.reach.cost(c, through, dest)
        self.points -= cost
        self.remove_native(c, p, cargo, stole)
        # Events are public: a marker's value stays hidden until it is placed.
        shown = cargo - cargo % 10 if cargo >= OLD else cargo
        if self.events is not None:
            self.events.append(ev.NativeMoved(p, fmt(c), fmt(dest), cargo_token(shown, stole),
                                              cost))
        if dest == TEMPLE and OLD <= cargo < FRESH:
            value = cargo - OLD
            if self.mana[p] < value:
                previous = next(prev for f, _, prev in self.ways(c, through, cost)
                                if f == dest)
                self.add_native(previous, p, cargo, stole)
                if self.events is not None:
                    self.events.append(ev.PushedBack(p, self.mana[p], fmt(previous)))
                return
            self.add_native(dest, p, cargo, stole)
            self.place_marker(value)
            return
        self.add_native(dest, p, cargo, stole)

    def place_marker(self, value: int) -> None:
        """The native on the temple place with this marker pays, becomes a priest (R-M9)."""
        p = self.to_move
        at = self.nat[TEMPLE]
        key = next(k for k in sorted(at) if k[0] == p and k[1] == OLD + value)
        self.remove_native(TEMPLE, *key)
        self.mana[p] -= value
        self.delivered[p].append(value)
        if self.events is not None:
            self.events.append(ev.MarkerPlaced(p, value, len(self.delivered[p])))
        if len(self.delivered[p]) == self.options.markers_to_win:
            self.finish((p,), "markers" if len(self.delivered[p]) == MARKERS_TO_WIN
                        else "some_markers")

    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.phase = "over"
        self.to_move = None
        self.won = list(winners)
        self.points = 0
        self.pending = ()
        self.candidates = []
        if self.events is not None:
            self.events.append(ev.GameEnded(winners, reason))

    def do_offer(self, t: tuple[Any, ...]) -> None:
        self.place_marker(t[1])

    def do_discover(self, t: tuple[Any, ...]) -> None:
        _, c, cargo, stole, place = t
        p = self.to_move
        self.points -= 1
        pending = (place[0], place[1], c[0], c[1], cargo, int(stole))
        if self.land:
            self.land = False
            self.candidates = self.pile[:4]
            del self.pile[:4]
            self.pending = pending
            self.phase = "land"
            if self.events is not None:
                self.events.append(ev.LandViewed(p, len(self.candidates)))
            return
        self.draw_field(pending)

    def draw_field(self, pending: tuple[int, ...]) -> None:
        if not self.pile:
            if self.events is not None:
                self.events.append(ev.DiscoveryFailed(self.to_move))
            self.phase, self.pending = "move", ()
            return
        self.resolve_field(self.pile.pop(0), pending)

    def resolve_field(self, kind: str, pending: tuple[int, ...]) -> None:
        p = self.to_move
        if kind == "V":
            self.phase, self.pending = "volcano", pending
            if self.events is not None:
                self.events.append(ev.VolcanoDrawn(p))
            return
        tq, tr, fq, fr, cargo, stole = pending
        target = (tq, tr)
        self.tiles[target] = kind
        self.grow(target)
        self.discoveries += 1
        self.remove_native((fq, fr), p, cargo, bool(stole))
        self.add_native(target, p, cargo, bool(stole))
        if self.events is not None:
            self.events.append(ev.FieldDiscovered(p, fmt(target), kind))
        self.phase, self.pending = "move", ()
        if kind in "FQ":
            good = LUMBER_CARGO if kind == "F" else STONE_CARGO
            k = min(self.players, self.supply(good))
            fields = sorted(c for c, t in self.tiles.items() if t == kind)
            if k == 0:
                return
            if len(fields) <= k:
                for c in fields:
                    self.add_good(c, good)
                extra = k - len(fields)
                if extra:
                    self.add_good(target, good, extra)
                if self.events is not None:
                    self.events.append(ev.GoodsPlaced("L" if good == LUMBER_CARGO else "S", k,
                                             tuple(fmt(c) for c in fields)))
                return
            self.phase = "spread"
            self.pending = (good - 1, k, tq, tr)

    def do_volcano(self, t: tuple[Any, ...]) -> None:
        self.tiles[t[1]] = "V"
        self.grow(t[1])
        if self.events is not None:
            self.events.append(ev.VolcanoPlaced(self.to_move, fmt(t[1])))
        self.phase = "move"
        self.draw_field(self.pending)

    def do_spread(self, t: tuple[Any, ...]) -> None:
        good = self.pending[0] + 1
        for c in t[1]:
            self.add_good(c, good)
        if self.events is not None:
            self.events.append(ev.GoodsPlaced("L" if good == LUMBER_CARGO else "S", len(t[1]),
                                     tuple(fmt(c) for c in t[1])))
        self.phase, self.pending = "move", ()

    def do_choose(self, t: tuple[Any, ...]) -> None:
        rest = list(self.candidates)
        rest.remove(t[1])
        self.candidates = []
        if rest:
            self.pile += rest
            make_rng(self.seed, "mesopotamia", "pile", self.draws).shuffle(self.pile)
            self.draws += 1
        self.resolve_field(t[1], self.pending)

    def do_pick(self, t: tuple[Any, ...]) -> None:
        _, c, cargo, stole, good = t
        p = self.to_move
        self.take_good(c, good)
        if cargo:
            self.add_good(c, cargo)
        self.remove_native(c, p, cargo, stole)
        self.add_native(c, p, good, stole)
        if self.events is not None:
            self.events.append(ev.GoodPicked(p, fmt(c), "L" if good == 1 else "S",
                                    {0: "", 1: "L", 2: "S"}[cargo]))

    def do_drop(self, t: tuple[Any, ...]) -> None:
        _, c, cargo, stole = t
        p = self.to_move
        self.remove_native(c, p, cargo, stole)
        self.add_native(c, p, NONE, stole)
        if c == TEMPLE and cargo == STONE_CARGO:
            # Building the temple: the stone goes back to the supply (R-M7).
            self.maxm[p] = min(MANA_TOP, self.maxm[p] + 1)
            self.mana[p] = min(self.maxm[p], self.mana[p] + 1)
            if self.events is not None:
                self.events.append(ev.StoneOffered(p, self.mana[p], self.maxm[p]))
            return
        self.add_good(c, cargo)
        if self.events is not None:
            self.events.append(ev.GoodDropped(p, fmt(c), "L" if cargo == 1 else "S"))

    def do_steal(self, t: tuple[Any, ...]) -> None:
        _, c, victim, good = t
        p = self.to_move
        at = self.nat[c]
        key = next(k for k in sorted(at) if k[0] == victim and k[1] == good)
        self.remove_native(c, *key)
        self.add_native(c, victim, NONE, key[2])
        self.remove_native(c, p, NONE, False)
        self.add_native(c, p, good, True)
        self.renew = True
        if self.events is not None:
            self.events.append(ev.GoodStolen(p, victim, fmt(c), "L" if good == 1 else "S"))

    def do_lift(self, t: tuple[Any, ...]) -> None:
        _, c, value = t
        p = self.to_move
        for hut in self.huts[c]:
            if hut[0] == p and hut[1] == value:
                hut[1] = 0
                break
        # The native that already stole lifts, keeping a free one able to steal.
        stole = (p, NONE, True) in self.nat[c]
        self.remove_native(c, p, NONE, stole)
        self.add_native(c, p, FRESH + value, stole)
        self.renew = True
        if self.events is not None:
            self.events.append(ev.MarkerTaken(p, fmt(c)))

    def do_end(self, t: tuple[Any, ...]) -> None:
        p = self.to_move
        if self.events is not None:
            self.events.append(ev.MovementEnded(p, self.points))
        self.points = 0
        self.phase = "action"
        self.action = ""
        self.settle_actions()

    def action_moves_exist(self) -> bool:
        p = self.to_move
        return bool(self.can_draw() or self.hut_sites(p) or self.holy_sites(p)
                    or self.birth_sites(p))

    def settle_actions(self) -> None:
        """Keep phase II while the player has something to decide in it, else end the turn.

        Something to decide: the one action, while none is chosen and one is possible (R-M14);
        the chosen hut, holy place or birth action, while it can be repeated; a held card the
        player may play — "at any arbitrary occasion", so also after the last action (R-M17).
        Nothing left: phase II is over (skipped, if no action was possible) and phase III
        follows.
        """
        p = self.to_move
        action = self.action
        if action == "":
            if self.action_moves_exist():
                return
        elif action != "draw" and REPEATS[action](self, p):
            return
        if self.hands[p] and can_play(self):
            return
        if action == "" and self.events is not None:
            self.events.append(ev.ActionSkipped(p))
        self.end_turn()

    def use(self, c: Coord, carriers: int, others: int, births: int = 0) -> None:
        u = self.used.setdefault(c, [0, 0, 0])
        u[0] += carriers
        u[1] += others
        u[2] += births

    def consume_carrier(self, c: Coord, good: int) -> None:
        """One own native on `c` that carries `good` and is not yet used gives it up."""
        p = self.to_move
        at = self.nat[c]
        key = next(k for k in sorted(at) if k[0] == p and k[1] == good)
        self.remove_native(c, *key)
        self.add_native(c, p, NONE, key[2])

    def do_hut(self, t: tuple[Any, ...]) -> None:
        _, c, marker = t
        p = self.to_move
        carriers, others = self.unused(c, p)
        self.consume_carrier(c, LUMBER_CARGO)
        # The second native is one that carries no lumber where possible (R-M10).
        if others >= 1:
            self.use(c, 0, 2)
        else:
            self.use(c, 1, 1)
        self.huts.setdefault(c, []).append([p, marker])
        if marker:
            self.markers[p].remove(marker)
        self.action = "hut"
        if self.events is not None:
            self.events.append(ev.HutBuilt(p, fmt(c), bool(marker)))
        self.after_action()

    def do_holy(self, t: tuple[Any, ...]) -> None:
        c = t[1]
        p = self.to_move
        self.consume_carrier(c, STONE_CARGO)
        self.use(c, 0, 2)
        self.holy[c] = p
        self.action = "holy"
        if self.events is not None:
            self.events.append(ev.HolyPlaceBuilt(p, fmt(c)))
        self.after_action()

    def do_birth(self, t: tuple[Any, ...]) -> None:
        c = t[1]
        p = self.to_move
        born = 1
        if self.fertility and NATIVES - self.on_board(p) >= 2:
            born = 2
        self.fertility = self.fertility and born == 1
        self.add_native(c, p, NONE, False, born)
        self.use(c, 0, 2 + born, 1)  # newborns do not give birth in the same action
        self.action = "birth"
        if self.events is not None:
            self.events.append(ev.NativeBorn(p, fmt(c), born))
        self.after_action()

    def after_action(self) -> None:
        """Repeat the chosen action while possible; then play held cards or end the turn."""
        self.settle_actions()

    def do_draw(self, t: tuple[Any, ...]) -> None:
        p = self.to_move
        if not self.deck:
            self.deck = self.discard
            self.discard = []
            make_rng(self.seed, "mesopotamia", "deck", self.draws).shuffle(self.deck)
            self.draws += 1
            if self.events is not None:
                self.events.append(ev.DeckReshuffled(len(self.deck)))
        self.fresh = self.deck.pop(0)
        self.action = "draw"
        if self.events is not None:
            self.events.append(ev.CardDrawn(p))
        # The card just drawn waits for a later turn; one held from before may still be played.
        self.settle_actions()

    def do_done(self, t: tuple[Any, ...]) -> None:
        if not self.action and self.events is not None:
            self.events.append(ev.ActionSkipped(self.to_move))
        self.end_turn()

    def do_play(self, t: tuple[Any, ...]) -> None:
        play_card(self, t)

    def end_turn(self) -> None:
        """Phase III, then the next player's turn (or the round limit)."""
        p = self.to_move
        count_at = {c: self.count(c, p) for c in self.holy}
        gain, _ = phase_three_mana(p, self.holy, count_at, self.priests)
        if gain:
            self.mana[p] = min(self.maxm[p], self.mana[p] + gain)
            if self.events is not None:
                self.events.append(ev.ManaReceived(p, gain, self.mana[p]))
        if self.fresh:
            self.hands[p].append(self.fresh)
            self.fresh = ""
        # Markers taken up this turn may be placed from the next turn on; steals renew.
        for c in list(self.where[p]) if self.renew else ():
            at = self.nat[c]
            if any(o == p and (stole or cargo >= FRESH) for (o, cargo, stole) in at):
                for (o, cargo, stole), k in list(at.items()):
                    if o == p and (stole or cargo >= FRESH):
                        del at[(o, cargo, stole)]
                        key = (o, cargo - OLD if cargo >= FRESH else cargo, False)
                        at[key] = at.get(key, 0) + k
        self.renew = False
        limit = self.options.max_rounds
        if limit is not None and self.turn + 1 >= limit * self.players:
            self.finish(tuple(sorted(ranking(self.delivered, self.mana))), "rounds")
            return
        self.turn += 1
        self.to_move = self.turn % self.players
        self.phase = "move"
        self.points = movement_points(self.turn, self.players, self.options)
        self.discoveries = 0
        self.action = ""
        self.used = {}
        self.fertility = self.land = False
        self.priests = []
        if self.events is not None:
            self.events.append(ev.TurnStarted(self.to_move, self.turn // self.players + 1,
                                              self.points))


#: How each kind of move is played: ``"go"`` by `Work.do_go`, and so on.
PLAYS = {name[3:]: play for name, play in vars(Work).items() if name.startswith("do_")}
#: Where each repeatable action (A, B, C) can be taken again.
REPEATS = {"hut": Work.hut_sites, "holy": Work.holy_sites, "birth": Work.birth_sites}


# ------------------------------------------------------------------------------- the contract


def legal_moves(state: State) -> list[Any]:
    """Every legal move, in a stable order (empty exactly when the game is over).

    In phase I: natives' moves (by field, then what they carry, then destination),
    discoveries, picking up, dropping, stealing, taking up markers, placing markers, cards,
    and "end". In phase II: huts, holy places, births, drawing a card, cards, and "done".
    """
    return [from_internal(t) for t in Work(state).legal()]


def apply(state: State, move: Any) -> tuple[State, list[ev.Event]]:
    """The state after `move`, and the events it caused. `state` is never changed.

    Raises:
        IllegalMove: the move breaks a rule (the reason names it).
        InvalidInput: the move is malformed or not a Mesopotamia move.
    """
    if isinstance(move, Outcome):
        from engine.mesopotamia.chance import resolve

        return resolve(state, move)  # type: ignore[no-any-return]
    if state.phase == "over":
        all_placed = len(state.delivered[state.won[0]]) == state.options.markers_to_win
        who = Named.of(lambda lang: player_name(state.won[0], lang))
        why = (Message(TEXT, "all_markers" if len(state.delivered[state.won[0]]) == (
                   MARKERS_TO_WIN) else "some_markers", player=who,
                       count=state.options.markers_to_win)
               if all_placed else Message(TEXT, "round_limit"))
        raise IllegalMove(Message(TEXT, "over", why=why),
                          rule="M-END-1" if all_placed else "M-END-2")
    t = to_internal(move)
    work = Work(state)
    if t not in work.legal():
        from engine.mesopotamia.explain import refusal

        rule, reason = refusal(work, t)
        raise IllegalMove(reason, rule=rule)
    work.events = []
    work.do(t)
    return work.freeze(), work.events


def successor(state: State, move: Any) -> State:
    """The state after `move`, one of ``legal_moves(state)`` — what ``apply(state, move)[0]``
    is, made without checking the move (listing every legal move) or telling events, for
    searches that look at every move (`bots.GreedyBot`). Give it only legal moves (a finished
    game goes to `apply`, which refuses it)."""
    if state.phase == "over" or isinstance(move, Outcome):
        return apply(state, move)[0]
    work = Work(state)
    work.do(to_internal(move))
    return work.freeze()


# ------------------------------------------------------------------------------ invariants


def check_state(state: State) -> None:
    """Raise `InvalidInput` unless `state` is one the rules can reach.

    Checks the conservation laws (8 natives, 5 huts, 3 holy places and 4 markers per colour;
    20 lumber and 20 stones; 41 fields; the cards), the mana track, the map, and the phase.
    """
    bad = _check_state(state)
    if bad:
        raise InvalidInput(f"inconsistent mesopotamia state: {bad}")


def _check_state(s: State) -> str | None:
    n = s.players
    if s.phase not in PHASES:
        return f"phase {shown(s.phase)} is not one of {', '.join(PHASES)}"
    if s.action not in ("", "hut", "holy", "birth", "draw"):
        return f"action {shown(s.action)} is unknown"
    tiles = dict(s.tiles)
    if len(tiles) != len(s.tiles):
        return "two fields share a place"
    if tiles.get(TEMPLE) != "T":
        return "the temple place must be at 0,0"
    if not is_connected(tiles):
        return "the fields do not form one connected map"
    removed = removed_plains(n, s.options)
    for kind, count in FIELD_COUNTS.items():
        have = sum(1 for k in tiles.values() if k == kind) + s.pile.count(kind) + sum(
            1 for k in s.candidates if k == kind)
        if kind == "P":
            have += removed
        if kind == "V" and s.phase == "volcano":
            have += 1  # drawn, waiting for its edge place
        if have != count and not (s.candidates and "?" in s.candidates):
            return f"the {count} fields of kind {kind} are not all accounted for ({have})"
    if len(tiles) + len(s.pile) + len(s.candidates) + removed + (s.phase == "volcano") != FIELDS:
        return f"the {FIELDS} fields are not all accounted for"
    for q, r, o, cargo, stole in s.natives:
        if tiles.get((q, r)) in (None, "V"):
            return f"a native stands on {fmt((q, r))}, which is no field it may enter"
        if cargo not in (NONE, LUMBER_CARGO, STONE_CARGO) and not (
                cargo in (OLD, FRESH) or (cargo % 10 in MARKER_VALUES and cargo // 10 in (1, 2))):
            return f"a native carries unknown cargo {cargo}"
        if cargo >= FRESH and o != s.to_move:
            return "only the active player can carry a marker taken up this turn"
        if stole and o != s.to_move:
            return "only the active player's natives can have stolen this turn"
    for p in range(n):
        on_board = sum(1 for x in s.natives if x[2] == p)
        if on_board > NATIVES:
            return f"{player_name(p)} has {on_board} natives on the map; there are {NATIVES}"
        if sum(1 for h in s.huts if h[2] == p) > HUTS:
            return f"{player_name(p)} has more than {HUTS} huts"
        if sum(1 for h in s.holy if h[2] == p) > HOLY_PLACES:
            return f"{player_name(p)} has more than {HOLY_PLACES} holy places"
        least = s.options.max_mana
        if not least <= s.max_mana[p] <= MANA_TOP:
            return (f"{player_name(p)}'s maximum mana {s.max_mana[p]} is not {least} to "
                    f"{MANA_TOP}")
        if not 0 <= s.mana[p] <= s.max_mana[p]:
            return f"{player_name(p)}'s mana {s.mana[p]} is not 0 to {s.max_mana[p]}"
        values = list(s.markers[p]) + list(s.delivered[p])
        values += [h[3] for h in s.huts if h[2] == p and h[3]]
        values += [x[3] % 10 or HIDDEN for x in s.natives if x[2] == p and x[3] >= OLD]
        known = sorted(v for v in values if v != HIDDEN)
        if len(values) != len(MARKER_VALUES) or any(
                known.count(v) > 1 or v not in MARKER_VALUES for v in known):
            return f"{player_name(p)}'s four sacrifice markers are not all accounted for"
    for q, r, o, m in s.huts:
        if o < 0 and m:
            return "a neutral hut never holds a marker"
        if tiles.get((q, r)) != "P":
            return f"a hut stands on {fmt((q, r))}, which is not a plain"
        if sum(1 for h in s.huts if h[:2] == (q, r)) > 2:
            return f"{fmt((q, r))} holds more than two huts"
    for q, r, _ in s.holy:
        if tiles.get((q, r)) != "P":
            return f"a holy place stands on {fmt((q, r))}, which is not a plain"
        if any(h[:2] == (q, r) for h in s.huts):
            return f"{fmt((q, r))} holds a holy place and a hut"
    if len({h[:2] for h in s.holy}) != len(s.holy):
        return "two holy places share a field"
    for q, r, lumber, stone in s.goods:
        if tiles.get((q, r)) in (None, "V") or (lumber, stone) == (0, 0) or min(lumber,
                                                                               stone) < 0:
            return f"goods on {fmt((q, r))} are not possible"
    lumber = sum(g[2] for g in s.goods) + sum(1 for x in s.natives if x[3] == LUMBER_CARGO)
    stones = sum(g[3] for g in s.goods) + sum(1 for x in s.natives if x[3] == STONE_CARGO)
    if lumber > LUMBER:
        return f"{lumber} lumber are out; there are {LUMBER}"
    if stones > STONES:
        return f"{stones} stones are out; there are {STONES}"
    cards = [*s.deck, *s.discard, *s.out, *(c for h in s.hands for c in h)]
    if s.fresh:
        cards.append(s.fresh)
    if "?" not in cards and sorted(cards) != full_deck(n):
        return "the cards are not all accounted for"
    if len(cards) != len(full_deck(n)):
        return "the number of cards is wrong"
    if s.options.no_reshuffle is False and s.out:
        return "cards leave the game only in the variant 'do not shuffle the cards'"
    if s.phase == "over":
        if s.to_move is not None or not s.won:
            return "a finished game has winners and nobody to move"
        return None
    if s.won:
        return "a game in progress has no winners yet"
    if s.to_move != s.turn % n:
        return f"to_move is {s.to_move}, but turn {s.turn} is {player_name(s.turn % n)}'s"
    if s.options.max_rounds is not None and s.turn >= s.options.max_rounds * n:
        return "the round limit has passed"
    if s.phase == "action" and s.points:
        return "movement points are only kept during phase I"
    if s.phase in ("volcano", "land") and (
            len(s.pending) != 6 or (s.pending[0], s.pending[1]) in tiles):
        return "a discovery waits without a free edge place"
    if s.phase == "spread" and (len(s.pending) != 4 or s.pending[0] not in (0, 1)):
        return "goods wait to be spread without a discovery"
    if s.phase == "land" and not s.candidates:
        return "the Land card shows no field"
    if s.phase not in ("volcano", "land", "spread") and (s.pending or s.candidates):
        return "nothing waits for a choice in this phase"
    if s.discoveries > MAX_DISCOVERIES:
        return f"more than {MAX_DISCOVERIES} discoveries in a turn"
    if s.phase != "action" and (s.action or s.used):
        return "an action is only chosen in phase II"
    return None


# ------------------------------------------------------------------------------- positions


def position(players: int = 4, *, seed: int = 0, tiles: dict[str, str] | None = None,
             natives: list[tuple[str, int, str]] | None = None,
             goods: dict[str, tuple[int, int]] | None = None,
             huts: list[tuple[str, int, int]] | None = None,
             holy: dict[str, int] | None = None, mana: list[int] | None = None,
             max_mana: list[int] | None = None, delivered: list[list[int]] | None = None,
             hands: list[list[str]] | None = None, to_move: int = 0, round: int = 2,
             points: int | None = None, phase: str = "move", **options: Any) -> State:
    """A position for lessons and tests: name only what matters.

    Args:
        tiles: fields added to the start layout, ``{"q,r": "plain"}`` (kinds as words or
            letters); they come out of the pile.
        natives: ``[("q,r", player, "L"), ...]`` replacing the start natives.
        goods: ``{"q,r": (lumber, stone)}`` replacing the start goods.
        huts: ``[("q,r", player, marker value or 0), ...]`` replacing the start huts
            (player -1: neutral).
        holy: ``{"q,r": player}``.
        delivered: markers each player has placed; the others not under a hut or carried
            lie in front of their owner.
        hands: cards in each player's hand (taken out of the deck).
        round, to_move: whose turn it is (round 2 by default: 5 movement points).

    Raises:
        InvalidInput: anything inconsistent, named (the same checks as a save file).
    """
    from engine.mesopotamia.board import WORD_OF

    base = new_state(players, seed, **options)
    for name, value, shape in (
            ("tiles", tiles, {str: str}), ("natives", natives, [(str, int, str)]),
            ("goods", goods, {str: (int, int)}), ("huts", huts, [(str, int, int)]),
            ("holy", holy, {str: int}), ("mana", mana, [int]), ("max_mana", max_mana, [int]),
            ("delivered", delivered, [[int]]), ("hands", hands, [[str]]),
            ("points", points, int)):
        if value is not None:
            shaped(value, shape, name)
    shaped(to_move, int, "to_move"), shaped(round, int, "round"), shaped(phase, str, "phase")
    for name, value in (("mana", mana), ("max_mana", max_mana), ("delivered", delivered),
                        ("hands", hands)):
        if value is not None and len(value) != players:
            raise InvalidInput(f"{name} needs one entry per player ({players}), not "
                               f"{len(value)}")
    seats = range(players)
    for name, owners, least in (("natives", [o for _, o, _ in natives or ()], 0),
                                ("huts", [o for _, o, _ in huts or ()], -1),
                                ("holy", list((holy or {}).values()), 0)):
        for owner in owners:
            if not least <= owner < players:
                raise InvalidInput(f"{name}: the owner must be a player 0 to {players - 1}"
                                   f"{' or -1 (neutral)' if least < 0 else ''}, not {owner}")
    if to_move not in seats:
        raise InvalidInput(f"to_move must be a player 0 to {players - 1}, not {shown(to_move)}")
    last_round = base.options.max_rounds
    if round < 1 or (last_round is not None and round > last_round):
        raise InvalidInput(f"round must be 1 to {last_round or 'any'}, not {round}")
    if phase not in ("move", "action"):
        raise InvalidInput(f"a position starts in phase 'move' or 'action', not {shown(phase)}")
    work = Work(base)
    for text, kind in (tiles or {}).items():
        letter = WORD_OF.get(kind, kind)
        c = parse_coord(text)
        if letter not in FIELD_COUNTS or letter == "T":
            raise InvalidInput(f"unknown field kind {shown(kind)}")
        if c in work.tiles:
            raise InvalidInput(f"{text} already holds a field")
        if letter not in work.pile:
            raise InvalidInput(f"no {kind} left in the pile for {text}")
        work.pile.remove(letter)
        work.tiles[c] = letter
    if natives is not None:
        work.nat = {}
        work.where = [set() for _ in range(players)]
        for text, owner, token in natives:
            cargo, stole = parse_token(token)
            work.add_native(parse_coord(text), owner, cargo, stole)
    if goods is not None:
        work.goods = {parse_coord(t): [lumber, stone] for t, (lumber, stone) in goods.items()}
    if huts is not None:
        work.huts = {}
        for text, owner, marker in huts:
            work.huts.setdefault(parse_coord(text), []).append([owner, marker])
    work.holy = {parse_coord(t): o for t, o in (holy or {}).items()}
    if mana is not None:
        work.mana = list(mana)
    if max_mana is not None:
        work.maxm = list(max_mana)
    work.delivered = [list(d) for d in (delivered or [[] for _ in range(players)])]
    for p in range(players):
        taken = list(work.delivered[p])
        taken += [m for hs in work.huts.values() for o, m in hs if o == p and m]
        taken += [cargo % 10 for at in work.nat.values() for (o, cargo, _) in at
                  if o == p and cargo >= OLD]
        work.markers[p] = [v for v in MARKER_VALUES if v not in taken]
    if hands is not None:
        for p, cards in enumerate(hands):
            for card in cards:
                if card not in work.deck:
                    raise InvalidInput(f"no {shown(card)} card left in the deck for player {p}")
                work.deck.remove(card)
            work.hands[p] = list(cards)
    work.turn = (round - 1) * players + to_move
    work.to_move = to_move
    work.phase = phase
    default = movement_points(work.turn, players, work.options)
    work.points = (default if points is None else points) if phase == "move" else 0
    state = work.freeze()
    check_state(state)
    return state
