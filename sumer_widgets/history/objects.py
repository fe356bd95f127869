"""Drawings of the objects the notebooks describe, made by the project: simple line drawings,
each beside its caption — what it is, where it was found, where it is now, its date, and that
it is a simplified drawing, not a copy — with the caption's sources.

No photograph can be shipped here (no public-domain image could be fetched), so each drawing
shows what a museum's description says the object shows, in schematic figures: the scenes'
arrangement is kept (which register holds what, who is larger), the figures' details are not.
The words, and every fact of the captions, are in ``words.<lang>.toml`` (``objects``), with their
sources; the drawings' shapes are here.

- `stele_of_the_vultures`: Eannatum's victory stele, both faces (Louvre);
- `standard_of_ur`: the "War" and "Peace" sides (British Museum);
- `worshipper_statues`: statues of the Tell Asmar hoard (Iraq Museum, Oriental Institute, Met);
- `clay_tablet`: a tablet drawn by the project with numbers and one sign (no real text);
- `enmetena_cone`: the cone on the Lagash–Umma border (Louvre);
- `royal_game_board`: the Royal Game of Ur's board with its inlay (British Museum 120834);
- `tetrahedral_die`: a die of that game, and four of them thrown (after Woolley's catalogue);
- `rules_tablet`: the grid side of the tablet with the game's rules (British Museum 33333B);
- `king_list_prism`: the Weld-Blundell prism of the Sumerian King List (Ashmolean).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from sumer_widgets.history.drawing import (
    INK,
    MUTED,
    WIDTH,
    label,
    language,
    paragraph,
    picture,
    said,
)
from sumer_widgets.svg import Svg, points_attr
from sumer_widgets.words import words

TABLES = words(__file__)
STONE, STONE_EDGE = "#ddd1b6", "#6f5f44"
LAPIS, SHELL, RED_STONE = "#34508c", "#f4ecdc", "#b4533c"
CLAY, CLAY_DARK = "#d3ab7e", "#7a5533"
CAPTION_X = 700
LINE = 2.2

Point = tuple[float, float]


# Shapes ----------------------------------------------------------------------------------------


def _poly(points: Iterable[Point], fill: str = "none", stroke: str = INK,
          width: float = LINE, closed: bool = True) -> str:
    tag = "polygon" if closed else "polyline"
    return (f'<{tag} points="{points_attr(points)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width:g}" stroke-linejoin="round" stroke-linecap="round"/>')


def _line(a: Point, b: Point, stroke: str = INK, width: float = LINE) -> str:
    return (f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" '
            f'stroke="{stroke}" stroke-width="{width:g}" stroke-linecap="round"/>')


def _circle(x: float, y: float, r: float, fill: str = "none", stroke: str = INK,
            width: float = LINE) -> str:
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width:g}"/>')


def _ellipse(x: float, y: float, rx: float, ry: float, fill: str, stroke: str = INK,
             width: float = LINE, turn: float = 0) -> str:
    return (f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{rx:.1f}" ry="{ry:.1f}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width:g}" '
            f'transform="rotate({turn:g} {x:.1f} {y:.1f})"/>')


def _path(d: str, fill: str = "none", stroke: str = INK, width: float = LINE) -> str:
    return (f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}" '
            f'stroke-linejoin="round" stroke-linecap="round"/>')


def _figure(x: float, ground: float, h: float, facing: int = 1, *, fill: str = STONE,
            helmet: bool = False, beard: bool = False, arms: str = "down",
            cloak: bool = False, stroke: str = INK) -> list[str]:
    """A standing person seen from the side, feet at (x, `ground`), `h` tall, facing right
    (1) or left (-1); `arms` is ``down``, ``forward``, ``clasped`` or ``raised``."""
    f = facing
    r = h * 0.085
    head = (x + f * h * 0.02, ground - h + r)
    neck = ground - h + 2 * r
    hips = ground - h * 0.45
    hem = ground - h * 0.16
    out = [_line((x - h * 0.06, hem), (x - f * h * 0.09, ground), stroke, LINE),
           _line((x + h * 0.05, hem), (x + f * h * 0.1, ground), stroke, LINE)]
    body = [(x - h * 0.09, neck + r * 0.4), (x + h * 0.09, neck + r * 0.4),
            (x + h * 0.08, hips), (x + h * (0.16 if cloak else 0.13), hem),
            (x - h * (0.16 if cloak else 0.13), hem), (x - h * 0.08, hips)]
    out.append(_poly(body, fill, stroke))
    out.append(_line((x - h * 0.12, hips + h * 0.1), (x + h * 0.12, hips + h * 0.1), stroke, 1.4))
    out.append(_circle(*head, r, fill, stroke))
    if helmet:
        out.append(_path(f"M{head[0] - r:.1f},{head[1]:.1f} A{r:.1f},{r:.1f} 0 0 1 "
                         f"{head[0] + r:.1f},{head[1]:.1f} Z", INK, stroke, 1))
    if beard:
        out.append(_poly([(head[0] - r * 0.2 * f, head[1] + r * 0.55),
                          (head[0] + r * 0.95 * f, head[1] + r * 0.45),
                          (head[0] + r * 0.8 * f, head[1] + r * 2.3),
                          (head[0] - r * 0.05 * f, head[1] + r * 2.3)], INK, stroke, 1))
    shoulder = (x + f * h * 0.03, neck + r)
    if arms == "forward":
        out.append(_poly([shoulder, (x + f * h * 0.18, hips - h * 0.05),
                          (x + f * h * 0.3, hips - h * 0.12)], closed=False, stroke=stroke))
    elif arms == "raised":
        out.append(_poly([shoulder, (x + f * h * 0.2, neck - h * 0.05),
                          (x + f * h * 0.26, neck - h * 0.18)], closed=False, stroke=stroke))
    elif arms == "clasped":
        out.append(_poly([shoulder, (x + f * h * 0.1, hips - h * 0.12),
                          (x + f * h * 0.04, hips - h * 0.17)], closed=False, stroke=stroke))
        out.append(_circle(x + f * h * 0.05, hips - h * 0.17, h * 0.03, INK, stroke, 1))
    else:
        out.append(_poly([shoulder, (x + f * h * 0.06, hips), (x + f * h * 0.08, hips + h * 0.08)],
                         closed=False, stroke=stroke))
    return out


def _lying(x: float, y: float, length: float, fill: str = STONE, stroke: str = INK) -> list[str]:
    """A fallen man, lying on the ground line `y`, his head at the left."""
    r = length * 0.1
    return [_ellipse(x + length * 0.55, y - r * 0.8, length * 0.38, r * 0.8, fill, stroke),
            _circle(x + r, y - r, r, fill, stroke),
            _line((x + length * 0.9, y - r * 0.5), (x + length * 1.08, y), stroke, LINE)]


def _animal(x: float, ground: float, length: float, kind: str = "donkey", facing: int = 1,
            fill: str = SHELL, stroke: str = INK) -> list[str]:
    """A quadruped seen from the side, its back feet at `x`: a donkey, a bull or a sheep."""
    f = facing
    tall = length * {"donkey": 0.8, "bull": 0.72, "sheep": 0.62}[kind]
    back, belly = ground - tall * 0.78, ground - tall * 0.42
    rump, chest = x + f * length * 0.02, x + f * length * 0.78

    def at(share: float) -> float:
        return x + f * length * share

    out = [_line((at(k), belly - 2), (at(k) + f * length * 0.02, ground), stroke, 3.2)
           for k in (0.1, 0.22, 0.64, 0.74)]
    body = (f"M{rump:.1f},{(back + belly) / 2:.1f} Q{rump:.1f},{back:.1f} {at(0.2):.1f},{back:.1f} "
            f"L{at(0.66):.1f},{back + tall * 0.02:.1f} Q{chest:.1f},{back:.1f} {chest:.1f},"
            f"{(back + belly) / 2:.1f} Q{chest:.1f},{belly:.1f} {at(0.64):.1f},{belly:.1f} "
            f"L{at(0.18):.1f},{belly:.1f} Q{rump:.1f},{belly:.1f} {rump:.1f},"
            f"{(back + belly) / 2:.1f} Z")
    if kind == "donkey":
        neck = [(at(0.62), back + tall * 0.04), (at(0.84), back - tall * 0.3),
                (at(0.94), back - tall * 0.22), (at(0.8), belly - tall * 0.1)]
        head = (at(0.98), back - tall * 0.18, length * 0.13, tall * 0.08, -f * 35)
        ears = [((at(0.86), back - tall * 0.3), (at(0.8), back - tall * 0.52))]
    elif kind == "bull":
        neck = [(at(0.62), back), (at(0.86), back + tall * 0.02),
                (at(0.9), back + tall * 0.22), (at(0.7), belly - tall * 0.05)]
        head = (at(0.95), back + tall * 0.16, length * 0.1, tall * 0.1, f * 40)
        ears = [((at(0.9), back + tall * 0.02), (at(0.98), back - tall * 0.2)),
                ((at(0.98), back - tall * 0.2), (at(0.93), back - tall * 0.3))]
    else:
        neck = [(at(0.66), back), (at(0.86), back - tall * 0.1),
                (at(0.9), back + tall * 0.08), (at(0.72), belly - tall * 0.1)]
        head = (at(0.94), back + tall * 0.02, length * 0.09, tall * 0.08, f * 30)
        ears = [((at(0.86), back - tall * 0.08), (at(0.8), back + tall * 0.08))]
    out.append(_poly(neck, fill, stroke))
    out.append(_path(body, fill, stroke))
    out.append(_ellipse(*head[:4], fill, stroke, LINE, head[4]))
    out.extend(_line(a, b, stroke, 2.6) for a, b in ears)
    out.append(_line((rump, back + tall * 0.08), (rump - f * length * 0.06, belly + tall * 0.1),
                     stroke, 1.6))
    if kind == "sheep":
        out.extend(_circle(at(0.2 + 0.11 * k), back + tall * 0.16, tall * 0.06, "none", stroke, 1)
                   for k in range(5))
    return out


def _chariot(x: float, ground: float, size: float, fill: str = SHELL,
             stroke: str = INK) -> list[str]:
    """A four-wheeled battle car seen from the side with its team of four donkeys (drawn as
    overlapping outlines), the car at `x`, facing right, a driver in it."""
    out = []
    for n in range(4):
        out.extend(_animal(x + size * (0.58 + n * 0.06), ground - n * 1.2, size * 0.72,
                           "donkey", 1, fill, stroke))
    box = [(x, ground - size * 0.26), (x + size * 0.5, ground - size * 0.26),
           (x + size * 0.55, ground - size * 0.8), (x + size * 0.4, ground - size * 0.8),
           (x + size * 0.32, ground - size * 0.5), (x, ground - size * 0.5)]
    out.extend(_figure(x + size * 0.18, ground - size * 0.38, size * 0.62, 1, fill=fill,
                       helmet=True, stroke=stroke))
    out.append(_poly(box, fill, stroke))
    out.append(_circle(x + size * 0.36, ground - size * 0.15, size * 0.15, fill, stroke))
    out.append(_circle(x + size * 0.36, ground - size * 0.15, size * 0.04, stroke, stroke, 1))
    out.append(_line((x + size * 0.5, ground - size * 0.42), (x + size * 0.85, ground - size * 0.5),
                     stroke, LINE))
    return out


def _seated(x: float, ground: float, h: float, facing: int = 1, fill: str = SHELL,
            stroke: str = INK) -> list[str]:
    """A man seated on a stool, a cup raised in his hand."""
    f = facing
    r = h * 0.1
    seat = ground - h * 0.42
    out = [_line((x - h * 0.12, seat), (x - h * 0.12, ground), stroke),
           _line((x + h * 0.12, seat), (x + h * 0.12, ground), stroke),
           _line((x - h * 0.15, seat), (x + h * 0.15, seat), stroke, 3),
           _poly([(x - h * 0.1, seat - h * 0.42), (x + h * 0.08, seat - h * 0.42),
                  (x + h * 0.12, seat), (x + f * h * 0.32, seat + h * 0.05),
                  (x + f * h * 0.3, seat + h * 0.12), (x - h * 0.14, seat + h * 0.1)],
                 fill, stroke),
           _line((x + f * h * 0.3, seat + h * 0.1), (x + f * h * 0.3, ground), stroke),
           _circle(x + f * h * 0.02, seat - h * 0.42 - r, r, fill, stroke),
           _poly([(x + f * h * 0.05, seat - h * 0.35), (x + f * h * 0.22, seat - h * 0.25),
                  (x + f * h * 0.26, seat - h * 0.42)], closed=False, stroke=stroke),
           _poly([(x + f * h * 0.22, seat - h * 0.42), (x + f * h * 0.31, seat - h * 0.42),
                  (x + f * h * 0.28, seat - h * 0.5), (x + f * h * 0.25, seat - h * 0.5)],
                 fill, stroke, 1.5)]
    return out


def _lyre(x: float, ground: float, h: float, fill: str = SHELL, stroke: str = INK) -> list[str]:
    """A lyre with a bull's head on its sound box, seen from the side."""
    return [_poly([(x, ground), (x + h * 0.55, ground), (x + h * 0.55, ground - h * 0.3),
                   (x, ground - h * 0.3)], fill, stroke),
            _line((x + h * 0.05, ground - h * 0.3), (x + h * 0.12, ground - h), stroke),
            _line((x + h * 0.5, ground - h * 0.3), (x + h * 0.45, ground - h * 0.9), stroke),
            _line((x + h * 0.08, ground - h * 0.92), (x + h * 0.5, ground - h * 0.95), stroke),
            *[_line((x + h * (0.15 + 0.08 * n), ground - h * 0.3),
                    (x + h * (0.16 + 0.08 * n), ground - h * 0.93), stroke, 1) for n in range(4)],
            _poly([(x - h * 0.02, ground - h * 0.3), (x - h * 0.22, ground - h * 0.42),
                   (x - h * 0.2, ground - h * 0.24), (x, ground - h * 0.16)], fill, stroke)]


