"""Matplotlib pictures of Priest-Kings of God: the campaign map as the networkx graph it is, the
odds of the dice battle, and the length of simulated campaigns. Their labels are the
``[plots.WORDS]`` of the words files, in the `lang` each takes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import networkx as nx

from engine import priest_kings as pk
from sumer_widgets.palette import MAY, SELECTED
from sumer_widgets.plots.analysis import COLOURS, Rate, axes_for, plot_intervals, wilson
from sumer_widgets.plots.standin import plotting, plt
from sumer_widgets.svg import PLAYER_COLORS
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]

#: matplotlib's markers for the players' shapes (circle, square, triangle, diamond).
MARKERS = ("o", "s", "^", "D")


@plotting
def draw_campaign_graph(campaign_map: pk.CampaignMap | None = None, *,
                        state: pk.State | None = None, ax: Any = None,
                        targets: Iterable[str] = (), attacker: str | None = None,
                        km: bool = True, lang: str = "en") -> Any:
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
    w = WORDS.get(lang, WORDS["en"])
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
            status = "\n" + w["vassal_of"].format(lord=state.name(state.overlord[n]))
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
    handles = [Line2D([], [], color="#2f5d34", linewidth=3, label=w["avenue"]),
               Line2D([], [], marker="o", linestyle="", color="#8a7a5a", label=w["landmark"])]
    if targets:
        handles.append(Line2D([], [], marker="o", linestyle="", markerfacecolor="none",
                              markeredgecolor=MAY, markersize=12, label=w["target"]))
    ax.legend(handles=handles, loc="lower left", fontsize=8, frameon=False)
    return ax


@plotting
def plot_battle_odds(outcomes: Mapping[str, Sequence[pk.Outcome]], *, ax: Any = None,
                     lang: str = "en") -> Any:
    """For each label, how often the invader's and the defender's army broke over its battles,
    each share with its Wilson 95 % interval (a battle in which both broke counts for both).

    Args:
        outcomes: ``{label: [Outcome, ...]}``, e.g. battles fought with and without a
            sacrifice (``battle.fight`` returns an `Outcome`).
    """
    w = WORDS.get(lang, WORDS["en"])
    series = {
        w["broke"].format(who=w[who]): {
            label: wilson(sum(o.broken in (side, "both") for o in battles), len(battles))
            for label, battles in outcomes.items() if battles}
        for who, side in (("invader", "attacker"), ("defender", "defender"))}
    n = {len(battles) for battles in outcomes.values()}
    ax = plot_intervals(series, ax=ax, percent=True, ylabel=w["share"],
                        title=(w["battles_each"].format(n=f"{n.pop():,}") if len(n) == 1
                               else w["intervals"]))
    ax.set_ylim(0, 100)
    return ax


@plotting
def plot_campaign_lengths(turns: Sequence[int], *, ax: Any = None, lang: str = "en") -> Any:
    """A histogram of how many turns campaigns took."""
    w = WORDS.get(lang, WORDS["en"])
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3))
    top = max(turns, default=1)
    ax.hist(turns, bins=range(1, top + 2), color="#0072B2", edgecolor="#1d160b", align="left")
    ax.set_xlabel(w["turns_until"])
    ax.set_ylabel(w["campaigns"])
    return ax


@plotting
def plot_battle_conditions(odds: Mapping[tuple[bool, int], Mapping[str, Rate]], *,
                           ax: Any = None,
                           outcomes: Sequence[str] = ("defender breaks", "attacker breaks"),
                           lang: str = "en") -> Any:
    """The odds of `sumer_widgets.priest_kings.figures.battle_odds` against the number of
    corps reorganized: one line per outcome and reroll, with Wilson intervals."""
    w = WORDS.get(lang, WORDS["en"])
    ax = axes_for(ax, (7, 3.6))
    counts = sorted({c for _, c in odds})
    for o, outcome in enumerate(outcomes):
        for reroll in (False, True):
            rates = [odds[(reroll, c)][outcome] for c in counts if (reroll, c) in odds]
            xs = [c + (0.06 if reroll else -0.06) for c in counts if (reroll, c) in odds]
            label = w["with_reroll" if reroll else "no_reroll"].format(outcome=outcome)
            ax.errorbar(xs, [r.value * 100 for r in rates],
                        yerr=[[(r.value - r.low) * 100 for r in rates],
                              [(r.high - r.value) * 100 for r in rates]],
                        color=COLOURS[o], linestyle="-" if reroll else ":", marker="o",
                        capsize=3, label=label)
    ax.set_xticks(counts)
    ax.set_xlabel(w["corps_reorganized"])
    ax.set_ylabel(w["share_percent"])
    ax.legend(fontsize=8, frameon=False, ncol=2)
    ax.spines[["top", "right"]].set_visible(False)
    return ax
