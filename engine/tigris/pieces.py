"""The pieces of Tigris & Euphrates, their names, and the codes a state writes them with.

Covers the components of the rule text and docs/research.md §2: the 153 civilization tiles (57 red
temples, 36 blue farms, 30 green markets, 30 black settlements), two catastrophes and four
leaders (king, priest, farmer, trader) per dynasty, six monuments (one per pair of colours) and
six-tile hands; and the small integer codes of a cell's contents (`EMPTY` … `LEADER`). The
state, its text form and the rules all read these, so they sit below all three.
"""

from __future__ import annotations

#: The four colours, by their letter: black (settlements, king), red (temples, priest),
#: blue (farms, farmer), green (markets, trader).
COLOURS = "krbg"
BLACK, RED, BLUE, GREEN = range(4)
COLOUR_NAMES = {"en": ("black", "red", "blue", "green"),
                "nl": ("zwart", "rood", "blauw", "groen")}
#: Colours as adjectives before a noun ("een rode tempel").
COLOUR_ADJECTIVES = {"en": COLOUR_NAMES["en"], "nl": ("zwarte", "rode", "blauwe", "groene")}
TILE_NAMES = {"en": ("settlement", "temple", "farm", "market"),
              "nl": ("nederzetting", "tempel", "boerderij", "markt")}
LEADER_NAMES = {"en": ("king", "priest", "farmer", "trader"),
                "nl": ("koning", "priester", "boer", "handelaar")}
BUILDING_NAMES = {"en": ("palace", "library", "granary", "market hall"),
                  "nl": ("paleis", "bibliotheek", "graanschuur", "markthal")}
PLAYER_NAMES = {"en": ("Bull", "Urn", "Bow", "Lion"),
                "nl": ("Stier", "Kruik", "Boog", "Leeuw")}

#: Tiles of each colour in the box (docs/research.md §2): 30 black, 57 red, 36 blue, 30 green.
TILE_COUNTS = (30, 57, 36, 30)
TOTAL_TILES = sum(TILE_COUNTS)  # 153
HAND_SIZE = 6
CATASTROPHES = 2

#: The six monuments, one per pair of colours, named by their two letters.
MONUMENTS = ("kr", "kb", "kg", "rb", "rg", "bg")
MONUMENT_COLOURS = tuple((COLOURS.index(m[0]), COLOURS.index(m[1])) for m in MONUMENTS)

# Cell codes. A flipped tile lies under a monument (or the wonder): it keeps its colour for
# the count of tiles, but has none for the rules (docs/research.md §2; "Monuments do not have a
# color of their own").
EMPTY = 0
TILE = 1          # 1 + colour: a face-up tile
CATASTROPHE = 5
FLIPPED = 6       # 6 + colour: a tile under a monument or the wonder
LEADER = 10       # 10 + 4 * player + colour


def player_name(player: int, lang: str = "en") -> str:
    return PLAYER_NAMES.get(lang, PLAYER_NAMES["en"])[player]


def colour_name(colour: int, lang: str = "en") -> str:
    return COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])[colour]


def hand_counts(hand: str) -> list[int]:
    """A hand written as letters (``"kkrg"``), as counts per colour."""
    return [hand.count(letter) for letter in COLOURS]


def hand_text(counts: list[int] | tuple[int, ...]) -> str:
    """Counts per colour, as a hand of letters in colour order."""
    return "".join(letter * n for letter, n in zip(COLOURS, counts))
