"""A course, not a session (issue 41): the learner's record lasts across kernel restarts and
lessons, a hand-in holds the whole course and is merged, never overwritten, what was missed
comes back, and the class report reads a folder, uploads or a zip — nothing handed in lost,
nothing counted twice, no file able to hide the others. Every repro of the issue is a test."""

from __future__ import annotations

import base64
import io
import json
import os
import tracemalloc
import zipfile
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import InvalidInput
from sumer_widgets import handin
from sumer_widgets.handin import HandIn, file_name, read_hand_in
from sumer_widgets.lessons import Lesson
from sumer_widgets.progress import FAMILIAR, MASTERED, TRIED
from sumer_widgets.record import LIMITS, Record, RecordStore, read_record, stars
from sumer_widgets.report import (
    ClassReport,
    costliest,
    missed_rules,
    read_class,
    report_html,
    rows,
)
from tests.fuzzing import TRICKY_TEXT, fuzz


def lesson_on(tmp_path, day, lang="en", game="sumeria"):
    """A lesson opened on `day` (a date), keeping records in `tmp_path`."""
    with mock.patch("sumer_widgets.record.today", return_value=day):
        return Lesson(game, lang=lang, records=tmp_path)


def work(lesson, right=True):
    first = lesson.ask("towns-on-board")
    first.verdict(55)
    first.verdict(24)
    second = lesson.ask("traders-after-setup")
    second.verdict(20 if right else 21)
    second.next_hint()
    board = lesson.task("umma-first")
    lesson.tasks["umma-first"].solve(board)
    return lesson


def handed(lesson, name, folder):
    with mock.patch.object(handin, "downloads_in_browser", return_value=False):
        cell = HandIn(lesson, folder=folder)
        cell.name_box.value = name
        record = cell.hand_in()
    return cell, record


# The record -----------------------------------------------------------------------------------


def test_two_sessions_with_a_restart_between_give_one_hand_in_holding_both(tmp_path):
    records, hand_ins = tmp_path / "records", tmp_path / "hand-ins"
    first = lesson_on(records, "2026-12-01")
    first.set_learner("Ada Lovelace")
    first.ask("towns-on-board").verdict(24)
    # The kernel restarts: a new Lesson, the same learner; nothing was handed in before.
    second = lesson_on(records, "2026-12-01")
    second.set_learner("ada  lovelace")
    second.ask("traders-after-setup").verdict(20)
    cell, record = handed(second, "Ada Lovelace", hand_ins)
    assert record is not None and len(record.sessions) == 2
    items = {attempt["item"] for attempt in record.attempts.values()}
    assert items == {"towns-on-board", "traders-after-setup"}
    assert [path.name for path in hand_ins.iterdir()] == [file_name(record)]
    assert "2 of 21 questions answered" in cell.said.value


def test_a_hand_in_is_merged_never_overwritten(tmp_path):
    hand_ins = tmp_path / "hand-ins"
    # Lesson 1 on one computer, lesson 2 on another: two records, one hand-in file.
    one = work(lesson_on(tmp_path / "pc1", "2026-12-01"))
    handed(one, "Ada", hand_ins)
    two = lesson_on(tmp_path / "pc2", "2026-12-03")
    two.ask("reach-from-nippur").verdict(3)
    _, record = handed(two, "Ada", hand_ins)
    kept = read_hand_in((hand_ins / file_name(record)).read_bytes())
    assert {s["date"] for s in kept.sessions.values()} == {"2026-12-01", "2026-12-03"}
    assert {"towns-on-board", "reach-from-nippur"} <= {a["item"] for a in kept.attempts.values()}


def test_the_message_counts_the_work_not_the_files_entries(tmp_path):
    lesson = lesson_on(tmp_path, "2026-12-01")
    lesson.ask("towns-on-board").verdict(24)
    lesson.ask("traders-after-setup")  # asked, not answered
    board = lesson.task("umma-first")
    lesson.tasks["umma-first"].solve(board)
    cell, _ = handed(lesson, "Ada", tmp_path / "out")
    assert "1 of 21 questions answered, 1 of 8 board tasks done (3 of 24 stars)" in \
        cell.said.value and "parts 1, 3" in cell.said.value


