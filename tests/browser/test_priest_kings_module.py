"""The campaign map's ES module with a stand-in model: it draws, lights up targets at once,
sends the right intents (attacks, activities, dice and table results), shows the battle
report with every die — and never decides legality itself."""

from __future__ import annotations

import pytest

from engine import priest_kings as pk
from sumer_widgets.priest_kings.board import CampaignMap
from tests.browser.harness import MOUNT, synced_state

rules = pytest.mark.rules
ORDER = ["kish", "ur", "lagash", "uruk"]


# The shared harness syncs the base board's traits; this board also has `battles`.
def state_of(board):
    return {**synced_state(board), "battles": board.battles}


def mount(page, board):
    page.set_content("<!doctype html><html><body><div id='root'></div></body></html>")
    page.evaluate(MOUNT, {"esm": board._esm, "css": board._css, "state": state_of(board)})


def push(page, board):
    page.evaluate("(changes) => window.update(changes)", state_of(board))


def orders_board(overlords=None, **options):
    return CampaignMap(pk.Game(pk.position(overlords, order=ORDER, **options)), name="module")


def battle_board(**options):
    board = orders_board(**options)
    for move in ["attack lagash", "reorganize left", "sacrifice", "sacrifice"]:
        board.play(move)
    return board


def sent(page):
    return page.evaluate("window.sent")


@rules("P-ATTACK-1")
def test_attack_lights_up_the_targets_at_once_with_their_avenues(page):
    board = orders_board({"uruk": "kish"})
    mount(page, board)
    assert page.locator(".sumer-host svg [data-city]").count() == 4
    page.click("button.pk-attack")
    lit = page.eval_on_selector_all("circle.pk-lit", "ns => ns.map(n => n.dataset.target)")
    assert lit == ["lagash", "ur"]
    assert page.locator("line.pk-aim").count() == 2
    assert page.get_attribute("button.pk-attack", "aria-pressed") == "true"
    # Ur is reached along the avenue from the vassal Uruk: its arrow starts there.
    uruk = page.locator('[data-city="uruk"]')
    aim = page.locator('line.pk-aim[data-target="ur"]')
    start = (float(aim.get_attribute("x1")), float(aim.get_attribute("y1")))
    centre = (float(uruk.get_attribute("data-x")), float(uruk.get_attribute("data-y")))
    assert abs(start[0] - centre[0]) < 40 and abs(start[1] - centre[1]) < 40
    assert sent(page) == [], "lighting up the targets needs no round trip"


def test_clicking_a_lit_city_attacks_it(page):
    board = orders_board()
    mount(page, board)
    page.click('[data-city="kish"] .pk-city-mark')          # one's own city: aim
    assert page.locator("circle.pk-lit").count() == 2
    page.click('[data-city="uruk"] .pk-city-mark')
    assert sent(page) == [{"intent": "play", "ply": 0,
                           "move": {"kind": "attack", "target": "uruk"}}]
    assert page.locator("circle.pk-lit").count() == 0


def test_a_first_click_on_a_city_that_will_not_light_says_why(page):
    board = orders_board()
    mount(page, board)
    page.click('[data-city="ur"] .pk-city-mark')
    assert page.locator("circle.pk-lit").count() == 2, "the targets light up all the same"
    message = sent(page)[0]
    assert message == {"intent": "explain", "city": "ur"}
    board._on_msg(board, message, [])
    push(page, board)
    assert page.inner_text(".sumer-error").startswith(
        "Refused: Ur is not lit, so it cannot be attacked now: Kish cannot reach Ur")
    assert board.game.moves == ()


def test_an_unlit_city_is_sent_for_python_to_explain(page):
    board = orders_board()
    mount(page, board)
    page.click("button.pk-attack")
    page.click('[data-city="ur"] .pk-city-mark')
    message = sent(page)[0]
    assert message["move"] == {"kind": "attack", "target": "ur"}
    board._on_msg(board, message, [])
    push(page, board)
    assert "Kish cannot reach Ur" in page.inner_text(".sumer-error")


