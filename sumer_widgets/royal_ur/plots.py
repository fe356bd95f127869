"""Matplotlib pictures of the Royal Game of Ur: the chances of the throws, and the chance of
each square being reached with one throw."""

from __future__ import annotations

from math import comb
from typing import Any

from sumer_widgets.palette import MAY
from sumer_widgets.plots.standin import plotting, plt
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]


@plotting
def plot_throws(*, ax: Any = None, dice: int = 4, lang: str = "en") -> Any:
    """The chance of each throw of `dice` tetrahedral dice (each tip up with chance 1/2): a bar
    for each throw, labelled with its ways out of 2**dice; its words in `lang`."""
    told = WORDS.get(lang, WORDS["en"])
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.2))
    throws = list(range(dice + 1))
    ways = [comb(dice, k) for k in throws]
    bars = ax.bar(throws, [w / 2 ** dice for w in ways], color=MAY, hatch="//", edgecolor="white")
    for bar, w in zip(bars, ways):
        ax.annotate(f"{w}/{2 ** dice}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                    ha="center", va="bottom", fontsize=10)
    ax.set_xticks(throws)
    ax.set_xlabel(told["throw"])
    ax.set_ylabel(told["chance"])
    ax.set_ylim(0, max(ways) / 2 ** dice * 1.2)
    ax.set_title(told["title"].format(dice=dice))
    return ax
