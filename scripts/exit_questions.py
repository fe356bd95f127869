"""Print the exit questions of docs/teachers.md: one per lesson, a position and one question, for
a pair to answer on paper in the lesson's last two minutes.

Each game's sheet is a self-contained HTML page, ``docs/exit/<game>.html``: one box per lesson
(the position drawn by the project's own renderer, the question, room to write), to print and
cut; on a last page, the answers for the teacher, each with its reasoning. Every answer is
worked out here by the engine from the position drawn — none is typed in — so a sheet cannot
disagree with the game the notebooks teach.

    python scripts/exit_questions.py           # write the sheets
    python scripts/exit_questions.py --check   # exit 1 if a sheet is out of date

Mesopotamia's questions keep to rules its rewrite (issue 32) leaves alone — moving, building a
hut, stones at the temple, the round limit — and ask the engine, not the lesson module, for
every answer.
"""

from __future__ import annotations

import html
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import mesopotamia as meso  # noqa: E402 - after the path is set
from engine import priest_kings as pk  # noqa: E402
from engine import royal_ur as ur  # noqa: E402
from engine import sumeria, tigris  # noqa: E402
from engine.mesopotamia.scoring import ranking  # noqa: E402
from sumer_widgets.display import show  # noqa: E402
from sumer_widgets.royal_ur.picture import percent  # noqa: E402
from sumer_widgets.royal_ur.readers import move_text  # noqa: E402

OUT = ROOT / "docs" / "exit"
BLUE, ORANGE, GREEN = range(3)
BULL, URN = range(2)
RED, YELLOW = 1, 2
CITIES = ("kish", "lagash", "uruk", "ur")


@dataclass
class Exit:
    """One lesson's exit question: the position's picture, the question, its answer and why."""

    lesson: int
    picture: str
    question: str
    answer: str
    why: str


def _svg(position, **options) -> str:
    return str(show(position, **options))


