"""The task maker and the tasks notebook's book (issue 40): a teacher makes a task by clicking
— a position, a goal kind, words —, saves it, and a learner opens the file, plays the task, and
finds it in their record and hand-in. Every field of the maker's form, filled with anything, is
saved as a file the book reads, or refused with a reason; never raised."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import royal_ur
from sumer_widgets import handin
from sumer_widgets.taskbook import TaskBook, task_files
from sumer_widgets.taskmaker import TaskMaker
from sumer_widgets.tasks import DONE, MISSED
from tests.fuzzing import TRICKY_TEXT, fuzz


def capture_maker(path, lang="en"):
    maker = TaskMaker("royal_ur", lang=lang, file=path)
    maker.start_from.value = "capture_start"
    maker.kind.value = "capture"
    maker.task_id.value = "take-it"
    maker.goal.value = "Light has thrown 2. Capture dark's piece."
    maker.hints.value = "Count two squares from each piece.\nWhich piece lands on 6?"
    return maker


@pytest.mark.rules("U-CAPTURE-1")
def test_a_task_made_by_clicking_is_saved_opened_and_solved(tmp_path):
    path = tmp_path / "thursday.toml"
    maker = capture_maker(path)
    board = maker.try_task()
    assert board.task["goal"] == "Light has thrown 2. Capture dark's piece."
    assert board.game.state == royal_ur.position(light=[4], dark=[6], throw=2, pieces=3)
    assert maker.save() == path and "take-it" in maker.said.value
    # A second task from a position played on the board: enter a piece, then reach square 8.
    maker.start_from.value = ""
    maker.task_id.value = "run-home"
    maker.kind.value = "reach"
    square = next(box for box in maker.params.children if box.param_name == "square")
    square.value = 4
    maker.par.value = 6
    maker.goal.value = "Bring a piece to square 4."
    maker.done_words.value = "There it is!"
    assert maker.save() == path
    book = TaskBook(folder=tmp_path, records=tmp_path / "records")
    assert str(path) in [value for _, value in book.chooser.options]
    tasks = book.open_file(path)
    assert [task.id for task in tasks] == ["take-it", "run-home"]
    first = book.boards["take-it"]
    assert tasks[0].solve(first, ["move 4"]).status == DONE
    assert tasks[0].solve(first, ["enter"]).status == MISSED
    assert [step["en"] for step in tasks[0].hints()] == [
        "Count two squares from each piece.", "Which piece lands on 6?"]
    # Handed in with the lessons' work, as one of the teacher's own tasks.
    with mock.patch.object(handin, "downloads_in_browser", return_value=False):
        cell = next(child for child in book.shown.children
                    if isinstance(child, handin.HandIn))
        cell.folder = tmp_path / "out"
        cell.name_box.value = "Ada"
        record = cell.hand_in()
    assert record is not None
    own = [a for a in record.attempts.values() if a["item"] == "own-thursday-take-it"]
    assert own and own[0]["done"] and own[0]["kind"] == "task"


def test_saving_a_task_of_the_same_id_replaces_it_and_keeps_the_others(tmp_path):
    path = tmp_path / "t.toml"
    maker = capture_maker(path)
    maker.save()
    maker.task_id.value = "other"
    maker.save()
    maker.task_id.value = "take-it"
    maker.goal.value = "Capture it, now."
    maker.save()
    book = TaskBook(folder=tmp_path, records=tmp_path / "r")
    tasks = book.open_file(path)
    assert [task.id for task in tasks] == ["other", "take-it"]
    assert tasks[1].goal == {"en": "Capture it, now."}
    assert [step["en"] for step in tasks[0].hints()] == [
        "Count two squares from each piece.", "Which piece lands on 6?"]


def test_a_dutch_teachers_task_needs_no_english(tmp_path):
    maker = capture_maker(tmp_path / "nl.toml", lang="nl")
    maker.goal.value = "Sla het stuk van donker."
    assert maker.save() is not None
    task, = TaskBook(lang="nl", folder=tmp_path, records=tmp_path / "r").open_file(
        tmp_path / "nl.toml")
    board = task.board(lang="nl")
    assert board.task["goal"] == "Sla het stuk van donker."
    assert task.solve(board, ["move 4"]).why.describe("nl").startswith("Het stuk van de andere")


def test_the_form_says_what_is_wrong_and_writes_nothing(tmp_path):
    path = tmp_path / "t.toml"
    maker = capture_maker(path)
    maker.goal.value = "   "
    assert maker.save() is None and "need its goal" in maker.said.value
    assert not path.exists()
    maker.goal.value = "Capture."
    path.write_text("this is not a task file [", encoding="utf-8")
    assert maker.save() is None and "not valid TOML" in maker.said.value
    assert path.read_text(encoding="utf-8") == "this is not a task file ["


def test_a_bad_task_file_is_refused_by_the_book_with_its_line(tmp_path):
    (tmp_path / "bad.toml").write_text(
        'format = "sumer.tasks"\nversion = 1\ngame = "royal_ur"\n\n[[task]]\nid = "x"\n'
        'start = "nowhere"\n', encoding="utf-8")
    book = TaskBook(folder=tmp_path, records=tmp_path / "r")
    assert book.open_file(tmp_path / "bad.toml") == []
    assert "line 7" in book.said.value and not book.shown.children
    book.open_text(b"\xff\xfe", "binary.toml")
    assert "not UTF-8" in book.said.value


def test_the_examples_are_offered_from_the_notebooks_folder(tmp_path):
    from pathlib import Path

    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    names = [path.name for path in task_files(notebooks)]
    assert {"royal_ur.toml", "sumeria.toml", "tigris.toml"} <= set(names)


@pytest.mark.parametrize("game", ["sumeria", "tigris", "mesopotamia", "priest_kings"])
def test_every_game_has_a_maker_whose_default_task_reads_back(tmp_path, game):
    maker = TaskMaker(game, file=tmp_path / "t.toml")
    assert maker.kind.options
    for _, kind in maker.kind.options:
        maker.kind.value = kind
        maker.goal.value = "Do it."
        made = maker.try_task()
        if made is None:
            # A kind the new game's start cannot have (its choices are empty here): said.
            assert maker.said.value
        else:
            assert made.task["goal"] == "Do it."


texts = st.one_of(st.text(max_size=80), st.sampled_from(TRICKY_TEXT))


@fuzz(0.3)
@given(task_id=texts, goal=texts, hints=texts, done=texts, par=st.integers(-5, 200),
       kind=st.sampled_from(["rosette", "capture", "bear-off", "reach", "best-move"]))
def test_the_forms_fields_filled_with_anything_save_a_readable_file_or_say_why(
        tmp_path_factory, task_id, goal, hints, done, par, kind):
    folder = tmp_path_factory.mktemp("maker")
    maker = capture_maker(folder / "t.toml")
    maker.kind.value = kind
    maker.task_id.value = task_id
    maker.goal.value = goal
    maker.hints.value = hints
    maker.done_words.value = done
    maker.par.value = max(maker.par.min, min(maker.par.max, par))
    saved = maker.save()
    if saved is None:
        assert maker.said.value and not (folder / "t.toml").exists()
        return
    tasks = TaskBook(folder=folder, records=folder / "r").open_file(saved)
    assert len(tasks) == 1
