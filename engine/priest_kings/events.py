"""Priest-Kings events: the campaign told as it happens, in English and Dutch.

Every change has an event: a turn's activation order; each city's choice (attack, sacrifice,
reorganization); each battle — called off, begun, every meeting of the dice model with both
dice (and any reroll), commands losing heart, armies breaking, the result and who was beaten;
vassals freed, cities submitting; the end and the winners. Events carry city names, so they read
the same for any map.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import Event

_AND = {"en": " and ", "nl": " en "}
STATUS_WORDS = {
    "en": ("steady", "disheartened", "broken", "shattered"),
    "nl": ("standvastig", "ontmoedigd", "gebroken", "verpletterd"),
}


def _names(names: tuple[str, ...], lang: str) -> str:
    if not names:
        return "-"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + _AND[lang] + names[-1]


@dataclass(frozen=True)
class PKEvent(Event):
    """Events of Priest-Kings: tuples of names read as a list ("Kish, Ur and Uruk")."""

    def _words(self, lang: str) -> dict[str, Any]:
        words = super()._words(lang)
        for key, value in list(words.items()):
            if key.endswith("names") and isinstance(value, tuple):
                words[key] = _names(value, lang)
        return words


@dataclass(frozen=True)
class _OrderEvent(PKEvent):
    """An event that tells a turn's order of activation (the names in order, by commas)."""

    turn: int
    order: tuple[int, ...]
    names: tuple[str, ...]

    def _words(self, lang: str) -> dict[str, Any]:
        return {**super()._words(lang), "names": ", ".join(self.names)}


@dataclass(frozen=True)
class TurnBegan(_OrderEvent):
    """A turn begins with its order of activation — drawn by the engine, or (empty `order`,
    option ``activation="recorded"``) still to be rolled at the table (`OrderRecorded`)."""

    TEXT: ClassVar = {"en": "Turn {turn} begins; the lots set the order {names}.",
                      "nl": "Beurt {turn} begint; het lot bepaalt de volgorde {names}."}
    TO_ROLL: ClassVar = {
        "en": "Turn {turn} begins: roll the order of activation at the table and enter it.",
        "nl": "Beurt {turn} begint: werp aan tafel de volgorde van activering en voer haar in."}

    def _describe(self, lang: str) -> str:
        if not self.order:
            return self.TO_ROLL[lang].format(turn=self.turn)
        return super()._describe(lang)


@dataclass(frozen=True)
class OrderRecorded(_OrderEvent):
    """The order of activation rolled at the table, typed in (`ActivationOrder`)."""

    TEXT: ClassVar = {"en": "The order of activation of turn {turn}, rolled at the table: "
                            "{names}.",
                      "nl": "De volgorde van activering van beurt {turn}, aan tafel geworpen: "
                            "{names}."}


@dataclass(frozen=True)
class AttackDeclared(PKEvent):
    """`via` is the vassal whose avenue the attack takes, when not the attacker's own."""

    attacker: int
    defender: int
    attacker_name: str
    defender_name: str
    via: int | None
    via_name: str | None

    def _describe(self, lang: str) -> str:
        if lang == "nl":
            text = f"{self.attacker_name} valt {self.defender_name} aan"
            if self.via_name:
                text += f" langs de weg van zijn vazal {self.via_name}"
            return text + "."
        text = f"{self.attacker_name} attacks {self.defender_name}"
        if self.via_name:
            text += f" along the avenue from its vassal {self.via_name}"
        return text + "."


@dataclass(frozen=True)
class SacrificeMade(PKEvent):
    """`renewed`: the city had already sacrificed; the favour does not stack."""

    player: int
    name: str
    renewed: bool

    def _describe(self, lang: str) -> str:
        if lang == "nl":
            text = (f"{self.name} brengt offers en roept de god aan: in zijn volgende veldslag "
                    "mag het één dobbelsteen opnieuw werpen")
            return text + (" (niet opnieuw: de gunst stapelt niet)." if self.renewed else ".")
        text = (f"{self.name} makes sacrifices and invokes the god: it may reroll one die in "
                "its next battle")
        return text + (" (still one: the favour does not stack)." if self.renewed else ".")


