"""Scenario tests: one small position per rule of docs/rules/sumeria.md, act, check."""

from __future__ import annotations

import pytest

from engine import sumeria
from engine.core import IllegalMove, InvalidInput
from engine.sumeria import Add, MoveTrader, Place, Remove, TakeTiles, events, position

rules = pytest.mark.rules

ROW = ("kish", "nippur", "umma", "lagash", "eridu", "ur", "larsa", "uruk")


def play(state, *moves):
    """Apply moves given as text; return the final state and all events."""
    all_events = []
    for text in moves:
        state, evs = sumeria.apply(state, sumeria.parse_move(text))
        all_events += evs
    return state, all_events


def kinds(evs):
    return [type(e).__name__ for e in evs]


# ---------------------------------------------------------------------------------- setup


@rules("S-COMP-2", "S-SETUP-3")
def test_setup_draws_six_of_the_36_tiles_three_two_one():
    state = sumeria.new_state(3, seed=1)
    assert tuple(len(o) for o in state.offer) == (3, 2, 1)
    assert len(state.bag) == 30
    tiles = state.bag + "".join(state.offer)
    assert sorted(tiles) == sorted("EMPR" * 9)


@rules("S-SETUP-1")
@pytest.mark.parametrize(("players", "traders"), [(3, 14), (4, 10)])
def test_traders_per_player_count(players, traders):
    state = sumeria.new_state(players, seed=3)
    assert state.reserve == (traders,) * players


@rules("S-SETUP-1")
@pytest.mark.parametrize("players", [1, 2, 5, True, "3"])
def test_other_player_counts_are_refused(players):
    with pytest.raises(InvalidInput, match="3 or 4 players"):
        sumeria.new_state(players, seed=0)


def test_bad_options_and_seeds_are_refused():
    with pytest.raises(InvalidInput, match="unknown Sumeria option"):
        sumeria.new_game(3, seed=1, tie_break="towns")
    with pytest.raises(InvalidInput, match="tiebreak must be one of"):
        sumeria.new_game(3, seed=1, tiebreak="hamlets")
    with pytest.raises(InvalidInput, match="seed must be a whole number"):
        sumeria.new_game(3, seed=-4)


@rules("S-SETUP-2", "S-SETUP-5")
def test_row_and_first_player_come_from_the_seed():
    a, b = sumeria.new_state(3, seed=11), sumeria.new_state(3, seed=11)
    assert a == b
    rows = {sumeria.new_state(3, seed=s).row for s in range(40)}
    firsts = {sumeria.new_state(3, seed=s).first_player for s in range(40)}
    assert len(rows) > 30 and firsts == {0, 1, 2}
    assert sorted(a.row) == sorted(ROW)
    assert a.to_move == a.first_player


@rules("S-SETUP-4", "S-RESET-1")
def test_turn_marker_starts_at_one_and_returns_to_one():
    state = position(3, row=list(ROW), first_player=0, to_move=2, turn=3)
    assert state.turn == 3
    state, _ = play(state, "add uruk.village1")
    while state.phase == "scoring":
        state, _ = play(state, str(sumeria.legal_moves(state)[0]))
    assert state.round == 2 and state.turn == 1


@rules("S-SETUP-6", "S-SETUP-7")
@pytest.mark.parametrize(("players", "each"), [(3, 8), (4, 5)])
def test_initial_placement_in_turn_order(players, each):
    state = sumeria.new_state(players, seed=5)
    first = state.first_player
    row = state.row
    order = []
    placed = set()
    for step in range(players * each):
        assert state.phase == "placement"
        order.append(state.to_move)
        moves = sumeria.legal_moves(state)
        assert all(isinstance(m, Place) for m in moves)
        assert not {m.location for m in moves} & placed, "occupied locations are not offered"
        state, evs = sumeria.apply(state, moves[step % len(moves)])
        placed.add(evs[0].location)
        assert state.row == row, "setup placement never moves the row (R-S3)"
    assert order == [(first + i) % players for i in range(players * each)]
    assert state.phase == "turns" and state.to_move == first
    assert all(state.traders.count(p) == each for p in range(players))
    assert state.reserve == (sumeria.TRADERS[players] - each,) * players


@rules("S-SETUP-7")
def test_a_location_holds_a_single_trader():
    state = sumeria.new_state(3, seed=2)
    state, _ = play(state, "place kish.city")
    before = state
    with pytest.raises(IllegalMove, match=r"Kish city is occupied .* single trader"):
        play(state, "place kish.city")
    assert state == before
    turns = position(3, {"kish.city": 1})
    with pytest.raises(IllegalMove, match="occupied by Orange"):
        play(turns, "add kish.city")
    with pytest.raises(IllegalMove, match="cannot reach"):
        play(position(3, {"kish.town1": 0, "kish.city": 1}), "move kish.town1 kish.city")