def _wedge(x: float, y: float, size: float, turn: float = 0, fill: str = CLAY_DARK, *,
           tail: float = 1.3) -> str:
    """One wedge pressed into clay: a triangular head at (x, y) and its tail, `tail` times
    `size` long, pointing down when `turn` is 0 (an upright wedge), right when 90 (degrees)."""
    head = [(x - size * 0.35, y), (x + size * 0.35, y), (x, y + size * 0.5)]
    points = _turned([*head, (x, y + size * tail)], (x, y), turn)
    return _poly(points[:3], fill, fill, 1) + _line(points[2], points[3], fill, 2.2)


def _corner_wedge(x: float, y: float, size: float, fill: str = CLAY_DARK) -> str:
    """A corner wedge (the sign for ten): an open angle pointing left."""
    return _poly([(x + size * 0.5, y - size * 0.45), (x - size * 0.4, y),
                  (x + size * 0.5, y + size * 0.45), (x + size * 0.15, y)], fill, fill, 1)


def _turned(points: Sequence[Point], centre: Point, degrees: float) -> list[Point]:
    a = math.radians(-degrees)
    cx, cy = centre
    return [(cx + (px - cx) * math.cos(a) - (py - cy) * math.sin(a),
             cy + (px - cx) * math.sin(a) + (py - cy) * math.cos(a)) for px, py in points]


