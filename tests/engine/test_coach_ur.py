"""The coach of the Royal Game of Ur: exact from a solved table wherever one exists (the same
values as the table, to the bit), the expert's expectimax elsewhere — which agrees with the
table on the 3-piece game, searched deep enough — and reasons told from what a move does."""

from __future__ import annotations

import random
from unittest import mock

import pytest

from engine import coach
from engine import royal_ur as ur
from engine.coach import royal_ur as ur_coach
from engine.royal_ur import solver

THREE = ur.Options(pieces=3)


def positions(count: int, pieces: int = 3, seed: int = 1) -> list[ur.State]:
    """Positions with a throw pending and a choice to make, from random games."""
    rng = random.Random(seed)
    found = []
    game = 0
    while len(found) < count:
        state = ur.new_state(pieces=pieces, seed=game)
        game += 1
        while not state.is_over:
            moves = ur.legal_moves(state)
            if state.throw is not None and len(moves) > 1:
                found.append(state)
            state, _ = ur.apply(state, moves[rng.randrange(len(moves))])
    return found[:count]


def test_where_a_table_exists_the_coach_answers_from_it_exactly():
    table = solver.table_for(THREE)
    for state in positions(60):
        values = coach.move_values(state)
        assert values == {str(m): v for m, v in table.move_values(state).items()}
        mover = state.to_move
        assert coach.win_chance(state, mover) == table.win_chance(state)
        assert coach.win_chance(state, 1 - mover) == pytest.approx(1 - table.win_chance(state))
        assert coach.analyse(state).exact


def test_before_the_throw_the_throw_is_worth_the_positions_chance():
    state = ur.new_state(pieces=3, seed=3)
    assert coach.move_values(state) == {"throw": pytest.approx(0.5162, abs=1e-4)}
    assert coach.analyse(state).chance
    typed = ur.new_state(pieces=3, seed=3, throws="recorded")
    values = coach.move_values(typed)
    chances = dict(ur.chances("four"))
    assert sum(chances[int(m.split()[1])] * v for m, v in values.items()) == pytest.approx(
        coach.win_chance(typed, 0), abs=1e-4)


def test_in_a_larger_games_endgame_the_smaller_table_answers():
    late = ur.position(light=[6], dark=[9], off=(6, 5), throw=2)
    table, small = solver.solved_table(late, solve=False)
    assert {m: v for m, v in coach.move_values(late).items()} == {
        str(m): v for m, v in table.move_values(small).items()}


def test_the_expectimax_agrees_with_the_table_on_the_three_piece_game():
    """With the table hidden, the search four throws deep (the coach searches two, as the
    expert does) chooses a move within 2 points of the table's best in 90 % of positions of
    random games, and its chances are within 6 points of the exact ones on average (the
    3-piece game has no fitted leaf: the race estimate stands in)."""
    depth, share = 4, 0.9
    table = solver.table_for(THREE)
    states = positions(200, seed=7)
    close = 0
    errors = []
    rng = random.Random(0)
    with mock.patch.object(ur_coach, "solved_table", lambda state, solve=False: None):
        for state in states:
            exact = table.move_values(state)
            found = ur_coach.chances(state, rng, depth, raw=True)
            assert not found.exact
            pick = max(found.moves, key=found.moves.__getitem__)
            close += exact[pick] >= max(exact.values()) - 0.02
            errors.extend(abs(found.moves[m] - exact[m]) for m in exact)
    assert close >= share * len(states)
    assert sum(errors) / len(errors) < 0.06


def test_a_seven_piece_midgame_position_has_values():
    state = ur.position(light=[2, 5, 9], dark=[3, 7], off=(1, 1), throw=2)
    values = coach.move_values(state)
    assert set(values) == {str(m) for m in ur.legal_moves(state)}
    assert all(0.0 < v < 1.0 for v in values.values())
    assert not coach.analyse(state).exact
    best = max(values, key=values.get)
    assert ur.expert.choose(state.view(0), ur.legal_moves(state), random.Random(0)) == (
        ur.parse_move(best))


def test_a_table_solved_in_the_session_makes_the_coach_exact():
    """A 2-piece game that does not ship: searched until its table is solved, exact from
    then on."""
    options = ur.Options(pieces=2, safe_rosettes=False)
    solver.forget(options)
    state = ur.position(pieces=2, safe_rosettes=False, light=[3], dark=[6], throw=2)
    try:
        assert not coach.analyse(state).exact
        table = solver.solve(pieces=2, safe_rosettes=False)
        coach.values._analysed.cache_clear()
        assert coach.analyse(state).exact
        assert coach.move_values(state) == {str(m): v for m, v in
                                            table.move_values(state).items()}
    finally:
        solver.forget(options)
        coach.values._analysed.cache_clear()


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_reasons_say_what_the_move_does(lang):
    rosette = ur.position(pieces=3, light=[2, 6], dark=[5], throw=2)
    told = coach.explain(rosette, "move 6", lang)
    assert told[0] == {"en": "lands on the rosette d2: another throw",
                       "nl": "landt op de rozet d2: nog een worp"}[lang]
    capture = ur.position(pieces=3, light=[8], dark=[9], throw=1)
    told = coach.explain(capture, "move 8", lang)
    assert told[0] == {"en": "captures Dark's piece on e2: the 9 squares it had run are lost",
                       "nl": "slaat het stuk van Donker op e2: de 9 velden die het had afgelegd "
                             "zijn verloren"}[lang]
    exposed = ur.position(pieces=3, light=[4], dark=[3], throw=1)
    assert any("reach" in t or "bereik" in t for t in coach.explain(exposed, "move 4", lang))


def test_the_exposure_term_counts_the_throws_that_reach_a_piece():
    state = ur.position(pieces=3, light=[6], dark=[4], throw=None)
    danger = ur_coach.exposure(state, 0)
    assert danger == {6: ((2,), 6 / 16, 6 * 6 / 16)}
    safe = ur.position(pieces=3, light=[8], dark=[5], throw=None)
    assert ur_coach.exposure(safe, 0) == {}  # the central rosette is safe
    assert ur_coach.terms(state, 0)[("exposed", "6")] == -6 * 6 / 16
