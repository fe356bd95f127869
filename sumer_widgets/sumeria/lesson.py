"""The Sumeria lesson (notebooks 01-sumeria and 01-sumeria-nl): positions, exercises, board tasks.

Every answer is computed by the engine from the positions below; the notebooks only name the
exercises and tasks by id (``lesson.ask("reach-from-nippur")``, ``lesson.task("umma-first")``)
and the positions by name (``start("crossroads")``). The board tasks are data: ``tasks.toml``
beside this module, each a position of `POSITIONS` and a goal kind of the game
(`sumer_widgets.sumeria.goals`). Every sentence is in ``words.<lang>.toml``, in English and
Dutch; the Dutch use the Dutch rulebook's words (hoofdstad, stad, dorp, handelaar, stadstaat,
invloedsmarker, rij van aanzien).

**Commit before reveal.** What shows an exercise's answer — the hops traced, a refusal that
lists where a trader can go, the end of a round played out — is its `reveal`, made afresh on a
game of its own once the learner has answered; no notebook cell shows it.

The Dutch notebook plays by the Dutch rulebook (``tiebreak="villages"``: its `Lesson` is opened
with that option, and its board tasks play by it), the English one by the English rulebook
(``"towns"``). Every exercise and task below has the same answer under both readings, except
the two tasks that are about the difference (`towns-tie`, `villages-tie`), which fix their
reading (``ruleset_options`` in ``tasks.toml``); `tests/widgets/test_sumeria_lesson.py`
checks this.

Parts of the notebooks and what they practise:

1. the board, the row of importance and the set-up — `towns-on-board`, `scored-second`,
   `rounds-from-tiles`, `traders-after-setup`, task `first-trader`;
2. moving along the trade routes — `reach-from-nippur`, `reach-through-kish`, task
   `into-eridu`;
3. a turn and the row — `row-after-removal`, `move-inside`, `empty-reserve`, tasks
   `umma-first`, `lagash-loses`;
4. the end of a round — `nippur-tie`, `umma-city`, `tiles-in-third`, `lone-trader`, task
   `take-kish`;
5. a new round — `next-first-player`, `first-in-round-2`;
6. the end of the game — `score-3-3-1-0`, `one-more-tile`, `tied-winner`, task `best-tiles`;
7. English or Dutch — `villages-tiebreak`, tasks `towns-tie`, `villages-tie`;
8. for programmers — `routes-at-a-city`, `edges-on-board`;
9. a whole game against the bots (`against_bots(say_why=True)`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import sumeria
from engine.core import LANGUAGES, Game, InvalidInput
from engine.sumeria import Add, MoveTrader, Remove
from engine.sumeria.events import ControlDecided, FirstPlayerChosen, TilesDiscarded, TilesTaken
from engine.sumeria.scoring import TRIANGLE, final_winners
from sumer_widgets.exercises import Exercise, Exercises
from sumer_widgets.sumeria import readers
from sumer_widgets.taskfile import lesson_tasks
from sumer_widgets.words import Section

BOARD = sumeria.Board.standard()
ROW = ["nippur", "umma", "kish", "lagash", "eridu", "ur", "larsa", "uruk"]
KISH_FIRST = ["kish", "nippur", "umma", "lagash", "eridu", "ur", "larsa", "uruk"]
BLUE, ORANGE, GREEN = 0, 1, 2
#: The lesson's other sentences (``[lesson.<name>]`` of the words files): those that come
#: with a question's reveal are ``[lesson.reveals]``.
LESSON = Section(__file__, "lesson")


def city_state_name(cs_id: str) -> str:
    return BOARD.city_state(cs_id).name


def _cs_of(loc_id: str) -> str:
    return BOARD.location(loc_id).city_state


def _lettered(locations: list[str]) -> list[tuple[str, dict[str, str]]]:
    """Choices that name places: "A — Nippur city", matching the letters of `picture`."""
    return [(loc, {lang: f"{chr(65 + n)} — {BOARD.label(loc, lang)}" for lang in LANGUAGES})
            for n, loc in enumerate(locations)]


def _names(cs_ids: list[str]) -> Callable[[], list[tuple[str, str]]]:
    return lambda: [(cs, city_state_name(cs)) for cs in cs_ids]


def _player_options(*players: int) -> Callable[[], list[tuple[int, dict[str, str]]]]:
    return lambda: [(p, {lang: sumeria.player_name(p, lang) for lang in LANGUAGES})
                    for p in players]


# Positions -----------------------------------------------------------------------------------
# Each takes the ruleset's options (the Dutch notebook passes tiebreak="villages").


def setup_example(**options: Any) -> sumeria.State:
    """A new three-player game just dealt: the row, the six tiles, the first player."""
    return sumeria.new_state(3, seed=2009, **options)


def umma_second(**options: Any) -> sumeria.State:
    """Umma second in the row; Blue's trader in Nippur town 2 can reach Umma over Orange."""
    return sumeria.position(3, {"nippur.town2": BLUE, "nippur.village2": ORANGE,
                                "kish.city": GREEN}, row=ROW, **options)


