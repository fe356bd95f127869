"""The Priest-Kings campaign map as SVG: one renderer for the widget, its static fallback, and
notebooks.

`render(state)` draws a campaign position:

- the map: the land between the Tigris and the Euphrates (both rivers on approximate courses,
  labelled so), the communication avenues with their length, the landmark cities, and the four
  playing cities, each in its player's colour *and* shape;
- the realms at a glance: a crown over each independent city, a band in the overlord's colour
  joining it to each vassal, and on each vassal its overlord's shape and "vassal of …";
- this turn: each city's place in the activation order, what it chose (attack, sacrifice,
  reorganization), the attacks as numbered arrows — the next battle marked, fought ones with
  their result, called-off ones struck out;
- a side panel with the same in words (order, battles, realms) and a legend;
- below, each city's army: its commands with every element drawn, the reorganizations made
  since the campaign began, AP, ME and a pending sacrifice.

What the turn's choices and results were comes from the engine's events (`turn_events`), never
from re-deciding the rules here. `render(campaign_map=..., overlord=...)` draws a map without a
campaign (the widget's explorer). `selected` and `targets` ring a city and the cities it may
attack.

Every city is a ``<g class="city" data-city="kish" data-x data-y>`` so the widget's JavaScript
can find it; the picture's ``<desc>`` holds the text form of the position.
"""

from __future__ import annotations

import functools
import hashlib
import html
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from engine import priest_kings as pk
from engine.core import Event, Game, dumps
from engine.priest_kings import events as ev
from engine.priest_kings.army import REORGANIZE_FROM, REORGANIZE_TO, Army
from engine.priest_kings.board import EARTH_RADIUS_KM
from sumer_widgets.palette import inline
from sumer_widgets.svg import (
    BOARD_ROLE,
    PLAYER_COLORS,
    PLAYER_SHAPES,
    Svg,
    control,
    picture_css,
    points_attr,
    shape,
    smooth_path,
    text,
)
from sumer_widgets.svg import attrs as svg_attrs
from sumer_widgets.words import words


def attrs(**values: object) -> str:
    """`svg.attrs` with coordinates to a tenth of a pixel (sums of floats print long)."""
    return svg_attrs(**{k: round(v, 1) if isinstance(v, float) else v
                        for k, v in values.items()})


WIDTH = 1100  # wider than the map and its panel need: room for the armies' words
MAP_BOX = (12.0, 46.0, 612.0, 560.0)  # x, y, width, height of the map
PANEL_X = 640.0
ARMY_TOP = 618.0
#: The size of the words a player reads, in the picture's units (`svg.picture_css` keeps them
#: at 12 px on screen where the picture is drawn smaller). `_fits` guesses a line's width.
FONT = 18.5
COMMAND_H = 54  # a command's rows on an army card: its name, its troops, its bases
AVENUE = "#2f5d34"  # "the dark green lines are the communication avenues"
RIVER = "#5b9bd5"

#: Approximate courses of the rivers around 3000 BC, as (latitude, longitude): the Euphrates
#: then passed Kish, Nippur, Shuruppak, Uruk and Ur; the Tigris ran further east, past Lagash's
#: canals. Drawn for orientation only, and labelled as approximate on the map.
RIVERS = {
    "euphrates": ((33.15, 44.02), (32.85, 44.25), (32.58, 44.50), (32.25, 44.66),
                  (31.90, 44.95), (31.58, 45.25), (31.36, 45.54), (31.16, 45.80),
                  (30.99, 46.04), (30.88, 46.32), (30.90, 46.70), (30.95, 47.25)),
    "tigris": ((33.35, 44.38), (33.05, 44.80), (32.75, 45.28), (32.52, 45.78),
               (32.22, 46.20), (31.92, 46.58), (31.62, 46.88), (31.30, 47.10),
               (31.00, 47.32)),
}

WORDS = words(__file__)["WORDS"]

ORDINALS = words(__file__)["ORDINALS"]
TO_ACT = words(__file__)["TO_ACT"]

CSS = picture_css(inline("""
.pk-title{font:700 20px sans-serif;fill:#2b2113}
.pk-h{font:700 18.5px sans-serif;fill:#3b2f1a}
.pk-t{font:18.5px sans-serif;fill:#2b2113}
.pk-s{font:18.5px sans-serif;fill:#3b2f1a}
.pk-xs{font:18.5px sans-serif;fill:#5a4a2e}
.pk-city-name{font:700 20px sans-serif;fill:#1d160b;paint-order:stroke;stroke:#f7f0dc;
 stroke-width:4px;stroke-linejoin:round}
.pk-city-status{font:600 18.5px sans-serif;fill:#3b2f1a;paint-order:stroke;stroke:#f7f0dc;
 stroke-width:3.5px;stroke-linejoin:round}
.pk-landmark{font:italic 18.5px sans-serif;fill:#6b5a3c;paint-order:stroke;stroke:#f3ead2;
 stroke-width:3px}
.pk-river-label{font:italic 18.5px sans-serif;fill:#2d6a9f;letter-spacing:.5px}
.pk-km{font:600 18.5px sans-serif;fill:#2f5d34;text-anchor:middle;dominant-baseline:central}
.pk-badge{font:700 18.5px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central;
 pointer-events:none}
.pk-num{font:700 18.5px sans-serif;fill:#111;text-anchor:middle;dominant-baseline:central}
.pk-target{fill:none;stroke:var(--sumer-may);stroke-width:3.5;stroke-dasharray:6 3}
.pk-selected{fill:none;stroke:var(--sumer-selected);stroke-width:3.5}
"""), ".pk-map", ".pk-army-picture")


class MapSvg(Svg):
    """The picture; its text form is one line naming it, not the whole SVG again, so that a
    notebook cell showing a map stores the picture once."""

    def __repr__(self) -> str:
        start = self.find("<title>") + len("<title>")
        title = html.unescape(self[start:self.find("</title>")]) if start > 6 else "map"
        return f"<svg: {title}>"


# ---------------------------------------------------------------------------- the turn so far


