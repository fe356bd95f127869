"""The Sumeria board as SVG: one renderer for the widget, its static fallback, and notebooks.

`render(state)` draws a game position: the river, the trade routes, the city-states with their
place in the row, cities / towns / villages by shape and size, traders by colour *and* shape
(the players' boxes below the board are their legend: each player's shape beside the name), the
city-state tile row with its three scoring places and the influence tiles above
them, each player's reserve and tiles, and the round, turn and player to move. `render(board=...,
traders=...)` draws a board without a game (the explorer). `selected` and `paths` draw a trader's
reachability: its destinations ringed and the hops to each traced.

Every location is a ``<g class="loc" data-loc="kish.city" data-x data-y>`` so the widget's
JavaScript can find it; the picture's ``<desc>`` holds the text form of the position.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from html import escape

from engine.sumeria import TILE_NAMES, TILES, Board, State, player_name
from engine.sumeria.scoring import score_counts
from engine.sumeria.text import render_text
from sumer_widgets.palette import inline
from sumer_widgets.svg import (
    BOARD_ROLE,
    PLAYER_COLORS,
    PLAYER_SHAPES,
    Svg,
    arrowhead,
    attrs,
    control,
    convex_hull,
    padded,
    picture_css,
    points_attr,
    shape,
    smooth_path,
    text,
)
from sumer_widgets.words import words

TILE_COLORS = {"E": "#F0E442", "M": "#D55E00", "P": "#56B4E9", "R": "#8CC084"}
TERRITORY = ("#e8d9b5", "#dfe6c8", "#ecd5c6", "#d9e2e6", "#e6d3de", "#e3e0c3", "#d5e3d6",
             "#ebdcc6")
# Height of the panel below the board. Its words are 20 units or more, and `svg.picture_css`
# keeps them at `svg.LEGIBLE_PX` on screen where the picture is drawn smaller.
PANEL = 255

WORDS = words(__file__)["WORDS"]

CSS = picture_css(inline("""
.route{fill:none;stroke:#b08d57;stroke-width:4;stroke-linecap:round}
.loc-mark{fill:#fbf5e6;stroke:#6b5a3c;stroke-width:1.6}
.cs-name{font:600 21.5px sans-serif;fill:#4a3b22}
.rank{font:700 20px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central}
.status{font:600 21px sans-serif;fill:#333}
.small{font:20px sans-serif;fill:#333}
.tile-letter{font:700 20px sans-serif;fill:#222;text-anchor:middle;dominant-baseline:central}
.dest-ring{fill:none;stroke:var(--sumer-may);stroke-width:3;stroke-dasharray:4 2}
.selected-ring{fill:none;stroke:var(--sumer-selected);stroke-width:3}
.hop{fill:none;stroke:var(--sumer-may);stroke-width:2.5;stroke-opacity:.85}
.hop-head{fill:var(--sumer-may)}
"""), ".sumeria-board")


def render(state: State | None = None, *, board: Board | None = None,
           traders: Mapping[str, int] | None = None, lang: str = "en",
           selected: str | None = None, paths: Mapping[str, Sequence[str]] | None = None,
           highlights: Iterable[str] = (), panel: bool | None = None,
           width: int | None = None) -> Svg:
    """The board as SVG.

    Args:
        state: a game position; or leave it out and give `board` and `traders`
            (``{location id: player}``) for a board without a game.
        lang: ``"en"`` or ``"nl"`` for every word on the picture.
        selected: a location whose trader is ringed.
        paths: ``{destination: [start, ..., destination]}`` (as ``Board.paths`` gives): each
            destination is ringed and the hops to it are traced.
        highlights: more locations to ring.
        panel: draw the row and players below the board (default: when there is a game).
        width: the picture's width in pixels (default: scales to its container).
    """
    if state is not None:
        board = state.board
        locs = board.locations
        traders = {locs[i].id: o for i, o in enumerate(state.traders) if o >= 0}
    elif board is None:
        board = Board.standard()
    traders = dict(traders or {})
    words = WORDS.get(lang, WORDS["en"])
    show_panel = state is not None if panel is None else panel
    w, h = board.size
    total_h = h + (PANEL if show_panel else 0)
    rank_of = {cs: k + 1 for k, cs in enumerate(state.row)} if state is not None else {}

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" '
           f'{attrs(viewBox=f"0 0 {w:.0f} {total_h:.0f}", width=width, class_="sumeria-board")}'
           f' {BOARD_ROLE}>']
    title = "Sumeria" if state is None else f"Sumeria — {state.summary(lang)}"
    out.append(f"<title>{escape(title)}</title>")
    described = (render_text(state, lang) if state is not None
                 else _traders_text(board, traders, lang))
    out.append(f"<desc>{escape(described)}</desc>")
    out.append(f"<style>{CSS}</style>")
    out.append(f'<rect width="{w:.0f}" height="{total_h:.0f}" fill="#f6efdc"/>')
    out.append(_landscape(board))

    # Locations, traders, names.
    movers = _movers(state, board, traders)
    for loc in board.locations:
        owner = traders.get(loc.id)
        label = board.label(loc.id, lang)
        piece = ""
        if owner is not None:
            # No initial on it: a village's trader is too small for a letter a projector
            # shows; its shape and colour say whose it is, like the players' boxes below.
            piece = shape(PLAYER_SHAPES[owner], loc.x, loc.y,
                          {"city": 13, "town": 11, "village": 10}[loc.kind],
                          fill=PLAYER_COLORS[owner], stroke="#222", stroke_width="1.2",
                          class_="piece")
        owner_name = "" if owner is None else f" — {player_name(owner, lang)}"
        group = attrs(class_=f"loc {loc.kind}", data_loc=loc.id, data_x=loc.x, data_y=loc.y,
                      data_owner=owner, **control(_name(label, owner, movers.get(loc.id),
                                                        words, lang)))
        out.append(f"<g {group}><title>{escape(label + owner_name)}</title>"
                   f"{_location_mark(loc.kind, loc.x, loc.y)}{piece}</g>")
    for cs in board.city_states:
        city = board.location(board.city(cs.id))
        dy = -40 if city.y < h / 2 else 38
        out.append(text(city.x, city.y + dy, cs.name, class_="cs-name", text_anchor="middle"))
        if cs.id in rank_of:
            rank = rank_of[cs.id]
            colour = ("#b8860b", "#7d7d7d", "#a0522d")[rank - 1] if rank <= 3 else "#6b5a3c"
            bx = city.x + 27
            by = city.y - 22
            out.append(f'<circle {attrs(cx=bx, cy=by, r=14, fill=colour)}/>'
                       + text(bx, by, str(rank), class_="rank"))

    # Reachability: rings on destinations, hops traced from the start.
    if selected is not None:
        sel = board.location(selected)
        out.append(f'<circle class="selected-ring" {attrs(cx=sel.x, cy=sel.y, r=17)}/>')
    for path in (paths or {}).values():
        pts = _shorten(_traced(board, path))
        out.append(f'<polyline class="hop" {attrs(points=points_attr(pts))}/>')
        if len(pts) >= 2:
            out.append(f'<polygon class="hop-head" {attrs(points=arrowhead(pts[-2], pts[-1]))}/>')
    for loc_id in dict.fromkeys([*(paths or {}), *highlights]):
        loc = board.location(loc_id)
        out.append(f'<circle class="dest-ring" {attrs(cx=loc.x, cy=loc.y, r=16)}/>')

    if state is None:
        out.append(text(16, 26, words["explorer"], class_="status"))
    else:
        out.append(text(16, 26, _status(state, words, lang), class_="status"))
    if show_panel and state is not None:
        out.extend(_panel(state, h, w, words, lang))
    out.append("</svg>")
    return Svg("".join(out))


def _movers(state: State | None, board: Board, traders: Mapping[str, int]) -> dict[str, int]:
    """How many destinations each trader that may move now has: the player to move's in the
    turns phase, every trader in the explorer."""
    if state is not None and (state.phase != "turns" or state.is_over):
        return {}
    occupied = set(traders)
    return {loc: len(board.reachable(loc, occupied)) for loc, owner in traders.items()
            if state is None or owner == state.to_move}


def _name(label: str, owner: int | None, destinations: int | None,
          words: Mapping[str, str], lang: str) -> str:
    """A location's accessible name: "Kish town 1, Blue trader, 3 destinations"."""
    if owner is None:
        return f"{label}, {words['empty']}"
    name = f"{label}, {words['trader'].format(player=player_name(owner, lang))}"
    if destinations is None:
        return name
    key = "dest_0" if destinations == 0 else "dest_1" if destinations == 1 else "dest_n"
    return f"{name}, {words[key].format(n=destinations)}"


@functools.lru_cache(maxsize=32)
def _landscape(board: Board) -> str:
    """Territories, river and routes: what never changes on a board, drawn once."""
    out = []
    # Territories: a soft outline around each city-state's locations.
    for n, cs in enumerate(board.city_states):
        pts = [(loc.x, loc.y) for loc in board.locations if loc.city_state == cs.id]
        hull = padded(convex_hull(pts), 26)
        if len(hull) >= 3:
            out.append(f'<path {attrs(d=smooth_path(hull, closed=True), fill=TERRITORY[n % 8])}'
                       f' class="territory" data-cs="{escape(cs.id)}" opacity="0.6"/>')
        else:
            x, y = pts[0]
            out.append(f'<circle {attrs(cx=x, cy=y, r=34, fill=TERRITORY[n % 8])}/>')
    if board.river:
        out.append(f'<path {attrs(d=smooth_path(board.river))} fill="none" stroke="#7fb3d5" '
                   'stroke-width="22" stroke-linecap="round" opacity="0.8" class="river"/>')
        out.append(f'<path {attrs(d=smooth_path(board.river))} fill="none" stroke="#a9cce3" '
                   'stroke-width="8" stroke-linecap="round" class="river"/>')
    for n in range(len(board.routes)):
        pts = board.route_points(n)
        out.append(f'<polyline class="route" {attrs(points=points_attr(pts))} '
                   f'data-route="{n}"/>')
    return "".join(out)


def _location_mark(kind: str, x: float, y: float) -> str:
    if kind == "city":
        return (f'<rect class="loc-mark" {attrs(x=x - 15, y=y - 15, width=30, height=30, rx=5)}'
                "/>")
    if kind == "town":
        return f'<circle class="loc-mark" {attrs(cx=x, cy=y, r=11)}/>'
    return f'<rect class="loc-mark" {attrs(x=x - 7, y=y - 7, width=14, height=14)} ' \
           f'transform="rotate(45 {x:.1f} {y:.1f})"/>'


def _traced(board: Board, path: Sequence[str]) -> list[tuple[float, float]]:
    """The points a path of locations is traced through, round the bends of its routes."""
    pts: list[tuple[float, float]] = []
    for k, loc_id in enumerate(path):
        if k:
            pts.extend(board.bends_between(path[k - 1], loc_id))
        loc = board.location(loc_id)
        pts.append((loc.x, loc.y))
    return pts


def _shorten(pts: list[tuple[float, float]], by: float = 14) -> list[tuple[float, float]]:
    """End the traced hops at the destination's rim, so the arrowhead stays visible."""
    if len(pts) < 2:
        return pts
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    d = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-6)
    return [*pts[:-1], (x1 - (x1 - x0) / d * by, y1 - (y1 - y0) / d * by)]


def _status(state: State, words: Mapping[str, str], lang: str) -> str:
    if state.is_over:
        winners = " & ".join(player_name(p, lang) for p in sorted(state.winners()))
        return f"{words['over']} — {winners} {words['wins']}"
    who = f"{player_name(state.to_move, lang)} {words['to_move']}"
    if state.phase == "placement":
        return f"{words['setup']} · {who}"
    if state.phase == "scoring":
        return f"{words['round']} {state.round} · {words['scoring']} · {who}"
    rounds = state.options.rounds
    return (f"{words['round']} {state.round} {words['of']} {rounds} · {words['turn']} "
            f"{state.turn} {words['of']} 3 · {who}")


def _tile(x: float, y: float, letter: str, size: float = 28, lang: str = "en") -> str:
    name = TILE_NAMES[lang][letter]
    return (f'<g class="tile" data-tile="{letter}"><title>{escape(name)}</title>'
            f'<rect {attrs(x=x, y=y, width=size, height=size, rx=3, fill=TILE_COLORS[letter])}'
            f' stroke="#444" stroke-width="1"/>'
            + text(x + size / 2, y + size / 2 + 0.5, letter, class_="tile-letter") + "</g>")


def _panel(state: State, top: float, width: float, words: Mapping[str, str],
           lang: str) -> list[str]:
    board = state.board
    out = [f'<rect {attrs(x=0, y=top, width=width, height=PANEL, fill="#efe4c8")}/>',
           text(16, top + 24, words["row"], class_="small")]
    count = len(state.row)
    slot = (width - 32) / max(count, 1)
    for k, cs_id in enumerate(state.row):
        x = 16 + k * slot
        scored = k < 3
        out.append(f'<rect {attrs(x=x + 3, y=top + 70, width=slot - 6, height=42, rx=6)} '
                   f'fill="{"#fff4d0" if scored else "#faf6ea"}" '
                   f'stroke="{"#b8860b" if scored else "#9c8a66"}" '
                   f'stroke-width="{2.5 if scored else 1}" data-row="{k + 1}"/>')
        out.append(text(x + slot / 2, top + 98, f"{k + 1}. {board.city_state(cs_id).name}",
                        class_="small", text_anchor="middle", font_weight="600"))
        if scored:
            tiles = state.offer[k]
            for t, letter in enumerate(tiles):
                out.append(_tile(x + slot / 2 - len(tiles) * 16 + t * 32 + 2, top + 36, letter,
                                 lang=lang))
    # Players: shape and name, reserve, tiles by type, points; the player to move is framed.
    col = (width - 32) / state.players
    for p in range(state.players):
        x = 16 + p * col
        y = top + 120
        moving = state.to_move == p
        out.append(f'<rect {attrs(x=x + 3, y=y, width=col - 6, height=126, rx=8)} '
                   f'fill="#fbf7ec" stroke="{"#222" if moving else "#c9b995"}" '
                   f'stroke-width="{3 if moving else 1}" data-player="{p}"/>')
        out.append(shape(PLAYER_SHAPES[p], x + 24, y + 22, 10, fill=PLAYER_COLORS[p],
                         stroke="#222", stroke_width="1.2"))
        first = f" · {words['first']}" if state.first_player == p and not state.is_over else ""
        out.append(text(x + 42, y + 28, f"{player_name(p, lang)}{first}", class_="small",
                        font_weight="700"))
        out.append(text(x + 14, y + 58, f"{words['reserve']}: {state.reserve[p]}",
                        class_="small"))
        counts = state.influence[p]
        for t, letter in enumerate(TILES):
            out.append(_tile(x + 14 + t * 74, y + 74, letter, lang=lang))
            out.append(text(x + 46 + t * 74, y + 95, f"×{counts[t]}", class_="small"))
        points = score_counts(counts, state.options.points)
        out.append(text(x + col - 16, y + 58, f"{points} {words['points']}",
                        class_="small", text_anchor="end", font_weight="700"))
    return out


def _traders_text(board: Board, traders: Mapping[str, int], lang: str) -> str:
    return ", ".join(f"{board.label(loc, lang)}: {player_name(p, lang)}"
                     for loc, p in sorted(traders.items()))
