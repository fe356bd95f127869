"""Fuzzing every engine entry point: only `IllegalMove` / `InvalidInput` come out, and a refused
input changes nothing.

Entry points, for each of the four rulesets: ``parse_move``, ``move_from_dict``,
``Move.from_dict`` of every move class, ``Game.play`` (text, dict, move object, anything),
``state_from_dict``, ``Game.from_json``, ``new_state`` with its options; and the board files:
``sumeria.Board.from_dict/from_json``, Priest-Kings' ``CampaignMap`` and ``Army`` loaders, the
Tigris position format. Whatever an entry point accepts must then work: a loaded state or
game plays on through the checked rules without an error of any kind.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from engine import core, priest_kings, sumeria, tigris
from engine.core import SumerError, rules_of
from tests.fuzzing import (
    RULESETS,
    TRICKY_TEXT,
    deep,
    fuzz,
    garbage,
    mangled_text,
    mutated,
    only_own_errors,
    poisoned_json,
    sample_games,
    sample_moves,
    words,
)

ruleset_param = pytest.mark.parametrize("ruleset", RULESETS)
NO_FIXTURE_CHECK = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


def move_inputs(ruleset: str) -> st.SearchStrategy:
    """Anything a caller may hand to ``Game.play`` or a move parser."""
    moves = sample_moves(ruleset)
    some_move = st.sampled_from(moves)
    classes = sorted({type(m) for m in moves} | set(rules_of(ruleset).MOVE_KINDS.values()),
                     key=lambda c: c.KIND)

    @st.composite
    def forged_object(draw):
        # A move object built in Python with fields of any type, bypassing the parsers.
        cls = draw(st.sampled_from(classes))
        values = [draw(st.one_of(garbage, words)) for _ in dataclasses.fields(cls)]
        try:
            return cls(*values)
        except SumerError:
            return draw(some_move)

    return st.one_of(
        some_move,
        some_move.map(str).flatmap(mangled_text),
        some_move.map(lambda m: m.to_dict()).flatmap(mutated),
        some_move.map(lambda m: m.to_dict()),
        some_move.map(str),
        forged_object(),
        garbage,
        st.text(max_size=30),
    )


def check_plays_on(state) -> None:
    """A state an entry point accepted must work: moves, a step, a view, a save, a playout."""
    rules = rules_of(state)
    state.summary()
    str(state)
    assert rules.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    if state.is_over:
        state.scores(), state.winners()
        return
    if state.seed is None:
        # A player's view (its seed hidden) is a state to look at: playing it on draws from
        # the hidden seed, which only the project's own error may refuse.
        for move in rules.legal_moves(state)[:3]:
            only_own_errors(lambda move=move: rules.apply(state, move))
        return
    moves = rules.legal_moves(state)
    assert moves, "a live state has a legal move"
    after, _ = rules.apply(state, moves[0])
    state.view(state.to_move)
    rules.random_playout(state, random.Random(0), None, 30)
    after.to_dict()


# --------------------------------------------------------------------------------- moves


@ruleset_param
@fuzz(2)
@given(data=st.data())
def test_parse_move(ruleset, data):
    rules = rules_of(ruleset)
    text = data.draw(st.one_of(st.sampled_from(sample_moves(ruleset)).map(str).flatmap(
        mangled_text), garbage, st.text(max_size=40)))
    if only_own_errors(lambda: rules.parse_move(text)) is None:
        move = rules.parse_move(text)
        assert rules.parse_move(str(move)) == move
        assert rules.move_from_dict(move.to_dict()) == move


@ruleset_param
@fuzz(2)
@given(data=st.data())
def test_move_from_dict(ruleset, data):
    rules = rules_of(ruleset)
    moves = st.sampled_from(sample_moves(ruleset))
    value = data.draw(st.one_of(moves.map(lambda m: m.to_dict()).flatmap(mutated), garbage))
    only_own_errors(lambda: rules.move_from_dict(value))
    cls = data.draw(st.sampled_from(sorted(rules.MOVE_KINDS.values(), key=lambda c: c.KIND)))
    only_own_errors(lambda: cls.from_dict(value))


@ruleset_param
@fuzz(2)
@given(data=st.data())
def test_play_refuses_cleanly(ruleset, data):
    game = data.draw(st.sampled_from(sample_games(ruleset))).copy()
    before = (game.to_json(), len(game.history), game.log)
    move = data.draw(move_inputs(ruleset))
    error = only_own_errors(lambda: game.play(move))
    if error is not None:
        assert (game.to_json(), len(game.history), game.log) == before, \
            f"{type(error).__name__} changed the game: {error.reason}"
    else:
        check_plays_on(game.state)


# -------------------------------------------------------------------------------- states


@ruleset_param
@fuzz(1)
@given(data=st.data())
def test_state_from_dict(ruleset, data):
    rules = rules_of(ruleset)
    game = data.draw(st.sampled_from(sample_games(ruleset)))
    state = data.draw(st.sampled_from(game.history))
    value = data.draw(st.one_of(mutated(state.to_dict()), garbage))
    if only_own_errors(lambda: rules.state_from_dict(value)) is None:
        check_plays_on(rules.state_from_dict(value))


@ruleset_param
@fuzz(1)
@given(data=st.data())
def test_game_from_json(ruleset, data):
    rules = rules_of(ruleset)
    game = data.draw(st.sampled_from(sample_games(ruleset)))
    text = data.draw(st.one_of(poisoned_json(json.loads(game.to_json())),
                               st.sampled_from(["", "null", "[]", "{}", "1" * 5000,
                                                "[" * 5000, "{" * 5000]),
                               garbage.filter(lambda v: not isinstance(v, str))))
    for load in (rules.Game.from_json, core.Game.from_json):
        if only_own_errors(lambda load=load: load(text)) is None:
            loaded = load(text)
            check_plays_on(loaded.state)
            assert type(loaded).from_json(loaded.to_json()).to_json() == loaded.to_json()


@ruleset_param
@fuzz(1)
@given(data=st.data())
def test_new_state_options(ruleset, data):
    rules = rules_of(ruleset)
    names = [f.name for f in dataclasses.fields(rules.Options)]
    players = data.draw(st.one_of(st.integers(1, 5), garbage))
    seed = data.draw(st.one_of(st.integers(0, 2**31), st.none(), garbage))
    keywords = st.one_of(st.sampled_from(names), st.text(max_size=5).filter(
        lambda k: k not in ("players", "seed")))
    options = data.draw(st.dictionaries(keywords,
                                        st.one_of(garbage, st.sampled_from(
                                            ["standard", "advanced", "english", "dice",
                                             "recorded", "either", "towns", "villages", 0, 3,
                                             None, True, False,
                                             # house rules' values, good and bad
                                             1, 2, 6, 9, 64, "linear", "triangle", (3, 2, 1),
                                             [4, 1, 0], [0] * 10, (30, 57, 36, 30), [1] * 4,
                                             "{}", '{"points": 1}'])), max_size=3))
    if only_own_errors(lambda: rules.new_state(players, seed, **options)) is None:
        check_plays_on(rules.new_state(players, seed, **options))


@ruleset_param
@fuzz(1)
@given(data=st.data())
def test_chance_entry_points(ruleset, data):
    """`chance_outcomes`, `reseeded` and `apply` of an `Outcome` take any state of the sample
    games (and its views), any seed and any outcome: only the project's own errors come out,
    and what they give plays on."""
    rules = rules_of(ruleset)
    game = data.draw(st.sampled_from(sample_games(ruleset)))
    state = data.draw(st.sampled_from(game.history))
    if data.draw(st.booleans()) and not state.is_over:
        state = state.view(state.to_move if state.to_move is not None else 0)
    seed = data.draw(st.one_of(st.integers(0, 2**64 - 1), st.integers(), garbage))
    if only_own_errors(lambda: rules.reseeded(state, seed)) is None:
        check_plays_on(rules.reseeded(state, seed))
    outcomes = rules.chance_outcomes(state) if state.seed is not None else []
    known = [o.value for o, _ in outcomes]
    value = data.draw(st.one_of(st.sampled_from(known or [0]), garbage))
    if only_own_errors(lambda: rules.apply(state, core.Outcome(value))) is None:
        check_plays_on(rules.apply(state, core.Outcome(value))[0])


# --------------------------------------------------------------------------------- board files


@fuzz(1)
@given(data=st.data())
def test_sumeria_board_files(data):
    standard = sumeria.Board.standard().to_dict()
    value = data.draw(st.one_of(mutated(standard), garbage))
    if only_own_errors(lambda: sumeria.Board.from_dict(value)) is None:
        board = sumeria.Board.from_dict(value)
        if only_own_errors(lambda: sumeria.new_state(3, 1, board=board)) is None:
            check_plays_on(sumeria.new_state(3, 1, board=board))
    text = data.draw(st.one_of(poisoned_json(standard), garbage))
    only_own_errors(lambda: sumeria.Board.from_json(text))


@fuzz(1)
@given(data=st.data())
def test_priest_kings_map_and_army_files(data):
    cmap = priest_kings.CampaignMap.standard().to_dict()
    army = priest_kings.Army.standard().to_dict()
    map_value = data.draw(st.one_of(mutated(cmap), garbage))
    army_value = data.draw(st.one_of(mutated(army), garbage))
    loaded_map = loaded_army = None
    if only_own_errors(lambda: priest_kings.CampaignMap.from_dict(map_value)) is None:
        loaded_map = priest_kings.CampaignMap.from_dict(map_value)
    if only_own_errors(lambda: priest_kings.Army.from_dict(army_value)) is None:
        loaded_army = priest_kings.Army.from_dict(army_value)
    start = lambda: priest_kings.new_state(4, 3, campaign_map=loaded_map, armies=loaded_army)  # noqa: E731
    if only_own_errors(start) is None:
        check_plays_on(start())
    only_own_errors(lambda: priest_kings.CampaignMap.from_json(
        data.draw(poisoned_json(cmap))))
    only_own_errors(lambda: priest_kings.Army.from_json(data.draw(poisoned_json(army))))


@fuzz(1)
@given(data=st.data())
def test_tigris_position_text(data):
    game = data.draw(st.sampled_from(sample_games("tigris")))
    lines = str(game.state).splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines) - 1))
        lines[at] = data.draw(mangled_text(lines[at] or "x"))
    text = "\n".join(lines)
    if only_own_errors(lambda: tigris.position(text)) is None:
        check_plays_on(tigris.position(text))
    only_own_errors(lambda: tigris.position(data.draw(st.one_of(garbage, st.sampled_from(
        [f"{w} 1" for w in TRICKY_TEXT] + [f"players {w}" for w in TRICKY_TEXT])))))


# ------------------------------------------------------------------------------ the JSON reader


@pytest.mark.parametrize("text", [
    "1" * 5000, "-" + "1" * 5000, "[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000,
    "NaN", "[Infinity]", "1e999", b"\xff\xfe", bytearray(b"[1"), "[" * 100_000])
def test_loads_refuses_what_breaks_the_parser(text):
    with pytest.raises(core.InvalidInput):
        core.loads(text)


def test_loads_reads_what_files_hold():
    assert core.loads('{"a": [1, -2, 3.5, "[{\\"", null, true]}') == {
        "a": [1, -2, 3.5, '[{"', None, True]}
    assert core.loads(b'\xef\xbb\xbf[1]') == [1]
    depth = core.MAX_JSON_DEPTH
    assert core.loads("[" * depth + "0" + "]" * depth) == deep(depth)
    with pytest.raises(core.InvalidInput, match="deep"):
        core.loads("[" * (depth + 1) + "0" + "]" * (depth + 1))


@pytest.mark.parametrize("text", TRICKY_TEXT)
def test_whole_numbers_are_ascii_digits(text):
    expected = int(text) if text.strip() == text and text.lstrip("+-").isascii() and text.lstrip(
        "+-").isdigit() and len(text.lstrip("+-")) <= core.MAX_DIGITS else None
    assert core.parse_whole(text) == expected
