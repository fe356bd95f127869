"""Sumeria's refusals: why a move is not allowed, in English and in Dutch, with the rule it breaks.

Each refusal is a `Message` from the table below and names the catalogue rule it enforces
(``docs/rules/sumeria.md``), so that ``err.describe("nl")`` reads as a Dutch teacher would say
it. The Dutch uses the words of the Dutch rulebook: hoofdstad / stad / dorp, handelaar,
stadstaat, invloedsmarker, beurt, ronde, voorraad; a location is a *plaats*.

Limits: the move notation (``place kish.city``) is the same in both languages; a refusal never
quotes it in Dutch.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.core import IllegalMove, Message, Named
from engine.sumeria.state import PLAYER_NAMES

if TYPE_CHECKING:
    from engine.sumeria.board import Board

TEXT = {
    "en": {
        "over": "the game is over: six rounds have been played",
        "wrong_phase": "{action} is not possible now: {hint}",
        "occupied": "{where} is occupied by {owner}: each location holds a single trader",
        "no_reserve": "all your traders are already on the board, so you cannot add one: move "
                      "or remove a trader instead",
        "remove_empty": "{player} cannot remove the trader on {where}: it is empty, and a "
                        "player removes only their own traders",
        "remove_other": "{player} cannot remove the trader on {where}: it is {owner}'s, and a "
                        "player removes only their own traders",
        "move_empty": "{player} cannot move the trader on {where}: it is empty, and a player "
                      "moves only their own traders",
        "move_other": "{player} cannot move the trader on {where}: it is {owner}'s, and a "
                      "player moves only their own traders",
        "unreachable": "the trader on {origin} cannot reach {destination}: a trader jumps "
                       "occupied locations and stops at the first empty one (it can reach "
                       "{reach})",
        "stuck": "the trader on {origin} cannot reach {destination}: a trader jumps occupied "
                 "locations and stops at the first empty one (it can reach nothing)",
        "same_place": "the trader is already on {origin}: a move always takes a trader to "
                      "another location",
        "take": "cannot take {tiles}: choose {size} of the tiles {offered} above the {rank} "
                "city-state ({choices})",
        # What cannot be done now, and why (the phase's hint).
        "placing": "placing a setup trader",
        "adding": "adding a trader",
        "moving": "moving a trader",
        "removing": "removing a trader",
        "taking": "taking tiles",
        "hint_placement": "during setup every player places traders ('place LOC')",
        "hint_turns": "it is a turn: add, move or remove a trader",
        "hint_scoring": "the round is being scored: the controller takes tiles ('take ...')",
    },
    "nl": {
        "over": "het spel is afgelopen: de zes rondes zijn gespeeld",
        "wrong_phase": "{action} kan nu niet: {hint}",
        "occupied": "{where} is al bezet door {owner}: op elke plaats staat maar één handelaar",
        "no_reserve": "al je handelaren staan al op het bord, dus je kunt er geen toevoegen: "
                      "verplaats of verwijder een handelaar",
        "remove_empty": "{player} kan de handelaar op {where} niet verwijderen: daar staat "
                        "geen handelaar, en je verwijdert alleen je eigen handelaren",
        "remove_other": "{player} kan de handelaar op {where} niet verwijderen: die is van "
                        "{owner}, en je verwijdert alleen je eigen handelaren",
        "move_empty": "{player} kan de handelaar op {where} niet verplaatsen: daar staat geen "
                      "handelaar, en je verplaatst alleen je eigen handelaren",
        "move_other": "{player} kan de handelaar op {where} niet verplaatsen: die is van "
                      "{owner}, en je verplaatst alleen je eigen handelaren",
        "unreachable": "de handelaar op {origin} kan {destination} niet bereiken: hij springt "
                       "over bezette plaatsen en stopt op de eerste lege plaats (hij kan naar "
                       "{reach})",
        "stuck": "de handelaar op {origin} kan {destination} niet bereiken: hij springt over "
                 "bezette plaatsen en stopt op de eerste lege plaats (hij kan nergens heen)",
        "same_place": "de handelaar staat al op {origin}: een verplaatste handelaar komt "
                      "altijd op een andere plaats",
        "take": "je kunt {tiles} niet nemen: kies {size} van de invloedsmarkers {offered} "
                "boven de {rank} stadstaat ({choices})",
        "placing": "een handelaar plaatsen",
        "adding": "een handelaar toevoegen",
        "moving": "een handelaar verplaatsen",
        "removing": "een handelaar verwijderen",
        "taking": "invloedsmarkers nemen",
        "hint_placement": "tijdens de spelvoorbereiding plaatsen de spelers om de beurt hun "
                          "handelaren",
        "hint_turns": "het is een beurt: voeg een handelaar toe, verplaats er een of verwijder "
                      "er een",
        "hint_scoring": "de ronde wordt gescoord: wie de controle heeft, kiest "
                        "invloedsmarkers",
    },
}

RANKS = (Named(en="1st", nl="eerste"), Named(en="2nd", nl="tweede"), Named(en="3rd", nl="derde"))


def refusal(key: str, rule: str, **values: object) -> IllegalMove:
    """The `IllegalMove` told by message `key` of the table, enforcing `rule`."""
    return IllegalMove(Message(TEXT, key, **values), rule=rule)


def part(key: str) -> Message:
    """A part of a sentence from the table (an action, a hint)."""
    return Message(TEXT, key)


def named_player(number: int) -> Named:
    """A player by colour, in each language."""
    return Named(**{lang: names[number] for lang, names in PLAYER_NAMES.items()})


def named_place(board: Board, loc_id: str) -> Named:
    """A location as people name it (``Larsa city`` / ``Larsa hoofdstad``)."""
    return Named(en=board.label(loc_id, "en"), nl=board.label(loc_id, "nl"))


def named_places(board: Board, loc_ids: Iterable[str]) -> Named:
    """Locations, listed with commas, in each language."""
    ids = list(loc_ids)
    return Named(en=", ".join(board.label(i, "en") for i in ids),
                 nl=", ".join(board.label(i, "nl") for i in ids))
