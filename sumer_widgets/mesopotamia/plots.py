"""Matplotlib pictures of Mesopotamia: the map as the networkx graph it is, and the mana of a
game as it went."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import networkx as nx

from engine import mesopotamia
from engine.mesopotamia.board import KIND_NAMES
from sumer_widgets.mesopotamia.picture import KIND_FILL, KIND_STROKE, PLAYER_COLORS
from sumer_widgets.palette import MAY
from sumer_widgets.plots.standin import plotting, plt
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]

#: Each kind of field has its own marker as well as its colour.
KIND_MARKER = {"temple": "*", "plain": "o", "forest": "^", "quarry": "s", "volcano": "X"}
_LETTER = {"temple": "T", "plain": "P", "forest": "F", "quarry": "Q", "volcano": "V"}


@plotting
def draw_mesopotamia_graph(state: mesopotamia.State, *, ax: Any = None,
                           path: Sequence[str] = (), reach: Mapping[str, int] | None = None,
                           labels: bool = True, lang: str = "en") -> Any:
    """The map of `state` drawn as its networkx graph (`mesopotamia.map_graph`).

    Fields are nodes, coloured *and* shaped by kind; neighbouring fields are joined by an edge,
    dashed where a volcano makes it impassable.

    Args:
        path: a walk of fields (``["-1,0", "0,0", ...]``) to trace as arrows.
        reach: ``{field: cost}`` to ring in red, with the cost written beside each.
        labels: write each field's ``q,r``.
    """
    from matplotlib.lines import Line2D
    graph = mesopotamia.map_graph(state)
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 6))
    pos = {n: (x, -y) for n, (x, y) in nx.get_node_attributes(graph, "pos").items()}
    passable = [(a, b) for a, b, ok in graph.edges(data="passable") if ok]
    blocked = [(a, b) for a, b, ok in graph.edges(data="passable") if not ok]
    nx.draw_networkx_edges(graph, pos, edgelist=passable, ax=ax, edge_color="#8a7a5a", width=1.6)
    nx.draw_networkx_edges(graph, pos, edgelist=blocked, ax=ax, edge_color="#c0b8a8", width=1.0,
                           style="dashed")
    for kind, marker in KIND_MARKER.items():
        nodes = sorted(n for n, k in graph.nodes(data="kind") if k == kind)
        if nodes:
            letter = _LETTER[kind]
            nx.draw_networkx_nodes(graph, pos, nodelist=nodes, node_shape=marker,
                                   node_size=520 if kind == "temple" else 300,
                                   node_color=KIND_FILL[letter], edgecolors=KIND_STROKE[letter],
                                   linewidths=1.5, ax=ax)
    if reach:
        ax.scatter([pos[f][0] for f in sorted(reach)], [pos[f][1] for f in sorted(reach)],
                   s=720, facecolors="none", edgecolors=MAY, linewidths=2, zorder=3)
        for f in sorted(reach):
            ax.annotate(str(reach[f]), pos[f], xytext=(11, 9), textcoords="offset points",
                        color=MAY, fontsize=10, fontweight="bold")
    if len(path) >= 2:
        nx.draw_networkx_edges(nx.DiGraph(list(zip(path, path[1:]))), pos, ax=ax,
                               edge_color=MAY, width=2.5, arrows=True, arrowsize=16,
                               node_size=420)
    if labels:
        for n in sorted(graph.nodes):
            ax.annotate(n, pos[n], xytext=(0, -17), textcoords="offset points", ha="center",
                        fontsize=7.5, color="#4a3b22")
    ax.set_aspect("equal")
    ax.axis("off")
    handles = [Line2D([], [], marker=KIND_MARKER[k], linestyle="", markersize=10,
                      markerfacecolor=KIND_FILL[_LETTER[k]],
                      markeredgecolor=KIND_STROKE[_LETTER[k]], label=KIND_NAMES[lang][_LETTER[k]])
               for k in KIND_MARKER]
    handles.append(Line2D([], [], color="#c0b8a8", linestyle="--",
                          label=WORDS.get(lang, WORDS["en"])["no_way"]))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False,
              fontsize=9)
    return ax


@plotting
def plot_mesopotamia_mana(game: mesopotamia.Game, *, ax: Any = None,
                          players: Iterable[int] | None = None, lang: str = "en") -> Any:
    """Each player's mana (solid) and maximum mana (dashed) after every move of `game`."""
    w = WORDS.get(lang, WORDS["en"])
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.5))
    history = game.history
    xs = [s.round + s.turn % s.players / s.players for s in history]
    shown = range(history[0].players) if players is None else players
    for p in shown:
        colour = PLAYER_COLORS[p]
        name = mesopotamia.player_name(p, lang)
        ax.plot(xs, [s.mana[p] for s in history], color=colour, linewidth=2,
                label=w["mana_of"].format(player=name), drawstyle="steps-post")
        ax.plot(xs, [s.max_mana[p] for s in history], color=colour, linewidth=1.2,
                linestyle="--", label=w["maximum_of"].format(player=name),
                drawstyle="steps-post")
    ax.set_xlabel(w["round"])
    ax.set_ylabel(w["mana"])
    ax.set_ylim(-0.3, 8.5)
    ax.set_yticks(range(9))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=8)
    return ax
