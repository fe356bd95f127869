"""The fast path plays exactly the game the checked rules play; random games finish."""

from __future__ import annotations

import random

import pytest

from engine import tigris
from engine.bots import RandomBot
from engine.tigris import check_state

rules = pytest.mark.rules

VARIANTS = [{}, {"board": "advanced", "war_support": "english"},
            {"buildings": True, "wonder": True, "open_scoring": True}]


def checked_playout(state, rng):
    """Random legal moves through the checked `legal_moves` and `apply`."""
    choices = []
    while not state.is_over:
        moves = tigris.legal_moves(state)
        index = rng.randrange(len(moves))
        choices.append(index)
        state, _ = tigris.apply(state, moves[index])
    return state, choices


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_and_checked_paths_play_the_same_game(players, options):
    for seed in range(2):
        start = tigris.new_state(players, seed, **options)
        record: list[int] = []
        fast = tigris.random_playout(start, random.Random(seed), record)
        checked, choices = checked_playout(start, random.Random(seed))
        assert fast == checked, f"seed {seed}"
        assert record == choices


def test_fast_path_resumes_from_any_state():
    """Mid-turn, mid-conflict and mid-decision states continue identically."""
    game = tigris.new_game(3, seed=99, buildings=True, wonder=True)
    rng = random.Random(5)
    states = [game.state]
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        states.append(game.state)
    decisions = [s for s in states if s.phase not in ("action", "over")]
    assert {s.phase for s in decisions} >= {"support"}
    for state in [*states[::41], *decisions[::9]]:
        assert tigris.random_playout(state, random.Random(7)) == checked_playout(
            state, random.Random(7))[0]


def test_a_random_bot_with_the_same_generator_plays_the_fast_game():
    start = tigris.new_state(2, seed=4)
    bot = RandomBot(seed=0)
    bot.rng = random.Random(123)
    state = start
    while not state.is_over:
        state, _ = tigris.apply(state, bot.choose(state.view(state.to_move)))
    assert state == tigris.random_playout(start, random.Random(123))


