"""The Mesopotamia lesson (notebook 03-mesopotamia): positions, exercises, board tasks.

Every answer is computed by the engine from the positions below; the notebook only names the
exercises and tasks by id (``lesson.ask("reach-free")``, ``lesson.task("carry-to-the-temple")``)
and the positions by name (``start("walkers")``). Each position is built with the engine's
``mesopotamia.position`` (name only what matters; the rest is the 3-player start).

Every board task starts in Blue's turn with no card in hand, or plays its card first: a held
card that could still be played keeps the turn open after the last action (M-CARD-PLAY-2), and
the tasks are about other rules.

Parts of the notebook and what they practise:

1. the land, the pieces and the start — `fields-in-pile`, `first-round-points`,
   `temple-neighbours`;
2. moving, carrying and stealing — `reach-free`, `reach-lumber`, `steal-count`,
   `steal-equal`, `steal-marker`, task `steal-a-stone`;
3. discovering new land — `lumber-on-new-forest`, `discoveries-left`, task
   `discover-a-forest`;
4. building: huts, holy places and births — `hut-sites`, `one-action`, `natives-after-birth`,
   tasks `build-a-hut`, `erect-a-holy-place`, `two-descendants`;
5. mana: the temple and the holy places — `mana-after-stones`, `mana-one-pilgrim`,
   `stones-needed`, task `three-mana`;
6. sacrifices and the end — `mana-all-markers`, `same-turn`, `pushed-back-to`,
   `what-red-sees`, `round-limit-winner`, task `carry-to-the-temple`;
7. the cards and the variants — `expulsion-reach`, `priest-twice`, `held-card`,
   `deck-both-variants`, `two-player-deck`;
8. for programmers — `graph-edges`;
9. a whole game against the bots (`against_bots(say_why=True)`).

What shows an exercise's answer — its demonstration, picture or refusal — is its `reveal`,
made only once the learner has answered (commit before reveal); `tells` name what would give
the answer away where the answer key's own words would not find it.

The words are in ``words.<lang>.toml`` beside it: the questions (``[question.<id>]``, the
choices' labels in ``[question.<id>.choices]``), the board tasks' (``[task.<id>]``; the tasks
themselves are ``tasks.toml``, each a position of `POSITIONS` and a goal kind of
`sumer_widgets.mesopotamia.goals`) and what the reveals say (``[lesson.<name>]``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import mesopotamia as meso
from engine.core import Game, InvalidInput
from engine.mesopotamia import position
from engine.mesopotamia.rules import movement_points
from engine.mesopotamia.scoring import phase_three_mana, ranking
from engine.mesopotamia.state import (
    MARKER_VALUES,
    MAX_DISCOVERIES,
    START_MAX_MANA,
    full_deck,
)
from sumer_widgets.display import picture_options
from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.mesopotamia import readers
from sumer_widgets.taskfile import lesson_tasks
from sumer_widgets.words import Section

BLUE, RED, YELLOW = 0, 1, 2
#: How wide the lesson's pictures of the map are, in pixels (the boards size themselves).
PICTURE_WIDTH = 640
#: The start's huts of a 3-player game, kept where a position names its own huts.
START_HUTS = [("-1,0", BLUE, 0), ("-1,0", -1, 0), ("-1,1", RED, 0), ("-1,1", YELLOW, 0)]


def name(field: str, state: meso.State | None = None) -> str:
    """A field in words (for the texts below)."""
    return readers.field_name(field, state)


# Positions -----------------------------------------------------------------------------------


def setup_example(players: int = 3) -> meso.State:
    """A new game just set up: the seven fields of the start, huts and natives."""
    return meso.new_state(players, seed=2005)


#: The map of parts 2 and 5: the start and five fields more.
WIDER = {"-2,0": "plain", "-2,1": "forest", "-1,-1": "plain", "1,1": "quarry", "2,-1": "plain"}


def walkers() -> meso.State:
    """Round 2, Blue to move with 5 points: a free native and one carrying lumber stand on the
    plain north-west of the temple; lumber lies on the forests, stones on the quarries."""
    return position(3, tiles=WIDER,
                    natives=[("-1,0", BLUE, "."), ("-1,0", BLUE, "L"), ("-1,1", RED, "."),
                             ("-1,1", YELLOW, ".")],
                    goods={"1,-1": (3, 0), "1,0": (0, 3), "1,1": (0, 1)}, huts=START_HUTS)


def raid() -> meso.State:
    """Blue's three natives beside Red's two, who carry lumber and a stone; on the other plain
    Blue's two beside Yellow's one, who carries a sacrifice marker."""
    return position(3, natives=[("-1,0", BLUE, "."), ("-1,0", BLUE, "."), ("-1,0", BLUE, "."),
                                ("-1,0", RED, "L"), ("-1,0", RED, "S"), ("-1,1", BLUE, "."),
                                ("-1,1", BLUE, "."), ("-1,1", YELLOW, "M4")],
                    huts=START_HUTS, goods={})


def even_raid() -> meso.State:
    """`raid` with a third native of Red's, carrying nothing, on the plain north-west."""
    return position(3, natives=[("-1,0", BLUE, "."), ("-1,0", BLUE, "."), ("-1,0", BLUE, "."),
                                ("-1,0", RED, "L"), ("-1,0", RED, "S"), ("-1,0", RED, ".")],
                    huts=START_HUTS, goods={})


