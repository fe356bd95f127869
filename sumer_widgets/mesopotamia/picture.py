"""The Mesopotamia map as SVG: one renderer for the widget, its static fallback, and notebooks.

`render(state)` draws a position as one player sees it (`state.view(viewer)`): the hexagon
fields placed so far, each with its kind shown by an icon as well as a colour (temple place,
plain, forest, quarry, volcano) and its ``q,r`` name; the empty edge places where land can be
discovered; huts (with the sacrifice marker under each: its value for its owner, ``?`` for the
others), holy places, lumber and stones lying; natives by colour, shape *and* initial, grouped by
what they carry, with a count. Below the map a panel gives each player's mana track (current and
maximum), sacrifice markers (placed, carried, under huts, in front), natives, huts, holy places
and cards, and the movement points of the player to move; then the piles and the supply.

`selected`, `reach` and `path` draw a native's reachability for notebooks (the widget draws the
same highlights itself, from its choices).

Every field is a ``<g class="field" data-field="q,r" data-kind data-x data-y>``, every empty
edge place a ``<g class="edge" data-field ...>`` and every group of natives a ``<g
class="native" data-native="q,r|owner|token" ...>`` (token as in the move notation: ``.``,
``L``, ``S``, ``M4``, ``m?``, with ``!`` once it stole), so the page can find them. The root
carries ``data-hex``, the hexagon size. The picture's ``<desc>`` holds the text form of the
position (``str(view)``). Output is deterministic: everything is drawn in sorted order.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from engine.mesopotamia import State, edge_places, fmt, parse_coord
from engine.mesopotamia.board import KIND_NAMES
from engine.mesopotamia.state import (
    FRESH,
    HIDDEN,
    HOLY_PLACES,
    HUTS,
    LUMBER_CARGO,
    MANA_TOP,
    MARKER_VALUES,
    NATIVES,
    OLD,
    STONE_CARGO,
    card_name,
    cargo_token,
    player_name,
)
from sumer_widgets.palette import MAY, inline
from sumer_widgets.svg import (
    BOARD_ROLE,
    PLAYER_SHAPES,
    Svg,
    attrs,
    control,
    picture_css,
    points_attr,
    shape,
)
from sumer_widgets.words import words

#: Mesopotamia's colours are named in the game (Blue, Red, Yellow, Green), so they are taken from
#: the Okabe–Ito palette by name rather than from the shared `PLAYER_COLORS` (whose second and
#: third colours are orange and green): blue, vermillion, yellow, bluish green. Shapes stay the
#: shared ones, so colour is never the only cue.
PLAYER_COLORS = ("#0072B2", "#D55E00", "#F0E442", "#009E73")
INK = ("#fff", "#fff", "#222", "#fff")  # text on each colour
NEUTRAL = "#9a938a"

KIND_FILL = {"T": "#f3e2ad", "P": "#e9dca0", "F": "#8fb573", "Q": "#bdb6ab", "V": "#5d3d35"}
KIND_STROKE = {"T": "#a9802f", "P": "#a89a5c", "F": "#4f7440", "Q": "#7d776e", "V": "#2e1d19"}

WIDTH = 1120
MAP_W = 770  # the map on the left, the players' panel on the right
PANEL_X = MAP_W + 18
PANEL_W = WIDTH - PANEL_X - 10
MAP_MAX_H = 700
HEX_MAX = 70
TOP = 44  # status line above the map
LEGEND_H = 30
CARD_H = 222
PILES_H = 64

WORDS = words(__file__)["WORDS"]

CSS = picture_css(inline("""
.hex{stroke-width:1.6}
.edge-hex{fill:#fffdf5;fill-opacity:.35;stroke:#c9b995;stroke-width:1.2;stroke-dasharray:4 3}
/* Words a player reads are 16.5 units or more; `svg.picture_css` keeps them at 12 px on
   screen where the picture is drawn smaller (JupyterLab with its file browser open). The
   pieces carry no initial: too small for a letter a projector shows, they say whose they are
   by their owner's colour and shape (the native's own, or a small one on a hut or a star). */
.coord{font:16.5px sans-serif;fill:#5b4d33;text-anchor:middle;pointer-events:none}
.coord-dark{fill:#e9d9c9}
.count{font:700 16.5px sans-serif;fill:#1d160b;pointer-events:none}
.hit{fill:transparent;stroke:none;pointer-events:all}
.status{font:600 17px sans-serif;fill:#2b2214}
.small{font:17px sans-serif;fill:#2b2214}
.tiny{font:16.5px sans-serif;fill:#3d3220}
.bold{font-weight:700}
.mark-val{font:700 16.5px sans-serif;fill:#2b2214;text-anchor:middle;dominant-baseline:central;
 pointer-events:none}
.reach-ring{fill:none;stroke:var(--sumer-may);stroke-width:3;stroke-dasharray:6 3}
.reach-cost{font:700 16.5px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central}
.sel-ring{fill:none;stroke:var(--sumer-selected);stroke-width:2.5}
.recent{fill:none;stroke:#f2a900;stroke-width:4;pointer-events:none}
.path{fill:none;stroke:var(--sumer-may);stroke-width:3;stroke-opacity:.85;stroke-linecap:round;
 stroke-linejoin:round;marker-end:url(#meso-arrow)}
"""), ".mesopotamia-board")


_UNSAFE = re.compile(r"[&<>\"']")


def _attrs(values: Mapping[str, object]) -> str:
    """Like `svg.attrs`, but floats get one decimal and only text that needs it is escaped:
    a map draws thousands of attributes, nearly all numbers."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        if isinstance(value, float):
            value = f"{value:.1f}"
        elif not isinstance(value, str):
            value = str(value)
        elif _UNSAFE.search(value):
            value = escape(value, quote=True)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{value}"')
    return " ".join(parts)


def el(tag: str, **values: object) -> str:
    """An empty SVG element; floats are written with one decimal (short, stable output)."""
    return f"<{tag} {_attrs(values)}/>"


def text(x: float, y: float, content: str, **extra: object) -> str:
    return f"<text {_attrs({'x': float(x), 'y': float(y), **extra})}>{escape(content)}</text>"


# --------------------------------------------------------------------------------- geometry


class Layout:
    """Where the map goes on the canvas: hexagon size and the pixel centre of each field."""

    def __init__(self, places: Iterable[tuple[int, int]], max_h: float = MAP_MAX_H):
        places = list(places)
        # A minimum extent (every place within 2 of the temple), so a young map is not drawn huge.
        places += [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]
        xs = [1.5 * q for q, _ in places]
        ys = [math.sqrt(3) * (r + q / 2) for q, r in places]
        self.x0, self.x1 = min(xs) - 1.0, max(xs) + 1.0
        self.y0, self.y1 = min(ys) - 0.87, max(ys) + 0.87
        self.size = min(HEX_MAX, (MAP_W - 24) / (self.x1 - self.x0),
                        max_h / (self.y1 - self.y0))
        self.height = (self.y1 - self.y0) * self.size + 12
        self.ox = (8 + MAP_W) / 2 - (self.x0 + self.x1) / 2 * self.size
        self.oy = TOP + 6 - self.y0 * self.size

    def centre(self, c: tuple[int, int]) -> tuple[float, float]:
        q, r = c
        return (self.ox + 1.5 * q * self.size, self.oy + math.sqrt(3) * (r + q / 2) * self.size)

    def hexagon(self, c: tuple[int, int], inset: float = 0.0) -> str:
        x, y = self.centre(c)
        s = self.size - inset
        return points_attr((x + s * math.cos(math.pi / 3 * k), y + s * math.sin(math.pi / 3 * k))
                           for k in range(6))


# ------------------------------------------------------------------------------------ icons


def kind_icon(kind: str, x: float, y: float, u: float) -> str:
    """The field kind as a picture, so colour is not the only cue."""
    if kind == "F":  # two trees
        out = []
        for dx, k in ((-0.55, 0.85), (0.45, 1.0)):
            tx, h = x + dx * u, u * k
            out.append(el("rect", x=tx - 0.12 * u, y=y + 0.35 * h, width=0.24 * u,
                          height=0.4 * h, fill="#6b4423"))
            crown = [(tx, y - 0.85 * h), (tx + 0.55 * h, y + 0.4 * h), (tx - 0.55 * h, y + 0.4 * h)]
            out.append(el("polygon", points=points_attr(crown), fill="#2f5d2a", stroke="#1f3d1b",
                          stroke_width="0.8"))
        return "".join(out)
    if kind == "Q":  # stacked blocks
        w, h = 0.62 * u, 0.42 * u
        blocks = [(-w, 0.05 * u), (0.0, 0.05 * u), (-w / 2, -h + 0.05 * u)]
        return "".join(el("rect", x=x + bx, y=y + by, width=w, height=h, rx="1.5",
                          fill="#8a847b", stroke="#4d4943", stroke_width="0.9")
                       for bx, by in blocks)
    if kind == "P":  # tufts of grass
        out = []
        for dx in (-0.6, 0.0, 0.6):
            bx = x + dx * u
            d = (f"M{bx - 0.25 * u:.1f},{y + 0.35 * u:.1f} Q{bx - 0.2 * u:.1f},{y - 0.1 * u:.1f} "
                 f"{bx - 0.35 * u:.1f},{y - 0.35 * u:.1f} M{bx:.1f},{y + 0.35 * u:.1f} "
                 f"L{bx:.1f},{y - 0.45 * u:.1f} M{bx + 0.25 * u:.1f},{y + 0.35 * u:.1f} "
                 f"Q{bx + 0.2 * u:.1f},{y - 0.1 * u:.1f} {bx + 0.35 * u:.1f},{y - 0.35 * u:.1f}")
            out.append(el("path", d=d, fill="none", stroke="#7d8a3a", stroke_width="1.3",
                          stroke_linecap="round"))
        return "".join(out)
    if kind == "V":  # a mountain with lava and smoke
        base = [(x - 1.3 * u, y + 0.9 * u), (x - 0.35 * u, y - 0.7 * u),
                (x + 0.35 * u, y - 0.7 * u), (x + 1.3 * u, y + 0.9 * u)]
        lava = [(x - 0.35 * u, y - 0.7 * u), (x + 0.35 * u, y - 0.7 * u),
                (x + 0.12 * u, y - 0.1 * u), (x - 0.05 * u, y + 0.2 * u),
                (x - 0.2 * u, y - 0.2 * u)]
        smoke = "".join(el("circle", cx=x + dx * u, cy=y - dy * u, r=rr * u, fill="#bbb",
                           fill_opacity=".75")
                        for dx, dy, rr in ((0.0, 1.0, 0.22), (0.25, 1.3, 0.28), (0.05, 1.62, 0.3)))
        return (el("polygon", points=points_attr(base), fill="#3a231e", stroke="#1b100d",
                   stroke_width="1")
                + el("polygon", points=points_attr(lava), fill="#e8562a") + smoke)
    if kind == "T":  # a ziggurat
        out = []
        for k, w in enumerate((2.0, 1.45, 0.9)):
            h = 0.42
            out.append(el("rect", x=x - w / 2 * u, y=y + 0.55 * u - (k + 1) * h * u, width=w * u,
                          height=h * u, fill=("#c89b3c", "#d6ad52", "#e2c06c")[k],
                          stroke="#7a5a1c", stroke_width="0.9"))
        out.append(el("rect", x=x - 0.1 * u, y=y + 0.13 * u, width=0.2 * u, height=0.42 * u,
                      fill="#7a5a1c"))
        return "".join(out)
    return ""


def lumber_icon(x: float, y: float, u: float = 1.0) -> str:
    """A log: brown, with rings at its end."""
    w, h = 11 * u, 5 * u
    return (el("rect", x=x - w / 2, y=y - h / 2, width=w, height=h, rx=h / 2, fill="#8b5a2b",
               stroke="#4a2e12", stroke_width="0.9")
            + el("circle", cx=x + w / 2 - h / 2, cy=y, r=h / 2 - 0.6, fill="#d9a86c",
                 stroke="#4a2e12", stroke_width="0.6"))


def stone_icon(x: float, y: float, u: float = 1.0) -> str:
    """A cut stone: grey, with bevelled corners."""
    s = 6.5 * u
    pts = [(x - s / 2, y - s / 2 + 1.2 * u), (x - s / 2 + 1.2 * u, y - s / 2),
           (x + s / 2, y - s / 2), (x + s / 2, y + s / 2 - 1.2 * u),
           (x + s / 2 - 1.2 * u, y + s / 2), (x - s / 2, y + s / 2)]
    return el("polygon", points=points_attr(pts), fill="#9c9a96", stroke="#3f3e3b",
              stroke_width="0.9")


def marker_icon(x: float, y: float, value: str, fresh: bool = False, r: float = 10) -> str:
    """A sacrifice marker: a gold disc with its value (``?`` when hidden); dashed when it was
    taken up this turn (it cannot be placed yet)."""
    return (el("circle", cx=x, cy=y, r=r, fill="#f2c94c", stroke="#6b4e00", stroke_width="1",
               stroke_dasharray="2 1.2" if fresh else None)
            + text(x, y + 0.3, value, class_="mark-val"))


def hut_icon(x: float, y: float, owner: int, lang: str, s: float = 1.0) -> str:
    fill = NEUTRAL if owner < 0 else PLAYER_COLORS[owner]
    ink = "#fff" if owner < 0 else INK[owner]
    pts = [(x - 7 * s, y + 6 * s), (x - 7 * s, y - 1 * s), (x, y - 7.5 * s),
           (x + 7 * s, y - 1 * s), (x + 7 * s, y + 6 * s)]
    return (el("polygon", points=points_attr(pts), fill=fill, stroke="#1d160b",
               stroke_width="1.1")
            + ("" if owner < 0 else _owner_mark(owner, x, y + 1.2 * s, 2.6 * s, ink)))


def _owner_mark(owner: int, x: float, y: float, r: float, ink: str) -> str:
    """The owner's shape, small, on a hut or a holy place: whose it is without a letter."""
    return shape(PLAYER_SHAPES[owner], x, y, r, fill=ink, stroke="none")


def holy_icon(x: float, y: float, owner: int, lang: str, s: float = 1.0) -> str:
    """A holy place: an eight-pointed star (the sign of a god) in its owner's colour."""
    pts = []
    for k in range(16):
        rad = (9 if k % 2 == 0 else 4.6) * s
        a = math.pi / 8 * k - math.pi / 2
        pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    return (el("polygon", points=points_attr(pts), fill=PLAYER_COLORS[owner], stroke="#1d160b",
               stroke_width="1.1")
            + _owner_mark(owner, x, y, 2.4 * s, INK[owner]))


def native_icon(x: float, y: float, owner: int, lang: str, r: float = 7.5) -> str:
    return shape(PLAYER_SHAPES[owner], x, y, r, fill=PLAYER_COLORS[owner], stroke="#1d160b",
                 stroke_width="1.2")


def cargo_icon(cargo: int, x: float, y: float) -> str:
    if cargo == LUMBER_CARGO:
        return lumber_icon(x, y, 0.8)
    if cargo == STONE_CARGO:
        return stone_icon(x, y, 0.85)
    if cargo >= OLD:
        value = cargo % 10
        return marker_icon(x, y, str(value) if value else "?", fresh=cargo >= FRESH, r=9.5)
    return ""


# ----------------------------------------------------------------------------------- render


def viewed(state: State, viewer: int | str | None) -> State:
    """The state as `viewer` sees it: a player number, None for a spectator, "all" for all."""
    return state if viewer == "all" else state.view(viewer)


def native_key(field: str, owner: int, token: str) -> str:
    """How the page names a group of natives: ``"q,r|owner|token"``."""
    return f"{field}|{owner}|{token}"


def render(state: State, *, viewer: int | str | None = "all", lang: str = "en",
           selected: str | None = None, reach: Mapping[str, int] | None = None,
           path: Sequence[str] = (), highlights: Iterable[str] = (),
           recent: Iterable[str] = (), width: int | None = None, panel: bool = True) -> Svg:
    """The map and the players' panel as SVG.

    Args:
        state: a position.
        viewer: whose eyes: a player number (other players' marker values and cards hidden),
            None for a spectator, or ``"all"`` (everything shown: for lessons).
        lang: ``"en"`` or ``"nl"`` for every word on the picture.
        selected: a field (``"q,r"``) or a group of natives (``"q,r|owner|token"``) to ring.
        reach: ``{field: cost}``: fields to ring, each with its movement cost.
        path: fields a native passes, in order, traced as arrows.
        highlights: more fields to ring.
        recent: fields placed by the last move (a discovery, a volcano), outlined in gold.
        width: the picture's width in pixels (default: scales to its container).
        panel: draw the players' panel beside the map (False: the map alone, for lessons whose
            text says what the panel would).
    """
    view = viewed(state, viewer)
    words = WORDS.get(lang, WORDS["en"])
    tiles = dict(view.tiles)
    edges = edge_places(tiles) if not view.is_over else []
    panel_h = view.players * (CARD_H + 8) + PILES_H if panel else 0
    # Beside the panel, the map and its legend (in rows: its words are as large as the
    # panel's) share the panel's height: a taller picture would be drawn smaller on a
    # projector. Without the panel the legend goes below the map.
    legend_h = LEGEND_H * len(_legend_rows(words, lang))
    layout = Layout([*tiles, *edges],
                    max_h=min(MAP_MAX_H, panel_h - legend_h - 18) if panel else MAP_MAX_H)
    s = layout.size
    inside = bool(panel) and layout.height + 6 + legend_h <= panel_h
    body = max(layout.height + 6 + (legend_h if inside else 0), panel_h)
    full_w = WIDTH if panel else MAP_W + 16
    total_h = TOP + body + (0 if inside else legend_h) + 8

    title = f"Mesopotamia — {view.summary()}"
    out = ['<svg xmlns="http://www.w3.org/2000/svg" '
           + attrs(viewBox=f"0 0 {full_w} {total_h:.0f}", width=width, class_="mesopotamia-board",
                   data_hex=f"{s:.2f}") +
           f' {BOARD_ROLE}>',
           f"<title>{escape(title)}</title>",
           f"<desc>{escape(str(view))}</desc>",
           f"<style>{CSS}</style>",
           '<defs><marker id="meso-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
           'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
           f'fill="{MAY}"/></marker></defs>',
           f'<rect width="{full_w}" height="{total_h:.0f}" fill="#f6efdc"/>',
           f'<rect {attrs(x=8, y=TOP, width=MAP_W, height=f"{body:.0f}", rx=10)} '
           'fill="#dcebf0" stroke="#b7cfd8"/>']

    for c in edges:
        x, y = layout.centre(c)
        group = attrs(class_="edge", data_field=fmt(c), data_x=f"{x:.1f}", data_y=f"{y:.1f}",
                      **control(f"{words['edge']} {fmt(c)}"))
        out.append(f"<g {group}>"
                   f'<title>{escape(words["edge"])} {fmt(c)}</title>'
                   f'<polygon class="edge-hex" {attrs(points=layout.hexagon(c, 1.5))}/></g>')
    # Fields in a stable order (by coordinate), so two equal positions draw the same picture.
    # The natives after every field, not inside their field's group: both are buttons, and a
    # button may not hold another (a screen reader could not reach the inner one).
    natives = []
    for c in sorted(tiles):
        field, on_it = _field(view, c, tiles[c], layout, words, lang)
        out.append(field)
        natives.extend(on_it)
    out.extend(natives)

    for field in dict.fromkeys(recent):
        if parse_coord(field) in tiles:
            out.append(el("polygon", class_="recent",
                          points=layout.hexagon(parse_coord(field), 2.5)))
    for field in dict.fromkeys([*(reach or {}), *highlights]):
        c = parse_coord(field)
        x, y = layout.centre(c)
        out.append(f'<polygon class="reach-ring" {attrs(points=layout.hexagon(c, 4))}/>')
        if reach and field in reach:
            bx, by = x + 0.5 * s, y - 0.62 * s
            out.append(el("circle", cx=(bx), cy=(by), r=11, fill=MAY)
                       + text(bx, by + 0.3, str(reach[field]), class_="reach-cost"))
    if len(path) >= 2:
        pts = [layout.centre(parse_coord(f)) for f in path]
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        d = max(math.hypot(x1 - x0, y1 - y0), 1e-6)
        pts[-1] = (x1 - (x1 - x0) / d * 0.35 * s, y1 - (y1 - y0) / d * 0.35 * s)
        out.append(f'<polyline class="path" {attrs(points=points_attr(pts))}/>')
    if selected is not None:
        out.append(_selection(view, selected, layout))

    out.append(text(16, 28, _status(view, words, lang), class_="status"))
    seen = (words["all"] if viewer == "all" else words["spectator"] if viewer is None
            else words["seen_by"].format(name=player_name(viewer, lang)))
    out.append(text(full_w - 16, 28, f"({seen})", class_="tiny", text_anchor="end"))
    if panel:
        out.extend(_panel(view, TOP, words, lang))
    out.extend(_legend(TOP + body - legend_h + 2 if inside else TOP + body + 4, words, lang))
    out.append("</svg>")
    return Svg("".join(out))


def _status(view: State, words: Mapping[str, Any], lang: str) -> str:
    if view.is_over:
        winners = " & ".join(player_name(p, lang) for p in sorted(view.won))
        verb = words["wins"] if len(view.won) == 1 else words["win"]
        return f"{words['over']} ({words['round']} {view.round}) — {winners} {verb}"
    who = f"{player_name(view.to_move, lang)} {words['to_move']}"
    line = f"{words['round']} {view.round} · {who} · {words['phase'][view.phase]}"
    if view.phase == "move":
        line += f" · {view.points} {words['points']}"
    return line


def native_places(view: State, c: tuple[int, int], layout: Layout
                  ) -> dict[tuple[int, int, bool], tuple[float, float, float, int]]:
    """Where the natives on `c` are drawn: ``{(owner, cargo, stole): (x, y, radius, count)}``
    — one token per owner and cargo, in rows across the lower half of the hexagon."""
    groups: dict[tuple[int, int, bool], int] = {}
    for q, r, owner, cargo, stole in view.natives:
        if (q, r) == c:
            groups[(owner, cargo, stole)] = groups.get((owner, cargo, stole), 0) + 1
    if not groups:
        return {}
    s = layout.size
    u = s / 52
    x, y = layout.centre(c)
    keys = list(groups)
    per_row = 3 if len(keys) <= 6 else 4
    rows_n = math.ceil(len(keys) / per_row)
    step_x = (23 if per_row == 3 else 18) * u
    step_y = (19 if rows_n <= 2 else 14) * u
    top = y + 0.1 * s - (rows_n - 1) * step_y / 2 + (3 * u if rows_n == 1 else 0)
    radius = (7.5 if rows_n <= 2 else 6) * u
    out = {}
    for i, key in enumerate(keys):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(keys) - row * per_row)
        out[key] = (x + (col - (in_row - 1) / 2) * step_x - 2 * u, top + row * step_y, radius,
                    groups[key])
    return out


def _field(view: State, c: tuple[int, int], kind: str, layout: Layout,
           words: Mapping[str, Any], lang: str) -> tuple[str, list[str]]:
    """A field's group, and the groups of the natives on it (drawn after all fields)."""
    s = layout.size
    x, y = layout.centre(c)
    name = fmt(c)
    u = s / 52  # icons scale with the hexagon
    parts = [el("polygon", class_="hex", points=layout.hexagon(c, 1), fill=KIND_FILL[kind],
                stroke=KIND_STROKE[kind])]
    label = f"{KIND_NAMES[lang][kind]} {name}"
    held = _holdings(view, c, words, lang)
    group = attrs(class_="field", data_field=name, data_kind=kind, data_x=f"{x:.1f}",
                  data_y=f"{y:.1f}", **control(", ".join([label, *held])))
    if kind == "V":
        parts.append(kind_icon("V", x, y - 0.08 * s, 0.3 * s))
        parts.append(text(x, y + 0.72 * s, name, class_="coord coord-dark"))
        return f"<g {group}><title>{escape(label)}</title>{''.join(parts)}</g>", []
    parts.append(kind_icon(kind, x, y - 0.5 * s, (0.28 if kind == "T" else 0.2) * s))
    parts.append(text(x, y + 0.78 * s, name, class_="coord"))

    # Buildings on the left of the top row: huts (with the marker under each) or a holy place.
    huts = [h for h in view.huts if (h[0], h[1]) == c]
    holy = [h for h in view.holy if (h[0], h[1]) == c]
    bx = x - 0.48 * s
    for k, (_, _, owner, marker) in enumerate(huts):
        hx = bx + k * 16 * u - (8 * u if len(huts) == 2 else 0)
        parts.append(hut_icon(hx, y - 0.5 * s, owner, lang, u))
        if marker:
            parts.append(marker_icon(hx + 4 * u, y - 0.5 * s + 11 * u,
                                     "?" if marker == HIDDEN else str(marker), r=7.5 * u))
    for _, _, owner in holy:
        parts.append(holy_icon(bx, y - 0.48 * s, owner, lang, u))
    # Goods lying, on the right of the top row.
    goods = [g for g in view.goods if (g[0], g[1]) == c]
    if goods:
        rows = [(n, icon) for n, icon in ((goods[0][2], lumber_icon), (goods[0][3], stone_icon))
                if n]
        gx = x + 0.36 * s
        for k, (n, icon) in enumerate(rows):
            gy = y - 0.5 * s + (k - (len(rows) - 1) / 2) * 14 * u
            parts.append(icon(gx, gy, u))
            parts.append(text(gx + 7.5 * u, gy + 5 * u, f"{n}", class_="count"))
    # Sacrifice markers placed at the temple lie beside it, a small pile per player.
    if kind == "T":
        placed = [(p, d) for p, d in enumerate(view.delivered) if d]
        for k, (p, values) in enumerate(placed):
            # Left and right of the ziggurat, outwards: 1st left, 2nd right, 3rd further left.
            side = -1 if k % 2 == 0 else 1
            px = x + side * (0.46 * s + (k // 2) * 16 * u)
            py = y - 0.42 * s
            for j in range(len(values)):
                parts.append(el("circle", cx=px, cy=py - j * 3 * u, r=7.5 * u, fill="#f2c94c",
                                stroke=PLAYER_COLORS[p], stroke_width="2"))
            parts.append(text(px, py - (len(values) - 1) * 3 * u + 0.3, str(values[-1]),
                              class_="mark-val"))
    natives = [_native(name, owner, cargo, stole, count, nx, ny, radius, words, lang)
               for (owner, cargo, stole), (nx, ny, radius, count)
               in native_places(view, c, layout).items()]
    return f"<g {group}><title>{escape(label)}</title>{''.join(parts)}</g>", natives


def _holdings(view: State, c: tuple[int, int], words: Mapping[str, Any],
              lang: str) -> list[str]:
    """What lies on a field, for its accessible name: huts, a holy place, goods, natives."""
    out = [f"{words['hut']} ({player_name(h[2], lang)})" for h in view.huts if (h[0], h[1]) == c]
    out += [f"{words['holy_place']} ({player_name(h[2], lang)})" for h in view.holy
            if (h[0], h[1]) == c]
    for g in view.goods:
        if (g[0], g[1]) == c:
            out += [f"{n} {word}" for n, word in ((g[2], words["lumber"]), (g[3], words["stone"]))
                    if n]
    natives: dict[int, int] = {}
    for n in view.natives:
        if (n[0], n[1]) == c:
            natives[n[2]] = natives.get(n[2], 0) + 1
    out += [f"{k} × {player_name(p, lang)} {words['native']}" for p, k in natives.items()]
    return out


def _native(field: str, owner: int, cargo: int, stole: bool, count: int, x: float, y: float,
            r: float, words: Mapping[str, Any], lang: str) -> str:
    token = cargo_token(cargo, stole)
    what = {0: words["nothing"], LUMBER_CARGO: words["lumber"], STONE_CARGO: words["stone"]}.get(
        cargo, f"{words['marker'].split(' (')[0]} {cargo % 10 or '?'}")
    tip = (f"{count} × {player_name(owner, lang)} {words['native']}, {words['carrying']} {what}"
           + (f" ({words['stole']})" if stole else ""))
    # The group's whole box takes the click, its count too: a click between the piece and its
    # count (where a pointer aims at a group) must not fall through to the field below.
    left = x - r - (5 if stole else 0)
    top = y - r - (12 if count > 1 or stole else 0)
    right = x + r + (1.5 + 10 * len(str(count)) if count > 1 else 0)
    parts = [el("rect", x=f"{left:.1f}", y=f"{top:.1f}", width=f"{right - left:.1f}",
                height=f"{y + r - top:.1f}", class_="hit")]
    parts.append(native_icon(x, y, owner, lang, r))
    if count > 1:
        parts.append(text(x + r + 1.5, y - r + 2.5, f"{count}", class_="count"))
    if cargo:
        parts.append(cargo_icon(cargo, x + r * 0.95, y + r * 0.85))
    if stole:
        parts.append(text(x - r - 2.5, y - r + 3, "!", class_="count", fill="#b00020"))
    group = attrs(class_="native", data_native=native_key(field, owner, token), data_field=field,
                  data_owner=owner, data_x=f"{x:.1f}", data_y=f"{y:.1f}", data_r=f"{r:.1f}",
                  data_count=count, **control(f"{tip}, {field}"))
    return f"<g {group}><title>{escape(tip)}</title>{''.join(parts)}</g>"


def _selection(view: State, selected: str, layout: Layout) -> str:
    if "|" in selected:
        field, owner, token = selected.split("|")
        c = parse_coord(field)
        for (o, cargo, stole), (x, y, r, _) in native_places(view, c, layout).items():
            if o == int(owner) and cargo_token(cargo, stole) == token:
                return el("circle", class_="sel-ring", cx=x, cy=y, r=r + 4)
        return ""
    return f'<polygon class="sel-ring" {attrs(points=layout.hexagon(parse_coord(selected), 3))}/>'


#: The legend's words are laid out for the size they grow to in the narrowest layout a teacher
#: projects (JupyterLab at 1280×720 with its file browser open draws the 1120 units of the
#: picture in about 620 px: 12 px is about 22 units there); a letter is about half as wide.
LEGEND_FONT = 22


def _legend_items(words: Mapping[str, Any], lang: str) -> list[tuple[Any, float, str]]:
    """The key's entries: (icon drawn at (x, y), the icon's width, its words)."""
    kinds = [(lambda x, y, k=kind: el("polygon", points=_mini_hex(x + 9, y + 11, 10),
                                      fill=KIND_FILL[k], stroke=KIND_STROKE[k])
              + kind_icon(k, x + 9, y + 12, 4.5 if k != "T" else 6), 23, KIND_NAMES[lang][kind])
             for kind in ("T", "P", "F", "Q", "V")]
    pieces = [
        (lambda x, y: hut_icon(x + 7, y + 11, 0, lang, 0.9), 17, words["hut"]),
        (lambda x, y: holy_icon(x + 8, y + 11, 0, lang, 0.9), 19, words["holy_place"]),
        (lambda x, y: lumber_icon(x + 7, y + 11), 17, words["lumber"]),
        (lambda x, y: stone_icon(x + 5, y + 11), 13, words["stone"]),
        (lambda x, y: marker_icon(x + 8, y + 10, "4"), 21, words["marker"]),
        (lambda x, y: native_icon(x + 8, y + 11, 0, lang, 6.5)
         + cargo_icon(LUMBER_CARGO, x + 14, y + 16), 24,
         f"{words['native']} ({words['carrying']} {words['lumber']})"),
    ]
    return kinds + pieces


def _legend_rows(words: Mapping[str, Any], lang: str, width: float = MAP_W - 20
                 ) -> list[list[tuple[Any, float, str]]]:
    """The key's entries in rows no wider than `width` at `LEGEND_FONT`: field kinds first."""
    rows: list[list[tuple[Any, float, str]]] = [[]]
    x = 0.0
    for item in _legend_items(words, lang):
        wide = item[1] + 0.55 * LEGEND_FONT * len(item[2]) + 14
        if rows[-1] and x + wide > width:
            rows.append([])
            x = 0.0
        rows[-1].append(item)
        x += wide
    return rows


def _legend(y: float, words: Mapping[str, Any], lang: str) -> list[str]:
    """The key to the pictures: field kinds, then pieces, in as many rows as their words need
    (`_legend_rows`)."""
    out = []
    for row in _legend_rows(words, lang):
        x = 18.0
        for icon, wide, said in row:
            out.append(icon(x, y))
            out.append(text(x + wide, y + 15, said, class_="tiny"))
            x += wide + 0.55 * LEGEND_FONT * len(said) + 14
        y += LEGEND_H
    return out


def _mini_hex(x: float, y: float, s: float) -> str:
    return points_attr((x + s * math.cos(math.pi / 3 * k), y + s * math.sin(math.pi / 3 * k))
                       for k in range(6))


def _panel(view: State, top: float, words: Mapping[str, Any], lang: str) -> list[str]:
    out = []
    for p in range(view.players):
        out.extend(_player_card(view, p, PANEL_X, top + p * (CARD_H + 8), PANEL_W, words, lang))
    # The piles and the supply.
    y = top + view.players * (CARD_H + 8) + 16
    line = (f"{words['pile']}: {len(view.pile)} · {words['deck']}: {len(view.deck)} · "
            f"{words['discard']}: {len(view.discard)}"
            + (f" · {words['out']}: {len(view.out)}" if view.options.no_reshuffle else ""))
    out.append(text(PANEL_X + 4, y, line, class_="small"))
    y += 22
    out.append(text(PANEL_X + 4, y, f"{words['goods_supply']}:", class_="small"))
    x = PANEL_X + 14 + 8.5 * len(words["goods_supply"])
    out.append(lumber_icon(x + 6, y - 4))
    out.append(text(x + 15, y, f"{view.lumber_supply()} {words['lumber']}", class_="small"))
    x += 120
    out.append(stone_icon(x + 4, y - 4))
    out.append(text(x + 12, y, f"{view.stone_supply()} {words['stone']}", class_="small"))
    return out


def _player_card(view: State, p: int, x: float, y: float, w: float,
                 words: Mapping[str, Any], lang: str) -> list[str]:
    moving = view.to_move == p
    won = view.is_over and p in view.won
    strong = moving or won
    out = [f'<rect {attrs(x=f"{x:.1f}", y=f"{y:.1f}", width=f"{w:.1f}", height=CARD_H, rx=8)} '
           f'fill="{"#fffaf0" if strong else "#f4ecd6"}" '
           f'stroke="{"#1d160b" if strong else "#c9b995"}" '
           f'stroke-width="{3 if strong else 1}" data-player="{p}"/>',
           native_icon(x + 17, y + 17, p, lang, 8.5)]
    tag = f" · {words['to_move']}" if moving else f" · {words['wins']}" if won else ""
    out.append(text(x + 32, y + 22, f"{player_name(p, lang)}{tag}", class_="small bold"))

    # Mana track 0..8: cells above the maximum are shaded and closed by a bar (the maximum),
    # the current cell is filled (the cylinder); the words say it as well.
    mana, top_mana = view.mana[p], view.max_mana[p]
    cell = 21.0
    ty = y + 32
    for v in range(MANA_TOP + 1):
        cx = x + 10 + v * cell
        fill = "#fffdf5" if v <= top_mana else "#cfc6b1"
        out.append(el("rect", x=cx, y=ty, width=cell - 2, height=21, rx=2, fill=fill,
                      stroke="#8a7a5a", stroke_width="0.8"))
        if v == mana:
            out.append(el("rect", x=cx + 1, y=ty + 1, width=cell - 4, height=19, rx=5,
                          fill=PLAYER_COLORS[p], stroke="#1d160b", stroke_width="1"))
        out.append(text(cx + (cell - 2) / 2, ty + 16, str(v), class_="tiny" + (
            " bold" if v == mana else ""), text_anchor="middle",
            fill=INK[p] if v == mana else "#8a7a5a"))
    bar_x = x + 10 + (top_mana + 1) * cell - 1
    out.append(el("rect", x=bar_x - 1.5, y=ty - 3, width=3, height=27, fill="#1d160b"))
    out.append(text(x + w - 8, ty + 16, f"{words['mana']} {mana}/{top_mana}",
                    class_="small bold", text_anchor="end"))

    # Sacrifice markers: placed, carried, under huts, in front.
    my = y + 76
    slots: list[tuple[str, str]] = []  # (value text, where)
    slots += [(str(v), "placed") for v in view.delivered[p]]
    slots += [(str(n[3] % 10) if n[3] % 10 else "?", "carried") for n in view.natives
              if n[2] == p and n[3] >= OLD]
    slots += [("?" if h[3] == HIDDEN else str(h[3]), "under_hut") for h in view.huts
              if h[2] == p and h[3]]
    slots += [("?" if v == HIDDEN else str(v), "in_front") for v in view.markers[p]]
    for k, (value, where) in enumerate(slots[:len(MARKER_VALUES)]):
        mx = x + 20 + k * 36
        out.append(f'<g data-marker="{where}"><title>{escape(words[where])}</title>')
        fill = "#d9d2c2" if where == "in_front" else "#f2c94c"
        stroke = ("#1d160b", "1.8") if where == "placed" else ("#6b5a3c", "1")
        out.append(el("circle", cx=mx, cy=my, r=11, fill=fill, stroke=stroke[0],
                      stroke_width=stroke[1]))
        out.append(text(mx, my + 0.3, value, class_="mark-val"))
        if where == "placed":
            out.append(text(mx + 12, my + 3, "✓", class_="tiny bold", fill="#1b7a1b"))
        elif where == "carried":
            out.append(native_icon(mx + 12, my - 4, p, lang, 4))
        elif where == "under_hut":
            out.append(hut_icon(mx + 12, my - 4, p, lang, 0.55))
        out.append("</g>")
    placed = f"{len(view.delivered[p])}/{view.options.markers_to_win}"
    out.append(text(x + w - 8, my + 5, f"{placed} {words['placed']}",
                    class_="tiny", text_anchor="end"))
    on_map = view.natives_of(p)
    huts = sum(1 for h in view.huts if h[2] == p)
    holy = sum(1 for h in view.holy if h[2] == p)
    out.append(text(x + 10, my + 34, f"{words['natives']}: {on_map} {words['on_map']}, "
                    f"{NATIVES - on_map} {words['supply']}", class_="tiny"))
    out.append(text(x + 10, my + 57, f"{words['huts']} {huts}/{HUTS} · {words['holy']} "
                    f"{holy}/{HOLY_PLACES}", class_="tiny"))
    hand = list(view.hands[p])
    cards = f"{words['cards']}: {len(hand)}"
    if hand and "?" not in hand:
        cards += " — " + ", ".join(card_name(c, lang) for c in hand)
    if moving and view.fresh:
        cards += f" (+1 {words['drawn']}" + (
            f": {card_name(view.fresh, lang)})" if view.fresh != "?" else ")")
    # The hand on two lines if it must: the words are as large as a projector needs.
    first, second = _wrap(cards, w - 16)
    out.append(text(x + 10, my + 80, first, class_="tiny"))
    if second:
        out.append(text(x + 22, my + 103, _fit(second, w - 28), class_="tiny"))
    if moving and view.phase == "move":
        said = f"{words['movement']}: {view.points} · {words['discovered']} {view.discoveries}/3"
        out.append(text(x + 10, my + 128, said, class_="tiny bold"))
        # A dot a point, in the room the words leave.
        room = int((w - 24 - len(said) * 0.55 * LEGEND_FONT) // 11)
        for k in range(max(0, min(view.points, 12, room))):
            out.append(el("circle", cx=x + w - 14 - k * 11, cy=my + 123, r=4,
                          fill=PLAYER_COLORS[p], stroke="#1d160b", stroke_width="0.8"))
    elif moving and view.phase != "over":
        out.append(text(x + 10, my + 128, words["phase"][view.phase] + (
            f" ({view.action})" if view.action else ""), class_="tiny bold"))
    return out


def _wrap(line: str, width: float, char: float = 8.2) -> tuple[str, str]:
    """`line` cut at the last space that fits `width`: (first line, the rest, or '')."""
    most = int(width / char)
    if len(line) <= most:
        return line, ""
    cut = line.rfind(" ", 0, most)
    cut = most if cut <= 0 else cut
    return line[:cut].rstrip(), line[cut:].strip()


def _fit(line: str, width: float, char: float = 8.2) -> str:
    """Cut a line that would run out of its card (the whole hand is in the prompt)."""
    most = int(width / char)
    return line if len(line) <= most else line[:most - 1] + "…"


def reach_of(state: State, field: str, token: str) -> dict[str, int]:
    """For notebooks: ``{field: cost}`` of the `Go` moves of the active player's native
    ``token`` on `field`, each cost read from the engine's event when the move is tried."""
    from engine import mesopotamia

    out = {}
    for move in mesopotamia.legal_moves(state):
        if isinstance(move, mesopotamia.Go) and (move.origin, move.native) == (field, token):
            _, events = mesopotamia.apply(state, move)
            out[move.destination] = next(e.cost for e in events
                                         if isinstance(e, mesopotamia.events.NativeMoved))
    return out
