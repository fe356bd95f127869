"""The Sumeria lesson and its readers, beyond what every lesson is checked for
(`test_lessons.py`): the answers hold under both rulebooks, the tasks' goals judge every way
of playing them, the texts are whole in both languages, and the readers draw and tell Sumeria's
values — moves, the row of importance, scores, winners — in English and Dutch."""

from __future__ import annotations

import re

import pytest

from engine import sumeria
from engine.sumeria.scoring import score_counts
from engine.sumeria.state import Options
from sumer_widgets import attempt, display
from sumer_widgets.lessons import Lesson
from sumer_widgets.sumeria import lesson as lesson_module
from sumer_widgets.sumeria import readers
from sumer_widgets.tasks import DONE, MISSED, say

rules = pytest.mark.rules
LESSON = Lesson("sumeria")
#: The tasks whose position names its own rulebook: the point of them is that readings differ.
TIE_TASKS = ("towns-tie", "villages-tie")


@pytest.fixture
def dutch_rulebook(monkeypatch):
    """Every position made without a tie-break option plays by the Dutch rulebook."""
    plain = Options.from_keywords.__func__

    def villages(cls, game, options):
        return plain(cls, game, {"tiebreak": "villages", **options})

    monkeypatch.setattr(Options, "from_keywords", classmethod(villages))


@rules("S-CTRL-3")
def test_every_answer_is_the_same_by_either_rulebook(dutch_rulebook):
    # The Dutch notebook plays by the Dutch rulebook: its questions must have the same answers.
    for exercise in LESSON.exercises:
        assert sumeria.new_state(3, seed=1).options.tiebreak == "villages"
        assert exercise.normalize(exercise.answer()) == exercise.normalize(exercise.expected()), (
            exercise.id)


@rules("S-CTRL-3")
@pytest.mark.parametrize("task", [t for t in LESSON.tasks if t.id not in TIE_TASKS],
                         ids=lambda t: t.id)
def test_every_task_is_judged_the_same_by_either_rulebook(task, dutch_rulebook):
    assert task.new_game().state.options.tiebreak == "villages"
    board = task.board()
    assert task.solve(board).status == DONE
    for miss in task.misses:
        assert task.solve(board, miss).status != DONE


@rules("S-CTRL-3")
def test_a_lesson_opened_with_the_dutch_rulebook_plays_its_tasks_by_it():
    # The Dutch notebook opens its lesson with the Dutch tie-break; every task board it shows
    # plays by it, except the two tasks about the difference, which keep their own reading.
    dutch = Lesson("sumeria", lang="nl", options={"tiebreak": "villages"})
    for task in dutch.tasks:
        board = dutch.task(task.id)
        expected = task.ruleset_options.get("tiebreak", "villages")
        assert board.game.state.options.tiebreak == expected, task.id
        board.send_intent({"intent": "task_reset"})
        assert board.game.state.options.tiebreak == expected, task.id
    assert dutch.tasks["take-kish"].solve(dutch.task("take-kish")).status == DONE
    # The English lesson, opened without options, plays by the English rulebook.
    assert Lesson("sumeria").task("take-kish").game.state.options.tiebreak == "towns"
    plain = LESSON.tasks["take-kish"]
    assert plain.under({}) is plain and plain.ruleset_options == {}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_reveal_shows_its_answer_only_once_the_learner_has_answered(lang):
    from html import unescape

    from sumer_widgets.exercise_form import as_html

    for exercise in LESSON.exercises:
        if exercise.reveal is None:
            continue
        question = exercise.bind(lang)
        assert question.revealed() is None, exercise.id
        slip = next(iter(exercise.slips())).answer
        question.verdict(slip)
        assert question.revealed() is None, exercise.id
        question.verdict(slip)
        question.verdict(slip)
        shown = question.revealed()
        parts = shown if isinstance(shown, list) else [shown]
        text = unescape(re.sub(r"<[^>]+>", " ", " ".join(as_html(part) for part in parts)))
        assert text.strip(), exercise.id
        told = [tell for tell in exercise.giveaways(lang) if tell.search(" ".join(text.split()))]
        # What a reveal shows is the answer, said as the notebook would say it.
        if exercise.id not in ("move-inside", "routes-at-a-city", "empty-reserve"):
            assert told, exercise.id


@rules("S-CTRL-3", "S-MOVE-5")
def test_the_two_tie_tasks_are_won_by_different_moves():
    towns, villages = LESSON.tasks["towns-tie"], LESSON.tasks["villages-tie"]
    assert towns.new_game().state.traders == villages.new_game().state.traders
    assert set(towns.solution).isdisjoint(villages.solution)
    # Each one's solution is a recorded miss of the other, told as the other rulebook's win.
    board = villages.board()
    assert villages.solve(board, towns.solution).status == MISSED
    assert "English rulebook" in board.task["why"]
    board = towns.board(lang="nl")
    assert towns.solve(board, villages.solution).status == MISSED
    assert "Nederlandse regelboek" in board.task["why"]


