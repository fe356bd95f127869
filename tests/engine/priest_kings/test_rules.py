"""Scenario tests: one small position per rule of docs/rules/priest_kings.md, act, check.

Cities on the standard map: Kish, Lagash, Uruk, Ur (players 0 to 3); avenues Kish–Uruk,
Kish–Lagash, Uruk–Ur, Uruk–Lagash, Lagash–Ur (no Kish–Ur).
"""

from __future__ import annotations

import pytest

from engine import priest_kings as pk
from engine.core import IllegalMove, InvalidInput
from engine.priest_kings import (
    Army,
    Attack,
    DiceBattle,
    RecordedBattle,
    Reorganize,
    Sacrifice,
    events,
    position,
)

rules = pytest.mark.rules

KISH, LAGASH, URUK, UR = range(4)
ORDER = ("kish", "lagash", "uruk", "ur")


def play(state, *moves):
    """Apply moves given as text; return the final state and all events."""
    all_events = []
    for text in moves:
        state, evs = pk.apply(state, pk.parse_move(text))
        all_events += evs
    return state, all_events


def kinds(evs):
    return [type(e).__name__ for e in evs]


def of(evs, kind):
    return [e for e in evs if isinstance(e, kind)]


def battle(attacker, defender, overlords=None, **kw):
    """A position where `attacker`'s attack on `defender` is the battle to fight next."""
    kw.setdefault("battles", "either")
    return position(overlords, phase="battles", attacks=[(attacker, defender)], **kw)


def refused(state, move, message):
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=message):
        pk.apply(state, move)
    assert state.to_dict() == before


# ---------------------------------------------------------------------------------- setup


@rules("P-SETUP-1")
def test_four_cities_four_players():
    state = pk.new_state(4, seed=1)
    assert [state.name(p) for p in range(4)] == ["Kish", "Lagash", "Uruk", "Ur"]
    assert state.independent == (0, 1, 2, 3) and not state.is_over
    assert state.to_move == state.order[0] and state.turn == 1
    assert state.scores() == (1, 1, 1, 1) and state.winners() == frozenset()
    assert hash(state) == hash(pk.new_state(4, seed=1)), "states are hashable values"


@rules("P-SETUP-1")
@pytest.mark.parametrize("players", [2, 3, 5, True, "4", None])
def test_other_player_counts_are_refused(players):
    with pytest.raises(InvalidInput, match="exactly 4 players"):
        pk.new_state(players, seed=0)


@rules("P-SETUP-2")
def test_each_city_brings_its_army_list():
    state = pk.new_state(seed=1)
    assert state.armies == (Army.standard(),) * 4
    own = Army.standard().reorganize("left")
    state = pk.new_state(seed=1, armies={"kish": own, "lagash": Army.standard(),
                                         "uruk": Army.standard(), "ur": own})
    assert state.armies[KISH] == own and state.armies[LAGASH] == Army.standard()
    assert pk.new_state(seed=1, armies=own).armies == (own,) * 4
    with pytest.raises(InvalidInput, match="missing"):
        pk.new_state(seed=1, armies={"kish": own})
    with pytest.raises(InvalidInput, match="armies must be an Army"):
        pk.new_state(seed=1, armies=[own, own])


def test_bad_options_and_seeds_are_refused():
    with pytest.raises(InvalidInput, match="unknown Priest-Kings option"):
        pk.new_game(seed=1, battle="dice")
    with pytest.raises(InvalidInput, match="battles must be one of"):
        pk.new_game(seed=1, battles="chess")
    with pytest.raises(InvalidInput, match="seed must be a whole number"):
        pk.new_game(seed=-4)
    with pytest.raises(InvalidInput, match="campaign_map must be"):
        pk.new_game(seed=1, campaign_map={"cities": []})


# ------------------------------------------------------------------------------- the turn


@rules("P-TURN-1")
def test_the_activation_order_is_drawn_each_turn_from_the_seed():
    assert pk.new_state(seed=11) == pk.new_state(seed=11)
    orders = {pk.activation_order(seed, 1) for seed in range(60)}
    assert len(orders) > 15 and all(sorted(o) == [0, 1, 2, 3] for o in orders)
    assert len({pk.activation_order(5, turn) for turn in range(1, 30)}) > 10
    state = position(order=ORDER, step=3, seed=5)
    after, evs = play(state, "sacrifice")
    assert after.turn == 2 and after.order == pk.activation_order(5, 2)
    assert of(evs, events.TurnBegan) == [events.TurnBegan(
        2, after.order, tuple(after.name(p) for p in after.order))]
    assert after.to_move == after.order[0] and after.phase == "orders"