def explore() -> meso.State:
    """Blue's native on the plain north-west of the temple, beside empty places; forests
    2 fields west and south-south-east. The pile is seeded: a volcano comes first, then a
    forest, a plain and a quarry."""
    return position(3, seed=10804, tiles={"-2,1": "forest", "1,1": "forest"},
                    natives=[("-1,0", BLUE, "."), ("-1,1", RED, "."), ("-1,1", YELLOW, ".")],
                    goods={"1,-1": (1, 0), "1,0": (0, 1)}, huts=START_HUTS)


def lone_forest() -> meso.State:
    """The 3-player start with its single forest; the pile begins with a volcano and a forest."""
    return position(3, seed=139, natives=[("-1,0", BLUE, "."), ("-1,1", RED, "."),
                                          ("-1,1", YELLOW, ".")],
                    goods={}, huts=START_HUTS)


def village() -> meso.State:
    """Phase II: on the plain north-west, four of Blue's natives with two lumber (and room for
    two huts); on the plain south-west, two of Blue's natives, one with lumber, beside Blue's
    and Red's huts (no room for a third); 2 fields north-north-west, two natives of Blue's with
    one lumber on Red's holy place."""
    return position(3, tiles={"-1,-1": "plain", "-2,0": "plain"},
                    natives=[("-1,0", BLUE, "L"), ("-1,0", BLUE, "L"), ("-1,0", BLUE, "."),
                             ("-1,0", BLUE, "."), ("-1,1", BLUE, "L"), ("-1,1", BLUE, "."),
                             ("-1,-1", BLUE, "L"), ("-1,-1", BLUE, "."), ("-2,0", RED, ".")],
                    huts=[("-1,1", BLUE, 0), ("-1,1", RED, 0), ("-2,0", YELLOW, 0)],
                    holy={"-1,-1": RED}, goods={}, phase="action")


def shrine() -> meso.State:
    """Phase II: Blue's native with a stone and a free one on an empty plain 2 fields west;
    two natives at Blue's hut south-west; Blue's hut north-west holds a sacrifice marker."""
    return position(3, tiles={"-2,1": "plain"},
                    natives=[("-2,1", BLUE, "S"), ("-2,1", BLUE, "."), ("-1,1", BLUE, "."),
                             ("-1,1", BLUE, "."), ("-1,0", BLUE, "."), ("-1,0", BLUE, ".")],
                    huts=[("-1,1", BLUE, 0), ("-1,0", BLUE, 4), ("-1,0", RED, 0)],
                    goods={}, phase="action")


def builders() -> meso.State:
    """Two of Blue's natives with stones: one on the temple place, one on the quarry beside it;
    Blue has mana 1 of a maximum 3."""
    return position(3, natives=[("0,0", BLUE, "S"), ("1,0", BLUE, "S"), ("-1,1", RED, "."),
                                ("-1,1", YELLOW, ".")],
                    huts=START_HUTS, goods={}, mana=[1, 0, 0])


def three_stones() -> meso.State:
    """Three of Blue's natives with stones on the temple place; Blue has mana 2 of 3."""
    return position(3, natives=[("0,0", BLUE, "S")] * 3 + [("-1,1", RED, ".")],
                    huts=START_HUTS, goods={}, mana=[2, 0, 0])


def pilgrims(on_red: int = 2, priest: bool = False) -> meso.State:
    """Blue's holy place 2 fields north-west with a native of Blue's on it, Red's holy place
    2 fields north-north-west with `on_red` of Blue's natives; Blue has 1 mana of 3 (with a
    `priest` card in hand: 0 mana of 5)."""
    return position(3, tiles={"-2,0": "plain", "-1,-1": "plain"},
                    natives=[("-2,0", BLUE, "."), *[("-1,-1", BLUE, ".")] * on_red,
                             ("-1,1", RED, ".")],
                    holy={"-2,0": BLUE, "-1,-1": RED}, huts=START_HUTS, goods={},
                    mana=[0 if priest else 1, 0, 0], max_mana=[5 if priest else 3, 3, 3],
                    hands=[["priest"] if priest else [], [], []])


def fertile() -> meso.State:
    """Phase II: Blue's hut on the plain north-west with two of Blue's natives; Blue holds the
    Fertility card."""
    return position(3, natives=[("-1,0", BLUE, "."), ("-1,0", BLUE, "."), ("-1,1", RED, ".")],
                    huts=START_HUTS, goods={}, phase="action", hands=[["fertility"], [], []])


def newborn() -> meso.State:
    """Phase II: Blue's hut on the plain north-west with two of Blue's natives; Blue holds a
    Teleport card."""
    return position(3, tiles={"-2,0": "plain"},
                    natives=[("-1,0", BLUE, "."), ("-1,0", BLUE, "."), ("-1,1", RED, ".")],
                    huts=START_HUTS, goods={}, phase="action", hands=[["teleport"], [], []])


def offering() -> meso.State:
    """Blue's native beside a hut holding marker 6, next to the temple; another carries marker
    4, taken up in an earlier turn, on the plain 2 fields north-west. Blue has 5 mana of 6."""
    return position(3, tiles={"-2,0": "plain"},
                    natives=[("-1,0", BLUE, "."), ("-1,0", BLUE, "."), ("-2,0", BLUE, "M4"),
                             ("-1,1", RED, ".")],
                    huts=[("-1,0", BLUE, 6), ("-1,1", RED, 0)], goods={},
                    mana=[5, 0, 0], max_mana=[6, 3, 3])


