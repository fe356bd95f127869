"""The Mesopotamia expert: the player "as a decent human plays", for `engine.bots.ExpertBot`.

`choose(view, moves, rng)` looks one decision ahead: it plays each legal move on a copy of the
position (`rules.Work`, the rules' own mutable copy) and keeps the move after which `value` —
what the position is worth to the player — is highest. The win is in `value`'s shape: it knows
the way to the temple that the rule text sets out and counts every step on it.

What `value` counts (rule ids of docs/rules/mesopotamia.md):

- markers placed (M-END-1: four win) above all; a marker carried (M-SAC-1..3) more than one
  under a hut, and both less the further they are from the temple place; a carried marker
  that may not be placed yet for want of mana waits beside the temple (M-SAC-4: it would be
  pushed back), one taken up this turn may wait on it (M-SAC-2);
- mana (M-MANA-1, M-TEMPLE-1) up to what the markers left cost, and the maximum mana up to 7,
  what the dearest marker needs (M-COMP-2, M-COMP-5): a stone carried to the temple place
  raises both (M-TEMPLE-1, M-TEMPLE-2); this is the stall a plain greedy player falls into
  (natives holding stones while the maximum stays below 7);
- holy places (M-HOLY-1) with a native standing on them at the end of the turn (M-MANA-1);
- huts that can still take a marker (M-HUT-1, M-HUT-2): a native carrying lumber is worth the
  hut it can build on the nearest plain with room, a second native beside it completes the
  pair; a native carrying a stone the holy place it can erect on an empty plain (M-HOLY-1) or
  the temple (a stone carrier that partners a building goes on to the temple from its site);
- one native, one part of the plan: while natives are few the two nearest free ones are set
  aside for a birth (with fewer than two free, a marker carrier stands in, M-BIRTH-2, and
  takes its marker on from the hut); each builder then takes the site and partner that meet
  in the fewest steps among the natives not yet counted; the free natives left are assigned
  (greedily, best first) to the errands left: taking up a marker, staffing a holy place,
  fetching stone (one fetcher for the holy place to build, and stones for the temple worth
  less one after the other) or lumber (no more fetchers than lumber lying). Counting a native
  in two parts makes a plateau where a step towards one goal costs the other as much, and
  the player waits for ever;
- natives on the map (M-BIRTH-1), valued most for the first two: a player with fewer than
  two can never give birth again and is stuck, so the expert never drops below two;
- empty edge places count as building sites a little further away: discovering (M-DISC-1..5)
  is valued by the chances of the field kinds left in the pile (their counts are public).

Rules of thumb rather than lookahead: a stone carried onto the temple place is put down there
(M-TEMPLE-1; it cannot be carried out again, M-MOVE-5); Stamina is played at the start of the
movement (M-CARD-STAMINA-1), Land just before a discovery (M-CARD-LAND-1), Fertility before a
birth (M-CARD-FERTILITY-1) and Priest on a staffed holy place when the mana has room
(M-CARD-PRIEST-1); Holy Stone and Mana Theft are valued by `value`; Teleport and Expulsion are
never played.

Discoveries are weighed only when the player needs land (no room for its huts, no empty plain
for a first holy place, nothing it needs lying on the map); then one native walks to the edge.

Measured (the figures' commands: ``python scripts/results.py lengths --scale 0.34``,
``python scripts/results.py ladder-mesopotamia``, ``python benchmarks/mesopotamia.py
--expert 5``): expert-only games without a round limit end by four markers (all 204 of the
lengths run) after a median of 20 or 21 rounds with 2, 3 or 4 players (at most 39); the expert
won 200 of 200 games against random and 200 of 200 against greedy (2 players, 60 rounds; the
longest 45 rounds); a decision takes 5 ms on average (95 % under 18 ms, the longest 69 ms).

Limits: one decision deep (a turn is a sequence of decisions, each valued on its own, with
distances standing in for the moves still to come); the weights are hand-set, not learned; the
opponents only count where they change the player's own position (stealing, their natives on a
plain that blocks a holy place); no bluffing, no blocking, no defence against theft; a position
with no way to any of its goals (no lumber, no stone and no field left to discover) leaves it
waiting, like anyone. The plan is one greedy assignment in a fixed order (a birth first while
natives are few, then the builders, then the errands), not the best one: a birth is not weighed
against the errand its pair could run instead (weighing it starved games of births), and the
assignment can still put a native where a better plan would not. Deterministic: the same view
and generator give the same move (the generator only fills in hidden information,
`State.determinize`).
"""