@dataclass(frozen=True)
class ArmyReorganized(PKEvent):
    TEXT: ClassVar = {
        "en": "{name} reorganizes its army: {count} {old_troops} of the {corps_name} become "
              "1 {new_troops}, for good.",
        "nl": "{name} reorganiseert zijn leger: {count} {old_troops} van de {corps_name} "
              "worden 1 {new_troops}, voorgoed."}
    player: int
    name: str
    corps: str
    corps_name: str
    count: int
    old_troops: str
    new_troops: str


@dataclass(frozen=True)
class BattleCalledOff(PKEvent):
    TEXT: ClassVar = {
        "en": "The battle of {attacker_name} against {defender_name} is called off: both now "
              "serve {lord_name}.",
        "nl": "De veldslag van {attacker_name} tegen {defender_name} gaat niet door: beide "
              "dienen nu {lord_name}."}
    attacker: int
    defender: int
    attacker_name: str
    defender_name: str
    lord: int
    lord_name: str


@dataclass(frozen=True)
class BattleBegan(PKEvent):
    """`method` is ``"dice"`` or ``"recorded"``; `reroll_names` made sacrifices for it."""

    number: int
    attacker: int
    defender: int
    attacker_name: str
    defender_name: str
    method: str
    reroll_names: tuple[str, ...]

    def _describe(self, lang: str) -> str:
        names = _names(self.reroll_names, lang)
        if lang == "nl":
            how = "met de dobbelstenen" if self.method == "dice" else "op tafel (uitslag ingevoerd)"
            text = (f"Veldslag {self.number}: {self.attacker_name} (invaller) tegen "
                    f"{self.defender_name} (verdediger), {how}")
            return text + (f"; {names} mag één worp overdoen." if self.reroll_names else ".")
        how = "with the dice" if self.method == "dice" else "on the table (result typed in)"
        text = (f"Battle {self.number}: {self.attacker_name} (invader) against "
                f"{self.defender_name} (defender), {how}")
        return text + (f"; {names} may reroll one die." if self.reroll_names else ".")


@dataclass(frozen=True)
class DuelFought(PKEvent):
    """One meeting of the dice model: each side's element, die and total (die + factors).

    `loser` is ``"attacker"``, ``"defender"`` or None (equal totals: both stand); the dice are
    the ones that stand. `rerolls` holds each reroll in the order thrown, as (the city that
    rerolled, the die it had rolled first): none, one, or — with one reroll per side, when a
    reroll turned the meeting — one by each side.
    """

    bound: int
    attacker_name: str
    defender_name: str
    attacker_command: str
    defender_command: str
    attacker_troops: str
    defender_troops: str
    attacker_die: int
    defender_die: int
    attacker_total: int
    defender_total: int
    loser: str | None
    rerolls: tuple[tuple[str, int], ...] = ()

    @property
    def rerolled_by(self) -> str | None:
        """The city that rerolled first in this meeting, or None."""
        return self.rerolls[0][0] if self.rerolls else None

    def _describe(self, lang: str) -> str:
        a = (f"{self.attacker_name} {self.attacker_troops} ({self.attacker_command}) "
             f"{self.attacker_die}→{self.attacker_total}")
        d = (f"{self.defender_name} {self.defender_troops} ({self.defender_command}) "
             f"{self.defender_die}→{self.defender_total}")
        loser = {"attacker": self.attacker_name, "defender": self.defender_name}.get(
            self.loser or "")
        if lang == "nl":
            text = f"Ronde {self.bound}: {a} tegen {d}: "
            text += f"{loser} verliest het element" if loser else "beide houden stand"
            if self.rerolls:
                text += " (" + "; daarna ".join(f"{city} wierp opnieuw, eerst {first}"
                                                 for city, first in self.rerolls) + ")"
            return text + "."
        text = f"Bound {self.bound}: {a} against {d}: "
        text += f"{loser} loses the element" if loser else "both stand"
        if self.rerolls:
            text += " (" + "; then ".join(f"{city} rerolled a {first}"
                                          for city, first in self.rerolls) + ")"
        return text + "."


@dataclass(frozen=True)
class CommandMoraleChanged(PKEvent):
    """`status` is ``"disheartened"``, ``"broken"`` or ``"shattered"``."""

    player: int
    name: str
    command: str
    command_name: str
    status: str

    def _describe(self, lang: str) -> str:
        word = STATUS_WORDS[lang][STATUS_WORDS["en"].index(self.status)]
        if lang == "nl":
            return f"De {self.command_name} van {self.name} is {word}."
        return f"{self.name}'s {self.command_name} is {word}."