def short_of_mana() -> meso.State:
    """Blue's native carries marker 6 on the plain 2 fields north-west; Blue has only 5 mana."""
    return position(3, tiles={"-2,0": "plain"},
                    natives=[("-2,0", BLUE, "M6"), ("-1,1", RED, ".")], huts=START_HUTS,
                    goods={}, mana=[5, 0, 0], max_mana=[6, 3, 3])


def last_marker() -> meso.State:
    """Blue has placed three markers and carries the last, marker 7, beside the temple, with 7
    mana."""
    return position(3, natives=[("-1,0", BLUE, "M7"), ("-1,1", RED, ".")], huts=START_HUTS,
                    goods={}, mana=[7, 0, 0], max_mana=[7, 3, 3], delivered=[[2, 4, 6], [], []])


def hand() -> meso.State:
    """Blue holds one of each card; Red's native with a stone and a free one on the plain
    south-west (with Red's hut, marker 4 under it), Yellow's native 2 fields north-west, Blue's
    holy place 2 fields west."""
    return position(3, tiles={"-2,0": "plain", "-2,1": "plain"},
                    natives=[("-1,0", BLUE, "."), ("-1,0", BLUE, "."), ("-1,0", BLUE, "L"),
                             ("-1,1", RED, "S"), ("-1,1", RED, "."), ("-2,0", YELLOW, ".")],
                    huts=[("-1,0", BLUE, 0), ("-1,1", RED, 4)], holy={"-2,1": BLUE},
                    goods={"1,-1": (2, 0)}, mana=[1, 2, 0], max_mana=[5, 3, 3],
                    hands=[["stamina", "holy_stone", "mana_theft", "teleport", "expulsion",
                            "priest", "land", "fertility"], [], []])


def finale() -> meso.State:
    """Late in a game (round 20): Blue has placed three markers, Red two, Yellow one."""
    return position(3, seed=3, tiles={"-2,0": "plain", "-2,1": "forest", "-1,-1": "plain",
                                      "1,1": "quarry", "2,-1": "plain", "0,-2": "plain",
                                      "-1,2": "plain", "2,-2": "forest"},
                    natives=[("-1,-1", BLUE, "M7"), ("-1,-1", BLUE, "."), ("2,-1", BLUE, "."),
                             ("1,-1", BLUE, "S"), ("-1,2", RED, "M6"), ("-2,1", RED, "."),
                             ("0,-2", RED, "."), ("0,-2", RED, "L"), ("2,-2", YELLOW, "."),
                             ("2,-2", YELLOW, "."), ("-2,0", YELLOW, "M4"),
                             ("1,1", YELLOW, "S")],
                    huts=[("-1,0", BLUE, 0), ("-1,1", RED, 0), ("-1,1", YELLOW, 0),
                          ("-2,0", YELLOW, 6), ("-1,0", -1, 0)],
                    holy={"-1,-1": BLUE, "0,-2": RED, "2,-1": YELLOW},
                    goods={"1,-1": (2, 0), "1,0": (0, 2), "2,-2": (1, 0)},
                    mana=[3, 4, 2], max_mana=[7, 6, 5], delivered=[[2, 4, 6], [2, 4], [2]],
                    hands=[["stamina"], ["holy_stone"], ["priest"]], round=20, max_rounds=40)


# The board tasks' positions


def marker_and_stone() -> meso.State:
    """Blue's native carries marker 4 (taken up last turn) beside the temple; another carries a
    stone on the quarry beside it. Blue has 3 mana of a maximum 4."""
    return position(3, natives=[("-1,0", BLUE, "M4"), ("1,0", BLUE, "S"), ("-1,1", RED, "."),
                                ("-1,1", YELLOW, ".")],
                    huts=START_HUTS, goods={"1,0": (0, 2)}, mana=[3, 1, 1], max_mana=[4, 3, 3])


def stone_carrier() -> meso.State:
    """Red's native with a stone and a free one on the plain south-west. Blue: a free native and
    one with lumber on the plain north-west, a free one 2 fields west."""
    return position(3, tiles={"-2,1": "plain"},
                    natives=[("-1,0", BLUE, "."), ("-1,0", BLUE, "L"), ("-2,1", BLUE, "."),
                             ("-1,1", RED, "S"), ("-1,1", RED, ".")],
                    huts=START_HUTS, goods={})


def unknown_land() -> meso.State:
    """Blue's native on the plain north-west, beside empty places; forests north-east, 2 fields
    north-east and 2 fields north-north-east. The pile is seeded: a volcano, then a forest."""
    return position(3, seed=594, tiles={"2,-2": "forest", "1,-2": "forest"},
                    natives=[("-1,0", BLUE, "."), ("-1,1", RED, "."), ("-1,1", YELLOW, ".")],
                    huts=START_HUTS, goods={"1,-1": (1, 0), "2,-2": (1, 0)})


def hut_builders() -> meso.State:
    """Blue's free native on the forest (3 lumber); one of Blue's on a plain 2 fields north-
    north-east that holds Red's and Yellow's huts, one on an empty plain 2 fields east."""
    return position(3, tiles={"1,-2": "plain", "2,-1": "plain"},
                    natives=[("1,-1", BLUE, "."), ("1,-2", BLUE, "."), ("2,-1", BLUE, "."),
                             ("-1,1", RED, "."), ("-1,1", YELLOW, ".")],
                    huts=[("-1,0", BLUE, 0), ("1,-2", RED, 0), ("1,-2", YELLOW, 0)],
                    goods={"1,-1": (3, 0)})