def crossroads(**options: Any) -> sumeria.State:
    """Kish, first in the row, crowded: Blue's trader in Kish town 1 turns at the occupied
    city. The moves of part 3 start here too."""
    return sumeria.position(3, {"kish.town1": BLUE, "kish.city": ORANGE, "kish.village1": GREEN,
                                "kish.town2": ORANGE, "kish.town3": GREEN},
                            row=KISH_FIRST, **options)


def past_kish(**options: Any) -> sumeria.State:
    """Blue's trader in Kish village 1 can reach Eridu only by jumping through Kish city."""
    return sumeria.position(3, {"kish.village1": BLUE, "kish.town1": ORANGE, "kish.city": GREEN,
                                "kish.town2": ORANGE, "kish.village2": GREEN,
                                "ur.city": BLUE, "lagash.town1": ORANGE},
                            row=["nippur", "umma", "lagash", "eridu", "kish", "ur", "larsa",
                                 "uruk"], **options)


def lagash_third(**options: Any) -> sumeria.State:
    """Lagash third in the row with one of Blue's traders in it; Eridu fourth."""
    return sumeria.position(3, {"lagash.town1": BLUE, "uruk.town2": BLUE, "kish.city": BLUE,
                                "lagash.village2": ORANGE, "umma.city": GREEN,
                                "eridu.town1": GREEN},
                            row=["kish", "umma", "lagash", "eridu", "nippur", "ur", "larsa",
                                 "uruk"], **options)


def full_reserve_used(**options: Any) -> sumeria.State:
    """Blue has every one of its 14 traders on the board."""
    blue = ["kish.city", "nippur.city", "umma.city", "lagash.city", "eridu.city", "ur.city",
            "larsa.city", "uruk.city", "kish.town1", "nippur.town1", "umma.town1",
            "lagash.town1", "eridu.town1", "ur.town1"]
    return sumeria.position(3, {**dict.fromkeys(blue, BLUE), "kish.village1": ORANGE,
                                "ur.village2": GREEN}, row=KISH_FIRST, **options)


def round_end(**options: Any) -> sumeria.State:
    """The last turn of round 1: Green to move, then Kish, Nippur and Umma are scored."""
    return sumeria.position(3, {"kish.city": BLUE, "kish.town1": BLUE, "kish.town2": ORANGE,
                                "nippur.town1": ORANGE, "nippur.town2": GREEN,
                                "umma.city": GREEN, "umma.village1": BLUE},
                            row=KISH_FIRST, offer=("EMP", "RE", "M"), first_player=BLUE,
                            to_move=GREEN, turn=3, **options)


def alone_in_kish(**options: Any) -> sumeria.State:
    """The last turn of a round, and only Blue has traders in Kish, the first city-state."""
    return sumeria.position(3, {"kish.city": BLUE, "kish.town1": BLUE, "nippur.town1": ORANGE,
                                "nippur.town2": GREEN, "umma.city": GREEN},
                            row=KISH_FIRST, offer=("EMP", "RE", "M"), first_player=BLUE,
                            to_move=GREEN, turn=3, **options)


