"""Mesopotamia's goal kinds (`sumer_widgets.mesopotamia.goals`): each one reached and missed
in a task file a teacher could write, the choices a task maker offers, and garbage goals
refused with the project's own error."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import mesopotamia as meso
from engine.core import InvalidInput
from engine.mesopotamia import events as ev
from engine.mesopotamia import position
from sumer_widgets import taskfile, tomlfile
from sumer_widgets.goals import Goal, goal_kinds, kind_words
from sumer_widgets.mesopotamia import goals
from sumer_widgets.mesopotamia import lesson as meso_lesson
from sumer_widgets.tasks import DONE, MISSED, TODO
from tests.fuzzing import TRICKY_TEXT, fuzz, garbage

rules = pytest.mark.rules

BLUE, RED, YELLOW = 0, 1, 2
START_HUTS = meso_lesson.START_HUTS


def task_of(goal: str, state: meso.State, par: int = 20, words: str = 'goal = "Do it."'):
    """The one task of a teacher's task file starting at `state`."""
    text = ('format = "sumer.tasks"\nversion = 1\ngame = "mesopotamia"\n\n[[task]]\n'
            f'id = "mine"\nstart = {tomlfile._string(meso.Game(state).to_json())}\n'
            f"goal = {goal}\npar = {par}\n\n[task.words.en]\n{words}\n")
    task, = taskfile.read(text, "mine.toml", game="mesopotamia")
    return task


def played(task, *moves):
    game = task.new_game()
    for move in moves:
        game.play(move)
    return task.verdict(game)


def said(verdict, lang="en"):
    return verdict.why.describe(lang)


# Each kind, reached and missed ----------------------------------------------------------------


@rules("M-MOVE-1", "M-MOVE-5")
def test_reach_is_a_native_carrying_what_it_asks_coming_to_the_field():
    state = meso_lesson.walkers()
    task = task_of('{ kind = "reach", field = "0,0", carrying = "lumber" }', state)
    done = played(task, "go -1,0 L 0,0")
    assert done.status == DONE
    assert said(done) == "Blue has a native carrying lumber on the temple place now."
    assert said(done, "nl") == "Blauw heeft nu een inboorling met hout op de tempelplaats."
    # The free native on the temple place is not the one asked for.
    free = played(task, "go -1,0 . 0,0")
    assert free.status == TODO
    assert said(free) == "Bring a native carrying lumber to the temple place this turn."
    over = played(task, "end", "draw")
    assert over.status == MISSED and "turn is over" in said(over)
    anyone = task_of('{ kind = "reach", field = "0,0", carrying = "any" }', state)
    assert played(anyone, "go -1,0 . 0,0").status == DONE


@rules("M-STEAL-1", "M-STEAL-2")
def test_steal_asks_for_a_good_of_one_player_and_says_who_has_more_natives():
    task = task_of('{ kind = "steal", good = "stone", victim = 1 }', meso_lesson.raid())
    done = played(task, "steal -1,0 1 S")
    assert done.status == DONE
    assert said(done) == ("Blue stole a stone from Red's native on the plain north-west of "
                          "the temple.")
    lumber = played(task, "steal -1,0 1 L")
    assert lumber.status == TODO
    assert said(lumber) == ("Red's native with the stone stands on the plain north-west of the "
                            "temple.")
    over = played(task, "end", "draw")
    assert over.status == MISSED
    assert said(over) == ("Blue's turn is over and Red still has the stone (Blue had 3 "
                          "natives there against Red's 2). Start again.")
    even = task_of('{ kind = "steal", good = "any", victim = 1 }', meso_lesson.even_raid())
    fewer = played(even, "go -1,0 . 0,0")
    assert fewer.status == TODO
    assert said(fewer) == ("Blue has 2 natives on the plain north-west of the temple, Red has "
                           "3: to steal, Blue needs more natives there than Red.")
    assert said(fewer, "nl").startswith("Blauw heeft 2 inboorlingen op de vlakte ten noordwesten")


@rules("M-STEAL-1")
def test_steal_from_a_player_carrying_nothing_says_there_is_nothing_to_steal():
    task = task_of('{ kind = "steal", good = "lumber", victim = 2 }', meso_lesson.raid())
    verdict = played(task, "end", "draw")
    assert verdict.status == MISSED
    assert said(verdict) == ("None of Yellow's natives carries any lumber: there is nothing to "
                             "steal.")


