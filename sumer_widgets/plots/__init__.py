"""Matplotlib pictures for the notebooks, one module per ruleset (boards as networkx graphs,
simulation results). Each function draws on the `ax` it is given (or a new one) and returns it,
so notebooks can combine pictures and end the cell with ``plt.show()``. Where matplotlib is
missing (the browser-only site, a plain ``pip install sumer``) every one of them draws nothing
and leaves a note instead (`sumer_widgets.plots.standin`)."""

from sumer_widgets.plots.mesopotamia import draw_mesopotamia_graph, plot_mesopotamia_mana
from sumer_widgets.plots.priest_kings import (
    draw_campaign_graph,
    plot_battle_odds,
    plot_campaign_lengths,
)
from sumer_widgets.plots.sumeria import draw_sumeria_graph
from sumer_widgets.plots.tigris import draw_tigris_graph, plot_tigris_scores

__all__ = [
    "draw_campaign_graph", "draw_mesopotamia_graph", "draw_sumeria_graph", "draw_tigris_graph",
    "plot_battle_odds", "plot_campaign_lengths", "plot_mesopotamia_mana", "plot_tigris_scores",
]
