"""Sumeria's values as a learner reads them: sentences and small pictures, English and Dutch.

- `move_text`: a move as a sentence — "Blue moves the trader from Kish town 1 to Nippur
  village 1" / "Blauw verplaatst de handelaar van Kish stad 1 naar Nippur dorp 1".
- `row_strip`: the row of importance (the game's core) as a strip of eight city-state tiles,
  the three scored ones framed with the influence tiles above them; given the position before
  a change, each tile is joined to where it was, so a swap or the end-of-round turn shows.
- `offer_text`, `tiles_text`: the influence tiles offered, and any handful of tiles, in words.
- `control_table`: who would control the scored city-states, and what decided it.
- `score_table`, `points_table`: players' tiles by type with their points, and the
  rulebook's table of points.
- `winners_text`: who won, as a sentence.
- `marked`: the board with lettered places, for questions that name places.

The sentences are the word tables of ``words.<lang>.toml`` beside this module
(``[readers.MOVES]``, ``[readers.CONTROL]``, ...): a language is added there, not here.

Importing this module registers the text forms with IPython (`display.register`) and the row
strip as the picture shown after every `attempt` that moves the row
(`display.register_change`). `speak("nl")` makes the registered text forms Dutch.

Limits: pictures are static SVG (no clicks; the boards are for that); the names of players are
the engine's colour names.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine import sumeria
from engine.core import Message
from engine.sumeria import Add, MoveTrader, Place, Remove, State, TakeTiles, player_name
from engine.sumeria.events import ControlDecided
from engine.sumeria.scoring import TRIANGLE, score_counts
from engine.sumeria.state import TILE_NAMES, TILES, TURNS_PER_ROUND
from sumer_widgets import display
from sumer_widgets.display import Table, listed, speak, spoken  # noqa: F401 (speak: for notebooks)
from sumer_widgets.svg import PLAYER_COLORS, Svg, attrs, letter_marks, text
from sumer_widgets.words import words

#: Tile colours as the board draws them (Okabe–Ito based).
TILE_COLORS = {"E": "#F0E442", "M": "#D55E00", "P": "#56B4E9", "R": "#8CC084"}
RANK_COLORS = ("#b8860b", "#7d7d7d", "#a0522d")

WORDS = words(__file__)["WORDS"]
#: "1st", "2nd" … / "1e", "2e" …
ORDINALS = words(__file__)["ORDINALS"]
#: A move as a sentence: an order ("place"), or with who makes it ("place_who").
MOVES = words(__file__)["MOVES"]
#: Tiles in words: each kind alone ("one") and several ("some"), then the whole handful.
TILE_WORDS = words(__file__)["TILES"]
NUMBER_WORDS = words(__file__)["NUMBER_WORDS"]
#: Where the game stands, by phase.
SUMMARY = words(__file__)["SUMMARY"]
#: Who won.
WINNERS = words(__file__)["WINNERS"]
#: Who would control a city-state.
CONTROL = words(__file__)["CONTROL"]


def _words(lang: str) -> dict[str, Any]:
    return WORDS.get(lang, WORDS["en"])


def word(key: str, lang: str = "en") -> str:
    """One of the readers' words (`WORDS`), e.g. ``word("nobody", "nl")``."""
    return _words(lang)[key]


def _told(table: Mapping[str, Mapping[str, str]], key: str, lang: str, **values: Any) -> str:
    return Message(table, key, **values).describe(lang)


def ordinal(n: int, lang: str = "en") -> str:
    """1st, 2nd, 3rd … / 1e, 2e, 3e …"""
    told = ORDINALS.get(lang, ORDINALS["en"])
    return told.get(str(n), told["other"]).format(n=n)


def _join(items: Sequence[str], lang: str) -> str:
    return listed(items, lang)


# Sentences ------------------------------------------------------------------------------------


def tiles_text(letters: str, lang: str = "en") -> str:
    """Tiles in words: ``"EM"`` → "an economy tile and a military tile" / "een economische en
    een militaire invloedsmarker"; ``"EE"`` → "two economy tiles"."""
    if not letters:
        return _words(lang)["nothing"]
    told = TILE_WORDS.get(lang, TILE_WORDS["en"])
    numbers = NUMBER_WORDS.get(lang, NUMBER_WORDS["en"])
    counts = {t: letters.count(t) for t in TILES if t in letters}
    parts = [told["one"][t] if n == 1 else told["some"][t].format(number=numbers[n])
             for t, n in counts.items()]
    return told["single" if len(letters) == 1 else "several"].format(
        tiles=_join(parts, lang))