def _names(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# Sumeria ---------------------------------------------------------------------------------------


def sumeria_reach() -> Exit:
    from sumer_widgets.sumeria.readers import marked

    state = sumeria.position(3, {"umma.town1": BLUE, "umma.city": ORANGE, "umma.town2": GREEN,
                                 "nippur.village2": GREEN},
                             row=["umma", "nippur", "kish", "lagash", "eridu", "ur", "larsa",
                                  "uruk"])
    board = state.board
    ends = sorted({m.destination for m in sumeria.legal_moves(state)
                   if isinstance(m, sumeria.MoveTrader) and m.origin == "umma.town1"})
    labels = [board.label(loc) for loc in ends]
    return Exit(1, str(marked(state, {}, selected="umma.town1", width=560)),
                "Blue's trader (ringed) stands in Umma town 1. Where can it go on this turn? "
                "Mark every place it can end its move.",
                f"{len(ends)} places: {_names(labels)}.",
                "A trader goes along a route to the next place; if that place is taken it "
                "jumps over it (and every taken place after it) to the first empty one; "
                "arriving at a taken city, it may carry on along any route leaving that city. "
                "It may set off either way along a route through its place.")


def sumeria_row() -> Exit:
    state = sumeria.position(3, {"nippur.village1": BLUE, "nippur.city": ORANGE,
                                 "umma.city": GREEN, "lagash.town1": ORANGE},
                             row=["lagash", "umma", "nippur", "kish", "eridu", "ur", "larsa",
                                  "uruk"])
    board = state.board
    # The first of Blue's moves (in the engine's order) that changes which three city-states
    # are scored: the question is about a move that matters.
    move, after = next((m, after) for m in sumeria.legal_moves(state)
                       if isinstance(m, sumeria.MoveTrader)
                       for after in [sumeria.apply(state, m)[0]]
                       if after.row[:3] != state.row[:3])
    names = [board.city_state(cs).name for cs in after.row[:3]]
    return Exit(2, _svg(state, width=560),
                f"Blue moves its trader from {board.label(move.origin)} to "
                f"{board.label(move.destination)}. Which three city-states are scored at the "
                "end of this round now, in order?",
                f"{_names(names)}.",
                "A move that ends in another city-state gives that city-state influence: its "
                "tile swaps with the one to its left. The city-state the trader left loses "
                "nothing (only removing a trader does that). Row before: "
                + ", ".join(board.city_state(cs).name for cs in state.row[:4]) + " …; after: "
                + ", ".join(board.city_state(cs).name for cs in after.row[:4]) + " ….")


def sumeria_score() -> Exit:
    blue = {"economy": 4, "military": 2, "political": 1}
    orange = {"economy": 3, "military": 2, "political": 2, "religion": 1}
    state = sumeria.position(3, {}, influence=[blue, orange, {}], round=4)
    points = [sumeria.score_influence(blue), sumeria.score_influence(orange)]
    winner = "Blue" if points[0] > points[1] else "Orange" if points[1] > points[0] else "nobody"
    sums = [" + ".join(str(sumeria.TRIANGLE[n]) for n in tiles.values()) for tiles in (blue,
                                                                                     orange)]
    return Exit(3, _svg(state, width=560),
                "Blue has 4 economy, 2 military and 1 political tile; Orange has 3 economy, 2 "
                "military, 2 political and 1 religion tile. If the game ended now, who would "
                "win, and with how many points each?",
                f"{winner}: Blue {points[0]} points, Orange {points[1]}.",
                "Each kind scores 1, 3, 6, 10, 15 … for 1, 2, 3, 4, 5 … tiles. Blue: "
                f"{sums[0]} = {points[0]}; Orange: {sums[1]} = {points[1]}. Orange has more "
                "tiles, but many of one kind pays more than a few of each.")


# Tigris & Euphrates ----------------------------------------------------------------------------


def tigris_point() -> Exit:
    from sumer_widgets.tigris.lesson import green_point

    state = green_point()
    # The board outlines every kingdom, so the question asks who scores in one instead.
    _, events = tigris.apply(state, tigris.parse_move("tile g f5"))
    scored = [e.describe("en") for e in events if type(e).__name__ == "PointsScored"]
    return Exit(1, _svg(state, width=560),
                "Bull puts a market (a green tile) on f5, beside the kingdom of its king. Who "
                "scores, and what?",
                " ".join(scored) or "Nobody scores.",
                "A tile scores one point of its colour for the leader of that colour in its "
                "kingdom. This kingdom has no trader (the green leader), so the king takes the "
                "point: Bull's king.")


def tigris_revolt() -> Exit:
    from sumer_widgets.tigris.lesson import revolt_attack

    state = revolt_attack()
    # The notebook asks about f6; the exit question takes another square where Urn's priest
    # starts a revolt, the first the engine lists.
    move, started = next(
        (m, e) for m in tigris.legal_moves(state)
        if isinstance(m, tigris.PositionLeader) and m.colour == "r" and m.cell != "f6"
        for e in tigris.apply(state, m)[1] if type(e).__name__ == "ConflictStarted")
    square = move.cell
    return Exit(2, _svg(state, width=560),
                f"Urn puts its priest on {square}, in Bull's kingdom, where Bull's priest "
                "stands on f5. Before anybody commits a tile, how strong is each side on the "
                "board?",
                f"Urn {started.attacker_strength}, Bull {started.defender_strength}.",
                "A revolt counts only the temples (red tiles) beside each leader, along a "
                "side; the rest of the kingdom does not count. Then each side may add red tiles "
                "from its hand, the attacker first.")


def tigris_score() -> Exit:
    points, treasures = (4, 2, 7, 3), 2
    final = tigris.final_vector(points, treasures)
    cells = "".join(f"<td>{colour} {n}</td>" for colour, n in zip(
        ("black", "red", "blue", "green"), points, strict=True))
    table = (f'<table class="score"><tr><th>Bull</th>{cells}<td>treasures {treasures}</td>'
             "</tr></table>")
    return Exit(4, table, "At the end of the game Bull has black 4, red 2, blue 7, green 3 points "
                "and 2 treasures. What is Bull's score?",
                f"{final[0]}.",
                "A treasure counts as one point of any colour, chosen at the end: put them on "
                "the weakest colours (red 2 → 3, then red or green 3 → 4). The score is the "
                f"weakest colour afterwards: {final[0]}.")


def tigris_catastrophe() -> Exit:
    state = tigris.position("""
        4  . . . . . r . . .
        5  . . . . r K0 k k k k G1
        6  . . . . . . . . . . r
        hand 0 kkrbgg
    """)
    after, _ = tigris.apply(state, tigris.parse_move("catastrophe j5"))
    before, left = len(tigris.kingdoms(state)), len(tigris.kingdoms(after))
    return Exit(3, _svg(state, width=560),
                f"There is {before} kingdom on the board. Bull plays a catastrophe on j5. How "
                "many kingdoms are there afterwards?",
                f"{left}.",
                "A catastrophe destroys the tile beneath it and cuts the kingdom there; each "
                "part that still holds a leader is a kingdom.")


# Priest-Kings of God -------------------------------------------------------------------------


def _first_to_choose(city: str, overlords: dict[str, str] | None = None, **options) -> pk.State:
    return pk.position(overlords, order=[city, *(c for c in CITIES if c != city)], **options)


def _after(state: pk.State, *moves: str) -> pk.State:
    for text in moves:
        state, _ = pk.apply(state, pk.parse_move(text))
    return state


def pk_targets() -> Exit:
    state = _first_to_choose("uruk", {"lagash": "ur"})
    targets = sorted(m.target for m in pk.legal_moves(state) if isinstance(m, pk.Attack))
    return Exit(1, _svg(state, width=480),
                "Lagash is Ur's vassal. It is Uruk's turn to choose. Which cities may Uruk "
                "attack?",
                f"{_names([t.title() for t in targets])}." if targets else "None.",
                "A city attacks along an avenue from itself (or from one of its vassals) to a "
                "city that is not its own vassal. Lagash being Ur's vassal does not protect it "
                "from a third city.")


def pk_broken() -> Exit:
    state = _first_to_choose("lagash", battles="recorded")
    after = _after(state, "attack ur", "sacrifice", "sacrifice", "sacrifice",
                   "record attacker 40 70")
    fate = after.overlord[CITIES.index("lagash")]
    ur_fate = after.overlord[CITIES.index("ur")]
    said = ("Lagash stays independent" if fate < 0
            else f"Lagash becomes {CITIES[fate].title()}'s vassal")
    said += "; Ur stays independent" if ur_fate < 0 else "; Ur becomes a vassal"
    return Exit(2, _svg(state, width=480),
                "Lagash attacks Ur. In the battle Lagash's army breaks; Lagash scores 40 "
                "points and Ur 70. What becomes of Lagash, and of Ur?",
                f"{said}.",
                "Only a defender whose army breaks becomes a vassal. Lagash was the invader: "
                "broken and beaten, it lost the battle but stays free. Ur defended and won.")


def pk_free() -> Exit:
    state = _first_to_choose("lagash", {"uruk": "kish"}, battles="recorded")
    after = _after(state, "attack kish", "sacrifice", "sacrifice", "sacrifice",
                   "record none 50 70")
    free = [c.title() for i, c in enumerate(CITIES) if i in after.independent]
    return Exit(3, _svg(state, width=480),
                "Kish rules Uruk. Lagash, independent, attacks Kish: no army breaks; Lagash "
                "scores 50 points and Kish 70. Which cities are independent afterwards?",
                f"{_names(free)}.",
                "Kish's vassals would go free only if Kish were beaten by an independent city. "
                "Lagash scored fewer points: Lagash is beaten, Kish is not, and nothing "
                "changes.")


def pk_winners() -> Exit:
    state = _first_to_choose("kish", {"uruk": "kish", "lagash": "kish"},
                             made={("lagash", "kish"): 1}, battles="recorded")
    after = _after(state, "attack ur", "sacrifice", "sacrifice", "sacrifice",
                   "record defender 70 40")
    winners = sorted(CITIES[w].title() for w in after.winners())
    return Exit(4, _svg(state, width=480),
                "Kish rules Uruk and Lagash; earlier, Lagash won Uruk for Kish. Now Kish "
                "attacks Ur and breaks Ur's army (70 points to 40). Who are the winners of "
                "the campaign?",
                f"{_names(winners)}." if winners else "Nobody yet.",
                "Ur, broken as a defender, becomes Kish's vassal: Kish rules every city and "
                "the campaign ends. The overlord wins, with every vassal that made a vassal "
                "for it: Lagash made Uruk one.")


# Mesopotamia ----------------------------------------------------------------------------------

#: Blue's, a neutral, Red's and Yellow's huts of the 3-player start.
START_HUTS = [("-1,0", BLUE, 0), ("-1,0", -1, 0), ("-1,1", RED, 0), ("-1,1", YELLOW, 0)]


def meso_reach() -> Exit:
    from sumer_widgets.mesopotamia.readers import marked

    state = meso.position(3, tiles={"-2,0": "plain", "-2,1": "forest", "-1,-1": "plain"},
                          natives=[("-1,1", BLUE, "."), ("-1,0", RED, ".")], huts=START_HUTS,
                          goods={})
    reach = {m.destination for m in meso.legal_moves(state)
             if isinstance(m, meso.Go) and m.origin == "-1,1"}
    return Exit(1, str(marked(state, {}, selected="-1,1|0|.")),
                "It is Blue's turn, with 5 movement points. Blue's native (ringed) carries "
                "nothing. How many fields can it reach this turn?",
                f"{len(reach)} fields.",
                "Entering a neighbouring field costs 1 point, and volcanoes can never be "
                "entered. A native carrying nothing may walk through the temple place, so the "
                "fields beyond it count too.")


def meso_hut() -> Exit:
    state = meso.position(3, tiles={"-2,0": "plain"},
                          natives=[("-2,0", BLUE, "L"), ("-2,0", BLUE, "."), ("-2,0", BLUE, "."),
                                   ("-1,0", RED, ".")],
                          huts=[("-2,0", RED, 0), ("-1,1", BLUE, 0)], goods={}, phase="action")
    built, after = 0, state
    while (huts := [m for m in meso.legal_moves(after)
                    if isinstance(m, meso.BuildHut) and m.field == "-2,0"]):
        after, _ = meso.apply(after, huts[0])
        built += 1
    return Exit(2, _svg(state, width=480),
                "Phase II. On the plain 2 fields north-west of the temple, Blue has three "
                "natives, one of them carrying lumber, and Red has a hut. How many huts can "
                "Blue build there?",
                f"{built}.",
                "A hut needs 2 of the player's natives and 1 lumber on a plain with room, and a "
                "plain holds at most 2 huts. Red's hut leaves room for one, and Blue has lumber "
                "for one.")


def meso_mana() -> Exit:
    state = meso.position(3, natives=[("0,0", BLUE, "S")] * 2 + [("-1,1", RED, ".")],
                          huts=START_HUTS, goods={}, mana=[4, 0, 0], max_mana=[4, 3, 3])
    after = state
    for _ in range(2):
        after, _ = meso.apply(after, meso.parse_move("drop 0,0 S"))
    return Exit(3, _svg(state, width=480),
                "Blue has mana 4 of a maximum 4. Two of Blue's natives on the temple place "
                "each put down a stone. What are Blue's mana and maximum afterwards?",
                f"Mana {after.mana[BLUE]} of a maximum {after.max_mana[BLUE]}.",
                "Each stone first raises the maximum by 1, then gives 1 mana — never above the "
                "maximum: 4 of 4, then 5 of 5, then 6 of 6.")


def meso_limit() -> Exit:
    placed, mana = [[4, 6], [2, 7], [6]], [3, 5, 8]
    winners = sorted(("Blue", "Red", "Yellow")[p] for p in ranking(placed, mana))
    rows = "".join(f"<tr><th>{who}</th><td>markers placed: {', '.join(map(str, markers))}</td>"
                   f"<td>mana {m}</td></tr>"
                   for who, markers, m in zip(("Blue", "Red", "Yellow"), placed, mana,
                                              strict=True))
    return Exit(4, f'<table class="score">{rows}</table>',
                "The game reaches its round limit. Who wins?",
                f"{_names(winners)}.",
                "At the round limit, most markers placed wins (Blue and Red, two each), then "
                "the higher sum of their values (Blue 4 + 6 = 10, Red 2 + 7 = 9), then the most "
                "mana. Yellow's 8 mana does not help: it placed only one marker. (The rule "
                "text ends the game only when a player has placed all four markers; the round "
                "limit is the project's addition, so that every game ends.)")


# The Royal Game of Ur -------------------------------------------------------------------------


def ur_capture() -> Exit:
    state = ur.position(light=[2, 6], dark=[9], throw=3, pieces=3)
    capturing = [m for m in ur.legal_moves(state)
                 if len(ur.apply(state, m)[0].squares[1]) < len(state.squares[1])]
    (move,) = capturing
    return Exit(1, _svg(state, width=480),
                "Light has thrown 3. Light's pieces stand on squares 2 and 6 of its path, "
                "and a piece of Dark's stands on square 9, in the middle row both players "
                "share. Which of Light's moves captures Dark's piece?",
                f"Moving the piece on square {move.square} (to square "
                f"{move.square + state.throw}).",
                "A piece moves exactly the number thrown: 6 + 3 = 9. Landing on an opponent's "
                "piece in the shared middle row sends it back off the board, to start again; "
                "only the middle rosette is safe, and square 9 is not a rosette.")


def ur_best() -> Exit:
    state = ur.position(light=[3, 7], dark=[6], throw=1, pieces=3)
    values = ur.move_values(state)
    best = max(values, key=values.get)
    chances = "; ".join(f"{move_text(m, state)}: {percent(v)}"
                        for m, v in sorted(values.items(), key=lambda mv: -mv[1]))
    return Exit(2, _svg(state, width=480),
                "Three pieces each. Light has thrown 1, with pieces on squares 3 and 7; Dark "
                "has a piece on square 6, just behind Light's piece on 7. Which move gives "
                "Light the best chance of winning?",
                f"Moving the piece on square {best.square}, to square "
                f"{best.square + state.throw}, the middle rosette. (Light's chance of winning, "
                f"from the solved game — {chances}.)",
                "On the middle rosette the piece is safe from Dark's piece right behind it, "
                "and landing on a rosette gives Light another throw. The chances are exact: "
                "the 3-piece game is solved, every position's chance of winning worked out.")


SHEETS: dict[str, tuple[str, list[Callable[[], Exit]]]] = {
    "sumeria": ("Sumeria", [sumeria_reach, sumeria_row, sumeria_score]),
    "tigris": ("Tigris & Euphrates", [tigris_point, tigris_revolt, tigris_catastrophe,
                                      tigris_score]),
    "mesopotamia": ("Mesopotamia", [meso_reach, meso_hut, meso_mana, meso_limit]),
    "priest_kings": ("Priest-Kings of God", [pk_targets, pk_broken, pk_free, pk_winners]),
    "royal_ur": ("The Royal Game of Ur", [ur_capture, ur_best]),
}

CSS = """
@page { size: A4; margin: 14mm; }
body { font: 11pt/1.35 sans-serif; color: #111; }
.exit { border: 1.5px dashed #555; padding: 6mm; margin-bottom: 6mm; break-inside: avoid; }
.exit svg { width: 100%; max-height: 95mm; }
.exit h2 { font-size: 12pt; margin: 0 0 2mm; }
.write { border-bottom: 1px solid #999; height: 9mm; }
.answers { break-before: page; }
.score td, .score th { border: 1px solid #555; padding: 2mm 4mm; }
"""


def sheet(game: str) -> str:
    title, makers = SHEETS[game]
    exits = [make() for make in makers]
    esc = html.escape
    boxes = []
    for e in exits:
        boxes.append(f'<section class="exit" id="lesson-{e.lesson}"><h2>{esc(title)}, lesson '
                     f"{e.lesson} — exit question</h2>{e.picture}<p><b>{esc(e.question)}</b>"
                     f'</p><p>Names:</p><div class="write"></div><div class="write"></div>'
                     "</section>")
    answers = "".join(f"<li><b>Lesson {e.lesson}.</b> {esc(e.question)}<br><b>Answer:</b> "
                      f"{esc(e.answer)} <i>{esc(e.why)}</i></li>" for e in exits)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}'
            f" — exit questions</title><style>{CSS}</style></head><body>\n"
            + "\n".join(boxes)
            + f'\n<section class="answers"><h1>{esc(title)}: answers, for the teacher</h1>'
            f"<p>Worked out by the game's engine from the positions drawn "
            f"(<code>scripts/exit_questions.py</code>).</p><ol>{answers}</ol></section>"
            "\n</body></html>\n")


def main(argv: list[str]) -> int:
    stale = []
    for game in SHEETS:
        path = OUT / f"{game}.html"
        text = sheet(game)
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
            continue
        OUT.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print("out of date: " + ", ".join(str(p.relative_to(ROOT)) for p in stale)
              + " — run python scripts/exit_questions.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