@dataclass
class TurnRecord:
    """What the cities chose this turn and how the battles went, read from the engine's events.

    Attributes:
        choices: per player, ``("attack", target, via)``, ``("sacrifice",)`` or
            ``("reorganize", corps name)``.
        results: per (attacker, defender), the `BattleEnded` or `BattleCalledOff` event.
        methods: per (attacker, defender), ``"dice"`` or ``"recorded"``.
        last: the previous turn's battles, in the order fought: (attacker, defender, the
            `BattleEnded` or `BattleCalledOff` event).
        last_turn: the number of that turn (None if the events do not say).
    """

    choices: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    results: dict[tuple[int, int], Event] = field(default_factory=dict)
    methods: dict[tuple[int, int], str] = field(default_factory=dict)
    last: list[tuple[int, int, Event]] = field(default_factory=list)
    last_turn: int | None = None

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> TurnRecord:
        record = cls()
        fought: list[tuple[int, int, Event]] = []
        for event in events:
            if isinstance(event, ev.TurnBegan):
                # A new turn: what was fought becomes the last turn's, the rest is forgotten.
                record = cls(last=fought, last_turn=event.turn - 1)
                fought = []
            elif isinstance(event, ev.AttackDeclared):
                record.choices[event.attacker] = ("attack", event.defender, event.via)
            elif isinstance(event, ev.SacrificeMade):
                record.choices[event.player] = ("sacrifice",)
            elif isinstance(event, ev.ArmyReorganized):
                record.choices[event.player] = ("reorganize", event.corps_name)
            elif isinstance(event, ev.BattleBegan):
                record.methods[(event.attacker, event.defender)] = event.method
            elif isinstance(event, (ev.BattleEnded, ev.BattleCalledOff)):
                record.results[(event.attacker, event.defender)] = event
                fought.append((event.attacker, event.defender, event))
        return record


def turn_events(game: Game, ply: int | None = None) -> list[Event]:
    """The events of the turn shown at `ply` (default: now) and of the turn before, oldest
    first: what the picture needs to tell the turn so far and the last turn's battles."""
    ply = len(game.moves) if ply is None else ply
    events = [event for _, evs in game.log[:ply] for event in evs]
    starts = [n for n, event in enumerate(events) if isinstance(event, ev.TurnBegan)]
    return events[starts[-2]:] if len(starts) >= 2 else events


# ------------------------------------------------------------------------------- projection


class _Projection:
    """Latitude and longitude to picture pixels, fitted around a map's places.

    The engine projects cities to kilometres (equirectangular, see `CampaignMap`); the rivers
    need the same projection for any latitude and longitude, so it is rebuilt here from the
    same places (drawing only: no rule depends on it).
    """

    def __init__(self, campaign_map: pk.CampaignMap, box: tuple[float, float, float, float]):
        sites = [*campaign_map.cities, *campaign_map.landmarks]
        self.lat0 = sum(s.lat for s in sites) / len(sites)
        self.west = min(s.lon for s in sites)
        self.north = max(s.lat for s in sites)
        self.k = math.pi / 180 * EARTH_RADIUS_KM
        xs = [s.x for s in sites]
        ys = [s.y for s in sites]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
        pad = span * 0.1 + 12  # room for the names and crowns at the edge
        x0, y0, w, h = box
        self.scale = min(w / (max(xs) - min(xs) + 2 * pad), h / (max(ys) - min(ys) + 2 * pad))
        cx = (max(xs) + min(xs)) / 2
        cy = (max(ys) + min(ys)) / 2
        self.ox = x0 + w / 2 - cx * self.scale
        self.oy = y0 + h / 2 - cy * self.scale

    def km(self, x: float, y: float) -> tuple[float, float]:
        return (round(self.ox + x * self.scale, 1), round(self.oy + y * self.scale, 1))

    def latlon(self, lat: float, lon: float) -> tuple[float, float]:
        x = (lon - self.west) * self.k * math.cos(math.radians(self.lat0))
        y = (self.north - lat) * self.k
        return self.km(x, y)


# --------------------------------------------------------------------------------- drawing


def render(state: pk.State | None = None, *, campaign_map: pk.CampaignMap | None = None,
           overlord: Sequence[int] | None = None, events: Iterable[Event] = (),
           initial_armies: Sequence[Army] | None = None, lang: str = "en",
           selected: str | None = None, targets: Iterable[str] = (),
           width: int | None = None) -> Svg:
    """The campaign map as SVG.

    Args:
        state: a campaign position; or leave it out and give `campaign_map` (and `overlord`,
            a player's overlord or -1 for each city) for a map without a campaign.
        events: the events of the turn shown and the turn before (`turn_events`): what each
            city chose, how the battles went, and the last turn's battles. Without them the
            picture shows what the state alone says.
        initial_armies: the armies at the campaign's start, to count reorganizations.
        lang: ``"en"`` or ``"nl"``.
        selected: a city id to ring.
        targets: city ids to ring as possible targets.
        width: the picture's width in pixels (default: scales to its container).
    """
    if state is not None:
        cmap = state.map
        lords = tuple(state.overlord)
    else:
        cmap = campaign_map or pk.CampaignMap.standard()
        lords = tuple(overlord) if overlord is not None else (-1,) * len(cmap.cities)
    words = WORDS.get(lang, WORDS["en"])
    record = TurnRecord.from_events(events)
    proj = _Projection(cmap, MAP_BOX)
    uid = _uid(cmap)
    pos = [proj.km(c.x, c.y) for c in cmap.cities]
    armies = state.armies if state is not None else ()
    commands = max((len(a.commands) for a in armies), default=0)
    card_h = 66 + COMMAND_H * commands
    total_h = ARMY_TOP + card_h + 10 if state is not None else ARMY_TOP

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" '
           f'{attrs(viewBox=f"0 0 {WIDTH} {total_h:.0f}", width=width)} '
           f'class="pk-map" {BOARD_ROLE}>']
    title = (words["title"] if state is None else f"{words['title']} — {state.summary()}")
    out.append(f"<title>{escape(title)}</title>")
    out.append(f"<desc>{escape(str(state) if state is not None else _map_text(cmap, lords, words))}"
               "</desc>")
    out.append(f"<style>{CSS}</style>")
    out.append(_defs(uid))
    out.append(f'<rect width="{WIDTH}" height="{total_h:.0f}" fill="#f7f0dc"/>')
    out.extend(_map(cmap, proj, pos, lords, words, uid))
    if state is not None:
        out.extend(_turn_on_map(state, record, pos, words, uid))
    sites = [proj.km(site.x, site.y) for site in cmap.landmarks]
    out.extend(_cities(cmap, pos, sites, lords, state, record, words, lang))
    for city_id in dict.fromkeys(targets):
        x, y = pos[cmap.index_of(city_id)]
        out.append(f'<circle class="pk-target" {attrs(cx=x, cy=y, r=31)}/>')
    if selected is not None:
        x, y = pos[cmap.index_of(selected)]
        out.append(f'<circle class="pk-selected" {attrs(cx=x, cy=y, r=31)}/>')
    out.append(text(16, 28, _status(state, words, lang), class_="pk-title"))
    out.extend(_panel(cmap, state, lords, record, words, lang))
    if state is not None:
        out.extend(_armies(state, initial_armies, card_h, lang))
    out.append("</svg>")
    return MapSvg("".join(out))