def move_text(move: Any, lang: str = "en", player: int | None = None,
              board: sumeria.Board | None = None) -> str:
    """A move as a sentence; with `player`, who makes it ("Blue moves …"), else an order
    ("Move …")."""
    board = board or sumeria.Board.standard()

    def place(loc_id: str) -> str:
        return board.label(loc_id, lang)

    if isinstance(move, (Place, Add, Remove)):
        key = {Place: "place", Add: "add", Remove: "remove"}[type(move)]
        values: dict[str, Any] = {"where": place(move.location)}
    elif isinstance(move, MoveTrader):
        key, values = "move", {"origin": place(move.origin),
                               "destination": place(move.destination)}
    elif isinstance(move, TakeTiles):
        key, values = "take", {"tiles": tiles_text(move.tiles, lang)}
    else:
        raise TypeError(f"not a Sumeria move: {move!r}")
    if player is None:
        return _told(MOVES, key, lang, **values)
    return _told(MOVES, f"{key}_who", lang, who=player_name(player, lang), **values)


def offer_text(state: State, lang: str = "en") -> str:
    """The influence tiles above the three leading city-states, in words."""
    w = _words(lang)
    parts = []
    for rank, letters in enumerate(state.offer):
        name = state.board.city_state(state.row[rank]).name
        names = ", ".join(TILE_NAMES[lang][t] for t in letters) or w["nothing"]
        parts.append(f"{w['above'].format(name=name, rank=ordinal(rank + 1, lang))}: {names}")
    text_ = "; ".join(parts)
    return text_[0].upper() + text_[1:]


def summary_text(state: State, lang: str = "en") -> str:
    """Where the game stands: "Round 2 of 6, turn 1 of 3: Orange to move." """
    if state.is_over:
        return winners_text(state, lang)
    return _told(SUMMARY, state.phase, lang, who=player_name(state.to_move, lang),
                 round=state.round, rounds=state.options.rounds, turn=state.turn,
                 turns=TURNS_PER_ROUND)


def winners_text(position: State | Sequence[Sequence[int]], lang: str = "en",
                 names: Sequence[str] | None = None) -> str:
    """Who won, as a sentence, from a finished game or from each player's tile counts."""
    if isinstance(position, State):
        if not position.is_over:
            return _told(WINNERS, "not_over", lang)
        influence = position.influence
        table = position.options.points
    else:
        influence = position
        table = TRIANGLE
    from engine.sumeria.scoring import final_winners

    names = list(names) if names is not None else [player_name(p, lang)
                                                   for p in range(len(influence))]
    winners = sorted(final_winners(influence, table))
    scores = [score_counts(c, table) for c in influence]
    best = scores[winners[0]]
    level = [p for p, s in enumerate(scores) if s == best]
    who = _join([names[p] for p in winners], lang)
    if len(winners) > 1:
        return _told(WINNERS, "shared", lang, who=who, points=best)
    if len(level) > 1:
        return _told(WINNERS, "level", lang, who=who, points=best,
                     others=_join([names[p] for p in level if p not in winners], lang),
                     most=max(influence[winners[0]]))
    return _told(WINNERS, "won", lang, who=who, points=best)


def control_text(state: State, rank: int, lang: str = "en") -> str:
    """Who would control the city-state at `rank` (0-based) if it were scored now, and why."""
    order, step, counts = sumeria.control(state, rank)
    where = {"name": state.board.city_state(state.row[rank]).name,
             "rank": ordinal(rank + 1, lang)}
    if not order:
        return _told(CONTROL, "none", lang, **where)

    def many(p: int) -> str:
        return _told(CONTROL, "one_trader" if counts[p] == 1 else "traders", lang, n=counts[p])

    first = {"first": player_name(order[0], lang), "count": many(order[0])}
    if len(order) == 1:
        return _told(CONTROL, "alone", lang, **where, **first)
    return _told(CONTROL, "second", lang, **where, **first,
                 second=player_name(order[1], lang), second_count=many(order[1]),
                 step=_step(state, step, lang))


def step_text(name: str | None, lang: str = "en") -> str:
    """The tie-break step `name` ("traders", "city", "towns", "villages", "order"; None: no
    step) that decided a control, in words."""
    return _words(lang)["steps"][name or "none"]


def _step(state: State, step: int | None, lang: str) -> str:
    return step_text(None if step is None else
                     ("traders", "city", state.options.tiebreak, "order")[step], lang)


# Pictures -------------------------------------------------------------------------------------

SLOT = 92
PAD = 12
STRIP_CSS = """
.rs-name{font:600 13px sans-serif;fill:#3b2f1a;text-anchor:middle}
.rs-old{font:11px sans-serif;fill:#6b5a3c;text-anchor:middle}
.rs-rank{font:700 11px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central}
.rs-caption{font:12px sans-serif;fill:#333}
.rs-label{font:italic 11px sans-serif;fill:#555}
.rs-tile{font:700 10px sans-serif;fill:#222;text-anchor:middle;dominant-baseline:central}
"""


