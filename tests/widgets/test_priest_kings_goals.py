"""Priest-Kings' goal kinds (`sumer_widgets.priest_kings.goals`): each reached and missed, from
a teacher's task file, on small positions whose battles are typed in (so no die decides a
test); what each says while its turns last; the choices each offers a task maker; any goal
with any parameters on any start read or refused, and every verdict told."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import priest_kings as pk
from engine.core import InvalidInput
from sumer_widgets import taskfile, tomlfile
from sumer_widgets.goals import Goal, goal_kinds, kind_words
from sumer_widgets.tasks import DONE, MISSED, TODO, say
from tests.fuzzing import TRICKY_TEXT, fuzz, garbage, only_own_errors, sample_games

rules = pytest.mark.rules


def task_of(state: pk.State, goal: dict[str, Any], par: int = 2) -> Any:
    """A teacher's task starting at `state` (saved in the file as its game), with `goal`."""
    text = tomlfile.dumps({"format": "sumer.tasks", "version": 1, "game": "priest_kings",
                           "task": [{"id": "mine", "start": pk.Game(state).to_json(),
                                     "goal": goal, "par": par,
                                     "words": {"en": {"goal": "Do it."}}}]})
    task, = taskfile.read(text, "mine.toml", game="priest_kings")
    return task


def played(task: Any, *moves: str) -> tuple[str, str]:
    game = task.new_game()
    for move in moves:
        game.play(move)
    verdict = task.verdict(game)
    return verdict.status, say(verdict.why, "en")


def last_to_choose(city: str, overlords: dict[str, str] | None = None, **options: Any
                   ) -> pk.State:
    """Turn 1: the three other cities have chosen (nobody attacked); `city` chooses last, and
    battles are typed in."""
    order = [*(c for c in ("kish", "lagash", "uruk", "ur") if c != city), city]
    return pk.position(overlords, order=order, step=3, battles="recorded", **options)


def test_the_game_offers_its_kinds():
    assert set(goal_kinds("priest_kings")) == {"attack", "vassal", "stay-free", "free-vassals",
                                               "win", "record", "order"}


@rules("P-ATTACK-1", "P-TURN-2")
def test_attack_is_judged_on_the_learners_order():
    start = pk.position({"uruk": "kish"}, order=["kish", "lagash", "uruk", "ur"])
    task = task_of(start, {"kind": "attack", "target": "ur"}, par=1)
    status, why = played(task, "attack ur")
    assert status == DONE and why.startswith("Kish attacks Ur along the avenue from its vassal")
    status, why = played(task, "sacrifice")
    assert status == MISSED and "That is not an attack on Ur" in why
    # The task maker offers the cities Kish may attack: its own vassal Uruk is none.
    offered = [city for city, _ in goal_kinds("priest_kings")["attack"].params[0].choices(start)]
    assert offered == ["lagash", "ur"]
    with pytest.raises(InvalidInput, match="target must be one of lagash, ur"):
        Goal.read("priest_kings", {"kind": "attack", "target": "uruk"}, start)


@rules("P-VASSAL-1", "P-ATTACK-2", "P-BATTLE-2")
def test_vassal_is_reached_when_the_defenders_army_breaks():
    task = task_of(last_to_choose("ur"), {"kind": "vassal", "vassal": "uruk", "overlord": "ur",
                                          "turns": 1})
    status, why = played(task, "attack uruk")
    assert status == TODO and why == ("Ur attacks Uruk. Now fight the battle with the buttons "
                                      "beside the map.")
    status, why = played(task, "attack uruk", "record defender 30 10")
    assert status == DONE and why.endswith("Uruk is now a vassal of Ur.")
    status, why = played(task, "attack uruk", "record attacker 10 30")
    assert status == MISSED and "Uruk is not a vassal of Ur" in why
    status, why = played(task, "sacrifice")
    assert status == MISSED and why.startswith("Ur makes sacrifices") and "Only a battle" in why


@rules("P-VASSAL-2")
def test_vassal_counts_a_city_a_vassal_wins_for_its_overlord():
    task = task_of(last_to_choose("uruk", {"uruk": "kish"}),
                   {"kind": "vassal", "vassal": "ur", "overlord": "kish", "turns": 1})
    assert played(task, "attack ur", "record defender 30 10")[0] == DONE
    assert played(task, "attack lagash", "record defender 30 10")[0] == MISSED