def kish_contest(**options: Any) -> sumeria.State:
    """Blue's last turn of the round: Orange leads Kish 2–1 and would win a tie by order."""
    return sumeria.position(3, {"kish.town1": ORANGE, "kish.village1": ORANGE,
                                "kish.village2": BLUE, "nippur.village1": BLUE,
                                "umma.city": GREEN, "umma.town1": BLUE, "ur.city": GREEN},
                            row=KISH_FIRST, offer=("EMP", "RE", "M"), first_player=ORANGE,
                            to_move=BLUE, turn=3, **options)


def choosing_tiles(**options: Any) -> sumeria.State:
    """Round 3 is scored: Blue controls Kish and chooses 2 of economy, military and religion,
    holding 3 economy and 1 military tile already."""
    before = sumeria.position(
        3, {"kish.city": BLUE, "kish.town1": BLUE, "kish.town2": ORANGE, "nippur.city": ORANGE,
            "nippur.town2": GREEN, "umma.city": GREEN, "umma.village1": BLUE},
        row=KISH_FIRST, offer=("EMR", "RP", "M"),
        influence=[{"economy": 3, "military": 1}, {"political": 1, "religion": 1},
                   {"military": 2}],
        first_player=BLUE, to_move=GREEN, turn=3, round=3, **options)
    state, _ = sumeria.apply(before, Add("uruk.village3"))
    return state


def kish_tie(**options: Any) -> sumeria.State:
    """Blue and Orange tied 2–2 in Kish, Green in its city, Orange first this round: one move of
    Blue's inside Kish wins it — a different one under each rulebook's tie-break (the option
    `tiebreak`)."""
    return sumeria.position(3, {"kish.town1": BLUE, "kish.village2": BLUE, "kish.town3": ORANGE,
                                "kish.village3": ORANGE, "kish.city": GREEN, "ur.city": BLUE,
                                "nippur.town1": ORANGE},
                            row=KISH_FIRST, first_player=ORANGE, to_move=BLUE, **options)


def kish_choice(**options: Any) -> sumeria.State:
    """`round_end` after Green's last turn: the round is being scored, and Blue, who controls
    Kish, chooses its tiles."""
    return _after(round_end(**options), "add uruk.village3")


def nippur_choice(**options: Any) -> sumeria.State:
    """`round_end` after Green's last turn and Blue's choice in Kish: Orange chooses in
    Nippur, and then the round ends."""
    return _after(kish_choice(**options), "take EP")


POSITIONS: dict[str, Callable[..., sumeria.State]] = {
    "setup": setup_example, "umma-second": umma_second, "crossroads": crossroads,
    "past-kish": past_kish, "lagash-third": lagash_third, "all-on-board": full_reserve_used,
    "round-end": round_end, "alone-in-kish": alone_in_kish, "kish-contest": kish_contest,
    "choosing-tiles": choosing_tiles, "kish-choice": kish_choice,
    "nippur-choice": nippur_choice, "kish-tie": kish_tie,
}


def start(name: str, **options: Any) -> Game:
    """A game at the lesson's position `name` (see `POSITIONS`), e.g. ``start("crossroads")``.

    Options are the ruleset's (``tiebreak="villages"`` for the Dutch rulebook)."""
    if name not in POSITIONS:
        raise InvalidInput(f"no position {name!r}; known: {', '.join(POSITIONS)}")
    return sumeria.Game(POSITIONS[name](**options))


def explorer(name: str, lang: str = "en") -> Any:
    """The explorer board (place, move and remove any trader freely) with the traders of the
    lesson's position `name`: click a trader to see where it can go."""
    from sumer_widgets.sumeria.board import SumeriaBoard

    state = POSITIONS[name]()
    traders = {loc: state.trader_at(loc) for loc in sorted(state.occupied)}
    return SumeriaBoard(traders=traders, lang=lang, name=f"explorer-{name}")


def bot_game(seed: int = 3, level: str = "medium", **options: Any) -> Game:
    """A whole three-player game played by bots of one `level`, from `seed`."""
    from engine.bots import bot_for_level
    from engine.core import play_out

    game = sumeria.new_game(players=3, seed=seed, **options)
    bots = [bot_for_level("sumeria", level, seed=seed + seat) for seat in range(3)]
    return play_out(game, lambda state: bots[state.to_move].choose(state.view(state.to_move)))