def _tile(x: float, y: float, letter: str, lang: str, size: float = 16) -> str:
    name = TILE_NAMES[lang][letter]
    return (f'<g class="rs-tile-box" data-tile="{letter}"><title>{html.escape(name)}</title>'
            f'<rect {attrs(x=x, y=y, width=size, height=size, rx=2, fill=TILE_COLORS[letter])}'
            f' stroke="#444" stroke-width="0.8"/>'
            + text(x + size / 2, y + size / 2 + 0.5, letter, class_="rs-tile") + "</g>")


def row_strip(state: State, lang: str = "en", before: State | Sequence[str] | None = None,
              width: int | None = None) -> Svg:
    """The row of importance as a strip: eight city-state tiles, most important first.

    The first three are framed (they are scored at the end of the round) and carry the
    influence tiles offered above them. With `before` (a state or a row), the row before a
    change is drawn small above, each tile joined to its new place; tiles that moved are
    joined in colour.
    """
    board = state.board
    w = _words(lang)
    row = list(state.row)
    old = list(before.row if isinstance(before, State) else before) if before else None
    count = len(row)
    full_w = PAD * 2 + SLOT * count
    top = 22  # below the caption
    old_h = 40 if old else 0
    box_y = top + old_h
    box_h = 50
    total_h = box_y + box_h + 6
    names = {cs.id: cs.name for cs in board.city_states}
    box = attrs(viewBox=f"0 0 {full_w} {total_h}", width=width or full_w, class_="sumeria-row")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" {box} role="img">',
           f"<title>{html.escape(w['row'])}: "
           f"{html.escape(', '.join(f'{k + 1}. {names[c]}' for k, c in enumerate(row)))}"
           "</title>",
           f"<style>{STRIP_CSS}</style>",
           f'<rect width="{full_w}" height="{total_h}" fill="#f6efdc" rx="6"/>',
           text(PAD, 15, w["row"], class_="rs-caption")]
    if old:
        out.append(text(full_w - PAD, 15, f"{w['before']} ↓ {w['now']}", class_="rs-label",
                        text_anchor="end"))
        for k, cs in enumerate(old):
            cx = PAD + k * SLOT + SLOT / 2
            out.append(text(cx, top + 10, f"{k + 1}. {names[cs]}", class_="rs-old"))
        for k, cs in enumerate(row):
            was = old.index(cs) if cs in old else k
            x0 = PAD + was * SLOT + SLOT / 2
            x1 = PAD + k * SLOT + SLOT / 2
            moved = was != k
            out.append(f'<line {attrs(x1=x0, y1=top + 15, x2=x1, y2=box_y - 2)} '
                       f'stroke="{"#d7263d" if moved else "#c9b995"}" '
                       f'stroke-width="{2.5 if moved else 1}" data-moved="{int(moved)}"/>')
    offer = state.offer if state.phase in ("turns", "placement", "scoring") else ("", "", "")
    for k, cs in enumerate(row):
        x = PAD + k * SLOT
        scored = k < len(offer)
        moved = old is not None and cs in old and old.index(cs) != k
        out.append(f'<g class="rs-cs" data-cs="{cs}" data-rank="{k + 1}">'
                   f'<rect {attrs(x=x + 3, y=box_y, width=SLOT - 6, height=box_h, rx=6)} '
                   f'fill="{"#fff4d0" if scored else "#faf6ea"}" '
                   f'stroke="{"#d7263d" if moved else "#b8860b" if scored else "#9c8a66"}" '
                   f'stroke-width="{2.5 if scored or moved else 1}"/>')
        colour = RANK_COLORS[k] if k < 3 else "#6b5a3c"
        out.append(f'<circle {attrs(cx=x + 15, cy=box_y + 14, r=9, fill=colour)}/>'
                   + text(x + 15, box_y + 14, str(k + 1), class_="rs-rank"))
        out.append(text(x + SLOT / 2 + 7, box_y + 19, names[cs], class_="rs-name"))
        tiles = offer[k] if scored else ""
        for t, letter in enumerate(tiles):
            out.append(_tile(x + SLOT / 2 - len(tiles) * 9 + t * 18 + 1, box_y + 28, letter,
                             lang))
        out.append("</g>")
    out.append("</svg>")
    return Svg("".join(out))


def marked(state: State, marks: Mapping[str, str], lang: str = "en",
           selected: str | None = None, width: int | None = 640) -> Svg:
    """The board with a letter beside each place of `marks` (``{location: "A"}``) and the
    trader on `selected` ringed: for questions that name places."""
    from sumer_widgets.sumeria.picture import render

    picture = str(render(state, lang=lang, panel=False, selected=selected, width=width))
    spots = []
    for loc_id, letter in marks.items():
        loc = state.board.location(loc_id)
        spots.append((loc.x - 15, loc.y - 18, letter, {}))
    return letter_marks(picture, spots)


