"""A board as a class uses it (issue 18, issue 17 item 4, issue 19 item 3): no click traps,
the toolbar Python decides, the bots' level, and saving and loading a learner's game.

Click traps: a click on another player's piece is explained (whose it is, what the learner may
do), not refused as a move; a click on a city that is not lit says why; "Bot moves" is disabled
with its reason on a person's turn; the explorer offers no Undo. Every message is in the
board's language.
"""

from __future__ import annotations

import json

import pytest

from engine import mesopotamia, sumeria, tigris
from engine import priest_kings as pk
from engine.bots import LEVEL_BLUNDERS, ExpertBot, RandomBot
from engine.core import InvalidInput
from sumer_widgets import CampaignMap, MesopotamiaBoard, SumeriaBoard, TigrisBoard

BOARDS = [(SumeriaBoard, lambda: sumeria.new_game(3, seed=2)),
          (TigrisBoard, lambda: tigris.new_game(2, seed=2)),
          (MesopotamiaBoard, lambda: mesopotamia.new_game(3, seed=2)),
          (CampaignMap, lambda: pk.new_game(seed=2))]


def sumeria_turn():
    game = sumeria.Game(sumeria.position(3, {
        "kish.town1": 0, "kish.city": 1, "kish.village1": 2, "kish.town2": 1, "kish.town3": 2},
        row=["kish", "nippur", "umma", "lagash", "eridu", "ur", "larsa", "uruk"]))
    return SumeriaBoard(game)


# Click traps ---------------------------------------------------------------------------------


@pytest.mark.rules("S-MOVE-1")
def test_a_click_on_another_players_trader_says_whose_it_is_and_what_to_do():
    board = sumeria_turn()
    board.send_intent({"intent": "explain", "location": "kish.city"})
    assert board.error == ("Kish city holds Orange's trader, not one of yours. You play Blue: "
                           "click one of your own traders to move or remove it, or an empty "
                           "place to add one")
    assert board.error_rule == "S-MOVE-1" and board.game.moves == ()
    board.lang = "nl"
    assert board.error.startswith("op Kish hoofdstad staat een handelaar van Oranje, niet een "
                                  "van jou. Jij speelt Blauw")


def test_an_explained_empty_place_is_never_played():
    """The explain intent plays nothing: on an empty place it gives the engine's reason only
    when the add is refused (here: the scoring phase)."""
    state = sumeria.position(3, {"kish.city": 0, "kish.town1": 0, "kish.town2": 1},
                             offer=("EMP", "RE", "M"), to_move=2, turn=3,
                             row=["kish", "nippur", "umma", "lagash", "eridu", "ur", "larsa",
                                  "uruk"])
    state, _ = sumeria.apply(state, sumeria.Add("uruk.village3"))
    board = SumeriaBoard(sumeria.Game(state))
    board.send_intent({"intent": "explain", "location": "ur.city"})
    assert "adding a trader is not possible now" in board.error
    assert board.game.moves == ()


def test_a_click_on_a_bots_turn_says_whose_turn_it_is():
    game = sumeria.new_game(3, seed=1)
    board = SumeriaBoard(game, bots={p: RandomBot(seed=p) for p in range(3)}, autoplay=False)
    board.send_intent({"intent": "explain", "location": "kish.city"})
    assert board.error.startswith("it is a bot's turn")


def test_the_first_add_click_is_only_a_proposal_with_the_places_name():
    board = sumeria_turn()
    assert board.choices["add_names"]["uruk.city"] == "Uruk city"
    assert board.words["add_ask"].format(where="Uruk city").startswith("Add a trader on Uruk")


@pytest.mark.rules("P-ATTACK-1", "P-ATTACK-5")
def test_a_city_that_is_not_lit_says_why():
    game = pk.Game(pk.position({"uruk": "ur"}, order=["kish", "ur", "lagash", "uruk"]))
    board = CampaignMap(game)
    lit = {a["target"] for a in board.choices["attack"]}
    dark = next(c for c in ("lagash", "uruk", "ur") if c not in lit)
    board.send_intent({"intent": "explain", "city": dark})
    assert board.error.startswith(f"{dark.capitalize()} is not lit, so it cannot be attacked "
                                  "now: ") and len(board.error) > 60
    assert board.game.moves == ()
    board.send_intent({"intent": "explain", "city": "kish"})
    assert board.error.startswith("Kish is your own city")
    board.lang = "nl"
    assert board.error.startswith("Kish is je eigen stad")