# Pictures of the questions: the board with the places a question names lettered --------------

REACH_NIPPUR = ["nippur.city", "nippur.village2", "umma.village1", "umma.town1",
                "kish.village1"]
REACH_KISH = ["nippur.village1", "kish.city", "kish.town3", "eridu.village2", "eridu.town2",
              "lagash.village3"]


def picture(name: str, lang: str = "en", width: int | None = 640) -> Any:
    """The picture a question refers to, e.g. ``picture("reach-from-nippur")``."""
    pictures = {
        "reach-from-nippur": lambda: readers.marked(
            umma_second(), dict(zip(REACH_NIPPUR, "ABCDE")), lang, "nippur.town2", width),
        "reach-through-kish": lambda: readers.marked(
            past_kish(), dict(zip(REACH_KISH, "ABCDEF")), lang, "kish.village1", width),
    }
    if name not in pictures:
        raise InvalidInput(f"no picture {name!r}; known: {', '.join(pictures)}")
    return pictures[name]()


def paths_picture(name: str, trader: str, lang: str = "en", width: int | None = 640) -> Any:
    """The trader on `trader` in the lesson's position `name`, and every way it can go, traced
    hop by hop (each destination ringed)."""
    from sumer_widgets.sumeria.picture import render

    state = POSITIONS[name]()
    return render(state, lang=lang, selected=trader, panel=False, width=width,
                  paths=BOARD.paths(trader, state.occupied))


def crossroads_paths(lang: str = "en", width: int | None = 640) -> Any:
    """Blue's trader in Kish town 1 and every way it can go, traced hop by hop."""
    return paths_picture("crossroads", "kish.town1", lang, width)


# Playing now ---------------------------------------------------------------------------------

#: Where Blue's traders go when the set-up is done for the learner: cities first.
SETUP_WISHES = tuple(f"{city_state}.{place}" for place in ("city", "town1", "town2", "town3")
                     for city_state in ("kish", "nippur", "ur", "uruk", "lagash", "umma",
                                        "eridu", "larsa"))


def against_bots(lang: str = "en", seed: int = 7, levels: tuple[str, str] = ("medium", "hard"),
                 name: str = "play", say_why: bool = False, **options: Any) -> Any:
    """A board on which the learner plays Blue against two bots (Orange, Green) at `levels`,
    with the set-up already done (Blue's traders on the cities first), opening on turn 1; with
    `say_why` the log says after each bot move why the rules allowed it."""
    from engine.bots import bot_for_level
    from sumer_widgets.sumeria.board import SumeriaBoard

    game = sumeria.new_game(players=3, seed=seed, **options)
    bots = {seat: bot_for_level("sumeria", level, seed=seed + seat)
            for seat, level in zip((ORANGE, GREEN), levels)}
    board = SumeriaBoard(game, bots=bots, lang=lang, name=name)
    board.why_bots = say_why
    while game.state.phase == "placement":
        legal = game.legal_moves()
        # Should the bots take every wished place: the first place the rules allow.
        board.play(next((move for loc in SETUP_WISHES if (move := sumeria.Place(loc)) in legal),
                        legal[0]))
    return board


# Board tasks ---------------------------------------------------------------------------------
# Each a position of `POSITIONS`, a goal kind of the game (`sumer_widgets.sumeria.goals`) with
# its parameters, a par, the rules it practises, a solution and recorded misses: ``tasks.toml``
# beside this module; what the learner reads is ``[task.<id>]`` of the words files.

TASKS = lesson_tasks(__file__, POSITIONS)


# Exercises -----------------------------------------------------------------------------------


def _reach_from_nippur() -> frozenset[str]:
    state = umma_second()
    return BOARD.reachable("nippur.town2", state.occupied)


def _reach_through_kish() -> frozenset[str]:
    state = past_kish()
    return BOARD.reachable("kish.village1", state.occupied)


