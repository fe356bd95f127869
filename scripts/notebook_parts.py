"""The shipped notebooks read as a learner reads them: parts, what each part shows, the
questions it asks, and where its rule ids may stand.

A notebook is a sequence of *parts*, each opened by a markdown heading of level 2 (``## Part 3 —
A turn``). A learner's prose names no rule id and no ruling; those stand in two places only, at
the end of a part:

- one line that starts with `RULES_LINE` (``**Rules in this part:**``), linking the part's rule
  ids to the catalogue — `rules_line` writes it;
- one short box, a quoted paragraph that starts with `BOX_START`
  (``> **Where this comes from.**``), where the part rests on a ruling or a reconstruction.

Refusal lines in outputs keep their rule id (they are the link a curious learner follows), and
the closing table of every rule and where it is taught (`TABLE_HEADINGS`) is reference, not prose.

`leaks` finds, for every question a notebook asks, its answer — as the answer key states it
(`sumer_widgets.exercises.Exercise.giveaways`) — in what the learner sees of the question's
part before answering: the part's markdown and its stored outputs, the question's own form
aside. The tests (``tests/test_learner_prose.py``) use these; writers run
``python scripts/notebook_parts.py notebooks/01-sumeria.ipynb`` to see what is left to mend,
and ``python scripts/notebook_parts.py --parts`` to write each lesson's ``parts.json`` (the
parts a hand-in counts as reached; ``--parts --check`` says whether they are current).
"""

from __future__ import annotations

import html
import json
import math
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RULES_LINE = "**Rules in this part:**"
RULES_LINE_NL = "**Regels in dit deel:**"
BOX_START = "> **Where this comes from.**"
BOX_START_NL = "> **Waar dit vandaan komt.**"
#: Headings of the closing reference table (rule → part → exercises → tests).
TABLE_HEADINGS = ("every rule", "elke regel")
#: A rule id of a catalogue (``S-MOVE-3``) or a ruling of docs/rulings.md (``R-S10``).
RULE_ID = re.compile(r"\b(?:[A-Z]+(?:-[A-Z]+)+-\d+|R-[A-Z]+\d+)\b")
RULINGS_LINK = re.compile(r"rulings\.md")
ASK = re.compile(r"\.ask\(\s*[\"']([\w-]+)[\"']")
LESSON = re.compile(r"Lesson\(\s*[\"'](\w+)[\"'](?:\s*,\s*(?:lang\s*=\s*)?[\"'](\w+)[\"'])?")
TAG = re.compile(r"<[^>]+>")


@dataclass
class Part:
    """One part of a notebook: its heading and its cells (with their indices)."""

    title: str
    cells: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    @property
    def is_reference(self) -> bool:
        return any(word in self.title.lower() for word in TABLE_HEADINGS)

    @property
    def is_lesson_part(self) -> bool:
        """A numbered part of the walkthrough ("Part 3", "Deel 3")."""
        return bool(re.match(r"(Part|Deel) \d", self.title))


def read(path: Path | str) -> dict[str, Any]:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def source(cell: dict[str, Any]) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def parts(notebook: dict[str, Any]) -> list[Part]:
    """The notebook's parts, in order; cells before the first heading form a part titled ''."""
    found = [Part("")]
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown":
            heads = [line[3:].strip() for line in source(cell).splitlines()
                     if line.startswith("## ")]
            if heads:
                found.append(Part(heads[0]))
        found[-1].cells.append((index, cell))
    return [part for part in found if part.cells]


def is_apparatus(text: str) -> bool:
    """Whether a markdown paragraph is one of the two places rule ids may stand."""
    stripped = text.lstrip()
    return stripped.startswith((RULES_LINE, RULES_LINE_NL, BOX_START, BOX_START_NL))


def paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def prose_rule_ids(notebook: dict[str, Any]) -> list[tuple[int, str]]:
    """Every rule id or ruling named in the learner's prose: ``(cell index, what)``."""
    found = []
    for part in parts(notebook):
        if part.is_reference:
            continue
        for index, cell in part.cells:
            if cell["cell_type"] != "markdown":
                continue
            for paragraph in paragraphs(source(cell)):
                if is_apparatus(paragraph):
                    continue
                found += [(index, rule) for rule in RULE_ID.findall(paragraph)]
                found += [(index, "a link to docs/rulings.md")
                          for _ in RULINGS_LINK.findall(paragraph)]
    return found


