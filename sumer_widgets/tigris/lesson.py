"""The Tigris & Euphrates lesson (notebook 02-tigris-euphrates): positions, exercises, board tasks.

The teaching positions are written in the engine's character-grid form (`tigris.position`: one
token per square, ``K0`` Bull's king, ``r*`` a temple with its treasure, rows not written keep
the starting board). Every answer is computed by the engine from them; the notebook only names
exercises and tasks by id. The readers (`sumer_widgets.tigris.readers`) are imported here, so a
notebook that opens this lesson shows moves as sentences and hands, points and conflicts as
small pictures.

A task's learner makes every decision on its board — both sides of a conflict too — since no
task seats a bot.
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
from engine.tigris.state import COLOURS, GREEN, RED, TILE, State, player_name
from sumer_widgets.display import Sentence, attempt, attempts, show
from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.tasks import Task, Tasks, missed, not_yet, reached
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
from sumer_widgets.words import words

BULL, URN = 0, 1
#: The sentences that come with a question's reveal (``words.<lang>.toml``).
REVEALS = words(__file__)["REVEALS"]

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


# Reading a task's game ------------------------------------------------------------------------


def _plies(game: Game) -> list[tuple[int, Any, tuple[Any, ...]]]:
    """``(ply, move, events)`` for every move played."""
    return [(n, move, events) for n, (move, events) in enumerate(game.log)]


def _found(game: Game, kind: type) -> list[tuple[int, Any]]:
    return [(n, e) for n, _, events in _plies(game) for e in events if isinstance(e, kind)]


def _turn_over(game: Game, player: int) -> bool:
    """Whether `player`'s turn (the one the task began in) has ended."""
    state = game.state
    return state.is_over or state.active != player


def _last_told(game: Game) -> str:
    """What the last move did, in sentences (without the end of turn's draws)."""
    if not game.log:
        return ""
    return " ".join(e.describe() for e in game.log[-1][1]
                    if not isinstance(e, (ev.TilesDrawn, ev.TurnEnded)))


def _pending(game: Game, player: int, why: str) -> Any:
    """`why` as "not yet" while `player`'s turn goes on, else as "missed"."""
    if _turn_over(game, player):
        return missed(f"{why} Your turn is over: start again.")
    return not_yet(why)


def _in_kingdom_with(state: State, cell: int, player: int, colour: int) -> bool:
    """Whether the leader of `player` and `colour` stands in the kingdom holding `cell`."""
    leader = state.leader_cell(player, colour)
    return leader >= 0 and any(cell in k and leader in k for k in tigris.kingdoms(state))


# Board tasks ----------------------------------------------------------------------------------


def _green_point(game: Game) -> Any:
    for n, move, events in _plies(game):
        if not isinstance(move, tigris.PlaceTile):
            continue
        after = game.history[n + 1]
        cell = parse_cell(move.cell)
        for e in events:
            if (isinstance(e, ev.PointsScored) and e.player == BULL and e.colour == GREEN
                    and e.reason == "tile"):
                if _in_kingdom_with(after, cell, BULL, GREEN):
                    return reached("the market joined the trader's kingdom: the trader took "
                                   "the green point")
                return missed("Bull scored a green point, but through the king: that "
                              "kingdom has no trader, so the king stands in for it. Start "
                              "again and put the market where the trader is.")
    told = _last_told(game)
    move = game.moves[-1]
    if isinstance(move, tigris.PlaceTile) and move.colour == "g":
        why = (f"{told} That market is in no kingdom with a trader or a king, so nobody "
               "scored. Put a market where Bull's trader is.")
    elif isinstance(move, tigris.PlaceTile):
        why = f"{told} A tile scores a point of its own colour: a green point needs a market."
    else:
        why = f"{told} Points come from tiles: place a tile."
    return _pending(game, BULL, why)


def _conflict_result(game: Game, kind: str) -> tuple[int, Any, Any] | None:
    """The first conflict of `kind` decided in the game: ``(ply, started, won)``."""
    started = None
    for n, _, events in _plies(game):
        for e in events:
            if isinstance(e, ev.ConflictStarted) and e.conflict == kind and started is None:
                started = (n, e)
            elif isinstance(e, ev.ConflictWon) and e.conflict == kind and started is not None:
                return started[0], started[1], e
    return None


FARMS = ("e8", "f8", "g8")


