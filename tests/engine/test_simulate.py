"""Simulation at scale and the command line."""

from __future__ import annotations

import concurrent.futures as cf
import json
import random
import subprocess
import sys

import pytest

from engine import mesopotamia, simulate, tigris
from engine.__main__ import main
from engine.core import InvalidInput
from engine.tigris import stats as tigris_stats


def length_stats(final, events):
    """A statistics function found by its dotted name (see test_any_function_by_name)."""
    return {"events": len(events), "over": final.is_over}


def final_only(final, events):
    return {"events": events}


final_only.uses_events = False


def test_records_do_not_depend_on_the_executor():
    specs = simulate.specs_for("priest_kings", 4, 4, ["greedy", "random", "mcts:3", "random"],
                               seed=4, stats="ruleset")
    specs += simulate.specs_for("sumeria", 3, 3, ["random"] * 3, seed=4, stats="ruleset")
    inline = simulate.simulate(specs, cf.ThreadPoolExecutor(1), progress=False, chunk=2)
    pooled = simulate.simulate(specs, cf.ProcessPoolExecutor(2), progress=False, chunk=3)
    here = simulate.simulate(specs, workers=1, progress=False)
    assert inline == pooled == here
    assert [r.seed for r in inline] == [s.seed for s in specs]
    assert all(r.winners and r.finished for r in inline)
    assert all(sum(r.stats["scored"].values()) == 18 for r in inline[4:])
    assert {r.bots for r in inline[:4]} == {("greedy", "random", "mcts:3", "random"),
                                             ("random", "mcts:3", "random", "greedy"),
                                             ("mcts:3", "random", "greedy", "random"),
                                             ("random", "greedy", "random", "mcts:3")}


class Synchronous(cf.Executor):
    """The least an executor can be (as dask.distributed's client executor is, to simulate):
    `submit` returning a future, no worker count to read."""

    def submit(self, fn, /, *args, **kwargs):
        future = cf.Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_any_executor_plugs_in():
    specs = simulate.specs_for("priest_kings", 5, 4, ["random"] * 4, seed=6)
    assert simulate.simulate(specs, Synchronous(), progress=False) == simulate.simulate(
        specs, workers=1, progress=False)


def test_all_random_seats_take_the_fast_path_and_count_moves():
    record = simulate.play_game(simulate.GameSpec("sumeria", 4, 17, ("random",) * 4))
    assert record.length > 60 and len(record.scores) == 4
    assert record.to_dict()["ruleset"] == "sumeria"
    assert record.stats is None and record.stats_from is None and record.finished


@pytest.mark.parametrize(("ruleset", "players", "options"), [
    ("sumeria", 3, {}), ("tigris", 2, {}), ("mesopotamia", 3, {"max_rounds": 6}),
    ("priest_kings", 4, {}), ("royal_ur", 2, {})])
def test_statistics_from_events_play_the_same_game_as_the_fast_path(ruleset, players, options):
    bots = ("random",) * players
    plain = simulate.play_game(simulate.GameSpec(ruleset, players, 5, bots, options))
    counted = simulate.play_game(simulate.GameSpec(ruleset, players, 5, bots, options,
                                                   stats="ruleset"))
    assert (counted.scores, counted.winners, counted.length) == (
        plain.scores, plain.winners, plain.length)
    assert counted.stats_from == f"engine.{ruleset}.stats:game_stats"
    assert json.loads(json.dumps(counted.stats)) == counted.stats
    # The fast path and the checked one count rounds and turns alike.
    assert (counted.rounds, counted.turns) == (plain.rounds, plain.turns)


