"""Tigris & Euphrates refusals in English and in Dutch: why a move is not allowed, or why its
notation is not read (`engine.core.Message`).

The Dutch uses the words of the events (`events.py`): tegel, leider, koninkrijk, tempel,
boerderij, markt, nederzetting, ramp, schat, steun, opstand, oorlog; a cell is a *vak*. The
move notation (``tile r f3``) is the same in both languages; its placeholders are translated
(``'keep VAK'``).
"""

from __future__ import annotations

from engine.core import Named
from engine.tigris.pieces import (
    COLOUR_ADJECTIVES,
    LEADER_NAMES,
    PLAYER_NAMES,
    TILE_NAMES,
)

TEXT = {
    "en": {
        # Reading the notation.
        "unknown_colour": "unknown colour {value}: write k (black), r (red), b (blue) or g "
                          "(green)",
        "discard_letters": "tiles to discard must be letters from krbg (k black, r red, b blue, "
                           "g green), at least one, not {value}",
        "support_count": "support must be a whole number of tiles ≥ 0, not {value}",
        "support_text": "support takes a number of tiles, not {value}",
        "unknown_monument": "unknown monument {value}: name it by its two colours, one of "
                            "{monuments}",
        "unknown_cell": "unknown cell {value}: name a cell by its column a–p and its row 1–11 "
                        "from the top, e.g. 'a1' or 'p11'",
        "usage": "write e.g. 'tile r f3', 'leader k f3', 'withdraw k', 'catastrophe f3', "
                 "'discard kkr', 'pass', 'support 2', 'war r', 'keep f3', 'building f3', "
                 "'monument kr f3', 'wonder f3', 'decline' or 'cube r'",
        # The state.
        "over": "the game is over: no move can be played",
        "a_view": "this state is {player}'s view, with hidden tiles: determinize it before "
                  "playing on it",
        "not_now": "'{move}' is not possible now: {hint}",
        "hint_action": "it is {who}'s action: place a tile, position a leader, discard or play "
                       "a catastrophe",
        "hint_war": "{who} chooses which war to resolve next ('war COLOUR')",
        "hint_support": "{who} commits support in a conflict ('support N')",
        "hint_treasure": "{who}'s trader chooses which treasure stays ('keep CELL')",
        "hint_building": "{who} may place a building ('building CELL' or 'decline')",
        "hint_monument": "{who} may build a monument ('monument XY CELL', 'wonder CELL' or "
                         "'decline')",
        "hint_cube": "{who}'s king by the wonder takes a point of any colour ('cube COLOUR')",
        # The rules of each move.
        "not_placed": "{player}'s {leader} is not on the board: only a leader on the board can "
                      "be withdrawn",
        "discard_short": "{player} cannot discard {tiles}: the hand holds only {hand}",
        "no_pass": "passing is allowed only when no action is legal (R-T13)",
        "no_war": "there is no war of the {leaders} to resolve: choose one of {colours}",
        "keep": "the treasure on {cell} cannot be the one that stays: the trader takes all "
                "treasures but one, those with the special border first (one of {cells} "
                "stays)",
        "no_building": "no building can go on {cell}: a building goes on a tile of a line of "
                       "three or more through the tile just placed, and moves only to a longer "
                       "line than its own (possible: {cells})",
        "no_monument": "'{move}' cannot be built: a monument needs a free monument of the "
                       "square's colour on a 2 × 2 square of like tiles through the tile just "
                       "placed, the wonder a cross of five (possible: {options})",
        "no_tile": "{player} has no {tile} in hand (the hand holds {hand})",
        "tile_on": "{cell} holds {what}: {why}",
        "tile_on_leader": "a tile never goes on a leader",
        "tile_on_monument": "a tile never goes on a monument",
        "tile_on_catastrophe": "nothing goes on a catastrophe",
        "tile_on_tile": "only a catastrophe may go on another tile",
        "river_tile": "{cell} is river: only blue farms go on the river",
        "land_farm": "{cell} is land: blue farms go only on the river",
        "three_kingdoms": "a tile on {cell} would join three kingdoms: a tile may join at most "
                          "two",
        "leader_there": "the {leader} already stands on {cell}: a leader moves to another cell",
        "leader_taken": "{cell} holds {what}: a leader goes on an empty cell",
        "leader_river": "{cell} is river: a leader never stands on a river",
        "no_temple": "{cell} touches no temple: a leader must stand next to a temple (a red "
                     "tile)",
        "leader_joins": "a leader on {cell} would join two kingdoms: a leader may never join "
                        "kingdoms",
        "no_catastrophe": "{player} has no catastrophe tile left (each player has two)",
        "catastrophe_on": "{cell} holds {what}: a catastrophe never goes on a leader, a "
                          "monument or another catastrophe",
        "catastrophe_treasure": "{cell} holds a treasure: a catastrophe never goes on a "
                                "treasure",
        "catastrophe_building": "{cell} holds a civilization building: it cannot be destroyed",
        "support_short": "{player} holds only {held} {tiles}: support comes from the hand",
        "english_support": "English war support: {player} may commit tiles only if the total "
                           "would exceed the other side's strength ({own} + {count} is not "
                           "more than {other})",
    },
    "nl": {
        "unknown_colour": "onbekende kleur {value}: schrijf k (zwart), r (rood), b (blauw) of g "
                          "(groen)",
        "discard_letters": "af te leggen tegels zijn letters uit krbg (k zwart, r rood, b "
                           "blauw, g groen), minstens één, niet {value}",
        "support_count": "steun is een geheel aantal tegels ≥ 0, niet {value}",
        "support_text": "na support komt een aantal tegels, niet {value}",
        "unknown_monument": "onbekend monument {value}: noem het bij zijn twee kleuren, een van "
                            "{monuments}",
        "unknown_cell": "onbekend vak {value}: noem een vak bij zijn kolom a–p en zijn rij 1–11 "
                        "van boven af, bijvoorbeeld 'a1' of 'p11'",
        "usage": "schrijf bijvoorbeeld 'tile r f3', 'leader k f3', 'withdraw k', "
                 "'catastrophe f3', 'discard kkr', 'pass', 'support 2', 'war r', 'keep f3', "
                 "'building f3', 'monument kr f3', 'wonder f3', 'decline' of 'cube r'",
        "over": "het spel is afgelopen: er kan geen zet meer gespeeld worden",
        "a_view": "deze stand is wat {player} ziet, met verborgen tegels: vul hem eerst aan "
                  "(determinize) voordat er verder gespeeld wordt",
        "not_now": "'{move}' kan nu niet: {hint}",
        "hint_action": "{who} is aan de beurt voor een actie: leg een tegel, zet een leider, "
                       "leg tegels af of speel een ramp",
        "hint_war": "{who} kiest welke oorlog eerst wordt uitgevochten ('war KLEUR')",
        "hint_support": "{who} zet steun in bij een conflict ('support N')",
        "hint_treasure": "de handelaar van {who} kiest welke schat blijft liggen ('keep VAK')",
        "hint_building": "{who} mag een gebouw plaatsen ('building VAK' of 'decline')",
        "hint_monument": "{who} mag een monument bouwen ('monument XY VAK', 'wonder VAK' of "
                         "'decline')",
        "hint_cube": "de koning van {who} bij het wonder neemt een punt in een kleur naar keuze "
                     "('cube KLEUR')",
        "not_placed": "de {leader} van {player} staat niet op het bord: alleen een leider op "
                      "het bord kan worden teruggetrokken",
        "discard_short": "{player} kan {tiles} niet afleggen: de hand bevat alleen {hand}",
        "no_pass": "passen mag alleen als geen enkele actie is toegestaan (R-T13)",
        "no_war": "er is geen oorlog van de {leaders} uit te vechten: kies uit {colours}",
        "keep": "de schat op {cell} kan niet de blijvende zijn: de handelaar neemt alle "
                "schatten op één na, die met de bijzondere rand eerst (een van {cells} blijft "
                "liggen)",
        "no_building": "op {cell} kan geen gebouw: een gebouw komt op een tegel van een rij "
                       "van drie of meer door de zojuist gelegde tegel, en verhuist alleen naar "
                       "een langere rij dan de zijne (mogelijk: {cells})",
        "no_monument": "'{move}' kan niet gebouwd worden: een monument vraagt een vrij "
                       "monument in de kleur van het vierkant, op een vierkant van 2 × 2 "
                       "gelijke tegels door de zojuist gelegde tegel; het wonder een kruis van "
                       "vijf (mogelijk: {options})",
        "no_tile": "{player} heeft geen {tile} in de hand (de hand bevat {hand})",
        "tile_on": "{cell} is bezet door {what}: {why}",
        "tile_on_leader": "een tegel komt nooit op een leider",
        "tile_on_monument": "een tegel komt nooit op een monument",
        "tile_on_catastrophe": "op een ramp komt niets",
        "tile_on_tile": "alleen een ramp mag op een andere tegel",
        "river_tile": "{cell} is rivier: op de rivier komen alleen blauwe boerderijen",
        "land_farm": "{cell} is land: blauwe boerderijen komen alleen op de rivier",
        "three_kingdoms": "een tegel op {cell} zou drie koninkrijken verbinden: een tegel "
                          "verbindt er hoogstens twee",
        "leader_there": "de {leader} staat al op {cell}: een leider verplaatst naar een ander "
                        "vak",
        "leader_taken": "{cell} is bezet door {what}: een leider komt op een leeg vak",
        "leader_river": "{cell} is rivier: een leider staat nooit op de rivier",
        "no_temple": "{cell} grenst aan geen tempel: een leider staat altijd naast een tempel "
                     "(een rode tegel)",
        "leader_joins": "een leider op {cell} zou twee koninkrijken verbinden: een leider "
                        "verbindt nooit koninkrijken",
        "no_catastrophe": "{player} heeft geen ramptegel meer (elke speler heeft er twee)",
        "catastrophe_on": "{cell} is bezet door {what}: een ramp komt nooit op een leider, een "
                          "monument of een andere ramp",
        "catastrophe_treasure": "op {cell} ligt een schat: een ramp komt nooit op een schat",
        "catastrophe_building": "op {cell} staat een beschavingsgebouw: dat kan niet vernietigd "
                                "worden",
        "support_short": "{player} heeft maar {held} {tiles}: steun komt uit de hand",
        "english_support": "Engelse oorlogssteun: {player} mag alleen tegels inzetten als het "
                           "totaal dan de sterkte van de andere kant overtreft ({own} + {count} "
                           "is niet meer dan {other})",
    },
}