from __future__ import annotations

import random
from typing import Any

from engine.mesopotamia.board import TEMPLE, Coord, neighbours
from engine.mesopotamia.moves import to_internal
from engine.mesopotamia.rules import Work
from engine.mesopotamia.state import (
    FRESH,
    HOLY_PLACES,
    HUTS,
    LUMBER_CARGO,
    MANA_TOP,
    NATIVES,
    NONE,
    STONE_CARGO,
    State,
)

__all__ = ["choose", "terms", "value"]

#: Value of a marker placed at the temple; a won game; a player left with under two natives.
PLACED = 1000.0
WIN = 1e6
STUCK = 5000.0
#: A marker carried by a native, and one lying under an own hut (cheaper markers first).
CARRIED = 520.0
UNDER_HUT = 400.0
#: One movement point of distance still to go.
STEP = 4.0
#: Mana (up to what the markers left cost) and maximum mana (up to the dearest marker, 7).
MANA = 25.0
MAX_MANA = 80.0
NEEDED_MAX = 7
#: A hut about to be built: lumber on a plain with room and a second native (M-HUT-1). The
#: steps towards it are worth a growing share: fetching the lumber, carrying it, partnering,
#: both on the site (the same shares serve a holy place); together less than the building.
HUT_PAIR = 220.0
FETCH_SHARE, CARRY_SHARE, PARTNER_SHARE, READY_SHARE = 0.3, 0.5, 0.2, 0.2
LIFTER = 40.0
#: Own holy places: the first, second and third (cumulative).
HOLY_VALUE = (0.0, 150.0, 220.0, 240.0)
#: Natives on the map (cumulative): below two a player can never give birth again.
NATIVE_VALUE = (0.0, 150.0, 300.0, 430.0, 540.0, 620.0, 670.0, 695.0, 705.0)
#: Births are sought while the player has fewer natives than this, at this share of a native.
BIRTH_UNTIL = 6
BIRTH_SHARE = 0.8
CARD = 15.0
CARDS_VALUED = 3
#: A movement point spent (ties go to the shorter way); the bonus of stopping at a tie.
POINT_COST = 0.01
STOP_BONUS = 0.5
#: An empty edge place as a building site: it must first be discovered, and be a plain.
EXPLORE = 3
#: A native on its way to the edge of the map when nothing needed lies on it.
SEEK = 30.0
FAR = 40


class _Map:
    """Shortest ways on one map (cached): free natives pass the temple place, natives with raw
    material or a placeable marker only end there (M-MOVE-5). Empty edge places get the
    distance of the discovery that would reach them (M-DISC-1)."""

    __slots__ = ("edges", "free", "open", "raw", "temple")

    def __init__(self, tiles: dict[Coord, str]):
        self.open = {c for c, kind in tiles.items() if kind != "V"}
        edges: dict[Coord, list[Coord]] = {}
        for c in sorted(self.open):
            for n in neighbours(c):
                if n not in tiles:
                    edges.setdefault(n, []).append(c)
        self.edges = edges
        self.free: dict[Coord, dict[Coord, int]] = {}
        self.raw: dict[Coord, dict[Coord, int]] = {}
        self.temple = self._search(TEMPLE, False, True)

    def _search(self, src: Coord, through: bool, leave: bool) -> dict[Coord, int]:
        found = {src: 0}
        frontier = [src]
        step = 0
        open_ = self.open
        while frontier:
            step += 1
            nxt = []
            for c in frontier:
                if c == TEMPLE and not through and not (leave and c == src):
                    continue
                q, r = c
                for n in ((q, r - 1), (q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1),
                          (q - 1, r)):
                    if n in open_ and n not in found:
                        found[n] = step
                        nxt.append(n)
            frontier = nxt
        for e, beside in self.edges.items():
            best = min((found[f] for f in beside if f in found), default=None)
            if best is not None:
                found[e] = best + 1
        return found

    def dist(self, src: Coord, through: bool) -> dict[Coord, int]:
        cache = self.free if through else self.raw
        got = cache.get(src)
        if got is None:
            got = cache[src] = self._search(src, through, False)
        return got