@dataclass(frozen=True)
class ArmyBroke(PKEvent):
    TEXT: ClassVar = {"en": "{name}'s army breaks.", "nl": "Het leger van {name} breekt."}
    player: int
    name: str


@dataclass(frozen=True)
class BattleEnded(PKEvent):
    """The result: `broken` as in `RecordedBattle`; `beaten` is the player who scored fewer
    points, or None on equal points."""

    attacker: int
    defender: int
    attacker_name: str
    defender_name: str
    broken: str
    attacker_points: int
    defender_points: int
    beaten: int | None

    def _describe(self, lang: str) -> str:
        names = {"attacker": self.attacker_name, "defender": self.defender_name}
        beaten = (None if self.beaten is None else
                  self.attacker_name if self.beaten == self.attacker else self.defender_name)
        if lang == "nl":
            broke = {"none": "geen leger brak", "both": "beide legers braken"}.get(
                self.broken, f"het leger van {names.get(self.broken)} brak")
            who = f"{beaten} is verslagen" if beaten else "niemand is verslagen (gelijke punten)"
            return (f"{self.attacker_name} scoort {self.attacker_points} punten, "
                    f"{self.defender_name} {self.defender_points}; {broke}; {who}.")
        broke = {"none": "no army broke", "both": "both armies broke"}.get(
            self.broken, f"{names.get(self.broken)}'s army broke")
        who = f"{beaten} is beaten" if beaten else "nobody is beaten (equal points)"
        return (f"{self.attacker_name} scores {self.attacker_points} points, "
                f"{self.defender_name} {self.defender_points}; {broke}; {who}.")


@dataclass(frozen=True)
class VassalsFreed(PKEvent):
    overlord: int
    name: str
    freed: tuple[int, ...]
    freed_names: tuple[str, ...]
    beaten_by: int
    beaten_by_name: str

    def _describe(self, lang: str) -> str:
        freed = _names(self.freed_names, lang)
        if lang == "nl":
            verb = "is" if len(self.freed) == 1 else "zijn"
            return (f"{self.name} is verslagen door de onafhankelijke stad "
                    f"{self.beaten_by_name}: {freed} {verb} weer vrij.")
        verb = "is" if len(self.freed) == 1 else "are"
        return (f"{self.name} is beaten by the independent city {self.beaten_by_name}: "
                f"{freed} {verb} free again.")


@dataclass(frozen=True)
class BecameVassal(PKEvent):
    """`along_with` is the city whose vassal this one was and that it follows into vassalage;
    `credited` the vassal that won it for its overlord."""

    city: int
    name: str
    lord: int
    lord_name: str
    credited: int | None
    credited_name: str | None
    along_with: int | None
    along_with_name: str | None

    def _describe(self, lang: str) -> str:
        if lang == "nl":
            text = f"{self.name} wordt vazal van {self.lord_name}"
            if self.along_with_name:
                text += f", samen met zijn heer {self.along_with_name}"
            if self.credited_name:
                text += f" (gewonnen door {self.credited_name})"
            return text + "."
        text = f"{self.name} becomes a vassal of {self.lord_name}"
        if self.along_with_name:
            text += f", following its overlord {self.along_with_name}"
        if self.credited_name:
            text += f" (won for it by {self.credited_name})"
        return text + "."


@dataclass(frozen=True)
class CampaignEnded(PKEvent):
    TEXT: ClassVar = {
        "en": "All cities are vassals of {name}: the campaign ends after {turn} turn(s). "
              "Winners: {winner_names}.",
        "nl": "Alle steden zijn vazallen van {name}: de veldtocht eindigt na {turn} beurt(en). "
              "Winnaars: {winner_names}."}
    overlord: int
    name: str
    turn: int
    winners: tuple[int, ...]
    winner_names: tuple[str, ...]


@dataclass(frozen=True)
class TurnLimitReached(PKEvent):
    TEXT: ClassVar = {
        "en": "The campaign's last turn, turn {turn}, is over (a house rule): the largest "
              "realms win. Winners: {winner_names}.",
        "nl": "De laatste beurt van de veldtocht, beurt {turn}, is voorbij (een huisregel): de "
              "grootste rijken winnen. Winnaars: {winner_names}."}
    turn: int
    winners: tuple[int, ...]
    winner_names: tuple[str, ...]
