"""A variant laboratory: one house rule against the rule text, played by the same bots on the
same seeds, measured three ways, each with its 95 % interval.

`study(ruleset, rule)` plays `games` games of the standard game and as many of the variant
with the same seeds (`engine.simulate.specs_for` derives the deals from the seed alone, so the
two sides differ only by the house rule) and measures:

- **game length**: rounds and turns as each ruleset's ``stats.game_length`` counts them (the
  mean with `mean_interval`), and the variant's difference in rounds, game by game (paired);
- **the first player's edge**: how often the player who moved first won (`wilson`; a shared
  win counts), and the variant's difference, game by game (`paired_difference`);
- **the luck share**: in the first `luck_games` games of each side, replayed move by move,
  `engine.coach.luck` splits every player's change of chance into luck, choices and what the
  coach could not explain; a game's luck share is its players' luck, in absolute value, over
  all three (0: the choices decided everything; 1: the draws did). The mean with its interval.

`Study.show()` draws the three with their intervals (`plot_intervals`) and says what they
allow in sentences (higher, lower, cannot tell); `saved_game` plays one game of the variant,
saves it and loads it back, and tells the reloaded board's status line. Every sentence is in
``words.<lang>.toml`` (``[lab.SAY]``, ``[lab.RULES]``).

Limits: the bots are what they are — greedy by default, because it is fast; the expert is
stronger and slower (a house rule without a solved table makes the Royal Game of Ur's expert
search, seconds a game). Luck is the coach's judgement, exact only where the Royal Game of Ur's
tables reach. Nothing here starts a process unless asked (`workers`): the browser-only site has
none, and dask is imported only by `engine.simulate.local_cluster`.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import InvalidInput, derive_seed, is_int, rules_of, shown
from engine.simulate import (
    MAX_GAMES,
    GameRecord,
    GameSpec,
    make_seat_bot,
    simulate,
    specs_for,
)
from sumer_widgets.plots.analysis import (
    Estimate,
    Pairs,
    Rate,
    mean_interval,
    pair_up,
    paired_difference,
    plot_intervals,
    wilson,
)
from sumer_widgets.plots.results import FEW_GAMES
from sumer_widgets.plots.standin import plt
from sumer_widgets.words import words

__all__ = ["HOUSE_RULES", "SETTINGS", "Study", "menu", "saved_game", "study"]

_WORDS = words(__file__)
SAY = _WORDS["SAY"]
RULES = _WORDS["RULES"]

#: The house rules the laboratory offers, by game: a name, and the options that make it.
#: Only options the rulesets have (docs/library.md, "Options and house rules").
HOUSE_RULES: dict[str, dict[str, dict[str, Any]]] = {
    "royal_ur": {
        "no-rosette-throw": {"rosette_throw": False},
        "unsafe-rosettes": {"safe_rosettes": False},
        "five-pieces": {"pieces": 5},
        "capture-throw": {"capture_throw": True},
    },
    "sumeria": {
        "linear-scoring": {"scoring": "linear"},
        "five-setup-traders": {"setup_traders": 5},
        "five-rounds": {"rounds": 5},
        "big-first-offer": {"offer": (4, 1, 1)},
    },
}

#: Each game's players and bots by default, and the notebook's small default sizes (the whole
#: notebook runs in the suite in well under a minute; a real study plays far more).
SETTINGS: dict[str, dict[str, Any]] = {
    "royal_ur": {"players": 2, "bots": ("greedy", "greedy"), "games": 200, "luck_games": 20},
    "sumeria": {"players": 3, "bots": ("greedy", "greedy", "greedy"), "games": 30,
                "luck_games": 2},
}
#: In the browser-only site (Pyodide: one process, two to three times slower) the notebook's
#: studies play this share of their games, so that a lesson's cell answers in a minute or so.
BROWSER_SHARE = 0.25
if sys.platform == "emscripten":
    SETTINGS = {game: {**sizes, "games": max(2, round(sizes["games"] * BROWSER_SHARE)),
                       "luck_games": max(2, round(sizes["luck_games"] * BROWSER_SHARE))}
                for game, sizes in SETTINGS.items()}

#: The seed of the notebook's studies (any whole number gives other deals, paired the same).
SEED = 2026


def _say(key: str, lang: str = "en", **values: Any) -> str:
    table = SAY.get(lang, SAY["en"])
    return table[key].format(**values)


def rule_name(ruleset: str, rule: str | None, lang: str = "en",
              options: Mapping[str, Any] | None = None) -> str:
    """A house rule in words ("no extra throw on a rosette"); options of one's own as they
    are written (``pieces = 6``); the rule text's game for neither."""
    table = RULES.get(lang, RULES["en"])
    if rule is None:
        if options:
            told = ", ".join(f"{name} = {value}" for name, value in options.items())
            return table["own"].format(options=told)
        return table["standard"]
    named = table[f"{ruleset}.{rule}"]
    extra = {k: v for k, v in (options or {}).items()
             if HOUSE_RULES[ruleset][rule].get(k, object()) != v}
    return named if not extra else table["and_own"].format(
        rule=named, options=", ".join(f"{name} = {value}" for name, value in extra.items()))


