"""The position text, views, save files, notation and final scoring."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import tigris
from engine.core import InvalidInput
from engine.tigris import check_state, final_vector, final_winners, state_from_dict
from tests.engine.tigris.helpers import at, kinds, play, pos
from tests.fuzzing import fuzz

rules = pytest.mark.rules


def states_of_a_game(seed, players=3, **options):
    state = tigris.new_state(players, seed, **options)
    rng = random.Random(seed)
    out = [state]
    while not state.is_over:
        moves = tigris.legal_moves(state)
        state, _ = tigris.apply(state, moves[rng.randrange(len(moves))])
        out.append(state)
    return out


# --------------------------------------------------------------------------- the text form


def test_the_text_form_prints_and_reads_back_a_position():
    for state in states_of_a_game(5, buildings=True)[40::37]:
        if state.phase != "action":
            continue
        again = tigris.position(str(state), players=state.players, buildings=True)
        for name in ("cells", "treasures", "buildings", "hands", "catastrophes", "influence",
                     "treasures_taken", "monuments", "wonder", "active", "actions"):
            assert getattr(again, name) == getattr(state, name), name
        assert len(again.bag) == len(state.bag)


def test_a_position_in_a_few_lines():
    state = pos("""
        # a king beside the temple of f3
          a b c d e f g h i j k l m n o p
        3 . . . ~ ~ r* K0
        hand 0 rrkbgg
        influence 1 k2 g1
        players 3
        turn 1
        actions 1
    """)
    assert state.players == 3 and state.active == 1 and state.actions == 1
    assert at(state, "g3") == "K0" and state.influence[1] == (2, 0, 0, 1)
    assert "3   .  .  .  ~  ~  r* K0" in str(state)


@fuzz(0.2)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
       options=st.fixed_dictionaries({}, optional={
           "board": st.sampled_from(["standard", "advanced"]),
           "war_support": st.sampled_from(["standard", "english"]),
           "buildings": st.booleans(), "wonder": st.booleans(),
           "open_scoring": st.booleans()}))
def test_every_position_of_a_whole_game_reads_back_as_the_same_state(seed, players, options):
    """`position(str(state)) == state` at every step of a random game, mid-conflict included,
    and for each player's view of it (issue 28)."""
    phases = set()
    for number, state in enumerate(states_of_a_game(seed, players, **options)):
        phases.add(state.phase)
        assert tigris.position(str(state)) == state, f"state {number} of the game"
        view = state.view(number % players)
        assert tigris.position(str(view)) == view, f"the view of state {number}"
    assert {"action", "over"} <= phases


def test_positions_in_the_middle_of_a_conflict_read_back():
    """The conflicts of fixed games, each step of them: the text carries the conflict, the
    phase, who decides and the tile that started it."""
    seen = set()
    for seed in range(6):
        for state in states_of_a_game(seed, 2 + seed % 3):
            if state.conflict is not None or state.placed >= 0:
                seen.add(state.phase)
                again = tigris.position(str(state))
                assert again == state
                assert tigris.legal_moves(again) == tigris.legal_moves(state)
    assert {"support", "war"} <= seen


def test_a_conflict_written_by_hand_plays_on():
    state, _ = play(pos(WAR_POSITION), "tile k h5", "support 2")
    lines = str(state).splitlines()
    assert {"phase support", "to_move 1", "placed h5",
            "conflict war k f5 1 j5 1 support 2"} <= set(lines)
    # A lesson writes the conflict and leaves the hands and the bag to be dealt.
    written = pos("""
        5  . . . . r K0 k k k K1 r
        hand 0 rbg
        turn 0
        actions 1
        phase support
        to_move 1
        placed h5
        conflict war k f5 1 j5 1 support 2
    """)
    assert written.conflict == state.conflict and written.phase == "support"
    assert written.to_move == 1 and written.placed == state.placed
    after, events = play(written, "support 0")
    assert after.phase == "action" and after.conflict is None
    assert "ConflictWon" in kinds(events)