def holy_builders() -> meso.State:
    """Blue's free native on the quarry (3 stones); one of Blue's beside one of Red's on the
    plain 2 fields south-east; an empty plain 2 fields south-south-east."""
    return position(3, tiles={"2,0": "plain", "1,1": "plain"},
                    natives=[("1,0", BLUE, "."), ("2,0", BLUE, "."), ("2,0", RED, "."),
                             ("-1,1", YELLOW, ".")],
                    huts=START_HUTS, goods={"1,0": (0, 3)})


def two_huts() -> meso.State:
    """Blue's huts: north-west with two natives, 2 fields west with one, 2 fields north-west
    with two natives and sacrifice marker 6 under it."""
    return position(3, tiles={"-2,0": "plain", "-2,1": "plain"},
                    natives=[("-1,0", BLUE, "."), ("-1,0", BLUE, "."), ("-2,1", BLUE, "."),
                             ("-2,0", BLUE, "."), ("-2,0", BLUE, "."), ("-1,1", RED, "."),
                             ("-1,1", YELLOW, ".")],
                    huts=[("-1,0", BLUE, 0), ("-2,1", BLUE, 0), ("-2,0", BLUE, 6),
                          ("-1,1", RED, 0), ("-1,1", YELLOW, 0)], goods={})


def holy_walk() -> meso.State:
    """Blue's holy place 2 fields north-west and Red's 2 fields north-north-west, nobody on
    them; Blue's natives: one north-west, two south-west. Blue holds a Priest card, has 0 mana
    of a maximum 5."""
    return position(3, tiles={"-2,0": "plain", "-1,-1": "plain"},
                    natives=[("-1,0", BLUE, "."), ("-1,1", BLUE, "."), ("-1,1", BLUE, "."),
                             ("-1,1", RED, "."), ("-1,1", YELLOW, ".")],
                    huts=START_HUTS, holy={"-2,0": BLUE, "-1,-1": RED}, goods={},
                    mana=[0, 0, 0], max_mana=[5, 3, 3], hands=[["priest"], [], []])


#: The lesson's positions by name: the notebook's (`start`) and the board tasks' (``tasks.toml``).
POSITIONS: dict[str, Callable[[], meso.State]] = {
    "setup": setup_example, "setup-4": lambda: setup_example(4), "walkers": walkers,
    "raid": raid, "even-raid": even_raid, "explore": explore, "lone-forest": lone_forest,
    "village": village, "shrine": shrine, "builders": builders, "three-stones": three_stones,
    "pilgrims": pilgrims, "priest": lambda: pilgrims(priest=True),
    "priest-alone": lambda: pilgrims(on_red=0, priest=True), "fertile": fertile,
    "newborn": newborn, "pilgrims-one": lambda: pilgrims(on_red=1),
    "offering": offering, "short-of-mana": short_of_mana,
    "last-marker": last_marker, "hand": hand, "finale": finale,
    "stone-carrier": stone_carrier, "unknown-land": unknown_land,
    "hut-builders": hut_builders, "holy-builders": holy_builders, "two-huts": two_huts,
    "holy-walk": holy_walk, "marker-and-stone": marker_and_stone,
}


def start(name: str, **options: Any) -> Game:
    """A game at the lesson's position `name` (see `POSITIONS`), e.g. ``start("walkers")``;
    options are the ruleset's (for the variants: ``cards_at_start=True``, ...). The notebook
    draws it as the map alone: what the players' panel would say, the lesson's mana tracks,
    sacrifice markers and card tables say where it matters."""
    if name not in POSITIONS:
        raise InvalidInput(f"no position {name!r}; known: {', '.join(POSITIONS)}")
    state = POSITIONS[name]()
    if options:
        data = state.to_dict()
        data["options"] = {**data["options"], **options}
        state = meso.state_from_dict(data)
    return picture_options(meso.Game(state), panel=False, width=PICTURE_WIDTH)


def new_game(players: int = 3, seed: int = 8, **options: Any) -> Game:
    """A new game set up from `seed` (for the variants' examples)."""
    return picture_options(meso.new_game(players=players, seed=seed, **options), panel=False,
                           width=PICTURE_WIDTH)


def _after(state: meso.State, *moves: str) -> meso.State:
    for text in moves:
        state, _ = meso.apply(state, meso.parse_move(text))
    return state


# Pictures of the questions: the map with the fields a question names lettered ----------------

REACH = {"0,0": "A", "0,-1": "B", "1,-1": "C", "2,-1": "D", "1,1": "E", "-2,1": "F"}
HUT_SITES = {"-1,0": "A", "-1,1": "B", "-1,-1": "C", "-2,0": "D"}
PUSHED = {"-2,0": "A", "-1,0": "B", "0,0": "C"}


def picture(name: str, lang: str = "en") -> Any:
    """The picture a question refers to, e.g. ``picture("reach-free")``."""
    pictures = {
        "reach-free": lambda: readers.marked(walkers(), REACH, lang, selected="-1,0|0|.",
                                             width=PICTURE_WIDTH),
        "hut-sites": lambda: readers.marked(village(), HUT_SITES, lang, width=PICTURE_WIDTH),
        "pushed-back-to": lambda: readers.marked(short_of_mana(), PUSHED, lang,
                                                 selected="-2,0|0|M6", width=PICTURE_WIDTH),
    }
    if name not in pictures:
        raise InvalidInput(f"no picture {name!r}; known: {', '.join(pictures)}")
    return pictures[name]()


