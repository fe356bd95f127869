"""Priest-Kings' values as a learner reads them: sentences and small pictures, English and Dutch.

The engine names cities by id (``"uruk"``), realms as a tuple of overlords (``(-1, 0, 0, -1)``),
battles as dozens of meeting events and armies as lists of elements; a learner reads none of
them. Here:

- `move_text`: a move as an order ("attack Uruk") or, given the city, what it does ("Ur
  attacks Uruk"); a table result in words ("Ur's army broke; Lagash scored 80 points, Ur 35").
- `event_text`: the campaign's events as sentences, registered as the ruleset's teller
  (`display.register_teller`): a dice battle's single meetings and morale are left to the
  battle report, so `attempt` tells a battle in a few lines, not a hundred.
- `realms_text` / `realms`: who is whose vassal, as a sentence and as a small tree (each
  independent city with a crown, its vassals below it, in its colour and shape).
- `army_table` / `troops_table` / `army_picture`: an army's commands (elements, AP, ME and
  the ME each may lose before it is disheartened, broken, shattered), its kinds of troops (type
  and grade in words, cost, morale, combat factor in the dice model), and the army as bases.
- `battle_report`: one battle told for a 15-year-old: who fought whom, the first meetings
  with both dice in words, what each side lost, how it went (morale, rerolls, generals), the
  result and what it did to the realms.
- `odds_table` / `odds_text`: how often each outcome came in many battles of the model, each
  rate with its Wilson interval, and a situation's change against equal armies measured
  battle by battle on the same seeds (`paired_change`).
- `duel_grid`, `first_bound`: every pair of dice of one meeting; which command met which in a
  battle's first bound.
- `targets_text`, `next_army_text`: whom a city may attack; what its army is worth next.
- `summary_text`, `winners_text`: where the campaign stands; who won.

Importing this module registers the text forms with IPython (`display.register`), the teller,
the picture shown after an `attempt` (the battle report, the realms when they changed, the
army after a reorganization: `display.register_change`) and what the campaign map needs of a
game (the turn's events, the armies at the start: `display.register_context`). `speak("nl")`
makes the registered text forms Dutch.

Limits: the pictures are static SVG (the campaign map is for clicks); a battle report reads the
engine's events, so a battle typed in from the table has a result but no meetings.
"""

from __future__ import annotations

import html
import math
import re
import textwrap
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine import priest_kings as pk
from engine.core import Event, Game
from engine.priest_kings import events as ev
from engine.priest_kings.army import (
    REORGANIZE_COUNT,
    REORGANIZE_FROM,
    REORGANIZE_TO,
    Army,
    command_me2,
)
from engine.priest_kings.battle import battle_form
from sumer_widgets import display
from sumer_widgets.display import Sentence, Table, listed, speak, spoken
from sumer_widgets.priest_kings.picture import (
    CSS,
    ORDINALS,
    TROOP_STYLE,
    _command_row,
    _crown,
    turn_events,
)
from sumer_widgets.priest_kings.picture import WORDS as MAP_WORDS
from sumer_widgets.svg import PLAYER_COLORS, PLAYER_SHAPES, Svg, attrs, shape, text
from sumer_widgets.words import words

WORDS = words(__file__)["WORDS"]

#: DBMM's troop types in words: the type's name, one element and several (for the battle
#: report), and what the troops are.
TYPE_WORDS = words(__file__)["TYPE_WORDS"]
GENERAL_WORDS = words(__file__)["GENERAL_WORDS"]
#: The army lists' corps (DBMM's commands) in words; any other keeps its list name.
CORPS_WORDS = words(__file__)["CORPS_WORDS"]


def corps_text(name: str, lang: str = "en") -> str:
    """A corps of an army list in words: "centre (C-in-C)" → "centre" / "centrum"."""
    return CORPS_WORDS.get(lang, CORPS_WORDS["en"]).get(name, name)
GRADE_WORDS = words(__file__)["GRADE_WORDS"]
STATUS = words(__file__)["STATUS"]
#: DBMM's thresholds of a command's morale: disheartened, broken, shattered (as in
#: `engine.priest_kings.battle`, P-BATTLE-DICE-4).
THRESHOLDS = (4, 3, 2)


def _w(lang: str) -> dict[str, Any]:
    return WORDS.get(lang, WORDS["en"])


def _names_of(state: pk.State | None) -> dict[str, str]:
    cmap = state.map if state is not None else pk.CampaignMap.standard()
    return {c.id: c.name for c in cmap.cities}


def _city(city_id: str, state: pk.State | None) -> str:
    return _names_of(state).get(city_id, city_id.capitalize())


def half(me: float) -> str:
    """A number of morale equivalents as a learner writes it: 12½, 4, ½."""
    whole, rest = divmod(round(me * 2), 2)
    if not rest:
        return str(whole)
    return f"{whole}½" if whole else "½"


# Moves -----------------------------------------------------------------------------------------


def broke_text(broken: str, attacker: str | None = None, defender: str | None = None,
               lang: str = "en") -> str:
    """Whose army broke, in words: "Ur's army broke", "no army broke"."""
    w = _w(lang)
    if broken in ("none", "both"):
        return w[f"broke_{broken}"]
    name = {"attacker": attacker or w["the_attacker"],
            "defender": defender or w["the_defender"]}[broken]
    return w["broke_side"].format(name=name)


