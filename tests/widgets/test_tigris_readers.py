"""Tigris values as a learner reads them (`sumer_widgets.tigris.readers`) and the lesson's
helpers: every move is a sentence in both languages, pictures hold what they say, final scoring
agrees with the engine's, and nothing hidden shows."""

from __future__ import annotations

import random

import pytest

from engine import tigris
from engine.tigris.moves import MOVE_CLASSES
from engine.tigris.scoring import final_vector
from sumer_widgets.display import _READERS
from sumer_widgets.tigris import lesson, readers

EXAMPLES = ["tile r f3", "leader k f3", "withdraw g", "catastrophe f3", "discard kkrg", "pass",
            "support 0", "support 1", "support 3", "war r", "keep f3", "building f3",
            "monument kr e5", "wonder f5", "decline", "cube b"]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_kind_of_move_is_one_sentence(lang):
    kinds = set()
    for text in EXAMPLES:
        move = tigris.parse_move(text)
        kinds.add(type(move))
        sentence = readers.say_move(move, lang)
        assert sentence[0].isupper() and sentence.endswith(".") and "{" not in sentence
        assert "(" not in sentence or text == "pass"
    assert kinds == set(MOVE_CLASSES)


def test_moves_read_as_sentences_and_are_registered_for_ipython():
    assert readers.say_move(tigris.parse_move("discard kkr")) == (
        "Discard 2 black settlements and 1 red temple and draw as many.")
    assert readers.say_move(tigris.parse_move("monument rg e5")) == (
        "Build the red–green monument on the square whose top-left corner is e5.")
    # Registered to say a move in the language spoken (a Dutch board's log in Dutch).
    move = tigris.parse_move("tile r f3")
    for cls in MOVE_CLASSES:
        assert cls in _READERS
    assert _READERS[type(move)](move) == readers.say_move(move, "en")


def test_a_long_list_of_moves_is_grouped():
    moves = readers.legal(lesson.game("first-kingdoms"))
    lines = moves.lines()
    assert len(moves) > 300 and len(lines) < 15
    assert any(line.startswith("Place a blue farm on e1, f1") for line in lines)
    assert any(line.startswith("Discard some tiles") for line in lines)
    assert "<li>" in moves._repr_html_()


def test_a_hand_is_a_row_of_tiles_and_hidden_tiles_stay_hidden():
    hand = readers.Hand("gk?r", owner=0)
    assert hand.text() == ("Bull's hand: 1 black settlement, 1 red temple, 1 green market and "
                           "1 hidden tile(s).")
    picture = hand.picture()
    assert picture.count("<rect") == 4 and "#cbb994" in picture
    view = lesson.setup(players=2).state.view(1)
    assert "hidden" in readers.hand(view, 0).text()
    with pytest.raises(tigris.InvalidInput, match="Bull's points are hidden"):
        readers.influence(view, 0)
    with pytest.raises(tigris.InvalidInput, match="de punten van Stier zijn verborgen"):
        readers.influence(view, 0, "nl")


def test_final_scoring_agrees_with_the_engine():
    rng = random.Random(16)
    for _ in range(300):
        points = tuple(rng.randrange(12) for _ in range(4))
        treasures = rng.randrange(8)
        scoring = readers.FinalScore(points, treasures)
        assert sorted(scoring.after) == list(final_vector(points, treasures))
        assert scoring.score == final_vector(points, treasures)[0]
        assert len(scoring.steps()) == treasures
    example = readers.FinalScore((8, 8, 8, 7), 5)
    assert "green 7→8" in example.text() and "the score is 9" in example.text()


def test_a_war_is_told_from_its_start_to_its_winner():
    game = lesson.game("war")
    assert readers.strengths(game) is None
    game.play("tile r h5")
    started = readers.strengths(game)
    assert (started.attacker_board, started.defender_board, started.attacker_support) == (2, 3,
                                                                                         None)
    game.play("support 3")
    assert readers.strengths(game.state).attacker_support == 3
    game.play("support 1")
    done = readers.strengths(game)
    assert (done.attacker_support, done.defender_support, done.winner) == (3, 1, 0)
    assert done.text().endswith("Bull wins (5 against 4).")
    tie = lesson.game("revolt-defence")
    tie.play("support 1")
    assert readers.strengths(tie).text().endswith("A tie: the defender, Bull, wins it.")


