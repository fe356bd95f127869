"""The timeline of Sumer: its periods with their dates, each game's setting on them, and the
objects and texts the notebooks show.

Two bands, each drawn to its own even scale: the long view (``periods.json``'s ``overview``,
6500–1500 BC), where the long Ubaid and Uruk periods fit, and a closer view of the historic
periods (``detail``, 3300–1550 BC), where a century is wide enough to read; a frame on the long
view shows which part the closer one enlarges. A game's setting is drawn in the closer band when
it falls there, else in the long one. The dates are the conventional "middle chronology",
rounded and approximate (``periods.json`` names its sources); the picture says so.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from sumer_widgets.history.drawing import (
    FAINT,
    INK,
    MUTED,
    WIDTH,
    label,
    language,
    outline,
    paragraph,
    picture,
    rect,
    said,
    years,
)
from sumer_widgets.history.setting import Setting, setting, settings
from sumer_widgets.palette import SELECTED
from sumer_widgets.svg import Svg, attrs
from sumer_widgets.words import words

TABLES = words(__file__)
WORDS, PERIODS, PERIOD_NAMES, FINDS = (TABLES[name] for name in
                                       ("WORDS", "PERIODS", "PERIOD_NAMES", "FINDS"))
LEFT, RIGHT = 40, WIDTH - 40
#: A game's bar: filled where the game states its date, outlined where we read it.
STATED, READ = "#0072B2", "#d6e6f2"
TINTS = ("#e8d5ac", "#d6bd8c")
PART_TINT = "#f1e5c7"
EDGE = "#9c8658"
BAR, ROW = 22, 30


@functools.cache
def _data() -> dict[str, Any]:
    return json.loads((Path(__file__).parent / "periods.json").read_text(encoding="utf-8"))


class _Scale:
    """Years to x for one band."""

    def __init__(self, band: dict[str, int]):
        self.start, self.end, self.step = band["from"], band["to"], band["step"]

    def x(self, year: float) -> float:
        year = min(max(year, self.start), self.end)
        return LEFT + (year - self.start) / (self.end - self.start) * (RIGHT - LEFT)

    def holds(self, start: int, end: int) -> bool:
        return start >= self.start and end <= self.end


def timeline(highlight: str | None = None, lang: str = "en", *, width: int | None = None) -> Svg:
    """The periods of Sumer with each game's setting marked.

    Args:
        highlight: a game's name (``engine.core.RULESETS``): its setting is drawn strongly, a
            band shows its span over the periods, and its note is written below.
        lang: ``"en"`` or ``"nl"``.
        width: the width to show the picture at (default: as wide as its container).

    Raises:
        InvalidInput: an unknown language, an unknown game, or a game with no setting.
    """
    language(lang)
    marked = setting(highlight, lang) if highlight is not None else None
    data = _data()
    words_ = said(WORDS, lang)
    names = said(PERIODS, lang)
    wide, close = _Scale(data["overview"]), _Scale(data["detail"])
    games = list(settings().values())
    early = [game for game in games if not close.holds(game.start, game.end)
             and game.start < close.start]
    late = [game for game in games if game not in early]

    out: list[str] = [label(LEFT, 34, words_["title"], 21, weight="700")]
    # The long view.
    y = 62
    out.append(label(LEFT, y, words_["overview"], 15, weight="700", fill=MUTED))
    top = y + 10
    out.extend(_periods(data, wide, top, names, lang, parts=False))
    axis = top + 40
    out.extend(_axis(wide, axis, lang))
    rows = axis + 34
    for n, game in enumerate(early):
        out.extend(_setting_bar(game, wide, rows + n * ROW, marked, lang))
    long_bottom = rows + len(early) * ROW
    if marked is not None and marked in early:
        out.insert(1, _band(wide, marked, top - 4, long_bottom))
    # Which part the closer view enlarges: a frame, and lines down to the closer band.
    x0, x1 = wide.x(close.start), wide.x(close.end)
    out.append(f'<rect {attrs(x=x0, y=top - 4, width=x1 - x0, height=44)} fill="none" '
               f'stroke="{MUTED}" stroke-width="1.5" stroke-dasharray="5 4"/>')
    y = long_bottom + 40
    for x, edge in ((x0, LEFT), (x1, RIGHT)):
        out.append(outline([(x, top + 40), (x, long_bottom), (edge, y - 22)], closed=False,
                           stroke=MUTED, stroke_width=1.2, stroke_dasharray="5 4", fill="none"))
    out.append(label(LEFT, y, words_["detail"], 15, weight="700", fill=MUTED))
    top = y + 10
    band_at = len(out)
    out.extend(_periods(data, close, top, names, lang, parts=True))
    axis = top + 66
    out.extend(_axis(close, axis, lang))
    y = axis + 44
    out.append(label(LEFT, y, words_["games"], 15, weight="700", fill=MUTED))
    y += 12
    for game in early:
        out.append(label(LEFT, y + 16, words_["before_scale"].format(
            game=game.named(lang), span=years(game.start, game.end, lang)), 14,
            fill=INK if marked in (None, game) else FAINT,
            weight="700" if marked == game else None))
        y += ROW
    for game in late:
        out.extend(_setting_bar(game, close, y, marked, lang))
        y += ROW
    if marked is not None and marked in late:
        out.insert(band_at, _band(close, marked, top - 4, y))
    y += 26
    out.append(label(LEFT, y, words_["finds"], 15, weight="700", fill=MUTED))
    y += 8
    finds = data["finds"]
    for find in finds:
        out.extend(_find(find, close, y + find["row"] * 26, lang))
    y += (1 + max(find["row"] for find in finds)) * 26 + 24
    # The key and the notes.
    out.extend(_key(y, lang))
    y += 34
    notes = [words_["gap"].format(span=years(data["gap"]["from"], data["gap"]["to"], lang)),
             words_["chronology"], words_["sources"]]
    if marked is not None:
        notes.insert(0, words_["highlight"].format(game=marked.named(lang), note=marked.say(lang)))
    for n, note in enumerate(notes):
        lines, y = paragraph(LEFT, y, note, RIGHT - LEFT, 14,
                             weight="700" if marked is not None and n == 0 else None)
        out.extend(lines)
        y += 4
    return picture(y + 6, words_["title"], _desc(data, games, marked, lang), out, width=width,
                   kind="sumer-timeline")


def _periods(data: dict[str, Any], scale: _Scale, top: float, names: dict[str, str], lang: str,
             *, parts: bool) -> list[str]:
    out = []
    for n, period in enumerate(data["periods"]):
        if period["to"] <= scale.start or period["from"] >= scale.end:
            continue
        x0, x1 = scale.x(period["from"]), scale.x(period["to"])
        out.append(f'<g data-period="{period["id"]}">'
                   f'<rect {attrs(x=f"{x0:.1f}", y=top, width=f"{x1 - x0:.1f}", height=36)} '
                   f'fill="{TINTS[n % 2]}" stroke="{EDGE}" stroke-width="1"/>')
        name = names[period["id"]]
        if _fits(name, x1 - x0, 15):
            out.append(label((x0 + x1) / 2, top + 16, name, 15, weight="700",
                             anchor="middle"))
            # The dates as the reader knows them, else the bare years where room is short.
            span = next((span for span in (years(period["from"], period["to"], lang),
                                           f"{-period['from']}–{-period['to']}")
                         if _fits(span, x1 - x0 - 6, 12)), None)
            if span is not None:
                out.append(label((x0 + x1) / 2, top + 31, span, 12, anchor="middle",
                                 fill=MUTED))
        out.append("</g>")
        for part in period.get("parts", []) if parts else []:
            p0, p1 = scale.x(part["from"]), scale.x(part["to"])
            words_ = f"{names[part['id']]} · {years(part['from'], part['to'], lang)}"
            if not _fits(words_, p1 - p0 - 8, 13):
                words_ = names[part["id"]]
            out.append(f'<g data-period="{part["id"]}">'
                       + rect(p0, top + 36, p1 - p0, 24, fill=PART_TINT, stroke=EDGE,
                              stroke_width=1)
                       + label((p0 + p1) / 2, top + 53, words_, 13, anchor="middle")
                       + "</g>")
    return out


def _axis(scale: _Scale, y: float, lang: str) -> list[str]:
    out = [f'<line {attrs(x1=LEFT, y1=y, x2=RIGHT, y2=y)} stroke="{INK}" stroke-width="1.5"/>']
    for year in range(scale.start, scale.end + 1, scale.step):
        x = scale.x(year)
        out.append(f'<line {attrs(x1=f"{x:.1f}", y1=y, x2=f"{x:.1f}", y2=y + 6)} '
                   f'stroke="{INK}" stroke-width="1.2"/>')
        out.append(label(x, y + 21, str(-year), 13, anchor="middle", fill=MUTED))
    return out


def _setting_bar(game: Setting, scale: _Scale, y: float, marked: Setting | None,
                 lang: str) -> list[str]:
    x0, x1 = scale.x(game.start), scale.x(game.end)
    strong = marked is not None and marked.game == game.game
    faded = marked is not None and not strong
    shape = (f'fill="{STATED}"' if game.stated
             else f'fill="{READ}" stroke="{STATED}" stroke-width="2" stroke-dasharray="2 3"')
    out = [f'<g data-game="{game.game}" data-stated="{str(game.stated).lower()}"'
           + (' opacity=".4"' if faded else "") + ">",
           f'<rect {attrs(x=f"{x0:.1f}", y=y, width=f"{max(x1 - x0, 4):.1f}", height=BAR, rx=4)} '
           f'{shape}/>']
    if strong:
        out.append(rect(x0 - 3, y - 3, max(x1 - x0, 4) + 6, BAR + 6, rx=6, fill="none",
                        stroke=SELECTED, stroke_width=3))
    words_ = f"{game.named(lang)} — {years(game.start, game.end, lang)}"
    inside = _fits(words_, x1 - x0 - 12, 14)
    colour = "#ffffff" if game.stated and inside else INK
    out.append(label(x0 + 8 if inside else x1 + 10, y + 16, words_, 14,
                     weight="700" if strong or marked is None else None, fill=colour))
    out.append("</g>")
    return out


def _band(scale: _Scale, game: Setting, top: float, bottom: float) -> str:
    x0, x1 = scale.x(game.start), scale.x(game.end)
    return rect(x0, top, max(x1 - x0, 4), bottom - top, fill=SELECTED, fill_opacity=".06",
                class_="highlight-band")


def _find(find: dict[str, Any], scale: _Scale, y: float, lang: str) -> list[str]:
    x0, x1 = scale.x(find["from"]), scale.x(find["to"])
    name = said(FINDS, lang)[find["id"]]
    if x1 - x0 < 6:
        mark = outline([(x0, y + 4), (x0 + 7, y + 11), (x0, y + 18), (x0 - 7, y + 11)],
                       fill=INK)
        end = x0 + 7
    else:
        mark = (f'<rect {attrs(x=f"{x0:.1f}", y=y + 7, width=f"{x1 - x0:.1f}", height=8, rx=3)} '
                f'fill="{INK}"/>')
        end = x1
    words_ = f"{name} ({years(find['from'], find['to'], lang)})"
    if end + 8 + len(words_) * 13 * 0.56 > WIDTH - 10:
        tag = label(x0 - 12, y + 16, words_, 13, anchor="end")
    else:
        tag = label(end + 8, y + 16, words_, 13)
    return [f'<g data-find="{find["id"]}">', mark, tag, "</g>"]


def _key(y: float, lang: str) -> list[str]:
    words_ = said(WORDS, lang)
    return [f'<rect {attrs(x=LEFT, y=y - 14, width=34, height=18, rx=4)} fill="{STATED}"/>',
            label(LEFT + 44, y, words_["stated"], 14),
            f'<rect {attrs(x=LEFT + 560, y=y - 14, width=34, height=18, rx=4)} fill="{READ}" '
            f'stroke="{STATED}" stroke-width="2" stroke-dasharray="2 3"/>',
            label(LEFT + 604, y, words_["inferred"], 14)]


def _fits(words_: str, room: float, size: float) -> bool:
    return len(words_) * size * 0.56 <= room


def _desc(data: dict[str, Any], games: list[Setting], marked: Setting | None,
          lang: str) -> str:
    words_ = said(WORDS, lang)
    names = {**said(PERIODS, lang), **said(PERIOD_NAMES, lang)}
    lines = [words_["desc_intro"]]
    for period in data["periods"]:
        lines.append(words_["period_line"].format(
            name=names[period["id"]], span=years(period["from"], period["to"], lang)))
        lines.extend(words_["period_line"].format(
            name=names[part["id"]], span=years(part["from"], part["to"], lang))
            for part in period.get("parts", []))
    lines.append(words_["gap"].format(span=years(data["gap"]["from"], data["gap"]["to"],
                                                 lang)))
    for game in games:
        lines.append(words_["setting_line"].format(
            game=game.named(lang), span=years(game.start, game.end, lang),
            how=words_["how_stated" if game.stated else "how_inferred"], note=game.say(lang)))
    lines.extend(words_["find_line"].format(name=said(FINDS, lang)[find["id"]],
                                            span=years(find["from"], find["to"], lang))
                 for find in data["finds"])
    if marked is not None:
        lines.insert(1, words_["highlight"].format(game=marked.named(lang), note=marked.say(lang)))
    lines.append(words_["chronology"])
    return " ".join(lines)


__all__ = ["timeline"]
