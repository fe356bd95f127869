"""The analysis helpers: intervals, ratings, the questions' tallies and their plots."""

from __future__ import annotations

import math
import random

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pytest

from engine.core import InvalidInput
from engine.simulate import GameRecord, play_game, simulate, specs_for
from sumer_widgets.mesopotamia import figures as mesopotamia
from sumer_widgets.plots import analysis as an
from sumer_widgets.priest_kings import figures as priest_kings
from sumer_widgets.priest_kings.plots import plot_battle_conditions
from sumer_widgets.royal_ur import figures as royal_ur
from sumer_widgets.sumeria import figures as sumeria
from sumer_widgets.tigris import figures as tigris


def record(bots, scores, winners, *, seed=1, first=0, stats=None, finished=True, length=10,
           ruleset="sumeria"):
    return GameRecord(ruleset, seed, len(bots), {}, tuple(bots), tuple(scores), tuple(winners),
                      length, first, finished, stats)


# --------------------------------------------------------------------------------- intervals


def test_wilson_matches_known_values():
    half = an.wilson(5, 10)
    assert half.value == 0.5
    assert half.low == pytest.approx(0.2366, abs=1e-4)
    assert half.high == pytest.approx(0.7634, abs=1e-4)
    none = an.wilson(0, 10)
    assert none.low == 0 and none.high == pytest.approx(0.2775, abs=1e-4)
    assert an.wilson(10, 10).high == 1.0
    assert str(an.wilson(7, 20)) == "35% [18%, 57%] of 20"


def test_wilson_refuses_impossible_counts():
    with pytest.raises(InvalidInput, match="at least one trial"):
        an.wilson(0, 0)
    with pytest.raises(InvalidInput, match="between 0 and n=5"):
        an.wilson(6, 5)


def test_the_bootstrap_is_reproducible_and_brackets_the_figure():
    values = [x * x % 17 for x in range(41)]
    first = an.bootstrap(values, resamples=300, seed=4)
    assert first == an.bootstrap(values, resamples=300, seed=4)
    assert first.low < first.value < first.high and first.n == 41
    assert an.bootstrap(values, resamples=300, seed=5) != first
    wide = an.bootstrap(values, resamples=300, seed=4, level=0.99)
    assert wide.low <= first.low and wide.high >= first.high
    with pytest.raises(InvalidInput, match="at least one item"):
        an.bootstrap([])
    with pytest.raises(InvalidInput, match="resamples must be"):
        an.bootstrap([1, 2], resamples=3)
    with pytest.raises(InvalidInput, match="level must be"):
        an.bootstrap([1, 2], level=1.5)


def test_the_normal_interval_of_a_mean():
    estimate = an.mean_interval([1, 2, 3, 4, 5])
    assert estimate.value == 3
    assert estimate.high - estimate.value == pytest.approx(1.96 * math.sqrt(2.5 / 5), rel=1e-3)
    assert estimate.format(2).startswith("3.00 [")
    with pytest.raises(InvalidInput, match="at least two values"):
        an.mean_interval([1])


# ------------------------------------------------------------------------------- differences


def test_the_difference_of_two_separate_rates_is_newcombes():
    # Newcombe (1998), "Interval estimation for the difference between independent
    # proportions", example (a): 56/70 − 48/80, method 10 (the Wilson score intervals).
    change = an.difference(an.wilson(56, 70), an.wilson(48, 80))
    assert change.value == pytest.approx(0.2)
    assert (change.low, change.high) == pytest.approx((0.0524, 0.3339), abs=1e-4)
    assert change.n == 70
    # Swapping the two turns the interval round.
    back = an.difference(an.wilson(48, 80), an.wilson(56, 70))
    assert (back.low, back.high) == pytest.approx((-change.high, -change.low))


