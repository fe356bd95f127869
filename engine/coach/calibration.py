"""From the expert's own measure of a position to a chance of winning: logistic curves fitted
on expert self-play, one per game and number of players (``calibration.json``).

The four modern games have no solved table. Each game's expert measures a position in its own
units — Sumeria's projected points over the best opponent's, Tigris's weighted standing,
Mesopotamia's progress towards the temple, Priest-Kings' rough chance of winning alone — and
the coach reads that measure for the player to move after each legal move (`Reading`). A
curve turns it into a chance:

    chance = 1 / (1 + exp(-(a + b·u + c·u·t + d·t))),    u = asinh(x / s)

where `x` is the expert's measure, `s` its typical size in that game (the median of its
magnitude in self-play: the measure is straight near zero and tamed far from it, where a won
game's bonus or a marker at the temple makes it leap), and `t` the game's progress from 0
(the start) to 1 (the end: each game says how it counts, `Reading.progress`), so that a lead
counts for more as the end nears. ``scripts/coach_calibration.py`` plays the expert against
itself, records the measure at positions along the games with who won, fits `a`, `b`, `c`,
`d` by maximum likelihood and writes them here with `s` and the figures of the fit;
``benchmarks/coach.py --calibration`` says how well the chances agree with the outcomes
(docs/coach.md).

The player to move's chance comes from its curve. The other players' chances, in the games
won by one player (ties shared), are what is left, shared in proportion to their own curves'
chances; in Priest-Kings, where several cities may be among the winners, each player's chance
is its own curve's.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

from engine.core import InvalidInput, shown

#: The games whose win may be shared among several players as a matter of course (one
#: overlord and the vassals that won cities for it): their chances are not shared out.
SEVERAL_WINNERS = frozenset({"priest_kings"})


@dataclass(frozen=True)
class Curve:
    """One fitted curve (see the module docstring)."""

    a: float
    b: float
    c: float
    d: float
    scale: float = 1.0

    def chance(self, x: float, t: float) -> float:
        u = math.asinh(x / self.scale)
        z = self.a + self.b * u + self.c * u * t + self.d * t
        if z < -40.0:
            return math.exp(z)
        if z > 40.0:
            return 1.0 - math.exp(-z)
        return 1.0 / (1.0 + math.exp(-z))


@functools.cache
def _fitted() -> dict[str, Any]:
    text = resources.files("engine.coach").joinpath("calibration.json").read_text("utf-8")
    return json.loads(text)["fitted"]


def curve(ruleset: str, players: int) -> Curve:
    """The fitted curve of `ruleset` with `players` players.

    Raises:
        InvalidInput: no curve was fitted for that game (``scripts/coach_calibration.py``).
    """
    fits = _fitted().get(ruleset, {})
    found = fits.get(str(players))
    if found is None:
        raise InvalidInput(f"no calibration was fitted for {ruleset} with {shown(players)} "
                           f"players: run scripts/coach_calibration.py")
    return Curve(*found["curve"], scale=found["scale"])


def chances(ruleset: str, players: int, mover: int, mover_x: float, xs: tuple[float, ...],
            t: float, mover_chance: float | None = None) -> tuple[float, ...]:
    """Every player's chance of winning: the mover's from its measure `mover_x` (or given as
    `mover_chance`), the others' from their measures `xs` (see the module docstring)."""
    fitted = curve(ruleset, players)
    own = fitted.chance(mover_x, t) if mover_chance is None else mover_chance
    raw = [fitted.chance(x, t) for x in xs]
    if ruleset in SEVERAL_WINNERS:
        return tuple(own if p == mover else raw[p] for p in range(players))
    others = sum(raw[p] for p in range(players) if p != mover)
    left = 1.0 - own
    return tuple(own if p == mover
                 else left * (raw[p] / others if others > 0 else 1.0 / (players - 1))
                 for p in range(players))
