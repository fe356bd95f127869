"""The Royal Game of Ur as SVG: one renderer for the widget, its static fallback and notebooks.

`render(state)` draws a position as the British Museum's board lies, its block of four on the
left: dark's row on top, the middle row, light's row below, the gap of each outer row holding
that player's waiting pieces (beside square 1, where they enter) and the pieces borne off
(beside the last square, where they leave). The five rosettes carry a flower; the four
tetrahedral dice stand to the right as thrown, a white tip for a marked tip pointing up.

Every square is a ``<g data-cell="d2">`` and each gap a ``<g data-pool="light">`` (waiting) or
``<g data-off="light">`` (borne off), each a button named for a screen reader, so the board's
JavaScript and keyboard find them. On request the picture traces each player's path with its
squares numbered (`paths`), rings the piece chosen and where it lands (`selected`,
`targets`) and labels each landing square with the move's chance of winning (`chances`).
The picture's ``<desc>`` holds the position's text form: in English exactly ``str(state)``
(which `royal_ur.position` reads back); in another language its sentences in that language —
the status, each side's waiting and borne-off pieces — above the same board rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

from engine import royal_ur
from engine.royal_ur.board import (
    CELLS,
    CENTRAL_ROSETTE,
    COLUMNS,
    GAP,
    HOME_ROWS,
    ROSETTES,
    cell_name,
)
from engine.royal_ur.dice import DICE_COUNT
from engine.royal_ur.text import board_rows
from sumer_widgets.palette import MAY, PARCHMENT, inline
from sumer_widgets.svg import (
    BOARD_ROLE,
    Svg,
    arrowhead,
    attrs,
    control,
    picture_css,
    points_attr,
    text,
)
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]

CELL = 60
LEFT, TOP = 16, 44
BOARD_W, BOARD_H = COLUMNS * CELL, 3 * CELL
DICE_X = LEFT + BOARD_W + 24
WIDTH = DICE_X + 150
HEIGHT = TOP + BOARD_H + 44
#: Light pieces pale, dark pieces near black, each with its initial (L / D in both languages):
#: told apart by lightness, which every kind of colour vision sees, and by the letter.
PIECE = {0: ("#fbf8ef", "#1b1b1b"), 1: ("#262626", "#ffffff")}
PATH_COLOURS = {0: "#0072B2", 1: "#D55E00"}  # Okabe–Ito blue and vermilion; dashed differently
PATH_DASH = {0: None, 1: "7 4"}

CSS = picture_css(inline("""
.sq-face{fill:#e4d3ac;stroke:#5a4630;stroke-width:1.5}
.sq-gap{fill:#efe5cc;stroke:#b9a57c;stroke-width:1;stroke-dasharray:3 3}
.petal{fill:#7a5c2e}
.petal-core{fill:#fbf8ef;stroke:#7a5c2e;stroke-width:1.5}
.piece-letter{font:700 15px sans-serif;text-anchor:middle;dominant-baseline:central;
 pointer-events:none}
.pool-count{font:700 12px sans-serif;fill:#3b2f1c;text-anchor:middle;pointer-events:none}
.status{font:600 16px sans-serif;fill:#333}
.small{font:12px sans-serif;fill:#333}
.die{fill:#efe5cc;stroke:#3b2f1c;stroke-width:1.5}
.die-edge{stroke:#3b2f1c;stroke-width:1}
.throw-value{font:700 22px sans-serif;fill:#333;text-anchor:middle}
.target-ring{fill:none;stroke:var(--sumer-may);stroke-width:3.5;stroke-dasharray:6 3}
.selected-ring{fill:none;stroke:var(--sumer-selected);stroke-width:4}
.path-line{fill:none;stroke-width:3;stroke-linejoin:round;stroke-opacity:.85}
.path-number{font:700 10px sans-serif;text-anchor:middle;dominant-baseline:central}
.chance-label{font:700 12px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central}
"""), ".royal-ur-board")


def centre(cell: tuple[int, int]) -> tuple[float, float]:
    """The middle of board cell `cell` (row index, column index) in the picture."""
    return LEFT + cell[1] * CELL + CELL / 2, TOP + cell[0] * CELL + CELL / 2


def pool_cell(player: int) -> tuple[int, int]:
    """The gap cell holding `player`'s waiting pieces: beside its square 1."""
    return HOME_ROWS[player], GAP[0]


def off_cell(player: int) -> tuple[int, int]:
    """The gap cell holding `player`'s pieces borne off: beside its last square."""
    return HOME_ROWS[player], GAP[1]


def percent(chance: float) -> str:
    """A chance as a whole percentage ("62%"); "<1%" and ">99%" near the ends, so a chance
    that is not certain never reads as 0 or 100."""
    value = 100 * chance
    if 0 < value < 0.5:
        return "<1%"
    if 99.5 <= value < 100:
        return ">99%"
    return f"{value:.0f}%"


def _described(state: royal_ur.State, lang: str) -> str:
    """The position told for the picture's description in `lang` (see the module docstring)."""
    if lang == "en":
        return str(state)
    told = WORDS.get(lang, WORDS["en"])
    names = (told["light"], told["dark"])
    lines = [status(state, lang), *board_rows(state)]
    for player in (0, 1):
        lines.append(told["waiting"].format(player=names[player], n=state.waiting(player)))
        lines.append(told["off"].format(player=names[player], n=state.off[player],
                                        pieces=state.pieces))
    return "\n".join(lines)


def render(state: royal_ur.State | None = None, *, lang: str = "en",
           dice: Sequence[int] | None = None, selected: str | None = None,
           targets: Iterable[str] = (), paths: Iterable[int] = (),
           chances: Mapping[str, float] | None = None,
           moves: Mapping[str, str] | None = None, width: int | None = None) -> Svg:
    """The board as SVG.

    Args:
        state: a position (default: a new game's, seed 0).
        lang: ``"en"`` or ``"nl"`` for every word on the picture.
        dice: the dice of the last throw, one per die (1 a marked tip up), as the engine threw
            them; left out, a pending throw is drawn with its marked tips first.
        selected: the place of the piece chosen: a cell name (``"d2"``) or ``"pool-light"``.
        targets: places to ring as where the chosen piece may land (cell names,
            ``"off-light"``).
        paths: the players (0 light, 1 dark) whose path to trace, squares numbered.
        chances: ``{target: chance of winning}`` to label at each landing place.
        moves: ``{place: target}`` of the pieces that may move now, for their names
            (a screen reader hears "moves to h2").
        width: the picture's width in pixels (default: scales to its container).
    """
    if state is None:
        state = royal_ur.new_state(seed=0)  # a fixed seed: the same picture every time
    told = WORDS.get(lang, WORDS["en"])
    names = (told["light"], told["dark"])
    moves = dict(moves or {})
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" '
           f'{attrs(viewBox=f"0 0 {WIDTH} {HEIGHT}", width=width, class_="royal-ur-board")}'
           f' {BOARD_ROLE}>']
    out.append(f"<title>{escape(told['title'] + ' — ' + status(state, lang))}</title>")
    out.append(f"<desc>{escape(_described(state, lang))}</desc>")
    out.append(f"<style>{CSS}</style>")
    out.append(f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{PARCHMENT}"/>')
    out.append(text(LEFT, 26, status(state, lang), class_="status"))

    at = {}
    for player in (0, 1):
        for square in state.squares[player]:
            at[state.path.cells[player][square]] = player
    for cell in CELLS:
        out.append(_square(cell, at.get(cell), moves.get(cell_name(cell)), told, names))
    for player in (0, 1):
        out.append(_pool(state, player, moves.get(f"pool-{royal_ur.PLAYER_IDS[player]}"),
                         told, names))
        out.append(_off(state, player, told, names))

    for player in paths:
        out.append(_path(state, player, told, names))
    if selected is not None:
        x, y = _place_centre(selected)
        out.append(f'<circle class="selected-ring" {attrs(cx=x, cy=y, r=25)}/>')
    for target in targets:
        x, y = _place_centre(target)
        out.append(f'<rect class="target-ring" {attrs(x=x - 27, y=y - 27, width=54, height=54)}'
                   ' rx="6"/>')
    for target, chance in (chances or {}).items():
        x, y = _place_centre(target)
        # Right of the path numbers (at the square's left), below the piece.
        out.append(f'<rect {attrs(x=x - 12, y=y + 12, width=40, height=17, rx=4, fill=MAY)}/>'
                   + text(x + 8, y + 20.5, percent(chance),
                                              class_="chance-label"))
    out.extend(_dice(state, dice, told))
    out.append(text(LEFT, TOP + BOARD_H + 30, _legend(state, told, names), class_="small"))
    out.append("</svg>")
    return Svg("".join(out))


def status(state: royal_ur.State, lang: str = "en") -> str:
    """One line on the position: whose turn, and to throw or to move."""
    told = WORDS.get(lang, WORDS["en"])
    if state.winner is not None:
        return told["won"].format(player=state.name(state.winner, lang))
    player = state.name(state.to_move, lang)  # type: ignore[arg-type]
    if state.throw is None:
        return told["to_throw"].format(player=player)
    if royal_ur.legal_moves(state) == [royal_ur.Pass()]:
        return told["to_pass"].format(player=player, value=state.throw)
    return told["to_move"].format(player=player, value=state.throw)


def _place_centre(place: str) -> tuple[float, float]:
    if place.startswith(("pool-", "off-")):
        kind, who = place.split("-", 1)
        player = royal_ur.PLAYER_IDS.index(who)
        return centre(pool_cell(player) if kind == "pool" else off_cell(player))
    return centre(royal_ur.cell_of(place))


def _square(cell: tuple[int, int], owner: int | None, target: str | None,
            told: Mapping[str, str], names: Sequence[str]) -> str:
    x, y = centre(cell)
    name = cell_name(cell)
    parts = [name]
    if cell == CENTRAL_ROSETTE:
        parts.append(told["central"])
    elif cell in ROSETTES:
        parts.append(told["rosette"])
    parts.append(told["empty"] if owner is None else told["piece"].format(player=names[owner]))
    if target is not None:
        parts.append(told["moves_off"] if target.startswith("off-")
                     else told["moves_to"].format(target=target))
    group = attrs(class_="sq", data_cell=name, data_x=f"{x:.0f}", data_y=f"{y:.0f}",
                  **control(", ".join(parts)))
    body = [f'<rect class="sq-face" {attrs(x=x - 29, y=y - 29, width=58, height=58, rx=3)}/>']
    if cell in ROSETTES:
        body.append(_rosette(x, y))
    if owner is not None:
        body.append(_piece(x, y, owner, 18))
    return f"<g {group}>{''.join(body)}</g>"


def _rosette(x: float, y: float) -> str:
    """An eight-petalled rosette, as inlaid on the board's five rosette squares."""
    petals = []
    for k in range(8):
        dx, dy = [(0, -1), (0.71, -0.71), (1, 0), (0.71, 0.71), (0, 1), (-0.71, 0.71), (-1, 0),
                  (-0.71, -0.71)][k]
        centre_ = attrs(cx=f"{x + 16 * dx:.1f}", cy=f"{y + 16 * dy:.1f}", r=8)
        petals.append(f'<circle class="petal" {centre_}/>')
    petals.append(f'<circle class="petal-core" {attrs(cx=x, cy=y, r=9)}/>')
    return "".join(petals)


def _piece(x: float, y: float, player: int, r: float) -> str:
    fill, ink = PIECE[player]
    return (f'<circle {attrs(cx=x, cy=y, r=r, fill=fill, stroke="#1b1b1b", stroke_width=2)}'
            ' class="piece"/>'
            + text(x, y + 0.5, "LD"[player], class_="piece-letter", fill=ink))


def _stack(x: float, y: float, player: int, n: int) -> str:
    """`n` small pieces in rows of three within one gap cell."""
    out = []
    for k in range(n):
        px = x - 16 + 16 * (k % 3)
        py = y - 16 + 16 * (k // 3)
        fill, _ = PIECE[player]
        disc = attrs(cx=px, cy=py, r=7, fill=fill, stroke="#1b1b1b", stroke_width=1.5)
        out.append(f"<circle {disc}/>")
    return "".join(out)


def _pool(state: royal_ur.State, player: int, target: str | None, told: Mapping[str, str],
          names: Sequence[str]) -> str:
    who = royal_ur.PLAYER_IDS[player]
    x, y = centre(pool_cell(player))
    n = state.waiting(player)
    label = told["waiting"].format(player=names[player], n=n)
    if target is not None:
        label += ", " + told["moves_to"].format(target=target)
    group = attrs(class_="pool", data_pool=who, data_x=f"{x:.0f}", data_y=f"{y:.0f}",
                  **control(label))
    return (f'<g {group}><rect class="sq-gap" {attrs(x=x - 29, y=y - 29, width=58, height=58)}/>'
            f'{_stack(x, y, player, n)}</g>')


def _off(state: royal_ur.State, player: int, told: Mapping[str, str],
         names: Sequence[str]) -> str:
    who = royal_ur.PLAYER_IDS[player]
    x, y = centre(off_cell(player))
    n = state.off[player]
    label = told["off"].format(player=names[player], n=n, pieces=state.pieces)
    group = attrs(class_="off", data_off=who, data_x=f"{x:.0f}", data_y=f"{y:.0f}",
                  **control(label))
    return (f'<g {group}><rect class="sq-gap" {attrs(x=x - 29, y=y - 29, width=58, height=58)}/>'
            f'{_stack(x, y, player, n)}'
            + text(x, y + 26, f"{n}/{state.pieces}", class_="pool-count") + "</g>")


def _path(state: royal_ur.State, player: int, told: Mapping[str, str],
          names: Sequence[str]) -> str:
    """`player`'s path traced from its waiting pieces to its borne-off pieces, each square
    numbered; dark's line is dashed, so the two are told apart without colour. Where a path
    passes a square twice (Murray's), both numbers show."""
    shift = 7 if player == 0 else -7
    pair = state.path
    points = [centre(pool_cell(player))]
    points += [centre(pair.cell(player, s)) for s in range(1, pair.length + 1)]
    points.append(centre(off_cell(player)))
    points = [(x + shift, y + shift) for x, y in points]
    colour = PATH_COLOURS[player]
    out = [f'<g class="path" data-path="{royal_ur.PLAYER_IDS[player]}">'
           f"<title>{escape(told['path_of'].format(player=names[player]))}</title>",
           "<polyline class=\"path-line\" " + attrs(points=points_attr(points), stroke=colour,
                                                   stroke_dasharray=PATH_DASH[player]) + "/>",
           f'<polygon {attrs(points=arrowhead(points[-2], points[-1], 11), fill=colour)}/>']
    seen: dict[tuple[int, int], int] = {}
    for square in range(1, pair.length + 1):
        cell = pair.cell(player, square)
        again = seen.get(cell, 0)
        seen[cell] = again + 1
        x, y = centre(cell)
        nx, ny = x - 20 + 16 * again, y + (20 if player == 0 else -20)
        disc = attrs(cx=nx, cy=ny, r=8, fill="#fff", stroke=colour, stroke_width=1.5)
        out.append(f"<circle {disc}/>"
                   + text(nx, ny + 0.5, str(square), class_="path-number", fill=colour))
    out.append("</g>")
    return "".join(out)


def _dice(state: royal_ur.State, dice: Sequence[int] | None,
          told: Mapping[str, str]) -> list[str]:
    """The dice of the pending throw as four tetrahedra seen from above (each triangle's
    centre is its top tip: white when marked). Before a throw, none are drawn."""
    kind = state.options.dice
    count = DICE_COUNT[kind]
    out = []
    if state.throw is None:
        out.append(text(DICE_X + 62, TOP + 96, told["dice_none"], class_="small",
                        text_anchor="middle"))
        return out
    shown = list(dice) if dice is not None and len(dice) == count else None
    if shown is None:
        marked = 0 if kind == "three" and state.throw == 4 else state.throw
        shown = [1] * marked + [0] * (count - marked)
    for k, tip in enumerate(shown):
        cx = DICE_X + 32 + 60 * (k % 2)
        cy = TOP + 40 + 62 * (k // 2)
        corners = [(cx, cy - 26), (cx + 25, cy + 17), (cx - 25, cy + 17)]
        edges = "".join(f'<line class="die-edge" {attrs(x1=px, y1=py, x2=cx, y2=cy)}/>'
                        for px, py in corners)
        dot = attrs(cx=cx, cy=cy, r=6, fill="#ffffff", stroke="#1b1b1b", stroke_width=2) \
            if tip else attrs(cx=cx, cy=cy, r=3, fill="#3b2f1c")
        dot = f"<circle {dot}/>"
        out.append(f'<g class="die" data-marked="{tip}"><polygon class="die" '
                   f'{attrs(points=points_attr(corners))}/>{edges}{dot}</g>')
    out.append(text(DICE_X + 62, TOP + BOARD_H + 4, told["dice"].format(value=state.throw),
                    class_="throw-value"))
    return out


def _legend(state: royal_ur.State, told: Mapping[str, str], names: Sequence[str]) -> str:
    return " · ".join(
        f"{told['waiting'].format(player=names[p], n=state.waiting(p))}, "
        f"{state.off[p]}/{state.pieces}" for p in (0, 1))
