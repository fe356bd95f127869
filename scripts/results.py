"""Play the full runs behind ``notebooks/05-analysis.ipynb`` and write their result files to
``benchmarks/results/`` (the notebook only reads them: see `sumer_widgets.plots.results`).

    python scripts/results.py                       # every part at full size
    python scripts/results.py sumeria tigris        # some parts only
    python scripts/results.py ladder-tigris         # one ruleset's ladder
    python scripts/results.py ladder --scale 0.2    # a fifth of the games (n is in the file)
    python scripts/results.py --workers 4           # processes to play on (default: every core)

Parts and their files: ``sumeria`` (sumeria.json: the first player's advantage, the tie-break
option, the city-states scored), ``tigris`` (tigris.json: the variants' conflicts),
``mesopotamia`` (mesopotamia-cards.json: the cards that go with winning), ``royal_ur``
(royal_ur.json: light's head start between equal players of three strengths, and under perfect
play in the solved 3-piece game), ``lengths``
(mesopotamia-lengths.json: natural games' rounds and decisions, expert players), ``priest_kings``
(priest_kings.json: dice battles, each choice against the plain army battle by battle, and
campaigns), ``ladder`` (ladder-<ruleset>.json: each bot
against each weaker one, the bot's seat rotating). The bots' own benchmark may write the
ladders and the lengths instead, in the same format, from its stronger bots.

Measured on two shared cores (load 4 to 14): the questions' parts at full size took 28 minutes
(sumeria 4, tigris 7, priest_kings 1, lengths 7, mesopotamia 9; lengths with random players);
royal_ur 5 more (6,000 games of each of its four kinds; the expert's the slowest).
Each ladder on one process, with the expert: Tigris 36 minutes at full size (200 games a
pairing), Priest-Kings 14, Sumeria 28 at ``--scale 0.5``, Mesopotamia 42 at full size (its games
without the expert run to the round limit: the slowest per game). The files say which scale
made them.

Every file records the command that made it, the sizes and the seed; the same command gives the
same file (games depend only on their seeds, whatever the number of workers).
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import mesopotamia, sumeria
from engine.core import derive_seed
from engine.simulate import simulate, specs_for
from sumer_widgets.mesopotamia.figures import card_differences
from sumer_widgets.plots.analysis import pair_up, seat_win_rates, wilson
from sumer_widgets.plots.results import RESULTS, ladder_rate, write_result
from sumer_widgets.priest_kings.figures import battle_odds, campaign_figures
from sumer_widgets.royal_ur.figures import exact_head_start, head_start
from sumer_widgets.sumeria.figures import city_state_scoring, tiebreak_effect
from sumer_widgets.tigris.figures import conflict_figures

ROOT = Path(__file__).resolve().parent.parent
SEED = 2024
RESAMPLES = 1000
#: Games at scale 1, by part.
SIZES = {
    "sumeria": {"games per player count and option": 1500},
    "tigris": {"games per variant": 400},
    "mesopotamia": {"natural 3-player games": 60, "cap (decisions)": 40_000},
    "lengths": {"natural games per player count": 200, "cap (decisions)": 40_000},
    "priest_kings": {"battles per condition": 5000, "random campaigns": 2000,
                     "greedy campaigns": 500},
    "royal_ur": {"games per strength (7 pieces)": 6000, "perfect-play games (3 pieces)": 6000},
    "ladder": {"games per pairing": 200},
}
#: The Royal Game of Ur's strengths, each playing both sides: the expert plays the 3-piece
#: game perfectly (its table ships) and searches the 7-piece game (`engine.royal_ur.expert`).
ROYAL_UR_STRENGTHS = ("random", "greedy", "expert")
#: The ladder of each ruleset: (players, options, [(bot, opponent), ...]). Searching bots get
#: budgets a pairing of a few hundred games can afford. Mesopotamia's expert finishes its games
#: by the rule text (about 20 rounds, at most 37 in the lengths file); the other bots rarely do,
#: so its games stop after a generous 60 rounds (ranked by R-M12).
LADDERS = {
    "sumeria": (3, {}, [("greedy", "random"), ("expert", "random"), ("expert", "greedy"),
                        ("mcts:40", "random"), ("mcts:200", "greedy")]),
    "tigris": (2, {}, [("greedy", "random"), ("expert", "random"), ("expert", "greedy"),
                       ("mcts:5:h20", "random"), ("mcts:10:h20", "greedy")]),
    "mesopotamia": (2, {"max_rounds": 60}, [("greedy", "random"), ("expert", "random"),
                                            ("expert", "greedy"), ("mcts:5:h30", "random"),
                                            ("mcts:20:h30", "greedy")]),
    "priest_kings": (4, {}, [("greedy", "random"), ("expert", "random"), ("expert", "greedy"),
                             ("mcts:30", "random"), ("mcts:100", "greedy")]),
}


class Run:
    """The sizes at a scale, the processes to play on, and the command to write in each file."""

    def __init__(self, scale: float, workers: int | None, folder: Path):
        self.scale, self.workers, self.folder = scale, workers, folder

    def size(self, part: str, name: str) -> int:
        value = SIZES[part][name]
        return value if name.startswith("cap") else max(2, round(value * self.scale))

    def sizes(self, part: str) -> dict[str, int]:
        return {name: self.size(part, name) for name in SIZES[part]}

    def play(self, specs):
        return simulate(specs, workers=self.workers, progress=True)

    def header(self, part: str, question: str) -> dict:
        scale = "" if self.scale == 1 else f" --scale {self.scale:g}"
        return {"question": question, "generated_by": f"python scripts/results.py {part}{scale}",
                "sizes": self.sizes(part), "seed": SEED}


def part_sumeria(run: Run) -> None:
    games = run.size("sumeria", "games per player count and option")
    names = {cs.id: cs.name for cs in sumeria.Board.standard().city_states}
    towns, villages = {}, {}
    for players in (3, 4):
        towns[players] = run.play(specs_for("sumeria", games, players, ["random"] * players,
                                            seed=SEED, stats="ruleset"))
        villages[players] = run.play(specs_for("sumeria", games, players, ["random"] * players,
                                               seed=SEED, options={"tiebreak": "villages"},
                                               stats="ruleset"))
    seats = {}
    for players in (3, 4):
        rates, fair = seat_win_rates(towns[players])
        seats[f"{players} players"] = {"rates": rates, "fair": fair,
                                       "villages": seat_win_rates(villages[players])[0]}
    scoring = {}
    for players in (3, 4):
        figures = city_state_scoring(towns[players])
        scoring[f"{players} players"] = {key: {names[cs]: e for cs, e in figures[key].items()}
                                         for key in ("scored", "scored first")}
    write_result("sumeria", {**run.header("sumeria", "Sumeria with random players: the first "
                                          "player's advantage, the tie-break option, the "
                                          "city-states scored"),
                             "figures": {
                                 "seats": seats,
                                 "tiebreak": {f"{p} players": tiebreak_effect(towns[p],
                                                                              villages[p])
                                              for p in (3, 4)},
                                 "scoring": scoring}}, run.folder)


def part_tigris(run: Run) -> None:
    games = run.size("tigris", "games per variant")
    variants = {"standard": {}, "English war support": {"war_support": "english"},
                "advanced board": {"board": "advanced"}}
    figures = {}
    for label, options in variants.items():
        records = run.play(specs_for("tigris", games, 2, ["random", "random"], seed=SEED,
                                     options=options, stats="ruleset"))
        figures[label] = conflict_figures(records, resamples=RESAMPLES, seed=SEED)
    write_result("tigris", {**run.header("tigris", "Tigris & Euphrates with random players: "
                                         "the English war support and the advanced board"),
                            "figures": {"conflicts": figures}}, run.folder)


def part_mesopotamia(run: Run) -> None:
    sizes = run.sizes("mesopotamia")
    records = run.play(specs_for("mesopotamia", sizes["natural 3-player games"], 3,
                                 ["random"] * 3, seed=SEED, options={"max_rounds": None},
                                 max_moves=sizes["cap (decisions)"], stats="ruleset"))
    card_names = {card: name for card, (_, name, _) in mesopotamia.CARDS.items()}
    cards = {card_names.get(card, card): e for card, e in
             card_differences(records, resamples=RESAMPLES, seed=SEED).items()}
    write_result("mesopotamia-cards", {
        **run.header("mesopotamia", "Mesopotamia with random players: which cards go with "
                     "winning"),
        "figures": {"cards": cards, "games": len(records),
                    "games with one winner": sum(r.finished and len(r.winners) == 1
                                                 for r in records)}}, run.folder)


def part_royal_ur(run: Run) -> None:
    sizes = run.sizes("royal_ur")
    strengths = {}
    for bot in ROYAL_UR_STRENGTHS:
        records = run.play(specs_for("royal_ur", sizes["games per strength (7 pieces)"], 2,
                                     [bot, bot], seed=SEED, stats="ruleset:final_stats"))
        strengths[bot] = head_start(records)
    perfect = run.play(specs_for("royal_ur", sizes["perfect-play games (3 pieces)"], 2,
                                 ["expert", "expert"], seed=SEED, options={"pieces": 3},
                                 stats="ruleset:final_stats"))
    write_result("royal_ur", {
        **run.header("royal_ur", "The Royal Game of Ur (Finkel's rules): how often light, who "
                     "throws first, wins between two players of the same strength"),
        "figures": {"7 pieces": strengths,
                    "3 pieces": {"perfect play": head_start(perfect),
                                 "exact": exact_head_start(3)}}}, run.folder)


#: Who plays the natural games of ``lengths``: the expert, who finishes them as people do.
LENGTH_BOT = "expert"


def part_lengths(run: Run) -> None:
    sizes = run.sizes("lengths")
    games = []
    for players in (2, 3, 4):
        bots = [LENGTH_BOT] * players
        for r in run.play(specs_for("mesopotamia", sizes["natural games per player count"],
                                    players, bots, seed=SEED, options={"max_rounds": None},
                                    max_moves=sizes["cap (decisions)"],
                                    stats="ruleset:final_stats")):
            games.append({"players": players, "bots": list(r.bots), "seed": r.seed,
                          "rounds": r.stats["rounds"], "decisions": r.length,
                          "finished": r.finished})
    header = run.header("lengths", "Mesopotamia: how long natural games (no round limit) "
                        "between expert players last")
    write_result("mesopotamia-lengths", {
        "ruleset": "mesopotamia", **header, "bots": LENGTH_BOT, "options": {"max_rounds": None},
        "max_moves": sizes["cap (decisions)"], "games": games}, run.folder)


def defender_breaks_paired(odds: dict, battles: int, seed: int) -> list[dict]:
    """Each choice of `battle_odds` against the plain army (no reroll, no corps reorganized),
    battle by battle: whether the defender broke in battle i under each, with battle i's dice
    (`battle_odds` fights battle i of every choice with the same seed). The `Pairs` of those
    outcomes is what a paired comparison reads; its two rates are checked against `odds`, so
    they are the very battles the file's rates count."""
    from engine.priest_kings import Army, fight

    standard = Army.standard()

    def breaks(reroll: bool, corps: int) -> list[bool]:
        army = standard
        for corps_id in standard.reorganizable()[:corps]:
            army = army.reorganize(corps_id)
        return [fight(army, standard, (reroll, False),
                      random.Random(derive_seed(seed, "battle", i))).broken
                in ("defender", "both") for i in range(battles)]

    plain = breaks(False, 0)
    rows = []
    for reroll, corps in odds:
        if (reroll, corps) == (False, 0):
            continue
        pairs = pair_up(breaks(reroll, corps), plain)
        for rate, counted in ((odds[reroll, corps]["defender breaks"], pairs.first),
                              (odds[False, 0]["defender breaks"], pairs.second)):
            if rate.successes != counted.successes:
                raise RuntimeError("the paired battles are not battle_odds' battles: "
                                   f"{counted.successes} against {rate.successes} breaks")
        rows.append({"reroll": reroll, "corps": corps, "against": {"reroll": False, "corps": 0},
                     "defender breaks": pairs})
    return rows


