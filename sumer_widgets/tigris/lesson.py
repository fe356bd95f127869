"""The Tigris & Euphrates lesson (notebook 02-tigris-euphrates): positions, exercises, board tasks.

The teaching positions are written in the engine's character-grid form (`tigris.position`: one
token per square, ``K0`` Bull's king, ``r*`` a temple with its treasure, rows not written keep
the starting board). Every answer is computed by the engine from them; the notebook only names
exercises and tasks by id. The readers (`sumer_widgets.tigris.readers`) are imported here, so a
notebook that opens this lesson shows moves as sentences and hands, points and conflicts as
small pictures.

The board tasks are data (``tasks.toml``): a position of `POSITIONS`, a goal kind of the game
(`sumer_widgets.tigris.goals`) and a par of actions. A task's learner makes every decision on
its board — both sides of a conflict too — since no task seats a bot. Every sentence the lesson
shows (questions, choices, the tasks' goals and verdicts, the reveals' captions) is in
``words.<lang>.toml`` beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import tigris
from engine.bots import bot_for_level
from engine.core import Game
from engine.tigris import events as ev
from engine.tigris.board import parse_cell
from engine.tigris.scoring import final_vector, final_winners
from engine.tigris.state import COLOURS, RED, TILE, State, player_name
from sumer_widgets.display import Sentence, attempt, attempts, show
from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.taskfile import lesson_tasks
from sumer_widgets.tigris.readers import (
    FinalScore,
    Hand,
    Influence,
    Kingdoms,
    Moves,
    Ranking,
    Strengths,
    Winners,
    hand,
    influence,
    legal,
    ranking,
    say_move,
    strengths,
)
from sumer_widgets.words import Section

BULL, URN = 0, 1
#: The sentences that come with a question's reveal (``[lesson.reveals]`` of the words files).
LESSON_WORDS = Section(__file__, "lesson")

# Positions ------------------------------------------------------------------------------------
# Each is a function, so every board and every answer starts from a fresh value.


def first_kingdoms() -> State:
    """Two kingdoms (Bull's king, Urn's priest), three farms on the river forming a region."""
    return tigris.position("""
        5  . r K0 k k k k . r R1 g
        6  . r . . k . . . . . g
        8  . r* . ~ b b b
        hand 0 kkrbgg
    """)


def three_kingdoms() -> State:
    """Three kingdoms meet around g5: Bull's king, Urn's priest, Urn's trader."""
    return tigris.position("""
        3  . . . . . r* G1
        4  . . . . . . r
        5  . . . . r K0 . r R1
        hand 0 kkrbgg
    """)


def green_point() -> State:
    """Bull's king rules one kingdom; Bull's trader shares another with Urn's king."""
    return tigris.position("""
        3  . . . ~ ~ r* . r G0 k K1 r
        5  . r K0 k k
        hand 0 ggrkbb
    """)


def revolt_attack() -> State:
    """Urn to move: Bull's priest on f5 rules a kingdom of temples; nobody holds a temple."""
    return tigris.position("""
        5  . . . . r R0 r . r . .
        6  . . . . . . r r r . .
        hand 0 kkbbgg
        hand 1 kkbbgg
        turn 1
    """)


def revolt_before() -> State:
    """Urn is about to put its king beside Bull's, on j5."""
    return tigris.position("""
        4  . . . . . r
        5  . . . . r K0 k k r
        hand 0 rrkbgg
        hand 1 rrrkbg
        turn 1
    """)


def revolt_defence() -> State:
    """The revolt of `revolt_before` after Urn's king came in on j5 and Urn committed two
    temples: Bull, defending, decides."""
    state = revolt_before()
    for text in ("leader k j5", "support 2"):
        state, _ = tigris.apply(state, tigris.parse_move(text))
    return state


def war() -> State:
    """Bull's king (two settlements) and Urn's king (three), one empty square apart."""
    return tigris.position("""
        5  . . . . r K0 k . k K1 r
        6  . . . . . k . . . k k
        hand 0 kkkrbg
        hand 1 kbbrrg
    """)


def two_wars() -> State:
    """Kings and priests on both sides: one tile sets off two wars."""
    return tigris.position("""
        5  . . . . r K0 k . k K1 r
        6  . . . . r R0 . . . R1 r
        hand 0 kkkrbg
        hand 1 kbbrrg
    """)


