"""Readable displays of each game's values: sentences in English and Dutch, and small pictures.

``sumer_widgets.readers.<game>`` turns the engine's terse values — moves, rows, hands, scores,
winners — into what a learner reads, and registers them with IPython
(`sumer_widgets.display.register`) when imported. The engine's own ``repr`` stays exact and
terse; nothing readable goes into ``engine``.
"""
