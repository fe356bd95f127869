"""The Priest-Kings lesson and its readers: moves, realms, armies and battles read without
notation; a battle report's losses add up to the points scored; the board tasks' dice do what
their texts say; every lesson position starts."""

from __future__ import annotations

import re

import pytest

from engine import priest_kings as pk
from engine.bots import RandomBot
from engine.core import make_rng
from engine.priest_kings import events as ev
from engine.priest_kings.rules import battle_rng_salt
from sumer_widgets.display import attempt, attempts
from sumer_widgets.lessons import Lesson
from sumer_widgets.priest_kings import lesson, readers
from sumer_widgets.tasks import DONE

rules = pytest.mark.rules

#: What a learner should never read: a city's id, a move's notation, a Python value.
NOTATION = re.compile(r"\b(kish|lagash|uruk|ur)\b|\brecord (defender|attacker|none|both)"
                      r"|\bNone\b|[{}\[\]]|\(s\)|_")


def _starts():
    positions = {name: lesson.start(name).state for name in lesson.POSITIONS}
    positions.update({task.id: task.new_game().state for task in lesson.TASKS})
    return positions


@pytest.mark.parametrize(("name", "state"), sorted(_starts().items()))
def test_every_legal_move_of_the_lesson_positions_reads_without_notation(name, state):
    if state.is_over:
        return
    moves = pk.legal_moves(state)
    assert moves
    for move in moves:
        for lang in ("en", "nl"):
            for said in (readers.move_text(move, state, lang),
                         readers.move_text(move, state, lang, player=state.to_move),
                         readers.move_text(move, None, lang)):
                assert not NOTATION.search(said), f"{move}: {said}"
    assert not NOTATION.search(readers.summary_text(state))


@rules("P-BATTLE-DICE-6")
def test_a_random_campaign_is_told_without_notation_and_its_losses_add_up_to_the_points():
    game = pk.new_game(seed=11)
    bot = RandomBot(11)
    while not game.is_over and len(game.moves) < 400:
        game.play(bot.choose(game.state.view(game.to_move)))
    for ply, (_, happened) in enumerate(game.log):
        for event in happened:
            for lang in ("en", "nl"):
                said = readers.event_text(event, game.history[ply + 1], lang)
                assert not NOTATION.search(said), f"{event}: {said}"
    fought = readers.battles_of(game)
    assert len(fought) >= 3
    army = pk.Army.standard()
    cost = {t.name: t.ap for t in army.troops}
    for battle in fought:
        report = readers.battle_report(game, battle[0].number)
        destroyed, fled = report.losses()
        lost = [sum(cost[label.removeprefix("general's ")] * n
                    for counts in (destroyed[side], fled[side]) for label, n in counts.items())
                for side in (0, 1)]
        ended = report.ended
        # Each side scores the AP of the enemy's lost elements.
        assert (ended.defender_points, ended.attacker_points) == tuple(lost)
        for line in report.lines():
            assert not NOTATION.search(line.replace("C-in-C", "")), line


def test_attempt_tells_a_dice_battle_in_a_few_sentences_with_its_report_and_the_map():
    game = lesson.start("dice-battle")
    tried = attempt(game, "dice")
    said = repr(tried).splitlines()
    assert said[0].startswith("Battle 1: Kish (invader) against Lagash (defender), with the dice")
    assert len(said) <= 5, "the single meetings belong in the battle report, not the list"
    page = tried._repr_html_()
    assert "The first bound" in page and "How it went" in page
    assert page.count("<svg") >= 1 and 'class="pk-map"' in page
    # The map shows the battle just fought: the turn's events go with the picture.
    assert "Lagash becomes a vassal of Kish" in repr(tried)


def test_realms_read_as_a_sentence_and_a_small_tree():
    state = pk.position({"uruk": "kish", "ur": "kish"}, made={("uruk", "kish"): 1})
    assert readers.realms_text(state) == ("Kish rules Uruk and Ur (Uruk won 1 for it); Lagash "
                                          "is independent.")
    assert repr(readers.realms_text(state)) == str(readers.realms_text(state))
    tree = readers.realms(state)
    assert tree.count('data-vassal="') == 2 and tree.count('data-realm="') == 2
    free = pk.new_state(seed=1)
    assert readers.realms_text(free, "nl") == "Kish, Lagash, Uruk en Ur zijn onafhankelijk."
    assert readers.winners_text(free) == "The campaign is not over yet."


