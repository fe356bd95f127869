"""Matplotlib pictures for the notebooks, one module per ruleset (boards as networkx graphs,
simulation results). Each function draws on the `ax` it is given (or a new one) and returns it,
so notebooks can combine pictures and end the cell with ``plt.show()``."""

from sumer_widgets.plots.sumeria import draw_sumeria_graph

__all__ = ["draw_sumeria_graph"]
