"""Mesopotamia's values as a learner reads them: sentences and small pictures, English and Dutch.

The engine names a field by its axial coordinates (``"-1,0"``) and a native by what it carries
(``"."``, ``"L"``, ``"M4"``); a learner reads neither. Here:

- `field_name`: a field in words, by its kind and where it lies from the temple place — "the
  plain north-west of the temple", "the forest 2 fields north-north-east of the temple". Every
  field has its own name (up to 2 fields out by twelve compass directions, further out by the
  steps along the map's six directions that reach it).
- `native_text`: "a native carrying lumber", "a native carrying sacrifice marker 4".
- `move_text`: a move as a sentence, an order ("Move a native carrying lumber from … to …") or,
  given the player, what they do ("Blue moves …").
- `event_text`: what a move did, as a sentence with the fields in words; registered as the
  ruleset's teller (`display.register_teller`), so `attempt` tells Mesopotamia's moves this way.
- `mana_track` / `mana_tracks`: a player's mana track as a small picture — the cells 0 to 8, the
  cylinder on the current mana, the bar after the maximum — optionally beside how it was before.
- `natives_table`: where a player's natives stand and what each carries.
- `hands`: the cards each player holds, as far as the viewer may see them.
- `sacrifices`: each player's four sacrifice markers: placed at the temple, carried, under a
  hut or still in front of the player (values hidden from other players).
- `summary_text`, `winners_text`: where the game stands; who won.
- `marked`: the map with lettered fields, for questions that name fields.

Importing this module registers the text forms with IPython (`display.register`), the teller,
and the pictures shown after an `attempt` that changes mana, markers placed or cards
(`display.register_change`). `speak("nl")` makes the registered text forms Dutch.

Limits: pictures are static SVG (the boards are for clicks); field names are relative to the
temple place, which never moves.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Event
from engine.mesopotamia import (
    Birth,
    BuildHoly,
    BuildHut,
    ChooseTile,
    Discover,
    DrawCard,
    Drop,
    EndActions,
    EndMovement,
    Go,
    Offer,
    PickUp,
    PlaceVolcano,
    PlayCard,
    Spread,
    State,
    Steal,
    TakeMarker,
    parse_coord,
)
from engine.mesopotamia import events as ev
from engine.mesopotamia.board import DIRECTIONS, KIND_NAMES, WORD_OF, distance
from engine.mesopotamia.state import (
    FRESH,
    HIDDEN,
    LUMBER_CARGO,
    MANA_TOP,
    MARKER_VALUES,
    NATIVES,
    OLD,
    STONE_CARGO,
    card_name,
    player_name,
)
from sumer_widgets import display
from sumer_widgets.display import Table, listed, speak, spoken
from sumer_widgets.mesopotamia.picture import INK, PLAYER_COLORS
from sumer_widgets.svg import Svg, attrs, letter_marks, text
from sumer_widgets.words import words

# Fields in words ------------------------------------------------------------------------------

#: Directions by angle (degrees anticlockwise from east, as the map is drawn: north up). The six
#: directions of the map's neighbours lie at 30°, 90°, 150°, …; the fields two steps out lie on
#: these and on the six between them.
COMPASS = {lang: {int(angle): name for angle, name in table.items()}
           for lang, table in words(__file__)["COMPASS"].items()}
#: `DIRECTIONS` (north, north-east, south-east, south, south-west, north-west) as angles.
STEP_ANGLES = (90, 30, 330, 270, 210, 150)
ARTICLES = words(__file__)["ARTICLES"]
WORDS = words(__file__)["WORDS"]


def _article(noun: str, lang: str) -> str:
    """The article a place's noun takes in `lang` (Dutch: "het veld", "de vulkaan")."""
    articles = ARTICLES.get(lang, ARTICLES["en"])
    return articles.get(noun, articles["default"])


def _coord(field: str | tuple[int, int]) -> tuple[int, int]:
    return parse_coord(field) if isinstance(field, str) else (int(field[0]), int(field[1]))


def _angle(c: tuple[int, int]) -> float:
    q, r = c
    x, y = 1.5 * q, math.sqrt(3) * (r + q / 2)
    return math.degrees(math.atan2(-y, x)) % 360