@rules("P-TURN-4", "P-TURN-1")
def test_an_order_rolled_at_the_table_is_typed_in_at_the_start_of_each_turn():
    assert pk.new_state(seed=5).order == pk.activation_order(5, 1), "dice mode is unchanged"
    state = pk.new_state(seed=5, activation="recorded")
    assert state.phase == "activation" and state.order == () and state.to_move == KISH
    assert state.summary() == "turn 1, the order of activation to be entered"
    moves = pk.legal_moves(state)
    assert len(set(moves)) == 24 and str(moves[0]) == "order kish lagash uruk ur"
    assert str(moves[-1]) == "order ur uruk lagash kish"
    after, evs = play(state, "order uruk kish ur lagash")
    assert after.phase == "orders" and after.order == (URUK, KISH, UR, LAGASH)
    assert after.to_move == URUK and after.step == 0
    assert evs == [events.OrderRecorded(1, (URUK, KISH, UR, LAGASH),
                                        ("Uruk", "Kish", "Ur", "Lagash"))]
    assert evs[0].describe() == ("The order of activation of turn 1, rolled at the table: "
                                 "Uruk, Kish, Ur, Lagash.")
    assert evs[0].describe("nl") == ("De volgorde van activering van beurt 1, aan tafel "
                                     "geworpen: Uruk, Kish, Ur, Lagash.")
    # The turn goes on as ever; the next one waits for its order from the table.
    after, evs = play(after, "sacrifice", "sacrifice", "sacrifice", "sacrifice")
    assert after.turn == 2 and after.phase == "activation" and after.order == ()
    assert evs[-1] == events.TurnBegan(2, (), ())
    assert evs[-1].describe() == ("Turn 2 begins: roll the order of activation at the table "
                                  "and enter it.")
    assert "werp aan tafel de volgorde van activering" in evs[-1].describe("nl")
    assert "order:   to be entered" in str(after)
    assert pk.position(phase="activation", activation="recorded").to_move == KISH


@rules("P-TURN-4")
def test_a_typed_in_order_is_checked_and_refused_with_the_reason():
    state = pk.new_state(seed=5, activation="recorded")
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="names every city once: Kish twice, Lagash not at "
                                          "all") as twice:
        pk.apply(state, pk.parse_move("order kish kish uruk ur"))
    assert twice.value.rule == "P-TURN-4"
    assert twice.value.describe("nl").endswith("Kish twee keer, Lagash niet")
    with pytest.raises(InvalidInput, match="unknown city 'babylon'") as unknown:
        pk.apply(state, pk.parse_move("order kish lagash uruk babylon"))
    assert unknown.value.rule == "P-TURN-4"
    assert state.to_dict() == before
    with pytest.raises(InvalidInput, match="'order' takes 4 argument"):
        pk.parse_move("order kish lagash")
    with pytest.raises(InvalidInput, match="cities must be a list"):
        pk.move_from_dict({"kind": "order", "cities": "kish"})
    with pytest.raises(InvalidInput, match="a list of city ids"):
        pk.ActivationOrder(("kish", 3, "uruk", "ur"))
    move = pk.ActivationOrder(["uruk", "kish", "ur", "lagash"])
    assert move == pk.parse_move(str(move)) == pk.move_from_dict(move.to_dict())
    assert move.to_dict() == {"kind": "order", "cities": ["uruk", "kish", "ur", "lagash"]}
    refused(state, Sacrifice(), "the order of activation of turn 1 is to be entered first")
    ordered, _ = play(state, "order uruk kish ur lagash")
    with pytest.raises(IllegalMove, match="entered at the start of a turn") as late:
        pk.apply(ordered, move)
    assert late.value.rule == "P-TURN-4"
    with pytest.raises(IllegalMove, match="drawn by the engine") as drawn:
        pk.apply(pk.new_state(seed=5), move)
    assert drawn.value.rule == "P-TURN-4" and "activation='dice'" in drawn.value.describe("nl")
    with pytest.raises(InvalidInput, match="activation must be one of"):
        pk.new_state(seed=5, activation="lots")


