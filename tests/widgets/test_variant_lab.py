"""The variant laboratory (08-variant-lab, `sumer_widgets.variantlab.lab`): paired games of the
rule text and a house rule, their three measures with intervals, the save that records the
house rule, refusals of bad input, and nothing that needs a process or dask to import."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import royal_ur
from engine.core import SumerError
from sumer_widgets.plots.analysis import Estimate, Rate
from sumer_widgets.variantlab import lab
from tests.fuzzing import fuzz, garbage


@pytest.fixture(scope="module")
def ur_study():
    return lab.study("royal_ur", "no-rosette-throw", games=40, luck_games=3)


@pytest.mark.rules("U-OPT-ROSETTE-1", "U-TURN-1")
def test_the_two_sides_play_the_same_seeds_and_differ_by_the_house_rule(ur_study):
    standard, variant = ur_study.standard.records, ur_study.variant.records
    assert [r.seed for r in standard] == [r.seed for r in variant]
    assert all(r.options == {} for r in standard)
    assert all(r.options == {"rosette_throw": False} for r in variant)
    # Without the extra throws a game has fewer turns: clear even in 40 paired games.
    assert ur_study.verdicts()["length"] == "less"
    assert ur_study.longer.high < 0


@pytest.mark.rules("U-OPT-ROSETTE-1", "U-SETUP-1")
def test_every_measure_comes_with_its_interval(ur_study):
    for side in (ur_study.standard, ur_study.variant):
        assert isinstance(side.first_wins, Rate) and side.first_wins.n == 40
        assert side.first_wins.low <= side.first_wins.value <= side.first_wins.high
        for figure in (side.rounds, side.turns, side.luck_share):
            assert isinstance(figure, Estimate) and figure.low <= figure.value <= figure.high
        assert len(side.luck) == 3 and all(0 <= share <= 1 for share in side.luck)
    # Light throws first in the Royal Game of Ur: the first player's wins are light's.
    light = sum(0 in r.winners for r in ur_study.standard.records)
    assert ur_study.standard.first_wins.successes == light
    # Three replayed games are too few for the luck share to decide anything.
    assert ur_study.verdicts()["luck"] == "too few"


@pytest.mark.rules("U-OPT-ROSETTE-1")
def test_the_replay_is_the_simulated_game(ur_study):
    specs = lab.specs_for("royal_ur", 2, 2, ("greedy", "greedy"), seed=lab.SEED,
                          options={"rosette_throw": False})
    for spec, record in zip(specs, ur_study.variant.records):
        game = lab.replay(spec)
        assert len(game.moves) == record.length
        assert tuple(game.state.scores()) == record.scores


@pytest.mark.rules("U-OPT-ROSETTE-1")
def test_a_replay_that_is_not_the_record_is_refused(ur_study):
    spec = lab.specs_for("royal_ur", 1, 2, ("greedy", "greedy"), seed=lab.SEED)[0]
    other = ur_study.standard.records[1]
    with pytest.raises(RuntimeError, match="not the game simulate played"):
        lab.luck_share(spec, other)


@pytest.mark.rules("S-OPT-SCORING-1", "S-END-1")
def test_a_scoring_table_cannot_change_the_length_of_sumeria():
    found = lab.study("sumeria", "linear-scoring", games=2, luck_games=2)
    assert {r.rounds for r in found.standard.records + found.variant.records} == {6}
    assert found.verdicts()["length"] == "same"
    assert all(r.options == {"scoring": "linear"} for r in found.variant.records)


@pytest.mark.rules("U-OPT-ROSETTE-1", "U-OPT-PIECES-1")
def test_the_sentences_and_the_picture(ur_study, capsys):
    ur_study.show()
    told = capsys.readouterr().out
    assert "no extra throw on a rosette" in told
    assert "games last fewer rounds, beyond chance" in told
    assert told.count("[") >= 9  # every figure with its interval
    own = lab.study("royal_ur", None, options={"pieces": 3}, games=4, luck_games=2)
    assert own.variant_name == "your house rule (pieces = 3)"
    both = lab.rule_name("royal_ur", "no-rosette-throw", options={"rosette_throw": False,
                                                                   "pieces": 5})
    assert both == "no extra throw on a rosette, and pieces = 5"


@pytest.mark.rules("U-OPT-ROSETTE-1")
def test_the_save_records_the_house_rule_and_the_board_says_so(capsys):
    game = lab.saved_game("royal_ur", "no-rosette-throw")
    told = capsys.readouterr().out
    assert game.state.options.house_rules() == {"rosette_throw": False}
    assert royal_ur.Game.from_json(game.to_json()).state.options == game.state.options
    assert "The save records the house rules in force: rosette_throw = False." in told
    assert "(House rules: rosette_throw = False.)" in told


def test_the_menu_lists_every_house_rule(capsys):
    lab.menu()
    told = capsys.readouterr().out
    for ruleset, rules in lab.HOUSE_RULES.items():
        for rule in rules:
            assert f'"{rule}": {lab.rule_name(ruleset, rule)}' in told


@pytest.mark.parametrize(("ruleset", "rule", "options"), [
    (ruleset, rule, options) for ruleset, rules in lab.HOUSE_RULES.items()
    for rule, options in rules.items()])
def test_every_offered_house_rule_is_an_option_of_its_game(ruleset, rule, options):
    state = lab.rules_of(ruleset).new_state(lab.SETTINGS[ruleset]["players"], 1, **options)
    for name, value in options.items():
        assert getattr(state.options, name) == value


@pytest.mark.parametrize(("keywords", "says"), [
    ({"ruleset": "tigris"}, "the laboratory studies"),
    ({"rule": "no-such-rule"}, "has no house rule"),
    ({"rule": None}, "needs a house rule"),
    ({"options": {"pieces": 9}}, "pieces must be"),
    ({"options": [1, 2]}, "options must be a mapping"),
    ({"games": 0}, "games must be"),
    ({"games": 5, "luck_games": 6}, "luck_games must be"),
    ({"games": 1}, "games must be"),
    ({"bots": "greedy"}, "bots must be"),
    ({"bots": ("greedy", "nobody")}, "bot"),
    ({"workers": 0}, "workers must be"),
    ({"lang": "fr"}, "lang must be"),
])
def test_bad_input_gets_the_projects_own_refusal(keywords, says):
    with pytest.raises(SumerError, match=says):
        lab.study(**{"games": 2, "luck_games": 2, **keywords})


@fuzz(0.5)
@given(name=st.sampled_from(["ruleset", "rule", "options", "games", "luck_games", "bots",
                             "players", "seed", "workers", "lang"]), value=garbage)
def test_fuzz_study_refuses_garbage_with_its_own_errors(name, value):
    keywords = {"ruleset": "royal_ur", "rule": "no-rosette-throw", "games": 2,
                "luck_games": 2, name: value}
    # Garbage that happens to be a good value could ask for a long study: keep it small.
    if name in ("games", "luck_games") and isinstance(value, int) and value > 2:
        keywords["games"] = keywords["luck_games"] = 2
    if name == "workers" and isinstance(value, int):
        keywords["workers"] = 1  # a pool of processes is no input check
    try:
        lab.study(**keywords)
    except SumerError as refusal:
        assert refusal.reason


def test_the_laboratory_imports_no_cluster():
    """The browser-only site has no dask: nothing here may import it before it is asked for."""
    code = ("import sys; import sumer_widgets.variantlab.lesson; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('dask', 'distributed', 'multiprocessing')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "dask" not in out and "distributed" not in out


def test_without_matplotlib_the_study_still_says_its_figures():
    """As in the browser-only site (Pyodide): no matplotlib, no processes — a note instead of
    the picture, and every sentence."""
    program = (
        "import sys\n"
        "sys.modules['matplotlib'] = None\n"
        "from sumer_widgets.variantlab import lab\n"
        "lab.study('royal_ur', 'no-rosette-throw', games=6, luck_games=2).show()\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "No picture here" in done.stdout
    assert "The first player won, the rule text:" in done.stdout


def test_the_lessons_answers_need_no_replays_when_the_luck_share_cannot_decide(ur_study):
    """The lesson's answers skip the coach's replays (the slow part) where too few games are
    replayed for the luck share to decide: the verdicts are those of the whole study."""
    quick = lab._play("royal_ur", "no-rosette-throw", options=None, games=40, luck_games=3,
                      bots=None, players=None, seed=lab.SEED, workers=1, executor=None,
                      lang="en", coach=False)
    assert quick.standard.luck == quick.variant.luck == ()
    assert quick.verdicts() == ur_study.verdicts()
    assert lab.SETTINGS["royal_ur"]["luck_games"] < lab.FEW_GAMES
