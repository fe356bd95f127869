"""Tigris & Euphrates goal kinds (`sumer_widgets.tigris.goals`): each read from a teacher's
task file, reached by the play that reaches it and missed by a try that does not — and a par
that counts actions, so a goal decided by a conflict's support is not missed before it is
decided."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import tigris
from engine.core import InvalidInput
from sumer_widgets import taskfile, tomlfile
from sumer_widgets.goals import Goal, goal_kinds, kind_words, learner_decisions
from sumer_widgets.tasks import DONE, MISSED, TODO
from sumer_widgets.tigris import lesson
from tests.fuzzing import TRICKY_TEXT, fuzz, garbage


def task_of(goal: dict, start: tigris.State, par: int = 1, **words: str):
    """The one task of a teacher's task file starting at `start` with `goal`."""
    text = tomlfile.dumps({
        "format": "sumer.tasks", "version": 1, "game": "tigris",
        "task": [{"id": "mine", "start": tigris.Game(start).to_json(), "goal": goal,
                  "par": par, "words": {"en": {"goal": "Do it.", **words}}}]})
    task, = taskfile.read(text, "thursday.toml", game="tigris")
    return task


def played(task, *moves: str):
    game = task.new_game()
    for move in moves:
        game.play(tigris.parse_move(move))
    return task.verdict(game)


def told(verdict, lang: str = "en") -> str:
    return verdict.why.describe(lang)


def test_the_kinds_offer_the_choices_of_the_start_position():
    kinds = goal_kinds("tigris")
    assert set(kinds) == {"join", "point", "conflict", "monument", "treasure", "leader-home",
                          "win"}
    start = lesson.first_kingdoms()
    params = {param.name: param for param in kinds["join"].params}
    leaders = dict(params["leader"].choices(start))
    assert list(leaders) == ["bull-king", "urn-priest"]
    assert leaders["bull-king"].describe("en") == "Bull's king on c5"
    assert leaders["urn-priest"].describe("nl") == "de priester van Kruik op j5"
    regions = dict(params["region"].choices(start))
    assert regions["e8"].describe("en") == "the region of e8, f8 and g8"
    players = dict(next(p for p in kinds["point"].params if p.name == "player").choices(start))
    assert [label.describe("nl") for label in players.values()] == ["Stier", "Kruik"]
    with pytest.raises(InvalidInput, match="region must be one of"):
        Goal.read("tigris", {"kind": "join", "region": "f8", "leader": "bull-king"}, start)


@pytest.mark.rules("T-KINGDOM-1", "T-TILE-1")
def test_join_is_reached_when_the_region_joins_the_leaders_kingdom():
    task = task_of({"kind": "join", "region": "e8", "leader": "bull-king"},
                   lesson.first_kingdoms())
    done = played(task, "tile k e7")
    assert done.status == DONE
    assert told(done) == ("The region of e8, f8 and g8 is now part of the kingdom of Bull's "
                          "king.")
    missed = played(task, "tile b d8")
    assert missed.status == MISSED
    assert told(missed).startswith("Bull places a blue farm on d8. The region of e8, f8 and g8 "
                                   "is not part of the kingdom of Bull's king")
    assert told(missed, "nl").startswith("Stier legt een blauwe boerderij op d8.")


@pytest.mark.rules("T-TILE-3")
def test_point_tells_a_leaders_point_from_a_king_standing_in():
    goal = {"kind": "point", "player": "bull", "colour": "green", "by": "leader"}
    task = task_of(goal, lesson.green_point())
    assert told(played(task, "tile g i2")) == "Bull scored 1 green point."
    stand_in = played(task, "tile g f5")
    assert stand_in.status == MISSED and "a king stood in" in told(stand_in)
    assert played(task, "tile r i4").status == MISSED
    assert "a green point needs a market" in told(played(task, "tile r i4"))
    anyhow = task_of({**goal, "by": "any"}, lesson.green_point())
    assert played(anyhow, "tile g f5").status == DONE


@pytest.mark.rules("T-REVOLT-1", "T-REVOLT-4", "T-REVOLT-5")
def test_conflict_waits_for_the_support_before_it_counts_the_action():
    task = task_of({"kind": "conflict", "conflict": "revolt", "player": "urn", "way": "any"},
                   lesson.revolt_attack())
    game = task.new_game()
    for move in ("leader r h5", "support 0"):
        game.play(tigris.parse_move(move))
        assert learner_decisions(game) == 0 and task.verdict(game).status == TODO
    assert "The revolt has begun: Urn attacks with 3, Bull defends with 2" in told(
        task.verdict(game))
    game.play(tigris.parse_move("support 0"))
    assert learner_decisions(game) == 1
    assert told(task.verdict(game)) == "Urn won the revolt, 3 against 2."
    tie = played(task, "leader r h7", "support 0", "support 0")
    assert tie.status == MISSED and "2 against 2 is a tie" in told(tie)


@pytest.mark.rules("T-WAR-5", "T-WAR-6")
def test_a_sure_win_is_one_the_defender_could_not_have_stopped():
    task = task_of({"kind": "conflict", "conflict": "war", "player": "bull", "way": "sure"},
                   lesson.war())
    assert played(task, "tile r h5", "support 3", "support 1").status == DONE
    held_back = played(task, "tile k h5", "support 2", "support 0")
    assert held_back.status == MISSED
    assert told(held_back) == ("Bull won, but only because Urn held back: with its 1 black "
                               "settlement it could have reached 4.")
    assert played(task, "tile k h5", "support 2", "support 1").status == MISSED