def rules_lines(part: Part) -> list[str]:
    """The part's rules lines (there should be exactly one in a numbered part)."""
    return [paragraph for _, cell in part.cells if cell["cell_type"] == "markdown"
            for paragraph in paragraphs(source(cell))
            if paragraph.lstrip().startswith((RULES_LINE, RULES_LINE_NL))]


def rules_line(ruleset: str, ids: list[str], lang: str = "en") -> str:
    """The markdown of a part's rules line: each id linked to its catalogue, with the rule's
    sentence as the link's title (shown when the pointer rests on it)."""
    from sumer_widgets.catalogue import rule_text

    head = RULES_LINE if lang == "en" else RULES_LINE_NL
    folder = "" if lang == "en" else f"{lang}/"
    links = []
    for rule in ids:
        title = rule_text(rule, lang).replace('"', "'")
        links.append(f'[{rule}](../docs/rules/{folder}{ruleset}.md "{title}")')
    return f"{head} " + " · ".join(links)


def visible_text(cell: dict[str, Any]) -> str:
    """What a learner reads of a cell before running anything: markdown as written, or the
    stored outputs' text (HTML without its tags; pictures aside)."""
    if cell["cell_type"] == "markdown":
        return source(cell)
    texts = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "text/html" in data:
            shown = "".join(data["text/html"]) if isinstance(data["text/html"], list) \
                else data["text/html"]
            texts.append(html.unescape(TAG.sub(" ", shown)))
        elif "text/plain" in data:
            shown = data["text/plain"]
            texts.append("".join(shown) if isinstance(shown, list) else shown)
        elif "text" in output:
            shown = output["text"]
            texts.append("".join(shown) if isinstance(shown, list) else shown)
    return "\n".join(texts)


def lesson_of(notebook: dict[str, Any]) -> tuple[str, str] | None:
    """``(game, lang)`` of the notebook's `Lesson`, if it opens one."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            found = LESSON.search(source(cell))
            if found:
                return found.group(1), found.group(2) or "en"
    return None


@dataclass(frozen=True)
class Leak:
    """A question's answer seen before the learner answers it."""

    exercise: str
    cell: int
    what: str

    def __str__(self) -> str:
        return f"{self.exercise}: cell {self.cell} shows {self.what!r}"


#: The screen below a question: at most this many cells after it …
SCREEN_BELOW = 3
def cell_sentences(cell: dict[str, Any]) -> list[str]:
    """What a learner reads of a cell before running anything, sentence by sentence: markdown
    as it shows, or the stored outputs — HTML, printed text and the text drawn in pictures."""
    from sumer_widgets.facts import markdown_sentences, markup_sentences, plain_sentences

    if cell["cell_type"] == "markdown":
        return markdown_sentences(source(cell))
    found = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        for kind in ("text/html", "image/svg+xml"):
            if kind in data:
                found += markup_sentences(_joined(data[kind]))
        if "text/html" not in data and "text/plain" in data:
            found += plain_sentences(_joined(data["text/plain"]))
        if "text" in output:
            found += plain_sentences(_joined(output["text"]))
    return found


def _joined(text: Any) -> str:
    return "".join(text) if isinstance(text, list) else text


def asks(cell: dict[str, Any]) -> bool:
    """Whether a cell asks a question or shows a board task."""
    return cell["cell_type"] == "code" and bool(ASK.search(source(cell))
                                                or TASK.search(source(cell)))


def screen_below(part: Part, at: int) -> list[int]:
    """The cells a learner sees below the question at position `at` of `part` before
    answering it: the questions asked right below it with it, then up to `SCREEN_BELOW` cells
    in all, up to the next question or task."""
    cells = part.cells[at + 1:]
    seen = []
    k = 0
    while k < len(cells) and asks(cells[k][1]):
        seen.append(cells[k][0])
        k += 1
    for index, cell in cells[k:]:
        if len(seen) >= SCREEN_BELOW or asks(cell):
            break
        seen.append(index)
    return seen[:SCREEN_BELOW]


#: A choice's leading "Yes:" or "No:", which says nothing of what the choice claims.
ANSWER_MARK = re.compile(r"^\s*(?:yes|no|ja|nee)\b\s*[:,—–-]?\s*", re.I)


