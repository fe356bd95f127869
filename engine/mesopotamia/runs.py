"""Legal moves in stretches: how the rules list many moves that differ only in their last part.

A native's destinations, its discoveries and a card's targets are moves ``prefix + (item,)``
for many items, and a turn offers many such stretches. The rules list them as `Runs` (items in
lists) or `FieldRuns` (fields as the bits of masks, see `reach.py`): one object for all the
stretches of one kind, in order. The fast path counts them with ``size`` and builds only the
move it draws (``move``); `rules.Work.legal` spells them all out (``moves``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.mesopotamia.reach import Reach


class Runs:
    """The moves ``prefix + (item,)`` for each prefix and each of its items, in order."""

    __slots__ = ("items", "prefixes", "size")

    def __init__(self, prefixes: list[tuple[Any, ...]], items: list[list[Any]]):
        self.prefixes = prefixes
        self.items = items
        self.size = sum(map(len, items))

    def move(self, index: int) -> tuple[Any, ...]:
        """The `index`-th move (0 to ``size - 1``)."""
        for prefix, items in zip(self.prefixes, self.items):
            if index < len(items):
                return (*prefix, items[index])
            index -= len(items)
        raise IndexError(index)

    def moves(self) -> list[tuple[Any, ...]]:
        return [(*prefix, item) for prefix, items in zip(self.prefixes, self.items)
                for item in items]


class FieldRuns:
    """The moves ``prefix + (field,)`` for each prefix and each field of its mask, in order
    (fields sorted): counted with ``bit_count``, and only the field drawn is looked up."""

    __slots__ = ("masks", "prefixes", "reach", "size")

    def __init__(self, prefixes: list[tuple[Any, ...]], masks: list[int], reach: Reach):
        self.prefixes = prefixes
        self.masks = masks
        self.reach = reach
        self.size = sum(map(int.bit_count, masks))

    def move(self, index: int) -> tuple[Any, ...]:
        """The `index`-th move (0 to ``size - 1``)."""
        for prefix, mask in zip(self.prefixes, self.masks):
            count = mask.bit_count()
            if index < count:
                return (*prefix, self.reach.nth(mask, index))
            index -= count
        raise IndexError(index)

    def moves(self) -> list[tuple[Any, ...]]:
        fields = self.reach.fields
        return [(*prefix, field) for prefix, mask in zip(self.prefixes, self.masks)
                for field in fields(mask)]