@rules("P-TURN-2")
def test_each_city_does_one_activity_in_turn_order():
    state = position(order=("uruk", "kish", "ur", "lagash"))
    assert state.to_move == URUK
    assert [str(m) for m in pk.legal_moves(state)] == [
        "attack kish", "attack lagash", "attack ur", "sacrifice", "reorganize centre",
        "reorganize right", "reorganize left"]
    state, _ = play(state, "sacrifice")
    assert state.to_move == KISH and state.step == 1
    state, _ = play(state, "reorganize left")
    assert state.to_move == UR
    state, _ = play(state, "attack lagash")
    assert state.to_move == LAGASH and state.attacks == ((UR, LAGASH),)


@rules("P-TURN-3", "P-ATTACK-2")
def test_battles_are_fought_after_every_city_has_chosen_in_the_order_declared():
    state = position(order=("kish", "ur", "uruk", "lagash"), battles="recorded")
    state, evs = play(state, "attack uruk", "attack lagash")
    assert state.phase == "orders" and not of(evs, events.BattleBegan)
    state, evs = play(state, "sacrifice", "sacrifice")  # both attacked: no attack left
    assert state.phase == "battles" and state.battle == (KISH, URUK)
    assert state.to_move == KISH
    state, evs = play(state, "record none 0 0")
    began = of(evs, events.BattleBegan)[0]
    assert (began.attacker_name, began.defender_name) == ("Kish", "Uruk")
    assert "Kish (invader) against Uruk (defender)" in began.describe()
    assert state.battle == (UR, LAGASH) and state.to_move == UR
    state, evs = play(state, "record none 0 0")
    assert state.phase == "orders" and state.turn == 2 and state.attacks == ()


# --------------------------------------------------------------------------------- attack


@rules("P-ATTACK-1")
def test_a_target_is_joined_to_the_attacker_or_one_of_its_vassals():
    state = position(order=ORDER)
    assert [str(m) for m in pk.legal_moves(state) if isinstance(m, Attack)] == [
        "attack lagash", "attack uruk"]
    refused(state, Attack("ur"), "Kish cannot reach Ur: the target must be joined by an "
                                 "avenue to the attacker's city or to one of its vassals")
    state = position({"lagash": "kish"}, order=ORDER)
    assert "attack ur" in [str(m) for m in pk.legal_moves(state)]
    after, evs = play(state, "attack ur")
    assert evs == [events.AttackDeclared(KISH, UR, "Kish", "Ur", LAGASH, "Lagash")]
    assert "along the avenue from its vassal Lagash" in evs[0].describe()
    assert after.attacks == ((KISH, UR),)


@rules("P-ATTACK-1", "P-VASSAL-5")
def test_a_vassal_attacks_along_its_own_avenues_only():
    # Kish is Lagash's vassal; Kish's overlord Lagash reaches Ur, Kish does not.
    state = position({"kish": "lagash"}, order=ORDER)
    assert [str(m) for m in pk.legal_moves(state) if isinstance(m, Attack)] == ["attack uruk"]
    refused(state, Attack("ur"), "Kish cannot reach Ur")


@rules("P-ATTACK-3")
def test_an_attacked_city_cannot_attack_but_may_sacrifice_or_reorganize():
    state = position(order=("uruk", "kish", "lagash", "ur"))
    state, _ = play(state, "attack kish")
    assert state.to_move == KISH
    moves = [str(m) for m in pk.legal_moves(state)]
    assert moves == ["sacrifice", "reorganize centre", "reorganize right", "reorganize left"]
    refused(state, Attack("lagash"), "Kish has been attacked this turn by Uruk: an attacked "
                                     "city cannot attack another city, but may still "
                                     "sacrifice or reorganize before its battle")
    state, _ = play(state, "sacrifice", "sacrifice", "sacrifice")
    assert state.phase == "battles" and state.blessed[KISH]
    _, evs = play(state, "dice")
    assert of(evs, events.BattleBegan)[0].reroll_names == ("Kish",)


