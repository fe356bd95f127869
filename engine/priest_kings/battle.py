"""The dice battle: an abstract, documented model of a DBMM battle for solo play and class demos.

This is **a model, not DBMM**. The rule text has its battles fought on the table with DBMM 200;
a real campaign enters each result with a `RecordedBattle` move. A `DiceBattle` instead asks this
module for a result, from the two armies' lists (`army`), any sacrifice rerolls, and a generator
seeded from the campaign's seed and battle counter. Every die it rolls is returned for the
events. docs/research.md §4 gives the facts it keeps.

What the model keeps:

- **Armies as elements** of their list, in their commands, each with its troop type, grade,
  cost (AP) and morale equivalents (ME): the general's element counts 4 ME, Bw (I) and Ps 1/2,
  other foot 1 (DBMM's values, from the list file).
- **Opposed d6 with combat factors.** The battle is fought in bounds. In each bound the
  commands meet by position (1st against 1st, ...); a command whose opposite number is gone
  falls on the enemy's first command still on the field, with +1 for the overlap. For each
  meeting each side draws at random which of the command's remaining elements fights, each
  element as likely as any other — the general's element among them: in DBMM it stands in the
  line of battle and fights like the rest. Each rolls a d6 and adds its factor: DBA's factors
  against foot (Bd 5, Sp 4, Ax/Pk/Wb/Kn/Cv 3, Bw/Ps/LH 2, Hd 1, ...), +1 for a superior, -1 for
  an inferior grade, +1 for the general's element, -1 if its command is disheartened, -2 if
  broken. The higher total destroys the other element; equal totals leave both standing.
- **Morale.** A command that has lost 1/4 of its ME is disheartened, 1/3 broken, 1/2 shattered:
  a shattered command leaves the field and its remaining elements count as lost. An army breaks
  at the end of a bound in which its broken and shattered commands hold at least half of its ME,
  or its C-in-C's command (the list's first) is shattered. Both armies may break in one bound.
  After 40 bounds without a break the day ends with neither broken.
- **The general**: a stronger element (+1), worth 4 ME, so losing it usually disheartens its
  command (with the shipped list: 4 of its 12½ to 14 ME); the command fights on without it.
- **Points**: each side scores the AP of the enemy's lost elements (destroyed, or gone with a
  shattered command) — the score that decides who is "beaten".
- **The sacrifice reroll**: a side that made sacrifices rerolls its own die the first time it
  loses a meeting that costs an element worth 1 ME or more (a blade or a general: the moment
  worth the favour of the god); the second roll stands. "No more than one reroll is allowed in
  a battle" (`reroll_limit="battle"`, the text): when both sides sacrificed, the first side to
  need it rerolls and no other die of the battle is rerolled. With ``reroll_limit="side"`` each
  side has its own reroll, independently: a reroll can turn a meeting, and the side that then
  loses it may reroll in turn.
- **The reorganization** needs nothing special: 4 Reg Bw (I) become 1 Reg Bd (F) in the list,
  so the command draws blades more often but has fewer ME to lose before it breaks.

What it leaves out: the table itself — terrain, deployment, movement and distances, PIP dice and
command and control, shooting at range, recoils, flanks and rear support, quick kills, the
DBMM outcome table, stratagems, camps and baggage, and time. Over many battles (see the tests) a
sacrifice raises its side's chance of breaking the other by several points, and each
reorganized corps raises it further.

`fight_forms` is the one implementation, used by the checked rules through `fight` (with a log
for the events) and by the fast random playout (without).
"""

from __future__ import annotations

import functools
import random
from typing import Any, NamedTuple

from engine.priest_kings.army import GENERAL_ME, Army, command_me2

#: DBA combat factors against foot, by DBMM troop type.
TYPE_FACTORS = {"El": 5, "Kn": 3, "Cv": 3, "LH": 2, "Cm": 3, "Ch": 3, "Sp": 4, "Pk": 3,
                "Bd": 5, "Wb": 3, "Ax": 3, "Bw": 2, "Ps": 2, "Hd": 1, "Art": 2, "WWg": 3}
GRADE_MODIFIERS = {"S": 1, "O": 0, "F": 0, "X": 0, "I": -1}
#: How many rerolls a battle allows (ruling R-P11): one in all ("battle", the text) or one
#: per side that made sacrifices ("side").
REROLL_LIMITS = ("battle", "side")
GENERAL_BONUS = 1
OVERLAP_BONUS = 1
#: Combat modifier by command status: steady, disheartened, broken (minus the status number).
STATUS_MODIFIERS = (0, -1, -2)
STATUS_NAMES = ("steady", "disheartened", "broken", "shattered")
#: The day ends after this many bounds if neither army has broken.
BOUNDS = 40
#: The reroll is kept for losing an element worth this many half ME or more (1 ME).
REROLL_WORTH_ME2 = 2