def priests_war() -> State:
    """Urn's settlement on i5 will join two priests' kingdoms; Bull's trader stands on l6."""
    return tigris.position("""
        4  . . . . . . r r
        5  . . . . . r R1 r . r R0 r r r*
        6  . . . . . . r . . . . G0
        hand 0 kkrbgg
        hand 1 kkrbgg
        turn 1
    """)


def monument_demo() -> State:
    """Three temples of a 2 × 2 square; Bull's king and priest beside it, each with a temple
    outside the square; one action left."""
    return tigris.position("""
        4  . . . . . . r
        5  . . . . r r K0
        6  . . . . r . R0 r
        hand 0 rrkbgg
        actions 1
    """)


def monument_square() -> State:
    """Three temples of a 2 × 2 square; Bull's king and trader beside them; one action left."""
    return tigris.position("""
        4  . . . . . . r
        5  . . . G0 r r K0
        6  . . . . r . .
        hand 0 rrkbgg
        actions 1
    """)


def treasure_gap() -> State:
    """Bull's trader beside the treasure of f3; the treasure of k1 lies in a region nearby."""
    return tigris.position("""
        1  . . . . ~ ~ ~ ~ ~ . r*
        2  . r* . . ~ . . . . . k
        3  . . . ~ ~ r* G0 k k . k
        hand 0 kkrbgg
    """)


def special_treasure() -> State:
    """A region joins the special treasure of b2 to the ordinary one of f3."""
    return tigris.position("""
        2  . r* k k b k
        3  . . . ~ ~ r*
        hand 0 kkrbgg
    """)


def three_treasures() -> State:
    """A region of settlements and farms joins three ordinary treasures: f3, k1 and n5."""
    return tigris.position("""
        2  . r* . . ~ k k k k k k k ~
        3  . . . ~ ~ r* . . . . . k ~ ~
        4  ~ ~ ~ ~ . . . . . . . k k b ~ ~
        hand 0 kkrbgg
    """)


def blue_square() -> State:
    """Three farms of a 2 × 2 square of river in the east (o4, p4, o5); p5 is free."""
    return tigris.position("""
        4  ~ ~ ~ ~ . . . . . . . . . ~ b b
        5  . . . . . . . . . . . . . r* b ~
        hand 0 kbbrgg
    """)


def catastrophe_split() -> State:
    """Bull's king and Urn's trader share one kingdom along row 5."""
    return tigris.position("""
        5  . . . . r K0 k k k G1
        6  . . . . . . . . . r
        hand 0 kkrbgg
    """)


def trader_home() -> State:
    """Urn's king and trader; the trader has one temple beside it."""
    return tigris.position("""
        5  . . . . . . . . r K1 r
        6  . . . . . . . . . k r G1
        hand 0 kkrbgg
    """)


def last_turn() -> State:
    """Three treasures left; Bull's trader in hand, Bull's king by the river; points set so that
    one plan wins."""
    return tigris.position("""
        1  . . . . ~ ~ ~ ~ ~ . r*
        2  . r . . ~ k k k k k k . ~ . . r
        3  . . . ~ ~ r* . . . . . . ~ ~ . .
        5  . r K0 . . . . . . . . . . r* ~ ~
        7  ~ ~ ~ ~ . . . . r . . . ~ ~ ~ .
        8  . r . ~ ~ ~ ~ . . . . . ~ . . .
        9  . . . . . . ~ ~ ~ ~ ~ ~ ~ . r .
        10 . . . . . r . . . . . . . . . .
        11 . . . . . . . . . . r . . . . .
        hand 0 kbbrgg
        influence 0 k8 r8 b2 g8
        influence 1 k9 r9 b9 g4
        treasures 0 4
        treasures 1 3
    """)


def english_revolt() -> State:
    """`revolt_before` with English war support, after Urn's king came in on j5."""
    state = tigris.position(TEXT_OF_REVOLT, war_support="english")
    state, _ = tigris.apply(state, tigris.parse_move("leader k j5"))
    return state


TEXT_OF_REVOLT = """
    4  . . . . . r
    5  . . . . r K0 k k r
    hand 0 rrkbgg
    hand 1 rrrkbg
    turn 1
"""