@rules("P-ATTACK-3", "P-TURN-3")
def test_a_city_that_attacked_first_may_still_be_attacked_and_fights_twice():
    state = position(order=("kish", "uruk", "lagash", "ur"), battles="recorded")
    state, _ = play(state, "attack lagash", "attack kish", "sacrifice", "sacrifice")
    assert state.attacks == ((KISH, LAGASH), (URUK, KISH))
    state, _ = play(state, "record none 10 10")
    assert state.battle == (URUK, KISH)


@rules("P-ATTACK-4")
def test_a_city_is_attacked_by_one_city_at_most_in_a_turn():
    state = position(order=("kish", "uruk", "lagash", "ur"))
    state, _ = play(state, "attack lagash")
    assert "attack lagash" not in [str(m) for m in pk.legal_moves(state)]
    refused(state, Attack("lagash"), "Lagash is already attacked by Kish this turn: a city "
                                     "cannot be attacked by more than one enemy city")


@rules("P-ATTACK-5")
def test_no_attack_within_a_realm():
    state = position({"lagash": "kish", "uruk": "kish"}, order=("lagash", "kish", "uruk", "ur"))
    assert [str(m) for m in pk.legal_moves(state) if isinstance(m, Attack)] == ["attack ur"]
    refused(state, Attack("kish"), "Lagash cannot attack Kish: Kish is its overlord, and a "
                                   "vassal never attacks its overlord")
    refused(state, Attack("uruk"), "both are vassals of Kish, and a vassal never attacks its "
                                   "overlord's other vassals")
    refused(state, Attack("lagash"), "Lagash cannot attack itself")
    state, _ = play(state, "sacrifice")
    refused(state, Attack("lagash"), "Kish cannot attack Lagash: Lagash is already its vassal")
    assert [str(m) for m in pk.legal_moves(state) if isinstance(m, Attack)] == ["attack ur"]


@rules("P-ATTACK-6")
def test_an_attack_within_one_realm_by_its_time_is_called_off():
    # Lagash, Uruk's vassal, attacks Kish after Kish attacked Uruk. Kish breaks Uruk on equal
    # points: Uruk is not beaten, so Lagash follows it into Kish's realm, and Lagash's attack
    # on Kish is now within one realm.
    state = position({"lagash": "uruk"}, phase="battles", battles="recorded",
                     blessed=["lagash"], attacks=[("kish", "uruk"), ("lagash", "kish")],
                     order=("kish", "lagash", "ur", "uruk"))
    after, evs = play(state, "record defender 50 50")
    assert after.overlord == (-1, KISH, KISH, -1)
    assert of(evs, events.BattleCalledOff) == [events.BattleCalledOff(
        LAGASH, KISH, "Lagash", "Kish", KISH, "Kish")]
    assert "called off: both now serve Kish" in of(evs, events.BattleCalledOff)[0].describe()
    assert after.phase == "orders" and after.turn == 2
    assert after.battles_fought == 1 and after.blessed[LAGASH], "a called-off battle spends nothing"


# ---------------------------------------------------------------- sacrifices, reorganizing


@rules("P-SACRIFICE-1")
def test_a_sacrifice_holds_until_the_citys_next_battle():
    state = position(order=ORDER, step=3, seed=2)  # Ur chooses last; nobody attacks
    state, evs = play(state, "sacrifice")
    assert state.blessed[UR] and state.turn == 2
    assert evs[0] == events.SacrificeMade(UR, "Ur", False)
    assert "reroll one die in its next battle" in evs[0].describe()
    # Still there a turn later, until Ur fights.
    state = position(order=("ur", "kish", "lagash", "uruk"), blessed=["ur"])
    state, evs = play(state, "sacrifice")
    assert evs[0].renewed and "does not stack" in evs[0].describe()
    assert "gunst stapelt niet" in evs[0].describe("nl")
    state, _ = play(state, "attack uruk", "sacrifice", "sacrifice")
    assert state.battle == (KISH, URUK) and state.blessed[UR]


