"""Structured garbage for the fuzz tests of every entry point, and the games to aim it at.

What a hostile or careless caller sends: wrong types, digits that are not ASCII ("²", "٣"),
numbers of thousands of digits, nesting thousands deep, and — most telling — valid saves,
moves and messages with one part changed. The fuzz tests assert that only the project's own
errors come out (`SumerError`, with a reason) and that a refused input changed nothing.

The number of examples follows the hypothesis profile (tests/conftest.py): bounded in the
default "sumer" profile, deep under ``HYPOTHESIS_PROFILE=thorough``.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from engine.core import IllegalMove, SumerError, rules_of

RULESETS = ("sumeria", "tigris", "mesopotamia", "priest_kings", "royal_ur")

#: Text that looks like a number to ``str.isdigit`` or to a person, and is not an ASCII one.
TRICKY_TEXT = ("²", "M²", "a²", "٣", "१२", "Ⅻ", "½", "𝟙", "1²", "-²", "٣,٣", "0x10", "1e3",
               "１", "+1", "-0", "00", " 1", "1 ", "1_000", "∞", "NaN", "", " ", "\x00",
               "\u200b", "ü", "𒀭", "-", ":", ",", "1" * 5000, "9" * 40, "h²", "mcts:²",
               "a1", "p11", "a0", "q1", "kish.city", "-1,0", "0,0", "L", "S", "M4", "n2:L")
#: Exponents of ten: whole numbers of up to 5,000 digits (beyond what ``int`` reads from text).
HUGE_EXPONENTS = (5000, 400, 64, 31, 30, 19)


def deep(depth: int, kind: str = "list") -> Any:
    """A list (or object) nested `depth` deep, built without recursion."""
    value: Any = 0
    for _ in range(depth):
        value = [value] if kind == "list" else {"kind": value}
    return value


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70),
    st.tuples(st.sampled_from(HUGE_EXPONENTS), st.sampled_from([1, -1])).map(
        lambda e: e[1] * 10 ** e[0]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(TRICKY_TEXT))

#: Any Python value a JSON-minded caller might pass, nesting included.
garbage = st.one_of(
    st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=8), st.sampled_from(TRICKY_TEXT)), inner,
                        max_size=4)), max_leaves=12),
    # Below Python's recursion limit: Hypothesis prints what it draws, and the repr of deeper
    # nesting recurses past it. Deeper input is tested where it enters, in
    # test_error_boundary (5,000 deep) and test_fuzz's JSON test.
    st.builds(deep, st.integers(30, 800), st.sampled_from(["list", "object"])))

#: Words a move's text may be mangled with.
words = st.one_of(st.sampled_from(TRICKY_TEXT), st.text(max_size=8),
                  st.integers(-(10**6), 10**6).map(str))

#: What breaks a JSON parser or the code behind it, spliced into otherwise valid text.
JSON_POISON = ("1" * 5000, "-" + "9" * 400, "1e999", "-1e999", "NaN", "Infinity", "-Infinity",
               "[" * 3000 + "]" * 3000, '{"a":' * 1200 + "0" + "}" * 1200, "[" * 70 + "]" * 70,
               '"\\ud800"', "0.0000000000000000000000000000001", "1E400", "null", "true",
               '"²"', '"٣"', "{}", "[]", '""', "-0", "1.5", "\x00", "}", "]", ",", '"')


def fuzz(scale: float = 1.0) -> settings:
    """Settings for a fuzz test: `scale` times the profile's number of examples."""
    return settings(max_examples=max(10, int(settings.default.max_examples * scale)))


# ----------------------------------------------------------------------------- sample games


@cache
def sample_games(ruleset: str) -> tuple[Any, ...]:
    """Games of `ruleset` at several points (start, early, middle, over), played at random
    from fixed seeds. Tests copy them before playing on."""
    rules = rules_of(ruleset)
    players = {"sumeria": (3, 4), "tigris": (2, 4), "mesopotamia": (2, 4),
               "priest_kings": (4,), "royal_ur": (2,)}[ruleset]
    games = []
    for n, count in enumerate(players):
        rng = random.Random(n)
        game = rules.Game(rules.new_state(count, seed=11 + n))
        games.append(game.copy())
        for plies in (6, 60):
            while len(game.moves) < plies and not game.is_over:
                moves = game.legal_moves()
                game.play(moves[rng.randrange(len(moves))])
            games.append(game.copy())
    start = rules.new_state(players[0], seed=5)
    final = rules.random_playout(start, random.Random(5), None, 20_000)
    games.append(rules.Game(final))
    return tuple(games)