def test_a_click_during_a_battle_says_how_to_settle_it():
    game = pk.Game(pk.position(None, order=["kish", "ur", "lagash", "uruk"]))
    for move in ["attack lagash", "sacrifice", "reorganize left", "attack kish"]:
        game.play(move)
    board = CampaignMap(game)
    board.send_intent({"intent": "explain", "city": "ur"})
    assert board.error.startswith("a battle is being fought (Kish against Lagash)")


@pytest.mark.parametrize("board_class, new_game", BOARDS)
def test_bot_moves_is_disabled_with_its_reason_on_a_persons_turn(board_class, new_game):
    game = new_game()
    human = game.to_move
    bots = {p: RandomBot(seed=p) for p in range(game.state.players) if p != human}
    board = board_class(game, bots=bots, autoplay=False)
    assert "is played by a person, not a bot" in board.tools["bot"]
    board.play(game.legal_moves()[0])
    if game.to_move in bots:
        assert board.tools["bot"] == ""
    board.lang = "nl"
    assert board.tools["levels"][0] == ["easy", "makkelijk"]


@pytest.mark.parametrize("board_class", [SumeriaBoard, CampaignMap])
def test_the_explorer_offers_no_undo_history_bots_or_saving(board_class):
    tools = board_class().tools
    assert tools["undo"] is False and tools["history"] is False and tools["save"] is False
    assert tools["bot"] is None and tools["levels"] == []


# The bots' level -------------------------------------------------------------------------------


@pytest.mark.parametrize("board_class, new_game", BOARDS)
def test_the_level_seats_bot_for_level_bots_and_they_move(board_class, new_game):
    game = new_game()
    board = board_class(game, level="easy")
    assert sorted(board.bots) == list(range(1, game.state.players))

    def blunders() -> set[float]:
        assert all(isinstance(b, ExpertBot) for b in board.bots.values())
        return {b.blunder for b in board.bots.values()}

    assert blunders() == {LEVEL_BLUNDERS["easy"]}
    assert board.level == "easy" and board.tools["level"] == "easy"
    board.send_intent({"intent": "level", "level": "medium"})
    assert board.error == "" and blunders() == {LEVEL_BLUNDERS["medium"]}
    board.set_level("hard")
    assert blunders() == {0.0}
    with pytest.raises(InvalidInput):
        board.set_level("impossible")
    assert board.level == "hard" and "there is no level 'impossible'" in board.error


def test_a_level_change_lets_the_bot_to_move_play():
    game = sumeria.new_game(3, seed=4)
    board = SumeriaBoard(game, bots={1: RandomBot(seed=1), 2: RandomBot(seed=2)},
                         autoplay=False)
    while game.to_move not in board.bots:
        board.play(game.legal_moves()[0])
    played = len(game.moves)
    board.autoplay = True
    board.send_intent({"intent": "level", "level": "medium"})
    assert len(game.moves) > played and game.to_move not in board.bots


def test_no_level_without_bots():
    board = sumeria_turn()
    board.send_intent({"intent": "level", "level": "hard"})
    assert board.error == "no bot plays on this board, so there is no level to choose"
    assert board.bots == {}


# Saving a learner's game -----------------------------------------------------------------------


@pytest.mark.parametrize("board_class, new_game", BOARDS)
def test_save_and_load_in_code_and_from_the_page(board_class, new_game, tmp_path):
    game = new_game()
    board = board_class(game)
    for _ in range(3):
        board.play(board.game.legal_moves()[0])
    path = board.save(tmp_path / "game.json")
    assert json.loads(path.read_text())["ruleset"] == game.RULES
    again = board_class.load(path, name="again")
    assert again.game.history == board.game.history and again.name == "again"
    board.undo()
    board.load(path)
    assert len(board.game.moves) == len(again.game.moves)
    board.undo()
    board.send_intent({"intent": "load", "text": path.read_text()})
    assert board.error == "" and board.game.history == again.game.history


def test_a_bad_file_is_refused_and_the_board_is_unchanged(tmp_path):
    board = sumeria_turn()
    board.play("add uruk.city")
    before = (board.game.history, board.svg, board.log)
    tigris_file = tmp_path / "tigris.json"
    tigris_file.write_text(tigris.new_game(2, seed=1).to_json())
    for text in ["not json", "{}", "[]", tigris_file.read_text(),
                 board.game.to_json().replace('"uruk.city"', '"nowhere.city"')]:
        board.send_intent({"intent": "load", "text": text})
        assert board.error.startswith("that file could not be loaded, so the board is "
                                      "unchanged: ")
        assert (board.game.history, board.svg, board.log) == before
    board.send_intent({"intent": "load", "text": tigris_file.read_text()})
    assert board.error.endswith("this is a tigris save file, not sumeria")
    board.send_intent({"intent": "load", "text": 42})
    assert board.error == "a saved game is sent as the file's text"
    board.lang = "nl"
    board.send_intent({"intent": "load", "text": "{}"})
    assert board.error == ("dat bestand kon niet geladen worden, dus het bord is niet veranderd: "
                           "dit is geen opgeslagen Sumer-spel (format is None)")
    with pytest.raises(InvalidInput, match="no save file"):
        board.load(tmp_path / "missing.json")
    assert board.game.history == before[0]


