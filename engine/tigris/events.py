"""Tigris & Euphrates events: what each move changed, told in English and Dutch.

Every change to the position has an event: tiles, leaders and catastrophes placed; points
scored (and why); kingdoms joined; revolts and wars started, the support committed and who
won; tiles and leaders removed; monuments, buildings and the wonder; treasures taken; tiles
discarded and drawn; the end of a turn and of the game. Hidden things stay hidden: a draw, and
a discard (whose tiles go out of play face down, R-T15), says how many tiles, not which.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import Event
from engine.tigris.board import cell_name
from engine.tigris.state import (
    BUILDING_NAMES,
    COLOUR_ADJECTIVES,
    COLOUR_NAMES,
    LEADER_NAMES,
    TILE_NAMES,
    player_name,
)

_PLAYER_KEYS = ("player", "winner", "loser", "attacker", "defender", "owner")
_CELL_KEYS = ("cell", "origin", "moved_from")


@dataclass(frozen=True)
class TigrisEvent(Event):
    """Events of T&E: players become dynasty names, cells their names, colours words."""

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        for key, value in list(words.items()):
            if key in _PLAYER_KEYS and isinstance(value, int):
                words[key] = player_name(value, lang)
            elif key in _CELL_KEYS and isinstance(value, int):
                words[key] = cell_name(value) if value >= 0 else "-"
            elif key == "colour":
                words["colour_name"] = COLOUR_NAMES[lang][value]
                words["colour_adj"] = COLOUR_ADJECTIVES[lang][value]
                words["tile"] = TILE_NAMES[lang][value]
                words["leader"] = LEADER_NAMES[lang][value]
                words["building"] = BUILDING_NAMES[lang][value]
                article = ("het" if value == 0 else "de") if lang == "nl" else "the"
                words["the_building"] = f"{article} {words['building']}"
                words["The_building"] = words["the_building"].capitalize()
            elif key == "cells":
                words[key] = ", ".join(cell_name(c) for c in value)
        # Counted nouns agree with their number: "1 tile", "2 tiles" (never "tile(s)").
        count = words.get("count")
        if isinstance(count, int):
            one = count == 1
            words["tiles"] = _NOUNS[lang]["tile"][not one]
            words["leave"] = _NOUNS[lang]["leave"][not one]
        return words


#: Singular and plural of the counted words, per language.
_NOUNS = {"en": {"tile": ("tile", "tiles"), "leave": ("leaves", "leave"),
                 "point": ("point", "points")},
          "nl": {"tile": ("tegel", "tegels"), "leave": ("verlaat", "verlaten"),
                 "point": ("punt", "punten")}}
#: A Dutch colour before a singular "het" noun: 1 zwart punt (but 1 zwarte tegel).
_SINGULAR_ADJ = {"zwarte": "zwart", "rode": "rood", "blauwe": "blauw", "groene": "groen"}


@dataclass(frozen=True)
class TilePlaced(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} places a {colour_name} {tile} on {cell}.",
                      "nl": "{player} legt een {colour_adj} {tile} op {cell}."}
    player: int
    colour: int
    cell: int


@dataclass(frozen=True)
class PointsScored(TigrisEvent):
    """`reason`: ``tile``, ``revolt``, ``war``, ``monument`` or ``wonder``."""

    player: int
    colour: int
    points: int
    reason: str

    def _describe(self, lang: str) -> str:
        w = self._words(lang)
        if lang == "nl":
            why = {"tile": "voor de tegel", "revolt": "voor de opstand", "war": "voor de oorlog",
                   "monument": "van een monument", "wonder": "van het wonder"}[self.reason]
            adjective = w["colour_adj"]
            if self.points == 1:  # "punt" is a het-word: 1 zwart punt, 2 zwarte punten
                adjective = _SINGULAR_ADJ.get(adjective, adjective)
            noun = _NOUNS["nl"]["point"][self.points != 1]
            return f"{w['player']} krijgt {self.points} {adjective} {noun} {why}."
        why = {"tile": "for the tile", "revolt": "for the revolt", "war": "for the war",
               "monument": "from a monument", "wonder": "from the wonder"}[self.reason]
        noun = _NOUNS["en"]["point"][self.points != 1]
        return f"{w['player']} scores {self.points} {w['colour_name']} {noun} {why}."


@dataclass(frozen=True)
class KingdomsJoined(TigrisEvent):
    TEXT: ClassVar = {"en": "The tile on {cell} joins two kingdoms: it scores nothing.",
                      "nl": "De tegel op {cell} verbindt twee koninkrijken: hij levert niets op."}
    cell: int


@dataclass(frozen=True)
class LeaderPlaced(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} places the {leader} on {cell}.",
                      "nl": "{player} zet de {leader} op {cell}."}
    player: int
    colour: int
    cell: int


@dataclass(frozen=True)
class LeaderMoved(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} moves the {leader} from {origin} to {cell}.",
                      "nl": "{player} verplaatst de {leader} van {origin} naar {cell}."}
    player: int
    colour: int
    origin: int
    cell: int


@dataclass(frozen=True)
class LeaderWithdrawn(TigrisEvent):
    """`reason`: ``chosen`` (an action), ``temple`` (no adjacent temple left), ``revolt`` or
    ``war`` (lost a conflict)."""

    player: int
    colour: int
    cell: int
    reason: str

    def _describe(self, lang: str) -> str:
        w = self._words(lang)
        if lang == "nl":
            why = {"chosen": "", "temple": " (geen tempel meer ernaast)",
                   "revolt": " (opstand verloren)", "war": " (oorlog verloren)"}[self.reason]
            return (f"De {w['leader']} van {w['player']} gaat van {w['cell']} terug naar de "
                    f"hand{why}.")
        why = {"chosen": "", "temple": " (no adjacent temple left)",
               "revolt": " (lost the revolt)", "war": " (lost the war)"}[self.reason]
        return f"{w['player']}'s {w['leader']} returns from {w['cell']} to the hand{why}."


@dataclass(frozen=True)
class CatastrophePlaced(TigrisEvent):
    """`destroyed`: the colour of the tile it destroyed, or -1 on an empty cell."""

    player: int
    cell: int
    destroyed: int

    def _describe(self, lang: str) -> str:
        w = self._words(lang)
        if self.destroyed < 0:
            return (f"{w['player']} legt een ramp op {w['cell']}." if lang == "nl" else
                    f"{w['player']} places a catastrophe on {w['cell']}.")
        tile = TILE_NAMES[lang][self.destroyed]
        return (f"{w['player']} legt een ramp op {w['cell']}: de {tile} is vernietigd."
                if lang == "nl" else
                f"{w['player']} places a catastrophe on {w['cell']}, destroying the {tile}.")


@dataclass(frozen=True)
class ConflictStarted(TigrisEvent):
    """A revolt or a war in `colour`, with each side's strength on the board."""

    conflict: str
    colour: int
    attacker: int
    defender: int
    attacker_strength: int
    defender_strength: int

    def _describe(self, lang: str) -> str:
        w = self._words(lang)
        if lang == "nl":
            what = "Opstand" if self.conflict == "revolt" else "Oorlog"
            return (f"{what} om de {w['leader']}: {w['attacker']} valt aan "
                    f"({self.attacker_strength}), {w['defender']} verdedigt "
                    f"({self.defender_strength}).")
        what = "Revolt" if self.conflict == "revolt" else "War"
        return (f"{what} of the {w['leader']}s: {w['attacker']} attacks "
                f"({self.attacker_strength}), {w['defender']} defends "
                f"({self.defender_strength}).")