def test_a_right_answer_with_trailing_spaces_is_recorded_and_read_back(tmp_path):
    """Reproduced on 8f486a4: "12" and 199 spaces was right, recorded whole, and the reader's
    cap then refused the whole file."""
    lesson = lesson_on(tmp_path, "2026-12-01")
    question = lesson.ask("towns-on-board")
    assert question.verdict("24" + " " * 199).startswith("✓")
    _, record = handed(lesson, "Ada", tmp_path / "out")
    again = read_hand_in((tmp_path / "out" / file_name(record)).read_text())
    assert next(iter(again.attempts.values()))["first_answer"] == "24"


@pytest.mark.parametrize(("one", "other"), [("Jan de Vries", "Jan-de-Vries"), ("Ann!", "Ann?"),
                                            ("🦁", "🐯"), ("Zoë", "Zoe")])
def test_two_students_never_share_a_file(tmp_path, one, other):
    """Reproduced on 8f486a4: names that differ only in punctuation got one file name, and
    the second hand-in silently replaced the first."""
    first = work(lesson_on(tmp_path / "a", "2026-12-01"))
    second = work(lesson_on(tmp_path / "b", "2026-12-01"), right=False)
    _, a = handed(first, one, tmp_path / "out")
    _, b = handed(second, other, tmp_path / "out")
    assert file_name(a) != file_name(b)
    found = read_class(tmp_path / "out")
    assert {r.student for r in found.students} == {one, other} and not found.problems


def test_a_name_no_file_can_hold_is_said_never_raised(tmp_path):
    """Reproduced on 8f486a4: a lone surrogate made Hand in raise UnicodeEncodeError out of
    the click, with no file and no message."""
    lesson = work(lesson_on(tmp_path, "2026-12-01"))
    cell, record = handed(lesson, "Ann\ud800", tmp_path / "out")
    assert record is None and "character no file can store" in cell.said.value
    assert not (tmp_path / "out").exists()
    cell.name_box.value = "Ann"
    assert cell.hand_in() is not None


def test_a_hand_in_that_cannot_be_written_is_said_and_the_work_stays(tmp_path):
    lesson = work(lesson_on(tmp_path / "records", "2026-12-01"))
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    cell, record = handed(lesson, "Ada", blocked)
    assert record is None and cell.said.value.startswith("Not handed in")
    assert RecordStore(tmp_path / "records").load("Ada").attempts


def test_a_file_with_a_surrogate_name_is_refused_alone(tmp_path):
    """Reproduced on 8f486a4: "\\ud800" as a JSON escape was accepted, then the whole report
    failed with UnicodeEncodeError and showed nothing."""
    good = work(lesson_on(tmp_path / "a", "2026-12-01"))
    handed(good, "Grace", tmp_path / "out")
    data = Record("Ann").to_dict()
    text = json.dumps(data).replace('"Ann"', '"Ann\\ud800"')
    (tmp_path / "out" / "evil.json").write_text(text)
    found = read_class(tmp_path / "out")
    assert [r.student for r in found.students] == ["Grace"]
    assert [name for name, _ in found.problems] == ["evil.json"]
    page = report_html(found)
    page.encode("utf-8")
    assert "Grace" in page


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_in_the_folder_is_never_waited_on(tmp_path):
    """Reproduced on 8f486a4: a pipe named pipe.json made read_hand_ins wait for ever."""
    handed(work(lesson_on(tmp_path / "a", "2026-12-01")), "Ada", tmp_path / "out")
    os.mkfifo(tmp_path / "out" / "pipe.json")
    found = read_class(tmp_path / "out")
    assert [r.student for r in found.students] == ["Ada"]
    assert ("pipe.json", "is not a file (a pipe or a device): not read") in found.problems


