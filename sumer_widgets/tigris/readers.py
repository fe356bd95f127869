"""Tigris & Euphrates values as a learner reads them: sentences and small pictures.

What the engine keeps terse — ``tile r f3``, a hand ``'kkrbgg'``, influence ``(3, 5, 2, 6)`` —
a notebook shows here as sentences (English, and Dutch where the engine has the words) and as
small SVG pictures:

- `say_move`: a move as an instruction ("Place a red temple on f3."). Registered with IPython
  for every move class, so a move, or a list of moves, reads as sentences; `Moves` groups a
  long list ("Place a black settlement on a1, b3, … (48 squares)").
- `Hand`: a hand as a row of coloured tiles with their icons (hidden tiles face down).
- `Influence`: a player's points per colour as four small bars, the lowest colour marked.
- `FinalScore`: final scoring step by step — each treasure, a wild point, goes onto the lowest
  colour in turn — and the score, the lowest colour after that.
- `Strengths`: a revolt's or a war's two sides: board strength, support, totals, the winner.
- `Kingdoms`: the kingdoms and regions of a position, with their leaders, tiles and treasures.
- `Ranking`: final scorings side by side, who wins and why (the tie-break that decided);
  `Winners`: the same for a finished game.

An `attempt` (`sumer_widgets.display`) of a move that begins, goes on with or decides a revolt or
a war shows its `Strengths` between the sentences and the board, and one that ends the game the
final scoring (`display.register_change`).

Limits: the pictures are small, static and drawn in the board's colours; positions themselves
are drawn by the board's renderer (`sumer_widgets.tigris.picture`). Nothing here changes the engine.

>>> from engine import tigris
>>> say_move(tigris.parse_move("tile r f3"))
'Place a red temple on f3.'
>>> say_move(tigris.parse_move("discard kkr"), "nl")
'Leg 2 zwarte nederzettingen en 1 rode tempel af en trek er evenveel.'
>>> FinalScore((3, 5, 2, 6), 3).score
4
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import tigris
from engine.core import Game
from engine.tigris import events as ev
from engine.tigris.board import cell_name
from engine.tigris.moves import MOVE_CLASSES
from engine.tigris.scoring import final_vector
from engine.tigris.state import (
    COLOUR_ADJECTIVES,
    COLOUR_NAMES,
    COLOURS,
    LEADER,
    LEADER_NAMES,
    REVOLT,
    TILE,
    TILE_NAMES,
    State,
    player_name,
)
from sumer_widgets import display
from sumer_widgets.svg import Svg, attrs, text
from sumer_widgets.tigris import ending
from sumer_widgets.tigris.picture import TILE_FILL, TILE_ICONS
from sumer_widgets.words import words

TILE_PLURALS = words(__file__)["TILE_PLURALS"]
LEADER_PLURALS = words(__file__)["LEADER_PLURALS"]
TREASURE_FILL = "#F0E442"

WORDS = words(__file__)["WORDS"]


def _w(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def _names(table: dict[str, Sequence[str]], lang: str) -> Sequence[str]:
    return table.get(lang, table["en"])


def joined(parts: Sequence[str], lang: str = "en") -> str:
    """``a, b and c`` in `lang`."""
    parts = list(parts)
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {_w(lang)['and']} {parts[-1]}"


def tiles_phrase(letters: str, lang: str = "en") -> str:
    """Tiles written as letters, in words: ``'kkr'`` → "2 black settlements and 1 red temple"."""
    parts = []
    for colour, letter in enumerate(COLOURS):
        n = letters.count(letter)
        if n:
            adj = _names(COLOUR_ADJECTIVES, lang)[colour]
            noun = _names(TILE_NAMES, lang)[colour] if n == 1 else (
                _names(TILE_PLURALS, lang)[colour])
            parts.append(f"{n} {adj} {noun}")
    hidden = letters.count("?")
    if hidden:
        parts.append(_w(lang)["hidden"].format(n=hidden))
    return joined(parts, lang) if parts else _w(lang)["none"]


# Moves ---------------------------------------------------------------------------------------


def say_move(move: Any, lang: str = "en") -> str:
    """A move as an instruction in `lang` (one sentence)."""
    w = _w(lang)
    kind = move.KIND
    colour = COLOURS.index(move.colour) if hasattr(move, "colour") else None
    if kind == "tile":
        return w["tile"].format(adj=_names(COLOUR_ADJECTIVES, lang)[colour],
                                tile=_names(TILE_NAMES, lang)[colour], cell=move.cell)
    if kind in ("leader", "withdraw"):
        return w[kind].format(leader=_names(LEADER_NAMES, lang)[colour],
                              cell=getattr(move, "cell", ""))
    if kind == "discard":
        return w["discard"].format(tiles=tiles_phrase(move.tiles, lang))
    if kind == "support":
        key = "support0" if move.count == 0 else "support1" if move.count == 1 else "support"
        return w[key].format(n=move.count)
    if kind == "war":
        return w["war"].format(leaders=_names(LEADER_PLURALS, lang)[colour])
    if kind == "monument":
        a, b = (_names(COLOUR_NAMES, lang)[COLOURS.index(ch)] for ch in move.monument)
        return w["monument"].format(a=a, b=b, cell=move.cell)
    if kind == "cube":
        return w["cube"].format(name=_names(COLOUR_NAMES, lang)[colour])
    return w[kind].format(cell=getattr(move, "cell", ""))


class Moves:
    """A list of moves, read as grouped sentences: tiles and leaders by where they may go."""

    def __init__(self, moves: Iterable[Any], lang: str = "en"):
        self.moves = list(moves)
        self.lang = lang

    def lines(self) -> list[str]:
        w = _w(self.lang)
        groups: dict[tuple[str, str], list[str]] = {}
        lines: list[tuple[tuple[str, str], str]] = []
        discards = [m for m in self.moves if m.KIND == "discard"]
        for move in self.moves:
            if move.KIND == "discard" and len(discards) > 1:
                if move is discards[0]:
                    lines.append((("", ""), w["discards"].format(n=len(discards))))
                continue
            if move.KIND in ("tile", "leader", "catastrophe"):
                key = (move.KIND, getattr(move, "colour", ""))
                if key not in groups:
                    groups[key] = []
                    lines.append((key, ""))
                groups[key].append(move.cell)
            else:
                lines.append((("", ""), say_move(move, self.lang)))
        out = []
        for key, sentence in lines:
            if sentence:
                out.append(sentence)
                continue
            cells = groups[key]
            kind, colour = key
            example = (tigris.PlaceTile(colour, cells[0]) if kind == "tile" else
                       tigris.PositionLeader(colour, cells[0]) if kind == "leader" else
                       tigris.Catastrophe(cells[0]))
            first = say_move(example, self.lang).rsplit(" ", 1)[0]  # without "on f3."
            shown = ", ".join(cells[:12]) + (", …" if len(cells) > 12 else "")
            more = f" {w['squares'].format(n=len(cells))}" if len(cells) > 1 else ""
            out.append(f"{first} {shown}{more}".rstrip() + ("" if more else "."))
        return out

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines())
        return f'<ul class="sumer-moves">{items}</ul>'

    def __repr__(self) -> str:
        return "\n".join(self.lines())

    def __len__(self) -> int:
        return len(self.moves)


def legal(position: Game | State, lang: str = "en") -> Moves:
    """The legal moves of a game or state, read as grouped sentences."""
    state = position.state if isinstance(position, Game) else position
    return Moves(tigris.legal_moves(state), lang)


# Small pictures ------------------------------------------------------------------------------


def tile_svg(colour: int, x: float, y: float, size: float) -> str:
    """A tile with its icon drawn inline (no shared ``<defs>``: each picture stands alone)."""
    half = size / 2
    box = attrs(x=f"{x - half:.1f}", y=f"{y - half:.1f}", width=size, height=size, rx=4,
                fill=TILE_FILL[colour], stroke="#1d1d1d", stroke_width=1)
    return (f"<rect {box}/><g fill=\"#fff\" transform=\"translate({x:.1f} {y:.1f}) "
            f"scale({size / 34:.3f})\">{TILE_ICONS[colour]}</g>")


def hidden_svg(x: float, y: float, size: float) -> str:
    half = size / 2
    return (f"<rect {attrs(x=f'{x - half:.1f}', y=f'{y - half:.1f}', width=size, height=size)}"
            ' rx="4" fill="#cbb994" stroke="#9c8a66"/>')


def gem_svg(x: float, y: float, s: float = 7) -> str:
    return (f'<polygon points="{x:.1f},{y - s:.1f} {x + s:.1f},{y:.1f} {x:.1f},{y + s:.1f} '
            f'{x - s:.1f},{y:.1f}" fill="{TREASURE_FILL}" stroke="#5c4d00" stroke-width="1.2"/>')


def _svg(width: float, height: float, body: Iterable[str], label: str) -> Svg:
    return Svg(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
               f'width="{width:.0f}" height="{height:.0f}" role="img" '
               f'aria-label="{html.escape(label, quote=True)}">'
               f"<title>{html.escape(label)}</title>{''.join(body)}</svg>")


class _Picture:
    """A value shown as a small picture with a sentence beside it (its text form alone
    where there are no pictures)."""

    def text(self) -> str:
        raise NotImplementedError

    def picture(self) -> Svg:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return (f'<figure class="sumer-reader" style="margin:4px 0">{self.picture()}'
                f'<figcaption style="font-size:90%">{html.escape(self.text())}</figcaption>'
                "</figure>")

    def __repr__(self) -> str:
        return self.text()


class Hand(_Picture):
    """A hand of tiles (letters such as ``'kkrbgg'``; ``'?'`` for a tile hidden from you)."""

    SIZE = 34

    def __init__(self, letters: str, lang: str = "en", owner: int | None = None):
        # Colour order, hidden tiles last.
        self.letters = "".join(sorted(letters, key=lambda c: (c not in COLOURS,
                                                              COLOURS.find(c))))
        self.lang = lang
        self.owner = owner

    def text(self) -> str:
        w = _w(self.lang)
        who = (w["hand"].format(player=player_name(self.owner, self.lang))
               if self.owner is not None else w["a_hand"])
        return f"{who}: {tiles_phrase(self.letters, self.lang)}."

    def picture(self) -> Svg:
        size, gap = self.SIZE, 5
        body = []
        for slot, letter in enumerate(self.letters):
            x = 4 + size / 2 + slot * (size + gap)
            if letter == "?":
                body.append(hidden_svg(x, 4 + size / 2, size))
            else:
                body.append(tile_svg(COLOURS.index(letter), x, 4 + size / 2, size))
        width = 8 + max(len(self.letters), 1) * (size + gap)
        return _svg(width, size + 8, body, self.text())


class Influence(_Picture):
    """A player's points per colour (black, red, blue, green) and treasures, as four bars."""

    def __init__(self, points: Sequence[int], treasures: int = 0, lang: str = "en",
                 player: int | None = None):
        self.points = tuple(points)
        self.treasures = treasures
        self.lang = lang
        self.player = player

    def lowest(self) -> list[int]:
        low = min(self.points)
        return [c for c, n in enumerate(self.points) if n == low]

    def text(self) -> str:
        w = _w(self.lang)
        names = _names(COLOUR_NAMES, self.lang)
        listed = ", ".join(f"{names[c]} {n}" for c, n in enumerate(self.points))
        who = player_name(self.player, self.lang) if self.player is not None else w["you"]
        treasures = (w["treasure1"] if self.treasures == 1 else
                     w["treasures"].format(n=self.treasures))
        low = w["lowest"].format(colours=joined([names[c] for c in self.lowest()], self.lang),
                                 n=min(self.points))
        return f"{w['points'].format(who=who, list=listed, treasures=treasures)} {low}"

    def picture(self) -> Svg:
        return _bars(self.points, [0, 0, 0, 0], self.treasures, self.lowest(), None,
                     self.text(), self.lang)