def test_kingdoms_name_their_leaders_tiles_and_treasures():
    lines = readers.Kingdoms(lesson.treasure_gap()).lines()
    assert lines[0] == ("Kingdom 1 — Bull's trader (g3); 2 black settlements and 1 red temple; "
                        "a treasure on f3.")
    assert lines[-1].startswith("Also 9 region(s)")
    regions = readers.Kingdoms(lesson.treasure_gap(), regions=True).lines()
    assert len(regions) == 10 and all(line.startswith(("Kingdom", "Region")) for line in regions)


def test_winners_of_a_finished_game_and_the_lessons_boards():
    finished = lesson.bots_game(seed=13)
    said = readers.Winners(finished).text()
    assert said.startswith("Game over: Bull 3, Urn 3.") and said.endswith("Bull wins.")
    board = lesson.against_bots(players=3, level="easy")
    assert board.bot_seats == [1, 2] and board.name == "play"
    explorer = lesson.explore("war")
    assert explorer.bots == {} and explorer.game.state == lesson.war()


def test_an_attempt_shows_the_conflict_it_begins_and_decides_and_the_final_scoring():
    from sumer_widgets.display import attempt, attempts

    war = lesson.game("war")
    begun = attempt(war, "tile r h5", picture=False)._repr_html_()
    assert begun.count('class="sumer-reader"') == 1 and "Bull has still to commit" in begun
    decided = attempts(war, ["support 3", "support 1"], picture=False)._repr_html_()
    assert "Bull wins (5 against 4)" in decided
    quiet = attempt(lesson.game("war"), "tile k a1", picture=False)._repr_html_()
    assert "sumer-reader" not in quiet
    ended = attempts(lesson.game("last-turn"), ["leader g g3", "keep k1", "tile b c4"],
                     picture=False)._repr_html_()
    assert "Game over: Bull 8, Urn 7. Bull wins with the highest score (8)." in ended


@pytest.mark.rules("T-SCORE-2")
def test_the_end_of_a_game_says_which_tie_break_decided():
    from sumer_widgets.display import told
    from sumer_widgets.tigris import ending
    from sumer_widgets.tigris.picture import render

    decided = ending.decide([(5, 6, 7, 8), (9, 5, 6, 5)], [0, 0])
    assert decided.winners == (0,) and decided.by_tie_break and decided.place == 1
    assert ending.why(decided) == ("Bull and Urn both score 5, so the tie goes to the "
                                   "next-lowest colour: Bull 6, Urn 5. Bull wins.")
    assert ending.why(decided, "nl").endswith("Stier 6, Kruik 5. Stier wint.")
    shared = ending.decide([(3, 4, 6, 7), (7, 6, 4, 3)], [0, 0])
    assert shared.winners == (0, 1) and "share the win" in ending.why(shared)
    alone = ending.decide([(1, 2, 3, 4), (3, 4, 5, 6)], [2, 0])
    assert ending.why(alone) == "Urn wins with the highest score (3)."
    # Treasures count before the tie-break: they go to the lowest colour first.
    assert ending.decide([(2, 4, 4, 4), (3, 3, 4, 4)], [1, 0]).steps[0][1] == {0: 4, 1: 3}
    # A game of random bots that ended Bull 3, Urn 3 says why Bull won, wherever it is told.
    finished = lesson.bots_game(seed=13)
    reason = "then to the third-lowest colour: Bull 5, Urn 3. Bull wins."
    assert str(lesson.winners(finished)).endswith(reason)
    assert str(told(finished.log[-1][1], "en", finished.state)).endswith(reason)
    assert "Bull wins on the third-lowest colour" in render(finished.state)
    assert readers.ranking([(5, 6, 7, 8), (9, 5, 6, 5)]).text().startswith("Bull 5, Urn 5. ")