@pytest.mark.parametrize(("text", "message"), [
    ("5  . . . . q", "unknown token 'q'"),
    ("5  . . . . K4", "belongs to player 4, but the game has 2 players"),
    ("5  b", "a5 is land: a blue farm goes on a river"),
    ("1  . . . . r", "e1 is river: only a blue farm goes there"),
    ("1  . . . . ~ ~ ~ ~ ~ . r* . K0", "m1 is river: a leader never stands there"),
    ("5  r*", "a5 holds a treasure, but only the starting temples"),
    ("3  . . . . . k*", "the treasure on f3 must lie on a temple"),
    ("5  K0 . K0", "leader K0 stands on both a5 and c5"),
    ("12 . .", "there is no row 12"),
    ("5  .\n5  .", "row 5 is written twice"),
    ("shoe 0 kk", "unknown line 'shoe'"),
    ("hand 7 kk", "'hand' needs a player 0 to 1"),
    ("hand 0 kkz", "a hand is letters of k r b g"),
    ("influence 0 k1 z2", "write influence as k1 r2 b0 g3"),
    ("3  . . . . . r", "1 treasure(s) missing"),
    ("5  K0", "the leader on a5 has no temple beside it"),
    ("bag 999", "the bag can hold at most"),
    ("actions 3", "actions are 1 or 2"),
    ("monument kr a1", "monument kr on a1 is not on a turned-over square"),
    ("phase nap", "the phase is one of action, war"),
    ("conflict war r h4 3", "write a conflict as 'conflict war r h4 3 h6 2'"),
    ("conflict feud r h4 3 h6 2", "write a conflict as"),
    ("conflict war r h4 3 h6 2 help 1", "write a conflict as"),
    ("phase support", "the support phase needs a conflict"),
    ("ending soon", "'ending' stands alone"),
    ("options wonder=perhaps", "wonder must be true or false"),
    ("options colour", "unknown option 'colour'"),
    ("bag kkz", "write the bag as a number of tiles, or as its tiles' letters"),
    ("viewer 0\nbag kk", "a view hides the bag's tiles"),
    ("hand 1 ??????", "only a view hides tiles"),
    ("influence 1 hidden", "only a view hides influence"),
    ("first 5", "'first' needs a player 0 to 1"),
])
def test_bad_positions_are_refused_with_the_reason(text, message):
    with pytest.raises(InvalidInput, match=message.replace("(", r"\(").replace(")", r"\)")):
        tigris.position(text)


# ------------------------------------------------------------------------------------ views


@rules("T-HIDDEN-1", "T-SETUP-3")
def test_a_view_hides_the_other_hands_the_bag_and_their_influence():
    state = states_of_a_game(8)[60]
    player = state.to_move
    view = state.view(player)
    check_state(view)
    assert view.hands[player] == state.hands[player]
    assert all(set(h) <= {"?"} and len(h) == len(state.hands[p])
               for p, h in enumerate(view.hands) if p != player)
    assert view.bag == "?" * len(state.bag)
    assert sorted(view.unseen) == sorted(state.bag + "".join(
        h for p, h in enumerate((*state.hands, *state.swapped)) if p % state.players != player))
    assert view.influence[player] == state.influence[player]
    assert all(view.influence[p] is None for p in range(state.players) if p != player)
    assert view.treasures_taken == state.treasures_taken and view.cells == state.cells
    assert tigris.legal_moves(view) == tigris.legal_moves(state)
    with pytest.raises(InvalidInput, match="determinize it before playing"):
        tigris.apply(view, tigris.legal_moves(view)[0])
    with pytest.raises(InvalidInput, match="cannot show what"):
        view.view((player + 1) % state.players)
    assert state_from_dict(json.loads(json.dumps(view.to_dict()))) == view


@rules("T-HIDDEN-1")
def test_determinize_deals_the_unseen_tiles_consistently():
    state = states_of_a_game(9)[50]
    view = state.view(0)
    seen = set()
    for seed in range(5):
        full = tigris.determinize(view, random.Random(seed))
        check_state(full)
        assert full.viewer is None and full.hands[0] == state.hands[0]
        assert [len(h) for h in full.hands] == [len(h) for h in state.hands]
        assert full.influence[1] == state.influence[0], "hidden influence: the viewer's guess"
        seen.add(full.bag)
        assert tigris.random_playout(full, random.Random(seed)).is_over
    assert len(seen) > 1


@rules("T-HIDDEN-1")
def test_a_view_of_a_finished_game_shows_every_score_and_the_true_winners():
    final = states_of_a_game(8)[-1]
    assert final.is_over
    for player in range(final.players):
        view = final.view(player)
        check_state(view)
        assert view.influence == final.influence, "influence is hidden during the game only"
        assert view.scores() == final.scores()
        assert view.winners() == final.winners(), "every viewer is told the true winners"
    assert view.hands[0] == "?" * len(final.hands[0]), "the hands stay hidden"