def _tile_head(letter: str, lang: str) -> str:
    return (f'<span style="display:inline-block;min-width:1.2em;background:'
            f'{TILE_COLORS[letter]};border:1px solid #444;border-radius:2px;font-weight:700">'
            f"{letter}</span> {html.escape(TILE_NAMES[lang][letter])}")


def score_table(players: State | Mapping[str, Mapping[str, int] | Sequence[int]],
                lang: str = "en", caption: str | None = None) -> Table:
    """Each player's influence tiles by type, what each type scores, and the total; the
    winner (by the rules' tie-breaks) starred.

    `players` is a state, or ``{name: counts}`` with counts as ``{"economy": 4, ...}`` or four
    numbers in the order economy, military, political, religion (the rulebook's example).
    The caption (default: who wins, for a finished game or a list of players) says it in a
    sentence.
    """
    table = TRIANGLE
    if isinstance(players, State):
        rows = [(player_name(p, lang), tuple(c)) for p, c in enumerate(players.influence)]
        table = players.options.points
    else:
        rows = []
        for name, counts in players.items():
            if isinstance(counts, Mapping):
                counts = tuple(counts.get(TILE_NAMES["en"][t], 0) for t in TILES)
            rows.append((name, tuple(counts)))
    from engine.sumeria.scoring import final_winners

    winners = final_winners([c for _, c in rows], table)
    w = _words(lang)
    header = [w["player"], *(TILE_NAMES[lang][t] for t in TILES), w["total"]]
    plain, cells = [], []
    for p, (name, counts) in enumerate(rows):
        star = " ★" if p in winners else ""
        parts = [f"{n} → {table[n]}" for n in counts]
        plain.append([name + star, *parts, str(score_counts(counts, table))])
        colour = PLAYER_COLORS[p] if isinstance(players, State) else "#333"
        cells.append([f'<b style="color:{colour}">{html.escape(name)}</b>{star}',
                      *(f"{n}× = <b>{table[n]}</b>" for n in counts),
                      f"<b>{score_counts(counts, table)}</b>"])
    heads = [html.escape(w["player"]), *(_tile_head(t, lang) for t in TILES),
             html.escape(w["total"])]
    if caption is None:
        finished = not isinstance(players, State) or players.is_over
        names = [name for name, _ in rows]
        counted = players if isinstance(players, State) else [c for _, c in rows]
        caption = winners_text(counted, lang, names) if finished else ""
    return Table(header, plain, caption=caption, html_cells=cells, html_header=heads)


def points_table(lang: str = "en") -> Table:
    """The rulebook's table: points for 1 to 9 tiles of one type."""
    w = _words(lang)
    counts = range(1, len(TRIANGLE))
    return Table([w["tiles_of_a_type"], *map(str, counts)],
                 [[w["points"], *(str(TRIANGLE[n]) for n in counts)]])


def control_table(state: State, lang: str = "en",
                  ranks: Iterable[int] = (0, 1, 2)) -> Table:
    """Who would control each scored city-state if the round ended now, who would be second,
    and which step decided between them."""
    w = _words(lang)
    rows = []
    for rank in ranks:
        order, step, counts = sumeria.control(state, rank)
        name = f"{ordinal(rank + 1, lang)} {state.board.city_state(state.row[rank]).name}"

        who = [f"{player_name(p, lang)} ({counts[p]})" for p in order[:2]]
        who += [w["nobody"]] * (2 - len(who))
        rows.append([name, *who, _step(state, step, lang) if len(order) > 1 else "—"])
    return Table([w["city_state"], w["control"], w["second"], w["decided"]], rows)


# Registration ---------------------------------------------------------------------------------


def _change(before: State, after: State, events: list[Any], lang: str) -> str:
    """After an attempted move: the row strip, joined to the row before, if the row changed
    (or a round was scored); and the players' tiles if any were taken."""
    parts = []
    scored = any(isinstance(e, ControlDecided) for e in events)
    if before.row != after.row or scored:
        parts.append(f'<div class="sumer-row">{row_strip(after, lang, before=before)}</div>')
    if before.influence != after.influence:
        parts.append(score_table(after, lang)._repr_html_())
    return "".join(parts)


def _register() -> None:
    for cls in (Place, Add, MoveTrader, Remove, TakeTiles):
        display.register(cls, lambda move: move_text(move, spoken()))
    display.register(State, lambda state: summary_text(state, spoken()))
    display.register_change("sumeria", _change)


_register()
