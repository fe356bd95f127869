"""Mesopotamia refusals in English and in Dutch: why a move is not allowed (`explain`), or why its
notation is not read (`moves`, `board.parse_coord`, `pieces.parse_token`), as `engine.core.Message`
ids and their sentences.

The Dutch uses the words of the events: inboorling, veld, tempelplaats, bewegingspunten, hout,
steen, offermarker (gedekt), hut, heilige plaats, geboorte, vulkaan, vlakte, trekstapel,
aflegstapel. The move notation (``go -1,0 . 1,-1``) and the native tokens (``M4``) are the same
in both languages; the placeholders of the notation are translated (``'play KAART ...'``).
This module holds only the words, so that the lowest modules (pieces, board) can use them.
"""

from __future__ import annotations

TEXT = {
    "en": {
        # Reading the notation.
        "usage": "write e.g. 'go -1,0 . 1,-1', 'discover -1,0 L -2,0', 'pick 1,-1 . L', "
                 "'drop 0,0 S', 'steal -1,0 2 L', 'lift -2,1 4', 'offer 4', 'end', "
                 "'hut -2,1 4', 'holy -2,1', 'birth -2,1', 'draw', 'done', 'volcano 2,-1', "
                 "'spread 1,-1 2,-2', 'choose plain' or 'play CARD ...'",
        "play_card": "'play' needs a card: one of {cards}",
        "play_words": "'play {card}' takes {count} argument(s), got {got} in {text}",
        "play_fields": "'play {card}' takes {count} argument(s), got {got}",
        "spread_empty": "'spread' needs at least one field",
        "spread_list": "'spread' names its fields in a list, e.g. ('1,-1', '2,-2'), not {value}",
        "victim": "the victim",
        "marker_value": "the marker value",
        "good": "a good is 'L' (lumber) or 'S' (stone), not {value}",
        "needs_target": "{card} needs a target, e.g. 'L', 'n2:L', 'c2:S' or 'h2+'",
        "unknown_target": "unknown target {value}: write 'L'/'S' (a good lying there), 'n2:L' "
                          "(player 2's native carrying lumber), 'c2:S' (the stone it carries) "
                          "or 'h2+'/'h2-' (player 2's hut with/without a marker)",
        "choose_tile": "choose 'plain', 'forest', 'quarry' or 'volcano', not {value}",
        "unknown_card": "unknown card {value}; cards: {cards}",
        "mana_theft": "'play mana_theft' names the player to rob, e.g. 'play mana_theft 2'",
        "priest_field": "'play priest' names a holy place, e.g. 'play priest -2,1'",
        "coord_form": "{what} must be written 'q,r' (e.g. '-1,0'), not {value}",
        "coord_far": "{what} {value} is too far from the temple place",
        "field": "field",
        "origin": "origin",
        "destination": "destination",
        "place": "place",
        "native_form": "a native is written '.', 'L', 'S', 'M4' or 'm4' (with '!' once it "
                       "stole this turn), not {value}",
        "unknown_native": "unknown native {value}: write '.', 'L', 'S', 'M4' or 'm4' (with '!' "
                          "once it stole this turn)",
        # The game.
        "over": "the game is over: {why}",
        "all_markers": "{player} placed all four sacrifice markers",
        "some_markers": "{player} placed the {count} sacrifice markers that win",
        "round_limit": "the round limit was reached",
        "no_card_now": "no card can be played now: {hint}",
        "not_that_way": "that card cannot be played that way now",
        "not_now": "'{kind}' is not possible now: {hint}",
        "not_possible": "that move is not possible now: {hint}",
        "hint_move": "it is phase I: move natives (go, discover, pick, drop, steal, lift, "
                     "offer) or 'end'",
        "hint_action": "it is phase II: choose one action (hut, holy, birth or draw), play a "
                       "held card, or say 'done' once the action is taken",
        "hint_volcano": "a volcano was drawn: place it at another edge place ('volcano q,r')",
        "hint_spread": "new goods wait to be spread ('spread q,r ...')",
        "hint_land": "the Land card shows fields: choose one ('choose plain')",
        # Moving natives.
        "not_a_field": "{field} is not a field of the map",
        "no_native": "{player} has no native carrying {native} on {field}",
        "no_field_yet": "{field} is not a field yet: a native reaches new land by discovering it",
        "into_volcano": "{field} is a volcano: volcanic fields can never be entered",
        "already_there": "the native is already there",
        "raw_through_temple": "no raw materials may be carried through the temple place: put "
                              "the {good} down before leaving it",
        "no_points": "{player} has no movement points left this turn",
        "no_other_way": "no raw materials may be carried through the temple place (and a native "
                        "bringing a marker it may place stops there): there is no other way",
        "volcanoes_block": "there is no way from {origin} to {destination} that avoids the "
                           "volcanoes",
        "too_far": "{field} is {steps} step(s) away, but only {points} movement point(s) are "
                   "left (entering a neighbouring field costs 1)",
        "already_field": "{field} is already a field: a discovery puts a new field at the edge",
        "not_next": "{field} is not next to {origin}: a native discovers the place beside it",
        "discoveries": "{player} has discovered {most} fields this turn, the most allowed "
                       "(volcanoes do not count)",
        "pile_empty": "no fields are left to discover",
        "no_points_discover": "{player} has no movement points left: moving onto new land "
                              "costs 1",
        "marker_carries": "a native with a sacrifice marker can carry neither a stone nor a "
                          "lumber",
        "carries_one": "the native already carries {good}: each native carries at most 1 good",
        "nothing_lying": "there is no {good} lying on {field}",
        "marker_down": "a sacrifice marker can only be put down on the temple place, by placing "
                       "it there ('offer')",
        "carries_nothing": "that native carries nothing to put down",
        "not_opponent_steal": "player {victim} is not an opponent to steal from",
        "fewer": "{player} has {mine} native(s) on {field} and {victim} has {theirs}: only the "
                 "side with more natives may steal",
        "no_free_thief": "{player} has no free native on {field} that has not stolen this turn: "
                         "each free native steals one good per turn",
        "nothing_to_steal": "no native of {victim} on {field} carries {good} (sacrifice "
                            "markers can never be stolen)",
        "no_hut_marker": "{player} has no hut on {field} with a covered marker of value {value}",
        "no_free_lifter": "{player} has no free native on {field}: a native carrying a good "
                          "cannot take it",
        "marker_fresh": "the marker was taken up this turn: picking up, carrying and placing "
                        "never happen in the same turn",
        "no_marker_at_temple": "{player} has no native on the temple place carrying a marker "
                               "of value {value}",
        "too_little_mana": "{player} has {mana} mana, too little to pay the marker's {value}",
        # Actions.
        "other_action": "{player} chose another action this turn ({action})",
        "hut_plain": "{field} is not a plain: huts are built on plains",
        "holy_there": "{field} holds a holy place: nothing else may be built there",
        "two_huts": "{field} already holds 2 huts, the most a plain may hold",
        "all_huts": "{player} has built all {count} huts",
        "hut_needs": "a hut needs 2 of {player}'s natives on {field} with 1 lumber, not used "
                     "for another hut this turn",
        "no_covered": "{player} has no covered marker of value {marker} left to put under the "
                      "hut{none_left}",
        "none_left": " (write 0: none is left)",
        "holy_plain": "{field} is not a plain: holy places are erected on plains",
        "holy_vacant": "{field} is not vacant: a holy place needs a plain with no hut or holy "
                       "place",
        "holy_others": "{field} is not empty: natives of other players stand on it",
        "all_holy": "{player} has erected all {count} holy places",
        "holy_needs": "a holy place needs 2 of {player}'s natives on {field} with 1 stone",
        "no_own_hut": "{player} has no hut on {field}: descendants are born at an own hut",
        "birth_marker": "it is not possible to give birth on a field where one of your "
                        "sacrifice markers is found",
        "all_natives": "all {count} of {player}'s natives are on the map",
        "birth_needs": "a birth needs 2 of {player}'s natives on {field} for each hut, not used "
                       "this turn, and each hut gives birth once",
        "drawn_once": "{player} has drawn a card this turn: action D is taken once a turn",
        "deck_empty": "the deck and the discard pile are empty (played cards leave the game)",
        "done_first": "choose an action first (hut, holy, birth or draw): 'done' ends the turn "
                      "once the action is taken, or when none is possible",
        # Discoveries.
        "volcano_field": "{field} is already a field",
        "volcano_elsewhere": "the volcano goes to another edge place, not where the native "
                             "discovers",
        "volcano_edge": "{field} is not at the edge of the map",
        "spread": "choose {count} different {kind} fields, one {good} each",
        "forest": "forest",
        "quarry": "quarry",
        "choose_land": "choose one of the fields the Land card shows",
        # Cards.
        "card_fresh": "{card} was drawn this turn: a card is played in one of the following "
                      "own turns",
        "no_card": "{player} holds no {card} card",
        "card_in_move": "{card} acts during movement (phase I)",
        "in_play": "{card} is already in play this turn",
        "fertility_late": "{card} acts on a birth, and no birth can come this turn any more "
                          "({player} chose the action '{action}')",
        "no_holy": "{field} holds no holy place",
        "not_opponent": "player {victim} is not an opponent",
        "no_mana": "{victim} has no mana to take",
        "teleport_temple": "{card} moves things to any other field except the temple place",
        "bad_destination": "{field} is no field a native or good may be put on",
        "expel_hut": "{card} moves an opponent's hut up to 3 fields, only to another plain "
                     "without 2 huts or a holy place",
        "expel_native": "{card} moves an opponent's native (never your own) up to 3 fields",
        "no_such": "there is no such {what} on {field} to teleport",
        "good_target": "good",
        "native_target": "native",
        "carried_target": "carried good",
        "hut_target": "hut",
    },
    "nl": {
        "usage": "schrijf bijvoorbeeld 'go -1,0 . 1,-1', 'discover -1,0 L -2,0', "
                 "'pick 1,-1 . L', 'drop 0,0 S', 'steal -1,0 2 L', 'lift -2,1 4', 'offer 4', "
                 "'end', 'hut -2,1 4', 'holy -2,1', 'birth -2,1', 'draw', 'done', "
                 "'volcano 2,-1', 'spread 1,-1 2,-2', 'choose plain' of 'play KAART ...'",
        "play_card": "na 'play' komt een kaart: een van {cards}",
        "play_words": "na 'play {card}' horen {count} woord(en), niet {got}, in {text}",
        "play_fields": "bij 'play {card}' horen {count} velden, niet {got}",
        "spread_empty": "na 'spread' komt minstens één veld",
        "spread_list": "'spread' noemt zijn velden in een lijst, bijvoorbeeld ('1,-1', "
                       "'2,-2'), niet {value}",
        "victim": "het slachtoffer",
        "marker_value": "de waarde van de offermarker",
        "good": "een goed is 'L' (hout) of 'S' (steen), niet {value}",
        "needs_target": "{card} heeft een doel nodig, bijvoorbeeld 'L', 'n2:L', 'c2:S' of 'h2+'",
        "unknown_target": "onbekend doel {value}: schrijf 'L'/'S' (een goed dat daar ligt), "
                          "'n2:L' (een inboorling van speler 2 die hout draagt), 'c2:S' (de "
                          "steen die hij draagt) of 'h2+'/'h2-' (een hut van speler 2 met/zonder "
                          "offermarker)",
        "choose_tile": "kies 'plain', 'forest', 'quarry' of 'volcano', niet {value}",
        "unknown_card": "onbekende kaart {value}; kaarten: {cards}",
        "mana_theft": "'play mana_theft' noemt de speler die beroofd wordt, bijvoorbeeld "
                      "'play mana_theft 2'",
        "priest_field": "'play priest' noemt een heilige plaats, bijvoorbeeld 'play priest -2,1'",
        "coord_form": "{what}: schrijf 'q,r' (bijvoorbeeld '-1,0'), niet {value}",
        "coord_far": "{what} {value} ligt te ver van de tempelplaats",
        "field": "veld",
        "origin": "vertrekveld",
        "destination": "bestemming",
        "place": "plaats",
        "native_form": "een inboorling schrijf je als '.', 'L', 'S', 'M4' of 'm4' (met '!' als "
                       "hij deze beurt stal), niet {value}",
        "unknown_native": "onbekende inboorling {value}: schrijf '.', 'L', 'S', 'M4' of 'm4' "
                          "(met '!' als hij deze beurt stal)",
        "over": "het spel is afgelopen: {why}",
        "all_markers": "{player} heeft alle vier offermarkers geofferd",
        "some_markers": "{player} heeft de {count} offermarkers geofferd die winnen",
        "round_limit": "de rondengrens is bereikt",
        "no_card_now": "er kan nu geen kaart gespeeld worden: {hint}",
        "not_that_way": "die kaart kan nu niet zo gespeeld worden",
        "not_now": "'{kind}' kan nu niet: {hint}",
        "not_possible": "die zet kan nu niet: {hint}",
        "hint_move": "het is fase I: verplaats inboorlingen (go, discover, pick, drop, steal, "
                     "lift, offer) of 'end'",
        "hint_action": "het is fase II: kies één actie (hut, holy, birth of draw), speel een "
                       "kaart uit de hand, of zeg 'done' als de actie gedaan is",
        "hint_volcano": "er is een vulkaan getrokken: leg hem aan een andere rand "
                        "('volcano q,r')",
        "hint_spread": "nieuwe goederen wachten om verspreid te worden ('spread q,r ...')",
        "hint_land": "de kaart Land toont velden: kies er een ('choose plain')",
        "not_a_field": "{field} is geen veld van de kaart",
        "no_native": "{player} heeft geen inboorling met {native} op {field}",
        "no_field_yet": "{field} is nog geen veld: een inboorling bereikt nieuw land door het "
                        "te ontdekken",
        "into_volcano": "{field} is een vulkaan: een vulkaanveld kan nooit betreden worden",
        "already_there": "de inboorling staat daar al",
        "raw_through_temple": "grondstoffen mogen niet door de tempelplaats gedragen worden: "
                              "leg eerst {good} neer voor de inboorling vertrekt",
        "no_points": "{player} heeft deze beurt geen bewegingspunten meer",
        "no_other_way": "grondstoffen mogen niet door de tempelplaats gedragen worden (en een "
                        "inboorling die een offermarker brengt die hij mag plaatsen, stopt "
                        "daar): er is geen andere weg",
        "volcanoes_block": "er is geen weg van {origin} naar {destination} die de vulkanen "
                           "vermijdt",
        "too_far": "{field} ligt {steps} stap(pen) ver, maar er zijn nog maar {points} "
                   "bewegingspunt(en) over (een buurveld betreden kost 1)",
        "already_field": "{field} is al een veld: een ontdekking legt een nieuw veld aan de "
                         "rand",
        "not_next": "{field} ligt niet naast {origin}: een inboorling ontdekt de plaats naast "
                    "zich",
        "discoveries": "{player} heeft deze beurt {most} velden ontdekt, het meeste dat mag "
                       "(vulkanen tellen niet mee)",
        "pile_empty": "er zijn geen velden meer om te ontdekken",
        "no_points_discover": "{player} heeft geen bewegingspunten meer: nieuw land betreden "
                              "kost 1",
        "marker_carries": "een inboorling met een offermarker draagt geen steen en geen hout",
        "carries_one": "de inboorling draagt al {good}: elke inboorling draagt hoogstens 1 goed",
        "nothing_lying": "er ligt geen {good} op {field}",
        "marker_down": "een offermarker gaat alleen op de tempelplaats neer, door hem daar te "
                       "offeren ('offer')",
        "carries_nothing": "die inboorling draagt niets om neer te leggen",
        "not_opponent_steal": "speler {victim} is geen tegenstander om van te stelen",
        "fewer": "{player} heeft {mine} inboorling(en) op {field} en {victim} heeft er "
                 "{theirs}: alleen wie er meer heeft, mag stelen",
        "no_free_thief": "{player} heeft op {field} geen vrije inboorling die deze beurt nog "
                         "niet gestolen heeft: elke vrije inboorling steelt één goed per beurt",
        "nothing_to_steal": "geen inboorling van {victim} op {field} draagt {good} "
                            "(offermarkers kunnen nooit gestolen worden)",
        "no_hut_marker": "{player} heeft op {field} geen hut met een gedekte offermarker van "
                         "waarde {value}",
        "no_free_lifter": "{player} heeft geen vrije inboorling op {field}: een inboorling die "
                          "een goed draagt, kan de offermarker niet nemen",
        "marker_fresh": "de offermarker is deze beurt opgepakt: oppakken, dragen en offeren "
                        "gebeuren nooit in dezelfde beurt",
        "no_marker_at_temple": "{player} heeft op de tempelplaats geen inboorling met een "
                               "offermarker van waarde {value}",
        "too_little_mana": "{player} heeft {mana} mana, te weinig om de {value} van de "
                           "offermarker te betalen",
        "other_action": "{player} koos deze beurt een andere actie ({action})",
        "hut_plain": "{field} is geen vlakte: hutten worden op vlaktes gebouwd",
        "holy_there": "op {field} staat een heilige plaats: daar mag niets anders gebouwd "
                      "worden",
        "two_huts": "op {field} staan al 2 hutten, het meeste dat een vlakte mag dragen",
        "all_huts": "{player} heeft alle {count} hutten gebouwd",
        "hut_needs": "een hut vraagt 2 inboorlingen van {player} op {field} met 1 hout, die "
                     "deze beurt niet al voor een andere hut gebruikt zijn",
        "no_covered": "{player} heeft geen gedekte offermarker van waarde {marker} meer om "
                      "onder de hut te leggen{none_left}",
        "none_left": " (schrijf 0: er is er geen meer)",
        "holy_plain": "{field} is geen vlakte: heilige plaatsen worden op vlaktes opgericht",
        "holy_vacant": "{field} is niet vrij: een heilige plaats vraagt een vlakte zonder hut "
                       "of heilige plaats",
        "holy_others": "{field} is niet leeg: er staan inboorlingen van andere spelers op",
        "all_holy": "{player} heeft alle {count} heilige plaatsen opgericht",
        "holy_needs": "een heilige plaats vraagt 2 inboorlingen van {player} op {field} met 1 "
                      "steen",
        "no_own_hut": "{player} heeft geen hut op {field}: nakomelingen worden bij een eigen "
                      "hut geboren",
        "birth_marker": "op een veld waar een van je eigen offermarkers ligt, kan geen geboorte "
                        "plaatsvinden",
        "all_natives": "alle {count} inboorlingen van {player} staan op de kaart",
        "birth_needs": "een geboorte vraagt per hut 2 inboorlingen van {player} op {field} die "
                       "deze beurt niet gebruikt zijn, en elke hut geeft één keer geboorte",
        "drawn_once": "{player} heeft deze beurt een kaart getrokken: actie D gebeurt één keer "
                      "per beurt",
        "deck_empty": "de trekstapel en de aflegstapel zijn leeg (gespeelde kaarten gaan uit "
                      "het spel)",
        "done_first": "kies eerst een actie (hut, holy, birth of draw): 'done' beëindigt de "
                      "beurt als de actie gedaan is, of als er geen mogelijk is",
        "volcano_field": "{field} is al een veld",
        "volcano_elsewhere": "de vulkaan komt aan een andere rand, niet waar de inboorling "
                             "ontdekt",
        "volcano_edge": "{field} ligt niet aan de rand van de kaart",
        "spread": "kies {count} verschillende velden met {kind}, op elk één {good}",
        "forest": "bos",
        "quarry": "steengroeve",
        "choose_land": "kies een van de velden die de kaart Land toont",
        "card_fresh": "{card} is deze beurt getrokken: een kaart wordt in een van de volgende "
                      "eigen beurten gespeeld",
        "no_card": "{player} heeft geen kaart {card}",
        "card_in_move": "{card} werkt tijdens het bewegen (fase I)",
        "in_play": "{card} is deze beurt al in het spel",
        "fertility_late": "{card} werkt bij een geboorte, en deze beurt kan er geen geboorte "
                          "meer komen ({player} koos de actie '{action}')",
        "no_holy": "op {field} staat geen heilige plaats",
        "not_opponent": "speler {victim} is geen tegenstander",
        "no_mana": "{victim} heeft geen mana om te nemen",
        "teleport_temple": "{card} verplaatst iets naar elk ander veld behalve de tempelplaats",
        "bad_destination": "op {field} mag geen inboorling of goed gezet worden",
        "expel_hut": "{card} verplaatst een hut van een tegenstander hoogstens 3 velden, alleen "
                     "naar een andere vlakte zonder 2 hutten of een heilige plaats",
        "expel_native": "{card} verplaatst een inboorling van een tegenstander (nooit een "
                        "eigen) hoogstens 3 velden",
        "no_such": "er is op {field} geen {what} om te teleporteren",
        "good_target": "goed",
        "native_target": "inboorling",
        "carried_target": "gedragen goed",
        "hut_target": "hut",
    },
}
