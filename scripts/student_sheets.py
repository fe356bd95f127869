"""Print a one-page handout per game for a 15-year-old: the goal, a turn, the few rules that
matter most and one picture — no option names, no rule numbers, no rulings.

The rules sheets (``scripts/rules_sheets.py``) are the full reference for adults; these are what
a student keeps on the desk while playing. Written to ``docs/sheets/student-<game>.html`` (and
``-nl`` in Dutch for Sumeria); ``--pdf`` also prints each to PDF through headless Chromium, and
the tests check every sheet is current and prints on exactly one A4 page.

    python scripts/student_sheets.py           # write the HTML sheets
    python scripts/student_sheets.py --pdf     # and their PDFs
    python scripts/student_sheets.py --check   # exit 1 if a sheet is out of date
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

from scripts.rules_sheets import OUT, _sized, digest, picture, write_sheets

ROOT = Path(__file__).resolve().parent.parent

#: game, language → title, one line on the game, the goal, a turn (steps), the rules that
#: matter most, and a tip. Plain words only: the rules' names come from the notebooks.
SHEETS = {
    ("sumeria", "en"): {
        "title": "Sumeria", "players": "3 or 4 players · about 45 minutes",
        "goal": "Eight city-states stand in a row of importance. Each round the three most "
                "important ones hand out influence tiles to the players who have the most "
                "traders there. After six rounds, the player whose tiles score most wins.",
        "turn": ["Do exactly one thing: put a trader from your supply on an empty place, move "
                 "one of your traders, or take one back.",
                 "Putting a trader in a city-state moves that city-state one place up the row; "
                 "taking one away moves it one place down. A move into another city-state "
                 "moves that one up.",
                 "Everyone has three turns a round, one at a time, round the table."],
        "rules": ["A trader moves along a trade route, either way. It jumps over every place "
                  "that is taken and stops at the first empty one.",
                  "When it reaches a city that is taken, it may turn onto any other route "
                  "leaving that city.",
                  "Each place holds one trader. A trader never ends where it started.",
                  "At the end of a round the first city-state gives 3 tiles, the second 2, the "
                  "third 1. The player with the most traders there chooses first; the next "
                  "most gets what is left (nothing in the third).",
                  "A tie goes to the player in the city, then to the one with more traders in "
                  "the towns, then to the one who played first.",
                  "Tiles of one kind score 1, 3, 6, 10, 15, 21 … for 1, 2, 3, 4, 5, 6 … tiles: "
                  "collecting many of one kind pays."],
        "tip": "Look at the row before you move: a city-state about to be scored is worth a "
               "trader; a city-state at the end of the row is not (yet).",
        "picture": "Blue's trader in Kish town 1 (ringed) can reach the places circled in "
                   "dashes; the lines show its way.",
    },
    ("sumeria", "nl"): {
        "title": "Sumeria", "players": "3 of 4 spelers · ongeveer 45 minuten",
        "goal": "Acht stadstaten staan in een rij van aanzien. Elke ronde delen de drie "
                "belangrijkste invloedsmarkers uit aan de spelers met de meeste handelaren "
                "daar. Na zes rondes wint de speler wiens markers het meest opleveren.",
        "turn": ["Doe precies één ding: zet een handelaar uit je voorraad op een lege plaats, "
                 "verplaats een van je handelaren, of neem er een terug.",
                 "Een handelaar erbij zetten brengt die stadstaat één plaats hoger in de rij; "
                 "er een weghalen één plaats lager. Een verplaatsing naar een andere "
                 "stadstaat brengt die hoger.",
                 "Iedereen heeft drie beurten per ronde, om de beurt, de tafel rond."],
        "rules": ["Een handelaar gaat langs een handelsroute, in een van beide richtingen. Hij "
                  "springt over elke bezette plaats en stopt op de eerste lege.",
                  "Komt hij bij een bezette hoofdstad, dan mag hij elke andere route nemen die "
                  "daar vertrekt.",
                  "Op elke plaats staat één handelaar. Een handelaar eindigt nooit waar hij "
                  "begon.",
                  "Aan het eind van een ronde geeft de eerste stadstaat 3 markers, de tweede 2, "
                  "de derde 1. Wie daar de meeste handelaren heeft, kiest eerst; de volgende "
                  "krijgt de rest (bij de derde niets).",
                  "Bij gelijkstand wint wie in de hoofdstad staat, dan wie de meeste handelaren "
                  "in de dorpen heeft, dan wie deze ronde als eerste speelde.",
                  "Markers van één soort leveren 1, 3, 6, 10, 15, 21 … punten op voor 1, 2, 3, "
                  "4, 5, 6 … markers: veel van één soort loont."],
        "tip": "Kijk naar de rij voor je zet: een stadstaat die bijna gescoord wordt is een "
               "handelaar waard; een stadstaat achteraan (nog) niet.",
        "picture": "De handelaar van Blauw in Kish stad 1 (omcirkeld) kan de gestippelde "
                   "plaatsen bereiken; de lijnen tonen de weg.",
    },
    ("tigris", "en"): {
        "title": "Tigris & Euphrates", "players": "2 to 4 players · about 90 minutes",
        "goal": "Build kingdoms between the rivers with tiles of four colours — temples, "
                "farms, markets and settlements — and collect points of every colour. At the "
                "end your score is your weakest colour: spread your points.",
        "turn": ["Take two actions (the same one twice is fine): place a tile, place or move "
                 "one of your four leaders, swap tiles from your hand, or play a catastrophe.",
                 "Then draw back up to six tiles in your hand."],
        "rules": ["Leaders stand next to a temple (red). A group of joined tiles with a leader "
                  "in it is a kingdom.",
                  "A tile placed in a kingdom scores one point of its colour for the leader of "
                  "that colour there (or for the king, the black leader).",
                  "Blue farms go only on the river; nothing else does.",
                  "A revolt: your leader enters a kingdom with a leader of the same colour. "
                  "Each side counts its temples next to the leader, plus temples from the hand. "
                  "The defender wins ties.",
                  "A war: a tile joins two kingdoms with leaders of the same colour. Each side "
                  "counts its tiles of that colour, plus tiles from the hand. The loser's "
                  "leader and tiles of that colour leave the board.",
                  "A square of four tiles of one colour may become a monument, which gives "
                  "points every turn. Treasures count as any colour."],
        "tip": "Your weakest colour is your score: a leader of each colour on the board keeps "
               "all four coming in.",
        "picture": "A game in progress: kingdoms of tiles with their leaders.",
    },
    ("mesopotamia", "en"): {
        "title": "Mesopotamia", "players": "2 to 4 players · about 60 minutes",
        "goal": "Lead your people across a land that grows as you explore it. Build huts, "
                "holy places and a bigger family, gain mana, and be the first to bring all "
                "four of your sacrifices to the temple.",
        "turn": ["Move: you have 5 movement points to share among your natives; each field "
                 "costs 1. Natives carry one lumber or one stone, and may explore the edge of "
                 "the land.",
                 "Act: choose one kind of action — build huts, build holy places, give birth, "
                 "or draw a card.",
                 "Mana: each of your holy places with your native on it gives 1 mana."],
        "rules": ["A hut needs two of your natives and one lumber on a plain (two huts at most "
                  "on a plain). Your sacrifice markers wait under your huts.",
                  "A holy place needs two of your natives and one stone on an empty plain.",
                  "A birth: a hut with two of your natives gives you a new native.",
                  "A stone brought to the temple raises your highest mana by 1.",
                  "Take a marker up from your hut, carry it to the temple in a later turn and "
                  "pay its value (2, 4, 6 or 7) in mana.",
                  "More natives on a field than another player? You may take their lumber or "
                  "stone — never a sacrifice. Volcanoes can never be entered."],
        "tip": "Mana is the race: holy places give it every turn, stones raise how much you "
               "can keep.",
        "picture": "The land late in a game: huts, holy places and natives around the temple.",
    },
    ("priest_kings", "en"): {
        "title": "Priest-Kings of God", "players": "exactly 4 players (or 4 teams)",
        "goal": "You are the priest-king of Kish, Lagash, Uruk or Ur, about 3000 BC. Attack "
                "your neighbours, make them your vassals, and rule every city — or help your "
                "overlord to and share the win.",
        "turn": ["The order of the cities is drawn at the start of each turn.",
                 "In that order each city chooses one thing: attack a neighbour, make "
                 "sacrifices to its god, or reorganize its army.",
                 "Then the battles are fought, in the order they were declared."],
        "rules": ["You may attack a city joined by a road to yours or to one of your vassals'. "
                  "A city can be attacked by only one city a turn.",
                  "A battle ends when an army breaks — loses heart and runs. A defender whose "
                  "army breaks becomes the attacker's vassal.",
                  "Sacrifices let you throw one die again in your next battle.",
                  "Reorganizing turns four archers into one stronger group of close fighters, "
                  "for good.",
                  "A vassal can still attack: a city it wins goes to its overlord, and a "
                  "vassal that won cities for its overlord shares in the win.",
                  "The campaign ends when every city serves the same overlord."],
        "tip": "A broken army is not destroyed: every battle starts fresh, so one lost battle "
               "is not the end.",
        "picture": "The campaign map: the four cities, their roads and their armies.",
    },
    ("royal_ur", "en"): {
        "title": "The Royal Game of Ur", "players": "2 players · about 20 minutes",
        "goal": "A race played in Sumer 4,500 years ago. Each player runs seven pieces along "
                "a path of 14 squares and off the board. The first to bring all seven home "
                "wins.",
        "turn": ["Throw the four pyramid dice and count the white tips pointing up: 0 to 4.",
                 "Move one piece exactly that many squares along your path: bring a new piece "
                 "on, or move one already on the board.",
                 "A 0, or a throw no piece can use, ends your turn."],
        "rules": ["Your pieces start in your own row, run along the whole middle row and come "
                  "back into your own row before they leave the board.",
                  "You may not land on your own piece.",
                  "Land on the other player's piece in the middle row and it goes back to the "
                  "start.",
                  "Land on a rosette (a flower) and you throw again.",
                  "A piece on the rosette in the middle row is safe: nobody may land there.",
                  "A piece leaves the board only with the exact throw."],
        "tip": "The five throws are not equally likely: find out in the notebook which comes "
               "up most, then keep a piece that far before a rosette.",
        "picture": "The board with both paths: light's line solid, dark's dashed; the numbers "
                   "count each player's squares.",
    },
}

WORDS = {"en": {"goal": "The goal", "turn": "Your turn", "rules": "The rules that matter most",
                "tip": "A tip", "sheet": "Student's sheet",
                "more": "Everything else is in the notebook, which shows each rule on a board."},
         "nl": {"goal": "Het doel", "turn": "Jouw beurt", "rules": "De belangrijkste regels",
                "tip": "Een tip", "sheet": "Spelblad voor leerlingen",
                "more": "Al het andere staat in het notebook, dat elke regel op een bord laat "
                        "zien."}}

CSS = """
@page { size: A4; margin: 12mm 14mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 11pt/1.3 "DejaVu Sans", system-ui, sans-serif; color: #111; }
header { border-bottom: 2pt solid #0072B2; margin-bottom: 3mm; padding-bottom: 1mm; }
h1 { font-size: 22pt; margin: 0; }
header p { margin: 0; color: #444; }
h2 { font-size: 13pt; margin: 3mm 0 1mm; color: #0072B2; }
p, li { margin: 0 0 1.2mm; }
ol, ul { margin: 0; padding-left: 6mm; }
figure { margin: 2mm 0; text-align: center; }
figure svg { max-height: 66mm; width: auto; max-width: 100%; }
figcaption { color: #555; font-size: 9.5pt; }
.tip { border-left: 3pt solid #009E73; padding-left: 3mm; }
footer { margin-top: 2mm; color: #555; font-size: 9pt; }
"""


def sheet(game: str, lang: str) -> str:
    """The handout's HTML page."""
    text = SHEETS[game, lang]
    words = WORDS[lang]
    esc = html.escape
    turn = "".join(f"<li>{esc(step)}</li>" for step in text["turn"])
    rules = "".join(f"<li>{esc(rule)}</li>" for rule in text["rules"])
    page = f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{esc(text["title"])} — {words["sheet"]} ({{digest}})</title>
<style>{CSS}</style>
</head>
<body>
<header><h1>{esc(text["title"])}</h1><p>{esc(text["players"])}</p></header>
<h2>{words["goal"]}</h2>
<p>{esc(text["goal"])}</p>
<figure>{_sized(picture(game, lang))}<figcaption>{esc(text["picture"])}</figcaption></figure>
<h2>{words["turn"]}</h2>
<ol>{turn}</ol>
<h2>{words["rules"]}</h2>
<ul>{rules}</ul>
<h2>{words["tip"]}</h2>
<p class="tip">{esc(text["tip"])}</p>
<footer>{esc(words["more"])} · Sumer</footer>
</body>
</html>
"""
    return page.replace("{digest}", digest(page))


def path_of(game: str, lang: str) -> Path:
    return OUT / (f"student-{game}.html" if lang == "en" else f"student-{game}-{lang}.html")


def main(argv: list[str]) -> int:
    return write_sheets([(path_of(game, lang), sheet(game, lang)) for game, lang in SHEETS],
                        argv, "python scripts/student_sheets.py --pdf")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