def _defs(uid: str) -> str:
    markers = "".join(
        f'<marker id="pk-arrow-{uid}-{n}" viewBox="0 0 10 10" refX="8" refY="5" '
        f'markerWidth="4.2" markerHeight="4.2" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
        for n, colour in enumerate((*PLAYER_COLORS, "#8a8172")))
    return (f'<defs>{markers}<clipPath id="pk-clip-{uid}"><rect '
            f'{attrs(x=MAP_BOX[0], y=MAP_BOX[1], width=MAP_BOX[2], height=MAP_BOX[3], rx=10)}/>'
            "</clipPath></defs>")


def _map(cmap: pk.CampaignMap, proj: _Projection, pos: list[tuple[float, float]],
         lords: Sequence[int], words: Mapping[str, str], uid: str) -> list[str]:
    x0, y0, w, h = MAP_BOX
    rivers, ground = _static_layers(cmap, words["euphrates"], words["tigris"])
    out = [f'<rect {attrs(x=x0, y=y0, width=w, height=h, rx=10)} fill="#efe2bd" '
           'stroke="#b9a57a" stroke-width="1.5"/>',
           f'<g clip-path="url(#pk-clip-{uid})">', rivers]
    # Realms: a broad band in the overlord's colour from it to each vassal.
    for vassal, lord in enumerate(lords):
        if lord >= 0:
            (xa, ya), (xb, yb) = pos[lord], pos[vassal]
            out.append(f'<line {attrs(x1=xa, y1=ya, x2=xb, y2=yb)} '
                       f'stroke="{PLAYER_COLORS[lord]}" stroke-width="34" stroke-opacity=".33" '
                       f'stroke-linecap="round" class="pk-realm-band" '
                       f'data-lord="{cmap.city_id(lord)}" data-vassal="{cmap.city_id(vassal)}"/>')
    out.append(ground)
    out.append("</g>")
    return out


@functools.lru_cache(maxsize=32)
def _static_layers(cmap: pk.CampaignMap, euphrates: str, tigris: str) -> tuple[str, str]:
    """What never changes on a map: the rivers with their names (placing a name takes a
    search), and the avenues and landmarks. Cached per map and language."""
    proj = _Projection(cmap, MAP_BOX)
    uid = _uid(cmap)
    pos = [proj.km(c.x, c.y) for c in cmap.cities]
    names = {"euphrates": euphrates, "tigris": tigris}
    obstacles = [*pos, *(proj.km(s.x, s.y) for s in cmap.landmarks)]
    for a, b in cmap.avenues:
        obstacles.extend(_along(pos[a], pos[b], k / 10) for k in range(1, 10))
    rivers = []
    # Rivers first: everything else lies on the land between them.
    for name, course in RIVERS.items():
        pts = [proj.latlon(lat, lon) for lat, lon in course]
        d = smooth_path(pts)
        path_id = f"pk-{name}-{uid}"
        rivers.append(f'<path {attrs(d=d)} fill="none" stroke="#d5e6f2" stroke-width="11" '
                      'stroke-linecap="round"/>')
        rivers.append(f'<path id="{path_id}" {attrs(d=d)} fill="none" stroke="{RIVER}" '
                      f'stroke-width="3" stroke-linecap="round" class="pk-river" '
                      f'data-river="{name}"/>')
        place = _label_offset(pts, obstacles, pos)
        if place is not None:
            rivers.append(f'<text class="pk-river-label" dy="{place[1]}"><textPath '
                          f'href="#{path_id}" startOffset="{place[0]:.0f}">'
                          f'{escape(names[name])}</textPath></text>')
    ground = []
    for a, b in cmap.avenues:
        (xa, ya), (xb, yb) = pos[a], pos[b]
        pair = f"{cmap.city_id(a)} {cmap.city_id(b)}"
        ground.append(f'<line {attrs(x1=xa, y1=ya, x2=xb, y2=yb)} stroke="#f7f0dc" '
                      f'stroke-width="9" stroke-linecap="round"/>'
                      f'<line {attrs(x1=xa, y1=ya, x2=xb, y2=yb)} stroke="{AVENUE}" '
                      f'stroke-width="4.5" stroke-linecap="round" class="pk-avenue" '
                      f'data-avenue="{pair}"/>')
        km = cmap.graph.edges[cmap.city_id(a), cmap.city_id(b)]["km"]
        mx, my = _along(pos[a], pos[b], 0.5)
        ground.append(f'<rect {attrs(x=mx - 33, y=my - 12, width=66, height=24, rx=12)} '
                      f'fill="#f7f0dc" stroke="{AVENUE}" stroke-width="1"/>'
                      + text(mx, my + 0.5, f"{km:.0f} km", class_="pk-km"))
    for site in cmap.landmarks:
        x, y = proj.km(site.x, site.y)
        lx, ly, anchor = _landmark_label(x, y, len(site.name) * LANDMARK_CHAR, pos)
        ground.append(f'<g class="pk-landmark-site" data-landmark="{escape(site.id)}">'
                      f'<title>{escape(site.name)}</title>'
                      f'<circle {attrs(cx=x, cy=y, r=4.5)} fill="#8a7a5a" stroke="#f7f0dc" '
                      'stroke-width="1.5"/>'
                      + text(lx, ly, site.name, class_="pk-landmark", text_anchor=anchor)
                      + "</g>")
    return "".join(rivers), "".join(ground)


@functools.lru_cache(maxsize=32)
def _uid(cmap: pk.CampaignMap) -> str:
    """Ids inside the picture (markers, clip, river paths) must not clash between two maps on
    one page, and must not change between runs (notebooks are compared output for output)."""
    return hashlib.sha1(dumps(cmap.to_dict()).encode()).hexdigest()[:8]


def _label_offset(pts: Sequence[tuple[float, float]], obstacles: Sequence[tuple[float, float]],
                  cities: Sequence[tuple[float, float]]) -> tuple[float, int] | None:
    """Where along a river its name goes: the stretch inside the map that keeps farthest from
    the cities and avenues (`obstacles`, sample points), as a length along the path, and on
    which side of the river (`dy`: away from the cities); None if no stretch is long enough."""
    x0, y0, w, h = MAP_BOX
    dense: list[tuple[float, float, float]] = []  # x, y, length along the path
    total = 0.0
    for a, b in zip(pts, pts[1:]):
        seg = math.dist(a, b)
        steps = max(int(seg / 6), 1)
        for k in range(steps):
            dense.append((a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps,
                          total + seg * k / steps))
        total += seg
    span = 300.0
    clear = [min((math.dist((x, y), o) for o in obstacles), default=1e9)
             if x0 + 12 < x < x0 + w - 12 and y0 + 16 < y < y0 + h - 12 else -1.0
             for x, y, _ in dense]
    best: tuple[float, float] | None = None
    for i, (_, _, start) in enumerate(dense):
        end = i
        while end + 1 < len(dense) and dense[end + 1][2] <= start + span:
            end += 1
        if dense[end][2] < start + span - 8:
            break
        clearance = min(clear[i:end + 1])
        if clearance < 0:  # part of the stretch is outside the map
            continue
        window = dense[i:end + 1]
        if best is None or clearance > best[0] + 1e-6:
            best = (clearance, start, window[0][:2], window[-1][:2])
    if best is None:
        return None
    (ax, ay), (bx, by) = best[2], best[3]
    cx = sum(c[0] for c in cities) / len(cities)
    cy = sum(c[1] for c in cities) / len(cities)
    # Text sits on the left of the direction of travel with a negative dy: choose the side
    # facing away from the cities.
    left = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) < 0
    return best[1], 16 if left else -8