# ---------------------------------------------------------------------------------- turns


@rules("S-TURN-1", "S-TURN-3")
def test_three_turns_each_in_round_order_and_the_turn_marker():
    state = position(3, row=list(ROW), first_player=1)
    movers, markers = [], []
    for _ in range(9):
        movers.append(state.to_move)
        state, evs = play(state, f"add {free(state)}")
        markers += [e.turn for e in evs if isinstance(e, events.TurnMarkerAdvanced)]
    assert movers == [1, 2, 0] * 3
    assert markers == [2, 3]
    assert state.phase in ("scoring", "turns") and state.round in (1, 2)


def free(state):
    return next(loc.id for loc in state.board.locations if state.trader_at(loc.id) is None)


@rules("S-TURN-2")
def test_a_turn_is_exactly_one_add_move_or_remove():
    state = position(3, {"kish.town1": 0})
    moves = sumeria.legal_moves(state)
    assert {type(m) for m in moves} == {Add, MoveTrader, Remove}
    assert sum(isinstance(m, Remove) for m in moves) == 1
    assert sum(isinstance(m, Add) for m in moves) == 55
    assert [m for m in moves if isinstance(m, MoveTrader)] == [
        MoveTrader("kish.town1", "kish.city"), MoveTrader("kish.town1", "kish.village1")]
    after, _ = play(state, "remove kish.town1")
    assert after.to_move == 1, "one action ends the turn"
    with pytest.raises(IllegalMove, match="placing a setup trader is not possible now"):
        play(state, "place kish.city")
    with pytest.raises(IllegalMove, match="taking tiles is not possible now"):
        play(state, "take EM")


@rules("S-ADD-1", "S-ADD-2")
def test_add_places_a_reserve_trader_and_its_city_state_gains_influence():
    state = position(3, row=list(ROW))
    after, evs = play(state, "add umma.town2")
    assert after.trader_at("umma.town2") == 0 and after.reserve[0] == 13
    assert after.row[:3] == ("kish", "umma", "nippur")
    gained = evs[1]
    assert isinstance(gained, events.InfluenceChanged) and gained.gained and gained.rank == 2
    assert gained.describe() == "Umma gains influence and swaps with Nippur (now 2nd)."
    assert gained.describe("nl") == "Umma wint invloed en wisselt met Nippur (nu 2e)."


@rules("S-ADD-2")
def test_the_leading_city_state_cannot_move_further_left():
    state = position(3, row=list(ROW))
    after, evs = play(state, "add kish.village3")
    assert after.row == ROW
    assert evs[1].describe() == "Kish gains influence but is already first."


@rules("S-ADD-3")
def test_no_add_without_a_reserve():
    traders = {loc.id: 0 for loc in sumeria.Board.standard().locations[:14]}
    state = position(3, traders)
    assert state.reserve[0] == 0
    assert not any(isinstance(m, Add) for m in sumeria.legal_moves(state))
    with pytest.raises(IllegalMove, match="all your traders are already on the board"):
        play(state, f"add {free(state)}")


@rules("S-MOVE-1", "S-MOVE-2", "S-MOVE-3")
def test_move_jumps_and_stops_at_the_first_empty_location():
    state = position(3, {"kish.town1": 0, "kish.village1": 1, "nippur.village1": 2},
                     row=list(ROW))
    dests = {m.destination for m in sumeria.legal_moves(state)
             if isinstance(m, MoveTrader)}
    assert dests == {"kish.city", "nippur.town1"}
    after, evs = play(state, "move kish.town1 nippur.town1")
    assert after.trader_at("kish.town1") is None and after.trader_at("nippur.town1") == 0
    moved = evs[0]
    assert moved.path == ("kish.town1", "kish.village1", "nippur.village1", "nippur.town1")
    assert moved.describe() == (
        "Blue moves a trader from Kish town 1 to Nippur town 1 in 3 hops.")


@rules("S-MOVE-4")
def test_move_continues_from_an_occupied_city_along_any_route():
    state = position(3, {"kish.town1": 0, "kish.city": 1, "kish.town2": 2})
    dests = {m.destination for m in sumeria.legal_moves(state)
             if isinstance(m, MoveTrader)}
    assert dests == {"kish.village1", "kish.village2", "kish.town3"}


