"""Board tasks as data: goal kinds, task files read and written, and every bad file refused
with the line it is on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import royal_ur
from engine.core import InvalidInput
from sumer_widgets import taskfile, tomlfile
from sumer_widgets.goals import Goal, goal_kinds
from sumer_widgets.lessons import Lesson
from sumer_widgets.tasks import DONE, MISSED, TODO
from tests.fuzzing import TRICKY_TEXT, fuzz, garbage


def ur_start(**kwargs):
    return royal_ur.Game(royal_ur.position(**kwargs)).to_json()


def one_task(goal='{ kind = "capture" }', par="1", start=None, words=None, extra=""):
    start = start if start is not None else ur_start(light=[4], dark=[6], throw=2, pieces=3)
    words = words if words is not None else 'goal = "Capture dark\'s piece."'
    return ('format = "sumer.tasks"\nversion = 1\ngame = "royal_ur"\n\n[[task]]\n'
            f'id = "mine"\nstart = {tomlfile._string(start)}\ngoal = {goal}\npar = {par}\n'
            f'{extra}\n[task.words.en]\n{words}\n')


def played(task, *moves):
    game = task.new_game()
    for move in moves:
        game.play(move)
    return task.verdict(game)


@pytest.mark.rules("U-CAPTURE-1")
def test_a_teachers_capture_task_is_checked_by_its_kind():
    task, = taskfile.read(one_task(), game="royal_ur")
    assert task.objective.kind.name == "capture" and task.par == 1
    assert played(task).status == TODO
    done = played(task, "move 4")
    assert done.status == DONE and "went back off the board" in done.why.describe("en")
    assert "ging terug van het bord" in done.why.describe("nl")
    missed = played(task, "enter")
    assert missed.status == MISSED and "still on the board" in missed.why.describe("en")


@pytest.mark.rules("U-ROSETTE-1", "U-BEAR-1")
@pytest.mark.parametrize(("kind", "position", "right", "wrong"), [
    ("rosette", {"light": [1], "dark": [], "throw": 3}, "move 1", "enter"),
    ("bear-off", {"light": [13, 2], "dark": [], "throw": 2}, "move 13", "move 2"),
    ('reach", square = 8, x = "', {"light": [6, 1], "dark": [], "throw": 2}, "move 6", "move 1"),
])
def test_each_kind_says_done_and_missed(kind, position, right, wrong):
    goal = '{ kind = "' + kind + '" }'
    goal = goal.replace(', x = ""', "")
    task, = taskfile.read(one_task(goal=goal, start=ur_start(pieces=3, **position)),
                          game="royal_ur")
    assert played(task, right).status == DONE
    assert played(task, wrong).status == MISSED


def test_the_best_move_kind_asks_the_solved_table_and_finds_its_own_solution():
    lesson = Lesson("royal_ur")
    task = lesson.tasks["play-best"]
    values = royal_ur.move_values(task.new_game().state)
    best = str(max(values, key=values.__getitem__))
    assert task.solution == (best,)
    assert played(task, best).status == DONE
    worst = str(min(values, key=values.__getitem__))
    missed = played(task, worst)
    assert missed.status == MISSED and f"{100 * values[royal_ur.parse_move(worst)]:.0f} %" in \
        missed.why.describe("en")


def test_what_write_writes_read_reads_back():
    tasks = taskfile.read(one_task(extra='solution = ["move 4"]\nrules = ["U-CAPTURE-1"]\n'
                                         'bots = { 1 = "greedy" }\n'), game="royal_ur")
    words = {"mine": {"en": {"goal": "Capture it.", "hint": ["Count two.", "Which piece?"],
                             "done": "Taken!"},
                      "nl": {"goal": "Sla het."}}}
    text = taskfile.write(tasks, "royal_ur", words, "Thursday's tasks")
    again, = taskfile.read(text, game="royal_ur")
    first = tasks[0]
    assert (again.id, again.par, again.solution, again.rules, dict(again.bots)) == (
        first.id, first.par, first.solution, first.rules, dict(first.bots))
    assert again.objective.to_data() == first.objective.to_data()
    assert again.new_game().state == first.new_game().state
    assert again.goal == {"en": "Capture it.", "nl": "Sla het."}
    assert [step["en"] for step in again.hints()] == ["Count two.", "Which piece?"]
    assert played(again, "move 4").why.describe("en") == "Taken!"
    assert taskfile.write([again], "royal_ur", words, "Thursday's tasks") == text


@pytest.mark.parametrize(("text", "says"), [
    (one_task(goal='{ kind = "captrue" }'),
     "line 8 (task 1, goal): 'captrue' is not a goal kind of royal_ur (did you mean 'capture'?)"),
    (one_task(goal='{ kind = "reach", sqaure = 3 }'),
     "takes no 'sqaure' (did you mean 'square'?)"),
    (one_task(goal='{ kind = "reach", square = 40 }'), "square must be one of 1, 2"),
    (one_task(goal='{ kind = "reach" }'), "the goal kind 'reach' needs square"),
    (one_task(par="0"), "line 9 (task 1, par): par is a whole number of moves from 1 to 100"),
    (one_task(par='"one"'), "par is a whole number"),
    (one_task(start="rosette_start"), "start is a saved game (its JSON text)"),
    (one_task(start='{"format": "sumer.game"}'), "the saved game cannot be read"),
    (one_task(extra='solutoin = ["move 4"]'),
     "line 10 (task 1, solutoin): a task has no key 'solutoin' (did you mean 'solution'?)"),
    (one_task(extra='solution = ["fly away"]'), "unknown move"),
    (one_task(extra='rules = ["S-MOVE-1"]'), "is no rule of royal_ur's catalogue"),
    (one_task(extra='bots = { 0 = "greedy" }'), "is not another player"),
    (one_task(extra='bots = { 1 = "wizard" }'), "is no bot"),
    (one_task(extra='board = { colour = "red" }'), "the board takes no 'colour'"),
    (one_task(words='hint = "Count."'), "need its goal, in one language at least"),
    (one_task(words='goal = "Go."\ndoen = "Done."'),
     "the task's words have no 'doen' (did you mean 'done'?)"),
    (one_task(words='goal = ""'), "goal must be text"),
    (one_task().replace('game = "royal_ur"', 'game = "sumeria"'), "game must be royal_ur"),
    (one_task().replace("version = 1", "version = 2"), "task file version 2"),
    (one_task().replace('format = "sumer.tasks"', 'format = "x"'), "not a Sumer task file"),
    (one_task() + one_task().split("\n\n", 1)[1], "the id 'mine' is used twice"),
    (one_task().replace("[task.words.en]", "[task.words.fr]"), "'fr' is not a language"),
    (one_task().replace("par = 1", "par = 1\n[task.x\n"), "not valid TOML"),
])
def test_a_bad_task_file_is_refused_naming_the_line(text, says):
    with pytest.raises(InvalidInput) as refused:
        taskfile.read(text, "thursday.toml", game="royal_ur")
    assert says in refused.value.reason and refused.value.reason.startswith("thursday.toml")


def test_an_over_game_cannot_be_a_tasks_start():
    game = royal_ur.new_game(seed=1, pieces=1)
    from engine.bots import RandomBot

    bot = RandomBot(seed=1)
    while not game.is_over:
        game.play(bot.choose(game.state))
    with pytest.raises(InvalidInput, match="the saved game is over"):
        taskfile.read(one_task(start=game.to_json()), game="royal_ur")


@fuzz(0.5)
@given(data=st.data())
def test_task_files_with_any_part_changed_are_read_or_refused(data):
    """A task file written by `write`, with one value replaced by garbage, tricky text or a
    value from another key: read back, or refused with the project's error — never anything
    else, never a task that fails its own check."""
    tasks = taskfile.read(one_task(extra='solution = ["move 4"]'), game="royal_ur")
    parsed = tomlfile.loads(taskfile.write(tasks, "royal_ur", {"mine": {"en": {
        "goal": "Capture it.", "hint": ["Two."]}}}))
    task = parsed["task"][0]
    key = data.draw(st.sampled_from([*sorted(task), "words", "goal"]))
    replacement = data.draw(st.one_of(garbage, st.sampled_from(TRICKY_TEXT),
                                      st.sampled_from([v for v in task.values()])))
    if key == "words":
        task["words"]["en"][data.draw(st.sampled_from(["goal", "hint", "done", "x"]))] = \
            replacement
    elif key == "goal":
        task["goal"][data.draw(st.sampled_from(["kind", "square", "x"]))] = replacement
    else:
        task[key] = replacement
    try:
        text = tomlfile.dumps(parsed)
    except InvalidInput:
        return  # a value no TOML file can hold (None, a lone surrogate)
    try:
        read, = taskfile.read(text, game="royal_ur")
    except InvalidInput as exc:
        assert exc.reason and "\n" not in exc.reason
        return
    assert read.verdict(read.new_game()).status == TODO


def test_every_kind_of_every_game_has_words_for_its_sentences():
    from engine.core import RULESETS
    from sumer_widgets.goals import kind_words

    for ruleset in RULESETS:
        words = kind_words(ruleset)
        for name, kind in goal_kinds(ruleset).items():
            assert set(kind.sentences) <= set(words[name]["en"]), (ruleset, name)


def test_a_goal_of_another_shape_is_refused():
    start = royal_ur.position(light=[4], dark=[6], throw=2, pieces=3)
    for bad in ("capture", ["capture"], {"kind": None}, {"kind": ["capture"]}):
        with pytest.raises(InvalidInput):
            Goal.read("royal_ur", bad, start)


def test_the_example_task_files_are_current_and_their_solutions_solve_them():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "scripts/example_tasks.py", "--check"], cwd=root,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for path in sorted((root / "docs" / "tasks").glob("*.toml")):
        tasks = taskfile.read(path.read_text(encoding="utf-8"), path.name, game=path.stem)
        assert len(tasks) == 2
        for task in tasks:
            board = task.board()
            assert task.solve(board).status == DONE, (path.name, task.id)
