"""Mesopotamia events: what each move changed, told in English and Dutch.

Fields are written ``"q,r"``; players become colour names, cards their names, field kinds
words. Every change to the position has an event: natives moving, pushed back, discovering;
fields, volcanoes, lumber and stones placed; goods picked up, dropped, stolen, offered at the
temple; markers taken up and placed; huts, holy places, births; cards drawn, played and
reshuffled; mana received; turns and the end of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import Event
from engine.mesopotamia.board import KIND_NAMES
from engine.mesopotamia.state import card_name, player_name

_GOOD = {"en": {"L": "lumber", "S": "stone"}, "nl": {"L": "hout", "S": "steen"}}


@dataclass(frozen=True)
class MesoEvent(Event):
    """Events of Mesopotamia: player numbers become colours, letters become words."""

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        for key, value in list(words.items()):
            if key in ("player", "victim") and isinstance(value, int):
                words[key] = player_name(value, lang)
            elif key == "card" and isinstance(value, str):
                words[key] = card_name(value, lang)
            elif key == "tile" and isinstance(value, str):
                words[key] = KIND_NAMES[lang].get(value, value)
            elif key == "good" and isinstance(value, str):
                words[key] = _GOOD[lang].get(value, value)
            elif key == "fields" and isinstance(value, tuple):
                words[key] = ", ".join(value)
            elif key == "winners" and isinstance(value, tuple):
                words[key] = ", ".join(player_name(p, lang) for p in value) or "-"
        return words


@dataclass(frozen=True)
class TurnStarted(MesoEvent):
    TEXT: ClassVar = {"en": "{player}'s turn (round {round}): {points} movement points.",
                      "nl": "{player} is aan de beurt (ronde {round}): {points} bewegingspunten."}
    player: int
    round: int
    points: int


@dataclass(frozen=True)
class NativeMoved(MesoEvent):
    TEXT: ClassVar = {"en": "{player} moves a native ({native}) from {origin} to {destination} "
                            "for {cost} point(s).",
                      "nl": "{player} verplaatst een inboorling ({native}) van {origin} naar "
                            "{destination} voor {cost} punt(en)."}
    player: int
    origin: str
    destination: str
    native: str
    cost: int


@dataclass(frozen=True)
class PushedBack(MesoEvent):
    TEXT: ClassVar = {"en": "{player} has {mana} mana, too little to pay for the marker: the "
                            "native is pushed back to {field}.",
                      "nl": "{player} heeft {mana} mana, te weinig voor de offermarker: de "
                            "inboorling wordt teruggezet naar {field}."}
    player: int
    mana: int
    field: str


@dataclass(frozen=True)
class MarkerPlaced(MesoEvent):
    TEXT: ClassVar = {"en": "{player} places a sacrifice marker of value {value} at the temple "
                            "({count} of 4) and pays {value} mana; the native becomes a priest.",
                      "nl": "{player} offert een offermarker met waarde {value} in de tempel "
                            "({count} van 4) en betaalt {value} mana; de inboorling wordt "
                            "priester."}
    player: int
    value: int
    count: int


@dataclass(frozen=True)
class FieldDiscovered(MesoEvent):
    TEXT: ClassVar = {"en": "{player} discovers a {tile} at {field}.",
                      "nl": "{player} ontdekt een {tile} op {field}."}
    player: int
    field: str
    tile: str


@dataclass(frozen=True)
class VolcanoDrawn(MesoEvent):
    TEXT: ClassVar = {"en": "{player} draws a volcano and must place it at another edge place.",
                      "nl": "{player} trekt een vulkaan en legt die aan een andere rand."}
    player: int


@dataclass(frozen=True)
class VolcanoPlaced(MesoEvent):
    TEXT: ClassVar = {"en": "{player} places the volcano at {field}.",
                      "nl": "{player} legt de vulkaan op {field}."}
    player: int
    field: str


@dataclass(frozen=True)
class DiscoveryFailed(MesoEvent):
    TEXT: ClassVar = {"en": "The field pile is empty: {player}'s discovery finds nothing.",
                      "nl": "De stapel velden is leeg: {player} ontdekt niets."}
    player: int


@dataclass(frozen=True)
class LandViewed(MesoEvent):
    TEXT: ClassVar = {"en": "{player} looks at {count} fields of the pile (Land).",
                      "nl": "{player} bekijkt {count} velden van de stapel (Land)."}
    player: int
    count: int


@dataclass(frozen=True)
class GoodsPlaced(MesoEvent):
    TEXT: ClassVar = {"en": "{count} {good} placed on {fields}.",
                      "nl": "{count} {good} gelegd op {fields}."}
    good: str
    count: int
    fields: tuple[str, ...]


@dataclass(frozen=True)
class GoodPicked(MesoEvent):
    TEXT: ClassVar = {"en": "{player} picks up {good} on {field}{swap}.",
                      "nl": "{player} pakt {good} op {field}{swap}."}
    player: int
    field: str
    good: str
    dropped: str

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        if self.dropped:
            other = _GOOD[lang][self.dropped]
            words["swap"] = f" and puts down {other}" if lang == "en" else f" en legt {other} neer"
        else:
            words["swap"] = ""
        return words


@dataclass(frozen=True)
class GoodDropped(MesoEvent):
    TEXT: ClassVar = {"en": "{player} puts down {good} on {field}.",
                      "nl": "{player} legt {good} neer op {field}."}
    player: int
    field: str
    good: str


@dataclass(frozen=True)
class StoneOffered(MesoEvent):
    TEXT: ClassVar = {"en": "{player} unloads a stone at the temple: maximum mana {max_mana}, "
                            "mana {mana}.",
                      "nl": "{player} levert een steen af bij de tempel: maximum mana "
                            "{max_mana}, mana {mana}."}
    player: int
    mana: int
    max_mana: int


@dataclass(frozen=True)
class GoodStolen(MesoEvent):
    TEXT: ClassVar = {"en": "{player} steals {good} from {victim} on {field}.",
                      "nl": "{player} steelt {good} van {victim} op {field}."}
    player: int
    victim: int
    field: str
    good: str


@dataclass(frozen=True)
class MarkerTaken(MesoEvent):
    TEXT: ClassVar = {"en": "{player} takes up a covered sacrifice marker on {field}.",
                      "nl": "{player} neemt een gedekte offermarker op {field}."}
    player: int
    field: str


@dataclass(frozen=True)
class MovementEnded(MesoEvent):
    TEXT: ClassVar = {"en": "{player} ends movement ({points} point(s) unused).",
                      "nl": "{player} stopt met bewegen ({points} punt(en) ongebruikt)."}
    player: int
    points: int


@dataclass(frozen=True)
class ActionSkipped(MesoEvent):
    TEXT: ClassVar = {"en": "{player} can take no action this turn.",
                      "nl": "{player} kan deze beurt geen actie doen."}
    player: int


@dataclass(frozen=True)
class HutBuilt(MesoEvent):
    TEXT: ClassVar = {"en": "{player} builds a hut on {field}{under}.",
                      "nl": "{player} bouwt een hut op {field}{under}."}
    player: int
    field: str
    marker: bool

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        words["under"] = ("" if not self.marker else " with a covered marker under it"
                          if lang == "en" else " met een gedekte offermarker eronder")
        return words


@dataclass(frozen=True)
class HolyPlaceBuilt(MesoEvent):
    TEXT: ClassVar = {"en": "{player} erects a holy place on {field}.",
                      "nl": "{player} richt een heilige plaats op op {field}."}
    player: int
    field: str


@dataclass(frozen=True)
class NativeBorn(MesoEvent):
    TEXT: ClassVar = {"en": "{count} native(s) of {player} born on {field}.",
                      "nl": "{count} inboorling(en) van {player} geboren op {field}."}
    player: int
    field: str
    count: int


@dataclass(frozen=True)
class CardDrawn(MesoEvent):
    TEXT: ClassVar = {"en": "{player} draws a card.", "nl": "{player} trekt een kaart."}
    player: int


@dataclass(frozen=True)
class DeckReshuffled(MesoEvent):
    TEXT: ClassVar = {"en": "The discard pile ({count} cards) is shuffled into a new deck.",
                      "nl": "De aflegstapel ({count} kaarten) wordt geschud tot een nieuwe "
                            "trekstapel."}
    count: int


@dataclass(frozen=True)
class CardPlayed(MesoEvent):
    """A card played; `field`, `target` and `to` as in its move (``""`` where unused), `victim`
    for Mana Theft (-1 otherwise), and the player's mana and movement points after it."""

    TEXT: ClassVar = {"en": "{player} plays {card}{detail}.",
                      "nl": "{player} speelt {card}{detail}."}
    player: int
    card: str
    field: str
    target: str
    to: str
    victim: int
    mana: int
    points: int

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        en = lang == "en"
        if self.to:
            what = self.target
            words["detail"] = (f": {what} from {self.field} to {self.to}" if en
                               else f": {what} van {self.field} naar {self.to}")
        elif self.card == "priest":
            words["detail"] = (f" on the holy place at {self.field}" if en
                               else f" op de heilige plaats op {self.field}")
        elif self.card == "mana_theft":
            words["detail"] = (f" against {player_name(self.victim, lang)}: mana {self.mana}"
                               if en else f" tegen {player_name(self.victim, lang)}: mana "
                               f"{self.mana}")
        elif self.card == "holy_stone":
            words["detail"] = f": mana {self.mana}"
        elif self.card == "stamina":
            words["detail"] = (f": {self.points} movement points" if en
                               else f": {self.points} bewegingspunten")
        else:
            words["detail"] = ""
        return words


@dataclass(frozen=True)
class ManaReceived(MesoEvent):
    TEXT: ClassVar = {"en": "{player} receives {gained} mana from holy places (now {mana}).",
                      "nl": "{player} krijgt {gained} mana van heilige plaatsen (nu {mana})."}
    player: int
    gained: int
    mana: int


@dataclass(frozen=True)
class GameEnded(MesoEvent):
    TEXT: ClassVar = {"en": "The game is over: {winners} {why}.",
                      "nl": "Het spel is voorbij: {winners} {why}."}
    winners: tuple[int, ...]
    reason: str

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        words["why"] = {
            ("en", "markers"): "placed all four sacrifice markers and wins",
            ("nl", "markers"): "heeft alle vier offermarkers geofferd en wint",
            ("en", "some_markers"): "placed the sacrifice markers that win and wins",
            ("nl", "some_markers"): "heeft de offermarkers geofferd die winnen en wint",
            ("en", "rounds"): "win(s) at the round limit",
            ("nl", "rounds"): "wint/winnen bij de rondengrens",
        }[(lang, self.reason)]
        return words