# The pictures ----------------------------------------------------------------------------------


def _sheet(kind: str, lang: str, drawing: list[str], height: float, *,
           width: int | None, labels: Iterable[str] = ()) -> Svg:
    """A drawing (its elements already placed, left of `CAPTION_X`) with its caption to the
    right: the object's words from ``words.<lang>.toml``."""
    language(lang)
    words_ = said(TABLES[kind], lang)
    common = said(TABLES["COMMON"], lang)
    out = [label(30, 38, words_["title"], 22, weight="700"), *drawing, *labels]
    y = 84
    for key in ("what", "scenes", "found", "now", "date"):
        if key in words_:
            lines, y = paragraph(CAPTION_X, y, words_[key], WIDTH - CAPTION_X - 30, 15)
            out.extend(lines)
            y += 8
    note = words_.get("simplified", common["simplified"])
    lines, y = paragraph(CAPTION_X, y + 4, note, WIDTH - CAPTION_X - 30, 14,
                         italic=True, fill=MUTED)
    out.extend(lines)
    lines, y = paragraph(CAPTION_X, y + 8, f"{common['source']}: {words_['source']}",
                         WIDTH - CAPTION_X - 30, 13, fill=MUTED)
    out.extend(lines)
    desc = " ".join(words_[key] for key in ("what", "scenes", "found", "now", "date", "source")
                    if key in words_) + " " + note
    return picture(max(height, y + 10), words_["title"], desc, out, width=width,
                   kind=" ".join(("sumer-object", f"sumer-{kind.lower().replace('_', '-')}")))