@dataclass(frozen=True)
class SupportCommitted(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} commits {count} {colour_name} {tiles} as support.",
                      "nl": "{player} zet {count} {colour_adj} {tiles} in als steun."}
    player: int
    colour: int
    count: int


@dataclass(frozen=True)
class ConflictWon(TigrisEvent):
    TEXT: ClassVar = {"en": "{winner} wins the {conflict} ({winner_total} against {loser_total}).",
                      "nl": "{winner} wint de {conflict} ({winner_total} tegen {loser_total})."}
    conflict: str
    colour: int
    winner: int
    loser: int
    winner_total: int
    loser_total: int

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        if lang == "nl":
            words["conflict"] = {"revolt": "opstand", "war": "oorlog"}[self.conflict]
        return words


@dataclass(frozen=True)
class TilesRemoved(TigrisEvent):
    TEXT: ClassVar = {"en": "{count} {colour_name} {tiles} {leave} the board: {cells}.",
                      "nl": "{count} {colour_adj} {tiles} {leave} het bord: {cells}."}
    colour: int
    count: int
    cells: tuple[int, ...]


@dataclass(frozen=True)
class MonumentBuilt(TigrisEvent):
    player: int
    monument: str
    cell: int

    def _describe(self, lang: str) -> str:
        w = self._words(lang)
        a, b = (COLOUR_NAMES[lang]["krbg".index(ch)] for ch in self.monument)
        if lang == "nl":
            return f"{w['player']} bouwt het {a}-{b} monument op {w['cell']}."
        return f"{w['player']} builds the {a}-{b} monument on {w['cell']}."


