"""Many games at once: any ruleset, any seated bots, any `concurrent.futures.Executor`.

Each game is described by a `GameSpec` (ruleset, players, options, the bot spec of each seat,
a seed, and optionally a cap on its length and the name of a statistics function) and yields a
`GameRecord` of plain data: seed, options, bots, scores, winners, length, whether it finished,
and the statistics asked for. Records depend only on the specs, so a run reproduces exactly from
its seeds whatever the executor: in this process (``workers=1``), a process pool (the default,
so every core works), or a cluster client's executor such as dask.distributed's
``client.get_executor()`` — anything with ``submit``.

Bots are named by spec strings (`engine.bots.make_bot`): ``"random"``, ``"greedy"``,
``"mcts:200"``; here also ``"mcts:200:h40"``, MCTS whose playouts stop after 40 decisions and
let the ruleset's ``evaluate`` judge (for games whose random playouts are long).

Seats filled only by random bots take the ruleset's fast ``random_playout``, which plays the
same game as random bots through the checked rules would with one shared generator.

Statistics: with ``stats="ruleset"`` a game also records ``game_stats(final, events)`` of its
ruleset's ``engine.<ruleset>.stats`` module (counts of conflicts, cards played, battles, ...);
``"ruleset:final_stats"`` names another function of that module and ``"package.module:function"``
any importable one. Functions travel by name and are looked up in the worker, so nothing
unpicklable crosses a process boundary. Events exist only on the checked path: a statistics
function that reads them makes all-random games take the checked path (same game, a few times
slower); one whose ``uses_events`` attribute is False reads only the final state and keeps the
fast path. The record names the function in ``stats_from``.

`local_cluster` starts a dask.distributed cluster on this machine (the ``cluster`` extra) and
hands out its executor, set up as such a cluster must be: its own worker processes each
single-threaded, its logs quiet (``silence_logs`` takes a level, ``logging.ERROR``, not the
word ``"error"``), no dashboard. A script that starts worker processes must do so under
``if __name__ == "__main__":``: each worker imports the script again, and without the guard it
would start a cluster of its own (dask then reports "Nanny failed to start"); `local_cluster`
says so instead.

Limits: a game is played whole inside one task, so one very long game cannot be shared between
workers; ``max_moves`` bounds it (the record then says ``finished=False``, winners are empty and
scores are those of the position reached). The fast path of some rulesets stops at the next
turn boundary after the cap rather than exactly on it.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import functools
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import MISSING, asdict, dataclass, field, fields
from typing import Any

from engine.bots import Bot, MCTSBot, make_bot
from engine.core import RULESETS, InvalidInput, derive_seed, make_rng, parse_whole, rules_of, shown

#: In the browser (Pyodide: the `make lite` site) there are no processes (nor threads) to start:
#: there, simulate plays every game in this process whatever `workers` says.
CAN_START_PROCESSES = sys.platform not in ("emscripten", "wasi")

__all__ = ["GameRecord", "GameSpec", "local_cluster", "make_seat_bot", "play_game",
           "resolve_stats", "simulate", "specs_for", "summarize"]

#: The shorthand for a ruleset's own statistics module, ``engine.<ruleset>.stats``.
RULESET_STATS = "ruleset"
#: Past this many decisions an uncapped game is taken to be stuck (a bug, or a ruleset whose
#: random games may never end: give such games a `max_moves`).
RUNAWAY = 1_000_000
#: The most games one call plans (a million games of the fastest ruleset take hours already).
MAX_GAMES = 1_000_000
#: The most worker processes `simulate` starts (a process pool starts them all at once).
MAX_WORKERS = 256


@dataclass(frozen=True)
class GameSpec:
    """One game to play: seat i is played by ``bots[i]`` (a spec such as ``"mcts:200"``).

    Attributes:
        max_moves: stop the game after this many decisions (None: play to the end).
        stats: the statistics function to run on the finished game, by name (see the module
            docstring), or None.

    Raises:
        InvalidInput: an unknown ruleset, a bad seed or player count, a bot count that does not
            match the players, a malformed bot spec, a bad `max_moves` or `stats`.
    """

    ruleset: str
    players: int
    seed: int
    bots: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    max_moves: int | None = None
    stats: str | None = None

    def __post_init__(self) -> None:
        if self.ruleset not in RULESETS:
            raise InvalidInput(f"unknown ruleset {shown(self.ruleset)}; "
                               f"known: {', '.join(RULESETS)}")
        if not _whole(self.players, 1):
            raise InvalidInput(f"players must be a whole number ≥ 1, not {shown(self.players)}")
        if not _whole(self.seed, 0):
            raise InvalidInput(f"seed must be a whole number ≥ 0, not {shown(self.seed)}")
        if isinstance(self.bots, str) or not all(isinstance(b, str) for b in self.bots):
            raise InvalidInput(f"bots must be a sequence of bot specs, not {shown(self.bots)}")
        object.__setattr__(self, "bots", tuple(self.bots))
        if len(self.bots) != self.players:
            raise InvalidInput(f"{self.players} players need {self.players} bots, "
                               f"got {len(self.bots)}: {', '.join(self.bots)}")
        for spec in self.bots:
            _check_bot_spec(spec)
        if not isinstance(self.options, Mapping):
            raise InvalidInput(f"options must be a mapping of option names to values, "
                               f"not {shown(self.options)}")
        if self.max_moves is not None and (not _whole(self.max_moves, 1)
                                           or self.max_moves > RUNAWAY):
            raise InvalidInput(f"max_moves must be a whole number from 1 to {RUNAWAY:,} or "
                               f"None, not {shown(self.max_moves)}")
        if self.stats is not None:
            if not isinstance(self.stats, str) or not self.stats:
                raise InvalidInput(f"stats must be the name of a statistics function, "
                                   f"not {shown(self.stats)}")
            resolve_stats(self.stats, self.ruleset)


@dataclass(frozen=True)
class GameRecord:
    """What one game came to, as plain data (`to_dict` is JSON-ready).

    `first_player` is the player who moved first, where the ruleset draws one (else None);
    `length` counts decisions, `rounds` and `turns` the game's rounds and player turns begun
    (each ruleset's ``stats.game_length`` says what it counts); `finished` is False for a game
    stopped by its `max_moves`; `stats` is what the function named in `stats_from` returned,
    or None.
    """

    ruleset: str
    seed: int
    players: int
    options: dict[str, Any]
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    length: int
    first_player: int | None
    finished: bool = True
    stats: dict[str, Any] | None = None
    stats_from: str | None = None
    rounds: int | None = None
    turns: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """A record from its `to_dict` form (e.g. read back from a JSON-lines file).

        Raises:
            InvalidInput: a missing or unknown field, or a field of the wrong kind.
        """
        if not isinstance(data, Mapping):
            raise InvalidInput(f"a game record must be an object, not {type(data).__name__}")
        known = fields(cls)
        unknown = sorted(set(data) - {f.name for f in known})
        if unknown:
            raise InvalidInput(f"game record has unknown field(s) {', '.join(unknown)}")
        missing = [f.name for f in known if f.default is MISSING and f.name not in data]
        if missing:
            raise InvalidInput(f"game record has no {', '.join(missing)}")
        try:
            values = dict(data)
            for name in ("bots", "scores", "winners"):
                values[name] = tuple(values[name])
            record = cls(**values)
        except TypeError as exc:
            raise InvalidInput(f"game record is malformed: {exc}") from None
        if not isinstance(record.seed, int) or not isinstance(record.length, int):
            raise InvalidInput("game record's seed and length must be whole numbers")
        return record


def _whole(value: Any, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


@functools.lru_cache(maxsize=256)
def _check_bot_spec(spec: str) -> None:
    """Refuse a malformed bot spec (each spec is checked once, not once per game)."""
    make_seat_bot(spec, 0)


def make_seat_bot(spec: str, seed: int) -> Bot:
    """The bot a seat's spec names: `engine.bots.make_bot`'s specs, and ``"mcts:N:hH"`` for
    MCTS with N iterations whose playouts stop after H decisions.

    Raises:
        InvalidInput: an unknown bot or a malformed budget or horizon.
    """
    if isinstance(spec, str) and spec.count(":") == 2:
        name, iterations, horizon = spec.split(":")
        budget = parse_whole(iterations)
        decisions = parse_whole(horizon[1:]) if horizon.startswith("h") else None
        if name != "mcts" or budget is None or decisions is None or budget < 1 or decisions < 1:
            raise InvalidInput(f"bad bot spec {shown(spec)}: MCTS with a horizon is written "
                               "mcts:ITERATIONS:hDECISIONS, e.g. mcts:100:h40")
        return MCTSBot(budget, seed=seed, horizon=decisions)
    return make_bot(spec, seed=seed)


def resolve_stats(name: str, ruleset: str) -> tuple[Callable[..., dict[str, Any]], str]:
    """The statistics function a spec names, and its full ``module:function`` name.

    ``"ruleset"`` is ``engine.<ruleset>.stats:game_stats``; ``"ruleset:NAME"`` another function
    of that module; ``"package.module:function"`` any importable function.

    Raises:
        InvalidInput: the module or the function does not exist, or is not callable.
    """
    module_name, _, function_name = name.partition(":")
    if module_name == RULESET_STATS:
        module_name = f"engine.{ruleset}.stats"
    function_name = function_name or "game_stats"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # Only the named module being absent is bad input; a module that fails on an import
        # of its own is a bug to see whole.
        if exc.name is None or not module_name.startswith(exc.name):
            raise
        raise InvalidInput(f"statistics {shown(name)}: there is no module "
                           f"{shown(module_name)}") from None
    function = getattr(module, function_name, None)
    if not callable(function):
        raise InvalidInput(f"statistics {shown(name)}: module {shown(module_name)} has no function "
                           f"{shown(function_name)}")
    return function, f"{module_name}:{function_name}"


def play_game(spec: GameSpec) -> GameRecord:
    """Play one game (in this process) to its end or its `max_moves`; return its record.

    Raises:
        InvalidInput: a bad option for the ruleset, or a statistics function that is not there.
        RuntimeError: an uncapped game ran past a million decisions.
    """
    rules = rules_of(spec.ruleset)
    stats_function, stats_from = (resolve_stats(spec.stats, spec.ruleset) if spec.stats
                                  else (None, None))
    wants_events = stats_function is not None and getattr(stats_function, "uses_events", True)
    state = rules.new_state(spec.players, spec.seed, **dict(spec.options))
    _check_bounded(state, spec.max_moves)
    start = state
    all_random = all(b == "random" for b in spec.bots)
    events: list[Any] | None = [] if wants_events else None
    if all_random and events is None:
        decisions: list[int] = []
        state = rules.random_playout(state, make_rng(spec.seed, "random-seats"), decisions,
                                     spec.max_moves)
        length = len(decisions)
    else:
        state, length = _checked_game(spec, rules, state, all_random, events)
    stats = stats_function(state, events) if stats_function is not None else None
    lengths = importlib.import_module(f"engine.{spec.ruleset}.stats").game_length(state)
    return GameRecord(
        ruleset=spec.ruleset, seed=spec.seed, players=spec.players, options=dict(spec.options),
        bots=tuple(spec.bots), scores=tuple(state.scores()),
        winners=tuple(sorted(state.winners())), length=length,
        first_player=getattr(start, "first_player", None), finished=bool(state.is_over),
        stats=stats, stats_from=stats_from, rounds=lengths["rounds"], turns=lengths["turns"])


def _check_bounded(start: Any, max_moves: int | None) -> None:
    """Refuse a game whose options let it run without end unless `max_moves` caps it."""
    if max_moves is None and start.options.endless():
        raise InvalidInput(f"these {start.RULESET} options let a game run without end (e.g. "
                           "max_rounds=None: random play may never finish it): give max_moves "
                           "(--max-moves) too")


def _checked_game(spec: GameSpec, rules: Any, state: Any, all_random: bool,
                  events: list[Any] | None) -> tuple[Any, int]:
    """Play through ``legal_moves``/``apply``, keeping the events if `events` is a list.

    All-random seats draw exactly as the fast path does (one shared generator, one
    ``randrange`` per decision), so a game is the same whichever path plays it.
    """
    if all_random:
        rng = make_rng(spec.seed, "random-seats")
        bots = None
    else:
        bots = [make_seat_bot(b, derive_seed(spec.seed, "seat", seat))
                for seat, b in enumerate(spec.bots)]
    cap = spec.max_moves
    length = 0
    while not state.is_over and (cap is None or length < cap):
        if bots is None:
            moves = rules.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        else:
            player = state.to_move
            move = bots[player].choose(state.view(player))
        state, happened = rules.apply(state, move)
        if events is not None:
            events.extend(happened)
        length += 1
        if length > RUNAWAY:
            raise RuntimeError(f"{spec.ruleset} game with seed {spec.seed} did not end within "
                               f"{RUNAWAY:,} decisions; give it a max_moves")
    return state, length


def specs_for(ruleset: str, games: int, players: int, bots: Sequence[str], *, seed: int = 0,
              options: Mapping[str, Any] | None = None, rotate: bool = True,
              max_moves: int | None = None, stats: str | None = None) -> list[GameSpec]:
    """`games` specs with seeds derived from `seed`; with `rotate`, the bots change seats
    from game to game so that no bot keeps the same seat.

    The seeds depend on `seed`, the ruleset and the game's number only, so two calls that
    differ in options or bots give the same deals: paired comparisons for free.

    Raises:
        InvalidInput: fewer than one game, or a bad spec (see `GameSpec`).
    """
    if not _whole(games, 1) or games > MAX_GAMES:
        raise InvalidInput(f"games must be at least 1 and at most {MAX_GAMES:,}, "
                           f"not {shown(games)}")
    if not _whole(seed, 0):
        raise InvalidInput(f"seed must be a whole number ≥ 0, not {shown(seed)}")
    bots = tuple(bots)
    if not bots:
        raise InvalidInput("bots must name at least one bot")
    taken = sorted({"players", "seed"} & set(options or {}))
    if taken:
        raise InvalidInput(f"{' and '.join(taken)} is not an option of the ruleset: give the "
                           "player count and the seed themselves")
    out = []
    for g in range(games):
        shift = g % len(bots) if rotate else 0
        seated = bots[shift:] + bots[:shift]
        out.append(GameSpec(ruleset, players, derive_seed(seed, ruleset, g) % 2**31, seated,
                            dict(options or {}), max_moves, stats))
        if g == 0:
            # The options and the player count, checked once before any game is played.
            start = rules_of(ruleset).new_state(players, out[0].seed, **out[0].options)
            _check_bounded(start, max_moves)
    return out


def simulate(specs: Iterable[GameSpec], executor: cf.Executor | None = None, *,
             workers: int | None = None, progress: bool = True,
             chunk: int | None = None) -> list[GameRecord]:
    """Play every spec and return the records in the order of the specs.

    Args:
        executor: where to run: any ``concurrent.futures.Executor`` (a thread pool, a process
            pool, ``dask.distributed.Client(...).get_executor()``). By default a process pool
            of `workers` processes (every core), or this process itself when ``workers=1``
            or where no process can start (in the browser).
        progress: show a tqdm progress bar.
        chunk: games per task, so that short games do not drown in messaging; by default
            enough tasks for every worker to get about eight, at most 32 games each.

    Raises:
        InvalidInput: bad arguments, or the first error a game raised (the others are
            cancelled).
    """
    specs = list(specs)
    if not all(isinstance(s, GameSpec) for s in specs):
        raise InvalidInput("simulate takes GameSpec objects (see specs_for)")
    if workers is not None and (not _whole(workers, 1) or workers > MAX_WORKERS):
        raise InvalidInput(f"workers must be a whole number from 1 to {MAX_WORKERS}, "
                           f"not {shown(workers)}")
    if executor is None and (workers == 1 or not CAN_START_PROCESSES):
        return _play_inline(specs, progress)
    parallel = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    if chunk is None:
        chunk = max(1, min(32, len(specs) // (8 * parallel)))
    elif not _whole(chunk, 1):
        raise InvalidInput(f"chunk must be a whole number ≥ 1, not {shown(chunk)}")
    batches = [specs[i:i + chunk] for i in range(0, len(specs), chunk)]
    own = executor is None
    pool: cf.Executor = cf.ProcessPoolExecutor(parallel) if own else executor  # type: ignore
    results: list[list[GameRecord] | None] = [None] * len(batches)
    with _Progress(len(specs), progress) as bar:
        futures = {pool.submit(_play_batch, batch): n for n, batch in enumerate(batches)}
        try:
            for future in cf.as_completed(futures):
                n = futures[future]
                results[n] = future.result()
                bar.update(len(batches[n]))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
        finally:
            if own:
                pool.shutdown(cancel_futures=True)
    return [record for batch in results for record in batch or ()]


@contextlib.contextmanager
def local_cluster(workers: int = 2, *, processes: bool = True) -> Iterator[cf.Executor]:
    """A dask.distributed cluster of `workers` on this machine, as an executor to hand to
    `simulate`; shut down when the ``with`` block ends::

        if __name__ == "__main__":
            with local_cluster(2) as executor:
                records = simulate(specs, executor)

    With ``processes=False`` the workers are threads of this process (no guard needed, and
    no speed-up for pure-Python games: they share one interpreter lock).

    Raises:
        InvalidInput: dask.distributed is not installed, `workers` is not a whole number from
            1 to `MAX_WORKERS`, or this is a process being started for the cluster — a script
            that starts one without the ``__main__`` guard.
    """
    # Imported here: the browser's Python (the site's 05-analysis) has no processes to start.
    import logging
    import multiprocessing

    if not _whole(workers, 1) or workers > MAX_WORKERS:
        raise InvalidInput(f"workers must be a whole number from 1 to {MAX_WORKERS}, "
                           f"not {shown(workers)}")
    if processes and multiprocessing.current_process().name != "MainProcess":
        raise InvalidInput("a cluster of worker processes was started while a worker process "
                           "was starting: start it under if __name__ == \"__main__\": in a "
                           "script (each worker imports the script again)")
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InvalidInput("dask.distributed is not installed: pip install \"sumer[cluster]\""
                           ) from None
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes,
                      dashboard_address=None, silence_logs=logging.ERROR) as cluster, \
            Client(cluster) as client:
        yield client.get_executor()


def _play_inline(specs: list[GameSpec], progress: bool) -> list[GameRecord]:
    records = []
    with _Progress(len(specs), progress) as bar:
        for spec in specs:
            records.append(play_game(spec))
            bar.update(1)
    return records


def _play_batch(specs: list[GameSpec]) -> list[GameRecord]:
    return [play_game(spec) for spec in specs]


class _Progress:
    """A tqdm bar, or nothing at all when disabled (tqdm is only imported when shown)."""

    def __init__(self, total: int, enabled: bool):
        self.bar = None
        if enabled:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, unit="game")

    def update(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def __enter__(self) -> _Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.close()


def summarize(records: Sequence[GameRecord]) -> dict[str, dict[str, float]]:
    """Per bot spec: seats, wins (shared wins count as fractions), win rate, mean score.

    Games stopped by `max_moves` count as seats without a win.
    """
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