def _along(a: tuple[float, float], b: tuple[float, float], t: float,
           bend: float = 0.0) -> tuple[float, float]:
    """The point at fraction `t` from a to b, pushed `bend` pixels to the left of a→b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    return (a[0] + dx * t + dy / d * bend, a[1] + dy * t - dx / d * bend)


def _arrow(a: tuple[float, float], b: tuple[float, float], gap_a: float, gap_b: float,
           bend: float) -> tuple[str, tuple[float, float]]:
    """A gently curved arrow path from a to b leaving gaps at the ends, and its midpoint."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    start = (a[0] + dx / d * gap_a, a[1] + dy / d * gap_a)
    end = (b[0] - dx / d * gap_b, b[1] - dy / d * gap_b)
    ctrl = _along(start, end, 0.5, bend * 2)
    mid = _along(start, end, 0.5, bend)
    path = (f"M{start[0]:.1f},{start[1]:.1f} Q{ctrl[0]:.1f},{ctrl[1]:.1f} "
            f"{end[0]:.1f},{end[1]:.1f}")
    return path, mid


def _turn_on_map(state: pk.State, record: TurnRecord, pos: list[tuple[float, float]],
                 words: Mapping[str, str], uid: str) -> list[str]:
    """This turn's attacks: numbered arrows, the next battle bold, fought ones greyed."""
    out = []
    cmap = state.map
    for n, (a, d) in enumerate(state.attacks):
        choice = record.choices.get(a)
        via = choice[2] if choice and choice[0] == "attack" else None
        if via is None and not cmap.joined(a, d):
            via = next((v for v in state.vassals_of(a) if cmap.joined(v, d)), None)
        source = pos[via] if via is not None else pos[a]
        result = record.results.get((a, d))
        fought = state.phase == "over" or (state.phase == "battles" and n < state.step)
        is_next = state.phase == "battles" and n == state.step
        path, mid = _arrow(source, pos[d], 30, 34, 22)
        colour = PLAYER_COLORS[a]
        marker = a
        style = 'stroke-width="5"'
        kind = "pending"
        if result is not None or fought:
            colour, marker, kind = "#8a8172", 4, "fought"
            style = 'stroke-width="3.5" stroke-dasharray="8 5"'
            if isinstance(result, ev.BattleCalledOff):
                kind = "called-off"
                style = 'stroke-width="3" stroke-dasharray="2 5"'
        elif is_next:
            kind = "next"
            out.append(f'<path {attrs(d=path)} fill="none" stroke="#111" stroke-width="10" '
                       'stroke-linecap="round" opacity=".85"/>')
            style = 'stroke-width="6"'
        ids = f'data-attacker="{cmap.city_id(a)}" data-defender="{cmap.city_id(d)}"'
        out.append(f'<path {attrs(d=path)} fill="none" stroke="{colour}" {style} '
                   f'stroke-linecap="round" marker-end="url(#pk-arrow-{uid}-{marker})" '
                   f'class="pk-attack pk-attack-{kind}" {ids}/>')
        if via is not None:
            # A dotted tie from the attacker to the vassal whose avenue it uses.
            tie, _ = _arrow(pos[a], source, 28, 28, 0)
            out.append(f'<path {attrs(d=tie)} fill="none" stroke="{PLAYER_COLORS[a]}" '
                       'stroke-width="2.5" stroke-dasharray="2 4" stroke-linecap="round"/>')
        out.append(f'<g class="pk-attack-number" {ids}>'
                   f'<circle {attrs(cx=mid[0], cy=mid[1], r=14)} fill="#fff" '
                   f'stroke="{colour}" stroke-width="2.5"/>'
                   + text(mid[0], mid[1] + 0.5, str(n + 1), class_="pk-num") + "</g>")
        if kind == "called-off":
            out.append(_cross(mid[0] + 15, mid[1] - 12, 6, "#8a8172"))
        elif kind == "next":
            out.append(_swords(mid[0] + 20, mid[1] - 16, 11, "#111"))
    return out


def _cities(cmap: pk.CampaignMap, pos: list[tuple[float, float]],
            sites: Sequence[tuple[float, float]], lords: Sequence[int],
            state: pk.State | None, record: TurnRecord, words: Mapping[str, str],
            lang: str) -> list[str]:
    out = []
    labels = _label_places(cmap, tuple(pos), tuple(sites), lang, tuple(lords))
    for n, city in enumerate(cmap.cities):
        x, y = pos[n]
        lord = lords[n]
        head = n if lord < 0 else lord
        status = (words["independent"] if lord < 0
                  else f"{words['vassal_of']} {cmap.city_name(lord)}")
        name = f"{city.name}, {status}"
        if state is not None and state.phase != "activation" and n in state.order:
            name += ", " + TO_ACT[lang].format(ordinal=ORDINALS[lang][state.order.index(n)])
        group = attrs(class_="city", data_city=city.id, data_player=n, data_x=x, data_y=y,
                      data_lord=cmap.city_id(lord) if lord >= 0 else "", **control(name))
        parts = [f"<g {group}><title>{escape(f'{city.name} — {status}')}</title>"]
        # The realm's colour around the city: every city of a realm shares its head's colour.
        ring = attrs(cx=x, cy=y, r=27, fill=PLAYER_COLORS[head], fill_opacity=".2",
                     stroke=PLAYER_COLORS[head], stroke_width="2.5",
                     stroke_dasharray=None if lord < 0 else "5 3", class_="pk-realm-ring")
        parts.append(f"<circle {ring}/>")
        parts.append(shape(PLAYER_SHAPES[n], x, y, 16, fill=PLAYER_COLORS[n], stroke="#1d160b",
                           stroke_width="2", class_="pk-city-mark"))
        if lord < 0:
            parts.append(_crown(x, y - 34, 11))
        else:
            # The overlord's own shape, small, on the vassal: colour is never the only cue.
            parts.append(f'<circle {attrs(cx=x - 21, cy=y - 19, r=9)} fill="#fff" '
                         'stroke="#1d160b" stroke-width="1"/>'
                         + shape(PLAYER_SHAPES[lord], x - 21, y - 19, 5.5,
                                 fill=PLAYER_COLORS[lord], stroke="#1d160b",
                                 stroke_width="0.8", class_="pk-lord-badge"))
        lx, ly, anchor = labels[n]
        parts.append(text(lx, ly, city.name, class_="pk-city-name", text_anchor=anchor))
        parts.append(text(lx, ly + 20, status, class_="pk-city-status", text_anchor=anchor))
        if state is not None and not state.is_over:
            parts.extend(_order_badge(state, record, n, x, y, lang))
        parts.append("</g>")
        out.append("".join(parts))
    return out


