"""Sumeria's goal kinds (`sumer_widgets.sumeria.goals`): each reached and missed on a small
position, told in English and Dutch; their parameters' choices come from the start position;
a teacher's Sumeria task file with any part of its goal changed is read or refused, never
anything else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import sumeria
from engine.core import InvalidInput
from sumer_widgets import taskfile, tomlfile
from sumer_widgets.goals import Goal, goal_kinds
from sumer_widgets.lessons import Lesson
from sumer_widgets.sumeria import lesson
from sumer_widgets.tasks import DONE, MISSED, TODO, say
from tests.fuzzing import TRICKY_TEXT, fuzz, garbage

rules = pytest.mark.rules
BLUE, ORANGE, GREEN = 0, 1, 2
ROW = ["nippur", "umma", "kish", "lagash", "eridu", "ur", "larsa", "uruk"]


def task_file(goal: dict, state: sumeria.State, par: int = 1) -> str:
    """A teacher's task file of one task: `goal` from the saved game of `state`."""
    return tomlfile.dumps({"format": "sumer.tasks", "version": 1, "game": "sumeria",
                           "task": [{"id": "mine", "start": sumeria.Game(state).to_json(),
                                     "goal": goal, "par": par,
                                     "words": {"en": {"goal": "Do it."}}}]})


def task_of(goal: dict, state: sumeria.State, par: int = 1):
    task, = taskfile.read(task_file(goal, state, par), game="sumeria")
    return task


def played(task, *moves):
    game = task.new_game()
    for move in moves:
        game.play(move)
    return task.verdict(game)


def said(verdict, lang="en") -> str:
    return verdict.why.describe(lang)


def umma_second() -> sumeria.State:
    """Blue in Nippur town 2, Orange in Nippur village 2; Umma second in the row."""
    return sumeria.position(3, {"nippur.town2": BLUE, "nippur.village2": ORANGE,
                                "kish.city": GREEN}, row=ROW)


@rules("S-MOVE-2", "S-MOVE-3", "S-ADD-1", "S-SETUP-6")
def test_arrive_is_reached_where_a_trader_of_the_learner_ends_up():
    place = task_of({"kind": "arrive", "place": "umma.village1", "by": "move"}, umma_second())
    assert played(place).status == TODO
    done = played(place, "move nippur.town2 umma.village1")
    assert done.status == DONE and said(done) == (
        "Blue's trader arrived at Umma village 1, in Umma (1st in the row).")
    assert said(done, "nl") == (
        "De handelaar van Blauw kwam aan in Umma dorp 1, in Umma (1e in de rij).")
    short = played(place, "move nippur.town2 nippur.city")
    assert short.status == MISSED and "stopped at Nippur city" in said(short)
    # Another action than the one asked for is named as the slip.
    added = played(place, "add umma.village1")
    assert added.status == MISSED and said(added) == (
        "Blue adds a trader in Umma village 1: that is not a move along a trade route. Start "
        "again and move one of Blue's traders.")
    # A city-state as the place: anywhere in it, by any action.
    anywhere = task_of({"kind": "arrive", "place": "umma", "by": "any"}, umma_second())
    assert played(anywhere, "add umma.town3").status == DONE
    gone = played(anywhere, "remove nippur.town2")
    assert gone.status == MISSED and "no trader of Blue's arrived" in said(gone)
    # At the set-up, placing is the action.
    setup = sumeria.new_state(3, seed=2009)
    first = task_of({"kind": "arrive", "place": setup.row[0], "by": "place"}, setup)
    assert played(first, f"place {setup.row[0]}.town2").status == DONE
    assert played(first, f"place {setup.row[1]}.town2").status == MISSED


@rules("S-ADD-2", "S-REMOVE-2", "S-MOVE-5")
def test_row_place_is_reached_climbing_or_falling_to_the_place():
    climb = task_of({"kind": "row-place", "city_state": "umma", "place": 1, "by": "any"},
                    umma_second())
    done = played(climb, "add umma.town2")
    assert done.status == DONE and said(done) == "Umma is 1st in the row now."
    missed = played(climb, "add ur.town1")
    assert missed.status == MISSED and said(missed) == (
        "Umma is 2nd in the row, not 1st: Nippur is 1st.")
    assert said(missed, "nl") == "Umma staat 2e in de rij, niet 1e: Nippur staat 1e."
    # Falling: Umma, second, reaches 3rd when it loses influence, or when Kish climbs past.
    state = sumeria.position(3, {"umma.town1": BLUE, "kish.city": GREEN}, row=ROW)
    fall = task_of({"kind": "row-place", "city_state": "umma", "place": 3, "by": "any"}, state)
    assert played(fall, "remove umma.town1").status == DONE
    assert played(fall, "add kish.town1").status == DONE
    assert played(fall, "add umma.town2").status == MISSED
    # Within one city-state a move changes nothing (S-MOVE-5).
    assert played(fall, "move umma.town1 umma.city").status == MISSED