def reach_picture(token: str = ".", lang: str = "en") -> Any:
    """Blue's native on the plain north-west of `walkers` (free, or ``"L"`` with lumber) and
    every field it can reach, each ringed with its cost."""
    from sumer_widgets.mesopotamia.picture import reach_of, render

    state = walkers()
    return render(state, lang=lang, selected=f"-1,0|0|{token}",
                  reach=reach_of(state, "-1,0", token), panel=False, width=PICTURE_WIDTH)


# Playing now ---------------------------------------------------------------------------------


def against_bots(lang: str = "en", seed: int = 7, levels: tuple[str, str] = ("medium", "medium"),
                 name: str = "play", say_why: bool = False, **options: Any) -> Any:
    """A board on which the learner plays Blue against two bots (Red, Yellow) at `levels`, in a
    new 3-player game from `seed`; Blue moves first. The game ends by the rule text alone (four
    markers placed; no round limit, R-M12) unless `options` give `max_rounds`: the expert bots
    race to the temple as people do. With `say_why` the log says after each bot move why the
    rules allowed it (the board's `MOVE_RULES`)."""
    from engine.bots import bot_for_level
    from sumer_widgets.mesopotamia.board import MesopotamiaBoard

    options.setdefault("max_rounds", None)
    game = meso.new_game(players=3, seed=seed, **options)
    bots = {seat: bot_for_level("mesopotamia", level, seed=seed + seat)
            for seat, level in zip((RED, YELLOW), levels)}
    board = MesopotamiaBoard(game, bots=bots, lang=lang, name=name)
    board.why_bots = say_why
    return board


def bot_ending(level: str = "medium", seed: int = 10) -> Game:
    """`finale` played on by three bots of one `level` until someone places a fourth marker."""
    from engine.bots import bot_for_level
    from engine.core import play_out

    game = meso.Game(finale())
    bots = [bot_for_level("mesopotamia", level, seed=seed + seat) for seat in range(3)]
    return play_out(game, lambda state: bots[state.to_move].choose(state.view(state.to_move)))


def watch(game: Game, name: str = "watch", lang: str = "en") -> Any:
    """A board showing a finished (or any) game: step through it with the slider."""
    from sumer_widgets.mesopotamia.board import MesopotamiaBoard

    return MesopotamiaBoard(game, lang=lang, name=name, viewer="all")


# Board tasks ---------------------------------------------------------------------------------

#: The lesson's tasks (``tasks.toml``): each a position of `POSITIONS`, a goal kind of the game
#: (`sumer_widgets.mesopotamia.goals`) and its words (``[task.<id>]``).
TASKS = lesson_tasks(__file__, POSITIONS)


# Exercises -----------------------------------------------------------------------------------


def _moves(state: meso.State, kind: type) -> list[Any]:
    return [m for m in meso.legal_moves(state) if isinstance(m, kind)]


def _reach(state: meso.State, field: str, token: str) -> set[str]:
    return {m.destination for m in _moves(state, meso.Go)
            if (m.origin, m.native) == (field, token)}


def _lettered(marks: dict[str, str], state: meso.State) -> list[tuple[str, str]]:
    return [(field, f"{letter} — {name(field, state)}") for field, letter in marks.items()]


def _lumber_on_new_forest() -> int:
    state = _after(lone_forest(), "discover -1,0 . -2,0", "volcano -1,-1")
    return next(g[2] for g in state.goods if g[:2] == (-2, 0))


def _discoveries_left() -> int:
    state = _after(explore(), "discover -1,0 . -2,0", "volcano -1,-1", "spread -2,0 -2,1 1,1",
                   "discover -2,0 . -3,0")
    return MAX_DISCOVERIES - state.discoveries


def _natives_after_birth() -> int:
    return _after(shrine(), "birth -1,1").natives_of(BLUE)


def _same_turn() -> str:
    state = _after(offering(), "lift -1,0 6", "go -1,0 m6 0,0")
    at_temple = any((n[0], n[1]) == (0, 0) and n[2] == BLUE for n in state.natives)
    if 6 in state.delivered[BLUE]:
        return "placed"
    return "waits" if at_temple else "pushed"


def _pushed_to() -> str:
    state = _after(short_of_mana(), "go -2,0 M6 0,0")
    return next(meso.fmt(n[:2]) for n in state.natives if n[2] == BLUE)


def _red_sees() -> set[str]:
    state = hand()
    view = state.view(RED)
    seen = set()
    if "?" not in view.hands[BLUE]:
        seen.add("cards")
    if len(view.hands[BLUE]) == len(state.hands[BLUE]):
        seen.add("how-many")
    if view.markers[BLUE] == state.markers[BLUE]:
        seen.add("blue-markers")
    if [h[3] for h in view.huts if h[2] == RED] == [h[3] for h in state.huts if h[2] == RED]:
        seen.add("own-marker")
    if view.delivered == state.delivered:
        seen.add("placed")
    if view.pile == state.pile:
        seen.add("pile")
    return seen


LIMIT_PLACED = ([2, 4], [7], [2, 7])
LIMIT_MANA = (5, 8, 0)


def _limit_winner() -> int:
    winners = ranking(LIMIT_PLACED, LIMIT_MANA)
    return next(iter(winners)) if len(winners) == 1 else -1


def _expulsion_reach() -> int:
    return len({m.to for m in _moves(hand(), meso.PlayCard)
                if m.card == "expulsion" and m.field == "-2,0"})


def _after_held_card() -> str:
    state = _after(newborn(), "birth -1,0")
    if state.to_move != BLUE:
        return "ends"
    return "birth" if _moves(state, meso.Birth) else "waits"


