"""Many games at once: any ruleset, any seated bots, any `concurrent.futures.Executor`.

Each game is described by a `GameSpec` (ruleset, players, options, the bot spec of each seat,
and a seed) and yields a `GameRecord` of plain data: seed, options, scores, winners, length.
Records depend only on the specs, so a run reproduces exactly from its seeds whatever the
executor: in-process, a process pool (the default, so both cores work), or a cluster client's
executor such as dask.distributed's.

Seats filled only by random bots take the ruleset's fast ``random_playout``, which plays the
same game as random bots through the checked rules would with one shared generator.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.bots import make_bot
from engine.core import InvalidInput, derive_seed, make_rng, rules_of

__all__ = ["GameRecord", "GameSpec", "play_game", "simulate", "summarize"]


@dataclass(frozen=True)
class GameSpec:
    """One game to play: seat i is played by ``bots[i]`` (a spec such as ``"mcts:200"``)."""

    ruleset: str
    players: int
    seed: int
    bots: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameRecord:
    """What one game came to, as plain data."""

    ruleset: str
    seed: int
    players: int
    options: dict[str, Any]
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    length: int
    first_player: int | None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def play_game(spec: GameSpec) -> GameRecord:
    """Play one game to its end (in this process) and return its record."""
    rules = rules_of(spec.ruleset)
    if len(spec.bots) != spec.players:
        raise InvalidInput(f"{spec.players} players need {spec.players} bots, "
                           f"got {len(spec.bots)}: {', '.join(spec.bots)}")
    state = rules.new_state(spec.players, spec.seed, **dict(spec.options))
    start = state
    if all(b == "random" for b in spec.bots):
        decisions: list[int] = []
        state = rules.random_playout(state, make_rng(spec.seed, "random-seats"), decisions)
        length = len(decisions)
    else:
        bots = [make_bot(b, seed=derive_seed(spec.seed, "seat", seat))
                for seat, b in enumerate(spec.bots)]
        length = 0
        while not state.is_over:
            player = state.to_move
            move = bots[player].choose(state.view(player))
            state, _ = rules.apply(state, move)
            length += 1
            if length > 1_000_000:
                raise RuntimeError(f"{spec.ruleset} game with seed {spec.seed} did not end")
    return GameRecord(
        ruleset=spec.ruleset, seed=spec.seed, players=spec.players, options=dict(spec.options),
        bots=tuple(spec.bots), scores=tuple(state.scores()),
        winners=tuple(sorted(state.winners())), length=length,
        first_player=getattr(start, "first_player", None))


def specs_for(ruleset: str, games: int, players: int, bots: Sequence[str], *, seed: int = 0,
              options: Mapping[str, Any] | None = None, rotate: bool = True) -> list[GameSpec]:
    """`games` specs with seeds derived from `seed`; with `rotate`, the bots change seats
    from game to game so that no bot keeps the same seat."""
    if games < 1:
        raise InvalidInput(f"games must be at least 1, not {games}")
    bots = tuple(bots)
    out = []
    for g in range(games):
        shift = g % len(bots) if rotate else 0
        seated = bots[shift:] + bots[:shift]
        out.append(GameSpec(ruleset, players, derive_seed(seed, ruleset, g) % 2**31, seated,
                            dict(options or {})))
    return out


def simulate(specs: Iterable[GameSpec], executor: cf.Executor | None = None, *,
             workers: int | None = None, progress: bool = True,
             chunk: int = 16) -> list[GameRecord]:
    """Play every spec and return the records in the order of the specs.

    Args:
        executor: where to run; by default a process pool of `workers` processes (all cores).
            Pass ``concurrent.futures.ThreadPoolExecutor(1)`` or any other Executor instead.
        progress: show a tqdm progress bar.
        chunk: games per task, so that short games do not drown in messaging.
    """
    specs = list(specs)
    batches = [specs[i:i + chunk] for i in range(0, len(specs), chunk)]
    own = executor is None
    if own:
        executor = cf.ProcessPoolExecutor(workers or os.cpu_count() or 1)
    bar = _progress(len(specs), progress)
    try:
        futures = [executor.submit(_play_batch, batch) for batch in batches]
        results: list[list[GameRecord]] = []
        for future in futures:
            batch = future.result()
            results.append(batch)
            bar(len(batch))
    finally:
        bar(0, close=True)
        if own:
            executor.shutdown()
    return [record for batch in results for record in batch]


def _play_batch(specs: list[GameSpec]) -> list[GameRecord]:
    return [play_game(spec) for spec in specs]


def _progress(total: int, enabled: bool) -> Callable[..., None]:
    if not enabled:
        return lambda n, close=False: None
    from tqdm.auto import tqdm

    bar = tqdm(total=total, unit="game")

    def update(n: int, close: bool = False) -> None:
        bar.update(n)
        if close:
            bar.close()

    return update


def summarize(records: Sequence[GameRecord]) -> dict[str, dict[str, float]]:
    """Per bot spec: games, wins (shared wins count as fractions), win rate, mean score."""
    table: dict[str, dict[str, float]] = {}
    for record in records:
        for seat, bot in enumerate(record.bots):
            row = table.setdefault(bot, {"seats": 0, "wins": 0.0, "score": 0.0})
            row["seats"] += 1
            row["score"] += record.scores[seat]
            if seat in record.winners:
                row["wins"] += 1 / len(record.winners)
    for row in table.values():
        row["win_rate"] = row["wins"] / row["seats"]
        row["mean_score"] = row["score"] / row["seats"]
        del row["score"]
    return table
