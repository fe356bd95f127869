"""`CampaignCore`: the decisions of the Priest-Kings of God campaign map — the widget
`CampaignMap` (JupyterLab) and the site's board page wrap it (`sumer_widgets.core`).

With a campaign, the map takes the cities' turns in their activation order. Where the order is
rolled at the table (option ``activation="recorded"``), each turn starts by entering it: click the
cities on the map (or their buttons) in the order rolled. The city to choose
picks its activity above the map: *Attack…* lights up the cities it may attack (click one, or
its button), *Make sacrifices*, or *Reorganize* a corps. Once every city has chosen, each
attacker settles its battle: *Fight it with the dice* (the dice model; every die and every
reroll is shown in the battle report) or *Record the table result* of a battle fought with
DBMM (whose army broke, the points each side scored — checked by the engine). Bots play their
cities by themselves (or on "Bot moves"); undo, the history slider and the log work as on every
Sumer board, and `save`/`load` keep a real campaign between sessions.

Without a campaign it is an *explorer* of a map — the standard one or any map file: click a
city to see whom it may attack, and make cities vassals to see how a realm reaches further.

What is legal, and why something is not, always comes from the engine (`engine.priest_kings`).
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from typing import Any, ClassVar

from engine import priest_kings as pk
from engine.bots import Bot
from engine.core import InvalidInput, Message, Named, SumerError
from engine.priest_kings import events as ev
from engine.priest_kings.battle import BROKEN
from sumer_widgets.core import BoardCore, SumerErrorForMessage, refused
from sumer_widgets.priest_kings.picture import render, turn_events
from sumer_widgets.priest_kings.readers import (  # also registers the log's teller
    corps_text,
    event_text,
)
from sumer_widgets.words import words

#: The order the battle form offers whose army broke: the campaign's usual outcome first.
BROKEN_CHOICES = ("defender", "attacker", "none", "both")
assert set(BROKEN_CHOICES) == set(BROKEN)

WORDS = words(__file__)["WORDS"]
#: Why a click on the map does nothing, in the board's language.
TEXT = words(__file__)["TEXT"]

#: Events told in the battle report rather than the log.
BATTLE_DETAIL = (ev.DuelFought, ev.CommandMoraleChanged, ev.ArmyBroke)


class CampaignCore(BoardCore):
    """The decisions of an interactive Priest-Kings campaign map.

    Args:
        game: a `priest_kings.Game` to play; leave it out for the explorer.
        campaign_map: the explorer's map: an `engine.priest_kings.CampaignMap`, its dict form,
            or the path of a map file (default: the standard map). A campaign on another map
            is made with ``priest_kings.new_game(campaign_map=...)``.
        overlords: the explorer's starting realms, ``{vassal id: overlord id}``.
        bots, lang, autoplay, level, name: as on every board (`BoardCore`).
    """

    WORDS = WORDS
    #: The rules that allow each kind of move, quoted after a bot's move when "Say why" is on.
    MOVE_RULES: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "Attack": ("P-TURN-2", "P-ATTACK-1"),
        "Sacrifice": ("P-TURN-2", "P-SACRIFICE-1"),
        "Reorganize": ("P-TURN-2", "P-REORG-1"),
        "DiceBattle": ("P-TURN-3", "P-ATTACK-2"),
        "RecordedBattle": ("P-ATTACK-2", "P-BATTLE-2"),
        "ActivationOrder": ("P-TURN-4",),
    }

    #: The board's own values (`BoardCore.VALUES`; the widget's traits).
    VALUES: ClassVar[Mapping[str, Any]] = {"battles": []}


    KEYWORDS = (*BoardCore.KEYWORDS, "campaign_map", "overlords")

    def __init__(self, game: pk.Game | None = None, *, campaign_map: Any = None,
                 overlords: Mapping[str, str] | None = None,
                 bots: Mapping[int, Bot] | None = None, lang: str = "en",
                 autoplay: bool = True, name: str = "", level: str | None = None,
                 why_bots: bool = False,
                 **kwargs: Any):
        self._check_keywords(kwargs)
        if game is not None and not isinstance(game, pk.Game):
            raise TypeError(f"game must be a priest_kings.Game, not {type(game).__name__}")
        if game is not None and (campaign_map is not None or overlords is not None):
            raise TypeError("give either a game, or a campaign_map and overlords to explore — "
                            "not both (a campaign on another map: priest_kings.new_game("
                            "campaign_map=...))")
        self._map = _load_map(campaign_map) if game is None else game.state.map
        self._lords: tuple[int, ...] = (-1,) * len(self._map.cities)
        if overlords:
            self._lords = self._check_realms(dict(overlords))
        super().__init__(game, bots=bots, lang=lang, autoplay=autoplay, name=name,
                         level=level, why_bots=why_bots)

    def player_named(self, player: int) -> Named:
        """A city as the board's messages name it: by its name on the map, in every language."""
        cmap = self.game.state.map if self.game is not None else pk.CampaignMap.standard()
        name = cmap.city_name(player)
        return Named(en=name, nl=name)

    # Drawing ------------------------------------------------------------------------------

    def picture(self, state: pk.State | None) -> str:
        if state is None:
            return render(campaign_map=self._map, overlord=self._lords, lang=self.lang)
        ply = self.shown
        return render(state, events=turn_events(self.game, ply),
                      initial_armies=self.game.history[0].armies, lang=self.lang)

    def after_show(self, ply: int) -> None:
        self.battles = self._battle_reports(ply)

    def in_log(self, event: Any) -> bool:
        """The campaign log: every event but a battle's single meetings and morale, which the
        battle report shows with their dice (a dice battle has dozens; the log stays a
        campaign's story, and small enough to send on every move)."""
        return not isinstance(event, BATTLE_DETAIL)

    def choices_for(self, state: pk.State | None) -> dict[str, Any]:
        """What a click may do, all from the engine: the targets of an attack (and the avenue
        each is reached by), why each other city is no target, whether a sacrifice renews one,
        the corps that can be reorganized, and how the next battle may be settled."""
        cmap = self._map if state is None else state.map
        out: dict[str, Any] = {
            "names": {c.id: c.name for c in cmap.cities},
            "players": {c.id: n for n, c in enumerate(cmap.cities)},
        }
        if state is None:
            return {**out, "mode": "explore", **self._explore_choices()}
        player = state.to_move
        out.update({"mode": "game", "phase": state.phase, "ply": len(self.game.moves),
                    "player": player, "human": self.is_human(player)})
        if state.is_over:
            lord = state.independent[0]
            out["over"] = {"lord": state.name(lord),
                           "winners": [state.name(w) for w in sorted(state.winners())]}
            return out
        out["city"] = cmap.city_id(player)
        if state.phase == "activation":
            # Every order of the cities is legal: the page collects the clicks, the engine
            # checks the order it is sent.
            out["order"] = {"turn": state.turn, "cities": [c.id for c in cmap.cities]}
            return out
        moves = pk.legal_moves(state)
        if state.phase == "orders":
            out["place"] = state.step + 1
            out["attack"] = [_attack_choice(state, m) for m in moves
                             if isinstance(m, pk.Attack)]
            lit = {a["target"] for a in out["attack"]}
            out["why_not"] = {c.id: _refusal(state, pk.Attack(c.id)) for c in cmap.cities
                              if c.id not in lit}
            out["sacrifice"] = any(isinstance(m, pk.Sacrifice) for m in moves)
            out["blessed"] = state.blessed[player]
            army = state.armies[player]
            out["reorganize"] = [{"corps": m.corps,
                                  "label": corps_text(army.command(m.corps).name, self.lang)}
                                 for m in moves if isinstance(m, pk.Reorganize)]
        else:
            attacker, defender = state.battle
            out["battle"] = {
                "number": state.battles_fought + 1,
                "attacker": cmap.city_id(attacker), "defender": cmap.city_id(defender),
                "attacker_name": state.name(attacker), "defender_name": state.name(defender),
                "dice": any(isinstance(m, pk.DiceBattle) for m in moves),
                "record": any(isinstance(m, pk.RecordedBattle) for m in moves),
                "broken": list(BROKEN_CHOICES),
                # What each army is worth: the most points its enemy can score of it.
                "worth": {"attacker": state.armies[attacker].total_ap,
                          "defender": state.armies[defender].total_ap},
                "rerolls": [state.name(c) for c in (attacker, defender) if state.blessed[c]],
            }
        return out

    # Battle reports -----------------------------------------------------------------------

    def _battle_reports(self, ply: int) -> list[dict[str, Any]]:
        """The battles of the latest turn that had any, up to `ply`, told from the events."""
        if self.game is None:
            return []
        log = self.game.log
        # Only the turn of the last battle is told: read back to where that turn began (the
        # first TurnBegan before the last BattleBegan), not the whole campaign at every redraw.
        start, first, turn = 0, 0, self.game.history[0].turn
        battle_seen = False
        for n in range(ply - 1, -1, -1):
            events = log[n][1]
            for k in range(len(events) - 1, -1, -1):
                if isinstance(events[k], ev.BattleBegan):
                    battle_seen = True
                elif battle_seen and isinstance(events[k], ev.TurnBegan):
                    start, first, turn = n, k, events[k].turn
                    break
            else:
                continue
            break
        reports: list[dict[str, Any]] = []
        current: dict[str, Any] | None = None
        for n in range(start, ply):
            events = log[n][1]
            for event in events[first if n == start else 0:]:
                if isinstance(event, ev.TurnBegan):
                    turn = event.turn
                    current = None
                elif isinstance(event, ev.BattleBegan):
                    if reports and reports[-1]["turn"] != turn:
                        reports = []
                    current = _report(event, turn, n + 1, self.lang)
                    reports.append(current)
                elif current is not None:
                    _add_to_report(current, event, self.lang)
        # Nothing here depends on `ply` but which battles there are: moving on within a turn
        # leaves the trait equal, so it is not sent (the page knows a battle is new by its ply).
        return reports

    # The explorer -------------------------------------------------------------------------

    def intents(self) -> dict[str, Any]:
        return {**super().intents(), "vassal": self._vassal, "explain": self._explain}

    def _explain(self, content: Mapping[str, Any]) -> None:
        """A click on a city that is no move now: say why, in the engine's words where it is
        an attack that the rules forbid."""
        game = self.game
        if game is None:
            raise _refused("explorer_click")
        self._check_persons_turn(game)
        state = game.state
        city = content.get("city")
        number = state.map.index_of(city)  # InvalidInput for anything unknown
        name = state.name(number)
        if state.phase == "battles":
            attacker, defender = state.battle
            raise _refused("in_battle", attacker=state.name(attacker),
                           defender=state.name(defender))
        if state.phase != "orders":
            raise refused("stale")
        if number == state.to_move:
            raise _refused("own_city", city=name)
        try:
            pk.apply(state, pk.Attack(city))
        except SumerError as exc:
            raise SumerErrorForMessage(Message(TEXT, "not_lit", city=name, reason=exc),
                                       rule=exc.rule) from None
        raise refused("stale")  # a lit city: the page attacks it instead

    def _explore_choices(self) -> dict[str, Any]:
        cmap = self._map
        targets: dict[str, list[dict[str, Any]]] = {}
        for n, city in enumerate(cmap.cities):
            # The targets each city would have if it were its turn: asked of the engine.
            order = [cmap.city_id(c) for c in (n, *(c for c in range(len(cmap.cities))
                                                    if c != n))]
            at_turn = pk.position(self._lords_dict(self._lords), order=order,
                                  campaign_map=cmap)
            targets[city.id] = [_attack_choice(at_turn, m) for m in pk.legal_moves(at_turn)
                                if isinstance(m, pk.Attack)]
        return {"targets": targets,
                "lords": {c.id: (cmap.city_id(lord) if (lord := self._lords[n]) >= 0
                                 else None) for n, c in enumerate(cmap.cities)}}

    def _vassal(self, content: Mapping[str, Any]) -> None:
        if self.game is not None:
            raise _refused("campaign_realms")
        city = content.get("city")
        lord = content.get("lord")
        self._map.index_of(city)
        realms = self._lords_dict(self._lords)
        if lord is None:
            realms.pop(city, None)
        else:
            self._map.index_of(lord)
            realms[city] = lord
        self._lords = self._check_realms(realms)
        self.refresh()

    def _check_realms(self, realms: dict[str, str]) -> tuple[int, ...]:
        """The realms as overlord numbers, checked by the engine like a save file's."""
        cmap = self._map
        try:
            state = pk.position(realms, campaign_map=cmap)
        except InvalidInput as exc:
            reason = exc.reason.removeprefix("inconsistent priest_kings state: ")
            raise InvalidInput(reason) from None
        return tuple(state.overlord)

    def _lords_dict(self, lords: tuple[int, ...]) -> dict[str, str]:
        cmap = self._map
        return {cmap.city_id(v): cmap.city_id(lord) for v, lord in enumerate(lords) if lord >= 0}

    @property
    def overlords(self) -> dict[str, str]:
        """The explorer's realms, ``{vassal id: overlord id}``."""
        return self._lords_dict(self._lords)

    @property
    def campaign_map(self) -> pk.CampaignMap:
        """The map drawn (the campaign's, or the explorer's)."""
        return self._map

    def __repr__(self) -> str:
        if self.game is None:
            return f"<{type(self).__name__}: explorer of {self._map.name!r}>"
        return super().__repr__()


