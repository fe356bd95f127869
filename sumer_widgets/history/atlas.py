"""The map of Sumer: the cities of the games and other places, the Euphrates and the Tigris,
the shore of the Gulf about 3000 BC and today, a scale bar and a north arrow.

Everything is drawn from the gazetteer (`sumer_widgets.history.gazetteer`, ``places.json``):
the cities where the project's other maps put them, the rivers and shores as the project
drew them (approximate, and the picture says so). The scale bar's length comes from the
project's distance function (`engine.geo.great_circle_km`) along the map's middle latitude,
and the bar carries its pixels per kilometre (``data-px-per-km``), so a reader — or a test —
can measure any distance on the map. A city's symbol says what it is: a city-state of one of
the games (found from the games' settings), another ancient place, or a city of today drawn
for orientation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from sumer_widgets.history.drawing import (
    FAINT,
    INK,
    MUTED,
    PAPER,
    WIDTH,
    label,
    language,
    outline,
    paragraph,
    picture,
    rect,
    said,
)
from sumer_widgets.history.gazetteer import Gazetteer, Place, gazetteer
from sumer_widgets.history.setting import Setting, setting, settings
from sumer_widgets.palette import SELECTED
from sumer_widgets.svg import Svg, attrs, smooth_path
from sumer_widgets.words import words

TABLES = words(__file__)
WORDS, RIVERS, NAMES = TABLES["WORDS"], TABLES["RIVERS"], TABLES["NAMES"]
BOX = (20.0, 56.0, 800.0, 860.0)
PANEL = 850.0
LAND, SEA, RIVER, SHORE, TODAY = "#efe2bd", "#cfe3f1", "#2f7fb8", "#3d6a8a", "#6b6b6b"
#: The scale bar's length, in kilometres.
SCALE_KM = 100


class _Projection:
    """Latitude and longitude to picture units: the gazetteer's kilometres, fitted in `BOX`."""

    def __init__(self, places: Gazetteer):
        self.places = places
        width_km, height_km = places.size_km()
        x0, y0, w, h = BOX
        self.scale = min(w / width_km, h / height_km)
        self.x0, self.y0 = x0, y0
        self.width, self.height = width_km * self.scale, height_km * self.scale

    def __call__(self, lat: float, lon: float) -> tuple[float, float]:
        x, y = self.places.km_xy(lat, lon)
        return (round(self.x0 + x * self.scale, 1), round(self.y0 + y * self.scale, 1))

    def px_per_km(self) -> float:
        """Picture units per kilometre, from the distance function along the middle latitude."""
        a = self(self.places.middle_lat, self.places.extent["west"])
        b = self(self.places.middle_lat, self.places.extent["west"] + 1)
        return (b[0] - a[0]) / self.places.km_along_middle(1)


def sumer_map(highlight: str | None = None, lang: str = "en", *,
              width: int | None = None) -> Svg:
    """The map of Sumer, with every game's places; `highlight` (a game's name) rings the
    places of that game and says them in the key.

    Raises:
        InvalidInput: an unknown language, an unknown game, or a game with no setting.
    """
    language(lang)
    marked = setting(highlight, lang) if highlight is not None else None
    places = gazetteer()
    project = _Projection(places)
    words_ = said(WORDS, lang)
    games = list(settings().values())
    x0, y0 = BOX[0], BOX[1]
    w, h = project.width, project.height

    out = [label(x0, 36, words_["title"], 21, weight="700"),
           f'<rect {attrs(x=x0, y=y0, width=f"{w:.1f}", height=f"{h:.1f}")} fill="{LAND}" '
           f'stroke="{FAINT}" stroke-width="1.5"/>']
    out.extend(_sea(places, project, words_))
    out.extend(_rivers(places, project, lang, strong=marked is not None and not marked.places))
    out.extend(_places(places, project, games, marked, lang))
    out.extend(_scale_bar(project, lang))
    out.extend(_north(x0 + w - 40, y0 + 24, words_))
    panel_end = _panel(out, places, games, marked, lang)
    height = max(y0 + h + 20, panel_end + 10)
    return picture(height, words_["title"], _desc(places, games, marked, lang), out,
                   width=width, kind="sumer-map")


