"""What the reviews of issue 15 found leaking through the error boundary, one test per finding:
each now gets the project's own error, with a reason, and changes nothing."""

from __future__ import annotations

import json
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import core, mesopotamia, priest_kings, sumeria, tigris
from engine.bots import make_bot
from engine.core import InvalidInput, rules_of
from engine.simulate import make_seat_bot
from tests.fuzzing import RULESETS, deep, only_own_errors, sample_games


def save_of(ruleset: str) -> dict:
    game = sample_games(ruleset)[1]
    assert game.moves
    return json.loads(game.to_json())


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("kind", [["move"], {"kind": "move"}, 3, None, 1.5])
def test_a_move_kind_of_any_type_is_refused(ruleset, kind):
    rules = rules_of(ruleset)
    with pytest.raises(InvalidInput, match="move kind"):
        rules.move_from_dict({"kind": kind})
    save = save_of(ruleset)
    save["moves"][0]["kind"] = kind
    with pytest.raises(InvalidInput, match="save file move 1 cannot be replayed"):
        rules.Game.from_json(json.dumps(save))
    game = sample_games(ruleset)[1].copy()
    before = game.to_json()
    with pytest.raises(InvalidInput):
        game.play({"kind": kind})
    assert game.to_json() == before


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("poison, message", [
    ("1" * 5000, "5000 digits"),
    ("[" * 1000 + "]" * 1000, "1001 deep"),
    ('{"a":' * 1500 + "1" + "}" * 1500, "1501 deep"),
    ("1e999", "too large"),
    ("NaN", "NaN"),
])
def test_json_beyond_the_parsers_limits_is_refused(ruleset, poison, message):
    text = json.dumps(save_of(ruleset)).replace('"version": 1', f'"version": {poison}', 1)
    with pytest.raises(InvalidInput, match=message):
        rules_of(ruleset).Game.from_json(text)


@pytest.mark.parametrize("call", [
    lambda: tigris.parse_cell("a²"),
    lambda: tigris.parse_move("tile r a²"),
    lambda: tigris.parse_move("support ²"),
    lambda: tigris.position("hand ² krb"),
    lambda: tigris.position("players ²"),
    lambda: tigris.position("catastrophes 0 ²"),
    lambda: mesopotamia.new_game(2, seed=1).play("go -1,0 M² 0,0"),
    lambda: mesopotamia.parse_move("offer ²"),
    lambda: mesopotamia.parse_move("steal -1,0 ² L"),
    lambda: mesopotamia.new_game(2, seed=1).play("play mana_theft ²"),
    lambda: mesopotamia.new_game(2, seed=1).play("play teleport -1,0 n²:L 0,1"),
    lambda: priest_kings.parse_move("record attacker 1 " + "1" * 5000),
    lambda: make_bot("mcts:²"),
    lambda: make_seat_bot("mcts:²:h5", 0),
    lambda: make_seat_bot("mcts:5:h²", 0),
    lambda: core.whole_number("٣", "a count"),
])
def test_digits_that_are_not_ascii_are_refused(call):
    with pytest.raises(InvalidInput):
        call()


def test_unicode_digits_never_pass_as_numbers():
    for text in ("²", "٣", "१२", "１", "1²", "Ⅻ"):
        assert core.parse_whole(text) is None
    assert core.parse_whole("-12") == -12 and core.parse_whole("007") == 7
    assert core.parse_whole("1" * (core.MAX_DIGITS + 1)) is None


@pytest.mark.parametrize("kind", [{"plain": 1}, ["P"], 3, None])
def test_mesopotamia_tile_kinds_are_type_checked(kind):
    state = mesopotamia.new_state(2, seed=1).to_dict()
    state["tiles"][0][1] = kind
    with pytest.raises(InvalidInput, match="unknown kind"):
        mesopotamia.state_from_dict(state)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_save_with_a_null_seed_is_refused(ruleset):
    save = save_of(ruleset)
    save["start"]["seed"] = None
    with pytest.raises(InvalidInput):
        rules_of(ruleset).Game.from_json(json.dumps(save))
    view = rules_of(ruleset).new_state(sample_games(ruleset)[0].state.players, seed=3).view(0)
    with pytest.raises(InvalidInput, match="player's view"):
        rules_of(ruleset).Game(view)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_options_of_the_wrong_type_are_refused(ruleset):
    rules = rules_of(ruleset)
    players = sample_games(ruleset)[0].state.players
    for name in rules.Options.__dataclass_fields__:
        for value in ([1], {"a": 1}, 10**5000, "²"):
            with pytest.raises(InvalidInput, match=name) as refused:
                rules.new_state(players, 1, **{name: value})
            assert len(refused.value.reason) < 300


@pytest.mark.parametrize("make", [lambda: deep(5000), lambda: 10**5000, lambda: "x" * 100_000,
                                  lambda: {"a": deep(100)}], ids=["deep", "huge", "long", "dict"])
def test_reasons_quote_input_briefly(make):
    value = make()
    for call in (lambda: sumeria.move_from_dict(value),
                 lambda: sumeria.move_from_dict({"kind": "add", "location": value}),
                 lambda: sumeria.state_from_dict(value),
                 lambda: sumeria.new_state(value)):
        refused = only_own_errors(call)
        assert refused is None or len(refused.reason) < 400


