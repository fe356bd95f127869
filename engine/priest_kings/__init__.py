"""Priest-Kings of God: a four-player DBMM campaign for Kish, Lagash, Uruk and Ur.

The pure core is `new_state`, `legal_moves` and `apply`; `new_game` wraps it in a `Game` with
history and save files; `random_playout` is the fast path for bots. Rules are catalogued in
``docs/rules/priest_kings.md`` and every ruling is in ``docs/rulings.md``.

Battles are moves of the attacker: a `RecordedBattle` types in the result of a battle fought on
the table with DBMM (who broke, the points each side scored), a `DiceBattle` asks the abstract
dice model of `battle` for one. Option ``battles`` says which: ``"dice"`` (default),
``"recorded"`` or ``"either"``. Likewise option ``activation``: ``"dice"`` (default) draws each
turn's order of activation, ``"recorded"`` takes the order rolled at the table as an
`ActivationOrder`. The map (`CampaignMap`) and the army lists (`Army`) are data;
the shipped ones are our reconstructions.

>>> from engine import priest_kings
>>> game = priest_kings.new_game(players=4, seed=7)
>>> game.state.summary()
'turn 1, orders, Kish to choose'
>>> [str(m) for m in game.legal_moves()][:3]
['attack lagash', 'attack uruk', 'sacrifice']
"""

from __future__ import annotations

import random
from typing import Any

from engine import core
from engine.core import IllegalMove, InvalidInput
from engine.priest_kings import battle, events
from engine.priest_kings.army import Army, Command, Element, Troops
from engine.priest_kings.battle import Outcome, fight
from engine.priest_kings.board import CampaignMap, Site
from engine.priest_kings.chance import chance_outcomes, reseeded
from engine.priest_kings.fast import random_playout
from engine.priest_kings.heuristic import evaluate
from engine.priest_kings.moves import (
    MOVE_KINDS,
    ActivationOrder,
    Attack,
    DiceBattle,
    RecordedBattle,
    Reorganize,
    Sacrifice,
    move_from_dict,
    parse_move,
)
from engine.priest_kings.rules import (
    ORDERS,
    RECORD_CHOICES,
    activation_order,
    apply,
    check_state,
    legal_moves,
    new_state,
    position,
)
from engine.priest_kings.saves import state_from_dict
from engine.priest_kings.scoring import final_winners, standings
from engine.priest_kings.state import (
    ACTIVATION_MODES,
    BATTLE_MODES,
    PLAYERS,
    Options,
    State,
)

NAME = "priest_kings"


class Game(core.Game):
    """A Priest-Kings campaign: `new_game` makes one, `Game.from_json` loads a save file."""

    RULES = NAME


def new_game(players: int = PLAYERS, seed: int | None = None, **options: Any) -> Game:
    """A new campaign (see `new_state` for the keywords: ``campaign_map``, ``armies`` and the
    options, e.g. ``battles="recorded"``).

    Raises:
        InvalidInput: players other than 4, an unknown option or value, a bad map or army.
    """
    return Game(new_state(players, seed, **options))


def determinize(view: State, rng: random.Random) -> State:
    """A full state consistent with `view`: a seed drawn from `rng` for the dice to come."""
    return view.determinize(rng)


__all__ = [
    "ACTIVATION_MODES", "ActivationOrder", "Army", "Attack", "BATTLE_MODES", "CampaignMap",
    "Command", "DiceBattle", "Element", "Game", "IllegalMove", "InvalidInput", "MOVE_KINDS",
    "NAME", "ORDERS", "Options", "Outcome", "PLAYERS", "RECORD_CHOICES", "RecordedBattle",
    "Reorganize", "Sacrifice", "Site", "State", "Troops", "activation_order", "apply", "battle",
    "chance_outcomes", "check_state", "determinize", "evaluate", "events", "fight",
    "final_winners", "legal_moves", "move_from_dict", "new_game", "new_state", "parse_move",
    "position", "random_playout", "reseeded", "standings", "state_from_dict",
]
