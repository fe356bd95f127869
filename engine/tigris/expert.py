"""The Tigris & Euphrates expert: a player "as a decent human plays", for `bots.ExpertBot`.

`choose(view, moves, rng)` looks one decision ahead, like `GreedyBot`, but reads the position
the way a player who knows the rules does:

- **It settles what a move starts before judging it.** A move that opens a revolt or a war
  (T-REVOLT-1, T-WAR-1) is not judged on the half-finished position: the expert decides its
  own support and weighs the two outcomes (its leader stays, the loser's leader and war tiles
  go: T-REVOLT-5, T-WAR-7) by the chance that the defender can match it. That chance counts
  the defender's strength on the board (T-REVOLT-2, T-WAR-4), the tie going to the defender
  (T-REVOLT-4, T-WAR-6), and the support tiles the defender may hold: its hand is drawn from
  the tiles this player has not seen (the bag, the other hands, the tiles swapped away:
  T-HIDDEN-1, T-HIDDEN-2), so the number of the support colour in it follows a hypergeometric
  law. With English war support (R-T9) the defender must exceed. Its own follow-up decisions
  (the order of wars T-WAR-2, the treasure that stays T-TREAS-2, a monument T-MON-1, a
  building, the wonder's cube) are tried one by one.
- **As defender it knows the attacker's commitment** (T-REVOLT-3, T-WAR-5) and tries every
  amount it may commit, keeping the cheapest one that wins when winning is worth the tiles.
- **Its evaluation knows what wins**: the score is the lowest colour with treasures as wild
  points (T-SCORE-1, T-TREAS-3), ties by the next colours (T-SCORE-2); so a point is worth more
  the weaker its colour is (weights 3, 1.5, 0.7, 0.3 by rank). A leader on the board earns the
  points of its colour (T-TILE-3, T-LEADER-6) and is worth more in a weak colour, with temples
  beside it (revolt strength, T-REVOLT-2), tiles of its colour in its kingdom (war strength,
  T-WAR-4) and a monument of its colour in its kingdom (points each turn, T-MON-3). Two
  kingdoms whose leaders of one colour could be joined by one tile (a war waiting to happen)
  count for the stronger side. A catastrophe kept is worth something (T-CAT-1), so one is
  played only where it breaks more than that (an opponent's leader loses its temple, T-LEADER-7,
  or a kingdom splits, T-CAT-3). Discarding (T-DRAW-1) costs a little, so it is chosen only
  when nothing else helps.

The evaluation is the expert's standing minus the best opponent's. The others' influence is
hidden (T-HIDDEN-1): on the determinized state it is a copy of the expert's own, so what the
difference measures is what a move changes.

Limits: one decision deep (a turn's two actions are chosen one after the other; the
opponent's reply is not searched); one determinization per decision; the opponent is assumed
to defend whenever its hand allows; the variants (buildings, wonder) are played by the same
evaluation, which does not value buildings; it reads the opponents only through the board
(no model of their habits). A decision takes about 15 ms of one core on average, a few tens at
most (``python benchmarks/tigris.py --expert``).
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.tigris.moves import to_move, to_raw
from engine.tigris.scoring import final_vector
from engine.tigris.state import (
    BLACK,
    COLOURS,
    LEADER,
    MONUMENT_COLOURS,
    RED,
    REVOLT,
    TILE,
    State,
)
from engine.tigris.table import (
    M_DISCARD,
    M_SUPPORT,
    Table,
    _around,  # a mask's neighbouring cells: the rules' own geometry, not a copy of it
)

__all__ = ["choose", "evaluate", "defender_holds_less", "terms"]

#: What a point is worth by the rank of its colour, weakest first (T-SCORE-1, T-SCORE-2).
RANK_WEIGHTS = (3.0, 1.5, 0.7, 0.3)
#: A leader on the board, before its colour's need and its strength are added.
LEADER_BASE = 1.0
#: Per temple beside a leader (its revolt strength, T-REVOLT-2), counted up to 3.
TEMPLE_BONUS = 0.2
#: Per tile of its colour in a leader's kingdom (its war strength, T-WAR-4), up to 6.
STRENGTH_BONUS = 0.06
#: A leader in a kingdom with a monument of its colour (a point a turn, T-MON-3).
MONUMENT_BONUS = 1.5
#: A war one tile away: per tile of strength ahead (or behind), up to 4.
WAR_EDGE = 0.25
#: A catastrophe tile still in hand.
CATASTROPHE_KEPT = 0.9
#: A support tile committed (the hand is refilled, but red tiles are the next revolt's).
SUPPORT_COST = 0.15
#: Discarding tiles to draw others.
DISCARD_COST = 0.4
#: Own follow-up decisions looked at in depth (wars after wars, then a monument).
MAX_DEPTH = 4


class _Reader:
    """What the expert knows beyond the state: who it is and the tiles it has not seen."""

    __slots__ = ("english", "hand_sizes", "me", "unseen")

    def __init__(self, view: State, me: int):
        self.me = me
        self.unseen = [view.unseen.count(letter) for letter in COLOURS]
        self.hand_sizes = [len(h) for h in view.hands]
        self.english = view.options.war_support == "english"


def defender_holds_less(need: int, colour_unseen: int, unseen: int, hand: int) -> float:
    """The chance that a hidden hand of `hand` tiles, drawn from `unseen` tiles of which
    `colour_unseen` have the support colour, holds fewer than `need` of them (hypergeometric).
    """
    if need <= 0:
        return 0.0
    hand = min(hand, unseen)
    if unseen <= 0 or hand <= 0:
        return 1.0
    total = math.comb(unseen, hand)
    below = sum(math.comb(colour_unseen, i) * math.comb(unseen - colour_unseen, hand - i)
                for i in range(min(need, hand + 1)))
    return min(1.0, below / total)


# Evaluation ----------------------------------------------------------------------------------


def _colour_needs(influence: list[int]) -> list[float]:
    """Each colour's worth of a point: the weight of its rank, weakest first (remembered by
    the order of the colours, which is all it depends on)."""
    order = tuple(sorted(range(4), key=lambda c: (influence[c], c)))
    needs = _NEEDS.get(order)
    if needs is None:
        needs = [0.0] * 4
        for rank, colour in enumerate(order):
            needs[colour] = RANK_WEIGHTS[rank] / RANK_WEIGHTS[0]
        _NEEDS[order] = needs
    return needs


#: `_colour_needs` by the order of the colours, weakest first (24 at most); read, never changed.
_NEEDS: dict[tuple[int, ...], list[float]] = {}


def _standing(t: Table, p: int, colour_masks: list[int], needs: list[float],
              terms: dict[tuple[str, ...], float] | None = None) -> float:
    """A player's standing; with `terms`, its parts by name (see `terms`)."""
    v0, v1, v2, v3 = final_vector(t.inf[p], t.taken[p])
    w0, w1, w2, w3 = RANK_WEIGHTS
    value = w0 * v0 + w1 * v1 + w2 * v2 + w3 * v3
    if terms is not None:
        terms[("score",)] = value
    comp, cmask, lpos, tnear, monuments = t.comp, t.cmask, t.lpos, t.tnear, t.monuments
    for colour in range(4):
        cell = lpos[4 * p + colour]
        if cell < 0:
            continue
        kingdom = comp[cell]
        mask = cmask[kingdom]
        need = needs[colour]
        value += LEADER_BASE * (0.5 + need)
        value += TEMPLE_BONUS * min(tnear[cell], 3)
        value += STRENGTH_BONUS * min((mask & colour_masks[colour]).bit_count(), 6)
        if terms is not None:
            named = str(colour)
            terms[("leader", named)] = LEADER_BASE * (0.5 + need)
            terms[("temples", named)] = TEMPLE_BONUS * min(tnear[cell], 3)
            terms[("strength", named)] = STRENGTH_BONUS * min(
                (mask & colour_masks[colour]).bit_count(), 6)
        for m in _MONUMENTS_OF[colour]:
            top = monuments[m]
            if top >= 0 and comp[top] == kingdom:
                value += MONUMENT_BONUS * (0.5 + need)
                if terms is not None:
                    key = ("monument", str(colour))
                    terms[key] = terms.get(key, 0.0) + MONUMENT_BONUS * (0.5 + need)
    if terms is not None:
        terms[("catastrophes",)] = CATASTROPHE_KEPT * t.cats[p]
    return value + CATASTROPHE_KEPT * t.cats[p]


