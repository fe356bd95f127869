"""`engine.quick` makes the same values as the dataclasses' own constructors, only sooner."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from engine import sumeria, tigris
from engine.quick import evolver, quick_init
from engine.sumeria import events as ev


@pytest.mark.parametrize("rules", [sumeria, tigris])
def test_evolve_equals_dataclasses_replace(rules):
    state = rules.new_state(3, seed=5)
    evolve = evolver(type(state))
    changed = evolve(state, to_move=1, seed=9)
    assert changed == dataclasses.replace(state, to_move=1, seed=9)
    assert hash(changed) == hash(dataclasses.replace(state, to_move=1, seed=9))
    assert evolve(state) == state and evolve(state) is not state
    assert pickle.loads(pickle.dumps(changed)) == changed
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.seed = 3
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)


def test_quick_events_equal_the_generated_ones():
    board = sumeria.Board.standard()
    where = board.name_of("kish.city")
    quick = ev.TraderAdded(1, "kish.city", where)
    by_keyword = ev.TraderAdded(player=1, location="kish.city", where=where)
    assert quick == by_keyword and hash(quick) == hash(by_keyword)
    assert repr(quick) == "TraderAdded(player=1, location='kish.city', where=" + repr(where) + ")"
    assert quick.to_dict() == {"kind": "TraderAdded", "player": 1, "location": "kish.city",
                               "where": list(where)}
    assert quick.describe("nl").startswith("Oranje voegt een handelaar toe")
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.player = 2
    with pytest.raises(TypeError):
        ev.TraderAdded(1, "kish.city")


def test_the_helpers_refuse_classes_they_would_get_wrong():
    @dataclasses.dataclass
    class Mutable:
        a: int

    @dataclasses.dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self):
            raise ValueError

    @dataclasses.dataclass(frozen=True)
    class Defaults:
        a: int = 0

    for cls in (Mutable, Checked):
        with pytest.raises(TypeError):
            quick_init(cls)
        with pytest.raises(TypeError):
            evolver(cls)
    with pytest.raises(TypeError):
        quick_init(Defaults)
    with pytest.raises(TypeError):
        evolver(Defaults)  # not slots