def move_text(move: Any, state: pk.State | None = None, lang: str = "en",
              player: int | None = None) -> str:
    """A move in words: an order ("attack Uruk"), or with `player` (a city's number) what that
    city does ("Ur attacks Uruk"). With `state` (the position it is played in) the battle and
    the corps are named."""
    w = _w(lang)
    who = None if player is None else (state.name(player) if state is not None
                                      else pk.CampaignMap.standard().city_name(player))
    if isinstance(move, pk.Attack):
        target = _city(move.target, state)
        return (w["attacks"].format(city=who, target=target) if who
                else w["attack"].format(target=target))
    if isinstance(move, pk.Sacrifice):
        return w["sacrifices"].format(city=who) if who else w["sacrifice"]
    if isinstance(move, pk.Reorganize):
        army = state.armies[player if player is not None else state.to_move] \
            if state is not None and (player is not None or state.to_move is not None) \
            else Army.standard()
        try:
            corps = army.command(move.corps).name
        except pk.InvalidInput:
            corps = move.corps
        words = {"corps": corps, "count": REORGANIZE_COUNT, "old": REORGANIZE_FROM,
                 "new": REORGANIZE_TO}
        return (w["reorganizes"].format(city=who, **words) if who
                else w["reorganize"].format(**words))
    battle = state.battle if state is not None else None
    a = d = None
    if battle is not None:
        a, d = state.name(battle[0]), state.name(battle[1])
    if isinstance(move, pk.DiceBattle):
        return w["dice_of"].format(a=a, d=d) if battle else w["dice"]
    if isinstance(move, pk.RecordedBattle):
        broke = broke_text(move.broken, a, d, lang)
        if battle:
            return w["record_of"].format(a=a, d=d, broke=broke, ap=move.attacker_points,
                                         dp=move.defender_points)
        return w["record"].format(broke=broke, ap=move.attacker_points,
                                  dp=move.defender_points)
    if isinstance(move, pk.ActivationOrder):
        return w["order"].format(names=", ".join(_city(c, state) for c in move.cities))
    return str(move)


# Events ----------------------------------------------------------------------------------------

#: A dice battle's detail, told by `battle_report` rather than line by line.
BATTLE_DETAIL = (ev.DuelFought, ev.CommandMoraleChanged, ev.ArmyBroke)


def event_text(event: Event, state: pk.State | None = None, lang: str = "en") -> str:
    """An event as a sentence; "" for a dice battle's meetings, morale and breaking, which
    `battle_report` tells."""
    if isinstance(event, BATTLE_DETAIL):
        return ""
    if isinstance(event, ev.ArmyReorganized):
        return _w(lang)["reorganized"].format(
            name=event.name, count=event.count, corps=corps_text(event.corps_name, lang),
            old=_element(event.old_troops, lang, plural=event.count != 1),
            new=_element(event.new_troops, lang))
    if isinstance(event, ev.CampaignEnded):
        w = _w(lang)
        turns = w["turns"][event.turn == 1].format(n=event.turn)
        return w["campaign_ended"].format(lord=event.name, turns=turns,
                                          names=listed(list(event.winner_names), lang))
    if isinstance(event, ev.BattleBegan) and event.method != "dice" and event.reroll_names:
        # A battle fought on the table: its reroll was a die of the table, not the model's.
        w = _w(lang)
        line = w["battle"].format(n=event.number, a=event.attacker_name, d=event.defender_name)
        return (f"{line}, {w['on_table']}; "
                f"{w['table_reroll'].format(names=listed(list(event.reroll_names), lang))}.")
    if (isinstance(event, ev.BattleEnded) and event.beaten == event.attacker
            and event.broken in ("defender", "both")):
        # Beaten on points, yet the defender broke: say why the beaten side makes a vassal.
        return event.describe(lang) + " " + _w(lang)["beaten_yet_broke"].format(
            beaten=event.attacker_name, defender=event.defender_name)
    return event.describe(lang)


# Realms ----------------------------------------------------------------------------------------


def realms_text(state: pk.State, lang: str = "en") -> Sentence:
    """Who is whose vassal, in a sentence: "Kish rules Uruk and Ur (Uruk won 1 for it); Lagash
    is independent."."""
    w = _w(lang)
    parts, free = [], []
    for head in state.independent:
        vassals = state.vassals_of(head)
        if not vassals:
            free.append(state.name(head))
            continue
        won = [w["won"].format(city=state.name(v), n=state.made[v][head])
               for v in vassals if state.made[v][head]]
        names = listed([state.name(v) for v in vassals], lang)
        key = "all" if len(vassals) == state.players - 1 else "rules"
        line = w[key].format(lord=state.name(head), vassals=names)
        parts.append(line + (f" ({'; '.join(won)})" if won else ""))
    if free:
        key = "is_free" if len(free) == 1 else "are_free"
        parts.append(w[key].format(names=listed(free, lang)))
    return Sentence("; ".join(parts) + ".")


def realms(state: pk.State, lang: str = "en", width: int = 420) -> Svg:
    """The realms as a small tree: each independent city (crowned) above its vassals, joined
    in its colour; a vassal that won cities for its overlord says how many."""
    w = _w(lang)
    heads = list(state.independent)
    column = width / max(len(heads), 1)
    rows = max((len(state.vassals_of(h)) for h in heads), default=0)
    height = 58 + 34 * rows
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" {attrs(viewBox=f"0 0 {width} {height}")} '
           f'width="{width}" class="pk-realms" role="img">',
           f"<title>{html.escape(realms_text(state, lang))}</title>",
           f'<rect width="{width}" height="{height}" rx="8" fill="#fbf6e8" stroke="#d8c9a3"/>']
    for n, head in enumerate(heads):
        x = column * n + 26
        colour = PLAYER_COLORS[head]
        vassals = state.vassals_of(head)
        if vassals:
            bottom = 30 + 34 * len(vassals)
            out.append(f'<path d="M{x:.1f},36 V{bottom:.1f}" stroke="{colour}" '
                       'stroke-width="4" fill="none"/>')
        out.append(_crown(x, 10, 7))
        out.append(shape(PLAYER_SHAPES[head], x, 27, 8, fill=colour, stroke="#1d160b",
                         stroke_width="1.2"))
        out.append(text(x + 16, 32, state.name(head), style="font:700 15px sans-serif",
                        data_realm=state.map.city_id(head)))
        for k, v in enumerate(vassals):
            y = 30 + 34 * (k + 1)
            out.append(f'<path d="M{x:.1f},{y:.1f} H{x + 22:.1f}" stroke="{colour}" '
                       'stroke-width="4"/>')
            out.append(shape(PLAYER_SHAPES[v], x + 32, y, 7, fill=PLAYER_COLORS[v],
                             stroke="#1d160b", stroke_width="1"))
            label = state.name(v)
            if state.made[v][head]:
                label += f" ({w['won'].format(city='', n=state.made[v][head]).strip()})"
            out.append(text(x + 46, y + 5, label, style="font:14px sans-serif",
                            data_vassal=state.map.city_id(v)))
    out.append("</svg>")
    return Svg("".join(out))


