"""The pieces of Mesopotamia, their names, and how a state writes what a native carries.

Covers "Game Material" of the rule text: per colour 8 natives, 5 huts, 3 holy places and 4
sacrifice markers (values 2, 4, 6, 7: docs/research.md §3), the mana track (0 to 8), 20 lumber and
20 stones, and the 18 cards. What a native carries is a small int: 0 (nothing), 1 (lumber), 2
(stone), ``10 + v`` (a sacrifice marker of value v taken up in an earlier turn) or ``20 + v``
(taken up this turn); `cargo_token` writes it (``.``, ``L``, ``S``, ``M4``, ``m4``) and
`parse_token` reads it back. The state, its text form and the rules all read these, so they
sit below all three.
"""

from __future__ import annotations

from typing import Any

from engine.core import InvalidInput, Message, shown
from engine.mesopotamia.refusals import TEXT

NATIVES = 8
HUTS = 5
HOLY_PLACES = 3
MARKER_VALUES = (2, 4, 6, 7)
LUMBER = 20
STONES = 20
MANA_TOP = 8
HIDDEN = 1  # a covered marker whose value the viewer may not see

NONE, LUMBER_CARGO, STONE_CARGO = 0, 1, 2
OLD, FRESH = 10, 20  # carried markers: 10 + value (placeable) and 20 + value (taken this turn)

#: The 18 cards: id → (count, English name, German name).
CARDS: dict[str, tuple[int, str, str]] = {
    "expulsion": (2, "Expulsion", "Vertreibung"),
    "fertility": (2, "Fertility", "Fruchtbarkeit"),
    "mana_theft": (2, "Mana Theft", "Mana-Raub"),
    "teleport": (2, "Teleport", "Teleport"),
    "holy_stone": (2, "Holy Stone", "Heiliger Stein"),
    "land": (2, "Land", "Land"),
    "stamina": (3, "Stamina", "Ausdauer"),
    "priest": (3, "Priest", "Priester"),
}
CARD_NAMES_NL = {"expulsion": "Verdrijving", "fertility": "Vruchtbaarheid",
                 "mana_theft": "Manaroof", "teleport": "Teleport", "holy_stone": "Heilige steen",
                 "land": "Land", "stamina": "Uithoudingsvermogen", "priest": "Priester"}
#: Cards that leave the 2-player game (a reconstruction: docs/rulings.md R-M3).
TWO_PLAYER_REMOVED = ("expulsion", "expulsion", "mana_theft", "mana_theft")

PLAYER_NAMES = {
    "en": ("Blue", "Red", "Yellow", "Green"),
    "nl": ("Blauw", "Rood", "Geel", "Groen"),
}


def player_name(player: int, lang: str = "en") -> str:
    if player < 0:
        return "neutral" if lang == "en" else "neutraal"
    return PLAYER_NAMES.get(lang, PLAYER_NAMES["en"])[player]


def card_name(card: str, lang: str = "en") -> str:
    if card not in CARDS:
        return "a hidden card" if lang == "en" else "een verborgen kaart"
    return CARDS[card][1] if lang == "en" else CARD_NAMES_NL[card]


def full_deck(players: int) -> list[str]:
    """The cards in play for this player count, sorted."""
    deck = [c for c, (n, _, _) in CARDS.items() for _ in range(n)]
    if players == 2:
        for c in TWO_PLAYER_REMOVED:
            deck.remove(c)
    return sorted(deck)


def cargo_token(cargo: int, stole: bool = False) -> str:
    """A native's notation: ``.`` (free), ``L``, ``S``, ``M4`` (a placeable marker of value 4),
    ``m4`` (taken up this turn), ``M?``/``m?`` (value hidden); ``!`` once it stole this turn."""
    if cargo == NONE:
        text = "."
    elif cargo == LUMBER_CARGO:
        text = "L"
    elif cargo == STONE_CARGO:
        text = "S"
    else:
        value = cargo % 10
        text = ("M" if cargo < FRESH else "m") + (str(value) if value else "?")
    return text + ("!" if stole else "")


def parse_token(text: Any) -> tuple[int, bool]:
    """The inverse of `cargo_token`; raises `InvalidInput`."""
    if not isinstance(text, str) or not text:
        raise InvalidInput(Message(TEXT, "native_form", value=shown(text)))
    stole = text.endswith("!")
    body = text[:-1] if stole else text
    if body == ".":
        return NONE, stole
    if body == "L":
        return LUMBER_CARGO, stole
    if body == "S":
        return STONE_CARGO, stole
    if len(body) == 2 and body[0] in "Mm" and (body[1] == "?" or (
            body[1] in "0123456789" and int(body[1]) in MARKER_VALUES)):
        base = OLD if body[0] == "M" else FRESH
        return base + (0 if body[1] == "?" else int(body[1])), stole
    raise InvalidInput(Message(TEXT, "unknown_native", value=shown(text)))