def stele_of_the_vultures(lang: str = "en", *, width: int | None = None) -> Svg:
    """The Stele of the Vultures, both faces, as a simplified drawing with its caption."""
    out = []
    # The slab's two faces: a tall stone with a rounded top.
    for ox in (30, 370):
        out.append(_path(f"M{ox},{560} L{ox},{140} Q{ox + 150},{60} {ox + 300},{140} "
                         f"L{ox + 300},{560} Z", STONE, STONE_EDGE, 3))
    # The historical face: vultures above a close block of soldiers marching over the fallen,
    # and below, the ruler in his battle car leading more soldiers.
    ox = 30
    for n, (vx, vy) in enumerate(((ox + 80, 140), (ox + 150, 118), (ox + 220, 140))):
        out.append(_path(f"M{vx - 34},{vy} q17,-22 34,-4 q17,-18 34,4 q-17,-4 -34,10 "
                         f"q-17,-14 -34,-10 Z", "#bfae8c"))
        out.append(_circle(vx + (6 if n % 2 else -6), vy + 18, 6, STONE))
    out.append(_line((ox + 10, 172), (ox + 290, 172), STONE_EDGE, 2))
    ground = 300
    for row in range(3):
        for n in range(6):
            hx = ox + 70 + n * 30 + row * 8
            out.append(_circle(hx, 196 + row * 10 - row * 18, 9, STONE))
            out.append(_path(f"M{hx - 9},{196 + row * 10 - row * 18} a9,9 0 0 1 18,0 Z", INK,
                             width=1))
    for n in range(6):
        sx = ox + 62 + n * 30
        out.append(f'<rect x="{sx}" y="210" width="30" height="56" rx="3" fill="{STONE}" '
                   f'stroke="{INK}" stroke-width="{LINE}"/>')
        for k in range(3):
            out.append(_circle(sx + 8 + (k % 2) * 14, 222 + k * 14, 2.5, INK, INK, 1))
        out.append(_line((sx + 6, 206), (sx + 62, 236), INK, 2))
    for n in range(6):
        fx = ox + 70 + n * 30
        out.append(_line((fx, 266), (fx - 6, ground - 2), INK, LINE))
        out.append(_line((fx + 12, 266), (fx + 18, ground - 2), INK, LINE))
    out.extend(_figure(ox + 38, ground - 4, 120, 1, helmet=True, arms="forward"))
    for n in range(3):
        out.extend(_lying(ox + 60 + n * 70, ground + 14, 50))
    out.append(_line((ox + 10, ground + 18), (ox + 290, ground + 18), STONE_EDGE, 2))
    for n in range(3):
        out.extend(_figure(ox + 30 + n * 28, 430, 80, 1, helmet=True, arms="forward"))
        out.append(_line((ox + 24 + n * 28, 398), (ox + 62 + n * 28, 352), INK, 2))
    out.extend(_chariot(ox + 128, 430, 100, STONE))
    out.append(_line((ox + 10, 444), (ox + 290, 444), STONE_EDGE, 2))
    for n in range(4):
        out.append(_line((ox + 30 + n * 60, 470), (ox + 70 + n * 60, 470), STONE_EDGE, 1.5))
    # The mythological face: the god holding the net full of captives, his mace raised, the
    # lion-headed eagle on the net.
    ox = 370
    out.extend(_figure(ox + 90, 470, 300, 1, beard=True, arms="raised"))
    out.append(_poly([(ox + 96, 230), (ox + 130, 290), (ox + 156, 282)], closed=False))
    out.append(_line((ox + 170, 245), (ox + 186, 206), INK, 3))
    out.append(_circle(ox + 188, 200, 9, STONE))
    net_d = (f"M{ox + 150},{260} C{ox + 150},{210} {ox + 290},{210} {ox + 290},{300} "
             f"C{ox + 290},{420} {ox + 170},{430} {ox + 150},{380} Z")
    out.append(_path(net_d, "#e9dfc8"))
    for k in range(1, 6):
        out.append(_line((ox + 150 + k * 24, 230), (ox + 150 + k * 24, 420), STONE_EDGE, 1.2))
        out.append(_line((ox + 152, 240 + k * 30), (ox + 290, 240 + k * 30), STONE_EDGE, 1.2))
    for hx, hy in ((ox + 185, 300), (ox + 225, 285), (ox + 260, 320), (ox + 200, 350),
                   (ox + 245, 370), (ox + 215, 400)):
        out.append(_circle(hx, hy, 10, STONE))
    out.append(_path(f"M{ox + 180},{232} q35,-40 60,-6 q25,-34 60,6 q-30,-8 -60,16 "
                     f"q-30,-24 -60,-16 Z", "#bfae8c"))
    out.append(_circle(ox + 240, 212, 9, "#bfae8c"))
    out.append(_line((ox + 10, 490), (ox + 290, 490), STONE_EDGE, 2))
    words_ = said(TABLES["stele"], lang)
    labels = [label(180, 590, words_["side_history"], 15, weight="700", anchor="middle"),
              label(520, 590, words_["side_myth"], 15, weight="700", anchor="middle")]
    return _sheet("stele", lang, out, 610, width=width, labels=labels)


