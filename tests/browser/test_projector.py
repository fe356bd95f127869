"""Issue 29, "legible on a projector": every board (the game's app board, at its start and in the
middle of a game) at 1280×720 draws no text a player reads under 12 CSS px, and the whole board
with its toolbar fits the window without scrolling; at 1920×1080 it uses the width (it is
drawn wider than at 1280).

The page is the board alone in a window of that size, as Voilà's app page or a board in full
screen shows it. Text that only repeats a piece's shape and colour (its initial) is drawn
``aria-hidden`` by the renderers and is not counted; neither are tooltips (``<title>``), the
picture's text form (``<desc>``) nor anything hidden.
"""

from __future__ import annotations

import pytest

from engine.bots import RandomBot, bot_for_level
from engine.core import RULESETS, rules_of
from sumer_widgets.games import card
from tests.browser.harness import MOUNT, synced_state

LEGIBLE_PX = 12
PROJECTOR = {"width": 1280, "height": 720}
WIDE = {"width": 1920, "height": 1080}

#: The rendered size of every piece of text in the board: an SVG text's font size times the
#: picture's scale, an HTML text's computed size.
SIZES = """(root) => {
  const el = document.querySelector(root);
  const out = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.nodeValue.trim()) continue;
    const parent = node.parentElement;
    if (parent.closest("[hidden], style, title, desc, option, [aria-hidden='true']")) continue;
    const style = getComputedStyle(parent);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const box = parent.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    let size = parseFloat(style.fontSize);
    if (parent instanceof SVGElement) {
      const m = parent.getScreenCTM();
      size *= Math.hypot(m.a, m.b);
    }
    out.push({ size: Math.round(size * 100) / 100, text: node.nodeValue.trim().slice(0, 40) });
  }
  return out;
}"""


def board_of(game: str, plies: int):
    """The app's board of `game` (its players, medium bots), `plies` random moves in."""
    spec = card(game)
    rules = rules_of(game)
    played = rules.new_game(spec.players, 7)
    stand_in = RandomBot(seed=3)
    for _ in range(plies):
        if played.is_over:
            break
        played.play(stand_in.choose(played.state.view(played.to_move)))
    bots = {seat: bot_for_level(game, "medium", seed=seat) for seat in range(1, spec.players)}
    return spec.board(played, bots=bots, name=game, autoplay=False)


def show(page, board) -> None:
    state = synced_state(board)
    for extra in ("battles",):  # a board's own synced traits beyond the base's
        if extra in board.trait_names(sync=True):
            state[extra] = getattr(board, extra)
    page.set_content("<!doctype html><html><body style='margin:0'><div id='root'></div>"
                     "</body></html>")
    page.evaluate(MOUNT, {"esm": board._esm, "css": board._css, "state": state})
    page.wait_for_selector("#root .sumer-host svg")


def smallest(page) -> dict:
    sizes = page.evaluate(SIZES, "#root")
    assert sizes, "the board shows no text"
    return min(sizes, key=lambda s: s["size"])


@pytest.mark.slow
@pytest.mark.parametrize("plies", [0, 24], ids=["start", "midgame"])
@pytest.mark.parametrize("game", sorted(RULESETS))
def test_a_board_is_legible_and_fits_a_projector(browser, game, plies):
    board = board_of(game, plies)
    page = browser.new_page(viewport=PROJECTOR)
    try:
        show(page, board)
        least = smallest(page)
        assert least["size"] >= LEGIBLE_PX, f"{game}: {least} is under {LEGIBLE_PX} px"
        box = page.locator("#root").bounding_box()
        assert box["width"] <= PROJECTOR["width"] and box["height"] <= PROJECTOR["height"], box
        scroll = page.evaluate("[document.documentElement.scrollWidth, "
                               "document.documentElement.scrollHeight]")
        assert scroll == [PROJECTOR["width"], PROJECTOR["height"]], f"the page scrolls: {scroll}"
        narrow = page.locator("#root .sumer-host svg").bounding_box()["width"]
        page.set_viewport_size(WIDE)
        page.wait_for_function("w => document.querySelector('#root .sumer-host svg')"
                               ".getBoundingClientRect().width > w", arg=narrow)
        wide = page.locator("#root").bounding_box()
        assert wide["height"] <= WIDE["height"], wide
    finally:
        page.close()


