"""The dice battle model: each of its rules on scripted dice, and its odds over many battles."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from engine.core import make_rng
from engine.priest_kings import Army
from engine.priest_kings.battle import BOUNDS, battle_form, fight, fight_forms

rules = pytest.mark.rules

TROOPS = [
    {"name": "Reg Bd (F)", "type": "Bd", "grade": "F", "ap": 6, "me": 1},
    {"name": "Reg Bw (I)", "type": "Bw", "grade": "I", "ap": 4, "me": 0.5},
    {"name": "Ps (O)", "type": "Ps", "grade": "O", "ap": 2, "me": 0.5},
    {"name": "Reg Sp (S)", "type": "Sp", "grade": "S", "ap": 9, "me": 2},
]


def army(*commands: dict[str, int], general: str = "Reg Bd (F)") -> Army:
    """An army of one command per dict ``{troops: count}``, each led by a general's element."""
    return Army.from_dict({
        "name": "test", "points": 1000, "troops": TROOPS,
        "commands": [{"id": f"c{n}", "name": f"command {n}", "elements": [
            {"troops": general, "count": 1, "general": True},
            *({"troops": t, "count": c} for t, c in command.items())]}
            for n, command in enumerate(commands)]})


class Script:
    """A stand-in generator whose ``random()`` gives scripted values, then those of `then`."""

    def __init__(self, *values: float, then: random.Random | None = None,
                 cycle: list[float] | None = None):
        self.values = iter(itertools.chain(values, itertools.cycle(cycle) if cycle else ()))
        self.then = then

    def random(self) -> float:
        value = next(self.values, None)
        if value is None:
            assert self.then is not None, "the script ran out"
            return self.then.random()
        return value


def pick(index: int, among: int) -> float:
    """The value that draws element `index` of `among` (by class order, the general's element
    last: it is drawn like any other)."""
    return (index + 0.5) / among


def dice(attacker: int, defender: int) -> float:
    """The value that rolls this pair of dice."""
    return ((attacker - 1) * 6 + (defender - 1) + 0.5) / 36


def die(value: int) -> float:
    return (value - 0.5) / 6


def duels(log):
    return [entry for entry in log if entry[0] == "duel"]


@rules("P-BATTLE-DICE-1", "P-BATTLE-DICE-3", "P-BATTLE-DICE-6", "P-BATTLE-DICE-5")
def test_a_whole_battle_on_scripted_dice():
    attacker = army({"Reg Bd (F)": 2})          # 4 + 2 ME; 3 elements with the general
    defender = army({"Reg Bw (I)": 2})          # 4 + 1 ME
    log: list = []
    outcome = fight(attacker, defender, (False, False), Script(
        pick(0, 3), pick(1, 3), dice(1, 1),     # Bd 5+1 = 6 against Bw (I) 2-1+1 = 2
        pick(1, 3), pick(0, 2), dice(2, 6),     # 5+2 = 7 against 1+6 = 7: both stand
        pick(0, 3), pick(0, 2), dice(1, 1),     # its last Bw, or its general: the Bw
        pick(0, 3), dice(6, 1)), log)           # its general alone, 5+1+1 = 7, against 5+6
    assert [d[3:7] for d in duels(log)] == [
        (("Reg Bd (F)", "Reg Bw (I)"), (1, 1), (6, 2), 1),
        (("Reg Bd (F)", "Reg Bw (I)"), (2, 6), (7, 7), None),
        (("Reg Bd (F)", "Reg Bw (I)"), (1, 1), (6, 2), 1),
        (("Reg Bd (F)", "general's Reg Bd (F)"), (6, 1), (11, 7), 1)]
    assert log[-2:] == [("morale", 1, 0, 3), ("break", 1)]
    assert outcome.broken == "defender" and outcome.bounds == 4
    assert (outcome.attacker_points, outcome.defender_points) == (4 + 4 + 6, 0)
    assert outcome.rerolled == (False, False)