@rules("S-CTRL-2", "S-MOVE-4")
def test_kish_can_also_be_taken_by_moving_a_trader_into_its_city():
    task = LESSON.tasks["take-kish"]
    assert task.solve(task.board(), ["move nippur.village1 kish.city"]).status == DONE


@rules("S-TILE-1", "S-END-2")
def test_the_best_tiles_are_judged_by_the_points_they_add():
    task = LESSON.tasks["best-tiles"]
    board = task.board()
    state = board.game.state
    gains = {m.tiles: score_counts(
        [n + m.tiles.count(t) for n, t in zip(state.influence[0], sumeria.TILES)])
        - score_counts(state.influence[0]) for m in sumeria.legal_moves(state)}
    best = max(gains, key=gains.get)
    assert task.solution == (f"take {best}",)
    assert sorted(gains.values()) == [3, 5, 6]


def test_every_text_of_the_lesson_is_in_english_and_dutch():
    def whole(words, what):
        assert isinstance(words, dict) and words["en"] and words["nl"], what
        assert words["en"] != words["nl"], what

    for exercise in LESSON.exercises:
        for part in ("question", "explanation", "because"):
            whole(getattr(exercise, part), f"{exercise.id}.{part}")
        for n, step in enumerate(exercise.hints()):
            whole(step, f"{exercise.id}.hint[{n}]")
        # Every foreseen wrong answer says what the slip was, in both languages.
        for slipped in exercise.slips():
            whole(slipped.why, f"{exercise.id}.slips[{slipped.answer!r}]")
    for task in LESSON.tasks:
        for part in ("goal", "explanation"):
            whole(getattr(task, part), f"{task.id}.{part}")
        assert task.hints(), task.id
        for n, step in enumerate(task.hints()):
            whole(step, f"{task.id}.hint[{n}]")
        board = task.board(lang="nl")
        for moves in (task.solution, *task.misses):
            task.solve(board, moves)
            assert board.task["why"] and not ENGLISH.search(board.task["why"]), (task.id, moves)


#: Words that give away an English sentence in a Dutch text.
ENGLISH = re.compile(r"\b(the|traders?|moves?|and|with|city|town|village|wins|tiles?)\b")


def test_moves_read_as_sentences_in_both_languages():
    move = sumeria.parse_move("move kish.town1 nippur.village1")
    assert readers.move_text(move, "en", 0) == (
        "Blue moves the trader from Kish town 1 to Nippur village 1")
    assert readers.move_text(move, "nl", 0) == (
        "Blauw verplaatst de handelaar van Kish stad 1 naar Nippur dorp 1")
    assert readers.move_text(move) == "Move the trader from Kish town 1 to Nippur village 1"
    texts = {text: readers.move_text(sumeria.parse_move(text), "nl", 1)
             for text in ("place ur.city", "add kish.town2", "remove uruk.village3", "take EEM",
                          "take R")}
    assert texts == {
        "place ur.city": "Oranje plaatst een handelaar in Ur hoofdstad",
        "add kish.town2": "Oranje voegt een handelaar toe in Kish stad 2",
        "remove uruk.village3": "Oranje verwijdert de handelaar uit Uruk dorp 3",
        "take EEM": "Oranje neemt twee economische en een militaire invloedsmarkers",
        "take R": "Oranje neemt een religieuze invloedsmarker",
    }
    assert readers.tiles_text("EM") == "an economy tile and a military tile"
    with pytest.raises(TypeError):
        readers.move_text("move a b")


def test_ipython_shows_moves_and_states_in_the_language_spoken():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        readers._register()
        plain = shell.display_formatter.formatters["text/plain"]
        move = sumeria.parse_move("add kish.town2")
        assert plain(move) == "Add a trader in Kish town 2"
        readers.speak("nl")
        assert plain(move) == "Voeg een handelaar toe in Kish stad 2"
        assert plain(lesson_module.umma_second()) == (
            "Ronde 1 van 6, beurt 1 van 3: Blauw is aan de beurt.")
    finally:
        readers.speak("en")
        InteractiveShell.clear_instance()
    with pytest.raises(ValueError):
        readers.speak("fr")