def _bars(points: Sequence[int], extra: Sequence[int], gems: int, marked: Sequence[int],
          score: int | None, label: str, lang: str) -> Svg:
    """Four bars of points (plus `extra` treasure points stacked on top, in gold), the
    `marked` colours flagged as lowest, a line at `score`, and `gems` treasures beside."""
    tallest = max(max(p + e for p, e in zip(points, extra)), 4)
    unit = min(10.0, 120 / tallest)
    top, bar_w, gap = 20, 30, 16
    base = top + tallest * unit
    body = []
    for c in range(4):
        x = 10 + c * (bar_w + gap)
        h = points[c] * unit
        body.append(f"<rect {attrs(x=x, y=f'{base - h:.1f}', width=bar_w, height=f'{h:.1f}')}"
                    f' fill="{TILE_FILL[c]}" stroke="#1d1d1d" stroke-width="0.8"/>')
        if extra[c]:
            eh = extra[c] * unit
            body.append(f"<rect {attrs(x=x, y=f'{base - h - eh:.1f}', width=bar_w)}"
                        f' height="{eh:.1f}" fill="{TREASURE_FILL}" stroke="#5c4d00"'
                        ' stroke-width="0.8" stroke-dasharray="3 2"/>')
        total = points[c] + extra[c]
        body.append(text(x + bar_w / 2, base - (total * unit) - 5, str(total),
                         font_size=12, font_weight=700, text_anchor="middle",
                         font_family="sans-serif"))
        body.append(tile_svg(c, x + bar_w / 2, base + 16, 22))
        if c in marked:
            body.append(text(x + bar_w / 2, base + 40, "▲ " + _w(lang)["lowest_mark"],
                             font_size=10, text_anchor="middle", font_family="sans-serif"))
    width = 10 + 4 * (bar_w + gap)
    if score is not None:
        y = base - score * unit
        body.append(f'<line x1="4" x2="{width - 8}" y1="{y:.1f}" y2="{y:.1f}" stroke="#111" '
                    'stroke-width="1.5" stroke-dasharray="5 3"/>')
        body.append(text(width - 6, y - 4, _w(lang)["score_label"].format(n=score),
                         font_size=12, font_weight=700, font_family="sans-serif"))
        width += 50
    if gems:
        body.append(gem_svg(width + 10, base + 16))
        body.append(text(width + 20, base + 20, f"× {gems}", font_size=13, font_weight=700,
                         font_family="sans-serif"))
        width += 60
    return _svg(width, base + 48, body, label)


