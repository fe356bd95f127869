"""Solve the Royal Game of Ur with numpy: the pure-Python solver's method and positions, for
the games it is too slow for (5 and 7 pieces), and the tables and leaf weights that ship.

    python scripts/royal_ur_table.py --pieces 5             # solve, print the figures
    python scripts/royal_ur_table.py --pieces 3 --write     # engine/royal_ur/data/finkel-3.bin
    python scripts/royal_ur_table.py --pieces 7 --out /tmp/finkel-7.bin --fit
    python scripts/royal_ur_table.py --pieces 7 --rules finkel --tolerance 1e-7
    nice -n 10 python scripts/royal_ur_table.py --pieces 7 --cache   # the local cache

The positions, their order (the index of `engine.royal_ur.solver.Layout`: the rank of the
packed key), the layers and the order of the updates within a layer are the engine solver's
(`solver.layer_keys`, most advanced first), so the values agree with `solver.solve` to the
tolerance; the file a table is written to is `solver.Table.to_bytes`'s format (16 bits a
value). What differs is the grain: the engine updates one position (and its swapped twin)
at a time, here every position of one advance (the squares its pieces have run) is updated
at once — none of them leads to another but to its twin, whose pass is solved with it.

``--cache`` writes the table into the local cache (`engine.royal_ur.cache`: ``~/.cache/sumer``
unless ``SUMER_CACHE`` or ``XDG_CACHE_HOME`` says otherwise), with the index of prefixes that
lets the pure-Python engine find a position without listing the positions; the boards, the
expert and the coach answer from it from then on. The 7-piece game of Finkel's rules
(137,870,097 positions) took 51 minutes of one core and 7.9 GB at its peak here, and its table
is 284 MB (docs/coach.md, "The full 7-piece table").

``--fit`` fits the expert's leaf value (`engine.royal_ur.weights`) to the solved values: a
logistic model, one weight per square for each side's pieces and one per piece borne off,
by least squares on the logits of a sample of positions, and prints it with its error.

Figures printed: positions, the solve's CPU time and the process's peak memory, the sweeps,
the first player's chance of winning from the start, and the table's size at 16 bits.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.royal_ur import cache, solver
from engine.royal_ur.dice import CHANCES
from engine.royal_ur.state import Options

ROOT = Path(__file__).resolve().parent.parent
#: The positions decoded at once while the layers are worked out (bounds the memory).
CHUNK = 1 << 22


def popcount(values: np.ndarray) -> np.ndarray:
    """Bits set in each of `values` (non-negative, below 2**32)."""
    x = values.astype(np.uint32)
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


class Game:
    """The packed keys of one game's positions and how to read them (`solver.Layout`'s)."""

    def __init__(self, options: Options):
        pair = options.board_path
        if not pair.visits_once:
            raise SystemExit(f"the solver handles paths that pass each square once, not "
                             f"{pair.name!r}")
        self.options = options
        self.pair = pair
        self.pieces = options.pieces
        self.length = length = pair.length
        self.full = (1 << (length + 1)) - 1
        self.shifts = (length + 1, 2 * length + 2, 2 * length + 5)
        self.meets = np.array([(m[0] if m else 0) for m in pair.meets], dtype=np.int64)
        self.rosettes = np.array(pair.rosettes, dtype=bool)
        self.throws = [(t, float(c)) for t, c in CHANCES[options.dice]]
        squares = np.arange(1 << (length + 1), dtype=np.int64)
        self.weight = np.zeros(1 << (length + 1), dtype=np.int64)
        for s in range(1, length + 1):
            self.weight += ((squares >> s) & 1) * s
        self.keys = self._enumerate()

    def _enumerate(self) -> np.ndarray:
        length, pieces = self.length, self.pieces
        masks = np.arange(0, 1 << (length + 1), 2, dtype=np.int64)
        counts = popcount(masks).astype(np.int64)
        keep = counts <= pieces
        masks, counts = masks[keep], counts[keep]
        shared = [s for s in range(1, length + 1) if self.pair.shared[s]]
        cells_mine = np.zeros_like(masks)
        cells_theirs = np.zeros_like(masks)
        for k, s in enumerate(shared):
            cells_mine |= ((masks >> s) & 1) << k
            cells_theirs |= ((masks >> int(self.meets[s])) & 1) << k
        s_theirs, s_mine_off, s_their_off = self.shifts
        parts = []
        for mine, n_mine, cells in zip(masks.tolist(), counts.tolist(), cells_mine.tolist()):
            fits = (cells_theirs & cells) == 0
            theirs, n_theirs = masks[fits], counts[fits]
            for my_off in range(min(pieces - n_mine, pieces - 1) + 1):
                for their_off in range(pieces):
                    chosen = theirs[n_theirs <= pieces - their_off]
                    parts.append(mine | chosen << s_theirs | my_off << s_mine_off
                                 | their_off << s_their_off)
        keys = np.concatenate(parts)
        keys.sort()
        return keys

    def decode(self, keys: np.ndarray) -> tuple[np.ndarray, ...]:
        s_theirs, s_mine_off, s_their_off = self.shifts
        return (keys & self.full, (keys >> s_theirs) & self.full, (keys >> s_mine_off) & 7,
                keys >> s_their_off)

    def key(self, mine, theirs, my_off, their_off):
        s_theirs, s_mine_off, s_their_off = self.shifts
        return mine | theirs << s_theirs | my_off << s_mine_off | their_off << s_their_off

    def index(self, keys: np.ndarray) -> np.ndarray:
        found = np.searchsorted(self.keys, keys)
        if not np.array_equal(self.keys[np.minimum(found, len(self.keys) - 1)], keys):
            raise AssertionError("a successor is not a position: the enumeration is wrong")
        return found

    def layers(self) -> tuple[np.ndarray, np.ndarray]:
        """Every position's layer as one number (ordered as `solver.layer_keys`' tuples) and
        its advance (the engine's within-layer order)."""
        pair = self.pair
        last_shared = max(s for s in range(1, self.length + 1) if pair.shared[s])
        tail = sum(1 << s for s in range(last_shared + 1, self.length + 1))
        base = 8  # every count is below 8
        layer = np.empty(len(self.keys), dtype=np.int32)
        advance = np.empty(len(self.keys), dtype=np.int16)
        for start in range(0, len(self.keys), CHUNK):
            mine, theirs, my_off, their_off = self.decode(self.keys[start:start + CHUNK])
            me_class = my_off + popcount(mine & tail)
            them_class = their_off + popcount(theirs & tail)
            me = me_class * base + my_off
            them = them_class * base + their_off
            high, low = np.maximum(me, them), np.minimum(me, them)
            # (class total, off total, the larger (class, off), the smaller), as digits.
            number = ((me_class + them_class) * 16 + my_off + their_off) * base**4
            layer[start:start + CHUNK] = number + high * base**2 + low
            advance[start:start + CHUNK] = self.weight[mine] + self.weight[theirs]
        return layer, advance


class Layer:
    """One layer's positions, most advanced first, with every move's successor as an index
    into ``w`` (``w[2 i + 1]`` position i's value, ``w[2 i]`` one minus it, the last entry 1
    for a move that wins), grouped by advance."""

    def __init__(self, game: Game, members: np.ndarray, advance: np.ndarray):
        order = np.argsort(-advance[members].astype(np.int64), kind="stable")
        members = members[order]
        self.members = members
        n = len(members)
        mine, theirs, my_off, their_off = game.decode(game.keys[members])
        swapped = game.index(game.key(theirs, mine, their_off, my_off))
        # The twin's place in this layer (the same advance: the same group).
        sorter = np.argsort(members)
        self.twin = sorter[np.searchsorted(members[sorter], swapped)]
        win_code = 2 * len(game.keys)
        rows, codes = [], []
        throws = [(t, c) for t, c in game.throws if t > 0]
        self.passes = np.full(n, float(sum(c for t, c in game.throws if t == 0)))
        waiting = game.pieces - popcount(mine).astype(np.int64) - my_off
        home = game.length + 1
        for k, (throw, chance) in enumerate(throws):
            moved_any = np.zeros(n, dtype=bool)
            for source in range(0, game.length + 1):
                has = waiting > 0 if source == 0 else ((mine >> source) & 1).astype(bool)
                target = source + throw
                if target > home or not has.any():
                    continue
                rest = mine & ~(1 << source)
                if target == home:
                    sel = np.nonzero(has)[0]
                    wins = my_off[sel] + 1 == game.pieces
                    code = np.full(len(sel), win_code, dtype=np.int64)
                    go = ~wins
                    s = sel[go]
                    code[go] = 2 * game.index(game.key(theirs[s], rest[s], their_off[s],
                                                       my_off[s] + 1))
                else:
                    ok = has & (((mine >> target) & 1) == 0)
                    victim = int(game.meets[target])
                    captured = np.zeros(n, dtype=bool)
                    if victim:
                        captured = ok & (((theirs >> victim) & 1) == 1)
                        if game.options.safe_rosettes and game.rosettes[target]:
                            ok &= ~captured
                            captured[:] = False
                    sel = np.nonzero(ok)[0]
                    left = np.where(captured[sel], theirs[sel] & ~(1 << victim), theirs[sel])
                    after = rest[sel] | (1 << target)
                    again = np.full(len(sel), bool(game.rosettes[target])
                                    and game.options.rosette_throw)
                    if game.options.capture_throw:
                        again |= captured[sel]
                    successor = np.where(again,
                                         game.key(after, left, my_off[sel], their_off[sel]),
                                         game.key(left, after, their_off[sel], my_off[sel]))
                    code = 2 * game.index(successor) + again
                moved_any[sel] = True
                # 32 bits: a layer's rows and every code of the 7-piece game fit, at half
                # the memory (the largest layer holds about 120 million moves).
                rows.append((sel * len(throws) + k).astype(np.int32))
                codes.append(code.astype(np.int32))
            self.passes += np.where(moved_any, 0.0, chance)
        row = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int32)
        del rows
        code = np.concatenate(codes) if codes else np.zeros(0, dtype=np.int32)
        del codes
        by_row = np.argsort(row, kind="stable")
        row = row[by_row]
        self.codes = code[by_row]
        del by_row, code
        starts = np.flatnonzero(np.r_[True, row[1:] != row[:-1]]) if len(row) else row
        row_ids = row[starts]
        self.row_position = row_ids // len(throws)
        self.row_chance = np.array([c for _, c in throws])[row_ids % len(throws)]
        self.row_starts = starts
        self.values_at = 2 * members + 1
        # Groups of one advance: contiguous positions, rows and entries.
        adv = advance[members]
        cuts = np.flatnonzero(np.r_[True, adv[1:] != adv[:-1]])
        ends = np.r_[cuts[1:], n]
        row_cut = np.searchsorted(self.row_position, cuts)
        row_end = np.searchsorted(self.row_position, ends)
        entry_cut = np.r_[starts, len(row)][row_cut]
        entry_end = np.r_[starts, len(row)][row_end]
        self.groups = list(zip(cuts.tolist(), ends.tolist(), row_cut.tolist(),
                               row_end.tolist(), entry_cut.tolist(), entry_end.tolist()))

    def sweep(self, w: np.ndarray, groups: list[int]) -> np.ndarray:
        """One Gauss–Seidel sweep over `groups` (in order); each one's largest change."""
        changes = np.zeros(len(groups))
        for g_at, g in enumerate(groups):
            p0, p1, r0, r1, e0, e1 = self.groups[g]
            a = np.zeros(p1 - p0)
            if e1 > e0:
                best = np.maximum.reduceat(w[self.codes[e0:e1]], self.row_starts[r0:r1] - e0)
                a += np.bincount(self.row_position[r0:r1] - p0,
                                 weights=self.row_chance[r0:r1] * best, minlength=p1 - p0)
            q = self.passes[p0:p1]
            twin = self.twin[p0:p1] - p0
            new = (a + q * (1.0 - a[twin] - q[twin])) / (1.0 - q * q[twin])
            at = self.values_at[p0:p1]
            changes[g_at] = np.abs(new - w[at]).max()
            w[at] = new
            w[at - 1] = 1.0 - new
        return changes

    def iterate(self, w: np.ndarray, tolerance: float) -> int:
        """The engine's `_iterate`, by groups: sweeps of the whole layer until one moves no
        value by more than `tolerance`, with the unsettled groups swept alone between."""
        everything = list(range(len(self.groups)))
        sweeps = 0
        while True:
            changes = self.sweep(w, everything)
            sweeps += 1
            if changes.max(initial=0.0) <= tolerance:
                return sweeps
            unsettled = [g for g, c in zip(everything, changes) if c > tolerance]
            while unsettled and 2 * len(unsettled) < len(everything):
                changes = self.sweep(w, unsettled)
                unsettled = [g for g, c in zip(unsettled, changes) if c > tolerance]