@rules("S-MOVE-5")
def test_moving_to_another_city_state_gives_it_influence():
    state = position(3, {"kish.village1": 0}, row=list(ROW))
    after, evs = play(state, "move kish.village1 nippur.village1")
    assert after.row[:2] == ("nippur", "kish")
    assert kinds(evs) == ["TraderMoved", "InfluenceChanged"]


@rules("S-MOVE-5")
def test_moving_within_a_city_state_changes_no_influence():
    state = position(3, {"kish.village1": 0}, row=list(ROW))
    after, evs = play(state, "move kish.village1 kish.town1")
    assert after.row == ROW and kinds(evs) == ["TraderMoved"]


@rules("S-MOVE-6")
def test_only_own_traders_move_and_never_to_their_start():
    state = position(3, {"kish.town1": 1, "kish.town2": 0})
    with pytest.raises(IllegalMove, match="Blue cannot move the trader on Kish town 1: it is "
                                          "Orange's"):
        play(state, "move kish.town1 kish.city")
    with pytest.raises(IllegalMove, match="already on Kish town 2: a move always takes a "
                                          "trader to another location") as refused:
        play(state, "move kish.town2 kish.town2")
    assert refused.value.rule == "S-MOVE-6"
    assert all(m.origin != m.destination for m in sumeria.legal_moves(state)
               if isinstance(m, MoveTrader))


@rules("S-REMOVE-1", "S-REMOVE-2")
def test_remove_returns_a_trader_and_its_city_state_loses_influence():
    state = position(3, {"nippur.town1": 0}, row=list(ROW))
    after, evs = play(state, "remove nippur.town1")
    assert after.trader_at("nippur.town1") is None and after.reserve[0] == 14
    assert after.row[:3] == ("kish", "umma", "nippur")
    assert not evs[1].gained and evs[1].rank == 3
    last = position(3, {"uruk.city": 0}, row=list(ROW))
    after, evs = play(last, "remove uruk.city")
    assert after.row == ROW and evs[1].describe() == "Uruk loses influence but is already last."
    with pytest.raises(IllegalMove, match="it is empty"):
        play(state, "remove kish.city")


# ---------------------------------------------------------------------------- end of round

def end_round(traders, *, row=ROW, offer=("EMP", "RE", "M"), first_player=0, tiebreak="towns",
              last_move=None, players=3):
    """A position on the last turn of round 1, played out with `last_move` (by default an add
    in Uruk, far from the three scored city-states)."""
    last = (first_player + players - 1) % players
    state = position(players, traders, row=list(row), offer=offer, first_player=first_player,
                     to_move=last, turn=3, tiebreak=tiebreak)
    if last_move is None:
        spare = next(loc for loc in ("uruk.village3", "uruk.village2", "uruk.village1")
                     if state.trader_at(loc) is None)
        last_move = f"add {spare}"
    return play(state, last_move)


@rules("S-ROUND-1", "S-CTRL-1", "S-TILE-1", "S-TILE-2", "S-TILE-3")
def test_round_scoring_hands_out_tiles_3_2_1():
    traders = {"kish.city": 0, "kish.town1": 0, "kish.town2": 1,  # Kish: Blue 2, Orange 1
               "nippur.city": 1, "nippur.town1": 1, "nippur.town2": 2,  # Nippur: Orange, Green
               "umma.city": 2, "umma.town1": 0}  # Umma: Green and Blue 1 each: city decides
    state, evs = end_round(traders, offer=("EMP", "RE", "M"))
    assert state.phase == "scoring" and state.to_move == 0 and state.scoring == 0
    assert sumeria.legal_moves(state) == [TakeTiles("EM"), TakeTiles("EP"), TakeTiles("MP")]
    control = [e for e in evs if isinstance(e, events.ControlDecided)]
    assert [(c.player, c.second) for c in control] == [(0, 1)]
    state, evs = play(state, "take EP")
    assert state.influence[0] == (1, 0, 1, 0) and state.influence[1] == (0, 1, 0, 0)
    assert state.to_move == 1 and state.scoring == 1
    assert sumeria.legal_moves(state) == [TakeTiles("E"), TakeTiles("R")]
    state, evs = play(state, "take R")
    # Nippur: Orange keeps R, Green (second) gets E. Umma: Green and Blue have one trader each;
    # Green's is in the city, so Green takes the single tile and Blue, second, gets nothing.
    took = [(t.player, t.tiles) for t in evs if isinstance(t, events.TilesTaken)]
    assert took == [(1, "R"), (2, "E"), (2, "M")]
    assert state.influence == ((1, 0, 1, 0), (0, 1, 0, 1), (1, 1, 0, 0))
    assert state.round == 2 and state.phase == "turns"