@dataclass(repr=False)
class FinalScore(_Picture):
    """Final scoring of one player: every treasure goes, one at a time, to the colour that is
    lowest at that moment (T-SCORE-1); the score is then the lowest colour."""

    points: tuple[int, int, int, int]
    treasures: int = 0
    lang: str = "en"
    player: int | None = None

    def steps(self) -> list[tuple[int, int, int]]:
        """Each treasure as ``(colour, before, after)``; among equal lowest colours the first
        in the order black, red, blue, green takes it (which one does not change the score)."""
        now = list(self.points)
        out = []
        for _ in range(self.treasures):
            colour = min(range(4), key=lambda c: (now[c], c))
            out.append((colour, now[colour], now[colour] + 1))
            now[colour] += 1
        return out

    @property
    def after(self) -> tuple[int, ...]:
        now = list(self.points)
        for colour, _, new in self.steps():
            now[colour] = new
        return tuple(now)

    @property
    def score(self) -> int:
        return final_vector(self.points, self.treasures)[0]

    def text(self) -> str:
        w = _w(self.lang)
        names = _names(COLOUR_NAMES, self.lang)
        head = Influence(self.points, self.treasures, self.lang, self.player).text()
        steps = self.steps()
        said = (w["steps"].format(steps=", ".join(f"{names[c]} {a}→{b}" for c, a, b in steps))
                if steps else w["no_steps"])
        return f"{head} {said} {w['score'].format(n=self.score)}"

    def picture(self) -> Svg:
        extra = [0, 0, 0, 0]
        for colour, _, _ in self.steps():
            extra[colour] += 1
        after = self.after
        low = min(after)
        return _bars(self.points, extra, 0, [c for c in range(4) if after[c] == low],
                     self.score, self.text(), self.lang)


