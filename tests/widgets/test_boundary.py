"""One boundary for every board intent (issue 28): an intent completes or changes nothing, a
refusal is the project's own line in the board's language, a stale click is never played, a
failing goal check is a bug the board reports (never a refusal of a legal move), and a loaded
save brings its own seats.

The repros of the issue come first; `test_intents_after_loads_and_tasks` fuzzes every intent on
every board, with and without a task, after loads of saves of other sizes and rulesets.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import mesopotamia, priest_kings, royal_ur, sumeria, tigris
from engine.bots import RandomBot
from engine.core import InvalidInput, rules_of
from sumer_widgets.base import BoardWidget
from sumer_widgets.games import board_class
from sumer_widgets.lessons import Lesson
from sumer_widgets.sumeria.board import SumeriaBoard
from sumer_widgets.tasks import DONE
from tests.fuzzing import fuzz
from tests.widgets.test_fuzz_intents import messages, snapshot

strict = mock.patch.object(BoardWidget, "STRICT", True)


def at_first_turn(seed=1):
    game = sumeria.new_game(3, seed=seed)
    while game.state.phase == "placement":
        game.play(game.legal_moves()[0])
    return game


@pytest.mark.rules("S-ADD-1")
def test_a_click_explained_while_an_earlier_position_is_shown_is_not_played():
    game = at_first_turn()
    board = SumeriaBoard(game)
    board.ply = board.plies - 3
    where = game.legal_moves()[0].location
    with strict:
        board.send_intent({"intent": "explain", "location": where})
    assert "another position" in board.error
    assert len(game.moves) == board.plies and game.state.trader_at(where) is None
    assert board.ply == board.plies - 3


def test_loading_another_game_onto_a_task_board_completes_and_the_board_goes_on():
    board = Lesson("tigris").task("revolt-defender")
    other = tigris.new_game(players=2, seed=1)
    other.play(other.legal_moves()[0])
    with strict:
        board.send_intent({"intent": "load", "text": other.to_json()})
        assert not board.error and board.game.moves == other.moves
        assert board.task == {}
        board.lang = "nl"
        board.send_intent({"intent": "play", "move": board.game.legal_moves()[0].to_dict(),
                           "ply": len(board.game.moves)})
    assert not board.error and len(board.game.moves) == 2


def test_a_refused_load_leaves_the_task_board_as_it_was():
    board = Lesson("tigris").task("revolt-defender")
    before = snapshot(board), dict(board.task)
    with strict:
        board.send_intent({"intent": "load", "text": sumeria.new_game(3, seed=1).to_json()})
    assert board.error and (snapshot(board), board.task) == before


@pytest.mark.rules("S-CTRL-2")
@pytest.mark.parametrize("task_id", ["towns-tie", "villages-tie"])
def test_legal_moves_on_the_tie_tasks_are_played_and_checked(task_id):
    lesson = Lesson("sumeria")
    board = lesson.task(task_id)
    moves = ["move kish.town1 kish.village1", "add ur.town1", "add eridu.town3",
             "add nippur.village3", "add ur.village1", "add umma.city", "add umma.town2",
             "take EE"]
    with strict:
        for text in moves:
            if board.game.is_over or text not in map(str, board.game.legal_moves()):
                break
            board.send_intent({"intent": "play", "ply": len(board.game.moves),
                               "move": sumeria.parse_move(text).to_dict()})
            assert not board.error, (text, board.error)
    assert board.task["why"] and board.game.moves


def test_a_goal_check_that_fails_is_a_bug_shown_on_the_task_never_a_refusal():
    import dataclasses

    board = Lesson("sumeria").task("umma-first")

    def broken(_game):
        raise KeyError("the check broke")

    board.set_task(dataclasses.replace(board._task, check=broken))
    move = board.game.legal_moves()[0]
    board.send_intent({"intent": "play", "ply": 0, "move": move.to_dict()})
    assert not board.error and board.game.moves == (move,)
    assert "could not do that (KeyError" in board.task["why"]
    assert board.task["status"] != DONE


@pytest.mark.parametrize(("ruleset", "players", "fewer"), [
    ("mesopotamia", 4, 2), ("sumeria", 4, 3), ("tigris", 4, 2)])
def test_a_save_with_fewer_players_keeps_only_the_seats_it_has(ruleset, players, fewer):
    rules = rules_of(ruleset)
    board = board_class(ruleset)(rules.new_game(players, seed=3), level="easy")
    assert board.bot_seats == list(range(1, players))
    with strict:
        board.send_intent({"intent": "load", "text": rules.new_game(fewer, seed=4).to_json()})
        assert not board.error and board.game.state.players == fewer
        assert board.bot_seats == list(range(1, fewer))
        board.send_intent({"intent": "level", "level": "medium"})
    assert not board.error and board.level == "medium"


def test_a_too_large_save_is_refused_by_its_size_on_every_path():
    board = SumeriaBoard(sumeria.new_game(3, seed=1))
    with pytest.raises(InvalidInput, match="too large"):
        board.load_text('"' + "x" * 4_000_001 + '"')
    assert board.game.moves == ()


# Every intent, every board, with and without a task, after loads of other saves -------------


def saves():
    games = [sumeria.new_game(3, seed=1), sumeria.new_game(4, seed=2),
             tigris.new_game(2, seed=3), tigris.new_game(3, seed=3),
             mesopotamia.new_game(2, seed=4), mesopotamia.new_game(4, seed=4),
             priest_kings.new_game(seed=5), royal_ur.new_game(seed=6)]
    for game in games[::2]:
        game.play(game.legal_moves()[-1])
    return [game.to_json() for game in games]


SAVES = saves()


def boards():
    made = {}
    for game in ("sumeria", "tigris", "mesopotamia", "priest_kings", "royal_ur"):
        lesson = Lesson(game)
        first = next(iter(lesson.tasks))
        made[f"{game}-task"] = (lambda lesson=lesson, first=first: lesson.task(first.id))
        made[f"{game}-level"] = (lambda game=game: board_class(game)(
            rules_of(game).new_game(**({} if game in ("priest_kings", "royal_ur")
                                       else {"players": 3}),
                                    seed=6), level="easy", autoplay=False))
    made["sumeria-bots"] = lambda: SumeriaBoard(sumeria.new_game(3, seed=2),
                                                bots={2: RandomBot(seed=1)}, lang="nl")
    return made


BOARDS = boards()


@pytest.mark.parametrize("kind", sorted(BOARDS))
@fuzz(0.5)
@given(data=st.data())
def test_intents_after_loads_and_tasks(kind, data):
    board = BOARDS[kind]()
    with strict:
        for _ in range(data.draw(st.integers(1, 6))):
            if data.draw(st.integers(0, 3)) == 0:
                message = {"intent": "load", "text": data.draw(st.sampled_from(SAVES))}
            else:
                message = data.draw(messages(board))
            before = snapshot(board)
            viewing_past = board.game is not None and board.ply != len(board.game.moves)
            board._on_msg(board, message, [])
            if viewing_past and isinstance(message, dict) and message.get("intent") in (
                    "play", "explain"):
                assert board._last_refusal is not None, "a stale click was played"
            if board._last_refusal is not None:
                assert snapshot(board) == before, f"refused, yet changed: {board.error}"
            seats = board.game.state.players if board.game is not None else 0
            assert all(seat < seats for seat in board.bot_seats)
            if data.draw(st.booleans()) and board.game is not None:
                board.ply = data.draw(st.integers(0, len(board.game.moves)))