_MAPS: dict[tuple[tuple[Coord, str], ...], _Map] = {}
_MAPS_LIMIT = 256


def _map_of(w: Work) -> _Map:
    key = tuple(w.tiles.items())
    got = _MAPS.get(key)
    if got is None:
        if len(_MAPS) >= _MAPS_LIMIT:
            _MAPS.clear()
        got = _MAPS[key] = _Map(w.tiles)
    return got


def _after_stone(mana: int, maxm: int) -> tuple[int, int]:
    """The mana and maximum once one more stone is put down on the temple place (M-TEMPLE-1,
    M-TEMPLE-2)."""
    new_max = min(MANA_TOP, maxm + 1)
    return min(new_max, mana + 1), new_max


def _stone_gain(mana: int, maxm: int, left: int) -> float:
    """What one more stone put down on the temple place is worth (M-TEMPLE-1, M-TEMPLE-2)."""
    new_mana, _ = _after_stone(mana, maxm)
    gain = MANA * (min(new_mana, left) - min(mana, left))
    if maxm < NEEDED_MAX:
        gain += MAX_MANA
    return gain


def _noted(terms: dict[tuple[str, ...], float] | None, name: str, amount: float) -> float:
    """`amount`, added to `terms` under `name` when terms are kept (`terms`)."""
    if terms is not None:
        terms[(name,)] = terms.get((name,), 0.0) + amount
    return amount


def terms(w: Work, me: int) -> dict[tuple[str, ...], float]:
    """The named terms `value(w, me)` adds up (for the coach, `engine.coach`): ``placed``,
    ``natives``, ``stuck``, ``max_mana``, ``mana``, ``cards``, ``holy``, ``birth``,
    ``carried`` (markers on their way), ``under_hut``, ``hut`` (lumber towards a hut),
    ``holy_site`` (a stone towards a holy place), ``temple_stone`` (a stone towards the
    temple), the errands of free natives (``lift``, ``staff``, ``stone``, ``holy_stone``,
    ``lumber``, ``seek``), and ``over`` once the game is over — each a one-word key."""
    found: dict[tuple[str, ...], float] = {}
    value(w, me, found)
    return found


