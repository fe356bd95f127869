"""The pictures of a game's review (`engine.coach`): each player's chance of winning along the
game (`chances_picture`) and each player's result split into start, luck, its own choices and
the others' (`luck_picture`).

Both are small SVGs (`sumer_widgets.svg` helpers) for the side column of a board, with words
the board's language gives them; each player's line or bar has its colour *and* its own dash
pattern and name, so colour is never the only cue. A picture is ``role="img"`` with a short
label; the board writes the same figures as text beside it (the review panel), which is what a
screen reader reads. Text is drawn at 12 px or more (`svg.LEGIBLE_PX`).

Limits: a game of several hundred moves is drawn as it is (a polyline of one point a
position); at most four players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sumer_widgets.svg import PLAYER_COLORS, Svg, attrs, points_attr, text

WIDTH = 360
#: A dash pattern per player (solid, dashed, dotted, dash-dot), beside its colour.
DASHES = (None, "7 4", "2 3", "8 3 2 3")
FONT = 'font-family="sans-serif" font-size="12"'


def chances_picture(chances: Sequence[Sequence[float]], names: Sequence[str], *,
                    label: str, marks: Sequence[tuple[int, str]] = (),
                    marked: int = 0) -> Svg:
    """Every player's chance along the game: x the position (0 = the start), y the chance
    from 0 to 100 %. `marks`: ``(ply, text)`` of the key moments, drawn on player `marked`'s
    line with their text (a number). `label`: the picture's accessible name."""
    left, right, top, plot_h = 34, 10, 8, 120
    legend_y = top + plot_h + 30
    rows = (len(names) + 1) // 2
    height = legend_y + 18 * rows
    width_plot = WIDTH - left - right
    last = max(len(chances) - 1, 1)

    def x(ply: float) -> float:
        return left + width_plot * ply / last

    def y(chance: float) -> float:
        return top + plot_h * (1 - chance)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="sumer-coach-chances" '
             f'viewBox="0 0 {WIDTH} {height}" role="img" {attrs(aria_label=label)}>',
             f"<title>{_escape(label)}</title>", f"<g {FONT}>"]
    for level in (0, 0.5, 1):
        parts.append(_tag("line", x1=left, x2=WIDTH - right, y1=y(level), y2=y(level),
                          stroke="#bbb", stroke_width=1))
        parts.append(text(left - 4, y(level) + 4, f"{round(level * 100)}", text_anchor="end",
                          fill="#333"))
    parts.append(text(left, top + plot_h + 16, "0", fill="#333"))
    parts.append(text(WIDTH - right, top + plot_h + 16, str(len(chances) - 1),
                      text_anchor="end", fill="#333"))
    for player, name in enumerate(names):
        line = [(x(ply), y(row[player])) for ply, row in enumerate(chances)]
        if len(line) == 1:
            line.append((x(1), line[0][1]))
        parts.append(_tag("polyline", points=points_attr(line), fill="none",
                          stroke=PLAYER_COLORS[player], stroke_width=2.5,
                          stroke_dasharray=DASHES[player], stroke_linejoin="round"))
        lx = left + (player % 2) * (width_plot / 2)
        ly = legend_y + 18 * (player // 2)
        parts.append(_tag("line", x1=lx, x2=lx + 26, y1=ly - 4, y2=ly - 4,
                          stroke=PLAYER_COLORS[player], stroke_width=2.5,
                          stroke_dasharray=DASHES[player]))
        parts.append(text(lx + 32, ly, name, fill="#222"))
    for ply, mark in marks:
        if 0 <= ply < len(chances):
            cx, cy = x(ply), y(chances[ply][marked])
            parts.append(_tag("circle", cx=cx, cy=cy, r=9, fill="#fff", stroke="#222",
                              stroke_width=1.5))
            parts.append(text(cx, cy + 4, mark, text_anchor="middle", fill="#222",
                              font_weight="bold"))
    parts.append("</g></svg>")
    return Svg("".join(parts))


#: The parts of a result, in the order they are added (`engine.coach.luck`).
PARTS = ("luck", "skill", "others", "unexplained")
PART_COLORS = {"start": "#999999", "luck": "#0072B2", "skill": "#D55E00",
               "others": "#CC79A7", "unexplained": "#BBBBBB"}


def luck_picture(split: Mapping[int, Mapping[str, float]], names: Sequence[str], *,
                 label: str, part_names: Mapping[str, str]) -> Svg:
    """Each player's result as a walk from 0: its chance at the start, then what luck, its
    own choices, the others' choices (and what the coach could not explain, when it is not
    nothing) added, ending at its result — one row of bars a player, each bar named.
    `part_names`: the words for "start" and each of `PARTS`."""
    left, right = 10, 10
    row_h = 58
    height = 10 + row_h * len(names)
    walks = []
    for player in range(len(names)):
        values = split[player]
        steps = [("start", 0.0, values["start"])]
        at = values["start"]
        for part in PARTS:
            amount = values[part]
            if part == "unexplained" and abs(amount) < 0.005:
                continue
            steps.append((part, at, at + amount))
            at += amount
        walks.append((steps, values["result"]))
    low = min(0.0, *(min(a, b) for steps, _ in walks for _, a, b in steps))
    high = max(1.0, *(max(a, b) for steps, _ in walks for _, a, b in steps))
    span = WIDTH - left - right

    def x(value: float) -> float:
        return left + span * (value - low) / (high - low)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="sumer-coach-luck" '
             f'viewBox="0 0 {WIDTH} {height}" role="img" {attrs(aria_label=label)}>',
             f"<title>{_escape(label)}</title>", f"<g {FONT}>"]
    for row, (name, (steps, result)) in enumerate(zip(names, walks, strict=True)):
        top = 8 + row * row_h
        parts.append(text(left, top + 12, f"{name}: {round(100 * steps[0][2])} % → "
                                          f"{round(100 * result)} %", fill="#222",
                          font_weight="bold"))
        bar_h = 10
        for part, start, end in steps:
            a, b = sorted((x(start), x(end)))
            parts.append(_tag("rect", x=a, y=top + 18, width=max(b - a, 1.5), height=bar_h,
                              fill=PART_COLORS[part]))
        parts.append(_tag("line", x1=x(result), x2=x(result), y1=top + 15,
                          y2=top + 18 + bar_h + 3, stroke="#222", stroke_width=2))
        said = " · ".join(f"{part_names[part]} {_signed(end - start)}"
                          for part, start, end in steps[1:])
        parts.append(text(left, top + 18 + bar_h + 16, said, fill="#222"))
    parts.append("</g></svg>")
    return Svg("".join(parts))


def _tag(name: str, **values: object) -> str:
    """An empty SVG element; numbers to one decimal."""
    rounded = {key: f"{value:.1f}" if isinstance(value, float) else value
               for key, value in values.items()}
    return f"<{name} {attrs(**rounded)}/>"


def _signed(amount: float) -> str:
    points = round(100 * amount)
    return f"+{points}" if points > 0 else ("0" if points == 0 else f"−{-points}")


def _escape(words: str) -> str:
    from html import escape

    return escape(words)