#: The width of a landmark name's letter (italic 18.5 px), for placing labels around it.
LANDMARK_CHAR = 9.5


def _landmark_label(x: float, y: float, width: float,
                    cities: Sequence[tuple[float, float]]) -> tuple[float, float, str]:
    """A landmark's name beside its dot, on the side farthest into the clear from the cities'
    markers and from the places their names and statuses may hang (below, beside or above
    each marker: `_label_places` picks one of those as the realms change)."""
    candidates = [(x + 8, y + 4, "start", x + 8 + width / 2, y),
                  (x - 8, y + 4, "end", x - 8 - width / 2, y),
                  (x, y + 17, "middle", x, y + 13),
                  (x, y - 9, "middle", x, y - 13)]
    best = None
    for rank, (lx, ly, anchor, cx, cy) in enumerate(candidates):
        clearance = min((math.dist((cx, cy), c) - width / 2 for c in cities), default=1e9)
        box = (cx - width / 2, cy - 13, cx + width / 2, cy + 6)
        crowded = sum(_overlaps(box, zone) for c in cities for zone in _city_label_zones(*c))
        score = min(clearance, 60) - rank * 2 - 25 * crowded
        if best is None or score > best[0]:
            best = (score, lx, ly, anchor)
    return best[1], best[2], best[3]


#: The width a city's label may take (its name, or a status such as "vassal of Lagash").
CITY_LABEL_WIDTH = 160


def _city_label_zones(x: float, y: float) -> list[tuple[float, float, float, float]]:
    """Where a city's name and status may hang, as boxes (left, top, right, bottom): the
    places `_label_places` chooses among, at their widest."""
    w = CITY_LABEL_WIDTH
    return [(x - w / 2, y + 30, x + w / 2, y + 70), (x + 40, y - 10, x + 40 + w, y + 30),
            (x - 40 - w, y - 10, x - 40, y + 30), (x - w / 2, y - 80, x + w / 2, y - 40)]


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@functools.lru_cache(maxsize=256)
def _label_places(cmap: pk.CampaignMap, pos: tuple[tuple[float, float], ...],
                  sites: tuple[tuple[float, float], ...], lang: str,
                  lords: tuple[int, ...]) -> tuple[tuple[float, float, str], ...]:
    """Where each city's name and status go: below, right, left or above its marker, whichever
    covers least of the other cities, the landmarks and the avenues (any map file can put
    cities anywhere). Cached: the places change only with the realms."""
    words = WORDS.get(lang, WORDS["en"])
    proj_marks: list[tuple[float, float, float]] = []  # obstacles: x, y, radius
    for x, y in pos:
        proj_marks.append((x, y, 36))
    for site, (x, y) in zip(cmap.landmarks, sites):
        # A landmark's dot, and its name where the ground layer puts it (`_landmark_label`):
        # a city's name or status over it would hide it ("Umma" under "vassal of Kish").
        proj_marks.append((x, y, 9))
        width = len(site.name) * LANDMARK_CHAR
        lx, ly, anchor = _landmark_label(x, y, width, pos)
        left = lx - width if anchor == "end" else lx - width / 2 if anchor == "middle" else lx
        proj_marks.extend((left + k, ly - 6, 12) for k in range(0, int(width) + 1, 8))
    for a, b in cmap.avenues:
        for k in range(1, 12):
            px, py = _along(pos[a], pos[b], k / 12)
            proj_marks.append((px, py, 5))
    x0, y0, w, h = MAP_BOX
    out = []
    for n, city in enumerate(cmap.cities):
        x, y = pos[n]
        status = (words["independent"] if lords[n] < 0
                  else f"{words['vassal_of']} {cmap.city_name(lords[n])}")
        width = max(len(city.name) * 12, len(status) * 9.5)
        candidates = [  # (label anchor point, box left, box top, text-anchor)
            (x, y + 44, x - width / 2, y + 30, "middle"),
            (x + 40, y + 4, x + 40, y - 10, "start"),
            (x - 40, y + 4, x - 40 - width, y - 10, "end"),
            (x, y - 66, x - width / 2, y - 80, "middle"),
        ]
        best = None
        for rank, (lx, ly, bx, by, anchor) in enumerate(candidates):
            cost = rank * 0.5
            if bx < x0 + 4 or bx + width > x0 + w - 4 or by < y0 + 4 or by + 40 > y0 + h - 4:
                cost += 1000
            for m, (ox, oy, r) in enumerate(proj_marks):
                if m == n:
                    continue
                dx = max(bx - ox, 0, ox - (bx + width))
                dy = max(by - oy, 0, oy - (by + 40))
                if dx * dx + dy * dy < r * r:
                    cost += 30 if r > 20 else 6 if r > 6 else 3
            if best is None or cost < best[0]:
                best = (cost, lx, ly, anchor)
        out.append((best[1], best[2], best[3]))
    return tuple(out)


def _order_badge(state: pk.State, record: TurnRecord, n: int, x: float,
                 y: float, lang: str) -> list[str]:
    """The city's place in the activation order, and the icon of what it chose."""
    if state.phase == "activation":  # the order is still to be rolled at the table
        return [_blessed_mark(x, y)] if state.blessed[n] else []
    place = state.order.index(n)
    chosen = state.phase != "orders" or place < state.step
    moving = state.phase == "orders" and state.to_move == n
    fill = "#1d160b" if moving else "#6b5a3c" if not chosen else "#b5a88c"
    bx, by = x + 23, y - 20
    out = []
    if moving:
        out.append(f'<circle {attrs(cx=x, cy=y, r=35)} fill="none" stroke="#1d160b" '
                   'stroke-width="3" class="pk-to-move"/>')
    out.append(f'<g class="pk-order" data-place="{place + 1}"><title>'
               f'{escape(ORDINALS[lang][place])}</title>'
               f'<circle {attrs(cx=bx, cy=by, r=13)} fill="{fill}" stroke="#fff" '
               'stroke-width="1.5"/>' + text(bx, by + 0.5, str(place + 1), class_="pk-badge")
               + "</g>")
    choice = record.choices.get(n) if chosen else None
    if choice is not None:
        icon = {"attack": _swords, "sacrifice": _flame, "reorganize": _swap}[choice[0]]
        out.append(f'<g class="pk-choice" data-choice="{choice[0]}">'
                   f'<circle {attrs(cx=x + 27, cy=y + 7, r=11.5)} fill="#fff" stroke="#6b5a3c"'
                   ' stroke-width="1.2"/>' + icon(x + 27, y + 7, 7.5, "#3b2f1a") + "</g>")
    elif state.blessed[n]:
        out.append(_blessed_mark(x, y))
    return out