def _sea(places: Gazetteer, project: _Projection, words_: dict[str, str]) -> list[str]:
    extent = places.extent
    then = [project(lat, lon) for lat, lon in places.shore_then]
    corner = project(extent["south"], extent["east"])
    out = [f'<path {attrs(d=f"{smooth_path(then)} L{corner[0]:.1f},{corner[1]:.1f} Z")} '
           f'fill="{SEA}" class="gulf" data-year="{places.shore_year}"/>',
           f'<path {attrs(d=smooth_path(then))} fill="none" stroke="{SHORE}" stroke-width="2.5" '
           f'class="shore-then"/>',
           f'<path {attrs(d=smooth_path([project(*p) for p in places.shore_today]))} fill="none" '
           f'stroke="{TODAY}" stroke-width="2.5" stroke-dasharray="1 5" stroke-linecap="round" '
           f'class="shore-today"/>']
    lat, lon = places.gulf_label
    x, y = project(lat, lon)
    out.append(label(x, y, words_["gulf_then"].format(year=-places.shore_year), 17,
                     weight="700", italic=True, anchor="middle", fill=SHORE))
    out.append(label(x, y + 20, words_["gulf_then_note"], 14, italic=True, anchor="middle",
                     fill=SHORE))
    today = project(*places.shore_today[1])
    out.append(label(today[0] - 8, today[1] + 22, words_["shore_today"], 13, italic=True,
                     anchor="end", fill=TODAY, halo=SEA))
    x, y = project(*places.marsh_label)
    out.append(label(x, y, words_["marsh"], 14, italic=True, anchor="middle", fill=SHORE,
                     halo=SEA))
    return out


def _rivers(places: Gazetteer, project: _Projection, lang: str, *, strong: bool) -> list[str]:
    out = []
    names = said(RIVERS, lang)
    for river, course in places.rivers.items():
        points = [project(lat, lon) for lat, lon in course]
        d = smooth_path(points)
        out.append(f'<path {attrs(d=d)} fill="none" stroke="#e4eef5" '
                   f'stroke-width="{11 if strong else 8}" stroke-linecap="round"/>'
                   f'<path {attrs(d=d)} fill="none" stroke="{RIVER}" '
                   f'stroke-width="{5 if strong else 3}" stroke-linecap="round" '
                   f'data-river="{river}"/>')
        (x, y), angle = _along(points, places.river_labels[river])
        side = places.river_sides[river]
        nx = -math.sin(math.radians(angle)) * 16 * side
        ny = math.cos(math.radians(angle)) * 16 * side
        out.append(label(x - nx, y - ny, names[river], 17, weight="700", italic=True,
                         anchor="middle", fill=RIVER, halo=LAND,
                         transform=f"rotate({angle:.1f} {x - nx:.1f} {y - ny:.1f})"))
    return out


def _along(points: Sequence[tuple[float, float]],
           share: float) -> tuple[tuple[float, float], float]:
    """The point `share` of the way along a polyline, and the line's angle there (degrees,
    turned so that lettering along it reads left to right)."""
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:])]
    goal = sum(lengths) * share
    for (a, b), length in zip(zip(points, points[1:]), lengths):
        if goal <= length or length == lengths[-1]:
            t = goal / length if length else 0
            angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
            if angle > 90:
                angle -= 180
            elif angle < -90:
                angle += 180
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), angle
        goal -= length
    return points[-1], 0.0


def _places(places: Gazetteer, project: _Projection, games: list[Setting],
            marked: Setting | None, lang: str) -> list[str]:
    out = []
    names = said(NAMES, lang)
    for place in places.places.values():
        x, y = project(place.lat, place.lon)
        of = [game.game for game in games if place.id in game.places]
        ringed = marked is not None and place.id in marked.places
        name = names.get(place.id, place.name)
        group = (f'<g data-place="{place.id}" data-kind="{place.kind}" '
                 f'data-games="{" ".join(of)}">')
        if place.kind == "today":
            mark = (f'<rect {attrs(x=x - 5, y=y - 5, width=10, height=10)} fill="{TODAY}" '
                    f'stroke="{PAPER}" stroke-width="1.5"/>')
            style = {"size": 13, "italic": True, "fill": TODAY}
        elif of:
            mark = (f'<circle {attrs(cx=x, cy=y, r=7)} fill="{INK}" stroke="{PAPER}" '
                    f'stroke-width="2"/>')
            style = {"size": 16, "weight": "700", "fill": INK}
        else:
            mark = (f'<circle {attrs(cx=x, cy=y, r=5.5)} fill="{PAPER}" stroke="{INK}" '
                    f'stroke-width="2"/>')
            style = {"size": 14, "italic": True, "fill": MUTED}
        ring = (f'<circle {attrs(cx=x, cy=y, r=15)} fill="none" stroke="{SELECTED}" '
                f'stroke-width="3.5" class="marked"/>' if ringed else "")
        lx, ly, anchor = _label_at(place, x, y, ring != "")
        out.append(group + ring + mark
                   + label(lx, ly, name, style.pop("size"), anchor=anchor,
                           halo=None if place.kind == "today" else LAND, **style)
                   + "</g>")
    return out


def _label_at(place: Place, x: float, y: float, ringed: bool) -> tuple[float, float, str]:
    gap = 20 if ringed else 12
    return {"e": (x + gap, y + 5, "start"), "w": (x - gap, y + 5, "end"),
            "n": (x, y - gap - 2, "middle"), "s": (x, y + gap + 14, "middle")}[place.label]


