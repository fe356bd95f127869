"""The Tigris & Euphrates board as SVG: one renderer for the widget, its static fallback, and
notebooks.

`render(state)` draws a position: the 16 × 11 grid with its rivers and coordinates (columns
``a``–``p``, rows ``1``–``11``); tiles by colour *and* icon (settlement, ziggurat, wheat, scales —
so colour is never the only cue); leaders as discs of their colour carrying their dynasty's
sign — bull, urn, bow, lion: players are shapes, not colours — and a letter for their role (a
players' row's small leaders: their tiles' icon);
kingdoms outlined; treasures (gems), the special border of the temples whose treasures go first,
catastrophes, monuments (their two colours and icons), the wonder and the buildings; a conflict
in progress with each side's leader and supporting tiles marked and both strengths in the status
line; below the board the hand of the player it is drawn for, and every player's tiles,
leaders, catastrophes, treasures and points.

Hidden information: give `viewer` (or a state that is already a view) and the picture shows what
that player may see — their own hand and, without open scoring, only their own points; nothing
hidden is in the SVG, not even in its ``<desc>`` (the text form of the position shown).

Every cell is a ``<g data-cell="f3">`` so the widget's JavaScript finds it, and the root's
``data-grid="left top size"`` places any cell; the hand's tiles, leaders and catastrophes carry
``data-hand``, ``data-leader`` and ``data-catastrophe`` with their centre in ``data-x data-y``.
Output is deterministic: cells, kingdoms and players are drawn in a fixed order.
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from engine import tigris
from engine.tigris.board import HEIGHT, WIDTH, Board, cell_name, parse_cell
from engine.tigris.scoring import final_vector
from engine.tigris.state import (
    BUILDING_NAMES,
    CATASTROPHE,
    COLOUR_NAMES,
    COLOURS,
    FLIPPED,
    LEADER,
    LEADER_NAMES,
    MONUMENT_COLOURS,
    MONUMENTS,
    RED,
    REVOLT,
    TILE,
    TILE_NAMES,
    State,
    player_name,
)
from engine.tigris.table import conflict_sides, groups
from sumer_widgets.palette import inline
from sumer_widgets.svg import BOARD_ROLE, Svg, attrs, control, picture_css, text
from sumer_widgets.tigris import ending
from sumer_widgets.words import words

CELL = 48
#: A river cell's ripples, after a starting point: four waves 10 wide.
WAVE = "q5,-5 10,0 t10,0 t10,0 t10,0"
LEFT, TOP = 30, 56
BOARD_W, BOARD_H = WIDTH * CELL, HEIGHT * CELL
PICTURE_W = LEFT + BOARD_W + 14
HAND_Y = TOP + BOARD_H + 14
HAND_TILE = 40
TABLE_Y = HAND_Y + 84
ROW_H = 38

#: Tile colours (Okabe–Ito where the game's colour allows): each also has an icon.
TILE_FILL = ("#3d3d3d", "#D55E00", "#0072B2", "#009E73")



def _star(points: int, outer: float, inner: float) -> str:
    """A star's corners around (0, 0), alternating `outer` and `inner` radii."""
    corners = []
    for k in range(points):
        radius = outer if k % 2 == 0 else inner
        angle = math.pi * 2 * k / points - math.pi / 2
        corners.append(f"{radius * math.cos(angle):.1f},{radius * math.sin(angle):.1f}")
    return " ".join(corners)


