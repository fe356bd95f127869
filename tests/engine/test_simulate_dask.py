"""`engine.simulate` on a real dask.distributed cluster: a `LocalCluster` of two worker
processes started here and torn down after, its client's ``get_executor()`` handed to
`simulate`. The records are those of the same seeds played in this process (the promise of
reproducibility from seeds), and the progress bar counts every game.

dask is in the ``cluster`` extra (which ``test`` includes), never in the engine's own
requirements."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

from engine import simulate

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client():
    # Two single-threaded worker processes: the specs and records cross a process boundary
    # as they would between machines. No dashboard (its port may be taken by another run).
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        yield client


class CountingBar:
    """Stands in for tqdm: records the total it is given and every update."""

    made: ClassVar[list[CountingBar]] = []

    def __init__(self, total, unit):
        self.total, self.updates, self.closed = total, [], False
        CountingBar.made.append(self)

    def update(self, n):
        self.updates.append(n)

    def close(self):
        self.closed = True


def test_a_dask_cluster_plays_the_same_games_as_this_process(client, monkeypatch):
    specs = simulate.specs_for("priest_kings", 6, 4, ["greedy", "random", "mcts:3", "random"],
                               seed=11, stats="ruleset")
    specs += simulate.specs_for("sumeria", 5, 3, ["random"] * 3, seed=11, stats="ruleset")
    specs += simulate.specs_for("tigris", 2, 2, ["random"] * 2, seed=11)
    here = simulate.simulate(specs, workers=1, progress=False)

    monkeypatch.setattr("tqdm.auto.tqdm", CountingBar)
    CountingBar.made.clear()
    on_cluster = simulate.simulate(specs, client.get_executor(), chunk=2)

    assert on_cluster == here
    assert [r.seed for r in on_cluster] == [s.seed for s in specs]
    assert all(r.finished and r.winners for r in on_cluster)
    # The cluster kept both its workers throughout.
    assert len(client.scheduler_info()["workers"]) == 2
    [bar] = CountingBar.made
    assert bar.total == len(specs) and sum(bar.updates) == len(specs) and bar.closed
    assert len(bar.updates) == 7  # one update per task of two games (13 games)


def test_an_error_in_a_worker_reaches_the_caller(client):
    bad = simulate.specs_for("mesopotamia", 2, 2, ["random"] * 2, seed=3,
                             options={"max_rounds": 5})
    bad = [simulate.GameSpec(s.ruleset, s.players, s.seed, s.bots, {"no_such_option": 1})
           for s in bad]
    with pytest.raises(Exception, match="no_such_option"):
        simulate.simulate(bad, client.get_executor(), progress=False, chunk=1)


def test_a_dask_cluster_obeys_house_rules(client):
    """Options travel with the specs: the cluster's worker processes play the house rules,
    not the rule text (a patched module constant would not reach them)."""
    specs = simulate.specs_for("sumeria", 3, 3, ["greedy", "random", "random"], seed=5,
                               options={"scoring": "linear", "rounds": 4, "traders": 9})
    specs += simulate.specs_for("royal_ur", 2, 2, ["expert", "random"], seed=5,
                                options={"rosette_throw": False, "pieces": 2})
    here = simulate.simulate(specs, workers=1, progress=False)
    on_cluster = simulate.simulate(specs, client.get_executor(), progress=False, chunk=1)
    assert on_cluster == here
    assert all(r.finished for r in here)
    plain = simulate.simulate([simulate.GameSpec(s.ruleset, s.players, s.seed, s.bots)
                               for s in specs], workers=1, progress=False)
    assert [r.scores for r in plain] != [r.scores for r in here]


def test_local_cluster_is_set_up_as_the_docs_say():
    """`simulate.local_cluster` (the recipe of docs/library.md) starts worker processes with
    quiet logs (a level, not the word "error", which dask's workers refuse) and plays the same
    games; its threads variant too."""
    specs = simulate.specs_for("royal_ur", 4, 2, ["greedy", "random"], seed=2)
    here = simulate.simulate(specs, workers=1, progress=False)
    with simulate.local_cluster(2) as executor:
        assert simulate.simulate(specs, executor, progress=False) == here
    with simulate.local_cluster(1, processes=False) as executor:
        assert simulate.simulate(specs, executor, progress=False) == here
    with pytest.raises(simulate.InvalidInput, match="workers must be a whole number"), \
            simulate.local_cluster(0):
        pass


NO_GUARD = """
from engine.simulate import local_cluster, simulate, specs_for
with local_cluster(2) as executor:
    simulate(specs_for("royal_ur", 2, 2, ["random", "random"]), executor, progress=False)
"""


def test_a_script_without_the_main_guard_is_told_what_is_missing(tmp_path):
    script = tmp_path / "no_guard.py"
    script.write_text(NO_GUARD)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          check=False)
    assert done.returncode != 0
    assert 'start it under if __name__ == "__main__":' in done.stderr