def test_overlapping_intervals_can_still_differ_beyond_chance():
    a, b = an.wilson(70, 200), an.wilson(95, 200)
    assert a.high > b.low  # the two intervals overlap ...
    change = an.difference(b, a)
    assert change.low > 0  # ... but the interval of the difference leaves out 0
    # It is narrower than the two intervals end to end, wider than either alone.
    assert change.high - change.low < (a.high - a.low) + (b.high - b.low)
    assert change.high - change.low > max(a.high - a.low, b.high - b.low)
    # Figures other than rates take the same construction (their own interval ends).
    means = an.difference(an.Estimate(4.57, 4.46, 4.67, 400), an.Estimate(4.79, 4.67, 4.92, 400))
    assert means.high < 0 and means.value == pytest.approx(-0.22)
    with pytest.raises(InvalidInput, match="intervals"):
        an.difference(an.Estimate(1.0, math.nan, math.nan, 5), a)


def test_pairs_count_the_trials_where_two_conditions_agree_and_disagree():
    pairs = an.pair_up([1, 1, 0, 0, 1, 0], [1, 0, 1, 0, 0, 0])
    assert pairs == an.Pairs(both=1, first_only=2, second_only=1, neither=2)
    assert pairs.n == 6 and pairs.first.successes == 3 and pairs.second.successes == 2
    with pytest.raises(InvalidInput, match="one of each"):
        an.pair_up([True], [True, False])
    with pytest.raises(InvalidInput, match="at least one"):
        an.pair_up([], [])


def paired_trials(n, seed, *, flip):
    """Trials seen under two conditions: the second a little likelier, the two alike except
    for a share `flip` of the trials, redrawn."""
    rng = random.Random(seed)
    first, second = [], []
    for _ in range(n):
        base = rng.random()
        first.append(base < 0.50)
        second.append(base < 0.56 if rng.random() > flip else rng.random() < 0.56)
    return first, second


def test_the_paired_difference_agrees_with_a_paired_bootstrap():
    first, second = paired_trials(3000, 7, flip=0.3)
    pairs = an.pair_up(second, first)
    paired = an.paired_difference(pairs)
    assert paired.value == pytest.approx((pairs.first_only - pairs.second_only) / pairs.n)
    # Resampling whole trials, each with both of its outcomes, gives the same interval.
    trials = list(zip(second, first))
    boot = an.bootstrap(trials, lambda ts: an.mean([a - b for a, b in ts]), resamples=1000,
                        seed=3)
    assert boot.value == pytest.approx(paired.value)
    assert (paired.low, paired.high) == pytest.approx((boot.low, boot.high), abs=0.006)
    # Swapping the conditions turns it round.
    back = an.paired_difference(an.pair_up(first, second))
    assert (back.low, back.high) == pytest.approx((-paired.high, -paired.low))


def test_pairing_narrows_the_interval_the_more_the_trials_agree():
    widths = []
    for flip in (0.1, 0.5, 1.0):
        first, second = paired_trials(3000, 11, flip=flip)
        pairs = an.pair_up(second, first)
        paired = an.paired_difference(pairs)
        separate = an.difference(pairs.first, pairs.second)
        widths.append((paired.high - paired.low) / (separate.high - separate.low))
    # Nearly alike trials: much narrower; unrelated ones: as wide as separate samples.
    assert widths[0] < 0.5 < widths[1] < widths[2]
    assert widths[2] == pytest.approx(1.0, abs=0.05)
    # With no trial that disagrees there is no difference, and still an interval around it.
    none = an.paired_difference(an.Pairs(40, 0, 0, 60))
    assert none.value == 0 and none.low < 0 < none.high


# ----------------------------------------------------------------------------------- ratings


def test_tournaments_seat_every_ordering_in_turn():
    specs = an.tournament_specs("sumeria", 3, ["random", "greedy", "mcts:5", "mcts:9"], 24,
                                seed=2)
    assert len({s.bots for s in specs}) == 24
    assert all(len(set(s.bots)) == 3 for s in specs)
    assert len({s.seed for s in specs}) == 24
    with pytest.raises(InvalidInput, match="at least 3 different bots"):
        an.tournament_specs("sumeria", 3, ["random", "greedy"], 4)
    with pytest.raises(InvalidInput, match="repeats a bot"):
        an.tournament_specs("sumeria", 3, ["random", "random", "greedy"], 4)


