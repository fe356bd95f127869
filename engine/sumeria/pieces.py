"""The pieces of Sumeria and their names: influence tiles, traders, the players' colours.

Covers "Game Materials" of the rule text: 36 influence tiles, nine of each of four types, and
each player's traders ("14 for a 3-player game, 10 for a 4-player game"). The state, its text
form and the scoring all read these, so they sit below all three.
"""

from __future__ import annotations

#: Influence tile types, by the letter used in notation and save files.
TILES = "EMPR"
TILE_NAMES = {
    "en": {"E": "economy", "M": "military", "P": "political", "R": "religion"},
    "nl": {"E": "economisch", "M": "militair", "P": "politiek", "R": "religieus"},
}
LETTER_OF = {name: letter for letter, name in TILE_NAMES["en"].items()}
TILES_PER_TYPE = 9
TRADERS = {3: 14, 4: 10}  # "14 for a 3-player game, 10 for a 4-player game"

PLAYER_NAMES = {
    "en": ("Blue", "Orange", "Green", "Purple"),
    "nl": ("Blauw", "Oranje", "Groen", "Paars"),
}


def player_name(player: int, lang: str = "en") -> str:
    return PLAYER_NAMES.get(lang, PLAYER_NAMES["en"])[player]
