"""What every picture of the history layer shares: its frame, its lettering and its dates.

Each picture is 1280 units wide, so that a picture shown 1280 pixels wide draws every letter at
its stated size, and no letter is set below `SMALLEST` (12 px at that width). Text carries its
size as a ``font-size`` attribute on the element itself (never in a style sheet), so that a
reader of the file — or a test — sees every size. A picture is an image for a screen reader
(``role="img"``), named by its ``<title>`` and told in full by its ``<desc>``.

Lines are wrapped by an estimate of the letters' width (`wrap`), not by measuring: generous, so
that a line never runs out of its column in the common sans-serif faces.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from engine.core import InvalidInput, shown
from sumer_widgets.palette import PARCHMENT
from sumer_widgets.svg import Svg, attrs, points_attr, text
from sumer_widgets.words import words

WIDTH = 1280
SMALLEST = 12
LANGS = ("en", "nl")
INK = "#2b2113"
MUTED = "#5a4a2e"
FAINT = "#8a7a5a"
PAPER = PARCHMENT
#: How wide a letter of sans-serif is, on average, for its size (generous).
LETTER = 0.56

WORDS = words(__file__)["WORDS"]


def language(lang: str) -> str:
    """`lang` if the history layer speaks it, else `InvalidInput`."""
    if lang not in LANGS:
        raise InvalidInput(f"lang must be one of {', '.join(LANGS)}, not {shown(lang)}")
    return lang


def said(table: Mapping[str, Any], lang: str) -> Any:
    """The entry of a word table for `lang`."""
    return table[language(lang)]


def label(x: float, y: float, content: str, size: float = 14, *, weight: str | None = None,
          italic: bool = False, anchor: str | None = None, fill: str = INK,
          halo: str | None = None, **extra: object) -> str:
    """One line of lettering at (x, y); `halo` draws a ring of that colour behind the letters,
    so that a name stays readable over a river or a line."""
    if size < SMALLEST:
        raise ValueError(f"letters of {size} px are below the smallest size, {SMALLEST} px")
    style = (f"paint-order:stroke;stroke:{halo};stroke-width:4px;stroke-linejoin:round"
             if halo else None)
    return text(x, y, content, font_size=f"{size:g}", font_family="sans-serif",
                font_weight=weight, font_style="italic" if italic else None,
                text_anchor=anchor, fill=fill, style=style, **extra)


def rect(x: float, y: float, width: float, height: float, **extra: object) -> str:
    """A rectangle; `extra` are its other attributes (``stroke_width`` for ``stroke-width``)."""
    where = attrs(x=f"{x:.1f}", y=f"{y:.1f}", width=f"{width:.1f}", height=f"{height:.1f}",
                  **extra)
    return f"<rect {where}/>"


def outline(points: Iterable[Sequence[float]], *, closed: bool = True, **extra: object) -> str:
    """A polygon (or, not `closed`, a polyline) through `points`."""
    tag = "polygon" if closed else "polyline"
    return f'<{tag} {attrs(points=points_attr(points), **extra)}/>'


def wrap(content: str, width: float, size: float) -> list[str]:
    """`content` broken into lines that fit `width` at letters of `size` (estimated)."""
    most = max(int(width / (size * LETTER)), 8)
    lines: list[str] = []
    line = ""
    for word in content.split():
        if line and len(line) + 1 + len(word) > most:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def paragraph(x: float, y: float, content: str, width: float, size: float = 14, *,
              leading: float = 1.4, **style: Any) -> tuple[list[str], float]:
    """`content` set as wrapped lines from the baseline `y`; returns the lines' elements and
    the baseline after the last line (where the next paragraph may start)."""
    out = []
    for line in wrap(content, width, size):
        out.append(label(x, y, line, size, **style))
        y += size * leading
    return out, y


def years(start: int, end: int, lang: str, *, about: bool = True) -> str:
    """A span of years written for a reader: ``c. 2900–2350 BC`` (`start` and `end` are
    negative for BC; a span of one year is that year)."""
    table = said(WORDS, lang)
    if start == end:
        written = table["bc"].format(year=-start)
    else:
        written = table["span"].format(start=-start, end=-end)
    return table["about"].format(span=written) if about else written


def picture(height: float, title: str, desc: str, body: Iterable[str], *,
            width: int | None = None, kind: str = "") -> Svg:
    """A whole picture, `WIDTH` units wide and `height` high, on parchment; `width` is the
    width to show it at (default: as wide as its container allows)."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" '
            f'{attrs(viewBox=f"0 0 {WIDTH} {height:.0f}", width=width)} role="img" '
            f'class="sumer-history {escape(kind, quote=True)}">')
    return Svg(head + f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
               + f'<rect {attrs(width=WIDTH, height=f"{height:.0f}", fill=PAPER)}/>'
               + "".join(body) + "</svg>")