#: What Blue may still do in phase II after building a hut (`one-action`), by the move kinds
#: that do it.
STILL_OPEN = {"hut": meso.BuildHut, "card": meso.DrawCard, "done": meso.EndActions}


def _still_open() -> set[str]:
    """What Blue may still do after building a hut in the village: each kind of `STILL_OPEN`
    that was open at the start of phase II or is open now.

    Raises:
        RuntimeError: the village no longer offers both a hut and a card at the start of
            phase II (the question would ask about nothing).
    """
    before = village()
    if not (_moves(before, meso.BuildHut) and _moves(before, meso.DrawCard)):
        raise RuntimeError("one-action: the village must offer a hut and a card at first")
    after = _after(before, "hut -1,0 7")
    return {name for name, kind in STILL_OPEN.items() if _moves(after, kind)}


def _two_priests() -> int:
    gain, _ = phase_three_mana(BLUE, {(-2, 1): BLUE}, {(-2, 1): 1}, [(-2, 1), (-2, 1)])
    return gain


# What shows each answer (`Exercise.reveal`), made afresh once the learner has committed: a
# demonstration on a game of its own, never one that a later cell goes on with.


def _attempts(position_name: str, moves: list[str], lang: str, picture: bool = False) -> Any:
    from sumer_widgets.display import attempts

    return attempts(start(position_name), moves, lang, picture=picture)


#: The sentences the reveals say (``[lesson.<name>]``).
LESSON = Section(__file__, "lesson")


def _sentence(said: Any, lang: str) -> Any:
    from sumer_widgets.display import Sentence

    return Sentence(said.describe(lang))


def _reveal_discoveries(lang: str) -> Any:
    from sumer_widgets.display import attempts

    game = meso.Game(_after(explore(), "discover -1,0 . -2,0", "volcano -1,-1",
                            "spread -2,0 -2,1 1,1", "discover -2,0 . -3,0"))
    return attempts(picture_options(game, panel=False, width=PICTURE_WIDTH),
                    ["discover -3,0 . -4,0", "discover -4,0 . -5,0"], lang)


def _reveal_one_action(lang: str) -> Any:
    from sumer_widgets.display import attempt

    game = start("village")
    game.play("hut -1,0 7")
    # The draw is refused; a second hut, the action already chosen, is not — built here
    # without a marker under it, the builder's choice.
    return [attempt(game, "draw", lang), attempt(game, "hut -1,0 0", lang, picture=False)]


def _reveal_birth(lang: str) -> Any:
    from sumer_widgets.display import attempt

    game = start("shrine")
    return [attempt(game, "birth -1,0", lang), attempt(game, "birth -1,1", lang, picture=False),
            readers.natives_table(game.state, BLUE, lang)]


def _reveal_two_priests(lang: str) -> Any:
    return _sentence(LESSON.say("two-priests", "sum", gain=_two_priests()), lang)


def _reveal_held_card(lang: str) -> Any:
    from sumer_widgets.display import attempt

    game = start("newborn")
    return [attempt(game, "birth -1,0", lang, picture=False),
            _sentence(LESSON.say("held-card", "still-blue"), lang),
            attempt(game, "play teleport -1,0 n0:. -2,0", lang, picture=False)]


def _reveal_both_variants(lang: str) -> Any:
    state = meso.new_state(3, seed=8, cards_at_start=True, no_reshuffle=True)
    return [readers.hands(state, lang), readers.piles_text(state, lang)]


def _reveal_two_player_deck(lang: str) -> Any:
    return readers.piles_text(meso.new_state(2, seed=8), lang)


def _reveal_graph(lang: str) -> Any:
    graph = meso.map_graph(setup_example())
    passable = sum(1 for _, _, ok in graph.edges(data="passable") if ok)
    return _sentence(LESSON.say("graph", "counted", nodes=graph.number_of_nodes(),
                                edges=graph.number_of_edges(), passable=passable), lang)


def _players(*players: int) -> Callable[[], list[tuple[int, str]]]:
    return lambda: [(p, meso.player_name(p)) for p in players]