def test_seeds_are_bounded():
    with pytest.raises(InvalidInput, match="seed"):
        sumeria.new_state(3, seed=10**5000)
    assert sumeria.new_state(3, seed=2**64 - 1).seed == 2**64 - 1


def one_string_save(length: int) -> str:
    """A save file whose start is one long string: what costs the most to scan per character."""
    return ('{"format":"sumer.game","version":1,"ruleset":"sumeria","start":"'
            + "a" * length + '","moves":[]}')


def test_text_beyond_the_size_limit_is_refused_before_it_is_read():
    text = one_string_save(core.MAX_JSON_CHARS)
    peak, refused = traced_peak(lambda: only_own_errors(lambda: sumeria.Game.from_json(text)))
    assert isinstance(refused, InvalidInput)
    assert f"{core.MAX_JSON_CHARS:,}" in refused.reason and f"{len(text):,}" in refused.reason
    assert peak < 1_000_000  # refused by its length: nothing the size of the text is made
    refused = only_own_errors(lambda: core.loads(text.encode(), "board file"))
    assert isinstance(refused, InvalidInput) and "board file" in refused.reason


@pytest.mark.parametrize("shape", ["string", "escapes", "strings", "arrays", "keys",
                                   "brackets"])
def test_reading_text_within_the_limit_costs_memory_in_proportion(shape):
    size = 1_000_000
    text = {"string": one_string_save(size),
            "escapes": one_string_save(size).replace("a" * 4, '\\"[{', size // 4),
            "strings": "[" + ",".join(['""'] * (size // 3)) + "]",
            "arrays": "[" + ",".join(["[]"] * (size // 3)) + "]",
            "keys": "{" + ",".join(['"":10'] * (size // 6)) + "}",
            "brackets": "[" * (size // 2) + "]" * (size // 2)}[shape]
    # The scan for nesting keeps some bytes a character at most (the pieces between short
    # strings, about 12); JSON of empty arrays is the most a character can make the parser
    # build (about 25 bytes).
    peak, depth = traced_peak(lambda: core._nesting(text))
    assert peak < 16 * len(text)
    assert depth == {"brackets": size // 2, "strings": 1, "keys": 1}.get(shape, 2)
    peak, refused = traced_peak(lambda: only_own_errors(lambda: sumeria.Game.from_json(text)))
    assert isinstance(refused, InvalidInput) and peak < 32 * len(text)


def test_nesting_is_counted_outside_strings_only():
    assert core._nesting('{"a": "[[[\\"{{", "b": [[1]]}') == 3
    assert core._nesting('["\\\\", [["\\\\\\"]"]]]') == 3
    assert core._nesting("") == 0


def _depth(value):
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


_TRICKY = st.text(alphabet='[]{}"\\ab\n', max_size=8)


@given(st.recursive(st.none() | st.integers() | _TRICKY,
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(_TRICKY, inner, max_size=4), max_leaves=30))
def test_nesting_is_the_depth_of_any_json(value):
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False, indent=1)):
        assert core._nesting(text) == _depth(value)


def traced_peak(call):
    tracemalloc.start()
    try:
        result = call()
        return tracemalloc.get_traced_memory()[1], result
    finally:
        tracemalloc.stop()


def nested_on_a_deep_stack(depth, call):
    """Run `call` with about `depth` frames already on the stack."""
    return call() if depth <= 0 else nested_on_a_deep_stack(depth - 1, call)


def python_entry_points():
    """Every engine entry point that takes a Python structure from its caller (not JSON text,
    which `core.loads` bounds before it is parsed)."""
    from engine import royal_ur
    from engine.priest_kings.army import Army
    from engine.priest_kings.board import CampaignMap
    from engine.simulate import GameRecord

    points = {f"{name}.move_from_dict": rules_of(name).move_from_dict for name in RULESETS}
    points |= {f"{name}.state_from_dict": rules_of(name).state_from_dict for name in RULESETS}
    points |= {"sumeria.Board.from_dict": sumeria.Board.from_dict,
               "priest_kings.CampaignMap.from_dict": CampaignMap.from_dict,
               "priest_kings.Army.from_dict": Army.from_dict,
               "mesopotamia.Options.from_dict": mesopotamia.Options.from_dict,
               "simulate.GameRecord.from_dict": GameRecord.from_dict,
               "royal_ur.position": lambda value: royal_ur.position(light=value),
               "sumeria.position": lambda value: sumeria.position(traders=value),
               "priest_kings.position": lambda value: priest_kings.position(overlords=value)}
    return points


@pytest.mark.parametrize("name", sorted(python_entry_points()))
@pytest.mark.parametrize("shape", ["list", "object"])
def test_structures_nested_past_the_recursion_limit_are_refused_from_a_deep_stack(name, shape):
    import sys

    call = python_entry_points()[name]
    too_deep = deep(sys.getrecursionlimit() + 500, shape)
    for value in (too_deep, {"kind": "add", "location": too_deep, "players": too_deep},
                  [too_deep] * 3):
        refused = nested_on_a_deep_stack(sys.getrecursionlimit() - 200,
                                         lambda value=value: only_own_errors(lambda: call(value)))
        assert refused is not None, f"{name} accepted a structure nested past the limit"
