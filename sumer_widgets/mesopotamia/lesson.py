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
8. for programmers — `graph-edges`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import mesopotamia as meso
from engine.core import Game, InvalidInput
from engine.mesopotamia import events as ev
from engine.mesopotamia import position
from engine.mesopotamia.scoring import phase_three_mana, ranking
from engine.mesopotamia.state import (
    FIRST_ROUND,
    MARKER_VALUES,
    MAX_DISCOVERIES,
    START_MAX_MANA,
    full_deck,
)
from sumer_widgets.display import picture_options
from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.mesopotamia import readers
from sumer_widgets.tasks import Task, Tasks, Verdict, missed, not_yet, reached

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


POSITIONS: dict[str, Callable[[], meso.State]] = {
    "setup": setup_example, "setup-4": lambda: setup_example(4), "walkers": walkers,
    "raid": raid, "even-raid": even_raid, "explore": explore, "lone-forest": lone_forest,
    "village": village, "shrine": shrine, "builders": builders, "three-stones": three_stones,
    "pilgrims": pilgrims, "priest": lambda: pilgrims(priest=True), "fertile": fertile,
    "newborn": newborn,
    "offering": offering, "short-of-mana": short_of_mana,
    "last-marker": last_marker, "hand": hand, "finale": finale,
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
                 name: str = "play", **options: Any) -> Any:
    """A board on which the learner plays Blue against two bots (Red, Yellow) at `levels`, in a
    new 3-player game from `seed`; Blue moves first. The game ends by the rule text alone (four
    markers placed; no round limit, R-M12) unless `options` give `max_rounds`: the expert bots
    race to the temple as people do."""
    from engine.bots import bot_for_level
    from sumer_widgets.mesopotamia.board import MesopotamiaBoard

    options.setdefault("max_rounds", None)
    game = meso.new_game(players=3, seed=seed, **options)
    bots = {seat: bot_for_level("mesopotamia", level, seed=seed + seat)
            for seat, level in zip((RED, YELLOW), levels)}
    return MesopotamiaBoard(game, bots=bots, lang=lang, name=name)


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


def _blue_turn(game: Game) -> tuple[list[Any], bool]:
    """The events of Blue's first turn (the task's), and whether that turn is over."""
    first = game.history[0].turn
    events: list[Any] = []
    for k, (_, happened) in enumerate(game.log):
        if game.history[k].turn != first:
            break
        events.extend(happened)
    return events, game.state.turn != first or game.state.is_over


def _natives(n: int) -> str:
    return f"{n} native" if n == 1 else f"{n} natives"


def _of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind) and getattr(e, "player", BLUE) == BLUE]


def _carry_to_the_temple(game: Game) -> Verdict:
    events, over = _blue_turn(game)
    if _of(events, ev.MarkerPlaced):
        return reached("Blue unloaded the stone first — maximum mana 5, mana 4 — and then had "
                       "the 4 mana the sacrifice marker costs: it lies beside the temple and "
                       "the native became a priest.")
    pushed = _of(events, ev.PushedBack)
    mana = game.state.mana[BLUE]
    if over:
        return missed("Blue's turn is over and the sacrifice marker was not placed. Start "
                      "again: the marker costs 4 mana.")
    if pushed:
        return not_yet(f"Pushed back: Blue has {pushed[-1].mana} mana and the marker costs 4. "
                       "Where can Blue get one more mana this turn?")
    if _of(events, ev.StoneOffered):
        return not_yet(f"Blue has {mana} mana now. Bring the marker in.")
    return not_yet(f"Blue has {mana} mana; the marker costs 4.")


