"""Simulation at scale and the command line."""

from __future__ import annotations

import concurrent.futures as cf
import subprocess
import sys

import pytest

from engine import simulate
from engine.__main__ import main
from engine.core import InvalidInput


def test_records_do_not_depend_on_the_executor():
    specs = simulate.specs_for("sumeria", 6, 3, ["greedy", "random", "random"], seed=4)
    inline = simulate.simulate(specs, cf.ThreadPoolExecutor(1), progress=False, chunk=2)
    pooled = simulate.simulate(specs, cf.ProcessPoolExecutor(2), progress=False, chunk=2)
    assert inline == pooled
    assert [r.seed for r in inline] == [s.seed for s in specs]
    assert all(r.length > 70 and r.winners for r in inline)
    assert {r.bots for r in inline} == {("greedy", "random", "random"),
                                         ("random", "random", "greedy"),
                                         ("random", "greedy", "random")}


def test_all_random_seats_take_the_fast_path_and_count_moves():
    record = simulate.play_game(simulate.GameSpec("sumeria", 4, 17, ("random",) * 4))
    assert record.length > 60 and len(record.scores) == 4
    assert record.to_dict()["ruleset"] == "sumeria"


def test_summary_counts_shared_wins_as_fractions():
    rec = simulate.GameRecord("sumeria", 1, 2, {}, ("a", "b"), (10, 10), (0, 1), 5, 0)
    table = simulate.summarize([rec])
    assert table["a"]["wins"] == 0.5 and table["b"]["win_rate"] == 0.5


def test_bad_specs_are_refused():
    with pytest.raises(InvalidInput, match="3 players need 3 bots"):
        simulate.play_game(simulate.GameSpec("sumeria", 3, 1, ("random",)))
    with pytest.raises(InvalidInput, match="games must be at least 1"):
        simulate.specs_for("sumeria", 0, 3, ["random"] * 3)


def test_command_line(capsys):
    code = main(["simulate", "sumeria", "--games", "4", "--bots", "greedy,random,random",
                 "--workers", "1", "--quiet", "--option", "tiebreak=villages"])
    out = capsys.readouterr().out
    assert code == 0
    assert "sumeria: 4 games, 3 players" in out and "greedy" in out and "win rate" in out


def test_command_line_reports_bad_input(capsys):
    assert main(["simulate", "sumeria", "--games", "2", "--bots", "random,chess,random",
                 "--workers", "1", "--quiet"]) == 2
    assert "unknown bot 'chess'" in capsys.readouterr().err


def test_module_runs_as_a_script():
    result = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "sumeria", "--games", "3", "--quiet",
         "--workers", "1"], capture_output=True, text=True, check=True)
    assert "random" in result.stdout