_LEADERS = {"en": ("kings", "priests", "farmers", "traders"),
            "nl": ("koningen", "priesters", "boeren", "handelaren")}
_NOTHING = Named(en="nothing", nl="niets")


def player(number: int | None) -> Named:
    """A player by their dynasty (``Bull`` / ``Stier``), or nobody."""
    if number is None:
        return Named(en="nobody", nl="niemand")
    return Named.of(lambda lang: PLAYER_NAMES[lang][number])


def leader(colour: int) -> Named:
    return Named.of(lambda lang: LEADER_NAMES[lang][colour])


def leaders(colour: int) -> Named:
    """Leaders of a colour, more than one: ``kings`` / ``koningen``."""
    return Named.of(lambda lang: _LEADERS[lang][colour])


def tile(colour: int, article: bool = False) -> Named:
    """A tile by its colour: ``red temple`` / ``rode tempel`` (with ``a`` / ``een``)."""
    return Named.of(lambda lang: ("a " if lang == "en" else "een ") * article
                    + f"{COLOUR_ADJECTIVES[lang][colour]} {TILE_NAMES[lang][colour]}")


def tiles_of(colour: int) -> Named:
    """Tiles of a colour: ``red tiles`` / ``rode tegels``."""
    return Named.of(lambda lang: f"{COLOUR_ADJECTIVES[lang][colour]} "
                                 f"{'tiles' if lang == 'en' else 'tegels'}")


def leader_of(number: int, colour: int) -> Named:
    """A player's leader: ``Bull's king`` / ``de koning van Stier``."""
    return Named(en=f"{PLAYER_NAMES['en'][number]}'s {LEADER_NAMES['en'][colour]}",
                 nl=f"de {LEADER_NAMES['nl'][colour]} van {PLAYER_NAMES['nl'][number]}")


def hand(letters: str) -> Named | str:
    """A hand as its letters (``kkrb``), or nothing."""
    return letters or _NOTHING