@dataclass(repr=False)
class Strengths(_Picture):
    """A revolt or a war: each side's strength on the board, the support committed (None while
    not yet committed), and the winner once it is decided (the defender wins ties)."""

    conflict: str
    colour: int
    attacker: int
    defender: int
    attacker_board: int
    defender_board: int
    attacker_support: int | None = None
    defender_support: int | None = None
    winner: int | None = None
    lang: str = "en"

    @property
    def support_colour(self) -> int:
        return 1 if self.conflict == "revolt" else self.colour

    def _side(self, player: int, role: str, board: int, support: int | None) -> str:
        w = _w(self.lang)
        part = "" if support is None else w["support_part"].format(k=support,
                                                                  total=board + support)
        return w["side"].format(player=player_name(player, self.lang), role=w[role], board=board,
                                support=part)

    def text(self) -> str:
        w = _w(self.lang)
        leaders = _names(LEADER_PLURALS, self.lang)[self.colour]
        head = w["revolt" if self.conflict == "revolt" else "war_of"].format(leaders=leaders)
        attack = self._side(self.attacker, "attacks", self.attacker_board, self.attacker_support)
        defend = self._side(self.defender, "defends", self.defender_board, self.defender_support)
        sides = f"{attack}; {defend}"
        if self.winner is None:
            waiting = self.defender if self.attacker_support is not None else self.attacker
            verdict = w["waiting"].format(player=player_name(waiting, self.lang))
        else:
            a = self.attacker_board + (self.attacker_support or 0)
            d = self.defender_board + (self.defender_support or 0)
            verdict = (w["tie"].format(player=player_name(self.defender, self.lang)) if a == d
                       else w["wins"].format(player=player_name(self.winner, self.lang),
                                             a=max(a, d), b=min(a, d)))
        return f"{head}: {sides}. {verdict}"

    def picture(self) -> Svg:
        size, gap = 22, 3
        rows = ((self.attacker, self.attacker_board, self.attacker_support, "A"),
                (self.defender, self.defender_board, self.defender_support, "D"))
        longest = max(b + (s or 0) for _, b, s, _ in rows)
        body = []
        for r, (player, board, support, mark) in enumerate(rows):
            y = 14 + r * (size + 14) + size / 2
            name = f"{mark} · {player_name(player, self.lang)}"
            bold = "700" if self.winner == player else "400"
            body.append(text(6, y + 4, name, font_size=13, font_weight=bold,
                             font_family="sans-serif"))
            x = 86 + size / 2
            for _ in range(board):
                body.append(tile_svg(self.support_colour, x, y, size))
                x += size + gap
            if support:
                body.append(text(x - 5, y + 5, "+", font_size=16, font_weight=700,
                                 font_family="sans-serif", text_anchor="middle"))
                x += 14
            for _ in range(support or 0):
                body.append(tile_svg(self.support_colour, x, y, size))
                half = size / 2 + 2
                body.append(f"<rect {attrs(x=f'{x - half:.1f}', y=f'{y - half:.1f}')}"
                            f' width="{size + 4}" height="{size + 4}" rx="5" fill="none"'
                            ' stroke="#111" stroke-width="1.6" stroke-dasharray="3 2"/>')
                x += size + gap
            total = board + (support or 0)
            body.append(text(x + 6, y + 5, f"= {total}" + (" ✓" if self.winner == player
                                                           else ""),
                             font_size=14, font_weight=700, font_family="sans-serif"))
        width = 86 + longest * (size + gap) + 84
        body.append(text(6, 2 * (size + 14) + 16, "⋯ " + _w(self.lang)["ties"], font_size=11,
                         font_style="italic", font_family="sans-serif"))
        return _svg(max(width, 260), 2 * (size + 14) + 24, body, self.text())