@rules("P-ATTACK-3", "P-BATTLE-3", "P-VASSAL-1")
def test_stay_free_is_judged_when_the_turns_battles_are_fought():
    start = pk.position(order=["uruk", "lagash", "ur", "kish"], attacks=[("uruk", "kish")],
                        step=3, battles="recorded")
    task = task_of(start, {"kind": "stay-free", "city": "kish", "turns": 1})
    status, why = played(task, "sacrifice")
    assert status == TODO and why.startswith("Uruk attacks Kish. Now fight the battle")
    status, why = played(task, "sacrifice", "record attacker 20 40")
    assert status == DONE and why == "Kish is still independent: Uruk's army broke."
    status, why = played(task, "sacrifice", "record defender 40 20")
    assert status == MISSED and why == ("Kish's army broke, and Kish became a vassal of Uruk. "
                                        "Start again.")
    # Nobody attacks Kish: it stays free without a battle.
    quiet = task_of(pk.position(order=["kish", "lagash", "uruk", "ur"], battles="recorded"),
                    {"kind": "stay-free", "city": "kish", "turns": 1})
    status, why = played(quiet, "sacrifice", "sacrifice", "sacrifice", "sacrifice")
    assert status == DONE and why == "Kish fought no battle and is still independent."


@rules("P-VASSAL-3", "P-BATTLE-3")
def test_free_vassals_needs_the_overlord_beaten_by_an_independent_city():
    start = last_to_choose("lagash", {"uruk": "kish", "ur": "kish"})
    task = task_of(start, {"kind": "free-vassals", "overlord": "kish", "turns": 1})
    status, why = played(task, "attack kish", "record none 60 40")
    assert status == DONE and "Kish is beaten by an independent city: Uruk and Ur go free" in why
    assert "even though" not in why and why.endswith("Kish, Lagash, Uruk and Ur are independent.")
    status, why = played(task, "attack kish", "record attacker 60 40")
    assert status == DONE and "even though the victor's own army broke" in why
    status, why = played(task, "attack kish", "record none 40 60")
    assert status == MISSED and "Only an independent city that beats Kish itself" in why
    status, why = played(task, "sacrifice")
    assert status == MISSED and "Without a battle nobody is set free" in why
    # Only a city that has vassals can lose them.
    offered = [c for c, _ in goal_kinds("priest_kings")["free-vassals"].params[0].choices(start)]
    assert offered == ["kish"]


@rules("P-END-1", "P-END-2", "P-VASSAL-2")
def test_win_is_reached_by_a_vassal_that_made_a_vassal_for_its_overlord():
    start = last_to_choose("lagash", {"lagash": "kish", "ur": "kish"})
    task = task_of(start, {"kind": "win", "city": "lagash", "turns": 1})
    status, why = played(task, "attack uruk", "record defender 30 10")
    assert status == DONE and "Winners: Kish and Lagash" in why
    assert why.endswith("Lagash is among the winners.")
    status, why = played(task, "attack uruk", "record none 30 10")
    assert status == MISSED and why.endswith("The campaign goes on. Start again.")
    other = task_of(start, {"kind": "win", "city": "ur", "turns": 1})
    status, why = played(other, "attack uruk", "record defender 30 10")
    assert status == MISSED and why.endswith("Ur is not among them. Start again.")


@rules("P-BATTLE-2", "P-BATTLE-4")
def test_record_wants_the_table_result_as_it_was():
    start = pk.position(phase="battles", order=["lagash", "kish", "uruk", "ur"],
                        attacks=[("lagash", "ur")], battles="recorded")
    task = task_of(start, {"kind": "record", "broken": "defender", "attacker_points": 80,
                           "defender_points": 35}, par=1)
    assert played(task, "record defender 80 35")[0] == DONE
    status, why = played(task, "record attacker 80 35")
    assert status == MISSED and why == ("You entered “Lagash's army broke”; at the table: Ur's "
                                        "army broke. Start again.")
    status, why = played(task, "record defender 80 30")
    assert status == MISSED and "at the table Lagash scored 80 and Ur 35" in why
    # A battle fought with the dice has no result to type in.
    dice = pk.position(phase="battles", order=["lagash", "kish", "uruk", "ur"],
                       attacks=[("lagash", "ur")])
    with pytest.raises(InvalidInput, match=r"broken must be one of \(none here\)"):
        task_of(dice, {"kind": "record", "broken": "defender", "attacker_points": 1,
                       "defender_points": 0})


