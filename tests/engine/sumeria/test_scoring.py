"""Final scoring: the rulebook's table and its worked example."""

from __future__ import annotations

import pytest

from engine import sumeria
from engine.core import InvalidInput

rules = pytest.mark.rules


@rules("S-END-2")
def test_the_triangular_table():
    assert sumeria.TRIANGLE == (0, 1, 3, 6, 10, 15, 21, 28, 36, 45)


@rules("S-END-2", "S-END-3")
@pytest.mark.parametrize(("name", "tiles", "total"), [
    ("Dirk", {"economy": 4, "military": 2, "political": 4, "religion": 5}, 38),
    ("Jack", {"economy": 3, "military": 2, "political": 5, "religion": 1}, 25),
    ("Paul", {"economy": 2, "military": 5, "political": 0, "religion": 3}, 24),
])
def test_the_rulebook_scoring_example(name, tiles, total):
    assert sumeria.score_influence(tiles) == total


@rules("S-END-3")
def test_the_rulebook_example_winner():
    assert sumeria.final_winners([(4, 2, 4, 5), (3, 2, 5, 1), (2, 5, 0, 3)]) == {0}  # Dirk


def test_score_influence_refuses_nonsense():
    assert sumeria.score_influence({}) == 0
    with pytest.raises(InvalidInput, match="unknown influence type 'wealth'"):
        sumeria.score_influence({"wealth": 2})
    with pytest.raises(InvalidInput, match="a count of tiles is 0 to 9"):
        sumeria.score_influence({"economy": 10})
    with pytest.raises(InvalidInput, match="a count of tiles is 0 to 9"):
        sumeria.score_influence({"economy": -1})
    with pytest.raises(InvalidInput, match="must map type names"):
        sumeria.score_influence([4, 2])  # type: ignore[arg-type]


@rules("S-END-2")
def test_state_scores_follow_the_tiles():
    state = sumeria.position(3, round=3, influence=[{"economy": 4, "military": 2},
                                                    {"religion": 3}, {}])
    assert state.scores() == (13, 6, 0)
    assert state.winners() == frozenset(), "nobody has won before the end"