# ------------------------------------------------------------------------------- helpers


def _refused(key: str, **values: Any) -> SumerErrorForMessage:
    return SumerErrorForMessage(Message(TEXT, key, **values))


def _attack_choice(state: pk.State, move: pk.Attack) -> dict[str, Any]:
    """A legal attack with the avenue it takes: the engine's own event says which."""
    _, events = pk.apply(state, move)
    declared = next(e for e in events if isinstance(e, ev.AttackDeclared))
    via = None if declared.via is None else state.map.city_id(declared.via)
    return {"target": move.target, "via": via}


def _refusal(state: pk.State, move: Any) -> str:
    """Why the engine refuses `move` here ('' if it would not)."""
    try:
        pk.apply(state, move)
    except SumerError as exc:
        return exc.reason
    return ""


def _report(event: ev.BattleBegan, turn: int, ply: int, lang: str) -> dict[str, Any]:
    return {
        "number": event.number, "turn": turn, "ply": ply, "method": event.method,
        "attacker": event.attacker_name, "defender": event.defender_name,
        "attacker_player": event.attacker, "defender_player": event.defender,
        "rerolls": list(event.reroll_names), "title": event_text(event, None, lang),
        "bounds": [], "breaks": [], "result": "", "outcome": None, "after": [],
        "duels": 0, "rerolled": 0,
    }


