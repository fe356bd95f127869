"""Matplotlib pictures every notebook shares: intervals and ratings (`analysis`), the full runs'
result files and their ladders (`results`), and the stand-ins where matplotlib cannot load
(`standin`). A game's own plots are in its folder (``sumer_widgets.<game>.plots``). Each
function draws on the `ax` it is given (or a new one) and returns it, so notebooks can combine
pictures and end the cell with ``plt.show()``. Where matplotlib is missing (the browser-only
site, a plain ``pip install sumer``) every one of them draws nothing and leaves a note instead
(`sumer_widgets.plots.standin`)."""