@rules("S-ADD-2", "S-REMOVE-2", "S-MOVE-5")
def test_influence_is_reached_by_the_change_asked_for():
    state = sumeria.position(3, {"lagash.town1": BLUE, "kish.city": GREEN}, row=ROW)
    loses = task_of({"kind": "influence", "city_state": "lagash", "change": "loses",
                     "by": "any"}, state)
    done = played(loses, "remove lagash.town1")
    assert done.status == DONE and said(done) == "Lagash lost influence: it is now 5th in the row."
    assert said(done, "nl") == "Lagash verloor invloed: het staat nu 5e in de rij."
    opposite = played(loses, "add lagash.town2")
    assert opposite.status == MISSED and said(opposite) == (
        "Lagash gained influence: the opposite of what the goal asks.")
    away = played(loses, "move lagash.town1 lagash.city")
    assert away.status == MISSED and "a trader that moves away takes no influence" in said(away)
    other = played(loses, "add ur.town1")
    assert other.status == MISSED and said(other) == (
        "Blue adds a trader in Ur town 1: Lagash's influence did not change.")
    gains = task_of({"kind": "influence", "city_state": "lagash", "change": "gains",
                     "by": "remove"}, state)
    assert played(gains, "add lagash.town2").status == MISSED  # not by removing
    assert played(gains, "remove lagash.town1").status == MISSED


def kish_tie(**options) -> sumeria.State:
    return lesson.kish_tie(**options)


@rules("S-CTRL-1", "S-CTRL-2", "S-CTRL-3", "S-CTRL-4")
def test_control_is_reached_when_the_learner_would_control_the_city_state():
    towns = task_of({"kind": "control", "city_state": "kish", "by": "move"}, kish_tie())
    done = played(towns, "move kish.village2 kish.town2")
    assert done.status == DONE and said(done) == (
        "Kish (1st): Blue controls it (2 traders); Orange is second (2 traders) — decided by "
        "more traders in the towns.")
    order = played(towns, "move kish.town1 kish.town2")
    assert order.status == MISSED and said(order).endswith("who plays first this round.")
    # The other rulebook's win is told, in the language of the board.
    villages = played(towns, "move kish.town1 kish.village1")
    assert villages.status == MISSED and said(villages).endswith(
        "(By the Dutch rulebook this would have won: this board plays by the other one.)")
    assert "Volgens het Nederlandse regelboek" in said(villages, "nl")
    left = played(towns, "move kish.town1 lagash.village3")
    assert left.status == MISSED and "The trader left Kish: Blue has fewer traders" in said(left)
    assert played(towns, "add kish.town2").status == MISSED  # more traders, but not a move
    dutch = task_of({"kind": "control", "city_state": "kish", "by": "any"},
                    kish_tie(tiebreak="villages"))
    assert played(dutch, "move kish.town1 kish.village1").status == DONE
    assert played(dutch, "add kish.town2").status == DONE


@rules("S-ROUND-1", "S-CTRL-1", "S-CTRL-2")
def test_control_at_the_end_of_a_round_is_read_from_the_scoring():
    # Green plays the last turn of the round; the scoring follows at once, and Green, with
    # its trader in Umma's city, controls Umma (3rd) against Blue's village.
    state = lesson.round_end()
    umma = task_of({"kind": "control", "city_state": "umma", "by": "any"}, state)
    game = umma.new_game()
    events = game.play("add uruk.village3")
    assert any(type(event).__name__ == "ControlDecided" for event in events)
    assert umma.verdict(game).status == DONE
    kish = task_of({"kind": "control", "city_state": "kish", "by": "any"}, state)
    missed = played(kish, "add uruk.village3")
    assert missed.status == MISSED and said(missed).startswith("Kish (1st): Blue controls it")


@rules("S-TILE-1", "S-END-2")
def test_best_tiles_finds_the_best_choice_and_tells_the_points_of_another():
    task = task_of({"kind": "best-tiles"}, lesson.choosing_tiles())
    assert task.solution == ("take EM",)
    done = played(task, "take EM")
    assert done.status == DONE and said(done) == (
        "With an economy tile and a military tile, Blue gains 6 points: the most it can get "
        "here.")
    worse = played(task, "take MR")
    assert worse.status == MISSED and said(worse) == (
        "With a military tile and a religion tile, Blue gains 3 points; another choice gains "
        "6. A tile is worth more where you already have many.")
    # Where the learner chooses no tiles, the kind finds no solution and asks for a choice.
    elsewhere = task_of({"kind": "best-tiles"}, umma_second())
    assert elsewhere.solution == ()
    assert played(elsewhere, "add umma.town2").status == MISSED