def choice_meanings(exercise: Any, lang: str) -> list[tuple[str, bool, list[str]]]:
    """Each choice of `exercise` that says something, as ``(label, right, its meaning)``:
    its own words (`sumer_widgets.facts.content_words`) less those of the question itself. A
    lettered place of a picture ("C — Kish town 3") names a place, it says nothing: it is left
    out."""
    from sumer_widgets.exercises import LETTERED
    from sumer_widgets.facts import content_words
    from sumer_widgets.tasks import say

    asked = content_words(say(exercise.question, lang))
    return [(label, right, content_words(ANSWER_MARK.sub("", label), asked))
            for label, right in exercise.choice_labels(lang) if not LETTERED.match(label)]


def leaks(notebook: dict[str, Any]) -> list[Leak]:
    """Every question whose answer the learner can read before answering it:

    - the answer as the answer key states it, or the exercise's `tells`
      (`Exercise.giveaways`), anywhere in the question's part;
    - what decides the answer — the exercise's `facts` — and a sentence
      that repeats a right choice's label and no wrong one (`sumer_widgets.facts.repeats`):
      a sentence listing the choices teaches them, one that repeats the right one alone gives
      it away. Both are looked for in what the learner sees around the question: the cells
      above it in its part and the screen below it (`screen_below`), prose and stored outputs
      alike.
    """
    from sumer_widgets.facts import mentions, repeats
    from sumer_widgets.lessons import Lesson

    opened = lesson_of(notebook)
    if opened is None:
        return []
    lesson = Lesson(*opened)
    cells = notebook["cells"]
    found = []
    for part in parts(notebook):
        for at, (own_cell, own) in enumerate(part.cells):
            if own["cell_type"] != "code":
                continue
            for ex_id in ASK.findall(source(own)):
                exercise = lesson.exercises[ex_id]
                tells = exercise.giveaways(lesson.lang)
                for index, cell in part.cells:
                    if index == own_cell:
                        continue
                    text = " ".join(visible_text(cell).split())
                    for tell in tells:
                        hit = tell.search(text)
                        if hit:
                            found.append(Leak(ex_id, index, hit.group(0)))
                facts = exercise.deciding_facts()
                labels = choice_meanings(exercise, lesson.lang)
                around = [index for index, _ in part.cells[:at]] + screen_below(part, at)
                for index in around:
                    for sentence in cell_sentences(cells[index]):
                        for fact in facts:
                            hit = fact.search(sentence)
                            if hit is not None:
                                found.append(Leak(ex_id, index, sentence))
                                break
                        told = [label for label, right, meaning in labels
                                if right and repeats(meaning, sentence)]
                        if told and not any(mentions(meaning, sentence)
                                            for _, right, meaning in labels if not right):
                            found.append(Leak(ex_id, index, f"{sentence} (the right choice: "
                                                             f"{told[0]})"))
    return found


TASK = re.compile(r"\.task\(\s*[\"']([\w-]+)[\"']")
PART_NUMBER = re.compile(r"^(?:Part|Deel) (\d+)")
#: The cell that ends a part with its stars: a glance, like the rules line, not a result to
#: look at (it takes no time of its own in a lesson plan).
STARS = re.compile(r"lesson\.part_stars\(\d+\)")