def solve(options: Options, tolerance: float, log=print) -> tuple[Game, np.ndarray, dict]:
    """Solve the game of `options`: the game, every position's value, and the figures."""
    started = time.process_time()
    game = Game(options)
    count = len(game.keys)
    log(f"{count:,} positions enumerated ({time.process_time() - started:.1f} s CPU)")
    layer, advance = game.layers()
    order = np.argsort(-layer, kind="stable").astype(np.int32)
    ordered = layer[order]
    bounds = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1], True])
    del layer, ordered
    w = np.full(2 * count + 2, 0.5)
    w[-2:] = 1.0  # a winning move
    sweeps = []
    for n, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
        members = np.sort(order[lo:hi])
        part = Layer(game, members, advance)
        sweeps.append(part.iterate(w, tolerance))
        del part  # before the next layer is built: one layer's moves in memory at a time
        if hi - lo > count // 50:
            log(f"  layer {n + 1} of {len(bounds) - 1}: {hi - lo:,} positions, "
                f"{sweeps[-1]} sweeps ({time.process_time() - started:.0f} s CPU)")
    values = w[1:-2:2].copy()
    figures = {"positions": count, "seconds_cpu": time.process_time() - started,
               "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
               "layers": len(sweeps), "most_sweeps": max(sweeps),
               "table_bytes": 2 * count,
               "start_value": float(values[np.searchsorted(game.keys, 0)])}
    return game, values, figures