EXERCISES = Exercises([
    # Part 1 — the land, the pieces and the start
    Exercise(
        id="fields-in-pile",
        answer=lambda: len(meso.new_state(2, seed=1).pile),
        wrong=lambda: [34, 41, 30, 33],
        rules=("M-COMP-1", "M-SETUP-2", "M-SETUP-3"),
        # The boards of a 2-player game would print it in their panel ("field pile: 26").
        facts=((r"pile|face down", len(meso.new_state(2, seed=1).pile)),),
    ),
    Exercise(
        id="first-round-points",
        answer=lambda: movement_points(0, 4, meso.new_state(4, seed=1).options),
        wrong=lambda: [2, 3, 4, 8],
        rules=("M-TURN-2",),
        predict=True,
        facts=((movement_points(0, 4), r"movement points?|points? (?:a|each|every) turn"),
               (r"movement points?", r"every turn|each turn|first turn|first round")),
    ),
    Exercise(
        id="temple-neighbours",
        answer=lambda: sum(1 for _, _, ok in meso.map_graph(setup_example()).edges(
            "0,0", data="passable") if ok),
        wrong=lambda: [6, 2, 5],
        rules=("M-MOVE-3", "M-SETUP-2"),
        facts=((r"temple place",
                r"\b(?:4|four) (?:of its )?(?:neighbou?ring )?(?:fields|neighbou?rs)",
                r"step|enter|reach"),),
    ),
    # Part 2 — moving, carrying and stealing
    Exercise(
        id="reach-free",
        answer=lambda: _reach(walkers(), "-1,0", ".") & set(REACH),
        kind="choices",
        options=lambda: _lettered(REACH, walkers()),
        wrong=lambda: [set(REACH), set(REACH) - {"0,-1", "2,-1", "1,1"},
                       {"0,0", "-2,1"}],
        rules=("M-MOVE-1", "M-MOVE-3", "M-MOVE-5"),
        predict=True,
        reveal=lambda lang: reach_picture(".", lang),
    ),
    Exercise(
        id="reach-lumber",
        answer=lambda: len(_reach(walkers(), "-1,0", "L")),
        wrong=lambda: [len(_reach(walkers(), "-1,0", ".")), 4, 8],
        rules=("M-MOVE-5", "M-CARRY-3"),
        predict=True,
        reveal=lambda lang: reach_picture("L", lang),
        facts=((r"lumber", r"\b(?:5|five) fields", r"reach"),),
    ),
    Exercise(
        id="steal-count",
        answer=lambda: len([m for m in _moves(raid(), meso.Steal) if m.field == "-1,0"]),
        wrong=lambda: [1, 3, 0],
        rules=("M-STEAL-1", "M-STEAL-2"),
        reveal=lambda lang: _attempts("raid", ["steal -1,0 1 L", "steal -1,0 1 S"], lang),
        facts=((r"steal|take", r"\b(?:2|two) goods"),),
    ),
    Exercise(
        id="steal-equal",
        answer=lambda: len(_moves(even_raid(), meso.Steal)),
        wrong=lambda: [1, 2, 3],
        rules=("M-STEAL-1",),
        reveal=lambda lang: _attempts("even-raid", ["steal -1,0 1 L"], lang),
        facts=((r"equal|same number|as many",
                r"(?:cannot|can't|may not) steal|steals? nothing|nothing to steal"),),
    ),
    Exercise(
        id="steal-marker",
        answer=lambda: "yes" if any(m.field == "-1,1" for m in _moves(raid(), meso.Steal))
        else "no",
        kind="choice",
        options=lambda: ["yes", "no"],
        wrong=lambda: ["yes"],
        rules=("M-STEAL-3",),
        predict=True,
        facts=((r"sacrifice markers?|\bmarkers?\b", r"never|cannot|can't|may not|not be",
                r"st[oe]l"),),
    ),
    # Part 3 — discovering new land
    Exercise(
        id="lumber-on-new-forest",
        answer=_lumber_on_new_forest,
        wrong=lambda: [1, 3, 0],
        rules=("M-DISC-3",),
        predict=True,
        reveal=lambda lang: _attempts("lone-forest", ["discover -1,0 . -2,0", "volcano -1,-1"],
                                      lang),
        facts=((r"new forest", r"\b(?:2|two) lumber"),),
    ),
    Exercise(
        id="discoveries-left",
        answer=_discoveries_left,
        wrong=lambda: [0, 2, 3],
        rules=("M-DISC-6", "M-DISC-2"),
        reveal=_reveal_discoveries,
        facts=((r"\b(?:1|one) (?:more )?(?:field|discovery)", r"left|more|may"),),
    ),
    # Part 4 — building
    Exercise(
        id="hut-sites",
        answer=lambda: {m.field for m in _moves(village(), meso.BuildHut)},
        kind="choices",
        options=lambda: _lettered(HUT_SITES, village()),
        wrong=lambda: [{"-1,0", "-1,1"}, {"-1,0", "-1,-1"}, set(HUT_SITES),
                       {"-1,0", "-1,1", "-1,-1"}],
        rules=("M-HUT-1", "M-HOLY-2"),
        reveal=lambda lang: _attempts("village", ["hut -1,0 7"], lang),
        tells=(r"builds a hut on the plain north-west of the temple",
               r"bouwt een hut op de vlakte ten noordwesten van de tempel"),
    ),
    Exercise(
        id="one-action",
        answer=_still_open,
        kind="choices",
        options=lambda: list(STILL_OPEN),
        wrong=lambda: [{"hut"}, {"hut", "card", "done"}, {"card", "done"}, {"done"},
                       {"card"}],
        rules=("M-ACT-1", "M-HUT-4"),
        reveal=_reveal_one_action,
        facts=((r"(?:after|once|having) (?:building|built|chosen)",
                r"(?:no|not|never|cannot|can't)[^.]{0,40}(?:draw|card)"),
               r"only more huts",
               (r"draw(?:ing)? a card", r"next turn|another action|a different action")),
    ),
    Exercise(
        id="natives-after-birth",
        answer=_natives_after_birth,
        wrong=lambda: [6, 8, 9],
        rules=("M-BIRTH-1", "M-BIRTH-2", "M-BIRTH-3"),
        reveal=_reveal_birth,
        facts=((r"\b(?:7|seven) natives", r"map|afterwards|born"),),
    ),
    # Part 5 — mana
    Exercise(
        id="mana-after-stones",
        answer=lambda: "{} of {}".format(*(lambda s: (s.mana[BLUE], s.max_mana[BLUE]))(
            _after(three_stones(), "drop 0,0 S", "drop 0,0 S", "drop 0,0 S"))),
        kind="choice",
        options=lambda: ["3 of 6", "5 of 6", "5 of 3", "3 of 3", "6 of 6"],
        wrong=lambda: ["3 of 6", "5 of 3", "3 of 3"],
        rules=("M-TEMPLE-1", "M-COMP-5"),
        predict=True,
        reveal=lambda lang: _attempts("three-stones", ["drop 0,0 S"] * 3, lang),
        tells=(r"maximum mana 6, mana 5", r"mana 5, maximum 6"),
    ),
    Exercise(
        id="mana-one-pilgrim",
        answer=lambda: _after(pilgrims(on_red=1), "end", "draw").mana[BLUE] - 1,
        wrong=lambda: [2, 0, 3],
        rules=("M-MANA-1",),
        reveal=lambda lang: _attempts("pilgrims-one", ["end", "draw"], lang),
        facts=((r"Red's holy place", r"pays? (?:Blue )?nothing|gives? (?:Blue )?nothing|no mana"),),
    ),
    Exercise(
        id="stones-needed",
        answer=lambda: max(MARKER_VALUES) - START_MAX_MANA,
        wrong=lambda: [7, 3, 19, 5],
        rules=("M-TEMPLE-1", "M-COMP-5", "M-MANA-2"),
        facts=((r"\b(?:4|four) stones", r"temple|maximum|7"),),
    ),
    # Part 6 — sacrifices and the end
    Exercise(
        id="mana-all-markers",
        answer=lambda: sum(MARKER_VALUES),
        wrong=lambda: [7, 17, 4, 20],
        rules=("M-COMP-2", "M-SAC-3"),
    ),
    Exercise(
        id="same-turn",
        answer=_same_turn,
        kind="choice",
        options=lambda: ["placed", "waits", "pushed"],
        wrong=lambda: ["placed", "pushed"],
        rules=("M-SAC-1", "M-SAC-2"),
        predict=True,
        reveal=lambda lang: _attempts("offering", ["lift -1,0 6", "go -1,0 m6 0,0"], lang,
                                      picture=True),
        facts=((r"taken? up|takes? (?:it |the marker )?up",
                r"(?:later|next|another) turn|never (?:all )?(?:happen )?in the same turn"),),
    ),
    Exercise(
        id="pushed-back-to",
        answer=_pushed_to,
        kind="choice",
        options=lambda: _lettered(PUSHED, short_of_mana()),
        wrong=lambda: ["-2,0", "0,0"],
        rules=("M-SAC-4",),
        reveal=lambda lang: _attempts("short-of-mana", ["go -2,0 M6 0,0"], lang),
        tells=(r"pushed back to the plain north-west of the temple",
               r"teruggezet naar de vlakte ten noordwesten"),
    ),
    Exercise(
        id="what-red-sees",
        answer=_red_sees,
        kind="choices",
        options=lambda: ["cards", "how-many", "blue-markers", "own-marker", "placed", "pile"],
        wrong=lambda: [{"cards", "how-many", "placed"}, {"how-many", "placed"},
                       {"how-many", "own-marker", "placed", "pile"},
                       {"how-many", "own-marker", "blue-markers", "placed"}],
        predict=True,
        rules=("M-HIDDEN-1", "M-HUT-3"),
        facts=((r"hidden|secret|may not see|sees? only",
                r"cards|marker values?|values of"), (r"how many cards",
                r"see|open|public|know")),
    ),
    Exercise(
        id="round-limit-winner",
        answer=_limit_winner,
        kind="choice",
        options=_players(BLUE, RED, YELLOW),
        wrong=lambda: [BLUE, RED],
        rules=("M-END-2",),
        facts=((r"Yellow", r"wins?|winner"),),
    ),
    # Part 7 — the cards and the variants
    Exercise(
        id="expulsion-reach",
        answer=_expulsion_reach,
        wrong=lambda: [3, 8, 9, 5],
        rules=("M-CARD-EXPULSION-1",),
        facts=((r"\b(?:6|six) (?:different )?fields", r"expul|send|move"),),
    ),
    Exercise(
        id="priest-twice",
        answer=_two_priests,
        wrong=lambda: [2, 4, 1],
        rules=("M-CARD-PRIEST-1", "M-MANA-1"),
        reveal=_reveal_two_priests,
        facts=((r"Priests?", r"1 \+ 1 \+ 1|= 3\b|not 4|(?:3|three) mana"),),
    ),
    Exercise(
        id="held-card",
        answer=_after_held_card,
        kind="choice",
        options=lambda: ["ends", "waits", "birth"],
        wrong=lambda: ["ends", "birth"],
        rules=("M-CARD-PLAY-2", "M-ACT-1"),
        predict=True,
        reveal=_reveal_held_card,
        facts=((r"turn", r"does not end|goes on|stays? open|keeps?[^.]{0,12}open"),),
    ),
    Exercise(
        id="deck-both-variants",
        answer=lambda: len(meso.new_state(3, seed=8, cards_at_start=True,
                                          no_reshuffle=True).deck),
        wrong=lambda: [18, 14, 12],
        rules=("M-VAR-1", "M-VAR-2", "M-COMP-4"),
        reveal=_reveal_both_variants,
        tells=(r"\b15 cards\b", r"deck holds 15\b", r"15 kaarten"),
    ),
    Exercise(
        id="two-player-deck",
        answer=lambda: len(full_deck(2)),
        wrong=lambda: [18, 16, 12],
        rules=("M-SETUP-5",),
        reveal=_reveal_two_player_deck,
    ),
    # Part 8 — for programmers
    Exercise(
        id="graph-edges",
        answer=lambda: meso.map_graph(setup_example()).number_of_edges(),
        wrong=lambda: [6, 7, 21, 10],
        rules=("M-COMP-1",),
        reveal=_reveal_graph,
    ),
], words=__file__)