@rules("P-SACRIFICE-2")
def test_a_battle_spends_both_sides_sacrifices_used_or_not():
    state = battle("kish", "uruk", blessed=["kish", "uruk", "ur"])
    after, evs = play(state, "record none 30 30")
    assert of(evs, events.BattleBegan)[0].reroll_names == ("Kish", "Uruk")
    assert after.blessed == (False, False, False, True)
    after, evs = play(state, "dice")
    assert after.blessed == (False, False, False, True)
    thrown = [city for e in of(evs, events.DuelFought) for city, _ in e.rerolls]
    assert len(thrown) <= 1, "no more than one reroll in a battle (the default)"
    per_side = battle("kish", "uruk", blessed=["kish", "uruk"], reroll_limit="side")
    thrown = [city for e in of(play(per_side, "dice")[1], events.DuelFought)
              for city, _ in e.rerolls]
    assert len(thrown) <= 2 and len(set(thrown)) == len(thrown)


@rules("P-SACRIFICE-2", "P-SACRIFICE-3", "P-BATTLE-DICE-8")
def test_the_reroll_limit_option_and_how_a_meeting_with_two_rerolls_is_told():
    assert pk.Options().reroll_limit == "battle", "the default is the text's reading"
    with pytest.raises(InvalidInput, match="reroll_limit must be one of 'battle', 'side'"):
        pk.new_state(seed=1, reroll_limit="city")
    # Over many battles where both sacrificed: one reroll in all, or up to one per side.
    counts = {}
    for limit in ("battle", "side"):
        counts[limit] = []
        for seed in range(40):
            state = battle("kish", "uruk", blessed=["kish", "uruk"], seed=seed,
                           reroll_limit=limit)
            counts[limit].append(sum(len(e.rerolls) for e in of(play(state, "dice")[1],
                                                                events.DuelFought)))
    assert max(counts["battle"]) == 1 and max(counts["side"]) == 2
    duel = events.DuelFought(3, "Kish", "Uruk", "centre", "left wing", "Reg Bd (F)",
                             "Reg Bd (F)", 6, 6, 11, 11, None, (("Kish", 1), ("Uruk", 5)))
    assert duel.describe().endswith("both stand (Kish rerolled a 1; then Uruk rerolled a 5).")
    assert duel.describe("nl").endswith(
        "beide houden stand (Kish wierp opnieuw, eerst 1; daarna Uruk wierp opnieuw, eerst 5).")
    assert duel.rerolled_by == "Kish"


@rules("P-REORG-1", "P-REORG-2")
def test_reorganizing_changes_the_army_for_every_later_battle():
    state = position(order=("uruk", "kish", "lagash", "ur"))
    state, evs = play(state, "reorganize right")
    assert evs == [events.ArmyReorganized(URUK, "Uruk", "right", "right wing", 4, "Reg Bw (I)",
                                          "Reg Bd (F)")]
    assert evs[0].describe() == ("Uruk reorganizes its army: 4 Reg Bw (I) of the right wing "
                                 "become 1 Reg Bd (F), for good.")
    assert state.armies[URUK] == Army.standard().reorganize("right")
    state, _ = play(state, "attack uruk", "sacrifice", "sacrifice")
    after, _ = play(state, "dice")
    assert after.armies[URUK] == Army.standard().reorganize("right")


@rules("P-REORG-1")
def test_a_corps_without_four_archers_cannot_be_reorganized():
    state = position(order=ORDER, reorganized={"kish": ["left", "left"]})
    assert [str(m) for m in pk.legal_moves(state) if isinstance(m, Reorganize)] == [
        "reorganize centre", "reorganize right"]
    refused(state, Reorganize("left"), "Kish cannot reorganize: the left wing has 0 Reg Bw "
                                       r"\(I\): a reorganization swaps 4")
    with pytest.raises(InvalidInput, match="unknown corps 'rear'"):
        pk.apply(state, Reorganize("rear"))


# -------------------------------------------------------------------------------- battles


@rules("P-BATTLE-1")
def test_armies_recover_their_losses_after_a_battle():
    state = battle("kish", "uruk", reorganized={"uruk": ["centre"]})
    after, evs = play(state, "dice")
    assert of(evs, events.DuelFought)
    assert after.armies == state.armies