def strengths(position: Game | State, lang: str = "en") -> Strengths | None:
    """The conflict in progress in a state, or the last conflict of a game, told so far
    (None if there is none)."""
    if isinstance(position, State):
        if position.conflict is None:
            return None
        kind, colour, a_cell, d_cell, a_str, d_str, a_commit = position.conflict
        cells = position.cells
        return Strengths("revolt" if kind == REVOLT else "war", colour,
                         (cells[a_cell] - LEADER) // 4, (cells[d_cell] - LEADER) // 4,
                         a_str, d_str, None if a_commit < 0 else a_commit, lang=lang)
    # A game may begin inside a conflict (a lesson's position): start from what it shows.
    last = strengths(position.history[0], lang)
    for _, events in position.log:
        last = _told(last, events, lang)
    return last


def _told(last: Strengths | None, events: Iterable[Any], lang: str) -> Strengths | None:
    """`last` (the conflict told so far, or None) after `events`: a new conflict, support
    committed, a winner."""
    for event in events:
        if isinstance(event, ev.ConflictStarted):
            last = Strengths(event.conflict, event.colour, event.attacker, event.defender,
                             event.attacker_strength, event.defender_strength, lang=lang)
        elif isinstance(event, ev.SupportCommitted) and last is not None:
            if event.player == last.attacker and last.attacker_support is None:
                last.attacker_support = event.count
            else:
                last.defender_support = event.count
        elif isinstance(event, ev.ConflictWon) and last is not None:
            last.winner = event.winner
    return last


