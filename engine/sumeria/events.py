"""Sumeria events: what each move changed, told in English and Dutch.

Every change to the position has an event: traders placed, added, moved and removed; the
city-state tiles swapping places; the turn marker; control of each scored city-state with the
tie-break that decided it; tiles taken and discarded; the first player of the next round; the
row's rotation; the new tiles; the end of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import Event
from engine.quick import quick_init
from engine.sumeria.board import LocationName
from engine.sumeria.state import TILE_NAMES, player_name

_ORDINAL = {
    "en": lambda n: {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th"),
    "nl": lambda n: f"{n}e",
}


def _count(n: int, lang: str, one_en: str, many_en: str, one_nl: str, many_nl: str) -> str:
    if lang == "nl":
        return f"{n} {one_nl if n == 1 else many_nl}"
    return f"{n} {one_en if n == 1 else many_en}"


def _tiles(letters: str, lang: str, counted: bool = True) -> str:
    """Tile letters as words: ``"EEP"`` → ``"economy ×2 and political"`` (not `counted`:
    ``"economy, economy and political"``)."""
    counts: dict[str, int] = {}
    for t in letters:
        counts[t] = counts.get(t, 0) + 1
    if counted:
        names = [TILE_NAMES[lang][t] + (f" ×{n}" if n > 1 else "") for t, n in counts.items()]
    else:
        names = [TILE_NAMES[lang][t] for t in letters]
    if not names:
        return "-"
    joiner = " and " if lang == "en" else " en "
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + joiner + names[-1]


@dataclass(frozen=True)
class SumeriaEvent(Event):
    """Events of Sumeria: player numbers become colour names, tile letters become words."""

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        for key, value in list(words.items()):
            if key in ("player", "second", "first_player", "last_player") and isinstance(
                    value, int):
                words[key] = player_name(value, lang)
            elif isinstance(value, LocationName):
                words[key] = value.label(lang)
            elif key == "tiles":
                words[key] = _tiles(value, lang)
        return words


@dataclass(frozen=True)
class TraderPlaced(SumeriaEvent):
    TEXT: ClassVar = {"en": "{player} places a trader in {where}.",
                      "nl": "{player} plaatst een handelaar in {where}."}
    player: int
    location: str
    where: LocationName


@dataclass(frozen=True)
class TraderAdded(SumeriaEvent):
    TEXT: ClassVar = {"en": "{player} adds a trader in {where}.",
                      "nl": "{player} voegt een handelaar toe in {where}."}
    player: int
    location: str
    where: LocationName


@dataclass(frozen=True)
class TraderMoved(SumeriaEvent):
    TEXT: ClassVar = {"en": "{player} moves a trader from {origin_where} to {destination_where}"
                            " in {hops}.",
                      "nl": "{player} verplaatst een handelaar van {origin_where} naar "
                            "{destination_where} in {hops}."}
    player: int
    origin: str
    destination: str
    origin_where: LocationName
    destination_where: LocationName
    path: tuple[str, ...]

    def _words(self, lang: str) -> dict[str, Any]:
        hops = len(self.path) - 1
        return {**super()._words(lang), "hops": _count(hops, lang, "hop", "hops", "stap",
                                                       "stappen")}


@dataclass(frozen=True)
class TraderRemoved(SumeriaEvent):
    TEXT: ClassVar = {"en": "{player} removes a trader from {where}.",
                      "nl": "{player} verwijdert een handelaar uit {where}."}
    player: int
    location: str
    where: LocationName


@dataclass(frozen=True)
class InfluenceChanged(SumeriaEvent):
    """A city-state gained or lost influence; `other` is the tile it swapped with, if any."""

    city_state: str
    name: str
    gained: bool
    rank: int
    other: str | None
    other_name: str | None

    def _describe(self, lang: str) -> str:
        rank = _ORDINAL[lang](self.rank)
        if lang == "nl":
            verb = "wint" if self.gained else "verliest"
            if self.other is None:
                edge = "al de eerste" if self.gained else "al de laatste"
                return f"{self.name} {verb} invloed maar is {edge}."
            return f"{self.name} {verb} invloed en wisselt met {self.other_name} (nu {rank})."
        verb = "gains" if self.gained else "loses"
        if self.other is None:
            edge = "first" if self.gained else "last"
            return f"{self.name} {verb} influence but is already {edge}."
        return f"{self.name} {verb} influence and swaps with {self.other_name} (now {rank})."


@dataclass(frozen=True)
class PlacementEnded(SumeriaEvent):
    TEXT: ClassVar = {"en": "Setup is complete: round 1 begins, {player} plays first.",
                      "nl": "De voorbereiding is klaar: ronde 1 begint en {player} is "
                            "startspeler."}
    player: int


@dataclass(frozen=True)
class TurnMarkerAdvanced(SumeriaEvent):
    TEXT: ClassVar = {"en": "Every player has had a turn: the turn marker moves to {turn}.",
                      "nl": "Iedereen heeft gespeeld: de beurtpion gaat naar {turn}."}
    turn: int


@dataclass(frozen=True)
class ControlDecided(SumeriaEvent):
    """Who controls a scored city-state and who is second; `decided_by` names the tie-break.

    `decided_by` is ``"traders"`` (more traders), ``"city"``, ``"towns"``, ``"villages"`` or
    ``"order"`` (played first this round) for the comparison of first and second place, and
    ``None`` when nobody or a single player is there.
    """

    rank: int
    city_state: str
    name: str
    player: int | None
    second: int | None
    counts: tuple[int, ...]
    decided_by: str | None

    def _describe(self, lang: str) -> str:
        w = self._words(lang)
        rank = _ORDINAL[lang](self.rank)
        if self.player is None:
            return (f"{self.name} ({rank}): no traders, nobody controls it." if lang == "en" else
                    f"{self.name} ({rank}): geen handelaren, niemand krijgt de controle.")
        n = self.counts[self.player]
        if lang == "nl":
            text = (f"{self.name} ({rank}): {w['player']} krijgt de controle "
                    f"({_count(n, lang, '', '', 'handelaar', 'handelaren')})")
            if self.second is None:
                return text + ", niemand wordt tweede."
            why = {"traders": "meer handelaren", "city": "de handelaar in de hoofdstad",
                   "towns": "meer handelaren in de steden",
                   "villages": "meer handelaren in de dorpen",
                   "order": "eerder aan de beurt deze ronde"}[self.decided_by or "traders"]
            second = _count(self.counts[self.second], lang, "", "", "handelaar", "handelaren")
            return text + f"; {w['second']} wordt tweede ({second}) — beslist door: {why}."
        text = (f"{self.name} ({rank}): {w['player']} takes control "
                f"({_count(n, lang, 'trader', 'traders', '', '')})")
        if self.second is None:
            return text + ", nobody is second."
        why = {"traders": "more traders", "city": "the trader in the city",
               "towns": "more traders in the towns", "villages": "more traders in the villages",
               "order": "playing first this round"}[self.decided_by or "traders"]
        second = _count(self.counts[self.second], lang, "trader", "traders", "", "")
        return text + f"; {w['second']} is second ({second}) — decided by {why}."


@dataclass(frozen=True)
class TilesTaken(SumeriaEvent):
    TEXT: ClassVar = {"en": "{player} takes {tiles} from {name}.",
                      "nl": "{player} krijgt uit {name}: {tiles}."}
    player: int
    city_state: str
    name: str
    tiles: str
    chosen: bool


@dataclass(frozen=True)
class TilesDiscarded(SumeriaEvent):
    TEXT: ClassVar = {"en": "Discarded from above {name}: {tiles}.",
                      "nl": "Afgelegd van boven {name}: {tiles}."}
    city_state: str
    name: str
    tiles: str


@dataclass(frozen=True)
class FirstPlayerChosen(SumeriaEvent):
    """`decided_at` names the city-state whose count settled it (None: the order tie-break)."""

    last_player: int
    first_player: int
    decided_at: str | None

    def _describe(self, lang: str) -> str:
        w = self._words(lang)
        if lang == "nl":
            why = (f"de minste handelaren in {self.decided_at}" if self.decided_at else
                   "gelijkstand overal, de eerste in de rondevolgorde")
            return (f"{w['last_player']} speelt laatst ({why}); {w['first_player']} krijgt de "
                    "startspelerpion.")
        why = (f"fewest traders in {self.decided_at}" if self.decided_at else
               "tied everywhere; earliest in this round's order")
        return f"{w['last_player']} plays last ({why}); {w['first_player']} becomes first player."


@dataclass(frozen=True)
class RowRotated(SumeriaEvent):
    TEXT: ClassVar = {"en": "The city-state row turns: {order}.",
                      "nl": "De rij van aanzien schuift op: {order}."}
    row: tuple[str, ...]
    names: tuple[str, ...]

    def _words(self, lang: str) -> dict[str, Any]:
        return {**super()._words(lang), "order": ", ".join(self.names)}


@dataclass(frozen=True)
class TilesDrawn(SumeriaEvent):
    TEXT: ClassVar = {"en": "Round {round} begins with new tiles: {first} for the 1st city-state, "
                            "{second} for the 2nd and {third} for the 3rd.",
                      "nl": "Ronde {round} begint met nieuwe markers: {first} voor de 1e "
                            "stadstaat, {second} voor de 2e en {third} voor de 3e."}
    round: int
    offer: tuple[str, str, str]

    def _words(self, lang: str) -> dict[str, Any]:
        # Each tile named (at most three a city-state): "economy, economy and military" reads
        # as a sentence where "economy ×2" would not.
        first, second, third = (_tiles(t, lang, counted=False) for t in self.offer)
        return {"round": self.round, "first": first, "second": second, "third": third}


@dataclass(frozen=True)
class GameEnded(SumeriaEvent):
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def _describe(self, lang: str) -> str:
        names = [player_name(p, lang) for p in self.winners]
        scores = ", ".join(f"{player_name(p, lang)} {s}" for p, s in enumerate(self.scores))
        if lang == "nl":
            who = " en ".join(names)
            verb = "wint" if len(names) == 1 else "delen de overwinning"
            return f"Einde van het spel ({scores}): {who} {verb}."
        who = " and ".join(names)
        verb = "wins" if len(names) == 1 else "share the win"
        return f"Game over ({scores}): {who} {verb}."


# The rules make a few events at every move: each class gets the quick ``__init__`` of
# `engine.quick` (the same values, made in half the time).
for _cls in [c for c in tuple(globals().values())
             if isinstance(c, type) and issubclass(c, SumeriaEvent) and c is not SumeriaEvent]:
    _cls.__init__ = quick_init(_cls)  # type: ignore[misc]
del _cls