@rules("M-DISC-1", "M-DISC-2")
def test_discover_is_reached_by_the_field_asked_for_a_volcano_first():
    state = meso_lesson.unknown_land()
    task = task_of('{ kind = "discover", tile = "forest" }', state)
    volcano = played(task, "discover -1,0 . -2,0")
    assert volcano.status == TODO and said(volcano).startswith("A volcano was drawn")
    done = played(task, "discover -1,0 . -2,0", "volcano -1,-1")
    assert done.status == DONE
    assert said(done) == "Blue discovered a forest 2 fields north-west of the temple."
    quarry = task_of('{ kind = "discover", tile = "quarry" }', state)
    assert played(quarry, "discover -1,0 . -2,0", "volcano -1,-1").status == TODO
    over = played(quarry, "end", "draw")
    assert over.status == MISSED and said(over) == ("The turn is over and no quarry was "
                                                    "discovered.")


def quarry_first() -> meso.State:
    """Blue's native beside empty places, the first field drawn a quarry (the first seed
    whose pile gives one)."""
    for seed in range(500):
        state = position(3, seed=seed, natives=[("-1,0", BLUE, "."), ("-1,1", RED, ".")],
                         huts=START_HUTS, goods={})
        _, events = meso.apply(state, meso.parse_move("discover -1,0 . -2,0"))
        if any(isinstance(e, ev.FieldDiscovered) and e.tile == "Q" for e in events):
            return state
    raise AssertionError("no seed below 500 draws a quarry first")


@rules("M-DISC-4", "M-CARRY-1")
def test_gather_a_quarry_is_its_new_stone_picked_up_on_it():
    state = quarry_first()
    task = task_of('{ kind = "gather", tile = "quarry" }', state)
    game = task.new_game()
    game.play("discover -1,0 . -2,0")
    if game.state.phase == "spread":
        spread = next(m for m in game.legal_moves() if "-2,0" in str(m).split()[1:])
        game.play(spread)
    found = task.verdict(game)
    assert found.status == TODO and said(found) == ("A quarry! Now pick up its stone with the "
                                                    "native standing on it.")
    game.play("pick -2,0 . S")
    done = task.verdict(game)
    assert done.status == DONE
    assert said(done) == ("Blue found a quarry, and a native picked up the new stone on it at "
                          "once.")
    game.play("end")
    while game.state.turn == game.history[0].turn:
        game.play(game.legal_moves()[0])
    assert task.verdict(game).status == DONE, "a goal reached stays reached"


@rules("M-DISC-3")
def test_gather_is_missed_when_the_new_forest_gets_none_of_its_lumber():
    task = meso_lesson.TASKS["discover-a-forest"]
    generic = task_of('{ kind = "gather", tile = "forest" }', meso_lesson.unknown_land())
    moves = ("discover -1,0 . -2,0", "volcano -1,-1", "spread 1,-2 1,-1 2,-2")
    empty = played(generic, *moves)
    assert empty.status == MISSED and said(empty) == (
        "The forest was found, but none of the new lumber went onto it: choose the new forest "
        "as one of the fields that get one. Start again.")
    # The lesson's task says it its own way.
    assert said(played(task, *moves)).endswith("choose the new forest as one of the three. "
                                               "Start again.")
    unpicked = played(generic, "discover -1,0 . -2,0", "volcano -1,-1",
                      "spread -2,0 1,-1 2,-2", "end", "draw")
    assert unpicked.status == MISSED
    assert said(unpicked) == "The turn is over and the native did not pick up the lumber."


@rules("M-HUT-1", "M-HUT-2")
def test_hut_anywhere_or_on_one_plain():
    state = meso_lesson.hut_builders()
    anywhere = task_of('{ kind = "hut", field = "any" }', state)
    moves = ("pick 1,-1 . L", "go 1,-1 L 2,-1", "end")
    with_marker = played(anywhere, *moves, "hut 2,-1 2")
    assert with_marker.status == DONE and said(with_marker).endswith(
        "A sacrifice marker went under it: that is how markers come into play.")
    bare = played(anywhere, *moves, "hut 2,-1 0")
    assert bare.status == DONE and "No marker went under it" in said(bare)
    elsewhere = task_of('{ kind = "hut", field = "1,-2" }', state)
    wrong = played(elsewhere, *moves, "hut 2,-1 2")
    assert wrong.status == MISSED
    assert said(wrong) == ("That hut stands on the plain 2 fields east of the temple; the goal "
                           "is a hut on the plain 2 fields north-north-east of the temple.")
    full = played(anywhere, "pick 1,-1 . L", "go 1,-1 L 1,-2")
    assert full.status == TODO and said(full).startswith("The lumber is on a plain that "
                                                         "already holds two huts")
    assert played(anywhere, "pick 1,-1 . L", "go 1,-1 L 1,-2", "end").status == MISSED