def standard_of_ur(lang: str = "en", *, width: int | None = None) -> Svg:
    """The Standard of Ur, its "War" side above its "Peace" side, with its caption."""
    out = []
    x0, w, reg = 110, 560, 78
    for top in (70, 340):
        out.append(f'<rect x="{x0}" y="{top}" width="{w}" height="{3 * reg}" fill="{LAPIS}" '
                   f'stroke="{INK}" stroke-width="3"/>')
        for k in range(1, 3):
            out.append(f'<rect x="{x0}" y="{top + k * reg - 4}" width="{w}" height="8" '
                       f'fill="{RED_STONE}" stroke="{INK}" stroke-width="1"/>')
    # War: chariots over the fallen at the bottom; soldiers and prisoners in the middle; the
    # king, taller than all, in the middle of the top row, prisoners led before him.
    war = 70
    bottom = war + 3 * reg - 6
    for n in range(4):
        out.extend(_chariot(x0 + 10 + n * 135, bottom, 66))
    for n in range(4):
        out.extend(_lying(x0 + 80 + n * 135, bottom + 2, 30))
    middle = war + 2 * reg - 8
    for n in range(5):
        out.extend(_figure(x0 + 24 + n * 34, middle, 56, 1, helmet=True, cloak=True,
                           arms="forward", fill=SHELL))
        out.append(_line((x0 + 30 + n * 34, middle - 30), (x0 + 52 + n * 34, middle - 44),
                         INK, 2))
    for n in range(4):
        out.extend(_figure(x0 + 330 + n * 50, middle, 56, -1 if n % 2 else 1, fill=SHELL,
                           arms="down"))
    top = war + reg - 8
    out.extend(_figure(x0 + 250, top + 4, 86, 1, arms="forward", fill=SHELL))
    for n in range(3):
        out.extend(_figure(x0 + 60 + n * 40, top, 58, 1, fill=SHELL))
    for n in range(4):
        out.extend(_figure(x0 + 330 + n * 50, top, 58, -1, fill=SHELL, arms="clasped"))
    # Peace: goods carried and led at the bottom; animals and fish in the middle; the banquet
    # at the top, with the lyre player.
    peace = 340
    bottom = peace + 3 * reg - 6
    for n in range(6):
        out.extend(_figure(x0 + 30 + n * 90, bottom, 56, 1, fill=SHELL, arms="raised"))
        out.append(_ellipse(x0 + 44 + n * 90, bottom - 58, 12, 8, SHELL))
    middle = peace + 2 * reg - 8
    for n, kind in enumerate(("bull", "sheep", "bull", "sheep")):
        out.extend(_figure(x0 + 30 + n * 135, middle, 56, 1, fill=SHELL, arms="forward"))
        out.extend(_animal(x0 + 58 + n * 135, middle, 62, kind, 1))
    top = peace + reg - 8
    out.extend(_seated(x0 + 40, top, 72, 1))
    for n in range(4):
        out.extend(_seated(x0 + 140 + n * 70, top, 60, -1))
    out.extend(_lyre(x0 + 450, top, 60))
    out.extend(_figure(x0 + 520, top, 58, -1, fill=SHELL, arms="clasped"))
    words_ = said(TABLES["standard"], lang)
    labels = [label(x0 - 12, 70 + 1.5 * reg + 5, words_["side_war"], 16, weight="700",
                    anchor="end"),
              label(x0 - 12, 340 + 1.5 * reg + 5, words_["side_peace"], 16, weight="700",
                    anchor="end")]
    return _sheet("standard", lang, out, 600, width=width, labels=labels)