#: The monuments each colour belongs to, in monument order.
_MONUMENTS_OF = tuple(tuple(m for m, pair in enumerate(MONUMENT_COLOURS) if colour in pair)
                      for colour in range(4))


def _war_edges(t: Table, me: int, colour_masks: list[int], needs: list[float],
               terms: dict[tuple[str, ...], float] | None = None) -> float:
    """Wars one tile away (T-WAR-1): leaders of one colour, the expert's and another's, in
    kingdoms an empty cell touches both of; the stronger side (T-WAR-4) is ahead. With
    `terms`, each such war by name (``("war", colour, other player)``)."""
    comp, cmask, lpos = t.comp, t.cmask, t.lpos
    empty = t.eland | t.eriver
    value = 0.0
    for colour in range(4):
        mine = lpos[4 * me + colour]
        if mine < 0:
            continue
        own_mask = cmask[comp[mine]]
        own_near = _around(own_mask) & empty
        for p in range(t.n):
            theirs = lpos[4 * p + colour]
            if p == me or theirs < 0 or comp[theirs] == comp[mine]:
                continue
            their_mask = cmask[comp[theirs]]
            if own_near & _around(their_mask):
                edge = ((own_mask & colour_masks[colour]).bit_count()
                        - (their_mask & colour_masks[colour]).bit_count())
                value += WAR_EDGE * max(-4, min(4, edge)) * (0.5 + needs[colour])
                if terms is not None:
                    terms[("war", str(colour), str(p))] = WAR_EDGE * max(-4, min(4, edge)) * (
                        0.5 + needs[colour])
    return value


