"""Every refusal a Dutch board can show is Dutch (issue 28): the refusal shapes the fuzz tests
produce — random, malformed and illegal input through every ruleset's ``parse_move``,
``move_from_dict``, ``Move.from_dict`` and ``Game.play``, and every sample move tried on the
positions of sample games — told with ``describe("nl")`` have a Dutch wording, no English
sentence in it, and drop no value the English gives.

What counts as English is a list of English words that Dutch never uses (`ENGLISH`), looked
for in the Dutch text once the values (what the player typed, ids, numbers) and the quoted
notation are taken out; a value is dropped when the English text shows it and the Dutch does
not (a name told per language, `Named`, counts in its own language).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import mesopotamia, priest_kings, sumeria, tigris
from engine.core import InvalidInput, Message, Named, SumerError, rules_of
from tests.engine.test_fuzz import move_inputs
from tests.fuzzing import (
    RULESETS,
    fuzz,
    garbage,
    mangled_text,
    mutated,
    sample_games,
    sample_moves,
)

#: English words no Dutch sentence of the games uses.
ENGLISH = frozenset((
    "the", "an", "and", "or", "not", "no", "must", "cannot", "can", "has", "have", "with", "from",
    "only", "there", "this", "that", "which", "be", "your", "write", "it", "its", "at", "by",
    "for", "are", "every", "each", "any", "all", "than", "when", "where", "what", "who",
    "already", "still", "here", "on", "to", "one", "two", "move", "moves", "player", "players",
    "tile", "tiles", "leader", "known", "unknown", "needs", "takes", "got", "first", "then",
    "none", "nothing", "turn", "round", "holds", "stands", "next", "should", "give", "name",
    "names", "choose", "use", "instead", "their", "them", "they", "his", "does", "do", "goes",
    "e.g",
))
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_WORD = re.compile(r"[^\W\d_]+(?:\.[^\W\d_]+)*")


def _values(message: Message) -> tuple[list[str], list[Named]]:
    """The values a message shows, through the messages it holds: plain ones (the same in
    every language) and names told per language."""
    plain: list[str] = []
    named: list[Named] = []
    for value in message.values.values():
        if isinstance(value, Message):
            inner_plain, inner_named = _values(value)
            plain += inner_plain
            named += inner_named
        elif isinstance(value, Named):
            named.append(value)
        elif value != "":
            plain.append(str(value))
    return plain, named


def dutch_problem(error: SumerError) -> str | None:
    """What is wrong with the Dutch of a refusal, or None."""
    if error.message is None:
        return "no Dutch wording"
    english, dutch = error.describe("en"), error.describe("nl")
    plain, named = _values(error.message)
    shown = [value for value in plain if value in english]
    dropped = [value for value in shown if value not in dutch]
    dropped += [name.describe("nl") for name in named
                if name.describe("en") in english and name.describe("nl") not in dutch]
    if dropped:
        return f"drops {dropped[:3]}"
    rest = dutch
    for value in sorted(shown, key=len, reverse=True):
        rest = rest.replace(value, " ")
    words = sorted({w for w in _WORD.findall(_QUOTED.sub(" ", rest).lower()) if w in ENGLISH})
    return f"English words {words}" if words else None


def told_in_dutch(call) -> None:
    """Run `call`; a refusal it raises must be told in Dutch."""
    try:
        call()
    except SumerError as refused:
        problem = dutch_problem(refused)
        assert problem is None, (f"{problem}: {refused.describe('en')!r} is told in Dutch as "
                                 f"{refused.describe('nl')!r}")


# ------------------------------------------------------------------------ the check itself


def test_the_check_finds_english_and_dropped_values():
    table = {"en": {"full": "{where} is full, {who}"}, "nl": {"full": "{where} is vol"}}
    assert dutch_problem(InvalidInput("kish.city is full")) == "no Dutch wording"
    assert "drops ['Uruk']" in dutch_problem(InvalidInput(Message(
        table, "full", where="kish.city", who="Uruk")))
    english = {"en": table["en"], "nl": {"full": "{where} must be vol, {who}"}}
    assert "English words ['be', 'must']" in dutch_problem(InvalidInput(Message(
        english, "full", where="'the move'", who=Named(en="Bull", nl="Stier"))))
    dutch = {"en": table["en"], "nl": {"full": "{where} is vol, {who}"}}
    assert dutch_problem(InvalidInput(Message(
        dutch, "full", where="'the move'", who=Named(en="Bull", nl="Stier")))) is None


# ------------------------------------------------------------------------------- the repros


@pytest.mark.parametrize("call", [
    lambda: priest_kings.new_game(seed=1).play(priest_kings.Reorganize("flank")),
    lambda: mesopotamia.new_game(seed=1).play("go 0,0 X 1,0"),
    lambda: mesopotamia.new_game(seed=1).play(mesopotamia.Go("0;0", ".", "1,0")),
    lambda: tigris.new_game(seed=1).play("leader k a1"),
    lambda: mesopotamia.new_game(seed=1).play("go 1,-1 L 0,0"),
    lambda: sumeria.move_from_dict({"kind": "add", "location": "ur.city", "x": 1}),
    lambda: tigris.move_from_dict({"kind": "teleport"}),
    lambda: priest_kings.Attack.from_dict({"kind": "dice"}),
    lambda: mesopotamia.move_from_dict(["go"]),
    lambda: sumeria.new_game(seed=1).play("place atlantis.city"),
    lambda: tigris.new_game(seed=1).play(17),
    lambda: mesopotamia.parse_move("lift 0,0 four"),
], ids=["unknown corps", "unknown native", "origin q,r", "touches no temple",
        "no native carrying", "unknown_fields", "unknown_kind", "other_kind",
        "move_not_object", "unknown_location", "not a move", "whole number"])
def test_the_refusals_named_in_the_issue_are_dutch(call):
    with pytest.raises(SumerError) as refused:
        call()
    assert dutch_problem(refused.value) is None, refused.value.describe("nl")
    assert refused.value.describe("nl") != refused.value.describe("en")


# ------------------------------------------------------------------------------ the shapes


@pytest.mark.parametrize("ruleset", RULESETS)
@fuzz(2)
@given(data=st.data())
def test_every_refusal_of_malformed_or_illegal_input_is_dutch(ruleset, data):
    rules = rules_of(ruleset)
    moves = st.sampled_from(sample_moves(ruleset))
    text = data.draw(st.one_of(moves.map(str).flatmap(mangled_text), garbage,
                               st.text(max_size=40)))
    told_in_dutch(lambda: rules.parse_move(text))
    value = data.draw(st.one_of(moves.map(lambda m: m.to_dict()).flatmap(mutated), garbage))
    told_in_dutch(lambda: rules.move_from_dict(value))
    cls = data.draw(st.sampled_from(sorted(rules.MOVE_KINDS.values(), key=lambda c: c.KIND)))
    told_in_dutch(lambda: cls.from_dict(value))
    game = data.draw(st.sampled_from(sample_games(ruleset))).copy()
    move = data.draw(move_inputs(ruleset))
    told_in_dutch(lambda: game.play(move))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rule_refusal_of_the_sample_games_is_dutch(ruleset):
    """Each move seen in the sample games, tried on positions all through them: most are
    refused, by every rule a move can break there."""
    rules = rules_of(ruleset)
    refused = set()
    for game in sample_games(ruleset):
        for state in game.history[::7]:
            for move in sample_moves(ruleset):
                try:
                    rules.apply(state, move)
                except SumerError as error:
                    problem = dutch_problem(error)
                    assert problem is None, f"{problem}: {error.describe('nl')!r}"
                    refused.add(error.message.key)
    assert len(refused) >= 5, f"only {sorted(refused)}"


@pytest.mark.parametrize("text", [
    "{}", "not json", "[]", b"\xff[]", "[" * 100 + "]" * 100, "[1e999]", "[NaN]",
    "[" + "1" * 40 + "]", '{"format": "sumer.game", "version": 7}',
    tigris.new_game(2, seed=1).to_json(),
    sumeria.new_game(3, seed=1).to_json().replace(
        '"moves":[]', '"moves":[{"kind":"place","location":"nowhere.city"}]'),
], ids=["no format", "not JSON", "a list", "not UTF-8", "too deep", "too large", "NaN",
        "too many digits", "version", "other ruleset", "a move that does not replay"])
def test_the_save_file_refusals_a_board_shows_when_loading_are_dutch(text):
    """A board that cannot load a file says why, in its language (the reason follows the
    board's ``load_bad`` line)."""
    with pytest.raises(InvalidInput) as refused:
        sumeria.Game.from_json(text)
    assert dutch_problem(refused.value) is None, refused.value.describe("nl")