def menu(ruleset: str | None = None, lang: str = "en") -> None:
    """Print the house rules the laboratory offers (of one game, or of both), each with the
    name to give `study`."""
    if not isinstance(lang, str) or lang not in SAY:
        raise InvalidInput(f"lang must be one of {', '.join(map(repr, SAY))}, not {shown(lang)}")
    for game in [ruleset] if ruleset is not None else list(HOUSE_RULES):
        _check_ruleset(game)
        print(_say("menu_game", lang, game=_say(f"game_{game}", lang), ruleset=game))
        for rule in HOUSE_RULES[game]:
            print(_say("menu_rule", lang, rule=rule, said=rule_name(game, rule, lang)))


def _check_ruleset(ruleset: Any) -> None:
    if not isinstance(ruleset, str) or ruleset not in HOUSE_RULES:
        raise InvalidInput(f"the laboratory studies {' and '.join(map(repr, HOUSE_RULES))}, "
                           f"not {shown(ruleset)}")


def _variant(ruleset: Any, rule: Any, options: Any, lang: Any) -> dict[str, Any]:
    """The options of `rule` and `options` together, checked (`InvalidInput` otherwise)."""
    _check_ruleset(ruleset)
    if not isinstance(lang, str) or lang not in SAY:
        raise InvalidInput(f"lang must be one of {', '.join(map(repr, SAY))}, not {shown(lang)}")
    if rule is not None and (not isinstance(rule, str) or rule not in HOUSE_RULES[ruleset]):
        raise InvalidInput(f"{ruleset} has no house rule {shown(rule)} here; the laboratory "
                           f"offers {', '.join(HOUSE_RULES[ruleset])}")
    if options is not None and not (isinstance(options, Mapping)
                                    and all(isinstance(k, str) for k in options)):
        raise InvalidInput(f"options must be a mapping of option names to values, e.g. "
                           f"{{'pieces': 6}}, not {shown(options)}")
    variant = {**(HOUSE_RULES[ruleset][rule] if rule else {}), **dict(options or {})}
    rules_of(ruleset).new_state(SETTINGS[ruleset]["players"], SEED, **variant)
    return variant


# ------------------------------------------------------------------------------- the study


@dataclass(frozen=True)
class Side:
    """One side of a study: its records and the luck shares of its replayed games."""

    records: tuple[GameRecord, ...]
    luck: tuple[float, ...]

    @property
    def rounds(self) -> Estimate:
        return mean_interval([r.rounds for r in self.records])

    @property
    def turns(self) -> Estimate:
        return mean_interval([r.turns for r in self.records])

    @property
    def first_wins(self) -> Rate:
        return wilson(sum(_first_won(r) for r in self.records), len(self.records))

    @property
    def luck_share(self) -> Estimate:
        return mean_interval(list(self.luck))


