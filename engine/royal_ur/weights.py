"""Leaf values for the expert's search, fitted to solved games too large to ship.

A fitted value is a logistic model of the chance of winning of the player to move before the
throw: ``1 / (1 + exp(-(bias + Σ mine[s] + Σ theirs[s] + off weights)))`` with one weight per
square of the path for each side's piece on it, and one per piece borne off for each side
(pieces waiting are the baseline). ``scripts/royal_ur_table.py --fit`` solves the game with
numpy and fits the weights by least squares on the logits of the positions' values; the
numbers below are what it printed, with the fit's error against the true values (none yet:
every game is searched with the race estimate).

`WEIGHTS` is keyed by the options that decide the game (pieces, path, safe rosettes, dice,
capture throw). Games without fitted weights are searched with the race estimate instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Position = tuple[tuple[int, ...], tuple[int, ...], int, int]

#: (pieces, path, safe_rosettes, dice, capture_throw) -> (bias, mine by square (index 0
#: unused), theirs by square, my pieces off, their pieces off).
WEIGHTS: dict[tuple[Any, ...], tuple[float, tuple[float, ...], tuple[float, ...], float,
                                     float]] = {
    # Finkel's rules, 5 pieces: fitted on 2,000,000 positions of 14,669,769, mean error
    # 0.0280, 99th percentile 0.1052.
    (5, "bell", True, "four", False): (
        0.0467,
        (0.0, 0.0762, 0.1281, 0.148, 0.1273, 0.2069, 0.2477, 0.2691, 0.3893, 0.3066, 0.3224,
         0.3496, 0.3786, 0.468, 0.3859),
        (0.0, -0.0788, -0.1273, -0.1479, -0.1279, -0.1792, -0.1975, -0.2174, -0.4891, -0.2576,
         -0.2678, -0.2831, -0.3018, -0.4567, -0.3814),
        0.614, -0.5864),
}


def weights_for(options: Any) -> Callable[[Position], float] | None:
    """The fitted leaf value of the game of `options`, or None if none was fitted."""
    key = (options.pieces, options.path, options.safe_rosettes, options.dice,
           options.capture_throw)
    # The fits were made with the rule text's extra throw on a rosette (U-ROSETTE-1).
    fitted = WEIGHTS.get(key) if getattr(options, "rosette_throw", True) else None
    if fitted is None:
        return None
    bias, mine_w, theirs_w, my_off_w, their_off_w = fitted
    exp = math.exp

    def value(position: Position) -> float:
        mine, theirs, my_off, their_off = position
        z = bias + my_off * my_off_w + their_off * their_off_w
        for s in mine:
            z += mine_w[s]
        for s in theirs:
            z += theirs_w[s]
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + exp(-z))

    return value