@rules("P-TURN-2")
def test_the_activities_are_buttons(page):
    board = orders_board()
    mount(page, board)
    assert page.inner_text(".sumer-prompt .pk-title").strip().startswith("Kish chooses (1st of 4)")
    page.click("button.pk-sacrifice")
    page.click('button.pk-reorganize[data-corps="right"]')
    assert sent(page) == [
        {"intent": "play", "ply": 0, "move": {"kind": "sacrifice"}},
        {"intent": "play", "ply": 0, "move": {"kind": "reorganize", "corps": "right"}}]
    # The Python answer redraws: now Ur chooses, and the map marks Kish's choice.
    board._on_msg(board, sent(page)[0], [])
    push(page, board)
    assert page.inner_text(".sumer-prompt .pk-title").strip().startswith("Ur chooses (2nd of 4)")
    assert page.locator('[data-city="kish"] [data-choice="sacrifice"]').count() == 1


@rules("P-TURN-4")
def test_the_order_rolled_at_the_table_is_clicked_in_city_by_city(page):
    board = CampaignMap(pk.new_game(seed=5, activation="recorded"), name="module")
    mount(page, board)
    assert "roll the order of activation at the table" in page.inner_text(".sumer-prompt .pk-title")
    page.click('[data-city="ur"] .pk-city-mark')
    page.click('button.pk-order-city[data-city-button="uruk"]')
    assert page.locator("g.pk-picked-place").count() == 2
    assert page.inner_text(".pk-order-so-far").count(".") >= 2
    page.click("button.pk-order-back")                       # takes Uruk back
    assert page.locator("g.pk-picked-place").count() == 1
    for city in ["uruk", "ur", "kish"]:                       # Ur again does nothing
        page.click(f'[data-city="{city}"] .pk-city-mark')
    assert sent(page) == [], "nothing is sent before every city has its place"
    page.click('button.pk-order-city[data-city-button="lagash"]')
    assert sent(page) == [{"intent": "play", "ply": 0, "move": {
        "kind": "order", "cities": ["ur", "uruk", "kish", "lagash"]}}]
    board._on_msg(board, sent(page)[0], [])
    push(page, board)
    assert page.inner_text(".sumer-prompt .pk-title").strip().startswith("Ur chooses (1st of 4)")
    assert page.locator("g.pk-picked-place").count() == 0


def test_an_attacked_city_sees_why_it_cannot_attack(page):
    board = CampaignMap(pk.Game(pk.position(order=["kish", "lagash", "ur", "uruk"])))
    board.play("attack lagash")
    mount(page, board)
    assert page.is_disabled("button.pk-attack")
    assert "has been attacked this turn by Kish" in page.inner_text(".pk-no-attack")


def test_the_dice_button_fights_and_the_report_shows_every_die(page):
    board = battle_board()
    mount(page, board)
    assert "Lagash may reroll one die" in page.inner_text(".sumer-prompt")
    assert page.locator("form.pk-record").count() == 0, "a dice campaign types in nothing"
    page.click("button.pk-dice")
    assert sent(page) == [{"intent": "play", "ply": 4, "move": {"kind": "dice"}}]
    board._on_msg(board, sent(page)[0], [])
    push(page, board)
    report = board.battles[0]
    assert page.locator("details.pk-report").get_attribute("open") is not None
    # The table of dice follows the result in the frame after (the map is drawn first).
    page.wait_for_selector("tr.pk-duel")
    rows = page.locator("tr.pk-duel")
    assert rows.count() == report["duels"]
    dice = page.eval_on_selector_all("tr.pk-duel .pk-die:not(.pk-die-first)",
                                     "ns => ns.map(n => Number(n.dataset.die))")
    assert dice == [v for b in report["bounds"] for d in b["duels"]
                    for v in (d["attacker"]["die"], d["defender"]["die"])]
    assert page.locator("tr.pk-rerolled").count() == report["rerolled"] == 1
    assert page.locator("tr.pk-rerolled .pk-die-first").count() == 1
    assert report["result"] in page.inner_text("details.pk-report")