# Icons in a 24 × 24 box centred on (0, 0), drawn white on their tile or leader.
TILE_ICONS = (
    # a settlement: a house with its door
    '<path d="M-8,10 V-1 L0,-9 L8,-1 V10 H3 V3 H-3 V10 Z"/>',
    # a temple: a ziggurat
    '<path d="M-10,10 V4 H-7 V-2 H-4 V-8 H4 V-2 H7 V4 H10 V10 Z"/>',
    # a farm: a sheaf of wheat
    '<path d="M-1,-10 H1 V10 H-1 Z"/>'
    + "".join(f'<ellipse cx="{side * 3.4}" cy="{y}" rx="2.1" ry="4" '
              f'transform="rotate({side * 32} {side * 3.4} {y})"/>'
              for y in (-5, 0, 5) for side in (-1, 1)),
    # a market: a pair of scales
    '<path d="M-1,-9 H1 V8 H-1 Z M-6,8 H6 V10 H-6 Z M-10,-6 H10 V-4 H-10 Z"/>'
    '<path d="M-9,-5 L-12,3 H-6 Z M9,-5 L6,3 H12 Z"/>',
)
DYNASTY_ICONS = (
    # Bull: a head with horns and ears
    '<path d="M-5,-3 C-5,-7 5,-7 5,-3 L4,6 C3,10 -3,10 -4,6 Z"/>'
    '<path d="M-5,-3 C-9,-4 -12,-7 -11,-12 C-9,-8 -6,-7 -3,-6 Z"/>'
    '<path d="M5,-3 C9,-4 12,-7 11,-12 C9,-8 6,-7 3,-6 Z"/>'
    '<path d="M-5,-1 L-10,0 L-5,3 Z M5,-1 L10,0 L5,3 Z"/>',
    # Urn: an amphora with handles
    '<path d="M-3.5,-11 H3.5 V-9 H2 V-6 C7,-4 8,3 4,7 L3,11 H-3 L-4,7 C-8,3 -7,-4 -2,-6 V-9 '
    'H-3.5 Z"/><path d="M-2,-7 C-8,-8 -9,-1 -5,1 M2,-7 C8,-8 9,-1 5,1" fill="none" '
    'stroke="#fff" stroke-width="1.6"/>',
    # Bow: a bow with its string and an arrow
    '<path d="M-5,-11 C9,-7 9,7 -5,11" fill="none" stroke="#fff" stroke-width="2.6"/>'
    '<path d="M-5,-11 L-5,11 M-11,0 H6 M-11,0 L-13,-3 M-11,0 L-13,3" fill="none" '
    'stroke="#fff" stroke-width="1.4"/><path d="M10,0 L5,-3.5 L5,3.5 Z"/>',
    # Lion: a maned head (its face is added in `_defs`)
    f'<polygon points="{_star(20, 11.5, 7.5)}"/>',
)

class TigrisSvg(Svg):
    """A picture of a position: shown as the picture in Jupyter; its text form is one line (a
    notebook stores the picture once, not a second time as text)."""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        title = re.search(r"<title>(.*?)</title>", self)
        printer.text(f"<{html.unescape(title.group(1)) if title else 'SVG'}>")


WORDS = words(__file__)["WORDS"]

CSS = picture_css(inline("""
/* Words a player reads are 17 units or more; `svg.picture_css` keeps them at 12 px on screen
   where the picture is drawn smaller (JupyterLab with its file browser open). */
.tg-coord{font:600 17px sans-serif;fill:#6b5a3c;text-anchor:middle;dominant-baseline:central}
.tg-status{font:600 18px sans-serif;fill:#2b2b2b}
.tg-small{font:17px sans-serif;fill:#333}
.tg-name{font:700 17.5px sans-serif;fill:#222}
.tg-num{font:700 17px sans-serif;fill:#222;dominant-baseline:central}
.tg-role{font:700 19px sans-serif;fill:#111;text-anchor:middle;dominant-baseline:central}
.tg-kingdom{fill:none;stroke:#1c1c1c;stroke-width:3.2;stroke-linecap:round;pointer-events:none}
.tg-region{fill:none;stroke:#7d6b48;stroke-width:1.4;stroke-dasharray:3 3;pointer-events:none}
.tg-lit{fill:var(--sumer-may);fill-opacity:.1;stroke:var(--sumer-may);stroke-width:3;
 stroke-dasharray:6 3;
 pointer-events:none}
.tg-last{fill:none;stroke:#F0E442;stroke-width:3;pointer-events:none}
.tg-attacker{fill:none;stroke:#d7263d;stroke-width:3.5;pointer-events:none}
.tg-defender{fill:none;stroke:#111;stroke-width:3.5;stroke-dasharray:5 3;pointer-events:none}
.tg-support-a{fill:#d7263d;stroke:#fff;stroke-width:1}
.tg-support-d{fill:#111;stroke:#fff;stroke-width:1}
.tg-badge{font:700 17px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central;
 pointer-events:none}
.tg-overlay-piece{pointer-events:none}
.tg-g{fill:#efe4c4;stroke:#d9caa4;stroke-width:.8}
.tg-w{fill:#a9d3ec;stroke:#d9caa4;stroke-width:.8}
.tg-wave{fill:none;stroke:#7fb3d5;stroke-width:1.4}
.tg-sp{fill:none;stroke:#b8860b;stroke-width:3;stroke-dasharray:4 2}
.tg-t0{fill:#3d3d3d}.tg-t1{fill:#D55E00}.tg-t2{fill:#0072B2}.tg-t3{fill:#009E73}
.tg-t0,.tg-t1,.tg-t2,.tg-t3{stroke:#1d1d1d;stroke-width:1}
.tg-fl{fill:#cbb994;stroke:#9c8a66}
.tg-disc{stroke:#fff;stroke-width:2}
.tg-ring{fill:none;stroke:#111;stroke-width:1.2}
.tg-rb{fill:#fff;stroke:#111;stroke-width:.8}
"""), ".tigris-board")


