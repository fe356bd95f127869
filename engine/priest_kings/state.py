"""The campaign state: an immutable value holding only what changes during a campaign.

Covers the rule text's setup ("The campaign must be played by four players, each controlling the
city states of Kish, Lagash, Uruk and Ur. Each city has an army ...") and what a turn and the
vassal status leave behind: the turn and its activation order, the attacks declared, who is whose
vassal, pending sacrifices, each city's army (reorganizations are definitive), and the tally of
vassals each city has won for each overlord (for the winners).

The map and the army lists are shared, static data: a state refers to them and never copies
them. Players are numbered 0 to 3 in the map's city order (Kish, Lagash, Uruk, Ur).

There is no hidden information on the table, but the future is hidden: the activation order of
later turns and every die of later battles derive from the seed, so `State.view` hides the seed
and `State.determinize` draws a new one (bots must not foresee the dice).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.core import InvalidInput, RulesetOptions, dumps, is_int, loads, shown
from engine.priest_kings.army import Army
from engine.priest_kings.battle import REROLL_LIMITS
from engine.priest_kings.board import CITIES, CampaignMap
from engine.priest_kings.scoring import final_winners, limit_winners, standings
from engine.priest_kings.text import render_text

PLAYERS = CITIES
PHASES = ("activation", "orders", "battles", "over")
#: How battles are resolved (ruling R-P10): dice only, results typed in, or either.
BATTLE_MODES = ("dice", "recorded", "either")
#: How a turn's order of activation is decided (ruling R-P14): drawn by the engine from the
#: seed, or rolled at the table and typed in.
ACTIVATION_MODES = ("dice", "recorded")
INDEPENDENT = -1
#: The longest campaign a house rule may set, in turns.
MAX_TURNS = 1000


@dataclass(frozen=True, slots=True)
class Options(RulesetOptions):
    """The campaign's options (docs/rulings.md).

    Attributes:
        battles: ``"dice"`` (default: every battle is a `DiceBattle`, for solo play and class),
            ``"recorded"`` (every result is typed in as a `RecordedBattle`, for a real DBMM
            campaign) or ``"either"`` (each battle may be fought either way).
        reroll_limit: ``"battle"`` (default, the text: "No more than one reroll is allowed in a
            battle") or ``"side"`` (one reroll per side that made sacrifices) (R-P11).
        activation: ``"dice"`` (default: the engine draws each turn's order of activation
            from the seed) or ``"recorded"`` (the order is rolled at the table and typed in
            as an `ActivationOrder` at the start of each turn) (R-P14).
        turns: the campaign's turns (house rule P-OPT-TURNS-1): after this many it ends,
            the largest realms winning; None (default) for the rule text, which plays until
            every city serves one overlord.
        army: the army list every city starts with (house rule P-OPT-ARMY-1): ``"standard"``
            (default, `Army.standard()`) or a list in `Army.to_dict`'s form (an object, or
            its JSON text), kept as canonical JSON text.
    """

    HOUSE_RULES: ClassVar[tuple[str, ...]] = ("turns", "army")

    battles: str = "dice"
    reroll_limit: str = "battle"
    activation: str = "dice"
    turns: int | None = None
    army: str | Mapping[str, Any] = "standard"

    def __post_init__(self) -> None:
        for name, allowed in (("battles", BATTLE_MODES), ("reroll_limit", REROLL_LIMITS),
                              ("activation", ACTIVATION_MODES)):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                raise InvalidInput(f"{name} must be one of {', '.join(map(repr, allowed))}, "
                                   f"not {shown(value)}")
        if self.turns is not None and (not is_int(self.turns)
                                       or not 1 <= self.turns <= MAX_TURNS):
            raise InvalidInput(f"turns must be a whole number from 1 to {MAX_TURNS}, or None "
                               f"for a campaign to the last city, not {shown(self.turns)}")
        army = self.army
        if army != "standard":
            if isinstance(army, str):
                army = loads(army, "the army option")
            if not isinstance(army, Mapping):
                raise InvalidInput(f"army must be 'standard' or an army list (an object in "
                                   f"the form of Army.to_dict, or its JSON text), not "
                                   f"{shown(self.army)}")
            object.__setattr__(self, "army", dumps(Army.from_dict(army).to_dict()))

    def starting_army(self) -> Army:
        """The army every city starts with."""
        return army_of(self.army)  # type: ignore[arg-type]  # JSON text after __post_init__


@functools.lru_cache(maxsize=64)
def army_of(text: str) -> Army:
    """The army an `Options.army` names (one object per text: armies are values)."""
    return Army.standard() if text == "standard" else Army.from_dict(loads(text))



@dataclass(frozen=True, slots=True)
class State:
    """A campaign position. Build one with `new_state`; change it only through `apply`.

    Attributes:
        map: the campaign map (shared, never copied).
        options: the `Options` in force.
        players: 4.
        seed: the seed the campaign was set up from; None in a player's view.
        turn: 1, 2, ...
        phase: ``"activation"`` (option ``activation="recorded"``: the order rolled at the
            table is to be typed in), ``"orders"`` (cities choose their activity in
            activation order), ``"battles"`` (the declared attacks are fought, in the order
            declared) or ``"over"``.
        order: this turn's activation order, a permutation of the players (empty while it
            is to be typed in).
        step: in ``"orders"``, how many cities have chosen; in ``"battles"``, the index in
            `attacks` of the battle to fight next.
        attacks: this turn's attacks as (attacker, defender), in the order declared.
        overlord: for each city its overlord, or -1 if it is independent.
        blessed: for each city whether it has made sacrifices for its next battle.
        armies: each city's army, reorganizations included.
        made: ``made[v][o]``: how many cities `v` has made vassals of `o` while `o`'s vassal.
        battles_fought: battles resolved so far (the dice of battle n derive from the seed and n).
        to_move: who decides next (the activated city, or the attacker of the battle to fight;
            while the order is to be typed in, the map's first city, for the table); None when
            the campaign is over.
    """

    RULESET: ClassVar[str] = "priest_kings"

    map: CampaignMap
    options: Options
    players: int
    seed: int | None
    turn: int
    phase: str
    order: tuple[int, ...]
    step: int
    attacks: tuple[tuple[int, int], ...]
    overlord: tuple[int, ...]
    blessed: tuple[bool, ...]
    armies: tuple[Army, ...]
    made: tuple[tuple[int, ...], ...]
    battles_fought: int
    to_move: int | None

    # Reading the position -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def name(self, player: int) -> str:
        """The city's name, e.g. ``"Kish"``."""
        return self.map.cities[player].name

    def lord_of(self, player: int) -> int:
        """The head of the player's realm: itself if independent, else its overlord."""
        lord = self.overlord[player]
        return player if lord < 0 else lord

    def vassals_of(self, player: int) -> tuple[int, ...]:
        return tuple(v for v, lord in enumerate(self.overlord) if lord == player)

    def realm(self, player: int) -> tuple[int, ...]:
        """The cities of the player's realm: its head and the head's vassals, in city order."""
        head = self.lord_of(player)
        return tuple(c for c in range(self.players) if self.lord_of(c) == head)

    @property
    def independent(self) -> tuple[int, ...]:
        return tuple(c for c, lord in enumerate(self.overlord) if lord < 0)

    @property
    def attacked(self) -> frozenset[int]:
        """The cities attacked this turn."""
        return frozenset(d for _, d in self.attacks)

    @property
    def battle(self) -> tuple[int, int] | None:
        """The battle to fight next as (attacker, defender), or None outside the battles."""
        return self.attacks[self.step] if self.phase == "battles" else None

    def scores(self) -> tuple[int, ...]:
        return standings(self.overlord, self.made)

    def winners(self) -> frozenset[int]:
        """The overlord and the vassals that made vassals for it, once over; empty before.
        A campaign ended by its turn limit (P-OPT-TURNS-1) is won by the largest realms."""
        if not self.is_over:
            return frozenset()
        if len(self.independent) > 1:
            return limit_winners(self.overlord, self.made)
        return final_winners(self.overlord, self.made)

    def view(self, player: int | None = None) -> State:
        """What a player may see: everything on the table, but not the seed — it decides the
        order of later turns and every later die."""
        return _evolve(self, seed=None)

    def determinize(self, rng: random.Random) -> State:
        """A state consistent with this view, with a seed drawn from `rng` (a view's own seed
        is kept when it has one)."""
        if self.seed is not None:
            return self
        return _evolve(self, seed=rng.randrange(2**31))

    def summary(self) -> str:
        if self.is_over:
            head = self.independent[0]
            return (f"campaign over after {self.turn} turn(s): {self.name(head)} rules Sumer; "
                    f"winners {', '.join(self.name(w) for w in sorted(self.winners()))}")
        who = self.name(self.to_move) if self.to_move is not None else "-"
        if self.phase == "activation":
            return f"turn {self.turn}, the order of activation to be entered"
        if self.phase == "battles":
            a, d = self.attacks[self.step]
            return f"turn {self.turn}, battle of {self.name(a)} against {self.name(d)}"
        return f"turn {self.turn}, orders, {who} to choose"

    def __str__(self) -> str:
        return render_text(self)

    # Save files -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data; `saves.state_from_dict` reads it back (and checks it)."""
        ids = [c.id for c in self.map.cities]
        return {
            "ruleset": self.RULESET,
            "map": "standard" if self.map.is_standard else self.map.to_dict(),
            "options": self.options.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "turn": self.turn,
            "phase": self.phase,
            "order": [ids[p] for p in self.order],
            "step": self.step,
            "attacks": [[ids[a], ids[d]] for a, d in self.attacks],
            "overlord": {ids[c]: ids[lord] for c, lord in enumerate(self.overlord) if lord >= 0},
            "blessed": [ids[c] for c, b in enumerate(self.blessed) if b],
            "armies": {ids[c]: "standard" if army == Army.standard() else army.to_dict()
                       for c, army in enumerate(self.armies)},
            "made": [[ids[v], ids[o], n] for v, row in enumerate(self.made)
                     for o, n in enumerate(row) if n],
            "battles_fought": self.battles_fought,
            "to_move": None if self.to_move is None else ids[self.to_move],
        }


_FIELDS = tuple(f.name for f in fields(State))


def _evolve(state: State, **changes: Any) -> State:
    """A copy of `state` with `changes`; cheaper than `dataclasses.replace`."""
    return State(*[changes[name] if name in changes else getattr(state, name)
                   for name in _FIELDS])