def test_files_at_the_size_limit_are_bounded_in_memory_and_say_so(tmp_path):
    """Reproduced on 8f486a4: 400 hand-ins at the size limit took 63 s and 717 MB. The report
    now reads at most MAX_TOTAL characters and says where it stopped."""
    from sumer_widgets import report

    big = Record("Student")
    session = big.start_session("sumeria", "en", "2026-12-01")
    for n in range(LIMITS["attempts"]):
        big.note_question(session, f"{n}-" + "q" * 70, {
                                             "first_answer": "x" * 200, "first_right": False,
                                             "tries": 1, "hints": 0, "answer_shown": False,
                                             "right": False})
    text = big.to_json()
    assert len(text) <= LIMITS["chars"]
    read_record(text)  # what the limits let a record hold, the reader accepts
    folder = tmp_path / "many"
    folder.mkdir()
    for n in range(12):
        (folder / f"s{n}.json").write_text(text.replace('"Student"', f'"Student {n}"'))
    with mock.patch.object(report, "MAX_TOTAL", 5 * len(text) + 100):
        tracemalloc.start()
        found = read_class(folder)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert len(found.students) == 5
    assert found.bounds and "the rest were not read" in found.bounds[0]
    assert peak < 40 * 5 * len(text)


def test_a_students_several_files_are_one_row(tmp_path):
    lesson = work(lesson_on(tmp_path / "a", "2026-12-01"))
    _, record = handed(lesson, "Ada", tmp_path / "out")
    original = tmp_path / "out" / file_name(record)
    (tmp_path / "out" / (original.stem + " (1).json")).write_bytes(original.read_bytes())
    found = read_class(tmp_path / "out")
    table = rows(found)
    assert len(table) == 1 and table[0]["files"] == 2 and table[0]["answered"] == 2
    assert "2 files merged" in report_html(found)


def test_the_report_reads_a_zip_and_dropped_files(tmp_path):
    files = {}
    for n, right in enumerate((True, False, True)):
        lesson = work(lesson_on(tmp_path / f"pc{n}", "2026-12-01"), right=right)
        _, record = handed(lesson, f"Student {n}", tmp_path / "out")
        files[file_name(record)] = record.to_json()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(f"assignment/{name}", text)
        archive.writestr("assignment/readme.txt", "not a hand-in")
        archive.writestr("assignment/broken.json", "{")
    found = read_class({"class.zip": buffer.getvalue()})
    assert len(found.students) == 3
    assert [name for name, _ in found.problems] == ["class.zip/assignment/broken.json"]
    report = ClassReport(folder=tmp_path / "nowhere", class_list="Student 0\nStudent 9")
    assert "no folder" in report.shown.value
    found = report.show({name: text.encode() for name, text in files.items()})
    assert len(found.students) == 3 and "Not handed in (1)" in report.shown.value
    worst = missed_rules(found)
    assert worst and worst[0][2] >= 1
    assert "S-SETUP" in report.shown.value


