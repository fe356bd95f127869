"""The example task files of docs/tasks/: for each game, two of its lessons' own board tasks
written as a teacher's task file (`sumer_widgets.taskfile`) — each start a saved game, its goal
a goal kind with parameters, its words in the file — as the task maker writes them.

    python scripts/example_tasks.py           # write docs/tasks/<game>.toml
    python scripts/example_tasks.py --check   # exit 1 if one is out of date

The test suite checks they are current and that each reads back into tasks its solution
solves (tests/widgets/test_task_files.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "tasks"
#: The lessons' tasks each game's example file holds.
EXAMPLES = {"sumeria": ("umma-first", "into-eridu"),
            "tigris": ("green-point", "join-the-farms"),
            "mesopotamia": ("build-a-hut", "two-descendants"),
            "priest_kings": ("attack-ur-from-kish", "enter-the-order"),
            "royal_ur": ("capture-dark", "rosette-again")}
COMMENT = ("A teacher's task file for {title} (docs/tasks.md): two of the lesson's own\n"
           "board tasks, written as the task maker writes them. Open it in\n"
           "notebooks/07-tasks.ipynb, or change its words and goals and open it again.")


def example(game: str) -> str:
    from dataclasses import replace

    from sumer_widgets.games import card
    from sumer_widgets.lessons import Lesson
    from sumer_widgets.taskfile import write

    lesson = Lesson(game)
    tasks, words = [], {}
    for task_id in EXAMPLES[game]:
        task = lesson.tasks[task_id]
        start = task.new_game().state
        tasks.append(replace(task, start=lambda start=start, **_: start, ruleset_options={}))
        told = {}
        for lang in ("en", "nl"):
            table = {}
            if isinstance(task.goal, dict) and lang in task.goal:
                table["goal"] = task.goal[lang]
            steps = [step[lang] for step in task.hints() if lang in step]
            if steps:
                table["hint"] = steps
            if isinstance(task.explanation, dict) and lang in task.explanation:
                table["explanation"] = task.explanation[lang]
            if table:
                told[lang] = table
        words[task_id] = told
    return write(tasks, game, words, COMMENT.format(title=card(game).title))


def main(argv: list[str]) -> int:
    stale = []
    for game in EXAMPLES:
        path = OUT / f"{game}.toml"
        text = example(game)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if "--check" not in argv:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
    if "--check" in argv and stale:
        print("out of date: " + ", ".join(str(p.relative_to(ROOT)) for p in stale)
              + " — run python scripts/example_tasks.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