def _steal_a_stone(game: Game) -> Verdict:
    events, over = _blue_turn(game)
    stolen = [e for e in _of(events, ev.GoodStolen) if e.victim == RED and e.good == "S"]
    if stolen:
        return reached("Three of Blue's natives against Red's two: Blue has more natives there, "
                       "and a free native of Blue's took the stone — a native carrying lumber "
                       "counts for the majority, but cannot take anything itself.")
    field = game.state
    blue = sum(1 for n in field.natives if (n[0], n[1]) == (-1, 1) and n[2] == BLUE)
    red = sum(1 for n in field.natives if (n[0], n[1]) == (-1, 1) and n[2] == RED)
    if over:
        return missed(f"Blue's turn is over and Red still has the stone (Blue had "
                      f"{_natives(blue)} there against Red's {red}). Start again.")
    if blue and blue <= red:
        return not_yet(f"Blue has {_natives(blue)} on Red's plain, Red has {red}: to steal, "
                       "Blue needs more natives there than Red.")
    return not_yet("Red's native with the stone stands on the plain south-west of the temple.")


def _discover_a_forest(game: Game) -> Verdict:
    events, over = _blue_turn(game)
    found = [e.field for e in _of(events, ev.FieldDiscovered) if e.tile == "F"]
    picked = [e for e in _of(events, ev.GoodPicked) if e.field in found and e.good == "L"]
    if picked:
        return reached("A volcano came first and went to another edge place; then the forest "
                       "was placed under the native. One of the three new lumber went onto the "
                       "new forest, and the native picked it up at once.")
    if found:
        lumber = next((g[2] for g in game.state.goods if meso.fmt(g[:2]) == found[0]), 0)
        if not lumber and game.state.phase != "spread":
            return missed("The forest was found, but none of the new lumber went onto it: "
                          "choose the new forest as one of the three. Start again.")
        if over:
            return missed("The turn is over and the native did not pick up the lumber.")
        return not_yet("A forest! Now pick up its lumber with the native standing on it.")
    if over:
        return missed("The turn is over and no forest was discovered.")
    if game.state.phase == "volcano":
        return not_yet("A volcano was drawn: it goes on another edge place of your choice, "
                       "then the next field is drawn for your native.")
    return not_yet("Discover an empty place beside Blue's native.")


def _carrier(state: meso.State, cargo: int) -> str | None:
    """Where Blue's native carrying `cargo` (1 lumber, 2 stone) stands, if one does."""
    return next((meso.fmt((q, r)) for q, r, owner, carried, _ in state.natives
                 if owner == BLUE and carried == cargo), None)


def _build_a_hut(game: Game) -> Verdict:
    events, over = _blue_turn(game)
    built = _of(events, ev.HutBuilt)
    if built:
        return reached(f"A hut on {name(built[0].field, game.state)}: two of Blue's natives, "
                       "one lumber, and room on the plain. A sacrifice marker went under it.")
    lumber = _carrier(game.state, 1)
    if lumber is not None and sum(1 for h in game.state.huts if meso.fmt(h[:2]) == lumber) >= 2:
        why = ("The lumber is on a plain that already holds two huts: a plain has room for two, "
               "of any players.")
        return missed(why + " Start again.") if over or game.state.phase == "action" else (
            not_yet(why))
    if over:
        return missed("The turn is over and no hut was built: a hut needs two of your natives "
                      "and one lumber on a plain with room. Start again.")
    return not_yet("Bring lumber to a plain where another of Blue's natives stands and where "
                   "there is room for a hut.")


def _erect_a_holy_place(game: Game) -> Verdict:
    events, over = _blue_turn(game)
    built = _of(events, ev.HolyPlaceBuilt)
    if built:
        return reached(f"A holy place on {name(built[0].field, game.state)}: an empty plain, "
                       "two of Blue's natives and a stone.")
    stone = _carrier(game.state, 2)
    if stone is not None and any(meso.fmt(n[:2]) == stone and n[2] != BLUE
                                 for n in game.state.natives):
        why = ("The stone is on a plain where another player's native stands: a holy place "
               "needs an empty plain, with no natives of other players.")
        return missed(why + " Start again.") if over or game.state.phase == "action" else (
            not_yet(why))
    if over:
        return missed("The turn is over and no holy place was erected. Start again.")
    return not_yet("A holy place needs two of Blue's natives and one stone on an empty plain.")