def test_a_zip_bomb_is_read_within_the_bounds(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("huge.json", b"[" + b" " * (LIMITS["chars"] * 5) + b"]")
    found = read_class({"bomb.zip": buffer.getvalue()})
    assert not found.students and "larger than any hand-in" in found.problems[0][1]
    found = read_class({"bad.zip": b"PK\x03\x04 not really"})
    assert "not a zip file" in found.problems[0][1]


@pytest.mark.parametrize(("change", "says"), [
    ({"format": "sumer.game"}, "not a Sumer record or hand-in"),
    ({"version": 9}, "version 9"),
    ({"student": ""}, "name"),
    ({"sessions": [{"id": "x"}]}, "missing"),
    ({"extra": 1}, "unknown"),
    ({"attempts": [1]}, "must be an object"),
])
def test_a_broken_hand_in_is_refused_with_its_reason(tmp_path, change, says):
    _, record = handed(work(lesson_on(tmp_path, "2026-12-01")), "Ada", tmp_path / "out")
    with pytest.raises(InvalidInput, match=says):
        read_hand_in(json.dumps({**record.to_dict(), **change}))


def test_hostile_files_are_refused_without_being_read_whole(tmp_path):
    (tmp_path / "deep.json").write_text("[" * 10_000 + "]" * 10_000)
    (tmp_path / "huge.json").write_text('"' + "x" * (LIMITS["chars"] * 5) + '"')
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    found = read_class(tmp_path)
    assert not found.students
    assert {name for name, _ in found.problems} == {"deep.json", "huge.json", "binary.json"}


# What comes back, and stars -------------------------------------------------------------------


def missed_once(store, day="2026-12-01"):
    lesson = lesson_on(store, day)
    lesson.set_learner("Ada")
    lesson.ask("towns-on-board").verdict(55)  # wrong at the first try
    lesson.ask("traders-after-setup").verdict(20)  # right at the first try
    return lesson


def test_a_missed_question_comes_back_the_next_lesson_and_two_after_a_second_miss(tmp_path):
    missed_once(tmp_path)
    second = lesson_on(tmp_path, "2026-12-03")
    second.set_learner("Ada")
    assert [item.id for item in second.progress().due] == ["towns-on-board"]
    warm = second.warm_up()
    question = second._warm[("question", "towns-on-board")]
    assert warm.items.children and "1 item(s)" in warm.line.value
    question.verdict(55)  # missed again, in the warm-up
    third = lesson_on(tmp_path, "2026-12-05")
    third.set_learner("Ada")
    assert third.progress().due == []  # not the next lesson: two lessons later
    fourth = lesson_on(tmp_path, "2026-12-08")
    fourth.set_learner("Ada")
    assert [item.id for item in fourth.progress().due] == ["towns-on-board"]


def test_mastery_needs_a_right_first_try_in_a_warm_up(tmp_path):
    first = missed_once(tmp_path)
    levels = first.progress().levels
    towns = first.exercises["towns-on-board"].rules
    traders = first.exercises["traders-after-setup"].rules
    assert all(levels[rule] in (TRIED, FAMILIAR) for rule in towns)
    assert all(levels[rule] == FAMILIAR for rule in traders if rule not in towns)
    second = lesson_on(tmp_path, "2026-12-03")
    second.set_learner("Ada")
    second.warm_up()
    second._warm[("question", "towns-on-board")].verdict(24)
    levels = second.progress().levels
    assert all(levels[rule] == MASTERED for rule in towns)
    assert second.progress().due == []
    # Right at the first try in the part that taught it is not mastery.
    assert all(levels[rule] != MASTERED for rule in traders if rule not in towns)


def test_the_first_lesson_has_nothing_to_warm_up_with(tmp_path):
    lesson = lesson_on(tmp_path, "2026-12-01")
    warm = lesson.warm_up()
    assert "Type your name" in warm.line.value and not warm.items.children
    lesson.set_learner("Ada")
    assert "first lesson" in warm.line.value


def test_a_warm_up_task_is_played_on_a_fresh_position_where_its_kind_allows(tmp_path):
    lesson = lesson_on(tmp_path, "2026-12-01", game="royal_ur")
    lesson.set_learner("Ada")
    board = lesson.task("capture-dark")
    lesson.tasks["capture-dark"].solve(board, ["enter"])
    second = lesson_on(tmp_path, "2026-12-02", game="royal_ur")
    second.set_learner("Ada")
    second.warm_up()
    warm = second._warm[("task", "capture-dark")]
    assert warm.game.state != lesson.tasks["capture-dark"].new_game().state
    assert warm.task["goal"] == "Capture a piece of the other player."
    task = warm._task
    assert task.solve(warm).status == "done"


@pytest.mark.parametrize(("done", "hints", "missed", "expected"), [
    (True, 0, 0, 3), (True, 1, 0, 2), (True, 0, 1, 2), (True, 1, 1, 1), (True, 3, 2, 1),
    (False, 0, 0, 0), (False, 2, 5, 0)])
def test_stars_follow_the_ladder(done, hints, missed, expected):
    assert stars(done, hints, missed) == expected


def test_a_task_board_counts_hint_steps_and_missed_tries_for_its_stars(tmp_path):
    lesson = lesson_on(tmp_path, "2026-12-01", game="royal_ur")
    task = lesson.tasks["rosette-again"]
    board = lesson.task("rosette-again")
    board.send_intent({"intent": "task_hint"})
    task.solve(board, ["enter"])  # a miss (solve starts again first)
    task.solve(board)
    record = board.task_record
    assert record["done"] and record["missed"] == 1 and record["tries"] == 2
    lesson.save()
    attempt = next(a for a in lesson.record.attempts.values() if a["kind"] == "task")
    assert attempt["stars"] == stars(True, record["hints"], 1)


# Fuzz: hand-ins written through the lesson's own forms ---------------------------------------

answers = st.one_of(st.text(max_size=300), st.sampled_from(TRICKY_TEXT),
                    st.integers(-(10**12), 10**12), st.sets(st.text(max_size=30), max_size=60))
names = st.one_of(st.text(min_size=1, max_size=120), st.sampled_from(TRICKY_TEXT))


@fuzz(0.3)
@given(name=names, given_answers=st.lists(answers, min_size=1, max_size=6),
       other=names)
def test_what_the_lesson_records_its_reader_accepts(tmp_path_factory, name, given_answers,
                                                    other):
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "out").mkdir()
    lesson = Lesson("sumeria", records=folder / "records")
    ids = [exercise.id for exercise in lesson.exercises]
    for n, answer in enumerate(given_answers):
        question = lesson.ask(ids[n % len(ids)])
        if question.exercise.kind != "choices" and isinstance(answer, set):
            answer = ", ".join(sorted(answer))
        question.verdict(answer)
        question.next_hint()
    cells = []
    for who in (name, other):
        cell, record = handed(lesson, who, folder / "out")
        cells.append(cell)
        if record is None:
            assert cell.said.value  # refused with a reason, never raised
    found = read_class(folder / "out")
    assert not found.problems, found.problems
    handed_in = [cell for cell in cells if cell.handed is not None]
    assert len(found.students) == len({file_name(c.handed) for c in handed_in})
    report_html(found).encode("utf-8")