@rules("S-CTRL-2")
def test_a_tie_goes_to_the_player_in_the_city():
    traders = {"kish.town1": 0, "kish.village1": 0, "kish.city": 1, "kish.village2": 1}
    state, evs = end_round(traders, offer=("EEE", "RR", "M"))
    decided = next(e for e in evs if isinstance(e, events.ControlDecided))
    assert (decided.player, decided.second, decided.decided_by) == (1, 0, "city")
    assert state.influence[1][0] == 2 and state.influence[0][0] == 1


@rules("S-CTRL-3")
@pytest.mark.parametrize(("tiebreak", "winner"), [("towns", 0), ("villages", 1)])
def test_second_tiebreak_towns_in_english_villages_in_dutch(tiebreak, winner):
    traders = {"kish.town1": 0, "kish.town2": 0, "kish.village1": 1, "kish.village2": 1,
               "kish.town3": 1, "kish.village3": 0}
    # Blue: 2 towns + 1 village; Orange: 1 town + 2 villages; nobody in the city.
    state, evs = end_round(traders, offer=("EEE", "RR", "M"), tiebreak=tiebreak)
    decided = next(e for e in evs if isinstance(e, events.ControlDecided))
    assert decided.player == winner and decided.decided_by == tiebreak


@rules("S-CTRL-4")
def test_a_full_tie_goes_to_who_played_first_this_round():
    traders = {"kish.town1": 0, "kish.village1": 0, "kish.town2": 2, "kish.village2": 2}
    for first_player, winner in [(0, 0), (1, 2), (2, 2)]:
        state, evs = end_round(traders, offer=("EEE", "RR", "M"), first_player=first_player)
        decided = next(e for e in evs if isinstance(e, events.ControlDecided))
        assert (decided.player, decided.decided_by) == (winner, "order"), first_player


@rules("S-TILE-4")
def test_an_empty_scored_city_state_discards_its_tiles():
    state, evs = end_round({"uruk.city": 0}, offer=("EMP", "RE", "M"))
    discarded = [e.tiles for e in evs if isinstance(e, events.TilesDiscarded)]
    assert discarded == ["EMP", "RE", "M"]
    assert state.discard == "EMPREM" and state.influence == ((0, 0, 0, 0),) * 3


@rules("S-TILE-5")
def test_a_lone_player_chooses_and_the_rest_is_discarded():
    state, _ = end_round({"kish.city": 2, "nippur.city": 2}, offer=("EMP", "RE", "M"))
    assert state.to_move == 2
    state, evs = play(state, "take MP")
    assert state.to_move == 2 and state.scoring == 1
    state, evs = play(state, "take E")
    assert state.influence[2] == (1, 1, 1, 0)
    assert state.discard == "ERM", "the leftover E and R, and Umma's M (nobody there)"


@rules("S-TILE-6")
def test_a_choice_that_makes_no_difference_is_not_asked():
    traders = {"kish.city": 0, "kish.town1": 1, "nippur.city": 1, "umma.city": 2}
    state, evs = end_round(traders, offer=("EEE", "RR", "M"))
    assert state.phase == "turns" and state.round == 2
    took = [(e.player, e.tiles, e.chosen) for e in evs if isinstance(e, events.TilesTaken)]
    assert took == [(0, "EE", False), (1, "E", False), (1, "R", False), (2, "M", False)]
    assert state.discard == "R"
    state, _ = end_round(traders, offer=("EEM", "RR", "M"))
    assert sumeria.legal_moves(state) == [TakeTiles("EE"), TakeTiles("EM")]
    with pytest.raises(IllegalMove, match="cannot take MM: choose 2 of the tiles EEM"):
        play(state, "take MM")


@rules("S-TILE-7")
def test_everything_but_the_bag_order_is_public():
    state = sumeria.new_state(3, seed=4)
    view = state.view(1)
    assert view.bag == "".join(sorted(state.bag)) and view.influence == state.influence
    assert view.seed is None, "the seed would tell the bag's order"
    assert view.traders == state.traders and view.offer == state.offer
    assert sumeria.legal_moves(view) == sumeria.legal_moves(state)