# Armies ----------------------------------------------------------------------------------------


def limits(army: Army, command: Any) -> tuple[float, float, float]:
    """The ME a command may lose before it is disheartened, broken and shattered: the first
    loss (in half ME, as DBMM counts) that reaches 1/4, 1/3 and 1/2 of its ME."""
    total = command_me2(army, command)
    return tuple(math.ceil(total / k) / 2 for k in THRESHOLDS)  # type: ignore[return-value]


def _kind(army: Army, troops: str) -> str:
    return army.troops_named(troops).type


def _kind_header(kind: str, lang: str) -> str:
    """A troop type as a column heads it: the plain word, DBMM's name in brackets."""
    plural = TYPE_WORDS.get(lang, TYPE_WORDS["en"]).get(kind, (kind, kind, kind, ""))[2]
    return _w(lang)["col_kind"].format(plural=plural, type=kind)


def army_table(army: Army, lang: str = "en", caption: str = "", *, morale: bool = True,
               thresholds: bool = True, total: bool = True) -> Table:
    """An army's commands: the general's element, blades, bowmen and skirmishers, elements,
    worth (AP) and, with `morale`, its ME and — with `thresholds` — the ME each may lose before
    it loses heart (disheartened), breaks and flees (shattered); with `total`, a last row for
    the whole army. A lesson leaves out what a question is about to ask."""
    w = _w(lang)
    kinds = [k for k in ("Bd", "Bw", "Ps") if any(t.type == k for t in army.troops)]
    kinds += sorted({t.type for t in army.troops} - set(kinds))
    cost = {t.name: t.ap for t in army.troops}
    rows = []
    for command in army.commands:
        general = next(e for e in command.elements if e.general)
        counts = Counter()
        for e in command.elements:
            if not e.general:
                counts[_kind(army, e.troops)] += e.count
        ap = sum(cost[e.troops] * e.count for e in command.elements)
        me = command_me2(army, command) / 2
        plain = TYPE_WORDS.get(lang, TYPE_WORDS["en"]).get(_kind(army, general.troops))
        row = [command.name, f"1 {plain[1] if plain else _kind(army, general.troops)}",
               *(str(counts[k]) for k in kinds),
               str(sum(e.count for e in command.elements)), str(ap)]
        if morale:
            row.append(half(me))
            if thresholds:
                row.append(" · ".join(half(x) for x in limits(army, command)))
        rows.append(row)
    if total:
        totals = Counter()
        for command in army.commands:
            for e in command.elements:
                if not e.general:
                    totals[_kind(army, e.troops)] += e.count
        row = [w["total"], str(len(army.commands)), *(str(totals[k]) for k in kinds),
               str(army.elements), str(army.total_ap)]
        if morale:
            row.append(half(army.total_me))
            if thresholds:
                row.append("")
        rows.append(row)
    header = [w["command"], w["general"], *(_kind_header(k, lang) for k in kinds),
              w["elements"], w["col_ap"]]
    if morale:
        header.append(w["col_me"])
        if thresholds:
            header.append(w["limits"])
    return Table(header, rows, caption=caption)


def troops_table(army: Army, lang: str = "en", *, factors: bool = True,
                 general: bool = True) -> Table:
    """An army's kinds of troops: their DBMM name, what they are, type and grade in words, cost
    (AP), morale (ME) and, with `factors`, the combat factor the dice model gives them
    (P-BATTLE-DICE-3) — with `general`, the general's element's too."""
    w = _w(lang)
    form = battle_form(army)
    factor: dict[str, int] = {}
    generals: dict[str, int] = {}
    for command in form:
        for label, f in zip(command.labels, command.factors):
            if label.startswith("general's "):
                generals[label.removeprefix("general's ")] = f
            else:
                factor[label] = f
    types = TYPE_WORDS.get(lang, TYPE_WORDS["en"])
    rows = []
    for t in army.troops:
        name, _, _, what = types.get(t.type, (t.type, t.type, t.type, ""))
        reg = "Reg " if t.name.startswith("Reg ") else ""
        f = factor.get(t.name, generals.get(t.name))
        shown = (w["general_factor"].format(n=f, g=generals[t.name])
                 if general and t.name in generals and t.name in factor else str(f))
        row = [t.name, what, f"{t.type} = {name}",
               f"{reg.strip() + ', ' if reg else ''}"
               f"{t.grade} = {GRADE_WORDS.get(lang, GRADE_WORDS['en'])[t.grade]}",
               str(t.ap), half(t.me)]
        rows.append([*row, shown] if factors else row)
    header = [w["troops"], w["what"], w["type"], w["grade"], w["col_ap"], w["col_me"]]
    return Table([*header, w["factor"]] if factors else header, rows)