@dataclass(frozen=True)
class Study:
    """The standard game and one variant, on the same seeds (see the module docstring)."""

    ruleset: str
    rule: str | None
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    standard: Side
    variant: Side
    lang: str = field(default="en", compare=False)

    @property
    def games(self) -> int:
        return len(self.standard.records)

    @property
    def longer(self) -> Estimate:
        """The variant's rounds minus the standard game's, game by game (same seeds)."""
        return mean_interval([v.rounds - s.rounds for s, v in zip(self.standard.records,
                                                                   self.variant.records)])

    @property
    def edge_pairs(self) -> Pairs:
        """Whether the first player won, under the variant and under the rule text."""
        return pair_up([_first_won(r) for r in self.variant.records],
                       [_first_won(r) for r in self.standard.records])

    @property
    def edge_change(self) -> Estimate:
        """The variant's first-player win rate minus the standard game's, paired."""
        return paired_difference(self.edge_pairs)

    @property
    def luck_change(self) -> Estimate:
        """The variant's luck share minus the standard game's, game by game."""
        return mean_interval([v - s for s, v in zip(self.standard.luck, self.variant.luck)])

    def verdicts(self) -> dict[str, str]:
        """For each measure, what the intervals of the differences allow: ``"more"``,
        ``"less"`` or ``"cannot tell"`` (``"same"`` where every game had the same length;
        ``"too few"`` for a luck share of fewer than `FEW_GAMES` games, whose normal interval
        is not to be trusted)."""
        length = self.longer
        same = length.low == length.high == 0
        few = min(len(self.standard.luck), len(self.variant.luck)) < FEW_GAMES
        return {"length": "same" if same else _side(length), "edge": _side(self.edge_change),
                "luck": "too few" if few else _side(self.luck_change)}

    def show(self) -> None:
        """The picture of the three measures with their intervals, then the sentences."""
        self.picture()
        plt.show()
        self.tell()

    def picture(self) -> Any:
        """Three panels: rounds a game, the first player's wins, the luck share."""
        lang = self.lang
        standard, variant = _say("standard", lang), self.variant_name
        sides = {standard: self.standard, variant: self.variant}
        _, axes = plt.subplots(1, 3, figsize=(11, 3.4))
        left, middle, right = list(axes.flat) if hasattr(axes, "flat") else [axes] * 3
        plot_intervals({_say("rounds_axis", lang): {name: side.rounds
                                                    for name, side in sides.items()}},
                       ax=left, bars=True, ylabel=_say("rounds_axis", lang),
                       title=_say("rounds_title", lang))
        plot_intervals({_say("first_axis", lang): {name: side.first_wins
                                                   for name, side in sides.items()}},
                       ax=middle, percent=True, bars=False, baseline=1 / self.players,
                       baseline_label=_say("no_edge", lang), ylabel=_say("first_axis", lang),
                       title=_say("first_title", lang))
        plot_intervals({_say("luck_axis", lang): {name: side.luck_share
                                                  for name, side in sides.items()}},
                       ax=right, percent=True, bars=True, ylabel=_say("luck_axis", lang),
                       title=_say("luck_title", lang))
        plt.tight_layout()
        return axes

    @property
    def variant_name(self) -> str:
        return rule_name(self.ruleset, self.rule, self.lang, self.options)

    @property
    def players(self) -> int:
        return self.standard.records[0].players

    def tell(self) -> None:
        """The three measures in sentences, each with its interval and what it allows."""
        lang = self.lang
        variant = self.variant_name
        print(_say("played", lang, games=self.games, game=_say(f"game_{self.ruleset}", lang),
                   bots=", ".join(_say(f"bot_{bot}", lang) for bot in self.bots),
                   variant=variant))
        verdicts = self.verdicts()
        for name, side in ((_say("standard", lang), self.standard), (variant, self.variant)):
            print(_say("length_line", lang, side=name, rounds=side.rounds.format(1),
                       turns=side.turns.format(1)))
        print(_say(f"length_{verdicts['length'].replace(' ', '_')}", lang,
                   change=self.longer.format(1)))
        for name, side in ((_say("standard", lang), self.standard), (variant, self.variant)):
            print(_say("first_line", lang, side=name, rate=side.first_wins.said(lang),
                       fair=f"{1 / self.players:.0%}"))
        print(_say(f"edge_{verdicts['edge'].replace(' ', '_')}", lang,
                   change=_points(self.edge_change)))
        for name, side in ((_say("standard", lang), self.standard), (variant, self.variant)):
            share = side.luck_share
            print(_say("luck_line", lang, side=name, games=share.n,
                       share=f"{share.value:.0%} [{share.low:.0%}, {share.high:.0%}]"))
        print(_say(f"luck_{verdicts['luck'].replace(' ', '_')}", lang,
                   change=_points(self.luck_change), least=FEW_GAMES))
        print(_say("real_study", lang))