def lesson_parts(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The notebook's numbered parts as the hand-in counts them: number, title, and the ids
    of the exercises and tasks each asks."""
    found = []
    for part in parts(notebook):
        number = PART_NUMBER.match(part.title)
        if number is None:
            continue
        code = [source(cell) for _, cell in part.cells if cell["cell_type"] == "code"]
        found.append({"number": int(number.group(1)), "title": part.title,
                      "exercises": [i for text in code for i in ASK.findall(text)],
                      "tasks": [i for text in code for i in TASK.findall(text)]})
    return found


#: How long a part takes a 15-year-old in pairs (docs/teachers.md gives the rule): reading at
#: about 130 words a minute, about 1½ minutes a question, 3 a board task, and ½ a minute to look
#: at each other picture, board or result a cell shows.
WORDS_A_MINUTE = 130
QUESTION_MINUTES = 1.5
TASK_MINUTES = 3
LOOK_MINUTES = 0.5
STATED = re.compile(r"\((?:about|ongeveer) (\d+) (?:minutes|minuten)\)")
WORD = re.compile(r"[^\W\d_][\w'’-]*")


def reading_words(part: Part) -> int:
    """The words a learner reads in `part`'s markdown (the rules line aside: it is links)."""
    words = 0
    for _, cell in part.cells:
        if cell["cell_type"] != "markdown":
            continue
        for paragraph in paragraphs(source(cell)):
            if paragraph.lstrip().startswith((RULES_LINE, RULES_LINE_NL)):
                continue
            text = re.sub(r"\]\([^)]*\)", "]", re.sub(r"<[^>]+>", " ", paragraph))
            words += len(WORD.findall(text))
    return words


def measured_minutes(part: Part) -> float:
    """The part's minutes by the rule: reading, questions and board tasks."""
    code = [source(cell) for _, cell in part.cells if cell["cell_type"] == "code"]
    questions = sum(len(ASK.findall(text)) for text in code)
    tasks = sum(len(TASK.findall(text)) for text in code)
    looks = sum(1 for _, cell in part.cells if cell["cell_type"] == "code"
                and cell.get("outputs") and not ASK.search(source(cell))
                and not TASK.search(source(cell)) and not STARS.fullmatch(source(cell).strip()))
    return (reading_words(part) / WORDS_A_MINUTE + QUESTION_MINUTES * questions
            + TASK_MINUTES * tasks + LOOK_MINUTES * looks)


def stated_minutes(part: Part) -> int | None:
    """The minutes the part's heading states ("(about 15 minutes)"), if any."""
    found = STATED.search(part.title)
    return int(found.group(1)) if found else None


def stating_minutes(notebook: dict[str, Any]) -> list[tuple[str, int]]:
    """Write each numbered part's measured minutes into its heading ("(about N minutes)",
    rounded up), in place; returns ``(title, minutes)`` for every part."""
    told = []
    for part in parts(notebook):
        if not part.is_lesson_part:
            continue
        minutes = max(1, math.ceil(measured_minutes(part)))
        words = ("ongeveer", "minuten") if part.title.startswith("Deel") else ("about", "minutes")
        stated = f"({words[0]} {minutes} {words[1]})"
        title = STATED.sub("", part.title).rstrip() + " " + stated
        for _, cell in part.cells[:1]:
            text = source(cell).replace(f"## {part.title}", f"## {title}", 1)
            cell["source"] = text.splitlines(keepends=True)
        told.append((title, minutes))
    return told


def written_parts() -> dict[Path, str]:
    """``sumer_widgets/<lesson>/parts.json`` for every lesson a notebook opens, by language."""
    by_lesson: dict[str, dict[str, Any]] = {}
    for path in every_notebook():
        notebook = read(path)
        opened = lesson_of(notebook)
        if opened is None or path.stem.startswith("00"):
            continue
        game, lang = opened
        by_lesson.setdefault(game, {})[lang] = lesson_parts(notebook)
    return {ROOT / "sumer_widgets" / game / "parts.json":
            json.dumps(langs, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            for game, langs in by_lesson.items()}


def every_notebook() -> Iterator[Path]:
    yield from sorted((ROOT / "notebooks").glob("*.ipynb"))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--minutes"]:
        for path in map(Path, argv[1:]):
            notebook = read(path)
            for title, _ in stating_minutes(notebook):
                print(f"{path.name}: {title}")
            path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n",
                            encoding="utf-8")
        return 0
    if argv[:1] == ["--parts"]:
        stale = []
        for path, text in written_parts().items():
            current = path.read_text(encoding="utf-8") if path.exists() else ""
            if current != text:
                stale.append(path)
                if "--check" not in argv:
                    path.write_text(text, encoding="utf-8")
                    print(f"wrote {path.relative_to(ROOT)}")
        if "--check" in argv and stale:
            print("out of date: " + ", ".join(str(p.relative_to(ROOT)) for p in stale) +
                  " — run python scripts/notebook_parts.py --parts", file=sys.stderr)
            return 1
        return 0
    paths = [Path(a) for a in argv] or list(every_notebook())
    bad = 0
    for path in paths:
        notebook = read(path)
        for index, what in prose_rule_ids(notebook):
            print(f"{path.name}: cell {index}: prose names {what}")
            bad += 1
        for part in parts(notebook):
            if part.is_lesson_part and len(rules_lines(part)) != 1:
                print(f"{path.name}: {part.title}: {len(rules_lines(part))} rules lines")
                bad += 1
        for leak in leaks(notebook):
            print(f"{path.name}: {leak}")
            bad += 1
    print(f"{bad} things to mend")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