@rules("M-HOLY-1")
def test_holy_place_needs_an_empty_plain():
    task = task_of('{ kind = "holy-place", field = "1,1" }', meso_lesson.holy_builders())
    done = played(task, "pick 1,0 . S", "go 1,0 S 1,1", "go 2,0 . 1,1", "end", "holy 1,1")
    assert done.status == DONE and said(done) == (
        "A holy place on the plain 2 fields south-south-east of the temple: an empty plain, "
        "two of Blue's natives and a stone.")
    crowded = played(task, "pick 1,0 . S", "go 1,0 S 2,0")
    assert crowded.status == TODO and "another player's native stands" in said(crowded)
    assert said(played(task, "pick 1,0 . S", "go 1,0 S 2,0", "end")).endswith("Start again.")
    over = played(task, "end", "draw")
    assert over.status == MISSED and "no holy place was erected" in said(over)


@rules("M-BIRTH-1", "M-BIRTH-2", "M-BIRTH-3")
def test_births_counts_the_natives_born_in_the_turn():
    state = meso_lesson.two_huts()
    one = task_of('{ kind = "births", count = 1 }', state)
    assert played(one, "end", "birth -1,0").status == DONE
    two = task_of('{ kind = "births", count = 2 }', state)
    short = played(two, "end", "birth -1,0")
    assert short.status == MISSED and said(short).startswith("1 native born. Each birth needs")
    assert said(short, "nl").startswith("1 inboorling geboren.")
    waiting = played(two, "go -2,0 . -2,1")
    assert waiting.status == TODO and said(waiting).startswith("The goal: 2 natives born.")
    done = played(two, "go -2,0 . -2,1", "end", "birth -1,0", "birth -2,1")
    assert done.status == DONE and said(done).startswith("2 natives born this turn")


@rules("M-MANA-1", "M-CARD-PRIEST-1", "M-TURN-1")
def test_mana_counts_what_phase_three_gives():
    state = meso_lesson.holy_walk()
    task = task_of('{ kind = "mana", amount = 2 }', state)
    waits = played(task, "go -1,0 . -2,0", "end")
    assert waits.status == TODO and said(waits).startswith("Blue still holds a card, so the "
                                                           "turn waits")
    moving = played(task, "go -1,0 . -2,0")
    assert moving.status == TODO and said(moving).startswith("Mana comes in phase III")
    one = played(task, "go -1,0 . -2,0", "end", "draw", "done")
    assert one.status == MISSED and said(one).startswith("Blue received 1 mana.")
    two = played(task, "play priest -2,0", "go -1,0 . -2,0", "end", "draw")
    assert two.status == DONE and said(two) == "Blue received 2 mana in phase III."


@rules("M-SAC-3", "M-SAC-4", "M-TEMPLE-1")
def test_sacrifice_is_the_marker_placed_and_says_the_mana_it_lacks():
    task = task_of('{ kind = "sacrifice", value = 4 }', meso_lesson.marker_and_stone())
    pushed = played(task, "go -1,0 M4 0,0")
    assert pushed.status == TODO and said(pushed) == (
        "Pushed back: Blue has 3 mana and the marker costs 4. Where can Blue get more mana "
        "this turn?")
    offered = played(task, "go 1,0 S 0,0", "drop 0,0 S")
    assert offered.status == TODO and said(offered) == "Blue has 4 mana now. Bring the marker in."
    done = played(task, "go 1,0 S 0,0", "drop 0,0 S", "go -1,0 M4 0,0")
    assert done.status == DONE and said(done).startswith("Blue placed sacrifice marker 4")
    over = played(task, "end", "draw")
    assert over.status == MISSED and said(over).endswith("the marker costs 4 mana.")


@rules("M-SAC-2")
def test_a_marker_taken_up_this_turn_is_no_sacrifice_a_task_may_ask_for():
    state = meso_lesson.offering()
    values = [value for value, _ in goals._markers(state)]
    assert values == [4], "the marker under the hut is not carried; marker 4 is"
    taken, _ = meso.apply(state, meso.parse_move("lift -1,0 6"))
    assert [value for value, _ in goals._markers(taken)] == [4]
    with pytest.raises(InvalidInput, match="value must be one of 4"):
        Goal.read("mesopotamia", {"kind": "sacrifice", "value": 6}, state)


