"""Priest-Kings refusals in English and in Dutch: why a move is not allowed, or why its notation
is not read (`engine.core.Message`).

The Dutch uses the words of the events: stad, opperheer, vazal, veldtocht, veldslag, leger,
korps, offeren, reorganiseren, volgorde van activering. City names, corps names and troop
types (``Reg Bw (I)``) are the map's and the army list's own and stay as they are; so does
the move notation (``attack uruk``), whose placeholders are translated.
"""

from __future__ import annotations

TEXT = {
    "en": {
        # Reading the notation.
        "usage": "write 'attack CITY', 'sacrifice', 'reorganize CORPS', 'dice', "
                 "'record BROKEN ATTACKER_POINTS DEFENDER_POINTS' or 'order CITY CITY CITY "
                 "CITY' (e.g. 'attack uruk', 'record defender 120 45', 'order uruk kish ur "
                 "lagash')",
        "broken": "broken must be one of {choices} (whose army broke), not {value}",
        "points": "{name} must be a whole number of points ≥ 0, not {value}",
        "points_text": "points must be whole numbers ≥ 0, not {value}: {usage}",
        "order_ids": "an order of activation is a list of city ids (e.g. ['uruk', 'kish', "
                     "'ur', 'lagash']), not {value}",
        "unknown_city": "unknown city {value} on {map}; cities: {cities}",
        "unknown_corps": "unknown corps {value}; this army's corps are {corps}",
        # The campaign.
        "over": "the campaign is over: every city serves the same overlord",
        "not_now": "{what} is not possible now: {hint}",
        "entering_order": "entering the order of activation",
        "attacking": "attacking",
        "sacrificing": "making sacrifices",
        "reorganizing": "reorganizing an army",
        "fighting": "fighting a battle",
        "recording": "recording a battle",
        "hint_activation": "the order of activation of turn {turn} is to be entered first "
                           "('order {cities}', in the order rolled at the table)",
        "hint_orders": "it is {city}'s turn to choose an activity (attack, sacrifice or "
                       "reorganize); battles are fought once every city has chosen",
        "hint_battles": "the battle of {attacker} against {defender} is to be fought ('dice' "
                        "or 'record ...')",
        "order_drawn": "this campaign's order of activation is drawn by the engine (option "
                       "activation='dice'): an order is typed in only with "
                       "activation='recorded'",
        "order_not_now": "the order of activation is entered at the start of a turn, before "
                         "the cities choose: {hint}",
        "order_twice": "the order of activation names every city once: {twice} twice, "
                       "{missing} not at all",
        "order_city": "the order of activation: {why}",
        "attacked": "{city} has been attacked this turn by {by}: an attacked city cannot "
                    "attack another city, but may still sacrifice or reorganize before its "
                    "battle",
        "itself": "{city} cannot attack itself",
        "overlord": "{city} cannot attack {target}: {target} is its overlord, and a vassal "
                    "never attacks its overlord",
        "own_vassal": "{city} cannot attack {target}: {target} is already its vassal",
        "fellow_vassal": "{city} cannot attack {target}: both are vassals of {lord}, and a "
                         "vassal never attacks its overlord's other vassals",
        "taken": "{target} is already attacked by {by} this turn: a city cannot be attacked by "
                 "more than one enemy city in a turn",
        "unreachable": "{city} cannot reach {target}: the target must be joined by an avenue "
                       "to the attacker's city or to one of its vassals' cities (from {city}: "
                       "{reach})",
        "none": "none",
        "cannot_reorganize": "{city} cannot reorganize: {why}",
        "no_replacement": "the army list has no {to}, so no corps can be reorganized",
        "too_few": "the {corps} has {have} {from_}: a reorganization swaps {count} {from_} "
                   "from a single corps for 1 {to}",
        "hidden_seed": "this is a player's view, whose seed is hidden: the next turn's order "
                       "and the dice cannot be known (determinize the view first)",
        "battles_recorded": "this campaign's battles are fought on the table and typed in "
                            "(option battles='recorded'): write 'record BROKEN "
                            "ATTACKER_POINTS DEFENDER_POINTS'",
        "battles_dice": "this campaign's battles are fought with the dice model (option "
                        "battles='dice'): write 'dice'",
        "worth": "{loser}'s army is worth {worth} AP, so its enemy cannot have scored {points} "
                 "points of it",
    },
    "nl": {
        "usage": "schrijf 'attack STAD', 'sacrifice', 'reorganize KORPS', 'dice', "
                 "'record GEBROKEN PUNTEN_AANVALLER PUNTEN_VERDEDIGER' of 'order STAD STAD STAD "
                 "STAD' (bijvoorbeeld 'attack uruk', 'record defender 120 45', 'order uruk "
                 "kish ur lagash')",
        "broken": "broken is een van {choices} (wiens leger brak), niet {value}",
        "points": "{name} is een geheel aantal punten ≥ 0, niet {value}",
        "points_text": "punten zijn gehele getallen ≥ 0, niet {value}: {usage}",
        "order_ids": "een volgorde van activering is een lijst van stad-ids (bijvoorbeeld "
                     "['uruk', 'kish', 'ur', 'lagash']), niet {value}",
        "unknown_city": "onbekende stad {value} op {map}; steden: {cities}",
        "unknown_corps": "onbekend korps {value}; de korpsen van dit leger zijn {corps}",
        "over": "de veldtocht is voorbij: elke stad dient dezelfde opperheer",
        "not_now": "{what} kan nu niet: {hint}",
        "entering_order": "de volgorde van activering invoeren",
        "attacking": "aanvallen",
        "sacrificing": "offeren",
        "reorganizing": "een leger reorganiseren",
        "fighting": "een veldslag uitvechten",
        "recording": "een veldslag invoeren",
        "hint_activation": "eerst wordt de volgorde van activering van beurt {turn} ingevoerd "
                           "('order {cities}', in de volgorde die aan tafel is gegooid)",
        "hint_orders": "{city} is aan de beurt om een activiteit te kiezen (aanvallen, offeren "
                       "of reorganiseren); de veldslagen volgen zodra elke stad gekozen heeft",
        "hint_battles": "eerst wordt de veldslag van {attacker} tegen {defender} uitgevochten "
                        "('dice' of 'record ...')",
        "order_drawn": "in deze veldtocht bepaalt de engine de volgorde van activering (optie "
                       "activation='dice'): een volgorde invoeren kan alleen met "
                       "activation='recorded'",
        "order_not_now": "de volgorde van activering wordt aan het begin van een beurt "
                         "ingevoerd, voordat de steden kiezen: {hint}",
        "order_twice": "de volgorde van activering noemt elke stad één keer: {twice} twee "
                       "keer, {missing} niet",
        "order_city": "de volgorde van activering: {why}",
        "attacked": "{city} is deze beurt aangevallen door {by}: een aangevallen stad valt "
                    "geen andere stad aan, maar kan voor haar veldslag nog offeren of "
                    "reorganiseren",
        "itself": "{city} kan zichzelf niet aanvallen",
        "overlord": "{city} kan {target} niet aanvallen: {target} is haar opperheer, en een "
                    "vazal valt nooit zijn opperheer aan",
        "own_vassal": "{city} kan {target} niet aanvallen: {target} is al haar vazal",
        "fellow_vassal": "{city} kan {target} niet aanvallen: beide zijn vazallen van {lord}, "
                         "en een vazal valt nooit de andere vazallen van zijn opperheer aan",
        "taken": "{target} wordt deze beurt al aangevallen door {by}: een stad wordt per beurt "
                 "door hoogstens één vijandige stad aangevallen",
        "unreachable": "{city} kan {target} niet bereiken: het doel moet via een weg verbonden "
                       "zijn met de stad van de aanvaller of met een stad van een van haar "
                       "vazallen (vanaf {city}: {reach})",
        "none": "geen",
        "cannot_reorganize": "{city} kan niet reorganiseren: {why}",
        "no_replacement": "de legerlijst heeft geen {to}, dus geen enkel korps kan "
                          "gereorganiseerd worden",
        "too_few": "de {corps} heeft {have} {from_}: een reorganisatie ruilt {count} {from_} "
                   "uit één korps voor 1 {to}",
        "hidden_seed": "dit is wat een speler ziet, met verborgen seed: de volgorde van de "
                       "volgende beurt en de dobbelstenen zijn niet te kennen (vul de blik "
                       "eerst aan met determinize)",
        "battles_recorded": "in deze veldtocht worden de veldslagen aan tafel uitgevochten en "
                            "ingetypt (optie battles='recorded'): schrijf 'record GEBROKEN "
                            "PUNTEN_AANVALLER PUNTEN_VERDEDIGER'",
        "battles_dice": "in deze veldtocht worden de veldslagen met het dobbelsteenmodel "
                        "uitgevochten (optie battles='dice'): schrijf 'dice'",
        "worth": "het leger van {loser} is {worth} AP waard, dus de vijand kan er geen "
                 "{points} punten van gescoord hebben",
    },
}