def test_records_count_rounds_and_turns_as_well_as_decisions():
    def record(ruleset, players, bots, **options):
        return simulate.play_game(simulate.GameSpec(ruleset, players, 3, bots, options))

    s = record("sumeria", 3, ("greedy", "random", "random"))
    assert (s.rounds, s.turns) == (6, 54) and s.length > s.turns
    assert record("sumeria", 4, ("random",) * 4, rounds=4).rounds == 4
    m = record("mesopotamia", 2, ("random",) * 2, max_rounds=7)
    assert (m.rounds, m.turns) == (7, 14)
    t = record("tigris", 2, ("random", "greedy"))
    events = []
    game = tigris.new_game(2, seed=3)
    rng = random.Random(0)
    while not game.is_over:
        moves = game.legal_moves()
        events += game.play(moves[rng.randrange(len(moves))])
    ended = sum(type(e).__name__ in ("TurnEnded", "GameEnded") for e in events)
    assert simulate.play_game(simulate.GameSpec("tigris", 2, 3, ("random",) * 2)).turns > 20
    assert tigris_stats.game_length(game.state)["turns"] == ended
    assert t.rounds == -(-t.turns // 2)
    u = record("royal_ur", 2, ("random", "expert"))
    assert u.turns >= u.length // 2 and u.rounds == -(-u.turns // 2)
    p = record("priest_kings", 4, ("random",) * 4, turns=2)
    assert p.rounds == p.turns <= 2
    assert simulate.GameRecord.from_dict({**s.to_dict()}) == s
    old = {k: v for k, v in s.to_dict().items() if k not in ("rounds", "turns")}
    assert simulate.GameRecord.from_dict(old).rounds is None


def test_each_ruleset_counts_what_its_analysis_needs():
    t = simulate.play_game(simulate.GameSpec("tigris", 2, 5, ("random",) * 2,
                                             stats="ruleset")).stats
    assert len(t["sizes"]) == len(t["support"]) == t["revolts"] + t["wars"]
    assert len(t["war_tiles_removed"]) == t["wars"] and t["end"] in ("bag", "treasures")
    m = simulate.play_game(simulate.GameSpec("mesopotamia", 3, 5, ("random",) * 3,
                                             {"max_rounds": 8}, stats="ruleset")).stats
    assert m["rounds"] == 8 and m["end"] == "rounds" and len(m["played"]) == 3
    assert set(m["played"][0]) == set(mesopotamia.CARDS)
    p = simulate.play_game(simulate.GameSpec("priest_kings", 4, 5, ("random",) * 4,
                                             stats="ruleset")).stats
    assert sum(p["broken"].values()) == p["battles"] and p["rerolls"] <= p["blessed_sides"]
    assert p["overlord"] in range(4) and p["turns"] >= 1


def test_statistics_of_the_final_state_keep_the_fast_path(monkeypatch):
    def refuse(state):
        raise AssertionError("the checked path was taken")

    monkeypatch.setattr(mesopotamia, "legal_moves", refuse)
    record = simulate.play_game(simulate.GameSpec(
        "mesopotamia", 2, 3, ("random", "random"), max_moves=400,
        stats="ruleset:final_stats"))
    assert record.stats["rounds"] >= 1 and record.stats["end"] == "unfinished"
    assert record.stats_from == "engine.mesopotamia.stats:final_stats"


def test_any_function_by_name():
    spec = simulate.GameSpec("priest_kings", 4, 2, ("random",) * 4,
                             stats="tests.engine.test_simulate:length_stats")
    record = simulate.simulate([spec], cf.ProcessPoolExecutor(1), progress=False)[0]
    assert record.stats["over"] is True and record.stats["events"] > record.length
    quick = simulate.play_game(simulate.GameSpec(
        "priest_kings", 4, 2, ("random",) * 4, stats="tests.engine.test_simulate:final_only"))
    assert quick.stats == {"events": None}


def test_a_capped_game_is_recorded_as_unfinished():
    capped = simulate.play_game(simulate.GameSpec("mesopotamia", 4, 1, ("random",) * 4,
                                                  max_moves=300))
    assert not capped.finished and capped.winners == () and capped.length == 300
    bots = simulate.play_game(simulate.GameSpec("mesopotamia", 2, 1, ("greedy", "random"),
                                                max_moves=25))
    assert not bots.finished and bots.length == 25
    summary = simulate.summarize([capped])
    assert summary["random"]["wins"] == 0


def test_mcts_with_a_horizon():
    bot = simulate.make_seat_bot("mcts:7:h12", 3)
    assert (bot.iterations, bot.horizon) == (7, 12)
    record = simulate.play_game(simulate.GameSpec("priest_kings", 4, 9,
                                                  ("mcts:4:h5", "random", "random", "greedy")))
    assert record.finished
    for spec in ("mcts:5:12", "greedy:1:h2", "mcts:0:h3", "mcts:3:h0"):
        with pytest.raises(InvalidInput, match="mcts:ITERATIONS:hDECISIONS"):
            simulate.make_seat_bot(spec, 1)


def test_records_round_trip_through_json():
    record = simulate.play_game(simulate.GameSpec("sumeria", 3, 2, ("random",) * 3,
                                                  {"tiebreak": "villages"}, stats="ruleset"))
    again = simulate.GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record
    with pytest.raises(InvalidInput, match="unknown field"):
        simulate.GameRecord.from_dict({**record.to_dict(), "colour": 1})
    data = record.to_dict()
    del data["winners"]
    with pytest.raises(InvalidInput, match="has no winners"):
        simulate.GameRecord.from_dict(data)
    with pytest.raises(InvalidInput, match="must be an object"):
        simulate.GameRecord.from_dict([1, 2])


def test_summary_counts_shared_wins_as_fractions():
    rec = simulate.GameRecord("sumeria", 1, 2, {}, ("a", "b"), (10, 10), (0, 1), 5, 0)
    table = simulate.summarize([rec])
    assert table["a"]["wins"] == 0.5 and table["b"]["win_rate"] == 0.5


def test_bad_specs_are_refused():
    with pytest.raises(InvalidInput, match="3 players need 3 bots"):
        simulate.play_game(simulate.GameSpec("sumeria", 3, 1, ("random",)))
    with pytest.raises(InvalidInput, match="games must be at least 1"):
        simulate.specs_for("sumeria", 0, 3, ["random"] * 3)
    cases = [
        (dict(ruleset="chess"), "unknown ruleset 'chess'"),
        (dict(seed=-1), "seed must be a whole number"),
        (dict(players=True), "players must be a whole number"),
        (dict(bots="random"), "bots must be a sequence"),
        (dict(bots=("random", "random", "chess")), "unknown bot 'chess'"),
        (dict(max_moves=0), "max_moves must be a whole number"),
        (dict(options=[1]), "options must be a mapping"),
        (dict(stats=""), "stats must be the name"),
        (dict(stats="ruleset:nothing"), "has no function 'nothing'"),
        (dict(stats="no.such.module:f"), "there is no module 'no.such.module'"),
    ]
    for change, message in cases:
        fields = dict(ruleset="sumeria", players=3, seed=1, bots=("random",) * 3)
        fields.update(change)
        with pytest.raises(InvalidInput, match=message):
            simulate.GameSpec(**fields)


def test_simulate_refuses_bad_arguments_and_passes_on_errors():
    specs = simulate.specs_for("sumeria", 2, 3, ["random"] * 3)
    with pytest.raises(InvalidInput, match="workers must be"):
        simulate.simulate(specs, workers=0, progress=False)
    with pytest.raises(InvalidInput, match="chunk must be"):
        simulate.simulate(specs, cf.ThreadPoolExecutor(1), chunk=0, progress=False)
    with pytest.raises(InvalidInput, match="GameSpec"):
        simulate.simulate(["sumeria"], workers=1, progress=False)
    bad = [simulate.GameSpec("sumeria", 3, n, ("random",) * 3, {"tiebreak": "cities"})
           for n in range(3)]
    with pytest.raises(InvalidInput, match="tiebreak must be one of"):
        simulate.simulate(bad, cf.ThreadPoolExecutor(2), chunk=1, progress=False)


def test_specs_reuse_seeds_across_options_for_paired_comparisons():
    towns = simulate.specs_for("sumeria", 5, 3, ["random"] * 3, seed=8)
    villages = simulate.specs_for("sumeria", 5, 3, ["random"] * 3, seed=8,
                                  options={"tiebreak": "villages"})
    assert [s.seed for s in towns] == [s.seed for s in villages]
    assert len({s.seed for s in towns}) == 5


def test_progress_bar_goes_to_stderr(capsys):
    simulate.simulate(simulate.specs_for("priest_kings", 3, 4, ["random"] * 4), workers=1)
    assert "3/3" in capsys.readouterr().err


def test_command_line(capsys):
    code = main(["simulate", "sumeria", "--games", "2", "--bots", "greedy,random,random",
                 "--workers", "1", "--quiet", "--option", "tiebreak=villages"])
    out = capsys.readouterr().out
    assert code == 0
    assert "sumeria: 2 games, 3 players" in out and "greedy" in out and "win rate" in out


def test_command_line_writes_records_with_statistics(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    code = main(["simulate", "mesopotamia", "--games", "2", "--bots", "random,random",
                 "--workers", "1", "--quiet", "--stats", "--max-moves", "200",
                 "--option", "max_rounds=none", "--records", str(path)])
    assert code == 0
    assert "(2 stopped at 200 decisions)" in capsys.readouterr().out
    records = [simulate.GameRecord.from_dict(json.loads(line))
               for line in path.read_text().splitlines()]
    assert [r.length for r in records] == [200, 200]
    assert all(r.stats["end"] == "unfinished" and "played" in r.stats for r in records)


def test_command_line_reports_bad_input(capsys):
    assert main(["simulate", "sumeria", "--games", "2", "--bots", "random,chess,random",
                 "--workers", "1", "--quiet"]) == 2
    assert "unknown bot 'chess'" in capsys.readouterr().err


def test_module_runs_as_a_script():
    result = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "sumeria", "--games", "3", "--quiet",
         "--workers", "1"], capture_output=True, text=True, check=True)
    assert "random" in result.stdout
