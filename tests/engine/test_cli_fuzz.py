"""The command line answers bad input with one line on stderr and a non-zero exit, before it
plays a single game; never with a traceback."""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import simulate as simulate_module
from engine.__main__ import main
from tests.fuzzing import RULESETS, TRICKY_TEXT, fuzz

NUMBERS = ("0", "1", "2", "3", "4", "-1", "10000000000000", "1" * 5000, "²", "٣", "+2",
           "1.5", "", "none", "1e3")
BOTS = ("random", "greedy", "mcts", "mcts:5", "mcts:0", "mcts:²", "mcts:10000000000000",
        "mcts:5:h3", "mcts:5:h²", "mcts:5:h0", "chess", "", ",", "random,random",
        "random,random,random,random", "greedy,mcts:3,random")
OPTIONS = ("tiebreak=villages", "tiebreak=cities", "board=advanced", "max_rounds=none",
           "max_rounds=²", "battles=recorded", "x=1", "novalue", "=", "players=3",
           "scoring=linear", "offer=4,1,1", "offer=1,,2", "scoring=[0,1,2]", "army={",
           "army={}", "turns=3", "rosette_throw=false", "hand_size=99", "movement=6")
RECORDS = ("games.jsonl", "", ".", "/", "no/such/dir/games.jsonl", "/proc/nope.jsonl",
           "a\x00b")


def run(argv: list[str]) -> tuple[int, str, str, list]:
    """Run the command line in a fresh directory with `simulate` replaced by a recorder."""
    played: list = []

    def fake_simulate(specs, **kwargs):
        played.extend(specs)
        return []

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as where, \
            mock.patch.object(simulate_module, "simulate", fake_simulate), \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        os.chdir(where)
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
        finally:
            os.chdir(here)
    return code, out.getvalue(), err.getvalue(), played


flag_values = st.one_of(
    st.tuples(st.just("--games"), st.sampled_from(NUMBERS)),
    st.tuples(st.just("--players"), st.sampled_from(NUMBERS)),
    st.tuples(st.just("--seed"), st.sampled_from(NUMBERS)),
    st.tuples(st.just("--workers"), st.sampled_from(NUMBERS)),
    st.tuples(st.just("--max-moves"), st.sampled_from(NUMBERS)),
    st.tuples(st.just("--bots"), st.sampled_from(BOTS)),
    st.tuples(st.just("--option"), st.sampled_from(OPTIONS)),
    st.tuples(st.just("--records"), st.sampled_from(RECORDS)),
    st.tuples(st.sampled_from(["--stats", "--quiet", "--no-rotate", "--what"])),
    st.tuples(st.sampled_from(TRICKY_TEXT)),
)


@fuzz(1)
@given(ruleset=st.one_of(st.sampled_from(RULESETS), st.sampled_from(["chess", "", "²"])),
       flags=st.lists(flag_values, max_size=5))
def test_command_line_garbage(ruleset, flags):
    argv = ["simulate", ruleset, *(word for flag in flags for word in flag)]
    code, out, err, played = run(argv)
    if code == 0:
        assert played and not err.strip()
    else:
        assert code == 2 and not played, f"{argv}: exit {code} after {len(played)} games"
        lines = err.strip().splitlines()
        assert len(lines) == 1, f"{argv}: not one line on stderr: {err!r}"
        assert "Traceback" not in err