@rules("T-HIDDEN-1", "T-VAR-OPEN-1")
def test_a_view_that_hides_influence_refuses_to_tell_scores_or_winners():
    state = states_of_a_game(8)[60]
    view = state.view(state.to_move)
    hidden = [player for player in range(state.players) if player != state.to_move]
    for ask in (view.scores, view.winners):
        with pytest.raises(InvalidInput, match="this view hides the influence of") as refused:
            ask()
        assert refused.value.rule == "T-HIDDEN-1"
        assert tigris.state.player_name(hidden[0]) in refused.value.reason
        assert "verbergt de invloed van" in refused.value.describe("nl")
    assert state.winners() == frozenset() and len(state.scores()) == state.players
    # With open scoring nothing is hidden: the view tells the scores as the full state does.
    opened = states_of_a_game(8, open_scoring=True)[60]
    assert opened.view(0).scores() == opened.scores()
    assert opened.view(0).winners() == frozenset()
    hiding = json.loads(json.dumps(view.to_dict()))
    hiding["phase"], hiding["to_move"] = "over", None
    with pytest.raises(InvalidInput, match="only during a game without open scoring"):
        state_from_dict(hiding)


DISCARDER = "hand 0 kkrbgg\nhand 1 rrbbgg\nbag 40"


@rules("T-HIDDEN-2", "T-DRAW-1")
def test_another_players_view_does_not_tell_which_tiles_were_swapped():
    start = pos(DISCARDER)
    black, _ = play(start, "discard kk")
    green, green_events = play(start, "discard gg")
    assert black.swapped[0] == "kk" and green.swapped[0] == "gg"
    assert black.discard == green.discard == start.discard, "the open discards are unchanged"
    # For Urn the two games look exactly alike: the swapped tiles are unseen tiles.
    assert black.view(1) == green.view(1)
    view = green.view(1)
    assert view.swapped == ("??", "") and "g" not in json.dumps(view.to_dict()["swapped"])
    assert sorted(view.unseen) == sorted(green.bag + green.hands[0] + "gg")
    # Bull sees what Bull swapped.
    assert green.view(0).swapped == ("gg", "")
    # The event every viewer reads tells how many, not which.
    told = [e.describe(lang) for e in green_events for lang in ("en", "nl")]
    assert "Bull discards 2 tiles." in told and "Stier legt 2 tegels af." in told
    assert [e.describe() for e in green_events] == [e.describe() for e in play(
        start, "discard kk")[1]]
    # A determinized view may deal the swapped tiles anywhere unseen, not back where they were.
    dealt = {tigris.determinize(view, random.Random(seed)).swapped[0] for seed in range(30)}
    assert len(dealt) > 1 and all(len(tiles) == 2 for tiles in dealt)
    for seed in range(5):
        check_state(tigris.determinize(view, random.Random(seed)))


@rules("T-HIDDEN-2", "T-WAR-5")
def test_tiles_committed_in_a_conflict_stay_in_the_open():
    state, _ = play(pos(WAR_POSITION), "tile k h5", "support 2", "support 1")
    assert state.discard[0] == 3 + 1 and state.swapped == ("", "")
    assert state.view(1).discard == state.discard and state.view(0).discard == state.discard


WAR_POSITION = """
    5  . . . . r K0 k . k K1 r
    hand 0 kkkrbg
    hand 1 kkrrbg
"""


def test_a_save_from_before_swapped_tiles_were_kept_apart_still_loads():
    state, _ = play(pos(DISCARDER), "discard kk")
    data = state.to_dict()
    data.pop("swapped")
    data["discard"][0] += 2  # then the swapped tiles were counted with the open discards
    loaded = state_from_dict(data)
    assert loaded.swapped == ("", "") and loaded.discard[0] == state.discard[0] + 2


# ------------------------------------------------------------------------------ save files


def test_json_round_trips_and_save_files_replay():
    game = tigris.new_game(3, seed=12, wonder=True, buildings=True)
    rng = random.Random(3)
    for _ in range(150):
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    again = tigris.Game.from_json(game.to_json())
    assert again.state == game.state and again.moves == game.moves
    assert repr(again).startswith("<engine.tigris.Game: 150 moves")
    game.undo()
    assert len(game.history) == 150