def army_picture(army: Army, lang: str = "en", start: Army | None = None,
                 title: str = "", width: int = 460) -> Svg:
    """The army as the campaign map draws it: each command's bases, the general's marked with
    a gold dot, the blades a reorganization brought outlined (given the army at the `start`)."""
    words = MAP_WORDS.get(lang, MAP_WORDS["en"])
    w = _w(lang)
    height = 40 + 31 * len(army.commands)
    head = title or (f"{army.total_ap} {w['ap']} · {army.elements} {w['elements']} · "
                     f"{half(army.total_me)} {w['me']}")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" {attrs(viewBox=f"0 0 {width} {height}")} '
           f'width="{width}" class="pk-army-picture" role="img">',
           f"<title>{html.escape(head)}</title><style>{CSS}</style>",
           f'<rect width="{width}" height="{height}" rx="8" fill="#fbf6e8" stroke="#d8c9a3"/>',
           text(12, 22, head, class_="pk-s", font_weight="700")]
    for c, command in enumerate(army.commands):
        out.extend(_command_row(army, command, start, 12, 36 + c * 31, width - 24, words))
    out.append("</svg>")
    return Svg("".join(out))


#: The meeting `dice_battle_picture` draws: a blade's low die against a bowman's high one.
PICTURE_DICE = (2, 5)
#: How far the command of `dice_battle_picture` has lost its morale (between "breaks" and
#: "flees"), and the three commands' states at the end of its battle.
PICTURE_SHAKEN = 0.42
PICTURE_END = ("shattered", "broken", "steady")
#: How many letters a line of `dice_battle_picture`'s panels holds.
PANEL_LETTERS = 31


def dice_battle_picture(army: Army, lang: str = "en", width: int = 1080) -> Svg:
    """The dice battle as a player needs it, in three steps: a meeting (each side's die plus
    its troops' strength, the higher total wins), a command shaken by its losses (losing heart,
    breaking, fleeing as its morale goes), and the army breaking. The strengths are the dice
    model's factors for `army`'s troops; the model's details (pairing, grades, thresholds) are
    for the programmers' part."""
    w = _w(lang)
    command = battle_form(army)[0]
    factor = dict(zip(command.labels, command.factors))
    blade, bow = "Reg Bd (F)", REORGANIZE_FROM
    kinds = sorted({label for label in command.labels if not label.startswith("general")},
                   key=lambda label: -factor[label])
    general = next(f - factor[label.removeprefix("general's ")]
                   for label, f in factor.items() if label.startswith("general's"))
    panel = width / 3
    body: list[str] = []

    def lines(x: float, y: float, said: str, kind: str = "pk-xs") -> float:
        """`said` from (x, y) down, as many lines as the panel needs; the y below it."""
        wrapped = textwrap.wrap(said, PANEL_LETTERS)
        body.extend(text(x, y + 23 * k, line, class_=kind) for k, line in enumerate(wrapped))
        return y + 23 * len(wrapped)

    # 1. A meeting: each side's die plus its strength; the higher total wins.
    x = 18
    body.append(text(x, 34, w["dbp_meeting"], class_="pk-h"))
    y = lines(x, 60, w["dbp_meeting_note"]) + 12
    totals = []
    for label, die in zip((blade, bow), PICTURE_DICE):
        fill, stroke, tall = TROOP_STYLE.get(label.split()[1], ("#c9b995", "#5a4632", 11))
        body.append(f'<rect {attrs(x=x, y=y + 20 - 2 * tall, width=26, height=2 * tall)} '
                    f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>')
        body.append(text(x + 36, y + 4, _element(label, lang), class_="pk-s", font_weight="700"))
        body.append(_die(x + 36, y + 14, 30, die))
        total = die + factor[label]
        totals.append(total)
        body.append(text(x + 76, y + 36, f"+ {factor[label]} = {total}", class_="pk-t"))
        y += 74
    winner = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
    verdict = (w["dbp_equal"] if winner is None else w["dbp_wins"].format(
        loser=_element((bow, blade)[winner], lang)))
    y = lines(x, y, verdict, "pk-s") + 4
    # A kind and its strength stay on one line (a no-break space between them).
    strengths = ", ".join(f"{_element(label, lang)}\u00a0{factor[label]}" for label in kinds)
    bottom = lines(x, y, w["dbp_strengths"].format(list=strengths, general=general))
    # 2. A command shaken: the morale it has lost, and where it loses heart, breaks, flees.
    x = panel + 18
    body.append(text(x, 34, w["dbp_morale"], class_="pk-h"))
    top = lines(x, 60, w["dbp_morale_note"]) + 60
    bar = panel - 40
    body.append(f'<rect {attrs(x=x, y=top, width=bar, height=30, rx=4)} fill="#fff" '
                'stroke="#5a4632" stroke-width="1.5"/>')
    body.append(f'<rect {attrs(x=x, y=top, width=bar * PICTURE_SHAKEN, height=30, rx=4)} '
                'fill="#b35900" fill-opacity=".75"/>')
    for share, key, above, anchor in ((1 / 4, "dbp_heart", True, "middle"),
                                      (1 / 3, "dbp_breaks", False, "middle"),
                                      (1 / 2, "dbp_flees", True, "start")):
        mx = x + bar * share
        tick = attrs(x1=mx, y1=top - 12 if above else top, x2=mx,
                     y2=top + 30 if above else top + 44)
        body.append(f'<line {tick} stroke="#1d160b" stroke-width="2"/>')
        body.append(text(mx + (4 if anchor == "start" else 0), top - 18 if above else top + 64,
                         w[key], class_="pk-s", text_anchor=anchor, font_weight="700"))
    bottom = max(bottom, lines(x, top + 98, w["dbp_lost"]))
    # 3. The army breaks: broken and fleeing commands, or the centre fled.
    x = 2 * panel + 18
    body.append(text(x, 34, w["dbp_army"], class_="pk-h"))
    y = 56
    for row, state in enumerate(PICTURE_END):
        fill = {"shattered": "#fff", "broken": "#e7b98a", "steady": "#c9b995"}[state]
        dash = ' stroke-dasharray="6 4"' if state == "shattered" else ""
        body.append(f'<rect {attrs(x=x, y=y, width=panel - 40, height=44, rx=6)} '
                    f'fill="{fill}" stroke="#5a4632" stroke-width="1.5"{dash}/>')
        name = corps_text(army.commands[row].name, lang) if row < len(army.commands) else ""
        body.append(text(x + 10, y + 28, f"{name}: {w['dbp_' + state]}", class_="pk-s"))
        y += 56
    bottom = max(bottom, lines(x, y + 20, w["dbp_army_note"]))
    height = bottom + 14
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" {attrs(viewBox=f"0 0 {width} {height}")} '
           f'width="{width}" class="pk-dice-battle-picture" role="img">',
           f"<title>{html.escape(w['dbp_title'])}</title><style>{CSS}</style>",
           f'<rect width="{width}" height="{height}" rx="8" fill="#fbf6e8" stroke="#d8c9a3"/>',
           *(f'<line {attrs(x1=n * panel, y1=16, x2=n * panel, y2=height - 16)} '
             'stroke="#d8c9a3" stroke-width="1.5"/>' for n in (1, 2)),
           *body, "</svg>"]
    return Svg("".join(out))