@rules("P-SETUP-2", "P-BATTLE-DICE-4")
def test_the_army_table_counts_ap_me_and_the_morale_thresholds():
    table = readers.army_table(pk.Army.standard())
    rows = {row[0]: row for row in table.rows}
    assert rows["centre (C-in-C)"][-3:] == ["72", "14", "3½ · 5 · 7"]
    assert rows["right wing"][-3:] == ["64", "12½", "3½ · 4½ · 6½"]
    assert rows["army"][-4:-1] == ["44", "200", "39"]
    after = readers.army_picture(pk.Army.standard().reorganize("left"),
                                 start=pk.Army.standard())
    assert 'data-command="left" data-reorganized="1"' in after


def test_the_board_tasks_start_with_the_learner_to_move_and_seat_no_bot():
    for task in lesson.TASKS:
        board = task.board()
        assert not task.bots and board.game.moves == ()
        assert board.choices["human"], task.id


@rules("P-SACRIFICE-1", "P-BATTLE-DICE-7")
def test_the_hold_kish_sacrifice_turns_the_battle_as_its_explanation_says():
    task = lesson.TASKS["hold-kish"]
    army = pk.Army.standard()
    blessed = pk.fight(army, army, (False, True), make_rng(lesson.HOLD_SEED,
                                                           *battle_rng_salt(1)))
    unblessed = pk.fight(army, army, (False, False), make_rng(lesson.HOLD_SEED,
                                                              *battle_rng_salt(1)))
    assert blessed.broken == "attacker" and blessed.rerolled == (False, True)
    assert unblessed.broken in ("defender", "both")
    assert "without it, Kish's army would break" in task.explanation
    board = task.board()
    assert task.solve(board).status == DONE
    assert "called on its god once" in board.task["why"]


@rules("P-VASSAL-3", "P-BATTLE-3")
def test_setting_kish_s_vassals_free_needs_only_a_beaten_kish():
    board = lesson.TASKS["set-uruk-and-ur-free"].board()
    verdict = lesson.TASKS["set-uruk-and-ur-free"].solve(board)
    assert verdict.status == DONE
    ended = next(e for _, happened in board.game.log for e in happened
                 if isinstance(e, ev.BattleEnded))
    assert ended.broken == "attacker" and ended.beaten == lesson.KISH
    assert "even though Lagash's own army broke" in board.task["why"]


def test_every_lesson_position_draws_and_the_turn_so_far_shows_on_its_map():
    for name in lesson.POSITIONS:
        game = lesson.start(name)
        assert game.state.map.is_standard
    game = lesson.start("turn-one-battles")
    said = attempts(game, ["dice", "dice"])
    assert said.legal and "Battle 2" in repr(said)


def test_the_odds_come_from_the_same_seeds_in_every_situation():
    equal = lesson.odds("equal armies", 50)
    assert equal == lesson.odds("equal armies", 50)
    table = lesson.odds_table()
    assert [row[0] for row in table.rows] == list(lesson.SITUATIONS)
    assert all(row[1] == str(lesson.ODDS_BATTLES) for row in table.rows)


def test_the_lesson_opens_in_a_notebook():
    opened = Lesson("priest_kings")
    assert len(opened.tasks) >= 3 and len(opened.exercises) >= 20


def test_every_file_the_notebook_links_to_is_in_the_repository():
    import json
    from pathlib import Path

    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    cells = json.loads((notebooks / "04-priest-kings.ipynb").read_text("utf-8"))["cells"]
    text = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    links = re.findall(r"\]\((\.\./[^)#]+)", text)
    assert links, "the notebook links its catalogue, rulings and tests"
    missing = sorted({link for link in links if not (notebooks / link).exists()})
    assert not missing, f"04-priest-kings links to files that are not there: {missing}"