def _colour_masks(t: Table) -> list[int]:
    """The face-up tiles of each colour, as masks. Read from the table's own masks: red are
    its temples, blue its tiles on the river (only blue lies there, T-TILE-2), and only the
    other land tiles are looked at one by one, for black or green."""
    river = _river_mask(t.river)
    red = t.temples
    rest = t.fmask & ~red & ~river
    black = green = 0
    cells = t.cells
    while rest:
        low = rest & -rest
        if cells[low.bit_length() - 1] == TILE + BLACK:
            black |= low
        else:
            green |= low
        rest ^= low
    return [black, red, t.fmask & river, green]


#: Each board's river cells as a mask, by the id of its `river` (checked against it).
_RIVERS: dict[int, tuple[tuple[bool, ...], int]] = {}


def _river_mask(river: tuple[bool, ...]) -> int:
    entry = _RIVERS.get(id(river))
    if entry is None or entry[0] is not river:
        entry = _RIVERS[id(river)] = (river, sum(1 << c for c, wet in enumerate(river) if wet))
    return entry[1]


def _evaluate_table(t: Table, me: int,
                    terms: dict[tuple[str, ...], float] | None = None) -> float:
    colour_masks = _colour_masks(t)
    standings = []
    for p in range(t.n):
        needs = _colour_needs(t.inf[p])
        value = _standing(t, p, colour_masks, needs, terms if p == me else None)
        if p == me:
            value += _war_edges(t, me, colour_masks, needs, terms)
        standings.append(value)
    rival = max(v for p, v in enumerate(standings) if p != me)
    if terms is not None:
        terms[("rival",)] = -rival
    return standings[me] - rival


def evaluate(state: State, player: int) -> float:
    """The expert's evaluation of a full state for `player` (see the module docstring)."""
    return _evaluate_table(Table.load(state, log=False), player)


def terms(state: State, player: int) -> dict[tuple[str, ...], float]:
    """The named terms `evaluate(state, player)` adds up (for the coach, `engine.coach`):
    ``("score",)`` the points weighted by their colour's rank; per leader on the board (its
    colour's number) ``("leader", c)``, ``("temples", c)``, ``("strength", c)`` and
    ``("monument", c)``; ``("catastrophes",)`` kept; ``("war", c, p)`` a war one tile away
    against player `p`; ``("rival",)`` minus the best opponent's standing."""
    found: dict[tuple[str, ...], float] = {}
    _evaluate_table(Table.load(state, log=False), player, found)
    return found


# Looking ahead through a move's consequences ---------------------------------------------------


class _Fresh:
    """Fresh tables of one state, as `Table.load` gives them: loaded once, then copied (a
    search plays every move from the same position)."""

    __slots__ = ("proto",)

    def __init__(self, state: State):
        self.proto = Table.load(state, log=False)

    def __call__(self) -> Table:
        return self.proto.copy()

    def after(self, raw: tuple[Any, ...]) -> Table:
        t = self.proto.copy()
        t.play(raw)
        return t


def _after(state: State, raw: tuple[Any, ...]) -> Table:
    t = Table.load(state, log=False)
    t.play(raw)
    return t


