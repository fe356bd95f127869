"""05-analysis's questions drawn in one go, for tests/widgets/test_results.py (a module of its
own, without matplotlib, so that a test can run it where matplotlib is missing)."""

from __future__ import annotations

from pathlib import Path

from engine.simulate import GameSpec, play_game
from sumer_widgets.plots.analysis import wilson
from sumer_widgets.plots.results import read_ladder, read_lengths, read_result

#: Small hand-made ladder and lengths files, in the bots' benchmark's format.
FIXTURES = Path(__file__).resolve().parent / "data" / "results"
ROOT = Path(__file__).resolve().parents[2]


def draw_every_question(q, folder, fixtures):
    """Each of 05-analysis's questions, drawn and told from the files in `folder` (the ladders
    and lengths from `fixtures`)."""
    q.list_results(folder)
    q.one_game(play_game(GameSpec("sumeria", 3, 7, ("random",) * 3)))
    q.shrinking()
    q.shrinking(0.35, (200, 800), widths=True)
    q.two_rates(wilson(70, 200), wilson(95, 200))
    sumeria = read_result("sumeria", folder)
    q.first_player(sumeria, ["3 players"])
    q.seat_figures(sumeria, "4 players")
    q.first_player(sumeria)
    q.tiebreak(sumeria)
    q.city_states(sumeria)
    ladder = read_ladder("sumeria", fixtures)
    q.ladders({r: ladder for r in ("sumeria", "tigris")})
    q.shared_wins(ladder, "strong", "random")
    q.game_lengths(read_lengths("mesopotamia-lengths", fixtures))
    q.capped_lengths(read_lengths("mesopotamia-lengths", folder))
    tigris = read_result("tigris", folder)
    q.tigris_variants(tigris)
    q.measure(tigris)
    q.support(tigris)
    q.cards(read_result("mesopotamia-cards", folder))
    kings = read_result("priest_kings", folder)
    q.battles(kings)
    q.reroll_counts(kings)
    q.reroll(kings)
    q.campaigns(kings)
    q.head_start(read_result("royal_ur", folder))
    # A reveal: the same pictures and sentences, kept for the question's form.
    print(q.seen(q.reroll, kings))