@rules("P-BATTLE-DICE-3")
def test_factors_grades_and_the_general():
    cases = [({"Reg Bd (F)": 1}, 5), ({"Reg Bw (I)": 1}, 1), ({"Ps (O)": 1}, 2),
             ({"Reg Sp (S)": 1}, 5), ({}, 6)]  # an empty command fights with its general
    for troops, factor in cases:
        log: list = []
        draws = [pick(0, 2)] if troops else []  # the element, not the general
        fight(army(troops), army({"Reg Bd (F)": 1}), (False, False),
              Script(*draws, pick(0, 2), dice(3, 3), then=random.Random(0)), log)
        assert duels(log)[0][5] == (3 + factor, 3 + 5), troops


@rules("P-BATTLE-DICE-2", "P-BATTLE-DICE-4", "P-BATTLE-DICE-6")
def test_morale_thresholds_shattering_and_the_overlap():
    # Command 1 of the attacker: a general (4 ME) and 4 blades (1 ME each): 8 ME.
    side = army({"Reg Bd (F)": 12}, {"Reg Bd (F)": 4})
    tie, lose = dice(3, 3), dice(1, 6)
    script = []
    for bound in range(1, 5):
        script += [pick(0, 13), pick(0, 13), tie]            # commands 0 meet: both stand
        script += [pick(0, 6 - bound), pick(0, 5), lose]     # commands 1: a blade is lost
    script += [pick(0, 13), pick(0, 13), tie, pick(0, 13), pick(0, 5), tie]
    log: list = []
    fight(side, side, (False, False), Script(*script, then=random.Random(1)), log)
    fights = duels(log)
    scripted = log[:log.index(fights[9]) + 1]  # five bounds of two meetings
    morale = [e for e in scripted if e[0] == "morale"]
    assert morale == [("morale", 0, 1, 1), ("morale", 0, 1, 2), ("morale", 0, 1, 3)]
    # Disheartened -1 in bound 3, broken -2 in bound 4.
    assert [fights[n][5] for n in (1, 3, 5, 7)] == [(6, 11), (6, 11), (5, 11), (4, 11)]
    # Once command 1 is shattered, the defender's command 1 falls on command 0 with +1.
    assert fights[9][2] == (0, 1) and fights[9][5] == (8, 9) and fights[9][6] == 0
    assert not any(e[0] == "break" for e in scripted), \
        "a shattered wing of 16 ME does not break an army of 48"


@rules("P-BATTLE-DICE-5")
def test_an_army_breaks_when_half_its_me_is_in_broken_commands():
    # Two equal commands; the second breaking holds half the army's ME: the army breaks.
    side = army({"Reg Bd (F)": 4}, {"Reg Bd (F)": 4})
    tie, lose = dice(3, 3), dice(1, 6)
    script = []
    for bound in range(1, 4):
        script += [pick(0, 5), pick(0, 5), tie, pick(0, 6 - bound), pick(0, 5), lose]
    log: list = []
    outcome = fight(side, side, (False, False), Script(*script), log)
    assert outcome.broken == "attacker" and outcome.bounds == 3
    assert log[-2:] == [("morale", 0, 1, 2), ("break", 0)]


@rules("P-BATTLE-DICE-5")
def test_both_armies_may_break_and_a_long_day_ends_unbroken():
    side = army({"Reg Bd (F)": 4})
    outcome = fight(side, side, (False, False), Script(cycle=[pick(0, 5), pick(0, 5),
                                                              dice(3, 3)]))
    assert outcome.broken == "none" and outcome.bounds == BOUNDS
    assert (outcome.attacker_points, outcome.defender_points) == (0, 0)
    standard = Army.standard()
    results = {fight(standard, standard, (False, False), make_rng(s, "both")).broken
               for s in range(400)}
    assert results == {"attacker", "defender", "both"}