def where(field: str | tuple[int, int], lang: str = "en") -> str:
    """Where a field lies from the temple place: "north-west of the temple", "2 fields west of
    the temple", "2 fields north-east and 1 field north of the temple"; "" for the temple."""
    c = _coord(field)
    w = WORDS.get(lang, WORDS["en"])
    compass = COMPASS.get(lang, COMPASS["en"])
    steps = distance(c, (0, 0))
    if steps == 0:
        return ""
    angle = _angle(c)
    near = round(angle / 30) * 30 % 360
    if abs((angle - near + 180) % 360 - 180) < 1e-6:
        if steps == 1:
            return w["of"].format(dir=compass[near])
        return w["far"].format(n=steps, dir=compass[near])
    # Off the twelve rays (3 or more fields out): a steps one way and b the next way round.
    for k, (dq, dr) in enumerate(DIRECTIONS):
        eq, er = DIRECTIONS[(k + 1) % 6]
        det = dq * er - dr * eq
        a = (c[0] * er - c[1] * eq) / det
        b = (dq * c[1] - dr * c[0]) / det
        if a > 0 and b > 0 and a == int(a) and b == int(b):
            a, b = int(a), int(b)
            first, second = (a, k), (b, (k + 1) % 6)
            if b > a:
                first, second = second, first

            def count(n: int) -> str:
                return f"{n} {w['step'] if n == 1 else w['steps_pl']}"

            return w["steps"].format(a=count(first[0]), da=compass[STEP_ANGLES[first[1]]],
                                     b=count(second[0]), db=compass[STEP_ANGLES[second[1]]])
    raise ValueError(f"no direction for {field!r}")  # pragma: no cover - every field has one


def field_name(field: str | tuple[int, int], state: State | None = None,
               lang: str = "en") -> str:
    """A field in words: "the plain north-west of the temple", "the temple place"; without
    `state` (or for a place not yet discovered) "the field …" / "the empty place …"."""
    c = _coord(field)
    w = WORDS.get(lang, WORDS["en"])
    if c == (0, 0):
        return w["temple"]
    kind = state.tile_at(c) if state is not None else None
    if kind is not None:
        noun = KIND_NAMES.get(lang, KIND_NAMES["en"])[kind]
        article = _article(kind, lang)
    elif state is not None:
        noun, article = w["edge"], _article("edge", lang)
    else:
        noun, article = w["field"], _article("field", lang)
    return f"{article} {noun} {where(c, lang)}"


# Natives, goods and cards in words ------------------------------------------------------------

GOODS = words(__file__)["GOODS"]
A_GOOD = words(__file__)["A_GOOD"]
NATIVE = words(__file__)["NATIVE"]


def native_text(token: str, lang: str = "en") -> str:
    """A native from its notation: ``"."`` → "a native", ``"L"`` → "a native carrying
    lumber", ``"M4"`` → "a native carrying sacrifice marker 4", ``"m?"`` → "… a sacrifice
    marker (taken up this turn)"."""
    w = NATIVE.get(lang, NATIVE["en"])
    stole = token.endswith("!")
    body = token.rstrip("!")
    if body == ".":
        out = w["free"]
    elif body in ("L", "S"):
        out = w["carrying"].format(what=A_GOOD[lang if lang in A_GOOD else "en"][body])
    else:
        value = body[1]
        marker = w["hidden"] if value == "?" else w["marker"].format(value=value)
        out = w["carrying"].format(what=marker) + (w["fresh"] if body[0] == "m" else "")
    return out + (w["stole"] if stole else "")


def cargo_text(cargo: int, lang: str = "en") -> str:
    """What a native carries (the state's number), in words: "nothing", "lumber", …"""
    w = CARGO.get(lang, CARGO["en"])
    if cargo == 0:
        return w["nothing"]
    if cargo in (LUMBER_CARGO, STONE_CARGO):
        return GOODS.get(lang, GOODS["en"])["L" if cargo == LUMBER_CARGO else "S"]
    value = cargo % 10
    return w["marker_value"].format(value=value) if value else w["marker"]