@rules("S-ADD-2", "S-REMOVE-2", "S-RESET-5")
def test_the_row_strip_joins_every_tile_to_where_it_was():
    before = lesson_module.umma_second()
    after, _ = sumeria.apply(before, sumeria.parse_move("move nippur.town2 umma.village1"))
    strip = str(readers.row_strip(after, "nl", before=before))
    assert strip.count('class="rs-cs"') == 8
    assert strip.count('data-moved="1"') == 2  # Umma and Nippur swapped
    assert re.findall(r'data-cs="(\w+)" data-rank="1"', strip) == ["umma"]
    assert "Rij van aanzien" in strip and "ervoor" in strip
    # Offered tiles sit above the three scored places: 3, 2 and 1 of them.
    assert strip.count("rs-tile-box") == 6
    # The end of a round turns the row: six of the eight tiles change places.
    game = lesson_module.start("nippur-choice")
    done = game.state
    game.play("take R")
    turned = str(readers.row_strip(game.state, before=done))
    assert turned.count('data-moved="1"') == 8  # scored three to the end, the rest forward
    assert "Row of importance" in turned


def test_an_attempt_shows_the_row_only_when_it_moved():
    game = lesson_module.start("crossroads")
    moved = attempt(game, "move kish.town1 nippur.village1")._repr_html_()
    assert 'class="sumeria-row"' in moved
    stayed = attempt(game, "add kish.town1", picture=False)._repr_html_()
    assert 'class="sumeria-row"' in stayed  # an add moves the row too
    game = lesson_module.start("crossroads")
    game.play("move kish.town1 nippur.village1")
    game.play("add umma.town2")
    game.play("remove kish.town3")
    inside = attempt(game, "move nippur.village1 nippur.town1")._repr_html_()
    assert 'class="sumeria-row"' not in inside
    refused = attempt(game, "remove nippur.town1")._repr_html_()  # Blue's, on Orange's turn
    assert "sumeria-row" not in refused and "✗" in refused
    assert "sumeria" in display._CHANGES


@rules("S-END-2", "S-END-3")
def test_scores_read_as_a_table_with_the_winner_in_a_sentence():
    example = {"Dirk": (4, 2, 4, 5), "Jack": (3, 2, 5, 1), "Paul": (2, 5, 0, 3)}
    table = readers.score_table(example)
    text = repr(table)
    assert text.splitlines()[0] == "Dirk wins with 38 points."
    assert "Dirk ★" in text and "25" in text and "24" in text
    assert "<table" in table._repr_html_() and "38" in table._repr_html_()
    assert readers.winners_text([(3, 3, 1, 0), (4, 1, 1, 1)], "en") == (
        "Orange wins: 13 points, as many as Blue, but more tiles of one type (4).")
    assert readers.winners_text([(3, 3, 1, 0), (3, 3, 0, 1)], "nl") == (
        "Blauw en Oranje delen de overwinning, met elk 13 punten.")
    assert readers.winners_text(lesson_module.umma_second()) == "The game is not over yet."
    final = lesson_module.bot_game()
    assert repr(readers.score_table(final.state, "nl")).splitlines()[0].endswith("punten.")
    assert "Punten" in repr(readers.points_table("nl"))


@rules("S-CTRL-1", "S-CTRL-2", "S-CTRL-4")
def test_control_reads_as_a_table_and_a_sentence():
    state = lesson_module.round_end()
    rows = readers.control_table(state).rows
    assert rows[0][:3] == ["1st Kish", "Blue (2)", "Orange (1)"]
    assert rows[1][3] == "who plays first this round"
    assert rows[2][3] == "the trader in the city"
    assert readers.control_text(state, 2, "nl") == (
        "Umma (3e): Groen heeft de controle (1 handelaar); Blauw is tweede (1 handelaar) — "
        "beslist door de handelaar in de hoofdstad.")
    assert readers.offer_text(state).startswith("Above Kish (1st): economy, military, political")


def test_the_lettered_pictures_match_the_choices():
    for name in ("reach-from-nippur", "reach-through-kish"):
        picture = str(lesson_module.picture(name, "nl"))
        letters = re.findall(r'data-mark="(\w)"', picture)
        labels = [say(label, "nl")[0] for _, label in LESSON.exercises[name].choices()]
        assert letters == labels
    with pytest.raises(sumeria.InvalidInput):
        lesson_module.picture("nope")
    with pytest.raises(sumeria.InvalidInput):
        lesson_module.start("nope")


def test_the_game_against_bots_opens_on_blues_turn_in_either_language():
    board = lesson_module.against_bots(lang="nl", tiebreak="villages")
    state = board.game.state
    assert state.phase == "turns" and state.to_move == 0 and board.lang == "nl"
    assert state.options.tiebreak == "villages"
    assert set(board.bots) == {1, 2}
    assert len(state.traders_of(0)) == sumeria.INITIAL_TRADERS[3]
    assert set(state.traders_of(0)) <= set(lesson_module.SETUP_WISHES)
