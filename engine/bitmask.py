"""Sets of small numbers (a board's locations, cells) held as the bits of an ``int``.

The fast paths and the reachability searches keep occupancy and destinations this way: a union
is ``|``, a test is ``&``, and a count is ``int.bit_count``. These turn a mask back into numbers.
"""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The numbers in `mask`, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


WORD = (1 << 64) - 1


def nth_bit(mask: int, n: int) -> int:
    """The `n`-th number in `mask` (0-based, ascending), without listing them all."""
    base = 0
    if mask > WORD:  # a wide mask (a few hundred bits): skip whole words first
        while True:
            count = (mask & WORD).bit_count()
            if n < count:
                break
            n -= count
            mask >>= 64
            base += 64
    while True:
        chunk = mask & 0xFFFF
        count = chunk.bit_count()
        if n < count:
            break
        n -= count
        mask >>= 16
        base += 16
    for _ in range(n):
        chunk &= chunk - 1
    return base + (chunk & -chunk).bit_length() - 1