@rules("P-BATTLE-2")
def test_a_recorded_result_is_checked():
    state = battle("kish", "uruk", battles="recorded", reorganized={"kish": ["left"]})
    refused(state, RecordedBattle("defender", 201, 10),
            "Uruk's army is worth 200 AP, so its enemy cannot have scored 201 points of it")
    refused(state, RecordedBattle("defender", 20, 191), "Kish's army is worth 190 AP")
    with pytest.raises(InvalidInput, match="broken must be one of none, attacker, defender"):
        RecordedBattle("uruk", 1, 0)
    with pytest.raises(InvalidInput, match="attacker_points must be a whole number"):
        RecordedBattle("none", -1, 0)
    with pytest.raises(InvalidInput, match="defender_points must be a whole number"):
        RecordedBattle("none", 0, True)
    after, evs = play(state, "record attacker 200 190")
    assert of(evs, events.BattleEnded) == [events.BattleEnded(
        KISH, URUK, "Kish", "Uruk", "attacker", 200, 190, URUK)]


@rules("P-BATTLE-3")
def test_beaten_means_fewer_points_and_equal_points_beat_nobody():
    state = battle("kish", "uruk")
    _, evs = play(state, "record none 40 60")
    end = of(evs, events.BattleEnded)[0]
    assert end.beaten == KISH and "Kish is beaten" in end.describe()
    _, evs = play(state, "record defender 50 50")
    end = of(evs, events.BattleEnded)[0]
    assert end.beaten is None and "nobody is beaten" in end.describe()
    assert "niemand is verslagen" in end.describe("nl")


@rules("P-BATTLE-4")
def test_the_battles_option_chooses_how_battles_are_resolved():
    dice_state = battle("kish", "uruk", battles="dice")
    assert pk.legal_moves(dice_state) == [DiceBattle()]
    refused(dice_state, RecordedBattle("none", 0, 0), "fought with the dice model")
    recorded = battle("kish", "uruk", battles="recorded")
    assert pk.legal_moves(recorded) == list(pk.RECORD_CHOICES) and len(pk.RECORD_CHOICES) == 12
    refused(recorded, DiceBattle(), "fought on the table and typed in")
    either = battle("kish", "uruk", battles="either")
    assert pk.legal_moves(either) == [DiceBattle(), *pk.RECORD_CHOICES]
    assert play(either, "record defender 120 45")[0].overlord[URUK] == KISH
    assert play(either, "dice")[0].battles_fought == 1


@rules("P-BATTLE-DICE-8")
def test_a_dice_battle_shows_every_die_and_follows_the_seed():
    state = battle("kish", "uruk", seed=3, blessed=["uruk"])
    after, evs = play(state, "dice")
    duels = of(evs, events.DuelFought)
    assert kinds(evs)[0] == "BattleBegan" and duels and kinds(evs).count("BattleEnded") == 1
    assert all(1 <= d.attacker_die <= 6 and 1 <= d.defender_die <= 6 for d in duels)
    assert "Bound 1: Kish" in duels[0].describe() and "Ronde 1: Kish" in duels[0].describe("nl")
    for d in duels:
        for city, first in d.rerolls:
            assert city == "Uruk" and f"Uruk rerolled a {first}" in d.describe()
            assert f"Uruk wierp opnieuw, eerst {first}" in d.describe("nl")
    assert play(state, "dice")[1] == evs, "the same seed gives the same battle"
    other = battle("kish", "uruk", seed=3, blessed=["uruk"], battles_fought=1)
    assert of(play(other, "dice")[1], events.DuelFought) != duels, "battle 2 rolls anew"
    assert of(play(battle("kish", "uruk", seed=4, blessed=["uruk"]), "dice")[1],
              events.DuelFought) != duels
    end = of(evs, events.BattleEnded)[0]
    broke = {"attacker": [KISH], "defender": [URUK], "both": [KISH, URUK], "none": []}
    assert [e.player for e in of(evs, events.ArmyBroke)] == broke[end.broken]


# ------------------------------------------------------------------------- vassal status


@rules("P-VASSAL-1")
def test_a_broken_defender_becomes_the_attackers_vassal_and_plays_on():
    state = battle("kish", "uruk", order=("kish", "uruk", "lagash", "ur"))
    after, evs = play(state, "record defender 60 80")
    assert after.overlord == (-1, -1, KISH, -1)
    assert of(evs, events.BecameVassal) == [events.BecameVassal(
        URUK, "Uruk", KISH, "Kish", None, None, None, None)]
    assert after.phase == "orders" and URUK in after.order
    assert after.scores() == (2, 1, 0, 1)
    # Uruk, now a vassal, still chooses an activity each turn.
    while after.to_move != URUK:
        after, _ = pk.apply(after, Sacrifice())
    assert [str(m) for m in pk.legal_moves(after) if isinstance(m, Attack)] == [
        "attack lagash", "attack ur"]


