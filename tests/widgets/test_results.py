"""The full runs' result files: written and read back, the ladder and lengths files of the bots'
benchmark read and drawn (from small fixture files in tests/widgets/data/results), small
samples flagged in words, and scripts/results.py writing files the notebook can read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pytest

from engine.core import InvalidInput
from scripts import results as script
from sumer_widgets.plots import results as res
from sumer_widgets.plots.analysis import Estimate, Pairs, paired_difference, wilson
from tests.widgets.questions_drawn import FIXTURES, draw_every_question

ROOT = Path(__file__).resolve().parents[2]


def test_figures_round_trip_through_a_file(tmp_path):
    figures = {"rate": wilson(7, 20), "mean": Estimate(2.5, 2.0, 3.1, 40),
               "nested": {"3 players": [wilson(1, 3)]}, "plain": [1, "a", None]}
    res.write_result("x", {"figures": figures}, tmp_path)
    back = res.read_result("x", tmp_path)["figures"]
    assert back["mean"] == Estimate(2.5, 2.0, 3.1, 40)
    assert back["rate"].n == 20 and back["rate"].successes == 7
    assert abs(back["rate"].low - wilson(7, 20).low) < 1e-6
    assert back["nested"]["3 players"][0].n == 3 and back["plain"] == [1, "a", None]
    # Short objects stay on one line, so a diff of a regenerated file shows what changed.
    lines = (tmp_path / "x.json").read_text().splitlines()
    assert any(line.strip().startswith('"mean": {"kind": "estimate"') for line in lines)


def test_a_missing_or_broken_file_says_how_to_make_it(tmp_path):
    with pytest.raises(res.ResultsMissing, match="scripts/results.py"):
        res.read_result("sumeria", tmp_path)
    with pytest.raises(res.ResultsMissing, match="not here"):
        res.results_folder(tmp_path, beside_package=False)
    (tmp_path / "bad.json").write_text("[1, 2]")
    with pytest.raises(InvalidInput, match="object"):
        res.read_result("bad", tmp_path)


def test_the_results_folder_is_found_from_the_notebooks_folder():
    assert res.results_folder(ROOT / "notebooks") == ROOT / "benchmarks" / "results"


def test_small_samples_are_flagged_in_words():
    assert res.sample_note(wilson(1, 1)) == "only 1 game: no conclusion"
    assert res.sample_note(wilson(6, 6)) == "only 6 games: too few to conclude"
    assert "still wide" in res.sample_note(wilson(20, 40))
    assert res.sample_note(wilson(120, 200)) == ""
    assert res.sample_note(Estimate(3.0, 2.0, 4.0, 500)) == ""


def test_comparisons_go_by_the_interval_of_the_difference():
    apart = res.compare(wilson(150, 300), wilson(60, 300), percent=True, what="first wins",
                        names=("towns", "villages"))
    assert apart == ("first wins: towns 50% [44%, 56%] against villages 20% [16%, 25%] — "
                     "higher by 30.0 points [22.5, 37.0] (the intervals do not overlap).")
    close = res.compare(Estimate(2.0, 1.8, 2.2, 100), Estimate(2.1, 1.9, 2.3, 100), what="x")
    assert close == ("x: 2.0 [1.8, 2.2] against 2.1 [1.9, 2.3] — cannot tell them apart: the "
                     "difference, −0.1 [−0.4, 0.2], contains 0.")
    # Overlapping a little is not "cannot tell": the difference's interval decides.
    overlap = res.compare(wilson(95, 200), wilson(70, 200), percent=True, what="wins")
    assert overlap.endswith("— higher by 12.5 points [2.9, 21.8], beyond chance, though the "
                            "intervals overlap a little.")
    few = res.compare(wilson(0, 4), wilson(4, 4), what="x", games="battles")
    assert "lower" in few and few.endswith("; but only 4 battles: too few to conclude.")
    # A paired design gives its own, narrower interval of the difference.
    pairs = Pairs(both=500, first_only=60, second_only=20, neither=420)
    paired = res.compare(pairs.first, pairs.second, percent=True, what="breaks",
                         change=paired_difference(pairs))
    assert "higher by 4.0 points [2.3, 5.7]" in paired


def test_pairs_round_trip_through_a_file(tmp_path):
    res.write_result("x", {"figures": {"paired": Pairs(3, 2, 1, 4)}}, tmp_path)
    assert res.read_result("x", tmp_path)["figures"]["paired"] == Pairs(3, 2, 1, 4)


def test_the_paired_battles_are_the_battles_of_the_file():
    # The pairs were counted battle by battle; their two rates must be the file's rates.
    figures = res.read_result("priest_kings", res.results_folder(ROOT))["figures"]
    odds = {(b["reroll"], b["corps"]): b["outcomes"]["defender breaks"]
            for b in figures["battles"]}
    assert len(figures["paired"]) == len(odds) - 1
    for row in figures["paired"]:
        pairs = row["defender breaks"]
        assert pairs.n == odds[(False, 0)].n
        assert pairs.first.successes == odds[(row["reroll"], row["corps"])].successes
        assert pairs.second.successes == odds[(False, 0)].successes


def test_a_ladder_is_read_checked_and_put_in_words():
    ladder = res.read_ladder("sumeria", FIXTURES)
    assert [p["bot"] for p in ladder["pairings"]] == ["strong", "strong", "mcts:30", "mcts:300"]
    first = ladder["pairings"][0]["rate"]
    assert first.n == 200 and first.successes == 192 and first.value == 0.96
    said = res.ladder_sentences(ladder)
    assert said[0] == ("strong against random: won 96% [92%, 98%] of 200 games — stronger "
                       "(the whole interval is above 50%).")
    assert said[1].endswith("no difference we can see (the interval contains 50%).")
    assert "weaker" in said[2]
    assert said[3].endswith("only 6 games: too few to conclude.")
    # With three players an even bot wins a third of the games.
    assert "above 33%" in res.ladder_sentences({**ladder, "players": 3})[0]


@pytest.mark.parametrize("change, message", [
    (lambda p: p.pop("ci95"), "no ci95"),
    (lambda p: p.update(wins=300), "impossible counts"),
    (lambda p: p.update(ci95=[0.97, 0.99]), "ci95"),
    (lambda p: p.update(games=0), "impossible counts"),
])
def test_a_malformed_ladder_is_refused(tmp_path, change, message):
    data = json.loads((FIXTURES / "ladder-sumeria.json").read_text())
    change(data["pairings"][0])
    (tmp_path / "ladder-sumeria.json").write_text(json.dumps(data))
    with pytest.raises(InvalidInput, match=message):
        res.read_ladder("sumeria", tmp_path)


def test_the_ladder_plot_has_a_row_per_pairing_and_flags_small_samples():
    ladder = res.read_ladder("sumeria", FIXTURES)
    ax = res.plot_ladder(ladder)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == ["mcts:300 vs strong", "mcts:30 vs greedy", "strong vs greedy",
                      "strong vs random"]
    notes = [t.get_text() for t in ax.texts]
    assert "n = 6  (too few)" in notes and notes.count("n = 200") == 3
    assert ax.get_title() == "sumeria"
    plt.close("all")


def test_lengths_are_read_drawn_and_put_in_words(tmp_path):
    lengths = res.read_lengths("mesopotamia-lengths", FIXTURES)
    said = res.length_sentences(lengths)
    assert said[0] == ("2 players: 3 of 3 games ended by the rule text; median 34 rounds (from "
                       "30 to 41), 450 decisions — only 3 games: too few to say how long a "
                       "game usually is.")
    assert "1 of 2 games" in said[1] and "1 stopped unfinished" in said[1]
    ax = res.plot_lengths(lengths)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["2 players: 3 games", "4 players: 1 game, 1 stopped"]
    assert ax.get_xlabel().startswith("rounds")
    with pytest.raises(InvalidInput):
        res.plot_lengths(lengths, measure="minutes")
    (tmp_path / "mesopotamia-lengths.json").write_text('{"games": [{"rounds": 3}]}')
    with pytest.raises(InvalidInput, match="decisions"):
        res.read_lengths("mesopotamia-lengths", tmp_path)
    plt.close("all")


def test_the_script_writes_files_the_notebook_reads(tmp_path, capsys):
    # A tiny run of the quick parts (the ladder's and Mesopotamia's games take minutes).
    assert script.main(["sumeria", "priest_kings", "--scale", "0.002", "--workers", "1",
                        "--out", str(tmp_path)]) == 0
    sumeria = res.read_result("sumeria", tmp_path)
    assert sumeria["generated_by"] == "python scripts/results.py sumeria --scale 0.002"
    assert sumeria["sizes"] == {"games per player count and option": 3}
    seats = sumeria["figures"]["seats"]["3 players"]["rates"]
    assert len(seats) == 3 and all(r.n == 3 for r in seats)
    kings = res.read_result("priest_kings", tmp_path)["figures"]
    assert len(kings["battles"]) == 8 and len(kings["campaigns"]["random"]["turns"]) == 4
    assert [p["defender breaks"].n for p in kings["paired"]] == [10] * 7
    with pytest.raises(SystemExit):
        script.main(["no-such-part"])


def test_the_royal_ur_part_writes_the_head_start_the_notebook_draws(tmp_path, capsys):
    from engine import royal_ur as ur
    from sumer_widgets.analysis import questions as q

    assert script.main(["royal_ur", "--scale", "0.002", "--workers", "1",
                        "--out", str(tmp_path)]) == 0
    data = res.read_result("royal_ur", tmp_path)
    assert data["generated_by"] == "python scripts/results.py royal_ur --scale 0.002"
    assert data["sizes"] == {"games per strength (7 pieces)": 12,
                             "perfect-play games (3 pieces)": 12}
    seven, three = data["figures"]["7 pieces"], data["figures"]["3 pieces"]
    assert list(seven) == ["random", "greedy", "expert"]
    assert all(f["light wins"].n == 12 and f["throws a game"].n == 12 for f in seven.values())
    # The 3-piece games are perfect play, so they are far shorter than the 7-piece ones.
    assert three["perfect play"]["throws a game"].value < seven["random"]["throws a game"].low
    assert three["exact"] == pytest.approx(ur.win_chance(ur.new_state(seed=0, pieces=3)),
                                           abs=1e-6)
    capsys.readouterr()
    shown = q.seen(q.head_start, data)
    assert len(shown.pictures) == 1 and not plt.get_fignums()
    assert "two experts: light won" in shown.text and "12 games for each pair" in shown.text
    assert "under perfect play light wins exactly 51.6%" in shown.text


def test_the_head_start_picture_draws_every_rate_against_the_even_line():
    from sumer_widgets.analysis import questions as q

    data = res.read_result("royal_ur", res.results_folder(ROOT))
    seven = data["figures"]["7 pieces"]
    rates = {bot: f["light wins"] for bot, f in seven.items()}
    rates["3 pieces"] = data["figures"]["3 pieces"]["perfect play"]["light wins"]
    throws = {bot: f["throws a game"] for bot, f in seven.items()}
    ax = q._head_start_plot(rates, throws, data["figures"]["3 pieces"]["exact"])
    # One point with its interval for each pair of players, at its rate in percent.
    points = [line for line in ax.get_lines() if line.get_marker() == "o"]
    assert [round(y, 6) for line in points for y in line.get_ydata()] == [
        round(r.value * 100, 6) for r in rates.values()]
    [diamond] = [line for line in ax.get_lines() if line.get_marker() == "D"]
    assert diamond.get_ydata()[0] == pytest.approx(data["figures"]["3 pieces"]["exact"] * 100)
    dashed = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    assert [line.get_ydata()[0] for line in dashed] == [50]
    low, high = ax.get_ylim()
    assert low < min(r.low * 100 for r in rates.values()) < 50
    assert high > max(r.high * 100 for r in rates.values())
    assert [t.get_text() for t in ax.get_xticklabels()] == ["random", "greedy", "expert",
                                                            "3 pieces"]
    [right] = [a for a in ax.figure.axes if a is not ax]
    assert len(right.patches) == 3 and right.get_ylabel() == "throws a game"
    plt.close("all")


def test_every_question_of_the_notebook_draws_from_the_committed_files(capsys):
    from sumer_widgets.analysis import questions as q

    folder = res.results_folder(ROOT)
    draw_every_question(q, folder, FIXTURES)
    said = capsys.readouterr().out
    assert "sumeria.json" in said and "made by: python scripts/results.py" in said
    assert "the first player won" in said and "too few to conclude" in said
    assert said.count("against") > 10
    plt.close("all")


def test_without_matplotlib_the_questions_still_say_their_figures():
    program = (
        "import sys\n"
        "sys.modules['matplotlib'] = None\n"
        "from sumer_widgets.analysis import questions as q\n"
        "from sumer_widgets.plots import results as res\n"
        "from tests.widgets.questions_drawn import FIXTURES, ROOT, draw_every_question\n"
        "draw_every_question(q, res.results_folder(ROOT), FIXTURES)\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "No picture here" in done.stdout and "the first player won" in done.stdout


def test_the_script_writes_ladders_and_lengths_in_the_benchmarks_format(tmp_path, monkeypatch):
    monkeypatch.setattr(script, "LADDERS", {"priest_kings": (4, {}, [("greedy", "random")])})
    monkeypatch.setattr(script, "LENGTH_BOT", "random")  # the format, not the expert: quick
    monkeypatch.setitem(script.SIZES, "lengths", {"natural games per player count": 200,
                                                  "cap (decisions)": 300})
    assert script.main(["ladder", "lengths", "--scale", "0.01", "--workers", "1",
                        "--out", str(tmp_path)]) == 0
    ladder = res.read_ladder("priest_kings", tmp_path)
    [pairing] = ladder["pairings"]
    assert (pairing["bot"], pairing["opponent"], pairing["games"]) == ("greedy", "random", 2)
    assert ladder["players"] == 4 and ladder["generated_by"].endswith("ladder --scale 0.01")
    lengths = res.read_lengths("mesopotamia-lengths", tmp_path)
    assert [g["players"] for g in lengths["games"]] == [2, 2, 3, 3, 4, 4]
    assert all(g["decisions"] >= 300 and not g["finished"] for g in lengths["games"])
    assert len(res.length_sentences(lengths)) == 3


def test_a_wide_interval_still_decides_when_it_leaves_the_even_rate_out():
    def ladder(wins, games, players):
        value, ci = res.ladder_rate(wins, 0, games)
        return {"players": players, "pairings": [
            {"bot": "a", "opponent": "b", "games": games, "wins": wins, "draws": 0,
             "win_rate": value, "ci95": ci, "rate": wilson(wins, games)}]}

    # 28 of 40 is 70 % [55 %, 82 %]: wide, but all above a third.
    [said] = res.ladder_sentences(ladder(28, 40, 3))
    assert said.endswith("stronger (the whole interval is above 33%).")
    ax = res.plot_ladder(ladder(28, 40, 3))
    assert [t.get_text() for t in ax.texts] == ["n = 40"]
    # 20 of 40 against an even 50 %: the interval is too wide to call the two even.
    [said] = res.ladder_sentences(ladder(20, 40, 2))
    assert said.endswith("40 games, and the interval is still wide: too few to conclude.")
    assert [t.get_text() for t in res.plot_ladder(ladder(20, 40, 2)).texts] == [
        "n = 40  (too few)"]
    plt.close("all")


def test_a_reveal_keeps_the_pictures_and_sentences_for_the_form(capsys):
    from sumer_widgets.analysis import questions as q

    shown = q.seen(q.reroll_counts, res.read_result("priest_kings", res.results_folder(ROOT)))
    assert capsys.readouterr().out == "" and "battles" in shown.text and not shown.pictures
    drawn = q.seen(q.shrinking, 0.35, (200, 800), widths=True)
    assert len(drawn.pictures) == 1 and "800 games" in drawn.text and not plt.get_fignums()
    assert drawn._repr_html_().startswith('<div><img src="data:image/png;base64,')


def test_every_question_reveals_its_answer_only_after_it_is_asked():
    from sumer_widgets.lessons import Lesson

    lesson = Lesson("analysis")
    for exercise in lesson.exercises:
        question = lesson.ask(exercise.id)
        assert question.revealed() is None
        question.verdict(exercise.expected())
        shown = question.revealed()
        # What the question owns gives its answer away: that is why it waits.
        assert shown.pictures and any(tell.search(" ".join(shown.text.split()))
                                      for tell in exercise.giveaways()), exercise.id
    plt.close("all")


def test_the_leak_check_finds_an_answer_of_05_analysis_put_back():
    import copy

    from scripts.notebook_parts import leaks, read

    notebook = read(ROOT / "notebooks" / "05-analysis.ipynb")
    assert not leaks(notebook)
    kings = res.read_result("priest_kings", res.results_folder(ROOT))
    from sumer_widgets.analysis import questions as q

    for exercise_id, shown in (("reroll-points", q.seen(q.reroll, kings).text),
                               ("first-player-four", q.seen(q.first_player, res.read_result(
                                   "sumeria", res.results_folder(ROOT))).text)):
        asked = next(index for index, cell in enumerate(notebook["cells"])
                     if f'ask("{exercise_id}")' in "".join(cell["source"]))
        # The reveal's sentences as the stored output of the cell before the question.
        told = copy.deepcopy(notebook)
        told["cells"][asked - 1].setdefault("outputs", []).append(
            {"output_type": "stream", "name": "stdout", "text": [shown]})
        assert told["cells"][asked - 1]["cell_type"] == "code"
        assert [leak for leak in leaks(told) if leak.exercise == exercise_id], exercise_id
    plt.close("all")
