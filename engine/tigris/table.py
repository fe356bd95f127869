"""The rules of Tigris & Euphrates, run on a mutable working copy of a state (a `Table`).

Every rule step lives here once: the checked `rules.apply` loads a state into a fresh table,
validates the move, plays it and freezes the result; the fast `fast.random_playout` keeps one
table for a whole game and draws moves by index. So both play exactly the same game by
construction, and `legal_moves` and the fast path list moves in the same order (`action_groups`
and `choices`).

Covers, in the rule text's order: the two actions of a turn (tile, leader, discard,
catastrophe); the placement restrictions; kingdoms (connected tiles and leaders holding at
least one leader: R-T1); points for tiles; revolts and wars with support as decisions; the
priest-war exception; leaders withdrawn without a temple; treasures; monuments and their
points at the end of the owner's turn; refilling to six; both end conditions; and the
variants (English war support, civilization buildings, the wonder).

Kingdoms are kept incrementally: a group id per cell and a bit mask (a 176-bit integer) per
group, joined by relabelling the smaller group, split by a flood fill of the one group that lost
cells. Legal cells are counted on masks: each kingdom's neighbouring cells, added up with
bit-sliced counters (cells touching two kingdoms, three kingdoms), minus what a moved leader's
vacated cell changes. So a decision of the fast path costs some tens of microseconds, not a
scan of the board with a flood fill per cell.

Raw moves are tuples ``(kind, ...)`` (the ``M_*`` constants); `moves.py` turns them into the
public move classes and back.
"""

from __future__ import annotations

from typing import Any

from engine.bitmask import bits
from engine.tigris import events as ev
from engine.tigris.board import CROSSES, NEIGHBOURS, RINGS, SIZE, SQUARES, WIDTH, Board
from engine.tigris.state import (
    CATASTROPHE,
    COLOURS,
    EMPTY,
    FLIPPED,
    GREEN,
    LEADER,
    MONUMENT_COLOURS,
    MONUMENTS,
    RED,
    REVOLT,
    TILE,
    WAR,
    State,
    _evolve,
)

M_TILE, M_LEADER, M_WITHDRAW, M_CATASTROPHE, M_DISCARD, M_PASS = range(6)
M_SUPPORT, M_WAR, M_KEEP, M_BUILD, M_MONUMENT, M_WONDER, M_DECLINE, M_CUBE = range(6, 14)

_LETTER = {letter: c for c, letter in enumerate(COLOURS)}
_NB = NEIGHBOURS
_BLACK = 0


#: What a board's cells imply (leaders, counters, masks, groups), for the last few boards
#: loaded, keyed by the cells, the number of players and the board; copied on every load.
_LOADED: dict[tuple[Any, ...], tuple[Any, ...]] = {}