def _settle(t: Table, reader: _Reader, depth: int) -> float:
    """The value of a table once the decisions a move started are made: the expert's own by
    trying them, a conflict's by its odds, the others' by their first option."""
    me = reader.me
    while True:
        phase = t.phase
        if phase in ("action", "over"):
            return _evaluate_table(t, me)
        if phase == "support":
            kind, colour, a_cell, d_cell, a_str, d_str, a_commit = t.conflict
            attacker = (t.cells[a_cell] - LEADER) // 4
            if a_commit < 0 and attacker == me:
                return _attack(t, reader, depth)[0]
            if a_commit >= 0 and (t.cells[d_cell] - LEADER) // 4 == me:
                return _defend(t, reader, depth)[0]
            t.play((M_SUPPORT, 0))
            continue
        options = t.choices()
        if t.to_move != me or depth >= MAX_DEPTH or len(options) == 1:
            t.play(options[0])
            continue
        fresh = _Fresh(t.freeze())
        return max(_settle(fresh.after(raw), reader, depth + 1) for raw in options)


def _attack(t: Table, reader: _Reader, depth: int,
            each: dict[int, float] | None = None) -> tuple[float, int]:
    """The expert attacks (T-REVOLT-3, T-WAR-5): the value and the support to commit (and,
    in `each`, the value of every amount it may commit: for the coach).

    Both outcomes are played out once: the win with all the support it may commit and the
    defender committing nothing; the loss with none and the defender just matching. The
    chance of the win for each amount is that the defender holds too few tiles of the support
    colour; committed tiles cost `SUPPORT_COST` each."""
    kind, colour, a_cell, d_cell, a_str, d_str, _ = t.conflict
    support = RED if kind == REVOLT else colour
    defender = (t.cells[d_cell] - LEADER) // 4
    counts = t.support_counts()
    fresh = _Fresh(t.freeze())
    most = counts[-1]

    def outcome(commit: int, answer: int) -> float:
        table = fresh()
        table.play((M_SUPPORT, commit))
        held = table.hands[defender]
        held[support] = max(held[support], answer)
        table.play((M_SUPPORT, answer))
        return _settle(table, reader, depth + 1)

    def needed(commit: int) -> int:
        """Tiles the defender must commit to win against `commit`."""
        gap = a_str + commit - d_str
        return max(0, gap + 1 if reader.english and gap >= 0 else gap)

    lose = outcome(0, needed(0))
    win = outcome(most, 0) if a_str + most > d_str else lose
    best_value, best_count = -math.inf, 0
    for commit in counts:
        if a_str + commit <= d_str:
            chance = 0.0
        else:
            chance = defender_holds_less(needed(commit), reader.unseen[support],
                                         sum(reader.unseen), reader.hand_sizes[defender])
        value = (chance * win + (1 - chance) * lose - SUPPORT_COST * commit
                 + chance * SUPPORT_COST * most)
        if each is not None:
            each[commit] = value
        if value > best_value + 1e-9:
            best_value, best_count = value, commit
    return best_value, best_count


def _defend(t: Table, reader: _Reader, depth: int,
            each: dict[int, float] | None = None) -> tuple[float, int]:
    """The expert defends, having seen the attacker's support: every amount played out (each
    one's value in `each`, when given)."""
    fresh = _Fresh(t.freeze())
    best_value, best_count = -math.inf, 0
    for commit in t.support_counts():
        table = fresh()
        table.play((M_SUPPORT, commit))
        value = _settle(table, reader, depth + 1) - SUPPORT_COST * commit
        if each is not None:
            each[commit] = value
        if value > best_value + 1e-9:
            best_value, best_count = value, commit
    return best_value, best_count


def _cost(raw: tuple[Any, ...]) -> float:
    return DISCARD_COST if raw[0] == M_DISCARD else 0.0


def choose(view: State, moves: list[Any], rng: random.Random) -> Any:
    """The expert's move among `moves` (the view's legal moves) for ``view.to_move``."""
    me = view.to_move
    reader = _Reader(view, me)
    state = view.determinize(rng)
    if state.phase == "support":
        t = Table.load(state, log=False)
        attacking = state.conflict[6] < 0
        _, count = (_attack if attacking else _defend)(t, reader, 0)
        return to_move((M_SUPPORT, count))
    best: list[Any] = []
    best_value = -math.inf
    fresh = _Fresh(state)
    for move in moves:
        raw = to_raw(move)
        value = _settle(fresh.after(raw), reader, 0) - _cost(raw)
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif value >= best_value - 1e-9:
            best.append(move)
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