def building_line() -> State:
    """Buildings variant: Bull's king and two settlements in a row."""
    return tigris.position("""
        5  . . . . r K0 k k
        hand 0 kkkrbg
    """, buildings=True)


def wonder_cross() -> State:
    """Wonder variant: four settlements of a cross around f5, the fifth square free."""
    return tigris.position("""
        4  . . . . . k . r
        5  . . . . k k k K0
        hand 0 kkrbgg
        actions 1
    """, wonder=True)


POSITIONS: dict[str, Callable[[], State]] = {
    "first-kingdoms": first_kingdoms, "three-kingdoms": three_kingdoms,
    "green-point": green_point,
    "revolt-attack": revolt_attack, "revolt-before": revolt_before,
    "revolt-defence": revolt_defence, "war": war, "two-wars": two_wars,
    "priests-war": priests_war, "monument-demo": monument_demo, "monument": monument_square,
    "blue-square": blue_square,
    "treasure-gap": treasure_gap,
    "special-treasure": special_treasure, "three-treasures": three_treasures,
    "catastrophe-split": catastrophe_split, "trader-home": trader_home,
    "last-turn": last_turn, "english-revolt": english_revolt, "building-line": building_line,
    "wonder-cross": wonder_cross,
}


def game(name: str) -> tigris.Game:
    """A fresh game starting at the teaching position `name` (see `POSITIONS`)."""
    if name not in POSITIONS:
        raise tigris.InvalidInput(f"no position {name!r}; known: {', '.join(POSITIONS)}")
    return tigris.Game(POSITIONS[name]())


def setup(players: int = 3, seed: int = 1997, **options: Any) -> tigris.Game:
    """A new game as the rules set it up (everything random comes from `seed`)."""
    return tigris.new_game(players=players, seed=seed, **options)


def explore(position: str, **options: Any) -> Any:
    """A live board on the teaching position `position`, to click and try (no goal)."""
    from sumer_widgets.tigris.board import TigrisBoard

    options.setdefault("name", f"explore-{position}")
    return TigrisBoard(game(position), **options)


def against_bots(players: int = 2, level: str = "medium", seed: int = 2026, *,
                 say_why: bool = False, name: str = "play", **options: Any) -> Any:
    """A board with a new game: you play the Bull, bots of `level` play every other seat;
    with `say_why` the log says after each bot move why the rules allowed it."""
    from sumer_widgets.tigris.board import TigrisBoard

    bots = {seat: bot_for_level("tigris", level, seed=seed + seat)
            for seat in range(1, players)}
    board = TigrisBoard(tigris.new_game(players=players, seed=seed, **options), bots=bots,
                        name=name)
    board.why_bots = say_why
    return board


def bots_game(seed: int = 42, players: int = 2) -> tigris.Game:
    """A whole game played by random bots (quick, and the same for the same seed)."""
    from engine.bots import RandomBot

    finished = tigris.new_game(players=players, seed=seed)
    bots = [RandomBot(seed=seed + seat) for seat in range(players)]
    while not finished.is_over:
        player = finished.to_move
        finished.play(bots[player].choose(finished.state.view(player)))
    return finished


def kingdoms(position: Game | State, lang: str = "en", regions: bool = False) -> Kingdoms:
    """The kingdoms of a game's position (or a state), with their leaders, tiles, treasures."""
    state = position.state if isinstance(position, Game) else position
    return Kingdoms(state, lang, regions)


def final_score(points: tuple[int, int, int, int], treasures: int = 0,
                lang: str = "en") -> FinalScore:
    """Final scoring of one player's points (black, red, blue, green) and treasures."""
    return FinalScore(tuple(points), treasures, lang)  # type: ignore[arg-type]


def winners(position: Game | State, lang: str = "en") -> Winners:
    return Winners(position, lang)


# Board tasks ----------------------------------------------------------------------------------

#: The lesson's tasks (``tasks.toml``), each starting from one of `POSITIONS` and checked by
#: a goal kind of the game (`sumer_widgets.tigris.goals`).
TASKS = lesson_tasks(__file__, POSITIONS)


# Exercises ------------------------------------------------------------------------------------


