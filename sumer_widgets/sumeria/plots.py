"""Matplotlib pictures of Sumeria: the board as the networkx graph it is (its legend's words
are ``[plots.WORDS]`` of the words files beside this module)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import networkx as nx

from engine.sumeria import Board
from sumer_widgets.palette import MAY
from sumer_widgets.plots.standin import plotting, plt
from sumer_widgets.svg import PLAYER_COLORS
from sumer_widgets.words import words

#: The legend's names of the kinds of location.
WORDS = words(__file__)["WORDS"]
KIND_STYLE = {"city": ("s", 260), "town": ("o", 110), "village": ("D", 55)}


@plotting
def draw_sumeria_graph(board: Board | None = None, *, ax: Any = None,
                       routes: Iterable[int] = (), path: Sequence[str] = (),
                       traders: dict[str, int] | None = None, labels: bool = True,
                       lang: str = "en") -> Any:
    """A Sumeria board drawn as the networkx graph it is.

    Args:
        routes: indices of routes to trace in red (``board.graph.edges[a, b]["route"]``).
        path: a walk (e.g. from ``Board.paths``) to trace as arrows.
        traders: ``{location id: player}`` to mark in the players' colours.
        labels: name each city-state at its city.
        lang: the language of the legend.
    """
    from matplotlib.lines import Line2D
    board = board or Board.standard()
    graph = board.graph
    if ax is None:
        _, ax = plt.subplots(figsize=(9, 6))
    pos = {n: (x, -y) for n, (x, y) in nx.get_node_attributes(graph, "pos").items()}
    traced = set(routes)
    edges = [d["route"] for _, _, d in graph.edges(data=True)]
    colours = ["#c0392b" if route in traced else "#b08d57" for route in edges]
    widths = [3.5 if route in traced else 1.5 for route in edges]
    nx.draw_networkx_edges(graph, pos, ax=ax, edge_color=colours, width=widths)
    traders = traders or {}
    for kind, (marker, size) in KIND_STYLE.items():
        nodes = [n for n, k in graph.nodes(data="kind") if k == kind]
        fill = [PLAYER_COLORS[traders[n]] if n in traders else "#fbf5e6" for n in nodes]
        nx.draw_networkx_nodes(graph, pos, nodelist=nodes, node_shape=marker, node_size=size,
                               node_color=fill, edgecolors="#6b5a3c", ax=ax)
    if len(path) >= 2:
        nx.draw_networkx_edges(nx.DiGraph(list(zip(path, path[1:]))), pos, ax=ax,
                               edge_color=MAY, width=2.5, arrows=True, arrowsize=16,
                               node_size=200)
    if labels:
        for cs in board.city_states:
            x, y = pos[board.city(cs.id)]
            ax.annotate(cs.name, (x, y), xytext=(0, 14), textcoords="offset points",
                        ha="center", fontsize=10, fontweight="bold", color="#4a3b22")
    if board.river:
        xs, ys = zip(*board.river)
        ax.plot(xs, [-y for y in ys], color="#7fb3d5", linewidth=8, alpha=0.6, zorder=0)
    ax.set_aspect("equal")
    ax.axis("off")
    named = WORDS.get(lang, WORDS["en"])
    kinds = [Line2D([], [], marker=marker, linestyle="", markersize=size ** 0.5 * 0.8,
                    markerfacecolor="#fbf5e6", markeredgecolor="#6b5a3c", label=named[kind])
             for kind, (marker, size) in KIND_STYLE.items()]
    ax.legend(handles=kinds, loc="lower left", fontsize=8, frameon=False)
    return ax