def value(w: Work, me: int, terms: dict[tuple[str, ...], float] | None = None) -> float:
    """What the position of `w` is worth to player `me` (higher is better; see the module
    docstring). Reads only what `me` may see. With `terms`, its parts by name (`terms`)."""
    if w.phase == "over":
        return _noted(terms, "over", WIN if me in w.won else -WIN)
    m = _map_of(w)
    to_temple = m.temple
    mana, maxm = w.mana[me], w.maxm[me]
    carriers: list[tuple[Coord, int]] = []
    stones: list[Coord] = []
    lumber: list[Coord] = []
    free: list[Coord] = []
    for c, at in w.nat.items():
        for (o, cargo, _), k in at.items():
            if o != me:
                continue
            if cargo == NONE:
                free += [c] * k
            elif cargo == STONE_CARGO:
                stones += [c] * k
            elif cargo == LUMBER_CARGO:
                lumber += [c] * k
            else:
                carriers += [(c, cargo)] * k
    free.sort()
    stones.sort()
    lumber.sort()
    natives = len(free) + len(stones) + len(lumber) + len(carriers)
    front = w.markers[me]
    under = sorted((c, mk) for c, hs in w.huts.items() for o, mk in hs if o == me and mk)
    left = sum(front) + sum(mk for _, mk in under) + sum(cargo % 10 for _, cargo in carriers)
    v = _noted(terms, "placed", PLACED * len(w.delivered[me])) + _noted(
        terms, "natives", NATIVE_VALUE[min(natives, NATIVES)])
    if natives < 2:
        v -= STUCK
        _noted(terms, "stuck", -STUCK)
    v += _noted(terms, "max_mana", MAX_MANA * min(maxm, NEEDED_MAX)) + _noted(
        terms, "mana", MANA * min(mana, left))
    cards = len(w.hands[me]) + (1 if w.fresh and w.to_move == me else 0)
    v += _noted(terms, "cards", CARD * min(cards, CARDS_VALUED))
    my_holy = sorted(c for c, o in w.holy.items() if o == me)
    v += _noted(terms, "holy", HOLY_VALUE[len(my_holy)])

    # A birth needs two own natives at an own hut with no marker under it (M-BIRTH-1,
    # M-BIRTH-2): the two nearest free natives are set aside for it while natives are few.
    # With fewer than two free, a marker carrier stands in (a marker carried does not prevent
    # a birth, M-BIRTH-2) and takes its marker on from the hut: else the last natives, all
    # carrying markers, could never grow in number again, and placing the last but one
    # marker would leave the player stuck with one native.
    born_at: dict[int, Coord] = {}  # a carrier that stands in: the hut it goes to first
    if natives < BIRTH_UNTIL and len(free) + len(carriers) >= 2:
        parents = [(x, None, m.dist(x, True)) for x in free]
        if len(free) < 2:
            parents += [(c, k, m.dist(c, False)) for k, (c, _) in enumerate(carriers)]
        marginal = NATIVE_VALUE[natives + 1] - NATIVE_VALUE[natives]
        best_cost, pair, hut = FAR, None, None
        for h, hs in sorted(w.huts.items()):
            own = [mk for o, mk in hs if o == me]
            if not own or any(own):
                continue
            # A carrier's cost is its way to the hut and the longer way on to the temple.
            dists = sorted((d.get(h, FAR) + (0 if k is None else to_temple.get(h, FAR)
                                              - to_temple.get(x, FAR)), i)
                           for i, (x, k, d) in enumerate(parents))
            cost = dists[0][0] + dists[1][0]
            if cost < best_cost:
                best_cost, pair, hut = cost, (dists[0][1], dists[1][1]), h
        if pair is not None and BIRTH_SHARE * marginal - STEP * best_cost > 0:
            v += _noted(terms, "birth", BIRTH_SHARE * marginal - STEP * best_cost)
            for i in pair:
                if parents[i][1] is not None:
                    born_at[parents[i][1]] = hut
            free = [x for i, (x, k, _) in enumerate(parents) if k is None and i not in pair]

    for k, (c, cargo) in enumerate(carriers):
        d = to_temple.get(born_at.get(k, c), FAR)
        if cargo < FRESH and mana < cargo % 10:
            d = max(d - 1, 0)  # it waits beside the temple (M-SAC-4)
        v += _noted(terms, "carried", CARRIED - STEP * d - cargo % 10)

    roles: list[tuple[float, int, Any, int]] = []  # (value, free native, target, capacity)
    free_dist = [m.dist(c, True) for c in free]

    def offer(target: Any, worth: float, at: Coord, capacity: int) -> None:
        for i, d in enumerate(free_dist):
            got = worth - STEP * d.get(at, FAR)
            if got > 0:
                roles.append((got, i, target, capacity))

    for c, mk in under:
        v += _noted(terms, "under_hut", UNDER_HUT - STEP * to_temple.get(c, FAR) - mk)
        offer(("lift", c), LIFTER, c, 1)

    # Building sites: plains with room for a hut (M-HUT-1), empty plains for a holy place
    # (M-HOLY-1), and the edge places a discovery may turn into one (M-DISC-1, M-DISC-5).
    huts_left = min(len(front), HUTS - sum(1 for hs in w.huts.values() for o, _ in hs
                                           if o == me))
    want_holy = len(my_holy) < HOLY_PLACES and HOLY_VALUE[len(my_holy) + 1] > HOLY_VALUE[
        len(my_holy)]
    explore = bool(w.pile) and "P" in w.pile
    hut_sites: list[tuple[Coord, int]] = []
    holy_sites: list[tuple[Coord, int]] = []
    others = set()
    for p in range(w.players):
        if p != me:
            others |= w.where[p]
    for c, kind in w.tiles.items():
        if kind != "P" or c in w.holy:
            continue
        built = len(w.huts.get(c, ()))
        if built < 2 and huts_left:
            hut_sites.append((c, 0))
        if built == 0 and want_holy and c not in others:
            holy_sites.append((c, 0))
    if explore:
        for e in m.edges:
            if huts_left:
                hut_sites.append((e, EXPLORE))
            if want_holy:
                holy_sites.append((e, EXPLORE))

    def best_site(d: dict[Coord, int], sites: list[tuple[Coord, int]],
                  closer: float) -> tuple[float, Coord | None]:
        best, where = float(FAR), None
        for c, extra in sites:
            got = d.get(c)
            if got is None:
                continue
            cost = got + extra + closer * to_temple.get(c, FAR)
            if cost < best:
                best, where = cost, c
        return best, where

    # The second native of a building (M-HUT-1, M-HOLY-1: "2 natives with 1 lumber/stone") is
    # any own native but marker carriers. Each native serves one part of the plan: counted as
    # the partner of two buildings, or as a builder and another's partner, a step towards one
    # site costs the other as much as it gains, and the pair never meets.
    stones.sort(key=lambda c: (to_temple.get(c, FAR), c))  # nearest the temple first
    # Helpers are numbered free natives first, then lumber, then stone carriers; carriers of
    # raw material do not pass the temple place (M-MOVE-5).
    first_stone = len(free) + len(lumber)
    helper_dist = [m.dist(c, i < len(free)) for i, c in enumerate((*free, *lumber, *stones))]
    busy = [False] * len(helper_dist)
    # A stone carrier that partners a building walks to its site first and takes its stone on
    # from there: its way to the temple is counted from the site.
    stone_from: dict[int, Coord] = {}
    partners: set[int] = set()

    def meet(builder: int, d: dict[Coord, int], sites: list[tuple[Coord, int]],
             closer: float) -> tuple[float, float, Coord | None]:
        """The site and free partner that bring `builder` and a second native together in the
        fewest steps: (the builder's cost, the partner's steps, the site); marks both busy."""
        best, where, partner, mine = float(2 * FAR), None, None, float(FAR)
        for c, extra in sites:
            got = d.get(c)
            if got is None:
                continue
            cost = got + extra + closer * to_temple.get(c, FAR)
            if cost >= best:
                continue
            steps, who = FAR, None
            for j, hd in enumerate(helper_dist):
                if not busy[j] and j != builder:
                    h = hd.get(c, FAR)
                    if h < steps:
                        steps, who = h, j
            if cost + steps < best:
                best, where, partner, mine = cost + steps, c, who, cost
        busy[builder] = True
        if where is None:
            return float(FAR), float(FAR), None
        if partner is not None:
            busy[partner] = True
            partners.add(partner)
            if partner >= first_stone:
                stone_from[partner] = where
        return mine, best - mine, where

    # Lumber carriers build (as many as huts are left) and take their partners from the
    # others first; one short of a partner takes a builder still to come, whose lumber waits.
    building = min(len(lumber), huts_left)
    for n in range(building):
        busy[len(free) + n] = True
    for n, c in enumerate(lumber):
        me_at = len(free) + n
        if n < building and me_at not in partners:
            cost, partner, site = meet(me_at, m.dist(c, False), hut_sites, 0.5)
            if site is not None and partner >= FAR:
                for later in range(n + 1, building):
                    busy[len(free) + later] = False
                cost, partner, site = meet(me_at, m.dist(c, False), hut_sites, 0.5)
                for later in range(n + 1, building):
                    busy[len(free) + later] = True
            if site is not None:
                v += _noted(terms, "hut", (CARRY_SHARE + PARTNER_SHARE) * HUT_PAIR
                            - STEP * (cost + partner))
                if site == c and not partner:
                    v += _noted(terms, "hut", READY_SHARE * HUT_PAIR)  # phase II builds it
                hut_sites = [s for s in hut_sites if s[0] != site]
                continue
        v += _noted(terms, "hut", 5.0)

    holy_gain = HOLY_VALUE[min(len(my_holy) + 1, HOLY_PLACES)] - HOLY_VALUE[len(my_holy)]
    # Stones count one after the other, nearest the temple first: each raises what the next
    # one finds (M-TEMPLE-1, M-TEMPLE-2).
    then_mana, then_max = mana, maxm
    for k, c in enumerate(stones):
        me_at = first_stone + k
        start = stone_from.get(me_at, c)
        gain = _stone_gain(then_mana, then_max, left)
        worth = 0.9 * gain - STEP * to_temple.get(start, FAR)
        if holy_sites and me_at not in stone_from:
            cost, _ = best_site(m.dist(c, False), holy_sites, 0.0)
            if CARRY_SHARE * holy_gain - STEP * cost > worth:
                cost, partner, site = meet(me_at, m.dist(c, False), holy_sites, 0.0)
                v += _noted(terms, "holy_site", (CARRY_SHARE + PARTNER_SHARE) * holy_gain
                            - STEP * (cost + partner))
                if site == c and not partner:
                    v += _noted(terms, "holy_site", READY_SHARE * holy_gain)  # phase II builds
                holy_sites = []
                continue
        v += _noted(terms, "temple_stone", worth)
        busy[me_at] = True  # bound for the temple: no partner for another building
        then_mana, then_max = _after_stone(then_mana, then_max)
    gain = _stone_gain(then_mana, then_max, left)

    room = mana < min(maxm, left)
    for c in my_holy:
        offer(("staff", c), 0.9 * MANA if room else 5.0, c, 1)
    on_map = [0, 0]
    for c, g in w.goods.items():
        if c != TEMPLE:
            on_map[0] += g[0]
            on_map[1] += g[1]
    for c in sorted(w.goods):
        lying = w.goods[c]
        if c == TEMPLE:
            continue
        if lying[1]:
            offer(("stone", c), FETCH_SHARE * gain - STEP * to_temple.get(c, FAR), c,
                  lying[1])
            if holy_sites:
                # One holy place is built at a time (M-HOLY-2): one fetcher in all brings
                # its stone, wherever the stone lies.
                cost, _ = best_site(m.dist(c, False), holy_sites, 0.0)
                offer(("holy",), FETCH_SHARE * holy_gain - STEP * cost, c, 1)
        if lying[0] and huts_left > len(lumber):
            # As many fetchers in all as huts still wanting lumber, and lumber lying.
            cost, _ = best_site(m.dist(c, False), hut_sites, 0.5)
            offer(("lumber",), FETCH_SHARE * HUT_PAIR - STEP * cost, c,
                  min(huts_left - len(lumber), on_map[0]))
    # Nothing left lying that the player still needs: one native walks to the edge of the map,
    # where a discovery may bring a forest or a quarry (M-DISC-3, M-DISC-4).
    if w.pile and m.edges and (
            (huts_left > len(lumber) and not on_map[0])
            or (maxm < NEEDED_MAX and not on_map[1] and not stones)):
        for i, d in enumerate(free_dist):
            near = min((d[e] for e in m.edges if e in d), default=FAR)
            if SEEK - STEP * near > 0:
                roles.append((SEEK - STEP * near, i, ("seek",), 1))

    if roles:
        roles.sort(key=lambda r: (-r[0], r[1], r[2]))
        taken = busy[:len(free)]  # partners of buildings have their part already
        used: dict[Any, int] = {}
        # Stones fetched for the temple are worth less one after the other: the first may
        # raise the maximum, and mana beyond what the markers cost is worth nothing.
        fetched, fetch_mana, fetch_max = 0, then_mana, then_max
        for worth, i, target, capacity in roles:
            if taken[i] or used.get(target, 0) >= capacity:
                continue
            if target[0] == "stone":
                if fetched:
                    worth -= FETCH_SHARE * (gain - _stone_gain(fetch_mana, fetch_max, left))
                    if worth <= 0:
                        continue
                fetched += 1
                fetch_mana, fetch_max = _after_stone(fetch_mana, fetch_max)
            taken[i] = True
            used[target] = used.get(target, 0) + 1
            v += _noted(terms, _ERRANDS[target[0]], worth)
    return v