CARGO = words(__file__)["CARGO"]
CARD_EFFECTS = words(__file__)["CARD_EFFECTS"]
TARGETS = words(__file__)["TARGETS"]


def card_text(card: str, lang: str = "en") -> str:
    """A card's name and what it does: "Stamina (3 more movement points this turn)"."""
    effects = CARD_EFFECTS.get(lang, CARD_EFFECTS["en"])
    return f"{card_name(card, lang)} ({effects[card]})" if card in effects else card_name(
        card, lang)


def _target_text(target: str, lang: str) -> str:
    """A card's target: ``"L"`` → "the lumber lying there", ``"n1:S"`` → "Red's native carrying
    a stone", ``"c1:S"`` → "the stone Red's native carries", ``"h1+"`` → "Red's hut (with its
    sacrifice marker)"."""
    w = TARGETS.get(lang, TARGETS["en"])
    if target in ("L", "S"):
        return w[f"lying_{target}"]
    owner = player_name(int(target[1]), lang)
    if target[0] == "h":
        return w["hut_marker" if target[2] == "+" else "hut"].format(owner=owner)
    token = target[3:]
    if target[0] == "c":
        return w[f"carried_{token.rstrip('!')}"].format(owner=owner)
    native = native_text(token, lang)
    head = NATIVE.get(lang, NATIVE["en"])["free"]
    return w["native"].format(owner=owner, rest=native[len(head):])


# Moves ----------------------------------------------------------------------------------------

#: Each kind of move as an order and as what a player does: (order, done by {who}).
MOVES = words(__file__)["MOVES"]


CARD_DETAILS = words(__file__)["CARD_DETAILS"]


def _card_detail(move: PlayCard, state: State | None, lang: str) -> str:
    w = CARD_DETAILS.get(lang, CARD_DETAILS["en"])
    if move.card == "priest" and move.field:
        return w["priest"].format(place=field_name(move.field, state, lang))
    if move.card == "mana_theft" and move.target is not None:
        return w["theft"].format(victim=player_name(int(move.target), lang))
    if move.to:
        return w["moved"].format(what=_target_text(move.target or "", lang),
                                 origin=field_name(move.field, state, lang),
                                 to=field_name(move.to, state, lang))
    return ""


def move_text(move: Any, state: State | None = None, lang: str = "en",
              player: int | None = None) -> str:
    """A move as a sentence: an order, or with `player` what that player does. With `state`
    (the position the move is played in) fields are named by their kind."""
    forms = MOVES.get(lang, MOVES["en"])
    goods = GOODS.get(lang, GOODS["en"])

    # Positional-only: the Land card's sentence has a {kind} slot of its own.
    def say(form: str, /, **values: Any) -> str:
        order, done = forms[form]
        if player is None:
            return order.format(**values)
        return done.format(who=player_name(player, lang), **values)

    def name(field: str) -> str:
        return field_name(field, state, lang)

    if isinstance(move, Go):
        return say("go", native=native_text(move.native, lang), origin=name(move.origin),
                   destination=name(move.destination))
    if isinstance(move, Discover):
        return say("discover", native=native_text(move.native, lang), origin=name(move.origin),
                   place=name(move.place))
    if isinstance(move, PlaceVolcano):
        return say("volcano", place=name(move.place))
    if isinstance(move, Spread):
        if state is not None and state.phase == "spread":
            good = goods["S" if state.pending[0] == 1 else "L"]
        else:
            kinds = {state.tile_at(_coord(f)) for f in move.fields} if state else set()
            good = goods["S"] if kinds == {"Q"} else goods["L"] if kinds == {"F"} else goods["?"]
        return say("spread", good=good, fields=listed([name(f) for f in move.fields], lang))
    if isinstance(move, ChooseTile):
        letter = WORD_OF[move.tile]
        kind = KIND_NAMES.get(lang, KIND_NAMES["en"])[letter]
        return say("choose", kind=f"{_article(letter, lang)} {kind}")
    if isinstance(move, PickUp):
        swap = move.native.rstrip("!") in ("L", "S")
        return say("swap" if swap else "pick", native=native_text(move.native, lang),
                   field=name(move.field), good=goods[move.good])
    if isinstance(move, Drop):
        if move.field == "0,0" and move.native.rstrip("!") == "S":
            return say("temple", native=native_text(move.native, lang))
        return say("drop", native=native_text(move.native, lang), field=name(move.field))
    if isinstance(move, Steal):
        return say("steal", good=goods[move.good], victim=player_name(move.victim, lang),
                   field=name(move.field))
    if isinstance(move, TakeMarker):
        return say("lift", value=move.value, field=name(move.field))
    if isinstance(move, Offer):
        return say("offer", value=move.value)
    if isinstance(move, EndMovement):
        return say("end")
    if isinstance(move, BuildHut):
        return say("hut" if move.marker else "hut_none", field=name(move.field),
                   value=move.marker)
    if isinstance(move, BuildHoly):
        return say("holy", field=name(move.field))
    if isinstance(move, Birth):
        return say("birth", field=name(move.field))
    if isinstance(move, DrawCard):
        return say("draw")
    if isinstance(move, EndActions):
        return say("done")
    if isinstance(move, PlayCard):
        return say("play", card=card_name(move.card, lang),
                   detail=_card_detail(move, state, lang))
    raise TypeError(f"not a Mesopotamia move: {move!r}")