def worshipper_statues(lang: str = "en", *, width: int | None = None) -> Svg:
    """Four statues of the kind found at Tell Asmar, with their caption."""
    out = []
    ground = 540
    for x, h, beard, robe in ((120, 420, True, False), (290, 330, True, False),
                              (440, 300, False, True), (580, 250, False, False)):
        out.append(f'<rect x="{x - 55}" y="{ground}" width="110" height="22" fill="{STONE}" '
                   f'stroke="{STONE_EDGE}" stroke-width="2"/>')
        r = h * 0.11
        head_y = ground - h + r
        waist = ground - h * 0.42
        out.append(_poly([(x - h * 0.2, ground), (x - h * 0.17, waist), (x + h * 0.17, waist),
                          (x + h * 0.2, ground)], STONE))
        for k in range(1, 8):
            fx = x - h * 0.2 + k * h * 0.05
            out.append(_line((fx, ground - h * 0.05), (fx, ground - 2), STONE_EDGE, 1.4))
        out.append(_path(f"M{x - h * 0.17:.1f},{ground - h * 0.42:.1f} "
                         f"L{x - h * 0.2:.1f},{head_y + r * 1.6:.1f} "
                         f"Q{x:.1f},{head_y + r * 1.2:.1f} "
                         f"{x + h * 0.2:.1f},{head_y + r * 1.6:.1f} "
                         f"L{x + h * 0.17:.1f},{ground - h * 0.42:.1f} Z", STONE))
        if robe:
            out.append(_line((x - h * 0.2, head_y + r * 1.7), (x + h * 0.17, ground - h * 0.44),
                             STONE_EDGE, 2))
        # Hands clasped at the chest, holding a cup.
        out.append(_ellipse(x, ground - h * 0.52, h * 0.07, h * 0.045, STONE))
        out.append(_poly([(x - h * 0.19, head_y + r * 1.8), (x - h * 0.08, ground - h * 0.5)],
                         closed=False))
        out.append(_poly([(x + h * 0.19, head_y + r * 1.8), (x + h * 0.08, ground - h * 0.5)],
                         closed=False))
        out.append(f'<rect x="{x - r * 0.45:.1f}" y="{head_y + r * 0.6:.1f}" '
                   f'width="{r * 0.9:.1f}" height="{r * 1.2:.1f}" fill="{STONE}" stroke="{INK}" '
                   f'stroke-width="{LINE}"/>')
        out.append(_circle(x, head_y, r, STONE))
        if beard:
            out.append(_path(f"M{x - r * 0.9:.1f},{head_y + r * 0.3:.1f} L{x - r * 0.8:.1f},"
                             f"{head_y + r * 2.3:.1f} L{x + r * 0.8:.1f},{head_y + r * 2.3:.1f} "
                             f"L{x + r * 0.9:.1f},{head_y + r * 0.3:.1f} Z", "#3a3026"))
            for k in range(1, 4):
                out.append(_line((x - r * 0.85, head_y + r * (0.3 + 0.5 * k)),
                                 (x + r * 0.85, head_y + r * (0.3 + 0.5 * k)), STONE, 1.2))
            out.append(_path(f"M{x - r:.1f},{head_y:.1f} A{r:.1f},{r:.1f} 0 0 1 {x + r:.1f},"
                             f"{head_y:.1f} L{x + r * 1.15:.1f},{head_y + r * 1.2:.1f} "
                             f"L{x + r * 0.9:.1f},{head_y + r * 0.2:.1f} L{x - r * 0.9:.1f},"
                             f"{head_y + r * 0.2:.1f} L{x - r * 1.15:.1f},{head_y + r * 1.2:.1f} Z",
                             "#3a3026"))
        else:
            out.append(_path(f"M{x - r:.1f},{head_y:.1f} A{r:.1f},{r:.1f} 0 0 1 {x + r:.1f},"
                             f"{head_y:.1f} Z", "#3a3026"))
        for ex in (x - r * 0.42, x + r * 0.42):
            out.append(_ellipse(ex, head_y + r * 0.05, r * 0.32, r * 0.26, "#ffffff"))
            out.append(_circle(ex, head_y + r * 0.05, r * 0.15, INK, INK, 1))
    return _sheet("statues", lang, out, 590, width=width)


def clay_tablet(lang: str = "en", *, width: int | None = None) -> Svg:
    """A clay tablet drawn by the project: the numbers 1, 2, 3 and 10, 20, 30 and the sign
    for "god", each named beside its line."""
    words_ = said(TABLES["tablet"], lang)
    out = [f'<rect x="40" y="80" width="320" height="420" rx="44" fill="{CLAY}" '
           f'stroke="{CLAY_DARK}" stroke-width="3"/>']
    rows = (150, 270, 400)
    for y in (210, 335):
        out.append(_line((60, y), (340, y), CLAY_DARK, 1.5))
    for n in range(3):
        for k in range(n + 1):
            out.append(_wedge(90 + n * 90 + k * 22, rows[0] - 26, 30))
            out.append(_corner_wedge(100 + n * 90 + k * 22, rows[1], 28))
    # Dingir: four wedges crossing at one point, their heads round it.
    cx, cy, size, tail = 200, rows[2], 26, 2.8
    for turn in (0, 90, 45, 135):
        head = _turned([(cx, cy - size * tail / 2)], (cx, cy), turn)[0]
        out.append(_wedge(*head, size, turn, tail=tail))
    names = [label(385, rows[0] + 6, words_["row_units"], 15),
             label(385, rows[1] + 6, words_["row_tens"], 15),
             label(385, rows[2] + 6, words_["row_god"], 15)]
    return _sheet("tablet", lang, out, 540, width=width, labels=names)