def _join_the_farms(game: Game) -> Any:
    state = game.state
    farms = {parse_cell(c) for c in FARMS}
    king = state.leader_cell(BULL, 0)
    if king >= 0 and any(farms <= set(k) and king in k for k in tigris.kingdoms(state)):
        return reached("the farms now touch Bull's kingdom through the new tile: their region "
                       "joined the kingdom of Bull's king")
    why = (f"{_last_told(game)} The farms on e8, f8 and g8 are still a region: no tile of "
           "theirs touches Bull's kingdom. Look for the one empty square between them.")
    return _pending(game, BULL, why)


def _revolt_attacker(game: Game) -> Any:
    result = _conflict_result(game, "revolt")
    if result is not None:
        _, started, won = result
        if won.winner == URN:
            return reached(f"Urn's priest had {started.attacker_strength} temples beside it "
                           f"against {started.defender_strength}: Bull's priest went home")
        level = ("the defender wins ties" if started.attacker_strength
                 == started.defender_strength else "the defender was stronger")
        return missed(f"Urn's priest had {started.attacker_strength} temple(s) beside it, "
                      f"Bull's {started.defender_strength}: {level}. Start again and look for "
                      "a square with more temples around it.")
    if _found(game, ev.ConflictStarted):
        return not_yet("The revolt has begun: each side now commits its support.")
    return _pending(game, URN, f"{_last_told(game)} No revolt yet: a revolt needs Urn's priest "
                               "in the kingdom of Bull's priest.")


def _revolt_defender(game: Game) -> Any:
    start = game.history[0]
    _, _, _, _, a_str, d_str, a_commit = start.conflict
    needed = max(0, a_str + a_commit - d_str)
    # The start is inside the revolt (its beginning is not in this game's log).
    won_events = _found(game, ev.ConflictWon)
    if not won_events:
        return not_yet("Commit your support.")
    won = won_events[0][1]
    committed = next(e.count for _, e in _found(game, ev.SupportCommitted))
    if won.winner != BULL:
        return missed(f"Urn wins {won.winner_total} against {won.loser_total}. Urn attacks "
                      f"with {a_str + a_commit}: how many temples bring you level?")
    if committed > needed:
        return missed(f"Bull wins {won.winner_total} against {won.loser_total} — but spent "
                      f"{committed} temples, and every committed temple is discarded. Fewer "
                      "would have done: who wins a tie?")
    return reached(f"{won.winner_total} against {won.loser_total}: a tie, and the defender wins "
                   "ties — with the fewest temples spent")


def _war_attacker(game: Game) -> Any:
    result = _conflict_result(game, "war")
    if result is None:
        if _found(game, ev.ConflictStarted):
            return not_yet("The war has begun: the attacker commits first, then the defender.")
        return _pending(game, BULL, f"{_last_told(game)} No war yet: a war needs a tile that "
                                    "joins two kingdoms with leaders of the same colour.")
    n, started, won = result
    attacker, defender = started.attacker, started.defender
    letter = COLOURS[started.colour]
    held = game.history[n + 1].hands[defender].count(letter)
    attacker_total = won.winner_total if won.winner == attacker else won.loser_total
    best_defence = started.defender_strength + held
    if won.winner != attacker:
        return missed(f"{player_name(defender)} won {won.winner_total} against "
                      f"{won.loser_total}; the defender wins ties. Start again: how much must "
                      "the attacker reach — and which tile can join the kingdoms without "
                      "using a settlement you need?")
    if attacker_total <= best_defence:
        return missed(f"{player_name(attacker)} won, but only because "
                      f"{player_name(defender)} held back: with its {held} black tile(s) it "
                      f"could have reached {best_defence}. Start again and win whatever the "
                      "defender commits.")
    return reached(f"{player_name(attacker)} reached {attacker_total}; "
                   f"{player_name(defender)} could reach at most {best_defence}")


def _monument_pays(game: Game) -> Any:
    for _, _, events in _plies(game):
        for e in events:
            if (isinstance(e, ev.PointsScored) and e.reason == "monument" and e.player == BULL
                    and e.points > 0):
                return reached(f"the monument paid Bull {e.points} "
                               f"{tigris.COLOUR_NAMES['en'][e.colour]} point(s) at the end "
                               "of the turn")
    built = _found(game, ev.MonumentBuilt)
    if built:
        name = built[0][1].monument
        left = [e for _, e in _found(game, ev.LeaderWithdrawn) if e.reason == "temple"]
        gone = (" Building it turned over the only temple beside your trader, so the trader "
                "went home." if left else "")
        return missed(f"The {'–'.join(tigris.COLOUR_NAMES['en'][COLOURS.index(c)] for c in name)}"
                      f" monument pays only for your leaders of its two colours in its kingdom."
                      f"{gone} Start again.")
    if _found(game, ev.Declined):
        return missed("You declined: no monument, no points. Start again.")
    if game.state.phase == "monument":
        return not_yet("The square is complete: now choose a monument.")
    return _pending(game, BULL, f"{_last_told(game)} A monument needs a 2 × 2 square of one "
                                "colour.")