def _side(estimate: Estimate) -> str:
    if estimate.low > 0:
        return "more"
    if estimate.high < 0:
        return "less"
    return "cannot tell"


def _points(estimate: Estimate) -> str:
    """A difference of rates in percentage points, signed ("+2 [-8, +12]"; never "-0")."""
    def signed(x: float) -> str:
        return f"{round(100 * x):+d}"
    return f"{signed(estimate.value)} [{signed(estimate.low)}, {signed(estimate.high)}]"


def _first_won(record: GameRecord) -> bool:
    """Whether the player who moved first is among the winners (the Royal Game of Ur draws no
    first player: light always throws first, the player to move at the start)."""
    first = record.first_player
    if first is None:
        first = rules_of(record.ruleset).new_state(record.players, record.seed,
                                                   **record.options).to_move
    return first in record.winners


def study(ruleset: str = "royal_ur", rule: str | None = "no-rosette-throw", *,
          options: Mapping[str, Any] | None = None, games: int | None = None,
          luck_games: int | None = None, bots: Sequence[str] | None = None,
          players: int | None = None, seed: int = SEED, workers: int | None = 1,
          executor: Any = None, lang: str = "en") -> Study:
    """Play the rule text's game and a variant on the same seeds; measure both.

    Args:
        ruleset: ``"royal_ur"`` or ``"sumeria"``.
        rule: one of `HOUSE_RULES`' names for the game, or None with `options` for your own.
        options: options of your own, added to the rule's (e.g. ``{"pieces": 6}``).
        games: games on each side (default `SETTINGS`'); luck_games: how many of them are
            replayed for the luck share (the coach is slower than the bots).
        bots: one bot spec a seat (``"greedy"``, ``"expert"``, ``"random"``).
        workers: 1 plays here (the browser-only site has no processes); None a process each
            core. executor: any `concurrent.futures` executor instead, e.g. a dask cluster's
            (`engine.simulate.local_cluster`).

    Raises:
        InvalidInput: an unknown game or house rule, a bad option, bad sizes.
    """
    if (options, games, luck_games, bots, players, seed, workers, executor, lang) == (
            None, None, None, None, None, SEED, 1, None, "en") and isinstance(rule, str):
        # The notebook's own study: played once a process, shared with the lesson's answers.
        _variant(ruleset, rule, options, lang)
        return default_study(ruleset, rule)
    return _play(ruleset, rule, options=options, games=games, luck_games=luck_games,
                 bots=bots, players=players, seed=seed, workers=workers, executor=executor,
                 lang=lang)


def _play(ruleset: str, rule: str | None, *, options: Mapping[str, Any] | None,
          games: int | None, luck_games: int | None, bots: Sequence[str] | None,
          players: int | None, seed: int, workers: int | None, executor: Any,
          lang: str, coach: bool = True) -> Study:
    """`study` itself, every game played (without the coach's replays: no luck shares)."""
    variant = _variant(ruleset, rule, options, lang)
    if not variant:
        raise InvalidInput("a study needs a house rule or options of your own to compare")
    settings = SETTINGS[ruleset]
    games = settings["games"] if games is None else games
    luck_games = settings["luck_games"] if luck_games is None else luck_games
    players = settings["players"] if players is None else players
    if bots is not None and not isinstance(bots, Sequence):
        raise InvalidInput(f"bots must be one bot name a seat, not {shown(bots)}")
    bots = bots if isinstance(bots, str) else tuple(settings["bots"] if bots is None else bots)
    # An interval needs two values at least: two games a side, two of them replayed.
    if not is_int(games) or not 2 <= games <= MAX_GAMES:
        raise InvalidInput(f"games must be a whole number from 2 to {MAX_GAMES:,}, "
                           f"not {shown(games)}")
    if not is_int(luck_games) or not 2 <= luck_games <= games:
        raise InvalidInput(f"luck_games must be a whole number from 2 to games ({games}), "
                           f"not {shown(luck_games)}")
    if not (players is not None and is_int(players)):
        raise InvalidInput(f"players must be a whole number, not {shown(players)}")
    if workers is not None and not (is_int(workers) and workers >= 1):
        raise InvalidInput(f"workers must be a whole number ≥ 1 or None, not {shown(workers)}")
    if isinstance(bots, str) or not all(isinstance(bot, str) for bot in bots):
        raise InvalidInput(f"bots must be one bot name a seat, e.g. ('greedy', 'greedy'), "
                           f"not {shown(bots)}")
    sides = []
    for options_here in ({}, variant):
        specs = specs_for(ruleset, games, players, bots, seed=seed, options=options_here)
        records = simulate(specs, executor, workers=workers, progress=False)
        sides.append(Side(tuple(records), tuple(luck_share(spec, record) for spec, record
                                               in zip(specs[:luck_games], records))
                          if coach else ()))
    return Study(ruleset, rule, variant, bots, sides[0], sides[1], lang)