def _after(state: State, *moves: str) -> tuple[State, list[Any]]:
    """The state after `moves`, and the events of the last one."""
    events: list[Any] = []
    for text in moves:
        state, events = tigris.apply(state, tigris.parse_move(text))
    return state, events


def _legal_cells(state: State, kind: type, colour: str) -> set[str]:
    return {m.cell for m in tigris.legal_moves(state)
            if isinstance(m, kind) and m.colour == colour}


def _bag_at_start() -> int:
    return len(tigris.new_state(4, seed=0).bag)


FARM_SQUARES = ("d4", "a4", "e8", "h5", "f6")
TRADER_SQUARES = ("b1", "c6", "f4", "e3", "h5", "h6")


def _scorer(events: list[Any]) -> str:
    for e in events:
        if isinstance(e, ev.PointsScored):
            return f"{player_name(e.player).lower()}-{COLOURS[e.colour]}"
    return "nobody"


def _red_beside_trader() -> str:
    return _scorer(_after(green_point(), "tile r i4")[1])


def _revolt_strength() -> int:
    _, events = _after(revolt_attack(), "leader r f6")
    return next(e.defender_strength for e in events if isinstance(e, ev.ConflictStarted))


def _revolt_no_support() -> str:
    _, events = _after(revolt_defence(), "support 0")
    return next(player_name(e.winner).lower() for e in events if isinstance(e, ev.ConflictWon))


def _war_strength() -> int:
    _, events = _after(war(), "tile k h5")
    return next(e.defender_strength for e in events if isinstance(e, ev.ConflictStarted))


#: Who wins the war of `war` and with how many black points (the words:
#: ``[question.war-points.choices]``).
WAR_POINTS = ("bull-4", "bull-5", "urn-1", "urn-3", "urn-4", "urn-5")


def _war_points() -> str:
    """Who wins the war of `war` (Bull commits 2, Urn 1) and how many black points."""
    _, events = _after(war(), "tile k h5", "support 2", "support 1")
    won = next(e for e in events if isinstance(e, ev.ConflictWon))
    points = sum(e.points for e in events if isinstance(e, ev.PointsScored) and e.reason == "war")
    return f"{player_name(won.winner).lower()}-{points}"


PRIEST_TEMPLES = ("j5", "l5", "m5", "n5")


def _priests_temples_stay() -> set[str]:
    state, _ = _after(priests_war(), "tile k i5", "support 0", "support 0")
    return {c for c in PRIEST_TEMPLES if state.cells[parse_cell(c)] == TILE + RED}


def _special_treasure() -> str:
    _, events = _after(special_treasure(), "leader g b3")
    taken = [tigris.cell_name(e.cell) for e in events if isinstance(e, ev.TreasureTaken)]
    return taken[0] if len(taken) == 1 else "none"


def _treasures_from_three() -> int:
    state, _ = _after(three_treasures(), "leader g g3")
    keep = tigris.legal_moves(state)[0]
    state, _ = tigris.apply(state, keep)
    return state.treasures_taken[BULL]


def _catastrophe_kingdoms() -> int:
    state, _ = _after(catastrophe_split(), "catastrophe h5")
    return len(tigris.kingdoms(state))


#: What Urn might see of Bull's side (the words: ``[question.what-urn-sees.choices]``).
SEEN = ("hand", "count", "points", "final", "treasures", "swapped", "bag")


def _what_urn_sees() -> set[str]:
    full, _ = _after(tigris.position("hand 0 kkrbgg"), "discard kk")
    view = full.view(URN)
    over = bots_game(seed=13).state
    shown = {
        "hand": view.hands[BULL] == full.hands[BULL],
        "count": len(view.hands[BULL]) == len(full.hands[BULL]),
        "points": view.influence[BULL] is not None,
        "final": over.view(URN).influence[BULL] == over.influence[BULL],
        "treasures": view.treasures_taken[BULL] == full.treasures_taken[BULL],
        "swapped": view.swapped[BULL] == full.swapped[BULL],
        "bag": view.bag == full.bag,
    }
    return {key for key, seen in shown.items() if seen}


def _english_support() -> set[int]:
    return {m.count for m in tigris.legal_moves(english_revolt())}


def _building_points() -> int:
    """The points of a red temple placed in the palace's kingdom (no library there)."""
    _, events = _after(building_line(), "tile k i5", "building h5", "tile r j5")
    return sum(e.points for e in events if isinstance(e, ev.PointsScored))