#: The name of each errand's term (`terms`).
_ERRANDS = {"lift": "lift", "staff": "staff", "stone": "stone", "holy": "holy_stone",
            "lumber": "lumber", "seek": "seek"}


# ----------------------------------------------------------------------------- choosing


def _after(proto: Work, t: tuple[Any, ...]) -> Work:
    """The working copy after `t` from the position `proto` holds (left as it is)."""
    w = proto.copy()
    w.do(t)
    return w


def _discovery_value(state: State, t: tuple[Any, ...], me: int) -> float:
    """The expected value of a discovery over the kinds left in the pile (M-DISC-1..5): a
    volcano only means another draw (M-DISC-2), so the others are weighed by their counts."""
    pile = list(state.pile)
    total = 0.0
    weight = 0
    for kind in ("P", "F", "Q"):
        count = pile.count(kind)
        if not count:
            continue
        rest = list(pile)
        rest.remove(kind)
        w = Work(state)
        w.pile = [kind, *rest]
        w.land = False
        w.do(t)
        if w.phase == "spread":
            w = _best_spread(w, me)
        total += count * value(w, me)
        weight += count
    if not weight:
        w = Work(state)
        return value(w, me) - 1.0
    return total / weight


def _best_spread(w: Work, me: int) -> Work:
    proto = Work(w.freeze())
    best, best_w = None, w
    for t in w.segments():
        after = _after(proto, t)
        got = value(after, me)
        if best is None or got > best:
            best, best_w = got, after
    return best_w