def _after(state: sumeria.State, *moves: str) -> sumeria.State:
    for text in moves:
        state, _ = sumeria.apply(state, sumeria.parse_move(text))
    return state


#: The turns of part 3, from `crossroads`: Blue moves into Nippur, Orange adds in Umma.
TURNS = ("move kish.town1 nippur.village1", "add umma.town2")


def _action_kinds(state: sumeria.State) -> set[str]:
    kinds = {Add: "add", MoveTrader: "move", Remove: "remove"}
    return {kinds[type(m)] for m in sumeria.legal_moves(state)}


def _end_of_round(state: sumeria.State) -> tuple[sumeria.State, list[Any]]:
    """Green's last turn (`state` is a last turn) and the scoring after it, each controller
    taking the first choice the engine lists: the state of the next round and every event."""
    game = sumeria.Game(state)
    events = list(game.play(Add("uruk.village3")))
    while game.state.phase == "scoring":
        events += game.play(game.legal_moves()[0])
    return game.state, events


def _control_after_round(state: sumeria.State, cs_id: str) -> int | None:
    """Who the engine says controls `cs_id` when the round ends."""
    return next(event.player for event in _end_of_round(state)[1]
                if isinstance(event, ControlDecided) and event.city_state == cs_id)


def _lone_trader_fate() -> str:
    _, events = _end_of_round(alone_in_kish())
    discarded = any(isinstance(e, TilesDiscarded) and e.city_state == "kish" for e in events)
    return "discarded" if discarded else "second"


def _tiles_from_third(state: sumeria.State, player: int) -> int:
    """How many tiles `player` gets from the 3rd city-state when the round ends."""
    _, events = _end_of_round(state)
    return sum(len(e.tiles) for e in events if isinstance(e, TilesTaken)
               and e.city_state == state.row[2] and e.player == player)


TIED = ((3, 3, 1, 0), (4, 1, 1, 1))
#: Kish at the end of part 7's question: 3 traders each, towns against villages.
KISH_TOWNS_VILLAGES = {"kish.town1": BLUE, "kish.town2": BLUE, "kish.village1": BLUE,
                       "kish.town3": ORANGE, "kish.village2": ORANGE, "kish.village3": ORANGE}


# What shows each answer (`Exercise.reveal`), made afresh once the learner has committed: a
# demonstration on a game of its own, never one that a later cell goes on with.


def _reveal_reach_from_nippur(lang: str) -> Any:
    return paths_picture("umma-second", "nippur.town2", lang)


def _reveal_reach_through_kish(lang: str) -> list[Any]:
    from sumer_widgets.display import attempt

    return [paths_picture("past-kish", "kish.village1", lang),
            attempt(start("past-kish"), "move kish.village1 kish.village2", lang)]


def _reveal_removal(lang: str) -> Any:
    from sumer_widgets.display import attempt

    return attempt(sumeria.Game(_after(crossroads(), *TURNS)), "remove kish.town3", lang,
                   width=640)


def _reveal_move_inside(lang: str) -> Any:
    from sumer_widgets.display import attempt

    after = _after(crossroads(), *TURNS, "remove kish.town3")
    return [attempt(sumeria.Game(after), "move nippur.village1 nippur.town1", lang, width=640),
            _said("inside", lang)]


def _reveal_empty_reserve(lang: str) -> Any:
    from sumer_widgets.display import attempt

    return attempt(start("all-on-board"), "add nippur.town2", lang)


def _reveal_control(position: Callable[..., sumeria.State], rank: int,
                    **options: Any) -> Callable[[str], Any]:
    def reveal(lang: str) -> Any:
        from sumer_widgets.display import Sentence

        return Sentence(readers.control_text(position(**options), rank, lang))
    return reveal


def _reveal_lone_trader(lang: str) -> Any:
    from sumer_widgets.display import attempts

    return attempts(start("alone-in-kish"), ["add uruk.village3", "take EM"], lang,
                    picture=False)


def _reveal_first_player(lang: str) -> Any:
    from sumer_widgets.display import told

    _, events = _end_of_round(round_end())
    return told([e for e in events if isinstance(e, FirstPlayerChosen)], lang)