# The class's costliest positions (the coach's reviews in the records) -----------------------------


def reviewed(student: str, lost: list[float]) -> Record:
    """A record whose one reviewed Royal Game of Ur game has key moments losing `lost`, each
    at a position of a real game (its save file up to that move)."""
    import engine.royal_ur as ur

    game = ur.Game(ur.new_state(seed=7))
    positions = []
    for _ in range(len(lost)):
        positions.append(game.to_json())
        game.play(ur.legal_moves(game.state)[0])
    record = Record(student)
    session = record.start_session("royal_ur", "en", "2026-12-01")
    moments = [{"ply": n, "move": "move 4", "best": "move 2", "lost": chance,
                "grade": "blunder" if chance > 0.15 else "mistake", "position": position}
               for n, (chance, position) in enumerate(zip(lost, positions))]
    record.note_review(session, "royal_ur", {"player": 0, "accuracy": 71.5, "moves": 20,
                                             "moments": moments})
    return record


def test_the_report_shows_the_class_s_costliest_positions_with_their_pictures():
    found = read_class({"ada.json": reviewed("Ada", [0.3, 0.06]).to_json().encode(),
                        "bo.json": reviewed("Bo", [0.12]).to_json().encode()})
    assert [(m["student"], m["lost"]) for m in costliest(found)] == [
        ("Ada", 0.3), ("Bo", 0.12), ("Ada", 0.06)]
    page = report_html(found)
    assert "costliest positions" in page
    assert "30 points of the chance of winning lost (a blunder)" in page
    assert page.count("<svg") >= 3, "each position is drawn"
    # Each position is saved as the save file a board's Load game opens.
    link = page.index("data:application/json;base64,")
    data = page[link + len("data:application/json;base64,"):page.index("'", link)]
    import engine.royal_ur as ur

    assert ur.Game.from_json(base64.b64decode(data)).RULES == "royal_ur"


def test_a_moment_whose_position_does_not_load_is_listed_without_a_picture():
    record = reviewed("Cy", [0.2])
    next(iter(record.reviews.values()))["moments"][0]["position"] = '{"format": "x"}'
    page = report_html(read_class({"cy.json": record.to_json().encode()}))
    assert "20 points" in page and "<svg" not in page.split("costliest positions")[1]
