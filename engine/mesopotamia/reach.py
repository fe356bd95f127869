"""Where a native can go on one map, as bitmasks: the rules' fast reachability search.

`board.reach` is the plain breadth-first search (with the field each step comes from); this is
the same search with a set of fields held as the bits of an ``int``, one level of the search a
handful of shifts. The rules ask it for every own native at every decision, so it matters.

A `Frame` numbers the places of a rectangle in axial coordinates row by row, ``q`` major and
``r`` minor, with one spare place at the end of each row that is never a field: a shift by 1,
``width - 1`` or ``width`` is then a step to a neighbour and never wraps into the next row, and
the bits in ascending order are the fields in sorted order. A `Reach` is one map on a frame: the
fields a native may enter, and the searches made on it so far. Maps grow; a frame is shared by
every map whose fields fit in it (it leaves room around the fields it was made for).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.bitmask import bits, nth_bit
from engine.mesopotamia.board import TEMPLE, Coord

#: Places left around the fields a frame is made for, so that discoveries rarely need a new one.
MARGIN = 3


def spread(mask: int, width: int) -> int:
    """`mask` and every neighbour of its places, on a frame `width` wide: the six neighbours
    are the shifts by 1, ``width - 1`` and ``width`` either way."""
    pair = mask | (mask << 1)
    return pair | (mask >> 1) | (pair << (width - 1)) | (pair >> width)


class Frame:
    """Bit numbers for the places of a rectangle of the axial plane (`frame_for` makes them)."""

    __slots__ = ("coords", "masks", "width")

    def __init__(self, q0: int, q1: int, r0: int, r1: int):
        self.width = r1 - r0 + 2  # one spare place per row
        self.coords: list[Coord | None] = [None] * ((q1 - q0 + 1) * self.width)
        self.masks: dict[Coord, int] = {}
        for q in range(q0, q1 + 1):
            for r in range(r0, r1 + 1):
                bit = (q - q0) * self.width + r - r0
                self.coords[bit] = (q, r)
                self.masks[(q, r)] = 1 << bit


#: Frames are values: maps of many games share them (a few hundred bounds occur in practice).
_FRAMES: dict[tuple[int, int, int, int], Frame] = {}
_FRAMES_LIMIT = 4096


def frame_for(fields: Mapping[Coord, str]) -> Frame:
    """A frame holding `fields` with `MARGIN` places to spare on every side."""
    bounds = (min(q for q, _ in fields) - MARGIN, max(q for q, _ in fields) + MARGIN,
              min(r for _, r in fields) - MARGIN, max(r for _, r in fields) + MARGIN)
    frame = _FRAMES.get(bounds)
    if frame is None:
        if len(_FRAMES) >= _FRAMES_LIMIT:
            _FRAMES.clear()
        frame = _FRAMES[bounds] = Frame(*bounds)
    return frame


class Reach:
    """One map's enterable fields and the searches made on it.

    A search from a field is kept as ``[unseen, frontier, 0, within 1 step, within 2, ...]``
    and taken further only when more steps are asked for.
    """

    __slots__ = ("frame", "masks", "open", "plains", "searches", "temple")

    def __init__(self, fields: Mapping[Coord, str], frame: Frame | None = None):
        if frame is None or not all(c in frame.masks for c in fields):
            frame = frame_for(fields)
        self.frame = frame
        self.masks = masks = frame.masks
        self.open = self.plains = 0
        for c, kind in fields.items():
            if kind != "V":
                self.open |= masks[c]
            if kind == "P":
                self.plains |= masks[c]
        self.temple = masks[TEMPLE]
        # By whether the temple may be passed (False, True), then by the starting field.
        self.searches: tuple[dict[Coord, list[int]], dict[Coord, list[int]]] = ({}, {})

    def grown(self, fields: Mapping[Coord, str], added: Coord) -> Reach:
        """The `Reach` of the map `fields`: this map with one field placed on `added`.

        Keeps the frame if the field fits in it, and the searches the new field cannot change:
        all of them for a volcano (never entered), else those that have not come next to it.
        """
        spot = self.masks.get(added)
        if spot is None:
            return Reach(fields)
        grown = Reach.__new__(Reach)
        grown.frame, grown.masks, grown.temple = self.frame, self.masks, self.temple
        kind = fields[added]
        grown.open = self.open | spot if kind != "V" else self.open
        grown.plains = self.plains | spot if kind == "P" else self.plains
        if kind == "V":  # the same ways: lists may be shared
            grown.searches = (dict(self.searches[0]), dict(self.searches[1]))
            return grown
        around = spread(spot, self.frame.width)
        masks = self.masks
        grown.searches = ({}, {})
        for kept, searched in zip(grown.searches, self.searches):
            for start, levels in searched.items():
                if not (levels[-1] | masks[start]) & around:
                    copied = kept[start] = list(levels)
                    copied[0] |= spot  # a field not seen yet
        return grown

    def mask(self, c: Coord) -> int:
        return self.masks[c]

    def within(self, start: Coord, through: bool, steps: int) -> int:
        """The fields a native on `start` reaches in 1 to `steps` steps (never `start` itself).

        Volcanoes are never entered; with ``through=False`` the temple place ends a way but is
        not passed through (the same rule as `board.reach`).
        """
        levels = self.searches[through].get(start)
        if levels is None:
            origin = self.masks[start]
            levels = self.searches[through][start] = [self.open & ~origin, origin, 0]
        if steps < len(levels) - 2:
            return levels[steps + 2] if steps > 0 else 0
        return self._extend(levels, through, steps)

    def _extend(self, levels: list[int], through: bool, steps: int) -> int:
        unseen, frontier, reached = levels[0], levels[1], levels[-1]
        width = self.frame.width
        passable = ~0 if through else ~self.temple
        while len(levels) - 2 <= steps:
            if not frontier:
                levels[0], levels[1] = unseen, 0
                return reached  # the search is complete: more steps reach nothing more
            step = spread(frontier, width) & unseen
            unseen ^= step
            reached |= step
            frontier = step & passable
            levels.append(reached)
        levels[0], levels[1] = unseen, frontier
        return levels[steps + 2]

    def cost(self, start: Coord, through: bool, dest: Coord) -> int:
        """The number of steps of a shortest way from `start` to `dest` (reachable)."""
        target = self.masks[dest]
        levels = self.searches[through].get(start, ())
        for steps in range(1, len(levels) - 2):  # the levels searched so far, then further
            if levels[steps + 2] & target:
                return steps
        steps = max(1, len(levels) - 2)
        while not self.within(start, through, steps) & target:
            steps += 1
        return steps

    def fields(self, mask: int) -> list[Coord]:
        """The fields in `mask`, sorted."""
        coords = self.frame.coords
        return [coords[b] for b in bits(mask)]  # type: ignore[misc]

    def nth(self, mask: int, n: int) -> Coord:
        """The `n`-th field of `mask` in sorted order."""
        return self.frame.coords[nth_bit(mask, n)]  # type: ignore[return-value]