# What shows each answer (`Exercise.reveal`), made afresh when the learner has committed: a
# demonstration on its own game, never one a later cell goes on with.


def _said(key: str, lang: str) -> Sentence:
    return Sentence(LESSON_WORDS.say("reveals", key).describe(lang))


def _reveal_bag(lang: str) -> list[Any]:
    return [_said("bag", lang), show(setup(players=4), lang)]


def _reveal_explore(key: str, name: str) -> Callable[[str], list[Any]]:
    def reveal(lang: str) -> list[Any]:
        return [_said(key, lang), explore("first-kingdoms", name=name, lang=lang)]
    return reveal


def _reveal_kingdoms(lang: str) -> list[Any]:
    return [kingdoms(first_kingdoms(), lang), _said("outlines", lang)]


def _reveal_red_point(lang: str) -> list[Any]:
    played = game("green-point")
    return [attempt(played, "tile r i4", lang), _said("points_kept", lang),
            influence(played, URN, lang)]


def _reveal_revolt_strength(lang: str) -> list[Any]:
    return [_said("revolt_h7", lang), attempt(game("revolt-attack"), "leader r h7", lang)]


def _reveal_revolt_no_support(lang: str) -> Any:
    return attempt(tigris.Game(revolt_defence()), "support 0", lang)


def _reveal_war_strength(lang: str) -> Any:
    return attempt(game("war"), "tile k h5", lang)


def _reveal_war_points(lang: str) -> Any:
    return attempts(game("war"), ["tile k h5", "support 2", "support 1"], lang)


def _reveal_priests(lang: str) -> Any:
    return attempts(game("priests-war"), ["tile k i5", "support 0", "support 0"], lang)


def _reveal_blue_monuments(lang: str) -> list[Any]:
    square = game("blue-square")
    return [attempt(square, "tile b p5", lang), legal(square, lang)]


def _reveal_special(lang: str) -> Any:
    return attempt(game("special-treasure"), "leader g b3", lang)


def _reveal_three_treasures(lang: str) -> list[Any]:
    three = game("three-treasures")
    return [attempt(three, "leader g g3", lang, picture=False), legal(three, lang),
            attempt(three, "keep n5", lang)]


def _reveal_catastrophe(lang: str) -> list[Any]:
    ruin = game("catastrophe-split")
    return [attempt(ruin, "catastrophe h5", lang), kingdoms(ruin, lang)]


def _reveal_tie_break(lang: str) -> list[Any]:
    return [ranking(TIE_BREAK, lang=lang), _said("bots_game", lang),
            winners(bots_game(seed=13), lang)]


def _reveal_urn_sees(lang: str) -> list[Any]:
    return [_said("urn_sees", lang), show(setup(players=3), lang, viewer=URN)]


def _reveal_building(lang: str) -> list[Any]:
    line = game("building-line")
    return [attempts(line, ["tile k i5", "building h5"], lang, picture=False),
            attempt(line, "tile r j5", lang)]