def _die(x: float, y: float, size: float, value: int) -> str:
    """A die showing `value` as pips, its top-left corner at (x, y)."""
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
             4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
             6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}[value]
    step = size / 4
    pips = "".join(f'<circle {attrs(cx=x + step * (1 + i), cy=y + step * (1 + j), r=size / 11)}'
                   f' fill="#1d160b"/>' for i, j in spots)
    face = attrs(x=x, y=y, width=size, height=size, rx=size / 6)
    return (f'<g class="pk-die" data-value="{value}"><rect {face} fill="#fff" '
            f'stroke="#1d160b" stroke-width="1.5"/>{pips}</g>')


# Battles ---------------------------------------------------------------------------------------


def split_battles(events: Iterable[Event]) -> list[list[Event]]:
    """The battles among `events`, each as its events from `BattleBegan` to its last
    consequence (vassals freed, cities submitting, the end)."""
    out: list[list[Event]] = []
    current: list[Event] | None = None
    for event in events:
        if isinstance(event, ev.BattleBegan):
            current = [event]
            out.append(current)
        elif isinstance(event, BATTLE_PARTS):
            if current is not None:
                current.append(event)
        else:
            current = None
    return out


#: What belongs to a battle after its beginning: its meetings, its result and consequences.
BATTLE_PARTS = (*BATTLE_DETAIL, ev.BattleEnded, ev.VassalsFreed, ev.BecameVassal,
                ev.CampaignEnded)


def battles_of(game: Game) -> list[list[Event]]:
    """Every battle of `game`, as `split_battles` gives them."""
    return split_battles(event for _, events in game.log for event in events)


def _element(label: str, lang: str, plural: bool = False) -> str:
    """A troop label of the model ("Reg Bd (F)", "general's Reg Bd (F)") in words."""
    types = TYPE_WORDS.get(lang, TYPE_WORDS["en"])
    if label.startswith("general's"):
        return GENERAL_WORDS.get(lang, GENERAL_WORDS["en"])[plural]
    found = re.search(r"\b([A-Z][a-z]{1,2})\b", label.replace("Reg ", ""))
    kind = types.get(found.group(1)) if found else None
    if kind is None:
        return label
    return kind[2] if plural else kind[1]


def _labels(army: Army, command: Any) -> list[tuple[str, int]]:
    """A command's elements by the dice model's labels ("general's Reg Bd (F)" for its
    general's)."""
    return [(f"general's {e.troops}" if e.general else e.troops, e.count)
            for e in command.elements]


def _counted(counts: Counter, lang: str) -> str:
    if not counts:
        return _w(lang)["nothing_lost"]
    return ", ".join(f"{n} {_element(label, lang, plural=n > 1)}" for label, n in
                     sorted(counts.items(), key=lambda item: (-item[1], item[0])))