@rules("P-BATTLE-DICE-7", "P-SACRIFICE-2")
def test_the_reroll_is_kept_for_an_element_worth_one_me_and_used_once():
    attacker = army({"Reg Bd (F)": 2})
    defender = army({"Reg Bw (I)": 2})
    log: list = []
    outcome = fight(attacker, defender, (False, True), Script(
        pick(0, 3), pick(1, 3), dice(1, 1),     # a Bw (I) (1/2 ME) is lost: no reroll
        pick(0, 3), pick(0, 2), dice(1, 1),
        pick(0, 3), dice(6, 1), die(6),         # the general (4 ME) would be: reroll, 6+6 = 12
        pick(0, 2), dice(6, 1)), log)           # no second reroll: the general falls
    fights = duels(log)
    assert [f[7] for f in fights] == [(), (), ((1, 1, 6),), ()]
    assert fights[2][4:7] == ((6, 6), (11, 12), 0)
    assert fights[3][6] == 1
    assert outcome.rerolled == (False, True) and outcome.broken == "defender"
    assert outcome.defender_points == 6  # the attacker's blade


def first_duel(rerolls, script, reroll_limit):
    log: list = []
    blade = army({"Reg Bd (F)": 1})             # a general and a blade: 5 ME
    outcome = fight(blade, blade, rerolls, Script(*script, then=random.Random(0)), log,
                    reroll_limit=reroll_limit)
    return duels(log), outcome


@rules("P-BATTLE-DICE-7", "P-SACRIFICE-3")
def test_with_one_reroll_per_side_each_side_rerolls_independently():
    # The attacker loses (6 against 10), rerolls a 6 and wins (11 against 10); now the defender
    # is the one to lose a blade, and rerolls too: 11 against 11, both stand.
    script = [pick(0, 2), pick(0, 2), dice(1, 5), die(6), die(6)]
    fights, outcome = first_duel((True, True), script, "side")
    assert fights[0][7] == ((0, 1, 6), (1, 5, 6))
    assert fights[0][4:7] == ((6, 6), (11, 11), None)
    assert outcome.rerolled == (True, True)
    # Only one side sacrificed: its reroll alone, the other side's die stands.
    fights, _ = first_duel((True, False), script[:4], "side")
    assert fights[0][7] == ((0, 1, 6),) and fights[0][6] == 1


@rules("P-SACRIFICE-2", "P-BATTLE-DICE-7")
def test_one_reroll_in_a_battle_goes_to_the_first_side_that_needs_it():
    # The same meeting: the attacker's reroll is the battle's only one; the defender loses.
    fights, outcome = first_duel((True, True), [pick(0, 2), pick(0, 2), dice(1, 5), die(6)],
                                 "battle")
    assert fights[0][7] == ((0, 1, 6),) and fights[0][5:7] == ((11, 10), 1)
    assert outcome.rerolled == (True, False)
    # The defender needs it first (bound 1), so the attacker's later loss (bound 2) stands.
    script = [pick(0, 2), pick(0, 2), dice(6, 1), die(6),      # 11 against 6, rerolled: 11
              pick(0, 2), pick(0, 2), dice(1, 6)]              # the attacker's blade falls
    fights, outcome = first_duel((True, True), script, "battle")
    assert [f[7] for f in fights[:2]] == [((1, 1, 6),), ()]
    assert fights[1][6] == 0 and outcome.rerolled == (False, True)
    # The default is the text's reading.
    assert first_duel((True, True), script, "battle") == first_duel((True, True), script,
                                                                    "battle")
    log: list = []
    fight(army({"Reg Bd (F)": 1}), army({"Reg Bd (F)": 1}), (True, True),
          Script(*script, then=random.Random(0)), log)
    assert duels(log)[:2] == fights[:2]