def _reveal_new_round(lang: str) -> Any:
    from sumer_widgets.display import attempt

    return attempt(start("nippur-choice"), "take R", lang, width=640)


def _reveal_score(players: dict[str, tuple[int, ...]]) -> Callable[[str], Any]:
    def reveal(lang: str) -> Any:
        names = {name: sumeria.player_name(("Blue", "Orange", "Green").index(name), lang)
                 for name in players}
        return readers.score_table({names[n]: counts for n, counts in players.items()}, lang)
    return reveal


def _said(key: str, lang: str, **values: Any) -> Any:
    from sumer_widgets.display import Sentence

    return Sentence(LESSON.say("reveals", key, **values).describe(lang))


def _reveal_degree(lang: str) -> Any:
    graph = BOARD.graph
    degrees = {graph.degree(f"{cs.id}.city") for cs in BOARD.city_states}
    if len(degrees) != 1:  # a board file whose cities differ: the sentence would not hold
        raise ValueError(f"the cities' degrees differ: {sorted(degrees)}")
    return _said("degree", lang, ur=graph.degree("ur.city"))


def _reveal_edges(lang: str) -> Any:
    return _said("edges", lang, edges=BOARD.graph.number_of_edges(),
                 nodes=BOARD.graph.number_of_nodes())


