"""Matplotlib pictures of Priest-Kings of God: the campaign map as the networkx graph it is, the
odds of the dice battle, and the length of simulated campaigns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import networkx as nx

from engine import priest_kings as pk
from sumer_widgets.palette import MAY, SELECTED
from sumer_widgets.plots.analysis import COLOURS, Rate, axes_for
from sumer_widgets.plots.standin import plotting, plt
from sumer_widgets.svg import PLAYER_COLORS

#: matplotlib's markers for the players' shapes (circle, square, triangle, diamond).
MARKERS = ("o", "s", "^", "D")
#: Outcomes of a battle from the attacker's side, best first, with their colours.
OUTCOMES = (("defender", "defender broke", "#009E73"), ("both", "both broke", "#F0E442"),
            ("none", "neither broke", "#BBBBBB"), ("attacker", "attacker broke", "#D55E00"))


@plotting
def draw_campaign_graph(campaign_map: pk.CampaignMap | None = None, *,
                        state: pk.State | None = None, ax: Any = None,
                        targets: Iterable[str] = (), attacker: str | None = None,
                        km: bool = True) -> Any:
    """A campaign map drawn as its networkx graph: cities at their positions (north up), each
    in its player's colour and shape, avenues labelled with their length.

    Args:
        state: a campaign position: its map, and each vassal joined to its overlord by a broad
            band in the overlord's colour.
        targets: city ids to ring in red (e.g. the targets of an attack).
        attacker: a city id to ring in black.
        km: label each avenue with its length.
    """
    from matplotlib.lines import Line2D
    cmap = state.map if state is not None else campaign_map or pk.CampaignMap.standard()
    graph = cmap.graph
    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 6.5))
    pos = {n: (x, -y) for n, (x, y) in nx.get_node_attributes(graph, "pos").items()}
    if state is not None:
        for vassal, lord in enumerate(state.overlord):
            if lord >= 0:
                (xa, ya), (xb, yb) = pos[cmap.city_id(lord)], pos[cmap.city_id(vassal)]
                ax.plot([xa, xb], [ya, yb], color=PLAYER_COLORS[lord], linewidth=18, alpha=0.3,
                        solid_capstyle="round", zorder=0)
    nx.draw_networkx_edges(graph, pos, ax=ax, edge_color="#2f5d34", width=3)
    if km:
        labels = {(a, b): f"{d['km']:.0f} km" for a, b, d in graph.edges(data=True)}
        nx.draw_networkx_edge_labels(graph, pos, edge_labels=labels, ax=ax, font_size=8,
                                     font_color="#2f5d34")
    for n, city in enumerate(cmap.cities):
        nx.draw_networkx_nodes(graph, pos, nodelist=[city.id], node_shape=MARKERS[n % 4],
                               node_color=PLAYER_COLORS[n % 4], node_size=420,
                               edgecolors="#1d160b", linewidths=1.5, ax=ax)
        x, y = pos[city.id]
        status = ""
        if state is not None and state.overlord[n] >= 0:
            status = f"\nvassal of {state.name(state.overlord[n])}"
        ax.annotate(city.name + status, (x, y), xytext=(0, -22), textcoords="offset points",
                    ha="center", va="top", fontsize=10, fontweight="bold", color="#1d160b")
    for ring, colour in ((targets, MAY), ([attacker] if attacker else [], SELECTED)):
        ring = list(ring)
        if ring:
            xs, ys = zip(*(pos[c] for c in ring))
            ax.scatter(xs, ys, s=1500, facecolors="none", edgecolors=colour, linewidths=2.5,
                       linestyle="--" if colour != SELECTED else "-", zorder=3)
    for site in cmap.landmarks:
        ax.plot(site.x, -site.y, "o", color="#8a7a5a", markersize=4)
        ax.annotate(site.name, (site.x, -site.y), xytext=(5, 3), textcoords="offset points",
                    fontsize=8, style="italic", color="#6b5a3c")
    ax.set_aspect("equal")
    ax.margins(0.15)
    ax.axis("off")
    handles = [Line2D([], [], color="#2f5d34", linewidth=3, label="avenue"),
               Line2D([], [], marker="o", linestyle="", color="#8a7a5a", label="landmark")]
    if targets:
        handles.append(Line2D([], [], marker="o", linestyle="", markerfacecolor="none",
                              markeredgecolor=MAY, markersize=12, label="target"))
    ax.legend(handles=handles, loc="lower left", fontsize=8, frameon=False)
    return ax


@plotting
def plot_battle_odds(outcomes: Mapping[str, Sequence[pk.Outcome]], *, ax: Any = None) -> Any:
    """Stacked bars: for each label, how often each side broke over its battles.

    Args:
        outcomes: ``{label: [Outcome, ...]}``, e.g. battles fought with and without a
            sacrifice (``battle.fight`` returns an `Outcome`).
    """
    from matplotlib.patches import Patch
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 0.6 + 0.55 * len(outcomes)))
    labels = list(outcomes)
    left = [0.0] * len(labels)
    for key, name, colour in OUTCOMES:
        shares = [sum(o.broken == key for o in outcomes[label]) / max(len(outcomes[label]), 1)
                  for label in labels]
        ax.barh(labels, shares, left=left, color=colour, edgecolor="#333", label=name)
        for i, share in enumerate(shares):
            if share >= 0.06:
                ax.text(left[i] + share / 2, i, f"{share:.0%}", ha="center", va="center",
                        fontsize=8)
        left = [a + b for a, b in zip(left, shares)]
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("share of battles")
    ax.legend(handles=[Patch(facecolor=c, edgecolor="#333", label=n) for _, n, c in OUTCOMES],
              ncol=4, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.25),
              frameon=False)
    return ax


@plotting
def plot_campaign_lengths(turns: Sequence[int], *, ax: Any = None) -> Any:
    """A histogram of how many turns campaigns took."""
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3))
    top = max(turns, default=1)
    ax.hist(turns, bins=range(1, top + 2), color="#0072B2", edgecolor="#1d160b", align="left")
    ax.set_xlabel("turns until one city rules Sumer")
    ax.set_ylabel("campaigns")
    return ax


@plotting
def plot_battle_conditions(odds: Mapping[tuple[bool, int], Mapping[str, Rate]], *,
                           ax: Any = None,
                           outcomes: Sequence[str] = ("defender breaks", "attacker breaks")
                           ) -> Any:
    """The odds of `sumer_widgets.priest_kings.figures.battle_odds` against the number of
    corps reorganized: one line per outcome and reroll, with Wilson intervals."""
    ax = axes_for(ax, (7, 3.6))
    counts = sorted({c for _, c in odds})
    for o, outcome in enumerate(outcomes):
        for reroll in (False, True):
            rates = [odds[(reroll, c)][outcome] for c in counts if (reroll, c) in odds]
            xs = [c + (0.06 if reroll else -0.06) for c in counts if (reroll, c) in odds]
            ax.errorbar(xs, [r.value * 100 for r in rates],
                        yerr=[[(r.value - r.low) * 100 for r in rates],
                              [(r.high - r.value) * 100 for r in rates]],
                        color=COLOURS[o], linestyle="-" if reroll else ":", marker="o",
                        capsize=3, label=f"{outcome}, {'with' if reroll else 'no'} reroll")
    ax.set_xticks(counts)
    ax.set_xlabel("attacker's corps reorganized")
    ax.set_ylabel("share of battles (%)")
    ax.legend(fontsize=8, frameon=False, ncol=2)
    ax.spines[["top", "right"]].set_visible(False)
    return ax