def render(state: State | None = None, *, viewer: int | None = None, board: str = "standard",
           lang: str = "en", lit: Iterable[str] = (), last: Iterable[str] = (),
           width: int | None = None) -> Svg:
    """The board as SVG.

    Args:
        state: a position (a full state or a player's view); leave it out for the starting
            layout of `board` without a game.
        viewer: draw what this player may see (their hand; others' points only with open
            scoring). None draws the state as it is: everything for a full state.
        board: ``"standard"`` or ``"advanced"``, for a picture without a state.
        lang: ``"en"`` or ``"nl"`` for every word on the picture.
        lit: cells to light up (names such as ``"f3"``), e.g. a tile's legal cells.
        last: cells to mark as changed by the last move.
        width: the picture's width in pixels (default: scales to its container).

    Raises:
        InvalidInput: an unknown board, cell name or viewer.
    """
    if state is not None and viewer is not None and state.viewer is None:
        state = state.view(viewer)
    words = WORDS.get(lang, WORDS["en"])
    layout = state.board if state is not None else Board.get(board) if board in (
        tigris.BOARDS) else Board(board)
    total_h = _height(state)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" '
           f'{attrs(viewBox=f"0 0 {PICTURE_W} {total_h}", width=width, class_="tigris-board")}'
           f' data-grid="{LEFT} {TOP} {CELL}"'
           f' {BOARD_ROLE}>']
    title = words["empty"] if state is None else f"{words['empty']} — {state.summary()}"
    out.append(f"<title>{escape(title)}</title>")
    desc = str(state) if state is not None else "\n".join(layout.rows)
    out.append(f"<desc>{escape(desc)}</desc>")
    out.append(f"<style>{CSS}</style>")
    out.append(_defs())
    out.append(f'<rect width="{PICTURE_W}" height="{total_h}" fill="#f6efdc"/>')
    out.append(text(LEFT, 24, _status(state, words, lang), class_="tg-status"))
    for col in range(WIDTH):
        out.append(text(_cx(col), TOP - 10, "abcdefghijklmnop"[col], class_="tg-coord"))
    for row in range(HEIGHT):
        out.append(text(LEFT / 2, _cy(row), str(row + 1), class_="tg-coord"))
    out.append(f'<rect {attrs(x=LEFT - 1, y=TOP - 1, width=BOARD_W + 2, height=BOARD_H + 2)} '
               'fill="none" stroke="#8a7a5a" stroke-width="2"/>')

    treasures = set(state.treasures) if state is not None else set(layout.temples)
    buildings = {c: colour for colour, c in enumerate(state.buildings)} if state else {}
    for cell in range(WIDTH * HEIGHT):
        out.append(_cell(state, layout, cell, cell in treasures, buildings.get(cell), lang))
    if state is not None:
        out.extend(_kingdoms(state))
        out.extend(_monuments(state, treasures, lang))
        out.extend(_conflict_marks(state, lang))
        if state.phase in ("war", "building", "monument") and state.placed >= 0:
            out.append(_frame(state.placed, "tg-last", inset=1.5))
    for name in dict.fromkeys(last):
        out.append(_frame(parse_cell(name), "tg-last", inset=1.5))
    for name in dict.fromkeys(lit):
        out.append(_frame(parse_cell(name), "tg-lit", inset=3, data_lit=name))
    if state is not None:
        out.extend(_panel(state, words, lang))
    out.append("</svg>")
    return TigrisSvg("".join(out))


# Geometry -----------------------------------------------------------------------------------


def _cx(col: int) -> float:
    return LEFT + col * CELL + CELL / 2


def _cy(row: int) -> float:
    return TOP + row * CELL + CELL / 2