def enmetena_cone(lang: str = "en", *, width: int | None = None) -> Svg:
    """The cone of Enmetena: a clay cone written in columns all round, with its caption."""
    out = [_path("M190,110 C190,60 430,60 430,110 L430,150 C430,330 350,470 318,540 "
                 "Q310,556 302,540 C270,470 190,330 190,150 Z", CLAY, CLAY_DARK, 3),
           _path("M190,150 Q310,185 430,150", stroke=CLAY_DARK, width=2)]
    for n, x in enumerate((232, 276, 320, 364, 404)):
        depth = 470 - abs(n - 2) * 70
        out.append(_line((x, 162 + abs(n - 2) * 6), (x + (310 - x) * 0.55, depth), CLAY_DARK, 1.4))
    for row in range(12):
        y = 190 + row * 26
        half = (430 - 190) / 2 * max(0.12, 1 - ((y - 150) / 400) ** 1.6)
        for k in range(int(half // 14)):
            for side in (-1, 1):
                wx = 310 + side * (8 + k * 14)
                out.append(_wedge(wx, y, 9))
    return _sheet("cone", lang, out, 580, width=width)


# The Royal Game of Ur's objects, and the King List --------------------------------------------

#: The squares of the board (row 0 top, column 0 left) that carry a rosette: the corner of each
#: outer row's block of four, the square of each block of two beside the gap, and the fourth
#: square of the middle row — the board the engine plays (engine/royal_ur/board.py).
UR_ROSETTES = {(0, 0), (2, 0), (1, 3), (0, 6), (2, 6)}
UR_GAP = {(0, 4), (0, 5), (2, 4), (2, 5)}


def _rosette(x: float, y: float, r: float) -> list[str]:
    """A flower of eight petals, red and blue by turns, round a shell centre."""
    out = []
    for k in range(8):
        turn = k * 45
        px = x + r * 0.55 * math.cos(math.radians(turn))
        py = y + r * 0.55 * math.sin(math.radians(turn))
        out.append(_ellipse(px, py, r * 0.42, r * 0.18, RED_STONE if k % 2 else LAPIS,
                            INK, 1, turn))
    out.append(_circle(x, y, r * 0.2, SHELL, INK, 1.2))
    return out


def _eyes(x: float, y: float, size: float) -> list[str]:
    """Five "eyes" of shell with dark centres, as four corners and a centre."""
    out = []
    for dx, dy in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)):
        cx, cy = x + dx * size * 0.25, y + dy * size * 0.25
        out.append(_circle(cx, cy, size * 0.1, SHELL, INK, 1))
        out.append(_circle(cx, cy, size * 0.045, LAPIS if dx else RED_STONE, INK, 0.6))
    return out


def _dots(x: float, y: float, size: float) -> list[str]:
    """A square of small dots in a lattice."""
    return [_circle(x + i * size * 0.18, y + j * size * 0.18, size * 0.04, INK, INK, 0.5)
            for i in (-2, -1, 0, 1, 2) for j in (-2, -1, 0, 1, 2) if (i + j) % 2 == 0]