def _two_descendants(game: Game) -> Verdict:
    events, over = _blue_turn(game)
    born = sum(e.count for e in _of(events, ev.NativeBorn))
    if born >= 2:
        return reached("Two natives born in one action: each hut with two of Blue's natives "
                       "gave birth, and the hut with a sacrifice marker under it could not.")
    if over:
        return missed(f"{_natives(born).capitalize()} born. Each birth needs its own hut with "
                      "two of Blue's natives, and a hut with a sacrifice marker under it gives "
                      "none. Start again.")
    return not_yet("Two births need two huts, each with two of Blue's natives (and no sacrifice "
                   "marker under the hut).")


def _three_mana(game: Game) -> Verdict:
    events, over = _blue_turn(game)
    if not over:
        if game.state.phase == "action" and game.state.hands[BLUE]:
            return not_yet("Blue still holds the Priest card, so the turn waits: play it on a "
                           "holy place now, or press Done. Phase III comes after.")
        return not_yet("Mana comes in phase III, when Blue's turn ends: end the movement and "
                       "take an action.")
    received = sum(e.gained for e in _of(events, ev.ManaReceived))
    if received >= 3:
        return reached("3 mana: 1 from Blue's own holy place (one native is enough), 1 from "
                       "Red's (two natives needed there) and 1 more from the Priest card.")
    return missed(f"Blue received {received} mana. An own holy place needs one native, another "
                  "player's needs two, and a Priest adds one on a holy place that gives mana. "
                  "Start again.")