def test_pairwise_results_rank_winners_then_scores():
    game = record(["a", "b", "c"], [30, 20, 25], [0])
    table = an.pairwise_results([game, record(["b", "a", "c"], [5, 5, 5], [0, 1, 2])])
    assert table[("a", "b")] == [1.5, 2]      # a beat b, then drew with it
    assert table[("a", "c")] == [1.5, 2]
    assert table[("b", "c")] == [0.5, 2]      # c outscored b among the losers, then a draw


def test_bradley_terry_recovers_known_strengths():
    true = {"random": 0, "greedy": 200, "mcts": 400}
    rng = random.Random(1)
    games = []
    for g in range(3000):
        a, b = rng.sample(list(true), 2)
        p = 1 / (1 + 10 ** ((true[b] - true[a]) / 400))
        won = 0 if rng.random() < p else 1
        games.append(record([a, b], [1 - won, won], [won], seed=g))
    fit = an.bradley_terry(games)
    assert fit["random"] == 0
    assert fit["greedy"] == pytest.approx(200, abs=35)
    assert fit["mcts"] == pytest.approx(400, abs=40)
    ratings = an.elo_ratings(games[:300], resamples=50, seed=1)
    assert all(e.low <= e.value <= e.high for e in ratings.values())
    assert ratings["random"].low == ratings["random"].high == 0


def test_the_prior_keeps_an_unbeaten_bot_finite():
    games = [record(["greedy", "random"], [1, 0], [0], seed=g) for g in range(20)]
    strong = an.bradley_terry(games)["greedy"]
    assert 0 < strong < 2000
    assert an.bradley_terry(games, prior=5)["greedy"] < strong
    with pytest.raises(InvalidInput, match="anchor bot 'mcts'"):
        an.bradley_terry(games, anchor="mcts")
    with pytest.raises(InvalidInput, match="prior must be"):
        an.bradley_terry(games, prior=-1)
    with pytest.raises(InvalidInput, match="resamples must be"):
        an.elo_ratings(games, resamples=2)


# ------------------------------------------------------------------------ the questions


def test_seat_win_rates_count_from_the_first_player():
    games = [record(["random"] * 3, [3, 2, 1], [0], first=0),
             record(["random"] * 3, [3, 2, 1], [1], first=1),
             record(["random"] * 3, [3, 3, 1], [0, 1], first=2)]
    rates, fair = an.seat_win_rates(games)
    assert [r.successes for r in rates] == [2, 1, 1]
    assert fair == pytest.approx(4 / 3 / 3)
    with pytest.raises(InvalidInput, match="one player count"):
        an.seat_win_rates([*games, record(["random"] * 4, [1] * 4, [0])])
    with pytest.raises(InvalidInput, match="draws a first player"):
        an.seat_win_rates([record(["random"] * 3, [1] * 3, [0], first=None)])
    with pytest.raises(InvalidInput, match="at least one game record"):
        an.seat_win_rates([])


def test_tiebreak_effect_on_real_pairs_of_games():
    towns = simulate(specs_for("sumeria", 6, 3, ["random"] * 3, seed=3, stats="ruleset"),
                     workers=1, progress=False)
    villages = simulate(specs_for("sumeria", 6, 3, ["random"] * 3, seed=3, stats="ruleset",
                                  options={"tiebreak": "villages"}), workers=1, progress=False)
    effect = sumeria.tiebreak_effect(towns, villages)
    assert set(effect) >= {"step 2 decided a control", "games differ", "winner differs",
                           "winner differs (unrelated games)"}
    assert effect["games differ"].n == 6 and effect["winner differs (unrelated games)"].n == 5
    same = sumeria.tiebreak_effect(towns, towns)
    assert same["games differ"].successes == 0 and same["winner differs"].successes == 0
    # The same game told under the other reading's name is the same game.
    renamed = [GameRecord(**{**r.to_dict(), "bots": r.bots, "scores": r.scores,
                             "winners": r.winners, "stats": {
                                 **r.stats, "decided_by": {
                                     **r.stats["decided_by"], "towns": 0,
                                     "villages": r.stats["decided_by"]["towns"]}}})
               for r in towns]
    assert sumeria.tiebreak_effect(towns, renamed)["games differ"].successes == 0
    with pytest.raises(InvalidInput, match="same seeds"):
        sumeria.tiebreak_effect(towns, villages[::-1])
    with pytest.raises(InvalidInput, match="stats='ruleset'"):
        sumeria.tiebreak_effect([record(["random"] * 3, [1] * 3, [0])], towns[:1])