def test_par_counts_the_learners_decisions_and_the_turn_ends_the_goal():
    task = task_of('{ kind = "reach", field = "0,0", carrying = "any" }',
                   meso_lesson.walkers(), par=1)
    assert played(task, "go -1,0 . -1,1").status == MISSED


# The lesson's tasks are data, and a task maker's menus ---------------------------------------


def test_every_built_in_task_is_made_of_a_goal_kind():
    for task in meso_lesson.TASKS:
        assert task.objective is not None, task.id
        assert task.objective.kind.name in goal_kinds("mesopotamia")
        assert len(task.solution) < task.par, task.id


def test_the_choices_of_each_parameter_read_in_both_languages():
    state = meso_lesson.hut_builders()
    for name, kind_ in goal_kinds("mesopotamia").items():
        for param in kind_.params:
            if param.kind != "choice":
                continue
            for value, label in param.choices(state):
                text = {lang: label.describe(lang) if hasattr(label, "describe")
                        else label.get(lang, label["en"]) for lang in ("en", "nl")}
                assert all(text.values()), (name, param.name, value)
    fields = dict(goals._fields(state))
    assert "0,0" in fields and "0,-1" not in fields, "the temple, never a volcano"
    assert fields["0,0"].describe("nl") == "de tempelplaats"
    plains = [value for value, _ in goals._plains(state)]
    assert plains[0] == "any" and set(plains[1:]) == {
        meso.fmt(c) for c, kind_ in state.tiles if kind_ == "P"}
    assert [value for value, _ in goals._victims(state)] == [RED, YELLOW]


@pytest.mark.parametrize(("goal", "says"), [
    ({"kind": "reach", "field": "0,-1", "carrying": "any"}, "field must be one of"),
    ({"kind": "reach", "field": "0,0", "carrying": "marker"}, "carrying must be one of"),
    ({"kind": "steal", "good": "stone", "victim": 0}, "victim must be one of 1, 2"),
    ({"kind": "discover", "tile": "volcano"}, "tile must be one of"),
    ({"kind": "gather", "tile": "plain"}, "tile must be one of forest, quarry"),
    ({"kind": "births", "count": 0}, "count must be a whole number from 1"),
    ({"kind": "mana", "amount": 9}, "amount must be a whole number from 1 to 8"),
    ({"kind": "hut"}, "the goal kind 'hut' needs field"),
])
def test_a_goal_the_position_cannot_have_is_refused(goal, says):
    with pytest.raises(InvalidInput, match=says):
        Goal.read("mesopotamia", goal, meso_lesson.hut_builders())


KINDS = sorted(goal_kinds("mesopotamia"))
PARAM_VALUES = st.one_of(garbage, st.sampled_from(TRICKY_TEXT),
                         st.sampled_from(["any", "0,0", "-1,0", "2,-1", "forest", "quarry",
                                          "stone", "lumber", "nothing", 1, 2, 4, True, 4.0]))


@fuzz(0.5)
@given(data=st.data())
def test_garbage_goals_are_refused_or_checked_without_error(data):
    """A goal of any kind with any parameters: refused with the project's own error, or a
    goal whose check says something on every position a random turn passes."""
    start = data.draw(st.sampled_from([meso_lesson.hut_builders, meso_lesson.marker_and_stone,
                                       meso_lesson.raid, meso_lesson.unknown_land]))()
    name = data.draw(st.sampled_from(KINDS))
    # Now and then a parameter is left out.
    params = {param.name: data.draw(PARAM_VALUES) for param in goal_kinds(
        "mesopotamia")[name].params if data.draw(st.integers(0, 5))}
    if data.draw(st.booleans()):
        params[data.draw(st.sampled_from(["field", "x", "kind"]))] = data.draw(PARAM_VALUES)
    try:
        goal = Goal.read("mesopotamia", {"kind": name, **params}, start)
    except InvalidInput as exc:
        assert exc.reason and "\n" not in exc.reason
        return
    words = kind_words("mesopotamia")[name]
    game = meso.Game(start)
    rng = random.Random(data.draw(st.integers(0, 1000)))
    for _ in range(12):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
        verdict = goal.check(game, words, "task.fuzz")
        assert verdict.status in (TODO, DONE, MISSED)
        assert verdict.why.describe("en") and verdict.why.describe("nl")
