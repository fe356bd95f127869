"""Legal moves in stretches: how the rules list many moves that differ only in their last part.

A native's destinations, its discoveries and a card's targets are moves ``prefix + (item,)``
for many items. The rules list them as a `Run` (items in a list) or a `FieldRun` (fields as the
bits of a mask, see `reach.py`) instead of building every tuple: the fast path counts them with
``size`` and builds only the move it draws (``item``); `rules.Work.legal` spells them all out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.mesopotamia.board import Coord

if TYPE_CHECKING:
    from engine.mesopotamia.reach import Reach


class Run:
    """A stretch of legal moves ``prefix + (item,)``, one for each item in order (a card's
    targets, a native's discoveries): the fast path counts them without building them."""

    __slots__ = ("items", "prefix", "size")

    def __init__(self, prefix: tuple[Any, ...], items: list[Any]):
        self.prefix = prefix
        self.items = items
        self.size = len(items)

    def item(self, index: int) -> Any:
        return self.items[index]


class FieldRun:
    """A `Run` over a set of fields held as a bitmask (a native's destinations): counted with
    one ``bit_count``, and only the field drawn is looked up."""

    __slots__ = ("mask", "prefix", "reach", "size")

    def __init__(self, prefix: tuple[Any, ...], mask: int, reach: Reach):
        self.prefix = prefix
        self.mask = mask
        self.reach = reach
        self.size = mask.bit_count()

    @property
    def items(self) -> list[Coord]:
        return self.reach.fields(self.mask)

    def item(self, index: int) -> Coord:
        return self.reach.nth(self.mask, index)