EXERCISES = Exercises([
    # Part 1 — the board, the row and the set-up
    Exercise(
        id="towns-on-board",
        answer=lambda: sum(1 for loc in BOARD.locations if loc.kind == "town"),
        wrong=lambda: [3, 8, 48, 56],
        rules=("S-COMP-1",),
    ),
    Exercise(
        id="scored-second",
        answer=lambda: setup_example().row[1],
        kind="choice",
        options=lambda: [(cs, city_state_name(cs)) for cs in setup_example().row],
        wrong=lambda: [setup_example().row[0], setup_example().row[2],
                       setup_example().row[-2]],
        rules=("S-SETUP-2", "S-ROUND-1"),
    ),
    Exercise(
        id="rounds-from-tiles",
        answer=lambda: 36 // sum(len(t) for t in setup_example().offer),
        wrong=lambda: [3, 9, 12, 36],
        rules=("S-SETUP-3", "S-TURN-1", "S-END-1"),
        tells=(r"\b(?:6|six|zes) (?:rounds|rondes)\b", r"\bsixth round\b", r"\bzesde ronde\b",
               r"36 ÷ 6"),
    ),
    Exercise(
        id="traders-after-setup",
        answer=lambda: 4 * sumeria.INITIAL_TRADERS[4],
        wrong=lambda: [sumeria.INITIAL_TRADERS[4], 4 * sumeria.TRADERS[4],
                       3 * sumeria.INITIAL_TRADERS[3], 4 * sumeria.INITIAL_TRADERS[3]],
        rules=("S-SETUP-1", "S-SETUP-6"),
    ),
    # Part 2 — moving along the trade routes
    Exercise(
        id="reach-from-nippur",
        answer=_reach_from_nippur,
        kind="choices",
        options=lambda: _lettered(REACH_NIPPUR),
        wrong=lambda: [{"nippur.village2"}, {"umma.village1"}, {"nippur.city"},
                       {"nippur.city", "nippur.village2"},
                       {"nippur.city", "umma.village1", "umma.town1"}],
        rules=("S-MOVE-1", "S-MOVE-2", "S-MOVE-3"),
        predict=True,
        reveal=_reveal_reach_from_nippur,
    ),
    Exercise(
        id="reach-through-kish",
        answer=_reach_through_kish,
        kind="choices",
        options=lambda: _lettered(REACH_KISH),
        wrong=lambda: [{"nippur.village1"}, {"nippur.village1", "kish.city"},
                       {"nippur.village1", "eridu.village2"},
                       {"kish.town3", "eridu.village2"},
                       {"nippur.village1", "kish.town3", "eridu.town2"},
                       {"nippur.village1", "kish.town3", "eridu.village2", "lagash.village3"}],
        rules=("S-MOVE-1", "S-MOVE-2", "S-MOVE-3", "S-MOVE-4"),
        predict=True,
        reveal=_reveal_reach_through_kish,
    ),
    # Part 3 — a turn and the row of importance
    Exercise(
        id="row-after-removal",
        answer=lambda: _after(crossroads(), *TURNS, "remove kish.town3").row[2],
        kind="choice",
        options=_names(["nippur", "umma", "kish", "lagash", "eridu"]),
        wrong=lambda: ["kish", "umma", "nippur", "eridu"],
        rules=("S-REMOVE-1", "S-REMOVE-2"),
        predict=True,
        reveal=_reveal_removal,
        tells=(r"\b3\. Lagash\b", r"swaps with Lagash", r"wisselt met Lagash"),
    ),
    Exercise(
        id="move-inside",
        answer=lambda: _row_change(_after(crossroads(), *TURNS, "remove kish.town3"),
                                   "move nippur.village1 nippur.town1"),
        kind="choice",
        options=lambda: ["left", "none", "right"],
        wrong=lambda: ["left", "right"],
        rules=("S-MOVE-5",),
        predict=True,
        reveal=_reveal_move_inside,
    ),
    Exercise(
        id="empty-reserve",
        answer=lambda: _action_kinds(full_reserve_used()),
        kind="choices",
        options=lambda: ["add", "move", "remove"],
        wrong=lambda: [{"add", "move", "remove"}, {"move"}, {"remove"}, {"add", "move"}],
        rules=("S-TURN-2", "S-ADD-3"),
        predict=True,
        reveal=_reveal_empty_reserve,
    ),
    # Part 4 — the end of a round
    Exercise(
        id="nippur-tie",
        answer=lambda: _control_after_round(round_end(), "nippur"),
        kind="choice",
        options=_player_options(BLUE, ORANGE, GREEN),
        wrong=lambda: [GREEN, BLUE],
        rules=("S-CTRL-1", "S-CTRL-2", "S-CTRL-3", "S-CTRL-4"),
        predict=True,
        reveal=_reveal_control(round_end, 1),
        tells=(r"Nippur \(2(?:nd|e)\): (?:Orange|Oranje)",),
    ),
    Exercise(
        id="umma-city",
        answer=lambda: _control_after_round(round_end(), "umma"),
        kind="choice",
        options=_player_options(BLUE, ORANGE, GREEN),
        wrong=lambda: [BLUE, ORANGE],
        rules=("S-CTRL-1", "S-CTRL-2"),
        predict=True,
        reveal=_reveal_control(round_end, 2),
        tells=(r"Umma \(3(?:rd|e)\): (?:Green|Groen)",),
    ),
    Exercise(
        id="tiles-in-third",
        answer=lambda: _tiles_from_third(round_end(), BLUE),
        wrong=lambda: [1, 2, 3],
        rules=("S-TILE-3",),
        predict=True,
        # What a demonstration of this round's end would print (the rule itself is taught
        # after the question).
        tells=(r"(?:Green takes|Groen krijgt uit Umma)[^.]{0,30}(?:from Umma|militair)",
               r"(?:Blue|Blauw)[^.]{0,40}(?:nothing from Umma|niets uit Umma)"),
    ),
    Exercise(
        id="lone-trader",
        answer=_lone_trader_fate,
        kind="choice",
        options=lambda: ["blue", "second", "discarded", "bag"],
        wrong=lambda: ["blue", "second", "bag"],
        rules=("S-CTRL-1", "S-TILE-4", "S-TILE-5"),
        predict=True,
        reveal=_reveal_lone_trader,
        # What a demonstration of a lone trader would print (the rule is taught after it).
        tells=(r"Discarded from above Kish", r"Afgelegd van boven Kish", r"It is discarded",
               r"Hij wordt afgelegd"),
    ),
    # Part 5 — a new round
    Exercise(
        id="next-first-player",
        answer=lambda: _end_of_round(round_end())[0].first_player,
        kind="choice",
        options=_player_options(BLUE, ORANGE, GREEN),
        wrong=lambda: [GREEN, ORANGE],
        rules=("S-RESET-3", "S-RESET-4"),
        reveal=_reveal_first_player,
        tells=(r"Blue becomes first player", r"Blauw krijgt de startspelerpion"),
    ),
    Exercise(
        id="first-in-round-2",
        answer=lambda: _end_of_round(round_end())[0].row[0],
        kind="choice",
        options=_names(["kish", "umma", "lagash", "eridu", "uruk"]),
        wrong=lambda: ["kish", "umma", "eridu", "uruk"],
        rules=("S-RESET-5",),
        predict=True,
        reveal=_reveal_new_round,
        tells=(r"(?:row turns|schuift op): Lagash", r"\b1\. Lagash\b"),
    ),
    # Part 6 — the end of the game
    Exercise(
        id="score-3-3-1-0",
        answer=lambda: sumeria.score_influence({"economy": 3, "military": 3, "political": 1}),
        wrong=lambda: [7, 12, 14, 21],
        rules=("S-END-2",),
        reveal=_reveal_score({"Blue": TIED[0]}),
    ),
    Exercise(
        id="one-more-tile",
        answer=lambda: TRIANGLE[6] - TRIANGLE[5],
        wrong=lambda: [1, 5, 15, 21],
        rules=("S-END-2",),
        tells=(r"\b6th (?:religion )?tile adds 6\b", r"\badds 6 points\b",
               r"\b6e (?:religieuze )?marker levert 6\b"),
    ),
    Exercise(
        id="tied-winner",
        answer=lambda: _the_winner(TIED),
        kind="choice",
        options=lambda: [*_player_options(BLUE, ORANGE)(), "both"],
        wrong=lambda: [BLUE, "both"],
        rules=("S-END-3",),
        reveal=_reveal_score({"Blue": TIED[0], "Orange": TIED[1]}),
        tells=(r"\bOrange wins\b", r"\bOranje wint\b"),
    ),
    # Part 7 — English or Dutch
    Exercise(
        id="villages-tiebreak",
        answer=lambda: _kish_controller(KISH_TOWNS_VILLAGES, "villages"),
        kind="choice",
        options=_player_options(BLUE, ORANGE),
        wrong=lambda: [BLUE],
        rules=("S-CTRL-3",),
        reveal=_reveal_control(sumeria.position, 0, players=3, traders=KISH_TOWNS_VILLAGES,
                               row=KISH_FIRST, tiebreak="villages"),
        tells=(r"Kish \(1(?:st|e)\): (?:Orange|Oranje)",),
    ),
    # Part 8 — for programmers
    Exercise(
        id="routes-at-a-city",
        answer=lambda: BOARD.graph.degree("ur.city"),
        wrong=lambda: [2, 4, 6, 12],
        rules=("S-COMP-1",),
        reveal=_reveal_degree,
        tells=(r"\bthree (?:trade )?routes leave\b", r"\bdrie (?:handels)?routes\b",
               r"degree[^.\n]{0,20}\b(?:is|gives|geeft|=|→)\s*3\b"),
    ),
    Exercise(
        id="edges-on-board",
        answer=lambda: BOARD.graph.number_of_edges(),
        wrong=lambda: [56, 72, 12, 36],
        rules=("S-COMP-1", "S-MOVE-1"),
        reveal=_reveal_edges,
    ),
], words=__file__)


def _row_change(state: sumeria.State, move: str) -> str:
    """How `move` moves the mover's destination city-state in the row: left, right or none."""
    parsed = sumeria.parse_move(move)
    after, _ = sumeria.apply(state, parsed)
    cs = _cs_of(getattr(parsed, "destination", getattr(parsed, "location", "")))
    before_rank, after_rank = state.rank_of(cs), after.rank_of(cs)
    return "left" if after_rank < before_rank else "right" if after_rank > before_rank else "none"


def _the_winner(influence: tuple[tuple[int, int, int, int], ...]) -> Any:
    winners = final_winners(influence)
    return next(iter(winners)) if len(winners) == 1 else "both"


def _kish_controller(traders: dict[str, int], tiebreak: str) -> int:
    state = sumeria.position(3, traders, row=KISH_FIRST, tiebreak=tiebreak)
    return sumeria.control(state, 0)[0][0]