def _blessed_mark(x: float, y: float) -> str:
    """The flame beside a city that made sacrifices for its next battle."""
    return (f'<g class="pk-blessed"><circle {attrs(cx=x + 27, cy=y + 7, r=11.5)} '
            'fill="#fff" stroke="#6b5a3c" stroke-width="1.2"/>'
            + _flame(x + 27, y + 7, 7.5, "#b35900") + "</g>")


# ------------------------------------------------------------------------------------ icons


def _crown(x: float, y: float, s: float) -> str:
    pts = [(x - s, y + s * 0.55), (x - s, y - s * 0.35), (x - s * 0.5, y + s * 0.1),
           (x, y - s * 0.6), (x + s * 0.5, y + s * 0.1), (x + s, y - s * 0.35),
           (x + s, y + s * 0.55)]
    return (f'<polygon {attrs(points=points_attr(pts))} fill="#e8b923" stroke="#5a4408" '
            'stroke-width="1.3" stroke-linejoin="round" class="pk-crown"/>')


def _swords(x: float, y: float, s: float, colour: str) -> str:
    blade = f'stroke="{colour}" stroke-width="{max(s / 4, 1.6):.1f}" stroke-linecap="round"'
    lines = [(x - s, y + s, x + s, y - s), (x + s, y + s, x - s, y - s),
             (x - s * 0.95, y + s * 0.35, x - s * 0.35, y + s * 0.95),
             (x + s * 0.95, y + s * 0.35, x + s * 0.35, y + s * 0.95)]
    return ('<g class="pk-icon-swords">'
            + "".join(f"<line {attrs(x1=a, y1=b, x2=c, y2=d)} {blade}/>" for a, b, c, d in lines)
            + "</g>")


def _flame(x: float, y: float, s: float, colour: str) -> str:
    d = (f"M{x:.1f},{y + s:.1f} C{x - s:.1f},{y + s:.1f} {x - s:.1f},{y:.1f} "
         f"{x - s * 0.3:.1f},{y - s * 0.4:.1f} C{x - s * 0.2:.1f},{y:.1f} {x:.1f},{y:.1f} "
         f"{x:.1f},{y - s:.1f} C{x + s * 0.5:.1f},{y - s * 0.4:.1f} {x + s:.1f},{y:.1f} "
         f"{x + s * 0.7:.1f},{y + s * 0.6:.1f} C{x + s * 0.5:.1f},{y + s:.1f} "
         f"{x + s * 0.2:.1f},{y + s:.1f} {x:.1f},{y + s:.1f} Z")
    return f'<path {attrs(d=d)} fill="{colour}" class="pk-icon-flame"/>'


def _swap(x: float, y: float, s: float, colour: str) -> str:
    line = f'stroke="{colour}" stroke-width="1.8" fill="none" stroke-linecap="round"'
    top = points_attr([(x - s, y - s * 0.35), (x + s, y - s * 0.35)])
    bottom = points_attr([(x + s, y + s * 0.45), (x - s, y + s * 0.45)])
    heads = (points_attr([(x + s * 0.45, y - s * 0.8), (x + s, y - s * 0.35),
                          (x + s * 0.45, y + s * 0.1)]),
             points_attr([(x - s * 0.45, y), (x - s, y + s * 0.45), (x - s * 0.45, y + s * 0.9)]))
    return (f'<g class="pk-icon-swap"><polyline points="{top}" {line}/>'
            f'<polyline points="{bottom}" {line}/><polyline points="{heads[0]}" {line}/>'
            f'<polyline points="{heads[1]}" {line}/></g>')


def _cross(x: float, y: float, s: float, colour: str) -> str:
    stroke = f'stroke="{colour}" stroke-width="2.5" stroke-linecap="round"'
    return (f'<line {attrs(x1=x - s, y1=y - s, x2=x + s, y2=y + s)} {stroke}/>'
            f'<line {attrs(x1=x - s, y1=y + s, x2=x + s, y2=y - s)} {stroke}/>')


# ------------------------------------------------------------------------------- the panel


def _status(state: pk.State | None, words: Mapping[str, str], lang: str) -> str:
    if state is None:
        return words["explorer"]
    if state.is_over:
        head = state.independent[0]
        winners = ", ".join(state.name(w) for w in sorted(state.winners()))
        return (f"{words['over']}: {state.name(head)} {words['rules_sumer']} · "
                f"{words['winners']}: {winners}")
    if state.phase == "activation":
        return f"{words['turn']} {state.turn} · {words['to_roll']}"
    if state.phase == "battles":
        a, d = state.attacks[state.step]
        return (f"{words['turn']} {state.turn} · {words['battle_of']} {state.name(a)} "
                f"{words['against']} {state.name(d)}")
    place = ORDINALS[lang][state.step]
    return (f"{words['turn']} {state.turn} · {words['orders']} · {state.name(state.to_move)} "
            f"{words['to_choose']} ({place} {words['of']} {state.players})")