# Events ---------------------------------------------------------------------------------------

def _counted(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def counted(n: int, noun: str, lang: str = "en") -> str:
    """`n` and the noun `noun` of the events' words (``"natives"``, ``"points"``, …) in the
    number it takes: "1 native", "3 natives"."""
    return _counted(n, *EVENTS.get(lang, EVENTS["en"])[noun])


EVENTS = words(__file__)["EVENTS"]
A_KIND = words(__file__)["A_KIND"]


def event_text(event: Event, state: State | None = None, lang: str = "en") -> str:
    """What happened, as a sentence with the fields in words (`state`: the position after the
    event, for the fields' kinds); events that name no field read as the engine tells them."""
    w = EVENTS.get(lang, EVENTS["en"])
    a_good = A_GOOD.get(lang, A_GOOD["en"])

    def name(field: str) -> str:
        return field_name(field, state, lang)

    def who(p: int) -> str:
        return player_name(p, lang)

    if isinstance(event, ev.NativeMoved):
        return w["moved"].format(player=who(event.player), native=native_text(event.native, lang),
                                 origin=name(event.origin), destination=name(event.destination),
                                 cost=_counted(event.cost, *w["points"]))
    if isinstance(event, ev.PushedBack):
        return w["pushed"].format(player=who(event.player), mana=event.mana,
                                  field=name(event.field))
    if isinstance(event, ev.FieldDiscovered):
        return w["found"].format(player=who(event.player), field=where(event.field, lang),
                                 tile=A_KIND.get(lang, A_KIND["en"])[event.tile])
    if isinstance(event, ev.VolcanoPlaced):
        return w["volcano"].format(player=who(event.player), field=where(event.field, lang))
    if isinstance(event, ev.GoodsPlaced):
        noun = w["lumber" if event.good == "L" else "stones"]
        count = _counted(event.count, *noun)
        fields = listed([name(f) for f in event.fields], lang)
        key = "goods_extra" if event.count > len(event.fields) else "goods"
        return w[key].format(count=count, fields=fields)
    if isinstance(event, ev.GoodPicked):
        if event.dropped:
            return w["picked_swap"].format(player=who(event.player), field=name(event.field),
                                           good=a_good[event.good], old=a_good[event.dropped])
        return w["picked"].format(player=who(event.player), field=name(event.field),
                                  good=a_good[event.good])
    if isinstance(event, ev.GoodDropped):
        return w["dropped"].format(player=who(event.player), field=name(event.field),
                                   good=a_good[event.good])
    if isinstance(event, ev.GoodStolen):
        return w["stolen"].format(player=who(event.player), victim=who(event.victim),
                                  field=name(event.field), good=a_good[event.good])
    if isinstance(event, ev.MarkerTaken):
        return w["taken"].format(player=who(event.player), field=name(event.field))
    if isinstance(event, ev.MovementEnded):
        return w["ended"].format(player=who(event.player),
                                 unused=_counted(event.points, *w["points"]))
    if isinstance(event, ev.HutBuilt):
        return w["hut"].format(player=who(event.player), field=name(event.field),
                               under=w["under"] if event.marker else "")
    if isinstance(event, ev.HolyPlaceBuilt):
        return w["holy"].format(player=who(event.player), field=name(event.field))
    if isinstance(event, ev.NativeBorn):
        return w["born"].format(player=who(event.player), field=name(event.field),
                                count=_counted(event.count, *w["natives"]),
                                verb=w["is"][event.count != 1])
    if isinstance(event, ev.TurnStarted):
        return w["turn"].format(player=who(event.player), round=event.round,
                                points=_counted(event.points, *w["movement"]))
    if isinstance(event, ev.CardPlayed):
        move = PlayCard(event.card, event.field or None, event.target or None, event.to or None)
        if event.card == "mana_theft":
            move = PlayCard(event.card, None, str(event.victim))
        detail = _card_detail(move, state, lang)
        if event.card in ("holy_stone", "mana_theft"):
            detail += w["mana_now"].format(player=who(event.player), mana=event.mana)
        elif event.card == "stamina":
            detail += w["points_now"].format(points=_counted(event.points, *w["movement"]))
        return w["played"].format(player=who(event.player), card=card_name(event.card, lang),
                                  detail=detail)
    if isinstance(event, ev.GameEnded):
        winners = listed([who(p) for p in event.winners], lang)
        if event.reason == "markers":
            return w["over_markers"].format(winners=winners)
        return w["over_rounds"].format(winners=winners, verb=w["wins"][len(event.winners) > 1])
    return event.describe(lang)


# Pictures -------------------------------------------------------------------------------------

CELL = 22
TRACK_CSS = """
.mt-num{font:11px sans-serif;fill:#8a7a5a;text-anchor:middle;dominant-baseline:central}
.mt-now{font:700 11px sans-serif;text-anchor:middle;dominant-baseline:central}
.mt-label{font:12px sans-serif;fill:#2b2214}
.mt-label b{font-weight:700}
"""
TRACK_WORDS = words(__file__)["TRACK_WORDS"]


def _track_row(player: int, mana: int, top: int, x0: float, y: float, faded: bool) -> list[str]:
    out = []
    colour = PLAYER_COLORS[player]
    for v in range(MANA_TOP + 1):
        cx = x0 + v * CELL
        out.append(f'<rect {attrs(x=cx, y=y, width=CELL - 2, height=18, rx=2)} '
                   f'fill="{"#fffdf5" if v <= top else "#cfc6b1"}" stroke="#8a7a5a" '
                   'stroke-width="0.8"/>')
        if v == mana:
            out.append(f'<rect {attrs(x=cx + 1, y=y + 1, width=CELL - 4, height=16, rx=6)} '
                       f'fill="{colour}" fill-opacity="{0.45 if faded else 1}" '
                       'stroke="#1d160b" stroke-width="1" data-mana="1"/>')
            out.append(text(cx + (CELL - 2) / 2, y + 9.5, str(v), class_="mt-now",
                            fill=INK[player] if not faded else "#1d160b"))
        else:
            out.append(text(cx + (CELL - 2) / 2, y + 9.5, str(v), class_="mt-num"))
    bar = x0 + (top + 1) * CELL - 1
    out.append(f'<rect {attrs(x=bar - 1.5, y=y - 3, width=3, height=24)} fill="#1d160b" '
               f'fill-opacity="{0.45 if faded else 1}" data-max="{top}"/>')
    return out


def mana_track(state: State, player: int, lang: str = "en",
               before: State | None = None) -> Svg:
    """`player`'s mana track: cells 0 to 8, the cylinder (filled) on the current mana, the bar
    after the maximum and the cells above it shaded; with `before`, the track as it was drawn
    faintly above, so a change shows."""
    return mana_tracks(state, lang, players=(player,), before=before)


def mana_tracks(state: State, lang: str = "en", players: Sequence[int] | None = None,
                before: State | None = None) -> Svg:
    """The mana tracks of `players` (default: all), one under another (see `mana_track`)."""
    w = TRACK_WORDS.get(lang, TRACK_WORDS["en"])
    players = list(range(state.players) if players is None else players)
    label_w = 250
    x0 = label_w + 10
    row_h = 52 if before is not None else 28
    width = x0 + (MANA_TOP + 1) * CELL + 12
    height = len(players) * row_h + 8
    titles = [w["track"].format(player=player_name(p, lang), mana=state.mana[p],
                                top=state.max_mana[p]) for p in players]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" '
           f'{attrs(viewBox=f"0 0 {width} {height}", width=width, class_="meso-mana")} '
           'role="img">', f"<title>{html.escape('; '.join(titles))}</title>",
           f"<style>{TRACK_CSS}</style>",
           f'<rect width="{width}" height="{height}" fill="#f6efdc" rx="6"/>']
    for k, p in enumerate(players):
        y = 6 + k * row_h
        if before is not None:
            out.append(text(8, y + 13, f"{player_name(p, lang)} — {w['before']}: "
                                       f"{before.mana[p]} / {before.max_mana[p]}",
                            class_="mt-label"))
            out.extend(_track_row(p, before.mana[p], before.max_mana[p], x0, y, True))
            y += 24
        line = (f"{w['now']}: {state.mana[p]} / {state.max_mana[p]}" if before is not None
                else titles[k])
        out.append(text(8 + (60 if before is not None else 0), y + 13, line,
                        class_="mt-label", font_weight="700"))
        out.extend(_track_row(p, state.mana[p], state.max_mana[p], x0, y, False))
    out.append("</svg>")
    return Svg("".join(out))