def royal_game_board(lang: str = "en", *, width: int | None = None) -> Svg:
    """The Royal Game of Ur's board in the British Museum (120834), with its inlay, as a
    simplified drawing with its caption."""
    out = []
    size, x0, y0 = 74, 46, 150
    # The edges: a mosaic border of little tesserae round each block and the bridge.
    for left, right, top, rows in ((0, 4, 0, 3), (4, 6, 1, 1), (6, 8, 0, 3)):
        bx, by = x0 + left * size - 10, y0 + top * size - 10
        bw, bh = (right - left) * size + 20, rows * size + 20
        out.append(f'<rect x="{bx}" y="{by}" width="{bw}" height="{bh}" fill="{LAPIS}" '
                   f'stroke="{INK}" stroke-width="2"/>')
        for k in range(int(bw // 10)):
            for edge in (by + 2, by + bh - 8):
                out.append(f'<rect x="{bx + 2 + k * 10}" y="{edge}" width="6" height="6" '
                           f'fill="{(SHELL, RED_STONE, LAPIS)[k % 3]}" stroke="none"/>')
    for row in range(3):
        for col in range(8):
            if (row, col) in UR_GAP:
                continue
            x, y = x0 + col * size, y0 + row * size
            out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{size - 6}" height="{size - 6}" '
                       f'fill="{SHELL}" stroke="{INK}" stroke-width="1.5"/>')
            centre = (x + size / 2, y + size / 2)
            if (row, col) in UR_ROSETTES:
                out.extend(_rosette(*centre, size * 0.42))
            elif (row + col) % 2:
                out.extend(_eyes(*centre, size))
            else:
                out.extend(_dots(*centre, size))
    words_ = said(TABLES["ur_board"], lang)
    # The central rosette is named from the gap below the bridge, where nothing is inlaid.
    rosette = (x0 + 3.5 * size, y0 + 1.5 * size)
    labels = [_line((x0 + 4 * size + 10, y0 + 2.45 * size),
                    (rosette[0] + size * 0.3, rosette[1] + size * 0.3), MUTED, 1.5),
              label(x0 + 4 * size + 14, y0 + 2.6 * size, words_["rosette"], 15),
              label(x0 + 2 * size, y0 - 26, words_["block_of_four"], 15, anchor="middle"),
              label(x0 + 7 * size, y0 - 26, words_["block_of_two"], 15, anchor="middle"),
              label(x0 + 5 * size, y0 + size - 22, words_["bridge"], 15, anchor="middle")]
    return _sheet("ur_board", lang, out, 560, width=width, labels=labels)


def tetrahedral_die(lang: str = "en", *, width: int | None = None) -> Svg:
    """A die of the Royal Game of Ur — a small pyramid with two of its four tips marked — and
    four of them thrown, with its caption."""
    words_ = said(TABLES["ur_die"], lang)

    def die(x: float, y: float, s: float, marked_up: bool, turn: float = 0) -> list[str]:
        """A tetrahedron standing on its base, seen a little from above: its apex up; the
        apex and one corner of the base marked when `marked_up`, else two base corners."""
        apex = (x, y - s)
        base = _turned([(x - s * 0.72, y + s * 0.12), (x + s * 0.78, y + s * 0.04),
                        (x + s * 0.08, y + s * 0.5)], (x, y), turn)
        parts = [_poly([apex, base[0], base[2]], SHELL, INK, 2),
                 _poly([apex, base[2], base[1]], "#e6dcc6", INK, 2)]
        marks = [apex, base[2]] if marked_up else [base[0], base[1]]
        parts += [_circle(px, py, s * 0.09, LAPIS, INK, 1) for px, py in marks]
        return parts

    out = die(200, 250, 150, True)
    tip = (200, 100)
    out += [_line((tip[0] + 14, tip[1] - 4), (300, 80), MUTED, 1.5),
            label(306, 84, words_["marked"], 15),
            _line((200 - 150 * 0.72 - 6, 250 + 150 * 0.12 + 6), (70, 330), MUTED, 1.5),
            label(30, 350, words_["blank"], 15)]
    # Four dice thrown: three with a marked tip up — a throw of 3 (not the commonest throw,
    # which the notebook asks about just below the picture).
    for n, (up, turn) in enumerate(((True, 0), (False, 20), (True, -15), (True, 8))):
        out += die(120 + n * 140, 500, 46, up, turn)
    out.append(label(330, 575, words_["thrown"], 15, anchor="middle"))
    return _sheet("ur_die", lang, out, 600, width=width)


def rules_tablet(lang: str = "en", *, width: int | None = None) -> Svg:
    """The grid side of the tablet with the rules (BM 33333B), as a schematic drawing with its
    caption."""
    out = [f'<rect x="60" y="90" width="520" height="440" rx="36" fill="{CLAY}" '
           f'stroke="{CLAY_DARK}" stroke-width="3"/>']
    cols, rows, cell = 4, 3, 112
    gx, gy = 60 + (520 - cols * cell) / 2, 90 + (440 - rows * cell) / 2
    for row in range(rows):
        for col in range(cols):
            x, y = gx + col * cell, gy + row * cell
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell}" height="{cell}" '
                       f'fill="none" stroke="{CLAY_DARK}" stroke-width="2"/>')
            cx, cy = x + cell / 2, y + cell / 2
            out.append(_poly([(cx, y + 10), (x + cell - 10, cy), (cx, y + cell - 10),
                              (x + 10, cy)], stroke=CLAY_DARK, width=1.6))
            for k in range(3):
                out.append(_wedge(cx - 14 + k * 14, cy - 14 + (k % 2) * 8, 12))
    words_ = said(TABLES["ur_tablet"], lang)
    labels = [label(320, 560, words_["side"], 15, anchor="middle")]
    return _sheet("ur_tablet", lang, out, 590, width=width, labels=labels)


def king_list_prism(lang: str = "en", *, width: int | None = None) -> Svg:
    """The Weld-Blundell prism of the Sumerian King List (Ashmolean AN1923.444), as a simplified
    drawing with its caption."""
    # Two of the four faces seen at a corner, each with two columns of writing; the hole
    # through its length at the top.
    left = [(150, 120), (320, 150), (320, 540), (150, 510)]
    right = [(320, 150), (460, 115), (460, 505), (320, 540)]
    top = [(150, 120), (290, 88), (460, 115), (320, 150)]
    out = [_poly(left, CLAY, CLAY_DARK, 3), _poly(right, "#c29a6e", CLAY_DARK, 3),
           _poly(top, "#dcb88d", CLAY_DARK, 3), _ellipse(305, 119, 16, 8, CLAY_DARK)]
    # Each face's writing, between its left and right edges (x) and their tops (y).
    for x_a, x_b, y_a, y_b in ((160, 310, 130, 160), (330, 450, 160, 125)):
        middle = (x_a + x_b) / 2
        out.append(_line((middle, (y_a + y_b) / 2 + 12), (middle, (y_a + y_b) / 2 + 372),
                         CLAY_DARK, 1.4))
        for line in range(15):
            for col in range(2):
                xs = x_a + 10 + col * (x_b - x_a) / 2
                for k in range(3):
                    wx = xs + k * (x_b - x_a) / 8
                    slope = (y_b - y_a) / (x_b - x_a)
                    wy = y_a + 26 + line * 24 + (wx - x_a) * slope
                    out.append(_wedge(wx, wy, 8))
    return _sheet("king_list", lang, out, 590, width=width)