def _panel(cmap: pk.CampaignMap, state: pk.State | None, lords: Sequence[int],
           record: TurnRecord, words: Mapping[str, str], lang: str) -> list[str]:
    x = PANEL_X
    right = WIDTH - 12
    out = [f'<rect {attrs(x=x - 6, y=MAP_BOX[1], width=right - x + 6, height=MAP_BOX[3], rx=10)}'
           ' fill="#fbf6e8" stroke="#d8c9a3"/>']
    y = MAP_BOX[1] + 24
    if state is not None and not state.is_over:
        out.append(text(x + 6, y, words["order"], class_="pk-h"))
        y += 8
        attackers = {d: a for a, d in state.attacks}
        if not state.order:
            y += 22
            out.append(text(x + 8, y, words["order_to_roll"], class_="pk-s",
                            font_style="italic", data_order_row=""))
        for place, p in enumerate(state.order):
            y += 24
            chosen = state.phase != "orders" or place < state.step
            moving = state.phase == "orders" and state.to_move == p
            said = _choice_words(state, record, p, chosen, moving, attackers, words)
            # What the city chose goes beside its name, or under it when it is too long.
            wraps = not _fits(said, right - x - 130)
            if moving:
                tall = 48 if wraps else 24
                out.append(f'<rect {attrs(x=x, y=y - 18, width=right - x - 6, height=tall, rx=4)}'
                           ' fill="#fff3c4" stroke="#1d160b" stroke-width="1.2"/>')
            out.append(text(x + 8, y, f"{place + 1}.", class_="pk-t", font_weight="700"))
            out.append(shape(PLAYER_SHAPES[p], x + 34, y - 5.5, 7.5, fill=PLAYER_COLORS[p],
                             stroke="#1d160b", stroke_width="1"))
            out.append(text(x + 48, y, state.name(p), class_="pk-t", font_weight="700"))
            if wraps:
                y += 22
            out.append(text(x + 48 if wraps else x + 126, y, said, class_="pk-s",
                            data_order_row=cmap.city_id(p)))
        y += 30
        out.append(text(x + 6, y, words["battles_title"], class_="pk-h"))
        y += 8
        if not state.attacks:
            y += 24
            out.append(text(x + 8, y, words["no_battles"], class_="pk-s", font_style="italic"))
        for n, (a, d) in enumerate(state.attacks):
            y += 24
            out.append(text(x + 8, y, f"{n + 1}.", class_="pk-t", font_weight="700"))
            out.append(text(x + 32, y, f"{state.name(a)} → {state.name(d)}", class_="pk-t"))
            said = _battle_words(state, record, n, a, d, words)
            if not _fits(said, right - x - 176):
                y += 22
            out.append(text(x + 176 if _fits(said, right - x - 176) else x + 32, y, said,
                            class_="pk-s", data_battle_row=str(n + 1)))
        if record.last and state.phase == "orders" and (
                record.last_turn is None or record.last_turn == state.turn - 1):
            y += 30
            out.append(text(x + 6, y, words["last_battles"].format(turn=state.turn - 1),
                            class_="pk-h"))
            y += 8
            for n, (a, d, result) in enumerate(record.last):
                y += 24
                out.append(text(x + 8, y, f"{n + 1}.", class_="pk-t", font_weight="700"))
                out.append(text(x + 32, y, f"{state.name(a)} → {state.name(d)}",
                                class_="pk-t"))
                said = _result_words(state, result, a, d, words)
                if not _fits(said, right - x - 176):
                    y += 22
                out.append(text(x + 176 if _fits(said, right - x - 176) else x + 32, y, said,
                                class_="pk-s", data_last_battle=str(n + 1)))
        y += 30
    elif state is not None:
        y += 2
        out.append(text(x + 6, y, words["over"], class_="pk-h"))
        head = state.independent[0]
        y += 24
        out.append(text(x + 8, y, f"{state.name(head)} {words['rules_sumer']}", class_="pk-t"))
        y += 22
        winners = ", ".join(state.name(w) for w in sorted(state.winners()))
        out.append(text(x + 8, y, f"{words['winners']}: {winners}", class_="pk-t",
                        font_weight="700"))
        y += 32
    out.append(text(x + 6, y, words["realms"], class_="pk-h"))
    y += 6
    for head in range(len(cmap.cities)):
        if lords[head] >= 0:
            continue
        y += 24
        out.append(_crown(x + 14, y - 6, 8))
        out.append(shape(PLAYER_SHAPES[head], x + 34, y - 5.5, 7.5, fill=PLAYER_COLORS[head],
                         stroke="#1d160b", stroke_width="1"))
        vassals = [v for v, lord in enumerate(lords) if lord == head]
        line = cmap.city_name(head)
        if vassals:
            line += f" — {words['overlord_of']} " + ", ".join(
                cmap.city_name(v) + (f" ({words['won_for'].format(n=state.made[v][head])})"
                                     if state is not None and state.made[v][head] else "")
                for v in vassals)
        out.append(text(x + 48, y, line, class_="pk-t", data_realm=cmap.city_id(head)))
    # The legend, at the foot of the panel.
    y = MAP_BOX[1] + MAP_BOX[3] - 108
    out.append(f'<line {attrs(x1=x + 8, y1=y, x2=x + 40, y2=y)} stroke="{AVENUE}" '
               'stroke-width="4.5" stroke-linecap="round"/>'
               + text(x + 50, y + 4, words["avenue"], class_="pk-xs"))
    y += 22
    out.append(f'<line {attrs(x1=x + 8, y1=y, x2=x + 40, y2=y)} stroke="{RIVER}" '
               'stroke-width="4" stroke-linecap="round"/>'
               + text(x + 50, y + 5, words["river"], class_="pk-xs"))
    y += 22
    out.append(f'<circle {attrs(cx=x + 24, cy=y, r=4.5)} fill="#8a7a5a"/>'
               + text(x + 50, y + 5, words["landmark"], class_="pk-xs"))
    y += 24
    # The map's name on two lines if it must ("Map: Sumer, 3000 BC" / "— campaign map ...").
    name = words["reconstruction"].format(name=cmap.name)
    first, dash, rest = name.partition(" — ")
    lines = [name] if _fits(name, right - x - 12) or not dash else [first, dash + rest]
    for line in lines:
        out.append(text(x + 8, y + 5, line if len(line) <= 46 else line[:44] + "…",
                        class_="pk-xs", font_style="italic"))
        y += 21
    return out


def _fits(words_: str, room: float) -> bool:
    """Whether `words_` at `FONT` probably fit in `room` units (a sans-serif letter is about
    half the font's size wide on average)."""
    return len(words_) * FONT * 0.52 <= room


def _choice_words(state: pk.State, record: TurnRecord, p: int, chosen: bool, moving: bool,
                  attackers: Mapping[int, int], words: Mapping[str, str]) -> str:
    choice = record.choices.get(p) if chosen else None
    if choice is not None:
        if choice[0] == "attack":
            via = f" ({words['via']} {state.name(choice[2])})" if choice[2] is not None else ""
            return f"{words['attacks']} {state.name(choice[1])}{via}"
        if choice[0] == "sacrifice":
            return words["sacrifices"]
        return f"{words['reorganizes']} {choice[1]}"
    if chosen:
        return words["chosen"]
    note = f" · {words['attacked_by']} {state.name(attackers[p])}" if p in attackers else ""
    return (words["to_choose"] if moving else words["waiting"]) + note


def _result_words(state: pk.State, result: Event, a: int, d: int,
                  words: Mapping[str, str]) -> str:
    if isinstance(result, ev.BattleCalledOff):
        return words["called_off"]
    broke = {"none": words["no_break"], "both": words["both_broke"],
             "attacker": f"{state.name(a)} {words['broke']}",
             "defender": f"{state.name(d)} {words['broke']}"}[result.broken]
    return f"{result.attacker_points}–{result.defender_points} · {broke}"