def _add_to_report(report: dict[str, Any], event: Any, lang: str) -> None:
    if isinstance(event, ev.DuelFought):
        if not report["bounds"] or report["bounds"][-1]["bound"] != event.bound:
            report["bounds"].append({"bound": event.bound, "duels": [], "morale": []})
        # Each reroll in the order thrown: with one per side, both sides may reroll a meeting.
        rerolls = [{"side": "attacker" if city == report["attacker"] else "defender",
                    "first": first} for city, first in event.rerolls]
        report["rerolled"] += len(rerolls)
        report["bounds"][-1]["duels"].append({
            "attacker": {"troops": event.attacker_troops, "command": event.attacker_command,
                         "die": event.attacker_die, "total": event.attacker_total},
            "defender": {"troops": event.defender_troops, "command": event.defender_command,
                         "die": event.defender_die, "total": event.defender_total},
            "loser": event.loser, "rerolls": rerolls, "text": event.describe(lang)})
        report["duels"] += 1
    elif isinstance(event, ev.CommandMoraleChanged):
        if report["bounds"]:
            report["bounds"][-1]["morale"].append(event.describe(lang))
    elif isinstance(event, ev.ArmyBroke):
        report["breaks"].append(event.describe(lang))
    elif isinstance(event, ev.BattleEnded):
        report["result"] = event_text(event, None, lang)
        beaten = {event.attacker: event.attacker_name, event.defender: event.defender_name}
        report["outcome"] = {"broken": event.broken, "attacker_points": event.attacker_points,
                             "defender_points": event.defender_points,
                             "beaten": beaten.get(event.beaten)}
    elif isinstance(event, (ev.VassalsFreed, ev.BecameVassal, ev.CampaignEnded)):
        report["after"].append(event.describe(lang))


def _load_map(campaign_map: Any) -> pk.CampaignMap:
    if campaign_map is None:
        return pk.CampaignMap.standard()
    if isinstance(campaign_map, pk.CampaignMap):
        return campaign_map
    if isinstance(campaign_map, Mapping):
        return pk.CampaignMap.from_dict(campaign_map)
    if isinstance(campaign_map, (str, pathlib.Path)):
        path = pathlib.Path(campaign_map)
        if not path.exists():
            raise InvalidInput(f"no map file at {path}")
        return pk.CampaignMap.from_json(path.read_text(encoding="utf-8"))
    raise TypeError("campaign_map must be a priest_kings.CampaignMap, a dict or a file path, "
                    f"not {type(campaign_map).__name__}")