BROKEN = ("none", "attacker", "defender", "both")


class Outcome(NamedTuple):
    """What a battle came to: who broke, what each side scored, whether a reroll was used."""

    broken: str
    attacker_points: int
    defender_points: int
    bounds: int
    rerolled: tuple[bool, bool]


class _Command(NamedTuple):
    id: str
    name: str
    labels: tuple[str, ...]     # troops of each class, then the general's element last
    factors: tuple[int, ...]
    me2: tuple[int, ...]
    ap: tuple[int, ...]
    counts: tuple[int, ...]     # of each class, the general excluded
    total_me2: int
    general: int                # the general's class: len(counts)


@functools.lru_cache(maxsize=256)
def battle_form(army: Army) -> tuple[_Command, ...]:
    """The army as the model fights it: per command, its classes of elements and the general."""
    troops = {t.name: t for t in army.troops}
    out = []
    for command in army.commands:
        labels, factors, me2, ap, counts = [], [], [], [], []
        general = None
        for element in command.elements:
            t = troops[element.troops]
            factor = TYPE_FACTORS[t.type] + GRADE_MODIFIERS[t.grade]
            if element.general:
                general = (f"general's {t.name}", factor + GENERAL_BONUS, GENERAL_ME * 2, t.ap)
                continue
            labels.append(t.name)
            factors.append(factor)
            me2.append(t.me2)
            ap.append(t.ap)
            counts.append(element.count)
        assert general is not None  # every command has one (checked when the list is read)
        labels.append(general[0])
        factors.append(general[1])
        me2.append(general[2])
        ap.append(general[3])
        out.append(_Command(command.id, command.name, tuple(labels), tuple(factors),
                            tuple(me2), tuple(ap), tuple(counts), command_me2(army, command),
                            len(counts)))
    return tuple(out)


def fight(attacker: Army, defender: Army, rerolls: tuple[bool, bool], rng: random.Random,
          log: list[tuple[Any, ...]] | None = None, *, reroll_limit: str = "battle") -> Outcome:
    """Fight one battle of the model; the armies are not changed (they rebuild afterwards).

    The same as `fight_forms` on ``battle_form(attacker)`` and ``battle_form(defender)``.
    """
    return fight_forms(battle_form(attacker), battle_form(defender), rerolls, rng, log,
                       reroll_limit=reroll_limit)