@rules("S-RESET-2", "S-RESET-5")
def test_the_row_turns_and_six_new_tiles_are_drawn():
    state, evs = end_round({"uruk.city": 0})
    # The last add in Uruk swapped it with Larsa: kish nippur umma | lagash eridu ur uruk larsa.
    assert state.row == ("lagash", "eridu", "ur", "uruk", "larsa", "umma", "nippur", "kish")
    drawn = next(e for e in evs if isinstance(e, events.TilesDrawn))
    assert tuple(len(o) for o in state.offer) == (3, 2, 1) and drawn.offer == state.offer
    assert len(state.bag) == 24


@rules("S-RESET-3")
def test_fewest_traders_in_the_first_city_state_plays_last():
    traders = {"kish.city": 0, "kish.town1": 0, "kish.town2": 1}  # Green has none in Kish
    state, evs = end_round(traders, first_player=0, offer=("EEE", "RR", "M"))
    chosen = next(e for e in evs if isinstance(e, events.FirstPlayerChosen))
    assert (chosen.last_player, chosen.first_player, chosen.decided_at) == (2, 0, "Kish")
    assert state.first_player == 0 and state.to_move == 0


@rules("S-RESET-4")
def test_a_tie_for_fewest_goes_on_to_the_next_city_state_among_the_tied():
    # Kish: Blue 1, Orange 0, Green 0; Nippur: Orange 1, Green 0 -> Green is last.
    traders = {"kish.city": 0, "nippur.town1": 1, "umma.town1": 0, "umma.town2": 0}
    state, evs = end_round(traders, first_player=0, offer=("EEE", "RR", "M"))
    chosen = next(e for e in evs if isinstance(e, events.FirstPlayerChosen))
    assert (chosen.last_player, chosen.decided_at) == (2, "Nippur")
    assert state.first_player == 0
    # Blue's traders in Umma do not matter: Blue was out after Kish (R-S6).
    traders = {"kish.city": 0, "nippur.town1": 1, "nippur.town2": 2}
    state, evs = end_round(traders, first_player=0, offer=("EEE", "RR", "M"))
    chosen = next(e for e in evs if isinstance(e, events.FirstPlayerChosen))
    assert chosen.decided_at is not None and chosen.last_player in (1, 2)


@rules("S-RESET-4")
def test_a_tie_through_the_whole_row_is_settled_by_round_order():
    state, evs = end_round({}, first_player=1, last_move="add uruk.city")
    # Only Blue (the last to play) has a trader, in Uruk (8th) — Orange and Green tie at zero
    # everywhere; Orange played first this round, so Orange plays last (R-S4).
    chosen = next(e for e in evs if isinstance(e, events.FirstPlayerChosen))
    assert chosen.decided_at is None and chosen.last_player == 1
    assert state.first_player == 2


@rules("S-END-1")
def test_the_game_ends_after_round_six():
    game = sumeria.new_game(3, seed=8)
    rounds_seen = set()
    while not game.is_over:
        rounds_seen.add(game.state.round)
        game.play(game.legal_moves()[0])
    assert rounds_seen == {1, 2, 3, 4, 5, 6}
    assert game.state.bag == "" and game.state.offer == ("", "", "")
    assert sum(map(sum, game.state.influence)) + len(game.state.discard) == 36
    assert game.legal_moves() == [] and game.to_move is None
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play("add kish.city")
    last = game.log[-1][1]
    assert isinstance(last[-1], events.GameEnded)
    assert not any(isinstance(e, events.TilesDrawn) for e in last), "no draw after round 6"


@rules("S-END-2", "S-END-3")
def test_final_winner_by_points_then_single_type_then_shared():
    assert sumeria.final_winners([(4, 2, 4, 5), (3, 2, 5, 1), (2, 5, 0, 3)]) == {0}
    # 10 + 10 = 20 against 15 + 3 + 1 + 1 = 20: the five of a kind wins the tie.
    assert sumeria.final_winners([(4, 4, 0, 0), (5, 2, 1, 1)]) == {1}
    assert sumeria.final_winners([(4, 4, 0, 0), (0, 4, 4, 0)]) == {0, 1}


def test_events_describe_in_both_languages():
    game = sumeria.new_game(4, seed=21)
    seen = set()
    while not game.is_over:
        for e in game.play(game.legal_moves()[-1]):
            seen.add(type(e).__name__)
            assert e.describe("en") and e.describe("nl")
            assert e.describe("en") != e.describe("nl")
            assert e.to_dict()["kind"] == type(e).__name__
    assert {"TraderPlaced", "PlacementEnded", "ControlDecided", "RowRotated", "TilesDrawn",
            "FirstPlayerChosen", "GameEnded", "TurnMarkerAdvanced"} <= seen
    with pytest.raises(InvalidInput, match="unknown language 'fr'"):
        game.log[0][1][0].describe("fr")