def _change(before: State, after: State, events: list[Any], lang: str) -> str:
    """After an attempted move: the conflict it began, went on with or decided, as a picture;
    the final scoring if it ended the game."""
    parts = []
    if any(isinstance(e, (ev.ConflictStarted, ev.SupportCommitted)) for e in events):
        told = _told(strengths(before, lang), events, lang)
        if told is not None:
            parts.append(told._repr_html_())
    if after.is_over and not before.is_over:
        parts.append(Winners(after, lang)._repr_html_())
    return "".join(parts)


class Kingdoms:
    """The kingdoms (groups with a leader) of a position, with their leaders, tiles and
    treasures; the regions (groups without one) are counted, or listed with ``regions=True``."""

    def __init__(self, state: State, lang: str = "en", regions: bool = False):
        self.state = state
        self.lang = lang
        self.regions = regions

    def _describe(self, cells: Sequence[int], head: str) -> str:
        w = _w(self.lang)
        state = self.state
        leaders, tiles, flipped = [], "", 0
        for cell in cells:
            found = state.leader_at(cell)
            code = state.cells[cell]
            if found is not None:
                player, colour = found
                leaders.append(w["leader_of"].format(
                    player=player_name(player, self.lang),
                    leader=_names(LEADER_NAMES, self.lang)[colour], cell=cell_name(cell)))
            elif TILE <= code < TILE + 4:
                tiles += COLOURS[code - TILE]
            else:
                flipped += 1
        parts = [joined(leaders, self.lang)] if leaders else []
        parts.append(tiles_phrase(tiles, self.lang))
        if flipped:
            parts.append(w["flipped"].format(n=flipped))
        treasures = [cell_name(c) for c in cells if c in state.treasures]
        if treasures:
            key = "treasure_in1" if len(treasures) == 1 else "treasure_in"
            parts.append(w[key].format(cells=joined(treasures, self.lang)))
        else:
            parts.append(w["no_treasure"])
        return f"{head} — {'; '.join(parts)}."

    def lines(self) -> list[str]:
        w = _w(self.lang)
        out, regions = [], 0
        for cells, is_kingdom in tigris.groups(self.state):
            if is_kingdom:
                out.append(self._describe(cells, w["kingdom"].format(n=len(out) + 1)))
            elif self.regions:
                out.append(self._describe(cells, w["region"]))
            else:
                regions += 1
        if regions:
            out.append(w["regions"].format(n=regions))
        return out

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines())
        return f'<ul class="sumer-kingdoms">{items}</ul>'

    def __repr__(self) -> str:
        return "\n".join(self.lines())