def _scale_bar(project: _Projection, lang: str) -> list[str]:
    per_km = project.px_per_km()
    length = SCALE_KM * per_km
    x, y = BOX[0] + 30, BOX[1] + project.height - 34
    out = [f'<g class="scale-bar" data-px-per-km="{per_km:.4f}" data-km="{SCALE_KM}">',
           f'<rect {attrs(x=x - 10, y=y - 30, width=f"{length + 62:.1f}", height=52, rx=6)} '
           f'fill="{PAPER}" fill-opacity=".85"/>']
    for n in range(2):
        out.append(rect(x + n * length / 2, y - 6, length / 2, 8,
                        fill=INK if n == 0 else PAPER, stroke=INK, stroke_width=1.2))
    for km in (0, SCALE_KM // 2, SCALE_KM):
        at = x + km * per_km
        out.append(label(at, y - 12, str(km), 13, anchor="middle"))
    out.append(label(x + length + 8, y + 3, said(WORDS, lang)["km"].format(km="")
                     .strip() or "km", 13))
    out.append("</g>")
    return out


def _north(x: float, y: float, words_: dict[str, str]) -> list[str]:
    arrow = [(x, y), (x + 11, y + 34), (x, y + 27), (x - 11, y + 34)]
    return ['<g class="north-arrow">' + outline(arrow, fill=INK)
            + label(x, y + 54, words_["north"], 16, weight="700",
                                      anchor="middle") + "</g>"]


def _panel(out: list[str], places: Gazetteer, games: list[Setting], marked: Setting | None,
           lang: str) -> float:
    words_ = said(WORDS, lang)
    x, width = PANEL, WIDTH - PANEL - 24
    y = BOX[1] + 22
    out.append(label(x, y, words_["legend"], 17, weight="700"))
    y += 30
    line = f'<line x1="{x:.1f}" x2="{x + 28:.1f}" y1="{{y}}" y2="{{y}}" '
    rows = [
        (f'<circle cx="{x + 14:.1f}" cy="{{y}}" r="7" fill="{INK}"/>', words_["l_game_city"]),
        (f'<circle cx="{x + 14:.1f}" cy="{{y}}" r="5.5" fill="{PAPER}" stroke="{INK}" '
         'stroke-width="2"/>', words_["l_other"]),
        (f'<rect x="{x + 9:.1f}" y="{{top}}" width="10" height="10" fill="{TODAY}"/>',
         words_["l_today"]),
        (line + f'stroke="{RIVER}" stroke-width="3"/>', words_["l_river"]),
        (line + f'stroke="{SHORE}" stroke-width="2.5"/>',
         words_["l_shore_then"].format(year=-places.shore_year)),
        (line + f'stroke="{TODAY}" stroke-width="2.5" stroke-dasharray="1 5" '
         'stroke-linecap="round"/>', words_["l_shore_today"]),
    ]
    if marked is not None and marked.places:
        rows.append((f'<circle cx="{x + 14:.1f}" cy="{{y}}" r="11" fill="none" '
                     f'stroke="{SELECTED}" stroke-width="3"/>',
                     words_["l_marked"].format(game=marked.named(lang))))
    for symbol, said_ in rows:
        out.append(symbol.format(y=f"{y - 5:.1f}", top=f"{y - 10:.1f}"))
        lines, y_next = paragraph(x + 40, y, said_, width - 40, 14)
        out.extend(lines)
        y = y_next + 6
    y += 14
    out.append(label(x, y, words_["l_games"], 17, weight="700"))
    y += 26
    names = {place.id: place.name for place in places.places.values()}
    for game in games:
        strong = marked is not None and marked.game == game.game
        text_ = (words_["places_of"].format(game=game.named(lang),
                                            places=", ".join(names[p] for p in game.places))
                 if game.places else words_["no_places"].format(game=game.named(lang)))
        lines, y = paragraph(x, y, text_, width, 14, weight="700" if strong else None,
                             fill=INK if marked is None or strong else MUTED)
        out.extend(lines)
        y += 4
    y += 12
    for note in (words_["distance"].format(km=f"{places.km('kish', 'lagash'):.1f}"),
                 words_["positions"], words_["rivers_note"], words_["sources"]):
        lines, y = paragraph(x, y, note, width, 13, fill=MUTED)
        out.extend(lines)
        y += 6
    return y


def _desc(places: Gazetteer, games: list[Setting], marked: Setting | None, lang: str) -> str:
    words_ = said(WORDS, lang)
    names = said(NAMES, lang)
    lines = [words_["desc_intro"]]
    if marked is not None:
        lines.append(words_["highlight"].format(game=marked.named(lang)))
    for place in places.places.values():
        of = [game.named(lang) for game in games if place.id in game.places]
        kind = (words_["kind_today"] if place.kind == "today"
                else words_["kind_game"].format(games=", ".join(of)) if of
                else words_["kind_other"])
        lines.append(words_["place_line"].format(name=names.get(place.id, place.name),
                                                 lat=place.lat, lon=place.lon, kind=kind))
    lines.append(words_["l_shore_then"].format(year=-places.shore_year) + ".")
    lines.extend([words_["distance"].format(km=f"{places.km('kish', 'lagash'):.1f}"),
                  words_["rivers_note"]])
    return " ".join(lines)