class Table:
    """A state as mutable lists, with kingdoms and counters kept up to date.

    Build with `Table.load`; read back with `freeze`. `log` collects events (None: no events,
    for the fast path).
    """

    __slots__ = (
        "_near_cache",
        "_next_id",
        "actions",
        "active",
        "bag",
        "build_on",
        "buildings",
        "cats",
        "cells",
        "cmask",
        "comp",
        "conflict",
        "discard",
        "eland",
        "ending",
        "english",
        "eriver",
        "first",
        "fmask",
        "hands",
        "hidden",
        "inf",
        "lmask",
        "log",
        "lpos",
        "monuments",
        "n",
        "nlead",
        "phase",
        "placed",
        "river",
        "special",
        "state",
        "swapped",
        "taken",
        "temples",
        "tmask",
        "tnear",
        "to_move",
        "treasures",
        "turns",
        "wonder",
        "wonder_on",
    )

    # Loading and freezing --------------------------------------------------------------------

    @classmethod
    def load(cls, state: State, log: bool = True) -> Table:
        t = cls.__new__(cls)
        board = Board.get(state.options.board)
        t.state = state
        t.english = state.options.war_support == "english"
        t.build_on = state.options.buildings
        t.wonder_on = state.options.wonder
        t.river = board.river
        t.special = board.special
        t.n = state.players
        t.first = state.first_player
        cells = list(state.cells)
        t.cells = cells
        t.treasures = set(state.treasures)
        t.tmask = sum(1 << cell for cell in state.treasures)
        t.monuments = list(state.monuments)
        t.wonder = state.wonder
        t.buildings = list(state.buildings)
        t.hidden = any("?" in h for h in state.hands)
        t.hands = [[h.count(letter) for letter in COLOURS] for h in state.hands]
        t.cats = list(state.catastrophes)
        t.inf = [list(c) if c is not None else [0, 0, 0, 0] for c in state.influence]
        t.taken = list(state.treasures_taken)
        t.bag = state.bag
        t.discard = list(state.discard)
        t.swapped = list(state.swapped)
        t.active = state.active
        t.actions = state.actions
        t.phase = state.phase
        t.to_move = state.to_move
        t.placed = state.placed
        t.conflict = state.conflict
        t.ending = state.ending
        t.turns = state.turns
        t.log = [] if log else None
        key = (state.cells, t.n, state.options.board)
        cached = _LOADED.get(key)
        if cached is not None:
            lpos, tnear, lmask, temples, eland, eriver, fmask, comp, cmask, nlead, nid = cached
            t.lpos, t.tnear, t.lmask, t.temples = list(lpos), list(tnear), lmask, temples
            t.eland, t.eriver, t.fmask = eland, eriver, fmask
            t.comp, t.cmask, t.nlead, t._next_id = list(comp), dict(cmask), dict(nlead), nid
            t._near_cache = None
            return t
        lpos = [-1] * (4 * t.n)
        tnear = [0] * SIZE
        river = t.river
        eland = eriver = temples = lmask = fmask = 0
        for cell, code in enumerate(cells):
            if code >= LEADER:
                lpos[code - LEADER] = cell
                lmask |= 1 << cell
            elif code == EMPTY:
                if river[cell]:
                    eriver |= 1 << cell
                else:
                    eland |= 1 << cell
            elif code < CATASTROPHE:
                fmask |= 1 << cell
                if code == RED + 1:
                    temples |= 1 << cell
                    for m in _NB[cell]:
                        tnear[m] += 1
        t.lpos, t.tnear, t.lmask, t.temples = lpos, tnear, lmask, temples
        t.eland, t.eriver, t.fmask = eland, eriver, fmask
        t._components()
        # A bot applies every legal move to the same state: keep what the cells imply.
        if len(_LOADED) > 8:
            _LOADED.clear()
        _LOADED[key] = (tuple(lpos), tuple(tnear), lmask, temples, eland, eriver, fmask,
                        tuple(t.comp), dict(t.cmask), dict(t.nlead), t._next_id)
        t._near_cache = None
        return t

    def copy(self) -> Table:
        """An independent table in the same position (and without a log): what `load` of
        the state this table holds gives, without reading the state again — for a search
        that plays many moves from one position."""
        t = Table.__new__(Table)
        # What never changes in place is shared.
        t._next_id, t.actions, t.active = self._next_id, self.actions, self.active
        t.bag, t.build_on, t.conflict = self.bag, self.build_on, self.conflict
        t.eland, t.ending, t.english = self.eland, self.ending, self.english
        t.eriver, t.first, t.fmask = self.eriver, self.first, self.fmask
        t.hidden, t.lmask, t.n = self.hidden, self.lmask, self.n
        t.phase, t.placed, t.river = self.phase, self.placed, self.river
        t.special, t.state, t.temples = self.special, self.state, self.temples
        t.tmask, t.to_move, t.turns = self.tmask, self.to_move, self.turns
        t.wonder, t.wonder_on = self.wonder, self.wonder_on
        t.cells = list(self.cells)
        t.treasures = set(self.treasures)
        t.monuments = list(self.monuments)
        t.buildings = list(self.buildings)
        t.hands = [list(h) for h in self.hands]
        t.cats = list(self.cats)
        t.inf = [list(c) for c in self.inf]
        t.taken = list(self.taken)
        t.discard = list(self.discard)
        t.swapped = list(self.swapped)
        t.lpos = list(self.lpos)
        t.tnear = list(self.tnear)
        t.comp = list(self.comp)
        t.cmask = dict(self.cmask)
        t.nlead = dict(self.nlead)
        t.log = None
        t._near_cache = None
        return t

    def freeze(self) -> State:
        """The state this table holds now (the events stay in `log`)."""
        return _evolve(
            self.state,
            cells=tuple(self.cells),
            treasures=tuple(sorted(self.treasures)),
            monuments=tuple(self.monuments),
            wonder=self.wonder,
            buildings=tuple(self.buildings),
            hands=tuple("".join(letter * k for letter, k in zip(COLOURS, h))
                        for h in self.hands),
            catastrophes=tuple(self.cats),
            influence=tuple((c[0], c[1], c[2], c[3]) for c in self.inf),
            treasures_taken=tuple(self.taken),
            bag=self.bag,
            discard=tuple(self.discard),
            swapped=tuple(self.swapped),
            active=self.active,
            actions=self.actions,
            phase=self.phase,
            to_move=self.to_move,
            placed=self.placed,
            conflict=self.conflict,
            ending=self.ending,
            turns=self.turns,
        )

    # Kingdoms -------------------------------------------------------------------------------

    def _components(self) -> None:
        """Label every connected group of tiles and leaders (a full flood fill)."""
        cells = self.cells
        comp = [-1] * SIZE
        cmask: dict[int, int] = {}
        nlead: dict[int, int] = {}
        nid = 0
        for start in range(SIZE):
            code = cells[start]
            if code in (EMPTY, CATASTROPHE) or comp[start] >= 0:
                continue
            comp[start] = nid
            group = [start]
            mask = 0
            for cell in group:
                mask |= 1 << cell
                for m in _NB[cell]:
                    if comp[m] < 0:
                        other = cells[m]
                        if other != EMPTY and other != CATASTROPHE:
                            comp[m] = nid
                            group.append(m)
            cmask[nid] = mask
            nlead[nid] = (mask & self.lmask).bit_count()
            nid += 1
        self.comp, self.cmask, self.nlead, self._next_id = comp, cmask, nlead, nid

    def _join(self, cell: int) -> None:
        """`cell` has just become occupied: join it to its neighbours' groups."""
        comp, cmask, nlead = self.comp, self.cmask, self.nlead
        is_leader = 1 if self.cells[cell] >= LEADER else 0
        ids = {comp[m] for m in _NB[cell] if comp[m] >= 0}
        bit = 1 << cell
        if not ids:
            nid = self._next_id
            self._next_id = nid + 1
            comp[cell] = nid
            cmask[nid] = bit
            nlead[nid] = is_leader
            return
        keep = max(ids, key=lambda k: cmask[k].bit_count()) if len(ids) > 1 else ids.pop()
        mask = cmask[keep] | bit
        for other in ids:
            if other != keep:
                moved = cmask.pop(other)
                mask |= moved
                nlead[keep] += nlead.pop(other)
                for c in bits(moved):
                    comp[c] = keep
        comp[cell] = keep
        cmask[keep] = mask
        nlead[keep] += is_leader

    def _split(self, removed: list[int]) -> None:
        """The cells in `removed` are no longer occupied: relabel what is left of their groups."""
        comp, cmask, nlead = self.comp, self.cmask, self.nlead
        lmask = self.lmask
        if len(removed) == 1:
            cell = removed[0]
            k = comp[cell]
            rest = cmask[k] & ~(1 << cell)
            starts = rest & _NB_MASK[cell]
            around = starts != 0
            if not starts & (starts - 1) or _ring_holds(cell, rest):
                # Its neighbours stay connected around it: the group only loses the cell.
                comp[cell] = -1
                if around:
                    cmask[k] = rest
                    nlead[k] = (rest & lmask).bit_count()
                else:
                    del cmask[k], nlead[k]
                return
        ids = set()
        gone = 0
        for cell in removed:
            ids.add(comp[cell])
            comp[cell] = -1
            gone |= 1 << cell
        for k in ids:
            rest = cmask.pop(k) & ~gone
            del nlead[k]
            parts = []
            while rest:
                part = _flood(rest & -rest, rest)
                rest ^= part
                parts.append(part)
            if not parts:
                continue
            # The biggest part keeps the id (its cells need no relabelling).
            biggest = max(parts, key=int.bit_count)
            for part in parts:
                if part is biggest:
                    nid = k
                else:
                    nid = self._next_id
                    self._next_id = nid + 1
                    for c in bits(part):
                        comp[c] = nid
                cmask[nid] = part
                nlead[nid] = (part & lmask).bit_count()

    def kingdoms_around(self, cell: int) -> set[int]:
        """The kingdoms (groups holding a leader) next to `cell`."""
        comp, nlead = self.comp, self.nlead
        return {k for m in _NB[cell] if (k := comp[m]) >= 0 and nlead[k]}

    def _leaders_in(self, kingdom: int, colour: int) -> list[int]:
        """Cells of the leaders of `colour` in a group, in player order."""
        comp = self.comp
        out = []
        for p in range(self.n):
            cell = self.lpos[4 * p + colour]
            if cell >= 0 and comp[cell] == kingdom:
                out.append(cell)
        return out

    def _side(self, start: int, without: int) -> list[int]:
        """The cells connected to `start` when the cell `without` is taken away."""
        cells = self.cells
        seen = {start, without}
        group = [start]
        for cell in group:
            for m in _NB[cell]:
                if m not in seen:
                    code = cells[m]
                    if code != EMPTY and code != CATASTROPHE:
                        seen.add(m)
                        group.append(m)
        return group

    # Changing cells --------------------------------------------------------------------------

    def _fill(self, cell: int, code: int) -> None:
        """An empty cell receives a tile or a leader."""
        bit = 1 << cell
        if self.river[cell]:
            self.eriver ^= bit
        else:
            self.eland ^= bit
        self.cells[cell] = code
        if code >= LEADER:
            self.lmask |= bit
        else:
            self.fmask |= bit
            if code == RED + 1:
                self.temples |= bit
                for m in _NB[cell]:
                    self.tnear[m] += 1
        self._join(cell)

    def _clear(self, cells: list[int], code: int = EMPTY) -> None:
        """Occupied cells become empty (or catastrophes)."""
        for cell in cells:
            bit = 1 << cell
            old = self.cells[cell]
            if old >= LEADER:
                self.lmask ^= bit
            elif old < CATASTROPHE:
                self.fmask ^= bit
                if old == RED + 1:
                    self.temples ^= bit
                    for m in _NB[cell]:
                        self.tnear[m] -= 1
            self.cells[cell] = code
            if code == EMPTY:
                if self.river[cell]:
                    self.eriver |= bit
                else:
                    self.eland |= bit
        self._split(cells)

    def _score(self, player: int, colour: int, points: int, reason: str) -> None:
        self.inf[player][colour] += points
        if self.log is not None:
            self.log.append(ev.PointsScored(player, colour, points, reason))

    def _draw(self, player: int, count: int) -> None:
        taken, self.bag = self.bag[:count], self.bag[count:]
        hand = self.hands[player]
        for letter in taken:
            hand[_LETTER[letter]] += 1
        if self.log is not None and taken:
            self.log.append(ev.TilesDrawn(player, len(taken)))
        if len(taken) < count and not self.ending:
            self.ending = True
            if self.log is not None:
                self.log.append(ev.BagEmpty(player))

    # Legal choices -----------------------------------------------------------------------------

    def adjacency(self) -> tuple[int, int, list[tuple[int, int]]]:
        """Over every kingdom's neighbouring cells: the cells touching two kingdoms or more,
        those touching three or more, and each kingdom as ``(id, neighbour mask)``.

        A kingdom is a group holding a leader (R-T1): only kingdoms count when a tile or a
        leader would join them."""
        ones = twos = threes = 0
        out = []
        cmask, comp = self.cmask, self.comp
        memo = _NEAR_MEMO
        # Kingdoms are the groups holding a leader: found from the (at most 16) leaders.
        for k in {comp[cell] for cell in self.lpos if cell >= 0}:
            mask = cmask[k]
            near = memo.get(mask)
            if near is None:
                if len(memo) > 4096:
                    memo.clear()
                near = memo[mask] = _around(mask)
            out.append((k, near))
            threes |= twos & near
            twos |= ones & near
            ones |= near
        return twos, threes, out

    def tile_masks(self, adjacency: tuple[int, int, list[tuple[int, int]]] | None = None
                   ) -> tuple[int, int]:
        """Empty land and river cells where a tile may go: never joining three kingdoms."""
        threes = (adjacency or self.adjacency())[1]
        return self.eland & ~threes, self.eriver & ~threes

    def tile_cells(self) -> tuple[list[int], list[int]]:
        land, river = self.tile_masks()
        return bits(land), bits(river)

    def leader_mask(self, player: int, colour: int,
                    adjacency: tuple[int, int, list[tuple[int, int]]] | None = None,
                    shared: dict[Any, Any] | None = None) -> int:
        """Where this leader may go — empty land next to a temple, joining no kingdoms — from
        the hand, or moved from its cell, which counts as vacated (so kingdoms it held
        together may fall apart, and one it alone made a kingdom stops being one).

        `shared` keeps, per kingdom, the cells touching two of the *other* kingdoms, for the
        player's other leaders in the same decision."""
        twos, _, kingdoms = adjacency or self.adjacency()
        if shared is not None:
            candidates = shared.get(-1)
            if candidates is None:
                candidates = shared[-1] = self.eland & self._temple_near()
        else:
            candidates = self.eland & self._temple_near()
        origin = self.lpos[4 * player + colour]
        if origin < 0:
            return candidates & ~twos
        own = self.comp[origin]
        others = shared.get(own) if shared is not None else None
        if others is None:
            ones = twos = 0
            for k, near in kingdoms:
                if k != own:
                    twos |= ones & near
                    ones |= near
            if shared is not None:
                shared[own] = (ones, twos)
        else:
            ones, twos = others
        if self.nlead[own] > 1:
            for part in self._parts(origin, own):
                near = _around(part)
                twos |= ones & near
                ones |= near
        return candidates & ~twos

    def _parts(self, origin: int, own: int) -> list[int]:
        """The parts of the group `own` left without the leader on `origin` that still hold a
        leader (remembered for the next decisions while the group is unchanged)."""
        rest = self.cmask[own] & ~(1 << origin)
        lmask = self.lmask
        starts = rest & _NB_MASK[origin]
        if not starts & (starts - 1) or _ring_holds(origin, rest):
            return [rest] if rest & lmask else []
        key = (origin, rest, rest & lmask)
        memo = _PARTS_MEMO
        found = memo.get(key)
        if found is not None:
            return found
        # Each neighbour's part by a flood fill; the last one is whatever is left.
        parts = []
        left = rest
        for start in bits(starts):
            if not (left >> start) & 1:
                continue
            if not (left & starts) & ((left & starts) - 1):
                parts.append(left)
                break
            part = _flood(1 << start, left)
            parts.append(part)
            left ^= part
        found = [part for part in parts if part & lmask]
        if len(memo) > 4096:
            memo.clear()
        memo[key] = found
        return found

    def _temple_near(self) -> int:
        """Cells next to a face-up temple (cached until the temples change)."""
        temples = self.temples
        cached = self._near_cache
        if cached is not None and cached[0] == temples:
            return cached[1]
        near = _around(temples)
        self._near_cache = (temples, near)
        return near

    def leader_targets(self, player: int, colour: int) -> list[int]:
        return bits(self.leader_mask(player, colour))

    def catastrophe_mask(self) -> int:
        """Cells a catastrophe may hit: empty, or a face-up tile with no treasure and (with
        buildings) no building."""
        mask = (self.eland | self.eriver | self.fmask) & ~self.tmask
        for cell in self.buildings:
            if cell >= 0:
                mask &= ~(1 << cell)
        return mask

    def action_groups(self) -> list[tuple[Any, ...]]:
        """The action phase's legal moves as groups ``(kind, arg, items)``, in the order of
        `legal_moves`: tiles by colour then cell, leaders by colour then cell (``items`` a
        mask of cells), withdrawals (a list of colours), catastrophes (a mask), discards
        (``items`` is then the hand), and a pass only when nothing else is legal.

        The same computation as `tile_masks` and `leader_mask`, in one pass (it runs at every
        decision of a playout)."""
        p = self.active
        hand = self.hands[p]
        groups: list[tuple[Any, ...]] = []
        lpos, comp, cmask = self.lpos, self.comp, self.cmask
        memo = _NEAR_MEMO
        ones = twos = threes = 0
        kingdoms = []
        for k in {comp[cell] for cell in lpos if cell >= 0}:
            mask = cmask[k]
            near = memo.get(mask)
            if near is None:
                if len(memo) > 4096:
                    memo.clear()
                near = memo[mask] = _around(mask)
            kingdoms.append((k, near))
            threes |= twos & near
            twos |= ones & near
            ones |= near
        holding = hand[0] or hand[1] or hand[2] or hand[3]
        if holding:
            land = self.eland & ~threes
            river = self.eriver & ~threes
            for colour in range(4):
                if hand[colour]:
                    cells = river if colour == 2 else land
                    if cells:
                        groups.append((M_TILE, colour, cells))
        candidates = self.eland & self._temple_near()
        from_hand = candidates & ~twos
        on_board = []
        base = 4 * p
        without: dict[int, tuple[int, int]] = {}
        nlead = self.nlead
        for colour in range(4):
            origin = lpos[base + colour]
            if origin < 0:
                targets = from_hand
            else:
                on_board.append(colour)
                own = comp[origin]
                found = without.get(own)
                if found is None:
                    o = t = 0
                    for k, near in kingdoms:
                        if k != own:
                            t |= o & near
                            o |= near
                    found = without[own] = (o, t)
                o, t = found
                if nlead[own] > 1:
                    for part in self._parts(origin, own):
                        near = _around(part)
                        t |= o & near
                        o |= near
                targets = candidates & ~t
            if targets:
                groups.append((M_LEADER, colour, targets))
        if on_board:
            groups.append((M_WITHDRAW, None, on_board))
        if self.cats[p]:
            cells = self.catastrophe_mask()
            if cells:
                groups.append((M_CATASTROPHE, None, cells))
        if holding:
            groups.append((M_DISCARD, None, hand))
        if not groups:
            groups.append((M_PASS, None, [None]))
        return groups

    def choices(self) -> list[tuple[Any, ...]]:
        """The raw legal moves of a phase other than the action phase, in order."""
        phase = self.phase
        if phase == "support":
            return [(M_SUPPORT, k) for k in self.support_counts()]
        if phase == "war":
            return [(M_WAR, c) for c in self.war_colours()]
        if phase == "treasure":
            return [(M_KEEP, c) for c in self.treasure_choice()[2]]
        if phase == "building":
            return [*((M_BUILD, c) for c in self.building_cells()), (M_DECLINE,)]
        if phase == "monument":
            squares, crosses = self.monument_options()
            return [*((M_MONUMENT, m, c) for m, c in squares),
                    *((M_WONDER, c) for c in crosses), (M_DECLINE,)]
        if phase == "cube":
            return [(M_CUBE, c) for c in range(4)]
        return []

    def raw_moves(self) -> list[tuple[Any, ...]]:
        """Every legal move as a raw tuple, in the order of `legal_moves`."""
        if self.phase == "over":
            return []
        if self.phase != "action":
            return self.choices()
        out: list[tuple[Any, ...]] = []
        for kind, arg, items in self.action_groups():
            if kind == M_DISCARD:
                out.extend((M_DISCARD, counts) for counts in discard_options(items))
            elif kind in (M_WITHDRAW, M_PASS):
                out.extend((kind, item) if item is not None else (kind,) for item in items)
            elif kind == M_CATASTROPHE:
                out.extend((kind, cell) for cell in bits(items))
            else:
                out.extend((kind, arg, cell) for cell in bits(items))
        return out

    def support_counts(self) -> list[int]:
        """How many tiles the side to commit may add: 0 up to all it holds of the support
        colour; with English war support only amounts that would exceed the other side."""
        kind, colour, a_cell, d_cell, a_str, d_str, a_commit = self.conflict  # type: ignore[misc]
        support = RED if kind == REVOLT else colour
        player = self.to_move
        held = self.hands[player][support]  # type: ignore[index]
        if not self.english:
            return list(range(held + 1))
        if a_commit < 0:
            own, other = a_str, d_str
        else:
            own, other = d_str, a_str + a_commit
        return [k for k in range(held + 1) if k == 0 or own + k > other]

    def war_colours(self) -> list[int]:
        """Colours with two leaders in the kingdom of the joining tile, in colour order."""
        kingdom = self.comp[self.placed]
        return [c for c in range(4) if len(self._leaders_in(kingdom, c)) == 2]

    def treasure_choice(self) -> tuple[int, int, list[int]] | None:
        """The first kingdom with two or more treasures and a trader, as ``(kingdom, owner,
        the treasures of which one may stay)``, or None."""
        comp, cmask, lpos = self.comp, self.cmask, self.lpos
        treasures = self.tmask
        for index in range(GREEN, 4 * self.n, 4):
            trader = lpos[index]
            if trader >= 0 and (cmask[comp[trader]] & treasures).bit_count() > 1:
                break
        else:
            return None
        by_kingdom: dict[int, list[int]] = {}
        for cell in sorted(self.treasures):
            by_kingdom.setdefault(comp[cell], []).append(cell)
        for kingdom, cells in by_kingdom.items():
            if len(cells) < 2 or kingdom < 0:
                continue
            traders = self._leaders_in(kingdom, GREEN)
            if not traders:
                continue
            owner = (self.cells[traders[0]] - LEADER) // 4
            normal = [c for c in cells if c not in self.special]
            # Special-border treasures go first: one may stay only among the others.
            return kingdom, owner, normal or cells
        return None

    def _run(self, cell: int, step: int) -> list[int]:
        """The unbroken line of face-up tiles of `cell`'s colour through `cell`, along a row
        (step 1) or a column (step WIDTH)."""
        cells = self.cells
        code = cells[cell]
        line = [cell]
        col = cell % WIDTH
        other = cell - step
        while other >= 0 and cells[other] == code and (step != 1 or other % WIDTH < col):
            line.append(other)
            other -= step
        other = cell + step
        while other < SIZE and cells[other] == code and (step != 1 or other % WIDTH > col):
            line.append(other)
            other += step
        return line

    def building_cells(self) -> list[int]:
        """Where the building of the placed tile's colour may go: any tile of a line of three
        or more through the placed tile; if the building stands elsewhere, only lines longer
        than the one it stands on."""
        cell = self.placed
        colour = self.cells[cell] - 1
        current = self.buildings[colour]
        floor = 2
        if current >= 0:
            floor = max(len(self._run(current, 1)), len(self._run(current, WIDTH)))
        out: set[int] = set()
        for step in (1, WIDTH):
            line = self._run(cell, step)
            if len(line) >= 3 and len(line) > floor:
                out.update(line)
        out.discard(current)
        return sorted(out)

    def monument_options(self) -> tuple[list[tuple[int, int]], list[int]]:
        """Monuments the placed tile completes — ``(monument, top-left cell)`` for each free
        monument of its colour and each 2 × 2 square of that colour through it — and (with the
        wonder) the centres of crosses of five."""
        cell = self.placed
        cells = self.cells
        code = cells[cell]
        colour = code - 1
        squares: list[tuple[int, int]] = []
        tops = [sq[0] for sq in SQUARES[cell] if all(cells[c] == code for c in sq)]
        if tops:
            free = [m for m, pair in enumerate(MONUMENT_COLOURS)
                    if colour in pair and self.monuments[m] < 0]
            squares = [(m, top) for m in free for top in tops]
        crosses: list[int] = []
        if self.wonder_on and self.wonder < 0:
            crosses = sorted(cross[0] for cross in CROSSES[cell]
                             if all(cells[c] == code for c in cross))
        return squares, crosses

    # Playing ------------------------------------------------------------------------------

    def play(self, move: tuple[Any, ...]) -> None:
        """Play a raw move known to be legal."""
        kind = move[0]
        if kind == M_TILE:
            self._tile(move[1], move[2])
        elif kind == M_LEADER:
            self._leader(move[1], move[2])
        elif kind == M_WITHDRAW:
            self._withdraw(move[1])
        elif kind == M_CATASTROPHE:
            self._catastrophe(move[1])
        elif kind == M_DISCARD:
            self._discard(move[1])
        elif kind == M_PASS:
            self.actions -= 1
            if self.log is not None:
                self.log.append(ev.Passed(self.active))
            self._end_action()
        elif kind == M_SUPPORT:
            self._support(move[1])
        elif kind == M_WAR:
            self._start_war(move[1])
        elif kind == M_KEEP:
            self._keep(move[1])
        elif kind == M_BUILD:
            self._build(move[1])
        elif kind == M_MONUMENT:
            self._monument(move[1], move[2])
        elif kind == M_WONDER:
            self._wonder(move[1])
        elif kind == M_DECLINE:
            if self.log is not None:
                self.log.append(ev.Declined(self.active, self.phase))
            if self.phase == "building":
                self._monument_stage()
            else:
                self._end_action()
        elif kind == M_CUBE:
            self._score(self.active, move[1], 1, "wonder")
            self._finish_turn()
        else:  # pragma: no cover - moves.py never builds another kind
            raise AssertionError(move)

    # The actions ------------------------------------------------------------------------------

    def _tile(self, colour: int, cell: int) -> None:
        p = self.active
        self.hands[p][colour] -= 1
        self.actions -= 1
        self.placed = cell
        joined = self.kingdoms_around(cell)
        self._fill(cell, colour + 1)
        if self.log is not None:
            self.log.append(ev.TilePlaced(p, colour, cell))
        if len(joined) >= 2:
            if self.log is not None:
                self.log.append(ev.KingdomsJoined(cell))
            self._wars()
            return
        if joined:
            kingdom = self.comp[cell]
            leaders = self._leaders_in(kingdom, colour) or self._leaders_in(kingdom, _BLACK)
            if leaders:
                owner = (self.cells[leaders[0]] - LEADER) // 4
                building = self.buildings[colour] if self.build_on else -1
                points = 2 if building >= 0 and self.comp[building] == kingdom else 1
                self._score(owner, colour, points, "tile")
        self._treasure_stage()

    def _leader(self, colour: int, cell: int) -> None:
        p = self.active
        index = 4 * p + colour
        origin = self.lpos[index]
        self.actions -= 1
        if origin >= 0:
            self._clear([origin])
        self._fill(cell, LEADER + index)
        self.lpos[index] = cell
        if self.log is not None:
            self.log.append(ev.LeaderMoved(p, colour, origin, cell) if origin >= 0 else
                       ev.LeaderPlaced(p, colour, cell))
        rivals = [c for c in self._leaders_in(self.comp[cell], colour) if c != cell]
        if rivals:
            defender = rivals[0]
            self._open(REVOLT, colour, cell, defender, self._temples(cell),
                       self._temples(defender))
            return
        self._treasure_stage()

    def _temples(self, cell: int) -> int:
        cells = self.cells
        return sum(1 for m in _NB[cell] if cells[m] == RED + 1)

    def _withdraw(self, colour: int) -> None:
        p = self.active
        cell = self.lpos[4 * p + colour]
        self.actions -= 1
        self._remove_leader(cell, "chosen")
        self._end_action()

    def _remove_leader(self, cell: int, reason: str) -> None:
        index = self.cells[cell] - LEADER
        self.lpos[index] = -1
        self._clear([cell])
        if self.log is not None:
            self.log.append(ev.LeaderWithdrawn(index // 4, index % 4, cell, reason))

    def _catastrophe(self, cell: int) -> None:
        p = self.active
        self.cats[p] -= 1
        self.actions -= 1
        code = self.cells[cell]
        if code == EMPTY:
            if self.river[cell]:
                self.eriver ^= 1 << cell
            else:
                self.eland ^= 1 << cell
            self.cells[cell] = CATASTROPHE
        else:
            self.discard[code - 1] += 1
            self._clear([cell], CATASTROPHE)
        if self.log is not None:
            self.log.append(ev.CatastrophePlaced(p, cell, code - 1 if code else -1))
        self._withdraw_orphans()
        self._end_action()

    def _discard(self, counts: tuple[int, int, int, int]) -> None:
        p = self.active
        hand = self.hands[p]
        for colour, k in enumerate(counts):
            hand[colour] -= k
        # Face down, apart from the open discards: only their owner may know them (R-T15).
        kept = [self.swapped[p].count(letter) + k for letter, k in zip(COLOURS, counts)]
        self.swapped[p] = "".join(letter * k for letter, k in zip(COLOURS, kept))
        self.actions -= 1
        total = sum(counts)
        if self.log is not None:
            self.log.append(ev.TilesDiscarded(p, total))
        self._draw(p, total)
        self._end_action()

    def _withdraw_orphans(self) -> None:
        """Leaders with no adjacent face-up temple go back to their owners' hands."""
        tnear = self.tnear
        for cell in list(self.lpos):
            if cell >= 0 and not tnear[cell]:
                self._remove_leader(cell, "temple")

    # Conflicts ---------------------------------------------------------------------------------

    def _open(self, kind: int, colour: int, attacker: int, defender: int, a_str: int,
              d_str: int) -> None:
        self.conflict = (kind, colour, attacker, defender, a_str, d_str, -1)
        self.phase = "support"
        self.to_move = (self.cells[attacker] - LEADER) // 4
        if self.log is not None:
            self.log.append(ev.ConflictStarted("revolt" if kind == REVOLT else "war", colour,
                                          self.to_move, (self.cells[defender] - LEADER) // 4,
                                          a_str, d_str))

    def _wars(self) -> None:
        """Resolve the wars of the joining tile, one colour at a time, as the active player
        orders them; each is judged on the board as it then is."""
        colours = self.war_colours()
        if not colours:
            self._treasure_stage()
        elif len(colours) == 1:
            self._start_war(colours[0])
        else:
            self.phase = "war"
            self.to_move = self.active
            self.conflict = None

    def _start_war(self, colour: int) -> None:
        leaders = self._leaders_in(self.comp[self.placed], colour)
        owners = {(self.cells[c] - LEADER) // 4: c for c in leaders}
        order = [(self.active + i) % self.n for i in range(self.n)]
        attacker_player = next(p for p in order if p in owners)
        attacker = owners.pop(attacker_player)
        defender = next(iter(owners.values()))
        code = colour + 1
        cells = self.cells
        strength = [sum(1 for c in self._side(leader, self.placed) if cells[c] == code)
                    for leader in (attacker, defender)]
        self._open(WAR, colour, attacker, defender, strength[0], strength[1])

    def _support(self, count: int) -> None:
        kind, colour, attacker, defender, a_str, d_str, a_commit = self.conflict  # type: ignore
        support = RED if kind == REVOLT else colour
        player = self.to_move
        self.hands[player][support] -= count  # type: ignore[index]
        self.discard[support] += count
        if self.log is not None:
            self.log.append(ev.SupportCommitted(player, support, count))  # type: ignore[arg-type]
        if a_commit < 0:
            self.conflict = (kind, colour, attacker, defender, a_str, d_str, count)
            self.to_move = (self.cells[defender] - LEADER) // 4
            return
        a_total, d_total = a_str + a_commit, d_str + count
        if a_total > d_total:
            winner, loser, w_total, l_total = attacker, defender, a_total, d_total
        else:
            winner, loser, w_total, l_total = defender, attacker, d_total, a_total
        winner_player = (self.cells[winner] - LEADER) // 4
        loser_player = (self.cells[loser] - LEADER) // 4
        name = "revolt" if kind == REVOLT else "war"
        if self.log is not None:
            self.log.append(ev.ConflictWon(name, colour, winner_player, loser_player, w_total,
                                           l_total))
        self.conflict = None
        if kind == REVOLT:
            self._remove_leader(loser, "revolt")
            self._score(winner_player, RED, 1, "revolt")
            self._treasure_stage()
            return
        removed = self._war_losses(loser, colour)
        self._remove_leader(loser, "war")
        if removed:
            self.discard[colour] += len(removed)
            self._clear(removed)
            if self.log is not None:
                self.log.append(ev.TilesRemoved(colour, len(removed), tuple(removed)))
        self._score(winner_player, colour, 1 + len(removed), "war")
        self._withdraw_orphans()
        self._wars()

    def _war_losses(self, loser: int, colour: int) -> list[int]:
        """The loser's supporters: tiles of the war's colour on the loser's side, except the
        joining tile, tiles with a building, and — in a war of priests — temples holding a
        treasure or touching another leader."""
        cells = self.cells
        code = colour + 1
        side = [c for c in self._side(loser, self.placed) if cells[c] == code]
        keep = {b for b in self.buildings if b >= 0}
        if colour == RED:
            keep |= self.treasures
            keep.update(c for c in side
                        if any(cells[m] >= LEADER and m != loser for m in _NB[c]))
        return sorted(c for c in side if c not in keep)

    # After the action: treasures, buildings, monuments ------------------------------------------

    def _treasure_stage(self) -> None:
        """Traders collect treasures (all but one per kingdom, special ones first); then a
        tile action goes on to buildings and monuments."""
        while True:
            found = self.treasure_choice()
            if found is None:
                break
            kingdom, owner, candidates = found
            if len(candidates) > 1:
                self.phase = "treasure"
                self.to_move = owner
                return
            self._take_all_but(kingdom, owner, candidates[0])
        if self.placed >= 0:
            self._building_stage()
        else:
            self._end_action()

    def _take_all_but(self, kingdom: int, owner: int, stays: int) -> None:
        comp = self.comp
        for cell in sorted(self.treasures):
            if cell != stays and comp[cell] == kingdom:
                self.treasures.discard(cell)
                self.tmask ^= 1 << cell
                self.taken[owner] += 1
                if self.log is not None:
                    self.log.append(ev.TreasureTaken(owner, cell))

    def _keep(self, stays: int) -> None:
        kingdom, owner, _ = self.treasure_choice()  # type: ignore[misc]
        self._take_all_but(kingdom, owner, stays)
        self._treasure_stage()

    def _building_stage(self) -> None:
        if self.build_on and self.building_cells():
            self.phase = "building"
            self.to_move = self.active
            return
        self._monument_stage()

    def _build(self, cell: int) -> None:
        colour = self.cells[cell] - 1
        origin = self.buildings[colour]
        self.buildings[colour] = cell
        if self.log is not None:
            self.log.append(ev.BuildingPlaced(self.active, colour, cell, origin))
        self._monument_stage()

    def _monument_stage(self) -> None:
        squares, crosses = self.monument_options()
        if squares or crosses:
            self.phase = "monument"
            self.to_move = self.active
            return
        self._end_action()

    def _flip(self, cells: tuple[int, ...]) -> None:
        for cell in cells:
            code = self.cells[cell]
            self.fmask ^= 1 << cell
            if code == RED + 1:
                self.temples ^= 1 << cell
                for m in _NB[cell]:
                    self.tnear[m] -= 1
            self.cells[cell] = FLIPPED + code - 1
            for colour, at in enumerate(self.buildings):
                if at == cell:
                    self.buildings[colour] = -1
                    if self.log is not None:
                        self.log.append(ev.BuildingRemoved(colour, cell))

    def _monument(self, monument: int, top: int) -> None:
        self.monuments[monument] = top
        self._flip((top, top + 1, top + WIDTH, top + WIDTH + 1))
        if self.log is not None:
            self.log.append(ev.MonumentBuilt(self.active, MONUMENTS[monument], top))
        self._withdraw_orphans()
        self._end_action()

    def _wonder(self, centre: int) -> None:
        self.wonder = centre
        self._flip((centre, *NEIGHBOURS[centre]))
        if self.log is not None:
            self.log.append(ev.WonderBuilt(self.active, centre))
        self._withdraw_orphans()
        self._end_action()

    # The end of a turn ---------------------------------------------------------------------------

    def _end_action(self) -> None:
        self.placed = -1
        self.conflict = None
        if self.actions > 0:
            self.phase = "action"
            self.to_move = self.active
            return
        self._end_turn()

    def _end_turn(self) -> None:
        """Monument points for the active player's leaders, then the wonder's cube."""
        p = self.active
        comp = self.comp
        lpos = self.lpos
        for m, top in enumerate(self.monuments):
            if top < 0:
                continue
            kingdom = comp[top]
            for colour in MONUMENT_COLOURS[m]:
                cell = lpos[4 * p + colour]
                if cell >= 0 and comp[cell] == kingdom:
                    self._score(p, colour, 1, "monument")
        if self.wonder >= 0:
            king = lpos[4 * p + _BLACK]
            if king >= 0 and comp[king] == comp[self.wonder]:
                self.phase = "cube"
                self.to_move = p
                return
        self._finish_turn()

    def _finish_turn(self) -> None:
        """Refill hands (the active player first, then anyone short after a conflict), then
        check the end of the game, then pass the turn on."""
        p = self.active
        n = self.n
        self.turns += 1
        options = self.state.options  # the house rules in force (T-OPT-…)
        hand = options.hand_size
        for i in range(n):
            player = (p + i) % n
            short = hand - sum(self.hands[player])
            if short > 0:
                self._draw(player, short)
        if self.ending or len(self.treasures) <= options.treasures_left:
            self._game_over("bag" if self.ending else "treasures")
            return
        nxt = (p + 1) % n
        if self.log is not None:
            self.log.append(ev.TurnEnded(p, nxt))
        self.active = nxt
        self.actions = options.actions
        self.phase = "action"
        self.to_move = nxt

    def _game_over(self, reason: str) -> None:
        from engine.tigris.scoring import final_vector, final_winners

        self.phase = "over"
        self.to_move = None
        self.placed = -1
        self.conflict = None
        if self.log is not None:
            scores = tuple(final_vector(c, t)[0] for c, t in zip(self.inf, self.taken))
            winners = tuple(sorted(final_winners(self.inf, self.taken)))
            self.log.append(ev.GameEnded(reason, scores, winners))


#: Memos shared by all tables (the board's geometry is fixed): a group's neighbouring cells
#: by its mask, and a moved leader's remaining parts holding a leader by (its cell, its group
#: without it, the leaders in that group).
_NEAR_MEMO: dict[int, int] = {}
_PARTS_MEMO: dict[tuple[int, int, int], list[int]] = {}

_FULL = (1 << SIZE) - 1
_NOT_LEFT = sum(1 << c for c in range(SIZE) if c % WIDTH)
_NOT_RIGHT = sum(1 << c for c in range(SIZE) if c % WIDTH != WIDTH - 1)


#: Each cell's orthogonal neighbours, and the ring of 8 around it, as masks.
_NB_MASK = tuple(sum(1 << m for m in NEIGHBOURS[c]) for c in range(SIZE))
_RING_MASK = tuple(sum(1 << m for m in RINGS[c] if m >= 0) for c in range(SIZE))
_RING_MEMO: dict[tuple[int, int], bool] = {}


def _ring_holds(origin: int, group: int) -> bool:
    """Whether the neighbours of `origin` in `group` (a mask without `origin`) stay connected
    through the ring of 8 cells around it: runs of the group's cells there are connected, so
    if at most one run holds a neighbour, taking `origin` away cannot split the group. (A
    cell of another group in the ring touches none of these neighbours, so the group's own
    cells decide.) Remembered by the local pattern."""
    local = group & _RING_MASK[origin]
    key = (origin, local)
    holds = _RING_MEMO.get(key)
    if holds is None:
        occupied = [c >= 0 and bool((local >> c) & 1) for c in RINGS[origin]]
        if all(occupied):
            holds = True
        else:
            start = occupied.index(False)
            runs = 0
            in_run = run_has = False
            for i in range(1, 9):
                k = (start + i) % 8
                if occupied[k]:
                    if not in_run:
                        in_run, run_has = True, False
                    if k % 2 == 0:
                        run_has = True
                elif in_run:
                    in_run = False
                    runs += run_has
            holds = runs <= 1
        _RING_MEMO[key] = holds
    return holds


def _around(mask: int) -> int:
    """The cells orthogonally next to a cell of `mask` (not in it, unless next to another)."""
    return (((mask << 1) & _NOT_LEFT) | ((mask >> 1) & _NOT_RIGHT) | ((mask << WIDTH) & _FULL)
            | (mask >> WIDTH))


def _flood(seed: int, region: int) -> int:
    """The cells of `region` connected to `seed` (a flood fill on bit masks)."""
    grown = seed
    while True:
        more = (grown | _around(grown)) & region
        if more == grown:
            return grown
        grown = more


def discard_options(hand: list[int]) -> list[tuple[int, int, int, int]]:
    """Every non-empty choice of tiles from `hand` (counts per colour), in order: counts
    compared colour by colour, black first."""
    return [(a, b, c, d) for a in range(hand[0] + 1) for b in range(hand[1] + 1)
            for c in range(hand[2] + 1) for d in range(hand[3] + 1) if a or b or c or d]


def discard_at(hand: list[int], index: int) -> tuple[int, int, int, int]:
    """``discard_options(hand)[index]`` without building the list."""
    index += 1
    radix = (hand[1] + 1) * (hand[2] + 1) * (hand[3] + 1)
    a, index = divmod(index, radix)
    radix //= hand[1] + 1
    b, index = divmod(index, radix)
    c, d = divmod(index, hand[3] + 1)
    return a, b, c, d


def discard_count(hand: list[int]) -> int:
    return (hand[0] + 1) * (hand[1] + 1) * (hand[2] + 1) * (hand[3] + 1) - 1

# --------------------------------------------------------------------------- for readers
# What the engine knows of a position, for pictures and lessons: kingdoms and the sides of a
# conflict, computed exactly as the rules compute them.


def groups(state: State) -> list[tuple[list[int], bool]]:
    """The connected groups of tiles and leaders, as the engine keeps them: ``(cells,
    is_kingdom)``, a kingdom being a group holding a leader (R-T1); ordered by first cell."""
    table = Table.load(state, log=False)
    members: dict[int, list[int]] = {}
    for cell, k in enumerate(table.comp):
        if k >= 0:
            members.setdefault(k, []).append(cell)
    return sorted((cells, table.nlead[k] > 0) for k, cells in members.items())


def kingdoms(state: State) -> list[list[int]]:
    """The kingdoms of a position (groups holding a leader), each as its cells, ascending."""
    return [cells for cells, is_kingdom in groups(state) if is_kingdom]


def conflict_sides(state: State) -> tuple[list[int], list[int]] | None:
    """The cells that count for the attacker and for the defender of the conflict in progress
    (as the engine counts them: temples beside each leader in a revolt; in a war, the tiles of
    the war's colour on each leader's side of the joining tile), or None."""
    if state.conflict is None:
        return None
    kind, colour, attacker, defender, *_ = state.conflict
    cells = state.cells
    if kind == REVOLT:
        return tuple(sorted(m for m in NEIGHBOURS[leader] if cells[m] == TILE + RED)
                     for leader in (attacker, defender))  # type: ignore[return-value]
    table = Table.load(state, log=False)
    return tuple(sorted(c for c in table._side(leader, state.placed)
                        if cells[c] == TILE + colour)
                 for leader in (attacker, defender))  # type: ignore[return-value]