def part_priest_kings(run: Run) -> None:
    sizes = run.sizes("priest_kings")
    odds = battle_odds(sizes["battles per condition"], seed=SEED)
    battles = [{"reroll": reroll, "corps": corps, "outcomes": rates}
               for (reroll, corps), rates in odds.items()]
    paired = defender_breaks_paired(odds, sizes["battles per condition"], SEED)
    campaigns = {}
    for label, key in (("random", "random campaigns"), ("greedy", "greedy campaigns")):
        records = run.play(specs_for("priest_kings", sizes[key], 4, [label] * 4, seed=SEED,
                                     stats="ruleset"))
        campaigns[label] = {
            "figures": campaign_figures(records, resamples=RESAMPLES, seed=SEED),
            "turns": [r.stats["turns"] for r in records],
            "reroll thrown": wilson(sum(r.stats["rerolls"] for r in records),
                                    max(1, sum(r.stats["blessed_sides"] for r in records)))}
    write_result("priest_kings", {
        **run.header("priest_kings", "Priest-Kings: the dice battles' odds, campaigns' length"),
        "figures": {"battles": battles, "paired": paired, "campaigns": campaigns}}, run.folder)


def part_ladder(run: Run, only: str | None = None) -> None:
    games = run.size("ladder", "games per pairing")
    for ruleset, (players, options, pairings) in LADDERS.items():
        if only not in (None, ruleset):
            continue
        rows = []
        for bot, opponent in pairings:
            seed = SEED
            records = run.play(specs_for(ruleset, games, players,
                                         [bot] + [opponent] * (players - 1), seed=seed,
                                         options=options))
            wins = draws = 0
            for r in records:
                seat = r.bots.index(bot)
                wins += r.winners == (seat,)
                draws += seat in r.winners and len(r.winners) > 1
            rate, ci = ladder_rate(wins, draws, games)
            rows.append({"bot": bot, "opponent": opponent, "games": games, "wins": wins,
                         "draws": draws, "win_rate": rate, "ci95": ci, "seed": seed})
        scale = "" if run.scale == 1 else f" --scale {run.scale:g}"
        part = "ladder" if only is None else f"ladder-{ruleset}"
        write_result(f"ladder-{ruleset}", {
            "ruleset": ruleset, "generated_by": f"python scripts/results.py {part}{scale}",
            "players": players, "options": options,
            "note": ("one seat plays the bot, the others its opponent, the bot's seat rotating; "
                     "a shared win counts as a draw (half a win)"),
            "pairings": rows}, run.folder)


PARTS = {"sumeria": part_sumeria, "tigris": part_tigris, "mesopotamia": part_mesopotamia,
         "royal_ur": part_royal_ur,
         "lengths": part_lengths, "priest_kings": part_priest_kings, "ladder": part_ladder,
         **{f"ladder-{name}": functools.partial(part_ladder, only=name) for name in LADDERS}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", metavar="PART",
                        help=f"some of: {', '.join(PARTS)} (default: all)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every number of games (e.g. 0.2 for a quick run)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes to play on (default: every core; 1: this process)")
    parser.add_argument("--out", type=Path, default=ROOT / RESULTS)
    args = parser.parse_args(argv)
    unknown = [p for p in args.parts if p not in PARTS]
    if unknown:
        parser.error(f"unknown part(s) {', '.join(unknown)}; known: {', '.join(PARTS)}")
    if not args.scale > 0:
        parser.error("--scale must be above 0")
    run = Run(args.scale, args.workers, args.out)
    for part in args.parts or [p for p in PARTS if not p.startswith("ladder-")]:
        started = time.monotonic()
        PARTS[part](run)
        print(f"{part}: {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