@rules("P-VASSAL-1", "P-BATTLE-3")
def test_an_independent_defender_beaten_but_not_broken_stays_free():
    after, evs = play(battle("kish", "uruk"), "record none 80 10")
    assert after.overlord == (-1, -1, -1, -1) and not of(evs, events.BecameVassal)
    after, _ = play(battle("kish", "uruk"), "record attacker 80 10")
    assert after.overlord == (-1, -1, -1, -1)


@rules("P-VASSAL-2")
def test_a_vassal_wins_cities_for_its_overlord_and_is_credited():
    state = battle("lagash", "ur", {"lagash": "kish"})
    after, evs = play(state, "record defender 50 30")
    assert after.overlord[UR] == KISH and after.made[LAGASH][KISH] == 1
    became = of(evs, events.BecameVassal)[0]
    assert (became.lord, became.credited) == (KISH, LAGASH)
    assert became.describe() == "Ur becomes a vassal of Kish (won for it by Lagash)."
    assert after.scores() == (3, 1, 1, 0)


@rules("P-VASSAL-3")
def test_an_overlord_beaten_by_an_independent_city_loses_its_vassals():
    # Kish (overlord of Lagash) attacks Uruk and is beaten: defending or attacking alike.
    after, evs = play(battle("kish", "uruk", {"lagash": "kish"}), "record none 20 60")
    assert after.overlord == (-1, -1, -1, -1)
    assert of(evs, events.VassalsFreed) == [events.VassalsFreed(
        KISH, "Kish", (LAGASH,), ("Lagash",), URUK, "Uruk")]
    assert of(evs, events.VassalsFreed)[0].describe() == (
        "Kish is beaten by the independent city Uruk: Lagash is free again.")
    after, _ = play(battle("uruk", "kish", {"lagash": "kish", "ur": "kish"}),
                    "record none 60 20")
    assert after.overlord == (-1, -1, -1, -1)
    # Beaten by a vassal it keeps them.
    after, _ = play(battle("ur", "kish", {"lagash": "kish", "ur": "uruk"}), "record none 60 20")
    assert after.overlord == (-1, KISH, -1, URUK)


@rules("P-VASSAL-3", "P-VASSAL-1")
def test_an_overlord_can_gain_a_vassal_and_lose_the_old_ones_in_one_battle():
    after, evs = play(battle("kish", "uruk", {"lagash": "kish"}), "record defender 20 60")
    assert after.overlord == (-1, -1, KISH, -1)
    assert kinds(evs)[-3:] == ["VassalsFreed", "BecameVassal", "TurnBegan"]


@rules("P-VASSAL-4")
def test_a_vassal_beaten_by_another_city_changes_overlord():
    # Uruk is Ur's vassal; Kish beats it without breaking it: Uruk becomes Kish's vassal.
    after, evs = play(battle("kish", "uruk", {"uruk": "ur"}), "record none 50 40")
    assert after.overlord == (-1, -1, KISH, -1)
    # Attacked by Lagash, a vassal of Kish: Uruk goes to Kish and Lagash is credited.
    after, _ = play(battle("lagash", "uruk", {"uruk": "ur", "lagash": "kish"}),
                    "record none 50 40")
    assert after.overlord == (-1, KISH, KISH, -1) and after.made[LAGASH][KISH] == 1
    # Not beaten (equal points), not broken: nothing changes.
    after, _ = play(battle("kish", "uruk", {"uruk": "ur"}), "record none 40 40")
    assert after.overlord == (-1, -1, UR, -1)