TIE_BREAK = [(5, 6, 7, 8), (9, 5, 6, 5)]
EXERCISES = Exercises([
    Exercise(
        id="bag-at-start",
        answer=_bag_at_start,
        wrong=lambda: [153, 143, 129, 125, 131],
        rules=("T-COMP-1", "T-SETUP-2", "T-SETUP-3"),
        reveal=_reveal_bag,
    ),
    Exercise(
        id="farm-squares",
        answer=lambda: _legal_cells(first_kingdoms(), tigris.PlaceTile, "b") & set(FARM_SQUARES),
        kind="choices",
        options=lambda: [(c, c) for c in FARM_SQUARES],
        wrong=lambda: [{"d4"}, {"d4", "a4", "e8"}, {"h5", "f6"}, set(FARM_SQUARES)],
        rules=("T-TILE-1", "T-TILE-2"),
        predict=True,
        reveal=_reveal_explore("farm_board", "explore-farm"),
        tells=(r"\bd4 and a4\b", r"\ba4 and d4\b"),
    ),
    Exercise(
        id="count-kingdoms",
        answer=lambda: len(tigris.kingdoms(first_kingdoms())),
        wrong=lambda: [1, 3, 13],
        rules=("T-KINGDOM-1",),
        predict=True,
        reveal=_reveal_kingdoms,
        # How a count of two kingdoms would be told ("there are two kingdoms", the list).
        tells=(r"\b(?:are|is|makes?|leaves?|now) (?:2|two) kingdoms\b", r"Kingdom 2 —",
               r"\b(?:2|two|Two) kingdoms (?:in|on) (?:the|this) (?:picture|board)"),
    ),
    Exercise(
        id="trader-squares",
        answer=lambda: (_legal_cells(first_kingdoms(), tigris.PositionLeader, "g")
                        & set(TRADER_SQUARES)),
        kind="choices",
        options=lambda: [(c, c) for c in TRADER_SQUARES],
        wrong=lambda: [{"b1", "c6"}, {"b1", "c6", "f4", "h5"}, {"b1", "c6", "f4", "e3"},
                       set(TRADER_SQUARES), {"b1", "c6", "f4", "h6"}],
        rules=("T-LEADER-2", "T-LEADER-3", "T-LEADER-4", "T-LEADER-5"),
        predict=True,
        reveal=_reveal_explore("trader_board", "explore-trader"),
        tells=(r"\bb1, c6 and f4\b",),
    ),
    Exercise(
        id="red-beside-trader",
        answer=_red_beside_trader,
        kind="choice",
        options=lambda: ["bull-r", "bull-g", "urn-r", "nobody"],
        wrong=lambda: ["bull-r", "bull-g", "nobody"],
        rules=("T-TILE-3",),
        predict=True,
        reveal=_reveal_red_point,
        tells=(r"Urn scores 1 red point", r"Urn: black 0, red 1"),
    ),
    Exercise(
        id="revolt-strength",
        answer=_revolt_strength,
        wrong=lambda: [7, 6, 3, 1],
        rules=("T-REVOLT-2",),
        reveal=_reveal_revolt_strength,
        tells=(r"priests: Urn attacks \(\d\), Bull defends \(2\)", r"e5 and g5",
               r"priest (?:on f5 )?has (?:2|two)"),
    ),
    Exercise(
        id="revolt-no-support",
        answer=_revolt_no_support,
        kind="choice",
        options=lambda: ["bull", "urn"],
        wrong=lambda: ["bull"],
        rules=("T-REVOLT-4",),
        reveal=_reveal_revolt_no_support,
        tells=(r"Urn wins the revolt", r"Urn wins \(3"),
    ),
    Exercise(
        id="war-strength",
        answer=_war_strength,
        wrong=lambda: [2, 4, 1, 5],
        rules=("T-WAR-4",),
        predict=True,
        reveal=_reveal_war_strength,
        tells=(r"Urn defends \(3\)", r"Urn defends with 3", r"\b3 \+ 1\b",
               r"Urn's king has (?:3|three)"),
    ),
    Exercise(
        id="war-points",
        answer=_war_points,
        kind="choice",
        options=lambda: list(WAR_POINTS),
        wrong=lambda: ["bull-5", "bull-4", "urn-4", "urn-1", "urn-5"],
        rules=("T-WAR-5", "T-WAR-6", "T-WAR-7"),
        predict=True,
        reveal=_reveal_war_points,
        tells=(r"Urn wins the war", r"Urn scores 3 black points"),
    ),
    Exercise(
        id="priests-temples-stay",
        answer=_priests_temples_stay,
        kind="choices",
        options=lambda: [(c, c) for c in PRIEST_TEMPLES],
        wrong=lambda: [set(), {"n5"}, {"l5"}, set(PRIEST_TEMPLES), {"j5", "m5"}],
        rules=("T-WAR-8",),
        predict=True,
        reveal=_reveal_priests,
        tells=(r"leave the board: j5, m5", r"\bl5 and n5\b"),
    ),
    Exercise(
        id="monuments-with-blue",
        answer=lambda: sum("b" in m for m in tigris.MONUMENTS),
        wrong=lambda: [1, 4, 6, 2],
        rules=("T-COMP-3", "T-MON-1"),
        reveal=_reveal_blue_monuments,
        tells=(r"\b(?:3|three|Three) (?:different )?monuments\b", r"black–blue, red–blue"),
    ),
    Exercise(
        id="special-treasure",
        answer=_special_treasure,
        kind="choice",
        options=lambda: ["b2", "f3", "none"],
        wrong=lambda: ["f3", "none"],
        rules=("T-TREAS-2", "T-BOARD-2"),
        reveal=_reveal_special,
        tells=(r"takes the treasure on b2",),
    ),
    Exercise(
        id="treasures-from-three",
        answer=_treasures_from_three,
        wrong=lambda: [1, 3, 0],
        rules=("T-TREAS-2",),
        predict=True,
        reveal=_reveal_three_treasures,
        tells=(r"\btakes (?:2|two) treasures\b",
               r"takes the treasure on \w+\. Bull takes the treasure"),
    ),
    Exercise(
        id="catastrophe-kingdoms",
        answer=_catastrophe_kingdoms,
        wrong=lambda: [1, 0, 3],
        rules=("T-CAT-3", "T-LEADER-7"),
        predict=True,
        reveal=_reveal_catastrophe,
        # How a count of two kingdoms would be told ("there are two kingdoms", the list).
        tells=(r"\b(?:are|is|makes?|leaves?|now) (?:2|two) kingdoms\b", r"Kingdom 2 —",
               r"\b(?:2|two|Two) kingdoms (?:in|on) (?:the|this) (?:picture|board)"),
    ),
    Exercise(
        id="final-score",
        answer=lambda: final_vector((3, 5, 2, 6), 3)[0],
        wrong=lambda: [2, 5, 16, 19, 3],
        rules=("T-SCORE-1", "T-TREAS-3"),
        reveal=lambda lang: final_score((3, 5, 2, 6), 3, lang),
        tells=(r"the score is 4\b",),
    ),
    Exercise(
        id="tie-break",
        answer=lambda: _winner_name(final_winners(TIE_BREAK, [0, 0])),
        kind="choice",
        options=lambda: ["bull", "urn", "both"],
        wrong=lambda: ["urn", "both"],
        rules=("T-SCORE-2",),
        reveal=_reveal_tie_break,
        tells=(r"Bull 6, Urn 5",),
    ),
    Exercise(
        id="what-urn-sees",
        answer=_what_urn_sees,
        kind="choices",
        options=lambda: list(SEEN),
        wrong=lambda: [{"count", "treasures"}, {"count", "treasures", "final", "points"},
                       set(SEEN), {"count", "treasures", "final", "swapped"}, {"final"}],
        rules=("T-HIDDEN-1", "T-HIDDEN-2"),
        predict=True,
        reveal=_reveal_urn_sees,
        facts=((r"how many tiles", r"\bsees?\b|seen|shown|open|public|know"),
               (r"points", r"(?:once|when|after) the game is over|at the end",
                r"shown|public|\bsees?\b|open|revealed"),
               (r"treasures", r"everyone'?s|open|\bsees?\b|shown|public")),
    ),
    Exercise(
        id="english-support",
        answer=_english_support,
        kind="choices",
        options=lambda: [(k, str(k)) for k in range(4)],
        wrong=lambda: [{0, 1, 2, 3}, {2, 3}, {2}, {1, 2, 3}],
        rules=("T-VAR-ENGLISH-1",),
        predict=True,
        reveal=lambda lang: legal(game("english-revolt"), lang),
        tells=(r"Commit no support\. Commit 2 tiles", r"\b0, 2 or 3\b"),
    ),
    Exercise(
        id="building-points",
        answer=_building_points,
        wrong=lambda: [2, 0, 4],
        rules=("T-VAR-BUILD-5", "T-TILE-3"),
        predict=True,
        reveal=_reveal_building,
        tells=(r"Bull scores 1 red point", r"\b1 red point\b"),
    ),
], words=__file__)


def _winner_name(found: frozenset[int]) -> str:
    if len(found) > 1:
        return "both"
    return player_name(next(iter(found))).lower()


__all__ = [
    "EXERCISES", "POSITIONS", "TASKS", "FinalScore", "Hand", "Influence", "Kingdoms", "Moves",
    "Ranking", "Strengths", "Winners", "against_bots", "bots_game", "explore", "final_score",
    "game", "hand", "influence", "kingdoms", "legal", "ranking", "say_move", "setup",
    "strengths", "winners",
]