class Ranking:
    """Final scorings side by side, each player's drawn, and who wins and why — the tie-break
    that decided, when the scores are equal (`sumer_widgets.tigris.ending`)."""

    def __init__(self, influence: Sequence[Sequence[int] | None], treasures: Sequence[int],
                 lang: str = "en"):
        self.influence = [tuple(points) if points is not None else None for points in influence]
        self.treasures = list(treasures)
        self.lang = lang

    def scorings(self) -> list[FinalScore]:
        return [FinalScore(points, self.treasures[p], self.lang, p)  # type: ignore[arg-type]
                for p, points in enumerate(self.influence) if points is not None]

    def scores(self) -> str:
        return ", ".join(f"{player_name(s.player, self.lang)} {s.score}"
                         for s in self.scorings())

    def why(self) -> str:
        return ending.why(ending.decide(self.influence, self.treasures), self.lang)

    def text(self) -> str:
        return f"{self.scores()}. {self.why()}"

    def _table(self) -> str:
        parts = "".join(f"<td style=\"vertical-align:top\">{s._repr_html_()}</td>"
                        for s in self.scorings())
        return f'<table class="sumer-winners"><tr>{parts}</tr></table>'

    def _repr_html_(self) -> str:
        return f"<p><b>{html.escape(self.text())}</b></p>{self._table()}"

    def __repr__(self) -> str:
        return self.text()


def ranking(influence: Sequence[Sequence[int]], treasures: Sequence[int] | None = None,
            lang: str = "en") -> Ranking:
    """Players' final points (black, red, blue, green) and treasures, ranked as at the end."""
    return Ranking(influence, treasures if treasures is not None else [0] * len(influence),
                   lang)


class Winners(Ranking):
    """A game's final scores (or the scores if it ended now), each player's scoring drawn, and
    who won and why."""

    def __init__(self, position: Game | State, lang: str = "en"):
        self.state = position.state if isinstance(position, Game) else position
        super().__init__(self.state.influence, self.state.treasures_taken, lang)

    def text(self) -> str:
        w = _w(self.lang)
        if not self.state.is_over:
            return w["not_over"].format(scores=self.scores())
        return w["over"].format(scores=self.scores(), verdict=self.why())


def hand(position: Game | State, player: int | None = None, lang: str = "en") -> Hand:
    """A player's hand in a game or state (default: the player to move)."""
    state = position.state if isinstance(position, Game) else position
    if player is None:
        player = state.to_move if state.to_move is not None else 0
    return Hand(state.hands[player], lang, player)


def influence(position: Game | State, player: int, lang: str = "en") -> Influence:
    """A player's points per colour and treasures, as bars."""
    state = position.state if isinstance(position, Game) else position
    points = state.influence[player]
    if points is None:
        raise tigris.InvalidInput(_w(lang)["hidden_points"].format(
            player=player_name(player, lang)))
    return Influence(points, state.treasures_taken[player], lang, player)


def tell(event: Any, after: State | None, lang: str = "en") -> str:
    """An event as the log and `attempt` say it; the game's end with the reason it was won
    (the score, or the tie-break that decided), read from the position `after` it."""
    if isinstance(event, ev.GameEnded) and after is not None and \
            all(points is not None for points in after.influence):
        w = _w(lang)
        scores = ", ".join(f"{player_name(p, lang)} {s}" for p, s in enumerate(event.scores))
        return w["ended"].format(reason=w["end_" + event.reason], scores=scores,
                                 verdict=ending.why_state(after, lang))
    return event.describe(lang)


def _register() -> None:
    for cls in MOVE_CLASSES:
        # In the language spoken (`display.move_words` sets it): a Dutch board's log said
        # the bots' moves in English.
        display.register(cls, lambda move: say_move(move, display.spoken()))
    display.register_change("tigris", _change)
    display.register_teller("tigris", tell)


_register()