def _take_treasure(game: Game) -> Any:
    taken = [e for _, e in _found(game, ev.TreasureTaken) if e.player == BULL]
    if taken:
        return reached(f"Bull's trader took the treasure on {tigris.cell_name(taken[0].cell)}")
    if game.state.phase == "treasure":
        return not_yet("The trader's kingdom holds two treasures: choose which one stays.")
    return _pending(game, BULL, f"{_last_told(game)} The trader's kingdom still holds only one "
                                "treasure: a trader takes treasures only from two up.")


def _trader_home(game: Game) -> Any:
    for _, e in _found(game, ev.LeaderWithdrawn):
        if e.player == URN and e.colour == GREEN:
            return reached("no temple was left beside Urn's trader, so it went back to the hand")
    return _pending(game, BULL, f"{_last_told(game)} Urn's trader still has a temple beside "
                                "it.")


def _last_turn(game: Game) -> Any:
    state = game.state
    if state.is_over:
        scores = ", ".join(f"{player_name(p)} {s}" for p, s in enumerate(state.scores()))
        if state.winners() == frozenset({BULL}):
            return reached(f"the game ended with your turn and Bull won ({scores})")
        return missed(f"The game ended, but Bull did not win ({scores}; equal scores are "
                      "decided by the next-lowest colour). Start again: which colour holds "
                      "Bull back?")
    if _turn_over(game, BULL):
        return missed(f"The game goes on: {len(state.treasures)} treasures are still on the "
                      "board, and the game ends only at the end of a turn with two or fewer. "
                      "Start again.")
    return not_yet(f"{_last_told(game)} Your turn goes on: one more action.")