@functools.cache
def default_study(ruleset: str, rule: str) -> Study:
    """The notebook's study of `rule` at the default sizes (computed once a process: the
    lesson's answers and the notebook's picture are the same games)."""
    return _play(ruleset, rule, options=None, games=None, luck_games=None, bots=None,
                 players=None, seed=SEED, workers=1, executor=None, lang="en")


@functools.cache
def default_verdicts(ruleset: str, rule: str) -> dict[str, str]:
    """`Study.verdicts` of the notebook's study of `rule`, for the lesson's answers: where
    the notebook replays too few games for the luck share to decide, its games are played
    without the coach's replays (the slow part), and the verdicts are the same."""
    luck_games = SETTINGS[ruleset]["luck_games"]
    if luck_games >= FEW_GAMES or default_study.cache_info().currsize:
        return default_study(ruleset, rule).verdicts()
    return _play(ruleset, rule, options=None, games=None, luck_games=None, bots=None,
                 players=None, seed=SEED, workers=1, executor=None, lang="en",
                 coach=False).verdicts()


def replay(spec: GameSpec) -> Any:
    """The game of `spec` as a `Game` with its moves, played again by the same bots from the
    same seeds (as `engine.simulate.play_game` plays it)."""
    rules = rules_of(spec.ruleset)
    game = rules.Game(rules.new_state(spec.players, spec.seed, **spec.options))
    seats = [make_seat_bot(bot, derive_seed(spec.seed, "seat", seat))
             for seat, bot in enumerate(spec.bots)]
    while not game.is_over:
        player = game.state.to_move
        game.play(seats[player].choose(game.state.view(player)))
    return game


def luck_share(spec: GameSpec, record: GameRecord) -> float:
    """A game's luck share (module docstring), from its replay.

    Raises:
        RuntimeError: the replay ended otherwise than the record (the bots or the rules did
            not play the same game twice).
    """
    from engine import coach

    game = replay(spec)
    if tuple(sorted(game.winners())) != record.winners or len(game.moves) != record.length:
        raise RuntimeError(f"the replay of {spec.ruleset} seed {spec.seed} is not the game "
                           "simulate played")
    split = coach.luck(game)
    drawn = sum(abs(p["luck"]) for p in split.values())
    chosen = sum(abs(p["skill"]) + abs(p["unexplained"]) for p in split.values())
    return drawn / (drawn + chosen) if drawn + chosen else 0.0


# ------------------------------------------------------------------------------- the save


def saved_game(ruleset: str = "royal_ur", rule: str | None = "no-rosette-throw", *,
               options: Mapping[str, Any] | None = None, seed: int = SEED,
               lang: str = "en") -> Any:
    """Play one game of the variant, save it, load the save back; print what the save records
    and the reloaded board's status line; return the reloaded game."""
    from sumer_widgets.games import board_class

    variant = _variant(ruleset, rule, options, lang)
    settings = SETTINGS[ruleset]
    (spec,) = specs_for(ruleset, 1, settings["players"], settings["bots"], seed=seed,
                        options=variant)
    text = replay(spec).to_json()
    rules = rules_of(ruleset)
    reloaded = rules.Game.from_json(text)
    kept = reloaded.state.options.house_rules()
    print(_say("saved", lang, chars=len(text), moves=len(reloaded.moves)))
    print(_say("saved_rules", lang, rules=", ".join(f"{k} = {v}" for k, v in kept.items()))
          if kept else _say("saved_no_rules", lang))
    board = board_class(ruleset)(reloaded, lang=lang)
    print(_say("status", lang, status=board.status))
    return reloaded