class BattleReport:
    """One battle told in words (HTML in a notebook, plain text elsewhere).

    Given the two `armies` that fought (the invader's, the defender's), the losses count the
    elements that left the field with a shattered command too, so that they add up to the
    points the enemy scored; without them, only the elements destroyed in meetings.
    """

    def __init__(self, events: Sequence[Event], lang: str = "en",
                 armies: tuple[Army, Army] | None = None):
        began = next((e for e in events if isinstance(e, ev.BattleBegan)), None)
        if began is None:
            raise ValueError("a battle report needs the events of a battle (from BattleBegan)")
        self.began = began
        self.events = list(events)
        self.lang = lang
        self.armies = armies

    @property
    def duels(self) -> list[ev.DuelFought]:
        return [e for e in self.events if isinstance(e, ev.DuelFought)]

    def first(self) -> list[ev.DuelFought]:
        """The meetings of the first bound."""
        return [d for d in self.duels if d.bound == 1]

    @property
    def ended(self) -> ev.BattleEnded | None:
        return next((e for e in self.events if isinstance(e, ev.BattleEnded)), None)

    def title(self) -> str:
        w = _w(self.lang)
        b = self.began
        line = w["battle"].format(n=b.number, a=b.attacker_name, d=b.defender_name)
        line += ", " + (w["with_dice"] if b.method == "dice" else w["on_table"])
        if b.reroll_names:
            said = w["may_reroll"] if b.method == "dice" else w["table_reroll"]
            line += f" ({said.format(names=listed(list(b.reroll_names), self.lang))})"
        return line + "."

    def meeting(self, duel: ev.DuelFought) -> str:
        w = _w(self.lang)
        lang = self.lang
        a_el, d_el = _element(duel.attacker_troops, lang), _element(duel.defender_troops, lang)
        if duel.loser is None:
            verdict = w["stand"]
        else:
            who, el = ((duel.attacker_name, a_el) if duel.loser == "attacker"
                       else (duel.defender_name, d_el))
            verdict = w["falls"].format(who=who, el=el)
        for city, first in duel.rerolls:
            verdict += f" ({w['rerolled'].format(city=city, first=first)})"
        return w["meeting"].format(b=duel.bound, a=duel.attacker_name, d=duel.defender_name,
                                   a_el=a_el, d_el=d_el, ad=duel.attacker_die,
                                   at=duel.attacker_total, dd=duel.defender_die,
                                   dt=duel.defender_total, verdict=verdict)

    def losses(self) -> tuple[tuple[Counter, Counter], tuple[Counter, Counter]]:
        """Per side (invader, defender): the elements destroyed in meetings, and those lost
        with a shattered command (known only given the armies), by the model's troop label."""
        destroyed: tuple[Counter, Counter] = (Counter(), Counter())
        fled: tuple[Counter, Counter] = (Counter(), Counter())
        left: list[dict[str, Counter]] = []
        for army in self.armies or ():
            left.append({c.name: Counter({label: (1 if label.startswith("general's") else n)
                                          for label, n in _labels(army, c)})
                         for c in army.commands})
        for event in self.events:
            if isinstance(event, ev.DuelFought) and event.loser is not None:
                side = 0 if event.loser == "attacker" else 1
                troops, command = ((event.attacker_troops, event.attacker_command) if side == 0
                                   else (event.defender_troops, event.defender_command))
                destroyed[side][troops] += 1
                if left:
                    left[side][command][troops] -= 1
            elif (isinstance(event, ev.CommandMoraleChanged) and event.status == "shattered"
                  and left):
                side = 0 if event.player == self.began.attacker else 1
                fled[side].update(+left[side][event.command_name])
                left[side][event.command_name].clear()
        return destroyed, fled

    def moments(self) -> list[str]:
        """What turned the battle: rerolls, generals lost, commands losing heart, breaking."""
        w = _w(self.lang)
        out = []
        bound = 0
        names = (self.began.attacker_name, self.began.defender_name)
        statuses = STATUS["en"]
        for event in self.events:
            if isinstance(event, ev.DuelFought):
                bound = event.bound
                if event.rerolls:
                    for k, (city, first) in enumerate(event.rerolls):
                        side = "attacker" if city == names[0] else "defender"
                        second = event.attacker_die if side == "attacker" else event.defender_die
                        if k + 1 < len(event.rerolls):
                            second = event.rerolls[k + 1][1]
                        outcome = w["not_saved"] if event.loser == side else w["saved"]
                        out.append(w["reroll_line"].format(b=bound, city=city, first=first,
                                                           second=second, outcome=outcome))
                if event.loser is not None:
                    troops = (event.attacker_troops if event.loser == "attacker"
                              else event.defender_troops)
                    if troops.startswith("general's"):
                        city = names[0] if event.loser == "attacker" else names[1]
                        command = (event.attacker_command if event.loser == "attacker"
                                   else event.defender_command)
                        out.append(w["general_falls"].format(b=bound, city=city,
                                                             command=command))
            elif isinstance(event, ev.CommandMoraleChanged):
                status = STATUS.get(self.lang, STATUS["en"])[statuses.index(event.status)]
                out.append(w["morale"].format(b=bound, city=event.name,
                                              command=event.command_name, status=status))
            elif isinstance(event, ev.ArmyBroke):
                out.append(w["breaks"].format(b=bound, city=event.name))
        ended = self.ended
        if ended is not None and ended.broken == "none" and self.duels:
            out.append(w["day"])
        return out

    def lines(self) -> list[str]:
        """The report as plain lines."""
        w = _w(self.lang)
        out = [self.title()]
        duels = self.duels
        if duels:
            out.append(w["first"] + ":")
            first = self.first()
            out.extend(f"  {self.meeting(d)}" for d in first)
            if len(duels) > len(first):
                out.append("  " + w["more"].format(n=len(duels) - len(first),
                                                   b=duels[-1].bound))
            destroyed, fled = self.losses()
            for side, name in enumerate((self.began.attacker_name, self.began.defender_name)):
                line = f"{name} — {w['lost']}: {_counted(destroyed[side], self.lang)}"
                if fled[side]:
                    line += f"; {w['fled']}: {_counted(fled[side], self.lang)}"
                out.append(line)
            out.append(w["how"] + ":")
            out.extend(f"  {line}" for line in self.moments())
        out.extend(self.result())
        return out

    def result(self) -> list[str]:
        """The result and what it did to the realms, as sentences."""
        return [event_text(e, None, self.lang) for e in self.events
                if isinstance(e, (ev.BattleEnded, ev.VassalsFreed, ev.BecameVassal,
                                  ev.CampaignEnded))]

    def html(self, full: bool = True) -> str:
        """The report as HTML; without `full`, only what the events' sentences do not say
        (the first bound, the losses, how it went), for `attempt`, which tells those."""
        w = _w(self.lang)
        esc = html.escape
        parts = [f"<p><b>{esc(self.title())}</b></p>"] if full else []
        duels = self.duels
        if duels:
            first = self.first()
            items = "".join(f"<li>{esc(self.meeting(d))}</li>" for d in first)
            rest = w["more"].format(n=len(duels) - len(first), b=duels[-1].bound)
            more = f"<li><i>{esc(rest)}</i></li>" if len(duels) > len(first) else ""
            parts.append(f"<p>{esc(w['first'])}:</p><ul>{items}{more}</ul>")
            ended = self.ended
            destroyed, fled = self.losses()
            scored = ((ended.attacker_points, ended.defender_points) if ended is not None
                      else ("", ""))
            names = (self.began.attacker_name, self.began.defender_name)
            shattered = bool(fled[0] or fled[1])
            header = [w["side"], w["lost"], *([w["fled"]] if shattered else []), w["scored"]]
            rows = [[names[side], _counted(destroyed[side], self.lang),
                     *([_counted(fled[side], self.lang) if fled[side] else "—"]
                       if shattered else []), str(scored[side])] for side in (0, 1)]
            table = Table(header, rows)
            parts.append(table._repr_html_())
            moments = "".join(f"<li>{esc(line)}</li>" for line in self.moments())
            parts.append(f"<p>{esc(w['how'])}:</p><ul>{moments}</ul>")
        if full:
            result = self.result()
            parts.append("".join(f"<p><b>{esc(line)}</b></p>" for line in result[:1]))
            parts.append("".join(f"<p>{esc(line)}</p>" for line in result[1:]))
        if not parts:
            return ""
        return ('<div class="pk-battle-report" style="border-left:4px solid #b35900;'
                f'padding:2px 10px;margin:6px 0">{"".join(parts)}</div>')

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        return "\n".join(self.lines())