TASKS = Tasks([
    Task(
        id="join-the-farms",
        ruleset="tigris",
        goal="Place one tile so that the three farms on the river become part of Bull's "
             "kingdom.",
        start=first_kingdoms,
        check=_join_the_farms,
        rules=("T-KINGDOM-1", "T-TILE-1", "T-TILE-2"),
        hint="Which empty square touches both a farm and one of Bull's tiles along an edge? "
             "Is it land or river — and which tiles may go there?",
        solution=("tile k e7",),
        explanation="e7 is the empty land square between Bull's settlement on e6 and the farm on "
                    "e8. Any land tile there (a settlement, a temple or a market) joins the "
                    "farms' region to Bull's kingdom; a settlement also scores a black point "
                    "for Bull's king.",
        misses=(("tile b d8",), ("tile k h7",), ("tile r d6", "tile k a1")),
        options={"name": "task-join-the-farms"},
    ),
    Task(
        id="green-point",
        ruleset="tigris",
        goal="Place a tile that scores a green point for Bull's trader.",
        start=green_point,
        check=_green_point,
        rules=("T-TILE-3", "T-KINGDOM-1"),
        hint="Which kingdom holds Bull's trader (the green disc)? Which tile colour does a "
             "trader collect?",
        solution=("tile g i2",),
        explanation="A green market placed next to the kingdom of i3 (for example on i2) joins "
                    "that kingdom; its trader is Bull's, so Bull scores a green point. The "
                    "same market next to Bull's king on c5 also scores green — through the "
                    "king, who stands in when a kingdom has no trader.",
        misses=(("tile g f5",), ("tile g h8", "tile g h10"), ("tile r i4", "tile k a1")),
        options={"name": "task-green-point"},
    ),
    Task(
        id="revolt-attacker",
        ruleset="tigris",
        goal="Play Urn: put Urn's priest into Bull's kingdom and win the revolt. Nobody holds "
             "a temple to commit, so only the board counts.",
        start=revolt_attack,
        check=_revolt_attacker,
        rules=("T-REVOLT-1", "T-REVOLT-2", "T-REVOLT-4", "T-REVOLT-5"),
        hint="Count the temples beside Bull's priest. Then look for an empty square in the "
             "same kingdom with more temples around it — ties go to the defender.",
        solution=("leader r h5", "support 0", "support 0"),
        explanation="Bull's priest on f5 has two temples beside it (e5, g5). On h5, Urn's "
                    "priest has three (g5, i5, h6): 3 against 2, and with no temples in the "
                    "hands nothing changes. Bull's priest goes back to the hand and Urn scores "
                    "a red point. On h7 Urn would have only 2 — a tie, which the defender wins.",
        misses=(("leader r h7", "support 0", "support 0"), ("leader r e4",),
                ("leader r f6", "support 0", "support 0")),
        options={"name": "task-revolt-attacker"},
    ),
    Task(
        id="revolt-defender",
        ruleset="tigris",
        goal="Urn's king has come in on j5 and Urn committed two temples. Play Bull: win the "
             "revolt as the defender, spending as few temples as you can.",
        start=revolt_defence,
        check=_revolt_defender,
        rules=("T-REVOLT-2", "T-REVOLT-3", "T-REVOLT-4", "T-REVOLT-5"),
        hint="Add up Urn's side: temples beside its king plus what it committed. Then yours. "
             "What happens when the totals are equal?",
        solution=("support 1",),
        explanation="Urn attacks with 1 temple beside j5 plus 2 committed: 3. Bull's king on f5 "
                    "has 2 temples beside it (e5, f4). One more makes 3 — a tie, and the "
                    "defender wins ties. Committing two would also win, but both sides discard "
                    "what they commit.",
        misses=(("support 0",), ("support 2",)),
        options={"name": "task-revolt-defender"},
    ),
    Task(
        id="war-attacker",
        ruleset="tigris",
        goal="Start a war of kings that Bull, the attacker, wins — whatever Urn commits. You "
             "play both sides; every hand is shown.",
        start=war,
        check=_war_attacker,
        rules=("T-WAR-1", "T-WAR-3", "T-WAR-4", "T-WAR-5", "T-WAR-6", "T-WAR-7"),
        hint="Count each king's settlements in its own kingdom — the joining tile never "
             "counts. Urn can add every black tile it holds. Does the tile that joins the "
             "kingdoms have to be a settlement?",
        solution=("tile r h5", "support 3", "support 1"),
        explanation="Bull's king has 2 settlements on its side (g5, f6), Urn's has 3 (i5, j6, "
                    "k6), and Urn holds 1 more: Urn can reach 4, so Bull needs 5. Joining the "
                    "kingdoms with the red temple keeps all three settlements in Bull's hand: "
                    "2 + 3 = 5. Joining with a settlement leaves only 2 + 2 = 4 — a tie the "
                    "defender wins.",
        misses=(("tile k h5", "support 2", "support 1"), ("tile k h5", "support 2", "support 0"),
                ("tile g a1",)),
        options={"name": "task-war-attacker", "open_hands": True},
    ),
    Task(
        id="monument-pays",
        ruleset="tigris",
        goal="Complete the square of temples and build a monument that pays Bull a point at "
             "the end of this turn (it is Bull's last action).",
        start=monument_square,
        check=_monument_pays,
        rules=("T-MON-1", "T-MON-2", "T-MON-3", "T-LEADER-7"),
        hint="A monument pays for your leaders of its two colours in its kingdom. Which of "
             "your leaders will still stand there once the square's tiles are turned over?",
        solution=("tile r f6", "monument kr e5"),
        explanation="The temple on f6 completes the square e5–f6, which offers the red "
                    "monuments: black–red, red–blue, red–green. The square's tiles are turned "
                    "over and lose their colour, so the trader on d5, whose only temple was e5, "
                    "goes home. The king on g5 keeps the temple on g4: the black–red monument "
                    "pays Bull one black point at the end of the turn.",
        misses=(("tile r f6", "monument rg e5"), ("tile r f6", "decline"),
                ("tile r f6", "monument rb e5"), ("tile k h5",)),
        options={"name": "task-monument-pays"},
    ),
    Task(
        id="take-treasure",
        ruleset="tigris",
        goal="Take a treasure with Bull's trader.",
        start=treasure_gap,
        check=_take_treasure,
        rules=("T-TREAS-2", "T-KINGDOM-1"),
        hint="A trader takes treasures only when its kingdom holds at least two. Where is the "
             "nearest other treasure, and what stands between?",
        solution=("tile g j3", "keep k1"),
        explanation="The trader's kingdom (f3 to i3) holds one treasure; the region from k1 "
                    "to k3 holds another. A tile on j3 joins them: now the kingdom holds two, "
                    "and the trader takes all but one at once. Both are ordinary, so Bull "
                    "chooses which stays. (A market on j3 also scores a green point for the "
                    "trader.)",
        misses=(("tile k j2", "tile k a1"), ("tile k j2",)),
        options={"name": "task-take-treasure"},
    ),
    Task(
        id="trader-home",
        ruleset="tigris",
        goal="Send Urn's trader back to Urn's hand with a catastrophe.",
        start=trader_home,
        check=_trader_home,
        rules=("T-CAT-2", "T-CAT-3", "T-LEADER-7"),
        hint="A leader must always have a temple beside it. Which temples touch the trader?",
        solution=("catastrophe k6",),
        explanation="Urn's trader on l6 has one temple beside it, k6. A catastrophe there "
                    "destroys it, and a leader with no temple beside it returns to the hand at "
                    "once. A catastrophe on k5 or i5 leaves every leader a temple.",
        misses=(("catastrophe k5",), ("catastrophe k5", "catastrophe i5")),
        options={"name": "task-trader-home"},
    ),
    Task(
        id="last-turn",
        ruleset="tigris",
        goal="Three treasures are left. Win the game in this turn: the game ends at the end "
             "of a turn with two or fewer treasures on the board. Every hand and every score "
             "is shown.",
        start=last_turn,
        check=_last_turn,
        rules=("T-END-1", "T-TREAS-2", "T-TREAS-3", "T-SCORE-1", "T-SCORE-2", "T-TILE-3"),
        hint="Which of Bull's colours is lowest? Treasures are wild, but so is nothing else: "
             "what else could raise that colour?",
        solution=("leader g g3", "keep k1", "tile b c4"),
        explanation="Bull's trader placed by f3 makes a kingdom with the treasures of f3 and "
                    "k1, and takes one: two are left, so the game ends with this turn. Bull then "
                    "has 5 treasures for its weak blue (2), and a farm on c4 by the king adds "
                    "a blue point: blue 3 + 5 = 8, every colour 8. Urn's 4 green plus 3 "
                    "treasures make 7. A green or red point instead of the blue one leaves Bull "
                    "at 7, and Urn wins the tie on its next-lowest colour.",
        misses=(("leader g g3", "keep k1", "tile g h3"), ("tile b c4", "tile b b4"),
                ("leader g g3", "keep k1")),
        options={"name": "task-last-turn", "open_hands": True},
    ),
])


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