TASKS = Tasks([
    Task(
        id="steal-a-stone",
        ruleset="mesopotamia",
        goal="Steal the stone that Red's native carries on the plain south-west of the temple.",
        start=stone_carrier,
        check=_steal_a_stone,
        rules=("M-STEAL-1", "M-STEAL-2", "M-MOVE-1", "M-MOVE-4"),
        hint="Count the natives on Red's plain. Who counts for the majority, and who can take "
             "something?",
        solution=("go -1,0 . -1,1", "go -1,0 L -1,1", "go -2,1 . -1,1", "steal -1,1 1 S"),
        misses=(("go -1,0 . -1,1", "go -2,1 . -1,1"), ("go -1,0 . -1,1", "end", "draw")),
        explanation="Red has two natives there, so Blue needs three. All three of Blue's "
                    "natives walk over (1 point each); the one carrying lumber counts for the "
                    "majority, and a free one takes the stone.",
        options={"name": "task-steal-a-stone"},
    ),
    Task(
        id="discover-a-forest",
        ruleset="mesopotamia",
        goal="Discover new land beside Blue's native until a forest turns up, put one of its "
             "new lumber on the new forest, and pick it up there.",
        start=unknown_land,
        check=_discover_a_forest,
        rules=("M-DISC-1", "M-DISC-2", "M-DISC-3", "M-CARRY-1"),
        hint="Click an empty edge place beside the native. When you choose where the new "
             "lumber goes, one forest is the one under your native.",
        solution=("discover -1,0 . -2,0", "volcano -1,-1", "spread -2,0 1,-1 2,-2",
                  "pick -2,0 . L"),
        misses=(("discover -1,0 . -2,0", "volcano -1,-1", "spread 1,-2 1,-1 2,-2"),
                ("end", "draw")),
        explanation="The first field drawn is a volcano: it goes on another edge place (any), "
                    "and the next field, a forest, is placed where the native stands. Three "
                    "players, so three new lumber, each on a different forest of Blue's "
                    "choice: with four forests on the map, the new one must be chosen.",
        options={"name": "task-discover-a-forest"},
    ),
    Task(
        id="build-a-hut",
        ruleset="mesopotamia",
        goal="Build a hut for Blue.",
        start=hut_builders,
        check=_build_a_hut,
        rules=("M-HUT-1", "M-HUT-2", "M-CARRY-1", "M-ACT-1"),
        hint="A hut needs two of your natives and one lumber on a plain — and room on it. "
             "Which plain has room?",
        solution=("pick 1,-1 . L", "go 1,-1 L 2,-1", "end", "hut 2,-1 2"),
        misses=(("pick 1,-1 . L", "go 1,-1 L 1,-2", "end"), ("end", "draw")),
        explanation="The native on the forest picks up lumber (no cost) and walks to the empty "
                    "plain 2 fields east, where another of Blue's natives stands. After the "
                    "movement, action A builds the hut and a sacrifice marker goes under it. The "
                    "plain 2 fields north-north-east already holds two huts: no room.",
        options={"name": "task-build-a-hut"},
    ),
    Task(
        id="erect-a-holy-place",
        ruleset="mesopotamia",
        goal="Erect a holy place for Blue.",
        start=holy_builders,
        check=_erect_a_holy_place,
        rules=("M-HOLY-1", "M-HOLY-2", "M-CARRY-1", "M-ACT-1"),
        hint="A holy place needs two of your natives and a stone on an empty plain. Is every "
             "plain here empty?",
        solution=("pick 1,0 . S", "go 1,0 S 1,1", "go 2,0 . 1,1", "end", "holy 1,1"),
        misses=(("pick 1,0 . S", "go 1,0 S 2,0", "end"), ("end", "draw")),
        explanation="The stone goes from the quarry to the plain 2 fields south-south-east, "
                    "and the second native walks over from the plain where Red's native "
                    "stands: that plain is not empty, so no holy place can go there.",
        options={"name": "task-erect-a-holy-place"},
    ),
    Task(
        id="two-descendants",
        ruleset="mesopotamia",
        goal="Have two descendants born for Blue this turn.",
        start=two_huts,
        check=_two_descendants,
        rules=("M-BIRTH-1", "M-BIRTH-2", "M-BIRTH-3", "M-ACT-1"),
        hint="Which of Blue's huts can give birth — and what does each need?",
        solution=("go -2,0 . -2,1", "end", "birth -1,0", "birth -2,1"),
        misses=(("end", "birth -1,0"), ("go -1,0 . -2,1", "end", "birth -2,1")),
        explanation="The hut north-west has two natives; the hut 2 fields west has one, so a "
                    "native walks there from the hut 2 fields north-west — whose sacrifice "
                    "marker forbids births anyway. After the movement, the birth action is "
                    "taken twice, once at each hut.",
        options={"name": "task-two-descendants"},
    ),
    Task(
        id="three-mana",
        ruleset="mesopotamia",
        goal="End Blue's turn having received 3 mana.",
        start=holy_walk,
        check=_three_mana,
        rules=("M-MANA-1", "M-MANA-2", "M-CARD-PRIEST-1", "M-TURN-1"),
        hint="How many natives does each holy place need to pay Blue? And what is the card "
             "for?",
        solution=("play priest -2,0", "go -1,0 . -2,0", "go -1,1 . -1,-1", "go -1,1 . -1,-1",
                  "end", "draw"),
        misses=(("go -1,0 . -2,0", "go -1,1 . -1,-1", "end", "draw"),
                ("play priest -1,-1", "go -1,1 . -1,-1", "go -1,0 . -2,0", "end", "draw")),
        explanation="One native on Blue's own holy place (1 mana), two on Red's (1 mana: another "
                    "player's holy place needs two) and the Priest on either holy place (one "
                    "more): 1 + 2 + 2 movement points, and 3 mana in phase III.",
        options={"name": "task-three-mana"},
    ),
    Task(
        id="carry-to-the-temple",
        ruleset="mesopotamia",
        goal="Carry the sacrifice marker into the temple and place it there.",
        start=marker_and_stone,
        check=_carry_to_the_temple,
        rules=("M-SAC-3", "M-SAC-4", "M-TEMPLE-1", "M-MOVE-5"),
        hint="Look at Blue's mana track and the value of the marker. What else can Blue bring "
             "to the temple?",
        solution=("go 1,0 S 0,0", "drop 0,0 S", "go -1,0 M4 0,0"),
        misses=(("go -1,0 M4 0,0",), ("go 1,0 S 0,0", "go -1,0 M4 0,0"), ("end", "draw")),
        explanation="The marker costs 4 mana and Blue has 3. The native on the quarry carries "
                    "its stone into the temple place and unloads it: the maximum rises to 5 "
                    "and Blue gains 1 mana, 4. Now the marker can be paid for.",
        options={"name": "task-carry-to-the-temple"},
    ),
])


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