def test_the_save_intent_sends_the_file_to_the_page():
    board = sumeria_turn()
    board.play("add uruk.city")
    sent = []
    board.send = sent.append
    board.send_intent({"intent": "save"})
    assert sent == [{"kind": "save", "text": board.game.to_json(),
                     "file": "sumeria-move-1.json"}]
    explorer = SumeriaBoard()
    explorer.send_intent({"intent": "save"})
    assert explorer.error.startswith("there is no game on this board to save")


def test_a_click_on_another_dynastys_leader_says_whose_it_is():
    game = tigris.new_game(2, seed=7)
    game.play("leader r g3")  # the Bull's priest
    while game.to_move == 0:
        game.play(next(m for m in game.legal_moves() if "g3" not in str(m)))
    board = TigrisBoard(game)
    board.send_intent({"intent": "explain", "cell": "g3"})
    assert board.error.startswith("the priest on g3 is Bull's, not yours: you play Urn")
    assert board.game.state == game.state
    board.send_intent({"intent": "explain", "cell": "a1"})
    assert board.error.startswith("first choose what to play from your hand")
    board.lang = "nl"
    board.send_intent({"intent": "explain", "cell": "g3"})
    assert board.error.startswith("de priester op g3 is van Stier, niet van jou: jij speelt "
                                  "Kruik")


def test_a_click_on_another_players_native_says_whose_it_is_in_words():
    import re

    game = mesopotamia.new_game(3, seed=2)
    board = MesopotamiaBoard(game)
    keys = re.findall(r'data-native="([^"]+)"', board.svg)
    other = next(k for k in keys if k.split("|")[1] != str(game.to_move))
    board.send_intent({"intent": "explain", "native": other})
    assert ", not yours: you play Blue, so click one of Blue's natives" in board.error


@pytest.mark.parametrize("board_class, new_game", BOARDS)
def test_on_request_the_log_says_why_each_bot_move_was_allowed(board_class, new_game):
    game = new_game()
    board = board_class(game, bots={seat: RandomBot(seed=seat)
                                    for seat in range(1, game.state.players)}, autoplay=False)
    assert board.tools["why_bots"] and not board.why_bots
    board.send_intent({"intent": "why_bots", "value": True})
    assert board.why_bots and not board.error
    while board.game.to_move == 0 and not board.game.is_over:
        board.play(board.game.legal_moves()[0])
    board.send_intent({"intent": "bot"})
    bot_plies = [n + 1 for n, state in enumerate(board.game.history[:-1]) if state.to_move != 0]
    why = [entry for entry in board.log if entry.get("why")]
    assert bot_plies and [entry["ply"] for entry in why] == bot_plies
    assert all(entry["text"].startswith("Why ") for entry in why)
    board.send_intent({"intent": "why_bots", "value": False})
    assert not [entry for entry in board.log if entry.get("why")]
    board.lang = "nl"
    board.send_intent({"intent": "why_bots", "value": True})
    assert all(entry["text"].startswith("Waarom ") for entry in board.log if entry.get("why"))


def test_a_board_without_bots_offers_no_reasons_for_them():
    assert BOARDS[0][0](BOARDS[0][1]()).tools["why_bots"] is None


@pytest.mark.parametrize("board_class, new_game", BOARDS)
def test_the_bots_menu_shows_the_level_that_is_playing(board_class, new_game):
    from engine.bots import bot_for_level

    game = new_game()
    seats = range(1, game.state.players)
    board = board_class(game, bots={s: bot_for_level(game.RULES, "medium", seed=s)
                                    for s in seats}, autoplay=False)
    assert board.tools["level"] == "medium"
    board = board_class(new_game(), bots={s: RandomBot(seed=s) for s in seats}, autoplay=False,
                        lang="nl")
    assert board.tools["level"] == "" and board.tools["level_mixed"] == "willekeurig"
    board.set_level("hard")
    assert board.tools["level"] == "hard"