WAR_POINTS = {"bull-4": "Bull, 4 black points", "bull-5": "Bull, 5 black points",
              "urn-1": "Urn, 1 black point", "urn-3": "Urn, 3 black points",
              "urn-4": "Urn, 4 black points", "urn-5": "Urn, 5 black points"}


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


SEEN = {
    "hand": "which tiles Bull holds",
    "count": "how many tiles Bull holds",
    "points": "Bull's points, during the game",
    "final": "Bull's points, once the game is over",
    "treasures": "how many treasures Bull has taken",
    "swapped": "which tiles Bull swapped away with a discard",
    "bag": "the order of the tiles in the bag",
}


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
    return Sentence(REVEALS.get(lang, REVEALS["en"])[key])


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
#: How a count of two kingdoms would be told ("there are two kingdoms", the readers' list).
KINGDOM_COUNT_TELLS = (r"\b(?:are|is|makes?|leaves?|now) (?:2|two) kingdoms\b", r"Kingdom 2 —",
                       r"\b(?:2|two|Two) kingdoms (?:in|on) (?:the|this) (?:picture|board)")

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
        tells=KINGDOM_COUNT_TELLS,
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
        options=lambda: [("bull-r", "Bull, a red point"), ("bull-g", "Bull, a green point"),
                         ("urn-r", "Urn, a red point"), ("nobody", "Nobody")],
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
        options=lambda: [("bull", "Bull, the defender"), ("urn", "Urn, the attacker")],
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
        options=lambda: [(key, label) for key, label in WAR_POINTS.items()],
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
        options=lambda: [("b2", "the treasure on b2"), ("f3", "the treasure on f3"),
                         ("none", "both, or nothing")],
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
        tells=KINGDOM_COUNT_TELLS,
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
        options=lambda: [("bull", "Bull"), ("urn", "Urn"), ("both", "They share the win")],
        wrong=lambda: ["urn", "both"],
        rules=("T-SCORE-2",),
        reveal=_reveal_tie_break,
        tells=(r"Bull 6, Urn 5",),
    ),
    Exercise(
        id="what-urn-sees",
        answer=_what_urn_sees,
        kind="choices",
        options=lambda: list(SEEN.items()),
        wrong=lambda: [{"count", "treasures"}, {"count", "treasures", "final", "points"},
                       set(SEEN), {"count", "treasures", "final", "swapped"}, {"final"}],
        rules=("T-HIDDEN-1", "T-HIDDEN-2"),
        reveal=_reveal_urn_sees,
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