#: Cards played by a rule of thumb (see the module docstring), never valued one move ahead.
_BY_RULE = {"stamina", "land", "fertility", "priest", "teleport", "expulsion"}


def _rule_of_thumb(state: State, moves: list[Any], internal: list[tuple[Any, ...]],
                   me: int) -> Any | None:
    if state.phase == "move":
        for i, t in enumerate(internal):
            if t[0] == "drop" and t[1] == TEMPLE and t[2] == STONE_CARGO:
                # M-TEMPLE-1: the stone was carried there for this, and it cannot be carried
                # out again (M-MOVE-5).
                return moves[i]
    plays = {t[1]: i for i, t in enumerate(internal) if t[0] == "play"}
    if not plays:
        return None
    if state.phase == "move" and "stamina" in plays and state.points >= state.options.movement:
        return moves[plays["stamina"]]  # M-CARD-STAMINA-1: more points for this turn
    if state.phase == "action":
        if "fertility" in plays and any(t[0] == "birth" for t in internal) and (
                state.natives_of(me) <= NATIVES - 2):
            return moves[plays["fertility"]]  # M-CARD-FERTILITY-1 before the birth
        if "priest" in plays and state.mana[me] + 1 < state.max_mana[me]:
            counts: dict[Coord, int] = {}
            for q, r, o, _, _ in state.natives:
                if o == me:
                    counts[(q, r)] = counts.get((q, r), 0) + 1
            for i, t in enumerate(internal):
                if t[0] == "play" and t[1] == "priest" and t[2] not in state.priests:
                    owner = next(h[2] for h in state.holy if (h[0], h[1]) == t[2])
                    if counts.get(t[2], 0) >= (1 if owner == me else 2):
                        return moves[i]  # M-CARD-PRIEST-1: its 1 doubled this turn
    return None