def _two_priests() -> int:
    gain, _ = phase_three_mana(BLUE, {(-2, 1): BLUE}, {(-2, 1): 1}, [(-2, 1), (-2, 1)])
    return gain


def _players(*players: int) -> Callable[[], list[tuple[int, str]]]:
    return lambda: [(p, meso.player_name(p)) for p in players]


EXERCISES = Exercises([
    # Part 1 — the land, the pieces and the start
    Exercise(
        id="fields-in-pile",
        answer=lambda: len(meso.new_state(3, seed=1).pile),
        wrong=lambda: [34, 41, 26, 22],
        rules=("M-COMP-1", "M-SETUP-2", "M-SETUP-3"),
    ),
    Exercise(
        id="first-round-points",
        answer=lambda: FIRST_ROUND[3][YELLOW],
        wrong=lambda: [4, 3, 2],
        rules=("M-TURN-2",),
    ),
    Exercise(
        id="temple-neighbours",
        answer=lambda: sum(1 for _, _, ok in meso.map_graph(setup_example()).edges(
            "0,0", data="passable") if ok),
        wrong=lambda: [6, 2, 5],
        rules=("M-MOVE-3", "M-SETUP-2"),
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
    ),
    Exercise(
        id="reach-lumber",
        answer=lambda: len(_reach(walkers(), "-1,0", "L")),
        wrong=lambda: [len(_reach(walkers(), "-1,0", ".")), 4, 8],
        rules=("M-MOVE-5", "M-CARRY-3"),
        predict=True,
    ),
    Exercise(
        id="steal-count",
        answer=lambda: len([m for m in _moves(raid(), meso.Steal) if m.field == "-1,0"]),
        wrong=lambda: [1, 3, 0],
        rules=("M-STEAL-1", "M-STEAL-2"),
    ),
    Exercise(
        id="steal-equal",
        answer=lambda: len(_moves(even_raid(), meso.Steal)),
        wrong=lambda: [1, 2, 3],
        rules=("M-STEAL-1",),
    ),
    Exercise(
        id="steal-marker",
        answer=lambda: "yes" if any(m.field == "-1,1" for m in _moves(raid(), meso.Steal))
        else "no",
        kind="choice",
        options=lambda: [("yes", "Yes: Blue has more natives there"),
                         ("no", "No: a sacrifice marker can never be stolen")],
        wrong=lambda: ["yes"],
        rules=("M-STEAL-3",),
    ),
    # Part 3 — discovering new land
    Exercise(
        id="lumber-on-new-forest",
        answer=_lumber_on_new_forest,
        wrong=lambda: [1, 3, 0],
        rules=("M-DISC-3",),
        predict=True,
    ),
    Exercise(
        id="discoveries-left",
        answer=_discoveries_left,
        wrong=lambda: [0, 2, 3],
        rules=("M-DISC-6", "M-DISC-2"),
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
    ),
    Exercise(
        id="one-action",
        answer=lambda: "yes" if _moves(_after(village(), "hut -1,0 7"), meso.DrawCard)
        or not _moves(village(), meso.DrawCard) else "no",
        kind="choice",
        options=lambda: [("yes", "Yes: a player may take any number of actions"),
                         ("no", "No: only more huts, the action already chosen")],
        wrong=lambda: ["yes"],
        rules=("M-ACT-1", "M-HUT-4"),
    ),
    Exercise(
        id="natives-after-birth",
        answer=_natives_after_birth,
        wrong=lambda: [6, 8, 9],
        rules=("M-BIRTH-1", "M-BIRTH-2", "M-BIRTH-3"),
    ),
    # Part 5 — mana
    Exercise(
        id="mana-after-stones",
        answer=lambda: "{} of {}".format(*(lambda s: (s.mana[BLUE], s.max_mana[BLUE]))(
            _after(three_stones(), "drop 0,0 S", "drop 0,0 S", "drop 0,0 S"))),
        kind="choice",
        options=lambda: [(v, f"mana {v.replace(' of ', ', maximum ')}")
                         for v in ("3 of 6", "5 of 6", "5 of 3", "3 of 3", "6 of 6")],
        wrong=lambda: ["3 of 6", "5 of 3", "3 of 3"],
        rules=("M-TEMPLE-1", "M-COMP-5"),
        predict=True,
    ),
    Exercise(
        id="mana-one-pilgrim",
        answer=lambda: _after(pilgrims(on_red=1), "end", "draw").mana[BLUE] - 1,
        wrong=lambda: [2, 0, 3],
        rules=("M-MANA-1",),
    ),
    Exercise(
        id="stones-needed",
        answer=lambda: max(MARKER_VALUES) - START_MAX_MANA,
        wrong=lambda: [7, 3, 19, 5],
        rules=("M-TEMPLE-1", "M-COMP-5", "M-MANA-2"),
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
        options=lambda: [("placed", "The marker is placed at once"),
                         ("waits", "The native stands on the temple place with the marker, "
                                   "not placed yet"),
                         ("pushed", "The native is pushed back")],
        wrong=lambda: ["placed", "pushed"],
        rules=("M-SAC-1", "M-SAC-2"),
        predict=True,
    ),
    Exercise(
        id="pushed-back-to",
        answer=_pushed_to,
        kind="choice",
        options=lambda: _lettered(PUSHED, short_of_mana()),
        wrong=lambda: ["-2,0", "0,0"],
        rules=("M-SAC-4",),
    ),
    Exercise(
        id="what-red-sees",
        answer=_red_sees,
        kind="choices",
        options=lambda: [("cards", "which cards Blue holds"),
                         ("how-many", "how many cards Blue holds"),
                         ("blue-markers", "the values of Blue's markers in front of Blue"),
                         ("own-marker", "the value of the marker under Red's own hut"),
                         ("placed", "the values of the markers placed at the temple"),
                         ("pile", "the order of the face-down field pile")],
        wrong=lambda: [{"cards", "how-many", "placed"}, {"how-many", "placed"},
                       {"how-many", "own-marker", "placed", "pile"},
                       {"how-many", "own-marker", "blue-markers", "placed"}],
        rules=("M-HIDDEN-1", "M-HUT-3"),
    ),
    Exercise(
        id="round-limit-winner",
        answer=_limit_winner,
        kind="choice",
        options=_players(BLUE, RED, YELLOW),
        wrong=lambda: [BLUE, RED],
        rules=("M-END-2",),
    ),
    # Part 7 — the cards and the variants
    Exercise(
        id="expulsion-reach",
        answer=_expulsion_reach,
        wrong=lambda: [3, 8, 9, 5],
        rules=("M-CARD-EXPULSION-1",),
    ),
    Exercise(
        id="priest-twice",
        answer=_two_priests,
        wrong=lambda: [2, 4, 1],
        rules=("M-CARD-PRIEST-1", "M-MANA-1"),
    ),
    Exercise(
        id="held-card",
        answer=_after_held_card,
        kind="choice",
        options=lambda: [("ends", "Blue's turn ends at once: phase III, then Red"),
                         ("waits", "Blue's turn goes on: Blue may play the card, or say Done"),
                         ("birth", "Blue may give birth again")],
        wrong=lambda: ["ends", "birth"],
        rules=("M-CARD-PLAY-2", "M-ACT-1"),
        predict=True,
    ),
    Exercise(
        id="deck-both-variants",
        answer=lambda: len(meso.new_state(3, seed=8, cards_at_start=True,
                                          no_reshuffle=True).deck),
        wrong=lambda: [18, 14, 12],
        rules=("M-VAR-1", "M-VAR-2", "M-COMP-4"),
    ),
    Exercise(
        id="two-player-deck",
        answer=lambda: len(full_deck(2)),
        wrong=lambda: [18, 16, 12],
        rules=("M-SETUP-5",),
    ),
    # Part 8 — for programmers
    Exercise(
        id="graph-edges",
        answer=lambda: meso.map_graph(setup_example()).number_of_edges(),
        wrong=lambda: [6, 7, 21, 10],
        rules=("M-COMP-1",),
    ),
], words=__file__)