@rules("T-END-1", "T-END-2", "T-SETUP-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_full_games_end(players):
    """100 random full games per player count, each well within the move cap."""
    reasons = set()
    winners_seen = set()
    for seed in range(100):
        record: list[int] = []
        start = tigris.new_state(players, seed, **VARIANTS[seed % 3])
        final = tigris.random_playout(start, random.Random(seed), record, max_moves=3000)
        check_state(final)
        assert final.is_over and final.to_move is None and len(record) < 3000
        reasons.add("treasures" if len(final.treasures) <= 2 else "bag")
        winners_seen |= final.winners()
    assert winners_seen == set(range(players))
    assert "bag" in reasons


def brute_force(state, player, colour):
    """Legal leader and tile cells the slow way: vacate the leader, flood-fill the kingdoms
    again, and look at every cell (the rule text, with no cleverness)."""
    from engine.tigris.board import NEIGHBOURS
    from engine.tigris.state import CATASTROPHE, EMPTY, LEADER, RED, TILE

    cells = list(state.cells)
    code = LEADER + 4 * player + colour if player is not None else -1
    origin = cells.index(code) if code in cells else -1
    if origin >= 0:
        cells[origin] = EMPTY
    group = [-1] * len(cells)
    leaders = {}
    for start, first in enumerate(cells):
        if first in (EMPTY, CATASTROPHE) or group[start] >= 0:
            continue
        group[start] = start
        todo, found = [start], 0
        for cell in todo:
            found += cells[cell] >= LEADER
            for m in NEIGHBOURS[cell]:
                if group[m] < 0 and cells[m] not in (EMPTY, CATASTROPHE):
                    group[m] = start
                    todo.append(m)
        leaders[start] = found
    river = state.board.river
    kingdoms = [{group[m] for m in NEIGHBOURS[c] if group[m] >= 0 and leaders[group[m]]}
                for c in range(len(cells))]
    targets = [c for c in range(len(cells)) if c != origin and cells[c] == EMPTY
               and not river[c] and any(cells[m] == TILE + RED for m in NEIGHBOURS[c])
               and len(kingdoms[c]) <= 1]
    tiles = [c for c in range(len(cells)) if state.cells[c] == EMPTY and len(kingdoms[c]) <= 2]
    return targets, tiles


@rules("T-LEADER-4", "T-TILE-5", "T-LEADER-1")
def test_the_fast_legality_agrees_with_a_brute_force_search():
    """Kingdoms kept incrementally, bit-mask counting and the moved leader's vacated cell give
    the same legal cells as recomputing everything from the rule text."""
    from engine.tigris.table import Table

    checked = 0
    for seed in range(6):
        state = tigris.new_state(2 + seed % 3, seed, buildings=seed % 2 == 0)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == "action":
                table = Table.load(state, log=False)
                land, river = table.tile_cells()
                for colour in range(4):
                    targets, _ = brute_force(state, state.active, colour)
                    assert table.leader_targets(state.active, colour) == targets
                    checked += 1
                assert sorted(land + river) == brute_force(state, None, 0)[1]
            moves = tigris.legal_moves(state)
            state, _ = tigris.apply(state, moves[rng.randrange(len(moves))])
    assert checked > 1000


def test_listed_moves_are_the_raw_moves_made_public():
    """`legal_moves` lists a byte of cells at a time; `Table.raw_moves` is the plain list."""
    from engine.tigris.moves import to_move
    from engine.tigris.table import Table

    for k, options in enumerate(VARIANTS):
        state = tigris.new_state(2 + k, k, **options)
        rng = random.Random(k)
        while not state.is_over:
            moves = tigris.legal_moves(state)
            assert moves == [to_move(raw) for raw in Table.load(state, log=False).raw_moves()]
            state, _ = tigris.apply(state, moves[rng.randrange(len(moves))])


def test_a_copied_table_is_a_loaded_one():
    """`Table.copy` (the expert's way of playing every move from one position) is what
    `Table.load` of the same state gives: every move played on either comes to the same."""
    from engine.tigris.moves import to_raw
    from engine.tigris.table import Table

    for seed, options in ((0, {}), (1, {"buildings": True, "wonder": True})):
        state = tigris.new_state(3, seed, **options)
        rng = random.Random(seed)
        for _ in range(60):
            if state.is_over:
                break
            proto = Table.load(state, log=False)
            moves = tigris.legal_moves(state)
            for move in moves[:25]:
                loaded = Table.load(state, log=False)
                copied = proto.copy()
                for t in (loaded, copied):
                    t.play(to_raw(move))
                assert copied.freeze() == loaded.freeze()
                assert all(getattr(copied, name) == getattr(loaded, name)
                           for name in Table.__slots__ if name not in ("log", "_near_cache"))
            state = tigris.apply(state, moves[rng.randrange(len(moves))])[0]


def test_the_searches_successor_is_applys_state():
    """`rules.successor` (a search's quick step: a copy of one loaded table per move, no
    checks, no events) gives exactly the state `apply` gives, and its turn count; and
    `evaluate_moves` (the greedy bot's) exactly `evaluate` of each."""
    for seed, options in ((0, {}), (2, {"buildings": True, "wonder": True, "actions": 3})):
        state = tigris.new_state(2 + seed % 3, seed, **options)
        rng = random.Random(seed)
        for _ in range(150):
            if state.is_over:
                break
            moves = tigris.legal_moves(state)
            some = moves[::4]
            for move in some:
                after = tigris.successor(state, move)
                assert after == tigris.apply(state, move)[0]
                assert after.turns == tigris.apply(state, move)[0].turns
            player = rng.randrange(state.players)
            assert tigris.evaluate_moves(state, some, player) == [
                tigris.evaluate(tigris.apply(state, m)[0], player) for m in some]
            state = tigris.apply(state, moves[rng.randrange(len(moves))])[0]
