"""The coach on a board in a real JupyterLab (issue 42), in the Royal Game of Ur and Sumeria: with
`why_bots` the side column lists what the bot weighed (its best moves, their chances, a reason
each, the one it played marked); "Review this game" shows the chances along the game, the
accuracy and the luck meter; a key moment opens on the board as a question, and the best move
and why are shown only after the learner has tried a move by clicking; back at the review, the
game in the kernel is as it was.

Each notebook is one cell: a game played for a few dozen moves in the kernel (the learner's moves
at random, so that there are key moments), on a board that says why."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.keys import audit
from tests.browser.lab import kernel_eval, run_notebook
from tests.browser.plays import _click_until_lit, _royal_ur_target

pytestmark = pytest.mark.slow

BOARD = '.sumer-board[data-name="coach"]'

SETUPS = {
    "royal_ur": """
from engine import royal_ur
from engine.bots import RandomBot, bot_for_level
from sumer_widgets.royal_ur.board import RoyalUrBoard
game = royal_ur.new_game(seed=4, pieces=3)
board = RoyalUrBoard(game, bots={1: bot_for_level("royal_ur", "medium", seed=2)},
                     why_bots=True, name="coach")
picker = RandomBot(seed=5)
while not game.is_over and not (len(game.moves) >= 30 and board.bot_why):
    board.play(picker.choose(game.state))
saved = game.to_json()
board""",
    "sumeria": """
from engine import sumeria
from engine.bots import RandomBot
from sumer_widgets.sumeria.board import SumeriaBoard
game = sumeria.new_game(3, seed=0)
board = SumeriaBoard(game, bots={1: RandomBot(seed=1), 2: RandomBot(seed=2)}, why_bots=True,
                     name="coach")
picker = RandomBot(seed=0)
while len(game.moves) < 24:
    board.play(picker.choose(game.state))
saved = game.to_json()
board""",
}
WEIGHED = {"royal_ur": "What Dark weighed", "sumeria": "What Orange weighed"}


def write_notebook(lab, name: str, source: str) -> str:
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                       "language": "python"}},
                "cells": [{"cell_type": "code", "id": "c0", "metadata": {},
                           "execution_count": None, "outputs": [], "source": source}]}
    (lab.root / name).write_text(json.dumps(notebook), encoding="utf-8")
    return name


def verdict_said(page, timeout: float = 5_000) -> bool:
    try:
        page.wait_for_function(
            "sel => document.querySelector(sel + ' .sumer-coach-verdict')?.innerText.trim()",
            arg=BOARD, timeout=timeout)
        return True
    except PlaywrightTimeout:
        return False


def try_a_move(page, game: str) -> None:
    """Play a move in the open puzzle by clicks, as the learner would."""
    if game == "royal_ur":
        lit = "rect.sumer-dest"
        assert (_click_until_lit(page, BOARD, "[data-pool]", lit)
                or _click_until_lit(page, BOARD, "[data-cell]", lit)), "no piece lit a square"
        dest = page.get_attribute(f"{BOARD} {lit}", "data-dest")
        page.locator(f"{BOARD} .sumer-host {_royal_ur_target(dest)}").first.click(force=True)
        assert verdict_said(page, 15_000)
        return
    # Sumeria's set-up: a click on an empty place puts a trader there (where the rules allow).
    empty = page.locator(f"{BOARD} .sumer-host [data-loc]:not([data-owner])")
    for n in range(min(empty.count(), 12)):
        empty.nth(n).click(force=True)
        if verdict_said(page):
            return
    raise AssertionError("no empty place took a trader")


@pytest.mark.parametrize("game", ["royal_ur", "sumeria"])
def test_a_bot_says_why_and_a_key_moment_is_a_question_before_its_answer(
        browser, lab, browser_context_args, game):
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    try:
        run_notebook(page, lab, write_notebook(lab, f"coach-{game}.ipynb", SETUPS[game]))
        page.locator(f"{BOARD} svg").first.scroll_into_view_if_needed(timeout=60_000)
        why = page.locator(f"{BOARD} .sumer-coach-why")
        why.wait_for(state="visible")
        assert WEIGHED[game] in why.inner_text()
        # The move played is marked among the three, or named under them (a random bot's).
        assert why.locator("li.sumer-coach-played, .sumer-coach-other").count() >= 1
        assert why.locator(".sumer-coach-chance").first.inner_text().endswith(" %")
        assert why.locator(".sumer-coach-reason").first.inner_text().strip()

        page.locator(f"{BOARD} button.sumer-review").click()
        review = page.locator(f"{BOARD} .sumer-coach-review")
        review.locator("svg.sumer-coach-chances").wait_for()
        assert review.locator("svg.sumer-coach-luck").count() == 1
        assert "out of 100" in review.locator(".sumer-coach-accuracy").inner_text()
        # The column is real text: no serious accessibility problem with it open.
        assert audit(page, BOARD) == []
        moment = review.locator("button.sumer-coach-moment").first
        ply = moment.get_attribute("data-ply")
        moment.click()
        question = review.locator(".sumer-coach-question")
        question.wait_for()
        assert question.inner_text().endswith("Find a better move.")
        page.wait_for_function("([sel, ply]) => document.querySelector(sel + ' .sumer-host')"
                               ".dataset.ply === ply", arg=[BOARD, ply])
        # Commit before reveal: no answer and no Show before a try.
        assert review.locator(".sumer-coach-best").count() == 0
        assert review.locator(".sumer-coach-show").count() == 0

        try_a_move(page, game)
        show = review.locator("button.sumer-coach-show")
        if show.count():
            assert review.locator(".sumer-coach-best").count() == 0
            show.click()
        best = review.locator(".sumer-coach-best")
        best.wait_for()
        assert best.inner_text().startswith("The coach's best move: ")
        assert review.locator(".sumer-coach-reasons li").count() >= 1

        review.locator("button.sumer-coach-back").click()
        review.locator("button.sumer-coach-moment").first.wait_for()
        kept = json.loads(kernel_eval(page, "import json\nprint(json.dumps("
                                            "[game.to_json() == saved, board.game is game, "
                                            "board.error]))"))
        assert kept == [True, True, ""]
    finally:
        context.close()
