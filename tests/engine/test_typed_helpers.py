"""The entry points lesson authors call with Python values — the keyword `position()` helpers,
`new_game`/`new_state` and their keywords, move objects built by hand and played — refuse a
value of the wrong type or range with `InvalidInput`, never with an error of Python's own; and
every position they accept plays (issue 28).

The fuzz tests draw each keyword from a mix of well-formed values (ids, coordinates and counts
that may fit the game or not) and structured garbage (`tests.fuzzing.garbage`), so that most
draws are refused somewhere deep and some are accepted and then played.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import mesopotamia, priest_kings, sumeria, tigris
from engine.core import InvalidInput, SumerError
from tests.fuzzing import check_reason, fuzz, garbage

# ------------------------------------------------------------------------------- the repros


@pytest.mark.parametrize("call", [
    lambda: mesopotamia.position(players=2, huts="S"),
    lambda: mesopotamia.position(players=2, round=-1),
    lambda: mesopotamia.position(players=2, to_move=1.0),
    lambda: sumeria.position(players=3, traders=99),
    lambda: sumeria.position(offer=(1, 1, "x")),
    lambda: priest_kings.position(order=[]),
    lambda: priest_kings.position(reorganized="x"),
    lambda: mesopotamia.new_game(seed=1).play(mesopotamia.Spread(-1)),
    lambda: mesopotamia.new_game(seed=1).play(mesopotamia.PlayCard(-1)),
    lambda: mesopotamia.new_game(seed=1).play(mesopotamia.PlayCard("priest", ["1,0"])),
], ids=["huts", "round", "to_move", "traders", "offer", "order", "reorganized", "spread",
        "card", "card field"])
def test_a_wrong_type_is_refused_as_invalid_input(call):
    with pytest.raises(SumerError) as refused:
        call()
    assert type(refused.value) is InvalidInput
    check_reason(refused.value)


def accepted_or_refused(call):
    """What `call` built, or None when it refused with `InvalidInput` (and nothing else: the
    error types are compared exactly, as `InvalidInput` is a `ValueError` too)."""
    try:
        return call()
    except SumerError as refused:
        assert type(refused) is InvalidInput, f"{type(refused).__name__}: {refused.reason}"
        check_reason(refused)
        return None


def plays(state) -> None:
    """An accepted position works: it prints, saves and reads back, lists its moves, and a
    random game from it runs on through the checked rules."""
    rules = __import__(f"engine.{state.RULESET}", fromlist=["rules"])
    str(state)
    state.summary()
    assert rules.state_from_dict(state.to_dict()) == state
    rng = random.Random(0)
    for _ in range(40):
        if state.is_over:
            state.scores(), state.winners()
            return
        moves = rules.legal_moves(state)
        assert moves, "a live position has a legal move"
        state, _ = rules.apply(state, moves[rng.randrange(len(moves))])
    rules.random_playout(state, random.Random(1), None, 200)


def keywords(draw, choices: dict) -> dict:
    """Some of the keywords of `choices`, each well-formed (its strategy) or garbage."""
    chosen = draw(st.lists(st.sampled_from(sorted(choices)), unique=True, max_size=4))
    return {name: draw(st.one_of(*[choices[name]] * 4, garbage)) for name in chosen}


def per_player(players: int, item: st.SearchStrategy) -> st.SearchStrategy:
    """A list of one `item` per player, mostly; sometimes one too many or too few."""
    return st.one_of(st.lists(item, min_size=players, max_size=players),
                     st.lists(item, min_size=players, max_size=players),
                     st.lists(item, max_size=players + 1))


# ----------------------------------------------------------------------------- Mesopotamia

_COORDS = st.sampled_from(["0,0", "1,0", "-1,0", "-1,1", "1,-1", "0,-1", "2,-1", "-2,1",
                           "3,0", "-3,2", "9,9", "0,1", "x", "1,,0"])
_TOKENS = st.sampled_from([".", "L", "S", "M2", "M4", "m6", "M7", "M?", "L!", "M3", "x"])
_KINDS = st.sampled_from(["plain", "forest", "quarry", "volcano", "P", "F", "Q", "V",
                          "temple", "T", "sea"])
_SEATS = st.integers(-2, 5)
_CARDS = st.sampled_from([*sorted(mesopotamia.CARDS), "?", "joker"])

def mesopotamia_keywords(players: int) -> dict:
    return {
        "tiles": st.dictionaries(_COORDS, _KINDS, max_size=3),
        "natives": st.lists(st.tuples(_COORDS, _SEATS, _TOKENS), max_size=6),
        "goods": st.dictionaries(_COORDS, st.tuples(st.integers(-1, 21), st.integers(-1, 21)),
                                 max_size=3),
        "huts": st.lists(st.tuples(_COORDS, _SEATS, st.sampled_from([0, 2, 4, 6, 7, 3, -1])),
                         max_size=4),
        "holy": st.dictionaries(_COORDS, _SEATS, max_size=2),
        "mana": per_player(players, st.integers(-1, 9)),
        "max_mana": per_player(players, st.integers(2, 9)),
        "delivered": per_player(players, st.lists(st.sampled_from([2, 4, 6, 7, 1, 5]),
                                                  max_size=4)),
        "hands": per_player(players, st.lists(_CARDS, max_size=3)),
        "to_move": _SEATS,
        "round": st.integers(-1, 120),
        "points": st.one_of(st.none(), st.integers(-1, 12)),
        "phase": st.sampled_from(["move", "action", "volcano", "spread", "land", "over", "x"]),
        "seed": st.integers(0, 2**40),
        "max_rounds": st.one_of(st.none(), st.integers(1, 5)),
    }


@fuzz(3)
@given(data=st.data())
def test_mesopotamia_position_refuses_wrong_types_and_plays_what_it_accepts(data):
    players = data.draw(st.one_of(*[st.integers(2, 4)] * 4, garbage))
    given_keywords = keywords(data.draw, mesopotamia_keywords(players if players in (2, 3, 4)
                                                              else 2))
    state = accepted_or_refused(lambda: mesopotamia.position(players, **given_keywords))
    if state is not None:
        plays(state)


# --------------------------------------------------------------------------------- Sumeria

_LOCATIONS = st.sampled_from(["kish.city", "kish.town1", "kish.village1", "ur.city",
                              "ur.town2", "uruk.village3", "eridu.town1", "nippur.city",
                              "lagash.town1", "umma.village2", "atlantis.city", "kish"])
_CITY_STATES = ["kish", "ur", "uruk", "eridu", "nippur", "lagash", "umma", "isin"]
_TILE_TYPES = st.sampled_from(["economy", "military", "political", "religion", "E", "gold"])
_TIEBREAKS = st.sampled_from(["towns", "villages", "x"])

def sumeria_keywords(players: int) -> dict:
    return {
        "traders": st.dictionaries(_LOCATIONS, st.integers(-1, 4), max_size=5),
        "row": st.one_of(st.permutations(_CITY_STATES[:7]),
                         st.lists(st.sampled_from(_CITY_STATES), max_size=8)),
        "offer": st.tuples(*[st.text(alphabet="EMPRX", max_size=4)] * 3),
        "influence": per_player(players, st.dictionaries(_TILE_TYPES, st.integers(-1, 10),
                                                         max_size=3)),
        "first_player": st.integers(-1, 4),
        "to_move": st.one_of(st.none(), st.integers(-1, 4)),
        "round": st.integers(-1, 8),
        "turn": st.integers(-1, 4),
        "seed": st.integers(0, 2**40),
        "tiebreak": _TIEBREAKS,
    }


@fuzz(3)
@given(data=st.data())
def test_sumeria_position_refuses_wrong_types_and_plays_what_it_accepts(data):
    players = data.draw(st.one_of(*[st.integers(3, 4)] * 4, garbage))
    given_keywords = keywords(data.draw, sumeria_keywords(players if players in (3, 4) else 3))
    state = accepted_or_refused(lambda: sumeria.position(players, **given_keywords))
    if state is not None:
        plays(state)


# ---------------------------------------------------------------------------- Priest-Kings

_CITIES = st.sampled_from(["kish", "lagash", "uruk", "ur", "babylon", ""])
_CORPS = st.sampled_from(["centre", "right", "left", "reserve"])

PRIEST_KINGS = {
    "overlords": st.dictionaries(_CITIES, _CITIES, max_size=3),
    "phase": st.sampled_from(["orders", "battles", "activation", "over", "x"]),
    "turn": st.integers(-1, 5),
    "order": st.one_of(st.permutations(["kish", "lagash", "uruk", "ur"]),
                       st.lists(_CITIES, max_size=5)),
    "step": st.integers(-1, 5),
    "attacks": st.lists(st.tuples(_CITIES, _CITIES), max_size=3),
    "blessed": st.lists(_CITIES, max_size=3),
    "made": st.dictionaries(st.tuples(_CITIES, _CITIES), st.integers(-1, 3), max_size=2),
    "reorganized": st.dictionaries(_CITIES, st.lists(_CORPS, max_size=3), max_size=2),
    "battles_fought": st.integers(-1, 9),
    "seed": st.integers(0, 2**40),
    "battles": st.sampled_from(["dice", "recorded", "either"]),
    "activation": st.sampled_from(["dice", "recorded"]),
}


@fuzz(3)
@given(data=st.data())
def test_priest_kings_position_refuses_wrong_types_and_plays_what_it_accepts(data):
    given_keywords = keywords(data.draw, PRIEST_KINGS)
    overlords = given_keywords.pop("overlords", None)
    state = accepted_or_refused(lambda: priest_kings.position(overlords, **given_keywords))
    if state is not None:
        plays(state)


# ------------------------------------------------------------------- new_game and new_state

NEW_GAME = {
    "sumeria": (sumeria, {"board": st.one_of(st.none(), st.just(sumeria.Board.standard())),
                          "tiebreak": _TIEBREAKS}),
    "tigris": (tigris, {"board": st.sampled_from(["standard", "advanced", "x"]),
                        "war_support": st.sampled_from(["standard", "english"]),
                        "buildings": st.booleans(), "wonder": st.booleans(),
                        "open_scoring": st.booleans()}),
    "mesopotamia": (mesopotamia, {"cards_at_start": st.booleans(),
                                  "no_reshuffle": st.booleans(),
                                  "removed_plains": st.one_of(st.none(), st.integers(-1, 21)),
                                  "max_rounds": st.one_of(st.none(), st.integers(1, 5))}),
    "priest_kings": (priest_kings, {
        "campaign_map": st.one_of(st.none(), st.just(priest_kings.CampaignMap.standard())),
        "armies": st.one_of(st.none(), st.just(priest_kings.Army.standard()),
                            st.lists(st.just(priest_kings.Army.standard()), max_size=5)),
        "battles": PRIEST_KINGS["battles"], "activation": PRIEST_KINGS["activation"],
        "reroll_limit": st.sampled_from(["battle", "side", "x"])}),
}


@pytest.mark.parametrize("ruleset", sorted(NEW_GAME))
@fuzz(1)
@given(data=st.data())
def test_new_game_refuses_wrong_keywords_and_plays_what_it_accepts(ruleset, data):
    rules, choices = NEW_GAME[ruleset]
    players = data.draw(st.one_of(st.integers(1, 5), garbage))
    seed = data.draw(st.one_of(st.none(), st.integers(0, 2**64), garbage))
    given_keywords = keywords(data.draw, choices)
    game = accepted_or_refused(lambda: rules.new_game(players, seed, **given_keywords))
    if game is not None:
        plays(game.state)
