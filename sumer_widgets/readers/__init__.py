"""Readable displays of each game's values: one module per game (``readers.tigris``, …).

The engine's own ``repr`` stays terse and exact (``tile r f3``, ``'kkrbgg'``); a reader module
says the same values as sentences and small pictures, and registers them with IPython
(`sumer_widgets.display.register`) when a lesson imports it.
"""