def test_the_parameters_choices_come_from_the_start_position():
    kinds = goal_kinds("sumeria")
    assert set(kinds) == {"arrive", "row-place", "influence", "control", "best-tiles"}
    by = {param.name: param for param in kinds["arrive"].params}["by"]
    setup = sumeria.new_state(3, seed=2009)
    assert [value for value, _ in by.choices(setup)] == ["any", "place"]
    assert [value for value, _ in by.choices(umma_second())] == ["any", "add", "move",
                                                                 "remove"]
    # With every trader of Blue's on the board there is nothing to add.
    full = lesson.full_reserve_used()
    assert "add" not in [value for value, _ in by.choices(full)]
    labels = dict(by.choices(umma_second()))
    assert labels["move"] == {"en": "moving a trader", "nl": "een handelaar verplaatsen"}
    place = {param.name: param for param in kinds["arrive"].params}["place"]
    places = dict(place.choices(setup))
    assert places["kish"] == "Kish" and places["kish.town1"].describe("nl") == "Kish stad 1"
    rank = {param.name: param for param in kinds["row-place"].params}["place"]
    assert [value for value, _ in rank.choices(setup)] == list(range(1, 9))


@pytest.mark.parametrize(("goal", "says"), [
    ({"kind": "arrive", "place": "atlantis", "by": "move"}, "place must be one of"),
    ({"kind": "arrive", "place": "kish", "by": "place"}, "by must be one of any, add"),
    ({"kind": "row-place", "city_state": "umma", "place": 9, "by": "any"},
     "place must be one of 1, 2"),
    ({"kind": "influence", "city_state": "umma", "change": "grows", "by": "any"},
     "change must be one of gains, loses"),
    ({"kind": "control", "city_state": "umma"}, "needs by"),
    ({"kind": "contol", "city_state": "umma", "by": "any"}, "did you mean 'control'?"),
])
def test_a_goal_a_kind_cannot_take_is_refused(goal, says):
    with pytest.raises(InvalidInput, match=says):
        Goal.read("sumeria", goal, umma_second())


def test_the_lessons_first_trader_task_asks_for_the_city_state_scored_first():
    # The task file names the city-state; it must be the one the set-up's row puts first,
    # under either rulebook.
    task = Lesson("sumeria").tasks["first-trader"]
    for options in ({}, {"tiebreak": "villages"}):
        assert task.objective.params["place"] == lesson.setup_example(**options).row[0]


def test_every_lesson_task_is_made_of_a_goal_kind():
    assert all(task.objective is not None for task in Lesson("sumeria").tasks)


GOALS = [{"kind": "arrive", "place": "umma", "by": "move"},
         {"kind": "row-place", "city_state": "umma", "place": 1, "by": "any"},
         {"kind": "influence", "city_state": "umma", "change": "gains", "by": "add"},
         {"kind": "control", "city_state": "kish", "by": "any"},
         {"kind": "best-tiles"}]


@fuzz(0.5)
@given(data=st.data())
def test_sumeria_goals_with_any_part_changed_are_read_or_refused(data):
    """A goal with one value replaced by garbage, tricky text or another goal's value: read,
    then judged after every legal first move without any error — or refused with the
    project's error."""
    goal = dict(data.draw(st.sampled_from(GOALS)))
    others = sorted({value for other in GOALS for value in other.values()}, key=str)
    key = data.draw(st.sampled_from(["kind", "place", "city_state", "change", "by", "x"]))
    goal[key] = data.draw(st.one_of(garbage, st.sampled_from(TRICKY_TEXT),
                                    st.sampled_from(others), st.integers(-3, 12)))
    state = data.draw(st.sampled_from([umma_second(), lesson.choosing_tiles(),
                                       lesson.setup_example()]))
    try:
        text = task_file(goal, state)
    except InvalidInput:
        return  # a value no TOML file can hold
    try:
        task, = taskfile.read(text, game="sumeria")
    except InvalidInput as exc:
        assert exc.reason and "\n" not in exc.reason
        return
    assert task.verdict(task.new_game()).status == TODO
    for move in sumeria.legal_moves(state)[:12]:
        verdict = task.verdict(_after(task, move))
        assert verdict.status in (TODO, DONE, MISSED)
        assert say(verdict.why, "en") and say(verdict.why, "nl")


def _after(task, move):
    game = task.new_game()
    game.play(move)
    return game