@pytest.mark.parametrize("argv, message", [
    (["--players", "0"], "--players: must be a whole number ≥ 1"),
    (["--games", "10000000000000"], "--games: must be a whole number from 1 to 1,000,000"),
    (["--games", "²"], "--games: must be a whole number"),
    (["--bots", "mcts:10000000000000,random,random"], "iterations must be a whole number"),
    (["--bots", "mcts:²,random,random"], "bad bot spec 'mcts:²'"),
    (["--bots", "mcts:5:h²,random,random"], "bad bot spec"),
    (["--workers", "100000"], "--workers: must be a whole number from 1 to 256"),
    (["--players", "5", "--bots", "random,random,random"], "5 players need 5 bots"),
    (["--players", "5"], "Sumeria is played by 3 or 4 players"),
    (["--option", "scoring=linear", "--option", "scoring=triangle"],
     "--option scoring is given more than once"),
    (["--option", "offer=3,2"], "offer must be three whole numbers"),
    (["--option", "scoring=[1,2"], "option scoring is not valid JSON"),
    (["--players", "2", "--bots", "random,random"], "Sumeria is played by 3 or 4 players"),
    (["--option", "tiebreak=cities"], "tiebreak must be one of"),
    (["--records", "no/such/dir/games.jsonl"], "cannot write the records to"),
])
def test_bad_arguments_are_refused_before_any_game(argv, message):
    code, _, err, played = run(["simulate", "sumeria", *argv])
    assert code == 2 and not played
    assert message in err and len(err.strip().splitlines()) == 1


def test_records_path_is_checked_before_playing(tmp_path):
    started = []
    with mock.patch.object(simulate_module, "play_game",
                           side_effect=lambda spec: started.append(spec)):
        code = main(["simulate", "sumeria", "--games", "3", "--workers", "1", "--quiet",
                     "--records", str(tmp_path / "missing" / "games.jsonl")])
    assert code == 2 and not started


def test_a_failed_run_leaves_no_records_file(tmp_path):
    path = tmp_path / "games.jsonl"
    with mock.patch.object(simulate_module, "simulate",
                           side_effect=simulate_module.InvalidInput("a game failed")):
        assert main(["simulate", "sumeria", "--games", "1", "--records", str(path)]) == 2
    assert not os.path.exists(path)


def test_the_default_bots_fit_the_games_table():
    for ruleset, players in (("royal_ur", 2), ("sumeria", 3), ("tigris", 2),
                             ("mesopotamia", 4), ("priest_kings", 4)):
        code, _, err, played = run(["simulate", ruleset, "--games", "2"])
        assert code == 0, err
        assert {spec.players for spec in played} == {players}
        assert all(spec.bots == ("random",) * players for spec in played)
    code, _, err, played = run(["simulate", "tigris", "--players", "4", "--games", "1"])
    assert code == 0 and played[0].bots == ("random",) * 4


def test_the_bots_help_names_every_bot(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    bots_help = help_text.split("--bots BOTS", 2)[2].split("--seed SEED", 1)[0]
    for bot in ("random", "greedy", "expert", "mcts"):
        assert bot in bots_help


def test_house_rules_from_the_command_line():
    code, _, err, played = run(["simulate", "sumeria", "--games", "1", "--option",
                                "offer=4,1,1", "--option", "scoring=linear",
                                "--option", "traders=12"])
    assert code == 0, err
    assert played[0].options == {"offer": [4, 1, 1], "scoring": "linear", "traders": 12}
    code, _, err, played = run(["simulate", "sumeria", "--games", "1", "--option",
                                "scoring=[0,2,4,6,8,10,12,14,16,18]"])
    assert code == 0 and played[0].options["scoring"][1] == 2
    code, _, err, played = run(["simulate", "royal_ur", "--games", "1", "--option",
                                "rosette_throw=false"])
    assert code == 0 and played[0].options == {"rosette_throw": False}


def test_an_endless_game_is_refused_without_a_cap():
    code, _, err, played = run(["simulate", "mesopotamia", "--games", "1", "--option",
                                "max_rounds=none"])
    assert code == 2 and not played
    assert "let a game run without end" in err and "--max-moves" in err
    code, _, err, played = run(["simulate", "mesopotamia", "--games", "1", "--option",
                                "max_rounds=none", "--max-moves", "500"])
    assert code == 0 and played[0].max_moves == 500
    with pytest.raises(simulate_module.InvalidInput, match="without end"):
        simulate_module.play_game(simulate_module.GameSpec(
            "mesopotamia", 2, 1, ("random", "random"), {"max_rounds": None}))