SACRIFICE_WORDS = words(__file__)["SACRIFICE_WORDS"]


def marker_places(state: State, player: int, viewer: int | str | None = "all"
                  ) -> list[tuple[str, str]]:
    """`player`'s four sacrifice markers as ``(value or "?", where)``: placed, carried, under a
    hut, in front — values the `viewer` may not see read "?"."""
    view = state if viewer == "all" else state.view(viewer)
    out = [(str(v), "placed") for v in view.delivered[player]]
    out += [(str(n[3] % 10) if n[3] % 10 else "?", "carried") for n in view.natives
            if n[2] == player and n[3] >= OLD]
    out += [("?" if h[3] == HIDDEN else str(h[3]), "under_hut") for h in view.huts
            if h[2] == player and h[3]]
    out += [("?" if v == HIDDEN else str(v), "in_front") for v in view.markers[player]]
    return out


def sacrifices(state: State, lang: str = "en", viewer: int | str | None = "all") -> Svg:
    """Each player's four sacrifice markers in a row: placed at the temple (gold, ticked),
    carried by a native (gold, with a native beside it), under a hut (with a hut beside it), or
    in front of the player (grey) — with each value the `viewer` may see ("all": every value;
    a player: their own and the placed ones; None: only the placed ones)."""
    from sumer_widgets.mesopotamia.picture import hut_icon, native_icon

    w = SACRIFICE_WORDS.get(lang, SACRIFICE_WORDS["en"])
    row_h = 32
    width = 430
    legend_y = state.players * row_h + 14
    height = legend_y + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" '
           f'{attrs(viewBox=f"0 0 {width} {height}", width=width, class_="meso-sacrifices")} '
           'role="img">', f"<title>{html.escape(w['title'])}</title>",
           f"<style>{TRACK_CSS}</style>",
           f'<rect width="{width}" height="{height}" fill="#f6efdc" rx="6"/>']

    def marker(cx: float, cy: float, value: str, place: str, owner: int) -> str:
        gold = place in ("placed", "carried")
        parts = [f'<circle {attrs(cx=cx, cy=cy, r=10, fill="#f2c94c" if gold else "#d9d2c2")} '
                 f'stroke="{"#1d160b" if place == "placed" else "#6b5a3c"}" '
                 f'stroke-width="{1.8 if place == "placed" else 1}"/>',
                 text(cx, cy + 0.5, value, class_="mt-now", fill="#2b2214")]
        if place == "placed":
            parts.append(text(cx + 13, cy - 5, "✓", class_="mt-label", fill="#1b7a1b"))
        elif place == "carried":
            parts.append(native_icon(cx + 13, cy - 7, owner, lang, 5))
        elif place == "under_hut":
            parts.append(hut_icon(cx + 13, cy - 7, owner, lang, 0.6))
        return "".join(parts)

    for p in range(state.players):
        y = 10 + p * row_h
        out.append(text(10, y + 14, player_name(p, lang), class_="mt-label",
                        fill=PLAYER_COLORS[p] if p != 2 else "#8a6d00", font_weight="700"))
        for k, (value, place) in enumerate(marker_places(state, p, viewer)):
            out.append(f'<g data-marker="{place}" data-player="{p}"><title>'
                       f"{html.escape(w[place])}</title>"
                       + marker(110 + k * 44, y + 10, value, place, p) + "</g>")
        out.append(text(width - 10, y + 14, w["count"].format(n=len(state.delivered[p])),
                        class_="mt-label", text_anchor="end"))
    for k, place in enumerate(("placed", "carried", "under_hut", "in_front")):
        x, y = 20 + (k % 2) * 210, legend_y + (k // 2) * 20
        out.append(marker(x, y + 4, "", place, 0).replace('r="10"', 'r="6"')
                   + text(x + 24, y + 8, w[place], class_="mt-label", font_size="11"))
    out.append("</svg>")
    return Svg("".join(out))


# Tables and sentences -------------------------------------------------------------------------

TABLE_WORDS = words(__file__)["TABLE_WORDS"]


def natives_table(state: State, player: int, lang: str = "en") -> Table:
    """Where `player`'s natives stand and what they carry, field by field."""
    w = TABLE_WORDS.get(lang, TABLE_WORDS["en"])
    by_field: dict[tuple[int, int], list[int]] = {}
    for q, r, owner, cargo, _ in state.natives:
        if owner == player:
            by_field.setdefault((q, r), []).append(cargo)
    rows = []
    for c, cargoes in sorted(by_field.items(), key=lambda item: (distance(item[0], (0, 0)),
                                                                 item[0])):
        counts: dict[str, int] = {}
        for cargo in cargoes:
            said = cargo_text(cargo if cargo < FRESH else cargo - (FRESH - OLD), lang)
            counts[said] = counts.get(said, 0) + 1
        carrying = ", ".join(f"{n} × {what}" for what, n in counts.items())
        rows.append([field_name(c, state, lang), str(len(cargoes)), carrying])
    caption = w["caption"].format(player=player_name(player, lang),
                                  on_map=state.natives_of(player),
                                  supply=NATIVES - state.natives_of(player))
    return Table([w["field"], w["natives"], w["carrying"]], rows, caption=caption)


def hands(state: State, viewer: int | str | None = "all", lang: str = "en") -> Table:
    """The cards each player holds, as `viewer` may see them: their own by name and effect,
    the others' only counted ("all" shows every card)."""
    w = TABLE_WORDS.get(lang, TABLE_WORDS["en"])
    view = state if viewer == "all" else state.view(viewer)
    rows, cells = [], []
    for p in range(view.players):
        hand = list(view.hands[p])
        seen = [c for c in hand if c != "?"]
        parts = [card_text(c, lang) for c in sorted(seen)]
        hidden = len(hand) - len(seen)
        if hidden:
            parts.append(w["hidden"].format(n=hidden))
        if view.to_move == p and view.fresh:
            fresh = card_name(view.fresh, lang) if view.fresh != "?" else "?"
            parts.append(f"{fresh} — {w['fresh']}")
        rows.append([player_name(p, lang), "; ".join(parts) or w["none"]])
        cells.append([f"<b>{html.escape(player_name(p, lang))}</b>",
                      '<div style="text-align:left">'
                      + ("<br>".join(html.escape(part) for part in parts) or w["none"])
                      + "</div>"])
    return Table([w["player"], w["cards"]], rows, html_cells=cells)


SUMMARY = words(__file__)["SUMMARY"]
PILES = words(__file__)["PILES"]
WINNERS = words(__file__)["WINNERS"]


def piles_text(state: State, lang: str = "en") -> Any:
    """The card piles and the field pile as a sentence: "The deck holds 17 cards and the
    discard pile 1; 30 fields lie face down in the field pile." (a `Sentence`: a notebook
    shows it without the quotes of a Python string)."""
    from sumer_widgets.display import Sentence

    w = PILES.get(lang, PILES["en"])
    line = w["deck"].format(deck=counted(len(state.deck), "cards", lang),
                            discard=len(state.discard))
    if state.options.no_reshuffle:
        line += w["out"].format(out=len(state.out))
    fields = len(state.pile)
    line += w["fields" if fields != 1 else "field"].format(n=fields)
    return Sentence(line)


def summary_text(state: State, lang: str = "en") -> str:
    """Where the game stands: "Round 2, Blue's turn: phase I, movement — 5 movement points
    left."; or who won."""
    if state.is_over:
        return winners_text(state, lang)
    w = SUMMARY.get(lang, SUMMARY["en"])
    line = w["line"].format(round=state.round, player=player_name(state.to_move, lang),
                            phase=w["phase"][state.phase])
    if state.phase == "move":
        line += w["points"].format(points=_counted(
            state.points, *EVENTS.get(lang, EVENTS["en"])["movement"]))
    return line + "."


def winners_text(state: State, lang: str = "en") -> str:
    """Who won a finished game, and how."""
    w = WINNERS.get(lang, WINNERS["en"])
    if not state.is_over:
        return w["not_over"]
    winners = sorted(state.won)
    names = listed([player_name(p, lang) for p in winners], lang)
    if any(len(state.delivered[p]) == len(MARKER_VALUES) for p in winners):
        return w["markers"].format(names=names)
    win = state.options.markers_to_win
    if any(len(state.delivered[p]) == win for p in winners):
        return w["house_markers"].format(names=names, win=win)
    placed = ", ".join(f"{player_name(p, lang)} {len(d)}" for p, d in enumerate(state.delivered))
    return w["rounds"].format(placed=placed, names=names, verb=w["wins"][len(winners) != 1])


def marked(state: State, marks: Mapping[str, str], lang: str = "en", **options: Any) -> Svg:
    """The map (without the players' panel) with a letter in a circle on each field of `marks`
    (``{"-1,0": "A"}``), for questions that name fields; other keywords go to the renderer
    (e.g. ``selected``)."""
    from sumer_widgets.mesopotamia.picture import Layout, render

    picture = str(render(state, lang=lang, **{"panel": False, **options}))
    from engine.mesopotamia import edge_places

    tiles = dict(state.tiles)
    layout = Layout([*tiles, *edge_places(tiles)])
    spots = []
    for field, letter in marks.items():
        x, y = layout.centre(parse_coord(field))
        spots.append((x + 0.55 * layout.size, y - 0.05 * layout.size, letter, {"field": field}))
    return letter_marks(picture, spots, radius=12, size=15, stroke=2.5, baseline=5)


# Registration ---------------------------------------------------------------------------------


def _change(before: State, after: State, events: list[Any], lang: str) -> str:
    """After an attempted move: the mana tracks that changed (before and now), and the
    sacrifice markers when one was placed."""
    parts = []
    changed = [p for p in range(after.players)
               if (before.mana[p], before.max_mana[p]) != (after.mana[p], after.max_mana[p])]
    if changed:
        parts.append(f'<div class="meso-mana">'
                     f"{mana_tracks(after, lang, players=changed, before=before)}</div>")
    if before.delivered != after.delivered:
        parts.append(f'<div class="meso-sacrifices">{sacrifices(after, lang)}</div>')
    return "".join(parts)


def _register() -> None:
    for cls in (Go, Discover, PlaceVolcano, Spread, ChooseTile, PickUp, Drop, Steal,
                TakeMarker, Offer, EndMovement, BuildHut, BuildHoly, Birth, DrawCard,
                EndActions, PlayCard):
        display.register(cls, lambda move: move_text(move, None, spoken()))
    display.register(State, lambda state: summary_text(state, spoken()))
    display.register_teller("mesopotamia", event_text)
    display.register_change("mesopotamia", _change)


_register()

__all__ = ["card_text", "cargo_text", "event_text", "field_name", "hands", "mana_track",
           "mana_tracks", "marked", "marker_places", "move_text", "native_text",
           "natives_table", "piles_text", "sacrifices", "speak", "summary_text", "where",
           "winners_text"]