def centre(cell: int) -> tuple[float, float]:
    """The centre of a cell in the picture's coordinates."""
    return _cx(cell % WIDTH), _cy(cell // WIDTH)


def _height(state: State | None) -> int:
    if state is None:
        return TOP + BOARD_H + 14
    return TABLE_Y + ROW_H * state.players + 10


def _frame(cell: int, cls: str, inset: float = 2, **extra: object) -> str:
    x, y = LEFT + (cell % WIDTH) * CELL, TOP + (cell // WIDTH) * CELL
    box = attrs(class_=cls, x=f"{x + inset:.1f}", y=f"{y + inset:.1f}",
                width=f"{CELL - 2 * inset:.1f}", height=f"{CELL - 2 * inset:.1f}", rx=5, **extra)
    return f"<rect {box}/>"


def _hatch(size: float) -> str:
    """Diagonal stripes across a square of `size` centred on (0, 0)."""
    half, d = size / 2, []
    for k in range(-3, 4):
        shift = k * size / 4
        if shift >= 0:
            d.append(f"M{shift - half:.1f},{-half} L{half},{half - shift:.1f}")
        else:
            d.append(f"M{-half},{-half - shift:.1f} L{half + shift:.1f},{half}")
    return "".join(d)


def _defs() -> str:
    """Every icon and texture, once: pieces refer to them with ``<use>``.

    No ``url(#…)`` paint servers (patterns, gradients): with several pictures on a page their
    ids collide, and a pattern whose first copy sits in a hidden output paints nothing (as
    JupyterLab hides outputs scrolled far away). A ``<use>`` clone draws either way.
    """
    icons = "".join(f'<g id="tg-i{c}" fill="#fff">{icon}</g>' for c, icon in enumerate(TILE_ICONS))
    # The lion's face is a hole in its mane: it takes the disc's colour (``color`` on <use>).
    lion = (DYNASTY_ICONS[3] + '<circle r="5.2" fill="currentColor"/>'
            '<circle cx="-2" cy="-1" r="1"/><circle cx="2" cy="-1" r="1"/>'
            '<path d="M-1.5,2 H1.5 L0,3.6 Z"/>')
    signs = "".join(f'<g id="tg-d{p}" fill="#fff">{icon}</g>'
                    for p, icon in enumerate((*DYNASTY_ICONS[:3], lion)))
    return ('<defs>'
            f"{icons}{signs}"
            '<g id="tg-gem"><polygon points="0,-7 7,0 0,7 -7,0" fill="#F0E442" '
            'stroke="#5c4d00" stroke-width="1.2"/><polygon points="0,-7 7,0 0,0" '
            'fill="#fff8b0"/></g>'
            # A catastrophe of size 34, centred: ruins (stripes) and a white cross.
            '<g id="tg-cat"><rect x="-17" y="-17" width="34" height="34" rx="3" '
            'fill="#6e6259"/>'
            f'<path d="{_hatch(34)}" stroke="#8d8177" stroke-width="2.6"/>'
            '<rect x="-17" y="-17" width="34" height="34" rx="3" fill="none" stroke="#1d1d1d"/>'
            '<path d="M-9,-9 L9,9 M9,-9 L-9,9" stroke="#fff" stroke-width="3.4" '
            'stroke-linecap="round"/></g>'
            "</defs>")


# Pieces -------------------------------------------------------------------------------------


def tile_piece(colour: int, x: float, y: float, size: float, *, flipped: bool = False) -> str:
    """A tile of `colour` centred on (x, y): its colour and its icon (face down: neither)."""
    half = size / 2
    box = f'x="{x - half:.1f}" y="{y - half:.1f}" width="{size}" height="{size}" rx="4"'
    if flipped:
        return f'<rect class="tg-fl" {box}/>'
    return (f'<rect class="tg-t{colour}" {box}/>'
            f'<use href="#tg-i{colour}" transform="translate({x:.1f} {y:.1f}) '
            f'scale({size / 34:.3f})"/>')


def leader_piece(player: int, colour: int, x: float, y: float, r: float,
                 lang: str = "en") -> str:
    """A leader: a disc of its colour with its dynasty's sign, and its role's letter.

    A leader of a cell or of the hand carries its letter in a badge, 19 units (`picture_css`
    keeps it at 12 px on screen). A players' row's small leader is too small for a letter a
    projector shows: it carries the icon of its colour's tiles instead of a dynasty's sign (the
    row's own sign says whose it is), so its role is told by a shape as well as its colour."""
    disc = (f'<circle class="tg-disc tg-t{colour}" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"/>'
            f'<circle class="tg-ring" cx="{x:.1f}" cy="{y:.1f}" r="{r + 1.2:.1f}"/>')
    if r < 18:
        return (disc + f'<use href="#tg-i{colour}" transform="translate({x:.1f} {y:.1f}) '
                f'scale({r / 13:.3f})"/>')
    role = WORDS.get(lang, WORDS["en"])["role"][colour]
    bx, by = x + r * 0.68, y + r * 0.68
    return (disc + f'<use href="#tg-d{player}" color="{TILE_FILL[colour]}" '
            f'transform="translate({x:.1f} {y:.1f}) scale({r / 15:.3f})"/>'
            f'<circle class="tg-rb" cx="{bx:.1f}" cy="{by:.1f}" r="{r * 0.6:.1f}"/>'
            f'<text x="{bx:.1f}" y="{by + 0.5:.1f}" class="tg-role">{role}</text>')


def dynasty_sign(player: int, x: float, y: float, r: float) -> str:
    """A player's sign on a dark disc (the panel's way of naming a dynasty)."""
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#4a3b22"/>'
            f'<use href="#tg-d{player}" color="#4a3b22" '
            f'transform="translate({x:.1f} {y:.1f}) scale({r / 14:.3f})"/>')


def _gem(x: float, y: float, s: float = 7) -> str:
    scale = "" if s == 7 else f" scale({s / 7:.3f})"
    return f'<use href="#tg-gem" transform="translate({x:.1f} {y:.1f}){scale}"/>'


def _building(x: float, y: float) -> str:
    """A civilization building: a small crenellated tower."""
    return (f'<path d="M{x - 7:.1f},{y + 7:.1f} V{y - 5:.1f} H{x - 4:.1f} V{y - 8:.1f} '
            f'H{x - 1.5:.1f} V{y - 5:.1f} H{x + 1.5:.1f} V{y - 8:.1f} H{x + 4:.1f} '
            f'V{y - 5:.1f} H{x + 7:.1f} V{y + 7:.1f} Z" fill="#F0E442" stroke="#111" '
            'stroke-width="1.2"/>')


def _catastrophe(x: float, y: float, size: float) -> str:
    return f'<use href="#tg-cat" transform="translate({x:.1f} {y:.1f}) scale({size / 34:.3f})"/>'


@functools.cache
def _grounds(board: str, lang: str) -> tuple[tuple[str, str], ...]:
    """Each cell's ground — land or river, and the special border — with its description, drawn
    once per board (most of a picture's cells are bare ground)."""
    layout = Board.get(board)
    w = WORDS.get(lang, WORDS["en"])
    names = (w["land"], w["river"], w["special"])
    out = []
    for cell in range(WIDTH * HEIGHT):
        x0, y0 = LEFT + (cell % WIDTH) * CELL, TOP + (cell // WIDTH) * CELL
        river = layout.river[cell]
        # Drawn in place, not as <use> clones: a board has 176 cells, and a browser lays out
        # a clone much more slowly than a rectangle (benchmarks/widget_latency.py).
        ground = (f'<rect class="{"tg-w" if river else "tg-g"}" x="{x0}" y="{y0}" '
                  f'width="{CELL}" height="{CELL}"/>')
        if river:
            ground += (f'<path class="tg-wave" d="M{x0 + 4},{y0 + 18} {WAVE} '
                       f'M{x0 + 4},{y0 + 34} {WAVE}"/>')
        what = f"{cell_name(cell)} · {names[1]}" if river else cell_name(cell)
        if cell in layout.special:
            ground += (f'<rect class="tg-sp" x="{x0 + 1.5}" y="{y0 + 1.5}" '
                       f'width="{CELL - 3}" height="{CELL - 3}"/>')
            what += f" · {names[2]}"
        out.append((ground, what))
    return tuple(out)


def _cell(state: State | None, layout: Board, cell: int, treasure: bool,
          building: int | None, lang: str) -> str:
    col, row = cell % WIDTH, cell // WIDTH
    x0, y0 = LEFT + col * CELL, TOP + row * CELL
    x, y = x0 + CELL // 2, y0 + CELL // 2
    code = state.cells[cell] if state is not None else (TILE + RED if cell in layout.temples
                                                         else 0)
    ground, what = _grounds(layout.name, lang)[cell]
    parts = [ground]
    owner = None
    if TILE <= code < CATASTROPHE:
        colour = code - TILE
        parts.append(tile_piece(colour, x, y, CELL - 8))
        what += f" · {COLOUR_NAMES[lang][colour]} {TILE_NAMES[lang][colour]}"
    elif code == CATASTROPHE:
        parts.append(_catastrophe(x, y, CELL - 8))
        what += " · " + WORDS.get(lang, WORDS["en"])["catastrophe"]
    elif FLIPPED <= code < LEADER:
        parts.append(tile_piece(code - FLIPPED, x, y, CELL - 4, flipped=True))
    elif code >= LEADER:
        owner, colour = divmod(code - LEADER, 4)
        parts.append(leader_piece(owner, colour, x, y, CELL * 0.4, lang))
        what += f" · {player_name(owner, lang)} {LEADER_NAMES[lang][colour]}"
    if treasure and not FLIPPED <= code < LEADER:
        parts.append(_gem(x0 + CELL - 10, y0 + 10))
        what += " · " + WORDS.get(lang, WORDS["en"])["gem"]
    if building is not None:
        parts.append(_building(x0 + 11, y0 + 12))
        what += f" · {BUILDING_NAMES[lang][building]}"
    extra = (' data-river="1"' if layout.river[cell] else "") + (
        f' data-owner="{owner}"' if owner is not None else "") + " " + attrs(
        **control(what.replace(" · ", ", ")))
    return (f'<g data-cell="{cell_name(cell)}"{extra}>'
            f"<title>{escape(what)}</title>{''.join(parts)}</g>")


def _edge_segments(cells: Iterable[int]) -> str:
    """The outline of a group of cells: every cell edge that does not face another cell of it."""
    inside = set(cells)
    d = []
    for cell in sorted(inside):
        col, row = cell % WIDTH, cell // WIDTH
        x0, y0 = LEFT + col * CELL, TOP + row * CELL
        x1, y1 = x0 + CELL, y0 + CELL
        if row == 0 or cell - WIDTH not in inside:
            d.append(f"M{x0},{y0}H{x1}")
        if row == HEIGHT - 1 or cell + WIDTH not in inside:
            d.append(f"M{x0},{y1}H{x1}")
        if col == 0 or cell - 1 not in inside:
            d.append(f"M{x0},{y0}V{y1}")
        if col == WIDTH - 1 or cell + 1 not in inside:
            d.append(f"M{x1},{y0}V{y1}")
    return "".join(d)


def _kingdoms(state: State) -> list[str]:
    out = []
    for n, (cells, is_kingdom) in enumerate(groups(state)):
        cls = "tg-kingdom" if is_kingdom else "tg-region"
        if is_kingdom or len(cells) > 1:
            out.append(f'<path class="{cls}" data-group="{n}" d="{_edge_segments(cells)}"/>')
    return out


def _monuments(state: State, treasures: set[int], lang: str) -> list[str]:
    out = []
    for m, top in enumerate(state.monuments):
        if top < 0:
            continue
        x, y = LEFT + (top % WIDTH) * CELL + 6, TOP + (top // WIDTH) * CELL + 6
        size = 2 * CELL - 12
        a, b = MONUMENT_COLOURS[m]
        half = size / 2
        names = "–".join(COLOUR_NAMES[lang][c] for c in (a, b))
        out.append(
            f'<g class="tg-monument tg-overlay-piece" data-monument="{MONUMENTS[m]}">'
            f"<title>{escape(names)}</title>"
            f'<rect {attrs(x=x, y=y, width=size, height=size, rx=8)} fill="#e8dcc0" '
            'stroke="#111" stroke-width="2"/>'
            f'<path d="M{x + 6},{y + size - 6} V{y + 22} L{x + half},{y + 6} V{y + size - 6} Z" '
            f'fill="{TILE_FILL[a]}"/>'
            f'<path d="M{x + half},{y + 6} L{x + size - 6},{y + 22} V{y + size - 6} '
            f'H{x + half} Z" fill="{TILE_FILL[b]}"/>'
            f'<use href="#tg-i{a}" transform="translate({x + half / 2 + 3:.1f} '
            f'{y + half + 10:.1f}) scale(0.95)"/>'
            f'<use href="#tg-i{b}" transform="translate({x + 3 * half / 2 - 3:.1f} '
            f'{y + half + 10:.1f}) scale(0.95)"/></g>')
    if state.wonder >= 0:
        x, y = centre(state.wonder)
        label = WORDS.get(lang, WORDS["en"])["wonder"]
        out.append(f'<g class="tg-wonder tg-overlay-piece" transform="translate({x:.1f} {y:.1f})">'
                   f'<title>{label}</title><polygon points="{_star(10, 30, 13)}" fill="#F0E442" '
                   'stroke="#111" stroke-width="2"/></g>')
    for cell in sorted(treasures):
        if FLIPPED <= state.cells[cell] < LEADER:  # a treasure stays on a monument (R-T10)
            x0, y0 = LEFT + (cell % WIDTH) * CELL, TOP + (cell // WIDTH) * CELL
            out.append(f'<g class="tg-overlay-piece">{_gem(x0 + CELL - 10, y0 + 10)}</g>')
    return out


def _conflict_marks(state: State, lang: str) -> list[str]:
    """The attacker framed red, the defender framed black and dashed, and a badge on every
    tile that counts for a side: its initial (attacker, defender) on the side's colour."""
    sides = conflict_sides(state)
    if sides is None:
        return []
    _, _, attacker, defender, *_ = state.conflict
    a, d = WORDS.get(lang, WORDS["en"])["sides"]
    out = [_frame(attacker, "tg-attacker", inset=1), _frame(defender, "tg-defender", inset=1)]
    for cls, letter, cells in (("tg-support-a", a, sides[0]), ("tg-support-d", d, sides[1])):
        for cell in cells:
            x, y = centre(cell)
            out.append(f'<g class="tg-overlay-piece" data-supports="{letter}">'
                       f'<circle {attrs(cx=f"{x - 13:.1f}", cy=f"{y + 13:.1f}", r=10, class_=cls)}'
                       f'/>{text(x - 13, y + 13.5, letter, class_="tg-badge")}</g>')
    return out


# Words --------------------------------------------------------------------------------------


def conflict_line(state: State, lang: str = "en", *, short: bool = False) -> str:
    """The conflict in progress in one line: both sides with their strengths (`short`: the
    picture's status line, which also says who commits next)."""
    words = WORDS.get(lang, WORDS["en"])
    kind, colour, attacker, defender, a_str, d_str, a_commit = state.conflict
    leader = LEADER_NAMES[lang][colour]
    head = words["revolt" if kind == REVOLT else "war"].format(leader=leader)
    a_name = player_name((state.cells[attacker] - LEADER) // 4, lang)
    d_name = player_name((state.cells[defender] - LEADER) // 4, lang)
    a_total = str(a_str)
    if short:
        if a_commit >= 0:
            a_total = f"{a_str} + {a_commit} = {a_str + a_commit}"
        return words["short"].format(head=head, a=a_name, a_total=a_total, d=d_name,
                                     d_total=d_str,
                                     who=player_name(state.to_move, lang))
    if a_commit >= 0:
        a_total = f"{a_str + a_commit} ({words['committed'].format(n=a_str, k=a_commit)})"
    return (f"{head}: {words['attacks'].format(player=a_name, total=a_total)}, "
            f"{words['defends'].format(player=d_name, total=d_str)}")


def _status(state: State | None, words: Mapping[str, str], lang: str) -> str:
    if state is None:
        return words["empty"]
    if state.is_over:
        verdict = ending.short(ending.decide(state.influence, state.treasures_taken), lang)
        return f"{words['over']} — {verdict}"
    turn = words["turn"].format(player=player_name(state.active, lang))
    who = words["to_move"].format(player=player_name(state.to_move, lang))
    if state.phase == "action":
        return f"{turn} · {words['action'].format(n=3 - state.actions)} · {who}"
    if state.phase == "support":
        return conflict_line(state, lang, short=True)
    what = {"war": "war_choice", "treasure": "treasure", "building": "building",
            "monument": "monument", "cube": "cube"}[state.phase]
    return f"{turn} · {words[what]} · {who}"


# The panel below the board --------------------------------------------------------------------


def _hand_owner(state: State) -> int | None:
    """Whose hand the big strip shows: the view's owner, else the player to move."""
    if state.viewer is not None:
        return state.viewer
    return state.to_move if state.to_move is not None else None


def _panel(state: State, words: Mapping[str, str], lang: str) -> list[str]:
    box = attrs(x=0, y=HAND_Y - 8, width=PICTURE_W, height=_height(state) - HAND_Y + 8)
    out = [f'<rect {box} fill="#efe4c8"/>']
    owner = _hand_owner(state)
    if owner is not None:
        out.extend(_hand_strip(state, owner, words, lang))
    info = f"{words['bag'].format(n=len(state.bag))} · " \
           f"{words['treasures_left'].format(n=len(state.treasures))}"
    out.append(text(PICTURE_W - 14, HAND_Y + 8, info, class_="tg-small", text_anchor="end"))
    if state.viewer is None and not state.is_over:
        out.append(text(PICTURE_W - 14, HAND_Y + 26, words["spectator"], class_="tg-small",
                        text_anchor="end", font_style="italic"))
    for p in range(state.players):
        out.extend(_player_row(state, p, TABLE_Y + p * ROW_H, words, lang))
    return out


def _hand_strip(state: State, player: int, words: Mapping[str, str], lang: str) -> list[str]:
    whose = words["hand"].format(player=player_name(player, lang))
    out = [dynasty_sign(player, LEFT + 9, HAND_Y + 4, 10),
           text(LEFT + 24, HAND_Y + 10, whose, class_="tg-name")]
    y = HAND_Y + 20 + HAND_TILE / 2
    hand = state.hands[player]
    x = LEFT + HAND_TILE / 2
    for slot, letter in enumerate(hand):
        if letter == "?":
            out.append(tile_piece(0, x, y, HAND_TILE, flipped=True))
        else:
            colour = COLOURS.index(letter)
            label = f"{COLOUR_NAMES[lang][colour]} {TILE_NAMES[lang][colour]}"
            group = attrs(class_="hand-tile", data_hand=letter, data_slot=slot,
                          data_x=f"{x:.0f}", data_y=f"{y:.0f}", **control(f"{whose}: {label}"))
            out.append(f"<g {group}><title>{escape(label)}</title>"
                       f"{tile_piece(colour, x, y, HAND_TILE)}</g>")
        x += HAND_TILE + 6
    x = LEFT + 6 * (HAND_TILE + 6) + 20 + HAND_TILE / 2
    for colour in range(4):
        if state.leader_cell(player, colour) < 0:
            label = f"{player_name(player, lang)} {LEADER_NAMES[lang][colour]}"
            group = attrs(class_="hand-leader", data_leader=COLOURS[colour],
                          data_player=player, data_x=f"{x:.0f}", data_y=f"{y:.0f}",
                          **control(f"{whose}: {label}"))
            out.append(f"<g {group}><title>{escape(label)}</title>"
                       f"{leader_piece(player, colour, x, y, HAND_TILE / 2 - 1, lang)}</g>")
        x += HAND_TILE + 6
    x += 14
    for n in range(state.catastrophes[player]):
        label = words["catastrophes"]
        group = attrs(class_="hand-cat", data_catastrophe=n, data_x=f"{x:.0f}",
                      data_y=f"{y:.0f}",
                      **control(f"{whose}: {label} ({state.catastrophes[player]})"))
        out.append(f"<g {group}><title>{escape(label)}</title>"
                   f"{_catastrophe(x, y, HAND_TILE)}</g>")
        x += HAND_TILE + 6
    return out


def _player_row(state: State, p: int, y: float, words: Mapping[str, str],
                lang: str) -> list[str]:
    moving = state.to_move == p
    box = attrs(x=LEFT - 6, y=y, width=PICTURE_W - 2 * LEFT + 12, height=ROW_H - 4, rx=6,
                data_player=p, fill="#fbf7ec", stroke="#222" if moving else "#c9b995",
                stroke_width=2.5 if moving else 1)
    out = [f"<rect {box}/>"]
    mid = y + (ROW_H - 4) / 2
    out.append(dynasty_sign(p, LEFT + 9, mid, 11))
    out.append(text(LEFT + 26, mid + 6, player_name(p, lang), class_="tg-name"))
    x = LEFT + 82
    hand = state.hands[p]
    for letter in hand:
        if letter == "?":
            out.append(tile_piece(0, x, mid, 18, flipped=True))
        else:
            out.append(tile_piece(COLOURS.index(letter), x, mid, 18))
        x += 20
    x = LEFT + 82 + 6 * 20 + 10
    for colour in range(4):
        if state.leader_cell(p, colour) < 0:
            out.append(leader_piece(p, colour, x, mid, 10, lang))
        x += 23
    x += 6
    for _ in range(state.catastrophes[p]):
        out.append(_catastrophe(x, mid, 16))
        x += 19
    x = LEFT + 82 + 6 * 20 + 10 + 4 * 23 + 6 + 2 * 19 + 8
    out.append(_gem(x, mid, 7))
    out.append(text(x + 10, mid, f"×{state.treasures_taken[p]}", class_="tg-num"))
    x += 42
    influence = state.influence[p]
    if influence is None:
        out.append(text(x, mid + 5, f"{words['points']}: {words['hidden']}", class_="tg-small",
                        font_style="italic"))
        return out
    for colour in range(4):
        out.append(tile_piece(colour, x + 8, mid, 16))
        out.append(text(x + 19, mid + 1, str(influence[colour]), class_="tg-num"))
        x += 44
    vector = final_vector(influence, state.treasures_taken[p])
    out.append(text(PICTURE_W - LEFT, mid + 6, f"{words['score']} {vector[0]}",
                    class_="tg-name", text_anchor="end"))
    return out