def to_bytes(values: np.ndarray) -> bytes:
    """`solver.Table.to_bytes`'s format: 16 bits a value, little-endian."""
    return np.rint(values * 65535).astype("<u2").tobytes()


def write_cache(game: Game, values: np.ndarray, tolerance: float) -> Path:
    """The table in the local cache's format (`engine.royal_ur.cache`): the header, the
    index of prefixes, the values at 16 bits."""
    options = game.options
    bits = cache.prefix_bits(options)
    prefixes = np.arange((1 << bits) + 1, dtype=np.int64) << (game.length + 1)
    starts = np.searchsorted(game.keys, prefixes).astype("<u4")
    start = cache.header(options, len(game.keys), tolerance)
    target = cache.path(options)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    index_at = len(start)
    values_at = -(-(index_at + starts.nbytes) // 8) * 8
    with open(partial, "wb") as out:
        out.write(start)
        starts.tofile(out)
        out.write(b"\0" * (values_at - index_at - starts.nbytes))
        for lo in range(0, len(values), CHUNK):
            np.rint(values[lo:lo + CHUNK] * 65535).astype("<u2").tofile(out)
    partial.replace(target)
    return target


def fit(game: Game, values: np.ndarray, sample: int, seed: int = 0) -> tuple:
    """The leaf weights of `engine.royal_ur.weights` fitted to `values` on a sample."""
    rng = np.random.default_rng(seed)
    chosen = rng.choice(len(values), size=min(sample, len(values)), replace=False)
    mine, theirs, my_off, their_off = game.decode(game.keys[chosen])
    length = game.length
    columns = [np.ones(len(chosen))]
    columns += [((mine >> s) & 1).astype(float) for s in range(1, length + 1)]
    columns += [((theirs >> s) & 1).astype(float) for s in range(1, length + 1)]
    columns += [my_off.astype(float), their_off.astype(float)]
    x = np.column_stack(columns)
    v = np.clip(values[chosen], 1e-4, 1 - 1e-4)
    coef, *_ = np.linalg.lstsq(x, np.log(v / (1 - v)), rcond=None)
    predicted = 1 / (1 + np.exp(-x @ coef))
    error = np.abs(predicted - values[chosen])
    rounded = [round(float(c), 4) for c in coef]
    weights = (rounded[0], (0.0, *rounded[1:length + 1]),
               (0.0, *rounded[length + 1:2 * length + 1]), rounded[-2], rounded[-1])
    return weights, float(error.mean()), float(np.quantile(error, 0.99))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pieces", type=int, default=3)
    parser.add_argument("--rules", default="finkel")
    parser.add_argument("--tolerance", type=float, default=1e-9)
    parser.add_argument("--out", type=Path, help="write the table here")
    parser.add_argument("--write", action="store_true",
                        help="write the shipped table (engine/royal_ur/data/)")
    parser.add_argument("--cache", action="store_true",
                        help="write the table into the local cache (engine.royal_ur.cache)")
    parser.add_argument("--fit", action="store_true", help="fit the expert's leaf weights")
    parser.add_argument("--sample", type=int, default=2_000_000)
    args = parser.parse_args(argv)
    options = Options(rules=args.rules, pieces=args.pieces)
    game, values, figures = solve(options, args.tolerance)
    print(f"{options.describe()}: {figures['positions']:,} positions, "
          f"{figures['seconds_cpu']:.1f} s CPU, peak memory {figures['peak_rss_mib']:,.0f} MiB, "
          f"{figures['layers']} layers (at most {figures['most_sweeps']} sweeps), "
          f"table {figures['table_bytes'] / 1e6:.2f} MB at 16 bits; first player "
          f"{figures['start_value']:.6f}")
    out = args.out
    if args.write:
        names = [name for name, spec in solver.SHIPPED.items()
                 if solver._compatible(Options(**spec), options)]
        if not names:
            print(f"no shipped table is the game of {options.describe()} "
                  f"(solver.SHIPPED)", file=sys.stderr)
            return 1
        out = solver.DATA / names[0]
        if out.suffix == ".f64":
            # The small tables ship as the engine's own solve, to the bit.
            out.write_bytes(solver.solve(**{f: getattr(options, f)
                                            for f in solver.GAME_FIELDS}).to_bytes(64))
            print(f"wrote {out}")
            out = None
    if out is not None:
        out.write_bytes(to_bytes(values))
        print(f"wrote {out}")
    if args.cache:
        print(f"wrote {write_cache(game, values, args.tolerance)}")
    if args.fit:
        weights, mean, p99 = fit(game, values, args.sample)
        print(f"fitted on {min(args.sample, len(values)):,} positions: mean error {mean:.4f}, "
              f"99th percentile {p99:.4f}")
        key = (options.pieces, options.path, options.safe_rosettes, options.dice,
               options.capture_throw)
        print(f"    {key!r}: {weights!r},")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