def test_city_state_scoring_counts_three_scorings_a_round():
    games = simulate(specs_for("sumeria", 4, 4, ["random"] * 4, seed=1, stats="ruleset"),
                     workers=1, progress=False)
    figures = sumeria.city_state_scoring(games)
    assert sum(e.value for e in figures["scored"].values()) == pytest.approx(18)
    assert sum(e.value for e in figures["scored first"].values()) == pytest.approx(6)
    assert set(figures["nobody there"]) == set(figures["scored"])


def test_conflict_figures_pool_over_games():
    stats = [{"revolts": 2, "wars": 1, "sizes": [3, 5, 10], "support": [0, 1, 2],
              "war_tiles_removed": [4]},
             {"revolts": 0, "wars": 1, "sizes": [6], "support": [3], "war_tiles_removed": [2]}]
    games = [record(["random"] * 2, [4, 2], [0], stats=s, ruleset="tigris") for s in stats]
    figures = tigris.conflict_figures(games, resamples=50)
    assert figures["revolts a game"].value == 1
    assert figures["size of a conflict"].value == 6      # 24 tiles over 4 conflicts
    assert figures["support a conflict"].value == 1.5
    assert figures["tiles removed a war"].value == 3
    assert figures["winner's score"].value == 4 and figures["loser's score"].value == 2


def test_survival_leaves_stopped_games_out_after_their_stop():
    times, shares = an.survival([10, 20, 20, 30, 40], [True, True, False, True, False])
    assert times == [0.0, 10.0, 20.0, 30.0]
    assert shares == pytest.approx([1, 0.8, 0.6, 0.3])
    with pytest.raises(InvalidInput, match="one 'finished' flag"):
        an.survival([1, 2], [True])


def test_length_figures_and_card_differences():
    def stats(rounds, played, drawn):
        return {"rounds": rounds, "played": [{"priest": p, "land": 1} for p in played],
                "drawn": drawn}

    games = [record(["random"] * 3, [4, 1, 0], [0], stats=stats(100, [3, 1, 1], [5, 5, 5]),
                    length=900, ruleset="mesopotamia"),
             record(["random"] * 3, [0, 4, 2], [1], stats=stats(200, [0, 4, 2], [4, 6, 10]),
                    length=2000, ruleset="mesopotamia"),
             record(["random"] * 3, [1, 1, 1], [], stats=stats(50, [0, 0, 0], [1, 1, 1]),
                    finished=False, length=500, ruleset="mesopotamia")]
    lengths = mesopotamia.length_figures(games, resamples=50)
    assert lengths["finished"].successes == 2 and lengths["median rounds"].value == 100
    assert lengths["median decisions"].value == 900
    assert not lengths["median is a lower bound"]
    assert mesopotamia.length_figures(games[1:], resamples=50)["median is a lower bound"]
    cards = mesopotamia.card_differences(games, resamples=50)
    assert cards["priest"].value == pytest.approx((2 + 1.5) / 2)   # per 100 rounds
    assert cards["land"].value == 0
    assert cards["cards drawn"].value == pytest.approx((0 - 0.5) / 2)
    with pytest.raises(InvalidInput, match="single winner"):
        mesopotamia.card_differences(games[2:])


def test_battle_odds_and_campaign_figures():
    odds = priest_kings.battle_odds(30, seed=1, reorganized=(0, 2))
    assert set(odds) == {(False, 0), (True, 0), (False, 2), (True, 2)}
    assert all(rates["defender breaks"].n == 30 for rates in odds.values())
    with pytest.raises(InvalidInput, match="at most 3 corps"):
        priest_kings.battle_odds(5, reorganized=(4,))
    with pytest.raises(InvalidInput, match="battles must be"):
        priest_kings.battle_odds(0)
    games = [play_game(spec) for spec in
             specs_for("priest_kings", 5, 4, ["random"] * 4, stats="ruleset:final_stats")]
    figures = priest_kings.campaign_figures(games, resamples=50)
    assert figures["mean turns"].value == sum(r.stats["turns"] for r in games) / 5
    battles = figures["mean battles"]
    assert battles.low <= battles.value <= battles.high