@rules("P-TURN-4", "P-TURN-1")
def test_order_wants_the_order_rolled_at_the_table():
    start = pk.position(phase="activation", activation="recorded")
    task = task_of(start, {"kind": "order", "order": "ur kish lagash uruk"}, par=1)
    status, why = played(task, "order ur kish lagash uruk")
    assert status == DONE and why.endswith("Ur chooses first now.")
    status, why = played(task, "order kish ur lagash uruk")
    assert status == MISSED and why == ("You entered Kish, Ur, Lagash and Uruk; the table rolled "
                                        "Ur, Kish, Lagash and Uruk. Start again.")
    choices = goal_kinds("priest_kings")["order"].params[0].choices(start)
    assert len(choices) == 24
    assert dict(choices)["ur kish lagash uruk"].describe("nl") == "Ur, Kish, Lagash en Uruk"


def test_a_goal_not_reached_within_its_par_is_missed():
    """The learner's battle as the invader is one of its moves: with a par of one, a goal
    still waiting for that battle is missed."""
    task = task_of(last_to_choose("ur"), {"kind": "vassal", "vassal": "uruk", "overlord": "ur",
                                          "turns": 1}, par=1)
    assert played(task, "attack uruk")[0] == MISSED


def test_a_goal_of_more_turns_waits_for_the_next_turn():
    start = pk.position(order=["kish", "lagash", "uruk", "ur"], battles="recorded")
    task = task_of(start, {"kind": "vassal", "vassal": "uruk", "overlord": "kish", "turns": 2},
                   par=4)
    status, why = played(task, "sacrifice")
    assert status == TODO and why.startswith("Kish makes sacrifices") and "other cities" in why
    # Turn 1 ends without a battle; in turn 2 Kish has still to choose.
    assert played(task, *["sacrifice"] * 4) == (TODO, "Kish has not chosen yet.")


@rules("P-VASSAL-1")
def test_a_kinds_verdict_is_told_in_dutch_on_a_dutch_board():
    task = task_of(last_to_choose("ur"), {"kind": "vassal", "vassal": "uruk", "overlord": "ur",
                                          "turns": 1})
    game = task.new_game()
    for move in ("attack uruk", "record defender 30 10"):
        game.play(move)
    why = task.verdict(game).why.describe("nl")
    assert why == ("Ur scoort 30 punten, Uruk 10; het leger van Uruk brak; Uruk is verslagen. "
                   "Uruk is nu een vazal van Ur.")


def _starts() -> list[pk.State]:
    """The lesson's positions and the sample games' positions still in play."""
    from sumer_widgets.priest_kings import lesson

    made = [made() for made in lesson.POSITIONS.values()]
    starts = [start.state if isinstance(start, pk.Game) else start for start in made]
    starts += [game.state for game in sample_games("priest_kings")]
    return [start for start in starts if not start.is_over]


@fuzz()
@given(data=st.data())
def test_any_goal_on_any_start_is_read_or_refused_and_every_verdict_is_told(data):
    """A goal of any kind with any parameters — values a task maker offers, whole numbers,
    garbage — on any start: read, or refused with the project's error; a goal read is checked
    after any moves without an error, and what it says is told in English and Dutch (every
    slot of every sentence filled)."""
    start = data.draw(st.sampled_from(_starts()))
    kinds = goal_kinds("priest_kings")
    chosen = kinds[data.draw(st.sampled_from(sorted(kinds)))]
    goal: dict[str, Any] = {"kind": chosen.name}
    for param in chosen.params:
        if param.kind == "whole":
            fitting = st.integers(param.least, param.most)
        else:
            offered = [value for value, _ in param.choices(start)]
            fitting = st.sampled_from(offered) if offered else st.nothing()
        wrong = st.one_of(st.integers(-3, 300), st.sampled_from(TRICKY_TEXT), garbage)
        # Mostly values that fit, so that most goals are read and played.
        goal[param.name] = data.draw(fitting if data.draw(st.integers(0, 5)) else wrong)
    read: list[Goal] = []
    if only_own_errors(lambda: read.append(Goal.read("priest_kings", goal, start))):
        return
    words = kind_words("priest_kings")[chosen.name]
    game = pk.Game(start)
    for _ in range(data.draw(st.integers(0, 12))):
        verdict = read[0].check(game, words, f"goal.{chosen.name}")
        assert verdict.status in (TODO, DONE, MISSED)
        assert all(say(verdict.why, lang) for lang in ("en", "nl"))
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[data.draw(st.integers(0, len(moves) - 1))])