@dataclass(frozen=True)
class WonderBuilt(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} builds the wonder around {cell}.",
                      "nl": "{player} bouwt het wonder rond {cell}."}
    player: int
    cell: int


@dataclass(frozen=True)
class BuildingPlaced(TigrisEvent):
    """`moved_from`: the building's cell before, or -1 when it came from the supply."""

    player: int
    colour: int
    cell: int
    moved_from: int

    def _describe(self, lang: str) -> str:
        w = self._words(lang)
        if lang == "nl":
            where = f" (verplaatst van {w['moved_from']})" if self.moved_from >= 0 else ""
            return f"{w['player']} zet {w['the_building']} op {w['cell']}{where}."
        where = f" (moved from {w['moved_from']})" if self.moved_from >= 0 else ""
        return f"{w['player']} places the {w['building']} on {w['cell']}{where}."


@dataclass(frozen=True)
class BuildingRemoved(TigrisEvent):
    TEXT: ClassVar = {"en": "{The_building} on {cell} leaves the board under a monument.",
                      "nl": "{The_building} op {cell} verdwijnt onder een monument."}
    colour: int
    cell: int


@dataclass(frozen=True)
class Declined(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} declines to build a {what}.",
                      "nl": "{player} ziet af van een {what}."}
    player: int
    what: str

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        if lang == "nl":
            words["what"] = {"building": "gebouw", "monument": "monument"}[self.what]
        return words


@dataclass(frozen=True)
class TreasureTaken(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} takes the treasure on {cell}.",
                      "nl": "{player} neemt de schat op {cell}."}
    player: int
    cell: int


@dataclass(frozen=True)
class TilesDiscarded(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} discards {count} {tiles}.",
                      "nl": "{player} legt {count} {tiles} af."}
    player: int
    count: int


@dataclass(frozen=True)
class TilesDrawn(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} draws {count} {tiles}.",
                      "nl": "{player} trekt {count} {tiles}."}
    player: int
    count: int


@dataclass(frozen=True)
class BagEmpty(TigrisEvent):
    TEXT: ClassVar = {"en": "The bag cannot refill {player}'s hand: the game ends with this turn.",
                      "nl": "De zak kan de hand van {player} niet aanvullen: het spel eindigt "
                            "met deze beurt."}
    player: int


@dataclass(frozen=True)
class Passed(TigrisEvent):
    TEXT: ClassVar = {"en": "{player} has no legal action and passes.",
                      "nl": "{player} heeft geen toegestane actie en past."}
    player: int


@dataclass(frozen=True)
class TurnEnded(TigrisEvent):
    TEXT: ClassVar = {"en": "{player}'s turn ends; {next_player} is next.",
                      "nl": "De beurt van {player} eindigt; {next_player} is aan de beurt."}
    player: int
    next_player: int

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        words["next_player"] = player_name(self.next_player, lang)
        return words


@dataclass(frozen=True)
class GameEnded(TigrisEvent):
    """`reason`: ``treasures`` (two or fewer left) or ``bag`` (a hand could not be refilled)."""

    reason: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def _describe(self, lang: str) -> str:
        names = [player_name(p, lang) for p in self.winners]
        scores = ", ".join(f"{player_name(p, lang)} {s}" for p, s in enumerate(self.scores))
        if lang == "nl":
            why = {"treasures": "nog twee schatten of minder",
                   "bag": "de zak is leeg"}[self.reason]
            verb = "wint" if len(names) == 1 else "delen de overwinning"
            return f"Einde van het spel, {why} ({scores}): {' en '.join(names)} {verb}."
        why = {"treasures": "two or fewer treasures left", "bag": "the bag is empty"}[self.reason]
        verb = "wins" if len(names) == 1 else "share the win"
        return f"Game over, {why} ({scores}): {' and '.join(names)} {verb}."


__all__ = [
    "BagEmpty", "BuildingPlaced", "BuildingRemoved", "CatastrophePlaced", "ConflictStarted",
    "ConflictWon", "Declined", "GameEnded", "KingdomsJoined", "LeaderMoved", "LeaderPlaced",
    "LeaderWithdrawn", "Passed", "PointsScored", "SupportCommitted", "TigrisEvent",
    "TilePlaced", "TilesDiscarded", "TilesDrawn", "TilesRemoved", "TreasureTaken", "TurnEnded",
    "WonderBuilt",
]