def test_head_start_counts_light_s_wins_and_the_throws_of_real_games():
    from engine import royal_ur as ur
    from engine.royal_ur import solver

    games = simulate(specs_for("royal_ur", 8, 2, ["random", "random"], seed=5,
                               stats="ruleset:final_stats"), workers=1, progress=False)
    figures = royal_ur.head_start(games)
    light = sum(r.winners == (ur.LIGHT,) for r in games)
    assert figures["light wins"] == an.wilson(light, 8)
    throws = sorted(r.stats["throws"] for r in games)
    assert figures["throws a game"].value == pytest.approx(sum(throws) / 8)
    assert figures["median throws"] == an.median(throws)
    assert (figures["fewest throws"], figures["most throws"]) == (throws[0], throws[-1])
    # Every game ends with one winner and a throw for each turn: at least 7 pieces home.
    assert all(len(r.winners) == 1 and r.stats["throws"] >= 2 for r in games)
    # The exact chance is the solved table's, and the 7-piece game has none.
    exact = royal_ur.exact_head_start(3)
    assert exact == pytest.approx(solver.table_for(ur.Options(pieces=3)).start_value)
    assert 0.51 < exact < 0.52
    with pytest.raises(InvalidInput, match="not solved"):
        royal_ur.exact_head_start(7)


def test_head_start_refuses_stopped_games_other_rulesets_and_missing_stats():
    stopped = simulate(specs_for("royal_ur", 2, 2, ["random", "random"], seed=5, max_moves=10,
                                 stats="ruleset:final_stats"), workers=1, progress=False)
    with pytest.raises(InvalidInput, match="played to its end"):
        royal_ur.head_start(stopped)
    with pytest.raises(InvalidInput, match="Royal Game of Ur games only"):
        royal_ur.head_start([record(["random"] * 2, [1, 0], [0], stats={"throws": 9})])
    bare = simulate(specs_for("royal_ur", 2, 2, ["random", "random"], seed=5), workers=1,
                    progress=False)
    with pytest.raises(InvalidInput, match="statistics"):
        royal_ur.head_start(bare)
    with pytest.raises(InvalidInput, match="at least one game"):
        royal_ur.head_start([])


# ------------------------------------------------------------------------------------ plots


def test_the_plots_draw_what_they_are_given():
    rates = {"3 players": {"1st": an.wilson(4, 10), "2nd": an.wilson(3, 10)},
             "4 players": {"1st": an.wilson(2, 10)}}
    ax = an.plot_intervals(rates, baseline=0.3, baseline_label="fair", percent=True,
                           ylabel="won", title="seats")
    assert len(ax.patches) == 3 and ax.get_title() == "seats"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1st", "2nd"]
    assert ax.get_ylabel() == "won (%)"
    # A label that names the unit already is not given it twice ("win rate % (%)").
    for label in ("win rate %", "win rate (%)", "share in %"):
        assert an.plot_intervals(rates, percent=True, ylabel=label).get_ylabel() == label
    ax = an.plot_intervals({"x": {"a": an.Estimate(1, 0, 2, 5)}}, bars=False)
    assert not ax.patches
    ratings = {"random": an.Estimate(0, 0, 0, 9), "greedy": an.Estimate(150, 90, 210, 9)}
    ax = an.plot_ratings(ratings, title="sumeria")
    assert [t.get_text() for t in ax.get_yticklabels()] == ["random", "greedy"]
    ax = an.plot_survival({"2 players": ([5, 9, 12], [True, False, True])})
    assert ax.get_ylabel() == "share of games still running"
    ax = plot_battle_conditions(priest_kings.battle_odds(5, reorganized=(0, 1)))
    assert ax.get_xlabel() == "attacker's corps reorganized"
    plt.close("all")
