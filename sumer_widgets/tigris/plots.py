"""Matplotlib pictures of Tigris & Euphrates: the board as the networkx grid graph it is, with
groups of tiles (kingdoms) traced on it, and the players' scores through a game. Their labels
are the ``[plots.WORDS]`` of the words files beside this module."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import networkx as nx

from engine.tigris import Board, Game, State
from engine.tigris.board import WIDTH
from engine.tigris.state import CATASTROPHE, COLOUR_NAMES, FLIPPED, LEADER, TILE, player_name
from sumer_widgets.plots.standin import plotting, plt
from sumer_widgets.tigris.picture import TILE_FILL
from sumer_widgets.words import words

GROUP_COLOURS = ("#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000", "#009E73")
PLAYER_MARKERS = ("o", "s", "^", "D")
WORDS = words(__file__)["WORDS"]


@plotting
def draw_tigris_graph(position: State | Board | None = None, *, ax: Any = None,
                      groups: Iterable[Sequence[int]] = (), labels: bool = True,
                      lang: str = "en") -> Any:
    """The board drawn as its networkx graph: a node per cell, an edge per shared side.

    Args:
        position: a state (its tiles and leaders are drawn) or a board (default: standard).
        groups: groups of cells (e.g. kingdoms: connected components) whose inner edges are
            traced, each in its own colour and named in the legend.
        labels: name the columns a–p and the rows 1–11.
        lang: the language of the legend.
    """
    from matplotlib.lines import Line2D
    w = WORDS.get(lang, WORDS["en"])
    state = position if isinstance(position, State) else None
    board = state.board if state is not None else position or Board.get("standard")
    graph = board.graph
    if ax is None:
        _, ax = plt.subplots(figsize=(9, 6.5))
    pos = {n: (col, -row) for n, (col, row) in nx.get_node_attributes(graph, "pos").items()}
    nx.draw_networkx_edges(graph, pos, ax=ax, edge_color="#d9caa4", width=1)
    handles = []
    for n, cells in enumerate(groups):
        inside = set(cells)
        edges = [(a, b) for a, b in graph.edges if a in inside and b in inside]
        colour = GROUP_COLOURS[n % len(GROUP_COLOURS)]
        nx.draw_networkx_edges(graph, pos, edgelist=edges, ax=ax, edge_color=colour, width=5,
                               alpha=0.8)
        handles.append(Line2D([], [], color=colour, linewidth=5,
                              label=w["group"].format(n=n + 1, cells=len(inside))))
    fill, size, shape_of = [], [], []
    for cell in graph.nodes:
        code = state.cells[cell] if state is not None else (
            TILE + 1 if cell in board.temples else 0)
        if TILE <= code < CATASTROPHE:
            fill.append(TILE_FILL[code - TILE])
            size.append(140)
        elif code == CATASTROPHE:
            fill.append("#6e6259")
            size.append(140)
        elif FLIPPED <= code < LEADER:
            fill.append("#cbb994")
            size.append(140)
        elif code >= LEADER:
            fill.append(TILE_FILL[(code - LEADER) % 4])
            size.append(260)
        else:
            fill.append("#a9d3ec" if board.river[cell] else "#efe4c4")
            size.append(40)
        shape_of.append(code)
    nodes = list(graph.nodes)
    plain = [i for i, code in enumerate(shape_of) if code < LEADER]
    nx.draw_networkx_nodes(graph, pos, nodelist=[nodes[i] for i in plain], ax=ax,
                           node_color=[fill[i] for i in plain], node_size=[size[i] for i in plain],
                           node_shape="s", edgecolors="#6b5a3c", linewidths=0.6)
    for player, marker in enumerate(PLAYER_MARKERS):
        mine = [i for i, code in enumerate(shape_of) if code >= LEADER
                and (code - LEADER) // 4 == player]
        if mine:
            nx.draw_networkx_nodes(graph, pos, nodelist=[nodes[i] for i in mine], ax=ax,
                                   node_color=[fill[i] for i in mine], node_size=260,
                                   node_shape=marker, edgecolors="#111", linewidths=1.5)
            handles.append(Line2D([], [], marker=marker, linestyle="", markersize=9,
                                  markerfacecolor="#ffffff", markeredgecolor="#111",
                                  label=w["leaders"].format(player=player_name(player, lang))))
    if labels:
        ax.set_xticks(range(WIDTH), list("abcdefghijklmnop"))
        ax.set_yticks([-r for r in range(11)], [str(r + 1) for r in range(11)])
        ax.tick_params(length=0)
        for spine in ax.spines.values():
            spine.set_visible(False)
    else:
        ax.axis("off")
    ax.set_aspect("equal")
    if handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8,
                  frameon=False)
    return ax


@plotting
def plot_tigris_scores(game: Game, *, ax: Any = None, lang: str = "en") -> Any:
    """Each player's score — the weakest colour once the treasures are placed — after every
    move of `game` (everything is shown: an after-the-game picture)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.5))
    history = game.history
    plies = range(len(history))
    for player in range(history[0].players):
        scores = [state.scores()[player] for state in history]
        ax.step(plies, scores, where="post", marker=PLAYER_MARKERS[player], markevery=max(
            1, len(history) // 12), label=player_name(player, lang))
    w = WORDS.get(lang, WORDS["en"])
    ax.set_xlabel(w["move"])
    colour = COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])
    ax.set_ylabel(w["score"])
    ax.set_title(w["title"].format(colours=", ".join(colour)))
    ax.legend(frameon=False)
    ax.grid(alpha=0.3)
    return ax