def test_after_the_bots_battles_the_report_opens_on_the_players_own(page):
    from engine.bots import RandomBot

    game = pk.Game(pk.position(order=ORDER))
    for move in ["attack lagash", "sacrifice", "sacrifice", "attack ur"]:
        game.play(move)
    board = CampaignMap(game, bots={2: RandomBot(1)})
    mount(page, board)
    page.click("button.pk-dice")
    board._on_msg(board, sent(page)[0], [])   # Kish's battle, then Uruk's bot fights its own
    assert [r["number"] for r in board.battles] == [1, 2]
    push(page, board)
    assert page.get_attribute(".pk-report-body", "data-battle") == "1"
    assert page.locator("button.pk-report-tab").count() == 2
    page.click('button.pk-report-tab:has-text("2")')
    assert page.get_attribute(".pk-report-body", "data-battle") == "2"
    page.click('button.pk-report-tab:has-text("1")')
    assert page.get_attribute(".pk-report-body", "data-battle") == "1"
    assert page.locator("details.pk-report").get_attribute("open") is not None


@rules("P-BATTLE-2")
def test_the_table_result_form_sends_what_was_typed(page):
    board = battle_board(battles="either")
    mount(page, board)
    page.check('input[type=radio][value="defender"]')
    page.fill("input.pk-attacker-points", "120")
    page.fill("input.pk-defender-points", "45")
    page.click("button.pk-record-submit")
    page.fill("input.pk-attacker-points", "500")
    page.click("button.pk-record-submit")
    assert sent(page) == [
        {"intent": "play", "ply": 4, "move": {"kind": "record", "broken": "defender",
                                              "attacker_points": 120, "defender_points": 45}},
        {"intent": "play", "ply": 4, "move": {"kind": "record", "broken": "defender",
                                              "attacker_points": 500, "defender_points": 45}}]
    board._on_msg(board, sent(page)[1], [])   # the engine refuses: more than Lagash is worth
    push(page, board)
    assert "Lagash's army is worth 200 AP" in page.inner_text(".sumer-error")
    assert page.input_value("input.pk-attacker-points") == "500", "what was typed stays"


def test_an_empty_form_is_sent_and_refused_by_the_engine(page):
    board = battle_board(battles="recorded")
    mount(page, board)
    page.click("button.pk-record-submit")
    message = sent(page)[0]
    assert message["move"] == {"kind": "record", "broken": None, "attacker_points": None,
                               "defender_points": None}
    board._on_msg(board, message, [])
    push(page, board)
    assert "broken must be a string" in page.inner_text(".sumer-error")


def test_explorer_lights_up_targets_and_makes_vassals(page):
    board = CampaignMap(name="explore")
    mount(page, board)
    page.click('[data-city="kish"] .pk-city-mark')
    assert page.eval_on_selector_all("circle.pk-lit", "ns => ns.map(n => n.dataset.target)") \
        == ["lagash", "uruk"]
    assert "may attack Lagash, Uruk" in page.inner_text(".sumer-prompt")
    page.click('button.pk-make-vassal[data-lord="uruk"]')
    assert sent(page) == [{"intent": "vassal", "city": "kish", "lord": "uruk"}]
    board._on_msg(board, sent(page)[0], [])
    push(page, board)
    assert page.locator('[data-city="kish"][data-lord="uruk"]').count() == 1
    # The selection survives the redraw, with the new targets of a vassal.
    assert page.eval_on_selector_all("circle.pk-lit", "ns => ns.map(n => n.dataset.target)") \
        == ["lagash"]


def test_history_and_undo_send_intents_and_bots_wait_for_the_button(page):
    from engine.bots import GreedyBot

    board = CampaignMap(pk.Game(pk.position(order=ORDER)), bots={3: GreedyBot(1)},
                        autoplay=False)
    board.play("sacrifice")
    mount(page, board)
    assert "played by a bot" in page.inner_text(".sumer-prompt")
    page.click("button.sumer-bot")
    page.click("button.sumer-undo")
    assert sent(page) == [{"intent": "bot"}, {"intent": "undo"}]


def test_dutch_words(page):
    board = CampaignMap(pk.new_game(seed=7), lang="nl")
    mount(page, board)
    assert page.inner_text("button.pk-attack") == "Aanvallen…"
    assert "Volgorde van activering" in page.inner_text(".sumer-host")