@cache
def sample_moves(ruleset: str) -> tuple[Any, ...]:
    """Moves of every kind seen in the sample games: legal somewhere, mostly illegal here."""
    rules = rules_of(ruleset)
    moves: dict[Any, None] = {}
    for game in sample_games(ruleset):
        for state in game.history:
            if not state.is_over:
                for move in rules.legal_moves(state)[:40]:
                    moves[move] = None
        for move in game.moves:
            moves[move] = None
    return tuple(moves)


# -------------------------------------------------------------------------------- mutation


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON-like value (keys and indices), the value itself first."""
    out = [prefix]
    stack = [(value, prefix)]
    while stack:
        node, at = stack.pop()
        items = (node.items() if isinstance(node, dict)
                 else enumerate(node) if isinstance(node, list) else ())
        for key, child in items:
            out.append((*at, key))
            stack.append((child, (*at, key)))
    return out


@st.composite
def mutated(draw: Callable[..., Any], original: Any, replacement: Any = garbage) -> Any:
    """`original` (JSON-like) with one to three changes: a part replaced by `replacement`,
    a key dropped or added, a number nudged or written as text, a list emptied or doubled."""
    value = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(value)))
        if not where:
            if draw(st.booleans()):
                value = draw(replacement)
            continue
        parent = value
        for key in where[:-1]:
            parent = parent[key]
        key = where[-1]
        old = parent[key]
        change = draw(st.sampled_from(["replace", "drop", "add", "nudge", "text", "grow"]))
        if change == "replace":
            parent[key] = draw(replacement)
        elif change == "drop" and isinstance(parent, dict):
            del parent[key]
        elif change == "drop":
            parent.pop(key)
        elif change == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from([*map(str, parent), "extra", "kind", "seed"]))] = draw(
                replacement)
        elif change == "nudge" and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = old + draw(st.sampled_from([-1, 1, -100, 10**6]))
        elif change == "text":
            small = not isinstance(old, (dict, list)) and not (
                isinstance(old, int) and abs(old) > 10**100)
            parent[key] = str(old) if small else draw(st.sampled_from(TRICKY_TEXT))
        elif change == "grow" and isinstance(old, list):
            parent[key] = old + old if old and draw(st.booleans()) else []
        elif change == "grow" and isinstance(old, str):
            parent[key] = old * 2 if old else draw(st.sampled_from(TRICKY_TEXT))
        else:
            parent[key] = draw(replacement)
    return value


@st.composite
def poisoned_json(draw: Callable[..., Any], original: Any) -> str:
    """The JSON text of a mutated `original`, sometimes with poison spliced into the text."""
    value = draw(mutated(original, json_safe))
    text = json.dumps(value, ensure_ascii=draw(st.booleans()))
    if draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 3))
        text = text[:at] + draw(st.sampled_from(JSON_POISON)) + text[at + cut:]
    return text


json_safe = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**40), 2**40),
              st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
              st.sampled_from(TRICKY_TEXT[:-5])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8)


@st.composite
def mangled_text(draw: Callable[..., Any], original: str) -> str:
    """A move's text with a word replaced, added or dropped."""
    parts = original.split()
    for _ in range(draw(st.integers(1, 2))):
        change = draw(st.sampled_from(["replace", "add", "drop", "case"]))
        at = draw(st.integers(0, len(parts)))
        if change == "replace" and at < len(parts):
            parts[at] = draw(words)
        elif change == "add":
            parts.insert(at, draw(words))
        elif change == "drop" and at < len(parts):
            del parts[at]
        else:
            parts = [p.upper() for p in parts]
    return " ".join(parts)


# -------------------------------------------------------------------------------- checking


def only_own_errors(call: Callable[[], Any]) -> SumerError | None:
    """Run `call`; return the project's error it raised (None if it succeeded). Anything else
    propagates and fails the test; so does an error without a one-line reason."""
    try:
        call()
    except SumerError as exc:
        check_reason(exc)
        return exc
    return None


def check_reason(exc: SumerError) -> None:
    reason = exc.reason
    assert isinstance(reason, str) and reason.strip(), f"{type(exc).__name__} without a reason"
    assert "\n" not in reason, f"a reason is one line: {reason!r}"
    assert len(reason) < 1500, f"a reason a learner can read, not {len(reason)} characters"
    if isinstance(exc, IllegalMove):
        assert exc.rule in rule_ids(), f"refusal without a catalogued rule: {exc.rule!r}: {reason}"


@cache
def rule_ids() -> frozenset[str]:
    """Every rule id of every catalogue (docs/rules/*.md)."""
    from tests.test_catalogue import catalogues

    return frozenset(i for ids in catalogues().values() for i in ids)