def _needs_land(w: Work, me: int) -> bool:
    """Whether the player needs a new field (M-DISC-1): no plain with room for the huts it
    still must build (M-HUT-1), no empty plain for a holy place while it has none (M-HOLY-1),
    or no stone or lumber left lying on the map (M-DISC-3, M-DISC-4)."""
    huts = sum(1 for hs in w.huts.values() for o, _ in hs if o == me)
    need_huts = min(len(w.markers[me]), HUTS - huts)
    others = set()
    for p in range(w.players):
        if p != me:
            others |= w.where[p]
    room = empty = 0
    for c, kind in w.tiles.items():
        if kind != "P" or c in w.holy:
            continue
        built = len(w.huts.get(c, ()))
        room += 2 - built
        empty += built == 0 and c not in others
    if need_huts and room < 2:
        return True
    if not any(o == me for o in w.holy.values()) and not empty:
        return True
    lumber = sum(g[0] for g in w.goods.values())
    stone = sum(g[1] for c, g in w.goods.items() if c != TEMPLE)
    return (need_huts and not lumber) or (w.maxm[me] < NEEDED_MAX and not stone)


def choose(view: State, moves: list[Any], rng: random.Random) -> Any:
    """The expert's move among `moves` (the legal moves of `view`, in their order)."""
    me = view.to_move
    state = view.determinize(rng)
    internal = [to_internal(m) for m in moves]
    by_rule = _rule_of_thumb(state, moves, internal, me)
    if by_rule is not None:
        return by_rule
    proto = Work(state)
    need_land = state.phase == "move" and _needs_land(proto.copy(), me)
    best_i, best_v = None, -float("inf")
    for i, t in enumerate(internal):
        kind = t[0]
        if kind == "play" and t[1] in _BY_RULE:
            continue
        if kind == "hut" and not t[2] and state.markers[me]:
            # A marker under the hut is the builder's choice (M-HUT-2), but five huts, one of
            # them the start's, hold four markers: a hut left without one costs the win.
            continue
        if kind == "discover":
            if not need_land:
                continue
            got = _discovery_value(state, t, me)
        elif kind == "draw" and not state.deck and not state.discard:
            continue
        else:
            w = _after(proto, t)
            if (state.phase == "action" and kind != "end" and w.to_move == me
                    and w.phase == "action" and ("done",) in w.legal()):
                w.do(("done",))  # phase III's mana comes with every action alike (M-MANA-1)
            got = value(w, me)
        if kind == "go":
            got -= POINT_COST * (state.points - w.points)
        elif kind == "discover":
            got -= POINT_COST
        elif kind in ("end", "done"):
            got += STOP_BONUS  # rather stop than wander for nothing
        if got > best_v + 1e-9:
            best_i, best_v = i, got
    if best_i is None:
        return moves[-1]
    chosen = internal[best_i]
    if chosen[0] == "discover":
        for i, t in enumerate(internal):
            if t[0] == "play" and t[1] == "land":
                return moves[i]  # M-CARD-LAND-1: look at four fields for this discovery
    return moves[best_i]
