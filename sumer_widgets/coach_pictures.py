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

#: Narrow, so that a side column of about 220 px (JupyterLab at 1280 px with its file browser
#: open) shows the words at their own size, never smaller.
WIDTH = 220
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
    bar_h, step_h = 7, 9
    row_h = 20 + step_h * (len(PARTS) + 1) + 6
    shown_parts = ["start", *(part for part in PARTS if part != "unexplained" or any(
        abs(split[p]["unexplained"]) >= 0.005 for p in range(len(names))))]
    key_top = 8 + row_h * len(names)
    height = key_top + 20 * ((len(shown_parts) + 1) // 2) + 4
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
        # 0 and 100 %, faint, so that a bar past them reads as such.
        for edge in (0.0, 1.0):
            parts.append(_tag("line", x1=x(edge), x2=x(edge), y1=top + 16,
                              y2=top + 18 + len(steps) * step_h, stroke="#ccc",
                              stroke_width=1))
        # A waterfall: each part a bar of its own, from where the last one ended.
        for n, (part, start, end) in enumerate(steps):
            a, b = sorted((x(start), x(end)))
            parts.append(_tag("rect", x=a, y=top + 18 + n * step_h, width=max(b - a, 1.5),
                              height=bar_h, fill=PART_COLORS[part]))
        parts.append(_tag("line", x1=x(result), x2=x(result), y1=top + 16,
                          y2=top + 18 + len(steps) * step_h, stroke="#222", stroke_width=2))
    # The key: each part's colour and name (the figures are in the words beside the picture).
    for n, part in enumerate(shown_parts):
        kx = left + (n % 2) * (WIDTH - left - right) / 2
        ky = key_top + 20 * (n // 2)
        parts.append(_tag("rect", x=kx, y=ky, width=14, height=10, fill=PART_COLORS[part]))
        parts.append(text(kx + 20, ky + 10, part_names[part], fill="#222"))
    parts.append("</g></svg>")
    return Svg("".join(parts))


def _tag(name: str, **values: object) -> str:
    """An empty SVG element; numbers to one decimal."""
    rounded = {key: f"{value:.1f}" if isinstance(value, float) else value
               for key, value in values.items()}
    return f"<{name} {attrs(**rounded)}/>"



def _escape(words: str) -> str:
    from html import escape

    return escape(words)