@rules("P-VASSAL-5")
def test_a_city_that_submits_brings_its_remaining_vassals_along():
    # Uruk (overlord of Ur) breaks but outscores Kish: Ur is not freed, it follows Uruk.
    after, evs = play(battle("kish", "uruk", {"ur": "uruk"}, order=ORDER),
                      "record defender 30 70")
    assert after.overlord == (-1, -1, KISH, KISH)
    follow = of(evs, events.BecameVassal)[1]
    assert follow.describe() == "Ur becomes a vassal of Kish, following its overlord Uruk."
    assert "samen met zijn heer Uruk" in follow.describe("nl")
    # Beaten as well as broken, it loses Ur first.
    after, _ = play(battle("kish", "uruk", {"ur": "uruk"}), "record defender 70 30")
    assert after.overlord == (-1, -1, KISH, -1)
    for state in (after,):
        assert all(lord < 0 or state.overlord[lord] < 0 for lord in state.overlord)


# -------------------------------------------------------------------------------- the end


@rules("P-END-1", "P-END-2")
def test_the_campaign_ends_when_one_city_rules_all_and_names_the_winners():
    state = position({"lagash": "kish", "ur": "kish"}, phase="battles", battles="recorded",
                     attacks=[("lagash", "uruk")], order=("lagash", "uruk", "kish", "ur"),
                     made={("ur", "kish"): 1})
    after, evs = play(state, "record defender 60 20")
    assert after.is_over and after.to_move is None
    assert after.overlord == (-1, KISH, KISH, KISH)
    assert after.winners() == frozenset({KISH, LAGASH, UR})
    assert pk.legal_moves(after) == []
    assert evs[-1] == events.CampaignEnded(KISH, "Kish", 1, (KISH, LAGASH, UR),
                                           ("Kish", "Lagash", "Ur"))
    assert evs[-1].describe() == ("All cities are vassals of Kish: the campaign ends after 1 "
                                  "turn(s). Winners: Kish, Lagash and Ur.")
    assert "no" not in kinds(evs) and "BattleBegan" in kinds(evs)
    assert after.summary().startswith("campaign over after 1 turn(s): Kish rules Sumer")
    with pytest.raises(IllegalMove, match="the campaign is over"):
        pk.apply(after, DiceBattle())


@rules("P-END-2")
def test_a_vassal_without_a_conquest_for_the_final_overlord_does_not_win():
    # Lagash once won a city for Uruk, not for Kish; Uruk never won anything.
    state = battle("kish", "ur", {"lagash": "kish", "uruk": "kish"},
                   made={("lagash", "uruk"): 2})
    after, _ = play(state, "record defender 60 20")
    assert after.winners() == frozenset({KISH})
    assert after.scores() == (4, 0, 0, 0)


def test_a_view_hides_the_seed_and_cannot_roll_dice():
    state = battle("kish", "uruk")
    view = state.view(KISH)
    assert view.seed is None and pk.legal_moves(view) == pk.legal_moves(state)
    with pytest.raises(InvalidInput, match="player's view"):
        pk.apply(view, DiceBattle())
    full = pk.determinize(view, __import__("random").Random(1))
    assert full.seed is not None and pk.apply(full, DiceBattle())
    assert pk.state_from_dict(view.to_dict()) == view


def test_the_text_picture():
    state = position({"lagash": "kish"}, phase="battles", attacks=[("kish", "uruk")],
                     order=ORDER, blessed=["ur"], made={("lagash", "kish"): 1})
    text = str(state)
    assert "Priest-Kings of God: turn 1, battle of Kish against Uruk" in text
    assert "Kish    independent, overlord of Lagash" in text
    assert "Lagash  vassal of Kish, made 1 vassal(s) for it" in text
    assert "[sacrificed]" in text and "Kish -> Uruk <- next" in text
    assert "avenues: Kish–Uruk" in text
    assert repr(pk.Game(state)).endswith("battle of Kish against Uruk>")


def test_positions_are_checked():
    with pytest.raises(InvalidInput, match="itself a vassal"):
        position({"lagash": "kish", "kish": "uruk"})
    with pytest.raises(InvalidInput, match="should be over"):
        position({"lagash": "kish", "uruk": "kish", "ur": "kish"})
    with pytest.raises(InvalidInput, match="within one realm"):
        position({"lagash": "kish"}, phase="battles", attacks=[("kish", "lagash")])
    with pytest.raises(InvalidInput, match="attacked after being attacked"):
        position(order=ORDER, step=2, attacks=[("kish", "lagash"), ("lagash", "uruk")])
    with pytest.raises(InvalidInput, match="unknown city 'nineveh'"):
        position({"nineveh": "kish"})
