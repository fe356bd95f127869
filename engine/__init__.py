"""Sumer's rules engines: pure Python (and networkx), one package per ruleset.

``engine.core`` holds the contract every ruleset keeps (docs/architecture.md, "The engine
contract"); ``engine.bots`` plays any of them; ``engine.simulate`` runs many games. Nothing here
imports IPython, widgets or matplotlib, so it runs in a plain script, a worker process or a test.
"""

from engine.core import Event, Game, IllegalMove, InvalidInput

__all__ = ["Event", "Game", "IllegalMove", "InvalidInput"]