def battle_report(battle: Game | Sequence[Event], number: int | None = None,
                  lang: str = "en") -> BattleReport:
    """A battle told in words: the events of one battle, or a game's battle `number` (default:
    the latest fought)."""
    if isinstance(battle, Game):
        fought = battles_of(battle)
        if not fought:
            raise ValueError("no battle has been fought in this campaign yet")
        events = (fought[-1] if number is None else
                  next(b for b in fought if b[0].number == number))
        # Battles change no army: the armies after the move are those that fought.
        ply = next(n for n, (_, happened) in enumerate(battle.log)
                   if any(e is events[0] for e in happened))
        return BattleReport(events, lang, _armies_of(battle.history[ply + 1], events[0]))
    return BattleReport(battle, lang)


def _armies_of(state: pk.State, began: Event) -> tuple[Army, Army]:
    return state.armies[began.attacker], state.armies[began.defender]


def _breaks(outcomes: Sequence[pk.Outcome], side: str) -> list[bool]:
    return [o.broken in (side, "both") for o in outcomes]


def _rate(flags: Sequence[bool], lang: str) -> str:
    from sumer_widgets.plots.analysis import wilson

    rate = wilson(sum(flags), len(flags))
    return _w(lang)["rate"].format(v=round(100 * rate.value), lo=round(100 * rate.low),
                                   hi=round(100 * rate.high))


def broke_rate(outcomes: Sequence[pk.Outcome], side: str, lang: str = "en") -> str:
    """How often `side`'s army ("attacker" or "defender") broke in `outcomes`, in per cent
    with its Wilson 95 % interval: "43 % [41–44]"."""
    return _rate(_breaks(outcomes, side), lang)


def paired_change(outcomes: Sequence[pk.Outcome], baseline: Sequence[pk.Outcome],
                  side: str = "defender") -> Any:
    """How much more often `side`'s army broke in `outcomes` than in `baseline`, battle by
    battle (battle i of both fought from the same seed): the mean of the differences with its
    95 % interval (`sumer_widgets.plots.analysis.mean_interval`), as a share."""
    from sumer_widgets.plots.analysis import mean_interval

    if len(outcomes) != len(baseline):
        raise ValueError("a paired comparison needs as many battles in both situations")
    return mean_interval([int(a) - int(b) for a, b in zip(_breaks(outcomes, side),
                                                         _breaks(baseline, side))])


def _signed(share: float) -> str:
    """A share as a signed whole number in a hundred: +7, −9 (a minus sign, not a hyphen)."""
    n = round(100 * share)
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _points(estimate: Any, lang: str) -> str:
    return _w(lang)["points"].format(v=_signed(estimate.value), lo=_signed(estimate.low),
                                     hi=_signed(estimate.high))


def odds_table(situations: Mapping[str, Sequence[pk.Outcome]], lang: str = "en",
               baseline: str | None = None) -> Table:
    """How often each outcome came in each situation's battles, in per cent with its Wilson
    95 % interval; given the `baseline` situation (fought from the same seeds), also how much
    more often the defender's army broke than there, battle by battle, with its interval."""
    w = _w(lang)
    rows = []
    base = situations[baseline] if baseline is not None else None
    for label, outcomes in situations.items():
        beaten = [o.defender_points < o.attacker_points for o in outcomes]
        row = [label, f"{len(outcomes):,}", _rate(_breaks(outcomes, "attacker"), lang),
               _rate(_breaks(outcomes, "defender"), lang),
               _rate([o.broken == "both" for o in outcomes], lang), _rate(beaten, lang)]
        if base is not None:
            row.append("—" if label == baseline else
                       _points(paired_change(outcomes, base), lang))
        rows.append(row)
    header = [w["situation"], w["battles"], w["inv_broke"], w["def_broke"], w["both"],
              w["def_beaten"]]
    n = {len(o) for o in situations.values()}
    caption = w["odds_caption"].format(n=f"{n.pop():,}") if len(n) == 1 else ""
    return Table([*header, w["change"]] if base is not None else header, rows,
                 caption=caption)


def odds_text(situations: Mapping[str, Sequence[pk.Outcome]], baseline: str,
              lang: str = "en") -> Sentence:
    """What the battles of `odds_table` say, in sentences: whether equal armies favour a side
    (the difference against the noise), and each other situation's change in the defender's
    breaking, battle by battle against the `baseline`."""
    from sumer_widgets.plots.analysis import mean_interval

    w = _w(lang)
    base = situations[baseline]
    inv, dfd = _breaks(base, "attacker"), _breaks(base, "defender")
    # In the same battles: +1 where only the defender broke, -1 where only the invader did.
    gap = mean_interval([int(b) - int(a) for a, b in zip(inv, dfd)])
    said = {"n": f"{len(base):,}", "inv": _rate(inv, lang), "dfd": _rate(dfd, lang),
            "diff": round(100 * abs(gap.value)), "gap": _points(gap, lang)}
    lines = [w["odds_equal" if gap.low <= 0 <= gap.high else "odds_unequal"].format(**said)]
    for label, outcomes in situations.items():
        if label == baseline:
            continue
        lines.append(w["odds_effect"].format(label=label[0].upper() + label[1:],
                                             rate=_rate(_breaks(outcomes, "defender"), lang),
                                             change=_points(paired_change(outcomes, base),
                                                            lang)))
    lines.append(w["odds_pairing"])
    return Sentence(" ".join(lines))