BATTLE_REPORT = """() => {
  const board = document.querySelector("#root");
  const report = board.querySelector("details.pk-report[open]");
  const table = report.querySelector("table.pk-dice-table");
  const scrolls = (e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowY)
    && e.scrollHeight > e.clientHeight + 1;
  const box = (e) => e.getBoundingClientRect();
  const heads = [...table.querySelectorAll("thead th")].filter((th) => th.textContent.trim());
  return {
    inside: [...report.querySelectorAll("*")].filter(scrolls).map((e) => e.className),
    scrollers: [...board.querySelectorAll("*")].filter(scrolls).map((e) => e.className),
    table: [table.scrollWidth, table.clientWidth, box(table).right],
    column: box(report.closest(".sumer-side")).right,
    heads: heads.map((th) => [th.textContent.trim(), box(th).left, box(th).right]),
    cells: [...table.querySelectorAll("td")].filter((td) => box(td).right > box(table).right + 1)
      .length,
  };
}"""


@pytest.mark.slow
def test_the_priest_kings_battle_report_reads_without_a_scroll_box_of_its_own(browser):
    """Issue 29, item 6: the report of a battle fought with the dice, opened beside the map at
    1280×720, has both sides' columns whole and no scroll box inside it: the column beside
    the map is the one thing that scrolls."""
    from tests.browser.test_priest_kings_module import battle_board, push, sent

    board = battle_board()
    page = browser.new_page(viewport=PROJECTOR)
    try:
        show(page, board)
        page.click("button.pk-dice")
        board._on_msg(board, sent(page)[0], [])
        push(page, board)
        page.wait_for_selector("details.pk-report[open] tr.pk-duel")
        seen = page.evaluate(BATTLE_REPORT)
        assert seen["inside"] == [], f"a scroll box inside the report: {seen['inside']}"
        assert seen["scrollers"] == ["sumer-side"], seen["scrollers"]
        width, room, right = seen["table"]
        assert width <= room and right <= seen["column"] + 0.5, seen["table"]
        assert seen["cells"] == 0, "a cell of the table sticks out of it"
        (invader, *_), (defender, *_) = seen["heads"]
        assert "(invader)" in invader and "(defender)" in defender
        assert all(right <= seen["column"] + 0.5 for _, _, right in seen["heads"])
        least = min(page.evaluate(SIZES, "details.pk-report"), key=lambda s: s["size"])
        assert least["size"] >= LEGIBLE_PX, least
    finally:
        page.close()


@pytest.fixture(scope="module")
def simple_lab(tmp_path_factory, browser_type_launch_args):
    """JupyterLab serving one small notebook a game: the game's app board."""
    import nbformat

    from tests.browser.lab import Lab

    root = tmp_path_factory.mktemp("projector-notebooks")
    for game in RULESETS:
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(
            f"from sumer_widgets.apps import app\napp({game!r}, seed=3).children[1].children[0]")]
        notebook.metadata = {"kernelspec": {"display_name": "Python 3 (ipykernel)",
                                            "language": "python", "name": "python3"}}
        nbformat.write(notebook, root / f"{game}.ipynb")
    server = Lab(root, tmp_path_factory.mktemp("projector-lab"))
    yield server
    server.stop()


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(RULESETS))
def test_a_board_is_legible_and_fits_in_jupyterlab_simple_mode(page, simple_lab, game):
    """At 1280×720 in JupyterLab's simple mode (side bars closed), the board fits the notebook's
    panel (below the menus and the notebook's toolbar) and its text is 12 px or more."""
    from tests.browser.lab import run_notebook

    assert page.viewport_size == PROJECTOR
    run_notebook(page, simple_lab, f"{game}.ipynb")
    page.evaluate("() => { const shell = window.jupyterapp.shell;"
                  " shell.mode = 'single-document'; shell.collapseLeft(); shell.collapseRight(); }")
    board = ".jp-Notebook .sumer-board"
    page.wait_for_selector(f"{board} .sumer-host svg")
    page.locator(board).scroll_into_view_if_needed()
    panel = page.locator(".jp-WindowedPanel-outer").first
    # The board settles once its frame has measured the panel it scrolls in.
    page.wait_for_function(
        "([sel, p]) => { const b = document.querySelector(sel).getBoundingClientRect();"
        " const r = document.querySelector(p).getBoundingClientRect();"
        " return b.height > 300 && b.bottom <= r.bottom + 0.5 && b.top >= r.top - 0.5; }",
        arg=[board, ".jp-WindowedPanel-outer"])
    box, room = page.locator(board).bounding_box(), panel.bounding_box()
    assert box["height"] <= room["height"] and box["width"] <= room["width"], (box, room)
    least = min(page.evaluate(SIZES, board), key=lambda s: s["size"])
    assert least["size"] >= LEGIBLE_PX, f"{game}: {least} is under {LEGIBLE_PX} px"