def fight_forms(form_a: tuple[_Command, ...], form_d: tuple[_Command, ...],
                rerolls: tuple[bool, bool], rng: random.Random,
                log: list[tuple[Any, ...]] | None = None, *,
                reroll_limit: str = "battle") -> Outcome:
    """Fight one battle of the model between two armies in their `battle_form`.

    Args:
        rerolls: whether the attacker and the defender may reroll one die (a sacrifice).
        rng: the battle's generator. Each meeting draws, from ``rng.random()``, the attacker's
            element (if it has a choice), the defender's, then both dice at once (one draw of
            36 equally likely pairs), then the die of each reroll, in the order thrown.
        log: if a list, what happened is appended to it, in order:
            ``("duel", bound, (att command, def command), (att troops, def troops),
            (att die, def die), (att total, def total), loser side or None,
            rerolls: ((side, first die, second die), ...) in the order thrown)``;
            ``("morale", side, command index, status)`` when a command's status worsens;
            ``("break", side)`` when an army breaks. Sides are 0 (attacker) and 1 (defender).
        reroll_limit: ``"battle"`` (one reroll in the whole battle, the text's "no more than
            one reroll is allowed in a battle") or ``"side"`` (one per side that sacrificed).
    """
    rand = rng.random
    # Per side, per command: [elements left of each class (the general excluded), how many,
    # half ME lost, status, whether the general's element is still on the field].
    live = ([[list(c.counts), sum(c.counts), 0, 0, True] for c in form_a],
            [[list(c.counts), sum(c.counts), 0, 0, True] for c in form_d])
    army_me2 = (sum(c.total_me2 for c in form_a), sum(c.total_me2 for c in form_d))
    gone = [0, 0]  # half ME of the broken and shattered commands
    points = [0, 0]
    can_reroll = [bool(rerolls[0]), bool(rerolls[1])]
    used = [False, False]
    one_in_all = reroll_limit == "battle"
    meetings = _meetings(live)

    for bound in range(1, BOUNDS + 1):
        for a, d, bonus_a, bonus_d in meetings:
            live_a = live[0][a]
            live_d = live[1][d]
            if live_a[3] == 3 or live_d[3] == 3:
                continue  # shattered earlier in this bound
            cmd_a = form_a[a]
            cmd_d = form_d[d]
            # Which element of each command fights: drawn among those left, the general's
            # element as likely as any other (it is the last class, after the others).
            n = live_a[1]
            every = n + live_a[4]
            pick = int(rand() * every) if every > 1 else 0
            if pick < n:
                row = live_a[0]
                cls_a = 0
                while pick >= row[cls_a]:
                    pick -= row[cls_a]
                    cls_a += 1
            else:
                cls_a = cmd_a.general
            n = live_d[1]
            every = n + live_d[4]
            pick = int(rand() * every) if every > 1 else 0
            if pick < n:
                row = live_d[0]
                cls_d = 0
                while pick >= row[cls_d]:
                    pick -= row[cls_d]
                    cls_d += 1
            else:
                cls_d = cmd_d.general
            # Disheartened -1, broken -2: the status number itself.
            score_a = cmd_a.factors[cls_a] + bonus_a - live_a[3]
            score_d = cmd_d.factors[cls_d] + bonus_d - live_d[3]
            pair = int(rand() * 36)
            die_a = pair // 6 + 1
            die_d = pair % 6 + 1
            thrown: tuple[tuple[int, int, int], ...] = ()
            total_a = score_a + die_a
            total_d = score_d + die_d
            # The side about to lose a worthy element may call on its favour; a reroll can
            # turn the meeting, and then the other side may call on its own, each side once.
            while total_a != total_d:
                side = 0 if total_a < total_d else 1
                worth = cmd_a.me2[cls_a] if side == 0 else cmd_d.me2[cls_d]
                if not can_reroll[side] or worth < REROLL_WORTH_ME2:
                    break
                again = int(rand() * 6) + 1
                thrown += ((side, die_d if side else die_a, again),)
                if side:
                    die_d, total_d = again, score_d + again
                else:
                    die_a, total_a = again, score_a + again
                used[side] = True
                can_reroll[side] = False
                if one_in_all:
                    can_reroll[1 - side] = False
            if log is not None:
                log.append(("duel", bound, (a, d), (cmd_a.labels[cls_a], cmd_d.labels[cls_d]),
                            (die_a, die_d), (total_a, total_d),
                            None if total_a == total_d else int(total_a > total_d), thrown))
            if total_a == total_d:
                continue
            if total_a < total_d:
                s, c, cls, cmd, here = 0, a, cls_a, cmd_a, live_a
            else:
                s, c, cls, cmd, here = 1, d, cls_d, cmd_d, live_d
            if cls == cmd.general:
                here[4] = False
            else:
                here[0][cls] -= 1
                here[1] -= 1
            lost_me2 = here[2] = here[2] + cmd.me2[cls]
            points[1 - s] += cmd.ap[cls]
            total = cmd.total_me2
            now = (3 if lost_me2 * 2 >= total else 2 if lost_me2 * 3 >= total
                   else 1 if lost_me2 * 4 >= total else 0)
            if now > here[3]:
                if here[3] < 2 <= now:
                    gone[s] += total
                here[3] = now
                if now == 3:
                    # The command leaves the field: what is left of it is lost with it.
                    row = here[0]
                    points[1 - s] += sum(map(int.__mul__, row, cmd.ap))
                    if here[4]:
                        points[1 - s] += cmd.ap[cmd.general]
                    here[0] = [0] * len(row)
                    here[1] = 0
                    here[2] = total
                    here[4] = False
                    meetings = _meetings(live)
                if log is not None:
                    log.append(("morale", s, c, now))
        broke_a = gone[0] * 2 >= army_me2[0] or live[0][0][3] == 3
        broke_d = gone[1] * 2 >= army_me2[1] or live[1][0][3] == 3
        if broke_a or broke_d:
            if log is not None:
                log.extend(("break", s) for s, b in ((0, broke_a), (1, broke_d)) if b)
            return Outcome(BROKEN[broke_a + 2 * broke_d], points[0], points[1], bound,
                           (used[0], used[1]))
    return Outcome("none", points[0], points[1], BOUNDS, (used[0], used[1]))


def _meetings(live: tuple[list[list[Any]], list[list[Any]]]) -> list[tuple[int, int, int, int]]:
    """Who meets whom: (attacker command, defender command, attacker bonus, defender bonus).

    Commands meet by position; one whose opposite number is gone falls on the enemy's first
    command on the field, with the overlap bonus.
    """
    status = ([c[3] for c in live[0]], [c[3] for c in live[1]])
    on_field = ([c for c, st in enumerate(status[0]) if st < 3],
                [c for c, st in enumerate(status[1]) if st < 3])
    if not on_field[0] or not on_field[1]:
        return []
    out = []
    for k in range(max(len(status[0]), len(status[1]))):
        here_a = k < len(status[0]) and status[0][k] < 3
        here_d = k < len(status[1]) and status[1][k] < 3
        if here_a and here_d:
            out.append((k, k, 0, 0))
        elif here_a:
            out.append((k, on_field[1][0], OVERLAP_BONUS, 0))
        elif here_d:
            out.append((on_field[0][0], k, 0, OVERLAP_BONUS))
    return out
