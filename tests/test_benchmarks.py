"""The benchmark scripts run and print their figures (tiny samples; nothing is timed here —
speed is measured by running them by hand, `make bench`, on a quiet machine)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

QUICK = {
    "sumeria": ["--games", "3", "--repeats", "1"],
    "tigris": ["--games", "2", "--repeats", "1"],
    "mesopotamia": ["--games", "2", "--repeats", "1", "--rounds", "2", "--natural", "1",
                    "--cap", "300"],
    "priest_kings": ["--campaigns", "3", "--repeats", "1"],
    "simulate": ["--repeats", "1", "--scale", "0.02"],
    "bot_speed": ["--games", "1", "--random-games", "2", "--rulesets", "priest_kings,royal_ur"],
    "search": ["--iterations", "20", "--games", "0.02", "--repeats", "1"],
    "royal_ur_solver": ["--python", "1,2", "--numpy", "2"],
    "coach": ["--speed", "--positions", "2", "--games", "1", "--only", "royal_ur,priest_kings"],
    "coach_board": ["--moves", "3", "--games", "royal_ur,priest_kings"],
}
#: Scripts that measure a bot's strength rather than speed: rates with their intervals.
STRENGTH = {
    "priest_kings_expert": ["--games", "2"],
    "priest_kings_oracle": ["--games", "1"],
}
#: Ladders: each pairing's win rate with its interval.
LADDERS = {"royal_ur_ladder": ["--pieces", "2", "--games", "4"]}


#: Scripts that measure memory rather than speed: megabytes above the process's start.
MEMORY = {
    "load_memory": ["--scale", "0.02"],
}


def run(script: str, args: list[str]) -> str:
    """What the benchmark script printed (it must succeed)."""
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / f"{script}.py"), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("script", sorted(QUICK))
def test_the_benchmark_runs_and_prints_its_figures(script):
    printed = run(script, QUICK[script])
    lines = printed.strip().splitlines()
    assert len(lines) >= 3, printed
    # A header saying what is measured, then the figures.
    assert "python" in lines[0].lower()
    assert "/s" in printed or "per second" in printed
    assert sum(any(c.isdigit() for c in line) for line in lines[1:]) >= 2


@pytest.mark.parametrize("script", sorted(STRENGTH))
def test_the_strength_measure_runs_and_prints_rates_with_intervals(script):
    lines = run(script, STRENGTH[script]).strip().splitlines()
    # What played whom, then each rate with its 95 % interval.
    assert " vs " in lines[0]
    for rate in ("ladder score", "among the winners", "sole winner", "pairwise"):
        line = next(line for line in lines if rate in line)
        assert "%" in line and "[" in line and "]" in line


@pytest.mark.parametrize("script", sorted(LADDERS))
def test_the_ladder_runs_and_prints_each_pairing_with_its_interval(script):
    lines = run(script, LADDERS[script]).strip().splitlines()
    pairings = [line for line in lines if " vs " in line]
    assert pairings and all("%" in line and "[" in line and "]" in line for line in pairings)
    assert any("first player" in line for line in lines)


@pytest.mark.parametrize("script", sorted(MEMORY))
def test_the_memory_measure_runs_and_prints_its_figures(script):
    lines = run(script, MEMORY[script]).strip().splitlines()
    assert "python" in lines[0].lower()
    figures = [line for line in lines[1:] if "MB" in line and any(c.isdigit() for c in line)]
    assert len(figures) >= 3, lines
    assert any("goal" in line for line in figures)


def test_the_pairwise_score_compares_the_seat_with_each_other_seat():
    from benchmarks.priest_kings_expert import pairwise

    assert pairwise({0}, 0) == 1.0  # a sole win beats all three
    assert pairwise({0, 1}, 0) == pytest.approx(2.5 / 3)  # a draw with the partner in the win
    assert pairwise({1, 2}, 0) == pytest.approx(0.5 / 3)  # two beat it, the other loser draws
    assert pairwise({1}, 0) == pytest.approx(1 / 3)


def test_every_benchmark_script_has_a_quick_run():
    scripts = {p.stem for p in (ROOT / "benchmarks").glob("[a-z]*.py")}
    # The browser's measures need Chromium (and, for the site, its build): run by hand.
    browser = {"widget_latency", "lite_site"}
    assert scripts - browser == set(QUICK) | set(STRENGTH) | set(LADDERS) | set(MEMORY)
