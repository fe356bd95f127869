"""Small SVG helpers shared by the board renderers (python-chess's ``chess.svg`` is the model).

A renderer returns an `Svg`: a ``str`` that notebooks display as a picture.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape

# Okabe–Ito colours: told apart with every common colour-vision deficiency. Each player also
# has a shape and an initial, so colour is never the only cue.
PLAYER_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond")

#: The smallest text a player must read, in CSS px, wherever a board is shown: a projector at
#: 1280×720 showing JupyterLab with its file browser open (a board's picture is then about
#: 500 px wide), an app in Voilà, the browser-only site.
LEGIBLE_PX = 12
#: The class of a picture's text that no player needs to read (a flourish, a texture): the one
#: text not held to `LEGIBLE_PX`. No board draws such text today; the browser test
#: (tests/browser/test_projector.py) skips text marked so, and every other text it finds.
DECORATIVE = "sumer-decor"

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_FONT_SIZE = re.compile(r"font(?:-size)?\s*:[^;]*?(\d+(?:\.\d+)?)px")


def picture_css(css: str, *roots: str) -> str:
    """A picture's own style sheet (flat rules), made safe and legible:

    - every selector is scoped under the picture's root class (`roots`: ``".tigris-board"``,
      or each kind of picture that shares the sheet):
      a ``<style>`` inside an SVG shown in a page applies to the whole page, so two games'
      ``.small`` on one page set each other's size, and a page's own ``.status`` took ours;
    - every font size gets a floor, ``max(size, var(--sumer-legible, 0px))``: the board's
      front end (``static/base.js``) sets ``--sumer-legible`` to the length of `LEGIBLE_PX`
      screen pixels in the picture's units at the scale it is drawn, so where the picture is
      shown small its words grow to stay readable; a picture without a board around it (a
      notebook's saved picture) keeps its own sizes. Rules for `DECORATIVE` text keep theirs.

    The renderers lay their words out for the sizes they give, with room for the growth a
    narrow page asks (JupyterLab at 1280×720 with its file browser open).
    """
    out = []
    for selectors, body in _RULE.findall(_COMMENT.sub("", css)):
        scoped = ",".join(f"{root} {part.strip()}" for root in roots
                          for part in selectors.split(","))
        body = " ".join(body.split()).strip().rstrip(";")
        size = _FONT_SIZE.search(body)
        if size and DECORATIVE not in selectors:
            body += f";font-size:max({size.group(1)}px,var(--sumer-legible,0px))"
        out.append(f"{scoped}{{{body}}}")
    return "\n".join(out) + "\n"


#: The root of a board picture: a named group (not ``role="img"``, whose parts a screen reader
#: could not reach) holding the places and pieces one plays with.
BOARD_ROLE = 'role="group"'


def control(name: str) -> dict[str, object]:
    """`attrs` keywords that make a picture's element a place or piece to play with: a button
    named `name` (what it is and what it holds, in the board's language), focusable by the
    board's keyboard code (``tabindex=-1``: base.js keeps one of them in the tab order)."""
    return {"role": "button", "tabindex": -1, "aria_label": name}


class Svg(str):
    """An SVG picture; shown as the picture in Jupyter, as text elsewhere."""

    def _repr_svg_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        # Notebooks store the repr as text/plain beside the picture: keep it one short line.
        return "<SVG picture>"


def arrowhead(tail: Sequence[float], tip: Sequence[float], size: float = 9) -> str:
    """The points of a triangular arrowhead at `tip`, pointing away from `tail`.

    Drawn as a polygon rather than an SVG marker: a marker is found by id in the whole page, and
    with several pictures on one page the first copy may sit in a hidden output.
    """
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    d = max((dx * dx + dy * dy) ** 0.5, 1e-6)
    ux, uy = dx / d, dy / d
    back = (tip[0] - ux * size, tip[1] - uy * size)
    return points_attr([tip, (back[0] - uy * size * 0.55, back[1] + ux * size * 0.55),
                        (back[0] + uy * size * 0.55, back[1] - ux * size * 0.55)])


def attrs(**values: object) -> str:
    """``key="value"`` pairs, escaped; ``class_`` becomes ``class``, ``_`` becomes ``-``."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        # Numbers need no escaping, and most attributes are numbers.
        text_ = str(value) if isinstance(value, (int, float)) else escape(str(value), quote=True)
        parts.append(f'{name}="{text_}"')
    return " ".join(parts)


def text(x: float, y: float, content: str, **extra: object) -> str:
    return f"<text {attrs(x=f'{x:.1f}', y=f'{y:.1f}', **extra)}>{escape(content)}</text>"


def shape(kind: str, x: float, y: float, r: float, **extra: object) -> str:
    """A player marker: circle, square, triangle or diamond of radius `r` around (x, y)."""
    if kind == "circle":
        return f"<circle {attrs(cx=f'{x:.1f}', cy=f'{y:.1f}', r=f'{r:.1f}', **extra)}/>"
    if kind == "square":
        s = r * 0.9
        box = attrs(x=f"{x - s:.1f}", y=f"{y - s:.1f}", width=f"{2 * s:.1f}",
                    height=f"{2 * s:.1f}", rx="2", **extra)
        return f"<rect {box}/>"
    if kind == "triangle":
        points = [(x, y - r * 1.15), (x + r * 1.05, y + r * 0.75), (x - r * 1.05, y + r * 0.75)]
    else:
        points = [(x, y - r * 1.2), (x + r * 1.2, y), (x, y + r * 1.2), (x - r * 1.2, y)]
    return f"<polygon {attrs(points=points_attr(points), **extra)}/>"


def points_attr(points: Iterable[Sequence[float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def convex_hull(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def padded(hull: Sequence[tuple[float, float]], pad: float) -> list[tuple[float, float]]:
    """Push each hull point `pad` away from the hull's centre (a soft territory outline)."""
    if not hull:
        return []
    cx = sum(p[0] for p in hull) / len(hull)
    cy = sum(p[1] for p in hull) / len(hull)
    out = []
    for x, y in hull:
        dx, dy = x - cx, y - cy
        d = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        out.append((x + dx / d * pad, y + dy / d * pad))
    return out


def smooth_path(points: Sequence[tuple[float, float]], closed: bool = False) -> str:
    """A smooth SVG path through `points` (Catmull-Rom turned into cubic Béziers)."""
    if len(points) < 2:
        return ""
    pts = list(points)
    if closed:
        pts = [pts[-1], *pts, pts[0], pts[1]]
    else:
        pts = [pts[0], *pts, pts[-1]]
    d = [f"M{pts[1][0]:.1f},{pts[1][1]:.1f}"]
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d.append(f"C{c1[0]:.1f},{c1[1]:.1f} {c2[0]:.1f},{c2[1]:.1f} {p2[0]:.1f},{p2[1]:.1f}")
    if closed:
        d.append("Z")
    return " ".join(d)


def letter_marks(picture: str, marks: Sequence[tuple[float, float, str, dict[str, str]]], *,
                 radius: float = 11, size: float = 13, stroke: float = 2,
                 baseline: float = 4.5) -> Svg:
    """`picture` with a letter in a red ring at each ``(x, y, letter, data)`` of `marks` —
    for questions that name places ("Which of A, B, C …?"); `data` become ``data-`` attributes
    of the mark."""
    tags = []
    for x, y, letter, data in marks:
        extra = "".join(f' data-{key}="{escape(value, quote=True)}"' for key, value in
                        data.items())
        tags.append(f'<g class="mark" data-mark="{escape(letter, quote=True)}"{extra}>'
                    f'<circle {attrs(cx=x, cy=y, r=radius, fill="#fff", stroke="#d7263d")} '
                    f'stroke-width="{stroke:g}"/>'
                    + text(x, y + baseline, letter, text_anchor="middle",
                           style=f"font:700 {size:g}px sans-serif;fill:#d7263d") + "</g>")
    return Svg(str(picture).replace("</svg>", "".join(tags) + "</svg>"))
