"""Hand in, and the class at a glance (issue 30): a student's file holds what they did and nothing
else; the teacher's report reads a folder of them, listing every broken file with its reason."""

from __future__ import annotations

import json
from unittest import mock

import pytest

from engine.core import InvalidInput
from sumer_widgets import handin
from sumer_widgets.handin import HandIn, file_name, hand_in_data, read_hand_in
from sumer_widgets.lessons import Lesson
from sumer_widgets.report import ClassReport, misses, read_hand_ins, report_html


def worked_lesson(lang="en", right=True):
    lesson = Lesson("sumeria", lang=lang)
    first = lesson.ask("towns-on-board")
    first.verdict(55)
    first.verdict(24)
    second = lesson.ask("traders-after-setup")
    second.verdict(20 if right else 21)
    second.next_hint()
    board = lesson.task("umma-first")
    lesson.tasks["umma-first"].solve(board)
    return lesson


def test_the_hand_in_holds_what_the_student_did_and_nothing_else():
    data = hand_in_data(worked_lesson(), "  Ada   Lovelace ")
    assert set(data) == set(handin.KEYS)
    assert data["student"] == "Ada Lovelace" and data["lesson"] == "sumeria"
    assert data["questions"]["towns-on-board"] == {
        "first_answer": 55, "first_right": False, "tries": 2, "right": True, "hints": 0,
        "answer_shown": False}
    assert data["questions"]["traders-after-setup"]["first_right"] is True
    assert data["questions"]["traders-after-setup"]["hints"] == 1
    assert data["tasks"]["umma-first"] == {"tries": 1, "done": True, "hint": False}
    assert data["parts"] == [1, 3]
    assert read_hand_in(json.dumps(data)) == data
    assert file_name(data) == "hand-in-sumeria-ada-lovelace.json"


def test_the_dutch_hand_in_is_the_same_file():
    english = hand_in_data(worked_lesson("en"), "Ada")
    dutch = hand_in_data(worked_lesson("nl"), "Ada")
    assert {**dutch, "lang": "en", "minutes": 0} == {**english, "minutes": 0}


def test_the_cell_writes_the_file_beside_the_notebook(tmp_path, monkeypatch):
    monkeypatch.setattr(handin, "downloads_in_browser", lambda: False)
    cell = HandIn(worked_lesson(), folder=tmp_path)
    assert cell.hand_in() is None and "name" in cell.said.value
    cell.name_box.value = "Ada"
    data = cell.hand_in()
    written = json.loads((tmp_path / "hand-in-sumeria-ada.json").read_text(encoding="utf-8"))
    assert written == data and "saved beside this notebook" in cell.said.value


def test_in_the_browser_only_site_and_voila_the_browser_downloads_it(tmp_path, monkeypatch):
    monkeypatch.setattr(handin.sys, "platform", "emscripten")
    cell = HandIn(worked_lesson("nl"), folder=tmp_path)
    cell.name_box.value = "Ada"
    with mock.patch.object(handin.Download, "send") as send:
        data = cell.hand_in()
    message = send.call_args.args[0]
    assert message["kind"] == "download" and message["file"] == "hand-in-sumeria-ada.json"
    assert json.loads(message["text"]) == data and not list(tmp_path.iterdir())
    assert "browser" in cell.said.value
    monkeypatch.setattr(handin.sys, "platform", "linux")
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    assert handin.downloads_in_browser()


@pytest.mark.parametrize(("change", "says"), [
    ({"format": "sumer.game"}, "not a Sumer hand-in"),
    ({"version": 9}, "version 9"),
    ({"lesson": "chess"}, "does not know"),
    ({"student": ""}, "student"),
    ({"minutes": -1}, "minutes"),
    ({"parts": ["1"]}, "parts"),
    ({"questions": {"x": {"tries": 1}}}, "missing"),
    ({"tasks": {"t": {"tries": 1, "done": "yes", "hint": False}}}, "done"),
    ({"extra": 1}, "unknown"),
])
def test_a_broken_hand_in_is_refused_with_its_reason(change, says):
    data = hand_in_data(worked_lesson(), "Ada")
    with pytest.raises(InvalidInput, match=says):
        read_hand_in(json.dumps({**data, **change}))


def test_hostile_files_are_refused_without_being_read_whole(tmp_path):
    (tmp_path / "deep.json").write_text("[" * 10_000 + "]" * 10_000)
    (tmp_path / "huge.json").write_text('"' + "x" * 5_000_000 + '"')
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    found = read_hand_ins(tmp_path)
    assert not found.hand_ins
    assert {name for name, _ in found.problems} == {"deep.json", "huge.json", "binary.json"}


def test_the_report_of_thirty_files_with_three_broken():
    files = {}
    for n in range(27):
        data = hand_in_data(worked_lesson(right=n % 3 != 0), f"Student {n:02}")
        files[file_name(data)] = json.dumps(data)
    files["notes.json"] = "{not json"
    files["a-save.json"] = json.dumps({"format": "sumer.game", "version": 1})
    files["evil.json"] = "[" * 100_000
    found = read_hand_ins(files)
    assert len(found.hand_ins) == 27
    assert {name for name, _ in found.problems} == {"notes.json", "a-save.json", "evil.json"}
    assert all(reason for _, reason in found.problems)
    page = report_html(found, ["Student 00", "student  01", "Nobody Here"])
    assert page.count("<tr><td>Student") == 27
    assert "Not handed in (1)" in page and "Nobody Here" in page
    assert "not a Sumer hand-in" in page and "notes.json" in page
    worst = misses(found.hand_ins)[0]
    assert worst[:2] == ("sumeria", "towns-on-board") and worst[2:] == (27, 27)
    assert "Answer key:" in page and "8 × 3 = 24" in page


def test_the_report_widget_reads_a_folder_and_uploads(tmp_path):
    data = hand_in_data(worked_lesson(), "Ada")
    (tmp_path / file_name(data)).write_text(json.dumps(data), encoding="utf-8")
    report = ClassReport(folder=tmp_path, class_list="Ada\nGrace")
    assert "1 hand-in<" in report.shown.value and "Grace" in report.shown.value
    found = report.show({"x.json": json.dumps(data).encode()})
    assert len(found.hand_ins) == 1