def duel_grid(army: Army, first: str, second: str, lang: str = "en") -> Table:
    """Every pair of dice when an element of `first` troops meets one of `second` (names of
    the army's troops, e.g. "Reg Bd (F)"): who wins, by the dice model's factors."""
    w = _w(lang)
    command = battle_form(army)[0]
    fa = command.factors[command.labels.index(first)]
    fd = command.factors[command.labels.index(second)]
    a = _element(first, lang)
    d = _element(second, lang)
    rows, wins = [], 0
    for die_a in range(1, 7):
        row = [str(die_a)]
        for die_d in range(1, 7):
            ta, td = die_a + fa, die_d + fd
            wins += ta > td
            row.append("✓" if ta > td else "=" if ta == td else "✗")
        rows.append(row)
    return Table([w["grid_corner"].format(a=a, d=d), *map(str, range(1, 7))], rows,
                 caption=w["grid_caption"].format(a=a, d=d, fa=fa, fd=fd, n=wins))


def first_bound(events: Iterable[Event], lang: str = "en") -> Table:
    """Which command met which in the first bound of a dice battle (from its events): each
    invader's command, its place in its list, and the defender's command it met."""
    w = _w(lang)
    duels = [e for e in events if isinstance(e, ev.DuelFought) and e.bound == 1]
    if not duels:
        raise ValueError("first_bound needs the events of a battle fought with the dice")
    a, d = duels[0].attacker_name, duels[0].defender_name
    seen: dict[str, str] = {}
    for duel in duels:
        seen.setdefault(duel.attacker_command, duel.defender_command)
    rows = [[str(n), corps_text(mine, lang), corps_text(theirs, lang)]
            for n, (mine, theirs) in enumerate(seen.items(), start=1)]
    return Table([w["fb_place"], w["fb_invader"].format(a=a), w["fb_defender"].format(d=d)],
                 rows, caption=w["fb_caption"].format(a=a, d=d))


def targets_text(state: pk.State, lang: str = "en") -> Sentence:
    """Whom the city to choose may attack, in a sentence: "Ur may attack Lagash and Uruk."."""
    w = _w(lang)
    city = state.name(state.to_move)
    targets = [state.map.city_name(state.map.index_of(m.target)) for m in pk.legal_moves(state)
               if isinstance(m, pk.Attack)]
    if not targets:
        return Sentence(w["may_attack_none"].format(city=city))
    return Sentence(w["may_attack"].format(city=city, targets=listed(targets, lang)))


def next_army_text(state: pk.State, city: int, lang: str = "en") -> Sentence:
    """What `city`'s army is worth in its next battle."""
    army = state.armies[city]
    return Sentence(_w(lang)["next_army"].format(city=state.name(city), ap=army.total_ap,
                                                 elements=army.elements,
                                                 me=half(army.total_me)))


# The campaign ----------------------------------------------------------------------------------


def summary_text(state: pk.State, lang: str = "en") -> Sentence:
    """Where the campaign stands, in words: the turn, who is to decide, the realms."""
    w = _w(lang)
    if state.is_over:
        return winners_text(state, lang)
    head = w["turn"].format(turn=state.turn)
    if state.phase == "activation":
        now = w["to_enter"]
    elif state.phase == "battles":
        a, d = state.battle
        now = w["to_fight"].format(a=state.name(a), d=state.name(d))
    else:
        place = ORDINALS.get(lang, ORDINALS["en"])[state.step]
        now = w["to_choose"].format(city=state.name(state.to_move), place=place)
    return Sentence(f"{head}: {now}. {realms_text(state, lang)}")


def winners_text(state: pk.State, lang: str = "en") -> Sentence:
    """Who won a finished campaign."""
    w = _w(lang)
    if not state.is_over:
        return Sentence(w["not_over"])
    lord = state.independent[0]
    winners = sorted(state.winners())
    if winners == [lord]:
        return Sentence(w["alone"].format(lord=state.name(lord)))
    return Sentence(w["winners"].format(lord=state.name(lord),
                                        names=listed([state.name(p) for p in winners], lang)))


# Registration ----------------------------------------------------------------------------------


def _change(before: pk.State, after: pk.State, events: list[Any], lang: str) -> str:
    """After an attempted move: the report of each battle fought, the realms if they changed,
    and an army after its reorganization (beside the army before)."""
    parts = [BattleReport(battle, lang, _armies_of(after, battle[0])).html(full=False)
             for battle in split_battles(events)]
    if before.overlord != after.overlord:
        parts.append(f'<div class="pk-realms-after">{realms(after, lang)}</div>')
    for event in events:
        if isinstance(event, ev.ArmyReorganized):
            army = army_picture(after.armies[event.player], lang,
                                start=before.armies[event.player], title=event.describe(lang))
            parts.append(f'<div class="pk-army-after">{army}</div>')
    return "".join(parts)


def _context(game: Game) -> dict[str, Any]:
    """The campaign map shows the turn so far and the reorganizations since the start."""
    return {"events": turn_events(game), "initial_armies": game.history[0].armies}


def _register() -> None:
    for cls in (pk.Attack, pk.Sacrifice, pk.Reorganize, pk.DiceBattle, pk.RecordedBattle,
                pk.ActivationOrder):
        display.register(cls, lambda move: move_text(move, None, spoken()))
    display.register(pk.State, lambda state: summary_text(state, spoken()))
    display.register_teller("priest_kings", event_text)
    display.register_change("priest_kings", _change)
    display.register_context("priest_kings", _context)


_register()

__all__ = ["BattleReport", "army_picture", "army_table", "battle_report", "battles_of",
           "broke_rate", "broke_text", "corps_text", "duel_grid", "event_text", "first_bound",
           "half", "limits", "move_text", "next_army_text", "odds_table", "odds_text",
           "paired_change", "realms", "realms_text", "speak", "summary_text", "targets_text",
           "troops_table", "winners_text"]