def _battle_words(state: pk.State, record: TurnRecord, n: int, a: int, d: int,
                  words: Mapping[str, str]) -> str:
    result = record.results.get((a, d))
    if result is not None:
        return _result_words(state, result, a, d, words)
    if state.phase == "battles" and n == state.step:
        return f"{words['next']}: {state.name(a)} {words['decides']}"
    if state.phase == "battles" and n < state.step:
        return words["chosen"]
    return words["after_orders"]


# ------------------------------------------------------------------------------- the armies


TROOP_STYLE = {  # fill, stroke, height: heavy foot dark and tall, bows light, skirmishers low
    "Bd": ("#5a4632", "#2b2113", 13), "Sp": ("#5a4632", "#2b2113", 13),
    "Pk": ("#5a4632", "#2b2113", 13), "Ax": ("#7d6a4f", "#2b2113", 12),
    "Wb": ("#7d6a4f", "#2b2113", 12), "Bw": ("#e9dcb8", "#5a4632", 11),
    "Ps": ("#f7f0dc", "#5a4632", 7),
}


def _armies(state: pk.State, initial: Sequence[Army] | None, card_h: float,
            lang: str) -> list[str]:
    return [_army_card(state.map, state.players, p, state.armies[p], state.overlord[p],
                       state.blessed[p], initial[p] if initial is not None else None, card_h,
                       lang)
            for p in range(state.players)]


# A card changes only when its army, overlord or blessing does: most moves redraw none of them,
# and drawing all four was a third of a Priest-Kings click's time in the kernel.
@functools.lru_cache(maxsize=256)
def _army_card(cmap: pk.CampaignMap, players: int, p: int, army: Army, lord: int, blessed: bool,
               start: Army | None, card_h: float, lang: str) -> str:
    words = WORDS.get(lang, WORDS["en"])
    gap = 8
    card_w = (WIDTH - 24 - gap * (players - 1)) / players
    x = 12 + p * (card_w + gap)
    y = ARMY_TOP
    out = [f'<g class="pk-army" data-army="{cmap.city_id(p)}">',
           f'<rect {attrs(x=x, y=y, width=card_w, height=card_h, rx=8)} '
           f'fill="#fbf6e8" stroke="{PLAYER_COLORS[p]}" stroke-width="2.5"/>',
           shape(PLAYER_SHAPES[p], x + 16, y + 19, 8.5, fill=PLAYER_COLORS[p],
                 stroke="#1d160b", stroke_width="1.2"),
           text(x + 30, y + 25, cmap.city_name(p), class_="pk-h")]
    status = (words["independent"] if lord < 0
              else f"{words['vassal_of']} {cmap.city_name(lord)}")
    out.append(text(x + card_w - 10, y + 24, status, class_="pk-xs", text_anchor="end"))
    out.append(text(x + 12, y + 47, f"{army.total_ap} {words['army']} · "
                    f"{army.total_me:g} {words['me']}", class_="pk-s"))
    out.append(text(x + card_w - 10, y + 47, f"{army.elements} {words['elements']}",
                    class_="pk-s", text_anchor="end"))
    if blessed:  # beside the city's name, where the header leaves room
        out.append(f'<g class="pk-sacrificed"><title>{escape(words["sacrificed"])}</title>'
                   + _flame(x + 42 + len(cmap.city_name(p)) * 10.5, y + 19, 7.5, "#b35900")
                   + "</g>")
    for c, command in enumerate(army.commands):
        cy = y + 68 + c * COMMAND_H
        out.extend(_command_row(army, command, start, x + 12, cy, card_w - 24, words))
    out.append("</g>")
    return "".join(out)


def _command_row(army: Army, command: Any, start: Army | None, x: float, y: float,
                 width: float, words: Mapping[str, str]) -> list[str]:
    troops = {t.name: t for t in army.troops}
    counts: dict[str, int] = {}
    for e in command.elements:
        t = troops[e.troops]
        counts[t.type] = counts.get(t.type, 0) + e.count
    reorganized = 0
    if start is not None:
        try:
            before = start.command(command.id).count(REORGANIZE_FROM)
            reorganized = max(0, (before - command.count(REORGANIZE_FROM)) // 4)
        except pk.InvalidInput:
            reorganized = 0
    summary = " · ".join(f"{n} {kind}" for kind, n in counts.items())
    out = [f'<g class="pk-command" data-command="{escape(command.id)}" '
           f'data-reorganized="{reorganized}"><title>{escape(command.name)}: '
           f'{escape(summary)}</title>',
           text(x, y + 4, command.name, class_="pk-s", font_weight="700"),
           text(x, y + 23, summary, class_="pk-xs")]
    if reorganized:
        out.append(_swap(x + width - 8, y - 1, 6.5, "#b35900"))
    # The bases on the row under the troops.
    y += 23
    # One small base per element, as on the table: generals first, then by troops. The bases
    # of one kind are one path (a long army is many bases; the picture stays small).
    cx = x
    elements = sorted(command.elements, key=lambda e: not e.general)
    total = sum(e.count for e in elements)
    step = min(11.0, (width - 2) / max(total, 1))
    for e in elements:
        t = troops[e.troops]
        fill, stroke, h = TROOP_STYLE.get(t.type, ("#c9b995", "#5a4632", 11))
        # The blades a reorganization brought are the last of their kind, outlined.
        new = min(reorganized, e.count) if not e.general and e.troops == REORGANIZE_TO else 0
        for count, fresh in ((e.count - new, False), (new, True)):
            if not count:
                continue
            d = "".join(f"M{cx + i * step:.1f},{y + 20 - h:.1f}h{step - 2:.1f}v{h}"
                        f"h{2 - step:.1f}z" for i in range(count))
            kind = "pk-bases pk-new" if fresh else "pk-bases"
            out.append(f'<path {attrs(d=d, fill=fill, stroke="#b35900" if fresh else stroke)} '
                       f'stroke-width="{2 if fresh else 0.8}" stroke-linejoin="round" '
                       f'class="{kind}" data-troops="{escape(e.troops)}" data-count="{count}"/>')
            if e.general:
                out.append(f'<circle {attrs(cx=cx + (step - 2) / 2, cy=y + 20 - h / 2, r=2.4)} '
                           'fill="#e8b923" class="pk-general"/>')
            cx += step * count
    out.append("</g>")
    return out


def _map_text(cmap: pk.CampaignMap, lords: Sequence[int], words: Mapping[str, Any]) -> str:
    """The map without a campaign as text (the picture's ``<desc>``)."""
    lines = [f"{cmap.name}"]
    for n, city in enumerate(cmap.cities):
        lord = lords[n]
        lines.append(f"  {city.name}: " + (words["independent"] if lord < 0
                                           else f"{words['vassal_of']} {cmap.city_name(lord)}"))
    lines.append(f"{words['avenues']}: " + ", ".join(f"{cmap.city_name(a)}–{cmap.city_name(b)}"
                                                    for a, b in cmap.avenues))
    return "\n".join(lines)
