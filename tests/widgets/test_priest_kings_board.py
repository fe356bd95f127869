"""CampaignMap in Python: choices and refusals from the engine, forged messages refused, the
battle prompt (dice and table results), battle reports with every die, bots, undo, history,
save files, the explorer on any map file, and the picture."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from engine import priest_kings as pk
from engine.bots import GreedyBot, RandomBot
from engine.core import IllegalMove, InvalidInput
from sumer_widgets.priest_kings.board import CampaignMap
from sumer_widgets.priest_kings.picture import TurnRecord, render, turn_events

rules = pytest.mark.rules
ORDER = ["kish", "ur", "lagash", "uruk"]


def send(board, message):
    board._on_msg(board, message, [])


def orders_game(overlords=None, **options):
    return pk.Game(pk.position(overlords, order=ORDER, **options))


def battle_game(**options):
    """Kish has attacked Lagash and Ur has sacrificed; Lagash and Uruk chose too."""
    game = orders_game(**options)
    for move in ["attack lagash", "sacrifice", "reorganize left", "attack kish"]:
        game.play(move)
    assert game.state.phase == "battles"
    return game


# ------------------------------------------------------------------------------- choices


@rules("P-ATTACK-1")
def test_attack_targets_come_from_the_engine_with_the_avenue_they_take():
    board = CampaignMap(orders_game({"uruk": "kish"}))
    choices = board.choices
    assert choices["mode"] == "game" and choices["phase"] == "orders" and choices["human"]
    assert choices["city"] == "kish" and choices["place"] == 1
    assert choices["attack"] == [{"target": "lagash", "via": None},
                                 {"target": "ur", "via": "uruk"}]
    assert [str(m) for m in board.game.legal_moves() if isinstance(m, pk.Attack)] == [
        "attack lagash", "attack ur"]
    assert choices["why_not"] == {"kish": "Kish cannot attack itself",
                                  "uruk": "Kish cannot attack Uruk: Uruk is already its vassal"}
    assert choices["sacrifice"] and not choices["blessed"]
    assert [r["corps"] for r in choices["reorganize"]] == ["centre", "right", "left"]


@rules("P-ATTACK-3", "P-ATTACK-4")
def test_an_attacked_city_has_no_target_and_the_page_has_the_reason():
    game = pk.Game(pk.position(order=["kish", "lagash", "ur", "uruk"]))
    game.play("attack lagash")   # now Lagash chooses, attacked
    board = CampaignMap(game)
    assert board.choices["city"] == "lagash" and board.choices["attack"] == []
    assert "has been attacked this turn by Kish" in board.choices["why_not"]["uruk"]


def test_the_battle_prompt_says_how_the_battle_may_be_settled():
    board = CampaignMap(battle_game(battles="either"))
    battle = board.choices["battle"]
    assert battle == {
        "number": 1, "attacker": "kish", "defender": "lagash", "attacker_name": "Kish",
        "defender_name": "Lagash", "dice": True, "record": True,
        "broken": ["defender", "attacker", "none", "both"],
        "worth": {"attacker": 200, "defender": 190}, "rerolls": []}
    assert CampaignMap(battle_game()).choices["battle"]["record"] is False
    assert CampaignMap(battle_game(battles="recorded")).choices["battle"]["dice"] is False


# ------------------------------------------------------------------------------- intents


def test_a_legal_intent_plays_and_redraws():
    board = CampaignMap(orders_game())
    send(board, {"intent": "play", "ply": 0, "move": {"kind": "attack", "target": "lagash"}})
    assert board.error == "" and board.plies == board.ply == 1
    assert 'data-attacker="kish" data-defender="lagash"' in board.svg
    assert board.log == [{"ply": 1, "text": "Kish attacks Lagash."}]
    assert board.choices["city"] == "ur"


@pytest.mark.parametrize(("message", "reason"), [
    ("hello", "must name an intent"),
    ({"intent": "conquer"}, "unknown intent 'conquer'"),
    ({"intent": "play", "ply": 0, "move": "attack ur"}, "must be an object"),
    ({"intent": "play", "ply": 0, "move": {"kind": "raze"}}, "unknown priest_kings move kind"),
    ({"intent": "play", "ply": 0, "move": {"kind": "attack", "target": "babylon"}},
     "unknown city 'babylon'"),
    ({"intent": "play", "ply": 0, "move": {"kind": "attack", "target": "ur"}},
     "Kish cannot reach Ur"),
    ({"intent": "play", "ply": 0, "move": {"kind": "attack", "target": "kish"}},
     "cannot attack itself"),
    ({"intent": "play", "ply": 0, "move": {"kind": "reorganize", "corps": "chariots"}},
     "unknown corps 'chariots'"),
    ({"intent": "play", "ply": 0, "move": {"kind": "dice"}}, "fighting a battle is not possible"),
    ({"intent": "play", "ply": 3, "move": {"kind": "sacrifice"}}, "another position"),
    ({"intent": "vassal", "city": "ur", "lord": "kish"}, "realms change only by battles"),
])
def test_forged_or_illegal_messages_are_refused_and_change_nothing(message, reason):
    board = CampaignMap(orders_game())
    before = (board.game.history, board.svg, board.choices)
    send(board, message)
    assert reason in board.error
    assert (board.game.history, board.svg, board.choices) == before


@rules("P-BATTLE-2")
@pytest.mark.parametrize(("move", "reason"), [
    ({"broken": "defender", "attacker_points": 191, "defender_points": 0},
     "Lagash's army is worth 190 AP, so its enemy cannot have scored 191 points of it"),
    ({"broken": "defender", "attacker_points": -3, "defender_points": 0},
     "attacker_points must be a whole number of points ≥ 0, not -3"),
    ({"broken": "defender", "attacker_points": 12.5, "defender_points": 0},
     "attacker_points must be a whole number"),
    ({"broken": None, "attacker_points": 10, "defender_points": 0}, "broken must be a string"),
    ({"broken": "lagash", "attacker_points": 10, "defender_points": 0},
     "broken must be one of none, attacker, defender, both"),
    ({"broken": "none", "attacker_points": None, "defender_points": 0},
     "attacker_points must be a whole number"),
])
def test_the_table_result_form_is_checked_by_the_engine(move, reason):
    board = CampaignMap(battle_game(battles="recorded"))
    before = board.game.history
    send(board, {"intent": "play", "ply": 4, "move": {"kind": "record", **move}})
    assert reason in board.error and board.game.history == before


@rules("P-BATTLE-4")
def test_each_campaign_refuses_the_other_way_of_settling_a_battle():
    board = CampaignMap(battle_game(battles="recorded"))
    send(board, {"intent": "play", "ply": 4, "move": {"kind": "dice"}})
    assert "fought on the table and typed in" in board.error
    board = CampaignMap(battle_game())
    send(board, {"intent": "play", "ply": 4, "move": {
        "kind": "record", "broken": "defender", "attacker_points": 10, "defender_points": 0}})
    assert "fought with the dice model" in board.error


@rules("P-VASSAL-1")
def test_a_recorded_result_plays_and_its_report_tells_the_consequences():
    board = CampaignMap(battle_game(battles="either"))
    send(board, {"intent": "play", "ply": 4, "move": {
        "kind": "record", "broken": "defender", "attacker_points": 120, "defender_points": 45}})
    assert board.error == ""
    [report] = board.battles
    assert report["method"] == "recorded" and report["bounds"] == []
    assert report["ply"] == board.ply == 5
    assert report["outcome"] == {"broken": "defender", "attacker_points": 120,
                                 "defender_points": 45, "beaten": "Lagash"}
    assert report["after"] == ["Lagash becomes a vassal of Kish."]
    assert 'data-city="lagash" data-player="1"' in board.svg
    assert 'data-lord="kish" data-vassal="lagash"' in board.svg


@rules("P-VASSAL-1", "P-BATTLE-3")
def test_a_beaten_invader_that_broke_the_defender_is_told_with_the_reason():
    # Kish, the invader, scores fewer points, but Lagash's army broke: "Kish is beaten" and
    # "Lagash becomes a vassal of Kish" side by side need the reason between them.
    board = CampaignMap(battle_game(battles="recorded"))
    send(board, {"intent": "play", "ply": 4, "move": {
        "kind": "record", "broken": "defender", "attacker_points": 30, "defender_points": 60}})
    [report] = board.battles
    assert report["outcome"]["beaten"] == "Kish"
    assert report["result"].startswith("Kish scores 30 points, Lagash 60; Lagash's army broke; "
                                       "Kish is beaten.")
    assert "the army that broke was Lagash's, and a defender whose army breaks becomes a " \
           "vassal" in report["result"]
    assert report["after"] == ["Lagash becomes a vassal of Kish."]
    assert report["result"] in [entry["text"] for entry in board.log]
    # Where the beaten side is the one that broke, nothing needs explaining.
    board = CampaignMap(battle_game(battles="recorded"))
    send(board, {"intent": "play", "ply": 4, "move": {
        "kind": "record", "broken": "defender", "attacker_points": 60, "defender_points": 30}})
    assert board.battles[0]["result"] == ("Kish scores 60 points, Lagash 30; Lagash's army "
                                          "broke; Lagash is beaten.")


@rules("P-SACRIFICE-1", "P-BATTLE-2")
def test_a_battle_typed_in_from_the_table_does_not_promise_a_reroll_of_the_model():
    game = orders_game(battles="recorded")
    for move in ["attack lagash", "reorganize left", "sacrifice", "sacrifice"]:
        game.play(move)
    board = CampaignMap(game)
    battle = board.choices["battle"]
    assert battle["rerolls"] == ["Lagash"] and battle["dice"] is False
    # The prompt's words for a battle the table fights: the reroll is the table's.
    assert "at the table" in board.words["may_reroll_table"]
    send(board, {"intent": "play", "ply": 4, "move": {
        "kind": "record", "broken": "none", "attacker_points": 40, "defender_points": 50}})
    [report] = board.battles
    assert "may reroll" not in report["title"]
    assert report["title"] == ("Battle 1: Kish (invader) against Lagash (defender), fought on "
                               "the table, result typed in; Lagash made sacrifices: the reroll "
                               "was thrown at the table, before the result was typed in.")
    # The sacrifice itself still gives a reroll in the next battle: at the table, there.
    texts = [entry["text"] for entry in board.log]
    assert report["title"] in texts
    assert not any("may reroll one die." in t for t in texts if t.startswith("Battle"))


@rules("P-BATTLE-DICE-8", "P-SACRIFICE-2")
def test_the_dice_battle_report_has_every_die_and_the_rerolls():
    game = orders_game()
    for move in ["attack lagash", "reorganize left", "sacrifice", "sacrifice"]:
        game.play(move)
    board = CampaignMap(game)
    assert board.choices["battle"]["rerolls"] == ["Lagash"]
    send(board, {"intent": "play", "ply": 4, "move": {"kind": "dice"}})
    [report] = board.battles
    events = [e for _, evs in board.game.log[4:] for e in evs]
    duels = [e for e in events if isinstance(e, pk.events.DuelFought)]
    assert report["duels"] == len(duels) == sum(len(b["duels"]) for b in report["bounds"])
    flat = [d for b in report["bounds"] for d in b["duels"]]
    assert [(d["attacker"]["die"], d["defender"]["die"]) for d in flat] == [
        (e.attacker_die, e.defender_die) for e in duels]
    rerolls = [r for d in flat for r in d["rerolls"]]
    assert rerolls == [{"side": "defender", "first": first} for e in duels
                       for _, first in e.rerolls] and len(rerolls) == 1
    assert report["rerolled"] == len(rerolls)
    assert report["result"].startswith("Kish scores") and report["ply"] == board.ply
    assert report["rerolls"] == ["Lagash"]
    # The log tells the campaign; the single meetings are in the report.
    texts = [entry["text"] for entry in board.log]
    assert report["result"] in texts and report["title"] in texts
    assert not any(t.startswith("Bound") or "breaks." in t for t in texts)


@rules("P-TURN-4")
def test_a_campaign_whose_order_is_rolled_at_the_table_takes_it_from_the_map():
    board = CampaignMap(pk.new_game(seed=5, activation="recorded"))
    choices = board.choices
    assert choices["phase"] == "activation" and choices["human"]
    assert choices["order"] == {"turn": 1, "cities": ["kish", "lagash", "uruk", "ur"]}
    assert "Turn 1 · order of activation: roll it at the table" in board.svg
    assert board.words["order_title"].startswith("Turn {turn}: roll the order of activation")
    send(board, {"intent": "play", "ply": 0,
                 "move": {"kind": "order", "cities": ["ur", "ur", "kish", "lagash"]}})
    assert board.error.startswith("the order of activation names every city once")
    assert board.game.state.phase == "activation"
    send(board, {"intent": "play", "ply": 0,
                 "move": {"kind": "order", "cities": ["ur", "uruk", "kish", "lagash"]}})
    assert not board.error and board.game.state.order == (3, 2, 0, 1)
    assert board.choices["phase"] == "orders" and board.choices["city"] == "ur"
    assert 'data-place="1"' in board.svg and board.log[-1]["text"] == (
        "The order of activation of turn 1, rolled at the table: Ur, Uruk, Kish, Lagash.")
    for _ in range(4):
        board.play("sacrifice")
    assert board.choices["phase"] == "activation" and board.choices["order"]["turn"] == 2
    assert board.log[-1]["text"].startswith("Turn 2 begins: roll the order of activation")
    dutch = CampaignMap(pk.new_game(seed=5, activation="recorded"), lang="nl")
    assert "volgorde van activering: werp haar aan tafel" in dutch.svg
    assert dutch.words["order_next"] == "Volgende:"


def test_reports_keep_the_latest_turns_battles_until_a_new_battle_is_fought():
    game = pk.new_game(seed=11)
    bots = {p: RandomBot(p) for p in range(4)}
    board = CampaignMap(game, bots=bots, autoplay=False)
    while game.state.turn < 3 and not game.is_over:
        send(board, {"intent": "bot"})
    reports = board.battles
    assert reports and len({r["turn"] for r in reports}) == 1
    assert reports[-1]["number"] == game.state.battles_fought
    assert all(r["ply"] <= len(game.moves) for r in reports)
    # The orders of the new turn keep the reports equal, so they are not sent again.
    send(board, {"intent": "bot"})
    assert game.state.phase == "orders" and board.battles == reports


# ------------------------------------------------------------------- bots, undo, history


def test_bots_answer_and_undo_takes_back_to_the_human():
    board = CampaignMap(orders_game(), bots={1: GreedyBot(1), 2: GreedyBot(2), 3: GreedyBot(3)})
    board.play("sacrifice")
    assert board.game.state.to_move == 0 or board.game.state.phase == "battles"
    assert len(board.game.moves) >= 4
    send(board, {"intent": "undo"})
    assert len(board.game.moves) == 0 and board.plies == 0


def test_out_of_turn_moves_are_refused_while_a_bot_is_to_move():
    board = CampaignMap(orders_game(), bots={3: GreedyBot(1)}, autoplay=False)
    board.play("sacrifice")
    assert board.choices["human"] is False and board.choices["city"] == "ur"
    send(board, {"intent": "play", "ply": 1, "move": {"kind": "sacrifice"}})
    assert "it is a bot's turn" in board.error and len(board.game.moves) == 1
    send(board, {"intent": "bot"})
    assert board.error == "" and len(board.game.moves) == 2


def test_the_history_slider_shows_earlier_positions_read_only():
    game = battle_game()
    board = CampaignMap(game)
    board.ply = 2
    assert board.choices == {"mode": "history"}
    assert board.svg == render(game.history[2], events=turn_events(game, 2),
                               initial_armies=game.history[0].armies)
    assert 'data-choice="attack"' in board.svg and 'data-choice="reorganize"' not in board.svg
    send(board, {"intent": "play", "ply": 4, "move": {"kind": "dice"}})
    assert "another position" in board.error
    send(board, {"intent": "resume"})
    assert board.plies == 2 and board.choices["city"] == "lagash"


def test_illegal_python_play_raises_and_shows_the_reason():
    board = CampaignMap(orders_game())
    with pytest.raises(IllegalMove):
        board.play("attack ur")
    assert "Kish cannot reach Ur" in board.error


def test_save_and_load_resume_a_campaign(tmp_path):
    board = CampaignMap(battle_game(battles="recorded"))
    board.play("record defender 120 45")
    path = board.save(tmp_path / "campaign.json")
    again = CampaignMap.load(path, name="resumed")
    assert again.game.history == board.game.history and again.svg == board.svg
    assert json.loads(path.read_text())["ruleset"] == "priest_kings"
    with pytest.raises(InvalidInput, match="no save file"):
        CampaignMap.load(tmp_path / "missing.json")
    with pytest.raises(InvalidInput, match="no game"):
        CampaignMap().save(tmp_path / "x.json")


# ---------------------------------------------------------------------------- explorer


def small_map():
    return {"name": "Four wells", "cities": [
        {"id": "a", "name": "Alpha", "lat": 31.0, "lon": 45.0},
        {"id": "b", "name": "Beta", "lat": 31.0, "lon": 46.0},
        {"id": "c", "name": "Gamma", "lat": 30.2, "lon": 46.0},
        {"id": "d", "name": "Delta", "lat": 30.2, "lon": 45.0}],
        "avenues": [["a", "b"], ["b", "c"], ["c", "d"]]}


@rules("P-MAP-1")
def test_explorer_reads_any_map_file(tmp_path):
    path = tmp_path / "wells.json"
    path.write_text(json.dumps(small_map()))
    board = CampaignMap(campaign_map=str(path))
    assert board.choices["mode"] == "explore"
    assert board.choices["targets"]["a"] == [{"target": "b", "via": None}]
    assert board.choices["targets"]["b"] == [{"target": "a", "via": None},
                                             {"target": "c", "via": None}]
    assert board.svg.count('class="city"') == 4 and ">Gamma</text>" in board.svg
    assert repr(board) == "<CampaignMap: explorer of 'Four wells'>"
    path.write_text('{"cities": []}')
    with pytest.raises(InvalidInput, match="exactly 4 cities"):
        CampaignMap(campaign_map=path)
    with pytest.raises(InvalidInput, match="no map file"):
        CampaignMap(campaign_map=tmp_path / "missing.json")


@rules("P-ATTACK-1", "P-VASSAL-5")
def test_explorer_vassals_extend_a_realm_and_chains_are_refused():
    board = CampaignMap(campaign_map=small_map())
    send(board, {"intent": "vassal", "city": "b", "lord": "a"})
    assert board.error == "" and board.overlords == {"b": "a"}
    assert board.choices["targets"]["a"] == [{"target": "c", "via": "b"}]
    assert board.choices["lords"]["b"] == "a"
    assert 'data-lord="a" data-vassal="b"' in board.svg
    send(board, {"intent": "vassal", "city": "a", "lord": "c"})
    assert "itself a vassal" in board.error and board.overlords == {"b": "a"}
    send(board, {"intent": "vassal", "city": "x", "lord": "a"})
    assert "unknown city 'x'" in board.error
    send(board, {"intent": "vassal", "city": "b", "lord": None})
    assert board.overlords == {}


def test_constructor_refuses_nonsense():
    with pytest.raises(TypeError, match="did you mean 'bots'"):
        CampaignMap(orders_game(), bot={1: GreedyBot()})
    with pytest.raises(TypeError, match="did you mean 'overlords'"):
        CampaignMap(overlord={"ur": "kish"})
    with pytest.raises(TypeError, match="either a game, or a campaign_map"):
        CampaignMap(orders_game(), overlords={})
    with pytest.raises(TypeError, match="priest_kings.Game"):
        CampaignMap("kish")
    with pytest.raises(ValueError, match="bot seat 4 is not a player"):
        CampaignMap(orders_game(), bots={4: GreedyBot()})
    with pytest.raises(InvalidInput, match="itself a vassal"):
        CampaignMap(overlords={"kish": "ur", "ur": "uruk"})
    with pytest.raises(TypeError, match="a dict or a file path"):
        CampaignMap(campaign_map=42)


def test_static_fallback_stable_repr_and_dutch():
    board = CampaignMap(pk.new_game(seed=7))
    data, _ = board._repr_mimebundle_()
    assert data["image/svg+xml"] == board.svg
    assert repr(board) == "<CampaignMap: turn 1, orders, Kish to choose>"
    assert not re.search(r"0x[0-9a-f]{6,}", repr(board))
    board.lang = "nl"
    assert "Volgorde van activering" in board.svg and board.words["undo"] == "Ongedaan maken"
    assert board.words["dice"] == "Uitvechten met dobbelstenen"
    board.lang = "fr"
    assert board.lang == "nl" and "onbekende taal 'fr'" in board.error


# ------------------------------------------------------------------------------ picture


def _label_boxes(svg):
    """Each city name, city status and landmark name the picture writes, as a box (left, top,
    right, bottom) from its place, anchor and the widths the picture lays labels out with."""
    from sumer_widgets.priest_kings.picture import LANDMARK_CHAR

    width = {"pk-city-name": 12, "pk-city-status": 9.5, "pk-landmark": LANDMARK_CHAR}
    boxes = []
    for attrs, said in re.findall(r"<text([^>]*)>([^<]*)</text>", svg):
        kind = re.search(r'class="([\w-]+)"', attrs).group(1)
        if kind not in width:
            continue
        x, y = (float(re.search(rf'\b{a}="([\d.-]+)"', attrs).group(1)) for a in "xy")
        wide = len(said) * width[kind]
        anchor = re.search(r'text-anchor="(\w+)"', attrs)
        anchor = anchor.group(1) if anchor else "start"
        left = x - wide if anchor == "end" else x - wide / 2 if anchor == "middle" else x
        boxes.append((kind, said, (left, y - 15, left + wide, y + 4)))
    return boxes


def test_no_city_label_hides_a_landmark_in_any_realms():
    # "Umma" once hid under "vassal of Kish": every way the four cities can stand.
    cmap = pk.CampaignMap.standard()
    hidden = []
    for lords in itertools.product(range(-1, 4), repeat=4):
        if any(lord == city or (lord >= 0 and lords[lord] >= 0)
               for city, lord in enumerate(lords)):
            continue
        boxes = _label_boxes(str(render(campaign_map=cmap, overlord=lords)))
        places = [b for b in boxes if b[0] == "pk-landmark"]
        assert len(places) == 3
        for _, name, (l1, t1, r1, b1) in places:
            hidden += [(lords, name, said) for kind, said, (l2, t2, r2, b2) in boxes
                       if kind != "pk-landmark" and l1 < r2 and l2 < r1 and t1 < b2 and t2 < b1]
    assert not hidden, hidden[:5]


@rules("P-SETUP-1", "P-TURN-1")
def test_the_picture_has_the_cities_rivers_avenues_order_and_text_form():
    state = pk.new_state(seed=7)
    svg = render(state)
    assert svg.count('class="city"') == 4 and svg.count('class="pk-avenue"') == 5
    assert "Euphrates (approximate course)" in svg and "Tigris (approximate course)" in svg
    assert svg.count('class="pk-landmark-site"') == 3
    places = re.findall(r'data-city="(\w+)".*?data-place="(\d)"', svg)
    assert [c for c, _ in sorted(places, key=lambda p: p[1])] == [
        state.map.city_id(p) for p in state.order]
    assert "<desc>Priest-Kings of God: turn 1, orders, Kish to choose" in svg
    assert svg == render(state) and svg._repr_svg_() == svg


@rules("P-REORG-2")
def test_the_armies_show_every_element_and_the_reorganizations():
    state = pk.position(reorganized={"kish": ["left", "left"]}, blessed=["ur"])
    svg = render(state, initial_armies=pk.new_state(seed=0).armies)
    kish = svg[svg.index('data-army="kish"'):svg.index('data-army="lagash"')]
    assert 'data-command="left" data-reorganized="2"' in kish
    assert 'data-command="centre" data-reorganized="0"' in kish
    assert 'class="pk-bases pk-new" data-troops="Reg Bd (F)" data-count="2"' in kish
    assert kish.count('class="pk-general"') == 3
    assert "180 AP · 37 ME" in kish and "38 elements" in kish
    assert svg.count('class="pk-sacrificed"') == 1


@rules("P-ATTACK-6")
def test_the_turn_record_comes_from_the_events():
    game = battle_game()
    game.play("dice")
    record = TurnRecord.from_events(turn_events(game))
    assert record.choices == {0: ("attack", 1, None), 3: ("sacrifice",),
                              1: ("reorganize", "left wing"), 2: ("attack", 0, None)}
    assert set(record.results) <= {(0, 1), (2, 0)} and (0, 1) in record.results
    svg = render(game.state, events=turn_events(game))
    assert 'class="pk-attack pk-attack-fought"' in svg
    assert "Battles this turn" in svg


def test_a_finished_campaign_names_the_winners():
    game = pk.new_game(seed=1)
    bots = [GreedyBot(s) for s in range(4)]
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.state.view(game.to_move)))
    board = CampaignMap(game)
    lord = game.state.name(game.state.independent[0])
    assert board.choices["over"]["lord"] == lord
    assert board.choices["over"]["winners"] == [game.state.name(w)
                                                for w in sorted(game.winners())]
    assert f"Campaign over: {lord} rules Sumer" in board.svg


def test_graph_and_odds_plots_draw():
    import matplotlib

    matplotlib.use("Agg")
    from sumer_widgets.priest_kings.plots import (
        draw_campaign_graph,
        plot_battle_odds,
        plot_campaign_lengths,
    )

    state = pk.position({"uruk": "kish"})
    ax = draw_campaign_graph(state=state, attacker="kish", targets=["lagash", "ur"])
    assert len(ax.texts) >= 4 and ax.get_legend() is not None
    ax = plot_battle_odds({"plain": [pk.Outcome("defender", 100, 50, 12, (False, False))] * 3,
                           "blessed": [pk.Outcome("none", 10, 10, 40, (True, False))]})
    # Two bars per label (the invader's and the defender's army broke), each with its interval.
    assert len(ax.patches) == 4 and len(ax.containers) >= 2
    assert "95 % intervals" in ax.get_title()
    ax = plot_campaign_lengths([3, 5, 5, 9])
    assert ax.get_xlabel()


def test_battle_reports_read_from_the_last_battles_turn_tell_what_the_whole_log_tells():
    """The report is told from where the last battle's turn began (a redraw does not replay the
    campaign); at every ply it equals the report told from the first move on."""
    from sumer_widgets.priest_kings import core as widget

    def told_from_the_start(board, ply):
        reports, current, turn = [], None, board.game.history[0].turn
        for n, (_, events) in enumerate(board.game.log[:ply]):
            for event in events:
                if isinstance(event, widget.ev.TurnBegan):
                    turn, current = event.turn, None
                elif isinstance(event, widget.ev.BattleBegan):
                    if reports and reports[-1]["turn"] != turn:
                        reports = []
                    current = widget._report(event, turn, n + 1, board.lang)
                    reports.append(current)
                elif current is not None:
                    widget._add_to_report(current, event, board.lang)
        return reports

    for seed in (1, 4):
        game = pk.new_game(seed=seed)
        board = CampaignMap(game)
        bots = [RandomBot(seed * 10 + p) for p in range(4)]
        while not game.is_over and len(game.moves) < 90:
            game.play(bots[game.to_move].choose(game.state.view(game.to_move)))
        told = [board._battle_reports(ply) for ply in range(len(game.moves) + 1)]
        assert told == [told_from_the_start(board, ply) for ply in range(len(game.moves) + 1)]
        assert any(told), "the games fought battles"