@pytest.mark.parametrize(("tamper", "message"), [
    (lambda d: d["start"].update(players=5), "players must be 2, 3 or 4"),
    (lambda d: d["start"].update(grid=["."] * 11), "row 1 has 1 cells, not 16"),
    (lambda d: d["start"]["grid"].__setitem__(4, d["start"]["grid"][4].replace(". .", "K0 .", 1)),
     "has no temple beside it"),
    (lambda d: d["start"].update(bag=d["start"]["bag"][1:]), "tiles are not all accounted for"),
    (lambda d: d["start"].update(hands=["kkkkkkk", "rrrrrr", "bbbbbb"]), "accounted for|more than"),
    (lambda d: d["start"].update(phase="dancing"), "phase must be one of"),
    (lambda d: d["start"].update(to_move=7), "to_move must be a whole number from 0 to 2"),
    (lambda d: d["start"]["options"].update(board="moon"), "board must be one of"),
    (lambda d: d["start"]["options"].update(colour=True), "unknown field"),
    (lambda d: d["start"].update(catastrophes=[2, 2, 3]), "catastrophes"),
    (lambda d: d["start"].update(extra=1), "unknown field"),
    (lambda d: d["moves"].append({"kind": "catastrophe", "cell": "f3"}),
     "move 4 cannot be replayed: f3 holds a treasure"),
    (lambda d: d["moves"].append({"kind": "tile", "colour": "purple", "cell": "a6"}),
     "unknown colour"),
    (lambda d: d["moves"].append({"kind": "fly"}), "unknown tigris move kind"),
    (lambda d: d.update(ruleset="sumeria"), "this is a sumeria save file"),
])
def test_corrupted_save_files_never_load(tamper, message):
    game = tigris.new_game(3, seed=2)
    for text in ("tile k a6", "tile k c6", "tile k a10"):
        game.play(text) if text in {str(m) for m in game.legal_moves()} else game.play(
            game.legal_moves()[0])
    data = json.loads(game.to_json())
    tamper(data)
    with pytest.raises(InvalidInput, match=message):
        tigris.Game.from_json(json.dumps(data))


# ------------------------------------------------------------------------------ notation


def test_every_move_kind_has_a_notation_that_round_trips():
    texts = ["tile r f3", "leader k a6", "withdraw g", "catastrophe p11", "discard gkk",
             "pass", "support 3", "war b", "keep k1", "building f3", "monument rk e5",
             "wonder f5", "decline", "cube g"]
    for text in texts:
        move = tigris.parse_move(text)
        assert tigris.parse_move(str(move)) == move
        assert tigris.move_from_dict(move.to_dict()) == move
        assert eval(repr(move), vars(tigris)) == move
    assert str(tigris.parse_move("discard gkk")) == "discard kkg"
    assert str(tigris.parse_move("monument rk e5")) == "monument kr e5"


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty move"), ("jump a1", "unknown move"), ("tile r", "'tile' takes 2 argument"),
    ("tile z a1", "unknown colour"), ("tile r z9", "unknown cell"),
    ("support many", "support takes a number"), ("monument kk a1", "unknown monument"),
    ("discard", "'discard' takes 1 argument"),
])
def test_malformed_notation_is_invalid_input(text, message):
    with pytest.raises(InvalidInput, match=message):
        tigris.parse_move(text)


def test_foreign_moves_are_invalid_input_and_change_nothing():
    from engine import sumeria

    state = tigris.new_state(2, seed=1)
    with pytest.raises(InvalidInput, match="not a Tigris & Euphrates move"):
        tigris.apply(state, sumeria.Add("kish.city"))
    with pytest.raises(InvalidInput, match="not a Tigris & Euphrates move"):
        tigris.apply(state, "tile r f3")
    with pytest.raises(InvalidInput):
        tigris.move_from_dict({"kind": "support", "count": -1})


# -------------------------------------------------------------------------------- scoring


@rules("T-SCORE-1", "T-TREAS-3")
def test_treasures_go_one_by_one_to_the_weakest_colour():
    assert final_vector((8, 8, 8, 7), 5) == (9, 9, 9, 9)
    assert final_vector((0, 5, 5, 5), 3) == (3, 5, 5, 5)
    assert final_vector((2, 2, 9, 9), 3) == (3, 4, 9, 9)


@rules("T-SCORE-2")
def test_ties_go_to_the_next_lowest_colour_and_a_full_tie_is_shared():
    assert final_winners([(3, 5, 4, 9), (3, 4, 4, 9)], [0, 0]) == frozenset({0})
    assert final_winners([(3, 4, 4, 9), (4, 3, 9, 4)], [0, 0]) == frozenset({0, 1})
    assert final_winners([(1, 1, 1, 1), (0, 1, 1, 1)], [0, 2]) == frozenset({1})
    state = pos("influence 0 k3 r5 b4 g9\ntreasures 0 0\nhand 0 kkrbgg")
    assert state.scores() == (3, 0) and state.winners() == frozenset()


def test_every_event_tells_what_happened_in_english_and_dutch():
    seen = {}
    for seed in range(12):
        state = tigris.new_state(3, seed, buildings=True, wonder=True)
        rng = random.Random(seed)
        while not state.is_over:
            moves = tigris.legal_moves(state)
            state, events = tigris.apply(state, moves[rng.randrange(len(moves))])
            for event in events:
                seen.setdefault(type(event).__name__, event)
    assert len(seen) >= 18, sorted(seen)
    for event in seen.values():
        for lang in ("en", "nl"):
            text = event.describe(lang)
            assert text.endswith(".") and "{" not in text and not text[0].islower(), text
        assert event.to_dict()["kind"] == type(event).__name__