@rules("P-BATTLE-DICE-3", "P-BATTLE-DICE-1", "P-BATTLE-DICE-4")
def test_the_general_fights_like_any_element_and_its_loss_costs_four_me():
    attacker = army({"Reg Bd (F)": 2})
    # A command like the shipped centre: the general, 5 blades, 8 bows, 2 skirmishers: 14 ME.
    defender = army({"Reg Bd (F)": 5, "Reg Bw (I)": 8, "Ps (O)": 2})
    log: list = []
    fight(attacker, defender, (False, False), Script(
        pick(2, 3), pick(15, 16), dice(1, 1),   # both generals, 5 + 1 + 1: 7 against 7
        pick(0, 3), pick(15, 16), dice(6, 1),   # the defender's general falls: 11 against 7
        then=random.Random(0)), log)
    fights = duels(log)
    assert fights[0][3] == ("general's Reg Bd (F)", "general's Reg Bd (F)")
    assert fights[0][5] == (7, 7) and fights[0][6] is None, "+1 for the general's element"
    assert fights[1][3][1] == "general's Reg Bd (F)" and fights[1][6] == 1
    # 4 of its 14 ME: disheartened, not shattered; it fights on without its general.
    after = log[log.index(fights[1]) + 1]
    assert after == ("morale", 1, 0, 1)
    assert not any(f[3][1].startswith("general's") for f in fights[2:])


@rules("P-BATTLE-DICE-3")
def test_with_the_shipped_army_list_generals_reach_the_fight():
    standard = Army.standard()
    generals = lost = 0
    factors = set()
    for seed in range(60):
        log: list = []
        fight(standard, standard, (False, False), make_rng(seed, "generals"), log)
        for duel in duels(log):
            for side in (0, 1):
                if duel[3][side].startswith("general's"):
                    generals += 1
                    lost += duel[6] == side
                    factors.add(duel[5][side] - duel[4][side])
    assert generals > 60 and lost > 5
    # A blade general: DBA's 5 and +1 for the general, with +1 for an overlap or -1, -2 for
    # its command's status.
    assert 6 in factors and factors <= {4, 5, 6, 7}


@rules("P-BATTLE-1")
def test_the_armies_come_out_of_a_battle_unchanged():
    army_a = Army.standard().reorganize("left")
    copy = Army.from_dict(army_a.to_dict())
    first = fight(army_a, Army.standard(), (True, False), make_rng(1, "x"))
    assert army_a == copy
    assert fight(army_a, Army.standard(), (True, False), make_rng(1, "x")) == first
    assert fight_forms(battle_form(army_a), battle_form(Army.standard()), (True, False),
                       make_rng(1, "x")) == first


# -------------------------------------------------------------- the odds over many battles

BATTLES = 4000
Z = 4.0  # a difference beyond 4 standard errors is no accident of these seeds


def win_rate(attacker: Army, defender: Army, rerolls: tuple[bool, bool]) -> float:
    """How often the defender breaks (and the attacker does not), over seeded battles."""
    wins = sum(fight(attacker, defender, rerolls, make_rng(seed, "odds")).broken == "defender"
               for seed in range(BATTLES))
    return wins / BATTLES


def margin(p: float, q: float) -> float:
    """Z standard errors of the difference of two rates from independent samples."""
    return Z * math.sqrt(p * (1 - p) / BATTLES + q * (1 - q) / BATTLES)


@pytest.fixture(scope="module")
def baseline() -> float:
    return win_rate(Army.standard(), Army.standard(), (False, False))


@rules("P-SACRIFICE-1", "P-BATTLE-DICE-7")
def test_a_sacrifice_measurably_changes_the_odds(baseline):
    blessed_attacker = win_rate(Army.standard(), Army.standard(), (True, False))
    blessed_defender = win_rate(Army.standard(), Army.standard(), (False, True))
    assert blessed_attacker - baseline > margin(blessed_attacker, baseline)
    assert baseline - blessed_defender > margin(baseline, blessed_defender)


@rules("P-REORG-2")
def test_a_reorganization_measurably_changes_the_odds(baseline):
    reorganized = Army.standard().reorganize("centre")
    better = win_rate(reorganized, Army.standard(), (False, False))
    worse = win_rate(Army.standard(), reorganized, (False, False))
    assert better - baseline > margin(better, baseline)
    assert baseline - worse > margin(baseline, worse)
