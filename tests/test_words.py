"""Words as data: the checker passes on the shipped words files and names every kind of
problem; no lesson module writes a learner's sentence in Python; the TOML files the project
writes, it reads back."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import InvalidInput
from sumer_widgets import tomlfile, wordcheck
from sumer_widgets.wordcheck import check, problems, prose_literals
from tests.fuzzing import fuzz

PACKAGE = Path(wordcheck.__file__).parent
#: Every lesson module of the package: the five games' and the analysis lesson's.
LESSONS = sorted(path.parent.name for path in PACKAGE.glob("*/lesson.py"))


@pytest.mark.parametrize("folder", sorted({path.parent for path in PACKAGE.rglob("words.*.toml")}),
                         ids=lambda folder: folder.name)
def test_the_words_files_have_no_problems(folder):
    found = problems([folder])
    assert not found, "\n".join(found)


def test_every_lesson_is_found():
    assert set(wordcheck.GAMES) <= set(LESSONS) and "analysis" in LESSONS


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_lesson_module_writes_a_learners_sentence_in_python(lesson):
    found = prose_literals((PACKAGE / lesson / "lesson.py").read_text(encoding="utf-8"))
    assert not found, f"{lesson}/lesson.py: " + "; ".join(f"line {n}: {text!r}"
                                                           for n, text in found[:5])


#: The modules beside the lessons whose sentences a learner reads: the analysis lesson's
#: pictures and printed results, the plots' (labels, a small sample's warning, a missing result
#: file), the history's drawings.
SHOWN = sorted(path for folder in ("analysis", "plots", "history")
               for path in (PACKAGE / folder).glob("*.py") if path.name != "lesson.py")
#: In these modules `InvalidInput` is a programmer's error (a wrong argument, a malformed
#: result file); what a learner meets, `ResultsMissing`, is not skipped.
PROGRAMMERS_ERRORS = ("InvalidInput",)


def _keys(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


#: The names the result files give their figures (``benchmarks/results/*.json``), which the
#: analyses look up and show as the files name them.
RESULT_KEYS = frozenset(key for path in (PACKAGE.parent / "benchmarks" / "results").glob("*.json")
                        for key in _keys(json.loads(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("path", SHOWN, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_module_a_learner_reads_writes_a_sentence_in_python(path):
    found = prose_literals(path.read_text(encoding="utf-8"), errors=PROGRAMMERS_ERRORS,
                           keys=RESULT_KEYS)
    assert not found, f"{path.parent.name}/{path.name}: " + "; ".join(
        f"line {n}: {text!r}" for n, text in found[:5])


def test_the_prose_check_finds_a_result_sentence_put_back_into_python():
    source = (PACKAGE / "plots" / "results.py").read_text(encoding="utf-8")
    check_it = {"errors": PROGRAMMERS_ERRORS, "keys": RESULT_KEYS}
    assert not prose_literals(source, **check_it)
    put_back = source.replace('ax.set_xlabel(_SAY["ladder-axis"])',
                              'ax.set_xlabel("games won (%), with 95 % interval")')
    put_back = put_back.replace('raise ResultsMissing(_SAY["no-folder"])',
                                'raise ResultsMissing("the result files are not here")')
    assert put_back != source
    assert [text for _, text in prose_literals(put_back, **check_it)] == [
        "the result files are not here", "games won (%), with 95 % interval"]
    # A programmer's error and a result file's name of a figure are not prose; without
    # naming them they are.
    source = ('raise InvalidInput(f"a rate needs at least one trial, not n={n}")\n'
              'n = figures["games with one winner"]\n')
    assert not prose_literals(source, **check_it)
    assert len(prose_literals(source)) == 2


def test_the_prose_check_finds_a_sentence_put_back_into_python():
    source = (PACKAGE / "royal_ur" / "lesson.py").read_text(encoding="utf-8")
    assert not prose_literals(source)
    put_back = source.replace(
        'options=lambda: ["yes", "no"],',
        'options=lambda: [("yes", "Yes: it captures dark\'s piece"), ("no", "No")],')
    assert put_back != source
    found = prose_literals(put_back)
    assert [text for _, text in found] == ["Yes: it captures dark's piece"]
    # Docstrings, giveaway patterns, markup and a position's diagram are not prose.
    assert not prose_literals('"""A lesson of three words and more."""\n'
                              'x = f(tells=("the answer is twelve",))\n'
                              'y = "<b>the board is drawn</b>"\n'
                              'z = "1  . . . . r r . .\\n hand k"\n'
                              'raise ValueError("a programmer reads this one")\n')


ENGLISH = {"board": {"WORDS": {"undo": "Undo", "why": "Why {player} did {move}",
                               "steps": ("one", "two")}},
           "question": {"n": {"question": "How many?", "hint": ("Count.",)}},
           "task": {"t": {"goal": "Do it.", "done": "Done.", "missed": "Not yet."}},
           "goal": {"capture": {"done": "Taken on {cell}.", "missed": "No."}}}
IDS = {"question": {"n": ("question", "hint", "slips")},
       "task": {"t": ("goal", "hint", "done", "missed")},
       "goal": {"capture": ("done", "missed")}}
MODULES = {"board": 'WORDS = words(__file__)["WORDS"]'}


def dutch(**changes):
    nl = {"board": {"WORDS": {"undo": "Terug", "why": "Waarom {player} {move} deed",
                              "steps": ("een", "twee")}},
          "question": {"n": {"question": "Hoeveel?", "hint": ("Tel.",)}},
          "task": {"t": {"goal": "Doe het.", "done": "Klaar.", "missed": "Nog niet."}},
          "goal": {"capture": {"done": "Geslagen op {cell}.", "missed": "Nee."}}}
    for path, value in changes.items():
        *tables, key = path.split("__")
        into = nl
        for table in tables:
            into = into[table]
        if value is None:
            del into[key]
        else:
            into[key] = value
    return nl


def test_the_checker_passes_whole_words():
    assert check("game", {"en": ENGLISH, "nl": dutch()}, IDS, MODULES) == []


@pytest.mark.parametrize(("english", "nl", "ids", "says"), [
    ({**ENGLISH, "question": {}}, None, IDS, "no [question.n]: the question 'n' has no words"),
    ({**ENGLISH, "task": {**ENGLISH["task"], "u": {"goal": "?"}}}, None, IDS,
     "[task.u] is no task of the lesson"),
    ({**ENGLISH, "question": {"n": {"question": "?", "hnit": "Count."}}}, None, IDS,
     "has no key 'hnit' (did you mean 'hint'?)"),
    ({**ENGLISH, "goal": {}}, None, IDS, "the goal 'capture' has no words"),
    (ENGLISH, dutch(board__WORDS__undo=None), IDS, "missing translation of board.WORDS.undo"),
    (ENGLISH, dutch(board__WORDS__udno="Terug"), IDS,
     "board.WORDS.udno is not in English (did you mean 'undo'?)"),
    (ENGLISH, dutch(board__WORDS__why="Waarom {speler} dit deed"), IDS,
     "board.WORDS.why has other slots than English (lost move, player; invented speler)"),
    (ENGLISH, dutch(task__t__done=None), IDS, "missing translation of task.t.done"),
    (ENGLISH, dutch(goal__capture__done="Geslagen."), IDS, "lost cell"),
    ({**ENGLISH, "picture": {"WORDS": {"a": "b"}}}, None, IDS, "[picture] names no module"),
    ({**ENGLISH, "board": {"OTHER": {"a": "b"}}}, None, IDS,
     "[board.OTHER] is read by no code of board.py"),
])
def test_the_checker_names_each_problem(english, nl, ids, says):
    read = {"en": english, **({"nl": nl} if nl is not None else {})}
    found = check("game", read, ids, MODULES)
    assert any(says in line for line in found), found


def test_a_lesson_not_translated_needs_only_its_boards_words_in_that_language():
    nl = dutch()
    del nl["question"], nl["task"], nl["goal"]
    assert check("game", {"en": ENGLISH, "nl": nl}, IDS, MODULES) == []
    nl["question"] = {"n": {"question": "Hoeveel?"}}
    assert "missing translation of task" in " ".join(
        check("game", {"en": ENGLISH, "nl": nl}, IDS, MODULES))


def test_a_words_file_that_is_not_toml_is_named(tmp_path):
    (tmp_path / "words.en.toml").write_text("[board\n", encoding="utf-8")
    found = problems([tmp_path])
    assert len(found) == 1 and "not valid TOML" in found[0] and "line 1" in found[0]


# TOML, written and read back -----------------------------------------------------------------

texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
keys = st.one_of(st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True), texts.filter(bool))
values = st.recursive(
    st.one_of(texts, st.integers(-(2**63), 2**63 - 1), st.booleans(),
              st.floats(allow_nan=False, allow_infinity=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(keys, inner, max_size=3)), max_leaves=10)
tables = st.dictionaries(keys, st.one_of(values, st.lists(st.dictionaries(keys, values,
                                                                          min_size=1,
                                                                          max_size=3),
                                                          min_size=1, max_size=3)),
                         max_size=5)


@fuzz()
@given(data=tables)
def test_what_dumps_writes_loads_reads_back(data):
    assert tomlfile.loads(tomlfile.dumps(data, "a comment\nof two lines")) == data


@pytest.mark.parametrize(("text", "says"), [
    ("a = " + "[" * 5000 + "]" * 5000, "5000 deep"),
    ("a = " + "{ b = " * 300 + "1" + " }" * 300, "300 deep"),
    ("a = 1\nb = [1,\n", "not valid TOML"),
    ("x" * (tomlfile.MAX_TOML_CHARS + 1), "characters long"),
    (b"\xff\xfe", "not UTF-8"),
    (3, "must be text"),
])
def test_bad_toml_is_refused_with_the_projects_error(text, says):
    with pytest.raises(InvalidInput, match=says):
        tomlfile.loads(text)


def test_brackets_inside_strings_and_comments_are_not_nesting():
    text = 'a = "[[[[[[[[[[[[[[[[[[[["\nb = \'{{{{{{{{{{{{{{{{{{{{{\' # [[[[[[[[[[[[[[[[[[[[\n'
    assert tomlfile.loads(text) == {"a": "[" * 20, "b": "{" * 21}


def test_values_toml_cannot_hold_are_refused():
    for bad in ({"a": None}, {"a": float("nan")}, {"a": "\ud800"}, {"a": object()}):
        with pytest.raises(InvalidInput):
            tomlfile.dumps(bad)


def test_line_of_finds_a_key_in_an_array_of_tables():
    text = ('format = 1\n\n[[task]]\nid = "a"\ngoal = { kind = "x" }\n\n[[task]]\nid = "b"\n'
            'par = 2\n\n[task.words.en]\ngoal = "Go."\n')
    assert tomlfile.line_of(text, "format") == 1
    assert tomlfile.line_of(text, "task", 0, "goal") == 5
    assert tomlfile.line_of(text, "task", 1, "par") == 9
    assert tomlfile.line_of(text, "task", 1, "words", "en", "goal") == 12
    assert tomlfile.line_of(text, "task", 1, "missing") == 7
    assert tomlfile.line_of(text, "nothing") is None


def test_no_module_reads_a_words_file_by_hand():
    """Words are read through `sumer_widgets.words` alone (one place, one format)."""
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert "words.json" not in node.value and "lesson.toml" not in node.value, \
                    f"{path.relative_to(PACKAGE)} reads {node.value!r}"