@pytest.mark.rules("T-REVOLT-3", "T-REVOLT-4")
def test_the_fewest_way_refuses_a_win_that_spent_more_than_needed():
    task = task_of({"kind": "conflict", "conflict": "revolt", "player": "bull",
                    "way": "fewest"}, lesson.revolt_defence())
    assert played(task, "support 1").status == DONE
    overspent = played(task, "support 2")
    assert overspent.status == MISSED and "committed 2 tiles where 1 would have done" in told(
        overspent)
    lost = played(task, "support 0")
    assert lost.status == MISSED and told(lost) == "Urn won the revolt, 3 against 2."


@pytest.mark.rules("T-MON-1", "T-MON-3", "T-LEADER-7")
def test_monument_built_and_paid():
    paid = task_of({"kind": "monument", "monument": "any", "paid": "paid"},
                   lesson.monument_square())
    assert played(paid, "tile r f6").status == TODO
    done = played(paid, "tile r f6", "monument kr e5")
    assert done.status == DONE
    assert told(done) == "The black–red monument paid Bull 1 black point at the end of the turn."
    unpaid = played(paid, "tile r f6", "monument rg e5")
    assert unpaid.status == MISSED and "beside Bull's trader, which went home" in told(unpaid)
    assert played(paid, "tile r f6", "decline").status == MISSED
    built = task_of({"kind": "monument", "monument": "red-green", "paid": "built"},
                    lesson.monument_square())
    assert played(built, "tile r f6", "monument rg e5").status == DONE
    other = played(built, "tile r f6", "monument kr e5")
    assert other.status == MISSED and told(other) == (
        "That is the black–red monument; the task asks for the red–green monument.")


@pytest.mark.rules("T-TREAS-2")
def test_treasure_counts_the_treasures_taken():
    one = task_of({"kind": "treasure", "player": "bull", "count": 1}, lesson.treasure_gap())
    assert played(one, "tile g j3").status == TODO
    assert told(played(one, "tile g j3", "keep k1")) == "Bull's trader took the treasure on f3."
    assert played(one, "tile k j2").status == MISSED
    two = task_of({"kind": "treasure", "player": "bull", "count": 2}, lesson.three_treasures())
    assert told(played(two, "leader g g3", "keep n5")) == (
        "Bull's trader took the treasures on k1 and f3.")
    assert played(one, "tile g j3", "keep k1").status == DONE


@pytest.mark.rules("T-CAT-3", "T-LEADER-7")
def test_leader_home_is_reached_by_the_rules_not_by_choice():
    task = task_of({"kind": "leader-home", "leader": "urn-trader"}, lesson.trader_home())
    done = played(task, "catastrophe k6")
    assert done.status == DONE and told(done) == "Urn's trader went back from l6 to Urn's hand."
    assert played(task, "catastrophe k5").status == MISSED
    own = task_of({"kind": "leader-home", "leader": "bull-trader"}, lesson.green_point())
    assert played(own, "withdraw g").status == MISSED


@pytest.mark.rules("T-END-1", "T-SCORE-2")
def test_win_is_reached_when_the_game_ends_with_the_player_alone_ahead():
    task = task_of({"kind": "win", "player": "bull"}, lesson.last_turn(), par=2)
    done = played(task, "leader g g3", "keep k1", "tile b c4")
    assert done.status == DONE and told(done) == "The game is over and Bull won (Bull 8, Urn 7)."
    lost = played(task, "leader g g3", "keep k1", "tile g h3")
    assert lost.status == MISSED and "did not win (Bull 7, Urn 7)" in told(lost)
    assert played(task, "tile b c4", "tile b b4").status == MISSED


def test_every_kind_speaks_dutch_too():
    words = kind_words("tigris")
    for name, goal_kind in goal_kinds("tigris").items():
        assert set(goal_kind.sentences) <= set(words[name]["nl"]), name
    task = task_of({"kind": "conflict", "conflict": "war", "player": "bull", "way": "sure"},
                   lesson.war())
    assert told(played(task, "tile r h5", "support 3", "support 1"), "nl") == (
        "Stier won de oorlog, 5 tegen 4.")


def test_every_lesson_task_is_a_goal_kind():
    assert all(task.objective is not None for task in lesson.TASKS)


PARAMS = ["kind", "region", "leader", "player", "colour", "by", "conflict", "way", "monument",
          "paid", "count", "x"]


@fuzz(0.5)
@given(data=st.data())
def test_goal_tables_with_any_part_changed_are_read_or_refused(data):
    """A lesson task's goal with one value replaced by garbage, tricky text or another kind's
    value: read and checked on its start, or refused with the project's error."""
    task = data.draw(st.sampled_from(list(lesson.TASKS)))
    goal = task.objective.to_data()
    other = data.draw(st.sampled_from([t.objective.to_data() for t in lesson.TASKS]))
    key = data.draw(st.one_of(st.sampled_from(PARAMS), st.sampled_from(TRICKY_TEXT),
                              st.integers(-(10**6), 10**6)))
    goal[key] = data.draw(st.one_of(garbage, st.sampled_from(TRICKY_TEXT),
                                    st.sampled_from(list(other.values()))))
    start = task.new_game().state
    try:
        read = Goal.read("tigris", goal, start)
    except InvalidInput as exc:
        assert exc.reason and "\n" not in exc.reason
        return
    game = tigris.Game(start)
    verdict = read.check(game, kind_words("tigris")[read.kind.name], "goal.x")
    assert verdict.status in (TODO, DONE, MISSED) and verdict.why.describe("en")
    game.play(game.legal_moves()[0])
    read.check(game, kind_words("tigris")[read.kind.name], "goal.x").why.describe("nl")
